// Forum through actions, as a user drives it: the Home and Popular feeds and their sorting, joining
// and leaving communities, votes on posts and comments (the same arrow again removes a vote),
// comments and threaded replies (collapsible), creating posts with each community's rules enforced
// (r/AskScience: a flair and a question title; r/Photos: a Gallery photo; link posts; title
// limits), editing and deleting one's own post (delete asks first), save / hide / report, the
// inbox (unread replies, mark read, reply), profiles and karma, search, sharing to Messages (the
// SEND intent) and the exported calls. Each flow checks exactly which state paths it changed and
// what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

using namespace pg::testing;

namespace {

const json& forum(Env& env) { return env.phone().app_state("forum"); }

std::string desc_of(Env& env, const std::string& id) {
  const json n = find_node(env, id);
  return n.is_null() ? std::string("<no " + id + ">") : n.value("desc", "");
}

json world(const std::string& collection) {
  return pg::resolve_collection(pg::World::instance(), json::object(), "forum", collection);
}

/// The id of the world post whose title starts with `title`.
std::string post_id(const std::string& title) {
  for (const json& p : world("posts"))
    if (p["title"].get<std::string>().rfind(title, 0) == 0) return p["id"];
  ADD_FAILURE() << "no post \"" << title << "\"";
  return "";
}

/// Opens a post through search: type part of its title, submit, tap the result.
void open_post_by_search(Env& env, const std::string& query, const std::string& id) {
  press(env, "forum.search");
  type_text(env, query);
  act(env, R"({"type":"enter"})");
  scroll_to(env, "forum.search.post." + id);
  press(env, "forum.search.post." + id);
  ASSERT_EQ(env.phone().current_page(), "post");
}

/// A top-level comment on `post` by someone else (not voted on) that has a reply: {comment, reply}.
std::pair<std::string, std::string> thread_on(const std::string& post) {
  const json all = world("comments");
  for (const json& c : all) {
    if (c["post"] != post || c["parent"] != "" || c["author"] == "alexrivera" || c["vote"] != 0) continue;
    for (const json& r : all)
      if (r["parent"] == c["id"]) return {c["id"], r["id"]};
  }
  ADD_FAILURE() << "no thread on " << post;
  return {"", ""};
}

void expect_clean(Env& env, const std::string& where) {
  const std::vector<std::string> problems = env.lint();
  EXPECT_TRUE(problems.empty()) << where << ": " << json(problems).dump();
}

int feed_count(Env& env) {
  const std::string t = text_of(env, "forum.feed.count");
  return std::atoi(t.c_str());
}

}  // namespace

TEST(Forum, TheWorldIsLargeConsistentAndInTheLastQuarter) {
  const json communities = world("communities"), posts = world("posts"), comments = world("comments");
  EXPECT_GE(communities.size(), 15u);
  EXPECT_GE(posts.size(), 200u);
  EXPECT_GE(comments.size(), 1000u);
  std::map<std::string, json> by_id;
  std::set<std::string> community_ids, kinds;
  for (const json& c : communities) community_ids.insert(c["id"]);
  for (const json& p : posts) {
    by_id[p["id"]] = p;
    kinds.insert(p["kind"]);
    EXPECT_TRUE(community_ids.count(p["community"])) << p["id"];
    EXPECT_GE(p["time_ms"].get<long long>(), 1759276800000LL) << p["id"];  // 2025-10-01
    EXPECT_LT(p["time_ms"].get<long long>(), 1767225600000LL) << p["id"];   // 2026-01-01
  }
  EXPECT_EQ(kinds, (std::set<std::string>{"text", "link", "image"}));
  std::map<std::string, json> cby;
  for (const json& c : comments) cby[c["id"]] = c;
  int max_depth = 0, inbox_unread = 0;
  for (const json& c : comments) {
    ASSERT_TRUE(by_id.count(c["post"])) << c["id"];
    EXPECT_GT(c["time_ms"].get<long long>(), by_id[c["post"]]["time_ms"].get<long long>()) << c["id"];
    EXPECT_LT(c["time_ms"].get<long long>(), 1767254400000LL) << c["id"];  // before the virtual now
    int depth = 1;
    for (json x = c; x["parent"] != ""; ++depth) {
      ASSERT_TRUE(cby.count(x["parent"])) << c["id"];
      EXPECT_LT(cby[x["parent"]]["time_ms"].get<long long>(), x["time_ms"].get<long long>());
      x = cby[x["parent"]];
    }
    max_depth = std::max(max_depth, depth);
    inbox_unread += c["unread"].get<bool>();
  }
  EXPECT_GE(max_depth, 3);
  EXPECT_GT(inbox_unread, 0);
  // r/AskScience requires a flair and question titles; r/Photos takes images only.
  for (const json& c : communities) {
    if (c["id"] == "askscience") {
      EXPECT_TRUE(c["flair_required"].get<bool>() && c["question_title"].get<bool>());
    }
    if (c["id"] == "photos") {
      EXPECT_EQ(c["kinds"], json::array({"image"}));
    }
  }
}

