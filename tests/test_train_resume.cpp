// Training runs on the native host (tiny configs): resuming from a saved state gives exactly the
// parameters of an uninterrupted run, also after the process was killed mid-iteration; the run
// directory holds the resolved config, metrics and report. Own executable: it forks.
#include "trainer/algo/distributed.hpp"
#include "trainer/algo/train.hpp"
#include "trainer/policy/policy.hpp"

#include "free_port.hpp"

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kTasks = std::string(PG_SOURCE_DIR) + "/tasks/templates";

pg::TrainConfig tiny(const std::string& reward = "progress") {
  pg::TrainConfig c;
  c.host = "native";
  c.threads = 1;
  c.templates = {"launcher.open_app", "settings.wifi_on"};
  c.groups = 2;
  c.group_size = 2;
  c.max_steps = 2;
  c.iterations = 3;
  c.init = "bc";
  c.bc_instances = 1;
  c.bc_updates = 2;
  c.minibatch = 4;
  c.reward = reward;
  c.dynamic_sampling = false;  // every iteration updates, so the test compares real updates
  c.validate();
  return c;
}

std::string dir(const std::string& name) {
  auto d = fs::temp_directory_path() / ("pg_train_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(d);
  return d.string();
}

void run(const pg::TrainConfig& c, const std::string& out, bool resume = false,
         const pg::IterationCallback& cb = nullptr) {
  pg::NativeHost host;
  pg::TrainOptions o;
  o.resume = resume;
  pg::train(c, host, kTasks, out, cb, o);
}

std::vector<torch::Tensor> params_of(const std::string& ckpt) {
  auto [p, c] = pg::load_policy(ckpt);
  std::vector<torch::Tensor> out;
  for (auto& t : p->parameters()) out.push_back(t.detach().clone());
  return out;
}

void expect_same(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(torch::equal(a[i], b[i])) << "parameter " << i;
}

int count_lines(const std::string& path, const std::string& phase) {
  std::ifstream f(path);
  std::string line;
  int n = 0;
  while (std::getline(f, line)) n += json::parse(line).value("phase", "") == phase;
  return n;
}

struct Threads {
  Threads() { torch::set_num_threads(1); }
} g_threads;

TEST(TrainResume, KilledRunResumesToTheUninterruptedResult) {
  for (const std::string reward : {"progress", "action"}) {
    SCOPED_TRACE(reward);
    pg::TrainConfig c = tiny(reward);
    // Action level: the step curriculum and the policy's prefix-history kinds are run state too.
    c.step_priority = reward == "action";
    const std::string killed = dir("killed_" + reward), full = dir("full_" + reward);
    // A child trains and is killed (SIGKILL) during iteration 2, after its update and before its
    // state is saved: the run directory holds iteration 1's state.
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      try {
        run(c, killed, false, [](const json& m) {
          if (m.value("phase", "") == "iteration" && m["iteration"].get<int>() == 2) ::raise(SIGKILL);
        });
      } catch (...) {
      }
      ::_exit(3);  // not killed: the test fails below
    }
    int st = 0;
    ::waitpid(pid, &st, 0);
    ASSERT_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL) << "status " << st;
    ASSERT_TRUE(fs::exists(killed + "/state/trainer.json"));
    EXPECT_EQ(json::parse(std::ifstream(killed + "/state/trainer.json")).at("iteration").get<int>(), 1);

    run(c, killed, /*resume=*/true);
    run(c, full);
    expect_same(params_of(killed + "/checkpoint.pt"), params_of(full + "/checkpoint.pt"));
    // The interrupted iteration's metrics line was dropped: one line per iteration.
    EXPECT_EQ(count_lines(killed + "/metrics.jsonl", "iteration"), 3);
    EXPECT_EQ(count_lines(killed + "/metrics.jsonl", "bc"), 1);
    EXPECT_TRUE(fs::exists(killed + "/report.html"));
    EXPECT_EQ(json::parse(std::ifstream(killed + "/config.json")), c.to_json());
    fs::remove_all(killed);
    fs::remove_all(full);
  }
}

TEST(TrainResume, CheckpointRoundTripGivesTheSameNextUpdate) {
  // 2 iterations, then resume to 3 == 3 straight (the next update after a save/load is identical:
  // policy, Adam moments, reference, curriculum, replay buffer and keyed randomness all restored).
  pg::TrainConfig c = tiny();
  c.entropy_coef = 0.01;  // every update moves the policy, even when a group's rewards are equal
  const std::string a = dir("rt_a"), b = dir("rt_b");
  c.iterations = 2;
  run(c, a);
  const auto after2 = params_of(a + "/checkpoint.pt");
  c.iterations = 3;
  run(c, a, true);
  run(c, b);
  const auto resumed = params_of(a + "/checkpoint.pt"), straight = params_of(b + "/checkpoint.pt");
  expect_same(resumed, straight);
  bool moved = false;
  for (std::size_t i = 0; i < after2.size(); ++i) moved |= !torch::equal(after2[i], resumed[i]);
  EXPECT_TRUE(moved) << "iteration 3 did not update the policy: the comparison would be vacuous";
  fs::remove_all(a);
  fs::remove_all(b);
}

