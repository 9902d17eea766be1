// Recorder through actions, as a user drives it: the microphone permission on the first record
// (allowed: recording starts; denied: an explanation and nothing records), the timer on virtual
// time, pause/resume, discard, stop -> the save dialog with "Recording N" prefilled and its name
// checks (empty, '/', taken), the list (rows with date, duration and size; sort; search), the
// player (play/pause on virtual time, the end, seek, ±10 s), rename with its checks, delete with a
// confirmation, share to Chat, and settings (format, quality, name pattern). Each flow checks
// exactly which state keys it changed and what the screen shows.
#include "phone_driver.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <gtest/gtest.h>

using namespace pg::testing;

namespace {

const json& rec(Env& env) { return env.phone().app_state("recorder"); }

/// The changed paths under /apps and /os/permissions, cut to four segments
/// ("/apps/recorder/recordings/r26"): what a flow touched, ignoring navigation and the clock.
Paths keys_changed(const json& before, const json& after) {
  Paths out;
  for (const std::string& p : changed_paths(before, after)) {
    if (p.rfind("/apps/", 0) != 0 && p.rfind("/os/permissions", 0) != 0) continue;
    std::size_t cut = 0;
    for (int i = 0; i < 4 && cut != std::string::npos; ++i) cut = p.find('/', cut + 1);
    out.insert(cut == std::string::npos ? p : p.substr(0, cut));
  }
  return out;
}

void wait_s(Env& env, int s) { act(env, R"({"type":"wait","seconds":)" + std::to_string(s) + "}"); }

void lint_clean(Env& env) {
  for (const std::string& problem : env.lint()) ADD_FAILURE() << problem;
}

/// Grants the microphone through the first-record dialog and starts recording.
void start_with_permission(Env& env) {
  press(env, "recorder.record");
  ASSERT_TRUE(on_screen(env, "dialog.button.allow"));
  press(env, "dialog.button.allow");
  ASSERT_TRUE(on_screen(env, "recorder.pause"));
}

/// Opens a recording's player from the list.
void open_recording(Env& env, const std::string& id) {
  press(env, "recorder.open_list");
  scroll_to(env, "recorder.row." + id);
  press(env, "recorder.row." + id);
  ASSERT_EQ(env.phone().current_page(), "player");
}

json find_by_name(Env& env, const std::string& name) {
  const json recs = pg::call_app(env.phone(), "recorder", "recordings", json::object());
  for (const json& r : recs)
    if (r["name"] == name) return r;
  return nullptr;
}

}  // namespace

TEST(Recorder, RecordAskPermissionThenSaveUnderName) {
  Env env;
  const json before = open_app(env, "recorder");
  EXPECT_EQ(env.phone().current_page(), "record");
  EXPECT_EQ(text_of(env, "recorder.timer"), "00:00");
  EXPECT_EQ(text_of(env, "recorder.format_info"), "M4A \xC2\xB7 Medium quality \xC2\xB7 44.1 kHz");
  lint_clean(env);
  start_with_permission(env);
  wait_s(env, 6);
  EXPECT_GE(rec(env)["session"]["elapsed_ms"].get<std::int64_t>(), 6000);
  EXPECT_EQ(text_of(env, "recorder.status"), "Recording");
  lint_clean(env);
  press(env, "recorder.stop");
  ASSERT_EQ(env.phone().current_page(), "save");
  EXPECT_EQ(rec(env)["draft_name"], "Recording 26");  // 25 recordings in the world
  lint_clean(env);
  type_text(env, "standup notes", true);
  press(env, "recorder.save.ok");
  EXPECT_EQ(env.phone().current_page(), "record");
  const json r = rec(env)["recordings"]["r26"];
  EXPECT_EQ(r["name"], "standup notes");
  EXPECT_EQ(r["format"], "m4a");
  EXPECT_EQ(r["quality"], "medium");
  EXPECT_GE(r["duration_ms"].get<std::int64_t>(), 6000);
  EXPECT_LE(r["created_ms"].get<std::int64_t>() + r["duration_ms"].get<std::int64_t>(), env.phone().now_ms());
  EXPECT_EQ(text_of(env, "recorder.timer"), "00:00");
  EXPECT_EQ(keys_changed(before, env.state()),
            (Paths{"/apps/recorder/recordings/r26", "/apps/recorder/next_id", "/os/permissions/recorder",
                   "/apps/files/files/n1", "/apps/files/next_id"}));
  EXPECT_EQ(env.state()["os"]["permissions"]["recorder"]["RECORD_AUDIO"], "granted");
  // Its audio file is in shared storage: Files' Recordings folder, sized by format and quality.
  EXPECT_EQ(r["file_id"], "n1");
  const json file = pg::call_app(env.phone(), "files", "read", {{"id", "n1"}});
  EXPECT_EQ(file["folder"], "Recordings");
  EXPECT_EQ(file["name"], "standup notes.m4a");
  EXPECT_EQ(file["kind"], "audio");
  EXPECT_EQ(file["size"], r["duration_ms"].get<std::int64_t>() * 16000 / 1000);
  // The new recording is first in the list (newest by date).
  press(env, "recorder.open_list");
  EXPECT_EQ(text_of(env, "recorder.row.r26"), "standup notes");
}

