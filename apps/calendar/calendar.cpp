// Calendar (com.google.android.calendar): a month grid (dots mark days with events), a week list,
// a day timeline (events as blocks at their times), event details, and the event form (date and
// times typed as YYYY-MM-DD / HH:MM, location, repeat and reminder picked from lists). Events are
// the world collection `events` (apps/calendar/world/events.json) seen through the overlay
// apps.calendar.events; repeating events (daily, weekly, monthly) appear on every matching day.
// Reminders post a notification when their time passes (if the app may post notifications).
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "calendar";
constexpr std::int64_t kDayMs = 86400000;
constexpr float kHourDp = 64;      // day timeline: height of one hour
constexpr float kMinBlockDp = 48;  // an event block is at least a tap target tall


// ---------------------------------------------------------------- dates (days since 1970-01-01)


struct Ymd {
  int y, m, d;
};

Ymd civil_from_days(std::int64_t z) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int doe = static_cast<int>(z - era * 146097);
  const int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int mp = (5 * doy + 2) / 153;
  const int d = doy - (153 * mp + 2) / 5 + 1;
  const int m = mp + (mp < 10 ? 3 : -9);
  return {static_cast<int>(yoe + era * 400) + (m <= 2), m, d};
}

int days_in_month(int y, int m) {
  return static_cast<int>(days_from_civil(m == 12 ? y + 1 : y, m == 12 ? 1 : m + 1, 1) - days_from_civil(y, m, 1));
}

/// 0 = Sunday (1970-01-01 was a Thursday).
int weekday(std::int64_t day) { return static_cast<int>(((day + 4) % 7 + 7) % 7); }

bool all_digits(const std::string& s, std::size_t from, std::size_t n) {
  for (std::size_t i = from; i < from + n; ++i)
    if (i >= s.size() || s[i] < '0' || s[i] > '9') return false;
  return true;
}

/// Parses "YYYY-MM-DD" (a real date) into days since 1970; false otherwise.
bool parse_date(const std::string& s, std::int64_t& day) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-' || !all_digits(s, 0, 4) || !all_digits(s, 5, 2) || !all_digits(s, 8, 2))
    return false;
  const int y = std::stoi(s.substr(0, 4)), m = std::stoi(s.substr(5, 2)), d = std::stoi(s.substr(8, 2));
  if (m < 1 || m > 12 || d < 1 || d > days_in_month(y, m)) return false;
  day = days_from_civil(y, m, d);
  return true;
}

std::string iso(std::int64_t day) {
  const Ymd c = civil_from_days(day);
  char b[16];
  std::snprintf(b, sizeof b, "%04d-%02d-%02d", c.y, c.m, c.d);
  return b;
}

/// "YYYY-MM" -> year and month; falls back to January 2026 for anything else.
void parse_month(const std::string& s, int& y, int& m) {
  y = 2026, m = 1;
  if (s.size() != 7 || s[4] != '-' || !all_digits(s, 0, 4) || !all_digits(s, 5, 2)) return;
  const int mm = std::stoi(s.substr(5, 2));
  if (mm < 1 || mm > 12) return;
  y = std::stoi(s.substr(0, 4)), m = mm;
}

std::string month_key(int y, int m) {
  char b[16];
  std::snprintf(b, sizeof b, "%04d-%02d", y, m);
  return b;
}

std::string short_month(int m) { return month_name(m, true); }
std::string short_weekday(int wd) { return weekday_name(wd, true); }

/// "Thursday, January 8, 2026", in the phone's locale.
std::string long_date(std::int64_t day) {
  const Ymd c = civil_from_days(day);
  return format_date(c.y, c.m, c.d, DateStyle::WeekdayMonthDayYear);
}

/// "Thu, Jan 8", in the phone's locale.
std::string short_date(std::int64_t day) {
  const Ymd c = civil_from_days(day);
  return format_date(c.y, c.m, c.d, DateStyle::ShortWeekdayMonthDay);
}

// ---------------------------------------------------------------- state and events

std::int64_t today(const Phone& p) {
  const std::int64_t t = p.local_time_ms();
  return t >= 0 ? t / kDayMs : (t - kDayMs + 1) / kDayMs;
}

/// The selected day (apps.calendar.selected), or today if it is not a date.
std::int64_t selected_day(const Phone& p) {
  std::int64_t d;
  return parse_date(own_state(p, kApp).value("selected", ""), d) ? d : today(p);
}

json events_view(const Phone& p) { return resolve_collection(World::instance(), own_state(p, kApp), kApp, "events"); }

json find_event(const Phone& p, int id) {
  return resolve_entity(World::instance(), own_state(p, kApp), kApp, "events", std::to_string(id));
}

/// Whether event `e` (or one of its repeats) falls on `day`.
bool occurs_on(const json& e, std::int64_t day) {
  std::int64_t start;
  if (!parse_date(e.value("date", ""), start) || day < start) return false;
  // Occurrences deleted one by one ("This event" in the delete dialog).
  const json& except = e.contains("exceptions") ? e["exceptions"] : json::array();
  if (except.is_array() && std::find(except.begin(), except.end(), json(iso(day))) != except.end()) return false;
  if (day == start) return true;
  const std::string repeat = e.value("repeat", "none");
  if (repeat == "daily") return true;
  if (repeat == "weekly") return (day - start) % 7 == 0;
  if (repeat == "monthly") return civil_from_days(day).d == civil_from_days(start).d;
  return false;
}

