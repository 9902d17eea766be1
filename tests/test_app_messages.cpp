// Messages through actions, as a user drives it: send to a new number, reply in a thread, delete
// a thread (long-press, delete, confirm), search, attach a Gallery photo, share intents (SEND
// text/image, SENDTO sms:) and the incoming message whose notification opens its thread. Each
// flow checks exactly which state paths it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

#include <algorithm>

using namespace pg::testing;

namespace {

/// A fresh phone where Messages may post notifications (asked and allowed earlier).
void grant(Env& env) {
  env.apply_patch(json::parse(R"([{"op": "add", "path": "/os/permissions/messages", "value": {"POST_NOTIFICATIONS": "granted"}}])"));
}

const json& msgs(Env& env) { return env.phone().app_state("messages"); }

/// Answers an intent chooser with Messages if one is showing (other apps may share too).
void choose_messages(Env& env) {
  const json d = env.state()["os"]["dialog"];
  if (d.is_object() && d.value("kind", "") == "chooser") press(env, "dialog.button.messages");
}

/// Waits `seconds` of virtual time in steps of at most a minute (the wait action's limit).
void wait(Env& env, int seconds) {
  for (; seconds > 0; seconds -= 60) act(env, R"({"type":"wait","seconds":)" + std::to_string(std::min(seconds, 60)) + "}");
}

int top_of(Env& env, const std::string& id) { return find_node(env, id)["bounds"][1].get<int>(); }

}  // namespace

TEST(Messages, ConversationListIsNewestFirstWithSnippetTimeAndUnread) {
  Env env;
  open_app(env, "messages");
  const json first = find_node(env, "messages.thread.t08");
  ASSERT_FALSE(first.is_null());
  EXPECT_EQ(first["text"], "Julia Nowak");
  EXPECT_NE(first["desc"].get<std::string>().find("Countdown is starting"), std::string::npos);
  EXPECT_NE(first["desc"].get<std::string>().find("Dec 31, unread"), std::string::npos);
  EXPECT_LT(top_of(env, "messages.thread.t08"), top_of(env, "messages.thread.t02"));
  EXPECT_LT(top_of(env, "messages.thread.t02"), top_of(env, "messages.thread.t03"));
  EXPECT_NE(find_node(env, "messages.thread.t01")["desc"].get<std::string>().find("You: Happy almost new year"), std::string::npos);
}

TEST(Messages, SendANewMessageToANewNumber) {
  Env env;
  grant(env);
  const json before = open_app(env, "messages");
  press(env, "messages.fab");
  EXPECT_EQ(env.phone().current_page(), "new_conversation");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "messages.to");
  type_text(env, "+1 555 0177");
  press(env, "messages.to.number");
  EXPECT_EQ(env.phone().current_page(), "thread");
  EXPECT_EQ(find_node(env, "messages.thread.title")["text"], "+1 555 0177");
  press(env, "messages.compose");
  type_text(env, "Hi, it's Sam from the climbing gym");
  press(env, "messages.send");
  const json after = env.state();
  EXPECT_EQ(changed_paths(before, after), (Paths{"/apps/messages/next_thread", "/apps/messages/thread", "/apps/messages/threads/t16",
                                                 "/apps/messages/to"}));
  const json& t = msgs(env)["threads"]["t16"];
  EXPECT_EQ(t["number"], "+1 555 0177");
  ASSERT_EQ(t["messages"].size(), 1u);
  EXPECT_EQ(t["messages"][0]["text"], "Hi, it's Sam from the climbing gym");
  EXPECT_EQ(t["messages"][0]["from"], "me");
  EXPECT_EQ(msgs(env)["draft"], "");
  EXPECT_EQ(find_node(env, "messages.message.1")["text"], "Hi, it's Sam from the climbing gym");
  act(env, R"({"type":"back"})");  // keyboard
  act(env, R"({"type":"back"})");  // thread -> new conversation
  act(env, R"({"type":"back"})");  // -> list
  ASSERT_TRUE(on_screen(env, "messages.thread.t16"));
  EXPECT_LT(top_of(env, "messages.thread.t16"), top_of(env, "messages.thread.t08"));  // newest on top
}

TEST(Messages, PickingAContactByNameOpensTheirThread) {
  Env env;
  open_app(env, "messages");
  press(env, "messages.fab");
  type_text(env, "aali");
  EXPECT_TRUE(on_screen(env, "messages.contact.t02"));
  EXPECT_FALSE(on_screen(env, "messages.contact.t03"));
  EXPECT_FALSE(on_screen(env, "messages.to.number"));  // a name, not a number
  press(env, "messages.contact.t02");
  EXPECT_EQ(msgs(env)["thread"], "t02");
  EXPECT_EQ(find_node(env, "messages.thread.title")["text"], "Aaliyah Johnson");
  EXPECT_TRUE(on_screen(env, "messages.message.3"));
}

