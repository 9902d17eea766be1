// Messages (Google Messages): the conversation list (newest first, snippet and time; long-press
// selects a thread for deletion), search, a new conversation (pick a recipient by name or number),
// the thread view (bubbles, compose field, send, attach a Gallery photo through an in-app picker).
// Threads are the world collection `threads` merged with the overlay apps.messages.threads; a
// world message whose time is still in the future has not arrived yet: when the virtual clock
// passes it, it appears and (with the notification permission) posts a notification that opens
// its thread.
#include "apps/contacts/people.hpp"
#include "apps/gallery/photos.hpp"
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/state/overlay.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/hash.hpp"
#include "sim/util/text.hpp"

#include <algorithm>
#include <set>
#include <cctype>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "messages";

constexpr const char* kSend = "android.intent.action.SEND";
constexpr const char* kSendTo = "android.intent.action.SENDTO";

std::string digits(const std::string& s) {
  std::string d;
  for (char c : s)
    if (std::isdigit(static_cast<unsigned char>(c))) d += c;
  return d;
}
/// Whether the typed recipient reads as a phone number: digits (3 or more) and + - ( ) spaces.
bool is_number(const std::string& s) {
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c)) && std::string("+-() ").find(c) == std::string::npos) return false;
  return digits(s).size() >= 3;
}

/// The merged threads (world + overlay), each with "messages" sorted by time.
json all_threads(const Phone& p) {
  json list = resolve_collection(World::instance(), own_state(p, kApp), "messages", "threads");
  for (json& t : list) {
    std::vector<json> m(t["messages"].begin(), t["messages"].end());
    std::stable_sort(m.begin(), m.end(), [](const json& a, const json& b) {
      return a.value("time_ms", std::int64_t{0}) < b.value("time_ms", std::int64_t{0});
    });
    t["messages"] = json(m);
  }
  return list;
}

json thread_by_id(const Phone& p, const std::string& id) {
  for (json& t : all_threads(p))
    if (t.value("id", "") == id) return t;
  return nullptr;
}

/// The messages of a thread that have arrived by now.
std::vector<json> visible(const Phone& p, const json& thread) {
  std::vector<json> out;
  for (const json& m : thread["messages"])
    if (m.value("time_ms", std::int64_t{0}) <= p.now_ms()) out.push_back(m);
  return out;
}

std::int64_t last_time(const Phone& p, const json& thread) {
  const auto v = visible(p, thread);
  return v.empty() ? 0 : v.back().value("time_ms", std::int64_t{0});
}

/// Threads with at least one arrived message, newest activity first.
std::vector<json> conversations(const Phone& p) {
  std::vector<json> out;
  for (const json& t : all_threads(p))
    if (!visible(p, t).empty()) out.push_back(t);
  std::stable_sort(out.begin(), out.end(), [&](const json& a, const json& b) { return last_time(p, a) > last_time(p, b); });
  return out;
}

std::string display_name(const json& t) {
  const std::string n = t.value("name", "");
  return n.empty() ? t.value("number", "") : n;
}

bool unread(const Phone& p, const json& t) {
  const std::int64_t read = t.value("read_ms", std::int64_t{0});
  for (const json& m : visible(p, t))
    if (m.value("from", "") == "them" && m.value("time_ms", std::int64_t{0}) > read) return true;
  return false;
}

std::string message_text(const json& m) {
  const std::string text = m.value("text", "");
  if (text.empty() && !m.value("photo", "").empty()) return "Photo";
  return text;
}

std::string snippet(const json& m) { return (m.value("from", "") == "me" ? "You: " : "") + message_text(m); }

/// "08:05" today, else "Dec 24".
std::string when(const Phone& p, std::int64_t ms) {
  const std::int64_t shift = p.local_time_ms() - p.now_ms();
  const CivilTime a = civil_from_ms(ms + shift), now = civil_from_ms(p.local_time_ms());
  if (a.year == now.year && a.month == now.month && a.day == now.day) return p.format_time(ms + shift);
  return format_date(a.year, a.month, a.day, DateStyle::MonthDay);
}

