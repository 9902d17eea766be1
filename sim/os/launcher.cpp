// The launcher: home screen and app drawer.
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/os/theme.hpp"
#include "sim/ui/dark.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/text.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

namespace pg {

using json = nlohmann::json;

namespace {

std::uint32_t app_color(const App* app) {
  return static_cast<std::uint32_t>(std::stoul(app->manifest().value("color", "#6750A4").substr(1), nullptr, 16));
}

/// One app icon (56 dp, in the theme's icon shape, label below) centred at (cx, cy); records a
/// launcher node. Themed icons are the accent's container tone with a dark glyph (Android 13).
/// `over_wallpaper`: the label keeps `label_rgb` in the dark theme (it was chosen for the wallpaper).
void app_icon(Ui& ui, App* app, float cx, float cy, float cell_w, std::uint32_t label_rgb, const std::string& id_prefix,
              const json& theme, bool over_wallpaper = false) {
  const std::string shape = theme.value("icon_shape", "circle");
  const bool themed = theme.value("themed_icons", false);
  {
    // An app's icon keeps its colours in the dark theme; a themed icon takes the dark scheme's
    // container and glyph tones, as Android 13's do.
    std::optional<ContentColours> keep;
    if (!themed) keep.emplace();
    draw_icon_shape(ui, shape, cx, cy + 1.5f, 28, 0x000000, 0.18f);
    draw_icon_shape(ui, shape, cx, cy, 28, themed ? color::kPrimaryContainer : app_color(app));
    ui.icon(cx, cy, app->manifest().value("icon", "apps"), Font::IconLarge, themed ? color::kOnPrimaryContainer : 0xFFFFFF);
  }
  {
    std::optional<ContentColours> keep;
    if (over_wallpaper) keep.emplace();
    ui.text_centered(cx - cell_w / 2, cx + cell_w / 2, cy + 34, app->name(), Font::Body, label_rgb);
  }
  Node& n = ui.node(id_prefix + app->id(), "android.widget.TextView", {cx - cell_w / 2 + 4, cy - 32, cx + cell_w / 2 - 4, cy + 54});
  n.text = app->name();
  n.desc = app->name();
  n.clickable = true;
  const std::string id = app->id();
  n.on_click = [id](Phone& p) {
    p.mutable_os()["launcher"]["drawer_open"] = false;
    p.open_app(id);
  };
}


void draw_drawer(Ui& ui, Phone& phone) {
  const json theme = current_theme(phone);
  ui.fill({0, 0, Ui::width_dp(), Ui::height_dp()}, color::kSurface);
  const Rect area = Ui::content_area();
  ui.text_field("launcher.search", {16, area.t + 12, Ui::width_dp() - 16, area.t + 68}, "Search apps", "/os/launcher/query",
                "Search your phone and more");
  const std::string q = lower(phone.os()["launcher"].value("query", ""));
  std::vector<App*> apps;
  for (App* a : AppRegistry::instance().apps())
    if (q.empty() || lower(a->name()).find(q) != std::string::npos) apps.push_back(a);
  std::sort(apps.begin(), apps.end(), [](App* a, App* b) { return a->name() < b->name(); });
  ui.begin_scroll("launcher.drawer", {0, area.t + 84, Ui::width_dp(), area.b}, "/os/launcher/drawer_scroll");
  const float cell_w = Ui::width_dp() / 4;
  for (std::size_t i = 0; i < apps.size(); ++i) {
    const float cx = cell_w * (static_cast<float>(i % 4) + 0.5f);
    const float cy = area.t + 84 + 100 * static_cast<float>(i / 4) + 40;
    app_icon(ui, apps[i], cx, cy, cell_w, color::kOnSurface, "launcher.drawer.", theme);
  }
  if (apps.empty()) ui.text_centered(0, Ui::width_dp(), area.t + 140, "No apps match \"" + q + "\"", Font::BodyLarge, color::kOnSurfaceVariant);
  ui.advance(100 * static_cast<float>((apps.size() + 3) / 4) + 40);
  ui.end_scroll();
}

}  // namespace

namespace {

constexpr int kColumns = 4;
constexpr int kFirstPageIcons = 8;  // two rows under the clock widget
constexpr int kPageIcons = 20;      // five rows

/// Apps on the home pages (in launcher order) and in the dock (manifest "dock": true, up to 4).
void home_layout(std::vector<App*>& pages, std::vector<App*>& dock) {
  for (App* a : AppRegistry::instance().apps()) {
    if (a->manifest().value("dock", false) && dock.size() < 4) dock.push_back(a);
    else pages.push_back(a);
  }
}

}  // namespace

int launcher_pages() {
  std::vector<App*> pages, dock;
  home_layout(pages, dock);
  const int n = static_cast<int>(pages.size());
  return n <= kFirstPageIcons ? 1 : 1 + (n - kFirstPageIcons + kPageIcons - 1) / kPageIcons;
}

namespace {
/// The home screen over the wallpaper: clock, app icons, page dots and dock, all in the
/// wallpaper's colours (the dark theme leaves them as they are, as Android's launcher does).
void draw_home(Ui& ui, Phone& phone, const json& launcher) {
  const json theme = current_theme(phone);
  const std::string wallpaper = theme.value("wallpaper", "dusk");
  draw_wallpaper(ui, wallpaper, {0, 0, Ui::width_dp(), Ui::height_dp()});
  const std::uint32_t on_wallpaper = wallpaper_is_light(wallpaper) ? color::kOnSurface : 0xFFFFFF;
  std::vector<App*> apps, dock;
  home_layout(apps, dock);
  const int page = std::min(launcher.value("page", 0), launcher_pages() - 1);
  const float cell_w = Ui::width_dp() / kColumns;
  std::size_t first = 0, count = kFirstPageIcons;
  float top = 360;
  if (page == 0) {
    ContentColours keep;
    const std::int64_t local = phone.local_time_ms();
    ui.text_centered(0, Ui::width_dp(), 96, phone.format_time(local), Font::Display, on_wallpaper);
    ui.text_centered(0, Ui::width_dp(), 176, format_date_long(local), Font::BodyLarge, on_wallpaper);
    ui.node("launcher.clock", "android.widget.TextClock", {60, 96, 300, 200}).text = phone.format_time(local);
  } else {
    first = kFirstPageIcons + static_cast<std::size_t>(page - 1) * kPageIcons;
    count = kPageIcons;
    top = 60;
  }
  for (std::size_t i = first; i < apps.size() && i < first + count; ++i) {
    const std::size_t k = i - first;
    const float cx = cell_w * (static_cast<float>(k % kColumns) + 0.5f);
    const float cy = top + 100 * static_cast<float>(k / kColumns) + 28;
    app_icon(ui, apps[i], cx, cy, cell_w, on_wallpaper, "launcher.app.", theme, true);
  }
  const float dock_y = Ui::height_dp() - Ui::nav_bar_dp() - 176;
  const int pages = launcher_pages();
  if (pages > 1) {  // page indicator
    ContentColours keep;
    for (int p = 0; p < pages; ++p)
      ui.circle(Ui::width_dp() / 2 + (static_cast<float>(p) - (pages - 1) / 2.0f) * 16, dock_y - 16, p == page ? 4.f : 3.f,
                on_wallpaper, p == page ? 1.f : 0.5f);
    ui.node("launcher.pages", "android.widget.PageIndicator", {100, dock_y - 24, 260, dock_y - 8}).desc =
        "Page " + std::to_string(page + 1) + " of " + std::to_string(pages);
  }
  for (std::size_t i = 0; i < dock.size(); ++i)
    app_icon(ui, dock[i], cell_w * (static_cast<float>(i) + 0.5f), dock_y + 28, cell_w, on_wallpaper, "launcher.app.",
             theme, true);
}
}  // namespace

void draw_launcher(Ui& ui, Phone& phone) {
  const json& launcher = phone.os()["launcher"];
  if (launcher.value("drawer_open", false)) return draw_drawer(ui, phone);
  draw_home(ui, phone, launcher);
  // The dock's search bar (a surface: dark in the dark theme) opens the app drawer with its search
  // field focused.
  Rect bar{16, Ui::height_dp() - Ui::nav_bar_dp() - 72, Ui::width_dp() - 16, Ui::height_dp() - Ui::nav_bar_dp() - 24};
  ui.fill(bar, 0xFFFFFF, 24, 0.9f);
  ui.icon(bar.l + 28, (bar.t + bar.b) / 2, "search", Font::Icon, color::kOnSurfaceVariant);
  ui.text(bar.l + 52, bar.t + 14, "Search", Font::BodyLarge, color::kOnSurfaceVariant);
  Node& n = ui.node("launcher.search_bar", "android.widget.TextView", bar);
  n.text = "Search";
  n.clickable = true;
  n.on_click = [](Phone& p) {
    json& l = p.mutable_os()["launcher"];
    l["drawer_open"] = true;
    l["query"] = "";
    l["drawer_scroll"] = 0;
    p.focus("launcher.search", "/os/launcher/query");
  };
}


}  // namespace pg
