// Task authoring: what the browser studio (web/studio.html) does with a template that is being
// written. The same functions run natively (tests) and in the page (web/main.cpp, the task_*
// methods of window.phonegym), so the studio validates, samples and judges exactly as
// `phonegym tasks` and the trainer do.
#pragma once

#include "sim/env/env.hpp"
#include "tasks/judge.hpp"
#include "tasks/task.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <string>

namespace pg {

/// Checks a template given as JSON text (the studio's editor). Returns {"ok": true, "id",
/// "apps", "parameters": [slot names], "subtasks": N} or {"ok": false, "errors": [{"field",
/// "message", "line"?, "column"?}]}: a JSON syntax error gives its line and column (1-based); a
/// format error names the field as `phonegym tasks validate` does (`judge.subtasks[0].op`); a
/// setup patch that does not apply to `default_state`, or yields a state that fails the schema,
/// is reported on field "setup". Never throws.
nlohmann::json validate_template_text(const std::string& text, const nlohmann::json& default_state);

/// A template being authored and one sampled instance of it. The template is owned here (the
/// instance points into it), so the pair stays valid however it is moved.
struct AuthoringSession {
  std::unique_ptr<TaskTemplate> tmpl;
  TaskInstance inst;

  /// Parses `template_json` (an object) and samples the instance of `seed`; throws TaskError
  /// naming the field for a bad template or a setup patch that does not apply.
  static AuthoringSession sample(const nlohmann::json& template_json, std::uint64_t seed,
                                 const nlohmann::json& default_state);
  /// {"id", "seed", "instruction", "params": {slot: value}, "setup": [filled RFC 6902 patch],
  /// "step_budget", "expected_changes": [filled pointers], "subtasks": [names]}.
  nlohmann::json describe() const;
  /// The judge's verdict on `final_state` against the instance's initial state (JudgeResult).
  JudgeResult judge_state(const nlohmann::json& final_state) const;
};

/// Whether a solution solves an instance: from the instance's initial state on a fresh Env, runs
/// `actions` (a JSON array of unified actions, docs/actions.md) or, when `actions` is null, the
/// template's oracle, within the step budget; then judges. Returns {"success", "verdict"
/// (JudgeResult::to_json), "steps": [{"action", "info"}], "solved_before_any_action",
/// "over_budget", "side_effects": bool, "error"?: the first failing step (a rejected action is
/// recorded in its step and does not stop the run; an oracle step whose widget is missing does)}.
/// Throws TaskError only for a bad template.
nlohmann::json check_solution(const nlohmann::json& template_json, std::uint64_t seed, const nlohmann::json& actions,
                              const nlohmann::json& default_state);

}  // namespace pg
