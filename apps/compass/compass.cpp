// Compass (a Material compass app like Pixel's/Samsung's): a rotating dial (ticks every 5°,
// degrees every 30°, N/E/S/W, a red north needle) with the heading large ("247° SW"), true or
// magnetic north (declination from the chosen city, world/cities.json), a calibration page
// (figure-8) when the sensor accuracy is low, a bubble level with pitch and roll, a locked
// bearing with the difference to it, and settings (degrees/mils, keep screen on, location).
//
// The simulated sensor is state: apps.compass.sensor {heading_deg (magnetic, integer 0..359),
// pitch_deg, roll_deg, accuracy}. It does not drift: the screen is a pure function of the state,
// so a task sets the sensor in its setup and judges read stable values.
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/ui/font_scale.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "compass";
constexpr std::uint32_t kRed = 0xD93025, kInk = 0x1F1F1F, kGrey = 0x5F6368, kDial = 0xF1F3F4;
constexpr double kPi = 3.14159265358979323846;

/// Degrees normalised into 0..359.
int norm360(int d) { return ((d % 360) + 360) % 360; }

/// The 8-point compass direction of a bearing (45° sectors centred on N, NE, ...).
std::string direction(int deg) {
  static const char* kNames[8] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
  // sector k covers [45k - 22.5, 45k + 22.5): in half degrees to stay in integers
  const int half = norm360(deg) * 2;
  return kNames[((half + 45) / 90) % 8];
}

/// The city the compass uses for declination (falls back to the first city).
json city(const Phone& phone) {
  const json& st = own_state(phone, kApp);
  const json cities = resolve_collection(World::instance(), st, kApp, "cities");
  const std::string id = st.value("location", "san_francisco");
  for (const json& c : cities)
    if (c.value("id", "") == id) return c;
  return cities.empty() ? json::object() : cities[0];
}

/// Magnetic declination of the current city, tenths of a degree, east positive.
int declination_tenths(const Phone& phone) { return city(phone).value("declination_tenths", 0); }

/// "12.9° E" / "3.4° W" / "0.0°".
std::string declination_text(int tenths) {
  char buf[32];
  const int a = std::abs(tenths);
  std::snprintf(buf, sizeof buf, "%d.%d\xC2\xB0%s", a / 10, a % 10, tenths > 0 ? " E" : tenths < 0 ? " W" : "");
  return buf;
}

/// The sensor's magnetic heading (0..359).
int magnetic_heading(const Phone& phone) {
  return norm360(own_state(phone, kApp).value("sensor", json::object()).value("heading_deg", 0));
}

/// True heading = magnetic + declination, rounded half up to whole degrees.
int true_heading_of(int magnetic, int decl_tenths) {
  const int t = magnetic * 10 + decl_tenths + 5;
  const int floor_div = t >= 0 ? t / 10 : -((-t + 9) / 10);
  return norm360(floor_div);
}

bool use_true(const Phone& phone) { return own_state(phone, kApp).value("north", "magnetic") == "true"; }
bool use_mils(const Phone& phone) { return own_state(phone, kApp).value("units", "degrees") == "mils"; }

/// The heading the dial shows (true or magnetic, as set).
int shown_heading(const Phone& phone) {
  const int m = magnetic_heading(phone);
  return use_true(phone) ? true_heading_of(m, declination_tenths(phone)) : m;
}

/// Whole degrees as NATO mils (6400 per turn), rounded half up.
int to_mils(int deg) { return (norm360(deg) * 320 + 9) / 18 % 6400; }

/// "247°" or "4391 mil".
std::string angle_text(const Phone& phone, int deg) {
  return use_mils(phone) ? std::to_string(to_mils(deg)) + " mil" : std::to_string(norm360(deg)) + "\xC2\xB0";
}

/// A signed difference as shown ("13°", "231 mil"): degrees or mils of |d|.
std::string diff_text(const Phone& phone, int d) {
  const int a = std::abs(d);
  return use_mils(phone) ? std::to_string((a * 320 + 9) / 18) + " mil" : std::to_string(a) + "\xC2\xB0";
}

std::string accuracy(const Phone& phone) {
  return own_state(phone, kApp).value("sensor", json::object()).value("accuracy", "high");
}

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

/// The point at bearing `b` (degrees, 0 = up) on a circle of radius r around (cx, cy).
void polar(float cx, float cy, float r, double b, float& x, float& y) {
  const double a = b * kPi / 180.0;
  x = cx + static_cast<float>(r * std::sin(a));
  y = cy - static_cast<float>(r * std::cos(a));
}

