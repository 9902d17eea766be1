// The Env API every host exposes (ARCHITECTURE.md, "Hosts"): reset, step, state, set_state, fork,
// ui_tree. The browser host adds screenshot() through its WebGL renderer (web/main.cpp).
#pragma once

#include "sim/input/action.hpp"
#include "sim/os/phone.hpp"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>
#include <string>

namespace pg {

class Env {
 public:
  Env() = default;

  /// Back to the default state (null) or to the given full state; throws StateError naming the
  /// bad path, leaving the env unchanged.
  void reset(const nlohmann::json& state = nullptr);
  /// Applies one action; returns {"ok": true, "info": {"changed", "target"?, "note"?, "point"?}}.
  /// An action naming a `target` widget is resolved against the current accessibility nodes first
  /// (resolve_target; "point": [x, y] in 0..1000 says where it tapped). Throws ActionError for an
  /// action the phone cannot take (open_app of an unknown app, a target not on screen); the state
  /// is unchanged then.
  nlohmann::json step(const Action& a);
  /// The full state {"os": ..., "apps": ...}: a snapshot (about 18 KB of JSON), built on each call
  /// (Phone::state); hold it in a variable rather than calling it per field.
  nlohmann::json state() const { return phone_.state(); }
  /// Same as reset(state) but the argument is required.
  void set_state(const nlohmann::json& s) { phone_.set_state(s); }
  /// Applies an RFC 6902 JSON Patch to the full state (sim/state/patch.hpp: apply_state_patch), e.g.
  /// [{"op": "replace", "path": "/os/battery/level", "value": 20}], then validates it. Throws
  /// StateError naming the operation or the path, leaving the env unchanged, for a patch that is
  /// not an array of operations, an operation that does not apply, or a result that does not fit
  /// the schema.
  void apply_patch(const nlohmann::json& patch);
  /// An independent copy: the same state gives the same future states and pixels.
  std::unique_ptr<Env> fork() const { return std::make_unique<Env>(*this); }
  /// The accessibility nodes: {"width": 1080, "height": 2400, "nodes": [{id, class, text, desc,
  /// bounds [l,t,r,b] px, clickable, ...}]}.
  nlohmann::json ui_tree();
  /// The current screen as `uiautomator dump` XML (sim/ui/a11y.hpp: ui_xml), app nodes under the
  /// foreground app's manifest "package" (the launcher's package on the home screen).
  std::string ui_xml();
  /// The set-of-marks of the current screen: [{"mark", "id", "class", "text", "desc",
  /// "bounds": [l,t,r,b] px, "x", "y" (centre, 0..1000)}], numbered 1..N in reading order.
  nlohmann::json marks();
  /// The package of the foreground app (manifest "package"), or the launcher's.
  std::string foreground_package() const;

  /// Layout problems of the current screen (sim/ui/lint.hpp): overlapping or overflowing text,
  /// tap targets under 48 dp. Empty when clean.
  std::vector<std::string> lint();

  Phone& phone() { return phone_; }

 private:
  Phone phone_;
};

}  // namespace pg
