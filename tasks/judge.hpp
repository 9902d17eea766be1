// State-based judges: declarative predicates over state paths, evaluated on the initial and final
// states of an episode, and the rewards built on them. docs/tasks.md, "Judges", is the reference.
//
// Path syntax: dot-separated keys with selectors, e.g. "apps.clock.alarms[time=07:30].enabled",
// "apps.contacts.people[first+last=Ada Lovelace].phones", "view.notes.notes[title~=plumber]",
// "apps.messages.threads[sort=-updated][first]". A selector acts on a collection (an array, or an
// object's values: a keyed overlay): [k=v] / [k!=v] / [k~=v] (contains, case and space ignored) /
// [k:TYPE=v] (typed: text, number, phone, time, date) keep members, "a|b" any of the values,
// "a+b" a display name from two fields; [N], [-N], [first], [last] index; [sort=k] / [sort=-k]
// order; [*] every member. "view.<app>.<collection>" is the app's world data with its overlay.
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
/// Where those values are: RFC 6901 pointers into the state, in the same order (a world view's
/// entity is addressed by its overlay entry, /apps/<app>/<collection>/<id>, which may not exist).
std::vector<std::string> select_pointers(const nlohmann::json& state, const std::string& path);

/// Checks one predicate of the judge language (recursively through any / all); throws TaskError
/// "<field>.<part>: <reason>" for an unknown op or type, a missing value or a malformed path.
void check_subtask(const nlohmann::json& subtask, const std::string& field);

/// Typed comparison of two values (a predicate's or a filter's "as"): "text" (case, spacing and
/// final punctuation ignored), "number" (numbers or numeric strings), "phone" (digits only; the
/// last 10 when longer, so a country code is optional), "time" ("7:30 PM" == "19:30"; epoch
/// milliseconds read in the phone's zone, os.timezone_offset_min of `state`), "date"
/// ("YYYY-MM-DD..."; epoch milliseconds likewise). False when either is not of the type.
bool typed_equal(const std::string& as, const nlohmann::json& got, const nlohmann::json& want, const nlohmann::json& state);
/// -1, 0 or 1 as `got` is below, equal to or above `want` read as `as` ("" = number); 2 when
/// either is not of the type (every ordered predicate then fails).
int typed_order(const std::string& as, const nlohmann::json& got, const nlohmann::json& want, const nlohmann::json& state);
bool typed_compare_known(const std::string& as);
std::string typed_compare_names();  ///< "text, number, phone, time, date"

/// Lower case, inner white space collapsed, surrounding space and final '.'/'!' dropped.
std::string normalize_text(const std::string& s);
/// Minutes after midnight of "07:30", "7:30", "7:30 AM", "7:30pm", "19:30"; -1 if not a time.
int parse_time_answer(std::string s);
/// A JSON number, or a string that is only a number ("2.5"; "3 because ..." is not).
bool number_of(const nlohmann::json& v, double& out);

struct SubtaskResult {
  std::string name;
  bool passed = false;
  /// The subtask already held on the initial state (e.g. "the alarm list is unchanged", a field
  /// already at its target): not the episode's doing, so it is not progress.
  bool held_initially = false;
  std::string detail;  ///< what was found, for reports
};

struct JudgeResult {
  std::vector<SubtaskResult> subtasks;
  bool success = false;     ///< all subtasks passed
  /// Fraction of the subtasks that did not hold on the initial state and pass now, 0..1 (1 on
  /// success). Subtasks that held from the start do not count: otherwise an episode that does
  /// nothing and stops at once earns their share, and GRPO learns to abort every task.
  double progress = 0;
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

/// Whether JSON pointer `p` is `prefix` or lies below it ("/a/b" is within "/a", "/ab" is not).
bool pointer_within(const std::string& p, const std::string& prefix);

/// Whether a changed JSON pointer is how the phone is being used rather than an effect on it: the
/// OS's navigation and transient UI (/os/tasks, /os/foreground, /os/keyboard, /os/toast,
/// /os/time_ms, /os/episode, /os/launcher, /os/dialog, /os/recents, /os/shade) and each app's
/// "ui_state" keys (its manifest: the open item, the tab, drafts, id counters). Never a side
/// effect, never an expected change to mutate.
bool navigation_change(const std::string& pointer);

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
/// for an abort of a feasible task (before or after its goal was reached), x0.5 for overdue
/// termination (budget exhausted).
/// `binary` gives 1 on success (and completion) else 0.
double reward(const JudgeResult& j, const EpisodeEnd& e, bool binary);

}  // namespace pg
