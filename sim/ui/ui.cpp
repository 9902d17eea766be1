#include "sim/ui/ui.hpp"

#include "sim/ui/dark.hpp"

#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/embedded.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/text_edit.hpp"
#include "sim/ui/text_layout.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace pg {
extern const char* const kIconTableText;  // generated: the icon font's codepoint table
namespace {

/// The screen of the frame being drawn on this thread (Ui::screen()).
thread_local Screen t_screen;
/// Pixels per dp of this thread's frame.
float density() { return t_screen.density; }

// Font slots in the atlas, indexed by Font; sizes in dp.
struct FontSpec {
  float size_dp;
  bool medium;
  bool icons;
};
constexpr FontSpec kFontSpecs[] = {
    {14, false, false},  // Body
    {16, false, false},  // BodyLarge
    {12, true, false},   // Label
    {22, false, false},  // Title
    {28, false, false},  // Headline
    {56, false, false},  // Display (digits)
    {24, false, true},   // Icon
    {30, false, true},   // IconLarge
    {16, false, true},   // IconSmall
    {16, true, false},   // Mark (digits)
};
constexpr int kFontCount = sizeof(kFontSpecs) / sizeof(kFontSpecs[0]);
/// Pixels per dp the atlas bakes each font at: the nominal phone's 3 first (drawn unscaled), and 2
/// for the low-density profiles. Other densities draw from the nearer bake, scaled (the named
/// profiles by 0.94..1.17). Each bake grows the atlas, which every renderer copies and WebGL must
/// hold in one texture: all nine steps of an earlier try made a 4096x13000 atlas that SwiftShader
/// could not create.
constexpr float kAtlasDensities[] = {3.0f, 2.0f};
constexpr int kBakes = sizeof(kAtlasDensities) / sizeof(kAtlasDensities[0]);
ImFont* g_fonts[kBakes][kFontCount] = {};

// Icons the sim draws; their codepoints come from the icon font's own table (embedded scss).
const char* const kIconNames[] = {
    "wifi", "wifi_off", "bluetooth", "bluetooth_disabled", "airplanemode_active", "alarm", "alarm_add",
    "settings", "add", "delete", "arrow_back", "battery_full", "signal_cellular_4_bar", "devices",
    "chevron_right", "search", "access_time", "info", "phone_android", "radio_button_unchecked",
    "crop_square", "network_wifi", "language", "palette", "notifications", "volume_up", "brightness_6",
    "lock", "apps", "storage", "close", "check", "schedule", "timer", "public", "edit", "mic",
    "keyboard_arrow_left", "more_vert", "hourglass_empty", "phone", "message", "photo_camera",
    "keyboard_backspace", "keyboard_return", "content_copy", "content_paste", "content_cut", "select_all",
    "do_not_disturb_on", "flash_on", "clear_all", "notifications_none", "brightness_high", "share", "open_in_new",
    "expand_less", "expand_more", "language", "event", "done", "person", "radio_button_checked", "check_box", "check_box_outline_blank"};

std::map<std::string, ImWchar>& icon_codepoints() {
  static std::map<std::string, ImWchar> table = [] {
    std::map<std::string, ImWchar> t;
    std::istringstream in(kIconTableText);
    std::string line;
    while (std::getline(in, line)) {
      // lines look like:	"wifi": e63e,
      auto q1 = line.find('"');
      auto q2 = q1 == std::string::npos ? q1 : line.find('"', q1 + 1);
      auto colon = q2 == std::string::npos ? q2 : line.find(':', q2);
      if (colon == std::string::npos) continue;
      std::string hex;
      for (char c : line.substr(colon + 1))
        if (std::isxdigit(static_cast<unsigned char>(c))) hex += c;
      if (hex.empty()) continue;
      t[line.substr(q1 + 1, q2 - q1 - 1)] = static_cast<ImWchar>(std::stoul(hex, nullptr, 16));
    }
    return t;
  }();
  return table;
}

// ---- dynamic colour: the accent of os.theme recolours the baseline Material tokens ----

/// The token recolouring of the frame being drawn on this thread (set by Ui's constructor).
struct Palette {
  std::string accent;  // "" = baseline
  std::uint32_t from[5] = {}, to[5] = {};
  int n = 0;
};
thread_local Palette t_palette;

double srgb_to_linear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }
double luminance(std::uint32_t rgb) {
  return 0.2126 * srgb_to_linear(((rgb >> 16) & 0xff) / 255.0) + 0.7152 * srgb_to_linear(((rgb >> 8) & 0xff) / 255.0) +
         0.0722 * srgb_to_linear((rgb & 0xff) / 255.0);
}
std::uint32_t from_hsl(double h, double s, double l) {
  auto f = [&](double n) {
    const double k = std::fmod(n + h / 30.0, 12.0), a = s * std::min(l, 1 - l);
    const double v = l - a * std::max(-1.0, std::min({k - 3, 9 - k, 1.0}));
    return static_cast<std::uint32_t>(std::lround(std::clamp(v, 0.0, 1.0) * 255));
  };
  return f(0) << 16 | f(8) << 8 | f(4);
}
/// Hue (degrees) and saturation of `rgb` (HSL).
void hue_sat(std::uint32_t rgb, double& h, double& s) {
  const double r = ((rgb >> 16) & 0xff) / 255.0, g = ((rgb >> 8) & 0xff) / 255.0, b = (rgb & 0xff) / 255.0;
  const double mx = std::max({r, g, b}), mn = std::min({r, g, b}), d = mx - mn, l = (mx + mn) / 2;
  s = d == 0 ? 0 : d / (1 - std::fabs(2 * l - 1));
  if (d == 0) h = 0;
  else if (mx == r) h = 60 * std::fmod((g - b) / d + 6, 6.0);
  else if (mx == g) h = 60 * ((b - r) / d + 2);
  else h = 60 * ((r - g) / d + 4);
}
/// The colour of hue `h` and saturation `s` whose relative luminance equals `like`'s: the
/// seed's tone at the baseline token's tone, so contrast against text stays what it was.
std::uint32_t at_tone_of(double h, double s, std::uint32_t like) {
  const double target = luminance(like);
  double lo = 0, hi = 1;
  for (int i = 0; i < 30; ++i) {
    const double mid = (lo + hi) / 2;
    (luminance(from_hsl(h, s, mid)) < target ? lo : hi) = mid;
  }
  return from_hsl(h, s, (lo + hi) / 2);
}

void set_frame_palette(const std::string& accent) {
  if (accent == t_palette.accent) return;
  t_palette = Palette{};
  t_palette.accent = accent;
  if (accent.size() != 7 || accent[0] != '#') return;
  const std::uint32_t seed = static_cast<std::uint32_t>(std::strtoul(accent.c_str() + 1, nullptr, 16));
  double h, s;
  hue_sat(seed, h, s);
  const double chroma = std::clamp(s, 0.25, 0.8);
  // Saturations chosen so each tone reads like Material 3's tonal palette of the seed: a vivid
  // primary, pale containers, a deep on-container, barely tinted surfaces.
  const std::pair<std::uint32_t, double> tokens[] = {{color::kPrimary, chroma},
                                                     {color::kPrimaryContainer, 0.5},
                                                     {color::kOnPrimaryContainer, 0.9},
                                                     {color::kSurfaceContainer, 0.22},
                                                     {color::kSurfaceVariant, 0.12}};
  for (const auto& [token, sat] : tokens) {
    t_palette.from[t_palette.n] = token;
    t_palette.to[t_palette.n++] = at_tone_of(h, sat, token);
  }
}

// ---- the dark theme: os.settings.secure.ui_night_mode 2 (Android's UiModeManager.MODE_NIGHT_YES) ----

/// Whether this thread's frame is drawn in the dark theme (set by Ui's constructor).
thread_local bool t_night = false;
/// Open ContentColours scopes on this thread: content keeps its own colours in the dark theme.
thread_local int t_content_depth = 0;

/// CIE L* (0..100, perceptual lightness: Material's "tone") of a relative luminance.
double lstar(double y) { return y > 216.0 / 24389 ? 116 * std::cbrt(y) - 16 : y * 24389.0 / 27; }

