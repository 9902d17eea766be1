// Weather (com.google.android.apps.weather), in the look of Pixel Weather: current conditions for
// the shown city (big temperature, a drawn condition icon, feels like, high/low, humidity, wind,
// UV, sunrise/sunset), an hourly strip paged with arrows, a 10-day list, a day's detail (share it,
// add it to Calendar), saved cities (search a world list to add, remove after a confirmation,
// reorder, set home), settings (units; the 12/24-hour clock follows the OS) and severe-weather
// alerts (a banner, and notifications on virtual time when permitted). Forecasts come from the
// integer model in weather_model.hpp over world/cities.json.
#include "apps/weather/weather_model.hpp"
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;
using namespace pg::weather;
constexpr const char* kApp = "weather";
constexpr std::int64_t kDayMs = 86400000LL;
constexpr std::uint32_t kSun = 0xF9AB00, kCloud = 0x9AA0A6, kRain = 0x4285F4, kCard = 0xFFFFFF, kSky = 0xD3E3FD,
                        kSkyLow = 0xF1F5FD, kAlert = 0xFCE8E6, kOnAlert = 0xA50E0E;

json cities_view() {
  static const json all = resolve_collection(World::instance(), json::object(), kApp, "cities");
  return all;
}
/// The world entry of city `id`, or null.
json city_of(const std::string& id) {
  for (const json& c : cities_view())
    if (c.value("id", "") == id) return c;
  return nullptr;
}
std::string city_name(const std::string& id) {
  const json c = city_of(id);
  return c.is_null() ? id : c.value("name", id);
}
/// The city the home page shows: the one picked in the list, else the home city.
std::string shown_city(const Phone& p) {
  const json& st = own_state(p, kApp);
  const std::string cur = st.value("current", "");
  const json saved = st.value("saved", json::array());
  if (!cur.empty() && std::find(saved.begin(), saved.end(), cur) != saved.end()) return cur;
  const std::string home = st.value("home", "");
  if (!home.empty()) return home;
  return saved.empty() ? std::string() : saved[0].get<std::string>();
}
std::string tunit(const Phone& p) { return own_state(p, kApp).value("temp_unit", "F"); }
std::string wunit(const Phone& p) { return own_state(p, kApp).value("wind_unit", "mph"); }
std::string deg(int temp10, const Phone& p) { return std::to_string(temp_in(temp10, tunit(p))) + "\u00b0"; }
std::string wind_text(int kmh, const Phone& p) { return std::to_string(wind_in(kmh, wunit(p))) + " " + wunit(p); }
/// The phone's local date (days since 1970-01-01): day 0 of the 10-day list.
std::int64_t today(const Phone& p) { return fdiv(p.local_time_ms(), kDayMs); }
/// The city's local time now (ms, standard time).
std::int64_t city_ms(const Phone& p, const json& c) { return p.now_ms() + c.value("tz_min", 0) * 60000LL; }
std::string day_name(const Phone& p, std::int64_t day) {
  if (day == today(p)) return "Today";
  if (day == today(p) + 1) return "Tomorrow";
  return weekday_name(civil_from_ms(day * kDayMs).weekday);
}
std::string short_date(std::int64_t day) {
  return format_date_ms(day * kDayMs, DateStyle::ShortWeekdayMonthDay);
}
/// An hour of the strip: "14:00", or "2 PM" when the phone uses the 12-hour clock.
std::string hour_label(const Phone& p, int hour) {
  const std::string full = p.format_time(static_cast<std::int64_t>(hour) * 3600000LL);
  if (full.size() <= 5) return full;
  return std::to_string(hour % 12 == 0 ? 12 : hour % 12) + (hour < 12 ? " AM" : " PM");
}
std::string clock_text(const Phone& p, int minutes) {
  return p.format_time(static_cast<std::int64_t>(((minutes % 1440) + 1440) % 1440) * 60000LL);
}

/// The day forecast with the task overrides of `conditions.<city>` for today (see docs).
Day day_of(const Phone& p, const json& c, std::int64_t day) {
  Day d = day_forecast(c, day);
  const json& ov = own_state(p, kApp).value("conditions", json::object());
  const std::string id = c.value("id", "");
  if (day == today(p) && ov.contains(id)) {
    const json& o = ov[id];
    if (o.contains("condition")) d.condition = o["condition"].get<std::string>();
    if (o.contains("high_c")) d.high10 = o["high_c"].get<int>() * 10;
    if (o.contains("low_c")) d.low10 = o["low_c"].get<int>() * 10;
  }
  return d;
}
/// The current conditions (hour of the city's local clock), with `conditions.<city>` overrides.
Hour now_of(const Phone& p, const json& c) {
  const std::int64_t t = city_ms(p, c);
  Hour h = hour_forecast(c, fdiv(t, kDayMs), static_cast<int>(fdiv(t, 3600000LL) % 24));
  const json& ov = own_state(p, kApp).value("conditions", json::object());
  const std::string id = c.value("id", "");
  if (ov.contains(id)) {
    if (ov[id].contains("condition")) h.condition = ov[id]["condition"].get<std::string>();
    if (ov[id].contains("temp_c")) h.temp10 = ov[id]["temp_c"].get<int>() * 10;
  }
  return h;
}
bool is_night(const json& c, std::int64_t day, int minute) {
  int rise = 0, set = 0;
  sun_times(c, day, rise, set);
  return minute < rise || minute >= set;
}
/// The city's alert if one is active or upcoming (ends after now), else null.
json alert_of(const Phone& p, const std::string& id) {
  const json& al = own_state(p, kApp).value("alerts", json::object());
  if (!al.contains(id) || !al[id].is_object()) return nullptr;
  if (al[id].value("end_ms", std::int64_t{0}) <= p.now_ms()) return nullptr;
  return al[id];
}