TEST(TrainResume, ResumeWithoutStateIsAClearError) {
  const std::string d = dir("nostate");
  try {
    run(tiny(), d, true);
    FAIL() << "expected ConfigError";
  } catch (const pg::ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("no run state"), std::string::npos) << e.what();
  }
  fs::remove_all(d);
}

}  // namespace

TEST(TrainActionLevel, StopPenaltyChargesPrematureStopsOnly) {
  // explore = 1: every head draws uniformly, so both runs sample the same actions whatever the
  // policy; the stop penalty must lower the mean reward by exactly the premature complete/abort
  // draws and leave the hits (step accuracy) alone. The metrics name each group's template and
  // oracle step.
  auto cfg = [](double penalty) {
    pg::TrainConfig c = tiny("action");
    c.init = "scratch";
    c.iterations = 1;
    c.groups = 4;
    c.group_size = 16;
    c.explore = 1.0;
    c.action_type_credit = 0;
    c.action_distance_credit = 0;
    c.action_stop_penalty = penalty;
    c.eval_instances = 0;
    c.validate();
    return c;
  };
  auto last_iteration = [](const std::string& out) {
    std::ifstream f(out + "/metrics.jsonl");
    std::string line;
    json m;
    while (std::getline(f, line))
      if (json::parse(line).value("phase", "") == "iteration") m = json::parse(line);
    return m;
  };
  const std::string a = dir("stop0"), b = dir("stop1");
  run(cfg(0), a);
  run(cfg(1), b);
  const json ma = last_iteration(a), mb = last_iteration(b);
  EXPECT_EQ(ma["sr"], mb["sr"]);
  EXPECT_GE(ma["mean_reward"].get<double>(), 0.0);
  EXPECT_LT(mb["mean_reward"].get<double>(), ma["mean_reward"].get<double>());
  ASSERT_EQ(mb["groups"].size(), 4u);
  for (const auto& g : mb["groups"]) {
    EXPECT_TRUE(g["template"] == "launcher.open_app" || g["template"] == "settings.wifi_on") << g;
    EXPECT_GE(g["step"].get<int>(), 0);
    EXPECT_GE(g["accuracy"].get<double>(), 0.0);
    EXPECT_LE(g["accuracy"].get<double>(), 1.0);
  }
  fs::remove_all(a);
  fs::remove_all(b);
}

TEST(TrainSchedule, LinearLearningRateAnnealsByIteration) {
  pg::TrainConfig c = tiny();
  c.lr = 1e-3;
  c.lr_schedule = "linear";
  c.eval_instances = 0;
  const std::string d = dir("lr_linear");
  run(c, d);
  std::ifstream f(d + "/metrics.jsonl");
  std::vector<double> lr;
  for (std::string line; std::getline(f, line);)
    if (json::parse(line).value("phase", "") == "iteration") lr.push_back(json::parse(line)["lr"].get<double>());
  ASSERT_EQ(lr.size(), 3u);
  EXPECT_DOUBLE_EQ(lr[0], 1e-3);
  EXPECT_DOUBLE_EQ(lr[1], 1e-3 * 2 / 3);
  EXPECT_DOUBLE_EQ(lr[2], 1e-3 / 3);
  fs::remove_all(d);
}

TEST(TrainActionLevel, DroppedGroupsStillGetTheEntropyBonus) {
  // Scratch policy, 2 draws per state, no partial credit: every group of this seed misses (checked
  // below), so dynamic sampling drops them all. With dropped_group_entropy their states still get
  // the entropy bonus and the policy moves; without it nothing is updated.
  auto cfg = [](bool on) {
    pg::TrainConfig c = tiny("action");
    c.init = "scratch";
    c.iterations = 1;
    c.dynamic_sampling = true;
    c.entropy_coef = 0.1;
    c.action_type_credit = 0;
    c.action_distance_credit = 0;
    c.dropped_group_entropy = on;
    c.seed = 1;  // a seed whose groups all miss (asserted below)
    c.eval_instances = 0;
    c.validate();
    return c;
  };
  auto iteration = [](const std::string& out) {
    std::ifstream f(out + "/metrics.jsonl");
    json m;
    for (std::string line; std::getline(f, line);)
      if (json::parse(line).value("phase", "") == "iteration") m = json::parse(line);
    return m;
  };
  const std::string on = dir("dge_on"), off = dir("dge_off");
  run(cfg(true), on);
  run(cfg(false), off);
  const json mon = iteration(on), moff = iteration(off);
  ASSERT_EQ(mon["groups_kept"], 0) << "a group hit: pick another seed for this test";
  ASSERT_EQ(moff["groups_kept"], 0);
  EXPECT_TRUE(mon["updated"].get<bool>());
  EXPECT_GT(mon["entropy"].get<double>(), 0.0);
  EXPECT_FALSE(moff["updated"].get<bool>());
  fs::remove_all(on);
  fs::remove_all(off);
}

