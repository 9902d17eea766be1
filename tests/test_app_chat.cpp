// Chat through actions, as a user drives it: the chat list (pinned first, unread badges, muted),
// opening a chat (read flags), sending text, quote-reply, forward, recall within 2 minutes (and
// not after), delete, a Gallery photo, a location, a contact card from Contacts, groups (create,
// rename, add and remove members, notice, mute), pin through the long-press menu, clear history,
// friend requests, tags, Moments (like and comment), search, the transfer page up to Wallet's PAY
// intent and its payment_result, and SEND intents into Chat. Each flow checks exactly which state
// paths it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/ui.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <stdexcept>

using namespace pg::testing;

namespace {

const json& chat(Env& env) { return env.phone().app_state("chat"); }
std::string page(Env& env) { return env.phone().current_page(); }
int top_of(Env& env, const std::string& id) { return find_node(env, id)["bounds"][1].get<int>(); }
std::string desc_of(Env& env, const std::string& id) { return find_node(env, id).value("desc", ""); }
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// Waits `seconds` of virtual time in steps of at most a minute (the wait action's limit).
void wait(Env& env, int seconds) {
  for (; seconds > 0; seconds -= 60) act(env, R"({"type":"wait","seconds":)" + std::to_string(std::min(seconds, 60)) + "}");
}

/// Answers an intent chooser with Chat if one is showing (Messages shares too).
void choose_chat(Env& env) {
  const json d = env.state()["os"]["dialog"];
  if (d.is_object() && d.value("kind", "") == "chooser") press(env, "dialog.button.chat");
}

/// The paths of a diff without Wallet's own (the real Wallet or the stub below keeps its state).
Paths without_wallet(const Paths& paths) {
  Paths out;
  for (const std::string& p : paths)
    if (p.rfind("/apps/wallet", 0) != 0) out.insert(p);
  return out;
}

/// A stand-in for Wallet when the build has none: its confirm page records the PAY intent it got.
class WalletStub : public pg::App {
 public:
  WalletStub() {
    add_page("confirm", [](pg::Ui& ui, pg::Phone& p) {
      ui.top_bar("wallet.title", "Confirm payment", true);
      const json ex = pg::own_state(p, "wallet").value("intent", json::object()).value("extras", json::object());
      ui.label_at("wallet.payee", 16, 120, ex.value("payee", ""), pg::Font::BodyLarge, pg::color::kOnSurface);
    });
  }
  void on_intent(pg::Phone& p, const json& intent) override { pg::own_state(p, "wallet")["intent"] = intent; }
};

/// Installs the stub unless a real Wallet is installed.
void install_wallet() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (pg::AppRegistry::instance().find("wallet")) return;
    pg::register_app(std::make_unique<WalletStub>(), "wallet", json::parse(R"({
        "id": "wallet", "name": "Wallet", "package": "org.phonegym.wallet.stub", "version": "1.0",
        "icon": "account_balance_wallet", "color": "#1A73E8", "order": 90, "icons": [], "intent_filters": [], "permissions": []})"),
                     json::parse(R"({"entry": "confirm", "pages": {"confirm": {"title": "Confirm", "transitions": {},
                                   "example": [{"type": "open_app", "app": "wallet"}]}}})"),
                     json::parse(R"({"intent": {}})"));
  });
}
bool wallet_is_stub() {
  return pg::AppRegistry::instance().find("wallet")->manifest().value("package", "") == "org.phonegym.wallet.stub";
}

}  // namespace

TEST(Chat, TheListShowsPinnedChatsFirstWithUnreadBadgesAndMutedChats) {
  Env env;
  open_app(env, "chat");
  EXPECT_EQ(page(env), "chats");
  // Pinned: Mom and the Family group, then the newest activity first.
  EXPECT_LT(top_of(env, "chat.row.f30"), top_of(env, "chat.row.g1"));
  EXPECT_LT(top_of(env, "chat.row.g1"), top_of(env, "chat.row.f40"));
  EXPECT_LT(top_of(env, "chat.row.f40"), top_of(env, "chat.row.f23"));
  EXPECT_TRUE(find_node(env, "chat.row.f30")["selected"].get<bool>());
  EXPECT_TRUE(contains(desc_of(env, "chat.row.f30"), "pinned"));
  EXPECT_EQ(find_node(env, "chat.row.f23")["text"], "Julia Nowak");
  EXPECT_TRUE(contains(desc_of(env, "chat.row.f23"), "I already asked Fatima and Nadia, 07:31, 2 unread"));
  // A group shows who wrote; a muted group its unread count in the snippet and no badge.
  EXPECT_TRUE(contains(desc_of(env, "chat.row.g2"), "Zoe Nguyen: Me too, I'll bring the new chalk bags"));
  EXPECT_TRUE(contains(desc_of(env, "chat.row.g3"), "[3] Hannah M\xC3\xBCller: Frohes neues Jahr!"));
  EXPECT_TRUE(contains(desc_of(env, "chat.row.g3"), "muted"));
  // Sent messages read "You: ...".
  EXPECT_TRUE(contains(desc_of(env, "chat.row.f30"), "Happy New Year sweetie"));
  scroll_to(env, "chat.row.f21");
  EXPECT_TRUE(contains(desc_of(env, "chat.row.f21"), "You: See you there"));
  // The Chats tab counts unread messages of chats that are not muted (2 + 1 + 1 + 4).
  EXPECT_TRUE(find_node(env, "chat.tab.chats")["selected"].get<bool>());
  EXPECT_TRUE(env.lint().empty()) << env.lint()[0];
}