/// A stable avatar colour per thread.
std::uint32_t avatar_color(const std::string& id) {
  static const std::uint32_t kColors[] = {0x1A73E8, 0xD93025, 0x188038, 0xE37400, 0x9334E6, 0x007B83, 0xC5221F, 0x5F6368};
  return kColors[fnv1a32(id) % 8];
}

void avatar(Ui& ui, float cx, float cy, float r, const json& t) {
  ui.circle(cx, cy, r, avatar_color(t.value("id", "")));
  const std::string name = t.value("name", "");
  if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) {
    ui.icon(cx, cy, "person", Font::Icon, 0xFFFFFF);
  } else {
    const std::string initial(1, static_cast<char>(std::toupper(static_cast<unsigned char>(name[0]))));
    ui.text_centered(cx - r, cx + r, cy - ui.line_height(Font::BodyLarge) / 2 - 1, initial, Font::BodyLarge, 0xFFFFFF);
  }
}

/// Word-wraps `s` into lines no wider than `max_w` dp (long words are cut).
std::vector<std::string> wrap(const Ui& ui, const std::string& s, Font f, float max_w) {
  std::vector<std::string> lines;
  std::string line, word;
  auto flush_word = [&] {
    if (word.empty()) return;
    const std::string cand = line.empty() ? word : line + " " + word;
    if (ui.text_width(cand, f) <= max_w) {
      line = cand;
    } else {
      if (!line.empty()) lines.push_back(line);
      line = word;
      while (ui.text_width(line, f) > max_w && line.size() > 1) {  // a word longer than a line
        std::size_t cut = line.size() - 1;
        while (cut > 1 && ui.text_width(line.substr(0, cut), f) > max_w) --cut;
        lines.push_back(line.substr(0, cut));
        line = line.substr(cut);
      }
    }
    word.clear();
  };
  for (char c : s) {
    if (c == ' ') flush_word();
    else word += c;
  }
  flush_word();
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

/// Marks a thread read (overlay read_ms = now) if it has unread messages.
void mark_read(Phone& p, const std::string& id) {
  const json t = thread_by_id(p, id);
  if (t.is_null() || !unread(p, t)) return;
  own_state(p, kApp)["threads"][id]["read_ms"] = p.now_ms();
}

void open_thread(Phone& p, const std::string& id) {
  json& s = own_state(p, kApp);
  s["thread"] = id;
  s["selected"] = "";
  if (!id.empty()) mark_read(p, id);
  p.navigate("open_thread");
}

/// Pops the Messages task back to its root page (an intent starts from the conversation list).
void to_root(Phone& p) { p.back_to_root(); }

/// Sends the draft (text and/or photo) in the open thread, creating the thread for a new number.
void send(Phone& p) {
  json& s = own_state(p, kApp);
  const std::string text = s.value("draft", ""), photo = s.value("draft_photo", "");
  if (text.empty() && photo.empty()) return;
  std::string id = s.value("thread", "");
  json thread = id.empty() ? json() : thread_by_id(p, id);
  if (thread.is_null()) {  // a new conversation with the typed number
    const std::string to = s.value("to", "");
    if (!is_number(to)) return;
    const int n = s.value("next_thread", 16);
    id = "t" + std::to_string(n);
    s["next_thread"] = n + 1;
    // A contact picked from Contacts names the conversation; a typed number leaves it unnamed.
    s["threads"][id] = {{"name", s.value("to_name", "")}, {"number", to}, {"read_ms", p.now_ms()}, {"messages", json::array()}};
    s["thread"] = id;
    thread = {{"messages", json::array()}};
  }
  json messages = thread["messages"];
  int next = 1;
  for (const json& m : messages) next = std::max(next, m.value("id", 0) + 1);
  json m = {{"id", next}, {"from", "me"}, {"text", text}, {"time_ms", p.now_ms()}};
  if (!photo.empty()) m["photo"] = photo;
  messages.push_back(m);
  s["threads"][id]["messages"] = messages;
  s["draft"] = "";
  s["draft_photo"] = "";
  // Android 13+: the app asks for the notification permission when it first needs it.
  if (p.permission("messages", "POST_NOTIFICATIONS").empty())
    p.request_permission("messages", "POST_NOTIFICATIONS", "send you notifications");
}

class MessagesApp : public App {
 public:
  MessagesApp() {
    add_page("conversations", conversation_list);
    add_page("search", search);
    add_page("new_conversation", new_conversation);
    add_page("thread", thread);
    add_page("photo_picker", photo_picker);
  }

  /// Incoming messages: world messages "from them" whose time passes post a notification (when
  /// Messages may post them) that opens their thread.
  void on_time(Phone& phone, std::int64_t from_ms, std::int64_t to_ms) override {
    if (to_ms <= from_ms || phone.permission("messages", "POST_NOTIFICATIONS") != "granted") return;
    for (const json& t : all_threads(phone))
      for (const json& m : t["messages"]) {
        const std::int64_t at = m.value("time_ms", std::int64_t{0});
        if (m.value("from", "") != "them" || at <= from_ms || at > to_ms) continue;
        phone.post_notification("messages", display_name(t), message_text(m),
                                {{"app", "messages"}, {"thread", t.value("id", "")}});
      }
  }

  /// {"app": "messages", "thread": id} opens a thread; SEND (text/* with extras.text, image/*
  /// with extras.photo) starts a new conversation with the text or photo attached; SENDTO
  /// sms:/smsto:<number> opens that number's thread (a new one if none).
  void on_intent(Phone& phone, const json& intent) override {
    const std::string action = intent.value("action", "");
    const json extras = intent.value("extras", json::object());
    if (intent.contains("thread")) {
      const std::string id = intent.value("thread", "");
      to_root(phone);
      if (thread_by_id(phone, id).is_null()) return phone.toast("Conversation not found");
      open_thread(phone, id);
    } else if (action == kSend) {
      to_root(phone);
      json& s = own_state(phone, kApp);
      s["to"] = "";
      s["thread"] = "";
      s["draft"] = extras.is_object() ? extras.value("text", "") : "";
      s["draft_photo"] = extras.is_object() ? extras.value("photo", "") : "";
      phone.navigate("new_conversation");
      phone.focus("messages.to", "/apps/messages/to");
    } else if (action == kSendTo) {
      const std::string data = intent.value("data", "");
      const std::string number = data.substr(data.find(':') == std::string::npos ? 0 : data.find(':') + 1);
      to_root(phone);
      json& s = own_state(phone, kApp);
      s["draft"] = extras.is_object() ? extras.value("sms_body", "") : "";
      s["draft_photo"] = "";
      for (const json& t : all_threads(phone))
        if (!digits(number).empty() && digits(t.value("number", "")) == digits(number)) return open_thread(phone, t["id"]);
      s["to"] = number;
      open_thread(phone, "");
    }
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    if (dialog.value("kind", "") != "alert" || button != "delete") return;
    const std::string id = dialog.value("data", json::object()).value("thread", "");
    if (id.empty()) return;
    json& s = own_state(phone, kApp);
    s["threads"][id] = nullptr;
    s["selected"] = "";
    phone.toast("Conversation deleted");
  }

 private:
  static void conversation_list(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string selected = own_state(phone, kApp).value("selected", "");
    const std::vector<json> list = conversations(phone);
    bool selection = false;
    for (const json& t : list) selection = selection || t.value("id", "") == selected;
    if (selection) {
      ui.fill({0, area.t, Ui::width_dp(), area.t + 64}, color::kPrimaryContainer);
      ui.icon_button("messages.selection.close", 28, area.t + 32, "close", "Clear selection", color::kOnSurface,
                     [](Phone& p) { own_state(p, kApp)["selected"] = ""; });
      ui.text(64, area.t + 20, "1 selected", Font::Title, color::kOnSurface);
      ui.label("messages.selection.count", {64, area.t + 16, 200, area.t + 48}, "1 selected");
      ui.icon_button("messages.delete", Ui::width_dp() - 32, area.t + 32, "delete", "Delete", color::kOnSurface,
                     [selected](Phone& p) {
                       p.show_dialog({{"owner", "messages"},
                                      {"kind", "alert"},
                                      {"title", "Delete 1 conversation?"},
                                      {"text", "Its messages will be removed."},
                                      {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}},
                                                               {{"id", "delete"}, {"label", "Delete"}}})},
                                      {"data", {{"thread", selected}}}});
                     });
    } else {
      ui.text(24, area.t + 16, "Messages", Font::Headline, color::kOnSurface);
      ui.label("messages.title", {24, area.t + 12, 200, area.t + 52}, "Messages");
      ui.icon_button("messages.search", Ui::width_dp() - 32, area.t + 32, "search", "Search conversations",
                     color::kOnSurface, [](Phone& p) {
                       own_state(p, kApp)["query"] = "";
                       own_state(p, kApp)["selected"] = "";
                       p.navigate("search");
                       p.focus("messages.search.field", "/apps/messages/query");
                     });
    }
    ui.begin_scroll("messages.list", {0, area.t + 64, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    for (const json& t : list) {
      const std::string id = t.value("id", "");
      const std::vector<json> msgs = visible(phone, t);
      const json& last = msgs.back();
      const bool is_unread = unread(phone, t), is_sel = id == selected;
      const float y = ui.cursor_y(), h = 72;
      if (is_sel) ui.fill({0, y, Ui::width_dp(), y + h}, color::kPrimaryContainer, 0, 0.6f);
      if (is_sel) {
        ui.circle(40, y + h / 2, 20, color::kPrimary);
        ui.icon(40, y + h / 2, "check", Font::Icon, 0xFFFFFF);
      } else {
        avatar(ui, 40, y + h / 2, 20, t);
      }
      const std::string time = when(phone, last.value("time_ms", std::int64_t{0}));
      const float tw = ui.text_width(time, Font::Label);
      ui.text(Ui::width_dp() - 16 - tw, y + 16, time, Font::Label, is_unread ? color::kOnSurface : color::kOnSurfaceVariant);
      const std::string name = ui.ellipsize(display_name(t), Font::BodyLarge, Ui::width_dp() - 72 - 24 - tw);
      ui.text(72, y + 13, name, Font::BodyLarge, color::kOnSurface);
      const std::string snip = ui.ellipsize(snippet(last), Font::Body, Ui::width_dp() - 72 - 16 - (is_unread ? 20 : 0));
      ui.text(72, y + 39, snip, Font::Body, is_unread ? color::kOnSurface : color::kOnSurfaceVariant);
      if (is_unread) ui.circle(Ui::width_dp() - 22, y + 47, 5, color::kPrimary);
      Node& n = ui.item("messages.thread." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h},
                        display_name(t), [id, selection](Phone& p) {
                          if (selection)
                            own_state(p, kApp)["selected"] = own_state(p, kApp).value("selected", "") == id ? "" : id;
                          else
                            open_thread(p, id);
                        });
      n.desc = snippet(last) + ", " + time + (is_unread ? ", unread" : "");
      n.long_clickable = true;
      n.selected = is_sel;
      n.on_long_press = [id](Phone& p) { own_state(p, kApp)["selected"] = id; };
      ui.advance(h);
    }
    ui.advance(88);  // room above the floating button
    ui.end_scroll();
    // Extended FAB "Start chat".
    const Rect fab{area.r - 16 - 140, area.b - 16 - 56, area.r - 16, area.b - 16};
    ui.fill({fab.l + 1, fab.t + 3, fab.r + 1, fab.b + 3}, 0x000000, 16, 0.12f);
    ui.fill(fab, color::kPrimaryContainer, 16);
    ui.icon(fab.l + 28, (fab.t + fab.b) / 2, "chat", Font::Icon, color::kOnPrimaryContainer);
    ui.cover(fab);  // it floats over the list's last rows, as Android's extended FAB does
    ui.text(fab.l + 52, fab.t + 18, "Start chat", Font::Body, color::kOnPrimaryContainer);
    ui.item("messages.fab", "android.widget.Button", fab, "Start chat", [](Phone& p) {
      json& s = own_state(p, kApp);
      s["to"] = "";
      s["thread"] = "";
      s["selected"] = "";
      p.navigate("new_conversation");
      p.focus("messages.to", "/apps/messages/to");
    });
  }

  static void search(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.icon_button("messages.search.back", 28, area.t + 36, "arrow_back", "Navigate up", color::kOnSurface,
                   [](Phone& p) { p.back(); });
    ui.text_field("messages.search.field", {56, area.t + 8, Ui::width_dp() - 16, area.t + 64}, "Search",
                  "/apps/messages/query", "Search conversations");
    const std::string q = lower(own_state(phone, kApp).value("query", ""));
    ui.begin_scroll("messages.search.results", {0, area.t + 76, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    int found = 0;
    if (!q.empty()) {
      for (const json& t : conversations(phone)) {
        const std::vector<json> msgs = visible(phone, t);
        const json* hit = nullptr;
        const bool name_hit = lower(display_name(t)).find(q) != std::string::npos ||
                              (!digits(q).empty() && digits(t.value("number", "")).find(digits(q)) != std::string::npos &&
                               digits(q).size() == q.size() - std::count(q.begin(), q.end(), ' '));
        for (auto it = msgs.rbegin(); it != msgs.rend() && !hit; ++it)
          if (lower(message_text(*it)).find(q) != std::string::npos) hit = &*it;
        if (!name_hit && !hit) continue;
        const json& m = hit ? *hit : msgs.back();
        const std::string id = t.value("id", "");
        const float y = ui.cursor_y(), h = 72;
        avatar(ui, 40, y + h / 2, 20, t);
        const std::string time = when(phone, m.value("time_ms", std::int64_t{0}));
        const float tw = ui.text_width(time, Font::Label);
        ui.text(Ui::width_dp() - 16 - tw, y + 16, time, Font::Label, color::kOnSurfaceVariant);
        ui.text(72, y + 13, ui.ellipsize(display_name(t), Font::BodyLarge, Ui::width_dp() - 72 - 24 - tw),
                Font::BodyLarge, color::kOnSurface);
        ui.text(72, y + 39, ui.ellipsize(snippet(m), Font::Body, Ui::width_dp() - 72 - 16), Font::Body,
                color::kOnSurfaceVariant);
        Node& n = ui.item("messages.search.result." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h},
                          display_name(t), [id](Phone& p) { open_thread(p, id); });
        n.desc = snippet(m);
        ui.advance(h);
        ++found;
      }
    }
    if (found == 0) {
      const std::string hint = q.empty() ? "Search by name, number or message text" : "No results";
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 40, hint, Font::Body, color::kOnSurfaceVariant);
      ui.label("messages.search.empty", {24, ui.cursor_y() + 36, Ui::width_dp() - 24, ui.cursor_y() + 60}, hint);
      ui.advance(80);
    }
    ui.end_scroll();
  }

  static void new_conversation(Ui& ui, Phone& phone) {
    ui.top_bar("messages.new.title", "New conversation", true);
    const Rect area = Ui::content_area();
    const float y0 = ui.cursor_y();
    ui.text_field("messages.to", {16, y0, Ui::width_dp() - 16, y0 + 56}, "To", "/apps/messages/to",
                  "Type a name or phone number");
    const std::string to = own_state(phone, kApp).value("to", "");
    const std::string q = lower(to);
    const std::string photo = own_state(phone, kApp).value("draft_photo", ""), draft = own_state(phone, kApp).value("draft", "");
    float top = y0 + 68;
    if (!photo.empty() || !draft.empty()) {  // what a share intent attached
      const std::string what = !photo.empty() ? "Sharing a photo" : "Sharing: " + draft;
      const std::string w = ui.ellipsize(what, Font::Body, Ui::width_dp() - 32);
      ui.text(16, top, w, Font::Body, color::kOnSurfaceVariant);
      ui.label("messages.new.sharing", {16, top - 2, 16 + ui.text_width(w, Font::Body), top + 20}, what);
      top += 28;
    }
    ui.begin_scroll("messages.contacts", {0, top, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    if (is_number(to)) {
      ui.list_row("messages.to.number", "Send to " + to, "", "sms", [](Phone& p) {
        const std::string number = own_state(p, kApp).value("to", "");
        for (const json& t : all_threads(p))
          if (digits(t.value("number", "")) == digits(number)) return open_thread(p, t["id"]);
        open_thread(p, "");
      });
    }
    std::vector<json> contacts;
    for (const json& t : all_threads(phone)) {
      if (t.value("name", "").empty()) continue;
      const bool match = q.empty() || lower(t.value("name", "")).find(q) != std::string::npos ||
                         (!digits(q).empty() && digits(t.value("number", "")).find(digits(q)) != std::string::npos);
      if (match) contacts.push_back(t);
    }
    std::stable_sort(contacts.begin(), contacts.end(),
                     [](const json& a, const json& b) { return a.value("name", "") < b.value("name", ""); });
    if (!contacts.empty()) {
      ui.text(16, ui.cursor_y() + 8, "Contacts", Font::Label, color::kPrimary);
      ui.advance(32);
    }
    for (const json& t : contacts) {
      const std::string id = t.value("id", "");
      const float y = ui.cursor_y();
      avatar(ui, 40, y + 36, 20, t);
      ui.text(72, y + 13, ui.ellipsize(t.value("name", ""), Font::BodyLarge, Ui::width_dp() - 88), Font::BodyLarge,
              color::kOnSurface);
      ui.text(72, y + 39, t.value("number", ""), Font::Body, color::kOnSurfaceVariant);
      Node& n = ui.item("messages.contact." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 72},
                        t.value("name", ""), [id](Phone& p) { open_thread(p, id); });
      n.desc = t.value("number", "");
      ui.advance(72);
    }
    // Everyone in Contacts with a number no conversation has yet (Contacts' exported "people").
    std::set<std::string> thread_numbers;  // digits of every conversation's number
    for (const json& t : all_threads(phone)) thread_numbers.insert(digits(t.value("number", "")));
    std::vector<std::pair<json, json>> people_rows;  // (contact, phone)
    for (const json& c : people::sorted(people::all(phone))) {
      const std::string name = people::display_name(c);
      for (const json& ph : c.value("phones", json::array())) {
        const std::string number = ph.value("number", "");
        const bool has_thread = thread_numbers.count(digits(number)) > 0;
        const bool match = q.empty() || people::fold(name).find(people::fold(q)) != std::string::npos ||
                           (!digits(q).empty() && digits(number).find(digits(q)) != std::string::npos);
        if (!has_thread && match && !digits(number).empty()) people_rows.emplace_back(c, ph);
      }
    }
    if (contacts.empty() && !people_rows.empty()) {
      ui.text(16, ui.cursor_y() + 8, "Contacts", Font::Label, color::kPrimary);
      ui.advance(32);
    }
    for (const auto& [c, ph] : people_rows) {
      const std::string name = people::display_name(c), number = ph.value("number", "");
      const std::string rid = "messages.person." + c["id"].dump() + "." + digits(number);
      const float y = ui.cursor_y();
      people::avatar(ui, 40, y + 36, 20, c);
      ui.text(72, y + 13, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 88), Font::BodyLarge, color::kOnSurface);
      ui.text(72, y + 39, ph.value("label", "") + " · " + number, Font::Body, color::kOnSurfaceVariant);
      Node& n = ui.item(rid, "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 72}, name, [number, name](Phone& p) {
        json& st = own_state(p, kApp);
        st["to"] = number;
        st["to_name"] = name;
        open_thread(p, "");
      });
      n.desc = ph.value("label", "") + " " + number;
      ui.advance(72);
    }
    if (contacts.empty() && people_rows.empty() && !is_number(to)) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 40, "No matching contacts", Font::Body, color::kOnSurfaceVariant);
      ui.label("messages.contacts.empty", {24, ui.cursor_y() + 36, Ui::width_dp() - 24, ui.cursor_y() + 60},
               "No matching contacts");
      ui.advance(80);
    }
    ui.end_scroll();
  }

  static void thread(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& s = own_state(phone, kApp);
    const std::string id = s.value("thread", "");
    const json t = id.empty() ? json() : thread_by_id(phone, id);
    const std::string title = !t.is_null() ? display_name(t) : !s.value("to_name", "").empty() ? s.value("to_name", "") : s.value("to", "");
    ui.top_bar("messages.thread.title", ui.ellipsize(title, Font::Title, Ui::width_dp() - 80), true);
    const float bottom = area.b - keyboard_height_dp(phone);  // the compose bar rides on the keyboard
    const std::string photo = s.value("draft_photo", "");
    const float compose_top = bottom - 72 - (photo.empty() ? 0 : 84);
    // Bubbles: measure, then draw bottom-aligned when they fit (the newest is next to the field).
    const std::vector<json> msgs = t.is_null() ? std::vector<json>() : visible(phone, t);
    const float max_w = 240;
    struct Item {
      std::vector<std::string> lines;
      bool me, photo, day;
      float h;
    };
    std::vector<Item> items;
    float total = 8;
    int prev_day = -1;
    for (const json& m : msgs) {
      Item it;
      it.me = m.value("from", "") == "me";
      it.photo = !m.value("photo", "").empty();
      it.lines = m.value("text", "").empty() ? std::vector<std::string>() : wrap(ui, m.value("text", ""), Font::BodyLarge, max_w - 24);
      const CivilTime c = civil_from_ms(m.value("time_ms", std::int64_t{0}) + phone.local_time_ms() - phone.now_ms());
      const int day = c.year * 400 + c.month * 32 + c.day;
      it.day = day != prev_day;
      prev_day = day;
      it.h = (it.day ? 32.f : 0.f) + (it.photo ? 150.f + (it.lines.empty() ? 0.f : 4.f) : 0.f) +
             (it.lines.empty() ? 0.f : 20.f + 22.f * static_cast<float>(it.lines.size())) + 18 + 8;
      total += it.h;
      items.push_back(it);
    }
    const Rect list_area{0, area.t + 64, Ui::width_dp(), compose_top};
    ui.begin_scroll("messages.bubbles", list_area, phone.page_pointer() + "/scroll");
    if (total < list_area.h()) ui.advance(list_area.h() - total);
    ui.advance(8);
    for (std::size_t i = 0; i < msgs.size(); ++i) {
      const json& m = msgs[i];
      const Item& it = items[i];
      float y = ui.cursor_y();
      const std::int64_t at = m.value("time_ms", std::int64_t{0});
      if (it.day) {
        const std::string d = format_date_long(at + phone.local_time_ms() - phone.now_ms());
        ui.text_centered(0, Ui::width_dp(), y + 8, d, Font::Label, color::kOnSurfaceVariant);
        y += 32;
      }
      float w = 0;
      for (const std::string& l : it.lines) w = std::max(w, ui.text_width(l, Font::BodyLarge) + 24);
      if (it.photo) w = std::max(w, 200.f);
      const float bh = it.h - (it.day ? 32.f : 0.f) - 18 - 8;
      const float x = it.me ? Ui::width_dp() - 16 - w : 16;
      const std::uint32_t bg = it.me ? color::kPrimaryContainer : color::kSurfaceVariant;
      ui.fill({x, y, x + w, y + bh}, bg, 18);
      float ty = y;
      std::string photo_id;
      if (it.photo) {
        photo_id = m.value("photo", "");
        const json ph = gallery::photo(phone, photo_id);
        const Rect img{x, y, x + 200, y + 150};
        if (ph.is_null()) {
          ui.fill(img, color::kSurfaceContainer, 18);
          ui.icon((img.l + img.r) / 2, (img.t + img.b) / 2, "photo", Font::IconLarge, color::kOnSurfaceVariant);
        } else {
          gallery::draw_scene(ui, img, ph["scene"]);
        }
        ty += 154;
      }
      ty += 10;
      for (const std::string& l : it.lines) {
        ui.text(x + 12, ty, l, Font::BodyLarge, it.me ? color::kOnPrimaryContainer : color::kOnSurface);
        ty += 22;
      }
      const std::string tm = phone.format_time(at + phone.local_time_ms() - phone.now_ms());
      const float tmw = ui.text_width(tm, Font::Label);
      ui.text(it.me ? x + w - tmw - 4 : x + 4, y + bh + 3, tm, Font::Label, color::kOnSurfaceVariant);
      Node& n = ui.label("messages.message." + std::to_string(m.value("id", 0)), {x, y, x + w, y + bh}, "");
      n.text = m.value("text", "");
      n.desc = std::string(it.me ? "You" : display_name(t)) + ", " + tm + (photo_id.empty() ? "" : ", photo " + photo_id);
      ui.advance(it.h);
    }
    ui.advance(8);
    ui.end_scroll();
    // Compose bar: attachment preview, attach, text field, send.
    ui.fill({0, compose_top, Ui::width_dp(), bottom}, color::kSurface);
    if (!photo.empty()) {
      const json ph = gallery::photo(phone, photo);
      const Rect img{16, compose_top + 8, 112, compose_top + 80};
      if (ph.is_null()) ui.fill(img, color::kSurfaceContainer, 8);
      else gallery::draw_scene(ui, img, ph["scene"]);
      Node& a = ui.image("messages.attachment", img, "");
      a.text = photo;
      a.desc = "Attached photo";
      ui.circle(img.r - 2, img.t + 2, 12, 0x303030);
      ui.icon(img.r - 2, img.t + 2, "close", Font::IconSmall, 0xFFFFFF);
      Node& rm = ui.item("messages.attachment.remove", "android.widget.ImageButton",
                         {img.r - 26, img.t - 14, img.r + 22, img.t + 34}, "",
                         [](Phone& p) { own_state(p, kApp)["draft_photo"] = ""; });
      rm.desc = "Remove attachment";
    }
    const float cy = bottom - 36;
    ui.icon_button("messages.attach", 28, cy, "add_photo_alternate", "Attach a photo", color::kOnSurfaceVariant,
                   [](Phone& p) { p.navigate("attach"); });
    ui.text_field("messages.compose", {56, cy - 28, Ui::width_dp() - 64, cy + 28}, "Text message", "/apps/messages/draft", "");
    const bool can_send = !s.value("draft", "").empty() || !photo.empty();
    if (can_send) ui.circle(Ui::width_dp() - 32, cy, 22, color::kPrimary);
    ui.icon_button("messages.send", Ui::width_dp() - 32, cy, "send", "Send message",
                   can_send ? color::kOnPrimary : color::kOutline, [](Phone& p) { send(p); });
    for (Node& n : ui.nodes())
      if (n.id == "messages.send") n.enabled = can_send;
  }

  static void photo_picker(Ui& ui, Phone& phone) {
    ui.top_bar("messages.picker.title", "Choose a photo", true);
    const Rect area = Ui::content_area();
    const json photos = gallery::photos(phone);
    ui.begin_scroll("messages.picker.grid", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const float tile = 118, gap = 3;
    for (std::size_t i = 0; i < photos.size(); ++i) {
      const json& p = photos[i];
      const std::string id = p.value("id", "");
      const float x = static_cast<float>(i % 3) * (tile + gap), y = ui.cursor_y();
      gallery::draw_scene(ui, {x, y, x + tile, y + tile}, p["scene"]);
      Node& n = ui.image("messages.picker.photo." + id, {x, y, x + tile, y + tile}, "");
      n.desc = p.value("title", "Photo");
      n.clickable = true;
      n.on_click = [id](Phone& ph) {
        own_state(ph, kApp)["draft_photo"] = id;
        ph.back();
      };
      if (i % 3 == 2 || i + 1 == photos.size()) ui.advance(tile + gap);
    }
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("messages", MessagesApp);
}  // namespace pg
