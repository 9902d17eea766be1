// Discover through actions, as a user drives it: the masonry feed (Explore with topics, Following,
// Nearby), search over notes and users with recent searches, a note (carousel, like, follow,
// comments, replies, comment likes, collect into a board or a new board, share through the
// chooser to Chat), creator and own profiles, publishing a note with Gallery photos and a Maps
// place (and its errors), editing and deleting one's own note (with confirmation). Each flow
// checks exactly which state paths it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/world.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& discover(Env& env) { return env.phone().app_state("discover"); }

/// Searches from the home page and opens a note by its exact title.
void open_note(Env& env, const std::string& title, const std::string& id) {
  press(env, "discover.search");
  type_text(env, title);
  press(env, "discover.search.go");
  scroll_to(env, "discover.search.note." + id);
  press(env, "discover.search.note." + id);
  ASSERT_EQ(env.phone().current_page(), "note");
}

void expect_clean(Env& env) {
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

}  // namespace

TEST(Discover, ExploreFeedTopicsAndTabs) {
  Env env;
  const json before = open_app(env, "discover");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_TRUE(find_node(env, "discover.tab.explore")["selected"].get<bool>());
  EXPECT_TRUE(find_node(env, "discover.topic.all")["selected"].get<bool>());
  // The first world note opens the Explore feed (the world file's order); the owner's own notes are not in it.
  EXPECT_TRUE(on_screen(env, "discover.card.n084") && on_screen(env, "discover.card.n142"));
  expect_clean(env);
  press(env, "discover.topic.pets");
  EXPECT_TRUE(find_node(env, "discover.topic.pets")["selected"].get<bool>());
  EXPECT_TRUE(on_screen(env, "discover.feed"));
  // Fitness is behind "more": choosing it shows it in the row.
  press(env, "discover.topic.more");
  press(env, "dialog.button.fitness");
  EXPECT_TRUE(find_node(env, "discover.topic.fitness")["selected"].get<bool>());
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/discover/topic"}));
  // Following: notes of the 12 followed creators, newest first.
  press(env, "discover.tab.following");
  EXPECT_TRUE(find_node(env, "discover.tab.following")["selected"].get<bool>());
  EXPECT_FALSE(on_screen(env, "discover.topic.all"));
  press(env, "discover.tab.nearby");
  EXPECT_EQ(text_of(env, "discover.feed.near"), "Notes from places around Bayview");
  expect_clean(env);
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/discover/topic", "/apps/discover/feed"}));
}

TEST(Discover, SearchNotesUsersAndRecentSearches) {
  Env env;
  const json before = open_app(env, "discover");
  press(env, "discover.search");
  EXPECT_EQ(env.phone().current_page(), "search");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "discover.search.field");
  EXPECT_EQ(text_of(env, "discover.search.recent.0"), "matcha latte");
  type_text(env, "lisbon");
  press(env, "discover.search.go");
  EXPECT_EQ(text_of(env, "discover.search.count"), "2 notes");
  EXPECT_TRUE(on_screen(env, "discover.search.note.n031"));
  EXPECT_TRUE(on_screen(env, "discover.search.note.n202"));  // the owner's own recap
  EXPECT_EQ(discover(env)["recent"][0], "lisbon");
  EXPECT_EQ(discover(env)["recent"].size(), 3u);  // "lisbon" moved to the front, not repeated
  press(env, "discover.search.tab.users");
  EXPECT_EQ(text_of(env, "discover.search.count"), "0 users");
  enter_text(env, "discover.search.field", "carter", true);
  EXPECT_EQ(text_of(env, "discover.search.count"), "1 user");
  press(env, "discover.search.user.u07.follow");
  EXPECT_EQ(text_of(env, "discover.search.user.u07.follow"), "Following");
  press(env, "discover.search.user.u07");
  EXPECT_EQ(env.phone().current_page(), "user");
  EXPECT_EQ(text_of(env, "discover.user.name"), "Ben Carter");
  EXPECT_EQ(text_of(env, "discover.user.followers"), "179K Followers");
  EXPECT_EQ(discover(env)["recent"][0], "carter");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/discover/query", "/apps/discover/recent/-", "/apps/discover/recent/0", "/apps/discover/recent/2",
                   "/apps/discover/search_tab", "/apps/discover/users/u07"}));
  EXPECT_EQ(discover(env)["users"], (json{{"u07", {{"followed", true}}}}));
  // Clearing the history.
  act(env, R"({"type":"back"})");
  enter_text(env, "discover.search.field", "", true);
  press(env, "discover.search.clear");
  EXPECT_TRUE(discover(env)["recent"].empty());
  EXPECT_FALSE(on_screen(env, "discover.search.recent.0"));
  // Nothing found.
  enter_text(env, "discover.search.field", "snowboarding", true);
  press(env, "discover.search.tab.notes");
  EXPECT_EQ(text_of(env, "discover.search.notes.empty"), "No notes found for \"snowboarding\"");
}

