// Music through actions, as a user drives it: Home's shelves, search by tab, albums and artists
// (follow), playing (play/pause, next/previous, seek, a song ending on virtual time, repeat off /
// all / one, deterministic shuffle), likes, the queue (add, reorder, remove), the sleep timer, the
// library's playlists (create with bad names, add and remove songs, rename and reorder, delete
// with a confirmation), downloads and sharing a song to Chat. Each flow checks exactly which
// state keys it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/world.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace pg::testing;

namespace {

const json& music(Env& env) { return env.phone().app_state("music"); }
const json& player(Env& env) { return music(env)["player"]; }

/// The changed paths cut to their first three segments ("/apps/music/liked"): which keys a flow
/// touched, whatever the diff's granularity inside them.
std::set<std::string> keys_changed(const json& before, const json& after) {
  std::set<std::string> out;
  for (const std::string& p : changed_paths(before, after)) {
    std::size_t cut = 0;
    for (int i = 0; i < 3 && cut != std::string::npos; ++i) cut = p.find('/', cut + 1);
    out.insert(cut == std::string::npos ? p : p.substr(0, cut));
  }
  return out;
}

/// World facts the tests rely on (apps/music/world, gen/gen_world.py).
const char* kAlbum = "al05";  // "Colors" by Mara Vance (ar03), 9 songs s038..s046; downloaded by default
const std::vector<std::string> kAlbumTracks = {"s038", "s039", "s040", "s041", "s042", "s043", "s044", "s045", "s046"};

void wait_s(Env& env, int s) { act(env, R"({"type":"wait","seconds":)" + std::to_string(s) + "}"); }

/// Opens the album from Home's recently played and starts it from its first song.
void play_album(Env& env) {
  open_app(env, "music");
  press(env, std::string("music.recent.album.") + kAlbum);
  press(env, "music.album.play");
}

void open_player(Env& env) {
  press(env, "music.mini");
  ASSERT_EQ(env.phone().current_page(), "player");
}

std::int64_t duration_of(const std::string& song) {
  const json* s = pg::World::instance().entity("music", "songs", song);
  return s ? (*s)["duration_ms"].get<std::int64_t>() : 0;
}

/// Taps the player's seek bar where it means `sec` seconds into a song of `dur_s` seconds (the
/// track spans 24..336 dp).
void seek_to(Env& env, int sec, int dur_s) {
  const json seek = find_node(env, "music.player.seek");
  ASSERT_FALSE(seek.is_null());
  const int y = (seek["bounds"][1].get<int>() + seek["bounds"][3].get<int>()) / 2 * 1000 / 2400;
  const double x_dp = 24 + 312.0 * sec / dur_s;
  const int x = static_cast<int>(std::lround(x_dp * 3 * 1000 / 1080));
  act(env, R"({"type":"click","x":)" + std::to_string(x) + ",\"y\":" + std::to_string(y) + "}");
}

/// Opens a song's ⋮ menu on the current page and picks `button`.
void song_menu(Env& env, const std::string& song, const std::string& button) {
  scroll_to(env, "music.song." + song + ".more");
  press(env, "music.song." + song + ".more");
  ASSERT_TRUE(on_screen(env, "dialog.button." + button)) << button;
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
  press(env, "dialog.button." + button);
}

json playlist_named(Env& env, const std::string& name) {
  for (const json& p : music(env)["playlists"])
    if (p["name"] == name) return p;
  return nullptr;
}

}  // namespace

