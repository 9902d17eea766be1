// The system UI drawn around and over the apps: launcher (home screen, app drawer with search),
// on-screen keyboard, notification shade with quick settings, recents, and modal dialogs
// (alerts, runtime permissions, the intent chooser, the text-selection menu). Each is a function
// of the state that draws and records nodes like app pages do.
#pragma once

#include <cstdint>

namespace pg {

class Ui;
class Phone;

/// Home screen (clock widget, app icons, dock search bar) or, when os.launcher.drawer_open, the
/// app drawer (all apps alphabetically, filtered by os.launcher.query).
void draw_launcher(Ui& ui, Phone& phone);
/// Number of home screen pages (page 0 holds the clock widget and kFirstPageIcons icons, later
/// pages kPageIcons each; apps in the dock are not on the pages).
int launcher_pages();
/// The keyboard over the bottom of the screen while a text field is focused.
void draw_keyboard(Ui& ui, Phone& phone);
/// Height of the keyboard in dp (0 when hidden).
float keyboard_height_dp(const Phone& phone);
/// The keyboard panel's colour (Gboard's light grey); the gesture bar beneath an open keyboard too.
constexpr std::uint32_t kKeyboardBackground = 0xE8EAED;
/// The pulled-down shade: quick-settings tiles and notifications (over everything but the nav bar).
void draw_shade(Ui& ui, Phone& phone);
/// The recents screen: one card per task, most recent first.
void draw_recents(Ui& ui, Phone& phone);
/// The open dialog over a scrim that blocks the screen beneath.
void draw_dialog(Ui& ui, Phone& phone);

}  // namespace pg
