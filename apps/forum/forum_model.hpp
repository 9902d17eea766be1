// Forum's data model (apps/forum/forum.cpp's own code): the world collections communities, posts,
// comments and users seen through Forum's overlay (apps.forum.<collection>), and what the pages
// derive from them: shown scores (score + the owner's vote), comment counts, the inbox (replies to
// the owner), karma, sorting (Hot / New / Top), a community's posting requirements. Nothing here
// writes state except ensure_object on an overlay the caller owns.
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
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pg::forum {

using json = nlohmann::json;

inline constexpr const char* kApp = "forum";
inline constexpr const char* kOwner = "alexrivera";  // u/alexrivera: Alex Rivera, the phone's owner
inline constexpr const char* kSite = "https://forum.example.com";

/// The app's own state, read-only (drawing never inserts keys).
inline const json& S(const Phone& p) { return own_state(p, kApp); }

/// Whether a looked-up entity is missing (community(), find_post(), find_comment() give an empty
/// object for an unknown or deleted one, so reading its fields is always safe).
inline bool missing(const json& j) { return j.is_null() || j.empty(); }

inline json& ensure_object(json& j) {
  if (!j.is_object()) j = json::object();
  return j;
}

// ---------------------------------------------------------------- text


/// Lower case, runs of spaces as one (for search).
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
  return out;
}

