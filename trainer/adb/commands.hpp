// Unified actions as Android shell commands, and back: the mapping both sides of the ADB backend
// share. A real device (and `phonegym adbd`) gets `input tap|swipe|text|keyevent|motionevent`,
// `monkey -p`, `sleep`; the simulated device parses the same command lines into actions
// (trainer/adb/sim_shell.hpp), so an action sent over ADB acts on the simulator exactly as the
// action itself would.
//
// Coordinates: actions are normalized 0..1000 (docs/actions.md); devices take pixels. The map is
// round(v * size / 1000) and its inverse round(px * 1000 / size), which round-trips exactly when
// the screen has at least 1000 pixels on that axis (the simulator's 1080x2400 does).
#pragma once

#include "sim/input/action.hpp"

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pg::adb {

/// Text that a device cannot type (what() names the character and the way out).
struct TextError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A device screen: pixels and density (dots per inch, as `wm density` reports: 480 = 3 px/dp).
struct ScreenSize {
  int width = 1080;
  int height = 2400;
  int density_dpi = 480;
};

/// Normalized 0..1000 -> device pixel: round(v * size_px / 1000), clamped to [0, size_px - 1].
int to_device_px(int v, int size_px);
/// Device pixel -> normalized: round(px * 1000 / size_px), clamped to [0, 1000]. Exact inverse of
/// to_device_px when size_px >= 1000.
int from_device_px(int px, int size_px);

/// Quotes one argument for the device's /system/bin/sh: unchanged when it has only
/// [A-Za-z0-9_./:=,@%+-], else in single quotes with each ' written as '\''.
std::string shell_quote(std::string_view arg);
/// Splits a command line into words the way sh does for plain commands: whitespace separates,
/// '...' is literal, "..." keeps spaces (with \" \\ \$ \` escapes), a backslash escapes one
/// character. Throws std::invalid_argument on an unterminated quote.
std::vector<std::string> shell_split(std::string_view line);

/// Whether `input text` can type `text` on a stock device: printable ASCII only (0x20..0x7e).
bool is_input_text_typeable(std::string_view text);
/// The `input text` commands that type `text` (printable ASCII). Android's `input text` turns
/// "%s" into a space and cannot type a literal "%s", so spaces are sent as %s and the text is split
/// between a '%' and a following 's' into several commands; each argument is shell-quoted.
/// Example: `a b&c` -> {"input text 'a%sb&c'"}. Throws TextError for other characters (non-ASCII,
/// newline, tab), naming the first one.
std::vector<std::string> input_text_commands(std::string_view text);
/// The ADB Keyboard IME broadcast (github.com/senzhk/ADBKeyBoard) typing UTF-8 `text`:
/// `am broadcast -a ADB_INPUT_B64 --es msg <base64 of the UTF-8 bytes>`.
std::string adb_keyboard_command(std::string_view text);
/// The ADB Keyboard's input method id, as `ime list -s` prints it.
constexpr const char* kAdbKeyboardIme = "com.android.adbkeyboard/.AdbIME";

/// Duration (ms) of an `input swipe` over `travel_px` pixels such that the list keeps moving,
/// after the finger lifts, (kFlingFactor - 1) x the travel: the simulator's fling (a list moves
/// kFlingFactor x the finger's travel). Inverts Android's fling distance (OverScroller spline:
/// d = f*c * exp(r/(r-1) * ln(0.35 v / (f*c))), friction f = 0.015, deceleration rate
/// r = ln(0.78)/ln(0.9), c = 9.80665 * 39.37 * dpi * 0.84) for the lift velocity v = travel /
/// duration. Clamped to [40, 1500] ms; 0 travel gives 300 ms (the `input swipe` default).
int swipe_duration_ms(double travel_px, int density_dpi);

/// Swipes at least this long (ms) are drags on the simulated device; shorter ones fling.
constexpr int kDragMinMs = 2000;
/// A swipe whose end is within this many pixels of its start is a tap (long press when it lasts
/// at least kLongPressMinMs): Android's touch slop is 8 dp.
constexpr int kTouchSlopPx = 24;
/// `input swipe` with the same start and end held at least this long (ms) is a long press
/// (Android's long-press timeout is 400..500 ms).
constexpr int kLongPressMinMs = 400;
/// Duration (ms) of the long press the client sends (the simulator's long press lasts 800 ms).
constexpr int kLongPressMs = 800;
/// DEL key presses the client sends to clear a field when the ADB Keyboard is not installed.
constexpr int kClearDeletes = 64;

/// What the client knows about a device for turning actions into commands.
struct DeviceProfile {
  ScreenSize screen;
  bool adb_keyboard = false;  ///< the ADB Keyboard IME is installed (non-ASCII text, fast clear)
  /// open_app: app id (lower case) -> package, already resolved for this device.
  std::map<std::string, std::string> packages;
};

/// The shell command line performing `a` on a device, e.g. click (500, 500) on 1080x2400 ->
/// "input tap 540 1200"; "" for actions a device cannot see (answer, complete, abort, info: the
/// episode records them). Keys: back 4, home 3, enter 66, recent 187 (`input keyevent`); swipe:
/// `input swipe` with swipe_duration_ms; drag: `input motionevent DOWN/MOVE/UP` with a pause
/// before UP (no fling); long press: `input swipe x y x y 800`; double tap: two `input tap`;
/// type: [tap;] [clear;] input text...; wait: `sleep S`; noop: `sleep 0.1`; open_app:
/// `monkey -p <package> -c android.intent.category.LAUNCHER 1`. Throws ActionError for a `target` (a device takes points) or an app
/// without a package and TextError for text the device cannot type.
std::string action_command(const Action& a, const DeviceProfile& profile);

}  // namespace pg::adb
