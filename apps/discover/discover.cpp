// Discover (a RedNote / Pinterest-like app): a two-column masonry feed of note cards (drawn
// picture, title, creator, likes) with Explore / Following / Nearby tabs and topic filters; search
// over notes and users with recent searches; a note's page (picture carousel with dots and swipes,
// title, text, tags, place, date, like, collect into boards, comments with replies and likes,
// follow the creator, share through an android SEND intent); creator profiles (notes, boards,
// follow); the owner's profile (notes, collected boards, liked notes); publishing a note (1-9
// Gallery photos picked in an in-app picker, a title of at most 20 characters, text, tags, a place
// from Maps' "places" export) and editing or deleting one's own notes (delete asks first).
// World data: apps/discover/world/{users,notes,comments,boards}.json, seen through the overlays
// apps.discover.<collection> (docs/apps/discover.md).
#include "apps/discover/discover_art.hpp"
#include "apps/discover/discover_model.hpp"
#include "apps/gallery/photos.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;
using namespace discover;

constexpr float kBarDp = 56;  // the bottom bars (navigation; a note's like / collect / comment bar)
constexpr std::uint32_t kRed = 0xFF2442, kFeedBg = 0xF5F5F5, kInk = 0x222222, kGrey = 0x8A8A8A, kLink = 0x13386C,
                        kDivider = 0xEEEEEE;
constexpr const char* kSendAction = "android.intent.action.SEND";
constexpr const char* kSite = "https://discover.example.com/n/";

const char* const kTopics[] = {"all", "food", "travel", "fashion", "home", "pets", "fitness", "beauty"};
const char* const kTopicLabels[] = {"All", "Food", "Travel", "Fashion", "Home", "Pets", "Fitness", "Beauty"};

// ---------------------------------------------------------------- small widgets (candidates for sim/ui)

/// Discover's single-line fields in its red: the toolkit's filled field (sim/ui), or its pill look.
void line_box(Ui& ui, Phone&, const std::string& id, const Rect& r, const std::string& label, const std::string& path,
              const std::string& placeholder, bool pill = false) {
  ui.filled_field(id, r, label, path, placeholder, {kRed, "letters", pill, {}});
}

/// Discover's note and comment bodies in its red: the toolkit's compose area (sim/ui).
float text_area(Ui& ui, Phone&, const std::string& id, float x, float y, float w, float min_h, const std::string& path,
                const std::string& placeholder, int max_lines) {
  return ui.compose_area(id, x, y, w, min_h, path, placeholder, max_lines, {kRed, "letters", false, {}});
}

/// RedNote's text tabs across `bar`: equal widths, the current one in dark ink over a short red
/// bar. One TextView node `<prefix><key>` per tab (selected = current); a tap runs `on_select`.
void red_tabs(Ui& ui, const std::string& prefix, const Rect& bar, const std::vector<Ui::Tab>& tabs, int selected,
              const std::function<void(Phone&, int)>& on_select) {
  ui.fill(bar, 0xFFFFFF);
  ui.fill({bar.l, bar.b - 1, bar.r, bar.b}, kDivider);
  const float w = bar.w() / static_cast<float>(tabs.size());
  for (std::size_t i = 0; i < tabs.size(); ++i) {
    const float l = bar.l + w * static_cast<float>(i);
    const bool on = static_cast<int>(i) == selected;
    ui.text_centered(l, l + w, bar.t + (bar.h() - 20) / 2, tabs[i].label, on ? Font::BodyLarge : Font::Body, on ? kInk : kGrey);
    if (on) ui.fill({l + w / 2 - 14, bar.b - 5, l + w / 2 + 14, bar.b - 2}, kRed, 1.5f);
    const int idx = static_cast<int>(i);
    Node& n = ui.item(prefix + tabs[i].key, "android.widget.TextView", {l, bar.t, l + w, std::max(bar.b, bar.t + 48)}, tabs[i].label,
                      [on_select, idx](Phone& p) { on_select(p, idx); });
    n.selected = on;
  }
}

/// A filled red button (RedNote's primary action) over `r`: Button node `id`.
void red_button(Ui& ui, const std::string& id, const Rect& r, const std::string& label, Handler on_click) {
  const float h = std::min(r.h(), 44.f), t = r.t + (r.h() - h) / 2;
  ui.fill({r.l, t, r.r, t + h}, kRed, h / 2);
  ui.text_centered(r.l, r.r, t + (h - 20) / 2, ui.ellipsize(label, Font::BodyLarge, r.w() - 16), Font::BodyLarge, 0xFFFFFF);
  ui.item(id, "android.widget.Button", r, label, std::move(on_click));
}

/// A user's round avatar: their colour and initial.
void user_avatar(Ui& ui, Phone& phone, float cx, float cy, float r, const std::string& uid) {
  const std::string name = user_name(phone, uid);
  const std::string letter = name.empty() ? "" : std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(name[0]))));
  const Font f = r >= 28 ? Font::Headline : r >= 14 ? Font::Body : Font::Label;
  ui.avatar(cx, cy, r, letter, user_color(phone, uid), 0xFFFFFF, f);
}

/// A pill button (Follow / Following, Edit profile): filled red or outlined grey. Button node.
void pill_button(Ui& ui, const std::string& id, const Rect& r, const std::string& label, bool filled, Handler on_click) {
  const float h = std::min(r.h(), 32.f), t = r.t + (r.h() - h) / 2;
  const Rect v{r.l, t, r.r, t + h};
  if (filled) ui.fill(v, kRed, h / 2);
  else ui.stroke(v, 0xCCCCCC, h / 2, 1);
  ui.text_centered(v.l, v.r, v.t + (h - ui.line_height(Font::Body)) / 2 - 1, ui.ellipsize(label, Font::Body, v.w() - 12), Font::Body,
                   filled ? 0xFFFFFF : 0x555555);
  ui.item(id, "android.widget.Button", {r.l, r.t - std::max(0.f, (48 - r.h()) / 2), r.r, r.b + std::max(0.f, (48 - r.h()) / 2)}, label,
          std::move(on_click));
}

// ---------------------------------------------------------------- actions

/// Opens note `id` at its first picture.
void open_note(Phone& p, const std::string& id) {
  p.clear_focus();
  if (!p.navigate("open_note")) return;
  p.page_state()["note"] = id;
  p.page_state()["img"] = 0;
}

void open_user(Phone& p, const std::string& uid) {
  p.clear_focus();
  if (uid == kMe) {
    p.back_to_root();
    p.navigate("tab_me");
    return;
  }
  if (!p.navigate("open_user")) return;
  p.page_state()["user"] = uid;
  own_state(p, kApp)["user_tab"] = "notes";
}

void open_board(Phone& p, const std::string& bid) {
  p.clear_focus();
  if (p.navigate("open_board")) p.page_state()["board"] = bid;
}

/// Adds `q` to the front of the recent searches (each once, at most 10).
void remember_search(Phone& p, const std::string& q) {
  const std::string t = trim(q);
  if (t.empty()) return;
  json& st = own_state(p, kApp);
  json recent = json::array({t});
  for (const json& r : st.value("recent", json::array()))
    if (fold(r.get<std::string>()) != fold(t) && recent.size() < 10) recent.push_back(r);
  st["recent"] = recent;
}

void open_search(Phone& p, const std::string& q) {
  json& st = own_state(p, kApp);
  st["query"] = q;
  st["search_tab"] = "notes";
  p.clear_focus();
  if (!p.navigate("search")) return;
  if (q.empty()) p.focus("discover.search.field", "/apps/discover/query");
  else remember_search(p, q);
}

void toggle_like(Phone& p, const std::string& id) {
  const json n = find(p, "notes", id);
  if (missing(n)) return;
  update(p, "notes", id, {{"liked", !n.value("liked", false)}});
}

void toggle_follow(Phone& p, const std::string& uid) {
  const json u = find(p, "users", uid);
  if (missing(u)) return;
  const bool now = !u.value("followed", false);
  update(p, "users", uid, {{"followed", now}});
  p.toast(now ? "Following " + u.value("name", "") : "Unfollowed " + u.value("name", ""));
}

void toggle_comment_like(Phone& p, const std::string& cid) {
  const json c = find(p, "comments", cid);
  if (missing(c)) return;
  update(p, "comments", cid, {{"liked", !c.value("liked", false)}});
}

std::string note_link(const std::string& id) { return kSite + id; }

/// Shares a note as text through the chooser (Messages, Chat): title, author, link.
void share_note(Phone& p, const json& note) {
  const std::string text = note.value("title", "") + " by " + user_name(p, note.value("author", "")) + " on Discover " +
                           note_link(note.value("id", ""));
  p.start_intent({{"action", kSendAction},
                  {"type", "text/plain"},
                  {"extras", {{"android.intent.extra.TEXT", text}, {"text", text}, {"subject", note.value("title", "")}}}});
}

/// The ⋯ menu of one's own note: Edit, Delete.
void note_menu(Phone& p, const std::string& id) {
  p.clear_focus();
  p.show_dialog({{"owner", kApp},
                 {"kind", "choice"},
                 {"title", "Note options"},
                 {"text", ""},
                 {"buttons", json::array({{{"id", "edit"}, {"label", "Edit note"}},
                                          {{"id", "delete"}, {"label", "Delete note"}},
                                          {{"id", "cancel"}, {"label", "Cancel"}}})},
                 {"data", {{"menu", id}}}});
}

/// The picture a form's photo entry stands for: a Gallery id, or "scene:<i>" (picture i of the
/// note being edited).
json form_image(const Phone& p, const std::string& token) {
  if (token.rfind("scene:", 0) == 0) {
    const json n = find(p, "notes", S(p).value("edit", json::object()).value("note", ""));
    const json images = n.value("images", json::array());
    const std::size_t i = static_cast<std::size_t>(std::atoi(token.c_str() + 6));
    if (i < images.size()) {
      json im = images[i];
      im.erase("h");
      return im;
    }
    return json();
  }
  return json{{"photo", token}};
}