TEST(Messages, ANewConversationReadsContacts) {
  Env env;
  grant(env);
  const json before = open_app(env, "messages");
  press(env, "messages.fab");
  type_text(env, "adebayo");
  // His mobile number has a conversation (t03); his work number, from Contacts, has none yet.
  EXPECT_TRUE(on_screen(env, "messages.contact.t03"));
  EXPECT_FALSE(on_screen(env, "messages.person.2.15550102"));
  ASSERT_TRUE(on_screen(env, "messages.person.2.15550150"));
  EXPECT_EQ(find_node(env, "messages.person.2.15550150")["desc"], "Work +1 555 0150");
  press(env, "messages.person.2.15550150");
  EXPECT_EQ(env.phone().current_page(), "thread");
  EXPECT_EQ(find_node(env, "messages.thread.title")["text"], "Adebayo Okafor");
  press(env, "messages.compose");
  type_text(env, "Are you at the depot today?");
  press(env, "messages.send");
  const json& t = msgs(env)["threads"]["t16"];
  EXPECT_EQ(t["name"], "Adebayo Okafor");
  EXPECT_EQ(t["number"], "+1 555 0150");
  EXPECT_EQ(t["messages"][0]["text"], "Are you at the depot today?");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/messages/next_thread", "/apps/messages/thread",
                                                       "/apps/messages/threads/t16", "/apps/messages/to",
                                                       "/apps/messages/to_name"}));
  // Found by number too, and a contact never messaged appears only under Contacts.
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "messages.fab");
  type_text(env, "0150");
  EXPECT_FALSE(on_screen(env, "messages.person.2.15550150"));  // now it has a conversation...
  EXPECT_TRUE(on_screen(env, "messages.contact.t16"));          // ...listed under its name
}

TEST(Messages, ReplyInAThread) {
  Env env;
  grant(env);
  const json before = open_app(env, "messages");
  press(env, "messages.thread.t02");
  press(env, "messages.compose");
  type_text(env, "Can't wait, I'll book the table");
  press(env, "messages.send");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/messages/thread", "/apps/messages/threads/t02"}));
  const json& m = msgs(env)["threads"]["t02"]["messages"];
  ASSERT_EQ(m.size(), 4u);  // the world's three, then the reply
  EXPECT_EQ(m[3]["id"], 4);
  EXPECT_EQ(m[3]["from"], "me");
  EXPECT_EQ(m[3]["text"], "Can't wait, I'll book the table");
  EXPECT_EQ(find_node(env, "messages.message.4")["text"], "Can't wait, I'll book the table");
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  EXPECT_LT(top_of(env, "messages.thread.t02"), top_of(env, "messages.thread.t08"));
  EXPECT_NE(find_node(env, "messages.thread.t02")["desc"].get<std::string>().find("You: Can't wait"), std::string::npos);
}

TEST(Messages, OpeningAnUnreadThreadMarksItRead) {
  Env env;
  const json before = open_app(env, "messages");
  press(env, "messages.thread.t04");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/messages/thread", "/apps/messages/threads/t04"}));
  EXPECT_EQ(msgs(env)["threads"]["t04"], (json{{"read_ms", before["os"]["time_ms"]}}));
  act(env, R"({"type":"back"})");
  EXPECT_EQ(find_node(env, "messages.thread.t04")["desc"].get<std::string>().find("unread"), std::string::npos);
}

TEST(Messages, DeleteAThreadWithLongPressAndConfirm) {
  Env env;
  const json before = open_app(env, "messages");
  press(env, "messages.thread.t07", "long_press");
  EXPECT_TRUE(on_screen(env, "messages.selection.count"));
  EXPECT_TRUE(find_node(env, "messages.thread.t07")["selected"].get<bool>());
  press(env, "messages.delete");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete 1 conversation?");
  press(env, "dialog.button.cancel");  // cancel keeps it
  EXPECT_TRUE(on_screen(env, "messages.thread.t07"));
  press(env, "messages.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/messages/threads/t07"}));
  EXPECT_TRUE(msgs(env)["threads"]["t07"].is_null());
  EXPECT_FALSE(on_screen(env, "messages.thread.t07"));
  EXPECT_FALSE(on_screen(env, "messages.selection.count"));
  EXPECT_TRUE(on_screen(env, "messages.title"));
}