TEST(Discover, LikeFollowAndCarousel) {
  Env env;
  open_app(env, "discover");
  open_note(env, "Matcha latte at home", "n005");
  const json before = env.state();
  EXPECT_EQ(text_of(env, "discover.note.title"), "Matcha latte at home");
  EXPECT_EQ(text_of(env, "discover.note.like"), "5.8K");
  EXPECT_EQ(find_node(env, "discover.note.photo.0")["desc"], "Photo 1 of 2");
  expect_clean(env);
  // A swipe to the left shows the second picture; a tap on the left third goes back.
  act(env, R"({"type":"swipe","x1":800,"y1":300,"x2":200,"y2":300})");
  EXPECT_EQ(find_node(env, "discover.note.photo.0")["desc"], "Photo 2 of 2");
  press(env, "discover.note.photo.0");
  EXPECT_EQ(find_node(env, "discover.note.photo.0")["desc"], "Photo 1 of 2");
  press(env, "discover.note.like");
  EXPECT_TRUE(find_node(env, "discover.note.like")["checked"].get<bool>());
  press(env, "discover.note.follow");
  EXPECT_EQ(text_of(env, "discover.note.follow"), "Following");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/discover/notes/n005", "/apps/discover/users/u07"}));
  EXPECT_EQ(discover(env)["notes"]["n005"], (json{{"liked", true}}));
  // Unliking leaves nothing in the overlay.
  press(env, "discover.note.like");
  EXPECT_EQ(text_of(env, "discover.note.like"), "5.8K");
  EXPECT_FALSE(discover(env)["notes"].contains("n005"));
  // The author's profile.
  press(env, "discover.note.author");
  EXPECT_EQ(env.phone().current_page(), "user");
  EXPECT_EQ(text_of(env, "discover.user.follow"), "Following");
  EXPECT_TRUE(on_screen(env, "discover.user.note.n005"));
  press(env, "discover.user.tab.boards");
  expect_clean(env);
}

TEST(Discover, CommentReplyAndLikeAComment) {
  Env env;
  open_app(env, "discover");
  open_note(env, "Matcha latte at home", "n005");
  const json before = env.state();
  scroll_to(env, "discover.note.comment_count");
  EXPECT_EQ(text_of(env, "discover.note.comment_count"), "4 comments");
  press(env, "discover.note.comment_field");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "discover.note.input");
  EXPECT_FALSE(find_node(env, "discover.note.send")["enabled"].get<bool>());
  type_text(env, "Whisking at 80C makes all the difference!");
  press(env, "discover.note.send");
  EXPECT_EQ(text_of(env, "discover.note.comment_count"), "5 comments");
  const json c = discover(env)["comments"]["c5001"];
  EXPECT_EQ(c["note"], "n005");
  EXPECT_EQ(c["parent"], "");
  EXPECT_EQ(c["author"], "me");
  EXPECT_EQ(c["text"], "Whisking at 80C makes all the difference!");
  // A reply to Pixel Pam's comment.
  scroll_to(env, "discover.comment.c0412.reply");
  press(env, "discover.comment.c0412.reply");
  EXPECT_EQ(find_node(env, "discover.note.input")["desc"], "Reply to Pixel Pam");
  type_text(env, "Same here!");
  press(env, "discover.note.send");
  EXPECT_EQ(discover(env)["comments"]["c5002"]["parent"], "c0412");
  // Liking Sunny Side Sam's comment.
  scroll_to(env, "discover.comment.c0413.like");
  EXPECT_EQ(text_of(env, "discover.comment.c0413.like"), "53");
  press(env, "discover.comment.c0413.like");
  EXPECT_EQ(text_of(env, "discover.comment.c0413.like"), "54");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/discover/comments/c0413", "/apps/discover/comments/c5001", "/apps/discover/comments/c5002",
                   "/apps/discover/next_comment"}));
  EXPECT_EQ(discover(env)["comments"]["c0413"], (json{{"liked", true}}));
  // An empty comment is not sent; closing the bar drops it.
  press(env, "discover.note.comment_field");
  type_text(env, "   ");
  press(env, "discover.note.send");
  EXPECT_FALSE(discover(env)["comments"].contains("c5003"));
  press(env, "discover.note.input.close");
  EXPECT_TRUE(on_screen(env, "discover.note.comment_field"));
}