json blank_draft() { return {{"photos", json::array()}, {"title", ""}, {"text", ""}, {"tags", ""}, {"place", ""}, {"place_id", ""}, {"error", ""}}; }

/// Opens the publish form (a draft in progress is kept, as RedNote keeps it).
void open_publish(Phone& p) {
  p.clear_focus();
  json& st = own_state(p, kApp);
  if (!st["draft"].is_object()) st["draft"] = blank_draft();
  p.navigate("publish");
}

/// Opens the edit form of one's own note, filled with the note.
void open_edit(Phone& p, const std::string& id) {
  const json n = find(p, "notes", id);
  if (missing(n) || n.value("author", "") != kMe) return;
  json photos = json::array();  // Gallery ids, and "scene:<i>" for the note's own picture i
  const json images = n.value("images", json::array());
  for (std::size_t i = 0; i < images.size(); ++i)
    photos.push_back(images[i].contains("photo") ? images[i]["photo"].get<std::string>() : "scene:" + std::to_string(i));
  json e = {{"note", id}, {"photos", photos}, {"title", n.value("title", "")}, {"text", n.value("text", "")},
            {"tags", tags_text(n.value("tags", json::array()))}, {"place", n.value("place", "")},
            {"place_id", n.value("place_id", "")}, {"error", ""}};
  own_state(p, kApp)["edit"] = e;
  p.clear_focus();
  p.navigate("edit");
}

// ---------------------------------------------------------------- the masonry feed

/// The first picture's height for a card `w` dp wide (its "h" is the height in % of the width).
float card_image_h(const json& note, float w) {
  const json images = note.value("images", json::array());
  const int h = images.empty() ? 100 : images[0].value("h", 100);
  return w * static_cast<float>(std::clamp(h, 60, 140)) / 100.f;
}

/// A card's height for a card `w` dp wide: picture, title lines, the creator row.
float card_height(const Ui& ui, const json& note, float w) {
  const std::size_t lines = ui.wrap(note.value("title", ""), Font::Body, w - 16, 2).size();
  return card_image_h(note, w) + 8 + static_cast<float>(lines) * 19 + 36;
}

/// One note card at (x, y), `w` wide: picture, title (2 lines), avatar, name, likes. Returns its height.
float note_card(Ui& ui, Phone& phone, const std::string& prefix, const json& note, float x, float y, float w) {
  const std::string id = note.value("id", "");
  const float ih = card_image_h(note, w);
  const std::vector<std::string> lines = ui.wrap(note.value("title", ""), Font::Body, w - 16, 2);
  const float h = card_height(ui, note, w);
  ui.fill({x, y, x + w, y + h}, 0xFFFFFF, 8);
  const json images = note.value("images", json::array());
  draw_image(ui, phone, {x, y, x + w, y + ih}, images.empty() ? json() : images[0]);
  if (images.size() > 1) {
    ui.fill({x + w - 30, y + 6, x + w - 6, y + 22}, 0x000000, 8, 0.35f);
    ui.icon(x + w - 18, y + 14, "photo_library", Font::IconSmall, 0xFFFFFF);
  }
  float ty = y + ih + 8;
  for (const std::string& l : lines) {
    ui.text(x + 8, ty, l, Font::Body, kInk);
    ty += 19;
  }
  const std::string author = note.value("author", "");
  const float fy = ty + 4 + 14;
  user_avatar(ui, phone, x + 18, fy, 9, author);
  const bool liked = note.value("liked", false);
  const std::string likes = count_text(shown_likes("notes", note));
  const float lw = ui.text_width(likes, Font::Label);
  ui.text(x + w - 8 - lw, fy - 8, likes, Font::Label, kGrey);
  ui.icon(x + w - 8 - lw - 11, fy, liked ? "favorite" : "favorite_border", Font::IconSmall, liked ? kRed : kGrey);
  ui.text_fit(x + 32, fy - 8, user_name(phone, author), Font::Label, 0x666666, w - 32 - lw - 30);
  Node& n = ui.item(prefix + id, "android.widget.FrameLayout", {x, y, x + w, y + h}, note.value("title", ""),
                    [id](Phone& p) {
                      if (p.current_page() == "search") remember_search(p, S(p).value("query", ""));
                      open_note(p, id);
                    });
  n.desc = "by " + user_name(phone, author) + ", " + likes + " likes";
  n.selected = liked;
  return h;
}

/// A scrolling two-column masonry of `notes` in `area`: each card goes under the shorter column.
/// `header` (optional) draws above the cards inside the list and returns its height.
void masonry(Ui& ui, Phone& phone, const std::string& list_id, const std::string& prefix, const Rect& area,
             const std::vector<json>& notes, const std::string& empty_text, const std::function<float(float)>& header = {}) {
  ui.fill(area, kFeedBg);
  ui.begin_scroll(list_id, area, phone.page_pointer() + "/scroll");
  float top = ui.cursor_y();
  if (header) top += header(top);
  const float gap = 6, w = (Ui::width_dp() - 3 * gap) / 2;
  float col[2] = {top + gap, top + gap};
  // Only the cards in view are drawn (a draw list holds at most 65,536 vertices); the others
  // just take their place in their column.
  const float off = Ui::to_dp(static_cast<float>(phone.page_state().value("scroll", 0)));
  for (const json& n : notes) {
    const int c = col[1] < col[0] ? 1 : 0;
    const float h = card_height(ui, n, w);
    if (col[c] - off < area.b && col[c] + h - off > area.t)
      note_card(ui, phone, prefix, n, gap + static_cast<float>(c) * (w + gap), col[c], w);
    col[c] += h + gap;
  }
  if (notes.empty() && !empty_text.empty()) {
    ui.icon(Ui::width_dp() / 2, top + 80, "auto_awesome", Font::IconLarge, 0xCCCCCC);
    const std::vector<std::string> l = ui.wrap(empty_text, Font::Body, Ui::width_dp() - 64, 3);
    float y = top + 108;
    for (const std::string& s : l) {
      ui.text_centered(0, Ui::width_dp(), y, s, Font::Body, kGrey);
      y += 20;
    }
    ui.label(list_id + ".empty", {32, top + 104, Ui::width_dp() - 32, y + 4}, empty_text);
    col[0] = y + 24;
  }
  ui.set_cursor(std::max(col[0], col[1]) + 8);
  ui.end_scroll();
}

/// Notes newest first.
void newest_first(std::vector<json>& v) {
  std::stable_sort(v.begin(), v.end(), [](const json& a, const json& b) { return a.value("time_ms", 0LL) > b.value("time_ms", 0LL); });
}

// ---------------------------------------------------------------- bottom navigation

/// RedNote's bottom bar: Home, the red "+" (publish), Me.
void nav_bar(Ui& ui, const std::string& current) {
  const Rect a = Ui::content_area();
  const float t = a.b - kBarDp;
  ui.fill({0, t, Ui::width_dp(), a.b}, 0xFFFFFF);
  ui.fill({0, t, Ui::width_dp(), t + 1}, kDivider);
  const float cw = Ui::width_dp() / 3;
  auto tab = [&](int i, const std::string& key, const std::string& label) {
    const bool sel = current == key;
    const float cx = cw * static_cast<float>(i) + cw / 2;
    ui.text_centered(cx - cw / 2, cx + cw / 2, t + 17, label, sel ? Font::BodyLarge : Font::Body, sel ? kInk : kGrey);
    Node& n = ui.item("discover.nav." + key, "android.widget.FrameLayout", {cx - cw / 2, t, cx + cw / 2, a.b}, label,
                      [key](Phone& p) {
                        p.clear_focus();
                        if (p.current_page() == key) return p.set_scroll(0);
                        p.back_to_root();
                        if (key == "me") p.navigate("tab_me");
                      });
    n.selected = sel;
  };
  tab(0, "home", "Home");
  const float cx = Ui::width_dp() / 2;
  ui.fill({cx - 26, t + 10, cx + 26, t + 46}, kRed, 10);
  ui.icon(cx, t + 28, "add", Font::Icon, 0xFFFFFF);
  ui.item("discover.nav.publish", "android.widget.ImageButton", {cx - cw / 2, t, cx + cw / 2, a.b}, "", open_publish).desc =
      "Publish a note";
  tab(2, "me", "Me");
}

// ---------------------------------------------------------------- the app