TEST(Music, HomeShowsRecentsShelvesAndTabs) {
  Env env;
  open_app(env, "music");
  EXPECT_EQ(env.phone().current_page(), "home");
  EXPECT_EQ(text_of(env, "music.home.greeting"), "Good morning");  // 08:00 local
  EXPECT_EQ(text_of(env, "music.recent.playlist.pl1"), "Road Trip");
  EXPECT_EQ(text_of(env, "music.recent.liked.liked"), "Liked Songs");
  EXPECT_EQ(text_of(env, "music.mix.mix1"), "Daily Mix 1");
  EXPECT_FALSE(on_screen(env, "music.mini"));  // nothing loaded yet
  for (const char* tab : {"music.tab.home", "music.tab.search", "music.tab.library"}) EXPECT_TRUE(on_screen(env, tab)) << tab;
  EXPECT_TRUE(find_node(env, "music.tab.home")["selected"].get<bool>());
  scroll_to(env, "music.mix.chill");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Music, SearchFindsSongsArtistsAlbumsAndPlaylists) {
  Env env;
  const json before = open_app(env, "music");
  press(env, "music.tab.search");
  EXPECT_TRUE(on_screen(env, "music.genre.jazz"));  // Browse all before typing
  enter_text(env, "music.search.field", "heavy love");
  act(env, R"({"type":"enter"})");
  EXPECT_EQ(text_of(env, "music.song.s038"), "Heavy Love");
  press(env, "music.search.tab.artists");
  EXPECT_TRUE(on_screen(env, "music.search.empty"));
  enter_text(env, "music.search.field", "mara", true);
  EXPECT_EQ(text_of(env, "music.result.artist.ar03"), "Mara Vance");
  press(env, "music.search.tab.albums");
  EXPECT_EQ(text_of(env, "music.result.album.al05"), "Colors");
  press(env, "music.search.tab.playlists");
  enter_text(env, "music.search.field", "daily", true);
  EXPECT_EQ(text_of(env, "music.result.playlist.mix3"), "Daily Mix 3");
  press(env, "music.result.playlist.mix3");
  EXPECT_EQ(env.phone().current_page(), "playlist");
  EXPECT_EQ(text_of(env, "music.playlist.title"), "Daily Mix 3");
  // Only UI keys changed: the query and the tab.
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/query", "/apps/music/search_tab"}));
  // A genre tile searches that genre.
  press(env, "music.playlist.back");
  enter_text(env, "music.search.field", "", true);
  act(env, R"({"type":"enter"})");
  press(env, "music.genre.country");
  EXPECT_EQ(music(env)["query"], "Country");
  EXPECT_TRUE(find_node(env, "music.search.tab.songs")["selected"].get<bool>());
}

