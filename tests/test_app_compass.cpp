// Compass through actions, as a user drives it: the heading and dial read the sensor in the state,
// true/magnetic north (declination from the chosen city), the calibration prompt and page, the
// bubble level, locking a bearing and its difference, settings (mils, keep screen on, location),
// sharing the heading, and the exported heading. Each flow checks exactly which state paths it
// changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& compass(Env& env) { return env.phone().app_state("compass"); }

/// Sets the simulated sensor (a task does this in its setup).
void set_sensor(Env& env, int heading, int pitch = 0, int roll = 0, const std::string& acc = "high") {
  env.apply_patch({{{"op", "replace"}, {"path", "/apps/compass/sensor"},
                    {"value", {{"heading_deg", heading}, {"pitch_deg", pitch}, {"roll_deg", roll}, {"accuracy", acc}}}}});
}

void set_field(Env& env, const std::string& key, const json& v) {
  env.apply_patch({{{"op", "replace"}, {"path", "/apps/compass/" + key}, {"value", v}}});
}

}  // namespace

TEST(Compass, ShowsTheHeadingDirectionAndReference) {
  Env env;
  open_app(env, "compass");
  EXPECT_EQ(env.phone().current_page(), "main");
  EXPECT_EQ(text_of(env, "compass.heading"), "247\u00b0 SW");
  EXPECT_EQ(text_of(env, "compass.reference"), "Magnetic north \u00b7 San Francisco");
  EXPECT_TRUE(on_screen(env, "compass.dial"));
  EXPECT_FALSE(on_screen(env, "compass.lock_info"));
  // 8-point sectors: boundaries at 22.5 + 45k
  const std::pair<int, const char*> cases[] = {{0, "0\u00b0 N"},     {22, "22\u00b0 N"},   {23, "23\u00b0 NE"},
                                               {90, "90\u00b0 E"},   {157, "157\u00b0 SE"}, {158, "158\u00b0 S"},
                                               {292, "292\u00b0 W"}, {293, "293\u00b0 NW"}, {359, "359\u00b0 N"}};
  for (const auto& [h, want] : cases) {
    set_sensor(env, h);
    EXPECT_EQ(text_of(env, "compass.heading"), want) << h;
  }
}

TEST(Compass, TrueNorthAddsTheDeclinationOfTheCity) {
  Env env;
  const json before = open_app(env, "compass");
  press(env, "compass.true_north");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/compass/north"}));
  EXPECT_EQ(compass(env)["north"], "true");
  // 247 + 12.9 (San Francisco) = 259.9 -> 260
  EXPECT_EQ(text_of(env, "compass.heading"), "260\u00b0 W");
  EXPECT_EQ(text_of(env, "compass.reference"), "True north \u00b7 San Francisco");
  // New York: -12.6 -> 247 - 12.6 = 234.4 -> 234
  set_field(env, "location", "new_york");
  EXPECT_EQ(text_of(env, "compass.heading"), "234\u00b0 SW");
  // wraps around 0: heading 5 in Cape Town (-25.6) -> 339.4 -> 339
  set_field(env, "location", "cape_town");
  set_sensor(env, 5);
  EXPECT_EQ(text_of(env, "compass.heading"), "339\u00b0 N");  // NW ends at 337.5
  // back to magnetic
  const json mid = env.state();
  press(env, "compass.true_north");
  EXPECT_EQ(changed_paths(mid, env.state()), (Paths{"/apps/compass/north"}));
  EXPECT_EQ(text_of(env, "compass.heading"), "5\u00b0 N");
}