class DiscoverApp : public App {
 public:
  DiscoverApp() {
    add_page("home", home_page);
    add_page("search", search_page);
    add_page("note", note_page);
    add_page("collect", collect_page);
    add_page("new_board", new_board_page);
    add_page("user", user_page);
    add_page("me", me_page);
    add_page("board", board_page);
    add_page("publish", publish_page);
    add_page("edit", edit_page);
    add_page("pick_photos", pick_photos_page);
    add_page("pick_place", pick_place_page);
    // Other apps read a note through this call (never the state): {"id"} ->
    // {"id", "title", "author", "link", "likes", "place"}; throws for an unknown note.
    add_export("note", [](Phone& p, const json& args) {
      const std::string id = args.value("id", "");
      const json n = find(p, "notes", id);
      if (missing(n)) throw std::invalid_argument("no note \"" + id + "\"");
      return json{{"id", id},
                  {"title", n.value("title", "")},
                  {"author", user_name(p, n.value("author", ""))},
                  {"link", note_link(id)},
                  {"likes", shown_likes("notes", n)},
                  {"place", n.value("place", "")}};
    });
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    const json data = dialog.value("data", json::object());
    if (button == "cancel") return;
    json& st = own_state(phone, kApp);
    if (data.contains("topic")) {  // the "more topics" chooser
      st["topic"] = button;
      if (phone.foreground() == kApp) phone.set_scroll(0);
      return;
    }
    if (data.contains("menu")) {
      const std::string id = data.value("menu", "");
      const json n = find(phone, "notes", id);
      if (missing(n) || n.value("author", "") != kMe) return;
      if (button == "edit") open_edit(phone, id);
      if (button == "delete")
        phone.show_dialog({{"owner", kApp},
                           {"kind", "alert"},
                           {"title", "Delete this note?"},
                           {"text", "\"" + n.value("title", "") + "\" and its comments will be deleted. You can't undo this."},
                           {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                           {"data", {{"delete", id}}}});
      return;
    }
    if (data.contains("delete") && button == "delete") {
      const std::string id = data.value("delete", "");
      if (missing(find(phone, "notes", id))) return;
      remove(phone, "notes", id);
      phone.toast("Note deleted");
      if (phone.foreground() == kApp && phone.current_page() == "note" && phone.page_state().value("note", "") == id) phone.back();
    }
    if (data.contains("board_delete") && button == "delete") {
      const std::string bid = data.value("board_delete", "");
      const json b = find(phone, "boards", bid);
      if (missing(b) || b.value("owner", "") != kMe) return;
      remove(phone, "boards", bid);
      phone.toast("Board deleted");
      if (phone.foreground() == kApp && phone.current_page() == "board") phone.back();
    }
  }

 private:
  // ---------------------------------------------------------------- home
  static std::vector<json> feed_notes(const Phone& phone) {
    const json& st = S(phone);
    const std::string feed = st.value("feed", "explore"), topic = st.value("topic", "all");
    std::vector<json> out;
    std::set<std::string> followed;
    if (feed == "following")
      for (const json& u : all(phone, "users"))
        if (u.value("followed", false)) followed.insert(u.value("id", ""));
    for (json& n : all(phone, "notes")) {
      const std::string author = n.value("author", "");
      if (feed == "explore") {
        if (author == kMe) continue;
        if (topic != "all" && n.value("topic", "") != topic) continue;
      } else if (feed == "following") {
        if (!followed.count(author)) continue;
      } else if (n.value("place_id", "").empty()) {
        continue;
      }
      out.push_back(std::move(n));
    }
    if (feed != "explore") newest_first(out);
    return out;
  }

  static void home_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& st = S(phone);
    const std::string feed = st.value("feed", "explore");
    static const char* const kFeeds[] = {"following", "explore", "nearby"};
    int sel = 1;
    for (int i = 0; i < 3; ++i)
      if (feed == kFeeds[i]) sel = i;
    ui.fill({0, area.t, Ui::width_dp(), area.t + 48}, 0xFFFFFF);
    // The three feeds as RedNote's centred text tabs.
    const float tw = 76, tl = (Ui::width_dp() - 3 * tw) / 2;
    static const char* const kFeedLabels[] = {"Following", "Explore", "Nearby"};
    for (int i = 0; i < 3; ++i) {
      const float l = tl + tw * static_cast<float>(i);
      const bool on = i == sel;
      ui.text_centered(l, l + tw, area.t + 13, kFeedLabels[i], on ? Font::BodyLarge : Font::Body, on ? kInk : kGrey);
      if (on) ui.fill({l + tw / 2 - 12, area.t + 40, l + tw / 2 + 12, area.t + 43}, kRed, 1.5f);
      const std::string key = kFeeds[i];
      Node& n = ui.item("discover.tab." + key, "android.widget.TextView", {l, area.t, l + tw, area.t + 48}, kFeedLabels[i],
                        [key](Phone& p) {
                          own_state(p, kApp)["feed"] = key;
                          p.set_scroll(0);
                        });
      n.selected = on;
    }
    ui.icon_button("discover.search", Ui::width_dp() - 28, area.t + 24, "search", "Search", kInk, [](Phone& p) { open_search(p, ""); });
    float top = area.t + 48;
    if (feed == "explore") {
      // Topic filters: All and five topics in view, the chosen one always shown, and "more".
      const std::string topic = st.value("topic", "all");
      std::vector<int> shown = {0, 1, 2, 3, 4, 5};
      int ti = 0;
      for (int i = 0; i < 8; ++i)
        if (topic == kTopics[i]) ti = i;
      if (ti > 5) shown[5] = ti;
      const float cw = (Ui::width_dp() - 48) / 6;
      ui.fill({0, top, Ui::width_dp(), top + 44}, 0xFFFFFF);
      for (int k = 0; k < 6; ++k) {
        const int i = shown[static_cast<std::size_t>(k)];
        const float l = cw * static_cast<float>(k);
        const bool on = i == ti;
        // One line in its sixth of the row: large text ellipsizes a long topic (the node keeps it whole).
        ui.text_centered(l, l + cw, top + 12, ui.ellipsize(kTopicLabels[i], Font::Body, cw - 4), Font::Body, on ? kInk : kGrey);
        if (on) ui.fill({l + cw / 2 - 8, top + 34, l + cw / 2 + 8, top + 36}, kInk, 1);
        const std::string key = kTopics[i];
        Node& n = ui.item("discover.topic." + key, "android.widget.TextView", {l, top - 2, l + cw, top + 46}, kTopicLabels[i],
                          [key](Phone& p) {
                            own_state(p, kApp)["topic"] = key;
                            p.set_scroll(0);
                          });
        n.selected = on;
      }
      ui.icon_button("discover.topic.more", Ui::width_dp() - 24, top + 22, "more_horiz", "More topics", kGrey, [](Phone& p) {
        json buttons = json::array();
        for (int i = 0; i < 8; ++i) buttons.push_back({{"id", kTopics[i]}, {"label", kTopicLabels[i]}});
        buttons.push_back({{"id", "cancel"}, {"label", "Cancel"}});
        p.show_dialog({{"owner", kApp}, {"kind", "choice"}, {"title", "Topics"}, {"text", ""}, {"buttons", buttons},
                       {"data", {{"topic", true}}}});
      });
      top += 46;
    } else {
      top += 2;
    }
    const std::string empty = feed == "following" ? "Follow creators to see their new notes here"
                              : feed == "nearby"  ? "No notes near you yet"
                                                  : "No notes in this topic yet";
    masonry(ui, phone, "discover.feed", "discover.card.", {0, top, Ui::width_dp(), area.b - kBarDp}, feed_notes(phone), empty,
            feed == "nearby" ? std::function<float(float)>([&ui](float y) {
              ui.icon(24, y + 20, "near_me", Font::IconSmall, kGrey);
              ui.label_at("discover.feed.near", 36, y + 12, "Notes from places around Bayview", Font::Body, kGrey);
              return 36.f;
            })
                             : std::function<float(float)>());
    nav_bar(ui, "home");
  }

  // ---------------------------------------------------------------- search
  static std::vector<json> search_notes(const Phone& p, const std::string& q) {
    std::vector<json> out;
    if (trim(q).empty()) return out;
    for (json& n : all(p, "notes"))
      if (note_matches(n, q)) out.push_back(std::move(n));
    return out;
  }

  static std::vector<json> search_users(const Phone& p, const std::string& q) {
    std::vector<json> out;
    const std::string fq = fold(trim(q));
    if (fq.empty()) return out;
    for (json& u : all(p, "users"))
      if (fold(u.value("name", "")).find(fq) != std::string::npos || fold(u.value("handle", "")).find(fq) != std::string::npos)
        out.push_back(std::move(u));
    return out;
  }

