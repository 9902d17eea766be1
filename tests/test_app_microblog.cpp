// Microblog through actions, as a user drives it: the timelines (For you / Following), compose
// with the 280-character counter and a Gallery photo, reply, repost and undo, quote, like and
// unlike, bookmark, follow / unfollow (confirmed), mute, block (confirmed: hides posts,
// unfollows), delete an own post (confirmed), post details with the thread, search (Top / Latest /
// People) and the trends, profiles and their tabs, lists (create, add members, a list's
// timeline, add from a profile), notifications, direct messages (a conversation, a new one), and
// sharing a post to Messages through android.intent.action.SEND. Each flow checks exactly which
// state paths it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace pg::testing;

namespace {

const json& mb(Env& env) { return env.phone().app_state("microblog"); }

json view(Env& env, const std::string& collection) {
  return pg::resolve_collection(pg::World::instance(), mb(env), "microblog", collection);
}

json post(Env& env, const std::string& id) {
  return pg::resolve_entity(pg::World::instance(), mb(env), "microblog", "posts", id);
}
json account(Env& env, const std::string& id) {
  return pg::resolve_entity(pg::World::instance(), mb(env), "microblog", "accounts", id);
}

/// The newest top-level post of an account in the world data.
std::string newest_of(Env& env, const std::string& author) {
  std::string id;
  for (const json& p : view(env, "posts"))
    if (p["author"] == author && p["reply_to"] == "") id = p["id"];
  return id;
}

/// From the home page: Search, type `query`, the People tab, the person's row: their profile.
void open_profile_by_search(Env& env, const std::string& query, const std::string& handle) {
  press(env, "microblog.tab.search");
  press(env, "microblog.search.field");
  type_text(env, query);
  act(env, R"({"type":"enter"})");
  press(env, "microblog.search.tab.people");
  press(env, "microblog.people." + handle);
  ASSERT_EQ(env.phone().current_page(), "profile");
}

}  // namespace

TEST(Microblog, TheWorldHasAccountsPostsAndTheOwnersFollows) {
  Env env;
  const json accounts = view(env, "accounts"), posts = view(env, "posts");
  EXPECT_GE(accounts.size(), 60u);
  EXPECT_EQ(posts.size(), 400u);
  std::set<std::string> ids, kinds;
  int followed = 0, verified = 0;
  for (const json& a : accounts) {
    ids.insert(a["id"].get<std::string>());
    kinds.insert(a["kind"].get<std::string>());
    followed += a["followed"].get<bool>();
    verified += a["verified"].get<bool>();
  }
  EXPECT_EQ(followed, 25);
  EXPECT_GE(verified, 5);
  for (const char* k : {"news", "transit", "weather", "tech", "athlete", "chef", "friend", "local"}) EXPECT_TRUE(kinds.count(k)) << k;
  std::set<std::string> seen;
  std::int64_t newest = 0;
  for (const json& p : posts) {
    EXPECT_TRUE(ids.count(p["author"].get<std::string>())) << p["id"];
    const std::string parent = p["reply_to"];
    if (!parent.empty()) {
      EXPECT_TRUE(seen.count(parent)) << p["id"] << " replies to a later post";
    }
    EXPECT_LE(p["text"].get<std::string>().size(), 280u);
    seen.insert(p["id"].get<std::string>());
    newest = std::max(newest, p["time_ms"].get<std::int64_t>());
  }
  EXPECT_GT(newest, 1767254400000LL - 3600000);  // the newest post is less than an hour old
  EXPECT_LT(newest, 1767254400000LL);
  EXPECT_EQ(view(env, "trends").size(), 10u);
  EXPECT_GE(view(env, "conversations").size(), 5u);
  EXPECT_GE(view(env, "notifications").size(), 20u);
}