TEST(Music, PlayingAnAlbumFillsTheQueueAndShowsTheMiniPlayer) {
  Env env;
  const json before = open_app(env, "music");
  press(env, "music.recent.album.al05");
  EXPECT_EQ(text_of(env, "music.album.title"), "Colors");
  press(env, "music.album.play");
  EXPECT_EQ(player(env)["song"], "s038");
  EXPECT_EQ(player(env)["playing"], true);
  EXPECT_EQ(player(env)["context"], "album:al05");
  EXPECT_EQ(player(env)["queue"], json(kAlbumTracks));
  EXPECT_EQ(music(env)["recent"][0], (json{{"kind", "album"}, {"id", "al05"}}));
  EXPECT_EQ(text_of(env, "music.mini"), "Heavy Love");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/player", "/apps/music/recent"}));
  // Tapping a row plays from that song; the mini player pauses.
  scroll_to(env, "music.song.s041");
  press(env, "music.song.s041");
  EXPECT_EQ(player(env)["song"], "s041");
  EXPECT_EQ(player(env)["index"], 3);
  press(env, "music.mini.play");
  EXPECT_EQ(player(env)["playing"], false);
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Music, PlayerControlsPlayPauseNextPreviousAndSeek) {
  Env env;
  play_album(env);
  open_player(env);
  EXPECT_EQ(text_of(env, "music.player.title"), "Heavy Love");
  EXPECT_EQ(text_of(env, "music.player.total"), "4:34");
  wait_s(env, 30);
  EXPECT_EQ(text_of(env, "music.player.elapsed").substr(0, 3), "0:3");  // 0:30 plus the taps
  press(env, "music.player.play");
  EXPECT_EQ(player(env)["playing"], false);
  const std::int64_t paused_at = player(env)["position_ms"];
  wait_s(env, 20);
  EXPECT_EQ(player(env)["position_ms"], paused_at);  // paused: time does not advance it
  press(env, "music.player.play");
  press(env, "music.player.next");
  EXPECT_EQ(player(env)["song"], "s039");
  EXPECT_EQ(text_of(env, "music.player.title"), "Secret Stars");
  wait_s(env, 10);
  press(env, "music.player.prev");  // after 3 s: restarts the song
  EXPECT_EQ(player(env)["song"], "s039");
  EXPECT_LT(player(env)["position_ms"].get<std::int64_t>(), 1000);
  press(env, "music.player.prev");  // at the start: the previous song
  EXPECT_EQ(player(env)["song"], "s038");
  // Seek: a tap at the middle of the bar goes to half the song.
  press(env, "music.player.play");  // pause so the position stays put
  const json seek = find_node(env, "music.player.seek");
  const int y = (seek["bounds"][1].get<int>() + seek["bounds"][3].get<int>()) / 2 * 1000 / 2400;
  act(env, R"({"type":"click","x":500,"y":)" + std::to_string(y) + "}");
  EXPECT_NEAR(static_cast<double>(player(env)["position_ms"].get<std::int64_t>()), duration_of("s038") / 2.0, 2000);
  EXPECT_EQ(text_of(env, "music.player.elapsed"), "2:17");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Music, ASongThatEndsGivesWayToTheNextByTheRepeatRules) {
  Env env;
  play_album(env);
  open_player(env);
  const int d0 = static_cast<int>(duration_of("s038") / 1000);
  // Seek near the end, then let it run out: the next song starts.
  seek_to(env, d0 - 5, d0);
  EXPECT_GE(player(env)["position_ms"].get<std::int64_t>(), (d0 - 7) * 1000);
  wait_s(env, 10);
  EXPECT_EQ(player(env)["song"], "s039");
  EXPECT_EQ(player(env)["playing"], true);
  EXPECT_GT(player(env)["position_ms"].get<std::int64_t>(), 2000);
  // Repeat: off -> all -> one.
  press(env, "music.player.repeat");
  EXPECT_EQ(player(env)["repeat"], "all");
  press(env, "music.player.repeat");
  EXPECT_EQ(player(env)["repeat"], "one");
  EXPECT_EQ(find_node(env, "music.player.repeat")["desc"], "Repeat one");
  const int d1 = static_cast<int>(duration_of("s039") / 1000);
  seek_to(env, d1 - 3, d1);
  wait_s(env, 6);
  EXPECT_EQ(player(env)["song"], "s039");  // repeat one plays it again
  EXPECT_LT(player(env)["position_ms"].get<std::int64_t>(), 6000);
  // Repeat all at the last song wraps to the first.
  press(env, "music.player.repeat");
  press(env, "music.player.repeat");
  EXPECT_EQ(player(env)["repeat"], "all");
  for (int i = 0; i < 7; ++i) press(env, "music.player.next");
  EXPECT_EQ(player(env)["song"], "s046");
  const int d8 = static_cast<int>(duration_of("s046") / 1000);
  seek_to(env, d8 - 2, d8);
  wait_s(env, 5);
  EXPECT_EQ(player(env)["song"], "s038");
  EXPECT_EQ(player(env)["playing"], true);
  // Repeat off: after the last song the player stops on the first, paused, at 0:00.
  press(env, "music.player.repeat");
  press(env, "music.player.repeat");
  EXPECT_EQ(player(env)["repeat"], "off");
  press(env, "music.player.prev");  // at the start of the first song: stays there (no repeat all)
  EXPECT_EQ(player(env)["song"], "s038");
  for (int i = 0; i < 8; ++i) press(env, "music.player.next");
  EXPECT_EQ(player(env)["song"], "s046");
  seek_to(env, d8 - 2, d8);
  wait_s(env, 5);
  EXPECT_EQ(player(env)["song"], "s038");
  EXPECT_EQ(player(env)["playing"], false);
  EXPECT_EQ(player(env)["position_ms"], 0);
  EXPECT_EQ(text_of(env, "music.player.elapsed"), "0:00");
}

