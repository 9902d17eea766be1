// Browser (a Chrome-for-Android-like web browser over an offline web). The tab page shows the
// current tab's page under a toolbar (home, the omnibox pill, the tab count, the three-dot menu);
// tapping the omnibox opens the edit page (keyboard, the URL selected, suggestions from history and
// bookmarks, "Search for '<q>'"); pages come from world/pages.json (a small document model drawn by
// draw_document) or are made at run time (the search engine's results, the new tab page, Chrome's
// "This site can't be reached"). Tabs (switcher grid, new, incognito, close, close all), the
// menu (forward, star, new tab, new incognito tab, history, bookmarks, downloads, share, find in
// page, settings), bookmarks with folders, history by day with search and "Clear browsing data",
// find in page, share (SEND text/plain), downloads saved into Files' Download folder, and an
// in-site store with a cart and a validated checkout form.
//
// Back follows the tab's own history: every load pushes a "tab" page entry holding the index
// "i" of its URL in the tab's trail, so the system back pops to the previous URL; forward (menu)
// pushes the next one. Switching tabs rebuilds the page stack from the tab's trail.
#include "apps/browser/browser_web.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/text_edit.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/text_layout.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/text.hpp"
#include "sim/ui/dark.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;
using namespace pg::browser;

constexpr const char* kApp = "browser";
constexpr std::uint32_t kInk = 0x1F1F1F, kGrey = 0x5F6368, kLine = 0xDADCE0, kPill = 0xF1F3F4, kBlue = 0x1A73E8,
                        kLink = 0x1A0DAB, kDark = 0x202124, kDarkPill = 0x3C4043, kDarkInk = 0xE8EAED, kHit = 0xFDD663,
                        kHitNow = 0xFF9632;
constexpr std::int64_t kDay = 86400000;

json& st(Phone& p) { return own_state(p, kApp); }
const json& st(const Phone& p) { return own_state(p, kApp); }
std::string ptr(const std::string& k) { return std::string("/apps/") + kApp + "/" + k; }

// ---------------------------------------------------------------- tabs and the page stack

/// The open tabs (apps.browser.tabs), an empty array when there are none.
const json& tabs_of(const Phone& p) {
  static const json kEmpty = json::array();
  const json& s = st(p);
  const auto it = s.find("tabs");
  return it != s.end() && it->is_array() ? *it : kEmpty;
}

/// The current tab (a member of apps.browser.tabs), or nullptr when no tab is open.
const json* current_tab(const Phone& p) {
  const std::string id = st(p).value("current_tab", "");
  for (const json& t : tabs_of(p))
    if (t.value("id", "") == id) return &t;
  return nullptr;
}
json* current_tab_mut(Phone& p) {
  const std::string id = st(p).value("current_tab", "");
  for (json& t : st(p)["tabs"])
    if (t.value("id", "") == id) return &t;
  return nullptr;
}

/// The index of the current URL in the current tab's trail: the "i" of the topmost "tab" page
/// entry (what back and forward move), else the tab's remembered index.
int current_index(const Phone& p) {
  const json* tab = current_tab(p);
  if (!tab) return 0;
  const int n = static_cast<int>(tab->value("trail", json::array()).size());
  int i = tab->value("i", 0);
  const json& stack = p.page_stack(kApp);
  for (auto it = stack.rbegin(); it != stack.rend(); ++it)
    if (it->value("page", "") == "tab") {
      if (it->contains("i")) i = (*it)["i"].get<int>();
      break;
    }
  return std::max(0, std::min(i, n - 1));
}

/// The URL the current tab shows (the new tab page when no tab is open).
std::string current_url(const Phone& p) {
  const json* tab = current_tab(p);
  if (!tab || tab->value("trail", json::array()).empty()) return kNewTab;
  return (*tab)["trail"][current_index(p)].get<std::string>();
}

bool incognito(const Phone& p) {
  const json* tab = current_tab(p);
  return tab && tab->value("incognito", false);
}

/// Pops every page above the topmost "tab" page (menu, history, omnibox ...), keyboard first.
void unwind_to_tab(Phone& p) {
  p.clear_focus();
  for (int guard = 0; guard < 20 && p.current_page() != "tab"; ++guard) p.back();
}

std::string new_id(Phone& p, const char* prefix) {
  json& s = st(p);
  const int n = s.value("next_id", 1);
  s["next_id"] = n + 1;
  return prefix + std::to_string(n);
}

/// Records a visit in history (not for incognito tabs, the new tab page or unreachable sites).
void record_visit(Phone& p, const std::string& url) {
  if (incognito(p) || url == kNewTab) return;
  std::string q;
  if (!find_page(url) && !is_search_url(url, q)) return;
  const std::string id = new_id(p, "v");
  st(p)["history"][id] = {{"url", url}, {"title", title_of(url)}, {"time_ms", p.now_ms()}};
}

/// Resets what belongs to one page view (find, form errors).
void reset_view(Phone& p) {
  json& s = st(p);
  s["find_query"] = "";
  s["find_index"] = 0;
  s["form_error"] = "";
}

/// Makes `id` the current tab and rebuilds the page stack from its trail (root entry 0, one
/// "tab" entry per step up to its index), so that back walks its history.
void activate_tab(Phone& p, const std::string& id) {
  if (json* cur = current_tab_mut(p)) (*cur)["i"] = current_index(p);
  st(p)["current_tab"] = id;
  p.clear_focus();
  p.back_to_root();
  const json* tab = current_tab(p);
  const int i = tab ? tab->value("i", 0) : 0;
  p.page_state()["i"] = 0;
  p.set_scroll(0);
  for (int k = 1; k <= i; ++k) {
    p.navigate("load");
    p.page_state()["i"] = k;
  }
  reset_view(p);
}

/// Opens a new tab showing `url` and makes it current.
void open_tab(Phone& p, const std::string& url, bool incog) {
  const std::string id = new_id(p, "t");
  st(p)["tabs"].push_back({{"id", id}, {"trail", json::array({url})}, {"i", 0}, {"incognito", incog}});
  activate_tab(p, id);
  record_visit(p, url);
}

/// Loads `url` in the current tab (a new one if none is open): truncates the forward trail,
/// pushes a "tab" page entry, records the visit.
void load_url(Phone& p, const std::string& url) {
  unwind_to_tab(p);
  json* tab = current_tab_mut(p);
  if (!tab) {
    open_tab(p, url, false);
    return;
  }
  const int i = current_index(p);
  p.page_state()["i"] = i;
  json trail = json::array();
  for (int k = 0; k <= i && k < static_cast<int>((*tab)["trail"].size()); ++k) trail.push_back((*tab)["trail"][k]);
  trail.push_back(url);
  while (trail.size() > 50) trail.erase(0);
  const int ni = static_cast<int>(trail.size()) - 1;
  (*tab)["trail"] = trail;
  (*tab)["i"] = ni;
  p.navigate("load");
  p.page_state()["i"] = ni;
  reset_view(p);
  record_visit(p, url);
}

/// Forward in the current tab's history (menu), if there is a next URL.
void go_forward(Phone& p) {
  unwind_to_tab(p);
  json* tab = current_tab_mut(p);
  if (!tab) return;
  const int i = current_index(p);
  if (i + 1 >= static_cast<int>((*tab)["trail"].size())) return;
  p.page_state()["i"] = i;
  (*tab)["i"] = i + 1;
  p.navigate("load");
  p.page_state()["i"] = i + 1;
  reset_view(p);
  record_visit(p, (*tab)["trail"][i + 1].get<std::string>());
}

// ---------------------------------------------------------------- collections

json history(const Phone& p) { return resolve_collection(World::instance(), st(p), kApp, "history"); }
json bookmarks(const Phone& p) { return resolve_collection(World::instance(), st(p), kApp, "bookmarks"); }
json folders(const Phone& p) { return resolve_collection(World::instance(), st(p), kApp, "folders"); }

/// Deletes an entity of a world-backed collection (null over a world entity, erase otherwise).
void delete_entity(Phone& p, const std::string& col, const std::string& id) {
  json& ov = st(p)[col];
  if (World::instance().entity(kApp, col, id)) ov[id] = nullptr;
  else ov.erase(id);
}

/// The bookmark of `url` (same url_key), or null.
json bookmark_of(const Phone& p, const std::string& url) {
  const std::string k = url_key(url);
  for (const json& b : bookmarks(p))
    if (url_key(b.value("url", "")) == k) return b;
  return nullptr;
}

std::string folder_name(const Phone& p, const std::string& id) {
  const json f = resolve_entity(World::instance(), st(p), kApp, "folders", id);
  return f.is_null() ? "Mobile bookmarks" : f.value("name", "");
}

// ---------------------------------------------------------------- formatting

void civil(std::int64_t z, int& y, int& m, int& d) {  // days since 1970 -> date (Hinnant)
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097, doe = z - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  y = static_cast<int>(yoe + era * 400 + (m <= 2 ? 1 : 0));
}
std::int64_t local_ms(const Phone& p, std::int64_t utc) { return utc + (p.local_time_ms() - p.now_ms()); }
std::int64_t day_of(const Phone& p, std::int64_t utc) {
  const std::int64_t l = local_ms(p, utc);
  return (l >= 0 ? l : l - kDay + 1) / kDay;
}
/// "Thursday, January 1, 2026" (in the phone's locale) for a day number.
std::string long_date(std::int64_t day) {
  int y, m, d;
  civil(day, y, m, d);
  return format_date(y, m, d, DateStyle::WeekdayMonthDayYear);
}
std::string money(std::int64_t cents) {
  char b[32];
  std::snprintf(b, sizeof b, "$%lld.%02lld", static_cast<long long>(cents / 100), static_cast<long long>(cents % 100));
  return b;
}
std::string size_text(std::int64_t bytes) {
  char b[32];
  if (bytes >= 1048576) std::snprintf(b, sizeof b, "%.1f MB", static_cast<double>(bytes) / 1048576.0);
  else if (bytes >= 1024) std::snprintf(b, sizeof b, "%lld KB", static_cast<long long>((bytes + 512) / 1024));
  else std::snprintf(b, sizeof b, "%lld B", static_cast<long long>(bytes));
  return b;
}
std::uint32_t hex_color(const std::string& s) {
  return s.size() == 7 && s[0] == '#' ? static_cast<std::uint32_t>(std::stoul(s.substr(1), nullptr, 16)) : 0x9E9E9E;
}
std::uint32_t mix(std::uint32_t a, std::uint32_t b, float t) {
  auto ch = [&](int sh) {
    const float x = static_cast<float>((a >> sh) & 0xFF) * (1 - t) + static_cast<float>((b >> sh) & 0xFF) * t;
    return static_cast<std::uint32_t>(x + 0.5f) << sh;
  };
  return ch(16) | ch(8) | ch(0);
}

/// A site's favicon: a rounded square in the site's colour with its initial.
std::uint32_t site_color(const std::string& host) {
  if (host.find("dailyledger") != std::string::npos) return 0x263238;
  if (host.find("northpeak") != std::string::npos) return 0x2E7D32;
  if (host.find("openpedia") != std::string::npos) return 0x616161;
  if (host.find("simmerandsage") != std::string::npos) return 0xE65100;
  if (host.find("aurorahome") != std::string::npos) return 0x3949AB;
  if (host.find("searchly") != std::string::npos) return kBlue;
  std::uint32_t h = 2166136261u;
  for (char c : host) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  const std::uint32_t kPalette[6] = {0x1565C0, 0x6A1B9A, 0x00838F, 0xAD1457, 0x4E342E, 0x37474F};
  return kPalette[h % 6];
}
void favicon(Ui& ui, float cx, float cy, const std::string& url, float r = 12) {
  const std::string host = url == kNewTab ? "" : host_of(url);
  if (host.empty()) {
    ui.icon(cx, cy, "public", Font::IconSmall, kGrey);
    return;
  }
  ui.fill({cx - r, cy - r, cx + r, cy + r}, site_color(host), r * 0.4f);
  std::string letter(1, static_cast<char>(std::toupper(static_cast<unsigned char>(host[0]))));
  if (host.rfind("en.", 0) == 0 && host.size() > 3) letter = std::string(1, static_cast<char>(std::toupper(host[3])));
  if (host.rfind("docs.", 0) == 0 && host.size() > 5) letter = std::string(1, static_cast<char>(std::toupper(host[5])));
  ui.text_centered(cx - r, cx + r, cy - 9, letter, Font::Label, 0xFFFFFF);
}

