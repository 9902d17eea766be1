// Phone through actions, as a user drives it: dial a number on the keypad and call it, call a
// contact (Contacts tab and Favorites), see and clear the call log, and the cross-app flow where
// tapping a number in Contacts opens Phone's dialer through an implicit DIAL intent. Each flow's
// state change is checked as the exact set of JSON pointers it touches, plus what the user sees.
#include "phone_driver.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"

#include <gtest/gtest.h>

#include <cstdio>

using namespace pg::testing;

namespace {

std::string mmss(std::int64_t s) {
  char b[16];
  std::snprintf(b, sizeof b, "%02d:%02d", static_cast<int>(s / 60), static_cast<int>(s % 60));
  return b;
}

/// Talks for about `seconds` (whole waits of up to 60 s), then ends the call; returns the call's
/// expected duration in seconds (from the virtual clock when End is tapped).
int talk_and_hang_up(Env& env, int seconds) {
  for (int left = seconds; left > 0; left -= 60)
    act(env, R"({"type":"wait","seconds":)" + std::to_string(std::min(60, left)) + "}");
  const json& st = env.state();
  const std::int64_t start = st["apps"]["phone"]["call"]["start_ms"];
  const std::int64_t now = st["os"]["time_ms"];
  EXPECT_EQ(text_of(env, "phone.call.timer"), mmss((now - start) / 1000));
  press(env, "phone.call.end");
  return static_cast<int>((now - start) / 1000);
}

}  // namespace

TEST(PhoneApp, DialANumberOnTheKeypadAndCallIt) {
  Env env;
  const json before = open_app(env, "phone");
  press(env, "phone.tab.keypad");
  for (const char* k : {"5", "5", "5", "0", "1", "9", "9"}) press(env, std::string("phone.key.") + k);
  EXPECT_EQ(text_of(env, "phone.dial.number"), "5550199");
  press(env, "phone.dial.backspace");
  press(env, "phone.key.8");
  EXPECT_EQ(text_of(env, "phone.dial.number"), "5550198");
  EXPECT_FALSE(on_screen(env, "phone.dial.match"));  // nobody has this number
  press(env, "phone.dial.call");
  ASSERT_EQ(env.phone().current_page(), "call");
  EXPECT_EQ(text_of(env, "phone.call.name"), "5550198");
  const int duration = talk_and_hang_up(env, 65);
  EXPECT_GE(duration, 65);
  const json after = env.state();
  EXPECT_EQ(changed_paths(before, after),
            (Paths{"/apps/phone/tab", "/apps/phone/calls/37", "/apps/phone/next_call_id"}));
  const json& entry = after["apps"]["phone"]["calls"]["37"];
  EXPECT_EQ(entry["number"], "5550198");
  EXPECT_EQ(entry["type"], "outgoing");
  EXPECT_EQ(entry["duration_s"], duration);
  EXPECT_FALSE(after["apps"]["phone"]["call"]["active"].get<bool>());
  // Back on the dialer; the Recents tab lists the call first.
  EXPECT_EQ(env.phone().current_page(), "keypad");
  press(env, "phone.tab.recents");
  const json row = find_node(env, "phone.recent.37");
  ASSERT_FALSE(row.is_null());
  EXPECT_EQ(row["text"], "5550198");
  EXPECT_LT(row["bounds"][1].get<int>(), find_node(env, "phone.recent.36")["bounds"][1].get<int>());
}

TEST(PhoneApp, LongPressZeroTypesPlusAndAnEmptyDialerRecallsTheLastNumber) {
  Env env;
  open_app(env, "phone");
  press(env, "phone.tab.keypad");
  press(env, "phone.key.0", "long_press");
  EXPECT_EQ(text_of(env, "phone.dial.number"), "+");
  press(env, "phone.dial.backspace", "long_press");  // clears
  EXPECT_EQ(env.state()["apps"]["phone"]["dial"], "");
  press(env, "phone.dial.call");  // the last outgoing call in the log: Jamal Washington's number
  EXPECT_EQ(text_of(env, "phone.dial.number"), "+1 555 0122");
  EXPECT_EQ(text_of(env, "phone.dial.match"), "Jamal Washington");
}

