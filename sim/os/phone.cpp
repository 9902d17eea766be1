#include "sim/os/phone.hpp"

#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/render/frame.hpp"
#include "sim/render/image.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace pg {

using json = nlohmann::json;

namespace {

// 2026-01-01 08:00:00 UTC, a Thursday: the virtual clock of a fresh phone (ms since the epoch).
constexpr std::int64_t kDefaultTimeMs = 1767254400000LL;

// Virtual durations of the actions (ms), rounded up to whole frames when applied.
constexpr std::int64_t kTapMs = 150, kLongPressMs = 800, kSwipeMs = 450, kKeyMs = 100, kPerCharMs = 60;

int to_px_x(int x) { return static_cast<int>(std::lround(x * (kScreenWidth / 1000.0))); }
int to_px_y(int y) { return static_cast<int>(std::lround(y * (kScreenHeight / 1000.0))); }

json os_defaults() {
  return json{{"time_ms", kDefaultTimeMs},
              {"timezone_offset_min", 0},
              {"foreground", "launcher"},
              {"tasks", json::array()},
              {"settings", {{"global", {{"airplane_mode_on", false}, {"wifi_on", true}, {"bluetooth_on", false}}}}},
              {"keyboard", {{"focus", nullptr}, {"target", nullptr}}},
              {"toast", nullptr},
              {"battery", {{"level", 85}, {"charging", false}}},
              {"episode", {{"status", "running"}, {"answers", json::array()}, {"questions", json::array()},
                           {"message", ""}}}};
}

void expect(bool ok, const std::string& path, const std::string& what) {
  if (!ok) throw StateError("state: " + path + " " + what);
}

}  // namespace

json StepInfo::to_json() const {
  json j{{"changed", changed}};
  if (!target.empty()) j["target"] = target;
  if (!note.empty()) j["note"] = note;
  return j;
}

Phone::Phone() : state_(default_state()) {}

json Phone::default_state() {
  json s{{"os", os_defaults()}, {"apps", json::object()}};
  for (App* app : AppRegistry::instance().apps()) s["apps"][app->id()] = app->defaults();
  return s;
}

void Phone::validate(const json& s) {
  expect(s.is_object(), "(root)", "must be an object {\"os\": ..., \"apps\": ...}");
  expect(s.contains("os") && s["os"].is_object(), "os", "must be an object");
  expect(s.contains("apps") && s["apps"].is_object(), "apps", "must be an object");
  const json& os = s["os"];
  expect(os.contains("time_ms") && os["time_ms"].is_number_integer(), "os.time_ms", "must be an integer (ms since 1970)");
  expect(os.value("timezone_offset_min", json(0)).is_number_integer(), "os.timezone_offset_min", "must be an integer");
  expect(os.contains("foreground") && os["foreground"].is_string(), "os.foreground", "must be a string");
  const std::string fg = os["foreground"];
  expect(fg == "launcher" || AppRegistry::instance().find(fg), "os.foreground",
         "= \"" + fg + "\" is not \"launcher\" or an installed app");
  expect(os.contains("tasks") && os["tasks"].is_array(), "os.tasks", "must be an array");
  for (std::size_t i = 0; i < os["tasks"].size(); ++i) {
    const json& t = os["tasks"][i];
    const std::string p = "os.tasks[" + std::to_string(i) + "]";
    expect(t.is_object() && t.contains("app") && t["app"].is_string(), p + ".app", "must be a string");
    App* app = AppRegistry::instance().find(t["app"]);
    expect(app != nullptr, p + ".app", "= \"" + t["app"].get<std::string>() + "\" is not an installed app");
    expect(t.contains("pages") && t["pages"].is_array() && !t["pages"].empty(), p + ".pages",
           "must be a non-empty array");
    for (std::size_t k = 0; k < t["pages"].size(); ++k) {
      const json& pg = t["pages"][k];
      const std::string pp = p + ".pages[" + std::to_string(k) + "]";
      expect(pg.is_object() && pg.contains("page") && pg["page"].is_string(), pp + ".page", "must be a string");
      expect(app->nav()["pages"].contains(pg["page"].get<std::string>()), pp + ".page",
             "= \"" + pg["page"].get<std::string>() + "\" is not a page of " + app->id());
      expect(pg.value("scroll", json(0)).is_number_integer(), pp + ".scroll", "must be an integer (px)");
    }
  }
  if (fg != "launcher") {
    bool has = false;
    for (const json& t : os["tasks"]) has = has || t["app"] == fg;
    expect(has, "os.foreground", "= \"" + fg + "\" has no entry in os.tasks");
  }
  expect(os.contains("settings") && os["settings"].is_object() && os["settings"].contains("global") &&
             os["settings"]["global"].is_object(),
         "os.settings.global", "must be an object");
  for (const char* k : {"airplane_mode_on", "wifi_on", "bluetooth_on"})
    expect(os["settings"]["global"].contains(k) && os["settings"]["global"][k].is_boolean(),
           std::string("os.settings.global.") + k, "must be true or false");
  expect(os.contains("episode") && os["episode"].is_object(), "os.episode", "must be an object");
  for (auto it = s["apps"].begin(); it != s["apps"].end(); ++it) {
    expect(AppRegistry::instance().find(it.key()) != nullptr, "apps." + it.key(),
           "is not an installed app (installed: " + [] {
             std::string l;
             for (const auto& id : AppRegistry::instance().ids()) l += (l.empty() ? "" : ", ") + id;
             return l;
           }() + ")");
    expect(it.value().is_object(), "apps." + it.key(), "must be an object");
  }
}