TEST(Music, ShuffleIsDeterministicAndOffRestoresTheOrder) {
  json orders[2];
  for (json& order : orders) {
    Env env;
    play_album(env);
    open_player(env);
    press(env, "music.player.shuffle");
    EXPECT_EQ(player(env)["shuffle"], true);
    EXPECT_EQ(player(env)["queue"][0], "s038");  // the current song stays
    order = player(env)["queue"];
  }
  EXPECT_EQ(orders[0], orders[1]);
  EXPECT_NE(orders[0], json(kAlbumTracks));
  std::vector<std::string> sorted = orders[0].get<std::vector<std::string>>();
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, kAlbumTracks);
  Env env;
  play_album(env);
  open_player(env);
  press(env, "music.player.shuffle");
  press(env, "music.player.next");
  const std::string now = player(env)["song"];
  EXPECT_EQ(now, orders[0][1].get<std::string>());
  press(env, "music.player.shuffle");  // off: album order again, the song keeps playing
  EXPECT_EQ(player(env)["queue"], json(kAlbumTracks));
  EXPECT_EQ(player(env)["song"], now);
  EXPECT_EQ(player(env)["queue"][player(env)["index"].get<std::size_t>()], now);
}

TEST(Music, LikingASongFromThePlayerAndFromItsMenu) {
  Env env;
  play_album(env);
  open_player(env);
  // "Heavy Love" (s038) is liked by default: the heart unlikes it, then likes it again (newest first).
  const json before = env.state();
  EXPECT_TRUE(find_node(env, "music.player.like")["checked"].get<bool>());
  press(env, "music.player.like");
  EXPECT_FALSE(find_node(env, "music.player.like")["checked"].get<bool>());
  EXPECT_EQ(music(env)["liked"].size(), before["apps"]["music"]["liked"].size() - 1);
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/liked", "/apps/music/player"}));
  press(env, "music.player.like");
  EXPECT_EQ(music(env)["liked"][0]["song"], "s038");
  EXPECT_EQ(music(env)["liked"].size(), before["apps"]["music"]["liked"].size());
  // From a song's menu on the album page.
  act(env, R"({"type":"back"})");
  const json before2 = env.state();
  song_menu(env, "s040", "like");
  EXPECT_EQ(music(env)["liked"][0]["song"], "s040");
  EXPECT_EQ(music(env)["liked"].size(), before2["apps"]["music"]["liked"].size() + 1);
  EXPECT_EQ(keys_changed(before2, env.state()), (Paths{"/apps/music/liked", "/apps/music/player"}));
  // A long press on a row opens the same menu.
  scroll_to(env, "music.song.s041");
  press(env, "music.song.s041", "long_press");
  EXPECT_TRUE(on_screen(env, "dialog.button.like"));
  press(env, "dialog.button.like");
  EXPECT_EQ(music(env)["liked"][0]["song"], "s041");
  // Liked Songs lists them first.
  act(env, R"({"type":"back"})");
  press(env, "music.recent.liked.liked");
  EXPECT_EQ(text_of(env, "music.liked.count"), "26 songs");
  EXPECT_TRUE(on_screen(env, "music.song.s040"));
}

TEST(Music, QueueAddReorderAndRemove) {
  Env env;
  play_album(env);
  song_menu(env, "s045", "queue");
  EXPECT_EQ(player(env)["queue"][1], "s045");  // right after the current song
  song_menu(env, "s046", "queue");
  EXPECT_EQ(player(env)["queue"][2], "s046");  // after the songs queued before it
  EXPECT_EQ(player(env)["added"], 2);
  open_player(env);
  press(env, "music.player.queue");
  EXPECT_EQ(text_of(env, "music.queue.now"), "Heavy Love");
  EXPECT_TRUE(on_screen(env, "music.queue.s045"));
  press(env, "music.queue.s046.up");
  EXPECT_EQ(player(env)["queue"][1], "s046");
  EXPECT_EQ(player(env)["queue"][2], "s045");
  press(env, "music.queue.s039.remove");
  const json q = player(env)["queue"];
  EXPECT_EQ(std::count(q.begin(), q.end(), json("s039")), 0);
  EXPECT_EQ(q.size(), 10u);  // 9 + 2 queued - 1 removed
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
  EXPECT_NO_THROW(env.set_state(env.state()));
  press(env, "music.queue.s040.down");
  EXPECT_EQ(player(env)["queue"][4], "s040");
  EXPECT_EQ(player(env)["queue"][3], "s041");
  // Next plays the queued songs first.
  act(env, R"({"type":"back"})");
  press(env, "music.player.next");
  EXPECT_EQ(player(env)["song"], "s046");
  press(env, "music.player.next");
  EXPECT_EQ(player(env)["song"], "s045");
}

