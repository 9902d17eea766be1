// Native screenshots: build the phone's frame with ImGui and rasterize it with the CPU renderer,
// the same draw data the browser host hands to WebGL2 (web/main.cpp). Native builds only.
#pragma once

#include "sim/render/image.hpp"

namespace pg {

class Phone;

/// The phone's current screen as RGB: its own pixels when `full_size` (1080x2400 on the nominal
/// phone, its profile's size otherwise, sim/os/device.hpp), else the 270x600 observation
/// (pg::box_downscale by 4 of the full frame, exactly as the browser host makes it); with `som`,
/// the set-of-marks (sim/ui/a11y.hpp) drawn on top in the same frame, as the browser does. Uses
/// the process-wide ImGui context: not thread-safe. Throws std::runtime_error if a font is missing.
Image render_screen(Phone& phone, bool full_size, bool som = false);

}  // namespace pg
