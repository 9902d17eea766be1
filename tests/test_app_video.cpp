// Video through actions, as a user drives it: the home feed and its category chips, search with
// filters and sort, the player on virtual time (play/pause, wait, seek, speed, quality, live
// comments), like, tips in coins (and too few coins), folders (save, new folder, bad names),
// share to Messages, comments and replies with likes, channels (follow, bell, unfollow with its
// confirmation), and the Library (history cleared after a confirmation, watch later, downloads,
// folders). Each flow checks which user data changed (the top-level keys of apps.video outside
// its ui_state, plus every other app) and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace pg::testing;

namespace {

const json& video(Env& env) { return env.phone().app_state("video"); }

int top_of(Env& env, const std::string& id) { return find_node(env, id)["bounds"][1].get<int>(); }

/// The changed paths of a flow, with apps.video's paths cut to their top-level key and its
/// ui_state keys (player, query, filters, category, draft, ...) left out: the user data a flow
/// changed. Paths of other apps are kept whole.
Paths data_paths(const json& before, const json& after) {
  static const std::set<std::string> kUi = {"player", "query", "filters", "category", "draft",
                                            "folder_name", "tip_coins", "next_comment", "next_folder"};
  Paths out;
  for (const std::string& p : changed_paths(before, after)) {
    const std::string pre = "/apps/video/";
    if (p.rfind(pre, 0) != 0) {
      out.insert(p);
      continue;
    }
    const std::string key = p.substr(pre.size(), p.find('/', pre.size()) - pre.size());
    if (!kUi.count(key)) out.insert(pre + key);
  }
  return out;
}

/// Searches from the home page: the search button, the text, enter (hides the keyboard).
void search_for(Env& env, const std::string& text) {
  press(env, "video.search");
  type_text(env, text);
  act(env, R"({"type":"enter"})");
}

/// Opens a video by searching its exact title.
void open_video(Env& env, const std::string& title, const std::string& id) {
  search_for(env, title);
  press(env, "video.result." + id);
  ASSERT_EQ(env.phone().current_page(), "player");
}

}  // namespace

TEST(Video, HomeFeedNewestFirstAndCategoryChips) {
  Env env;
  const json before = open_app(env, "video");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(text_of(env, "video.feed.v220"), "Folding Origami Cranes");
  EXPECT_EQ(find_node(env, "video.feed.v220")["desc"], "Paper Planet, 10:44, 119K views");
  EXPECT_EQ(text_of(env, "video.feed.v220.channel"), "Paper Planet");
  EXPECT_TRUE(find_node(env, "video.chip.all")["selected"].get<bool>() || find_node(env, "video.chip.all")["checked"].get<bool>());
  press(env, "video.chip.cooking");
  EXPECT_EQ(video(env)["category"], "cooking");
  EXPECT_FALSE(on_screen(env, "video.feed.v220"));
  EXPECT_TRUE(on_screen(env, "video.feed.v212"));  // Baking Banana Bread for Beginners, the newest cooking video
  EXPECT_EQ(data_paths(before, env.state()), Paths{});
  for (const char* tab : {"video.tab.home", "video.tab.subscriptions", "video.tab.library"})
    EXPECT_TRUE(on_screen(env, tab)) << tab;
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Video, SearchWithFiltersAndSort) {
  Env env;
  const json before = open_app(env, "video");
  press(env, "video.search");
  EXPECT_EQ(env.phone().current_page(), "search");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "video.search.field");
  EXPECT_TRUE(on_screen(env, "video.search.hint"));
  type_text(env, "origami");
  act(env, R"({"type":"enter"})");
  EXPECT_EQ(text_of(env, "video.search.count"), "2 results");
  // Relevance: every title has the word, so the most viewed first.
  EXPECT_LT(top_of(env, "video.result.v217"), top_of(env, "video.result.v220"));  // 4M views before 119K
  // Under 4 minutes only.
  press(env, "video.search.filters");
  EXPECT_EQ(env.phone().current_page(), "filters");
  press(env, "video.filters.duration.short");
  press(env, "video.filters.apply");
  EXPECT_EQ(env.phone().current_page(), "search");
  EXPECT_EQ(text_of(env, "video.search.count"), "1 result \u00b7 Under 4 minutes");
  EXPECT_TRUE(on_screen(env, "video.result.v217"));
  EXPECT_FALSE(on_screen(env, "video.result.v220"));
  // Any length again, newest first, this week only.
  press(env, "video.search.filters");
  press(env, "video.filters.duration.any");
  press(env, "video.filters.date.week");
  scroll_to(env, "video.filters.sort.date");
  press(env, "video.filters.sort.date");
  press(env, "video.filters.apply");
  EXPECT_EQ(text_of(env, "video.search.count"), "2 results \u00b7 This week \u00b7 Upload date");
  EXPECT_LT(top_of(env, "video.result.v220"), top_of(env, "video.result.v217"));
  EXPECT_EQ(video(env)["filters"], (json{{"duration", "any"}, {"date", "week"}, {"sort", "date"}}));
  // No match: a clear message.
  press(env, "video.search.field");
  type_text(env, "zzzz unicorn", true);
  EXPECT_EQ(text_of(env, "video.search.count"), "0 results \u00b7 This week \u00b7 Upload date");
  EXPECT_TRUE(on_screen(env, "video.search.empty"));
  EXPECT_EQ(data_paths(before, env.state()), Paths{});
}