TEST(Music, SleepTimerStopsPlaybackOnVirtualTime) {
  Env env;
  play_album(env);
  open_player(env);
  press(env, "music.player.sleep");
  ASSERT_EQ(env.phone().current_page(), "sleep_timer");
  const json before = env.state();
  press(env, "music.sleep.5");
  EXPECT_EQ(env.phone().current_page(), "player");
  EXPECT_EQ(music(env)["sleep"]["minutes"], 5);
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/player", "/apps/music/sleep"}));
  EXPECT_EQ(find_node(env, "music.player.sleep")["desc"], "Sleep timer on");
  const std::int64_t end = music(env)["sleep"]["end_ms"];
  for (int i = 0; i < 4; ++i) wait_s(env, 60);
  EXPECT_EQ(player(env)["playing"], true);
  wait_s(env, 60);
  EXPECT_EQ(player(env)["playing"], false);
  EXPECT_EQ(music(env)["sleep"]["end_ms"], 0);
  EXPECT_GE(env.state()["os"]["time_ms"].get<std::int64_t>(), end);
  // Turning a timer off.
  press(env, "music.player.play");
  press(env, "music.player.sleep");
  press(env, "music.sleep.30");
  press(env, "music.player.sleep");
  EXPECT_TRUE(on_screen(env, "music.sleep.status"));
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
  press(env, "music.sleep.off");
  EXPECT_EQ(music(env)["sleep"]["end_ms"], 0);
  wait_s(env, 60);
  EXPECT_EQ(player(env)["playing"], true);
}

TEST(Music, CreatePlaylistRejectsBadNamesThenOpensIt) {
  Env env;
  open_app(env, "music");
  press(env, "music.tab.library");
  const json before = env.state();
  press(env, "music.library.create");
  ASSERT_EQ(env.phone().current_page(), "create_playlist");
  press(env, "music.create.submit");
  EXPECT_EQ(text_of(env, "music.create.error"), "Give your playlist a name");
  enter_text(env, "music.create.name", "road trip");
  press(env, "music.create.submit");
  EXPECT_EQ(text_of(env, "music.create.error"), "You already have a playlist called road trip");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
  EXPECT_EQ(music(env)["playlists"].size(), 4u);
  enter_text(env, "music.create.name", "Late Night Drive", true);
  press(env, "music.create.submit");
  EXPECT_EQ(env.phone().current_page(), "playlist");
  EXPECT_EQ(text_of(env, "music.playlist.title"), "Late Night Drive");
  EXPECT_TRUE(on_screen(env, "music.playlist.empty"));
  const json pl = music(env)["playlists"][0];
  EXPECT_EQ(pl["name"], "Late Night Drive");
  EXPECT_EQ(pl["id"], "pl5");
  EXPECT_EQ(pl["songs"], json::array());
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/playlists", "/apps/music/next_playlist"}));
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "library");
  EXPECT_TRUE(on_screen(env, "music.library.playlist.pl5"));
}

TEST(Music, AddSongToPlaylistAndToANewOne) {
  Env env;
  open_app(env, "music");
  press(env, "music.recent.album.al05");
  const json before = env.state();
  song_menu(env, "s042", "add_playlist");
  ASSERT_EQ(env.phone().current_page(), "add_to_playlist");
  press(env, "music.pick.pl2");
  EXPECT_EQ(env.phone().current_page(), "album");
  EXPECT_EQ(playlist_named(env, "Focus Flow")["songs"].back(), "s042");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/playlists"}));
  // Adding it again changes nothing ("Already in Focus Flow").
  const json again = env.state();
  song_menu(env, "s042", "add_playlist");
  EXPECT_TRUE(find_node(env, "music.pick.pl2")["selected"].get<bool>());
  press(env, "music.pick.pl2");
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "Already in Focus Flow");
  EXPECT_TRUE(keys_changed(again, env.state()).empty());
  // "New playlist" from the picker creates one holding the song.
  press(env, "music.pick.new");
  enter_text(env, "music.create.name", "Colors picks");
  press(env, "music.create.submit");
  EXPECT_EQ(env.phone().current_page(), "album");
  EXPECT_EQ(playlist_named(env, "Colors picks")["songs"], json::array({"s042"}));
}