namespace {

// ----------------------------------------------------------------------------- held-out instances

std::vector<json> lines_of(const std::string& out, const std::string& phase) {
  std::ifstream f(out + "/metrics.jsonl");
  std::vector<json> v;
  for (std::string line; std::getline(f, line);)
    if (json::parse(line).value("phase", "") == phase) v.push_back(json::parse(line));
  return v;
}

TEST(TrainSplits, TheMainJobNeverTrainsOnAnEvaluationInstance) {
  // The main job's defaults (split, difficulty, groups, demonstrations, evaluation instances,
  // seed), two iterations and a one-update warm start to keep it short: every instance the
  // trainer demonstrated or rolled out is disjoint from every instance it evaluated as held out.
  pg::TrainConfig c;
  c.host = "native";
  c.iterations = 2;
  c.bc_updates = 1;
  c.eval_test = false;  // test templates are other templates: they cannot share an instance
  c.validate();
  const std::string out = dir("heldout");
  run(c, out);
  std::set<std::string> trained, evaluated;
  for (const json& m : lines_of(out, "bc")) {
    for (const auto& id : m.at("instances")) trained.insert(id.get<std::string>());
    // The steps the policy cannot express, by "template: action type": positive counts that add
    // up to the total (steps of an instance whose perturbed oracle got lost count nowhere).
    int by_template = 0;
    for (const auto& [what, n] : m.at("unencodable_by_template").items()) {
      EXPECT_NE(what.find(": "), std::string::npos) << what;
      EXPECT_GT(n.get<int>(), 0) << what;
      by_template += n.get<int>();
    }
    EXPECT_EQ(by_template, m.at("unencodable_steps").get<int>());
  }
  for (const json& m : lines_of(out, "iteration"))
    for (const auto& id : m.at("instances")) trained.insert(id.get<std::string>());
  const auto evals = lines_of(out, "eval");
  ASSERT_EQ(evals.size(), 2u);  // before GRPO and after the last iteration
  for (const json& m : evals) {
    for (const auto& id : m.at("heldout").at("instances")) evaluated.insert(id.get<std::string>());
    EXPECT_TRUE(m.at("heldout").at("templates_left_out").is_object());
  }
  ASSERT_GE(trained.size(), 100u);
  ASSERT_GE(evaluated.size(), 100u);
  for (const auto& id : evaluated) EXPECT_FALSE(trained.count(id)) << "instance " << id << " was trained on and evaluated";
  fs::remove_all(out);
}

// ----------------------------------------------------------------------------- dynamic sampling

TEST(TrainDynamicSampling, RefillsUntilBGroupsHaveSignal) {
  // Progress rewards after a short warm start: some groups are all equal and are replaced by
  // refill rounds (counted), never more than the cap.
  pg::TrainConfig c = tiny();
  c.dynamic_sampling = true;
  c.dynamic_sampling_rounds = 4;
  c.groups = 3;
  c.group_size = 3;
  c.iterations = 3;
  c.eval_instances = 0;
  c.validate();
  const std::string out = dir("refill");
  run(c, out);
  int refilled = 0;
  for (const json& m : lines_of(out, "iteration")) {
    const int rounds = m.at("sampling_rounds"), sampled = m.at("groups_sampled"), kept = m.at("groups_kept");
    EXPECT_GE(rounds, 1);
    EXPECT_LE(rounds, 4);
    EXPECT_EQ(m.at("tasks").size(), static_cast<std::size_t>(sampled));
    EXPECT_EQ(m.at("instances").size(), static_cast<std::size_t>(sampled));
    EXPECT_LE(kept, 3);
    // A round ran only because the ones before it left groups without signal.
    if (rounds > 1) {
      ++refilled;
      EXPECT_GT(sampled, 3);
    }
    if (kept < 3) EXPECT_EQ(rounds, 4) << "stopped refilling before the cap with " << kept << " groups kept";
  }
  EXPECT_GT(refilled, 0) << "no iteration needed a refill: the test proves nothing with this config";
  fs::remove_all(out);
}

// ----------------------------------------------------------------------------- two ranks

/// Runs rank `rank` of 2 (native host, gloo on loopback) in a child process; returns its pid.
/// kill_at > 0: rank 0 kills itself (SIGKILL) when iteration kill_at's metrics line is emitted.
pid_t spawn_rank(const pg::TrainConfig& c, const std::string& out, int rank, int port, bool resume, int kill_at) {
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  int rc = 3;
  try {
    pg::RendezvousOptions ro;
    ro.port = port;
    ro.rank = rank;
    ro.world_size = 2;
    ro.timeout_s = 120;
    auto comm = pg::make_gloo_collective(ro);
    pg::NativeHost host;
    pg::TrainOptions o;
    o.resume = resume;
    o.comm = comm.get();
    pg::train(c, host, kTasks, out,
              [kill_at](const json& m) {
                if (kill_at > 0 && m.value("phase", "") == "iteration" && m["iteration"].get<int>() == kill_at)
                  ::raise(SIGKILL);
              },
              o);
    rc = 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rank %d: %s\n", rank, e.what());
  }
  ::_exit(rc);
}

/// Runs both ranks; returns rank 0's wait status (rank 1 is killed if rank 0 died).
int run_two(const pg::TrainConfig& c, const std::string& out, int port, bool resume, int kill_at = 0) {
  const pid_t r0 = spawn_rank(c, out, 0, port, resume, kill_at);
  const pid_t r1 = spawn_rank(c, out, 1, port, resume, 0);
  int s0 = 0, s1 = 0;
  ::waitpid(r0, &s0, 0);
  if (!(WIFEXITED(s0) && WEXITSTATUS(s0) == 0)) ::kill(r1, SIGKILL);
  ::waitpid(r1, &s1, 0);
  if (WIFEXITED(s0) && WEXITSTATUS(s0) == 0) EXPECT_TRUE(WIFEXITED(s1) && WEXITSTATUS(s1) == 0) << "rank 1 status " << s1;
  return s0;
}

TEST(TrainResume, KilledTwoRankRunResumesToTheUninterruptedResult) {
  if (!pg::have_gloo()) GTEST_SKIP() << "this build has no c10d gloo";
  // Each rank keeps its own AdaPR buffer (filled from its own groups); both are saved and each
  // rank restores its own, so the resumed run replays what the uninterrupted one replays.
  pg::TrainConfig c = tiny();
  c.groups = 4;
  c.group_size = 4;
  c.max_steps = 4;
  c.iterations = 6;
  c.bc_instances = 2;
  c.bc_updates = 3;  // a weak warm start: mixed groups, successes to replay (asserted below)
  c.minibatch = 8;
  c.entropy_coef = 0.01;
  c.dynamic_sampling = true;
  c.eval_instances = 0;
  c.validate();
  const std::string killed = dir("killed2"), full = dir("full2");
  // A fresh free port for each run: a killed run's port may linger in TIME_WAIT.
  const int st = run_two(c, killed, pg::testing::free_tcp_port(), false, /*kill_at=*/5);
  ASSERT_TRUE(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL) << "status " << st;
  ASSERT_TRUE(fs::exists(killed + "/state/rank1.json"));
  EXPECT_EQ(json::parse(std::ifstream(killed + "/state/trainer.json")).at("iteration").get<int>(), 4);
  // The premise: the ranks hold different, non-empty buffers at the saved state.
  const json b0 = json::parse(std::ifstream(killed + "/state/rank0.json"))["replay"]["items"];
  const json b1 = json::parse(std::ifstream(killed + "/state/rank1.json"))["replay"]["items"];
  ASSERT_FALSE(b1.empty()) << "rank 1 has nothing to replay: the test proves nothing with this config";
  ASSERT_NE(b0, b1);
  ASSERT_EQ(run_two(c, killed, pg::testing::free_tcp_port(), true), 0);
  ASSERT_EQ(run_two(c, full, pg::testing::free_tcp_port(), false), 0);
  expect_same(params_of(killed + "/checkpoint.pt"), params_of(full + "/checkpoint.pt"));
  const auto a = lines_of(killed, "iteration"), b = lines_of(full, "iteration");
  ASSERT_EQ(a.size(), 6u);
  ASSERT_EQ(b.size(), 6u);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i]["loss"], b[i]["loss"]) << "iteration " << i + 1;
    EXPECT_EQ(a[i]["replayed_steps"], b[i]["replayed_steps"]) << "iteration " << i + 1;
  }
  // A state saved by two ranks does not resume on one.
  pg::NativeHost host;
  pg::TrainOptions o;
  o.resume = true;
  try {
    pg::train(c, host, kTasks, killed, nullptr, o);
    ADD_FAILURE() << "resumed a two-rank state on one rank";
  } catch (const pg::ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("--nproc 2"), std::string::npos) << e.what();
  }
  fs::remove_all(killed);
  fs::remove_all(full);
}

