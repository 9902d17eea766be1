// phonegym: the command line. Subcommands: train, eval, bench, serve, tasks {list,show,sample,validate,solve,stats,calibrate},
// replay, adbd, devices, agents {parse,prompt}, rollout, screenshot, profiles, view, state {dump,diff}, screens, nav paths.
// Human-readable progress on stdout, machine-readable JSON/JSONL files.
#include "sim/os/phone.hpp"
#include "sim/os/device.hpp"
#include "sim/os/perturb.hpp"
#include "tools/adb_cli.hpp"
#include "sim/state/diff.hpp"
#include "tasks/judge.hpp"
#include "tasks/task.hpp"
#include "tasks/validate.hpp"
#include "tools/agents_cli.hpp"
#include "tools/calibrate_cmd.hpp"
#include "tools/eval_cmd.hpp"
#include "tools/paths.hpp"
#include "sim/render/codec.hpp"
#include "tools/screens.hpp"
#include "tools/serve.hpp"
#include "tools/train_cmd.hpp"
#include "tools/view.hpp"
#include "trainer/agents/runner.hpp"
#include "trainer/algo/train.hpp"
#include "bench/hosts.hpp"
#include "trainer/eval/agent.hpp"
#include "trainer/eval/metrics.hpp"
#include "trainer/eval/report.hpp"
#include "trainer/pool/host.hpp"
#include "sim/util/hash.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <functional>
#include <map>
#include <mutex>
#include <sstream>

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

json read_json_file(const std::string& path, const std::string& what) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error(what + ": cannot open " + path);
  std::stringstream ss;
  ss << f.rdbuf();
  json j = json::parse(ss.str(), nullptr, false);
  if (j.is_discarded()) throw std::runtime_error(what + ": " + path + " is not valid JSON");
  return j;
}

/// Runs every template's oracle on `instances` instances on the native host; prints failures;
/// returns the number of templates that failed.
// `phonegym tasks validate`: validation v2 of every template (tasks/validate.hpp).
int cmd_tasks_validate(const std::string& dir, const std::string& id, const pg::ValidateOptions& opt,
                       const std::string& json_out) {
  pg::TaskSet set = pg::TaskSet::load(dir);
  std::vector<const pg::TaskTemplate*> ts = id.empty() ? set.split("all") : std::vector<const pg::TaskTemplate*>{&set.get(id)};
  const json defaults = pg::Phone::default_state();
  int failed = 0, runs = 0, mutants = 0, survivors = 0, waived = 0;
  long distinct = 0;
  json report = json::array();
  for (const pg::TaskTemplate* t : ts) {
    const pg::TemplateCheck c = pg::validate_template(*t, defaults, opt);
    runs += c.oracle_runs;
    mutants += c.mutants;
    distinct += c.distinct;
    survivors += static_cast<int>(c.survivors.size());
    waived += static_cast<int>(c.waived.size());
    report.push_back(c.to_json());
    if (c.ok()) continue;
    ++failed;
    std::printf("FAIL %s (%s)\n", c.id.c_str(), c.file.c_str());
    for (const std::string& p : c.problems) std::printf("  problem: %s\n", p.c_str());
    for (const std::string& m : c.survivors) std::printf("  surviving mutation: %s\n", m.c_str());
  }
  if (!json_out.empty()) {
    std::ofstream f(json_out);
    if (!(f << report.dump(2) << "\n")) throw std::runtime_error("tasks validate: cannot write " + json_out);
  }
  std::printf("%zu templates in %s: %d oracle runs, %ld distinct instances, %d mutants, %d surviving, %d waived; "
              "%zu passed, %d failed\n",
              ts.size(), dir.c_str(), runs, distinct, mutants, survivors, waived, ts.size() - static_cast<std::size_t>(failed), failed);
  return failed == 0 ? 0 : 1;
}