TEST(PhoneApp, CallAContactFromTheContactsTab) {
  Env env;
  const json before = open_app(env, "phone");
  press(env, "phone.tab.contacts");
  scroll_to(env, "phone.contact.12");
  press(env, "phone.contact.12");  // Elena Petrova
  ASSERT_EQ(env.phone().current_page(), "call");
  EXPECT_EQ(text_of(env, "phone.call.name"), "Elena Petrova");
  EXPECT_EQ(text_of(env, "phone.call.number"), "+1 555 0112");
  press(env, "phone.call.mute");
  EXPECT_TRUE(find_node(env, "phone.call.mute")["checked"].get<bool>());
  const int duration = talk_and_hang_up(env, 30);
  const json after = env.state();
  EXPECT_EQ(changed_paths(before, after),
            (Paths{"/apps/phone/tab", "/apps/phone/calls/37", "/apps/phone/next_call_id"}));
  EXPECT_EQ(after["apps"]["phone"]["calls"]["37"],
            (json{{"number", "+1 555 0112"}, {"type", "outgoing"}, {"time_ms", after["apps"]["phone"]["calls"]["37"]["time_ms"]},
                  {"duration_s", duration}}));
}

TEST(PhoneApp, CallAFavourite) {
  Env env;
  open_app(env, "phone");  // Favorites is the first tab
  EXPECT_EQ(text_of(env, "phone.favorite.30"), "Mom");
  press(env, "phone.favorite.30");
  ASSERT_EQ(env.phone().current_page(), "call");
  EXPECT_EQ(text_of(env, "phone.call.name"), "Mom");
  // Back leaves the call running; the banner returns to it.
  act(env, R"({"type":"back"})");
  ASSERT_TRUE(on_screen(env, "phone.return_to_call"));
  press(env, "phone.return_to_call");
  EXPECT_EQ(env.phone().current_page(), "call");
  talk_and_hang_up(env, 5);
  EXPECT_EQ(env.state()["apps"]["phone"]["calls"]["37"]["number"], "+1 555 0130");
}

TEST(PhoneApp, SeeAndClearTheCallLog) {
  Env env;
  const json before = open_app(env, "phone");
  press(env, "phone.tab.recents");
  // Newest first: Aaliyah Johnson's incoming call yesterday evening.
  EXPECT_EQ(text_of(env, "phone.recent.36"), "Aaliyah Johnson");
  EXPECT_EQ(find_node(env, "phone.recent.36")["desc"], "Incoming call, Yesterday 22:51 \xC2\xB7 3 min 37 sec");
  scroll_to(env, "phone.recent.1");
  press(env, "phone.recents.clear");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  press(env, "dialog.button.cancel");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/phone/tab"}));
  press(env, "phone.recents.clear");
  press(env, "dialog.button.clear");
  const json after = env.state();
  Paths expected{"/apps/phone/tab"};
  for (int i = 1; i <= 36; ++i) expected.insert("/apps/phone/calls/" + std::to_string(i));
  EXPECT_EQ(changed_paths(before, after), expected);
  EXPECT_TRUE(pg::resolve_collection(pg::World::instance(), after["apps"]["phone"], "phone", "calls").empty());
  EXPECT_TRUE(on_screen(env, "phone.recents.empty"));
  EXPECT_FALSE(on_screen(env, "phone.recents.clear"));
}

TEST(PhoneApp, TappingANumberInContactsOpensTheDialerWithIt) {
  Env env;
  act(env, R"({"type":"open_app","app":"contacts"})");
  const json before = env.state();
  press(env, "contacts.row.2");  // Adebayo Okafor: Mobile and Work
  press(env, "contacts.view.phone.1");
  // One app handles DIAL with scheme tel: Phone opens on its keypad with the number.
  EXPECT_EQ(env.state()["os"]["foreground"], "phone");
  EXPECT_EQ(env.phone().current_page(), "keypad");
  EXPECT_EQ(text_of(env, "phone.dial.number"), "+1 555 0150");
  EXPECT_EQ(text_of(env, "phone.dial.match"), "Adebayo Okafor");
  EXPECT_TRUE(find_node(env, "phone.tab.keypad")["selected"].get<bool>());
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/contacts/selected", "/apps/phone/tab", "/apps/phone/dial"}));
  press(env, "phone.dial.call");
  EXPECT_EQ(text_of(env, "phone.call.name"), "Adebayo Okafor");
  talk_and_hang_up(env, 12);
  EXPECT_EQ(env.state()["apps"]["phone"]["calls"]["37"]["number"], "+1 555 0150");
  EXPECT_EQ(env.state()["apps"]["phone"]["dial"], "");
}

