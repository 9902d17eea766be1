#include "tools/calibrate_cmd.hpp"
#include "git_commit.hpp"  // PG_GIT_COMMIT, generated at build time (tools/git_commit.cmake)

#include "sim/os/phone.hpp"
#include "tasks/calibrate.hpp"
#include "tools/eval_cmd.hpp"
#include "tools/paths.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace pg {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct CalibrateArgs {
  std::vector<std::string> agents, results, tasks, apps;
  std::string split = "all", host = "native", out = "runs/calibrate";
  int instances = 3, feature_seeds = 3, max_steps = 0;
  std::uint64_t seed = 0;
  double sigma_b = 1.0;
  OpenAIAgentArgs oa;
  bool format_given = false;
  CLI::App* cmd = nullptr;
};

CalibrateArgs& args() {
  static CalibrateArgs a;
  return a;
}

// "checkpoint:runs/bc/ckpt.pt" -> "checkpoint_runs_bc_ckpt.pt": a directory name for an agent's run.
std::string slug(const std::string& spec) {
  std::string s;
  for (char c : spec) s += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' ? c : '_';
  return s.substr(0, 80);
}

// results.json of a `phonegym eval` output directory (or the file itself). A directory with only
// trajectories.jsonl (a run stopped before it wrote results.json) gives the same per-template
// "episodes" and "sr" from its lines, with "agent" null (the caller must name it) and no template
// hashes; `complete` false says so.
json read_results(const std::string& dir) {
  std::error_code ec;
  const fs::path p = fs::is_directory(dir, ec) ? fs::path(dir) / "results.json" : fs::path(dir);
  const fs::path tj = fs::path(dir) / "trajectories.jsonl";
  if (!fs::is_regular_file(p, ec) && fs::is_regular_file(tj, ec)) {
    std::ifstream f(tj);
    std::map<std::string, std::pair<int, int>> per;  // template -> (successes, episodes)
    std::string line;
    for (int n = 1; std::getline(f, line); ++n) {
      const json t = json::parse(line, nullptr, false);
      if (t.is_discarded() || !t.contains("task") || !t["task"].contains("template"))
        throw std::invalid_argument("--results \"" + dir + "\": " + tj.string() + " line " + std::to_string(n) +
                                    " is not a trajectory of phonegym eval");
      auto& [s, e] = per[t["task"]["template"].get<std::string>()];
      s += t["judge"].is_object() && t["judge"].value("success", false);
      ++e;
    }
    json by = json::object();
    for (auto& [id, se] : per) by[id] = {{"episodes", se.second}, {"sr", static_cast<double>(se.first) / se.second}};
    return {{"agent", nullptr}, {"by", {{"template", by}}}, {"complete", false},
            {"error", "no results.json: counted from trajectories.jsonl"}};
  }
  if (!fs::is_regular_file(p, ec))
    throw std::invalid_argument("--results \"" + dir + "\": no results.json there (give a directory written by phonegym eval --out DIR; "
                                "one with only the trajectories.jsonl of an unfinished run needs a name: NAME=DIR)");
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  json j = json::parse(ss.str(), nullptr, false);
  if (j.is_discarded()) throw std::invalid_argument("--results \"" + dir + "\": " + p.string() + " is not valid JSON");
  if (!j.is_object() || !j.contains("agent") || !j.contains("by") || !j["by"].contains("template"))
    throw std::invalid_argument("--results \"" + dir + "\": " + p.string() +
                                " is not a results.json of phonegym eval (no \"agent\" and \"by\".\"template\")");
  return j;
}

const char* kLevelNames[] = {"L1", "L2", "L3", "L4"};

int level_index(const std::string& l) {
  for (int i = 0; i < 4; ++i)
    if (l == kLevelNames[i]) return i + 1;
  return 1;
}

}  // namespace

