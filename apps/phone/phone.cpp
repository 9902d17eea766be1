// Phone (dialer): tabs Favorites / Recents (the call log) / Contacts / Keypad (each a nav page; the
// bottom bar replaces one tab page with another, and apps.phone.tab remembers the last one for the
// next launch), a dial pad, and a simulated call screen (caller, a timer from the virtual clock, mute, speaker, end call). Ending
// a call adds a call-log entry whose duration comes from the virtual clock. The call log is world
// data (apps/phone/world/calls.json) seen through the overlay apps.phone.calls; contacts and
// favourites are Contacts' data, read through its exported calls (apps/contacts/people.hpp).
// DIAL intents (tel:) fill the dialer. An incoming call scheduled in apps.phone.incoming
// ({"number", "at_ms"}, a task's setup) rings when the phone's clock passes at_ms: the call screen
// comes to the front with Answer and Decline; answered it runs like any call (logged "incoming"),
// declined it is logged "declined", and unanswered after 30 s it is logged "missed".
#include "apps/contacts/people.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <functional>
#include <tuple>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "phone";

constexpr std::uint32_t kGreen = 0x1E8E3E, kRed = 0xD93025;
constexpr float kBottomNavDp = 80;

json idle_call() { return {{"active", false}, {"number", ""}, {"start_ms", 0}, {"muted", false}, {"speaker", false}}; }

constexpr std::int64_t kRingMs = 30000;  // an unanswered call stops ringing (missed) after this

/// "m:ss" (or "h:mm:ss") of a duration in seconds.
std::string clock_text(std::int64_t s) {
  if (s < 0) s = 0;
  char b[32];
  if (s >= 3600)
    std::snprintf(b, sizeof b, "%d:%02d:%02d", static_cast<int>(s / 3600), static_cast<int>(s / 60 % 60),
                  static_cast<int>(s % 60));
  else
    std::snprintf(b, sizeof b, "%02d:%02d", static_cast<int>(s / 60), static_cast<int>(s % 60));
  return b;
}

/// "1 min 5 sec", "45 sec": how the call log states a duration.
std::string duration_text(int s) {
  if (s < 60) return std::to_string(s) + " sec";
  if (s < 3600) return std::to_string(s / 60) + " min" + (s % 60 ? " " + std::to_string(s % 60) + " sec" : "");
  return std::to_string(s / 3600) + " hr " + std::to_string(s / 60 % 60) + " min";
}

/// When a call happened, relative to the phone's local "now": "Today 07:58", "Yesterday 22:51",
/// "Dec 29 14:06".
std::string when_text(const Phone& phone, std::int64_t utc_ms) {
  const std::int64_t shift = phone.local_time_ms() - phone.now_ms();
  const std::int64_t local = utc_ms + shift, day = 86400000;
  auto day_of = [&](std::int64_t ms) { return ms >= 0 ? ms / day : (ms - day + 1) / day; };
  const std::int64_t d = day_of(local), today = day_of(phone.local_time_ms());
  const std::string time = phone.format_time(local);
  if (d == today) return "Today " + time;
  if (d == today - 1) return "Yesterday " + time;
  // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
  std::int64_t z = d + 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const std::int64_t doe = z - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const int dd = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  const int mm = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  const int yy = static_cast<int>(yoe + era * 400) + (mm <= 2);
  return format_date(yy, mm, dd, DateStyle::MonthDay) + " " + time;
}

/// The four tabs of the bottom bar: page (and apps.phone.tab value), label, icon.
constexpr const char* kTabs[][3] = {{"favorites", "Favorites", "star"},
                                    {"recents", "Recents", "history"},
                                    {"contacts", "Contacts", "people"},
                                    {"keypad", "Keypad", "dialpad"}};

/// Shows tab `id`: apps.phone.tab remembers it and, with Phone in the foreground on another tab,
/// its page replaces the current tab page (nav.json "tab_<id>"), scrolled to the top.
void show_tab(Phone& p, const std::string& id) {
  own_state(p, kApp)["tab"] = id;
  if (p.foreground() == "phone" && p.current_page() != id) p.navigate("tab_" + id);
}