TEST(Forum, HomeShowsJoinedCommunitiesPopularShowsAllAndSortsApply) {
  Env env;
  const json before = open_app(env, "forum");
  expect_clean(env, "home");
  int joined_posts = 0;
  std::set<std::string> joined;
  for (const json& c : world("communities"))
    if (c["joined"].get<bool>()) joined.insert(c["id"]);
  for (const json& p : world("posts")) joined_posts += joined.count(p["community"]) > 0;
  EXPECT_EQ(feed_count(env), joined_posts);
  EXPECT_TRUE(find_node(env, "forum.feed.home")["selected"].get<bool>());
  EXPECT_TRUE(find_node(env, "forum.tab.home")["selected"].get<bool>());
  press(env, "forum.feed.popular");
  EXPECT_EQ(feed_count(env), static_cast<int>(world("posts").size()));
  // New: the newest post first.
  press(env, "forum.sort");
  press(env, "dialog.button.new");
  std::string newest;
  long long t = 0;
  for (const json& p : world("posts"))
    if (p["time_ms"].get<long long>() > t) t = p["time_ms"], newest = p["id"];
  EXPECT_TRUE(on_screen(env, "forum.card." + newest + ".title"));
  EXPECT_EQ(desc_of(env, "forum.sort"), "Sort: New");
  // Top: the highest score first.
  press(env, "forum.sort");
  press(env, "dialog.button.top");
  std::string top;
  int best = -1;
  for (const json& p : world("posts"))
    if (p["score"].get<int>() + p["vote"].get<int>() > best) best = p["score"].get<int>() + p["vote"].get<int>(), top = p["id"];
  EXPECT_TRUE(on_screen(env, "forum.card." + top + ".title"));
  EXPECT_EQ(text_of(env, "forum.card." + top + ".score"), std::to_string(best));
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/feed", "/apps/forum/sort"}));
  expect_clean(env, "popular top");
}

TEST(Forum, JoinAndLeaveACommunity) {
  Env env;
  const json before = open_app(env, "forum");
  const int home_before = feed_count(env);
  press(env, "forum.tab.communities");
  scroll_to(env, "forum.community.books.join");
  EXPECT_EQ(text_of(env, "forum.community.books.join"), "Join");
  EXPECT_NE(desc_of(env, "forum.community.books").find("22.6M members"), std::string::npos);
  press(env, "forum.community.books.join");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/communities/books"}));
  EXPECT_EQ(forum(env)["communities"]["books"], (json{{"joined", true}}));
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Joined r/Books");
  expect_clean(env, "communities after join");
  // Its posts are now in the Home feed.
  press(env, "forum.tab.home");
  int books = 0;
  for (const json& p : world("posts")) books += p["community"] == "books";
  EXPECT_EQ(feed_count(env), home_before + books);
  // Leave from the community's page: back to the world's state.
  press(env, "forum.tab.communities");
  scroll_to(env, "forum.community.books");
  press(env, "forum.community.books");
  ASSERT_EQ(env.phone().current_page(), "community");
  EXPECT_EQ(text_of(env, "forum.sub.join"), "Joined");
  EXPECT_EQ(text_of(env, "forum.sub.members"), "22.6M members");
  press(env, "forum.sub.join");
  EXPECT_EQ(text_of(env, "forum.sub.join"), "Join");
  EXPECT_TRUE(changed_paths(before, env.state()).empty());
  expect_clean(env, "community");
}

