// The accessibility tree in the formats agents consume: Android's `uiautomator dump` XML, and
// set-of-marks (SoM: the interactive elements numbered 1..N on the screenshot, as in AndroidLab's
// SoM mode and Set-of-Mark prompting, Yang et al. 2023).
//
// Our nodes are flat and in draw order; ui_xml() nests them by geometric containment under a root
// FrameLayout covering the screen. Packages: app nodes carry the foreground app's manifest
// "package"; ids starting with "os." or "nav." belong to "com.android.systemui", ids starting
// with "launcher." to "com.google.android.apps.nexuslauncher" (the Pixel launcher).
#pragma once

#include "sim/ui/ui.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace pg {

/// Package of the system UI (status bar, navigation bar, toasts).
constexpr const char* kSystemUiPackage = "com.android.systemui";
/// Package of the home screen.
constexpr const char* kLauncherPackage = "com.google.android.apps.nexuslauncher";

/// The package a node belongs to: system UI for "os.*"/"nav.*", the launcher for "launcher.*",
/// else `app_package` (the foreground app's).
std::string node_package(const std::string& id, const std::string& app_package);

/// The nodes as `uiautomator dump` XML (one line, no trailing newline):
/// <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0"
/// text="" resource-id="" class="android.widget.FrameLayout" package="..." ... bounds="[0,0][1080,2400]">
/// ...</node></hierarchy>. A node's parent is the smallest node whose bounds contain its bounds
/// (equal bounds: the earlier node is the parent), else the root; siblings keep draw order and
/// `index` is the position among siblings. Bounds are integer px clipped to `screen` (by default
/// the screen of this thread's last frame: the phone whose nodes these are, Ui::screen());
/// resource-id is "<package>:id/<id>" ("" for nodes without id); a password node's text is
/// masked with one U+2022 per character. `package` is the foreground app's package (the root's too).
std::string ui_xml(const std::vector<Node>& nodes, const std::string& package, const Screen& screen = Ui::screen());

/// `uiautomator dump` XML -> the ui_tree JSON of Env::ui_tree ({"width", "height", "nodes":
/// [{id, class, text, desc, bounds [l,t,r,b] px, clickable, long_clickable, checkable, checked,
/// focusable, focused, scrollable, enabled, selected, password, package}]}), nodes in document
/// order. `id` is the resource-id after ":id/" (our widget id on `phonegym adbd`); bounds that are
/// not "[l,t][r,b]" in ints read as [0,0,0,0]. `width` and `height` are the screen's pixels; 0
/// takes them from the root node's bounds (the screen, on the simulator and on Android). Throws std::runtime_error for text that is not a
/// uiautomator dump: no <hierarchy>, or XML that is not well-formed (naming the byte). Native
/// builds only (sim/ui/ui_xml_parse.cpp, XML read by pugixml).
nlohmann::json parse_ui_xml(const std::string& xml, int width, int height);

/// One set-of-marks entry: an interactive element and its number.
struct Mark {
  int mark = 0;        ///< 1..N in reading order
  std::size_t node = 0;  ///< index into the nodes given to set_of_marks()
  std::string id, cls, text, desc;
  Rect bounds;         ///< screen px
  int x = 0, y = 0;    ///< centre, normalized 0..1000 (the action coordinates: click here to hit it)
  /// {"mark", "id", "class", "text", "desc", "bounds": [l,t,r,b] px, "x", "y"} (x, y in 0..1000).
  nlohmann::json to_json() const;
};

/// Whether a node gets a mark: clickable, long-clickable, scrollable, focusable, or an EditText,
/// with a non-empty area.
bool is_interactive(const Node& n);

/// The interactive nodes numbered 1..N in reading order: by top edge, then left edge, then draw
/// order. Centres are rounded to the nearest 0..1000 coordinate of `screen` (by default the
/// screen of this thread's last frame, Ui::screen()).
std::vector<Mark> set_of_marks(const std::vector<Node>& nodes, const Screen& screen = Ui::screen());

/// The marks as a JSON array of Mark::to_json().
nlohmann::json marks_json(const std::vector<Mark>& marks);

/// The mark colour (0xRRGGBB) of mark number `mark` (a cycle of six saturated colours).
std::uint32_t mark_color(int mark);

/// Where draw_marks puts each mark's number label (screen px, one per mark, same order): at the
/// element's top-left corner, outside and to the left for elements narrower than half the screen
/// (so a switch's thumb stays visible) when that spot is on the screen and covers no other marked
/// element except enclosing ones, else inside; moved to another corner when it would cover an
/// earlier label. Needs the fonts (a Ui of the current frame).
std::vector<Rect> mark_labels(const Ui& ui, const std::vector<Mark>& marks);

/// Draws the marks on top of whatever `ui` has drawn: per mark a 2 dp outline in its colour inside
/// the element's bounds, then the filled labels of mark_labels() with the numbers in white Roboto
/// Medium 16 dp. Call after Phone::build(ui).
void draw_marks(Ui& ui, const std::vector<Mark>& marks);

}  // namespace pg