TEST(Video, PlayerPlaysOnVirtualTimeSeeksAndChangesSpeed) {
  Env env;
  const json before = open_app(env, "video");
  press(env, "video.feed.v220");
  EXPECT_EQ(env.phone().current_page(), "player");
  EXPECT_EQ(video(env)["player"]["video"], "v220");
  EXPECT_TRUE(video(env)["player"]["playing"].get<bool>());
  EXPECT_EQ(video(env)["history"][0]["video"], "v220");  // on top of the watch history
  EXPECT_EQ(video(env)["history"].size(), 6u);
  EXPECT_EQ(data_paths(before, env.state()), Paths{"/apps/video/history"});
  act(env, R"({"type":"wait","seconds":30})");
  EXPECT_EQ(text_of(env, "video.player.time"), "0:30 / 10:44");
  // Pause: time stops.
  press(env, "video.player.play");
  EXPECT_FALSE(video(env)["player"]["playing"].get<bool>());
  act(env, R"({"type":"wait","seconds":30})");
  EXPECT_EQ(text_of(env, "video.player.time"), "0:30 / 10:44");
  // Forward 10 seconds, then play at 2x: 10 s of waiting is 20 s of video.
  press(env, "video.player.forward");
  EXPECT_EQ(text_of(env, "video.player.time"), "0:40 / 10:44");
  press(env, "video.player.speed");
  ASSERT_TRUE(env.state()["os"]["dialog"].is_object());
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Playback speed");
  press(env, "dialog.button.s200");
  EXPECT_EQ(video(env)["prefs"]["speed_pct"], 200);
  EXPECT_EQ(text_of(env, "video.player.speed"), "2x");
  press(env, "video.player.play");
  act(env, R"({"type":"wait","seconds":10})");
  EXPECT_EQ(text_of(env, "video.player.time"), "1:00 / 10:44");
  // The seek bar: a tap in its middle jumps to the middle of the video.
  press(env, "video.player.seek");
  const int pos = video(env)["player"]["position_ms"].get<int>() / 1000;
  EXPECT_NEAR(pos, 322, 2);
  // Played to the end (at 2x, 3 minutes of waiting), it stops there.
  for (int i = 0; i < 3; ++i) act(env, R"({"type":"wait","seconds":60})");
  EXPECT_FALSE(video(env)["player"]["playing"].get<bool>());
  EXPECT_EQ(text_of(env, "video.player.time"), "10:44 / 10:44");
  EXPECT_EQ(data_paths(before, env.state()), (Paths{"/apps/video/history", "/apps/video/prefs"}));
}

