// Settings through actions, as a user drives it: each flow taps widgets (or drags a slider) and
// checks exactly which state paths changed and what the screen shows afterwards.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& os(Env& env) { return env.phone().os(); }

/// Taps a main-list row (scrolling to it first) and checks the page it opens.
void open_section(Env& env, const std::string& row, const std::string& page) {
  open_app(env, "settings");
  scroll_to(env, row);
  press(env, row);
  ASSERT_EQ(env.phone().current_page(), page);
}

/// Presses the switch of a switch row and returns the changed paths.
Paths toggle(Env& env, const std::string& row) {
  const json before = env.state();
  press(env, row + ".switch");
  return changed_paths(before, env.state());
}

/// The centre of a widget in normalized action coordinates (y) and its px bounds.
int centre_y(Env& env, const std::string& id) {
  const json n = find_node(env, id);
  return (n["bounds"][1].get<int>() + n["bounds"][3].get<int>()) / 2 * 1000 / 2400;
}

std::string click_at(int x, int y) {
  return R"({"type":"click","x":)" + std::to_string(x) + R"(,"y":)" + std::to_string(y) + "}";
}

}  // namespace

TEST(SettingsApp, WifiBluetoothAndAirplaneSwitchesWriteGlobalSettings) {
  Env env;
  open_section(env, "settings.network", "network");
  EXPECT_EQ(toggle(env, "settings.wifi"), Paths({"/os/settings/global/wifi_on"}));
  EXPECT_FALSE(os(env)["settings"]["global"]["wifi_on"].get<bool>());
  EXPECT_EQ(find_node(env, "settings.wifi.switch")["checked"], false);
  EXPECT_EQ(find_node(env, "settings.wifi")["desc"], "Off");
  EXPECT_EQ(toggle(env, "settings.wifi"), Paths({"/os/settings/global/wifi_on"}));
  EXPECT_EQ(find_node(env, "settings.wifi")["desc"], "PhoneGym-5G");

  act(env, R"({"type":"back"})");
  press(env, "settings.connected_devices");
  EXPECT_EQ(toggle(env, "settings.bluetooth"), Paths({"/os/settings/global/bluetooth_on"}));
  EXPECT_TRUE(os(env)["settings"]["global"]["bluetooth_on"].get<bool>());
  EXPECT_EQ(find_node(env, "settings.bluetooth.switch")["checked"], true);

  // Airplane mode on turns both radios off; off leaves them off.
  act(env, R"({"type":"back"})");
  press(env, "settings.network");
  EXPECT_EQ(toggle(env, "settings.airplane"),
            Paths({"/os/settings/global/airplane_mode_on", "/os/settings/global/wifi_on", "/os/settings/global/bluetooth_on"}));
  EXPECT_EQ(find_node(env, "settings.mobile")["desc"], "Airplane mode is on");
  EXPECT_EQ(toggle(env, "settings.airplane"), Paths({"/os/settings/global/airplane_mode_on"}));
  act(env, R"({"type":"back"})");
  EXPECT_EQ(find_node(env, "settings.network")["desc"], "Wi-Fi, mobile, data usage");
}

TEST(SettingsApp, DarkThemeAndDoNotDisturbPersistAndShow) {
  Env env;
  open_section(env, "settings.display", "display");
  EXPECT_EQ(toggle(env, "settings.dark_theme"), Paths({"/os/settings/secure/ui_night_mode"}));
  EXPECT_EQ(os(env)["settings"]["secure"]["ui_night_mode"], 2);
  EXPECT_EQ(find_node(env, "settings.dark_theme")["desc"], "On");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(find_node(env, "settings.display")["desc"], "Dark theme is on");
  // It survives leaving the app.
  act(env, R"({"type":"home"})");
  open_app(env, "settings");
  press(env, "settings.display");
  EXPECT_EQ(find_node(env, "settings.dark_theme.switch")["checked"], true);

  act(env, R"({"type":"back"})");
  press(env, "settings.sound");
  EXPECT_EQ(toggle(env, "settings.dnd"), Paths({"/os/settings/global/zen_mode_on"}));
  EXPECT_TRUE(os(env)["settings"]["global"]["zen_mode_on"].get<bool>());
  // The quick-settings tile reads the same setting.
  act(env, R"({"type":"swipe","x1":500,"y1":10,"x2":500,"y2":600})");
  EXPECT_EQ(find_node(env, "qs.dnd")["checked"], true);
  press(env, "qs.dnd");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(find_node(env, "settings.dnd.switch")["checked"], false);
}

