// The accessibility XML and set-of-marks through a real headless Chromium: the page's ui_xml and
// marks equal the native ones for the same state, and the SoM screenshot is the plain one with
// the numbered mark boxes drawn on top.
#include "browser_suite.hpp"
#include "sim/env/env.hpp"
#include "sim/render/frame.hpp"
#include "sim/render/image.hpp"
#include "sim/ui/a11y.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

#include <string_view>

using json = nlohmann::json;

namespace {

class A11yBrowserTest : public pg::testing::BrowserSuite {};

std::size_t count_colour(const pg::Image& img, std::uint32_t rgb) {
  std::size_t n = 0;
  for (std::size_t i = 0; i + 2 < img.data.size(); i += 3)
    n += (static_cast<std::uint32_t>(img.data[i]) << 16 | img.data[i + 1] << 8 | img.data[i + 2]) == rgb;
  return n;
}

}  // namespace

TEST_F(A11yBrowserTest, UiXmlAndMarksEqualTheNativeOnes) {
  pg::NativeHost native;
  const int n = native.create();
  const int b = host_->create();
  const pg::Action actions[] = {pg::parse_action(std::string_view(R"({"type":"noop"})")),
                                pg::parse_action(std::string_view(R"({"type":"open_app","app":"settings"})")),
                                pg::parse_action(std::string_view(R"({"type":"open_app","app":"clock"})"))};
  for (const pg::Action& a : actions) {
    native.step(n, a);
    host_->set_state(b, native.state(n));
    const std::string xml = native.ui_xml(n);
    EXPECT_EQ(host_->ui_xml(b), xml);
    EXPECT_EQ(host_->marks(b), native.marks(n));
    EXPECT_NE(xml.find("<hierarchy rotation=\"0\">"), std::string::npos);
  }
}

TEST_F(A11yBrowserTest, SomScreenshotDrawsTheMarksOnTopOfThePlainOne) {
  const int b = host_->create();
  host_->step(b, pg::parse_action(std::string_view(R"({"type":"open_app","app":"settings"})")));
  const pg::Image plain = host_->screenshot(b, true), som = host_->screenshot_som(b, true);
  ASSERT_EQ(som.width, pg::kScreenWidth);
  ASSERT_EQ(som.height, pg::kScreenHeight);
  EXPECT_NE(plain.data, som.data);
  // Mark 1's label is a solid rectangle of its colour, absent from the plain screen.
  const std::uint32_t c = pg::mark_color(1);
  EXPECT_EQ(count_colour(plain, c), 0u);
  EXPECT_GT(count_colour(som, c), 500u);
  // The labels lie where mark_labels() says (computed natively for the same state): a pixel just
  // inside each has its mark's colour. Outside every box and label (plus 2 px of anti-aliasing)
  // the pixels are unchanged.
  const json marks = host_->marks(b);
  pg::Env env;
  env.set_state(host_->state(b));
  const std::vector<pg::Mark> native_marks = pg::set_of_marks(env.phone().layout());
  ASSERT_EQ(marks, pg::marks_json(native_marks));
  std::vector<pg::Rect> labels, areas;
  {
    pg::FrameScope frame;
    pg::Ui ui(frame.draw_list(), env.phone());
    labels = pg::mark_labels(ui, native_marks);
  }
  ASSERT_EQ(labels.size(), native_marks.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const int x = static_cast<int>(labels[i].l) + 2, y = static_cast<int>(labels[i].t) + 2;
    const std::size_t at = (static_cast<std::size_t>(y) * som.width + x) * 3;
    EXPECT_EQ(static_cast<std::uint32_t>(som.data[at]) << 16 | som.data[at + 1] << 8 | som.data[at + 2],
              pg::mark_color(native_marks[i].mark))
        << "label of mark " << native_marks[i].mark << " (" << native_marks[i].id << ")";
    areas.push_back(labels[i]);
    areas.push_back(native_marks[i].bounds);
  }
  std::size_t outside = 0, changed = 0;
  for (int y = 0; y < som.height; ++y)
    for (int x = 0; x < som.width; ++x) {
      bool in = false;
      for (const pg::Rect& r : areas) in = in || (x >= r.l - 2 && x < r.r + 2 && y >= r.t - 2 && y < r.b + 2);
      if (in) continue;
      const std::size_t i = (static_cast<std::size_t>(y) * som.width + x) * 3;
      ++outside;
      changed += som.data[i] != plain.data[i] || som.data[i + 1] != plain.data[i + 1] || som.data[i + 2] != plain.data[i + 2];
    }
  EXPECT_GT(outside, 0u);
  EXPECT_EQ(changed, 0u);
  // The observation size works too.
  const pg::Image obs = host_->screenshot_som(b, false);
  EXPECT_EQ(obs.width, pg::kObsWidth);
  EXPECT_EQ(obs.height, pg::kObsHeight);
  // The observation comes from the CPU rasterizer, the full frame from WebGL: equal within 1/255.
  EXPECT_LE(pg::max_abs_diff(pg::box_downscale(som, 4), obs), 1);
  // A SoM screenshot changes nothing: the next plain one is identical to the first.
  EXPECT_EQ(host_->screenshot(b, true).data, plain.data);
}
