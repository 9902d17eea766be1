// Reader (a Kindle / WeChat Reading-like e-book app): a bookshelf with groups, a bookstore
// (categories, top charts, search by title or author), book pages (drawn cover, rating, blurb,
// chapters), the reading page (page turns by tapping the left/right third or by a sideways swipe,
// progress, contents, font size and light/sepia/dark themes, highlights and notes on a paragraph,
// bookmarks, a notes list per book) and reading stats (minutes per day, books finished).
//
// Data: world collections books, categories and reading_log (apps/reader/world/*.json, generated
// by apps/reader/gen/gen_world.py) seen through the overlay apps.reader. Chapter text is generated
// at run time (reader_text.hpp). Reading time accrues on virtual time while the reading page is in
// front (on_time): apps.reader.reading_log["YYYY-MM-DD"].seconds. docs/apps/reader.md has the state.
#include "apps/reader/reader_text.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/text.hpp"
#include "sim/ui/dark.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;
using reader::Layout;

constexpr const char* kApp = "reader";
constexpr const char* kSendAction = "android.intent.action.SEND";
constexpr float kNavH = 80;
constexpr std::uint32_t kStar = 0xE8A200, kAccent = 0x1B6B5A;
constexpr int kMaxNote = 280, kMaxGroup = 30;

// ---------------------------------------------------------------- state and world

json& st(Phone& p) { return own_state(p, kApp); }
const json& st(const Phone& p) { return own_state(p, kApp); }

/// The store's books in file order (world data; read-only).
const std::vector<json>& books() {
  static const std::vector<json> all = [] {
    std::vector<json> v;
    const json list = resolve_collection(World::instance(), json::object(), kApp, "books");
    for (const json& b : list) v.push_back(b);
    return v;
  }();
  return all;
}
const json* book(const std::string& id) {
  for (const json& b : books())
    if (b.value("id", "") == id) return &b;
  return nullptr;
}
const std::vector<json>& categories() {
  static const std::vector<json> all = [] {
    std::vector<json> v;
    for (const json& c : resolve_collection(World::instance(), json::object(), kApp, "categories")) v.push_back(c);
    return v;
  }();
  return all;
}
std::string category_name(const std::string& id) {
  for (const json& c : categories())
    if (c.value("id", "") == id) return c.value("name", id);
  return id;
}
std::string category_icon(const std::string& id) {
  if (id == "classics") return "history_edu";
  if (id == "mystery") return "fingerprint";
  if (id == "scifi") return "rocket_launch";
  if (id == "romance") return "favorite";
  if (id == "history") return "castle";
  if (id == "science") return "science";
  if (id == "business") return "business_center";
  return "self_improvement";
}

int nchapters(const json& b) { return static_cast<int>(b.value("chapters", json::array()).size()); }
std::string chapter_title(const json& b, int ch) {
  const json& c = b.value("chapters", json::array());
  return ch >= 1 && ch <= static_cast<int>(c.size()) ? c[ch - 1].get<std::string>() : "";
}
int font_level(const Phone& p) {
  return std::clamp(object_member(st(p), "settings").value("font", 2), reader::kMinFont, reader::kMaxFont);
}
std::string theme(const Phone& p) { return object_member(st(p), "settings").value("theme", "light"); }
std::shared_ptr<const Layout> chapter_layout(const json& b, int ch, int font) {
  return reader::layout(b.value("id", ""), b.value("category", ""), ch, font);
}

/// The reading position of a book: (chapter, page), both 1-based, clamped to the book's layout.
struct Pos {
  int chapter = 1, page = 1;
};
Pos position(const Phone& p, const json& b) {
  const json& pos = object_member(object_member(st(p), "positions"), b.value("id", ""));
  Pos r{pos.value("chapter", 1), pos.value("page", 1)};
  r.chapter = std::clamp(r.chapter, 1, std::max(1, nchapters(b)));
  const int pages = static_cast<int>(chapter_layout(b, r.chapter, font_level(p))->pages.size());
  r.page = std::clamp(r.page, 1, pages);
  return r;
}
bool has_position(const Phone& p, const std::string& id) { return object_member(st(p), "positions").contains(id); }
void set_position(Phone& p, const std::string& id, int chapter, int page) {
  st(p)["positions"][id] = {{"chapter", chapter}, {"page", page}, {"opened_ms", p.now_ms()}};
}

/// Pages before the position and in the whole book at the current font: the progress percent.
int percent(const Phone& p, const json& b, const Pos& pos) {
  const int font = font_level(p), n = nchapters(b);
  int before = 0, total = 0;
  for (int c = 1; c <= n; ++c) {
    const int pages = static_cast<int>(chapter_layout(b, c, font)->pages.size());
    if (c < pos.chapter) before += pages;
    total += pages;
  }
  return total > 0 ? (before + pos.page) * 100 / total : 0;
}

json* shelf_entry(Phone& p, const std::string& id) {
  for (json& e : st(p)["shelf"])
    if (e.value("book", "") == id) return &e;
  return nullptr;
}
bool on_shelf(const Phone& p, const std::string& id) {
  for (const json& e : st(p).value("shelf", json::array()))
    if (e.value("book", "") == id) return true;
  return false;
}
bool finished(const Phone& p, const std::string& id) {
  for (const json& e : st(p).value("finished", json::array()))
    if (e.value("book", "") == id) return true;
  return false;
}
std::string next_id(Phone& p, const char* prefix) {
  json& s = st(p);
  const int n = s.value("next_id", 10);
  s["next_id"] = n + 1;
  return prefix + std::to_string(n);
}
/// An id-safe form of a group name: "Holiday reads" -> "holiday_reads".
std::string slug(const std::string& s) {
  std::string o;
  for (unsigned char c : s) o += std::isalnum(c) ? static_cast<char>(std::tolower(c)) : '_';
  return o;
}
std::string thousands(int n) {
  std::string s = std::to_string(n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
  return s;
}
std::string short_count(int n) {
  if (n >= 1000) return std::to_string(n / 1000) + (n % 1000 >= 100 && n < 10000 ? "." + std::to_string(n % 1000 / 100) : "") + "K";
  return std::to_string(n);
}
std::string rating_text(int x10) { return std::to_string(x10 / 10) + "." + std::to_string(x10 % 10); }

// ---- dates (the phone's local time) ----
struct Ymd {
  int y, m, d;
};
Ymd civil(std::int64_t days) {  // days since 1970-01-01 -> date (H. Hinnant's algorithm)
  days += 719468;
  const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(days - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int y = static_cast<int>(yoe) + static_cast<int>(era) * 400;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  return {y + (m <= 2), static_cast<int>(m), static_cast<int>(d)};
}
std::int64_t day_of(std::int64_t local_ms) { return (local_ms >= 0 ? local_ms : local_ms - 86399999) / 86400000; }
std::string iso_day(std::int64_t days) {
  const Ymd t = civil(days);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", t.y, t.m, t.d);
  return buf;
}
/// "Dec 24", in the phone's locale.
std::string short_date(std::int64_t days) {
  const Ymd t = civil(days);
  return format_date(t.y, t.m, t.d, DateStyle::MonthDay);
}
/// "Wed, Dec 24", in the phone's locale.
std::string long_date(std::int64_t days) {
  const Ymd t = civil(days);
  return format_date(t.y, t.m, t.d, DateStyle::ShortWeekdayMonthDay);
}
/// Epoch ms (UTC) -> local day number.
std::int64_t local_day(const Phone& p, std::int64_t utc_ms) { return day_of(utc_ms + (p.local_time_ms() - p.now_ms())); }
std::int64_t today(const Phone& p) { return day_of(p.local_time_ms()); }
std::int64_t parse_iso(const std::string& s) {  // "YYYY-MM-DD" -> day number
  int y = 0, m = 0, d = 0;
  if (std::sscanf(s.c_str(), "%d-%d-%d", &y, &m, &d) != 3) return 0;
  y -= m <= 2;
  const int era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * static_cast<unsigned>(m > 2 ? m - 3 : m + 9) + 2) / 5 + static_cast<unsigned>(d) - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return static_cast<std::int64_t>(era) * 146097 + static_cast<std::int64_t>(doe) - 719468;
}
/// Seconds read per local day ("YYYY-MM-DD" -> seconds): world history with the overlay applied.
std::map<std::string, int> reading_log(const Phone& p) {
  std::map<std::string, int> m;
  for (const json& e : resolve_collection(World::instance(), st(p), kApp, "reading_log"))
    m[e.value("id", "")] = e.value("seconds", 0);
  return m;
}

// ---------------------------------------------------------------- navigation helpers

bool local_bool(const Phone& p, const char* key) {
  const json& e = p.page_state();
  auto it = e.find(key);
  return it != e.end() && it->is_boolean() && it->get<bool>();
}
const char* const kTabs[] = {"shelf", "store", "stats"};
void tab_bar(Ui& ui, const std::string& selected) {
  const std::vector<Ui::Tab> tabs = {{"shelf", "Bookshelf", "local_library"}, {"store", "Store", "storefront"},
                                     {"stats", "Stats", "bar_chart"}};
  int sel = 0;
  for (int i = 0; i < 3; ++i)
    if (selected == kTabs[i]) sel = i;
  ui.bottom_nav("reader.tab.", tabs, sel, [](Phone& p, int i) { p.switch_tab(kTabs[i]); });
}
void open_details(Phone& p, const std::string& id) { p.go("open_details", {{"book", id}}); }
/// Opens the reading page of a book (at its saved position unless `chapter` > 0).
void open_reader(Phone& p, const std::string& transition, const std::string& id, int chapter = 0) {
  if (chapter > 0) set_position(p, id, chapter, 1);
  p.go(transition, {{"book", id}, {"chrome", false}, {"select", false}});
}

// ---------------------------------------------------------------- drawing helpers

std::uint32_t hex_color(const std::string& s, std::uint32_t dflt) {
  if (s.size() != 7 || s[0] != '#') return dflt;
  return static_cast<std::uint32_t>(std::stoul(s.substr(1), nullptr, 16));
}

/// A book's cover, drawn: the cover colour, a motif, and (when big enough) title and author.
void cover(Ui& ui, const Rect& r, const json& b) {
  ContentColours keep;  // content keeps its colours in the dark theme (sim/ui/dark.hpp)
  const json c = b.value("cover", json::object());
  const std::uint32_t bg = hex_color(c.value("bg", ""), 0x1B3A5C), fg = hex_color(c.value("fg", ""), 0xF2C14E);
  ui.fill(r, bg, 4);
  const float w = r.w(), h = r.h(), cx = (r.l + r.r) / 2;
  const std::string motif = c.value("motif", "circles");
  const float my = r.t + h * 0.62f;
  if (motif == "sun") {
    ui.circle(cx, my, w * 0.2f, fg, 0.85f);
  } else if (motif == "moon") {
    ui.circle(cx, my, w * 0.2f, fg, 0.85f);
    ui.circle(cx + w * 0.08f, my - w * 0.05f, w * 0.17f, bg);
  } else if (motif == "mountains") {
    ui.polygon_fill({r.l + w * 0.1f, r.t + h * 0.8f, r.l + w * 0.4f, r.t + h * 0.5f, r.l + w * 0.65f, r.t + h * 0.8f}, fg, 0.8f);
    ui.polygon_fill({r.l + w * 0.45f, r.t + h * 0.8f, r.l + w * 0.7f, r.t + h * 0.58f, r.l + w * 0.92f, r.t + h * 0.8f}, fg, 0.55f);
  } else if (motif == "waves") {
    for (int i = 0; i < 3; ++i) {
      std::vector<float> pts;
      for (int k = 0; k <= 8; ++k)
        pts.insert(pts.end(), {r.l + w * 0.1f + w * 0.1f * k, my + 8.f * i * h / 150 + ((k % 2) ? -3.f : 3.f) * h / 150});
      ui.polyline(pts, fg, std::max(1.f, w / 50), 0.85f);
    }
  } else if (motif == "stripes") {
    for (int i = 0; i < 3; ++i) ui.fill({r.l, my - h * 0.06f + h * 0.07f * i, r.r, my - h * 0.035f + h * 0.07f * i}, fg, 0, 0.7f);
  } else if (motif == "diamond") {
    ui.polygon_fill({cx, my - w * 0.22f, cx + w * 0.18f, my, cx, my + w * 0.22f, cx - w * 0.18f, my}, fg, 0.85f);
  } else if (motif == "leaf") {  // a pointed oval tilted up to the right, with its midrib
    std::vector<float> pts;
    const float ca = 0.82f, sa = -0.57f, L = w * 0.26f, Wd = w * 0.11f;
    for (int k = 0; k < 24; ++k) {
      const float t = 6.2831853f * static_cast<float>(k) / 24.f, st = std::sin(t);
      const float x = L * std::cos(t), y = Wd * st * std::sqrt(std::fabs(st));
      pts.insert(pts.end(), {cx + x * ca - y * sa, my + x * sa + y * ca});
    }
    ui.polygon_fill(pts, fg, 0.8f);
    ui.line(cx - L * ca, my - L * sa, cx + L * ca, my + L * sa, bg, std::max(1.f, w / 60));
  } else {
    ui.circle(cx - w * 0.1f, my, w * 0.16f, fg, 0.6f);
    ui.circle(cx + w * 0.1f, my, w * 0.16f, fg, 0.4f);
  }
  ui.fill({r.l, r.t, r.l + std::max(2.f, w * 0.04f), r.b}, 0x000000, 0, 0.15f);  // the spine's shadow
  if (w >= 90) {
    const Font f = w >= 150 ? Font::BodyLarge : Font::Label;
    const float lh = w >= 150 ? 20 : 15;
    const auto lines = ui.wrap(b.value("title", ""), f, w - 16, 3);
    for (std::size_t i = 0; i < lines.size(); ++i)
      ui.text_centered(r.l + 4, r.r - 4, r.t + 10 + lh * static_cast<float>(i), lines[i], f, fg);
    const std::string author = ui.ellipsize(b.value("author", ""), Font::Label, w - 12);
    ui.text_centered(r.l + 4, r.r - 4, r.b - 20, author, Font::Label, fg);
  }
}


/// A store list row (104 dp): cover, title, author, stars and readers; `rank` > 0 draws a number.
void book_row(Ui& ui, const std::string& id, const json& b, int rank, Handler on_click) {
  const float y = ui.cursor_y();
  float x = 16;
  if (rank > 0) {
    const std::string n = std::to_string(rank);
    ui.text_centered(8, 40, y + 40, n, Font::Title, rank <= 3 ? kAccent : color::kOnSurfaceVariant);
    x = 48;
  }
  cover(ui, {x, y + 12, x + 56, y + 92}, b);
  const float tx = x + 72, tw = Ui::width_dp() - 16 - tx;
  ui.text(tx, y + 14, ui.ellipsize(b.value("title", ""), Font::BodyLarge, tw), Font::BodyLarge, color::kOnSurface);
  ui.text(tx, y + 38, ui.ellipsize(b.value("author", ""), Font::Body, tw), Font::Body, color::kOnSurfaceVariant);
  const float sw = ui.stars(tx, y + 70, b.value("rating_x10", 0), 14);
  ui.text(tx + sw + 6, y + 62, ui.ellipsize(rating_text(b.value("rating_x10", 0)) + " \xC2\xB7 " +
                                                short_count(b.value("readers", 0)) + " readers",
                                            Font::Label, tw - sw - 6),
          Font::Label, color::kOnSurfaceVariant);
  Node& n = ui.item(id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 104}, b.value("title", ""), std::move(on_click));
  n.desc = b.value("author", "") + ", " + rating_text(b.value("rating_x10", 0)) + " stars";
  ui.fill({16, y + 103, Ui::width_dp() - 16, y + 104}, color::kSurfaceVariant);
  ui.advance(104);
}

