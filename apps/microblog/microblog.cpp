// Microblog (X / Twitter-like): the owner's (Alex Rivera, @alexrivera) home timelines "For you"
// and "Following", posts with replies, reposts, quotes, likes and bookmarks, a compose page with a
// live 280-character counter ring and a Gallery photo, post details with the reply thread,
// profiles (bio, counts, Posts / Replies / Likes tabs; follow, mute, block, message, add to
// lists), search (Top / Latest / People) with the trending list, notifications, direct messages,
// lists (create, members, a list's timeline), bookmarks and the muted / blocked accounts.
// Sharing a post starts android.intent.action.SEND (text/plain) for Messages or Chat.
// World data (apps/microblog/world/*.json): accounts, posts, trends, lists, conversations and
// notifications, seen through the overlays apps.microblog.<collection> (docs/apps/microblog.md).
#include "apps/contacts/people.hpp"
#include "apps/gallery/photos.hpp"
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/os/text_edit.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/text_layout.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/text.hpp"
#include "sim/ui/dark.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "microblog";
constexpr const char* kOwner = "alexrivera";
constexpr int kMaxChars = 280;
constexpr std::size_t kFeedMax = 60;          // rows a timeline shows
constexpr std::int64_t kForYouDays = 30;      // For you looks this far back
constexpr float kNavDp = 80;                  // the bottom navigation bar
constexpr float kTextX = 68;                  // post text column
constexpr std::uint32_t kInk = 0x0F1419, kGrey = 0x536471, kLine = 0xEFF3F4, kBlue = 0x1D9BF0, kBlueOff = 0x8ECDF8;
constexpr std::uint32_t kPink = 0xF91880, kGreen = 0x00BA7C, kAmber = 0xFFAD1F, kRed = 0xF4212E, kPale = 0xF7F9F9;
constexpr const char* kMid = " \xC2\xB7 ";  // " · "
constexpr const char* kSiteUrl = "https://microblog.example.com/";

// ---------------------------------------------------------------- small helpers

const json& S(const Phone& p) { return own_state(p, kApp); }

json& ensure_object(json& j) {
  if (!j.is_object()) j = json::object();
  return j;
}


