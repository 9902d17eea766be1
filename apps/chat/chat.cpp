// Chat (a messenger like WeChat / WhatsApp): the chat list (pinned first, muted with an icon,
// unread badges, long-press menu), search, 1:1 and group threads (text, Gallery photos, locations,
// contact cards from Contacts, money transfers paid through Wallet's PAY intent, quote-reply,
// forward, recall within 2 minutes, delete), groups (create, rename, notice, add and remove
// members), the contacts tab (friend requests, tags, friend profiles), Moments (posts with
// generated photos, likes, comments) and the Me tab. Friends, chats, messages, moments, requests
// and places are world data (apps/chat/world/*.json) seen through the overlay apps.chat.<name>.
#include "apps/contacts/people.hpp"
#include "apps/gallery/photos.hpp"
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "apps/wallet/pay.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/hash.hpp"
#include "sim/util/text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "chat";
constexpr const char* kSend = "android.intent.action.SEND";
constexpr std::int64_t kRecallMs = 2 * 60 * 1000;  // own messages can be recalled for 2 minutes

// The brand palette (WeChat-like green on Material 3 light surfaces).
constexpr std::uint32_t kBrand = 0x07C160, kBubbleOut = 0x95EC69, kBubbleIn = 0xFFFFFF, kChatBg = 0xEDEDED;
constexpr std::uint32_t kUrl = 0x1A73E8;  // links in message text

/// The first http(s) URL in `text` (up to the next white space), or "".
std::string first_url(const std::string& text) {
  std::size_t a = text.find("https://");
  const std::size_t b = text.find("http://");
  if (b < a) a = b;
  if (a == std::string::npos) return "";
  std::size_t e = a;
  while (e < text.size() && !std::isspace(static_cast<unsigned char>(text[e]))) ++e;
  return text.substr(a, e - a);
}

constexpr std::uint32_t kPinned = 0xF2F2F2, kTransfer = 0xFA9D3B, kBadge = 0xFA5151, kLink = 0x576B95;
constexpr std::uint32_t kQuoteBg = 0xE0E0E0, kDivider = 0xE5E5E5;

/// The tags a friend can carry (the profile's chips, the Contacts tab's tag list), in order.
const std::vector<std::string>& tag_names() {
  static const std::vector<std::string> kTags = {"Family", "Friends", "Work", "Climbing", "Book club", "Neighbors",
                                                 "Close friends"};
  return kTags;
}

/// The phone owner.
constexpr const char* kMeName = "Alex Rivera";
constexpr const char* kMeHandle = "alex_rivera";
constexpr const char* kMePhone = "+1 555 0100";
constexpr const char* kMeEmail = "alex.rivera@example.com";

// ---------------------------------------------------------------- small helpers

/// "book_club" for "Book club": a tag's widget-id part.
std::string slug(const std::string& s) {
  std::string out;
  for (char c : lower(s)) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}
/// Case- and accent-insensitive containment (people::fold).
bool matches(const std::string& text, const std::string& query) {
  const std::string q = people::fold(trim(query));
  return !q.empty() && people::fold(text).find(q) != std::string::npos;
}

/// "$1,234.50".
std::string money(std::int64_t cents) {
  const bool neg = cents < 0;
  if (neg) cents = -cents;
  std::string whole = std::to_string(cents / 100);
  for (int i = static_cast<int>(whole.size()) - 3; i > 0; i -= 3) whole.insert(static_cast<std::size_t>(i), ",");
  const int c = static_cast<int>(cents % 100);
  return std::string(neg ? "-" : "") + "$" + whole + "." + (c < 10 ? "0" : "") + std::to_string(c);
}

/// Cents from what the user typed ("25", "25.5", "$1,025.50"); -1 if it is not an amount.
std::int64_t parse_amount(const std::string& typed) {
  std::string s;
  for (char c : trim(typed))
    if (c != ',' && c != '$' && c != ' ') s += c;
  if (s.empty()) return -1;
  const auto dot = s.find('.');
  const std::string whole = s.substr(0, dot), frac = dot == std::string::npos ? "" : s.substr(dot + 1);
  if ((whole.empty() && frac.empty()) || whole.size() > 7 || frac.size() > 2) return -1;
  for (char c : whole + frac)
    if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
  std::int64_t cents = whole.empty() ? 0 : std::stoll(whole) * 100;
  if (!frac.empty()) cents += std::stoll(frac) * (frac.size() == 1 ? 10 : 1);
  return cents;
}

std::int64_t local(const Phone& p, std::int64_t ms) { return ms + p.local_time_ms() - p.now_ms(); }
std::int64_t day_of(const Phone& p, std::int64_t ms) {
  const CivilTime c = civil_from_ms(local(p, ms));
  return days_from_civil(c.year, c.month, c.day);
}

/// A list time: "07:40" today, "Yesterday", a weekday within the week, else "Dec 24".
std::string when(const Phone& p, std::int64_t ms) {
  const std::int64_t d = day_of(p, ms), today = day_of(p, p.now_ms());
  const CivilTime c = civil_from_ms(local(p, ms));
  if (d == today) return p.format_time(local(p, ms));
  if (d == today - 1) return "Yesterday";
  if (d < today && today - d < 7) return weekday_name(c.weekday);
  return format_date(c.year, c.month, c.day, DateStyle::MonthDay);
}

// ---------------------------------------------------------------- the data (world + overlay)

json view(const Phone& p, const char* coll) { return resolve_collection(World::instance(), own_state(p, kApp), kApp, coll); }
json find(const Phone& p, const char* coll, const std::string& id) {
  return resolve_entity(World::instance(), own_state(p, kApp), kApp, coll, id);
}

/// Writes `changes` over entity `id` of collection `coll`, keeping the overlay minimal (fields equal
/// to the world entity's are dropped). A deleted world entity (null) is brought back first.
void update(Phone& p, const char* coll, const std::string& id, const json& changes) {
  json& s = own_state(p, kApp);
  if (!s[coll].is_object()) s[coll] = json::object();
  json& o = s[coll];
  if (o.contains(id) && o[id].is_null()) o.erase(id);
  write_overlay_entity(o, id, World::instance().entity(kApp, coll, id), changes);
}

/// Removes entity `id`: null over a world entity, the overlay entry for one the overlay added.
void remove_entity(Phone& p, const char* coll, const std::string& id) {
  json& s = own_state(p, kApp);
  if (!s[coll].is_object()) s[coll] = json::object();
  if (World::instance().entity(kApp, coll, id)) s[coll][id] = nullptr;
  else s[coll].erase(id);
}

int id_of(const json& e) {
  const json& id = e["id"];
  return id.is_number_integer() ? id.get<int>() : std::atoi(id.get<std::string>().c_str());
}
std::int64_t time_of(const json& m) { return m.value("time_ms", std::int64_t{0}); }

/// Friend id -> display name (every friend, accepted requests included).
std::map<std::string, std::string> friend_names(const Phone& p) {
  std::map<std::string, std::string> out;
  for (const json& f : view(p, "friends")) out[f.value("id", "")] = f.value("name", "");
  return out;
}

std::string sender_name(const std::map<std::string, std::string>& names, const std::string& from) {
  if (from == "me") return kMeName;
  auto it = names.find(from);
  return it == names.end() ? from : it->second;
}

/// Messages grouped by chat id, each list in time order (then id), arrived by now.
std::map<std::string, std::vector<json>> messages_by_chat(const Phone& p) {
  std::map<std::string, std::vector<json>> out;
  for (json& m : view(p, "messages"))
    if (time_of(m) <= p.now_ms()) out[m.value("chat", "")].push_back(std::move(m));
  for (auto& [_, v] : out)
    std::stable_sort(v.begin(), v.end(), [](const json& a, const json& b) {
      return time_of(a) != time_of(b) ? time_of(a) < time_of(b) : id_of(a) < id_of(b);
    });
  return out;
}

/// The messages a chat shows: its own, after its history was last cleared.
std::vector<json> shown_messages(const json& chat, const std::vector<json>& all) {
  std::vector<json> out;
  const std::int64_t cleared = chat.value("cleared_ms", std::int64_t{0});
  for (const json& m : all)
    if (time_of(m) >= cleared) out.push_back(m);
  return out;
}

int unread_count(const json& chat, const std::vector<json>& shown) {
  const std::int64_t read = chat.value("read_ms", std::int64_t{0});
  int n = 0;
  for (const json& m : shown)
    if (m.value("from", "") != "me" && time_of(m) > read && !m.value("recalled", false)) ++n;
  return n;
}

/// One row of the chat list.
struct ChatRow {
  json chat;
  std::vector<json> msgs;
  int unread = 0;
  std::int64_t last_ms = 0;
};

/// Every chat, pinned first, then by latest activity (a chat without messages: when it was read).
std::vector<ChatRow> chat_rows(const Phone& p) {
  const auto by_chat = messages_by_chat(p);
  std::vector<ChatRow> rows;
  for (json& c : view(p, "chats")) {
    ChatRow r;
    auto it = by_chat.find(c.value("id", ""));
    r.msgs = it == by_chat.end() ? std::vector<json>() : shown_messages(c, it->second);
    r.unread = unread_count(c, r.msgs);
    r.last_ms = r.msgs.empty() ? c.value("read_ms", std::int64_t{0}) : time_of(r.msgs.back());
    r.chat = std::move(c);
    rows.push_back(std::move(r));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const ChatRow& a, const ChatRow& b) {
    const bool pa = a.chat.value("pinned", false), pb = b.chat.value("pinned", false);
    if (pa != pb) return pa;
    return a.last_ms > b.last_ms;
  });
  return rows;
}

bool is_group(const json& chat) { return chat.is_object() && chat.value("kind", "") == "group"; }

/// What a message says in one line: its text, or "[Photo]", "[Location] Tartine Bakery"...
std::string summary(const json& m, const std::map<std::string, std::string>& names) {
  if (m.value("recalled", false))
    return (m.value("from", "") == "me" ? std::string("You") : sender_name(names, m.value("from", ""))) + " recalled a message";
  const std::string kind = m.value("kind", "text"), text = m.value("text", "");
  if (kind == "photo") return text.empty() ? "[Photo]" : "[Photo] " + text;
  if (kind == "location") return "[Location] " + m.value("place", "");
  if (kind == "card") return "[Contact card] " + m.value("card_name", "");
  if (kind == "transfer") {
    const std::string note = m.value("note", "");
    return "[Transfer] " + money(m.value("amount_cents", std::int64_t{0})) + (note.empty() ? "" : " " + note);
  }
  return text;
}

/// The chat list's snippet: "You: ...", a group's "Ben Carter: ...".
std::string snippet(const json& chat, const json& m, const std::map<std::string, std::string>& names) {
  if (m.value("recalled", false)) return summary(m, names);
  const std::string from = m.value("from", "");
  if (from == "me") return "You: " + summary(m, names);
  if (is_group(chat)) return sender_name(names, from) + ": " + summary(m, names);
  return summary(m, names);
}

/// The chat's title: the friend's name or the group's name.
std::string chat_title(const json& chat, const std::map<std::string, std::string>& names, const std::string& id) {
  if (chat.is_object() && !chat.value("name", "").empty()) return chat.value("name", "");
  auto it = names.find(id);
  return it == names.end() ? id : it->second;
}

// ---------------------------------------------------------------- avatars (drawn; no nodes)

void friend_avatar(Ui& ui, float cx, float cy, float r, const std::string& id, const std::string& name) {
  static const std::uint32_t kBg[] = {0xC2E7FF, 0xC4EED0, 0xFFDF99, 0xF9DEDC, 0xE8DEF8, 0xFFD8E4, 0xD3E3FD};
  static const std::uint32_t kInk[] = {0x004A77, 0x0F5223, 0x5C3F00, 0x8C1D18, 0x4A4458, 0x7D2950, 0x041E49};
  const std::size_t k = fnv1a32(id) % 7;
  const std::string f = people::fold(name);
  const std::string letter =
      !f.empty() && std::isalpha(static_cast<unsigned char>(f[0])) ? std::string(1, static_cast<char>(std::toupper(f[0]))) : "";
  ui.avatar(cx, cy, r, letter, kBg[k], kInk[k], r >= 24 ? Font::Title : Font::BodyLarge);
}

void me_avatar(Ui& ui, float cx, float cy, float r) {
  ui.avatar(cx, cy, r, "A", kBrand, 0xFFFFFF, r >= 24 ? Font::Title : Font::BodyLarge);
}

void group_avatar(Ui& ui, float cx, float cy, float r, const std::string& id) {
  static const std::uint32_t kBg[] = {0x5B8DEF, 0x07C160, 0xFA9D3B, 0x9C6ADE, 0x00A3A3, 0xE8684A};
  ui.fill({cx - r, cy - r, cx + r, cy + r}, kBg[fnv1a32(id) % 6], r * 0.3f);
  ui.icon(cx, cy, "group", r >= 24 ? Font::Icon : Font::IconSmall, 0xFFFFFF);
}

void chat_avatar(Ui& ui, float cx, float cy, float r, const json& chat, const std::string& title) {
  const std::string id = chat.value("id", "");
  if (is_group(chat)) group_avatar(ui, cx, cy, r, id);
  else friend_avatar(ui, cx, cy, r, id, title);
}

