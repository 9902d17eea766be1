// The widget toolkit (sim/ui/ui.hpp): every widget records its accessibility node (id, class,
// text, flags) with bounds in screen pixels (dp x 3) and at least a 48 dp touch target when it is
// tappable, and a tap's handler runs what the page asked for. Text helpers: one ellipsize, word wrap.
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/render/frame.hpp"
#include "sim/ui/ui.hpp"

#include <imgui.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

constexpr float kPxPerDp = 3;

/// Draws `page` into a fresh frame of a fresh phone and returns the nodes it recorded.
template <typename F>
std::vector<pg::Node> draw(pg::Env& env, F page) {
  pg::FrameScope frame;
  pg::Ui ui(frame.draw_list(), env.phone());
  page(ui);
  return {ui.nodes().begin(), ui.nodes().end()};
}

const pg::Node& find(const std::vector<pg::Node>& nodes, const std::string& id) {
  for (const pg::Node& n : nodes)
    if (n.id == id) return n;
  throw std::runtime_error("no node " + id);
}

void expect_bounds_dp(const pg::Node& n, float l, float t, float r, float b) {
  EXPECT_FLOAT_EQ(n.bounds.l, l * kPxPerDp) << n.id;
  EXPECT_FLOAT_EQ(n.bounds.t, t * kPxPerDp) << n.id;
  EXPECT_FLOAT_EQ(n.bounds.r, r * kPxPerDp) << n.id;
  EXPECT_FLOAT_EQ(n.bounds.b, b * kPxPerDp) << n.id;
}

void expect_touch_target(const pg::Node& n) {
  EXPECT_GE(n.bounds.w(), 48 * kPxPerDp - 0.5f) << n.id;
  EXPECT_GE(n.bounds.h(), 48 * kPxPerDp - 0.5f) << n.id;
}

struct Fixture : ::testing::Test {
  pg::Env env;
  void SetUp() override { env.reset(); }
  // Scratch state for widgets bound to a pointer: a key no clock page reads.
  nlohmann::json& scratch() { return pg::own_state(env.phone(), "clock"); }
};

}  // namespace

// A page may keep the node a widget returned and finish it after drawing more (a row's
// description once its parts are known): the reference stays valid however many nodes follow.
TEST_F(Fixture, ANodeReferenceSurvivesTheNodesRecordedAfterIt) {
  auto nodes = draw(env, [](pg::Ui& ui) {
    pg::Node& row = ui.item("t.row", "android.widget.LinearLayout", {0, 100, 360, 172}, "Row", {});
    for (int i = 0; i < 2000; ++i) ui.label("t.l" + std::to_string(i), {16, 100, 200, 124}, "x");
    row.desc = "described after 2000 more nodes";
  });
  EXPECT_EQ(find(nodes, "t.row").desc, "described after 2000 more nodes");
  EXPECT_EQ(nodes.size(), 2001u);
}

TEST_F(Fixture, LabelRecordsATextViewOverItsBox) {
  auto nodes = draw(env, [](pg::Ui& ui) {
    ui.label("t.box", {16, 100, 200, 124}, "Hello");
    ui.label_at("t.at", 16, 200, "A long line that will not fit", pg::Font::Body, pg::color::kOnSurface, 80);
  });
  const pg::Node& box = find(nodes, "t.box");
  EXPECT_EQ(box.cls, "android.widget.TextView");
  EXPECT_EQ(box.text, "Hello");
  EXPECT_FALSE(box.clickable);
  expect_bounds_dp(box, 16, 100, 200, 124);
  const pg::Node& at = find(nodes, "t.at");
  EXPECT_EQ(at.text.substr(at.text.size() - 3), "\xE2\x80\xA6");  // ellipsized
  EXPECT_LE(at.bounds.r, (16 + 80) * kPxPerDp + 0.5f);
}

TEST_F(Fixture, EllipsizeKeepsFittingTextAndCutsWholeCharacters) {
  pg::FrameScope frame;
  pg::Ui ui(frame.draw_list(), env.phone());
  EXPECT_EQ(ui.ellipsize("Short", pg::Font::Body, 200), "Short");
  const std::string cut = ui.ellipsize("Caf\xC3\xA9 \xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9",
                                       pg::Font::Body, 50);
  EXPECT_LE(ui.text_width(cut, pg::Font::Body), 50);
  EXPECT_EQ(cut.substr(cut.size() - 3), "\xE2\x80\xA6");
  EXPECT_NE(cut[cut.size() - 4], ' ');  // trailing spaces dropped before the ellipsis
  EXPECT_EQ(ui.ellipsize("Anything", pg::Font::Body, 1), "\xE2\x80\xA6");
}

