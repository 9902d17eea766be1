// Meet through actions, as a user drives it: the home list of upcoming meetings, scheduling
// (with its validation errors), editing and cancelling a meeting (confirmation), a meeting's
// details (formatted ID, passcode, invitation shared with SEND, Add to Calendar's INSERT), joining
// by meeting ID (bad IDs, unknown meetings, the wrong passcode), the in-meeting screen (mute,
// video, raise hand, chat, participants arriving on virtual time, the host's Mute all and Remove
// with confirmations, leave vs end for all), the history of past meetings and settings. Each flow
// checks exactly which state paths it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace pg::testing;

namespace {

const json& meet(Env& env) { return env.phone().app_state("meet"); }

// World meetings the tests use (apps/meet/world/meetings.json).
const char* kDesignSync = "148014720";  // mine, weekly, passcode 111730, mute on entry, 4 invitees
const char* kBudget = "106959357";      // mine, one-time, Thu Jan 8 15:00, passcode 209137
const char* kOkafor = "248361607";      // Adebayo Okafor's, passcode 952449, Mohammed Rahman invited
const char* kLisbon = "650254554";      // mine, one-time, no passcode or waiting room, 4 invitees

/// Opens a meeting's details from the home list.
void open_meeting(Env& env, const std::string& id) {
  scroll_to(env, std::string("meet.upcoming.") + id);
  press(env, std::string("meet.upcoming.") + id);
  ASSERT_EQ(env.phone().current_page(), "meeting");
}

/// The changed paths of `before` -> `after`, with every path under a `ui_state` key (form, join)
/// folded into that key: the flows assert the user's data exactly and the draft as one entry.
Paths folded(const json& before, const json& after) {
  Paths out;
  for (const std::string& p : changed_paths(before, after)) {
    std::string q = p;
    for (const char* k : {"/apps/meet/form", "/apps/meet/join"})
      if (p.rfind(std::string(k) + "/", 0) == 0) q = k;
    out.insert(q);
  }
  return out;
}

/// Types into a field, replacing what it held.
void set_field(Env& env, const std::string& id, const std::string& text) {
  scroll_to(env, id);
  press(env, id);
  type_text(env, text, true);
  act(env, R"({"type":"enter"})");  // hides the keyboard
}

}  // namespace

TEST(Meet, HomeListsUpcomingMeetingsSoonestFirst) {
  Env env;
  open_app(env, "meet");
  EXPECT_EQ(env.phone().current_page(), "home");
  for (const char* id : {"meet.home.new", "meet.home.join", "meet.home.schedule", "meet.tab.home", "meet.tab.history",
                         "meet.tab.settings"})
    EXPECT_TRUE(on_screen(env, id)) << id;
  // The daily standup (tomorrow 09:30) is first, the weekly design sync (Mon, Jan 5) next.
  const json standup = find_node(env, "meet.upcoming.419798550"), sync = find_node(env, std::string("meet.upcoming.") + kDesignSync);
  ASSERT_FALSE(standup.is_null());
  ASSERT_FALSE(sync.is_null());
  EXPECT_LT(standup["bounds"][1].get<int>(), sync["bounds"][1].get<int>());
  EXPECT_EQ(sync["text"], "Weekly design sync");
  EXPECT_EQ(sync["desc"], "Mon, Jan 5 10:00, 45 min, Meeting ID 148 014 720");
  scroll_to(env, "meet.upcoming.823849769");  // the last one: tax prep on Feb 24
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Meet, MeetingDetailsShowTheFormattedIdAndPasscode) {
  Env env;
  const json before = open_app(env, "meet");
  open_meeting(env, kDesignSync);
  EXPECT_EQ(text_of(env, "meet.meeting.title"), "Weekly design sync");
  EXPECT_EQ(text_of(env, "meet.meeting.when"), "Mon, Jan 5, 2026 \xC2\xB7 10:00 - 10:45");
  EXPECT_EQ(text_of(env, "meet.meeting.id"), "148 014 720");
  EXPECT_EQ(text_of(env, "meet.meeting.passcode"), "111730");
  EXPECT_EQ(text_of(env, "meet.meeting.repeat"), "Every week");
  EXPECT_EQ(text_of(env, "meet.meeting.host"), "Alex Rivera (me)");
  scroll_to(env, "meet.meeting.invitee.hannah_muller");
  EXPECT_EQ(text_of(env, "meet.meeting.invitee.hannah_muller"), "Hannah Müller");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  // Copy invitation: the whole text on the clipboard.
  scroll_to(env, "meet.meeting.copy");
  press(env, "meet.meeting.copy");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Invitation copied");
  EXPECT_EQ(env.phone().clipboard(), pg::call_app(env.phone(), "meet", "meeting", {{"id", kDesignSync}})["invitation"]);
  // Someone else's meeting: Join instead of Start, no edit, no cancel.
  act(env, R"({"type":"back"})");
  open_meeting(env, kOkafor);
  EXPECT_EQ(text_of(env, "meet.meeting.start"), "Join");
  EXPECT_EQ(text_of(env, "meet.meeting.host"), "Adebayo Okafor");
  EXPECT_FALSE(on_screen(env, "meet.meeting.edit"));
  scroll_to(env, "meet.meeting.agenda");
  EXPECT_FALSE(on_screen(env, "meet.meeting.delete"));
}