TEST(SettingsApp, BrightnessSliderTapsSetProportionallyAndDragsMoveTheThumb) {
  Env env;
  open_section(env, "settings.display", "display");
  ASSERT_EQ(find_node(env, "settings.brightness")["class"], "android.widget.SeekBar");
  EXPECT_EQ(find_node(env, "settings.brightness")["text"], "128");
  const int y = centre_y(env, "settings.brightness");
  // Track 64..296 dp = 192..888 px; x 700 -> 756 px -> (756-192)/696 of 255 = 206.6 -> 207.
  json before = env.state();
  EXPECT_EQ(act(env, click_at(700, y))["info"]["target"], "settings.brightness");
  EXPECT_EQ(changed_paths(before, env.state()), Paths({"/os/settings/system/screen_brightness"}));
  EXPECT_EQ(os(env)["settings"]["system"]["screen_brightness"], 207);
  EXPECT_EQ(find_node(env, "settings.brightness")["text"], "207");
  // A sideways drag from the thumb to x 300 (324 px): (324-192)/696 of 255 = 48.4 -> 48.
  before = env.state();
  act(env, R"({"type":"drag","x1":700,"y1":)" + std::to_string(y) + R"(,"x2":300,"y2":)" + std::to_string(y) + "}");
  EXPECT_EQ(changed_paths(before, env.state()), Paths({"/os/settings/system/screen_brightness"}));
  EXPECT_EQ(os(env)["settings"]["system"]["screen_brightness"], 48);
  // The ends: left of the track is 0, right of it the maximum.
  act(env, click_at(160, y));
  EXPECT_EQ(os(env)["settings"]["system"]["screen_brightness"], 0);
  act(env, click_at(840, y));
  EXPECT_EQ(os(env)["settings"]["system"]["screen_brightness"], 255);
  EXPECT_EQ(find_node(env, "settings.brightness")["text"], "255");
}

TEST(SettingsApp, VolumeSlidersSetIntegerVolumes) {
  Env env;
  open_section(env, "settings.sound", "sound");
  EXPECT_EQ(find_node(env, "settings.volume.ring")["text"], "11");
  // Track 68..332 dp = 204..996 px; x 900 -> 972 px -> (972-204)/792 of 15 = 14.5 -> 15.
  json before = env.state();
  act(env, click_at(900, centre_y(env, "settings.volume.ring")));
  EXPECT_EQ(changed_paths(before, env.state()), Paths({"/os/settings/system/volume_ring"}));
  EXPECT_EQ(os(env)["settings"]["system"]["volume_ring"], 15);
  // Dragging media volume to x 400 (432 px): (432-204)/792 of 15 = 4.3 -> 4.
  before = env.state();
  const std::string y = std::to_string(centre_y(env, "settings.volume.media"));
  act(env, R"({"type":"drag","x1":500,"y1":)" + y + R"(,"x2":400,"y2":)" + y + "}");
  EXPECT_EQ(changed_paths(before, env.state()), Paths({"/os/settings/system/volume_music"}));
  EXPECT_EQ(os(env)["settings"]["system"]["volume_music"], 4);
  EXPECT_EQ(find_node(env, "settings.volume.media")["text"], "4");
  // A vertical drag over a slider does not change it.
  before = env.state();
  act(env, R"({"type":"drag","x1":500,"y1":)" + y + R"(,"x2":500,"y2":200})");
  EXPECT_EQ(env.state()["os"]["settings"], before["os"]["settings"]);
}

TEST(SettingsApp, AppsListAndAnAppsPermissionSwitch) {
  Env env;
  open_section(env, "settings.apps", "apps");
  ASSERT_TRUE(on_screen(env, "settings.app.clock"));
  scroll_to(env, "settings.app.settings");  // every installed app, by name
  act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})");
  act(env, R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})");
  scroll_to(env, "settings.app.clock");
  press(env, "settings.app.clock");
  ASSERT_EQ(env.phone().current_page(), "app_info");
  EXPECT_EQ(env.state()["apps"]["settings"]["app_info"], "clock");
  EXPECT_EQ(find_node(env, "settings.app_info.name")["text"], "Clock");
  const std::string sw = "settings.app_info.permission.POST_NOTIFICATIONS";
  EXPECT_EQ(find_node(env, sw)["text"], "Notifications");
  EXPECT_EQ(find_node(env, sw)["desc"], "Allowed");
  EXPECT_EQ(toggle(env, sw), Paths({"/os/permissions/clock/POST_NOTIFICATIONS"}));
  EXPECT_EQ(env.phone().permission("clock", "POST_NOTIFICATIONS"), "denied");
  EXPECT_EQ(find_node(env, sw)["desc"], "Not allowed");
  EXPECT_EQ(find_node(env, sw + ".switch")["checked"], false);
  EXPECT_EQ(toggle(env, sw), Paths({"/os/permissions/clock/POST_NOTIFICATIONS"}));
  EXPECT_EQ(env.phone().permission("clock", "POST_NOTIFICATIONS"), "granted");
  // Open starts the app.
  press(env, "settings.app_info.open");
  EXPECT_EQ(os(env)["foreground"], "clock");
}

