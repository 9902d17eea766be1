// Device profiles (sim/os/device.hpp): the named profiles and os.device's validation; a phone under
// a profile draws, reports, observes and takes actions at its own pixels; forks keep the profile;
// and every app page lays out without layout-lint problems on every named profile.
#include "sim/env/env.hpp"
#include "sim/os/device.hpp"
#include "sim/os/perturb.hpp"
#include "sim/os/phone.hpp"
#include "sim/render/obs.hpp"
#include "sim/render/screen.hpp"
#include "sim/ui/a11y.hpp"
#include "tools/screens.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

using json = nlohmann::json;

namespace {

pg::Env env_on(const std::string& profile) {
  json s = pg::Phone::default_state();
  pg::set_device(s["os"], profile);
  pg::Env env;
  env.reset(s);
  return env;
}

pg::Action act(const std::string& j) { return pg::parse_action(std::string_view(j)); }

/// The node `id` of `tree`, or null.
const json* node(const json& tree, const std::string& id) {
  for (const json& n : tree["nodes"])
    if (n.value("id", "") == id) return &n;
  return nullptr;
}

/// A click at the centre of node `id`, in normalized 0..1000 coordinates of `tree`'s screen.
pg::Action click_on(const json& tree, const std::string& id) {
  const json* n = node(tree, id);
  EXPECT_NE(n, nullptr) << id;
  const json& b = (*n)["bounds"];
  const double cx = (b[0].get<double>() + b[2].get<double>()) / 2, cy = (b[1].get<double>() + b[3].get<double>()) / 2;
  pg::Action a;
  a.type = pg::ActionType::Click;
  a.x = static_cast<int>(std::lround(cx * 1000 / tree["width"].get<double>()));
  a.y = static_cast<int>(std::lround(cy * 1000 / tree["height"].get<double>()));
  return a;
}

}  // namespace

TEST(DeviceProfiles, NamedProfilesAreValidDistinctAndNominalFirst) {
  const auto& list = pg::device_profiles();
  ASSERT_GE(list.size(), 5u);
  EXPECT_EQ(list.front().name, "nominal");
  EXPECT_EQ(list.front().screen, pg::Screen());
  std::set<std::string> names;
  bool cutout = false, tablet = false, small = false;
  for (const pg::DeviceProfile& p : list) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    EXPECT_NO_THROW(pg::validate_device(pg::device_json(p))) << p.name;
    EXPECT_EQ(pg::device_profile(p.name).name, p.name);
    cutout = cutout || p.cutout == "punch_hole";
    tablet = tablet || p.screen.width_dp() >= 600;
    small = small || p.screen.width_px <= 720;
  }
  EXPECT_TRUE(cutout && tablet && small) << "the issue's spread: a small phone, a cutout, a tablet";
  EXPECT_THROW(pg::device_profile("pixel-99"), std::invalid_argument);
}

