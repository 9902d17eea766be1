// Gallery photos shared by Gallery, Camera and Messages (photos.hpp): the merged view and the
// generated pictures. A picture is a function of its scene parameters only: a small integer hash
// of the seed places the shapes, the palette picks the colours.
#include "apps/gallery/photos.hpp"

#include "sim/os/clock_format.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/ui/dark.hpp"
#include "sim/util/hash.hpp"

#include <algorithm>
#include <cstdio>

namespace pg::gallery {
namespace {

using json = nlohmann::json;

/// Deterministic shape placement: splitmix64 over the seed.
struct Rng {
  std::uint64_t s;
  std::uint32_t next() { return static_cast<std::uint32_t>(splitmix64(s) >> 32); }  // the high half
  float f() { return static_cast<float>(next() & 0xFFFFFF) / 16777216.0f; }
  float range(float a, float b) { return a + (b - a) * f(); }
  int pick(int n) { return static_cast<int>(next() % static_cast<std::uint32_t>(n)); }
};

/// Colours of one palette: sky top/bottom, sun, far, near, ground, accent.
struct Palette {
  std::uint32_t sky_top, sky_bottom, sun, far, near, ground, accent;
};

const Palette& palette(const std::string& kind, int i) {
  static const Palette kSunset[] = {{0x2B1055, 0xFF7E5F, 0xFFD56B, 0x5B2C6F, 0x3B2A5A, 0x241A3A, 0xFFB36B},
                                    {0x0F2027, 0xF37335, 0xFDC830, 0x203A43, 0x203A43, 0x101C22, 0xFFE08A},
                                    {0x41295A, 0xF8B195, 0xFFE8A0, 0x6C5B7B, 0x6C5B7B, 0x35284A, 0xFFD0B0},
                                    {0x1A2A6C, 0xFDBB2D, 0xFFF3B0, 0x22577A, 0x22577A, 0x14304A, 0xFFE27A},
                                    {0x355C7D, 0xF67280, 0xFFD3B6, 0x2A3F54, 0x2A3F54, 0x1B2A38, 0xFFC2A0},
                                    {0x12294A, 0xE96443, 0xFFC371, 0x1B3A5C, 0x1B3A5C, 0x0E2036, 0xFFB15E}};
  static const Palette kDay[] = {{0x4A90D9, 0xBFE3FF, 0xFFF4C2, 0x9DB7CF, 0x5E8C61, 0x4E7D3A, 0xFFFFFF},
                                 {0x6FB1E8, 0xE6F4FF, 0xFFE9A8, 0xA7B8C8, 0x7A6A55, 0x8C7A5B, 0xF2F2F2},
                                 {0x8DB6D9, 0xF4F1EA, 0xFFFFFF, 0xB9C6D2, 0x5D7480, 0xD9DEE3, 0xFFFFFF},
                                 {0x2F80ED, 0x9BD3FF, 0xFFE066, 0x7FA7C9, 0x2E7D4F, 0x3F8F3A, 0xFFFFFF},
                                 {0xF2994A, 0xFFE0B2, 0xFFF6D5, 0xB08968, 0x7F5539, 0x9C6644, 0xFFF1E6},
                                 {0x5B86E5, 0xD6E4FF, 0xFFFFFF, 0x9FB4D6, 0x4B6584, 0xEEF2F7, 0xFFFFFF}};
  static const Palette kNight[] = {{0x0B1026, 0x2B3A67, 0xF5F3CE, 0x1B2340, 0x141A30, 0x0A0E1C, 0xFFD166},
                                   {0x000814, 0x1D3557, 0xFFF8E7, 0x14213D, 0x0F1A2E, 0x05080F, 0xF77F00},
                                   {0x10002B, 0x3C096C, 0xFFFFFF, 0x240046, 0x1A0033, 0x0A0014, 0xFF5D8F},
                                   {0x03071E, 0x370617, 0xFFE5B4, 0x1A0A14, 0x12070E, 0x07030A, 0xFFBA08}};
  static const Palette kIndoor[] = {{0xC8A27A, 0x8B5E3C, 0xFFFFFF, 0xF4E9DC, 0xD62828, 0x588157, 0xF4A261},
                                    {0x6B4F3A, 0x3E2C20, 0xFFFFFF, 0xEFE6DD, 0xE76F51, 0x2A9D8F, 0xE9C46A},
                                    {0xDDE5ED, 0xA9B8C6, 0xFFFFFF, 0xF7F3EE, 0xBC4749, 0x6A994E, 0xF2CC8F},
                                    {0x9C6644, 0x5E3A24, 0xFFFBF5, 0xF1E3D3, 0xF4A259, 0x8AB17D, 0xE76F51},
                                    {0x3D405B, 0x24263A, 0xFFFFFF, 0xF4F1DE, 0xE07A5F, 0x81B29A, 0xF2CC8F},
                                    {0xB5838D, 0x6D6875, 0xFFFFFF, 0xFFCDB2, 0xE5989B, 0x6D9773, 0xFFB4A2}};
  static const Palette kUi[] = {{0x1A73E8, 0xFFFFFF, 0x202124, 0xE8EAED, 0x5F6368, 0xFFFFFF, 0x34A853},
                                {0xD93025, 0xFFFFFF, 0x202124, 0xF1F3F4, 0x5F6368, 0xFFFFFF, 0xFBBC04},
                                {0x188038, 0xFFFFFF, 0x202124, 0xE6F4EA, 0x5F6368, 0xFFFFFF, 0xF29900},
                                {0x8430CE, 0xFFFFFF, 0x202124, 0xF3E8FD, 0x5F6368, 0xFFFFFF, 0xE52592}};
  auto at = [i](const Palette* p, int n) -> const Palette& { return p[((i % n) + n) % n]; };
  if (kind == "sunset") return at(kSunset, 6);
  if (kind == "night") return at(kNight, 4);
  if (kind == "food" || kind == "portrait") return at(kIndoor, 6);
  if (kind == "screenshot") return at(kUi, 4);
  if (kind == "document") return at(kIndoor, 6);  // a table beneath the paper
  return at(kDay, 6);
}

std::uint32_t mix(std::uint32_t a, std::uint32_t b, float t) {
  auto ch = [&](int s) {
    const float x = static_cast<float>((a >> s) & 0xFF) * (1 - t) + static_cast<float>((b >> s) & 0xFF) * t;
    return static_cast<std::uint32_t>(std::clamp(x, 0.0f, 255.0f)) << s;
  };
  return ch(16) | ch(8) | ch(0);
}

/// A circle kept inside `r` (its radius shrinks to fit).
void circle_in(Ui& ui, const Rect& r, float cx, float cy, float rad, std::uint32_t c, float alpha = 1) {
  rad = std::min({rad, cx - r.l, r.r - cx, cy - r.t, r.b - cy});
  if (rad > 0.2f) ui.circle(cx, cy, rad, c, alpha);
}

/// A stepped peak standing on `base_y`, centred at `cx` (reads as a triangle at thumbnail size).
void peak(Ui& ui, const Rect& r, float cx, float base_y, float half_w, float h, std::uint32_t c, std::uint32_t snow) {
  const int steps = 14;
  for (int k = 0; k < steps; ++k) {
    const float t0 = static_cast<float>(k) / steps, t1 = static_cast<float>(k + 1) / steps;
    const float w = half_w * (1 - t0);
    const Rect s{std::max(r.l, cx - w), base_y - h * t1, std::min(r.r, cx + w), base_y - h * t0 + 0.5f};
    ui.fill(s, k >= steps - 4 ? snow : c);
  }
}

void hills(Ui& ui, const Rect& r, Rng& g, float horizon, std::uint32_t c, int n) {
  const float W = r.w(), room = r.b - horizon;
  for (int i = 0; i < n; ++i) {
    const float x = r.l + W * g.range(0.15f, 0.85f), rad = room * g.range(0.5f, 0.9f);
    circle_in(ui, r, x, horizon + room * 0.2f, rad, c);
  }
}

void tree(Ui& ui, const Rect& r, float x, float base, float h, std::uint32_t leaf, std::uint32_t trunk) {
  ui.fill({x - h * 0.05f, base - h * 0.45f, x + h * 0.05f, base}, trunk);
  circle_in(ui, r, x, base - h * 0.6f, h * 0.3f, leaf);
  circle_in(ui, r, x, base - h * 0.85f, h * 0.2f, mix(leaf, 0xFFFFFF, 0.12f));
}

void person(Ui& ui, const Rect& r, float cx, float base, float h, std::uint32_t shirt, std::uint32_t skin, std::uint32_t hair) {
  const float head = h * 0.16f;
  ui.fill({std::max(r.l, cx - h * 0.28f), base - h * 0.5f, std::min(r.r, cx + h * 0.28f), base}, shirt, h * 0.12f);
  circle_in(ui, r, cx, base - h * 0.68f - head * 0.25f, head * 1.08f, hair);
  circle_in(ui, r, cx, base - h * 0.66f, head, skin);
}

}  // namespace

/// A new photo id "IMG_yyyymmdd_hhmmss" for local time `local_ms`, with "_2", "_3"... appended
/// while the id is taken in the merged view or the overlay.
std::string new_photo_id(const Phone& phone, std::int64_t local_ms);

json photos(Phone& phone) { return call_app(phone, "gallery", "photos"); }

json photo(Phone& phone, const std::string& id) { return call_app(phone, "gallery", "photo", {{"id", id}}); }

std::string add_photo(Phone& phone, const json& fields) {
  return call_app(phone, "gallery", "add_photo", fields).at("id").get<std::string>();
}

json store::photos(const Phone& phone) {
  json list = resolve_collection(World::instance(), own_state(phone, "gallery"), "gallery", "photos");
  std::vector<json> v(list.begin(), list.end());
  std::stable_sort(v.begin(), v.end(), [](const json& a, const json& b) {
    const std::int64_t ta = a.value("taken_ms", std::int64_t{0}), tb = b.value("taken_ms", std::int64_t{0});
    if (ta != tb) return ta > tb;
    return a.value("id", "") > b.value("id", "");
  });
  return json(v);
}

json store::photo(const Phone& phone, const std::string& id) {
  return resolve_entity(World::instance(), own_state(phone, "gallery"), "gallery", "photos", id);
}

std::string store::add_photo(Phone& phone, const json& fields) {
  if (!fields.is_object() || !fields.value("taken_ms", json()).is_number_integer())
    throw std::invalid_argument("gallery add_photo: needs an object with an integer \"taken_ms\", got " + fields.dump());
  const std::int64_t taken = fields["taken_ms"].get<std::int64_t>();
  const std::string id = new_photo_id(phone, taken + (phone.local_time_ms() - phone.now_ms()));
  json& photos = own_state(phone, "gallery")["photos"];
  if (!photos.is_object()) photos = json::object();
  photos[id] = fields;
  return id;
}

std::string duration_text(std::int64_t s) {
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", static_cast<long long>(s / 3600), static_cast<long long>(s / 60 % 60),
                  static_cast<long long>(s % 60));
  else
    std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(s / 60), static_cast<long long>(s % 60));
  return buf;
}

