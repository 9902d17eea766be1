// Native screenshots (the CPU renderer behind NativeHost): right sizes, the observation is the
// box-downscaled full frame, the same state always gives the same pixels (repeated renders,
// set_state(state()), fork), and different screens give different pixels.
#include "sim/env/env.hpp"
#include "sim/render/cpu_renderer.hpp"
#include "sim/render/frame.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <set>

namespace {

pg::Action act(const char* j) { return pg::parse_action(std::string_view(j)); }

std::size_t distinct_colours(const pg::Image& img) {
  std::set<std::uint32_t> colours;
  for (std::size_t i = 0; i + 2 < img.data.size(); i += 3)
    colours.insert(static_cast<std::uint32_t>(img.data[i] << 16 | img.data[i + 1] << 8 | img.data[i + 2]));
  return colours.size();
}

const std::uint8_t* px(const pg::Image& img, int x, int y) {
  return img.data.data() + (static_cast<std::size_t>(y) * img.width + x) * 3;
}

}  // namespace

TEST(NativeRender, ScreenshotsHaveTheObservationAndFullSizes) {
  pg::NativeHost host;
  EXPECT_TRUE(host.has_pixels());
  const int s = host.create();
  const pg::Image obs = host.screenshot(s, false), full = host.screenshot(s, true);
  EXPECT_EQ(obs.width, pg::kObsWidth);
  EXPECT_EQ(obs.height, pg::kObsHeight);
  EXPECT_EQ(full.width, pg::kScreenWidth);
  EXPECT_EQ(full.height, pg::kScreenHeight);
  EXPECT_EQ(pg::box_downscale(full, 4).data, obs.data);
  EXPECT_GT(distinct_colours(obs), 100u);  // wallpaper, icons, text: not a blank frame
  // The strip-by-strip observation equals box_downscale of the full frame on other screens too.
  for (const char* app : {"clock", "settings"}) {
    const std::string open = std::string("{\"type\":\"open_app\",\"app\":\"") + app + "\"}";
    host.step(s, act(open.c_str()));
    EXPECT_EQ(pg::box_downscale(host.screenshot(s, true), 4).data, host.screenshot(s, false).data) << app;
  }
}

TEST(NativeRender, SetOfMarksDrawsOnTopOfTheSameFrame) {
  pg::NativeHost host;
  const int s = host.create();
  host.step(s, act(R"({"type":"open_app","app":"settings"})"));
  const pg::Image plain = host.screenshot(s, true), som = host.screenshot_som(s, true);
  ASSERT_EQ(som.width, plain.width);
  ASSERT_EQ(som.height, plain.height);
  EXPECT_NE(som.data, plain.data);
  EXPECT_EQ(host.screenshot_som(s, false).data, pg::box_downscale(som, 4).data);
}

TEST(NativeRender, SameStateSamePixels) {
  pg::NativeHost host;
  const int a = host.create();
  host.step(a, act(R"({"type":"open_app","app":"settings"})"));
  const pg::Image first = host.screenshot(a, true);
  EXPECT_EQ(host.screenshot(a, true).data, first.data);  // rendering twice changes nothing
  host.set_state(a, host.state(a));
  EXPECT_EQ(host.screenshot(a, true).data, first.data);
  const int b = host.fork(a);
  EXPECT_EQ(host.screenshot(b, true).data, first.data);
  const int c = host.create();
  host.set_state(c, host.state(a));
  EXPECT_EQ(host.screenshot(c, false).data, host.screenshot(a, false).data);
  // Same action on parent and fork: same pixels; and Settings is not the launcher.
  host.step(a, act(R"({"type":"back"})"));
  host.step(b, act(R"({"type":"back"})"));
  EXPECT_EQ(host.screenshot(a, true).data, host.screenshot(b, true).data);
  EXPECT_NE(host.screenshot(a, true).data, first.data);
}

TEST(NativeRender, FillsRectsAndBlendsLikeGl) {
  // One opaque rect, one 50% rect over it, clipped; black elsewhere (the clear colour).
  pg::ensure_imgui();
  pg::CpuRenderer r;
  pg::Image img;
  {
    pg::FrameScope frame;
    ImDrawList* dl = frame.draw_list();
    dl->AddRectFilled(ImVec2(10, 10), ImVec2(110, 60), IM_COL32(200, 100, 0, 255));
    dl->PushClipRect(ImVec2(0, 0), ImVec2(60, 2400));
    dl->AddRectFilled(ImVec2(20, 20), ImVec2(100, 40), IM_COL32(0, 0, 255, 128));
    dl->PopClipRect();
    r.render(frame.finish(), img);
  }
  ASSERT_EQ(img.width, pg::kScreenWidth);
  EXPECT_EQ(px(img, 5, 5)[0], 0);
  EXPECT_EQ(px(img, 10, 10)[0], 200);   // the rect's top-left pixel is inside
  EXPECT_EQ(px(img, 109, 59)[1], 100);  // its bottom-right pixel too
  EXPECT_EQ(px(img, 110, 30)[0], 0);    // the right edge is exclusive
  EXPECT_EQ(px(img, 30, 30)[0], 100);   // 200 * (1 - 128/255) = 99.6
  EXPECT_EQ(px(img, 30, 30)[2], 128);   // 255 * 128/255
  EXPECT_EQ(px(img, 70, 30)[0], 200);   // clipped away
}