int start_minutes(const json& e) { return e.value("all_day", false) ? -1 : parse_hhmm(e.value("start", "")); }
int end_minutes(const json& e) {
  const int s = start_minutes(e), t = parse_hhmm(e.value("end", ""));
  return t > s ? t : s + 30;
}

/// The events on `day`, all-day first, then by start time, then by id.
std::vector<json> events_on(const json& view, std::int64_t day) {
  std::vector<json> out;
  for (const json& e : view)
    if (occurs_on(e, day)) out.push_back(e);
  std::stable_sort(out.begin(), out.end(), [](const json& a, const json& b) {
    const int sa = start_minutes(a), sb = start_minutes(b);
    if (sa != sb) return sa < sb;
    return a.value("id", 0) < b.value("id", 0);
  });
  return out;
}

std::uint32_t calendar_color(const std::string& cal_name) {
  if (cal_name == "work") return 0x0B8043;
  if (cal_name == "family") return 0xF4511E;
  if (cal_name == "birthdays") return 0x8E24AA;
  if (cal_name == "holidays") return 0x009688;
  return 0x039BE5;  // personal
}

std::string calendar_label(const std::string& cal_name) {
  if (cal_name == "work") return "Work";
  if (cal_name == "family") return "Family";
  if (cal_name == "birthdays") return "Birthdays";
  if (cal_name == "holidays") return "Holidays in United States";
  return "Personal";
}

std::string repeat_text(const std::string& repeat, std::int64_t day) {
  if (repeat == "daily") return "Every day";
  if (repeat == "weekly") return "Every week on " + weekday_name(weekday(day));
  if (repeat == "monthly") return "Every month on day " + std::to_string(civil_from_days(day).d);
  return "Does not repeat";
}

std::string reminder_text(int minutes) {
  if (minutes == 10) return "10 minutes before";
  if (minutes == 30) return "30 minutes before";
  if (minutes == 60) return "1 hour before";
  return "No notification";
}

std::string time_range(const Phone& p, const json& e) {
  if (e.value("all_day", false)) return "All day";
  return p.format_time(start_minutes(e) * 60000LL) + " - " + p.format_time(end_minutes(e) * 60000LL);
}

/// Writes `changes` over event `id` in the overlay, keeping the overlay minimal: a field equal to
/// the world's value is dropped, and an overlay entry left empty is removed.
void write_event(Phone& p, int id, const json& changes) {
  const std::string key = std::to_string(id);
  write_overlay_entity(own_state(p, kApp)["events"], key, World::instance().entity(kApp, "events", key), changes);
}

void delete_event(Phone& p, int id) {
  const std::string key = std::to_string(id);
  json& events = own_state(p, kApp)["events"];
  if (World::instance().entity(kApp, "events", key))
    events[key] = nullptr;  // hides the world event
  else
    events.erase(key);      // an event made on this phone: gone
}

json empty_form() {
  return {{"id", 0},         {"title", ""},       {"date", ""},      {"start", ""}, {"end", ""}, {"location", ""},
          {"description", ""}, {"repeat", "none"}, {"reminder", 30}, {"error", ""}};
}

/// A header: back arrow (optional), a title, and prev/next arrows on the right.
void header(Ui& ui, const std::string& base, const std::string& title, bool back, Handler prev, Handler next) {
  const float top = Ui::content_area().t;
  float x = 16;
  if (back) {
    ui.icon_button(base + ".back", 28, top + 32, "arrow_back", "Navigate up", color::kOnSurface, [](Phone& p) {
      p.clear_focus();
      p.back();
    });
    x = 60;
  }
  const std::string t = ui.ellipsize(title, Font::Title, 256 - x);
  ui.text(x, top + 32 - ui.line_height(Font::Title) / 2 - 2, t, Font::Title, color::kOnSurface);
  ui.label(base + ".title", {x, top + 12, x + ui.text_width(t, Font::Title), top + 52}, t);
  ui.icon_button(base + ".prev", 280, top + 32, "chevron_left", "Previous", color::kOnSurfaceVariant, std::move(prev));
  ui.icon_button(base + ".next", 328, top + 32, "chevron_right", "Next", color::kOnSurfaceVariant, std::move(next));
  ui.set_cursor(top + 64);
}

/// Back to the app whose INSERT intent opened the form: Calendar's task ends, the caller comes
/// to the front (its own task and page as it left them).
void return_to(Phone& p, const std::string& caller) {
  p.finish_task(kApp);
  p.open_app(caller);
}

/// Opens the event form for a new event on the selected day.
void new_event(Phone& p) {
  json f = empty_form();
  f["date"] = iso(selected_day(p));
  f["start"] = "09:00";
  f["end"] = "10:00";
  own_state(p, kApp)["form"] = f;
  p.navigate("new_event");
}