/// Characters as a person counts them: UTF-8 code points.
int char_count(const std::string& s) {
  int n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

long long int_of(const json& o, const char* key) {
  auto it = o.find(key);
  return it != o.end() && it->is_number_integer() ? it->get<long long>() : 0;
}
std::string str_of(const json& o, const char* key) {
  auto it = o.find(key);
  return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}
bool bool_of(const json& o, const char* key) {
  auto it = o.find(key);
  return it != o.end() && it->is_boolean() && it->get<bool>();
}

/// "1,234,567".
std::string with_commas(long long n) {
  std::string s = std::to_string(n < 0 ? -n : n);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
  return (n < 0 ? "-" : "") + s;
}

/// Counts as X shows them on rows and profiles: 987, 1,234 (under 10,000 on profiles), 1.2K,
/// 12K, 123K, 1.2M; "" for zero when `hide_zero`.
std::string compact(long long n, bool hide_zero = true) {
  if (n <= 0) return hide_zero ? "" : "0";
  char b[32];
  if (n < 1000) return std::to_string(n);
  if (n < 10000) {
    std::snprintf(b, sizeof b, "%lld.%lldK", n / 1000, (n % 1000) / 100);
  } else if (n < 1000000) {
    std::snprintf(b, sizeof b, "%lldK", n / 1000);
  } else {
    std::snprintf(b, sizeof b, "%lld.%lldM", n / 1000000, (n % 1000000) / 100000);
  }
  std::string s = b;
  const std::size_t dot0 = s.find(".0");
  if (dot0 != std::string::npos) s.erase(dot0, 2);  // 1.0K -> 1K
  return s;
}

/// Followers / following on profiles: exact below 10,000, else compact.
std::string count_text(long long n) { return n < 10000 ? with_commas(n) : compact(n, false); }


std::int64_t shift(const Phone& p) { return p.local_time_ms() - p.now_ms(); }

/// Relative time of a row: "now", "5m", "3h", "Dec 24", "Dec 24, 2024".
std::string rel_time(const Phone& p, std::int64_t t) {
  const std::int64_t d = p.now_ms() - t;
  if (d < 60000) return "now";
  if (d < 3600000) return std::to_string(d / 60000) + "m";
  if (d < 86400000) return std::to_string(d / 3600000) + "h";
  const CivilTime c = civil_from_ms(t + shift(p)), n = civil_from_ms(p.local_time_ms());
  const bool with_year = c.year != n.year && d > 180LL * 86400000;
  return format_date(c.year, c.month, c.day, with_year ? DateStyle::MonthDayYear : DateStyle::MonthDay);
}

/// "7:34 AM · Jan 1, 2026" (the clock as the phone's 12/24 setting says).
std::string full_time(const Phone& p, std::int64_t t) {
  const std::int64_t local = t + shift(p);
  const CivilTime c = civil_from_ms(local);
  return p.format_time(local) + kMid + format_date(c.year, c.month, c.day, DateStyle::MonthDayYear);
}

/// "Joined June 2013" of "2013-06".
std::string joined_text(const std::string& ym) {
  if (ym.size() != 7) return ym;
  const int m = std::atoi(ym.substr(5).c_str());
  if (m < 1 || m > 12) return ym;
  return "Joined " + format_date(std::atoi(ym.substr(0, 4).c_str()), m, 1, DateStyle::MonthYear);
}

std::uint32_t hex_color(const std::string& hex, std::uint32_t dflt = kBlue) {
  if (hex.size() == 7 && hex[0] == '#') return static_cast<std::uint32_t>(std::strtoul(hex.c_str() + 1, nullptr, 16));
  return dflt;
}

std::string initial(const std::string& name) {
  const std::string f = people::fold(name);
  for (char c : f)
    if (std::isalnum(static_cast<unsigned char>(c))) return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  return "";
}

bool contains_folded(const std::string& hay, const std::string& needle) {
  return people::fold(hay).find(needle) != std::string::npos;
}

// ---------------------------------------------------------------- data (world + overlay)

/// One frame's view of the app's data: the merged posts (world order = time order, then new
/// posts) and accounts, with lookups.
struct Data {
  std::vector<json> posts;
  std::unordered_map<std::string, std::size_t> at;
  std::unordered_map<std::string, json> accounts;
  std::vector<std::string> account_order;

  const json* post(const std::string& id) const {
    auto it = at.find(id);
    return it == at.end() ? nullptr : &posts[it->second];
  }
  const json& account(const std::string& id) const {
    static const json kNone = json::object();
    auto it = accounts.find(id);
    return it == accounts.end() ? kNone : it->second;
  }
};

Data load_data(const Phone& p) {
  Data d;
  const json posts = resolve_collection(World::instance(), S(p), kApp, "posts");
  d.posts.assign(posts.begin(), posts.end());
  for (std::size_t i = 0; i < d.posts.size(); ++i) d.at[str_of(d.posts[i], "id")] = i;
  for (const json& a : resolve_collection(World::instance(), S(p), kApp, "accounts")) {
    d.account_order.push_back(str_of(a, "id"));
    d.accounts[str_of(a, "id")] = a;
  }
  return d;
}

json post_of(const Phone& p, const std::string& id) { return resolve_entity(World::instance(), S(p), kApp, "posts", id); }
json account_of(const Phone& p, const std::string& id) { return resolve_entity(World::instance(), S(p), kApp, "accounts", id); }
json list_of(const Phone& p, const std::string& id) { return resolve_entity(World::instance(), S(p), kApp, "lists", id); }
json conversation_of(const Phone& p, const std::string& id) {
  return resolve_entity(World::instance(), S(p), kApp, "conversations", id);
}
json lists_view(const Phone& p) { return resolve_collection(World::instance(), S(p), kApp, "lists"); }
json conversations_view(const Phone& p) { return resolve_collection(World::instance(), S(p), kApp, "conversations"); }

/// Writes fields of a post / account / list / conversation into the overlay (minimal: fields equal
/// to the world's are dropped). A deleted entity stays deleted.
void write_entity(Phone& p, const char* collection, const std::string& id, const json& changes) {
  json& ov = ensure_object(own_state(p, kApp)[collection]);
  if (ov.contains(id) && ov[id].is_null()) return;
  write_overlay_entity(ov, id, World::instance().entity(kApp, collection, id), changes);
}

std::string handle_of(const json& a) { return "@" + str_of(a, "id"); }
bool blocked(const json& a) { return bool_of(a, "blocked"); }
bool muted(const json& a) { return bool_of(a, "muted"); }
bool is_reply(const json& post) { return !str_of(post, "reply_to").empty(); }

/// Accounts the owner follows (not blocked), in the world's order.
std::vector<std::string> followed_ids(const Data& d) {
  std::vector<std::string> out;
  for (const std::string& id : d.account_order) {
    const json& a = d.account(id);
    if (bool_of(a, "followed") && !blocked(a)) out.push_back(id);
  }
  return out;
}

/// Whether a post shows in feeds, search and threads: its author is neither blocked nor muted.
bool shown(const Data& d, const json& post) {
  const json& a = d.account(str_of(post, "author"));
  return !a.empty() && !blocked(a) && !muted(a);
}

// ---------------------------------------------------------------- navigation helpers



void open_post(Phone& p, const std::string& id) { p.go("open_post", {{"post", id}}); }
void open_profile(Phone& p, const std::string& id) { p.go("open_profile", {{"account", id}, {"tab", "posts"}}); }

/// Opens compose (a new post, a reply or a quote) with the text field focused.
void start_compose(Phone& p, const std::string& reply_to, const std::string& quote_of) {
  own_state(p, kApp)["draft"] = {{"text", ""}, {"photo", ""}, {"reply_to", reply_to}, {"quote_of", quote_of}};
  p.go("compose");
  p.focus_multiline("microblog.compose.text", "/apps/microblog/draft/text");
}

const char* const kTabKeys[] = {"home", "search", "notifications", "messages"};

/// Bottom navigation: Home is the task's root, the other tabs sit one page above it.
void go_tab(Phone& p, const std::string& tab) {
  p.clear_focus();
  if (p.current_page() == tab) {
    p.set_scroll(0);
    return;
  }
  p.back_to_root();
  if (tab != "home") p.navigate("tab_" + tab);
}

void tab_bar(Ui& ui, const std::string& current) {
  static const std::vector<Ui::Tab> kTabs = {{"home", "Home", "home"},
                                             {"search", "Search", "search"},
                                             {"notifications", "Notifications", "notifications_none"},
                                             {"messages", "Messages", "mail_outline"}};
  int selected = -1;
  for (int i = 0; i < 4; ++i)
    if (current == kTabKeys[i]) selected = i;
  ui.bottom_nav("microblog.tab.", kTabs, selected, [](Phone& p, int i) { go_tab(p, kTabKeys[i]); });
}

// ---------------------------------------------------------------- the owner's actions

void toggle_like(Phone& p, const std::string& id) {
  const json post = post_of(p, id);
  if (post.is_null()) return;
  const bool on = !bool_of(post, "liked");
  write_entity(p, "posts", id, {{"liked", on}, {"likes", std::max(0LL, int_of(post, "likes") + (on ? 1 : -1))}});
}

void toggle_bookmark(Phone& p, const std::string& id) {
  const json post = post_of(p, id);
  if (post.is_null()) return;
  const bool on = !bool_of(post, "bookmarked");
  write_entity(p, "posts", id, {{"bookmarked", on}, {"bookmarks", std::max(0LL, int_of(post, "bookmarks") + (on ? 1 : -1))}});
  p.toast(on ? "Added to your Bookmarks" : "Removed from your Bookmarks");
}

void set_repost(Phone& p, const std::string& id, bool on) {
  const json post = post_of(p, id);
  if (post.is_null() || bool_of(post, "reposted") == on) return;
  write_entity(p, "posts", id, {{"reposted", on}, {"reposts", std::max(0LL, int_of(post, "reposts") + (on ? 1 : -1))}});
  p.toast(on ? "Reposted" : "Repost removed");
}

void set_follow(Phone& p, const std::string& id, bool on) {
  const json a = account_of(p, id);
  if (a.is_null() || id == kOwner || bool_of(a, "followed") == on || (on && blocked(a))) return;
  write_entity(p, "accounts", id, {{"followed", on}, {"followers", std::max(0LL, int_of(a, "followers") + (on ? 1 : -1))}});
}

void set_mute(Phone& p, const std::string& id, bool on) {
  const json a = account_of(p, id);
  if (a.is_null() || id == kOwner) return;
  write_entity(p, "accounts", id, {{"muted", on}});
  p.toast((on ? "You muted " : "You unmuted ") + handle_of(a));
}

void set_block(Phone& p, const std::string& id, bool on) {
  const json a = account_of(p, id);
  if (a.is_null() || id == kOwner) return;
  json ch = {{"blocked", on}};
  if (on && bool_of(a, "followed")) {  // blocking unfollows
    ch["followed"] = false;
    ch["followers"] = std::max(0LL, int_of(a, "followers") - 1);
  }
  write_entity(p, "accounts", id, ch);
  p.toast((on ? "You blocked " : "You unblocked ") + handle_of(a));
}

void delete_post(Phone& p, const std::string& id) {
  const json post = post_of(p, id);
  if (post.is_null() || str_of(post, "author") != kOwner) return;
  json& ov = ensure_object(own_state(p, kApp)["posts"]);
  if (World::instance().entity(kApp, "posts", id)) ov[id] = nullptr;
  else ov.erase(id);
  for (const auto& [field, count] : {std::pair<const char*, const char*>{"reply_to", "replies"}, {"quote_of", "quotes"}}) {
    const std::string other = str_of(post, field);
    if (other.empty()) continue;
    const json o = post_of(p, other);
    if (!o.is_null()) write_entity(p, "posts", other, {{count, std::max(0LL, int_of(o, count) - 1)}});
  }
  p.toast("Your post was deleted");
  if (p.current_page() == "post" && p.page_string("post") == id) p.back();
}

std::string share_text(const json& post, const json& author) {
  return handle_of(author) + ": " + str_of(post, "text") + "\n" + kSiteUrl + str_of(author, "id") + "/status/" +
         str_of(post, "id");
}

void share_post(Phone& p, const std::string& id) {
  const json post = post_of(p, id);
  if (post.is_null()) return;
  const json author = account_of(p, str_of(post, "author"));
  p.clear_focus();
  p.start_intent({{"action", "android.intent.action.SEND"},
                  {"type", "text/plain"},
                  {"extras", {{"text", share_text(post, author)}, {"subject", "Post by " + handle_of(author)}}}});
}

// ---------------------------------------------------------------- menus (dialogs)

json button(const std::string& id, const std::string& label) { return {{"id", id}, {"label", label}}; }

void repost_menu(Phone& p, const std::string& id) {
  const json post = post_of(p, id);
  if (post.is_null()) return;
  const bool on = bool_of(post, "reposted");
  p.clear_focus();
  p.show_dialog({{"owner", kApp},
                 {"kind", "choice"},
                 {"title", "Repost"},
                 {"text", ""},
                 {"buttons", json::array({on ? button("undo_repost", "Undo repost") : button("repost", "Repost"),
                                          button("quote", "Quote"), button("cancel", "Cancel")})},
                 {"data", {{"menu", "repost"}, {"post", id}}}});
}

void post_menu(Phone& p, const std::string& id) {
  const json post = post_of(p, id);
  if (post.is_null()) return;
  const std::string author = str_of(post, "author");
  const json a = account_of(p, author);
  json buttons = json::array();
  if (author == kOwner) {
    buttons.push_back(button("delete", "Delete post"));
  } else {
    const std::string h = handle_of(a);
    buttons.push_back(bool_of(a, "followed") ? button("unfollow", "Unfollow " + h) : button("follow", "Follow " + h));
    buttons.push_back(muted(a) ? button("unmute", "Unmute " + h) : button("mute", "Mute " + h));
    buttons.push_back(button("block", "Block " + h));
  }
  buttons.push_back(button("copy_link", "Copy link"));
  buttons.push_back(button("cancel", "Cancel"));
  p.clear_focus();
  p.show_dialog({{"owner", kApp}, {"kind", "choice"}, {"title", author == kOwner ? "Your post" : "Post by " + handle_of(a)},
                 {"text", ""}, {"buttons", buttons}, {"data", {{"menu", "post"}, {"post", id}, {"account", author}}}});
}

void profile_menu(Phone& p, const std::string& id) {
  const json a = account_of(p, id);
  if (a.is_null()) return;
  const std::string h = handle_of(a);
  json buttons = json::array({button("lists", "Add/remove from Lists"),
                              muted(a) ? button("unmute", "Unmute " + h) : button("mute", "Mute " + h),
                              blocked(a) ? button("unblock", "Unblock " + h) : button("block", "Block " + h),
                              button("copy_link", "Copy link to profile"), button("cancel", "Cancel")});
  p.clear_focus();
  p.show_dialog({{"owner", kApp}, {"kind", "choice"}, {"title", h}, {"text", ""}, {"buttons", buttons},
                 {"data", {{"menu", "profile"}, {"account", id}}}});
}

void confirm(Phone& p, const std::string& what, const std::string& title, const std::string& text, const std::string& yes_id,
             const std::string& yes_label, const json& data) {
  json d = data;
  d["confirm"] = what;
  p.clear_focus();
  p.show_dialog({{"owner", kApp}, {"kind", "alert"}, {"title", title}, {"text", text},
                 {"buttons", json::array({button("cancel", "Cancel"), button(yes_id, yes_label)})}, {"data", d}});
}

void ask_block(Phone& p, const std::string& id) {
  const json a = account_of(p, id);
  if (a.is_null()) return;
  confirm(p, "block", "Block " + handle_of(a) + "?", "You won't see their posts.", "block", "Block", {{"account", id}});
}
void ask_unfollow(Phone& p, const std::string& id) {
  const json a = account_of(p, id);
  if (a.is_null()) return;
  confirm(p, "unfollow", "Unfollow " + handle_of(a) + "?", "Their posts leave Following.", "unfollow", "Unfollow",
          {{"account", id}});
}
void ask_unblock(Phone& p, const std::string& id) {
  const json a = account_of(p, id);
  if (a.is_null()) return;
  confirm(p, "unblock", "Unblock " + handle_of(a) + "?", "They can follow you again.", "unblock", "Unblock", {{"account", id}});
}
void ask_delete(Phone& p, const std::string& id) {
  confirm(p, "delete", "Delete post?", "This can't be undone.", "delete", "Delete", {{"post", id}});
}

/// The Follow button of rows and profiles: Follow, or the unfollow confirmation.
void follow_tap(Phone& p, const std::string& id) {
  const json a = account_of(p, id);
  if (a.is_null()) return;
  if (blocked(a)) return ask_unblock(p, id);
  if (bool_of(a, "followed")) return ask_unfollow(p, id);
  set_follow(p, id, true);
}

// ---------------------------------------------------------------- drawing helpers

void avatar(Ui& ui, float cx, float cy, float r, const json& a) {
  const Font f = r >= 30 ? Font::Headline : r >= 16 ? Font::Title : r >= 12 ? Font::BodyLarge : Font::Label;
  ui.avatar(cx, cy, r, initial(str_of(a, "name")), hex_color(str_of(a, "color")), 0xFFFFFF, f);
}

/// The verified badge (a blue rosette with a check) centred at (cx, cy): drawn, no node.
void verified_badge(Ui& ui, float cx, float cy, bool large = false) {
  ui.icon(cx, cy, "verified", large ? Font::Icon : Font::IconSmall, kBlue);
}

/// Name (+ badge) and a grey meta text ("@handle · 2h") on one line from x to `right`; the
/// handle is shortened before the name, the time after " · " is kept whole. Returns the name's
/// right edge (with the badge).
float name_line(Ui& ui, float x, float y, float right, const json& a, const std::string& meta, Font name_font = Font::BodyLarge) {
  const bool v = bool_of(a, "verified");
  std::string head = meta, tail;
  const std::size_t mid = meta.rfind(kMid);
  if (mid != std::string::npos) {
    head = meta.substr(0, mid);
    tail = meta.substr(mid);
  }
  const float tail_w = ui.text_width(tail, Font::Body);
  const float head_w = ui.text_width(head, Font::Body);
  const float reserve = meta.empty() ? 0.f : 4 + std::min(head_w, 64.f) + tail_w;
  const float name_max = std::max(48.f, right - x - (v ? 20 : 0) - reserve);
  const std::string name = ui.ellipsize(str_of(a, "name"), name_font, name_max);
  const float w = ui.text(x, y, name, name_font, kInk);
  float nx = x + w;
  if (v) {
    verified_badge(ui, nx + 10, y + ui.line_height(name_font) / 2);
    nx += 20;
  }
  if (!meta.empty()) {
    const float dy = (ui.line_height(name_font) - ui.line_height(Font::Body)) / 2;
    const float room = right - nx - 4 - tail_w;
    if (room >= 24) {
      const std::string h = ui.ellipsize(head, Font::Body, room);
      const float hw = ui.text(nx + 4, y + dy, h, Font::Body, kGrey);
      if (!tail.empty()) ui.text(nx + 4 + hw, y + dy, tail, Font::Body, kGrey);
    } else if (!tail.empty() && right - nx - 4 >= tail_w) {
      ui.text(nx + 4, y + dy, tail.substr(std::string(kMid).size()), Font::Body, kGrey);
    }
  }
  return nx;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// One line of post text with #hashtags, @mentions and links in blue.
void rich_line(Ui& ui, float x, float y, const std::string& line, Font f, std::uint32_t ink) {
  std::size_t start = 0;
  bool blue_run = false;
  std::size_t i = 0;
  auto flush = [&](std::size_t end) {
    if (end <= start) return;
    const float dx = start == 0 ? 0.f : ui.text_width(line.substr(0, start), f);
    ui.text(x + dx, y, line.substr(start, end - start), f, blue_run ? kBlue : ink);
    start = end;
  };
  while (i < line.size()) {
    std::size_t j = line.find(' ', i);
    if (j == std::string::npos) j = line.size();
    const std::string w = line.substr(i, j - i);
    const bool blue = (w.size() > 1 && (w[0] == '#' || w[0] == '@') && word_char(w[1])) ||
                      w.find(".example") != std::string::npos || w.rfind("https://", 0) == 0;
    if (blue != blue_run) {
      flush(i);
      blue_run = blue;
    }
    i = j + 1;
  }
  flush(line.size());
}

float rich_text(Ui& ui, float x, float y, const std::vector<std::string>& lines, Font f, float line_h, std::uint32_t ink = kInk) {
  for (std::size_t i = 0; i < lines.size(); ++i) rich_line(ui, x, y + line_h * static_cast<float>(i), lines[i], f, ink);
  return line_h * static_cast<float>(lines.size());
}

void divider(Ui& ui, float y, float l = 0, float r = Ui::width_dp()) { ui.fill({l, y, r, y + 1}, kLine); }

/// A filled (black) or outlined pill button with centred text; a disabled one is greyed.
void pill(Ui& ui, const std::string& id, const Rect& hit, const Rect& r, const std::string& label, bool filled, Handler h,
          std::uint32_t fill = kInk, bool enabled = true) {
  if (filled) ui.fill(r, enabled ? fill : kBlueOff, r.h() / 2);
  else ui.stroke(r, 0xCFD9DE, r.h() / 2, 1);
  ui.text_centered(r.l, r.r, r.t + (r.h() - ui.line_height(Font::Label)) / 2, label, Font::Label, filled ? 0xFFFFFF : kInk);
  Node& n = ui.item(id, "android.widget.Button", hit, label, enabled ? std::move(h) : Handler([](Phone&) {}));
  n.enabled = enabled;
}

/// An icon button whose node is 48x48 around (cx, cy).
Node& icon_tap(Ui& ui, const std::string& id, float cx, float cy, const std::string& icon, const std::string& desc, std::uint32_t ink,
               Handler h, Font f = Font::Icon) {
  ui.icon(cx, cy, icon, f, ink);
  Node& n = ui.item(id, "android.widget.ImageButton", {cx - 24, cy - 24, cx + 24, cy + 24}, "", std::move(h));
  n.desc = desc;
  return n;
}

/// A centred grey message with a label node (empty lists).
void empty_note(Ui& ui, const std::string& id, float y, const std::string& title, const std::string& sub = "") {
  const std::vector<std::string> t = ui.wrap(title, Font::Title, Ui::width_dp() - 64, 2);
  float ty = y;
  for (const std::string& l : t) {
    ui.text_centered(0, Ui::width_dp(), ty, l, Font::Title, kInk);
    ty += 30;
  }
  ui.label(id, {32, y, Ui::width_dp() - 32, ty}, title);
  if (!sub.empty()) {
    const std::vector<std::string> s = ui.wrap(sub, Font::Body, Ui::width_dp() - 64, 3);
    for (const std::string& l : s) {
      ui.text_centered(0, Ui::width_dp(), ty + 4, l, Font::Body, kGrey);
      ty += 20;
    }
  }
  ui.set_cursor(ty + 24);
}

/// Is the band [t, b] (content coordinates of a scroll list) possibly on screen? Rows far out
/// of view are only measured, not drawn (their nodes would be dropped anyway).
struct Window {
  float top = 0, bottom = 0;
  bool visible(float t, float b) const { return b >= top - 40 && t <= bottom + 40; }
};
Window scroll_window(const Phone& p, float area_t, float area_b) {
  const float off = Ui::to_dp(static_cast<float>(p.page_state().value("scroll", 0)));
  return {area_t + off, area_b + off};
}

// ---------------------------------------------------------------- the post row

struct RowOpts {
  std::string header;        // "You reposted", "Pinned"
  bool reply_context = false;  // show "Replying to @x" for replies
};

struct RowLayout {
  std::vector<std::string> lines, quote_lines;
  float height = 0, text_y = 0, media_y = 0, quote_y = 0, quote_h = 0, actions_y = 0;
  bool header = false, replying = false, media = false, photo = false, quote = false;
};

constexpr float kLineH = 20;     // post text line height (Body)
constexpr float kMediaH = 156;   // image tile
/// The width (dp) a post's text wraps to.
float text_w() { return Ui::width_dp() - kTextX - 16; }

RowLayout measure(Ui& ui, const Data& d, const json& post, const RowOpts& o) {
  RowLayout L;
  float y = 0;
  if (!o.header.empty()) {
    L.header = true;
    y += 22;
  }
  y += 10 + 22;  // name line
  if (o.reply_context && is_reply(post)) {
    L.replying = true;
    y += 20;
  }
  L.text_y = y;
  const std::string text = str_of(post, "text");
  if (!text.empty()) L.lines = ui.wrap(text, Font::Body, text_w());
  y += kLineH * static_cast<float>(L.lines.size());
  if (post.contains("media") || !str_of(post, "photo").empty()) {
    L.media = post.contains("media");
    L.photo = !L.media;
    L.media_y = y + 8;
    y += 8 + kMediaH;
  }
  const std::string q = str_of(post, "quote_of");
  if (!q.empty()) {
    L.quote = true;
    const json* qp = d.post(q);
    if (qp && shown(d, *qp)) L.quote_lines = ui.wrap(str_of(*qp, "text"), Font::Body, text_w() - 24, 3);
    else L.quote_lines = {"This post is unavailable."};
    L.quote_y = y + 8;
    L.quote_h = 12 + 20 + 4 + kLineH * static_cast<float>(L.quote_lines.size()) + 10;
    y += 8 + L.quote_h;
  }
  L.actions_y = y - 4;
  y += 44;
  L.height = y;
  return L;
}

/// Draws a photo: a Gallery photo (the owner's posts) or a world post's generated scene.
void draw_media(Ui& ui, Phone& phone, const json& post, const Rect& r) {
  ContentColours keep;  // content keeps its colours in the dark theme (sim/ui/dark.hpp)
  const std::string photo = str_of(post, "photo");
  if (!photo.empty()) {
    const json ph = gallery::photo(phone, photo);
    if (ph.is_object() && ph.contains("scene")) gallery::draw_scene(ui, r, ph["scene"]);
    else ui.fill(r, kLine, 12);
  } else if (post.contains("media")) {
    gallery::draw_scene(ui, r, post["media"]);
  }
  ui.stroke(r, 0xCFD9DE, 0, 1);
}

std::string media_desc(Phone& phone, const json& post) {
  const std::string photo = str_of(post, "photo");
  if (!photo.empty()) {
    const json ph = gallery::photo(phone, photo);
    return ph.is_object() && !str_of(ph, "title").empty() ? str_of(ph, "title") : "Photo";
  }
  return str_of(post, "media_alt").empty() ? "Image" : str_of(post, "media_alt");
}

/// The action row: reply, repost, like, views (no node), bookmark, share, from x=60 at y.
void action_row(Ui& ui, const std::string& pre, const json& post, float y, float h, float left = 60) {
  const std::string id = str_of(post, "id");
  struct Act {
    const char* key;
    const char* icon;
    const char* icon_on;
    std::uint32_t on_ink;
    bool on;
    long long count;
    const char* desc;
  };
  const Act acts[] = {
      {"reply", "chat_bubble_outline", "chat_bubble_outline", kBlue, false, int_of(post, "replies"), "Reply"},
      {"repost", "repeat", "repeat", kGreen, bool_of(post, "reposted"), int_of(post, "reposts") + int_of(post, "quotes"), "Repost"},
      {"like", "favorite_border", "favorite", kPink, bool_of(post, "liked"), int_of(post, "likes"), "Like"},
  };
  float x = left;
  const float cy = y + h / 2;
  for (const Act& a : acts) {
    const std::uint32_t ink = a.on ? a.on_ink : kGrey;
    ui.icon(x + 14, cy, a.on ? a.icon_on : a.icon, Font::IconSmall, ink);
    const std::string c = compact(a.count);
    if (!c.empty()) ui.text(x + 26, cy - ui.line_height(Font::Label) / 2, ui.ellipsize(c, Font::Label, 28), Font::Label, ink);
    const std::string key = a.key;
    Handler handler;
    if (key == "reply") handler = [id](Phone& p) { start_compose(p, id, ""); };
    else if (key == "repost") handler = [id](Phone& p) { repost_menu(p, id); };
    else handler = [id](Phone& p) { toggle_like(p, id); };
    Node& n = ui.item(pre + "." + key, "android.widget.Button", {x, y, x + 54, y + h}, c, std::move(handler));
    n.desc = std::string(a.desc) + (c.empty() ? "" : ", " + with_commas(a.count));
    if (key != "reply") {
      n.checkable = true;
      n.checked = a.on;
    }
    x += 54;
  }
  // views: a count, not a button
  ui.icon(x + 10, cy, "bar_chart", Font::IconSmall, kGrey);
  const std::string v = compact(int_of(post, "views"));
  if (!v.empty()) ui.text(x + 20, cy - ui.line_height(Font::Label) / 2, ui.ellipsize(v, Font::Label, 24), Font::Label, kGrey);
  const bool bm = bool_of(post, "bookmarked");
  ui.icon(286, cy, bm ? "bookmark" : "bookmark_border", Font::IconSmall, bm ? kBlue : kGrey);
  Node& b = ui.item(pre + ".bookmark", "android.widget.Button", {262, y, 310, y + h}, "", [id](Phone& p) { toggle_bookmark(p, id); });
  b.desc = bm ? "Remove bookmark" : "Bookmark";
  b.checkable = true;
  b.checked = bm;
  ui.icon(334, cy, "share", Font::IconSmall, kGrey);
  Node& s = ui.item(pre + ".share", "android.widget.Button", {310, y, 358, y + h}, "", [id](Phone& p) { share_post(p, id); });
  s.desc = "Share";
}

/// The quoted post inside a post: a rounded box with its author line and up to three lines.
void quote_box(Ui& ui, const Phone& phone, const Data& d, const std::string& quoted, const Rect& r,
               const std::vector<std::string>& lines) {
  ui.stroke(r, 0xCFD9DE, 14, 1);
  const json* qp = d.post(quoted);
  if (!qp || !shown(d, *qp)) {
    ui.text(r.l + 12, r.t + 12, lines.empty() ? "" : lines[0], Font::Body, kGrey);
    return;
  }
  const json& qa = d.account(str_of(*qp, "author"));
  avatar(ui, r.l + 22, r.t + 22, 10, qa);
  name_line(ui, r.l + 38, r.t + 12, r.r - 12, qa, handle_of(qa) + kMid + rel_time(phone, int_of(*qp, "time_ms")), Font::Body);
  rich_text(ui, r.l + 12, r.t + 36, lines, Font::Body, kLineH);
}

/// One post row at the list cursor; returns its height. `pre` is the node prefix
/// ("microblog.post.<id>").
float post_row(Ui& ui, Phone& phone, const Data& d, const json& post, const RowOpts& o, const Window* win = nullptr) {
  const RowLayout L = measure(ui, d, post, o);
  const float y = ui.cursor_y();
  if (win && !win->visible(y, y + L.height)) {
    ui.advance(L.height);
    return L.height;
  }
  const std::string id = str_of(post, "id");
  const std::string pre = "microblog.post." + id;
  const json& a = d.account(str_of(post, "author"));
  const std::string author = str_of(a, "id");
  // The row's description first: the node is recorded first (the buttons drawn on it win the
  // taps) and a reference to it would not survive the nodes recorded after it.
  std::string desc = str_of(a, "name") + " " + handle_of(a) + kMid + full_time(phone, int_of(post, "time_ms"));
  if (L.header) desc = o.header + ". " + desc;
  std::string replying_to;
  if (L.replying) {
    const json* parent = d.post(str_of(post, "reply_to"));
    replying_to = parent ? handle_of(d.account(str_of(*parent, "author"))) : "a deleted post";
    desc += kMid + std::string("Replying to ") + replying_to;
  }
  ui.item(pre, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + L.height}, str_of(post, "text"),
          [id](Phone& p) { open_post(p, id); })
      .desc = desc;
  float top = y;
  if (L.header) {
    ui.icon(52, y + 13, "repeat", Font::IconSmall, kGrey);
    ui.text(kTextX, y + 5, ui.ellipsize(o.header, Font::Label, text_w()), Font::Label, kGrey);
    top += 22;
  }
  avatar(ui, 36, top + 30, 20, a);
  Node& av = ui.item(pre + ".avatar", "android.widget.ImageButton", {12, top + 6, 60, top + 54}, "",
                     [author](Phone& p) { open_profile(p, author); });
  av.desc = str_of(a, "name") + " profile";
  name_line(ui, kTextX, top + 10, 308, a, handle_of(a) + kMid + rel_time(phone, int_of(post, "time_ms")));
  icon_tap(ui, pre + ".more", Ui::width_dp() - 24, top + 20, "more_vert", "More", kGrey, [id](Phone& p) { post_menu(p, id); }, Font::IconSmall);
  if (L.replying) {
    const float w = ui.text(kTextX, y + L.text_y - 20, "Replying to ", Font::Body, kGrey);
    ui.text(kTextX + w, y + L.text_y - 20, ui.ellipsize(replying_to, Font::Body, text_w() - w), Font::Body, kBlue);
  }
  rich_text(ui, kTextX, y + L.text_y, L.lines, Font::Body, kLineH);
  if (L.media || L.photo) {
    const Rect r{kTextX, y + L.media_y, Ui::width_dp() - 16, y + L.media_y + kMediaH};
    draw_media(ui, phone, post, r);
    Node& m = ui.image(pre + ".media", r, media_desc(phone, post), [id](Phone& p) { open_post(p, id); });
    (void)m;
  }
  if (L.quote) {
    const std::string q = str_of(post, "quote_of");
    const Rect r{kTextX, y + L.quote_y, Ui::width_dp() - 16, y + L.quote_y + L.quote_h};
    quote_box(ui, phone, d, q, r, L.quote_lines);
    const json* qp = d.post(q);
    Node& qn = ui.item(pre + ".quote", "android.widget.LinearLayout", r, qp ? str_of(*qp, "text") : "",
                       qp ? Handler([q](Phone& p) { open_post(p, q); }) : Handler());
    qn.desc = "Quoted post";
  }
  action_row(ui, pre, post, y + L.actions_y, 48);
  divider(ui, y + L.height - 1);
  ui.advance(L.height);
  return L.height;
}

/// The FAB: a blue circle with a plus (X's compose button), above the bottom navigation.
void compose_fab(Ui& ui, float bottom) {
  const float cx = Ui::width_dp() - 44, cy = bottom - 44;
  ui.circle(cx + 1, cy + 2, 28, 0x000000, 0.12f);
  ui.circle(cx, cy, 28, kBlue);
  ui.icon(cx, cy, "add", Font::Icon, 0xFFFFFF);
  Node& n = ui.item("microblog.fab", "android.widget.ImageButton", {cx - 28, cy - 28, cx + 28, cy + 28}, "",
                    [](Phone& p) { start_compose(p, "", ""); });
  n.desc = "Compose a post";
}

/// A person row (72 dp): avatar, name + badge, @handle, bio line; a Follow / Following button.
void person_row(Ui& ui, const std::string& pre, const json& a, bool with_button, Handler on_tap, const Window* win = nullptr,
                const std::string& note = "") {
  const float y = ui.cursor_y();
  if (win && !win->visible(y, y + 76)) {
    ui.advance(76);
    return;
  }
  const std::string id = str_of(a, "id");
  Node& row = ui.item(pre, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 76}, str_of(a, "name"), std::move(on_tap));
  row.desc = handle_of(a) + (note.empty() ? "" : kMid + note);
  avatar(ui, 36, y + 28, 20, a);
  const bool me = id == kOwner;
  const float W = Ui::width_dp();  // the follow pill keeps its width at the right edge
  const float right = with_button && !me ? W - 120 : W - 16;
  name_line(ui, kTextX, y + 8, right, a, "");
  std::string sub = handle_of(a) + (note.empty() ? "" : kMid + note);
  ui.text(kTextX, y + 30, ui.ellipsize(sub, Font::Body, right - kTextX), Font::Body, kGrey);
  ui.text(kTextX, y + 50, ui.ellipsize(str_of(a, "bio"), Font::Body, Ui::width_dp() - 16 - kTextX), Font::Body, kInk);
  if (with_button && !me) {
    const bool on = bool_of(a, "followed"), blk = blocked(a);
    const std::string label = blk ? "Blocked" : on ? "Following" : "Follow";
    pill(ui, pre + ".follow", {W - 112, y + 2, W - 8, y + 50}, {W - 108, y + 10, W - 12, y + 42}, label, !on && !blk,
         [id](Phone& p) { follow_tap(p, id); }, blk ? kRed : kInk);
  }
  divider(ui, y + 75);
  ui.advance(76);
}