// ---------------------------------------------------------------- drawing

void cloud(Ui& ui, float cx, float cy, float s, std::uint32_t col) {
  ui.circle(cx - 0.38f * s, cy + 0.12f * s, 0.26f * s, col);
  ui.circle(cx + 0.05f * s, cy - 0.08f * s, 0.36f * s, col);
  ui.circle(cx + 0.42f * s, cy + 0.14f * s, 0.24f * s, col);
  ui.fill({cx - 0.38f * s, cy + 0.05f * s, cx + 0.42f * s, cy + 0.38f * s}, col);
}
void sun(Ui& ui, float cx, float cy, float s) {
  for (int i = 0; i < 8; ++i) {
    const float a = static_cast<float>(i) * 3.14159265f / 4.0f;
    ui.line(cx + std::cos(a) * 0.42f * s, cy + std::sin(a) * 0.42f * s, cx + std::cos(a) * 0.58f * s,
            cy + std::sin(a) * 0.58f * s, kSun, std::max(1.5f, s * 0.07f));
  }
  ui.circle(cx, cy, 0.32f * s, kSun);
}
void moon(Ui& ui, float cx, float cy, float s, std::uint32_t bg) {
  ui.circle(cx, cy, 0.36f * s, 0xFDD663);
  ui.circle(cx + 0.18f * s, cy - 0.14f * s, 0.30f * s, bg);
}

/// A weather icon for `cond` of size `s` dp centred at (cx, cy); `bg` is the colour behind it.
void wx_icon(Ui& ui, float cx, float cy, float s, const std::string& cond, bool night, std::uint32_t bg) {
  if (cond == "clear") {
    night ? moon(ui, cx, cy, s, bg) : sun(ui, cx, cy, s);
  } else if (cond == "partly_cloudy") {
    night ? moon(ui, cx + 0.18f * s, cy - 0.18f * s, 0.8f * s, bg) : sun(ui, cx + 0.18f * s, cy - 0.18f * s, 0.75f * s);
    cloud(ui, cx - 0.08f * s, cy + 0.1f * s, 0.8f * s, 0xDADCE0);
  } else if (cond == "fog") {
    for (int i = 0; i < 3; ++i)
      ui.line(cx - 0.45f * s, cy - 0.2f * s + i * 0.2f * s, cx + 0.45f * s, cy - 0.2f * s + i * 0.2f * s, kCloud,
              std::max(2.0f, s * 0.09f));
  } else if (cond == "rain" || cond == "showers" || cond == "thunderstorm" || cond == "snow") {
    cloud(ui, cx, cy - 0.14f * s, 0.9f * s, kCloud);
    for (int i = 0; i < 3; ++i) {
      const float x = cx - 0.25f * s + i * 0.25f * s, y = cy + 0.3f * s;
      if (cond == "snow") {
        ui.circle(x, y + 0.06f * s, std::max(1.5f, 0.06f * s), kRain);
      } else if (cond != "thunderstorm" || i != 1) {
        ui.line(x + 0.05f * s, y - 0.02f * s, x - 0.04f * s, y + 0.16f * s, kRain, std::max(1.5f, s * 0.06f));
      }
    }
    if (cond == "thunderstorm")
      ui.polygon_fill({cx + 0.04f * s, cy + 0.12f * s, cx - 0.12f * s, cy + 0.36f * s, cx + 0.0f * s, cy + 0.36f * s,
                       cx - 0.06f * s, cy + 0.52f * s, cx + 0.14f * s, cy + 0.28f * s, cx + 0.02f * s, cy + 0.28f * s},
                      kSun);
  } else {  // cloudy
    cloud(ui, cx, cy, s, kCloud);
  }
}

/// The home page's sky gradient colour at fraction `f` (0 top .. 1 bottom): a crescent's cut-out.
std::uint32_t sky_at(float f) {
  f = std::clamp(f, 0.0f, 1.0f);
  auto ch = [f](int shift) {
    const float a = static_cast<float>((kSky >> shift) & 0xFF), b = static_cast<float>((kSkyLow >> shift) & 0xFF);
    return static_cast<std::uint32_t>(std::lround(a + (b - a) * f)) << shift;
  };
  return ch(16) | ch(8) | ch(0);
}

/// A white rounded card from y with height h (dp).
void card(Ui& ui, float y, float h) { ui.fill({12, y, Ui::width_dp() - 12, y + h}, kCard, 20, 0.92f); }

// ---------------------------------------------------------------- the app