TEST(Forum, VotesOnAPostToggleAndSwitch) {
  Env env;
  open_app(env, "forum");
  const std::string p = post_id("Weeknight shakshuka");
  open_post_by_search(env, "shakshuka", p);
  const json before = env.state();
  const json w = *pg::World::instance().entity("forum", "posts", p);
  const int score = w["score"].get<int>();
  EXPECT_EQ(text_of(env, "forum.post.score"), std::to_string(score));
  press(env, "forum.post.up");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/posts/" + p}));
  EXPECT_EQ(forum(env)["posts"][p], (json{{"vote", 1}}));
  EXPECT_EQ(text_of(env, "forum.post.score"), std::to_string(score + 1));
  EXPECT_TRUE(find_node(env, "forum.post.up")["checked"].get<bool>());
  press(env, "forum.post.up");  // again: the vote is removed
  EXPECT_TRUE(changed_paths(before, env.state()).empty());
  EXPECT_EQ(text_of(env, "forum.post.score"), std::to_string(score));
  press(env, "forum.post.down");
  EXPECT_EQ(forum(env)["posts"][p], (json{{"vote", -1}}));
  EXPECT_EQ(text_of(env, "forum.post.score"), std::to_string(score - 1));
  press(env, "forum.post.up");  // one vote per item: up replaces down
  EXPECT_EQ(forum(env)["posts"][p], (json{{"vote", 1}}));
  EXPECT_EQ(text_of(env, "forum.post.score"), std::to_string(score + 1));
  expect_clean(env, "post");
}

TEST(Forum, VotesOnACommentAndFromAFeedCard) {
  Env env;
  open_app(env, "forum");
  const std::string p = post_id("Weeknight shakshuka");
  const std::string c = thread_on(p).first;
  open_post_by_search(env, "shakshuka", p);
  const json before = env.state();
  scroll_to(env, "forum.comment." + c + ".down");
  const int score = pg::World::instance().entity("forum", "comments", c)->at("score").get<int>();
  press(env, "forum.comment." + c + ".down");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/comments/" + c}));
  EXPECT_EQ(forum(env)["comments"][c], (json{{"vote", -1}}));
  EXPECT_EQ(text_of(env, "forum.comment." + c + ".score"), std::to_string(score - 1));
  // A card's arrows vote too (the owner already upvoted their own post: tapping up removes it).
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "forum.tab.profile");
  const std::string mine = post_id("Finally replaced my shoes");
  ASSERT_TRUE(on_screen(env, "forum.card." + mine + ".up"));
  EXPECT_TRUE(find_node(env, "forum.card." + mine + ".up")["checked"].get<bool>());
  press(env, "forum.card." + mine + ".up");
  EXPECT_EQ(forum(env)["posts"][mine], (json{{"vote", 0}}));
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/forum/comments/" + c, "/apps/forum/posts/" + mine}));
}