TEST(Meet, ScheduleAMeeting) {
  Env env;
  const json before = open_app(env, "meet");
  press(env, "meet.home.schedule");
  EXPECT_EQ(env.phone().current_page(), "schedule");
  // Prefilled: today, the next half hour + 30 min, 30 minutes, a passcode (settings' default).
  EXPECT_EQ(text_of(env, "meet.form.date"), "2026-01-01");
  EXPECT_EQ(text_of(env, "meet.form.time"), "09:00");
  EXPECT_EQ(text_of(env, "meet.form.duration"), "30");
  EXPECT_TRUE(find_node(env, "meet.form.passcode_on")["checked"].get<bool>());
  set_field(env, "meet.form.title", "Quarterly roadmap review");
  set_field(env, "meet.form.date", "2026-01-13");
  set_field(env, "meet.form.time", "2:30 PM");
  set_field(env, "meet.form.duration", "90");
  press(env, "meet.form.repeat.weekly");
  set_field(env, "meet.form.passcode", "246810");
  scroll_to(env, "meet.form.waiting_room");
  press(env, "meet.form.waiting_room");
  press(env, "meet.form.save");
  EXPECT_EQ(env.phone().current_page(), "meeting");
  const std::string id = env.phone().page_state()["meeting"];
  EXPECT_EQ(id.size(), 9u);
  EXPECT_EQ(folded(before, env.state()),
            (Paths{"/apps/meet/meetings/" + id, "/apps/meet/form", "/apps/meet/next_id"}));
  const json m = meet(env)["meetings"][id];
  EXPECT_EQ(m, (json{{"title", "Quarterly roadmap review"}, {"date", "2026-01-13"}, {"time", "14:30"}, {"duration_min", 90},
                     {"repeat", "weekly"}, {"passcode", "246810"}, {"waiting_room", true}, {"mute_on_entry", false},
                     {"host", "Alex Rivera"}, {"invitees", json::array()}, {"agenda", ""}}));
  EXPECT_EQ(text_of(env, "meet.meeting.when"), "Tue, Jan 13, 2026 \xC2\xB7 14:30 - 16:00");
  EXPECT_EQ(text_of(env, "meet.meeting.passcode"), "246810");
  act(env, R"({"type":"back"})");
  scroll_to(env, "meet.upcoming." + id);
}

TEST(Meet, ScheduleRejectsBadInput) {
  Env env;
  const json before = open_app(env, "meet");
  press(env, "meet.home.schedule");
  press(env, "meet.form.save");
  EXPECT_EQ(text_of(env, "meet.form.error"), "Enter a meeting topic");
  set_field(env, "meet.form.title", "Retro");
  set_field(env, "meet.form.date", "Jan 13");
  press(env, "meet.form.save");
  EXPECT_EQ(text_of(env, "meet.form.error"), "Enter the date as YYYY-MM-DD");
  set_field(env, "meet.form.date", "2026-01-13");
  set_field(env, "meet.form.time", "25:00");
  press(env, "meet.form.save");
  EXPECT_EQ(text_of(env, "meet.form.error"), "Enter the start time as HH:MM");
  set_field(env, "meet.form.time", "10:00");
  set_field(env, "meet.form.duration", "2");
  press(env, "meet.form.save");
  EXPECT_EQ(text_of(env, "meet.form.error"), "Duration must be 5 to 1440 minutes");
  set_field(env, "meet.form.duration", "45");
  set_field(env, "meet.form.passcode", "12ab");
  press(env, "meet.form.save");
  EXPECT_EQ(text_of(env, "meet.form.error"), "The passcode must be 6 digits");
  set_field(env, "meet.form.passcode", "123456");
  set_field(env, "meet.form.date", "2025-12-30");
  press(env, "meet.form.save");
  EXPECT_EQ(text_of(env, "meet.form.error"), "Choose a time in the future");
  EXPECT_EQ(env.phone().current_page(), "schedule");
  EXPECT_EQ(folded(before, env.state()), (Paths{"/apps/meet/form"}));  // nothing scheduled
}

