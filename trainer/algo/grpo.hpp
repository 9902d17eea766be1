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

struct GrpoConfig {
  double clip_low = 0.2, clip_high = 0.28;  ///< ratio clipped to [1 - clip_low, 1 + clip_high] (DAPO)
  double kl_coef = 0.0;                     ///< 0.01 in issue 7; needs a reference policy when > 0
  int epochs = 2;                           ///< passes over the batch per grpo_update
  double lr = 3e-4;                         ///< used by make_optimizer
  double max_grad_norm = 1.0;               ///< <= 0 disables clipping
  double entropy_coef = 0.0;                ///< optional bonus on the kind-head entropy
};

struct GrpoLossOut {
  torch::Tensor loss;        ///< scalar, differentiable: -mean(surrogate) + kl_coef * mean(k3)
  double policy_loss = 0;    ///< -mean(surrogate)
  double kl = 0;             ///< mean k3 estimate (0 when ref_logp is undefined)
  double clip_frac = 0;      ///< fraction of steps where the clipped term is active
  double ratio_mean = 0;     ///< mean of exp(logp - old_logp)
};

/// Per-step clipped surrogate. logp [N] (new, with grad), old_logp [N], adv [N] (the trajectory's
/// advantage for each of its steps), ref_logp [N] or undefined. ratio = exp(logp - old_logp);
/// surrogate = min(ratio A, clip(ratio, 1 - clip_low, 1 + clip_high) A); KL per step k3 =
/// exp(ref - logp) - (ref - logp) - 1 (Schulman 2020); loss = -mean(surrogate) + kl_coef mean(k3).
/// Averaging over all steps of the batch (token-level, as in DAPO).
GrpoLossOut grpo_loss(const torch::Tensor& logp, const torch::Tensor& old_logp, const torch::Tensor& adv,
                      const torch::Tensor& ref_logp, const GrpoConfig& config);

/// One step of a rollout, as stored for the update.
struct StepSample {
  Observation obs;
  PolicyAction action;
  float old_logp = 0;   ///< log-probability under the behaviour policy (from sample())
  float advantage = 0;  ///< the trajectory's group-relative advantage
};

struct GrpoStats {
  double loss = 0, policy_loss = 0, kl = 0, clip_frac = 0, ratio_mean = 0, entropy = 0, grad_norm = 0;
  int updates = 0;  ///< optimizer steps taken
};

/// `config.epochs` passes over `samples` in shuffled minibatches (seeded by `seed`), each an
/// optimizer step on grpo_loss (minus entropy_coef * mean kind entropy) with gradient-norm clipping.
/// `ref` (may be null) is the frozen reference policy for the KL term; its log-probs are computed
/// once up front. Throws std::invalid_argument if config.kl_coef > 0 and ref is null. Returns
/// means over minibatches (entropy: of the kind head, pre-update values of each minibatch).
GrpoStats grpo_update(Policy& policy, torch::optim::Optimizer& optimizer, const std::vector<StepSample>& samples,
                      const GrpoConfig& config, int minibatch = 64, Policy* ref = nullptr, std::uint64_t seed = 0);

/// One epoch of behaviour cloning (mean negative log-likelihood of the composite actions) in
/// shuffled minibatches with gradient-norm clipping. Returns the mean NLL over minibatches.
double bc_update(Policy& policy, torch::optim::Optimizer& optimizer,
                 const std::vector<std::pair<Observation, PolicyAction>>& data, int minibatch,
                 double max_grad_norm = 1.0, std::uint64_t seed = 0);

/// Adam over the policy's parameters with config.lr.
std::unique_ptr<torch::optim::Adam> make_optimizer(Policy& policy, const GrpoConfig& config);

}  // namespace pg