TEST(Recorder, SaveChecksTheName) {
  Env env;
  open_app(env, "recorder");
  start_with_permission(env);
  wait_s(env, 3);
  press(env, "recorder.stop");
  const json before = env.state();
  type_text(env, "", true);
  press(env, "recorder.save.ok");
  EXPECT_EQ(env.phone().current_page(), "save");
  EXPECT_EQ(text_of(env, "recorder.save.error"), "Enter a name");
  enter_text(env, "recorder.save.name", "notes/today", true);
  press(env, "recorder.save.ok");
  EXPECT_EQ(text_of(env, "recorder.save.error"), "Name can't contain \"/\"");
  enter_text(env, "recorder.save.name", "lecture 3", true);  // taken, case ignored
  press(env, "recorder.save.ok");
  EXPECT_EQ(text_of(env, "recorder.save.error"), "A recording named \"lecture 3\" already exists");
  lint_clean(env);
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/recorder/draft_name", "/apps/recorder/error"}));
  enter_text(env, "recorder.save.name", "  Lecture 3 summary ", true);
  press(env, "recorder.save.ok");
  EXPECT_EQ(rec(env)["recordings"]["r26"]["name"], "Lecture 3 summary");  // trimmed
  EXPECT_EQ(rec(env)["error"], "");
}

TEST(Recorder, PauseResumeAndDiscard) {
  Env env;
  const json before = open_app(env, "recorder");
  start_with_permission(env);
  wait_s(env, 4);
  press(env, "recorder.pause");
  const std::int64_t paused_at = rec(env)["session"]["elapsed_ms"].get<std::int64_t>();
  EXPECT_EQ(text_of(env, "recorder.status"), "Paused");
  wait_s(env, 10);  // the timer does not move while paused
  EXPECT_EQ(rec(env)["session"]["elapsed_ms"].get<std::int64_t>(), paused_at);
  press(env, "recorder.resume");
  wait_s(env, 2);
  EXPECT_GE(rec(env)["session"]["elapsed_ms"].get<std::int64_t>(), paused_at + 2000);
  press(env, "recorder.discard");
  EXPECT_EQ(rec(env)["session"]["state"], "idle");
  EXPECT_TRUE(on_screen(env, "recorder.record"));
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/os/permissions/recorder"}));
  // The save dialog's Discard also throws the take away.
  press(env, "recorder.record");
  wait_s(env, 2);
  press(env, "recorder.stop");
  press(env, "recorder.save.cancel");
  EXPECT_EQ(env.phone().current_page(), "record");
  EXPECT_EQ(rec(env)["session"]["state"], "idle");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/os/permissions/recorder"}));
}

TEST(Recorder, DeniedMicrophoneRecordsNothing) {
  Env env;
  const json before = open_app(env, "recorder");
  press(env, "recorder.record");
  press(env, "dialog.button.deny");
  EXPECT_EQ(rec(env)["session"]["state"], "idle");
  EXPECT_TRUE(on_screen(env, "recorder.mic_denied"));
  lint_clean(env);
  // Tapping again explains instead of asking again.
  press(env, "recorder.record");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Microphone access needed");
  press(env, "dialog.button.ok");
  wait_s(env, 5);
  EXPECT_EQ(rec(env)["session"]["elapsed_ms"], 0);
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/os/permissions/recorder"}));
  EXPECT_EQ(env.state()["os"]["permissions"]["recorder"]["RECORD_AUDIO"], "denied");
}

