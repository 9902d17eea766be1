#include "tools/eval_cmd.hpp"
#include "git_commit.hpp"  // PG_GIT_COMMIT, generated at build time (tools/git_commit.cmake)

#include "sim/os/perturb.hpp"
#include "sim/os/phone.hpp"
#include "tools/paths.hpp"
#include "sim/render/codec.hpp"
#include "trainer/agents/runner.hpp"
#include "trainer/algo/train.hpp"
#include "trainer/eval/metrics.hpp"
#include "trainer/eval/report.hpp"
#include "trainer/eval/robustness.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>

namespace pg {

namespace fs = std::filesystem;
using json = nlohmann::json;

// Hosts: "chromium", "native" or "remote:URL[,URL...]"; $PHONEGYM_BROWSERS local browsers (default 1),
// $PHONEGYM_SERVE_ADDRESS / $PHONEGYM_PAGE_URL for remote browsers, $PHONEGYM_INPUT=events for the
// input-event fidelity path (docs/host-api.md).
namespace {

/// What the metrics and the robustness report read of a trajectory already written to
/// trajectories.jsonl: the initial state shrinks to its condition (os.device, os.perturb:
/// state_condition) and the model's raw replies go (agent_step_stats reads only counters). An
/// `eval --robustness` of 17 conditions x 1,398 episodes held 8 GB of full trajectories.
void keep_for_metrics(Trajectory& tr) {
  json& state = tr.instance.initial_state;
  json condition = json::object();
  if (state.is_object() && state.contains("os") && state["os"].is_object())
    for (const char* key : {"device", "perturb"})
      if (state["os"].contains(key)) condition["os"][key] = std::move(state["os"][key]);
  state = std::move(condition);
  for (StepRecord& s : tr.steps)
    if (s.agent.is_object()) s.agent.erase("reply");
}

}  // namespace

std::unique_ptr<Host> open_host(const std::string& kind, int tabs) {
  HostOptions o;
  o.kind = kind;
  o.tabs = tabs;
  host_options_from_env(o);
  if (kind != "native") {
    o.web_root = find_web_root();
    std::printf("starting the browser host (%s, web root %s)...\n", kind.c_str(), o.web_root.c_str());
    std::fflush(stdout);
  }
  auto t0 = std::chrono::steady_clock::now();
  auto h = make_host(o);
  if (o.input_events && kind != "native")
    std::printf("actions go in as DevTools touch and key events (PHONEGYM_INPUT=events, the fidelity path)\n");
  if (kind != "native")
    std::printf("browser host ready in %.2f s\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  return h;
}

// ---------------------------------------------------------------- eval


std::string splits_dir() { return (fs::path(find_tasks_dir()) / ".." / "splits").lexically_normal().string(); }

namespace {
/// Template hashes (template_hash), so two results can be compared honestly.
json template_hashes(const std::vector<const TaskTemplate*>& ts) {
  json h = json::object();
  for (const TaskTemplate* t : ts) h[t->id] = template_hash(*t);
  return h;
}
}  // namespace

std::function<std::unique_ptr<Agent>()> eval_agent_factory(const std::string& spec, OpenAIAgentArgs& oa, bool format_given,
                                                           std::shared_ptr<ChatClient>& client) {
  std::function<std::unique_ptr<Agent>()> make_agent = vlm_agent_factory(spec, oa, format_given, client);
  if (make_agent) return make_agent;
  if (spec == "oracle") return [] { return std::make_unique<OracleEpisodeAgent>(); };
  if (spec == "random") {
    std::vector<std::string> apps;
    const json state = Phone::default_state();
    for (auto it = state["apps"].begin(); it != state["apps"].end(); ++it) apps.push_back(it.key());
    return [apps] { return std::make_unique<RandomAgent>(apps); };
  }
  if (spec.rfind("checkpoint:", 0) == 0) {
    const std::string path = spec.substr(11);
    return [path] { return make_checkpoint_agent(path); };
  }
  throw std::invalid_argument("--agent \"" + spec + "\": use oracle, random, checkpoint:PATH or openai:<base_url>#<model>");
}

std::vector<const TaskTemplate*> select_eval_templates(const TaskSet& set, const SplitSpec& split,
                                                       const std::vector<std::string>& tasks,
                                                       const std::vector<std::string>& apps) {
  std::vector<const TaskTemplate*> ts;
  if (tasks.empty()) ts = set.select(split.eval);
  else
    for (const std::string& id : tasks) ts.push_back(&set.get(id));
  if (!apps.empty()) {
    const json installed = Phone::default_state()["apps"];
    for (const std::string& a : apps)
      if (!installed.contains(a)) throw std::invalid_argument("--app \"" + a + "\": not an installed app (see phonegym tasks stats)");
    std::vector<const TaskTemplate*> kept;
    for (const TaskTemplate* t : ts)
      if (std::any_of(t->apps.begin(), t->apps.end(), [&](const std::string& a) { return std::count(apps.begin(), apps.end(), a) > 0; }))
        kept.push_back(t);
    ts = std::move(kept);
  }
  if (ts.empty()) {
    std::string what = tasks.empty() ? "split \"" + split.name + "\"" : "--task " + json(tasks).dump();
    if (!apps.empty()) what += ", --app " + json(apps).dump();
    throw std::invalid_argument("no templates selected (" + what + ", " + std::to_string(set.templates().size()) +
                                " templates loaded from " + find_tasks_dir() + ")");
  }
  return ts;
}

int cmd_eval(EvalArgs& a) {
  // The perturbation conditions each instance runs under (checked before anything starts).
  std::vector<std::string> conditions{a.perturb.empty() ? std::string("nominal") : a.perturb};
  if (a.robustness) {
    if (!a.perturb.empty()) throw std::invalid_argument("--perturb and --robustness: use --conditions to choose the conditions");
    conditions = a.conditions.empty() ? perturbation_conditions() : a.conditions;
    if (std::find(conditions.begin(), conditions.end(), "nominal") == conditions.end())
      conditions.insert(conditions.begin(), "nominal");  // the reference of "kept"
  } else if (!a.conditions.empty()) {
    throw std::invalid_argument("--conditions needs --robustness");
  }
  for (const std::string& c : conditions) parse_condition(c);  // throws naming a bad spec
  TaskSet tasks = TaskSet::load(find_tasks_dir());
  const SplitSpec split = load_split(splits_dir(), a.split);
  std::vector<const TaskTemplate*> templates = select_eval_templates(tasks, split, a.tasks, a.apps);
  std::shared_ptr<ChatClient> client;  // openai:... agents share one endpoint client
  std::function<std::unique_ptr<Agent>()> make_agent = eval_agent_factory(a.agent, a.oa, a.format_given, client);
  std::unique_ptr<Agent> agent = make_agent();  // the first worker's; checked before the host starts
  auto host = open_host(a.host, 1);
  if ((agent->needs_pixels() || a.report) && !host->has_pixels())
    throw std::invalid_argument("--agent " + a.agent + (a.report ? " with --report" : "") + " needs screenshots: host " +
                                a.host + " has none");
  const json defaults = Phone::default_state();
  std::vector<Trajectory> trajs;
  std::map<std::string, int> oracle_steps;
  fs::create_directories(a.out);
  if (a.report) fs::create_directories(a.out + "/screens");
  std::ofstream traj_file(a.out + "/trajectories.jsonl", std::ios::trunc);
  std::printf("%-34s %5s %3s %5s %6s %6s\n", "task", "seed", "try", "ok", "PR", "steps");
  std::vector<EpisodeJob> jobs;
  // A template the split also trains on is evaluated on its held-out instances only (disjoint from
  // every instance a trainer on this split sees); one with too few instances is left out.
  std::set<std::string> trained;
  if (split.hold_out)
    for (const TaskTemplate* t : tasks.select(split.train)) trained.insert(t->id);
  std::vector<const TaskTemplate*> both;
  for (const TaskTemplate* t : templates)
    if (trained.count(t->id)) both.push_back(t);
  const HeldOutInstances heldout(both, defaults);
  json left_out = json::object();
  for (const TaskTemplate* t : templates) {
    std::vector<TaskInstance> insts;
    if (!trained.count(t->id)) {
      for (int i = 0; i < a.instances; ++i)
        insts.push_back(sample_instance(*t, split.eval_seed_from + a.seed + static_cast<std::uint64_t>(i), defaults));
    } else if (heldout.in_regime(*t)) {
      insts = heldout.eval_instances(*t, split.eval_seed_from + a.seed, a.instances, defaults);
    } else {
      left_out[t->id] = heldout.excluded().at(t->id);
      continue;
    }
    for (TaskInstance& inst : insts) {
      const std::uint64_t seed = inst.seed;
      oracle_steps[instance_key(inst)] = oracle_path_length(inst);
      for (const std::string& c : conditions)
        for (int k = 0; k < a.attempts; ++k) {
          // The same instance, agent seed and perturbation seed under every condition (paired); the
          // perturbation seed differs between templates (their eval seeds are the same numbers).
          const std::uint64_t episode_seed = seed * 1000 + static_cast<std::uint64_t>(k);
          TaskInstance run = inst;
          run.initial_state = with_condition(std::move(run.initial_state), c, episode_seed ^ fnv1a(t->id));
          jobs.push_back({std::move(run), seed, k, static_cast<int>(jobs.size()), episode_seed});
        }
    }
  }
  std::mutex agent_mu;  // workers take the first agent, then make their own
  auto worker_agent = [&]() -> std::unique_ptr<Agent> {
    std::lock_guard<std::mutex> lk(agent_mu);
    return agent ? std::move(agent) : make_agent();
  };
  const EpisodeRun run = run_episodes(
      *host, jobs, a.oa.concurrency, worker_agent,
      [&](const EpisodeJob& job, Agent&) {
        EpisodeOptions eo;
        eo.episode.step_budget = a.max_steps;
        if (a.report)
          eo.save_screen = [&a, episode = job.episode](const Image& img, int step) {
            const std::string name = "screens/e" + std::to_string(episode) + "_s" + std::to_string(step) + ".png";
            write_png(a.out + "/" + name, img);
            return name;
          };
        return eo;
      },
      [&](const EpisodeJob& job, Trajectory& tr) {
        std::string note = !tr.agent_error.empty() ? "  agent error: " + tr.agent_error : tr.verdict.error.empty() ? "" : "  " + tr.verdict.error;
        if (a.robustness || !a.perturb.empty()) note = "  [" + episode_condition(tr) + "]" + note;
        std::printf("%-34s %5llu %3d %5s %6.2f %6zu%s\n", job.instance.tmpl->id.c_str(), static_cast<unsigned long long>(job.seed),
                    job.attempt + 1, tr.verdict.success ? "yes" : "no", tr.verdict.progress, tr.steps.size(), note.c_str());
        std::fflush(stdout);
        traj_file << tr.to_json().dump() << "\n";
        traj_file.flush();
        if (!a.report) keep_for_metrics(tr);  // the HTML report shows the replies
        trajs.push_back(std::move(tr));
      });
  const std::string& agent_error = run.agent_error;
  // With --robustness the headline metrics are the nominal episodes'; the report compares them.
  std::vector<Trajectory> nominal_trajs;
  if (a.robustness)
    for (const Trajectory& t : trajs)
      if (episode_condition(t) == "nominal") nominal_trajs.push_back(t);
  json results = compute_metrics(a.robustness ? nominal_trajs : trajs, oracle_steps);
  if (a.robustness && !nominal_trajs.empty()) results["robustness"] = robustness_report(trajs, "nominal", 2000, a.seed);
  results["perturbation"] = a.robustness ? json(conditions) : json(conditions.front());
  results["host_restarts"] = run.host_restarts;
  results["agent_steps"] = agent_step_stats(trajs);
  if (client) results["endpoint"] = client->stats();
  results["complete"] = agent_error.empty();
  if (!agent_error.empty()) results["error"] = "stopped after " + std::to_string(trajs.size()) + " of " + std::to_string(jobs.size()) + " episodes: " + agent_error;
  results["agent"] = a.agent;
  results["split"] = a.split;
  results["host"] = host->name();
  results["instances"] = a.instances;
  results["attempts"] = a.attempts;
  results["seeds"] = {{"first", split.eval_seed_from + a.seed}, {"count", a.instances}};
  results["templates_left_out"] = left_out;  // trained-on templates with too few instances to hold any out
  results["commit"] = PG_GIT_COMMIT;
  results["templates"] = template_hashes(templates);
  {
    std::ofstream f(a.out + "/results.json", std::ios::trunc);
    if (!(f << results.dump(2) << "\n")) throw std::runtime_error("eval: cannot write " + a.out + "/results.json");
  }
  if (a.report) write_html_report(a.out + "/results.html", results, trajs);
  std::printf("\n%-34s %6s %6s %6s %6s %6s %6s\n", "task", "SR", "PR", "FC", "OT", "USE", "steps");
  for (auto& [id, r] : results["by"]["template"].items())
    if (a.table) std::printf("%-34s %5.0f%% %5.0f%% %5.0f%% %5.0f%% %5.0f%% %6.1f\n", id.c_str(), 100 * r["sr"].get<double>(),
                100 * r["pr"].get<double>(), 100 * r["fc"].get<double>(), 100 * r["ot"].get<double>(),
                100 * r["use"].get<double>(), r["mean_steps"].get<double>());
  for (auto& [d, r] : results["by"]["difficulty"].items())
    std::printf("%-34s %5.0f%% %5.0f%%\n", ("difficulty " + d).c_str(), 100 * r["sr"].get<double>(), 100 * r["pr"].get<double>());
  std::printf("%-34s %5.0f%% %5.0f%%   (%d episodes; RRR %s, ROR %.2f)\nresults: %s/results.json%s\n", "overall",
              100 * results["sr"].get<double>(), 100 * results["pr"].get<double>(), results["episodes"].get<int>(),
              results["rrr"].is_null() ? "-" : std::to_string(results["rrr"].get<double>()).substr(0, 4).c_str(),
              results["ror"].get<double>(), a.out.c_str(), a.report ? (" and " + a.out + "/results.html").c_str() : "");
  if (results.contains("robustness")) {
    const json& r = results["robustness"];
    auto ci = [](const json& v) {
      return v.is_array() ? "[" + std::to_string(static_cast<int>(std::lround(100 * v[0].get<double>()))) + ", " +
                                std::to_string(static_cast<int>(std::lround(100 * v[1].get<double>()))) + "]"
                          : std::string("-");
    };
    std::printf("\n%-12s %8s %6s %12s %6s %12s\n", "condition", "episodes", "SR", "95% CI", "kept", "95% CI");
    for (const json& c : r["order"]) {
      const json& m = r["conditions"][c.get<std::string>()];
      std::printf("%-12s %8d %5.0f%% %12s %5s%% %12s\n", c.get<std::string>().c_str(), m["episodes"].get<int>(),
                  100 * m["sr"].get<double>(), ci(m["sr_ci"]).c_str(),
                  m["kept"].is_null() ? "-" : std::to_string(static_cast<int>(std::lround(100 * m["kept"].get<double>()))).c_str(),
                  ci(m["kept_ci"]).c_str());
    }
  }
  for (auto& [id, why] : left_out.items())
    std::printf("left out (trained on, no held-out instances): %s: %s\n", id.c_str(), why.get<std::string>().c_str());
  if (results.contains("endpoint"))
    std::printf("endpoint: %ld requests, %ld retries, %ld failed, %ld+%ld tokens, latency p50 %.0f ms; format errors %ld of %ld steps (%ld without a reply)\n",
                results["endpoint"]["requests"].get<long>(), results["endpoint"]["retries"].get<long>(),
                results["endpoint"]["failed"].get<long>(), results["endpoint"]["prompt_tokens"].get<long>(),
                results["endpoint"]["completion_tokens"].get<long>(), results["endpoint"]["latency_ms"]["p50"].get<double>(),
                results["agent_steps"]["format_errors"].get<long>(), results["agent_steps"]["steps"].get<long>(),
                results["agent_steps"].value("endpoint_errors", 0L));
  if (!agent_error.empty()) {
    std::fprintf(stderr, "phonegym: error: %s (partial results written)\n", results["error"].get<std::string>().c_str());
    return 2;
  }
  return 0;
}


}  // namespace pg