TEST(Microblog, HomeShowsForYouThenFollowing) {
  Env env;
  open_app(env, "microblog");
  EXPECT_EQ(env.phone().current_page(), "home");
  for (const char* id : {"microblog.home.avatar", "microblog.home.logo", "microblog.home.settings", "microblog.fab", "microblog.tab.home",
                         "microblog.tab.search", "microblog.tab.notifications", "microblog.tab.messages"})
    EXPECT_TRUE(on_screen(env, id)) << id;
  EXPECT_TRUE(find_node(env, "microblog.home.tab.for_you")["selected"].get<bool>());
  // For you: the freshest popular post first, with its action row.
  const std::string top = newest_of(env, "globalbrief");
  EXPECT_TRUE(on_screen(env, "microblog.post." + top));
  EXPECT_TRUE(on_screen(env, "microblog.post." + top + ".like"));
  EXPECT_TRUE(env.lint().empty());
  // Following: only followed accounts and the owner; Bay Bombers (not followed) is not there.
  press(env, "microblog.home.tab.following");
  const json tree = env.ui_tree();
  int rows = 0;
  for (const json& n : tree["nodes"]) {
    const std::string id = n["id"];
    if (id.rfind("microblog.post.", 0) != 0 || id.find('.', 15) != std::string::npos) continue;
    ++rows;
    const json p = post(env, id.substr(15));
    const json a = account(env, p["author"]);
    EXPECT_TRUE(a["followed"].get<bool>() || p["author"] == "alexrivera" || p["reposted"].get<bool>()) << id;
  }
  EXPECT_GE(rows, 2);
  EXPECT_TRUE(env.lint().empty());
}

TEST(Microblog, ComposeCountsCharactersAndPostsText) {
  Env env;
  const json before = open_app(env, "microblog");
  press(env, "microblog.fab");
  ASSERT_EQ(env.phone().current_page(), "compose");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "microblog.compose.text");
  EXPECT_FALSE(find_node(env, "microblog.compose.post")["enabled"].get<bool>());  // empty
  EXPECT_EQ(text_of(env, "microblog.compose.counter"), "280");
  type_text(env, "Fog rolled in at 4:02 again. #SF");
  EXPECT_EQ(text_of(env, "microblog.compose.counter"), "248");
  EXPECT_TRUE(find_node(env, "microblog.compose.post")["enabled"].get<bool>());
  press(env, "microblog.compose.post");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/posts/p401", "/apps/microblog/next_post"}));
  const json& p = mb(env)["posts"]["p401"];
  EXPECT_EQ(p["author"], "alexrivera");
  EXPECT_EQ(p["text"], "Fog rolled in at 4:02 again. #SF");
  EXPECT_EQ(p["reply_to"], "");
  EXPECT_GE(p["time_ms"].get<std::int64_t>(), 1767254400000LL);
  // The new post is the first row of For you.
  EXPECT_EQ(text_of(env, "microblog.post.p401"), "Fog rolled in at 4:02 again. #SF");
}

TEST(Microblog, OverTheLimitThePostButtonIsDisabled) {
  Env env;
  const json before = open_app(env, "microblog");
  press(env, "microblog.fab");
  type_text(env, std::string(270, 'a'));
  EXPECT_EQ(text_of(env, "microblog.compose.counter"), "10");
  EXPECT_TRUE(find_node(env, "microblog.compose.post")["enabled"].get<bool>());
  type_text(env, std::string(15, 'b'));
  EXPECT_EQ(text_of(env, "microblog.compose.counter"), "-5");
  EXPECT_FALSE(find_node(env, "microblog.compose.post")["enabled"].get<bool>());
  press(env, "microblog.compose.post");  // refused
  EXPECT_EQ(env.phone().current_page(), "compose");
  EXPECT_TRUE(env.lint().empty());
  // Cancel discards the draft: nothing changed.
  press(env, "microblog.compose.cancel");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
}

