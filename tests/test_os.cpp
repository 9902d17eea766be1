// The OS runtime through actions, as a user drives it: the keyboard, the notification shade and
// quick settings, notifications from a firing alarm, recents, permission dialogs, the clipboard,
// the launcher's app drawer, date/time settings, back dispatch order, gestures.
#include "sim/env/env.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

using json = nlohmann::json;
using pg::Env;

namespace {

pg::Action act(const std::string& text) { return pg::parse_action(std::string_view(text)); }

json find_node(Env& env, const std::string& id) {
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"])
    if (n["id"] == id) return n;
  return nullptr;
}
bool has(Env& env, const std::string& id) { return !find_node(env, id).is_null(); }

/// Clicks (or long-presses) the centre of a widget; returns the step result.
json press(Env& env, const std::string& id, const char* type = "click") {
  json n = find_node(env, id);
  if (n.is_null()) {
    ADD_FAILURE() << "no widget " << id << " on screen";
    return nullptr;
  }
  const json& b = n["bounds"];
  const int x = (b[0].get<int>() + b[2].get<int>()) / 2 * 1000 / 1080;
  const int y = (b[1].get<int>() + b[3].get<int>()) / 2 * 1000 / 2400;
  json r = env.step(act(std::string(R"({"type":")") + type + R"(","x":)" + std::to_string(x) + ",\"y\":" +
                        std::to_string(y) + "}"));
  EXPECT_EQ(r["info"].value("target", ""), id) << "pressing " << id << " hit something else";
  return r;
}

const json& os(Env& env) { return env.phone().os(); }

void open_add_alarm(Env& env) {
  env.step(act(R"({"type":"open_app","app":"clock"})"));
  press(env, "clock.add_alarm");
  press(env, "clock.new_alarm.time");
}

}  // namespace

TEST(Keyboard, KeysTypeIntoTheFocusedFieldWithShiftSymbolsAndBackspace) {
  Env env;
  env.step(act(R"({"type":"open_app","app":"clock"})"));
  press(env, "clock.add_alarm");
  EXPECT_FALSE(has(env, "keyboard"));
  press(env, "clock.new_alarm.label");
  ASSERT_TRUE(has(env, "keyboard.key.q"));
  press(env, "keyboard.shift");
  press(env, "keyboard.key.w");  // shift applies to one letter
  press(env, "keyboard.key.a");
  press(env, "keyboard.key.k");
  press(env, "keyboard.key.e");
  press(env, "keyboard.space");
  press(env, "keyboard.symbols");
  EXPECT_TRUE(has(env, "keyboard.key.7"));
  press(env, "keyboard.key.7");
  press(env, "keyboard.key.8");
  press(env, "keyboard.backspace");
  EXPECT_EQ(env.state()["apps"]["clock"]["new_alarm"]["label"], "Wake 7");
  press(env, "keyboard.enter");  // submits: the keyboard goes away
  EXPECT_FALSE(has(env, "keyboard"));
  EXPECT_TRUE(os(env)["keyboard"]["focus"].is_null());
}

TEST(Shade, SwipeDownFromTheStatusBarOpensQuickSettingsThatToggleGlobalSettings) {
  Env env;
  env.step(act(R"({"type":"swipe","x1":500,"y1":10,"x2":500,"y2":600})"));
  ASSERT_TRUE(os(env)["shade"]["open"].get<bool>());
  EXPECT_TRUE(has(env, "shade.empty"));
  press(env, "qs.wifi");
  EXPECT_FALSE(os(env)["settings"]["global"]["wifi_on"].get<bool>());
  press(env, "qs.bluetooth");
  EXPECT_TRUE(os(env)["settings"]["global"]["bluetooth_on"].get<bool>());
  press(env, "qs.airplane");  // airplane mode turns the radios off here too
  EXPECT_TRUE(os(env)["settings"]["global"]["airplane_mode_on"].get<bool>());
  EXPECT_FALSE(os(env)["settings"]["global"]["bluetooth_on"].get<bool>());
  // Nothing beneath the shade is reachable.
  EXPECT_FALSE(has(env, "launcher.app.clock") && find_node(env, "launcher.app.clock")["clickable"] == true &&
               env.step(act(R"({"type":"click","x":375,"y":699})"))["info"].value("target", "") == "launcher.app.clock");
  env.step(act(R"({"type":"swipe","x1":500,"y1":800,"x2":500,"y2":200})"));  // swipe up closes it
  EXPECT_FALSE(os(env)["shade"]["open"].get<bool>());
}

TEST(Notifications, AFiringAlarmPostsANotificationThatOpensClock) {
  Env env;
  // 08:00 now; the Work alarm (07:15) is on: waiting into tomorrow morning makes it ring once.
  for (int i = 0; i < 60 * 24; ++i) env.step(act(R"({"type":"wait","seconds":60})"));
  const json& list = os(env)["notifications"];
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["app"], "clock");
  EXPECT_NE(list[0]["text"].get<std::string>().find("07:15"), std::string::npos);
  env.step(act(R"({"type":"swipe","x1":500,"y1":10,"x2":500,"y2":600})"));
  const std::string id = "shade.notification." + std::to_string(list[0]["id"].get<int>());
  press(env, id);
  EXPECT_EQ(os(env)["foreground"], "clock");
  EXPECT_FALSE(os(env)["shade"]["open"].get<bool>());
  EXPECT_TRUE(os(env)["notifications"].empty());
}