TEST(Chat, OpeningAnUnreadChatMarksItRead) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.row.f23");
  EXPECT_EQ(page(env), "thread");
  EXPECT_EQ(find_node(env, "chat.thread.title")["text"], "Julia Nowak");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/open_chat", "/apps/chat/chats/f23"}));
  EXPECT_EQ(chat(env)["chats"]["f23"], (json{{"read_ms", before["os"]["time_ms"]}}));
  // The newest messages are in view (the thread opens at its end), the location card too.
  EXPECT_EQ(find_node(env, "chat.msg.313")["text"], "I already asked Fatima and Nadia");
  EXPECT_TRUE(on_screen(env, "chat.msg.312"));
  act(env, R"({"type":"back"})");
  EXPECT_FALSE(contains(desc_of(env, "chat.row.f23"), "unread"));
  // Opening a chat that is read changes nothing but the open chat.
  const json again = env.state();
  press(env, "chat.row.f1");
  EXPECT_EQ(changed_paths(again, env.state()), (Paths{"/apps/chat/open_chat"}));
}

TEST(Chat, SendATextMessage) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.row.f1");
  press(env, "chat.compose");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "chat.compose");
  EXPECT_FALSE(find_node(env, "chat.send")["enabled"].get<bool>());
  type_text(env, "Brunch on Sunday?");
  EXPECT_TRUE(find_node(env, "chat.send")["enabled"].get<bool>());
  press(env, "chat.send");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/chat/open_chat", "/apps/chat/messages/1001", "/apps/chat/next_message"}));
  const json& m = chat(env)["messages"]["1001"];
  EXPECT_EQ(m["chat"], "f1");
  EXPECT_EQ(m["from"], "me");
  EXPECT_EQ(m["kind"], "text");
  EXPECT_EQ(m["text"], "Brunch on Sunday?");
  EXPECT_GT(m["time_ms"].get<std::int64_t>(), before["os"]["time_ms"].get<std::int64_t>());  // sent now
  EXPECT_LE(m["time_ms"].get<std::int64_t>(), env.state()["os"]["time_ms"].get<std::int64_t>());
  EXPECT_EQ(chat(env)["draft"], "");
  // On screen above the keyboard, the newest message.
  EXPECT_EQ(find_node(env, "chat.msg.1001")["text"], "Brunch on Sunday?");
  EXPECT_TRUE(contains(desc_of(env, "chat.msg.1001"), "You, "));
  act(env, R"({"type":"back"})");  // keyboard
  act(env, R"({"type":"back"})");  // -> list
  EXPECT_TRUE(contains(desc_of(env, "chat.row.f1"), "You: Brunch on Sunday?"));
  EXPECT_LT(top_of(env, "chat.row.f1"), top_of(env, "chat.row.f40"));  // newest activity after the pinned ones
}

TEST(Chat, QuoteReplyCarriesTheQuotedMessage) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.row.f1");
  press(env, "chat.msg.303", "long_press");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_EQ(env.state()["os"]["dialog"]["kind"], "choice");
  EXPECT_FALSE(on_screen(env, "dialog.button.recall"));  // not mine
  press(env, "dialog.button.quote");
  EXPECT_EQ(chat(env)["quote"], 303);
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "chat.compose");
  EXPECT_EQ(find_node(env, "chat.quote")["text"], "Aaliyah Johnson: Happy New Year!! What a show");
  type_text(env, "It really was!");
  press(env, "chat.send");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/chat/open_chat", "/apps/chat/messages/1001", "/apps/chat/next_message"}));
  const json& m = chat(env)["messages"]["1001"];
  EXPECT_EQ(m["text"], "It really was!");
  EXPECT_EQ(m["quote"], 303);
  EXPECT_EQ(m["quote_text"], "Aaliyah Johnson: Happy New Year!! What a show");
  EXPECT_EQ(chat(env)["quote"], 0);
  EXPECT_FALSE(on_screen(env, "chat.quote"));
  EXPECT_TRUE(contains(desc_of(env, "chat.msg.1001"), "quoting Aaliyah Johnson: Happy New Year!!"));
}