TEST(Recorder, ListShowsRowsSortsAndSearches) {
  Env env;
  const json before = open_app(env, "recorder");
  press(env, "recorder.open_list");
  EXPECT_EQ(text_of(env, "recorder.list.summary"), "25 recordings \xC2\xB7 sorted by date");
  // r25 "Year in review": Dec 30, 7:26, m4a medium = 16 KB/s -> 7.1 MB
  EXPECT_EQ(text_of(env, "recorder.row.r25"), "Year in review");
  EXPECT_EQ(find_node(env, "recorder.row.r25").value("desc", ""), "Dec 30, 2025 \xC2\xB7 07:26 \xC2\xB7 7.1 MB");
  lint_clean(env);
  press(env, "recorder.list.sort");
  press(env, "dialog.button.duration");
  EXPECT_EQ(rec(env)["sort"], "duration");
  // the longest (Final review session, 58:02) is first now
  const json first = find_node(env, "recorder.row.r22");
  const json second = find_node(env, "recorder.row.r10");
  ASSERT_FALSE(first.is_null());
  ASSERT_FALSE(second.is_null());
  EXPECT_LT(first["bounds"][1].get<int>(), second["bounds"][1].get<int>());
  press(env, "recorder.list.sort");
  press(env, "dialog.button.name");
  EXPECT_EQ(rec(env)["sort"], "name");
  EXPECT_TRUE(on_screen(env, "recorder.row.r16"));  // "Book club notes" near the top
  press(env, "recorder.list.search");
  EXPECT_EQ(env.phone().current_page(), "search");
  type_text(env, "lecture");
  for (const char* id : {"recorder.search.row.r02", "recorder.search.row.r04", "recorder.search.row.r07"})
    EXPECT_TRUE(on_screen(env, id)) << id;
  EXPECT_FALSE(on_screen(env, "recorder.search.row.r01"));
  lint_clean(env);
  type_text(env, "zebra", true);
  EXPECT_EQ(text_of(env, "recorder.search.empty"), "No recordings match");
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/recorder/sort", "/apps/recorder/query"}));
}

TEST(Recorder, PlayerPlaysOnVirtualTimeAndSeeks) {
  Env env;
  open_app(env, "recorder");
  open_recording(env, "r25");  // 7:26
  const json before = env.state();
  EXPECT_EQ(text_of(env, "recorder.player.title"), "Year in review");
  EXPECT_EQ(text_of(env, "recorder.player.total"), "07:26");
  press(env, "recorder.player.play");
  wait_s(env, 20);
  const std::int64_t pos = rec(env)["player"]["position_ms"].get<std::int64_t>();
  EXPECT_GE(pos, 20000);
  EXPECT_LT(pos, 25000);
  EXPECT_EQ(text_of(env, "recorder.player.play"), "Pause");
  lint_clean(env);
  press(env, "recorder.player.play");  // pause
  wait_s(env, 10);
  EXPECT_EQ(rec(env)["player"]["position_ms"].get<std::int64_t>(), pos);
  press(env, "recorder.player.forward10");
  EXPECT_EQ(rec(env)["player"]["position_ms"].get<std::int64_t>(), pos + 10000);
  press(env, "recorder.player.back10");
  EXPECT_EQ(rec(env)["player"]["position_ms"].get<std::int64_t>(), pos);
  // seek: a tap at the end of the track goes to the end; playing from there restarts
  const json seek = find_node(env, "recorder.player.seek");
  ASSERT_FALSE(seek.is_null());
  const int y = (seek["bounds"][1].get<int>() + seek["bounds"][3].get<int>()) / 2 * 1000 / 2400;
  act(env, R"({"type":"click","x":)" + std::to_string(336 * 3 * 1000 / 1080) + ",\"y\":" + std::to_string(y) + "}");
  EXPECT_EQ(rec(env)["player"]["position_ms"].get<std::int64_t>(), 446000);
  EXPECT_EQ(text_of(env, "recorder.player.elapsed"), "07:26");
  press(env, "recorder.player.play");
  EXPECT_EQ(rec(env)["player"]["playing"], true);
  EXPECT_LT(rec(env)["player"]["position_ms"].get<std::int64_t>(), 2000);
  // playing to the end stops there
  act(env, R"({"type":"click","x":)" + std::to_string(330 * 3 * 1000 / 1080) + ",\"y\":" + std::to_string(y) + "}");
  wait_s(env, 30);
  EXPECT_EQ(rec(env)["player"]["playing"], false);
  EXPECT_EQ(rec(env)["player"]["position_ms"].get<std::int64_t>(), 446000);
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/recorder/player/position_ms"}));
}