/// Starts an outgoing call to `number` from a tab page (opens the call screen).
void start_call(Phone& p, const std::string& number) {
  if (number.empty()) return;
  json& st = own_state(p, kApp);
  if (st["call"].value("active", false)) {  // one call at a time: show the ongoing one
    p.navigate("return_to_call");
    return;
  }
  st["call"] = idle_call();
  st["call"]["active"] = true;
  st["call"]["number"] = number;
  st["call"]["start_ms"] = p.now_ms();
  st["dial"] = "";
  p.navigate("start_call");
}

/// Ends the ongoing call: a call-log entry (outgoing, started at start_ms, duration from the
/// virtual clock in whole seconds) goes into the overlay apps.phone.calls under next_call_id.
/// Adds a call-log entry to the overlay under next_call_id.
void log_call(Phone& p, const std::string& number, const std::string& type, std::int64_t time_ms, int duration_s) {
  json& st = own_state(p, kApp);
  const int id = st.value("next_call_id", 1);
  if (!st["calls"].is_object()) st["calls"] = json::object();
  st["calls"][std::to_string(id)] = {{"number", number}, {"type", type}, {"time_ms", time_ms}, {"duration_s", duration_s}};
  st["next_call_id"] = id + 1;
}

void end_call(Phone& p) {
  json& st = own_state(p, kApp);
  const json call = st["call"];
  if (call.value("active", false)) {
    const std::int64_t start = call.value("start_ms", p.now_ms());
    const bool incoming = call.value("direction", "outgoing") == "incoming";
    if (call.value("ringing", false)) {  // declined
      log_call(p, call.value("number", ""), "declined", start, 0);
    } else {
      log_call(p, call.value("number", ""), incoming ? "incoming" : "outgoing", incoming ? call.value("answered_ms", start) : start,
               static_cast<int>(std::max<std::int64_t>(0, p.now_ms() - call.value("answered_ms", start)) / 1000));
      p.toast("Call ended");
    }
  }
  st["call"] = idle_call();
  if (p.foreground() == "phone" && p.current_page() == "call") p.back();
}

/// Answers the ringing incoming call: the timer starts now.
void answer_call(Phone& p) {
  json& c = own_state(p, kApp)["call"];
  if (!c.value("ringing", false)) return;
  c["ringing"] = false;
  c["answered_ms"] = p.now_ms();
}

/// The call log (world calls merged with the overlay), newest first.
std::vector<json> call_log(const Phone& p) {
  const json all = resolve_collection(World::instance(), own_state(p, kApp), "phone", "calls");
  std::vector<json> v(all.begin(), all.end());
  std::stable_sort(v.begin(), v.end(), [](const json& a, const json& b) {
    const std::int64_t ta = a.value("time_ms", std::int64_t{0}), tb = b.value("time_ms", std::int64_t{0});
    if (ta != tb) return ta > tb;
    return a["id"].dump() > b["id"].dump();
  });
  return v;
}

/// A round dial-pad key: the digit with its letters under it; tap appends `ch` to the number,
/// long-press appends `long_ch` instead (0 gives "+").
void dial_key(Ui& ui, const std::string& id, float cx, float cy, const std::string& digit, const std::string& letters,
              const std::string& ch, const std::string& long_ch) {
  ui.circle(cx, cy, 32, color::kSurfaceContainer);
  const float dh = ui.line_height(Font::Headline);
  const float top = letters.empty() ? cy - dh / 2 - 2 : cy - dh / 2 - 9;
  ui.text_centered(cx - 36, cx + 36, top, digit, Font::Headline, color::kOnSurface);
  if (!letters.empty()) ui.text_centered(cx - 36, cx + 36, cy + 11, letters, Font::Label, color::kOnSurfaceVariant);
  Node& n = ui.item(id, "android.widget.ImageButton", {cx - 40, cy - 34, cx + 40, cy + 34}, digit,
                    [ch](Phone& p) { own_state(p, kApp)["dial"] = own_state(p, kApp).value("dial", "") + ch; });
  n.desc = letters.empty() ? digit : digit + " " + letters;
  if (!long_ch.empty()) {
    n.long_clickable = true;
    n.on_long_press = [long_ch](Phone& p) { own_state(p, kApp)["dial"] = own_state(p, kApp).value("dial", "") + long_ch; };
  }
}

class PhoneApp : public App {
 public:
  PhoneApp() {
    for (const auto& t : kTabs) {
      const std::string tab = t[0];
      add_page(tab, [tab](Ui& ui, Phone& phone) { main_page(ui, phone, tab); });
    }
    add_page("call", call_page);
  }