TEST(Discover, CollectIntoABoardAndANewBoard) {
  Env env;
  open_app(env, "discover");
  open_note(env, "Matcha latte at home", "n005");
  const json before = env.state();
  EXPECT_EQ(text_of(env, "discover.note.collect"), "291");
  press(env, "discover.note.collect");
  EXPECT_EQ(env.phone().current_page(), "collect");
  EXPECT_FALSE(find_node(env, "discover.collect.board.b01")["checked"].get<bool>());
  press(env, "discover.collect.board.b01");
  EXPECT_EQ(env.phone().current_page(), "note");
  EXPECT_EQ(text_of(env, "discover.note.collect"), "292");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/discover/boards/b01"}));
  EXPECT_EQ(discover(env)["boards"]["b01"]["notes"].back(), "n005");
  // Tapping the board again takes it out.
  press(env, "discover.note.collect");
  EXPECT_TRUE(find_node(env, "discover.collect.board.b01")["checked"].get<bool>());
  press(env, "discover.collect.board.b01");
  EXPECT_FALSE(discover(env)["boards"].contains("b01"));
  // A new board with this note in it.
  press(env, "discover.note.collect");
  press(env, "discover.collect.new");
  EXPECT_EQ(env.phone().current_page(), "new_board");
  press(env, "discover.newboard.create");
  EXPECT_EQ(text_of(env, "discover.newboard.error"), "Give your board a name");
  type_text(env, "travel ideas");
  press(env, "discover.newboard.create");
  EXPECT_EQ(text_of(env, "discover.newboard.error"), "You already have a board called \"Travel ideas\"");
  enter_text(env, "discover.newboard.name", "Drinks", true);
  press(env, "discover.newboard.create");
  EXPECT_EQ(env.phone().current_page(), "note");
  const json b = discover(env)["boards"]["b101"];
  EXPECT_EQ(b["owner"], "me");
  EXPECT_EQ(b["name"], "Drinks");
  EXPECT_EQ(b["notes"], json::array({"n005"}));
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/discover/boards/b101", "/apps/discover/next_board"}));
  // The board on the owner's profile.
  press(env, "discover.note.author");  // a creator's profile
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "discover.nav.me");
  press(env, "discover.me.tab.collects");
  scroll_to(env, "discover.me.board.b101");
  EXPECT_EQ(find_node(env, "discover.me.board.b101")["desc"], "1 note");
  press(env, "discover.me.board.b101");
  EXPECT_EQ(env.phone().current_page(), "board");
  EXPECT_TRUE(on_screen(env, "discover.board.note.n005"));
  // Deleting the board asks first.
  press(env, "discover.board.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "me");
  EXPECT_FALSE(discover(env)["boards"].contains("b101"));
}

TEST(Discover, ShareANoteToAChatFriend) {
  Env env;
  open_app(env, "discover");
  open_note(env, "Matcha latte at home", "n005");
  const json before = env.state();
  press(env, "discover.note.share");
  const json d = env.state()["os"]["dialog"];
  ASSERT_TRUE(d.is_object());
  EXPECT_EQ(d["kind"], "chooser");
  press(env, "dialog.button.chat");
  EXPECT_EQ(env.phone().foreground(), "chat");
  EXPECT_EQ(env.phone().current_page(), "share");
  press(env, "chat.share.row.f1");
  press(env, "chat.send");
  bool sent = false;
  const nlohmann::json src255 = env.state()["apps"]["chat"]["messages"];
  for (const auto& [id, m] : src255.items())
    if (m.value("chat", "") == "f1" && m.value("text", "").find("Matcha latte at home by Ben Carter on Discover") != std::string::npos)
      sent = true;
  EXPECT_TRUE(sent);
  for (const std::string& p : changed_paths(before, env.state())) EXPECT_EQ(p.rfind("/apps/chat/", 0), 0u) << p;
}