/// A red error line under a field (the page's "error" field), if any.
void error_line(Ui& ui, const Phone& p, float x, float y) {
  const std::string e = p.page_string("error");
  if (!e.empty()) ui.label_at("reader.error", x, y, e, Font::Label, color::kError, Ui::width_dp() - x - 16);
}

// ---------------------------------------------------------------- reading: themes and actions

struct Theme {
  std::uint32_t bg, ink, muted, bar;
};
Theme theme_colors(const std::string& t) {
  if (t == "sepia") return {0xF4ECD8, 0x5B4636, 0x8A7560, 0xE9DDC2};
  if (t == "dark") return {0x121212, 0xE3E3E3, 0x9E9E9E, 0x2A2A2A};
  return {0xFFFFFF, 0x1C1B1F, 0x6F6A75, 0xF3EDF7};
}
std::uint32_t highlight_rgb(const std::string& c) {
  if (c == "green") return 0xA5D6A7;
  if (c == "blue") return 0x90CAF9;
  if (c == "pink") return 0xF48FB1;
  return 0xFFE066;
}
const char* const kColors[] = {"yellow", "green", "blue", "pink"};

/// The array `key` of the app's state (a reference: pointers into it stay valid), or an empty one.
const json& array_member(const Phone& p, const char* key) {
  static const json kEmpty = json::array();
  const json& s = st(p);
  auto it = s.find(key);
  return it != s.end() && it->is_array() ? *it : kEmpty;
}
const json* find_highlight(const Phone& p, const std::string& book_id, int ch, int para) {
  for (const json& h : array_member(p, "highlights"))
    if (h.value("book", "") == book_id && h.value("chapter", 0) == ch && h.value("para", 0) == para) return &h;
  return nullptr;
}
int find_bookmark(const Phone& p, const std::string& book_id, int ch, int page) {
  const json& list = st(p).value("bookmarks", json::array());
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i].value("book", "") == book_id && list[i].value("chapter", 0) == ch && list[i].value("page", 0) == page)
      return static_cast<int>(i);
  return -1;
}

/// Records the book as finished (once) and tells the user.
void finish_book(Phone& p, const json& b) {
  const std::string id = b.value("id", "");
  if (finished(p, id)) return p.toast("You've reached the end of " + b.value("title", ""));
  st(p)["finished"].push_back({{"book", id}, {"title", b.value("title", "")}, {"finished_ms", p.now_ms()}});
  p.toast("Finished! " + b.value("title", "") + " is now in your finished books");
}

/// Turns one page forward (+1) or back (-1), across chapters; past the last page the book is finished.
void turn(Phone& p, int dir) {
  const json* b = book(p.page_string("book"));
  if (!b) return;
  json& e = p.page_state();
  e["chrome"] = false;
  const Pos pos = position(p, *b);
  const int font = font_level(p), n = nchapters(*b);
  const int pages = static_cast<int>(chapter_layout(*b, pos.chapter, font)->pages.size());
  const std::string id = b->value("id", "");
  if (dir > 0) {
    if (pos.page < pages)
      set_position(p, id, pos.chapter, pos.page + 1);
    else if (pos.chapter < n)
      set_position(p, id, pos.chapter + 1, 1);
    else
      finish_book(p, *b);
  } else {
    if (pos.page > 1)
      set_position(p, id, pos.chapter, pos.page - 1);
    else if (pos.chapter > 1)
      set_position(p, id, pos.chapter - 1, static_cast<int>(chapter_layout(*b, pos.chapter - 1, font)->pages.size()));
    else
      p.toast("This is the beginning of the book");
  }
}

void toggle_bookmark(Phone& p) {
  const json* b = book(p.page_string("book"));
  if (!b) return;
  const Pos pos = position(p, *b);
  const std::string id = b->value("id", "");
  const int i = find_bookmark(p, id, pos.chapter, pos.page);
  if (i >= 0) {
    st(p)["bookmarks"].erase(static_cast<std::size_t>(i));
    return p.toast("Bookmark removed");
  }
  const std::string kid = next_id(p, "k");
  st(p)["bookmarks"].push_back({{"id", kid}, {"book", id}, {"title", b->value("title", "")}, {"chapter", pos.chapter},
                                {"page", pos.page}, {"created_ms", p.now_ms()}});
  p.toast("Bookmark added");
}

/// Opens the highlight/note editor for paragraph `para` of the current chapter.
void open_annotate(Phone& p, const std::string& book_id, int ch, int para) {
  const json* h = find_highlight(p, book_id, ch, para);
  st(p)["draft_note"] = h ? h->value("note", "") : "";
  json& e = p.page_state();
  e["select"] = false;
  e["chrome"] = false;
  p.go("annotate", {{"book", book_id}, {"chapter", ch}, {"para", para}, {"color", h ? h->value("color", "yellow") : "yellow"},
                     {"error", ""}});
}