TEST(Video, QualityDownloadAndLiveComments) {
  Env env;
  open_app(env, "video");
  press(env, "video.feed.v220");
  const json before = env.state();
  EXPECT_TRUE(video(env)["prefs"]["danmaku"].get<bool>());
  press(env, "video.player.danmaku");
  EXPECT_FALSE(video(env)["prefs"]["danmaku"].get<bool>());
  press(env, "video.player.quality");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Quality");
  press(env, "dialog.button.q1080p");
  EXPECT_EQ(video(env)["prefs"]["quality"], "1080p");
  EXPECT_EQ(text_of(env, "video.player.quality"), "1080p");
  EXPECT_EQ(data_paths(before, env.state()), Paths{"/apps/video/prefs"});
  // The download toggle keeps the current quality.
  const json before_dl = env.state();
  scroll_to(env, "video.player.download");
  press(env, "video.player.download");
  ASSERT_EQ(video(env)["downloads"].size(), 2u);
  EXPECT_EQ(video(env)["downloads"][1]["video"], "v220");
  EXPECT_EQ(video(env)["downloads"][1]["quality"], "1080p");
  EXPECT_EQ(text_of(env, "video.player.download"), "1080p");
  EXPECT_EQ(data_paths(before_dl, env.state()), Paths{"/apps/video/downloads"});
  press(env, "video.player.download");
  EXPECT_EQ(video(env)["downloads"].size(), 1u);
  EXPECT_EQ(data_paths(before_dl, env.state()), Paths{});
}

TEST(Video, LikeAndWatchLaterToggle) {
  Env env;
  open_app(env, "video");
  press(env, "video.feed.v220");
  const json before = env.state();
  scroll_to(env, "video.player.like");
  EXPECT_EQ(text_of(env, "video.player.like"), "4.2K");
  press(env, "video.player.like");
  EXPECT_EQ(video(env)["liked"], (json{"v034", "v089", "v220"}));
  EXPECT_TRUE(find_node(env, "video.player.like")["checked"].get<bool>());
  press(env, "video.player.later");
  EXPECT_EQ(video(env)["watch_later"].back(), "v220");
  EXPECT_EQ(data_paths(before, env.state()), (Paths{"/apps/video/liked", "/apps/video/watch_later"}));
  press(env, "video.player.like");
  press(env, "video.player.later");
  EXPECT_EQ(data_paths(before, env.state()), Paths{});
}

TEST(Video, TipCoinsAndNotEnoughCoins) {
  Env env;
  open_app(env, "video");
  press(env, "video.feed.v220");
  const json before = env.state();
  scroll_to(env, "video.player.tip");
  press(env, "video.player.tip");
  EXPECT_EQ(env.phone().current_page(), "tip");
  EXPECT_EQ(text_of(env, "video.tip.balance"), "Your balance: 120 coins");
  press(env, "video.tip.5");
  EXPECT_EQ(text_of(env, "video.tip.confirm"), "Tip 5 coins");
  press(env, "video.tip.confirm");
  EXPECT_EQ(env.phone().current_page(), "player");
  EXPECT_EQ(video(env)["coins"], 115);
  ASSERT_EQ(video(env)["tips"].size(), 1u);
  EXPECT_EQ(video(env)["tips"][0]["video"], "v220");
  EXPECT_EQ(video(env)["tips"][0]["coins"], 5);
  EXPECT_EQ(data_paths(before, env.state()), (Paths{"/apps/video/coins", "/apps/video/tips"}));
  // With 3 coins left, 5 is refused with a clear error and nothing changes.
  env.apply_patch(json::array({{{"op", "replace"}, {"path", "/apps/video/coins"}, {"value", 3}}}));
  const json poor = env.state();
  press(env, "video.player.tip");
  press(env, "video.tip.5");
  press(env, "video.tip.confirm");
  EXPECT_EQ(env.phone().current_page(), "tip");
  EXPECT_EQ(text_of(env, "video.tip.error"), "Not enough coins: you have 3.");
  EXPECT_EQ(data_paths(poor, env.state()), Paths{});
  press(env, "video.tip.2");
  EXPECT_FALSE(on_screen(env, "video.tip.error"));
  press(env, "video.tip.confirm");
  EXPECT_EQ(video(env)["coins"], 1);
}