void open_event(Phone& p, int id, std::int64_t day) {
  own_state(p, kApp)["open_event"] = id;
  own_state(p, kApp)["selected"] = iso(day);
  p.navigate("open_event");
}

/// The day view starts scrolled to 07:00.
void open_day(Phone& p, std::int64_t day, const std::string& transition) {
  own_state(p, kApp)["selected"] = iso(day);
  p.navigate(transition);
  p.set_scroll(static_cast<int>(Ui::to_px(7 * kHourDp)));
}

class CalendarApp : public App {
 public:
  CalendarApp() {
    add_page("month", month);
    add_page("week", week);
    add_page("day", day);
    add_page("event", event);
    add_page("edit_event", edit_event);
    add_page("repeat", repeat);
    add_page("reminder", reminder);
  }

  /// INSERT of an event (Android's CalendarContract: type "vnd.android.cursor.item/event" or
  /// ".../dir/event"): opens the New event form prefilled from the extras "title", "beginTime" and
  /// "endTime" (UTC ms, shown in the phone's local time), "allDay", "eventLocation" and
  /// "description". Saving stores the event as the user left the form; when the extras name
  /// "from_app", saving or discarding returns to that app (as finishing the insert activity
  /// returns to its caller on Android).
  void on_intent(Phone& phone, const json& intent) override {
    if (intent.value("action", "") != "android.intent.action.INSERT") return;
    const json extras = intent.value("extras", json::object()).is_object() ? intent["extras"] : json::object();
    json f = empty_form();
    const std::int64_t shift = phone.local_time_ms() - phone.now_ms();
    auto int_ms = [&](const char* key, std::int64_t& out) {
      const json v = extras.value(key, json());
      if (!v.is_number_integer()) return false;
      out = v.get<std::int64_t>() + shift;
      return true;
    };
    auto day_of = [](std::int64_t ms) { return ms >= 0 ? ms / kDayMs : (ms - kDayMs + 1) / kDayMs; };
    std::int64_t begin = 0, end = 0;
    const bool has_begin = int_ms("beginTime", begin), has_end = int_ms("endTime", end);
    const bool all_day = extras.value("allDay", false);
    f["date"] = iso(has_begin ? day_of(begin) : selected_day(phone));
    if (!all_day) {
      const int sm = has_begin ? static_cast<int>((begin - day_of(begin) * kDayMs) / 60000) : 9 * 60;
      int em = has_end && end > begin ? static_cast<int>((end - day_of(begin) * kDayMs) / 60000) : sm + 60;
      em = std::min(em, 23 * 60 + 59);
      f["start"] = hhmm(sm);
      f["end"] = hhmm(em);
    }
    for (const auto& [key, field] : {std::pair<const char*, const char*>{"title", "title"}, {"eventLocation", "location"},
                                     {"description", "description"}})
      if (extras.contains(key) && extras[key].is_string()) f[field] = extras[key];
    const std::string from = extras.value("from_app", "");
    if (!from.empty() && from != kApp && AppRegistry::instance().find(from) != nullptr) f["return_to"] = from;
    phone.clear_focus();
    phone.back_to_root();
    own_state(phone, kApp)["form"] = f;
    phone.navigate("new_event");
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    if (dialog.value("kind", "") != "delete_event" || button == "cancel") return;
    const json data = dialog.value("data", json::object());
    const int id = data.value("event", 0);
    const json ev = find_event(phone, id);
    if (ev.is_null()) return;
    if (button == "this") {  // one occurrence of a repeating event: the series stays
      json except = ev.value("exceptions", json::array());
      except.push_back(data.value("date", ""));
      write_event(phone, id, {{"exceptions", except}});
    } else {
      delete_event(phone, id);
    }
    own_state(phone, kApp)["open_event"] = 0;
    if (phone.foreground() == kApp && phone.current_page() == "event") phone.back();
    phone.toast("Event deleted");
  }

  /// Reminders: a timed event whose reminder time (start minus `reminder` minutes, local time)
  /// passes between the two instants posts a notification, if Calendar may post them.
  void on_time(Phone& phone, std::int64_t from_ms, std::int64_t to_ms) override {
    if (to_ms <= from_ms || phone.permission(kApp, "POST_NOTIFICATIONS") != "granted") return;
    const std::int64_t shift = phone.local_time_ms() - phone.now_ms();
    const std::int64_t from = from_ms + shift, to = to_ms + shift;
    const json view = events_view(phone);
    for (const json& e : view) {
      const int rem = e.value("reminder", 0), start = start_minutes(e);
      if (rem <= 0 || start < 0) continue;
      const std::int64_t lead = (rem - start) * 60000LL;  // ms from the day's midnight back to the reminder
      const std::int64_t first = (from + lead) >= 0 ? (from + lead) / kDayMs : (from + lead - kDayMs + 1) / kDayMs;
      const std::int64_t last = std::min(first + 400, ((to + lead) >= 0 ? (to + lead) / kDayMs : (to + lead - kDayMs + 1) / kDayMs));
      for (std::int64_t d = first; d <= last; ++d) {
        const std::int64_t t = d * kDayMs - lead;
        if (t <= from || t > to || !occurs_on(e, d)) continue;
        const std::string where = e.value("location", "");
        phone.post_notification(kApp, e.value("title", ""), time_range(phone, e) + (where.empty() ? "" : " \u00b7 " + where),
                                {{"app", kApp}});
      }
    }
  }

