// Validation v2 of task templates (`phonegym tasks validate`): beyond parsing, each template is
// sampled on many seeds, its oracle is run natively through the episode env on each, every oracle
// prefix is judged (a partial solution must not pass), and a judge mutation test perturbs each
// field the judge reads in the oracle's solved state (and reverts each expected change): the judge
// must then fail. docs/tasks.md, "Validation", is the reference.
#pragma once

#include "tasks/task.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace pg {

struct ValidateOptions {
  int seeds = 10;          ///< instances whose oracle is run (seeds 0..seeds-1)
  int probe = 200;         ///< seeds sampled to count distinct instances
  int min_distinct = 10;   ///< fewer distinct instances is a problem unless waived
  bool mutations = true;   ///< run the judge mutation test
};

/// What validation found for one template. A problem or an unwaived surviving mutation fails it.
struct TemplateCheck {
  std::string id, file;
  int oracle_runs = 0;     ///< oracle episodes run (one per seed)
  int distinct = 0;        ///< distinct instances (parameter values) over `probe` seeds
  int mutants = 0;         ///< mutations tried
  std::vector<std::string> problems;   ///< each names the seed and what went wrong
  std::vector<std::string> survivors;  ///< "<where>: <mutation>" the judge did not notice (unwaived)
  std::vector<std::string> waived;     ///< survivors and problems a template waiver accepts
  bool ok() const { return problems.empty() && survivors.empty(); }
  nlohmann::json to_json() const;
};

/// Validates one template against the phone's fresh state `defaults`. Never throws for a bad
/// template: everything wrong is reported in the result. A template's optional "waivers" object
/// accepts known survivors with a reason: {"mutations": {"<where>": "why"}, "distinct_instances":
/// "why fewer than 10"}, where <where> is "judge.subtasks[N]" or "expected_changes[N]".
TemplateCheck validate_template(const TaskTemplate& t, const nlohmann::json& defaults, const ValidateOptions& opts = {});

/// The apps a template's own text says it touches that are not installed or not in its "apps"
/// (judge paths apps.<id> / view.<id>, oracle open_app and goto); "" when consistent.
std::string apps_field_problem(const TaskTemplate& t);

}  // namespace pg
