// Forum (a Reddit-like app): communities (join, leave, about and rules; some require a flair, an
// image or question titles), the Home feed (joined communities) and Popular (all), sorted Hot / New
// / Top; posts of kind text, link and image (pictures drawn procedurally) with threaded,
// collapsible comments; up and down votes on posts and comments (one vote per item, tapping the
// same arrow again removes it); creating a post (community picker, title, body or link or a
// Gallery photo, flair) with the community's rules enforced; editing and deleting one's own post
// (delete asks first); save, hide, report (a reason list); the owner's profile (posts, comments,
// karma, saved and hidden posts), other users' profiles, the inbox (replies to the owner, with
// unread state) and search. Sharing a post sends an android SEND intent (text/plain).
// World data: apps/forum/world/{communities,posts,comments,users}.json, seen through the overlays
// apps.forum.communities / posts / comments (docs/apps/forum.md).
#include "apps/forum/forum_model.hpp"
#include "apps/gallery/photos.hpp"
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;
using namespace forum;

constexpr float kNavDp = 80;  // the bottom navigation bar
constexpr std::uint32_t kOrange = 0xFF4500, kBlue = 0x6A5CFF, kDivider = 0xEDEAF0, kPill = 0xF2EFF4;
constexpr const char* kMid = " \xC2\xB7 ";  // " · "
constexpr const char* kSendAction = "android.intent.action.SEND";

// ---------------------------------------------------------------- small helpers

std::uint32_t hex_color(const std::string& hex, std::uint32_t fallback = 0x5F6368) {
  if (hex.size() == 7 && hex[0] == '#') return static_cast<std::uint32_t>(std::strtoul(hex.c_str() + 1, nullptr, 16));
  return fallback;
}

/// A community's round icon: its colour with its Material icon in white.
void community_icon(Ui& ui, float cx, float cy, float r, const json& c) {
  ui.circle(cx, cy, r, hex_color(c.value("color", "")));
  const Font f = r >= 24 ? Font::IconLarge : r >= 14 ? Font::Icon : Font::IconSmall;
  ui.icon(cx, cy, c.value("icon", "forum"), f, 0xFFFFFF);
}

/// A user's round avatar: a colour from the name and its first letter.
void user_avatar(Ui& ui, float cx, float cy, float r, const std::string& name, Font f = Font::Label) {
  static const std::uint32_t kColors[] = {0xFF4500, 0x0079D3, 0x46D160, 0xFFB000, 0x7E53C1, 0xEA0027, 0x00A6A5, 0x5F6368};
  std::uint32_t h = 2166136261u;
  for (char ch : name) h = (h ^ static_cast<unsigned char>(ch)) * 16777619u;
  const std::string letter = name.empty() ? "" : std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(name[0]))));
  ui.avatar(cx, cy, r, letter, kColors[h % 8], 0xFFFFFF, f);
}

/// A flair pill (rounded, tinted by the community's colour) at (x, y); returns its width. Draws
/// nothing and returns 0 for an empty flair. `max_w` bounds the pill.
float flair_pill(Ui& ui, float x, float y, const std::string& flair, std::uint32_t tint, float max_w) {
  if (flair.empty()) return 0;
  const std::string shown = ui.ellipsize(flair, Font::Label, max_w - 20);
  const float w = ui.text_width(shown, Font::Label) + 20;
  ui.fill({x, y, x + w, y + 22}, tint, 11, 0.16f);
  ui.text(x + 10, y + 3, shown, Font::Label, tint);
  return w;
}

/// Forum's single-line fields: the toolkit's filled field (sim/ui) with a keyboard layout.
void line_box(Ui& ui, Phone&, const std::string& id, const Rect& r, const std::string& label, const std::string& path,
              const std::string& placeholder, const std::string& layout = "letters") {
  ui.filled_field(id, r, label, path, placeholder, {color::kPrimary, layout, false, {}});
}

/// Forum's post and comment bodies: the toolkit's compose area (sim/ui).
float text_area(Ui& ui, Phone&, const std::string& id, float x, float y, float w, float min_h, const std::string& path,
                const std::string& placeholder, int max_lines) {
  return ui.compose_area(id, x, y, w, min_h, path, placeholder, max_lines);
}

/// A small outlined pill button with an optional leading icon and a label, `h` tall at (x, y);
/// its node is at least 48 dp tall (centred on the pill). Returns the pill's width.
float pill_button(Ui& ui, const std::string& id, float x, float y, float h, const std::string& icon, const std::string& label,
                  std::uint32_t ink, Handler on_click, const std::string& desc = "") {
  const float iw = icon.empty() ? 0 : 22;
  const float tw = label.empty() ? 0 : ui.text_width(label, Font::Label);
  float w = 16 + iw + (icon.empty() || label.empty() ? 0 : 4) + tw + 4;
  if (label.empty()) w = std::max(w, h + 4);
  ui.fill({x, y, x + w, y + h}, kPill, h / 2);
  float cx = x + (label.empty() ? w / 2 - 11 : 10);
  if (!icon.empty()) ui.icon(cx + 11, y + h / 2, icon, Font::IconSmall, ink);
  if (!label.empty()) ui.text(cx + iw + (icon.empty() ? 0 : 4), y + (h - ui.line_height(Font::Label)) / 2 - 1, label, Font::Label, ink);
  const float pad = std::max(0.f, (48 - h) / 2);
  const float nw = std::max(w, 48.f);
  Node& n = ui.item(id, "android.widget.Button", {x + w / 2 - nw / 2, y - pad, x + w / 2 + nw / 2, y + h + pad}, label, std::move(on_click));
  n.desc = desc.empty() ? label : desc;
  return w;
}

// ---------------------------------------------------------------- votes, save, hide, join

/// Votes `dir` (+1 / -1) on a post or comment: the same arrow again removes the vote.
void cast_vote(Phone& p, const std::string& coll, const std::string& id, int dir) {
  const json e = resolve_entity(World::instance(), S(p), kApp, coll, id);
  if (e.is_null()) return;
  const int now = e.value("vote", 0) == dir ? 0 : dir;
  write_overlay_entity(ensure_object(own_state(p, kApp)[coll]), id, World::instance().entity(kApp, coll, id), {{"vote", now}});
}

void set_post_field(Phone& p, const std::string& id, const json& changes) {
  write_overlay_entity(ensure_object(own_state(p, kApp)["posts"]), id, World::instance().entity(kApp, "posts", id), changes);
}

void toggle_join(Phone& p, const std::string& cid) {
  const json c = community(p, cid);
  if (missing(c)) return;
  const bool now = !c.value("joined", false);
  write_overlay_entity(ensure_object(own_state(p, kApp)["communities"]), cid, World::instance().entity(kApp, "communities", cid),
                       {{"joined", now}});
  p.toast((now ? "Joined " : "Left ") + c.value("name", ""));
}

void toggle_saved(Phone& p, const std::string& id) {
  const json post = find_post(p, id);
  if (missing(post)) return;
  const bool now = !post.value("saved", false);
  set_post_field(p, id, {{"saved", now}});
  p.toast(now ? "Post saved" : "Post removed from saved");
}

void toggle_hidden(Phone& p, const std::string& id) {
  const json post = find_post(p, id);
  if (missing(post)) return;
  const bool now = !post.value("hidden", false);
  set_post_field(p, id, {{"hidden", now}});
  p.toast(now ? "Post hidden" : "Post unhidden");
}

/// The share sheet: an implicit SEND intent with the title and the post's link (text/plain).
void share_post(Phone& p, const json& post) {
  p.start_intent({{"action", kSendAction},
                  {"type", "text/plain"},
                  {"extras", {{"text", post.value("title", "") + "\n" + post_link(p, post)}, {"subject", post.value("title", "")}}}});
}

/// The post's options (the ⋯ menu): a choice dialog answered in on_dialog_result.
void post_menu(Phone& p, const json& post) {
  const bool mine = post.value("author", "") == kOwner;
  json buttons = json::array();
  buttons.push_back({{"id", "save"}, {"label", post.value("saved", false) ? "Unsave" : "Save"}});
  buttons.push_back({{"id", "hide"}, {"label", post.value("hidden", false) ? "Unhide" : "Hide"}});
  if (mine) {
    buttons.push_back({{"id", "edit"}, {"label", "Edit post"}});
    buttons.push_back({{"id", "delete"}, {"label", "Delete post"}});
  } else {
    buttons.push_back({{"id", "report"}, {"label", "Report"}});
  }
  buttons.push_back({{"id", "cancel"}, {"label", "Cancel"}});
  p.clear_focus();
  p.show_dialog({{"owner", kApp}, {"kind", "choice"}, {"title", "Post options"}, {"text", ""}, {"buttons", buttons},
                 {"data", {{"menu", post.value("id", "")}}}});
}

void sort_menu(Phone& p, const std::string& which) {
  p.show_dialog({{"owner", kApp},
                 {"kind", "choice"},
                 {"title", "Sort posts by"},
                 {"text", ""},
                 {"buttons", json::array({{{"id", "hot"}, {"label", "Hot"}}, {{"id", "new"}, {"label", "New"}},
                                          {{"id", "top"}, {"label", "Top"}}, {{"id", "cancel"}, {"label", "Cancel"}}})},
                 {"data", {{"sort", which}}}});
}

// ---------------------------------------------------------------- navigation helpers

void open_post(Phone& p, const std::string& id, const std::string& highlight = "") {
  p.clear_focus();
  if (!p.navigate("open_post")) return;
  p.page_state()["post"] = id;
  own_state(p, kApp)["highlight"] = highlight;
}

void open_community(Phone& p, const std::string& id) {
  p.clear_focus();
  if (!p.navigate("open_community")) return;
  p.page_state()["community"] = id;
}

void open_user(Phone& p, const std::string& name) {
  p.clear_focus();
  if (!p.navigate("open_user")) return;
  p.page_state()["user"] = name;
  own_state(p, kApp)["user_tab"] = "posts";
}

/// Opens the composer for a comment on `post` (parent "") or a reply to comment `parent`.
void open_compose(Phone& p, const std::string& post, const std::string& parent) {
  json& st = own_state(p, kApp);
  st["reply"] = {{"post", post}, {"parent", parent}, {"text", ""}, {"error", ""}};
  p.clear_focus();
  if (!p.navigate("compose")) return;
  p.focus_multiline("forum.compose.text", "/apps/forum/reply/text");
}

/// Opens Create post (with `community` preselected when not empty).
void open_create(Phone& p, const std::string& cid) {
  json& st = own_state(p, kApp);
  st["draft"] = blank_draft();
  if (!cid.empty()) {
    st["draft"]["community"] = cid;
    const json c = community(p, cid);
    const json kinds = c.value("kinds", json::array());
    if (kinds.size() == 1) st["draft"]["kind"] = kinds[0];
  }
  p.clear_focus();
  p.navigate("create");
}

const char* const kTabKeys[] = {"home", "communities", "create", "inbox", "profile"};

/// Bottom navigation: Home is the task's root, the other tabs sit one page above it (back from any
/// tab returns to Home); Create opens the composer above the current page.
void go_tab(Phone& p, const std::string& tab) {
  p.clear_focus();
  if (tab == "create") return open_create(p, "");
  if (p.current_page() == tab) {
    p.set_scroll(0);
    return;
  }
  p.back_to_root();
  if (tab != "home") p.navigate("tab_" + tab);
}