void Phone::set_state(const json& s) {
  validate(s);
  state_ = s;
}

std::int64_t Phone::now_ms() const { return state_["os"]["time_ms"].get<std::int64_t>(); }

std::string Phone::foreground() const { return state_["os"]["foreground"].get<std::string>(); }

json* Phone::foreground_task() {
  const std::string fg = foreground();
  for (json& t : state_["os"]["tasks"])
    if (t["app"] == fg) return &t;
  return nullptr;
}

std::string Phone::current_page() const {
  const std::string fg = foreground();
  for (const json& t : state_["os"]["tasks"])
    if (t["app"] == fg) return t["pages"].back()["page"];
  return "";
}

std::string Phone::page_pointer() const {
  const std::string fg = foreground();
  const json& tasks = state_["os"]["tasks"];
  for (std::size_t i = 0; i < tasks.size(); ++i)
    if (tasks[i]["app"] == fg)
      return "/os/tasks/" + std::to_string(i) + "/pages/" + std::to_string(tasks[i]["pages"].size() - 1);
  return "/os/launcher_page";
}

void Phone::navigate(const std::string& transition) {
  json* task = foreground_task();
  if (!task) throw std::logic_error("navigate(\"" + transition + "\") with no app in the foreground");
  App* app = AppRegistry::instance().find((*task)["app"]);
  std::string to = app->transition_target((*task)["pages"].back()["page"], transition);
  (*task)["pages"].push_back({{"page", to}, {"scroll", 0}});
  clear_focus();
}

void Phone::back() {
  json& os = state_["os"];
  if (!os["keyboard"]["focus"].is_null()) {  // the keyboard goes first
    clear_focus();
    return;
  }
  json* task = foreground_task();
  if (!task) return;  // on the launcher, back does nothing
  if ((*task)["pages"].size() > 1) {
    (*task)["pages"].erase((*task)["pages"].size() - 1);
  } else {
    // Back from an app's root page finishes its task (Android 11 behaviour) and shows the launcher.
    auto& tasks = os["tasks"];
    for (std::size_t i = 0; i < tasks.size(); ++i)
      if (&tasks[i] == task) {
        tasks.erase(i);
        break;
      }
    os["foreground"] = "launcher";
  }
}

void Phone::home() {
  clear_focus();
  state_["os"]["foreground"] = "launcher";
}

void Phone::open_app(const std::string& id_or_name) {
  App* app = AppRegistry::instance().find(id_or_name);
  if (!app) {
    std::string l;
    for (const auto& id : AppRegistry::instance().ids()) l += (l.empty() ? "" : ", ") + id;
    throw ActionError("action open_app: unknown app \"" + id_or_name + "\"; installed: " + l);
  }
  clear_focus();
  json& os = state_["os"];
  bool has = false;
  for (const json& t : os["tasks"]) has = has || t["app"] == app->id();
  if (!has) os["tasks"].push_back({{"app", app->id()}, {"pages", json::array({{{"page", app->entry_page()}, {"scroll", 0}}})}});
  os["foreground"] = app->id();
}