TEST(Microblog, ReplyFromAPostsDetailJoinsItsThread) {
  Env env;
  const json before = open_app(env, "microblog");
  open_profile_by_search(env, "Priya Raman", "priyaraman");
  const std::string target = newest_of(env, "priyaraman");
  press(env, "microblog.post." + target);
  ASSERT_EQ(env.phone().current_page(), "post");
  EXPECT_NE(text_of(env, "microblog.detail.text").find("laptop battery"), std::string::npos);
  const long long replies = post(env, target)["replies"];
  press(env, "microblog.detail.reply_bar");
  ASSERT_EQ(env.phone().current_page(), "compose");
  EXPECT_EQ(text_of(env, "microblog.compose.replying"), "Replying to @priyaraman");
  EXPECT_EQ(text_of(env, "microblog.compose.post"), "Reply");
  type_text(env, "Great piece, Priya!");
  press(env, "microblog.compose.post");
  ASSERT_EQ(env.phone().current_page(), "post");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/microblog/posts/p401", "/apps/microblog/posts/" + target, "/apps/microblog/next_post",
                   "/apps/microblog/query", "/apps/microblog/search_tab"}));  // the last two: the search that found her
  EXPECT_EQ(mb(env)["posts"]["p401"]["reply_to"], target);
  EXPECT_EQ(mb(env)["posts"][target], (json{{"replies", replies + 1}}));
  EXPECT_EQ(text_of(env, "microblog.post.p401"), "Great piece, Priya!");  // the owner's reply first in the thread
}

TEST(Microblog, LikeThenUnlikeAndBookmark) {
  Env env;
  const json before = open_app(env, "microblog");
  const std::string id = newest_of(env, "globalbrief");
  const long long likes = post(env, id)["likes"];
  press(env, "microblog.post." + id + ".like");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/posts/" + id}));
  EXPECT_EQ(mb(env)["posts"][id], (json{{"liked", true}, {"likes", likes + 1}}));
  EXPECT_TRUE(find_node(env, "microblog.post." + id + ".like")["checked"].get<bool>());
  press(env, "microblog.post." + id + ".like");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  // Bookmark: the post is on the Bookmarks page.
  press(env, "microblog.post." + id + ".bookmark");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/posts/" + id}));
  EXPECT_TRUE(post(env, id)["bookmarked"].get<bool>());
  press(env, "microblog.home.avatar");
  press(env, "microblog.menu.bookmarks");
  EXPECT_TRUE(on_screen(env, "microblog.post." + id));
  EXPECT_TRUE(env.lint().empty());
}

TEST(Microblog, RepostUndoAndQuote) {
  Env env;
  const json before = open_app(env, "microblog");
  const std::string id = newest_of(env, "globalbrief");
  const long long reposts = post(env, id)["reposts"], quotes = post(env, id)["quotes"];
  press(env, "microblog.post." + id + ".repost");
  ASSERT_TRUE(on_screen(env, "dialog.button.repost"));
  press(env, "dialog.button.repost");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/posts/" + id}));
  EXPECT_EQ(mb(env)["posts"][id], (json{{"reposted", true}, {"reposts", reposts + 1}}));
  press(env, "microblog.post." + id + ".repost");
  press(env, "dialog.button.undo_repost");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  // Quote: compose with the post embedded.
  press(env, "microblog.post." + id + ".repost");
  press(env, "dialog.button.quote");
  ASSERT_EQ(env.phone().current_page(), "compose");
  EXPECT_NE(text_of(env, "microblog.compose.quote").find("Sydney"), std::string::npos);
  type_text(env, "Wet crowds everywhere.");
  press(env, "microblog.compose.post");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/microblog/posts/p401", "/apps/microblog/posts/" + id, "/apps/microblog/next_post"}));
  EXPECT_EQ(mb(env)["posts"]["p401"]["quote_of"], id);
  EXPECT_EQ(mb(env)["posts"][id], (json{{"quotes", quotes + 1}}));
  EXPECT_TRUE(on_screen(env, "microblog.post.p401.quote"));
  EXPECT_TRUE(env.lint().empty());
}