TEST_F(Fixture, EllipsizeIsTheLongestFittingPrefixOnLongAndOddTexts) {
  // The binary search gives what dropping one character at a time from the end gives (the
  // definition), on texts with spaces, multi-byte characters and newlines, short and long.
  pg::FrameScope frame;
  pg::Ui ui(frame.draw_list(), env.phone());
  auto by_definition = [&](std::string s, float max_w) {
    if (ui.text_width(s, pg::Font::Body) <= max_w) return s;
    while (!s.empty()) {
      unsigned char c = 0;
      do {
        c = static_cast<unsigned char>(s.back());
        s.pop_back();
      } while (!s.empty() && (c & 0xC0) == 0x80);
      while (!s.empty() && s.back() == ' ') s.pop_back();
      if (ui.text_width(s + "\xE2\x80\xA6", pg::Font::Body) <= max_w) break;
    }
    return s + "\xE2\x80\xA6";
  };
  std::string grown;
  const std::vector<std::string> pieces = {"ab", "  ", "\xC3\xA9", "W", " x ", "\xE6\xBC\xA2", "\n", "iii", "   "};
  for (int i = 0; i < 60; ++i) {
    grown += pieces[static_cast<std::size_t>(i * 7 % 9)];
    for (const float w : {1.f, 12.f, 40.f, 95.5f, 180.f, 400.f}) EXPECT_EQ(ui.ellipsize(grown, pg::Font::Body, w), by_definition(grown, w)) << grown << " @" << w;
  }
}

TEST_F(Fixture, WrapBreaksAtSpacesAndCutsAtMaxLines) {
  pg::FrameScope frame;
  pg::Ui ui(frame.draw_list(), env.phone());
  const std::string s = "the quick brown fox jumps over the lazy dog again and again";
  const std::vector<std::string> lines = ui.wrap(s, pg::Font::Body, 100);
  ASSERT_GT(lines.size(), 2u);
  for (const std::string& l : lines) EXPECT_LE(ui.text_width(l, pg::Font::Body), 100) << l;
  EXPECT_EQ(lines[0].rfind("the quick", 0), 0u);
  const std::vector<std::string> two = ui.wrap(s, pg::Font::Body, 100, 2);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[1].substr(two[1].size() - 3), "\xE2\x80\xA6");
  EXPECT_EQ(ui.wrap("a\nb", pg::Font::Body, 100), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(ui.text_wrapped(0, 0, s, pg::Font::Body, 0, 100, 20), 20.f * static_cast<float>(lines.size()));
}

TEST_F(Fixture, BottomNavHasOneSelectedDestinationPerTabAndTapsSelect) {
  int picked = -1;
  auto nodes = draw(env, [&](pg::Ui& ui) {
    EXPECT_EQ(ui.bottom_nav("t.tab.", {{"a", "Alpha", "alarm"}, {"b", "Beta", "timer"}}, 1,
                            [&](pg::Phone&, int i) { picked = i; }),
              80);
  });
  const pg::Node& a = find(nodes, "t.tab.a");
  const pg::Node& b = find(nodes, "t.tab.b");
  EXPECT_EQ(a.cls, "android.widget.FrameLayout");
  EXPECT_EQ(a.text, "Alpha");
  EXPECT_FALSE(a.selected);
  EXPECT_TRUE(b.selected);
  EXPECT_TRUE(a.clickable);
  const float bottom = pg::Ui::content_area().b;
  expect_bounds_dp(a, 0, bottom - 80, 180, bottom);
  expect_bounds_dp(b, 180, bottom - 80, 360, bottom);
  a.on_click(env.phone());
  EXPECT_EQ(picked, 0);
}

TEST_F(Fixture, TabsSplitTheBarAndReportTheCurrentOne) {
  int picked = -1;
  auto nodes = draw(env, [&](pg::Ui& ui) {
    ui.tabs("t.tabs.", {0, 100, 360, 148}, {{"x", "One", ""}, {"y", "Two", ""}, {"z", "Three", ""}}, 2,
            [&](pg::Phone&, int i) { picked = i; });
  });
  const pg::Node& y = find(nodes, "t.tabs.y");
  expect_bounds_dp(y, 120, 100, 240, 148);
  expect_touch_target(y);
  EXPECT_FALSE(y.selected);
  EXPECT_TRUE(find(nodes, "t.tabs.z").selected);
  y.on_click(env.phone());
  EXPECT_EQ(picked, 1);
}

