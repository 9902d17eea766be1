// The device a phone simulates (state os.device): screen size in pixels, density, font scale,
// display cutout and navigation mode, as named profiles after common phones or any valid mix. Layouts respond to it
// as Android's do (pages work in dp and sp, Ui::width_dp()/height_dp() come from it); normalized
// action coordinates still span the whole screen. Being OS state, a profile forks, resets and
// judges like everything else. docs/state.md ("os.device"), docs/real-device.md.
#pragma once

#include "sim/ui/ui.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace pg {

class Phone;

/// A named device profile. Densities are Android's dpi / 160 (e.g. 420 dpi = 2.625).
struct DeviceProfile {
  std::string name;         ///< e.g. "compact-720x1600"
  std::string description;  ///< one line for `phonegym profiles`
  Screen screen;            ///< its size, density, font scale, cutout and navigation mode
};

/// The named profiles, the nominal phone ("nominal", 1080x2400 at density 3) first. Each is a
/// phone people use: a small 720x1600 at 300 dpi, a 1080x2340 at 420 dpi, a 1440x3200 at 560 dpi
/// with a punch-hole cutout, a 1080x2280 at 420 dpi with a notch, a 1600x2560 tablet at 320 dpi, the nominal phone with its font
/// scale at 1.3 ("large text" in Android's settings), and the nominal phone with gesture
/// navigation. The others have Android's three navigation buttons.
const std::vector<DeviceProfile>& device_profiles();

/// The profile named `name`; throws std::invalid_argument listing the names when there is none.
const DeviceProfile& device_profile(const std::string& name);

/// os.device's value for a profile: {"profile", "width_px", "height_px", "density",
/// "font_scale", "cutout", "navigation"}.
nlohmann::json device_json(const DeviceProfile& p);

/// Checks an os.device value: an object with the keys above (all optional; absent ones take the
/// nominal phone's), width_px and height_px integers in 320..4096, density in 0.75..6, font_scale
/// in 0.85..2, cutout "none", "punch_hole" or "notch" (Cutout), navigation "buttons" or "gesture" (Screen::gesture_nav),
/// dark a boolean (the device draws the dark theme
/// whatever Settings say: a robustness condition, sim/ui/dark.hpp), locale one of date_locales()
/// (the device writes dates in that locale whatever os.locale says: a robustness condition,
/// sim/os/clock_format.hpp), and a screen at least 320x560
/// dp (Android's smallest phone layout). Throws std::invalid_argument naming the key and the
/// allowed values.
void validate_device(const nlohmann::json& device);

/// The screen of `phone` (its os.device, or the nominal phone's when os.device is absent).
Screen device_screen(const Phone& phone);

/// Puts the OS state `os` (a state's "os" object) under `device`: a profile name (string) or an
/// os.device object, validated first (std::invalid_argument, nothing changes then). "nominal"
/// removes os.device (the nominal phone is the default).
void set_device(nlohmann::json& os, const nlohmann::json& device);


}  // namespace pg
