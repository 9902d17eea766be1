// End to end through a real headless Chromium: the wasm host loads, a task instance is reset,
// solved by the oracle over CDP, and judged; forks render identical pixels; bad input is an error
// for that call only.
#include "browser_suite.hpp"
#include "random_actions.hpp"
#include "sim/env/env.hpp"
#include "sim/render/screen.hpp"
#include "sim/os/phone.hpp"
#include "tasks/judge.hpp"
#include "tasks/task.hpp"
#include "trainer/cdp/browser_host.hpp"
#include "trainer/eval/agent.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

using json = nlohmann::json;

namespace {

class BrowserHostTest : public pg::testing::BrowserSuite {};

}  // namespace

TEST_F(BrowserHostTest, OracleSolvesATaskThroughCdpAndTheJudgePasses) {
  pg::TaskSet set = pg::TaskSet::load(std::string(PG_SOURCE_DIR) + "/tasks/templates");
  const json defaults = pg::Phone::default_state();
  pg::EnvPool pool(*host_, pg::episode_pool_options(*host_));
  const int env = pool.add(nullptr);
  pg::OracleEpisodeAgent oracle;
  for (const char* id : {"clock.add_alarm", "settings.airplane_on"}) {
    pg::TaskInstance inst = pg::sample_instance(set.get(id), 1, defaults);
    pg::Trajectory tr = pg::run_episode(pool, env, inst, oracle, 1);
    EXPECT_TRUE(tr.verdict.success) << id << ": " << tr.verdict.to_json().dump();
    // The unsolved initial state fails the same judge.
    EXPECT_FALSE(pg::judge(inst, inst.initial_state, inst.initial_state).success);
  }
}

TEST_F(BrowserHostTest, ScreenshotsHaveTheObservationAndFullSizes) {
  const int slot = host_->create();
  pg::Image obs = host_->screenshot(slot, false), full = host_->screenshot(slot, true);
  EXPECT_EQ(obs.width, pg::kObsWidth);
  EXPECT_EQ(obs.height, pg::kObsHeight);
  EXPECT_EQ(full.width, pg::kScreenWidth);
  EXPECT_EQ(full.height, pg::kScreenHeight);
  // The observation is the full screenshot box-downscaled: drawn by the CPU rasterizer it equals
  // the WebGL frame's downscale within 1/255, and the native host's observation exactly.
  EXPECT_LE(pg::max_abs_diff(pg::box_downscale(full, 4), obs), 1);
  pg::Env native;
  native.set_state(host_->state(slot));
  EXPECT_EQ(pg::render_screen(native.phone(), false).data, obs.data);
  // Not a blank canvas: the wallpaper, the icons and the text give many distinct colours.
  std::set<std::uint32_t> colours;
  for (std::size_t i = 0; i + 2 < obs.data.size(); i += 3)
    colours.insert(static_cast<std::uint32_t>(obs.data[i] << 16 | obs.data[i + 1] << 8 | obs.data[i + 2]));
  EXPECT_GT(colours.size(), 100u);
}

TEST_F(BrowserHostTest, ForkAndRestoreGiveIdenticalStatesAndPixels) {
  const int a = host_->create();
  host_->step(a, pg::parse_action(std::string_view(R"({"type":"open_app","app":"settings"})")));
  const int b = host_->fork(a);
  EXPECT_EQ(host_->state(a), host_->state(b));
  EXPECT_EQ(host_->screenshot(a, false).data, host_->screenshot(b, false).data);
  const int c = host_->create();
  host_->set_state(c, host_->state(a));
  EXPECT_EQ(host_->screenshot(c, false).data, host_->screenshot(a, false).data);
  // Same action on parent and fork: same state and pixels; the launcher differs from Settings.
  const pg::Action back = pg::parse_action(std::string_view(R"({"type":"back"})"));
  host_->step(a, back);
  host_->step(b, back);
  EXPECT_EQ(host_->state(a), host_->state(b));
  EXPECT_EQ(host_->screenshot(a, false).data, host_->screenshot(b, false).data);
  EXPECT_NE(host_->screenshot(a, false).data, host_->screenshot(c, false).data);
}

TEST_F(BrowserHostTest, BadInputIsAnErrorForThatCallOnly) {
  const int slot = host_->create();
  json bad = host_->state(slot);
  bad["os"]["time_ms"] = "soon";
  try {
    host_->set_state(slot, bad);
    FAIL();
  } catch (const pg::StateError& e) {
    EXPECT_NE(std::string(e.what()).find("os.time_ms"), std::string::npos);
  }
  pg::Action unknown_app;
  unknown_app.type = pg::ActionType::OpenApp;
  unknown_app.app = "radio";
  EXPECT_THROW(host_->step(slot, unknown_app), pg::ActionError);
  EXPECT_THROW(host_->state(12345), pg::SlotError);
  // The tab still works.
  EXPECT_EQ(host_->state(slot)["os"]["foreground"], "launcher");
}