/// The reading page's text, title line and progress footer in the current theme (no chrome).
/// Records the page-turn strips and a node per paragraph when `interactive`.
void draw_reading(Ui& ui, Phone& phone, const json& b, bool interactive) {
  const Rect area = Ui::content_area();
  const Theme th = theme_colors(theme(phone));
  const int font = font_level(phone);
  const Font f = font <= 1 ? Font::Body : font == 2 ? Font::BodyLarge : Font::Title;
  const float lh = reader::line_h(font);
  const std::string id = b.value("id", "");
  const Pos pos = position(phone, b);
  const auto L = chapter_layout(b, pos.chapter, font);
  const int pages = static_cast<int>(L->pages.size());
  ui.fill(area, th.bg);
  // The running head: the chapter's title.
  ui.text_centered(16, Ui::width_dp() - 16, area.t + 16, ui.ellipsize(chapter_title(b, pos.chapter), Font::Label, Ui::width_dp() - 96), Font::Label,
                   th.muted);
  if (find_bookmark(phone, id, pos.chapter, pos.page) >= 0) {  // the bookmark ribbon
    ui.polygon_fill({Ui::width_dp() - 44, area.t, Ui::width_dp() - 24, area.t, Ui::width_dp() - 24, area.t + 34, Ui::width_dp() - 34, area.t + 26, Ui::width_dp() - 44, area.t + 34},
                    0xC62828);
    ui.label("reader.read.bookmarked", {Ui::width_dp() - 56, area.t, Ui::width_dp() - 12, area.t + 40}, "Bookmarked");
  }
  float y = reader::kTextTop;
  if (pos.page == 1) {
    ui.text_fit(16, y + 6, chapter_title(b, pos.chapter), Font::Headline, th.ink, Ui::width_dp() - 32);
    ui.fill({16, y + 56, 72, y + 58}, th.muted);
    y += reader::kHeadingH;
  }
  // The text, with each paragraph's highlight behind its lines.
  struct ParaBox {
    int para;
    float t, b;
    std::string text;
  };
  std::vector<ParaBox> boxes;
  const auto& lines = L->pages[static_cast<std::size_t>(pos.page - 1)];
  for (const reader::Line& ln : lines) {
    const json* h = find_highlight(phone, id, pos.chapter, ln.para);
    const float x = ln.first ? 16 + reader::text_dp("   ", font) : 16;
    if (h) {  // a highlighter stroke behind the line's text
      const float th = ui.line_height(f), ty = y + (lh - th) / 2;
      ui.fill({x - 2, ty - 1, std::min(Ui::width_dp() - 14, x + reader::text_dp(ln.text, font) + 2), ty + th + 2},
              highlight_rgb(h->value("color", "yellow")), 3, theme(phone) == "dark" ? 0.45f : 0.75f);
    }
    const std::uint32_t ink = h && theme(phone) == "dark" ? 0xFFFFFF : th.ink;
    ui.text_fit(x, y + (lh - ui.line_height(f)) / 2, ln.text, f, ink, Ui::width_dp() - 16 - x);
    if (h && ln.first && !h->value("note", "").empty()) ui.icon(8, y + lh / 2, "edit_note", Font::IconSmall, 0xC62828);
    if (boxes.empty() || boxes.back().para != ln.para)
      boxes.push_back({ln.para, y, y + lh, ln.text});
    else
      boxes.back().b = y + lh, boxes.back().text += " " + ln.text;
    y += lh;
  }
  // The reading text is the page's picture: its lines are measured by reader_text.hpp and drawn
  // shortened to the margins, and the page-turn zones below (narrower than a paragraph) would
  // otherwise count as the lines' widgets for the layout lint. The paragraph nodes report it.
  ui.cover({0, reader::kTextTop, Ui::width_dp(), reader::kTextBottom + 4});
  if (pos.page == 1) ui.label("reader.read.chapter_title", {16, reader::kTextTop, Ui::width_dp() - 16, reader::kTextTop + 48}, chapter_title(b, pos.chapter));
  // The footer: progress bar, page in chapter, percent of the book.
  const int pct = percent(phone, b, pos);
  const float fy = area.b - 40;
  ui.fill({16, fy, Ui::width_dp() - 16, fy + 3}, th.bar, 1.5f);
  ui.fill({16, fy, 16 + (Ui::width_dp() - 32) * static_cast<float>(pct) / 100.f, fy + 3}, kAccent, 1.5f);
  ui.label_at("reader.read.page", 16, fy + 12, "Page " + std::to_string(pos.page) + " of " + std::to_string(pages),
              Font::Label, th.muted);
  const std::string ps = std::to_string(pct) + "%";
  ui.label_at("reader.read.percent", Ui::width_dp() - 16 - ui.text_width(ps, Font::Label), fy + 12, ps, Font::Label, th.muted);
  if (!interactive) return;
  // Page-turn zones: the left and right thirds turn, the middle shows the menu. They are
  // SeekBar-class nodes so that a sideways swipe starting on them reaches their handler with the
  // finger's end point (Phone::scroll): a swipe to the left turns forward, to the right back.
  const float third = Ui::width_dp() / 3, zt = reader::kTextTop, zb = fy - 4;
  struct Zone {
    const char* id;
    const char* desc;
    int action;  // -1 back, 0 menu, +1 forward
  };
  static const Zone kZones[] = {{"reader.read.prev", "Previous page", -1}, {"reader.read.menu", "Reading menu", 0},
                                {"reader.read.next", "Next page", 1}};
  for (int i = 0; i < 3; ++i) {
    const float l = third * static_cast<float>(i), r = l + third;
    Node& n = ui.node(kZones[i].id, "android.widget.SeekBar", {l, zt, r, zb});
    n.desc = kZones[i].desc;
    n.clickable = true;
    const int action = kZones[i].action;
    n.on_click = [l, r, action](Phone& p) {
      const float x = Ui::to_dp(static_cast<float>(p.pointer_x_px()));
      if (x < l - 24) return turn(p, +1);  // swiped to the left
      if (x >= r + 24) return turn(p, -1);   // swiped to the right
      if (action != 0) return turn(p, action);
      json& e = p.page_state();
      e["chrome"] = !local_bool(p, "chrome");
      e["select"] = false;
    };
  }
  const bool select = local_bool(phone, "select");
  for (const ParaBox& pb : boxes) {
    Node& n = ui.node("reader.read.para." + std::to_string(pb.para), "android.widget.TextView", {16, pb.t, Ui::width_dp() - 16, pb.b});
    n.text = pb.text;
    n.long_clickable = true;
    const int para = pb.para, ch = pos.chapter;
    n.on_long_press = [id, ch, para](Phone& p) { open_annotate(p, id, ch, para); };
    if (select) {
      n.clickable = true;
      n.on_click = [id, ch, para](Phone& p) { open_annotate(p, id, ch, para); };
      ui.stroke({12, pb.t, Ui::width_dp() - 12, pb.b}, kAccent, 4, 1.5f);
    }
  }
}

// ---------------------------------------------------------------- pages
// ---- shelf: the books on the shelf (recent first), filtered by group ----
std::vector<json> shelf_sorted(const Phone& p) {
  std::vector<json> v;
  for (const json& e : st(p).value("shelf", json::array())) v.push_back(e);
  const json& pos = object_member(st(p), "positions");
  auto when = [&](const json& e) {
    const json& q = object_member(pos, e.value("book", ""));
    return std::max(q.value("opened_ms", std::int64_t{0}), e.value("added_ms", std::int64_t{0}));
  };
  std::stable_sort(v.begin(), v.end(), [&](const json& a, const json& b) { return when(a) > when(b); });
  return v;
}

void shelf_menu(Phone& p, const std::string& id) {
  const json* b = book(id);
  if (!b) return;
  json buttons = json::array({{{"id", "details"}, {"label", "Book details"}}, {{"id", "move"}, {"label", "Move to group"}}});
  if (!finished(p, id)) buttons.push_back({{"id", "finished"}, {"label", "Mark as finished"}});
  buttons.push_back({{"id", "remove"}, {"label", "Remove from shelf"}});
  buttons.push_back({{"id", "cancel"}, {"label", "Cancel"}});
  p.clear_focus();
  p.show_dialog({{"owner", kApp}, {"kind", "choice"}, {"title", b->value("title", "")}, {"text", ""}, {"buttons", buttons},
                 {"data", {{"menu", "shelf"}, {"book", id}}}});
}
void confirm_remove(Phone& p, const std::string& id) {
  const json* b = book(id);
  if (!b) return;
  p.show_dialog({{"owner", kApp},
                 {"kind", "alert"},
                 {"title", "Remove from shelf?"},
                 {"text", "\"" + b->value("title", "") + "\" will be removed from your bookshelf. Your notes and highlights are kept."},
                 {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "remove"}, {"label", "Remove"}}})},
                 {"data", {{"action", "remove"}, {"book", id}}}});
}

void shelf_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.headline("reader.shelf.title", 16, area.t + 12, "Bookshelf");
  ui.icon_button("reader.shelf.search", Ui::width_dp() - 76, area.t + 30, "search", "Search the store", color::kOnSurface,
                 [](Phone& p) {
                   st(p)["query"] = "";
                   p.go("search");
                   p.focus("reader.search.field", "/apps/reader/query");
                 });
  ui.icon_button("reader.shelf.groups", Ui::width_dp() - 28, area.t + 30, "folder_open", "Manage groups", color::kOnSurface,
                 [](Phone& p) {
                   st(p)["draft_group"] = "";
                   p.go("groups", {{"error", ""}});
                 });
  // Group filter chips.
  const std::string sel = st(phone).value("shelf_group", "");
  std::vector<std::string> names = {""};
  for (const json& g : st(phone).value("groups", json::array())) names.push_back(g.get<std::string>());
  bool sel_ok = false;
  for (const auto& n : names) sel_ok = sel_ok || n == sel;
  const std::string cur = sel_ok ? sel : "";
  float x = 16, y = area.t + 60;
  for (const std::string& n : names) {
    const std::string label = n.empty() ? "All" : n;
    const float w = std::max(48.f, ui.text_width(label, Font::Body) + 32);
    if (x + w > Ui::width_dp() - 16) {  // wrap onto a second row (more groups: the groups page lists them all)
      if (y > area.t + 60) break;
      x = 16, y += 48;
    }
    ui.chip("reader.shelf.filter." + (n.empty() ? std::string("all") : slug(n)), {x, y, x + w, y + 48}, label, n == cur,
            [n](Phone& p) { st(p)["shelf_group"] = n; p.set_scroll(0); });
    x += w + 8;
  }
  y += 52;
  std::vector<json> list;
  for (const json& e : shelf_sorted(phone))
    if (cur.empty() || e.value("group", "") == cur) list.push_back(e);
  ui.label_at("reader.shelf.count", 16, y, std::to_string(list.size()) + (list.size() == 1 ? " book" : " books"), Font::Label,
              color::kOnSurfaceVariant);
  y += 24;
  ui.begin_scroll("reader.shelf.list", {0, y, Ui::width_dp(), area.b - kNavH}, phone.page_pointer() + "/scroll");
  if (list.empty()) {
    const float cy = ui.cursor_y();
    ui.icon(Ui::width_dp() / 2, cy + 60, "menu_book", Font::IconLarge, color::kOnSurfaceVariant);
    ui.text_centered(16, Ui::width_dp() - 16, cy + 90, cur.empty() ? "Your bookshelf is empty" : "No books in this group", Font::BodyLarge,
                     color::kOnSurface);
    ui.text_centered(16, Ui::width_dp() - 16, cy + 116, "Find something to read in the Store", Font::Body, color::kOnSurfaceVariant);
    ui.advance(150);
  }
  for (const json& e : list) {
    const std::string id = e.value("book", "");
    const json* b = book(id);
    if (!b) continue;
    const float ry = ui.cursor_y();
    cover(ui, {16, ry + 10, 72, ry + 94}, *b);
    const float tx = 88, tw = Ui::width_dp() - 56 - tx;
    ui.text(tx, ry + 12, ui.ellipsize(b->value("title", ""), Font::BodyLarge, tw), Font::BodyLarge, color::kOnSurface);
    ui.text(tx, ry + 36, ui.ellipsize(b->value("author", ""), Font::Body, tw), Font::Body, color::kOnSurfaceVariant);
    std::string prog;
    int pct = 0;
    if (finished(phone, id)) {
      prog = "Finished", pct = 100;
    } else if (has_position(phone, id)) {
      const Pos pos = position(phone, *b);
      pct = percent(phone, *b, pos);
      prog = std::to_string(pct) + "% \xC2\xB7 " + chapter_title(*b, pos.chapter);
    } else {
      prog = "Not started";
    }
    ui.fill({tx, ry + 64, tx + 120, ry + 67}, color::kSurfaceVariant, 1.5f);
    ui.fill({tx, ry + 64, tx + 120 * static_cast<float>(pct) / 100.f, ry + 67}, kAccent, 1.5f);
    ui.text(tx, ry + 74, ui.ellipsize(prog + (e.value("group", "").empty() ? "" : " \xC2\xB7 " + e.value("group", "")),
                                      Font::Label, tw),
            Font::Label, color::kOnSurfaceVariant);
    Node& n = ui.item("reader.shelf.book." + id, "android.widget.LinearLayout", {0, ry, Ui::width_dp() - 56, ry + 104},
                      b->value("title", ""), [id](Phone& p) { open_reader(p, "open_book", id); });
    n.desc = b->value("author", "") + ", " + prog;
    ui.icon_button("reader.shelf.more." + id, Ui::width_dp() - 28, ry + 52, "more_vert", "More options for " + b->value("title", ""),
                   color::kOnSurfaceVariant, [id](Phone& p) { shelf_menu(p, id); });
    ui.advance(104);
  }
  ui.advance(8);
  ui.end_scroll();
  tab_bar(ui, "shelf");
}