TEST(Discover, PublishANoteWithGalleryPhotosAndAPlace) {
  Env env;
  const json before = open_app(env, "discover");
  press(env, "discover.nav.publish");
  EXPECT_EQ(env.phone().current_page(), "publish");
  expect_clean(env);
  // Nothing yet: the first missing thing is named.
  press(env, "discover.form.submit");
  EXPECT_EQ(text_of(env, "discover.form.error"), "Add at least one photo");
  press(env, "discover.form.add_photo");
  EXPECT_EQ(env.phone().current_page(), "pick_photos");
  press(env, "discover.pick.photo.IMG_20251226_154806");
  press(env, "discover.pick.photo.IMG_20251225_091240");
  EXPECT_EQ(text_of(env, "discover.pick.done"), "Next (2)");
  expect_clean(env);
  press(env, "discover.pick.done");
  EXPECT_EQ(env.phone().current_page(), "publish");
  EXPECT_EQ(discover(env)["draft"]["photos"], json::array({"IMG_20251226_154806", "IMG_20251225_091240"}));
  EXPECT_EQ(discover(env)["draft"]["error"], "");
  enter_text(env, "discover.form.title_field", "Lake Tahoe weekend in the snow");
  EXPECT_EQ(text_of(env, "discover.form.counter"), "30/20");
  act(env, R"({"type":"back"})");  // hide the keyboard
  press(env, "discover.form.submit");
  EXPECT_EQ(text_of(env, "discover.form.error"), "Titles can be at most 20 characters (this one has 30)");
  enter_text(env, "discover.form.title_field", "Tahoe in the snow", true);
  enter_text(env, "discover.form.text", "Emerald Bay on a bluebird day.");
  enter_text(env, "discover.form.tags", "#tahoe, winter #Travel");
  act(env, R"({"type":"back"})");  // hide the keyboard
  press(env, "discover.form.place");
  EXPECT_EQ(env.phone().current_page(), "pick_place");
  press(env, "discover.place.field");
  type_text(env, "Trattoria");
  press(env, "discover.place.r01");
  EXPECT_EQ(env.phone().current_page(), "publish");
  EXPECT_EQ(text_of(env, "discover.form.place"), "Trattoria Bella");
  press(env, "discover.form.submit");
  EXPECT_EQ(env.phone().current_page(), "note");
  EXPECT_EQ(text_of(env, "discover.note.title"), "Tahoe in the snow");
  EXPECT_EQ(text_of(env, "discover.note.place"), "Trattoria Bella");
  const json n = discover(env)["notes"]["n501"];
  EXPECT_EQ(n["author"], "me");
  EXPECT_EQ(n["title"], "Tahoe in the snow");
  EXPECT_EQ(n["text"], "Emerald Bay on a bluebird day.");
  EXPECT_EQ(n["tags"], json::array({"tahoe", "winter", "travel"}));
  EXPECT_EQ(n["place"], "Trattoria Bella");
  EXPECT_EQ(n["place_id"], "r01");
  EXPECT_EQ(n["images"], (json::array({{{"photo", "IMG_20251226_154806"}, {"h", 133}}, {{"photo", "IMG_20251225_091240"}}})));
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/discover/notes/n501", "/apps/discover/next_note", "/apps/discover/place_query"}));
  // The new note leads the owner's notes.
  act(env, R"({"type":"back"})");
  press(env, "discover.nav.me");
  EXPECT_TRUE(on_screen(env, "discover.me.note.n501"));
}

