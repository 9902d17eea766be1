// Widgets the shared toolkit (sim/ui/ui.hpp) lacks, drawn with its primitives: a Material 3
// slider whose tap and sideways drag set an integer value from the touch point, and a section
// header. Candidates for sim/ui once a second app needs them.
#pragma once

#include "sim/os/phone.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <functional>
#include <string>

namespace pg::settings_ui {

/// The integer value (0..max) a touch at screen x `px` gives on a track spanning [l_dp, r_dp]:
/// proportional, rounded to the nearest step, clamped at the ends. Exact integer arithmetic.
inline int slider_value_at(int px, float l_dp, float r_dp, int max) {
  const int l = static_cast<int>(l_dp * 3), w = static_cast<int>((r_dp - l_dp) * 3);
  if (w <= 0 || max <= 0) return 0;
  const int v = ((px - l) * 2 * max + w) / (2 * w);
  return std::clamp(px < l ? 0 : v, 0, max);
}

/// A horizontal slider (android.widget.SeekBar node `id`, text = the value) with its track from
/// `l` to `r` dp centred at `y` dp. A tap on the track (or a sideways drag ending at a point) sets
/// the value proportionally and calls `set(phone, value)`. The node is 48 dp tall and reaches 12 dp
/// past each end of the track, so the ends are easy to hit.
inline void slider(Ui& ui, const std::string& id, float l, float r, float y, int value, int max,
                   const std::string& desc, std::function<void(Phone&, int)> set) {
  const float frac = max > 0 ? static_cast<float>(std::clamp(value, 0, max)) / static_cast<float>(max) : 0.f;
  const float tx = l + (r - l) * frac;
  ui.fill({l, y - 2, r, y + 2}, color::kSurfaceVariant, 2);
  ui.fill({l, y - 2, std::max(tx, l + 4), y + 2}, color::kPrimary, 2);
  ui.circle(tx, y, 10, color::kPrimary);
  Node& n = ui.node(id, "android.widget.SeekBar", {l - 12, y - 24, r + 12, y + 24});
  n.text = std::to_string(value);
  n.desc = desc;
  n.clickable = true;
  n.on_click = [l, r, max, set](Phone& p) { set(p, slider_value_at(p.pointer_x_px(), l, r, max)); };
}

/// A section title in the primary colour (e.g. "Permissions"), 48 dp tall at the list cursor.
inline void section_header(Ui& ui, const std::string& title) {
  ui.text(16, ui.cursor_y() + 20, title, Font::Label, color::kPrimary);
  ui.advance(48);
}

/// Draws `s` at (x, y), shortened with "..." to fit in `max_w` dp.
inline float text_fit(Ui& ui, float x, float y, const std::string& s, Font f, std::uint32_t rgb, float max_w) {
  return ui.text_fit(x, y, s, f, rgb, max_w);
}

}  // namespace pg::settings_ui
