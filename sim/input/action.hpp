// The unified action set shared by every backend (simulated phone, Chromium host, real device).
// Coordinates are normalized to [0, 1000] on both axes, origin top-left (ARCHITECTURE.md, "Actions").
#pragma once

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <string_view>

namespace pg {

/// Every action type of the design. `to_string`/`action_type_from_string` map to the JSON names
/// ("click", "double_tap", "long_press", "type", "swipe", "drag", "back", "home", "recent",
/// "enter", "wait", "open_app", "answer", "complete", "abort", "info", "noop").
enum class ActionType {
  Click, DoubleTap, LongPress, Type, Swipe, Drag, Back, Home, Recent, Enter, Wait,
  OpenApp, Answer, Complete, Abort, Info, Noop
};

/// Thrown for an action that cannot be parsed or is out of range; what() names the field.
struct ActionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One agent action. Unused fields keep their defaults.
struct Action {
  ActionType type = ActionType::Noop;
  int x = -1, y = -1;                      ///< click/double_tap/long_press/type point, 0..1000 (-1: none)
  /// click/double_tap/long_press/type: a widget id instead of the point (then x = y = -1). The
  /// sim resolves it when the action is stepped (resolve_target): the centre (or `at`) of the
  /// first node of the current accessibility tree with that id.
  std::string target;
  /// With a target: where in the widget, as fractions of its bounds' width and height (0..1;
  /// default the centre). On a slider (SeekBar) `at_x` counts along its track (the node reaches
  /// a quarter of its height past each end), so it is the fraction of the range a tap there sets,
  /// on every screen size.
  double at_x = 0.5, at_y = 0.5;
  int x1 = -1, y1 = -1, x2 = -1, y2 = -1;  ///< swipe/drag start and end, 0..1000
  std::string text;                        ///< type/answer/complete/abort/info text
  std::string app;                         ///< open_app: app id or display name
  bool clear = false;                      ///< type: clear the field before typing
  double seconds = 0;                      ///< wait: virtual seconds, 0..60

  bool operator==(const Action& o) const;
};

const char* to_string(ActionType t);
/// Throws ActionError("unknown action type \"x\"; expected one of click, ...").
ActionType action_type_from_string(std::string_view s);

/// Parses the JSON form, e.g. {"type":"click","x":500,"y":120}, {"type":"click","target":"settings.wifi.switch"}
/// or {"type":"type","text":"07:30"}. Checks required fields, types and ranges (coordinates 0..1000,
/// wait 0..60 s; a point or a target, not both); throws ActionError.
Action parse_action(const nlohmann::json& j);
/// Same, from JSON text; malformed JSON is an ActionError too.
Action parse_action(std::string_view json_text);
/// The JSON form of an action (only the fields its type uses); parse_action(to_json(a)) == a.
nlohmann::json to_json(const Action& a);

/// Whether `t` takes a point (and so may name a `target` instead): click, double_tap, long_press, type.
bool takes_point(ActionType t);
/// `a` with its `target` replaced by the centre of that widget (or the place `at_x`, `at_y` in
/// it), in 0..1000: the first node of
/// `ui_tree` ({"width", "height", "nodes": [{"id", "bounds": [l,t,r,b] px}, ...]}, Env::ui_tree())
/// whose id is `a.target`. An action without a target is returned unchanged. Throws ActionError
/// ("action click: no widget \"x\" on screen") for an id the screen does not show.
Action resolve_target(const Action& a, const nlohmann::json& ui_tree);

}  // namespace pg