/// `rgb` in the dark theme. Material 3 derives its dark scheme from the light one by taking each
/// role from the same tonal palette at a mirrored tone (surface 99 -> 6, on-surface 10 -> 90,
/// primary 40 -> 80, on-primary 100 -> 20, containers 90 -> 30; m3.material.io, "Color roles").
/// Apps here draw literal colours as well as the baseline tokens, so the rule is applied to every
/// colour by its tone: greys mirror their tone (white -> 6, black -> 96), coloured ones keep hue
/// and chroma and move as the roles do (tone 40 -> 80, 90 -> 30), blended by chroma between.
/// Chroma (max - min), not HSL saturation, is kept: a near-white with a faint tint has a high HSL
/// saturation that would turn it into a vivid dark colour.
std::uint32_t night_colour(std::uint32_t rgb) {
  const double r = ((rgb >> 16) & 0xff) / 255.0, g = ((rgb >> 8) & 0xff) / 255.0, b = (rgb & 0xff) / 255.0;
  const double chroma = std::max({r, g, b}) - std::min({r, g, b});
  const double t = lstar(luminance(rgb));
  const double grey = 96 - 0.9 * t;
  const double coloured = t <= 40 ? 80 + (40 - t) * 0.375 : t <= 90 ? 80 - (t - 40) : 30 - (t - 90);
  const double w = std::clamp((chroma - 0.06) / 0.12, 0.0, 1.0);
  const double target = grey + (coloured - grey) * w;
  double h, s;
  hue_sat(rgb, h, s);
  // The HSL saturation that gives this chroma at lightness l (as much as the gamut allows).
  auto sat_at = [&](double l) { return std::min(1.0, chroma / std::max(1e-9, 1 - std::fabs(2 * l - 1))); };
  double lo = 0, hi = 1;  // HSL lightness whose tone is `target`
  for (int i = 0; i < 24; ++i) {
    const double mid = (lo + hi) / 2;
    (lstar(luminance(from_hsl(h, sat_at(mid), mid))) < target ? lo : hi) = mid;
  }
  const double l = (lo + hi) / 2;
  return from_hsl(h, sat_at(l), l);
}

/// night_colour, memoized per thread (a frame draws a few hundred distinct colours).
std::uint32_t night_cached(std::uint32_t rgb) {
  thread_local std::unordered_map<std::uint32_t, std::uint32_t> cache;
  auto it = cache.find(rgb);
  if (it != cache.end()) return it->second;
  if (cache.size() > 8192) cache.clear();  // bounded: colours mixed per pixel of a gradient vary
  return cache[rgb] = night_colour(rgb);
}

/// `rgb` as this thread's frame draws it: the accent's recolouring, then the dark theme.
std::uint32_t frame_colour(std::uint32_t rgb) {
  for (int i = 0; i < t_palette.n; ++i)
    if (t_palette.from[i] == rgb) {
      rgb = t_palette.to[i];
      break;
    }
  return t_night && t_content_depth == 0 ? night_cached(rgb) : rgb;
}

ImU32 col(std::uint32_t rgb, float alpha) {
  // Translucent black is a shadow or a scrim: black in the dark theme too.
  if (!(rgb == 0x000000 && alpha < 0.99f)) rgb = frame_colour(rgb);
  int a = static_cast<int>(std::lround(std::clamp(alpha, 0.0f, 1.0f) * 255));
  return IM_COL32((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff, a);
}

/// A font's size in pixels on this frame's screen: Material's sp sizes times the font scale. Icons
/// keep their dp size, as Android's vector icons do, and so do the set-of-marks labels (drawn for
/// the agent, not by the phone).
float font_px(Font f) {
  const FontSpec& s = kFontSpecs[static_cast<int>(f)];
  const bool scales = !s.icons && f != Font::Mark;
  return s.size_dp * t_screen.density * (scales ? t_screen.font_scale : 1.0f);
}

/// The baked font closest in size to `f` on this frame's screen (the nominal phone's exactly).
ImFont* font(Font f) {
  const int i = static_cast<int>(f);
  const float want = font_px(f) / kFontSpecs[i].size_dp;
  int best = 0;
  for (int b = 1; b < kBakes; ++b)
    if (std::fabs(std::log(kAtlasDensities[b] / want)) < std::fabs(std::log(kAtlasDensities[best] / want))) best = b;
  return g_fonts[best][i];
}

}  // namespace

nlohmann::json Node::to_json() const {
  nlohmann::json j{{"id", id},
                   {"class", cls},
                   {"text", text},
                   {"desc", desc},
                   {"bounds",
                    {static_cast<int>(std::lround(bounds.l)), static_cast<int>(std::lround(bounds.t)),
                     static_cast<int>(std::lround(bounds.r)), static_cast<int>(std::lround(bounds.b))}},
                   {"clickable", clickable},
                   {"long_clickable", long_clickable},
                   {"checkable", checkable},
                   {"checked", checked},
                   {"focusable", focusable},
                   {"focused", focused},
                   {"scrollable", scrollable},
                   {"enabled", enabled},
                   {"selected", selected},
                   {"password", password}};
  return j;
}

namespace {
void build_fonts(ImFontAtlas& atlas) {
  static ImVector<ImWchar> icon_ranges;  // the atlas keeps a pointer to it
  {
    // The system UI's icons plus every icon an app declares (manifest "icon" and "icons").
    std::vector<std::string> names(std::begin(kIconNames), std::end(kIconNames));
    for (App* app : AppRegistry::instance().apps()) {
      names.push_back(app->manifest().value("icon", "apps"));
      for (const auto& n : app->manifest().value("icons", nlohmann::json::array())) names.push_back(n.get<std::string>());
    }
    ImFontGlyphRangesBuilder b;
    for (const std::string& n : names) {
      auto it = icon_codepoints().find(n);
      if (it == icon_codepoints().end()) throw std::runtime_error("icon font has no icon \"" + n + "\"");
      b.AddChar(it->second);
    }
    b.BuildRanges(&icon_ranges);
  }
  static const ImWchar kText[] = {0x0020, 0x00FF, 0x2022, 0x2022, 0x2026, 0x2026, 0};
  static const ImWchar kDigits[] = {0x0020, 0x003A, 0x0041, 0x0041, 0x004D, 0x004D, 0x0050, 0x0050, 0};
  static const ImWchar kMarkDigits[] = {0x0020, 0x0020, 0x0030, 0x0039, 0};
  auto check = [](const char* path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw std::runtime_error(std::string("font file not found: ") + path +
                                     " (install fonts-roboto and fonts-material-design-icons-iconfont)");
  };
  check(PG_FONT_TEXT);
  check(PG_FONT_TEXT_MEDIUM);
  check(PG_FONT_ICONS);
  for (int bake = 0; bake < kBakes; ++bake)
  for (int i = 0; i < kFontCount; ++i) {
    const FontSpec& s = kFontSpecs[i];
    ImFontConfig cfg;
    cfg.OversampleH = 1;
    cfg.OversampleV = 1;
    cfg.PixelSnapH = true;
    const char* path = s.icons ? PG_FONT_ICONS : (s.medium ? PG_FONT_TEXT_MEDIUM : PG_FONT_TEXT);
    const ImWchar* ranges = s.icons                                 ? icon_ranges.Data
                            : i == static_cast<int>(Font::Display) ? kDigits
                            : i == static_cast<int>(Font::Mark)    ? kMarkDigits
                                                                   : kText;
    g_fonts[bake][i] = atlas.AddFontFromFileTTF(path, std::round(s.size_dp * kAtlasDensities[bake]), &cfg, ranges);
    if (!g_fonts[bake][i]) throw std::runtime_error(std::string("cannot load font ") + path);
  }
  atlas.TexDesiredWidth = 4096;
  if (!atlas.Build()) throw std::runtime_error("font atlas build failed");
  unsigned char* px = nullptr;  // make the RGBA32 texture now: it is made lazily, once, otherwise
  int w = 0, h = 0;
  atlas.GetTexDataAsRGBA32(&px, &w, &h);
}
}  // namespace

