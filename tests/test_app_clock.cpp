// Clock through actions, as a user drives it: alarms (add, edit, toggle, delete), the world clock,
// the timer and the stopwatch, each flow checked by exactly which state paths changed and by
// what the screen shows (times computed from the virtual clock advanced with wait actions).
#include "phone_driver.hpp"
#include "sim/env/env.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& clock(Env& env) { return env.phone().app_state("clock"); }
std::int64_t now(Env& env) { return env.state()["os"]["time_ms"].get<std::int64_t>(); }

}  // namespace

TEST(ClockApp, AddAnAlarmWithALabel) {
  Env env;
  open_app(env, "clock");
  press(env, "clock.add_alarm");
  const json before = env.state();
  press(env, "clock.new_alarm.time");
  type_text(env, "06:45");
  press(env, "clock.new_alarm.label");
  type_text(env, "Gym");
  press(env, "clock.new_alarm.save");
  EXPECT_EQ(changed_paths(before, env.state()), Paths({"/apps/clock/alarms/3", "/apps/clock/next_id"}));
  EXPECT_EQ(clock(env)["alarms"][3],
            json({{"id", 4}, {"time", "06:45"}, {"label", "Gym"}, {"enabled", true}, {"repeat", json::array()}}));
  EXPECT_EQ(env.phone().current_page(), "alarms");
  ASSERT_TRUE(on_screen(env, "clock.alarm.06:45"));
  EXPECT_EQ(find_node(env, "clock.alarm.06:45")["desc"], "Gym, Once, on");
}

TEST(ClockApp, EditAnAlarmsRepeatDaysAndLabel) {
  Env env;
  open_app(env, "clock");
  EXPECT_EQ(find_node(env, "clock.alarm.06:30")["desc"], "Alarm, Once, off");
  const json before = env.state();  // the Edit alarm form is a copy, reset after Save or Cancel
  press(env, "clock.alarm.06:30.time");
  ASSERT_EQ(env.phone().current_page(), "edit_alarm");
  press(env, "clock.edit_alarm.day.sun");
  press(env, "clock.edit_alarm.day.sat");
  EXPECT_EQ(find_node(env, "clock.edit_alarm.day.sat")["checked"], true);
  EXPECT_EQ(find_node(env, "clock.edit_alarm.day.mon")["checked"], false);
  press(env, "clock.edit_alarm.label");
  type_text(env, "Long run");
  press(env, "clock.edit_alarm.save");
  EXPECT_EQ(changed_paths(before, env.state()),
            Paths({"/apps/clock/alarms/0/label", "/apps/clock/alarms/0/repeat/-"}));
  EXPECT_EQ(clock(env)["alarms"][0]["repeat"], json({"sat", "sun"}));  // week order
  EXPECT_EQ(clock(env)["alarms"][0]["label"], "Long run");
  EXPECT_EQ(env.phone().current_page(), "alarms");
  EXPECT_EQ(find_node(env, "clock.alarm.06:30")["desc"], "Long run, Weekends, off");

  // Removing a day and moving the time: the card moves to its new time.
  const json before2 = env.state();
  press(env, "clock.alarm.07:15");
  press(env, "clock.edit_alarm.day.fri");
  press(env, "clock.edit_alarm.time");
  type_text(env, "07:45", true);
  press(env, "clock.edit_alarm.save");
  EXPECT_EQ(changed_paths(before2, env.state()), Paths({"/apps/clock/alarms/1/time", "/apps/clock/alarms/1/repeat/4"}));
  EXPECT_EQ(clock(env)["alarms"][1]["repeat"], json({"mon", "tue", "wed", "thu"}));
  EXPECT_FALSE(on_screen(env, "clock.alarm.07:15"));
  EXPECT_EQ(find_node(env, "clock.alarm.07:45")["desc"], "Work, Mon, Tue, Wed, Thu, on");

  // Cancel discards the edit; a bad time shows an error and keeps the page.
  const json before3 = env.state();
  press(env, "clock.alarm.09:00.time");
  press(env, "clock.edit_alarm.day.mon");
  press(env, "clock.edit_alarm.cancel");
  EXPECT_EQ(changed_paths(before3, env.state()), Paths());
  press(env, "clock.alarm.09:00.time");
  press(env, "clock.edit_alarm.time");
  type_text(env, "9am", true);
  press(env, "clock.edit_alarm.save");
  EXPECT_EQ(env.phone().current_page(), "edit_alarm");
  EXPECT_TRUE(on_screen(env, "clock.edit_alarm.error"));
}

TEST(ClockApp, ToggleAndDeleteAlarms) {
  Env env;
  open_app(env, "clock");
  json before = env.state();
  press(env, "clock.alarm.06:30.switch");
  EXPECT_EQ(changed_paths(before, env.state()), Paths({"/apps/clock/alarms/0/enabled"}));
  EXPECT_EQ(find_node(env, "clock.alarm.06:30.switch")["checked"], true);
  before = env.state();
  press(env, "clock.alarm.09:00.delete");
  EXPECT_EQ(changed_paths(before, env.state()), Paths({"/apps/clock/alarms/2"}));
  EXPECT_FALSE(on_screen(env, "clock.alarm.09:00"));
  // Delete from the edit page.
  before = env.state();
  press(env, "clock.alarm.07:15.time");
  press(env, "clock.edit_alarm.delete");
  EXPECT_EQ(changed_paths(before, env.state()), Paths({"/apps/clock/alarms/1"}));
  EXPECT_EQ(env.phone().current_page(), "alarms");
  EXPECT_EQ(clock(env)["alarms"].size(), 1u);
}