TEST(Microblog, FollowAndUnfollowWithConfirmation) {
  Env env;
  const json before = open_app(env, "microblog");
  const long long followers = account(env, "kenjimori")["followers"];
  open_profile_by_search(env, "kenji", "kenjimori");
  EXPECT_EQ(text_of(env, "microblog.profile.follow"), "Follow");
  press(env, "microblog.profile.follow");
  const Paths search{"/apps/microblog/query", "/apps/microblog/search_tab"};  // how the profile was found (ui_state)
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/accounts/kenjimori", "/apps/microblog/query", "/apps/microblog/search_tab"}));
  EXPECT_EQ(mb(env)["accounts"]["kenjimori"], (json{{"followed", true}, {"followers", followers + 1}}));
  EXPECT_EQ(text_of(env, "microblog.profile.follow"), "Following");
  press(env, "microblog.profile.follow");
  ASSERT_TRUE(on_screen(env, "dialog.button.unfollow"));
  EXPECT_EQ(find_node(env, "dialog.title")["text"], "Unfollow @kenjimori?");
  press(env, "dialog.button.cancel");
  EXPECT_TRUE(account(env, "kenjimori")["followed"].get<bool>());
  press(env, "microblog.profile.follow");
  press(env, "dialog.button.unfollow");
  EXPECT_EQ(changed_paths(before, env.state()), search);
  EXPECT_EQ(text_of(env, "microblog.profile.follow"), "Follow");
}

TEST(Microblog, MuteHidesPostsFromTimelines) {
  Env env;
  const json before = open_app(env, "microblog");
  const std::string id = newest_of(env, "globalbrief");
  ASSERT_TRUE(on_screen(env, "microblog.post." + id));
  press(env, "microblog.post." + id + ".more");
  press(env, "dialog.button.mute");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/accounts/globalbrief"}));
  EXPECT_EQ(mb(env)["accounts"]["globalbrief"], (json{{"muted", true}}));
  EXPECT_FALSE(on_screen(env, "microblog.post." + id));
  // Settings lists it; Unmute brings it back.
  press(env, "microblog.home.settings");
  ASSERT_TRUE(on_screen(env, "microblog.settings.unmute.globalbrief"));
  press(env, "microblog.settings.unmute.globalbrief");
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
  EXPECT_TRUE(env.lint().empty());
}

TEST(Microblog, BlockConfirmsHidesAndUnfollows) {
  Env env;
  const json before = open_app(env, "microblog");
  const long long followers = account(env, "sofiareyes")["followers"];
  open_profile_by_search(env, "sofia", "sofiareyes");
  press(env, "microblog.profile.more");
  press(env, "dialog.button.block");
  ASSERT_TRUE(on_screen(env, "dialog.button.block"));  // the confirmation
  EXPECT_EQ(find_node(env, "dialog.title")["text"], "Block @sofiareyes?");
  press(env, "dialog.button.block");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/accounts/sofiareyes", "/apps/microblog/query", "/apps/microblog/search_tab"}));
  EXPECT_EQ(mb(env)["accounts"]["sofiareyes"], (json{{"blocked", true}, {"followed", false}, {"followers", followers - 1}}));
  EXPECT_EQ(text_of(env, "microblog.profile.follow"), "Blocked");
  EXPECT_TRUE(on_screen(env, "microblog.profile.blocked"));
  EXPECT_FALSE(on_screen(env, "microblog.post." + newest_of(env, "sofiareyes")));
  // Her posts are gone from search too.
  act(env, R"({"type":"back"})");
  press(env, "microblog.search.tab.latest");
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"]) {
    const std::string nid = n["id"];
    if (nid.rfind("microblog.post.", 0) == 0 && nid.find('.', 15) == std::string::npos) {
      EXPECT_NE(post(env, nid.substr(15))["author"], "sofiareyes");
    }
  }
}