ImFontAtlas& shared_font_atlas() {
  static ImFontAtlas* atlas = [] {
    auto* a = new ImFontAtlas();  // lives as long as the process: contexts on every thread use it
    build_fonts(*a);
    return a;
  }();
  return *atlas;
}

const Screen& Ui::screen() { return t_screen; }

ScreenScope::ScreenScope(const Screen& s) : saved_(t_screen) { t_screen = s; }
ScreenScope::~ScreenScope() { t_screen = saved_; }

Ui::Ui(ImDrawList* draw, Phone& phone) : draw_(draw), phone_(phone) {
  t_screen = phone.screen();
  const nlohmann::json& os = phone.os();
  auto theme = os.find("theme");
  std::string accent;
  if (theme != os.end() && theme->is_object()) {
    auto a = theme->find("accent");
    if (a != theme->end() && a->is_string()) accent = a->get<std::string>();
  }
  set_frame_palette(accent);
  t_night = dark_theme(os);
  // Dates in the device's forced locale (a robustness condition), else in the user's os.locale.
  std::string locale = "en-US";
  if (auto l = os.find("locale"); l != os.end() && l->is_string()) locale = l->get<std::string>();
  if (auto d = os.find("device"); d != os.end() && d->is_object())
    if (auto l = d->find("locale"); l != d->end() && l->is_string()) locale = l->get<std::string>();
  set_thread_locale(locale);
}

std::uint32_t Ui::themed(std::uint32_t rgb) { return frame_colour(rgb); }

bool dark_theme(const nlohmann::json& os) {
  if (auto d = os.find("device"); d != os.end() && d->is_object()) {
    auto it = d->find("dark");
    if (it != d->end() && *it == true) return true;
  }
  return dark_theme_setting(os);
}

bool dark_theme_setting(const nlohmann::json& os) {
  auto s = os.find("settings");
  if (s == os.end() || !s->is_object()) return false;
  auto sec = s->find("secure");
  if (sec == s->end() || !sec->is_object()) return false;
  auto m = sec->find("ui_night_mode");
  return m != sec->end() && m->is_number_integer() && m->get<int>() == 2;
}

ContentColours::ContentColours() { ++t_content_depth; }
ContentColours::~ContentColours() { --t_content_depth; }

Rect Ui::to_screen(const Rect& dp) const {
  Rect r{dp.l * density(), (dp.t + dy()) * density(), dp.r * density(), (dp.b + dy()) * density()};
  if (in_scroll_) {
    r.t = std::max(r.t, scroll_area_.t * density());
    r.b = std::min(r.b, scroll_area_.b * density());
  }
  return r;
}

namespace {
/// Grows a rectangle (dp) around its centre to at least 48x48 dp: Material's minimum touch
/// target, for widgets that are drawn smaller (switches, text buttons).
Rect touch_target(const Rect& r) {
  constexpr float kMin = 48;
  Rect t = r;
  if (t.w() < kMin) {
    const float c = (t.l + t.r) / 2;
    t.l = c - kMin / 2;
    t.r = c + kMin / 2;
  }
  if (t.h() < kMin) {
    const float c = (t.t + t.b) / 2;
    t.t = c - kMin / 2;
    t.b = c + kMin / 2;
  }
  return t;
}
}  // namespace

void Ui::fill(const Rect& r, std::uint32_t rgb, float radius, float alpha) {
  draw_->AddRectFilled(ImVec2(r.l * density(), (r.t + dy()) * density()), ImVec2(r.r * density(), (r.b + dy()) * density()), col(rgb, alpha),
                       radius * density());
}

void Ui::stroke(const Rect& r, std::uint32_t rgb, float radius, float thickness) {
  draw_->AddRect(ImVec2(r.l * density(), (r.t + dy()) * density()), ImVec2(r.r * density(), (r.b + dy()) * density()), col(rgb, 1), radius * density(),
                 0, thickness * density());
}

void Ui::push_clip(const Rect& r) {
  draw_->PushClipRect(ImVec2(r.l * density(), (r.t + dy()) * density()), ImVec2(r.r * density(), (r.b + dy()) * density()), true);
}

void Ui::pop_clip() { draw_->PopClipRect(); }

void Ui::gradient(const Rect& r, std::uint32_t top, std::uint32_t bottom) {
  draw_->AddRectFilledMultiColor(ImVec2(r.l * density(), (r.t + dy()) * density()), ImVec2(r.r * density(), (r.b + dy()) * density()), col(top, 1),
                                 col(top, 1), col(bottom, 1), col(bottom, 1));
}

void Ui::circle(float cx, float cy, float radius, std::uint32_t rgb, float alpha) {
  draw_->AddCircleFilled(ImVec2(cx * density(), (cy + dy()) * density()), radius * density(), col(rgb, alpha), 48);
}

void Ui::line(float x0, float y0, float x1, float y1, std::uint32_t rgb, float thickness, float alpha) {
  draw_->AddLine(ImVec2(x0 * density(), (y0 + dy()) * density()), ImVec2(x1 * density(), (y1 + dy()) * density()), col(rgb, alpha), thickness * density());
}

void Ui::polyline(const std::vector<float>& pts, std::uint32_t rgb, float thickness, float alpha) {
  // Segment by segment with a round cap at every joint: no spikes at sharp turns.
  for (std::size_t i = 0; i + 3 < pts.size(); i += 2) line(pts[i], pts[i + 1], pts[i + 2], pts[i + 3], rgb, thickness, alpha);
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) circle(pts[i], pts[i + 1], thickness / 2, rgb, alpha);
}

void Ui::polygon_fill(const std::vector<float>& pts, std::uint32_t rgb, float alpha) {
  std::vector<ImVec2> v;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) v.emplace_back(pts[i] * density(), (pts[i + 1] + dy()) * density());
  if (v.size() >= 3) draw_->AddConvexPolyFilled(v.data(), static_cast<int>(v.size()), col(rgb, alpha));
}

float Ui::text_width(const std::string& s, Font f) const {
  return font(f)->CalcTextSizeA(font_px(f), 1e9f, 0, s.c_str()).x / density();
}

std::string Ui::ellipsize(std::string s, Font f, float max_w) const {
  if (text_width(s, f) <= max_w) return s;
  static const std::string kEllipsis = "\xE2\x80\xA6";
  // The longest prefix ending at a character boundary before the end, trailing spaces trimmed,
  // that fits with "…" after it. Its width only grows with its length, so a binary search over
  // the boundaries finds it in O(n log n) (a long text would make a scan from the end quadratic).
  std::vector<std::size_t> cuts;  // character boundaries before the end, ascending
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) cuts.push_back(i);
  auto trimmed = [&](std::size_t n) {
    while (n > 0 && s[n - 1] == ' ') --n;
    return n;
  };
  auto fits = [&](std::size_t n) { return text_width(s.substr(0, trimmed(n)) + kEllipsis, f) <= max_w; };
  std::size_t lo = 0, hi = cuts.size();  // cuts[0, lo) fit; cuts[hi, ...) do not
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (fits(cuts[mid])) lo = mid + 1;
    else hi = mid;
  }
  s.resize(lo == 0 ? 0 : trimmed(cuts[lo - 1]));
  return s + kEllipsis;
}

float Ui::text_fit(float x, float y, const std::string& s, Font f, std::uint32_t rgb, float max_w) {
  return text(x, y, ellipsize(s, f, max_w), f, rgb);
}

float Ui::line_height(Font f) const { return font_px(f) / density(); }

float Ui::text(float x, float y, const std::string& s, Font f, std::uint32_t rgb, float alpha) {
  draw_->AddText(font(f), font_px(f), ImVec2(std::round(x * density()), std::round((y + dy()) * density())), col(rgb, alpha),
                 s.c_str());
  const float w = text_width(s, f);
  if (!s.empty()) {
    const Rect clip = in_scroll_ ? Rect{scroll_area_.l * density(), scroll_area_.t * density(), scroll_area_.r * density(), scroll_area_.b * density()}
                                 : Rect{0, 0, width_dp() * density(), height_dp() * density()};
    texts_.push_back({{x * density(), (y + dy()) * density(), (x + w) * density(), (y + dy() + line_height(f)) * density()}, clip, s});
  }
  return w;
}

