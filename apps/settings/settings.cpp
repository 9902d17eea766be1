// Settings: the main list and its pages. Every switch and slider writes Android's settings in
// os.settings (global: Wi-Fi, Bluetooth, airplane mode, Do Not Disturb, Battery Saver; system:
// brightness, volumes, clock format; secure: dark theme), os.permissions (an app's permissions),
// os.timezone / os.locale (date & time, languages). The overlay apps.settings only remembers
// which app the "App info" page shows.
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/dark.hpp"
#include "sim/ui/font_scale.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/hash.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "settings";

// ---- reading and writing os.settings (absent keys read as Android's defaults) ----

const json& ns(const Phone& p, const char* space) { return object_member(p.os()["settings"], space); }
bool global(const Phone& p, const char* key) { return ns(p, "global").value(key, false); }
void set_global(Phone& p, const char* key, bool v) { p.mutable_os()["settings"]["global"][key] = v; }
int system_int(const Phone& p, const char* key, int def) {
  const json& s = ns(p, "system");
  auto it = s.find(key);
  return it != s.end() && it->is_number_integer() ? it->get<int>() : def;
}
void set_system(Phone& p, const char* key, int v) { p.mutable_os()["settings"]["system"][key] = v; }

std::string percent_of(int v, int max) { return std::to_string((v * 100 + max / 2) / max) + "%"; }

// ---- apps and permissions ----

/// "android.permission.CAMERA" -> "CAMERA" (os.permissions keys are short names).
std::string short_permission(std::string p) {
  const std::string prefix = "android.permission.";
  if (p.rfind(prefix, 0) == 0) p = p.substr(prefix.size());
  return p;
}

/// The name Android's permission controller shows for a permission.
std::string permission_label(const std::string& perm) {
  static const std::map<std::string, std::string> kLabels = {
      {"POST_NOTIFICATIONS", "Notifications"}, {"CAMERA", "Camera"},           {"RECORD_AUDIO", "Microphone"},
      {"ACCESS_FINE_LOCATION", "Location"},    {"ACCESS_COARSE_LOCATION", "Location (approximate)"},
      {"READ_CONTACTS", "Contacts"},           {"WRITE_CONTACTS", "Contacts (edit)"},
      {"CALL_PHONE", "Phone"},                 {"READ_PHONE_STATE", "Phone status"},
      {"READ_CALL_LOG", "Call logs"},          {"SEND_SMS", "SMS"},             {"READ_SMS", "SMS (read)"},
      {"RECEIVE_SMS", "SMS (receive)"},        {"READ_MEDIA_IMAGES", "Photos and videos"},
      {"READ_MEDIA_VIDEO", "Videos"},          {"READ_MEDIA_AUDIO", "Music and audio"},
      {"READ_CALENDAR", "Calendar"},           {"WRITE_CALENDAR", "Calendar (edit)"},
      {"READ_EXTERNAL_STORAGE", "Files"},      {"BLUETOOTH_CONNECT", "Nearby devices"},
      {"BODY_SENSORS", "Body sensors"},        {"ACTIVITY_RECOGNITION", "Physical activity"}};
  auto it = kLabels.find(perm);
  if (it != kLabels.end()) return it->second;
  std::string s;  // CUSTOM_THING -> "Custom thing"
  for (char c : perm) s += c == '_' ? ' ' : static_cast<char>(s.empty() ? c : std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// An app's permissions: its manifest's, then any others os.permissions records, each once.
std::vector<std::string> app_permissions(const Phone& p, const App& app) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const json& m : app.manifest().value("permissions", json::array()))
    if (m.is_string() && seen.insert(short_permission(m)).second) out.push_back(short_permission(m));
  const json& perms = p.os()["permissions"];
  if (perms.contains(app.id()))
    for (auto& [k, _] : perms[app.id()].items())
      if (seen.insert(k).second) out.push_back(k);
  return out;
}

/// Deterministic storage sizes (MB): media categories are fixed, an app's size comes from its id.
int app_size_mb(const std::string& id) {
  return 40 + static_cast<int>(fnv1a32(id) % 360);
}
constexpr int kStorageTotalMb = 128000;
struct StorageCategory {
  const char* id;
  const char* name;
  const char* icon;
  int mb;  // -1: the sum of the installed apps
};
constexpr StorageCategory kStorage[] = {{"apps", "Apps", "apps", -1},
                                        {"images", "Images", "image", 5320},
                                        {"videos", "Videos", "movie", 9870},
                                        {"audio", "Audio", "audiotrack", 1240},
                                        {"documents", "Documents & other", "description", 2150},
                                        {"system", "System", "android", 14300},
                                        {"trash", "Trash", "delete", 310}};
