// Music's data model: the catalog (world artists, albums, songs, mixes; read-only), the library
// in the overlay apps.music (liked songs, followed artists, the user's playlists, downloaded
// albums) and the player (queue, shuffle, repeat, position on virtual time, sleep timer).
// Everything is a function of the state; music.cpp only draws and calls these.
#pragma once

#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/world.hpp"
#include "sim/util/hash.hpp"
#include "sim/util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

namespace pg::music {

using json = nlohmann::json;

constexpr const char* kApp = "music";
constexpr const char* kOwner = "Alex Rivera";
constexpr int kMaxRecent = 8;
constexpr std::int64_t kRestartPrevMs = 3000;  ///< "previous" restarts the song after this much play

inline json& st(Phone& p) { return own_state(p, kApp); }
inline const json& st(const Phone& p) { return own_state(p, kApp); }

// ---------------------------------------------------------------- text

/// "3:07" from milliseconds (whole seconds, rounded down).
inline std::string mmss(std::int64_t ms) {
  const std::int64_t s = std::max<std::int64_t>(0, ms / 1000);
  const std::int64_t sec = s % 60;
  return std::to_string(s / 60) + ":" + (sec < 10 ? "0" : "") + std::to_string(sec);
}
/// "1 hr 5 min" / "43 min" / "52 sec" for a total length.
inline std::string long_duration(std::int64_t ms) {
  const std::int64_t min = ms / 60000;
  if (min >= 60) return std::to_string(min / 60) + " hr " + std::to_string(min % 60) + " min";
  if (min > 0) return std::to_string(min) + " min";
  return std::to_string(ms / 1000) + " sec";
}
/// "1,234,567".
inline std::string thousands(std::int64_t n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
  return s;
}
/// "Indie rock" -> "indie_rock" (widget id part).
inline std::string slug(const std::string& s) {
  std::string out;
  bool sep = false;
  for (unsigned char c : s) {
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

// ---------------------------------------------------------------- catalog (world, read-only)

inline const json& entity(const char* collection, const std::string& id) {
  static const json kNull;
  const json* e = World::instance().entity(kApp, collection, id);
  return e ? *e : kNull;
}
inline const json& song(const std::string& id) { return entity("songs", id); }
inline const json& album(const std::string& id) { return entity("albums", id); }
inline const json& artist(const std::string& id) { return entity("artists", id); }
inline const json& mix(const std::string& id) { return entity("mixes", id); }

/// Every entity of a world collection, in file order.
inline std::vector<const json*> all(const char* collection) {
  std::vector<const json*> out;
  const WorldCollection* c = World::instance().collection(kApp, collection);
  if (!c) return out;
  for (const std::string& id : c->order) out.push_back(&c->by_id.at(id));
  return out;
}
inline std::string artist_name(const std::string& artist_id) { return artist(artist_id).value("name", ""); }
inline std::string song_artist_name(const json& s) { return artist_name(s.value("artist", "")); }

/// Songs of an artist, most played first.
inline std::vector<std::string> top_songs(const std::string& artist_id, std::size_t n) {
  std::vector<const json*> v;
  for (const json* s : all("songs"))
    if (s->value("artist", "") == artist_id) v.push_back(s);
  std::stable_sort(v.begin(), v.end(), [](const json* a, const json* b) { return a->value("plays", 0) > b->value("plays", 0); });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < v.size() && i < n; ++i) out.push_back(v[i]->value("id", ""));
  return out;
}
/// Up to `n` songs to recommend for a playlist holding `songs`: the most played songs of its
/// genres (the playlist's most common genres first) that it does not hold yet. An empty playlist
/// gets the catalog's most played songs.
inline std::vector<std::string> recommended(const std::vector<std::string>& songs, std::size_t n) {
  std::vector<std::pair<int, std::string>> genres;  // (-count, genre)
  for (const auto& id : songs) {
    const std::string g = song(id).value("genre", "");
    auto it = std::find_if(genres.begin(), genres.end(), [&](const auto& e) { return e.second == g; });
    if (it == genres.end()) genres.push_back({-1, g});
    else --it->first;
  }
  std::stable_sort(genres.begin(), genres.end());
  std::vector<const json*> pool;
  for (const json* s : all("songs")) {
    const std::string id = s->value("id", "");
    if (std::find(songs.begin(), songs.end(), id) != songs.end()) continue;
    pool.push_back(s);
  }
  auto rank = [&](const json* s) {
    for (std::size_t i = 0; i < genres.size(); ++i)
      if (genres[i].second == s->value("genre", "")) return static_cast<int>(i);
    return static_cast<int>(genres.size());
  };
  std::stable_sort(pool.begin(), pool.end(), [&](const json* a, const json* b) {
    const int ra = rank(a), rb = rank(b);
    return ra != rb ? ra < rb : a->value("plays", 0) > b->value("plays", 0);
  });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < pool.size() && out.size() < n; ++i) out.push_back(pool[i]->value("id", ""));
  return out;
}
inline std::vector<std::string> albums_of(const std::string& artist_id) {
  std::vector<std::string> out;
  for (const json* a : all("albums"))
    if (a->value("artist", "") == artist_id) out.push_back(a->value("id", ""));
  return out;
}
inline std::vector<std::string> ids_of(const json& arr) {
  std::vector<std::string> out;
  if (arr.is_array())
    for (const json& v : arr)
      if (v.is_string()) out.push_back(v.get<std::string>());
  return out;
}
inline std::int64_t total_ms(const std::vector<std::string>& songs) {
  std::int64_t t = 0;
  for (const auto& id : songs) t += song(id).value("duration_ms", 0);
  return t;
}

// ---------------------------------------------------------------- library (overlay)

inline bool is_liked(const Phone& p, const std::string& song_id) {
  for (const json& l : st(p).value("liked", json::array()))
    if (l.value("song", "") == song_id) return true;
  return false;
}
/// Likes or unlikes a song (newest like first); returns the new liked state.
inline bool toggle_like(Phone& p, const std::string& song_id) {
  json& liked = st(p)["liked"];
  for (std::size_t i = 0; i < liked.size(); ++i)
    if (liked[i].value("song", "") == song_id) {
      liked.erase(i);
      return false;
    }
  liked.insert(liked.begin(), json{{"song", song_id}, {"added_ms", p.now_ms()}});
  return true;
}
inline bool is_following(const Phone& p, const std::string& artist_id) {
  for (const json& f : st(p).value("followed", json::array()))
    if (f.value("artist", "") == artist_id) return true;
  return false;
}
inline bool toggle_follow(Phone& p, const std::string& artist_id) {
  json& f = st(p)["followed"];
  for (std::size_t i = 0; i < f.size(); ++i)
    if (f[i].value("artist", "") == artist_id) {
      f.erase(i);
      return false;
    }
  f.insert(f.begin(), json{{"artist", artist_id}, {"since_ms", p.now_ms()}});
  return true;
}
inline bool album_downloaded(const Phone& p, const std::string& album_id) {
  for (const json& d : st(p).value("downloads", json::array()))
    if (d.value("album", "") == album_id) return true;
  return false;
}
inline bool toggle_album_download(Phone& p, const std::string& album_id) {
  json& d = st(p)["downloads"];
  for (std::size_t i = 0; i < d.size(); ++i)
    if (d[i].value("album", "") == album_id) {
      d.erase(i);
      return false;
    }
  d.push_back(json{{"album", album_id}, {"since_ms", p.now_ms()}});
  return true;
}

inline bool album_saved(const Phone& p, const std::string& album_id) {
  for (const json& a : st(p).value("saved_albums", json::array()))
    if (a.value("album", "") == album_id) return true;
  return false;
}
/// Saves an album to Your Library (newest first) or removes it; returns the new saved state.
inline bool toggle_album_saved(Phone& p, const std::string& album_id) {
  json& a = st(p)["saved_albums"];
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].value("album", "") == album_id) {
      a.erase(i);
      return false;
    }
  a.insert(a.begin(), json{{"album", album_id}, {"added_ms", p.now_ms()}});
  return true;
}

