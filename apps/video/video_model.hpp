// Video's data model: the catalog (world videos, channels, comments merged with the overlay
// apps.video), text formatting (durations, view counts, ages), search with filters and sort, and
// the small operations the pages run (like, follow, save, history). Everything is a function of
// the state; the pages (video.cpp) draw and call these.
#pragma once

#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/util/hash.hpp"
#include "sim/util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cctype>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace pg::video {

using json = nlohmann::json;

constexpr const char* kApp = "video";
constexpr const char* kOwner = "Alex Rivera";
constexpr std::int64_t kHourMs = 3600000, kDayMs = 24 * kHourMs;
constexpr const char* kShareHost = "https://video.phonegym.org/watch/";

/// The app's own overlay (state apps.video).
inline json& st(Phone& p) { return own_state(p, kApp); }
inline const json& st(const Phone& p) { return own_state(p, kApp); }


/// The categories of the home chips: key and label ("all" first).
struct Category {
  const char* key;
  const char* label;
  const char* icon;
};
inline const std::vector<Category>& categories() {
  static const std::vector<Category> k = {
      {"all", "All", "whatshot"},           {"music", "Music", "music_note"},     {"gaming", "Gaming", "videogame_asset"},
      {"cooking", "Cooking", "restaurant"}, {"tech", "Tech", "devices"},          {"travel", "Travel", "flight"},
      {"sports", "Sports", "directions_run"}, {"fitness", "Fitness", "fitness_center"},
      {"science", "Science", "science"},    {"comedy", "Comedy", "mood"}, {"diy", "DIY", "build"},
      {"news", "News", "library_books"}};
  return k;
}
inline std::string category_icon(const std::string& key) {
  for (const Category& c : categories())
    if (key == c.key) return c.icon;
  return "smart_display";
}

/// One page's view of the data: videos, channels and comments with the overlay applied.
struct Catalog {
  json videos, channels, comments;  // arrays of entities (each with "id")
  std::map<std::string, std::size_t> video_at, channel_at;

  explicit Catalog(const Phone& p, bool with_comments = false) {
    const World& w = World::instance();
    const json& o = st(p);
    videos = resolve_collection(w, o, kApp, "videos");
    channels = resolve_collection(w, o, kApp, "channels");
    if (with_comments) comments = resolve_collection(w, o, kApp, "comments");
    for (std::size_t i = 0; i < videos.size(); ++i) video_at[videos[i].value("id", "")] = i;
    for (std::size_t i = 0; i < channels.size(); ++i) channel_at[channels[i].value("id", "")] = i;
  }
  /// The video with this id, or null.
  const json* video(const std::string& id) const {
    auto it = video_at.find(id);
    return it == video_at.end() ? nullptr : &videos[it->second];
  }
  /// The channel with this id, or null.
  const json* channel(const std::string& id) const {
    auto it = channel_at.find(id);
    return it == channel_at.end() ? nullptr : &channels[it->second];
  }
  std::string channel_name(const json& v) const {
    const json* c = channel(v.value("channel", ""));
    return c ? c->value("name", "") : "";
  }
  /// Videos of a channel, newest first.
  std::vector<const json*> channel_videos(const std::string& cid) const {
    std::vector<const json*> out;
    for (const json& v : videos)
      if (v.value("channel", "") == cid) out.push_back(&v);
    std::stable_sort(out.begin(), out.end(), [](const json* a, const json* b) {
      return a->value("uploaded_ms", std::int64_t{0}) > b->value("uploaded_ms", std::int64_t{0});
    });
    return out;
  }
};

// ---------------------------------------------------------------- formatting

/// 75 -> "1:15", 3725 -> "1:02:05".
inline std::string fmt_duration(int s) {
  if (s < 0) s = 0;
  const int h = s / 3600, m = s / 60 % 60, sec = s % 60;
  char buf[32];
  if (h > 0)
    std::snprintf(buf, sizeof buf, "%d:%02d:%02d", h, m, sec);
  else
    std::snprintf(buf, sizeof buf, "%d:%02d", m, sec);
  return buf;
}

/// 512 -> "512", 1234 -> "1.2K", 45678 -> "45K", 2300000 -> "2.3M" (YouTube's compact counts).
inline std::string fmt_count(std::int64_t n) {
  auto one = [](std::int64_t v, std::int64_t unit, const char* suffix) {
    const std::int64_t tenths = v * 10 / unit;
    std::string s = tenths < 100 && tenths % 10 != 0
                        ? std::to_string(tenths / 10) + "." + std::to_string(tenths % 10)
                        : std::to_string(v / unit);
    return s + suffix;
  };
  if (n < 1000) return std::to_string(n);
  if (n < 1000000) return one(n, 1000, "K");
  if (n < 1000000000) return one(n, 1000000, "M");
  return one(n, 1000000000, "B");
}

/// "1.2M views" ("1 view" for one).
inline std::string fmt_views(std::int64_t n) { return fmt_count(n) + (n == 1 ? " view" : " views"); }

/// How long ago `t_ms` was at `now_ms`: "5 minutes ago", "3 hours ago", "2 weeks ago".
inline std::string fmt_age(std::int64_t t_ms, std::int64_t now_ms) {
  const std::int64_t d = std::max<std::int64_t>(0, now_ms - t_ms);
  auto unit = [](std::int64_t n, const char* u) {
    return std::to_string(n) + " " + u + (n == 1 ? "" : "s") + " ago";
  };
  if (d < 60000) return "just now";
  if (d < kHourMs) return unit(d / 60000, "minute");
  if (d < kDayMs) return unit(d / kHourMs, "hour");
  if (d < 7 * kDayMs) return unit(d / kDayMs, "day");
  if (d < 30 * kDayMs) return unit(d / (7 * kDayMs), "week");
  if (d < 365 * kDayMs) return unit(d / (30 * kDayMs), "month");
  return unit(d / (365 * kDayMs), "year");
}

