// Maps: a drawn map of Bayview (streets, districts, parks, the bay) that pans with a swipe and
// zooms with +/- (or a double tap), place search by name or category, place pages (hours against
// the phone's clock, call through DIAL, share through SEND, save to lists, Home and Work), and
// directions by car, transit, walking and bike computed with Dijkstra on the street graph
// (maps_model.hpp). World data: world/{nodes,edges,areas,pois}.json (apps/maps/gen/world.py).
#include "apps/maps/maps_model.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/text.hpp"

#include <cctype>
#include <set>

namespace pg {
namespace {
using namespace pg::maps;

constexpr std::uint32_t kLand = 0xF1F3F4, kWater = 0xAADAFF, kPark = 0xC8E6C9, kStreet = 0xFFFFFF,
                        kArterial = 0xFFF3C4, kHighway = 0xFBC02D, kRoute = 0x1A73E8, kPin = 0xEA4335,
                        kText = 0x5F6368, kBlue = 0x1A73E8, kGreen = 0x188038, kRed = 0xD93025, kStar = 0xFBBC04;

std::string fold(const std::string& s) {
  std::string o;
  for (char ch : s) o += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return o;
}
std::string cat_label(const std::string& key) {
  for (const Cat& c : categories())
    if (key == c.key) return c.label;
  return key;
}

// ---- the map view: centre (m), zoom; the vertical centre is a scroll offset (px at the zoom) ----
constexpr int kMaxZoom = 4;
constexpr int kOffsetM = 600;  // y = cy_px / (3 * scale) - kOffsetM, so the offset stays >= 0
float scale_of(int zoom) { return 0.06f * std::pow(1.5f, static_cast<float>(zoom)); }  // dp per metre
struct View {
  float cx = 0, cy = 0, s = 0.1f;
  int zoom = 1;
};
View view_of(const Phone& p) {
  const json& v = S(p).value("view", json::object());
  View w;
  w.zoom = std::clamp(v.value("zoom", 2), 0, kMaxZoom);
  w.s = scale_of(w.zoom);
  w.cx = static_cast<float>(v.value("cx", 1350));
  w.cy = v.value("cy", 0) / (3 * w.s) - kOffsetM;
  return w;
}
void set_view(Phone& p, float cx, float cy, int zoom) {
  zoom = std::clamp(zoom, 0, kMaxZoom);
  cx = std::clamp(cx, -300.f, 3900.f), cy = std::clamp(cy, -300.f, 3300.f);
  S(p)["view"] = {{"cx", static_cast<int>(std::lround(cx))},
                  {"cy", static_cast<int>(std::lround(Ui::to_px((cy + kOffsetM) * scale_of(zoom))))},
                  {"zoom", zoom}};
}
void center_on(Phone& p, float x, float y, int zoom) { set_view(p, x, y, zoom); }

/// Draws the map into `area` (dp) centred on the view (vertically at `focus_y` dp), with the
/// blue dot, an optional route and pins; records the pan strips and pin nodes.
struct Pin {
  std::string id;
  bool big = false;
};
void draw_map(Ui& ui, Phone& phone, const Rect& area, float focus_y, const std::vector<Pin>& pins,
              const Route* route, std::vector<Rect> keep_clear) {
  const City& c = City::get();
  const View v = view_of(phone);
  const float mx = (area.l + area.r) / 2;
  auto X = [&](float x) { return mx + (x - v.cx) * v.s; };
  auto Y = [&](float y) { return focus_y + (y - v.cy) * v.s; };
  ui.fill(area, kLand);
  auto rect_of = [&](const Area& a) {
    return Rect{std::max(area.l, X(a.l)), std::max(area.t, Y(a.t)), std::min(area.r, X(a.r)), std::min(area.b, Y(a.b))};
  };
  for (const char* kind : {"water", "land", "park"})
    for (const Area& a : c.areas)
      if (a.kind == kind) {
        const Rect r = rect_of(a);
        if (r.r > r.l && r.b > r.t) ui.fill(r, std::string(kind) == "water" ? kWater : kind[0] == 'l' ? kLand : kPark);
      }
  auto inside = [&](float x, float y) { return x > area.l - 200 && x < area.r + 200 && y > area.t - 200 && y < area.b + 200; };
  for (const char* cls : {"local", "arterial", "highway"})
    for (const Edge& e : c.edges) {
      if (e.cls != cls) continue;
      const float x0 = X(c.nodes[e.a].x), y0 = Y(c.nodes[e.a].y), x1 = X(c.nodes[e.b].x), y1 = Y(c.nodes[e.b].y);
      if (!inside(x0, y0) && !inside(x1, y1)) continue;
      const float w = (e.cls == "highway" ? 5.f : e.cls == "arterial" ? 4.f : 2.5f) * (0.6f + 0.2f * v.zoom);
      if (e.cls != "local") ui.line(x0, y0, x1, y1, 0xE0C060, w + 1.5f);
      ui.line(x0, y0, x1, y1, e.cls == "highway" ? kHighway : e.cls == "arterial" ? kArterial : kStreet, w);
    }
  if (route && route->ok) {
    std::vector<float> pts;
    for (auto [x, y] : route->path) pts.push_back(X(x)), pts.push_back(Y(y));
    ui.polyline(pts, 0x185ABC, 7);
    ui.polyline(pts, kRoute, 5);
  }
  // Labels: district names, then street names at zoom >= 2, each only where nothing is yet.
  std::vector<Rect> used = std::move(keep_clear);
  auto free_at = [&](const Rect& r) {
    if (r.l < area.l + 4 || r.r > area.r - 4 || r.t < area.t + 4 || r.b > area.b - 4) return false;
    for (const Rect& u : used)
      if (r.l < u.r && u.l < r.r && r.t < u.b && u.t < r.b) return false;
    return true;
  };
  // Pin positions are reserved first.
  std::vector<std::pair<Pin, std::pair<float, float>>> pin_pts;
  for (const Pin& pin : pins) {
    const json pl = place(pin.id);
    if (pl.is_null()) continue;
    const float px = X(pl.value("x", 0)), py = Y(pl.value("y", 0));
    if (px < area.l + 12 || px > area.r - 12 || py < area.t + 24 || py > area.b - 12) continue;
    pin_pts.push_back({pin, {px, py}});
    used.push_back({px - 26, py - 42, px + 26, py + 10});
  }
  const auto [mex, mey] = point({});
  used.push_back({X(mex) - 12, Y(mey) - 12, X(mex) + 12, Y(mey) + 12});
  auto label = [&](float x, float y, const std::string& s, Font f, std::uint32_t rgb) {
    const float w = ui.text_width(s, f), h = ui.line_height(f);
    const Rect r{x - w / 2 - 2, y - h / 2 - 1, x + w / 2 + 2, y + h / 2 + 1};
    if (!free_at(r)) return;
    used.push_back(r);
    ui.text(x - w / 2, y - h / 2, s, f, rgb);
  };
  for (const Area& a : c.areas)
    if (a.kind == "district") label(X(a.l), Y(a.t), a.name, v.zoom >= 2 ? Font::Title : Font::Label, 0x3C4043);
  if (v.zoom >= 2) {
    for (const Area& a : c.areas)
      if (a.kind == "park") label(X((a.l + a.r) / 2), Y((a.t + a.b) / 2), a.name, Font::Label, 0x137333);
    std::set<std::string> done;
    for (const Edge& e : c.edges) {
      if (done.count(e.street) || e.street == "Route 101") continue;
      const float x = X((c.nodes[e.a].x + c.nodes[e.b].x) / 2.f), y = Y((c.nodes[e.a].y + c.nodes[e.b].y) / 2.f);
      const float w = ui.text_width(e.street, Font::Label);
      const Rect r{x - w / 2 - 2, y - 9, x + w / 2 + 2, y + 9};
      if (!free_at(r)) continue;
      done.insert(e.street);
      label(x, y, e.street, Font::Label, kText);
    }
  }
  // The blue dot.
  ui.circle(X(mex), Y(mey), 11, kBlue, 0.18f);
  ui.circle(X(mex), Y(mey), 7, 0xFFFFFF);
  ui.circle(X(mex), Y(mey), 5.5f, kBlue);
  // The labels are part of the map's picture (placed above so that none overlaps another, a pin or
  // the blue dot); the map's node reports the place, so they are left out of the layout lint.
  ui.cover(area);
  // Pan strips: a sideways drag moves the map by the finger's travel (the strip tells where it
  // started); a vertical swipe scrolls the view's centre; a double tap zooms in.
  const float strip = (area.r - area.l) / 6;
  for (int i = 0; i < 6; ++i) {
    const float l = area.l + i * strip, cxs = l + strip / 2;
    Node& n = ui.node("maps.map.pan." + std::to_string(i), "android.widget.SeekBar", {l, area.t, l + strip, area.b});
    n.desc = "Map";
    n.clickable = true;
    n.scrollable = true;
    n.scroll_path = "/apps/maps/view/cy";
    n.scroll_max = static_cast<int>(Ui::to_px((3300 + kOffsetM) * v.s));
    n.on_click = [cxs, focus_y](Phone& p) {
      const float x2 = Ui::to_dp(static_cast<float>(p.pointer_x_px())), y = Ui::to_dp(static_cast<float>(p.pointer_y_px()));
      View w = view_of(p);
      if (std::abs(x2 - cxs) > 30) {  // a sideways drag
        set_view(p, w.cx - (x2 - cxs) / w.s, w.cy, w.zoom);
        return;
      }
      json& ps = p.page_state();
      const std::int64_t now = p.now_ms();
      if (ps.value("tap_ms", std::int64_t{-1}) == now && std::abs(ps.value("tap_x", 0.f) - x2) < 8) {
        const float mxx = 180;  // zoom in around the tapped point
        set_view(p, w.cx + (x2 - mxx) / w.s / 2, w.cy + (y - focus_y) / w.s / 2, w.zoom + 1);
        ps.erase("tap_ms");
        return;
      }
      ps["tap_ms"] = now, ps["tap_x"] = x2;
    };
  }
  for (auto& [pin, pt] : pin_pts) {
    const auto [px, py] = pt;
    const json pl = place(pin.id);
    const float r = pin.big ? 13 : 10;
    ui.circle(px, py - r - 6, r, 0xB31412);
    ui.circle(px, py - r - 6, r - 1.5f, kPin);
    ui.line(px, py - 8, px, py, 0xB31412, 3);
    ui.icon(px, py - r - 6, cat_icon(pl.value("category", "")), Font::IconSmall, 0xFFFFFF);
    const std::string id = pin.id;
    Node& n = ui.item("maps.pin." + id, "android.widget.ImageView", {px - 24, py - 40, px + 24, py + 8}, pl.value("name", ""),
                      [id](Phone& p) {
                        p.navigate("open_place");
                        p.page_state()["id"] = id;
                      });
    n.desc = pl.value("name", "");
  }
}

/// The zoom buttons and the my-location button on the right of a map.
void map_controls(Ui& ui, float bottom) {
  const float x = Ui::width_dp() - 36;
  ui.fill({x - 22, bottom - 172, x + 22, bottom - 84}, 0xFFFFFF, 12);
  ui.fill({x - 16, bottom - 128.5f, x + 16, bottom - 127.5f}, 0xDADCE0);
  ui.icon_button("maps.zoom_in", x, bottom - 150, "add", "Zoom in", 0x3C4043, [](Phone& p) {
    View w = view_of(p);
    set_view(p, w.cx, w.cy, w.zoom + 1);
  });
  ui.icon_button("maps.zoom_out", x, bottom - 106, "remove", "Zoom out", 0x3C4043, [](Phone& p) {
    View w = view_of(p);
    set_view(p, w.cx, w.cy, w.zoom - 1);
  });
  ui.circle(x, bottom - 44, 24, 0xFFFFFF);
  ui.icon_button("maps.my_location", x, bottom - 44, "my_location", "Your location", kBlue, [](Phone& p) {
    const auto [mx, my] = point({});
    set_view(p, mx, my, std::max(view_of(p).zoom, 2));
  });
}

void open_place(Phone& p, const std::string& id) {
  p.navigate("open_place");
  p.page_state()["id"] = id;
  const json pl = place(id);
  center_on(p, pl.value("x", 0), pl.value("y", 0), std::max(view_of(p).zoom, 2));
}
void remember_search(Phone& p, const std::string& q) {
  const std::string t = trim(q);
  if (t.empty()) return;
  json& rec = S(p)["recent"];
  if (!rec.is_array()) rec = json::array();
  json out = json::array({t});
  for (const json& r : rec)
    if (r.is_string() && fold(r.get<std::string>()) != fold(t) && out.size() < 8) out.push_back(r);
  rec = out;
}
/// Places whose name, kind, category or address contains the query; nearest first (stable: ties
/// keep the world's order). Pointers into all_places(): a search runs every frame of a results
/// page, and copying the places and measuring each distance at every comparison made an empty
/// query's page (every place) the slowest page of the phone.
std::vector<const json*> search(const std::string& query, const std::string& category) {
  std::vector<std::pair<int, const json*>> hits;
  const std::string q = fold(trim(query));
  for (const json& p : all_places()) {
    if (!category.empty() && p.value("category", "") != category) continue;
    if (!q.empty() && fold(p.value("name", "")).find(q) == std::string::npos &&
        fold(p.value("kind", "")).find(q) == std::string::npos && fold(cat_label(p.value("category", ""))).find(q) == std::string::npos &&
        fold(p.value("address", "")).find(q) == std::string::npos)
      continue;
    hits.emplace_back(distance_from_me(p), &p);
  }
  std::stable_sort(hits.begin(), hits.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<const json*> out;
  out.reserve(hits.size());
  for (const auto& h : hits) out.push_back(h.second);
  return out;
}

constexpr float kPlaceRowDp = 92;  ///< place_row's height

/// A place row (kPlaceRowDp tall): name, stars, category · distance, open state.
void place_row(Ui& ui, Phone& phone, const std::string& id_prefix, const json& pl, Handler on_click) {
  const float y = ui.cursor_y(), h = kPlaceRowDp;
  ui.item(id_prefix + pl.value("id", ""), "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h}, pl.value("name", ""),
          std::move(on_click));
  ui.circle(36, y + h / 2, 20, 0xFCE8E6);
  ui.icon(36, y + h / 2, cat_icon(pl.value("category", "")), Font::Icon, kRed);
  const float x = 72, w = Ui::width_dp() - x - 16;
  ui.text_fit(x, y + 10, pl.value("name", ""), Font::BodyLarge, color::kOnSurface, w);
  const float rw = ui.text(x, y + 32, rating_text(pl), Font::Body, kText);
  ui.icon(x + rw + 10, y + 41, "star", Font::IconSmall, kStar);
  ui.text(x + rw + 20, y + 32, "(" + std::to_string(pl.value("reviews", 0)) + ")", Font::Body, kText);
  ui.text_fit(x, y + 52, pl.value("kind", "") + " \xC2\xB7 " + miles(distance_from_me(pl)), Font::Body, kText, w);
  const OpenState os = open_state(phone, pl);
  ui.text_fit(x, y + 70, os.text, Font::Body, os.open ? kGreen : kRed, w);
  ui.fill({x, y + h - 1, Ui::width_dp(), y + h}, 0xE8EAED);
  ui.advance(h);
}

std::string place_name(const std::string& id) {
  if (id == "me" || id.empty()) return "Your location";
  return place(id).value("name", id);
}
const char* kModes[] = {"drive", "transit", "walk", "bike"};

json& dir_state(Phone& p) {
  json& d = S(p)["dir"];
  if (!d.is_object()) d = json::object();
  return d;
}

class MapsApp : public App {
 public:
  MapsApp() {
    add_page("map", map_page);
    add_page("search", search_page);
    add_page("results", results_page);
    add_page("place", place_page);
    add_page("save", save_page);
    add_page("directions", directions_page);
    add_page("choose", choose_page);
    add_page("steps", steps_page);
    add_page("saved", saved_page);
    add_page("list", list_page);
    add_export("places", [](Phone&, const json& args) {
      json out = json::array();
      for (const json* hit : search(args.value("query", ""), args.value("category", ""))) {
        const json& p = *hit;
        out.push_back({{"id", p["id"]}, {"name", p["name"]}, {"address", p["address"]}, {"city", p["city"]},
                       {"phone", p["phone"]}, {"category", p["category"]}, {"distance_m", distance_from_me(p)}});
      }
      return out;
    });
    add_export("route", [](Phone&, const json& args) {
      const std::string from = args.value("from", "me"), to = args.value("to", "");
      if (from != "me" && place(from).is_null()) throw std::invalid_argument("no place \"" + from + "\"");
      if (place(to).is_null() && to != "me") throw std::invalid_argument("no place \"" + to + "\"");
      const Route r = route(pos_of(from), pos_of(to), args.value("mode", "drive"), args.value("avoid_highways", false),
                            args.value("avoid_tolls", false));
      return json{{"ok", r.ok}, {"seconds", r.seconds}, {"minutes", minutes_of(r.seconds)}, {"metres", r.metres},
                  {"highway", r.uses_highway}, {"toll", r.uses_toll}};
    });
  }

  /// geo:0,0?q=<place or search>: a place whose name matches opens its page, else the results.
  void on_intent(Phone& phone, const json& intent) override {
    const std::string data = intent.value("data", "");
    const auto qp = data.find("q=");
    if (qp == std::string::npos) return;
    std::string q;
    for (std::size_t i = qp + 2; i < data.size() && data[i] != '&'; ++i) {
      if (data[i] == '+') q += ' ';
      else if (data[i] == '%' && i + 2 < data.size()) q += static_cast<char>(std::stoi(data.substr(i + 1, 2), nullptr, 16)), i += 2;
      else q += data[i];
    }
    phone.back_to_root();
    if (phone.current_page() != "map") phone.navigate("tab_explore");
    for (const json& p : all_places())
      if (fold(p.value("name", "")) == fold(trim(q))) {
        open_place(phone, p.value("id", ""));
        return;
      }
    phone.navigate("results");
    phone.page_state()["query"] = q;
  }

 private:
  // ---------------- map (Explore) ----------------
  static void map_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const float nav_t = area.b - 80;
    const float chips_b = area.t + 64 + 48;
    draw_map(ui, phone, {0, area.t, Ui::width_dp(), nav_t}, (area.t + nav_t) / 2, {}, nullptr, {{0, area.t, Ui::width_dp(), chips_b}});
    ui.cover({0, area.t, Ui::width_dp(), chips_b});
    ui.fill({16, area.t + 10, Ui::width_dp() - 16, area.t + 62}, 0xDADCE0, 26);
    ui.search_bar("maps.search", {16, area.t + 8, Ui::width_dp() - 16, area.t + 60}, "Search here", [](Phone& p) {
      S(p)["query"] = "";
      p.navigate("search");
      p.focus("maps.search.field", "/apps/maps/query");
    });
    // Category chips: one row under the search bar; the arrow shows the ones that did not fit.
    const int start = std::clamp(phone.page_state().value("chips", 0), 0, static_cast<int>(categories().size()) - 1);
    float x = 8;
    const float y = area.t + 64;
    int shown = 0;
    for (int i = start; i < static_cast<int>(categories().size()); ++i) {
      const Cat& c = categories()[i];
      const float w = ui.text_width(c.label, Font::Label) + 68;
      if (x + w > Ui::width_dp() - 52) break;
      ui.fill({x, y + 8, x + w, y + 40}, 0xFFFFFF, 8);
      const std::string key = c.key;
      ui.chip(std::string("maps.chip.") + c.key, {x, y, x + w, y + 48}, c.label, false, [key](Phone& p) {
        p.navigate("category");
        p.page_state()["category"] = key;
      }, c.icon);
      x += w + 6;
      ++shown;
    }
    const int next = start + shown >= static_cast<int>(categories().size()) ? 0 : start + shown;
    ui.circle(Ui::width_dp() - 28, y + 24, 18, 0xFFFFFF);
    ui.icon_button("maps.chips.more", Ui::width_dp() - 28, y + 24, next == 0 ? "chevron_left" : "chevron_right",
                   next == 0 ? "First categories" : "More categories", 0x3C4043, [next](Phone& p) { p.page_state()["chips"] = next; });
    map_controls(ui, nav_t - 16);
    ui.cover({Ui::width_dp() - 64, nav_t - 16 - 200, Ui::width_dp(), nav_t - 16});
    // Directions FAB (left of the controls, Google's "Go" button).
    const float fy = nav_t - 16 - 28;
    ui.fill({16, fy - 28, 128, fy + 28}, 0x0B57D0, 16);
    ui.icon(44, fy, "directions", Font::Icon, 0xFFFFFF);
    ui.text(64, fy - 10, "Go", Font::Title, 0xFFFFFF);
    ui.item("maps.directions", "android.widget.Button", {16, fy - 28, 128, fy + 28}, "Directions", [](Phone& p) {
      json& d = dir_state(p);
      d["from"] = "me", d["to"] = "";
      p.navigate("directions");
    });
    ui.cover({0, nav_t, Ui::width_dp(), area.b});
    ui.bottom_nav("maps.tab.", {{"explore", "Explore", "explore"}, {"saved", "Saved", "bookmark_border"}}, 0,
                  [](Phone& p, int i) {
                    if (i == 1) p.navigate("tab_saved");
                  });
  }

  // ---------------- search ----------------
  static void search_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.fill(area, 0xFFFFFF);
    ui.icon_button("maps.search.back", 28, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) {
      p.clear_focus();
      p.back();
    });
    ui.text_field("maps.search.field", {56, area.t + 4, Ui::width_dp() - 16, area.t + 60}, "", "/apps/maps/query", "Search here");
    const std::string q = trim(S(phone).value("query", ""));
    ui.begin_scroll("maps.search.list", {0, area.t + 68, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (q.empty()) {
      const json& rec = S(phone).value("recent", json::array());
      if (rec.empty()) {
        ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 40, "Search for a place or an address", Font::Body, kText);
        ui.advance(80);
      } else {
        ui.section_header("Recent");
        int i = 0;
        for (const json& r : rec) {
          const std::string s = r.get<std::string>();
          ui.list_row("maps.search.recent." + std::to_string(i++), s, "", "history", [s](Phone& p) {
            S(p)["query"] = s;
          });
        }
      }
      ui.end_scroll();
      return;
    }
    const float y0 = ui.cursor_y();
    ui.item("maps.search.all", "android.widget.LinearLayout", {0, y0, Ui::width_dp(), y0 + 56}, "Search for " + q,
            [q](Phone& p) {
              remember_search(p, q);
              p.clear_focus();
              p.navigate("results");
              p.page_state()["query"] = q;
            });
    ui.icon(36, y0 + 28, "search", Font::Icon, kText);
    ui.text_fit(72, y0 + 18, "Search for \"" + q + "\"", Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 88);
    ui.advance(56);
    const std::vector<const json*> found = search(q, "");
    if (found.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 24, "No places match \"" + ui.ellipsize(q, Font::Body, 160) + "\"", Font::Body, kText);
      ui.advance(64);
    }
    int n = 0;
    for (const json* hit : found) {
      if (++n > 25) break;
      const json& pl = *hit;
      const std::string id = pl.value("id", "");
      const float y = ui.cursor_y();
      ui.item("maps.search.result." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 64}, pl.value("name", ""),
              [id, q](Phone& p) {
                remember_search(p, q);
                p.clear_focus();
                open_place(p, id);
              });
      ui.icon(36, y + 32, "place", Font::Icon, kText);
      ui.text_fit(72, y + 10, pl.value("name", ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 140);
      const std::string d = miles(distance_from_me(pl));
      ui.text(Ui::width_dp() - 16 - ui.text_width(d, Font::Body), y + 12, d, Font::Body, kText);
      ui.text_fit(72, y + 34, pl.value("address", "") + ", " + pl.value("city", ""), Font::Body, kText, Ui::width_dp() - 88);
      ui.advance(64);
    }
    ui.end_scroll();
  }

