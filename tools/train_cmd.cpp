#include "tools/train_cmd.hpp"

#include "tools/paths.hpp"
#include "trainer/algo/config.hpp"
#include "trainer/algo/train.hpp"
#ifdef PG_HAVE_GLOO
#include "trainer/algo/distributed.hpp"
#endif
#include "trainer/pool/host.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace pg {

namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

struct TrainArgs {
  std::string config, out = "runs/train", host, master = "127.0.0.1:29500";
  int iterations = -1, rank = 0, world_size = 1, nproc = 0;  // iterations: -1 unset
  std::vector<std::string> sets;
  bool resume = false, no_spa = false, no_adapr = false, no_fcf = false, print_config = false, keys = false;
};

TrainArgs g_args;

std::string hms(double s) {
  if (!std::isfinite(s) || s < 0) return "?";
  char b[32];
  const int t = static_cast<int>(s + 0.5);
  if (t >= 3600) std::snprintf(b, sizeof b, "%dh%02dm", t / 3600, t / 60 % 60);
  else if (t >= 60) std::snprintf(b, sizeof b, "%dm%02ds", t / 60, t % 60);
  else std::snprintf(b, sizeof b, "%ds", t);
  return b;
}

std::string bar(double frac, int width = 24) {
  const int n = static_cast<int>(std::lround(std::clamp(frac, 0.0, 1.0) * width));
  return "[" + std::string(n, '#') + std::string(width - n, '.') + "]";
}

TrainConfig resolve(const TrainArgs& a) {
  TrainConfig cfg;
  if (a.resume && a.config.empty() && fs::exists(a.out + "/config.json")) merge_config_file(cfg, a.out + "/config.json");
  if (!a.config.empty()) merge_config_file(cfg, a.config);
  for (const std::string& kv : a.sets) cfg.set(kv);
  json j = json::object();
  if (a.iterations >= 0) j["iterations"] = a.iterations;
  if (!a.host.empty()) j["host"] = a.host;
  if (a.no_spa) j["spa"] = false;
  if (a.no_adapr) j["adapr"] = false;
  if (a.no_fcf) j["fcf"] = false;
  cfg.merge(j);
  return cfg;
}

std::unique_ptr<Host> open_host(const TrainConfig& cfg) {
  HostOptions o;
  o.kind = cfg.host;
  o.tabs = cfg.tabs;
  host_options_from_env(o);  // PHONEGYM_BROWSERS, remote page URL, PHONEGYM_INPUT (docs/host-api.md)
  if (cfg.host != "native") {
    o.web_root = find_web_root();
    std::printf("starting headless Chromium (web root %s)...\n", o.web_root.c_str());
    std::fflush(stdout);
  }
  return make_host(o);
}

int run_rank(const TrainArgs& a, const TrainConfig& cfg, int rank, int world) {
  std::unique_ptr<Collective> comm;
  if (world > 1) {
#ifdef PG_HAVE_GLOO
    RendezvousOptions ro;
    const auto colon = a.master.rfind(':');
    if (colon == std::string::npos) throw ConfigError("--master " + a.master + ": expected ADDR:PORT");
    ro.addr = a.master.substr(0, colon);
    ro.port = std::stoi(a.master.substr(colon + 1));
    ro.rank = rank;
    ro.world_size = world;
    comm = make_gloo_collective(ro);
#else
    throw ConfigError("this build has no multi-process training (install libgloo-dev and rebuild)");
#endif
  }
  const std::string tasks_dir = find_tasks_dir();
  if (rank == 0)
    std::printf("phonegym train: %s warm start, then %d iterations of %s GRPO (B=%d groups x K=%d), split %s%s, "
                "host %s, %d rank(s), out %s\n",
                cfg.init == "bc" ? "behaviour-cloning" : "no", cfg.iterations, cfg.reward.c_str(), cfg.groups,
                cfg.group_size, cfg.split.c_str(), cfg.max_difficulty == "L4" ? "" : (" <= " + cfg.max_difficulty).c_str(),
                cfg.host.c_str(), world, a.out.c_str());
  auto host = open_host(cfg);
  auto t0 = std::chrono::steady_clock::now();
  int first_it = -1;
  double sr_ema = -1;
  TrainOptions opts;
  opts.resume = a.resume;
  opts.comm = comm.get();
  train(cfg, *host, tasks_dir, a.out, [&](const json& m) {
    const std::string ph = m.value("phase", "");
    if (ph == "bc_epoch") {
      std::printf("warm start: behaviour cloning epoch %3d/%d on %d oracle steps, NLL %.3f\n", m["epoch"].get<int>(),
                  m["epochs"].get<int>(), m["demonstrations"].get<int>(), m["nll"].get<double>());
    } else if (ph == "bc") {
      std::printf("warm start: behaviour cloning on %d oracle steps, %d epochs, final NLL %.3f (%.1fs)\n",
                  m["demonstrations"].get<int>(), m["epochs"].get<int>(), m["nll"].get<double>(),
                  m["seconds"].get<double>());
      t0 = std::chrono::steady_clock::now();
    } else if (ph == "eval") {
      // Each SR with its part over feasible tasks and the share of episodes ended by an abort:
      // infeasible templates are solved by aborting, which needs no screen reading.
      auto set = [&](const char* name, const json& e) {
        std::printf("%s SR %.1f%% (feasible tasks %.1f%%, aborted %.0f%%, feasible ones %.0f%%)", name,
                    100 * e["sr"].get<double>(), 100 * e.value("sr_feasible", e["sr"].get<double>()),
                    100 * e.value("abort_rate", 0.0), 100 * e.value("false_abort_rate", 0.0));
      };
      std::printf("eval @%d: ", m["iteration"].get<int>());
      set("held-out", m["heldout"]);
      if (m.contains("test")) std::printf("  "), set("test-template", m["test"]);
      std::printf("  (%.1fs)\n", m["seconds"].get<double>());
    } else if (ph == "iteration") {
      const int it = m["iteration"], n = m["iterations"];
      if (first_it < 0) first_it = it - 1, t0 = std::chrono::steady_clock::now() - std::chrono::milliseconds(
                                               static_cast<long>(1000 * m["seconds"].get<double>()));
      const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const double eta = el / std::max(1, it - first_it) * (n - it);
      const double sr = m["sr"].get<double>();
      sr_ema = sr_ema < 0 ? sr : 0.9 * sr_ema + 0.1 * sr;
      std::printf("%s %4d/%d  SR %5.1f%% (avg %5.1f%%)  reward %.3f  len %.1f  %s  KL %.4f  H %.2f  %4.1f steps/s  "
                  "%.1fs/it  ETA %s\n",
                  bar(static_cast<double>(it) / n).c_str(), it, n, 100 * sr, 100 * sr_ema,
                  m["mean_reward"].get<double>(), m.value("episode_length", 0.0),
                  m["updated"].get<bool>() ? "updated" : "no signal", m["kl"].get<double>(),
                  m["entropy"].get<double>(), m["steps_per_s"].get<double>(), m["seconds"].get<double>(),
                  hms(eta).c_str());
    }
    std::fflush(stdout);
  }, opts);
  if (rank == 0)
    std::printf("done: %s/metrics.jsonl, %s/checkpoint.pt, report %s/report.html\n", a.out.c_str(), a.out.c_str(),
                a.out.c_str());
  return 0;
}

}  // namespace