/// The index of the user's playlist `id` in apps.music.playlists, or -1.
inline int playlist_index(const Phone& p, const std::string& id) {
  const json& pls = st(p).value("playlists", json::array());
  for (std::size_t i = 0; i < pls.size(); ++i)
    if (pls[i].value("id", "") == id) return static_cast<int>(i);
  return -1;
}
/// Whether a user playlist other than `except_id` is named `name` (case-insensitive).
inline bool playlist_name_taken(const Phone& p, const std::string& name, const std::string& except_id = "") {
  for (const json& pl : st(p).value("playlists", json::array()))
    if (pl.value("id", "") != except_id && lower(pl.value("name", "")) == lower(name)) return true;
  return false;
}
/// Why `name` cannot name a playlist ("" when it can).
inline std::string playlist_name_error(const Phone& p, const std::string& name, const std::string& except_id = "") {
  if (trim(name).empty()) return "Give your playlist a name";
  if (trim(name).size() > 60) return "Playlist names can be at most 60 characters";
  if (playlist_name_taken(p, trim(name), except_id)) return "You already have a playlist called " + trim(name);
  return "";
}
/// Creates a playlist (already validated) at the top of the library; returns its id.
inline std::string create_playlist(Phone& p, const std::string& name, const std::vector<std::string>& songs = {}) {
  json& s = st(p);
  const int n = s.value("next_playlist", 1);
  s["next_playlist"] = n + 1;
  const std::string id = "pl" + std::to_string(n);
  json pl{{"id", id}, {"name", trim(name)}, {"description", ""}, {"songs", songs}, {"downloaded", false},
          {"created_ms", p.now_ms()}};
  s["playlists"].insert(s["playlists"].begin(), pl);
  return id;
}