TEST(DeviceProfiles, BadDevicesAreRefusedNamingTheKey) {
  auto error = [](const json& d) {
    try {
      pg::validate_device(d);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error(json::array()).find("must be an object"), std::string::npos);
  EXPECT_NE(error({{"width_px", 100}}).find("os.device.width_px"), std::string::npos);
  EXPECT_NE(error({{"width_px", 1080.5}}).find("os.device.width_px"), std::string::npos);
  EXPECT_NE(error({{"density", 0}}).find("os.device.density"), std::string::npos);
  EXPECT_NE(error({{"font_scale", "big"}}).find("os.device.font_scale"), std::string::npos);
  EXPECT_NE(error({{"cutout", "notch"}}).find("os.device.cutout"), std::string::npos);
  EXPECT_NE(error({{"dpi", 480}}).find("os.device.dpi is not a device key"), std::string::npos);
  // 720 px at density 3 is 240 dp: narrower than any Android phone layout.
  EXPECT_NE(error({{"width_px", 720}, {"height_px", 1600}, {"density", 3}}).find("320x560 dp"), std::string::npos);
  // In a state, the same errors are StateErrors naming the path, and nothing changes.
  json s = pg::Phone::default_state();
  s["os"]["device"] = {{"density", 9}};
  EXPECT_THROW(pg::Phone::validate(s), pg::StateError);
  pg::Env env;
  EXPECT_THROW(env.reset(s), pg::StateError);
  EXPECT_EQ(env.phone().screen(), pg::Screen());
  EXPECT_THROW(pg::set_device(s["os"], "pixel-99"), std::invalid_argument);
}

TEST(DeviceProfiles, APhoneDrawsReportsAndObservesAtItsProfilesPixels) {
  for (const pg::DeviceProfile& p : pg::device_profiles()) {
    SCOPED_TRACE(p.name);
    pg::Env env = env_on(p.name);
    EXPECT_EQ(env.phone().screen(), p.screen);
    const json tree = env.ui_tree();
    EXPECT_EQ(tree["width"], p.screen.width_px);
    EXPECT_EQ(tree["height"], p.screen.height_px);
    for (const json& n : tree["nodes"]) {
      EXPECT_LE(n["bounds"][2].get<int>(), p.screen.width_px) << n["id"];
      EXPECT_LE(n["bounds"][3].get<int>(), p.screen.height_px) << n["id"];
    }
    // The navigation bar spans the bottom of this screen: its buttons sit in the last 48 dp.
    const json* home = node(tree, "nav.home");
    ASSERT_NE(home, nullptr);
    EXPECT_NEAR((*home)["bounds"][3].get<double>(), p.screen.height_px, 1.0);
    EXPECT_NEAR(((*home)["bounds"][0].get<double>() + (*home)["bounds"][2].get<double>()) / 2, p.screen.width_px / 2.0, 1.0);
    const pg::Image full = pg::render_screen(env.phone(), true);
    EXPECT_EQ(full.width, p.screen.width_px);
    EXPECT_EQ(full.height, p.screen.height_px);
    // Observations keep the policy's size whatever the screen (stretched, as a real phone's).
    const pg::Image obs = pg::render_screen(env.phone(), false);
    EXPECT_EQ(obs.width, pg::kObsWidth);
    EXPECT_EQ(obs.height, pg::kObsHeight);
    EXPECT_EQ(pg::max_abs_diff(obs, pg::observe_screen(full, pg::kScreenWidth / pg::kObsWidth)), 0);
    // uiautomator's root and the set-of-marks' coordinates are this screen's.
    EXPECT_NE(env.ui_xml().find("bounds=\"[0,0][" + std::to_string(p.screen.width_px) + "," +
                                std::to_string(p.screen.height_px) + "]\""),
              std::string::npos);
    for (const json& m : env.marks()) {
      EXPECT_GE(m["x"].get<int>(), 0);
      EXPECT_LE(m["x"].get<int>(), 1000);
    }
  }
}

// Normalized coordinates span the whole screen on every profile: clicking a widget's centre from
// the tree opens it, and the same normalized point means a different pixel on another screen.
TEST(DeviceProfiles, ActionsHitWidgetsAtTheProfilesCoordinates) {
  for (const std::string name : {"compact-720x1600", "large-1440x3200", "tablet-1600x2560"}) {
    SCOPED_TRACE(name);
    pg::Env env = env_on(name);
    env.step(click_on(env.ui_tree(), "launcher.app.settings"));
    ASSERT_EQ(env.phone().foreground(), "settings");
    env.step(click_on(env.ui_tree(), "settings.display"));
    EXPECT_EQ(env.phone().current_page(), "display");
    env.step(click_on(env.ui_tree(), "nav.back"));
    EXPECT_EQ(env.phone().current_page(), "main");
  }
}

// The screen is per phone, not per thread: stepping phones of different profiles in turn on one
// thread (as a pool worker does) keeps each one's layout, and handlers run under their phone's.
TEST(DeviceProfiles, PhonesOfDifferentProfilesInterleaveOnOneThread) {
  pg::Env small = env_on("compact-720x1600"), tablet = env_on("tablet-1600x2560");
  const json small_tree = small.ui_tree(), tablet_tree = tablet.ui_tree();
  EXPECT_NE(small_tree, tablet_tree);
  for (int i = 0; i < 3; ++i) {
    (void)tablet.ui_tree();  // draw the other phone last
    EXPECT_EQ(small.ui_tree(), small_tree);
    (void)small.ui_tree();
    EXPECT_EQ(tablet.ui_tree(), tablet_tree);
  }
  (void)tablet.ui_tree();
  small.step(click_on(small_tree, "launcher.app.clock"));
  EXPECT_EQ(small.phone().foreground(), "clock");
}

TEST(DeviceProfiles, AForkUnderAProfileStaysUnderIt) {
  auto host = std::make_unique<pg::NativeHost>();
  const int a = host->create();
  json s = pg::Phone::default_state();
  pg::set_device(s["os"], "large-1440x3200");
  host->reset(a, s);
  host->step(a, act(R"({"type":"open_app","app":"clock"})"));
  const int b = host->fork(a);
  EXPECT_EQ(host->state(b)["os"]["device"], pg::device_json(pg::device_profile("large-1440x3200")));
  EXPECT_EQ(host->ui_tree(b)["width"], 1440);
  const pg::Image full = host->screenshot(b, true);
  EXPECT_EQ(full.width, 1440);
  EXPECT_EQ(full.height, 3200);
  // "nominal" takes the device away again: the default state has no os.device.
  pg::set_device(s["os"], "nominal");
  EXPECT_FALSE(s["os"].contains("device"));
}

// Profiles are conditions of the robustness report and of domain randomization, alone or with a
// perturbation; the condition a state was made under reads back from it.
TEST(DeviceProfiles, AreConditionsAloneOrWithAPerturbation) {
  const pg::Condition c = pg::parse_condition("compact-720x1600+drop");
  EXPECT_EQ(c.profile, "compact-720x1600");
  EXPECT_EQ(c.perturbation, "drop");
  EXPECT_EQ(pg::parse_condition("tablet-1600x2560").perturbation, "nominal");
  EXPECT_EQ(pg::parse_condition("popup=0.2,drop=0.1").profile, "");
  EXPECT_EQ(pg::parse_condition("nominal").profile, "");
  EXPECT_THROW(pg::parse_condition("pixel-99+drop"), std::invalid_argument);
  EXPECT_THROW(pg::parse_condition("tablet-1600x2560+dorp"), std::invalid_argument);
  EXPECT_THROW(pg::parse_condition("tablet"), std::invalid_argument);
  const json base = pg::Phone::default_state();
  for (const std::string spec : {"nominal", "drop", "tablet-1600x2560", "compact-720x1600+popup=0.3"}) {
    const json s = pg::with_condition(base, spec, 5);
    EXPECT_NO_THROW(pg::Phone::validate(s)) << spec;
    EXPECT_EQ(pg::state_condition(s), spec);
  }
  // A condition replaces the state's device: the nominal one takes a profile away.
  EXPECT_FALSE(pg::with_condition(pg::with_condition(base, "tablet-1600x2560", 1), "drop", 1)["os"].contains("device"));
  json custom = base;
  custom["os"]["device"] = {{"width_px", 1200}, {"height_px", 2640}, {"density", 2.75}};
  EXPECT_EQ(pg::state_condition(custom), "custom");
  // Domain randomization draws profiles like perturbations, per episode seed.
  const pg::PerturbationMix mix("nominal;compact-720x1600;tablet-1600x2560+drop");
  std::set<std::string> seen;
  for (std::uint64_t seed = 0; seed < 64; ++seed) {
    const json s = mix.apply(base, seed);
    EXPECT_EQ(pg::state_condition(s), mix.pick(seed));
    seen.insert(pg::state_condition(s));
  }
  EXPECT_EQ(seen.size(), 3u);
  EXPECT_THROW(pg::PerturbationMix("nominal;pixel-99"), std::invalid_argument);
}

/// Every page of every app, reached by its nav.json example, on each named profile: the example
/// still works (widgets reachable at the profile's coordinates) and the layout lint (tap targets
/// of 48 dp, text on the screen, inside its widget, not overlapping) finds nothing.
class EveryPageOnProfile : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryPageOnProfile, LaysOutWithoutLintProblems) {
  int pages = 0;
  pg::each_app_page(
      "",
      [&](const std::string& name, pg::Env* env, const std::string& error) {
        ASSERT_NE(env, nullptr) << name << ": " << error;
        EXPECT_EQ(env->phone().screen(), pg::device_profile(GetParam()).screen);
        EXPECT_EQ(env->lint(), std::vector<std::string>{}) << name;
        ++pages;
      },
      GetParam());
  EXPECT_GT(pages, 300);
}

INSTANTIATE_TEST_SUITE_P(Profiles, EveryPageOnProfile,
                         ::testing::Values("compact-720x1600", "phone-1080x2340", "large-1440x3200", "tablet-1600x2560"),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           std::string n = i.param;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });
