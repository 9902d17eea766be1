// Calendar through actions, as a user drives it: create an event (time, location, repeat,
// reminder), edit it, delete it (with the confirmation), find events by date from the month
// grid, repeating events on every matching day, and a reminder that posts a notification.
// Each flow checks exactly which state paths it changed and what the screen then shows.
#include "phone_driver.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& cal(Env& env) { return env.phone().app_state("calendar"); }

/// Taps a form field and replaces its text.
void fill(Env& env, const std::string& field, const std::string& text) {
  press(env, "calendar.form." + field);
  type_text(env, text, true);
}

/// Creates an event from the FAB on the selected day: fills `fields` (form field -> text) in
/// order, picks the reminder `reminder` (minutes) and saves.
void new_event(Env& env, const std::vector<std::pair<std::string, std::string>>& fields, const std::string& reminder) {
  press(env, "calendar.fab");
  for (const auto& [field, text] : fields) fill(env, field, text);
  if (!env.state()["os"]["keyboard"]["focus"].is_null()) act(env, R"({"type":"back"})");  // hide the keyboard
  press(env, "calendar.form.reminder");
  press(env, "calendar.reminder." + reminder);
  press(env, "calendar.form.save");
}

std::string node_text(Env& env, const std::string& id) {
  const json n = find_node(env, id);
  return n.is_null() ? "" : n.value("text", "");
}
std::string node_desc(Env& env, const std::string& id) {
  const json n = find_node(env, id);
  return n.is_null() ? "" : n.value("desc", "");
}

/// From the month grid (January 2026), the day view of `date`, then the details of event `id`.
void open_event(Env& env, const std::string& date, int id) {
  press(env, "calendar.day." + date);
  scroll_to(env, "calendar.event." + std::to_string(id));
  press(env, "calendar.event." + std::to_string(id));
}

/// Opens Calendar, event `id` on `date` and its delete dialog; returns the state before the dialog.
json ask_to_delete(Env& env, const std::string& date, int id) {
  open_app(env, "calendar");
  open_event(env, date, id);
  const json before = env.state();
  press(env, "calendar.details.delete");
  EXPECT_TRUE(env.state()["os"]["dialog"].is_object());
  return before;
}

}  // namespace

TEST(CalendarApp, MonthViewShowsJanuary2026WithDotsForDaysWithEvents) {
  Env env;
  open_app(env, "calendar");
  EXPECT_EQ(node_text(env, "calendar.month.title"), "January 2026");
  // The grid starts on Sunday Dec 28 and runs six weeks.
  EXPECT_TRUE(on_screen(env, "calendar.day.2025-12-28"));
  EXPECT_TRUE(on_screen(env, "calendar.day.2026-02-07"));
  // Jan 8: the daily dog walk and the dentist.
  EXPECT_EQ(node_desc(env, "calendar.day.2026-01-08"), "Thursday, January 8, 2026, 2 events");
  press(env, "calendar.month.next");
  EXPECT_EQ(node_text(env, "calendar.month.title"), "February 2026");
  EXPECT_EQ(cal(env)["month"], "2026-02");
  press(env, "calendar.month.prev");
  press(env, "calendar.month.prev");
  EXPECT_EQ(node_text(env, "calendar.month.title"), "December 2025");
  press(env, "calendar.today");
  EXPECT_EQ(cal(env)["month"], "2026-01");
}

TEST(CalendarApp, CreateAnEventWithTimeLocationRepeatAndReminder) {
  Env env;
  const json before = open_app(env, "calendar");
  press(env, "calendar.fab");
  ASSERT_EQ(env.phone().current_page(), "edit_event");
  fill(env, "title", "Team lunch");
  fill(env, "date", "2026-01-13");
  fill(env, "start", "12:30");
  fill(env, "end", "13:30");
  fill(env, "location", "Sushi Ran");
  press(env, "calendar.form.repeat");
  ASSERT_EQ(env.phone().current_page(), "repeat");
  press(env, "calendar.repeat.weekly");
  press(env, "calendar.form.reminder");
  press(env, "calendar.reminder.10");
  EXPECT_EQ(node_desc(env, "calendar.form.repeat"), "Every week on Tuesday");
  EXPECT_EQ(node_desc(env, "calendar.form.reminder"), "10 minutes before");
  press(env, "calendar.form.save");
  // First event with a reminder: Android 13 asks for the notification permission.
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  press(env, "dialog.button.allow");
  EXPECT_EQ(env.phone().current_page(), "month");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/calendar/events/41", "/apps/calendar/next_id", "/apps/calendar/selected",
                   "/os/permissions/calendar"}));
  EXPECT_EQ(cal(env)["events"]["41"], (json{{"title", "Team lunch"},
                                            {"date", "2026-01-13"},
                                            {"start", "12:30"},
                                            {"end", "13:30"},
                                            {"all_day", false},
                                            {"location", "Sushi Ran"},
                                            {"repeat", "weekly"},
                                            {"reminder", 10},
                                            {"calendar", "personal"}}));
  EXPECT_EQ(cal(env)["next_id"], 42);
  // It shows on its day and every following Tuesday, not on the Monday before.
  for (const char* date : {"2026-01-13", "2026-01-20", "2026-01-27"}) {
    SCOPED_TRACE(date);
    press(env, std::string("calendar.day.") + date);
    scroll_to(env, "calendar.event.41");
    EXPECT_EQ(node_text(env, "calendar.event.41"), "Team lunch");
    EXPECT_NE(node_desc(env, "calendar.event.41").find("Sushi Ran"), std::string::npos);
    act(env, R"({"type":"back"})");
  }
  press(env, "calendar.day.2026-01-12");
  for (int i = 0; i < 8; ++i) act(env, R"({"type":"swipe","x1":500,"y1":700,"x2":500,"y2":450})");
  EXPECT_FALSE(on_screen(env, "calendar.event.41"));
}

TEST(CalendarApp, InvalidDateOrTimesShowAnErrorAndSaveNothing) {
  Env env;
  open_app(env, "calendar");
  press(env, "calendar.fab");
  const json before = env.state();
  fill(env, "title", "Broken");
  fill(env, "date", "2026-02-30");
  press(env, "calendar.form.save");
  EXPECT_EQ(env.phone().current_page(), "edit_event");
  EXPECT_EQ(node_text(env, "calendar.form.error"), "Enter the date as YYYY-MM-DD, e.g. 2026-01-08");
  fill(env, "date", "2026-02-03");
  fill(env, "end", "08:00");
  press(env, "calendar.form.save");
  EXPECT_EQ(node_text(env, "calendar.form.error"), "The end time must be after the start time");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/calendar/form/title", "/apps/calendar/form/date", "/apps/calendar/form/end",
                   "/apps/calendar/form/error"}));
  EXPECT_TRUE(cal(env)["events"].empty());
}

TEST(CalendarApp, EditAnEvent) {
  Env env;
  const json before = open_app(env, "calendar");
  open_event(env, "2026-01-08", 5);
  ASSERT_EQ(env.phone().current_page(), "event");
  EXPECT_EQ(node_text(env, "calendar.details.title"), "Dentist appointment");
  press(env, "calendar.details.edit");
  EXPECT_EQ(node_text(env, "calendar.form.title"), "Dentist appointment");
  EXPECT_EQ(node_text(env, "calendar.form.start"), "14:00");
  fill(env, "start", "15:00");
  fill(env, "end", "15:45");
  press(env, "calendar.form.save");
  EXPECT_EQ(env.phone().current_page(), "event");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/calendar/events/5", "/apps/calendar/selected", "/apps/calendar/open_event"}));
  // Only the changed fields go into the overlay over the world event.
  EXPECT_EQ(cal(env)["events"]["5"], (json{{"start", "15:00"}, {"end", "15:45"}}));
  EXPECT_EQ(node_text(env, "calendar.details.when"), "Thursday, January 8, 2026, 15:00 - 15:45");
}

TEST(CalendarApp, DeleteAnEventAfterConfirming) {
  Env env;
  const json before = ask_to_delete(env, "2026-01-08", 5);
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete event?");  // cancel keeps it
  press(env, "dialog.button.cancel");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  press(env, "calendar.details.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/calendar/events/5", "/apps/calendar/open_event"}));
  EXPECT_TRUE(cal(env)["events"]["5"].is_null());
  EXPECT_EQ(env.phone().current_page(), "day");
  for (int i = 0; i < 8; ++i) act(env, R"({"type":"swipe","x1":500,"y1":700,"x2":500,"y2":450})");
  EXPECT_FALSE(on_screen(env, "calendar.event.5"));
  act(env, R"({"type":"back"})");
  EXPECT_EQ(node_desc(env, "calendar.day.2026-01-08"), "Thursday, January 8, 2026, 1 event");
}

TEST(CalendarApp, DeletingOneOccurrenceOfARepeatingEventKeepsTheSeries) {
  Env env;
  const json before = ask_to_delete(env, "2026-01-20", 4);  // the weekly gym on Tuesdays (world event 4)
  const json d = env.state()["os"]["dialog"];
  EXPECT_EQ(d["title"], "Delete recurring event?");
  EXPECT_EQ(d["text"], "Only the one on Tue, Jan 20, or every repeat?");
  press(env, "dialog.button.this");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/calendar/events/4", "/apps/calendar/open_event"}));
  EXPECT_EQ(cal(env)["events"]["4"], (json{{"exceptions", {"2026-01-20"}}}));  // the overlay: only the exception
  act(env, R"({"type":"back"})");
  for (const auto& [date, shown] : std::vector<std::pair<std::string, bool>>{{"2026-01-13", true}, {"2026-01-20", false}, {"2026-01-27", true}}) {
    SCOPED_TRACE(date);
    press(env, "calendar.day." + date);
    for (int i = 0; i < 8 && !on_screen(env, "calendar.event.4"); ++i) act(env, R"({"type":"swipe","x1":500,"y1":700,"x2":500,"y2":450})");
    EXPECT_EQ(on_screen(env, "calendar.event.4"), shown);
    act(env, R"({"type":"back"})");
  }
  // "All events" removes the series.
  open_event(env, "2026-01-27", 4);
  press(env, "calendar.details.delete");
  press(env, "dialog.button.all");
  EXPECT_TRUE(cal(env)["events"]["4"].is_null());
}

TEST(CalendarApp, AnEventCarriesADescriptionShownOnItsPageAndKeptWhenEdited) {
  Env env;
  const json before = open_app(env, "calendar");
  new_event(env, {{"title", "Book club"}, {"date", "2026-01-14"}, {"start", "18:00"}, {"end", "19:00"},
                  {"description", "Bring chapter 3 notes"}}, "0");
  EXPECT_EQ(env.phone().current_page(), "month");
  EXPECT_EQ(cal(env)["events"]["41"]["description"], "Bring chapter 3 notes");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/calendar/events/41", "/apps/calendar/next_id", "/apps/calendar/selected"}));
  open_event(env, "2026-01-14", 41);
  EXPECT_EQ(node_text(env, "calendar.details.description"), "Bring chapter 3 notes");
  // Editing keeps it in the form; clearing it removes it from the page.
  press(env, "calendar.details.edit");
  EXPECT_EQ(cal(env)["form"]["description"], "Bring chapter 3 notes");
  fill(env, "description", "");
  press(env, "calendar.form.save");
  EXPECT_EQ(cal(env)["events"]["41"]["description"], "");
  ASSERT_EQ(env.phone().current_page(), "event");  // saving an edit returns to the event
  EXPECT_TRUE(on_screen(env, "calendar.details.title"));
  EXPECT_FALSE(on_screen(env, "calendar.details.description"));
}

TEST(CalendarApp, FindEventsByDateFromTheMonthGrid) {
  Env env;
  const json before = open_app(env, "calendar");
  press(env, "calendar.day.2026-01-15");
  EXPECT_EQ(env.phone().current_page(), "day");
  EXPECT_EQ(node_text(env, "calendar.day.title"), "Thu, Jan 15, 2026");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{"/apps/calendar/selected"});
  EXPECT_EQ(cal(env)["selected"], "2026-01-15");
  // The day opens at 07:00: the flight, the dog walk (daily) and the hotel check-in.
  for (int id : {29, 6, 40}) {
    scroll_to(env, "calendar.event." + std::to_string(id));
    EXPECT_TRUE(on_screen(env, "calendar.event." + std::to_string(id))) << id;
  }
  EXPECT_EQ(node_text(env, "calendar.event.6"), "Flight to Chicago (UA 1527)");
  // Next day: Friday the 16th has no flight.
  press(env, "calendar.day.next");
  EXPECT_EQ(cal(env)["selected"], "2026-01-16");
  EXPECT_FALSE(on_screen(env, "calendar.event.6"));
  // All-day events sit above the timeline: Mom's birthday on the 22nd.
  act(env, R"({"type":"back"})");
  press(env, "calendar.day.2026-01-22");
  EXPECT_EQ(node_text(env, "calendar.event.8"), "Mom's birthday");
}

TEST(CalendarApp, RepeatingEventsShowOnEveryMatchingDayInTheWeekView) {
  Env env;
  open_app(env, "calendar");
  press(env, "calendar.view.week");
  ASSERT_EQ(env.phone().current_page(), "week");
  EXPECT_EQ(node_text(env, "calendar.week.title"), "Dec 28 - Jan 3");
  // Weekly gym on Tuesdays, the monthly rent on the 1st, the daily dog walk every day.
  EXPECT_NE(node_desc(env, "calendar.week.2025-12-30").find("Gym - strength"), std::string::npos);
  EXPECT_EQ(node_desc(env, "calendar.week.2025-12-31").find("Gym - strength"), std::string::npos);
  EXPECT_NE(node_desc(env, "calendar.week.2026-01-01").find("Pay rent"), std::string::npos);
  for (const char* d : {"2025-12-28", "2025-12-29", "2025-12-30", "2025-12-31", "2026-01-01"})
    EXPECT_NE(node_desc(env, std::string("calendar.week.") + d).find("Walk Luna"), std::string::npos) << d;
  press(env, "calendar.week.next");
  press(env, "calendar.week.next");
  press(env, "calendar.week.next");
  EXPECT_EQ(node_text(env, "calendar.week.title"), "Jan 18 - 24");
  scroll_to(env, "calendar.week.2026-01-20");
  EXPECT_NE(node_desc(env, "calendar.week.2026-01-20").find("Gym - strength"), std::string::npos);
  EXPECT_NE(node_desc(env, "calendar.week.2026-01-20").find("1:1 with Priya"), std::string::npos);
  // A week row opens that day.
  press(env, "calendar.week.2026-01-20");
  EXPECT_EQ(env.phone().current_page(), "day");
  EXPECT_EQ(cal(env)["selected"], "2026-01-20");
  // February 1st: the rent again (monthly).
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "calendar.month.next");
  press(env, "calendar.day.2026-02-01");
  scroll_to(env, "calendar.event.14");
  EXPECT_EQ(node_text(env, "calendar.event.14"), "Pay rent");
}

TEST(CalendarApp, AReminderPostsANotificationWhenItsTimePasses) {
  Env env;
  open_app(env, "calendar");
  new_event(env, {{"title", "Standup"}, {"start", "09:00"}, {"end", "09:15"}}, "30");  // on the selected day, Jan 1
  press(env, "dialog.button.allow");
  const json before = env.state();
  // 08:00 now: the reminder is due at 08:30 (world events with reminders later today do not ring yet).
  for (int i = 0; i < 29; ++i) act(env, R"({"type":"wait","seconds":60})");
  EXPECT_TRUE(env.state()["os"]["notifications"].empty());
  for (int i = 0; i < 2; ++i) act(env, R"({"type":"wait","seconds":60})");
  const json list = env.state()["os"]["notifications"];
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["app"], "calendar");
  EXPECT_EQ(list[0]["title"], "Standup");
  EXPECT_EQ(list[0]["text"], "09:00 - 09:15");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/os/notifications/-", "/os/next_notification_id"}));
}

TEST(CalendarApp, PagesInLivedInStatesPassTheLayoutLint) {
  Env env;
  open_app(env, "calendar");
  auto check = [&](const std::string& where) {
    for (const std::string& p : env.lint()) ADD_FAILURE() << where << ": " << p;
  };
  for (int i = 0; i < 3; ++i) {  // January to March 2026
    check("month " + cal(env)["month"].get<std::string>());
    press(env, "calendar.month.next");
  }
  press(env, "calendar.today");
  // Overlapping events: three at 10:00 on Friday Jan 2 (a new one plus the plumber and a copy).
  for (const char* title : {"Overlap A", "Overlap B with a very long title that must be cut short"}) {
    new_event(env, {{"title", title}, {"date", "2026-01-02"}, {"start", "10:30"}, {"end", "11:00"},
                    {"location", "Somewhere with a rather long address, 1234 Long Street"}}, "0");
    act(env, R"({"type":"wait","seconds":3})");  // the toast goes
  }
  press(env, "calendar.day.2026-01-02");
  check("day with overlaps");
  press(env, "calendar.event.42");
  check("event with a long title");
  press(env, "calendar.details.back");
  act(env, R"({"type":"back"})");
  press(env, "calendar.view.week");
  for (int i = 0; i < 3; ++i) {
    check("week " + cal(env)["selected"].get<std::string>());
    press(env, "calendar.week.next");
  }
  act(env, R"({"type":"back"})");
  press(env, "calendar.fab");
  fill(env, "date", "tomorrow");
  act(env, R"({"type":"back"})");  // hide the keyboard
  press(env, "calendar.form.save");
  check("form with an error");
}

// Another app adds an event the Android way (CalendarContract's INSERT): the form opens prefilled
// in the phone's local time, nothing is stored until the user saves, and saving returns to the
// app that asked.
TEST(CalendarApp, AnInsertIntentOpensThePrefilledFormAndSavingReturnsToTheCaller) {
  Env env;
  open_app(env, "notes");
  const json before = env.state();
  const std::int64_t shift = env.phone().local_time_ms() - env.phone().now_ms();
  const std::int64_t begin_local = 1767607200000LL;  // 2026-01-05 10:00 in the phone's zone
  env.phone().start_intent({{"action", "android.intent.action.INSERT"},
                            {"type", "vnd.android.cursor.item/event"},
                            {"extras",
                             {{"title", "Train to Boston"},
                              {"beginTime", begin_local - shift},
                              {"endTime", begin_local - shift + 95 * 60000},
                              {"eventLocation", "Penn Station"},
                              {"description", "Coach 4, seat 12A"},
                              {"from_app", "notes"}}}});
  ASSERT_EQ(env.phone().foreground(), "calendar");
  ASSERT_EQ(env.phone().current_page(), "edit_event");
  const json& form = cal(env)["form"];
  EXPECT_EQ(form["title"], "Train to Boston");
  EXPECT_EQ(form["date"], "2026-01-05");
  EXPECT_EQ(form["start"], "10:00");
  EXPECT_EQ(form["end"], "11:35");
  EXPECT_EQ(form["location"], "Penn Station");
  EXPECT_TRUE(cal(env)["events"].is_null() || !cal(env)["events"].contains("41"));
  press(env, "calendar.form.save");
  if (env.state()["os"]["dialog"].is_object()) press(env, "dialog.button.allow");
  EXPECT_EQ(env.phone().foreground(), "notes");
  EXPECT_EQ(cal(env)["events"]["41"]["title"], "Train to Boston");
  EXPECT_EQ(cal(env)["events"]["41"]["date"], "2026-01-05");
  EXPECT_EQ(cal(env)["events"]["41"]["start"], "10:00");
  EXPECT_EQ(cal(env)["events"]["41"]["description"], "Coach 4, seat 12A");
  const Paths changed = changed_paths(before, env.state());
  EXPECT_TRUE(changed.count("/apps/calendar/events/41"));

  // Discarding a second insert stores nothing and also returns.
  env.phone().start_intent({{"action", "android.intent.action.INSERT"},
                            {"type", "vnd.android.cursor.item/event"},
                            {"extras", {{"title", "Not this one"}, {"from_app", "notes"}}}});
  ASSERT_EQ(env.phone().current_page(), "edit_event");
  press(env, "calendar.form.close");
  EXPECT_EQ(env.phone().foreground(), "notes");
  EXPECT_FALSE(cal(env)["events"].contains("42"));
}
