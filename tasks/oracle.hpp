// The scripted oracle: each template's "oracle" steps, executed through actions only. Targets are
// found by widget id in the current accessibility nodes (ui_tree), never by fixed coordinates.
#pragma once

#include "sim/input/action.hpp"
#include "tasks/task.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>

namespace pg {

/// Checks the shape of oracle (or nav.json "example") steps, without running them: each step is
/// an action in the JSON of docs/actions.md (sim/input/action.hpp: parse_action, {slots} allowed
/// in strings; a `target` widget id instead of a point), or one of two macros: {"scroll_to":
/// "<widget id>"} or {"goto": "<app>.<page>"}. Throws TaskError("<where>[3]: ...") naming the
/// step, e.g. for an old-style {"tap": id} step (tools/migrate_oracle.py converts those).
void check_oracle_steps(const nlohmann::json& steps, const std::string& where);

/// Runs the steps above. An action step is stepped as written, with a `target` resolved to its
/// widget's centre on the current screen (resolve_target, as the sim does); the macros expand into
/// actions: {"scroll_to": id} swipes up (500,700 -> 500,400) until the widget is on screen (at most
/// 20 swipes); {"goto": "<app>.<page>"} opens the app (fresh: it must not be open already) and taps
/// along nav.json's shortest path from its entry, each transition's `via` widget (scrolling to it
/// first). Every string may contain {slots}.
class OracleAgent {
 public:
  explicit OracleAgent(const TaskInstance& inst);
  /// The next action for the current screen (`ui_tree` as Env::ui_tree returns it), with any target
  /// already resolved to a point, or nullopt when the script is done. Throws
  /// TaskError("oracle <task>: step 3: action click: no widget \"x\" on screen").
  ///
  /// On a perturbed phone (os.perturb in the instance's initial state, sim/os/perturb.hpp) it
  /// also recovers as a careful user would, from the screen alone: it waits out a loading
  /// screen, dismisses a pop-up ("Not now", "Don't allow"), hides a keyboard no field asked for
  /// (Back) and swipes a heads-up banner away;
  /// after a tap whose effect does not show it waits (a delayed input lands) and then repeats
  /// the tap (a dropped one), at most 3 times (then it goes on: the tap changed nothing visible);
  /// taps on a focused or selected node are not checked; and scroll_to drags instead of flinging, so a
  /// repeated delivery cannot skip past the widget (when os.perturb repeats swipes).
  std::optional<Action> next(const nlohmann::json& ui_tree);
  std::size_t steps_done() const { return pc_; }
  /// Whether the instance runs on a perturbed phone (os.perturb in its initial state).
  bool perturbed() const { return perturbed_; }

 private:
  const TaskInstance& inst_;
  nlohmann::json steps_;  // the template's steps with every "goto" expanded
  std::size_t pc_ = 0;
  int scroll_tries_ = 0;
  bool perturbed_ = false;
  bool drag_ = false;  // scroll_to drags (1x) instead of flinging: swipes may be repeated
  // The touch whose effect is being checked (perturbed phones only), the screen before it, and
  // the recovery so far.
  std::optional<Action> checking_;
  bool check_scroll_ = false;  // checking a scroll_to drag: wait once if nothing moved, never repeat it
  std::string before_, toast_before_;
  std::string expect_;  // the widget the next step taps, when the checked tap should bring it
  bool waited_ = false;
  int retries_ = 0;
  std::optional<Action> recover(const nlohmann::json& ui_tree, const std::string& signature);
  std::optional<Action> script_step(const nlohmann::json& ui_tree);
};

/// Centre of a node's bounds in normalized 0..1000 coordinates.
std::pair<int, int> node_center(const nlohmann::json& node, int width, int height);

}  // namespace pg