json scene_at(std::int64_t ms) {
  static const char* kKinds[] = {"city", "forest", "beach", "mountains", "sunset", "food", "portrait", "night"};
  const std::int64_t minute = ms / 60000;
  Rng g{static_cast<std::uint64_t>(minute)};
  return {{"kind", kKinds[g.pick(8)]}, {"palette", g.pick(6)}, {"seed", static_cast<int>(minute % 1000000)}};
}

std::string new_photo_id(const Phone& phone, std::int64_t local_ms) {
  const CivilTime c = civil_from_ms(local_ms);
  char buf[40];
  std::snprintf(buf, sizeof buf, "IMG_%04d%02d%02d_%02d%02d%02d", c.year, c.month, c.day, c.hour, c.minute, c.second);
  const json& overlay = own_state(phone, "gallery");
  auto taken = [&](const std::string& id) {
    return !store::photo(phone, id).is_null() || (overlay.contains("photos") && overlay["photos"].contains(id)) ||
           World::instance().entity("gallery", "photos", id) != nullptr;
  };
  std::string id = buf;
  for (int n = 2; taken(id); ++n) id = std::string(buf) + "_" + std::to_string(n);
  return id;
}

std::string format_date(std::int64_t local_ms) { return format_date_ms(local_ms, DateStyle::MonthDayYear); }