void Phone::focus(const std::string& id, const std::string& path) {
  state_["os"]["keyboard"] = {{"focus", id}, {"target", path}};
}

void Phone::clear_focus() { state_["os"]["keyboard"] = {{"focus", nullptr}, {"target", nullptr}}; }

std::string Phone::focused_id() const {
  const json& f = state_["os"]["keyboard"]["focus"];
  return f.is_string() ? f.get<std::string>() : std::string();
}

void Phone::toast(const std::string& text) {
  state_["os"]["toast"] = {{"text", text}, {"until_ms", now_ms() + 2000}};
}

void Phone::advance_clock(std::int64_t ms) {
  std::int64_t frames = (ms + kFrameMs - 1) / kFrameMs;
  json& os = state_["os"];
  os["time_ms"] = os["time_ms"].get<std::int64_t>() + frames * kFrameMs;
  if (os["toast"].is_object() && os["toast"]["until_ms"].get<std::int64_t>() <= os["time_ms"].get<std::int64_t>())
    os["toast"] = nullptr;
}

std::vector<Node> Phone::layout() {
  FrameScope frame;
  Ui ui(frame.draw_list(), *this);
  build(ui);
  return std::move(ui.nodes());
}

void Phone::tap(int px, int py, bool long_press, StepInfo& info) {
  std::vector<Node> nodes = layout();
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    if (!it->bounds.contains(static_cast<float>(px), static_cast<float>(py))) continue;
    if (long_press && it->long_clickable && it->on_long_press) {
      info.target = it->id;
      it->on_long_press(*this);
      return;
    }
    if (it->clickable && it->on_click) {
      info.target = it->id;
      it->on_click(*this);
      return;
    }
  }
  // A tap outside any text field hides the keyboard, as on Android.
  if (!focused_id().empty()) clear_focus();
}

void Phone::scroll(int x1, int y1, int x2, int y2, StepInfo& info) {
  std::vector<Node> nodes = layout();
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    if (!it->scrollable || !it->bounds.contains(static_cast<float>(x1), static_cast<float>(y1))) continue;
    json::json_pointer ptr(it->scroll_path);
    int cur = state_.contains(ptr) && state_[ptr].is_number_integer() ? state_[ptr].get<int>() : 0;
    int next = std::clamp(cur + (y1 - y2), 0, it->scroll_max);
    if (abs(x2 - x1) > abs(y2 - y1)) {
      info.note = "horizontal swipe: nothing to scroll sideways";
      return;
    }
    info.target = it->id;
    state_[ptr] = next;
    return;
  }
  info.note = "nothing scrollable under the swipe";
}

void Phone::type_text(const Action& a, StepInfo& info) {
  if (a.x >= 0) tap(to_px_x(a.x), to_px_y(a.y), false, info);
  const json& target = state_["os"]["keyboard"]["target"];
  if (!target.is_string()) {
    info.note = "no focused field: text ignored";
    return;
  }
  json::json_pointer ptr(target.get<std::string>());
  std::string cur = !a.clear && state_.contains(ptr) && state_[ptr].is_string() ? state_[ptr].get<std::string>() : "";
  state_[ptr] = cur + a.text;
  info.target = focused_id();
}