int category_mb(const StorageCategory& c) {
  if (c.mb >= 0) return c.mb;
  int sum = 0;
  for (App* a : AppRegistry::instance().apps()) sum += app_size_mb(a->id());
  return sum;
}
int storage_used_mb() {
  int used = 0;
  for (const StorageCategory& c : kStorage) used += category_mb(c);
  return used;
}
/// 1234 MB -> "1.2 GB", 310 MB -> "310 MB" (decimal units, as Android's storage page).
std::string size_text(int mb) {
  if (mb < 1000) return std::to_string(mb) + " MB";
  char b[32];
  std::snprintf(b, sizeof b, "%d.%d GB", mb / 1000, (mb % 1000) / 100);
  return b;
}

class SettingsApp : public App {
 public:
  SettingsApp() {
    add_page("main", main);
    add_page("network", network);
    add_page("connected_devices", connected_devices);
    add_page("apps", apps);
    add_page("app_info", app_info);
    add_page("display", display);
    add_page("sound", sound);
    add_page("battery", battery);
    add_page("storage", storage);
    add_page("about", about);
    add_page("system", system);
    add_page("date_time", date_time);
    add_page("time_zone", time_zone);
    add_page("languages", languages);
  }

  /// Settings intents open their page from the main list: WIFI_SETTINGS, BLUETOOTH_SETTINGS,
  /// DISPLAY_SETTINGS, SOUND_SETTINGS, DATE_SETTINGS, and APPLICATION_DETAILS_SETTINGS with
  /// data "package:<package>" (that app's App info).
  void on_intent(Phone& phone, const json& intent) override {
    static const std::map<std::string, std::vector<std::string>> kRoutes = {
        {"android.settings.WIFI_SETTINGS", {"open_network"}},
        {"android.settings.BLUETOOTH_SETTINGS", {"open_connected_devices"}},
        {"android.settings.DISPLAY_SETTINGS", {"open_display"}},
        {"android.settings.SOUND_SETTINGS", {"open_sound"}},
        {"android.settings.DATE_SETTINGS", {"open_system", "open_date_time"}},
        {"android.settings.APPLICATION_DETAILS_SETTINGS", {"open_apps", "open_app_info"}}};
    auto route = kRoutes.find(intent.value("action", ""));
    if (route == kRoutes.end()) return;
    if (route->first == "android.settings.APPLICATION_DETAILS_SETTINGS") {
      std::string pkg = intent.value("data", "");
      if (pkg.rfind("package:", 0) == 0) pkg = pkg.substr(8);
      std::string id;
      for (App* a : AppRegistry::instance().apps())
        if (a->manifest().value("package", "") == pkg || a->id() == pkg) id = a->id();
      if (id.empty()) return phone.toast("App not found");
      own_state(phone, kApp)["app_info"] = id;
    }
    // Back to the main list first (the task may be on another page), then down to the target.
    for (int i = 0; i < 8 && phone.current_page() != entry_page(); ++i) phone.back();
    if (phone.foreground() != id() || phone.current_page() != entry_page()) return;
    for (const std::string& t : route->second) phone.navigate(t);
  }

