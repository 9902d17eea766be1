// Renderer parity: the native CPU rasterizer and the browser's WebGL2 (SwiftShader in headless
// Chromium) draw the same states alike. Each state is built natively, set into both hosts, and
// the 1080x2400 frames are compared: mean absolute difference over all channels, and the worst
// 16x16 tile's mean absolute difference (a missing icon or glyph run shows up there even when
// the whole-frame mean stays small). Set PG_PARITY_DUMP=<dir> to write both frames and their
// difference as PPM files.
#include "browser_suite.hpp"
#include "sim/env/env.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>

using json = nlohmann::json;

namespace {

/// Whole-frame mean absolute difference (0..255 units) must stay under this (the issue's 2/255).
constexpr double kMaxMeanDiff = 2.0;
/// Bound on one 16x16 tile's mean absolute difference (0..255 units, over its 768 channel values).
/// Chosen from data: over the states below the worst tile is 0.04 and no pixel differs by more
/// than 1 (rounding in blends); an erased 48x48 icon gives a tile of about 84. The bound leaves
/// room for a renderer update that rounds anti-aliased edges differently, not for a lost glyph.
constexpr double kMaxTileDiff = 4.0;
constexpr int kTile = 16;

struct Diff {
  double mean = 0;       ///< over all pixels and channels
  double worst_tile = 0; ///< largest per-tile mean
  int tile_x = 0, tile_y = 0;
  int max_abs = 0;
};

Diff compare(const pg::Image& a, const pg::Image& b) {
  Diff d;
  const int w = a.width, h = a.height;
  std::vector<double> tiles(static_cast<std::size_t>((w / kTile) * (h / kTile)), 0.0);
  double sum = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < 3; ++c) {
        const std::size_t i = (static_cast<std::size_t>(y) * w + x) * 3 + c;
        const int v = std::abs(int(a.data[i]) - int(b.data[i]));
        sum += v;
        d.max_abs = std::max(d.max_abs, v);
        tiles[static_cast<std::size_t>((y / kTile) * (w / kTile) + x / kTile)] += v;
      }
  d.mean = sum / (double(w) * h * 3);
  for (std::size_t t = 0; t < tiles.size(); ++t) {
    const double m = tiles[t] / (kTile * kTile * 3);
    if (m > d.worst_tile) {
      d.worst_tile = m;
      d.tile_x = static_cast<int>(t % (w / kTile)) * kTile;
      d.tile_y = static_cast<int>(t / (w / kTile)) * kTile;
    }
  }
  return d;
}

void write_ppm(const std::string& path, const pg::Image& img) {
  std::ofstream f(path, std::ios::binary);
  f << "P6\n" << img.width << " " << img.height << "\n255\n";
  f.write(reinterpret_cast<const char*>(img.data.data()), static_cast<std::streamsize>(img.data.size()));
}

pg::Action act(const std::string& j) { return pg::parse_action(std::string_view(j)); }

/// Clicks the centre of the node `id` (throws if the screen has no such node).
void tap(pg::Env& env, const std::string& id) {
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"])
    if (n["id"] == id) {
      const auto& b = n["bounds"];
      const int x = (b[0].get<int>() + b[2].get<int>()) / 2 * 1000 / pg::kScreenWidth;
      const int y = (b[1].get<int>() + b[3].get<int>()) / 2 * 1000 / pg::kScreenHeight;
      env.step(act("{\"type\":\"click\",\"x\":" + std::to_string(x) + ",\"y\":" + std::to_string(y) + "}"));
      return;
    }
  throw std::runtime_error("no node " + id + " on screen");
}

/// The states compared, built natively by actions a user would take.
std::vector<std::pair<std::string, json>> parity_states() {
  std::vector<std::pair<std::string, json>> out;
  pg::Env env;
  out.emplace_back("launcher", env.state());
  env.step(act(R"({"type":"open_app","app":"settings"})"));
  out.emplace_back("settings_main", env.state());
  tap(env, "settings.network");
  if (env.state()["os"]["settings"]["global"].value("wifi_on", false)) tap(env, "settings.wifi.switch");
  out.emplace_back("settings_network_wifi_off", env.state());
  env.step(act(R"({"type":"home"})"));
  env.step(act(R"({"type":"open_app","app":"clock"})"));
  out.emplace_back("clock_alarms", env.state());
  tap(env, "clock.alarm.06:30.switch");
  out.emplace_back("clock_toast_alarm_set", env.state());
  tap(env, "clock.add_alarm");
  tap(env, "clock.new_alarm.time");
  env.step(act(R"({"type":"type","text":"06:45"})"));
  out.emplace_back("clock_add_alarm_typing", env.state());
  tap(env, "clock.new_alarm.save");
  out.emplace_back("clock_saved_toast", env.state());
  // A long alarm list, scrolled by a swipe.
  json s = env.state();
  json& alarms = s["apps"]["clock"]["alarms"];
  for (int i = 0; i < 8; ++i)
    alarms.push_back({{"id", 100 + i}, {"time", std::to_string(10 + i) + ":" + std::to_string(10 + 7 * i)},
                      {"label", i % 2 ? "Gym" : ""}, {"enabled", i % 3 == 0}});
  env.set_state(s);
  env.step(act(R"({"type":"wait","seconds":5})"));  // let the toast go
  env.step(act(R"({"type":"swipe","x1":500,"y1":800,"x2":500,"y2":350})"));
  out.emplace_back("clock_list_scrolled", env.state());
  return out;
}