/// A song list a page shows and plays: a user playlist, a mix, an album, liked songs.
struct Context {
  std::string kind, id, name;
  std::vector<std::string> songs;
};
inline Context liked_context(const Phone& p) {
  Context c{"liked", "liked", "Liked Songs", {}};
  for (const json& l : st(p).value("liked", json::array())) c.songs.push_back(l.value("song", ""));
  return c;
}
inline Context album_context(const std::string& id) {
  return {"album", id, album(id).value("title", ""), ids_of(album(id).value("tracks", json::array()))};
}
inline Context artist_context(const std::string& id) { return {"artist", id, artist_name(id), top_songs(id, 10)}; }
/// A user playlist ("pl…") or a made-for-you mix.
inline Context playlist_context(const Phone& p, const std::string& id) {
  const int i = playlist_index(p, id);
  if (i >= 0) {
    const json& pl = st(p)["playlists"][static_cast<std::size_t>(i)];
    return {"playlist", id, pl.value("name", ""), ids_of(pl.value("songs", json::array()))};
  }
  const json& m = mix(id);
  return {"playlist", id, m.value("title", ""), ids_of(m.value("songs", json::array()))};
}

// ---------------------------------------------------------------- player

inline json& player(Phone& p) { return st(p)["player"]; }
inline const json& player(const Phone& p) {
  static const json kEmpty = json::object();
  const json& s = st(p);
  return s.contains("player") ? s["player"] : kEmpty;
}
inline std::string current_song(const Phone& p) { return player(p).value("song", ""); }
inline bool is_playing(const Phone& p) { return player(p).value("playing", false); }

/// Deterministic shuffle of queue[from..]: ordered by the FNV-1a hash of each song id salted
/// with the context and the shuffle count (apps.music.player.shuffles), so the same state always
/// gives the same order.
inline void shuffle_from(json& pl, std::size_t from) {
  json& q = pl["queue"];
  if (from >= q.size()) return;
  const std::string salt = pl.value("context", "") + "#" + std::to_string(pl.value("shuffles", 0));
  std::vector<std::string> rest;
  for (std::size_t i = from; i < q.size(); ++i) rest.push_back(q[i].get<std::string>());
  std::stable_sort(rest.begin(), rest.end(),
                   [&](const std::string& a, const std::string& b) { return fnv1a32(salt + a) < fnv1a32(salt + b); });
  for (std::size_t i = 0; i < rest.size(); ++i) q[from + i] = rest[i];
}