TEST(Messages, SearchFiltersThreadsByNameAndMessageText) {
  Env env;
  const json before = open_app(env, "messages");
  press(env, "messages.search");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "messages.search.field");
  type_text(env, "zoo");
  EXPECT_TRUE(on_screen(env, "messages.search.result.t12"));
  EXPECT_FALSE(on_screen(env, "messages.search.result.t02"));
  EXPECT_NE(find_node(env, "messages.search.result.t12")["desc"].get<std::string>().find("zoo on Saturday"), std::string::npos);
  press(env, "messages.search.result.t12");
  EXPECT_EQ(env.phone().current_page(), "thread");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/messages/query", "/apps/messages/thread"}));
  EXPECT_EQ(msgs(env)["thread"], "t12");
  // By name, and nothing for text no message has.
  act(env, R"({"type":"back"})");
  press(env, "messages.search.field");
  type_text(env, "Nowak", true);
  EXPECT_TRUE(on_screen(env, "messages.search.result.t08"));
  EXPECT_FALSE(on_screen(env, "messages.search.result.t12"));
  type_text(env, "xylophone", true);
  EXPECT_TRUE(on_screen(env, "messages.search.empty"));
}

TEST(Messages, AttachAPhotoFromGallery) {
  Env env;
  grant(env);
  const json before = open_app(env, "messages");
  press(env, "messages.thread.t02");
  press(env, "messages.attach");
  EXPECT_EQ(env.phone().current_page(), "photo_picker");
  // Gallery's photos, newest first, three a row: the New Year's fireworks first, Snowy Tahoe
  // (the fourth newest) on the second row.
  EXPECT_LT(top_of(env, "messages.picker.photo.IMG_20251231_235930"),
            top_of(env, "messages.picker.photo.IMG_20251225_091240"));
  press(env, "messages.picker.photo.IMG_20251231_235930");
  EXPECT_EQ(env.phone().current_page(), "thread");
  EXPECT_EQ(find_node(env, "messages.attachment")["text"], "IMG_20251231_235930");
  press(env, "messages.send");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/messages/thread", "/apps/messages/threads/t02"}));
  const json& m = msgs(env)["threads"]["t02"]["messages"][3];
  EXPECT_EQ(m["photo"], "IMG_20251231_235930");
  EXPECT_EQ(m["text"], "");
  EXPECT_FALSE(on_screen(env, "messages.attachment"));
  EXPECT_NE(find_node(env, "messages.message.4")["desc"].get<std::string>().find("photo IMG_20251231_235930"), std::string::npos);
}

TEST(Messages, PickerShowsPhotosTheCameraAddedAndHidesDeletedOnes) {
  Env env;
  env.apply_patch(json::parse(R"([
    {"op": "add", "path": "/apps/gallery/photos/IMG_20251231_235930", "value": null},
    {"op": "add", "path": "/apps/gallery/photos/IMG_20260101_075900", "value": {
      "album": "Camera", "taken_ms": 1767254340000, "title": "", "place": "", "favorite": false,
      "scene": {"kind": "city", "palette": 1, "seed": 3}}}])"));
  open_app(env, "messages");
  press(env, "messages.thread.t02");
  press(env, "messages.attach");
  EXPECT_TRUE(on_screen(env, "messages.picker.photo.IMG_20260101_075900"));
  EXPECT_FALSE(on_screen(env, "messages.picker.photo.IMG_20251231_235930"));
}

TEST(Messages, FirstSendAsksForTheNotificationPermission) {
  Env env;
  open_app(env, "messages");
  press(env, "messages.thread.t03");
  press(env, "messages.compose");
  type_text(env, "Thanks!");
  press(env, "messages.send");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_EQ(env.state()["os"]["dialog"]["kind"], "permission");
  press(env, "dialog.button.allow");
  EXPECT_EQ(env.phone().permission("messages", "POST_NOTIFICATIONS"), "granted");
  EXPECT_EQ(msgs(env)["threads"]["t03"]["messages"].size(), 4u);
}

TEST(Messages, TapTheNotificationOfAnIncomingMessageToOpenItsThread) {
  Env env;
  grant(env);
  // Mom writes at 08:05 (world data): wait five virtual minutes from 08:00.
  wait(env, 240);
  EXPECT_TRUE(env.state()["os"]["notifications"].empty());
  wait(env, 60);
  const json list = env.state()["os"]["notifications"];
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["app"], "messages");
  EXPECT_EQ(list[0]["title"], "Mom");
  EXPECT_EQ(list[0]["text"], "Happy New Year sweetie! Call me when you're up");
  wait(env, 600);
  EXPECT_EQ(env.state()["os"]["notifications"].size(), 1u);  // it arrives once
  const json before = env.state();
  act(env, R"({"type":"swipe","x1":500,"y1":10,"x2":500,"y2":600})");
  press(env, "shade.notification." + std::to_string(list[0]["id"].get<int>()));
  EXPECT_EQ(env.state()["os"]["foreground"], "messages");
  EXPECT_EQ(env.phone().current_page(), "thread");
  EXPECT_EQ(find_node(env, "messages.thread.title")["text"], "Mom");
  EXPECT_EQ(find_node(env, "messages.message.5")["text"], "Happy New Year sweetie! Call me when you're up");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/os/notifications/0", "/apps/messages/thread", "/apps/messages/threads/t01"}));  // read now
  act(env, R"({"type":"back"})");
  EXPECT_LT(top_of(env, "messages.thread.t01"), top_of(env, "messages.thread.t08"));
}