// ----------------------------------------------------------------------------- learning

/// 12 iterations of task-level GRPO (reward from the judge only, dynamic sampling as by default)
/// on `templates` after a deliberately weak warm start (3 behaviour-cloning updates), native host,
/// one thread: deterministic.
pg::TrainConfig learning(const std::vector<std::string>& templates, int eval_instances) {
  pg::TrainConfig c = tiny();
  c.templates = templates;
  c.dynamic_sampling = true;
  c.groups = 4;
  c.group_size = 8;
  c.max_steps = 4;
  c.bc_instances = 2;
  c.bc_updates = 3;
  c.minibatch = 32;
  c.lr = 1e-3;
  c.iterations = 12;
  c.eval_instances = eval_instances;
  c.eval_test = false;
  c.validate();
  return c;
}

TEST(TrainLearning, SuccessRateRisesOnTwoEasyTemplates) {
  // Both the rollouts' SR and the greedy held-out SR must rise; with the update's sign flipped, or
  // the advantages or the entropy bonus pushing the wrong way, they fall or stay put.
  const pg::TrainConfig c = learning(tiny().templates, 8);
  const std::string out = dir("learn");
  run(c, out);
  const auto its = lines_of(out, "iteration"), evals = lines_of(out, "eval");
  ASSERT_EQ(its.size(), 12u);
  ASSERT_EQ(evals.size(), 2u);
  auto mean_sr = [&](std::size_t from, std::size_t to) {
    double s = 0;
    for (std::size_t i = from; i < to; ++i) s += its[i]["sr"].get<double>();
    return s / static_cast<double>(to - from);
  };
  const double first = mean_sr(0, 3), last = mean_sr(9, 12);
  EXPECT_GT(last, first + 0.15) << "rollout SR: first 3 iterations " << first << ", last 3 " << last;
  const double e0 = evals[0]["heldout"]["sr"], e1 = evals[1]["heldout"]["sr"];
  EXPECT_GT(e1, e0) << "held-out SR " << e0 << " -> " << e1;
  // Both templates are feasible: the SR over feasible tasks is the SR, and no success is an abort.
  for (const json& e : evals) {
    EXPECT_EQ(e["heldout"]["feasible_episodes"], e["heldout"]["episodes"]);
    EXPECT_DOUBLE_EQ(e["heldout"]["sr_feasible"].get<double>(), e["heldout"]["sr"].get<double>());
    EXPECT_LE(e["heldout"]["abort_rate"].get<double>(), 1.0 - e["heldout"]["sr"].get<double>());
  }
  fs::remove_all(out);
}