TEST(Chat, ForwardAMessageToAnotherChat) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.row.f1");
  press(env, "chat.msg.284", "long_press");
  press(env, "dialog.button.forward");
  EXPECT_EQ(page(env), "forward");
  EXPECT_EQ(find_node(env, "chat.forward.preview")["text"], "Count me in! I'll bring sparklers");
  press(env, "chat.forward.row.f40");
  EXPECT_EQ(page(env), "thread");  // back in Aaliyah's chat
  EXPECT_EQ(chat(env)["open_chat"], "f1");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/chat/open_chat", "/apps/chat/messages/1001", "/apps/chat/next_message"}));
  const json& m = chat(env)["messages"]["1001"];
  EXPECT_EQ(m["chat"], "f40");
  EXPECT_EQ(m["text"], "Count me in! I'll bring sparklers");
  EXPECT_EQ(m["forwarded"], true);
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Forwarded");
  act(env, R"({"type":"back"})");
  press(env, "chat.row.f40");
  EXPECT_TRUE(contains(desc_of(env, "chat.msg.1001"), "forwarded"));
}

TEST(Chat, RecallWorksForTwoMinutesOnly) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.row.f1");
  press(env, "chat.compose");
  type_text(env, "Oops, wrong chat");
  press(env, "chat.send");
  press(env, "chat.msg.1001", "long_press");
  ASSERT_TRUE(on_screen(env, "dialog.button.recall"));
  press(env, "dialog.button.recall");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/chat/open_chat", "/apps/chat/messages/1001", "/apps/chat/next_message"}));
  EXPECT_EQ(chat(env)["messages"]["1001"]["recalled"], true);
  EXPECT_EQ(chat(env)["messages"]["1001"]["text"], "");
  EXPECT_EQ(find_node(env, "chat.msg.1001")["text"], "You recalled a message");
  // After two minutes the option is gone.
  press(env, "chat.compose");
  type_text(env, "See you at 10");
  press(env, "chat.send");
  wait(env, 121);
  press(env, "chat.msg.1002", "long_press");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_FALSE(on_screen(env, "dialog.button.recall"));
  EXPECT_TRUE(on_screen(env, "dialog.button.delete"));
  press(env, "dialog.button.cancel");
  EXPECT_FALSE(chat(env)["messages"]["1002"].contains("recalled"));
}

TEST(Chat, DeleteAMessage) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.row.f1");
  ASSERT_TRUE(on_screen(env, "chat.msg.284"));
  press(env, "chat.msg.284", "long_press");
  press(env, "dialog.button.delete");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/open_chat", "/apps/chat/messages/284"}));
  EXPECT_TRUE(chat(env)["messages"]["284"].is_null());
  EXPECT_FALSE(on_screen(env, "chat.msg.284"));
  EXPECT_TRUE(on_screen(env, "chat.msg.303"));
}

TEST(Chat, SendAPhotoFromGallery) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.row.f1");
  press(env, "chat.attach");
  EXPECT_TRUE(chat(env)["panel"].get<bool>());
  EXPECT_TRUE(on_screen(env, "chat.attach.transfer"));  // a 1:1 chat offers transfers
  press(env, "chat.attach.photo");
  EXPECT_EQ(page(env), "photo_picker");
  // Gallery's photos, newest first.
  EXPECT_LT(top_of(env, "chat.picker.photo.IMG_20251231_235930"), top_of(env, "chat.picker.photo.IMG_20251225_091240"));
  press(env, "chat.picker.photo.IMG_20251225_091240");
  EXPECT_EQ(page(env), "thread");
  EXPECT_EQ(find_node(env, "chat.attachment")["text"], "IMG_20251225_091240");
  press(env, "chat.send");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/chat/open_chat", "/apps/chat/messages/1001", "/apps/chat/next_message"}));
  const json& m = chat(env)["messages"]["1001"];
  EXPECT_EQ(m["kind"], "photo");
  EXPECT_EQ(m["photo"], "IMG_20251225_091240");
  EXPECT_EQ(m["scene"]["kind"], "mountains");
  EXPECT_FALSE(on_screen(env, "chat.attachment"));
  EXPECT_TRUE(contains(desc_of(env, "chat.msg.1001"), "photo IMG_20251225_091240"));
}

TEST(Chat, SendALocationAndAContactCard) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.row.f1");
  press(env, "chat.attach");
  press(env, "chat.attach.location");
  EXPECT_EQ(page(env), "location_picker");
  press(env, "chat.place.tartine");
  EXPECT_EQ(page(env), "thread");
  const json& loc = chat(env)["messages"]["1001"];
  EXPECT_EQ(loc["kind"], "location");
  EXPECT_EQ(loc["place"], "Tartine Bakery");
  EXPECT_EQ(loc["address"], "600 Guerrero St, San Francisco, CA 94110");
  EXPECT_EQ(find_node(env, "chat.msg.1001")["text"], "Tartine Bakery");
  // A card of a Contacts person, found by name.
  press(env, "chat.attach");
  press(env, "chat.attach.card");
  EXPECT_EQ(page(env), "card_picker");
  press(env, "chat.card.search");
  type_text(env, "mendoza");
  EXPECT_TRUE(on_screen(env, "chat.card.8"));
  EXPECT_FALSE(on_screen(env, "chat.card.1"));
  press(env, "chat.card.8");
  EXPECT_EQ(page(env), "thread");
  const json& card = chat(env)["messages"]["1002"];
  EXPECT_EQ(card["kind"], "card");
  EXPECT_EQ(card["card_contact"], 8);
  EXPECT_EQ(card["card_name"], "Carlos Mendoza");
  EXPECT_EQ(card["card_phone"], "+1 555 0108");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/open_chat", "/apps/chat/messages/1001",
                                                       "/apps/chat/messages/1002", "/apps/chat/next_message"}));
}

