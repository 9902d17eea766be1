#include "trainer/eval/robustness.hpp"

#include "sim/os/perturb.hpp"
#include "trainer/eval/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

std::pair<double, double> wilson_interval(int successes, int n, double z) {
  if (n <= 0) return {0.0, 1.0};
  const double p = static_cast<double>(successes) / n, z2 = z * z, nn = static_cast<double>(n);
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::string episode_condition(const Trajectory& t) {
  return state_condition(t.instance.initial_state);
}

namespace {

struct Cell {
  int episodes = 0, successes = 0;
  double progress = 0;
  std::map<std::string, int> fired;
  std::map<std::string, std::pair<int, int>> by_instance;  // key -> (successes, episodes)
};

}  // namespace

json robustness_report(const std::vector<Trajectory>& trajs, const std::string& nominal, int resamples, std::uint64_t seed) {
  std::map<std::string, Cell> cells;
  std::vector<std::string> order;
  for (const Trajectory& t : trajs) {
    const std::string c = episode_condition(t);
    if (!cells.count(c)) order.push_back(c);
    Cell& cell = cells[c];
    const bool ok = t.judged && t.verdict.success;
    ++cell.episodes;
    cell.successes += ok;
    cell.progress += t.judged ? t.verdict.progress : 0;
    auto& inst = cell.by_instance[instance_key(t.instance)];
    inst.first += ok;
    ++inst.second;
    for (const StepRecord& s : t.steps) {
      const json& info = s.info.is_object() ? s.info.value("info", json::object()) : json::object();
      if (info.is_object() && info.contains("perturbations") && info["perturbations"].is_array())
        for (const json& p : info["perturbations"]) ++cell.fired[p.get<std::string>()];
    }
  }
  if (!cells.count(nominal))
    throw std::invalid_argument("robustness report: no episode ran under the reference condition \"" + nominal + "\"");
  const Cell& ref = cells.at(nominal);
  const double ref_sr = static_cast<double>(ref.successes) / ref.episodes;
  json out = {{"nominal", nominal}, {"resamples", resamples}, {"seed", seed}, {"conditions", json::object()},
              {"order", json::array()}};
  // The reference first, then the named conditions in their order, then any others as they came.
  auto rank = [&](const std::string& c) {
    if (c == nominal) return -1;
    const auto& named = perturbation_conditions();
    auto it = std::find(named.begin(), named.end(), c);
    return it == named.end() ? static_cast<int>(named.size()) : static_cast<int>(it - named.begin());
  };
  std::stable_sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
  std::mt19937_64 rng(seed);
  for (const std::string& c : order) {
    const Cell& cell = cells.at(c);
    const double sr = static_cast<double>(cell.successes) / cell.episodes;
    const auto [lo, hi] = wilson_interval(cell.successes, cell.episodes);
    json j = {{"episodes", cell.episodes}, {"successes", cell.successes}, {"sr", sr}, {"sr_ci", {lo, hi}},
              {"pr", cell.progress / cell.episodes}, {"perturbations", cell.fired}};
    if (ref_sr > 0) {
      j["kept"] = sr / ref_sr;
      // Paired bootstrap over the instances both conditions ran.
      std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>> pairs;
      for (const auto& [key, v] : cell.by_instance)
        if (auto it = ref.by_instance.find(key); it != ref.by_instance.end()) pairs.push_back({v, it->second});
      std::vector<double> ratios;
      if (!pairs.empty()) {
        std::uniform_int_distribution<std::size_t> pick(0, pairs.size() - 1);
        for (int r = 0; r < resamples; ++r) {
          int cs = 0, cn = 0, rs = 0, rn = 0;
          for (std::size_t i = 0; i < pairs.size(); ++i) {
            const auto& p = pairs[pick(rng)];
            cs += p.first.first, cn += p.first.second, rs += p.second.first, rn += p.second.second;
          }
          if (rs > 0 && cn > 0) ratios.push_back((static_cast<double>(cs) / cn) / (static_cast<double>(rs) / rn));
        }
      }
      if (ratios.empty()) {
        j["kept_ci"] = nullptr;
      } else {
        std::sort(ratios.begin(), ratios.end());
        auto q = [&](double f) { return ratios[static_cast<std::size_t>(f * static_cast<double>(ratios.size() - 1))]; };
        j["kept_ci"] = {q(0.025), q(0.975)};
      }
    } else {
      j["kept"] = nullptr;
      j["kept_ci"] = nullptr;
    }
    out["conditions"][c] = j;
    out["order"].push_back(c);
  }
  return out;
}

}  // namespace pg