class WeatherApp : public App {
 public:
  WeatherApp() {
    add_page("home", home);
    add_page("day", day_page);
    add_page("cities", cities);
    add_page("search", search);
    add_page("settings", settings);
    add_page("alert", alert_page);
    add_export("cities", [](Phone& p, const json&) {
      json out = json::array();
      const json& st = own_state(p, kApp);
      for (const json& id : st.value("saved", json::array()))
        out.push_back({{"id", id}, {"name", city_name(id.get<std::string>())}, {"home", id == st.value("home", "")}});
      return out;
    });
    add_export("forecast", [](Phone& p, const json& args) {
      const json c = city_of(args.value("city", ""));
      if (c.is_null()) throw std::invalid_argument("weather: unknown city " + args.value("city", ""));
      std::int64_t day = today(p);
      if (args.contains("date") && !parse_iso_date(args["date"].get<std::string>(), day))
        throw std::invalid_argument("weather: bad date");
      const Day d = day_of(p, c, day);
      return json{{"city", c["id"]}, {"date", iso_date(day)}, {"high_c", temp_in(d.high10, "C")},
                  {"low_c", temp_in(d.low10, "C")}, {"high_f", temp_in(d.high10, "F")}, {"low_f", temp_in(d.low10, "F")},
                  {"condition", d.condition}, {"precip", d.precip}, {"humidity", d.humidity}, {"wind_kmh", d.wind},
                  {"uv", d.uv}};
    });
  }

  /// Severe-weather alerts of saved cities whose start passes between the two instants post a
  /// notification, when alerts are on and Weather may post notifications.
  void on_time(Phone& phone, std::int64_t from_ms, std::int64_t to_ms) override {
    if (to_ms <= from_ms || phone.permission(kApp, "POST_NOTIFICATIONS") != "granted") return;
    const json& st = own_state(phone, kApp);
    if (!st.value("alert_notifications", true)) return;
    const json alerts = st.value("alerts", json::object());
    for (const json& id : st.value("saved", json::array())) {
      const std::string cid = id.get<std::string>();
      if (!alerts.contains(cid) || !alerts[cid].is_object()) continue;
      const std::int64_t start = alerts[cid].value("start_ms", std::int64_t{0});
      if (start <= from_ms || start > to_ms) continue;
      phone.post_notification(kApp, alerts[cid].value("title", "Weather alert") + " \u00b7 " + city_name(cid),
                              alerts[cid].value("text", ""), {{"app", kApp}, {"extras", {{"alert_city", cid}}}});
    }
  }

  /// A tapped alert notification ({"app": "weather", "extras": {"alert_city": id}}) shows that
  /// city's alert page (over its home page).
  void on_intent(Phone& phone, const json& intent) override {
    const json extras = intent.value("extras", json::object());
    if (!extras.is_object() || !extras.contains("alert_city")) return;
    const std::string id = extras.value("alert_city", "");
    json& st = own_state(phone, kApp);
    const json saved = st.value("saved", json::array());
    if (std::find(saved.begin(), saved.end(), id) == saved.end()) return;
    st["current"] = id;
    phone.back_to_root();
    if (phone.current_page() == "home") phone.navigate("alert");
  }

  void on_dialog_result(Phone& phone, const json& dialog, const std::string& button) override {
    if (dialog.value("kind", "") != "remove_city" || button != "remove") return;
    const std::string id = dialog.value("data", json::object()).value("city", "");
    json& st = own_state(phone, kApp);
    json& saved = st["saved"];
    for (std::size_t i = 0; i < saved.size(); ++i)
      if (saved[i] == id) {
        saved.erase(i);
        break;
      }
    if (st.value("current", "") == id) st["current"] = "";
    phone.toast("Removed " + city_name(id));
  }