void Ui::text_centered(float l, float r, float y, const std::string& s, Font f, std::uint32_t rgb) {
  text(l + (r - l - text_width(s, f)) / 2, y, s, f, rgb);
}

void Ui::icon(float cx, float cy, const std::string& name, Font f, std::uint32_t rgb, float alpha) {
  auto it = icon_codepoints().find(name);
  if (it == icon_codepoints().end()) throw std::logic_error("unknown icon \"" + name + "\"");
  char utf8[5] = {};
  ImWchar c = it->second;  // BMP private-use area: 3 bytes of UTF-8
  utf8[0] = static_cast<char>(0xE0 | (c >> 12));
  utf8[1] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
  utf8[2] = static_cast<char>(0x80 | (c & 0x3F));
  float size = font_px(f) / density();
  draw_->AddText(font(f), font_px(f), ImVec2(std::round((cx - size / 2) * density()), std::round((cy - size / 2 + dy()) * density())),
                 col(rgb, alpha), utf8);
}

void Ui::cover(const Rect& dp) {
  covers_.push_back({{dp.l * density(), dp.t * density(), dp.r * density(), dp.b * density()}, texts_.size(), nodes_.size()});
}

namespace {
bool overlaps(const Rect& a, const Rect& b) {
  return std::min(a.r, b.r) > std::max(a.l, b.l) && std::min(a.b, b.b) > std::max(a.t, b.t);
}
}  // namespace

bool Ui::text_covered(std::size_t i) const {
  for (const Cover& c : covers_)
    if (i < c.texts && overlaps(texts_[i].box, c.px)) return true;
  return false;
}

bool Ui::node_covered(std::size_t i) const {
  for (const Cover& c : covers_)
    if (i < c.nodes && overlaps(nodes_[i].bounds, c.px)) return true;
  return false;
}

Node& Ui::node(const std::string& id, const std::string& cls, const Rect& dp) {
  nodes_.emplace_back();
  Node& n = nodes_.back();
  n.id = id;
  n.cls = cls;
  n.bounds = to_screen(dp);
  n.clipped = in_scroll_ && (n.bounds.t > (dp.t + dy()) * density() + 0.5f || n.bounds.b < (dp.b + dy()) * density() - 0.5f);
  return n;
}

void Ui::top_bar(const std::string& id, const std::string& title, bool back_arrow) {
  Rect area = content_area();
  float x = 16;
  if (back_arrow) {
    icon_button(id + ".back", 28, area.t + 32, "arrow_back", "Navigate up", color::kOnSurface,
                [](Phone& p) { p.back(); });
    x = 64;
  }
  text(x, area.t + 32 - line_height(Font::Title) / 2 - 2, title, Font::Title, color::kOnSurface);
  Node& n = node(id, "android.widget.TextView", {x, area.t + 12, x + text_width(title, Font::Title), area.t + 52});
  n.text = title;
  set_cursor(area.t + 64);
}

float Ui::list_row(const std::string& id, const std::string& title, const std::string& subtitle,
                   const std::string& icon_name, Handler on_click) {
  const float h = subtitle.empty() ? 56 : 72;
  const float y = cursor_y_;
  float x = 16;
  if (!icon_name.empty()) {
    icon(28, y + h / 2, icon_name, Font::Icon, color::kOnSurfaceVariant);
    x = 56;
  }
  if (subtitle.empty()) {
    text(x, y + (h - line_height(Font::BodyLarge)) / 2 - 1, title, Font::BodyLarge, color::kOnSurface);
  } else {
    text(x, y + 13, title, Font::BodyLarge, color::kOnSurface);
    text(x, y + 38, subtitle, Font::Body, color::kOnSurfaceVariant);
  }
  Node& n = node(id, "android.widget.LinearLayout", {0, y, width_dp(), y + h});
  n.text = title;
  n.desc = subtitle;
  n.clickable = static_cast<bool>(on_click);
  n.on_click = std::move(on_click);
  advance(h);
  return h;
}

float Ui::switch_row(const std::string& id, const std::string& title, const std::string& subtitle,
                     const std::string& icon_name, bool checked, Handler on_toggle) {
  const float y = cursor_y_;
  const float h = list_row(id, title, subtitle, icon_name, on_toggle);
  switch_at(id + ".switch", width_dp() - 16 - 52, y + (h - 32) / 2, checked, on_toggle);
  // The row itself reads as the checkable element (as Android's SwitchPreference does).
  for (auto it = nodes_.rbegin(); it != nodes_.rend(); ++it)
    if (it->id == id) {
      it->checkable = true;
      it->checked = checked;
      break;
    }
  return h;
}

void Ui::switch_at(const std::string& id, float x, float y, bool checked, Handler on_toggle) {
  Rect track{x, y, x + 52, y + 32};
  if (checked) {
    fill(track, color::kPrimary, 16);
    circle(x + 52 - 16, y + 16, 12, color::kOnPrimary);
    icon(x + 52 - 16, y + 16, "check", Font::IconSmall, color::kPrimary);
  } else {
    fill(track, color::kSurfaceVariant, 16);
    stroke(track, color::kOutline, 16, 2);
    circle(x + 16, y + 16, 8, color::kOutline);
  }
  Node& n = node(id, "android.widget.Switch", touch_target(track));
  n.text = checked ? "ON" : "OFF";
  n.clickable = true;
  n.checkable = true;
  n.checked = checked;
  n.on_click = std::move(on_toggle);
}

namespace {
std::size_t prev_boundary(const std::string& s, std::size_t i) {
  if (i == 0) return 0;
  --i;
  while (i > 0 && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) --i;
  return i;
}
std::size_t next_boundary(const std::string& s, std::size_t i) {
  if (i >= s.size()) return s.size();
  ++i;
  while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
  return i;
}
}  // namespace

namespace {
/// The string at JSON pointer `path` of the phone's state, or "".
std::string string_at(const Phone& phone, const std::string& path) {
  const nlohmann::json* v = phone.find(nlohmann::json::json_pointer(path));
  return v && v->is_string() ? v->get<std::string>() : std::string();
}
}  // namespace

Node& Ui::text_field(const std::string& id, const Rect& r, const std::string& label, const std::string& path,
                     const std::string& placeholder, bool password) {
  FieldStyle style;
  style.password = password;
  return field(id, r, label, path, placeholder, style, false);
}

void Ui::button(const std::string& id, const Rect& r, const std::string& label, bool filled, Handler on_click) {
  if (filled) fill(r, color::kPrimary, r.h() / 2);
  float ty = r.t + (r.h() - line_height(Font::Body)) / 2 - 1;
  text_centered(r.l, r.r, ty, label, Font::Body, filled ? color::kOnPrimary : color::kPrimary);
  Node& n = node(id, "android.widget.Button", touch_target(r));
  n.text = label;
  n.clickable = true;
  n.on_click = std::move(on_click);
}

void Ui::filled_button(const std::string& id, const Rect& r, const std::string& label, std::uint32_t bg,
                       std::uint32_t ink, Handler on_click, bool enabled, Font f) {
  fill(r, enabled ? bg : color::kSurfaceVariant, r.h() / 2);
  text_centered(r.l, r.r, r.t + (r.h() - line_height(f)) / 2 - 1, ellipsize(label, f, r.w() - 24), f,
                enabled ? ink : color::kOutline);
  Node& n = node(id, "android.widget.Button", touch_target(r));
  n.text = label;
  n.enabled = enabled;
  n.clickable = enabled && static_cast<bool>(on_click);
  if (n.clickable) n.on_click = std::move(on_click);
}

void Ui::outlined_button(const std::string& id, const Rect& r, const std::string& label, Handler on_click,
                         std::uint32_t ink) {
  stroke(r, color::kOutline, r.h() / 2);
  text_centered(r.l, r.r, r.t + (r.h() - line_height(Font::Body)) / 2 - 1, ellipsize(label, Font::Body, r.w() - 24),
                Font::Body, ink);
  Node& n = node(id, "android.widget.Button", touch_target(r));
  n.text = label;
  n.clickable = static_cast<bool>(on_click);
  n.on_click = std::move(on_click);
}

