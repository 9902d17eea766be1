// Recorder (a Material audio recorder like Pixel Recorder / AndroidWorld's Audio Recorder): a record
// page (big red button, a mm:ss timer on virtual time, a live waveform drawn from a seeded
// function, pause/resume, stop -> a save dialog with the name prefilled "Recording N"), the
// recordings list (name, date, duration, size from the format and quality; search; sort by date,
// name or duration), a player (play/pause on virtual time, seek, rename, delete with a
// confirmation, share as "<name>.<ext> (mm:ss)") and settings (format, quality, name pattern).
//
// Recordings are the world collection `recordings` (world/recordings.json) with the app's overlay
// (state apps.recorder.recordings). Each recording's audio file is in shared storage, owned by
// Files (Recordings/<name>.<format>, through Files' save/rename/delete exports): a recording
// deleted in Files is gone from Recorder too. The microphone is a runtime
// permission (RECORD_AUDIO) asked on the first record; denied, nothing records.
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/font_scale.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/hash.hpp"
#include "sim/util/text.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "recorder";
constexpr std::uint32_t kRed = 0xD93025, kInk = 0x1F1F1F, kGrey = 0x5F6368, kLight = 0xDADCE0, kWave = 0xF28B82;

json& st(Phone& p) { return own_state(p, kApp); }
const json& st(const Phone& p) { return own_state(p, kApp); }

/// All recordings (world merged with the overlay), in world order then new ones.
/// The ids of the audio files in shared storage. Files owns each recording's file (as MediaStore
/// does): a recording whose file was deleted in Files is gone from Recorder too.
std::set<std::string> audio_file_ids(const Phone& p) {
  std::set<std::string> ids;
  // Files' `list` only reads; call_app takes a Phone& because other calls write.
  for (const json& f : call_app(const_cast<Phone&>(p), "files", "list", {{"folder", ""}, {"recursive", true}, {"kind", "audio"}}))
    ids.insert(f.value("id", ""));
  return ids;
}

bool file_alive(const json& r, const std::set<std::string>& files) {
  const std::string f = r.value("file_id", "");
  return f.empty() || files.count(f) > 0;
}

json recordings(const Phone& p) {
  const json all = resolve_collection(World::instance(), st(p), kApp, "recordings");
  const std::set<std::string> files = audio_file_ids(p);
  json out = json::array();
  for (const json& r : all)
    if (file_alive(r, files)) out.push_back(r);
  return out;
}

/// One recording by id, or null (also when its file was deleted in Files).
json recording(const Phone& p, const std::string& id) {
  if (id.empty()) return nullptr;
  json r = resolve_entity(World::instance(), st(p), kApp, "recordings", id);
  if (r.is_null() || !file_alive(r, audio_file_ids(p))) return nullptr;
  return r;
}

/// Bytes per second of audio for a format and quality (m4a = AAC 64/128/256 kbps, wav = 16-bit
/// mono PCM at 16/44.1/48 kHz, 3gp = AMR 8/12.2/23.85 kbps).
std::int64_t bytes_per_second(const std::string& fmt, const std::string& q) {
  const int i = q == "low" ? 0 : q == "high" ? 2 : 1;
  static const std::int64_t kM4a[3] = {8000, 16000, 32000}, kWav[3] = {32000, 88200, 96000}, k3gp[3] = {1000, 1525, 2981};
  return fmt == "wav" ? kWav[i] : fmt == "3gp" ? k3gp[i] : kM4a[i];
}

/// The sample rate a quality records at ("16 kHz", "44.1 kHz", "48 kHz").
std::string sample_rate(const std::string& q) { return q == "low" ? "16 kHz" : q == "high" ? "48 kHz" : "44.1 kHz"; }

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}
std::string capitalized(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

/// "1.2 MB" (one decimal, from 1 MB) or "845 KB" (decimal units, as Android shows sizes).
std::string size_text(std::int64_t bytes) {
  char buf[32];
  if (bytes >= 1000000) {
    const std::int64_t tenths = (bytes + 50000) / 100000;
    std::snprintf(buf, sizeof buf, "%lld.%lld MB", static_cast<long long>(tenths / 10), static_cast<long long>(tenths % 10));
  } else {
    std::snprintf(buf, sizeof buf, "%lld KB", static_cast<long long>((bytes + 500) / 1000));
  }
  return buf;
}

/// The size of a recording from its duration, format and quality.
std::int64_t size_of(const json& r) {
  return bytes_per_second(r.value("format", "m4a"), r.value("quality", "medium")) * r.value("duration_ms", std::int64_t{0}) / 1000;
}

/// Elapsed time as "mm:ss" (whole seconds, floored), "h:mm:ss" from an hour.
std::string mmss(std::int64_t ms) {
  const std::int64_t s = std::max<std::int64_t>(0, ms) / 1000;
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", static_cast<long long>(s / 3600), static_cast<long long>(s / 60 % 60),
                  static_cast<long long>(s % 60));
  else
    std::snprintf(buf, sizeof buf, "%02lld:%02lld", static_cast<long long>(s / 60), static_cast<long long>(s % 60));
  return buf;
}