void tab_bar(Ui& ui, Phone& phone, const std::string& current) {
  static const std::vector<Ui::Tab> kTabs = {{"home", "Home", "home"},
                                             {"communities", "Communities", "groups"},
                                             {"create", "Create", "add"},
                                             {"inbox", "Inbox", "inbox"},
                                             {"profile", "Profile", "person"}};
  int selected = -1;
  for (int i = 0; i < 5; ++i)
    if (current == kTabKeys[i]) selected = i;
  ui.bottom_nav("forum.tab.", kTabs, selected, [](Phone& p, int i) { go_tab(p, kTabKeys[i]); });
  // The inbox badge: the number of unread replies on the Inbox icon.
  const int unread = unread_count(phone);
  if (unread > 0) {
    const Rect area = Ui::content_area();
    const float cx = Ui::width_dp() / 5 * 3.5f + 14, cy = area.b - kNavDp + 16;
    const std::string n = unread > 99 ? "99+" : std::to_string(unread);
    const float w = std::max(16.f, ui.text_width(n, Font::Label) + 8);
    ui.fill({cx - w / 2, cy - 8, cx + w / 2, cy + 8}, kOrange, 8);
    ui.text_centered(cx - w / 2, cx + w / 2, cy - ui.line_height(Font::Label) / 2 - 1, n, Font::Label, 0xFFFFFF);
    for (Node& n2 : ui.nodes())
      if (n2.id == "forum.tab.inbox") n2.desc = std::to_string(unread) + " unread";
  }
}

// ---------------------------------------------------------------- the vote pill and the post card

/// The vote pill (up arrow, score, down arrow) at (x, y), 36 dp tall, nodes `<prefix>.up`,
/// `<prefix>.score`, `<prefix>.down`. Returns its width.
float vote_pill(Ui& ui, const std::string& prefix, float x, float y, const std::string& coll, const std::string& id, int score,
                int vote) {
  const std::string s = std::to_string(score);
  const float sw = std::max(ui.text_width(s, Font::Label), 8.f);
  const float w = 36 + sw + 36;
  const std::uint32_t ink = vote > 0 ? kOrange : vote < 0 ? kBlue : color::kOnSurfaceVariant;
  if (vote != 0) ui.fill({x, y, x + w, y + 36}, ink, 18, 0.12f);
  else ui.fill({x, y, x + w, y + 36}, kPill, 18);
  ui.icon(x + 18, y + 18, "arrow_upward", Font::IconSmall, vote > 0 ? kOrange : color::kOnSurfaceVariant);
  ui.text(x + 36, y + 18 - ui.line_height(Font::Label) / 2 - 1, s, Font::Label, ink);
  ui.icon(x + w - 18, y + 18, "arrow_downward", Font::IconSmall, vote < 0 ? kBlue : color::kOnSurfaceVariant);
  Node& up = ui.item(prefix + ".up", "android.widget.ImageButton", {x - 6, y - 6, x + 42, y + 42}, "",
                     [coll, id](Phone& p) { cast_vote(p, coll, id, 1); });
  up.desc = "Upvote";
  up.checkable = true;
  up.checked = vote > 0;
  Node& sc = ui.label(prefix + ".score", {x + 36, y + 6, x + 36 + sw, y + 30}, s);
  sc.desc = vote > 0 ? "Upvoted" : vote < 0 ? "Downvoted" : "Score";
  Node& down = ui.item(prefix + ".down", "android.widget.ImageButton", {x + w - 42, y - 6, x + w + 6, y + 42}, "",
                       [coll, id](Phone& p) { cast_vote(p, coll, id, -1); });
  down.desc = "Downvote";
  down.checkable = true;
  down.checked = vote < 0;
  return w;
}

/// The post's picture: an image post's generated scene, or the Gallery photo it carries.
void post_picture(Ui& ui, Phone& phone, const Rect& r, const json& post) {
  const std::string photo = post.value("photo", "");
  if (!photo.empty()) {
    const json ph = gallery::photo(phone, photo);
    if (!ph.is_null()) {
      gallery::draw_scene(ui, r, ph["scene"]);
      return;
    }
    ui.fill(r, color::kSurfaceContainer);
    ui.icon((r.l + r.r) / 2, (r.t + r.b) / 2, "image_not_supported", Font::IconLarge, color::kOnSurfaceVariant);
    return;
  }
  gallery::draw_scene(ui, r, post.value("image", json::object()));
}

std::string picture_desc(Phone& phone, const json& post) {
  const std::string photo = post.value("photo", "");
  if (!photo.empty()) {
    const json ph = gallery::photo(phone, photo);
    return ph.is_null() ? "Photo unavailable" : "Photo: " + ph.value("title", photo);
  }
  return "Image: " + post.value("title", "");
}

/// A link preview box (the domain and the address) in `r`.
void link_box(Ui& ui, const Rect& r, const json& post) {
  ui.stroke(r, color::kSurfaceVariant, 12, 1);
  ui.fill({r.l, r.t, r.l + r.h(), r.b}, color::kSurfaceContainer, 12);
  ui.icon(r.l + r.h() / 2, r.t + r.h() / 2, "link", Font::Icon, color::kOnSurfaceVariant);
  const float x = r.l + r.h() + 12, w = r.r - x - 12;
  ui.text(x, r.t + 12, ui.ellipsize(post.value("domain", ""), Font::Label, w), Font::Label, color::kOnSurface);
  ui.text(x, r.t + 34, ui.ellipsize(post.value("url", ""), Font::Body, w), Font::Body, color::kPrimary);
}

struct CardOpts {
  bool show_community = true;  // "r/Cooking" in the header (feeds), else "u/author" (a community's page)
};

/// The width (dp) a card's title and body wrap to.
float card_title_w() { return Ui::width_dp() - 32; }
constexpr float kImageH = 188, kLinkH = 64;

/// The lines of a card's title and body preview (shared by measuring and drawing).
struct CardText {
  std::vector<std::string> title, body;
};

CardText card_text(const Ui& ui, const json& post) {
  // Wrapping is the costly part of a feed: cached per thread by the texts, the width they wrap to
  // and the font scale (phones of several device profiles draw on one thread).
  thread_local std::unordered_map<std::string, CardText> cache;
  const std::string kind = post.value("kind", "text");
  std::string key = kind + '\x1f' + post.value("title", "") + '\x1f' + (kind == "text" ? post.value("body", "") : std::string()) +
                    '\x1f' + std::to_string(card_title_w()) + '\x1f' + std::to_string(Ui::screen().font_scale);
  if (const auto it = cache.find(key); it != cache.end()) return it->second;
  if (cache.size() > 4096) cache.clear();
  CardText t;
  t.title = ui.wrap(post.value("title", ""), Font::BodyLarge, card_title_w(), 3);
  if (post.value("kind", "text") == "text" && !post.value("body", "").empty())
    t.body = ui.wrap(post.value("body", ""), Font::Body, card_title_w(), 3);
  cache.emplace(std::move(key), t);
  return t;
}

float card_height(const Ui& ui, const json& post) {
  const CardText t = card_text(ui, post);
  float h = 50 + 22 * static_cast<float>(t.title.size()) + 4;
  if (!post.value("flair", "").empty()) h += 28;
  const std::string kind = post.value("kind", "text");
  if (kind == "image") h += kImageH + 10;
  else if (kind == "link") h += kLinkH + 10;
  else if (!t.body.empty()) h += 20 * static_cast<float>(t.body.size()) + 8;
  return h + 6 + 48 + 6 + 8;  // the action row, then the divider
}

/// One feed card at the list cursor (its height is card_height()).
void post_card(Ui& ui, Phone& phone, const json& post, const CardOpts& o) {
  const float y0 = ui.cursor_y();
  const float h = card_height(ui, post);
  const std::string id = post.value("id", "");
  const json c = community(phone, post.value("community", ""));
  const std::uint32_t tint = hex_color(c.value("color", ""));
  const CardText t = card_text(ui, post);
  // The whole card (drawn first: the widgets on it are on top).
  Node& card = ui.item("forum.card." + id, "android.widget.FrameLayout", {0, y0, Ui::width_dp(), y0 + h - 8}, post.value("title", ""),
                       [id](Phone& p) { open_post(p, id); });
  card.desc = post.value("community_name", c.value("name", "")) + kMid + "u/" + post.value("author", "");
  // Header: community (or author) and age; the ⋯ menu.
  const std::string age = relative_time(phone, post.value("time_ms", std::int64_t{0}));
  float x = 16;
  if (o.show_community) {
    community_icon(ui, 28, y0 + 24, 12, c);
    const std::string name = ui.ellipsize(c.value("name", ""), Font::Label, 200);
    const float nw = ui.text(46, y0 + 17, name, Font::Label, color::kOnSurface);
    const std::string cid = post.value("community", "");
    Node& cn = ui.item("forum.card." + id + ".community", "android.widget.TextView", {16, y0, std::max(64.f, 50 + nw), y0 + 48}, name,
                       [cid](Phone& p) { open_community(p, cid); });
    cn.desc = "Open " + c.value("name", "");
    x = 50 + nw;
  } else {
    user_avatar(ui, 28, y0 + 24, 12, post.value("author", ""));
    x = 46 + ui.text(46, y0 + 17, ui.ellipsize("u/" + post.value("author", ""), Font::Label, 200), Font::Label, color::kOnSurface) + 4;
  }
  ui.text(x, y0 + 17, ui.ellipsize(std::string(kMid).substr(1) + age, Font::Label, Ui::width_dp() - 64 - x), Font::Label,
          color::kOnSurfaceVariant);
  ui.icon(Ui::width_dp() - 28, y0 + 24, "more_horiz", Font::Icon, color::kOnSurfaceVariant);
  ui.item("forum.card." + id + ".menu", "android.widget.ImageButton", {Ui::width_dp() - 52, y0, Ui::width_dp() - 4, y0 + 48}, "",
          [post](Phone& p) { post_menu(p, post); })
      .desc = "Post options";
  // Title (its own node: what the oracle taps to open the post).
  float y = y0 + 50;
  for (const std::string& l : t.title) {
    ui.text(16, y, l, Font::BodyLarge, color::kOnSurface);
    y += 22;
  }
  Node& tn = ui.item("forum.card." + id + ".title", "android.widget.TextView", {12, y0 + 48, Ui::width_dp() - 12, std::max(y + 2, y0 + 96)},
                     post.value("title", ""), [id](Phone& p) { open_post(p, id); });
  tn.desc = "Open post";
  y += 4;
  if (!post.value("flair", "").empty()) {
    flair_pill(ui, 16, y, post.value("flair", ""), tint, 200);
    y += 28;
  }
  const std::string kind = post.value("kind", "text");
  if (kind == "image") {
    const Rect r{16, y, Ui::width_dp() - 16, y + kImageH};
    post_picture(ui, phone, r, post);
    ui.image("forum.card." + id + ".image", r, picture_desc(phone, post));
    y += kImageH + 10;
  } else if (kind == "link") {
    link_box(ui, {16, y, Ui::width_dp() - 16, y + kLinkH}, post);
    y += kLinkH + 10;
  } else if (!t.body.empty()) {
    for (const std::string& l : t.body) {
      ui.text(16, y, l, Font::Body, color::kOnSurfaceVariant);
      y += 20;
    }
    y += 8;
  }
  // Actions: vote pill, comments, share.
  y += 6;
  const float row = y + 6;
  float ax = 16;
  ax += vote_pill(ui, "forum.card." + id, ax, row, "posts", id, shown_score(post), post.value("vote", 0)) + 8;
  const int n = comment_count(phone, id);
  ax += pill_button(ui, "forum.card." + id + ".comments", ax, row, 36, "chat_bubble_outline", std::to_string(n),
                    color::kOnSurfaceVariant, [id](Phone& p) { open_post(p, id); },
                    std::to_string(n) + (n == 1 ? " comment" : " comments")) + 8;
  pill_button(ui, "forum.card." + id + ".share", ax, row, 36, "share", "Share", color::kOnSurfaceVariant,
              [post](Phone& p) { share_post(p, post); });
  ui.fill({0, y0 + h - 8, Ui::width_dp(), y0 + h}, kDivider);
  ui.set_cursor(y0 + h);
}