TEST(Notifications, SwipeSidewaysDismissesAndDeniedPermissionPostsNothing) {
  Env env;
  pg::Phone& p = env.phone();
  const int a = p.post_notification("clock", "Alarm", "06:00", {{"app", "clock"}});
  p.post_notification("settings", "Update", "System update available", nullptr);
  env.step(act(R"({"type":"swipe","x1":500,"y1":10,"x2":500,"y2":600})"));
  json n = find_node(env, "shade.notification." + std::to_string(a));
  ASSERT_FALSE(n.is_null());
  const int y = (n["bounds"][1].get<int>() + n["bounds"][3].get<int>()) / 2 * 1000 / 2400;
  env.step(act(R"({"type":"swipe","x1":300,"y1":)" + std::to_string(y) + R"(,"x2":900,"y2":)" + std::to_string(y) + "}"));
  ASSERT_EQ(os(env)["notifications"].size(), 1u);
  EXPECT_EQ(os(env)["notifications"][0]["title"], "Update");
  json s = env.state();
  s["os"]["permissions"]["clock"]["POST_NOTIFICATIONS"] = "denied";
  s["os"]["notifications"] = json::array();
  s["os"]["shade"]["open"] = false;
  env.set_state(s);
  for (int i = 0; i < 60 * 24; ++i) env.step(act(R"({"type":"wait","seconds":60})"));
  EXPECT_TRUE(os(env)["notifications"].empty());
}

TEST(Recents, ShowsTasksSwitchesAndCloses) {
  Env env;
  env.step(act(R"({"type":"open_app","app":"settings"})"));
  env.step(act(R"({"type":"open_app","app":"clock"})"));
  env.step(act(R"({"type":"recent"})"));
  ASSERT_TRUE(os(env)["recents"]["open"].get<bool>());
  ASSERT_TRUE(has(env, "recents.task.clock"));
  ASSERT_TRUE(has(env, "recents.task.settings"));
  // Most recent first: Clock's card is above Settings'.
  EXPECT_LT(find_node(env, "recents.task.clock")["bounds"][1].get<int>(),
            find_node(env, "recents.task.settings")["bounds"][1].get<int>());
  press(env, "recents.task.settings");
  EXPECT_EQ(os(env)["foreground"], "settings");
  EXPECT_FALSE(os(env)["recents"]["open"].get<bool>());
  press(env, "nav.recents");
  json card = find_node(env, "recents.task.clock");
  const int y = (card["bounds"][1].get<int>() + card["bounds"][3].get<int>()) / 2 * 1000 / 2400;
  env.step(act(R"({"type":"swipe","x1":200,"y1":)" + std::to_string(y) + R"(,"x2":950,"y2":)" + std::to_string(y) + "}"));
  EXPECT_FALSE(has(env, "recents.task.clock"));
  EXPECT_EQ(os(env)["tasks"].size(), 1u);
  press(env, "recents.clear_all");
  EXPECT_TRUE(os(env)["tasks"].empty());
  EXPECT_EQ(os(env)["foreground"], "launcher");
}

TEST(Permissions, FirstAlarmAsksForNotificationsAndTheAnswerPersists) {
  for (const char* answer : {"allow", "deny", "back"}) {
    Env env;
    json s = env.state();
    s["os"]["permissions"] = json::object();  // never asked
    env.set_state(s);
    open_add_alarm(env);
    env.step(act(R"({"type":"type","text":"06:45"})"));
    press(env, "clock.new_alarm.save");
    ASSERT_TRUE(os(env)["dialog"].is_object()) << answer;
    EXPECT_EQ(os(env)["dialog"]["kind"], "permission");
    // Modal: the alarm list beneath does not get taps.
    EXPECT_EQ(env.step(act(R"({"type":"click","x":500,"y":300})"))["info"].value("target", ""), "dialog.scrim");
    // Nor swipes: the list beneath does not scroll.
    const json apps_before = env.state()["apps"];
    const json swipe = env.step(act(R"({"type":"swipe","x1":500,"y1":800,"x2":500,"y2":200})"))["info"];
    EXPECT_EQ(swipe.value("note", ""), "a modal scrim is on top: nothing beneath scrolls");
    EXPECT_EQ(env.state()["apps"], apps_before);
    if (std::string(answer) == "back") env.step(act(R"({"type":"back"})"));
    else press(env, std::string("dialog.button.") + answer);
    EXPECT_TRUE(os(env)["dialog"].is_null());
    EXPECT_EQ(env.phone().permission("clock", "POST_NOTIFICATIONS"), std::string(answer) == "allow" ? "granted" : "denied");
    EXPECT_EQ(env.state()["apps"]["clock"]["alarms"].size(), 4u);  // the alarm was saved either way
  }
}

