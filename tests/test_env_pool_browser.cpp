// The env pool in Chromium: fault tolerance (a browser killed mid-rollout, a hung tab, one of two
// browsers lost: restarted, every env restored and replayed, every episode completes exactly once
// with a valid verdict) and remote hosts reached by their DevTools URLs.
#include "sim/os/phone.hpp"
#include "tasks/judge.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"
#include "trainer/cdp/cdp_client.hpp"
#include "trainer/cdp/chromium.hpp"
#include "trainer/pool/env_pool.hpp"
#include "trainer/pool/multi_host.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <unistd.h>
#include <map>
#include <set>

using json = nlohmann::json;

namespace {

// Runs 8 oracle episodes through a pool on `host`; `fault(total_steps)` is called after each
// result (to kill or hang something mid-rollout). Checks every episode completes exactly once and
// passes its judge.
void run_rollouts(pg::Host& host, const std::function<void(int)>& fault, int expect_restarts) {
  pg::EnvPool::Options o;
  o.workers = 2;
  o.pixels = true;
  o.ui_tree = true;
  pg::EnvPool pool(host, o);
  pg::TaskSet tasks = pg::TaskSet::load(std::string(PG_SOURCE_DIR) + "/tasks/templates");
  const json defaults = pg::Phone::default_state();
  struct Episode {
    pg::TaskInstance inst;
    std::unique_ptr<pg::OracleAgent> oracle;
    int env = -1;
    int steps = 0;
    int completions = 0;
  };
  std::vector<Episode> eps;
  for (const char* id : {"clock.add_alarm", "settings.airplane_on", "clock.delete_alarm", "settings.bluetooth_on"})
    for (std::uint64_t seed : {1, 2}) eps.push_back({pg::sample_instance(tasks.get(id), seed, defaults), nullptr});
  std::map<int, Episode*> by_env;
  std::vector<pg::Action> first;
  std::vector<int> ids;
  for (Episode& e : eps) {
    e.oracle = std::make_unique<pg::OracleAgent>(e.inst);
    e.env = pool.add(e.inst.initial_state);
    by_env[e.env] = &e;
    first.push_back(*e.oracle->next(pool.observe(e.env).ui_tree));
    ids.push_back(e.env);
  }
  pool.send(first, ids);
  int finished = 0, total_steps = 0;
  while (finished < static_cast<int>(eps.size())) {
    for (pg::StepResult& r : pool.recv(1)) {
      Episode& e = *by_env.at(r.env_id);
      ASSERT_FALSE(r.info.contains("error")) << r.info.dump();
      ASSERT_FALSE(r.obs.empty());
      ++e.steps;
      fault(++total_steps);
      std::optional<pg::Action> next = e.oracle->next(r.ui_tree);
      if (!next || next->type == pg::ActionType::Complete) {
        ++e.completions;
        ++finished;
        continue;
      }
      pool.send({*next}, {r.env_id});
    }
  }
  EXPECT_EQ(pool.restarts(), expect_restarts);
  for (Episode& e : eps) {
    EXPECT_EQ(e.completions, 1) << e.inst.tmpl->id;
    pg::JudgeResult j = pg::judge(e.inst, e.inst.initial_state, pool.state(e.env));
    EXPECT_TRUE(j.error.empty());
    EXPECT_TRUE(j.success) << e.inst.tmpl->id << " seed " << e.inst.seed << ": " << j.to_json().dump();
  }
}

// The renderer processes of a browser (its process group, "--type=renderer").
std::vector<pid_t> renderers_of(pid_t browser) {
  std::vector<pid_t> out;
  for (const auto& d : std::filesystem::directory_iterator("/proc")) {
    const std::string name = d.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = std::stoi(name);
    if (getpgid(pid) != browser) continue;
    std::ifstream f(d.path() / "cmdline");
    std::string cmd((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (cmd.find("--type=renderer") != std::string::npos) out.push_back(pid);
  }
  return out;
}

pg::HostOptions chromium_options() {
  pg::HostOptions ho;
  ho.kind = "chromium";
  ho.web_root = std::string(PG_BUILD_DIR) + "/web";
  return ho;
}

}  // namespace

TEST(EnvPoolBrowser, AKilledBrowserIsRestartedAndEveryEpisodeCompletesExactlyOnce) {
  auto host = pg::make_host(chromium_options());
  bool killed = false;
  run_rollouts(*host, [&](int steps) {
    if (steps == 6 && !killed) {  // mid-rollout: kill the browser by its pid
      ASSERT_GT(host->pid(), 0);
      ::kill(host->pid(), SIGKILL);
      killed = true;
    }
  }, 1);
  EXPECT_TRUE(killed);
}

TEST(EnvPoolBrowser, AHungTabTimesOutAndIsRecycled) {
  pg::HostOptions ho = chromium_options();
  ho.tabs = 2;
  ho.call_timeout_ms = 3000;
  auto host = pg::make_host(ho);
  bool stopped = false;
  run_rollouts(*host, [&](int steps) {
    if (steps == 6 && !stopped) {  // the pages stop answering (as if stuck in a loop)
      auto r = renderers_of(host->pid());
      ASSERT_FALSE(r.empty());
      for (pid_t p : r) ::kill(p, SIGSTOP);
      stopped = true;
    }
  }, 1);
  EXPECT_TRUE(stopped);
  EXPECT_TRUE(host->alive());
}

TEST(EnvPoolBrowser, APoolOverTwoBrowsersLosesOneAndRestartsOnlyIt) {
  pg::HostOptions ho = chromium_options();
  ho.browsers = 2;
  auto host = pg::make_host(ho);
  auto* multi = dynamic_cast<pg::MultiHost*>(host.get());
  ASSERT_NE(multi, nullptr);
  ASSERT_EQ(multi->members(), 2);
  const int survivor_pid = multi->member(0).pid();
  bool killed = false;
  run_rollouts(*host, [&](int steps) {
    if (steps == 5 && !killed) {
      ::kill(multi->member(1).pid(), SIGKILL);
      killed = true;
    }
  }, 1);
  EXPECT_TRUE(killed);
  EXPECT_EQ(multi->member(0).pid(), survivor_pid) << "the live browser is kept";
}

TEST(EnvPoolBrowser, TwoRemoteHostsOnLoopbackByTheirDevToolsUrls) {
  // Two browsers "elsewhere": started by this test, reached only by their DevTools URLs.
  std::vector<std::unique_ptr<pg::cdp::Chromium>> remote;
  std::string urls;
  for (int i = 0; i < 2; ++i) {
    remote.push_back(pg::cdp::Chromium::launch({}));
    const std::string ws = remote.back()->browser_ws_url();  // ws://127.0.0.1:PORT/devtools/browser/ID
    const std::string http = "http://" + ws.substr(5, ws.find('/', 5) - 5);
    urls += (urls.empty() ? "" : ",") + (i == 0 ? http : ws);
  }
  pg::HostOptions ho = chromium_options();
  ho.kind = "remote:" + urls;
  {
    auto host = pg::make_host(ho);
    auto* multi = dynamic_cast<pg::MultiHost*>(host.get());
    ASSERT_NE(multi, nullptr);
    EXPECT_EQ(host->pid(), -1) << "a remote browser is not ours";
    run_rollouts(*host, [](int) {}, 0);
  }
  // Closing the host leaves the remote browsers running, without our tabs.
  for (auto& c : remote) {
    EXPECT_TRUE(c->alive());
    pg::cdp::CdpClient client(c->browser_ws_url());
    const json targets = client.call("Target.getTargets", json::object(), "", 10000);
    for (const auto& t : targets["targetInfos"])
      EXPECT_EQ(t.value("url", std::string()).find("/index.html"), std::string::npos) << t.dump();
  }
  ho.kind = "remote:http://127.0.0.1:1";
  try {
    pg::make_host(ho);
    ADD_FAILURE() << "no error for an unreachable DevTools URL";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("http://127.0.0.1:1"), std::string::npos) << e.what();
  }
}