 private:
  // ---------------------------------------------------------------- month
  static void month(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    int y, m;
    parse_month(own_state(phone, kApp).value("month", ""), y, m);
    const std::string title = format_date(y, m, 1, DateStyle::MonthYear);
    ui.text(16, area.t + 32 - ui.line_height(Font::Title) / 2 - 2, title, Font::Title, color::kOnSurface);
    ui.label("calendar.month.title", {16, area.t + 12, 16 + ui.text_width(title, Font::Title), area.t + 52}, title);
    ui.icon_button("calendar.today", Ui::width_dp() - 128, area.t + 32, "today", "Jump to today", color::kOnSurfaceVariant, [](Phone& p) {
      const std::int64_t t = today(p);
      const Ymd c = civil_from_days(t);
      own_state(p, kApp)["month"] = month_key(c.y, c.m);
      own_state(p, kApp)["selected"] = iso(t);
    });
    ui.icon_button("calendar.month.prev", Ui::width_dp() - 80, area.t + 32, "chevron_left", "Previous month", color::kOnSurfaceVariant,
                   [y, m](Phone& p) { own_state(p, kApp)["month"] = m == 1 ? month_key(y - 1, 12) : month_key(y, m - 1); });
    ui.icon_button("calendar.month.next", Ui::width_dp() - 32, area.t + 32, "chevron_right", "Next month", color::kOnSurfaceVariant,
                   [y, m](Phone& p) { own_state(p, kApp)["month"] = m == 12 ? month_key(y + 1, 1) : month_key(y, m + 1); });
    // View switcher.
    const float cy = area.t + 64;
    ui.chip("calendar.view.month", {16, cy, 112, cy + 48}, "Month", true, [](Phone&) {});
    ui.chip("calendar.view.week", {120, cy, 216, cy + 48}, "Week", false, [](Phone& p) { p.navigate("open_week"); });
    ui.chip("calendar.view.day", {224, cy, 320, cy + 48}, "Day", false,
            [](Phone& p) { open_day(p, selected_day(p), "open_day"); });
    // Weekday initials.
    const float cw = Ui::width_dp() / 7, wy = cy + 56;
    for (int i = 0; i < 7; ++i)
      ui.text_centered(i * cw, (i + 1) * cw, wy, weekday_initial(i),
                       Font::Label, color::kOnSurfaceVariant);
    // The grid: 6 weeks starting on the Sunday on or before the 1st.
    const json view = events_view(phone);
    const std::int64_t first = days_from_civil(y, m, 1);
    const std::int64_t start = first - weekday(first);
    const std::int64_t now = today(phone), sel = selected_day(phone);
    const float gy = wy + 24, ch = 80;
    for (int r = 0; r < 6; ++r) {
      ui.fill({0, gy + r * ch, Ui::width_dp(), gy + r * ch + 1}, color::kSurfaceVariant);
      for (int c = 0; c < 7; ++c) {
        const std::int64_t d = start + r * 7 + c;
        const Ymd ymd = civil_from_days(d);
        const bool in_month = ymd.m == m;
        const Rect cell{c * cw, gy + r * ch, (c + 1) * cw, gy + (r + 1) * ch};
        const float mx = (cell.l + cell.r) / 2;
        const std::string num = std::to_string(ymd.d);
        if (d == now) {
          ui.circle(mx, cell.t + 20, 14, color::kPrimary);
        } else if (d == sel) {
          ui.circle(mx, cell.t + 20, 14, color::kPrimaryContainer);
        }
        ui.text_centered(cell.l, cell.r, cell.t + 20 - ui.line_height(Font::Body) / 2 - 1, num, Font::Body,
                         d == now ? color::kOnPrimary : in_month ? color::kOnSurface : color::kOutline);
        const std::vector<json> evs = events_on(view, d);
        const int dots = std::min<int>(4, static_cast<int>(evs.size()));
        for (int k = 0; k < dots; ++k)
          ui.circle(mx - (dots - 1) * 5.f + k * 10.f, cell.t + 48, 3, calendar_color(evs[k].value("calendar", "")),
                    in_month ? 1.f : 0.5f);
        if (evs.size() > 4)
          ui.text_centered(cell.l, cell.r, cell.t + 56, "+" + std::to_string(evs.size() - 4), Font::Label, color::kOnSurfaceVariant);
        Node& n = ui.item("calendar.day." + iso(d), "android.view.ViewGroup", cell, num,
                          [d](Phone& p) { open_day(p, d, "open_date"); });
        n.desc =
            long_date(d) + (evs.empty() ? ", no events"
                                        : ", " + std::to_string(evs.size()) + (evs.size() == 1 ? " event" : " events"));
        n.selected = d == sel;
      }
    }
    ui.fab("calendar.fab", "add", "Create event", new_event);
  }

