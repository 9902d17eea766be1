// Text at the device's font scale (os.device.font_scale, Android's "Font size"): text sizes are in
// sp, so at a scale above 1 every line is taller and wider than the page's dp offsets assumed.
// Pages that stack lines at fixed offsets made for scale 1 move what follows a line down by
// font_growth(), as a wrap_content layout grows on Android. docs/real-device.md ("Device profiles").
#pragma once

#include "sim/ui/ui.hpp"

namespace pg {

/// The extra height (dp) a line of `f` takes at this frame's font scale over the same line at
/// scale 1: 0 at the default size, about 30% of a line at 1.3. Never negative (a scale below 1
/// keeps the page's offsets).
inline float font_growth(const Ui& ui, Font f) {
  const float s = Ui::screen().font_scale;
  return s > 1 ? ui.line_height(f) * (1 - 1 / s) : 0.f;
}

}  // namespace pg
