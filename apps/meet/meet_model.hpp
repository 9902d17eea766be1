// Meet's data model: scheduled meetings (world/meetings.json keyed by the 9-digit meeting ID,
// merged with the overlay apps.meet.meetings), past meetings (world/history.json + overlay
// apps.meet.history), the live call (apps.meet.call) and the helpers the pages share: meeting-ID
// formatting ("123 456 789"), local date/time arithmetic, validation of the schedule form, the
// invitation text, and who is in a call at a given virtual time. Everything is a function of the
// state; meet.cpp only draws and calls these.
#pragma once

#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

namespace pg::meet {

using json = nlohmann::json;

constexpr const char* kApp = "meet";
constexpr const char* kOwner = "Alex Rivera";              ///< the phone's owner (host of "my" meetings)
constexpr const char* kPersonalId = "512883027";          ///< Alex's personal meeting ID (instant meetings)
constexpr std::int64_t kMinuteMs = 60000, kDayMs = 86400000;
constexpr std::int64_t kArrivalMs = 4000;                 ///< invitees of a meeting I start arrive one per 4 s

inline json& st(Phone& p) { return own_state(p, kApp); }
inline const json& st(const Phone& p) { return own_state(p, kApp); }

// ---------------------------------------------------------------- text

/// "123456789" -> "123 456 789" (other lengths: groups of three from the left).
inline std::string format_id(const std::string& id) {
  std::string out;
  for (std::size_t i = 0; i < id.size(); ++i) {
    if (i && i % 3 == 0) out += ' ';
    out += id[i];
  }
  return out;
}

/// The digits of `s` ("123 456-789" -> "123456789").
inline std::string digits(const std::string& s) {
  std::string out;
  for (char c : s)
    if (std::isdigit(static_cast<unsigned char>(c))) out += c;
  return out;
}


/// A widget-id part for a person's name: lower-case ASCII letters and digits joined by '_',
/// Latin-1 accents folded ("Hannah Müller" -> "hannah_muller", "Grace O'Brien" -> "grace_o_brien").
inline std::string slug(const std::string& s) {
  static const char* kLatin1 = "aaaaaaaceeeeiiiidnooooo*ouuuuyts";  // U+00C0..U+00DF, U+00E0..U+00FF
  std::string out;
  bool sep = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0xC3 && i + 1 < s.size()) {
      c = static_cast<unsigned char>(kLatin1[(static_cast<unsigned char>(s[i + 1]) - 0x80) & 0x1F]);
      ++i;
    }
    if (std::isalnum(c)) {
      if (sep && !out.empty()) out += '_';
      out += static_cast<char>(std::tolower(c));
      sep = false;
    } else {
      sep = true;
    }
  }
  return out;
}

/// "AR" for "Alex Rivera", "M" for "Mom": the first letters of the first and last words.
inline std::string initials(const std::string& name) {
  auto first_char = [&](std::size_t i) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    std::string out = name.substr(i, n);
    if (n == 1) out[0] = static_cast<char>(std::toupper(c));
    return out;
  };
  const std::string t = trim(name);
  if (t.empty()) return "";
  std::string out;
  std::size_t i = 0;
  while (i < name.size() && name[i] == ' ') ++i;
  out = first_char(i);
  const std::size_t last = t.find_last_of(' ');
  if (last != std::string::npos) {
    const std::size_t j = name.find(t) + last + 1;
    if (j < name.size()) out += first_char(j);
  }
  return out;
}

/// "45 min", "1 hr", "1 hr 30 min".
inline std::string duration_text(int minutes) {
  if (minutes < 60) return std::to_string(minutes) + " min";
  const int h = minutes / 60, m = minutes % 60;
  return std::to_string(h) + " hr" + (m ? " " + std::to_string(m) + " min" : "");
}

// ---------------------------------------------------------------- time (local ms: the phone's zone)

/// Local ms of "YYYY-MM-DD" at "HH:MM"; -1 if either does not parse.
inline std::int64_t local_ms(const std::string& date, const std::string& time) {
  std::int64_t days = 0;
  const int min = parse_hhmm(time);
  if (!parse_iso_date(date, days) || min < 0) return -1;
  return days * kDayMs + min * kMinuteMs;
}

/// "Mon, Jan 5" for local ms, in the phone's locale.
inline std::string short_date(std::int64_t ms) { return format_date_ms(ms, DateStyle::ShortWeekdayMonthDay); }

/// "Mon, Jan 5, 2026".
inline std::string short_date_year(std::int64_t ms) { return short_date(ms) + ", " + std::to_string(civil_from_ms(ms).year); }

/// The phone's local offset from UTC (ms).
inline std::int64_t zone_offset_ms(const Phone& p) { return p.local_time_ms() - p.now_ms(); }

// ---------------------------------------------------------------- meetings