/// "Earth Sciences" -> "earth_sciences", "Lost & Found" -> "lost_found": ids of flairs and reasons.
inline std::string slug(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

/// Characters (UTF-8 code points) in `s`: what a title's length limit counts.
inline int utf8_length(const std::string& s) {
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

/// "4,218,337".
inline std::string with_commas(long long v) {
  std::string s = std::to_string(v < 0 ? -v : v);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
  return (v < 0 ? "-" : "") + s;
}

/// Member counts as a list shows them: "4.2M", "184k", "950".
inline std::string members_text(long long v) {
  char b[32];
  if (v >= 1000000) std::snprintf(b, sizeof b, "%.1fM", static_cast<double>(v / 100000) / 10.0);
  else if (v >= 10000) std::snprintf(b, sizeof b, "%lldk", v / 1000);
  else if (v >= 1000) std::snprintf(b, sizeof b, "%.1fk", static_cast<double>(v / 100) / 10.0);
  else std::snprintf(b, sizeof b, "%lld", v);
  return b;
}

/// "January 25, 2008" (in the phone's locale) of "2008-01-25".
inline std::string long_date(const std::string& iso) {
  std::int64_t days = 0;
  if (!parse_iso_date(iso, days)) return iso;
  return format_date_ms(days * 86400000LL, DateStyle::LongMonthDayYear);
}

/// How long ago, as Reddit writes it: "now", "12m", "5h", "3d", "2mo", "1y".
inline std::string relative_time(const Phone& p, std::int64_t ms) {
  const std::int64_t s = std::max<std::int64_t>(0, (p.now_ms() - ms) / 1000);
  if (s < 60) return "now";
  if (s < 3600) return std::to_string(s / 60) + "m";
  if (s < 86400) return std::to_string(s / 3600) + "h";
  if (s < 86400 * 30) return std::to_string(s / 86400) + "d";
  if (s < 86400 * 365) return std::to_string(s / (86400 * 30)) + "mo";
  return std::to_string(s / (86400 * 365)) + "y";
}

inline std::string sort_label(const std::string& sort) {
  return sort == "new" ? "New" : sort == "top" ? "Top" : "Hot";
}

// ---------------------------------------------------------------- communities

inline json all_communities(const Phone& p) { return resolve_collection(World::instance(), S(p), kApp, "communities"); }

inline json community(const Phone& p, const std::string& id) {
  json c = id.empty() ? json() : resolve_entity(World::instance(), S(p), kApp, "communities", id);
  return c.is_null() ? json::object() : c;
}

/// Members as shown: the world count, plus one when the owner joined (minus one when they left).
inline long long shown_members(const json& c) {
  const json* w = World::instance().entity(kApp, "communities", c.value("id", ""));
  const long long base = c.value("members", 0LL);
  if (!w) return base;
  const bool was = w->value("joined", false), is = c.value("joined", false);
  return base + (is == was ? 0 : is ? 1 : -1);
}

/// A community's posting requirements, as (key, sentence): flair, kinds, title length, question titles.
inline std::vector<std::pair<std::string, std::string>> requirements(const json& c) {
  std::vector<std::pair<std::string, std::string>> out;
  const std::string name = c.value("name", "");
  if (c.value("flair_required", false)) out.push_back({"flair", "Every post needs a flair."});
  const json kinds = c.value("kinds", json::array());
  if (kinds.size() == 1 && kinds[0] == "image") out.push_back({"kinds", "Image posts only: add a photo."});
  else if (kinds.size() == 1 && kinds[0] == "text") out.push_back({"kinds", "Text posts only."});
  else {
    std::string k;
    for (const json& x : kinds) k += (k.empty() ? "" : ", ") + x.get<std::string>();
    out.push_back({"kinds", "Post types: " + k + "."});
  }
  out.push_back({"title", "Titles: " + std::to_string(c.value("title_min", 1)) + " to " + std::to_string(c.value("title_max", 300)) +
                              " characters."});
  if (c.value("question_title", false)) out.push_back({"question", "Titles must be a question ending in \"?\"."});
  return out;
}

// ---------------------------------------------------------------- posts

inline int shown_score(const json& x) { return x.value("score", 0) + x.value("vote", 0); }

inline json find_post(const Phone& p, const std::string& id) {
  json post = id.empty() ? json() : resolve_entity(World::instance(), S(p), kApp, "posts", id);
  return post.is_null() ? json::object() : post;
}

/// Reddit's hot order in integers: newer first, each doubling of the score worth ~3.8 hours.
inline long long hot_rank(const json& post) {
  const int s = shown_score(post);
  int lg = 0;
  for (int v = std::max(std::abs(s), 1); v > 1; v >>= 1) ++lg;
  const int sign = s > 0 ? 1 : s < 0 ? -1 : 0;
  return post.value("time_ms", std::int64_t{0}) / 1000 + static_cast<long long>(sign) * lg * 13546;
}

/// Every post (deleted ones left out) in the order `sort` says: "hot", "new" or "top".
inline std::vector<json> sorted_posts(const Phone& p, const std::string& sort) {
  json all = resolve_collection(World::instance(), S(p), kApp, "posts");
  struct Keyed {
    long long key;
    std::int64_t time;
    json* post;
  };
  std::vector<Keyed> keyed;
  keyed.reserve(all.size());
  for (json& post : all) {
    const std::int64_t t = post.value("time_ms", std::int64_t{0});
    const long long k = sort == "top" ? shown_score(post) : sort == "new" ? t : hot_rank(post);
    keyed.push_back({k, t, &post});
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
    if (a.key != b.key) return a.key > b.key;
    return a.time > b.time;
  });
  std::vector<json> v;
  v.reserve(keyed.size());
  for (Keyed& k : keyed) v.push_back(std::move(*k.post));
  return v;
}

/// The post's web address: https://forum.example.com/r/Cooking/comments/p042.
inline std::string post_link(const Phone& p, const json& post) {
  const std::string name = community(p, post.value("community", "")).value("name", "r/forum");
  return std::string(kSite) + "/" + name + "/comments/" + post.value("id", "");
}

/// The host of an http(s) link ("www." dropped), or "" when it is not one.
inline std::string link_domain(const std::string& url) {
  std::string rest;
  if (url.rfind("https://", 0) == 0) rest = url.substr(8);
  else if (url.rfind("http://", 0) == 0) rest = url.substr(7);
  else return "";
  const std::string host = rest.substr(0, rest.find('/'));
  if (host.find('.') == std::string::npos || host.find(' ') != std::string::npos || host.front() == '.' || host.back() == '.')
    return "";
  return host.rfind("www.", 0) == 0 ? host.substr(4) : host;
}

inline json blank_draft() {
  return {{"community", ""}, {"kind", "text"}, {"title", ""}, {"body", ""}, {"url", ""}, {"flair", ""}, {"photo", ""}, {"error", ""}};
}

// ---------------------------------------------------------------- comments

/// World comment ids by post, in world (time) order: built once from the world data.
inline const std::map<std::string, std::vector<std::string>>& world_comments_by_post() {
  static const std::map<std::string, std::vector<std::string>> index = [] {
    std::map<std::string, std::vector<std::string>> m;
    if (const WorldCollection* c = World::instance().collection(kApp, "comments"))
      for (const std::string& id : c->order) m[c->by_id.at(id).value("post", "")].push_back(id);
    return m;
  }();
  return index;
}

inline json find_comment(const Phone& p, const std::string& id) {
  json c = id.empty() ? json() : resolve_entity(World::instance(), S(p), kApp, "comments", id);
  return c.is_null() ? json::object() : c;
}

/// Comments created on this phone (in the overlay, not in the world data).
inline std::vector<json> new_comments(const Phone& p) {
  std::vector<json> out;
  const json& ov = object_member(S(p), "comments");
  for (auto it = ov.begin(); it != ov.end(); ++it) {
    if (!it.value().is_object() || World::instance().entity(kApp, "comments", it.key())) continue;
    json c = it.value();
    c["id"] = it.key();
    out.push_back(c);
  }
  std::stable_sort(out.begin(), out.end(), [](const json& a, const json& b) {
    return a.value("time_ms", std::int64_t{0}) < b.value("time_ms", std::int64_t{0});
  });
  return out;
}

/// A comment the owner wrote on this phone (shown first among its siblings, as Reddit does).
inline bool is_new_own(const json& c) {
  return c.value("author", "") == kOwner && !World::instance().entity(kApp, "comments", c.value("id", ""));
}

/// Every comment of a post (deleted ones left out), world ones first, in time order.
inline std::vector<json> post_comments(const Phone& p, const std::string& post) {
  std::vector<json> out;
  const auto& idx = world_comments_by_post();
  const auto it = idx.find(post);
  if (it != idx.end())
    for (const std::string& id : it->second) {
      json c = find_comment(p, id);
      if (!missing(c)) out.push_back(std::move(c));
    }
  for (json& c : new_comments(p))
    if (c.value("post", "") == post) out.push_back(std::move(c));
  return out;
}

inline int comment_count(const Phone& p, const std::string& post) {
  int n = 0;
  const auto& idx = world_comments_by_post();
  const auto it = idx.find(post);
  const json& ov = object_member(S(p), "comments");
  if (it != idx.end())
    for (const std::string& id : it->second) n += !(ov.contains(id) && ov[id].is_null());
  for (const json& c : new_comments(p)) n += c.value("post", "") == post;
  return n;
}

/// World comments that answer the owner (by the world data: on the owner's posts, or replying to
/// the owner's comments), built once.
inline const std::vector<std::string>& world_inbox_ids() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> out;
    const World& w = World::instance();
    const WorldCollection* cs = w.collection(kApp, "comments");
    if (!cs) return out;
    for (const std::string& id : cs->order) {
      const json& c = cs->by_id.at(id);
      if (c.value("author", "") == kOwner) continue;
      const std::string parent = c.value("parent", "");
      const json* to = parent.empty() ? w.entity(kApp, "posts", c.value("post", "")) : w.entity(kApp, "comments", parent);
      if (to && to->value("author", "") == kOwner) out.push_back(id);
    }
    return out;
  }();
  return ids;
}