TEST(Forum, CommentOnAPostAndReplyInAThread) {
  Env env;
  open_app(env, "forum");
  const std::string p = post_id("Weeknight shakshuka");
  const std::string parent = thread_on(p).first;
  open_post_by_search(env, "shakshuka", p);
  const json before = env.state();
  const std::string count = text_of(env, "forum.post.comments");
  press(env, "forum.post.add_comment");
  ASSERT_EQ(env.phone().current_page(), "compose");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "forum.compose.text");
  press(env, "forum.compose.send");  // nothing typed: refused
  EXPECT_EQ(text_of(env, "forum.compose.error"), "Write something before posting");
  expect_clean(env, "compose error");
  press(env, "forum.compose.text");
  type_text(env, "Tried it with feta and za'atar, so good.");
  press(env, "forum.compose.send");
  ASSERT_EQ(env.phone().current_page(), "post");
  EXPECT_EQ(text_of(env, "forum.comment.c2001"), "Tried it with feta and za'atar, so good.");
  EXPECT_EQ(text_of(env, "forum.post.comments"), std::to_string(std::atoi(count.c_str()) + 1));
  const json& c1 = forum(env)["comments"]["c2001"];
  EXPECT_EQ(c1["post"], p);
  EXPECT_EQ(c1["parent"], "");
  EXPECT_EQ(c1["author"], "alexrivera");
  EXPECT_EQ(c1["score"], 0);
  EXPECT_EQ(c1["vote"], 1);
  EXPECT_GE(c1["time_ms"].get<long long>(), 1767254400000LL);  // now, on the virtual clock
  // Reply to a comment: the reply sits under it, one level deeper.
  scroll_to(env, "forum.comment." + parent + ".reply");
  press(env, "forum.comment." + parent + ".reply");
  EXPECT_EQ(text_of(env, "forum.compose.context"), pg::World::instance().entity("forum", "comments", parent)->at("body"));
  type_text(env, "Same here, half the chili works for kids.");
  press(env, "forum.compose.send");
  EXPECT_EQ(forum(env)["comments"]["c2002"]["parent"], parent);
  scroll_to(env, "forum.comment.c2002");
  const json a = find_node(env, "forum.comment." + parent), b = find_node(env, "forum.comment.c2002");
  EXPECT_GT(b["bounds"][0].get<int>(), a["bounds"][0].get<int>());  // indented under its parent
  EXPECT_GT(b["bounds"][1].get<int>(), a["bounds"][1].get<int>());
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/forum/comments/c2001", "/apps/forum/comments/c2002", "/apps/forum/next_comment"}));
  expect_clean(env, "thread");
}

TEST(Forum, CommentsCollapseAndExpand) {
  Env env;
  open_app(env, "forum");
  const std::string p = post_id("Weeknight shakshuka");
  const auto [parent, child] = thread_on(p);
  open_post_by_search(env, "shakshuka", p);
  const json before = env.state();
  scroll_to(env, "forum.comment." + child);
  press(env, "forum.comment." + parent);
  EXPECT_EQ(forum(env)["collapsed"], json::array({parent}));
  EXPECT_FALSE(on_screen(env, "forum.comment." + child));
  EXPECT_TRUE(find_node(env, "forum.comment." + parent)["selected"].get<bool>());
  expect_clean(env, "collapsed");
  press(env, "forum.comment." + parent);
  EXPECT_TRUE(on_screen(env, "forum.comment." + child));
  EXPECT_EQ(changed_paths(before, env.state()), Paths{});
}

TEST(Forum, AskSciencePostsNeedAFlairAndAQuestionTitle) {
  Env env;
  const json before = open_app(env, "forum");
  press(env, "forum.tab.create");
  ASSERT_EQ(env.phone().current_page(), "create");
  press(env, "forum.create.post");
  EXPECT_EQ(text_of(env, "forum.create.error"), "Choose a community to post in");
  press(env, "forum.create.flair");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Choose a community first");
  press(env, "forum.create.community");
  scroll_to(env, "forum.pick.askscience");
  press(env, "forum.pick.askscience");
  ASSERT_EQ(env.phone().current_page(), "create");
  EXPECT_NE(text_of(env, "forum.create.rules").find("Every post needs a flair."), std::string::npos);
  press(env, "forum.create.title_field");
  type_text(env, "Why do cats purr");
  press(env, "forum.create.post");
  EXPECT_EQ(text_of(env, "forum.create.error"), "Titles in r/AskScience need at least 20 characters");
  type_text(env, " when they are happy");
  press(env, "forum.create.post");
  EXPECT_EQ(text_of(env, "forum.create.error"), "r/AskScience titles must be a question ending in \"?\"");
  type_text(env, "?");
  press(env, "forum.create.post");
  EXPECT_EQ(text_of(env, "forum.create.error"), "r/AskScience requires a flair. Add a flair to post.");
  expect_clean(env, "create error");
  press(env, "forum.create.flair");
  press(env, "dialog.button.biology");
  EXPECT_EQ(desc_of(env, "forum.create.flair"), "Flair: Biology");
  press(env, "forum.create.body");
  type_text(env, "Is it always a sign of contentment?");
  press(env, "forum.create.post");
  ASSERT_EQ(env.phone().current_page(), "post");
  const json& post = forum(env)["posts"]["p301"];
  EXPECT_EQ(post["community"], "askscience");
  EXPECT_EQ(post["title"], "Why do cats purr when they are happy?");
  EXPECT_EQ(post["flair"], "Biology");
  EXPECT_EQ(post["kind"], "text");
  EXPECT_EQ(post["body"], "Is it always a sign of contentment?");
  EXPECT_EQ(post["author"], "alexrivera");
  EXPECT_EQ(post["vote"], 1);
  EXPECT_EQ(text_of(env, "forum.post.heading"), "Why do cats purr when they are happy?");
  EXPECT_EQ(text_of(env, "forum.post.flair"), "Biology");
  EXPECT_EQ(text_of(env, "forum.post.score"), "1");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Posted to r/AskScience");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/posts/p301", "/apps/forum/next_post"}));
  // Back from the new post: the page Create was opened from.
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "home");
}