/// Civil date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
void civil(std::int64_t z, int& y, int& m, int& d) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const std::int64_t doe = z - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  y = static_cast<int>(yoe + era * 400 + (m <= 2 ? 1 : 0));
}

/// The phone's local time of an instant (ms).
std::int64_t local_ms(const Phone& p, std::int64_t utc_ms) { return utc_ms + (p.local_time_ms() - p.now_ms()); }

/// "Oct 24, 2025" in the phone's local time and locale.
std::string date_text(const Phone& p, std::int64_t utc_ms) {
  const std::int64_t l = local_ms(p, utc_ms);
  int y, m, d;
  civil((l >= 0 ? l : l - 86399999) / 86400000, y, m, d);
  return format_date(y, m, d, DateStyle::MonthDayYear);
}

/// "December 2025" in the phone's local time and locale (the list's month headers).
std::string month_text(const Phone& p, std::int64_t utc_ms) {
  const std::int64_t l = local_ms(p, utc_ms);
  int y, m, d;
  civil((l >= 0 ? l : l - 86399999) / 86400000, y, m, d);
  return format_date(y, m, 1, DateStyle::MonthYear);
}

/// "10:00 AM" in the phone's local time.
std::string clock_text(const Phone& p, std::int64_t utc_ms) {
  const std::int64_t l = local_ms(p, utc_ms);
  const int mins = static_cast<int>(((l / 60000) % 1440 + 1440) % 1440);
  const int h = mins / 60, mi = mins % 60;
  char buf[16];
  std::snprintf(buf, sizeof buf, "%d:%02d %s", h % 12 == 0 ? 12 : h % 12, mi, h < 12 ? "AM" : "PM");
  return buf;
}

/// "2026-01-01 08:00" in the phone's local time (the "date and time" name pattern).
std::string stamp_text(const Phone& p, std::int64_t utc_ms) {
  const std::int64_t l = local_ms(p, utc_ms);
  int y, m, d;
  civil((l >= 0 ? l : l - 86399999) / 86400000, y, m, d);
  const int mins = static_cast<int>(((l / 60000) % 1440 + 1440) % 1440);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d", y, m, d, mins / 60, mins % 60);
  return buf;
}

/// The level (0..1) of the seeded waveform at bar k (one bar per 100 ms): speech-like bursts.
float wave_level(std::uint64_t seed, std::int64_t k) {
  const std::uint64_t z = splitmix64_finalize(seed * kSplitMix64Gamma + static_cast<std::uint64_t>(k) * 0xBF58476D1CE4E5B9ULL +
                                              0x94D049BB133111EBULL);
  const float u = static_cast<float>(z % 1000) / 1000.f;
  const float env = std::fabs(std::sin(static_cast<float>(k) * 0.23f + static_cast<float>(seed % 7)) *
                              std::sin(static_cast<float>(k) * 0.051f + 1.3f));
  return 0.08f + 0.92f * u * (0.25f + 0.75f * env);
}

std::uint64_t seed_of(const std::string& id) { return fnv1a64(id, kFnv1a64ShortBasis); }

/// Draws a centred vertical-bar waveform. Helper that could move to sim/ui (a waveform view).
void draw_bar(Ui& ui, float x, float cy, float level, float half_h, std::uint32_t rgb) {
  const float h = std::max(1.5f, level * half_h);
  ui.fill({x, cy - h, x + 2.5f, cy + h}, rgb, 1.2f);
}

/// Is `name` a valid recording name (non-empty, no '/', unique among other recordings, case
/// ignored)? Returns "" or the error shown under the field.
std::string name_error(const Phone& p, const std::string& name, const std::string& except_id) {
  const std::string n = trim(name);
  if (n.empty()) return "Enter a name";
  if (n.find('/') != std::string::npos) return "Name can't contain \"/\"";
  for (const json& r : recordings(p))
    if (r.value("id", "") != except_id && lower(r.value("name", "")) == lower(n))
      return "A recording named \"" + n + "\" already exists";
  return "";
}

/// The name the save dialog suggests: "Recording N" (N = count + 1, bumped until unique) or the
/// date and time ("2026-01-01 08:00", " (2)" appended if taken).
std::string default_name(const Phone& p) {
  const json recs = recordings(p);
  if (st(p).value("settings", json::object()).value("name_pattern", "number") == "date") {
    const std::string base = stamp_text(p, p.now_ms());
    std::string n = base;
    for (int i = 2; !name_error(p, n, "").empty(); ++i) n = base + " (" + std::to_string(i) + ")";
    return n;
  }
  std::size_t k = recs.size() + 1;
  while (!name_error(p, "Recording " + std::to_string(k), "").empty()) ++k;
  return "Recording " + std::to_string(k);
}

