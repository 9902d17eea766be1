// The env pool in Chromium: crash recovery: a browser killed mid-rollout is restarted, every env restored and
// replayed, and every episode completes exactly once with a valid verdict.
#include "sim/os/phone.hpp"
#include "tasks/judge.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"
#include "trainer/pool/env_pool.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <map>
#include <set>

using json = nlohmann::json;

namespace {
pg::Action act(const char* s) { return pg::parse_action(std::string_view(s)); }
}  // namespace

TEST(EnvPoolBrowser, AKilledBrowserIsRestartedAndEveryEpisodeCompletesExactlyOnce) {
  pg::HostOptions ho;
  ho.kind = "chromium";
  ho.web_root = std::string(PG_BUILD_DIR) + "/web";
  auto host = pg::make_host(ho);
  pg::EnvPool::Options o;
  o.workers = 2;
  o.pixels = true;
  o.ui_tree = true;
  pg::EnvPool pool(*host, o);
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
  bool killed = false;
  while (finished < static_cast<int>(eps.size())) {
    for (pg::StepResult& r : pool.recv(1)) {
      Episode& e = *by_env.at(r.env_id);
      ASSERT_FALSE(r.info.contains("error")) << r.info.dump();
      ++e.steps;
      if (++total_steps == 6 && !killed) {  // mid-rollout: kill the browser
        ASSERT_GT(host->pid(), 0);
        ::kill(host->pid(), SIGKILL);
        killed = true;
      }
      std::optional<pg::Action> next = e.oracle->next(r.ui_tree);
      if (!next || next->type == pg::ActionType::Complete) {
        ++e.completions;
        ++finished;
        continue;
      }
      pool.send({*next}, {r.env_id});
    }
  }
  EXPECT_TRUE(killed);
  EXPECT_EQ(pool.restarts(), 1);
  for (Episode& e : eps) {
    EXPECT_EQ(e.completions, 1) << e.inst.tmpl->id;
    pg::JudgeResult j = pg::judge(e.inst, e.inst.initial_state, pool.state(e.env));
    EXPECT_TRUE(j.error.empty());
    EXPECT_TRUE(j.success) << e.inst.tmpl->id << " seed " << e.inst.seed << ": " << j.to_json().dump();
  }
}