TEST(PhoneApp, ADialIntentWhileOnTheCallScreenShowsTheDialer) {
  Env env;
  open_app(env, "phone");
  press(env, "phone.favorite.1");
  ASSERT_EQ(env.phone().current_page(), "call");
  env.phone().start_intent({{"action", "android.intent.action.DIAL"}, {"data", "tel:%2B1%20555%200104"}});
  EXPECT_EQ(env.phone().current_page(), "keypad");
  EXPECT_EQ(env.state()["apps"]["phone"]["dial"], "+1 555 0104");
  EXPECT_TRUE(on_screen(env, "phone.return_to_call"));  // the call goes on
}

TEST(PhoneApp, SeesContactsEditedInContacts) {
  Env env;
  env.apply_patch(json::parse(R"([{"op": "add", "path": "/apps/contacts/people/12", "value": {"first": "Lena"}}])"));
  open_app(env, "phone");
  press(env, "phone.tab.contacts");
  scroll_to(env, "phone.contact.12");
  EXPECT_EQ(text_of(env, "phone.contact.12"), "Lena Petrova");
}

TEST(PhoneApp, TabsHaveNoLayoutProblems) {
  Env env;
  open_app(env, "phone");
  for (const char* tab : {"favorites", "recents", "contacts", "keypad"}) {
    press(env, std::string("phone.tab.") + tab);
    EXPECT_EQ(env.lint(), std::vector<std::string>{}) << tab;
  }
  press(env, "phone.key.5");
  press(env, "phone.dial.call");
  EXPECT_EQ(env.lint(), std::vector<std::string>{}) << "call screen";
}

namespace {

/// A phone with a call from `number` scheduled `in_s` seconds from now.
json with_incoming_call(Env& env, const std::string& number, int in_s) {
  json s = env.state();
  s["apps"]["phone"]["incoming"] = {{"number", number}, {"at_ms", s["os"]["time_ms"].get<std::int64_t>() + in_s * 1000}};
  env.set_state(s);
  return s;
}

}  // namespace

TEST(PhoneApp, AnIncomingCallRingsAndCanBeAnswered) {
  Env env;
  with_incoming_call(env, "+1 555 0114", 5);  // Fatima Al-Sayed (Contacts)
  act(env, R"({"type":"wait","seconds":3})");
  EXPECT_EQ(env.state()["os"]["foreground"], "launcher");  // not yet
  act(env, R"({"type":"wait","seconds":3})");
  ASSERT_EQ(env.state()["os"]["foreground"], "phone");
  EXPECT_EQ(env.phone().current_page(), "call");
  EXPECT_TRUE(on_screen(env, "phone.call.incoming"));
  EXPECT_EQ(text_of(env, "phone.call.name"), "Fatima Al-Sayed");
  ASSERT_TRUE(on_screen(env, "phone.call.answer"));
  press(env, "phone.call.answer");
  EXPECT_FALSE(on_screen(env, "phone.call.answer"));
  act(env, R"({"type":"wait","seconds":42})");
  EXPECT_EQ(text_of(env, "phone.call.timer"), "00:42");
  press(env, "phone.call.end");
  const json log = env.state()["apps"]["phone"]["calls"]["37"];
  EXPECT_EQ(log["type"], "incoming");
  EXPECT_EQ(log["number"], "+1 555 0114");
  EXPECT_GE(log["duration_s"].get<int>(), 42);
  EXPECT_TRUE(env.state()["apps"]["phone"]["incoming"].is_null());
}

TEST(PhoneApp, ADeclinedCallAndAnUnansweredOneAreLogged) {
  Env env;
  with_incoming_call(env, "+1 555 0199", 2);
  act(env, R"({"type":"wait","seconds":3})");
  ASSERT_TRUE(on_screen(env, "phone.call.decline"));
  press(env, "phone.call.decline");
  EXPECT_EQ(env.state()["apps"]["phone"]["calls"]["37"]["type"], "declined");
  EXPECT_FALSE(env.state()["apps"]["phone"]["call"]["active"].get<bool>());
  with_incoming_call(env, "+1 555 0198", 2);
  act(env, R"({"type":"wait","seconds":3})");
  ASSERT_TRUE(on_screen(env, "phone.call.answer"));
  act(env, R"({"type":"wait","seconds":40})");  // nobody answers: missed after 30 s
  EXPECT_EQ(env.state()["apps"]["phone"]["calls"]["38"]["type"], "missed");
  EXPECT_FALSE(on_screen(env, "phone.call.answer"));
  ASSERT_EQ(env.state()["os"]["notifications"].size(), 1u);
  EXPECT_EQ(env.state()["os"]["notifications"][0]["title"], "Missed call");
}
