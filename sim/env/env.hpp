// The Env API every host exposes (ARCHITECTURE.md, "Hosts"): reset, step, state, set_state, fork,
// ui_tree. The browser host adds screenshot() through its WebGL renderer (web/main.cpp).
#pragma once

#include "sim/input/action.hpp"
#include "sim/os/phone.hpp"

#include <nlohmann/json.hpp>

#include <memory>

namespace pg {

class Env {
 public:
  Env() = default;

  /// Back to the default state (null) or to the given full state; throws StateError naming the
  /// bad path, leaving the env unchanged.
  void reset(const nlohmann::json& state = nullptr);
  /// Applies one action; returns {"ok": true, "info": {"changed", "target"?, "note"?}}.
  /// Throws ActionError for an action the phone cannot take (e.g. open_app of an unknown app);
  /// the state is unchanged then.
  nlohmann::json step(const Action& a);
  /// The full state {"os": ..., "apps": ...} (a snapshot: kilobytes).
  const nlohmann::json& state() const { return phone_.state(); }
  /// Same as reset(state) but the argument is required.
  void set_state(const nlohmann::json& s) { phone_.set_state(s); }
  /// An independent copy: the same state gives the same future states and pixels.
  std::unique_ptr<Env> fork() const { return std::make_unique<Env>(*this); }
  /// The accessibility nodes: {"width": 1080, "height": 2400, "nodes": [{id, class, text, desc,
  /// bounds [l,t,r,b] px, clickable, ...}]}.
  nlohmann::json ui_tree();

  Phone& phone() { return phone_; }

 private:
  Phone phone_;
};

}  // namespace pg
