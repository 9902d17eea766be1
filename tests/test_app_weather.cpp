// Weather through actions, as a user drives it: current conditions, the hourly strip's arrows,
// the 10-day list and a day's detail, switching cities, adding one by search (and a duplicate),
// removing after the confirmation (and refusing to remove home), reordering and setting home,
// units, alert banner and notifications on virtual time, task overrides of conditions, and the
// share / add-to-calendar hand-offs. Each flow checks exactly which state paths it changed and
// what the screen shows. Forecast numbers are checked against gen/forecast.py's output.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& weather(Env& env) { return env.phone().app_state("weather"); }
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// Opens the saved city `id` from the list (home page afterwards).
void show_city(Env& env, const std::string& id) {
  press(env, "weather.cities");
  scroll_to(env, "weather.city." + id);
  press(env, "weather.city." + id);
  ASSERT_EQ(env.phone().current_page(), "home");
}

}  // namespace

TEST(Weather, HomeShowsConditionsHourlyTenDaysAndDetails) {
  Env env;
  open_app(env, "weather");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(text_of(env, "weather.city_title"), "San Francisco");
  EXPECT_TRUE(contains(text_of(env, "weather.now.temp"), "\u00b0F"));
  EXPECT_EQ(text_of(env, "weather.now.hilo"), "High 56\u00b0 \u00b7 Low 45\u00b0");
  for (int i = 0; i < 6; ++i) EXPECT_TRUE(on_screen(env, "weather.hour." + std::to_string(i)));
  EXPECT_TRUE(contains(text_of(env, "weather.hour.0"), "Now"));
  EXPECT_EQ(text_of(env, "weather.day.1"), "Tomorrow, Cloudy, high 55\u00b0, low 45\u00b0");
  scroll_to(env, "weather.day.9");
  EXPECT_TRUE(on_screen(env, "weather.day.9"));
  scroll_to(env, "weather.detail.humidity");
  EXPECT_TRUE(on_screen(env, "weather.detail.wind"));
  EXPECT_FALSE(on_screen(env, "weather.alert"));  // San Francisco has no alert
}

TEST(Weather, ForecastMatchesTheModelMirror) {
  Env env;
  auto f = [&](const std::string& city, const std::string& date) {
    return pg::call_app(env.phone(), "weather", "forecast", {{"city", city}, {"date", date}});
  };
  json a = f("chicago", "2026-01-03");
  EXPECT_EQ(a["high_f"], 35);
  EXPECT_EQ(a["low_f"], 20);
  EXPECT_EQ(a["low_c"], -7);
  EXPECT_EQ(a["condition"], "snow");
  a = f("tokyo", "2026-01-05");
  EXPECT_EQ(a["high_c"], 9);
  EXPECT_EQ(a["condition"], "rain");
  EXPECT_EQ(a["precip"], 93);
  a = f("sydney", "2026-01-10");
  EXPECT_EQ(a["high_f"], 80);
  EXPECT_EQ(a["condition"], "thunderstorm");
  EXPECT_EQ(a["wind_kmh"], 18);
  a = f("london", "2026-01-01");
  EXPECT_EQ(a["humidity"], 78);
  EXPECT_THROW(f("atlantis", "2026-01-01"), std::invalid_argument);
}

TEST(Weather, HourlyArrowsPageThroughTheDay) {
  Env env;
  open_app(env, "weather");
  EXPECT_FALSE(on_screen(env, "weather.hourly.prev"));
  const json before = env.state();
  press(env, "weather.hourly.next");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/weather/hour_page"}));
  EXPECT_TRUE(on_screen(env, "weather.hour.6"));
  EXPECT_FALSE(on_screen(env, "weather.hour.0"));
  press(env, "weather.hourly.next");
  press(env, "weather.hourly.next");
  EXPECT_TRUE(on_screen(env, "weather.hour.23"));
  EXPECT_FALSE(on_screen(env, "weather.hourly.next"));
  press(env, "weather.hourly.prev");
  EXPECT_TRUE(on_screen(env, "weather.hour.12"));
}

TEST(Weather, DayDetailShowsTheDay) {
  Env env;
  open_app(env, "weather");
  press(env, "weather.day.1");
  EXPECT_EQ(env.phone().current_page(), "day");
  EXPECT_EQ(text_of(env, "weather.day.title"), "Fri, Jan 2");
  EXPECT_EQ(text_of(env, "weather.day.hilo"), "55\u00b0 / 45\u00b0");
  EXPECT_EQ(text_of(env, "weather.day.condition"), "Cloudy");
  EXPECT_EQ(text_of(env, "weather.day.fact.0"), "Chance of precipitation 16%");
  EXPECT_EQ(text_of(env, "weather.day.fact.2"), "Wind 7 mph");
}

TEST(Weather, SwitchCityShowsItsAlertBanner) {
  Env env;
  open_app(env, "weather");
  const json before = env.state();
  show_city(env, "chicago");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/weather/current"}));
  EXPECT_EQ(text_of(env, "weather.city_title"), "Chicago");
  ASSERT_TRUE(on_screen(env, "weather.alert"));
  press(env, "weather.alert");
  EXPECT_EQ(env.phone().current_page(), "alert");
  EXPECT_EQ(text_of(env, "weather.alert.name"), "Winter Storm Warning");
  EXPECT_EQ(text_of(env, "weather.alert.city"), "Chicago");
  EXPECT_EQ(text_of(env, "weather.alert.from"), "From Fri, Jan 2, 18:00");  // Chicago's time
  // Another saved city has no banner.
  act(env, R"({"type":"back"})");
  show_city(env, "london");
  EXPECT_FALSE(on_screen(env, "weather.alert"));
}

TEST(Weather, AddCityBySearchAndRefuseDuplicates) {
  Env env;
  open_app(env, "weather");
  press(env, "weather.cities");
  press(env, "weather.cities.search");
  EXPECT_EQ(env.phone().current_page(), "search");
  const json before = env.state();
  enter_text(env, "weather.search.field", "tok");
  EXPECT_TRUE(on_screen(env, "weather.result.tokyo"));
  EXPECT_FALSE(on_screen(env, "weather.result.london"));
  press(env, "weather.result.tokyo");
  EXPECT_EQ(env.phone().current_page(), "cities");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/weather/saved/-"}));
  EXPECT_EQ(weather(env)["saved"].back(), "tokyo");
  scroll_to(env, "weather.city.tokyo");
  EXPECT_TRUE(on_screen(env, "weather.city.tokyo"));
  // A city already saved: a toast, nothing added.
  press(env, "weather.cities.search");
  enter_text(env, "weather.search.field", "Chicago");
  const json mid = env.state();
  press(env, "weather.result.chicago");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Chicago is already saved");
  EXPECT_EQ(changed_paths(mid, env.state()), Paths{});
  // No match: a clear empty state.
  enter_text(env, "weather.search.field", "zzz", true);
  EXPECT_EQ(env.phone().current_page(), "search");
  EXPECT_EQ(text_of(env, "weather.search.empty"), "No matching cities");
  EXPECT_FALSE(on_screen(env, "weather.result.chicago"));
  // Country search finds its cities.
  enter_text(env, "weather.search.field", "japan", true);
  EXPECT_TRUE(on_screen(env, "weather.result.tokyo"));
}

TEST(Weather, RemoveCityAfterConfirmationButNeverHome) {
  Env env;
  open_app(env, "weather");
  press(env, "weather.cities");
  press(env, "weather.cities.edit");
  const json before = env.state();
  press(env, "weather.city.london.remove");
  ASSERT_FALSE(env.state()["os"]["dialog"].is_null());
  press(env, "dialog.button.cancel");
  EXPECT_EQ(weather(env)["saved"].size(), 4u);
  press(env, "weather.city.london.remove");
  press(env, "dialog.button.remove");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/weather/saved/3"}));
  EXPECT_EQ(weather(env)["saved"], json({"san_francisco", "chicago", "new_york"}));
  EXPECT_FALSE(on_screen(env, "weather.city.london"));
  // The home city cannot be removed.
  const json mid = env.state();
  press(env, "weather.city.san_francisco.remove");
  EXPECT_TRUE(env.state()["os"]["dialog"].is_null());
  EXPECT_TRUE(contains(env.state()["os"]["toast"]["text"].get<std::string>(), "Set another home location"));
  EXPECT_EQ(changed_paths(mid, env.state()), Paths{});
}

TEST(Weather, ReorderAndSetHome) {
  Env env;
  open_app(env, "weather");
  press(env, "weather.cities");
  press(env, "weather.cities.edit");
  const json before = env.state();
  press(env, "weather.city.new_york.up");
  EXPECT_EQ(weather(env)["saved"], json({"san_francisco", "new_york", "chicago", "london"}));
  press(env, "weather.city.san_francisco.up");  // already first: nothing
  press(env, "weather.city.london.down");       // already last: nothing
  EXPECT_EQ(weather(env)["saved"], json({"san_francisco", "new_york", "chicago", "london"}));
  press(env, "weather.city.london.home");
  EXPECT_EQ(weather(env)["home"], "london");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/weather/saved/1", "/apps/weather/saved/2", "/apps/weather/home"}));
  press(env, "weather.cities.edit");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "weather.city_title"), "London");
}

TEST(Weather, UnitsChangeEveryPage) {
  Env env;
  open_app(env, "weather");
  press(env, "weather.open_settings");
  const json before = env.state();
  press(env, "weather.unit.temp.C");
  press(env, "weather.unit.wind.ms");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/weather/temp_unit", "/apps/weather/wind_unit"}));
  act(env, R"({"type":"back"})");
  EXPECT_TRUE(contains(text_of(env, "weather.now.temp"), "\u00b0C"));
  EXPECT_EQ(text_of(env, "weather.day.1"), "Tomorrow, Cloudy, high 13\u00b0, low 7\u00b0");
  press(env, "weather.day.1");
  EXPECT_EQ(text_of(env, "weather.day.fact.2"), "Wind 3 m/s");
}

TEST(Weather, AlertNotificationsOnVirtualTime) {
  Env env;
  const std::int64_t now = env.phone().now_ms();
  env.apply_patch({{{"op", "add"}, {"path", "/os/permissions/weather"}, {"value", {{"POST_NOTIFICATIONS", "granted"}}}},
                   {{"op", "add"}, {"path", "/apps/weather/alerts/new_york"},
                    {"value", {{"title", "Wind Advisory"}, {"text", "Gusts up to 50 mph."}, {"start_ms", now + 300000},
                               {"end_ms", now + 7200000}}}}});
  open_app(env, "weather");
  for (int i = 0; i < 4; ++i) act(env, R"({"type":"wait","seconds":60})");
  EXPECT_EQ(env.state()["os"]["notifications"].size(), 0u);
  for (int i = 0; i < 2; ++i) act(env, R"({"type":"wait","seconds":60})");
  const json n = env.state()["os"]["notifications"];
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0]["title"], "Wind Advisory \u00b7 New York");
  // Tapping it opens New York's alert.
  act(env, R"({"type":"home"})");
  env.phone().start_intent(n[0]["intent"]);
  EXPECT_EQ(env.phone().foreground(), "weather");
  EXPECT_EQ(env.phone().current_page(), "alert");
  EXPECT_EQ(text_of(env, "weather.alert.name"), "Wind Advisory");
  EXPECT_EQ(weather(env)["current"], "new_york");
  // Turned off in Settings: no more notifications.
  Env quiet;
  quiet.apply_patch({{{"op", "add"}, {"path", "/os/permissions/weather"}, {"value", {{"POST_NOTIFICATIONS", "granted"}}}},
                     {{"op", "replace"}, {"path", "/apps/weather/alert_notifications"}, {"value", false}},
                     {{"op", "add"}, {"path", "/apps/weather/alerts/new_york"},
                      {"value", {{"title", "Wind Advisory"}, {"start_ms", now + 60000}, {"end_ms", now + 7200000}}}}});
  open_app(quiet, "weather");
  for (int i = 0; i < 3; ++i) act(quiet, R"({"type":"wait","seconds":60})");
  EXPECT_EQ(quiet.state()["os"]["notifications"].size(), 0u);
}

TEST(Weather, AlertsSwitchAsksForThePermission) {
  Env env;
  open_app(env, "weather");
  press(env, "weather.open_settings");
  const json before = env.state();
  press(env, "weather.settings.alerts");  // off
  EXPECT_EQ(weather(env)["alert_notifications"], false);
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/weather/alert_notifications"}));
  press(env, "weather.settings.alerts");  // on again: the system asks
  ASSERT_FALSE(env.state()["os"]["dialog"].is_null());
  press(env, "dialog.button.allow");
  EXPECT_EQ(env.phone().permission("weather", "POST_NOTIFICATIONS"), "granted");
  EXPECT_EQ(weather(env)["alert_notifications"], true);
}

TEST(Weather, TaskOverridesConditions) {
  Env env;
  env.apply_patch({{{"op", "add"}, {"path", "/apps/weather/conditions/san_francisco"},
                    {"value", {{"condition", "thunderstorm"}, {"temp_c", 30}, {"high_c", 32}, {"low_c", 21}}}}});
  open_app(env, "weather");
  EXPECT_EQ(text_of(env, "weather.now.temp"), "86\u00b0F");
  EXPECT_EQ(text_of(env, "weather.now.condition"), "Thunderstorms");
  EXPECT_EQ(text_of(env, "weather.now.hilo"), "High 90\u00b0 \u00b7 Low 70\u00b0");
}

TEST(Weather, ShareAndAddToCalendar) {
  Env env;
  open_app(env, "weather");
  press(env, "weather.day.2");
  press(env, "weather.day.share");
  ASSERT_TRUE(on_screen(env, "dialog.button.messages"));
  act(env, R"({"type":"back"})");
  if (!env.state()["os"]["dialog"].is_null()) press(env, "dialog.button.cancel");
  ASSERT_EQ(env.phone().current_page(), "day");
  press(env, "weather.day.calendar");
  EXPECT_EQ(env.phone().foreground(), "calendar");
  EXPECT_EQ(env.phone().current_page(), "edit_event");
  EXPECT_EQ(env.state()["apps"]["calendar"]["form"]["title"], "Cloudy in San Francisco");
  const json before = env.state();
  press(env, "calendar.form.save");
  EXPECT_EQ(env.phone().foreground(), "weather");  // from_app: back to Weather
  Paths changed = changed_paths(before, env.state());
  for (auto it = changed.begin(); it != changed.end();)  // Calendar's form and bookkeeping (its UI state)
    it = (it->rfind("/apps/calendar/form", 0) == 0 || *it == "/apps/calendar/next_id" || *it == "/apps/calendar/selected")
             ? changed.erase(it) : std::next(it);
  EXPECT_EQ(changed, (Paths{"/apps/calendar/events/41"}));
  const json ev = env.state()["apps"]["calendar"]["events"]["41"];
  EXPECT_EQ(ev["title"], "Cloudy in San Francisco");
  EXPECT_EQ(ev["date"], "2026-01-03");
  EXPECT_EQ(ev["start"], "08:00");
}

TEST(Weather, TimesFollowThePhonesClockFormat) {
  Env env;
  env.apply_patch({{{"op", "replace"}, {"path", "/os/settings/system/time_12_24"}, {"value", "12"}}});
  open_app(env, "weather");
  EXPECT_TRUE(contains(text_of(env, "weather.hour.1"), "1 AM"));  // San Francisco's 01:00
  press(env, "weather.open_settings");
  EXPECT_TRUE(on_screen(env, "weather.settings.time"));
  EXPECT_TRUE(contains(find_node(env, "weather.settings.time")["desc"].get<std::string>(), "12-hour clock"));
}