TEST_F(BrowserHostTest, RecordedTrajectoriesGiveIdenticalStatesNativeAndInChromium) {
  // 20 seeded random trajectories of 30 actions, recorded on the native sim and replayed in the
  // wasm phone: every step's reply and state must match (same code, same integer state).
  const int slot = host_->create();
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 7;
    pg::Env native;
    host_->reset(slot, nullptr);
    for (int i = 0; i < 30; ++i) {
      const pg::Action a = pg::testing::random_action(native.ui_tree(), rng);
      json rn, rc;
      try {
        rn = native.step(a);
      } catch (const pg::ActionError& e) {
        rn = {{"error", "rejected"}};
      }
      try {
        rc = host_->step(slot, a);
      } catch (const pg::ActionError& e) {
        rc = {{"error", "rejected"}};
      }
      ASSERT_EQ(rn, rc) << "step " << i << " " << pg::to_json(a).dump();
      ASSERT_EQ(native.state(), host_->state(slot)) << "step " << i << " " << pg::to_json(a).dump();
    }
  }
}

TEST_F(BrowserHostTest, TapsInsideTextPutTheCursorOnTheSameCharacterNativeAndInChromium) {
  // The caret is placed by measuring the text as it is drawn: a sweep of taps across a focused
  // multi-line field (wrapped lines, accents, CJK), each followed by typing there, must give the
  // same state in the wasm phone as natively, and the same observation pixels (the caret drawn).
  const int slot = host_->create();
  host_->reset(slot, nullptr);
  pg::Env native;
  auto both = [&](const json& action) {
    const pg::Action a = pg::parse_action(action);
    ASSERT_EQ(native.step(a), host_->step(slot, a)) << action.dump();
    ASSERT_EQ(native.state(), host_->state(slot)) << action.dump();
  };
  auto centre = [&](const std::string& id) {
    const json tree = native.ui_tree();
    for (const json& n : tree["nodes"])
      if (n["id"] == id) {
        const json& b = n["bounds"];
        return json{{"type", "click"}, {"x", (b[0].get<int>() + b[2].get<int>()) / 2 * 1000 / 1080},
                    {"y", (b[1].get<int>() + b[3].get<int>()) / 2 * 1000 / 2400}};
      }
    ADD_FAILURE() << "no " << id;
    return json{{"type", "noop"}};
  };
  both({{"type", "open_app"}, {"app", "notes"}});
  both(centre("notes.fab"));
  both(centre("notes.editor.body"));
  both({{"type", "type"}, {"text", "Water the tomatoes every morning before work, then the basil\nsecond \u00e9\u6f22 line"}});
  for (int y = 190; y <= 290; y += 10)  // the body's lines and just below them (152..232 dp)
    for (int x = 20; x <= 980; x += 53) {
      both({{"type", "click"}, {"x", x}, {"y", y}});
      both({{"type", "type"}, {"text", "|"}});
    }
  // The bars went in between the characters tapped, on the wrapped first paragraph and the last line.
  const std::string body = native.phone().app_state("notes")["editor"]["body"];
  EXPECT_LT(body.find('|'), body.find("tomatoes")) << body;
  EXPECT_NE(body.find("|\n"), std::string::npos) << body;
  EXPECT_EQ(pg::render_screen(native.phone(), false).data, host_->screenshot(slot, false).data);
}

TEST_F(BrowserHostTest, OutcomesJudgeActionsWithoutChangingTheSlotAndMatchTheNativeHost) {
  // What-if judging (Host::outcomes, used by action-level GRPO): one DevTools call forks, steps and
  // hashes per action in the page. Keys must equal the native host's, two points of one button
  // must share an outcome, a tap on the wallpaper must differ from it, open_app must equal the
  // icon tap (the clock, which gestures advance by different times, is put back), and the slot must
  // not move.
  pg::NativeHost native;
  const int b = host_->create(), n = native.create();
  host_->reset(b, nullptr);
  native.reset(n, nullptr);
  const json before = host_->state(b);
  json settings_icon;
  const json tree = host_->ui_tree(b);
  for (const auto& node : tree["nodes"])
    if (node.value("id", "") == "launcher.app.settings") settings_icon = node;
  ASSERT_FALSE(settings_icon.is_null()) << "no launcher.app.settings on the home screen";
  const auto& bounds = settings_icon["bounds"];  // [l, t, r, b] in px of 1080x2400
  auto tap_px = [](double x, double y) {
    pg::Action a;
    a.type = pg::ActionType::Click;
    a.x = static_cast<int>(x * 1000 / 1080), a.y = static_cast<int>(y * 1000 / 2400);
    return a;
  };
  const double l = bounds[0], t = bounds[1], r = bounds[2], btm = bounds[3];
  pg::Action noop;
  noop.type = pg::ActionType::Wait;
  const std::vector<pg::Action> acts{tap_px((l + r) / 2, (t + btm) / 2), tap_px(l + (r - l) * 0.3, t + (btm - t) * 0.4),
                                     tap_px(540, 1100), noop, pg::parse_action(std::string_view(R"({"type":"open_app","app":"settings"})"))};
  const auto kb = host_->outcomes(b, acts);
  const auto kn = native.outcomes(n, acts);
  ASSERT_EQ(kb.size(), acts.size());
  EXPECT_EQ(kb, kn);
  for (const auto& k : kb) EXPECT_EQ(k.size(), 16u) << k;
  EXPECT_EQ(kb[0], kb[1]);  // two points of the Settings icon
  EXPECT_NE(kb[0], kb[2]);  // empty wallpaper vs opening Settings
  EXPECT_EQ(kb[0], kb[4]);  // tapping the icon and open_app settings open the same screen
  EXPECT_EQ(host_->state(b), before);
  EXPECT_EQ(host_->outcomes(b, {acts[0]}), std::vector<std::string>{kb[0]});  // keys compare across calls
  host_->close(b);
  native.close(n);
}