/// A pill with a count (unread badges); `right` is its right edge, `cy` its centre.
float badge(Ui& ui, float right, float cy, int n, std::uint32_t bg) {
  const std::string t = n > 99 ? "99+" : std::to_string(n);
  const float w = std::max(20.f, ui.text_width(t, Font::Label) + 12);
  ui.fill({right - w, cy - 10, right, cy + 10}, bg, 10);
  ui.text_centered(right - w, right, cy - ui.line_height(Font::Label) / 2 - 1, t, Font::Label, 0xFFFFFF);
  return w;
}

// ---------------------------------------------------------------- thread layout

/// One message of the open thread, measured.
struct Item {
  json m;
  int id = 0;
  std::string kind;
  bool me = false, day = false, name = false, fwd = false, recalled = false;
  std::vector<std::string> lines;
  float bw = 0, bh = 0, h = 0;
  std::string quote;
};

/// The thread page's geometry: the compose area (bar, attach panel, photo and quote previews)
/// rides on the keyboard; the list fills the rest.
struct ThreadLayout {
  std::string id;
  json chat;  // null: a chat with a friend that does not exist yet
  bool group = false;
  float notice_h = 0, bottom = 0, bar_top = 0, panel_h = 0, photo_top = 0, quote_top = 0, compose_top = 0;
  Rect list;
  std::vector<Item> items;
  float content_h = 0;
  int max_scroll_px() const { return static_cast<int>(Ui::to_px(std::max(0.f, content_h - list.h()))); }
};

constexpr float kBubbleMax = 236, kDayH = 36, kNameH = 18, kQuoteH = 34, kTimeH = 18, kGap = 8;

ThreadLayout layout_thread(const Ui& ui, const Phone& p) {
  ThreadLayout L;
  const json& s = own_state(p, kApp);
  L.id = s.value("open_chat", "");
  const Rect area = Ui::content_area();
  const float kb = keyboard_height_dp(p);
  L.chat = L.id.empty() ? json() : find(p, "chats", L.id);
  L.group = is_group(L.chat);
  L.notice_h = L.group && !L.chat.value("notice", "").empty() ? 40 : 0;
  L.bottom = area.b - kb;
  L.panel_h = s.value("panel", false) && kb == 0 ? 112 : 0;
  L.bar_top = L.bottom - L.panel_h - 64;
  float top = L.bar_top;
  if (!s.value("draft_photo", "").empty()) top = L.photo_top = top - 84;
  if (s.value("quote", 0) != 0) top = L.quote_top = top - 44;
  L.compose_top = top;
  L.list = {0, area.t + 64 + L.notice_h, Ui::width_dp(), L.compose_top};
  float total = 2 * kGap;
  if (L.chat.is_null()) {
    L.content_h = total;
    return L;
  }
  const auto by_chat = messages_by_chat(p);
  auto found = by_chat.find(L.id);
  const std::vector<json> msgs = found == by_chat.end() ? std::vector<json>() : shown_messages(L.chat, found->second);
  std::int64_t prev_day = -1;
  for (const json& m : msgs) {
    Item it;
    it.m = m;
    it.id = id_of(m);
    it.kind = m.value("kind", "text");
    it.me = m.value("from", "") == "me";
    it.recalled = m.value("recalled", false);
    const std::int64_t d = day_of(p, time_of(m));
    it.day = d != prev_day;
    prev_day = d;
    if (it.recalled) {
      it.h = (it.day ? kDayH : 0) + 30;
      total += it.h;
      L.items.push_back(std::move(it));
      continue;
    }
    it.name = L.group && !it.me;
    it.fwd = m.value("forwarded", false);
    const std::string text = m.value("text", "");
    if (it.kind == "photo") {
      it.bw = 200;
      if (!text.empty()) it.lines = ui.wrap(text, Font::Body, it.bw - 24, 3);
      it.bh = 150 + (it.lines.empty() ? 0 : 8 + 20 * static_cast<float>(it.lines.size()) + 6);
    } else if (it.kind == "location") {
      it.bw = 220, it.bh = 104;
    } else if (it.kind == "card" || it.kind == "transfer") {
      it.bw = 220, it.bh = 84;
    } else {
      it.kind = "text";
      it.lines = ui.wrap(text.empty() ? " " : text, Font::BodyLarge, kBubbleMax - 24);
      float w = 0;
      for (const std::string& l : it.lines) w = std::max(w, ui.text_width(l, Font::BodyLarge));
      it.bw = std::max(44.f, w + 24);
      it.bh = 20 + 22 * static_cast<float>(it.lines.size());
    }
    it.quote = m.value("quote_text", "");
    it.h = (it.day ? kDayH : 0) + (it.name ? kNameH : 0) + (it.fwd ? kNameH : 0) + it.bh + (it.quote.empty() ? 0 : kQuoteH) +
           kTimeH + kGap;
    total += it.h;
    L.items.push_back(std::move(it));
  }
  L.content_h = total;
  return L;
}

/// Scrolls the open thread to its newest message (or to message `focus`), as a messenger keeps
/// the conversation's end in view: after opening, sending, the keyboard or a preview appearing.
void stick(Phone& p, int focus = 0) {
  if (p.foreground() != kApp || p.current_page() != "thread") return;
  shared_font_atlas();  // the measuring Ui needs the fonts, not a draw list
  Ui measure(nullptr, p);
  const ThreadLayout L = layout_thread(measure, p);
  const int max_px = L.max_scroll_px();
  int off = max_px;
  if (focus != 0) {
    float y = kGap + std::max(0.f, L.list.h() - L.content_h);
    for (const Item& it : L.items) {
      if (it.id == focus) {
        off = std::clamp(static_cast<int>(Ui::to_px(y - 24)), 0, max_px);
        break;
      }
      y += it.h;
    }
  }
  p.set_scroll(off);
}

// ---------------------------------------------------------------- operations

/// Opens a chat's thread (a friend's id opens a chat that is created on the first message).
/// Marks it read; a fresh open starts with an empty draft unless a share put one there.
void open_chat(Phone& p, const std::string& id, bool keep_draft = false, int focus = 0) {
  json& s = own_state(p, kApp);
  s["open_chat"] = id;
  s["quote"] = 0;
  s["panel"] = false;
  if (!keep_draft) {
    s["draft"] = "";
    s["draft_photo"] = "";
  }
  const json chat = find(p, "chats", id);
  if (!chat.is_null()) {
    const auto by_chat = messages_by_chat(p);
    auto it = by_chat.find(id);
    if (it != by_chat.end() && unread_count(chat, shown_messages(chat, it->second)) > 0)
      update(p, "chats", id, {{"read_ms", p.now_ms()}});
  }
  p.navigate("open_chat");
  stick(p, focus);
}

void open_friend(Phone& p, const std::string& id) {
  own_state(p, kApp)["friend"] = id;
  p.navigate("open_friend");
}

/// Makes sure chat `id` exists (a friend's first message creates the 1:1 chat; a chat deleted
/// earlier comes back with its old history cleared).
void ensure_chat(Phone& p, const std::string& id) {
  if (!find(p, "chats", id).is_null()) return;
  const json f = find(p, "friends", id);
  if (f.is_null()) return;
  // cleared_ms = now: a chat deleted earlier comes back without its old messages.
  json& o = own_state(p, kApp)["chats"];
  o[id] = {{"kind", "direct"}, {"name", f.value("name", "")}, {"members", json::array({id})}, {"owner", ""},
           {"notice", ""}, {"pinned", false}, {"muted", false}, {"read_ms", p.now_ms()}, {"cleared_ms", p.now_ms()}};
}

/// Adds a message from me to chat `chat` (fields: kind and what it carries); returns its id.
int add_message(Phone& p, const std::string& chat, json fields) {
  ensure_chat(p, chat);
  json& s = own_state(p, kApp);
  const int id = s.value("next_message", 1001);
  s["next_message"] = id + 1;
  fields["chat"] = chat;
  fields["from"] = "me";
  fields["time_ms"] = p.now_ms();
  if (!fields.contains("text")) fields["text"] = "";
  if (!s["messages"].is_object()) s["messages"] = json::object();
  s["messages"][std::to_string(id)] = fields;
  return id;
}

/// Sends the compose bar's draft (text, and the attached photo) in the open chat, quoting the
/// message chosen for a quote-reply.
void send(Phone& p) {
  json& s = own_state(p, kApp);
  const std::string chat = s.value("open_chat", ""), text = trim(s.value("draft", "")), photo = s.value("draft_photo", "");
  if (chat.empty() || (text.empty() && photo.empty())) return;
  json fields = {{"kind", "text"}, {"text", text}};
  if (!photo.empty()) {
    const json ph = gallery::photo(p, photo);
    fields = {{"kind", "photo"}, {"photo", photo}, {"text", text},
              {"scene", ph.is_null() ? json({{"kind", "city"}, {"palette", 0}, {"seed", 1}}) : ph["scene"]}};
  }
  const int quote = s.value("quote", 0);
  if (quote != 0) {
    const json q = find(p, "messages", std::to_string(quote));
    if (!q.is_null()) {
      fields["quote"] = quote;
      fields["quote_text"] = sender_name(friend_names(p), q.value("from", "")) + ": " + summary(q, friend_names(p));
    }
  }
  add_message(p, chat, fields);
  s["draft"] = "";
  s["draft_photo"] = "";
  s["quote"] = 0;
  stick(p);
}

/// The content of a message as a forward carries it (never the quote, the transfer or ids).
json forwarded_copy(const json& m) {
  json out = {{"kind", m.value("kind", "text")}, {"text", m.value("text", "")}, {"forwarded", true}};
  for (const char* k : {"photo", "scene", "place", "address", "card_contact", "card_name", "card_phone"})
    if (m.contains(k)) out[k] = m[k];
  return out;
}

void forward_to(Phone& p, const std::string& target) {
  json& s = own_state(p, kApp);
  const json m = find(p, "messages", std::to_string(s.value("forward", 0)));
  if (m.is_null()) return;
  add_message(p, target, forwarded_copy(m));
  s["forward"] = 0;
  p.toast("Forwarded");
  p.back();
  stick(p);
}

bool can_recall(const Phone& p, const json& m) {
  return m.value("from", "") == "me" && !m.value("recalled", false) && p.now_ms() - time_of(m) <= kRecallMs &&
         m.value("kind", "") != "transfer";
}

void message_menu(Phone& p, int id) {
  const json m = find(p, "messages", std::to_string(id));
  if (m.is_null()) return;
  json buttons = json::array();
  if (!m.value("recalled", false)) {
    buttons.push_back({{"id", "quote"}, {"label", "Quote"}});
    if (m.value("kind", "") != "transfer") buttons.push_back({{"id", "forward"}, {"label", "Forward"}});
    if (can_recall(p, m)) buttons.push_back({{"id", "recall"}, {"label", "Recall"}});
  }
  buttons.push_back({{"id", "delete"}, {"label", "Delete"}});
  buttons.push_back({{"id", "cancel"}, {"label", "Cancel"}});
  p.show_dialog({{"owner", kApp}, {"kind", "choice"}, {"title", "Message"}, {"text", ""}, {"buttons", buttons},
                 {"data", {{"menu", "message"}, {"message", id}}}});
}

void chat_menu(Phone& p, const std::string& id) {
  const json c = find(p, "chats", id);
  if (c.is_null()) return;
  const bool pinned = c.value("pinned", false), muted = c.value("muted", false);
  json buttons = json::array({{{"id", pinned ? "unpin" : "pin"}, {"label", pinned ? "Unpin" : "Pin to top"}},
                              {{"id", muted ? "unmute" : "mute"}, {"label", muted ? "Unmute" : "Mute notifications"}},
                              {{"id", "delete_chat"}, {"label", "Delete chat"}},
                              {{"id", "cancel"}, {"label", "Cancel"}}});
  p.show_dialog({{"owner", kApp}, {"kind", "choice"}, {"title", c.value("name", "Chat")}, {"text", ""},
                 {"buttons", buttons}, {"data", {{"menu", "chat"}, {"chat", id}}}});
}

/// Accepts or declines friend request `rid`; accepting adds the person to the friends.
void answer_request(Phone& p, const std::string& rid, bool accept) {
  const json r = find(p, "requests", rid);
  if (r.is_null() || r.value("status", "") != "pending") return;
  update(p, "requests", rid, {{"status", accept ? "accepted" : "declined"}});
  if (accept) {
    update(p, "friends", r.value("friend", ""),
           {{"contact", 0}, {"name", r.value("name", "")}, {"phone", ""}, {"handle", r.value("handle", "")},
            {"region", r.value("region", "")}, {"signature", ""}, {"tags", json::array()}});
    p.toast(r.value("name", "") + " is now your friend");
  }
}