// ---------------------------------------------------------------- timelines

std::int64_t age_hours(const Phone& p, const json& post) { return std::max<std::int64_t>(0, (p.now_ms() - int_of(post, "time_ms")) / 3600000); }

/// For you: recent top-level posts of everyone not muted or blocked, engagement over age
/// (integer arithmetic), the owner's posts of the last hour on top.
std::vector<const json*> for_you(const Phone& p, const Data& d) {
  struct Scored {
    const json* post;
    long long score;
  };
  std::vector<Scored> v;
  const std::int64_t now = p.now_ms();
  for (const json& post : d.posts) {
    if (is_reply(post) || !shown(d, post)) continue;
    const std::int64_t t = int_of(post, "time_ms");
    if (now - t > kForYouDays * 86400000LL) continue;
    const long long eng = int_of(post, "likes") + 2 * int_of(post, "reposts") + 3 * int_of(post, "replies") + 1;
    long long root = static_cast<long long>(std::sqrt(static_cast<double>(eng)));
    while (root * root > eng) --root;
    long long score = root * 1000000 / (age_hours(p, post) + 4);
    if (str_of(post, "author") == kOwner && now - t < 3600000) score = (1LL << 60) + t;
    v.push_back({&post, score});
  }
  std::stable_sort(v.begin(), v.end(), [](const Scored& a, const Scored& b) {
    if (a.score != b.score) return a.score > b.score;
    return int_of(*a.post, "time_ms") > int_of(*b.post, "time_ms");
  });
  std::vector<const json*> out;
  for (const Scored& s : v) {
    if (out.size() == kFeedMax) break;
    out.push_back(s.post);
  }
  return out;
}

/// Following: top-level posts of followed accounts and the owner's own posts and reposts,
/// newest first.
std::vector<const json*> following_feed(const Data& d) {
  std::vector<const json*> out;
  for (auto it = d.posts.rbegin(); it != d.posts.rend() && out.size() < kFeedMax; ++it) {
    const json& post = *it;
    if (is_reply(post) || !shown(d, post)) continue;
    const std::string author = str_of(post, "author");
    const json& a = d.account(author);
    if (author == kOwner || bool_of(a, "followed") || bool_of(post, "reposted")) out.push_back(&post);
  }
  return out;
}

/// A scrolling list of post rows.
void feed(Ui& ui, Phone& phone, const Data& d, const std::string& list_id, const Rect& area, const std::vector<const json*>& posts,
          const std::string& empty_title, const std::string& empty_sub, bool reply_context = false) {
  ui.begin_scroll(list_id, area, phone.page_pointer() + "/scroll");
  const Window win = scroll_window(phone, area.t, area.b);
  if (posts.empty()) empty_note(ui, list_id + ".empty", ui.cursor_y() + 48, empty_title, empty_sub);
  for (const json* post : posts) {
    RowOpts o;
    o.reply_context = reply_context;
    if (bool_of(*post, "reposted") && str_of(*post, "author") != kOwner) o.header = "You reposted";
    post_row(ui, phone, d, *post, o, &win);
  }
  ui.advance(24);
  ui.end_scroll();
}

// ---------------------------------------------------------------- search

std::string folded_query(const Phone& p) {
  std::string q = people::fold(trim(S(p).value("query", "")));
  if (!q.empty() && q[0] == '@') q = q.substr(1);
  return q;
}

bool post_matches(const Data& d, const json& post, const std::string& q) {
  if (q.empty()) return false;
  if (contains_folded(str_of(post, "text"), q)) return true;
  const json& a = d.account(str_of(post, "author"));
  return contains_folded(str_of(a, "name"), q) || contains_folded(str_of(a, "id"), q);
}

bool account_matches(const json& a, const std::string& q) {
  return !q.empty() && (contains_folded(str_of(a, "name"), q) || contains_folded(str_of(a, "id"), q) ||
                        contains_folded(str_of(a, "bio"), q));
}

// ---------------------------------------------------------------- the app

