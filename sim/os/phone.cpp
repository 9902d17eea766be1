#include "sim/os/phone.hpp"

#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/device.hpp"
#include "sim/os/perturb.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/os/text_edit.hpp"
#include "sim/os/theme.hpp"
#include "sim/render/frame.hpp"
#include "sim/render/image.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/schema.hpp"
#include "sim/ui/dark.hpp"

#include <imgui.h>

#include <algorithm>
#include <optional>
#include <iterator>
#include <cmath>

namespace pg {

using json = nlohmann::json;

namespace {

// 2026-01-01 08:00:00 UTC, a Thursday: the virtual clock of a fresh phone (ms since the epoch).
constexpr std::int64_t kDefaultTimeMs = 1767254400000LL;

// Virtual durations of the actions (ms), rounded up to whole frames when applied.
constexpr std::int64_t kTapMs = 150, kLongPressMs = 800, kSwipeMs = 450, kKeyMs = 100, kPerCharMs = 60;

/// Normalized 0..1000 coordinates to pixels of this thread's screen (Phone::step holds a ScreenScope).
int to_px_x(int x) { return static_cast<int>(std::lround(x * (Ui::screen().width_px / 1000.0))); }
int to_px_y(int y) { return static_cast<int>(std::lround(y * (Ui::screen().height_px / 1000.0))); }

json os_defaults() {
  return json{{"time_ms", kDefaultTimeMs},
              {"timezone_offset_min", 0},
              {"foreground", "launcher"},
              {"tasks", json::array()},
              {"timezone", "UTC"},
              {"locale", "en-US"},
              {"settings",
               {{"global", {{"airplane_mode_on", false}, {"wifi_on", true}, {"bluetooth_on", false},
                            {"zen_mode_on", false}, {"auto_time", true}, {"auto_time_zone", false}, {"low_power", false}}},
                {"system", {{"time_12_24", "24"}, {"screen_brightness", 128}, {"volume_music", 8},
                            {"volume_ring", 11}, {"volume_alarm", 12}}},
                {"secure", {{"ui_night_mode", 1}}}}},
              {"launcher", {{"page", 0}, {"drawer_open", false}, {"query", ""}, {"drawer_scroll", 0}}},
              {"theme", {{"accent", ""}, {"wallpaper", "dusk"}, {"icon_shape", "circle"}, {"themed_icons", false}}},
              {"keyboard", {{"focus", nullptr}, {"target", nullptr}, {"layout", "letters"}, {"shift", false}}},
              {"shade", {{"open", false}}},
              {"recents", {{"open", false}, {"scroll", 0}}},
              {"dialog", nullptr},
              {"notifications", json::array()},
              {"next_notification_id", 1},
              {"clipboard", {{"text", ""}}},
              {"permissions", {{"clock", {{"POST_NOTIFICATIONS", "granted"}}}}},
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
  if (!perturbations.empty()) j["perturbations"] = perturbations;
  return j;
}

Phone::Phone() : state_{{"os", os_defaults()}, {"apps", json::object()}} {}

json Phone::default_state() {
  json s{{"os", os_defaults()}, {"apps", json::object()}};
  for (App* app : AppRegistry::instance().apps()) s["apps"][app->id()] = app->defaults();
  return s;
}

void Phone::validate(const json& s) {
  expect(s.is_object(), "(root)", "must be an object {\"os\": ..., \"apps\": ...}");
  for (auto it = s.begin(); it != s.end(); ++it)
    expect(it.key() == "os" || it.key() == "apps", it.key(),
           "is not a known top-level key (a state has only \"os\" and \"apps\")");
  expect(s.contains("os") && s["os"].is_object(), "os", "must be an object");
  expect(s.contains("apps") && s["apps"].is_object(), "apps", "must be an object");
  const json& os = s["os"];
  // Types, required keys and unknown keys of the OS part: sim/state/os_schema.json (docs/state.md).
  if (std::string err = schema_error(os, os_schema(), "os"); !err.empty()) throw StateError("state: " + err);
  const std::string fg = os["foreground"];
  expect(fg == "launcher" || AppRegistry::instance().find(fg), "os.foreground",
         "= \"" + fg + "\" is not \"launcher\" or an installed app");
  for (std::size_t i = 0; i < os["tasks"].size(); ++i) {
    const json& t = os["tasks"][i];
    const std::string p = "os.tasks[" + std::to_string(i) + "]";
    App* app = AppRegistry::instance().find(t["app"]);
    expect(app != nullptr, p + ".app", "= \"" + t["app"].get<std::string>() + "\" is not an installed app");
    expect(!t["pages"].empty(), p + ".pages", "must be a non-empty array");
    for (std::size_t k = 0; k < t["pages"].size(); ++k) {
      const json& pg = t["pages"][k];
      const std::string pp = p + ".pages[" + std::to_string(k) + "]";
      expect(app->nav()["pages"].contains(pg["page"].get<std::string>()), pp + ".page",
             "= \"" + pg["page"].get<std::string>() + "\" is not a page of " + app->id());
    }
  }
  if (os.contains("device")) try {
      validate_device(os["device"]);
    } catch (const std::invalid_argument& e) {
      throw StateError(std::string("state: ") + e.what());
    }
  if (os.contains("perturb")) try {
      validate_perturbation(os["perturb"]);
    } catch (const std::invalid_argument& e) {
      throw StateError(std::string("state: ") + e.what());
    }
  if (fg != "launcher") {
    bool has = false;
    for (const json& t : os["tasks"]) has = has || t["app"] == fg;
    expect(has, "os.foreground", "= \"" + fg + "\" has no entry in os.tasks");
  }
  for (auto it = s["apps"].begin(); it != s["apps"].end(); ++it) {
    expect(AppRegistry::instance().find(it.key()) != nullptr, "apps." + it.key(),
           "is not an installed app (installed: " + [] {
             std::string l;
             for (const auto& id : AppRegistry::instance().ids()) l += (l.empty() ? "" : ", ") + id;
             return l;
           }() + ")");
    // The app's runtime overlay: world-collection overlays and apps/<id>/schema.json.
    if (std::string err = app_overlay_error(World::instance(), it.key(), it.value(), "apps." + it.key()); !err.empty())
      throw StateError("state: " + err);
  }
}

namespace {
const json& defaults_of(const App& app) {
  static const json kEmpty = json::object();
  return app.defaults().is_object() ? app.defaults() : kEmpty;
}

const App& installed(const std::string& id, const char* what) {
  const App* app = AppRegistry::instance().find(id);
  if (!app) throw std::logic_error(std::string(what) + "(\"" + id + "\"): no such app is installed");
  return *app;
}

/// Splits "/apps/<id>/rest" into id and "/rest" (rest may be empty); false for other pointers.
bool split_app_pointer(const std::string& p, std::string& id, std::string& rest) {
  static const std::string kPrefix = "/apps/";
  if (p.compare(0, kPrefix.size(), kPrefix) != 0) return false;
  const std::size_t slash = p.find('/', kPrefix.size());
  id = p.substr(kPrefix.size(), slash == std::string::npos ? std::string::npos : slash - kPrefix.size());
  rest = slash == std::string::npos ? std::string() : p.substr(slash);
  return true;
}
}  // namespace

void Phone::set_state(const json& s) {
  validate(s);
  json next{{"os", s["os"]}, {"apps", json::object()}};
  const json& given = s["apps"];
  for (const App* app : AppRegistry::instance().apps()) {
    const json& d = defaults_of(*app);
    auto it = given.find(app->id());
    if (it == given.end()) {
      if (!d.empty()) next["apps"][app->id()] = json::object();
    } else if (*it != d) {
      next["apps"][app->id()] = *it;
    }
  }
  state_ = std::move(next);
  clamp_text_cursor(*this);
}

json Phone::state() const {
  json s{{"os", state_["os"]}, {"apps", json::object()}};
  json& apps = s["apps"];
  for (const App* app : AppRegistry::instance().apps()) apps[app->id()] = app_state(app->id());
  return s;
}

const json& Phone::app_state(const std::string& id) const {
  const json& apps = state_["apps"];
  auto it = apps.find(id);
  if (it != apps.end()) return *it;
  return defaults_of(installed(id, "app_state"));
}

json& Phone::mutable_app_state(const std::string& id) {
  json& apps = state_["apps"];
  auto it = apps.find(id);
  if (it != apps.end()) return *it;
  return apps[id] = defaults_of(installed(id, "mutable_app_state"));
}

const json* Phone::find(const json::json_pointer& p) const {
  std::string id, rest;
  if (split_app_pointer(p.to_string(), id, rest)) {
    if (!AppRegistry::instance().find(id)) return nullptr;
    const json& a = app_state(id);
    if (rest.empty()) return &a;
    const json::json_pointer r(rest);
    return a.contains(r) ? &a.at(r) : nullptr;
  }
  if (p.to_string().rfind("/os", 0) != 0) return nullptr;  // "" and "/apps" are built, not stored
  return state_.contains(p) ? &state_.at(p) : nullptr;
}

json& Phone::at(const json::json_pointer& p) {
  std::string id, rest;
  if (split_app_pointer(p.to_string(), id, rest)) {
    json& a = mutable_app_state(id);
    return rest.empty() ? a : a[json::json_pointer(rest)];
  }
  if (p.to_string().rfind("/os/", 0) != 0)
    throw std::logic_error("Phone::at(\"" + p.to_string() + "\"): not a pointer into os or an app");
  return state_[p];
}

std::size_t Phone::stored_bytes() const { return state_.dump().size(); }

void Phone::drop_default_overlays() {
  json& apps = state_["apps"];
  for (auto it = apps.begin(); it != apps.end();) {
    const App* app = AppRegistry::instance().find(it.key());
    if (app && *it == defaults_of(*app))
      it = apps.erase(it);
    else
      ++it;
  }
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

bool Phone::navigate(const std::string& transition) {
  json* task = foreground_task();
  if (!task) throw std::logic_error("navigate(\"" + transition + "\") with no app in the foreground");
  App* app = AppRegistry::instance().find((*task)["app"]);
  const std::string from = (*task)["pages"].back()["page"];
  std::string to = app->transition_target(from, transition);
  if (!app->transition_allowed(from, transition, *this)) return false;  // its guard says no
  if (!app->pages().count(to))
    throw std::logic_error("app " + app->id() + ": transition \"" + transition + "\" leads to page \"" + to +
                           "\", which the app does not draw");
  const json& t = app->nav()["pages"][from]["transitions"][transition];
  if (t.is_object() && t.value("replace", false)) (*task)["pages"].erase((*task)["pages"].size() - 1);
  (*task)["pages"].push_back({{"page", to}, {"scroll", 0}});
  clear_focus();
  return true;
}

void Phone::back_to_root() {
  // Back (not a bare pop) so a focused field or a dialog closes first, as a user's Back would.
  for (int guard = 0; guard < 64; ++guard) {
    json* task = foreground_task();
    if (!task || (*task)["pages"].size() <= 1) return;
    back();
  }
}

const json& Phone::page_stack(const std::string& app) const {
  static const json kNone = json::array();
  for (const json& t : state_["os"]["tasks"])
    if (t["app"] == app) return t["pages"];
  return kNone;
}

json& Phone::page_state() {
  json* task = foreground_task();
  if (!task) throw std::logic_error("page_state() with no app in the foreground");
  return (*task)["pages"].back();
}

const json& Phone::page_state() const {
  static const json kEmpty = json::object();
  const json& pages = page_stack(foreground());
  return pages.empty() ? kEmpty : pages.back();
}

void Phone::set_scroll(int offset_px) { page_state()["scroll"] = offset_px; }

bool Phone::go(const std::string& transition, const json& fields) {
  clear_focus();
  if (!navigate(transition)) return false;
  json& e = page_state();
  for (auto& [k, v] : fields.items()) e[k] = v;
  return true;
}

std::string Phone::page_string(const std::string& key) const {
  const json& e = page_state();
  auto it = e.find(key);
  return it != e.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int Phone::page_int(const std::string& key, int fallback) const {
  const json& e = page_state();
  auto it = e.find(key);
  return it != e.end() && it->is_number_integer() ? it->get<int>() : fallback;
}

void Phone::switch_tab(const std::string& page) {
  clear_focus();
  back_to_root();
  if (current_page() == page) {
    set_scroll(0);
    return;
  }
  navigate("tab_" + page);
}

void Phone::back() {
  json& os = state_["os"];
  // Android's order: shade, then recents, then the keyboard, then a dialog, then the page stack.
  if (os["shade"].value("open", false)) {
    set_shade(false);
    return;
  }
  if (os["recents"].value("open", false)) {
    set_recents(false);
    return;
  }
  const bool interruption = os["dialog"].is_object() && os["dialog"].value("kind", "") == "interruption";
  if (!os["keyboard"]["focus"].is_null() && !interruption) {  // a pop-up over a field is on top of it
    clear_focus();
    return;
  }
  if (os["dialog"].is_object()) {
    const std::string kind = os["dialog"].value("kind", "");
    answer_dialog(kind == "permission" ? "deny" : "cancel");
    return;
  }
  json* task = foreground_task();
  if (!task) {  // on the launcher: back closes the app drawer, else does nothing
    os["launcher"]["drawer_open"] = false;
    return;
  }
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

void Phone::finish_task(const std::string& app) {
  json& os = state_["os"];
  json& ts = os["tasks"];
  for (std::size_t i = 0; i < ts.size(); ++i)
    if (ts[i]["app"] == app) {
      ts.erase(i);
      break;
    }
  if (os["foreground"] == app) os["foreground"] = "launcher";
}

void Phone::home() {
  clear_focus();
  json& os = state_["os"];
  os["shade"]["open"] = false;
  os["recents"]["open"] = false;
  os["dialog"] = nullptr;
  os["launcher"]["drawer_open"] = false;
  os["launcher"]["page"] = 0;  // home goes to the first page, as on Android
  os["foreground"] = "launcher";
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
  os["shade"]["open"] = false;
  os["recents"]["open"] = false;
  os["dialog"] = nullptr;
  // os.tasks is kept in recency order: the opened app's task moves to the end.
  const std::string first = app->launch_page(*this);
  if (!app->nav()["pages"].contains(first))
    throw std::logic_error("app " + app->id() + ": launch page \"" + first + "\" is not a page of its nav.json");
  json task = {{"app", app->id()}, {"pages", json::array({{{"page", first}, {"scroll", 0}}})}};
  json& tasks = os["tasks"];
  for (std::size_t i = 0; i < tasks.size(); ++i)
    if (tasks[i]["app"] == app->id()) {
      task = tasks[i];
      tasks.erase(i);
      break;
    }
  tasks.push_back(std::move(task));
  os["foreground"] = app->id();
}

void Phone::focus(const std::string& id, const std::string& path, const std::string& layout) {
  // The caret starts at the end of the text, as when an Android field takes focus.
  const json* v = find(json::json_pointer(path));
  const std::size_t end = v && v->is_string() ? utf8_length(v->get_ref<const std::string&>()) : 0;
  state_["os"]["keyboard"] = {{"focus", id}, {"target", path}, {"layout", layout}, {"shift", false}, {"cursor", end}};
}

void Phone::focus_multiline(const std::string& id, const std::string& path) {
  focus(id, path);
  state_["os"]["keyboard"]["multiline"] = true;
}

void Phone::press_enter() {
  json& kb = state_["os"]["keyboard"];
  if (kb.value("multiline", false) && kb["target"].is_string()) {
    insert_at_cursor(*this, "\n");
    return;
  }
  clear_focus();
}

void Phone::clear_focus() {
  state_["os"]["keyboard"] = {{"focus", nullptr}, {"target", nullptr}, {"layout", "letters"}, {"shift", false}};
  json& d = state_["os"]["dialog"];
  if (d.is_object() && d.value("kind", "") == "text_menu") d = nullptr;
}

std::int64_t Phone::local_time_ms() const {
  return now_ms() + state_["os"].value("timezone_offset_min", 0) * 60000LL;
}

std::string Phone::format_time(std::int64_t local_ms) const {
  const std::string hm = format_hhmm(local_ms);
  if (state_["os"]["settings"].value("system", json::object()).value("time_12_24", "24") == "24") return hm;
  int h = std::stoi(hm.substr(0, 2));
  const char* ampm = h < 12 ? " AM" : " PM";
  h = h % 12 == 0 ? 12 : h % 12;
  return std::to_string(h) + hm.substr(2) + ampm;
}

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
  const std::int64_t from = os["time_ms"].get<std::int64_t>();
  os["time_ms"] = from + frames * kFrameMs;
  for (App* app : AppRegistry::instance().apps()) app->on_time(*this, from, from + frames * kFrameMs);
  if (os["toast"].is_object() && os["toast"]["until_ms"].get<std::int64_t>() <= os["time_ms"].get<std::int64_t>())
    os["toast"] = nullptr;
}

std::vector<Node> Phone::layout() {
  FrameScope frame(screen());
  Ui ui(frame.draw_list(), *this);
  build(ui);
  return {std::make_move_iterator(ui.nodes().begin()), std::make_move_iterator(ui.nodes().end())};
}

void Phone::tap(int px, int py, bool long_press, StepInfo& info) {
  pointer_x_ = px;
  pointer_y_ = py;
  std::vector<Node> nodes = layout();
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    if (!it->bounds.contains(static_cast<float>(px), static_cast<float>(py))) continue;
    if (long_press && it->long_clickable && it->on_long_press) {
      info.target = it->id;
      it->on_long_press(*this);
      return;
    }
    if (long_press && it->focusable && it->on_click) {  // text field: focus, then cut/copy/paste
      info.target = it->id;
      it->on_click(*this);
      show_text_menu();
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

bool Phone::swipe_gesture_nav(int x1, int y1, int x2, int y2, bool fling, StepInfo& info) {
  const Screen& s = Ui::screen();
  if (!s.gesture_nav) return false;
  const int dx = x2 - x1, dy = y2 - y1;
  const float min_travel = 48 * s.density;  // shorter swipes are the app's
  // Up from the gesture bar: a fling goes home, a slow drag (Android's "swipe up and hold")
  // opens the recent apps.
  if (y1 >= (s.height_dp() - s.nav_bar_dp()) * s.density && -dy >= min_travel && std::abs(dy) > std::abs(dx)) {
    if (fling) {
      home();
      info.target = "nav.home";
    } else {
      set_recents(true);
      info.target = "nav.recents";
    }
    return true;
  }
  // Inward from the left or right edge (24 dp, Android's default back-gesture width): back.
  const float edge = 24 * s.density;
  if (std::abs(dx) > std::abs(dy) && std::abs(dx) >= min_travel &&
      ((x1 < edge && dx > 0) || (x1 >= s.width_px - edge && dx < 0))) {
    back();
    info.target = "nav.back";
    return true;
  }
  return false;
}

bool Phone::swipe_system(int x1, int y1, int x2, int y2, StepInfo& info) {
  json& os = state_["os"];
  const int dx = x2 - x1, dy = y2 - y1;
  const bool horizontal = std::abs(dx) > std::abs(dy);
  const int status_px = static_cast<int>(Ui::status_bar_dp() * Ui::screen().density);
  auto node_at = [&](const std::string& prefix) -> std::string {
    std::vector<Node> nodes = layout();
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it)
      if (it->id.rfind(prefix, 0) == 0 && it->bounds.contains(static_cast<float>(x1), static_cast<float>(y1)))
        return it->id;
    return "";
  };
  if (os["shade"].value("open", false)) {
    if (horizontal && std::abs(dx) > 150) {
      const std::string id = node_at("shade.notification.");
      if (!id.empty() && id.find('.', 19) == std::string::npos) {
        dismiss_notification(std::stoi(id.substr(19)));
        info.target = id;
      }
    } else if (dy < -150) {
      set_shade(false);
      info.target = "shade";
    }
    return true;
  }
  if (y1 < status_px && dy > 150 && !horizontal) {
    set_shade(true);
    info.target = "shade";
    return true;
  }
  if (os["recents"].value("open", false) && horizontal && std::abs(dx) > 150) {
    const std::string id = node_at("recents.task.");
    if (!id.empty() && id.find(".close") == std::string::npos) {
      finish_task(id.substr(13));
      info.target = id;
    }
    return true;
  }
  if (foreground() == "launcher" && !os["recents"].value("open", false) && os["dialog"].is_null() && horizontal &&
      !os["launcher"].value("drawer_open", false) && std::abs(dx) > 150) {
    // Home screen pages: swipe left for the next page, right for the previous one.
    json& l = os["launcher"];
    const int page = std::clamp(l.value("page", 0) + (dx < 0 ? 1 : -1), 0, launcher_pages() - 1);
    info.target = page != l.value("page", 0) ? "launcher.page." + std::to_string(page) : "";
    l["page"] = page;
    return true;
  }
  if (foreground() == "launcher" && !os["recents"].value("open", false) && os["dialog"].is_null() && !horizontal) {
    json& l = os["launcher"];
    if (!l.value("drawer_open", false) && dy < -300) {
      l["drawer_open"] = true;
      l["query"] = "";
      l["drawer_scroll"] = 0;
      info.target = "launcher.drawer";
      return true;
    }
    if (l.value("drawer_open", false) && dy > 300 && l.value("drawer_scroll", 0) == 0) {
      l["drawer_open"] = false;
      clear_focus();
      info.target = "launcher";
      return true;
    }
  }
  return false;
}

void Phone::scroll(int x1, int y1, int x2, int y2, bool fling, StepInfo& info) {
  if (swipe_heads_up(*this, x1, y1)) {  // a swipe on a heads-up banner dismisses it
    info.target = "os.heads_up";
    return;
  }
  if (swipe_gesture_nav(x1, y1, x2, y2, fling, info)) return;
  if (swipe_system(x1, y1, x2, y2, info)) return;
  std::vector<Node> nodes = layout();
  if (std::abs(x2 - x1) > std::abs(y2 - y1))  // sideways on a slider: its thumb follows the finger
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it)
      if (it->cls == "android.widget.SeekBar" && it->on_click &&
          it->bounds.contains(static_cast<float>(x1), static_cast<float>(y1))) {
        pointer_x_ = x2;
        pointer_y_ = y1;
        info.target = it->id;
        it->on_click(*this);
        return;
      }
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    // A spinner or a modal scrim (a dialog's, a sheet's, a drawer's: Ui::scrim ids end in "scrim")
    // on top takes the touch: the page beneath does not scroll.
    const bool blocks = it->id == "os.loading" ||
                        (it->id.size() >= 5 && it->id.compare(it->id.size() - 5, 5, "scrim") == 0);
    if (blocks && it->bounds.contains(static_cast<float>(x1), static_cast<float>(y1))) {
      info.note = "a " + std::string(it->id == "os.loading" ? "loading spinner" : "modal scrim") +
                  " is on top: nothing beneath scrolls";
      return;
    }
    if (!it->scrollable || !it->bounds.contains(static_cast<float>(x1), static_cast<float>(y1))) continue;
    json::json_pointer ptr(it->scroll_path);
    const json* stored = find(ptr);
    int cur = stored && stored->is_number_integer() ? stored->get<int>() : 0;
    // A swipe is a fling: the list keeps moving after the finger lifts (kFlingFactor times the
    // finger's travel in total); a drag moves it exactly with the finger.
    const int travel = y1 - y2;
    int next = std::clamp(cur + (fling ? travel * kFlingFactor : travel), 0, it->scroll_max);
    if (abs(x2 - x1) > abs(y2 - y1)) {
      info.note = "horizontal swipe: nothing to scroll sideways";
      return;
    }
    info.target = it->id;
    at(ptr) = next;
    return;
  }
  info.note = "nothing scrollable under the swipe";
}

void Phone::type_text(const Action& a, StepInfo& info) {
  if (a.x >= 0) tap(to_px_x(a.x), to_px_y(a.y), false, info);
  if (state_["os"]["dialog"].is_object() && state_["os"]["dialog"].value("kind", "") == "interruption") {
    info.note = "a dialog is on top: text ignored";  // keys go to the pop-up's window, not the field
    return;
  }
  const json& target = state_["os"]["keyboard"]["target"];
  if (!target.is_string()) {
    info.note = "no focused field: text ignored";
    return;
  }
  insert_at_cursor(*this, a.text, a.clear);
  info.target = focused_id();
}

std::int64_t Phone::apply(const Action& a, StepInfo& info) {
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
      scroll(to_px_x(a.x1), to_px_y(a.y1), to_px_x(a.x2), to_px_y(a.y2), a.type == ActionType::Swipe, info);
      duration = kSwipeMs;
      break;
    case ActionType::Back:
      back();
      break;
    case ActionType::Home:
      home();
      break;
    case ActionType::Recent:
      set_recents(!os["recents"].value("open", false));
      break;
    case ActionType::Enter:
      if (focused_id().empty()) info.note = "no focused field: enter ignored";
      press_enter();
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
  return duration;
}

Screen Phone::screen() const { return device_screen(*this); }

StepInfo Phone::step(const Action& a) {
  const ScreenScope screen_scope(screen());  // handlers and timers lay out for this phone's screen
  StepInfo info;
  drop_default_overlays();  // overlays a frame copied in but did not change
  json before = state_;
  const bool perturbed = os().contains("perturb") && os()["perturb"].is_object();
  const std::string page_before = perturbed ? page_identity(*this) : std::string();
  // os.perturb (sim/os/perturb.hpp): a touch may be dropped, delayed behind a queue or repeated.
  const InputPerturbation pert = perturb_input(*this, a, info);
  std::int64_t duration = kTapMs;
  if (pert.drop) {
    // the input is lost: nothing reaches the screen
  } else if (pert.queue) {
    queue_input(*this, a);  // the finger took its time all the same
    if (a.type == ActionType::Swipe || a.type == ActionType::Drag) duration = kSwipeMs;
    if (a.type == ActionType::LongPress) duration = kLongPressMs;
    if (a.type == ActionType::Type) duration = kTapMs + kPerCharMs * static_cast<std::int64_t>(a.text.size());
  } else {
    duration = apply(a, info);
    if (pert.repeat) apply(a, info);
  }
  clamp_text_cursor(*this);  // an app may have rewritten the focused field's text
  drop_default_overlays();
  before["os"].erase("time_ms");
  before["os"].erase("perturb");
  auto differs = [&] {
    json after = state_;
    after["os"].erase("time_ms");
    after["os"].erase("perturb");
    return before != after;
  };
  info.changed = differs();  // before the clock moves: what the action itself did
  advance_clock(duration);
  const std::vector<Action> late = due_inputs(*this);  // delayed inputs whose time has come
  for (const Action& l : late) {
    apply(l, info);
    clamp_text_cursor(*this);
  }
  if (perturbed) perturb_after_step(*this, page_before, info);
  if (!late.empty() || !info.perturbations.empty()) {
    drop_default_overlays();
    info.changed = info.changed || differs();
  }
  return info;
}

// ---------------------------------------------------------------- drawing

void Phone::build(Ui& ui) {
  const std::string fg = foreground();
  const json& os = state_["os"];
  if (os["recents"].value("open", false)) {
    draw_recents(ui, *this);
  } else if (fg == "launcher") {
    draw_launcher(ui, *this);
  } else {
    ui.fill({0, 0, Ui::width_dp(), Ui::height_dp()}, color::kSurface);
    App* app = AppRegistry::instance().find(fg);
    app->draw_page(ui, *this, current_page());
    draw_loading(ui, *this);
  }
  draw_keyboard(ui, *this);
  const json& toast = state_["os"]["toast"];
  if (toast.is_object()) {
    std::string t = toast["text"];
    float w = ui.text_width(t, Font::Body) + 32;
    Rect r{(Ui::width_dp() - w) / 2, Ui::height_dp() - Ui::nav_bar_dp() - 80, (Ui::width_dp() + w) / 2,
           Ui::height_dp() - Ui::nav_bar_dp() - 44};
    ui.cover(r);
    ui.fill(r, 0x303030, 18, 0.92f);
    ui.text_centered(r.l, r.r, r.t + 9, t, Font::Body, 0xFFFFFF);
    ui.node("os.toast", "android.widget.Toast", r).text = t;
  }
  draw_dialog(ui, *this);
  draw_heads_up(ui, *this);
  draw_status_bar(ui);
  draw_shade(ui, *this);
  draw_nav_bar(ui);
  // Pages read their overlay through writable accessors: a frame leaves no copies behind. (No
  // handler keeps a reference into the state; handlers run after the frame, on their Phone&.)
  drop_default_overlays();
}

void Phone::draw_status_bar(Ui& ui) {
  const json& os = state_["os"];
  const bool launcher = (foreground() == "launcher" && !os["launcher"].value("drawer_open", false)) ||
                        os["recents"].value("open", false);
  // Over a light wallpaper the status bar turns dark, as Android's light status bar does.
  const bool light_home = launcher && !os["recents"].value("open", false) &&
                          wallpaper_is_light(current_theme(*this).value("wallpaper", ""));
  const std::uint32_t fgc = launcher && !light_home ? 0xFFFFFF : color::kOnSurface;
  std::optional<ContentColours> keep;  // over the wallpaper the colours are the wallpaper's
  if (launcher) keep.emplace();
  const float bar_h = Ui::status_bar_dp();
  if (!launcher) ui.fill({0, 0, Ui::width_dp(), bar_h}, color::kSurface);
  const json& g = state_["os"]["settings"]["global"];
  const std::int64_t local = now_ms() + state_["os"].value("timezone_offset_min", 0) * 60000LL;
  // The bar's content is centred in its height (deeper under a cutout) and kept beside the
  // cutout: icons that would reach under a notch are left out, the least important first, as
  // Android's status bar drops what does not fit.
  const float cy = bar_h / 2, text_y = cy - 8;
  ui.text(16, text_y, format_time(local), Font::Body, fgc);
  const float cutout_r = (Ui::width_dp() + Ui::screen().cutout_width_dp()) / 2;
  float x = Ui::width_dp() - 16;
  auto status_icon = [&](const std::string& name) {
    if (x - 18 < cutout_r) return;
    x -= 18;
    ui.icon(x + 9, cy, name, Font::IconSmall, fgc);
    x -= 4;
  };
  const std::string battery = std::to_string(state_["os"]["battery"].value("level", 85)) + "%";
  x -= ui.text_width(battery, Font::Body);
  ui.text(x, text_y, battery, Font::Body, fgc);
  x -= 4;
  status_icon("battery_full");
  if (g["airplane_mode_on"].get<bool>()) status_icon("airplanemode_active");
  else status_icon("signal_cellular_4_bar");
  if (g["wifi_on"].get<bool>()) status_icon("wifi");
  if (g["bluetooth_on"].get<bool>()) status_icon("bluetooth");
  std::string desc = std::string("Wi-Fi ") + (g["wifi_on"].get<bool>() ? "on" : "off") + ", Bluetooth " +
                     (g["bluetooth_on"].get<bool>() ? "on" : "off") + ", Airplane mode " +
                     (g["airplane_mode_on"].get<bool>() ? "on" : "off") + ", battery " + battery;
  Node& n = ui.node("os.status_bar", "android.widget.FrameLayout", {0, 0, Ui::width_dp(), Ui::status_bar_dp()});
  n.text = format_time(local);
  n.desc = desc;
}

void Phone::draw_nav_bar(Ui& ui) {
  const json& os = state_["os"];
  // Light icons over the wallpaper, the shade and recents; dark ones over app surfaces.
  const bool dark_bg = (foreground() == "launcher" && !os["launcher"].value("drawer_open", false)) ||
                       os["shade"].value("open", false) || os["recents"].value("open", false);
  const float top = Ui::height_dp() - Ui::nav_bar_dp();
  // The three-button bar is a panel of its own; the gesture bar is the page (or the keyboard)
  // running on beneath the handle, as Android draws apps edge to edge.
  const std::uint32_t bar = !Ui::screen().gesture_nav ? color::kSurfaceContainer
                            : keyboard_height_dp(*this) > 0 ? kKeyboardBackground
                                                            : color::kSurface;
  if (!dark_bg) ui.fill({0, top, Ui::width_dp(), Ui::height_dp()}, bar);
  const std::uint32_t c = dark_bg ? 0xFFFFFF : color::kOnSurfaceVariant;
  std::optional<ContentColours> keep;  // light icons over a dark background, in either theme
  if (dark_bg) keep.emplace();
  const float cy = top + Ui::nav_bar_dp() / 2, mid = Ui::width_dp() / 2;
  if (Ui::screen().gesture_nav) {
    // Gesture navigation: only the home handle, a 108x4 dp pill; swipes do the rest
    // (swipe_gesture_nav). Android lists no node for it: it is not a button.
    ui.fill({mid - 54, cy - 2, mid + 54, cy + 2}, c, 2);
    return;
  }
  // Android's three buttons: centred at 7/36, 1/2 and 29/36 of the width on a phone (70, 180 and
  // 290 dp of 360); on a wide screen they keep their phone spacing around the centre.
  const float gap = std::min(110.0f, Ui::width_dp() * 11 / 36);
  ui.icon_button("nav.back", mid - gap, cy, "arrow_back", "Back", c, [](Phone& p) { p.back(); });
  ui.icon_button("nav.home", mid, cy, "radio_button_unchecked", "Home", c, [](Phone& p) { p.home(); });
  ui.icon_button("nav.recents", mid + gap, cy, "crop_square", "Overview", c,
                 [](Phone& p) { p.set_recents(!p.os()["recents"].value("open", false)); });
}

}  // namespace pg
