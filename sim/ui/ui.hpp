// Android-looking widgets drawn with Dear ImGui's draw lists. Immediate mode: a page is a function
// of the state, called every frame; each widget draws itself and records an accessibility node
// (id, class, text, bounds, flags) plus the handler a tap runs. Hit testing, the oracle, the
// ui_tree and the judges' view of the screen all come from these nodes, never from ImGui's own
// interaction state, so nothing that decides the screen lives inside an ImGui context.
//
// Units: the page code works in dp (density-independent pixels; 360x800 on the nominal phone);
// bounds in nodes are in screen pixels (1080x2400 at density 3 on the nominal phone). The screen
// comes from the phone's device profile (os.device, sim/os/device.hpp): Ui::width_dp() and
// Ui::height_dp() are the frame's, so layouts respond to the profile as Android's do.
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <deque>
#include <vector>

struct ImDrawList;
struct ImFont;
struct ImFontAtlas;

namespace pg {

class Phone;

/// A display cutout at the top centre of the screen (os.device.cutout): the camera's hole or
/// notch, where nothing can be seen. Android makes the status bar at least as deep as the cutout,
/// so a cutout moves every page down (Screen::status_bar_dp).
enum class Cutout {
  none,
  punch_hole,  ///< a 24 dp camera hole, its top 8 dp below the screen's edge (32 dp deep)
  notch,       ///< a 168 dp wide, 36 dp deep notch (status icons must fit beside it)
};

/// The screen a frame is drawn for (from the device profile, sim/os/device.hpp): its size in
/// pixels, its density in pixels per dp (Android's dpi / 160, display size included), its font
/// scale (text sizes are in sp: dp times the font scale), its cutout and its navigation mode.
/// The default is the nominal phone.
struct Screen {
  int width_px = 1080, height_px = 2400;
  float density = 3.0f;
  float font_scale = 1.0f;
  /// Gesture navigation (a 24 dp strip with the home handle; swipes go back, home and to the
  /// recent apps) instead of Android's three buttons (a 48 dp bar).
  bool gesture_nav = false;
  Cutout cutout = Cutout::none;
  float width_dp() const { return static_cast<float>(width_px) / density; }
  float height_dp() const { return static_cast<float>(height_px) / density; }
  /// The navigation bar's height in dp: 48 with three buttons, 24 with gesture navigation.
  float nav_bar_dp() const { return gesture_nav ? 24.0f : 48.0f; }
  /// The cutout's width and depth from the top edge in dp (0 x 0 without one).
  float cutout_width_dp() const { return cutout == Cutout::punch_hole ? 24.0f : cutout == Cutout::notch ? 168.0f : 0.0f; }
  float cutout_depth_dp() const { return cutout == Cutout::punch_hole ? 32.0f : cutout == Cutout::notch ? 36.0f : 0.0f; }
  /// The status bar's height in dp: 28, or the cutout's depth plus 8 dp when that is deeper
  /// (40 with a punch hole, 44 with a notch), as Android sizes it to the cutout's inset.
  float status_bar_dp() const { return std::max(28.0f, cutout == Cutout::none ? 0.0f : cutout_depth_dp() + 8); }
  bool operator==(const Screen& o) const {
    return width_px == o.width_px && height_px == o.height_px && density == o.density && font_scale == o.font_scale &&
           gesture_nav == o.gesture_nav && cutout == o.cutout;
  }
  bool operator!=(const Screen& o) const { return !(*this == o); }
};

/// A rectangle in dp or px (left, top, right, bottom).
struct Rect {
  float l = 0, t = 0, r = 0, b = 0;
  float w() const { return r - l; }
  float h() const { return b - t; }
  bool contains(float x, float y) const { return x >= l && x < r && y >= t && y < b; }
};

using Handler = std::function<void(Phone&)>;

/// One piece of text as drawn (for the layout lint): its box in screen pixels and the clip
/// rectangle it was drawn under (the screen, or a scrolling list's area).
struct TextRun {
  Rect box;
  Rect clip;
  std::string text;
};

/// One accessibility node: what `uiautomator dump` would list for a widget.
struct Node {
  std::string id;         ///< resource id, e.g. "settings.wifi.switch"
  std::string cls;        ///< Android class name, e.g. "android.widget.Switch"
  std::string text;       ///< visible text
  std::string desc;       ///< content description (icons)
  Rect bounds;            ///< screen pixels, clipped to the visible area
  bool clickable = false, long_clickable = false, checkable = false, checked = false;
  bool focusable = false, focused = false, scrollable = false, enabled = true;
  bool selected = false;  ///< e.g. the current tab or list choice
  bool password = false;  ///< a text field that hides its text (`text` holds the masked dots)
  Handler on_click, on_long_press;
  bool clipped = false;     ///< cut by a scrolling list's edge (partly scrolled out of view)
  std::string scroll_path;  ///< scrollable: JSON pointer of the integer scroll offset (px)
  int scroll_max = 0;       ///< scrollable: largest offset (px)