TEST(Compass, LowAccuracyShowsTheCalibrationPromptAndDoneFixesIt) {
  Env env;
  open_app(env, "compass");
  set_sensor(env, 100, 0, 0, "low");
  const json before = env.state();
  EXPECT_EQ(text_of(env, "compass.calibrate"), "Calibrate");  // the prompt's button
  press(env, "compass.calibrate");
  EXPECT_EQ(env.phone().current_page(), "calibrate");
  EXPECT_EQ(text_of(env, "compass.calibrate.accuracy"), "Current accuracy: Low");
  EXPECT_TRUE(on_screen(env, "compass.calibrate.figure"));
  press(env, "compass.calibrate.done");
  EXPECT_EQ(env.phone().current_page(), "main");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/compass/sensor/accuracy"}));
  EXPECT_EQ(compass(env)["sensor"]["accuracy"], "high");
  EXPECT_EQ(text_of(env, "compass.calibrate"), "Accuracy: High");  // the prompt is gone
  // Back without Done leaves a low accuracy low.
  set_sensor(env, 100, 0, 0, "low");
  const json again = env.state();
  press(env, "compass.calibrate");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "main");
  EXPECT_EQ(changed_paths(again, env.state()), Paths{});
}

TEST(Compass, LockHeadingShowsTheDifferenceAndUnlocks) {
  Env env;
  const json before = open_app(env, "compass");
  press(env, "compass.lock");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/compass/locked_deg"}));
  EXPECT_EQ(compass(env)["locked_deg"], 247);
  EXPECT_EQ(text_of(env, "compass.lock_info"), "Locked 247\u00b0 SW \u00b7 on bearing");
  EXPECT_EQ(text_of(env, "compass.lock"), "Unlock heading");
  set_sensor(env, 260);
  EXPECT_EQ(text_of(env, "compass.lock_info"), "Locked 247\u00b0 SW \u00b7 13\u00b0 right");
  set_sensor(env, 200);
  EXPECT_EQ(text_of(env, "compass.lock_info"), "Locked 247\u00b0 SW \u00b7 47\u00b0 left");
  // across north: locked 350, facing 10 -> 20 right
  set_field(env, "locked_deg", 350);
  set_sensor(env, 10);
  EXPECT_EQ(text_of(env, "compass.lock_info"), "Locked 350\u00b0 N \u00b7 20\u00b0 right");
  // in true north the locked bearing is shown converted too
  press(env, "compass.true_north");
  EXPECT_EQ(text_of(env, "compass.lock_info"), "Locked 3\u00b0 N \u00b7 20\u00b0 right");
  const json mid = env.state();
  press(env, "compass.lock");
  EXPECT_EQ(changed_paths(mid, env.state()), (Paths{"/apps/compass/locked_deg"}));
  EXPECT_EQ(compass(env)["locked_deg"], -1);
  EXPECT_FALSE(on_screen(env, "compass.lock_info"));
}

TEST(Compass, LevelShowsPitchRollAndWhetherLevel) {
  Env env;
  const json before = open_app(env, "compass");
  press(env, "compass.tab.level");
  EXPECT_EQ(env.phone().current_page(), "level");
  EXPECT_EQ(text_of(env, "compass.level.pitch"), "Pitch 2\u00b0");
  EXPECT_EQ(text_of(env, "compass.level.roll"), "Roll -3\u00b0");
  EXPECT_EQ(text_of(env, "compass.level.status"), "Not level");
  set_sensor(env, 247, 1, -1);
  EXPECT_EQ(text_of(env, "compass.level.status"), "Level");
  press(env, "compass.tab.compass");
  EXPECT_EQ(env.phone().current_page(), "main");
  EXPECT_EQ(env.phone().page_stack("compass").size(), 1u);  // tabs replace, not push
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/compass/sensor/pitch_deg", "/apps/compass/sensor/roll_deg"}));
}

TEST(Compass, SettingsUnitsKeepScreenOnAndLocation) {
  Env env;
  const json before = open_app(env, "compass");
  press(env, "compass.settings");
  EXPECT_EQ(env.phone().current_page(), "settings");
  press(env, "compass.settings.units.mils");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/compass/units"}));
  EXPECT_EQ(compass(env)["units"], "mils");
  press(env, "compass.settings.keep_screen_on");
  EXPECT_EQ(compass(env)["keep_screen_on"], true);
  press(env, "compass.settings.location");
  EXPECT_EQ(env.phone().current_page(), "location");
  scroll_to(env, "compass.location.tokyo");
  press(env, "compass.location.tokyo");
  EXPECT_EQ(env.phone().current_page(), "settings");  // choosing a city goes back
  EXPECT_EQ(compass(env)["location"], "tokyo");
  press(env, "compass.settings.true_north");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/compass/units", "/apps/compass/keep_screen_on", "/apps/compass/location", "/apps/compass/north"}));
  act(env, R"({"type":"back"})");
  // 247 - 7.9 (Tokyo) = 239.1 -> 239 degrees = 4249 mils
  EXPECT_EQ(text_of(env, "compass.heading"), "4249 mil SW");
  EXPECT_EQ(text_of(env, "compass.reference"), "True north \u00b7 Tokyo");
  press(env, "compass.settings");
  press(env, "compass.settings.units.degrees");
  EXPECT_EQ(compass(env)["units"], "degrees");
  press(env, "compass.settings.keep_screen_on");
  EXPECT_EQ(compass(env)["keep_screen_on"], false);
}

