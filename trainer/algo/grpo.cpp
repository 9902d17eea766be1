#include "trainer/algo/grpo.hpp"

#include <algorithm>
#include <map>
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
                      const torch::Tensor& ref_logp, const GrpoConfig& config, const torch::Tensor& weights,
                      double weight_total) {
  TORCH_CHECK(logp.dim() == 1 && old_logp.sizes() == logp.sizes() && adv.sizes() == logp.sizes(),
              "grpo_loss: logp, old_logp, adv must all be [N]; got ", logp.sizes(), ", ", old_logp.sizes(), ", ",
              adv.sizes());
  auto w = weights.defined() ? weights.to(logp.dtype()).detach() : torch::ones_like(logp).detach();
  TORCH_CHECK(w.sizes() == logp.sizes(), "grpo_loss: weights must be [N], got ", w.sizes());
  const double denom = weight_total > 0 ? weight_total : w.sum().item<double>();
  auto wmean = [&](const torch::Tensor& x) { return denom > 0 ? (w * x).sum() / denom : (w * x).sum(); };
  auto old = old_logp.to(logp.dtype()).detach();
  auto a = adv.to(logp.dtype()).detach();
  auto ratio = torch::exp(logp - old);
  auto surr1 = ratio * a;
  auto surr2 = torch::clamp(ratio, 1.0 - config.clip_low, 1.0 + config.clip_high) * a;
  auto surr = torch::min(surr1, surr2);
  auto policy_loss = -wmean(surr);
  GrpoLossOut out;
  out.loss = policy_loss;
  if (ref_logp.defined()) {
    TORCH_CHECK(ref_logp.sizes() == logp.sizes(), "grpo_loss: ref_logp must be [N], got ", ref_logp.sizes());
    auto d = torch::clamp(ref_logp.to(logp.dtype()).detach() - logp, -20.0, 20.0);
    auto k3 = torch::exp(d) - d - 1;
    {
      torch::NoGradGuard ng;
      out.kl_spikes = static_cast<int>((k3 > config.kl_max).sum().item<std::int64_t>());
    }
    auto kl = wmean(torch::clamp(k3, 0.0, config.kl_max));
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

torch::Tensor step_weights(const std::vector<StepSample>& samples, LossAveraging mode) {
  std::map<int, int> len;
  if (mode == LossAveraging::Trajectory)
    for (const auto& s : samples)
      if (s.traj >= 0) ++len[s.traj];
  std::vector<float> w(samples.size());
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const auto& s = samples[i];
    const float per = (mode == LossAveraging::Trajectory && s.traj >= 0) ? 1.0f / static_cast<float>(len[s.traj]) : 1.0f;
    w[i] = per * s.weight;
  }
  return torch::tensor(torch::ArrayRef<float>(w), torch::kFloat32);
}

double Collective::sum(double v) {
  std::vector<torch::Tensor> t{torch::tensor({v}, torch::kFloat64)};
  all_reduce_sum(t);
  return t[0].item<double>();
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

/// The distinct observations of a minibatch (rows with equal obs_key >= 0 share one) and, for each
/// row, its index among them.
struct DistinctObs {
  std::vector<const Observation*> obs;
  std::vector<std::int64_t> row_of;  ///< [N] row -> index into obs
  bool all_distinct = true;
};

/// For each sample, the observation it is run on: its own, or for a shared obs_key the first
/// sample's with that key (the others may leave theirs empty).
using ObsOf = std::map<std::int64_t, const Observation*>;
ObsOf shared_observations(const std::vector<StepSample>& samples) {
  ObsOf first;
  for (const auto& s : samples)
    if (s.obs_key >= 0) first.emplace(s.obs_key, &s.obs);
  return first;
}

DistinctObs distinct_obs(const std::vector<const StepSample*>& rows, const ObsOf& shared) {
  DistinctObs d;
  std::map<std::int64_t, std::int64_t> seen;
  for (const StepSample* s : rows) {
    if (s->obs_key >= 0) {
      auto [it, fresh] = seen.emplace(s->obs_key, static_cast<std::int64_t>(d.obs.size()));
      if (!fresh) {
        d.row_of.push_back(it->second);
        d.all_distinct = false;
        continue;
      }
    }
    d.row_of.push_back(static_cast<std::int64_t>(d.obs.size()));
    d.obs.push_back(s->obs_key >= 0 ? shared.at(s->obs_key) : &s->obs);
  }
  return d;
}

/// Head logits for `rows`, one forward per distinct observation.
PolicyLogits forward_rows(Policy& policy, const std::vector<const StepSample*>& rows, const ObsOf& shared) {
  const DistinctObs d = distinct_obs(rows, shared);
  PolicyLogits l = policy->forward(make_batch(d.obs, policy->config()));
  if (d.all_distinct) return l;
  const auto idx = torch::tensor(torch::ArrayRef<std::int64_t>(d.row_of), torch::kInt64);
  l.kind = l.kind.index_select(0, idx);
  l.cell = l.cell.index_select(0, idx);
  l.span = l.span.index_select(0, idx);
  l.app = l.app.index_select(0, idx);
  return l;
}

}  // namespace

GrpoStats grpo_update(Policy& policy, torch::optim::Optimizer& optimizer, const std::vector<StepSample>& samples,
                      const GrpoConfig& config, int minibatch, Policy* ref, std::uint64_t seed, Collective* comm) {
  if (config.kl_coef > 0 && (ref == nullptr || ref->is_empty()))
    throw std::invalid_argument("grpo_update: kl_coef > 0 needs a reference policy");
  if (minibatch <= 0) throw std::invalid_argument("grpo_update: minibatch must be > 0");
  GrpoStats stats;
  const std::size_t N = samples.size();
  std::size_t n_mb = (N + minibatch - 1) / minibatch;
  if (comm) n_mb = static_cast<std::size_t>(comm->max(static_cast<double>(n_mb)));
  if (n_mb == 0) return stats;
  const torch::Tensor weights = step_weights(samples, config.loss_avg);
  const ObsOf shared = shared_observations(samples);

  // Reference log-probs, once (constant across epochs).
  torch::Tensor ref_all;
  if (ref && !ref->is_empty() && N > 0) {
    torch::NoGradGuard ng;
    std::vector<torch::Tensor> parts;
    for (std::size_t s = 0; s < N; s += minibatch) {
      std::vector<const StepSample*> rows;
      std::vector<PolicyAction> acts;
      for (std::size_t i = s; i < std::min(N, s + minibatch); ++i) {
        rows.push_back(&samples[i]);
        acts.push_back(samples[i].action);
      }
      parts.push_back(action_log_prob(forward_rows(*ref, rows, shared), acts));
    }
    ref_all = torch::cat(parts);
  }

  std::mt19937_64 rng(seed);
  policy->train();
  auto params = policy->parameters();
  for (int e = 0; e < config.epochs; ++e) {
    auto order = shuffled(N, rng);
    for (std::size_t m = 0; m < n_mb; ++m) {
      const std::size_t s = std::min(N, m * minibatch), end = std::min(N, s + minibatch);
      std::vector<const StepSample*> mb;
      std::vector<PolicyAction> acts;
      std::vector<float> old, adv;
      std::vector<std::int64_t> rows;
      for (std::size_t j = s; j < end; ++j) {
        const auto& st = samples[order[j]];
        mb.push_back(&st);
        acts.push_back(st.action);
        old.push_back(st.old_logp);
        adv.push_back(st.advantage);
        rows.push_back(static_cast<std::int64_t>(order[j]));
      }
      optimizer.zero_grad();
      GrpoLossOut out;
      double ent_v = 0, loss_v = 0;
      const auto rows_t = torch::tensor(torch::ArrayRef<std::int64_t>(rows), torch::kInt64);
      const torch::Tensor w_mb = rows.empty() ? torch::zeros({0}) : weights.index_select(0, rows_t);
      double wsum = w_mb.sum().item<double>();
      if (comm) wsum = comm->sum(wsum);
      if (!rows.empty()) {
        auto logits = forward_rows(policy, mb, shared);
        auto logp = action_log_prob(logits, acts);
        auto ent_rows = action_entropy(logits);
        auto ent = wsum > 0 ? (w_mb * ent_rows).sum() / wsum : ent_rows.sum() * 0;
        torch::Tensor ref_mb;
        if (ref_all.defined()) ref_mb = ref_all.index_select(0, rows_t);
        out = grpo_loss(logp, torch::tensor(torch::ArrayRef<float>(old)), torch::tensor(torch::ArrayRef<float>(adv)),
                        ref_mb, config, w_mb, wsum);
        auto loss = out.loss;
        if (config.entropy_coef != 0) loss = loss - config.entropy_coef * ent;
        loss.backward();
        ent_v = ent.item<double>();
        loss_v = loss.item<double>();
      }
      if (comm) {
        // Sum the gradients (each rank's loss is already normalized by the global weight).
        std::vector<torch::Tensor> grads;
        for (auto& p : params) {
          if (!p.grad().defined()) p.mutable_grad() = torch::zeros_like(p);
          grads.push_back(p.grad());
        }
        comm->all_reduce_sum(grads);
        std::vector<torch::Tensor> st{torch::tensor({loss_v, out.policy_loss, out.kl, ent_v}, torch::kFloat64)};
        comm->all_reduce_sum(st);
        loss_v = st[0][0].item<double>(), out.policy_loss = st[0][1].item<double>();
        out.kl = st[0][2].item<double>(), ent_v = st[0][3].item<double>();
      }
      stats.grad_norm += clip_and_step(policy, optimizer, config.max_grad_norm);
      stats.loss += loss_v;
      stats.policy_loss += out.policy_loss;
      stats.kl += out.kl;
      stats.kl_spikes += out.kl_spikes;
      stats.clip_frac += out.clip_frac;
      stats.ratio_mean += out.ratio_mean;
      stats.entropy += ent_v;
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