TEST(Forum, PhotosNeedsAnImageFromGallery) {
  Env env;
  const json before = open_app(env, "forum");
  press(env, "forum.tab.create");
  press(env, "forum.create.community");
  press(env, "forum.pick.photos");
  EXPECT_TRUE(find_node(env, "forum.create.kind.image")["selected"].get<bool>());  // image posts only
  press(env, "forum.create.title_field");
  type_text(env, "Sunset over the ocean");
  press(env, "forum.create.kind.text");
  press(env, "forum.create.post");
  EXPECT_EQ(text_of(env, "forum.create.error"), "r/Photos requires an image. Add a photo to post.");
  press(env, "forum.create.kind.image");
  press(env, "forum.create.post");
  EXPECT_EQ(text_of(env, "forum.create.error"), "r/Photos requires an image. Add a photo to post.");
  press(env, "forum.create.add_photo");
  ASSERT_EQ(env.phone().current_page(), "pick_photo");
  expect_clean(env, "pick photo");
  scroll_to(env, "forum.photo.IMG_20251102_174112");
  press(env, "forum.photo.IMG_20251102_174112");  // "Sunset at Ocean Beach"
  EXPECT_EQ(text_of(env, "forum.create.photo"), "IMG_20251102_174112");
  expect_clean(env, "create with photo");
  press(env, "forum.create.flair");
  press(env, "dialog.button.landscape");
  press(env, "forum.create.post");
  ASSERT_EQ(env.phone().current_page(), "post");
  const json& post = forum(env)["posts"]["p301"];
  EXPECT_EQ(post["community"], "photos");
  EXPECT_EQ(post["kind"], "image");
  EXPECT_EQ(post["photo"], "IMG_20251102_174112");
  EXPECT_EQ(post["flair"], "Landscape");
  EXPECT_EQ(desc_of(env, "forum.post.image"), "Photo: Sunset at Ocean Beach");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/posts/p301", "/apps/forum/next_post"}));
  expect_clean(env, "image post");
}

TEST(Forum, LinkPostsAndTitleLimits) {
  Env env;
  const json before = open_app(env, "forum");
  press(env, "forum.tab.create");
  press(env, "forum.create.community");
  scroll_to(env, "forum.pick.gaming");
  press(env, "forum.pick.gaming");
  press(env, "forum.create.title_field");
  const std::string long_title(121, 'a');
  type_text(env, long_title);
  press(env, "forum.create.post");
  EXPECT_EQ(text_of(env, "forum.create.error"), "Titles in r/Gaming can be at most 120 characters (this one has 121)");
  EXPECT_EQ(text_of(env, "forum.create.counter"), "121/120");
  expect_clean(env, "long title");
  press(env, "forum.create.title_field");
  type_text(env, "Speedrun of the year is out", true);
  press(env, "forum.create.kind.link");
  press(env, "forum.create.url");
  type_text(env, "not a link");
  press(env, "forum.create.post");
  EXPECT_EQ(text_of(env, "forum.create.error"), "Enter a link starting with https://");
  press(env, "forum.create.url");
  type_text(env, "https://www.example.org/speedrun-2025", true);
  press(env, "forum.create.post");
  ASSERT_EQ(env.phone().current_page(), "post");
  const json& post = forum(env)["posts"]["p301"];
  EXPECT_EQ(post["kind"], "link");
  EXPECT_EQ(post["url"], "https://www.example.org/speedrun-2025");
  EXPECT_EQ(post["domain"], "example.org");
  EXPECT_EQ(text_of(env, "forum.post.link"), "https://www.example.org/speedrun-2025");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/posts/p301", "/apps/forum/next_post"}));
}