/// The inbox: comments by others answering the owner (on the owner's posts, or replies to the
/// owner's comments), newest first; comments on deleted posts are left out.
inline std::vector<json> inbox(const Phone& p) {
  std::vector<json> out;
  for (const std::string& id : world_inbox_ids()) {
    json c = resolve_entity(World::instance(), S(p), kApp, "comments", id);
    if (!c.is_null() && !missing(find_post(p, c.value("post", "")))) out.push_back(std::move(c));
  }
  for (json& c : new_comments(p)) {
    if (c.value("author", "") == kOwner) continue;
    const std::string parent = c.value("parent", "");
    const json to = parent.empty() ? find_post(p, c.value("post", "")) : find_comment(p, parent);
    if (to.value("author", "") == kOwner && !missing(find_post(p, c.value("post", "")))) out.push_back(std::move(c));
  }
  std::stable_sort(out.begin(), out.end(), [](const json& a, const json& b) {
    return a.value("time_ms", std::int64_t{0}) > b.value("time_ms", std::int64_t{0});
  });
  return out;
}

inline int unread_count(const Phone& p) {
  int n = 0;
  for (const json& c : inbox(p)) n += c.value("unread", false);
  return n;
}

// ---------------------------------------------------------------- users

inline json find_user(const Phone& p, const std::string& name) {
  json u = resolve_entity(World::instance(), S(p), kApp, "users", name);
  if (u.is_null()) u = {{"id", name}, {"name", name}, {"display", ""}, {"cake_day", ""}, {"about", ""}};
  return u;
}