/// A scrolling list of post cards in `area` (only the cards near the visible window are drawn).
void card_list(Ui& ui, Phone& phone, const std::string& id, const Rect& area, const std::vector<json>& list, const CardOpts& o,
               const std::string& empty_text, float header_h = 0, const std::function<void(float)>& header = {}) {
  const std::string scroll_path = phone.page_pointer() + "/scroll";
  const json& ps = phone.page_state();
  const float off = Ui::to_dp(static_cast<float>(ps.value("scroll", 0)));
  ui.begin_scroll(id, area, scroll_path);
  if (header) {
    header(ui.cursor_y());
    ui.advance(header_h);
  }
  if (list.empty()) {
    const float y = ui.cursor_y();
    ui.icon(Ui::width_dp() / 2, y + 60, "forum", Font::IconLarge, color::kOnSurfaceVariant);
    ui.text_centered(0, Ui::width_dp(), y + 88, empty_text, Font::Body, color::kOnSurfaceVariant);
    const float w = ui.text_width(empty_text, Font::Body);
    ui.label("forum.empty", {(Ui::width_dp() - w) / 2, y + 86, (Ui::width_dp() + w) / 2, y + 108}, empty_text);
    ui.advance(140);
  }
  for (const json& p : list) {
    const float h = card_height(ui, p);
    const float top = ui.cursor_y();
    if (top + h < area.t + off - 400 || top > area.b + off + 400) {  // far outside the window: just its room
      ui.advance(h);
      continue;
    }
    post_card(ui, phone, p, o);
  }
  ui.advance(16);
  ui.end_scroll();
}

/// The sort chip ("Hot ▾") at (x, y): opens the sort dialog for `which` ("feed" or "community").
void sort_chip(Ui& ui, const std::string& id, float x, float y, const std::string& sort, const std::string& which) {
  const std::string label = sort_label(sort);
  const std::string icon = sort == "new" ? "new_releases" : sort == "top" ? "leaderboard" : "local_fire_department";
  const float w = ui.text_width(label, Font::Body) + 16 + 26 + 30;
  Node& n = ui.chip(id, {x, y, x + w, y + 48}, label, false, [which](Phone& p) { sort_menu(p, which); }, icon, "arrow_drop_down");
  n.desc = "Sort: " + label;
}

// ---------------------------------------------------------------- comments

struct CommentRow {
  json c;
  int depth;
  int hidden_children;  // descendants folded under a collapsed comment
};

/// The post's comments in display order: a tree, siblings by the owner's new comments first, then
/// by score (Best), then oldest first; the children of collapsed comments are left out.
std::vector<CommentRow> comment_rows(Phone& phone, const std::string& post_id) {
  const std::vector<json> all = post_comments(phone, post_id);
  std::map<std::string, std::vector<const json*>> kids;
  std::set<std::string> ids;
  for (const json& c : all) ids.insert(c.value("id", ""));
  for (const json& c : all) {
    std::string parent = c.value("parent", "");
    if (!parent.empty() && !ids.count(parent)) parent = "";  // a reply to a removed comment
    kids[parent].push_back(&c);
  }
  for (auto& [k, v] : kids)
    std::stable_sort(v.begin(), v.end(), [](const json* a, const json* b) {
      const bool na = is_new_own(*a), nb = is_new_own(*b);
      if (na != nb) return na;
      const int sa = shown_score(*a), sb = shown_score(*b);
      if (sa != sb) return sa > sb;
      return a->value("time_ms", std::int64_t{0}) < b->value("time_ms", std::int64_t{0});
    });
  std::set<std::string> collapsed;
  for (const json& id : S(phone).value("collapsed", json::array()))
    if (id.is_string()) collapsed.insert(id.get<std::string>());
  std::vector<CommentRow> out;
  std::function<int(const std::string&)> count_desc = [&](const std::string& id) {
    int n = 0;
    auto it = kids.find(id);
    if (it == kids.end()) return 0;
    for (const json* k : it->second) n += 1 + count_desc(k->value("id", ""));
    return n;
  };
  std::function<void(const std::string&, int)> walk = [&](const std::string& parent, int depth) {
    auto it = kids.find(parent);
    if (it == kids.end()) return;
    for (const json* c : it->second) {
      const std::string id = c->value("id", "");
      const bool folded = collapsed.count(id) > 0;
      out.push_back({*c, depth, folded ? count_desc(id) : 0});
      if (!folded) walk(id, depth + 1);
    }
  };
  walk("", 1);
  return out;
}

constexpr float kIndent = 14;

float comment_x(int depth) { return 16 + static_cast<float>(std::min(depth, 8) - 1) * kIndent; }

std::vector<std::string> comment_lines(const Ui& ui, const CommentRow& r) {
  if (r.hidden_children > 0 || r.c.value("collapsed_self", false)) return {};
  return ui.wrap(r.c.value("body", ""), Font::Body, Ui::width_dp() - 16 - comment_x(r.depth) - 4);
}

bool is_collapsed(const Phone& p, const std::string& id) {
  for (const json& c : S(p).value("collapsed", json::array()))
    if (c == id) return true;
  return false;
}

float comment_height(const Ui& ui, const Phone& p, const CommentRow& r) {
  if (is_collapsed(p, r.c.value("id", ""))) return 48;
  return 36 + 20 * static_cast<float>(comment_lines(ui, r).size()) + 48 + 4;
}

void toggle_collapse(Phone& p, const std::string& id) {
  json& st = own_state(p, kApp);
  json list = st.value("collapsed", json::array());
  json out = json::array();
  bool was = false;
  for (const json& c : list) {
    if (c == id) was = true;
    else out.push_back(c);
  }
  if (!was) out.push_back(id);
  st["collapsed"] = out;
}

/// One comment at the list cursor: thread lines for its depth, the header (avatar, author, OP,
/// age), the body, and the action row (Reply, vote pill). Tapping the comment collapses it.
void comment_view(Ui& ui, Phone& phone, const CommentRow& r, const std::string& post_author, const std::string& highlight) {
  const float y0 = ui.cursor_y();
  const float h = comment_height(ui, phone, r);
  const std::string id = r.c.value("id", ""), author = r.c.value("author", "");
  const bool folded = is_collapsed(phone, id);
  const float x = comment_x(r.depth);
  if (id == highlight) ui.fill({0, y0, Ui::width_dp(), y0 + h}, 0xFFF1E8);
  for (int d = 1; d < std::min(r.depth, 8); ++d) {  // thread lines of the ancestors
    const float lx = comment_x(d) + 5;
    ui.fill({lx, y0, lx + 1.5f, y0 + h}, color::kSurfaceVariant);
  }
  // The comment body node first (collapse on tap); the header's author and the actions on top.
  const std::vector<std::string> lines = folded ? std::vector<std::string>{} : comment_lines(ui, r);
  const float body_b = y0 + 36 + 20 * static_cast<float>(lines.size()) + 2;
  Node& cn = ui.item("forum.comment." + id, "android.view.ViewGroup", {x - 4, y0, Ui::width_dp() - 8, std::max(body_b, y0 + 48)},
                     r.c.value("body", ""), [id](Phone& p) { toggle_collapse(p, id); });
  cn.desc = "u/" + author + (folded ? ", collapsed" : "");
  cn.selected = folded;
  user_avatar(ui, x + 10, y0 + 20, 10, author);
  float hx = x + 26;
  const std::string who = ui.ellipsize("u/" + author, Font::Label, 170);
  const float aw = ui.text(hx, y0 + 13, who, Font::Label, author == kOwner ? kOrange : color::kOnSurface);
  Node& an = ui.item("forum.comment." + id + ".author", "android.widget.TextView", {hx - 4, y0 - 2, hx + std::max(aw, 44.f) + 4, y0 + 46},
                     "u/" + author, [author](Phone& p) { open_user(p, author); });
  an.desc = "Open profile";
  hx += std::max(aw, 44.f) + 4;
  std::vector<std::string> parts;
  if (author == post_author) parts.push_back("OP");
  parts.push_back(relative_time(phone, r.c.value("time_ms", std::int64_t{0})));
  if (r.c.value("edited_ms", std::int64_t{0}) > 0) parts.push_back("edited");
  if (folded && r.hidden_children > 0)
    parts.push_back("+" + std::to_string(r.hidden_children) + (r.hidden_children == 1 ? " reply" : " replies"));
  std::string meta = "\xC2\xB7 ";
  for (std::size_t i = 0; i < parts.size(); ++i) meta += (i ? kMid : "") + parts[i];
  ui.text(hx, y0 + 13, ui.ellipsize(meta, Font::Label, Ui::width_dp() - 16 - hx - (folded ? 28 : 0)), Font::Label,
          color::kOnSurfaceVariant);
  if (folded) {
    ui.icon(Ui::width_dp() - 28, y0 + 20, "unfold_more", Font::IconSmall, color::kOnSurfaceVariant);
    ui.set_cursor(y0 + h);
    return;
  }
  float ly = y0 + 36;
  for (const std::string& l : lines) {
    ui.text(x, ly, l, Font::Body, color::kOnSurface);
    ly += 20;
  }
  // Actions: Reply, then the vote pill at the right.
  const float ay = ly + 6;
  const std::string post = r.c.value("post", "");
  pill_button(ui, "forum.comment." + id + ".reply", x, ay, 32, "reply", "Reply", color::kOnSurfaceVariant,
              [post, id](Phone& p) { open_compose(p, post, id); });
  const int score = shown_score(r.c), vote = r.c.value("vote", 0);
  const float vw = 72 + std::max(ui.text_width(std::to_string(score), Font::Label), 8.f);
  vote_pill(ui, "forum.comment." + id, Ui::width_dp() - 16 - vw, ay - 2, "comments", id, score, vote);
  ui.set_cursor(y0 + h);
}

// ---------------------------------------------------------------- the app