/// Draws the compass dial centred at (cx, cy) with radius r, rotated so `heading` is at the top.
/// Helper that could move to sim/ui (a rotating dial).
void draw_dial(Ui& ui, float cx, float cy, float r, int heading, bool mils) {
  ui.circle(cx, cy, r + 6, 0xE8EAED);
  ui.circle(cx, cy, r, kDial);
  ui.circle(cx, cy, r - 44, 0xFFFFFF);
  for (int b = 0; b < 360; b += 5) {
    const double rel = b - heading;
    const float len = b % 30 == 0 ? 14 : b % 15 == 0 ? 10 : 6;
    float x0, y0, x1, y1;
    polar(cx, cy, r - 2, rel, x0, y0);
    polar(cx, cy, r - 2 - len, rel, x1, y1);
    ui.line(x0, y0, x1, y1, b == 0 ? kRed : (b % 30 == 0 ? kInk : 0x9AA0A6), b % 30 == 0 ? 2.f : 1.f);
  }
  // degree labels every 30° outside the letters
  for (int b = 0; b < 360; b += 30) {
    if (b % 90 == 0) continue;
    float x, y;
    polar(cx, cy, r - 30, b - heading, x, y);
    const std::string s = mils ? std::to_string(to_mils(b) / 100) : std::to_string(b);
    const float w = ui.text_width(s, Font::Label);
    ui.text(x - w / 2, y - 8, s, Font::Label, kGrey);
  }
  static const char* kCard[4] = {"N", "E", "S", "W"};
  for (int i = 0; i < 4; ++i) {
    float x, y;
    polar(cx, cy, r - 30, i * 90 - heading, x, y);
    const float w = ui.text_width(kCard[i], Font::Title);
    ui.text(x - w / 2, y - 11, kCard[i], Font::Title, i == 0 ? kRed : kInk);
  }
  // the needle: red half to north, grey half to south
  float nx, ny, sx, sy, lx, ly, rx, ry;
  const double n = -heading;
  polar(cx, cy, r - 54, n, nx, ny);
  polar(cx, cy, r - 54, n + 180, sx, sy);
  polar(cx, cy, 9, n - 90, lx, ly);
  polar(cx, cy, 9, n + 90, rx, ry);
  ui.polygon_fill({nx, ny, rx, ry, lx, ly}, kRed);
  ui.polygon_fill({sx, sy, lx, ly, rx, ry}, 0xBDC1C6);
  ui.circle(cx, cy, 5, 0xFFFFFF);
  ui.circle(cx, cy, 3, kGrey);
  // the lubber mark: the phone's heading, fixed at the top
  ui.polygon_fill({cx, cy - r - 4, cx - 8, cy - r - 18, cx + 8, cy - r - 18}, kInk);
}

/// The bottom navigation shared by the compass and level pages.
void bottom_tabs(Ui& ui, int selected) {
  ui.bottom_nav("compass.tab.", {{"compass", "Compass", "explore"}, {"level", "Level", "straighten"}}, selected,
                [selected](Phone& p, int i) {
                  if (i == selected) return;
                  p.navigate(i == 1 ? "tab_level" : "tab_compass");
                });
}

/// The top bar of the two tab pages: title, share (compass only) and settings.
void tab_bar(Ui& ui, const std::string& title, bool share) {
  ui.top_bar("compass.title", title, false);
  if (share)
    ui.icon_button("compass.share", Ui::width_dp() - 76, Ui::content_area().t + 32, "share", "Share heading", kGrey, [](Phone& p) {
      const int h = shown_heading(p);
      const json c = city(p);
      const std::string text = "I'm facing " + angle_text(p, h) + " " + direction(h) + " (" +
                               (use_true(p) ? "true" : "magnetic") + " north) near " + c.value("name", "") + ".";
      p.start_intent({{"action", "android.intent.action.SEND"},
                      {"type", "text/plain"},
                      {"extras", {{"android.intent.extra.TEXT", text}, {"text", text}}}});
    });
  ui.icon_button("compass.settings", Ui::width_dp() - 28, Ui::content_area().t + 32, "settings", "Settings", kGrey, [](Phone& p) { p.navigate("open_settings"); });
}

class CompassApp : public App {
 public:
  CompassApp() {
    add_page("main", main_page);
    add_page("level", level_page);
    add_page("calibrate", calibrate_page);
    add_page("settings", settings_page);
    add_page("location", location_page);
    // The current heading for other apps: {magnetic_deg, true_deg, shown_deg, direction, north, location}.
    add_export("heading", [](Phone& p, const json&) {
      const int m = magnetic_heading(p);
      const int t = true_heading_of(m, declination_tenths(p));
      return json{{"magnetic_deg", m},
                  {"true_deg", t},
                  {"shown_deg", shown_heading(p)},
                  {"direction", direction(shown_heading(p))},
                  {"north", own_state(p, kApp).value("north", "magnetic")},
                  {"location", city(p).value("name", "")}};
    });
  }

