// All cores in one process: a native host that steps different slots on several threads (each
// with its own ImGui context and renderer) gives exactly the replies, pixels, frame hashes, XML
// and states of one thread; two hosts driven from two threads at once give what each gives alone.
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <thread>

namespace {

using nlohmann::json;

/// A keyed random action among the kinds an agent uses (taps anywhere, swipes, back, home, open_app).
pg::Action random_action(std::mt19937_64& rng, const std::vector<std::string>& apps) {
  pg::Action a;
  switch (rng() % 8) {
    case 0: case 1: case 2: case 3:
      a.type = pg::ActionType::Click, a.x = static_cast<int>(rng() % 1001), a.y = static_cast<int>(rng() % 1001);
      break;
    case 4:
      a.type = pg::ActionType::Swipe, a.x1 = a.x2 = 500, a.y1 = 700, a.y2 = 300;
      break;
    case 5: a.type = pg::ActionType::Back; break;
    case 6: a.type = pg::ActionType::Home; break;
    default: a.type = pg::ActionType::OpenApp, a.app = apps[rng() % apps.size()]; break;
  }
  return a;
}

/// Everything a trajectory produced: per step and slot the reply, error, pixels, hash and XML; at
/// the end every slot's state.
struct Record {
  std::vector<std::string> replies, xml;
  std::vector<std::vector<std::uint8_t>> pixels;
  std::vector<std::uint64_t> hashes;
  std::vector<json> states;
};

Record run(pg::Host& host, int slots, int steps, std::uint64_t seed) {
  std::vector<std::string> apps;
  for (pg::App* a : pg::AppRegistry::instance().apps()) apps.push_back(a->id());
  std::sort(apps.begin(), apps.end());
  std::vector<int> ids;
  for (int i = 0; i < slots; ++i) ids.push_back(host.create());
  pg::ObsSpec spec;
  spec.ui_xml = true;
  std::mt19937_64 rng(seed);
  Record rec;
  for (int t = 0; t < steps; ++t) {
    std::vector<pg::BatchOp> ops;
    for (int id : ids) ops.push_back({id, random_action(rng, apps)});
    for (const pg::BatchResult& r : host.step_batch(ops, &spec)) {
      rec.replies.push_back(r.error.empty() ? r.info.dump() : "error: " + r.error);
      rec.pixels.push_back(r.obs.image.data);
      rec.hashes.push_back(r.obs.hash);
      rec.xml.push_back(r.obs.ui_xml);
    }
  }
  for (int id : ids) rec.states.push_back(host.state(id));
  return rec;
}

void expect_equal(const Record& a, const Record& b) {
  ASSERT_EQ(a.replies.size(), b.replies.size());
  for (std::size_t i = 0; i < a.replies.size(); ++i) {
    EXPECT_EQ(a.replies[i], b.replies[i]) << "op " << i;
    EXPECT_EQ(a.hashes[i], b.hashes[i]) << "op " << i;
    EXPECT_TRUE(a.pixels[i] == b.pixels[i]) << "op " << i << ": pixels differ";
    EXPECT_EQ(a.xml[i], b.xml[i]) << "op " << i;
  }
  ASSERT_EQ(a.states.size(), b.states.size());
  for (std::size_t i = 0; i < a.states.size(); ++i) EXPECT_EQ(a.states[i], b.states[i]) << "slot " << i;
}

TEST(NativeThreads, ThreadsStepSlotsExactlyAsOneThreadDoes) {
  pg::NativeHost one(1), four(4);
  EXPECT_EQ(one.threads(), 1);
  EXPECT_EQ(four.threads(), 4);
  const Record a = run(one, 6, 12, 7), b = run(four, 6, 12, 7);
  ASSERT_FALSE(a.pixels.front().empty());
  expect_equal(a, b);
  // The trajectories did things: screens changed and some taps were refused or landed.
  std::set<std::uint64_t> distinct(a.hashes.begin(), a.hashes.end());
  EXPECT_GT(distinct.size(), 6u);
}

TEST(NativeThreads, TwoHostsOnTwoThreadsAtOnce) {
  Record alone1, alone2;
  {
    pg::NativeHost h1, h2;
    alone1 = run(h1, 3, 10, 11);
    alone2 = run(h2, 3, 10, 12);
  }
  Record par1, par2;
  {
    pg::NativeHost h1, h2;
    std::thread t1([&] { par1 = run(h1, 3, 10, 11); });
    std::thread t2([&] { par2 = run(h2, 3, 10, 12); });
    t1.join();
    t2.join();
  }
  expect_equal(alone1, par1);
  expect_equal(alone2, par2);
}

TEST(NativeThreads, AnActionErrorStaysWithItsOp) {
  pg::NativeHost host(3);
  const int a = host.create(), b = host.create();
  pg::Action bad;
  bad.type = pg::ActionType::OpenApp;
  bad.app = "no-such-app";
  pg::Action home;
  home.type = pg::ActionType::Home;
  const auto res = host.step_batch({{a, bad}, {b, home}}, nullptr);
  ASSERT_EQ(res.size(), 2u);
  EXPECT_EQ(res[0].error_type, "action");
  EXPECT_TRUE(res[1].error.empty());
}

}  // namespace
