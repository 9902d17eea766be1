// The OS theme: wallpapers drawn from shapes, icon shapes, and os.theme's validation.
#include "sim/os/theme.hpp"

#include "sim/os/phone.hpp"
#include "sim/ui/dark.hpp"

#include <cctype>
#include <cmath>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

namespace {

const json& theme_defaults() {
  static const json d = {{"accent", ""}, {"wallpaper", "dusk"}, {"icon_shape", "circle"}, {"themed_icons", false}};
  return d;
}

bool is_hex_colour(const std::string& s) {
  if (s.size() != 7 || s[0] != '#') return false;
  for (std::size_t i = 1; i < 7; ++i)
    if (!std::isxdigit(static_cast<unsigned char>(s[i]))) return false;
  return true;
}

/// A deterministic hash of (i, salt) in [0, 1): star fields and dune crests need the same
/// pseudo-random points in every build.
float unit_hash(std::uint32_t i, std::uint32_t salt) {
  std::uint32_t x = i * 0x9E3779B1u ^ salt * 0x85EBCA77u;
  x ^= x >> 15;
  x *= 0x2C1B3C6Du;
  x ^= x >> 12;
  x *= 0x297A2D39u;
  x ^= x >> 15;
  return static_cast<float>(x >> 8) / 16777216.0f;
}

/// A filled band under the curve y(x) down to r.b, as vertical slices (convex quads).
template <class F>
void band(Ui& ui, const Rect& r, F y_of, std::uint32_t rgb, float alpha = 1, int slices = 24) {
  const float w = r.r - r.l;
  for (int i = 0; i < slices; ++i) {
    const float x0 = r.l + w * static_cast<float>(i) / slices, x1 = r.l + w * static_cast<float>(i + 1) / slices;
    ui.polygon_fill({x0, y_of(x0), x1, y_of(x1), x1, r.b, x0, r.b}, rgb, alpha);
  }
}

}  // namespace

const std::vector<WallpaperInfo>& wallpapers() {
  static const std::vector<WallpaperInfo> list = {
      {"dusk", "Dusk", 0x3F2B6E, 0x8E6FB8, false},       {"ocean", "Ocean", 0x0B3C5D, 0x328CC1, false},
      {"forest", "Forest", 0x1E3B2F, 0x6A994E, false},   {"sunset", "Sunset", 0xF76B1C, 0xFAD961, true},
      {"aurora", "Aurora", 0x0B1D2A, 0x155E63, false},   {"graphite", "Graphite", 0x202124, 0x5F6368, false},
      {"dunes", "Dunes", 0xF3D9B1, 0xC2956B, true},      {"blossom", "Blossom", 0xFDE2E4, 0xF6A6B2, true},
      {"night_sky", "Night sky", 0x050A30, 0x233D8C, false}, {"mint", "Mint", 0xE0F7EF, 0x9ED8C5, true},
      {"lava", "Lava", 0x2B0A0A, 0xB3261E, false},       {"glacier", "Glacier", 0xE8F4FA, 0x8EC5E0, true},
  };
  return list;
}

bool wallpaper_is_light(const std::string& id) {
  for (const WallpaperInfo& w : wallpapers())
    if (w.id == id) return w.light;
  return false;
}

const std::vector<std::string>& icon_shapes() {
  static const std::vector<std::string> shapes = {"circle", "squircle", "rounded_square", "teardrop"};
  return shapes;
}

json current_theme(const Phone& phone) {
  json t = theme_defaults();
  const json& os = phone.os();
  auto it = os.find("theme");
  if (it != os.end() && it->is_object())
    for (auto& [k, v] : it->items())
      if (t.contains(k)) t[k] = v;
  return t;
}