 private:
  static void main_page(Ui& ui, Phone& phone) {
    tab_bar(ui, "Compass", true);
    const int h = shown_heading(phone);
    const bool tru = use_true(phone);
    const json c = city(phone);
    const std::string acc = accuracy(phone);
    const float dy = Ui::status_bar_dp() - 28;  // a cutout's deeper status bar moves the page down
    float y = 100 + dy;
    if (acc == "low") {
      // calibration prompt card
      const float W = Ui::width_dp();  // the card spans the screen, its button at the right
      ui.fill({16, y, W - 16, y + 72}, 0xFCE8E6, 16);
      ui.icon(40, y + 36, "warning", Font::Icon, 0xB3261E);
      ui.text(64, y + 14, "Compass needs calibrating", Font::BodyLarge, 0x8C1D18);
      ui.text(64, y + 40, "Accuracy is low", Font::Body, 0x8C1D18);
      ui.button("compass.calibrate", {W - 124, y + 12, W - 24, y + 60}, "Calibrate", true,
                [](Phone& p) { p.navigate("open_calibrate"); });
    } else {
      ui.chip("compass.calibrate", {16, y, 196, y + 48}, "Accuracy: " + capitalized(acc),
              false, [](Phone& p) { p.navigate("open_calibrate"); }, "check_circle");
    }
    y += 80;
    const std::string heading = angle_text(phone, h) + " " + direction(h);
    {
      // the number in the display face (digits only), the unit and direction beside it
      const std::string num = use_mils(phone) ? std::to_string(to_mils(h)) : std::to_string(h);
      const std::string rest = (use_mils(phone) ? " mil " : "\xC2\xB0 ") + direction(h);
      const float wn = ui.text_width(num, Font::Display), wr = ui.text_width(rest, Font::Headline);
      const float x = (Ui::width_dp() - wn - wr) / 2;
      ui.text(x, y, num, Font::Display, kInk);
      ui.text(x + wn, y + 14, rest, Font::Headline, kInk);
    }
    ui.label("compass.heading", {40, y, Ui::width_dp() - 40, y + 56}, heading);
    y += 60 + font_growth(ui, Font::Display);  // large text: the reference line moves down
    const std::string sub = std::string(tru ? "True north" : "Magnetic north") + " \xC2\xB7 " + c.value("name", "");
    ui.text_centered(0, Ui::width_dp(), y, sub, Font::Body, kGrey);
    ui.label("compass.reference", {40, y, Ui::width_dp() - 40, y + 20}, sub);
    const float cx = Ui::width_dp() / 2, cy = 432 + dy, r = 126;
    draw_dial(ui, cx, cy, r, h, use_mils(phone));
    ui.image("compass.dial", {cx - r, cy - r, cx + r, cy + r}, "Compass dial, heading " + heading);
    // lock line
    const int locked = own_state(phone, kApp).value("locked_deg", -1);
    y = cy + r + 20;
    if (locked >= 0) {
      const int lk = tru ? true_heading_of(locked, declination_tenths(phone)) : locked;
      int d = norm360(magnetic_heading(phone) - locked);
      if (d > 180) d -= 360;
      const std::string diff = d == 0 ? "on bearing" : diff_text(phone, d) + (d > 0 ? " right" : " left");
      const std::string s = "Locked " + angle_text(phone, lk) + " " + direction(lk) + " \xC2\xB7 " + diff;
      const float w = std::min(ui.text_width(s, Font::BodyLarge), 300.f);
      const float x = (Ui::width_dp() - w - 24) / 2;
      ui.icon(x + 8, y + 11, "lock", Font::IconSmall, kRed);
      ui.label_at("compass.lock_info", x + 24, y, s, Font::BodyLarge, kInk, 300);
      // the locked bearing on the dial
      float lx, ly;
      polar(cx, cy, r + 2, lk - h, lx, ly);
      ui.circle(lx, ly, 5, kRed);
    }
    y += 32;
    ui.chip("compass.true_north", {16, y, 172, y + 48}, "True north", tru, [](Phone& p) {
      json& st = own_state(p, kApp);
      st["north"] = st.value("north", "magnetic") == "true" ? "magnetic" : "true";
    }, tru ? "check" : "");
    if (locked >= 0)
      ui.chip("compass.lock", {188, y, 344, y + 48}, "Unlock heading", true,
              [](Phone& p) { own_state(p, kApp)["locked_deg"] = -1; }, "lock_open");
    else
      ui.chip("compass.lock", {188, y, 344, y + 48}, "Lock heading", false,
              [](Phone& p) { own_state(p, kApp)["locked_deg"] = magnetic_heading(p); }, "lock");
    bottom_tabs(ui, 0);
  }