TEST(Video, SaveToFoldersAndCreateAFolder) {
  Env env;
  open_app(env, "video");
  press(env, "video.feed.v220");
  const json before = env.state();
  scroll_to(env, "video.player.save");
  press(env, "video.player.save");
  EXPECT_EQ(env.phone().current_page(), "save");
  EXPECT_FALSE(find_node(env, "video.save.folder.f1")["checked"].get<bool>());
  press(env, "video.save.folder.f1");
  EXPECT_EQ(video(env)["folders"][0]["videos"], (json{"v023", "v133", "v220"}));
  EXPECT_EQ(data_paths(before, env.state()), Paths{"/apps/video/folders"});
  // A new folder: an empty name and a taken name are refused.
  press(env, "video.save.new");
  EXPECT_EQ(env.phone().current_page(), "new_folder");
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "video.new_folder.name");
  press(env, "video.new_folder.create");
  EXPECT_EQ(text_of(env, "video.new_folder.error"), "Enter a folder name");
  press(env, "video.new_folder.name");
  type_text(env, "favorites");
  press(env, "video.new_folder.create");
  EXPECT_EQ(text_of(env, "video.new_folder.error"), "A folder named \"Favorites\" already exists");
  press(env, "video.new_folder.name");
  type_text(env, "Paper crafts", true);
  press(env, "video.new_folder.create");
  EXPECT_EQ(env.phone().current_page(), "save");
  ASSERT_EQ(video(env)["folders"].size(), 3u);
  EXPECT_EQ(video(env)["folders"][2], (json{{"id", "f3"}, {"name", "Paper crafts"}, {"videos", {"v220"}}}));
  EXPECT_TRUE(find_node(env, "video.save.folder.f3")["checked"].get<bool>());
  press(env, "video.save.done");
  EXPECT_EQ(env.phone().current_page(), "player");
  scroll_to(env, "video.player.save");
  EXPECT_EQ(text_of(env, "video.player.save"), "Saved");
  EXPECT_EQ(data_paths(before, env.state()), Paths{"/apps/video/folders"});
}

TEST(Video, ShareSendsTheLinkToMessages) {
  Env env;
  open_app(env, "video");
  press(env, "video.feed.v220");
  scroll_to(env, "video.player.share");
  press(env, "video.player.share");
  const json d = env.state()["os"]["dialog"];
  ASSERT_TRUE(d.is_object());
  EXPECT_EQ(d.value("kind", ""), "chooser");
  press(env, "dialog.button.messages");
  EXPECT_EQ(env.phone().foreground(), "messages");
  EXPECT_EQ(env.state()["apps"]["messages"]["draft"], "Folding Origami Cranes\nhttps://video.phonegym.org/watch/v220");
}