TEST(Chat, CreateAGroupThenRenameItAndSetItsNotice) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.new_group");
  EXPECT_EQ(page(env), "new_group");
  EXPECT_FALSE(find_node(env, "chat.new_group.done")["enabled"].get<bool>());
  press(env, "chat.new_group.name");
  type_text(env, "Weekend Hikers");
  press(env, "chat.new_group.search");
  type_text(env, "jack");
  EXPECT_FALSE(on_screen(env, "chat.new_group.friend.f1"));
  press(env, "chat.new_group.friend.f21");
  EXPECT_EQ(chat(env)["picker_query"], "");  // picking clears the search
  press(env, "chat.new_group.search");
  type_text(env, "zoe");
  press(env, "chat.new_group.friend.f40");
  EXPECT_EQ(find_node(env, "chat.new_group.done")["text"], "Create (2)");
  press(env, "chat.new_group.done");
  EXPECT_EQ(page(env), "thread");
  EXPECT_EQ(find_node(env, "chat.thread.title")["text"], "Weekend Hikers (3)");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/chat/chats/g6", "/apps/chat/next_group", "/apps/chat/open_chat"}));
  const json& g = chat(env)["chats"]["g6"];
  EXPECT_EQ(g["kind"], "group");
  EXPECT_EQ(g["name"], "Weekend Hikers");
  EXPECT_EQ(g["members"], json::array({"f21", "f40"}));
  EXPECT_EQ(g["owner"], "me");
  // Back goes to the chat list, where the new group is listed.
  act(env, R"({"type":"back"})");
  EXPECT_EQ(page(env), "chats");
  EXPECT_TRUE(on_screen(env, "chat.row.g6"));
  // Rename it and give it a notice.
  press(env, "chat.row.g6");
  press(env, "chat.thread.info");
  EXPECT_EQ(page(env), "chat_info");
  const json named = env.state();
  press(env, "chat.info.name");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "chat.group_name.field");
  type_text(env, "Trail Crew", true);
  press(env, "chat.group_name.save");
  EXPECT_EQ(page(env), "chat_info");
  EXPECT_EQ(chat(env)["chats"]["g6"]["name"], "Trail Crew");
  press(env, "chat.info.notice");
  type_text(env, "Saturday 8am at the trailhead");
  press(env, "chat.notice.save");
  EXPECT_EQ(chat(env)["chats"]["g6"]["notice"], "Saturday 8am at the trailhead");
  EXPECT_EQ(changed_paths(named, env.state()),
            (Paths{"/apps/chat/chats/g6/name", "/apps/chat/chats/g6/notice", "/apps/chat/edit_text"}));
  act(env, R"({"type":"back"})");
  EXPECT_EQ(find_node(env, "chat.thread.title")["text"], "Trail Crew (3)");
  EXPECT_EQ(find_node(env, "chat.thread.notice")["text"], "Saturday 8am at the trailhead");
}

TEST(Chat, AddAndRemoveGroupMembers) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.row.g1");
  EXPECT_EQ(find_node(env, "chat.thread.title")["text"], "Family (4)");
  press(env, "chat.thread.info");
  EXPECT_TRUE(on_screen(env, "chat.info.member.f16"));
  press(env, "chat.info.add");
  EXPECT_EQ(page(env), "add_members");
  EXPECT_FALSE(on_screen(env, "chat.add.friend.f30"));  // already a member
  press(env, "chat.add.friend.f1");
  press(env, "chat.add.done");
  EXPECT_EQ(page(env), "chat_info");
  EXPECT_EQ(chat(env)["chats"]["g1"]["members"], json::array({"f30", "f16", "f26", "f1"}));
  press(env, "chat.info.remove");
  press(env, "chat.remove.friend.f26");
  press(env, "chat.remove.done");
  EXPECT_EQ(chat(env)["chats"]["g1"]["members"], json::array({"f30", "f16", "f1"}));
  EXPECT_FALSE(on_screen(env, "chat.info.member.f26"));
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/open_chat", "/apps/chat/chats/g1"}));
  EXPECT_EQ(find_node(env, "chat.info.title")["text"], "Group info (4)");
}