// ---- store: search, categories, top charts, new releases ----
std::vector<const json*> ranked(const std::string& by) {
  std::vector<const json*> v;
  for (const json& b : books()) v.push_back(&b);
  std::stable_sort(v.begin(), v.end(), [&](const json* a, const json* b) {
    if (by == "rated") return a->value("rating_x10", 0) * 100000 + a->value("ratings", 0) > b->value("rating_x10", 0) * 100000 + b->value("ratings", 0);
    if (by == "new") return a->value("added", "") > b->value("added", "");
    return a->value("readers", 0) > b->value("readers", 0);
  });
  return v;
}

void store_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.search_bar("reader.store.search", {16, area.t + 8, Ui::width_dp() - 16, area.t + 56}, "Search titles or authors", [](Phone& p) {
    st(p)["query"] = "";
    p.go("search");
    p.focus("reader.search.field", "/apps/reader/query");
  });
  ui.begin_scroll("reader.store.list", {0, area.t + 64, Ui::width_dp(), area.b - kNavH}, phone.page_pointer() + "/scroll");
  float y = ui.cursor_y();
  ui.label_at("reader.store.categories", 16, y + 12, "Categories", Font::Title, color::kOnSurface);
  y += 48;
  const float cw = (Ui::width_dp() - 40) / 2;
  int i = 0;
  for (const json& c : categories()) {
    const std::string cid = c.value("id", "");
    const float x = 16 + (cw + 8) * static_cast<float>(i % 2), ty = y + 56 * static_cast<float>(i / 2);
    ui.fill({x, ty, x + cw, ty + 48}, color::kSurfaceContainer, 12);
    ui.icon(x + 24, ty + 24, category_icon(cid), Font::Icon, kAccent);
    ui.text(x + 44, ty + 14, ui.ellipsize(c.value("name", ""), Font::Body, cw - 52), Font::Body, color::kOnSurface);
    ui.item("reader.store.cat." + cid, "android.widget.LinearLayout", {x, ty, x + cw, ty + 48}, c.value("name", ""),
            [cid](Phone& p) { p.go("open_category", {{"category", cid}}); });
    ++i;
  }
  y += 56 * 4 + 8;
  ui.label_at("reader.store.top_title", 16, y + 12, "Top charts", Font::Title, color::kOnSurface);
  ui.button("reader.store.rankings", {Ui::width_dp() - 104, y, Ui::width_dp() - 8, y + 48}, "See all", false,
            [](Phone& p) { p.go("rankings", {{"tab", "popular"}}); });
  y += 48;
  ui.set_cursor(y);
  const auto top = ranked("popular");
  for (int k = 0; k < 5; ++k) {
    const std::string id = top[static_cast<std::size_t>(k)]->value("id", "");
    book_row(ui, "reader.store.top." + id, *top[static_cast<std::size_t>(k)], k + 1, [id](Phone& p) { open_details(p, id); });
  }
  y = ui.cursor_y() + 8;
  ui.label_at("reader.store.new_title", 16, y + 12, "New releases", Font::Title, color::kOnSurface);
  y += 48;
  const auto fresh = ranked("new");
  const float bw = (Ui::width_dp() - 32 - 24) / 3;
  for (int k = 0; k < 6; ++k) {
    const json& b = *fresh[static_cast<std::size_t>(k)];
    const std::string id = b.value("id", "");
    const float x = 16 + (bw + 12) * static_cast<float>(k % 3), ty = y + 212 * static_cast<float>(k / 3);
    cover(ui, {x, ty, x + bw, ty + bw * 1.5f}, b);
    const auto lines = ui.wrap(b.value("title", ""), Font::Label, bw, 2);
    for (std::size_t l = 0; l < lines.size(); ++l)
      ui.text(x, ty + bw * 1.5f + 6 + 16 * static_cast<float>(l), lines[l], Font::Label, color::kOnSurface);
    Node& n = ui.item("reader.store.new." + id, "android.widget.FrameLayout", {x, ty, x + bw, ty + 204}, b.value("title", ""),
                      [id](Phone& p) { open_details(p, id); });
    n.desc = b.value("author", "");
  }
  y += 212 * 2 + 8;
  ui.set_cursor(y);
  ui.end_scroll();
  tab_bar(ui, "store");
}

// ---- category: the books of one category, most read first ----
void category_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string cid = phone.page_string("category");
  ui.top_bar("reader.category.title", category_name(cid), true);
  ui.begin_scroll("reader.category.list", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  for (const json* b : ranked("popular")) {
    if (b->value("category", "") != cid) continue;
    const std::string id = b->value("id", "");
    book_row(ui, "reader.category.book." + id, *b, 0, [id](Phone& p) { open_details(p, id); });
  }
  ui.end_scroll();
}

