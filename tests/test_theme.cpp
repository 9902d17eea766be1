// The OS theme (sim/os/theme.hpp, state os.theme): applying an accent recolours the baseline
// Material tokens in system apps and the launcher (dynamic colour); wallpapers and icon shapes
// change the home screen; bad themes are refused with the key named, by apply_theme and by the
// state schema. Pixels are read from the native renderer, the same frames the page draws.
#include "phone_driver.hpp"

#include "sim/os/phone.hpp"
#include "sim/os/theme.hpp"
#include "sim/render/image.hpp"
#include "sim/render/screen.hpp"
#include "sim/ui/ui.hpp"

using namespace pg::testing;

namespace {

std::uint32_t pixel(const pg::Image& img, int x, int y) {
  const std::uint8_t* p = &img.data[(static_cast<std::size_t>(y) * img.width + x) * img.channels];
  return static_cast<std::uint32_t>(p[0]) << 16 | static_cast<std::uint32_t>(p[1]) << 8 | p[2];
}

std::size_t count(const pg::Image& img, std::uint32_t rgb) {
  std::size_t n = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) n += pixel(img, x, y) == rgb;
  return n;
}

/// The screen pixel (1080x2400 frame) at dp (x, y).
std::uint32_t at_dp(const pg::Image& img, float x, float y) {
  return pixel(img, static_cast<int>(x * 3), static_cast<int>(y * 3));
}

}  // namespace

TEST(Theme, AFreshPhoneHasTheDefaultTheme) {
  Env env;
  EXPECT_EQ(env.state()["os"]["theme"],
            (json{{"accent", ""}, {"wallpaper", "dusk"}, {"icon_shape", "circle"}, {"themed_icons", false}}));
  EXPECT_EQ(pg::current_theme(env.phone()), env.state()["os"]["theme"]);
  EXPECT_EQ(pg::wallpapers().front().id, "dusk");
  EXPECT_GE(pg::wallpapers().size(), 10u);
}

TEST(Theme, AnAccentRecoloursTheSystemPaletteInSystemApps) {
  Env env;
  open_app(env, "clock");
  const pg::Image before = pg::render_screen(env.phone(), true);
  const std::size_t baseline = count(before, pg::color::kPrimaryContainer) + count(before, pg::color::kPrimary);
  ASSERT_GT(baseline, 1000u) << "Clock draws with the baseline palette";
  pg::apply_theme(env.phone(), {{"accent", "#006A6A"}});
  const pg::Image after = pg::render_screen(env.phone(), true);
  EXPECT_EQ(count(after, pg::color::kPrimaryContainer) + count(after, pg::color::kPrimary), 0u);
  const std::uint32_t teal_container = pg::Ui::themed(pg::color::kPrimaryContainer);
  const std::uint32_t teal = pg::Ui::themed(pg::color::kPrimary);
  EXPECT_NE(teal, pg::color::kPrimary);
  EXPECT_GT(count(after, teal_container) + count(after, teal), baseline / 2);
  // Teal: green and blue lead red in the recoloured primary.
  EXPECT_GT(teal & 0xff, (teal >> 16) & 0xff);
  EXPECT_GT((teal >> 8) & 0xff, (teal >> 16) & 0xff);
  // Back to the default: the same pixels as before.
  pg::apply_theme(env.phone(), {{"accent", ""}});
  EXPECT_EQ(pg::render_screen(env.phone(), true).data, before.data);
}

TEST(Theme, WallpaperAndIconShapeChangeTheHomeScreen) {
  Env env;
  const pg::Image dusk = pg::render_screen(env.phone(), true);
  const json node = find_node(env, "launcher.app.phone");
  ASSERT_FALSE(node.is_null());
  const float cx = (node["bounds"][0].get<float>() + node["bounds"][2].get<float>()) / 2 / 3;
  const float cy = node["bounds"][1].get<float>() / 3 + 32;
  // A point inside a rounded square's corner but outside the circle.
  const float x = cx + 22, y = cy - 22;
  const std::uint32_t wall = at_dp(dusk, x, y);
  pg::apply_theme(env.phone(), {{"icon_shape", "rounded_square"}});
  const pg::Image square = pg::render_screen(env.phone(), true);
  EXPECT_NE(at_dp(square, x, y), wall);
  EXPECT_EQ(at_dp(square, cx, cy + 26), at_dp(dusk, cx, cy + 26)) << "the icon's own colour is kept";
  pg::apply_theme(env.phone(), {{"wallpaper", "glacier"}});
  const pg::Image glacier = pg::render_screen(env.phone(), true);
  EXPECT_GT(pg::max_abs_diff(square, glacier), 100);
  // A light wallpaper gets dark labels: the clock is drawn in the on-surface colour.
  EXPECT_GT(count(glacier, pg::color::kOnSurface), 500u);
  EXPECT_EQ(count(dusk, pg::color::kOnSurface), 0u);
}

TEST(Theme, ThemedIconsTakeTheAccentsContainerTone) {
  Env env;
  pg::apply_theme(env.phone(), {{"themed_icons", true}, {"accent", "#B3261E"}});
  const pg::Image img = pg::render_screen(env.phone(), true);
  const json node = find_node(env, "launcher.app.phone");
  const float cx = (node["bounds"][0].get<float>() + node["bounds"][2].get<float>()) / 2 / 3;
  const float cy = node["bounds"][1].get<float>() / 3 + 32;
  EXPECT_EQ(at_dp(img, cx - 20, cy), pg::Ui::themed(pg::color::kPrimaryContainer));
  const std::uint32_t c = pg::Ui::themed(pg::color::kPrimaryContainer);
  EXPECT_GT((c >> 16) & 0xff, c & 0xff) << "a red accent's container is reddish";
}

TEST(Theme, BadThemesAreRefusedNamingWhatWasWrongAndChangeNothing) {
  Env env;
  auto error_of = [&env](const json& patch) -> std::string {
    try {
      pg::apply_theme(env.phone(), patch);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error_of({{"font", "serif"}}),
            "apply_theme: unknown key 'font' (a theme has accent, wallpaper, icon_shape, themed_icons)");
  EXPECT_EQ(error_of({{"accent", "teal"}}), "apply_theme: 'accent' must be \"#RRGGBB\" or \"\" (the default), got \"teal\"");
  EXPECT_EQ(error_of({{"wallpaper", "mars"}}), "apply_theme: no wallpaper \"mars\"");
  EXPECT_EQ(error_of({{"icon_shape", "hexagon"}}),
            "apply_theme: 'icon_shape' must be circle, squircle, rounded_square or teardrop, got \"hexagon\"");
  EXPECT_EQ(error_of({{"wallpaper", "ocean"}, {"accent", 5}}),
            "apply_theme: 'accent' must be \"#RRGGBB\" or \"\" (the default), got 5");
  EXPECT_EQ(env.state()["os"]["theme"]["wallpaper"], "dusk") << "a refused patch changes nothing";
  // The state schema holds the same rules for a task's setup or set_state.
  json s = env.state();
  s["os"]["theme"]["accent"] = "red";
  try {
    env.set_state(s);
    ADD_FAILURE() << "a bad accent was accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("os.theme.accent = \"red\" does not match"), std::string::npos) << e.what();
  }
  s["os"]["theme"]["accent"] = "#3A5BA0";
  s["os"]["theme"]["wallpaper"] = "ocean";
  env.set_state(s);
  EXPECT_EQ(pg::current_theme(env.phone())["wallpaper"], "ocean");
}