TEST(Microblog, DeleteOwnPostAsksFirst) {
  Env env;
  const json before = open_app(env, "microblog");
  press(env, "microblog.home.avatar");
  press(env, "microblog.menu.profile");
  ASSERT_EQ(env.phone().current_page(), "profile");
  const std::string id = newest_of(env, "alexrivera");
  ASSERT_TRUE(on_screen(env, "microblog.post." + id));
  press(env, "microblog.post." + id + ".more");
  press(env, "dialog.button.delete");
  ASSERT_EQ(find_node(env, "dialog.title")["text"], "Delete post?");
  press(env, "dialog.button.delete");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/posts/" + id}));
  EXPECT_TRUE(mb(env)["posts"][id].is_null());
  EXPECT_FALSE(on_screen(env, "microblog.post." + id));
}

TEST(Microblog, SearchTabsAndTrends) {
  Env env;
  const json before = open_app(env, "microblog");
  press(env, "microblog.tab.search");
  EXPECT_EQ(text_of(env, "microblog.trend.t1"), "#NewYearsEve");
  EXPECT_NE(find_node(env, "microblog.trend.t1")["desc"].get<std::string>().find("48K posts"), std::string::npos);
  press(env, "microblog.trend.t2");
  EXPECT_EQ(mb(env)["query"], "#WinterStorm");
  EXPECT_TRUE(find_node(env, "microblog.search.tab.top")["selected"].get<bool>());
  int shown = 0;
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"])
    if (n["id"].get<std::string>().rfind("microblog.post.", 0) == 0 && n["id"].get<std::string>().find('.', 15) == std::string::npos) {
      ++shown;
      EXPECT_NE(n["text"].get<std::string>().find("#WinterStorm"), std::string::npos);
    }
  EXPECT_GE(shown, 1);
  press(env, "microblog.search.tab.latest");
  EXPECT_TRUE(find_node(env, "microblog.search.tab.latest")["selected"].get<bool>());
  press(env, "microblog.search.field.clear");
  type_text(env, "@julia");
  act(env, R"({"type":"enter"})");
  press(env, "microblog.search.tab.people");
  EXPECT_EQ(text_of(env, "microblog.people.julianowak"), "Julia Nowak");
  EXPECT_TRUE(env.lint().empty());
  // Searching changes only UI state.
  for (const std::string& p : changed_paths(before, env.state()))
    EXPECT_TRUE(p == "/apps/microblog/query" || p == "/apps/microblog/search_tab") << p;
}

TEST(Microblog, ProfileShowsBioCountsAndTabs) {
  Env env;
  open_app(env, "microblog");
  open_profile_by_search(env, "julia", "julianowak");
  EXPECT_EQ(text_of(env, "microblog.profile.name"), "Julia Nowak");
  EXPECT_EQ(text_of(env, "microblog.profile.handle"), "@julianowak");
  EXPECT_NE(text_of(env, "microblog.profile.bio").find("Pierogi"), std::string::npos);
  EXPECT_EQ(text_of(env, "microblog.profile.followers"), "604");
  EXPECT_TRUE(on_screen(env, "microblog.profile.follows_you"));
  EXPECT_TRUE(on_screen(env, "microblog.post." + newest_of(env, "julianowak")));
  press(env, "microblog.profile.tab.replies");
  EXPECT_TRUE(find_node(env, "microblog.profile.tab.replies")["selected"].get<bool>());
  press(env, "microblog.profile.tab.likes");
  EXPECT_TRUE(on_screen(env, "microblog.profile.empty"));  // others' likes are private
  EXPECT_TRUE(env.lint().empty());
  // The owner's Likes tab lists what he liked.
  act(env, R"({"type":"back"})");
  press(env, "microblog.tab.home");
  press(env, "microblog.home.avatar");
  press(env, "microblog.menu.profile");
  press(env, "microblog.profile.tab.likes");
  std::string liked;
  for (const json& p : view(env, "posts"))
    if (p["liked"].get<bool>()) liked = p["id"];
  EXPECT_TRUE(on_screen(env, "microblog.post." + liked));
}

