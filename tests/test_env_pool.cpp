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

#include <atomic>
#include <chrono>
#include <csignal>
#include <map>
#include <random>
#include <set>
#include <thread>

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


namespace {

// A native host that dies like a browser, on every 40th to 80th call (counted across threads, so
// the kill lands wherever the calls interleave, whatever the machine's load): that call and every
// later one throw HostError and alive() is false until restart(), and a restart renumbers the
// slots (a slot of the dead host is then an unknown slot, as in a new Chromium), so a pool that
// names a stale slot is caught.
class KillableHost : public pg::Host {
 public:
  std::string name() const override { return "killable"; }
  pg::HostCaps caps() const override {
    pg::HostCaps c;
    c.restartable = true;
    return c;
  }
  int create() override { return outer(live().create()); }
  void reset(int slot, const json& state) override { live().reset(inner(slot), state); }
  json step(int slot, const pg::Action& a) override { return live().step(inner(slot), a); }
  json state(int slot) override { return live().state(inner(slot)); }
  void set_state(int slot, const json& s) override { live().set_state(inner(slot), s); }
  void patch_state(int slot, const json& p) override { live().patch_state(inner(slot), p); }
  int fork(int slot) override { return outer(live().fork(inner(slot))); }
  void close(int slot) override { live().close(inner(slot)); }
  json ui_tree(int slot) override { return live().ui_tree(inner(slot)); }
  pg::HostObservation observe(int slot, const pg::ObsSpec& spec) override { return live().observe(inner(slot), spec); }
  std::vector<pg::BatchResult> step_batch(const std::vector<pg::BatchOp>& ops, const pg::ObsSpec* spec) override {
    std::vector<pg::BatchOp> in = ops;
    for (pg::BatchOp& op : in) op.slot = inner(op.slot);
    return live().step_batch(in, spec);
  }
  std::vector<pg::WhatIf> what_if(int slot, const std::vector<pg::Action>& actions,
                                  const std::vector<std::string>& restore) override {
    return live().what_if(inner(slot), actions, restore);
  }
  pg::Image capture(int slot, bool full, bool som) override { return live().capture(inner(slot), full, som); }
  std::string ui_xml(int slot) override { return live().ui_xml(inner(slot)); }
  json marks(int slot) override { return live().marks(inner(slot)); }
  bool alive() const override {
    if (restarting_) ++asked_during_restart_;  // a real host's state is being freed now
    return !dead_;
  }
  void restart() override {
    std::lock_guard<std::mutex> l(mu_);
    restarting_ = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));  // a browser takes a while to replace
    host_ = std::make_unique<pg::NativeHost>();
    ++generation_;
    calls_left_ = 40 + static_cast<int>(rng_() % 40);
    dead_ = false;
    restarting_ = false;
  }
  int pid() const override { return -1; }
  /// Calls to alive() made while restart() ran (on a browser host, a use-after-free).
  int asked_during_restart() const { return asked_during_restart_; }

 private:
  static constexpr int kSpan = 100000;
  pg::NativeHost& live() {
    if (dead_ || --calls_left_ == 0) {
      dead_ = true;
      throw pg::HostError("killable host: killed");
    }
    return *host_;
  }
  int outer(int slot) const { return generation_ * kSpan + slot; }
  int inner(int slot) const {
    if (slot / kSpan != generation_) throw pg::SlotError("unknown env slot " + std::to_string(slot));
    return slot % kSpan;
  }
  std::mutex mu_;
  std::unique_ptr<pg::NativeHost> host_ = std::make_unique<pg::NativeHost>();
  std::atomic<int> generation_{0};
  std::atomic<bool> dead_{false};
  std::atomic<int> calls_left_{60};
  std::atomic<bool> restarting_{false};
  mutable std::atomic<int> asked_during_restart_{0};
  std::mt19937 rng_{7};
};

}  // namespace

// Adding, forking, resetting and removing envs on one thread while the host dies again and again
// under them and under steps on another: every call either works or fails with the host's own error, never
// with a slot of the dead host (the pool once read a parent's slot before taking the host lock, so
// a recovery in between made fork() name it: "unknown env slot 93" stopped a GRPO run).
TEST(EnvPool, EnvCallsDuringARecoveryNeverNameASlotOfTheDeadHost) {
  KillableHost host;
  pg::EnvPool::Options o;
  o.workers = 2;
  o.max_restarts = 1000000;
  pg::EnvPool pool(host, o);
  const int stepper = pool.add(nullptr);
  std::atomic<bool> stop{false};
  std::string stepper_error;
  std::thread steps([&] {
    for (int i = 1; !stop; ++i) {
      pool.step({action(R"({"type":"wait","seconds":1})")}, {stepper});
      if (i % 10 == 0) {  // a short log: a recovery replays it
        try {
          pool.reset(stepper, nullptr);
        } catch (const pg::HostError&) {
        } catch (const std::exception& e) {
          stepper_error = e.what();
          return;
        }
      }
    }
  });
  int stale = 0, worked = 0, overlapped = 0;  // overlapped: calls during which the host restarted
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while ((pool.restarts() < 100 || overlapped < 20) && std::chrono::steady_clock::now() < deadline) {
    const int restarts_before = pool.restarts();
    std::vector<int> made;  // removed whatever happens: a recovery rebuilds every env the pool holds
    try {
      const int root = pool.add(nullptr);
      made.push_back(root);
      const std::vector<int> kids = pool.fork(root, 2);
      made.insert(made.end(), kids.begin(), kids.end());
      pool.reset(kids[0], nullptr);
      EXPECT_EQ(pool.state(kids[1]), pool.state(root));
      ++worked;
      if (pool.restarts() != restarts_before) ++overlapped;
    } catch (const pg::HostError&) {  // killed twice within one call: the host's own error
    } catch (const std::exception& e) {
      if (std::string(e.what()).find("unknown env slot") != std::string::npos) ++stale;
      else ADD_FAILURE() << e.what();
    }
    for (int id : made) pool.remove(id);
  }
  stop = true;
  steps.join();
  EXPECT_EQ(stepper_error, "");
  EXPECT_EQ(stale, 0);
  EXPECT_EQ(host.asked_during_restart(), 0) << "the pool asked a host being restarted whether it is alive";
  EXPECT_GE(overlapped, 20) << worked << " iterations worked";
  EXPECT_GT(pool.restarts(), 10);
  EXPECT_EQ(pool.size(), 1u);  // a fork that failed halfway removed the envs it had made
}