TEST(Chat, PinAndMuteAndClearHistory) {
  Env env;
  const json before = open_app(env, "chat");
  // Pin from the list's long-press menu.
  press(env, "chat.row.f1", "long_press");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Aaliyah Johnson");
  press(env, "dialog.button.pin");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/chats/f1"}));
  EXPECT_EQ(chat(env)["chats"]["f1"], (json{{"pinned", true}}));
  EXPECT_LT(top_of(env, "chat.row.f1"), top_of(env, "chat.row.f40"));  // with the pinned chats now
  EXPECT_TRUE(find_node(env, "chat.row.f1")["selected"].get<bool>());
  // Mute in the chat's settings.
  press(env, "chat.row.f1");
  press(env, "chat.thread.info");
  press(env, "chat.info.mute");
  EXPECT_EQ(chat(env)["chats"]["f1"], (json{{"pinned", true}, {"muted", true}}));
  EXPECT_TRUE(find_node(env, "chat.info.mute")["checked"].get<bool>());
  // Clear the history (confirmed): the thread is empty, the chat stays.
  press(env, "chat.info.clear");
  press(env, "dialog.button.cancel");
  EXPECT_FALSE(chat(env)["chats"]["f1"].contains("cleared_ms"));
  press(env, "chat.info.clear");
  press(env, "dialog.button.clear");
  EXPECT_GT(chat(env)["chats"]["f1"]["cleared_ms"].get<std::int64_t>(), before["os"]["time_ms"].get<std::int64_t>());
  act(env, R"({"type":"back"})");
  EXPECT_TRUE(on_screen(env, "chat.thread.empty"));
  EXPECT_FALSE(on_screen(env, "chat.msg.303"));
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/chats/f1", "/apps/chat/open_chat"}));
  // Unpin again from the list: the overlay keeps only what differs from the world data.
  act(env, R"({"type":"back"})");
  press(env, "chat.row.f1", "long_press");
  press(env, "dialog.button.unpin");
  EXPECT_FALSE(chat(env)["chats"]["f1"].contains("pinned"));
}

TEST(Chat, AcceptAndDeclineFriendRequests) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.tab.contacts");
  EXPECT_EQ(page(env), "contacts");
  EXPECT_EQ(desc_of(env, "chat.contacts.requests"), "6 pending");
  press(env, "chat.contacts.requests");
  EXPECT_EQ(page(env), "requests");
  EXPECT_LT(top_of(env, "chat.request.r1"), top_of(env, "chat.request.r2"));  // newest first
  press(env, "chat.request.r1.accept");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/requests/r1", "/apps/chat/friends/f41"}));
  EXPECT_EQ(chat(env)["requests"]["r1"], (json{{"status", "accepted"}}));
  EXPECT_EQ(chat(env)["friends"]["f41"]["name"], "Sofia Bauer");
  EXPECT_EQ(find_node(env, "chat.request.r1.status")["text"], "Added");
  EXPECT_FALSE(on_screen(env, "chat.request.r1.accept"));
  const json accepted = env.state();
  press(env, "chat.request.r2.decline");
  EXPECT_EQ(changed_paths(accepted, env.state()), (Paths{"/apps/chat/requests/r2"}));
  EXPECT_EQ(chat(env)["requests"]["r2"], (json{{"status", "declined"}}));
  EXPECT_FALSE(chat(env)["friends"].contains("f42"));
  scroll_to(env, "chat.request.r7.status");  // answered earlier: a status, no buttons
  EXPECT_EQ(find_node(env, "chat.request.r7.status")["text"], "Declined");
  EXPECT_FALSE(on_screen(env, "chat.request.r7.accept"));
  // The new friend can be messaged: the first message creates the chat.
  act(env, R"({"type":"back"})");
  press(env, "chat.contacts.search");
  type_text(env, "sofia");
  press(env, "chat.search.friend.f41");
  EXPECT_EQ(page(env), "friend");
  press(env, "chat.friend.message");
  EXPECT_TRUE(on_screen(env, "chat.thread.empty"));
  press(env, "chat.compose");
  type_text(env, "Welcome to Chat!");
  press(env, "chat.send");
  EXPECT_EQ(chat(env)["chats"]["f41"]["kind"], "direct");
  EXPECT_EQ(chat(env)["chats"]["f41"]["members"], json::array({"f41"}));
  EXPECT_EQ(chat(env)["messages"]["1001"]["chat"], "f41");
}