  nlohmann::json to_json() const;  ///< without handlers; bounds as [l, t, r, b] integers
};

/// Text styles (Material 3 type scale; sizes in dp).
enum class Font { Body, BodyLarge, Label, Title, Headline, Display, Icon, IconLarge, IconSmall,
                  Mark  ///< Roboto Medium 16 dp digits: set-of-marks labels (sim/ui/a11y.hpp)
};

/// ARGB-free 0xRRGGBB colours of the light theme.
namespace color {
constexpr std::uint32_t kSurface = 0xFFFBFE, kSurfaceVariant = 0xE7E0EC, kSurfaceContainer = 0xF3EDF7;
constexpr std::uint32_t kOnSurface = 0x1C1B1F, kOnSurfaceVariant = 0x49454F, kOutline = 0x79747E;
constexpr std::uint32_t kPrimary = 0x6750A4, kOnPrimary = 0xFFFFFF, kPrimaryContainer = 0xEADDFF;
constexpr std::uint32_t kOnPrimaryContainer = 0x21005D, kError = 0xB3261E;
}  // namespace color

/// The font atlas every ImGui context of the process shares (Roboto for text, Material Icons),
/// built once on first use (thread-safe) and read-only afterwards, its RGBA32 texture included.
/// Paths come from the build (PG_FONT_* definitions). Throws std::runtime_error naming a missing
/// file. Apps must be registered before (their manifests name the icons to load).
ImFontAtlas& shared_font_atlas();

/// How Ui::filled_field / text_area / compose_area look and focus.
struct FieldStyle {
  std::uint32_t accent = color::kPrimary;  ///< the focused underline and label, and the cursor
  std::string layout = "letters";          ///< the keyboard layout a focus opens (filled_field)
  bool pill = false;                       ///< filled_field: a grey full-round box, no underline
  Handler on_focus;                        ///< runs after a tap has focused the field
  bool password = false;                   ///< one dot per character, in the drawing and the node
};

/// The widget toolkit for one frame. Create one per frame; pages call its widgets in order.
class Ui {
 public:
  /// Starts a frame: reads os.theme's accent, which recolours the baseline tokens (color::k*)
  /// in every drawing call of this frame on this thread (Material You's dynamic colour).
  Ui(ImDrawList* draw, Phone& phone);
  /// `rgb` as this thread's current frame draws it: a baseline token recoloured by the theme's
  /// accent, then any colour toned for the dark theme when it is on, outside content
  /// (sim/ui/dark.hpp) (for code that mixes colours itself).
  static std::uint32_t themed(std::uint32_t rgb);

  // ---- geometry of the screen (dp) ----
  /// The screen of the frame being drawn on this thread: set by Ui's constructor from the phone's
  /// device profile, and by Phone's entry points (ScreenScope) before app code runs.
  static const Screen& screen();
  /// The screen's width and height in dp (360x800 on the nominal phone).
  static float width_dp() { return screen().width_dp(); }
  static float height_dp() { return screen().height_dp(); }
  /// `dp` in pixels of this frame's screen (scroll offsets and pointer positions are pixels).
  static float to_px(float dp) { return dp * screen().density; }
  /// `px` pixels of this frame's screen in dp.
  static float to_dp(float px) { return px / screen().density; }
  /// The status bar's height in dp (Screen::status_bar_dp: 28, deeper under a cutout).
  static float status_bar_dp() { return screen().status_bar_dp(); }
  /// The navigation bar's height in dp (Screen::nav_bar_dp: 48 with buttons, 24 with gestures).
  static float nav_bar_dp() { return screen().nav_bar_dp(); }
  /// The area between the status bar and the navigation bar.
  static Rect content_area() { return {0, status_bar_dp(), width_dp(), height_dp() - nav_bar_dp()}; }