TEST(Video, CommentsRepliesAndLikes) {
  Env env;
  open_app(env, "video");
  scroll_to(env, "video.feed.v217");
  press(env, "video.feed.v217");
  scroll_to(env, "video.player.comments");
  EXPECT_EQ(text_of(env, "video.player.comments"), "Comments 6");
  press(env, "video.player.comments");
  EXPECT_EQ(env.phone().current_page(), "comments");
  const json before = env.state();
  // Top comments by likes: 856 before 421.
  EXPECT_LT(top_of(env, "video.comment.m0967"), top_of(env, "video.comment.m0972"));
  EXPECT_EQ(text_of(env, "video.comment.m0969.replies"), "2 replies");
  // An empty comment is refused.
  press(env, "video.comments.send");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Write a comment first");
  EXPECT_EQ(data_paths(before, env.state()), Paths{});
  press(env, "video.comments.field");
  type_text(env, "Folded a whole flock for my sister's wedding!");
  press(env, "video.comments.send");
  EXPECT_EQ(video(env)["comments"]["u1"],
            (json{{"video", "v217"}, {"author", "Alex Rivera"}, {"text", "Folded a whole flock for my sister's wedding!"},
                  {"likes", 0}, {"time_ms", video(env)["comments"]["u1"]["time_ms"]}, {"parent", ""}}));
  EXPECT_EQ(video(env)["draft"], "");
  EXPECT_LT(top_of(env, "video.comment.u1"), top_of(env, "video.comment.m0967"));  // yours first
  EXPECT_EQ(text_of(env, "video.comments.title"), "Comments \u00b7 7");
  // Like a comment, twice is undone.
  press(env, "video.comment.m0968.like");
  EXPECT_EQ(video(env)["liked_comments"], (json{"m0968"}));
  EXPECT_EQ(text_of(env, "video.comment.m0968.like"), "Like, 54");
  EXPECT_EQ(data_paths(before, env.state()), (Paths{"/apps/video/comments", "/apps/video/liked_comments"}));
  // Reply to a comment.
  press(env, "video.comment.m0969.replies");
  EXPECT_EQ(env.phone().current_page(), "replies");
  EXPECT_TRUE(on_screen(env, "video.comment.m0970"));
  EXPECT_TRUE(on_screen(env, "video.comment.m0971"));
  EXPECT_EQ(env.state()["os"]["keyboard"]["focus"], "video.replies.field");
  type_text(env, "A4 paper cut square works well.");
  press(env, "video.replies.send");
  EXPECT_EQ(video(env)["comments"]["u2"]["parent"], "m0969");
  EXPECT_TRUE(on_screen(env, "video.comment.u2"));
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "video.comment.m0969.replies"), "3 replies");
}

TEST(Video, FollowBellAndUnfollowWithConfirmation) {
  Env env;
  open_app(env, "video");
  press(env, "video.feed.v220");
  const json before = env.state();
  scroll_to(env, "video.player.follow");
  EXPECT_EQ(text_of(env, "video.player.follow"), "Follow");
  press(env, "video.player.follow");
  EXPECT_EQ(video(env)["following"].back(), (json{{"channel", "c31"}, {"bell", false}}));
  press(env, "video.player.channel");
  EXPECT_EQ(env.phone().current_page(), "channel");
  EXPECT_EQ(text_of(env, "video.channel.name"), "Paper Planet");
  EXPECT_EQ(text_of(env, "video.channel.follow"), "Following");
  press(env, "video.channel.bell");
  EXPECT_TRUE(video(env)["following"].back()["bell"].get<bool>());
  EXPECT_EQ(data_paths(before, env.state()), Paths{"/apps/video/following"});
  // Unfollowing asks first: Cancel keeps it, Unfollow removes it.
  press(env, "video.channel.follow");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Unfollow Paper Planet?");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(video(env)["following"].size(), 6u);
  press(env, "video.channel.follow");
  press(env, "dialog.button.unfollow");
  EXPECT_EQ(video(env)["following"].size(), 5u);
  EXPECT_EQ(text_of(env, "video.channel.follow"), "Follow");
  EXPECT_EQ(data_paths(before, env.state()), Paths{});
}