/// Coloured art for an image block: a gradient, hills and a sun, and a large white icon for the
/// subject (helper that could move to sim/ui: an illustration tile).
void draw_art(Ui& ui, const Rect& r, const std::string& art, std::uint32_t c) {
  ContentColours keep;  // content keeps its colours in the dark theme (sim/ui/dark.hpp)
  static const std::map<std::string, const char*> kIcon = {
      {"park", "park"}, {"snow", "ac_unit"}, {"ferry", "directions_boat"}, {"battery", "battery_charging_full"},
      {"phone", "smartphone"}, {"bus", "directions_bus"}, {"coffee", "local_cafe"}, {"bakery", "bakery_dining"},
      {"football", "sports_soccer"}, {"runner", "directions_run"}, {"tennis", "sports_tennis"}, {"jacket", "checkroom"},
      {"backpack", "backpack"}, {"vest", "checkroom"}, {"boot", "hiking"}, {"poles", "hiking"}, {"stove", "local_fire_department"},
      {"bottle", "water_drop"}, {"beanie", "ac_unit"}, {"headlamp", "flashlight_on"}, {"tent", "cabin"}, {"bowl", "restaurant"},
      {"soup", "soup_kitchen"}, {"pancake", "bakery_dining"}, {"lasagna", "local_dining"}, {"curry", "ramen_dining"},
      {"cookie", "cookie"}, {"salad", "local_dining"}, {"muffin", "cake"}, {"mountain", "terrain"}, {"portrait", "person"},
      {"element", "science"}, {"reef", "waves"}, {"tower", "tour"}, {"bee", "emoji_nature"}, {"code", "code"},
      {"river", "water"}, {"flag", "flag"}};
  ui.gradient(r, mix(c, 0xFFFFFF, 0.35f), mix(c, 0x000000, 0.15f));
  const float w = r.w(), h = r.h();
  ui.circle(r.l + w * 0.8f, r.t + h * 0.28f, h * 0.12f, mix(c, 0xFFFFFF, 0.7f), 0.9f);
  ui.polygon_fill({r.l, r.b, r.l + w * 0.3f, r.t + h * 0.55f, r.l + w * 0.62f, r.b}, mix(c, 0x000000, 0.25f), 0.8f);
  ui.polygon_fill({r.l + w * 0.4f, r.b, r.l + w * 0.72f, r.t + h * 0.62f, r.r, r.b}, mix(c, 0x000000, 0.35f), 0.8f);
  const auto it = kIcon.find(art);
  ui.icon(r.l + w / 2, r.t + h * 0.45f, it == kIcon.end() ? "image" : it->second, h >= 100 ? Font::IconLarge : Font::Icon,
          0xFFFFFF);
}


// ---------------------------------------------------------------- the store (site data)

const json* product_page(const std::string& pid) { return find_page("https://www.northpeak.com/products/" + pid); }
std::int64_t product_price(const std::string& pid) {
  if (const json* pg = product_page(pid))
    for (const json& b : (*pg)["b"])
      if (b.value("t", "") == "price") return b.value("cents", std::int64_t{0});
  return 0;
}
std::string product_name(const std::string& pid) {
  if (const json* pg = product_page(pid))
    for (const json& b : (*pg)["b"])
      if (b.value("t", "") == "h1") return b.value("x", "");
  return pid;
}
std::int64_t cart_subtotal(const Phone& p) {
  std::int64_t s = 0;
  for (const json& it : st(p)["store"].value("cart", json::array())) s += product_price(it.value("pid", "")) * it.value("qty", 1);
  return s;
}
std::int64_t shipping_for(std::int64_t subtotal) { return subtotal == 0 || subtotal >= 7500 ? 0 : 695; }

void add_to_cart(Phone& p, const std::string& pid) {
  json& cart = st(p)["store"]["cart"];
  for (json& it : cart)
    if (it.value("pid", "") == pid) {
      it["qty"] = it.value("qty", 1) + 1;
      p.toast("Added to cart (" + std::to_string(it["qty"].get<int>()) + ")");
      return;
    }
  cart.push_back({{"pid", pid}, {"qty", 1}});
  p.toast("Added to cart");
}

/// The checkout form's first problem, or "".
std::string checkout_error(const Phone& p) {
  const json f = st(p).value("form", json::object());
  auto v = [&f](const char* k) { return trim(f.value(k, "")); };
  if (st(p)["store"].value("cart", json::array()).empty()) return "Your cart is empty";
  if (v("name").empty()) return "Enter your full name";
  const std::string email = v("email");
  const auto at = email.find('@');
  if (at == std::string::npos || at == 0 || email.find('.', at) == std::string::npos || email.back() == '.')
    return "Enter a valid email address";
  if (v("address").empty()) return "Enter your street address";
  if (v("city").empty()) return "Enter your city";
  const std::string zip = v("zip");
  if (zip.size() != 5 || !std::all_of(zip.begin(), zip.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return "Enter a 5-digit ZIP code";
  std::string digits;
  for (char c : v("card"))
    if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
    else if (c != ' ' && c != '-') return "Enter a valid card number";
  if (digits.size() != 16) return "Enter a valid card number";
  return "";
}

void place_order(Phone& p) {
  json& s = st(p);
  const std::string err = checkout_error(p);
  if (!err.empty()) {
    s["form_error"] = err;
    p.clear_focus();
    return;
  }
  const json f = s["form"];
  json items = json::array();
  for (const json& it : s["store"]["cart"]) {
    const std::string pid = it.value("pid", "");
    items.push_back({{"pid", pid}, {"name", product_name(pid)}, {"qty", it.value("qty", 1)}, {"price_cents", product_price(pid)}});
  }
  const std::int64_t sub = cart_subtotal(p);
  std::string digits;
  for (char c : f.value("card", "")) if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
  const std::string oid = "NP-" + std::to_string(10480 + s["store"]["orders"].size() + 1);
  s["store"]["orders"].push_back({{"id", oid},
                                  {"items", items},
                                  {"subtotal_cents", sub},
                                  {"shipping_cents", shipping_for(sub)},
                                  {"total_cents", sub + shipping_for(sub)},
                                  {"name", trim(f.value("name", ""))},
                                  {"email", trim(f.value("email", ""))},
                                  {"address", trim(f.value("address", ""))},
                                  {"city", trim(f.value("city", ""))},
                                  {"zip", trim(f.value("zip", ""))},
                                  {"card_last4", digits.substr(12)},
                                  {"placed_ms", p.now_ms()}});
  s["store"]["cart"] = json::array();
  s["form"] = json::object();
  s["form_error"] = "";
  load_url(p, "https://www.northpeak.com/order-confirmed");
}

// ---------------------------------------------------------------- downloads (Files' storage)

std::string mime_of(const std::string& kind, const std::string& name) {
  auto ends = [&name](const char* e) { const std::string s = e; return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0; };
  if (kind == "pdf") return "application/pdf";
  if (kind == "image") return "image/jpeg";
  if (ends(".csv")) return "text/csv";
  return "text/plain";
}

/// Downloaded files: Files' Download folder, those saved by the Browser (newest first).
json downloads(Phone& p) {
  json out = json::array();
  try {
    for (const json& f : call_app(p, "files", "list", {{"folder", "Download"}}))
      if (f.value("source", "") == kApp) out.push_back(f);
  } catch (const std::exception&) {
  }
  std::stable_sort(out.begin(), out.end(), [](const json& a, const json& b) { return a.value("modified", "") > b.value("modified", ""); });
  return out;
}

void save_download(Phone& p, const json& file) {
  json args = {{"folder", "Download"}, {"name", file.value("name", "")}, {"kind", file.value("kind", "text")}, {"source", kApp}};
  if (file.contains("text")) args["text"] = file["text"];
  if (file.contains("size") && file["size"].is_number_integer()) args["size"] = file["size"];
  const json e = call_app(p, "files", "save", args);
  p.toast("Downloaded " + e.value("name", "") + " (" + size_text(e.value("size", std::int64_t{0})) + ")");
}

/// A download link: saves into Download, or asks first when a file of that name is there.
void start_download(Phone& p, const json& file) {
  const std::string name = file.value("name", "");
  bool exists = false;
  try {
    for (const json& f : call_app(p, "files", "list", {{"folder", "Download"}}))
      if (f.value("name", "") == name) exists = true;
  } catch (const std::exception&) {
  }
  if (!exists) {
    save_download(p, file);
    return;
  }
  p.show_dialog({{"owner", kApp},
                 {"kind", "alert"},
                 {"title", "Download file again?"},
                 {"text", "You already have " + name + " in Download."},
                 {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "download"}, {"label", "Download"}}})},
                 {"data", {{"menu", "download_again"}, {"file", file}}}});
}

// ---------------------------------------------------------------- the document renderer

/// Per-frame y of each find match (content coordinates, dp), written by draw_document so the
/// find bar's up/down can scroll to a match. Helper state of the immediate-mode renderer.
std::vector<float>& match_ys() {
  thread_local std::vector<float> v;  // per thread: pooled envs step on several threads
  return v;
}

struct DocCtx {
  Ui& ui;
  Phone& phone;
  std::string query;  // find-in-page query ("" none)
  int current = 0;    // the highlighted match (0-based)
  int match = 0;      // matches drawn so far
  std::map<std::string, int> ids;  // link ids used (duplicates get ".2")
  int para = 0;
};

std::string link_id(DocCtx& c, const std::string& href) {
  const std::string base = "browser.link." + url_key(href);
  const int n = ++c.ids[base];
  return n == 1 ? base : base + "." + std::to_string(n);
}

/// Draws `s` wrapped from (x, y) and highlights find matches; returns the height.
float wrapped(DocCtx& c, float x, float y, const std::string& s, Font f, std::uint32_t rgb, float max_w, float lh,
              const std::string& id = "") {
  Ui& ui = c.ui;
  const std::vector<std::string> lines = ui.wrap(s, f, max_w);
  float yy = y;
  for (const std::string& line : lines) {
    if (!c.query.empty())
      for (std::size_t off : find_all(line, c.query)) {
        const float x0 = x + ui.text_width(line.substr(0, off), f);
        const float x1 = x + ui.text_width(line.substr(0, off + c.query.size()), f);
        ui.fill({x0 - 1, yy, x1 + 1, yy + lh - 2}, c.match == c.current ? kHitNow : kHit, 2);
        match_ys().push_back(yy);
        ++c.match;
      }
    ui.text(x, yy + (lh - ui.line_height(f)) / 2, line, f, rgb);
    yy += lh;
  }
  if (!c.query.empty()) {  // matches split across lines still count, as find_all on the block does
    const int whole = static_cast<int>(find_all(s, c.query).size());
    int drawn = 0;
    for (const std::string& line : lines) drawn += static_cast<int>(find_all(line, c.query).size());
    for (int k = drawn; k < whole; ++k) {
      match_ys().push_back(y);
      ++c.match;
    }
  }
  if (!id.empty()) ui.label(id, {x, y, x + max_w, std::max(yy, y + 1)}, s);
  return yy - y;
}

/// `s` cut to at most `n` wrapped lines of `max_w` dp (the last ending in "…" when cut), joined
/// again so that wrapping it gives those lines.
std::string at_most_lines(const Ui& ui, const std::string& s, Font f, float max_w, int n) {
  const std::vector<std::string> lines = ui.wrap(s, f, max_w, n);
  std::string out;
  for (const std::string& l : lines) out += (out.empty() ? "" : " ") + l;
  return out;
}

void draw_block(DocCtx& c, const json& b);

/// Chrome's link context menu (long press on a link).
void link_menu(Phone& p, const std::string& href) {
  std::string title = url_key(href);  // the dialog's title is one line: the address, shortened
  if (title.size() > 28) title = title.substr(0, 27) + "\xE2\x80\xA6";
  p.show_dialog({{"owner", kApp},
                 {"kind", "choice"},
                 {"title", title},
                 {"text", ""},
                 {"buttons", json::array({{{"id", "open_new"}, {"label", "Open in new tab"}},
                                          {{"id", "open_incognito"}, {"label", "Open in Incognito tab"}},
                                          {{"id", "copy"}, {"label", "Copy link address"}},
                                          {{"id", "share"}, {"label", "Share link"}}})},
                 {"data", {{"menu", "link"}, {"url", href}}}});
}