int cmd_tasks_solve(const std::string& id, int instances) {
  pg::TaskSet tasks = pg::TaskSet::load(pg::find_tasks_dir());
  std::vector<const pg::TaskTemplate*> ts = id.empty() ? tasks.split("all") : std::vector<const pg::TaskTemplate*>{&tasks.get(id)};
  pg::NativeHost host;
  pg::EnvPool::Options po;
  po.workers = 1;
  po.pixels = false;
  po.ui_tree = true;  // the oracle reads the accessibility tree
  pg::EnvPool pool(host, po);
  const int env_id = pool.add(nullptr);
  pg::OracleEpisodeAgent oracle;
  const json defaults = pg::Phone::default_state();
  int failed = 0, episodes = 0;
  for (const pg::TaskTemplate* t : ts) {
    std::string problem;
    for (int i = 0; i < instances && problem.empty(); ++i) {
      try {
        pg::TaskInstance inst = pg::sample_instance(*t, static_cast<std::uint64_t>(i), defaults);
        if (pg::TaskEnv::verdict(inst, inst.initial_state).success) problem = "solved before any action";
        pg::Trajectory tr = pg::run_episode(pool, env_id, inst, oracle, 0);
        ++episodes;
        if (!tr.verdict.success) problem = "seed " + std::to_string(i) + ": " + tr.verdict.to_json().dump();
        else if (!tr.verdict.side_effects.empty()) problem = "seed " + std::to_string(i) + ": side effects " + json(tr.verdict.side_effects).dump();
      } catch (const std::exception& e) {
        problem = "seed " + std::to_string(i) + ": " + e.what();
      }
    }
    if (!problem.empty()) {
      ++failed;
      std::printf("FAIL %s: %s\n", t->id.c_str(), problem.c_str());
    }
  }
  std::printf("%zu templates, %d episodes, %d failed: oracle SR %.1f%%\n", ts.size(), episodes, failed,
              ts.empty() ? 0.0 : 100.0 * static_cast<double>(ts.size() - static_cast<std::size_t>(failed)) / static_cast<double>(ts.size()));
  return failed;
}

// ---------------------------------------------------------------- tasks

int cmd_tasks_list(bool as_json, const std::string& split) {
  pg::TaskSet tasks = pg::TaskSet::load(pg::find_tasks_dir());
  json rows = json::array();
  for (const pg::TaskTemplate* t : tasks.split(split))
    rows.push_back({{"id", t->id}, {"apps", t->apps}, {"split", t->split}, {"difficulty", t->difficulty()},
                    {"objective", t->taxonomy.value("objective", "")}, {"scope", t->taxonomy.value("scope", "")},
                    {"composition", t->taxonomy.value("composition", "")}, {"step_budget", t->step_budget}});
  if (as_json) {
    std::cout << rows.dump(2) << "\n";
    return 0;
  }
  std::printf("%-26s %-18s %-6s %-4s %s\n", "id", "apps", "split", "diff", "instruction");
  for (const pg::TaskTemplate* t : tasks.split(split)) {
    std::string apps;
    for (const auto& a : t->apps) apps += (apps.empty() ? "" : ",") + a;
    std::printf("%-26s %-18s %-6s %-4s %s\n", t->id.c_str(), apps.c_str(), t->split.c_str(), t->difficulty().c_str(),
                t->phrasings[0].c_str());
  }
  std::printf("%zu templates\n", tasks.split(split).size());
  return 0;
}

int cmd_tasks_sample(const std::string& id, std::uint64_t seed) {
  pg::TaskSet tasks = pg::TaskSet::load(pg::find_tasks_dir());
  pg::TaskInstance inst = pg::sample_instance(tasks.get(id), seed, pg::Phone::default_state());
  json j = inst.to_json();
  j["setup"] = inst.fill(inst.tmpl->setup);
  j["step_budget"] = inst.tmpl->step_budget;
  std::cout << j.dump(2) << "\n";
  return 0;
}

// ---------------------------------------------------------------- screenshot

struct ShotArgs {
  std::string task, out = "screen.png", actions, host = "chromium", state_file;
  std::string profile;  ///< a device profile (sim/os/device.hpp) to draw the state on
  std::uint64_t seed = 0;
  int oracle_steps = 0;
  bool full = true;
  bool som = false;  ///< draw the set-of-marks on top
};