  // ---- drawing (dp) ----
  void fill(const Rect& r, std::uint32_t rgb, float radius = 0, float alpha = 1);
  void stroke(const Rect& r, std::uint32_t rgb, float radius = 0, float thickness = 1);
  /// Clips what is drawn until pop_clip() to `r` (dp, intersected with the current clip):
  /// thumbnails of pictures drawn at full size, previews. Pairs must nest.
  void push_clip(const Rect& r);
  void pop_clip();
  /// A vertical gradient from `top_rgb` to `bottom_rgb`.
  void gradient(const Rect& r, std::uint32_t top_rgb, std::uint32_t bottom_rgb);
  void circle(float cx, float cy, float radius, std::uint32_t rgb, float alpha = 1);
  /// A straight line from (x0, y0) to (x1, y1), `thickness` dp wide (maps: streets, routes).
  void line(float x0, float y0, float x1, float y1, std::uint32_t rgb, float thickness = 1, float alpha = 1);
  /// An open polyline through `pts` (x, y pairs in dp) with rounded joins, `thickness` dp wide.
  void polyline(const std::vector<float>& pts, std::uint32_t rgb, float thickness = 1, float alpha = 1);
  /// A filled convex polygon through `pts` (x, y pairs in dp).
  void polygon_fill(const std::vector<float>& pts, std::uint32_t rgb, float alpha = 1);
  /// Draws text with its top-left at (x, y); returns its width in dp.
  float text(float x, float y, const std::string& s, Font f, std::uint32_t rgb, float alpha = 1);
  /// Text centred horizontally in [l, r] with its top at y.
  void text_centered(float l, float r, float y, const std::string& s, Font f, std::uint32_t rgb);
  float text_width(const std::string& s, Font f) const;
  /// The one ellipsize: `s` shortened to fit in `max_w` dp, whole UTF-8 characters and trailing
  /// spaces dropped, ending in "…" (as Android's TextUtils.ellipsize); "…" alone if nothing fits.
  std::string ellipsize(std::string s, Font f, float max_w) const;
  /// Draws `s` at (x, y) shortened to fit in `max_w` dp; returns the drawn width (dp).
  float text_fit(float x, float y, const std::string& s, Font f, std::uint32_t rgb, float max_w);
  float line_height(Font f) const;
  /// A Material icon (ligature name from the font's codepoint table, e.g. "wifi") centred at (cx, cy).
  void icon(float cx, float cy, const std::string& name, Font f, std::uint32_t rgb, float alpha = 1);

  // ---- widgets: each draws and records a node ----
  /// Records a node with the given bounds (dp) and returns it for the caller to fill in.
  Node& node(const std::string& id, const std::string& cls, const Rect& dp);
  /// A top app bar with an optional back arrow (runs Phone::back) and a title.
  void top_bar(const std::string& id, const std::string& title, bool back_arrow);
  /// A list row with a title, an optional subtitle and an optional leading icon; tapping runs
  /// `on_click`. Returns the row's height (dp). Draws at the current list cursor.
  float list_row(const std::string& id, const std::string& title, const std::string& subtitle,
                 const std::string& icon, Handler on_click);
  /// A list row with a trailing switch; tapping the row or the switch runs `on_toggle`.
  float switch_row(const std::string& id, const std::string& title, const std::string& subtitle,
                   const std::string& icon, bool checked, Handler on_toggle);
  /// A Material switch whose track is at (x, y) (dp, top-left, 52x32).
  void switch_at(const std::string& id, float x, float y, bool checked, Handler on_toggle);
  /// A single-line text field bound to the string at JSON pointer `path` in the state: the label
  /// small above the value; of a value longer than the field, the part around the caret between
  /// "…" marks (as a scrolled EditText). A `password` field shows (and reports in its node) one
  /// dot per character instead of the text. Returns the EditText node: a tap focuses it (the
  /// caret at the end), a tap on the focused field moves the caret (sim/ui/text_layout.hpp).
  Node& text_field(const std::string& id, const Rect& dp, const std::string& label,
                   const std::string& path, const std::string& placeholder, bool password = false);
  /// A text button (Material "text" style) or filled button.
  void button(const std::string& id, const Rect& dp, const std::string& label, bool filled, Handler on_click);
  /// A round icon button.
  void icon_button(const std::string& id, float cx, float cy, const std::string& icon,
                   const std::string& desc, std::uint32_t rgb, Handler on_click);
  /// A floating action button at the bottom right of the content area.
  void fab(const std::string& id, const std::string& icon, const std::string& desc, Handler on_click);