/// Records a context at the top of "recently played" (no duplicates, at most kMaxRecent).
inline void push_recent(Phone& p, const std::string& kind, const std::string& id) {
  json& r = st(p)["recent"];
  for (std::size_t i = 0; i < r.size(); ++i)
    if (r[i].value("kind", "") == kind && r[i].value("id", "") == id) {
      r.erase(i);
      break;
    }
  r.insert(r.begin(), json{{"kind", kind}, {"id", id}});
  while (r.size() > kMaxRecent) r.erase(r.size() - 1);
}

/// Plays `ctx` from song index `start` (with shuffle on, that song first and the rest shuffled).
inline void play_context(Phone& p, const Context& ctx, std::size_t start) {
  if (ctx.songs.empty()) return p.toast("Nothing to play");
  if (start >= ctx.songs.size()) start = 0;
  json& pl = player(p);
  pl["context"] = ctx.kind + ":" + ctx.id;
  pl["context_name"] = ctx.name;
  pl["unshuffled"] = ctx.songs;
  pl["queue"] = ctx.songs;
  pl["added"] = 0;
  if (pl.value("shuffle", false)) {
    json& q = pl["queue"];
    std::string first = q[start];
    q.erase(start);
    q.insert(q.begin(), first);
    shuffle_from(pl, 1);
    pl["index"] = 0;
  } else {
    pl["index"] = static_cast<int>(start);
  }
  pl["song"] = pl["queue"][pl["index"].get<std::size_t>()];
  pl["position_ms"] = 0;
  pl["playing"] = true;
  if (ctx.kind == "album" || ctx.kind == "artist" || ctx.kind == "playlist" || ctx.kind == "liked")
    push_recent(p, ctx.kind, ctx.id);
}

/// Moves to queue entry `index` (clamped) from its start.
inline void set_index(json& pl, std::size_t index) {
  const json& q = pl["queue"];
  if (q.empty()) return;
  if (index >= q.size()) index = q.size() - 1;
  pl["index"] = static_cast<int>(index);
  pl["song"] = q[index];
  pl["position_ms"] = 0;
}

/// Next song: `automatic` when the current one ended (repeat one replays it). At the end of the
/// queue, repeat all starts over; repeat off stops on the first song, paused.
inline void next_song(Phone& p, bool automatic) {
  json& pl = player(p);
  const json& q = pl["queue"];
  if (q.empty()) return;
  const std::string repeat = pl.value("repeat", "off");
  const std::size_t i = pl.value("index", 0);
  if (automatic && repeat == "one") {
    pl["position_ms"] = 0;
    return;
  }
  if (pl.value("added", 0) > 0) pl["added"] = pl.value("added", 0) - 1;
  if (i + 1 < q.size()) return set_index(pl, i + 1);
  set_index(pl, 0);
  if (repeat != "all") pl["playing"] = false;
}

/// Previous: after 3 s of play the song restarts, else the previous song (the last with repeat all).
inline void previous_song(Phone& p) {
  json& pl = player(p);
  const std::size_t i = pl.value("index", 0);
  if (pl.value("position_ms", 0) > kRestartPrevMs || pl["queue"].empty()) {
    pl["position_ms"] = 0;
    return;
  }
  if (i > 0) return set_index(pl, i - 1);
  if (pl.value("repeat", "off") == "all") return set_index(pl, pl["queue"].size() - 1);
  pl["position_ms"] = 0;
}

inline void toggle_shuffle(Phone& p) {
  json& pl = player(p);
  const bool on = !pl.value("shuffle", false);
  pl["shuffle"] = on;
  if (pl.value("queue", json::array()).empty()) return;
  const std::string cur = pl.value("song", "");
  if (on) {
    pl["shuffles"] = pl.value("shuffles", 0) + 1;
    shuffle_from(pl, pl.value("index", 0) + 1 + static_cast<std::size_t>(pl.value("added", 0)));
  } else {
    json q = pl.value("unshuffled", json::array());
    std::size_t at = 0;
    for (std::size_t i = 0; i < q.size(); ++i)
      if (q[i] == cur) {
        at = i;
        break;
      }
    if (q.empty() || q[at] != cur) return;  // the song came from "add to queue": keep the queue
    pl["queue"] = q;
    pl["index"] = static_cast<int>(at);
    pl["added"] = 0;
  }
}