  // ---------------- results (a category or a search) ----------------
  static void results_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& ps = phone.page_state();
    const std::string cat = ps.value("category", ""), q = ps.value("query", "");
    const std::vector<const json*> found = search(q, cat);
    std::vector<Pin> pins;
    for (std::size_t i = 0; i < found.size() && i < 12; ++i) pins.push_back({found[i]->value("id", "")});
    const float sheet_t = 380;
    draw_map(ui, phone, {0, area.t, Ui::width_dp(), sheet_t + 16}, (area.t + 64 + sheet_t) / 2, pins, nullptr,
             {{0, area.t, Ui::width_dp(), area.t + 64}});
    ui.cover({0, area.t, Ui::width_dp(), area.t + 64});
    ui.fill({8, area.t + 6, Ui::width_dp() - 8, area.t + 58}, 0xFFFFFF, 26);
    ui.icon_button("maps.results.back", 36, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) { p.back(); });
    const std::string title = cat.empty() ? q : cat_label(cat);
    ui.label_at("maps.results.title", 64, area.t + 20, title, Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 88);
    ui.cover({0, sheet_t, Ui::width_dp(), area.b});
    ui.fill({0, sheet_t, Ui::width_dp(), area.b}, 0xFFFFFF, 16);
    ui.fill({Ui::width_dp() / 2 - 16, sheet_t + 8, Ui::width_dp() / 2 + 16, sheet_t + 12}, 0xDADCE0, 2);
    const std::string count = found.empty() ? "No results" : std::to_string(found.size()) + " results, nearest first";
    ui.label_at("maps.results.count", 16, sheet_t + 20, count, Font::Label, kText, Ui::width_dp() - 32);
    const Rect list{0, sheet_t + 44, Ui::width_dp(), area.b};
    const std::string scroll_path = phone.page_pointer() + "/scroll";
    ui.begin_scroll("maps.results.list", list, scroll_path);
    // Only the rows in view are drawn (a RecyclerView's): the others' nodes would be dropped as
    // off-screen anyway, and an empty query lists every place.
    const json* stored = phone.find(json::json_pointer(scroll_path));
    const float top = list.t + (stored && stored->is_number_integer() ? Ui::to_dp(stored->get<float>()) : 0.f);
    for (const json* hit : found) {
      const float y = ui.cursor_y();
      if (y + kPlaceRowDp <= top || y >= top + list.h()) {
        ui.advance(kPlaceRowDp);
        continue;
      }
      const std::string id = hit->value("id", "");
      place_row(ui, phone, "maps.results.", *hit, [id](Phone& p) { open_place(p, id); });
    }
    ui.end_scroll();
  }

  // ---------------- place ----------------
  static void place_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string id = phone.page_state().value("id", "");
    const json pl = place(id);
    if (pl.is_null()) {
      ui.top_bar("maps.place.title", "Place", true);
      ui.text(16, 120, "This place is not on the map", Font::Body, kText);
      return;
    }
    const float sheet_t = 300;
    draw_map(ui, phone, {0, area.t, Ui::width_dp(), sheet_t + 16}, (area.t + sheet_t) / 2 + 20, {{id, true}}, nullptr,
             {{0, area.t, 72, area.t + 64}});
    ui.cover({0, area.t, 72, area.t + 64});
    ui.circle(36, area.t + 32, 22, 0xFFFFFF);
    ui.icon_button("maps.place.back", 36, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) { p.back(); });
    ui.cover({0, sheet_t, Ui::width_dp(), area.b});
    ui.fill({0, sheet_t, Ui::width_dp(), area.b}, 0xFFFFFF, 16);
    ui.fill({Ui::width_dp() / 2 - 16, sheet_t + 8, Ui::width_dp() / 2 + 16, sheet_t + 12}, 0xDADCE0, 2);
    ui.begin_scroll("maps.place.sheet", {0, sheet_t + 16, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y();
    const auto name_lines = ui.wrap(pl.value("name", ""), Font::Headline, Ui::width_dp() - 32, 2);
    std::string name_text;
    for (const std::string& l : name_lines) name_text += (name_text.empty() ? "" : " ") + l;
    float ny = y;
    for (const std::string& l : name_lines) ui.text(16, ny, l, Font::Headline, color::kOnSurface), ny += 34;
    ui.label("maps.place.name", {16, y, Ui::width_dp() - 16, ny}, pl.value("name", ""));
    y = ny + 4;
    const std::string r = rating_text(pl);
    float x = 16 + ui.text(16, y, r, Font::Body, color::kOnSurface) + 4;
    const int full = pl.value("rating_x10", 0) / 10;
    for (int i = 0; i < 5; ++i) ui.icon(x + 8 + i * 16, y + 9, i < full ? "star" : "star_border", Font::IconSmall, kStar);
    x += 88;
    ui.text(x, y, "(" + std::to_string(pl.value("reviews", 0)) + ")", Font::Body, kText);
    ui.label("maps.place.rating", {16, y, Ui::width_dp() - 16, y + 20},
             r + " stars, " + std::to_string(pl.value("reviews", 0)) + " reviews");
    y += 24;
    ui.label_at("maps.place.kind", 16, y, pl.value("kind", "") + " \xC2\xB7 " + miles(distance_from_me(pl)), Font::Body, kText,
                Ui::width_dp() - 32);
    y += 24;
    const OpenState os = open_state(phone, pl);
    ui.label_at("maps.place.open", 16, y, os.text, Font::Body, os.open ? kGreen : kRed, Ui::width_dp() - 32);
    y += 32;
    // Action buttons: Directions (filled), Call, Save, Share.
    ui.fill({16, y + 4, 140, y + 44}, 0x0B57D0, 20);
    ui.icon(40, y + 24, "directions", Font::IconSmall, 0xFFFFFF);
    ui.text(56, y + 14, "Directions", Font::Label, 0xFFFFFF);
    ui.item("maps.place.directions", "android.widget.Button", {16, y, 140, y + 48}, "Directions", [id](Phone& p) {
      json& d = dir_state(p);
      d["from"] = "me", d["to"] = id;
      p.navigate("directions");
    });
    struct Act {
      const char *key, *icon, *label;
    };
    const bool has_phone = !pl.value("phone", "").empty();
    std::vector<Act> acts;
    if (has_phone) acts.push_back({"call", "call", "Call"});
    acts.push_back({"save", saved_anywhere(phone, id) ? "bookmark" : "bookmark_border", "Save"});
    acts.push_back({"share", "share", "Share"});
    float ax = 148;
    for (const Act& a : acts) {
      const float w = 64;
      ui.stroke({ax, y + 4, ax + w, y + 44}, 0x747775, 20);
      ui.icon(ax + 18, y + 24, a.icon, Font::IconSmall, 0x0B57D0);
      ui.text(ax + 30, y + 14, a.label, Font::Label, 0x0B57D0);
      const std::string key = a.key;
      const json copy = pl;
      ui.item(std::string("maps.place.") + a.key, "android.widget.Button", {ax, y, ax + w, y + 48}, a.label, [key, copy](Phone& p) {
        if (key == "call") p.start_intent({{"action", "android.intent.action.DIAL"}, {"data", "tel:" + copy.value("phone", "")}});
        if (key == "save") {
          p.navigate("save");
          p.page_state()["id"] = copy.value("id", "");
        }
        if (key == "share")
          p.start_intent({{"action", "android.intent.action.SEND"},
                          {"type", "text/plain"},
                          {"extras", {{"text", copy.value("name", "") + "\n" + copy.value("address", "") + ", " + copy.value("city", "")},
                                      {"subject", copy.value("name", "")}}}});
      });
      ax += w + 6;
    }
    y += 60;
    ui.fill({0, y, Ui::width_dp(), y + 1}, 0xE8EAED);
    ui.set_cursor(y + 1);
    auto info = [&](const std::string& key, const std::string& icon, const std::string& text, Handler h) {
      const float yy = ui.cursor_y();
      ui.item("maps.place." + key, "android.widget.LinearLayout", {0, yy, Ui::width_dp(), yy + 56}, text, std::move(h));
      ui.icon(32, yy + 28, icon, Font::Icon, 0x0B57D0);
      ui.text_fit(64, yy + 18, text, Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 80);
      ui.advance(56);
    };
    const std::string addr = pl.value("address", "") + ", " + pl.value("city", "");
    info("address", "place", addr, [addr](Phone& p) {
      p.set_clipboard(addr);
      p.toast("Address copied");
    });
    info("hours", "schedule", os.text, [](Phone& p) {
      json& ps = p.page_state();
      ps["hours_open"] = !ps.value("hours_open", false);
    });
    if (phone.page_state().value("hours_open", false)) {
      const json& h = pl.value("hours", json::array());
      for (int d = 0; d < 7 && h.size() == 7; ++d) {
        const float yy = ui.cursor_y();
        ui.text(64, yy + 4, day_name(d), Font::Body, color::kOnSurface);
        ui.text(170, yy + 4, range_text(h[d]), Font::Body, kText);
        ui.advance(26);
      }
      ui.advance(8);
    }
    if (has_phone) {
      const std::string num = pl.value("phone", "");
      info("phone", "call", num, [num](Phone& p) { p.start_intent({{"action", "android.intent.action.DIAL"}, {"data", "tel:" + num}}); });
    }
    if (!pl.value("website", "").empty()) {
      const std::string site = pl.value("website", "");
      info("website", "public", site, [site](Phone& p) { p.toast("No browser app to open " + site); });
    }
    ui.end_scroll();
  }
  static bool saved_anywhere(const Phone& p, const std::string& id) {
    const json lists = S(p).value("lists", json::object());
    for (auto& [k, l] : lists.items())
      for (const json& e : l.value("places", json::array()))
        if (e.value("id", "") == id) return true;
    return S(p).value("home", json::object()).value("id", "") == id || S(p).value("work", json::object()).value("id", "") == id;
  }

  // ---------------- save (lists, Home, Work) ----------------
  static void save_page(Ui& ui, Phone& phone) {
    const std::string id = phone.page_state().value("id", "");
    const json pl = place(id);
    ui.top_bar("maps.save.title", "Save to list", true);
    ui.label_at("maps.save.place", 16, ui.cursor_y() + 8, pl.value("name", ""), Font::Title, color::kOnSurface, Ui::width_dp() - 32);
    ui.advance(44);
    const Rect area = Ui::content_area();
    ui.begin_scroll("maps.save.list", {0, ui.cursor_y(), Ui::width_dp(), area.b - 72}, phone.page_pointer() + "/scroll");
    const json lists = S(phone).value("lists", json::object());
    for (auto& [key, l] : lists.items()) {
      bool in = false;
      for (const json& e : l.value("places", json::array())) in = in || e.value("id", "") == id;
      const float y = ui.cursor_y();
      const std::string k = key;
      const json copy = pl;
      ui.checkbox("maps.save.list." + key, {0, y, Ui::width_dp(), y + 56},
                  l.value("name", key) + " (" + std::to_string(l.value("places", json::array()).size()) + ")", in,
                  [k, copy](Phone& p) { toggle_in_list(p, k, copy); }, l.value("icon", "bookmark_border"));
      ui.advance(56);
    }
    ui.section_header("Labels");
    for (const char* which : {"home", "work"}) {
      const bool set = S(phone).value(which, json::object()).value("id", "") == id;
      const float y = ui.cursor_y();
      const std::string w = which;
      const json copy = pl;
      ui.checkbox(std::string("maps.save.") + which, {0, y, Ui::width_dp(), y + 56}, w == "home" ? "Set as Home" : "Set as Work", set,
                  [w, copy, set](Phone& p) {
                    if (set) S(p)[w] = {{"id", ""}, {"name", ""}, {"address", ""}};
                    else S(p)[w] = {{"id", copy["id"]}, {"name", copy["name"]}, {"address", copy["address"]}};
                  },
                  w == "home" ? "home" : "work");
      ui.advance(56);
    }
    ui.end_scroll();
    ui.button("maps.save.done", {Ui::width_dp() - 112, area.b - 64, Ui::width_dp() - 16, area.b - 16}, "Done", true,
              [](Phone& p) { p.back(); });
  }
  static void toggle_in_list(Phone& p, const std::string& key, const json& pl) {
    json& places = S(p)["lists"][key]["places"];
    if (!places.is_array()) places = json::array();
    for (auto it = places.begin(); it != places.end(); ++it)
      if (it->value("id", "") == pl.value("id", "")) {
        places.erase(it);
        p.toast("Removed from " + S(p)["lists"][key].value("name", key));
        return;
      }
    places.push_back({{"id", pl["id"]}, {"name", pl["name"]}, {"saved_ms", p.now_ms()}});
    p.toast("Saved to " + S(p)["lists"][key].value("name", key));
  }

  // ---------------- directions ----------------
  static Route current_route(const Phone& p, const std::string& mode) {
    const json& d = S(p).value("dir", json::object());
    const std::string from = d.value("from", "me"), to = d.value("to", "");
    if (to.empty() || from == to) return {};
    return route(pos_of(from), pos_of(to), mode, d.value("avoid_highways", false), d.value("avoid_tolls", false));
  }
  static void directions_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& d = S(phone).value("dir", json::object());
    const std::string mode = d.value("mode", "drive"), from = d.value("from", "me"), to = d.value("to", "");
    const Route r = current_route(phone, mode);
    const float head_b = area.t + 216;
    // Map under the header, centred on the route.
    std::vector<Pin> pins;
    if (!to.empty() && to != "me") pins.push_back({to, true});
    draw_map(ui, phone, {0, head_b, Ui::width_dp(), area.b - 120}, (head_b + area.b - 120) / 2, pins, &r, {});
    ui.cover({0, area.t, Ui::width_dp(), head_b});
    ui.fill({0, area.t, Ui::width_dp(), head_b}, 0xFFFFFF);
    ui.icon_button("maps.dir.back", 28, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) { p.back(); });
    auto field = [&](const char* key, float y, const std::string& text, const std::string& hint, const char* icon, std::uint32_t ic) {
      ui.fill({84, y + 4, Ui::width_dp() - 64, y + 48}, 0xF1F3F4, 8);
      ui.icon(68, y + 26, icon, Font::IconSmall, ic);
      const std::string k = key;
      ui.item(std::string("maps.dir.") + key, "android.widget.EditText", {84, y, Ui::width_dp() - 64, y + 52}, text.empty() ? hint : text,
              [k](Phone& p) {
                S(p)["choose_query"] = "";
                p.navigate("choose");
                p.page_state()["which"] = k;
                p.focus("maps.choose.field", "/apps/maps/choose_query");
              });
      ui.text_fit(96, y + 16, text.empty() ? hint : text, Font::Body, text.empty() ? kText : color::kOnSurface, Ui::width_dp() - 172);
    };
    field("from", area.t + 8, place_name(from), "Choose start", "trip_origin", kBlue);
    field("to", area.t + 60, to.empty() ? "" : place_name(to), "Choose destination", "place", kRed);
    ui.icon_button("maps.dir.swap", Ui::width_dp() - 32, area.t + 58, "swap_vert", "Swap start and destination", color::kOnSurface,
                   [](Phone& p) {
                     json& dd = dir_state(p);
                     const std::string f = dd.value("from", "me"), t = dd.value("to", "");
                     if (t.empty()) return;
                     dd["from"] = t, dd["to"] = f;
                   });
    // Mode tabs with each mode's time.
    const float ty = area.t + 116;
    const char* icons[] = {"directions_car", "directions_transit", "directions_walk", "directions_bike"};
    const float tw = (Ui::width_dp() - 16) / 4;
    for (int i = 0; i < 4; ++i) {
      const Route mr = current_route(phone, kModes[i]);
      const bool sel = mode == kModes[i];
      const float l = 8 + i * tw;
      if (sel) ui.fill({l + 2, ty + 8, l + tw - 2, ty + 44}, 0xD3E3FD, 18);
      const std::string t = mr.ok ? duration(mr.seconds) : "\xE2\x80\x94";
      const float w = 22 + ui.text_width(t, Font::Label);
      ui.icon(l + tw / 2 - w / 2 + 9, ty + 26, icons[i], Font::IconSmall, sel ? 0x0B57D0 : 0x444746);
      ui.text(l + tw / 2 - w / 2 + 22, ty + 17, t, Font::Label, sel ? 0x0B57D0 : 0x444746);
      const std::string m = kModes[i];
      Node& n = ui.item(std::string("maps.dir.mode.") + kModes[i], "android.widget.TextView", {l, ty, l + tw, ty + 52},
                        std::string(kModes[i]) + " " + t, [m](Phone& p) { dir_state(p)["mode"] = m; });
      n.selected = sel;
    }
    // Route options (driving): avoid highways, avoid tolls.
    const float oy = ty + 52;
    if (mode == "drive") {
      const bool ah = d.value("avoid_highways", false), at = d.value("avoid_tolls", false);
      ui.chip("maps.dir.avoid_highways", {16, oy, 166, oy + 48}, "Avoid highways", ah,
              [ah](Phone& p) { dir_state(p)["avoid_highways"] = !ah; }, ah ? "check" : "");
      ui.chip("maps.dir.avoid_tolls", {174, oy, 304, oy + 48}, "Avoid tolls", at,
              [at](Phone& p) { dir_state(p)["avoid_tolls"] = !at; }, at ? "check" : "");
    } else {
      ui.text(16, oy + 14, mode == "transit" ? "Muni lines on main streets, every 8 min" : mode == "walk" ? "Sidewalks and paths" : "Bike-friendly streets",
              Font::Label, kText);
    }
    // Summary sheet.
    const float sb = area.b - 120;
    ui.cover({0, sb, Ui::width_dp(), area.b});
    ui.fill({0, sb, Ui::width_dp(), area.b}, 0xFFFFFF, 16);
    if (to.empty()) {
      ui.label_at("maps.dir.summary", 16, sb + 24, "Choose a destination", Font::Title, color::kOnSurface, Ui::width_dp() - 32);
      return;
    }
    if (!r.ok) {
      ui.label_at("maps.dir.summary", 16, sb + 24, "No route found", Font::Title, color::kOnSurface, Ui::width_dp() - 32);
      return;
    }
    const std::string sum = duration(r.seconds) + " (" + miles(r.metres) + ")";
    ui.label_at("maps.dir.summary", 16, sb + 16, sum, Font::Headline, kGreen, Ui::width_dp() - 32);
    std::string via;
    for (const Step& s : steps(r, mode, place_name(to)))
      if (s.metres > 600 && via.empty()) via = s.text.substr(s.text.rfind(" along ") != std::string::npos ? s.text.rfind(" along ") + 7 : s.text.find(" onto ") + 6);
    std::string note = via.empty() ? "Fastest route" : "via " + via;
    if (mode == "drive" && r.uses_toll) note += " \xC2\xB7 Toll road";
    ui.label_at("maps.dir.via", 16, sb + 54, note, Font::Body, kText, Ui::width_dp() - 140);
    ui.button("maps.dir.steps", {Ui::width_dp() - 116, sb + 52, Ui::width_dp() - 16, sb + 100}, "Steps", false,
              [](Phone& p) { p.navigate("steps"); });
  }

  static void choose_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string which = phone.page_state().value("which", "to");
    ui.icon_button("maps.choose.back", 28, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) {
      p.clear_focus();
      p.back();
    });
    ui.text_field("maps.choose.field", {56, area.t + 4, Ui::width_dp() - 16, area.t + 60}, "", "/apps/maps/choose_query",
                  which == "from" ? "Choose start" : "Choose destination");
    ui.begin_scroll("maps.choose.list", {0, area.t + 68, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    auto pick = [which](const std::string& id) {
      return [which, id](Phone& p) {
        dir_state(p)[which] = id;
        p.clear_focus();
        p.back();
      };
    };
    const std::string q = trim(S(phone).value("choose_query", ""));
    if (q.empty()) {
      ui.list_row("maps.choose.me", "Your location", "", "my_location", pick("me"));
      for (const char* w : {"home", "work"}) {
        const json& h = S(phone).value(w, json::object());
        const std::string hid = h.value("id", "");
        if (hid.empty()) continue;
        ui.list_row(std::string("maps.choose.") + w, w[0] == 'h' ? "Home" : "Work", h.value("address", ""), w, pick(hid));
      }
    }
    for (const json* hit : search(q, "")) {
      if (q.empty()) break;
      const json& pl = *hit;
      const std::string id = pl.value("id", "");
      ui.list_row("maps.choose.place." + id, pl.value("name", ""), pl.value("address", "") + " \xC2\xB7 " + miles(distance_from_me(pl)),
                  "place", pick(id));
    }
    ui.end_scroll();
  }

  static void steps_page(Ui& ui, Phone& phone) {
    const json& d = S(phone).value("dir", json::object());
    const std::string mode = d.value("mode", "drive");
    const Route r = current_route(phone, mode);
    ui.top_bar("maps.steps.title", "Steps", true);
    const Rect area = Ui::content_area();
    const float y = ui.cursor_y();
    ui.label_at("maps.steps.summary", 16, y + 4,
                r.ok ? duration(r.seconds) + " (" + miles(r.metres) + ") to " + place_name(d.value("to", "")) : "No route",
                Font::Title, color::kOnSurface, Ui::width_dp() - 32);
    ui.begin_scroll("maps.steps.list", {0, y + 40, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (r.ok) {
      int i = 0;
      for (const Step& s : steps(r, mode, place_name(d.value("to", "")))) {
        const std::string icon = s.text.rfind("Arrive", 0) == 0 ? "place"
                                 : s.bus                        ? "directions_bus"
                                 : mode == "walk" || mode == "transit" ? "directions_walk"
                                 : mode == "bike"               ? "directions_bike"
                                 : i == 0                       ? "straight"
                                                                : "turn_right";
        ui.list_row("maps.steps." + std::to_string(i++), s.text, s.metres > 0 ? miles(s.metres) : "", icon, {});
      }
    }
    ui.end_scroll();
  }

  // ---------------- saved ----------------
  static void saved_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.headline("maps.saved.title", 16, area.t + 16, "Saved");
    ui.begin_scroll("maps.saved.list", {0, area.t + 64, Ui::width_dp(), area.b - 80}, phone.page_pointer() + "/scroll");
    ui.section_header("Labeled");
    for (const char* w : {"home", "work"}) {
      const json& h = S(phone).value(w, json::object());
      const std::string id = h.value("id", "");
      ui.list_row(std::string("maps.saved.") + w, w[0] == 'h' ? "Home" : "Work", id.empty() ? "Not set" : h.value("name", "") + " \xC2\xB7 " + h.value("address", ""),
                  w, id.empty() ? Handler{} : Handler([id](Phone& p) {
                    p.navigate("open_place");
                    p.page_state()["id"] = id;
                    const json pl = place(id);
                    center_on(p, pl.value("x", 0), pl.value("y", 0), std::max(view_of(p).zoom, 2));
                  }));
    }
    ui.section_header("Your lists");
    const json lists = S(phone).value("lists", json::object());
    for (auto& [key, l] : lists.items()) {
      const std::string k = key;
      const std::size_t n = l.value("places", json::array()).size();
      ui.list_row("maps.saved.list." + key, l.value("name", key), std::to_string(n) + (n == 1 ? " place" : " places"),
                  l.value("icon", "bookmark_border"), [k](Phone& p) {
                    p.navigate("open_list");
                    p.page_state()["list"] = k;
                  });
    }
    ui.end_scroll();
    ui.bottom_nav("maps.tab.", {{"explore", "Explore", "explore"}, {"saved", "Saved", "bookmark"}}, 1, [](Phone& p, int i) {
      if (i == 0) p.navigate("tab_explore");
    });
  }

  static void list_page(Ui& ui, Phone& phone) {
    const std::string key = phone.page_state().value("list", "favorites");
    const json& l = S(phone).value("lists", json::object()).value(key, json::object());
    ui.top_bar("maps.list.title", l.value("name", key), true);
    const Rect area = Ui::content_area();
    ui.begin_scroll("maps.list.places", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const json& places = l.value("places", json::array());
    if (places.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 40, "No places saved yet", Font::Body, kText);
      ui.advance(80);
    }
    for (const json& e : places) {
      const std::string id = e.value("id", "");
      const json pl = place(id);
      if (pl.is_null()) continue;
      const float y = ui.cursor_y();
      place_row(ui, phone, "maps.list.place.", pl, [id](Phone& p) { open_place(p, id); });
      const std::string k = key;
      ui.icon_button("maps.list.remove." + id, Ui::width_dp() - 32, y + 46, "close", "Remove from list", kText, [k, pl](Phone& p) {
        toggle_in_list(p, k, pl);
      });
    }
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("maps", MapsApp);
}  // namespace pg