  // ---- text ----
  /// Greedy word wrap of `s` into lines of at most `max_w` dp: breaks at spaces, '\n' starts a
  /// new line, a word wider than a line is broken. At most `max_lines` lines (0: no limit); if
  /// cut, the last line ends in "…".
  std::vector<std::string> wrap(const std::string& s, Font f, float max_w, int max_lines = 0) const;
  /// Draws `s` word-wrapped to `max_w` dp from (x, y), one line every `line_h` dp; returns the height (dp).
  float text_wrapped(float x, float y, const std::string& s, Font f, std::uint32_t rgb, float max_w, float line_h);
  /// A TextView node `id` over `dp` reporting `text`, for text the page drew itself (centred,
  /// wrapped or in a custom style); not clickable. Returns the node for extra flags.
  Node& label(const std::string& id, const Rect& dp, const std::string& text);
  /// Draws `s` at (x, y) (shortened with an ellipsis to `max_w` dp if `max_w` > 0) and records a
  /// TextView node `id` over the drawn text, `box_h` dp tall (0: the line height). Returns the node.
  Node& label_at(const std::string& id, float x, float y, const std::string& s, Font f, std::uint32_t rgb,
                 float max_w = 0, float box_h = 0);
  /// A page heading (Headline, 28 dp) at the top left of the content area: TextView node `id`.
  void headline(const std::string& id, float x, float y, const std::string& title);

  // ---- more widgets (Material 3 metrics; every node >= 48 dp in both dimensions when tappable) ----
  /// A tappable surface whose content the page drew (a card, a tile, a custom list row): a node
  /// of class `cls` over `dp` reporting `text`, running `on_click` on tap (none: not clickable).
  Node& item(const std::string& id, const std::string& cls, const Rect& dp, const std::string& text, Handler on_click);
  /// An image (photo tile, thumbnail, viewfinder): an ImageView node with content description
  /// `desc`; clickable if `on_click` is set. The page draws the picture.
  Node& image(const std::string& id, const Rect& dp, const std::string& desc, Handler on_click = {});
  /// One destination of tabs() / bottom_nav(): id suffix, label and (bottom_nav) icon name.
  struct Tab {
    std::string key, label, icon;
  };
  /// Material 3 bottom navigation bar (80 dp) at the bottom of the content area: one
  /// FrameLayout node `<prefix><key>` per destination (text = label, selected = current), the
  /// current one with a pill behind its icon. A tap runs `on_select(phone, index)`. Returns its height.
  float bottom_nav(const std::string& prefix, const std::vector<Tab>& tabs, int selected,
                   std::function<void(Phone&, int)> on_select);
  /// Material 3 primary tabs across `bar` (48 dp tall): equal widths, label centred, a 3 dp
  /// indicator under the current one. Nodes `<prefix><key>` (class TabWidget's children:
  /// android.widget.TextView, selected = current); a tap runs `on_select(phone, index)`.
  void tabs(const std::string& prefix, const Rect& bar, const std::vector<Tab>& tabs, int selected,
            std::function<void(Phone&, int)> on_select);
  /// The integer value (0..max) a touch at screen x `px` gives on a slider track spanning
  /// [l_dp, r_dp]: proportional, rounded to the nearest step, clamped. Exact integer arithmetic.
  static int slider_value_at(int px, float l_dp, float r_dp, int max);
  /// A horizontal slider (SeekBar node `id`, text = value) with its track from `l` to `r` dp
  /// centred at `y`; a tap (or a drag ending) on it sets the value from the touch point via
  /// `set(phone, value)`. The node is 48 dp tall and reaches 12 dp past each end of the track.
  void slider(const std::string& id, float l, float r, float y, int value, int max, const std::string& desc,
              std::function<void(Phone&, int)> set);
  /// A section title in the primary colour (Label font), 48 dp tall at the list cursor; advances.
  void section_header(const std::string& title);
  /// A Material 3 filter/assist chip: a 32 dp pill (8 dp corners) centred vertically in `dp`,
  /// outlined, or filled with the primary container when `selected`; optional 18 dp leading and
  /// trailing icons; the label ellipsized to fit. Button node over `dp` (make it >= 48 dp tall).
  Node& chip(const std::string& id, const Rect& dp, const std::string& label, bool selected, Handler on_click,
             const std::string& icon = "", const std::string& trailing_icon = "");
  /// A modal scrim: dims `dp` (black at `alpha`), declares it covered (cover()) and records a
  /// clickable View node `id` whose tap runs `on_click` (usually closing the sheet or drawer).
  Node& scrim(const std::string& id, const Rect& dp, float alpha, Handler on_click);
  /// A Material 3 search bar (a full-round surface container pill in `dp`, a search icon and the
  /// hint): TextView node `id` with text = hint, clickable (usually opens the search page).
  void search_bar(const std::string& id, const Rect& dp, const std::string& hint, Handler on_click);
  /// A radio button row over `dp` (>= 48 dp tall): the radio icon centred at left + 28 dp, `text`
  /// word-wrapped from left + 56 dp (22 dp lines), centred vertically. RadioButton node, checkable.
  void radio(const std::string& id, const Rect& dp, const std::string& text, bool checked, Handler on_click);
  /// A checkbox row over `dp`: optional leading icon (centred at left + 32 dp, text then at + 64 dp,
  /// else + 16 dp), `text`, the check box icon at right - 36 dp. Node class `cls`, checkable.
  void checkbox(const std::string& id, const Rect& dp, const std::string& text, bool checked, Handler on_click,
                const std::string& leading_icon = "", const std::string& cls = "android.widget.CheckBox");
  /// A round letter avatar of radius `r` dp centred at (cx, cy): `letter` in `ink` on `bg`, or
  /// the "person" icon when `letter` is empty. Decoration: no node (the row reports the name).
  void avatar(float cx, float cy, float r, const std::string& letter, std::uint32_t bg, std::uint32_t ink,
              Font f = Font::Title);