TEST(Microblog, CreateAListAddMembersAndReadItsTimeline) {
  Env env;
  const json before = open_app(env, "microblog");
  press(env, "microblog.home.avatar");
  press(env, "microblog.menu.lists");
  press(env, "microblog.lists.new");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "microblog.new_list.name");
  EXPECT_FALSE(find_node(env, "microblog.new_list.create")["enabled"].get<bool>());
  type_text(env, "Food");
  press(env, "microblog.new_list.create");
  ASSERT_EQ(env.phone().current_page(), "list_members");
  type_text(env, "chef");
  press(env, "microblog.members.chefmarco.toggle");
  press(env, "microblog.members.field.clear");
  type_text(env, "rosa");
  press(env, "microblog.members.rosadelgado.toggle");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/lists/l3", "/apps/microblog/next_list", "/apps/microblog/member_query"}));
  const json& l = mb(env)["lists"]["l3"];
  EXPECT_EQ(l["name"], "Food");
  EXPECT_EQ(l["members"], (json{"chefmarco", "rosadelgado"}));
  press(env, "microblog.members.done");
  ASSERT_EQ(env.phone().current_page(), "lists");
  press(env, "microblog.list.l3");
  EXPECT_EQ(text_of(env, "microblog.list.members"), "2 Members");
  EXPECT_TRUE(on_screen(env, "microblog.post." + newest_of(env, "chefmarco")) ||
              on_screen(env, "microblog.post." + newest_of(env, "rosadelgado")));
  EXPECT_TRUE(env.lint().empty());
}

TEST(Microblog, AddToAListFromAProfile) {
  Env env;
  const json before = open_app(env, "microblog");
  open_profile_by_search(env, "kenji", "kenjimori");
  press(env, "microblog.profile.more");
  press(env, "dialog.button.lists");
  ASSERT_EQ(env.phone().current_page(), "list_picker");
  press(env, "microblog.list_picker.l1");
  const Paths search{"/apps/microblog/query", "/apps/microblog/search_tab"};
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/lists/l1", "/apps/microblog/query", "/apps/microblog/search_tab"}));
  EXPECT_EQ(mb(env)["lists"]["l1"]["members"].back(), "kenjimori");
  EXPECT_TRUE(find_node(env, "microblog.list_picker.l1")["checked"].get<bool>());
  press(env, "microblog.list_picker.l1");
  EXPECT_EQ(changed_paths(before, env.state()), search);
}

TEST(Microblog, NotificationsShowLikesFollowsAndMentions) {
  Env env;
  open_app(env, "microblog");
  press(env, "microblog.tab.notifications");
  bool like = false;
  const json all = env.ui_tree();
  for (const json& n : all["nodes"])
    if (n["id"].get<std::string>().rfind("microblog.notif.", 0) == 0 && n["text"].get<std::string>().find("liked your post") != std::string::npos)
      like = true;
  EXPECT_TRUE(like);
  press(env, "microblog.notifications.tab.mentions");
  int mentions = 0;
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"]) {
    const std::string id = n["id"];
    if (id.rfind("microblog.post.", 0) == 0 && id.find('.', 15) == std::string::npos) {
      ++mentions;
      const json p = post(env, id.substr(15));
      const bool to_me = p["text"].get<std::string>().find("@alexrivera") != std::string::npos ||
                         post(env, p["reply_to"].get<std::string>())["author"] == "alexrivera";
      EXPECT_TRUE(to_me) << id;
    }
  }
  EXPECT_GE(mentions, 2);
  EXPECT_TRUE(env.lint().empty());
}

TEST(Microblog, DirectMessagesReadAndSend) {
  Env env;
  const json before = open_app(env, "microblog");
  press(env, "microblog.tab.messages");
  EXPECT_NE(find_node(env, "microblog.dm.c6")["desc"].get<std::string>().find("Unread"), std::string::npos);
  press(env, "microblog.dm.c6");
  ASSERT_EQ(env.phone().current_page(), "dm");
  EXPECT_EQ(text_of(env, "microblog.dm.msg.1"), "Happy New Year! Lands End run tomorrow at 8?");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/conversations/c6"}));  // read
  EXPECT_FALSE(find_node(env, "microblog.dm.send")["enabled"].get<bool>());
  press(env, "microblog.dm.field");
  type_text(env, "8 works. See you there!");
  press(env, "microblog.dm.send");
  const json c = pg::resolve_entity(pg::World::instance(), mb(env), "microblog", "conversations", "c6");
  EXPECT_EQ(c["messages"].back()["text"], "8 works. See you there!");
  EXPECT_EQ(c["messages"].back()["from"], "me");
  EXPECT_EQ(c["messages"].back()["id"], 3);
  EXPECT_EQ(text_of(env, "microblog.dm.msg.3"), "8 works. See you there!");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/conversations/c6"}));
  EXPECT_TRUE(env.lint().empty());
}

