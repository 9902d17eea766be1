// End to end with Debian's real `adb`: `phonegym adbd` serves a simulated phone, `adb connect`
// attaches it to an adb server on a private port, and `phonegym replay` runs policies on that
// serial. A scripted policy (the oracle reading uiautomator dumps, an action file) and a small
// behaviour-cloned checkpoint solve the task (its judge passes over the side channel), and each
// saved trajectory equals a run of the same policy on the native simulator step for step
// (actions and observation hashes). Killing adbd mid-run gives a clear error and a partial
// trajectory instead of a hang.
#include "sim/os/phone.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"
#include "trainer/algo/grpo.hpp"
#include "trainer/policy/policy.hpp"
#include "trainer/pool/host.hpp"

#include "free_port.hpp"

#include <gtest/gtest.h>


#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

const std::string kCli = PG_CLI;
const std::string kTask = "settings.wifi_off";

struct CmdResult {
  int status = -1;
  std::string out;
};

/// Runs a shell command line, capturing stdout and stderr.
CmdResult sh(const std::string& cmd) {
  CmdResult r;
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
  const int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}


std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

/// A `phonegym adbd` child process on a free port.
struct Adbd {
  pid_t pid = -1;
  int port = 0;
  std::string log;

  void start(const std::string& dir, const std::string& task, int seed) {
    log = dir + "/adbd_" + std::to_string(getpid()) + "_" + std::to_string(seed) + ".log";
    pid = fork();
    if (pid == 0) {
      FILE* f = freopen(log.c_str(), "w", stdout);
      (void)f;
      dup2(fileno(stdout), 2);
      execl(kCli.c_str(), kCli.c_str(), "adbd", "--port", "0", "--task", task.c_str(), "--seed",
            std::to_string(seed).c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    for (int i = 0; i < 200 && port == 0; ++i) {  // up to 20 s for "connect with: adb connect 127.0.0.1:PORT"
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      const std::string text = read_file(log);
      const auto k = text.find("adb connect 127.0.0.1:");
      if (k != std::string::npos && text.find('\n', k) != std::string::npos) port = std::stoi(text.substr(k + 22));
    }
  }
  std::string serial() const { return "127.0.0.1:" + std::to_string(port); }
  void kill_now() {
    if (pid > 0) {
      ::kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
      pid = -1;
    }
  }
  ~Adbd() { kill_now(); }
};

json load_json(const std::string& path) {
  json j = json::parse(read_file(path), nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << path << " is not JSON";
  return j;
}

/// The steps as [action, observation hash] pairs: what "step for step" compares.
json steps_of(const json& traj) {
  json s = json::array();
  for (const json& st : traj["steps"]) s.push_back({st.value("action", json()), st.value("obs_fnv1a", "")});
  return s;
}

class AdbEndToEnd : public ::testing::Test {
 protected:
  static inline std::string dir;
  static inline Adbd adbd;
  static inline bool ready = false;

  static void SetUpTestSuite() {
    dir = (fs::temp_directory_path() / ("pg_adb_e2e_" + std::to_string(getpid()))).string();
    fs::create_directories(dir);
    // A private adb server, so a developer's own server (and phones) are never touched.
    setenv("ANDROID_ADB_SERVER_PORT", std::to_string(pg::testing::free_tcp_port()).c_str(), 1);
    const CmdResult start = sh("adb start-server");
    ASSERT_EQ(start.status, 0) << "adb start-server: " << start.out << " (is Debian's `adb` installed? scripts/setup)";
    adbd.start(dir, kTask, 0);
    ASSERT_GT(adbd.port, 0) << "phonegym adbd did not start: " << read_file(adbd.log);
    const CmdResult c = sh("timeout 30 adb connect " + adbd.serial());
    ASSERT_NE(c.out.find("connected to " + adbd.serial()), std::string::npos) << c.out;
    ready = true;
  }
  static void TearDownTestSuite() {
    sh("adb kill-server");
    adbd.kill_now();
    fs::remove_all(dir);
  }
  void SetUp() override { ASSERT_TRUE(ready) << "suite setup failed"; }

  /// `phonegym replay` over adb, then natively; both trajectories.
  /// (adbd is reset to `task` first, over the side channel.)
  std::pair<json, json> replay_both(const std::string& args, const std::string& name, const std::string& task = kTask) {
    EXPECT_EQ(sh("timeout 30 adb -s " + adbd.serial() + " shell phonegym reset --task " + task + " --seed 0").status, 0);
    const CmdResult dev = sh("timeout 300 " + kCli + " replay --serial " + adbd.serial() + " " + args + " --out " + dir + "/" + name);
    EXPECT_EQ(dev.status, 0) << dev.out;
    const CmdResult nat = sh("timeout 300 " + kCli + " replay --native " + args + " --out " + dir + "/" + name + "_native");
    EXPECT_EQ(nat.status, 0) << nat.out;
    return {load_json(dir + "/" + name + "/trajectory.json"), load_json(dir + "/" + name + "_native/trajectory.json")};
  }
};

TEST_F(AdbEndToEnd, RealAdbDrivesTheSimulatedPhone) {
  const std::string s = "timeout 30 adb -s " + adbd.serial() + " ";
  EXPECT_EQ(sh(s + "shell phonegym reset").status, 0);
  EXPECT_EQ(sh(s + "shell input tap 540 1200").status, 0);
  const CmdResult png = sh(s + "exec-out screencap -p | head -c 8 | od -An -c");
  EXPECT_NE(png.out.find("P   N   G"), std::string::npos) << png.out;
  const CmdResult bad = sh(s + "shell frobnicate");
  EXPECT_EQ(bad.status, 127);
  EXPECT_NE(bad.out.find("/system/bin/sh: frobnicate: not found"), std::string::npos) << bad.out;
  EXPECT_EQ(sh(s + "shell wm size").out, "Physical size: 1080x2400\n");
  EXPECT_EQ(sh(s + "shell uiautomator dump").status, 0);
  EXPECT_EQ(sh(s + "pull /sdcard/window_dump.xml " + dir + "/dump.xml").status, 0);
  EXPECT_NE(read_file(dir + "/dump.xml").find("<hierarchy rotation=\"0\">"), std::string::npos);
}

TEST_F(AdbEndToEnd, OracleSolvesTheTaskOverAdbStepForStepLikeNative) {
  auto [dev, nat] = replay_both("--policy oracle:" + kTask + "#0", "oracle");
  EXPECT_EQ(dev["end"], "complete");
  EXPECT_TRUE(dev["judge"].value("success", false)) << dev["judge"].dump();
  EXPECT_TRUE(nat["judge"].value("success", false)) << nat["judge"].dump();
  EXPECT_GE(dev["steps"].size(), 3u);
  EXPECT_EQ(steps_of(dev), steps_of(nat));
  EXPECT_TRUE(fs::exists(dir + "/oracle/report.html"));
  EXPECT_TRUE(fs::exists(dir + "/oracle/screens/s000.png"));
}

TEST_F(AdbEndToEnd, ActionFileWithTypingAndSwipesMatchesNative) {
  const std::string file = dir + "/actions.json";
  std::ofstream(file) << R"([{"type":"open_app","app":"contacts"},
    {"type":"type","text":"it's a&b 50%s \"q\"","x":500,"y":115},
    {"type":"type","text":"Al","clear":true},
    {"type":"enter"},
    {"type":"swipe","x1":500,"y1":700,"x2":500,"y2":300},
    {"type":"drag","x1":500,"y1":700,"x2":500,"y2":550},
    {"type":"long_press","x":500,"y":400},
    {"type":"back"},{"type":"home"},{"type":"wait","seconds":1}])";
  auto [dev, nat] = replay_both("--policy actions:" + file + " --task " + kTask, "actions");
  EXPECT_EQ(dev["end"], "complete");
  EXPECT_EQ(dev["steps"].size(), 11u);
  for (const json& st : dev["steps"]) EXPECT_FALSE(st.contains("error")) << st.dump();
  EXPECT_EQ(steps_of(dev), steps_of(nat));
}

TEST_F(AdbEndToEnd, BehaviourClonedCheckpointSolvesTheTaskOverAdb) {
  // A tiny policy cloned from the oracle's demonstration of this one instance (a fixture made
  // at test time), observed exactly as replay observes.
  // phone.call_favorite: tap the Phone app, tap a favourite (the in-call screen), complete.
  const std::string task = "phone.call_favorite";
  pg::TaskSet tasks = pg::TaskSet::load(PG_SOURCE_DIR "/tasks/templates");
  const pg::TaskInstance inst = pg::sample_instance(tasks.get(task), 0, pg::Phone::default_state());
  pg::PolicyConfig cfg;
  const nlohmann::json src199 = pg::Phone::default_state()["apps"];
  for (const auto& [id, v] : src199.items()) cfg.apps.push_back(id);
  std::vector<std::string> spans;
  for (const auto& [k, v] : inst.params) spans.push_back(v);
  pg::NativeHost host;
  const int slot = host.create();
  host.reset(slot, inst.initial_state);
  pg::OracleAgent oracle(inst);
  std::vector<std::pair<pg::Observation, pg::PolicyAction>> demos;
  for (int step = 0; step < 10; ++step) {
    auto a = oracle.next(host.ui_tree(slot));
    if (!a) break;
    auto pa = pg::encode_action(*a, spans, cfg);
    ASSERT_TRUE(pa.has_value()) << pg::to_json(*a).dump();
    demos.emplace_back(pg::Observation{host.screenshot(slot, false), inst.instruction, spans}, *pa);
    if (a->type == pg::ActionType::Complete) break;
    host.step(slot, *a);
  }
  torch::manual_seed(0);
  torch::set_num_threads(2);
  pg::Policy policy(cfg);
  pg::GrpoConfig g;
  g.lr = 1e-3;
  auto opt = pg::make_optimizer(policy, g);
  double nll = 1e9;
  // Until the greedy policy reproduces every demonstrated action (checked every 10 updates).
  const auto tb = std::chrono::steady_clock::now();
  std::vector<pg::Observation> obs;
  for (const auto& d : demos) obs.push_back(d.first);
  int updates = 0;
  bool learned = false;
  for (; updates < 300 && !learned; ++updates) {
    nll = pg::bc_update(policy, *opt, demos, 8, 1.0, static_cast<std::uint64_t>(updates));
    if (updates % 10 == 9) {
      const auto greedy = pg::sample(policy, obs, 0, /*greedy=*/true).actions;
      learned = true;
      for (std::size_t i = 0; i < demos.size(); ++i) learned = learned && greedy[i] == demos[i].second;
    }
  }
  std::printf("BC: %zu demonstrations, %d updates, NLL %.4f, %.1f s\n", demos.size(), updates, nll,
              std::chrono::duration<double>(std::chrono::steady_clock::now() - tb).count());
  const std::string ckpt = dir + "/bc/checkpoint.pt";
  fs::create_directories(dir + "/bc");
  pg::save_policy(policy, cfg, ckpt);

  auto [dev, nat] = replay_both("--checkpoint " + ckpt + " --task " + task + " --seed 0 --max-steps 8", "checkpoint", task);
  EXPECT_EQ(dev["end"], "complete") << dev.dump();
  EXPECT_TRUE(dev["judge"].value("success", false)) << "BC NLL " << nll << ": " << dev.dump();
  EXPECT_EQ(steps_of(dev), steps_of(nat));
}

TEST_F(AdbEndToEnd, DeviceDroppingMidRunIsAClearErrorWithAPartialTrajectory) {
  Adbd doomed;
  doomed.start(dir, kTask, 1);
  ASSERT_GT(doomed.port, 0) << read_file(doomed.log);
  ASSERT_NE(sh("timeout 30 adb connect " + doomed.serial()).out.find("connected to"), std::string::npos);
  const std::string file = dir + "/waits.json";
  {
    json waits = json::array();
    for (int i = 0; i < 300; ++i) waits.push_back({{"type", "wait"}, {"seconds", 1}});
    std::ofstream(file) << waits.dump();
  }
  const std::string out = dir + "/dropped";
  // The replay in the background; adbd is killed once two steps are on disk.
  std::thread killer([&] {
    for (int i = 0; i < 600; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      const json t = json::parse(read_file(out + "/trajectory.json"), nullptr, false);
      if (!t.is_discarded() && t["steps"].size() >= 2) break;
    }
    doomed.kill_now();
  });
  const auto t0 = std::chrono::steady_clock::now();
  const CmdResult r = sh("timeout 120 " + kCli + " replay --serial " + doomed.serial() + " --policy actions:" + file +
                   " --instruction wait --max-steps 300 --timeout 20 --out " + out);
  killer.join();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(r.status, 1) << r.out;  // not 124: `timeout` did not have to stop a hung replay
  EXPECT_LT(secs, 110) << r.out;
  EXPECT_NE(r.out.find("phonegym: error: device " + doomed.serial()), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("partial trajectory saved"), std::string::npos) << r.out;
  const json t = load_json(out + "/trajectory.json");
  EXPECT_EQ(t["end"], "device_lost");
  EXPECT_GE(t["steps"].size(), 3u);
  EXPECT_TRUE(t["steps"].back().contains("error"));
  EXPECT_NE(t["error"].get<std::string>().find(doomed.serial()), std::string::npos);
  EXPECT_TRUE(fs::exists(out + "/report.html"));
  sh("adb disconnect " + doomed.serial());
}

}  // namespace