TEST(Chat, TagAFriendAndSeeTheTag) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.tab.contacts");
  press(env, "chat.friend.f1");
  EXPECT_EQ(page(env), "friend");
  EXPECT_EQ(find_node(env, "chat.friend.name")["text"], "Aaliyah Johnson");
  EXPECT_TRUE(find_node(env, "chat.friend.tag.friends")["selected"].get<bool>());
  EXPECT_FALSE(find_node(env, "chat.friend.tag.close_friends")["selected"].get<bool>());
  press(env, "chat.friend.tag.close_friends");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/friend", "/apps/chat/friends/f1"}));
  EXPECT_EQ(chat(env)["friends"]["f1"], (json{{"tags", {"Friends", "Close friends"}}}));
  act(env, R"({"type":"back"})");
  EXPECT_EQ(find_node(env, "chat.contacts.tag.close_friends")["text"], "Close friends (1)");
  press(env, "chat.contacts.tag.close_friends");
  EXPECT_EQ(page(env), "tag");
  EXPECT_TRUE(on_screen(env, "chat.tag.friend.f1"));
  EXPECT_FALSE(on_screen(env, "chat.tag.friend.f7"));
}

TEST(Chat, LikeAndCommentOnAMoment) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.tab.moments");
  EXPECT_EQ(page(env), "moments");
  scroll_to(env, "chat.moment.p01.like");
  EXPECT_TRUE(contains(desc_of(env, "chat.moment.p01"), "Julia Nowak, Ocean Beach, San Francisco"));
  press(env, "chat.moment.p01.like");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/moments/p01"}));
  EXPECT_EQ(chat(env)["moments"]["p01"], (json{{"liked", true}}));
  EXPECT_TRUE(find_node(env, "chat.moment.p01.like")["checked"].get<bool>());
  EXPECT_TRUE(contains(desc_of(env, "chat.moment.p01"), "4 likes, 1 comments, liked by you"));
  press(env, "chat.moment.p01.comment");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "chat.moments.comment_field");
  type_text(env, "Happy New Year Julia!");
  press(env, "chat.moments.comment_send");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/moments/p01"}));
  const json& comments = chat(env)["moments"]["p01"]["comments"];
  ASSERT_EQ(comments.size(), 2u);  // the world's one, then mine
  EXPECT_EQ(comments[1]["from"], "me");
  EXPECT_EQ(comments[1]["text"], "Happy New Year Julia!");
  EXPECT_FALSE(on_screen(env, "chat.moments.comment_field"));
  EXPECT_TRUE(contains(desc_of(env, "chat.moment.p01"), "2 comments"));
  // Unlike again: the like leaves the overlay.
  press(env, "chat.moment.p01.like");
  EXPECT_FALSE(chat(env)["moments"]["p01"].contains("liked"));
}

TEST(Chat, AFriendsProfileListsTheirPosts) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.tab.contacts");
  scroll_to(env, "chat.friend.f23");
  press(env, "chat.friend.f23");
  EXPECT_EQ(desc_of(env, "chat.friend.moments"), "1 post");
  press(env, "chat.friend.moments");
  EXPECT_EQ(page(env), "posts");
  EXPECT_EQ(find_node(env, "chat.posts.title")["text"], "Julia Nowak's Moments");
  EXPECT_TRUE(on_screen(env, "chat.moment.p01"));
  EXPECT_FALSE(on_screen(env, "chat.moment.p02"));  // Priya's
  press(env, "chat.moment.p01.like");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/friend", "/apps/chat/moments/p01"}));
  EXPECT_TRUE(find_node(env, "chat.moment.p01.like")["checked"].get<bool>());
}

TEST(Chat, SearchFindsMessagesAndJumpsToThem) {
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.search");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "chat.search.field");
  type_text(env, "catan");
  EXPECT_TRUE(on_screen(env, "chat.search.message.185"));
  EXPECT_TRUE(on_screen(env, "chat.search.message.186"));
  EXPECT_TRUE(contains(desc_of(env, "chat.search.message.185"), "Can you bring Catan?"));
  press(env, "chat.search.message.185");
  EXPECT_EQ(page(env), "thread");
  EXPECT_EQ(chat(env)["open_chat"], "f32");
  EXPECT_TRUE(on_screen(env, "chat.msg.185"));
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/chat/open_chat", "/apps/chat/query"}));
  // Places and groups are found too; text nobody wrote finds nothing.
  act(env, R"({"type":"back"})");
  press(env, "chat.search.field");
  type_text(env, "City Lights", true);
  EXPECT_TRUE(on_screen(env, "chat.search.message.174"));
  type_text(env, "climbing crew", true);
  EXPECT_TRUE(on_screen(env, "chat.search.chat.g2"));
  type_text(env, "xylophone", true);
  EXPECT_TRUE(on_screen(env, "chat.search.empty"));
}