TEST(Messages, IncomingMessageArrivesWithoutNotificationWhenNotAllowed) {
  Env env;  // never asked: nothing is posted, but the message is there
  wait(env, 400);
  EXPECT_TRUE(env.state()["os"]["notifications"].empty());
  open_app(env, "messages");
  EXPECT_NE(find_node(env, "messages.thread.t01")["desc"].get<std::string>().find("Happy New Year sweetie"), std::string::npos);
  EXPECT_NE(find_node(env, "messages.thread.t01")["desc"].get<std::string>().find("unread"), std::string::npos);
}

TEST(Messages, SendIntentWithTextStartsANewConversation) {
  Env env;
  grant(env);
  env.phone().start_intent({{"action", "android.intent.action.SEND"}, {"type", "text/plain"}, {"extras", {{"text", "Meet at 7?"}}}});
  choose_messages(env);
  EXPECT_EQ(env.state()["os"]["foreground"], "messages");
  EXPECT_EQ(env.phone().current_page(), "new_conversation");
  EXPECT_NE(find_node(env, "messages.new.sharing")["text"].get<std::string>().find("Meet at 7?"), std::string::npos);
  type_text(env, "Daniel");
  press(env, "messages.contact.t05");
  EXPECT_EQ(find_node(env, "messages.compose")["text"], "Meet at 7?");
  press(env, "messages.send");
  EXPECT_EQ(msgs(env)["threads"]["t05"]["messages"].back()["text"], "Meet at 7?");
}

TEST(Messages, SendIntentWithAnImageAttachesThePhoto) {
  Env env;
  grant(env);
  env.phone().start_intent({{"action", "android.intent.action.SEND"}, {"type", "image/jpeg"}, {"extras", {{"photo", "IMG_20251115_071500"}}}});
  choose_messages(env);
  EXPECT_EQ(env.phone().current_page(), "new_conversation");
  type_text(env, "Mom");
  press(env, "messages.contact.t01");
  EXPECT_EQ(find_node(env, "messages.attachment")["text"], "IMG_20251115_071500");
  press(env, "messages.send");
  EXPECT_EQ(msgs(env)["threads"]["t01"]["messages"].back()["photo"], "IMG_20251115_071500");
  // The scheduled 08:05 message of the world thread is kept in the overlay's copy.
  EXPECT_EQ(msgs(env)["threads"]["t01"]["messages"].size(), 6u);
}

TEST(Messages, SendToSmsNumberOpensItsThreadOrANewOne) {
  Env env;
  env.phone().start_intent({{"action", "android.intent.action.SENDTO"}, {"data", "sms:+1 555 0101"}});
  EXPECT_EQ(env.state()["os"]["foreground"], "messages");
  EXPECT_EQ(env.phone().current_page(), "thread");
  EXPECT_EQ(msgs(env)["thread"], "t02");
  env.phone().start_intent({{"action", "android.intent.action.SENDTO"}, {"data", "smsto:+1 555 0188"}});
  EXPECT_EQ(env.state()["os"]["tasks"].back()["pages"].size(), 2u);  // from the list, not stacked
  EXPECT_EQ(msgs(env)["thread"], "");
  EXPECT_EQ(find_node(env, "messages.thread.title")["text"], "+1 555 0188");
}

TEST(Messages, TheStatesTheFlowsReachAreValid) {
  Env env;
  grant(env);
  open_app(env, "messages");
  press(env, "messages.thread.t02");
  press(env, "messages.attach");
  press(env, "messages.picker.photo.IMG_20251231_235930");
  press(env, "messages.send");
  press(env, "messages.thread.title.back");
  press(env, "messages.thread.t08", "long_press");
  press(env, "messages.delete");
  press(env, "dialog.button.delete");
  EXPECT_NO_THROW(pg::Phone::validate(env.state()));
  Env copy;
  copy.set_state(env.state());
  EXPECT_EQ(copy.ui_tree(), env.ui_tree());
}