TEST(Video, SubscriptionsShowFollowedChannels) {
  Env env;
  open_app(env, "video");
  press(env, "video.tab.subscriptions");
  EXPECT_EQ(env.phone().current_page(), "subscriptions");
  EXPECT_EQ(text_of(env, "video.subs.channel.c04"), "Circuit Bench");
  EXPECT_TRUE(on_screen(env, "video.subs.video.v216"));  // Circuit Bench's newest
  EXPECT_FALSE(on_screen(env, "video.subs.video.v220"));  // Paper Planet is not followed
  press(env, "video.subs.channel.c13");
  EXPECT_EQ(env.phone().current_page(), "channel");
  EXPECT_EQ(text_of(env, "video.channel.name"), "Core & Calm");
  // A sixth channel starts a second row of avatars, and its videos join the list.
  act(env, R"({"type":"back"})");
  press(env, "video.tab.home");
  press(env, "video.feed.v220");
  press(env, "video.player.follow");
  act(env, R"({"type":"back"})");
  press(env, "video.tab.subscriptions");
  EXPECT_GT(top_of(env, "video.subs.channel.c31"), top_of(env, "video.subs.channel.c04"));
  EXPECT_TRUE(on_screen(env, "video.subs.video.v220"));
}

TEST(Video, LibraryHistoryClearNeedsConfirmation) {
  Env env;
  const json before = open_app(env, "video");
  press(env, "video.tab.library");
  EXPECT_EQ(text_of(env, "video.library.coins"), "120 coins");
  press(env, "video.library.history");
  EXPECT_EQ(env.phone().current_page(), "history");
  EXPECT_TRUE(on_screen(env, "video.history.v213"));
  // One entry removed.
  press(env, "video.history.v100.remove");
  EXPECT_EQ(video(env)["history"].size(), 4u);
  EXPECT_FALSE(on_screen(env, "video.history.v100"));
  press(env, "video.history.clear");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Clear watch history?");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(video(env)["history"].size(), 4u);
  press(env, "video.history.clear");
  press(env, "dialog.button.clear");
  EXPECT_EQ(video(env)["history"], json::array());
  EXPECT_TRUE(on_screen(env, "video.history.empty"));
  EXPECT_FALSE(on_screen(env, "video.history.clear"));
  EXPECT_EQ(data_paths(before, env.state()), Paths{"/apps/video/history"});
}

TEST(Video, LibraryWatchLaterDownloadsAndFolders) {
  Env env;
  const json before = open_app(env, "video");
  press(env, "video.tab.library");
  press(env, "video.library.later");
  EXPECT_EQ(env.phone().current_page(), "watch_later");
  press(env, "video.later.v166.remove");
  EXPECT_EQ(video(env)["watch_later"], (json{"v067", "v111"}));
  act(env, R"({"type":"back"})");
  press(env, "video.library.downloads");
  EXPECT_TRUE(on_screen(env, "video.download.v111"));
  press(env, "video.download.v111.remove");
  EXPECT_EQ(video(env)["downloads"], json::array());
  EXPECT_TRUE(on_screen(env, "video.downloads.empty"));
  act(env, R"({"type":"back"})");
  scroll_to(env, "video.library.folder.f1");
  press(env, "video.library.folder.f1");
  EXPECT_EQ(text_of(env, "video.folder.title"), "Favorites");
  press(env, "video.folder.video.v023.remove");
  EXPECT_EQ(video(env)["folders"][0]["videos"], (json{"v133"}));
  EXPECT_EQ(data_paths(before, env.state()),
            (Paths{"/apps/video/watch_later", "/apps/video/downloads", "/apps/video/folders"}));
  // A folder made from the Library is empty.
  act(env, R"({"type":"back"})");
  scroll_to(env, "video.library.new_folder");
  press(env, "video.library.new_folder");
  type_text(env, "Road trip");
  press(env, "video.new_folder.create");
  EXPECT_EQ(env.phone().current_page(), "library");
  EXPECT_EQ(video(env)["folders"][2], (json{{"id", "f3"}, {"name", "Road trip"}, {"videos", json::array()}}));
}

