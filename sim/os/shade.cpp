// The notification shade (swipe down from the status bar): quick-settings tiles that toggle the
// same global settings as the Settings app, and the notifications, newest first. Tapping a
// notification starts its intent and removes it; swiping it sideways dismisses it.
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/ui/ui.hpp"

namespace pg {

using json = nlohmann::json;

namespace {

struct Tile {
  const char* id;
  const char* label;
  const char* icon;
  const char* key;  // os.settings.global key it toggles
};
constexpr Tile kTiles[] = {{"qs.wifi", "Internet", "wifi", "wifi_on"},
                           {"qs.bluetooth", "Bluetooth", "bluetooth", "bluetooth_on"},
                           {"qs.airplane", "Airplane mode", "airplanemode_active", "airplane_mode_on"},
                           {"qs.dnd", "Do Not Disturb", "do_not_disturb_on", "zen_mode_on"}};

}  // namespace

void draw_shade(Ui& ui, Phone& phone) {
  const json& os = phone.os();
  if (!os["shade"].value("open", false)) return;
  const float bottom = Ui::height_dp() - Ui::nav_bar_dp();
  ui.cover({0, 0, Ui::width_dp(), Ui::height_dp()});
  ui.fill({0, 0, Ui::width_dp(), Ui::height_dp()}, 0x1F1F23);
  Node& panel = ui.node("shade", "android.widget.FrameLayout", {0, 0, Ui::width_dp(), bottom});
  panel.clickable = true;  // blocks the screen beneath
  panel.on_click = [](Phone&) {};
  ui.text(24, 40, phone.format_time(phone.local_time_ms()), Font::Headline, 0xFFFFFF);
  // Quick settings: a 2x2 grid of tiles.
  const json& g = os["settings"]["global"];
  for (int i = 0; i < 4; ++i) {
    const Tile& t = kTiles[i];
    const float x = 16 + static_cast<float>(i % 2) * 168, y = 96 + static_cast<float>(i / 2) * 76;
    const bool on = g.value(t.key, false);
    Rect r{x, y, x + 160, y + 64};
    ui.fill(r, on ? 0xD0BCFF : 0x3A3840, 20);
    const std::uint32_t fg = on ? 0x381E72 : 0xE6E1E5;
    ui.icon(x + 28, y + 32, t.icon, Font::Icon, fg);
    ui.text(x + 52, y + 12, t.label, Font::Body, fg);
    ui.text(x + 52, y + 34, on ? "On" : "Off", Font::Label, fg);
    Node& n = ui.node(t.id, "android.widget.Switch", r);
    n.text = t.label;
    n.desc = std::string(t.label) + (on ? ", on" : ", off");
    n.clickable = n.checkable = true;
    n.checked = on;
    const std::string key = t.key;
    n.on_click = [key](Phone& p) {
      json& gl = p.mutable_os()["settings"]["global"];
      const bool v = !gl.value(key, false);
      gl[key] = v;
      if (key == "airplane_mode_on" && v) gl["wifi_on"] = gl["bluetooth_on"] = false;
    };
  }
  // Notifications, newest first.
  float y = 268;
  const json& list = os["notifications"];
  if (list.empty()) {
    ui.text_centered(0, Ui::width_dp(), y + 24, "No notifications", Font::BodyLarge, 0xC9C5CA);
    ui.node("shade.empty", "android.widget.TextView", {80, y + 20, 280, y + 48}).text = "No notifications";
  }
  for (auto it = list.rbegin(); it != list.rend() && y + 84 < bottom - 56; ++it) {
    const json& n = *it;
    const int id = n.value("id", 0);
    App* app = AppRegistry::instance().find(n.value("app", ""));
    Rect r{12, y, Ui::width_dp() - 12, y + 80};
    ui.fill(r, 0x2B2930, 20);
    if (app) {
      ui.circle(r.l + 28, r.t + 28, 14, static_cast<std::uint32_t>(std::stoul(app->manifest().value("color", "#6750A4").substr(1), nullptr, 16)));
      ui.icon(r.l + 28, r.t + 28, app->manifest().value("icon", "apps"), Font::IconSmall, 0xFFFFFF);
      ui.text(r.l + 52, r.t + 8, app->name(), Font::Label, 0xC9C5CA);
    }
    ui.text(r.l + 52, r.t + 26, n.value("title", ""), Font::BodyLarge, 0xFFFFFF);
    ui.text(r.l + 52, r.t + 50, n.value("text", ""), Font::Body, 0xC9C5CA);
    Node& node = ui.node("shade.notification." + std::to_string(id), "android.widget.FrameLayout", r);
    node.text = n.value("title", "");
    node.desc = n.value("text", "");
    node.clickable = true;
    const json intent = n.value("intent", json());
    node.on_click = [id, intent](Phone& p) {
      p.dismiss_notification(id);
      p.set_shade(false);
      if (intent.is_object()) p.start_intent(intent);
    };
    y += 88;
  }
  if (!list.empty()) {
    ui.button("shade.clear_all", {Ui::width_dp() - 120, y + 4, Ui::width_dp() - 16, y + 44}, "Clear all", false, [](Phone& p) {
      p.mutable_os()["notifications"] = json::array();
    });
  }
}

}  // namespace pg