TEST(ClockApp, RepeatingAlarmRingsOnlyOnItsDays) {
  Env env;  // Thursday 2026-01-01 08:00 UTC; Weekend (09:00, Sat+Sun) switched on
  open_app(env, "clock");
  press(env, "clock.alarm.09:00.switch");
  for (int i = 0; i < 60 * 24 * 2; ++i) act(env, R"({"type":"wait","seconds":60})");  // to Saturday 08:00
  for (const json& n : nlohmann::json(env.state()["os"]["notifications"])) EXPECT_EQ(n["text"].get<std::string>().find("09:00"), std::string::npos);
  for (int i = 0; i < 90; ++i) act(env, R"({"type":"wait","seconds":60})");  // Saturday 09:30
  int weekend = 0, work = 0;
  for (const json& n : nlohmann::json(env.state()["os"]["notifications"])) {
    weekend += n["text"].get<std::string>().find("09:00") != std::string::npos;
    work += n["text"].get<std::string>().find("07:15") != std::string::npos;
  }
  EXPECT_EQ(weekend, 1);  // Saturday only
  EXPECT_EQ(work, 1);     // Friday only (weekdays)
}

TEST(ClockApp, WorldClockAddAndRemoveCities) {
  Env env;
  open_app(env, "clock");
  press(env, "clock.tab.clock");
  ASSERT_EQ(env.phone().current_page(), "world_clock");
  EXPECT_EQ(find_node(env, "clock.tab.clock")["selected"], true);
  EXPECT_EQ(text_of(env, "clock.world.local_time"), "08:00");
  EXPECT_EQ(text_of(env, "clock.world.date"), "Thursday, January 1");
  EXPECT_EQ(find_node(env, "clock.city.tokyo")["desc"], "17:00, Today");
  EXPECT_EQ(find_node(env, "clock.city.new_york")["desc"], "03:00, Today");
  EXPECT_FALSE(on_screen(env, "clock.city.cairo"));

  press(env, "clock.add_city");
  ASSERT_EQ(env.phone().current_page(), "add_city");
  const json before = env.state();
  press(env, "clock.city_search");
  type_text(env, "egy");  // matches the country
  EXPECT_TRUE(on_screen(env, "clock.city_option.cairo"));
  EXPECT_FALSE(on_screen(env, "clock.city_option.tokyo"));
  press(env, "clock.city_option.cairo");
  EXPECT_EQ(changed_paths(before, env.state()), Paths({"/apps/clock/world_clock/-"}));  // appended
  EXPECT_EQ(clock(env)["world_clock"], json({"london", "new_york", "tokyo", "cairo"}));
  EXPECT_EQ(env.phone().current_page(), "world_clock");
  EXPECT_EQ(find_node(env, "clock.city.cairo")["desc"], "10:00, Today");

  const json before2 = env.state();
  press(env, "clock.city.cairo.remove");
  EXPECT_EQ(changed_paths(before2, env.state()), Paths({"/apps/clock/world_clock/3"}));
  EXPECT_FALSE(on_screen(env, "clock.city.cairo"));
  const json before3 = env.state();
  press(env, "clock.city.london.remove");
  EXPECT_EQ(clock(env)["world_clock"], json({"new_york", "tokyo"}));
  EXPECT_EQ(changed_paths(before3, env.state()),
            Paths({"/apps/clock/world_clock/0", "/apps/clock/world_clock/1", "/apps/clock/world_clock/2"}));
  // Back from a tab returns to the Alarm tab; the stack never grows.
  press(env, "clock.tab.timer");
  press(env, "clock.tab.stopwatch");
  EXPECT_EQ(env.state()["os"]["tasks"][0]["pages"].size(), 2u);
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "alarms");
}

TEST(ClockApp, SetStartPauseAndFinishATimer) {
  Env env;
  open_app(env, "clock");
  press(env, "clock.tab.timer");
  ASSERT_EQ(env.phone().current_page(), "timer");
  EXPECT_FALSE(on_screen(env, "clock.timer.start"));  // nothing typed yet
  press(env, "clock.timer.key.5");
  press(env, "clock.timer.backspace");
  press(env, "clock.timer.key.1");
  press(env, "clock.timer.key.3");
  press(env, "clock.timer.key.0");
  EXPECT_EQ(text_of(env, "clock.timer.input"), "00h 01m 30s");
  const json before = env.state();
  press(env, "clock.timer.start");
  const std::int64_t started = now(env) - 160;  // the tap's 150 ms, in whole 16 ms frames
  EXPECT_EQ(changed_paths(before, env.state()),
            Paths({"/apps/clock/timer/input", "/apps/clock/timer/duration_ms", "/apps/clock/timer/remaining_ms",
                   "/apps/clock/timer/end_ms", "/apps/clock/timer/running"}));
  EXPECT_EQ(clock(env)["timer"], json({{"input", ""}, {"duration_ms", 90000}, {"remaining_ms", 90000},
                                       {"end_ms", started + 90000}, {"running", true}}));
  EXPECT_EQ(text_of(env, "clock.timer.remaining"), "1:30");
  // Waiting changes nothing in the state: the display follows the virtual clock.
  const json running = env.state();
  act(env, R"({"type":"wait","seconds":10})");
  EXPECT_EQ(changed_paths(running, env.state()), Paths());
  EXPECT_EQ(text_of(env, "clock.timer.remaining"), "1:20");
  EXPECT_EQ(text_of(env, "clock.timer.status"), "Running");

  json b = env.state();
  press(env, "clock.timer.pause");
  EXPECT_EQ(changed_paths(b, env.state()),
            Paths({"/apps/clock/timer/remaining_ms", "/apps/clock/timer/end_ms", "/apps/clock/timer/running"}));
  EXPECT_EQ(clock(env)["timer"]["remaining_ms"], 90000 - 10160);
  act(env, R"({"type":"wait","seconds":30})");
  EXPECT_EQ(text_of(env, "clock.timer.remaining"), "1:20");
  EXPECT_EQ(text_of(env, "clock.timer.status"), "Paused");

  press(env, "clock.timer.start");  // resume
  EXPECT_TRUE(env.state()["os"]["notifications"].empty());
  act(env, R"({"type":"wait","seconds":60})");
  act(env, R"({"type":"wait","seconds":20})");
  EXPECT_EQ(text_of(env, "clock.timer.remaining"), "0:00");
  EXPECT_EQ(text_of(env, "clock.timer.status"), "Time's up");
  const json notes = env.state()["os"]["notifications"];
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0]["title"], "Timer done");
  EXPECT_EQ(notes[0]["text"], "1:30 timer");
  EXPECT_FALSE(clock(env)["timer"]["running"].get<bool>());

  b = env.state();
  press(env, "clock.timer.reset");
  EXPECT_EQ(changed_paths(b, env.state()), Paths({"/apps/clock/timer/remaining_ms"}));
  EXPECT_EQ(text_of(env, "clock.timer.remaining"), "1:30");
  press(env, "clock.timer.delete");
  EXPECT_TRUE(on_screen(env, "clock.timer.key.5"));
  EXPECT_EQ(clock(env)["timer"], pg::Phone::default_state()["apps"]["clock"]["timer"]);
}

TEST(ClockApp, StopwatchRunsWithTheVirtualClockPausesAndLaps) {
  Env env;
  open_app(env, "clock");
  press(env, "clock.tab.stopwatch");
  EXPECT_EQ(text_of(env, "clock.stopwatch.elapsed"), "00:00.00");
  json b = env.state();
  press(env, "clock.stopwatch.start");
  EXPECT_EQ(changed_paths(b, env.state()), Paths({"/apps/clock/stopwatch/running", "/apps/clock/stopwatch/start_ms"}));
  EXPECT_EQ(text_of(env, "clock.stopwatch.elapsed"), "00:00.16");  // the tap took 160 ms of virtual time
  b = env.state();
  act(env, R"({"type":"wait","seconds":5})");  // 313 frames = 5008 ms
  EXPECT_EQ(changed_paths(b, env.state()), Paths());
  EXPECT_EQ(text_of(env, "clock.stopwatch.elapsed"), "00:05.16");
  b = env.state();
  press(env, "clock.stopwatch.lap");
  EXPECT_EQ(changed_paths(b, env.state()), Paths({"/apps/clock/stopwatch/laps/-"}));
  EXPECT_EQ(clock(env)["stopwatch"]["laps"], json({5168}));
  EXPECT_EQ(text_of(env, "clock.stopwatch.lap.1"), "Lap 1 00:05.16");
  b = env.state();
  press(env, "clock.stopwatch.pause");
  EXPECT_EQ(changed_paths(b, env.state()),
            Paths({"/apps/clock/stopwatch/running", "/apps/clock/stopwatch/start_ms", "/apps/clock/stopwatch/elapsed_ms"}));
  EXPECT_EQ(clock(env)["stopwatch"]["elapsed_ms"], 5328);
  act(env, R"({"type":"wait","seconds":3})");
  EXPECT_EQ(text_of(env, "clock.stopwatch.elapsed"), "00:05.32");  // paused: it stays
  press(env, "clock.stopwatch.start");
  act(env, R"({"type":"wait","seconds":60})");
  EXPECT_EQ(text_of(env, "clock.stopwatch.elapsed"), "01:05.48");  // 5328 + 160 + 60000
  press(env, "clock.stopwatch.pause");
  press(env, "clock.stopwatch.reset");
  EXPECT_EQ(clock(env)["stopwatch"], pg::Phone::default_state()["apps"]["clock"]["stopwatch"]);
  EXPECT_EQ(text_of(env, "clock.stopwatch.elapsed"), "00:00.00");
}