TEST(Video, OpeningFromLibraryListsPlaysThatVideo) {
  Env env;
  open_app(env, "video");
  press(env, "video.tab.library");
  press(env, "video.library.later");
  press(env, "video.later.v067");
  EXPECT_EQ(env.phone().current_page(), "player");
  EXPECT_EQ(text_of(env, "video.player.title"), "The Night Train to Edinburgh");
  EXPECT_EQ(video(env)["history"][0]["video"], "v067");
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "watch_later");
}

TEST(Video, PlaybackPausesInTheBackgroundAndResumes) {
  Env env;
  open_app(env, "video");
  press(env, "video.feed.v220");
  act(env, R"({"type":"wait","seconds":20})");
  EXPECT_EQ(text_of(env, "video.player.time"), "0:20 / 10:44");
  act(env, R"({"type":"home"})");
  act(env, R"({"type":"wait","seconds":30})");  // not in the foreground: the clock of the video stops
  open_app(env, "video");
  EXPECT_EQ(env.phone().current_page(), "player");
  EXPECT_EQ(text_of(env, "video.player.time"), "0:20 / 10:44");
  // Reopening the same video resumes where it was.
  act(env, R"({"type":"back"})");
  press(env, "video.feed.v220");
  EXPECT_EQ(text_of(env, "video.player.time"), "0:20 / 10:44");
  // Another video starts from the beginning.
  scroll_to(env, "video.next.v217");
  press(env, "video.next.v217");
  EXPECT_EQ(video(env)["player"]["video"], "v217");
  EXPECT_EQ(text_of(env, "video.player.time"), "0:00 / 2:24");
  EXPECT_EQ(video(env)["history"][0]["video"], "v217");
  EXPECT_EQ(video(env)["history"][1]["video"], "v220");
}

TEST(Video, SearchFindsChannelsAndTodaysUploads) {
  Env env;
  open_app(env, "video");
  search_for(env, "paper planet");
  EXPECT_EQ(text_of(env, "video.search.count"), "9 results");
  EXPECT_TRUE(on_screen(env, "video.result.v217"));  // the most viewed of the channel first
  press(env, "video.search.filters");
  press(env, "video.filters.date.today");
  press(env, "video.filters.apply");
  EXPECT_EQ(text_of(env, "video.search.count"), "2 results \u00b7 Today");
  press(env, "video.search.filters");
  press(env, "video.filters.reset");
  press(env, "video.filters.apply");
  EXPECT_EQ(text_of(env, "video.search.count"), "9 results");
  // Over 20 minutes: none of Paper Planet's videos is that long.
  press(env, "video.search.filters");
  press(env, "video.filters.duration.long");
  press(env, "video.filters.apply");
  EXPECT_EQ(text_of(env, "video.search.count"), "0 results \u00b7 Over 20 minutes");
}

TEST(Video, ExportsCoinsAndVideos) {
  Env env;
  EXPECT_EQ(pg::call_app(env.phone(), "video", "coins", json::object()), (json{{"coins", 120}}));
  EXPECT_EQ(pg::call_app(env.phone(), "video", "video", {{"id", "v220"}}),
            (json{{"id", "v220"}, {"title", "Folding Origami Cranes"}, {"channel", "Paper Planet"}, {"duration_s", 644},
                  {"link", "https://video.phonegym.org/watch/v220"}}));
  EXPECT_THROW(pg::call_app(env.phone(), "video", "video", {{"id", "v999"}}), std::invalid_argument);
}