/// A link row: blue text (wrapped up to 2 lines), the whole row tappable (>= 48 dp).
void link_row(DocCtx& c, const std::string& text, const std::string& href, const std::string& icon = "") {
  Ui& ui = c.ui;
  const float y = ui.cursor_y();
  const float x = icon.empty() ? 16 : 48;
  if (!icon.empty()) ui.icon(28, y + 24, icon, Font::IconSmall, kLink);
  const std::size_t n_lines = ui.wrap(text, Font::BodyLarge, Ui::width_dp() - x - 16, 2).size();
  const float h = std::max(48.f, 14.f + 22.f * static_cast<float>(n_lines));
  wrapped(c, x, y + (h - 22.f * n_lines) / 2, at_most_lines(ui, text, Font::BodyLarge, Ui::width_dp() - x - 16, 2), Font::BodyLarge, kLink,
          Ui::width_dp() - x - 16, 22);
  Node& n = ui.item(link_id(c, href), "android.widget.TextView", {0, y, Ui::width_dp(), y + h}, text, [href](Phone& p) { load_url(p, href); });
  n.long_clickable = true;
  n.on_long_press = [href](Phone& p) { link_menu(p, href); };
  ui.advance(h);
}

void draw_block(DocCtx& c, const json& b) {
  Ui& ui = c.ui;
  Phone& phone = c.phone;
  const std::string t = b.value("t", "");
  const float y = ui.cursor_y();
  const std::string pid = "browser.page.b" + std::to_string(c.para++);
  if (t == "h1") {
    ui.advance(8 + wrapped(c, 16, y + 8, b.value("x", ""), Font::Headline, kInk, Ui::width_dp() - 32, 36, pid) + 8);
  } else if (t == "h2") {
    ui.advance(16 + wrapped(c, 16, y + 16, b.value("x", ""), Font::Title, kInk, Ui::width_dp() - 32, 28, pid) + 4);
  } else if (t == "p") {
    ui.advance(wrapped(c, 16, y + 6, b.value("x", ""), Font::BodyLarge, 0x202124, Ui::width_dp() - 32, 24, pid) + 12);
  } else if (t == "meta") {
    ui.advance(wrapped(c, 16, y + 4, b.value("x", ""), Font::Body, kGrey, Ui::width_dp() - 32, 20, pid) + 8);
  } else if (t == "img") {
    const Rect r{16, y + 8, Ui::width_dp() - 16, y + 188};
    draw_art(ui, r, b.value("art", ""), hex_color(b.value("c", "")));
    const std::string cap = b.value("cap", "");
    ui.image(pid, r, !cap.empty() ? cap : b.value("alt", "Image"));
    float h = 196;
    if (!b.value("cap", "").empty()) h += wrapped(c, 16, y + 194, b.value("cap", ""), Font::Label, kGrey, Ui::width_dp() - 32, 18) + 6;
    ui.advance(h);
  } else if (t == "links" || t == "toc") {
    ui.advance(4);
    for (const json& it : b["items"]) link_row(c, it[0].get<std::string>(), it[1].get<std::string>());
    ui.advance(4);
  } else if (t == "nav") {  // a site's section bar: short links side by side, wrapping
    float x = 16, yy = y + 4;
    for (const json& it : b["items"]) {
      const std::string label = it[0].get<std::string>(), href = it[1].get<std::string>();
      const float w = ui.text_width(label, Font::Label) + 28;
      if (x + w > Ui::width_dp() - 16) {
        x = 16;
        yy += 52;
      }
      Node& n = ui.chip(link_id(c, href), {x, yy, x + w, yy + 48}, label, false, [href](Phone& p) { load_url(p, href); });
      n.long_clickable = true;
      n.on_long_press = [href](Phone& p) { link_menu(p, href); };
      x += w + 8;
    }
    ui.advance(yy - y + 56);
  } else if (t == "a") {
    link_row(c, b.value("x", ""), b.value("h", ""));
  } else if (t == "card") {
    const std::string href = b.value("h", "");
    const float h = 104;
    ui.fill({16, y + 6, Ui::width_dp() - 16, y + h - 6}, 0xFFFFFF, 12);
    ui.stroke({16, y + 6, Ui::width_dp() - 16, y + h - 6}, kLine, 12);
    draw_art(ui, {24, y + 14, 112, y + h - 14}, b.value("art", ""), hex_color(b.value("c", "")));
    wrapped(c, 124, y + 16, at_most_lines(ui, b.value("x", ""), Font::BodyLarge, Ui::width_dp() - 156, 2), Font::BodyLarge, kInk, Ui::width_dp() - 156, 22);
    wrapped(c, 124, y + 64, ui.ellipsize(b.value("s", ""), Font::Body, Ui::width_dp() - 156), Font::Body, kGrey, Ui::width_dp() - 156, 20);
    Node& n = ui.item(link_id(c, href), "android.widget.TextView", {16, y + 6, Ui::width_dp() - 16, y + h - 6},
                      b.value("x", "") + ". " + b.value("s", ""), [href](Phone& p) { load_url(p, href); });
    n.long_clickable = true;
    n.on_long_press = [href](Phone& p) { link_menu(p, href); };
    ui.advance(h);
  } else if (t == "ul" || t == "ol") {
    int n = 0;
    ui.advance(4);
    for (const json& it : b["items"]) {
      const float yy = ui.cursor_y();
      ++n;
      const std::string mark = t == "ol" ? std::to_string(n) + "." : "\xE2\x80\xA2";
      ui.text(20, yy + 2, mark, Font::BodyLarge, kInk);
      const float h = wrapped(c, 44, yy, it.get<std::string>(), Font::BodyLarge, 0x202124, Ui::width_dp() - 60, 24, pid + "." + std::to_string(n));
      ui.advance(h + 4);
    }
    ui.advance(8);
  } else if (t == "info") {
    const auto& rows = b["rows"];
    float yy = y + 8;
    const float l = 16, r = Ui::width_dp() - 16;
    const float top = yy;
    ui.fill({l, yy, r, yy + 36}, 0xEAECF0);
    wrapped(c, l + 8, yy + 6, b.value("title", ""), Font::Title, kInk, r - l - 16, 24);
    yy += 40;
    draw_art(ui, {l + 8, yy, r - 8, yy + 120}, b.value("art", ""), hex_color(b.value("c", "")));
    ui.image(pid + ".image", {l + 8, yy, r - 8, yy + 120}, b.value("title", ""));
    yy += 128;
    int k = 0;
    for (const json& row : rows) {
      const std::string key = row[0].get<std::string>(), val = row[1].get<std::string>();
      const float h1 = wrapped(c, l + 8, yy + 4, key, Font::Label, kInk, 100, 20);
      const float h2 = wrapped(c, l + 116, yy + 4, val, Font::Body, 0x202124, r - l - 124, 20);
      const float h = std::max(h1, h2) + 8;
      ui.label("browser.infobox." + std::to_string(k++), {l, yy, r, yy + h}, key + ": " + val);
      ui.line(l, yy + h, r, yy + h, kLine);
      yy += h;
    }
    ui.stroke({l, top, r, yy}, 0xA2A9B1);
    ui.advance(yy - y + 12);
  } else if (t == "dl") {
    const json file = b["file"];
    const float h = 56;
    ui.fill({16, y + 4, Ui::width_dp() - 16, y + h - 4}, 0xE8F0FE, 8);
    ui.icon(40, y + h / 2, "download", Font::Icon, kBlue);
    wrapped(c, 64, y + 16, ui.ellipsize(b.value("x", ""), Font::Body, Ui::width_dp() - 96), Font::Body, kLink, Ui::width_dp() - 96, 24);
    ui.item("browser.download." + file.value("name", ""), "android.widget.Button", {16, y + 4, Ui::width_dp() - 16, y + h - 4},
            b.value("x", ""), [file](Phone& p) { start_download(p, file); });
    ui.advance(h + 4);
  } else if (t == "price") {
    const std::string m = money(b.value("cents", std::int64_t{0}));
    ui.label_at(pid, 16, y + 4, m, Font::Headline, 0xB12704);
    ui.advance(44);
  } else if (t == "btn") {
    const std::string act = b.value("act", ""), prod = b.value("pid", "");
    const std::string err = st(phone).value("form_error", "");
    float yy = y + 8;
    if (act == "place_order" && !err.empty()) {
      ui.fill({16, yy, Ui::width_dp() - 16, yy + 40}, 0xFCE8E6, 8);
      ui.icon(36, yy + 20, "error_outline", Font::IconSmall, color::kError);
      ui.label_at("browser.form.error", 56, yy + 10, err, Font::Body, color::kError, Ui::width_dp() - 88);
      yy += 48;
    }
    ui.button("browser.page." + act, {16, yy, Ui::width_dp() - 16, yy + 48}, b.value("x", ""), true, [act, prod](Phone& p) {
      if (act == "add_to_cart") add_to_cart(p, prod);
      else if (act == "place_order") place_order(p);
    });
    ui.advance(yy - y + 60);
  } else if (t == "field") {
    const std::string k = b.value("k", "");
    const std::string fid = "browser.form." + k, path = ptr("form/" + k);
    // focusing scrolls the field near the top, above the keyboard (Android's adjustResize)
    const float top = Ui::status_bar_dp() + 56;
    ui.text_field(fid, {16, y + 4, Ui::width_dp() - 16, y + 60}, b.value("x", ""), path, "").on_click = [fid, path, y, top](Phone& p) {
      p.focus(fid, path);
      p.set_scroll(std::max(0, static_cast<int>(Ui::to_px(y - top - 16))));
    };
    ui.advance(68);
  } else if (t == "cart" || t == "cart_summary") {
    const json cart = st(phone)["store"].value("cart", json::array());
    if (cart.empty()) {
      ui.label_at("browser.cart.empty", 16, y + 12, "Your cart is empty.", Font::BodyLarge, kGrey);
      ui.advance(48);
      return;
    }
    float yy = y + 4;
    for (const json& it : cart) {
      const std::string prod = it.value("pid", "");
      const int qty = it.value("qty", 1);
      const std::string name = product_name(prod);
      ui.text_fit(16, yy + 8, name, Font::BodyLarge, kInk, t == "cart" ? Ui::width_dp() - 140 : Ui::width_dp() - 120);
      ui.text(16, yy + 32, t == "cart" ? money(product_price(prod)) + " each" : "Qty " + std::to_string(qty) + " \xC2\xB7 " + money(product_price(prod)),
              Font::Body, kGrey);
      const std::string line = money(product_price(prod) * qty);
      ui.text(Ui::width_dp() - 16 - (t == "cart" ? 72 : 0) - ui.text_width(line, Font::BodyLarge), yy + 8, line, Font::BodyLarge, kInk);
      ui.label("browser.cart.item." + prod, {16, yy, Ui::width_dp() - 16 - (t == "cart" ? 56 : 0), yy + 56}, name + ", quantity " + std::to_string(qty));
      if (t == "cart") {
        ui.icon_button("browser.cart.remove." + prod, Ui::width_dp() - 36, yy + 28, "delete", "Remove " + name, kGrey, [prod](Phone& p) {
          json& cartm = st(p)["store"]["cart"];
          for (std::size_t i = 0; i < cartm.size(); ++i)
            if (cartm[i].value("pid", "") == prod) {
              cartm.erase(i);
              break;
            }
          p.toast("Removed from cart");
        });
        // quantity stepper: - qty +, from 1 to 10 (helper that could move to sim/ui: a stepper)
        auto step = [prod](int d) {
          return [prod, d](Phone& p) {
            for (json& line : st(p)["store"]["cart"])
              if (line.value("pid", "") == prod) line["qty"] = std::max(1, std::min(10, line.value("qty", 1) + d));
          };
        };
        ui.stroke({16, yy + 64, 136, yy + 100}, kLine, 18);
        ui.icon_button("browser.cart.minus." + prod, 40, yy + 82, "remove", "Fewer " + name, qty > 1 ? kInk : 0xBDBDBD, step(-1));
        ui.text_centered(64, 88, yy + 72, std::to_string(qty), Font::BodyLarge, kInk);
        ui.icon_button("browser.cart.plus." + prod, 112, yy + 82, "add", "More " + name, qty < 10 ? kInk : 0xBDBDBD, step(1));
        yy += 44;
      }
      ui.line(16, yy + 60, Ui::width_dp() - 16, yy + 60, kLine);
      yy += 64;
    }
    const std::int64_t sub = cart_subtotal(phone), ship = shipping_for(sub);
    const std::string tot = "Subtotal " + money(sub) + " \xC2\xB7 Shipping " + (ship ? money(ship) : std::string("free"));
    ui.label_at("browser.cart.subtotal", 16, yy + 8, tot, Font::Body, kGrey, Ui::width_dp() - 32);
    ui.label_at("browser.cart.total", 16, yy + 32, "Total " + money(sub + ship), Font::Title, kInk, Ui::width_dp() - 32);
    ui.set_cursor(yy + 68);
    if (t == "cart") {
      const float by = ui.cursor_y();
      ui.button(link_id(c, "https://www.northpeak.com/checkout"), {16, by, Ui::width_dp() - 16, by + 48}, "Proceed to checkout", true,
                [](Phone& p) { load_url(p, "https://www.northpeak.com/checkout"); });
      ui.advance(64);
    }
  } else if (t == "last_order") {
    const json orders = st(phone)["store"].value("orders", json::array());
    if (orders.empty()) {
      ui.label_at("browser.order.none", 16, y + 8, "No recent order.", Font::BodyLarge, kGrey);
      ui.advance(40);
      return;
    }
    const json& o = orders.back();
    std::string items;
    for (const json& it : o["items"]) items += (items.empty() ? "" : ", ") + std::to_string(it.value("qty", 1)) + " \xC3\x97 " + it.value("name", "");
    const std::string s1 = "Order " + o.value("id", "") + " is confirmed.";
    const std::string s2 = "Items: " + items + ".";
    const std::string s3 = "Total charged: " + money(o.value("total_cents", std::int64_t{0})) + " (card ending " + o.value("card_last4", "") + ").";
    const std::string s4 = "Shipping to " + o.value("name", "") + ", " + o.value("address", "") + ", " + o.value("city", "") + " " + o.value("zip", "") + ".";
    float yy = y + 4;
    int k = 0;
    for (const std::string& s : {s1, s2, s3, s4}) yy += wrapped(c, 16, yy, s, Font::BodyLarge, 0x202124, Ui::width_dp() - 32, 24, "browser.order.line" + std::to_string(k++)) + 8;
    ui.advance(yy - y + 8);
  } else if (t == "searchbox") {
    ui.text_centered(0, Ui::width_dp(), y + 100, "Searchly", Font::Headline, kBlue);
    ui.search_bar("browser.searchly.box", {24, y + 160, Ui::width_dp() - 24, y + 212}, "Search the web", [](Phone& p) {
      st(p)["omnibox"] = "";
      st(p)["omnibox_sel"] = false;
      p.navigate("open_omnibox");
      p.focus("browser.omnibox.field", ptr("omnibox"));
    });
    ui.advance(260);
  }
}