TEST(SettingsApp, DeniedNotificationsSilenceClockTimer) {
  Env env;
  open_section(env, "settings.apps", "apps");
  press(env, "settings.app.clock");
  press(env, "settings.app_info.permission.POST_NOTIFICATIONS.switch");
  act(env, R"({"type":"open_app","app":"clock"})");
  press(env, "clock.tab.timer");
  press(env, "clock.timer.key.5");
  press(env, "clock.timer.start");
  act(env, R"({"type":"wait","seconds":6})");
  EXPECT_EQ(find_node(env, "clock.timer.status")["text"], "Time's up");
  EXPECT_TRUE(os(env)["notifications"].empty());
}

TEST(SettingsApp, TimeZoneChoiceSetsZoneAndOffset) {
  Env env;
  open_section(env, "settings.system", "system");
  press(env, "settings.date_time");
  press(env, "settings.time_zone");
  ASSERT_EQ(env.phone().current_page(), "time_zone");
  scroll_to(env, "settings.time_zone.Asia/Tokyo");
  const json before = env.state();
  press(env, "settings.time_zone.Asia/Tokyo");
  EXPECT_EQ(changed_paths(before, env.state()), Paths({"/os/timezone", "/os/timezone_offset_min"}));
  EXPECT_EQ(os(env)["timezone"], "Asia/Tokyo");
  EXPECT_EQ(os(env)["timezone_offset_min"], 540);
  EXPECT_EQ(env.phone().current_page(), "date_time");
  EXPECT_EQ(find_node(env, "settings.time_zone")["desc"], "Asia/Tokyo (GMT+09:00)");
  // The 24-hour switch still flips the clock format.
  EXPECT_EQ(toggle(env, "settings.use_24_hour"), Paths({"/os/settings/system/time_12_24"}));
  EXPECT_EQ(os(env)["settings"]["system"]["time_12_24"], "12");
}

TEST(SettingsApp, BatterySaverStorageAndAbout) {
  Env env;
  open_section(env, "settings.battery", "battery");
  EXPECT_EQ(find_node(env, "settings.battery.level")["text"], "85%");
  EXPECT_EQ(toggle(env, "settings.battery_saver"), Paths({"/os/settings/global/low_power"}));
  EXPECT_TRUE(os(env)["settings"]["global"]["low_power"].get<bool>());
  act(env, R"({"type":"back"})");
  EXPECT_EQ(find_node(env, "settings.battery")["desc"], "85% - Battery Saver on");

  press(env, "settings.storage");
  const std::string used = find_node(env, "settings.storage.used")["text"];
  EXPECT_NE(used.find("used of 128 GB"), std::string::npos);
  EXPECT_EQ(find_node(env, "settings.storage.images")["desc"], "5.3 GB");
  EXPECT_EQ(find_node(env, "settings.storage.system")["desc"], "14.3 GB");
  Env other;  // deterministic: the same numbers in another env
  open_section(other, "settings.storage", "storage");
  EXPECT_EQ(find_node(other, "settings.storage.used")["text"], used);

  act(env, R"({"type":"back"})");
  scroll_to(env, "settings.about");
  press(env, "settings.about");
  EXPECT_EQ(find_node(env, "settings.about.model")["desc"], "PhoneGym");
  EXPECT_EQ(find_node(env, "settings.about.android_version")["desc"], "14");
  EXPECT_EQ(find_node(env, "settings.about.build_number")["desc"], "PG1A.260101.001");
}

TEST(SettingsApp, SettingsIntentsOpenTheirPage) {
  Env env;
  env.phone().start_intent({{"action", "android.settings.APPLICATION_DETAILS_SETTINGS"},
                            {"data", "package:com.google.android.deskclock"}});
  EXPECT_EQ(os(env)["foreground"], "settings");
  EXPECT_EQ(env.phone().current_page(), "app_info");
  EXPECT_EQ(find_node(env, "settings.app_info.name")["text"], "Clock");
  env.phone().start_intent({{"action", "android.settings.WIFI_SETTINGS"}});
  EXPECT_EQ(env.phone().current_page(), "network");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "main");
}