class ForumApp : public App {
 public:
  ForumApp() {
    add_page("home", home);
    add_page("communities", communities_page);
    add_page("community", community_page);
    add_page("rules", rules_page);
    add_page("post", post_page);
    add_page("compose", compose_page);
    add_page("create", create_page);
    add_page("pick_community", pick_community_page);
    add_page("pick_photo", pick_photo_page);
    add_page("edit_post", edit_page);
    add_page("report", report_page);
    add_page("inbox", inbox_page);
    add_page("profile", profile_page);
    add_page("user", user_page);
    add_page("search", search_page);
    // Other apps read Forum's data through these calls (never the state).
    add_export("communities", [](Phone& p, const json&) {
      json out = json::array();
      for (const json& c : all_communities(p))
        out.push_back({{"id", c.value("id", "")}, {"name", c.value("name", "")}, {"joined", c.value("joined", false)},
                       {"members", shown_members(c)}});
      return out;
    });
    add_export("post", [](Phone& p, const json& args) {
      const std::string id = args.value("id", "");
      const json post = find_post(p, id);
      if (missing(post)) throw std::invalid_argument("no post \"" + id + "\"");
      return json{{"id", id},
                  {"title", post.value("title", "")},
                  {"community", community(p, post.value("community", "")).value("name", "")},
                  {"author", post.value("author", "")},
                  {"link", post_link(p, post)},
                  {"score", shown_score(post)},
                  {"comments", comment_count(p, id)}};
    });
    add_export("unread", [](Phone& p, const json&) { return json{{"unread", unread_count(p)}}; });
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    const json data = dialog.value("data", json::object());
    json& st = own_state(phone, kApp);
    if (button == "cancel") return;
    if (data.contains("sort")) {  // the sort dialog of a feed or a community
      const std::string key = data.value("sort", "") == "community" ? "community_sort" : "sort";
      st[key] = button;
      if (phone.foreground() == kApp) phone.set_scroll(0);
      return;
    }
    if (data.contains("flair")) {  // the create page's flair picker
      if (button == "none") {
        st["draft"]["flair"] = "";
        return;
      }
      const json c = community(phone, data.value("flair", ""));
      for (const json& f : c.value("flairs", json::array()))
        if (slug(f.get<std::string>()) == button) st["draft"]["flair"] = f;
      st["draft"]["error"] = "";
      return;
    }
    if (data.contains("menu")) {  // a post's options
      const std::string id = data.value("menu", "");
      const json post = find_post(phone, id);
      if (missing(post)) return;
      if (button == "save") toggle_saved(phone, id);
      else if (button == "hide") toggle_hidden(phone, id);
      else if (button == "report") {
        st["report"] = {{"post", id}, {"reason", ""}, {"hide", false}};
        if (phone.navigate("report")) phone.page_state()["post"] = id;
      } else if (button == "edit" && post.value("author", "") == kOwner) {
        st["edit"] = {{"post", id}, {"body", post.value("body", "")}, {"error", ""}};
        if (phone.navigate("edit")) {
          phone.page_state()["post"] = id;
          phone.focus_multiline("forum.edit.body", "/apps/forum/edit/body");
        }
      } else if (button == "delete" && post.value("author", "") == kOwner) {
        phone.show_dialog({{"owner", kApp},
                           {"kind", "alert"},
                           {"title", "Delete post?"},
                           {"text", "\"" + post.value("title", "") + "\" will be removed from " +
                                        community(phone, post.value("community", "")).value("name", "") + ". You can't undo this."},
                           {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                           {"data", {{"delete", id}}}});
      }
      return;
    }
    if (data.contains("delete") && button == "delete") {
      const std::string id = data.value("delete", "");
      json& posts = ensure_object(st["posts"]);
      if (World::instance().entity(kApp, "posts", id)) posts[id] = nullptr;
      else posts.erase(id);
      phone.toast("Post deleted");
      if (phone.foreground() == kApp && phone.current_page() == "post" && phone.page_state().value("post", "") == id) phone.back();
    }
  }

 private:
  // ---------------------------------------------------------------- home (Home and Popular)
  static void home(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& st = S(phone);
    // App bar: the logo, "Forum", search.
    ui.circle(32, area.t + 32, 16, kOrange);
    ui.icon(32, area.t + 32, "question_answer", Font::IconSmall, 0xFFFFFF);
    ui.label_at("forum.title", 56, area.t + 32 - ui.line_height(Font::Title) / 2 - 2, "Forum", Font::Title, color::kOnSurface);
    ui.icon_button("forum.search", Ui::width_dp() - 76, area.t + 32, "search", "Search", color::kOnSurface, [](Phone& p) {
      own_state(p, kApp)["query"] = "";
      p.navigate("search");
      p.focus("forum.search.field", "/apps/forum/query");
    });
    user_avatar(ui, Ui::width_dp() - 28, area.t + 32, 16, kOwner, Font::Body);
    ui.item("forum.avatar", "android.widget.ImageButton", {Ui::width_dp() - 52, area.t + 8, Ui::width_dp() - 4, area.t + 56}, "",
            [](Phone& p) { go_tab(p, "profile"); })
        .desc = "Your profile";
    // Home | Popular.
    const std::string feed = st.value("feed", "home");
    ui.tabs("forum.feed.", {0, area.t + 60, Ui::width_dp(), area.t + 108}, {{"home", "Home", ""}, {"popular", "Popular", ""}},
            feed == "popular" ? 1 : 0, [](Phone& p, int i) {
              own_state(p, kApp)["feed"] = i == 1 ? "popular" : "home";
              p.set_scroll(0);
            });
    const std::string sort = st.value("sort", "hot");
    sort_chip(ui, "forum.sort", 16, area.t + 112, sort, "feed");
    std::set<std::string> joined;
    for (const json& c : all_communities(phone))
      if (c.value("joined", false)) joined.insert(c.value("id", ""));
    std::vector<json> list;
    for (json& p : sorted_posts(phone, sort)) {
      if (p.value("hidden", false)) continue;
      if (feed != "popular" && !joined.count(p.value("community", ""))) continue;
      list.push_back(std::move(p));
    }
    const std::string count = std::to_string(list.size()) + " posts";
    const float cw = ui.text_width(count, Font::Label);
    ui.label_at("forum.feed.count", Ui::width_dp() - 16 - cw, area.t + 128, count, Font::Label, color::kOnSurfaceVariant);
    card_list(ui, phone, "forum.feed", {0, area.t + 164, Ui::width_dp(), area.b - kNavDp}, list, {},
              feed == "popular" ? "No posts yet" : "Join communities to fill your Home feed");
    tab_bar(ui, phone, "home");
  }

  // ---------------------------------------------------------------- communities
  static void community_row(Ui& ui, const json& c, const std::string& prefix, bool join_button) {
    const float y = ui.cursor_y();
    const std::string id = c.value("id", "");
    community_icon(ui, 40, y + 36, 20, c);
    const bool joined = c.value("joined", false);
    const float bw = join_button ? 76 : 0;
    ui.text(72, y + 14, ui.ellipsize(c.value("name", ""), Font::BodyLarge, Ui::width_dp() - 88 - bw), Font::BodyLarge, color::kOnSurface);
    const std::string sub = members_text(shown_members(c)) + " members";
    ui.text(72, y + 40, ui.ellipsize(sub, Font::Body, Ui::width_dp() - 88 - bw), Font::Body, color::kOnSurfaceVariant);
    Node& n = ui.item(prefix + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 72}, c.value("name", ""),
                      [id, prefix](Phone& p) {
                        if (prefix == "forum.pick.") {
                          pick_community(p, id);
                          return;
                        }
                        open_community(p, id);
                      });
    n.desc = sub + (joined ? kMid + std::string("Joined") : "");
    n.selected = joined;
    if (join_button) {
      const Rect b{Ui::width_dp() - 16 - 68, y + 20, Ui::width_dp() - 16, y + 52};
      if (joined) {
        ui.stroke(b, color::kOutline, 16);
        ui.text_centered(b.l, b.r, b.t + 8, "Joined", Font::Label, color::kOnSurfaceVariant);
      } else {
        ui.fill(b, 0x0045AC, 16);
        ui.text_centered(b.l, b.r, b.t + 8, "Join", Font::Label, 0xFFFFFF);
      }
      ui.item(prefix + id + ".join", "android.widget.Button", {b.l - 4, y + 12, b.r + 4, y + 60}, joined ? "Joined" : "Join",
              [id](Phone& p) { toggle_join(p, id); })
          .checked = joined;
    }
    ui.advance(72);
  }