/// Starts the Wallet payment of the transfer form (the contract's PAY intent); the result comes
/// back through the exported call payment_result.
void start_transfer(Phone& p) {
  json& s = own_state(p, kApp);
  json& form = s["transfer"];
  const std::string chat = s.value("open_chat", "");
  const json f = find(p, "friends", chat);
  const std::int64_t cents = parse_amount(form.value("amount", ""));
  if (cents <= 0) {
    form["error"] = "Enter an amount, e.g. 25.00";
    return;
  }
  if (cents > 1000000) {
    form["error"] = "The most you can send is $10,000.00";
    return;
  }
  if (f.is_null()) return;
  if (!AppRegistry::instance().find("wallet")) {
    form["error"] = "Wallet is not installed";
    return;
  }
  form["error"] = "";
  const int n = s.value("next_transfer", 15);
  s["next_transfer"] = n + 1;
  const std::string ref = std::string("chat:x") + (n < 10 ? "0" : "") + std::to_string(n);
  const std::string note = trim(form.value("note", ""));
  s["pending_payment"] = {{"ref", ref}, {"chat", chat}, {"amount_cents", cents}, {"note", note}};
  p.clear_focus();
  p.start_intent({{"app", "wallet"},
                  {"action", wallet::kPayAction},
                  {"extras",
                   {{"kind", "transfer"},
                    {"amount_cents", cents},
                    {"payee", f.value("name", "")},
                    {"note", note},
                    {"category", "transfer"},
                    {"from_app", "chat"},
                    {"ref", ref}}}});
}

// ---------------------------------------------------------------- shared page parts

/// The bottom navigation of the four tab pages, with the unread and request badges.
void tab_bar(Ui& ui, Phone& phone, const std::string& current) {
  static const std::vector<Ui::Tab> kTabs = {
      {"chats", "Chats", "chat_bubble"}, {"contacts", "Contacts", "contacts"}, {"moments", "Moments", "explore"}, {"me", "Me", "person"}};
  int sel = 0;
  for (std::size_t i = 0; i < kTabs.size(); ++i)
    if (kTabs[i].key == current) sel = static_cast<int>(i);
  ui.bottom_nav("chat.tab.", kTabs, sel, [current](Phone& p, int i) {
    const std::string key = kTabs[static_cast<std::size_t>(i)].key;
    if (key != current) p.navigate("tab_" + key);
  });
  int unread = 0;
  for (const ChatRow& r : chat_rows(phone))
    if (!r.chat.value("muted", false)) unread += r.unread;
  int pending = 0;
  for (const json& r : view(phone, "requests")) pending += r.value("status", "") == "pending";
  const float y = Ui::content_area().b - 80, w = Ui::width_dp() / 4;
  if (unread > 0) badge(ui, w / 2 + 28, y + 16, unread, kBadge);
  if (pending > 0) badge(ui, w + w / 2 + 28, y + 16, pending, kBadge);
}

/// A title row for the tab pages: the title, a search button and an optional extra button.
void tab_header(Ui& ui, const std::string& id, const std::string& title, bool brand) {
  const Rect area = Ui::content_area();
  ui.text(16, area.t + 14, title, Font::Headline, brand ? kBrand : color::kOnSurface);
  ui.label(id, {16, area.t + 10, 16 + ui.text_width(title, Font::Headline) + 4, area.t + 54}, title);
}

/// A row with a round avatar and a name (56 dp), tapping runs `on_click`.
void friend_row(Ui& ui, const std::string& node_id, const json& f, Handler on_click, const std::string& sub = "") {
  const float y = ui.cursor_y(), h = sub.empty() ? 56.f : 72.f;
  friend_avatar(ui, 40, y + h / 2, 20, f.value("id", ""), f.value("name", ""));
  if (sub.empty()) {
    ui.text(76, y + 18, ui.ellipsize(f.value("name", ""), Font::BodyLarge, Ui::width_dp() - 76 - 16), Font::BodyLarge, color::kOnSurface);
  } else {
    ui.text(76, y + 13, ui.ellipsize(f.value("name", ""), Font::BodyLarge, Ui::width_dp() - 76 - 16), Font::BodyLarge, color::kOnSurface);
    ui.text(76, y + 39, ui.ellipsize(sub, Font::Body, Ui::width_dp() - 76 - 16), Font::Body, color::kOnSurfaceVariant);
  }
  Node& n = ui.item(node_id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h}, f.value("name", ""), std::move(on_click));
  n.desc = sub;
  ui.advance(h);
}

/// A checkable friend row (avatar, name, check box) for the member pickers.
void pick_row(Ui& ui, const std::string& node_id, const json& f, bool checked, Handler on_click) {
  const float y = ui.cursor_y(), h = 56;
  friend_avatar(ui, 40, y + h / 2, 20, f.value("id", ""), f.value("name", ""));
  ui.text(76, y + 18, ui.ellipsize(f.value("name", ""), Font::BodyLarge, Ui::width_dp() - 76 - 64), Font::BodyLarge, color::kOnSurface);
  ui.icon(Ui::width_dp() - 36, y + h / 2, checked ? "check_box" : "check_box_outline_blank", Font::Icon, checked ? kBrand : color::kOnSurfaceVariant);
  Node& n = ui.item(node_id, "android.widget.CheckBox", {0, y, Ui::width_dp(), y + h}, f.value("name", ""), std::move(on_click));
  n.checkable = true;
  n.checked = checked;
  ui.advance(h);
}

void toggle_picked(Phone& p, const std::string& fid) {
  json& picked = own_state(p, kApp)["picked"];
  if (!picked.is_array()) picked = json::array();
  for (std::size_t i = 0; i < picked.size(); ++i)
    if (picked[i] == fid) {
      picked.erase(i);
      return;
    }
  picked.push_back(fid);
}

bool is_picked(const Phone& p, const std::string& fid) {
  for (const json& x : own_state(p, kApp).value("picked", json::array()))
    if (x == fid) return true;
  return false;
}

/// Chat's green call-to-action: the toolkit's filled button (sim/ui) in the brand colour.
void brand_button(Ui& ui, const std::string& id, const Rect& r, const std::string& label, bool enabled, Handler on_click) {
  ui.filled_button(id, r, label, kBrand, 0xFFFFFF, std::move(on_click), enabled, Font::BodyLarge);
}

// ---------------------------------------------------------------- the app

class ChatApp : public App {
 public:
  ChatApp() {
    add_page("chats", chats_page);
    add_page("contacts", contacts_page);
    add_page("moments", moments_page);
    add_page("posts", posts_page);
    add_page("me", me_page);
    add_page("search", search_page);
    add_page("thread", thread_page);
    add_page("chat_info", chat_info_page);
    add_page("group_name", group_name_page);
    add_page("group_notice", group_notice_page);
    add_page("add_members", add_members_page);
    add_page("remove_members", remove_members_page);
    add_page("new_group", new_group_page);
    add_page("friend", friend_page);
    add_page("requests", requests_page);
    add_page("tag", tag_page);
    add_page("photo_picker", photo_picker_page);
    add_page("location_picker", location_picker_page);
    add_page("card_picker", card_picker_page);
    add_page("transfer", transfer_page);
    add_page("forward", forward_page);
    add_page("share", share_page);
    // Wallet's answer to a transfer (the contract): {"ref", "status": paid|cancelled|declined,
    // "transaction_id", "amount_cents"}. "paid" adds the transfer message to the chat.
    add_export("payment_result", [](Phone& p, const json& a) { return payment_result(p, a); });
    // Every friend {id, name, phone, handle, region, tags} (other apps may offer them as payees).
    add_export("friends", [](Phone& p, const json&) { return view(p, "friends"); });
  }

  /// SEND (text/* with extras.text, image/* with extras.photo): choose a chat to share into; the
  /// thread opens with the text or photo in the compose bar. {"app": "chat", "chat": id} opens a
  /// chat. Each starts from the chat list.
  void on_intent(Phone& phone, const json& intent) override {
    const json extras = intent.value("extras", json::object());
    phone.back_to_root();
    if (phone.current_page() != "chats") phone.navigate("tab_chats");
    json& s = own_state(phone, kApp);
    if (intent.value("action", "") == kSend) {
      s["draft"] = extras.is_object() ? extras.value("text", "") : "";
      s["draft_photo"] = extras.is_object() ? extras.value("photo", "") : "";
      phone.navigate("share");
    } else if (intent.contains("chat")) {
      const std::string id = intent.value("chat", "");
      if (find(phone, "chats", id).is_null()) return phone.toast("Chat not found");
      open_chat(phone, id);
    }
  }