CLI::App* add_calibrate_command(CLI::App& tasks) {
  CalibrateArgs& a = args();
  auto* c = tasks.add_subcommand(
      "calibrate", "fit each template's difficulty (L1-L4) to agents' success with the oracle's features as the prior "
                   "(a Rasch model; docs/benchmark.md) and write calibration.json");
  c->add_option("--agent", a.agents, "run this agent (as phonegym eval --agent: random, checkpoint:PATH, "
                                     "openai:<base_url>#<model>, oracle); repeat for several");
  c->add_option("--results", a.results,
                "[NAME=]DIR: reuse a phonegym eval output directory (its results.json), its agent named NAME if given "
                "(e.g. to keep a checkpoint's trained-on and unseen templates apart); repeat for several");
  c->add_option("--split", a.split, "train, test, all, or a regime in tasks/splits/")->capture_default_str();
  c->add_option("--task", a.tasks, "only these template ids (repeat or separate with commas)")->delimiter(',');
  c->add_option("--app", a.apps, "only templates that touch one of these apps (repeat or separate with commas)")->delimiter(',');
  c->add_option("--instances", a.instances, "instances (seeds) per template for each --agent")->capture_default_str()->check(CLI::PositiveNumber);
  c->add_option("--seed", a.seed, "first instance seed of the --agent runs")->capture_default_str();
  c->add_option("--max-steps", a.max_steps, "cap on steps per episode (0: the template's budget)");
  c->add_option("--host", a.host, "where --agent runs: native, chromium or remote:URL[,URL...]")->capture_default_str();
  c->add_option("--feature-seeds", a.feature_seeds, "instances whose oracle is measured per template")
      ->capture_default_str()->check(CLI::Range(1, 100));
  c->add_option("--prior-sd", a.sigma_b, "sd (logits) of a template's difficulty around its feature prior")
      ->capture_default_str()->check(CLI::PositiveNumber);
  c->add_option("--out", a.out, "output directory: calibration.json, and agents/<agent>/ (eval outputs of --agent runs)")
      ->capture_default_str();
  add_openai_agent_options(c, a.oa);
  a.cmd = c;
  return c;
}