  static void level_page(Ui& ui, Phone& phone) {
    tab_bar(ui, "Level", false);
    const json s = own_state(phone, kApp).value("sensor", json::object());
    const int pitch = s.value("pitch_deg", 0), roll = s.value("roll_deg", 0);
    const bool level = std::abs(pitch) <= 1 && std::abs(roll) <= 1;
    const std::string status = level ? "Level" : "Not level";
    const float dy = Ui::status_bar_dp() - 28;  // a cutout's deeper status bar moves the page down
    ui.text_centered(0, Ui::width_dp(), 110 + dy, status, Font::Headline, level ? 0x188038 : kInk);
    ui.label("compass.level.status", {80, 110 + dy, 280, 146 + dy}, status);
    const float cx = Ui::width_dp() / 2, cy = 350 + dy, r = 130;
    ui.circle(cx, cy, r, level ? 0xCEEAD6 : 0xE8F0FE);
    ui.circle(cx, cy, 44, level ? 0xA8DAB5 : 0xD2E3FC);
    ui.line(cx - r, cy, cx + r, cy, 0x9AA0A6, 1);
    ui.line(cx, cy - r, cx, cy + r, 0x9AA0A6, 1);
    // the bubble floats opposite the tilt; 4 dp per degree, kept inside the vial
    float bx = -roll * 4.f, by = pitch * 4.f;
    const float maxr = r - 26, d = std::sqrt(bx * bx + by * by);
    if (d > maxr) { bx = bx * maxr / d; by = by * maxr / d; }
    ui.circle(cx + bx, cy + by, 24, level ? 0x34A853 : 0x1A73E8, 0.85f);
    ui.image("compass.level.bubble", {cx - r, cy - r, cx + r, cy + r},
             "Bubble level, pitch " + std::to_string(pitch) + " degrees, roll " + std::to_string(roll) + " degrees");
    const float y = cy + r + 40;
    const std::string ps = std::to_string(pitch) + "\xC2\xB0", rs = std::to_string(roll) + "\xC2\xB0";
    const float mid = Ui::width_dp() / 2, right = Ui::width_dp() - 20;  // two columns across the screen
    ui.text_centered(20, mid, y, "Pitch", Font::Body, kGrey);
    ui.text_centered(20, mid, y + 24, ps, Font::Headline, kInk);
    ui.label("compass.level.pitch", {20, y + 24, mid, y + 60}, "Pitch " + ps);
    ui.text_centered(mid, right, y, "Roll", Font::Body, kGrey);
    ui.text_centered(mid, right, y + 24, rs, Font::Headline, kInk);
    ui.label("compass.level.roll", {mid, y + 24, right, y + 60}, "Roll " + rs);
    ui.text_centered(0, Ui::width_dp(), y + 80, "Lay the phone flat or hold it against a surface", Font::Body, kGrey);
    bottom_tabs(ui, 1);
  }