TEST(Meet, EditAMeeting) {
  Env env;
  const json before = open_app(env, "meet");
  open_meeting(env, kBudget);
  press(env, "meet.meeting.edit");
  EXPECT_EQ(env.phone().current_page(), "schedule");
  EXPECT_EQ(text_of(env, "meet.form.heading"), "Edit meeting");
  EXPECT_EQ(text_of(env, "meet.form.title"), "Budget review Q1");
  EXPECT_EQ(text_of(env, "meet.form.passcode"), "209137");
  set_field(env, "meet.form.time", "16:30");
  set_field(env, "meet.form.duration", "45");
  press(env, "meet.form.save");
  EXPECT_EQ(env.phone().current_page(), "meeting");
  EXPECT_EQ(folded(before, env.state()),
            (Paths{"/apps/meet/meetings/" + std::string(kBudget), "/apps/meet/form"}));
  // The overlay keeps only what changed.
  EXPECT_EQ(meet(env)["meetings"][kBudget], (json{{"time", "16:30"}, {"duration_min", 45}}));
  EXPECT_EQ(text_of(env, "meet.meeting.when"), "Thu, Jan 8, 2026 \xC2\xB7 16:30 - 17:15");
}

TEST(Meet, CancelAMeetingAsksFirst) {
  Env env;
  const json before = open_app(env, "meet");
  open_meeting(env, kBudget);
  scroll_to(env, "meet.meeting.delete");
  press(env, "meet.meeting.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Cancel this meeting?");
  press(env, "dialog.button.keep");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  press(env, "meet.meeting.delete");
  press(env, "dialog.button.cancel_meeting");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/meet/meetings/" + std::string(kBudget)}));
  EXPECT_TRUE(meet(env)["meetings"][kBudget].is_null());
  EXPECT_FALSE(on_screen(env, std::string("meet.upcoming.") + kBudget));
  EXPECT_THROW(pg::call_app(env.phone(), "meet", "meeting", {{"id", kBudget}}), std::invalid_argument);
}

TEST(Meet, InviteSharesTheInvitationText) {
  Env env;
  open_app(env, "meet");
  open_meeting(env, kDesignSync);
  press(env, "meet.meeting.invite");
  const json d = env.state()["os"]["dialog"];
  ASSERT_TRUE(d.is_object());
  EXPECT_EQ(d.value("kind", ""), "chooser");
  press(env, "dialog.button.messages");
  EXPECT_EQ(env.phone().foreground(), "messages");
  const std::string draft = env.state()["apps"]["messages"]["draft"];
  EXPECT_NE(draft.find("Topic: Weekly design sync"), std::string::npos) << draft;
  EXPECT_NE(draft.find("Meeting ID: 148 014 720"), std::string::npos);
  EXPECT_NE(draft.find("Passcode: 111730"), std::string::npos);
  EXPECT_NE(draft.find("Time: Mon, Jan 5, 2026 10:00 (45 min)"), std::string::npos);
}