void apply_theme(Phone& phone, const json& patch) {
  if (!patch.is_object()) throw std::invalid_argument("apply_theme: the patch must be an object, got " + patch.dump());
  for (auto& [k, v] : patch.items()) {
    if (k == "accent") {
      if (!v.is_string() || (!v.get<std::string>().empty() && !is_hex_colour(v.get<std::string>())))
        throw std::invalid_argument("apply_theme: 'accent' must be \"#RRGGBB\" or \"\" (the default), got " + v.dump());
    } else if (k == "wallpaper") {
      bool known = false;
      for (const WallpaperInfo& w : wallpapers()) known = known || (v.is_string() && v == w.id);
      if (!known) throw std::invalid_argument("apply_theme: no wallpaper " + v.dump());
    } else if (k == "icon_shape") {
      bool known = false;
      for (const std::string& s : icon_shapes()) known = known || (v.is_string() && v == s);
      if (!known)
        throw std::invalid_argument("apply_theme: 'icon_shape' must be circle, squircle, rounded_square or teardrop, got " +
                                    v.dump());
    } else if (k == "themed_icons") {
      if (!v.is_boolean()) throw std::invalid_argument("apply_theme: 'themed_icons' must be a boolean, got " + v.dump());
    } else {
      throw std::invalid_argument("apply_theme: unknown key '" + k +
                                  "' (a theme has accent, wallpaper, icon_shape, themed_icons)");
    }
  }
  json t = current_theme(phone);
  for (auto& [k, v] : patch.items()) t[k] = v;
  phone.mutable_os()["theme"] = t;
}