// ---- rankings: top charts by readers, rating or release date ----
void rankings_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.top_bar("reader.rankings.title", "Top charts", true);
  static const char* const kKeys[] = {"popular", "rated", "new"};
  const std::string tab = phone.page_string("tab").empty() ? "popular" : phone.page_string("tab");
  int sel = 0;
  for (int i = 0; i < 3; ++i)
    if (tab == kKeys[i]) sel = i;
  ui.tabs("reader.rankings.tab.", {0, area.t + 64, Ui::width_dp(), area.t + 112},
          {{"popular", "Most read", ""}, {"rated", "Top rated", ""}, {"new", "New", ""}}, sel, [](Phone& p, int i) {
            p.page_state()["tab"] = kKeys[i];
            p.set_scroll(0);
          });
  ui.begin_scroll("reader.rankings.list", {0, area.t + 112, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  int rank = 0;
  for (const json* b : ranked(tab)) {
    if (++rank > 20) break;
    const std::string id = b->value("id", "");
    book_row(ui, "reader.rankings.book." + id, *b, rank, [id](Phone& p) { open_details(p, id); });
  }
  ui.end_scroll();
}

// ---- search: by title or author ----
void search_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.icon_button("reader.search.back", 28, area.t + 36, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) {
    p.clear_focus();
    p.back();
  });
  ui.text_field("reader.search.field", {56, area.t + 8, Ui::width_dp() - 16, area.t + 64}, "Search", "/apps/reader/query",
                "Title or author");
  const std::string q = lower(trim(st(phone).value("query", "")));
  ui.begin_scroll("reader.search.list", {0, area.t + 72, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  if (q.empty()) {
    ui.text_centered(16, Ui::width_dp() - 16, ui.cursor_y() + 40, "Search the store by title or author", Font::Body, color::kOnSurfaceVariant);
    ui.advance(80);
  } else {
    int n = 0;
    for (const json* b : ranked("popular")) {
      if (lower(b->value("title", "")).find(q) == std::string::npos && lower(b->value("author", "")).find(q) == std::string::npos)
        continue;
      ++n;
      const std::string id = b->value("id", "");
      book_row(ui, "reader.search.result." + id, *b, 0, [id](Phone& p) { open_details(p, id); });
    }
    if (n == 0) {
      ui.label_at("reader.search.empty", 16, ui.cursor_y() + 32,
                  ui.ellipsize("No books match \"" + trim(st(phone).value("query", "")) + "\"", Font::Body, Ui::width_dp() - 32), Font::Body,
                  color::kOnSurfaceVariant);
      ui.advance(80);
    }
  }
  ui.end_scroll();
}

// ---- book: cover, rating, blurb, shelf and read buttons, chapters ----
void book_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string id = phone.page_string("book");
  const json* b = book(id);
  ui.top_bar("reader.book.title", "", true);
  if (!b) return;
  ui.begin_scroll("reader.book.list", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  float y = ui.cursor_y() + 8;
  cover(ui, {16, y, 136, y + 180}, *b);
  ui.image("reader.book.cover", {16, y, 136, y + 180}, "Cover of " + b->value("title", ""));
  const float tx = 152, tw = Ui::width_dp() - 16 - tx;
  const auto tl = ui.wrap(b->value("title", ""), Font::Title, tw, 3);
  for (std::size_t i = 0; i < tl.size(); ++i) ui.text(tx, y + 30 * static_cast<float>(i), tl[i], Font::Title, color::kOnSurface);
  ui.label("reader.book.name", {tx, y, Ui::width_dp() - 16, y + 30 * static_cast<float>(tl.size())}, b->value("title", ""));
  float ty = y + 30 * static_cast<float>(tl.size()) + 6;
  ui.label_at("reader.book.author", tx, ty, b->value("author", ""), Font::BodyLarge, kAccent, tw);
  ty += 28;
  ui.label_at("reader.book.meta", tx, ty, category_name(b->value("category", "")) + " \xC2\xB7 " + std::to_string(b->value("year", 0)),
              Font::Body, color::kOnSurfaceVariant, tw);
  ty += 26;
  const float sw = ui.stars(tx, ty + 9, b->value("rating_x10", 0));
  ui.label_at("reader.book.rating", tx + sw + 6, ty, rating_text(b->value("rating_x10", 0)), Font::Body, color::kOnSurface);
  ty += 24;
  ui.label_at("reader.book.ratings", tx, ty, thousands(b->value("ratings", 0)) + " ratings", Font::Label, color::kOnSurfaceVariant, tw);
  ty += 20;
  ui.label_at("reader.book.readers", tx, ty, thousands(b->value("readers", 0)) + " readers", Font::Label, color::kOnSurfaceVariant, tw);
  y += 196;
  // Buttons: shelf (add, or remove with a confirmation) and read.
  const bool shelved = on_shelf(phone, id);
  const Rect sb{16, y, 172, y + 48}, rb{188, y, Ui::width_dp() - 16, y + 48};
  if (shelved) {
    ui.fill(sb, color::kPrimaryContainer, 24);
    ui.icon(44, y + 24, "library_add_check", Font::IconSmall, color::kOnPrimaryContainer);
    ui.text(60, y + 24 - ui.line_height(Font::Body) / 2 - 1, "On shelf", Font::Body, color::kOnPrimaryContainer);
    ui.item("reader.book.shelf", "android.widget.Button", sb, "On shelf", [id](Phone& p) { confirm_remove(p, id); }).desc =
        "Remove from shelf";
  } else {
    ui.stroke(sb, color::kOutline, 24);
    ui.icon(40, y + 24, "library_add", Font::IconSmall, color::kPrimary);
    ui.text(56, y + 24 - ui.line_height(Font::Body) / 2 - 1, "Add to shelf", Font::Body, color::kPrimary);
    ui.item("reader.book.shelf", "android.widget.Button", sb, "Add to shelf", [id](Phone& p) {
      const json* bk = book(id);
      if (!bk || on_shelf(p, id)) return;
      st(p)["shelf"].push_back({{"book", id}, {"title", bk->value("title", "")}, {"group", ""}, {"added_ms", p.now_ms()}});
      p.toast("Added to your bookshelf");
    });
  }
  ui.button("reader.book.read", rb, has_position(phone, id) ? "Continue reading" : "Read now", true,
            [id](Phone& p) { open_reader(p, "read", id); });
  y += 64;
  const float bh = ui.text_wrapped(16, y, b->value("blurb", ""), Font::Body, color::kOnSurface, Ui::width_dp() - 32, 22);
  ui.label("reader.book.blurb", {16, y, Ui::width_dp() - 16, y + bh}, b->value("blurb", ""));
  y += bh + 4;
  y += 8;
  // More in the category: three covers, most read first.
  ui.label_at("reader.book.more_title", 16, y + 12, "More in " + category_name(b->value("category", "")), Font::Title,
              color::kOnSurface, Ui::width_dp() - 32);
  y += 48;
  {
    const float bw = (Ui::width_dp() - 32 - 24) / 3;
    int k = 0;
    for (const json* o : ranked("popular")) {
      if (o->value("category", "") != b->value("category", "") || o->value("id", "") == id) continue;
      const std::string oid = o->value("id", "");
      const float x = 16 + (bw + 12) * static_cast<float>(k);
      cover(ui, {x, y, x + bw, y + bw * 1.5f}, *o);
      const auto lines = ui.wrap(o->value("title", ""), Font::Label, bw, 2);
      for (std::size_t l = 0; l < lines.size(); ++l)
        ui.text(x, y + bw * 1.5f + 6 + 16 * static_cast<float>(l), lines[l], Font::Label, color::kOnSurface);
      ui.item("reader.book.more." + oid, "android.widget.FrameLayout", {x, y, x + bw, y + bw * 1.5f + 40}, o->value("title", ""),
              [oid](Phone& p) { p.go("more", {{"book", oid}}); });
      if (++k == 3) break;
    }
    y += bw * 1.5f + 48;
  }
  const int n = nchapters(*b);
  ui.label_at("reader.book.contents", 16, y + 12, "Contents \xC2\xB7 " + std::to_string(n) + " chapters", Font::Title,
              color::kOnSurface, Ui::width_dp() - 32);
  y += 48;
  ui.set_cursor(y);
  for (int c = 1; c <= n; ++c) {
    const float ry = ui.cursor_y();
    ui.text(16, ry + 16, ui.ellipsize(chapter_title(*b, c), Font::BodyLarge, Ui::width_dp() - 64), Font::BodyLarge, color::kOnSurface);
    ui.icon(Ui::width_dp() - 28, ry + 24, "chevron_right", Font::Icon, color::kOnSurfaceVariant);
    ui.item("reader.book.chapter." + std::to_string(c), "android.widget.LinearLayout", {0, ry, Ui::width_dp(), ry + 52},
            chapter_title(*b, c), [id, c](Phone& p) { open_reader(p, "read", id, c); });
    ui.advance(52);
  }
  ui.advance(16);
  ui.end_scroll();
}

// ---- read: the page, the menu (chrome) and select mode ----
void read_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const json* b = book(phone.page_string("book"));
  if (!b) {
    ui.top_bar("reader.read.title", "Book not found", true);
    return;
  }
  draw_reading(ui, phone, *b, true);
  const std::string id = b->value("id", "");
  if (local_bool(phone, "select")) {
    const Rect bar{0, area.t, Ui::width_dp(), area.t + 56};
    ui.fill(bar, kAccent);
    ui.text(16, area.t + 18, ui.ellipsize("Tap a paragraph to highlight it", Font::Body, Ui::width_dp() - 120), Font::Body, 0xFFFFFF);
    ui.button("reader.read.select_done", {Ui::width_dp() - 96, area.t + 4, Ui::width_dp() - 8, area.t + 52}, "Cancel", false,
              [](Phone& p) { p.page_state()["select"] = false; });
    ui.cover(bar);
    return;
  }
  if (!local_bool(phone, "chrome")) return;
  const Pos pos = position(phone, *b);
  // Top bar: back, title, bookmark.
  const Rect top{0, area.t, Ui::width_dp(), area.t + 64};
  ui.fill(top, color::kSurface);
  ui.fill({0, top.b - 1, Ui::width_dp(), top.b}, color::kSurfaceVariant);
  ui.cover(top);
  ui.icon_button("reader.read.back", 28, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) { p.back(); });
  ui.label_at("reader.read.title", 56, area.t + 12, b->value("title", ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 56 - 104);
  ui.label_at("reader.read.author", 56, area.t + 36, b->value("author", ""), Font::Label, color::kOnSurfaceVariant, Ui::width_dp() - 56 - 104);
  const bool marked = find_bookmark(phone, id, pos.chapter, pos.page) >= 0;
  ui.icon_button("reader.read.bookmark", Ui::width_dp() - 76, area.t + 32, marked ? "bookmark" : "bookmark_border",
                 marked ? "Remove bookmark" : "Add bookmark", marked ? 0xC62828 : color::kOnSurface,
                 [](Phone& p) { toggle_bookmark(p); });
  ui.icon_button("reader.read.share", Ui::width_dp() - 28, area.t + 32, "share", "Share book", color::kOnSurface, [id](Phone& p) {
    const json* bk = book(id);
    if (!bk) return;
    const std::string text = "I'm reading \"" + bk->value("title", "") + "\" by " + bk->value("author", "") + " on Reader.";
    p.start_intent({{"action", kSendAction},
                    {"type", "text/plain"},
                    {"extras", {{"text", text}, {"android.intent.extra.TEXT", text}}}});
  });
  // Bottom panel: chapter navigation and the tools.
  const Rect panel{0, area.b - 160, Ui::width_dp(), area.b};
  ui.fill(panel, color::kSurface);
  ui.fill({0, panel.t, Ui::width_dp(), panel.t + 1}, color::kSurfaceVariant);
  ui.cover(panel);
  const int n = nchapters(*b);
  ui.icon_button("reader.read.prev_chapter", 28, panel.t + 32, "chevron_left", "Previous chapter", color::kOnSurface,
                 [id](Phone& p) {
                   const json* bk = book(id);
                   const Pos q = position(p, *bk);
                   if (q.chapter > 1) set_position(p, id, q.chapter - 1, 1);
                 });
  ui.slider("reader.read.chapter_slider", 64, Ui::width_dp() - 64, panel.t + 32, pos.chapter - 1, std::max(1, n - 1),
            "Chapter " + std::to_string(pos.chapter) + " of " + std::to_string(n), [id](Phone& p, int v) {
              set_position(p, id, v + 1, 1);
            });
  ui.icon_button("reader.read.next_chapter", Ui::width_dp() - 28, panel.t + 32, "chevron_right", "Next chapter", color::kOnSurface,
                 [id, n](Phone& p) {
                   const json* bk = book(id);
                   const Pos q = position(p, *bk);
                   if (q.chapter < n) set_position(p, id, q.chapter + 1, 1);
                 });
  ui.text_centered(0, Ui::width_dp(), panel.t + 52, ui.ellipsize("Chapter " + std::to_string(pos.chapter) + " of " + std::to_string(n) +
                                                         " \xC2\xB7 " + std::to_string(percent(phone, *b, pos)) + "% read",
                                                     Font::Label, Ui::width_dp() - 32),
                   Font::Label, color::kOnSurfaceVariant);
  struct Tool {
    const char* id;
    const char* icon;
    const char* label;
  };
  static const Tool kTools[] = {{"reader.read.toc", "toc", "Contents"}, {"reader.read.notes", "notes", "Notes"},
                                {"reader.read.display", "format_size", "Display"}, {"reader.read.select", "highlight", "Highlight"}};
  const float tw = Ui::width_dp() / 4;
  for (int i = 0; i < 4; ++i) {
    const float x = tw * static_cast<float>(i), ty = panel.t + 76;
    ui.icon(x + tw / 2, ty + 20, kTools[i].icon, Font::Icon, color::kOnSurface);
    ui.text_centered(x, x + tw, ty + 40, kTools[i].label, Font::Label, color::kOnSurface);
    const std::string tid = kTools[i].id;
    ui.item(tid, "android.widget.Button", {x, ty, x + tw, ty + 64}, kTools[i].label, [tid, id](Phone& p) {
      p.page_state()["chrome"] = false;
      if (tid == "reader.read.toc") p.go("toc", {{"book", id}});
      else if (tid == "reader.read.notes") p.go("notes", {{"book", id}, {"tab", "highlights"}});
      else if (tid == "reader.read.display") p.go("display", {{"book", id}});
      else p.page_state()["select"] = true;
    });
  }
}

