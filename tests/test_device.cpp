// Device profiles (sim/os/device.hpp): the named profiles and os.device's validation; a phone under
// a profile draws, reports, observes and takes actions at its own pixels; forks keep the profile;
// every app page lays out without layout-lint problems on every named profile; and the dark theme
// (sim/ui/dark.hpp), from Settings' switch or as a condition.
#include "sim/env/env.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/device.hpp"
#include "sim/os/perturb.hpp"
#include "sim/os/phone.hpp"
#include "sim/render/obs.hpp"
#include "sim/render/screen.hpp"
#include "sim/ui/a11y.hpp"
#include "sim/ui/dark.hpp"
#include "tools/screens.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <iterator>
#include <memory>
#include <optional>
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
  bool cutout = false, tablet = false, small = false, large_text = false, gesture = false;
  for (const pg::DeviceProfile& p : list) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    EXPECT_NO_THROW(pg::validate_device(pg::device_json(p))) << p.name;
    EXPECT_EQ(pg::device_profile(p.name).name, p.name);
    cutout = cutout || p.screen.cutout == pg::Cutout::punch_hole;
    tablet = tablet || p.screen.width_dp() >= 600;
    small = small || p.screen.width_px <= 720;
    large_text = large_text || p.screen.font_scale >= 1.3f;
    gesture = gesture || p.screen.gesture_nav;
  }
  EXPECT_TRUE(cutout && tablet && small && large_text && gesture)
      << "the issue's spread: a small phone, a cutout, a tablet, Android's largest font size, gesture navigation";
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
  EXPECT_NE(error({{"cutout", "island"}}).find("os.device.cutout"), std::string::npos);
  EXPECT_NE(error({{"navigation", "2-button"}}).find("os.device.navigation"), std::string::npos);
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
    // The navigation bar spans the bottom of this screen: its buttons sit in the last 48 dp. With
    // gesture navigation there are no buttons (Android lists none), only a 24 dp bar.
    const json* home = node(tree, "nav.home");
    if (p.screen.gesture_nav) {
      EXPECT_EQ(home, nullptr);
      EXPECT_EQ(p.screen.nav_bar_dp(), 24.0f);
    } else {
      ASSERT_NE(home, nullptr);
      EXPECT_NEAR((*home)["bounds"][3].get<double>(), p.screen.height_px, 1.0);
      EXPECT_NEAR(((*home)["bounds"][0].get<double>() + (*home)["bounds"][2].get<double>()) / 2, p.screen.width_px / 2.0, 1.0);
    }
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