TEST(Forum, EditOwnPost) {
  Env env;
  open_app(env, "forum");
  const std::string p = post_id("Dialing in a new grinder");
  open_post_by_search(env, "sour shots", p);
  const json before = env.state();
  press(env, "forum.post.menu");
  EXPECT_EQ(env.state()["os"]["dialog"]["buttons"][2]["id"], "edit");
  press(env, "dialog.button.edit");
  ASSERT_EQ(env.phone().current_page(), "edit_post");
  EXPECT_EQ(text_of(env, "forum.edit.note"), "Titles can't be changed after posting");
  type_text(env, "\n\nEDIT: solved, it was the water temperature.");
  press(env, "forum.edit.save");
  ASSERT_EQ(env.phone().current_page(), "post");
  const json& post = forum(env)["posts"][p];
  EXPECT_NE(post["body"].get<std::string>().find("EDIT: solved"), std::string::npos);
  EXPECT_GT(post["edited_ms"].get<long long>(), 0);
  EXPECT_NE(desc_of(env, "forum.post.author").find("edited"), std::string::npos);
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/posts/" + p}));
  // Someone else's post has no Edit or Delete.
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  open_post_by_search(env, "shakshuka", post_id("Weeknight shakshuka"));
  press(env, "forum.post.menu");
  std::set<std::string> ids;
  for (const json& b : nlohmann::json(env.state()["os"]["dialog"]["buttons"])) ids.insert(b["id"]);
  EXPECT_EQ(ids, (std::set<std::string>{"save", "hide", "report", "cancel"}));
}

TEST(Forum, DeleteOwnPostAsksFirst) {
  Env env;
  open_app(env, "forum");
  const std::string p = post_id("Dialing in a new grinder");
  open_post_by_search(env, "sour shots", p);
  const json before = env.state();
  press(env, "forum.post.menu");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete post?");
  press(env, "dialog.button.cancel");
  EXPECT_TRUE(changed_paths(before, env.state()).empty());
  press(env, "forum.post.menu");
  press(env, "dialog.button.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/posts/" + p}));
  EXPECT_TRUE(forum(env)["posts"][p].is_null());
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Post deleted");
  EXPECT_EQ(env.phone().current_page(), "search");
  // Gone from the profile, and its replies from the inbox.
  act(env, R"({"type":"back"})");
  press(env, "forum.tab.profile");
  EXPECT_FALSE(on_screen(env, "forum.card." + p + ".title"));
}

TEST(Forum, SaveHideAndReport) {
  Env env;
  open_app(env, "forum");
  const std::string p = post_id("Weeknight shakshuka");
  open_post_by_search(env, "shakshuka", p);
  const json before = env.state();
  press(env, "forum.post.save");
  EXPECT_EQ(forum(env)["posts"][p], (json{{"saved", true}}));
  EXPECT_TRUE(find_node(env, "forum.post.save")["checked"].get<bool>());
  // Report with a reason, and hide it too.
  press(env, "forum.post.menu");
  press(env, "dialog.button.report");
  ASSERT_EQ(env.phone().current_page(), "report");
  EXPECT_FALSE(find_node(env, "forum.report.submit")["enabled"].get<bool>());
  press(env, "forum.report.reason.spam");
  press(env, "forum.report.hide");
  scroll_to(env, "forum.report.submit");
  press(env, "forum.report.submit");
  ASSERT_EQ(env.phone().current_page(), "post");
  EXPECT_EQ(forum(env)["posts"][p], (json{{"saved", true}, {"reported", "Spam"}, {"hidden", true}}));
  EXPECT_EQ(text_of(env, "forum.post.reported"), "You reported this post: Spam");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/posts/" + p}));
  // Hidden posts leave the feeds and show under Profile > Hidden (and Saved).
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  press(env, "forum.feed.popular");
  press(env, "forum.sort");
  press(env, "dialog.button.new");
  const int all = feed_count(env);
  EXPECT_EQ(all, static_cast<int>(world("posts").size()) - 1);
  press(env, "forum.tab.profile");
  press(env, "forum.profile.tab.hidden");
  EXPECT_TRUE(on_screen(env, "forum.card." + p + ".title"));
  press(env, "forum.card." + p + ".menu");
  press(env, "dialog.button.hide");  // Unhide
  EXPECT_EQ(forum(env)["posts"][p], (json{{"saved", true}, {"reported", "Spam"}}));
  press(env, "forum.profile.tab.saved");
  scroll_to(env, "forum.card." + p + ".title");
  expect_clean(env, "saved");
}