std::string session_state(const Phone& p) { return st(p).value("session", json::object()).value("state", "idle"); }
std::int64_t session_elapsed(const Phone& p) {
  return st(p).value("session", json::object()).value("elapsed_ms", std::int64_t{0});
}

void start_recording(Phone& p) {
  st(p)["session"] = {{"state", "recording"}, {"elapsed_ms", 0}};
}

/// The record button: starts recording if the microphone is allowed, asks for it the first
/// time, and explains when it was denied.
void press_record(Phone& p) {
  const std::string perm = p.permission(kApp, "RECORD_AUDIO");
  if (perm == "granted") {
    start_recording(p);
  } else if (perm.empty()) {
    p.request_permission(kApp, "RECORD_AUDIO", "record audio");
  } else {
    p.show_dialog({{"owner", kApp},
                   {"kind", "alert"},
                   {"title", "Microphone access needed"},
                   {"text", "Recorder can't record without the microphone. Allow it in Settings > Apps > Recorder > "
                            "Permissions."},
                   {"buttons", json::array({{{"id", "ok"}, {"label", "OK"}}})},
                   {"data", {{"menu", "mic_denied"}}}});
  }
}

/// The sort order's comparator applied to a copy of the list.
std::vector<json> sorted(const Phone& p, const json& recs) {
  std::vector<json> v(recs.begin(), recs.end());
  const std::string sort = st(p).value("sort", "date");
  std::stable_sort(v.begin(), v.end(), [&sort](const json& a, const json& b) {
    if (sort == "name") return lower(a.value("name", "")) < lower(b.value("name", ""));
    if (sort == "duration") return a.value("duration_ms", std::int64_t{0}) > b.value("duration_ms", std::int64_t{0});
    return a.value("created_ms", std::int64_t{0}) > b.value("created_ms", std::int64_t{0});
  });
  return v;
}

/// Opens the player on a recording (stopped, at the start).
void open_player(Phone& p, const std::string& id) {
  st(p)["player"] = {{"id", id}, {"position_ms", 0}, {"playing", false}};
  p.navigate("open_player");
}

/// A recording's row (72 dp) at the list cursor: name, "date · duration · size".
void rec_row(Ui& ui, Phone& phone, const std::string& wid, const json& r) {
  const std::string id = r.value("id", "");
  const std::string sub = date_text(phone, r.value("created_ms", std::int64_t{0})) + " \xC2\xB7 " +
                          mmss(r.value("duration_ms", std::int64_t{0})) + " \xC2\xB7 " + size_text(size_of(r));
  ui.list_row(wid, ui.ellipsize(r.value("name", ""), Font::BodyLarge, 288), sub, "graphic_eq", [id](Phone& p) { open_player(p, id); });
}

/// How far a deeper status bar (a display cutout, Screen::status_bar_dp) moves this app's pages
/// down: their parts sit at fixed places below a 28 dp bar (0 on the nominal phone).
float below_status_bar() { return Ui::status_bar_dp() - 28; }

/// A modal card on a dimmed page (the save and rename dialogs, which hold a text field the
/// system dialogs lack). Helper that could move to sim/ui (a dialog with an input).
void input_dialog(Ui& ui, Phone& phone, const std::string& base, const std::string& title, const std::string& ok_label,
                  Handler on_cancel, Handler on_ok, const std::string& cancel_label, const std::string& subtitle) {
  const Rect ca = Ui::content_area();
  ui.fill(ca, 0x8E8D92);
  const Rect card{24, 140, 336, 384};
  ui.fill(card, 0xF3EDF7, 28);
  ui.label_at(base + ".heading", 48, 164, title, Font::Headline, kInk, 264);
  ui.text_field(base + ".name", {48, 228, 312, 284}, "Name", std::string("/apps/") + kApp + "/draft_name", "");
  if (!subtitle.empty()) ui.label_at(base + ".subtitle", 48, 200, subtitle, Font::Body, kGrey, 264);
  const std::string err = st(phone).value("error", "");
  if (!err.empty()) ui.label_at(base + ".error", 52, 290, err, Font::Label, color::kError, 256);
  ui.button(base + ".cancel", {120, 320, 208, 368}, cancel_label, false, std::move(on_cancel));
  ui.button(base + ".ok", {216, 320, 320, 368}, ok_label, true, std::move(on_ok));
}

class RecorderApp : public App {
 public:
  RecorderApp() {
    add_page("record", record_page);
    add_page("save", save_page);
    add_page("recordings", list_page);
    add_page("search", search_page);
    add_page("player", player_page);
    add_page("rename", rename_page);
    add_page("settings", settings_page);
    // Every recording for other apps: [{id, name, created_ms, duration_ms, format, quality, size_bytes}].
    add_export("recordings", [](Phone& p, const json&) {
      json out = json::array();
      for (json r : recordings(p)) {
        r["size_bytes"] = size_of(r);
        out.push_back(r);
      }
      return out;
    });
  }