void draw_wallpaper(Ui& ui, const std::string& id, const Rect& r) {
  ContentColours keep;  // content keeps its colours in the dark theme (sim/ui/dark.hpp)
  const WallpaperInfo* w = &wallpapers().front();
  for (const WallpaperInfo& c : wallpapers())
    if (c.id == id) w = &c;
  ui.push_clip(r);  // hills, petals and blobs reach past the edges
  ui.gradient(r, w->top, w->bottom);
  const float W = r.r - r.l, H = r.b - r.t;
  auto X = [&](float fx) { return r.l + fx * W; };
  auto Y = [&](float fy) { return r.t + fy * H; };
  const std::string& k = w->id;
  if (k == "ocean") {
    for (int i = 0; i < 4; ++i) {
      const float base = 0.58f + 0.1f * i, amp = 0.025f + 0.008f * i;
      band(ui, r, [&](float x) { return Y(base + amp * std::sin((x - r.l) / W * 6.2832f * 1.5f + i)); },
           i % 2 ? 0x1C6EA4 : 0x2A9BD8, 0.35f + 0.12f * i);
    }
  } else if (k == "forest") {
    ui.polygon_fill({X(0), Y(0.62f), X(0.35f), Y(0.38f), X(0.7f), Y(0.62f)}, 0x31572C, 0.8f);
    ui.polygon_fill({X(0.4f), Y(0.66f), X(0.75f), Y(0.33f), X(1.1f), Y(0.66f)}, 0x4F772D, 0.8f);
    ui.fill({r.l, Y(0.6f), r.r, r.b}, 0x132A13);
    for (int i = 0; i < 9; ++i) {
      const float cx = X(0.06f + 0.11f * i), top = Y(0.5f + 0.04f * static_cast<float>(i % 3));
      ui.polygon_fill({cx, top, cx + W * 0.05f, Y(0.66f), cx - W * 0.05f, Y(0.66f)}, 0x0B1F0B);
    }
  } else if (k == "sunset") {
    ui.circle(X(0.5f), Y(0.6f), W * 0.22f, 0xFFF3B0, 0.9f);
    band(ui, r, [&](float x) { return Y(0.66f + 0.02f * std::sin((x - r.l) / W * 9.f)); }, 0xD1495B, 0.85f);
    band(ui, r, [&](float x) { return Y(0.78f + 0.015f * std::cos((x - r.l) / W * 7.f)); }, 0x8F2D56, 0.9f);
  } else if (k == "aurora") {
    // Curtains of light: translucent ribbons (vertical slices, so no slice blends twice).
    for (int i = 0; i < 3; ++i) {
      auto mid = [&](float x) { return Y(0.25f + 0.08f * i + 0.06f * std::sin((x - r.l) / W * 6.2832f + 1.7f * i)); };
      const float half = H * 0.05f, core = H * 0.008f;
      for (int sl = 0; sl < 32; ++sl) {
        const float x0 = r.l + W * sl / 32.f, x1 = r.l + W * (sl + 1) / 32.f;
        ui.polygon_fill({x0, mid(x0) - half, x1, mid(x1) - half, x1, mid(x1) + half, x0, mid(x0) + half},
                        i == 1 ? 0x7CFFCB : 0x38E4AE, 0.18f);
        ui.polygon_fill({x0, mid(x0) - core, x1, mid(x1) - core, x1, mid(x1) + core, x0, mid(x0) + core}, 0xB8FFE4,
                        0.3f);
      }
    }
    band(ui, r, [&](float x) { return Y(0.82f + 0.03f * std::sin((x - r.l) / W * 5.f)); }, 0x04121B);
  } else if (k == "graphite") {
    for (int i = 0; i < 5; ++i) ui.circle(X(0.8f), Y(0.2f), W * (0.25f + 0.18f * i), 0xFFFFFF, 0.035f);
  } else if (k == "dunes") {
    for (int i = 0; i < 4; ++i) {
      const float base = 0.45f + 0.14f * i;
      band(ui, r, [&](float x) { return Y(base - 0.06f * std::sin((x - r.l) / W * 3.14f + i * 0.9f)); },
           i % 2 ? 0xB07D4F : 0xD9A86C, 0.55f + 0.1f * i);
    }
  } else if (k == "blossom") {
    for (int i = 0; i < 14; ++i) {
      const float cx = X(unit_hash(i, 7)), cy = Y(unit_hash(i, 11)), rad = W * (0.04f + 0.06f * unit_hash(i, 13));
      for (int p = 0; p < 5; ++p) {
        const float a = p * 1.2566f + unit_hash(i, 17) * 6.28f;
        ui.circle(cx + rad * 0.8f * std::cos(a), cy + rad * 0.8f * std::sin(a), rad * 0.55f, 0xFFFFFF, 0.55f);
      }
      ui.circle(cx, cy, rad * 0.3f, 0xE5989B, 0.9f);
    }
  } else if (k == "night_sky") {
    for (int i = 0; i < 90; ++i)
      ui.circle(X(unit_hash(i, 3)), Y(0.75f * unit_hash(i, 5)), W * (0.002f + 0.004f * unit_hash(i, 9)), 0xFFFFFF,
                0.5f + 0.5f * unit_hash(i, 19));
    ui.circle(X(0.75f), Y(0.15f), W * 0.07f, 0xF5F3CE);
    ui.circle(X(0.78f), Y(0.14f), W * 0.065f, 0x0A1445);
    band(ui, r, [&](float x) { return Y(0.85f + 0.04f * std::sin((x - r.l) / W * 4.f + 1)); }, 0x02051A);
  } else if (k == "mint") {
    for (int i = 0; i < 6; ++i) {
      const float cx = X(0.15f + 0.16f * i), cy = Y(0.3f + 0.09f * static_cast<float>(i % 3));
      ui.fill({cx - W * 0.07f, cy - W * 0.07f, cx + W * 0.07f, cy + W * 0.07f}, 0xFFFFFF, W * 0.03f, 0.45f);
    }
  } else if (k == "lava") {
    for (int i = 0; i < 7; ++i)
      ui.circle(X(unit_hash(i, 23)), Y(0.3f + 0.7f * unit_hash(i, 29)), W * (0.12f + 0.12f * unit_hash(i, 31)), 0xF76B1C,
                0.25f);
  } else if (k == "glacier") {
    ui.polygon_fill({X(-0.1f), Y(0.75f), X(0.3f), Y(0.35f), X(0.65f), Y(0.75f)}, 0xFFFFFF, 0.85f);
    ui.polygon_fill({X(0.35f), Y(0.78f), X(0.72f), Y(0.42f), X(1.1f), Y(0.78f)}, 0xD6ECF5, 0.9f);
    ui.fill({r.l, Y(0.74f), r.r, r.b}, 0x5FA8D3, 0, 0.8f);
  }
  ui.pop_clip();
}

void draw_icon_shape(Ui& ui, const std::string& shape, float cx, float cy, float radius, std::uint32_t rgb, float alpha) {
  const Rect box{cx - radius, cy - radius, cx + radius, cy + radius};
  if (shape == "squircle") {
    ui.fill(box, rgb, radius * 0.72f, alpha);
  } else if (shape == "rounded_square") {
    ui.fill(box, rgb, radius * 0.36f, alpha);
  } else if (shape == "teardrop") {  // round but for the bottom-right corner (Android's teardrop)
    std::vector<float> pts;  // one convex polygon, so a translucent shadow blends once
    for (int i = 0; i <= 36; ++i) {
      const float a = static_cast<float>(i) / 36 * 4.7124f;  // 270 degrees: right, up, left, down
      pts.push_back(cx + radius * std::cos(a));
      pts.push_back(cy - radius * std::sin(a));
    }
    pts.push_back(cx + radius);
    pts.push_back(cy + radius);
    ui.polygon_fill(pts, rgb, alpha);
  } else {
    ui.circle(cx, cy, radius, rgb, alpha);
  }
}

}  // namespace pg