class RenderParityTest : public pg::testing::BrowserSuite {};

}  // namespace

TEST_F(RenderParityTest, NativeFramesMatchTheBrowsersFrames) {
  pg::NativeHost native;
  const int ns = native.create(), bs = host_->create();
  const char* dump = std::getenv("PG_PARITY_DUMP");
  for (const auto& [name, state] : parity_states()) {
    native.set_state(ns, state);
    host_->set_state(bs, state);
    const pg::Image n = native.screenshot(ns, true), b = host_->screenshot(bs, true);
    ASSERT_EQ(n.width, b.width);
    ASSERT_EQ(n.height, b.height);
    const Diff d = compare(n, b);
    std::printf("%-28s mean abs diff %.4f  worst 16x16 tile %.3f at (%d,%d)  max pixel diff %d\n", name.c_str(), d.mean,
                d.worst_tile, d.tile_x, d.tile_y, d.max_abs);
    EXPECT_LT(d.mean, kMaxMeanDiff) << name;
    EXPECT_LT(d.worst_tile, kMaxTileDiff) << name << ": tile at (" << d.tile_x << "," << d.tile_y << ")";
    if (dump) {
      pg::Image diff = n;
      for (std::size_t i = 0; i < diff.data.size(); ++i)
        diff.data[i] = static_cast<std::uint8_t>(std::min(255, 16 * std::abs(int(n.data[i]) - int(b.data[i]))));
      write_ppm(std::string(dump) + "/" + name + "-native.ppm", n);
      write_ppm(std::string(dump) + "/" + name + "-browser.ppm", b);
      write_ppm(std::string(dump) + "/" + name + "-diff.ppm", diff);
    }
  }
}

TEST_F(RenderParityTest, TheTileCheckCatchesAMissingIcon) {
  pg::Env env;
  env.step(act(R"({"type":"open_app","app":"settings"})"));
  pg::NativeHost native;
  const int ns = native.create(), bs = host_->create();
  native.set_state(ns, env.state());
  host_->set_state(bs, env.state());
  pg::Image n = native.screenshot(ns, true);
  const pg::Image b = host_->screenshot(bs, true);
  ASSERT_LT(compare(n, b).worst_tile, kMaxTileDiff);
  // Erase the Wi-Fi icon of the "Network & internet" row (icon centred 28 dp from the left).
  json row;
  const json tree = env.ui_tree();
  for (const json& node : tree["nodes"])
    if (node["id"] == "settings.network") row = node;
  ASSERT_FALSE(row.is_null());
  const int cx = static_cast<int>(28 * pg::kDensity), cy = (row["bounds"][1].get<int>() + row["bounds"][3].get<int>()) / 2;
  const std::size_t bg = (static_cast<std::size_t>(cy) * n.width + 4) * 3;  // the row's background
  const std::uint8_t bgc[3] = {n.data[bg], n.data[bg + 1], n.data[bg + 2]};
  for (int y = cy - 24; y < cy + 24; ++y)
    for (int x = cx - 24; x < cx + 24; ++x)
      for (int c = 0; c < 3; ++c) n.data[(static_cast<std::size_t>(y) * n.width + x) * 3 + c] = bgc[c];
  const Diff d = compare(n, b);
  std::printf("icon erased: mean abs diff %.4f, worst tile %.3f\n", d.mean, d.worst_tile);
  EXPECT_LT(d.mean, kMaxMeanDiff);      // the whole-frame mean alone would not notice
  EXPECT_GT(d.worst_tile, kMaxTileDiff);  // the tile check does
}

// The training-resolution rasterizer runs as the same C++ in the page (wasm, with SIMD) and
// natively: its 270x600 frames are identical, byte for byte, on every state above, and so are the
// exact observations (the box filter of each build's own CPU rasterizer).
TEST_F(RenderParityTest, DirectAndExactObservationsAreIdenticalInThePageAndNatively) {
  pg::NativeHost native;
  const int ns = native.create(), bs = host_->create();
  for (const char* spec : {"270x600:raw:direct", "270x600:raw"}) {
    const pg::ObsSpec s = pg::parse_obs_spec(spec);
    for (const auto& [name, state] : parity_states()) {
      native.set_state(ns, state);
      host_->set_state(bs, state);
      const pg::HostObservation n = native.observe(ns, s), b = host_->observe(bs, s);
      ASSERT_EQ(n.image.data.size(), b.image.data.size()) << spec << " " << name;
      EXPECT_TRUE(n.image.data == b.image.data) << spec << " " << name << ": the page's frame differs";
    }
  }
}