TEST(Forum, InboxUnreadRepliesMarkReadAndReply) {
  Env env;
  const json before = open_app(env, "forum");
  int unread = 0;
  std::string newest;
  long long t = 0;
  for (const json& c : world("comments")) {
    unread += c["unread"].get<bool>();
    if (c["unread"].get<bool>() && c["time_ms"].get<long long>() > t) t = c["time_ms"], newest = c["id"];
  }
  ASSERT_GT(unread, 0);
  EXPECT_EQ(desc_of(env, "forum.tab.inbox"), std::to_string(unread) + " unread");
  press(env, "forum.tab.inbox");
  expect_clean(env, "inbox");
  EXPECT_EQ(text_of(env, "forum.inbox.summary"), std::to_string(unread) + " unread replies");
  EXPECT_TRUE(find_node(env, "forum.inbox." + newest)["selected"].get<bool>());
  // Opening one marks it read and shows its post.
  press(env, "forum.inbox." + newest);
  ASSERT_EQ(env.phone().current_page(), "post");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/comments/" + newest, "/apps/forum/highlight"}));
  EXPECT_EQ(forum(env)["comments"][newest], (json{{"unread", false}}));
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "forum.inbox.summary"), std::to_string(unread - 1) + (unread - 1 == 1 ? " unread reply" : " unread replies"));
  // Reply from the inbox.
  press(env, "forum.inbox." + newest + ".reply");
  ASSERT_EQ(env.phone().current_page(), "compose");
  type_text(env, "Thanks, see you there!");
  press(env, "forum.compose.send");
  EXPECT_EQ(env.phone().current_page(), "inbox");
  EXPECT_EQ(forum(env)["comments"]["c2001"]["parent"], newest);
  EXPECT_EQ(forum(env)["comments"]["c2001"]["body"], "Thanks, see you there!");
  // Mark all as read.
  press(env, "forum.inbox.mark_all");
  EXPECT_EQ(text_of(env, "forum.inbox.summary"), "No unread replies");
  Paths want{"/apps/forum/comments/c2001", "/apps/forum/next_comment", "/apps/forum/highlight"};
  for (const json& c : world("comments"))
    if (c["unread"].get<bool>()) want.insert("/apps/forum/comments/" + c["id"].get<std::string>());
  EXPECT_EQ(changed_paths(before, env.state()), want);
  EXPECT_EQ(desc_of(env, "forum.tab.inbox"), "");
}

TEST(Forum, ProfileKarmaTabsAndOtherUsers) {
  Env env;
  const json before = open_app(env, "forum");
  long long post_karma = 0, comment_karma = 0;
  for (const json& p : world("posts"))
    if (p["author"] == "alexrivera") post_karma += p["score"].get<int>() + p["vote"].get<int>();
  for (const json& c : world("comments"))
    if (c["author"] == "alexrivera") comment_karma += c["score"].get<int>() + c["vote"].get<int>();
  press(env, "forum.tab.profile");
  expect_clean(env, "profile");
  EXPECT_EQ(text_of(env, "forum.profile.display"), "Alex Rivera");
  EXPECT_EQ(text_of(env, "forum.profile.name"), "u/alexrivera");
  EXPECT_EQ(text_of(env, "forum.profile.post_karma"), std::to_string(post_karma));
  EXPECT_EQ(text_of(env, "forum.profile.comment_karma"), std::to_string(comment_karma));
  EXPECT_EQ(text_of(env, "forum.profile.karma"), std::to_string(post_karma + comment_karma));
  EXPECT_EQ(text_of(env, "forum.profile.cake_day"), "Cake day June 12, 2017");
  press(env, "forum.profile.tab.comments");
  expect_clean(env, "profile comments");
  // Another user's profile from a post's author line.
  press(env, "forum.tab.home");
  const std::string p = post_id("Weeknight shakshuka");
  open_post_by_search(env, "shakshuka", p);
  const std::string author = pg::World::instance().entity("forum", "posts", p)->at("author");
  press(env, "forum.post.author");
  ASSERT_EQ(env.phone().current_page(), "user");
  EXPECT_EQ(text_of(env, "forum.user.name"), "u/" + author);
  EXPECT_TRUE(on_screen(env, "forum.card." + p + ".title"));
  expect_clean(env, "user");
  press(env, "forum.user.tab.comments");
  expect_clean(env, "user comments");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/profile_tab", "/apps/forum/query", "/apps/forum/user_tab"}));
}