  // ---------------------------------------------------------------- week
  static void week(Ui& ui, Phone& phone) {
    const std::int64_t sel = selected_day(phone);
    const std::int64_t first = sel - weekday(sel), last = first + 6;
    const Ymd a = civil_from_days(first), b = civil_from_days(last);
    const std::string title = short_month(a.m) + " " + std::to_string(a.d) + " - " +
                              (a.m == b.m ? "" : short_month(b.m) + " ") + std::to_string(b.d);
    header(ui, "calendar.week", title, true, [sel](Phone& p) { own_state(p, kApp)["selected"] = iso(sel - 7); },
           [sel](Phone& p) { own_state(p, kApp)["selected"] = iso(sel + 7); });
    const Rect area = Ui::content_area();
    const json view = events_view(phone);
    const std::int64_t now = today(phone);
    ui.begin_scroll("calendar.week.list", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    for (std::int64_t d = first; d <= last; ++d) {
      const std::vector<json> evs = events_on(view, d);
      const float y = ui.cursor_y();
      const float h = std::max(64.f, 16 + 28.f * static_cast<float>(std::max<std::size_t>(1, evs.size())));
      ui.fill({0, y, Ui::width_dp(), y + 1}, color::kSurfaceVariant);
      const bool is_today = d == now;
      ui.text_centered(0, 64, y + 8, short_weekday(weekday(d)), Font::Label, is_today ? color::kPrimary : color::kOnSurfaceVariant);
      if (is_today) ui.circle(32, y + 38, 16, color::kPrimary);
      ui.text_centered(0, 64, y + 38 - ui.line_height(Font::BodyLarge) / 2 - 1, std::to_string(civil_from_days(d).d),
                       Font::BodyLarge, is_today ? color::kOnPrimary : color::kOnSurface);
      float ey = y + 8;
      if (evs.empty()) ui.text(72, ey + 4, "No events", Font::Body, color::kOutline);
      for (const json& e : evs) {
        const Rect chip_r{72, ey, Ui::width_dp() - 16, ey + 24};
        ui.fill(chip_r, calendar_color(e.value("calendar", "")), 4);
        const std::string when = e.value("all_day", false) ? "" : phone.format_time(start_minutes(e) * 60000LL) + "  ";
        ui.text(chip_r.l + 8, ey + 4, ui.ellipsize(when + e.value("title", ""), Font::Body, chip_r.w() - 16),
                Font::Body, 0xFFFFFF);
        ey += 28;
      }
      Node& n = ui.item("calendar.week." + iso(d), "android.widget.LinearLayout", {0, y, Ui::width_dp(), y + h},
                        short_date(d), {});
      std::string desc;
      for (const json& e : evs) desc += (desc.empty() ? "" : "; ") + e.value("title", "");
      n.desc = desc.empty() ? "No events" : desc;
      n.clickable = true;
      n.on_click = [d](Phone& p) { open_day(p, d, "open_day"); };
      ui.advance(h);
    }
    ui.advance(88);
    ui.end_scroll();
    ui.fab("calendar.fab", "add", "Create event", new_event);
  }

  // ---------------------------------------------------------------- day
  static void day(Ui& ui, Phone& phone) {
    const std::int64_t sel = selected_day(phone);
    header(ui, "calendar.day", short_date(sel) + ", " + std::to_string(civil_from_days(sel).y), true, [sel](Phone& p) { own_state(p, kApp)["selected"] = iso(sel - 1); },
           [sel](Phone& p) { own_state(p, kApp)["selected"] = iso(sel + 1); });
    const Rect area = Ui::content_area();
    const std::vector<json> evs = events_on(events_view(phone), sel);
    // All-day events above the timeline.
    std::vector<json> timed;
    for (const json& e : evs) {
      if (start_minutes(e) >= 0) {
        timed.push_back(e);
        continue;
      }
      const float y = ui.cursor_y();
      const Rect r{60, y + 2, Ui::width_dp() - 16, y + 46};
      ui.fill(r, calendar_color(e.value("calendar", "")), 6);
      ui.text(r.l + 10, r.t + (r.h() - ui.line_height(Font::Body)) / 2 - 1,
              ui.ellipsize(e.value("title", ""), Font::Body, r.w() - 20), Font::Body, 0xFFFFFF);
      const int id = e.value("id", 0);
      Node& n = ui.item("calendar.event." + std::to_string(id), "android.widget.LinearLayout", {r.l, y, r.r, y + 48},
                        e.value("title", ""), [id, sel](Phone& p) { open_event(p, id, sel); });
      n.desc = "All day";
      ui.advance(48);
    }
    if (evs.empty()) {
      ui.text(60, ui.cursor_y() + 4, "No events", Font::Body, color::kOutline);
      ui.label("calendar.day.empty", {60, ui.cursor_y(), 200, ui.cursor_y() + 24}, "No events");
      ui.advance(28);
    }
    ui.fill({0, ui.cursor_y() + 4, Ui::width_dp(), ui.cursor_y() + 5}, color::kSurfaceVariant);
    const float top = ui.cursor_y() + 6;
    ui.begin_scroll("calendar.day.timeline", {0, top, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const float t0 = top + 8;  // 00:00
    for (int h = 0; h < 24; ++h) {
      const float y = t0 + h * kHourDp;
      ui.text(8, y - ui.line_height(Font::Label) / 2 - 1, phone.format_time(h * 3600000LL), Font::Label, color::kOnSurfaceVariant);
      ui.fill({56, y, Ui::width_dp(), y + 1}, color::kSurfaceVariant);
    }
    // Overlapping blocks share the width: clusters of overlapping events, columns by first fit.
    struct Block {
      const json* e;
      float t, b;
      int col = 0, cols = 1;
    };
    std::vector<Block> blocks;
    for (const json& e : timed) {
      const float t = t0 + start_minutes(e) * kHourDp / 60;
      blocks.push_back({&e, t, std::max(t0 + end_minutes(e) * kHourDp / 60, t + kMinBlockDp)});
    }
    for (std::size_t i = 0; i < blocks.size();) {
      std::size_t j = i;
      float cluster_end = blocks[i].b;
      std::vector<float> col_ends;
      while (j < blocks.size() && (j == i || blocks[j].t < cluster_end)) {
        int c = 0;
        while (c < static_cast<int>(col_ends.size()) && col_ends[c] > blocks[j].t) ++c;
        if (c == static_cast<int>(col_ends.size())) col_ends.push_back(0);
        col_ends[c] = blocks[j].b;
        blocks[j].col = c;
        cluster_end = std::max(cluster_end, blocks[j].b);
        ++j;
      }
      for (std::size_t k = i; k < j; ++k) blocks[k].cols = static_cast<int>(col_ends.size());
      i = j;
    }
    const float x0 = 60, wide = Ui::width_dp() - 8 - x0;
    for (const Block& bl : blocks) {
      const json& e = *bl.e;
      const float w = wide / bl.cols;
      const Rect r{x0 + bl.col * w, bl.t, x0 + (bl.col + 1) * w - 2, bl.b - 2};
      ui.fill(r, calendar_color(e.value("calendar", "")), 6);
      ui.text(r.l + 8, r.t + 6, ui.ellipsize(e.value("title", ""), Font::Body, r.w() - 14), Font::Body, 0xFFFFFF);
      const std::string where = e.value("location", "");
      std::string sub = time_range(phone, e) + (where.empty() ? "" : ", " + where);
      if (r.h() >= 44)
        ui.text(r.l + 8, r.t + 26, ui.ellipsize(sub, Font::Label, r.w() - 14), Font::Label, 0xFFFFFF, 0.9f);
      const int id = e.value("id", 0);
      Node& n = ui.item("calendar.event." + std::to_string(id), "android.widget.LinearLayout",
                        {r.l, r.t, r.r, r.t + std::max(r.h(), 48.f)}, e.value("title", ""),
                        [id, sel](Phone& p) { open_event(p, id, sel); });
      n.desc = sub;
    }
    ui.set_cursor(t0 + 24 * kHourDp + 88);
    ui.end_scroll();
    ui.fab("calendar.fab", "add", "Create event", new_event);
  }

  // ---------------------------------------------------------------- event details
  static void event(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const int id = own_state(phone, kApp).value("open_event", 0);
    const json e = find_event(phone, id);
    ui.icon_button("calendar.details.back", 28, area.t + 32, "close", "Close", color::kOnSurface, [](Phone& p) { p.back(); });
    if (e.is_null()) {
      ui.text_centered(0, Ui::width_dp(), area.t + 160, "This event was deleted", Font::BodyLarge, color::kOnSurfaceVariant);
      return;
    }
    ui.icon_button("calendar.details.edit", Ui::width_dp() - 96, area.t + 32, "edit", "Edit event", color::kOnSurfaceVariant, [id](Phone& p) {
      const json ev = find_event(p, id);
      json f = empty_form();
      f["id"] = id;
      for (const char* k : {"title", "date", "start", "end", "location", "description", "repeat"}) f[k] = ev.value(k, "");
      if (f["repeat"] == "") f["repeat"] = "none";
      const int rem = ev.value("reminder", 0);
      f["reminder"] = rem == 10 || rem == 30 || rem == 60 ? rem : 0;
      own_state(p, kApp)["form"] = f;
      p.navigate("edit");
    });
    ui.icon_button("calendar.details.delete", Ui::width_dp() - 44, area.t + 32, "delete", "Delete event", color::kOnSurfaceVariant, [id](Phone& p) {
      const json ev = find_event(p, id);
      const bool repeats = ev.value("repeat", "none") != "none";
      std::int64_t start = selected_day(p);
      parse_date(ev.value("date", ""), start);
      const std::int64_t day = occurs_on(ev, selected_day(p)) ? selected_day(p) : start;  // the occurrence shown
      // A repeating event asks which occurrences go, as Google Calendar does.
      const json buttons = repeats ? json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "this"}, {"label", "This event"}},
                                                  {{"id", "all"}, {"label", "All events"}}})
                                   : json::array({{{"id", "cancel"}, {"label", "Cancel"}}, {{"id", "delete"}, {"label", "Delete"}}});
      p.show_dialog({{"owner", kApp},
                     {"kind", "delete_event"},
                     {"title", repeats ? "Delete recurring event?" : "Delete event?"},
                     {"text", repeats ? "Only the one on " + short_date(day) + ", or every repeat?"
                                      : "\"" + ev.value("title", "") + "\" will be deleted."},
                     {"buttons", buttons},
                     {"data", {{"event", id}, {"date", iso(day)}}}});
    });
    float y = area.t + 72;
    const std::uint32_t col = calendar_color(e.value("calendar", ""));
    ui.fill({20, y + 8, 36, y + 24}, col, 4);
    // The title wraps onto up to two lines.
    const std::string title = e.value("title", "");
    std::string line1 = ui.ellipsize(title, Font::Title, Ui::width_dp() - 72), line2;
    if (line1 != title) {
      const std::size_t sp = title.rfind(' ', line1.size() > 3 ? line1.size() - 3 : 0);
      if (sp != std::string::npos && sp > 0) {
        line1 = title.substr(0, sp);
        line2 = ui.ellipsize(title.substr(sp + 1), Font::Title, Ui::width_dp() - 72);
      }
    }
    ui.text(56, y + 2, line1, Font::Title, color::kOnSurface);
    if (!line2.empty()) ui.text(56, y + 32, line2, Font::Title, color::kOnSurface);
    const float th = line2.empty() ? 32 : 62;
    ui.label("calendar.details.title", {56, y, Ui::width_dp() - 16, y + th}, title);
    y += th;
    std::int64_t day;
    if (!parse_date(e.value("date", ""), day)) day = selected_day(phone);
    const std::int64_t sel = selected_day(phone);
    const std::int64_t shown = occurs_on(e, sel) ? sel : day;
    ui.text(56, y + 2, long_date(shown), Font::Body, color::kOnSurfaceVariant);
    ui.text(56, y + 22, time_range(phone, e), Font::Body, color::kOnSurfaceVariant);
    ui.label("calendar.details.when", {56, y, Ui::width_dp() - 16, y + 40},
             long_date(shown) + ", " + time_range(phone, e));
    y += 56;
    auto row = [&](const std::string& id_s, const std::string& icon, const std::string& text) {
      ui.icon(28, y + 24, icon, Font::Icon, color::kOnSurfaceVariant);
      const std::string t = ui.ellipsize(text, Font::BodyLarge, Ui::width_dp() - 72);
      ui.text(56, y + 24 - ui.line_height(Font::BodyLarge) / 2 - 1, t, Font::BodyLarge, color::kOnSurface);
      ui.label(id_s, {56, y, Ui::width_dp() - 16, y + 48}, text);
      y += 48;
    };
    row("calendar.details.repeat", "repeat", repeat_text(e.value("repeat", "none"), day));
    if (!e.value("location", "").empty()) row("calendar.details.location", "location_on", e.value("location", ""));
    if (!e.value("description", "").empty()) row("calendar.details.description", "notes", e.value("description", ""));
    row("calendar.details.reminder", "notifications", reminder_text(e.value("reminder", 0)));
    row("calendar.details.calendar", "event", calendar_label(e.value("calendar", "")));
  }

  // ---------------------------------------------------------------- form
  static void edit_event(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const json& f = own_state(phone, kApp)["form"];
    const bool editing = f.value("id", 0) != 0;
    ui.icon_button("calendar.form.close", 28, area.t + 32, "close", "Discard", color::kOnSurface, [](Phone& p) {
      const std::string caller = own_state(p, kApp)["form"].value("return_to", "");
      p.clear_focus();
      p.back();
      if (!caller.empty()) return_to(p, caller);
    });
    const std::string title = editing ? "Edit event" : "New event";
    ui.text(60, area.t + 32 - ui.line_height(Font::Title) / 2 - 2, title, Font::Title, color::kOnSurface);
    ui.label("calendar.form.heading", {60, area.t + 12, 60 + ui.text_width(title, Font::Title), area.t + 52}, title);
    {  // a 40 dp filled pill inside a 48 dp tap target
      const Rect r{Ui::width_dp() - 96, area.t + 8, Ui::width_dp() - 16, area.t + 56};
      ui.fill({r.l, r.t + 4, r.r, r.b - 4}, color::kPrimary, 20);
      ui.text_centered(r.l, r.r, r.t + (r.h() - ui.line_height(Font::Body)) / 2 - 1, "Save", Font::Body, color::kOnPrimary);
      ui.item("calendar.form.save", "android.widget.Button", r, "Save", save);
    }
    float y = area.t + 68;
    const float W = Ui::width_dp();
    ui.text_field("calendar.form.title", {16, y, W - 16, y + 56}, "Title", "/apps/calendar/form/title", "Add title");
    y += 64;
    ui.text_field("calendar.form.date", {16, y, W - 16, y + 56}, "Date (YYYY-MM-DD)", "/apps/calendar/form/date", "2026-01-08");
    y += 64;
    ui.text_field("calendar.form.start", {16, y, W / 2 - 4, y + 56}, "Start (HH:MM)", "/apps/calendar/form/start", "09:00");
    ui.text_field("calendar.form.end", {W / 2 + 4, y, W - 16, y + 56}, "End (HH:MM)", "/apps/calendar/form/end", "10:00");
    y += 64;
    ui.text_field("calendar.form.location", {16, y, W - 16, y + 56}, "Location", "/apps/calendar/form/location", "Add location");
    y += 64;
    ui.text_field("calendar.form.description", {16, y, W - 16, y + 56}, "Description", "/apps/calendar/form/description",
                  "Add description");
    y += 64;
    std::int64_t d;
    if (!parse_date(f.value("date", ""), d)) d = selected_day(phone);
    ui.set_cursor(y);
    ui.list_row("calendar.form.repeat", "Repeat", repeat_text(f.value("repeat", "none"), d), "repeat",
                [](Phone& p) { p.navigate("choose_repeat"); });
    ui.list_row("calendar.form.reminder", "Notification", reminder_text(f.value("reminder", 0)), "notifications",
                [](Phone& p) { p.navigate("choose_reminder"); });
    const std::string error = f.value("error", "");
    if (!error.empty()) {
      const float ey = ui.cursor_y() + 8;
      const std::string t = ui.ellipsize(error, Font::Body, W - 32);
      ui.text(16, ey, t, Font::Body, color::kError);
      ui.label("calendar.form.error", {16, ey, W - 16, ey + 20}, error);
    }
  }

  static void save(Phone& p) {
    json& c = own_state(p, kApp);
    json& f = c["form"];
    std::int64_t day;
    if (!parse_date(f.value("date", ""), day)) {
      f["error"] = "Enter the date as YYYY-MM-DD, e.g. 2026-01-08";
      return;
    }
    const std::string s = f.value("start", ""), e = f.value("end", "");
    const bool all_day = s.empty() && e.empty();
    const int sm = parse_hhmm(s), em = parse_hhmm(e);
    if (!all_day && (sm < 0 || em < 0)) {
      f["error"] = "Enter times as HH:MM, e.g. 14:30 (leave both empty for all day)";
      return;
    }
    if (!all_day && em <= sm) {
      f["error"] = "The end time must be after the start time";
      return;
    }
    std::string title = f.value("title", "");
    if (title.empty()) title = "(No title)";
    json ev = {{"title", title},
               {"date", iso(day)},
               {"start", all_day ? "" : hhmm(sm)},
               {"end", all_day ? "" : hhmm(em)},
               {"all_day", all_day},
               {"location", f.value("location", "")},
               {"repeat", f.value("repeat", "none")},
               {"reminder", f.value("reminder", 0)}};
    int id = f.value("id", 0);
    // The description is stored when there is one (or to clear one the event had).
    const std::string description = f.value("description", "");
    if (!description.empty() || (id != 0 && !find_event(p, id).value("description", "").empty()))
      ev["description"] = description;
    if (id == 0 || find_event(p, id).is_null()) {
      id = c.value("next_id", 1);
      c["next_id"] = id + 1;
      ev["calendar"] = "personal";
      c["events"][std::to_string(id)] = ev;
    } else {
      write_event(p, id, ev);
    }
    const Ymd ymd = civil_from_days(day);
    c["selected"] = iso(day);
    c["month"] = month_key(ymd.y, ymd.m);
    const bool reminds = f.value("reminder", 0) > 0 && !all_day;
    const std::string caller = f.value("return_to", "");
    c["form"] = empty_form();
    p.clear_focus();
    p.back();
    p.toast("Event saved");
    if (!caller.empty()) return_to(p, caller);
    if (reminds && p.permission(kApp, "POST_NOTIFICATIONS").empty())
      p.request_permission(kApp, "POST_NOTIFICATIONS", "send you notifications");
  }

  /// A page of radio rows; tapping one stores it in the form and goes back.
  template <typename T>
  static void choices(Ui& ui, Phone& phone, const std::string& title, const std::string& base, const char* key,
                      const std::vector<std::pair<T, std::string>>& options) {
    ui.top_bar(base + ".heading", title, true);
    const json& f = own_state(phone, kApp)["form"];
    for (const auto& [value, label] : options) {
      const bool on = f.contains(key) && f[key] == json(value);
      const float y = ui.cursor_y();
      const std::string vid = json(value).is_string() ? json(value).template get<std::string>() : json(value).dump();
      const json v = value;
      ui.radio(base + "." + vid, {0, y, Ui::width_dp(), y + 56}, label, on, [key, v](Phone& p) {
        own_state(p, kApp)["form"][key] = v;
        p.back();
      });
      ui.advance(56);
    }
  }

  static void repeat(Ui& ui, Phone& phone) {
    std::int64_t d;
    if (!parse_date(own_state(phone, kApp)["form"].value("date", ""), d)) d = selected_day(phone);
    std::vector<std::pair<std::string, std::string>> opts;
    for (const char* r : {"none", "daily", "weekly", "monthly"}) opts.emplace_back(r, repeat_text(r, d));
    choices(ui, phone, "Repeat", "calendar.repeat", "repeat", opts);
  }

  static void reminder(Ui& ui, Phone& phone) {
    std::vector<std::pair<int, std::string>> opts;
    for (int m : {0, 10, 30, 60}) opts.emplace_back(m, reminder_text(m));
    choices(ui, phone, "Notification", "calendar.reminder", "reminder", opts);
  }
};

}  // namespace
PG_REGISTER_APP("calendar", CalendarApp);
}  // namespace pg