TEST(Clipboard, LongPressOnAFieldCopiesAndPastes) {
  Env env;
  open_add_alarm(env);
  env.step(act(R"({"type":"type","text":"Gym"})"));
  press(env, "clock.new_alarm.time", "long_press");
  ASSERT_TRUE(has(env, "dialog.button.copy"));
  press(env, "dialog.button.copy");
  EXPECT_EQ(env.phone().clipboard(), "Gym");
  press(env, "clock.new_alarm.label", "long_press");
  ASSERT_TRUE(has(env, "dialog.button.paste"));
  EXPECT_FALSE(has(env, "dialog.button.copy"));  // the label is empty: nothing to copy
  press(env, "dialog.button.paste");
  EXPECT_EQ(env.state()["apps"]["clock"]["new_alarm"]["label"], "Gym");
  press(env, "clock.new_alarm.time", "long_press");
  press(env, "dialog.button.cut");
  EXPECT_EQ(env.state()["apps"]["clock"]["new_alarm"]["time"], "");
}

TEST(Launcher, SwipeUpOpensTheDrawerWhoseSearchFiltersApps) {
  Env env;
  env.step(act(R"({"type":"swipe","x1":500,"y1":800,"x2":500,"y2":300})"));
  ASSERT_TRUE(os(env)["launcher"]["drawer_open"].get<bool>());
  EXPECT_TRUE(has(env, "launcher.drawer.clock"));
  EXPECT_TRUE(has(env, "launcher.drawer.settings"));
  env.step(act(R"({"type":"type","text":"clo","x":500,"y":60})"));  // tap the search field, type
  EXPECT_TRUE(has(env, "launcher.drawer.clock"));
  EXPECT_FALSE(has(env, "launcher.drawer.settings"));
  press(env, "launcher.drawer.clock");
  EXPECT_EQ(os(env)["foreground"], "clock");
  env.step(act(R"({"type":"home"})"));
  EXPECT_FALSE(os(env)["launcher"]["drawer_open"].get<bool>());
  press(env, "launcher.search_bar");  // the dock's search bar opens the drawer, focused
  EXPECT_EQ(os(env)["keyboard"]["focus"], "launcher.search");
  env.step(act(R"({"type":"back"})"));  // keyboard first
  env.step(act(R"({"type":"back"})"));  // then the drawer
  EXPECT_FALSE(os(env)["launcher"]["drawer_open"].get<bool>());
}

TEST(Settings, TimeZoneAnd24HourFormatChangeTheStatusBarClock) {
  Env env;
  env.step(act(R"({"type":"open_app","app":"settings"})"));
  press(env, "settings.system");
  press(env, "settings.date_time");
  press(env, "settings.time_zone");
  env.step(act(R"({"type":"swipe","x1":500,"y1":800,"x2":500,"y2":500})"));
  press(env, "settings.time_zone.Asia/Tokyo");
  EXPECT_EQ(os(env)["timezone"], "Asia/Tokyo");
  EXPECT_EQ(os(env)["timezone_offset_min"], 540);
  EXPECT_EQ(find_node(env, "os.status_bar")["text"], "17:00");  // 08:00 UTC
  press(env, "settings.use_24_hour.switch");
  EXPECT_EQ(find_node(env, "os.status_bar")["text"], "5:00 PM");
  env.step(act(R"({"type":"back"})"));
  press(env, "settings.languages");
  press(env, "settings.locale.fr-FR");
  EXPECT_EQ(os(env)["locale"], "fr-FR");
}

TEST(Back, DispatchOrderShadeKeyboardDialogPagesLauncher) {
  Env env;
  json s = env.state();
  s["os"]["permissions"] = json::object();
  env.set_state(s);
  open_add_alarm(env);  // page stack: alarms > add_alarm, the time field focused
  env.step(act(R"({"type":"swipe","x1":500,"y1":10,"x2":500,"y2":600})"));
  ASSERT_TRUE(os(env)["shade"]["open"].get<bool>());
  ASSERT_TRUE(os(env)["keyboard"]["focus"].is_null());  // pulling the shade hides the keyboard
  env.step(act(R"({"type":"back"})"));
  EXPECT_FALSE(os(env)["shade"]["open"].get<bool>());
  press(env, "clock.new_alarm.time");
  env.step(act(R"({"type":"back"})"));
  EXPECT_TRUE(os(env)["keyboard"]["focus"].is_null());
  EXPECT_EQ(env.phone().current_page(), "add_alarm");
  press(env, "clock.new_alarm.time");
  env.step(act(R"({"type":"type","text":"10:10"})"));
  press(env, "clock.new_alarm.save");  // back on the list, with the permission dialog
  ASSERT_TRUE(os(env)["dialog"].is_object());
  env.step(act(R"({"type":"back"})"));  // the dialog
  EXPECT_TRUE(os(env)["dialog"].is_null());
  EXPECT_EQ(os(env)["foreground"], "clock");
  env.step(act(R"({"type":"back"})"));  // the root page: the launcher
  EXPECT_EQ(os(env)["foreground"], "launcher");
}

