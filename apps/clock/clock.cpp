// Clock: four tabs (Alarm, Clock, Timer, Stopwatch) in a bottom navigation bar, plus the Add
// alarm, Edit alarm and Add city pages. Everything time-dependent is computed from the virtual
// clock (os.time_ms): a running timer keeps its end time, a running stopwatch its start time, so
// waiting changes nothing in the state until the timer rings (a notification, "Timer done").
// State: apps.clock (see docs/apps/clock.md); world-clock cities come from world/cities.json.
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/font_scale.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "clock";

json* find_alarm(Phone& p, int id) {
  for (json& a : own_state(p, kApp)["alarms"])
    if (a.value("id", -1) == id) return &a;
  return nullptr;
}

// ---------------------------------------------------------------- days of the week

constexpr const char* kDays[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
/// The abbreviated name of kDays[i] (Monday first), in the phone's locale.
std::string day_label(int i) { return weekday_name((i + 1) % 7, true); }

/// The day codes of `repeat` in week order (Mon..Sun), unknown codes dropped.
json week_order(const json& repeat) {
  json out = json::array();
  for (const char* d : kDays)
    if (repeat.is_array() && std::find(repeat.begin(), repeat.end(), d) != repeat.end()) out.push_back(d);
  return out;
}

/// "Every day", "Weekdays", "Weekends", "Mon, Wed" or "Once".
std::string repeat_summary(const json& repeat) {
  const json days = week_order(repeat);
  if (days.empty()) return "Once";
  if (days.size() == 7) return "Every day";
  if (days == json({"mon", "tue", "wed", "thu", "fri"})) return "Weekdays";
  if (days == json({"sat", "sun"})) return "Weekends";
  std::string s;
  for (int i = 0; i < 7; ++i)
    if (std::find(days.begin(), days.end(), kDays[i]) != days.end()) s += (s.empty() ? "" : ", ") + day_label(i);
  return s;
}

// ---------------------------------------------------------------- durations

/// ms as "5:00", "1:02:03" (whole seconds, rounded up as a countdown shows them).
std::string countdown_text(std::int64_t ms) {
  const std::int64_t s = (std::max<std::int64_t>(ms, 0) + 999) / 1000;
  char b[32];
  if (s >= 3600)
    std::snprintf(b, sizeof b, "%d:%02d:%02d", static_cast<int>(s / 3600), static_cast<int>(s / 60 % 60), static_cast<int>(s % 60));
  else
    std::snprintf(b, sizeof b, "%d:%02d", static_cast<int>(s / 60), static_cast<int>(s % 60));
  return b;
}

/// ms as "00:05.16" or "1:00:05.16" (hundredths, truncated as a stopwatch shows them).
std::string stopwatch_text(std::int64_t ms) {
  ms = std::max<std::int64_t>(ms, 0);
  const int cs = static_cast<int>(ms / 10 % 100), s = static_cast<int>(ms / 1000 % 60);
  const int m = static_cast<int>(ms / 60000 % 60), h = static_cast<int>(ms / 3600000);
  char b[40];
  if (h > 0)
    std::snprintf(b, sizeof b, "%d:%02d:%02d.%02d", h, m, s, cs);
  else
    std::snprintf(b, sizeof b, "%02d:%02d.%02d", m, s, cs);
  return b;
}

/// The keypad's digits (up to 6, HHMMSS filled from the right) as a duration in ms.
std::int64_t keypad_ms(const std::string& digits) {
  std::string d = std::string(6 - std::min<std::size_t>(6, digits.size()), '0') + digits.substr(0, 6);
  const int h = std::stoi(d.substr(0, 2)), m = std::stoi(d.substr(2, 2)), s = std::stoi(d.substr(4, 2));
  return (h * 3600LL + m * 60LL + s) * 1000LL;
}

std::int64_t timer_remaining(const Phone& p) {
  const json& t = object_member(own_state(p, kApp), "timer");
  if (t.value("running", false)) return std::max<std::int64_t>(0, t.value("end_ms", std::int64_t{0}) - p.now_ms());
  return t.value("remaining_ms", std::int64_t{0});
}

std::int64_t stopwatch_elapsed(const Phone& p) {
  const json& s = object_member(own_state(p, kApp), "stopwatch");
  std::int64_t e = s.value("elapsed_ms", std::int64_t{0});
  if (s.value("running", false)) e += p.now_ms() - s.value("start_ms", std::int64_t{0});
  return e;
}

/// "9 hr ahead", "5 hr 30 min behind", "Same time".
std::string offset_phrase(int diff_min) {
  if (diff_min == 0) return "Same time";
  const int a = std::abs(diff_min);
  std::string s = std::to_string(a / 60) + " hr";
  if (a % 60) s = (a / 60 ? s + " " : std::string()) + std::to_string(a % 60) + " min";
  return s + (diff_min > 0 ? " ahead" : " behind");
}

// ---------------------------------------------------------------- tabs

constexpr float kTabBarDp = 80;
struct Tab {
  const char* id;     // widget id suffix and tab name
  const char* label;
  const char* icon;
  const char* page;   // nav.json page
};
constexpr Tab kTabs[] = {{"alarm", "Alarm", "alarm", "alarms"},
                         {"clock", "Clock", "schedule", "world_clock"},
                         {"timer", "Timer", "hourglass_empty", "timer"},
                         {"stopwatch", "Stopwatch", "timer", "stopwatch"}};

/// Switches tabs: the Alarm page is the task's root and the other tabs sit one page above it, so
/// back from any tab returns to Alarm (Android's bottom navigation) and the stack never grows.
void go_tab(Phone& p, const Tab& tab) {
  p.clear_focus();
  if (p.current_page() == tab.page) return;
  if (p.current_page() != "alarms") p.back();
  if (std::string(tab.id) != "alarm") p.navigate(std::string("tab_") + tab.id);
}

/// The bottom navigation bar (Material 3): four destinations, the current one highlighted.
void tab_bar(Ui& ui, const std::string& current_page) {
  std::vector<Ui::Tab> tabs;
  int selected = -1;
  for (int i = 0; i < 4; ++i) {
    tabs.push_back({kTabs[i].id, kTabs[i].label, kTabs[i].icon});
    if (current_page == kTabs[i].page) selected = i;
  }
  ui.bottom_nav("clock.tab.", tabs, selected, [](Phone& p, int i) { go_tab(p, kTabs[i]); });
}

/// A floating action button centred at (cx, cy), `size` dp square.
void round_button(Ui& ui, const std::string& id, float cx, float cy, float size, const std::string& icon,
                  const std::string& desc, bool primary, Handler on_click) {
  const Rect r{cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2};
  ui.fill({r.l + 1, r.t + 3, r.r + 1, r.b + 3}, 0x000000, size / 4, 0.12f);
  ui.fill(r, primary ? color::kPrimary : color::kPrimaryContainer, size / 4);
  ui.icon(cx, cy, icon, size >= 72 ? Font::IconLarge : Font::Icon, primary ? color::kOnPrimary : color::kOnPrimaryContainer);
  Node& n = ui.item(id, "android.widget.ImageButton", r, "", std::move(on_click));
  n.desc = desc;
}

/// A tonal pill button (Reset, Lap, Delete) centred at (cx, cy).
void pill_button(Ui& ui, const std::string& id, float cx, float cy, const std::string& label, Handler on_click) {
  const Rect r{cx - 48, cy - 24, cx + 48, cy + 24};
  ui.fill(r, color::kSurfaceContainer, 24);
  ui.button(id, r, label, false, std::move(on_click));
}

void page_title(Ui& ui, const std::string& id, const std::string& title) {
  ui.headline(id, 24, Ui::content_area().t + 20, title);
}

class ClockApp : public App {
 public:
  /// Enabled alarms whose time of day passes between the two instants ring (on their repeat days,
  /// if any): a notification (if the app may post them) that opens Clock. A running timer whose
  /// end passes stops at zero and posts "Timer done".
  void on_time(Phone& phone, std::int64_t from_ms, std::int64_t to_ms) override {
    if (to_ms <= from_ms) return;
    const bool may_post = phone.permission("clock", "POST_NOTIFICATIONS") == "granted";
    const std::int64_t shift = phone.local_time_ms() - phone.now_ms();  // time zone offset (ms)
    const std::int64_t from = from_ms + shift, to = to_ms + shift, day = 86400000;
    const json& mine = own_state(std::as_const(phone), kApp);  // read only: the overlay stays shared
    const json alarms = mine.value("alarms", json::array());
    for (const json& a : alarms) {
      if (!a.value("enabled", false)) continue;
      const int minutes = parse_hhmm(a.value("time", ""));
      if (minutes < 0) continue;
      std::int64_t t = (from >= 0 ? from / day : (from - day + 1) / day) * day + minutes * 60000LL;
      if (t <= from) t += day;
      if (t > to) continue;
      const json days = week_order(a.value("repeat", json::array()));
      const char* today = kDays[(civil_from_ms(t).weekday + 6) % 7];
      if (!days.empty() && std::find(days.begin(), days.end(), today) == days.end()) continue;
      if (!may_post) continue;
      const std::string label = a.value("label", "");
      phone.post_notification("clock", "Alarm", a.value("time", "") + (label.empty() ? "" : " \u00b7 " + label),
                              {{"app", "clock"}});
    }
    const json& timer = object_member(mine, "timer");
    if (timer.value("running", false) && timer.value("end_ms", std::int64_t{0}) <= to_ms) {
      const std::int64_t duration = timer.value("duration_ms", std::int64_t{0});
      json& t = own_state(phone, kApp)["timer"];
      t["running"] = false;
      t["remaining_ms"] = 0;
      t["end_ms"] = 0;
      if (may_post) phone.post_notification("clock", "Timer done", countdown_text(duration) + " timer", {{"app", "clock"}});
    }
  }

  ClockApp() {
    // The four tabs draw the tab bar over their page.
    auto tab = [](void (*draw)(Ui&, Phone&), const char* page) {
      return [draw, page](Ui& ui, Phone& phone) {
        draw(ui, phone);
        tab_bar(ui, page);
      };
    };
    add_page("alarms", tab(alarms, "alarms"));
    add_page("add_alarm", add_alarm);
    add_page("edit_alarm", edit_alarm);
    add_page("world_clock", tab(world_clock, "world_clock"));
    add_page("add_city", add_city);
    add_page("timer", tab(timer, "timer"));
    add_page("stopwatch", tab(stopwatch, "stopwatch"));
  }

 private:
  // ---------------------------------------------------------------- Alarm tab
  static void alarms(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const float list_bottom = area.b - kTabBarDp;
    page_title(ui, "clock.title", "Alarm");
    const json alarms = own_state(phone, kApp).value("alarms", json::array());
    std::vector<const json*> sorted;
    for (const json& a : alarms) sorted.push_back(&a);
    std::stable_sort(sorted.begin(), sorted.end(), [](const json* a, const json* b) {
      return a->value("time", "") < b->value("time", "");
    });
    ui.begin_scroll("clock.alarm_list", {0, area.t + 76, Ui::width_dp(), list_bottom}, phone.page_pointer() + "/scroll");
    std::set<std::string> seen;
    if (sorted.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 160, "No alarms", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.advance(200);
    }
    for (const json* a : sorted) {
      const int id = a->value("id", 0);
      const std::string time = a->value("time", "00:00");
      const std::string key = seen.insert(time).second ? time : time + "#" + std::to_string(id);
      const bool on = a->value("enabled", false);
      const std::string label = a->value("label", "");
      const std::string base = "clock.alarm." + key;
      const float y = ui.cursor_y() + 6;
      // Large text (font scale) pushes the repeat line down and grows the card, as wrap_content.
      const float g_time = font_growth(ui, Font::Display), g = g_time + font_growth(ui, Font::Body);
      Rect card{12, y, Ui::width_dp() - 12, y + 124 + g};
      ui.fill(card, on ? color::kPrimaryContainer : color::kSurfaceContainer, 24);
      auto open_edit = [id](Phone& p) {
        const json* al = find_alarm(p, id);
        if (!al) return;
        own_state(p, kApp)["edit_alarm"] = {{"id", id},
                                        {"time", al->value("time", "")},
                                        {"label", al->value("label", "")},
                                        {"repeat", week_order(al->value("repeat", json::array()))},
                                        {"error", ""}};
        p.navigate("edit_alarm");
      };
      Node& row = ui.item(base, "android.widget.LinearLayout", card, time, open_edit);
      row.desc = (label.empty() ? std::string("Alarm") : label) + ", " + repeat_summary(a->value("repeat", json::array())) +
                 (on ? ", on" : ", off");
      row.checkable = true;
      row.checked = on;
      ui.text_fit(28, y + 10, label.empty() ? "Alarm" : label, Font::Body, color::kOnSurfaceVariant, card.w() - 120);
      const float tw = ui.text(28, y + 30, time, Font::Display, on ? color::kOnSurface : color::kOnSurfaceVariant, on ? 1.f : 0.7f);
      Node& tn = ui.label(base + ".time", {24, y + 30, 24 + std::max(tw + 8, 48.f), y + 90}, "");
      tn.text = time;
      tn.clickable = true;
      tn.on_click = open_edit;
      ui.text(28, y + 96 + g_time, repeat_summary(a->value("repeat", json::array())), Font::Body, color::kOnSurfaceVariant);
      ui.switch_at(base + ".switch", card.r - 16 - 52, y + 46, on, [id](Phone& p) {
        if (json* al = find_alarm(p, id)) {
          (*al)["enabled"] = !(*al)["enabled"].get<bool>();
          if ((*al)["enabled"].get<bool>()) p.toast("Alarm set");
        }
      });
      ui.icon_button(base + ".delete", card.r - 28, y + 100 + g, "delete", "Delete alarm", color::kOnSurfaceVariant,
                     [id](Phone& p) { delete_alarm(p, id); });
      ui.advance(136 + g);
    }
    ui.advance(88);  // room above the floating button
    ui.end_scroll();
    round_button(ui, "clock.add_alarm", Ui::width_dp() / 2, list_bottom - 16 - 28, 56, "add", "Add alarm", false,
                 [](Phone& p) {
                   own_state(p, kApp)["new_alarm"] = {{"time", ""}, {"label", ""}, {"error", ""}};
                   p.navigate("add_alarm");
                 });
  }

  static void delete_alarm(Phone& p, int id) {
    json& list = own_state(p, kApp)["alarms"];
    for (std::size_t i = 0; i < list.size(); ++i)
      if (list[i].value("id", -1) == id) {
        list.erase(i);
        p.toast("Alarm deleted");
        return;
      }
  }

  // The top of an alarm form (`form`: new_alarm or edit_alarm): its bar titled `title`, the
  // `heading` at `y` (set here) and the time and label fields below; returns the form's draft.
  static const json& alarm_form(Ui& ui, Phone& phone, const std::string& form, const char* title, const char* heading,
                                float& y) {
    ui.top_bar("clock." + form + ".title", title, true);
    y = ui.cursor_y() + 8;
    ui.text(24, y, heading, Font::Label, color::kOnSurfaceVariant);
    ui.text_field("clock." + form + ".time", {24, y + 24, Ui::width_dp() - 24, y + 80}, "Time (24-hour, HH:MM)",
                  "/apps/clock/" + form + "/time", "07:30");
    ui.text_field("clock." + form + ".label", {24, y + 96, Ui::width_dp() - 24, y + 152}, "Label",
                  "/apps/clock/" + form + "/label", "Alarm");
    return object_member(own_state(phone, kApp), form);
  }

  static void add_alarm(Ui& ui, Phone& phone) {
    float y = 0;
    const json& draft = alarm_form(ui, phone, "new_alarm", "Add alarm", "Enter time", y);
    const std::string error = draft.value("error", "");
    if (!error.empty()) {
      ui.text(24, y + 160, error, Font::Body, color::kError);
      ui.label("clock.new_alarm.error", {24, y + 160, Ui::width_dp() - 24, y + 180}, error);
    }
    ui.button("clock.new_alarm.cancel", {Ui::width_dp() - 216, y + 196, Ui::width_dp() - 128, y + 236}, "Cancel", false,
              [](Phone& p) {
                p.clear_focus();
                p.back();
              });
    ui.button("clock.new_alarm.save", {Ui::width_dp() - 112, y + 196, Ui::width_dp() - 24, y + 236}, "Save", true,
              [](Phone& p) {
                json& c = own_state(p, kApp);
                const int minutes = parse_hhmm(c["new_alarm"].value("time", ""));
                if (minutes < 0) {
                  c["new_alarm"]["error"] = "Enter a time as HH:MM, e.g. 07:30";
                  return;
                }
                const int id = c.value("next_id", 1);
                c["alarms"].push_back({{"id", id},
                                       {"time", hhmm(minutes)},
                                       {"label", c["new_alarm"].value("label", "")},
                                       {"enabled", true},
                                       {"repeat", json::array()}});
                c["next_id"] = id + 1;
                c["new_alarm"] = {{"time", ""}, {"label", ""}, {"error", ""}};
                p.clear_focus();
                p.back();
                p.toast("Alarm set for " + hhmm(minutes));
                // Android 13+: an app asks for the notification permission when it first needs it.
                if (p.permission("clock", "POST_NOTIFICATIONS").empty())
                  p.request_permission("clock", "POST_NOTIFICATIONS", "send you notifications");
              });
  }

  // ---------------------------------------------------------------- Edit alarm
  static void edit_alarm(Ui& ui, Phone& phone) {
    float y = 0;
    const json& draft = alarm_form(ui, phone, "edit_alarm", "Edit alarm", "Time", y);
    ui.text(24, y + 168, "Repeat", Font::Label, color::kOnSurfaceVariant);
    const json repeat = week_order(draft.value("repeat", json::array()));
    for (int i = 0; i < 7; ++i) {
      const bool on = std::find(repeat.begin(), repeat.end(), kDays[i]) != repeat.end();
      const float cx = 12 + 48 * i + 24, cy = y + 212;
      if (on)
        ui.circle(cx, cy, 18, color::kPrimary);
      else
        ui.circle(cx, cy, 18, color::kSurfaceVariant);
      ui.text_centered(cx - 18, cx + 18, cy - ui.line_height(Font::Body) / 2 - 1, weekday_initial((i + 1) % 7), Font::Body,
                       on ? color::kOnPrimary : color::kOnSurfaceVariant);
      Node& n = ui.item(std::string("clock.edit_alarm.day.") + kDays[i], "android.widget.ToggleButton",
                        {cx - 24, cy - 24, cx + 24, cy + 24}, day_label(i), [day = std::string(kDays[i])](Phone& p) {
                          json& r = own_state(p, kApp)["edit_alarm"]["repeat"];
                          json next = json::array();
                          bool had = false;
                          for (const json& d : r)
                            if (d == day)
                              had = true;
                            else
                              next.push_back(d);
                          if (!had) next.push_back(day);
                          r = week_order(next);
                        });
      n.checkable = true;
      n.checked = on;
    }
    ui.text(24, y + 244, repeat_summary(repeat), Font::Body, color::kOnSurfaceVariant);
    const std::string error = draft.value("error", "");
    if (!error.empty()) {
      ui.text(24, y + 268, error, Font::Body, color::kError);
      ui.label("clock.edit_alarm.error", {24, y + 268, Ui::width_dp() - 24, y + 288}, error);
    }
    const int id = draft.value("id", 0);
    ui.button("clock.edit_alarm.delete", {24, y + 304, 112, y + 344}, "Delete", false, [id](Phone& p) {
      p.clear_focus();
      delete_alarm(p, id);
      own_state(p, kApp)["edit_alarm"] = {{"id", 0}, {"time", ""}, {"label", ""}, {"repeat", json::array()}, {"error", ""}};
      p.back();
    });
    ui.button("clock.edit_alarm.cancel", {Ui::width_dp() - 216, y + 304, Ui::width_dp() - 128, y + 344}, "Cancel", false,
              [](Phone& p) {
                p.clear_focus();
                own_state(p, kApp)["edit_alarm"] = {{"id", 0}, {"time", ""}, {"label", ""}, {"repeat", json::array()}, {"error", ""}};
                p.back();
              });
    ui.button("clock.edit_alarm.save", {Ui::width_dp() - 112, y + 304, Ui::width_dp() - 24, y + 344}, "Save", true,
              [id](Phone& p) {
                json& c = own_state(p, kApp);
                json& d = c["edit_alarm"];
                const int minutes = parse_hhmm(d.value("time", ""));
                if (minutes < 0) {
                  d["error"] = "Enter a time as HH:MM, e.g. 07:30";
                  return;
                }
                json* al = find_alarm(p, id);
                if (al) {  // only fields that changed, so the diff shows exactly the edit
                  if ((*al).value("time", "") != hhmm(minutes)) (*al)["time"] = hhmm(minutes);
                  if ((*al).value("label", "") != d.value("label", "")) (*al)["label"] = d.value("label", "");
                  const json rep = week_order(d.value("repeat", json::array()));
                  if (!al->contains("repeat") ? !rep.empty() : (*al)["repeat"] != rep) (*al)["repeat"] = rep;
                }
                d = {{"id", 0}, {"time", ""}, {"label", ""}, {"repeat", json::array()}, {"error", ""}};
                p.clear_focus();
                p.back();
                if (al) p.toast("Alarm saved");
              });
  }

  // ---------------------------------------------------------------- Clock tab (world clock)
  static void world_clock(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const float list_bottom = area.b - kTabBarDp;
    const std::int64_t local = phone.local_time_ms();
    const std::string now = phone.format_time(local);
    // Large text pushes the date, the rule and the list down (the list keeps its bottom).
    const float g_time = font_growth(ui, Font::Display), g = g_time + font_growth(ui, Font::BodyLarge);
    ui.text_centered(0, Ui::width_dp(), area.t + 24, now, Font::Display, color::kOnSurface);
    ui.label("clock.world.local_time", {40, area.t + 20, Ui::width_dp() - 40, area.t + 88 + g_time}, now);
    const std::string date = format_date_long(local);
    ui.text_centered(0, Ui::width_dp(), area.t + 94 + g_time, date, Font::BodyLarge, color::kOnSurfaceVariant);
    ui.label("clock.world.date", {40, area.t + 90 + g_time, Ui::width_dp() - 40, area.t + 116 + g}, date);
    ui.fill({16, area.t + 131 + g, Ui::width_dp() - 16, area.t + 132 + g}, color::kSurfaceVariant);
    const json& st = own_state(phone, kApp);
    const json cities = resolve_collection(World::instance(), st, "clock", "cities");
    const int here_off = static_cast<int>((phone.local_time_ms() - phone.now_ms()) / 60000);
    const CivilTime here = civil_from_ms(local);
    ui.begin_scroll("clock.city_list", {0, area.t + 140 + g, Ui::width_dp(), list_bottom}, phone.page_pointer() + "/scroll");
    const json chosen = st.value("world_clock", json::array());
    if (chosen.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 80, "No cities", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.advance(120);
    }
    for (const json& cid : chosen) {
      const std::string id = cid.get<std::string>();
      const json* city = nullptr;
      for (const json& c : cities)
        if (c["id"] == id) city = &c;
      if (!city) continue;  // hidden by the overlay
      const int off = city->value("utc_offset_min", 0);
      const std::int64_t t = phone.now_ms() + off * 60000LL;
      const CivilTime ct = civil_from_ms(t);
      const int days = (ct.year * 10000 + ct.month * 100 + ct.day) - (here.year * 10000 + here.month * 100 + here.day);
      const std::string when = days == 0 ? "Today" : (days > 0 ? "Tomorrow" : "Yesterday");
      const float y = ui.cursor_y();
      const std::string time = phone.format_time(t);
      const float tw = ui.text_width(time, Font::Headline);
      const float time_x = Ui::width_dp() - 64 - tw;
      ui.text_fit(16, y + 13, city->value("name", id), Font::BodyLarge, color::kOnSurface, time_x - 24);
      ui.text_fit(16, y + 38, when + ", " + offset_phrase(off - here_off), Font::Body, color::kOnSurfaceVariant,
                  time_x - 24);
      ui.text(time_x, y + 20, time, Font::Headline, color::kOnSurface);
      Node& row = ui.item("clock.city." + id, "android.widget.LinearLayout", {0, y, Ui::width_dp() - 48, y + 72},
                          city->value("name", id), {});
      row.desc = time + ", " + when;
      ui.icon_button("clock.city." + id + ".remove", Ui::width_dp() - 28, y + 36, "close", "Remove " + city->value("name", id),
                     color::kOnSurfaceVariant, [id](Phone& p) {
                       json& list = own_state(p, kApp)["world_clock"];
                       for (std::size_t i = 0; i < list.size(); ++i)
                         if (list[i] == id) {
                           list.erase(i);
                           return;
                         }
                     });
      ui.advance(72);
    }
    ui.advance(88);
    ui.end_scroll();
    round_button(ui, "clock.add_city", Ui::width_dp() / 2, list_bottom - 16 - 28, 56, "public", "Add city", false,
                 [](Phone& p) {
                   own_state(p, kApp)["city_query"] = "";
                   p.navigate("add_city");
                 });
  }

  static void add_city(Ui& ui, Phone& phone) {
    ui.top_bar("clock.add_city.title", "Add city", true);
    const float y = ui.cursor_y();
    ui.text_field("clock.city_search", {16, y, Ui::width_dp() - 16, y + 56}, "Search for a city", "/apps/clock/city_query",
                  "City or country");
    const json& st = own_state(phone, kApp);
    std::string q = st.value("city_query", "");
    auto lower = [](std::string s) {
      for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return s;
    };
    q = lower(q);
    const json chosen = st.value("world_clock", json::array());
    const json cities = resolve_collection(World::instance(), st, "clock", "cities");
    ui.begin_scroll("clock.city_options", {0, y + 64, Ui::width_dp(), Ui::content_area().b}, phone.page_pointer() + "/scroll");
    int shown = 0;
    for (const json& c : cities) {
      const std::string id = c["id"].is_string() ? c["id"].get<std::string>() : c["id"].dump();
      const std::string name = c.value("name", id), country = c.value("country", "");
      if (!q.empty() && lower(name).find(q) == std::string::npos && lower(country).find(q) == std::string::npos) continue;
      const bool on = std::find(chosen.begin(), chosen.end(), id) != chosen.end();
      const int off = c.value("utc_offset_min", 0);
      char gmt[24];
      std::snprintf(gmt, sizeof gmt, "GMT%c%d%s", off < 0 ? '-' : '+', std::abs(off) / 60, std::abs(off) % 60 ? ":30" : "");
      ui.list_row("clock.city_option." + id, name, country + "  " + gmt, on ? "check" : "", [id, on](Phone& p) {
        p.clear_focus();
        if (!on) own_state(p, kApp)["world_clock"].push_back(id);
        own_state(p, kApp)["city_query"] = "";
        p.back();
      });
      ++shown;
    }
    if (shown == 0) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 24, "No matching cities", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.advance(72);
    }
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- Timer tab
  static void timer(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& t = object_member(own_state(phone, kApp), "timer");
    page_title(ui, "clock.timer.title", "Timer");
    if (t.value("duration_ms", std::int64_t{0}) <= 0) return timer_keypad(ui, phone);
    const std::int64_t remaining = timer_remaining(phone), duration = t.value("duration_ms", std::int64_t{1});
    const bool running = t.value("running", false), done = remaining == 0;
    // A ring that empties as the time runs out (60 dots: no floats in the state, only in drawing).
    const float cx = Ui::width_dp() / 2, cy = area.t + 250;
    const int lit = static_cast<int>((remaining * 60 + duration - 1) / std::max<std::int64_t>(duration, 1));
    for (int i = 0; i < 60; ++i) {
      const float a = 6.2831853f * static_cast<float>(i) / 60.f;
      ui.circle(cx + 124 * std::sin(a), cy - 124 * std::cos(a), 4, i < lit ? color::kPrimary : color::kSurfaceVariant);
    }
    const std::string text = countdown_text(remaining);
    ui.text_centered(0, Ui::width_dp(), cy - 34, text, Font::Display, done ? color::kError : color::kOnSurface);
    Node& n = ui.label("clock.timer.remaining", {cx - 100, cy - 34, cx + 100, cy + 30}, "");
    n.text = text;
    const std::string status = done ? "Time's up" : running ? "Running" : "Paused";
    ui.text_centered(0, Ui::width_dp(), cy + 40, status, Font::BodyLarge, color::kOnSurfaceVariant);
    ui.label("clock.timer.status", {cx - 60, cy + 38, cx + 60, cy + 62}, status);
    const float by = area.b - kTabBarDp - 80;
    pill_button(ui, "clock.timer.reset", 80, by, "Reset", [](Phone& p) {
      json& tm = own_state(p, kApp)["timer"];
      tm["running"] = false;
      tm["end_ms"] = 0;
      tm["remaining_ms"] = tm.value("duration_ms", std::int64_t{0});
    });
    if (running) {
      round_button(ui, "clock.timer.pause", cx, by, 80, "pause", "Pause", true, [](Phone& p) {
        json& tm = own_state(p, kApp)["timer"];
        tm["remaining_ms"] = std::max<std::int64_t>(0, tm.value("end_ms", std::int64_t{0}) - p.now_ms());
        tm["running"] = false;
        tm["end_ms"] = 0;
      });
    } else if (!done) {
      round_button(ui, "clock.timer.start", cx, by, 80, "play_arrow", "Start", true, [](Phone& p) {
        json& tm = own_state(p, kApp)["timer"];
        tm["running"] = true;
        tm["end_ms"] = p.now_ms() + tm.value("remaining_ms", std::int64_t{0});
      });
    }
    pill_button(ui, "clock.timer.delete", Ui::width_dp() - 80, by, "Delete", [](Phone& p) {
      own_state(p, kApp)["timer"] = {{"input", ""}, {"duration_ms", 0}, {"remaining_ms", 0}, {"end_ms", 0}, {"running", false}};
    });
  }

  static void timer_keypad(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string input = object_member(own_state(phone, kApp), "timer").value("input", "");
    const std::string d = std::string(6 - std::min<std::size_t>(6, input.size()), '0') + input.substr(0, 6);
    // "00h 05m 00s": digits in the display face, units smaller; typed digits in the primary colour.
    const char* units[] = {"h", "m", "s"};
    float total = 0;
    for (int i = 0; i < 3; ++i) total += ui.text_width(d.substr(i * 2, 2), Font::Display) + ui.text_width(units[i], Font::Title) + 12;
    float x = (Ui::width_dp() - total) / 2;
    const float y = area.t + 96;
    for (int i = 0; i < 3; ++i) {
      const bool typed = static_cast<int>(input.size()) > 4 - i * 2;
      x += ui.text(x, y, d.substr(i * 2, 2), Font::Display, typed ? color::kPrimary : color::kOnSurfaceVariant);
      x += ui.text(x + 2, y + 30, units[i], Font::Title, color::kOnSurfaceVariant) + 12;
    }
    const std::string shown = d.substr(0, 2) + "h " + d.substr(2, 2) + "m " + d.substr(4, 2) + "s";
    ui.label("clock.timer.input", {24, y, Ui::width_dp() - 24, y + 68}, shown);
    ui.icon_button("clock.timer.backspace", Ui::width_dp() - 36, y + 104, "backspace", "Delete digit", color::kOnSurfaceVariant,
                   [](Phone& p) {
                     json& tm = own_state(p, kApp)["timer"];
                     std::string s = tm.value("input", "");
                     if (!s.empty()) s.pop_back();
                     tm["input"] = s;
                   });
    const char* keys[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0"};
    const float ky = area.t + 232, kw = 88, kh = 64;
    for (int i = 0; i < 11; ++i) {
      const float kx = (Ui::width_dp() - 3 * kw) / 2 + kw * (i % 3), top = ky + kh * (i / 3);
      const std::string k = keys[i];
      ui.fill({kx + 6, top + 4, kx + kw - 6, top + kh - 4}, color::kSurfaceContainer, 28);
      ui.text_centered(kx, kx + kw, top + kh / 2 - ui.line_height(Font::Title) / 2 - 1, k, Font::Title, color::kOnSurface);
      ui.item("clock.timer.key." + k, "android.widget.Button", {kx, top, kx + kw, top + kh}, k, [k](Phone& p) {
        json& tm = own_state(p, kApp)["timer"];
        std::string s = tm.value("input", "");
        for (char c : k)
          if (s.size() < 6 && !(s.empty() && c == '0')) s += c;
        tm["input"] = s;
      });
    }
    if (!input.empty()) {
      round_button(ui, "clock.timer.start", Ui::width_dp() - 16 - 28 - 8, ky + kh * 3 + kh / 2, 56, "play_arrow", "Start", true,
                   [](Phone& p) {
                     json& tm = own_state(p, kApp)["timer"];
                     const std::int64_t ms = keypad_ms(tm.value("input", ""));
                     if (ms <= 0) return;
                     tm = {{"input", ""}, {"duration_ms", ms}, {"remaining_ms", ms}, {"end_ms", p.now_ms() + ms}, {"running", true}};
                   });
    }
  }

  // ---------------------------------------------------------------- Stopwatch tab
  static void stopwatch(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& s = object_member(own_state(phone, kApp), "stopwatch");
    page_title(ui, "clock.stopwatch.title", "Stopwatch");
    const std::int64_t elapsed = stopwatch_elapsed(phone);
    const bool running = s.value("running", false);
    const std::string text = stopwatch_text(elapsed);
    ui.text_centered(0, Ui::width_dp(), area.t + 100, text, Font::Display, color::kOnSurface);
    ui.label("clock.stopwatch.elapsed", {24, area.t + 96, Ui::width_dp() - 24, area.t + 164}, text);
    const json laps = s.value("laps", json::array());
    const float by = area.b - kTabBarDp - 64;
    ui.begin_scroll("clock.stopwatch.laps", {0, area.t + 184, Ui::width_dp(), by - 48}, phone.page_pointer() + "/scroll");
    for (std::size_t i = laps.size(); i-- > 0;) {  // newest first
      const std::int64_t total = laps[i].get<std::int64_t>();
      const std::int64_t prev = i > 0 ? laps[i - 1].get<std::int64_t>() : 0;
      const float y = ui.cursor_y();
      const std::string label = "Lap " + std::to_string(i + 1);
      ui.text(24, y + 16, label, Font::BodyLarge, color::kOnSurfaceVariant);
      ui.text(140, y + 16, stopwatch_text(total - prev), Font::BodyLarge, color::kOnSurface);
      const std::string tot = stopwatch_text(total);
      ui.text(Ui::width_dp() - 24 - ui.text_width(tot, Font::BodyLarge), y + 16, tot, Font::BodyLarge, color::kOnSurfaceVariant);
      ui.item("clock.stopwatch.lap." + std::to_string(i + 1), "android.widget.LinearLayout",
              {0, y, Ui::width_dp(), y + 52}, label + " " + stopwatch_text(total - prev), {});
      ui.advance(52);
    }
    ui.end_scroll();
    if (running) {
      pill_button(ui, "clock.stopwatch.lap", 80, by, "Lap", [](Phone& p) {
        own_state(p, kApp)["stopwatch"]["laps"].push_back(stopwatch_elapsed(p));
      });
      round_button(ui, "clock.stopwatch.pause", Ui::width_dp() / 2, by, 80, "pause", "Pause", true, [](Phone& p) {
        json& sw = own_state(p, kApp)["stopwatch"];
        sw["elapsed_ms"] = stopwatch_elapsed(p);
        sw["running"] = false;
        sw["start_ms"] = 0;
      });
    } else {
      if (elapsed > 0 || !laps.empty())
        pill_button(ui, "clock.stopwatch.reset", 80, by, "Reset", [](Phone& p) {
          own_state(p, kApp)["stopwatch"] = {{"running", false}, {"start_ms", 0}, {"elapsed_ms", 0}, {"laps", json::array()}};
        });
      round_button(ui, "clock.stopwatch.start", Ui::width_dp() / 2, by, 80, "play_arrow", "Start", true, [](Phone& p) {
        json& sw = own_state(p, kApp)["stopwatch"];
        sw["running"] = true;
        sw["start_ms"] = p.now_ms();
      });
    }
  }
};

}  // namespace
PG_REGISTER_APP("clock", ClockApp);
}  // namespace pg