  static void calibrate_page(Ui& ui, Phone& phone) {
    ui.top_bar("compass.calibrate.title", "Calibrate compass", true);
    const std::string acc = accuracy(phone);
    // the figure 8 (a lemniscate) with a phone on it
    const float dy = Ui::status_bar_dp() - 28;  // a cutout's deeper status bar moves the page down
    const float cx = Ui::width_dp() / 2, cy = 250 + dy, a = 120;
    std::vector<float> pts;
    for (int i = 0; i <= 96; ++i) {
      const double t = 2 * kPi * i / 96;
      const double den = 1 + std::sin(t) * std::sin(t);
      pts.push_back(cx + static_cast<float>(a * std::cos(t) / den));
      pts.push_back(cy + static_cast<float>(a * std::sin(t) * std::cos(t) / den));
    }
    ui.polyline(pts, 0x1A73E8, 4);
    ui.fill({cx + 70, cy - 34, cx + 104, cy + 26}, kInk, 6);
    ui.fill({cx + 73, cy - 29, cx + 101, cy + 19}, 0x8AB4F8, 3);
    ui.image("compass.calibrate.figure", {cx - a, cy - 70, cx + a, cy + 70}, "Move your phone in a figure 8");
    float y = 350 + dy;
    ui.label_at("compass.calibrate.heading", 24, y, "Move your phone in a figure 8", Font::Title, kInk, 312);
    y += 40;
    y += ui.text_wrapped(24, y,
                         "Hold your phone away from metal and magnets. Tilt and turn it in a figure-8 "
                         "motion three times, then tap Done.",
                         Font::Body, kGrey, 312, 22);
    y += 16;
    const std::string st = "Current accuracy: " + capitalized(acc);
    ui.icon(36, y + 10, acc == "low" ? "warning" : "check_circle", Font::IconSmall, acc == "low" ? 0xB3261E : 0x188038);
    ui.label_at("compass.calibrate.accuracy", 56, y, st, Font::BodyLarge, acc == "low" ? 0xB3261E : 0x188038, 280);
    // accuracy meter: three segments, low / medium / high
    y += 56;
    const int level = acc == "high" ? 3 : acc == "medium" ? 2 : 1;
    const std::uint32_t on = level == 3 ? 0x188038 : level == 2 ? 0xE37400 : 0xB3261E;
    static const char* kLevels[3] = {"Low", "Medium", "High"};
    for (int i = 0; i < 3; ++i) {
      const float l = 24 + i * 106.f;
      ui.fill({l, y, l + 98, y + 8}, i < level ? on : 0xE8EAED, 4);
      ui.text_centered(l, l + 98, y + 16, kLevels[i], Font::Label, i + 1 == level ? on : kGrey);
    }
    ui.button("compass.calibrate.done", {216, 660 + dy, 344, 708 + dy}, "Done", true, [](Phone& p) {
      json& s = own_state(p, kApp)["sensor"];
      s["accuracy"] = "high";
      p.toast("Compass calibrated");
      p.back();
    });
  }

  static void settings_page(Ui& ui, Phone& phone) {
    ui.top_bar("compass.settings.title", "Settings", true);
    const json& st = own_state(phone, kApp);
    const json c = city(phone);
    ui.section_header("Compass");
    ui.switch_row("compass.settings.true_north", "Use true north",
                  "Declination " + declination_text(c.value("declination_tenths", 0)), "explore", use_true(phone),
                  [](Phone& p) {
                    json& s = own_state(p, kApp);
                    s["north"] = s.value("north", "magnetic") == "true" ? "magnetic" : "true";
                  });
    ui.list_row("compass.settings.location", "Location", c.value("name", "") + ", " + c.value("country", ""), "place",
                [](Phone& p) { p.navigate("open_location"); });
    ui.list_row("compass.settings.calibrate", "Calibrate compass", "Accuracy: " + capitalized(accuracy(phone)),
                "screen_rotation", [](Phone& p) { p.navigate("open_calibrate"); });
    ui.section_header("Units");
    const bool mils = use_mils(phone);
    float y = ui.cursor_y();
    ui.radio("compass.settings.units.degrees", {0, y, Ui::width_dp(), y + 56}, "Degrees (0-360\xC2\xB0)", !mils,
             [](Phone& p) { own_state(p, kApp)["units"] = "degrees"; });
    y += 56;
    ui.radio("compass.settings.units.mils", {0, y, Ui::width_dp(), y + 56}, "Mils (0-6400)", mils,
             [](Phone& p) { own_state(p, kApp)["units"] = "mils"; });
    ui.set_cursor(y + 56);
    ui.section_header("Display");
    ui.switch_row("compass.settings.keep_screen_on", "Keep screen on", "While Compass is open", "",
                  st.value("keep_screen_on", false),
                  [](Phone& p) {
                    json& s = own_state(p, kApp);
                    s["keep_screen_on"] = !s.value("keep_screen_on", false);
                  });
  }

  static void location_page(Ui& ui, Phone& phone) {
    ui.top_bar("compass.location.title", "Location", true);
    const json& st = own_state(phone, kApp);
    const json cities = resolve_collection(World::instance(), st, kApp, "cities");
    const std::string cur = st.value("location", "san_francisco");
    const Rect area{0, ui.cursor_y(), Ui::width_dp(), Ui::content_area().b};
    ui.begin_scroll("compass.location.list", area, phone.page_pointer() + "/scroll");
    float y = area.t;
    for (const json& c : cities) {
      const std::string id = c.value("id", "");
      const std::string text = c.value("name", "") + " (" + declination_text(c.value("declination_tenths", 0)) + ")";
      ui.radio("compass.location." + id, {0, y, Ui::width_dp(), y + 56}, text, id == cur, [id](Phone& p) {
        own_state(p, kApp)["location"] = id;
        p.back();
      });
      y += 56;
    }
    ui.set_cursor(y);
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("compass", CompassApp);
}  // namespace pg