  /// Recording and playback run on virtual time.
  void on_time(Phone& phone, std::int64_t from_ms, std::int64_t to_ms) override {
    if (to_ms <= from_ms) return;
    const std::int64_t dt = to_ms - from_ms;
    {  // neither recording nor playing: read only (an untouched overlay stays shared)
      const json& player = object_member(st(std::as_const(phone)), "player");
      if (session_state(phone) != "recording" && !player.value("playing", false)) return;
    }
    json& s = st(phone);
    if (session_state(phone) == "recording") s["session"]["elapsed_ms"] = session_elapsed(phone) + dt;
    json& pl = s["player"];
    if (pl.is_object() && pl.value("playing", false)) {
      const json r = recording(phone, pl.value("id", ""));
      if (r.is_null()) {
        pl["playing"] = false;
        return;
      }
      const std::int64_t dur = r.value("duration_ms", std::int64_t{0});
      const std::int64_t pos = pl.value("position_ms", std::int64_t{0}) + dt;
      if (pos >= dur) {
        pl["position_ms"] = dur;
        pl["playing"] = false;
      } else {
        pl["position_ms"] = pos;
      }
    }
  }

  void on_dialog_result(Phone& p, const json& dialog, const std::string& button) override {
    const std::string kind = dialog.value("kind", "");
    const json data = dialog.value("data", json::object());
    if (kind == "permission") {
      if (data.value("permission", "") != "RECORD_AUDIO") return;
      if (button == "allow") start_recording(p);
      else p.toast("Recorder can't record without microphone access");
      return;
    }
    const std::string menu = data.value("menu", "");
    if (menu == "sort" && (button == "date" || button == "name" || button == "duration")) {
      st(p)["sort"] = button;
    } else if (menu == "delete" && button == "delete") {
      const std::string id = data.value("id", "");
      const json r = recording(p, id);
      if (r.is_null()) return;
      if (!r.value("file_id", "").empty()) call_app(p, "files", "delete", {{"id", r["file_id"]}});
      json& ov = st(p)["recordings"];
      if (World::instance().entity(kApp, "recordings", id) != nullptr) ov[id] = nullptr;
      else ov.erase(id);
      st(p)["player"] = {{"id", ""}, {"position_ms", 0}, {"playing", false}};
      if (p.current_page() == "player") p.back();
      p.toast("Deleted \"" + r.value("name", "") + "\"");
    }
  }