TEST_F(Fixture, SliderSetsTheValueWhereTouched) {
  int value = -1;
  auto nodes = draw(env, [&](pg::Ui& ui) {
    ui.slider("t.slider", 60, 300, 200, 5, 10, "Level", [&](pg::Phone&, int v) { value = v; });
  });
  const pg::Node& s = find(nodes, "t.slider");
  EXPECT_EQ(s.cls, "android.widget.SeekBar");
  EXPECT_EQ(s.text, "5");
  EXPECT_EQ(s.desc, "Level");
  expect_bounds_dp(s, 48, 176, 312, 224);
  EXPECT_EQ(pg::Ui::slider_value_at(60 * 3, 60, 300, 10), 0);
  EXPECT_EQ(pg::Ui::slider_value_at(180 * 3, 60, 300, 10), 5);
  EXPECT_EQ(pg::Ui::slider_value_at(310 * 3, 60, 300, 10), 10);
  EXPECT_EQ(pg::Ui::slider_value_at(10, 60, 300, 10), 0);
  s.on_click(env.phone());  // no touch yet: the pointer is at (-1, -1), the left end
  EXPECT_EQ(value, 0);
}

TEST_F(Fixture, ChipScrimSearchBarAndItemRunTheirHandlers) {
  int hits = 0;
  auto nodes = draw(env, [&](pg::Ui& ui) {
    ui.chip("t.chip", {16, 100, 120, 148}, "Label", true, [&](pg::Phone&) { ++hits; }, "label", "close");
    ui.search_bar("t.search", {16, 200, 344, 252}, "Search", [&](pg::Phone&) { hits += 10; });
    ui.item("t.item", "android.widget.LinearLayout", {0, 300, 360, 372}, "Row", [&](pg::Phone&) { hits += 100; });
    ui.item("t.static", "android.widget.FrameLayout", {0, 400, 360, 472}, "", {});
    ui.image("t.image", {0, 480, 100, 580}, "Photo");
    ui.scrim("t.scrim", {0, 0, 360, 800}, 0.32f, [&](pg::Phone&) { hits += 1000; });
  });
  const pg::Node& chip = find(nodes, "t.chip");
  EXPECT_EQ(chip.cls, "android.widget.Button");
  EXPECT_TRUE(chip.selected);
  expect_touch_target(chip);
  chip.on_click(env.phone());
  const pg::Node& search = find(nodes, "t.search");
  EXPECT_EQ(search.text, "Search");
  EXPECT_TRUE(search.clickable);
  search.on_click(env.phone());
  const pg::Node& item = find(nodes, "t.item");
  EXPECT_EQ(item.cls, "android.widget.LinearLayout");
  EXPECT_TRUE(item.clickable);
  item.on_click(env.phone());
  EXPECT_FALSE(find(nodes, "t.static").clickable);
  EXPECT_EQ(find(nodes, "t.image").cls, "android.widget.ImageView");
  EXPECT_EQ(find(nodes, "t.image").desc, "Photo");
  const pg::Node& scrim = find(nodes, "t.scrim");
  EXPECT_EQ(scrim.cls, "android.view.View");
  scrim.on_click(env.phone());
  EXPECT_EQ(hits, 1111);
}

TEST_F(Fixture, RadioAndCheckboxAreCheckable) {
  bool tapped = false;
  auto nodes = draw(env, [&](pg::Ui& ui) {
    ui.radio("t.radio", {0, 100, 360, 156}, "Daily", true, [&](pg::Phone&) { tapped = true; });
    ui.radio("t.radio2", {0, 156, 360, 212}, "Weekly", false, [](pg::Phone&) {});
    ui.checkbox("t.check", {0, 212, 360, 268}, "Work", false, [](pg::Phone&) {}, "label_outline");
    ui.checkbox("t.drawer", {0, 268, 360, 324}, "Home", true, [](pg::Phone&) {}, "", "android.widget.CheckedTextView");
  });
  const pg::Node& r = find(nodes, "t.radio");
  EXPECT_EQ(r.cls, "android.widget.RadioButton");
  EXPECT_TRUE(r.checkable && r.checked && r.clickable);
  EXPECT_FALSE(find(nodes, "t.radio2").checked);
  expect_bounds_dp(r, 0, 100, 360, 156);
  r.on_click(env.phone());
  EXPECT_TRUE(tapped);
  const pg::Node& c = find(nodes, "t.check");
  EXPECT_EQ(c.cls, "android.widget.CheckBox");
  EXPECT_EQ(c.text, "Work");
  EXPECT_TRUE(c.checkable);
  EXPECT_FALSE(c.checked);
  EXPECT_EQ(find(nodes, "t.drawer").cls, "android.widget.CheckedTextView");
  EXPECT_TRUE(find(nodes, "t.drawer").checked);
}

