// The asynchronous env pool: send/recv semantics, GRPO groups by forking, rejected actions, and
// (in Chromium) crash recovery: a browser killed mid-rollout is restarted, every env restored and
// replayed, and every episode completes exactly once with a valid verdict.
#include "phone_driver.hpp"
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

using pg::testing::action;

TEST(EnvPool, ForkedGroupsStayIdenticalAndRecvReturnsEveryStep) {
  pg::NativeHost host;
  pg::EnvPool::Options o;
  o.workers = 3;
  o.pixels = true;
  pg::EnvPool pool(host, o);
  const int root = pool.add(nullptr);
  std::vector<int> group = pool.fork(root, 4);
  ASSERT_EQ(group.size(), 4u);
  std::vector<pg::Action> same(4, action(R"({"type":"open_app","app":"clock"})"));
  pool.send(same, group);
  std::set<int> seen;
  while (seen.size() < 4)
    for (const pg::StepResult& r : pool.recv(1)) {
      EXPECT_TRUE(seen.insert(r.env_id).second) << "env " << r.env_id << " reported twice";
      EXPECT_EQ(r.obs.width, 270);
      EXPECT_TRUE(r.info.value("ok", false));
    }
  for (int id : group) EXPECT_EQ(pool.state(id), pool.state(group[0]));
  EXPECT_NE(pool.state(root)["os"]["foreground"], pool.state(group[0])["os"]["foreground"]);
  // Synchronous step: results in request order; a rejected action is an error result, not a throw.
  auto res = pool.step({action(R"({"type":"open_app","app":"radio"})"), action(R"({"type":"home"})")}, {group[0], group[1]});
  ASSERT_EQ(res.size(), 2u);
  EXPECT_EQ(res[0].env_id, group[0]);
  EXPECT_NE(res[0].info.value("error", "").find("unknown app \"radio\""), std::string::npos);
  EXPECT_EQ(pool.state(group[1])["os"]["foreground"], "launcher");
  EXPECT_THROW(pool.send({action(R"({"type":"home"})")}, {12345}), std::invalid_argument);
  // One step per env at a time: an env listed twice is refused, and nothing is queued.
  EXPECT_THROW(pool.send({action(R"({"type":"home"})"), action(R"({"type":"back"})")}, {root, root}), std::invalid_argument);
  pool.send({action(R"({"type":"wait","seconds":1})")}, {root});
  EXPECT_EQ(pool.recv(0).size(), 1u);
  EXPECT_EQ(pool.restarts(), 0);
}

