// The GRPO training loop (`phonegym train`) and the checkpoint agent (`phonegym eval --agent
// checkpoint:PATH`). Per iteration: sample B task instances, fork K identical envs per instance,
// roll out all B*K episodes step-synchronously with batched policy inference, judge each, compute
// group-normalized advantages, and run the clipped-surrogate update (GRPO, Shao et al. 2024).
#pragma once

#include "trainer/eval/agent.hpp"
#include "trainer/pool/host.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

namespace pg {

/// A config key or value that is not allowed; what() names the key and the allowed values.
struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Everything `phonegym train` reads from --config (JSON) and flags. Defaults are the embedded
/// defaults of the main job.
struct TrainConfig {
  int iterations = 10;          ///< GRPO iterations
  int groups = 4;               ///< B: task instances per iteration
  int group_size = 4;           ///< K: rollouts per instance, forked from one reset env
  int max_steps = 8;            ///< per-episode cap (min with the template's step budget)
  std::string split = "train";  ///< templates to train on
  std::uint64_t seed = 0;
  double lr = 1e-4;
  int epochs = 2;               ///< update passes per iteration
  int minibatch = 64;
  double clip_low = 0.2, clip_high = 0.28;
  double kl_coef = 0.05;         ///< k3 KL to the warm-start policy (keeps GRPO near it)
  bool scale_by_std = true;     ///< GRPO's std normalization of advantages (false: Dr. GRPO)
  std::string reward = "progress";  ///< "progress" (shaped, with penalties) or "binary"
  std::string host = "chromium";    ///< "chromium" (the main path) or "native" (no pixels: rejected)
  int tabs = 1;
  int threads = 2;              ///< torch intra-op threads
  std::string init = "bc";      ///< "bc": behaviour cloning on oracle demonstrations first; "scratch"
  int bc_instances = 2;         ///< oracle demonstrations per train template
  int bc_updates = 300;         ///< behaviour-cloning minibatch updates (32 samples each)

  nlohmann::json to_json() const;
  /// Overrides fields from a JSON object; throws ConfigError for an unknown key or bad value.
  void merge(const nlohmann::json& j);
  void validate() const;
};

/// One iteration's metrics (a line of metrics.jsonl).
using IterationCallback = std::function<void(const nlohmann::json& metrics)>;

/// Runs training into `out_dir` (config.json, metrics.jsonl, checkpoint.pt + .json). `tasks_dir`
/// holds the templates; `host` must have pixels. Returns the last iteration's metrics.
nlohmann::json train(const TrainConfig& cfg, Host& host, const std::string& tasks_dir, const std::string& out_dir,
                     const IterationCallback& on_iteration);

/// Records oracle demonstrations (observation before each step, the oracle's action) for every
/// template of `templates`, `instances` seeds each, through `host`. Actions the policy cannot
/// represent are skipped. Throws TaskError if an oracle fails.
/// An agent that runs a saved policy greedily (argmax of each head) on the 270x600 observation.
std::unique_ptr<Agent> make_checkpoint_agent(const std::string& path);

}  // namespace pg