TEST(Recorder, RenameChecksAndSaves) {
  Env env;
  open_app(env, "recorder");
  open_recording(env, "r07");  // Lecture 3
  const json before = env.state();
  press(env, "recorder.player.rename");
  ASSERT_EQ(env.phone().current_page(), "rename");
  EXPECT_EQ(rec(env)["draft_name"], "Lecture 3");
  lint_clean(env);
  type_text(env, "Lecture 4", true);  // taken
  press(env, "recorder.rename.ok");
  EXPECT_EQ(text_of(env, "recorder.rename.error"), "A recording named \"Lecture 4\" already exists");
  type_text(env, "", true);
  press(env, "recorder.rename.ok");
  EXPECT_EQ(text_of(env, "recorder.rename.error"), "Enter a name");
  press(env, "recorder.rename.cancel");
  EXPECT_EQ(env.phone().current_page(), "player");
  EXPECT_EQ(keys_changed(before, env.state()), Paths{});
  press(env, "recorder.player.rename");
  type_text(env, "Lecture 3 - Thermodynamics", true);
  press(env, "recorder.rename.ok");
  EXPECT_EQ(env.phone().current_page(), "player");
  EXPECT_EQ(text_of(env, "recorder.player.title"), "Lecture 3 - Thermodynamics");
  EXPECT_EQ(rec(env)["recordings"]["r07"], (json{{"name", "Lecture 3 - Thermodynamics"}}));
  EXPECT_EQ(keys_changed(before, env.state()), (Paths{"/apps/recorder/recordings/r07", "/apps/files/files/rec_r07"}));
  EXPECT_EQ(env.state()["apps"]["files"]["files"]["rec_r07"], (json{{"name", "Lecture 3 - Thermodynamics.m4a"}}));
}

TEST(Recorder, RecordingsAreFilesInFiles) {
  Env env;
  // The world's recordings are in Files' Recordings folder, named "<name>.<format>".
  const json listed = pg::call_app(env.phone(), "files", "list", {{"folder", "Recordings"}});
  int from_recorder = 0;
  for (const json& f : listed) from_recorder += f.value("source", "") == "recorder";
  EXPECT_EQ(from_recorder, 25);
  // A rename to the name of another file in Recordings (not a recording) is refused.
  open_app(env, "recorder");
  open_recording(env, "r01");  // Team standup Oct 1 (m4a)
  const json before = env.state();
  press(env, "recorder.player.rename");
  type_text(env, "Interview_practice", true);  // Files has Recordings/Interview_practice.m4a
  press(env, "recorder.rename.ok");
  EXPECT_EQ(rec(env)["error"], "A file with this name already exists in Recordings");
  EXPECT_FALSE(rec(env)["recordings"].contains("r01"));
  EXPECT_EQ(env.state()["apps"]["files"], before["apps"]["files"]) << "nothing renamed in Files either";
  // Deleting the file in Files removes the recording from Recorder.
  press(env, "recorder.rename.cancel");
  act(env, R"({"type":"back"})");
  pg::call_app(env.phone(), "files", "delete", {{"id", "rec_r03"}});
  EXPECT_FALSE(on_screen(env, "recorder.row.r03"));
  EXPECT_EQ(text_of(env, "recorder.list.summary"), "24 recordings \xC2\xB7 sorted by date");
}

TEST(Recorder, DeleteAsksFirst) {
  Env env;
  open_app(env, "recorder");
  open_recording(env, "r03");  // Grocery list
  const json before = env.state();
  press(env, "recorder.player.delete");
  EXPECT_EQ(env.state()["os"]["dialog"]["title"], "Delete recording?");
  press(env, "dialog.button.cancel");
  EXPECT_FALSE(find_by_name(env, "Grocery list").is_null());
  press(env, "recorder.player.delete");
  press(env, "dialog.button.delete");
  EXPECT_EQ(env.phone().current_page(), "recordings");
  EXPECT_TRUE(find_by_name(env, "Grocery list").is_null());
  EXPECT_TRUE(rec(env)["recordings"]["r03"].is_null());
  EXPECT_FALSE(on_screen(env, "recorder.row.r03"));
  EXPECT_EQ(text_of(env, "recorder.list.summary"), "24 recordings \xC2\xB7 sorted by date");
  EXPECT_EQ(keys_changed(before, env.state()),
            (Paths{"/apps/recorder/recordings/r03", "/apps/recorder/player/id", "/apps/files/files/rec_r03"}));
  EXPECT_TRUE(env.state()["apps"]["files"]["files"]["rec_r03"].is_null()) << "its file is deleted too";
}