  static void search_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& st = S(phone);
    const std::string q = st.value("query", "");
    ui.fill({0, area.t, Ui::width_dp(), area.b}, 0xFFFFFF);
    ui.icon_button("discover.search.back", 24, area.t + 28, "arrow_back", "Back", kInk, [](Phone& p) { p.back(); });
    line_box(ui, phone, "discover.search.field", {48, area.t + 4, Ui::width_dp() - 68, area.t + 52}, "", "/apps/discover/query",
             "Search notes and people", true);
    ui.text_centered(Ui::width_dp() - 68, Ui::width_dp() - 4, area.t + 17, "Search", Font::BodyLarge, kInk);
    ui.item("discover.search.go", "android.widget.Button", {Ui::width_dp() - 68, area.t + 4, Ui::width_dp() - 4, area.t + 52}, "Search", [](Phone& p) {
      remember_search(p, S(p).value("query", ""));
      p.clear_focus();
    });
    float y = area.t + 56;
    if (trim(q).empty()) {
      const json recent = st.value("recent", json::array());
      if (!recent.empty()) {
        ui.text(16, y + 14, "Recent searches", Font::BodyLarge, kInk);
        ui.icon_button("discover.search.clear", Ui::width_dp() - 28, y + 24, "delete", "Clear recent searches", kGrey,
                       [](Phone& p) { own_state(p, kApp)["recent"] = json::array(); });
        y += 48;
        float x = 16;
        for (std::size_t i = 0; i < recent.size(); ++i) {
          const std::string r = recent[i].get<std::string>();
          const float w = std::min(Ui::width_dp() - 32, ui.text_width(r, Font::Body) + 28);
          if (x + w > Ui::width_dp() - 16) {
            x = 16;
            y += 48;
          }
          ui.fill({x, y + 8, x + w, y + 40}, 0xF2F2F2, 16);
          ui.text(x + 14, y + 15, ui.ellipsize(r, Font::Body, w - 28), Font::Body, 0x444444);
          ui.item("discover.search.recent." + std::to_string(i), "android.widget.Button", {x, y, x + w, y + 48}, r,
                  [r](Phone& p) {
                    own_state(p, kApp)["query"] = r;
                    remember_search(p, r);
                    p.clear_focus();
                  });
          x += w + 8;
        }
        y += 56;
      }
      ui.text(16, y + 14, "Trending on Discover", Font::BodyLarge, kInk);
      y += 48;
      static const char* const kTrending[] = {"cozy home", "matcha", "winter outfits", "lisbon", "home workout", "skincare routine"};
      for (int i = 0; i < 6; ++i) {
        const std::string t = kTrending[i];
        ui.text(16, y + 14, std::to_string(i + 1), Font::BodyLarge, i < 3 ? kRed : kGrey);
        ui.text(44, y + 14, t, Font::BodyLarge, kInk);
        ui.item("discover.search.trend." + std::to_string(i), "android.widget.TextView", {0, y, Ui::width_dp(), y + 48}, t, [t](Phone& p) {
          own_state(p, kApp)["query"] = t;
          remember_search(p, t);
          p.clear_focus();
        });
        y += 48;
      }
      return;
    }
    const std::string tab = st.value("search_tab", "notes");
    red_tabs(ui, "discover.search.tab.", {0, y, Ui::width_dp(), y + 48}, {{"notes", "Notes", ""}, {"users", "Users", ""}}, tab == "users" ? 1 : 0,
            [](Phone& p, int i) {
              own_state(p, kApp)["search_tab"] = i == 1 ? "users" : "notes";
              p.set_scroll(0);
            });
    y += 48;
    if (tab == "notes") {
      const std::vector<json> found = search_notes(phone, q);
      masonry(ui, phone, "discover.search.notes", "discover.search.note.", {0, y, Ui::width_dp(), area.b}, found,
              "No notes found for \"" + trim(q) + "\"", [&ui, n = found.size()](float top) {
                const std::string c = std::to_string(n) + (n == 1 ? " note" : " notes");
                ui.label_at("discover.search.count", 12, top + 8, c, Font::Label, kGrey);
                return 24.f;
              });
      return;
    }
    const std::vector<json> users = search_users(phone, q);
    ui.begin_scroll("discover.search.users", {0, y, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    ui.label_at("discover.search.count", 16, ui.cursor_y() + 8, std::to_string(users.size()) + (users.size() == 1 ? " user" : " users"),
                Font::Label, kGrey);
    ui.advance(28);
    for (const json& u : users) {
      const float ry = ui.cursor_y();
      const std::string uid = u.value("id", "");
      user_avatar(ui, phone, 40, ry + 36, 24, uid);
      ui.text_fit(76, ry + 14, u.value("name", ""), Font::BodyLarge, kInk, Ui::width_dp() - 76 - 112);
      ui.text_fit(76, ry + 38, "@" + u.value("handle", "") + " \xC2\xB7 " + count_text(shown_followers(u)) + " followers", Font::Label,
                  kGrey, Ui::width_dp() - 76 - 112);
      ui.item("discover.search.user." + uid, "android.widget.LinearLayout", {0, ry, Ui::width_dp() - 104, ry + 72}, u.value("name", ""),
              [uid](Phone& p) {
                remember_search(p, S(p).value("query", ""));
                open_user(p, uid);
              });
      const bool f = u.value("followed", false);
      pill_button(ui, "discover.search.user." + uid + ".follow", {Ui::width_dp() - 100, ry + 16, Ui::width_dp() - 16, ry + 56}, f ? "Following" : "Follow", !f,
                  [uid](Phone& p) { toggle_follow(p, uid); });
      ui.advance(72);
    }
    if (users.empty()) {
      ui.label_at("discover.search.users.empty", 16, ui.cursor_y() + 16, "No users found for \"" + trim(q) + "\"", Font::Body, kGrey,
                  Ui::width_dp() - 32);
      ui.advance(48);
    }
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- a note
  /// The top of the comment input bar (over the keyboard when it is up, else at the bottom).
  static float input_top(const Phone& phone) { return Ui::content_area().b - keyboard_height_dp(phone) - 64; }

  static void note_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string id = phone.page_state().value("note", "");
    const json note = find(phone, "notes", id);
    ui.fill({0, area.t, Ui::width_dp(), area.b}, 0xFFFFFF);
    ui.icon_button("discover.note.back", 24, area.t + 28, "arrow_back", "Back", kInk, [](Phone& p) { p.back(); });
    if (missing(note)) {
      ui.label_at("discover.note.gone", 16, area.t + 120, "This note has been deleted", Font::BodyLarge, kGrey, Ui::width_dp() - 32);
      return;
    }
    const std::string author = note.value("author", ""), author_name = user_name(phone, author);
    const bool mine = author == kMe;
    // Header: avatar and name (the creator's profile), Follow or the menu, share.
    user_avatar(ui, phone, 68, area.t + 28, 16, author);
    ui.text_fit(92, area.t + 18, author_name, Font::BodyLarge, kInk, mine ? Ui::width_dp() - 92 - 104 : Ui::width_dp() - 92 - 144);
    ui.item("discover.note.author", "android.widget.LinearLayout", {48, area.t + 4, mine ? Ui::width_dp() - 104 : Ui::width_dp() - 144, area.t + 52},
            author_name, [author](Phone& p) { open_user(p, author); });
    if (mine) {
      ui.icon_button("discover.note.menu", Ui::width_dp() - 76, area.t + 28, "more_horiz", "Note options", kInk,
                     [id](Phone& p) { note_menu(p, id); });
    } else {
      const bool f = find(phone, "users", author).value("followed", false);
      pill_button(ui, "discover.note.follow", {Ui::width_dp() - 140, area.t + 8, Ui::width_dp() - 56, area.t + 48}, f ? "Following" : "Follow", !f,
                  [author](Phone& p) { toggle_follow(p, author); });
    }
    ui.icon_button("discover.note.share", Ui::width_dp() - 28, area.t + 28, "share", "Share", kInk, [note](Phone& p) { share_note(p, note); });
    // Body (scrolls): pictures, title, text, tags, place and date, comments.
    const float bottom = commenting(phone, id) ? input_top(phone) : area.b - kBarDp;
    ui.begin_scroll("discover.note.scroll", {0, area.t + 56, Ui::width_dp(), bottom}, phone.page_pointer() + "/scroll");
    const json images = note.value("images", json::array());
    const int count = std::max<int>(1, static_cast<int>(images.size()));
    const int img = std::clamp(phone.page_state().value("img", 0), 0, count - 1);
    const float ih = std::min(440.f, card_image_h(note, Ui::width_dp()));
    float y = ui.cursor_y();
    draw_image(ui, phone, {0, y, Ui::width_dp(), y + ih}, images.empty() ? json() : images[static_cast<std::size_t>(img)]);
    if (count > 1) {
      const std::string pos = std::to_string(img + 1) + "/" + std::to_string(count);
      const float pw = ui.text_width(pos, Font::Label) + 16;
      ui.fill({Ui::width_dp() - 12 - pw, y + 12, Ui::width_dp() - 12, y + 34}, 0x000000, 11, 0.45f);
      ui.text(Ui::width_dp() - 12 - pw + 8, y + 15, pos, Font::Label, 0xFFFFFF);
      // Six strips over the picture (each knows where a touch started): a sideways drag turns the
      // page (to the left: the next picture); a tap on the left or right third goes back or on.
      for (int k = 0; k < 6; ++k) {
        const float l = Ui::width_dp() / 6 * static_cast<float>(k), cx = l + Ui::width_dp() / 12;
        Node& n = ui.node("discover.note.photo." + std::to_string(k), "android.widget.SeekBar", {l, y, l + Ui::width_dp() / 6, y + ih});
        n.desc = "Photo " + std::to_string(img + 1) + " of " + std::to_string(count);
        n.text = std::to_string(img + 1);
        n.clickable = true;
        n.on_click = [k, cx, count](Phone& p) {
          const float x2 = Ui::to_dp(static_cast<float>(p.pointer_x_px()));
          int step = 0;
          if (std::abs(x2 - cx) > 32) step = x2 < cx ? 1 : -1;  // a drag
          else step = k < 2 ? -1 : k > 3 ? 1 : 0;             // a tap
          json& ps = p.page_state();
          ps["img"] = std::clamp(ps.value("img", 0) + step, 0, count - 1);
        };
      }
    } else {
      ui.image("discover.note.photo", {0, y, Ui::width_dp(), y + ih}, images.empty() ? "Photo" : image_desc(images[0]));
    }
    y += ih + 10;
    if (count > 1) {  // the dots
      const float dx = 12, l = Ui::width_dp() / 2 - dx * static_cast<float>(count - 1) / 2;
      for (int i = 0; i < count; ++i) ui.circle(l + dx * static_cast<float>(i), y + 3, 3, i == img ? kRed : 0xD0D0D0);
      y += 12;
    }
    // Title and text.
    const std::vector<std::string> tl = ui.wrap(note.value("title", ""), Font::Title, Ui::width_dp() - 32, 3);
    float ty = y + 6;
    for (const std::string& l : tl) {
      ui.text(16, ty, l, Font::Title, kInk);
      ty += 30;
    }
    ui.label("discover.note.title", {16, y + 6, Ui::width_dp() - 16, ty}, note.value("title", ""));
    y = ty + 6;
    const float th = ui.text_wrapped(16, y, note.value("text", ""), Font::BodyLarge, 0x333333, Ui::width_dp() - 32, 24);
    ui.label("discover.note.text", {16, y, Ui::width_dp() - 16, y + th}, note.value("text", ""));
    y += th + 8;
    // Tags, flowing.
    float x = 16;
    for (const json& t : note.value("tags", json::array())) {
      const std::string tag = t.get<std::string>(), shown = "#" + tag;
      const float w = std::min(Ui::width_dp() - 32, ui.text_width(shown, Font::BodyLarge) + 4);
      if (x + w > Ui::width_dp() - 16) {
        x = 16;
        y += 28;
      }
      ui.text(x, y + 2, ui.ellipsize(shown, Font::BodyLarge, w), Font::BodyLarge, kLink);
      ui.item("discover.note.tag." + tag, "android.widget.TextView", {x, y - 12, x + std::max(w, 48.f), y + 36}, shown,
              [tag](Phone& p) { open_search(p, tag); });
      x += std::max(w, 48.f) + 4;
    }
    if (!note.value("tags", json::array()).empty()) y += 36;
    // Place and date.
    const std::string place = note.value("place", "");
    if (!place.empty()) {
      ui.fill({16, y, 16 + std::min(Ui::width_dp() - 32, ui.text_width(place, Font::Body) + 40), y + 28}, 0xF5F5F5, 14);
      ui.icon(32, y + 14, "location_on", Font::IconSmall, 0x666666);
      ui.label_at("discover.note.place", 44, y + 6, place, Font::Body, 0x444444, Ui::width_dp() - 32 - 40);
      y += 36;
    }
    std::string when = date_text(note.value("time_ms", 0LL));
    if (note.value("edited_ms", 0LL) > 0) when = "Edited " + date_text(note.value("edited_ms", 0LL));
    ui.label_at("discover.note.date", 16, y + 2, when, Font::Label, kGrey);
    y += 28;
    ui.fill({16, y, Ui::width_dp() - 16, y + 1}, kDivider);
    y += 12;
    // Comments.
    const std::vector<json> comments = thread(phone, id);
    ui.label_at("discover.note.comment_count", 16, y, std::to_string(comments.size()) + " comments", Font::Body, 0x666666);
    y += 30;
    if (comments.empty()) {
      ui.label_at("discover.note.no_comments", 16, y + 8, "No comments yet. Say something nice!", Font::Body, kGrey, Ui::width_dp() - 32);
      y += 48;
    }
    for (const json& c : comments) y += comment_row(ui, phone, c, author, y);
    ui.set_cursor(y + 24);
    ui.end_scroll();
    bottom_bar(ui, phone, note);
  }

  /// Whether the owner is writing a comment on note `id` (the input bar is up).
  static bool commenting(const Phone& phone, const std::string& id) {
    return S(phone).value("reply", json::object()).value("note", "") == id;
  }

  /// One comment (a reply indented under its comment) at y; returns its height.
  static float comment_row(Ui& ui, Phone& phone, const json& c, const std::string& note_author, float y) {
    const std::string cid = c.value("id", ""), who = c.value("author", "");
    const bool reply = !c.value("parent", "").empty();
    const float ax = reply ? 60 : 32, ar = reply ? 11 : 15, tx = ax + ar + 10, tw = Ui::width_dp() - tx - 56;
    user_avatar(ui, phone, ax, y + 8 + ar, ar, who);
    std::string name = user_name(phone, who);
    ui.item("discover.comment." + cid + ".author", "android.widget.ImageButton", {tx - 50, y, tx - 2, y + 48}, "",
            [who](Phone& p) { open_user(p, who); })
        .desc = name;
    const float nw = ui.text_fit(tx, y + 6, name, Font::Label, kGrey, tw - 50);
    if (who == note_author) {
      ui.fill({tx + nw + 6, y + 6, tx + nw + 44, y + 22}, 0xFFE4E8, 8);
      ui.text(tx + nw + 11, y + 7, "Author", Font::Label, kRed);
    }
    const std::vector<std::string> lines = ui.wrap(c.value("text", ""), Font::Body, tw);
    float ly = y + 26;
    for (const std::string& l : lines) {
      ui.text(tx, ly, l, Font::Body, kInk);
      ly += 20;
    }
    Node& n = ui.label("discover.comment." + cid, {tx, y + 4, tx + tw, ly}, c.value("text", ""));
    n.desc = name;
    // The date and Reply.
    const std::string when = ago_text(phone, c.value("time_ms", 0LL));
    const float ww = ui.text(tx, ly + 4, when, Font::Label, kGrey);
    ui.text(tx + ww + 14, ly + 4, "Reply", Font::Label, 0x666666);
    const std::string parent = reply ? c.value("parent", "") : cid;
    const std::string note = c.value("note", "");
    ui.item("discover.comment." + cid + ".reply", "android.widget.Button", {tx + ww + 4, ly - 12, tx + ww + 62, ly + 36}, "Reply",
            [note, parent, cid, name](Phone& p) {
              own_state(p, kApp)["reply"] = {{"note", note}, {"parent", cid}, {"text", ""}, {"error", ""}};
              p.focus("discover.note.input", "/apps/discover/reply/text");
            })
        .desc = "Reply to " + name;
    // Like.
    const bool liked = c.value("liked", false);
    const long long likes = shown_likes("comments", c);
    ui.icon(Ui::width_dp() - 28, y + 20, liked ? "favorite" : "favorite_border", Font::IconSmall, liked ? kRed : kGrey);
    if (likes > 0) ui.text_centered(Ui::width_dp() - 48, Ui::width_dp() - 8, y + 32, count_text(likes), Font::Label, kGrey);
    Node& ln = ui.item("discover.comment." + cid + ".like", "android.widget.ImageButton", {Ui::width_dp() - 52, y, Ui::width_dp() - 4, y + 52}, count_text(likes),
                       [cid](Phone& p) { toggle_comment_like(p, cid); });
    ln.desc = liked ? "Unlike comment" : "Like comment";
    ln.checked = liked;
    return std::max(ly + 26 - y, 56.f) + 4;
  }

  /// The bottom bar: "Say something…", like, collect, comments; or the comment input while writing.
  static void bottom_bar(Ui& ui, Phone& phone, const json& note) {
    const std::string id = note.value("id", "");
    const Rect a = Ui::content_area();
    if (commenting(phone, id)) {
      const json r = S(phone).value("reply", json::object());
      const float by = input_top(phone);
      ui.cover({0, by, Ui::width_dp(), by + 64});
      ui.fill({0, by, Ui::width_dp(), a.b}, 0xFFFFFF);
      ui.fill({0, by, Ui::width_dp(), by + 1}, kDivider);
      ui.icon_button("discover.note.input.close", 28, by + 32, "close", "Cancel comment", kGrey, [](Phone& p) {
        own_state(p, kApp)["reply"] = {{"note", ""}, {"parent", ""}, {"text", ""}, {"error", ""}};
        p.clear_focus();
      });
      const std::string parent = r.value("parent", "");
      const std::string hint = parent.empty() ? "Say something nice" : "Reply to " + user_name(phone, find(phone, "comments", parent).value("author", ""));
      line_box(ui, phone, "discover.note.input", {52, by + 8, Ui::width_dp() - 72, by + 56}, "", "/apps/discover/reply/text", hint, true);
      const bool can = !trim(r.value("text", "")).empty();
      ui.fill({Ui::width_dp() - 66, by + 14, Ui::width_dp() - 10, by + 50}, can ? kRed : 0xF0F0F0, 18);
      ui.text_centered(Ui::width_dp() - 66, Ui::width_dp() - 10, by + 23, "Send", Font::Body, can ? 0xFFFFFF : kGrey);
      ui.item("discover.note.send", "android.widget.Button", {Ui::width_dp() - 68, by + 8, Ui::width_dp() - 8, by + 56}, "Send", send_comment).enabled = can;
      return;
    }
    nav_free_bar(ui, phone, note, a.b - kBarDp);
  }

  /// The like / collect / comment bar at y (RedNote's bottom bar of a note).
  static void nav_free_bar(Ui& ui, Phone& phone, const json& note, float t) {
    const std::string id = note.value("id", "");
    ui.cover({0, t, Ui::width_dp(), t + kBarDp});
    ui.fill({0, t, Ui::width_dp(), t + kBarDp}, 0xFFFFFF);
    ui.fill({0, t, Ui::width_dp(), t + 1}, kDivider);
    {
      ui.fill({12, t + 10, 158, t + 46}, 0xF2F2F2, 18);
      ui.icon(30, t + 28, "edit", Font::IconSmall, kGrey);
      ui.text(42, t + 18, "Say something", Font::Body, kGrey);
      ui.item("discover.note.comment_field", "android.widget.EditText", {12, t + 4, 158, t + 52}, "", [id](Phone& p) {
        own_state(p, kApp)["reply"] = {{"note", id}, {"parent", ""}, {"text", ""}, {"error", ""}};
        p.focus("discover.note.input", "/apps/discover/reply/text");
      }).desc = "Say something";
    }
    const bool liked = note.value("liked", false), coll = collected(phone, id);
    struct Btn {
      std::string key, icon, text, desc;
      bool on;
    };
    const std::vector<Btn> btns = {
        {"like", liked ? "favorite" : "favorite_border", count_text(shown_likes("notes", note)), liked ? "Unlike" : "Like", liked},
        {"collect", coll ? "star" : "star_border", count_text(shown_collects(phone, note)), coll ? "Collected" : "Collect", coll},
        {"comments", "chat_bubble_outline", std::to_string(thread(phone, id).size()), "Comments", false}};
    const float bw = (Ui::width_dp() - 166) / 3;
    for (std::size_t i = 0; i < btns.size(); ++i) {
      const Btn& b = btns[i];
      const float l = 166 + bw * static_cast<float>(i);
      const std::uint32_t ink = b.on ? (b.key == "like" ? kRed : 0xFFB800) : 0x333333;
      ui.icon(l + 16, t + 28, b.icon, Font::Icon, ink);
      ui.text_fit(l + 30, t + 19, b.text, Font::Body, 0x333333, bw - 32);
      Node& n = ui.item("discover.note." + b.key, "android.widget.Button", {l, t, l + bw, t + kBarDp}, b.text, [id, key = b.key](Phone& p) {
        if (key == "like") return toggle_like(p, id);
        if (key == "collect") {
          p.clear_focus();
          if (p.navigate("collect")) p.page_state()["note"] = id;
          return;
        }
        own_state(p, kApp)["reply"] = {{"note", id}, {"parent", ""}, {"text", ""}, {"error", ""}};
        p.focus("discover.note.input", "/apps/discover/reply/text");
      });
      n.desc = b.desc;
      n.checked = b.on;
    }
  }

  static void send_comment(Phone& p) {
    json& st = own_state(p, kApp);
    json& r = st["reply"];
    const std::string text = trim(r.value("text", "")), note = r.value("note", ""), parent = r.value("parent", "");
    if (text.empty()) return;
    if (missing(find(p, "notes", note))) {
      r["error"] = "This note has been deleted";
      return p.toast("This note has been deleted");
    }
    const int n = st.value("next_comment", 5001);
    st["next_comment"] = n + 1;
    const std::string id = "c" + std::to_string(n);
    update(p, "comments", id,
           {{"note", note}, {"parent", parent}, {"author", kMe}, {"text", text}, {"time_ms", p.now_ms()}, {"likes", 0}, {"liked", false}});
    st["reply"] = {{"note", ""}, {"parent", ""}, {"text", ""}, {"error", ""}};
    p.clear_focus();
    p.toast(parent.empty() ? "Comment posted" : "Reply posted");
  }

  // ---------------------------------------------------------------- collect into a board
  static void collect_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string nid = phone.page_state().value("note", "");
    ui.top_bar("discover.collect.title", "Collect to board", true);
    ui.begin_scroll("discover.collect.list", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    {
      const float y = ui.cursor_y();
      ui.fill({16, y + 8, 72, y + 64}, 0xFFE4E8, 8);
      ui.icon(44, y + 36, "add", Font::Icon, kRed);
      ui.text(88, y + 24, "New board", Font::BodyLarge, kRed);
      ui.item("discover.collect.new", "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 72}, "New board", [nid](Phone& p) {
        own_state(p, kApp)["board_name"] = "";
        if (!p.navigate("new_board")) return;
        p.page_state()["note"] = nid;
        p.focus("discover.newboard.name", "/apps/discover/board_name");
      });
      ui.advance(72);
    }
    for (const json& b : my_boards(phone)) board_row(ui, phone, b, "discover.collect.board.", nid);
    ui.advance(16);
    ui.end_scroll();
  }