TEST(Microblog, ANewConversationFromAProfile) {
  Env env;
  const json before = open_app(env, "microblog");
  open_profile_by_search(env, "kenji", "kenjimori");
  press(env, "microblog.profile.message");
  ASSERT_EQ(env.phone().current_page(), "dm");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "microblog.dm.field");
  type_text(env, "Is the miso ramen back this week?");
  press(env, "microblog.dm.send");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/conversations/c7", "/apps/microblog/next_conv",
                                                       "/apps/microblog/query", "/apps/microblog/search_tab"}));
  const json& c = mb(env)["conversations"]["c7"];
  EXPECT_EQ(c["with"], "kenjimori");
  EXPECT_EQ(c["messages"][0]["text"], "Is the miso ramen back this week?");
  // The inbox lists it first.
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "microblog.tab.messages");
  EXPECT_TRUE(on_screen(env, "microblog.dm.c7"));
}

TEST(Microblog, ShareAPostToMessages) {
  Env env;
  const json before = open_app(env, "microblog");
  const std::string id = newest_of(env, "globalbrief");
  press(env, "microblog.post." + id + ".share");
  if (on_screen(env, "dialog.button.messages")) press(env, "dialog.button.messages");  // the chooser, when Chat takes text too
  ASSERT_EQ(env.phone().foreground(), "messages");
  ASSERT_EQ(env.phone().current_page(), "new_conversation");
  const std::string draft = env.state()["apps"]["messages"]["draft"];
  EXPECT_NE(draft.find("https://microblog.example.com/globalbrief/status/" + id), std::string::npos);
  EXPECT_NE(draft.find("@globalbrief: Cities from Sydney"), std::string::npos);
  type_text(env, "Julia");
  press(env, "messages.contact.t08");
  press(env, "messages.send");
  const json t = pg::resolve_entity(pg::World::instance(), env.state()["apps"]["messages"], "messages", "threads", "t08");
  EXPECT_NE(t["messages"].back()["text"].get<std::string>().find("/status/" + id), std::string::npos);
  for (const std::string& p : changed_paths(before, env.state())) EXPECT_EQ(p.rfind("/apps/microblog", 0), std::string::npos) << p;
}

TEST(Microblog, PostAGalleryPhoto) {
  Env env;
  const json before = open_app(env, "microblog");
  press(env, "microblog.fab");
  press(env, "microblog.compose.photo");
  ASSERT_EQ(env.phone().current_page(), "photo_picker");
  scroll_to(env, "microblog.picker.photo.IMG_20251102_174112");
  press(env, "microblog.picker.photo.IMG_20251102_174112");
  ASSERT_EQ(env.phone().current_page(), "compose");
  EXPECT_EQ(find_node(env, "microblog.compose.attachment")["desc"], "Sunset at Ocean Beach");
  EXPECT_TRUE(find_node(env, "microblog.compose.post")["enabled"].get<bool>());  // a photo alone may be posted
  type_text(env, "Ocean Beach never misses");
  press(env, "microblog.compose.post");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/microblog/posts/p401", "/apps/microblog/next_post"}));
  EXPECT_EQ(mb(env)["posts"]["p401"]["photo"], "IMG_20251102_174112");
  EXPECT_EQ(find_node(env, "microblog.post.p401.media")["desc"], "Sunset at Ocean Beach");
  EXPECT_TRUE(env.lint().empty());
}
