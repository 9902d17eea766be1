#include "trainer/algo/grpo.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>

namespace pg {

torch::Tensor group_advantages(const torch::Tensor& rewards, bool scale_by_std, double eps) {
  if (rewards.dim() != 2)
    throw std::invalid_argument("group_advantages: rewards must be [G, K], got " + std::to_string(rewards.dim()) +
                                " dims");
  auto r = rewards.to(torch::kFloat64);
  auto mean = r.mean(1, /*keepdim=*/true);
  auto adv = r - mean;
  if (scale_by_std) adv = adv / (r.std(1, /*unbiased=*/false, /*keepdim=*/true) + eps);
  auto constant = std::get<0>(r.max(1, true)) == std::get<0>(r.min(1, true));  // [G, 1]
  adv = adv.masked_fill(constant, 0.0);
  return adv.to(torch::kFloat32);
}

GrpoLossOut grpo_loss(const torch::Tensor& logp, const torch::Tensor& old_logp, const torch::Tensor& adv,
                      const torch::Tensor& ref_logp, const GrpoConfig& config) {
  TORCH_CHECK(logp.dim() == 1 && old_logp.sizes() == logp.sizes() && adv.sizes() == logp.sizes(),
              "grpo_loss: logp, old_logp, adv must all be [N]; got ", logp.sizes(), ", ", old_logp.sizes(), ", ",
              adv.sizes());
  auto old = old_logp.to(logp.dtype()).detach();
  auto a = adv.to(logp.dtype()).detach();
  auto ratio = torch::exp(logp - old);
  auto surr1 = ratio * a;
  auto surr2 = torch::clamp(ratio, 1.0 - config.clip_low, 1.0 + config.clip_high) * a;
  auto surr = torch::min(surr1, surr2);
  auto policy_loss = -surr.mean();
  GrpoLossOut out;
  out.loss = policy_loss;
  if (ref_logp.defined()) {
    TORCH_CHECK(ref_logp.sizes() == logp.sizes(), "grpo_loss: ref_logp must be [N], got ", ref_logp.sizes());
    auto d = ref_logp.to(logp.dtype()).detach() - logp;
    auto kl = (torch::exp(d) - d - 1).mean();
    out.kl = kl.item<double>();
    if (config.kl_coef != 0) out.loss = out.loss + config.kl_coef * kl;
  }
  torch::NoGradGuard ng;
  out.policy_loss = policy_loss.item<double>();
  auto clipped = ((ratio > 1.0 + config.clip_high) & (a > 0)) | ((ratio < 1.0 - config.clip_low) & (a < 0));
  out.clip_frac = logp.numel() ? clipped.to(torch::kFloat64).mean().item<double>() : 0.0;
  out.ratio_mean = logp.numel() ? ratio.mean().item<double>() : 0.0;
  return out;
}

namespace {

std::vector<std::size_t> shuffled(std::size_t n, std::mt19937_64& rng) {
  std::vector<std::size_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::shuffle(idx.begin(), idx.end(), rng);
  return idx;
}

double clip_and_step(Policy& policy, torch::optim::Optimizer& opt, double max_grad_norm) {
  double norm = 0;
  if (max_grad_norm > 0) {
    norm = torch::nn::utils::clip_grad_norm_(policy->parameters(), max_grad_norm);
  }
  opt.step();
  return norm;
}

}  // namespace

GrpoStats grpo_update(Policy& policy, torch::optim::Optimizer& optimizer, const std::vector<StepSample>& samples,
                      const GrpoConfig& config, int minibatch, Policy* ref, std::uint64_t seed) {
  if (config.kl_coef > 0 && (ref == nullptr || ref->is_empty()))
    throw std::invalid_argument("grpo_update: kl_coef > 0 needs a reference policy");
  if (minibatch <= 0) throw std::invalid_argument("grpo_update: minibatch must be > 0");
  GrpoStats stats;
  const std::size_t N = samples.size();
  if (N == 0) return stats;
  const PolicyConfig& pc = policy->config();

  // Reference log-probs, once (constant across epochs).
  torch::Tensor ref_all;
  if (ref && !ref->is_empty()) {
    torch::NoGradGuard ng;
    std::vector<torch::Tensor> parts;
    for (std::size_t s = 0; s < N; s += minibatch) {
      std::vector<const Observation*> obs;
      std::vector<PolicyAction> acts;
      for (std::size_t i = s; i < std::min(N, s + minibatch); ++i) {
        obs.push_back(&samples[i].obs);
        acts.push_back(samples[i].action);
      }
      parts.push_back((*ref)->log_prob(make_batch(obs, (*ref)->config()), acts));
    }
    ref_all = torch::cat(parts);
  }

  std::mt19937_64 rng(seed);
  policy->train();
  for (int e = 0; e < config.epochs; ++e) {
    auto order = shuffled(N, rng);
    for (std::size_t s = 0; s < N; s += minibatch) {
      const std::size_t end = std::min(N, s + minibatch);
      std::vector<const Observation*> obs;
      std::vector<PolicyAction> acts;
      std::vector<float> old, adv;
      std::vector<std::int64_t> rows;
      for (std::size_t j = s; j < end; ++j) {
        const auto& st = samples[order[j]];
        obs.push_back(&st.obs);
        acts.push_back(st.action);
        old.push_back(st.old_logp);
        adv.push_back(st.advantage);
        rows.push_back(static_cast<std::int64_t>(order[j]));
      }
      auto logits = policy->forward(make_batch(obs, pc));
      auto logp = action_log_prob(logits, acts);
      auto ent = kind_entropy(logits).mean();
      torch::Tensor ref_mb;
      if (ref_all.defined())
        ref_mb = ref_all.index_select(0, torch::tensor(torch::ArrayRef<std::int64_t>(rows), torch::kInt64));
      auto out = grpo_loss(logp, torch::tensor(torch::ArrayRef<float>(old)), torch::tensor(torch::ArrayRef<float>(adv)),
                           ref_mb, config);
      auto loss = out.loss;
      if (config.entropy_coef != 0) loss = loss - config.entropy_coef * ent;
      optimizer.zero_grad();
      loss.backward();
      stats.grad_norm += clip_and_step(policy, optimizer, config.max_grad_norm);
      stats.loss += loss.item<double>();
      stats.policy_loss += out.policy_loss;
      stats.kl += out.kl;
      stats.clip_frac += out.clip_frac;
      stats.ratio_mean += out.ratio_mean;
      stats.entropy += ent.item<double>();
      ++stats.updates;
    }
  }
  if (stats.updates > 0) {
    const double n = stats.updates;
    stats.loss /= n, stats.policy_loss /= n, stats.kl /= n, stats.clip_frac /= n, stats.ratio_mean /= n;
    stats.entropy /= n, stats.grad_norm /= n;
  }
  return stats;
}

double bc_update(Policy& policy, torch::optim::Optimizer& optimizer,
                 const std::vector<std::pair<Observation, PolicyAction>>& data, int minibatch, double max_grad_norm,
                 std::uint64_t seed) {
  if (minibatch <= 0) throw std::invalid_argument("bc_update: minibatch must be > 0");
  const std::size_t N = data.size();
  if (N == 0) return 0.0;
  std::mt19937_64 rng(seed);
  auto order = shuffled(N, rng);
  policy->train();
  double total = 0;
  int steps = 0;
  for (std::size_t s = 0; s < N; s += minibatch) {
    const std::size_t end = std::min(N, s + minibatch);
    std::vector<const Observation*> obs;
    std::vector<PolicyAction> acts;
    for (std::size_t j = s; j < end; ++j) {
      obs.push_back(&data[order[j]].first);
      acts.push_back(data[order[j]].second);
    }
    auto nll = -policy->log_prob(make_batch(obs, policy->config()), acts).mean();
    optimizer.zero_grad();
    nll.backward();
    clip_and_step(policy, optimizer, max_grad_norm);
    total += nll.item<double>();
    ++steps;
  }
  return total / steps;
}

std::unique_ptr<torch::optim::Adam> make_optimizer(Policy& policy, const GrpoConfig& config) {
  return std::make_unique<torch::optim::Adam>(policy->parameters(), torch::optim::AdamOptions(config.lr));
}

}  // namespace pg