/// "1x", "1.25x", "0.5x" from a speed in percent.
inline std::string fmt_speed(int pct) {
  std::string s = std::to_string(pct / 100);
  const int frac = pct % 100;
  if (frac != 0) s += "." + std::string(frac % 10 == 0 ? std::to_string(frac / 10) : std::to_string(frac));
  return s + "x";
}

/// A video's description, generated deterministically from its id (not stored in the world).
inline std::string description(const json& v, const std::string& channel_name) {
  static const char* const kOpen[] = {"In this video we", "Today I", "This week we", "Join me as I", "Here's how we"};
  static const char* const kMid[] = {"take a closer look at", "try out", "break down", "share everything about",
                                     "finally tackle"};
  static const char* const kEnd[] = {
      "Timestamps are in the comments.", "Thanks for watching, and see you next week!",
      "Let me know in the comments what you want to see next.", "Everything I used is listed below.",
      "Filmed over three days with a lot of coffee."};
  const std::uint32_t h = fnv1a32(v.value("id", ""));
  std::string title = v.value("title", "");
  std::string s = std::string(kOpen[h % 5]) + " " + kMid[(h / 5) % 5] + " " + lower(title) + ". " + kEnd[(h / 25) % 5];
  if (!channel_name.empty()) s += " Follow " + channel_name + " for more.";
  return s;
}

// ---------------------------------------------------------------- membership helpers

inline bool contains(const json& arr, const std::string& v) {
  if (!arr.is_array()) return false;
  for (const json& x : arr)
    if (x.is_string() && x.get<std::string>() == v) return true;
  return false;
}
/// Adds or removes string `v` in the array `arr`; returns whether it is in it afterwards.
inline bool toggle(json& arr, const std::string& v, bool front = false) {
  if (!arr.is_array()) arr = json::array();
  for (auto it = arr.begin(); it != arr.end(); ++it)
    if (it->is_string() && it->get<std::string>() == v) {
      arr.erase(it);
      return false;
    }
  if (front)
    arr.insert(arr.begin(), v);
  else
    arr.push_back(v);
  return true;
}

/// The follow entry of a channel, or null.
inline const json* follow_of(const Phone& p, const std::string& cid) {
  const json& o = st(p);
  auto it = o.find("following");
  if (it == o.end() || !it->is_array()) return nullptr;
  for (const json& e : *it)
    if (e.value("channel", "") == cid) return &e;
  return nullptr;
}

/// The download entry of a video, or null.
inline const json* download_of(const Phone& p, const std::string& vid) {
  const json& o = st(p);
  auto it = o.find("downloads");
  if (it == o.end() || !it->is_array()) return nullptr;
  for (const json& e : *it)
    if (e.value("video", "") == vid) return &e;
  return nullptr;
}

/// Whether `v` is in any folder.
inline bool in_any_folder(const Phone& p, const std::string& vid) {
  const json& o = st(p);
  auto it = o.find("folders");
  if (it == o.end() || !it->is_array()) return false;
  for (const json& f : *it)
    if (contains(f.value("videos", json::array()), vid)) return true;
  return false;
}

// ---------------------------------------------------------------- search

/// Search results for `query` with filters {duration, date, sort}: every word of the query in the
/// title or the channel's name; relevance puts titles containing the whole phrase first, then the
/// most viewed.
inline std::vector<const json*> search(const Catalog& cat, const std::string& query, const json& filters,
                                       std::int64_t now_ms) {
  std::vector<std::string> words;
  std::string w;
  for (char c : lower(query) + " ") {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!w.empty()) words.push_back(w);
      w.clear();
    } else {
      w += c;
    }
  }
  std::vector<const json*> out;
  if (words.empty()) return out;
  const std::string dur = filters.value("duration", "any"), date = filters.value("date", "any");
  const std::string sort = filters.value("sort", "relevance");
  for (const json& v : cat.videos) {
    const std::string hay = lower(v.value("title", "") + " " + cat.channel_name(v));
    bool ok = true;
    for (const std::string& x : words) ok = ok && hay.find(x) != std::string::npos;
    if (!ok) continue;
    const int d = v.value("duration_s", 0);
    if (dur == "short" && d >= 240) continue;
    if (dur == "medium" && (d < 240 || d > 1200)) continue;
    if (dur == "long" && d <= 1200) continue;
    const std::int64_t age = now_ms - v.value("uploaded_ms", std::int64_t{0});
    if (date == "today" && age > kDayMs) continue;
    if (date == "week" && age > 7 * kDayMs) continue;
    if (date == "month" && age > 30 * kDayMs) continue;
    out.push_back(&v);
  }
  const std::string phrase = trim(lower(query));
  auto views = [](const json* v) { return v->value("views", std::int64_t{0}); };
  auto when = [](const json* v) { return v->value("uploaded_ms", std::int64_t{0}); };
  if (sort == "views") {
    std::stable_sort(out.begin(), out.end(), [&](const json* a, const json* b) { return views(a) > views(b); });
  } else if (sort == "date") {
    std::stable_sort(out.begin(), out.end(), [&](const json* a, const json* b) { return when(a) > when(b); });
  } else {
    auto score = [&](const json* v) { return lower(v->value("title", "")).find(phrase) != std::string::npos ? 1 : 0; };
    std::stable_sort(out.begin(), out.end(), [&](const json* a, const json* b) {
      if (score(a) != score(b)) return score(a) > score(b);
      return views(a) > views(b);
    });
  }
  return out;
}

}  // namespace pg::video
