#include "trainer/algo/adagrpo.hpp"

#include "sim/util/hash.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

std::uint64_t keyed_seed(std::initializer_list<std::uint64_t> key) {
  std::uint64_t h = 0x6a09e667f3bcc909ULL;
  for (auto k : key) h = splitmix64_mix(h ^ splitmix64_mix(k));
  return h;
}

double keyed_uniform(std::initializer_list<std::uint64_t> key) {
  return static_cast<double>(keyed_seed(key) >> 11) * (1.0 / 9007199254740992.0);
}

int keyed_choice(const std::vector<double>& weights, std::initializer_list<std::uint64_t> key) {
  double total = 0;
  for (double w : weights) total += std::max(0.0, w);
  if (total <= 0) return -1;
  double u = keyed_uniform(key) * total;
  int last = -1;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] <= 0) continue;
    last = static_cast<int>(i);
    if (u < weights[i]) return last;
    u -= weights[i];
  }
  return last;
}

std::vector<double> shortest_path_adjust(const std::vector<double>& rewards, const std::vector<int>& lengths,
                                         const std::vector<bool>& success, int budget, double alpha) {
  if (lengths.size() != rewards.size() || success.size() != rewards.size())
    throw std::invalid_argument("shortest_path_adjust: rewards, lengths and success must have the same size");
  int shortest = -1;
  for (std::size_t i = 0; i < rewards.size(); ++i)
    if (success[i] && (shortest < 0 || lengths[i] < shortest)) shortest = lengths[i];
  std::vector<double> out = rewards;
  if (shortest < 0) return out;
  const double span = std::max(1, budget - shortest);
  for (std::size_t i = 0; i < out.size(); ++i)
    if (success[i]) out[i] *= 1.0 - alpha * std::min(1.0, (lengths[i] - shortest) / span);
  return out;
}

// ----------------------------------------------------------------------------------- FCF

void FailureCurriculum::record(const std::string& id, bool all_zero) {
  if (all_zero)
    ++streak_[id];
  else
    streak_[id] = 0;
}

int FailureCurriculum::streak(const std::string& id) const {
  auto it = streak_.find(id);
  return it == streak_.end() ? 0 : it->second;
}

double FailureCurriculum::weight(const std::string& id) const {
  const int s = streak(id);
  if (s >= drop_) return 0.0;
  if (s >= patience_) return low_;
  return 1.0;
}

std::vector<double> FailureCurriculum::weights(const std::vector<std::string>& ids) const {
  std::vector<double> w;
  double total = 0;
  for (const auto& id : ids) total += (w.emplace_back(weight(id)));
  if (total <= 0) std::fill(w.begin(), w.end(), 1.0);
  return w;
}

json FailureCurriculum::to_json() const { return {{"streaks", streak_}}; }

void FailureCurriculum::from_json(const json& j) {
  streak_ = j.at("streaks").get<std::map<std::string, int>>();
}

// ----------------------------------------------------------------------------------- AdaPR

json ReplayItem::to_json() const {
  return {{"template", template_id}, {"seed", seed},           {"actions", actions},   {"reward", reward},
          {"advantage", advantage},  {"difficulty", difficulty}, {"iteration", iteration}};
}

ReplayItem ReplayItem::from_json(const json& j) {
  ReplayItem r;
  r.template_id = j.at("template").get<std::string>();
  r.seed = j.at("seed").get<std::uint64_t>();
  r.actions = j.at("actions");
  r.reward = j.at("reward").get<double>();
  r.advantage = j.at("advantage").get<double>();
  r.difficulty = j.at("difficulty").get<double>();
  r.iteration = j.at("iteration").get<int>();
  return r;
}

namespace {
double value_of(const ReplayItem& r) { return r.advantage + 1e-3; }
}  // namespace

void ReplayBuffer::add(ReplayItem item) {
  // One copy per (template, seed, actions): replaying duplicates only skews the mix.
  for (auto& it : items_)
    if (it.template_id == item.template_id && it.seed == item.seed && it.actions == item.actions) {
      it = std::move(item);
      return;
    }
  items_.push_back(std::move(item));
  if (static_cast<int>(items_.size()) > capacity_) {
    auto worst = std::min_element(items_.begin(), items_.end(), [](const ReplayItem& a, const ReplayItem& b) {
      if (value_of(a) != value_of(b)) return value_of(a) < value_of(b);
      return a.iteration < b.iteration;
    });
    items_.erase(worst);
  }
}

int ReplayBuffer::admit(std::vector<ReplayItem> candidates, double top_ratio) {
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const ReplayItem& a, const ReplayItem& b) { return a.advantage > b.advantage; });
  const int n = static_cast<int>(std::ceil(top_ratio * static_cast<double>(candidates.size()) - 1e-9));
  for (int i = 0; i < n && i < static_cast<int>(candidates.size()); ++i) add(std::move(candidates[static_cast<std::size_t>(i)]));
  return std::min(n, static_cast<int>(candidates.size()));
}

std::vector<ReplayItem> ReplayBuffer::take(int n, std::uint64_t key) {
  std::vector<double> w;
  for (const auto& it : items_) w.push_back(value_of(it));
  std::vector<std::size_t> drawn;
  for (int i = 0; i < n; ++i) {
    const int c = keyed_choice(w, {key, static_cast<std::uint64_t>(i)});
    if (c < 0) break;
    drawn.push_back(static_cast<std::size_t>(c));
    w[static_cast<std::size_t>(c)] = 0;
  }
  std::vector<ReplayItem> out;
  for (std::size_t c : drawn) out.push_back(items_[c]);
  std::sort(drawn.rbegin(), drawn.rend());
  for (std::size_t c : drawn) items_.erase(items_.begin() + static_cast<long>(c));
  return out;
}

std::vector<int> prune_negatives(const std::vector<double>& advantages, double ratio, std::uint64_t key) {
  if (ratio <= 0) return {};
  std::vector<int> neg;
  int pos = 0;
  for (std::size_t i = 0; i < advantages.size(); ++i) {
    if (advantages[i] > 0) ++pos;
    if (advantages[i] < 0) neg.push_back(static_cast<int>(i));
  }
  const auto keep = static_cast<std::size_t>(std::floor(ratio * pos + 1e-9));
  if (neg.size() <= keep) return {};
  std::vector<std::pair<double, int>> order;
  for (int i : neg) order.emplace_back(keyed_uniform({key, static_cast<std::uint64_t>(i)}), i);
  std::sort(order.begin(), order.end());
  std::vector<int> drop;
  for (std::size_t j = 0; j < neg.size() - keep; ++j) drop.push_back(order[j].second);
  std::sort(drop.begin(), drop.end());
  return drop;
}

int ReplayBuffer::budget(int negatives) const {
  return std::max(0, std::min(negatives / 2, static_cast<int>(items_.size())));
}

json ReplayBuffer::to_json() const {
  json a = json::array();
  for (const auto& it : items_) a.push_back(it.to_json());
  return {{"capacity", capacity_}, {"items", a}};
}

void ReplayBuffer::from_json(const json& j) {
  items_.clear();
  for (const auto& e : j.at("items")) items_.push_back(ReplayItem::from_json(e));
}

}  // namespace pg