StepInfo Phone::step(const Action& a) {
  StepInfo info;
  json before = state_;
  json& os = state_["os"];
  std::int64_t duration = kKeyMs;
  switch (a.type) {
    case ActionType::Click:
      tap(to_px_x(a.x), to_px_y(a.y), false, info);
      duration = kTapMs;
      break;
    case ActionType::DoubleTap:
      tap(to_px_x(a.x), to_px_y(a.y), false, info);
      tap(to_px_x(a.x), to_px_y(a.y), false, info);
      duration = 2 * kTapMs;
      break;
    case ActionType::LongPress:
      tap(to_px_x(a.x), to_px_y(a.y), true, info);
      duration = kLongPressMs;
      break;
    case ActionType::Type:
      type_text(a, info);
      duration = kTapMs + kPerCharMs * static_cast<std::int64_t>(a.text.size());
      break;
    case ActionType::Swipe:
    case ActionType::Drag:
      scroll(to_px_x(a.x1), to_px_y(a.y1), to_px_x(a.x2), to_px_y(a.y2), info);
      duration = kSwipeMs;
      break;
    case ActionType::Back:
      back();
      break;
    case ActionType::Home:
      home();
      break;
    case ActionType::Recent:
      info.note = "recents screen not available yet";
      break;
    case ActionType::Enter:
      if (focused_id().empty()) info.note = "no focused field: enter ignored";
      clear_focus();
      break;
    case ActionType::Wait:
      duration = static_cast<std::int64_t>(std::llround(a.seconds * 1000));
      break;
    case ActionType::OpenApp:
      open_app(a.app);
      break;
    case ActionType::Answer:
      os["episode"]["answers"].push_back(a.text);
      break;
    case ActionType::Complete:
      os["episode"]["status"] = "complete";
      os["episode"]["message"] = a.text;
      break;
    case ActionType::Abort:
      os["episode"]["status"] = "abort";
      os["episode"]["message"] = a.text;
      break;
    case ActionType::Info:
      os["episode"]["questions"].push_back(a.text);
      break;
    case ActionType::Noop:
      break;
  }
  json after_no_time = state_;
  before["os"].erase("time_ms");
  after_no_time["os"].erase("time_ms");
  info.changed = before != after_no_time;
  advance_clock(duration);
  return info;
}

// ---------------------------------------------------------------- drawing

void Phone::build(Ui& ui) {
  const std::string fg = foreground();
  if (fg == "launcher") {
    draw_launcher(ui);
  } else {
    ui.fill({0, 0, Ui::kWidthDp, Ui::kHeightDp}, color::kSurface);
    App* app = AppRegistry::instance().find(fg);
    app->draw_page(ui, *this, current_page());
  }
  const json& toast = state_["os"]["toast"];
  if (toast.is_object()) {
    std::string t = toast["text"];
    float w = ui.text_width(t, Font::Body) + 32;
    Rect r{(Ui::kWidthDp - w) / 2, Ui::kHeightDp - Ui::kNavBarDp - 80, (Ui::kWidthDp + w) / 2,
           Ui::kHeightDp - Ui::kNavBarDp - 44};
    ui.fill(r, 0x303030, 18, 0.92f);
    ui.text_centered(r.l, r.r, r.t + 9, t, Font::Body, 0xFFFFFF);
    ui.node("os.toast", "android.widget.Toast", r).text = t;
  }
  draw_status_bar(ui);
  draw_nav_bar(ui);
}

void Phone::draw_status_bar(Ui& ui) {
  const bool launcher = foreground() == "launcher";
  const std::uint32_t fgc = launcher ? 0xFFFFFF : color::kOnSurface;
  if (!launcher) ui.fill({0, 0, Ui::kWidthDp, Ui::kStatusBarDp}, color::kSurface);
  const json& g = state_["os"]["settings"]["global"];
  const std::int64_t local = now_ms() + state_["os"].value("timezone_offset_min", 0) * 60000LL;
  ui.text(16, 6, format_hhmm(local), Font::Body, fgc);
  float x = Ui::kWidthDp - 16;
  auto status_icon = [&](const std::string& name) {
    x -= 18;
    ui.icon(x + 9, 14, name, Font::IconSmall, fgc);
    x -= 4;
  };
  const std::string battery = std::to_string(state_["os"]["battery"].value("level", 85)) + "%";
  x -= ui.text_width(battery, Font::Body);
  ui.text(x, 6, battery, Font::Body, fgc);
  x -= 4;
  status_icon("battery_full");
  if (g["airplane_mode_on"].get<bool>()) status_icon("airplanemode_active");
  else status_icon("signal_cellular_4_bar");
  if (g["wifi_on"].get<bool>()) status_icon("wifi");
  if (g["bluetooth_on"].get<bool>()) status_icon("bluetooth");
  std::string desc = std::string("Wi-Fi ") + (g["wifi_on"].get<bool>() ? "on" : "off") + ", Bluetooth " +
                     (g["bluetooth_on"].get<bool>() ? "on" : "off") + ", Airplane mode " +
                     (g["airplane_mode_on"].get<bool>() ? "on" : "off") + ", battery " + battery;
  Node& n = ui.node("os.status_bar", "android.widget.FrameLayout", {0, 0, Ui::kWidthDp, Ui::kStatusBarDp});
  n.text = format_hhmm(local);
  n.desc = desc;
}