/// Chrome's error page for an address outside the offline web.
void draw_error(Ui& ui, const std::string& url, float top) {
  ui.icon(52, top + 80, "cloud_off", Font::IconLarge, kGrey);
  ui.label_at("browser.error.title", 24, top + 120, "This site can't be reached", Font::Headline, kInk, Ui::width_dp() - 48);
  const std::string host = host_of(url);
  ui.text_wrapped(24, top + 170, "Check if there is a typo in " + host + ".", Font::BodyLarge, kGrey, Ui::width_dp() - 48, 24);
  ui.label("browser.error.text", {24, top + 170, Ui::width_dp() - 24, top + 218}, "Check if there is a typo in " + host + ".");
  ui.label_at("browser.error.code", 24, top + 236, "DNS_PROBE_FINISHED_NXDOMAIN", Font::Label, kGrey, Ui::width_dp() - 48);
  ui.label_at("browser.error.name", 24, top + 258, "ERR_NAME_NOT_RESOLVED", Font::Label, kGrey, Ui::width_dp() - 48);
  ui.button("browser.error.reload", {Ui::width_dp() - 128, top + 300, Ui::width_dp() - 24, top + 348}, "Reload", true, [](Phone& p) { p.toast("This site can't be reached"); });
}

/// The most visited sites (history by host), for the new tab page's shortcut tiles.
std::vector<std::pair<std::string, std::string>> top_sites(const Phone& p) {
  std::map<std::string, int> count;
  std::map<std::string, std::string> home;
  for (const json& h : history(p)) {
    const std::string url = h.value("url", ""), host = host_of(url);
    std::string q;
    if (is_search_url(url, q)) continue;
    ++count[host];
    if (!home.count(host)) home[host] = "https://" + (host.rfind("en.", 0) == 0 || host.rfind("docs.", 0) == 0 ? host : "www." + host) + "/";
  }
  std::vector<std::pair<std::string, int>> v(count.begin(), count.end());
  std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [host, n] : v)
    if (out.size() < 8) out.push_back({host, home[host]});
  return out;
}

std::string site_label(const std::string& host) {
  static const std::map<std::string, std::string> kNames = {
      {"dailyledger.com", "Daily Ledger"}, {"northpeak.com", "Northpeak"}, {"en.openpedia.org", "Openpedia"},
      {"simmerandsage.com", "Simmer & Sage"}, {"docs.aurorahome.io", "Aurora Docs"}, {"searchly.com", "Searchly"}};
  const auto it = kNames.find(host);
  return it == kNames.end() ? host : it->second;
}

void open_omnibox(Phone& p, bool with_url) {
  st(p)["omnibox"] = "";
  st(p)["omnibox_sel"] = with_url;
  p.navigate("open_omnibox");
  p.focus("browser.omnibox.field", ptr("omnibox"));
}

/// The new tab page: the search box and shortcut tiles (dark in incognito).
void draw_newtab(Ui& ui, Phone& phone, float top) {
  if (incognito(phone)) {
    ui.fill({0, top, Ui::width_dp(), Ui::content_area().b}, kDark);
    ui.icon(Ui::width_dp() / 2, top + 90, "visibility_off", Font::IconLarge, kDarkInk);
    ui.label_at("browser.ntp.incognito", 24, top + 140, "You've gone Incognito", Font::Headline, kDarkInk, Ui::width_dp() - 48);
    ui.text_wrapped(24, top + 190,
                    "Others who use this device won't see your activity. Pages you view in Incognito tabs won't stay in "
                    "your browser history after you close them.",
                    Font::Body, 0xBDC1C6, Ui::width_dp() - 48, 20);
    ui.label("browser.ntp.incognito_text", {24, top + 190, Ui::width_dp() - 24, top + 290}, "Pages you view in Incognito tabs won't stay in your browser history.");
    return;
  }
  const float y = top + 56;
  const char* letters = "Searchly";
  const std::uint32_t cols[8] = {0x4285F4, 0xEA4335, 0xFBBC05, 0x4285F4, 0x34A853, 0xEA4335, 0x4285F4, 0x34A853};
  float tw = ui.text_width(letters, Font::Headline), x = (Ui::width_dp() - tw) / 2;
  for (int i = 0; i < 8; ++i) x += ui.text(x, y + 12, std::string(1, letters[i]), Font::Headline, cols[i]);
  ui.label("browser.ntp.logo", {(Ui::width_dp() - tw) / 2, y + 12, (Ui::width_dp() + tw) / 2, y + 48}, "Searchly");
  ui.search_bar("browser.ntp.search", {16, y + 84, Ui::width_dp() - 16, y + 136}, "Search or type web address", [](Phone& p) { open_omnibox(p, false); });
  const auto sites = top_sites(phone);
  const float tile = (Ui::width_dp() - 32) / 4;
  for (std::size_t i = 0; i < sites.size(); ++i) {
    const float tx = 16 + tile * static_cast<float>(i % 4), ty = y + 164 + 96 * static_cast<float>(i / 4);
    ui.circle(tx + tile / 2, ty + 26, 24, kPill);
    favicon(ui, tx + tile / 2, ty + 26, sites[i].second, 12);
    const std::string label = site_label(sites[i].first);
    ui.text_centered(tx, tx + tile, ty + 58, ui.ellipsize(label, Font::Label, tile - 6), Font::Label, kInk);
    const std::string url = sites[i].second;
    ui.item("browser.ntp.tile." + sites[i].first, "android.widget.TextView", {tx, ty, tx + tile, ty + 84}, label,
            [url](Phone& p) { load_url(p, url); });
  }
}

/// The search engine's results page for `q`.
void draw_results(DocCtx& c, const std::string& url, const std::string& q) {
  Ui& ui = c.ui;
  const std::string engine = engine_of(url);
  float y = ui.cursor_y();
  ui.text(16, y + 12, engine, Font::Title, kBlue);
  ui.search_bar("browser.results.box", {16, y + 48, Ui::width_dp() - 16, y + 100}, q, [](Phone& p) { open_omnibox(p, true); });
  ui.set_cursor(y + 112);
  const json res = search(q);
  const std::string count = res.empty() ? "No results for \"" + q + "\"" : std::to_string(res.size()) + " results";
  ui.label_at("browser.results.count", 16, ui.cursor_y(), count, Font::Body, kGrey, Ui::width_dp() - 32);
  ui.advance(28);
  for (const json& r : res) {
    y = ui.cursor_y();
    const std::string href = r.value("url", "");
    favicon(ui, 28, y + 18, href, 10);
    ui.text_fit(46, y + 8, host_of(href), Font::Label, kGrey, Ui::width_dp() - 62);
    const auto tl = ui.wrap(r.value("title", ""), Font::BodyLarge, Ui::width_dp() - 32, 2);
    float yy = y + 34;
    for (const std::string& l : tl) {
      wrapped(c, 16, yy, l, Font::BodyLarge, kLink, Ui::width_dp() - 32, 24);
      yy += 24;
    }
    const auto sl = ui.wrap(r.value("snippet", ""), Font::Body, Ui::width_dp() - 32, 2);
    for (const std::string& l : sl) {
      ui.text(16, yy + 2, l, Font::Body, kGrey);
      yy += 20;
    }
    ui.item(link_id(c, href), "android.widget.TextView", {0, y, Ui::width_dp(), yy + 8}, r.value("title", ""), [href](Phone& p) { load_url(p, href); });
    ui.line(16, yy + 12, Ui::width_dp() - 16, yy + 12, 0xEEEEEE);
    ui.set_cursor(yy + 16);
  }
}

/// The content of the current tab from `top` to the bottom of the content area.
void draw_document(Ui& ui, Phone& phone, float top, const std::string& query, int current, bool own_scroll = false) {
  match_ys().clear();
  const std::string url = current_url(phone);
  const Rect area{0, top, Ui::width_dp(), Ui::content_area().b};
  std::string q;
  const json* page = find_page(url);
  ui.fill(area, 0xFFFFFF);
  if (url == kNewTab) {
    draw_newtab(ui, phone, top);
    return;
  }
  if (!page && !is_search_url(url, q)) {
    draw_error(ui, url, top);
    return;
  }
  // find the tab's "tab" entry pointer for the scroll offset
  std::string sp = phone.page_pointer() + "/scroll";
  if (!own_scroll && phone.current_page() != "tab") {
    const json& stack = phone.page_stack(kApp);
    for (int k = static_cast<int>(stack.size()) - 1; k >= 0; --k)
      if (stack[k].value("page", "") == "tab") {
        const std::string pp = phone.page_pointer();
        sp = pp.substr(0, pp.rfind('/')) + "/" + std::to_string(k) + "/scroll";
        break;
      }
  }
  ui.begin_scroll("browser.page", area, sp);
  ui.set_cursor(area.t);
  DocCtx c{ui, phone, query, current, 0, {}, 0};
  if (page) {
    for (const json& b : (*page)["b"]) draw_block(c, b);
  } else {
    draw_results(c, url, q);
  }
  ui.advance(32);
  ui.end_scroll();
}