TEST(Meet, AddToCalendarStartsTheInsertIntent) {
  Env env;
  open_app(env, "meet");
  open_meeting(env, kBudget);
  press(env, "meet.meeting.calendar");
  ASSERT_EQ(env.phone().foreground(), "calendar");  // Calendar handles INSERT: its form, prefilled
  {
    EXPECT_EQ(env.phone().current_page(), "edit_event");
    EXPECT_EQ(env.state()["apps"]["calendar"]["form"]["title"], "Budget review Q1");
    EXPECT_EQ(env.state()["apps"]["calendar"]["form"]["date"], "2026-01-08");
    EXPECT_EQ(env.state()["apps"]["calendar"]["form"]["start"], "15:00");
    EXPECT_EQ(env.state()["apps"]["calendar"]["form"]["end"], "16:00");
    const json before = env.state();
    press(env, "calendar.form.save");  // saved, and back in Meet
    EXPECT_EQ(env.phone().foreground(), "meet");
    EXPECT_TRUE(changed_paths(before, env.state()).count("/apps/calendar/events/41"));
    const json ev = env.state()["apps"]["calendar"]["events"]["41"];
    EXPECT_EQ(ev["title"], "Budget review Q1");
    EXPECT_EQ(ev["date"], "2026-01-08");
    EXPECT_EQ(ev["start"], "15:00");
    EXPECT_EQ(ev["end"], "16:00");
    EXPECT_NE(ev["location"].get<std::string>().find("meet.phonegym.org/j/106959357"), std::string::npos);
  }
}

TEST(Meet, JoinRejectsBadAndUnknownIds) {
  Env env;
  const json before = open_app(env, "meet");
  press(env, "meet.home.join");
  EXPECT_EQ(env.phone().current_page(), "join");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "meet.join.id");
  press(env, "meet.join.submit");
  EXPECT_EQ(text_of(env, "meet.join.error"), "Enter a meeting ID");
  enter_text(env, "meet.join.id", "12345");
  press(env, "meet.join.submit");
  EXPECT_EQ(text_of(env, "meet.join.error"), "Invalid meeting ID. A meeting ID has 9 to 11 digits.");
  enter_text(env, "meet.join.id", "12345678a", true);
  press(env, "meet.join.submit");
  EXPECT_EQ(text_of(env, "meet.join.error"), "Invalid meeting ID. A meeting ID has 9 to 11 digits.");
  enter_text(env, "meet.join.id", " 123 456 789 ", true);
  press(env, "meet.join.submit");
  EXPECT_EQ(text_of(env, "meet.join.error"), "This meeting ID is not valid. Check the ID and try again.");
  EXPECT_EQ(env.phone().current_page(), "join");
  EXPECT_EQ(folded(before, env.state()), (Paths{"/apps/meet/join"}));
}

TEST(Meet, JoinWithThePasscode) {
  Env env;
  const json before = open_app(env, "meet");
  press(env, "meet.home.join");
  enter_text(env, "meet.join.id", "248 361 607");
  press(env, "meet.join.video_off");
  press(env, "meet.join.submit");
  EXPECT_EQ(env.phone().current_page(), "passcode");
  EXPECT_EQ(text_of(env, "meet.passcode.title"), "Meeting passcode");
  enter_text(env, "meet.passcode.field", "111111");
  press(env, "meet.passcode.ok");
  EXPECT_EQ(text_of(env, "meet.passcode.error"), "Wrong passcode. Try again.");
  EXPECT_TRUE(meet(env)["call"].is_null());
  enter_text(env, "meet.passcode.field", "952449", true);
  press(env, "meet.passcode.ok");
  EXPECT_EQ(env.phone().current_page(), "call");
  EXPECT_EQ(folded(before, env.state()), (Paths{"/apps/meet/call", "/apps/meet/join"}));
  const json& c = meet(env)["call"];
  EXPECT_EQ(c["meeting"], kOkafor);
  EXPECT_EQ(c["host"], "Adebayo Okafor");
  EXPECT_FALSE(c["video"].get<bool>());
  EXPECT_TRUE(c["muted"].get<bool>());  // the meeting mutes on entry
  // Someone else's meeting: everyone is there already, and I can only leave.
  EXPECT_TRUE(on_screen(env, "meet.call.tile.adebayo_okafor"));
  EXPECT_TRUE(on_screen(env, "meet.call.tile.mohammed_rahman"));
  EXPECT_EQ(text_of(env, "meet.call.leave"), "Leave");
  press(env, "meet.call.participants");
  EXPECT_FALSE(on_screen(env, "meet.people.mute_all"));
  EXPECT_FALSE(on_screen(env, "meet.people.adebayo_okafor.remove"));
  // A participant only leaves (no End meeting for all); the meeting stays scheduled.
  act(env, R"({"type":"back"})");
  const json before_leave = env.state();
  press(env, "meet.call.leave");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Leave this meeting?");
  EXPECT_EQ(env.state()["os"]["dialog"]["buttons"].size(), 2u);
  press(env, "dialog.button.leave");
  EXPECT_EQ(changed_paths(before_leave, env.state()),
            (Paths{"/apps/meet/call", "/apps/meet/history/h21", "/apps/meet/next_history"}));
  EXPECT_EQ(meet(env)["history"]["h21"]["participants"], (json{"Alex Rivera", "Adebayo Okafor", "Mohammed Rahman"}));
  EXPECT_EQ(meet(env)["history"]["h21"]["host"], "Adebayo Okafor");
  EXPECT_TRUE(on_screen(env, std::string("meet.upcoming.") + kOkafor));
}

