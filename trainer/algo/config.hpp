// The training configuration of `phonegym train`: one JSON object (--config FILE) with command-line
// overrides (--set key=value). Every key is declared once in a table (name, type, default, allowed
// values, help), so parsing, validation, the resolved config and docs/training.md agree.
// No LibTorch here (cheap to include and to test).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg {

/// A config key or value that is not allowed; what() names the key and the allowed values.
struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Everything `phonegym train` reads. Defaults are the embedded defaults of the main job.
struct TrainConfig {
  // --- run
  int iterations = 250;             ///< GRPO iterations
  std::uint64_t seed = 0;           ///< seeds templates, instances, rollouts (keyed by iteration/group/member/step)
  int threads = 2;                  ///< torch intra-op threads (fixed: results reproduce)
  std::string host = "chromium";    ///< "chromium" (the main path) or "native" (in-process, CPU renderer)
  int tabs = 1;                     ///< Chromium tabs
  int checkpoint_every = 1;         ///< write the resumable run state every N iterations
  // --- tasks
  std::string split = "train";      ///< templates to train on (train, test, all or a regime in tasks/splits/)
  std::vector<std::string> templates;  ///< only these template ids (empty: every template of the split)
  /// Domain randomization: perturbation specs (sim/os/perturb.hpp) separated by ';', one drawn per
  /// training instance, keyed by its seed (e.g. "nominal;popup;drop;mixed"); "nominal": none.
  std::string perturb = "nominal";
  std::string max_difficulty = "L4";   ///< only templates at most this hard (L1..L4)
  int max_steps = 8;                ///< per-episode cap (min with the template's step budget)
  // --- GRPO
  int groups = 4;                   ///< B: task instances per iteration
  int group_size = 8;               ///< K: rollouts per instance, forked from one reset env
  double lr = 3e-4;                 ///< Adam learning rate
  std::string lr_schedule = "constant";  ///< "constant", "linear" (to 0 at the last iteration, PPO's anneal) or "cosine"
  int epochs = 2;                   ///< update passes per iteration
  int minibatch = 64;               ///< steps per optimizer step
  double clip_low = 0.2, clip_high = 0.28;  ///< ratio clipped to [1 - clip_low, 1 + clip_high] (DAPO clip-higher)
  double kl_coef = 0.01;            ///< k3 KL to the frozen reference (the warm-start policy); 0 disables
  bool scale_by_std = true;         ///< GRPO's std normalization of advantages (false: Dr. GRPO)
  std::string loss_avg = "step";    ///< "step": mean over all steps; "trajectory": per-trajectory means, then mean
  double max_grad_norm = 1.0;       ///< gradient-norm clip (0 disables)
  double entropy_coef = 0.0;        ///< bonus on the mean entropy of the action heads
  double explore = 0.0;             ///< reward "action": per-head probability of a uniform choice when sampling
  bool dynamic_sampling = true;     ///< drop groups whose rewards are all equal (DAPO)
  int dynamic_sampling_rounds = 3;  ///< rollout rounds per iteration to fill B groups with signal (1: drop only)
  bool step_priority = true;        ///< reward "action": visit oracle steps the policy gets wrong more often
  bool dropped_group_entropy = true;  ///< reward "action": a dropped group's state still gets the entropy bonus
  std::string reward = "progress";  ///< "binary", "progress" (MobileGym shaping) or "action" (Mobile-R1 action level)
  double action_type_credit = 0.2;  ///< reward "action": reward for the right action kind with wrong arguments
  double action_distance_credit = 0.5;  ///< reward "action": extra for a near-miss tap, x exp(-(d / action_distance_dp)^2)
  double action_distance_dp = 120;      ///< reward "action": length scale of the near-miss credit (dp)
  double action_stop_penalty = 0;       ///< reward "action": -this for complete/abort where the oracle goes on
  double abort_penalty = 0.5;           ///< reward "binary"/"progress": -this for an abort of a feasible task
  // --- AdaGRPO (MobileRL)
  bool spa = true;                  ///< shortest-path reward adjustment
  double spa_alpha = 0.5;           ///< SPA: a success's reward loses up to this fraction for extra steps
  bool adapr = true;                ///< difficulty-adaptive positive replay
  int replay_size = 64;             ///< AdaPR buffer capacity (trajectories)
  double replay_top_ratio = 0.5;    ///< AdaPR: share of an iteration's positive successes admitted (best advantages first)
  double adapr_negative_ratio = 2;  ///< AdaPR: negatives kept per positive in an update (MobileRL's 1:2); 0: no pruning
  bool fcf = true;                  ///< failure curriculum filtering
  int fcf_patience = 3;             ///< FCF: consecutive all-zero groups before a template is down-weighted
  int fcf_drop = 6;                 ///< FCF: consecutive all-zero groups before it is dropped
  double fcf_weight = 0.25;         ///< FCF: sampling weight of a down-weighted template
  // --- warm start
  std::string init = "bc";          ///< "bc": behaviour cloning on oracle demonstrations first; "scratch"
  std::string init_from;            ///< a saved policy (checkpoint.pt) to start from instead (no warm start)
  int bc_instances = 2;             ///< oracle demonstrations per train template
  int bc_updates = 2000;            ///< behaviour-cloning minibatch updates (32 samples each; 2000: ~10 passes over the default demonstrations)
  double bc_lr = 3e-3;              ///< behaviour-cloning Adam learning rate
  // --- evaluation during training
  int eval_every = 0;               ///< evaluate every N iterations (0: only at the end when eval_instances > 0)
  int eval_instances = 2;           ///< held-out instances per template (seeds from 1000, never trained on)
  bool eval_test = true;            ///< also evaluate the split's test templates (beside the held-out instances)
  // --- policy
  int history = 4;                  ///< W: previous actions the policy sees
  std::string history_from = "policy";  ///< reward "action": prefix history kinds from "policy" (its usual right kind) or "oracle"
  bool text_norm = true;            ///< LayerNorm the instruction embedding (PolicyConfig::text_norm)
  bool trunk_film = true;           ///< FiLM the trunk by the instruction (PolicyConfig::trunk_film)
  std::string text_encoder = "gru";  ///< PolicyConfig::text_encoder: gru or bag
  int screen_elements = 48;         ///< PolicyConfig::screen_elements (0: pixels only)
  bool observed_spans = true;       ///< PolicyConfig::observed_spans (false: the task's parameters, privileged)
  /// Observations drawn directly at 270x600 (ObsSpec::direct: the training-resolution rasterizer)
  /// instead of box-downscaled from the 1080x2400 frame.
  bool obs_direct = false;
  int max_spans = 24;               ///< PolicyConfig::max_spans
  int span_memory = 32;             ///< PolicyConfig::span_memory (0: spans from the current screen only)
  bool enter_action = true;         ///< the policy can press enter (PolicyConfig::action_kinds 11, else 10)

  /// The resolved config as JSON (every key).
  nlohmann::json to_json() const;
  /// Overrides fields from a JSON object. Throws ConfigError naming the key and the allowed values
  /// for an unknown key, a value of the wrong type or out of range; then validates the whole config.
  void merge(const nlohmann::json& j);
  /// One command-line override "key=value": the value is parsed as JSON, else taken as a string
  /// (`--set reward=binary`, `--set templates=["a.b","c.d"]`, `--set templates=a.b,c.d`).
  void set(const std::string& key_equals_value);
  /// Cross-field checks (e.g. every key in range); throws ConfigError.
  void validate() const;
  /// Markdown table of every key (name, default, allowed values, help) for docs and --help.
  static std::string markdown_table();
};

/// Loads a JSON config file into `cfg` (merge). Throws ConfigError naming the file.
void merge_config_file(TrainConfig& cfg, const std::string& path);

}  // namespace pg
