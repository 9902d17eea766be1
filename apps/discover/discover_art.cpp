// Discover's generated pictures (see discover_art.hpp).
#include "apps/discover/discover_art.hpp"

#include "apps/gallery/photos.hpp"
#include "sim/ui/dark.hpp"
#include "sim/util/hash.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace pg::discover {
namespace {

using json = nlohmann::json;

/// A tiny deterministic generator (splitmix64) for a scene's variations.
struct Rng {
  std::uint64_t s;
  std::uint64_t next() { return splitmix64(s); }
  float f() { return static_cast<float>(next() % 10000) / 10000.f; }
  float range(float a, float b) { return a + (b - a) * f(); }
  int pick(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

std::uint32_t mix(std::uint32_t a, std::uint32_t b, float t) {
  auto ch = [&](int sh) {
    const float x = static_cast<float>((a >> sh) & 0xFF), y = static_cast<float>((b >> sh) & 0xFF);
    return static_cast<std::uint32_t>(x + (y - x) * t) << sh;
  };
  return ch(16) | ch(8) | ch(0);
}

const std::uint32_t kBackdrops[] = {0xF8E1E7, 0xE3F2FD, 0xFFF3E0, 0xE8F5E9, 0xF3E5F5, 0xFFFDE7};
const std::uint32_t kAccents[] = {0xE57373, 0x4FC3F7, 0xFFB74D, 0x81C784, 0xBA68C8, 0xF06292};
const std::uint32_t kWoods[] = {0xC8A27A, 0xA1887F, 0xD7CCC8, 0xBCAAA4, 0x8D6E63, 0xE0C097};

/// A filled ellipse (a convex polygon) centred at (cx, cy).
void ellipse(Ui& ui, float cx, float cy, float rx, float ry, std::uint32_t rgb, float alpha = 1) {
  std::vector<float> pts;
  for (int i = 0; i < 28; ++i) {
    const float a = static_cast<float>(i) * 6.2831853f / 28;
    pts.push_back(cx + rx * std::cos(a));
    pts.push_back(cy + ry * std::sin(a));
  }
  ui.polygon_fill(pts, rgb, alpha);
}

void dish(Ui& ui, const Rect& r, Rng& g, int pal) {
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  ui.gradient(r, kWoods[pal % 6], mix(kWoods[pal % 6], 0x000000, 0.18f));
  for (int i = 1; i < 5; ++i) ui.fill({r.l, r.t + H * i / 5, r.r, r.t + H * i / 5 + 1}, 0x000000, 0, 0.06f);
  const float cx = r.l + W * g.range(0.42f, 0.58f), cy = r.t + H * g.range(0.45f, 0.55f), pr = u * 0.36f;
  ellipse(ui, cx + 3, cy + 4, pr, pr, 0x000000, 0.12f);
  ui.circle(cx, cy, pr, 0xFAFAFA);
  ui.circle(cx, cy, pr * 0.78f, 0xF0F0F0);
  static const std::uint32_t kFood[] = {0xE4A84E, 0xC0392B, 0x7CB342, 0xF5D06F, 0x8D5524, 0xFF8A65};
  const std::uint32_t base = kFood[g.pick(6)];
  ui.circle(cx, cy, pr * 0.62f, base);
  for (int i = 0; i < 9; ++i) {
    const float a = g.range(0, 6.283f), d = g.range(0, pr * 0.45f);
    const float rad = u * g.range(0.03f, 0.06f);
    ui.circle(cx + d * std::cos(a), cy + d * std::sin(a), rad, kFood[g.pick(6)]);
  }
  for (int i = 0; i < 5; ++i) {
    const float a = g.range(0, 6.283f), d = g.range(0, pr * 0.5f);
    ui.circle(cx + d * std::cos(a), cy + d * std::sin(a), u * 0.018f, 0x43A047);
  }
  const float fx = std::min(r.r - u * 0.06f, cx + pr + u * 0.1f);
  ui.fill({fx - u * 0.02f, r.t + H * 0.2f, fx + u * 0.02f, r.b - H * 0.2f}, 0xB0BEC5, u * 0.02f);
  const float gx = r.l + W * 0.12f, gy = r.t + H * 0.16f;
  ui.circle(gx, gy, u * 0.1f, 0xFFFFFF, 0.7f);
  ui.circle(gx, gy, u * 0.08f, kAccents[pal % 6], 0.8f);
}

void cafe(Ui& ui, const Rect& r, Rng& g, int pal) {
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  ui.fill(r, kBackdrops[pal % 6]);
  ui.fill({r.l, r.t + H * 0.55f, r.r, r.b}, kWoods[(pal + 2) % 6]);
  const float cx = r.l + W * 0.5f, cy = r.t + H * 0.6f;
  ellipse(ui, cx, cy + u * 0.12f, u * 0.36f, u * 0.11f, 0xFFFFFF);
  ui.fill({cx - u * 0.22f, cy - u * 0.2f, cx + u * 0.22f, cy + u * 0.12f}, 0xFFFFFF, u * 0.08f);
  ui.stroke({cx + u * 0.2f, cy - u * 0.12f, cx + u * 0.32f, cy + u * 0.02f}, 0xFFFFFF, u * 0.06f, u * 0.03f);
  ellipse(ui, cx, cy - u * 0.2f, u * 0.22f, u * 0.06f, 0x8D6E63);
  ellipse(ui, cx, cy - u * 0.2f, u * 0.1f, u * 0.03f, 0xFFF3E0);
  for (int i = 0; i < 3; ++i) {
    const float x = r.l + W * g.range(0.1f, 0.9f), y = r.t + H * g.range(0.08f, 0.3f);
    ui.circle(x, y, u * g.range(0.03f, 0.06f), kAccents[(pal + i) % 6], 0.5f);
  }
  ui.fill({r.l + W * 0.08f, r.t + H * 0.62f, r.l + W * 0.22f, r.t + H * 0.7f}, 0xF5DEB3, u * 0.02f);
}

void outfit(Ui& ui, const Rect& r, Rng& g, int pal) {
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  ui.fill(r, kBackdrops[pal % 6]);
  static const std::uint32_t kCloth[] = {0x37474F, 0xD7CCC8, 0xA1887F, 0x5C6BC0, 0xEF9A9A, 0xFFFFFF, 0x8D6E63, 0x26A69A};
  const std::uint32_t top = kCloth[g.pick(8)], bottom = kCloth[g.pick(8)];
  const float cx = r.l + W * 0.5f, t = r.t + H * 0.1f;
  const float sw = u * 0.22f;  // half the shoulders
  // top with sleeves
  ui.polygon_fill({cx - sw, t, cx + sw, t, cx + sw * 0.9f, t + H * 0.34f, cx - sw * 0.9f, t + H * 0.34f}, top);
  ui.polygon_fill({cx - sw, t, cx - sw * 1.7f, t + H * 0.22f, cx - sw * 1.35f, t + H * 0.26f, cx - sw * 0.9f, t + H * 0.1f}, top);
  ui.polygon_fill({cx + sw, t, cx + sw * 0.9f, t + H * 0.1f, cx + sw * 1.35f, t + H * 0.26f, cx + sw * 1.7f, t + H * 0.22f}, top);
  ui.circle(cx, t, sw * 0.35f, kBackdrops[pal % 6]);
  // trousers or a skirt
  const float bt = t + H * 0.36f;
  if (g.pick(2)) {
    ui.fill({cx - sw * 0.9f, bt, cx - sw * 0.06f, r.b - H * 0.12f}, bottom, 2);
    ui.fill({cx + sw * 0.06f, bt, cx + sw * 0.9f, r.b - H * 0.12f}, bottom, 2);
    ui.fill({cx - sw * 0.9f, bt, cx + sw * 0.9f, bt + H * 0.08f}, bottom, 2);
  } else {
    ui.polygon_fill({cx - sw * 0.85f, bt, cx + sw * 0.85f, bt, cx + sw * 1.4f, r.b - H * 0.2f, cx - sw * 1.4f, r.b - H * 0.2f}, bottom);
  }
  // shoes
  const std::uint32_t shoe = g.pick(2) ? 0x212121 : 0xFAFAFA;
  ui.fill({cx - sw * 1.0f, r.b - H * 0.09f, cx - sw * 0.15f, r.b - H * 0.04f}, shoe, 4);
  ui.fill({cx + sw * 0.15f, r.b - H * 0.09f, cx + sw * 1.0f, r.b - H * 0.04f}, shoe, 4);
  // a small bag at the side
  const float bx = r.l + W * 0.82f, by = r.t + H * 0.55f;
  ui.fill({bx - u * 0.08f, by, bx + u * 0.08f, by + u * 0.12f}, kAccents[(pal + 3) % 6], 4);
  ui.stroke({bx - u * 0.05f, by - u * 0.06f, bx + u * 0.05f, by + u * 0.02f}, kAccents[(pal + 3) % 6], u * 0.04f, 2);
}

void bag(Ui& ui, const Rect& r, Rng& g, int pal) {
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  ui.gradient(r, kBackdrops[pal % 6], mix(kBackdrops[pal % 6], 0x000000, 0.08f));
  const float cx = r.l + W * 0.5f, cy = r.t + H * 0.58f;
  static const std::uint32_t kLeather[] = {0x8D6E63, 0x212121, 0xC62828, 0xD7CCC8, 0x6D4C41, 0x1565C0};
  const std::uint32_t c = kLeather[g.pick(6)];
  ui.stroke({cx - u * 0.16f, cy - u * 0.34f, cx + u * 0.16f, cy}, mix(c, 0x000000, 0.2f), u * 0.14f, u * 0.035f);
  ui.fill({cx - u * 0.3f, cy - u * 0.14f, cx + u * 0.3f, cy + u * 0.24f}, c, u * 0.05f);
  ui.fill({cx - u * 0.3f, cy - u * 0.14f, cx + u * 0.3f, cy - u * 0.02f}, mix(c, 0x000000, 0.15f), u * 0.05f);
  ui.fill({cx - u * 0.04f, cy - u * 0.05f, cx + u * 0.04f, cy + u * 0.02f}, 0xFFD54F, 2);
  ellipse(ui, cx, cy + u * 0.27f, u * 0.32f, u * 0.03f, 0x000000, 0.1f);
}

void room(Ui& ui, const Rect& r, Rng& g, int pal) {
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  const float floor_y = r.t + H * 0.68f;
  ui.fill({r.l, r.t, r.r, floor_y}, mix(kBackdrops[pal % 6], 0xFFFFFF, 0.3f));
  ui.fill({r.l, floor_y, r.r, r.b}, kWoods[g.pick(6)]);
  // window
  const float wx = r.l + W * g.range(0.08f, 0.2f), wy = r.t + H * 0.1f, ww = W * 0.3f, wh = H * 0.32f;
  ui.gradient({wx, wy, wx + ww, wy + wh}, 0x81D4FA, 0xE1F5FE);
  ui.stroke({wx, wy, wx + ww, wy + wh}, 0xFFFFFF, 0, 3);
  ui.fill({wx + ww / 2 - 1, wy, wx + ww / 2 + 1, wy + wh}, 0xFFFFFF);
  // a frame
  const float fx = r.l + W * 0.62f, fy = r.t + H * 0.14f;
  ui.fill({fx, fy, fx + W * 0.2f, fy + H * 0.16f}, 0x5D4037);
  ui.fill({fx + 3, fy + 3, fx + W * 0.2f - 3, fy + H * 0.16f - 3}, kAccents[(pal + 1) % 6], 0, 0.7f);
  // sofa
  static const std::uint32_t kSofa[] = {0x90A4AE, 0xA1887F, 0x7986CB, 0xE0E0E0, 0x4DB6AC, 0xF48FB1};
  const std::uint32_t s = kSofa[g.pick(6)];
  const float sl = r.l + W * 0.28f, sr = r.r - W * 0.06f, st = floor_y - H * 0.2f;
  ui.fill({sl, st, sr, floor_y + H * 0.04f}, s, 6);
  ui.fill({sl - W * 0.03f, st + H * 0.06f, sl + W * 0.06f, floor_y + H * 0.05f}, mix(s, 0x000000, 0.15f), 5);
  ui.fill({sr - W * 0.06f, st + H * 0.06f, std::min(r.r, sr + W * 0.03f), floor_y + H * 0.05f}, mix(s, 0x000000, 0.15f), 5);
  ui.fill({sl + W * 0.08f, st + H * 0.03f, sl + W * 0.2f, st + H * 0.11f}, kAccents[pal % 6], 4);
  // plant
  const float px = r.l + W * 0.14f, py = floor_y + H * 0.08f;
  ui.fill({px - u * 0.06f, py - u * 0.1f, px + u * 0.06f, py + u * 0.02f}, 0xFFFFFF, 3);
  for (int i = 0; i < 6; ++i) {
    const float lx = px + u * g.range(-0.1f, 0.1f), ly = py - u * g.range(0.15f, 0.32f), lr = u * g.range(0.04f, 0.07f);
    ui.circle(lx, ly, lr, 0x388E3C);
  }
  // rug
  ellipse(ui, r.l + W * 0.6f, r.b - H * 0.12f, W * 0.3f, H * 0.06f, kAccents[(pal + 2) % 6], 0.6f);
}

void plant(Ui& ui, const Rect& r, Rng& g, int pal) {
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  ui.fill(r, kBackdrops[pal % 6]);
  const float cx = r.l + W * 0.5f, pt = r.t + H * 0.62f;
  for (int i = 0; i < 9; ++i) {
    const float a = g.range(-2.6f, -0.5f), d = u * g.range(0.12f, 0.3f);
    const float x = cx + d * std::cos(a), y = pt + d * std::sin(a) - u * 0.05f;
    ui.line(cx, pt, x, y, 0x2E7D32, 2);
    ellipse(ui, x, y, u * 0.07f, u * 0.045f, i % 2 ? 0x43A047 : 0x66BB6A);
  }
  ui.polygon_fill({cx - u * 0.16f, pt, cx + u * 0.16f, pt, cx + u * 0.12f, pt + u * 0.26f, cx - u * 0.12f, pt + u * 0.26f},
                  kAccents[(pal + g.pick(3)) % 6]);
  ui.fill({r.l, std::min(r.b, pt + u * 0.26f), r.r, r.b}, kWoods[pal % 6]);
}

void cat(Ui& ui, const Rect& r, Rng& g, int pal) {
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  ui.fill(r, kBackdrops[pal % 6]);
  ui.fill({r.l, r.t + H * 0.75f, r.r, r.b}, mix(kBackdrops[pal % 6], 0x000000, 0.08f));
  static const std::uint32_t kFur[] = {0xFFA726, 0x424242, 0xBDBDBD, 0xFFFFFF, 0x8D6E63, 0xFFCC80};
  const std::uint32_t fur = kFur[g.pick(6)];
  const float cx = r.l + W * 0.5f, cy = r.t + H * 0.52f, hr = u * 0.2f;
  ellipse(ui, cx, cy + hr * 1.3f, hr * 1.3f, hr * 1.0f, fur);
  ui.polygon_fill({cx - hr * 0.95f, cy - hr * 0.2f, cx - hr * 0.75f, cy - hr * 1.3f, cx - hr * 0.2f, cy - hr * 0.8f}, fur);
  ui.polygon_fill({cx + hr * 0.95f, cy - hr * 0.2f, cx + hr * 0.2f, cy - hr * 0.8f, cx + hr * 0.75f, cy - hr * 1.3f}, fur);
  ui.circle(cx, cy, hr, fur);
  const std::uint32_t eye = fur == 0x424242 ? 0xC6FF00 : 0x33691E;
  ui.circle(cx - hr * 0.4f, cy - hr * 0.1f, hr * 0.16f, eye);
  ui.circle(cx + hr * 0.4f, cy - hr * 0.1f, hr * 0.16f, eye);
  ui.circle(cx - hr * 0.4f, cy - hr * 0.1f, hr * 0.07f, 0x000000);
  ui.circle(cx + hr * 0.4f, cy - hr * 0.1f, hr * 0.07f, 0x000000);
  ui.polygon_fill({cx - hr * 0.12f, cy + hr * 0.2f, cx + hr * 0.12f, cy + hr * 0.2f, cx, cy + hr * 0.34f}, 0xF48FB1);
  for (int s : {-1, 1})
    for (int k = 0; k < 2; ++k)
      ui.line(cx + s * hr * 0.3f, cy + hr * (0.35f + 0.12f * k), cx + s * hr * 0.95f, cy + hr * (0.25f + 0.2f * k), 0x616161, 1);
  if (g.pick(2)) ui.circle(r.l + W * 0.15f, r.b - H * 0.13f, u * 0.07f, kAccents[pal % 6]);  // a ball of yarn
}

void dog(Ui& ui, const Rect& r, Rng& g, int pal) {
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  ui.gradient(r, kBackdrops[pal % 6], mix(kBackdrops[(pal + 3) % 6], 0xFFFFFF, 0.3f));
  ui.fill({r.l, r.t + H * 0.78f, r.r, r.b}, 0x9CCC65);
  static const std::uint32_t kFur[] = {0xD7A46B, 0x5D4037, 0xF5F5F5, 0x212121, 0xFFCC80, 0xA1887F};
  const std::uint32_t fur = kFur[g.pick(6)], ear = mix(fur, 0x000000, 0.3f);
  const float cx = r.l + W * 0.5f, cy = r.t + H * 0.46f, hr = u * 0.22f;
  ellipse(ui, cx, cy + hr * 1.4f, hr * 1.2f, hr * 0.9f, fur);
  ui.fill({cx - hr * 1.25f, cy - hr * 0.6f, cx - hr * 0.7f, cy + hr * 0.7f}, ear, hr * 0.25f);
  ui.fill({cx + hr * 0.7f, cy - hr * 0.6f, cx + hr * 1.25f, cy + hr * 0.7f}, ear, hr * 0.25f);
  ui.circle(cx, cy, hr, fur);
  ellipse(ui, cx, cy + hr * 0.45f, hr * 0.5f, hr * 0.38f, mix(fur, 0xFFFFFF, 0.5f));
  ui.circle(cx, cy + hr * 0.3f, hr * 0.15f, 0x212121);
  for (int s : {-1, 1}) {  // eyes with a white ring, so they show on dark fur too
    ui.circle(cx + s * hr * 0.38f, cy - hr * 0.2f, hr * 0.17f, 0xFFFFFF);
    ui.circle(cx + s * hr * 0.38f, cy - hr * 0.2f, hr * 0.11f, 0x3E2723);
  }
  ui.fill({cx - hr * 0.12f, cy + hr * 0.62f, cx + hr * 0.12f, cy + hr * 0.9f}, 0xEC407A, hr * 0.1f);
  ui.fill({cx - hr * 0.7f, cy + hr * 1.0f, cx + hr * 0.7f, cy + hr * 1.12f}, kAccents[pal % 6], 2);
}

void gym(Ui& ui, const Rect& r, Rng& g, int pal) {
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  ui.fill({r.l, r.t, r.r, r.t + H * 0.6f}, 0xECEFF1);
  ui.fill({r.l, r.t + H * 0.6f, r.r, r.b}, 0x546E7A);
  ui.fill({r.l + W * 0.1f, r.t + H * 0.66f, r.r - W * 0.1f, r.t + H * 0.74f}, kAccents[pal % 6], 4);  // a mat
  const float by = r.t + H * 0.84f, bx = r.l + W * 0.5f;
  ui.fill({bx - u * 0.3f, by - u * 0.015f, bx + u * 0.3f, by + u * 0.015f}, 0x9E9E9E);
  for (int s : {-1, 1}) {
    ui.fill({bx + s * u * 0.24f - u * 0.03f, by - u * 0.09f, bx + s * u * 0.24f + u * 0.03f, by + u * 0.09f}, 0x212121, 2);
    ui.fill({bx + s * u * 0.17f - u * 0.025f, by - u * 0.07f, bx + s * u * 0.17f + u * 0.025f, by + u * 0.07f}, 0x37474F, 2);
  }
  const float kx = r.l + W * g.range(0.2f, 0.35f), ky = r.t + H * 0.5f;
  ui.stroke({kx - u * 0.06f, ky - u * 0.1f, kx + u * 0.06f, ky}, 0x424242, u * 0.05f, u * 0.025f);
  ui.circle(kx, ky + u * 0.04f, u * 0.09f, 0x424242);
  ui.fill({r.l + W * 0.62f, r.t + H * 0.12f, r.l + W * 0.9f, r.t + H * 0.5f}, 0xB0BEC5, 3);  // a mirror
  ui.fill({r.l + W * 0.64f, r.t + H * 0.14f, r.l + W * 0.88f, r.t + H * 0.48f}, 0xE3F2FD, 2);
  ui.circle(r.l + W * 0.8f, r.t + H * 0.54f, u * 0.05f, kAccents[(pal + 2) % 6]);  // a bottle
}

void run(Ui& ui, const Rect& r, Rng& g, int pal) {
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  const float hy = r.t + H * 0.45f;
  ui.gradient({r.l, r.t, r.r, hy}, pal % 2 ? 0xFFCC80 : 0x90CAF9, 0xFFF8E1);
  ui.circle(r.l + W * g.range(0.2f, 0.8f), r.t + H * 0.2f, u * 0.07f, 0xFFF59D);
  ui.fill({r.l, hy, r.r, r.b}, 0x7CB342);
  const float cx = r.l + W * 0.5f;
  ui.polygon_fill({cx - W * 0.04f, hy, cx + W * 0.04f, hy, cx + W * 0.42f, r.b, cx - W * 0.42f, r.b}, 0x8D8D8D);
  for (int i = 0; i < 4; ++i) {
    const float t0 = 0.1f + 0.22f * static_cast<float>(i), t1 = t0 + 0.1f;
    ui.fill({cx - 1 - t1 * 2, hy + (r.b - hy) * t0, cx + 1 + t1 * 2, hy + (r.b - hy) * t1}, 0xFFFFFF, 0, 0.8f);
  }
  for (int i = 0; i < 5; ++i) {
    const float side = i % 2 ? 1.f : -1.f, d = g.range(0.1f, 0.9f);
    const float x = cx + side * W * (0.12f + 0.3f * d), y = hy + (r.b - hy) * d * 0.6f, s = u * (0.04f + 0.08f * d);
    ui.fill({x - s * 0.12f, y - s, x + s * 0.12f, y + s * 0.3f}, 0x5D4037);
    ui.circle(x, y - s, s * 0.8f, 0x2E7D32);
  }
}

void cosmetics(Ui& ui, const Rect& r, Rng& g, int pal) {
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  ui.fill(r, kBackdrops[pal % 6]);
  ui.fill({r.l, r.t + H * 0.72f, r.r, r.b}, mix(kBackdrops[pal % 6], 0xFFFFFF, 0.5f));
  const float base = r.t + H * 0.76f;
  // a bottle, a tube and a lipstick
  const float b1 = r.l + W * 0.22f;
  ui.fill({b1 - u * 0.09f, base - u * 0.36f, b1 + u * 0.09f, base}, kAccents[g.pick(6)], 6);
  ui.fill({b1 - u * 0.04f, base - u * 0.46f, b1 + u * 0.04f, base - u * 0.36f}, 0x424242, 2);
  ui.fill({b1 - u * 0.06f, base - u * 0.26f, b1 + u * 0.06f, base - u * 0.14f}, 0xFFFFFF, 2, 0.8f);
  const float b2 = r.l + W * 0.5f;
  ui.fill({b2 - u * 0.06f, base - u * 0.42f, b2 + u * 0.06f, base}, 0xFAFAFA, 3);
  ui.fill({b2 - u * 0.06f, base - u * 0.08f, b2 + u * 0.06f, base}, kAccents[(pal + 1) % 6], 2);
  const float b3 = r.l + W * 0.76f;
  ui.fill({b3 - u * 0.05f, base - u * 0.16f, b3 + u * 0.05f, base}, 0xFFD54F, 2);
  ui.polygon_fill({b3 - u * 0.035f, base - u * 0.16f, b3 + u * 0.035f, base - u * 0.16f, b3 + u * 0.035f, base - u * 0.26f,
                   b3 - u * 0.035f, base - u * 0.21f},
                  0xC62828);
  ellipse(ui, r.l + W * 0.62f, r.b - H * 0.1f, u * 0.1f, u * 0.04f, 0xF8BBD0);  // a compact
  for (int i = 0; i < 3; ++i) {
    const float x = r.l + W * g.range(0.1f, 0.9f), y = r.t + H * g.range(0.08f, 0.25f);
    ui.circle(x, y, u * 0.02f, 0xFFFFFF, 0.8f);
  }
}

}  // namespace

void draw_image(Ui& ui, Phone& phone, const Rect& r, const json& image) {
  ContentColours keep;  // content keeps its colours in the dark theme (sim/ui/dark.hpp)
  if (!image.is_object()) {
    ui.fill(r, 0xEEEEEE);
    return;
  }
  if (image.contains("photo")) {
    const json ph = gallery::photo(phone, image.value("photo", ""));
    if (ph.is_null()) ui.fill(r, 0xE0E0E0);
    else gallery::draw_scene(ui, r, ph["scene"]);
    return;
  }
  const std::string k = image.value("k", "");
  const int pal = image.value("p", 0), seed = image.value("s", 0);
  Rng g{static_cast<std::uint64_t>(seed) * 1000003ULL + static_cast<std::uint64_t>(pal)};
  if (k == "dish") dish(ui, r, g, pal);
  else if (k == "cafe") cafe(ui, r, g, pal);
  else if (k == "outfit") outfit(ui, r, g, pal);
  else if (k == "bag") bag(ui, r, g, pal);
  else if (k == "room") room(ui, r, g, pal);
  else if (k == "plant") plant(ui, r, g, pal);
  else if (k == "cat") cat(ui, r, g, pal);
  else if (k == "dog") dog(ui, r, g, pal);
  else if (k == "gym") gym(ui, r, g, pal);
  else if (k == "run") run(ui, r, g, pal);
  else if (k == "cosmetics") cosmetics(ui, r, g, pal);
  else gallery::draw_scene(ui, r, json{{"kind", k}, {"palette", pal % 4}, {"seed", seed}});
}

std::string image_desc(const json& image) {
  if (!image.is_object()) return "Photo";
  if (image.contains("photo")) return "Photo " + image.value("photo", "");
  return "Photo: " + image.value("k", "picture");
}

}  // namespace pg::discover