TEST(Video, CommentsSortNewestFirst) {
  Env env;
  open_app(env, "video");
  scroll_to(env, "video.feed.v217");
  press(env, "video.feed.v217");
  press(env, "video.player.comments");
  const json before = env.state();
  EXPECT_TRUE(find_node(env, "video.comments.sort.top")["selected"].get<bool>() ||
              find_node(env, "video.comments.sort.top")["checked"].get<bool>());
  EXPECT_LT(top_of(env, "video.comment.m0967"), top_of(env, "video.comment.m0969"));  // 856 likes before 2
  press(env, "video.comments.sort.newest");
  EXPECT_LT(top_of(env, "video.comment.m0967"), top_of(env, "video.comment.m0968"));  // 08:56 before 08:47 (Dec 31)
  EXPECT_LT(top_of(env, "video.comment.m0972"), top_of(env, "video.comment.m0969"));
  EXPECT_EQ(data_paths(before, env.state()), Paths{});
}

TEST(Video, DeleteAFolderAfterConfirming) {
  Env env;
  const json before = open_app(env, "video");
  press(env, "video.tab.library");
  scroll_to(env, "video.library.folder.f2");
  press(env, "video.library.folder.f2");
  EXPECT_EQ(text_of(env, "video.folder.title"), "Weeknight dinners");
  press(env, "video.folder.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete \"Weeknight dinners\"?");
  press(env, "dialog.button.cancel");
  EXPECT_EQ(video(env)["folders"].size(), 2u);
  press(env, "video.folder.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "library");
  ASSERT_EQ(video(env)["folders"].size(), 1u);
  EXPECT_EQ(video(env)["folders"][0]["name"], "Favorites");
  EXPECT_FALSE(on_screen(env, "video.library.folder.f2"));
  EXPECT_EQ(data_paths(before, env.state()), Paths{"/apps/video/folders"});
}

TEST(Video, LikedVideosListNewestFirstAndUnlike) {
  Env env;
  open_app(env, "video");
  press(env, "video.feed.v220");
  press(env, "video.player.like");
  act(env, R"({"type":"back"})");
  const json before = env.state();
  press(env, "video.tab.library");
  scroll_to(env, "video.library.liked");
  EXPECT_EQ(find_node(env, "video.library.liked")["text"].get<std::string>().find("Liked videos"), 0u);
  press(env, "video.library.liked");
  EXPECT_EQ(env.phone().current_page(), "liked");
  EXPECT_LT(top_of(env, "video.liked.v220"), top_of(env, "video.liked.v089"));  // the latest like first
  EXPECT_LT(top_of(env, "video.liked.v089"), top_of(env, "video.liked.v034"));
  press(env, "video.liked.v089.remove");
  EXPECT_EQ(video(env)["liked"], (json{"v034", "v220"}));
  EXPECT_FALSE(on_screen(env, "video.liked.v089"));
  EXPECT_EQ(data_paths(before, env.state()), Paths{"/apps/video/liked"});
}

TEST(Video, SendALiveCommentAtTheCurrentSecond) {
  Env env;
  open_app(env, "video");
  press(env, "video.feed.v220");
  act(env, R"({"type":"wait","seconds":12})");
  press(env, "video.player.play");  // paused at 0:12: typing takes no video time
  EXPECT_EQ(text_of(env, "video.player.time"), "0:12 / 10:44");
  const json before = env.state();
  // An empty live comment is refused.
  press(env, "video.player.live_send");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Write a live comment first");
  press(env, "video.player.live_field");
  type_text(env, "Crane number one!");
  press(env, "video.player.live_send");
  ASSERT_EQ(video(env)["danmaku"].size(), 1u);
  EXPECT_EQ(video(env)["danmaku"][0]["video"], "v220");
  EXPECT_EQ(video(env)["danmaku"][0]["text"], "Crane number one!");
  EXPECT_EQ(video(env)["danmaku"][0]["at_s"], 12);
  EXPECT_EQ(video(env)["draft"], "");
  EXPECT_EQ(data_paths(before, env.state()), Paths{"/apps/video/danmaku"});
  // With live comments off, the field is gone.
  press(env, "video.player.danmaku");
  EXPECT_FALSE(on_screen(env, "video.player.live_field"));
}