  /// Reopens on the tab the user left (apps.phone.tab), as Android's dialer does.
  std::string launch_page(const Phone& phone) const override {
    const std::string tab = own_state(phone, kApp).value("tab", "favorites");
    for (const auto& t : kTabs)
      if (tab == t[0]) return tab;
    return entry_page();
  }

  /// DIAL: opens the keypad with the intent's number ("tel:<number>", percent-decoded) typed in.
  void on_intent(Phone& phone, const json& intent) override {
    if (intent.value("action", "") != "android.intent.action.DIAL") return;
    if (phone.foreground() == "phone") phone.back_to_root();
    std::string data = intent.value("data", "");
    if (data.rfind("tel:", 0) == 0) data = data.substr(4);
    else data.clear();
    std::string number;
    for (std::size_t i = 0; i < data.size(); ++i) {
      if (data[i] == '%' && i + 2 < data.size() && std::isxdigit(static_cast<unsigned char>(data[i + 1])) &&
          std::isxdigit(static_cast<unsigned char>(data[i + 2]))) {
        number += static_cast<char>(std::stoi(data.substr(i + 1, 2), nullptr, 16));
        i += 2;
      } else {
        number += data[i];
      }
    }
    show_tab(phone, "keypad");
    own_state(phone, kApp)["dial"] = number;
    if (phone.foreground() == "phone") phone.set_scroll(0);
  }

  /// Incoming calls: the scheduled one rings when its time passes (the call screen comes to the
  /// front); a ringing call nobody answers is missed after 30 s.
  void on_time(Phone& phone, std::int64_t from_ms, std::int64_t to_ms) override {
    {  // no call and none coming: read only (an untouched overlay stays shared)
      const json& c = own_state(std::as_const(phone), kApp);
      const bool active = object_member(c, "call").value("active", false);
      if (!active && !(c.contains("incoming") && c["incoming"].is_object())) return;
    }
    json& st = own_state(phone, kApp);
    const json& call = st["call"];
    if (call.value("active", false) && call.value("ringing", false) && to_ms - call.value("start_ms", to_ms) >= kRingMs) {
      log_call(phone, call.value("number", ""), "missed", call.value("start_ms", to_ms), 0);
      st["call"] = idle_call();
      if (phone.foreground() == "phone" && phone.current_page() == "call") phone.back();
      phone.post_notification(kApp, "Missed call", call.value("number", ""), {{"app", kApp}});
      return;
    }
    const json inc = st.value("incoming", json());
    if (!inc.is_object() || call.value("active", false)) return;
    const std::int64_t at = inc.value("at_ms", std::int64_t{0});
    if (at <= from_ms || at > to_ms) return;
    st["incoming"] = nullptr;
    json ring = idle_call();
    ring["active"] = true;
    ring["ringing"] = true;
    ring["direction"] = "incoming";
    ring["number"] = inc.value("number", "");
    ring["start_ms"] = at;
    st["call"] = ring;
    phone.start_intent({{"app", kApp}});
    phone.navigate("start_call");
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    if (dialog.value("kind", "") != "alert" || button != "clear") return;
    json& calls = own_state(phone, kApp)["calls"];
    if (!calls.is_object()) calls = json::object();
    for (const json& c : call_log(phone)) {
      const std::string key = c["id"].is_string() ? c["id"].get<std::string>() : c["id"].dump();
      if (World::instance().entity("phone", "calls", key)) calls[key] = nullptr;
      else calls.erase(key);
    }
    if (phone.foreground() == "phone") phone.set_scroll(0);
    phone.toast("Call history cleared");
  }