Node& Ui::filled_field(const std::string& id, const Rect& r, const std::string& label, const std::string& path,
                       const std::string& placeholder, const FieldStyle& style) {
  return field(id, r, label, path, placeholder, style, true);
}

namespace {
constexpr const char* kEllipsis = "\xE2\x80\xA6";

/// The part of a single-line field's value in view: bytes [begin, end), with a "…" before it
/// when it does not start the value and after it when it does not end it. The caret stays in
/// view: with the caret in the tail the end of the value shows (as a scrolled EditText); with the
/// caret further left, the view ends just after the caret.
struct LineWindow {
  std::size_t begin = 0, end = 0;
  bool lead = false, trail = false;
};
LineWindow line_window(const std::string& v, std::size_t caret, Font f, float room) {
  if (text_width_of(v, 0, v.size(), f) <= room) return {0, v.size(), false, false};
  const float e = text_width_of(kEllipsis, 0, 3, f);
  // The longest tail (the first character boundary) that fits behind "…": a tail's width only
  // shrinks as it starts later, so a binary search over the boundaries (a scan is quadratic).
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i <= v.size(); i = next_boundary(v, i)) {
    starts.push_back(i);
    if (i == v.size()) break;
  }
  std::size_t lo = 0, hi = starts.size() - 1;  // starts[hi] (the end) always fits
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (e + text_width_of(v, starts[mid], v.size(), f) > room) lo = mid + 1;
    else hi = mid;
  }
  const std::size_t cut = starts[lo];
  if (caret >= cut) return {cut, v.size(), true, false};
  std::size_t begin = caret, end = caret;  // grow left from the caret, then right
  auto fits = [&](std::size_t b, std::size_t en) {
    return (b > 0 ? e : 0) + text_width_of(v, b, en, f) + (en < v.size() ? e : 0) <= room;
  };
  while (begin > 0 && fits(prev_boundary(v, begin), end)) begin = prev_boundary(v, begin);
  while (end < v.size() && fits(begin, next_boundary(v, end))) end = next_boundary(v, end);
  return {begin, end, begin > 0, end < v.size()};
}

/// A caret bar (2 dp, the accent colour) centred on x, one BodyLarge line tall from y.
Rect caret_rect(float x, float y, float line_h) { return {x - 1, y, x + 1, y + line_h + 2}; }
}  // namespace

LineView draw_line_value(Ui& ui, const std::string& value, float x, float y, float room, Font f, std::uint32_t rgb,
                         std::size_t caret, std::uint32_t accent) {
  const std::size_t at = caret == std::string::npos ? value.size() : utf8_offset(value, caret);
  const LineWindow win = line_window(value, at, f, room);
  const float lead_w = win.lead ? text_width_of(kEllipsis, 0, 3, f) : 0;
  if (!value.empty())
    ui.text(x, y, (win.lead ? kEllipsis : "") + value.substr(win.begin, win.end - win.begin) + (win.trail ? kEllipsis : ""),
            f, rgb);
  if (caret != std::string::npos)
    ui.fill(caret_rect(x + lead_w + text_width_of(value, win.begin, std::max(at, win.begin), f) + 1, y, ui.line_height(f)),
            accent);
  return {value.substr(win.begin, win.end - win.begin), utf8_index(value, win.begin), x + lead_w, f};
}

void place_caret(Phone& p, const LineView& view) {
  const float x = static_cast<float>(p.pointer_x_px()) / density() - view.left;
  set_text_cursor(p, view.first + utf8_index(view.shown, offset_at_x(view.shown, {0, view.shown.size()}, view.font, x)));
}

Node& Ui::field(const std::string& id, const Rect& r, const std::string& label, const std::string& path,
                const std::string& placeholder, const FieldStyle& style, bool centre_unlabelled) {
  std::string value = string_at(phone_, path);
  if (style.password) {  // one dot per UTF-8 code point, as Android's PasswordTransformationMethod
    std::string dots;
    for (unsigned char c : value)
      if ((c & 0xC0) != 0x80) dots += "\xE2\x80\xA2";
    value = dots;
  }
  const bool focused = phone_.focused_id() == id;
  if (style.pill) {
    fill(r, 0xF2F2F2, r.h() / 2);
  } else {
    fill(r, color::kSurfaceContainer, 4);
    fill({r.l, r.b - (focused ? 2.f : 1.f), r.r, r.b}, focused ? style.accent : color::kOnSurfaceVariant);
  }
  if (!label.empty()) text(r.l + 16, r.t + 8, label, Font::Label, focused ? style.accent : color::kOnSurfaceVariant);
  const float tx = r.l + 16;
  const float ty = label.empty() && centre_unlabelled ? r.t + (r.h() - line_height(Font::BodyLarge)) / 2 - 1 : r.t + 26;
  // The caret is a code point index: the same in the value and in its password dots.
  LineView view{"", 0, tx, Font::BodyLarge};
  if (value.empty() && !placeholder.empty())
    text(tx, ty, ellipsize(placeholder, Font::BodyLarge, r.w() - 32), Font::BodyLarge, color::kOnSurfaceVariant, 0.6f);
  if (!value.empty() || focused)  // room for the text and the caret
    view = draw_line_value(*this, value, tx, ty, r.w() - 36, Font::BodyLarge, color::kOnSurface,
                           focused ? text_cursor(phone_) : std::string::npos, style.accent);
  Node& n = node(id, "android.widget.EditText", r);
  n.text = value;
  n.desc = label.empty() ? placeholder : label;
  n.clickable = n.focusable = true;
  n.focused = focused;
  n.password = style.password;
  // A tap focuses the field with the caret at the end; a tap on the focused field moves the
  // caret to the character boundary nearest the finger (in the part of the value in view).
  n.on_click = [id, path, layout = style.layout, on_focus = style.on_focus, view](Phone& p) {
    const bool was_focused = p.focused_id() == id;
    p.focus(id, path, layout);
    if (was_focused) place_caret(p, view);
    if (on_focus) on_focus(p);
  };
  return n;
}

namespace {
/// The tap handler of a multi-line field: focuses it (caret at the end); on the focused field,
/// moves the caret to the point tapped in the text laid out in `box`.
Handler multiline_tap(const std::string& id, const std::string& path, const TextBox& box, Handler on_focus) {
  return [id, path, box, on_focus](Phone& p) {
    const bool was_focused = p.focused_id() == id;
    p.focus_multiline(id, path);
    if (was_focused) set_text_cursor(p, index_at_point(string_at(p, path), box, p.pointer_x_px(), p.pointer_y_px()));
    if (on_focus) on_focus(p);
  };
}
}  // namespace

float Ui::text_area(const std::string& id, float x, float y, float w, float min_h, const std::string& label,
                    const std::string& path, const std::string& placeholder, const FieldStyle& style) {
  const std::string value = string_at(phone_, path);
  const bool focused = phone_.focused_id() == id;
  constexpr float kLineH = 22;
  const std::vector<TextLine> lines = value.empty() ? std::vector<TextLine>{} : wrap_lines(value, Font::BodyLarge, w - 32);
  const float h = std::max(min_h, 34 + static_cast<float>(std::max<std::size_t>(lines.size(), 1)) * kLineH + 10);
  const Rect r{x, y, x + w, y + h};
  fill(r, color::kSurfaceContainer, 4);
  fill({r.l, r.b - (focused ? 2.f : 1.f), r.r, r.b}, focused ? style.accent : color::kOnSurfaceVariant);
  text(x + 16, y + 8, label, Font::Label, focused ? style.accent : color::kOnSurfaceVariant);
  float ly = y + 28;
  if (value.empty())
    text(x + 16, ly, ellipsize(placeholder, Font::BodyLarge, w - 32), Font::BodyLarge, color::kOnSurfaceVariant, 0.6f);
  for (const TextLine& l : lines) {
    text(x + 16, ly, value.substr(l.begin, l.end - l.begin), Font::BodyLarge, color::kOnSurface);
    ly += kLineH;
  }
  if (focused) {
    const std::size_t caret = utf8_offset(value, text_cursor(phone_));
    const std::size_t li = lines.empty() ? 0 : caret_line(lines, caret);
    const float cx = lines.empty() ? 0 : text_width_of(value, lines[li].begin, caret, Font::BodyLarge);
    fill(caret_rect(x + 16 + cx + 1, y + 28 + static_cast<float>(li) * kLineH, line_height(Font::BodyLarge)), style.accent);
  }
  Node& n = item(id, "android.widget.EditText", r, value, {});
  n.desc = label;
  n.clickable = n.focusable = true;
  n.focused = focused;
  n.on_click = multiline_tap(id, path, {Font::BodyLarge, x + 16, y + 28 + dy(), w - 32, kLineH, 0}, style.on_focus);
  return h;
}