// ---------------------------------------------------------------- the toolbar

/// Chrome's toolbar: home, the omnibox pill (lock + host), the tab count, the menu.
void toolbar(Ui& ui, Phone& phone) {
  const bool dark = incognito(phone);
  const float t = Ui::status_bar_dp(), b = t + 56;
  ui.fill({0, t, Ui::width_dp(), b}, dark ? kDarkPill : 0xFFFFFF);
  const std::uint32_t ink = dark ? kDarkInk : kGrey;
  ui.icon_button("browser.home", 28, t + 28, "home", "Home", ink, [](Phone& p) { load_url(p, kNewTab); });
  const Rect pill{52, t + 8, Ui::width_dp() - 104, b - 8};
  ui.fill(pill, dark ? kDark : kPill, 20);
  const std::string url = current_url(phone);
  std::string shown, q;
  if (url == kNewTab) shown = "";
  else if (is_search_url(url, q)) shown = q;
  else shown = host_of(url);
  const bool secure = url.rfind("https://", 0) == 0;
  if (url != kNewTab) ui.icon(pill.l + 18, t + 28, secure ? "lock" : "info", Font::IconSmall, ink);
  const float tx = pill.l + (url == kNewTab ? 16 : 34);
  if (shown.empty()) ui.text(tx, t + 18, "Search or type web address", Font::BodyLarge, ink);
  else ui.text_fit(tx, t + 18, shown, Font::BodyLarge, dark ? kDarkInk : kInk, pill.r - tx - 10);
  ui.item("browser.omnibox", "android.widget.EditText", {pill.l, t + 4, pill.r, b - 4}, url == kNewTab ? "Search or type web address" : url,
          [](Phone& p) { open_omnibox(p, current_url(p) != kNewTab); });
  // tab count: a rounded square with the number
  const int n = static_cast<int>(st(phone).value("tabs", json::array()).size());
  const float cx = Ui::width_dp() - 76, cy = t + 28;
  ui.stroke({cx - 10, cy - 10, cx + 10, cy + 10}, ink, 4, 2);
  ui.text_centered(cx - 10, cx + 10, cy - 8, n > 99 ? ":D" : std::to_string(n), Font::Label, ink);
  ui.item("browser.tab_count", "android.widget.ImageButton", {cx - 24, cy - 24, cx + 24, cy + 24},
          std::to_string(n) + " open tabs", [](Phone& p) { p.navigate("open_tabs"); });
  ui.icon_button("browser.menu", Ui::width_dp() - 28, t + 28, "more_vert", "More options", ink, [](Phone& p) { p.navigate("open_menu"); });
  ui.line(0, b - 0.5f, Ui::width_dp(), b - 0.5f, dark ? kDark : kLine);
  ui.set_cursor(b);
}

// ---------------------------------------------------------------- the app

class BrowserApp : public App {
 public:
  BrowserApp() {
    add_page("tab", tab_page);
    add_page("menu", menu_page);
    add_page("omnibox", omnibox_page);
    add_page("find", find_page_fn);
    add_page("tabs", tabs_page);
    add_page("history", history_page);
    add_page("clear_data", clear_page);
    add_page("bookmarks", bookmarks_page);
    add_page("bookmark_edit", bookmark_edit_page);
    add_page("pick_folder", pick_folder_page);
    add_page("downloads", downloads_page);
    add_page("settings", settings_page);
    // The open tabs: [{id, url, title, incognito}].
    add_export("tabs", [](Phone& p, const json&) {
      json out = json::array();
      for (const json& t : st(p).value("tabs", json::array())) {
        const int i = std::min<int>(t.value("i", 0), static_cast<int>(t["trail"].size()) - 1);
        const std::string url = t["trail"].empty() ? kNewTab : t["trail"][std::max(0, i)].get<std::string>();
        out.push_back({{"id", t.value("id", "")}, {"url", url}, {"title", title_of(url)}, {"incognito", t.value("incognito", false)}});
      }
      return out;
    });
    // The text of an offline page: {url, title, text} (text: its blocks joined by newlines).
    add_export("page", [](Phone&, const json& args) {
      const std::string url = args.value("url", "");
      const json* pg = find_page(url);
      if (!pg) throw std::invalid_argument("browser.page: no page at '" + url + "'");
      std::string text;
      for (const std::string& s : page_texts(*pg)) text += s + "\n";
      return json{{"url", (*pg)["url"]}, {"title", (*pg)["title"]}, {"text", text}};
    });
  }

  /// VIEW http(s): the URL opens in a new tab.
  void on_intent(Phone& phone, const json& intent) override {
    if (intent.value("action", "") != "android.intent.action.VIEW") return;
    const std::string url = intent.value("data", "");
    if (url.rfind("http://", 0) != 0 && url.rfind("https://", 0) != 0) return;
    open_tab(phone, url, false);
  }

  void on_dialog_result(Phone& p, const json& dialog, const std::string& button) override {
    const json data = dialog.value("data", json::object());
    const std::string menu = data.value("menu", "");
    if (menu == "link") {
      const std::string url = data.value("url", "");
      if (button == "open_new" || button == "open_incognito") {
        // Chrome opens the tab in the background: the current tab stays in front
        const bool incog = button == "open_incognito";
        const std::string id = new_id(p, "t");
        st(p)["tabs"].push_back({{"id", id}, {"trail", json::array({url})}, {"i", 0}, {"incognito", incog}});
        if (!incog) {
          const std::string hid = new_id(p, "v");
          st(p)["history"][hid] = {{"url", url}, {"title", title_of(url)}, {"time_ms", p.now_ms()}};
        }
        p.toast(incog ? "Opened in Incognito tab" : "Tab opened in background");
      } else if (button == "copy") {
        p.set_clipboard(url);
        p.toast("Link copied");
      } else if (button == "share") {
        p.start_intent({{"action", "android.intent.action.SEND"}, {"type", "text/plain"},
                        {"extras", {{"android.intent.extra.TEXT", url}, {"text", url}}}});
      }
    } else if (menu == "download_again" && button == "download") {
      save_download(p, data["file"]);
    } else if (menu == "close_all" && button == "close") {
      st(p)["tabs"] = json::array();
      st(p)["current_tab"] = "";
      p.toast("All tabs closed");
    } else if (menu == "clear" && button == "clear") {
      clear_data(p);
    } else if (menu == "bookmark") {
      const std::string id = data.value("id", "");
      const json b = resolve_entity(World::instance(), st(p), kApp, "bookmarks", id);
      if (b.is_null()) return;
      if (button == "open") {
        load_url(p, b.value("url", ""));
      } else if (button == "open_new") {
        unwind_to_tab(p);
        open_tab(p, b.value("url", ""), false);
      } else if (button == "open_incognito") {
        unwind_to_tab(p);
        open_tab(p, b.value("url", ""), true);
      } else if (button == "edit" || button == "move") {
        start_edit(p, id, b);
        p.navigate("edit_bookmark");
        if (button == "move") p.navigate("pick_folder");
      } else if (button == "delete") {
        delete_entity(p, "bookmarks", id);
        p.toast("Deleted \"" + b.value("title", "") + "\"");
      }
    } else if (menu == "delete_folder" && button == "delete") {
      const std::string fid = data.value("id", "");
      for (const json& b : bookmarks(p))
        if (b.value("folder", "") == fid) delete_entity(p, "bookmarks", b.value("id", ""));
      delete_entity(p, "folders", fid);
      p.toast("Folder deleted");
    }
  }

 private:
  // ---- clearing browsing data
  static std::int64_t range_ms(const std::string& r) {
    if (r == "last_hour") return 3600000;
    if (r == "last_24h") return kDay;
    if (r == "last_7d") return 7 * kDay;
    if (r == "last_4w") return 28 * kDay;
    return -1;
  }
  static void clear_data(Phone& p) {
    const json c = st(p).value("clear", json::object());
    const std::int64_t span = range_ms(c.value("range", "last_hour"));
    const std::int64_t cutoff = span < 0 ? INT64_MIN : p.now_ms() - span;
    int n = 0;
    if (c.value("history", true))
      for (const json& h : history(p))
        if (h.value("time_ms", std::int64_t{0}) >= cutoff) {
          delete_entity(p, "history", h.value("id", ""));
          ++n;
        }
    if (c.value("cookies", true)) {
      st(p)["store"]["cart"] = json::array();
      st(p)["form"] = json::object();
    }
    if (c.value("cache", true)) st(p)["cache_cleared_ms"] = p.now_ms();
    p.back();  // close the clear page
    p.toast(n > 0 ? "Browsing data cleared" : "Cleared");
  }

  static void start_edit(Phone& p, const std::string& id, const json& b) {
    st(p)["bm_draft"] = {{"id", id}, {"title", b.value("title", "")}, {"url", b.value("url", "")}, {"folder", b.value("folder", "mobile")}};
    st(p)["form_error"] = "";
  }

  // ---- pages
  static void tab_page(Ui& ui, Phone& phone) {
    toolbar(ui, phone);
    draw_document(ui, phone, ui.cursor_y(), "", 0);
  }

  static void menu_page(Ui& ui, Phone& phone) {
    tab_page(ui, phone);
    const Rect ca = Ui::content_area();
    ui.scrim("browser.menu.scrim", ca, 0.08f, [](Phone& p) { p.back(); });
    const float l = Ui::width_dp() - 232, r = Ui::width_dp() - 8, t = ca.t + 4;
    const float h = 56 + 48 * 9 + 8;
    ui.fill({l + 1, t + 2, r + 1, t + h + 3}, 0x000000, 8, 0.12f);
    ui.fill({l, t, r, t + h}, 0xFFFFFF, 8);
    // the icon row: forward, star, download page info, refresh
    const json* tab = current_tab(phone);
    const bool can_fwd = tab && current_index(phone) + 1 < static_cast<int>((*tab)["trail"].size());
    const std::string url = current_url(phone);
    const json bm = bookmark_of(phone, url);
    ui.icon_button("browser.menu.forward", l + 28, t + 28, "arrow_forward", "Forward", can_fwd ? kInk : 0xBDBDBD,
                   [can_fwd](Phone& p) {
                     if (can_fwd) go_forward(p);
                   });
    ui.icon_button("browser.menu.star", l + 84, t + 28, bm.is_null() ? "star_border" : "star",
                   bm.is_null() ? "Bookmark" : "Edit bookmark", bm.is_null() ? kInk : kBlue, [url](Phone& p) {
                     if (url == kNewTab) return;
                     const json b = bookmark_of(p, url);
                     if (b.is_null()) {
                       const std::string id = new_id(p, "b");
                       st(p)["bookmarks"][id] = {{"title", title_of(url)}, {"url", url}, {"folder", "mobile"}, {"added_ms", p.now_ms()}};
                       p.back();
                       p.toast("Bookmarked in Mobile bookmarks");
                     } else {
                       start_edit(p, b.value("id", ""), b);
                       p.navigate("edit_bookmark");
                     }
                   });
    ui.icon_button("browser.menu.info", l + 140, t + 28, "info", "Page info", kInk, [url](Phone& p) {
      p.back();
      p.toast(url.rfind("https://", 0) == 0 ? "Connection is secure" : "Not secure");
    });
    ui.icon_button("browser.menu.refresh", l + 196, t + 28, "refresh", "Refresh", kInk, [](Phone& p) { p.back(); });
    ui.line(l, t + 56, r, t + 56, kLine);
    struct Row {
      const char* key;
      const char* icon;
      const char* label;
    };
    const Row rows[] = {{"new_tab", "add", "New tab"},          {"new_incognito", "visibility_off", "New Incognito tab"},
                        {"history", "history", "History"},       {"bookmarks", "bookmarks", "Bookmarks"},
                        {"downloads", "download", "Downloads"},  {"share", "share", "Share\xE2\x80\xA6"},
                        {"find", "find_in_page", "Find in page"}, {"desktop", "desktop_windows", "Desktop site"},
                        {"settings", "settings", "Settings"}};
    float y = t + 60;
    const bool desktop = st(phone)["settings"].value("desktop_site", false);
    for (const Row& row : rows) {
      ui.icon(l + 28, y + 24, row.icon, Font::Icon, kGrey);
      ui.text(l + 60, y + 13, row.label, Font::BodyLarge, kInk);
      const std::string key = row.key;
      if (key == "desktop") ui.icon(r - 24, y + 24, desktop ? "check_box" : "check_box_outline_blank", Font::Icon, desktop ? kBlue : kGrey);
      Node& n = ui.item(std::string("browser.menu.") + row.key, "android.widget.TextView", {l, y, r, y + 48}, row.label, [key, url](Phone& p) {
        if (key == "new_tab" || key == "new_incognito") {
          unwind_to_tab(p);
          open_tab(p, kNewTab, key == "new_incognito");
        } else if (key == "history" || key == "bookmarks" || key == "downloads" || key == "settings") {
          if (key == "history") st(p)["history_query"] = "";
          p.navigate(key);
        } else if (key == "share") {
          p.back();
          if (url == kNewTab) return;
          p.start_intent({{"action", "android.intent.action.SEND"},
                          {"type", "text/plain"},
                          {"extras", {{"android.intent.extra.TEXT", url}, {"android.intent.extra.SUBJECT", title_of(url)}, {"text", url}}}});
        } else if (key == "find") {
          st(p)["find_query"] = "";
          st(p)["find_index"] = 0;
          const json& stack = p.page_stack(kApp);
          const int sc = stack.size() >= 2 ? stack[stack.size() - 2].value("scroll", 0) : 0;
          p.navigate("find");
          p.set_scroll(sc);
          p.focus("browser.find.field", ptr("find_query"));
        } else if (key == "desktop") {
          json& s = st(p)["settings"];
          s["desktop_site"] = !s.value("desktop_site", false);
          p.back();
        }
      });
      if (key == "desktop") {
        n.checkable = true;
        n.checked = desktop;
      }
      y += 48;
    }
  }