 private:
  /// A tab page: title bar (not on the keypad), the ongoing-call banner, the tab's body, the bar.
  static void main_page(Ui& ui, Phone& phone, const std::string& tab) {
    const Rect area = Ui::content_area();
    const json contacts = people::all(phone);
    float top = area.t;
    if (tab != "keypad") {
      static const std::pair<const char*, const char*> kTitles[] = {
          {"favorites", "Favorites"}, {"recents", "Recents"}, {"contacts", "Contacts"}};
      std::string title = "Phone";
      for (auto& [k, v] : kTitles)
        if (tab == k) title = v;
      ui.headline("phone.title", 16, area.t + 10, title);
      if (tab == "recents" && !call_log(phone).empty())
        ui.icon_button("phone.recents.clear", Ui::width_dp() - 32, area.t + 30, "delete_sweep", "Clear call history",
                       color::kOnSurfaceVariant, [](Phone& p) {
                         p.show_dialog({{"owner", "phone"},
                                        {"kind", "alert"},
                                        {"title", "Clear call history?"},
                                        {"text", "All calls will be removed."},
                                        {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}},
                                                                 {{"id", "clear"}, {"label", "Clear"}}})},
                                        {"data", json::object()}});
                       });
      top += 60;
    }
    const json& call = own_state(phone, kApp)["call"];
    if (call.value("active", false)) {
      const json who = people::by_number(contacts, call.value("number", ""));
      const std::string label = "Ongoing call \xC2\xB7 " +
                                clock_text((phone.now_ms() - call.value("start_ms", phone.now_ms())) / 1000) +
                                " \xC2\xB7 Tap to return";
      ui.fill({0, top, Ui::width_dp(), top + 48}, kGreen);
      ui.text(16, top + 15, ui.ellipsize(label, Font::Body, Ui::width_dp() - 32), Font::Body, 0xFFFFFF);
      Node& n = ui.item("phone.return_to_call", "android.widget.LinearLayout", {0, top, Ui::width_dp(), top + 48}, label,
                        [](Phone& p) { p.navigate("return_to_call"); });
      n.desc = who.is_null() ? call.value("number", "") : people::display_name(who);
      top += 48;
    }
    const Rect body{0, top, Ui::width_dp(), area.b - kBottomNavDp};
    if (tab == "favorites") favorites(ui, phone, body, contacts);
    else if (tab == "recents") recents(ui, phone, body, contacts);
    else if (tab == "contacts") contacts_tab(ui, phone, body, contacts);
    else keypad(ui, phone, body, contacts);
    bottom_nav(ui, phone, tab);
  }

  /// The bottom navigation bar: four tabs, the selected one with a pill behind its icon.
  static void bottom_nav(Ui& ui, Phone& phone, const std::string& tab) {
    static const std::vector<Ui::Tab> kNav = {{"favorites", "Favorites", "star"},
                                               {"recents", "Recents", "history"},
                                               {"contacts", "Contacts", "people"},
                                               {"keypad", "Keypad", "dialpad"}};
    int selected = -1;
    for (std::size_t i = 0; i < kNav.size(); ++i)
      if (kNav[i].key == tab) selected = static_cast<int>(i);
    ui.bottom_nav("phone.tab.", kNav, selected,
                  [](Phone& p, int i) { show_tab(p, kNav[static_cast<std::size_t>(i)].key); });
    (void)phone;
  }

  /// Calls the contact's first number (a toast if it has none).
  static Handler call_contact(const json& c) {
    const std::string number = people::first_number(c);
    return [number](Phone& p) {
      if (number.empty()) p.toast("No phone number");
      else start_call(p, number);
    };
  }

  static void favorites(Ui& ui, Phone& phone, const Rect& body, const json& contacts) {
    std::vector<json> favs;
    for (const json& f : people::favorite_ids(phone)) {
      const json c = f.is_number_integer() ? people::by_id(contacts, f.get<int>()) : json(nullptr);
      if (!c.is_null()) favs.push_back(c);
    }
    ui.begin_scroll("phone.favorites", body, phone.page_pointer() + "/scroll");
    if (favs.empty()) {
      const float y = ui.cursor_y() + 120;
      ui.text_centered(0, Ui::width_dp(), y, "No favorites yet", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.text_centered(0, Ui::width_dp(), y + 28, "Star contacts in Contacts to see them here", Font::Body,
                       color::kOnSurfaceVariant);
      ui.label("phone.favorites.empty", {24, y - 4, Ui::width_dp() - 24, y + 52}, "No favorites yet");
      ui.advance(220);
    }
    const float tile_w = (Ui::width_dp() - 24) / 3;
    for (std::size_t i = 0; i < favs.size(); i += 3) {
      const float y = ui.cursor_y() + 8;
      for (std::size_t k = i; k < std::min(i + 3, favs.size()); ++k) {
        const json& c = favs[k];
        const float l = 12 + tile_w * static_cast<float>(k - i);
        const float cx = l + tile_w / 2;
        people::avatar(ui, cx, y + 44, 36, c, Font::Headline);
        const std::string name = people::display_name(c);
        ui.text_centered(l, l + tile_w, y + 90, ui.ellipsize(name, Font::Body, tile_w - 12), Font::Body,
                         color::kOnSurface);
        Node& n = ui.item("phone.favorite." + c["id"].dump(), "android.widget.FrameLayout", {l, y, l + tile_w, y + 120},
                          name, call_contact(c));
        n.desc = "Call " + name;
      }
      ui.advance(128);
    }
    ui.end_scroll();
  }

  static void recents(Ui& ui, Phone& phone, const Rect& body, const json& contacts) {
    const std::vector<json> log = call_log(phone);
    ui.begin_scroll("phone.recents", body, phone.page_pointer() + "/scroll");
    if (log.empty()) {
      const float y = ui.cursor_y() + 120;
      ui.text_centered(0, Ui::width_dp(), y, "Your call history is empty", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("phone.recents.empty", {24, y - 4, Ui::width_dp() - 24, y + 24}, "Your call history is empty");
      ui.advance(200);
    }
    for (const json& c : log) {
      const std::string number = c.value("number", "");
      const std::string type = c.value("type", "incoming");
      const json who = people::by_number(contacts, number);
      const std::string name = who.is_null() ? number : people::display_name(who);
      const float y = ui.cursor_y();
      people::avatar(ui, 40, y + 36, 20, who, Font::BodyLarge);
      ui.text(72, y + 14, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 72 - 64), Font::BodyLarge,
              type == "missed" ? kRed : color::kOnSurface);
      const std::string icon = type == "missed"     ? "call_missed"
                               : type == "declined" ? "call_missed_outgoing"
                               : type == "outgoing" ? "call_made"
                                                    : "call_received";
      ui.icon(80, y + 47, icon, Font::IconSmall, type == "missed" ? kRed : color::kOnSurfaceVariant);
      const int dur = c.value("duration_s", 0);
      std::string sub = when_text(phone, c.value("time_ms", std::int64_t{0}));
      if (type != "missed" && type != "declined") sub += " \xC2\xB7 " + duration_text(dur);
      ui.text(94, y + 38, ui.ellipsize(sub, Font::Body, Ui::width_dp() - 94 - 64), Font::Body, color::kOnSurfaceVariant);
      ui.icon(Ui::width_dp() - 36, y + 36, "call", Font::Icon, color::kPrimary);
      Node& n = ui.item("phone.recent." + c["id"].dump(), "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 72},
                        name, [number](Phone& p) { start_call(p, number); });
      n.desc = (type == "missed" ? "Missed call, " : type == "declined" ? "Declined call, " : type == "outgoing" ? "Outgoing call, " : "Incoming call, ") + sub;
      ui.advance(72);
    }
    ui.advance(8);
    ui.end_scroll();
  }

  static void contacts_tab(Ui& ui, Phone& phone, const Rect& body, const json& contacts) {
    ui.begin_scroll("phone.contacts", body, phone.page_pointer() + "/scroll");
    std::string last;
    for (const json& c : people::sorted(contacts)) {
      const float y = ui.cursor_y();
      const std::string letter = people::section(c);
      if (letter != last) ui.text(20, y + 16, letter, Font::BodyLarge, color::kPrimary);
      last = letter;
      people::avatar(ui, 64, y + 28, 20, c, Font::BodyLarge);
      const std::string name = people::display_name(c);
      ui.text(96, y + 18, ui.ellipsize(name, Font::BodyLarge, Ui::width_dp() - 96 - 16), Font::BodyLarge,
              color::kOnSurface);
      Node& n = ui.item("phone.contact." + c["id"].dump(), "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + 56},
                        name, call_contact(c));
      n.desc = "Call " + name;
      ui.advance(56);
    }
    ui.advance(8);
    ui.end_scroll();
  }

  static void keypad(Ui& ui, Phone& phone, const Rect& body, const json& contacts) {
    const std::string number = own_state(phone, kApp).value("dial", "");
    // The number as typed, its contact (if any), backspace.
    const float ny = body.t + 40;
    const std::string shown = ui.ellipsize(number, Font::Headline, Ui::width_dp() - 112);
    ui.text_centered(56, Ui::width_dp() - 56, ny, shown, Font::Headline, color::kOnSurface);
    Node& num =
        ui.item("phone.dial.number", "android.widget.EditText", {56, ny - 8, Ui::width_dp() - 56, ny + 44}, number, {});
    num.desc = "Phone number";
    if (!number.empty()) {
      const json who = people::by_number(contacts, number);
      if (!who.is_null()) {
        const std::string name = ui.ellipsize(people::display_name(who), Font::Body, Ui::width_dp() - 112);
        ui.text_centered(56, Ui::width_dp() - 56, ny + 44, name, Font::Body, color::kOnSurfaceVariant);
        const float w = ui.text_width(name, Font::Body);
        ui.label("phone.dial.match", {(Ui::width_dp() - w) / 2, ny + 44, (Ui::width_dp() + w) / 2, ny + 64}, name);
      }
      ui.icon_button("phone.dial.backspace", Ui::width_dp() - 32, ny + 18, "backspace", "Backspace",
                     color::kOnSurfaceVariant, [](Phone& p) {
                       std::string d = own_state(p, kApp).value("dial", "");
                       if (!d.empty()) d.pop_back();
                       own_state(p, kApp)["dial"] = d;
                     });
      Node& bs = ui.nodes().back();
      bs.long_clickable = true;
      bs.on_long_press = [](Phone& p) { own_state(p, kApp)["dial"] = ""; };
    }
    static const char* kKeys[12][4] = {
        {"1", "", "1", ""},     {"2", "ABC", "2", ""},   {"3", "DEF", "3", ""},  {"4", "GHI", "4", ""},
        {"5", "JKL", "5", ""},  {"6", "MNO", "6", ""},   {"7", "PQRS", "7", ""}, {"8", "TUV", "8", ""},
        {"9", "WXYZ", "9", ""}, {"*", "", "*", ""},      {"0", "+", "0", "+"},   {"#", "", "#", ""}};
    static const char* kIds[12] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "star", "0", "pound"};
    const float gy = body.t + 140;
    for (int i = 0; i < 12; ++i) {
      const float cx = Ui::width_dp() / 2 + static_cast<float>(i % 3 - 1) * 96;
      const float cy = gy + static_cast<float>(i / 3) * 74;
      dial_key(ui, std::string("phone.key.") + kIds[i], cx, cy, kKeys[i][0], kKeys[i][1], kKeys[i][2], kKeys[i][3]);
    }
    const float cy = gy + 4 * 74 + 8;
    ui.fill({Ui::width_dp() / 2 - 40, cy - 28, Ui::width_dp() / 2 + 40, cy + 28}, kGreen, 28);
    ui.icon(Ui::width_dp() / 2, cy, "call", Font::Icon, 0xFFFFFF);
    Node& n = ui.item("phone.dial.call", "android.widget.ImageButton",
                      {Ui::width_dp() / 2 - 40, cy - 28, Ui::width_dp() / 2 + 40, cy + 28}, "", [](Phone& p) {
                        const std::string d = own_state(p, kApp).value("dial", "");
                        if (!d.empty()) return start_call(p, d);
                        // An empty dialer recalls the last number dialled, as Android's does.
                        for (const json& c : call_log(p))
                          if (c.value("type", "") == "outgoing") {
                            own_state(p, kApp)["dial"] = c.value("number", "");
                            return;
                          }
                      });
    n.desc = "Call";
  }

  static void call_page(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    ui.gradient({0, area.t, Ui::width_dp(), area.b}, 0xE8F0FE, color::kSurface);
    const json& call = own_state(phone, kApp)["call"];
    const bool active = call.value("active", false);
    const std::string number = call.value("number", "");
    const json who = people::by_number(people::all(phone), number);
    const std::string name = who.is_null() ? number : people::display_name(who);
    people::avatar(ui, Ui::width_dp() / 2, area.t + 120, 56, who, Font::Headline);
    const std::string shown = ui.ellipsize(active ? name : "Call ended", Font::Headline, Ui::width_dp() - 32);
    ui.text_centered(0, Ui::width_dp(), area.t + 200, shown, Font::Headline, color::kOnSurface);
    const float w = ui.text_width(shown, Font::Headline);
    ui.label("phone.call.name", {(Ui::width_dp() - w) / 2, area.t + 200, (Ui::width_dp() + w) / 2, area.t + 236},
             active ? name : "Call ended");
    if (!active) {
      ui.button("phone.call.close", {Ui::width_dp() / 2 - 60, area.t + 300, Ui::width_dp() / 2 + 60, area.t + 340}, "Close",
                true, [](Phone& p) { p.back(); });
      return;
    }
    if (call.value("ringing", false)) {  // incoming: Decline and Answer
      ui.text_centered(0, Ui::width_dp(), area.t + 28, "Incoming call", Font::Body, color::kOnSurfaceVariant);
      ui.label("phone.call.incoming", {Ui::width_dp() / 2 - 60, area.t + 26, Ui::width_dp() / 2 + 60, area.t + 46}, "Incoming call");
      if (!who.is_null()) ui.text_centered(0, Ui::width_dp(), area.t + 244, number, Font::BodyLarge, color::kOnSurfaceVariant);
      const float ey = area.b - 96;
      for (const auto& [id, cx, col, icon, label] : {std::make_tuple("phone.call.decline", Ui::width_dp() / 2 - 96, kRed, "call_end", "Decline"),
                                                     std::make_tuple("phone.call.answer", Ui::width_dp() / 2 + 96, kGreen, "call", "Answer")}) {
        ui.circle(cx, ey, 36, col);
        ui.icon(cx, ey, icon, Font::IconLarge, 0xFFFFFF);
        ui.text_centered(cx - 48, cx + 48, ey + 44, label, Font::Body, color::kOnSurface);
        Node& b = ui.item(id, "android.widget.ImageButton", {cx - 44, ey - 40, cx + 44, ey + 62}, "",
                          std::string(id) == "phone.call.answer" ? std::function<void(Phone&)>(answer_call) : std::function<void(Phone&)>(end_call));
        b.desc = label;
      }
      return;
    }
    float y = area.t + 244;
    if (!who.is_null()) {
      ui.text_centered(0, Ui::width_dp(), y, number, Font::BodyLarge, color::kOnSurfaceVariant);
      const float nw = ui.text_width(number, Font::BodyLarge);
      ui.label("phone.call.number", {(Ui::width_dp() - nw) / 2, y, (Ui::width_dp() + nw) / 2, y + 22}, number);
      y += 28;
    }
    const std::string timer = clock_text((phone.now_ms() - call.value("answered_ms", call.value("start_ms", phone.now_ms()))) / 1000);
    ui.text_centered(0, Ui::width_dp(), y + 4, timer, Font::BodyLarge, color::kPrimary);
    const float tw = ui.text_width(timer, Font::BodyLarge);
    ui.item("phone.call.timer", "android.widget.Chronometer",
            {(Ui::width_dp() - tw) / 2, y + 4, (Ui::width_dp() + tw) / 2, y + 26}, timer, {});
    // Mute and speaker toggles.
    const float by = area.t + 460;
    auto toggle = [&](const std::string& id, float cx, const std::string& icon, const std::string& label, bool on,
                      const char* key) {
      ui.circle(cx, by, 32, on ? color::kPrimary : color::kSurfaceContainer);
      ui.icon(cx, by, icon, Font::Icon, on ? color::kOnPrimary : color::kOnSurface);
      ui.text_centered(cx - 48, cx + 48, by + 40, label, Font::Body, color::kOnSurfaceVariant);
      Node& n = ui.item(id, "android.widget.ToggleButton", {cx - 48, by - 36, cx + 48, by + 62}, label, {});
      n.checkable = true;
      n.checked = on;
      n.clickable = true;
      const std::string k = key;
      n.on_click = [k](Phone& p) {
        json& c = own_state(p, kApp)["call"];
        c[k] = !c.value(k, false);
      };
    };
    toggle("phone.call.mute", Ui::width_dp() / 2 - 80, call.value("muted", false) ? "mic_off" : "mic", "Mute",
           call.value("muted", false), "muted");
    toggle("phone.call.speaker", Ui::width_dp() / 2 + 80, "volume_up", "Speaker", call.value("speaker", false), "speaker");
    // End call.
    const float ey = area.b - 80;
    ui.fill({Ui::width_dp() / 2 - 48, ey - 32, Ui::width_dp() / 2 + 48, ey + 32}, kRed, 32);
    ui.icon(Ui::width_dp() / 2, ey, "call_end", Font::IconLarge, 0xFFFFFF);
    Node& end = ui.item("phone.call.end", "android.widget.ImageButton",
                        {Ui::width_dp() / 2 - 48, ey - 32, Ui::width_dp() / 2 + 48, ey + 32}, "", end_call);
    end.desc = "End call";
  }
};

}  // namespace
PG_REGISTER_APP("phone", PhoneApp);
}  // namespace pg