float Ui::compose_area(const std::string& id, float x, float y, float w, float min_h, const std::string& path,
                       const std::string& placeholder, int max_lines, const FieldStyle& style) {
  const std::string value = string_at(phone_, path);
  const bool focused = phone_.focused_id() == id;
  constexpr float kLineH = 24;
  const std::vector<TextLine> lines = value.empty() ? std::vector<TextLine>{} : wrap_lines(value, Font::BodyLarge, w - 8);
  const std::size_t caret = focused ? utf8_offset(value, text_cursor(phone_)) : value.size();
  const std::size_t cl = lines.empty() ? 0 : caret_line(lines, caret);
  // At most max_lines in view: the last ones, or from the caret's line when it is above them.
  const std::size_t shown = std::min(lines.size(), static_cast<std::size_t>(std::max(max_lines, 1)));
  const std::size_t first = std::min(lines.size() - shown, cl);
  float ly = y + 4;
  if (value.empty()) text(x, ly, ellipsize(placeholder, Font::BodyLarge, w), Font::BodyLarge, color::kOnSurfaceVariant, 0.7f);
  for (std::size_t i = first; i < first + shown; ++i) {
    text(x, ly, value.substr(lines[i].begin, lines[i].end - lines[i].begin), Font::BodyLarge, color::kOnSurface);
    ly += kLineH;
  }
  if (focused) {
    const float cx = lines.empty() ? 0 : text_width_of(value, lines[cl].begin, caret, Font::BodyLarge);
    fill(caret_rect(x + cx + 1, y + 4 + static_cast<float>(cl - first) * kLineH, line_height(Font::BodyLarge)), style.accent);
  }
  const float h = std::max(min_h, static_cast<float>(shown) * kLineH + 16);
  Node& n = item(id, "android.widget.EditText", {x - 4, y, x + w, y + h}, value, {});
  n.desc = placeholder;
  n.clickable = n.focusable = true;
  n.focused = focused;
  n.on_click = multiline_tap(id, path, {Font::BodyLarge, x, y + 4 + dy(), w - 8, kLineH, first}, style.on_focus);
  return h;
}

void Ui::breadcrumb(const std::string& prefix, const std::vector<Crumb>& crumbs, float y, float max_label_w,
                    std::uint32_t current_bg, std::uint32_t current_ink) {
  const float pad = 12, chevron = 20, max_w = width_dp() - 32;
  const std::string dots = "\xE2\x80\xA6";
  auto crumb_w = [&](const std::string& label) { return std::max(std::min(text_width(label, Font::Body), max_label_w) + 2 * pad, 48.f); };
  auto width_of = [&](std::size_t from) {
    float w = from > 0 ? text_width(dots, Font::Body) + chevron : 0;
    for (std::size_t i = from; i < crumbs.size(); ++i) w += crumb_w(crumbs[i].label) + (i + 1 < crumbs.size() ? chevron : 0);
    return w;
  };
  std::size_t from = 0;
  while (from + 1 < crumbs.size() && width_of(from) > max_w) ++from;
  float x = 16;
  if (from > 0) {
    x += text(x, y + 15, dots, Font::Body, color::kOnSurfaceVariant);
    icon(x + chevron / 2, y + 24, "chevron_right", Font::IconSmall, color::kOnSurfaceVariant);
    x += chevron;
  }
  for (std::size_t i = from; i < crumbs.size(); ++i) {
    const bool last = i + 1 == crumbs.size();
    const std::string label = ellipsize(crumbs[i].label, Font::Body, std::min(max_label_w, max_w - (x - 16) - 2 * pad));
    const float w = std::max(text_width(label, Font::Body) + 2 * pad, 48.f);
    if (last) fill({x, y + 8, x + w, y + 40}, current_bg, 16);
    text(x + pad, y + 15, label, Font::Body, last ? current_ink : color::kOnSurfaceVariant);
    Node& n = item(prefix + crumbs[i].key, "android.widget.Button", {x, y, x + w, y + 48}, crumbs[i].label,
                   crumbs[i].on_click);
    n.selected = last;
    x += w;
    if (!last) {
      icon(x + chevron / 2, y + 24, "chevron_right", Font::IconSmall, color::kOnSurfaceVariant);
      x += chevron;
    }
  }
}

float Ui::stars(float x, float cy, int rating_x10, float step, Font f, std::uint32_t rgb) {
  for (int i = 0; i < 5; ++i) {
    const int v = rating_x10 - i * 10;
    icon(x + step * static_cast<float>(i) + step / 2, cy, v >= 8 ? "star" : v >= 3 ? "star_half" : "star_border", f, rgb);
  }
  return step * 5;
}

void Ui::icon_button(const std::string& id, float cx, float cy, const std::string& icon_name,
                     const std::string& desc, std::uint32_t rgb, Handler on_click) {
  icon(cx, cy, icon_name, Font::Icon, rgb);
  Node& n = node(id, "android.widget.ImageButton", {cx - 24, cy - 24, cx + 24, cy + 24});
  n.desc = desc;
  n.clickable = true;
  n.on_click = std::move(on_click);
}

void Ui::fab(const std::string& id, const std::string& icon_name, const std::string& desc, Handler on_click) {
  Rect area = content_area();
  Rect r{area.r - 16 - 56, area.b - 16 - 56, area.r - 16, area.b - 16};
  fill({r.l + 1, r.t + 3, r.r + 1, r.b + 3}, 0x000000, 16, 0.12f);  // elevation shadow
  fill(r, color::kPrimaryContainer, 16);
  cover(r);  // it floats over the content below it
  icon((r.l + r.r) / 2, (r.t + r.b) / 2, icon_name, Font::Icon, color::kOnPrimaryContainer);
  Node& n = node(id, "android.widget.ImageButton", r);
  n.desc = desc;
  n.clickable = true;
  n.on_click = std::move(on_click);
}

void Ui::begin_scroll(const std::string& id, const Rect& area, const std::string& scroll_path) {
  const nlohmann::json* stored = phone_.find(nlohmann::json::json_pointer(scroll_path));
  const int offset_px = stored && stored->is_number_integer() ? stored->get<int>() : 0;
  Node& n = node(id, "androidx.recyclerview.widget.RecyclerView", area);
  n.scrollable = true;
  n.scroll_path = scroll_path;
  scroll_node_ = nodes_.size() - 1;
  scroll_area_ = area;
  scroll_offset_dp_ = static_cast<float>(offset_px) / density();
  scroll_content_top_ = area.t;
  in_scroll_ = true;
  cursor_y_ = area.t;
  draw_->PushClipRect(ImVec2(area.l * density(), area.t * density()), ImVec2(area.r * density(), area.b * density()), true);
}

void Ui::end_scroll() {
  draw_->PopClipRect();
  in_scroll_ = false;
  float content_h = cursor_y_ - scroll_content_top_;
  int max_px = static_cast<int>(std::max(0.0f, content_h - scroll_area_.h()) * density());
  nodes_[scroll_node_].scroll_max = max_px;
  // Nodes scrolled fully out of view are not on screen: drop them (uiautomator lists visible ones).
  nodes_.erase(std::remove_if(nodes_.begin() + static_cast<long>(scroll_node_) + 1, nodes_.end(),
                              [](const Node& n) { return n.bounds.b <= n.bounds.t; }),
               nodes_.end());
}