class MicroblogApp : public App {
 public:
  MicroblogApp() {
    add_page("home", home);
    add_page("menu", menu);
    add_page("compose", compose);
    add_page("photo_picker", photo_picker);
    add_page("post", post_page);
    add_page("profile", profile);
    add_page("follows", follows);
    add_page("list_picker", list_picker);
    add_page("search", search);
    add_page("notifications", notifications);
    add_page("messages", messages);
    add_page("dm", dm);
    add_page("new_dm", new_dm);
    add_page("lists", lists);
    add_page("list", list_page);
    add_page("new_list", new_list);
    add_page("list_members", list_members);
    add_page("bookmarks", bookmarks);
    add_page("settings", settings);
    // Other apps read public profiles and the trending list through these calls.
    add_export("account", [](Phone& p, const json& args) {
      std::string h = args.value("handle", "");
      if (!h.empty() && h[0] == '@') h = h.substr(1);
      const json a = account_of(p, people::fold(h));
      if (a.is_null()) throw std::invalid_argument("no account @" + h);
      return json{{"handle", "@" + str_of(a, "id")}, {"name", str_of(a, "name")}, {"bio", str_of(a, "bio")},
                  {"verified", bool_of(a, "verified")}, {"followers", int_of(a, "followers")}};
    });
    add_export("trends", [](Phone& p, const json&) {
      json out = json::array();
      for (const json& t : resolve_collection(World::instance(), S(p), kApp, "trends"))
        out.push_back({{"rank", int_of(t, "rank")}, {"name", str_of(t, "name")}, {"posts_count", int_of(t, "posts_count")}});
      return out;
    });
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& btn) override {
    const json data = dialog.value("data", json::object());
    const std::string menu = str_of(data, "menu"), what = str_of(data, "confirm");
    const std::string post = str_of(data, "post"), account = str_of(data, "account");
    if (btn == "cancel") return;
    if (!what.empty()) {  // a confirmation
      if (what == "block" && btn == "block") set_block(phone, account, true);
      if (what == "unblock" && btn == "unblock") set_block(phone, account, false);
      if (what == "unfollow" && btn == "unfollow") set_follow(phone, account, false);
      if (what == "delete" && btn == "delete") delete_post(phone, post);
      return;
    }
    if (menu == "repost") {
      if (btn == "repost") set_repost(phone, post, true);
      if (btn == "undo_repost") set_repost(phone, post, false);
      if (btn == "quote") start_compose(phone, "", post);
      return;
    }
    if (btn == "copy_link") {
      if (menu == "post") {
        const json p = post_of(phone, post);
        phone.set_clipboard(std::string(kSiteUrl) + str_of(p, "author") + "/status/" + post);
      } else {
        phone.set_clipboard(std::string(kSiteUrl) + account);
      }
      return;
    }
    if (btn == "follow") set_follow(phone, account, true);
    if (btn == "unfollow") ask_unfollow(phone, account);
    if (btn == "mute") set_mute(phone, account, true);
    if (btn == "unmute") set_mute(phone, account, false);
    if (btn == "block") ask_block(phone, account);
    if (btn == "unblock") ask_unblock(phone, account);
    if (btn == "delete") ask_delete(phone, post);
    if (btn == "lists" && phone.current_page() == "profile") phone.go("list_picker", {{"account", account}});
  }

 private:
  // ---------------------------------------------------------------- home
  static void home(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    const json& me = d.account(kOwner);
    // Top bar: the avatar (the menu), the logo, settings.
    avatar(ui, 32, area.t + 28, 16, me);
    Node& av = ui.item("microblog.home.avatar", "android.widget.ImageButton", {8, area.t + 4, 56, area.t + 52}, "",
                       [](Phone& p) { p.go("menu"); });
    av.desc = "Open menu";
    const float lw = ui.text_width("microblog", Font::Title);
    ui.text_centered(0, Ui::width_dp(), area.t + 28 - ui.line_height(Font::Title) / 2 - 2, "microblog", Font::Title, kInk);
    ui.label("microblog.home.logo", {(Ui::width_dp() - lw) / 2, area.t + 12, (Ui::width_dp() + lw) / 2, area.t + 44}, "Microblog");
    icon_tap(ui, "microblog.home.settings", Ui::width_dp() - 32, area.t + 28, "settings", "Settings and privacy", kInk,
             [](Phone& p) { p.go("settings"); });
    // Tabs.
    const std::string tab = S(phone).value("tab", "for_you");
    static const std::vector<Ui::Tab> kTabs = {{"for_you", "For you", ""}, {"following", "Following", ""}};
    ui.tabs("microblog.home.tab.", {0, area.t + 56, Ui::width_dp(), area.t + 104}, kTabs, tab == "following" ? 1 : 0,
            [](Phone& p, int i) {
              own_state(p, kApp)["tab"] = i == 1 ? "following" : "for_you";
              p.set_scroll(0);
            });
    divider(ui, area.t + 104);
    const Rect list{0, area.t + 105, Ui::width_dp(), area.b - kNavDp};
    if (tab == "following")
      feed(ui, phone, d, "microblog.home.timeline", list, following_feed(d), "Welcome to Following",
           "Posts from the accounts you follow show up here.");
    else
      feed(ui, phone, d, "microblog.home.timeline", list, for_you(phone, d), "Nothing to see yet", "");
    compose_fab(ui, area.b - kNavDp);
    tab_bar(ui, "home");
  }

  // ---------------------------------------------------------------- menu (the drawer)
  static void menu(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    const json& me = d.account(kOwner);
    ui.top_bar("microblog.menu.title", "Account", true);
    float y = ui.cursor_y() + 4;
    avatar(ui, 40, y + 24, 24, me);
    name_line(ui, 16, y + 56, Ui::width_dp() - 16, me, "");
    ui.label_at("microblog.menu.handle", 16, y + 80, handle_of(me), Font::Body, kGrey);
    const long long following = static_cast<long long>(followed_ids(d).size());
    y += 108;
    const std::string fing = with_commas(following), fers = count_text(int_of(me, "followers"));
    float x = 16;
    for (const auto& [key, num, label] : {std::tuple<std::string, std::string, std::string>{"following", fing, " Following"},
                                          {"followers", fers, " Followers"}}) {
      const float w1 = ui.text(x, y + 16, num, Font::Label, kInk);
      const float w2 = ui.text(x + w1, y + 14, label, Font::Body, kGrey);
      const std::string tab = key;
      Node& n = ui.item("microblog.menu." + key, "android.widget.Button", {x - 4, y, x + w1 + w2 + 8, y + 48}, num,
                        [tab](Phone& p) { p.go("follows", {{"account", kOwner}, {"tab", tab}}); });
      n.desc = num + label;
      x += w1 + w2 + 24;
    }
    y += 56;
    divider(ui, y);
    ui.set_cursor(y + 8);
    ui.list_row("microblog.menu.profile", "Profile", "", "person_outline", [](Phone& p) { open_profile(p, kOwner); });
    ui.list_row("microblog.menu.lists", "Lists", "", "list_alt", [](Phone& p) { p.go("lists"); });
    ui.list_row("microblog.menu.bookmarks", "Bookmarks", "", "bookmark_border", [](Phone& p) { p.go("bookmarks"); });
    ui.list_row("microblog.menu.settings", "Settings and privacy", "", "settings", [](Phone& p) { p.go("settings"); });
    (void)area;
  }