TEST(Meet, InMeetingControlsAndTimeAdvancing) {
  Env env;
  open_app(env, "meet");
  open_meeting(env, kDesignSync);
  press(env, "meet.meeting.start");
  EXPECT_EQ(env.phone().current_page(), "call");
  const json before = env.state();
  // Nobody has arrived yet; the invitees join one every 4 virtual seconds.
  EXPECT_FALSE(on_screen(env, "meet.call.tile.rebecca_lee"));
  act(env, R"({"type":"wait","seconds":5})");
  EXPECT_TRUE(on_screen(env, "meet.call.tile.rebecca_lee"));
  EXPECT_FALSE(on_screen(env, "meet.call.tile.hannah_muller"));
  act(env, R"({"type":"wait","seconds":60})");
  EXPECT_TRUE(on_screen(env, "meet.call.tile.hannah_muller"));
  EXPECT_NE(text_of(env, "meet.call.timer").find("01:0"), std::string::npos) << text_of(env, "meet.call.timer");
  EXPECT_TRUE(find_node(env, "meet.call.mute")["checked"].get<bool>());  // mute on entry
  press(env, "meet.call.mute");
  press(env, "meet.call.video");
  press(env, "meet.call.hand");
  EXPECT_EQ(text_of(env, "meet.call.hand"), "Lower hand");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/meet/call/muted", "/apps/meet/call/video", "/apps/meet/call/hand"}));
  EXPECT_FALSE(meet(env)["call"]["muted"].get<bool>());
  EXPECT_FALSE(meet(env)["call"]["video"].get<bool>());
  EXPECT_TRUE(meet(env)["call"]["hand"].get<bool>());
  EXPECT_EQ(find_node(env, "meet.call.tile.me")["desc"], "unmuted, video off, hand raised");
}

TEST(Meet, MeetingChat) {
  Env env;
  open_app(env, "meet");
  open_meeting(env, kDesignSync);
  press(env, "meet.meeting.start");
  const json before = env.state();
  press(env, "meet.call.chat");
  EXPECT_EQ(env.phone().current_page(), "call_chat");
  EXPECT_FALSE(find_node(env, "meet.chat.send")["enabled"].get<bool>());
  type_text(env, "Slides are in the shared folder");
  press(env, "meet.chat.send");
  EXPECT_EQ(text_of(env, "meet.chat.msg.0"), "Slides are in the shared folder");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/meet/call/chat/-"}));
  EXPECT_EQ(meet(env)["call"]["chat"][0]["from"], "Alex Rivera");
  // The others talk on virtual time: Rebecca Lee (the first to arrive) says hello 10 s in.
  EXPECT_FALSE(on_screen(env, "meet.chat.other.0"));
  act(env, R"({"type":"wait","seconds":10})");
  const json hello = find_node(env, "meet.chat.other.0");
  ASSERT_FALSE(hello.is_null());
  EXPECT_EQ(hello["desc"], "Rebecca Lee");
  EXPECT_GT(hello["bounds"][1].get<int>(), find_node(env, "meet.chat.msg.0")["bounds"][1].get<int>());  // after mine
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/meet/call/chat/-"}));  // derived, never stored
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "meet.call.chat"), "Chat (2)");
}