  static void omnibox_page(Ui& ui, Phone& phone) {
    const bool dark = incognito(phone);
    const float t = Ui::status_bar_dp();
    ui.fill(Ui::content_area(), dark ? kDark : 0xFFFFFF);
    ui.icon_button("browser.omnibox.back", 28, t + 28, "arrow_back", "Back", dark ? kDarkInk : kGrey, [](Phone& p) {
      p.clear_focus();
      p.back();
    });
    const Rect pill{52, t + 8, Ui::width_dp() - 60, t + 48};
    ui.fill(pill, dark ? kDarkPill : kPill, 20);
    const std::string draft = st(phone).value("omnibox", "");
    const bool sel = st(phone).value("omnibox_sel", false) && draft.empty();
    const std::string url = current_url(phone);
    const bool focused = phone.focused_id() == "browser.omnibox.field";
    float tx = pill.l + 14, w = 0;
    const std::uint32_t ink = dark ? kDarkInk : kInk;
    if (sel) {
      const std::string shown = ui.ellipsize(url, Font::BodyLarge, pill.r - tx - 44);
      w = ui.text_width(shown, Font::BodyLarge);
      ui.fill({tx - 1, t + 16, tx + w + 1, t + 40}, dark ? 0x5F6368 : 0xC2E7FF, 2);
      ui.text(tx, t + 18, shown, Font::BodyLarge, ink);
    } else if (draft.empty()) {
      ui.text(tx, t + 18, "Search or type web address", Font::BodyLarge, dark ? 0x9AA0A6 : kGrey);
    }
    LineView view;  // the draft around the caret (its end while typing there), as a scrolled EditText
    if (!sel && (focused || !draft.empty()))
      view = draw_line_value(ui, draft, tx, t + 18, pill.r - tx - 44, Font::BodyLarge, ink,
                             focused ? text_cursor(phone) : std::string::npos, kBlue);
    Node& n = ui.node("browser.omnibox.field", "android.widget.EditText", {pill.l, t + 4, pill.r, t + 52});
    n.text = sel ? url : draft;
    n.desc = "Search or type web address";
    n.clickable = n.focusable = true;
    n.focused = focused;
    n.selected = sel;
    n.on_click = [view, sel](Phone& p) {
      const bool was_focused = p.focused_id() == "browser.omnibox.field";
      p.focus("browser.omnibox.field", ptr("omnibox"));
      if (was_focused && !sel) place_caret(p, view);  // a tap on the focused draft moves the caret
    };
    if (!draft.empty() || sel)
      ui.icon_button("browser.omnibox.clear", pill.r - 22, t + 28, "close", "Clear", dark ? kDarkInk : kGrey, [](Phone& p) {
        st(p)["omnibox"] = "";
        st(p)["omnibox_sel"] = false;
        p.focus("browser.omnibox.field", ptr("omnibox"));
      });
    // suggestions
    float y = t + 64;
    auto row = [&](const std::string& id, const std::string& icon, const std::string& title, const std::string& sub, Handler h) {
      ui.icon(28, y + 28, icon, Font::Icon, dark ? kDarkInk : kGrey);
      ui.text_fit(60, y + (sub.empty() ? 16 : 8), title, Font::BodyLarge, ink, Ui::width_dp() - 124);
      if (!sub.empty()) ui.text_fit(60, y + 32, sub, Font::Body, dark ? 0x8AB4F8 : kLink, Ui::width_dp() - 124);
      ui.icon(Ui::width_dp() - 32, y + 28, "north_west", Font::IconSmall, dark ? kDarkInk : kGrey);
      ui.item(id, "android.widget.TextView", {0, y, Ui::width_dp(), y + 56}, title, std::move(h));
      y += 56;
    };
    if (sel) {
      row("browser.suggest.current", "public", title_of(url), url, [url](Phone& p) {
        p.clear_focus();
        p.back();
      });
      return;
    }
    const std::string text = trim(draft);
    if (text.empty()) return;
    const std::string as_url = typed_url(text);
    const std::string engine = st(phone)["settings"].value("search_engine", "Searchly");
    auto go_search = [text, engine](Phone& p) { load_url(p, search_url(engine, text)); };
    if (!as_url.empty()) row("browser.suggest.go", "public", text, as_url, [as_url](Phone& p) { load_url(p, as_url); });
    else row("browser.suggest.search", "search", text, "Search for '" + text + "'", go_search);
    // history and bookmarks that match, distinct URLs, bookmarks first
    std::vector<std::string> seen;
    int shown = 0;
    auto consider = [&](const json& e, bool is_bm) {
      if (shown >= 5) return;
      const std::string u = e.value("url", ""), ti = e.value("title", "");
      if (find_all(ti, text).empty() && find_all(u, text).empty()) return;
      const std::string k = url_key(u);
      if (std::find(seen.begin(), seen.end(), k) != seen.end() || (!as_url.empty() && k == url_key(as_url))) return;
      seen.push_back(k);
      ++shown;
      row("browser.suggest." + k, is_bm ? "star" : "history", ti, u, [u](Phone& p) { load_url(p, u); });
    };
    for (const json& b : bookmarks(phone)) consider(b, true);
    const json hist = history(phone);
    for (auto it = hist.rbegin(); it != hist.rend(); ++it) consider(*it, false);
    if (!as_url.empty()) row("browser.suggest.search", "search", text, "Search for '" + text + "'", go_search);
    ui.icon_button("browser.omnibox.go", Ui::width_dp() - 32, t + 28 + 0, "arrow_forward", "Go", kBlue, [as_url, go_search](Phone& p) {
      if (!as_url.empty()) load_url(p, as_url);
      else go_search(p);
    });
  }

  static void find_page_fn(Ui& ui, Phone& phone) {
    const float t = Ui::status_bar_dp(), b = t + 56;
    const std::string q = st(phone).value("find_query", "");
    int total = 0;
    const json* page = find_page(current_url(phone));
    if (page && !q.empty())
      for (const std::string& s : page_texts(*page)) total += static_cast<int>(find_all(s, q).size());
    const int idx = total ? std::min(st(phone).value("find_index", 0), total - 1) : 0;
    draw_document(ui, phone, b, q, idx, true);
    ui.fill({0, t, Ui::width_dp(), b}, 0xFFFFFF);
    ui.line(0, b - 0.5f, Ui::width_dp(), b - 0.5f, kLine);
    const bool focused = phone.focused_id() == "browser.find.field";
    const float fr = Ui::width_dp() - 168;
    if (q.empty()) ui.text(16, t + 16, "Find in page", Font::BodyLarge, kGrey);
    LineView view;
    if (focused)  // the query around the caret
      view = draw_line_value(ui, q, 16, t + 16, fr - 24, Font::BodyLarge, kInk, text_cursor(phone), kBlue);
    else if (!q.empty())
      ui.text_fit(16, t + 16, q, Font::BodyLarge, kInk, fr - 24);
    Node& n = ui.node("browser.find.field", "android.widget.EditText", {0, t, fr, b});
    n.text = q;
    n.desc = "Find in page";
    n.clickable = n.focusable = true;
    n.focused = focused;
    n.on_click = [view](Phone& p) {
      const bool was_focused = p.focused_id() == "browser.find.field";
      p.focus("browser.find.field", ptr("find_query"));
      if (was_focused) place_caret(p, view);  // a tap on the focused query moves the caret
    };
    const std::string count = q.empty() ? "" : std::to_string(total ? idx + 1 : 0) + "/" + std::to_string(total);
    if (!count.empty()) ui.label_at("browser.find.count", fr + 4, t + 18, count, Font::Body, total ? kGrey : color::kError, 52);
    auto jump = [total](int delta) {
      return [total, delta](Phone& p) {
        if (total == 0) return;
        const int i = ((st(p).value("find_index", 0) + delta) % total + total) % total;
        st(p)["find_index"] = i;
        p.clear_focus();
        if (i < static_cast<int>(match_ys().size())) {  // bring the match near the top of the page
          const float rel = match_ys()[i] - (Ui::status_bar_dp() + 56) - 120;
          p.set_scroll(std::max(0, static_cast<int>(Ui::to_px(rel))));
        }
      };
    };
    ui.icon_button("browser.find.prev", Ui::width_dp() - 108, t + 28, "keyboard_arrow_up", "Previous match", total ? kInk : 0xBDBDBD, jump(-1));
    ui.icon_button("browser.find.next", Ui::width_dp() - 64, t + 28, "keyboard_arrow_down", "Next match", total ? kInk : 0xBDBDBD, jump(1));
    ui.icon_button("browser.find.close", Ui::width_dp() - 20, t + 28, "close", "Close find bar", kInk, [](Phone& p) {
      st(p)["find_query"] = "";
      st(p)["find_index"] = 0;
      p.clear_focus();
      const int scroll = p.page_state().value("scroll", 0);  // the page stays where find left it
      p.back();
      if (p.current_page() == "tab") p.set_scroll(scroll);
    });
  }