int run_calibrate_command(const std::string& command_line) {
  CalibrateArgs& a = args();
  a.format_given = a.cmd->count("--format") > 0;
  if (a.agents.empty() && a.results.empty())
    throw std::invalid_argument("tasks calibrate: give at least one --agent SPEC to run or --results DIR to reuse");
  // Everything that can be wrong with the input is checked before any episode runs.
  const TaskSet set = TaskSet::load(find_tasks_dir());
  const SplitSpec split = load_split(splits_dir(), a.split);
  const std::vector<const TaskTemplate*> ts = select_eval_templates(set, split, a.tasks, a.apps);
  for (const std::string& spec : a.agents) {
    std::shared_ptr<ChatClient> client;
    eval_agent_factory(spec, a.oa, a.format_given, client);  // throws for an unknown spec
  }
  // --results [NAME=]DIR: NAME, when given, names the agent instead of results.json's "agent".
  std::vector<json> reused;
  std::vector<std::string> reused_dirs;
  for (const std::string& arg : a.results) {
    std::error_code ec;
    const auto eq = arg.find('=');
    const bool named = eq != std::string::npos && eq > 0 && !fs::exists(arg, ec);
    reused_dirs.push_back(named ? arg.substr(eq + 1) : arg);
    reused.push_back(read_results(reused_dirs.back()));
    if (named) {
      reused.back()["evaluated_agent"] = reused.back()["agent"];
      reused.back()["agent"] = arg.substr(0, eq);
    } else if (reused.back()["agent"].is_null()) {
      throw std::invalid_argument("--results \"" + arg + "\": only trajectories.jsonl there (an unfinished run), which does not "
                                  "record its agent: name it, NAME=" + arg);
    }
  }

  // 1. The oracle's features.
  std::printf("measuring the oracle of %zu templates (%d instances each)...\n", ts.size(), a.feature_seeds);
  std::fflush(stdout);
  const json defaults = Phone::default_state();
  std::vector<OracleFeatures> features;
  for (const TaskTemplate* t : ts) features.push_back(oracle_features(*t, defaults, a.feature_seeds));

  // 2. Agents: run each --agent through eval's runner, then read every results.json alike.
  fs::create_directories(a.out);
  std::vector<std::pair<std::string, json>> sources;  // (where, results.json)
  for (std::size_t i = 0; i < a.agents.size(); ++i) {
    EvalArgs e;
    e.agent = a.agents[i];
    e.split = a.split;
    for (const TaskTemplate* t : ts) e.tasks.push_back(t->id);
    e.instances = a.instances;
    e.seed = a.seed;
    e.max_steps = a.max_steps;
    e.host = a.host;
    e.oa = a.oa;
    e.format_given = a.format_given;
    e.table = false;
    e.out = (fs::path(a.out) / "agents" / (std::to_string(i) + "-" + slug(e.agent))).string();
    std::printf("\nagent %s: %zu templates x %d instances on the %s host -> %s\n", e.agent.c_str(), ts.size(), a.instances,
                a.host.c_str(), e.out.c_str());
    std::fflush(stdout);
    if (const int rc = cmd_eval(e); rc != 0) {
      std::fprintf(stderr, "phonegym: error: tasks calibrate: agent %s stopped early (its partial results are in %s)\n",
                   e.agent.c_str(), e.out.c_str());
      return rc;
    }
    sources.emplace_back(e.out, read_results(e.out));
  }
  for (std::size_t i = 0; i < reused.size(); ++i) sources.emplace_back(reused_dirs[i], reused[i]);

  // Outcomes per agent name (several sources of one agent add up), only on current template versions.
  std::map<std::string, std::size_t> index;
  for (std::size_t t = 0; t < ts.size(); ++t) index[ts[t]->id] = t;
  std::vector<std::string> names;
  std::vector<std::vector<Outcomes>> y;
  std::vector<json> agent_sources;
  for (auto& [where, r] : sources) {
    const std::string name = r["agent"].get<std::string>();
    auto it = std::find(names.begin(), names.end(), name);
    const std::size_t ai = static_cast<std::size_t>(it - names.begin());
    if (it == names.end()) {
      names.push_back(name);
      y.emplace_back(ts.size());
      agent_sources.push_back(json::array());
    }
    int used = 0, stale = 0;
    const json hashes = r.value("templates", json::object());
    for (auto& [id, row] : r["by"]["template"].items()) {
      auto ti = index.find(id);
      if (ti == index.end()) continue;  // not selected
      if (hashes.contains(id) && hashes[id] != template_hash(*ts[ti->second])) {
        ++stale;
        continue;
      }
      const int n = row.at("episodes").get<int>();
      const int s = static_cast<int>(std::lround(row.at("sr").get<double>() * n));
      y[ai][ti->second].trials += n;
      y[ai][ti->second].successes += s;
      ++used;
    }
    if (stale)
      std::printf("%s: %d templates were evaluated in another version of their file: left out\n", where.c_str(), stale);
    if (!r.value("complete", true)) std::printf("%s: an incomplete run (%s): its finished episodes count\n", where.c_str(),
                                                r.value("error", "").c_str());
    agent_sources[ai].push_back({{"results", where},          {"templates", used}, {"agent", r.value("evaluated_agent", json(name))},
                                 {"commit", r.value("commit", "")}, {"split", r.value("split", "")},
                                 {"host", r.value("host", "")},     {"instances", r.value("instances", 0)},
                                 {"seeds", r.value("seeds", json(nullptr))}});
  }

  // 3. The fit and the levels.
  const std::vector<double> prior = feature_prior(features);
  RaschOptions ro;
  ro.sigma_b = a.sigma_b;
  const RaschFit fit = fit_rasch(y, prior, ro);
  std::array<double, 4> share{};
  for (const TaskTemplate* t : ts) share[static_cast<std::size_t>(level_index(t->taxonomy.value("difficulty", "L1")) - 1)] += 1;
  const std::vector<int> levels = quantile_levels(fit.b, share);

  json cuts = json::array();  // the scores between levels: the midpoint of the neighbours
  {
    std::vector<std::pair<double, int>> sl;
    for (std::size_t t = 0; t < ts.size(); ++t) sl.push_back({fit.b[t], levels[t]});
    std::sort(sl.begin(), sl.end());
    for (std::size_t k = 1; k < sl.size(); ++k)
      if (sl[k].second != sl[k - 1].second) cuts.push_back({{"below", kLevelNames[sl[k].second - 1]}, {"score", (sl[k].first + sl[k - 1].first) / 2}});
  }
  json agents = json::array();
  for (std::size_t ai = 0; ai < names.size(); ++ai) {
    int s = 0, n = 0;
    for (const Outcomes& o : y[ai]) s += o.successes, n += o.trials;
    agents.push_back({{"name", names[ai]}, {"episodes", n}, {"successes", s}, {"sr", n ? static_cast<double>(s) / n : 0.0},
                      {"ability", fit.theta[ai]}, {"sources", agent_sources[ai]}});
  }
  json templates = json::object();
  std::array<int, 4> cal_counts{}, decl_counts{};
  int differ = 0;
  double weight = 0;
  struct Gap { int d; double score; std::size_t t; };
  std::vector<Gap> gaps;
  for (std::size_t t = 0; t < ts.size(); ++t) {
    const std::string declared = ts[t]->taxonomy.value("difficulty", "L1");
    json per = json::object();
    for (std::size_t ai = 0; ai < names.size(); ++ai)
      per[names[ai]] = {{"successes", y[ai][t].successes}, {"trials", y[ai][t].trials}};
    templates[ts[t]->id] = {{"hash", template_hash(*ts[t])}, {"declared", declared}, {"level", kLevelNames[levels[t] - 1]},
                            {"score", fit.b[t]}, {"score_se", fit.b_se[t]}, {"prior", prior[t]},
                            {"data_weight", fit.data_weight[t]}, {"features", features[t].to_json()}, {"agents", per}};
    ++cal_counts[static_cast<std::size_t>(levels[t] - 1)];
    ++decl_counts[static_cast<std::size_t>(level_index(declared) - 1)];
    differ += levels[t] != level_index(declared);
    weight += fit.data_weight[t];
    if (levels[t] != level_index(declared)) gaps.push_back({levels[t] - level_index(declared), fit.b[t], t});
  }
  json weights = json::object();
  for (std::size_t k = 0; k < kFeatureNames.size(); ++k) weights[kFeatureNames[k]] = kFeatureWeights[k];
  json doc{{"format", "phonegym-calibration-1"},
           {"commit", PG_GIT_COMMIT},
           {"command", command_line},
           {"selection", {{"split", a.split}, {"task", a.tasks}, {"app", a.apps}, {"templates", ts.size()}}},
           {"method",
            {{"model", "Rasch (1PL): P(agent a solves template t) = sigmoid(ability_a - score_t), MAP fit"},
             {"prior", "score_t ~ N(prior_t, prior_sd^2); prior_t = standardized sum of weight_k * z(log(1 + feature_k))"},
             {"feature_weights", weights},
             {"prior_sd", a.sigma_b},
             {"ability_sd", ro.sigma_theta},
             {"feature_seeds", a.feature_seeds},
             {"levels", "quantiles of score at the declared levels' shares of the selected templates"},
             {"cut_points", cuts},
             {"iterations", fit.iterations},
             {"converged", fit.converged}}},
           {"agents", agents},
           {"summary",
            {{"calibrated", {{"L1", cal_counts[0]}, {"L2", cal_counts[1]}, {"L3", cal_counts[2]}, {"L4", cal_counts[3]}}},
             {"declared", {{"L1", decl_counts[0]}, {"L2", decl_counts[1]}, {"L3", decl_counts[2]}, {"L4", decl_counts[3]}}},
             {"differ", differ},
             {"mean_data_weight", ts.empty() ? 0.0 : weight / static_cast<double>(ts.size())}}},
           {"templates", templates}};
  const std::string path = (fs::path(a.out) / "calibration.json").string();
  {
    std::ofstream f(path, std::ios::trunc);
    if (!(f << doc.dump(2) << "\n")) throw std::runtime_error("tasks calibrate: cannot write " + path);
  }

  // 4. The summary.
  std::printf("\n%-40s %9s %6s %8s\n", "agent", "episodes", "SR", "ability");
  for (const json& ag : agents)
    std::printf("%-40s %9d %5.1f%% %8.2f\n", ag["name"].get<std::string>().c_str(), ag["episodes"].get<int>(),
                100 * ag["sr"].get<double>(), ag["ability"].get<double>());
  std::printf("%zu templates; levels calibrated L1 %d, L2 %d, L3 %d, L4 %d (declared L1 %d, L2 %d, L3 %d, L4 %d)\n",
              ts.size(), cal_counts[0], cal_counts[1], cal_counts[2], cal_counts[3], decl_counts[0], decl_counts[1],
              decl_counts[2], decl_counts[3]);
  std::printf("the data's share of the information on a score: %.1f%% on average (the rest is the oracle-feature prior)\n",
              100 * doc["summary"]["mean_data_weight"].get<double>());
  std::printf("%d of %zu templates' calibrated level differs from the declared one\n", differ, ts.size());
  std::sort(gaps.begin(), gaps.end(), [](const Gap& p, const Gap& q) {
    return std::abs(p.d) != std::abs(q.d) ? std::abs(p.d) > std::abs(q.d) : p.score > q.score;
  });
  if (!gaps.empty()) std::printf("largest disagreements (declared -> calibrated, score, path length, apps, subtasks):\n");
  for (std::size_t k = 0; k < gaps.size() && k < 10; ++k) {
    const std::size_t t = gaps[k].t;
    std::printf("  %-40s %s -> %s  %6.2f  %5.1f %4.1f %4.1f\n", ts[t]->id.c_str(), ts[t]->taxonomy.value("difficulty", "L1").c_str(),
                kLevelNames[levels[t] - 1], fit.b[t], features[t].path_length, features[t].apps, features[t].subtasks);
  }
  std::printf("calibration: %s (copy it to %s to make these the templates' levels)\n", path.c_str(),
              TaskSet::calibration_path(find_tasks_dir()).c_str());
  return 0;
}

}  // namespace pg