/// Every scheduled meeting (world merged with the overlay), each with its "id".
inline json meetings(const Phone& p) { return resolve_collection(World::instance(), st(p), kApp, "meetings"); }
/// One meeting by ID, or null.
inline json meeting(const Phone& p, const std::string& id) {
  return resolve_entity(World::instance(), st(p), kApp, "meetings", id);
}
/// Every past meeting, each with its "id".
inline json history(const Phone& p) { return resolve_collection(World::instance(), st(p), kApp, "history"); }
inline json record(const Phone& p, const std::string& id) {
  return resolve_entity(World::instance(), st(p), kApp, "history", id);
}

inline bool hosted_by_me(const json& m) { return m.value("host", "") == kOwner; }

/// Local start (ms) of a meeting's next occurrence that has not ended at local time `now`:
/// its date and time, moved on by days (daily) or weeks (weekly) while it would already be over.
inline std::int64_t next_start(const json& m, std::int64_t now) {
  std::int64_t s = local_ms(m.value("date", ""), m.value("time", ""));
  if (s < 0) return s;
  const std::int64_t len = m.value("duration_min", 30) * kMinuteMs;
  const std::string rep = m.value("repeat", "none");
  const std::int64_t step = rep == "daily" ? kDayMs : rep == "weekly" ? 7 * kDayMs : 0;
  if (step && s + len <= now) s += ((now - (s + len)) / step + 1) * step;
  return s;
}

/// Upcoming meetings (not over at local `now`), soonest first.
inline std::vector<json> upcoming(const Phone& p) {
  const std::int64_t now = p.local_time_ms();
  std::vector<json> out;
  for (const json& m : meetings(p)) {
    const std::int64_t s = next_start(m, now);
    if (s >= 0 && s + m.value("duration_min", 30) * kMinuteMs > now) out.push_back(m);
  }
  std::stable_sort(out.begin(), out.end(), [now](const json& a, const json& b) {
    return next_start(a, now) < next_start(b, now);
  });
  return out;
}

/// The invitation text shared with Chat or Messages.
inline std::string invitation(const Phone& p, const json& m) {
  const std::int64_t s = next_start(m, p.local_time_ms());
  const std::string id = m.value("id", "");
  const std::string pwd = m.value("passcode", "");
  std::string t = m.value("host", std::string(kOwner)) + " is inviting you to a scheduled Meet meeting.\n\n";
  t += "Topic: " + m.value("title", "") + "\n";
  t += "Time: " + short_date_year(s) + " " + p.format_time(s) + " (" + duration_text(m.value("duration_min", 30)) + ")\n";
  const std::string rep = m.value("repeat", "none");
  if (rep != "none") t += std::string("Repeats: ") + (rep == "daily" ? "every day" : "every week") + "\n";
  t += "\nJoin Meet meeting\nhttps://meet.phonegym.org/j/" + id + (pwd.empty() ? "" : "?pwd=" + pwd) + "\n\n";
  t += "Meeting ID: " + format_id(id) + "\n";
  if (!pwd.empty()) t += "Passcode: " + pwd + "\n";
  return t;
}

// ---------------------------------------------------------------- the schedule form

/// Reads "9:30", "09:30", "9:30 AM", "2:15 pm" into "HH:MM"; "" if it is not a time.
inline std::string normalize_time(std::string s) {
  s = trim(s);
  std::string low;
  for (char c : s) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  int add = -1;  // -1: 24-hour
  for (const char* suf : {"am", "a.m.", "pm", "p.m."}) {
    const std::string x(suf);
    if (low.size() > x.size() && low.compare(low.size() - x.size(), x.size(), x) == 0) {
      add = x[0] == 'p' ? 12 : 0;
      low = trim(low.substr(0, low.size() - x.size()));
      break;
    }
  }
  if (low.find(':') == std::string::npos && add >= 0 && !low.empty() && low.size() <= 2) low += ":00";
  int m = parse_hhmm(low);
  if (m < 0) return "";
  if (add >= 0) {
    int h = m / 60;
    if (h < 1 || h > 12) return "";
    h = h % 12 + add;
    m = h * 60 + m % 60;
  }
  return hhmm(m);
}

/// The form's error, or "" when it can be saved. Checks the title, the date (YYYY-MM-DD, not
/// past), the time, the duration (5..1440 minutes) and a 6-digit passcode when one is required.
inline std::string form_error(const Phone& p, const json& f) {
  if (trim(f.value("title", "")).empty()) return "Enter a meeting topic";
  std::int64_t days = 0;
  if (!parse_iso_date(trim(f.value("date", "")), days)) return "Enter the date as YYYY-MM-DD";
  const std::string t = normalize_time(f.value("time", ""));
  if (t.empty()) return "Enter the start time as HH:MM";
  const std::string d = trim(f.value("duration", ""));
  if (d.empty() || d.size() > 4 || digits(d) != d) return "Enter the duration in minutes";
  const int dur = std::stoi(d);
  if (dur < 5 || dur > 1440) return "Duration must be 5 to 1440 minutes";
  if (f.value("passcode_on", false)) {
    const std::string pc = f.value("passcode", "");
    if (pc.size() != 6 || digits(pc) != pc) return "The passcode must be 6 digits";
  }
  const std::int64_t start = local_ms(trim(f.value("date", "")), t);
  if (f.value("edit", "").empty() && start + dur * kMinuteMs <= p.local_time_ms()) return "Choose a time in the future";
  return "";
}