  static void tabs_page(Ui& ui, Phone& phone) {
    const float t = Ui::status_bar_dp();
    ui.fill(Ui::content_area(), 0xF1F3F4);
    ui.icon_button("browser.tabs.new", 28, t + 28, "add", "New tab", kInk, [](Phone& p) { open_tab(p, kNewTab, false); });
    ui.icon_button("browser.tabs.new_incognito", 76, t + 28, "visibility_off", "New Incognito tab", kInk,
                   [](Phone& p) { open_tab(p, kNewTab, true); });
    const json tabs = st(phone).value("tabs", json::array());
    const std::string title = std::to_string(tabs.size()) + (tabs.size() == 1 ? " tab" : " tabs");
    ui.label_at("browser.tabs.title", 120, t + 18, title, Font::Title, kInk, 120);
    ui.icon_button("browser.tabs.close_all", Ui::width_dp() - 76, t + 28, "delete", "Close all tabs", kInk, [](Phone& p) {
      if (st(p).value("tabs", json::array()).empty()) return;
      p.show_dialog({{"owner", kApp},
                     {"kind", "alert"},
                     {"title", "Close all tabs?"},
                     {"text", "All open tabs, Incognito tabs too, will be closed."},
                     {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "close"}, {"label", "Close all"}}})},
                     {"data", {{"menu", "close_all"}}}});
    });
    ui.icon_button("browser.tabs.done", Ui::width_dp() - 28, t + 28, "check", "Done", kInk, [](Phone& p) { p.back(); });
    const Rect area{0, t + 56, Ui::width_dp(), Ui::content_area().b};
    ui.begin_scroll("browser.tabs.grid", area, phone.page_pointer() + "/scroll");
    if (tabs.empty()) {
      ui.text_centered(0, Ui::width_dp(), area.t + 160, "No open tabs", Font::Title, kGrey);
      ui.label("browser.tabs.empty", {80, area.t + 160, 280, area.t + 190}, "No open tabs");
    }
    const std::string cur = st(phone).value("current_tab", "");
    const float cw = (Ui::width_dp() - 48) / 2, chh = 212;
    for (std::size_t k = 0; k < tabs.size(); ++k) {
      const json& tab = tabs[k];
      const std::string id = tab.value("id", "");
      const bool dark = tab.value("incognito", false);
      const int i = std::max(0, std::min<int>(tab.value("i", 0), static_cast<int>(tab["trail"].size()) - 1));
      const std::string url = id == cur ? current_url(phone) : (tab["trail"].empty() ? std::string(kNewTab) : tab["trail"][i].get<std::string>());
      const float x = 16 + (cw + 16) * static_cast<float>(k % 2), y = area.t + 12 + (chh + 16) * static_cast<float>(k / 2);
      const Rect card{x, y, x + cw, y + chh};
      ui.fill(card, dark ? kDarkPill : 0xFFFFFF, 14);
      if (id == cur) ui.stroke(card, kBlue, 14, 3);
      favicon(ui, x + 20, y + 22, url, 9);
      ui.text_fit(x + 36, y + 12, title_of(url), Font::Label, dark ? kDarkInk : kInk, cw - 80);
      // thumbnail: the page's first image art or a sketch of its text
      const Rect th{x + 6, y + 44, x + cw - 6, y + chh - 6};
      ui.fill(th, dark && url == kNewTab ? kDark : 0xFFFFFF, 8);
      const json* pg = find_page(url);
      std::string art, col;
      if (pg)
        for (const json& b : (*pg)["b"])
          if (b.value("t", "") == "img" || b.value("t", "") == "info" || b.value("t", "") == "card") {
            art = b.value("art", "");
            col = b.value("c", "");
            break;
          }
      if (url == kNewTab) {
        ui.icon(x + cw / 2, th.t + 60, dark ? "visibility_off" : "search", Font::IconLarge, dark ? kDarkInk : kBlue);
      } else if (!pg) {
        std::string q;
        if (is_search_url(url, q)) {
          for (int l = 0; l < 6; ++l) ui.fill({th.l + 8, th.t + 12 + l * 22.f, th.r - 8 - (l % 3) * 20.f, th.t + 20 + l * 22.f}, l % 2 ? 0xE0E0E0 : 0xC5D7F6, 3);
        } else {
          ui.icon(x + cw / 2, th.t + 60, "cloud_off", Font::IconLarge, kGrey);
        }
      } else {
        if (!art.empty()) draw_art(ui, {th.l + 6, th.t + 6, th.r - 6, th.t + 80}, art, hex_color(col));
        for (int l = 0; l < 4; ++l) ui.fill({th.l + 8, th.t + 92 + l * 16.f, th.r - 8 - (l % 2) * 30.f, th.t + 99 + l * 16.f}, 0xE0E0E0, 3);
      }
      ui.item("browser.tabs.card." + id, "android.widget.FrameLayout", {x, y + 40, x + cw, y + chh},
              title_of(url) + (dark ? " (Incognito)" : ""), [id](Phone& p) {
                activate_tab(p, id);
              });
      ui.icon_button("browser.tabs.close." + id, x + cw - 22, y + 22, "close", "Close " + title_of(url), dark ? kDarkInk : kGrey,
                     [id](Phone& p) {
                       json& ts = st(p)["tabs"];
                       std::size_t at = 0;
                       for (; at < ts.size(); ++at)
                         if (ts[at].value("id", "") == id) break;
                       if (at == ts.size()) return;
                       const bool was_current = st(p).value("current_tab", "") == id;
                       if (was_current) {
                         // remember nothing of it; the neighbour becomes current
                         ts.erase(at);
                         st(p)["current_tab"] = "";
                         if (!ts.empty()) {
                           const std::string next = ts[std::min(at, ts.size() - 1)].value("id", "");
                           st(p)["current_tab"] = next;
                           // rebuild under the switcher: back to root, then the neighbour's trail
                           const json tab = ts[std::min(at, ts.size() - 1)];
                           p.back_to_root();
                           p.page_state()["i"] = 0;
                           p.set_scroll(0);
                           for (int k2 = 1; k2 <= tab.value("i", 0); ++k2) {
                             p.navigate("load");
                             p.page_state()["i"] = k2;
                           }
                           p.navigate("open_tabs");
                         } else {
                           p.back_to_root();
                           p.page_state()["i"] = 0;
                           p.navigate("open_tabs");
                         }
                       } else {
                         ts.erase(at);
                       }
                       p.toast("Tab closed");
                     });
    }
    ui.set_cursor(area.t + 12 + (chh + 16) * static_cast<float>((tabs.size() + 1) / 2) + 16);
    ui.end_scroll();
  }

  static void history_page(Ui& ui, Phone& phone) {
    ui.top_bar("browser.history.title", "History", true);
    float y = ui.cursor_y();
    ui.text_field("browser.history.search", {16, y + 4, Ui::width_dp() - 16, y + 60}, "Search your history", ptr("history_query"), "");
    y += 68;
    const Rect area{0, y, Ui::width_dp(), Ui::content_area().b};
    ui.begin_scroll("browser.history.list", area, phone.page_pointer() + "/scroll");
    ui.set_cursor(area.t);
    const float cy = ui.cursor_y();
    ui.icon(32, cy + 28, "delete", Font::Icon, kBlue);
    ui.text(64, cy + 16, "Clear browsing data\xE2\x80\xA6", Font::BodyLarge, kBlue);
    ui.item("browser.history.clear", "android.widget.TextView", {0, cy, Ui::width_dp(), cy + 56}, "Clear browsing data\xE2\x80\xA6", [](Phone& p) {
      p.clear_focus();
      if (!st(p)["clear"].is_object() || st(p)["clear"].empty())
        st(p)["clear"] = {{"range", "last_hour"}, {"history", true}, {"cookies", true}, {"cache", true}};
      p.navigate("clear_data");
    });
    ui.advance(56);
    const std::string q = trim(st(phone).value("history_query", ""));
    json hist = history(phone);
    std::vector<json> v;
    for (const json& h : hist)
      if (q.empty() || !find_all(h.value("title", ""), q).empty() || !find_all(h.value("url", ""), q).empty()) v.push_back(h);
    std::stable_sort(v.begin(), v.end(), [](const json& a, const json& b) { return a.value("time_ms", std::int64_t{0}) > b.value("time_ms", std::int64_t{0}); });
    if (v.empty()) ui.label_at("browser.history.empty", 16, ui.cursor_y() + 16, q.empty() ? "Your history is empty" : "No history found", Font::BodyLarge, kGrey);
    const std::int64_t today = day_of(phone, phone.now_ms());
    std::int64_t last = INT64_MIN;
    for (const json& h : v) {
      const std::int64_t d = day_of(phone, h.value("time_ms", std::int64_t{0}));
      if (d != last) {
        last = d;
        const std::string head = d == today ? "Today - " + long_date(d) : d == today - 1 ? "Yesterday - " + long_date(d) : long_date(d);
        const float hy = ui.cursor_y();
        ui.text(16, hy + 16, head, Font::Label, kGrey);
        ui.advance(44);
      }
      const float ry = ui.cursor_y();
      const std::string id = h.value("id", ""), url = h.value("url", "");
      favicon(ui, 32, ry + 32, url, 12);
      ui.text_fit(60, ry + 12, h.value("title", ""), Font::BodyLarge, kInk, Ui::width_dp() - 124);
      const std::int64_t lt = local_ms(phone, h.value("time_ms", std::int64_t{0}));
      ui.text_fit(60, ry + 36, host_of(url) + " \xC2\xB7 " + phone.format_time(lt), Font::Body, kGrey, Ui::width_dp() - 124);
      ui.item("browser.history.row." + id, "android.widget.TextView", {0, ry, Ui::width_dp() - 56, ry + 64}, h.value("title", "") + ", " + host_of(url),
              [url](Phone& p) { load_url(p, url); });
      ui.icon_button("browser.history.remove." + id, Ui::width_dp() - 28, ry + 32, "close", "Remove " + h.value("title", ""), kGrey, [id](Phone& p) {
        delete_entity(p, "history", id);
        p.toast("Removed from history");
      });
      ui.advance(64);
    }
    ui.advance(16);
    ui.end_scroll();
  }

  static void clear_page(Ui& ui, Phone& phone) {
    ui.top_bar("browser.clear.title", "Clear browsing data", true);
    const json c = st(phone).value("clear", json::object());
    float y = ui.cursor_y() + 8;
    ui.text(16, y, "Time range", Font::Label, kBlue);
    y += 24;
    struct R {
      const char* key;
      const char* label;
    };
    const R ranges[] = {{"last_hour", "Last hour"}, {"last_24h", "Last 24 hours"}, {"last_7d", "Last 7 days"}, {"last_4w", "Last 4 weeks"}, {"all", "All time"}};
    const std::string range = c.value("range", "last_hour");
    float x = 16, cy = y;
    for (const R& r : ranges) {
      const float w = ui.text_width(r.label, Font::Label) + 34;
      if (x + w > Ui::width_dp() - 16) {
        x = 16;
        cy += 48;
      }
      const std::string key = r.key;
      ui.chip(std::string("browser.clear.range.") + r.key, {x, cy, x + w, cy + 48}, r.label, range == key,
              [key](Phone& p) { st(p)["clear"]["range"] = key; });
      x += w + 8;
    }
    y = cy + 60;
    struct C {
      const char* key;
      const char* label;
      const char* icon;
    };
    const C boxes[] = {{"history", "Browsing history", "history"}, {"cookies", "Cookies and site data", "cookie"}, {"cache", "Cached images and files", "image"}};
    for (const C& b : boxes) {
      const std::string key = b.key;
      ui.checkbox(std::string("browser.clear.") + b.key, {0, y, Ui::width_dp(), y + 56}, b.label, c.value(key, true),
                  [key](Phone& p) { st(p)["clear"][key] = !st(p)["clear"].value(key, true); }, b.icon);
      y += 56;
    }
    ui.text_wrapped(16, y + 12, "Cookies and site data sign you out of most sites and empty carts on shopping sites.", Font::Body, kGrey, Ui::width_dp() - 32, 20);
    ui.label("browser.clear.note", {16, y + 12, Ui::width_dp() - 16, y + 52}, "Cookies and site data sign you out of most sites and empty carts on shopping sites.");
    const bool any = c.value("history", true) || c.value("cookies", true) || c.value("cache", true);
    ui.button("browser.clear.confirm", {Ui::width_dp() - 152, y + 72, Ui::width_dp() - 16, y + 120}, "Clear data", true, [any](Phone& p) {
      if (!any) {
        p.toast("Select something to clear");
        return;
      }
      p.show_dialog({{"owner", kApp},
                     {"kind", "alert"},
                     {"title", "Clear browsing data?"},
                     {"text", "The selected data for the chosen time range will be deleted from this device."},
                     {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "clear"}, {"label", "Clear"}}})},
                     {"data", {{"menu", "clear"}}}});
    });
  }

  static void bookmarks_page(Ui& ui, Phone& phone) {
    const std::string folder = phone.page_state().value("folder", "");
    ui.top_bar("browser.bookmarks.title", folder.empty() ? "Bookmarks" : folder_name(phone, folder), true);
    const Rect area{0, ui.cursor_y(), Ui::width_dp(), Ui::content_area().b};
    ui.begin_scroll("browser.bookmarks.list", area, phone.page_pointer() + "/scroll");
    ui.set_cursor(area.t + 8);
    const json bms = bookmarks(phone);
    if (folder.empty()) {
      for (const json& f : folders(phone)) {
        const std::string fid = f.value("id", "");
        int n = 0;
        for (const json& b : bms) n += b.value("folder", "") == fid;
        const float y = ui.cursor_y();
        ui.list_row("browser.bm.folder." + fid, f.value("name", ""), std::to_string(n) + (n == 1 ? " bookmark" : " bookmarks"), "folder",
                    [fid](Phone& p) {
                      p.navigate("open_folder");
                      p.page_state()["folder"] = fid;
                    });
        if (fid != "mobile" && fid != "bar")
          ui.icon_button("browser.bm.folder." + fid + ".delete", Ui::width_dp() - 28, y + 36, "delete", "Delete folder " + f.value("name", ""), kGrey,
                         [fid](Phone& p) {
                           p.show_dialog({{"owner", kApp},
                                          {"kind", "alert"},
                                          {"title", "Delete folder?"},
                                          {"text", "The folder and the bookmarks in it will be deleted."},
                                          {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                                          {"data", {{"menu", "delete_folder"}, {"id", fid}}}});
                         });
      }
    } else {
      int n = 0;
      for (const json& b : bms) {
        if (b.value("folder", "") != folder) continue;
        ++n;
        const std::string id = b.value("id", ""), url = b.value("url", "");
        const float y = ui.cursor_y();
        favicon(ui, 32, y + 32, url, 12);
        ui.text_fit(60, y + 12, b.value("title", ""), Font::BodyLarge, kInk, Ui::width_dp() - 124);
        ui.text_fit(60, y + 36, host_of(url), Font::Body, kGrey, Ui::width_dp() - 124);
        ui.item("browser.bm.row." + id, "android.widget.TextView", {0, y, Ui::width_dp() - 56, y + 64}, b.value("title", ""), [url](Phone& p) { load_url(p, url); });
        ui.icon_button("browser.bm.more." + id, Ui::width_dp() - 28, y + 32, "more_vert", "More options for " + b.value("title", ""), kGrey, [id, b](Phone& p) {
          p.show_dialog({{"owner", kApp},
                         {"kind", "choice"},
                         {"title", b.value("title", "")},
                         {"text", ""},
                         {"buttons", json::array({{{"id", "edit"}, {"label", "Edit"}},
                                                  {{"id", "move"}, {"label", "Move to\xE2\x80\xA6"}},
                                                  {{"id", "delete"}, {"label", "Delete"}},
                                                  {{"id", "open_new"}, {"label", "Open in new tab"}},
                                                  {{"id", "open_incognito"}, {"label", "Open in Incognito tab"}}})},
                         {"data", {{"menu", "bookmark"}, {"id", id}}}});
        });
        ui.advance(64);
      }
      if (n == 0) ui.label_at("browser.bookmarks.empty", 16, ui.cursor_y() + 16, "No bookmarks here", Font::BodyLarge, kGrey);
    }
    ui.advance(16);
    ui.end_scroll();
  }

  static void bookmark_edit_page(Ui& ui, Phone& phone) {
    ui.top_bar("browser.bm_edit.title", "Edit bookmark", true);
    const json d = st(phone).value("bm_draft", json::object());
    float y = ui.cursor_y() + 8;
    ui.text_field("browser.bm_edit.name", {16, y, Ui::width_dp() - 16, y + 56}, "Name", ptr("bm_draft/title"), "");
    y += 72;
    ui.text_field("browser.bm_edit.url", {16, y, Ui::width_dp() - 16, y + 56}, "URL", ptr("bm_draft/url"), "");
    y += 72;
    ui.text(16, y, "Folder", Font::Label, kGrey);
    y += 20;
    const std::string fname = folder_name(phone, d.value("folder", "mobile"));
    ui.icon(32, y + 28, "folder", Font::Icon, kGrey);
    ui.text_fit(64, y + 16, fname, Font::BodyLarge, kInk, Ui::width_dp() - 120);
    ui.icon(Ui::width_dp() - 32, y + 28, "chevron_right", Font::Icon, kGrey);
    ui.item("browser.bm_edit.folder", "android.widget.TextView", {0, y, Ui::width_dp(), y + 56}, "Folder: " + fname, [](Phone& p) {
      p.clear_focus();
      st(p)["folder_draft"] = "";
      p.navigate("pick_folder");
    });
    y += 64;
    const std::string err = st(phone).value("form_error", "");
    if (!err.empty()) ui.label_at("browser.bm_edit.error", 16, y, err, Font::Body, color::kError, Ui::width_dp() - 32);
    y += 28;
    ui.button("browser.bm_edit.delete", {16, y, 136, y + 48}, "Delete", false, [](Phone& p) {
      const std::string id = st(p)["bm_draft"].value("id", "");
      if (resolve_entity(World::instance(), st(p), kApp, "bookmarks", id).is_null()) return;
      delete_entity(p, "bookmarks", id);
      st(p)["bm_draft"] = json::object();
      p.clear_focus();
      p.back();
      p.toast("Bookmark deleted");
    });
    ui.button("browser.bm_edit.save", {Ui::width_dp() - 136, y, Ui::width_dp() - 16, y + 48}, "Save", true, [](Phone& p) {
      json& dr = st(p)["bm_draft"];
      const std::string id = dr.value("id", "");
      const std::string title = trim(dr.value("title", "")), url = trim(dr.value("url", ""));
      if (title.empty()) {
        st(p)["form_error"] = "Name can't be empty";
        return;
      }
      const std::string full = typed_url(url);
      if (full.empty()) {
        st(p)["form_error"] = "Enter a valid URL";
        return;
      }
      const json* w = World::instance().entity(kApp, "bookmarks", id);
      const json cur = resolve_entity(World::instance(), st(p), kApp, "bookmarks", id);
      if (cur.is_null()) return;
      write_overlay_entity(st(p)["bookmarks"], id, w,
                           {{"title", title}, {"url", url.find("://") == std::string::npos ? full : url}, {"folder", dr.value("folder", "mobile")}});
      st(p)["form_error"] = "";
      p.clear_focus();
      p.back();
      p.toast("Bookmark saved");
    });
  }

  static void pick_folder_page(Ui& ui, Phone& phone) {
    ui.top_bar("browser.pick_folder.title", "Choose a folder", true);
    const std::string cur = st(phone).value("bm_draft", json::object()).value("folder", "mobile");
    const Rect area{0, ui.cursor_y(), Ui::width_dp(), Ui::content_area().b};
    ui.begin_scroll("browser.pick_folder.list", area, phone.page_pointer() + "/scroll");
    ui.set_cursor(area.t + 8);
    for (const json& f : folders(phone)) {
      const std::string fid = f.value("id", "");
      const float y = ui.cursor_y();
      ui.radio("browser.pick_folder." + fid, {0, y, Ui::width_dp(), y + 56}, f.value("name", ""), fid == cur, [fid](Phone& p) {
        st(p)["bm_draft"]["folder"] = fid;
        p.clear_focus();
        p.back();
      });
      ui.advance(56);
    }
    const float y = ui.cursor_y() + 8;
    ui.text(16, y, "New folder", Font::Label, kBlue);
    ui.text_field("browser.pick_folder.new_name", {16, y + 24, Ui::width_dp() - 120, y + 80}, "Folder name", ptr("folder_draft"), "");
    ui.button("browser.pick_folder.create", {Ui::width_dp() - 108, y + 28, Ui::width_dp() - 16, y + 76}, "Create", true, [](Phone& p) {
      const std::string name = trim(st(p).value("folder_draft", ""));
      if (name.empty()) {
        p.toast("Enter a folder name");
        return;
      }
      for (const json& f : folders(p))
        if (lower(f.value("name", "")) == lower(name)) {
          p.toast("A folder named \"" + name + "\" already exists");
          return;
        }
      const std::string id = new_id(p, "uf");
      st(p)["folders"][id] = {{"name", name}};
      st(p)["bm_draft"]["folder"] = id;
      st(p)["folder_draft"] = "";
      p.clear_focus();
      p.back();
      p.toast("Folder created");
    });
    ui.set_cursor(y + 96);
    ui.end_scroll();
  }

  static void downloads_page(Ui& ui, Phone& phone) {
    ui.top_bar("browser.downloads.title", "Downloads", true);
    const Rect area{0, ui.cursor_y(), Ui::width_dp(), Ui::content_area().b};
    const json files = downloads(phone);
    ui.begin_scroll("browser.downloads.list", area, phone.page_pointer() + "/scroll");
    ui.set_cursor(area.t + 8);
    if (files.empty()) {
      ui.icon(Ui::width_dp() / 2, area.t + 140, "download", Font::IconLarge, kGrey);
      ui.text_centered(0, Ui::width_dp(), area.t + 180, "No downloads here", Font::BodyLarge, kGrey);
      ui.label("browser.downloads.empty", {60, area.t + 180, 300, area.t + 204}, "No downloads here");
    }
    for (const json& f : files) {
      const std::string name = f.value("name", ""), kind = f.value("kind", "text");
      const float y = ui.cursor_y();
      const char* icon = kind == "pdf" ? "picture_as_pdf" : kind == "image" ? "image" : "description";
      ui.fill({16, y + 12, 56, y + 52}, kind == "pdf" ? 0xFCE8E6 : kind == "image" ? 0xE6F4EA : 0xE8F0FE, 8);
      ui.icon(36, y + 32, icon, Font::Icon, kind == "pdf" ? 0xC5221F : kind == "image" ? 0x188038 : kBlue);
      ui.text_fit(72, y + 12, name, Font::BodyLarge, kInk, Ui::width_dp() - 88);
      ui.text_fit(72, y + 36, size_text(f.value("size", std::int64_t{0})) + " \xC2\xB7 " + f.value("modified", ""), Font::Body, kGrey, Ui::width_dp() - 88);
      const std::string mime = mime_of(kind, name);
      ui.item("browser.downloads.row." + name, "android.widget.TextView", {0, y, Ui::width_dp(), y + 64}, name, [name, mime](Phone& p) {
        p.start_intent({{"action", "android.intent.action.VIEW"}, {"type", mime}, {"data", "file:///storage/emulated/0/Download/" + name}});
      });
      ui.advance(64);
    }
    ui.advance(16);
    ui.end_scroll();
  }

  static void settings_page(Ui& ui, Phone& phone) {
    ui.top_bar("browser.settings.title", "Settings", true);
    const json s = st(phone).value("settings", json::object());
    const Rect area{0, ui.cursor_y(), Ui::width_dp(), Ui::content_area().b};
    ui.begin_scroll("browser.settings.list", area, phone.page_pointer() + "/scroll");
    ui.set_cursor(area.t);
    ui.section_header("Search engine");
    const std::string engine = s.value("search_engine", "Searchly");
    for (const char* e : {"Searchly", "Google", "Bing", "DuckDuckGo", "Ecosia"}) {
      const float y = ui.cursor_y();
      const std::string name = e;
      ui.radio("browser.settings.engine." + lower(name), {0, y, Ui::width_dp(), y + 56}, name, engine == name,
               [name](Phone& p) { st(p)["settings"]["search_engine"] = name; });
      ui.advance(56);
    }
    ui.section_header("Privacy and security");
    struct Sw {
      const char* key;
      const char* title;
      const char* sub;
      bool def;
    };
    const Sw sws[] = {{"suggestions", "Autocomplete searches and URLs", "Show suggestions as you type", true},
                      {"https_first", "Always use secure connections", "Warn before loading sites that don't use HTTPS", false},
                      {"do_not_track", "Send a \"Do Not Track\" request", "Ask sites not to track your browsing", false}};
    for (const Sw& w : sws) {
      const std::string key = w.key;
      const bool def = w.def;
      ui.switch_row(std::string("browser.settings.") + w.key, w.title, w.sub, "", s.value(key, def),
                    [key, def](Phone& p) { st(p)["settings"][key] = !st(p)["settings"].value(key, def); });
    }
    ui.section_header("Site settings");
    for (const Sw& w : {Sw{"javascript", "JavaScript", "Allowed", true}, Sw{"popups", "Pop-ups and redirects", "Blocked", false}}) {
      const std::string key = w.key;
      const bool def = w.def;
      ui.switch_row(std::string("browser.settings.") + w.key, w.title, s.value(key, def) ? "Allowed" : "Blocked", "", s.value(key, def),
                    [key, def](Phone& p) { st(p)["settings"][key] = !st(p)["settings"].value(key, def); });
    }
    ui.advance(16);
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("browser", BrowserApp);
}  // namespace pg