// ---- toc: the chapter list; a tap jumps there ----
void toc_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string id = phone.page_string("book");
  const json* b = book(id);
  ui.top_bar("reader.toc.title", "Contents", true);
  if (!b) return;
  const Pos pos = position(phone, *b);
  ui.label_at("reader.toc.book", 16, area.t + 68, b->value("title", ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 32);
  ui.label_at("reader.toc.author", 16, area.t + 92, b->value("author", ""), Font::Body, color::kOnSurfaceVariant, Ui::width_dp() - 32);
  ui.begin_scroll("reader.toc.list", {0, area.t + 120, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  const int n = nchapters(*b), font = font_level(phone);
  for (int c = 1; c <= n; ++c) {
    const float ry = ui.cursor_y();
    const bool cur = c == pos.chapter;
    if (cur) ui.fill({0, ry, Ui::width_dp(), ry + 56}, color::kSurfaceContainer);
    const std::string pages = std::to_string(chapter_layout(*b, c, font)->pages.size()) + " pages";
    const float pw = ui.text_width(pages, Font::Label);
    ui.text(16, ry + 17, ui.ellipsize(chapter_title(*b, c), Font::BodyLarge, Ui::width_dp() - 48 - pw), Font::BodyLarge,
            cur ? kAccent : color::kOnSurface);
    ui.text(Ui::width_dp() - 16 - pw, ry + 20, pages, Font::Label, color::kOnSurfaceVariant);
    Node& node = ui.item("reader.toc.chapter." + std::to_string(c), "android.widget.LinearLayout", {0, ry, Ui::width_dp(), ry + 56},
                         chapter_title(*b, c), [id, c](Phone& p) {
                           set_position(p, id, c, 1);
                           p.back();
                         });
    node.selected = cur;
    ui.advance(56);
  }
  ui.end_scroll();
}

// ---- display: font size and theme, a sheet over the page ----
void set_font(Phone& p, const std::string& id, int font) {
  const json* b = book(id);
  font = std::clamp(font, reader::kMinFont, reader::kMaxFont);
  if (!b || font == font_level(p)) return;
  // Keep the first paragraph of the page in view: find it, then its page at the new size.
  const Pos pos = position(p, *b);
  const auto old = chapter_layout(*b, pos.chapter, font_level(p));
  const auto& lines = old->pages[static_cast<std::size_t>(pos.page - 1)];
  const int para = lines.empty() ? 1 : lines.front().para;
  st(p)["settings"]["font"] = font;
  if (has_position(p, id)) {
    const int page = pos.page == 1 ? 1 : reader::page_of_para(*chapter_layout(*b, pos.chapter, font), para);
    st(p)["positions"][id]["page"] = page;
  }
}
void display_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string id = phone.page_string("book");
  const json* b = book(id);
  if (!b) return;
  draw_reading(ui, phone, *b, false);
  const Rect sheet{0, area.b - 292, Ui::width_dp(), area.b};
  ui.scrim("reader.display.scrim", {0, area.t, Ui::width_dp(), sheet.t}, 0.32f, [](Phone& p) { p.back(); });
  ui.fill(sheet, color::kSurfaceContainer, 0);
  ui.fill({Ui::width_dp() / 2 - 16, sheet.t + 10, Ui::width_dp() / 2 + 16, sheet.t + 14}, color::kOutline, 2);
  ui.cover(sheet);
  float y = sheet.t + 24;
  ui.label_at("reader.display.size_title", 16, y, "Font size", Font::Label, color::kOnSurfaceVariant);
  y += 24;
  const int font = font_level(phone);
  ui.icon_button("reader.display.smaller", 40, y + 24, "text_decrease", "Smaller text",
                 font > reader::kMinFont ? color::kOnSurface : color::kOutline, [id](Phone& p) { set_font(p, id, font_level(p) - 1); });
  static const char* const kSizes[] = {"Small", "Medium", "Large"};
  ui.label_at("reader.display.size", Ui::width_dp() / 2 - 40, y + 14, kSizes[font - 1], Font::BodyLarge, color::kOnSurface, 80);
  for (int i = 1; i <= 3; ++i) ui.circle(Ui::width_dp() / 2 - 24 + 24 * static_cast<float>(i - 1), y + 44, 4, i <= font ? kAccent : color::kOutline);
  ui.icon_button("reader.display.larger", Ui::width_dp() - 40, y + 24, "text_increase", "Larger text",
                 font < reader::kMaxFont ? color::kOnSurface : color::kOutline, [id](Phone& p) { set_font(p, id, font_level(p) + 1); });
  y += 64;
  ui.label_at("reader.display.theme_title", 16, y, "Theme", Font::Label, color::kOnSurfaceVariant);
  y += 24;
  static const char* const kThemes[] = {"light", "sepia", "dark"};
  static const char* const kThemeNames[] = {"Light", "Sepia", "Dark"};
  const float w = (Ui::width_dp() - 48) / 3;
  for (int i = 0; i < 3; ++i) {
    const float x = 16 + (w + 8) * static_cast<float>(i);
    const Theme th = theme_colors(kThemes[i]);
    const bool sel = theme(phone) == kThemes[i];
    ui.fill({x, y, x + w, y + 64}, th.bg, 12);
    ui.stroke({x, y, x + w, y + 64}, sel ? kAccent : color::kOutline, 12, sel ? 3.f : 1.f);
    ui.text_centered(x, x + w, y + 12, "Aa", Font::Title, th.ink);
    ui.text_centered(x, x + w, y + 72, kThemeNames[i], Font::Label, sel ? kAccent : color::kOnSurface);
    const std::string t = kThemes[i];
    Node& n = ui.item("reader.display.theme." + t, "android.widget.RadioButton", {x, y, x + w, y + 88}, kThemeNames[i],
                      [t](Phone& p) { st(p)["settings"]["theme"] = t; });
    n.checkable = true;
    n.checked = sel;
  }
  y += 96;
  ui.button("reader.display.done", {Ui::width_dp() - 104, y, Ui::width_dp() - 16, y + 48}, "Done", false, [](Phone& p) { p.back(); });
}

// ---- annotate: highlight colour, note, share, remove ----
std::string paragraph_text(const json& b, int ch, int para) {
  const auto ps = reader::chapter_paragraphs(b.value("id", ""), b.value("category", ""), ch);
  return para >= 1 && para <= static_cast<int>(ps.size()) ? ps[static_cast<std::size_t>(para - 1)] : "";
}
/// The text a shared highlight carries: the quote (up to 200 characters), the book and the note.
std::string share_text(const json& b, int ch, int para, const std::string& note) {
  std::string q = paragraph_text(b, ch, para);
  if (q.size() > 200) {
    q = q.substr(0, 200);
    q = q.substr(0, q.find_last_of(' ')) + "...";
  }
  std::string s = "\"" + q + "\" \xE2\x80\x94 " + b.value("title", "") + " by " + b.value("author", "");
  if (!trim(note).empty()) s += "\nMy note: " + trim(note);
  return s;
}
void save_highlight(Phone& p) {
  const std::string id = p.page_string("book");
  const json* b = book(id);
  if (!b) return;
  const int ch = p.page_int("chapter", 1), para = p.page_int("para", 1);
  const std::string note = trim(st(p).value("draft_note", ""));
  if (note.size() > static_cast<std::size_t>(kMaxNote)) {
    p.page_state()["error"] = "Notes can be at most " + std::to_string(kMaxNote) + " characters";
    return;
  }
  const std::string color = p.page_string("color").empty() ? "yellow" : p.page_string("color");
  json& list = st(p)["highlights"];
  bool found = false;
  for (json& h : list)
    if (h.value("book", "") == id && h.value("chapter", 0) == ch && h.value("para", 0) == para) {
      h["color"] = color;
      h["note"] = note;
      found = true;
    }
  if (!found)
    list.push_back({{"id", next_id(p, "h")}, {"book", id}, {"title", b->value("title", "")}, {"chapter", ch}, {"para", para},
                    {"color", color}, {"note", note}, {"created_ms", p.now_ms()}});
  st(p)["draft_note"] = "";
  p.clear_focus();
  p.back();
  p.toast(note.empty() ? "Highlight saved" : "Note saved");
}
void confirm_delete_highlight(Phone& p, const std::string& hid) {
  p.clear_focus();
  p.show_dialog({{"owner", kApp},
                 {"kind", "alert"},
                 {"title", "Delete highlight?"},
                 {"text", "The highlight and its note will be deleted."},
                 {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                 {"data", {{"action", "delete_highlight"}, {"id", hid}}}});
}
void annotate_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string id = phone.page_string("book");
  const json* b = book(id);
  const json* existing = b ? find_highlight(phone, id, phone.page_int("chapter", 1), phone.page_int("para", 1)) : nullptr;
  ui.top_bar("reader.annotate.title", existing ? "Edit highlight" : "New highlight", true);
  if (!b) return;
  const int ch = phone.page_int("chapter", 1), para = phone.page_int("para", 1);
  // Save sits in the top bar (as Keep's Done), above the keyboard the note field brings up.
  ui.button("reader.annotate.save", {Ui::width_dp() - 96, area.t + 8, Ui::width_dp() - 12, area.t + 56}, "Save", true, [](Phone& p) { save_highlight(p); });
  float y = area.t + 72;
  ui.label_at("reader.annotate.where", 16, y, ui.ellipsize(chapter_title(*b, ch), Font::Label, 200) + " \xC2\xB7 Paragraph " +
                                                  std::to_string(para),
              Font::Label, color::kOnSurfaceVariant, Ui::width_dp() - 32);
  y += 24;
  const std::string color = phone.page_string("color").empty() ? "yellow" : phone.page_string("color");
  const std::string text = paragraph_text(*b, ch, para);
  const auto lines = ui.wrap(text, Font::Body, Ui::width_dp() - 64, 6);
  const float qh = 20 + 22 * static_cast<float>(lines.size());
  ui.fill({16, y, Ui::width_dp() - 16, y + qh}, highlight_rgb(color), 12, 0.35f);
  ui.fill({16, y, 20, y + qh}, highlight_rgb(color), 2);
  for (std::size_t i = 0; i < lines.size(); ++i)
    ui.text(32, y + 10 + 22 * static_cast<float>(i), lines[i], Font::Body, color::kOnSurface);
  ui.label("reader.annotate.quote", {16, y, Ui::width_dp() - 16, y + qh}, text);
  y += qh + 16;
  ui.label_at("reader.annotate.color_title", 16, y, "Highlight colour", Font::Label, color::kOnSurfaceVariant);
  y += 20;
  for (int i = 0; i < 4; ++i) {
    const std::string c = kColors[i];
    const float cx = 40 + 56 * static_cast<float>(i);
    ui.circle(cx, y + 24, 16, highlight_rgb(c));
    if (c == color) {
      ui.circle(cx, y + 24, 20, kAccent, 0.0f);
      ui.stroke({cx - 21, y + 3, cx + 21, y + 45}, kAccent, 21, 2.5f);
      ui.icon(cx, y + 24, "check", Font::IconSmall, color::kOnSurface);
    }
    Node& n = ui.item("reader.annotate.color." + c, "android.widget.RadioButton", {cx - 24, y, cx + 24, y + 48},
                      std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(c[0])))) + c.substr(1),
                      [c](Phone& p) { p.page_state()["color"] = c; });
    n.checkable = true;
    n.checked = c == color;
  }
  y += 60;
  ui.text_field("reader.annotate.note", {16, y, Ui::width_dp() - 16, y + 56}, "Note", "/apps/reader/draft_note", "Add a note (optional)");
  y += 60;
  error_line(ui, phone, 16, y);
  y += 24;
  ui.outlined_button("reader.annotate.share", {Ui::width_dp() - 120, y, Ui::width_dp() - 16, y + 48}, "Share", [id, ch, para](Phone& p) {
    const json* bk = book(id);
    if (!bk) return;
    const std::string t = share_text(*bk, ch, para, st(p).value("draft_note", ""));
    p.clear_focus();
    p.start_intent({{"action", kSendAction}, {"type", "text/plain"}, {"extras", {{"text", t}, {"android.intent.extra.TEXT", t}}}});
  });
  if (existing) {
    const std::string hid = existing->value("id", "");
    ui.button("reader.annotate.delete", {16, y, 112, y + 48}, "Delete", false, [hid](Phone& p) { confirm_delete_highlight(p, hid); });
  }
}