TEST(Chat, TransferOpensWalletAndThePaymentResultAddsTheTransfer) {
  install_wallet();
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.row.f1");
  press(env, "chat.attach");
  press(env, "chat.attach.transfer");
  EXPECT_EQ(page(env), "transfer");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "chat.transfer.amount");
  EXPECT_EQ(find_node(env, "chat.transfer.to")["text"], "Transfer to Aaliyah Johnson");
  press(env, "chat.transfer.submit");  // no amount yet
  EXPECT_TRUE(on_screen(env, "chat.transfer.error"));
  EXPECT_EQ(env.state()["os"]["foreground"], "chat");
  press(env, "chat.transfer.amount");
  type_text(env, "12.50");
  press(env, "chat.transfer.note");
  type_text(env, "Sparklers");
  EXPECT_EQ(find_node(env, "chat.transfer.submit")["text"], "Transfer $12.50");
  press(env, "chat.transfer.submit");
  // Wallet is open with the contract's PAY intent; Chat keeps the pending transfer.
  EXPECT_EQ(env.state()["os"]["foreground"], "wallet");
  EXPECT_EQ(chat(env)["pending_payment"],
            (json{{"ref", "chat:x15"}, {"chat", "f1"}, {"amount_cents", 1250}, {"note", "Sparklers"}}));
  if (wallet_is_stub()) {
    const json intent = env.state()["apps"]["wallet"]["intent"];
    EXPECT_EQ(intent["app"], "wallet");
    EXPECT_EQ(intent["action"], "org.phonegym.wallet.PAY");
    EXPECT_EQ(intent["extras"], (json{{"kind", "transfer"}, {"amount_cents", 1250}, {"payee", "Aaliyah Johnson"},
                                      {"note", "Sparklers"}, {"category", "transfer"}, {"from_app", "chat"},
                                      {"ref", "chat:x15"}}));
  }
  // An unknown ref is refused, naming it.
  pg::Phone& ph = env.phone();
  try {
    pg::call_app(ph, "chat", "payment_result", {{"ref", "chat:x99"}, {"status", "paid"}});
    ADD_FAILURE() << "an unknown ref was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_TRUE(contains(e.what(), "chat:x99"));
  }
  // Pay: with the real Wallet through its confirm page and PIN pad, which then reopens Chat and
  // calls payment_result; with the stub, as the contract says Wallet does.
  std::string txn = "tx-0042";
  if (wallet_is_stub()) {
    ph.finish_task("wallet");
    ph.open_app("chat");
    const json r = pg::call_app(ph, "chat", "payment_result",
                                {{"ref", "chat:x15"}, {"status", "paid"}, {"transaction_id", txn}, {"amount_cents", 1250}});
    EXPECT_EQ(r["message"], 1001);
  } else {
    press(env, "wallet.confirm.pay");
    for (const char* d : {"2", "4", "6", "8", "1", "0"}) press(env, std::string("wallet.pin.key.") + d);
    txn = "";
    const nlohmann::json src593 = env.state()["apps"]["wallet"]["transactions"];
    for (auto& [id, t] : src593.items())
      if (t.is_object() && t.value("ref", "") == "chat:x15") txn = id;
    ASSERT_FALSE(txn.empty()) << "Wallet recorded no transaction with ref chat:x15";
    EXPECT_EQ(env.state()["apps"]["wallet"]["transactions"][txn]["amount_cents"], 1250);
  }
  EXPECT_EQ(env.state()["os"]["foreground"], "chat");
  EXPECT_EQ(page(env), "thread");
  EXPECT_EQ(without_wallet(changed_paths(before, env.state())),
            (Paths{"/apps/chat/open_chat", "/apps/chat/messages/1001", "/apps/chat/next_message", "/apps/chat/next_transfer"}));
  const json& m = chat(env)["messages"]["1001"];
  EXPECT_EQ(m["kind"], "transfer");
  EXPECT_EQ(m["chat"], "f1");
  EXPECT_EQ(m["from"], "me");
  EXPECT_EQ(m["amount_cents"], 1250);
  EXPECT_EQ(m["note"], "Sparklers");
  EXPECT_EQ(m["ref"], "chat:x15");
  EXPECT_EQ(m["party"], "Aaliyah Johnson");
  EXPECT_EQ(m["transaction_id"], txn);
  EXPECT_EQ(chat(env)["pending_payment"]["ref"], "");
  EXPECT_EQ(find_node(env, "chat.msg.1001")["text"], "$12.50 Sparklers");
  EXPECT_TRUE(contains(desc_of(env, "chat.msg.1001"), "transfer sent $12.50"));
  EXPECT_THROW(pg::call_app(ph, "chat", "payment_result", {{"ref", "chat:x15"}, {"status", "paid"}}), std::invalid_argument);
}

TEST(Chat, ACancelledPaymentAddsNoTransfer) {
  install_wallet();
  Env env;
  const json before = open_app(env, "chat");
  press(env, "chat.row.f1");
  press(env, "chat.attach");
  press(env, "chat.attach.transfer");
  type_text(env, "500");
  press(env, "chat.transfer.submit");
  EXPECT_EQ(env.state()["os"]["foreground"], "wallet");
  if (wallet_is_stub()) {
    env.phone().finish_task("wallet");
    env.phone().open_app("chat");
    pg::call_app(env.phone(), "chat", "payment_result", {{"ref", "chat:x15"}, {"status", "cancelled"}});
  } else {
    press(env, "wallet.confirm.cancel");  // Wallet reopens Chat and reports "cancelled"
  }
  EXPECT_EQ(env.state()["os"]["foreground"], "chat");
  EXPECT_EQ(page(env), "transfer");  // the form stays, to try again
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Transfer cancelled");
  EXPECT_EQ(chat(env)["pending_payment"]["ref"], "");
  EXPECT_TRUE(chat(env)["messages"].empty());
  EXPECT_EQ(without_wallet(changed_paths(before, env.state())),
            (Paths{"/apps/chat/open_chat", "/apps/chat/next_transfer", "/apps/chat/transfer/amount"}));
}