TEST(Meet, HostMutesAllAndRemovesSomeoneAfterConfirming) {
  Env env;
  open_app(env, "meet");
  open_meeting(env, kBudget);
  press(env, "meet.meeting.start");
  act(env, R"({"type":"wait","seconds":20})");
  // The meeting has a waiting room: the three invitees wait until the host admits them.
  EXPECT_EQ(text_of(env, "meet.call.waiting"), "3 people are waiting");
  press(env, "meet.call.waiting");
  EXPECT_EQ(env.phone().current_page(), "participants");
  EXPECT_EQ(text_of(env, "meet.people.title"), "Participants (1)");
  const json before_admit = env.state();
  press(env, "meet.people.elena_petrova.admit");
  EXPECT_EQ(changed_paths(before_admit, env.state()), (Paths{"/apps/meet/call/admitted/-"}));
  EXPECT_TRUE(on_screen(env, "meet.people.elena_petrova"));
  EXPECT_FALSE(on_screen(env, "meet.people.elena_petrova.admit"));
  press(env, "meet.people.admit_all");
  EXPECT_EQ(meet(env)["call"]["admitted"], (json{"Elena Petrova", "Adebayo Okafor", "Olivia Brown"}));
  EXPECT_FALSE(on_screen(env, "meet.people.admit_all"));
  EXPECT_EQ(text_of(env, "meet.people.title"), "Participants (4)");
  const json before = env.state();
  press(env, "meet.people.mute_all");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  press(env, "meet.people.mute_all");
  press(env, "dialog.button.mute_all");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/meet/call/all_muted"}));
  EXPECT_EQ(find_node(env, "meet.people.olivia_brown")["desc"], "muted");
  press(env, "meet.people.elena_petrova.remove");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Remove Elena Petrova?");
  press(env, "dialog.button.remove");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/meet/call/all_muted", "/apps/meet/call/removed/-"}));
  EXPECT_FALSE(on_screen(env, "meet.people.elena_petrova"));
  EXPECT_EQ(text_of(env, "meet.people.title"), "Participants (3)");
}

TEST(Meet, LeaveKeepsTheMeetingEndForAllRemovesIt) {
  Env env;
  open_app(env, "meet");
  open_meeting(env, kLisbon);
  press(env, "meet.meeting.start");
  act(env, R"({"type":"wait","seconds":60})");
  act(env, R"({"type":"wait","seconds":60})");
  const json before = env.state();
  press(env, "meet.call.leave");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "End or leave this meeting?");
  press(env, "dialog.button.stay");
  EXPECT_EQ(env.phone().current_page(), "call");
  press(env, "meet.call.leave");
  press(env, "dialog.button.leave");  // leave: the meeting stays scheduled
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/meet/call", "/apps/meet/history/h21", "/apps/meet/next_history"}));
  const json h = meet(env)["history"]["h21"];
  EXPECT_EQ(h["title"], "Lisbon trip planning");
  EXPECT_EQ(h["duration_min"], 2);
  EXPECT_EQ(h["participants"], (json{"Alex Rivera", "Aaliyah Johnson", "Ben Carter", "Noah Williams", "Priya Sharma"}));
  EXPECT_EQ(h["date"], "2026-01-01");
  EXPECT_EQ(h["time"], "08:00");
  scroll_to(env, std::string("meet.upcoming.") + kLisbon);
  // Start again and end it for all: a one-time meeting leaves the list.
  press(env, std::string("meet.upcoming.") + kLisbon);
  press(env, "meet.meeting.start");
  const json before2 = env.state();
  press(env, "meet.call.leave");
  press(env, "dialog.button.end_all");
  EXPECT_EQ(changed_paths(before2, env.state()),
            (Paths{"/apps/meet/call", "/apps/meet/history/h22", "/apps/meet/next_history",
                   "/apps/meet/meetings/" + std::string(kLisbon)}));
  EXPECT_FALSE(on_screen(env, std::string("meet.upcoming.") + kLisbon));
  press(env, "meet.tab.history");
  EXPECT_EQ(text_of(env, "meet.history.h22"), "Lisbon trip planning");
}

TEST(Meet, NewMeetingStartsAnInstantCall) {
  Env env;
  const json before = open_app(env, "meet");
  press(env, "meet.home.new");
  EXPECT_EQ(env.phone().current_page(), "call");
  EXPECT_EQ(meet(env)["call"]["meeting"], "512883027");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/meet/call"}));
  act(env, R"({"type":"back"})");
  EXPECT_TRUE(on_screen(env, "meet.home.return"));  // the call goes on; a banner returns to it
  press(env, "meet.home.return");
  EXPECT_EQ(env.phone().current_page(), "call");
}

