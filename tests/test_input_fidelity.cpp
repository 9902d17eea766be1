// The fidelity path: actions delivered as real DevTools input events (Input.dispatchTouchEvent /
// dispatchKeyEvent) to the page's gesture recognizer (web/input.js) give exactly the states the
// direct API gives, on recorded trajectories and on oracle solutions.
#include "browser_suite.hpp"
#include "random_actions.hpp"
#include "sim/env/env.hpp"
#include "sim/os/phone.hpp"
#include "tasks/judge.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"
#include "trainer/cdp/browser_host.hpp"

#include <gtest/gtest.h>

#include <cmath>

using json = nlohmann::json;

namespace {

class InputFidelity : public pg::testing::BrowserSuite {};

// Applies `a` through input events and checks the page recognized exactly `a`.
void step_both(pg::Env& native, int slot, const pg::Action& a, const std::string& where) {
  const json applied = InputFidelity::host_->step_input(slot, a);
  ASSERT_EQ(applied.size(), 1u) << where << ": " << applied.dump();
  EXPECT_EQ(pg::parse_action(applied[0]["action"]), a)
      << where << ": sent " << pg::to_json(a).dump() << ", the page recognized " << applied[0]["action"].dump();
  EXPECT_FALSE(applied[0]["result"].contains("error")) << where << ": " << applied[0]["result"].dump();
  try {
    native.step(a);
  } catch (const pg::ActionError&) {
  }
}

pg::Action act(const char* text) { return pg::parse_action(std::string_view(text)); }

}  // namespace

TEST_F(InputFidelity, EachGestureIsRecognizedAsTheActionThatMadeIt) {
  const int slot = host_->create();
  pg::Env native;
  for (const char* a : {R"({"type":"click","x":375,"y":699})", R"({"type":"back"})", R"({"type":"home"})",
                        R"({"type":"long_press","x":500,"y":500})", R"({"type":"swipe","x1":500,"y1":800,"x2":500,"y2":200})",
                        R"({"type":"back"})", R"({"type":"drag","x1":300,"y1":10,"x2":300,"y2":600})",
                        R"({"type":"back"})", R"({"type":"recent"})", R"({"type":"recent"})",
                        R"({"type":"double_tap","x":100,"y":100})", R"({"type":"open_app","app":"notes"})",
                        R"({"type":"click","x":880,"y":920})", R"({"type":"type","text":"Hi \"you\" & é","clear":true,"x":500,"y":300})",
                        R"({"type":"enter"})", R"({"type":"wait","seconds":3})", R"({"type":"click","x":0,"y":1000})"}) {
    step_both(native, slot, act(a), a);
    EXPECT_EQ(host_->state(slot), native.state()) << "after " << a;
  }
}

TEST_F(InputFidelity, RecordedTrajectoriesGiveTheSameStatesAsTheApi) {
  // 12 recorded trajectories of 25 plausible actions (tests/random_actions.hpp), recorded on the
  // native host; swipes shorter than the touch slop are left out (a finger cannot make them).
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    pg::Env recorder;
    std::vector<pg::Action> traj;
    std::uint64_t rng = seed * 7919;
    while (traj.size() < 25) {
      pg::Action a = pg::testing::random_action(recorder.ui_tree(), rng);
      if ((a.type == pg::ActionType::Swipe || a.type == pg::ActionType::Drag) &&
          std::hypot(a.x2 - a.x1, a.y2 - a.y1) < 16)
        continue;
      try {
        recorder.step(a);
      } catch (const pg::ActionError&) {
        continue;
      }
      traj.push_back(a);
    }
    const int slot = host_->create();
    pg::Env native;
    for (std::size_t i = 0; i < traj.size(); ++i) {
      const std::string where = "seed " + std::to_string(seed) + " step " + std::to_string(i);
      step_both(native, slot, traj[i], where);
      ASSERT_EQ(host_->state(slot), native.state()) << where << " " << pg::to_json(traj[i]).dump();
    }
    EXPECT_EQ(native.state(), recorder.state());
    host_->close(slot);
  }
}

TEST_F(InputFidelity, OracleSolutionsThroughInputEventsPassTheJudge) {
  pg::TaskSet set = pg::TaskSet::load(std::string(PG_SOURCE_DIR) + "/tasks/templates");
  const json defaults = pg::Phone::default_state();
  for (const char* id : {"clock.add_alarm", "notes.create_note", "settings.dark_theme_on"}) {
    pg::TaskInstance inst = pg::sample_instance(set.get(id), 3, defaults);
    const int slot = host_->create();
    host_->reset(slot, inst.initial_state);
    pg::OracleAgent oracle(inst);
    pg::Env mirror;
    mirror.set_state(inst.initial_state);
    int steps = 0;
    while (auto a = oracle.next(host_->ui_tree(slot))) {
      ASSERT_LT(++steps, 80) << id;
      step_both(mirror, slot, *a, std::string(id) + " step " + std::to_string(steps));
    }
    const json final_state = host_->state(slot);
    EXPECT_EQ(final_state, mirror.state()) << id;
    EXPECT_TRUE(pg::judge(inst, inst.initial_state, final_state).success) << id;
  }
}