void draw_scene(Ui& ui, const Rect& r, const json& scene) {
  ContentColours keep;  // content keeps its colours in the dark theme (sim/ui/dark.hpp)
  const std::string kind = scene.is_object() ? scene.value("kind", "") : "";
  const int pal = scene.is_object() ? scene.value("palette", 0) : 0;
  const int seed = scene.is_object() ? scene.value("seed", 0) : 0;
  const Palette& p = palette(kind, pal);
  Rng g{static_cast<std::uint64_t>(seed) * 7919 + static_cast<std::uint64_t>(pal) + 1};
  const float W = r.w(), H = r.h(), u = std::min(W, H);
  auto X = [&](float fx) { return r.l + W * fx; };
  auto Y = [&](float fy) { return r.t + H * fy; };
  if (kind == "sunset") {
    const float horizon = Y(g.range(0.6f, 0.7f));
    ui.gradient({r.l, r.t, r.r, horizon}, p.sky_top, p.sky_bottom);
    const float sx = X(g.range(0.25f, 0.75f)), sr = u * g.range(0.12f, 0.2f);
    circle_in(ui, r, sx, horizon - sr * 0.25f, sr * 1.5f, p.sun, 0.25f);
    circle_in(ui, r, sx, horizon - sr * 0.25f, sr, p.sun);
    if (g.pick(2)) ui.fill({X(g.range(0, 0.3f)), horizon - u * 0.05f, X(g.range(0.35f, 0.5f)), horizon}, p.far);
    ui.gradient({r.l, horizon, r.r, r.b}, p.near, p.ground);
    for (int i = 0; i < 5; ++i) {
      const float w = sr * (1.4f - 0.22f * static_cast<float>(i)), y = horizon + (r.b - horizon) * (0.1f + 0.17f * static_cast<float>(i));
      ui.fill({std::max(r.l, sx - w), y, std::min(r.r, sx + w), y + std::max(0.6f, H * 0.012f)}, p.accent, 0, 0.55f);
    }
  } else if (kind == "mountains") {
    const float horizon = Y(g.range(0.66f, 0.76f));
    ui.gradient({r.l, r.t, r.r, horizon}, p.sky_top, p.sky_bottom);
    const float sx = X(g.range(0.15f, 0.85f)), sy = Y(g.range(0.12f, 0.25f));
    circle_in(ui, r, sx, sy, u * 0.07f, p.sun);
    const int peaks = 2 + g.pick(2);
    for (int i = 0; i < peaks; ++i) {
      const float h = H * g.range(0.3f, 0.55f);
      const float px = X(g.range(0.1f, 0.9f)), pw = W * g.range(0.2f, 0.38f);
      peak(ui, r, px, horizon, pw, h, i == 0 ? p.far : mix(p.far, p.near, 0.5f),
           mix(p.accent, p.far, 0.15f));
    }
    hills(ui, r, g, horizon, mix(p.ground, 0x000000, 0.15f), 2);
    ui.fill({r.l, horizon, r.r, r.b}, p.ground);
    for (int i = 0; i < 4; ++i) {
      const float tx = X(g.range(0.05f, 0.95f)), ty = Y(g.range(0.9f, 0.98f));
      tree(ui, r, tx, ty, u * 0.16f, p.near, 0x4E342E);
    }
  } else if (kind == "city") {
    const float ground = Y(0.86f);
    ui.gradient({r.l, r.t, r.r, ground}, p.sky_top, p.sky_bottom);
    const float sx = X(g.range(0.1f, 0.9f)), sy = Y(g.range(0.1f, 0.22f));
    circle_in(ui, r, sx, sy, u * 0.06f, p.sun);
    for (float x = r.l; x < r.r;) {
      const float w = std::min(r.r - x, W * g.range(0.09f, 0.17f)), h = H * g.range(0.25f, 0.66f);
      const std::uint32_t c = mix(p.far, p.near, g.f());
      ui.fill({x, ground - h, x + w, ground}, c);
      if (w > 6 && h > 10) {
        const float cell = std::max(2.0f, w / 4);
        for (float wy = ground - h + cell * 0.6f; wy + cell * 0.5f < ground; wy += cell * 1.3f)
          for (float wx = x + cell * 0.5f; wx + cell * 0.5f < x + w; wx += cell * 1.1f)
            ui.fill({wx, wy, wx + cell * 0.5f, wy + cell * 0.6f}, p.accent, 0, 0.55f);
      }
      x += w + W * g.range(0.0f, 0.03f);
    }
    ui.fill({r.l, ground, r.r, r.b}, mix(p.ground, 0x404040, 0.6f));
    ui.fill({r.l, ground + (r.b - ground) * 0.45f, r.r, ground + (r.b - ground) * 0.55f}, 0xF2F2F2, 0, 0.7f);
  } else if (kind == "beach") {
    const float horizon = Y(g.range(0.45f, 0.55f)), shore = Y(g.range(0.68f, 0.76f));
    ui.gradient({r.l, r.t, r.r, horizon}, p.sky_top, p.sky_bottom);
    const float sx = X(g.range(0.6f, 0.9f)), sy = Y(g.range(0.12f, 0.25f));
    circle_in(ui, r, sx, sy, u * 0.08f, 0xFFF3B0);
    ui.gradient({r.l, horizon, r.r, shore}, 0x1E6FA8, 0x4FC3D9);
    for (int i = 0; i < 3; ++i) {
      const float y = horizon + (shore - horizon) * (0.3f + 0.25f * static_cast<float>(i));
      const float x = X(g.range(0.0f, 0.5f));
      ui.fill({x, y, std::min(r.r, x + W * g.range(0.2f, 0.45f)), y + std::max(0.6f, H * 0.01f)}, 0xFFFFFF, 0, 0.7f);
    }
    ui.fill({r.l, shore, r.r, r.b}, 0xF1D9A7);
    const float px = X(g.range(0.1f, 0.35f));
    ui.fill({px - u * 0.015f, Y(0.42f), px + u * 0.015f, Y(0.9f)}, 0x7B5B3A);
    for (int i = 0; i < 3; ++i) circle_in(ui, r, px + u * (static_cast<float>(i) - 1) * 0.09f, Y(0.42f), u * 0.08f, 0x2E7D32);
    const float tx = X(g.range(0.5f, 0.75f));
    ui.fill({tx, Y(0.84f), tx + W * 0.18f, Y(0.92f)}, palette("food", pal).near, u * 0.01f);
    circle_in(ui, r, X(g.range(0.45f, 0.9f)), Y(0.8f), u * 0.04f, 0xE53935);
  } else if (kind == "forest") {
    const float ground = Y(g.range(0.7f, 0.78f));
    ui.gradient({r.l, r.t, r.r, ground}, p.sky_top, p.sky_bottom);
    circle_in(ui, r, X(g.range(0.1f, 0.9f)), Y(0.15f), u * 0.07f, p.sun);
    hills(ui, r, g, ground, mix(p.near, p.sky_bottom, 0.45f), 3);
    ui.fill({r.l, ground, r.r, r.b}, p.ground);
    ui.fill({X(0.42f), ground, X(0.58f), r.b}, 0xC8B28A, 0, 0.8f);
    const int n = 5 + g.pick(4);
    for (int i = 0; i < n; ++i) {
      const float tx = X((static_cast<float>(i) + g.range(0.2f, 0.8f)) / static_cast<float>(n));
      const float ty = ground + (r.b - ground) * g.range(0.2f, 0.9f), size = u * g.range(0.35f, 0.6f);
      tree(ui, r, tx, ty, size, mix(0x2E7D32, 0x1B5E20, g.f()), 0x5D4037);
    }
  } else if (kind == "night") {
    const float ground = Y(g.range(0.78f, 0.86f));
    ui.gradient({r.l, r.t, r.r, ground}, p.sky_top, p.sky_bottom);
    for (int i = 0; i < 24; ++i) {  // stars
      const float sx = X(g.f()), sy = Y(g.range(0.02f, 0.6f)), sr = u * g.range(0.004f, 0.009f), alpha = g.range(0.5f, 1);
      circle_in(ui, r, sx, sy, sr, 0xFFFFFF, alpha);
    }
    const float mx = X(g.range(0.15f, 0.85f)), my = Y(g.range(0.12f, 0.25f));
    circle_in(ui, r, mx, my, u * 0.08f, p.sun);
    circle_in(ui, r, mx + u * 0.035f, my - u * 0.015f, u * 0.07f, p.sky_top);
    for (int b = 0; b < 2; ++b) {  // fireworks: rings of dots
      const float fx = X(g.range(0.2f, 0.8f)), fy = Y(g.range(0.2f, 0.45f)), fr = u * g.range(0.08f, 0.14f);
      const std::uint32_t c = b == 0 ? p.accent : mix(p.accent, 0x80FFDB, 0.6f);
      static const float kDirs[12][2] = {{1, 0}, {0.866f, 0.5f}, {0.5f, 0.866f}, {0, 1}, {-0.5f, 0.866f}, {-0.866f, 0.5f},
                                         {-1, 0}, {-0.866f, -0.5f}, {-0.5f, -0.866f}, {0, -1}, {0.5f, -0.866f}, {0.866f, -0.5f}};
      for (const auto& d : kDirs) circle_in(ui, r, fx + d[0] * fr, fy + d[1] * fr, u * 0.012f, c);
    }
    for (float x = r.l; x < r.r;) {
      const float w = std::min(r.r - x, W * g.range(0.08f, 0.15f)), h = H * g.range(0.1f, 0.3f);
      ui.fill({x, ground - h, x + w, ground}, p.near);
      for (int k = 0; k < 3; ++k) {
        const float wx = x + w * g.range(0.15f, 0.75f), wy = ground - h * g.range(0.15f, 0.85f);
        ui.fill({wx, wy, wx + u * 0.015f, wy + u * 0.02f}, 0xFFE082, 0, 0.9f);
      }
      x += w;
    }
    ui.fill({r.l, ground, r.r, r.b}, p.ground);
  } else if (kind == "food") {
    ui.gradient(r, p.sky_top, p.sky_bottom);
    for (int i = 1; i < 5; ++i) ui.fill({r.l, Y(0.2f * static_cast<float>(i)), r.r, Y(0.2f * static_cast<float>(i)) + std::max(0.5f, H * 0.006f)}, 0x000000, 0, 0.12f);
    const float cx = X(g.range(0.4f, 0.6f)), cy = Y(g.range(0.45f, 0.55f)), pr = u * 0.36f;
    circle_in(ui, r, cx + u * 0.02f, cy + u * 0.03f, pr, 0x000000, 0.18f);
    circle_in(ui, r, cx, cy, pr, p.sun);
    circle_in(ui, r, cx, cy, pr * 0.78f, p.far);
    const int items = 3 + g.pick(3);
    const std::uint32_t cols[3] = {p.near, p.ground, p.accent};
    for (int i = 0; i < items; ++i) {
      const float a = g.range(0, 6.283f), d = pr * g.range(0.0f, 0.45f);
      circle_in(ui, r, cx + d * std::cos(a), cy + d * std::sin(a), pr * g.range(0.15f, 0.28f), cols[i % 3]);
    }
    ui.fill({cx + pr + u * 0.05f, cy - pr * 0.8f, cx + pr + u * 0.075f, cy + pr * 0.8f}, 0xCFD8DC, u * 0.01f);
    ui.fill({cx - pr - u * 0.075f, cy - pr * 0.8f, cx - pr - u * 0.05f, cy + pr * 0.8f}, 0xCFD8DC, u * 0.01f);
    if (g.pick(2)) circle_in(ui, r, X(0.88f), Y(0.16f), u * 0.09f, 0xFFFFFF);
  } else if (kind == "portrait") {
    ui.gradient(r, p.far, mix(p.far, p.sky_top, 0.5f));
    ui.fill({X(g.range(0.05f, 0.5f)), Y(0.08f), X(0.55f) + W * 0.2f, Y(0.45f)}, 0xFFFFFF, u * 0.02f, 0.35f);
    const int n = 1 + g.pick(3);
    static const std::uint32_t kSkin[] = {0xF1C27D, 0xE0AC69, 0xC68642, 0x8D5524, 0xFFDBAC};
    static const std::uint32_t kHair[] = {0x3B2219, 0x1C1C1C, 0xA56B46, 0x5A3825, 0xB89778};
    for (int i = 0; i < n; ++i) {
      const float cx = X((static_cast<float>(i) + 0.5f) / static_cast<float>(n) + g.range(-0.04f, 0.04f));
      const float h = H * g.range(0.7f, 0.95f) / (n == 3 ? 1.2f : 1.0f);
      const std::uint32_t shirt = mix(i % 2 ? p.near : p.ground, p.accent, g.f() * 0.5f), skin = kSkin[g.pick(5)],
                          hair = kHair[g.pick(5)];
      person(ui, r, cx, r.b, h, shirt, skin, hair);
    }
  } else if (kind == "screenshot") {
    ui.fill(r, 0xFFFFFF);
    ui.fill({r.l, r.t, r.r, Y(0.05f)}, mix(p.sky_top, 0x000000, 0.2f));
    ui.fill({r.l, Y(0.05f), r.r, Y(0.14f)}, p.sky_top);
    ui.fill({X(0.06f), Y(0.085f), X(0.45f), Y(0.105f)}, 0xFFFFFF, 0, 0.9f);
    const Rect card{X(0.06f), Y(0.19f), X(0.94f), Y(0.5f)};
    ui.fill(card, p.far, u * 0.03f);
    const int bars = 10 + g.pick(10);
    for (int i = 0; i < bars; ++i) {
      const float x = card.l + card.w() * (0.08f + 0.84f * static_cast<float>(i) / static_cast<float>(bars));
      ui.fill({x, card.t + card.h() * 0.55f, x + card.w() * g.range(0.008f, 0.025f), card.b - card.h() * 0.12f}, p.sun);
    }
    ui.fill({card.l + card.w() * 0.08f, card.t + card.h() * 0.15f, card.l + card.w() * g.range(0.4f, 0.8f), card.t + card.h() * 0.3f}, p.near);
    for (int i = 0; i < 5; ++i) {
      const float y = Y(0.56f + 0.08f * static_cast<float>(i));
      circle_in(ui, r, X(0.12f), y + H * 0.025f, u * 0.045f, i % 2 ? p.accent : p.sky_top);
      ui.fill({X(0.24f), y + H * 0.01f, X(g.range(0.5f, 0.9f)), y + H * 0.025f}, p.near, 0, 0.8f);
      ui.fill({X(0.24f), y + H * 0.035f, X(g.range(0.35f, 0.7f)), y + H * 0.045f}, p.near, 0, 0.4f);
    }
  } else if (kind == "document") {
    // A photo of a paper document on a table: readable text lines when the picture is big enough
    // (the viewer), grey bars of the same lengths in thumbnails.
    ui.gradient(r, p.sky_top, p.sky_bottom);
    const json lines = scene.value("lines", json::array());
    const Rect paper{X(0.1f), Y(0.06f), X(0.9f), Y(0.94f)};
    ui.fill({paper.l + u * 0.01f, paper.t + u * 0.015f, paper.r + u * 0.01f, paper.b + u * 0.015f}, 0x000000, 0, 0.25f);
    ui.fill(paper, 0xFBFAF5);
    const float pad = paper.w() * 0.08f, lh = std::min(paper.h() * 0.8f / std::max<float>(1, static_cast<float>(lines.size())), u * 0.1f);
    float y = paper.t + paper.h() * 0.08f;
    const bool readable = paper.w() >= 240;
    for (const json& line : lines) {
      const std::string t = line.is_string() ? line.get<std::string>() : "";
      if (!t.empty()) {
        if (readable) {
          // "ITEM      4.99": the label on the left, what follows a run of spaces right-aligned.
          const std::size_t gap = t.find("  ");
          const std::size_t rest = gap == std::string::npos ? gap : t.find_first_not_of(' ', gap);
          if (rest == std::string::npos) {
            ui.text(paper.l + pad, y, t, Font::Body, 0x202124);
          } else {
            const std::string right = t.substr(rest);
            ui.text(paper.l + pad, y, t.substr(0, gap), Font::Body, 0x202124);
            ui.text(paper.r - pad - ui.text_width(right, Font::Body), y, right, Font::Body, 0x202124);
          }
        } else {
          const float w = std::min(paper.w() - 2 * pad, paper.w() * 0.028f * static_cast<float>(t.size()));
          ui.fill({paper.l + pad, y + lh * 0.3f, paper.l + pad + w, y + lh * 0.6f}, 0x9AA0A6);
        }
      }
      y += readable ? std::max(lh, ui.line_height(Font::Body) + 4) : lh;
    }
  } else {
    ui.gradient(r, p.sky_top, p.sky_bottom);
  }
}

}  // namespace pg::gallery
