// Maps' model: Bayview's street graph, areas and places (world/*.json, read-only), the owner's
// saved places (state apps.maps), opening hours against the phone's clock, and routing with
// Dijkstra per travel mode. apps/maps/gen/routing.py is the same algorithm in Python (the task
// generator's answers); tests/test_app_maps.cpp compares the two on sample routes.
#pragma once

#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <queue>
#include <string>
#include <tuple>
#include <vector>

namespace pg::maps {

using json = nlohmann::json;
constexpr const char* kApp = "maps";
/// "Your location": the blue dot, a point on Mission St between Geary Blvd and Hayes St.
constexpr int kMeEdge = 45, kMeT = 50;

struct GNode {
  int x = 0, y = 0;
};
struct Edge {
  int a = 0, b = 0, length = 0;
  std::string street, cls;
  bool toll = false, transit = false;
};
struct Area {
  std::string kind, name;
  float l = 0, t = 0, r = 0, b = 0;  // rect (parks, water, land) or l,t = the label point (districts)
};

/// The city, parsed once from the world data.
struct City {
  std::vector<GNode> nodes;
  std::vector<Edge> edges;
  std::vector<Area> areas;
  std::vector<std::vector<std::pair<int, int>>> adj;  // node -> (edge, other node)
  static const City& get() {
    static const City c = [] {
      City c;
      const World& w = World::instance();
      if (const WorldCollection* n = w.collection(kApp, "nodes"))
        for (const std::string& id : n->order) {
          const json& o = n->by_id.at(id);
          c.nodes.push_back({o.value("x", 0), o.value("y", 0)});
        }
      if (const WorldCollection* e = w.collection(kApp, "edges"))
        for (const std::string& id : e->order) {
          const json& o = e->by_id.at(id);
          c.edges.push_back({o.value("a", 0), o.value("b", 0), o.value("length", 0), o.value("street", ""),
                             o.value("class", ""), o.value("toll", false), o.value("transit", false)});
        }
      if (const WorldCollection* a = w.collection(kApp, "areas"))
        for (const std::string& id : a->order) {
          const json& o = a->by_id.at(id);
          Area ar{o.value("kind", ""), o.value("name", "")};
          if (o.contains("rect")) {
            ar.l = o["rect"][0].get<float>(), ar.t = o["rect"][1].get<float>();
            ar.r = o["rect"][2].get<float>(), ar.b = o["rect"][3].get<float>();
          } else {
            ar.l = o.value("x", 0.f), ar.t = o.value("y", 0.f);
          }
          c.areas.push_back(ar);
        }
      c.adj.resize(c.nodes.size());
      for (std::size_t i = 0; i < c.edges.size(); ++i) {
        c.adj[c.edges[i].a].push_back({static_cast<int>(i), c.edges[i].b});
        c.adj[c.edges[i].b].push_back({static_cast<int>(i), c.edges[i].a});
      }
      return c;
    }();
    return c;
  }
};

inline const json& S(const Phone& p) { return own_state(p, kApp); }
inline json& S(Phone& p) { return own_state(p, kApp); }

/// Every place (world pois with the overlay applied), in file order.
inline const json& all_places() {
  static const json all = [] {
    json out = json::array();
    if (const WorldCollection* c = World::instance().collection(kApp, "pois"))
      for (const std::string& id : c->order) out.push_back(c->by_id.at(id));
    return out;
  }();
  return all;
}
inline json place(const std::string& id) {
  const json* p = World::instance().entity(kApp, "pois", id);
  return p ? *p : json();
}

struct Cat {
  const char *key, *label, *icon;
};
inline const std::vector<Cat>& categories() {
  static const std::vector<Cat> c = {{"restaurant", "Restaurants", "restaurant"}, {"coffee", "Coffee", "local_cafe"},
                                     {"gas", "Gas", "local_gas_station"},        {"grocery", "Groceries", "local_grocery_store"},
                                     {"park", "Parks", "park"},                  {"pharmacy", "Pharmacies", "local_pharmacy"},
                                     {"hotel", "Hotels", "hotel"}};
  return c;
}
inline std::string cat_icon(const std::string& key) {
  for (const Cat& c : categories())
    if (key == c.key) return c.icon;
  return "place";
}

/// A position on the street graph: an edge and the percentage along it from its node a.
struct Pos {
  int edge = kMeEdge, t = kMeT;
};
inline Pos pos_of(const std::string& id) {
  if (id == "me" || id.empty()) return {};
  const json p = place(id);
  return {p.value("edge", kMeEdge), p.value("t", kMeT)};
}
inline std::pair<float, float> point(Pos p) {
  const City& c = City::get();
  const Edge& e = c.edges[p.edge];
  const GNode &a = c.nodes[e.a], &b = c.nodes[e.b];
  return {a.x + (b.x - a.x) * p.t / 100.f, a.y + (b.y - a.y) * p.t / 100.f};
}
/// Straight-line distance (m) from the blue dot.
inline int distance_from_me(const json& place) {
  const auto [x, y] = point({});
  return static_cast<int>(std::lround(std::hypot(place.value("x", 0) - x, place.value("y", 0) - y)));
}
/// "0.4 mi", "2.3 mi" (tenths of a mile, rounded); under 0.1 mi in feet.
inline std::string miles(int metres) {
  if (metres < 161) return std::to_string((metres * 3281 + 500) / 1000 / 10 * 10) + " ft";
  const int tenths = (metres * 10 + 804) / 1609;
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " mi";
}
/// Whole minutes as shown: "7 min", "1 hr 5 min" (seconds rounded, at least 1).
inline int minutes_of(int seconds) { return std::max(1, (seconds + 30) / 60); }
inline std::string duration(int seconds) {
  const int m = minutes_of(seconds);
  if (m < 60) return std::to_string(m) + " min";
  return std::to_string(m / 60) + " hr" + (m % 60 ? " " + std::to_string(m % 60) + " min" : "");
}
inline std::string rating_text(const json& p) {
  const int r = p.value("rating_x10", 0);
  return std::to_string(r / 10) + "." + std::to_string(r % 10);
}

// ---- hours ----
/// A weekday's name (0 = Sunday, wrapping), in the phone's locale.
inline std::string day_name(int d) { return weekday_name(d); }
/// "9 AM", "9:30 PM", "12 PM" (minutes of the day; 1440 and past wrap).
inline std::string clock_text(int m) {
  m %= 1440;
  const int h = m / 60, mm = m % 60;
  const int h12 = h % 12 == 0 ? 12 : h % 12;
  std::string s = std::to_string(h12);
  if (mm) s += (mm < 10 ? ":0" : ":") + std::to_string(mm);
  return s + (h < 12 ? " AM" : " PM");
}
inline std::string range_text(const json& r) {
  if (!r.is_array() || r.size() != 2) return "Closed";
  if (r[0] == 0 && r[1] == 1440) return "Open 24 hours";
  return clock_text(r[0].get<int>()) + " to " + clock_text(r[1].get<int>());
}
struct OpenState {
  bool open = false, always = false;
  std::string text;  ///< "Open · Closes 10 PM", "Closed · Opens 11 AM Friday", "Open 24 hours"
};
inline OpenState open_state(const Phone& phone, const json& place) {
  const std::int64_t local = phone.local_time_ms();
  const std::int64_t day = local >= 0 ? local / 86400000 : (local - 86399999) / 86400000;
  const int dow = static_cast<int>((day + 4) % 7);  // 1970-01-01 was a Thursday
  const int m = static_cast<int>((local - day * 86400000) / 60000);
  const json& h = place.value("hours", json::array());
  auto range = [&](int d) -> json { const json& r = h.size() == 7 ? h[((d % 7) + 7) % 7] : json(); return r.is_array() && r.size() == 2 ? r : json(); };
  OpenState s;
  bool always = h.size() == 7;
  for (int d = 0; d < 7 && always; ++d) always = range(d).is_array() && range(d)[0] == 0 && range(d)[1] == 1440;
  if (always) return {true, true, "Open 24 hours"};
  const json today = range(dow), yest = range(dow + 6);
  if (!yest.is_null() && yest[1].get<int>() > 1440 && m < yest[1].get<int>() - 1440)
    return {true, false, "Open \xC2\xB7 Closes " + clock_text(yest[1].get<int>())};
  if (!today.is_null() && m >= today[0].get<int>() && m < today[1].get<int>())
    return {true, false, today[1] == 1440 && range(dow + 1).is_array() && range(dow + 1)[0] == 0 ? "Open \xC2\xB7 Closes " + clock_text(range(dow + 1)[1].get<int>() == 1440 ? 0 : range(dow + 1)[1].get<int>())
                                                                                               : "Open \xC2\xB7 Closes " + clock_text(today[1].get<int>())};
  if (!today.is_null() && m < today[0].get<int>()) return {false, false, "Closed \xC2\xB7 Opens " + clock_text(today[0].get<int>())};
  for (int k = 1; k <= 7; ++k)
    if (!range(dow + k).is_null())
      return {false, false, "Closed \xC2\xB7 Opens " + clock_text(range(dow + k)[0].get<int>()) + (k == 1 ? std::string(" tomorrow") : " " + day_name(dow + k))};
  return {false, false, "Closed"};
}

// ---- routing (same rules as gen/routing.py) ----
constexpr int kWalkMpm = 80, kBikeMpm = 250, kBusMpm = 667, kBoardWaitS = 240;
inline int drive_kmh(const std::string& cls) { return cls == "highway" ? 95 : cls == "arterial" ? 45 : 30; }
/// Seconds to cover `len` metres of `e` by `mode` ("drive", "walk", "bike", "bus"), or -1.
inline int edge_seconds(const Edge& e, int len, const std::string& mode) {
  if (mode == "drive") {
    const int k = drive_kmh(e.cls);
    return (len * 36 + k * 5) / (k * 10);
  }
  if (e.cls == "highway") return -1;
  if (mode == "walk") return (len * 60 + kWalkMpm / 2) / kWalkMpm;
  if (mode == "bike") return (len * 60 + kBikeMpm / 2) / kBikeMpm;
  if (mode == "bus") return e.transit ? (len * 60 + kBusMpm / 2) / kBusMpm : -1;
  return -1;
}

struct Leg {
  int edge = 0;
  bool bus = false;     ///< ridden on the bus (transit)
  bool forward = true;  ///< from node a to b
  int metres = 0;
};
struct Route {
  bool ok = false;
  int seconds = 0, metres = 0;
  std::vector<Leg> legs;
  std::vector<std::pair<float, float>> path;  ///< metres, start to end
  bool uses_highway = false, uses_toll = false;
};

/// The fastest route from `a` to `b` for `mode` ("drive", "transit", "walk", "bike").
inline Route route(Pos src, Pos dst, const std::string& mode, bool avoid_highways = false, bool avoid_tolls = false) {
  const City& c = City::get();
  const std::string base = mode == "transit" ? "walk" : mode;
  auto allowed = [&](const Edge& e) {
    if (mode == "drive" && avoid_highways && e.cls == "highway") return false;
    if (mode == "drive" && avoid_tolls && e.toll) return false;
    return true;
  };
  using Item = std::tuple<int, int, int, int, int, int>;  // time, metres, node, bus, prev state, edge
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> heap;
  const int n_states = static_cast<int>(c.nodes.size()) * 2;
  std::vector<int> best(n_states, -1), prev(n_states, -1), prev_edge(n_states, -1);
  const Edge& se = c.edges[src.edge];
  const int da = se.length * src.t / 100;
  for (auto [nid, part] : {std::pair<int, int>{se.a, da}, {se.b, se.length - da}}) {
    const int s = edge_seconds(se, part, base);
    if (s >= 0) heap.push({s, part, nid, 0, -1, -1});
  }
  const Edge& de = c.edges[dst.edge];
  const int dd = de.length * dst.t / 100;
  Route r;
  std::pair<int, int> res{-1, -1};
  int res_state = -2;
  if (src.edge == dst.edge) {
    const int part = std::abs(da - dd);
    const int s = edge_seconds(se, part, base);
    if (s >= 0) res = {s, part}, res_state = -1;
  }
  while (!heap.empty()) {
    const auto [t, m, n, bus, pst, pe] = heap.top();
    heap.pop();
    const int st = n * 2 + bus;
    if (best[st] >= 0) continue;
    best[st] = t, prev[st] = pst, prev_edge[st] = pe;
    if (n == de.a || n == de.b) {
      const int part = n == de.a ? dd : de.length - dd;
      const int s = edge_seconds(de, part, base);
      if (s >= 0 && (res.first < 0 || std::make_pair(t + s, m + part) < res)) res = {t + s, m + part}, res_state = st;
    }
    for (auto [ei, o] : c.adj[n]) {
      const Edge& e = c.edges[ei];
      if (!allowed(e)) continue;
      if (mode == "transit") {
        const int w = edge_seconds(e, e.length, "walk");
        if (w >= 0) heap.push({t + w, m + e.length, o, 0, st, ei});
        const int b = edge_seconds(e, e.length, "bus");
        if (b >= 0) heap.push({t + b + (bus ? 0 : kBoardWaitS), m + e.length, o, 1, st, ei});
      } else {
        const int s = edge_seconds(e, e.length, mode);
        if (s >= 0) heap.push({t + s, m + e.length, o, 0, st, ei});
      }
    }
  }
  if (res.first < 0) return r;
  r.ok = true, r.seconds = res.first, r.metres = res.second;
  const auto [sx, sy] = point(src);
  const auto [ex, ey] = point(dst);
  std::vector<Leg> legs;
  std::vector<std::pair<float, float>> pts;
  if (res_state >= 0) {
    for (int st = res_state; st >= 0 && prev_edge[st] >= 0; st = prev[st]) {
      const Edge& e = c.edges[prev_edge[st]];
      const int to = st / 2;
      legs.push_back({prev_edge[st], st % 2 == 1, e.b == to, e.length});
      pts.push_back({static_cast<float>(c.nodes[to].x), static_cast<float>(c.nodes[to].y)});
    }
    int first = res_state;
    while (prev[first] >= 0) first = prev[first];
    pts.push_back({static_cast<float>(c.nodes[first / 2].x), static_cast<float>(c.nodes[first / 2].y)});
    std::reverse(legs.begin(), legs.end());
    std::reverse(pts.begin(), pts.end());
    const int fn = first / 2;
    legs.insert(legs.begin(), {src.edge, false, se.b == fn, fn == se.a ? da : se.length - da});
    const int ln = res_state / 2;
    legs.push_back({dst.edge, false, de.a == ln, ln == de.a ? dd : de.length - dd});
  } else {
    legs.push_back({src.edge, false, dd >= da, std::abs(da - dd)});
  }
  pts.insert(pts.begin(), {sx, sy});
  pts.push_back({ex, ey});
  for (const Leg& l : legs) {
    r.uses_highway = r.uses_highway || c.edges[l.edge].cls == "highway";
    r.uses_toll = r.uses_toll || c.edges[l.edge].toll;
  }
  r.legs = legs, r.path = pts;
  return r;
}

/// The route's steps: consecutive legs on one street (and one way of travel) merged.
struct Step {
  std::string text;
  int metres = 0;
  bool bus = false;
};
inline std::vector<Step> steps(const Route& r, const std::string& mode, const std::string& dest_name) {
  const City& c = City::get();
  std::vector<Step> out;
  for (const Leg& l : r.legs) {
    if (l.metres <= 0 && !out.empty()) continue;
    const std::string& street = c.edges[l.edge].street;
    if (!out.empty() && out.back().bus == l.bus && out.back().text.find(street) != std::string::npos) {
      out.back().metres += l.metres;
      continue;
    }
    std::string verb;
    if (mode == "transit") verb = l.bus ? "Take the bus along " : "Walk along ";
    else verb = out.empty() ? "Head along " : (mode == "walk" ? "Walk onto " : "Turn onto ");
    if (mode == "transit" && l.bus) verb = "Take the bus along ";
    out.push_back({verb + street, l.metres, l.bus});
  }
  out.push_back({"Arrive at " + dest_name, 0, false});
  return out;
}

}  // namespace pg::maps