 private:
  // ---------------------------------------------------------------- home
  static void home(Ui& ui, Phone& phone) {
    const Rect area = Ui::content_area();
    const std::string id = shown_city(phone);
    const json c = city_of(id);
    ui.gradient({0, area.t, Ui::width_dp(), area.b}, kSky, kSkyLow);
    ui.icon_button("weather.cities", 28, area.t + 28, "list", "Saved cities", color::kOnSurface,
                   [](Phone& p) { p.navigate("cities"); });
    ui.icon_button("weather.open_settings", Ui::width_dp() - 28, area.t + 28, "settings", "Settings", color::kOnSurface,
                   [](Phone& p) { p.navigate("settings"); });
    if (c.is_null()) {
      ui.text_centered(0, Ui::width_dp(), area.t + 200, "No saved cities", Font::Title, color::kOnSurface);
      ui.button("weather.empty.add", {100, area.t + 240, Ui::width_dp() - 100, area.t + 288}, "Add a city", true,
                [](Phone& p) { p.navigate("cities"); });
      return;
    }
    const bool is_home = id == own_state(phone, kApp).value("home", "");
    const std::string name = c.value("name", id);
    const float nw = std::min(ui.text_width(name, Font::Title), Ui::width_dp() - 140);
    const float nx = (Ui::width_dp() - nw) / 2 + (is_home ? 10 : 0);
    if (is_home) ui.icon(nx - 14, area.t + 28, "home", Font::IconSmall, color::kOnSurface);
    ui.label_at("weather.city_title", nx, area.t + 16, name, Font::Title, color::kOnSurface, Ui::width_dp() - 140);

    const std::int64_t cms = city_ms(phone, c);
    const std::int64_t cday = fdiv(cms, kDayMs);
    const int cmin = static_cast<int>(fdiv(cms, 60000) % 1440);
    const Hour now = now_of(phone, c);
    const Day d0 = day_of(phone, c, today(phone));
    const bool night = is_night(c, cday, cmin);

    ui.begin_scroll("weather.home.scroll", {0, area.t + 56, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y();
    ui.text(16, y + 4, "Now", Font::BodyLarge, color::kOnSurfaceVariant);
    const std::string num = std::to_string(temp_in(now.temp10, tunit(phone)));
    const float bw = ui.text(16, y + 28, num, Font::Display, color::kOnSurface);
    ui.text(18 + bw, y + 36, "\u00b0" + tunit(phone), Font::Headline, color::kOnSurface);
    ui.label("weather.now.temp", {16, y + 28, 24 + bw + ui.text_width("\u00b0F", Font::Headline), y + 28 + ui.line_height(Font::Display)},
             num + "\u00b0" + tunit(phone));
    wx_icon(ui, Ui::width_dp() - 76, y + 64, 84, now.condition, night, sky_at((y + 64 - area.t) / area.h()));
    const std::string cond = condition_label(now.condition, night);
    ui.label_at("weather.now.condition", 16, y + 104, cond, Font::Title, color::kOnSurface, Ui::width_dp() - 32);
    int feels10 = now.temp10;
    if (now.temp10 < 100) feels10 -= d0.wind * 10 / 4;
    else if (now.temp10 >= 270 && d0.humidity > 60) feels10 += (d0.humidity - 60) * 10 / 5;
    const std::string feels = "Feels like " + deg(feels10, phone);
    ui.label_at("weather.now.feels", 16, y + 132, feels, Font::Body, color::kOnSurfaceVariant, Ui::width_dp() - 32);
    const std::string hilo = "High " + deg(d0.high10, phone) + " \u00b7 Low " + deg(d0.low10, phone);
    ui.label_at("weather.now.hilo", 16, y + 154, hilo, Font::Body, color::kOnSurfaceVariant, Ui::width_dp() - 32);
    ui.advance(184);

    // Alert banner.
    const json al = alert_of(phone, id);
    if (!al.is_null()) {
      y = ui.cursor_y();
      ui.fill({12, y, Ui::width_dp() - 12, y + 64}, kAlert, 16);
      ui.icon(40, y + 32, "warning", Font::Icon, kOnAlert);
      ui.text_fit(64, y + 12, al.value("title", "Weather alert"), Font::BodyLarge, kOnAlert, Ui::width_dp() - 100);
      ui.text_fit(64, y + 36, "Tap for details", Font::Body, kOnAlert, Ui::width_dp() - 100);
      ui.icon(Ui::width_dp() - 32, y + 32, "chevron_right", Font::Icon, kOnAlert);
      ui.item("weather.alert", "android.widget.LinearLayout", {12, y, Ui::width_dp() - 12, y + 64}, al.value("title", ""),
              [](Phone& p) { p.navigate("alert"); });
      ui.advance(76);
    }

    // Hourly strip: 6 hours a view, paged with arrows over the next 24 hours.
    y = ui.cursor_y();
    card(ui, y, 168);
    ui.text(28, y + 14, "Hourly forecast", Font::Label, color::kOnSurfaceVariant);
    const int start = std::clamp(own_state(phone, kApp).value("hour_page", 0), 0, 3) * 6;
    if (start > 0)
      ui.icon_button("weather.hourly.prev", Ui::width_dp() - 76, y + 22, "chevron_left", "Earlier hours", color::kOnSurface,
                     [](Phone& p) { own_state(p, kApp)["hour_page"] = std::max(0, own_state(p, kApp).value("hour_page", 0) - 1); });
    if (start < 18)
      ui.icon_button("weather.hourly.next", Ui::width_dp() - 32, y + 22, "chevron_right", "Later hours", color::kOnSurface,
                     [](Phone& p) { own_state(p, kApp)["hour_page"] = std::min(3, own_state(p, kApp).value("hour_page", 0) + 1); });
    const std::int64_t hour0 = fdiv(cms, 3600000LL);
    const float colw = (Ui::width_dp() - 40) / 6;
    for (int i = 0; i < 6; ++i) {
      const std::int64_t hh = hour0 + start + i;
      const std::int64_t hd = fdiv(hh, 24);
      const int hr = static_cast<int>(hh - hd * 24);
      Hour h = hour_forecast(c, hd, hr);
      if (start + i == 0) h = now;
      const float l = 20 + i * colw;
      const std::string t = deg(h.temp10, phone);
      ui.text_centered(l, l + colw, y + 48, t, Font::BodyLarge, color::kOnSurface);
      wx_icon(ui, l + colw / 2, y + 96, 30, h.condition, is_night(c, hd, hr * 60 + 30), kCard);
      const std::string when = start + i == 0 ? "Now" : hour_label(phone, hr);
      const std::string whens = ui.ellipsize(when, Font::Label, colw - 2);
      ui.text_centered(l, l + colw, y + 128, whens, Font::Label, color::kOnSurfaceVariant);
      ui.label("weather.hour." + std::to_string(start + i), {l, y + 44, l + colw, y + 150},
               when + ", " + t + ", " + condition_label(h.condition, false));
    }
    ui.advance(180);

    // 10-day forecast.
    y = ui.cursor_y();
    card(ui, y, 48 + 10 * 56);
    ui.text(28, y + 14, "10-day forecast", Font::Label, color::kOnSurfaceVariant);
    ui.advance(44);
    for (int i = 0; i < 10; ++i) {
      const std::int64_t dd = today(phone) + i;
      const Day d = day_of(phone, c, dd);
      const float ry = ui.cursor_y();
      ui.text_fit(28, ry + 16, day_name(phone, dd), Font::BodyLarge, color::kOnSurface, 104);
      wx_icon(ui, 150, ry + 28, 28, d.condition, false, kCard);
      if (d.precip >= 30) ui.text(170, ry + 18, std::to_string(d.precip) + "%", Font::Label, kRain);
      const std::string hi = deg(d.high10, phone), lo = deg(d.low10, phone);
      ui.text(Ui::width_dp() - 28 - ui.text_width(lo, Font::BodyLarge), ry + 16, lo, Font::BodyLarge, color::kOnSurfaceVariant);
      ui.text(Ui::width_dp() - 84 - ui.text_width(hi, Font::BodyLarge), ry + 16, hi, Font::BodyLarge, color::kOnSurface);
      Node& n = ui.item("weather.day." + std::to_string(i), "android.widget.LinearLayout", {12, ry, Ui::width_dp() - 12, ry + 56},
                        day_name(phone, dd) + ", " + condition_label(d.condition) + ", high " + hi + ", low " + lo,
                        [i](Phone& p) {
                          own_state(p, kApp)["open_day"] = i;
                          p.navigate("day");
                        });
      (void)n;
      ui.advance(56);
    }
    ui.advance(16);

    // Details tiles.
    y = ui.cursor_y();
    int rise = 0, set = 0;
    sun_times(c, cday, rise, set);
    const float tw = (Ui::width_dp() - 36) / 2;
    struct Tile {
      const char* key;
      const char* icon;
      const char* title;
      std::string value;
    };
    const std::vector<Tile> tiles = {{"humidity", "water_drop", "Humidity", std::to_string(d0.humidity) + "%"},
                                     {"wind", "air", "Wind", wind_text(d0.wind, phone)},
                                     {"uv", "wb_sunny", "UV index", std::to_string(d0.uv) + (d0.uv <= 2 ? " Low" : d0.uv <= 5 ? " Moderate" : d0.uv <= 7 ? " High" : " Very high")},
                                     {"sun", "wb_twilight", "Sunrise", clock_text(phone, rise)},
                                     {"sunset", "wb_twilight", "Sunset", clock_text(phone, set)},
                                     {"precip", "umbrella", "Precipitation", std::to_string(d0.precip) + "%"}};
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      const float l = 12 + (i % 2) * (tw + 12), t = y + (i / 2) * 100;
      ui.fill({l, t, l + tw, t + 88}, kCard, 20, 0.92f);
      ui.icon(l + 26, t + 26, tiles[i].icon, Font::IconSmall, color::kOnSurfaceVariant);
      ui.text(l + 44, t + 16, tiles[i].title, Font::Label, color::kOnSurfaceVariant);
      ui.text_fit(l + 16, t + 46, tiles[i].value, Font::Title, color::kOnSurface, tw - 28);
      ui.label("weather.detail." + std::string(tiles[i].key), {l, t, l + tw, t + 88},
               std::string(tiles[i].title) + " " + tiles[i].value);
    }
    ui.advance(3 * 100 + 8);
    ui.text_centered(0, Ui::width_dp(), ui.cursor_y(), c.value("name", "") + ", " + c.value("country", ""), Font::Label,
                     color::kOnSurfaceVariant);
    ui.advance(40);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- day
  static void day_page(Ui& ui, Phone& phone) {
    const std::string id = shown_city(phone);
    const json c = city_of(id);
    const int n = std::clamp(own_state(phone, kApp).value("open_day", 0), 0, 9);
    const std::int64_t dd = today(phone) + n;
    ui.top_bar("weather.day.title", short_date(dd), true);
    if (c.is_null()) return;
    const Day d = day_of(phone, c, dd);
    const Rect area = Ui::content_area();
    ui.begin_scroll("weather.day.scroll", {0, ui.cursor_y(), Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    float y = ui.cursor_y();
    ui.label_at("weather.day.city", 16, y + 4, c.value("name", id) + " \u00b7 " + day_name(phone, dd), Font::BodyLarge,
                color::kOnSurfaceVariant, Ui::width_dp() - 32);
    wx_icon(ui, 62, y + 76, 64, d.condition, false, color::kSurface);
    const std::string hilo = deg(d.high10, phone) + " / " + deg(d.low10, phone);
    ui.label_at("weather.day.hilo", 116, y + 44, hilo, Font::Headline, color::kOnSurface, Ui::width_dp() - 132);
    ui.label_at("weather.day.condition", 116, y + 84, condition_label(d.condition), Font::BodyLarge, color::kOnSurface, Ui::width_dp() - 132);
    ui.advance(136);
    y = ui.cursor_y();
    const std::vector<std::pair<std::string, std::string>> facts = {
        {"Chance of precipitation", std::to_string(d.precip) + "%"},
        {"Humidity", std::to_string(d.humidity) + "%"},
        {"Wind", wind_text(d.wind, phone)},
        {"UV index", std::to_string(d.uv)}};
    int i = 0;
    for (const auto& [k, v] : facts) {
      const float ry = ui.cursor_y();
      ui.text(16, ry + 14, k, Font::BodyLarge, color::kOnSurfaceVariant);
      ui.text(Ui::width_dp() - 16 - ui.text_width(v, Font::BodyLarge), ry + 14, v, Font::BodyLarge, color::kOnSurface);
      ui.label("weather.day.fact." + std::to_string(i++), {16, ry, Ui::width_dp() - 16, ry + 48}, k + " " + v);
      ui.advance(48);
    }
    y = ui.cursor_y() + 8;
    ui.button("weather.day.share", {16, y, Ui::width_dp() / 2 - 8, y + 48}, "Share", false, [id, dd](Phone& p) {
      const json cc = city_of(id);
      const Day dx = day_of(p, cc, dd);
      const std::string text = cc.value("name", id) + ", " + short_date(dd) + ": " + condition_label(dx.condition) +
                               ", high " + deg(dx.high10, p) + tunit(p) + ", low " + deg(dx.low10, p) + tunit(p) +
                               ", " + std::to_string(dx.precip) + "% chance of precipitation";
      p.start_intent({{"action", "android.intent.action.SEND"}, {"type", "text/plain"},
                      {"extras", {{"text", text}, {"android.intent.extra.TEXT", text}, {"subject", "Weather"}}}});
    });
    ui.button("weather.day.calendar", {Ui::width_dp() / 2 + 8, y, Ui::width_dp() - 16, y + 48}, "Add to calendar", true, [id, dd](Phone& p) {
      const json cc = city_of(id);
      const Day dx = day_of(p, cc, dd);
      const std::int64_t shift = p.local_time_ms() - p.now_ms();
      const std::int64_t begin = dd * kDayMs + 8 * 3600000LL - shift;
      p.start_intent({{"action", "android.intent.action.INSERT"}, {"type", "vnd.android.cursor.item/event"},
                      {"extras", {{"title", condition_label(dx.condition) + " in " + cc.value("name", id)},
                                  {"beginTime", begin}, {"endTime", begin + 3600000LL},
                                  {"eventLocation", cc.value("name", id) + ", " + cc.value("country", "")},
                                  {"description", "High " + deg(dx.high10, p) + tunit(p) + ", low " + deg(dx.low10, p) + tunit(p)},
                                  {"from_app", kApp}}}});
    });
    ui.advance(72);
    ui.section_header("Hour by hour");
    for (int h = 0; h < 24; h += 3) {
      const Hour hr = hour_forecast(c, dd, h);
      const float ry = ui.cursor_y();
      const std::string when = phone.format_time(static_cast<std::int64_t>(h) * 3600000LL);
      ui.text(16, ry + 14, when, Font::BodyLarge, color::kOnSurfaceVariant);
      wx_icon(ui, 132, ry + 24, 26, hr.condition, is_night(c, dd, h * 60 + 30), color::kSurface);
      ui.text_fit(156, ry + 16, condition_label(hr.condition, is_night(c, dd, h * 60 + 30)), Font::Body,
                  color::kOnSurfaceVariant, 120);
      const std::string t = deg(hr.temp10, phone);
      ui.text(Ui::width_dp() - 16 - ui.text_width(t, Font::BodyLarge), ry + 14, t, Font::BodyLarge, color::kOnSurface);
      ui.label("weather.day.hour." + std::to_string(h), {16, ry, Ui::width_dp() - 16, ry + 48}, when + " " + t);
      ui.advance(48);
    }
    ui.advance(16);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- cities
  static void cities(Ui& ui, Phone& phone) {
    const json& st = own_state(phone, kApp);
    const bool editing = st.value("editing", false);
    ui.top_bar("weather.cities.title", "Saved locations", true);
    ui.icon_button("weather.cities.edit", Ui::width_dp() - 28, Ui::content_area().t + 28, editing ? "check" : "edit",
                   editing ? "Done" : "Edit list", color::kOnSurface,
                   [editing](Phone& p) { own_state(p, kApp)["editing"] = !editing; });
    const float top = ui.cursor_y();
    ui.search_bar("weather.cities.search", {16, top + 4, Ui::width_dp() - 16, top + 52}, "Search for a city", [](Phone& p) {
      own_state(p, kApp)["query"] = "";
      p.navigate("search");
      p.focus("weather.search.field", "/apps/weather/query");
    });
    const json saved = st.value("saved", json::array());
    const std::string home = st.value("home", "");
    const std::string shown = shown_city(phone);
    ui.begin_scroll("weather.cities.list", {0, top + 64, Ui::width_dp(), Ui::content_area().b}, phone.page_pointer() + "/scroll");
    if (saved.empty()) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 40, "No saved locations", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.advance(100);
    }
    for (std::size_t i = 0; i < saved.size(); ++i) {
      const std::string id = saved[i].get<std::string>();
      const json c = city_of(id);
      if (c.is_null()) continue;
      const float y = ui.cursor_y();
      const bool is_home = id == home;
      const Hour now = now_of(phone, c);
      const Day d = day_of(phone, c, today(phone));
      const std::int64_t cms = city_ms(phone, c);
      const bool night = is_night(c, fdiv(cms, kDayMs), static_cast<int>(fdiv(cms, 60000) % 1440));
      ui.fill({12, y + 4, Ui::width_dp() - 12, y + 84}, id == shown ? 0xD3E3FD : 0xF0F4F9, 20);
      const std::string name = c.value("name", id);
      if (!editing) {
        if (is_home) ui.icon(34, y + 26, "home", Font::IconSmall, color::kOnSurface);
        ui.text_fit(is_home ? 50 : 28, y + 14, name, Font::BodyLarge, color::kOnSurface, 170);
        ui.text_fit(28, y + 44, condition_label(now.condition, night) + " \u00b7 " + deg(d.high10, phone) + " / " +
                                    deg(d.low10, phone), Font::Body, color::kOnSurfaceVariant, 190);
        const std::string t = deg(now.temp10, phone);
        ui.text(Ui::width_dp() - 28 - ui.text_width(t, Font::Headline), y + 26, t, Font::Headline, color::kOnSurface);
        wx_icon(ui, Ui::width_dp() - 116, y + 44, 36, now.condition, night, id == shown ? 0xD3E3FD : 0xF0F4F9);
        ui.item("weather.city." + id, "android.widget.LinearLayout", {12, y + 4, Ui::width_dp() - 12, y + 84},
                name + ", " + t + ", " + condition_label(now.condition, night) + (is_home ? ", home" : ""),
                [id](Phone& p) {
                  own_state(p, kApp)["current"] = id;
                  own_state(p, kApp)["hour_page"] = 0;
                  p.back();
                });
      } else {
        ui.text_fit(28, y + 14, name, Font::BodyLarge, color::kOnSurface, 130);
        ui.text_fit(28, y + 44, is_home ? "Home" : c.value("country", ""), Font::Body, color::kOnSurfaceVariant, 130);
        ui.label("weather.city." + id, {12, y + 4, 160, y + 84}, name + (is_home ? ", home" : ""));
        const float bx = 186;
        ui.icon_button("weather.city." + id + ".up", bx, y + 44, "arrow_upward", "Move " + name + " up",
                       i == 0 ? color::kOutline : color::kOnSurface, [id](Phone& p) { move(p, id, -1); });
        ui.icon_button("weather.city." + id + ".down", bx + 44, y + 44, "arrow_downward", "Move " + name + " down",
                       i + 1 == saved.size() ? color::kOutline : color::kOnSurface, [id](Phone& p) { move(p, id, 1); });
        ui.icon_button("weather.city." + id + ".home", bx + 88, y + 44, is_home ? "home" : "add_home",
                       is_home ? name + " is home" : "Set " + name + " as home", is_home ? color::kPrimary : color::kOnSurface,
                       [id](Phone& p) {
                         own_state(p, kApp)["home"] = id;
                         p.toast(city_name(id) + " is now your home location");
                       });
        ui.icon_button("weather.city." + id + ".remove", bx + 132, y + 44, "delete", "Remove " + name, color::kOnSurface,
                       [id](Phone& p) {
                         if (own_state(p, kApp).value("home", "") == id) {
                           p.toast("Set another home location before removing " + city_name(id));
                           return;
                         }
                         p.show_dialog({{"owner", kApp}, {"kind", "remove_city"}, {"title", "Remove " + city_name(id) + "?"},
                                        {"text", city_name(id) + " will be removed from your saved locations."},
                                        {"buttons", json::array({{{"id", "cancel"}, {"label", "Cancel"}},
                                                                 {{"id", "remove"}, {"label", "Remove"}}})},
                                        {"data", {{"city", id}}}});
                       });
      }
      ui.advance(88);
    }
    ui.advance(24);
    ui.end_scroll();
  }

  /// Moves saved city `id` one place up (-1) or down (+1); nothing at the ends.
  static void move(Phone& p, const std::string& id, int dir) {
    json& saved = own_state(p, kApp)["saved"];
    for (std::size_t i = 0; i < saved.size(); ++i)
      if (saved[i] == id) {
        const long j = static_cast<long>(i) + dir;
        if (j < 0 || j >= static_cast<long>(saved.size())) return;
        std::swap(saved[i], saved[static_cast<std::size_t>(j)]);
        return;
      }
  }

  // ---------------------------------------------------------------- search
  static void search(Ui& ui, Phone& phone) {
    ui.top_bar("weather.search.title", "Add location", true);
    const float y = ui.cursor_y();
    ui.text_field("weather.search.field", {16, y, Ui::width_dp() - 16, y + 56}, "Search for a city", "/apps/weather/query",
                  "City or country");
    const json& st = own_state(phone, kApp);
    auto lower = [](std::string s) {
      for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      return s;
    };
    const std::string q = lower(st.value("query", ""));
    const json saved = st.value("saved", json::array());
    ui.begin_scroll("weather.search.results", {0, y + 64, Ui::width_dp(), Ui::content_area().b}, phone.page_pointer() + "/scroll");
    int shown = 0;
    for (const json& c : cities_view()) {
      const std::string id = c.value("id", ""), name = c.value("name", id);
      const std::string where = c.value("region", "") == name ? c.value("country", "") : c.value("region", "") + ", " + c.value("country", "");
      if (!q.empty() && lower(name).find(q) == std::string::npos && lower(where).find(q) == std::string::npos) continue;
      const bool on = std::find(saved.begin(), saved.end(), id) != saved.end();
      ui.list_row("weather.result." + id, name, where, on ? "check" : "location_on", [id, on](Phone& p) {
        p.clear_focus();
        if (on) {
          p.toast(city_name(id) + " is already saved");
          return;
        }
        own_state(p, kApp)["saved"].push_back(id);
        own_state(p, kApp)["query"] = "";
        p.back();
        p.toast("Added " + city_name(id));
      });
      ++shown;
    }
    if (shown == 0) {
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 24, "No matching cities", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("weather.search.empty", {16, ui.cursor_y() + 20, Ui::width_dp() - 16, ui.cursor_y() + 48}, "No matching cities");
      ui.advance(72);
    }
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- settings
  static void settings(Ui& ui, Phone& phone) {
    ui.top_bar("weather.settings.title", "Settings", true);
    const json& st = own_state(phone, kApp);
    ui.begin_scroll("weather.settings.list", {0, ui.cursor_y(), Ui::width_dp(), Ui::content_area().b}, phone.page_pointer() + "/scroll");
    ui.section_header("Temperature");
    const std::string tu = st.value("temp_unit", "F");
    for (const auto& [k, label] : std::vector<std::pair<std::string, std::string>>{{"F", "Fahrenheit (\u00b0F)"}, {"C", "Celsius (\u00b0C)"}}) {
      const float y = ui.cursor_y();
      ui.radio("weather.unit.temp." + k, {0, y, Ui::width_dp(), y + 56}, label, tu == k, [k = k](Phone& p) { own_state(p, kApp)["temp_unit"] = k; });
      ui.advance(56);
    }
    ui.section_header("Wind speed");
    const std::string wu = st.value("wind_unit", "mph");
    for (const auto& [k, key, label] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"km/h", "kmh", "Kilometres per hour (km/h)"}, {"mph", "mph", "Miles per hour (mph)"}, {"m/s", "ms", "Metres per second (m/s)"}}) {
      const float y = ui.cursor_y();
      ui.radio("weather.unit.wind." + key, {0, y, Ui::width_dp(), y + 56}, label, wu == k, [k = k](Phone& p) { own_state(p, kApp)["wind_unit"] = k; });
      ui.advance(56);
    }
    ui.section_header("Notifications");
    ui.switch_row("weather.settings.alerts", "Severe weather alerts",
                  phone.permission(kApp, "POST_NOTIFICATIONS") == "granted" ? "Warnings for your saved locations"
                                                                             : "Notifications are not allowed yet",
                  "warning", st.value("alert_notifications", true), [](Phone& p) {
                    json& s = own_state(p, kApp);
                    const bool on = !s.value("alert_notifications", true);
                    s["alert_notifications"] = on;
                    if (on && p.permission(kApp, "POST_NOTIFICATIONS") != "granted")
                      p.request_permission(kApp, "POST_NOTIFICATIONS", "warn you about severe weather");
                  });
    ui.section_header("Time format");
    const std::string sample = phone.format_time(15 * 3600000LL);
    const std::string clock = std::string(sample.size() > 5 ? "12-hour" : "24-hour") + " clock, e.g. " + sample;
    ui.list_row("weather.settings.time", "Follows your phone", clock, "schedule", {});
    ui.nodes().back().desc = clock;
    ui.advance(24);
    ui.end_scroll();
  }

  // ---------------------------------------------------------------- alert
  static void alert_page(Ui& ui, Phone& phone) {
    ui.top_bar("weather.alert.title", "Weather alert", true);
    const std::string id = shown_city(phone);
    const json al = alert_of(phone, id);
    float y = ui.cursor_y() + 8;
    if (al.is_null()) {
      ui.text_centered(0, Ui::width_dp(), y + 80, "No active alerts", Font::BodyLarge, color::kOnSurfaceVariant);
      return;
    }
    ui.fill({16, y, Ui::width_dp() - 16, y + 72}, kAlert, 16);
    ui.icon(44, y + 36, "warning", Font::Icon, kOnAlert);
    ui.label_at("weather.alert.name", 72, y + 14, al.value("title", ""), Font::Title, kOnAlert, Ui::width_dp() - 100);
    ui.label_at("weather.alert.city", 72, y + 42, city_name(id), Font::Body, kOnAlert, Ui::width_dp() - 100);
    y += 88;
    const json c = city_of(id);  // times in the city's own (standard) time
    const std::int64_t shift = (c.is_null() ? 0 : c.value("tz_min", 0)) * 60000LL;
    auto when = [&](std::int64_t ms) {
      const std::int64_t l = ms + shift;
      return short_date(fdiv(l, kDayMs)) + ", " + phone.format_time(l);
    };
    ui.label_at("weather.alert.from", 16, y, "From " + when(al.value("start_ms", std::int64_t{0})), Font::BodyLarge,
                color::kOnSurface, Ui::width_dp() - 32);
    ui.label_at("weather.alert.until", 16, y + 28, "Until " + when(al.value("end_ms", std::int64_t{0})), Font::BodyLarge,
                color::kOnSurface, Ui::width_dp() - 32);
    y += 68;
    const float h = ui.text_wrapped(16, y, al.value("text", ""), Font::Body, color::kOnSurface, Ui::width_dp() - 32, 22);
    ui.label("weather.alert.text", {16, y, Ui::width_dp() - 16, y + h}, al.value("text", ""));
    y += h + 16;
    ui.text_fit(16, y, "Source: " + al.value("source", "National Weather Service"), Font::Label, color::kOnSurfaceVariant, Ui::width_dp() - 32);
  }
};

}  // namespace
PG_REGISTER_APP("weather", WeatherApp);
}  // namespace pg