TEST(TrainLearning, AWrongAbortCostsMoreThanAFailureSoThePolicyKeepsTrying) {
  // Two infeasible templates pay 1 for an abort; four feasible ones are out of reach in 4 steps.
  // When a wrong abort earns the 0 of any failure, the only signal is "abort" and the policy learns
  // to refuse every task, the collapse of the main job's defaults (session 20); abort_penalty
  // makes a refusal of a feasible task worse than trying.
  // FCF must not drop a feasible template while it is being refused, or the penalty never
  // reaches a rollout (1.0 false aborts with the penalty before that rule, 2026-11-27).
  pg::TrainConfig c = learning({"calculator.sine_infeasible", "camera.infeasible_video", "calendar.create_repeating_event",
                                 "travel.book_window_seat", "shop.search_filters", "music.create_playlist"},
                                4);
  auto false_aborts = [&](double penalty) {
    c.abort_penalty = penalty;
    c.validate();
    const std::string out = dir("abort" + std::to_string(static_cast<int>(penalty * 10)));
    run(c, out);
    const auto evals = lines_of(out, "eval");
    fs::remove_all(out);
    return evals.back()["heldout"]["false_abort_rate"].get<double>();
  };
  const double without = false_aborts(0.0), with = false_aborts(0.5);
  EXPECT_GE(without, 0.9) << "the premise: without the penalty the policy refuses the feasible tasks";
  EXPECT_LT(with, without - 0.5) << "false aborts: " << with << " with the penalty, " << without << " without";
}

}  // namespace