TEST(Discover, PickerAllowsNinePhotosAtMost) {
  Env env;
  open_app(env, "discover");
  press(env, "discover.nav.publish");
  press(env, "discover.form.add_photo");
  int picked = 0;
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"]) {
    const std::string id = n["id"];
    if (id.rfind("discover.pick.photo.", 0) == 0 && picked < 10) {
      press(env, id);
      ++picked;
    }
  }
  ASSERT_EQ(picked, 10);
  EXPECT_EQ(text_of(env, "discover.pick.done"), "Next (9)");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "You can choose up to 9 photos");
  press(env, "discover.pick.done");
  EXPECT_EQ(discover(env)["draft"]["photos"].size(), 9u);
  EXPECT_FALSE(on_screen(env, "discover.form.add_photo"));
  press(env, "discover.form.photo.0.remove");
  EXPECT_EQ(discover(env)["draft"]["photos"].size(), 8u);
  scroll_to(env, "discover.form.add_photo");
}

TEST(Discover, EditMyNote) {
  Env env;
  open_app(env, "discover");
  press(env, "discover.nav.me");
  scroll_to(env, "discover.me.note.n202");
  press(env, "discover.me.note.n202");
  const json before = env.state();
  EXPECT_FALSE(on_screen(env, "discover.note.follow"));
  press(env, "discover.note.menu");
  press(env, "dialog.button.edit");
  EXPECT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(discover(env)["edit"]["photos"], json::array({"scene:0", "scene:1"}));
  EXPECT_EQ(discover(env)["edit"]["tags"], "#lisbon #travel");
  expect_clean(env);
  enter_text(env, "discover.form.title_field", "Lisbon in December", true);
  act(env, R"({"type":"back"})");
  press(env, "discover.form.submit");
  EXPECT_EQ(env.phone().current_page(), "note");
  EXPECT_EQ(text_of(env, "discover.note.title"), "Lisbon in December");
  EXPECT_EQ(text_of(env, "discover.note.date"), "Edited Jan 1, 2026");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/discover/notes/n202"}));
  const json n = discover(env)["notes"]["n202"];
  EXPECT_EQ(n["title"], "Lisbon in December");
  EXPECT_EQ(n.size(), 2u);  // the title and edited_ms only
  EXPECT_GE(n["edited_ms"].get<long long>(), 1767254400000LL);
}

TEST(Discover, DeleteMyNoteAsksFirst) {
  Env env;
  open_app(env, "discover");
  press(env, "discover.nav.me");
  scroll_to(env, "discover.me.note.n202");
  press(env, "discover.me.note.n202");
  const json before = env.state();
  press(env, "discover.note.menu");
  press(env, "dialog.button.delete");
  const json d = env.state()["os"]["dialog"];
  ASSERT_TRUE(d.is_object());
  EXPECT_EQ(d["title"], "Delete this note?");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  press(env, "discover.note.menu");
  press(env, "dialog.button.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "me");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/discover/notes/n202"}));
  EXPECT_TRUE(discover(env)["notes"]["n202"].is_null());
  EXPECT_FALSE(on_screen(env, "discover.me.note.n202"));
}

TEST(Discover, MyProfileTabs) {
  Env env;
  const json before = open_app(env, "discover");
  press(env, "discover.nav.me");
  EXPECT_EQ(text_of(env, "discover.me.name"), "Alex Rivera");
  EXPECT_EQ(text_of(env, "discover.me.following"), "12 Following");
  press(env, "discover.me.tab.liked");
  EXPECT_TRUE(find_node(env, "discover.me.tab.liked")["selected"].get<bool>());
  press(env, "discover.me.tab.collects");
  EXPECT_EQ(find_node(env, "discover.me.board.b01")["desc"], "6 notes");
  expect_clean(env);
  press(env, "discover.nav.home");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/discover/me_tab"}));
}

TEST(Discover, TopicFilterShowsOnlyThatTopic) {
  Env env;
  open_app(env, "discover");
  press(env, "discover.topic.pets");
  const json tree = env.ui_tree();
  int cards = 0;
  for (const json& n : tree["nodes"]) {
    const std::string id = n["id"];
    if (id.rfind("discover.card.", 0) != 0) continue;
    ++cards;
    const json* note = pg::World::instance().entity("discover", "notes", id.substr(14));
    ASSERT_NE(note, nullptr) << id;
    EXPECT_EQ((*note)["topic"], "pets") << id;  // every card on screen is a pets note
  }
  EXPECT_GT(cards, 1);
}