int cmd_screenshot(const ShotArgs& a) {
  json state = pg::Phone::default_state();
  std::unique_ptr<pg::TaskInstance> inst;
  pg::TaskSet tasks;
  if (!a.task.empty()) {
    tasks = pg::TaskSet::load(pg::find_tasks_dir());
    inst = std::make_unique<pg::TaskInstance>(pg::sample_instance(tasks.get(a.task), a.seed, state));
    state = inst->initial_state;
  }
  if (!a.state_file.empty()) {
    if (!a.task.empty()) throw std::invalid_argument("--state and --task exclude each other");
    state = read_json_file(a.state_file, "--state");
    pg::Phone::validate(state);
  }
  if (!a.profile.empty()) {
    pg::set_device_condition(state["os"], a.profile);  // throws naming the profiles for an unknown name
    pg::Phone::validate(state);
  }
  std::vector<pg::Action> actions;  // parsed before the browser starts: bad input fails fast
  if (!a.actions.empty()) {
    json acts = json::parse(a.actions, nullptr, false);
    if (acts.is_discarded()) acts = read_json_file(a.actions, "--actions");
    if (!acts.is_array()) throw std::invalid_argument("--actions: expected a JSON array of actions");
    for (std::size_t i = 0; i < acts.size(); ++i) {
      try {
        actions.push_back(pg::parse_action(acts[i]));
      } catch (const pg::ActionError& e) {
        throw pg::ActionError("--actions[" + std::to_string(i) + "]: " + e.what());
      }
    }
  }
  auto host = pg::open_host(a.host, 1);
  int slot = host->create();
  host->reset(slot, state);
  for (const pg::Action& act : actions) host->step(slot, act);
  if (a.oracle_steps > 0) {
    if (!inst) throw std::invalid_argument("--oracle-steps needs --task");
    pg::OracleAgent oracle(*inst);
    for (int i = 0; i < a.oracle_steps; ++i) {
      auto act = oracle.next(host->ui_tree(slot));
      if (!act || act->type == pg::ActionType::Complete) break;
      host->step(slot, *act);
    }
  }
  pg::write_png(a.out, a.som ? host->screenshot_som(slot, a.full) : host->screenshot(slot, a.full));
  std::printf("wrote %s\n", a.out.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"PhoneGym: a simulated Android phone for training and evaluating mobile GUI agents"};
  app.require_subcommand(1);

  std::string tasks_dir;
  app.add_option("--tasks", tasks_dir, "load task templates from this directory (every command; default: tasks/templates)");
  app.fallthrough();  // --tasks may follow the subcommand
  auto* train = pg::add_train_command(app);  // tools/train_cmd.cpp

  pg::EvalArgs ea;
  auto* eval = app.add_subcommand("eval", "run an agent over a split and report SR/PR per task");
  eval->add_option("--agent", ea.agent, "oracle, random, checkpoint:PATH or openai:<base_url>#<model> (docs/agents.md)")->capture_default_str();
  eval->add_option("--split", ea.split, "train, test, all, or a regime in tasks/splits/ (unseen_instance, unseen_template, unseen_app)")->capture_default_str();
  eval->add_option("--task", ea.tasks, "only these template ids (repeat or separate with commas; any split)")->delimiter(',');
  eval->add_option("--app", ea.apps, "only templates that touch one of these apps (repeat or separate with commas)")->delimiter(',');
  eval->add_option("--instances", ea.instances, "instances (seeds) per template")->capture_default_str()->check(CLI::PositiveNumber);
  eval->add_option("--seed", ea.seed, "first instance seed")->capture_default_str();
  eval->add_option("--max-steps", ea.max_steps, "cap on steps per episode (0: the template's budget)");
  eval->add_option("--out", ea.out, "output directory for results.json and trajectories.jsonl")->capture_default_str();
  eval->add_option("--host", ea.host, "chromium, native, or remote:URL[,URL...] (browsers reached by DevTools URL)")->capture_default_str();
  eval->add_option("--attempts", ea.attempts, "attempts per instance (pass@k)")->capture_default_str()->check(CLI::PositiveNumber);
  eval->add_flag("--report", ea.report, "also write results.html with a trajectory viewer (screenshots per step)");
  eval->add_option("--perturb", ea.perturb,
                   "run every episode under a condition: a perturbation (nominal, popup, heads_up, keyboard, drop, delay, repeat, "
                   "spinner, mixed, or kind=rate pairs like popup=0.2,drop=0.1), a device profile (`phonegym profiles`), dark (the dark theme), or "
                   "[PROFILE+][dark+]PERTURBATION (docs/real-device.md)");
  eval->add_flag("--robustness", ea.robustness,
                 "run every instance under each perturbation condition and report SR per condition and the fraction "
                 "of the nominal SR kept, with 95% intervals");
  eval->add_option("--conditions", ea.conditions, "with --robustness: these conditions, perturbations and/or device profiles (comma-separated; nominal is always added)")
      ->delimiter(',');
  pg::add_openai_agent_options(eval, ea.oa);
  pg::AgentsCli agents_cli(app);

  auto* tasks = app.add_subcommand("tasks", "list, show, sample and validate task templates");
  tasks->require_subcommand(1);
  bool list_json = false;
  std::string list_split = "all";
  auto* tlist = tasks->add_subcommand("list", "list templates");
  tlist->add_flag("--json", list_json, "print JSON");
  tlist->add_option("--split", list_split, "train, test or all")->capture_default_str();
  std::string show_id;
  auto* tshow = tasks->add_subcommand("show", "print one template");
  tshow->add_option("id", show_id, "template id")->required();
  std::string sample_id;
  std::uint64_t sample_seed = 0;
  auto* tsample = tasks->add_subcommand("sample", "show an instance: instruction, parameters, setup");
  tsample->add_option("id", sample_id, "template id")->required();
  tsample->add_option("--seed", sample_seed, "instance seed")->capture_default_str();
  std::string solve_id;
  int solve_instances = 5;
  bool solve_all = false;
  auto* tsolve = tasks->add_subcommand("solve", "run the oracle of a template (or --all) natively; exit 1 if any fails");
  tsolve->add_option("id", solve_id, "template id");
  tsolve->add_flag("--all", solve_all, "every template");
  tsolve->add_option("--instances", solve_instances, "instances per template")->capture_default_str()->check(CLI::PositiveNumber);
  bool stats_json = false;
  auto* tstats = tasks->add_subcommand("stats", "the benchmark's composition and its number of distinct instances");
  tstats->add_flag("--json", stats_json, "print JSON");
  auto* tcalibrate = pg::add_calibrate_command(*tasks);  // tools/calibrate_cmd.cpp
  std::string validate_dir, validate_id, validate_json;
  pg::ValidateOptions vopt;
  bool validate_fast = false;
  auto* tvalidate = tasks->add_subcommand(
      "validate", "check every template: parse, sample many seeds, run the oracle on each, judge partial solutions, "
                  "and the judge mutation test (docs/tasks.md, Validation); exit 1 on any failure");
  tvalidate->add_option("dir", validate_dir, "directory of templates (default: --tasks or the installed ones)");
  tvalidate->add_option("--task", validate_id, "only this template id");
  tvalidate->add_option("--seeds", vopt.seeds, "instances whose oracle is run per template")->capture_default_str()->check(CLI::Range(1, 1000));
  tvalidate->add_flag("--no-mutations", validate_fast, "skip the judge mutation test");
  tvalidate->add_option("--json", validate_json, "also write the full report (every template's checks) to this file");

  std::string cmp_a, cmp_b, cmp_out = "compare.html";
  auto* compare = app.add_subcommand("compare", "compare two evaluations (results.json, or their directories) in one HTML page: SR by app, capability, difficulty, objective, split and template");
  compare->add_option("a", cmp_a, "the first run's results.json or directory")->required();
  compare->add_option("b", cmp_b, "the second run's results.json or directory")->required();
  compare->add_option("--out", cmp_out, "the HTML file to write")->capture_default_str();

  ShotArgs sa;
  auto* shot = app.add_subcommand("screenshot", "render the phone to a PNG through the browser host");
  shot->add_option("--task", sa.task, "start from this template's initial state");
  shot->add_option("--seed", sa.seed, "instance seed");
  shot->add_option("--actions", sa.actions, "JSON array of actions (inline or a file) to apply first");
  shot->add_option("--oracle-steps", sa.oracle_steps, "apply the first N oracle steps of --task");
  shot->add_option("--out", sa.out, "PNG path")->capture_default_str();
  shot->add_option("--state", sa.state_file, "start from this state JSON file (e.g. from `state dump`)")->check(CLI::ExistingFile);
  shot->add_option("--host", sa.host, "chromium (WebGL2) or native (CPU renderer)")->capture_default_str();
  bool obs_size = false;
  shot->add_flag("--obs", obs_size, "the 270x600 observation instead of 1080x2400");
  shot->add_flag("--som", sa.som, "draw the set-of-marks (numbered boxes on the interactive elements)");
  shot->add_option("--profile", sa.profile, "draw on this device profile (`phonegym profiles` lists them), in the dark theme with PROFILE+dark or dark, with a locale's dates with PROFILE+LOCALE or LOCALE (en-US, en-GB, fr-FR, de-DE, es-ES, it-IT); the PNG has its pixels");

  bool profiles_json = false;
  auto* profiles = app.add_subcommand("profiles", "list the device profiles: screen size, density, font scale, cutout (docs/real-device.md)");
  profiles->add_flag("--json", profiles_json, "print them as os.device JSON objects, one per line");

  pg::ViewArgs va;
  auto* view = app.add_subcommand("view", "a desktop window (SDL2) on a native phone, to use it by hand");
  view->add_option("--task", va.task, "start from this template's instance");
  view->add_option("--seed", va.seed, "instance seed")->capture_default_str();
  view->add_option("--width", va.width, "window width in pixels")->capture_default_str();
  view->add_option("--frames", va.frames, "exit after N frames (headless smoke tests)");

  std::string dump_task;
  std::uint64_t dump_seed = 0;
  auto* state = app.add_subcommand("state", "state tools");
  state->require_subcommand(1);
  auto* sdump = state->add_subcommand("dump", "print the default state, or a task instance's initial state");
  sdump->add_option("--task", dump_task, "template id");
  sdump->add_option("--seed", dump_seed, "instance seed");
  std::string diff_a, diff_b;
  auto* sdiff = state->add_subcommand("diff", "print the RFC 6902 JSON Patch that turns state A into state B");
  sdiff->add_option("A", diff_a, "the first state (JSON file)")->required();
  sdiff->add_option("B", diff_b, "the second state (JSON file)")->required();

  std::string screens_out = "docs/screens/apps", screens_app;
  auto* screens = app.add_subcommand("screens", "render every page of every app (nav.json examples) to PNG and lint it");
  screens->add_option("--out", screens_out, "output directory")->capture_default_str();
  screens->add_option("--app", screens_app, "only this app");
  std::string screens_profile;
  screens->add_option("--profile", screens_profile, "render and lint on this device profile (`phonegym profiles`), in the dark theme with PROFILE+dark or dark, with a locale's dates with PROFILE+LOCALE or LOCALE (e.g. de-DE)");
  bool screens_docs = false, screens_check = false;
  int screens_tolerance = 2;
  std::string screens_docs_dir;
  screens->add_flag("--docs", screens_docs,
                    "make every screenshot of the docs (docs/screens: app pages and the screens listed in "
                    "screens.json); scripts/screens also remakes the studio's");
  screens->add_flag("--check", screens_check, "with --docs: compare with the PNGs there instead; exit 1 if any is stale");
  screens->add_option("--docs-dir", screens_docs_dir, "with --docs: the docs/screens directory (default: the source tree's)");
  screens->add_option("--tolerance", screens_tolerance, "with --check: channel differences up to this are equal; a screen is stale when any channel differs by more than 32 or over 0.05% of channels by more than this (0..255)")
      ->check(CLI::Range(0, 255))
      ->capture_default_str();
  auto* nav = app.add_subcommand("nav", "an app's declarative navigation");
  nav->require_subcommand(1);
  std::string nav_app;
  auto* nav_paths = nav->add_subcommand("paths", "validate nav.json and print the shortest path to every page");
  nav_paths->add_option("app", nav_app, "app id")->required();
  std::string nav_from;
  nav_paths->add_option("--from", nav_from, "start page (default: the entry; \"*\": every page)");

  pg::HostBenchOptions bench_opt;
  std::string bench_out;
  auto* bench = app.add_subcommand("bench", "measure the Chromium host next to the native host and print a table");
  bench->add_option("--reps", bench_opt.reps, "samples per latency metric")->capture_default_str()->check(CLI::Range(3, 100000));
  bench->add_option("--seconds", bench_opt.throughput_seconds, "length of the random-agent throughput run")
      ->capture_default_str()->check(CLI::Range(1.0, 3600.0));
  bench->add_option("--envs", bench_opt.throughput_envs, "envs in the throughput run")->capture_default_str()->check(CLI::Range(1, 4096));
  bench->add_option("--tabs", bench_opt.tabs, "Chromium tabs in the throughput run")->capture_default_str()->check(CLI::Range(1, 16));
  bench->add_option("--memory-envs", bench_opt.memory_envs, "env counts for memory per env")->capture_default_str()->delimiter(',');
  bench->add_option("--agent-apps", bench_opt.agent_apps, "apps the random agent opens (default: all installed)")
      ->delimiter(',');
  bench->add_option("--out", bench_out, "also write the results as JSON to this file");
  pg::add_serve_command(app);
  pg::add_serve_env_command(app);
  pg::add_adb_commands(app);  // replay, adbd, devices (tools/adb_cli.cpp)

  CLI11_PARSE(app, argc, argv);
  spdlog::set_level(spdlog::level::warn);
  try {
    if (!tasks_dir.empty()) pg::set_tasks_dir(tasks_dir);
    if (auto rc = pg::run_adb_commands()) return *rc;
    if (*train) return pg::run_train_command();
    if (*eval) {
      ea.format_given = eval->count("--format") > 0;
      return pg::cmd_eval(ea);
    }
    if (agents_cli.selected()) return agents_cli.run();
    if (*view) return pg::run_view(va);
    if (*bench) {
      bench_opt.web_root = pg::find_web_root();
      std::printf("measuring (about a minute)...\n");
      std::fflush(stdout);
      json r = pg::run_host_bench(bench_opt, [](const json& row) {
        std::fprintf(stderr, "  %s\n", pg::format_bench_row(row).c_str());
      });
      std::printf("%s", pg::format_bench_table(r).c_str());
      if (!bench_out.empty()) {
        std::ofstream f(bench_out);
        if (!(f << r.dump(2) << "\n")) throw std::runtime_error("bench: cannot write " + bench_out);
        std::printf("wrote %s\n", bench_out.c_str());
      }
      return 0;
    }
    if (*tlist) return cmd_tasks_list(list_json, list_split);
    if (*tcalibrate) {
      std::string command = "phonegym";
      for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
      return pg::run_calibrate_command(command);
    }
    if (*screens && screens_docs) {
      const std::string dir = screens_docs_dir.empty() ? pg::find_docs_screens_dir() : screens_docs_dir;
      return pg::doc_screens(dir, screens_check, screens_tolerance) == 0 ? 0 : 1;
    }
    if (*screens && screens_check) throw std::invalid_argument("screens: --check needs --docs");
    if (*screens) return pg::render_screens(screens_out, screens_app, screens_profile) == 0 ? 0 : 1;
    if (*nav_paths) return pg::print_nav_paths(nav_app, nav_from) == 0 ? 0 : 1;
    if (*tstats) {
      json st = pg::benchmark_stats(pg::TaskSet::load(pg::find_tasks_dir()), pg::Phone::default_state());
      if (stats_json) {
        std::cout << st.dump(2) << "\n";
        return 0;
      }
      std::printf("%d templates, %ld distinct instances (at most 100 counted per template)\n", st["templates"].get<int>(),
                  st["instances"].get<long>());
      for (auto& [dim, m] : st["by"].items()) {
        std::printf("  %-13s", dim.c_str());
        for (auto& [k, v] : m.items()) std::printf(" %s %d,", k.c_str(), v.get<int>());
        std::printf("\n");
      }
      const json& r = st["unseen_instance_regime"];
      const json& src = st["difficulty_source"];
      if (src["file"].is_null())
        std::printf("difficulty: declared by the templates' authors (no calibration next to the templates)\n");
      else
        std::printf("difficulty: calibrated for %d templates (%s), declared for %d (%d of them calibrated in another "
                    "version of the template)\n",
                    src["calibrated"].get<int>(), src["file"].get<std::string>().c_str(), src["declared"].get<int>(),
                    src["stale"].get<int>());
      std::printf("unseen-instance regime: %d of %d train templates hold %.0f%% of their instances out; left out "
                  "(too few instances):",
                  r["with_held_out_instances"].get<int>(), r["train_templates"].get<int>(),
                  100 * r["held_out_share"].get<double>());
      for (auto& [id, why] : r["left_out"].items()) std::printf(" %s (%s);", id.c_str(), why.get<std::string>().c_str());
      std::printf("\n");
      return 0;
    }
    if (*tsolve) {
      if (solve_id.empty() == !solve_all) throw std::invalid_argument("tasks solve: give a template id or --all");
      return cmd_tasks_solve(solve_id, solve_instances) == 0 ? 0 : 1;
    }
    if (*tshow) {
      std::cout << pg::TaskSet::load(pg::find_tasks_dir()).get(show_id).raw.dump(2) << "\n";
      return 0;
    }
    if (*tsample) return cmd_tasks_sample(sample_id, sample_seed);
    if (*compare) {
      auto load = [](std::string p) {
        std::error_code ec;
        if (std::filesystem::is_directory(p, ec)) p = (std::filesystem::path(p) / "results.json").string();
        const json j = read_json_file(p, "compare");
        if (!j.is_object() || !j.contains("sr") || !j.contains("by"))
          throw std::invalid_argument("compare: " + p + " is not a results.json of phonegym eval (no \"sr\" and \"by\")");
        return j;
      };
      const json a = load(cmp_a), b = load(cmp_b);
      std::ofstream f(cmp_out);
      if (!(f << pg::compare_results_html(a, b, cmp_a, cmp_b))) throw std::runtime_error("compare: cannot write " + cmp_out);
      std::printf("SR %.1f%% (A) vs %.1f%% (B): %s\n", 100 * a["sr"].get<double>(), 100 * b["sr"].get<double>(), cmp_out.c_str());
      return 0;
    }
    if (*tvalidate) {
      vopt.mutations = !validate_fast;
      return cmd_tasks_validate(validate_dir.empty() ? pg::find_tasks_dir() : validate_dir, validate_id, vopt, validate_json);
    }
    if (*profiles) {
      int name_w = 0;  // the names' column, as wide as the longest
      for (const pg::DeviceProfile& p : pg::device_profiles()) name_w = std::max(name_w, static_cast<int>(p.name.size()));
      for (const pg::DeviceProfile& p : pg::device_profiles()) {
        if (profiles_json) std::cout << pg::device_json(p).dump() << "\n";
        else std::printf("%-*s  %s\n", name_w, p.name.c_str(), p.description.c_str());
      }
      return 0;
    }
    if (*shot) {
      sa.full = !obs_size;
      return cmd_screenshot(sa);
    }
    if (*sdiff) {
      const json a = read_json_file(diff_a, "state diff"), b = read_json_file(diff_b, "state diff");
      std::cout << pg::state_diff(a, b).dump(2) << "\n";
      return 0;
    }
    if (*sdump) {
      json s = pg::Phone::default_state();
      if (!dump_task.empty()) {
        pg::TaskSet set = pg::TaskSet::load(pg::find_tasks_dir());
        s = pg::sample_instance(set.get(dump_task), dump_seed, s).initial_state;
      }
      std::cout << s.dump(2) << "\n";
      return 0;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "phonegym: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
