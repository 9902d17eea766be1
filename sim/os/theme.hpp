// The phone's theme, owned by the OS (state os.theme): an accent colour that recolours the
// Material palette (Material You's dynamic colour), a home-screen wallpaper, the launcher's icon
// shape and themed (monochrome) icons. The Themes app applies it; the launcher and every page
// drawn with the baseline Material tokens (color::k*) follow it. docs/apps/themes.md, docs/state.md.
#pragma once

#include "sim/ui/ui.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace pg {

class Phone;

/// A built-in wallpaper: drawn procedurally (no image files), so the page and the native host
/// draw the same pixels. `light`: dark launcher labels read better on it.
struct WallpaperInfo {
  std::string id, name;
  std::uint32_t top, bottom;  ///< the gradient's colours (its swatch in pickers)
  bool light;
};

/// The built-in wallpapers, "dusk" (the default) first.
const std::vector<WallpaperInfo>& wallpapers();

/// Whether wallpaper `id` is light (dark labels and status bar over it); false for an unknown id.
bool wallpaper_is_light(const std::string& id);

/// The icon shapes the launcher draws behind app glyphs.
const std::vector<std::string>& icon_shapes();

/// The theme in effect: os.theme over the defaults {"accent": "" (the baseline purple palette),
/// "wallpaper": "dusk", "icon_shape": "circle", "themed_icons": false}.
nlohmann::json current_theme(const Phone& phone);

/// Changes os.theme by `patch` (any of accent "#RRGGBB" or "", wallpaper id, icon_shape,
/// themed_icons). Throws std::invalid_argument naming the bad key or value (nothing changes then).
void apply_theme(Phone& phone, const nlohmann::json& patch);

/// Draws wallpaper `id` scaled into `r` (dp): the launcher full screen, pickers as thumbnails.
/// An unknown id draws the default.
void draw_wallpaper(Ui& ui, const std::string& id, const Rect& r);

/// Draws an icon backdrop of `shape` (icon_shapes()) centred at (cx, cy), `radius` dp.
void draw_icon_shape(Ui& ui, const std::string& shape, float cx, float cy, float radius, std::uint32_t rgb,
                     float alpha = 1);

}  // namespace pg