CLI::App* add_train_command(CLI::App& app) {
  TrainArgs& a = g_args;
  auto* t = app.add_subcommand("train", "GRPO training (AdaGRPO, BC warm start) against simulated phones");
  t->add_option("--config", a.config, "JSON config file (keys: docs/training.md, or --keys)")->check(CLI::ExistingFile);
  t->add_option("--set", a.sets, "override a config key, e.g. --set group_size=8 (repeatable)");
  t->add_option("--iterations", a.iterations, "number of GRPO iterations (overrides the config; 0: the warm start only)")
      ->check(CLI::Range(0, 10000000));
  t->add_option("--out", a.out, "run directory: config.json, metrics.jsonl, checkpoint.pt, state/, report.html")
      ->capture_default_str();
  t->add_option("--host", a.host, "env host: chromium or native");
  t->add_flag("--resume", a.resume, "continue the run in --out from its last saved state (its config.json unless --config)");
  t->add_flag("--no-spa", a.no_spa, "AdaGRPO ablation: no shortest-path reward adjustment");
  t->add_flag("--no-adapr", a.no_adapr, "AdaGRPO ablation: no positive replay");
  t->add_flag("--no-fcf", a.no_fcf, "AdaGRPO ablation: no failure curriculum filtering");
  t->add_flag("--print-config", a.print_config, "print the resolved config as JSON and exit");
  t->add_flag("--keys", a.keys, "print every config key with its default and allowed values, and exit");
  t->add_option("--nproc", a.nproc, "data-parallel ranks on this machine (forks N processes meeting at --master)")
      ->check(CLI::Range(1, 64));
  t->add_option("--world-size", a.world_size, "data-parallel ranks in all (with --rank, one process per rank)")
      ->check(CLI::Range(1, 1024));
  t->add_option("--rank", a.rank, "this process's rank (0 writes the run directory)")->check(CLI::NonNegativeNumber);
  t->add_option("--master", a.master, "rendezvous ADDR:PORT of rank 0's TCPStore")->capture_default_str();
  return t;
}

int run_train_command() {
  const TrainArgs& a = g_args;
  if (a.keys) {
    std::fputs(TrainConfig::markdown_table().c_str(), stdout);
    return 0;
  }
  const TrainConfig cfg = resolve(a);
  if (a.print_config) {
    std::printf("%s\n", cfg.to_json().dump(2).c_str());
    return 0;
  }
  if (a.nproc > 1) {
    // Fork ranks 1..N-1; this process is rank 0.
    std::fflush(stdout);
    std::vector<pid_t> kids;
    for (int r = 1; r < a.nproc; ++r) {
      const pid_t pid = ::fork();
      if (pid < 0) throw std::runtime_error("--nproc: fork failed");
      if (pid == 0) {
        int rc = 1;
        try {
          rc = run_rank(a, cfg, r, a.nproc);
        } catch (const std::exception& e) {
          std::fprintf(stderr, "rank %d: %s\n", r, e.what());
        }
        std::fflush(stdout);
        ::_exit(rc);
      }
      kids.push_back(pid);
    }
    int rc = run_rank(a, cfg, 0, a.nproc);
    for (pid_t p : kids) {
      int st = 0;
      ::waitpid(p, &st, 0);
      if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) rc = 1;
    }
    return rc;
  }
  if (a.rank >= a.world_size) throw ConfigError("--rank must be < --world-size");
  return run_rank(a, cfg, a.rank, a.world_size);
}

}  // namespace pg
