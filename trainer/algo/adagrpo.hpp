// AdaGRPO's three additions to GRPO (MobileRL, Xu et al. 2025): shortest-path reward adjustment
// (SPA), difficulty-adaptive positive replay (AdaPR) and failure curriculum filtering (FCF).
// Plain data and JSON (no LibTorch): the trainer stores them in its resumable run state.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace pg {

/// SPA over one group. rewards[k], lengths[k] (steps taken), success[k]. Successful rollouts
/// longer than the group's shortest success lose a fraction of their reward proportional to the
/// extra steps: r *= 1 - alpha * (len - shortest) / max(1, budget - shortest). Failures and
/// groups with no success are unchanged. Sizes must match (std::invalid_argument).
std::vector<double> shortest_path_adjust(const std::vector<double>& rewards, const std::vector<int>& lengths,
                                         const std::vector<bool>& success, int budget, double alpha);

/// FCF: per template, the count of consecutive groups whose rewards were all zero. A template
/// reaching `patience` is sampled with weight `low_weight`, reaching `drop` it is not sampled at
/// all (weight 0); any non-zero reward resets it. When every template would be dropped, all
/// weights fall back to 1 (training never stalls).
class FailureCurriculum {
 public:
  FailureCurriculum(int patience = 3, int drop = 6, double low_weight = 0.25)
      : patience_(patience), drop_(drop), low_(low_weight) {}
  /// Records one group of `template_id`.
  void record(const std::string& template_id, bool all_zero);
  /// The sampling weight of a template (1, low_weight or 0).
  double weight(const std::string& template_id) const;
  /// Weights for `ids`, in order (with the all-dropped fallback).
  std::vector<double> weights(const std::vector<std::string>& ids) const;
  int streak(const std::string& template_id) const;
  nlohmann::json to_json() const;
  void from_json(const nlohmann::json& j);

 private:
  int patience_, drop_;
  double low_;
  std::map<std::string, int> streak_;
};

/// One trajectory kept by AdaPR: enough to replay it exactly (template + seed + the policy's
/// actions as PolicyAction fields), not its pixels.
struct ReplayItem {
  std::string template_id;
  std::uint64_t seed = 0;  ///< instance seed
  nlohmann::json actions;  ///< [{"kind","x","y","span","app"}] in order
  double reward = 0;
  double advantage = 0;    ///< its group-relative advantage when it was collected (> 0)
  double difficulty = 0;   ///< 1 - its group's success rate (recorded; the value is the advantage)
  int iteration = 0;       ///< when it was collected
  nlohmann::json to_json() const;
  static ReplayItem from_json(const nlohmann::json& j);
};

/// AdaPR's buffer (MobileRL §3.2, as the issue tracker reads it): rare successes of hard tasks,
/// replayed beside on-policy data. An item's value is its group-relative advantage, which already
/// grows as its group's success rate falls (sqrt((1 - p) / p) for a binary success in a group
/// with success rate p), so difficulty is not counted a second time. At most `capacity` items;
/// when full the least valuable (then the oldest) is evicted. `take` draws without replacement in
/// proportion to value and retires what it draws: a trajectory is replayed once.
class ReplayBuffer {
 public:
  explicit ReplayBuffer(int capacity = 64) : capacity_(capacity) {}
  void add(ReplayItem item);
  /// Top-ratio admission: of one iteration's positive-advantage successes, the best
  /// ceil(top_ratio * n) by advantage (ties: earlier first) are added. Returns how many.
  int admit(std::vector<ReplayItem> candidates, double top_ratio);
  /// Up to `n` distinct items, drawn with the keyed random stream `key` (reproducible) and
  /// removed from the buffer.
  std::vector<ReplayItem> take(int n, std::uint64_t key);
  /// How many replayed trajectories to mix into an update with `negatives` negative-advantage
  /// trajectories: at most negatives / 2 (positive:negative at most 1:2), at most size().
  int budget(int negatives) const;
  std::size_t size() const { return items_.size(); }
  const std::vector<ReplayItem>& items() const { return items_; }
  nlohmann::json to_json() const;
  void from_json(const nlohmann::json& j);

 private:
  int capacity_;
  std::vector<ReplayItem> items_;
};

/// MobileRL's negative pruning: given each trajectory's advantage, the trajectories to drop so
/// that at most `ratio` negative-advantage trajectories remain per positive one (keyed random
/// choice among the negatives; none dropped when ratio <= 0). Returns indices into `advantages`.
std::vector<int> prune_negatives(const std::vector<double>& advantages, double ratio, std::uint64_t key);

/// Keyed uniform double in [0, 1) from any number of integers (splitmix64 chain).
double keyed_uniform(std::initializer_list<std::uint64_t> key);
/// Keyed 64-bit value (for seeding engines per rollout).
std::uint64_t keyed_seed(std::initializer_list<std::uint64_t> key);
/// Index drawn with probability proportional to weights (keyed); -1 if all weights are 0.
int keyed_choice(const std::vector<double>& weights, std::initializer_list<std::uint64_t> key);

}  // namespace pg