TEST(Chat, ShareTextIntoAChat) {
  Env env;
  env.phone().start_intent({{"action", "android.intent.action.SEND"}, {"type", "text/plain"}, {"extras", {{"text", "Meet at 7?"}}}});
  choose_chat(env);
  EXPECT_EQ(env.state()["os"]["foreground"], "chat");
  EXPECT_EQ(page(env), "share");
  EXPECT_EQ(find_node(env, "chat.share.sharing")["text"], "Sharing: Meet at 7?");
  press(env, "chat.share.row.f40");
  EXPECT_EQ(page(env), "thread");
  EXPECT_EQ(find_node(env, "chat.compose")["text"], "Meet at 7?");
  press(env, "chat.send");
  EXPECT_EQ(chat(env)["messages"]["1001"]["chat"], "f40");
  EXPECT_EQ(chat(env)["messages"]["1001"]["text"], "Meet at 7?");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(page(env), "share");  // back returns to the chooser of chats, then the list
  act(env, R"({"type":"back"})");
  EXPECT_EQ(page(env), "chats");
}

TEST(Chat, ShareAGalleryPhotoIntoAChat) {
  Env env;
  const json before = open_app(env, "gallery");
  press(env, "gallery.album.camera");
  press(env, "gallery.photo.IMG_20251231_235930");
  press(env, "gallery.share");
  choose_chat(env);
  EXPECT_EQ(page(env), "share");
  EXPECT_EQ(find_node(env, "chat.share.sharing")["text"], "Sharing a photo");
  press(env, "chat.share.row.f30");
  EXPECT_EQ(find_node(env, "chat.attachment")["text"], "IMG_20251231_235930");
  press(env, "chat.send");
  const json& m = chat(env)["messages"]["1001"];
  EXPECT_EQ(m["chat"], "f30");
  EXPECT_EQ(m["kind"], "photo");
  EXPECT_EQ(m["photo"], "IMG_20251231_235930");
  Paths mine;
  for (const std::string& p : changed_paths(before, env.state()))
    if (p.rfind("/apps/gallery/", 0) != 0) mine.insert(p);  // Gallery's open album and photo
  EXPECT_EQ(mine, (Paths{"/apps/chat/open_chat", "/apps/chat/messages/1001", "/apps/chat/next_message"}));
}

TEST(Chat, TheStatesTheFlowsReachAreValid) {
  Env env;
  open_app(env, "chat");
  press(env, "chat.row.f1");
  press(env, "chat.compose");
  type_text(env, "Hello");
  press(env, "chat.send");
  press(env, "chat.msg.1001", "long_press");
  press(env, "dialog.button.recall");
  press(env, "chat.msg.284", "long_press");
  press(env, "dialog.button.delete");
  act(env, R"({"type":"back"})");
  press(env, "chat.row.g1", "long_press");
  press(env, "dialog.button.mute");
  press(env, "chat.tab.moments");
  scroll_to(env, "chat.moment.p01.like");
  press(env, "chat.moment.p01.like");
  press(env, "chat.tab.contacts");
  press(env, "chat.contacts.requests");
  press(env, "chat.request.r3.accept");
  EXPECT_NO_THROW(pg::Phone::validate(env.state()));
  Env copy;
  copy.set_state(env.state());
  EXPECT_EQ(copy.ui_tree(), env.ui_tree());
}

TEST(Chat, ALinkInAMessageOpensInTheBrowser) {
  Env env;
  open_app(env, "chat");
  press(env, "chat.row.f1");
  press(env, "chat.compose");
  type_text(env, "Look at this https://dailyledger.com/world/harbor-ferry-service-expands tonight");
  press(env, "chat.send");
  act(env, R"({"type":"back"})");  // keyboard
  EXPECT_TRUE(contains(desc_of(env, "chat.msg.1001"), "link https://dailyledger.com/world/harbor-ferry-service-expands"));
  press(env, "chat.msg.1001");
  // ACTION_VIEW with the URL: Browser (the one app for http/https) opens it in a new tab.
  EXPECT_EQ(env.state()["os"]["foreground"], "browser");
  const json tabs = env.state()["apps"]["browser"]["tabs"];
  ASSERT_TRUE(tabs.is_array() && !tabs.empty());
  EXPECT_EQ(tabs.back()["trail"].back(), "https://dailyledger.com/world/harbor-ferry-service-expands");
}
