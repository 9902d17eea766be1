// Discover's data model (apps/discover/*.cpp only): the world collections users, notes, comments
// and boards seen through the overlay apps.discover.<collection>, and what the pages derive from
// them: shown like / collect / follower counts (world count plus the owner's change), a note's
// comments in thread order, the owner's boards, search, tag parsing and text formatting.
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
#include <cstdio>
#include <string>
#include <vector>

namespace pg::discover {

using json = nlohmann::json;

inline constexpr const char* kApp = "discover";
inline constexpr const char* kMe = "me";  ///< the author id of the owner's notes, comments and boards
inline constexpr const char* kOwnerName = "Alex Rivera";
inline constexpr const char* kOwnerHandle = "alexrivera";
inline constexpr int kTitleMax = 20;   ///< characters in a note's title
inline constexpr int kPhotosMax = 9;   ///< photos in a note
inline constexpr int kTextMax = 1000;  ///< characters in a note's text

/// The app's own state, read-only.
inline const json& S(const Phone& p) { return own_state(p, kApp); }

inline bool missing(const json& j) { return j.is_null() || (j.is_object() && j.empty()); }

// ---------------------------------------------------------------- text


/// Lower case with runs of spaces as one (search matching).
inline std::string fold(const std::string& s) {
  std::string out;
  for (char c : s) {
    const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (std::isspace(static_cast<unsigned char>(l))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += l;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

/// Characters (UTF-8 code points) in `s`.
inline int utf8_length(const std::string& s) {
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

/// Counts as RedNote's cards show them: "986", "1.2K", "24K".
inline std::string count_text(long long v) {
  char b[32];
  if (v >= 10000) std::snprintf(b, sizeof b, "%lldK", v / 1000);
  else if (v >= 1000) std::snprintf(b, sizeof b, "%lld.%lldK", v / 1000, (v % 1000) / 100);
  else std::snprintf(b, sizeof b, "%lld", v);
  std::string s = b;
  const auto dot = s.find(".0K");
  if (dot != std::string::npos) s.erase(dot, 2);
  return s;
}

/// "Dec 24, 2025" (UTC, as every note's date is shown; in the phone's locale).
inline std::string date_text(std::int64_t ms) { return format_date_ms(ms, DateStyle::MonthDayYear); }

/// How long ago: "just now", "12m ago", "5h ago", "3d ago", else the date.
inline std::string ago_text(const Phone& p, std::int64_t ms) {
  const std::int64_t s = std::max<std::int64_t>(0, (p.now_ms() - ms) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return std::to_string(s / 60) + "m ago";
  if (s < 86400) return std::to_string(s / 3600) + "h ago";
  if (s < 86400 * 7) return std::to_string(s / 86400) + "d ago";
  return date_text(ms);
}

/// Tags as typed ("#coffee, latte art #cafe"): split at '#', ',' and spaces, without '#'s,
/// lower case, each once, in order.
inline std::vector<std::string> parse_tags(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty() && std::find(out.begin(), out.end(), cur) == out.end()) out.push_back(cur);
    cur.clear();
  };
  for (char c : s) {
    if (c == '#' || c == ',' || std::isspace(static_cast<unsigned char>(c))) flush();
    else cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  flush();
  return out;
}

/// Tags back into the field's text: "#coffee #cafe".
inline std::string tags_text(const json& tags) {
  std::string s;
  for (const json& t : tags) s += (s.empty() ? "#" : " #") + t.get<std::string>();
  return s;
}

// ---------------------------------------------------------------- collections

inline std::vector<json> all(const Phone& p, const std::string& coll) {
  const json v = resolve_collection(World::instance(), S(p), kApp, coll);
  return std::vector<json>(v.begin(), v.end());
}

/// One entity, or an empty object when it does not exist (or was deleted).
inline json find(const Phone& p, const std::string& coll, const std::string& id) {
  if (id.empty()) return json::object();
  json e = resolve_entity(World::instance(), S(p), kApp, coll, id);
  return e.is_null() ? json::object() : e;
}

/// Writes `changes` over entity `id` of collection `coll` in the overlay (kept minimal).
inline void update(Phone& p, const std::string& coll, const std::string& id, const json& changes) {
  json& st = own_state(p, kApp);
  if (!st[coll].is_object()) st[coll] = json::object();
  write_overlay_entity(st[coll], id, World::instance().entity(kApp, coll, id), changes);
}

/// Deletes entity `id`: null over a world entity, erased when it only lives in the overlay.
inline void remove(Phone& p, const std::string& coll, const std::string& id) {
  json& st = own_state(p, kApp);
  if (!st[coll].is_object()) st[coll] = json::object();
  if (World::instance().entity(kApp, coll, id)) st[coll][id] = nullptr;
  else st[coll].erase(id);
}

/// The world value of a boolean field (false for an entity the world lacks).
inline bool world_flag(const std::string& coll, const std::string& id, const std::string& field) {
  const json* w = World::instance().entity(kApp, coll, id);
  return w ? w->value(field, false) : false;
}

/// Likes as shown: the world count, plus one when the owner liked it since (minus one when unliked).
inline long long shown_likes(const std::string& coll, const json& e) {
  const bool was = world_flag(coll, e.value("id", ""), "liked"), is = e.value("liked", false);
  return e.value("likes", 0LL) + (was == is ? 0 : is ? 1 : -1);
}

inline long long shown_followers(const json& u) {
  const bool was = world_flag("users", u.value("id", ""), "followed"), is = u.value("followed", false);
  return u.value("followers", 0LL) + (was == is ? 0 : is ? 1 : -1);
}

/// A user's display name ("Alex Rivera" for the owner).
inline std::string user_name(const Phone& p, const std::string& id) {
  if (id == kMe) return kOwnerName;
  const json u = find(p, "users", id);
  return missing(u) ? "Unknown" : u.value("name", "");
}

inline std::uint32_t user_color(const Phone& p, const std::string& id) {
  if (id == kMe) return 0xFF2442;
  const std::string c = find(p, "users", id).value("color", "#9E9E9E");
  return c.size() == 7 ? static_cast<std::uint32_t>(std::strtoul(c.c_str() + 1, nullptr, 16)) : 0x9E9E9E;
}

/// The owner's boards, oldest first.
inline std::vector<json> my_boards(const Phone& p) {
  std::vector<json> out;
  for (json& b : all(p, "boards"))
    if (b.value("owner", "") == kMe) out.push_back(std::move(b));
  return out;
}

/// Whether note `id` is in one of the owner's boards.
inline bool collected(const Phone& p, const std::string& id) {
  for (const json& b : my_boards(p))
    for (const json& n : b.value("notes", json::array()))
      if (n == id) return true;
  return false;
}

/// Collects as shown: the world count plus one when the owner collected it and the world had not.
inline long long shown_collects(const Phone& p, const json& note) {
  const std::string id = note.value("id", "");
  bool was = false;
  for (const json& b : resolve_collection(World::instance(), json::object(), kApp, "boards"))
    if (b.value("owner", "") == kMe)
      for (const json& n : b.value("notes", json::array())) was = was || n == id;
  const bool is = collected(p, id);
  return note.value("collects", 0LL) + (was == is ? 0 : is ? 1 : -1);
}

/// A note's comments in thread order: each top-level comment (oldest first) followed by its replies.
inline std::vector<json> thread(const Phone& p, const std::string& note) {
  std::vector<json> top, replies, out;
  for (json& c : all(p, "comments")) {
    if (c.value("note", "") != note) continue;
    (c.value("parent", "").empty() ? top : replies).push_back(std::move(c));
  }
  auto by_time = [](const json& a, const json& b) { return a.value("time_ms", 0LL) < b.value("time_ms", 0LL); };
  std::stable_sort(top.begin(), top.end(), by_time);
  std::stable_sort(replies.begin(), replies.end(), by_time);
  for (json& t : top) {
    const std::string id = t.value("id", "");
    out.push_back(t);
    for (const json& r : replies)
      if (r.value("parent", "") == id) out.push_back(r);
  }
  return out;
}

/// Whether note `n` matches a search: every word of `q` in its title, text, tags or place.
inline bool note_matches(const json& n, const std::string& q) {
  std::string hay = fold(n.value("title", "") + " " + n.value("text", "") + " " + n.value("place", ""));
  for (const json& t : n.value("tags", json::array())) hay += " " + fold(t.get<std::string>());
  std::string word;
  const std::string fq = fold(q) + " ";
  for (char c : fq) {
    if (c == ' ') {
      if (!word.empty() && hay.find(word) == std::string::npos) return false;
      word.clear();
    } else {
      word += c;
    }
  }
  return true;
}

}  // namespace pg::discover