 private:
  static void record_page(Ui& ui, Phone& phone) {
    ui.top_bar("recorder.title", "Recorder", false);
    const float dy = below_status_bar();
    ui.icon_button("recorder.open_list", Ui::width_dp() - 76, 60 + dy, "list", "Recordings", kGrey, [](Phone& p) { p.navigate("open_list"); });
    ui.icon_button("recorder.settings", Ui::width_dp() - 28, 60 + dy, "settings", "Settings", kGrey, [](Phone& p) { p.navigate("open_settings"); });
    const std::string state = session_state(phone);
    const std::int64_t elapsed = session_elapsed(phone);
    const json set = st(phone).value("settings", json::object());
    const std::string fmt = set.value("format", "m4a"), q = set.value("quality", "medium");
    float y = 104 + dy;
    if (phone.permission(kApp, "RECORD_AUDIO") == "denied" && state == "idle") {
      ui.fill({16, y, 344, y + 76}, 0xFCE8E6, 16);
      ui.icon(40, y + 38, "mic_off", Font::Icon, color::kError);
      ui.label_at("recorder.mic_denied", 64, y + 12, "Microphone access is off", Font::BodyLarge, 0x8C1D18, 268);
      ui.text_fit(64, y + 40, "Allow it in Settings to record", Font::Body, 0x8C1D18, 268);
    }
    y = 200 + dy;
    const std::string t = mmss(elapsed);
    ui.text_centered(0, Ui::width_dp(), y, t, Font::Display, state == "recording" ? kRed : kInk);
    const float mid = Ui::width_dp() / 2;  // the page is centred on any screen width
    ui.label("recorder.timer", {mid - 80, y, mid + 80, y + 60}, t);
    const std::string status = state == "recording" ? "Recording" : state == "paused" ? "Paused" : "Tap the button to record";
    const float status_y = y + 68 + font_growth(ui, Font::Display);  // below the timer at any font scale
    ui.text_centered(0, Ui::width_dp(), status_y, status, Font::BodyLarge, kGrey);
    ui.label("recorder.status", {mid - 120, status_y, mid + 120, status_y + 24}, status);
    // the live waveform: one bar per 100 ms, newest at the centre line, scrolling left
    const float cy = 400 + dy, half = 56;
    ui.fill({0, cy - half - 12, Ui::width_dp(), cy + half + 12}, 0xFAFAFA);
    ui.line(0, cy, Ui::width_dp(), cy, kLight, 1);
    const std::int64_t bars = elapsed / 100;
    const std::uint64_t seed = static_cast<std::uint64_t>(st(phone).value("next_id", 1));
    for (int i = 0; i < 60 && i < bars; ++i) {
      const float x = mid - 4 - i * 5.f;
      if (x < 8) break;
      draw_bar(ui, x, cy, wave_level(seed, bars - 1 - i), half, kRed);
    }
    ui.line(mid, cy - half - 10, mid, cy + half + 10, kRed, 2);
    ui.image("recorder.waveform", {0, cy - half - 12, Ui::width_dp(), cy + half + 12},
             state == "idle" ? "Waveform, silent" : "Live waveform, " + t);
    const std::string info = upper(fmt) + " \xC2\xB7 " + capitalized(q) + " quality \xC2\xB7 " + sample_rate(q);
    ui.text_centered(0, Ui::width_dp(), 500 + dy, info, Font::Body, kGrey);
    ui.label("recorder.format_info", {40, 500 + dy, Ui::width_dp() - 40, 520 + dy}, info);
    // controls
    const float by = 640 + dy;
    if (state == "idle") {
      ui.circle(mid, by, 40, kRed);
      ui.circle(mid, by, 14, 0xFFFFFF);
      ui.item("recorder.record", "android.widget.ImageButton", {mid - 44, by - 44, mid + 44, by + 44}, "Record",
              [](Phone& p) { press_record(p); });
    } else {
      const bool rec = state == "recording";
      ui.circle(mid, by, 40, kRed);
      ui.icon(mid, by, rec ? "pause" : "fiber_manual_record", Font::IconLarge, 0xFFFFFF);
      ui.item(rec ? "recorder.pause" : "recorder.resume", "android.widget.ImageButton", {mid - 44, by - 44, mid + 44, by + 44},
              rec ? "Pause" : "Resume", [rec](Phone& p) { st(p)["session"]["state"] = rec ? "paused" : "recording"; });
      ui.circle(mid + 110, by, 28, 0xF1F3F4);
      ui.fill({mid + 100, by - 10, mid + 120, by + 10}, kInk, 3);
      ui.item("recorder.stop", "android.widget.ImageButton", {mid + 82, by - 28, mid + 138, by + 28}, "Stop and save", [](Phone& p) {
        json& s = st(p);
        s["session"]["state"] = "paused";
        s["draft_name"] = default_name(p);
        s["error"] = "";
        p.navigate("open_save");
        p.focus("recorder.save.name", std::string("/apps/") + kApp + "/draft_name");
      });
      ui.circle(mid - 110, by, 28, 0xF1F3F4);
      ui.icon(mid - 110, by, "close", Font::Icon, kInk);
      ui.item("recorder.discard", "android.widget.ImageButton", {mid - 138, by - 28, mid - 82, by + 28}, "Discard", [](Phone& p) {
        st(p)["session"] = {{"state", "idle"}, {"elapsed_ms", 0}};
        p.toast("Recording discarded");
      });
    }
  }

  static void save_page(Ui& ui, Phone& phone) {
    input_dialog(
        ui, phone, "recorder.save", "Save recording " + mmss(session_elapsed(phone)), "Save",
        [](Phone& p) {
          json& s = st(p);
          s["session"] = {{"state", "idle"}, {"elapsed_ms", 0}};
          s["draft_name"] = "";
          s["error"] = "";
          p.clear_focus();
          p.back();
          p.toast("Recording discarded");
        },
        [](Phone& p) {
          json& s = st(p);
          const std::string name = trim(s.value("draft_name", ""));
          const std::string err = name_error(p, name, "");
          if (!err.empty()) {
            s["error"] = err;
            return;
          }
          const int n = s.value("next_id", 1);
          const std::string id = "r" + std::to_string(n);
          const std::int64_t dur = session_elapsed(p);
          const json set = s.value("settings", json::object());
          json rec = {{"name", name},
                      {"created_ms", p.now_ms() - dur},
                      {"duration_ms", dur},
                      {"format", set.value("format", "m4a")},
                      {"quality", set.value("quality", "medium")}};
          // The audio file goes to shared storage, Files' Recordings folder (Android's
          // Environment.DIRECTORY_RECORDINGS), where Files and other apps see it.
          const json file = call_app(p, "files", "save",
                                     {{"folder", "Recordings"},
                                      {"name", name + "." + rec["format"].get<std::string>()},
                                      {"kind", "audio"},
                                      {"size", size_of(rec)},
                                      {"source", kApp}});
          rec["file_id"] = file.value("id", "");
          s["recordings"][id] = rec;
          s["next_id"] = n + 1;
          s["session"] = {{"state", "idle"}, {"elapsed_ms", 0}};
          s["draft_name"] = "";
          s["error"] = "";
          p.clear_focus();
          p.back();
          p.toast("Saved \"" + name + "\"");
        },
        "Discard", save_subtitle(phone));
  }