  // ---- the everyday apps' shared widgets: buttons in an app's colours, fields, ratings ----
  /// A full-round filled button in `bg` with its label in `ink` (font `f`, ellipsized to fit):
  /// Button node over `dp` (>= 48 dp tall when tappable). Disabled: Material's disabled look
  /// (surface-variant fill, outline-coloured label), node enabled = false, no tap.
  void filled_button(const std::string& id, const Rect& dp, const std::string& label, std::uint32_t bg,
                     std::uint32_t ink, Handler on_click, bool enabled = true, Font f = Font::Body);
  /// A full-round outlined button: outline-coloured border, label in `ink`; Button node over `dp`.
  void outlined_button(const std::string& id, const Rect& dp, const std::string& label, Handler on_click,
                       std::uint32_t ink = color::kPrimary);
  /// text_field in an app's style (FieldStyle: accent, keyboard layout, pill look, focus hook);
  /// without a label the value is centred vertically.
  Node& filled_field(const std::string& id, const Rect& dp, const std::string& label, const std::string& path,
                     const std::string& placeholder, const FieldStyle& style = {});
  /// A multi-line filled text field with a label, bound to `path`: the value word-wrapped (22 dp
  /// lines), at least `min_h` dp tall and growing with the text; enter inserts a newline
  /// (focus_multiline). EditText node `id`. Returns its height (dp).
  float text_area(const std::string& id, float x, float y, float w, float min_h, const std::string& label,
                  const std::string& path, const std::string& placeholder, const FieldStyle& style = {});
  /// A borderless multi-line compose area (a post or comment body) bound to `path`: wrapped lines
  /// (24 dp) from (x, y + 4), at least `min_h` dp tall, at most `max_lines` shown (the last ones,
  /// or from the caret's line when it is above them). EditText node `id`; enter inserts a newline;
  /// a tap on the focused area moves the caret. Returns its height (dp).
  float compose_area(const std::string& id, float x, float y, float w, float min_h, const std::string& path,
                     const std::string& placeholder, int max_lines, const FieldStyle& style = {});
  /// One step of a breadcrumb(): the node id suffix, its label and what a tap does.
  struct Crumb {
    std::string key, label;
    Handler on_click;
  };
  /// A breadcrumb trail ("Internal storage > Documents > Work"), 48 dp tall at `y` between 16 dp
  /// margins: chevrons between crumbs, labels ellipsized to `max_label_w`, the last crumb on a
  /// `current_bg` pill in `current_ink` and selected; when the trail is wider than the screen its
  /// first crumbs fold into "…". Button nodes `<prefix><key>`, at least 48 dp wide.
  void breadcrumb(const std::string& prefix, const std::vector<Crumb>& crumbs, float y, float max_label_w = 160,
                  std::uint32_t current_bg = color::kPrimaryContainer,
                  std::uint32_t current_ink = color::kOnPrimaryContainer);
  /// Five rating stars from (x, cy centre) every `step` dp for a rating in tenths (45 = 4.5):
  /// full from .8, half from .3. Decoration (no node). Returns the width (dp).
  float stars(float x, float cy, int rating_x10, float step = 15, Font f = Font::IconSmall,
              std::uint32_t rgb = 0xE8A200);

