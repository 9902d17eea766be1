// `phonegym eval`: run an agent over a selection of templates through the episode runner
// (trainer/agents/runner.hpp) and write results.json and trajectories.jsonl. `tasks calibrate`
// runs its agents through the same function.
#pragma once

#include "tasks/task.hpp"
#include "tools/agents_cli.hpp"
#include "trainer/eval/agent.hpp"
#include "trainer/pool/host.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace pg {

struct EvalArgs {
  std::string agent = "oracle", split = "all", out = "runs/eval", host = "chromium";
  std::vector<std::string> tasks;  ///< --task: only these template ids (any split)
  std::vector<std::string> apps;   ///< --app: only templates touching one of these apps
  int instances = 3, attempts = 1;
  std::uint64_t seed = 0;
  int max_steps = 0;
  bool report = false;
  bool table = true;  ///< print the per-template table at the end
  /// --perturb: every episode under this perturbation spec (sim/os/perturb.hpp: a condition or
  /// kind=rate pairs); "" is nominal.
  std::string perturb;
  /// --robustness: every instance under each of `conditions` (all named ones when empty), with
  /// the report in results.json ("robustness") and results.html (trainer/eval/robustness.hpp).
  bool robustness = false;
  std::vector<std::string> conditions;
  OpenAIAgentArgs oa;  ///< --agent openai:... (and --concurrency for every agent)
  bool format_given = false;
};

/// Hosts: "chromium", "native" or "remote:URL[,URL...]"; $PHONEGYM_BROWSERS local browsers (default 1),
/// $PHONEGYM_SERVE_ADDRESS / $PHONEGYM_PAGE_URL for remote browsers, $PHONEGYM_INPUT=events for the
/// input-event fidelity path (docs/host-api.md). Prints progress for a browser host.
std::unique_ptr<Host> open_host(const std::string& kind, int tabs);

/// tasks/splits next to the templates directory.
std::string splits_dir();

/// The agents `eval` runs: "oracle", "random", "checkpoint:PATH" or "openai:<base_url>#<model>"
/// (docs/agents.md); openai agents share `client`. Throws std::invalid_argument naming the spec and
/// the accepted forms for anything else.
std::function<std::unique_ptr<Agent>()> eval_agent_factory(const std::string& spec, OpenAIAgentArgs& oa, bool format_given,
                                                           std::shared_ptr<ChatClient>& client);

/// The templates an evaluation runs: the ids in `tasks` (any split) or else the split's evaluation
/// selector, then only those touching one of `apps` when given. Throws std::invalid_argument for an
/// app that is not installed, and when nothing is left ("no templates selected: split ..., app ...").
std::vector<const TaskTemplate*> select_eval_templates(const TaskSet& set, const SplitSpec& split,
                                                       const std::vector<std::string>& tasks,
                                                       const std::vector<std::string>& apps);

/// Runs `phonegym eval`: writes <out>/results.json and <out>/trajectories.jsonl (and results.html
/// with `report`), prints progress and the summary. Returns 0, or 2 when the agent failed for good
/// (partial results written). Throws for bad arguments before any episode runs.
int cmd_eval(EvalArgs& a);

}  // namespace pg