// ---------------------------------------------------------------- text

namespace {
void drop_code_point(std::string& t) {
  while (!t.empty() && (static_cast<unsigned char>(t.back()) & 0xC0) == 0x80) t.pop_back();
  if (!t.empty()) t.pop_back();
}
}  // namespace

std::vector<std::string> Ui::wrap(const std::string& text, Font f, float w, int max_lines) const {
  std::vector<std::string> lines;
  auto flush_para = [&](const std::string& p) {
    std::string line;
    std::size_t i = 0;
    while (i <= p.size()) {
      std::size_t sp = p.find(' ', i);
      if (sp == std::string::npos) sp = p.size();
      std::string word = p.substr(i, sp - i);
      const std::string cand = line.empty() ? word : line + " " + word;
      if (text_width(cand, f) <= w) {
        line = cand;
      } else {
        if (!line.empty()) lines.push_back(line);
        line.clear();
        while (text_width(word, f) > w) {  // break a word wider than the line
          std::string head = word;
          while (!head.empty() && text_width(head, f) > w) drop_code_point(head);
          if (head.empty()) break;
          lines.push_back(head);
          word = word.substr(head.size());
        }
        line = word;
      }
      i = sp + 1;
    }
    lines.push_back(line);
  };
  std::size_t start = 0;
  while (true) {
    const std::size_t nl = text.find('\n', start);
    flush_para(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  if (max_lines > 0 && static_cast<int>(lines.size()) > max_lines) {
    lines.resize(static_cast<std::size_t>(max_lines));
    std::string& last = lines.back();  // cut: the last line always ends in the ellipsis
    while (!last.empty() && text_width(last + "\xE2\x80\xA6", f) > w) drop_code_point(last);
    last += "\xE2\x80\xA6";
  }
  return lines;
}

// ---------------------------------------------------------------- editable text layout


float text_width_of(const std::string& s, std::size_t begin, std::size_t end, Font f) {
  if (end <= begin) return 0;
  return font(f)->CalcTextSizeA(font_px(f), 1e9f, 0, s.data() + begin, s.data() + end).x / density();
}

std::vector<TextLine> wrap_lines(const std::string& s, Font f, float w) {
  std::vector<TextLine> lines;
  auto width = [&](std::size_t a, std::size_t b) { return text_width_of(s, a, b, f); };
  std::size_t ps = 0;
  while (true) {
    std::size_t pe = s.find('\n', ps);
    if (pe == std::string::npos) pe = s.size();
    std::size_t ls = ps, le = ps;
    bool have = false;  // the line holds at least one (maybe empty) word
    for (std::size_t i = ps; i <= pe;) {
      std::size_t sp = s.find(' ', i);
      if (sp == std::string::npos || sp > pe) sp = pe;
      const std::size_t from = have ? ls : i;
      if (width(from, sp) <= w) {
        ls = from;
      } else {
        if (have) lines.push_back({ls, le});
        ls = i;
        while (width(ls, sp) > w) {  // break a word wider than the line
          std::size_t head = sp;
          while (head > ls && width(ls, head) > w) head = prev_boundary(s, head);
          if (head == ls) break;
          lines.push_back({ls, head});
          ls = head;
        }
      }
      le = sp;
      have = true;
      i = sp + 1;
    }
    lines.push_back({ls, le});
    if (pe == s.size()) break;
    ps = pe + 1;
  }
  return lines;
}

std::size_t caret_line(const std::vector<TextLine>& lines, std::size_t offset) {
  std::size_t k = 0;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].begin <= offset) k = i;
  return k;
}

std::size_t offset_at_x(const std::string& s, const TextLine& line, Font f, float x) {
  std::size_t best = line.begin;
  float best_d = std::fabs(x);
  for (std::size_t b = next_boundary(s, line.begin); b <= line.end && b > line.begin; b = next_boundary(s, b)) {
    const float d = std::fabs(text_width_of(s, line.begin, b, f) - x);
    if (d < best_d) best = b, best_d = d;
    if (b == line.end) break;
  }
  return best;
}

std::size_t index_at_point(const std::string& s, const TextBox& box, int x_px, int y_px) {
  const std::vector<TextLine> lines = wrap_lines(s, box.font, box.wrap_w);
  const float rows = std::floor((static_cast<float>(y_px) / density() - box.top) / box.line_h);
  const std::size_t last = lines.size() - 1;
  const std::size_t li =
      rows <= 0 ? std::min(box.first_line, last) : std::min(box.first_line + static_cast<std::size_t>(rows), last);
  return utf8_index(s, offset_at_x(s, lines[li], box.font, static_cast<float>(x_px) / density() - box.left));
}

float Ui::text_wrapped(float x, float y, const std::string& s, Font f, std::uint32_t rgb, float max_w, float line_h) {
  const std::vector<std::string> lines = wrap(s, f, max_w);
  for (std::size_t i = 0; i < lines.size(); ++i) text(x, y + static_cast<float>(i) * line_h, lines[i], f, rgb);
  return static_cast<float>(lines.size()) * line_h;
}

Node& Ui::label(const std::string& id, const Rect& dp, const std::string& s) {
  Node& n = node(id, "android.widget.TextView", dp);
  n.text = s;
  return n;
}

Node& Ui::label_at(const std::string& id, float x, float y, const std::string& s, Font f, std::uint32_t rgb,
                   float max_w, float box_h) {
  const std::string shown = max_w > 0 ? ellipsize(s, f, max_w) : s;
  const float w = text(x, y, shown, f, rgb);
  return label(id, {x, y, x + w, y + (box_h > 0 ? box_h : line_height(f))}, shown);
}

void Ui::headline(const std::string& id, float x, float y, const std::string& title) {
  text(x, y + 4, title, Font::Headline, color::kOnSurface);
  label(id, {x, y, x + text_width(title, Font::Headline), y + 40}, title);
}

// ---------------------------------------------------------------- more widgets

Node& Ui::item(const std::string& id, const std::string& cls, const Rect& dp, const std::string& s, Handler on_click) {
  Node& n = node(id, cls, dp);
  n.text = s;
  n.clickable = static_cast<bool>(on_click);
  n.on_click = std::move(on_click);
  return n;
}

Node& Ui::image(const std::string& id, const Rect& dp, const std::string& desc, Handler on_click) {
  Node& n = node(id, "android.widget.ImageView", dp);
  n.desc = desc;
  n.clickable = static_cast<bool>(on_click);
  n.on_click = std::move(on_click);
  return n;
}

float Ui::bottom_nav(const std::string& prefix, const std::vector<Tab>& tabs, int selected,
                     std::function<void(Phone&, int)> on_select) {
  constexpr float kBarDp = 80;  // Material 3 navigation bar height
  const Rect area = content_area();
  const float y = area.b - kBarDp;
  fill({0, y, width_dp(), area.b}, color::kSurfaceContainer);
  const float w = width_dp() / static_cast<float>(std::max<std::size_t>(tabs.size(), 1));
  for (std::size_t i = 0; i < tabs.size(); ++i) {
    const Tab& t = tabs[i];
    const bool on = static_cast<int>(i) == selected;
    const float l = w * static_cast<float>(i), cx = l + w / 2;
    if (on) fill({cx - 32, y + 12, cx + 32, y + 44}, color::kPrimaryContainer, 16);  // 64x32 indicator pill
    icon(cx, y + 28, t.icon, Font::Icon, on ? color::kOnPrimaryContainer : color::kOnSurfaceVariant);
    // One line, ellipsized (Material's navigation bar): large text can make a label wider than its tab.
    text_centered(l, l + w, y + 51, ellipsize(t.label, Font::Label, w - 8), Font::Label,
                  on ? color::kOnSurface : color::kOnSurfaceVariant);
    Node& n = node(prefix + t.key, "android.widget.FrameLayout", {l, y, l + w, area.b});
    n.text = t.label;
    n.selected = on;
    n.clickable = true;
    n.on_click = [on_select, i](Phone& p) { on_select(p, static_cast<int>(i)); };
  }
  return kBarDp;
}