  // ---- vertical scrolling lists ----
  /// Starts a scrollable column in `area` (dp) whose offset (px, int) is stored at JSON pointer
  /// `scroll_path`; widgets drawn until end_scroll() are offset and clipped.
  void begin_scroll(const std::string& id, const Rect& area, const std::string& scroll_path);
  void end_scroll();
  /// The y (dp) where the next list row goes, and moves it down by `h`.
  float cursor_y() const { return cursor_y_; }
  void advance(float h) { cursor_y_ += h; }
  void set_cursor(float y) { cursor_y_ = y; }

  /// The nodes recorded this frame, in drawing order. A deque: a reference to a node (what
  /// `node`, `item`, `label`, `image`, `chip` ... return) stays valid while more are recorded,
  /// until end_scroll drops the nodes of a list that fell outside it.
  const std::deque<Node>& nodes() const { return nodes_; }
  /// Every text drawn this frame, in order (icons excluded).
  const std::vector<TextRun>& texts() const { return texts_; }

  /// Declares that what is drawn next covers `dp` (a keyboard, a dialog's scrim, the shade, a
  /// toast): texts and nodes drawn before it under that area are hidden from a person, so the
  /// layout lint does not judge them.
  void cover(const Rect& dp);
  /// Whether text run / node number `i` (in drawing order) is under a later cover.
  bool text_covered(std::size_t i) const;
  bool node_covered(std::size_t i) const;
  std::deque<Node>& nodes() { return nodes_; }
  Phone& phone() { return phone_; }

 private:
  ImDrawList* draw_;
  Phone& phone_;
  std::deque<Node> nodes_;
  std::vector<TextRun> texts_;
  struct Cover {
    Rect px;
    std::size_t texts, nodes;  // counts when the cover was declared
  };
  std::vector<Cover> covers_;
  float cursor_y_ = 0;
  // active scroll region
  bool in_scroll_ = false;
  Rect scroll_area_;
  float scroll_offset_dp_ = 0;
  std::size_t scroll_node_ = 0;
  float scroll_content_top_ = 0;

  Rect to_screen(const Rect& dp) const;  // applies the scroll offset and clip, returns px
  // text_field and filled_field: one field, which centres an unlabelled value when asked.
  Node& field(const std::string& id, const Rect& dp, const std::string& label, const std::string& path,
              const std::string& placeholder, const FieldStyle& style, bool centre_unlabelled);
  float dy() const { return in_scroll_ ? -scroll_offset_dp_ : 0; }
};

/// Sets this thread's frame screen (Ui::screen()) for its lifetime and restores the previous one
/// after: Phone's entry points hold one, so app code that runs outside a frame (tap handlers,
/// timers) lays out for its own phone's screen even on a thread that drew another phone last.
class ScreenScope {
 public:
  explicit ScreenScope(const Screen& s);
  ~ScreenScope();
  ScreenScope(const ScreenScope&) = delete;
  ScreenScope& operator=(const ScreenScope&) = delete;

 private:
  Screen saved_;
};

}  // namespace pg