  void on_dialog_result(Phone& p, const json& dialog, const std::string& button) override {
    const json data = dialog.value("data", json::object());
    const std::string menu = data.value("menu", "");
    json& s = own_state(p, kApp);
    if (menu == "message") {
      const int id = data.value("message", 0);
      const json m = find(p, "messages", std::to_string(id));
      if (m.is_null()) return;
      if (button == "quote") {
        s["quote"] = id;
        s["panel"] = false;
        p.focus("chat.compose", "/apps/chat/draft");
        stick(p);
      } else if (button == "forward") {
        s["forward"] = id;
        p.navigate("forward");
      } else if (button == "recall") {
        if (!can_recall(p, m)) return p.toast("Messages older than 2 minutes can't be recalled");
        update(p, "messages", std::to_string(id), {{"recalled", true}, {"text", ""}});
        stick(p);
      } else if (button == "delete") {
        remove_entity(p, "messages", std::to_string(id));
        if (s.value("quote", 0) == id) s["quote"] = 0;
        p.toast("Deleted");
        stick(p);
      }
    } else if (menu == "chat") {
      const std::string id = data.value("chat", "");
      if (find(p, "chats", id).is_null()) return;
      if (button == "pin" || button == "unpin") update(p, "chats", id, {{"pinned", button == "pin"}});
      if (button == "mute" || button == "unmute") update(p, "chats", id, {{"muted", button == "mute"}});
      if (button == "delete_chat")
        p.show_dialog({{"owner", kApp}, {"kind", "alert"}, {"title", "Delete this chat?"},
                       {"text", "Its messages are removed from this phone."},
                       {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}})},
                       {"data", {{"menu", "delete_chat"}, {"chat", id}}}});
    } else if (menu == "delete_chat" && button == "delete") {
      remove_entity(p, "chats", data.value("chat", ""));
      p.toast("Chat deleted");
    } else if (menu == "clear" && button == "clear") {
      const std::string id = data.value("chat", "");
      if (find(p, "chats", id).is_null()) return;
      update(p, "chats", id, {{"cleared_ms", p.now_ms()}});
      p.toast("Chat history cleared");
    }
  }

 private:
  static json payment_result(Phone& p, const json& a) {
    json& s = own_state(p, kApp);
    const std::string ref = a.value("ref", "");
    const json pending = s.value("pending_payment", json::object());
    if (ref.empty() || pending.value("ref", "") != ref)
      throw std::invalid_argument("payment_result: unknown ref \"" + ref + "\" (Chat has no such pending transfer)");
    const std::string status = a.value("status", "");
    const std::string chat = pending.value("chat", "");
    s["pending_payment"] = {{"ref", ""}, {"chat", ""}, {"amount_cents", 0}, {"note", ""}};
    const bool on_form = p.foreground() == kApp && p.current_page() == "transfer";
    if (status != "paid") {
      p.toast(status == "declined" ? "Payment declined" : "Transfer cancelled");
      return {{"ok", true}, {"message", 0}};
    }
    const json f = find(p, "friends", chat);
    const json tx = a.value("transaction_id", json(""));
    const std::string transaction = tx.is_string() ? tx.get<std::string>() : tx.dump();
    json fields = {{"kind", "transfer"},
                   {"amount_cents", pending.value("amount_cents", std::int64_t{0})},
                   {"note", pending.value("note", "")},
                   {"ref", ref},
                   {"party", f.is_null() ? chat : f.value("name", "")},
                   {"transaction_id", transaction},
                   {"text", ""}};
    const int id = add_message(p, chat, fields);
    s["transfer"] = {{"amount", ""}, {"note", ""}, {"error", ""}};
    if (on_form) {
      p.back();
      stick(p);
    }
    p.toast("Transfer sent");
    return {{"ok", true}, {"message", id}};
  }

  // ---------------------------------------------------------------- Chats tab

  static void chats_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    tab_header(ui, "chat.title", "Chat", true);
    ui.icon_button("chat.search", Ui::width_dp() - 80, area.t + 32, "search", "Search", color::kOnSurface, [](Phone& p) {
      own_state(p, kApp)["query"] = "";
      p.navigate("search");
      p.focus("chat.search.field", "/apps/chat/query");
    });
    ui.icon_button("chat.new_group", Ui::width_dp() - 28, area.t + 32, "group_add", "New group", color::kOnSurface, [](Phone& p) {
      json& s = own_state(p, kApp);
      s["picked"] = json::array();
      s["group_name"] = "";
      s["picker_query"] = "";
      p.navigate("new_group");
    });
    const auto names = friend_names(phone);
    ui.begin_scroll("chat.list", {0, area.t + 64, Ui::width_dp(), area.b - 80}, phone.page_pointer() + "/scroll");
    for (const ChatRow& r : chat_rows(phone)) {
      const std::string id = r.chat.value("id", "");
      const bool pinned = r.chat.value("pinned", false), muted = r.chat.value("muted", false);
      const std::string title = chat_title(r.chat, names, id);
      const float y = ui.cursor_y(), h = 72;
      if (pinned) ui.fill({0, y, Ui::width_dp(), y + h}, kPinned);
      chat_avatar(ui, 40, y + h / 2, 24, r.chat, title);
      if (muted && r.unread > 0) ui.circle(58, y + 18, 5, kBadge);
      const std::string time = r.msgs.empty() ? "" : when(phone, r.last_ms);
      const float tw = ui.text_width(time, Font::Label);
      ui.text(Ui::width_dp() - 16 - tw, y + 15, time, Font::Label, color::kOnSurfaceVariant);
      float name_w = Ui::width_dp() - 76 - 24 - tw;
      if (pinned) name_w -= 20;
      const std::string shown = ui.ellipsize(title, Font::BodyLarge, name_w);
      const float nw = ui.text(76, y + 12, shown, Font::BodyLarge, color::kOnSurface);
      if (pinned) ui.icon(76 + nw + 12, y + 20, "push_pin", Font::IconSmall, color::kOutline);
      float right = Ui::width_dp() - 16;
      if (muted) {
        ui.icon(Ui::width_dp() - 26, y + 48, "notifications_off", Font::IconSmall, color::kOutline);
        right -= 28;
      } else if (r.unread > 0) {
        right -= badge(ui, Ui::width_dp() - 16, y + 48, r.unread, kBrand) + 8;
      }
      std::string snip = r.msgs.empty() ? "" : snippet(r.chat, r.msgs.back(), names);
      if (muted && r.unread > 0) snip = "[" + std::to_string(r.unread) + "] " + snip;
      ui.text(76, y + 40, ui.ellipsize(snip, Font::Body, right - 76), Font::Body, color::kOnSurfaceVariant);
      ui.fill({76, y + h - 1, Ui::width_dp(), y + h}, kDivider);
      Node& n = ui.item("chat.row." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h}, title,
                        [id](Phone& p) { open_chat(p, id); });
      n.desc = snip + (time.empty() ? "" : ", " + time) + (r.unread > 0 ? ", " + std::to_string(r.unread) + " unread" : "") +
               (pinned ? ", pinned" : "") + (muted ? ", muted" : "");
      n.long_clickable = true;
      n.selected = pinned;
      n.on_long_press = [id](Phone& p) { chat_menu(p, id); };
      ui.advance(h);
    }
    ui.advance(16);
    ui.end_scroll();
    tab_bar(ui, phone, "chats");
  }

  // ---------------------------------------------------------------- Contacts tab

  static void contacts_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    tab_header(ui, "chat.contacts.title", "Contacts", false);
    ui.icon_button("chat.contacts.search", Ui::width_dp() - 28, area.t + 32, "search", "Search", color::kOnSurface, [](Phone& p) {
      own_state(p, kApp)["query"] = "";
      p.navigate("search");
      p.focus("chat.search.field", "/apps/chat/query");
    });
    const json friends = view(phone, "friends");
    int pending = 0;
    for (const json& r : view(phone, "requests")) pending += r.value("status", "") == "pending";
    ui.begin_scroll("chat.contacts.list", {0, area.t + 64, Ui::width_dp(), area.b - 80}, phone.page_pointer() + "/scroll");
    {  // New friends
      const float y = ui.cursor_y();
      ui.fill({16, y + 8, 56, y + 48}, kTransfer, 8);
      ui.icon(36, y + 28, "person_add", Font::Icon, 0xFFFFFF);
      ui.text(76, y + 18, "New friends", Font::BodyLarge, color::kOnSurface);
      if (pending > 0) badge(ui, Ui::width_dp() - 16, y + 28, pending, kBadge);
      Node& n = ui.item("chat.contacts.requests", "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 56}, "New friends",
                        [](Phone& p) { p.navigate("requests"); });
      n.desc = std::to_string(pending) + " pending";
      ui.advance(56);
    }
    ui.section_header("Tags");
    {  // tag chips, wrapping
      float x = 16, y = ui.cursor_y();
      for (const std::string& tag : tag_names()) {
        int count = 0;
        for (const json& f : friends)
          for (const json& t : f.value("tags", json::array())) count += t == tag;
        const std::string label = tag + " (" + std::to_string(count) + ")";
        const float w = ui.text_width(label, Font::Body) + 32;
        if (x + w > Ui::width_dp() - 16) {
          x = 16;
          y += 48;
        }
        ui.chip("chat.contacts.tag." + slug(tag), {x, y, x + w, y + 48}, label, false, [tag](Phone& p) {
          own_state(p, kApp)["tag"] = tag;
          p.navigate("open_tag");
        });
        x += w + 8;
      }
      ui.set_cursor(y + 56);
    }
    ui.section_header("Friends (" + std::to_string(friends.size()) + ")");
    std::vector<json> sorted(friends.begin(), friends.end());
    std::stable_sort(sorted.begin(), sorted.end(), [](const json& a, const json& b) {
      return people::fold(a.value("name", "")) < people::fold(b.value("name", ""));
    });
    for (const json& f : sorted) {
      const std::string fid = f.value("id", "");
      friend_row(ui, "chat.friend." + fid, f, [fid](Phone& p) { open_friend(p, fid); });
    }
    ui.advance(16);
    ui.end_scroll();
    tab_bar(ui, phone, "contacts");
  }

  static void requests_page(Ui& ui, Phone& phone) {
    ui.top_bar("chat.requests.title", "New friends", true);
    const Rect area = Ui::content_area();
    std::vector<json> list;
    for (const json& r : view(phone, "requests")) list.push_back(r);
    std::stable_sort(list.begin(), list.end(), [](const json& a, const json& b) { return time_of(a) > time_of(b); });
    ui.begin_scroll("chat.requests.list", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    for (const json& r : list) {
      const std::string rid = r.value("id", ""), status = r.value("status", "");
      const float y = ui.cursor_y(), h = 116;
      friend_avatar(ui, 40, y + 32, 24, r.value("friend", rid), r.value("name", ""));
      ui.text(80, y + 12, ui.ellipsize(r.value("name", ""), Font::BodyLarge, Ui::width_dp() - 80 - 16), Font::BodyLarge, color::kOnSurface);
      ui.text(80, y + 36, ui.ellipsize(r.value("message", ""), Font::Body, Ui::width_dp() - 80 - 16), Font::Body, color::kOnSurfaceVariant);
      Node& n = ui.item("chat.request." + rid, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 60}, r.value("name", ""), {});
      n.desc = r.value("message", "") + ", " + status;
      if (status == "pending") {
        ui.button("chat.request." + rid + ".decline", {Ui::width_dp() - 208, y + 60, Ui::width_dp() - 120, y + 108}, "Decline", false,
                  [rid](Phone& p) { answer_request(p, rid, false); });
        brand_button(ui, "chat.request." + rid + ".accept", {Ui::width_dp() - 112, y + 60, Ui::width_dp() - 16, y + 108}, "Accept", true,
                     [rid](Phone& p) { answer_request(p, rid, true); });
      } else {
        const std::string t = status == "accepted" ? "Added" : "Declined";
        const float tw = ui.text_width(t, Font::Body);
        ui.label_at("chat.request." + rid + ".status", Ui::width_dp() - 16 - tw, y + 76, t, Font::Body, color::kOnSurfaceVariant);
      }
      ui.fill({80, y + h - 1, Ui::width_dp(), y + h}, kDivider);
      ui.advance(h);
    }
    ui.end_scroll();
  }

  static void tag_page(Ui& ui, Phone& phone) {
    const std::string tag = own_state(phone, kApp).value("tag", "");
    ui.top_bar("chat.tag.title", ui.ellipsize(tag, Font::Title, Ui::width_dp() - 80), true);
    const Rect area = Ui::content_area();
    ui.begin_scroll("chat.tag.list", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    int n = 0;
    for (const json& f : view(phone, "friends")) {
      bool has = false;
      for (const json& t : f.value("tags", json::array())) has = has || t == tag;
      if (!has) continue;
      const std::string fid = f.value("id", "");
      friend_row(ui, "chat.tag.friend." + fid, f, [fid](Phone& p) { open_friend(p, fid); });
      ++n;
    }
    if (n == 0) {
      ui.label_at("chat.tag.empty", 24, ui.cursor_y() + 24, "No friends with this tag yet", Font::Body, color::kOnSurfaceVariant);
      ui.advance(64);
    }
    ui.end_scroll();
  }

  static void friend_page(Ui& ui, Phone& phone) {
    const std::string fid = own_state(phone, kApp).value("friend", "");
    const json f = find(phone, "friends", fid);
    ui.top_bar("chat.friend.title", "Profile", true);
    const Rect area = Ui::content_area();
    if (f.is_null()) {
      ui.label_at("chat.friend.missing", 24, area.t + 96, "This friend is not in your list", Font::Body, color::kOnSurfaceVariant);
      return;
    }
    const std::string name = f.value("name", "");
    ui.begin_scroll("chat.friend.body", {0, area.t + 64, Ui::width_dp(), area.b - 80}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y();
    friend_avatar(ui, 52, y + 44, 32, fid, name);
    ui.label_at("chat.friend.name", 100, y + 16, name, Font::Title, color::kOnSurface, Ui::width_dp() - 116);
    ui.label_at("chat.friend.handle", 100, y + 48, "Chat ID: " + f.value("handle", ""), Font::Body, color::kOnSurfaceVariant,
                Ui::width_dp() - 116);
    ui.advance(96);
    auto info = [&](const std::string& id, const std::string& icon, const std::string& label, const std::string& value) {
      if (value.empty()) return;
      const float ry = ui.cursor_y();
      ui.icon(28, ry + 28, icon, Font::Icon, color::kOnSurfaceVariant);
      ui.text(56, ry + 8, label, Font::Label, color::kOnSurfaceVariant);
      ui.label_at(id, 56, ry + 28, value, Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 72);
      ui.advance(56);
    };
    info("chat.friend.phone", "call", "Phone", f.value("phone", ""));
    info("chat.friend.region", "place", "Region", f.value("region", ""));
    info("chat.friend.signature", "chat_bubble_outline", "What's up", f.value("signature", ""));
    {  // Moments: this friend's posts
      int n = 0;
      for (const json& m : view(phone, "moments")) n += m.value("author", "") == fid;
      const float ry = ui.cursor_y();
      ui.icon(28, ry + 28, "explore", Font::Icon, color::kOnSurfaceVariant);
      ui.text(56, ry + 8, "Moments", Font::Label, color::kOnSurfaceVariant);
      const std::string posts = n == 0 ? "No posts" : n == 1 ? "1 post" : std::to_string(n) + " posts";
      ui.text(56, ry + 28, posts, Font::BodyLarge, color::kOnSurface);
      ui.icon(Ui::width_dp() - 28, ry + 28, "chevron_right", Font::Icon, color::kOnSurfaceVariant);
      Node& row = ui.item("chat.friend.moments", "android.widget.LinearLayout", {0, ry, Ui::width_dp(), ry + 56}, "Moments",
                          [](Phone& p) { p.navigate("open_posts"); });
      row.desc = posts;
      ui.advance(56);
    }
    ui.section_header("Tags");
    const json tags = f.value("tags", json::array());
    float x = 16;
    y = ui.cursor_y();
    for (const std::string& tag : tag_names()) {
      bool on = false;
      for (const json& t : tags) on = on || t == tag;
      const float w = ui.text_width(tag, Font::Body) + 32 + (on ? 26 : 0);
      if (x + w > Ui::width_dp() - 16) {
        x = 16;
        y += 48;
      }
      ui.chip("chat.friend.tag." + slug(tag), {x, y, x + w, y + 48}, tag, on,
              [fid, tag](Phone& p) {
                const json cur = find(p, "friends", fid);
                if (cur.is_null()) return;
                std::set<std::string> have;
                for (const json& t : cur.value("tags", json::array())) have.insert(t.get<std::string>());
                if (have.count(tag)) have.erase(tag);
                else have.insert(tag);
                json out = json::array();
                for (const std::string& t : tag_names())
                  if (have.count(t)) out.push_back(t);
                update(p, "friends", fid, {{"tags", out}});
              },
              on ? "check" : "");
      x += w + 8;
    }
    ui.set_cursor(y + 56);
    ui.end_scroll();
    brand_button(ui, "chat.friend.message", {16, area.b - 68, Ui::width_dp() - 16, area.b - 20}, "Send message", true,
                 [fid](Phone& p) { open_chat(p, fid); });
  }

  // ---------------------------------------------------------------- Moments tab

  /// Draws one Moments post at the list cursor (avatar, name, text, photos, place, time, Like and
  /// Comment, likers and comments) and records its node `chat.moment.<id>`; advances past it.
  static void draw_post(Ui& ui, Phone& phone, const json& m, const std::map<std::string, std::string>& names) {
    constexpr float kX = 68;
    const float kTextW = Ui::width_dp() - kX - 16;
    const std::string pid = m.value("id", "");
    const float y0 = ui.cursor_y();
    float y = y0 + 12;
    const std::string author = m.value("author", ""), name = m.value("name", "");
    if (author == "me") me_avatar(ui, 40, y + 20, 20);
    else friend_avatar(ui, 40, y + 20, 20, author, name);
    ui.text(kX, y, ui.ellipsize(name, Font::BodyLarge, kTextW), Font::BodyLarge, kLink);
    y += 24;
    const std::string text = m.value("text", "");
    if (!text.empty()) y += ui.text_wrapped(kX, y, text, Font::Body, color::kOnSurface, kTextW, 20) + 4;
    const json photos = m.value("photos", json::array());
    if (photos.size() == 1) {
      gallery::draw_scene(ui, {kX, y + 4, kX + 180, y + 139}, photos[0]);
      y += 147;
    } else if (!photos.empty()) {
      for (std::size_t i = 0; i < photos.size(); ++i) {
        const float px = kX + static_cast<float>(i % 3) * 88, py = y + 4 + static_cast<float>(i / 3) * 88;
        gallery::draw_scene(ui, {px, py, px + 84, py + 84}, photos[i]);
      }
      y += 4 + 88 * static_cast<float>((photos.size() + 2) / 3) + 4;
    }
    const std::string place = m.value("place", "");
    if (!place.empty()) {
      ui.text(kX, y + 2, ui.ellipsize(place, Font::Label, kTextW), Font::Label, kLink);
      y += 20;
    }
    // time, like, comment
    const bool liked = m.value("liked", false);
    ui.text(kX, y + 16, when(phone, time_of(m)), Font::Label, color::kOutline);
    ui.icon_button("chat.moment." + pid + ".like", Ui::width_dp() - 84, y + 24, liked ? "favorite" : "favorite_border", liked ? "Unlike" : "Like",
                   liked ? kBadge : kLink, [pid, liked](Phone& p) { update(p, "moments", pid, {{"liked", !liked}}); });
    ui.icon_button("chat.moment." + pid + ".comment", Ui::width_dp() - 36, y + 24, "chat_bubble_outline", "Comment", kLink, [pid](Phone& p) {
      own_state(p, kApp)["comment"] = {{"moment", pid}, {"text", ""}};
      p.focus("chat.moments.comment_field", "/apps/chat/comment/text");
    });
    for (Node& n : ui.nodes())
      if (n.id == "chat.moment." + pid + ".like") {
        n.checkable = true;
        n.checked = liked;
      }
    y += 48;
    // likes and comments
    std::vector<std::string> likers;
    for (const json& l : m.value("likes", json::array())) likers.push_back(sender_name(names, l.get<std::string>()));
    if (liked) likers.push_back(kMeName);
    const json comments = m.value("comments", json::array());
    if (!likers.empty() || !comments.empty()) {
      const float top = y;
      std::vector<std::pair<std::string, std::uint32_t>> lines;
      if (!likers.empty()) {
        std::string who;
        for (const std::string& l : likers) who += (who.empty() ? "" : ", ") + l;
        for (const std::string& l : ui.wrap(who, Font::Body, kTextW - 40)) lines.push_back({l, kLink});
      }
      const std::size_t like_lines = lines.size();
      for (const json& c : comments)
        for (const std::string& l : ui.wrap(c.value("name", "") + ": " + c.value("text", ""), Font::Body, kTextW - 16))
          lines.push_back({l, color::kOnSurface});
      const float bh = 8 + 20 * static_cast<float>(lines.size()) + 6;
      ui.fill({kX, top, Ui::width_dp() - 16, top + bh}, kPinned, 4);
      if (like_lines > 0) ui.icon(kX + 16, top + 18, "favorite_border", Font::IconSmall, kLink);
      for (std::size_t i = 0; i < lines.size(); ++i)
        ui.text(kX + (i < like_lines ? 32 : 8), top + 8 + 20 * static_cast<float>(i), lines[i].first, Font::Body, lines[i].second);
      y += bh + 4;
    }
    y += 8;
    ui.fill({0, y - 1, Ui::width_dp(), y}, kDivider);
    Node& n = ui.item("chat.moment." + pid, "android.widget.LinearLayout", {0, y0, Ui::width_dp(), y}, text, {});
    std::string desc = name + (place.empty() ? "" : ", " + place) + ", " + when(phone, time_of(m)) + ", " +
                       std::to_string(likers.size()) + " likes, " + std::to_string(comments.size()) + " comments";
    if (liked) desc += ", liked by you";
    n.desc = desc;
    ui.set_cursor(y);
  }

  /// The list bottom of a Moments page: above the comment bar while a comment is written.
  static float moments_bottom(const Phone& phone, float bottom) {
    const std::string commenting = own_state(phone, kApp).value("comment", json::object()).value("moment", "");
    return commenting.empty() ? bottom : std::min(bottom, Ui::content_area().b - keyboard_height_dp(phone)) - 64;
  }

  /// The comment bar (close, field, send) above the keyboard while a comment is written.
  static void comment_bar(Ui& ui, Phone& phone, float bottom) {
    const json& s = own_state(phone, kApp);
    if (s.value("comment", json::object()).value("moment", "").empty()) return;
    const float by = moments_bottom(phone, bottom);
    ui.cover({0, by, Ui::width_dp(), by + 64});
    ui.fill({0, by, Ui::width_dp(), by + 64}, color::kSurfaceContainer);
    ui.icon_button("chat.moments.comment_cancel", 28, by + 32, "close", "Cancel comment", color::kOnSurfaceVariant, [](Phone& p) {
      own_state(p, kApp)["comment"] = {{"moment", ""}, {"text", ""}};
      p.clear_focus();
    });
    ui.text_field("chat.moments.comment_field", {56, by + 4, Ui::width_dp() - 64, by + 60}, "Comment", "/apps/chat/comment/text", "");
    const bool can = !trim(s.value("comment", json::object()).value("text", "")).empty();
    if (can) ui.circle(Ui::width_dp() - 32, by + 32, 22, kBrand);
    ui.icon_button("chat.moments.comment_send", Ui::width_dp() - 32, by + 32, "send", "Send comment", can ? 0xFFFFFF : color::kOutline,
                   [](Phone& p) {
                     json& st = own_state(p, kApp);
                     const std::string pid = st["comment"].value("moment", "");
                     const std::string text = trim(st["comment"].value("text", ""));
                     const json post = find(p, "moments", pid);
                     if (post.is_null() || text.empty()) return;
                     json comments = post.value("comments", json::array());
                     comments.push_back({{"from", "me"}, {"name", kMeName}, {"text", text}, {"time_ms", p.now_ms()}});
                     update(p, "moments", pid, {{"comments", comments}});
                     st["comment"] = {{"moment", ""}, {"text", ""}};
                     p.clear_focus();
                   });
    for (Node& n : ui.nodes())
      if (n.id == "chat.moments.comment_send") n.enabled = can;
  }

  /// The posts of `author` ("" for everyone), newest first.
  static std::vector<json> posts_of(const Phone& phone, const std::string& author) {
    std::vector<json> posts;
    for (const json& m : view(phone, "moments"))
      if (time_of(m) <= phone.now_ms() && (author.empty() || m.value("author", "") == author)) posts.push_back(m);
    std::stable_sort(posts.begin(), posts.end(), [](const json& a, const json& b) { return time_of(a) > time_of(b); });
    return posts;
  }

  static void moments_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    tab_header(ui, "chat.moments.title", "Moments", false);
    const auto names = friend_names(phone);
    ui.begin_scroll("chat.moments.feed", {0, area.t + 64, Ui::width_dp(), moments_bottom(phone, area.b - 80)}, phone.page_pointer() + "/scroll");
    {  // cover
      const float y = ui.cursor_y();
      gallery::draw_scene(ui, {0, y, Ui::width_dp(), y + 150}, {{"kind", "sunset"}, {"palette", 2}, {"seed", 7}});
      ui.fill({Ui::width_dp() - 92, y + 110, Ui::width_dp() - 16, y + 186}, 0xFFFFFF, 12);
      me_avatar(ui, Ui::width_dp() - 54, y + 148, 32);
      const float nw = ui.text_width(kMeName, Font::BodyLarge);
      ui.text(Ui::width_dp() - 104 - nw, y + 120, kMeName, Font::BodyLarge, 0xFFFFFF);
      ui.advance(200);
    }
    for (const json& m : posts_of(phone, "")) draw_post(ui, phone, m, names);
    ui.advance(16);
    ui.end_scroll();
    tab_bar(ui, phone, "moments");
    comment_bar(ui, phone, area.b - 80);
  }

  /// One person's posts (a friend's profile, or mine from the Me tab).
  static void posts_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string who = own_state(phone, kApp).value("friend", "");
    const auto names = friend_names(phone);
    const std::string name = who == "me" ? std::string(kMeName) : sender_name(names, who);
    ui.top_bar("chat.posts.title", ui.ellipsize(name + "'s Moments", Font::Title, Ui::width_dp() - 80), true);
    ui.begin_scroll("chat.posts.list", {0, area.t + 64, Ui::width_dp(), moments_bottom(phone, area.b)}, phone.page_pointer() + "/scroll");
    const std::vector<json> posts = posts_of(phone, who);
    for (const json& m : posts) draw_post(ui, phone, m, names);
    if (posts.empty()) {
      ui.label_at("chat.posts.empty", 24, ui.cursor_y() + 24, "No posts yet", Font::Body, color::kOnSurfaceVariant);
      ui.advance(64);
    }
    ui.advance(16);
    ui.end_scroll();
    comment_bar(ui, phone, area.b);
  }

  // ---------------------------------------------------------------- Me tab

  static void me_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    tab_header(ui, "chat.me.title", "Me", false);
    ui.begin_scroll("chat.me.body", {0, area.t + 64, Ui::width_dp(), area.b - 80}, phone.page_pointer() + "/scroll");
    const float y = ui.cursor_y();
    me_avatar(ui, 52, y + 44, 32);
    ui.label_at("chat.me.name", 100, y + 16, kMeName, Font::Title, color::kOnSurface, Ui::width_dp() - 116);
    ui.label_at("chat.me.handle", 100, y + 48, std::string("Chat ID: ") + kMeHandle, Font::Body, color::kOnSurfaceVariant, Ui::width_dp() - 116);
    ui.advance(96);
    ui.fill({0, ui.cursor_y(), Ui::width_dp(), ui.cursor_y() + 8}, kPinned);
    ui.advance(8);
    int my_posts = 0;
    for (const json& m : view(phone, "moments")) my_posts += m.value("author", "") == "me";
    const json friends = view(phone, "friends");
    ui.list_row("chat.me.phone", "Phone", kMePhone, "call", {});
    ui.list_row("chat.me.email", "Email", kMeEmail, "email", {});
    ui.list_row("chat.me.region", "Region", "San Francisco, CA", "place", {});
    ui.list_row("chat.me.friends", "Friends", std::to_string(friends.size()), "group", {});
    ui.list_row("chat.me.moments", "My posts in Moments", std::to_string(my_posts), "explore", [](Phone& p) {
      own_state(p, kApp)["friend"] = "me";
      p.navigate("open_posts");
    });
    if (AppRegistry::instance().find("wallet")) {
      std::string balance = "Pay friends and shops";
      try {
        const json b = call_app(phone, "wallet", "balance", json::object());
        if (b.contains("balance_cents")) balance = "Balance " + money(b["balance_cents"].get<std::int64_t>());
      } catch (const std::exception&) {
      }
      ui.list_row("chat.me.wallet", "Wallet", balance, "account_balance_wallet",
                  [](Phone& p) { p.start_intent({{"app", "wallet"}}); });
    }
    ui.end_scroll();
    tab_bar(ui, phone, "me");
  }

  // ---------------------------------------------------------------- search

  static void search_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.icon_button("chat.search.back", 28, area.t + 36, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) { p.back(); });
    ui.text_field("chat.search.field", {56, area.t + 8, Ui::width_dp() - 16, area.t + 64}, "Search", "/apps/chat/query",
                  "Friends, groups, messages");
    const std::string q = own_state(phone, kApp).value("query", "");
    const auto names = friend_names(phone);
    ui.begin_scroll("chat.search.results", {0, area.t + 76, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    int found = 0;
    if (!trim(q).empty()) {
      std::vector<json> fr;
      for (const json& f : view(phone, "friends"))
        if (matches(f.value("name", ""), q) || matches(f.value("handle", ""), q)) fr.push_back(f);
      if (!fr.empty()) ui.section_header("Contacts");
      for (const json& f : fr) {
        const std::string fid = f.value("id", "");
        friend_row(ui, "chat.search.friend." + fid, f, [fid](Phone& p) { open_friend(p, fid); });
        ++found;
      }
      const std::vector<ChatRow> rows = chat_rows(phone);
      std::vector<const ChatRow*> groups;
      for (const ChatRow& r : rows) {
        if (!is_group(r.chat)) continue;
        bool hit = matches(r.chat.value("name", ""), q);
        for (const json& mem : r.chat.value("members", json::array()))
          hit = hit || matches(sender_name(names, mem.get<std::string>()), q);
        if (hit) groups.push_back(&r);
      }
      if (!groups.empty()) ui.section_header("Group chats");
      for (const ChatRow* r : groups) {
        const std::string id = r->chat.value("id", "");
        const float y = ui.cursor_y();
        chat_avatar(ui, 40, y + 28, 20, r->chat, "");
        const std::string title = r->chat.value("name", "");
        ui.text(76, y + 18, ui.ellipsize(title, Font::BodyLarge, Ui::width_dp() - 92), Font::BodyLarge, color::kOnSurface);
        ui.item("chat.search.chat." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 56}, title, [id](Phone& p) { open_chat(p, id); });
        ui.advance(56);
        ++found;
      }
      // Chat history: messages whose text, place, card or transfer note contains the query, newest first.
      std::vector<std::pair<const ChatRow*, json>> hits;
      for (const ChatRow& r : rows)
        for (const json& m : r.msgs) {
          if (m.value("recalled", false)) continue;
          const std::string hay = m.value("text", "") + " " + m.value("place", "") + " " + m.value("address", "") + " " +
                                  m.value("card_name", "") + " " + m.value("note", "");
          if (matches(hay, q)) hits.push_back({&r, m});
        }
      std::stable_sort(hits.begin(), hits.end(), [](const auto& a, const auto& b) { return time_of(a.second) > time_of(b.second); });
      if (hits.size() > 40) hits.resize(40);
      if (!hits.empty()) ui.section_header("Chat history");
      for (const auto& [r, m] : hits) {
        const std::string cid = r->chat.value("id", "");
        const int mid = id_of(m);
        const std::string title = chat_title(r->chat, names, cid);
        const float y = ui.cursor_y(), h = 72;
        chat_avatar(ui, 40, y + h / 2, 20, r->chat, title);
        const std::string time = when(phone, time_of(m));
        const float tw = ui.text_width(time, Font::Label);
        ui.text(Ui::width_dp() - 16 - tw, y + 15, time, Font::Label, color::kOnSurfaceVariant);
        ui.text(76, y + 12, ui.ellipsize(title, Font::BodyLarge, Ui::width_dp() - 76 - 24 - tw), Font::BodyLarge, color::kOnSurface);
        const std::string snip = snippet(r->chat, m, names);
        ui.text(76, y + 40, ui.ellipsize(snip, Font::Body, Ui::width_dp() - 76 - 16), Font::Body, color::kOnSurfaceVariant);
        Node& n = ui.item("chat.search.message." + std::to_string(mid), "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h}, title,
                          [cid, mid](Phone& p) { open_chat(p, cid, false, mid); });
        n.desc = snip + ", " + time;
        ui.advance(h);
        ++found;
      }
    }
    if (found == 0) {
      const std::string hint = trim(q).empty() ? "Search friends, group chats and messages" : "No results";
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 40, hint, Font::Body, color::kOnSurfaceVariant);
      ui.label("chat.search.empty", {24, ui.cursor_y() + 36, Ui::width_dp() - 24, ui.cursor_y() + 60}, hint);
      ui.advance(80);
    }
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- thread

  static void draw_item(Ui& ui, Phone& phone, const Item& it, float y,
                        const std::map<std::string, std::string>& names) {
    const json& m = it.m;
    const std::int64_t at = time_of(m);
    if (it.day) {
      const std::string d = format_date_long(local(phone, at));
      const float dw = ui.text_width(d, Font::Label) + 20;
      ui.fill({(Ui::width_dp() - dw) / 2, y + 8, (Ui::width_dp() + dw) / 2, y + 28}, 0xDADADA, 10);
      ui.text_centered(0, Ui::width_dp(), y + 10, d, Font::Label, color::kOnSurfaceVariant);
      y += kDayH;
    }
    const std::string mid = std::to_string(it.id);
    const std::string from = m.value("from", "");
    const std::string who = it.me ? "You" : sender_name(names, from);
    const std::string tm = phone.format_time(local(phone, at));
    const int id = it.id;
    if (it.recalled) {
      const std::string t = who + (it.me ? " recalled a message" : " recalled a message");
      ui.text_centered(0, Ui::width_dp(), y + 7, t, Font::Label, color::kOutline);
      Node& n = ui.item("chat.msg." + mid, "android.widget.TextView", {48, y, Ui::width_dp() - 48, y + 30}, t, {});
      n.desc = who + ", " + tm + ", recalled";
      n.long_clickable = true;
      n.on_long_press = [id](Phone& p) { message_menu(p, id); };
      return;
    }
    const float bx = it.me ? Ui::width_dp() - 60 - it.bw : 60;
    const float top = y;
    if (it.name) {
      ui.text(60, y, ui.ellipsize(who, Font::Label, kBubbleMax), Font::Label, color::kOnSurfaceVariant);
      y += kNameH;
    }
    if (it.fwd) {
      const std::string f = "Forwarded";
      const float fw = ui.text_width(f, Font::Label) + 20;
      const float fx = it.me ? Ui::width_dp() - 60 - fw : 60;
      ui.icon(fx + 8, y + 8, "forward", Font::IconSmall, color::kOutline);
      ui.text(fx + 20, y, f, Font::Label, color::kOutline);
      y += kNameH;
    }
    // the avatar beside the first line
    if (it.me) me_avatar(ui, Ui::width_dp() - 34, top + 18, 18);
    else friend_avatar(ui, 34, top + 18, 18, from, who);
    const Rect b{bx, y, bx + it.bw, y + it.bh};
    std::string node_text = m.value("text", ""), extra;
    if (it.kind == "text") {
      ui.fill(b, it.me ? kBubbleOut : kBubbleIn, 8);
      float ty = y + 10;
      bool in_url = false;  // a URL wrapped onto the next line stays a link
      for (const std::string& l : it.lines) {
        // The URL part of a line in link blue and underlined, the rest as text.
        std::size_t a = in_url ? 0 : l.find("http");
        if (a != std::string::npos && !in_url && l.compare(a, 8, "https://") != 0 && l.compare(a, 7, "http://") != 0)
          a = std::string::npos;
        if (a == std::string::npos) {
          ui.text(bx + 12, ty, l, Font::BodyLarge, color::kOnSurface);
        } else {
          const std::size_t e = std::min(l.find(' ', a), l.size());
          const float x0 = bx + 12 + ui.text(bx + 12, ty, l.substr(0, a), Font::BodyLarge, color::kOnSurface);
          const float lw = ui.text(x0, ty, l.substr(a, e - a), Font::BodyLarge, kUrl);
          ui.fill({x0, ty + 20, x0 + lw, ty + 21}, kUrl);
          ui.text(x0 + lw, ty, l.substr(e), Font::BodyLarge, color::kOnSurface);
          in_url = e == l.size();
        }
        ty += 22;
      }
    } else if (it.kind == "photo") {
      ui.fill(b, it.me ? kBubbleOut : kBubbleIn, 8);
      gallery::draw_scene(ui, {bx, y, bx + 200, y + 150}, m.value("scene", json::object()));
      float ty = y + 158;
      for (const std::string& l : it.lines) {
        ui.text(bx + 12, ty, l, Font::Body, color::kOnSurface);
        ty += 20;
      }
      extra = ", photo" + (m.value("photo", "").empty() ? std::string() : " " + m.value("photo", ""));
    } else if (it.kind == "location") {
      ui.fill(b, 0xFFFFFF, 8);
      ui.text(bx + 12, y + 10, ui.ellipsize(m.value("place", ""), Font::BodyLarge, it.bw - 24), Font::BodyLarge, color::kOnSurface);
      ui.text(bx + 12, y + 34, ui.ellipsize(m.value("address", ""), Font::Label, it.bw - 24), Font::Label, color::kOnSurfaceVariant);
      const Rect map{bx, y + 56, bx + it.bw, y + it.bh};
      ui.fill(map, 0xDDEBD5, 0);
      for (float gx = map.l + 18; gx < map.r; gx += 36) ui.fill({gx, map.t, gx + 2, map.b}, 0xFFFFFF);
      ui.fill({map.l, map.t + 20, map.r, map.t + 24}, 0xFFFFFF);
      ui.fill({map.l + 120, map.t, map.l + 150, map.b}, 0xB9D7F0);
      ui.icon((map.l + map.r) / 2, map.t + 22, "location_on", Font::Icon, 0xE53935);
      node_text = m.value("place", "");
      extra = ", location " + m.value("place", "") + ", " + m.value("address", "");
    } else if (it.kind == "card") {
      ui.fill(b, 0xFFFFFF, 8);
      const std::string cn = m.value("card_name", "");
      friend_avatar(ui, bx + 32, y + 30, 20, "c" + std::to_string(m.value("card_contact", 0)), cn);
      ui.text(bx + 60, y + 12, ui.ellipsize(cn, Font::BodyLarge, it.bw - 72), Font::BodyLarge, color::kOnSurface);
      ui.text(bx + 60, y + 34, ui.ellipsize(m.value("card_phone", ""), Font::Label, it.bw - 72), Font::Label,
              color::kOnSurfaceVariant);
      ui.fill({bx + 12, y + 60, bx + it.bw - 12, y + 61}, kDivider);
      ui.text(bx + 12, y + 64, "Contact card", Font::Label, color::kOutline);
      node_text = cn;
      extra = ", contact card " + cn + " " + m.value("card_phone", "");
    } else if (it.kind == "transfer") {
      ui.fill(b, kTransfer, 8);
      ui.fill({bx, y + 60, bx + it.bw, y + it.bh}, 0xFFFFFF, 8);
      ui.fill({bx, y + 60, bx + it.bw, y + 68}, 0xFFFFFF);
      ui.circle(bx + 30, y + 30, 18, 0xFFFFFF, 0.25f);
      ui.icon(bx + 30, y + 30, "swap_horiz", Font::Icon, 0xFFFFFF);
      const std::string amount = money(m.value("amount_cents", std::int64_t{0}));
      const std::string note = m.value("note", "");
      ui.text(bx + 58, y + 8, amount, Font::Title, 0xFFFFFF);
      ui.text(bx + 58, y + 38, ui.ellipsize(note.empty() ? "Transfer" : note, Font::Label, it.bw - 70), Font::Label, 0xFFFFFF);
      ui.text(bx + 12, y + 64, it.me ? "Chat transfer, sent" : "Chat transfer, received", Font::Label, color::kOutline);
      node_text = amount + (note.empty() ? "" : " " + note);
      extra = std::string(", transfer ") + (it.me ? "sent " : "received ") + amount;
    }
    y += it.bh;
    Node& n = ui.item("chat.msg." + mid, "android.widget.TextView", b, node_text, {});
    n.desc = who + ", " + tm + extra + (it.fwd ? ", forwarded" : "") + (it.quote.empty() ? "" : ", quoting " + it.quote);
    n.long_clickable = true;
    n.on_long_press = [id](Phone& p) { message_menu(p, id); };
    const std::string url = it.kind == "text" ? first_url(m.value("text", "")) : "";
    if (!url.empty()) {  // a tap on a message with a link opens it (ACTION_VIEW: Browser)
      n.clickable = true;
      n.desc += ", link " + url;
      n.on_click = [url](Phone& p) { p.start_intent({{"action", "android.intent.action.VIEW"}, {"data", url}}); };
    }
    if (!it.quote.empty()) {
      const std::string q = ui.ellipsize(it.quote, Font::Label, kBubbleMax - 16);
      const float qw = ui.text_width(q, Font::Label) + 16;
      const float qx = it.me ? Ui::width_dp() - 60 - qw : 60;
      ui.fill({qx, y + 4, qx + qw, y + 30}, kQuoteBg, 4);
      ui.text(qx + 8, y + 10, q, Font::Label, color::kOnSurfaceVariant);
      y += kQuoteH;
    }
    const float tw = ui.text_width(tm, Font::Label);
    ui.text(it.me ? Ui::width_dp() - 60 - tw : 60, y + 2, tm, Font::Label, color::kOutline);
  }

  static void thread_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& s = own_state(phone, kApp);
    const ThreadLayout L = layout_thread(ui, phone);
    const auto names = friend_names(phone);
    ui.fill({0, area.t, Ui::width_dp(), area.b}, kChatBg);
    // top bar: back, title ("Name" or "Group (N)"), muted icon, chat info
    std::string title = chat_title(L.chat, names, L.id);
    if (L.group) title += " (" + std::to_string(L.chat.value("members", json::array()).size() + 1) + ")";
    const bool muted = L.chat.is_object() && L.chat.value("muted", false);
    const std::string shown = ui.ellipsize(title, Font::Title, Ui::width_dp() - 64 - 56 - (muted ? 28 : 0));
    ui.fill({0, area.t, Ui::width_dp(), area.t + 64}, 0xF7F7F7);
    ui.top_bar("chat.thread.title", shown, true);
    for (Node& n : ui.nodes())
      if (n.id == "chat.thread.title") n.text = title;
    if (muted) ui.icon(64 + ui.text_width(shown, Font::Title) + 16, area.t + 32, "notifications_off", Font::IconSmall, color::kOutline);
    ui.icon_button("chat.thread.info", Ui::width_dp() - 28, area.t + 32, "more_horiz", "Chat info", color::kOnSurface,
                   [](Phone& p) { p.navigate("info"); });
    if (L.notice_h > 0) {
      const float y = area.t + 64;
      ui.fill({0, y, Ui::width_dp(), y + L.notice_h}, 0xFFF8E1);
      ui.icon(28, y + 20, "campaign", Font::Icon, kTransfer);
      const std::string notice = L.chat.value("notice", "");
      ui.text(52, y + 12, ui.ellipsize(notice, Font::Body, Ui::width_dp() - 52 - 16), Font::Body, color::kOnSurface);
      ui.label("chat.thread.notice", {52, y + 4, Ui::width_dp() - 16, y + 36}, notice);
    }
    // messages
    const int stored = phone.page_state().value("scroll", 0);
    const int max_px = L.max_scroll_px();
    ui.begin_scroll("chat.thread.messages", L.list, phone.page_pointer() + "/scroll");
    if (L.content_h < L.list.h()) ui.advance(L.list.h() - L.content_h);
    if (stored > max_px) ui.advance(Ui::to_dp(static_cast<float>(stored - max_px)));  // keep the end in view
    ui.advance(kGap);
    for (const Item& it : L.items) {
      draw_item(ui, phone, it, ui.cursor_y(), names);
      ui.advance(it.h);
    }
    ui.advance(kGap);
    ui.end_scroll();
    if (L.items.empty()) {
      const std::string hint = L.chat.is_null() ? "Say hi to " + title : "No messages yet";
      ui.text_centered(0, Ui::width_dp(), L.list.t + 24, hint, Font::Body, color::kOnSurfaceVariant);
      ui.label("chat.thread.empty", {24, L.list.t + 20, Ui::width_dp() - 24, L.list.t + 44}, hint);
    }
    // compose area
    ui.fill({0, L.compose_top, Ui::width_dp(), L.bottom}, 0xF7F7F7);
    ui.fill({0, L.compose_top, Ui::width_dp(), L.compose_top + 1}, kDivider);
    const int quote = s.value("quote", 0);
    if (quote != 0) {
      const json q = find(phone, "messages", std::to_string(quote));
      const std::string qt = q.is_null() ? "" : sender_name(names, q.value("from", "")) + ": " + summary(q, names);
      const float y = L.quote_top;
      ui.fill({8, y + 6, Ui::width_dp() - 8, y + 40}, kQuoteBg, 6);
      ui.icon(28, y + 23, "format_quote", Font::IconSmall, color::kOnSurfaceVariant);
      const std::string shown_q = ui.ellipsize(qt, Font::Body, Ui::width_dp() - 44 - 56);
      ui.text(44, y + 13, shown_q, Font::Body, color::kOnSurfaceVariant);
      ui.label("chat.quote", {44, y + 8, Ui::width_dp() - 56, y + 38}, qt);
      ui.icon_button("chat.quote.cancel", Ui::width_dp() - 32, y + 23, "close", "Cancel quote", color::kOnSurfaceVariant,
                     [](Phone& p) { own_state(p, kApp)["quote"] = 0; });
    }
    const std::string photo = s.value("draft_photo", "");
    if (!photo.empty()) {
      const json ph = gallery::photo(phone, photo);
      const Rect img{16, L.photo_top + 8, 112, L.photo_top + 80};
      if (ph.is_null()) ui.fill(img, color::kSurfaceContainer, 8);
      else gallery::draw_scene(ui, img, ph["scene"]);
      Node& a = ui.image("chat.attachment", img, "Attached photo");
      a.text = photo;
      ui.circle(img.r - 2, img.t + 2, 12, 0x303030);
      ui.icon(img.r - 2, img.t + 2, "close", Font::IconSmall, 0xFFFFFF);
      Node& rm = ui.item("chat.attachment.remove", "android.widget.ImageButton", {img.r - 26, img.t - 14, img.r + 22, img.t + 34}, "",
                         [](Phone& p) { own_state(p, kApp)["draft_photo"] = ""; });
      rm.desc = "Remove attachment";
    }
    const float cy = L.bar_top + 32;
    ui.icon_button("chat.attach", 28, cy, "add_circle_outline", "Attach", color::kOnSurfaceVariant, [](Phone& p) {
      json& st = own_state(p, kApp);
      const bool open = !st.value("panel", false) || keyboard_height_dp(p) > 0;
      st["panel"] = open;
      p.clear_focus();
      stick(p);
    });
    ui.text_field("chat.compose", {56, cy - 28, Ui::width_dp() - 64, cy + 28}, "Message", "/apps/chat/draft", "");
    for (Node& n : ui.nodes())
      if (n.id == "chat.compose") {
        Handler focus = n.on_click;
        n.on_click = [focus](Phone& p) {
          own_state(p, kApp)["panel"] = false;
          focus(p);
          stick(p);
        };
      }
    const bool can_send = !trim(s.value("draft", "")).empty() || !photo.empty();
    if (can_send) ui.circle(Ui::width_dp() - 32, cy, 22, kBrand);
    ui.icon_button("chat.send", Ui::width_dp() - 32, cy, "send", "Send", can_send ? 0xFFFFFF : color::kOutline, [](Phone& p) { send(p); });
    for (Node& n : ui.nodes())
      if (n.id == "chat.send") n.enabled = can_send;
    if (L.panel_h > 0) {
      struct Tile {
        const char *key, *icon, *label, *transition;
      };
      std::vector<Tile> tiles = {{"photo", "photo", "Photos", "attach_photo"},
                                 {"location", "location_on", "Location", "attach_location"},
                                 {"card", "contact_page", "Contact card", "attach_card"}};
      if (!L.group && !L.id.empty()) tiles.push_back({"transfer", "payments", "Transfer", "attach_transfer"});
      const float ty = L.bar_top + 64 + 8, tw = Ui::width_dp() / 4;
      for (std::size_t i = 0; i < tiles.size(); ++i) {
        const Tile& t = tiles[i];
        const float cx = tw * static_cast<float>(i) + tw / 2;
        ui.fill({cx - 28, ty + 4, cx + 28, ty + 60}, 0xFFFFFF, 12);
        ui.icon(cx, ty + 32, t.icon, Font::Icon, color::kOnSurfaceVariant);
        ui.text_centered(cx - 44, cx + 44, ty + 68, t.label, Font::Label, color::kOnSurfaceVariant);
        const std::string transition = t.transition, key = t.key;
        ui.item(std::string("chat.attach.") + t.key, "android.widget.Button", {cx - 44, ty, cx + 44, ty + 88}, t.label,
                [transition, key](Phone& p) {
                  json& st = own_state(p, kApp);
                  st["panel"] = false;
                  st["picker_query"] = "";
                  if (key == "transfer") st["transfer"] = {{"amount", ""}, {"note", ""}, {"error", ""}};
                  p.navigate(transition);
                  if (key == "transfer") p.focus("chat.transfer.amount", "/apps/chat/transfer/amount", "symbols");
                });
      }
    }
  }

  // ---------------------------------------------------------------- chat info and group settings

  static void chat_info_page(Ui& ui, Phone& phone) {
    const std::string id = own_state(phone, kApp).value("open_chat", "");
    const json chat = find(phone, "chats", id);
    const bool group = is_group(chat);
    const auto names = friend_names(phone);
    const json members = chat.is_null() ? json::array({id}) : chat.value("members", json::array());
    ui.top_bar("chat.info.title", group ? "Group info (" + std::to_string(members.size() + 1) + ")" : "Chat info", true);
    const Rect area = Ui::content_area();
    ui.begin_scroll("chat.info.body", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    // member grid: 4 a row
    const float cw = Ui::width_dp() / 4;
    std::vector<std::pair<std::string, std::string>> cells;  // (id, kind) kind: member, add, remove
    for (const json& mem : members) cells.push_back({mem.get<std::string>(), "member"});
    if (group) {
      cells.push_back({"", "add"});
      if (!members.empty()) cells.push_back({"", "remove"});
    }
    const float top = ui.cursor_y() + 8;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const float cx = cw * static_cast<float>(i % 4) + cw / 2, y = top + 92 * static_cast<float>(i / 4);
      const std::string fid = cells[i].first, kind = cells[i].second;  // (lambdas capture these; C++17 cannot capture bindings)
      if (kind == "member") {
        const std::string nm = sender_name(names, fid);
        friend_avatar(ui, cx, y + 28, 24, fid, nm);
        ui.text_centered(cx - 42, cx + 42, y + 60, ui.ellipsize(nm, Font::Label, 80), Font::Label, color::kOnSurface);
        ui.item("chat.info.member." + fid, "android.widget.LinearLayout", {cx - 44, y, cx + 44, y + 84}, nm,
                [fid](Phone& p) { open_friend(p, fid); });
      } else {
        ui.stroke({cx - 24, y + 4, cx + 24, y + 52}, color::kOutline, 8);
        ui.icon(cx, y + 28, kind == "add" ? "add" : "remove", Font::Icon, color::kOnSurfaceVariant);
        const std::string label = kind == "add" ? "Add" : "Remove";
        ui.text_centered(cx - 42, cx + 42, y + 60, label, Font::Label, color::kOnSurfaceVariant);
        ui.item("chat.info." + kind, "android.widget.Button", {cx - 44, y, cx + 44, y + 84}, label, [kind](Phone& p) {
          json& st = own_state(p, kApp);
          st["picked"] = json::array();
          st["picker_query"] = "";
          p.navigate(kind == "add" ? "add_members" : "remove_members");
        });
      }
    }
    ui.set_cursor(top + 92 * static_cast<float>((cells.size() + 3) / 4) + 8);
    ui.fill({0, ui.cursor_y(), Ui::width_dp(), ui.cursor_y() + 8}, kPinned);
    ui.advance(8);
    if (group) {
      const std::string name = chat.value("name", ""), notice = chat.value("notice", "");
      ui.list_row("chat.info.name", "Group name", ui.ellipsize(name, Font::Body, Ui::width_dp() - 72), "edit", [name](Phone& p) {
        own_state(p, kApp)["edit_text"] = name;
        p.navigate("rename");
        p.focus("chat.group_name.field", "/apps/chat/edit_text");
      });
      ui.list_row("chat.info.notice", "Group notice", ui.ellipsize(notice.empty() ? "Not set" : notice, Font::Body, Ui::width_dp() - 72),
                  "campaign", [notice](Phone& p) {
                    own_state(p, kApp)["edit_text"] = notice;
                    p.navigate("notice");
                    p.focus("chat.notice.field", "/apps/chat/edit_text");
                  });
    }
    if (!chat.is_null()) {
      const bool muted = chat.value("muted", false), pinned = chat.value("pinned", false);
      ui.switch_row("chat.info.mute", "Mute notifications", "", "notifications_off", muted,
                    [id, muted](Phone& p) { update(p, "chats", id, {{"muted", !muted}}); });
      ui.switch_row("chat.info.pin", "Pin chat", "", "push_pin", pinned,
                    [id, pinned](Phone& p) { update(p, "chats", id, {{"pinned", !pinned}}); });
      const float y = ui.cursor_y();
      ui.icon(28, y + 28, "delete", Font::Icon, color::kError);
      ui.text(56, y + 19, "Clear chat history", Font::BodyLarge, color::kError);
      ui.item("chat.info.clear", "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 56}, "Clear chat history", [id](Phone& p) {
        p.show_dialog({{"owner", kApp}, {"kind", "alert"}, {"title", "Clear chat history?"},
                       {"text", "Messages stay on your friends' phones."},
                       {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "clear"}, {"label", "Clear"}}})},
                       {"data", {{"menu", "clear"}, {"chat", id}}}});
      });
      ui.advance(56);
    }
    ui.end_scroll();
  }

  /// An edit page with one field bound to edit_text and a Save button.
  static void edit_page(Ui& ui, const std::string& prefix, const std::string& title, const std::string& label,
                        const std::string& field, std::function<void(Phone&, const std::string&)> save) {
    ui.top_bar(prefix + ".title", title, true);
    const Rect area = Ui::content_area();
    ui.text_field(field, {16, area.t + 76, Ui::width_dp() - 16, area.t + 132}, label, "/apps/chat/edit_text", "");
    brand_button(ui, prefix + ".save", {16, area.t + 152, Ui::width_dp() - 16, area.t + 200}, "Save", true, [save](Phone& p) {
      save(p, trim(own_state(p, kApp).value("edit_text", "")));
    });
  }

  static void group_name_page(Ui& ui, Phone&) {
    edit_page(ui, "chat.group_name", "Group name", "Group name", "chat.group_name.field", [](Phone& p, const std::string& v) {
      if (v.empty()) return p.toast("Enter a group name");
      update(p, "chats", own_state(p, kApp).value("open_chat", ""), {{"name", v}});
      p.clear_focus();
      p.back();
    });
  }

  static void group_notice_page(Ui& ui, Phone&) {
    edit_page(ui, "chat.notice", "Group notice", "Notice", "chat.notice.field", [](Phone& p, const std::string& v) {
      update(p, "chats", own_state(p, kApp).value("open_chat", ""), {{"notice", v}});
      p.clear_focus();
      p.back();
    });
  }

  /// The member pickers: a search field, checkable friends (picking one clears the search), and
  /// the Done button at the top right ("Add (1)"), enabled from `min_pick` picked friends.
  static void member_picker(Ui& ui, Phone& phone, const std::string& prefix, const std::vector<json>& candidates,
                            const std::string& done_label, std::function<void(Phone&)> done, float top_extra = 0,
                            int min_pick = 1) {
    const Rect area = Ui::content_area();
    const float top = area.t + 64 + top_extra;
    const int picked = static_cast<int>(own_state(phone, kApp).value("picked", json::array()).size());
    const std::string label = done_label + (picked > 0 ? " (" + std::to_string(picked) + ")" : "");
    const float bw = std::max(72.f, ui.text_width(label, Font::BodyLarge) + 32);
    brand_button(ui, prefix + ".done", {Ui::width_dp() - 12 - bw, area.t + 8, Ui::width_dp() - 12, area.t + 56}, label, picked >= min_pick, std::move(done));
    ui.text_field(prefix + ".search", {16, top, Ui::width_dp() - 16, top + 56}, "Search", "/apps/chat/picker_query", "Name");
    const std::string q = own_state(phone, kApp).value("picker_query", "");
    ui.begin_scroll(prefix + ".list", {0, top + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    int shown = 0;
    for (const json& f : candidates) {
      if (!trim(q).empty() && !matches(f.value("name", ""), q)) continue;
      const std::string fid = f.value("id", "");
      pick_row(ui, prefix + ".friend." + fid, f, is_picked(phone, fid), [fid](Phone& p) {
        toggle_picked(p, fid);
        own_state(p, kApp)["picker_query"] = "";
      });
      ++shown;
    }
    if (shown == 0) {
      ui.label_at(prefix + ".empty", 24, ui.cursor_y() + 24, "No matching friends", Font::Body, color::kOnSurfaceVariant);
      ui.advance(64);
    }
    ui.end_scroll();
  }

  static std::vector<json> sorted_friends(const Phone& p) {
    const json all = view(p, "friends");
    std::vector<json> v(all.begin(), all.end());
    std::stable_sort(v.begin(), v.end(), [](const json& a, const json& b) {
      return people::fold(a.value("name", "")) < people::fold(b.value("name", ""));
    });
    return v;
  }

  static void add_members_page(Ui& ui, Phone& phone) {
    ui.top_bar("chat.add.title", "Add members", true);
    const json chat = find(phone, "chats", own_state(phone, kApp).value("open_chat", ""));
    std::set<std::string> in;
    for (const json& m : chat.value("members", json::array())) in.insert(m.get<std::string>());
    std::vector<json> cands;
    for (const json& f : sorted_friends(phone))
      if (!in.count(f.value("id", ""))) cands.push_back(f);
    member_picker(ui, phone, "chat.add", cands, "Done", [](Phone& p) {
      json& s = own_state(p, kApp);
      const std::string id = s.value("open_chat", "");
      const json c = find(p, "chats", id);
      if (c.is_null()) return;
      json members = c.value("members", json::array());
      for (const json& f : s["picked"]) members.push_back(f);
      update(p, "chats", id, {{"members", members}});
      s["picked"] = json::array();
      p.clear_focus();
      p.back();
    });
  }

  static void remove_members_page(Ui& ui, Phone& phone) {
    ui.top_bar("chat.remove.title", "Remove members", true);
    const json chat = find(phone, "chats", own_state(phone, kApp).value("open_chat", ""));
    std::vector<json> cands;
    for (const json& m : chat.value("members", json::array())) {
      json f = find(phone, "friends", m.get<std::string>());
      if (f.is_null()) f = {{"id", m}, {"name", m}};
      cands.push_back(f);
    }
    member_picker(ui, phone, "chat.remove", cands, "Done", [](Phone& p) {
      json& s = own_state(p, kApp);
      const std::string id = s.value("open_chat", "");
      const json c = find(p, "chats", id);
      if (c.is_null()) return;
      json members = json::array();
      for (const json& m : c.value("members", json::array()))
        if (!is_picked(p, m.get<std::string>())) members.push_back(m);
      update(p, "chats", id, {{"members", members}});
      s["picked"] = json::array();
      p.clear_focus();
      p.back();
    });
  }

  static void new_group_page(Ui& ui, Phone& phone) {
    ui.top_bar("chat.new_group.title", "New group", true);
    const Rect area = Ui::content_area();
    ui.text_field("chat.new_group.name", {16, area.t + 64, Ui::width_dp() - 16, area.t + 120}, "Group name", "/apps/chat/group_name",
                  "Optional");
    // who is picked so far
    std::string who;
    for (const json& f : own_state(phone, kApp).value("picked", json::array()))
      who += (who.empty() ? "" : ", ") + sender_name(friend_names(phone), f.get<std::string>());
    const std::string line = who.empty() ? "Pick at least 2 friends" : "Members: " + who;
    ui.label_at("chat.new_group.members", 16, area.t + 128, ui.ellipsize(line, Font::Body, Ui::width_dp() - 32), Font::Body,
                color::kOnSurfaceVariant);
    member_picker(ui, phone, "chat.new_group", sorted_friends(phone), "Create", [](Phone& p) {
      json& s = own_state(p, kApp);
      const json picked = s.value("picked", json::array());
      if (picked.size() < 2) return;
      const int n = s.value("next_group", 6);
      const std::string id = "g" + std::to_string(n);
      std::string name = trim(s.value("group_name", ""));
      if (name.empty()) {
        const auto names = friend_names(p);
        name = "Alex";
        for (const json& f : picked) {
          const std::string full = sender_name(names, f.get<std::string>());
          name += ", " + full.substr(0, full.find(' '));
        }
      }
      s["next_group"] = n + 1;
      s["chats"][id] = {{"kind", "group"}, {"name", name}, {"members", picked}, {"owner", "me"}, {"notice", ""},
                        {"pinned", false}, {"muted", false}, {"read_ms", p.now_ms()}, {"cleared_ms", 0}};
      s["picked"] = json::array();
      s["group_name"] = "";
      s["picker_query"] = "";
      p.clear_focus();
      open_chat(p, id);
      p.toast("Group created");
    }, 92, 2);
  }

  // ---------------------------------------------------------------- attachments

  static void photo_picker_page(Ui& ui, Phone& phone) {
    ui.top_bar("chat.picker.title", "Choose a photo", true);
    const Rect area = Ui::content_area();
    const json photos = gallery::photos(phone);
    ui.begin_scroll("chat.picker.grid", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const float tile = 118, gap = 3;
    for (std::size_t i = 0; i < photos.size(); ++i) {
      const json& ph = photos[i];
      const std::string id = ph.value("id", "");
      const float x = static_cast<float>(i % 3) * (tile + gap), y = ui.cursor_y();
      gallery::draw_scene(ui, {x, y, x + tile, y + tile}, ph["scene"]);
      ui.image("chat.picker.photo." + id, {x, y, x + tile, y + tile}, ph.value("title", "Photo"), [id](Phone& p) {
        own_state(p, kApp)["draft_photo"] = id;
        p.back();
        stick(p);
      });
      if (i % 3 == 2 || i + 1 == photos.size()) ui.advance(tile + gap);
    }
    ui.end_scroll();
  }

  static void location_picker_page(Ui& ui, Phone& phone) {
    ui.top_bar("chat.places.title", "Send location", true);
    const Rect area = Ui::content_area();
    ui.begin_scroll("chat.places.list", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    for (const json& pl : view(phone, "places")) {
      const std::string id = pl.value("id", ""), name = pl.value("name", ""), address = pl.value("address", "");
      ui.list_row("chat.place." + id, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 72), ui.ellipsize(address, Font::Body, Ui::width_dp() - 72),
                  "location_on", [name, address](Phone& p) {
                    const std::string chat = own_state(p, kApp).value("open_chat", "");
                    add_message(p, chat, {{"kind", "location"}, {"place", name}, {"address", address}, {"text", ""}});
                    p.back();
                    stick(p);
                  });
      for (Node& n : ui.nodes())
        if (n.id == "chat.place." + id) n.text = name, n.desc = address;
    }
    ui.end_scroll();
  }

  static void card_picker_page(Ui& ui, Phone& phone) {
    ui.top_bar("chat.card.title", "Send contact card", true);
    const Rect area = Ui::content_area();
    ui.text_field("chat.card.search", {16, area.t + 64, Ui::width_dp() - 16, area.t + 120}, "Search contacts", "/apps/chat/picker_query", "Name");
    const std::string q = own_state(phone, kApp).value("picker_query", "");
    ui.begin_scroll("chat.card.list", {0, area.t + 128, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    int shown = 0;
    for (const json& c : people::sorted(people::all(phone))) {
      const std::string name = people::display_name(c);
      if (!trim(q).empty() && !matches(name, q)) continue;
      const int cid = c["id"].is_number_integer() ? c["id"].get<int>() : 0;
      const std::string company = c.value("company", "");
      const float y = ui.cursor_y(), h = company.empty() ? 56.f : 72.f;
      people::avatar(ui, 40, y + h / 2, 20, c, Font::BodyLarge);
      if (company.empty()) {
        ui.text(76, y + 18, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 92), Font::BodyLarge, color::kOnSurface);
      } else {
        ui.text(76, y + 13, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 92), Font::BodyLarge, color::kOnSurface);
        ui.text(76, y + 39, ui.ellipsize(company, Font::Body, Ui::width_dp() - 92), Font::Body, color::kOnSurfaceVariant);
      }
      const std::string number = people::first_number(c);
      Node& n = ui.item("chat.card." + std::to_string(cid), "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h}, name,
                        [cid, name, number](Phone& p) {
                          const std::string chat = own_state(p, kApp).value("open_chat", "");
                          add_message(p, chat, {{"kind", "card"}, {"card_contact", cid}, {"card_name", name},
                                                {"card_phone", number}, {"text", ""}});
                          own_state(p, kApp)["picker_query"] = "";
                          p.clear_focus();
                          p.back();
                          stick(p);
                        });
      n.desc = company;
      ui.advance(h);
      ++shown;
    }
    if (shown == 0) {
      ui.label_at("chat.card.empty", 24, ui.cursor_y() + 24, "No matching contacts", Font::Body, color::kOnSurfaceVariant);
      ui.advance(64);
    }
    ui.end_scroll();
  }

  static void transfer_page(Ui& ui, Phone& phone) {
    ui.top_bar("chat.transfer.title", "Transfer", true);
    const Rect area = Ui::content_area();
    const json& s = own_state(phone, kApp);
    const std::string chat = s.value("open_chat", "");
    const json f = find(phone, "friends", chat);
    const std::string name = f.is_null() ? chat : f.value("name", "");
    const float y = area.t + 72;
    friend_avatar(ui, 44, y + 28, 28, chat, name);
    ui.label_at("chat.transfer.to", 84, y + 18, ui.ellipsize("Transfer to " + name, Font::BodyLarge, Ui::width_dp() - 100), Font::BodyLarge,
                color::kOnSurface);
    ui.text_field("chat.transfer.amount", {16, y + 72, Ui::width_dp() - 16, y + 128}, "Amount ($)", "/apps/chat/transfer/amount", "0.00");
    ui.text_field("chat.transfer.note", {16, y + 140, Ui::width_dp() - 16, y + 196}, "Note (optional)", "/apps/chat/transfer/note",
                  "What is it for?");
    const std::string error = s.value("transfer", json::object()).value("error", "");
    if (!error.empty()) ui.label_at("chat.transfer.error", 16, y + 204, ui.ellipsize(error, Font::Body, Ui::width_dp() - 32), Font::Body, color::kError);
    const std::int64_t cents = parse_amount(s.value("transfer", json::object()).value("amount", ""));
    const std::string label = cents > 0 ? "Transfer " + money(cents) : "Transfer";
    brand_button(ui, "chat.transfer.submit", {16, y + 232, Ui::width_dp() - 16, y + 280}, label, true, [](Phone& p) { start_transfer(p); });
    ui.label_at("chat.transfer.hint", 16, y + 292, "Paid with Wallet. You confirm with your PIN.", Font::Label, color::kOutline);
  }

  // ---------------------------------------------------------------- forward and share

  /// A list of chats to pick (forward, share): `on_pick(phone, chat id)`.
  static void chat_picker(Ui& ui, Phone& phone, const std::string& prefix, float top,
                          std::function<void(Phone&, const std::string&)> on_pick) {
    const Rect area = Ui::content_area();
    const auto names = friend_names(phone);
    ui.begin_scroll(prefix + ".list", {0, top, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    ui.section_header("Recent chats");
    for (const ChatRow& r : chat_rows(phone)) {
      const std::string id = r.chat.value("id", "");
      const std::string title = chat_title(r.chat, names, id);
      const float y = ui.cursor_y();
      chat_avatar(ui, 40, y + 28, 20, r.chat, title);
      ui.text(76, y + 18, ui.ellipsize(title, Font::BodyLarge, Ui::width_dp() - 92), Font::BodyLarge, color::kOnSurface);
      ui.item(prefix + ".row." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 56}, title,
              [id, on_pick](Phone& p) { on_pick(p, id); });
      ui.advance(56);
    }
    ui.end_scroll();
  }

  static void forward_page(Ui& ui, Phone& phone) {
    ui.top_bar("chat.forward.title", "Forward to", true);
    const Rect area = Ui::content_area();
    const json m = find(phone, "messages", std::to_string(own_state(phone, kApp).value("forward", 0)));
    const std::string what = m.is_null() ? "" : summary(m, friend_names(phone));
    ui.fill({16, area.t + 68, Ui::width_dp() - 16, area.t + 108}, kPinned, 8);
    ui.text(28, area.t + 79, ui.ellipsize(what, Font::Body, Ui::width_dp() - 56), Font::Body, color::kOnSurfaceVariant);
    ui.label("chat.forward.preview", {16, area.t + 68, Ui::width_dp() - 16, area.t + 108}, what);
    chat_picker(ui, phone, "chat.forward", area.t + 116, [](Phone& p, const std::string& id) { forward_to(p, id); });
  }

  static void share_page(Ui& ui, Phone& phone) {
    ui.top_bar("chat.share.title", "Send to", true);
    const Rect area = Ui::content_area();
    const json& s = own_state(phone, kApp);
    const std::string text = s.value("draft", ""), photo = s.value("draft_photo", "");
    const std::string what = !photo.empty() ? "Sharing a photo" : "Sharing: " + text;
    ui.fill({16, area.t + 68, Ui::width_dp() - 16, area.t + 108}, kPinned, 8);
    ui.text(28, area.t + 79, ui.ellipsize(what, Font::Body, Ui::width_dp() - 56), Font::Body, color::kOnSurfaceVariant);
    ui.label("chat.share.sharing", {16, area.t + 68, Ui::width_dp() - 16, area.t + 108}, what);
    chat_picker(ui, phone, "chat.share", area.t + 116, [](Phone& p, const std::string& id) { open_chat(p, id, true); });
  }
};

}  // namespace
PG_REGISTER_APP("chat", ChatApp);
}  // namespace pg