void Ui::tabs(const std::string& prefix, const Rect& bar, const std::vector<Tab>& tabs, int selected,
              std::function<void(Phone&, int)> on_select) {
  const float w = bar.w() / static_cast<float>(std::max<std::size_t>(tabs.size(), 1));
  fill({bar.l, bar.b - 1, bar.r, bar.b}, color::kSurfaceVariant);  // divider
  for (std::size_t i = 0; i < tabs.size(); ++i) {
    const Tab& t = tabs[i];
    const bool on = static_cast<int>(i) == selected;
    const float l = bar.l + w * static_cast<float>(i);
    const std::string shown = ellipsize(t.label, Font::Body, w - 16);
    text_centered(l, l + w, bar.t + (bar.h() - line_height(Font::Body)) / 2 - 1, shown, Font::Body,
                  on ? color::kPrimary : color::kOnSurfaceVariant);
    if (on) {
      const float tw = std::max(text_width(shown, Font::Body), 24.f);
      fill({l + (w - tw) / 2, bar.b - 3, l + (w + tw) / 2, bar.b}, color::kPrimary, 1.5f);
    }
    Node& n = node(prefix + t.key, "android.widget.TextView", touch_target({l, bar.t, l + w, bar.b}));
    n.text = t.label;
    n.selected = on;
    n.clickable = true;
    n.on_click = [on_select, i](Phone& p) { on_select(p, static_cast<int>(i)); };
  }
}

int Ui::slider_value_at(int px, float l_dp, float r_dp, int max) {
  const int l = static_cast<int>(l_dp * density()), w = static_cast<int>((r_dp - l_dp) * density());
  if (w <= 0 || max <= 0) return 0;
  const int v = ((px - l) * 2 * max + w) / (2 * w);
  return std::clamp(px < l ? 0 : v, 0, max);
}

void Ui::slider(const std::string& id, float l, float r, float y, int value, int max, const std::string& desc,
                std::function<void(Phone&, int)> set) {
  const float frac = max > 0 ? static_cast<float>(std::clamp(value, 0, max)) / static_cast<float>(max) : 0.f;
  const float tx = l + (r - l) * frac;
  fill({l, y - 2, r, y + 2}, color::kSurfaceVariant, 2);
  fill({l, y - 2, std::max(tx, l + 4), y + 2}, color::kPrimary, 2);
  circle(tx, y, 10, color::kPrimary);
  // 12 dp, a quarter of its height, past each end of the track: a tap just beside the track sets
  // the end's value (resolve_target's `at` on a SeekBar counts along the track, sim/input/action.hpp).
  Node& n = node(id, "android.widget.SeekBar", {l - 12, y - 24, r + 12, y + 24});
  n.text = std::to_string(value);
  n.desc = desc;
  n.clickable = true;
  n.on_click = [l, r, max, set](Phone& p) { set(p, slider_value_at(p.pointer_x_px(), l, r, max)); };
}

void Ui::section_header(const std::string& title) {
  text(16, cursor_y_ + 20, title, Font::Label, color::kPrimary);
  advance(48);
}

Node& Ui::chip(const std::string& id, const Rect& r, const std::string& label, bool selected, Handler on_click,
               const std::string& icon_name, const std::string& trailing_icon) {
  const float cy = (r.t + r.b) / 2;
  const Rect pill{r.l, cy - 16, r.r, cy + 16};  // Material 3 chips are 32 dp tall, 8 dp corners
  if (selected) fill(pill, color::kPrimaryContainer, 8);
  stroke(pill, selected ? color::kPrimaryContainer : color::kOutline, 8);
  const std::uint32_t ink = selected ? color::kOnPrimaryContainer : color::kOnSurfaceVariant;
  const float ty = cy - line_height(Font::Body) / 2 - 1;
  if (!trailing_icon.empty()) icon(r.r - 8 - 9, cy, trailing_icon, Font::IconSmall, ink);
  if (icon_name.empty() && trailing_icon.empty()) {
    text_centered(r.l, r.r, ty, ellipsize(label, Font::Body, r.w() - 16), Font::Body, ink);
  } else {
    float tx = r.l + 16;
    if (!icon_name.empty()) {
      icon(r.l + 8 + 9, cy, icon_name, Font::IconSmall, ink);
      tx = r.l + 8 + 18 + 8;
    }
    text(tx, ty, ellipsize(label, Font::Body, r.r - (trailing_icon.empty() ? 16 : 34) - tx), Font::Body, ink);
  }
  Node& n = node(id, "android.widget.Button", r);
  n.text = label;
  n.selected = selected;
  n.clickable = static_cast<bool>(on_click);
  n.on_click = std::move(on_click);
  return n;
}

Node& Ui::scrim(const std::string& id, const Rect& dp, float alpha, Handler on_click) {
  cover(dp);
  fill(dp, 0x000000, 0, alpha);
  Node& n = node(id, "android.view.View", dp);
  n.clickable = true;
  n.on_click = std::move(on_click);
  return n;
}

void Ui::search_bar(const std::string& id, const Rect& r, const std::string& hint, Handler on_click) {
  fill(r, color::kSurfaceContainer, r.h() / 2);
  icon(r.l + 28, (r.t + r.b) / 2, "search", Font::Icon, color::kOnSurfaceVariant);
  text(r.l + 56, (r.t + r.b) / 2 - line_height(Font::BodyLarge) / 2 - 1, ellipsize(hint, Font::BodyLarge, r.w() - 72),
       Font::BodyLarge, color::kOnSurfaceVariant);
  Node& n = node(id, "android.widget.TextView", r);
  n.text = hint;
  n.clickable = true;
  n.on_click = std::move(on_click);
}

void Ui::radio(const std::string& id, const Rect& r, const std::string& s, bool checked, Handler on_click) {
  const std::vector<std::string> lines = wrap(s, Font::BodyLarge, r.w() - 56 - 16);
  const float cy = (r.t + r.b) / 2, top = cy - 11 * static_cast<float>(lines.size());
  icon(r.l + 28, top + 11, checked ? "radio_button_checked" : "radio_button_unchecked", Font::Icon,
       checked ? color::kPrimary : color::kOnSurfaceVariant);
  for (std::size_t i = 0; i < lines.size(); ++i)
    text(r.l + 56, top + 22 * static_cast<float>(i) + 1, lines[i], Font::BodyLarge, color::kOnSurface);
  Node& n = node(id, "android.widget.RadioButton", r);
  n.text = s;
  n.clickable = true;
  n.checkable = true;
  n.checked = checked;
  n.selected = checked;
  n.on_click = std::move(on_click);
}

void Ui::checkbox(const std::string& id, const Rect& r, const std::string& s, bool checked, Handler on_click,
                  const std::string& leading_icon, const std::string& cls) {
  const float cy = (r.t + r.b) / 2;
  float tx = r.l + 16;
  if (!leading_icon.empty()) {
    icon(r.l + 32, cy, leading_icon, Font::Icon, color::kOnSurfaceVariant);
    tx = r.l + 64;
  }
  icon(r.r - 36, cy, checked ? "check_box" : "check_box_outline_blank", Font::Icon,
       checked ? color::kPrimary : color::kOnSurfaceVariant);
  text(tx, cy - line_height(Font::BodyLarge) / 2 - 1, ellipsize(s, Font::BodyLarge, r.r - 56 - tx), Font::BodyLarge,
       color::kOnSurface);
  Node& n = node(id, cls, r);
  n.text = s;
  n.clickable = true;
  n.checkable = true;
  n.checked = checked;
  n.on_click = std::move(on_click);
}

void Ui::avatar(float cx, float cy, float r, const std::string& letter, std::uint32_t bg, std::uint32_t ink, Font f) {
  circle(cx, cy, r, bg);
  if (letter.empty()) {
    icon(cx, cy, "person", r >= 32 ? Font::IconLarge : Font::Icon, ink);
    return;
  }
  text(cx - text_width(letter, f) / 2, cy - line_height(f) / 2 - 1, letter, f, ink);
}

}  // namespace pg