TEST(Gestures, SwipeFlingsFartherThanDragAndDoubleTapTapsTwice) {
  Env env;
  json s = env.state();
  for (int i = 0; i < 12; ++i)
    s["apps"]["clock"]["alarms"].push_back({{"id", 10 + i}, {"time", "1" + std::to_string(i % 10) + ":3" + std::to_string(i / 10)},
                                            {"label", ""}, {"enabled", false}});
  env.set_state(s);
  env.step(act(R"({"type":"open_app","app":"clock"})"));
  auto scroll = [&] { return os(env)["tasks"][0]["pages"][0]["scroll"].get<int>(); };
  env.step(act(R"({"type":"drag","x1":500,"y1":600,"x2":500,"y2":500})"));
  EXPECT_EQ(scroll(), 240);  // 100/1000 of 2400 px, exactly with the finger
  env.step(act(R"({"type":"swipe","x1":500,"y1":600,"x2":500,"y2":500})"));
  EXPECT_EQ(scroll(), 240 + 240 * pg::kFlingFactor);
  // Double tap on a switch toggles it twice (back to where it was).
  json sw = find_node(env, "clock.alarm.07:15.switch");
  env.step(act(R"({"type":"swipe","x1":500,"y1":300,"x2":500,"y2":900})"));  // back to the top
  sw = find_node(env, "clock.alarm.07:15.switch");
  ASSERT_FALSE(sw.is_null());
  const json& b = sw["bounds"];
  const std::string xy = "\"x\":" + std::to_string((b[0].get<int>() + b[2].get<int>()) / 2 * 1000 / 1080) + ",\"y\":" +
                         std::to_string((b[1].get<int>() + b[3].get<int>()) / 2 * 1000 / 2400);
  const json before = env.state()["apps"]["clock"]["alarms"];
  env.step(act(R"({"type":"double_tap",)" + xy + "}"));
  EXPECT_EQ(env.state()["apps"]["clock"]["alarms"], before);
}

TEST(Episode, AnswerCompleteAbortInfoAndNoopAreRecordedForTheJudge) {
  Env env;
  env.step(act(R"({"type":"answer","text":"7:30 AM"})"));
  env.step(act(R"({"type":"info","question":"Which alarm?"})"));
  json r = env.step(act(R"({"type":"noop"})"));
  EXPECT_FALSE(r["info"]["changed"].get<bool>());
  const json& ep = os(env)["episode"];
  EXPECT_EQ(ep["answers"], json::array({"7:30 AM"}));
  EXPECT_EQ(ep["questions"], json::array({"Which alarm?"}));
  EXPECT_EQ(ep["status"], "running");
  env.step(act(R"({"type":"complete","text":"done"})"));
  EXPECT_EQ(os(env)["episode"]["status"], "complete");
  EXPECT_EQ(os(env)["episode"]["message"], "done");
  Env other;
  other.step(act(R"({"type":"abort","reason":"no such contact"})"));
  EXPECT_EQ(other.state()["os"]["episode"]["status"], "abort");
  EXPECT_EQ(other.state()["os"]["episode"]["message"], "no such contact");
}

TEST(Settings, AutomaticTimeZoneDisablesTheManualChoiceThroughANavGuard) {
  Env env;
  env.step(act(R"({"type":"open_app","app":"settings"})"));
  env.step(act(R"({"type":"swipe","x1":500,"y1":800,"x2":500,"y2":300})"));
  press(env, "settings.system");
  press(env, "settings.date_time");
  press(env, "settings.auto_time_zone.switch");
  EXPECT_TRUE(os(env)["settings"]["global"]["auto_time_zone"].get<bool>());
  EXPECT_FALSE(find_node(env, "settings.time_zone")["enabled"].get<bool>());
  press(env, "settings.time_zone");  // refused by the guard: still on Date & time
  EXPECT_EQ(env.phone().current_page(), "date_time");
  press(env, "settings.auto_time_zone.switch");
  press(env, "settings.time_zone");
  EXPECT_EQ(env.phone().current_page(), "time_zone");
}