void Phone::draw_nav_bar(Ui& ui) {
  const bool launcher = foreground() == "launcher";
  const float top = Ui::kHeightDp - Ui::kNavBarDp;
  if (!launcher) ui.fill({0, top, Ui::kWidthDp, Ui::kHeightDp}, color::kSurfaceContainer);
  const std::uint32_t c = launcher ? 0xFFFFFF : color::kOnSurfaceVariant;
  const float cy = top + Ui::kNavBarDp / 2;
  ui.icon_button("nav.back", 70, cy, "arrow_back", "Back", c, [](Phone& p) { p.back(); });
  ui.icon_button("nav.home", 180, cy, "radio_button_unchecked", "Home", c, [](Phone& p) { p.home(); });
  ui.icon_button("nav.recents", 290, cy, "crop_square", "Overview", c, [](Phone&) {});
}

void Phone::draw_launcher(Ui& ui) {
  // Wallpaper: a vertical gradient.
  ui.gradient({0, 0, Ui::kWidthDp, Ui::kHeightDp}, 0x3F2B6E, 0x8E6FB8);
  const std::int64_t local = now_ms() + state_["os"].value("timezone_offset_min", 0) * 60000LL;
  // Clock widget.
  ui.text_centered(0, Ui::kWidthDp, 96, format_hhmm(local), Font::Display, 0xFFFFFF);
  ui.text_centered(0, Ui::kWidthDp, 176, format_date_long(local), Font::BodyLarge, 0xFFFFFF);
  ui.node("launcher.clock", "android.widget.TextClock", {60, 96, 300, 200}).text = format_hhmm(local);
  // App grid: 4 columns of 56 dp icons with labels.
  const auto& apps = AppRegistry::instance().apps();
  const float cell_w = Ui::kWidthDp / 4, cell_h = 100, top = 520;
  for (std::size_t i = 0; i < apps.size(); ++i) {
    App* app = apps[i];
    const float cx = cell_w * (static_cast<float>(i % 4) + 0.5f);
    const float cy = top + cell_h * static_cast<float>(i / 4) + 28;
    std::uint32_t bg = std::stoul(app->manifest().value("color", "#6750A4").substr(1), nullptr, 16);
    ui.circle(cx, cy + 1.5f, 28, 0x000000, 0.18f);
    ui.circle(cx, cy, 28, bg);
    ui.icon(cx, cy, app->manifest().value("icon", "apps"), Font::IconLarge, 0xFFFFFF);
    ui.text_centered(cx - cell_w / 2, cx + cell_w / 2, cy + 34, app->name(), Font::Body, 0xFFFFFF);
    Node& n = ui.node("launcher.app." + app->id(), "android.widget.TextView",
                      {cx - cell_w / 2 + 4, cy - 32, cx + cell_w / 2 - 4, cy + 54});
    n.text = app->name();
    n.desc = app->name();
    n.clickable = true;
    n.long_clickable = false;
    std::string id = app->id();
    n.on_click = [id](Phone& p) { p.open_app(id); };
  }
  // Search bar in the dock (decorative, as the Google bar on a Pixel home screen).
  Rect bar{16, Ui::kHeightDp - Ui::kNavBarDp - 72, Ui::kWidthDp - 16, Ui::kHeightDp - Ui::kNavBarDp - 24};
  ui.fill(bar, 0xFFFFFF, 24, 0.9f);
  ui.icon(bar.l + 28, (bar.t + bar.b) / 2, "search", Font::Icon, color::kOnSurfaceVariant);
  ui.text(bar.l + 52, bar.t + 14, "Search", Font::BodyLarge, color::kOnSurfaceVariant);
}

}  // namespace pg
