#include "trainer/pool/host.hpp"

#include "sim/render/codec.hpp"
#include "sim/util/hash.hpp"

#include <cstdint>
#include <cstdio>
#include <stdexcept>

namespace pg {

HostObservation Host::observe(int slot, const ObsSpec& spec) {
  HostObservation o;
  o.spec = spec;
  const bool full = spec.factor() == 1;
  Image img = spec.som ? screenshot_som(slot, full) : screenshot(slot, full);
  if (!full) {
    // The 270x600 screenshot is already box_downscale(full, 4); other sizes come from the full frame.
    if (spec.width != kObsWidth || spec.height != kObsHeight)
      img = box_downscale(spec.som ? screenshot_som(slot, true) : screenshot(slot, true), spec.factor());
  }
  if (spec.format == ObsSpec::Format::Raw) o.image = std::move(img);
  else o.encoded = encode_image(img, spec.format, spec.quality);
  if (spec.ui_xml) o.ui_xml = ui_xml(slot);
  return o;
}

std::vector<BatchResult> Host::step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec) {
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
    }
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<std::string> Host::outcomes(int slot, const std::vector<Action>& actions) {
  std::vector<std::string> out;
  out.reserve(actions.size());
  // The clock is put back after each action: a tap and an open_app that open the same app differ
  // only in how long the gesture took.
  const nlohmann::json clock{{"os", {{"time_ms", state(slot).at("os").at("time_ms")}}}};
  for (const Action& a : actions) {
    const int s = fork(slot);
    std::string key;
    try {
      step(s, a);
      patch_state(s, clock);
      key = outcome_key(state(s).dump(), ui_tree(s).dump());  // as the page computes it
    } catch (const ActionError&) {
    }
    close(s);
    out.push_back(std::move(key));
  }
  return out;
}

}  // namespace pg