TEST(Recorder, ShareToChatFriend) {
  Env env;
  open_app(env, "recorder");
  open_recording(env, "r07");
  press(env, "recorder.player.share");
  ASSERT_TRUE(on_screen(env, "dialog.button.chat"));
  press(env, "dialog.button.chat");
  EXPECT_EQ(env.phone().foreground(), "chat");
  scroll_to(env, "chat.share.row.f1");
  press(env, "chat.share.row.f1");
  press(env, "chat.send");
  bool found = false;
  const nlohmann::json src341 = env.state()["apps"]["chat"]["messages"];
  for (const auto& [id, m] : src341.items())
    if (m.is_object() && m.value("text", "").find("Lecture 3.m4a (47:41)") != std::string::npos) found = true;
  EXPECT_TRUE(found);
}

TEST(Recorder, SettingsChangeFormatQualityAndNamePattern) {
  Env env;
  const json before = open_app(env, "recorder");
  press(env, "recorder.settings");
  lint_clean(env);
  press(env, "recorder.settings.format.wav");
  press(env, "recorder.settings.quality.high");
  EXPECT_TRUE(find_node(env, "recorder.settings.format.wav")["checked"].get<bool>());
  EXPECT_EQ(text_of(env, "recorder.settings.quality.high"), "High \xC2\xB7 48 kHz \xC2\xB7 96 KB/s");
  scroll_to(env, "recorder.settings.name.date");
  press(env, "recorder.settings.name.date");
  EXPECT_EQ(rec(env)["settings"], (json{{"format", "wav"}, {"quality", "high"}, {"name_pattern", "date"}}));
  EXPECT_EQ(keys_changed(before, env.state()),
            (Paths{"/apps/recorder/settings/format", "/apps/recorder/settings/quality", "/apps/recorder/settings/name_pattern"}));
  act(env, R"({"type":"back"})");
  EXPECT_EQ(text_of(env, "recorder.format_info"), "WAV \xC2\xB7 High quality \xC2\xB7 48 kHz");
  // a new recording takes the settings and the date-and-time name
  start_with_permission(env);
  wait_s(env, 10);
  press(env, "recorder.stop");
  EXPECT_EQ(rec(env)["draft_name"].get<std::string>().rfind("2026-01-01 08:00", 0), 0u) << rec(env)["draft_name"];
  press(env, "recorder.save.ok");
  const json r = rec(env)["recordings"]["r26"];
  EXPECT_EQ(r["format"], "wav");
  EXPECT_EQ(r["quality"], "high");
}

TEST(Recorder, SearchOpensPlayerAndShareToMessages) {
  Env env;
  open_app(env, "recorder");
  press(env, "recorder.open_list");
  press(env, "recorder.list.search");
  type_text(env, "landlord");
  press(env, "recorder.search.row.r21");
  ASSERT_EQ(env.phone().current_page(), "player");
  EXPECT_EQ(text_of(env, "recorder.player.title"), "Landlord call");
  EXPECT_EQ(text_of(env, "recorder.player.info"), "M4A \xC2\xB7 Medium quality \xC2\xB7 6.3 MB");
  press(env, "recorder.player.share");
  press(env, "dialog.button.messages");
  EXPECT_EQ(env.phone().foreground(), "messages");
  EXPECT_NE(env.state()["apps"]["messages"].dump().find("Landlord call.m4a (06:31)"), std::string::npos);
}

TEST(Recorder, DefaultNameSkipsTakenNamesAndExportListsAll) {
  Env env;
  open_app(env, "recorder");
  open_recording(env, "r25");
  press(env, "recorder.player.rename");
  type_text(env, "Recording 26", true);
  press(env, "recorder.rename.ok");
  act(env, R"({"type":"back"})");
  act(env, R"({"type":"back"})");
  ASSERT_EQ(env.phone().current_page(), "record");
  start_with_permission(env);
  wait_s(env, 2);
  press(env, "recorder.stop");
  EXPECT_EQ(rec(env)["draft_name"], "Recording 27");
  press(env, "recorder.save.ok");
  const json all = pg::call_app(env.phone(), "recorder", "recordings", json::object());
  ASSERT_EQ(all.size(), 26u);
  const json mine = find_by_name(env, "Recording 27");
  ASSERT_FALSE(mine.is_null());
  EXPECT_EQ(mine["id"], "r26");
  EXPECT_EQ(mine["size_bytes"].get<std::int64_t>(), 16000 * mine["duration_ms"].get<std::int64_t>() / 1000);
}