 private:
  // ------------------------------------------------------------------ main list
  static void main(Ui& ui, Phone& phone) {
    Rect area = Ui::content_area();
    ui.text(24, area.t + 40, "Settings", Font::Headline, color::kOnSurface);
    ui.label("settings.title", {24, area.t + 36, 200, area.t + 76}, "Settings");
    // Search field (decorative in this version).
    Rect search{16, area.t + 96, Ui::width_dp() - 16, area.t + 144};
    ui.fill(search, color::kSurfaceContainer, 24);
    ui.icon(search.l + 28, (search.t + search.b) / 2, "search", Font::Icon, color::kOnSurfaceVariant);
    ui.text(search.l + 56, search.t + 15, "Search settings", Font::BodyLarge, color::kOnSurfaceVariant);
    ui.begin_scroll("settings.list", {0, area.t + 160, Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    const bool airplane = global(phone, "airplane_mode_on"), wifi = global(phone, "wifi_on");
    std::string net = airplane ? "Airplane mode is on" : (wifi ? "Wi-Fi is on" : "Wi-Fi, mobile, data usage");
    ui.list_row("settings.network", "Network & internet", net, "wifi", [](Phone& p) { p.navigate("open_network"); });
    ui.list_row("settings.connected_devices", "Connected devices",
                global(phone, "bluetooth_on") ? "Bluetooth is on" : "Bluetooth, pairing", "devices",
                [](Phone& p) { p.navigate("open_connected_devices"); });
    ui.list_row("settings.apps", "Apps", "Installed apps, permissions", "apps", [](Phone& p) { p.navigate("open_apps"); });
    const json& bat = phone.os()["battery"];
    ui.list_row("settings.battery", "Battery",
                std::to_string(bat.value("level", 0)) + "%" +
                    (bat.value("charging", false) ? " - Charging" : global(phone, "low_power") ? " - Battery Saver on" : ""),
                "battery_full", [](Phone& p) { p.navigate("open_battery"); });
    const int used = storage_used_mb();
    ui.list_row("settings.storage", "Storage",
                percent_of(used, kStorageTotalMb) + " used - " + size_text(kStorageTotalMb - used) + " free", "storage",
                [](Phone& p) { p.navigate("open_storage"); });
    ui.list_row("settings.sound", "Sound & vibration",
                global(phone, "zen_mode_on") ? "Do Not Disturb is on" : "Volume, haptics, Do Not Disturb", "volume_up",
                [](Phone& p) { p.navigate("open_sound"); });
    ui.list_row("settings.display", "Display", dark_theme_setting(phone.os()) ? "Dark theme is on" : "Dark theme, brightness",
                "brightness_6", [](Phone& p) { p.navigate("open_display"); });
    ui.list_row("settings.system", "System", "Languages, time, date", "info", [](Phone& p) { p.navigate("open_system"); });
    ui.list_row("settings.about", "About phone", "PhoneGym", "phone_android", [](Phone& p) { p.navigate("open_about"); });
    ui.end_scroll();
  }

  static void begin_page(Ui& ui, Phone& phone, const std::string& name, const std::string& title) {
    ui.top_bar("settings." + name + ".title", title, true);
    ui.begin_scroll("settings." + name + ".list", {0, ui.cursor_y(), Ui::width_dp(), Ui::content_area().b},
                    phone.page_pointer() + "/scroll");
  }

  // ------------------------------------------------------------------ network, Bluetooth
  static void network(Ui& ui, Phone& phone) {
    begin_page(ui, phone, "network", "Network & internet");
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
    begin_page(ui, phone, "connected_devices", "Connected devices");
    const bool bt = global(phone, "bluetooth_on");
    ui.switch_row("settings.bluetooth", "Bluetooth", bt ? "Visible as \"PhoneGym\"" : "Off", "bluetooth", bt,
                  [](Phone& p) { set_global(p, "bluetooth_on", !global(p, "bluetooth_on")); });
    ui.list_row("settings.pair", "Pair new device", "", "add", nullptr);
    ui.end_scroll();
  }

  // ------------------------------------------------------------------ apps
  static std::vector<App*> apps_by_name() {
    std::vector<App*> list = AppRegistry::instance().apps();
    std::stable_sort(list.begin(), list.end(), [](App* a, App* b) { return a->name() < b->name(); });
    return list;
  }

  static void apps(Ui& ui, Phone& phone) {
    begin_page(ui, phone, "apps", "Apps");
    const std::vector<App*> list = apps_by_name();
    ui.section_header("All apps (" + std::to_string(list.size()) + ")");
    for (App* a : list) {
      const std::string id = a->id();
      ui.list_row("settings.app." + id, a->name(), size_text(app_size_mb(id)), a->manifest().value("icon", "apps"),
                  [id](Phone& p) {
                    own_state(p, kApp)["app_info"] = id;
                    p.navigate("open_app_info");
                  });
    }
    ui.end_scroll();
  }

  static void app_info(Ui& ui, Phone& phone) {
    begin_page(ui, phone, "app_info", "App info");
    const std::string id = own_state(phone, kApp).value("app_info", "");
    App* app = AppRegistry::instance().find(id);
    if (!app || app->id() != id) {
      ui.text(16, ui.cursor_y() + 16, "App not found", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.advance(56);
      ui.end_scroll();
      return;
    }
    // Header: the launcher's coloured circle, the name, the package.
    const float y = ui.cursor_y() + 8;
    const std::string hex = app->manifest().value("color", "#5B6E7A");
    const std::uint32_t rgb = hex.size() == 7 ? static_cast<std::uint32_t>(std::stoul(hex.substr(1), nullptr, 16)) : 0x5B6E7A;
    ui.circle(Ui::width_dp() / 2, y + 32, 32, rgb);
    ui.icon(Ui::width_dp() / 2, y + 32, app->manifest().value("icon", "apps"), Font::IconLarge, 0xFFFFFF);
    ui.text_centered(16, Ui::width_dp() - 16, y + 76, app->name(), Font::Title, color::kOnSurface);
    ui.label("settings.app_info.name", {16, y + 72, Ui::width_dp() - 16, y + 104}, app->name());
    const std::string pkg = app->manifest().value("package", id);
    ui.text_centered(16, Ui::width_dp() - 16, y + 106, pkg, Font::Body, color::kOnSurfaceVariant);
    ui.set_cursor(y + 136);
    // Open / Force stop.
    const float by = ui.cursor_y();
    ui.fill({24, by, 172, by + 48}, color::kSurfaceContainer, 16);
    ui.button("settings.app_info.open", {24, by, 172, by + 48}, "Open", false,
              [id](Phone& p) { p.start_intent({{"app", id}}); });
    ui.fill({188, by, 336, by + 48}, color::kSurfaceContainer, 16);
    ui.button("settings.app_info.force_stop", {188, by, 336, by + 48}, "Force stop", false, [id](Phone& p) {
      if (id != "settings") p.finish_task(id);  // closes the app's task (it restarts at its entry page)
    });
    ui.set_cursor(by + 64);
    ui.section_header("Permissions");
    const std::vector<std::string> perms = app_permissions(phone, *app);
    if (perms.empty()) {
      ui.list_row("settings.app_info.no_permissions", "No permissions requested", "", "", nullptr);
    }
    for (const std::string& perm : perms) {
      const std::string st = phone.permission(id, perm);
      ui.switch_row("settings.app_info.permission." + perm, permission_label(perm),
                    st == "granted" ? "Allowed" : st == "denied" ? "Not allowed" : "Not asked yet", "", st == "granted",
                    [id, perm](Phone& p) {
                      p.mutable_os()["permissions"][id][perm] =
                          p.permission(id, perm) == "granted" ? "denied" : "granted";
                    });
    }
    ui.list_row("settings.app_info.version", "Version", app->manifest().value("version", "1.0"), "", nullptr);
    ui.list_row("settings.app_info.storage", "Storage", size_text(app_size_mb(id)) + " used in internal storage", "",
                nullptr);
    ui.end_scroll();
  }

  // ------------------------------------------------------------------ display, sound
  static void display(Ui& ui, Phone& phone) {
    begin_page(ui, phone, "display", "Display");
    ui.section_header("Brightness");
    const int b = system_int(phone, "screen_brightness", 128);
    float y = ui.cursor_y();
    ui.text(16, y, "Brightness level", Font::BodyLarge, color::kOnSurface);
    ui.text(Ui::width_dp() - 16 - ui.text_width(percent_of(b, 255), Font::Body), y + 2, percent_of(b, 255), Font::Body,
            color::kOnSurfaceVariant);
    ui.icon(28, y + 52, "brightness_low", Font::Icon, color::kOnSurfaceVariant);
    ui.icon(Ui::width_dp() - 28, y + 52, "brightness_high", Font::Icon, color::kOnSurfaceVariant);
    ui.slider("settings.brightness", 64, Ui::width_dp() - 64, y + 52, b, 255, "Brightness level",
              [](Phone& p, int v) { set_system(p, "screen_brightness", v); });
    ui.advance(88);
    ui.section_header("Appearance");
    const bool dark = dark_theme_setting(phone.os());
    ui.switch_row("settings.dark_theme", "Dark theme", dark ? "On" : "Off", "dark_mode", dark, [](Phone& p) {
      p.mutable_os()["settings"]["secure"]["ui_night_mode"] = dark_theme_setting(p.os()) ? 1 : 2;
    });
    ui.end_scroll();
  }

  static void volume_slider(Ui& ui, Phone& phone, const std::string& id, const char* key, const std::string& title,
                            const std::string& icon, int def) {
    const int v = system_int(phone, key, def);
    const float y = ui.cursor_y();
    ui.text(56, y + 8, title, Font::BodyLarge, color::kOnSurface);
    ui.icon(28, y + 44, v == 0 ? "volume_off" : icon, Font::Icon, color::kOnSurfaceVariant);
    ui.text(Ui::width_dp() - 16 - ui.text_width(std::to_string(v), Font::Body), y + 10, std::to_string(v), Font::Body,
            color::kOnSurfaceVariant);
    ui.slider("settings.volume." + id, 68, Ui::width_dp() - 28, y + 44, v, 15, title,
              [key = std::string(key)](Phone& p, int nv) { set_system(p, key.c_str(), nv); });
    ui.advance(76);
  }

  static void sound(Ui& ui, Phone& phone) {
    begin_page(ui, phone, "sound", "Sound & vibration");
    volume_slider(ui, phone, "media", "volume_music", "Media volume", "music_note", 8);
    volume_slider(ui, phone, "ring", "volume_ring", "Ring & notification volume", "ring_volume", 11);
    volume_slider(ui, phone, "alarm", "volume_alarm", "Alarm volume", "alarm", 12);
    const bool dnd = global(phone, "zen_mode_on");
    ui.switch_row("settings.dnd", "Do Not Disturb", dnd ? "On" : "Off", "do_not_disturb_on", dnd,
                  [](Phone& p) { set_global(p, "zen_mode_on", !global(p, "zen_mode_on")); });
    ui.end_scroll();
  }

  // ------------------------------------------------------------------ battery, storage, about
  static void battery(Ui& ui, Phone& phone) {
    begin_page(ui, phone, "battery", "Battery");
    const json& bat = phone.os()["battery"];
    const int level = std::clamp(bat.value("level", 0), 0, 100);
    const bool charging = bat.value("charging", false), saver = global(phone, "low_power");
    float y = ui.cursor_y() + 8;
    const std::string pct = std::to_string(level) + "%";
    ui.text(24, y, pct, Font::Display, color::kOnSurface);
    ui.label("settings.battery.level", {24, y, 24 + ui.text_width(pct, Font::Display), y + 48}, pct);
    // Remaining time: 18 min per percent, 27 with Battery Saver (deterministic).
    const int minutes = level * (saver ? 27 : 18);
    const std::string left = charging ? "Charging" : "About " + std::to_string(minutes / 60) + " hr " +
                                                         std::to_string(minutes % 60) + " min left";
    // Large text pushes the rest down (font scale).
    const float g_pct = font_growth(ui, Font::Display), g = g_pct + font_growth(ui, Font::Body);
    ui.text(24, y + 56 + g_pct, left, Font::Body, color::kOnSurfaceVariant);
    Rect bar{24, y + 88 + g, Ui::width_dp() - 24, y + 100 + g};
    ui.fill(bar, color::kSurfaceVariant, 6);
    ui.fill({bar.l, bar.t, bar.l + bar.w() * static_cast<float>(level) / 100.f, bar.b},
            level <= 15 ? color::kError : color::kPrimary, 6);
    ui.set_cursor(y + 116 + g);
    ui.switch_row("settings.battery_saver", "Battery Saver", saver ? "On" : "Off", "battery_saver", saver,
                  [](Phone& p) { set_global(p, "low_power", !global(p, "low_power")); });
    ui.list_row("settings.battery.usage", "Battery usage", "Since last full charge", "", nullptr);
    ui.end_scroll();
  }

  static void storage(Ui& ui, Phone& phone) {
    begin_page(ui, phone, "storage", "Storage");
    const int used = storage_used_mb();
    float y = ui.cursor_y() + 8;
    const std::string u = size_text(used);
    const float w = ui.text(24, y, u, Font::Headline, color::kOnSurface);
    ui.text(24 + w + 8, y + 10, "used of 128 GB", Font::Body, color::kOnSurfaceVariant);
    ui.label("settings.storage.used", {24, y, Ui::width_dp() - 24, y + 36}, u + " used of 128 GB");
    // One bar, a segment per category.
    Rect bar{24, y + 48, Ui::width_dp() - 24, y + 60};
    ui.fill(bar, color::kSurfaceVariant, 6);
    float x = bar.l;
    const std::uint32_t shades[] = {color::kPrimary, 0x00897B, 0xF57C00, 0x1E88E5, 0xD81B60, 0x757575, 0x8D6E63};
    int k = 0;
    for (const StorageCategory& c : kStorage) {
      const float seg = bar.w() * static_cast<float>(category_mb(c)) / kStorageTotalMb;
      ui.fill({x, bar.t, x + seg, bar.b}, shades[k++ % 7]);
      x += seg;
    }
    ui.set_cursor(y + 76);
    k = 0;
    for (const StorageCategory& c : kStorage) {  // a dot in the bar's colour at the end of each row
      ui.circle(Ui::width_dp() - 28, ui.cursor_y() + 36, 6, shades[k++ % 7]);
      ui.list_row(std::string("settings.storage.") + c.id, c.name, size_text(category_mb(c)), c.icon, nullptr);
    }
    ui.end_scroll();
  }

  static void about(Ui& ui, Phone& phone) {
    begin_page(ui, phone, "about", "About phone");
    for (auto [id, title, value] : {std::tuple{"settings.about.device_name", "Device name", "PhoneGym"},
                                    std::tuple{"settings.about.model", "Model", "PhoneGym"},
                                    std::tuple{"settings.about.phone_number", "Phone number", "+1 555-0100"},
                                    std::tuple{"settings.about.android_version", "Android version", "14"},
                                    std::tuple{"settings.about.security_update", "Android security update", "January 1, 2026"},
                                    std::tuple{"settings.about.build_number", "Build number", "PG1A.260101.001"}})
      ui.list_row(id, title, value, "", nullptr);
    ui.end_scroll();
  }

  // ------------------------------------------------------------------ system, date & time, languages
  static void system(Ui& ui, Phone& phone) {
    begin_page(ui, phone, "system", "System");
    ui.list_row("settings.languages", "Languages", language_name(phone.os().value("locale", "en-US")), "language",
                [](Phone& p) { p.navigate("open_languages"); });
    ui.list_row("settings.date_time", "Date & time", "GMT" + offset_text(phone.os().value("timezone_offset_min", 0)),
                "access_time", [](Phone& p) { p.navigate("open_date_time"); });
    ui.end_scroll();
  }

  static void date_time(Ui& ui, Phone& phone) {
    begin_page(ui, phone, "date_time", "Date & time");
    const json& os = phone.os();
    ui.switch_row("settings.auto_time", "Set time automatically", "Use network-provided time", "schedule",
                  global(phone, "auto_time"), [](Phone& p) { set_global(p, "auto_time", !global(p, "auto_time")); });
    const bool auto_zone = global(phone, "auto_time_zone");
    ui.switch_row("settings.auto_time_zone", "Set time zone automatically", "Use location or network", "public", auto_zone,
                  [](Phone& p) { set_global(p, "auto_time_zone", !global(p, "auto_time_zone")); });
    // While the zone is automatic the manual choice is disabled (nav.json guards the transition).
    ui.list_row("settings.time_zone", "Time zone", os.value("timezone", "UTC") + " (GMT" + offset_text(os.value("timezone_offset_min", 0)) + ")",
                "public", [](Phone& p) { p.navigate("open_time_zone"); });
    if (auto_zone)
      for (auto& n : ui.nodes())
        if (n.id == "settings.time_zone") {
          n.enabled = false;
          ui.fill({Ui::to_dp(n.bounds.l), Ui::to_dp(n.bounds.t), Ui::to_dp(n.bounds.r), Ui::to_dp(n.bounds.b)}, color::kSurface, 0, 0.6f);  // greyed out
        }
    const bool h24 = ns(phone, "system").value("time_12_24", "24") == "24";
    ui.switch_row("settings.use_24_hour", "Use 24-hour format", h24 ? "13:00" : "1:00 PM", "access_time", h24, [](Phone& p) {
      json& sys = p.mutable_os()["settings"]["system"];
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
    begin_page(ui, phone, "time_zone", "Time zone");
    const std::string current = phone.os().value("timezone", "UTC");
    for (const Zone& z : kZones) {
      const std::string zid = z.id;
      const int off = z.offset_min;
      ui.list_row("settings.time_zone." + zid, z.city, zid + "  GMT" + offset_text(off), zid == current ? "check" : "",
                  [zid, off](Phone& p) {
                    json& os = p.mutable_os();
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
    begin_page(ui, phone, "languages", "Languages");
    const std::string current = phone.os().value("locale", "en-US");
    for (const auto& [code, name] : kLocales) {
      const std::string c = code;
      ui.list_row("settings.locale." + c, name, c, c == current ? "check" : "", [c](Phone& p) {
        p.mutable_os()["locale"] = c;
        p.back();
      });
    }
    ui.end_scroll();
  }
};

}  // namespace
PG_REGISTER_APP("settings", SettingsApp);
}  // namespace pg