// Gesture navigation, as on Android: a fling up from the bottom bar goes home, a slow drag up from
// it opens the recent apps, and a swipe inward from either side edge goes back; a tap where the
// buttons would be, a short swipe, or a sideways swipe away from the edges is the app's.
TEST(DeviceProfiles, GestureNavigationSwipesGoBackHomeAndToRecents) {
  pg::Env env = env_on("gesture-1080x2400");
  ASSERT_TRUE(env.phone().screen().gesture_nav);
  auto settings_display = [&] {
    env.step(act(R"({"type":"open_app","app":"settings"})"));
    env.step(click_on(env.ui_tree(), "settings.display"));
    ASSERT_EQ(env.phone().current_page(), "display");
  };
  // Settings' list reaches down to the 24 dp bar (2328 px), not to 48 dp above the bottom.
  env.step(act(R"({"type":"open_app","app":"settings"})"));
  int list_bottom = 0;
  const json main_page = env.ui_tree();
  for (const json& n : main_page["nodes"])
    if (n.value("scrollable", false)) list_bottom = std::max(list_bottom, n["bounds"][3].get<int>());
  EXPECT_EQ(list_bottom, 2400 - 24 * 3);
  settings_display();
  env.step(act(R"({"type":"click","x":194,"y":990})"));  // where the back button is with buttons
  EXPECT_EQ(env.phone().current_page(), "display");
  env.step(act(R"({"type":"swipe","x1":500,"y1":990,"x2":500,"y2":960})"));  // 30 dp: too short
  EXPECT_EQ(env.phone().foreground(), "settings");
  env.step(act(R"({"type":"swipe","x1":500,"y1":500,"x2":900,"y2":500})"));  // sideways, mid-screen
  EXPECT_EQ(env.phone().current_page(), "display");
  for (const char* edge : {R"({"type":"swipe","x1":5,"y1":500,"x2":400,"y2":500})",
                           R"({"type":"swipe","x1":995,"y1":500,"x2":600,"y2":500})"}) {
    if (env.phone().current_page() != "display") settings_display();
    const json r = env.step(act(edge));
    EXPECT_EQ(env.phone().current_page(), "main") << edge;
    EXPECT_EQ(r["info"].value("target", ""), "nav.back") << edge;
  }
  env.step(act(R"({"type":"swipe","x1":500,"y1":995,"x2":500,"y2":600})"));
  EXPECT_EQ(env.phone().foreground(), "launcher");
  env.step(act(R"({"type":"open_app","app":"settings"})"));
  env.step(act(R"({"type":"drag","x1":500,"y1":995,"x2":500,"y2":600})"));
  EXPECT_TRUE(env.phone().os()["recents"].value("open", false));
  // On the three-button phone the same swipe from the bottom is the page's, not a gesture.
  pg::Env buttons = env_on("nominal");
  buttons.step(act(R"({"type":"open_app","app":"settings"})"));
  buttons.step(act(R"({"type":"swipe","x1":5,"y1":500,"x2":400,"y2":500})"));
  EXPECT_EQ(buttons.phone().foreground(), "settings");
  EXPECT_EQ(buttons.phone().current_page(), "main");
}

// A cutout deepens the status bar to the cutout's depth plus 8 dp, as Android sizes it, and every
// page starts below it: the same Settings row is lower on the punch-hole phone than on a phone of
// the same width without one; under a notch the status icons stay beside it (drawn pixels there
// are the bar's own colour), dropping Bluetooth's icon first when they do not fit.
TEST(DeviceProfiles, ACutoutDeepensTheStatusBarAndMovesPagesBelowIt) {
  struct Case {
    std::string profile;
    float bar_dp;
  };
  for (const Case& c : {Case{"phone-1080x2340", 28}, Case{"large-1440x3200", 40}, Case{"notch-1080x2280", 44}}) {
    SCOPED_TRACE(c.profile);
    pg::Env env = env_on(c.profile);
    const pg::Screen& scr = env.phone().screen();
    EXPECT_EQ(scr.status_bar_dp(), c.bar_dp);
    env.step(act(R"({"type":"open_app","app":"settings"})"));
    const json tree = env.ui_tree();
    const json* bar = node(tree, "os.status_bar");
    ASSERT_NE(bar, nullptr);
    EXPECT_NEAR((*bar)["bounds"][3].get<double>(), c.bar_dp * scr.density, 1.0);
    // The app bar's title sits the same distance below the status bar on every profile.
    const json* first = node(tree, "settings.title");
    ASSERT_NE(first, nullptr);
    const double top_dp = (*first)["bounds"][1].get<double>() / scr.density;
    static const double nominal_gap = [] {
      pg::Env n = env_on("nominal");
      n.step(act(R"({"type":"open_app","app":"settings"})"));
      const json t = n.ui_tree();
      return (*node(t, "settings.title"))["bounds"][1].get<double>() / 3.0 - 28;
    }();
    EXPECT_NEAR(top_dp - c.bar_dp, nominal_gap, 0.5);
    EXPECT_EQ(env.lint(), std::vector<std::string>{});
  }
  // Under the notch nothing is drawn: with every status icon on, the notch's box in the status bar
  // is the bar's background colour throughout, and the icons that did not fit are left out.
  json s = pg::Phone::default_state();
  pg::set_device(s["os"], "notch-1080x2280");
  s["os"]["settings"]["global"]["bluetooth_on"] = true;
  s["os"]["settings"]["global"]["wifi_on"] = true;
  pg::Env env;
  env.reset(s);
  env.step(act(R"({"type":"open_app","app":"settings"})"));
  const pg::Screen& scr = env.phone().screen();
  const pg::Image full = pg::render_screen(env.phone(), true);
  const int l = static_cast<int>((scr.width_dp() - scr.cutout_width_dp()) / 2 * scr.density);
  const int r = static_cast<int>((scr.width_dp() + scr.cutout_width_dp()) / 2 * scr.density);
  const int b = static_cast<int>(scr.status_bar_dp() * scr.density);
  const std::uint8_t* bg = &full.data[3 * static_cast<std::size_t>(l)];
  int different = 0;
  for (int y = 0; y < b; ++y)
    for (int x = l; x < r; ++x) {
      const std::uint8_t* px = &full.data[3 * (static_cast<std::size_t>(y) * full.width + x)];
      different += px[0] != bg[0] || px[1] != bg[1] || px[2] != bg[2];
    }
  EXPECT_EQ(different, 0);
  // The same phone without the notch draws one icon more in its status bar (Bluetooth's).
  auto inked = [&](const pg::Image& im, int bar_px) {
    int n = 0;
    for (int y = 0; y < bar_px; ++y)
      for (int x = 0; x < im.width; ++x) {
        const std::uint8_t* px = &im.data[3 * (static_cast<std::size_t>(y) * im.width + x)];
        n += px[0] != bg[0] || px[1] != bg[1] || px[2] != bg[2];
      }
    return n;
  };
  s["os"]["device"]["cutout"] = "none";
  env.reset(s);
  env.step(act(R"({"type":"open_app","app":"settings"})"));
  const pg::Image plain = pg::render_screen(env.phone(), true);
  EXPECT_GT(inked(plain, static_cast<int>(28 * scr.density)), inked(full, b) + 100);
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
                         ::testing::Values("compact-720x1600", "phone-1080x2340", "large-1440x3200", "notch-1080x2280", "tablet-1600x2560",
                                           "large-text-1080x2400", "gesture-1080x2400"),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           std::string n = i.param;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });


// ------------------------------------------------------------------------------------ dark theme

namespace {

/// WCAG 2 relative luminance of 0xRRGGBB.
double luminance(std::uint32_t rgb) {
  auto lin = [](std::uint32_t c) {
    const double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin((rgb >> 16) & 0xff) + 0.7152 * lin((rgb >> 8) & 0xff) + 0.0722 * lin(rgb & 0xff);
}

/// WCAG 2 contrast ratio of two colours (1..21).
double contrast(std::uint32_t a, std::uint32_t b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

/// `rgb` as a frame of `phone` draws it (Ui::themed), as content (ContentColours) or not.
std::uint32_t drawn(pg::Phone& phone, std::uint32_t rgb, bool content = false) {
  pg::Ui ui(nullptr, phone);
  std::optional<pg::ContentColours> keep;
  if (content) keep.emplace();
  return pg::Ui::themed(rgb);
}

/// The mean luminance of an RGB image.
double mean_luminance(const pg::Image& img) {
  double sum = 0;
  const std::size_t n = static_cast<std::size_t>(img.width) * img.height;
  for (std::size_t i = 0; i < n; ++i)
    sum += luminance(static_cast<std::uint32_t>(img.data[3 * i]) << 16 | static_cast<std::uint32_t>(img.data[3 * i + 1]) << 8 |
                     img.data[3 * i + 2]);
  return sum / static_cast<double>(n);
}

}  // namespace

// Material 3's dark scheme mirrors each role's tone: surfaces go dark, text light, the primary
// lighter, with the contrast of the light scheme's pairs kept; content keeps its colours; the
// light theme is untouched.
TEST(DarkTheme, ColourRolesMirrorTheirTonesAndKeepTheirContrast) {
  namespace c = pg::color;
  pg::Env light = env_on("nominal");
  for (std::uint32_t rgb : {c::kSurface, c::kOnSurface, c::kPrimary, 0x00897Bu}) EXPECT_EQ(drawn(light.phone(), rgb), rgb);
  json s = pg::Phone::default_state();
  s["os"]["settings"]["secure"]["ui_night_mode"] = 2;
  pg::Env dark;
  dark.reset(s);
  pg::Phone& p = dark.phone();
  EXPECT_LT(luminance(drawn(p, c::kSurface)), 0.02);
  EXPECT_LT(luminance(drawn(p, 0xFFFFFF)), 0.02);
  EXPECT_GT(luminance(drawn(p, c::kOnSurface)), 0.6);
  EXPECT_GT(luminance(drawn(p, c::kPrimary)), 0.35) << "primary goes to a light tone (Material: tone 80)";
  // The surface steps stay ordered: a container is lighter than the surface it sits on.
  EXPECT_GT(luminance(drawn(p, c::kSurfaceContainer)), luminance(drawn(p, c::kSurface)));
  EXPECT_GT(luminance(drawn(p, c::kSurfaceVariant)), luminance(drawn(p, c::kSurfaceContainer)));
  const std::pair<std::uint32_t, std::uint32_t> pairs[] = {{c::kOnSurface, c::kSurface},
                                                           {c::kOnSurfaceVariant, c::kSurface},
                                                           {c::kOnPrimary, c::kPrimary},
                                                           {c::kOnPrimaryContainer, c::kPrimaryContainer},
                                                           {c::kError, c::kSurface}};
  for (const auto& [fg, bg] : pairs) {
    SCOPED_TRACE(std::to_string(fg) + " on " + std::to_string(bg));
    EXPECT_GE(contrast(drawn(p, fg), drawn(p, bg)), 4.5) << "WCAG AA for text";
  }
  // Content (photos, covers, app icons) keeps its colours.
  for (std::uint32_t rgb : {c::kSurface, 0x000000u, 0x2A9BD8u}) EXPECT_EQ(drawn(p, rgb, true), rgb);
  // The device condition draws dark whatever Settings say.
  json forced = pg::Phone::default_state();
  pg::set_device_condition(forced["os"], "dark");
  EXPECT_EQ(forced["os"]["device"], json({{"dark", true}}));
  EXPECT_EQ(forced["os"]["settings"]["secure"]["ui_night_mode"], 1);
  pg::Env forced_env;
  forced_env.reset(forced);
  EXPECT_TRUE(pg::dark_theme(forced_env.phone().os()));
  EXPECT_FALSE(pg::dark_theme_setting(forced_env.phone().os())) << "Settings' switch shows the user's setting";
  EXPECT_EQ(drawn(forced_env.phone(), c::kSurface), drawn(p, c::kSurface));
}

// The user's path: Settings > Display > Dark theme turns the screen dark; the home screen keeps the
// wallpaper's colours (only the dock's search bar, a surface, changes), as Android's launcher does.
TEST(DarkTheme, SettingsSwitchDarkensTheScreenAndTheHomeScreenKeepsItsWallpaper) {
  pg::Env env = env_on("nominal");
  const pg::Image home_light = pg::render_screen(env.phone(), true);
  env.step(act(R"({"type":"open_app","app":"settings"})"));
  env.step(click_on(env.ui_tree(), "settings.display"));
  const pg::Image light = pg::render_screen(env.phone(), true);
  env.step(click_on(env.ui_tree(), "settings.dark_theme.switch"));
  ASSERT_EQ(env.phone().os()["settings"]["secure"]["ui_night_mode"], 2);
  const pg::Image dark = pg::render_screen(env.phone(), true);
  EXPECT_GT(mean_luminance(light), 0.7);
  EXPECT_LT(mean_luminance(dark), 0.15);
  env.step(act(R"({"type":"home"})"));
  const json tree = env.ui_tree();
  const pg::Image home_dark = pg::render_screen(env.phone(), true);
  const json* bar = node(tree, "launcher.search_bar");
  ASSERT_NE(bar, nullptr);
  const json& b = (*bar)["bounds"];
  int changed_outside = 0, changed_inside = 0;
  for (int y = 0; y < home_dark.height; ++y)
    for (int x = 0; x < home_dark.width; ++x) {
      const std::size_t i = 3 * (static_cast<std::size_t>(y) * home_dark.width + x);
      const bool differs = home_dark.data[i] != home_light.data[i] || home_dark.data[i + 1] != home_light.data[i + 1] ||
                           home_dark.data[i + 2] != home_light.data[i + 2];
      const bool in_bar = x >= b[0].get<int>() - 2 && x < b[2].get<int>() + 2 && y >= b[1].get<int>() - 2 && y < b[3].get<int>() + 2;
      (in_bar ? changed_inside : changed_outside) += differs;
    }
  EXPECT_EQ(changed_outside, 0);
  EXPECT_GT(changed_inside, 1000);
}

// The dark theme is a condition like a profile: alone, after a profile, before a perturbation; it
// reads back from the state, and os.device.dark is validated.
TEST(DarkTheme, IsAConditionAloneOrWithAProfileAndAPerturbation) {
  const pg::Condition c = pg::parse_condition("large-1440x3200+dark+drop");
  EXPECT_EQ(c.profile, "large-1440x3200");
  EXPECT_TRUE(c.dark);
  EXPECT_EQ(c.perturbation, "drop");
  EXPECT_TRUE(pg::parse_condition("dark").dark);
  EXPECT_EQ(pg::parse_condition("dark").perturbation, "nominal");
  EXPECT_FALSE(pg::parse_condition("drop").dark);
  EXPECT_THROW(pg::parse_condition("drop+dark"), std::invalid_argument);
  EXPECT_THROW(pg::parse_condition("dark+tablet-1600x2560"), std::invalid_argument);
  const json base = pg::Phone::default_state();
  for (const std::string spec : {"dark", "dark+popup", "tablet-1600x2560+dark", "compact-720x1600+dark+mixed"}) {
    const json s = pg::with_condition(base, spec, 3);
    EXPECT_NO_THROW(pg::Phone::validate(s)) << spec;
    EXPECT_EQ(pg::state_condition(s), spec);
    EXPECT_EQ(s["os"]["settings"], base["os"]["settings"]) << "Settings keep what the task set";
  }
  json os = base["os"];
  EXPECT_THROW(pg::set_device_condition(os, "drop"), std::invalid_argument);
  EXPECT_THROW(pg::set_device_condition(os, "tablet-1600x2560+dark+drop"), std::invalid_argument);
  EXPECT_EQ(os, base["os"]) << "a refused spec changes nothing";
  try {
    pg::validate_device({{"dark", 1}});
    ADD_FAILURE() << "os.device.dark 1 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("os.device.dark"), std::string::npos) << e.what();
  }
}

// ---------------------------------------------------------------------------------------- locale

// Dates are written as each locale writes them (CLDR's patterns): names, order and punctuation.
TEST(Locale, DatesAreWrittenAsEachLocaleWritesThem) {
  using pg::DateStyle;
  struct Want {
    const char* tag;
    const char *weekday_month_day, *month_day_year, *month_year, *short_weekday;
  };
  const Want wants[] = {
      {"en-US", "Friday, November 27", "Nov 27, 2026", "November 2026", "Fri, Nov 27"},
      {"en-GB", "Friday 27 November", "27 Nov 2026", "November 2026", "Fri 27 Nov"},
      {"fr-FR", "vendredi 27 novembre", "27 nov. 2026", "novembre 2026", "ven. 27 nov."},
      {"de-DE", "Freitag, 27. November", "27. Nov. 2026", "November 2026", "Fr., 27. Nov."},
      {"es-ES", "viernes, 27 de noviembre", "27 nov 2026", "noviembre de 2026", "vie, 27 nov"},
      {"it-IT", "venerd\u00ec 27 novembre", "27 nov 2026", "novembre 2026", "ven 27 nov"},
  };
  ASSERT_EQ(pg::date_locales().size(), std::size(wants));
  for (const Want& w : wants) {
    pg::LocaleScope scope(w.tag);
    EXPECT_EQ(pg::format_date(2026, 11, 27, DateStyle::WeekdayMonthDay), w.weekday_month_day) << w.tag;
    EXPECT_EQ(pg::format_date(2026, 11, 27, DateStyle::MonthDayYear), w.month_day_year) << w.tag;
    EXPECT_EQ(pg::format_date(2026, 11, 27, DateStyle::MonthYear), w.month_year) << w.tag;
    EXPECT_EQ(pg::format_date(2026, 11, 27, DateStyle::ShortWeekdayMonthDay), w.short_weekday) << w.tag;
  }
  {
    pg::LocaleScope scope("es-ES");
    EXPECT_EQ(pg::weekday_initial(3), "X");  // mi\u00e9rcoles
    EXPECT_EQ(pg::format_date_long(1767254400000LL), "jueves, 1 de enero");
    pg::LocaleScope inner("fr-CA");  // another region of a modelled language writes as it does
    EXPECT_EQ(pg::month_name(2), "f\u00e9vrier");
    EXPECT_EQ(pg::thread_locale(), "fr-CA");
  }
  EXPECT_EQ(pg::thread_locale(), "en-US") << "scopes restore the thread's locale";
  pg::LocaleScope unknown("tlh-QO");
  EXPECT_EQ(pg::format_date(2026, 1, 1, DateStyle::MonthDay), "Jan 1");
}

// The phone writes dates in os.locale (Settings > Languages), or in os.device.locale when a
// robustness condition forces one; the condition leaves the judged os.locale alone.
TEST(Locale, ThePhoneWritesDatesInItsLocaleAndALocaleIsACondition) {
  auto month_title = [](const json& state) {
    pg::Env env;
    env.reset(state);
    env.step(act(R"({"type":"open_app","app":"calendar"})"));
    const json tree = env.ui_tree();
    const json* n = node(tree, "calendar.month.title");
    return n ? (*n)["text"].get<std::string>() : std::string("(no title)");
  };
  json s = pg::Phone::default_state();
  EXPECT_EQ(month_title(s), "January 2026");
  s["os"]["locale"] = "de-DE";
  EXPECT_EQ(month_title(s), "Januar 2026");
  const json forced = pg::with_condition(s, "fr-FR", 1);
  EXPECT_EQ(forced["os"]["device"]["locale"], "fr-FR");
  EXPECT_EQ(forced["os"]["locale"], "de-DE") << "the user's setting is left as the task set it";
  EXPECT_EQ(month_title(forced), "janvier 2026");

  const pg::Condition c = pg::parse_condition("compact-720x1600+dark+de-DE+drop");
  EXPECT_EQ(c.profile, "compact-720x1600");
  EXPECT_TRUE(c.dark);
  EXPECT_EQ(c.locale, "de-DE");
  EXPECT_EQ(c.perturbation, "drop");
  EXPECT_THROW(pg::parse_condition("de-DE+dark"), std::invalid_argument);
  const json base = pg::Phone::default_state();
  for (const std::string spec : {"it-IT", "es-ES+popup", "tablet-1600x2560+en-GB", "compact-720x1600+dark+fr-FR+mixed"}) {
    const json st = pg::with_condition(base, spec, 3);
    EXPECT_NO_THROW(pg::Phone::validate(st)) << spec;
    EXPECT_EQ(pg::state_condition(st), spec);
  }
  try {
    pg::validate_device({{"locale", "xx-YY"}});
    ADD_FAILURE() << "os.device.locale xx-YY accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("os.device.locale"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("de-DE"), std::string::npos) << e.what();
  }
}

// Every page lays out without lint problems with the longest dates (German on the smallest
// phone, Spanish on the nominal one). Drawn one after the other on one thread, the two also
// caught Forum's card cache keyed without the screen's width: the nominal phone wrapped titles to
// the compact phone's wider lines.
TEST(Locale, EveryPageLaysOutWithTheLongestDates) {
  for (const std::string condition : {"compact-720x1600+de-DE", "es-ES"}) {
    int pages = 0;
    pg::each_app_page(
        "",
        [&](const std::string& name, pg::Env* env, const std::string& error) {
          ASSERT_NE(env, nullptr) << condition << " " << name << ": " << error;
          EXPECT_EQ(env->lint(), std::vector<std::string>{}) << condition << " " << name;
          ++pages;
        },
        condition);
    EXPECT_GT(pages, 300) << condition;
  }
}