struct Karma {
  long long post = 0, comment = 0;
};

/// World post and comment ids by author, built once.
struct AuthorIndex {
  std::map<std::string, std::vector<std::string>> posts, comments;
};
inline const AuthorIndex& world_by_author() {
  static const AuthorIndex index = [] {
    AuthorIndex ix;
    for (const char* coll : {"posts", "comments"})
      if (const WorldCollection* c = World::instance().collection(kApp, coll))
        for (const std::string& id : c->order)
          (std::string(coll) == "posts" ? ix.posts : ix.comments)[c->by_id.at(id).value("author", "")].push_back(id);
    return ix;
  }();
  return index;
}

/// A user's posts or comments (deleted ones left out): world ones, then ones created on the phone.
inline std::vector<json> by_author(const Phone& p, const std::string& coll, const std::string& name) {
  std::vector<json> out;
  const AuthorIndex& ix = world_by_author();
  const auto& m = coll == "posts" ? ix.posts : ix.comments;
  if (const auto it = m.find(name); it != m.end())
    for (const std::string& id : it->second) {
      json e = resolve_entity(World::instance(), S(p), kApp, coll, id);
      if (!e.is_null()) out.push_back(std::move(e));
    }
  const json& ov = object_member(S(p), coll);
  for (auto it = ov.begin(); it != ov.end(); ++it)
    if (it.value().is_object() && !World::instance().entity(kApp, coll, it.key()) && it.value().value("author", "") == name) {
      json e = it.value();
      e["id"] = it.key();
      out.push_back(std::move(e));
    }
  return out;
}

/// Karma: the shown scores of a user's posts and comments.
inline Karma karma(const Phone& p, const std::string& name) {
  Karma k;
  for (const json& post : by_author(p, "posts", name)) k.post += shown_score(post);
  for (const json& c : by_author(p, "comments", name)) k.comment += shown_score(c);
  return k;
}

/// A user's comments (on posts that still exist), newest first.
inline std::vector<json> user_comments(const Phone& p, const std::string& name) {
  std::vector<json> out;
  for (json& c : by_author(p, "comments", name))
    if (!missing(find_post(p, c.value("post", "")))) out.push_back(std::move(c));
  std::stable_sort(out.begin(), out.end(), [](const json& a, const json& b) {
    return a.value("time_ms", std::int64_t{0}) > b.value("time_ms", std::int64_t{0});
  });
  return out;
}

// ---------------------------------------------------------------- reports

/// The report reasons: (id suffix, label); the label is what a post's `reported` holds.
inline const std::vector<std::pair<std::string, std::string>>& report_reasons() {
  static const std::vector<std::pair<std::string, std::string>> kReasons = {
      {"spam", "Spam"},
      {"scam", "Scam or fraud"},
      {"personal_info", "Sharing personal information"},
      {"harassment", "Harassment"},
      {"hate", "Hate"},
      {"violence", "Threatening violence"},
      {"misinformation", "Misinformation"},
      {"rules", "Breaks community rules"}};
  return kReasons;
}

}  // namespace pg::forum