/// A 9-digit meeting ID for the n-th meeting scheduled on the phone (deterministic, never 0-led).
inline std::string new_meeting_id(int n) {
  const std::uint64_t v = 300000000ULL + (static_cast<std::uint64_t>(n) * 7368787ULL + 1234567ULL) % 600000000ULL;
  return std::to_string(v);
}

/// A 6-digit passcode proposed for the n-th new meeting.
inline std::string new_passcode(int n) {
  return std::to_string(100000 + (static_cast<std::uint64_t>(n) * 4271ULL + 90817ULL) % 900000ULL);
}

// ---------------------------------------------------------------- the call

/// The people who have arrived by virtual time now_ms (UTC) and were not removed, in arrival
/// order: a meeting I start gets one invitee every kArrivalMs; in someone else's meeting everyone
/// is there when I join.
inline std::vector<std::string> arrived(const json& call, std::int64_t now_ms) {
  std::vector<std::string> out;
  if (!call.is_object()) return out;
  const bool mine = call.value("host", "") == kOwner;
  const std::int64_t since = now_ms - call.value("joined_ms", std::int64_t{0});
  const json removed = call.value("removed", json::array());
  const json people = call.value("people", json::array());
  for (std::size_t i = 0; i < people.size(); ++i) {
    const std::string n = people[i].get<std::string>();
    if (mine && since < static_cast<std::int64_t>(i + 1) * kArrivalMs) continue;
    if (std::find(removed.begin(), removed.end(), json(n)) != removed.end()) continue;
    out.push_back(n);
  }
  return out;
}

/// Whether `name` was admitted from the waiting room (always true without one).
inline bool admitted(const json& call, const std::string& name) {
  if (!call.value("waiting_room", false)) return true;
  const json a = call.value("admitted", json::array());
  return std::find(a.begin(), a.end(), json(name)) != a.end();
}

/// Who is in the call (besides me) at virtual time now_ms: arrived, not removed, admitted.
inline std::vector<std::string> present(const json& call, std::int64_t now_ms) {
  std::vector<std::string> out;
  for (const std::string& n : arrived(call, now_ms))
    if (admitted(call, n)) out.push_back(n);
  return out;
}

/// Who waits in the waiting room of my meeting at virtual time now_ms.
inline std::vector<std::string> waiting(const json& call, std::int64_t now_ms) {
  std::vector<std::string> out;
  for (const std::string& n : arrived(call, now_ms))
    if (!admitted(call, n)) out.push_back(n);
  return out;
}

/// Whether a participant (not me) is muted: everyone after "Mute all", else by the meeting's
/// mute-on-entry flag or, for a few, their own choice (a deterministic function of the name).
inline bool person_muted(const json& call, const std::string& name, bool mute_on_entry) {
  if (call.value("all_muted", false) || mute_on_entry) return true;
  unsigned h = 2166136261u;
  for (unsigned char c : name) h = (h ^ c) * 16777619u;
  return h % 3 == 0;
}

/// What the others say in the chat of a call by virtual time now_ms: someone else's meeting: its
/// host greets 10 s after I join; my meeting: the first invitee says hello 6 s after arriving (if
/// still there). Derived from the call and the clock, never stored; a line is picked by the
/// meeting ID. [{from, text, time_ms}] in time order.
inline json others_chat(const json& call, std::int64_t now_ms) {
  static const char* kLines[] = {"Good morning, everyone!", "Hi all! Can everyone hear me okay?",
                                 "Hello! I'll share my screen in a second.", "Hi! The notes doc is linked in the invite.",
                                 "Hey everyone, give me a moment to find the slides."};
  json out = json::array();
  if (!call.is_object()) return out;
  const std::int64_t joined = call.value("joined_ms", std::int64_t{0});
  unsigned h = 2166136261u;
  for (unsigned char c : call.value("meeting", std::string())) h = (h ^ c) * 16777619u;
  const std::string line = kLines[h % 5];
  const std::string host = call.value("host", "");
  if (host != kOwner) {
    if (now_ms >= joined + 10000) out.push_back({{"from", host}, {"text", line}, {"time_ms", joined + 10000}});
    return out;
  }
  const json people = call.value("people", json::array());
  if (people.empty()) return out;
  const std::string first = people[0].get<std::string>();
  const std::vector<std::string> in = present(call, now_ms);
  const std::int64_t at = joined + kArrivalMs + 6000;
  if (now_ms >= at && std::find(in.begin(), in.end(), first) != in.end())
    out.push_back({{"from", first}, {"text", line}, {"time_ms", at}});
  return out;
}

/// Minutes a call lasted, at least 1.
inline int minutes_between(std::int64_t from_ms, std::int64_t to_ms) {
  return static_cast<int>(std::max<std::int64_t>(1, (to_ms - from_ms + kMinuteMs / 2) / kMinuteMs));
}

}  // namespace pg::meet