  /// "M4A · Medium · about 112 KB": what the take will be saved as.
  static std::string save_subtitle(const Phone& phone) {
    const json set = st(phone).value("settings", json::object());
    const std::string f = set.value("format", "m4a"), q = set.value("quality", "medium");
    return upper(f) + " \xC2\xB7 " + capitalized(q) + " quality \xC2\xB7 " +
           size_text(bytes_per_second(f, q) * session_elapsed(phone) / 1000);
  }

  static void list_page(Ui& ui, Phone& phone) {
    ui.top_bar("recorder.list.title", "Recordings", true);
    const float dy = below_status_bar();
    ui.icon_button("recorder.list.search", Ui::width_dp() - 124, 60 + dy, "search", "Search", kGrey, [](Phone& p) {
      st(p)["query"] = "";
      p.navigate("open_search");
      p.focus("recorder.search.field", std::string("/apps/") + kApp + "/query");
    });
    ui.icon_button("recorder.list.sort", Ui::width_dp() - 76, 60 + dy, "sort", "Sort", kGrey, [](Phone& p) {
      p.show_dialog({{"owner", kApp},
                     {"kind", "choice"},
                     {"title", "Sort by"},
                     {"text", ""},
                     {"buttons", json::array({{{"id", "date"}, {"label", "Date (newest first)"}},
                                              {{"id", "name"}, {"label", "Name (A to Z)"}},
                                              {{"id", "duration"}, {"label", "Duration (longest first)"}}})},
                     {"data", {{"menu", "sort"}}}});
    });
    ui.icon_button("recorder.list.settings", Ui::width_dp() - 28, 60 + dy, "settings", "Settings", kGrey, [](Phone& p) { p.navigate("open_settings"); });
    const json recs = recordings(phone);
    const std::string sort = st(phone).value("sort", "date");
    const std::string head = std::to_string(recs.size()) + " recordings \xC2\xB7 sorted by " + sort;
    const float y = ui.cursor_y();
    ui.label_at("recorder.list.summary", 16, y + 8, head, Font::Body, kGrey, 328);
    const Rect area{0, y + 36, Ui::width_dp(), Ui::content_area().b};
    ui.begin_scroll("recorder.list", area, phone.page_pointer() + "/scroll");
    ui.set_cursor(area.t);
    if (recs.empty()) ui.label_at("recorder.list.empty", 16, area.t + 24, "No recordings yet", Font::BodyLarge, kGrey);
    std::string month;
    for (const json& r : sorted(phone, recs)) {
      if (sort == "date") {  // month headers, as Recorder groups by date
        const std::string m = month_text(phone, r.value("created_ms", std::int64_t{0}));
        if (m != month) ui.section_header(m);
        month = m;
      }
      rec_row(ui, phone, "recorder.row." + r.value("id", ""), r);
    }
    ui.advance(88);
    ui.end_scroll();
    ui.fab("recorder.list.record", "mic", "Record", [](Phone& p) { p.back(); });
  }

  static void search_page(Ui& ui, Phone& phone) {
    ui.top_bar("recorder.search.title", "Search recordings", true);
    const float y = ui.cursor_y();
    ui.text_field("recorder.search.field", {16, y + 4, 344, y + 60}, "Search by name", std::string("/apps/") + kApp + "/query",
                  "Name");
    const std::string q = lower(trim(st(phone).value("query", "")));
    const Rect area{0, y + 72, Ui::width_dp(), Ui::content_area().b};
    ui.begin_scroll("recorder.search.list", area, phone.page_pointer() + "/scroll");
    ui.set_cursor(area.t);
    int n = 0;
    if (!q.empty())
      for (const json& r : sorted(phone, recordings(phone)))
        if (lower(r.value("name", "")).find(q) != std::string::npos) {
          rec_row(ui, phone, "recorder.search.row." + r.value("id", ""), r);
          ++n;
        }
    if (!q.empty() && n == 0) ui.label_at("recorder.search.empty", 16, area.t + 16, "No recordings match", Font::BodyLarge, kGrey);
    ui.end_scroll();
  }

