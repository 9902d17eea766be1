#include "sim/env/slots.hpp"
#include "sim/util/hash.hpp"

#include "sim/os/phone.hpp"

#include <cstdio>

namespace pg {

using json = nlohmann::json;

const char* error_type(const std::exception& e) noexcept {
  if (dynamic_cast<const ActionError*>(&e)) return "action";
  if (dynamic_cast<const StateError*>(&e)) return "state";
  if (dynamic_cast<const SlotError*>(&e)) return "slot";
  if (dynamic_cast<const std::invalid_argument*>(&e)) return "argument";
  return "internal";
}

std::string fnv1a64_hex(std::string_view bytes) { return hex16(fnv1a64(bytes)); }

json WhatIf::to_json() const {
  if (!ok()) return {{"error", error}, {"error_type", "action"}};
  return {{"state", state_hash}, {"ui", ui_hash}};
}

WhatIf WhatIf::from_json(const json& j) {
  WhatIf w;
  if (!j.is_object()) throw std::invalid_argument("what_if result: expected an object, got " + j.dump());
  if (auto e = j.find("error"); e != j.end()) {
    w.error = e->is_string() ? e->get<std::string>() : e->dump();
    if (w.error.empty()) w.error = "rejected";
    return w;
  }
  if (!j.contains("state") || !j["state"].is_string() || !j.contains("ui") || !j["ui"].is_string())
    throw std::invalid_argument("what_if result: expected string \"state\" and \"ui\" hashes, got " + j.dump());
  w.state_hash = j["state"].get<std::string>();
  w.ui_hash = j["ui"].get<std::string>();
  return w;
}

WhatIf what_if(const Env& env, const Action& a, const std::vector<std::string>& restore) {
  WhatIf w;
  std::unique_ptr<Env> f = env.fork();
  try {
    f->step(a);
  } catch (const ActionError& e) {
    w.error = e.what();
    return w;
  }
  if (!restore.empty()) {
    json s = f->state();
    for (const std::string& p : restore) {
      const json::json_pointer ptr(p);
      if (env.state().contains(ptr)) s[ptr] = env.state().at(ptr);
    }
    f->set_state(s);
  }
  w.state_hash = fnv1a64_hex(f->state().dump());
  w.ui_hash = fnv1a64_hex(f->ui_tree().dump());
  return w;
}

int EnvSlots::create() {
  envs_[next_] = std::make_unique<Env>();
  return next_++;
}

int EnvSlots::fork(int slot) {
  auto copy = at(slot).fork();
  envs_[next_] = std::move(copy);
  return next_++;
}

void EnvSlots::close(int slot) {
  at(slot);
  envs_.erase(slot);
}

Env& EnvSlots::at(int slot) {
  auto it = envs_.find(slot);
  if (it == envs_.end()) throw SlotError("unknown env slot " + std::to_string(slot));
  return *it->second;
}

std::vector<int> EnvSlots::ids() const {
  std::vector<int> out;
  for (const auto& [id, e] : envs_) out.push_back(id);
  return out;
}

std::vector<WhatIf> EnvSlots::what_if(int slot, const std::vector<Action>& actions,
                                      const std::vector<std::string>& restore) {
  const Env& env = at(slot);
  std::vector<WhatIf> out;
  out.reserve(actions.size());
  for (const Action& a : actions) out.push_back(pg::what_if(env, a, restore));
  return out;
}

}  // namespace pg
