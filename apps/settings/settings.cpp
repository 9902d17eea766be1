// Settings: the main list, "Network & internet" (Wi-Fi, airplane mode) and "Connected devices"
// (Bluetooth). The switches write Android's global settings in os.settings.global.
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/ui.hpp"

#include <cstdio>
#include <cstdlib>

namespace pg {
namespace {

using json = nlohmann::json;

bool global(Phone& p, const char* key) { return p.state()["os"]["settings"]["global"][key].get<bool>(); }
void set_global(Phone& p, const char* key, bool v) { p.mutable_state()["os"]["settings"]["global"][key] = v; }

class SettingsApp : public App {
 public:
  void draw_page(Ui& ui, Phone& phone, const std::string& page) override {
    if (page == "main") return main(ui, phone);
    if (page == "network") return network(ui, phone);
    if (page == "connected_devices") return connected_devices(ui, phone);
    if (page == "system") return system(ui, phone);
    if (page == "date_time") return date_time(ui, phone);
    if (page == "time_zone") return time_zone(ui, phone);
    if (page == "languages") return languages(ui, phone);
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
                                        std::tuple{"settings.notifications", "Notifications", "App notifications, history", "notifications"}}) {
      ui.list_row(id, title, sub, icon, nullptr);
    }
    ui.list_row("settings.system", "System", "Languages, time, date", "info", [](Phone& p) { p.navigate("open_system"); });
    ui.list_row("settings.about", "About phone", "PhoneGym sim", "phone_android", nullptr);
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

  static void system(Ui& ui, Phone& phone) {
    ui.top_bar("settings.system.title", "System", true);
    ui.begin_scroll("settings.system.list", {0, ui.cursor_y(), Ui::kWidthDp, Ui::content_area().b}, phone.page_pointer() + "/scroll");
    ui.list_row("settings.languages", "Languages", language_name(phone.state()["os"].value("locale", "en-US")), "language",
                [](Phone& p) { p.navigate("open_languages"); });
    ui.list_row("settings.date_time", "Date & time", "GMT" + offset_text(phone.state()["os"].value("timezone_offset_min", 0)),
                "access_time", [](Phone& p) { p.navigate("open_date_time"); });
    ui.end_scroll();
  }

  static void date_time(Ui& ui, Phone& phone) {
    ui.top_bar("settings.date_time.title", "Date & time", true);
    ui.begin_scroll("settings.date_time.list", {0, ui.cursor_y(), Ui::kWidthDp, Ui::content_area().b}, phone.page_pointer() + "/scroll");
    const json& os = phone.state()["os"];
    ui.switch_row("settings.auto_time", "Set time automatically", "Use network-provided time", "schedule",
                  global(phone, "auto_time"), [](Phone& p) { set_global(p, "auto_time", !global(p, "auto_time")); });
    ui.list_row("settings.time_zone", "Time zone", os.value("timezone", "UTC") + " (GMT" + offset_text(os.value("timezone_offset_min", 0)) + ")",
                "public", [](Phone& p) { p.navigate("open_time_zone"); });
    const bool h24 = os["settings"]["system"].value("time_12_24", "24") == "24";
    ui.switch_row("settings.use_24_hour", "Use 24-hour format", h24 ? "13:00" : "1:00 PM", "access_time", h24, [](Phone& p) {
      json& sys = p.mutable_state()["os"]["settings"]["system"];
      sys["time_12_24"] = sys.value("time_12_24", "24") == "24" ? "12" : "24";
    });
    ui.end_scroll();
  }

  struct Zone {
    const char* id;
    const char* city;
    int offset_min;
  };
  static constexpr Zone kZones[] = {{"Pacific/Honolulu", "Honolulu", -600}, {"America/Los_Angeles", "Los Angeles", -480},
                                    {"America/Denver", "Denver", -420},     {"America/Chicago", "Chicago", -360},
                                    {"America/New_York", "New York", -300}, {"America/Sao_Paulo", "Sao Paulo", -180},
                                    {"UTC", "Coordinated Universal Time", 0}, {"Europe/London", "London", 0},
                                    {"Europe/Paris", "Paris", 60},          {"Europe/Berlin", "Berlin", 60},
                                    {"Africa/Cairo", "Cairo", 120},         {"Europe/Moscow", "Moscow", 180},
                                    {"Asia/Dubai", "Dubai", 240},           {"Asia/Kolkata", "Kolkata", 330},
                                    {"Asia/Shanghai", "Shanghai", 480},     {"Asia/Tokyo", "Tokyo", 540},
                                    {"Australia/Sydney", "Sydney", 600},    {"Pacific/Auckland", "Auckland", 720}};

  static std::string offset_text(int minutes) {
    const char sign = minutes < 0 ? '-' : '+';
    const int m = std::abs(minutes);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%c%02d:%02d", sign, m / 60, m % 60);
    return buf;
  }

  static void time_zone(Ui& ui, Phone& phone) {
    ui.top_bar("settings.time_zone.title", "Time zone", true);
    ui.begin_scroll("settings.time_zone.list", {0, ui.cursor_y(), Ui::kWidthDp, Ui::content_area().b}, phone.page_pointer() + "/scroll");
    const std::string current = phone.state()["os"].value("timezone", "UTC");
    for (const Zone& z : kZones) {
      const std::string zid = z.id;
      const int off = z.offset_min;
      ui.list_row("settings.time_zone." + zid, z.city, zid + "  GMT" + offset_text(off), zid == current ? "check" : "",
                  [zid, off](Phone& p) {
                    json& os = p.mutable_state()["os"];
                    os["timezone"] = zid;
                    os["timezone_offset_min"] = off;
                    p.back();
                  });
    }
    ui.end_scroll();
  }

  static std::string language_name(const std::string& locale) {
    for (const auto& [code, name] : kLocales)
      if (locale == code) return name;
    return locale;
  }
  static constexpr std::pair<const char*, const char*> kLocales[] = {
      {"en-US", "English (United States)"}, {"en-GB", "English (United Kingdom)"}, {"fr-FR", "Fran\u00e7ais (France)"},
      {"de-DE", "Deutsch (Deutschland)"},   {"es-ES", "Espa\u00f1ol (Espa\u00f1a)"}, {"it-IT", "Italiano (Italia)"}};

  static void languages(Ui& ui, Phone& phone) {
    ui.top_bar("settings.languages.title", "Languages", true);
    ui.begin_scroll("settings.languages.list", {0, ui.cursor_y(), Ui::kWidthDp, Ui::content_area().b}, phone.page_pointer() + "/scroll");
    const std::string current = phone.state()["os"].value("locale", "en-US");
    for (const auto& [code, name] : kLocales) {
      const std::string c = code;
      ui.list_row("settings.locale." + c, name, c, c == current ? "check" : "", [c](Phone& p) {
        p.mutable_state()["os"]["locale"] = c;
        p.back();
      });
    }
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("settings", SettingsApp);
}  // namespace pg