  /// A board row: a thumbnail of its newest note, its name and count; a check when it holds `nid`.
  /// In the collect sheet a tap adds or removes `nid`; elsewhere it opens the board.
  static void board_row(Ui& ui, Phone& phone, const json& b, const std::string& prefix, const std::string& nid) {
    const float y = ui.cursor_y();
    const std::string bid = b.value("id", "");
    const json notes = b.value("notes", json::array());
    const Rect thumb{16, y + 8, 72, y + 64};
    json first;
    for (const json& n : notes) {
      const json nt = find(phone, "notes", n.get<std::string>());
      if (!missing(nt)) first = nt;
    }
    if (first.is_null()) {
      ui.fill(thumb, 0xEEEEEE, 8);
      ui.icon(44, y + 36, "collections_bookmark", Font::Icon, 0xBBBBBB);
    } else {
      const json imgs = first.value("images", json::array());
      draw_image(ui, phone, thumb, imgs.empty() ? json() : imgs[0]);
    }
    bool has = false;
    for (const json& n : notes) has = has || n == nid;
    const bool sheet = prefix == "discover.collect.board.";
    ui.text_fit(88, y + 14, b.value("name", ""), Font::BodyLarge, kInk, Ui::width_dp() - 88 - 56);
    int live = 0;
    for (const json& n : notes) live += missing(find(phone, "notes", n.get<std::string>())) ? 0 : 1;
    const std::string sub = std::to_string(live) + (live == 1 ? " note" : " notes");
    ui.text(88, y + 38, sub, Font::Body, kGrey);
    if (sheet) ui.icon(Ui::width_dp() - 32, y + 36, has ? "check_circle" : "radio_button_unchecked", Font::Icon, has ? kRed : 0xBBBBBB);
    Node& n = ui.item(prefix + bid, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 72}, b.value("name", ""), [bid, nid, sheet](Phone& p) {
      if (!sheet) return open_board(p, bid);
      const json bd = find(p, "boards", bid);
      json list = bd.value("notes", json::array()), out = json::array();
      bool had = false;
      for (const json& x : list) {
        if (x == nid) had = true;
        else out.push_back(x);
      }
      if (!had) out.push_back(nid);
      update(p, "boards", bid, {{"notes", out}});
      p.back();
      p.toast(had ? "Removed from " + bd.value("name", "") : "Collected to " + bd.value("name", ""));
    });
    n.desc = sub;
    n.checked = has;
    n.checkable = sheet;
    ui.advance(72);
  }

  static void new_board_page(Ui& ui, Phone& phone) {
    ui.top_bar("discover.newboard.title", "New board", true);
    const float y = ui.cursor_y() + 16;
    line_box(ui, phone, "discover.newboard.name", {16, y, Ui::width_dp() - 16, y + 56}, "Board name", "/apps/discover/board_name", "e.g. Recipes to try");
    const std::string err = phone.page_state().value("error", "");
    if (!err.empty()) ui.label_at("discover.newboard.error", 16, y + 64, err, Font::Body, color::kError, Ui::width_dp() - 32);
    red_button(ui, "discover.newboard.create", {16, y + 100, Ui::width_dp() - 16, y + 148}, "Create", create_board);
  }

  /// Creates the board named in board_name (with the note the sheet was opened for, if any).
  static void create_board(Phone& p) {
    json& st = own_state(p, kApp);
    const std::string name = trim(st.value("board_name", ""));
    auto fail = [&](const std::string& why) { p.page_state()["error"] = why; };
    if (name.empty()) return fail("Give your board a name");
    if (utf8_length(name) > 30) return fail("Board names can be at most 30 characters");
    for (const json& b : my_boards(p))
      if (fold(b.value("name", "")) == fold(name)) return fail("You already have a board called \"" + b.value("name", "") + "\"");
    const std::string nid = p.page_state().value("note", "");
    const int n = st.value("next_board", 101);
    st["next_board"] = n + 1;
    const std::string bid = "b" + std::to_string(n);
    update(p, "boards", bid,
           {{"owner", kMe}, {"name", name}, {"notes", nid.empty() ? json::array() : json::array({nid})}, {"time_ms", p.now_ms()}});
    st["board_name"] = "";
    p.clear_focus();
    p.back();
    if (!nid.empty()) {
      p.back();  // the collect sheet too
      p.toast("Collected to " + name);
    } else {
      p.toast("Board created");
    }
  }

  // ---------------------------------------------------------------- profiles
  /// The profile header (avatar, name, handle, bio, counts); returns its height. Draws at y.
  static float profile_header(Ui& ui, Phone& phone, const std::string& uid, float y, const std::string& prefix) {
    const bool me = uid == kMe;
    const json u = me ? json::object() : find(phone, "users", uid);
    user_avatar(ui, phone, 56, y + 48, 36, uid);
    const std::string name = me ? kOwnerName : u.value("name", "");
    ui.label_at(prefix + "name", 108, y + 20, name, Font::Title, kInk, Ui::width_dp() - 124);
    const std::string handle = "@" + (me ? std::string(kOwnerHandle) : u.value("handle", "")) + (me ? "" : " \xC2\xB7 " + u.value("city", ""));
    ui.label_at(prefix + "handle", 108, y + 56, handle, Font::Body, kGrey, Ui::width_dp() - 124);
    float h = 100;
    const std::string bio = me ? "Weekend cook, amateur photographer, always planning the next trip." : u.value("bio", "");
    ui.label_at(prefix + "bio", 16, y + h, bio, Font::Body, 0x444444, Ui::width_dp() - 32);
    h += 32;
    // Counts.
    long long following = 0, followers = 0, liked = 0;
    if (me) {
      for (const json& x : all(phone, "users")) following += x.value("followed", false) ? 1 : 0;
      followers = 128;
    } else {
      following = u.value("following", 0LL);
      followers = shown_followers(u);
    }
    for (const json& n : all(phone, "notes"))
      if (n.value("author", "") == uid) liked += shown_likes("notes", n) + shown_collects(phone, n);
    struct Stat {
      std::string key, value, label;
    };
    const std::vector<Stat> stats = {{"following", count_text(following), "Following"},
                                     {"followers", count_text(followers), "Followers"},
                                     {"likes", count_text(liked), "Likes & collects"}};
    float x = 16;
    for (const Stat& s : stats) {
      const float vw = ui.text(x, y + h, s.value, Font::BodyLarge, kInk);
      const float lw = ui.text(x + vw + 4, y + h + 2, s.label, Font::Body, kGrey);
      ui.label(prefix + s.key, {x, y + h, x + vw + 4 + lw, y + h + 22}, s.value + " " + s.label);
      x += vw + 4 + lw + 18;
    }
    h += 40;
    return h;
  }

  static std::vector<json> notes_of(const Phone& phone, const std::string& uid) {
    std::vector<json> out;
    for (json& n : all(phone, "notes"))
      if (n.value("author", "") == uid) out.push_back(std::move(n));
    newest_first(out);
    return out;
  }

  static void user_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string uid = phone.page_state().value("user", "");
    const json u = find(phone, "users", uid);
    ui.fill({0, area.t, Ui::width_dp(), area.b}, 0xFFFFFF);
    ui.icon_button("discover.user.back", 24, area.t + 28, "arrow_back", "Back", kInk, [](Phone& p) { p.back(); });
    if (missing(u)) return;
    float y = area.t + 48;
    y += profile_header(ui, phone, uid, y, "discover.user.");
    const bool f = u.value("followed", false);
    pill_button(ui, "discover.user.follow", {16, y, Ui::width_dp() - 16, y + 48}, f ? "Following" : "Follow", !f,
                [uid](Phone& p) { toggle_follow(p, uid); });
    y += 56;
    const std::string tab = S(phone).value("user_tab", "notes");
    red_tabs(ui, "discover.user.tab.", {0, y, Ui::width_dp(), y + 44}, {{"notes", "Notes", ""}, {"boards", "Boards", ""}}, tab == "boards" ? 1 : 0,
            [](Phone& p, int i) {
              own_state(p, kApp)["user_tab"] = i == 1 ? "boards" : "notes";
              p.set_scroll(0);
            });
    y += 46;
    if (tab == "notes") {
      masonry(ui, phone, "discover.user.notes", "discover.user.note.", {0, y, Ui::width_dp(), area.b}, notes_of(phone, uid), "No notes yet");
      return;
    }
    ui.begin_scroll("discover.user.boards", {0, y, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    int n = 0;
    for (const json& b : all(phone, "boards"))
      if (b.value("owner", "") == uid) {
        board_row(ui, phone, b, "discover.user.board.", "");
        ++n;
      }
    if (n == 0) {
      ui.label_at("discover.user.boards.empty", 16, ui.cursor_y() + 16, "No public boards", Font::Body, kGrey, Ui::width_dp() - 32);
      ui.advance(48);
    }
    ui.end_scroll();
  }

  static void me_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.fill({0, area.t, Ui::width_dp(), area.b}, 0xFFFFFF);
    float y = area.t + 8;
    y += profile_header(ui, phone, kMe, y, "discover.me.");
    const std::string tab = S(phone).value("me_tab", "notes");
    const int sel = tab == "collects" ? 1 : tab == "liked" ? 2 : 0;
    red_tabs(ui, "discover.me.tab.", {0, y, Ui::width_dp(), y + 44}, {{"notes", "Notes", ""}, {"collects", "Collects", ""}, {"liked", "Liked", ""}}, sel,
            [](Phone& p, int i) {
              static const char* const kKeys[] = {"notes", "collects", "liked"};
              own_state(p, kApp)["me_tab"] = kKeys[i];
              p.set_scroll(0);
            });
    y += 46;
    const Rect list{0, y, Ui::width_dp(), area.b - kBarDp};
    if (tab == "notes") {
      masonry(ui, phone, "discover.me.notes", "discover.me.note.", list, notes_of(phone, kMe), "Share your first note with the + below");
    } else if (tab == "liked") {
      std::vector<json> liked;
      for (json& n : all(phone, "notes"))
        if (n.value("liked", false)) liked.push_back(std::move(n));
      masonry(ui, phone, "discover.me.liked", "discover.me.note.", list, liked, "Notes you like show up here");
    } else {
      ui.begin_scroll("discover.me.boards", list, phone.page_pointer() + "/scroll");
      const float by = ui.cursor_y();
      ui.fill({16, by + 8, 72, by + 64}, 0xFFE4E8, 8);
      ui.icon(44, by + 36, "add", Font::Icon, kRed);
      ui.text(88, by + 24, "New board", Font::BodyLarge, kRed);
      ui.item("discover.me.new_board", "android.widget.LinearLayout", {0, by, Ui::width_dp(), by + 72}, "New board", [](Phone& p) {
        own_state(p, kApp)["board_name"] = "";
        if (!p.navigate("new_board")) return;
        p.focus("discover.newboard.name", "/apps/discover/board_name");
      });
      ui.advance(72);
      for (const json& b : my_boards(phone)) board_row(ui, phone, b, "discover.me.board.", "");
      ui.advance(16);
      ui.end_scroll();
    }
    nav_bar(ui, "me");
  }

  static void board_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string bid = phone.page_state().value("board", "");
    const json b = find(phone, "boards", bid);
    ui.top_bar("discover.board.title", missing(b) ? "Board" : ui.ellipsize(b.value("name", ""), Font::Title, Ui::width_dp() - 136), true);
    if (missing(b)) return;
    const bool mine = b.value("owner", "") == kMe;
    if (mine)
      ui.icon_button("discover.board.delete", Ui::width_dp() - 28, area.t + 32, "delete", "Delete board", kInk, [bid](Phone& p) {
        const json bd = find(p, "boards", bid);
        p.show_dialog({{"owner", kApp},
                       {"kind", "alert"},
                       {"title", "Delete this board?"},
                       {"text", "\"" + bd.value("name", "") + "\" will be deleted. The notes in it stay on Discover."},
                       {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                       {"data", {{"board_delete", bid}}}});
      });
    std::vector<json> notes;
    for (const json& id : b.value("notes", json::array())) {
      json n = find(phone, "notes", id.get<std::string>());
      if (!missing(n)) notes.push_back(std::move(n));
    }
    std::reverse(notes.begin(), notes.end());  // the latest collected first
    const std::string by = mine ? "Your board" : "By " + user_name(phone, b.value("owner", ""));
    masonry(ui, phone, "discover.board.notes", "discover.board.note.", {0, ui.cursor_y(), Ui::width_dp(), area.b}, notes,
            "Collect notes into this board with the star on a note", [&ui, by, n = notes.size()](float top) {
              ui.label_at("discover.board.count", 12, top + 8, std::to_string(n) + (n == 1 ? " note" : " notes") + " \xC2\xB7 " + by,
                          Font::Label, kGrey, Ui::width_dp() - 24);
              return 24.f;
            });
  }

  // ---------------------------------------------------------------- publish and edit
  static void publish_page(Ui& ui, Phone& phone) { form(ui, phone, "draft"); }
  static void edit_page(Ui& ui, Phone& phone) { form(ui, phone, "edit"); }

  /// The note form over apps.discover.<key> ("draft": a new note, "edit": one's own note).
  static void form(Ui& ui, Phone& phone, const std::string& key) {
    const Rect area = Ui::content_area();
    const bool edit = key == "edit";
    const json d = S(phone).value(key, json::object());
    const std::string base = "/apps/discover/" + key + "/";
    ui.top_bar("discover.form.title", edit ? "Edit note" : "New note", true);
    ui.fill({0, area.b - 72, Ui::width_dp(), area.b}, 0xFFFFFF);
    ui.begin_scroll("discover.form.scroll", {0, ui.cursor_y(), Ui::width_dp(), area.b - 72}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y() + 8;
    // Photos: up to 9 thumbnails, four a row, and the add tile.
    const json photos = d.value("photos", json::array());
    const float tile = 78, gap = 6;
    std::size_t i = 0;
    for (; i <= photos.size() && i < static_cast<std::size_t>(kPhotosMax); ++i) {
      const float x = 16 + static_cast<float>(i % 4) * (tile + gap), ty = y + static_cast<float>(i / 4) * (tile + gap);
      const Rect r{x, ty, x + tile, ty + tile};
      if (i == photos.size()) {
        ui.fill(r, 0xF5F5F5, 8);
        ui.icon(x + tile / 2, ty + tile / 2 - 8, "add", Font::Icon, kGrey);
        ui.text_centered(x, x + tile, ty + tile / 2 + 8, std::to_string(photos.size()) + "/9", Font::Label, kGrey);
        ui.item("discover.form.add_photo", "android.widget.Button", r, "Add photos", [key](Phone& p) {
          p.clear_focus();
          if (!p.navigate("pick_photos")) return;
          p.page_state()["key"] = key;
          p.page_state()["sel"] = S(p).value(key, json::object()).value("photos", json::array());
        });
        break;
      }
      const std::string pid = photos[i].get<std::string>();
      draw_image(ui, phone, r, form_image(phone, pid));
      ui.image("discover.form.photo." + std::to_string(i), r, "Photo " + std::to_string(i + 1)).text = pid;
      ui.circle(r.r - 10, r.t + 10, 9, 0x000000, 0.55f);
      ui.icon(r.r - 10, r.t + 10, "close", Font::IconSmall, 0xFFFFFF);
      ui.item("discover.form.photo." + std::to_string(i) + ".remove", "android.widget.ImageButton", {r.r - 40, r.t - 8, r.r + 8, r.t + 40}, "",
              [key, i](Phone& p) {
                json& ph = own_state(p, kApp)[key]["photos"];
                if (i < ph.size()) ph.erase(i);
              })
          .desc = "Remove photo " + std::to_string(i + 1);
    }
    const std::size_t tiles = std::min<std::size_t>(photos.size() + 1, kPhotosMax);
    y += static_cast<float>((tiles + 3) / 4) * (tile + gap) + 8;
    // Title with its counter.
    line_box(ui, phone, "discover.form.title_field", {16, y, Ui::width_dp() - 16, y + 56}, "Title", base + "title", "Add a catchy title");
    const int len = utf8_length(d.value("title", ""));
    const std::string counter = std::to_string(len) + "/" + std::to_string(kTitleMax);
    const float cw = ui.text_width(counter, Font::Label);
    ui.label_at("discover.form.counter", Ui::width_dp() - 16 - cw, y + 60, counter, Font::Label, len > kTitleMax ? color::kError : kGrey);
    y += 80;
    y += text_area(ui, phone, "discover.form.text", 16, y, Ui::width_dp() - 32, 112, base + "text", "Say something about this note", 8) + 8;
    line_box(ui, phone, "discover.form.tags", {16, y, Ui::width_dp() - 16, y + 56}, "Tags", base + "tags", "#topic");
    y += 64;
    // Location.
    const std::string place = d.value("place", "");
    ui.fill({16, y, Ui::width_dp() - 16, y + 1}, kDivider);
    ui.icon(32, y + 28, "location_on", Font::Icon, place.empty() ? kGrey : kRed);
    ui.text_fit(52, y + 18, place.empty() ? "Add location" : place, Font::BodyLarge, place.empty() ? 0x444444 : kInk,
                Ui::width_dp() - 52 - (place.empty() ? 24 : 64));
    ui.item("discover.form.place", "android.widget.LinearLayout", {0, y, place.empty() ? Ui::width_dp() : Ui::width_dp() - 56, y + 56},
            place.empty() ? "Add location" : place, [key](Phone& p) {
              own_state(p, kApp)["place_query"] = "";
              p.clear_focus();
              if (p.navigate("pick_place")) p.page_state()["key"] = key;
            });
    if (!place.empty())
      ui.icon_button("discover.form.place.clear", Ui::width_dp() - 36, y + 28, "close", "Remove location", kGrey, [key](Phone& p) {
        own_state(p, kApp)[key]["place"] = "";
        own_state(p, kApp)[key]["place_id"] = "";
      });
    y += 56;
    ui.fill({16, y, Ui::width_dp() - 16, y + 1}, kDivider);
    y += 8;
    const std::string err = d.value("error", "");
    if (!err.empty()) {
      const float eh = ui.text_wrapped(16, y + 4, err, Font::Body, color::kError, Ui::width_dp() - 32, 20);
      ui.label("discover.form.error", {16, y + 2, Ui::width_dp() - 16, y + 6 + eh}, err);
      y += eh + 12;
    }
    ui.set_cursor(y + 16);
    ui.end_scroll();
    red_button(ui, "discover.form.submit", {16, area.b - 64, Ui::width_dp() - 16, area.b - 12}, edit ? "Save" : "Publish",
              [key](Phone& p) { submit(p, key); });
  }

  /// Publish / Save: checks photos, title and text (each failure a clear message), then stores
  /// the note (a new note n<next_note> opens; an edit goes back to the note).
  static void submit(Phone& p, const std::string& key) {
    json& st = own_state(p, kApp);
    json& d = st[key];
    auto fail = [&](const std::string& why) { d["error"] = why; };
    const json photos = d.value("photos", json::array());
    const std::string title = trim(d.value("title", "")), text = trim(d.value("text", ""));
    if (photos.empty()) return fail("Add at least one photo");
    for (const json& ph : photos)
      if (form_image(p, ph.get<std::string>()).is_null() ||
          (ph.get<std::string>().rfind("scene:", 0) != 0 && gallery::photo(p, ph.get<std::string>()).is_null()))
        return fail("A photo was deleted from Gallery. Remove it to continue.");
    if (title.empty()) return fail("Add a title");
    if (utf8_length(title) > kTitleMax)
      return fail("Titles can be at most " + std::to_string(kTitleMax) + " characters (this one has " + std::to_string(utf8_length(title)) + ")");
    if (utf8_length(text) > kTextMax) return fail("The text can be at most 1000 characters");
    json images = json::array();
    for (const json& ph : photos) images.push_back(form_image(p, ph.get<std::string>()));
    if (!images.empty()) images[0]["h"] = 133;
    if (key == "edit") {  // the first picture keeps its card height
      const json old = find(p, "notes", d.value("note", "")).value("images", json::array());
      if (!old.empty() && old[0].contains("h")) images[0]["h"] = old[0]["h"];
    }
    json tags = json::array();
    for (const std::string& t : parse_tags(d.value("tags", ""))) tags.push_back(t);
    p.clear_focus();
    if (key == "edit") {
      const std::string id = d.value("note", "");
      const json n = find(p, "notes", id);
      if (missing(n) || n.value("author", "") != kMe) return fail("This note no longer exists");
      json changes = {{"title", title}, {"text", text}, {"tags", tags}, {"place", d.value("place", "")}, {"place_id", d.value("place_id", "")}};
      const bool photos_same = n.value("images", json::array()) == images;
      if (!photos_same) changes["images"] = images;
      bool same = photos_same;
      for (const auto& [k, v] : changes.items()) same = same && n.value(k, json()) == v;
      if (!same) {
        changes["edited_ms"] = p.now_ms();
        update(p, "notes", id, changes);
        p.toast("Note updated");
      }
      st["edit"] = {{"note", ""}, {"photos", json::array()}, {"title", ""}, {"text", ""}, {"tags", ""}, {"place", ""}, {"place_id", ""}, {"error", ""}};
      p.back();
      return;
    }
    const int n = st.value("next_note", 501);
    st["next_note"] = n + 1;
    const std::string id = "n" + std::to_string(n);
    update(p, "notes", id,
           {{"author", kMe}, {"topic", ""}, {"title", title}, {"text", text}, {"tags", tags}, {"images", images},
            {"place", d.value("place", "")}, {"place_id", d.value("place_id", "")}, {"time_ms", p.now_ms()}, {"likes", 0},
            {"collects", 0}, {"liked", false}, {"edited_ms", 0}});
    st["draft"] = blank_draft();
    if (p.navigate("posted")) {
      p.page_state()["note"] = id;
      p.page_state()["img"] = 0;
    }
    p.toast("Published");
  }

  static void pick_photos_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json sel = phone.page_state().value("sel", json::array());
    ui.top_bar("discover.pick.title", "Choose photos", true);
    const std::string done = sel.empty() ? "Next" : "Next (" + std::to_string(sel.size()) + ")";
    red_button(ui, "discover.pick.done", {Ui::width_dp() - 104, area.t + 8, Ui::width_dp() - 12, area.t + 56}, done, [](Phone& p) {
      const std::string key = p.page_state().value("key", "draft");
      const json s = p.page_state().value("sel", json::array());
      own_state(p, kApp)[key]["photos"] = s;
      own_state(p, kApp)[key]["error"] = "";
      p.back();
    });
    const json photos = gallery::photos(phone);
    ui.begin_scroll("discover.pick.grid", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const float tile = 118, gap = 3;
    for (std::size_t i = 0; i < photos.size(); ++i) {
      const json& ph = photos[i];
      const std::string pid = ph.value("id", "");
      const float x = static_cast<float>(i % 3) * (tile + gap), y = ui.cursor_y();
      gallery::draw_scene(ui, {x, y, x + tile, y + tile}, ph["scene"]);
      int order = 0;
      for (std::size_t k = 0; k < sel.size(); ++k)
        if (sel[k] == pid) order = static_cast<int>(k) + 1;
      if (order > 0) {
        ui.fill({x, y, x + tile, y + tile}, 0xFFFFFF, 0, 0.25f);
        ui.circle(x + tile - 16, y + 16, 11, kRed);
        ui.text_centered(x + tile - 27, x + tile - 5, y + 8, std::to_string(order), Font::Label, 0xFFFFFF);
      } else {
        ui.circle(x + tile - 16, y + 16, 10, 0x000000, 0.25f);
        ui.stroke({x + tile - 26, y + 6, x + tile - 6, y + 26}, 0xFFFFFF, 10, 1.5f);
      }
      Node& n = ui.image("discover.pick.photo." + pid, {x, y, x + tile, y + tile}, ph.value("title", "Photo"), [pid](Phone& p) {
        json& s = p.page_state()["sel"];
        if (!s.is_array()) s = json::array();
        for (std::size_t k = 0; k < s.size(); ++k)
          if (s[k] == pid) {
            s.erase(k);
            return;
          }
        if (s.size() >= static_cast<std::size_t>(kPhotosMax)) return p.toast("You can choose up to 9 photos");
        s.push_back(pid);
      });
      n.text = ph.value("title", "");
      n.checkable = true;
      n.checked = order > 0;
      if (i % 3 == 2 || i + 1 == photos.size()) ui.advance(tile + gap);
    }
    ui.end_scroll();
  }

  static void pick_place_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.top_bar("discover.place.title", "Add location", true);
    const float y = ui.cursor_y() + 4;
    line_box(ui, phone, "discover.place.field", {16, y, Ui::width_dp() - 16, y + 48}, "", "/apps/discover/place_query", "Search places", true);
    const std::string q = S(phone).value("place_query", "");
    json places = call_app(phone, "maps", "places", {{"query", trim(q)}});
    ui.begin_scroll("discover.place.list", {0, y + 56, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (trim(q).empty()) {
      ui.text(16, ui.cursor_y() + 12, "Nearby", Font::Label, kRed);
      ui.advance(36);
    }
    int shown = 0;
    for (const json& pl : places) {
      if (++shown > 40) break;
      const float ry = ui.cursor_y();
      const std::string pid = pl.value("id", ""), name = pl.value("name", "");
      ui.icon(32, ry + 32, "location_on", Font::Icon, kGrey);
      ui.text_fit(60, ry + 12, name, Font::BodyLarge, kInk, Ui::width_dp() - 76);
      const int m = pl.value("distance_m", 0);
      const std::string dist = m >= 1000 ? std::to_string(m / 1000) + "." + std::to_string((m % 1000) / 100) + " km" : std::to_string(m) + " m";
      ui.text_fit(60, ry + 36, dist + " \xC2\xB7 " + pl.value("address", ""), Font::Body, kGrey, Ui::width_dp() - 76);
      ui.item("discover.place." + pid, "android.widget.LinearLayout", {0, ry, Ui::width_dp(), ry + 64}, name, [pid, name](Phone& p) {
        const std::string key = p.page_state().value("key", "draft");
        json& d = own_state(p, kApp)[key];
        d["place"] = name;
        d["place_id"] = pid;
        p.clear_focus();
        p.back();
      });
      ui.advance(64);
    }
    if (places.empty()) {
      ui.label_at("discover.place.empty", 16, ui.cursor_y() + 16, "No places match \"" + trim(q) + "\"", Font::Body, kGrey, Ui::width_dp() - 32);
      ui.advance(48);
    }
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("discover", DiscoverApp);
}  // namespace pg