TEST(Music, EditPlaylistRenamesReordersAndRemovesOnSave) {
  Env env;
  open_app(env, "music");
  press(env, "music.recent.playlist.pl1");
  const json songs = playlist_named(env, "Road Trip")["songs"];
  const std::string first = songs[0], second = songs[1], third = songs[2];
  const json before = env.state();
  press(env, "music.playlist.edit");
  enter_text(env, "music.edit.name", "Summer Road Trip", true);
  press(env, "music.edit." + second + ".up");
  press(env, "music.edit." + third + ".remove");
  // Cancel first: nothing changes.
  press(env, "music.edit.cancel");
  EXPECT_EQ(music(env)["playlists"], before["apps"]["music"]["playlists"]);
  press(env, "music.playlist.edit");
  enter_text(env, "music.edit.name", "", true);
  press(env, "music.edit.save");
  EXPECT_EQ(text_of(env, "music.edit.error"), "Give your playlist a name");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
  enter_text(env, "music.edit.name", "Summer Road Trip", true);
  press(env, "music.edit." + second + ".up");
  press(env, "music.edit." + third + ".remove");
  press(env, "music.edit.save");
  EXPECT_EQ(env.phone().current_page(), "playlist");
  const json pl = music(env)["playlists"][0];
  EXPECT_EQ(pl["name"], "Summer Road Trip");
  EXPECT_EQ(pl["songs"][0], second);
  EXPECT_EQ(pl["songs"][1], first);
  EXPECT_EQ(pl["songs"].size(), songs.size() - 1);
  EXPECT_EQ(text_of(env, "music.playlist.title"), "Summer Road Trip");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/playlists", "/apps/music/draft"}));
}

TEST(Music, RemoveSongFromPlaylistAndDeleteWithConfirmation) {
  Env env;
  open_app(env, "music");
  press(env, "music.tab.library");
  press(env, "music.library.playlist.pl4");
  const json songs = playlist_named(env, "Sunday Morning")["songs"];
  const std::string gone = songs[2];
  song_menu(env, gone, "remove");
  EXPECT_EQ(playlist_named(env, "Sunday Morning")["songs"].size(), songs.size() - 1);
  EXPECT_FALSE(on_screen(env, "music.song." + gone));
  // Delete: Cancel keeps it, Delete removes it and returns to the library.
  press(env, "music.playlist.delete");
  EXPECT_EQ(text_of(env, "dialog.title"), "Delete Sunday Morning?");
  press(env, "dialog.button.cancel");
  EXPECT_FALSE(playlist_named(env, "Sunday Morning").is_null());
  const json before = env.state();
  press(env, "music.playlist.delete");
  press(env, "dialog.button.delete");
  EXPECT_TRUE(playlist_named(env, "Sunday Morning").is_null());
  EXPECT_EQ(env.phone().current_page(), "library");
  EXPECT_FALSE(on_screen(env, "music.library.playlist.pl4"));
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/playlists"}));
}

TEST(Music, FollowArtistAndLibraryFilters) {
  Env env;
  open_app(env, "music");
  press(env, "music.tab.search");
  enter_text(env, "music.search.field", "Luna Marquez");
  act(env, R"({"type":"enter"})");
  press(env, "music.search.tab.artists");
  press(env, "music.result.artist.ar08");
  const json before = env.state();
  EXPECT_EQ(text_of(env, "music.artist.follow"), "Follow");
  press(env, "music.artist.follow");
  EXPECT_EQ(text_of(env, "music.artist.follow"), "Following");
  EXPECT_EQ(music(env)["followed"][0]["artist"], "ar08");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/followed"}));
  // The library's Artists filter lists it.
  press(env, "music.tab.library");
  press(env, "music.library.chip.artists");
  EXPECT_TRUE(on_screen(env, "music.library.artist.ar08"));
  EXPECT_FALSE(on_screen(env, "music.library.liked"));
  press(env, "music.library.artist.ar08");
  press(env, "music.artist.follow");  // unfollow
  EXPECT_EQ(music(env)["followed"], before["apps"]["music"]["followed"]);
}