// ---- notes: a book's highlights (with notes) and bookmarks ----
void notes_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string id = phone.page_string("book");
  const json* b = book(id);
  ui.top_bar("reader.notes.title", "Notes & bookmarks", true);
  if (!b) return;
  const bool marks = phone.page_string("tab") == "bookmarks";
  std::vector<json> hs, ks;
  for (const json& h : st(phone).value("highlights", json::array()))
    if (h.value("book", "") == id) hs.push_back(h);
  for (const json& k : st(phone).value("bookmarks", json::array()))
    if (k.value("book", "") == id) ks.push_back(k);
  auto order = [](const json& a, const json& c) {
    return std::make_pair(a.value("chapter", 0), a.value("para", a.value("page", 0))) <
           std::make_pair(c.value("chapter", 0), c.value("para", c.value("page", 0)));
  };
  std::stable_sort(hs.begin(), hs.end(), order);
  std::stable_sort(ks.begin(), ks.end(), order);
  ui.tabs("reader.notes.tab.", {0, area.t + 64, Ui::width_dp(), area.t + 112},
          {{"highlights", "Highlights (" + std::to_string(hs.size()) + ")", ""},
           {"bookmarks", "Bookmarks (" + std::to_string(ks.size()) + ")", ""}},
          marks ? 1 : 0, [](Phone& p, int i) {
            p.page_state()["tab"] = i ? "bookmarks" : "highlights";
            p.set_scroll(0);
          });
  ui.begin_scroll("reader.notes.list", {0, area.t + 112, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  if ((marks ? ks : hs).empty()) {
    ui.text_centered(16, Ui::width_dp() - 16, ui.cursor_y() + 48,
                     marks ? "No bookmarks yet. Tap the ribbon in the menu to add one." : "No highlights yet. Long-press a paragraph.",
                     Font::Body, color::kOnSurfaceVariant);
    ui.advance(96);
  }
  if (!marks) {
    for (const json& h : hs) {
      const std::string hid = h.value("id", "");
      const int ch = h.value("chapter", 1), para = h.value("para", 1);
      const float ry = ui.cursor_y();
      const std::string quote = paragraph_text(*b, ch, para);
      const std::string note = h.value("note", "");
      const float rh = note.empty() ? 100.f : 124.f;
      ui.fill({16, ry + 12, 20, ry + rh - 12}, highlight_rgb(h.value("color", "yellow")), 2);
      ui.text(32, ry + 10, ui.ellipsize(chapter_title(*b, ch) + " \xC2\xB7 Paragraph " + std::to_string(para), Font::Label, Ui::width_dp() - 104),
              Font::Label, color::kOnSurfaceVariant);
      const auto ql = ui.wrap(quote, Font::Body, Ui::width_dp() - 104, 2);
      for (std::size_t i = 0; i < ql.size(); ++i) ui.text(32, ry + 30 + 20 * static_cast<float>(i), ql[i], Font::Body, color::kOnSurface);
      if (!note.empty()) {
        ui.icon(42, ry + 84 + 9, "edit_note", Font::IconSmall, kAccent);
        ui.text(56, ry + 84, ui.ellipsize(note, Font::Body, Ui::width_dp() - 128), Font::Body, kAccent);
      }
      Node& n = ui.item("reader.notes.item." + hid, "android.widget.LinearLayout", {0, ry, Ui::width_dp() - 56, ry + rh}, quote,
                        [id, ch, para](Phone& p) {
                          const json* bk = book(id);
                          if (!bk) return;
                          set_position(p, id, ch, reader::page_of_para(*chapter_layout(*bk, ch, font_level(p)), para));
                          p.back();
                        });
      n.desc = note.empty() ? h.value("color", "") + " highlight" : "Note: " + note;
      ui.icon_button("reader.notes.delete." + hid, Ui::width_dp() - 28, ry + rh / 2, "delete_outline", "Delete highlight",
                     color::kOnSurfaceVariant, [hid](Phone& p) { confirm_delete_highlight(p, hid); });
      ui.fill({16, ry + rh - 1, Ui::width_dp() - 16, ry + rh}, color::kSurfaceVariant);
      ui.advance(rh);
    }
  } else {
    for (const json& k : ks) {
      const std::string kid = k.value("id", "");
      const int ch = k.value("chapter", 1), page = k.value("page", 1);
      const float ry = ui.cursor_y();
      ui.icon(32, ry + 36, "bookmark", Font::Icon, 0xC62828);
      ui.text(64, ry + 14, ui.ellipsize(chapter_title(*b, ch), Font::BodyLarge, Ui::width_dp() - 136), Font::BodyLarge, color::kOnSurface);
      ui.text(64, ry + 40, "Page " + std::to_string(page) + " \xC2\xB7 " +
                               short_date(local_day(phone, k.value("created_ms", std::int64_t{0}))),
              Font::Body, color::kOnSurfaceVariant);
      ui.item("reader.notes.bookmark." + kid, "android.widget.LinearLayout", {0, ry, Ui::width_dp() - 56, ry + 72},
              chapter_title(*b, ch) + ", page " + std::to_string(page), [id, ch, page](Phone& p) {
                set_position(p, id, ch, page);
                p.back();
              });
      ui.icon_button("reader.notes.bookmark_delete." + kid, Ui::width_dp() - 28, ry + 36, "delete_outline", "Delete bookmark",
                     color::kOnSurfaceVariant, [kid](Phone& p) {
                       json& list = st(p)["bookmarks"];
                       for (std::size_t i = 0; i < list.size(); ++i)
                         if (list[i].value("id", "") == kid) {
                           list.erase(i);
                           p.toast("Bookmark deleted");
                           return;
                         }
                     });
      ui.advance(72);
    }
  }
  ui.end_scroll();
}

// ---- move: put a shelf book into a group (or a new one) ----
/// Checks a new group name; returns "" or the error to show.
std::string group_name_error(const Phone& p, const std::string& name) {
  if (name.empty()) return "Enter a group name";
  if (name.size() > static_cast<std::size_t>(kMaxGroup)) return "Group names can be at most " + std::to_string(kMaxGroup) + " characters";
  for (const json& g : st(p).value("groups", json::array()))
    if (lower(g.get<std::string>()) == lower(name)) return "A group called \"" + g.get<std::string>() + "\" already exists";
  return "";
}
void move_to(Phone& p, const std::string& id, const std::string& group) {
  json* e = shelf_entry(p, id);
  if (!e) return;
  (*e)["group"] = group;
  p.clear_focus();
  p.back();
  p.toast(group.empty() ? "Removed from its group" : "Moved to " + group);
}
void move_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  const std::string id = phone.page_string("book");
  const json* b = book(id);
  ui.top_bar("reader.move.title", "Move to group", true);
  if (!b) return;
  std::string cur;
  for (const json& e : st(phone).value("shelf", json::array()))
    if (e.value("book", "") == id) cur = e.value("group", "");
  ui.label_at("reader.move.book", 16, area.t + 68, b->value("title", ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 32);
  ui.begin_scroll("reader.move.list", {0, area.t + 100, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  std::vector<std::string> names = {""};
  for (const json& g : st(phone).value("groups", json::array())) names.push_back(g.get<std::string>());
  for (const std::string& g : names) {
    const float ry = ui.cursor_y();
    ui.radio("reader.move.group." + (g.empty() ? std::string("none") : slug(g)), {0, ry, Ui::width_dp(), ry + 56}, g.empty() ? "No group" : g,
             g == cur, [id, g](Phone& p) { move_to(p, id, g); });
    ui.advance(56);
  }
  const float y = ui.cursor_y() + 8;
  ui.label_at("reader.move.new_title", 16, y, "Or create a new group", Font::Label, color::kOnSurfaceVariant);
  ui.text_field("reader.move.new", {16, y + 24, Ui::width_dp() - 16, y + 80}, "New group", "/apps/reader/draft_group", "Group name");
  error_line(ui, phone, 16, y + 84);
  ui.button("reader.move.create", {Ui::width_dp() - 184, y + 108, Ui::width_dp() - 16, y + 156}, "Create and move", true, [id](Phone& p) {
    const std::string name = trim(st(p).value("draft_group", ""));
    const std::string err = group_name_error(p, name);
    if (!err.empty()) {
      p.page_state()["error"] = err;
      return;
    }
    st(p)["groups"].push_back(name);
    st(p)["draft_group"] = "";
    move_to(p, id, name);
  });
  ui.advance(172);
  ui.end_scroll();
}

// ---- groups: create and delete shelf groups ----
void groups_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.top_bar("reader.groups.title", "Groups", true);
  float y = area.t + 72;
  ui.text_field("reader.groups.field", {16, y, Ui::width_dp() - 112, y + 56}, "New group", "/apps/reader/draft_group", "Group name");
  ui.button("reader.groups.create", {Ui::width_dp() - 104, y + 4, Ui::width_dp() - 16, y + 52}, "Create", true, [](Phone& p) {
    const std::string name = trim(st(p).value("draft_group", ""));
    const std::string err = group_name_error(p, name);
    if (!err.empty()) {
      p.page_state()["error"] = err;
      return;
    }
    st(p)["groups"].push_back(name);
    st(p)["draft_group"] = "";
    p.page_state()["error"] = "";
    p.clear_focus();
    p.toast("Group \"" + name + "\" created");
  });
  error_line(ui, phone, 16, y + 60);
  y += 84;
  ui.begin_scroll("reader.groups.list", {0, y, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
  const json groups = st(phone).value("groups", json::array());
  if (groups.empty()) {
    ui.text_centered(16, Ui::width_dp() - 16, ui.cursor_y() + 32, "No groups yet", Font::Body, color::kOnSurfaceVariant);
    ui.advance(80);
  }
  for (const json& gj : groups) {
    const std::string g = gj.get<std::string>();
    int n = 0;
    for (const json& e : st(phone).value("shelf", json::array())) n += e.value("group", "") == g;
    const float ry = ui.cursor_y();
    ui.icon(32, ry + 36, "folder", Font::Icon, kAccent);
    ui.text(64, ry + 14, ui.ellipsize(g, Font::BodyLarge, Ui::width_dp() - 136), Font::BodyLarge, color::kOnSurface);
    ui.text(64, ry + 40, std::to_string(n) + (n == 1 ? " book" : " books"), Font::Body, color::kOnSurfaceVariant);
    ui.item("reader.groups.group." + slug(g), "android.widget.LinearLayout", {0, ry, Ui::width_dp() - 56, ry + 72}, g, [g](Phone& p) {
      st(p)["shelf_group"] = g;
      p.clear_focus();
      p.back();
    });
    ui.icon_button("reader.groups.delete." + slug(g), Ui::width_dp() - 28, ry + 36, "delete_outline", "Delete group " + g,
                   color::kOnSurfaceVariant, [g](Phone& p) {
                     p.clear_focus();
                     p.show_dialog({{"owner", kApp},
                                    {"kind", "alert"},
                                    {"title", "Delete group?"},
                                    {"text", "\"" + g + "\" will be deleted. Its books stay on your shelf."},
                                    {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}},
                                                             {{"id", "delete"}, {"label", "Delete"}}})},
                                    {"data", {{"action", "delete_group"}, {"group", g}}}});
                   });
    ui.advance(72);
  }
  ui.end_scroll();
}

