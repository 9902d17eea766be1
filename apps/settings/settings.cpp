// Settings: the main list, "Network & internet" (Wi-Fi, airplane mode) and "Connected devices"
// (Bluetooth). The switches write Android's global settings in os.settings.global.
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/ui.hpp"

namespace pg {
namespace {

bool global(Phone& p, const char* key) { return p.state()["os"]["settings"]["global"][key].get<bool>(); }
void set_global(Phone& p, const char* key, bool v) { p.mutable_state()["os"]["settings"]["global"][key] = v; }

class SettingsApp : public App {
 public:
  void draw_page(Ui& ui, Phone& phone, const std::string& page) override {
    if (page == "main") return main(ui, phone);
    if (page == "network") return network(ui, phone);
    if (page == "connected_devices") return connected_devices(ui, phone);
  }

 private:
  static void main(Ui& ui, Phone& phone) {
    Rect area = Ui::content_area();
    ui.text(24, area.t + 40, "Settings", Font::Headline, color::kOnSurface);
    ui.node("settings.title", "android.widget.TextView", {24, area.t + 36, 200, area.t + 76}).text = "Settings";
    // Search field (decorative in this version).
    Rect search{16, area.t + 96, Ui::kWidthDp - 16, area.t + 144};
    ui.fill(search, color::kSurfaceContainer, 24);
    ui.icon(search.l + 28, (search.t + search.b) / 2, "search", Font::Icon, color::kOnSurfaceVariant);
    ui.text(search.l + 56, search.t + 15, "Search settings", Font::BodyLarge, color::kOnSurfaceVariant);
    ui.begin_scroll("settings.list", {0, area.t + 160, Ui::kWidthDp, area.b}, phone.page_pointer() + "/scroll");
    const bool airplane = global(phone, "airplane_mode_on"), wifi = global(phone, "wifi_on");
    std::string net = airplane ? "Airplane mode is on" : (wifi ? "Wi-Fi is on" : "Wi-Fi, mobile, data usage");
    ui.list_row("settings.network", "Network & internet", net, "wifi", [](Phone& p) { p.navigate("open_network"); });
    ui.list_row("settings.connected_devices", "Connected devices",
                global(phone, "bluetooth_on") ? "Bluetooth is on" : "Bluetooth, pairing", "devices",
                [](Phone& p) { p.navigate("open_connected_devices"); });
    // Entries of later versions, shown disabled so the list reads like a phone's.
    for (auto [id, title, sub, icon] : {std::tuple{"settings.display", "Display", "Dark theme, font size, brightness", "brightness_6"},
                                        std::tuple{"settings.sound", "Sound & vibration", "Volume, haptics, Do Not Disturb", "volume_up"},
                                        std::tuple{"settings.notifications", "Notifications", "App notifications, history", "notifications"},
                                        std::tuple{"settings.about", "About phone", "PhoneGym sim", "phone_android"}}) {
      ui.list_row(id, title, sub, icon, nullptr);
    }
    ui.end_scroll();
  }

  static void network(Ui& ui, Phone& phone) {
    ui.top_bar("settings.network.title", "Network & internet", true);
    Rect area = Ui::content_area();
    ui.begin_scroll("settings.network.list", {0, ui.cursor_y(), Ui::kWidthDp, area.b}, phone.page_pointer() + "/scroll");
    const bool airplane = global(phone, "airplane_mode_on");
    const bool wifi = global(phone, "wifi_on");
    ui.switch_row("settings.wifi", "Wi-Fi", wifi ? "PhoneGym-5G" : "Off", "wifi", wifi,
                  [](Phone& p) { set_global(p, "wifi_on", !global(p, "wifi_on")); });
    ui.list_row("settings.mobile", "Mobile network", airplane ? "Airplane mode is on" : "Sim Mobile", "signal_cellular_4_bar",
                nullptr);
    // Turning airplane mode on turns the radios off (Wi-Fi and Bluetooth), as on Android.
    ui.switch_row("settings.airplane", "Airplane mode", "", "airplanemode_active", airplane, [](Phone& p) {
      const bool on = !global(p, "airplane_mode_on");
      set_global(p, "airplane_mode_on", on);
      if (on) {
        set_global(p, "wifi_on", false);
        set_global(p, "bluetooth_on", false);
      }
    });
    ui.end_scroll();
  }

  static void connected_devices(Ui& ui, Phone& phone) {
    ui.top_bar("settings.connected_devices.title", "Connected devices", true);
    Rect area = Ui::content_area();
    ui.begin_scroll("settings.connected_devices.list", {0, ui.cursor_y(), Ui::kWidthDp, area.b},
                    phone.page_pointer() + "/scroll");
    const bool bt = global(phone, "bluetooth_on");
    ui.switch_row("settings.bluetooth", "Bluetooth", bt ? "Visible as \"PhoneGym\"" : "Off", "bluetooth", bt,
                  [](Phone& p) { set_global(p, "bluetooth_on", !global(p, "bluetooth_on")); });
    ui.list_row("settings.pair", "Pair new device", "", "add", nullptr);
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("settings", SettingsApp);
}  // namespace pg
