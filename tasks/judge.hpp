// State-based judges: declarative predicates over state paths, evaluated on the initial and final
// states of an episode, and the rewards built on them.
//
// Path syntax: dot-separated keys with selectors, e.g. "apps.clock.alarms[time=07:30].enabled",
// "os.settings.global.wifi_on", "apps.clock.alarms[0].time". A selector [k=v] keeps the array
// elements whose field k equals v (compared as text); [N] indexes.
#pragma once

#include "tasks/task.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace pg {

/// The values a path selects in a state (empty if nothing matches). Throws TaskError for a
/// malformed path.
std::vector<nlohmann::json> select_path(const nlohmann::json& state, const std::string& path);

struct SubtaskResult {
  std::string name;
  bool passed = false;
  std::string detail;  ///< what was found, for reports
};

struct JudgeResult {
  std::vector<SubtaskResult> subtasks;
  bool success = false;     ///< all subtasks passed
  double progress = 0;      ///< fraction of subtasks passed, 0..1
  std::vector<std::string> side_effects;  ///< changed JSON pointers outside expected_changes
  std::string error;        ///< a judge that failed to evaluate (reported, never a silent failure)
  bool infeasible = false;  ///< the task cannot be done on this phone: abort is the right ending
  nlohmann::json to_json() const;
};

/// A judge written in C++ for what the predicate language cannot say: gets the initial and
/// final states and the subtask's "args" (slots filled); returns passed, and may explain in
/// `detail`. Throwing makes it a judge error for the task.
using CustomJudge = std::function<bool(const nlohmann::json& initial, const nlohmann::json& final_state,
                                       const nlohmann::json& args, std::string& detail)>;
/// Registers a custom judge by name; subtasks use it as {"custom": "<name>", "args": {...}}.
void register_judge(const std::string& name, CustomJudge fn);
/// Names of the registered custom judges (built in: "next_alarm", the next alarm to ring,
/// honouring repeat days, is at args.time).
std::vector<std::string> custom_judges();

/// Whether an AnswerSheet answer matches (MobileGym's typed matchers): "text" (case, spacing and
/// final punctuation ignored), "number" (by value within `tolerance`; text that is not only a
/// number, e.g. leaked reasoning, fails), "choice" and "date" (exact), "time" ("7:30 AM" ==
/// "07:30"), "set" / "sequence" (comma-separated items, any order / in order).
bool answer_matches(const std::string& match, const nlohmann::json& got, const nlohmann::json& want, double tolerance);

/// Judges an instance: each subtask on (initial, final); side effects from the RFC 6902 diff.
JudgeResult judge(const TaskInstance& inst, const nlohmann::json& initial, const nlohmann::json& final_state);

/// Episode outcome flags needed by the reward.
struct EpisodeEnd {
  bool completed = false;   ///< the agent said complete
  bool aborted = false;     ///< the agent said abort
  bool out_of_budget = false;  ///< the step budget ran out first
};

/// Progress-shaped reward with multiplicative penalties (MobileGym): progress (1 on success),
/// x0.8 if there are side effects, x0.8 for a false completion (complete without success), x0.5
/// for an abort after the goal was reached, x0.5 for overdue termination (budget exhausted).
/// `binary` gives 1 on success (and completion) else 0.
double reward(const JudgeResult& j, const EpisodeEnd& e, bool binary);

}  // namespace pg
