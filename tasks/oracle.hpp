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

/// Steps: {"tap": "<widget id>"}, {"long_press": id}, {"type": "<text>"}, {"open_app": id},
/// {"back": true}, {"home": true}, {"enter": true}, {"scroll_to": id} (swipes until id is visible),
/// {"complete": true}, {"answer": "<text>"}, {"abort": reason}, {"swipe": [x1,y1,x2,y2]},
/// {"wait": seconds}, and {"goto": "<app>.<page>"}: open the app (fresh: it must not be open
/// already) and tap along nav.json's shortest path from its entry, each transition's `via`
/// widget. Every string may contain {slots}.
class OracleAgent {
 public:
  explicit OracleAgent(const TaskInstance& inst);
  /// The next action for the current screen (`ui_tree` as Env::ui_tree returns it), or nullopt when
  /// the script is done. Throws TaskError("oracle <task>: step 3: no widget \"x\" on screen").
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