TEST(Music, DownloadTogglesOnPlaylistsAndAlbums) {
  Env env;
  open_app(env, "music");
  press(env, "music.recent.playlist.pl2");
  const json before = env.state();
  press(env, "music.playlist.download");
  EXPECT_EQ(playlist_named(env, "Focus Flow")["downloaded"], true);
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/playlists"}));
  act(env, R"({"type":"back"})");
  press(env, "music.recent.album.al31");
  press(env, "music.album.download");
  EXPECT_EQ(music(env)["downloads"].back()["album"], "al31");
  press(env, "music.tab.library");
  press(env, "music.library.chip.albums");
  EXPECT_TRUE(on_screen(env, "music.library.album.al31"));
  EXPECT_TRUE(on_screen(env, "music.library.album.al05"));
  press(env, "music.library.album.al05");
  press(env, "music.album.download");  // remove the download
  EXPECT_EQ(music(env)["downloads"].size(), 1u);
  EXPECT_EQ(music(env)["downloads"][0]["album"], "al31");
}

TEST(Music, ShareASongToAChatFriend) {
  if (!pg::AppRegistry::instance().find("chat")) GTEST_SKIP() << "Chat is not installed";
  Env env;
  play_album(env);
  open_player(env);
  press(env, "music.player.share");
  ASSERT_TRUE(on_screen(env, "dialog.button.chat"));
  press(env, "dialog.button.chat");
  EXPECT_EQ(env.phone().foreground(), "chat");
  EXPECT_EQ(env.state()["apps"]["chat"]["draft"], "Heavy Love by Mara Vance https://music.phonegym.org/track/s038");
}

TEST(Music, PlaybackContinuesInTheBackground) {
  Env env;
  play_album(env);
  act(env, R"({"type":"home"})");
  wait_s(env, 40);
  EXPECT_GE(player(env)["position_ms"].get<std::int64_t>(), 40000);
  EXPECT_EQ(player(env)["song"], "s038");
}

TEST(Music, SearchResultsPlayAndTheSongMenuNavigates) {
  Env env;
  const json before = open_app(env, "music");
  press(env, "music.tab.search");
  enter_text(env, "music.search.field", "Mara Vance");
  act(env, R"({"type":"enter"})");
  // Songs match by artist too; a result plays the results from there, and recents stay as they were.
  scroll_to(env, "music.song.s040");
  press(env, "music.song.s040");
  EXPECT_EQ(player(env)["song"], "s040");
  EXPECT_EQ(player(env)["context"], "search:");
  EXPECT_EQ(music(env)["recent"], before["apps"]["music"]["recent"]);
  EXPECT_TRUE(on_screen(env, "music.mini"));
  song_menu(env, "s040", "artist");
  EXPECT_EQ(env.phone().current_page(), "artist");
  EXPECT_EQ(text_of(env, "music.artist.title"), "Mara Vance");
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
  song_menu(env, "s038", "album");
  EXPECT_EQ(env.phone().current_page(), "album");
  EXPECT_EQ(text_of(env, "music.album.title"), "Colors");
  press(env, "music.album.artist");
  EXPECT_EQ(env.phone().current_page(), "artist");
  // The player's ⋮ offers the same menu: Add to playlist from there.
  press(env, "music.mini");
  press(env, "music.player.more");
  press(env, "dialog.button.add_playlist");
  ASSERT_EQ(env.phone().current_page(), "add_to_playlist");
  press(env, "music.pick.pl3");
  EXPECT_EQ(env.phone().current_page(), "player");
  EXPECT_EQ(playlist_named(env, "Workout Mix")["songs"].back(), "s040");
  // Jumping to a song in the queue plays it.
  press(env, "music.player.queue");
  const std::size_t at = player(env)["index"].get<std::size_t>() + 2;
  ASSERT_LT(at, player(env)["queue"].size());
  const std::string later = player(env)["queue"][at];
  scroll_to(env, "music.queue." + later);
  press(env, "music.queue." + later);
  EXPECT_EQ(player(env)["song"], later);
  EXPECT_EQ(player(env)["index"], at);
  EXPECT_NO_THROW(env.set_state(env.state()));  // the state the flows left fits apps/music/schema.json
}

