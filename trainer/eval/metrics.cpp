#include "trainer/eval/metrics.hpp"

#include "sim/os/phone.hpp"

#include <algorithm>

namespace pg {

using json = nlohmann::json;

std::string instance_key(const TaskInstance& inst) { return inst.tmpl->id + "#" + std::to_string(inst.seed); }

int oracle_path_length(const TaskInstance& inst) {
  NativeHost host;
  OracleEpisodeAgent oracle;
  try {
    EnvPool pool(host, episode_pool_options(host, &oracle));
    Trajectory tr = run_episode(pool, pool.add(nullptr), inst, oracle, 0);
    if (!tr.verdict.success) return 0;
    int n = 0;  // actions that operate the phone (complete/abort/answer are not on the path)
    for (const StepRecord& s : tr.steps)
      if (s.action.type != ActionType::Complete && s.action.type != ActionType::Abort) ++n;
    return n;
  } catch (const std::exception&) {
    return 0;
  }
}

namespace {

struct Acc {
  int n = 0, success = 0, false_complete = 0, overdue = 0, side_effects = 0, judge_errors = 0;
  double progress = 0, reward = 0, steps = 0, changed_steps = 0, rrr_sum = 0;
  int rrr_n = 0;

  void add(const Trajectory& t, int oracle_len) {
    ++n;
    success += t.verdict.success;
    false_complete += t.end.completed && !t.verdict.success;
    overdue += t.end.out_of_budget;
    side_effects += !t.verdict.side_effects.empty();
    judge_errors += !t.verdict.error.empty();
    progress += t.verdict.progress;
    reward += t.reward;
    steps += static_cast<double>(t.steps.size());
    for (const StepRecord& s : t.steps)
      changed_steps += s.info.contains("info") && s.info["info"].value("changed", false);
    int agent_len = 0;
    for (const StepRecord& s : t.steps)
      if (s.action.type != ActionType::Complete && s.action.type != ActionType::Abort) ++agent_len;
    if (t.verdict.success && oracle_len > 0 && agent_len > 0) {
      rrr_sum += std::min(1.0, static_cast<double>(oracle_len) / agent_len);
      ++rrr_n;
    }
  }
  json to_json() const {
    const double d = n ? n : 1;
    json j{{"episodes", n},
           {"sr", success / d},
           {"pr", progress / d},
           {"fc", false_complete / d},
           {"ot", overdue / d},
           {"use", side_effects / d},
           {"mean_reward", reward / d},
           {"mean_steps", steps / d},
           {"ror", steps > 0 ? changed_steps / steps : 0.0},
           {"judge_errors", judge_errors}};
    j["rrr"] = rrr_n ? json(rrr_sum / rrr_n) : json(nullptr);
    return j;
  }
};

}  // namespace

json compute_metrics(const std::vector<Trajectory>& trajs, const std::map<std::string, int>& oracle_steps) {
  Acc all;
  std::map<std::string, std::map<std::string, Acc>> by;  // dimension -> value -> acc
  std::map<std::string, std::vector<bool>> attempts;     // instance -> successes in attempt order
  for (const Trajectory& t : trajs) {
    const TaskTemplate& tm = *t.instance.tmpl;
    auto it = oracle_steps.find(instance_key(t.instance));
    const int olen = it == oracle_steps.end() ? 0 : it->second;
    all.add(t, olen);
    by["difficulty"][tm.difficulty()].add(t, olen);
    by["objective"][tm.taxonomy.value("objective", "operate")].add(t, olen);
    by["composition"][tm.taxonomy.value("composition", "atomic")].add(t, olen);
    by["scope"][tm.taxonomy.value("scope", "S1")].add(t, olen);
    by["split"][tm.split].add(t, olen);
    for (const std::string& app : tm.apps) by["app"][app].add(t, olen);
    for (const auto& cap : tm.taxonomy.value("capabilities", nlohmann::json::array()))
      if (cap.is_string()) by["capability"][cap.get<std::string>()].add(t, olen);
    by["template"][tm.id].add(t, olen);
    attempts[instance_key(t.instance)].push_back(t.verdict.success);
  }
  json out = all.to_json();
  std::size_t max_k = 0;
  for (auto& [k, v] : attempts) max_k = std::max(max_k, v.size());
  json pass = json::object();
  for (std::size_t k = 1; k <= max_k; ++k) {
    int ok = 0, n = 0;
    for (auto& [key, v] : attempts) {
      if (v.size() < k) continue;
      ++n;
      ok += std::any_of(v.begin(), v.begin() + static_cast<long>(k), [](bool b) { return b; });
    }
    pass["pass@" + std::to_string(k)] = n ? static_cast<double>(ok) / n : 0.0;
  }
  out["pass_at_k"] = pass;
  json breakdown = json::object();
  for (auto& [dim, m] : by)
    for (auto& [value, acc] : m) {
      json row = acc.to_json();
      if (dim == "template") {
        for (const Trajectory& t : trajs)
          if (t.instance.tmpl->id == value) {
            row["difficulty"] = t.instance.tmpl->difficulty();
            row["split"] = t.instance.tmpl->split;
            row["objective"] = t.instance.tmpl->taxonomy.value("objective", "operate");
            break;
          }
      }
      breakdown[dim][value] = row;
    }
  out["by"] = breakdown;
  return out;
}

}  // namespace pg
