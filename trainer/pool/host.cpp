#include "trainer/pool/host.hpp"

namespace pg {

std::vector<BatchResult> Host::step_batch_one_by_one(const std::vector<BatchOp>& ops, const ObsSpec* spec) {
  std::vector<BatchResult> out;
  out.reserve(ops.size());
  for (const BatchOp& op : ops) {
    BatchResult r;
    r.slot = op.slot;
    try {
      if (op.action) r.info = step(op.slot, *op.action);
      if (spec) r.obs = observe(op.slot, *spec);
    } catch (const ActionError& e) {
      r.error = e.what();
      r.error_type = "action";
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<std::string> Host::outcomes(int slot, const std::vector<Action>& actions) {
  // The outcome logic lives here only; the hosts' what_if() just forks, steps, hashes and closes.
  // The clock is put back after each action: a tap and an open_app that open the same app differ
  // only in how long the gesture took. Equal outcome = equal state and equal UI tree.
  static const std::vector<std::string> kRestore{"/os/time_ms"};
  const std::vector<WhatIf> raw = what_if(slot, actions, kRestore);
  if (raw.size() != actions.size())
    throw HostError("outcomes(slot " + std::to_string(slot) + "): what_if gave " + std::to_string(raw.size()) +
                    " results for " + std::to_string(actions.size()) + " actions");
  std::vector<std::string> keys;
  keys.reserve(raw.size());
  for (const WhatIf& w : raw) keys.push_back(w.ok() ? fnv1a64_hex(w.state_hash + "\n" + w.ui_hash) : std::string());
  return keys;
}

}  // namespace pg