TEST(Music, SleepTimerAtTheEndOfTheTrackAndLongNames) {
  Env env;
  play_album(env);
  open_player(env);
  press(env, "music.player.sleep");
  press(env, "music.sleep.end_of_track");
  EXPECT_EQ(music(env)["sleep"]["end_of_track"], true);
  const int d0 = static_cast<int>(duration_of("s038") / 1000);
  seek_to(env, d0 - 4, d0);
  wait_s(env, 8);
  EXPECT_EQ(player(env)["playing"], false);
  EXPECT_EQ(player(env)["song"], "s039");  // the next song is loaded, paused at its start
  EXPECT_EQ(player(env)["position_ms"], 0);
  EXPECT_EQ(music(env)["sleep"]["end_of_track"], false);
  EXPECT_NO_THROW(env.set_state(env.state()));
  // A playlist name over 60 characters is refused.
  act(env, R"({"type":"back"})");
  press(env, "music.tab.library");
  press(env, "music.library.create");
  enter_text(env, "music.create.name", std::string(61, 'x'));
  press(env, "music.create.submit");
  EXPECT_EQ(text_of(env, "music.create.error"), "Playlist names can be at most 60 characters");
  EXPECT_EQ(music(env)["playlists"].size(), 4u);
  press(env, "music.create.cancel");
  EXPECT_EQ(env.phone().current_page(), "library");
}

TEST(Music, RecommendedSongsAddToTheEndOfAPlaylist) {
  Env env;
  open_app(env, "music");
  press(env, "music.tab.library");
  press(env, "music.library.playlist.pl2");
  const json songs = playlist_named(env, "Focus Flow")["songs"];
  // The first recommendation: the most played song of the playlist's most common genre it lacks.
  std::string first;
  for (int i = 0; i < 20 && first.empty(); ++i) {
    const json tree = env.ui_tree();
    for (const json& n : tree["nodes"]) {
      const std::string id = n["id"];
      if (id.rfind("music.playlist.rec.", 0) == 0 && id.size() > 4 && id.substr(id.size() - 4) == ".add") {
        first = id.substr(19, id.size() - 23);
        break;
      }
    }
    if (first.empty()) act(env, R"({"type":"swipe","x1":500,"y1":700,"x2":500,"y2":450})");
  }
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(std::count(songs.begin(), songs.end(), json(first)), 0);
  const json before = env.state();
  scroll_to(env, "music.playlist.rec." + first + ".add");
  press(env, "music.playlist.rec." + first + ".add");
  EXPECT_EQ(playlist_named(env, "Focus Flow")["songs"].back(), first);
  EXPECT_EQ(playlist_named(env, "Focus Flow")["songs"].size(), songs.size() + 1);
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/playlists"}));
  EXPECT_FALSE(on_screen(env, "music.playlist.rec." + first + ".add"));  // now a song of the playlist
  EXPECT_TRUE(on_screen(env, "music.song." + first));
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

TEST(Music, SaveAnAlbumToYourLibrary) {
  Env env;
  open_app(env, "music");
  press(env, "music.recent.album.al31");
  const json before = env.state();
  EXPECT_FALSE(find_node(env, "music.album.save")["checked"].get<bool>());
  press(env, "music.album.save");
  EXPECT_TRUE(find_node(env, "music.album.save")["checked"].get<bool>());
  EXPECT_EQ(music(env)["saved_albums"][0]["album"], "al31");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/music/saved_albums"}));
  press(env, "music.tab.library");
  press(env, "music.library.chip.albums");
  EXPECT_TRUE(on_screen(env, "music.library.album.al31"));
  EXPECT_TRUE(on_screen(env, "music.library.album.al12"));  // saved by default
  EXPECT_FALSE(on_screen(env, "music.library.playlist.pl1"));
  press(env, "music.library.album.al12");
  press(env, "music.album.save");  // remove it
  EXPECT_EQ(music(env)["saved_albums"].size(), 3u);
  act(env, R"({"type":"back"})");
  EXPECT_FALSE(on_screen(env, "music.library.album.al12"));
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}