TEST(Compass, SettingsCalibrateRowOpensTheCalibrationPage) {
  Env env;
  open_app(env, "compass");
  set_sensor(env, 90, 0, 0, "medium");
  press(env, "compass.settings");
  press(env, "compass.settings.calibrate");
  EXPECT_EQ(env.phone().current_page(), "calibrate");
  EXPECT_EQ(text_of(env, "compass.calibrate.accuracy"), "Current accuracy: Medium");
  press(env, "compass.calibrate.done");
  EXPECT_EQ(env.phone().current_page(), "settings");
  EXPECT_EQ(compass(env)["sensor"]["accuracy"], "high");
}

TEST(Compass, ShareSendsTheHeadingThroughTheChooser) {
  Env env;
  open_app(env, "compass");
  press(env, "compass.share");
  // the chooser offers Messages; the draft carries the heading
  ASSERT_TRUE(on_screen(env, "dialog.button.messages"));
  press(env, "dialog.button.messages");
  EXPECT_EQ(env.state()["os"]["foreground"], "messages");
  EXPECT_NE(env.state()["apps"]["messages"].dump().find("I'm facing 247\u00b0 SW (magnetic north) near San Francisco."),
            std::string::npos);
}

TEST(Compass, ExportsTheHeadingAndBadStateFallsBack) {
  Env env;
  open_app(env, "compass");
  json h = pg::call_app(env.phone(), "compass", "heading", json::object());
  EXPECT_EQ(h, (json{{"magnetic_deg", 247}, {"true_deg", 260}, {"shown_deg", 247}, {"direction", "SW"},
                     {"north", "magnetic"}, {"location", "San Francisco"}}));
  // an unknown city falls back to the first one (no crash, no blank screen)
  set_field(env, "location", "atlantis");
  EXPECT_EQ(text_of(env, "compass.reference"), "Magnetic north \u00b7 San Francisco");
  // the schema refuses a sensor outside its range and an unknown unit
  json s = env.state();
  s["apps"]["compass"]["sensor"]["heading_deg"] = 400;
  EXPECT_ANY_THROW(env.set_state(s));
  s = env.state();
  s["apps"]["compass"]["units"] = "grads";
  EXPECT_ANY_THROW(env.set_state(s));
}

TEST(Compass, MilsApplyToTheHeadingTheLockLineAndTheDifference) {
  Env env;
  open_app(env, "compass");
  set_field(env, "units", "mils");
  EXPECT_EQ(text_of(env, "compass.heading"), "4391 mil SW");  // 247 * 6400 / 360 = 4391.1
  press(env, "compass.lock");
  set_sensor(env, 256);
  // locked 247 = 4391 mil; 9 degrees right = 160 mil
  EXPECT_EQ(text_of(env, "compass.lock_info"), "Locked 4391 mil SW \u00b7 160 mil right");
  set_sensor(env, 0);
  EXPECT_EQ(text_of(env, "compass.heading"), "0 mil N");
}

TEST(Compass, ShareToAChatFriend) {
  Env env;
  open_app(env, "compass");
  set_sensor(env, 80);
  press(env, "compass.share");
  ASSERT_TRUE(on_screen(env, "dialog.button.chat"));
  press(env, "dialog.button.chat");
  EXPECT_EQ(env.state()["os"]["foreground"], "chat");
}