  static void player_page(Ui& ui, Phone& phone) {
    ui.top_bar("recorder.player.bar", "", true);
    const float dy = below_status_bar();
    // Centred on any screen width (on the nominal phone: mid 180, right edge 344).
    const float W = Ui::width_dp(), mid = W / 2;
    const json pl = st(phone).value("player", json::object());
    const std::string id = pl.value("id", "");
    const json r = recording(phone, id);
    if (r.is_null()) {
      ui.label_at("recorder.player.missing", 16, 120 + dy, "This recording was deleted", Font::BodyLarge, kGrey);
      return;
    }
    const std::int64_t dur = r.value("duration_ms", std::int64_t{0}), pos = std::min(pl.value("position_ms", std::int64_t{0}), dur);
    const bool playing = pl.value("playing", false);
    ui.label_at("recorder.player.title", 16, 96 + dy, r.value("name", ""), Font::Headline, kInk, W - 32);
    const std::int64_t created = r.value("created_ms", std::int64_t{0});
    const std::string meta = date_text(phone, created) + ", " + clock_text(phone, created);
    ui.label_at("recorder.player.date", 16, 138 + dy, meta, Font::Body, kGrey, W - 32);
    const std::string meta2 = upper(r.value("format", "m4a")) + " \xC2\xB7 " + capitalized(r.value("quality", "medium")) +
                              " quality \xC2\xB7 " + size_text(size_of(r));
    ui.label_at("recorder.player.info", 16, 162 + dy, meta2, Font::Body, kGrey, W - 32);
    // the whole recording's waveform (64 bars), the played part in red
    const float cy = 300 + dy, half = 60;
    ui.fill({16, cy - half - 16, W - 16, cy + half + 16}, 0xFAFAFA, 16);
    const std::uint64_t seed = seed_of(id);
    const int n = 64;
    const std::int64_t per = std::max<std::int64_t>(1, dur / 100 / n);
    for (int i = 0; i < n; ++i) {
      const float x = 22 + i * (W - 40) / n;
      const bool played = dur > 0 && static_cast<std::int64_t>(i) * dur / n < pos;
      draw_bar(ui, x, cy, wave_level(seed, i * per), half, played ? kRed : 0xBDC1C6);
    }
    ui.image("recorder.player.waveform", {16, cy - half - 16, W - 16, cy + half + 16}, "Waveform of " + r.value("name", ""));
    const float sy = 420 + dy;
    const int dur_s = static_cast<int>(dur / 1000), pos_s = static_cast<int>(pos / 1000);
    ui.slider("recorder.player.seek", 24, W - 24, sy, pos_s, std::max(1, dur_s), "Seek", [dur](Phone& p, int v) {
      st(p)["player"]["position_ms"] = std::min<std::int64_t>(dur, static_cast<std::int64_t>(v) * 1000);
    });
    ui.label_at("recorder.player.elapsed", 24, sy + 20, mmss(pos), Font::Label, kGrey);
    const std::string total = mmss(dur);
    ui.label_at("recorder.player.total", W - 24 - ui.text_width(total, Font::Label), sy + 20, total, Font::Label, kGrey);
    const float by = 530 + dy;
    ui.icon_button("recorder.player.back10", mid - 90, by, "replay_10", "Back 10 seconds", kInk, [](Phone& p) {
      json& q = st(p)["player"];
      q["position_ms"] = std::max<std::int64_t>(0, q.value("position_ms", std::int64_t{0}) - 10000);
    });
    ui.circle(mid, by, 36, kRed);
    ui.icon(mid, by, playing ? "pause" : "play_arrow", Font::IconLarge, 0xFFFFFF);
    ui.item("recorder.player.play", "android.widget.ImageButton", {mid - 40, by - 40, mid + 40, by + 40}, playing ? "Pause" : "Play",
            [dur](Phone& p) {
              json& q = st(p)["player"];
              const bool on = q.value("playing", false);
              if (!on && q.value("position_ms", std::int64_t{0}) >= dur) q["position_ms"] = 0;
              q["playing"] = !on;
            });
    ui.icon_button("recorder.player.forward10", mid + 90, by, "forward_10", "Forward 10 seconds", kInk, [dur](Phone& p) {
      json& q = st(p)["player"];
      q["position_ms"] = std::min<std::int64_t>(dur, q.value("position_ms", std::int64_t{0}) + 10000);
    });
    // actions
    const float ay = 620 + dy;
    struct Act {
      const char* key;
      const char* icon;
      const char* label;
      float x;
    };
    for (const Act& a : {Act{"rename", "edit", "Rename", mid - 120}, Act{"share", "share", "Share", mid}, Act{"delete", "delete", "Delete", mid + 120}}) {
      ui.icon(a.x, ay + 14, a.icon, Font::Icon, kInk);
      ui.text_centered(a.x - 40, a.x + 40, ay + 32, a.label, Font::Label, kInk);
      const std::string key = a.key;
      ui.item(std::string("recorder.player.") + a.key, "android.widget.Button", {a.x - 44, ay - 8, a.x + 44, ay + 56}, a.label,
              [key, id](Phone& p) {
                const json rr = recording(p, id);
                if (rr.is_null()) return;
                if (key == "rename") {
                  st(p)["draft_name"] = rr.value("name", "");
                  st(p)["error"] = "";
                  st(p)["player"]["playing"] = false;
                  p.navigate("open_rename");
                  p.focus("recorder.rename.name", std::string("/apps/") + kApp + "/draft_name");
                } else if (key == "share") {
                  const std::string text =
                      rr.value("name", "") + "." + rr.value("format", "m4a") + " (" + mmss(rr.value("duration_ms", std::int64_t{0})) + ")";
                  p.start_intent({{"action", "android.intent.action.SEND"},
                                  {"type", "text/plain"},
                                  {"extras", {{"android.intent.extra.TEXT", text}, {"text", text}}}});
                } else {
                  p.show_dialog({{"owner", kApp},
                                 {"kind", "alert"},
                                 {"title", "Delete recording?"},
                                 {"text", "\"" + rr.value("name", "") + "\" will be deleted permanently."},
                                 {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                                 {"data", {{"menu", "delete"}, {"id", id}}}});
                }
              });
    }
  }

  static void rename_page(Ui& ui, Phone& phone) {
    input_dialog(
        ui, phone, "recorder.rename", "Rename recording", "Rename",
        [](Phone& p) {
          st(p)["draft_name"] = "";
          st(p)["error"] = "";
          p.clear_focus();
          p.back();
        },
        [](Phone& p) {
          json& s = st(p);
          const std::string id = s.value("player", json::object()).value("id", "");
          const json r = recording(p, id);
          if (r.is_null()) return;
          const std::string name = trim(s.value("draft_name", ""));
          if (name == r.value("name", "")) {  // unchanged: nothing to do
            s["draft_name"] = "";
            s["error"] = "";
            p.clear_focus();
            p.back();
            return;
          }
          const std::string err = name_error(p, name, id);
          if (!err.empty()) {
            s["error"] = err;
            return;
          }
          if (!r.value("file_id", "").empty()) {
            try {  // the file is renamed too; a name another file in Recordings has is refused
              call_app(p, "files", "rename", {{"id", r["file_id"]}, {"name", name + "." + r.value("format", "m4a")}});
            } catch (const std::invalid_argument&) {
              s["error"] = "A file with this name already exists in Recordings";
              return;
            }
          }
          s["recordings"][id]["name"] = name;
          s["draft_name"] = "";
          s["error"] = "";
          p.clear_focus();
          p.back();
          p.toast("Renamed to \"" + name + "\"");
        },
        "Cancel", "");
  }

  static void settings_page(Ui& ui, Phone& phone) {
    ui.top_bar("recorder.settings.title", "Settings", true);
    const json set = st(phone).value("settings", json::object());
    const std::string fmt = set.value("format", "m4a"), q = set.value("quality", "medium"),
                      pat = set.value("name_pattern", "number");
    const Rect area{0, ui.cursor_y(), Ui::width_dp(), Ui::content_area().b};
    ui.begin_scroll("recorder.settings.list", area, phone.page_pointer() + "/scroll");
    ui.set_cursor(area.t);
    auto kbs = [](std::int64_t bps) {
      char b[32];
      if (bps >= 10000 || bps % 1000 == 0) std::snprintf(b, sizeof b, "%lld KB/s", static_cast<long long>((bps + 500) / 1000));
      else std::snprintf(b, sizeof b, "%lld.%lld KB/s", static_cast<long long>(bps / 1000), static_cast<long long>((bps % 1000 + 50) / 100 % 10));
      return std::string(b);
    };
    auto radio = [&ui](const std::string& id, const std::string& text, bool on, Handler h) {
      const float y = ui.cursor_y();
      ui.radio(id, {0, y, Ui::width_dp(), y + 56}, text, on, std::move(h));
      ui.set_cursor(y + 56);
    };
    auto setter = [](const char* key, const char* v) {
      return [key, v](Phone& p) { st(p)["settings"][key] = v; };
    };
    ui.section_header("Format");
    radio("recorder.settings.format.m4a", "M4A (AAC) \xC2\xB7 " + kbs(bytes_per_second("m4a", q)), fmt == "m4a", setter("format", "m4a"));
    radio("recorder.settings.format.wav", "WAV (uncompressed) \xC2\xB7 " + kbs(bytes_per_second("wav", q)), fmt == "wav",
          setter("format", "wav"));
    radio("recorder.settings.format.3gp", "3GP (AMR, voice) \xC2\xB7 " + kbs(bytes_per_second("3gp", q)), fmt == "3gp",
          setter("format", "3gp"));
    ui.section_header("Quality");
    for (const char* k : {"low", "medium", "high"})
      radio(std::string("recorder.settings.quality.") + k,
            capitalized(k) + " \xC2\xB7 " + sample_rate(k) + " \xC2\xB7 " + kbs(bytes_per_second(fmt, k)), q == k, setter("quality", k));
    ui.section_header("Default name");
    radio("recorder.settings.name.number", "Recording N (e.g. \"Recording 26\")", pat == "number", setter("name_pattern", "number"));
    radio("recorder.settings.name.date", "Date and time (e.g. \"2026-01-01 08:00\")", pat == "date", setter("name_pattern", "date"));
    ui.advance(16);
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("recorder", RecorderApp);
}  // namespace pg