  static void communities_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.headline("forum.communities.title", 16, area.t + 12, "Communities");
    ui.icon_button("forum.communities.search", Ui::width_dp() - 32, area.t + 32, "search", "Search", color::kOnSurface, [](Phone& p) {
      own_state(p, kApp)["query"] = "";
      p.navigate("search");
      p.focus("forum.search.field", "/apps/forum/query");
    });
    ui.begin_scroll("forum.communities.list", {0, area.t + 64, Ui::width_dp(), area.b - kNavDp}, phone.page_pointer() + "/scroll");
    const std::vector<json> all = all_communities(phone);
    for (int pass = 0; pass < 2; ++pass) {
      const bool joined_pass = pass == 0;
      const std::string title = joined_pass ? "Your communities" : "Discover";
      ui.text(16, ui.cursor_y() + 14, title, Font::Label, color::kPrimary);
      ui.advance(40);
      int n = 0;
      for (const json& c : all) {
        if (c.value("joined", false) != joined_pass) continue;
        community_row(ui, c, "forum.community.", true);
        ++n;
      }
      if (n == 0) {
        const std::string t = joined_pass ? "You haven't joined any communities" : "You've joined every community";
        ui.text(16, ui.cursor_y() + 8, t, Font::Body, color::kOnSurfaceVariant);
        ui.advance(40);
      }
    }
    ui.advance(16);
    ui.end_scroll();
    tab_bar(ui, phone, "communities");
  }

  static void community_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string cid = phone.page_state().value("community", "");
    const json c = community(phone, cid);
    ui.top_bar("forum.sub.title", missing(c) ? "Community" : ui.ellipsize(c.value("name", ""), Font::Title, Ui::width_dp() - 80), true);
    if (missing(c)) {
      ui.text_centered(0, Ui::width_dp(), area.t + 200, "Community not found", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("forum.sub.missing", {80, area.t + 196, 280, area.t + 224}, "Community not found");
      return;
    }
    const std::string sort = S(phone).value("community_sort", "hot");
    std::vector<json> list;
    for (const json& p : sorted_posts(phone, sort))
      if (p.value("community", "") == cid && !p.value("hidden", false)) list.push_back(p);
    const bool joined = c.value("joined", false);
    const std::vector<std::string> desc = ui.wrap(c.value("description", ""), Font::Body, Ui::width_dp() - 32, 2);
    const float header_h = 218 + 20 * static_cast<float>(desc.size());
    auto header = [&](float y) {
      const std::uint32_t tint = hex_color(c.value("color", ""));
      ui.fill({0, y, Ui::width_dp(), y + 56}, tint);
      ui.circle(44, y + 60, 30, 0xFFFFFF);
      community_icon(ui, 44, y + 60, 26, c);
      ui.label_at("forum.sub.name", 84, y + 66, c.value("name", ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 84 - 108);
      const std::string members = members_text(shown_members(c)) + " members";
      ui.label_at("forum.sub.members", 84, y + 90, members, Font::Label, color::kOnSurfaceVariant, Ui::width_dp() - 84 - 108);
      const Rect b{Ui::width_dp() - 100, y + 66, Ui::width_dp() - 16, y + 98};
      if (joined) {
        ui.stroke(b, color::kOutline, 16);
        ui.text_centered(b.l, b.r, b.t + 8, "Joined", Font::Label, color::kOnSurfaceVariant);
      } else {
        ui.fill(b, 0x0045AC, 16);
        ui.text_centered(b.l, b.r, b.t + 8, "Join", Font::Label, 0xFFFFFF);
      }
      Node& jb = ui.item("forum.sub.join", "android.widget.Button", {b.l, y + 58, b.r, y + 106}, joined ? "Joined" : "Join",
                         [cid](Phone& p) { toggle_join(p, cid); });
      jb.checked = joined;
      float dy = y + 114;
      for (const std::string& l : desc) {
        ui.text(16, dy, l, Font::Body, color::kOnSurfaceVariant);
        dy += 20;
      }
      // About & rules, Create post, sort.
      const float by = dy + 4;
      const float aw = pill_button(ui, "forum.sub.about", 16, by + 6, 36, "info", "About & rules", color::kOnSurface, [cid](Phone& p) {
        if (p.navigate("rules")) p.page_state()["community"] = cid;
      });
      pill_button(ui, "forum.sub.create", 16 + aw + 8, by + 6, 36, "add", "Create post", color::kOnSurface,
                  [cid](Phone& p) { open_create(p, cid); });
      sort_chip(ui, "forum.sub.sort", 16, by + 48, sort, "community");
    };
    card_list(ui, phone, "forum.sub.feed", {0, area.t + 64, Ui::width_dp(), area.b}, list, {false}, "No posts yet", header_h, header);
  }

  static void rules_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string cid = phone.page_state().value("community", "");
    const json c = community(phone, cid);
    ui.top_bar("forum.rules.title", missing(c) ? "About" : "About " + ui.ellipsize(c.value("name", ""), Font::Title, Ui::width_dp() - 150), true);
    if (missing(c)) return;
    ui.begin_scroll("forum.rules.scroll", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y() + 4;
    community_icon(ui, 40, y + 28, 24, c);
    ui.label_at("forum.rules.name", 76, y + 8, c.value("title", ""), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 92);
    ui.label_at("forum.rules.members", 76, y + 32, with_commas(shown_members(c)) + " members", Font::Body, color::kOnSurfaceVariant,
                Ui::width_dp() - 92);
    y += 68;
    const float dh = ui.text_wrapped(16, y, c.value("description", ""), Font::Body, color::kOnSurface, Ui::width_dp() - 32, 20);
    ui.label("forum.rules.description", {16, y, Ui::width_dp() - 16, y + dh}, c.value("description", ""));
    y += dh + 8;
    ui.label_at("forum.rules.created", 16, y, "Created " + long_date(c.value("created", "")), Font::Body, color::kOnSurfaceVariant,
                Ui::width_dp() - 32);
    y += 36;
    // Posting requirements.
    ui.text(16, y, "Posting requirements", Font::Label, color::kPrimary);
    y += 28;
    for (const auto& [key, text] : requirements(c)) {
      ui.icon(28, y + 10, "check", Font::IconSmall, color::kOnSurfaceVariant);
      const float h = ui.text_wrapped(48, y, text, Font::Body, color::kOnSurface, Ui::width_dp() - 64, 20);
      ui.label("forum.rules.req." + key, {48, y, Ui::width_dp() - 16, y + h}, text);
      y += h + 8;
    }
    y += 12;
    // Flairs.
    ui.text(16, y, "Post flairs", Font::Label, color::kPrimary);
    y += 28;
    float x = 16;
    const std::uint32_t tint = hex_color(c.value("color", ""));
    for (const json& f : c.value("flairs", json::array())) {
      const float w = ui.text_width(f.get<std::string>(), Font::Label) + 20;
      if (x + w > Ui::width_dp() - 16) {
        x = 16;
        y += 30;
      }
      flair_pill(ui, x, y, f.get<std::string>(), tint, Ui::width_dp() - 32);
      x += w + 8;
    }
    y += 44;
    // Rules.
    ui.text(16, y, "Rules", Font::Label, color::kPrimary);
    y += 28;
    int n = 0;
    for (const json& r : c.value("rules", json::array())) {
      ++n;
      const std::string num = std::to_string(n);
      ui.circle(28, y + 10, 11, color::kSurfaceContainer);
      ui.text_centered(17, 39, y + 3, num, Font::Label, color::kOnSurface);
      const float h = ui.text_wrapped(48, y, r.get<std::string>(), Font::Body, color::kOnSurface, Ui::width_dp() - 64, 20);
      Node& rn = ui.label("forum.rules.rule." + num, {48, y, Ui::width_dp() - 16, y + std::max(h, 20.f)}, r.get<std::string>());
      rn.desc = "Rule " + num;
      y += std::max(h, 22.f) + 12;
    }
    ui.set_cursor(y + 16);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- a post and its comments
  static void post_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string id = phone.page_state().value("post", "");
    const json post = find_post(phone, id);
    const json c = missing(post) ? json::object() : community(phone, post.value("community", ""));
    ui.top_bar("forum.post.title", missing(post) ? "Post" : ui.ellipsize(c.value("name", ""), Font::Title, Ui::width_dp() - 130), true);
    if (missing(post)) {
      ui.text_centered(0, Ui::width_dp(), area.t + 200, "This post was deleted", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("forum.post.missing", {70, area.t + 196, 290, area.t + 224}, "This post was deleted");
      return;
    }
    for (Node& n : ui.nodes())  // the title opens the community
      if (n.id == "forum.post.title") {
        n.clickable = true;
        const std::string cid = post.value("community", "");
        n.on_click = [cid](Phone& p) { open_community(p, cid); };
        n.bounds.b = std::max(n.bounds.b, n.bounds.t + Ui::to_px(48));
        n.bounds.r = std::max(n.bounds.r, n.bounds.l + Ui::to_px(48));
      }
    ui.icon_button("forum.post.menu", Ui::width_dp() - 28, area.t + 32, "more_vert", "Post options", color::kOnSurface,
                   [post](Phone& p) { post_menu(p, post); });
    const bool saved = post.value("saved", false);
    ui.icon_button("forum.post.save", Ui::width_dp() - 76, area.t + 32, saved ? "bookmark" : "bookmark_border",
                   saved ? "Unsave" : "Save", saved ? color::kPrimary : color::kOnSurface, [id](Phone& p) { toggle_saved(p, id); });
    for (Node& n : ui.nodes())
      if (n.id == "forum.post.save") {
        n.checkable = true;
        n.checked = saved;
      }
    const std::string highlight = S(phone).value("highlight", "");
    const float bar_t = area.b - 60;
    ui.begin_scroll("forum.post.scroll", {0, area.t + 64, Ui::width_dp(), bar_t}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y() + 4;
    const std::string author = post.value("author", "");
    // Header: community icon, author, age.
    community_icon(ui, 32, y + 20, 16, c);
    ui.text(56, y + 4, ui.ellipsize(c.value("name", ""), Font::Label, Ui::width_dp() - 72), Font::Label, color::kOnSurface);
    const std::string who = "u/" + author + kMid + relative_time(phone, post.value("time_ms", std::int64_t{0})) +
                            (post.value("edited_ms", std::int64_t{0}) > 0 ? std::string(kMid) + "edited" : "");
    const std::string who_shown = ui.ellipsize(who, Font::Label, Ui::width_dp() - 72);
    const float ww = ui.text(56, y + 22, who_shown, Font::Label, color::kOnSurfaceVariant);
    Node& an = ui.item("forum.post.author", "android.widget.TextView", {52, y - 4, std::max(56 + ww + 4, 104.f), y + 44}, "u/" + author,
                       [author](Phone& p) { open_user(p, author); });
    an.desc = who;
    y += 48;
    // Title, flair, body / link / picture.
    const std::vector<std::string> tl = ui.wrap(post.value("title", ""), Font::Title, Ui::width_dp() - 32);
    float ty = y;
    for (const std::string& l : tl) {
      ui.text(16, ty, l, Font::Title, color::kOnSurface);
      ty += 30;
    }
    ui.label("forum.post.heading", {16, y, Ui::width_dp() - 16, ty}, post.value("title", ""));
    y = ty + 6;
    if (!post.value("flair", "").empty()) {
      const float fw = flair_pill(ui, 16, y, post.value("flair", ""), hex_color(c.value("color", "")), 240);
      ui.label("forum.post.flair", {16, y, 16 + fw, y + 22}, post.value("flair", ""));
      y += 32;
    }
    const std::string kind = post.value("kind", "text");
    if (kind == "image") {
      const Rect r{0, y, Ui::width_dp(), y + 270};
      post_picture(ui, phone, r, post);
      ui.image("forum.post.image", r, picture_desc(phone, post));
      y += 280;
    } else if (kind == "link") {
      link_box(ui, {16, y, Ui::width_dp() - 16, y + kLinkH}, post);
      ui.label("forum.post.link", {16, y, Ui::width_dp() - 16, y + kLinkH}, post.value("url", "")).desc = post.value("domain", "");
      y += kLinkH + 12;
    }
    const std::string body = post.value("body", "");
    if (!body.empty()) {
      const float bh = ui.text_wrapped(16, y, body, Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 32, 24);
      ui.label("forum.post.body", {16, y, Ui::width_dp() - 16, y + bh}, body);
      y += bh + 8;
    }
    if (post.value("hidden", false)) {
      ui.label_at("forum.post.hidden", 16, y + 2, "You hid this post", Font::Label, color::kOnSurfaceVariant, Ui::width_dp() - 32);
      y += 24;
    }
    if (!post.value("reported", "").empty()) {
      ui.label_at("forum.post.reported", 16, y + 2, "You reported this post: " + post.value("reported", ""), Font::Label,
                  color::kOnSurfaceVariant, Ui::width_dp() - 32);
      y += 24;
    }
    // Actions.
    y += 6;
    float ax = 16;
    ax += vote_pill(ui, "forum.post", ax, y, "posts", id, shown_score(post), post.value("vote", 0)) + 8;
    const int n = comment_count(phone, id);
    const std::string nc = std::to_string(n);
    const float cw = 16 + 22 + 4 + ui.text_width(nc, Font::Label) + 4;
    ui.fill({ax, y, ax + cw, y + 36}, kPill, 18);
    ui.icon(ax + 21, y + 18, "chat_bubble_outline", Font::IconSmall, color::kOnSurfaceVariant);
    ui.text(ax + 36, y + 18 - ui.line_height(Font::Label) / 2 - 1, nc, Font::Label, color::kOnSurfaceVariant);
    ui.label("forum.post.comments", {ax, y, ax + cw, y + 36}, nc).desc = nc + (n == 1 ? " comment" : " comments");
    ax += cw + 8;
    pill_button(ui, "forum.post.share", ax, y, 36, "share", "Share", color::kOnSurfaceVariant, [post](Phone& p) { share_post(p, post); });
    y += 48;
    ui.fill({0, y, Ui::width_dp(), y + 8}, kDivider);
    y += 16;
    ui.text(16, y, "Best comments", Font::Label, color::kOnSurfaceVariant);
    y += 24;
    ui.set_cursor(y);
    // Comments (only the ones near the window are drawn).
    const float off = Ui::to_dp(static_cast<float>(phone.page_state().value("scroll", 0)));
    const std::vector<CommentRow> rows = comment_rows(phone, id);
    if (rows.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 24, "No comments yet. Start the conversation!", Font::Body, color::kOnSurfaceVariant);
      ui.advance(72);
    }
    for (const CommentRow& r : rows) {
      const float h = comment_height(ui, phone, r);
      const float top = ui.cursor_y();
      if (top + h < area.t + off - 300 || top > bar_t + off + 300) {
        ui.advance(h);
        continue;
      }
      comment_view(ui, phone, r, author, highlight);
    }
    ui.advance(24);
    ui.end_scroll();
    // The comment bar.
    ui.fill({0, bar_t, Ui::width_dp(), area.b}, color::kSurface);
    ui.fill({0, bar_t, Ui::width_dp(), bar_t + 1}, color::kSurfaceVariant);
    const Rect box{16, bar_t + 10, Ui::width_dp() - 16, bar_t + 50};
    ui.fill(box, color::kSurfaceContainer, 20);
    ui.text(32, bar_t + 20, "Add a comment", Font::Body, color::kOnSurfaceVariant);
    ui.item("forum.post.add_comment", "android.widget.Button", {16, bar_t + 6, Ui::width_dp() - 16, bar_t + 54}, "Add a comment",
            [id](Phone& p) { open_compose(p, id, ""); });
  }

  // ---------------------------------------------------------------- compose a comment / reply
  static void compose_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& st = S(phone);
    const json r = st.value("reply", json::object());
    const std::string parent = r.value("parent", "");
    ui.top_bar("forum.compose.title", parent.empty() ? "Add a comment" : "Reply", true);
    ui.button("forum.compose.send", {Ui::width_dp() - 92, area.t + 14, Ui::width_dp() - 12, area.t + 50}, "Post", true, send_comment);
    float y = ui.cursor_y() + 4;
    // What this answers: the comment, or the post's title.
    const json post = find_post(phone, r.value("post", ""));
    std::string who, what;
    if (!parent.empty()) {
      const json pc = find_comment(phone, parent);
      who = "u/" + pc.value("author", "");
      what = pc.value("body", "");
    } else if (!missing(post)) {
      who = community(phone, post.value("community", "")).value("name", "") + kMid + "u/" + post.value("author", "");
      what = post.value("title", "");
    }
    const std::vector<std::string> lines = ui.wrap(what, Font::Body, Ui::width_dp() - 44, 3);
    const float ch = 28 + 20 * static_cast<float>(lines.size());
    ui.fill({16, y, 19, y + ch}, color::kSurfaceVariant);
    ui.text(28, y + 2, ui.ellipsize(who, Font::Label, Ui::width_dp() - 44), Font::Label, color::kOnSurfaceVariant);
    float ly = y + 24;
    for (const std::string& l : lines) {
      ui.text(28, ly, l, Font::Body, color::kOnSurface);
      ly += 20;
    }
    ui.label("forum.compose.context", {28, y, Ui::width_dp() - 16, y + ch}, what).desc = who;
    y += ch + 12;
    ui.fill({0, y, Ui::width_dp(), y + 1}, color::kSurfaceVariant);
    y += 12;
    const std::string error = r.value("error", "");
    if (!error.empty()) {
      ui.label_at("forum.compose.error", 16, y, error, Font::Body, color::kError, Ui::width_dp() - 32);
      y += 28;
    }
    text_area(ui, phone, "forum.compose.text", 16, y, Ui::width_dp() - 32, 140, "/apps/forum/reply/text",
              parent.empty() ? "What are your thoughts?" : "Your reply", 8);
  }

  static void send_comment(Phone& p) {
    json& st = own_state(p, kApp);
    json& r = st["reply"];
    const std::string text = trim(r.value("text", ""));
    const std::string post_id = r.value("post", ""), parent = r.value("parent", "");
    if (text.empty()) {
      r["error"] = "Write something before posting";
      return;
    }
    if (missing(find_post(p, post_id))) {
      r["error"] = "This post was deleted";
      return;
    }
    const int n = st.value("next_comment", 2001);
    st["next_comment"] = n + 1;
    const std::string id = "c" + std::to_string(n);
    ensure_object(st["comments"])[id] = {{"post", post_id}, {"parent", parent}, {"author", kOwner},  {"body", text},
                                         {"time_ms", p.now_ms()}, {"score", 0},  {"vote", 1},        {"unread", false},
                                         {"edited_ms", 0}};
    st["reply"] = {{"post", ""}, {"parent", ""}, {"text", ""}, {"error", ""}};
    p.clear_focus();
    p.back();
    p.toast(parent.empty() ? "Comment posted" : "Reply posted");
  }

  // ---------------------------------------------------------------- create a post
  static void create_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& st = S(phone);
    const json d = st.value("draft", json::object());
    ui.top_bar("forum.create.title", "Create post", true);
    ui.button("forum.create.post", {Ui::width_dp() - 92, area.t + 14, Ui::width_dp() - 12, area.t + 50}, "Post", true, submit_post);
    float y = ui.cursor_y() + 4;
    // The community and the flair.
    const std::string cid = d.value("community", "");
    const json c = community(phone, cid);
    {
      const std::string label = missing(c) ? "Choose a community" : c.value("name", "");
      const float w = std::min(200.f, ui.text_width(label, Font::Body) + 16 + 28 + 30);
      if (!missing(c)) {
        ui.fill({16, y + 8, 16 + w, y + 40}, color::kSurfaceContainer, 16);
        community_icon(ui, 32, y + 24, 11, c);
        ui.text(48, y + 15, ui.ellipsize(label, Font::Body, w - 48 - 26), Font::Body, color::kOnSurface);
        ui.icon(16 + w - 16, y + 24, "arrow_drop_down", Font::IconSmall, color::kOnSurface);
        ui.item("forum.create.community", "android.widget.Button", {16, y, 16 + w, y + 48}, label, [](Phone& p) {
          p.clear_focus();
          p.navigate("pick_community");
        });
      } else {
        ui.chip("forum.create.community", {16, y, 16 + w, y + 48}, label, false, [](Phone& p) {
          p.clear_focus();
          p.navigate("pick_community");
        }, "groups", "arrow_drop_down");
      }
      const std::string flair = d.value("flair", "");
      const std::string fl = flair.empty() ? "Add flair" : flair;
      const float fw = std::min(Ui::width_dp() - 16 - (16 + w + 8), ui.text_width(fl, Font::Body) + 16 + 28 + 30);
      Node& fn = ui.chip("forum.create.flair", {Ui::width_dp() - 16 - fw, y, Ui::width_dp() - 16, y + 48}, fl, !flair.empty(),
                         [cid](Phone& p) { flair_menu(p, cid); }, "sell", "arrow_drop_down");
      fn.desc = flair.empty() ? "Add flair" : "Flair: " + flair;
    }
    y += 52;
    // What this community asks for.
    std::string hint;
    if (!missing(c)) {
      std::vector<std::string> parts;
      for (const auto& [key, text] : requirements(c))
        if (key == "flair" || key == "kinds" || key == "question") parts.push_back(text);
      for (const std::string& s : parts) hint += (hint.empty() ? "" : " ") + s;
    }
    if (!hint.empty()) {
      const std::vector<std::string> hl = ui.wrap(hint, Font::Label, Ui::width_dp() - 32, 2);
      float hy = y;
      for (const std::string& l : hl) {
        ui.text(16, hy, l, Font::Label, color::kOnSurfaceVariant);
        hy += 16;
      }
      ui.label("forum.create.rules", {16, y, Ui::width_dp() - 16, hy}, hint);
      y = hy + 4;
    }
    // Kind: Text, Link, Image.
    const std::string kind = d.value("kind", "text");
    static const char* const kKinds[] = {"text", "link", "image"};
    int sel = 0;
    for (int i = 0; i < 3; ++i)
      if (kind == kKinds[i]) sel = i;
    ui.tabs("forum.create.kind.", {0, y, Ui::width_dp(), y + 44}, {{"text", "Text", ""}, {"link", "Link", ""}, {"image", "Image", ""}}, sel,
            [](Phone& p, int i) {
              own_state(p, kApp)["draft"]["kind"] = kKinds[i];
              own_state(p, kApp)["draft"]["error"] = "";
            });
    y += 52;
    // Title with its length.
    line_box(ui, phone, "forum.create.title_field", {16, y, Ui::width_dp() - 16, y + 56}, "Title", "/apps/forum/draft/title",
             "An interesting title");
    const int len = utf8_length(d.value("title", ""));
    const int max_len = missing(c) ? 300 : c.value("title_max", 300);
    const std::string counter = std::to_string(len) + "/" + std::to_string(max_len);
    const float cw = ui.text_width(counter, Font::Label);
    ui.label_at("forum.create.counter", Ui::width_dp() - 16 - cw, y + 60, counter, Font::Label,
                len > max_len ? color::kError : color::kOnSurfaceVariant);
    const std::string error = d.value("error", "");
    if (!error.empty()) {
      const std::vector<std::string> el = ui.wrap(error, Font::Body, Ui::width_dp() - 32 - cw - 12, 2);
      float ey = y + 60;
      for (const std::string& l : el) {
        ui.text(16, ey, l, Font::Body, color::kError);
        ey += 18;
      }
      ui.label("forum.create.error", {16, y + 58, Ui::width_dp() - 28 - cw, ey + 2}, error);
    }
    y += 100;
    if (kind == "text") {
      text_area(ui, phone, "forum.create.body", 16, y, Ui::width_dp() - 32, 120, "/apps/forum/draft/body", "Body text (optional)", 6);
    } else if (kind == "link") {
      line_box(ui, phone, "forum.create.url", {16, y, Ui::width_dp() - 16, y + 56}, "Link", "/apps/forum/draft/url", "https://", "symbols");
    } else {
      const std::string photo = d.value("photo", "");
      if (photo.empty()) {
        const Rect r{16, y, Ui::width_dp() - 16, y + 120};
        ui.stroke(r, color::kOutline, 12, 1);
        ui.icon(Ui::width_dp() / 2, y + 44, "add_photo_alternate", Font::IconLarge, color::kPrimary);
        ui.text_centered(0, Ui::width_dp(), y + 70, "Add a photo from Gallery", Font::Body, color::kPrimary);
        ui.item("forum.create.add_photo", "android.widget.Button", r, "Add a photo from Gallery", [](Phone& p) {
          p.clear_focus();
          p.navigate("pick_photo");
        });
      } else {
        const json ph = gallery::photo(phone, photo);
        const Rect r{16, y, 176, y + 120};
        if (ph.is_null()) ui.fill(r, color::kSurfaceContainer, 8);
        else gallery::draw_scene(ui, r, ph["scene"]);
        Node& img = ui.image("forum.create.photo", r, ph.is_null() ? "Photo" : ph.value("title", ""));
        img.text = photo;
        ui.circle(r.r - 4, r.t + 4, 12, 0x303030);
        ui.icon(r.r - 4, r.t + 4, "close", Font::IconSmall, 0xFFFFFF);
        ui.item("forum.create.photo.remove", "android.widget.ImageButton", {r.r - 28, r.t - 20, r.r + 20, r.t + 28}, "",
                [](Phone& p) { own_state(p, kApp)["draft"]["photo"] = ""; })
            .desc = "Remove photo";
        ui.text(204, y + 30, ui.ellipsize(ph.is_null() ? photo : ph.value("title", ""), Font::Body, Ui::width_dp() - 220), Font::Body,
                color::kOnSurface);
        ui.button("forum.create.change_photo", {184, y + 60, Ui::width_dp() - 16, y + 100}, "Change photo", false, [](Phone& p) {
          p.clear_focus();
          p.navigate("pick_photo");
        });
      }
    }
  }

  static void flair_menu(Phone& p, const std::string& cid) {
    if (cid.empty()) {
      p.toast("Choose a community first");
      return;
    }
    const json c = community(p, cid);
    json buttons = json::array();
    for (const json& f : c.value("flairs", json::array())) buttons.push_back({{"id", slug(f.get<std::string>())}, {"label", f}});
    buttons.push_back({{"id", "none"}, {"label", "No flair"}});
    buttons.push_back({{"id", "cancel"}, {"label", "Cancel"}});
    p.clear_focus();
    p.show_dialog({{"owner", kApp}, {"kind", "choice"}, {"title", "Choose a flair"}, {"text", ""}, {"buttons", buttons},
                   {"data", {{"flair", cid}}}});
  }

  static void pick_community(Phone& p, const std::string& cid) {
    json& d = own_state(p, kApp)["draft"];
    const json c = community(p, cid);
    if (d.value("community", "") != cid) {
      d["community"] = cid;
      bool keep = false;  // a flair of the new community stays
      for (const json& f : c.value("flairs", json::array())) keep = keep || f == d.value("flair", "");
      if (!keep) d["flair"] = "";
      const json kinds = c.value("kinds", json::array());
      if (kinds.size() == 1) d["kind"] = kinds[0];
    }
    d["error"] = "";
    p.back();
  }

  /// Post: checks the community's rules (each failure a clear message in the error line), then
  /// stores the post whole as posts.p<next_post> and opens it.
  static void submit_post(Phone& p) {
    json& st = own_state(p, kApp);
    json& d = st["draft"];
    auto fail = [&](const std::string& why) { d["error"] = why; };
    const std::string cid = d.value("community", "");
    if (cid.empty()) return fail("Choose a community to post in");
    const json c = community(p, cid);
    if (missing(c)) return fail("Choose a community to post in");
    const std::string name = c.value("name", "");
    const std::string title = trim(d.value("title", ""));
    const std::string kind = d.value("kind", "text");
    if (title.empty()) return fail("Add a title");
    const int len = utf8_length(title);
    if (len < c.value("title_min", 1))
      return fail("Titles in " + name + " need at least " + std::to_string(c.value("title_min", 1)) + " characters");
    if (len > c.value("title_max", 300))
      return fail("Titles in " + name + " can be at most " + std::to_string(c.value("title_max", 300)) + " characters (this one has " +
                  std::to_string(len) + ")");
    if (c.value("question_title", false) && title.back() != '?')
      return fail(name + " titles must be a question ending in \"?\"");
    const json kinds = c.value("kinds", json::array());
    bool kind_ok = false;
    for (const json& k : kinds) kind_ok = kind_ok || k == kind;
    if (!kind_ok) {
      if (kinds.size() == 1 && kinds[0] == "image") return fail(name + " requires an image. Add a photo to post.");
      if (kinds.size() == 1 && kinds[0] == "text") return fail(name + " allows text posts only");
      return fail(name + " doesn't allow " + kind + " posts");
    }
    std::string url, domain, photo;
    if (kind == "link") {
      url = trim(d.value("url", ""));
      domain = link_domain(url);
      if (domain.empty()) return fail("Enter a link starting with https://");
    }
    if (kind == "image") {
      photo = d.value("photo", "");
      if (photo.empty() || gallery::photo(p, photo).is_null())
        return fail(kinds.size() == 1 ? name + " requires an image. Add a photo to post." : "Add a photo to post");
    }
    const std::string flair = d.value("flair", "");
    if (c.value("flair_required", false) && flair.empty()) return fail(name + " requires a flair. Add a flair to post.");
    const int n = st.value("next_post", 301);
    st["next_post"] = n + 1;
    const std::string id = "p" + std::to_string(n);
    ensure_object(st["posts"])[id] = {{"community", cid},
                                      {"author", kOwner},
                                      {"title", title},
                                      {"kind", kind},
                                      {"body", kind == "text" ? trim(d.value("body", "")) : std::string()},
                                      {"url", url},
                                      {"domain", domain},
                                      {"image", json::object()},
                                      {"photo", photo},
                                      {"flair", flair},
                                      {"topic", ""},
                                      {"time_ms", p.now_ms()},
                                      {"score", 0},
                                      {"vote", 1},
                                      {"saved", false},
                                      {"hidden", false},
                                      {"reported", ""},
                                      {"edited_ms", 0}};
    st["draft"] = blank_draft();
    p.clear_focus();
    if (p.navigate("posted")) p.page_state()["post"] = id;
    p.toast("Posted to " + name);
  }

  static void pick_community_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.top_bar("forum.pick.title", "Post to", true);
    ui.begin_scroll("forum.pick.list", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const std::vector<json> all = all_communities(phone);
    for (int pass = 0; pass < 2; ++pass) {
      ui.text(16, ui.cursor_y() + 14, pass == 0 ? "Your communities" : "Other communities", Font::Label, color::kPrimary);
      ui.advance(40);
      for (const json& c : all)
        if (c.value("joined", false) == (pass == 0)) community_row(ui, c, "forum.pick.", false);
    }
    ui.advance(16);
    ui.end_scroll();
  }

  static void pick_photo_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.top_bar("forum.photos.title", "Choose a photo", true);
    const json photos = gallery::photos(phone);
    ui.begin_scroll("forum.photos.grid", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const float tile = 118, gap = 3;
    for (std::size_t i = 0; i < photos.size(); ++i) {
      const json& ph = photos[i];
      const std::string pid = ph.value("id", "");
      const float x = static_cast<float>(i % 3) * (tile + gap), y = ui.cursor_y();
      gallery::draw_scene(ui, {x, y, x + tile, y + tile}, ph["scene"]);
      Node& n = ui.image("forum.photo." + pid, {x, y, x + tile, y + tile}, ph.value("title", "Photo"), [pid](Phone& p) {
        json& d = own_state(p, kApp)["draft"];
        d["photo"] = pid;
        d["kind"] = "image";
        d["error"] = "";
        p.back();
      });
      n.text = ph.value("title", "");
      if (i % 3 == 2 || i + 1 == photos.size()) ui.advance(tile + gap);
    }
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- edit, report
  static void edit_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json e = S(phone).value("edit", json::object());
    const json post = find_post(phone, e.value("post", ""));
    ui.top_bar("forum.edit.title", "Edit post", true);
    ui.button("forum.edit.save", {Ui::width_dp() - 92, area.t + 14, Ui::width_dp() - 12, area.t + 50}, "Save", true, save_edit);
    if (missing(post)) return;
    float y = ui.cursor_y() + 8;
    const std::vector<std::string> tl = ui.wrap(post.value("title", ""), Font::BodyLarge, Ui::width_dp() - 32, 3);
    float ty = y;
    for (const std::string& l : tl) {
      ui.text(16, ty, l, Font::BodyLarge, color::kOnSurfaceVariant);
      ty += 22;
    }
    ui.label("forum.edit.post_title", {16, y, Ui::width_dp() - 16, ty}, post.value("title", ""));
    ui.label_at("forum.edit.note", 16, ty + 6, "Titles can't be changed after posting", Font::Label, color::kOnSurfaceVariant,
                Ui::width_dp() - 32);
    y = ty + 36;
    ui.fill({0, y, Ui::width_dp(), y + 1}, color::kSurfaceVariant);
    y += 12;
    text_area(ui, phone, "forum.edit.body", 16, y, Ui::width_dp() - 32, 160, "/apps/forum/edit/body", "Body text", 9);
  }

  static void save_edit(Phone& p) {
    json& st = own_state(p, kApp);
    json& e = st["edit"];
    const std::string id = e.value("post", "");
    const json post = find_post(p, id);
    if (missing(post) || post.value("author", "") != kOwner) return;
    const std::string body = trim(e.value("body", ""));
    if (body != post.value("body", "")) {
      set_post_field(p, id, {{"body", body}, {"edited_ms", p.now_ms()}});
      p.toast("Post updated");
    }
    st["edit"] = {{"post", ""}, {"body", ""}, {"error", ""}};
    p.clear_focus();
    p.back();
  }

  static void report_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json r = S(phone).value("report", json::object());
    const std::string id = r.value("post", "");
    const json post = find_post(phone, id);
    ui.top_bar("forum.report.title", "Report", true);
    ui.begin_scroll("forum.report.scroll", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y() + 4;
    const std::string what = missing(post) ? "" : post.value("title", "");
    ui.text(16, y, "Why are you reporting this post?", Font::BodyLarge, color::kOnSurface);
    y += 28;
    ui.label_at("forum.report.post", 16, y, what, Font::Body, color::kOnSurfaceVariant, Ui::width_dp() - 32);
    y += 32;
    const std::string reason = r.value("reason", "");
    for (const auto& [key, label] : report_reasons()) {
      ui.radio("forum.report.reason." + key, {8, y, Ui::width_dp() - 8, y + 52}, label, reason == label,
               [label = label](Phone& p) { own_state(p, kApp)["report"]["reason"] = label; });
      y += 52;
    }
    y += 8;
    const bool hide = r.value("hide", false);
    ui.checkbox("forum.report.hide", {0, y, Ui::width_dp(), y + 52}, "Also hide this post", hide,
                [](Phone& p) {
                  json& rr = own_state(p, kApp)["report"];
                  rr["hide"] = !rr.value("hide", false);
                },
                "visibility_off");
    y += 64;
    const Rect b{16, y, Ui::width_dp() - 16, y + 48};
    if (reason.empty()) {
      ui.fill(b, 0xE3E3E3, 24);
      ui.text_centered(b.l, b.r, b.t + 14, "Submit report", Font::Body, 0x8E8E8E);
      ui.item("forum.report.submit", "android.widget.Button", b, "Submit report", [](Phone&) {}).enabled = false;
    } else {
      ui.button("forum.report.submit", b, "Submit report", true, [id](Phone& p) {
        json& st = own_state(p, kApp);
        const json rep = st["report"];
        json changes = {{"reported", rep.value("reason", "")}};
        if (rep.value("hide", false)) changes["hidden"] = true;
        set_post_field(p, id, changes);
        st["report"] = {{"post", ""}, {"reason", ""}, {"hide", false}};
        p.back();
        p.toast("Thanks for reporting. We'll review it soon.");
      });
    }
    ui.set_cursor(y + 64);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- inbox
  static void inbox_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.headline("forum.inbox.title", 16, area.t + 12, "Inbox");
    const std::vector<json> items = inbox(phone);
    const int unread = unread_count(phone);
    ui.icon_button("forum.inbox.mark_all", Ui::width_dp() - 32, area.t + 32, "mark_email_read", "Mark all as read",
                   unread > 0 ? color::kOnSurface : color::kOutline, [](Phone& p) {
                     for (const json& c : inbox(p))
                       if (c.value("unread", false)) {
                         const std::string id = c.value("id", "");
                         write_overlay_entity(ensure_object(own_state(p, kApp)["comments"]), id,
                                              World::instance().entity(kApp, "comments", id), {{"unread", false}});
                       }
                     p.toast("All marked as read");
                   });
    const std::string summary = unread == 0 ? "No unread replies" : std::to_string(unread) + (unread == 1 ? " unread reply" : " unread replies");
    ui.label_at("forum.inbox.summary", 16, area.t + 62, summary, Font::Body, color::kOnSurfaceVariant, Ui::width_dp() - 32);
    ui.begin_scroll("forum.inbox.list", {0, area.t + 90, Ui::width_dp(), area.b - kNavDp}, phone.page_pointer() + "/scroll");
    if (items.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 60, "Replies to your posts and comments show up here", Font::Body,
                       color::kOnSurfaceVariant);
      ui.advance(120);
    }
    for (const json& c : items) {
      const float y = ui.cursor_y();
      const std::string id = c.value("id", ""), author = c.value("author", ""), post_id = c.value("post", "");
      const bool is_unread = c.value("unread", false);
      const json post = find_post(phone, post_id);
      const json com = community(phone, post.value("community", ""));
      const bool to_post = c.value("parent", "").empty();
      const std::vector<std::string> lines = ui.wrap(c.value("body", ""), Font::Body, Ui::width_dp() - 72 - 16, 2);
      const float h = 64 + 20 * static_cast<float>(lines.size()) + 52;
      if (is_unread) ui.fill({0, y, Ui::width_dp(), y + h}, 0xFFF4EF);
      // Row node first; the reply button on top.
      Node& n = ui.item("forum.inbox." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h - 52}, c.value("body", ""),
                        [id, post_id](Phone& p) {
                          const std::string cid = id;
                          write_overlay_entity(ensure_object(own_state(p, kApp)["comments"]), cid,
                                               World::instance().entity(kApp, "comments", cid), {{"unread", false}});
                          open_post(p, post_id, cid);
                        });
      n.desc = "u/" + author + (to_post ? " commented on your post" : " replied to your comment") + (is_unread ? ", unread" : "");
      n.selected = is_unread;
      user_avatar(ui, 36, y + 28, 18, author, Font::Body);
      if (is_unread) ui.circle(12, y + 28, 4, kOrange);
      const std::string head = "u/" + author + (to_post ? " commented on your post" : " replied to your comment");
      ui.text(64, y + 10, ui.ellipsize(head, Font::Label, Ui::width_dp() - 80), Font::Label, color::kOnSurface);
      const std::string ctx = post.value("title", "") ;
      const std::string meta = com.value("name", "") + kMid + relative_time(phone, c.value("time_ms", std::int64_t{0}));
      ui.text(64, y + 28, ui.ellipsize(meta, Font::Label, Ui::width_dp() - 80), Font::Label, color::kOnSurfaceVariant);
      ui.text(64, y + 44, ui.ellipsize(ctx, Font::Label, Ui::width_dp() - 80), Font::Label, color::kOnSurfaceVariant);
      float ly = y + 64;
      for (const std::string& l : lines) {
        ui.text(64, ly, l, Font::Body, color::kOnSurface);
        ly += 20;
      }
      pill_button(ui, "forum.inbox." + id + ".reply", 64, ly + 8, 32, "reply", "Reply", color::kOnSurfaceVariant,
                  [id, post_id](Phone& p) {
                    write_overlay_entity(ensure_object(own_state(p, kApp)["comments"]), id,
                                         World::instance().entity(kApp, "comments", id), {{"unread", false}});
                    open_compose(p, post_id, id);
                  });
      ui.fill({0, y + h - 1, Ui::width_dp(), y + h}, kDivider);
      ui.advance(h);
    }
    ui.advance(16);
    ui.end_scroll();
    tab_bar(ui, phone, "inbox");
  }

  // ---------------------------------------------------------------- profiles
  /// The profile header (avatar, names, karma, cake day) at y; returns its height.
  static float profile_header(Ui& ui, Phone& phone, float y, const std::string& name, const std::string& prefix) {
    const json u = find_user(phone, name);
    user_avatar(ui, 52, y + 40, 36, name, Font::Title);
    const std::string display = u.value("display", "");
    float ty = y + 8;
    if (!display.empty()) {
      ui.label_at(prefix + ".display", 104, ty, display, Font::Title, color::kOnSurface, Ui::width_dp() - 120);
      ty += 32;
    }
    ui.label_at(prefix + ".name", 104, ty, "u/" + name, display.empty() ? Font::BodyLarge : Font::Body,
                display.empty() ? color::kOnSurface : color::kOnSurfaceVariant, Ui::width_dp() - 120);
    ty += 26;
    ui.label_at(prefix + ".cake_day", 104, ty, "Cake day " + long_date(u.value("cake_day", "")), Font::Label, color::kOnSurfaceVariant,
                Ui::width_dp() - 120);
    float yy = y + 92;
    const std::string about = u.value("about", "");
    if (!about.empty()) {
      const float h = ui.text_wrapped(16, yy, about, Font::Body, color::kOnSurface, Ui::width_dp() - 32, 20);
      ui.label(prefix + ".about", {16, yy, Ui::width_dp() - 16, yy + h}, about);
      yy += h + 8;
    }
    // Karma: post and comment.
    const Karma k = karma(phone, name);
    const float cw = (Ui::width_dp() - 48) / 3;
    const std::pair<std::string, std::string> stats[] = {{"post_karma", std::to_string(k.post)},
                                                         {"comment_karma", std::to_string(k.comment)},
                                                         {"karma", std::to_string(k.post + k.comment)}};
    const char* const labels[] = {"Post karma", "Comment karma", "Total karma"};
    for (int i = 0; i < 3; ++i) {
      const float x = 16 + static_cast<float>(i) * (cw + 8);
      ui.fill({x, yy, x + cw, yy + 56}, color::kSurfaceContainer, 12);
      ui.text(x + 12, yy + 8, stats[i].second, Font::BodyLarge, color::kOnSurface);
      ui.text(x + 12, yy + 32, ui.ellipsize(labels[i], Font::Label, cw - 20), Font::Label, color::kOnSurfaceVariant);
      ui.label(prefix + "." + stats[i].first, {x, yy, x + cw, yy + 56}, stats[i].second).desc = labels[i];
    }
    return yy + 64 - y;
  }

  /// A row for one of a user's comments (the post it is on, the text, the score).
  static void comment_summary(Ui& ui, Phone& phone, const std::string& prefix, const json& c) {
    const float y = ui.cursor_y();
    const std::string id = c.value("id", ""), post_id = c.value("post", "");
    const json post = find_post(phone, post_id);
    const json com = community(phone, post.value("community", ""));
    const std::vector<std::string> lines = ui.wrap(c.value("body", ""), Font::Body, Ui::width_dp() - 32, 3);
    const float h = 52 + 20 * static_cast<float>(lines.size()) + 28;
    Node& n = ui.item(prefix + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h}, c.value("body", ""),
                      [post_id, id](Phone& p) { open_post(p, post_id, id); });
    n.desc = com.value("name", "") + kMid + post.value("title", "");
    ui.text(16, y + 10, ui.ellipsize(post.value("title", "(deleted post)"), Font::Label, Ui::width_dp() - 32), Font::Label, color::kOnSurface);
    const std::string meta = com.value("name", "") + kMid + relative_time(phone, c.value("time_ms", std::int64_t{0}));
    ui.text(16, y + 28, ui.ellipsize(meta, Font::Label, Ui::width_dp() - 32), Font::Label, color::kOnSurfaceVariant);
    float ly = y + 50;
    for (const std::string& l : lines) {
      ui.text(16, ly, l, Font::Body, color::kOnSurface);
      ly += 20;
    }
    const int s = shown_score(c);
    ui.icon(24, ly + 12, "arrow_upward", Font::IconSmall, c.value("vote", 0) > 0 ? kOrange : color::kOnSurfaceVariant);
    ui.text(38, ly + 4, std::to_string(s) + (s == 1 ? " point" : " points"), Font::Label, color::kOnSurfaceVariant);
    ui.fill({0, y + h - 1, Ui::width_dp(), y + h}, kDivider);
    ui.advance(h);
  }

  static void user_lists(Ui& ui, Phone& phone, const std::string& name, const std::string& tab, const std::string& prefix,
                         float header_h, const std::function<void(float)>& header, const Rect& area) {
    std::vector<json> list;
    if (tab == "posts" || tab == "saved" || tab == "hidden") {
      for (const json& p : sorted_posts(phone, "new")) {
        if (tab == "posts" && (p.value("author", "") != name || (name != kOwner && p.value("hidden", false)))) continue;
        if (tab == "saved" && !p.value("saved", false)) continue;
        if (tab == "hidden" && !p.value("hidden", false)) continue;
        list.push_back(p);
      }
      const std::string empty = tab == "saved" ? "No saved posts" : tab == "hidden" ? "No hidden posts" : "No posts yet";
      card_list(ui, phone, prefix + ".list", area, list, {}, empty, header_h, header);
      return;
    }
    ui.begin_scroll(prefix + ".list", area, phone.page_pointer() + "/scroll");
    header(ui.cursor_y());
    ui.advance(header_h);
    const std::vector<json> mine = user_comments(phone, name);
    if (mine.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 40, "No comments yet", Font::Body, color::kOnSurfaceVariant);
      ui.advance(100);
    }
    const float off = Ui::to_dp(static_cast<float>(phone.page_state().value("scroll", 0)));
    for (const json& c : mine) {
      const float top = ui.cursor_y();
      if (top > area.b + off + 400) {  // below the window: only its room
        const std::vector<std::string> lines = ui.wrap(c.value("body", ""), Font::Body, Ui::width_dp() - 32, 3);
        ui.advance(52 + 20 * static_cast<float>(lines.size()) + 28);
        continue;
      }
      comment_summary(ui, phone, prefix + ".comment.", c);
    }
    ui.advance(16);
    ui.end_scroll();
  }

  static void profile_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string tab = S(phone).value("profile_tab", "posts");
    ui.headline("forum.profile.title", 16, area.t + 12, "Profile");
    const float hh = measure_profile_header(ui, phone, kOwner);
    auto header = [&](float y) {
      profile_header(ui, phone, y, kOwner, "forum.profile");
      static const char* const kTabs[] = {"posts", "comments", "saved", "hidden"};
      int sel = 0;
      for (int i = 0; i < 4; ++i)
        if (tab == kTabs[i]) sel = i;
      ui.tabs("forum.profile.tab.", {0, y + hh, Ui::width_dp(), y + hh + 48},
              {{"posts", "Posts", ""}, {"comments", "Comments", ""}, {"saved", "Saved", ""}, {"hidden", "Hidden", ""}}, sel,
              [](Phone& p, int i) {
                static const char* const kT[] = {"posts", "comments", "saved", "hidden"};
                own_state(p, kApp)["profile_tab"] = kT[i];
              });
    };
    user_lists(ui, phone, kOwner, tab, "forum.profile", hh + 56, header, {0, area.t + 64, Ui::width_dp(), area.b - kNavDp});
    tab_bar(ui, phone, "profile");
  }

  static float measure_profile_header(Ui& ui, Phone& phone, const std::string& name) {
    const json u = find_user(phone, name);
    float yy = 92;
    const std::string about = u.value("about", "");
    if (!about.empty()) yy += 20 * static_cast<float>(ui.wrap(about, Font::Body, Ui::width_dp() - 32).size()) + 8;
    return yy + 64;
  }

  static void user_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string name = phone.page_state().value("user", "");
    const std::string tab = S(phone).value("user_tab", "posts");
    ui.top_bar("forum.user.title", ui.ellipsize("u/" + name, Font::Title, Ui::width_dp() - 80), true);
    const float hh = measure_profile_header(ui, phone, name);
    auto header = [&](float y) {
      profile_header(ui, phone, y, name, "forum.user");
      ui.tabs("forum.user.tab.", {0, y + hh, Ui::width_dp(), y + hh + 48}, {{"posts", "Posts", ""}, {"comments", "Comments", ""}},
              tab == "comments" ? 1 : 0,
              [](Phone& p, int i) { own_state(p, kApp)["user_tab"] = i == 1 ? "comments" : "posts"; });
    };
    user_lists(ui, phone, name, tab == "comments" ? "comments" : "posts", "forum.user", hh + 56, header,
               {0, area.t + 64, Ui::width_dp(), area.b});
  }

  // ---------------------------------------------------------------- search
  static void search_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.icon_button("forum.search.back", 28, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) {
      p.clear_focus();
      p.back();
    });
    line_box(ui, phone, "forum.search.field", {56, area.t + 8, Ui::width_dp() - 16, area.t + 56}, "", "/apps/forum/query",
             "Search Forum");
    const std::string q = fold(trim(S(phone).value("query", "")));
    ui.begin_scroll("forum.search.results", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (q.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 40, "Search communities and posts", Font::Body, color::kOnSurfaceVariant);
      ui.advance(80);
      ui.end_scroll();
      return;
    }
    std::vector<json> comms;
    for (const json& c : all_communities(phone))
      if (fold(c.value("name", "")).find(q) != std::string::npos || fold(c.value("title", "")).find(q) != std::string::npos)
        comms.push_back(c);
    std::vector<json> posts;
    for (const json& p : sorted_posts(phone, "top"))
      if (!p.value("hidden", false) && fold(p.value("title", "")).find(q) != std::string::npos) posts.push_back(p);
    if (!comms.empty()) {
      ui.text(16, ui.cursor_y() + 14, "Communities", Font::Label, color::kPrimary);
      ui.advance(40);
      for (const json& c : comms) community_row(ui, c, "forum.search.community.", false);
    }
    ui.text(16, ui.cursor_y() + 14, posts.empty() ? "No posts match" : "Posts", Font::Label, color::kPrimary);
    ui.advance(40);
    int shown = 0;
    for (const json& p : posts) {
      if (++shown > 30) break;
      const float y = ui.cursor_y();
      const std::string id = p.value("id", "");
      const json c = community(phone, p.value("community", ""));
      const std::vector<std::string> tl = ui.wrap(p.value("title", ""), Font::BodyLarge, Ui::width_dp() - 32, 2);
      const float h = 36 + 22 * static_cast<float>(tl.size()) + 30;
      Node& n = ui.item("forum.search.post." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h}, p.value("title", ""),
                        [id](Phone& ph) { open_post(ph, id); });
      community_icon(ui, 26, y + 20, 10, c);
      const std::string meta = c.value("name", "") + kMid + "u/" + p.value("author", "") + kMid +
                               relative_time(phone, p.value("time_ms", std::int64_t{0}));
      ui.text(42, y + 13, ui.ellipsize(meta, Font::Label, Ui::width_dp() - 58), Font::Label, color::kOnSurfaceVariant);
      float ty = y + 36;
      for (const std::string& l : tl) {
        ui.text(16, ty, l, Font::BodyLarge, color::kOnSurface);
        ty += 22;
      }
      const int cc = comment_count(phone, id);
      const std::string stats = std::to_string(shown_score(p)) + " points" + kMid + std::to_string(cc) + (cc == 1 ? " comment" : " comments");
      ui.text(16, ty + 4, stats, Font::Label, color::kOnSurfaceVariant);
      n.desc = meta + kMid + stats;
      ui.fill({16, y + h - 1, Ui::width_dp() - 16, y + h}, kDivider);
      ui.advance(h);
    }
    ui.advance(16);
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("forum", ForumApp);
}  // namespace pg
