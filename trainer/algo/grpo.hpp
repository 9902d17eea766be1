// GRPO for the GUI policy: group-relative advantages, the clipped ("clip-higher") surrogate with
// an optional k3 KL penalty to a reference policy, minibatch updates, and behaviour cloning.
#pragma once

#include "trainer/policy/policy.hpp"

#include <torch/torch.h>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace pg {

/// Group-relative advantages. rewards [G, K] (G groups of K rollouts of the same task) -> [G, K]:
/// (r - mean_group) / (std_group + eps) with the population std (GRPO, Shao et al. 2024, §4.1.2);
/// scale_by_std = false gives r - mean_group (Dr. GRPO, Liu et al. 2025). Groups whose rewards are
/// all equal (including K = 1) get exactly 0. Output is float32.
torch::Tensor group_advantages(const torch::Tensor& rewards, bool scale_by_std = true, double eps = 1e-6);

/// How the per-step losses of a batch are averaged.
enum class LossAveraging {
  Step,        ///< every step weighs the same (token-level, DAPO)
  Trajectory,  ///< mean over each trajectory's steps, then over trajectories (GRPO's sequence mean)
};

struct GrpoConfig {
  double clip_low = 0.2, clip_high = 0.28;  ///< ratio clipped to [1 - clip_low, 1 + clip_high] (DAPO)
  double kl_coef = 0.0;                     ///< 0.01 in issue 7; needs a reference policy when > 0
  /// Bound of the per-step k3 estimate (verl's low-variance KL: the log-ratio clamped to +-20, k3
  /// clamped to [0, kl_max]); a step whose raw k3 exceeds it counts as a KL spike.
  double kl_max = 10.0;
  int epochs = 2;                           ///< passes over the batch per grpo_update
  double lr = 3e-4;                         ///< used by make_optimizer
  double max_grad_norm = 1.0;               ///< <= 0 disables clipping
  double entropy_coef = 0.0;                ///< optional bonus on the composite action entropy
  LossAveraging loss_avg = LossAveraging::Step;
};

struct GrpoLossOut {
  torch::Tensor loss;        ///< scalar, differentiable: -mean(surrogate) + kl_coef * mean(k3)
  double policy_loss = 0;    ///< -mean(surrogate)
  double kl = 0;             ///< mean bounded k3 estimate (0 when ref_logp is undefined)
  int kl_spikes = 0;         ///< steps whose raw k3 exceeded config.kl_max (bounded there)
  double clip_frac = 0;      ///< fraction of steps where the clipped term is active
  double ratio_mean = 0;     ///< mean of exp(logp - old_logp)
};

/// Per-step clipped surrogate. logp [N] (new, with grad), old_logp [N], adv [N] (the trajectory's
/// advantage for each of its steps), ref_logp [N] or undefined. ratio = exp(logp - old_logp);
/// surrogate = min(ratio A, clip(ratio, 1 - clip_low, 1 + clip_high) A); KL per step k3 =
/// exp(d) - d - 1 with d = clamp(ref - logp, -20, 20) (Schulman 2020), clamped to [0, kl_max]
/// as verl's low_var_kl does (the raw estimator is unbounded when the reference's log-probability
/// is far above the policy's); loss = -mean(surrogate) + kl_coef mean(k3).
/// The means are weighted: weights [N] (undefined: all 1) give sum(w x) / denom, where denom is
/// `weight_total` when > 0 (e.g. the sum over all ranks) else sum(w). Per-step weights 1 average
/// over steps; 1/len(trajectory) averages per trajectory (see step_weights).
GrpoLossOut grpo_loss(const torch::Tensor& logp, const torch::Tensor& old_logp, const torch::Tensor& adv,
                      const torch::Tensor& ref_logp, const GrpoConfig& config, const torch::Tensor& weights = {},
                      double weight_total = 0);

/// One step of a rollout, as stored for the update.
struct StepSample {
  Observation obs;
  PolicyAction action;
  float old_logp = 0;   ///< log-probability under the behaviour policy (from sample())
  float advantage = 0;  ///< the trajectory's group-relative advantage
  int traj = -1;        ///< trajectory id within the batch (for per-trajectory averaging)
  float weight = 1;     ///< sample weight (FCF down-weighting), multiplies the averaging weight
  /// Samples with the same obs_key >= 0 share one observation (e.g. the K actions of an
  /// action-level group, or the first step of a group's K forks): the update runs the network
  /// once per distinct key in a minibatch, on the observation of the first sample with that key in
  /// the batch (the others may leave `obs` empty, saving K - 1 screenshot copies). -1: no sharing.
  std::int64_t obs_key = -1;
};

/// Averaging weights [N] of the samples: weight x (1 for Step, 1/steps of its trajectory for
/// Trajectory; samples with traj < 0 count as one-step trajectories).
torch::Tensor step_weights(const std::vector<StepSample>& samples, LossAveraging mode);

/// Data-parallel hooks for grpo_update (trainer/algo/distributed.hpp implements them with c10d
/// Gloo). Every rank must call grpo_update with the same config; each contributes its own samples.
class Collective {
 public:
  virtual ~Collective() = default;
  virtual int rank() const = 0;
  virtual int world_size() const = 0;
  /// Element-wise sum over ranks, in place (every rank gets the sum).
  virtual void all_reduce_sum(std::vector<torch::Tensor>& tensors) = 0;
  /// Sum of a scalar over ranks.
  double sum(double v);
  /// Max of a scalar over ranks.
  virtual double max(double v) = 0;
};

struct GrpoStats {
  double loss = 0, policy_loss = 0, kl = 0, clip_frac = 0, ratio_mean = 0, entropy = 0, grad_norm = 0;
  int updates = 0;    ///< optimizer steps taken
  int kl_spikes = 0;  ///< steps (summed over minibatches and epochs) whose k3 hit the kl_max bound
};

/// `config.epochs` passes over `samples` in shuffled minibatches (seeded by `seed`), each an
/// optimizer step on grpo_loss (minus entropy_coef * weighted mean action entropy) with
/// gradient-norm clipping. `ref` (may be null) is the frozen reference policy for the KL term; its
/// log-probs are computed once up front. With `comm`, every rank takes the same number of
/// minibatches (the most any rank needs), the loss is normalized by the weight summed over ranks
/// and gradients are summed over ranks before clipping: the step equals one process's step on the
/// ranks' minibatches concatenated. Throws std::invalid_argument if config.kl_coef > 0 and ref is
/// null. Returns means over minibatches (entropy: composite action entropy before each step).
GrpoStats grpo_update(Policy& policy, torch::optim::Optimizer& optimizer, const std::vector<StepSample>& samples,
                      const GrpoConfig& config, int minibatch = 64, Policy* ref = nullptr, std::uint64_t seed = 0,
                      Collective* comm = nullptr);

/// One epoch of behaviour cloning (mean negative log-likelihood of the composite actions) in
/// shuffled minibatches with gradient-norm clipping. Returns the mean NLL over minibatches.
double bc_update(Policy& policy, torch::optim::Optimizer& optimizer,
                 const std::vector<std::pair<Observation, PolicyAction>>& data, int minibatch,
                 double max_grad_norm = 1.0, std::uint64_t seed = 0);

/// Adam over the policy's parameters with config.lr.
std::unique_ptr<torch::optim::Adam> make_optimizer(Policy& policy, const GrpoConfig& config);

}  // namespace pg