// ---- stats: minutes per day (last 7 days), totals, finished books, the daily log ----
void stats_page(Ui& ui, Phone& phone) {
  const Rect area = Ui::content_area();
  ui.headline("reader.stats.title", 16, area.t + 12, "Reading stats");
  ui.begin_scroll("reader.stats.list", {0, area.t + 60, Ui::width_dp(), area.b - kNavH}, phone.page_pointer() + "/scroll");
  const auto log = reading_log(phone);
  const std::int64_t t0 = today(phone);
  auto minutes = [&](std::int64_t day) {
    auto it = log.find(iso_day(day));
    return it == log.end() ? 0 : it->second / 60;
  };
  int week = 0, month = 0, last_month = 0;
  for (int i = 0; i < 7; ++i) week += minutes(t0 - i);
  const Ymd tn = civil(t0);
  char prev[8];
  std::snprintf(prev, sizeof prev, "%04d-%02d", tn.m == 1 ? tn.y - 1 : tn.y, tn.m == 1 ? 12 : tn.m - 1);
  for (const auto& [d, s] : log) {
    if (d.substr(0, 7) == iso_day(t0).substr(0, 7)) month += s / 60;
    if (d.substr(0, 7) == prev) last_month += s / 60;
  }
  float y = ui.cursor_y() + 4;
  // Three summary cards.
  struct Card {
    const char* id;
    std::string value, label;
  };
  const std::vector<Card> cards = {{"reader.stats.today", std::to_string(minutes(t0)) + " min", "Today"},
                                   {"reader.stats.week", std::to_string(week) + " min", "Last 7 days"},
                                   {"reader.stats.finished_count", std::to_string(st(phone).value("finished", json::array()).size()),
                                    "Books finished"}};
  const float cw = (Ui::width_dp() - 48) / 3;
  for (int i = 0; i < 3; ++i) {
    const float x = 16 + (cw + 8) * static_cast<float>(i);
    ui.fill({x, y, x + cw, y + 76}, color::kSurfaceContainer, 12);
    ui.text_centered(x, x + cw, y + 12, cards[i].value, Font::Title, kAccent);
    ui.text_centered(x, x + cw, y + 46, ui.ellipsize(cards[i].label, Font::Label, cw - 8), Font::Label, color::kOnSurfaceVariant);
    ui.label(cards[i].id, {x, y, x + cw, y + 76}, cards[i].label + ": " + cards[i].value);
  }
  y += 92;
  // The bar chart of the last 7 days.
  ui.label_at("reader.stats.chart_title", 16, y, "Minutes read, last 7 days", Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 32);
  y += 32;
  const float ch = 120, bw = (Ui::width_dp() - 32) / 7;
  int mx = 30;
  for (int i = 0; i < 7; ++i) mx = std::max(mx, minutes(t0 - i));
  for (int i = 0; i < 7; ++i) {
    const std::int64_t d = t0 - 6 + i;
    const int m = minutes(d);
    const float x = 16 + bw * static_cast<float>(i), h = ch * static_cast<float>(m) / static_cast<float>(mx);
    ui.fill({x + 10, y + 20 + ch - h, x + bw - 10, y + 20 + ch}, d == t0 ? kAccent : 0x9CCFC3, 4);
    ui.text_centered(x, x + bw, y + 2 + ch - h, std::to_string(m), Font::Label, color::kOnSurface);
    const std::string wd = weekday_name(civil_from_ms(d * 86400000LL).weekday, true);
    ui.text_centered(x, x + bw, y + ch + 26, wd, Font::Label, color::kOnSurfaceVariant);
    ui.label("reader.stats.bar." + iso_day(d), {x, y, x + bw, y + ch + 44}, long_date(d) + ": " + std::to_string(m) + " min");
  }
  y += ch + 56;
  ui.label_at("reader.stats.month", 16, y,
              "This month: " + std::to_string(month) + " min \xC2\xB7 " + month_name(tn.m == 1 ? 12 : tn.m - 1, true) + ": " +
                  std::to_string(last_month) + " min",
              Font::Body, color::kOnSurfaceVariant, Ui::width_dp() - 32);
  y += 36;
  // Finished books, newest first.
  ui.label_at("reader.stats.finished_title", 16, y, "Books finished", Font::Title, color::kOnSurface, Ui::width_dp() - 32);
  y += 40;
  std::vector<json> fin;
  for (const json& f : st(phone).value("finished", json::array())) fin.push_back(f);
  std::stable_sort(fin.begin(), fin.end(), [](const json& a, const json& b) {
    return a.value("finished_ms", std::int64_t{0}) > b.value("finished_ms", std::int64_t{0});
  });
  ui.set_cursor(y);
  for (const json& f : fin) {
    const std::string id = f.value("book", "");
    const json* b = book(id);
    const float ry = ui.cursor_y();
    if (b) cover(ui, {16, ry + 8, 48, ry + 56}, *b);
    ui.text(64, ry + 8, ui.ellipsize(f.value("title", ""), Font::BodyLarge, Ui::width_dp() - 80), Font::BodyLarge, color::kOnSurface);
    ui.text(64, ry + 32, ui.ellipsize((b ? b->value("author", "") + " \xC2\xB7 " : std::string()) + "Finished " +
                                          short_date(local_day(phone, f.value("finished_ms", std::int64_t{0}))),
                                      Font::Body, Ui::width_dp() - 80),
            Font::Body, color::kOnSurfaceVariant);
    ui.label("reader.stats.finished." + id, {0, ry, Ui::width_dp(), ry + 64}, f.value("title", ""));
    ui.advance(64);
  }
  // The daily log, newest first.
  y = ui.cursor_y() + 16;
  ui.label_at("reader.stats.log_title", 16, y, "Daily reading", Font::Title, color::kOnSurface, Ui::width_dp() - 32);
  ui.set_cursor(y + 40);
  for (auto it = log.rbegin(); it != log.rend(); ++it) {
    const std::int64_t d = parse_iso(it->first);
    const float ry = ui.cursor_y();
    const std::string m = std::to_string(it->second / 60) + " min";
    ui.text(16, ry + 14, long_date(d), Font::BodyLarge, color::kOnSurface);
    ui.text(Ui::width_dp() - 16 - ui.text_width(m, Font::BodyLarge), ry + 14, m, Font::BodyLarge, color::kOnSurface);
    ui.label("reader.stats.day." + it->first, {0, ry, Ui::width_dp(), ry + 48}, long_date(d) + ": " + m);
    ui.fill({16, ry + 47, Ui::width_dp() - 16, ry + 48}, color::kSurfaceVariant);
    ui.advance(48);
  }
  ui.advance(16);
  ui.end_scroll();
  tab_bar(ui, "stats");
}

// ---------------------------------------------------------------- the app

class ReaderApp : public App {
 public:
  ReaderApp() {
    add_page("shelf", shelf_page);
    add_page("store", store_page);
    add_page("category", category_page);
    add_page("rankings", rankings_page);
    add_page("search", search_page);
    add_page("book", book_page);
    add_page("read", read_page);
    add_page("toc", toc_page);
    add_page("display", display_page);
    add_page("annotate", annotate_page);
    add_page("notes", notes_page);
    add_page("move", move_page);
    add_page("groups", groups_page);
    add_page("stats", stats_page);
    // Every book of the store {id, title, author, category, chapters, ...}.
    add_export("books", [](Phone&, const json&) { return json(books()); });
    // The shelf [{book, title, group, added_ms}] (other apps may list what the user reads).
    add_export("shelf", [](Phone& p, const json&) { return st(p).value("shelf", json::array()); });
  }

  /// Reading time: while the reading page is in front, the clock's advance is added to today's
  /// entry of reading_log (whole seconds; the remainder carries in carry_ms).
  void on_time(Phone& phone, std::int64_t from_ms, std::int64_t to_ms) override {
    if (to_ms <= from_ms || phone.foreground() != kApp || phone.current_page() != "read") return;
    json& s = st(phone);
    const std::int64_t total = s.value("carry_ms", std::int64_t{0}) + (to_ms - from_ms);
    const std::int64_t secs = total / 1000;
    s["carry_ms"] = total % 1000;
    if (secs <= 0) return;
    const std::string day = iso_day(today(phone));
    const json* w = World::instance().entity(kApp, "reading_log", day);
    json& log = s["reading_log"];
    if (!log.is_object()) log = json::object();
    const int cur = log.contains(day) && log[day].is_object() ? log[day].value("seconds", 0)
                    : w                                       ? w->value("seconds", 0)
                                                              : 0;
    log[day] = {{"seconds", cur + static_cast<int>(secs)}};
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    const json data = dialog.value("data", json::object());
    const std::string book_id = data.value("book", "");
    if (data.value("menu", "") == "shelf") {
      if (button == "details") {
        phone.go("details", {{"book", book_id}});
      } else if (button == "move") {
        st(phone)["draft_group"] = "";
        phone.go("move", {{"book", book_id}, {"error", ""}});
      } else if (button == "finished") {
        if (const json* b = book(book_id)) finish_book(phone, *b);
      } else if (button == "remove") {
        confirm_remove(phone, book_id);
      }
      return;
    }
    const std::string action = data.value("action", "");
    json& s = st(phone);
    if (action == "remove" && button == "remove") {
      json& shelf = s["shelf"];
      for (std::size_t i = 0; i < shelf.size(); ++i)
        if (shelf[i].value("book", "") == book_id) {
          shelf.erase(i);
          phone.toast("Removed from your bookshelf");
          return;
        }
    } else if (action == "delete_highlight" && button == "delete") {
      const std::string hid = data.value("id", "");
      json& list = s["highlights"];
      for (std::size_t i = 0; i < list.size(); ++i)
        if (list[i].value("id", "") == hid) {
          list.erase(i);
          if (phone.current_page() == "annotate") phone.back();
          phone.toast("Highlight deleted");
          return;
        }
    } else if (action == "delete_group" && button == "delete") {
      const std::string g = data.value("group", "");
      json& groups = s["groups"];
      for (std::size_t i = 0; i < groups.size(); ++i)
        if (groups[i] == g) {
          groups.erase(i);
          break;
        }
      for (json& e : s["shelf"])
        if (e.value("group", "") == g) e["group"] = "";
      if (s.value("shelf_group", "") == g) s["shelf_group"] = "";
      phone.toast("Group deleted");
    }
  }
};

}  // namespace
PG_REGISTER_APP("reader", ReaderApp);
}  // namespace pg