TEST(Meet, HistoryShowsPastMeetings) {
  Env env;
  const json before = open_app(env, "meet");
  press(env, "meet.tab.history");
  EXPECT_EQ(env.phone().current_page(), "history");
  EXPECT_EQ(text_of(env, "meet.history.h20"), "Weekly design sync");  // Dec 29: the newest
  scroll_to(env, "meet.history.h11");
  press(env, "meet.history.h11");
  EXPECT_EQ(env.phone().current_page(), "record");
  EXPECT_EQ(text_of(env, "meet.record.title"), "Research paper reading group");
  EXPECT_EQ(text_of(env, "meet.record.duration"), "57 min");
  EXPECT_EQ(text_of(env, "meet.record.host"), "Hiroshi Sato");
  EXPECT_TRUE(on_screen(env, "meet.record.person.zara_ahmed"));
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
}

TEST(Meet, SettingsChangeHowIJoin) {
  Env env;
  const json before = open_app(env, "meet");
  press(env, "meet.tab.settings");
  EXPECT_EQ(text_of(env, "meet.settings.pmi"), "Personal meeting ID: 512 883 027");
  press(env, "meet.settings.mute_on_join");
  press(env, "meet.settings.video_off_on_join");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/meet/settings/mute_on_join", "/apps/meet/settings/video_off_on_join"}));
  press(env, "meet.tab.home");
  press(env, "meet.home.join");
  EXPECT_TRUE(find_node(env, "meet.join.mute")["checked"].get<bool>());
  EXPECT_TRUE(find_node(env, "meet.join.video_off")["checked"].get<bool>());
  enter_text(env, "meet.join.id", "980989363");  // Yoga with Fatima: no passcode
  press(env, "meet.join.submit");
  EXPECT_EQ(env.phone().current_page(), "call");
  EXPECT_TRUE(meet(env)["call"]["muted"].get<bool>());
  EXPECT_FALSE(meet(env)["call"]["video"].get<bool>());
}

TEST(Meet, IntentAndExports) {
  Env env;
  env.phone().start_intent({{"app", "meet"}, {"meeting", "148 014 720"}});
  EXPECT_EQ(env.phone().current_page(), "meeting");
  EXPECT_EQ(text_of(env, "meet.meeting.title"), "Weekly design sync");
  const json m = pg::call_app(env.phone(), "meet", "meeting", {{"id", "148014720"}});
  EXPECT_NE(m["invitation"].get<std::string>().find("https://meet.phonegym.org/j/148014720?pwd=111730"), std::string::npos);
  EXPECT_EQ(pg::call_app(env.phone(), "meet", "meetings")["meetings"].size(), 21u);
}

TEST(Meet, AReminderIsPostedTenMinutesBeforeAMeeting) {
  Env env;
  // 09:19:30 on Friday, Jan 2: the daily standup starts at 09:30.
  env.apply_patch({{{"op", "replace"}, {"path", "/os/time_ms"}, {"value", 1767345570000LL}},
                   {{"op", "add"}, {"path", "/os/permissions/meet"}, {"value", {{"POST_NOTIFICATIONS", "granted"}}}}});
  const json before = env.state();
  act(env, R"({"type":"wait","seconds":20})");  // 09:19:50: not yet
  EXPECT_EQ(env.state()["os"]["notifications"], before["os"]["notifications"]);
  act(env, R"({"type":"wait","seconds":20})");  // 09:20:10
  const json ns = env.state()["os"]["notifications"];
  ASSERT_EQ(ns.size(), before["os"]["notifications"].size() + 1);
  EXPECT_EQ(ns.back()["title"], "Project Atlas standup");
  EXPECT_EQ(ns.back()["text"], "Starts in 10 minutes \xC2\xB7 Meeting ID 419 798 550");
  env.phone().start_intent(ns.back()["intent"]);  // tapping it opens the meeting
  EXPECT_EQ(env.phone().current_page(), "meeting");
  EXPECT_EQ(text_of(env, "meet.meeting.title"), "Project Atlas standup");
  act(env, R"({"type":"wait","seconds":20})");  // once only
  EXPECT_EQ(env.state()["os"]["notifications"].size(), ns.size());
}

