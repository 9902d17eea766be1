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
  std::optional<Action> next(const nlohmann::json& ui_tree);
  std::size_t steps_done() const { return pc_; }

 private:
  const TaskInstance& inst_;
  nlohmann::json steps_;  // the template's steps with every "goto" expanded
  std::size_t pc_ = 0;
  int scroll_tries_ = 0;
};

/// Centre of a node's bounds in normalized 0..1000 coordinates.
std::pair<int, int> node_center(const nlohmann::json& node, int width, int height);

}  // namespace pg