  // ---------------------------------------------------------------- compose
  static void compose(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& st = S(phone);
    const json draft = st.value("draft", json::object());
    const std::string text = str_of(draft, "text"), photo = str_of(draft, "photo");
    const std::string reply_to = str_of(draft, "reply_to"), quote_of = str_of(draft, "quote_of");
    const int n = char_count(trim(text));
    const bool over = n > kMaxChars, empty = n == 0 && photo.empty();
    const Data d = load_data(phone);
    // Bar: close, Post / Reply.
    icon_tap(ui, "microblog.compose.cancel", 28, area.t + 28, "close", "Cancel", kInk, [](Phone& p) {
      p.clear_focus();
      own_state(p, kApp)["draft"] = {{"text", ""}, {"photo", ""}, {"reply_to", ""}, {"quote_of", ""}};
      p.back();
    });
    const std::string label = reply_to.empty() ? "Post" : "Reply";
    pill(ui, "microblog.compose.post", {Ui::width_dp() - 100, area.t + 4, Ui::width_dp() - 8, area.t + 52},
         {Ui::width_dp() - 92, area.t + 12, Ui::width_dp() - 16, area.t + 44}, label, true, [](Phone& p) { publish(p); }, kBlue,
         !over && !empty);
    const float kb = keyboard_height_dp(phone);
    const float bar_top = area.b - kb - 52;
    ui.begin_scroll("microblog.compose.body", {0, area.t + 56, Ui::width_dp(), bar_top}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y() + 4;
    if (!reply_to.empty()) {
      const json* parent = d.post(reply_to);
      const std::string to = parent ? handle_of(d.account(str_of(*parent, "author"))) : "a post";
      const float w = ui.text(kTextX, y, "Replying to ", Font::Body, kGrey);
      ui.text(kTextX + w, y, ui.ellipsize(to, Font::Body, text_w() - w), Font::Body, kBlue);
      ui.label("microblog.compose.replying", {kTextX, y, Ui::width_dp() - 16, y + 20}, "Replying to " + to);
      y += 28;
    }
    avatar(ui, 36, y + 20, 20, d.account(kOwner));
    // The text: wrapped lines, a caret when focused, a placeholder when empty.
    const bool focused = phone.focused_id() == "microblog.compose.text";
    const std::vector<TextLine> lines = text.empty() ? std::vector<TextLine>{} : wrap_lines(text, Font::BodyLarge, text_w() - 4);
    const float lh = 24;
    if (text.empty())
      ui.text(kTextX, y + 8, reply_to.empty() ? (quote_of.empty() ? "What's happening?" : "Add a comment") : "Post your reply",
              Font::BodyLarge, kGrey);
    for (std::size_t i = 0; i < lines.size(); ++i)
      rich_line(ui, kTextX, y + 8 + lh * static_cast<float>(i), text.substr(lines[i].begin, lines[i].end - lines[i].begin),
                Font::BodyLarge, kInk);
    if (focused) {  // the caret at os.keyboard.cursor
      const std::size_t at = utf8_offset(text, text_cursor(phone));
      const std::size_t cl = lines.empty() ? 0 : caret_line(lines, at);
      const float cx = kTextX + (lines.empty() ? 0 : text_width_of(text, lines[cl].begin, at, Font::BodyLarge));
      const float cy = y + 8 + lh * static_cast<float>(cl);
      ui.fill({cx, cy, cx + 2, cy + ui.line_height(Font::BodyLarge) + 2}, kBlue);
    }
    const float th = std::max(96.f, lh * static_cast<float>(lines.size()) + 24);
    Node& field = ui.item("microblog.compose.text", "android.widget.EditText", {kTextX - 8, y, Ui::width_dp() - 8, y + th}, text, {});
    field.desc = reply_to.empty() ? "Post text" : "Reply text";
    field.clickable = field.focusable = true;
    field.focused = focused;
    // A tap focuses the text (the caret at the end); on the focused text it moves the caret.
    const TextBox box{Font::BodyLarge, kTextX, y + 8 - Ui::to_dp(static_cast<float>(phone.page_int("scroll"))), text_w() - 4, lh, 0};
    field.on_click = [box](Phone& p) {
      const bool was_focused = p.focused_id() == "microblog.compose.text";
      p.focus_multiline("microblog.compose.text", "/apps/microblog/draft/text");
      if (was_focused)
        set_text_cursor(p, index_at_point(S(p).value("draft", json::object()).value("text", ""), box, p.pointer_x_px(),
                                          p.pointer_y_px()));
    };
    y += th + 8;
    if (!photo.empty()) {
      const Rect r{kTextX, y, Ui::width_dp() - 16, y + kMediaH};
      json fake = {{"photo", photo}};
      draw_media(ui, phone, fake, r);
      ui.image("microblog.compose.attachment", r, media_desc(phone, fake));
      ui.circle(r.r - 22, r.t + 22, 16, 0x000000, 0.7f);
      icon_tap(ui, "microblog.compose.remove_photo", r.r - 22, r.t + 22, "close", "Remove photo", 0xFFFFFF,
               [](Phone& p) { own_state(p, kApp)["draft"]["photo"] = ""; }, Font::IconSmall);
      y += kMediaH + 12;
    }
    if (!quote_of.empty()) {
      const json* qp = d.post(quote_of);
      const std::vector<std::string> ql = qp ? ui.wrap(str_of(*qp, "text"), Font::Body, text_w() - 24, 3) : std::vector<std::string>{};
      const float qh = 12 + 20 + 4 + kLineH * static_cast<float>(ql.size()) + 10;
      const Rect r{kTextX, y, Ui::width_dp() - 16, y + qh};
      quote_box(ui, phone, d, quote_of, r, ql);
      Node& qn = ui.item("microblog.compose.quote", "android.widget.LinearLayout", r, qp ? str_of(*qp, "text") : "", {});
      qn.desc = "Quoted post";
      y += qh + 12;
    }
    ui.set_cursor(y + 8);
    ui.end_scroll();
    // The toolbar above the keyboard: photo, the counter ring.
    ui.fill({0, bar_top, Ui::width_dp(), bar_top + 52}, 0xFFFFFF);
    divider(ui, bar_top);
    icon_tap(ui, "microblog.compose.photo", 36, bar_top + 26, "image", "Add photo", kBlue, [](Phone& p) {
      p.clear_focus();
      p.navigate("photo_picker");
    });
    counter_ring(ui, Ui::width_dp() - 36, bar_top + 26, n);
  }

  /// X's character counter: a ring filling up to 280; from 20 left it grows and shows the number,
  /// amber then red; past the limit the red negative count. Node microblog.compose.counter: text
  /// = characters left (negative past the limit).
  static void counter_ring(Ui& ui, float cx, float cy, int n) {
    const int left = kMaxChars - n;
    const bool near = left <= 20;
    const float r = near ? 14 : 11;
    const std::uint32_t ink = left < 0 ? kRed : left <= 20 ? kAmber : kBlue;
    if (left >= -9) {
      ui.circle(cx, cy, r, 0xCFD9DE);
      ui.circle(cx, cy, r - 2.5f, 0xFFFFFF);
      const int steps = 64;
      const int filled = std::min(steps, n * steps / kMaxChars);
      for (int i = 0; i < filled; ++i) {
        const double a = -1.5707963267948966 + 6.283185307179586 * (i + 0.5) / steps;
        ui.circle(cx + static_cast<float>((r - 1.25) * std::cos(a)), cy + static_cast<float>((r - 1.25) * std::sin(a)), 1.6f, ink);
      }
    }
    if (near) {
      const std::string s = std::to_string(left);
      const float w = ui.text_width(s, Font::Label);
      const float x = left >= -9 ? cx - w / 2 : cx + 12 - w;
      ui.text(x, cy - ui.line_height(Font::Label) / 2, s, Font::Label, left < 0 ? kRed : kGrey);
    }
    Node& node = ui.label("microblog.compose.counter", {cx - 24, cy - 24, cx + 24, cy + 24}, std::to_string(left));
    node.desc = std::to_string(n) + " of " + std::to_string(kMaxChars) + " characters";
  }

  /// Post: the draft becomes p<next_post> (a reply raises its parent's reply count, a quote the
  /// quoted post's quote count); compose closes.
  static void publish(Phone& p) {
    json& st = own_state(p, kApp);
    const json draft = st.value("draft", json::object());
    const std::string text = trim(str_of(draft, "text")), photo = str_of(draft, "photo");
    const std::string reply_to = str_of(draft, "reply_to"), quote_of = str_of(draft, "quote_of");
    if ((text.empty() && photo.empty()) || char_count(text) > kMaxChars) return;
    const int n = st.value("next_post", 401);
    st["next_post"] = n + 1;
    char id[16];
    std::snprintf(id, sizeof id, "p%03d", n);
    ensure_object(st["posts"])[id] = {{"author", kOwner}, {"text", text},         {"time_ms", p.now_ms()}, {"reply_to", reply_to},
                                      {"quote_of", quote_of}, {"photo", photo},  {"likes", 0},           {"reposts", 0},
                                      {"quotes", 0},        {"replies", 0},        {"views", 0},           {"bookmarks", 0},
                                      {"liked", false},     {"reposted", false},   {"bookmarked", false}};
    for (const auto& [other, count] : {std::pair<std::string, const char*>{reply_to, "replies"}, {quote_of, "quotes"}}) {
      if (other.empty()) continue;
      const json o = post_of(p, other);
      if (!o.is_null()) write_entity(p, "posts", other, {{count, int_of(o, count) + 1}});
    }
    st["draft"] = {{"text", ""}, {"photo", ""}, {"reply_to", ""}, {"quote_of", ""}};
    p.clear_focus();
    p.back();
    p.toast(reply_to.empty() ? "Your post was sent" : "Your reply was sent");
  }

  static void photo_picker(Ui& ui, Phone& phone) {
    ui.top_bar("microblog.picker.title", "Choose a photo", true);
    const Rect area = Ui::content_area();
    const json photos = gallery::photos(phone);
    ui.begin_scroll("microblog.picker.grid", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const float tile = 118, gap = 3;
    for (std::size_t i = 0; i < photos.size(); ++i) {
      const json& ph = photos[i];
      const std::string id = str_of(ph, "id");
      const float x = static_cast<float>(i % 3) * (tile + gap), y = ui.cursor_y();
      if (ph.contains("scene")) gallery::draw_scene(ui, {x, y, x + tile, y + tile}, ph["scene"]);
      Node& n = ui.image("microblog.picker.photo." + id, {x, y, x + tile, y + tile}, str_of(ph, "title").empty() ? "Photo" : str_of(ph, "title"),
                         [id](Phone& p) {
                           own_state(p, kApp)["draft"]["photo"] = id;
                           p.back();
                           p.focus_multiline("microblog.compose.text", "/apps/microblog/draft/text");
                         });
      (void)n;
      if (i % 3 == 2 || i + 1 == photos.size()) ui.advance(tile + gap);
    }
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- post detail
  static void post_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    const std::string id = phone.page_string("post");
    const json* post = d.post(id);
    ui.top_bar("microblog.detail.title", "Post", true);
    if (!post) {
      empty_note(ui, "microblog.detail.missing", area.t + 160, "This post was deleted", "");
      return;
    }
    const float bar_h = 56;
    const Rect list{0, ui.cursor_y(), Ui::width_dp(), area.b - bar_h - keyboard_height_dp(phone)};
    ui.begin_scroll("microblog.detail.scroll", list, phone.page_pointer() + "/scroll");
    const Window win = scroll_window(phone, list.t, list.b);
    // The thread above: parents, oldest first.
    std::vector<const json*> parents;
    for (const json* p = d.post(str_of(*post, "reply_to")); p && parents.size() < 8; p = d.post(str_of(*p, "reply_to")))
      parents.insert(parents.begin(), p);
    for (const json* p : parents) post_row(ui, phone, d, *p, RowOpts{}, &win);
    // The post itself.
    const json& a = d.account(str_of(*post, "author"));
    const std::string author = str_of(a, "id");
    const bool hidden = blocked(a);
    float y = ui.cursor_y() + 8;
    avatar(ui, 36, y + 22, 20, a);
    name_line(ui, kTextX, y + 4, 300, a, "");
    ui.text(kTextX, y + 26, ui.ellipsize(handle_of(a), Font::Body, 230), Font::Body, kGrey);
    Node& an = ui.item("microblog.detail.author", "android.widget.LinearLayout", {8, y, 300, y + 48}, str_of(a, "name"),
                       [author](Phone& p) { open_profile(p, author); });
    an.desc = handle_of(a);
    icon_tap(ui, "microblog.detail.more", Ui::width_dp() - 24, y + 20, "more_vert", "More", kGrey, [id](Phone& p) { post_menu(p, id); },
             Font::IconSmall);
    y += 56;
    if (hidden) {
      empty_note(ui, "microblog.detail.blocked", y + 8, "You blocked " + handle_of(a), "Unblock them to see this post.");
      ui.end_scroll();
      return;
    }
    if (is_reply(*post)) {
      const json* parent = d.post(str_of(*post, "reply_to"));
      const std::string to = parent ? handle_of(d.account(str_of(*parent, "author"))) : "a deleted post";
      const float w = ui.text(16, y, "Replying to ", Font::Body, kGrey);
      ui.text(16 + w, y, ui.ellipsize(to, Font::Body, Ui::width_dp() - 32 - w), Font::Body, kBlue);
      y += 24;
    }
    const std::string text = str_of(*post, "text");
    const std::vector<std::string> lines = text.empty() ? std::vector<std::string>{} : ui.wrap(text, Font::BodyLarge, Ui::width_dp() - 32);
    const float th = rich_text(ui, 16, y, lines, Font::BodyLarge, 24);
    ui.label("microblog.detail.text", {16, y, Ui::width_dp() - 16, y + std::max(th, 1.f)}, text);
    y += th + 8;
    if (post->contains("media") || !str_of(*post, "photo").empty()) {
      const Rect r{16, y, Ui::width_dp() - 16, y + 190};
      draw_media(ui, phone, *post, r);
      ui.image("microblog.detail.media", r, media_desc(phone, *post));
      y += 198;
    }
    const std::string q = str_of(*post, "quote_of");
    if (!q.empty()) {
      const json* qp = d.post(q);
      const std::vector<std::string> ql = qp && shown(d, *qp) ? ui.wrap(str_of(*qp, "text"), Font::Body, Ui::width_dp() - 56, 4)
                                                              : std::vector<std::string>{"This post is unavailable."};
      const float qh = 12 + 20 + 4 + kLineH * static_cast<float>(ql.size()) + 10;
      const Rect r{16, y, Ui::width_dp() - 16, y + qh};
      quote_box(ui, phone, d, q, r, ql);
      Node& qn = ui.item("microblog.detail.quote", "android.widget.LinearLayout", r, qp ? str_of(*qp, "text") : "",
                         qp ? Handler([q](Phone& p) { open_post(p, q); }) : Handler());
      qn.desc = "Quoted post";
      y += qh + 8;
    }
    // Time and views.
    const std::string when = full_time(phone, int_of(*post, "time_ms"));
    const long long views = int_of(*post, "views");
    const float ww = ui.text(16, y + 4, when, Font::Body, kGrey);
    ui.label("microblog.detail.time", {16, y + 2, 16 + ww, y + 22}, when);
    if (views > 0) {
      const std::string v = with_commas(views);
      const float vx = 16 + ww + ui.text(16 + ww, y + 4, kMid, Font::Body, kGrey);
      const float vw = ui.text(vx, y + 6, v, Font::Label, kInk);
      ui.text(vx + vw + 4, y + 4, "Views", Font::Body, kGrey);
      ui.label("microblog.detail.views", {vx, y + 2, vx + vw, y + 22}, v).desc = v + " Views";
    }
    y += 32;
    divider(ui, y, 16, Ui::width_dp() - 16);
    // Exact counts.
    float x = 16;
    bool any = false;
    for (const auto& [key, label] : {std::pair<const char*, const char*>{"reposts", "Reposts"}, {"quotes", "Quotes"},
                                     {"likes", "Likes"}, {"bookmarks", "Bookmarks"}}) {
      const long long v = int_of(*post, key);
      if (v <= 0) continue;
      const std::string num = with_commas(v);
      const std::string one = std::string(label).substr(0, std::string(label).size() - (v == 1 ? 1 : 0));
      const float w1 = ui.text_width(num, Font::Label), w2 = ui.text_width(one, Font::Body);
      if (x + w1 + 4 + w2 > Ui::width_dp() - 16) break;
      ui.text(x, y + 15, num, Font::Label, kInk);
      ui.text(x + w1 + 4, y + 13, one, Font::Body, kGrey);
      ui.label(std::string("microblog.detail.") + key, {x, y + 12, x + w1, y + 30}, num).desc = num + " " + one;
      x += w1 + 4 + w2 + 16;
      any = true;
    }
    if (any) {
      y += 44;
      divider(ui, y, 16, Ui::width_dp() - 16);
    }
    action_row(ui, "microblog.detail", *post, y, 48, 20);
    y += 48;
    divider(ui, y);
    ui.set_cursor(y + 1);
    // Replies: the owner's first (newest first), then by likes.
    std::vector<const json*> replies;
    for (const json& r : d.posts)
      if (str_of(r, "reply_to") == id && shown(d, r)) replies.push_back(&r);
    std::stable_sort(replies.begin(), replies.end(), [](const json* a, const json* b) {
      const bool ma = str_of(*a, "author") == kOwner, mb = str_of(*b, "author") == kOwner;
      if (ma != mb) return ma;
      if (ma) return int_of(*a, "time_ms") > int_of(*b, "time_ms");
      return int_of(*a, "likes") > int_of(*b, "likes");
    });
    for (const json* r : replies) post_row(ui, phone, d, *r, RowOpts{}, &win);
    ui.advance(24);
    ui.end_scroll();
    // The reply bar.
    const float by = area.b - bar_h - keyboard_height_dp(phone);
    ui.fill({0, by, Ui::width_dp(), area.b}, 0xFFFFFF);
    divider(ui, by);
    const Rect pillr{16, by + 10, Ui::width_dp() - 16, by + 46};
    ui.fill(pillr, kPale, 18);
    ui.text(pillr.l + 16, pillr.t + (pillr.h() - ui.line_height(Font::Body)) / 2, "Post your reply", Font::Body, kGrey);
    Node& rb = ui.item("microblog.detail.reply_bar", "android.widget.Button", {16, by + 4, Ui::width_dp() - 16, by + 52},
                       "Post your reply", [id](Phone& p) { start_compose(p, id, ""); });
    rb.desc = "Reply to " + handle_of(a);
  }

  // ---------------------------------------------------------------- profile
  static void profile(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    const std::string id = phone.page_string("account");
    const json& a = d.account(id);
    ui.top_bar("microblog.profile.title", a.empty() ? "Profile" : ui.ellipsize(str_of(a, "name"), Font::Title, Ui::width_dp() - 80), true);
    if (a.empty()) {
      empty_note(ui, "microblog.profile.missing", area.t + 160, "This account doesn't exist", "Try searching for another.");
      return;
    }
    const bool me = id == kOwner, blk = blocked(a);
    std::string tab = phone.page_string("tab");
    if (tab.empty()) tab = "posts";
    const Rect list{0, ui.cursor_y(), Ui::width_dp(), area.b};
    ui.begin_scroll("microblog.profile.scroll", list, phone.page_pointer() + "/scroll");
    const Window win = scroll_window(phone, list.t, list.b);
    float y = ui.cursor_y();
    const std::uint32_t banner = hex_color(str_of(a, "color"));
    ui.fill({0, y, Ui::width_dp(), y + 96}, banner);
    ui.fill({0, y, Ui::width_dp(), y + 96}, 0xFFFFFF, 0, 0.35f);
    ui.circle(52, y + 100, 38, 0xFFFFFF);
    avatar(ui, 52, y + 100, 35, a);
    // Buttons: more, message, Follow / Following / Blocked (someone else); nothing for the owner.
    const float by = y + 104;
    if (!me) {
      const bool on = bool_of(a, "followed");
      const std::string label = blk ? "Blocked" : on ? "Following" : "Follow";
      pill(ui, "microblog.profile.follow", {Ui::width_dp() - 116, by, Ui::width_dp() - 8, by + 48},
           {Ui::width_dp() - 112, by + 6, Ui::width_dp() - 12, by + 42}, label, !on && !blk, [id](Phone& p) { follow_tap(p, id); },
           blk ? kRed : kInk);
      ui.stroke({Ui::width_dp() - 156, by + 6, Ui::width_dp() - 120, by + 42}, 0xCFD9DE, 18, 1);
      icon_tap(ui, "microblog.profile.message", Ui::width_dp() - 138, by + 24, "mail_outline", "Message", kInk,
               [id](Phone& p) { open_dm_with(p, id); }, Font::IconSmall);
      ui.stroke({Ui::width_dp() - 196, by + 6, Ui::width_dp() - 160, by + 42}, 0xCFD9DE, 18, 1);
      icon_tap(ui, "microblog.profile.more", Ui::width_dp() - 178, by + 24, "more_vert", "More", kInk,
               [id](Phone& p) { profile_menu(p, id); }, Font::IconSmall);
    }
    y += 156;
    // Name, handle, "Follows you", bio, location / site / joined, counts.
    const float nx = name_line(ui, 16, y, Ui::width_dp() - 16, a, "", Font::Title);
    ui.label("microblog.profile.name", {16, y, nx, y + 30}, str_of(a, "name")).desc = bool_of(a, "verified") ? "Verified account" : "";
    y += 32;
    const float hw = ui.text(16, y, handle_of(a), Font::Body, kGrey);
    ui.label("microblog.profile.handle", {16, y, 16 + hw, y + 20}, handle_of(a));
    if (bool_of(a, "follows_me") && !me) {
      const float fx = 16 + hw + 8, fw = ui.text_width("Follows you", Font::Label) + 12;
      ui.fill({fx, y, fx + fw, y + 20}, kLine, 4);
      ui.text(fx + 6, y + 3, "Follows you", Font::Label, kGrey);
      ui.label("microblog.profile.follows_you", {fx, y, fx + fw, y + 20}, "Follows you");
    }
    y += 28;
    if (blk) {
      empty_note(ui, "microblog.profile.blocked", y + 16, "You blocked " + handle_of(a),
                 "You won't see their posts. Tap Blocked to unblock.");
      ui.end_scroll();
      return;
    }
    const std::string bio = str_of(a, "bio");
    if (!bio.empty()) {
      const std::vector<std::string> bl = ui.wrap(bio, Font::Body, Ui::width_dp() - 32);
      const float bh = rich_text(ui, 16, y, bl, Font::Body, kLineH);
      ui.label("microblog.profile.bio", {16, y, Ui::width_dp() - 16, y + bh}, bio);
      y += bh + 8;
    }
    float mx = 16;
    auto meta = [&](const std::string& key, const char* icon, const std::string& text, std::uint32_t ink) {
      if (text.empty()) return;
      const float w = 20 + ui.text_width(text, Font::Body);
      if (mx + w > Ui::width_dp() - 16) {
        mx = 16;
        y += 22;
      }
      ui.icon(mx + 8, y + 10, icon, Font::IconSmall, kGrey);
      const std::string shown_text = ui.ellipsize(text, Font::Body, Ui::width_dp() - 16 - mx - 20);
      const float tw = ui.text(mx + 20, y + 1, shown_text, Font::Body, ink);
      ui.label("microblog.profile." + key, {mx + 20, y, mx + 20 + tw, y + 20}, text);
      mx += 20 + tw + 14;
    };
    meta("location", "location_on", str_of(a, "location"), kGrey);
    meta("website", "link", str_of(a, "website"), kBlue);
    meta("joined", "calendar_today", joined_text(str_of(a, "joined")), kGrey);
    y += 30;
    const long long following = me ? static_cast<long long>(followed_ids(d).size()) : int_of(a, "following");
    float cx = 16;
    for (const auto& [key, num, label] : {std::tuple<std::string, std::string, std::string>{"following", count_text(following), " Following"},
                                          {"followers", count_text(int_of(a, "followers")), " Followers"}}) {
      const float w1 = ui.text(cx, y + 16, num, Font::Label, kInk);
      const float w2 = ui.text(cx + w1, y + 14, label, Font::Body, kGrey);
      const std::string k = key;
      Handler h;
      if (me) h = [k](Phone& p) { p.go("follows", {{"account", kOwner}, {"tab", k}}); };
      Node& n = ui.item("microblog.profile." + key, "android.widget.Button", {cx - 4, y, cx + w1 + w2 + 8, y + 48}, num, std::move(h));
      n.desc = num + label;
      cx += w1 + w2 + 24;
    }
    y += 44;
    if (muted(a)) {
      ui.fill({16, y, Ui::width_dp() - 16, y + 36}, kLine, 8);
      ui.label_at("microblog.profile.muted", 28, y + 8, "You muted " + handle_of(a), Font::Body, kGrey, Ui::width_dp() - 56);
      y += 44;
    }
    // Tabs.
    static const std::vector<Ui::Tab> kTabs = {{"posts", "Posts", ""}, {"replies", "Replies", ""}, {"likes", "Likes", ""}};
    const int sel = tab == "replies" ? 1 : tab == "likes" ? 2 : 0;
    ui.tabs("microblog.profile.tab.", {0, y, Ui::width_dp(), y + 48}, kTabs, sel, [](Phone& p, int i) {
      static const char* const keys[] = {"posts", "replies", "likes"};
      p.page_state()["tab"] = keys[i];
    });
    y += 48;
    divider(ui, y);
    ui.set_cursor(y + 1);
    std::vector<const json*> rows;
    if (tab == "likes") {
      if (me)
        for (auto it = d.posts.rbegin(); it != d.posts.rend(); ++it)
          if (bool_of(*it, "liked") && !blocked(d.account(str_of(*it, "author")))) rows.push_back(&*it);
    } else {
      for (auto it = d.posts.rbegin(); it != d.posts.rend(); ++it) {
        const bool mine = str_of(*it, "author") == id;
        const bool repost = me && bool_of(*it, "reposted") && !mine && !blocked(d.account(str_of(*it, "author")));
        if (tab == "posts" && ((mine && !is_reply(*it)) || (repost && !is_reply(*it)))) rows.push_back(&*it);
        if (tab == "replies" && mine && is_reply(*it)) rows.push_back(&*it);
      }
    }
    if (rows.empty()) {
      if (tab == "likes" && !me)
        empty_note(ui, "microblog.profile.empty", ui.cursor_y() + 32, "Likes are private", "Only " + handle_of(a) + " can see what they like.");
      else
        empty_note(ui, "microblog.profile.empty", ui.cursor_y() + 32,
                   tab == "likes" ? "No likes yet" : tab == "replies" ? "No replies yet" : "No posts yet", "");
    }
    for (const json* p : rows) {
      RowOpts o;
      o.reply_context = tab != "posts";
      if (tab == "posts" && str_of(*p, "author") != id) o.header = me ? "You reposted" : str_of(a, "name") + " reposted";
      post_row(ui, phone, d, *p, o, &win);
    }
    ui.advance(24);
    ui.end_scroll();
  }

  /// Opens the conversation with an account (a new one if there is none).
  static void open_dm_with(Phone& p, const std::string& account) {
    for (const json& c : conversations_view(p))
      if (str_of(c, "with") == account) return open_conversation(p, str_of(c, "id"));
    p.go("open_dm", {{"conv", ""}, {"with", account}});
    p.focus("microblog.dm.field", "/apps/microblog/dm_draft");
  }

  static void open_conversation(Phone& p, const std::string& conv) {
    const json c = conversation_of(p, conv);
    if (c.is_null()) return;
    own_state(p, kApp)["dm_draft"] = "";
    const json& msgs = c.value("messages", json::array());
    const std::int64_t last = msgs.empty() ? 0 : int_of(msgs.back(), "time_ms");
    if (last > int_of(c, "read_ms")) write_entity(p, "conversations", conv, {{"read_ms", p.now_ms()}});
    p.go("open_dm", {{"conv", conv}, {"with", str_of(c, "with")}});
  }

  // ---------------------------------------------------------------- following / followers (the owner)
  static void follows(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    const std::string tab = phone.page_string("tab") == "followers" ? "followers" : "following";
    ui.top_bar("microblog.follows.title", "Alex Rivera", true);
    static const std::vector<Ui::Tab> kTabs = {{"followers", "Followers", ""}, {"following", "Following", ""}};
    ui.tabs("microblog.follows.tab.", {0, area.t + 64, Ui::width_dp(), area.t + 112}, kTabs, tab == "followers" ? 0 : 1,
            [](Phone& p, int i) {
              p.page_state()["tab"] = i == 0 ? "followers" : "following";
              p.set_scroll(0);
            });
    divider(ui, area.t + 112);
    const Rect list{0, area.t + 113, Ui::width_dp(), area.b};
    ui.begin_scroll("microblog.follows.list", list, phone.page_pointer() + "/scroll");
    const Window win = scroll_window(phone, list.t, list.b);
    int n = 0;
    for (const std::string& aid : d.account_order) {
      const json& a = d.account(aid);
      const bool in = tab == "following" ? bool_of(a, "followed") && !blocked(a) : bool_of(a, "follows_me") && !blocked(a);
      if (!in || aid == kOwner) continue;
      ++n;
      person_row(ui, "microblog.follows." + aid, a, true, [aid](Phone& p) { open_profile(p, aid); }, &win);
    }
    if (n == 0) empty_note(ui, "microblog.follows.empty", ui.cursor_y() + 48, tab == "following" ? "You aren't following anyone" : "No followers yet");
    ui.advance(24);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- add / remove an account from lists
  static void list_picker(Ui& ui, Phone& phone) {
    const std::string who = phone.page_string("account");
    const json a = account_of(phone, who);
    ui.top_bar("microblog.list_picker.title", "Pick Lists", true);
    float y = ui.cursor_y();
    ui.label_at("microblog.list_picker.who", 16, y, "Add or remove " + (a.is_null() ? std::string("this account") : handle_of(a)),
                Font::Body, kGrey, Ui::width_dp() - 32);
    ui.set_cursor(y + 28);
    const json ls = lists_view(phone);
    if (ls.empty()) empty_note(ui, "microblog.list_picker.empty", ui.cursor_y() + 32, "You haven't created any Lists yet");
    for (const json& l : ls) {
      const std::string lid = str_of(l, "id");
      const json members = l.value("members", json::array());
      const bool in = std::find(members.begin(), members.end(), json(who)) != members.end();
      const float ry = ui.cursor_y();
      ui.checkbox("microblog.list_picker." + lid, {0, ry, Ui::width_dp(), ry + 56}, str_of(l, "name"), in,
                  [lid, who](Phone& p) { toggle_member(p, lid, who); }, "list_alt");
      ui.advance(56);
    }
  }

  static void toggle_member(Phone& p, const std::string& list, const std::string& who) {
    const json l = list_of(p, list);
    if (l.is_null() || who.empty() || who == kOwner) return;
    json members = l.value("members", json::array());
    auto it = std::find(members.begin(), members.end(), json(who));
    if (it != members.end()) members.erase(it);
    else members.push_back(who);
    write_entity(p, "lists", list, {{"members", members}});
  }

  // ---------------------------------------------------------------- search and trends
  static void search_field(Ui& ui, Phone& phone, const std::string& id, const Rect& r, const std::string& path,
                           const std::string& value, const std::string& hint, Handler on_tap, Handler on_clear,
                           bool search_icon = true) {
    const bool focused = phone.focused_id() == id;
    ui.fill(r, kPale, r.h() / 2);
    if (focused) ui.stroke(r, kBlue, r.h() / 2, 1.5f);
    if (search_icon) ui.icon(r.l + 22, (r.t + r.b) / 2, "search", Font::IconSmall, kGrey);
    const float tx = r.l + (search_icon ? 40 : 18), ty = (r.t + r.b) / 2 - ui.line_height(Font::Body) / 2 - 1;
    const float room = r.r - tx - (value.empty() ? 16 : 44);
    LineView view;
    if (value.empty()) ui.text(tx, ty, hint, Font::Body, kGrey);
    if (focused)  // the part around the caret, which sits at os.keyboard.cursor
      view = draw_line_value(ui, value, tx, ty, room, Font::Body, kInk, text_cursor(phone), kBlue);
    else if (!value.empty())
      ui.text(tx, ty, ui.ellipsize(value, Font::Body, room), Font::Body, kInk);
    Handler tap;
    if (on_tap)  // a tap on the focused field moves the caret
      tap = [id, view, on_tap = std::move(on_tap)](Phone& p) {
        const bool was_focused = p.focused_id() == id;
        on_tap(p);
        if (was_focused && p.focused_id() == id) place_caret(p, view);
      };
    Node& n = ui.item(id, "android.widget.EditText", {r.l, r.t - 4, value.empty() ? r.r : r.r - 44, r.b + 4}, value, std::move(tap));
    n.desc = hint;
    n.focusable = true;
    n.focused = focused;
    (void)path;
    if (!value.empty()) icon_tap(ui, id + ".clear", r.r - 22, (r.t + r.b) / 2, "close", "Clear", kGrey, std::move(on_clear), Font::IconSmall);
  }

  static void search(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    const json& st = S(phone);
    const std::string query = st.value("query", "");
    const std::string q = folded_query(phone);
    search_field(ui, phone, "microblog.search.field", {16, area.t + 10, Ui::width_dp() - 16, area.t + 50}, "/apps/microblog/query",
                 query, "Search", [](Phone& p) { p.focus("microblog.search.field", "/apps/microblog/query"); },
                 [](Phone& p) {
                   own_state(p, kApp)["query"] = "";
                   p.set_scroll(0);
                   p.focus("microblog.search.field", "/apps/microblog/query");
                 });
    const float bottom = area.b - (keyboard_height_dp(phone) > 0 ? keyboard_height_dp(phone) : kNavDp);
    if (q.empty()) {
      // Trends for you.
      ui.text(16, area.t + 66, "Trends for you", Font::Title, kInk);
      ui.label("microblog.trends.title", {16, area.t + 62, 220, area.t + 94}, "Trends for you");
      const Rect list{0, area.t + 104, Ui::width_dp(), bottom};
      ui.begin_scroll("microblog.trends.list", list, phone.page_pointer() + "/scroll");
      for (const json& t : resolve_collection(World::instance(), st, kApp, "trends")) {
        const float y = ui.cursor_y();
        const std::string tid = str_of(t, "id"), name = str_of(t, "name");
        const std::string top = std::to_string(int_of(t, "rank")) + kMid + str_of(t, "category");
        const std::string count = compact(int_of(t, "posts_count"), false) + " posts";
        ui.text(16, y + 8, ui.ellipsize(top, Font::Body, Ui::width_dp() - 32), Font::Body, kGrey);
        ui.text(16, y + 28, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 32), Font::BodyLarge, kInk);
        ui.text(16, y + 50, count, Font::Body, kGrey);
        Node& n = ui.item("microblog.trend." + tid, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 76}, name, [name](Phone& p) {
          own_state(p, kApp)["query"] = name;
          own_state(p, kApp)["search_tab"] = "top";
          p.clear_focus();
          p.set_scroll(0);
        });
        n.desc = top + kMid + count;
        ui.advance(76);
      }
      ui.advance(16);
      ui.end_scroll();
      tab_bar(ui, "search");
      return;
    }
    // Results: Top, Latest, People.
    const std::string tab = st.value("search_tab", "top");
    static const std::vector<Ui::Tab> kTabs = {{"top", "Top", ""}, {"latest", "Latest", ""}, {"people", "People", ""}};
    const int sel = tab == "latest" ? 1 : tab == "people" ? 2 : 0;
    ui.tabs("microblog.search.tab.", {0, area.t + 56, Ui::width_dp(), area.t + 104}, kTabs, sel, [](Phone& p, int i) {
      static const char* const keys[] = {"top", "latest", "people"};
      own_state(p, kApp)["search_tab"] = keys[i];
      p.clear_focus();
      p.set_scroll(0);
    });
    divider(ui, area.t + 104);
    const Rect list{0, area.t + 105, Ui::width_dp(), bottom};
    if (tab == "people") {
      ui.begin_scroll("microblog.search.results", list, phone.page_pointer() + "/scroll");
      const Window win = scroll_window(phone, list.t, list.b);
      int n = 0;
      for (const std::string& aid : d.account_order) {
        const json& a = d.account(aid);
        if (!account_matches(a, q)) continue;
        ++n;
        person_row(ui, "microblog.people." + aid, a, true, [aid](Phone& p) { open_profile(p, aid); }, &win,
                   muted(a) ? "Muted" : "");
      }
      if (n == 0) empty_note(ui, "microblog.search.empty", ui.cursor_y() + 40, "No results for \"" + trim(query) + "\"",
                             "Try searching for something else.");
      ui.advance(24);
      ui.end_scroll();
    } else {
      std::vector<const json*> rows;
      for (auto it = d.posts.rbegin(); it != d.posts.rend(); ++it)
        if (shown(d, *it) && post_matches(d, *it, q)) rows.push_back(&*it);
      if (tab == "top")
        std::stable_sort(rows.begin(), rows.end(), [](const json* a, const json* b) {
          return int_of(*a, "likes") + 2 * int_of(*a, "reposts") > int_of(*b, "likes") + 2 * int_of(*b, "reposts");
        });
      if (rows.size() > 40) rows.resize(40);
      feed(ui, phone, d, "microblog.search.results", list, rows, "No results for \"" + trim(query) + "\"",
           "Try searching for something else.", true);
    }
    tab_bar(ui, "search");
  }

  // ---------------------------------------------------------------- notifications
  static void notifications(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    ui.headline("microblog.notifications.title", 16, area.t + 12, "Notifications");
    const std::string tab = S(phone).value("notif_tab", "all");
    static const std::vector<Ui::Tab> kTabs = {{"all", "All", ""}, {"mentions", "Mentions", ""}};
    ui.tabs("microblog.notifications.tab.", {0, area.t + 60, Ui::width_dp(), area.t + 108}, kTabs, tab == "mentions" ? 1 : 0,
            [](Phone& p, int i) {
              own_state(p, kApp)["notif_tab"] = i == 1 ? "mentions" : "all";
              p.set_scroll(0);
            });
    divider(ui, area.t + 108);
    const Rect list{0, area.t + 109, Ui::width_dp(), area.b - kNavDp};
    ui.begin_scroll("microblog.notifications.list", list, phone.page_pointer() + "/scroll");
    const Window win = scroll_window(phone, list.t, list.b);
    const json all = resolve_collection(World::instance(), S(phone), kApp, "notifications");
    int n = 0;
    for (auto it = all.rbegin(); it != all.rend(); ++it) {
      const json& nt = *it;
      const std::string kind = str_of(nt, "kind");
      const bool mention = kind == "mention" || kind == "reply";
      if (tab == "mentions" && !mention) continue;
      std::vector<std::string> actors;
      for (const json& x : nt.value("actors", json::array())) {
        if (!x.is_string()) continue;
        const json& xa = d.account(x.get<std::string>());
        if (!xa.empty() && !blocked(xa) && !muted(xa)) actors.push_back(x.get<std::string>());
      }
      if (actors.empty()) continue;
      const std::string pid = str_of(nt, "post");
      const json* post = d.post(pid);
      if (mention) {
        if (!post) continue;
        ++n;
        RowOpts o;
        o.reply_context = true;
        post_row(ui, phone, d, *post, o, &win);
        continue;
      }
      if (kind != "follow" && !post) continue;
      ++n;
      notification_row(ui, phone, d, nt, actors, post, &win);
    }
    if (n == 0) empty_note(ui, "microblog.notifications.empty", ui.cursor_y() + 48, "Nothing to see here yet", "");
    ui.advance(24);
    ui.end_scroll();
    tab_bar(ui, "notifications");
  }

  static void notification_row(Ui& ui, Phone& phone, const Data& d, const json& nt, const std::vector<std::string>& actors,
                               const json* post, const Window* win) {
    const std::string kind = str_of(nt, "kind");
    const std::string nid = str_of(nt, "id");
    const std::vector<std::string> snippet =
        post ? ui.wrap(str_of(*post, "text"), Font::Body, text_w(), 2) : std::vector<std::string>{};
    const float h = 8 + 32 + 8 + 20 + kLineH * static_cast<float>(snippet.size()) + 12;
    const float y = ui.cursor_y();
    if (win && !win->visible(y, y + h)) {
      ui.advance(h);
      return;
    }
    const json& first = d.account(actors[0]);
    std::string who = str_of(first, "name");
    if (actors.size() == 2) who += " and " + str_of(d.account(actors[1]), "name");
    if (actors.size() > 2) who += " and " + std::to_string(actors.size() - 1) + " others";
    const std::string what = kind == "like" ? " liked your post" : kind == "repost" ? " reposted your post" : " followed you";
    const std::string pid = post ? str_of(*post, "id") : "";
    const std::string actor = actors[0];
    Node& row = ui.item("microblog.notif." + nid, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h}, who + what,
                        [pid, actor](Phone& p) {
                          if (!pid.empty()) open_post(p, pid);
                          else open_profile(p, actor);
                        });
    row.desc = rel_time(phone, int_of(nt, "time_ms"));
    const char* icon = kind == "like" ? "favorite" : kind == "repost" ? "repeat" : "person";
    const std::uint32_t ink = kind == "like" ? kPink : kind == "repost" ? kGreen : kBlue;
    ui.icon(40, y + 24, icon, Font::Icon, ink);
    float ax = kTextX + 16;
    for (std::size_t i = 0; i < actors.size() && i < 6; ++i) {
      avatar(ui, ax, y + 24, 16, d.account(actors[i]));
      ax += 36;
    }
    const std::string line = who + what;
    ui.text(kTextX, y + 48, ui.ellipsize(line, Font::Body, text_w()), Font::Body, kInk);
    rich_text(ui, kTextX, y + 68, snippet, Font::Body, kLineH, kGrey);
    divider(ui, y + h - 1);
    ui.advance(h);
  }