TEST(Meet, InviteContactsWhenScheduling) {
  Env env;
  const json before = open_app(env, "meet");
  press(env, "meet.home.schedule");
  set_field(env, "meet.form.title", "Lisbon photo night");
  set_field(env, "meet.form.date", "2026-01-23");
  set_field(env, "meet.form.time", "19:00");
  scroll_to(env, "meet.form.invitees");
  EXPECT_EQ(text_of(env, "meet.form.invitees"), "Add");
  press(env, "meet.form.invitees");
  EXPECT_EQ(env.phone().current_page(), "invitees");
  EXPECT_EQ(text_of(env, "meet.invite.count"), "0 selected");
  enter_text(env, "meet.invite.search", "gom");  // accents folded: Alejandro Gómez
  EXPECT_TRUE(on_screen(env, "meet.invite.4"));
  EXPECT_FALSE(on_screen(env, "meet.invite.1"));
  press(env, "meet.invite.4");
  enter_text(env, "meet.invite.search", "priya", true);
  press(env, "meet.invite.34");
  press(env, "meet.invite.34");  // unchecked again
  press(env, "meet.invite.34");
  EXPECT_TRUE(find_node(env, "meet.invite.34")["checked"].get<bool>());
  EXPECT_EQ(text_of(env, "meet.invite.count"), "2 selected");
  press(env, "meet.invite.done");
  EXPECT_EQ(env.phone().current_page(), "schedule");
  scroll_to(env, "meet.form.invitee_list");
  EXPECT_EQ(text_of(env, "meet.form.invitee_list"), "Alejandro Gómez, Priya Sharma");
  press(env, "meet.form.save");
  const std::string id = env.phone().page_state()["meeting"];
  EXPECT_EQ(folded(before, env.state()), (Paths{"/apps/meet/meetings/" + id, "/apps/meet/form", "/apps/meet/next_id"}));
  EXPECT_EQ(meet(env)["meetings"][id]["invitees"], (json{"Alejandro Gómez", "Priya Sharma"}));
  scroll_to(env, "meet.meeting.invitee.priya_sharma");
}

TEST(Meet, AMeetingInProgressCanBeJoinedFromTheList) {
  Env env;
  env.apply_patch({{{"op", "add"}, {"path", "/apps/meet/meetings/777123456"},
                    {"value", {{"title", "Morning check-in"}, {"host", "Priya Sharma"}, {"date", "2026-01-01"}, {"time", "07:45"},
                               {"duration_min", 30}, {"repeat", "none"}, {"passcode", "246802"}, {"waiting_room", false},
                               {"mute_on_entry", false}, {"invitees", {"Maya Patel"}}, {"agenda", ""}}}}});
  const json before = open_app(env, "meet");
  const json row = find_node(env, "meet.upcoming.777123456");
  ASSERT_FALSE(row.is_null());
  EXPECT_EQ(text_of(env, "meet.upcoming.777123456.join"), "Join");
  act(env, R"({"type":"wait","seconds":60})");  // 08:01: still on until 08:15
  press(env, "meet.upcoming.777123456.join");
  EXPECT_EQ(env.phone().current_page(), "call");
  EXPECT_EQ(meet(env)["call"]["meeting"], "777123456");
  EXPECT_TRUE(on_screen(env, "meet.call.tile.priya_sharma"));
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/meet/call"}));
}

TEST(Meet, ABigMeetingShowsSixTilesAndTheRestAsMore) {
  Env env;
  open_app(env, "meet");
  open_meeting(env, "384311675");  // Brightline Labs all-hands: Hannah Müller hosts, 5 invitees
  press(env, "meet.meeting.start");  // Join from the details: the invitation carries the passcode
  EXPECT_EQ(env.phone().current_page(), "call");
  EXPECT_TRUE(on_screen(env, "meet.call.tile.me"));
  EXPECT_TRUE(on_screen(env, "meet.call.tile.hannah_muller"));
  EXPECT_EQ(text_of(env, "meet.call.tile.hannah_muller"), "Hannah Müller (host)");
  EXPECT_EQ(text_of(env, "meet.call.more"), "+2 more");
  EXPECT_EQ(text_of(env, "meet.call.participants"), "People (7)");
  press(env, "meet.call.more");
  EXPECT_EQ(env.phone().current_page(), "participants");
  scroll_to(env, "meet.people.yusuf_demir");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}