TEST(Discover, ATagOpensItsSearch) {
  Env env;
  open_app(env, "discover");
  open_note(env, "Matcha latte at home", "n005");
  const json before = env.state();
  press(env, "discover.note.tag.homecooking");
  EXPECT_EQ(env.phone().current_page(), "search");
  EXPECT_EQ(discover(env)["query"], "homecooking");
  EXPECT_EQ(discover(env)["recent"][0], "homecooking");
  EXPECT_TRUE(on_screen(env, "discover.search.note.n005"));
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/discover/query", "/apps/discover/recent/0", "/apps/discover/recent/1",
                                                       "/apps/discover/recent/2", "/apps/discover/recent/3", "/apps/discover/recent/-"}));
  EXPECT_EQ(discover(env)["recent"].size(), 5u);  // the tag joins the note's title search and the three defaults
}

TEST(Discover, NewEmptyBoardFromMyProfile) {
  Env env;
  const json before = open_app(env, "discover");
  press(env, "discover.nav.me");
  press(env, "discover.me.tab.collects");
  press(env, "discover.me.new_board");
  EXPECT_EQ(env.phone().current_page(), "new_board");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "discover.newboard.name");
  type_text(env, "A name far too long for any board at all");
  press(env, "discover.newboard.create");
  EXPECT_EQ(text_of(env, "discover.newboard.error"), "Board names can be at most 30 characters");
  enter_text(env, "discover.newboard.name", "Gift ideas", true);
  press(env, "discover.newboard.create");
  EXPECT_EQ(env.phone().current_page(), "me");
  EXPECT_EQ(discover(env)["boards"]["b101"]["notes"], json::array());
  EXPECT_EQ(find_node(env, "discover.me.board.b101")["desc"], "0 notes");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/discover/boards/b101", "/apps/discover/next_board", "/apps/discover/me_tab"}));
}

TEST(Discover, ExportedNoteCall) {
  Env env;
  const json n = pg::call_app(env.phone(), "discover", "note", {{"id", "n005"}});
  EXPECT_EQ(n["title"], "Matcha latte at home");
  EXPECT_EQ(n["author"], "Ben Carter");
  EXPECT_EQ(n["link"], "https://discover.example.com/n/n005");
  EXPECT_THROW(pg::call_app(env.phone(), "discover", "note", {{"id", "n999"}}), std::invalid_argument);
}

TEST(Discover, EditRejectsALongTitleAndKeepsTheNote) {
  Env env;
  open_app(env, "discover");
  press(env, "discover.nav.me");
  scroll_to(env, "discover.me.note.n202");
  press(env, "discover.me.note.n202");
  press(env, "discover.note.menu");
  press(env, "dialog.button.edit");
  const json before = env.state();
  enter_text(env, "discover.form.title_field", "Four unforgettable days in Lisbon", true);
  act(env, R"({"type":"back"})");
  press(env, "discover.form.submit");
  EXPECT_EQ(env.phone().current_page(), "edit");
  EXPECT_EQ(text_of(env, "discover.form.error"), "Titles can be at most 20 characters (this one has 33)");
  for (const std::string& p : changed_paths(before, env.state())) EXPECT_EQ(p.rfind("/apps/discover/edit/", 0), 0u) << p;
  // Removing a picture and saving keeps the other one.
  enter_text(env, "discover.form.title_field", "Lisbon recap", true);
  act(env, R"({"type":"back"})");
  press(env, "discover.form.photo.0.remove");
  press(env, "discover.form.submit");
  EXPECT_EQ(env.phone().current_page(), "note");
  EXPECT_EQ(discover(env)["notes"]["n202"]["images"].size(), 1u);
  EXPECT_EQ(discover(env)["notes"]["n202"]["title"], "Lisbon recap");
}

TEST(Discover, ACommentersAvatarOpensTheirProfile) {
  Env env;
  const json before = open_app(env, "discover");
  open_note(env, "Matcha latte at home", "n005");
  scroll_to(env, "discover.comment.c0413.author");
  press(env, "discover.comment.c0413.author");
  EXPECT_EQ(env.phone().current_page(), "user");
  EXPECT_EQ(text_of(env, "discover.user.name"), "Sunny Side Sam");
  EXPECT_EQ(text_of(env, "discover.user.follow"), "Follow");
  press(env, "discover.user.tab.boards");
  EXPECT_TRUE(on_screen(env, "discover.user.boards.empty"));  // a commenter without boards
  expect_clean(env);
}