  // ---------------------------------------------------------------- messages
  static void messages(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    ui.headline("microblog.messages.title", 16, area.t + 12, "Messages");
    divider(ui, area.t + 60);
    const Rect list{0, area.t + 61, Ui::width_dp(), area.b - kNavDp};
    ui.begin_scroll("microblog.messages.list", list, phone.page_pointer() + "/scroll");
    std::vector<json> convs;
    for (const json& c : conversations_view(phone)) convs.push_back(c);
    auto last_time = [](const json& c) {
      const json& m = c.value("messages", json::array());
      return m.empty() ? std::int64_t{0} : m.back().value("time_ms", std::int64_t{0});
    };
    std::stable_sort(convs.begin(), convs.end(), [&](const json& a, const json& b) { return last_time(a) > last_time(b); });
    if (convs.empty()) empty_note(ui, "microblog.messages.empty", ui.cursor_y() + 48, "Welcome to your inbox!", "");
    for (const json& c : convs) {
      const std::string cid = str_of(c, "id");
      const json& a = d.account(str_of(c, "with"));
      const json& msgs = c.value("messages", json::array());
      const json last = msgs.empty() ? json::object() : msgs.back();
      const bool unread = last_time(c) > int_of(c, "read_ms") && str_of(last, "from") == "them";
      const float y = ui.cursor_y();
      Node& row = ui.item("microblog.dm." + cid, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 76}, str_of(a, "name"),
                          [cid](Phone& p) { open_conversation(p, cid); });
      const std::string snippet = (str_of(last, "from") == "me" ? "You: " : "") + str_of(last, "text");
      row.desc = handle_of(a) + kMid + snippet + (unread ? std::string(kMid) + "Unread" : "");
      avatar(ui, 36, y + 38, 22, a);
      const std::string when = msgs.empty() ? "" : rel_time(phone, last_time(c));
      const float ww = ui.text_width(when, Font::Body);
      ui.text(Ui::width_dp() - 16 - ww, y + 16, when, Font::Body, kGrey);
      name_line(ui, 72, y + 14, Ui::width_dp() - 24 - ww, a, handle_of(a));
      ui.text(72, y + 40, ui.ellipsize(snippet, Font::Body, Ui::width_dp() - 72 - (unread ? 36 : 16)), Font::Body, unread ? kInk : kGrey);
      if (unread) ui.circle(Ui::width_dp() - 20, y + 50, 5, kBlue);
      ui.advance(76);
    }
    ui.advance(24);
    ui.end_scroll();
    // New message.
    const float cx = Ui::width_dp() - 44, cy = area.b - kNavDp - 44;
    ui.circle(cx + 1, cy + 2, 28, 0x000000, 0.12f);
    ui.circle(cx, cy, 28, kBlue);
    ui.icon(cx, cy, "mail_outline", Font::Icon, 0xFFFFFF);
    Node& fab = ui.item("microblog.messages.new", "android.widget.ImageButton", {cx - 28, cy - 28, cx + 28, cy + 28}, "", [](Phone& p) {
      own_state(p, kApp)["new_dm_query"] = "";
      p.go("new_dm");
      p.focus("microblog.new_dm.field", "/apps/microblog/new_dm_query");
    });
    fab.desc = "New message";
    tab_bar(ui, "messages");
  }

  static void new_dm(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    ui.top_bar("microblog.new_dm.title", "New message", true);
    const std::string query = S(phone).value("new_dm_query", "");
    search_field(ui, phone, "microblog.new_dm.field", {16, area.t + 64, Ui::width_dp() - 16, area.t + 104}, "/apps/microblog/new_dm_query",
                 query, "Search people", [](Phone& p) { p.focus("microblog.new_dm.field", "/apps/microblog/new_dm_query"); },
                 [](Phone& p) {
                   own_state(p, kApp)["new_dm_query"] = "";
                   p.focus("microblog.new_dm.field", "/apps/microblog/new_dm_query");
                 });
    std::string q = people::fold(trim(query));
    if (!q.empty() && q[0] == '@') q = q.substr(1);
    const Rect list{0, area.t + 116, Ui::width_dp(), area.b - keyboard_height_dp(phone)};
    ui.begin_scroll("microblog.new_dm.list", list, phone.page_pointer() + "/scroll");
    const Window win = scroll_window(phone, list.t, list.b);
    int n = 0;
    for (const std::string& aid : d.account_order) {
      const json& a = d.account(aid);
      if (aid == kOwner) continue;
      // Without a query: the people the owner follows; with one: everyone who matches.
      if (q.empty() ? !bool_of(a, "followed") : !(contains_folded(str_of(a, "name"), q) || contains_folded(aid, q))) continue;
      ++n;
      person_row(ui, "microblog.new_dm." + aid, a, false, [aid](Phone& p) {
        p.clear_focus();
        for (const json& c : conversations_view(p))
          if (str_of(c, "with") == aid) {
            own_state(p, kApp)["dm_draft"] = "";
            p.navigate("open_dm");
            p.page_state()["conv"] = str_of(c, "id");
            p.page_state()["with"] = aid;
            return;
          }
        own_state(p, kApp)["dm_draft"] = "";
        p.navigate("open_dm");
        p.page_state()["conv"] = "";
        p.page_state()["with"] = aid;
        p.focus("microblog.dm.field", "/apps/microblog/dm_draft");
      }, &win);
    }
    if (n == 0) empty_note(ui, "microblog.new_dm.empty", ui.cursor_y() + 40, "No people found", "");
    ui.advance(24);
    ui.end_scroll();
  }

  static void dm(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string conv = phone.page_string("conv"), with = phone.page_string("with");
    const json a = account_of(phone, with);
    const json c = conv.empty() ? json() : conversation_of(phone, conv);
    const std::string title = a.is_null() ? "Message" : str_of(a, "name");
    ui.top_bar("microblog.dm.title", ui.ellipsize(title, Font::Title, Ui::width_dp() - 136), true);
    if (!a.is_null()) {
      avatar(ui, Ui::width_dp() - 36, area.t + 32, 16, a);
      Node& h = ui.item("microblog.dm.header", "android.widget.ImageButton", {Ui::width_dp() - 60, area.t + 8, Ui::width_dp() - 12, area.t + 56},
                        "", [with](Phone& p) { open_profile(p, with); });
      h.desc = handle_of(a) + " profile";
    }
    const float kb = keyboard_height_dp(phone);
    const bool blk = !a.is_null() && blocked(a);
    const float compose_top = area.b - kb - (blk ? 64 : 64);
    const json msgs = c.is_null() ? json::array() : c.value("messages", json::array());
    // Bubbles: measured, bottom-aligned when they fit.
    struct Item {
      std::vector<std::string> lines;
      bool me, day;
      float h;
    };
    std::vector<Item> items;
    float total = 8;
    int prev_day = -1;
    const float max_w = 250;
    for (const json& m : msgs) {
      Item it;
      it.me = str_of(m, "from") == "me";
      it.lines = ui.wrap(str_of(m, "text"), Font::BodyLarge, max_w - 28);
      const CivilTime ct = civil_from_ms(int_of(m, "time_ms") + shift(phone));
      const int day = ct.year * 400 + ct.month * 32 + ct.day;
      it.day = day != prev_day;
      prev_day = day;
      it.h = (it.day ? 32.f : 0.f) + 16 + 22 * static_cast<float>(it.lines.size()) + 18 + 8;
      total += it.h;
      items.push_back(it);
    }
    const Rect list{0, area.t + 64, Ui::width_dp(), compose_top};
    ui.begin_scroll("microblog.dm.list", list, phone.page_pointer() + "/scroll");
    if (total < list.h()) ui.advance(list.h() - total);
    if (msgs.empty() && !a.is_null()) {
      const float y = std::max(ui.cursor_y() - 200, list.t + 24);
      avatar(ui, Ui::width_dp() / 2, y + 36, 32, a);
      ui.text_centered(0, Ui::width_dp(), y + 80, ui.ellipsize(str_of(a, "name"), Font::Title, Ui::width_dp() - 32), Font::Title, kInk);
      ui.text_centered(0, Ui::width_dp(), y + 112, handle_of(a), Font::Body, kGrey);
    }
    ui.advance(8);
    for (std::size_t i = 0; i < items.size(); ++i) {
      const Item& it = items[i];
      const json& m = msgs[i];
      float y = ui.cursor_y();
      const std::int64_t t = int_of(m, "time_ms");
      if (it.day) {
        ui.text_centered(0, Ui::width_dp(), y + 8, format_date_long(t + shift(phone)), Font::Label, kGrey);
        y += 32;
      }
      float w = 0;
      for (const std::string& l : it.lines) w = std::max(w, ui.text_width(l, Font::BodyLarge));
      w += 28;
      const float bh = 16 + 22 * static_cast<float>(it.lines.size());
      const float x = it.me ? Ui::width_dp() - 16 - w : 16;
      ui.fill({x, y, x + w, y + bh}, it.me ? kBlue : kLine, 18);
      for (std::size_t k = 0; k < it.lines.size(); ++k)
        ui.text(x + 14, y + 8 + 22 * static_cast<float>(k), it.lines[k], Font::BodyLarge, it.me ? 0xFFFFFF : kInk);
      Node& n = ui.label("microblog.dm.msg." + std::to_string(int_of(m, "id")), {x, y, x + w, y + bh}, str_of(m, "text"));
      n.desc = (it.me ? "You, " : str_of(a, "name") + ", ") + phone.format_time(t + shift(phone));
      const std::string tm = phone.format_time(t + shift(phone));
      const float tw = ui.text_width(tm, Font::Label);
      ui.text(it.me ? Ui::width_dp() - 16 - tw : 16, y + bh + 2, tm, Font::Label, kGrey);
      ui.set_cursor(y + bh + 26);
    }
    ui.end_scroll();
    // The composer (or why there is none).
    ui.fill({0, compose_top, Ui::width_dp(), compose_top + 64}, 0xFFFFFF);
    divider(ui, compose_top);
    if (blk) {
      ui.label_at("microblog.dm.blocked", 16, compose_top + 20, "You blocked " + handle_of(a) + ". Unblock to message.", Font::Body, kGrey,
                  Ui::width_dp() - 32);
      return;
    }
    const std::string draft = S(phone).value("dm_draft", "");
    search_field(ui, phone, "microblog.dm.field", {16, compose_top + 12, Ui::width_dp() - 72, compose_top + 52}, "/apps/microblog/dm_draft",
                 draft, "Start a message", [](Phone& p) { p.focus("microblog.dm.field", "/apps/microblog/dm_draft"); },
                 [](Phone& p) { own_state(p, kApp)["dm_draft"] = ""; }, false);
    const bool can = !trim(draft).empty() && !a.is_null();
    ui.icon(Ui::width_dp() - 40, compose_top + 32, "send", Font::Icon, can ? kBlue : kBlueOff);
    Node& s = ui.item("microblog.dm.send", "android.widget.ImageButton", {Ui::width_dp() - 64, compose_top + 8, Ui::width_dp() - 16, compose_top + 56},
                      "", can ? Handler([](Phone& p) { send_dm(p); }) : Handler([](Phone&) {}));
    s.desc = "Send";
    s.enabled = can;
  }

  /// Sends the draft: appended to the conversation (c<next_conv> stored whole when new).
  static void send_dm(Phone& p) {
    json& st = own_state(p, kApp);
    const std::string text = trim(st.value("dm_draft", ""));
    const std::string with = p.page_string("with");
    std::string conv = p.page_string("conv");
    if (text.empty() || account_of(p, with).is_null()) return;
    json c = conv.empty() ? json() : conversation_of(p, conv);
    if (c.is_null()) {
      const int n = st.value("next_conv", 7);
      st["next_conv"] = n + 1;
      conv = "c" + std::to_string(n);
      ensure_object(st["conversations"])[conv] = {{"with", with}, {"read_ms", p.now_ms()}, {"messages", json::array()}};
      p.page_state()["conv"] = conv;
      c = conversation_of(p, conv);
    }
    json msgs = c.value("messages", json::array());
    const long long next = msgs.empty() ? 1 : int_of(msgs.back(), "id") + 1;
    msgs.push_back({{"id", next}, {"from", "me"}, {"text", text}, {"time_ms", p.now_ms()}});
    write_entity(p, "conversations", conv, {{"messages", msgs}});
    st["dm_draft"] = "";
  }

  // ---------------------------------------------------------------- lists
  static void lists(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    ui.top_bar("microblog.lists.title", "Lists", true);
    icon_tap(ui, "microblog.lists.new", Ui::width_dp() - 32, area.t + 32, "post_add", "Create a List", kInk, [](Phone& p) {
      own_state(p, kApp)["new_list"] = {{"name", ""}, {"description", ""}};
      p.go("new_list");
      p.focus("microblog.new_list.name", "/apps/microblog/new_list/name");
    });
    ui.text(16, ui.cursor_y() + 4, "Your Lists", Font::Title, kInk);
    ui.advance(44);
    const json ls = lists_view(phone);
    ui.begin_scroll("microblog.lists.list", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (ls.empty()) empty_note(ui, "microblog.lists.empty", ui.cursor_y() + 32, "You haven't created any Lists yet",
                               "Lists are timelines of the accounts you pick.");
    for (const json& l : ls) {
      const std::string lid = str_of(l, "id");
      const long long n = static_cast<long long>(l.value("members", json::array()).size());
      const float y = ui.cursor_y();
      ui.fill({16, y + 10, 64, y + 58}, hex_color("#1D9BF0"), 10);
      ui.icon(40, y + 34, "list_alt", Font::Icon, 0xFFFFFF);
      ui.text(80, y + 12, ui.ellipsize(str_of(l, "name"), Font::BodyLarge, Ui::width_dp() - 96), Font::BodyLarge, kInk);
      const std::string sub = std::to_string(n) + (n == 1 ? " member" : " members") + kMid + "Alex Rivera";
      ui.text(80, y + 38, ui.ellipsize(sub, Font::Body, Ui::width_dp() - 96), Font::Body, kGrey);
      Node& row = ui.item("microblog.list." + lid, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 68}, str_of(l, "name"),
                          [lid](Phone& p) { p.go("open_list", {{"list", lid}}); });
      row.desc = sub;
      ui.advance(68);
    }
    ui.advance(24);
    ui.end_scroll();
    (void)d;
  }

  static void list_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    const std::string lid = phone.page_string("list");
    const json l = list_of(phone, lid);
    ui.top_bar("microblog.list.title", l.is_null() ? "List" : ui.ellipsize(str_of(l, "name"), Font::Title, Ui::width_dp() - 80), true);
    if (l.is_null()) {
      empty_note(ui, "microblog.list.missing", area.t + 160, "This List doesn't exist");
      return;
    }
    const json members = l.value("members", json::array());
    const Rect list{0, ui.cursor_y(), Ui::width_dp(), area.b};
    ui.begin_scroll("microblog.list.timeline", list, phone.page_pointer() + "/scroll");
    const Window win = scroll_window(phone, list.t, list.b);
    float y = ui.cursor_y() + 8;
    ui.label_at("microblog.list.name", 16, y, str_of(l, "name"), Font::Title, kInk, Ui::width_dp() - 32);
    y += 32;
    if (!str_of(l, "description").empty()) {
      ui.label_at("microblog.list.description", 16, y, str_of(l, "description"), Font::Body, kGrey, Ui::width_dp() - 32);
      y += 24;
    }
    const std::string mc = std::to_string(members.size()) + (members.size() == 1 ? " Member" : " Members");
    pill(ui, "microblog.list.members", {16, y, 176, y + 48}, {16, y + 6, 156, y + 42}, mc, false,
         [lid](Phone& p) {
           own_state(p, kApp)["member_query"] = "";
           p.go("members", {{"list", lid}});
         });
    y += 56;
    divider(ui, y);
    ui.set_cursor(y + 1);
    std::vector<const json*> rows;
    for (auto it = d.posts.rbegin(); it != d.posts.rend() && rows.size() < kFeedMax; ++it) {
      if (is_reply(*it) || !shown(d, *it)) continue;
      if (std::find(members.begin(), members.end(), json(str_of(*it, "author"))) != members.end()) rows.push_back(&*it);
    }
    if (rows.empty()) empty_note(ui, "microblog.list.empty", ui.cursor_y() + 32, "Waiting for posts",
                                 "Posts from the List's members will show up here.");
    for (const json* p : rows) post_row(ui, phone, d, *p, RowOpts{}, &win);
    ui.advance(24);
    ui.end_scroll();
  }

  static void new_list(Ui& ui, Phone& phone) {
    const json nl = S(phone).value("new_list", json::object());
    const std::string name = trim(str_of(nl, "name"));
    ui.top_bar("microblog.new_list.title", "Create a new List", true);
    float y = ui.cursor_y() + 8;
    ui.text_field("microblog.new_list.name", {16, y, Ui::width_dp() - 16, y + 56}, "Name", "/apps/microblog/new_list/name", "");
    const std::string nm = str_of(nl, "name");
    const std::string cnt = std::to_string(char_count(nm)) + " / 25";
    ui.text(Ui::width_dp() - 16 - ui.text_width(cnt, Font::Label), y + 60, cnt, Font::Label, char_count(nm) > 25 ? kRed : kGrey);
    y += 80;
    ui.text_field("microblog.new_list.description", {16, y, Ui::width_dp() - 16, y + 56}, "Description", "/apps/microblog/new_list/description",
                  "");
    y += 76;
    const bool ok = !name.empty() && char_count(name) <= 25;
    pill(ui, "microblog.new_list.create", {16, y, Ui::width_dp() - 16, y + 48}, {16, y + 4, Ui::width_dp() - 16, y + 44}, "Create", true,
         [](Phone& p) { create_list(p); }, kInk, ok);
  }

  /// Creates l<next_list> from the form and opens its members page (replacing the form).
  static void create_list(Phone& p) {
    json& st = own_state(p, kApp);
    const json nl = st.value("new_list", json::object());
    const std::string name = trim(str_of(nl, "name"));
    if (name.empty() || char_count(name) > 25) return;
    const int n = st.value("next_list", 3);
    st["next_list"] = n + 1;
    const std::string id = "l" + std::to_string(n);
    ensure_object(st["lists"])[id] = {{"name", name}, {"description", trim(str_of(nl, "description"))}, {"members", json::array()},
                                      {"private", false}, {"created_ms", p.now_ms()}};
    st["new_list"] = {{"name", ""}, {"description", ""}};
    st["member_query"] = "";
    p.go("members", {{"list", id}});
    p.focus("microblog.members.field", "/apps/microblog/member_query");
    p.toast("List created");
  }

  static void list_members(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    const std::string lid = phone.page_string("list");
    const json l = list_of(phone, lid);
    ui.top_bar("microblog.members.title", "Members", true);
    pill(ui, "microblog.members.done", {Ui::width_dp() - 96, area.t + 8, Ui::width_dp() - 8, area.t + 56},
         {Ui::width_dp() - 88, area.t + 14, Ui::width_dp() - 16, area.t + 50}, "Done", true, [](Phone& p) {
           p.clear_focus();
           p.back();
         });
    if (l.is_null()) return;
    const json members = l.value("members", json::array());
    const std::string query = S(phone).value("member_query", "");
    search_field(ui, phone, "microblog.members.field", {16, area.t + 64, Ui::width_dp() - 16, area.t + 104}, "/apps/microblog/member_query",
                 query, "Search people to add", [](Phone& p) { p.focus("microblog.members.field", "/apps/microblog/member_query"); },
                 [](Phone& p) {
                   own_state(p, kApp)["member_query"] = "";
                   p.focus("microblog.members.field", "/apps/microblog/member_query");
                 });
    std::string q = people::fold(trim(query));
    if (!q.empty() && q[0] == '@') q = q.substr(1);
    const std::string head = q.empty() ? std::to_string(members.size()) + (members.size() == 1 ? " member" : " members") : "Suggested";
    ui.label_at("microblog.members.count", 16, area.t + 116, head, Font::Label, kGrey);
    const Rect list{0, area.t + 140, Ui::width_dp(), area.b - keyboard_height_dp(phone)};
    ui.begin_scroll("microblog.members.list", list, phone.page_pointer() + "/scroll");
    const Window win = scroll_window(phone, list.t, list.b);
    int n = 0;
    for (const std::string& aid : d.account_order) {
      if (aid == kOwner) continue;
      const json& a = d.account(aid);
      const bool in = std::find(members.begin(), members.end(), json(aid)) != members.end();
      if (q.empty() ? !in : !(contains_folded(str_of(a, "name"), q) || contains_folded(aid, q))) continue;
      ++n;
      const float y = ui.cursor_y();
      if (!win.visible(y, y + 76)) {
        ui.advance(76);
        continue;
      }
      Node& row = ui.item("microblog.members." + aid, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 76}, str_of(a, "name"), {});
      row.desc = handle_of(a) + (in ? std::string(kMid) + "Member" : "");
      avatar(ui, 36, y + 28, 20, a);
      name_line(ui, kTextX, y + 8, 240, a, "");
      ui.text(kTextX, y + 30, ui.ellipsize(handle_of(a), Font::Body, 240 - kTextX), Font::Body, kGrey);
      ui.text(kTextX, y + 50, ui.ellipsize(str_of(a, "bio"), Font::Body, Ui::width_dp() - 16 - kTextX), Font::Body, kInk);
      pill(ui, "microblog.members." + aid + ".toggle", {248, y + 2, Ui::width_dp() - 8, y + 50}, {252, y + 10, Ui::width_dp() - 12, y + 42},
           in ? "Remove" : "Add", !in, [lid, aid](Phone& p) { toggle_member(p, lid, aid); });
      divider(ui, y + 75);
      ui.advance(76);
    }
    if (n == 0) empty_note(ui, "microblog.members.empty", ui.cursor_y() + 32, q.empty() ? "No members yet" : "No people found",
                           q.empty() ? "Search for people to add them." : "");
    ui.advance(24);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- bookmarks, settings
  static void bookmarks(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    ui.top_bar("microblog.bookmarks.title", "Bookmarks", true);
    std::vector<const json*> rows;
    for (auto it = d.posts.rbegin(); it != d.posts.rend(); ++it)
      if (bool_of(*it, "bookmarked") && !blocked(d.account(str_of(*it, "author")))) rows.push_back(&*it);
    feed(ui, phone, d, "microblog.bookmarks.list", {0, ui.cursor_y(), Ui::width_dp(), area.b}, rows, "Save posts for later",
         "Bookmark posts to easily find them again.", true);
  }

  static void settings(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const Data d = load_data(phone);
    ui.top_bar("microblog.settings.title", "Muted and blocked", true);
    ui.begin_scroll("microblog.settings.list", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    for (const char* what : {"muted", "blocked"}) {
      const std::string w = what;
      ui.section_header(w == "muted" ? "Muted accounts" : "Blocked accounts");
      int n = 0;
      for (const std::string& aid : d.account_order) {
        const json& a = d.account(aid);
        if (!bool_of(a, what)) continue;
        ++n;
        const float y = ui.cursor_y();
        Node& row = ui.item("microblog.settings." + w + "." + aid, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 64},
                            str_of(a, "name"), [aid](Phone& p) { open_profile(p, aid); });
        row.desc = handle_of(a);
        avatar(ui, 36, y + 32, 20, a);
        name_line(ui, kTextX, y + 10, 236, a, "");
        ui.text(kTextX, y + 34, ui.ellipsize(handle_of(a), Font::Body, 236 - kTextX), Font::Body, kGrey);
        const std::string label = w == "muted" ? "Unmute" : "Unblock";
        pill(ui, "microblog.settings." + (w == "muted" ? std::string("unmute.") : std::string("unblock.")) + aid,
             {244, y + 8, Ui::width_dp() - 8, y + 56}, {248, y + 16, Ui::width_dp() - 12, y + 48}, label, false,
             w == "muted" ? Handler([aid](Phone& p) { set_mute(p, aid, false); }) : Handler([aid](Phone& p) { ask_unblock(p, aid); }),
             kInk);
        ui.advance(64);
      }
      if (n == 0) {
        const std::string none = w == "muted" ? "You haven't muted anyone" : "You haven't blocked anyone";
        ui.label_at("microblog.settings." + w + ".none", 16, ui.cursor_y() + 8, none, Font::Body, kGrey, Ui::width_dp() - 32);
        ui.advance(40);
      }
    }
    ui.advance(24);
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("microblog", MicroblogApp);
}  // namespace pg