/// off -> all -> one -> off.
inline void cycle_repeat(Phone& p) {
  json& pl = player(p);
  const std::string r = pl.value("repeat", "off");
  pl["repeat"] = r == "off" ? "all" : r == "all" ? "one" : "off";
}

/// Puts a song after the current one and the songs queued before it. With nothing playing, the
/// song starts (paused) as a one-song queue.
inline void add_to_queue(Phone& p, const std::string& song_id) {
  json& pl = player(p);
  if (pl.value("song", "").empty() || pl.value("queue", json::array()).empty()) {
    pl["queue"] = json::array({song_id});
    pl["unshuffled"] = json::array({song_id});
    pl["index"] = 0;
    pl["song"] = song_id;
    pl["position_ms"] = 0;
    pl["playing"] = false;
    pl["context"] = "queue:";
    pl["context_name"] = "Your queue";
    pl["added"] = 0;
    return;
  }
  const std::size_t at = static_cast<std::size_t>(pl.value("index", 0)) + 1 + static_cast<std::size_t>(pl.value("added", 0));
  json& q = pl["queue"];
  q.insert(q.begin() + static_cast<std::ptrdiff_t>(std::min(at, q.size())), song_id);
  pl["added"] = pl.value("added", 0) + 1;
}

/// Plays virtual time [from, to): position advances; a song that ends gives way to the next (repeat
/// and shuffle rules); the sleep timer pauses playback at its end.
inline void advance_time(Phone& p, std::int64_t from, std::int64_t to) {
  {  // nothing plays and no sleep timer runs: read only (an untouched overlay stays shared)
    const json& c = own_state(std::as_const(p), kApp);
    const bool playing = c.contains("player") && c["player"].is_object() && c["player"].value("playing", false);
    const bool timer = c.contains("sleep") && c["sleep"].is_object() && c["sleep"].value("end_ms", std::int64_t{0}) > 0;
    if (!playing && !timer) return;
  }
  json& s = st(p);
  if (!s.contains("player")) return;
  json& sleep = s["sleep"];
  const std::int64_t sleep_end = sleep.value("end_ms", static_cast<std::int64_t>(0));
  if (!s["player"].value("playing", false)) {
    if (sleep_end > 0 && to >= sleep_end) sleep = {{"end_ms", 0}, {"minutes", 0}, {"end_of_track", false}};
    return;
  }
  const bool stop_by_timer = sleep_end > 0 && to >= sleep_end;
  std::int64_t left = (stop_by_timer ? std::max(sleep_end, from) : to) - from;
  for (int guard = 0; guard < 1000 && left > 0 && s["player"].value("playing", false); ++guard) {
    json& pl = s["player"];
    const std::int64_t dur = song(pl.value("song", "")).value("duration_ms", static_cast<std::int64_t>(0));
    if (dur <= 0) {
      pl["playing"] = false;
      break;
    }
    const std::int64_t pos = pl.value("position_ms", static_cast<std::int64_t>(0));
    if (pos + left < dur) {
      pl["position_ms"] = pos + left;
      left = 0;
      break;
    }
    left -= dur - pos;
    if (sleep.value("end_of_track", false)) {
      pl["position_ms"] = 0;
      pl["playing"] = false;
      next_song(p, false);
      s["player"]["playing"] = false;
      sleep = {{"end_ms", 0}, {"minutes", 0}, {"end_of_track", false}};
      return;
    }
    next_song(p, true);
  }
  if (stop_by_timer) {
    s["player"]["playing"] = false;
    sleep = {{"end_ms", 0}, {"minutes", 0}, {"end_of_track", false}};
  }
}

/// The share text of a song: "<title> by <artist> https://music.phonegym.org/track/<id>".
inline std::string share_text(const std::string& song_id) {
  const json& s = song(song_id);
  return s.value("title", "") + " by " + song_artist_name(s) + " https://music.phonegym.org/track/" + song_id;
}

}  // namespace pg::music