TEST_F(Fixture, SectionHeaderHeadlineAndAvatar) {
  float after = 0;
  auto nodes = draw(env, [&](pg::Ui& ui) {
    ui.set_cursor(100);
    ui.section_header("General");
    after = ui.cursor_y();
    ui.headline("t.title", 24, 48, "Alarm");
    ui.avatar(40, 300, 20, "A", 0xC2E7FF, 0x004A77);
    ui.avatar(40, 360, 20, "", 0xC2E7FF, 0x004A77);
  });
  EXPECT_EQ(after, 148);
  ASSERT_EQ(nodes.size(), 1u);  // the header and the avatars are decoration
  EXPECT_EQ(nodes[0].id, "t.title");
  EXPECT_EQ(nodes[0].text, "Alarm");
  EXPECT_FLOAT_EQ(nodes[0].bounds.h(), 40 * kPxPerDp);
}

TEST_F(Fixture, NodesInAScrollingListAreOffsetAndClipped) {
  scratch()["toolkit_scroll"] = 30;  // px
  auto nodes = draw(env, [&](pg::Ui& ui) {
    ui.begin_scroll("t.list", {0, 100, 360, 300}, "/apps/clock/toolkit_scroll");
    ui.radio("t.first", {0, 100, 360, 156}, "First", false, [](pg::Phone&) {});
    ui.end_scroll();
  });
  const pg::Node& first = find(nodes, "t.first");
  EXPECT_FLOAT_EQ(first.bounds.t, 300);  // clipped at the list's top edge (100 dp)
  EXPECT_FLOAT_EQ(first.bounds.b, 156 * kPxPerDp - 30);
  EXPECT_TRUE(first.clipped);
}

// Lines, polylines and convex polygons (Maps' streets, routes and areas) draw geometry in px
// (dp x 3) and record no node and no text.
TEST(UiToolkit, LinesPolylinesAndPolygonsDrawWithoutNodes) {
  pg::Env env;
  pg::FrameScope frame;
  ImDrawList* dl = frame.draw_list();
  pg::Ui ui(dl, env.phone());
  const int v0 = dl->VtxBuffer.Size;
  ui.line(10, 20, 110, 20, 0x1A73E8, 4);
  const int v1 = dl->VtxBuffer.Size;
  EXPECT_GT(v1, v0);
  float min_x = 1e9f, max_x = -1e9f, min_y = 1e9f, max_y = -1e9f;
  for (int i = v0; i < v1; ++i) {
    min_x = std::min(min_x, dl->VtxBuffer[i].pos.x), max_x = std::max(max_x, dl->VtxBuffer[i].pos.x);
    min_y = std::min(min_y, dl->VtxBuffer[i].pos.y), max_y = std::max(max_y, dl->VtxBuffer[i].pos.y);
  }
  EXPECT_NEAR(min_x, 30, 2);   // 10 dp
  EXPECT_NEAR(max_x, 330, 2);  // 110 dp
  EXPECT_NEAR(max_y - min_y, 12, 3);  // 4 dp thick
  ui.polyline({0, 0, 50, 0, 50, 50}, 0x1A73E8, 5);
  const int v2 = dl->VtxBuffer.Size;
  EXPECT_GT(v2, v1);
  ui.polygon_fill({0, 0, 10, 0, 10, 10, 0, 10}, 0xC8E6C9);
  EXPECT_GT(dl->VtxBuffer.Size, v2);
  ui.polygon_fill({0, 0, 10, 0}, 0xC8E6C9);  // fewer than 3 points: nothing
  EXPECT_TRUE(ui.nodes().empty());
  EXPECT_TRUE(ui.texts().empty());
}
