// The dark theme (Settings > Display > Dark theme: os.settings.secure.ui_night_mode, 1 off and 2
// on as Android's UiModeManager). Every colour a frame draws through Ui goes dark by Material 3's
// tone mapping (sim/ui/ui.cpp, night_colour); content that a real phone shows in its own colours
// (photos, album and book covers, product pictures, payment cards, QR codes, app icons, the
// wallpaper) is drawn inside a ContentColours scope. docs/state.md, docs/real-device.md.
#pragma once

#include <nlohmann/json.hpp>

namespace pg {

/// Whether the user's setting in the OS state `os` (a state's "os" object) is on: Settings' Dark
/// theme switch, os.settings.secure.ui_night_mode == 2.
bool dark_theme_setting(const nlohmann::json& os);

/// Whether `os` draws the dark theme: the user's setting, or the device's condition
/// (os.device.dark, which leaves the setting as it is).
bool dark_theme(const nlohmann::json& os);

/// While one lives, this thread's drawing keeps its own colours in the dark theme (the accent's
/// recolouring of the baseline tokens still applies). Nests.
class ContentColours {
 public:
  ContentColours();
  ~ContentColours();
  ContentColours(const ContentColours&) = delete;
  ContentColours& operator=(const ContentColours&) = delete;
};

}  // namespace pg