TEST(Forum, SearchFindsCommunitiesAndPosts) {
  Env env;
  const json before = open_app(env, "forum");
  press(env, "forum.search");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "forum.search.field");
  type_text(env, "lisbon");
  act(env, R"({"type":"enter"})");
  EXPECT_TRUE(on_screen(env, "forum.search.community.lisbon"));
  EXPECT_TRUE(on_screen(env, "forum.search.post." + post_id("Lisbon in December: trip report")));
  expect_clean(env, "search");
  press(env, "forum.search.community.lisbon");
  ASSERT_EQ(env.phone().current_page(), "community");
  EXPECT_EQ(text_of(env, "forum.sub.name"), "r/Lisbon");
  press(env, "forum.sub.about");
  ASSERT_EQ(env.phone().current_page(), "rules");
  EXPECT_EQ(text_of(env, "forum.rules.rule.3"), "No short-term rental ads");
  expect_clean(env, "rules");
  EXPECT_EQ(changed_paths(before, env.state()), (Paths{"/apps/forum/query"}));
}

TEST(Forum, ShareAPostToMessagesWithTheSendIntent) {
  Env env;
  open_app(env, "forum");
  const std::string p = post_id("Weeknight shakshuka");
  open_post_by_search(env, "shakshuka", p);
  const json before = env.state();
  press(env, "forum.post.share");
  if (env.state()["os"]["dialog"].is_object()) {  // more than one app takes text: the chooser
    EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Share");
    press(env, "dialog.button.messages");
  }
  ASSERT_EQ(env.state()["os"]["foreground"], "messages");
  EXPECT_EQ(env.phone().current_page(), "new_conversation");
  type_text(env, "Julia");
  press(env, "messages.contact.t08");
  press(env, "messages.send");
  const json thread = env.state()["apps"]["messages"]["threads"]["t08"];
  const std::string text = thread["messages"].back()["text"];
  EXPECT_NE(text.find("Weeknight shakshuka that actually tastes like the one at my local cafe"), std::string::npos);
  EXPECT_NE(text.find("https://forum.example.com/r/Cooking/comments/" + p), std::string::npos);
  for (const std::string& path : changed_paths(before, env.state()))
    EXPECT_TRUE(path.rfind("/apps/messages/", 0) == 0 || path.rfind("/os/permissions", 0) == 0 || path.rfind("/apps/chat", 0) == 0) << path;
  EXPECT_TRUE(changed_paths(before, env.state()).count("/apps/messages/threads/t08"));
}

TEST(Forum, ExportsForOtherApps) {
  Env env;
  const std::string p = post_id("Weeknight shakshuka");
  const json post = pg::call_app(env.phone(), "forum", "post", {{"id", p}});
  EXPECT_EQ(post["community"], "r/Cooking");
  EXPECT_EQ(post["link"], "https://forum.example.com/r/Cooking/comments/" + p);
  EXPECT_THROW(pg::call_app(env.phone(), "forum", "post", {{"id", "p999"}}), std::invalid_argument);
  const json comms = pg::call_app(env.phone(), "forum", "communities");
  EXPECT_EQ(comms.size(), world("communities").size());
  EXPECT_GT(pg::call_app(env.phone(), "forum", "unread")["unread"].get<int>(), 0);
}
