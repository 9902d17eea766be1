// The accessibility tree as `uiautomator dump` XML and the set-of-marks: the XML parses back with
// one node per widget under a screen-sized root, bounds lie on the screen, every clickable node is
// what a click at its centre hits, text is escaped, and the marks number exactly the interactive
// elements in reading order.
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/render/frame.hpp"
#include "sim/render/image.hpp"
#include "sim/render/screen.hpp"
#include "sim/ui/a11y.hpp"
#include "sim/util/encoding.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

using json = nlohmann::json;

namespace {

struct XNode {
  std::map<std::string, std::string> a;  // attributes, unescaped
  int l = 0, t = 0, r = 0, b = 0;
  int depth = 0, parent = -1;
  bool flag(const std::string& k) const { return a.at(k) == "true"; }
};

std::string unescape(const std::string& s) {
  static const std::pair<const char*, const char*> kEnt[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&#10;", "\n"}, {"&#13;", "\r"}, {"&#9;", "\t"}};
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] != '&') {
      out += s[i++];
      continue;
    }
    bool done = false;
    for (auto [e, c] : kEnt)
      if (s.compare(i, std::strlen(e), e) == 0) {
        out += c;
        i += std::strlen(e);
        done = true;
        break;
      }
    if (!done && s.compare(i, 5, "&amp;") == 0) {
      out += '&';
      i += 5;
      done = true;
    }
    if (!done) throw std::runtime_error("bad entity at " + s.substr(i, 8));
  }
  return out;
}

// A small strict parser for the uiautomator format: the prolog, <hierarchy>, nested <node .../>
// and <node ...>...</node>. Throws std::runtime_error on anything else.
std::vector<XNode> parse_xml(const std::string& xml) {
  const std::string prolog = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">";
  if (xml.compare(0, prolog.size(), prolog) != 0) throw std::runtime_error("bad prolog");
  const std::string end = "</hierarchy>";
  if (xml.size() < prolog.size() + end.size() || xml.compare(xml.size() - end.size(), end.size(), end) != 0)
    throw std::runtime_error("no </hierarchy> at the end");
  std::vector<XNode> out;
  std::vector<int> stack;
  static const std::regex kAttr(R"re(\s*([a-z-]+)="([^"<>]*)")re");
  static const std::regex kBounds(R"(\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\])");
  std::size_t i = prolog.size();
  const std::size_t stop = xml.size() - end.size();
  while (i < stop) {
    if (xml.compare(i, 7, "</node>") == 0) {
      if (stack.empty()) throw std::runtime_error("unbalanced </node>");
      stack.pop_back();
      i += 7;
      continue;
    }
    if (xml.compare(i, 6, "<node ") != 0) throw std::runtime_error("unexpected text at " + xml.substr(i, 20));
    std::size_t close = xml.find('>', i);
    if (close == std::string::npos) throw std::runtime_error("unterminated tag");
    bool self = xml[close - 1] == '/';
    std::string body = xml.substr(i + 5, close - (i + 5) - (self ? 1 : 0));
    XNode n;
    auto it = std::sregex_iterator(body.begin(), body.end(), kAttr);
    std::size_t consumed = 0;
    for (; it != std::sregex_iterator(); ++it) {
      if (static_cast<std::size_t>(it->position()) != consumed) throw std::runtime_error("junk in tag: " + body);
      n.a[(*it)[1]] = unescape((*it)[2]);
      consumed = it->position() + it->length();
    }
    if (body.substr(consumed).find_first_not_of(' ') != std::string::npos) throw std::runtime_error("junk: " + body);
    std::smatch m;
    const std::string bounds = n.a.at("bounds");
    if (!std::regex_match(bounds, m, kBounds)) throw std::runtime_error("bad bounds " + bounds);
    n.l = std::stoi(m[1]), n.t = std::stoi(m[2]), n.r = std::stoi(m[3]), n.b = std::stoi(m[4]);
    n.depth = static_cast<int>(stack.size());
    n.parent = stack.empty() ? -1 : stack.back();
    out.push_back(n);
    if (!self) stack.push_back(static_cast<int>(out.size()) - 1);
    i = close + 1;
  }
  if (!stack.empty()) throw std::runtime_error("unclosed <node>");
  return out;
}

const char* const kAttrs[] = {"index",     "text",    "resource-id", "class",      "package",        "content-desc",
                              "checkable", "checked", "clickable",   "enabled",    "focusable",      "focused",
                              "scrollable", "long-clickable", "password", "selected", "bounds"};

json act(const std::string& s) { return json::parse(s); }

std::string step(pg::Env& env, const json& a) {
  json r = env.step(pg::parse_action(a));
  return r["info"].value("target", std::string());
}

// The screens of the test: name -> env at that screen.
std::vector<std::pair<std::string, pg::Env>> screens() {
  std::vector<std::pair<std::string, pg::Env>> s;
  pg::Env e;
  e.reset();
  s.emplace_back("launcher", e);
  // Opens `app`, records its first screen, taps the mark `mark` and records where that leads.
  auto open_and_tap = [&](const char* app, const char* first, const char* mark, const char* page, const char* second) {
    pg::Env x;
    x.reset();
    x.step(pg::parse_action(json{{"type", "open_app"}, {"app", app}}));
    s.emplace_back(first, x);
    for (const pg::Mark& m : pg::set_of_marks(x.phone().layout()))
      if (m.id == mark) step(x, {{"type", "click"}, {"x", m.x}, {"y", m.y}});
    EXPECT_EQ(x.phone().current_page(), page);
    s.emplace_back(second, x);
  };
  open_and_tap("settings", "settings.main", "settings.network", "network", "settings.network");
  open_and_tap("clock", "clock.alarms", "clock.add_alarm", "add_alarm", "clock.add_alarm");
  return s;
}

}  // namespace

TEST(A11yXml, ParsesBackWithOneNodePerWidgetUnderAScreenRoot) {
  for (auto& [name, env] : screens()) {
    SCOPED_TRACE(name);
    const std::vector<pg::Node> nodes = env.phone().layout();
    const std::string xml = env.ui_xml();
    std::vector<XNode> x;
    ASSERT_NO_THROW(x = parse_xml(xml)) << xml;
    ASSERT_EQ(x.size(), nodes.size() + 1);
    // The root: a FrameLayout covering the screen, with the foreground package.
    EXPECT_EQ(x[0].a["class"], "android.widget.FrameLayout");
    EXPECT_EQ(x[0].a["bounds"], "[0,0][1080,2400]");
    EXPECT_EQ(x[0].depth, 0);
    EXPECT_EQ(x[0].a["package"], env.foreground_package());
    std::map<int, int> next_index;  // parent -> expected index of the next child
    std::multiset<std::string> xml_ids, node_ids;
    for (std::size_t i = 0; i < x.size(); ++i) {
      for (const char* k : kAttrs) EXPECT_TRUE(x[i].a.count(k)) << "node " << i << " lacks " << k;
      EXPECT_EQ(x[i].a.size(), std::size(kAttrs));
      // Bounds on the screen and inside the parent's.
      EXPECT_LE(0, x[i].l);
      EXPECT_LE(x[i].l, x[i].r);
      EXPECT_LE(x[i].r, pg::kScreenWidth);
      EXPECT_LE(0, x[i].t);
      EXPECT_LE(x[i].t, x[i].b);
      EXPECT_LE(x[i].b, pg::kScreenHeight);
      if (i > 0) {
        ASSERT_GE(x[i].parent, 0);
        const XNode& p = x[x[i].parent];
        EXPECT_TRUE(p.l <= x[i].l && p.t <= x[i].t && x[i].r <= p.r && x[i].b <= p.b) << x[i].a["resource-id"];
        EXPECT_EQ(std::stoi(x[i].a["index"]), next_index[x[i].parent]++);
        const std::string rid = x[i].a["resource-id"];
        const std::string pkg = x[i].a["package"];
        ASSERT_EQ(rid.rfind(pkg + ":id/", 0), 0u) << rid << " vs package " << pkg;
        xml_ids.insert(rid.substr(pkg.size() + 4));
      }
    }
    for (const pg::Node& n : nodes) node_ids.insert(n.id);
    EXPECT_EQ(xml_ids, node_ids);
  }
}

TEST(A11yXml, PackagesFollowTheOwnerOfEachNode) {
  for (auto& [name, env] : screens()) {
    if (name != "settings.main" && name != "launcher") continue;
    std::vector<XNode> x = parse_xml(env.ui_xml());
    std::map<std::string, std::string> rid;
    for (const XNode& n : x) rid[n.a.at("resource-id")] = n.a.at("package");
    EXPECT_EQ(rid.count("com.android.systemui:id/nav.back"), 1u) << name;
    EXPECT_EQ(rid.count("com.android.systemui:id/os.status_bar"), 1u) << name;
    if (name == "settings.main") {
      EXPECT_EQ(rid["com.android.settings:id/settings.network"], "com.android.settings");
      EXPECT_EQ(x[0].a["package"], "com.android.settings");
    } else {
      EXPECT_EQ(rid["com.google.android.apps.nexuslauncher:id/launcher.app.clock"],
                "com.google.android.apps.nexuslauncher");
    }
  }
}

TEST(A11yXml, EveryClickableNodeIsWhatAClickAtItsCentreHits) {
  int checked = 0;
  for (auto& [name, env] : screens()) {
    SCOPED_TRACE(name);
    for (const XNode& n : parse_xml(env.ui_xml())) {
      if (!n.flag("clickable")) continue;
      const std::string rid = n.a.at("resource-id");
      const std::string id = rid.substr(rid.find(":id/") + 4);
      const double cx = (n.l + n.r) / 2.0, cy = (n.t + n.b) / 2.0;
      pg::Env probe = env;  // each click on a fresh copy of the screen
      const json click = {{"type", "click"},
                          {"x", std::lround(cx * 1000.0 / pg::kScreenWidth)},
                          {"y", std::lround(cy * 1000.0 / pg::kScreenHeight)}};
      EXPECT_EQ(step(probe, click), id) << "click " << click.dump() << " on " << rid;
      ++checked;
    }
  }
  EXPECT_GT(checked, 20);
}

TEST(A11yXml, EscapesMarkupInTextAndDescription) {
  pg::Node n;
  n.id = "test.label";
  n.cls = "android.widget.TextView";
  n.text = "<&>\"' a\nb";
  n.desc = "Tom & \"Jerry\" <3";
  n.bounds = {30, 60, 300, 120};
  const std::string xml = pg::ui_xml({n}, "com.example");
  EXPECT_NE(xml.find("text=\"&lt;&amp;&gt;&quot;&apos; a&#10;b\""), std::string::npos) << xml;
  std::vector<XNode> x = parse_xml(xml);
  ASSERT_EQ(x.size(), 2u);
  EXPECT_EQ(x[1].a["text"], n.text);
  EXPECT_EQ(x[1].a["content-desc"], n.desc);
  EXPECT_EQ(x[1].a["resource-id"], "com.example:id/test.label");
  EXPECT_EQ(x[1].a["bounds"], "[30,60][300,120]");
  // Control characters other than tab/newline/return are not XML 1.0: dropped.
  EXPECT_EQ(pg::xml_escape(std::string("a\x01" "b")), "ab");
}

TEST(A11yXml, NestsByContainmentAndKeepsDrawOrderAmongSiblings) {
  auto node = [](const std::string& id, pg::Rect r) {
    pg::Node n;
    n.id = id;
    n.cls = "android.view.View";
    n.bounds = r;
    return n;
  };
  // A list containing a row containing a switch, then a sibling row; a full-width node drawn
  // later over the list (same bounds as the list: the earlier one is the parent).
  std::vector<pg::Node> v = {node("list", {0, 100, 1080, 1000}), node("row1", {0, 100, 1080, 300}),
                             node("row1.switch", {900, 150, 1000, 250}), node("row2", {0, 300, 1080, 500}),
                             node("overlay", {0, 100, 1080, 1000})};
  std::vector<XNode> x = parse_xml(pg::ui_xml(v, "p"));
  ASSERT_EQ(x.size(), 6u);
  std::map<std::string, const XNode*> by;
  for (const XNode& n : x) by[n.a.at("resource-id")] = &n;
  auto parent = [&](const std::string& id) { return x[by.at("p:id/" + id)->parent].a.at("resource-id"); };
  EXPECT_EQ(parent("list"), "");
  EXPECT_EQ(parent("overlay"), "p:id/list");
  EXPECT_EQ(parent("row1"), "p:id/list");
  EXPECT_EQ(parent("row1.switch"), "p:id/row1");
  EXPECT_EQ(by.at("p:id/row1")->a.at("index"), "0");
  EXPECT_EQ(by.at("p:id/row2")->a.at("index"), "1");
  EXPECT_EQ(by.at("p:id/overlay")->a.at("index"), "2");
  // Bounds off the screen are clipped to it.
  x = parse_xml(pg::ui_xml({node("big", {-30, -10, 1200, 2600})}, "p"));
  EXPECT_EQ(x[1].a.at("bounds"), "[0,0][1080,2400]");
}

TEST(A11yXml, PasswordFieldsHideTheirText) {
  pg::Env env;
  env.reset();
  pg::own_state(env.phone(), "clock")["new_alarm"] = {{"time", ""}, {"label", "s3cret"}, {"error", ""}};
  std::vector<pg::Node> nodes;
  {
    pg::FrameScope frame;
    pg::Ui ui(frame.draw_list(), env.phone());
    ui.text_field("test.pin", {24, 100, 336, 156}, "PIN", "/apps/clock/new_alarm/label", "", true);
    ui.text_field("test.plain", {24, 200, 336, 256}, "Label", "/apps/clock/new_alarm/label", "");
    nodes.assign(ui.nodes().begin(), ui.nodes().end());
  }
  ASSERT_EQ(nodes.size(), 2u);
  EXPECT_TRUE(nodes[0].password);
  EXPECT_EQ(nodes[0].text, "\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2\xE2\x80\xA2");
  EXPECT_FALSE(nodes[1].password);
  EXPECT_EQ(nodes[1].text, "s3cret");
  EXPECT_EQ(nodes[0].to_json()["password"], true);
  EXPECT_EQ(nodes[0].to_json()["selected"], false);
  std::vector<XNode> x = parse_xml(pg::ui_xml(nodes, "com.google.android.deskclock"));
  EXPECT_EQ(x[1].a["password"], "true");
  EXPECT_EQ(x[1].a["text"].find("s3cret"), std::string::npos);
  EXPECT_EQ(x[2].a["password"], "false");
}

TEST(SetOfMarks, NumbersExactlyTheInteractiveNodesInReadingOrder) {
  for (auto& [name, env] : screens()) {
    SCOPED_TRACE(name);
    const std::vector<pg::Node> nodes = env.phone().layout();
    const std::vector<pg::Mark> marks = pg::set_of_marks(nodes);
    ASSERT_FALSE(marks.empty());
    std::set<std::size_t> marked, interactive;
    for (std::size_t i = 0; i < marks.size(); ++i) {
      EXPECT_EQ(marks[i].mark, static_cast<int>(i) + 1);
      marked.insert(marks[i].node);
      EXPECT_EQ(marks[i].id, nodes[marks[i].node].id);
      if (i > 0) {  // reading order: top to bottom, then left to right
        const pg::Rect &a = marks[i - 1].bounds, &b = marks[i].bounds;
        EXPECT_TRUE(std::lround(a.t) < std::lround(b.t) ||
                    (std::lround(a.t) == std::lround(b.t) && std::lround(a.l) <= std::lround(b.l)))
            << marks[i - 1].id << " before " << marks[i].id;
      }
      EXPECT_GE(marks[i].x, 0);
      EXPECT_LE(marks[i].x, 1000);
      EXPECT_GE(marks[i].y, 0);
      EXPECT_LE(marks[i].y, 1000);
    }
    EXPECT_EQ(marked.size(), marks.size());
    // Exactly the XML's interactive nodes (clickable, long-clickable, scrollable, focusable, EditText).
    std::multiset<std::string> xml_interactive, mark_ids;
    for (const XNode& n : parse_xml(env.ui_xml()))
      if ((n.flag("clickable") || n.flag("long-clickable") || n.flag("scrollable") || n.flag("focusable") ||
           n.a.at("class") == "android.widget.EditText") &&
          n.r > n.l && n.b > n.t && n.a.at("resource-id") != "")
        xml_interactive.insert(n.a.at("resource-id").substr(n.a.at("resource-id").find(":id/") + 4));
    for (const pg::Mark& m : marks) mark_ids.insert(m.id);
    EXPECT_EQ(mark_ids, xml_interactive);
    // The JSON form the hosts return.
    json j = env.marks();
    ASSERT_EQ(j.size(), marks.size());
    EXPECT_EQ(j[0]["mark"], 1);
    EXPECT_EQ(j[0]["bounds"].size(), 4u);
    EXPECT_EQ(j[0]["id"], marks[0].id);
  }
}

TEST(SetOfMarks, ClickingAMarksCentreHitsItsElement) {
  for (auto& [name, env] : screens()) {
    SCOPED_TRACE(name);
    const std::vector<pg::Node> nodes = env.phone().layout();  // layout() returns a fresh copy
    for (const pg::Mark& m : pg::set_of_marks(nodes)) {
      const pg::Node& n = nodes[m.node];
      if (!n.clickable) continue;
      pg::Env probe = env;
      EXPECT_EQ(step(probe, {{"type", "click"}, {"x", m.x}, {"y", m.y}}), m.id) << "mark " << m.mark;
    }
  }
}

TEST(SetOfMarks, NativeSomScreenshotIsThePlainOneWithBoxesAndLabelsOnTop) {
  pg::Env env;
  env.reset();
  env.step(pg::parse_action(act(R"({"type":"open_app","app":"clock"})")));
  const pg::Image plain = pg::render_screen(env.phone(), true), som = pg::render_screen(env.phone(), true, true);
  ASSERT_EQ(som.width, pg::kScreenWidth);
  ASSERT_EQ(som.height, pg::kScreenHeight);
  const std::vector<pg::Mark> marks = pg::set_of_marks(env.phone().layout());
  std::vector<pg::Rect> labels;
  {
    pg::FrameScope frame;
    pg::Ui ui(frame.draw_list(), env.phone());
    labels = pg::mark_labels(ui, marks);
  }
  ASSERT_EQ(labels.size(), marks.size());
  auto px = [&](const pg::Image& img, int x, int y) {
    const std::size_t i = (static_cast<std::size_t>(y) * img.width + x) * 3;
    return static_cast<std::uint32_t>(img.data[i]) << 16 | img.data[i + 1] << 8 | img.data[i + 2];
  };
  std::vector<pg::Rect> areas;
  for (std::size_t i = 0; i < marks.size(); ++i) {
    // Each label is a solid block of its mark's colour, on the screen.
    EXPECT_GE(labels[i].l, 0);
    EXPECT_LE(labels[i].r, pg::kScreenWidth);
    EXPECT_EQ(px(som, static_cast<int>(labels[i].l) + 2, static_cast<int>(labels[i].t) + 2), pg::mark_color(marks[i].mark))
        << "label of mark " << marks[i].mark << " (" << marks[i].id << ")";
    areas.push_back(labels[i]);
    areas.push_back(marks[i].bounds);
  }
  // Labels do not overlap each other, so every number stays readable.
  for (std::size_t i = 0; i < labels.size(); ++i)
    for (std::size_t j = i + 1; j < labels.size(); ++j)
      EXPECT_FALSE(labels[i].l < labels[j].r && labels[j].l < labels[i].r && labels[i].t < labels[j].b &&
                   labels[j].t < labels[i].b)
          << "labels " << i + 1 << " and " << j + 1;
  std::size_t changed_outside = 0, changed = 0;
  for (int y = 0; y < som.height; ++y)
    for (int x = 0; x < som.width; ++x) {
      if (px(som, x, y) == px(plain, x, y)) continue;
      ++changed;
      bool in = false;
      for (const pg::Rect& r : areas) in = in || (x >= r.l - 2 && x < r.r + 2 && y >= r.t - 2 && y < r.b + 2);
      changed_outside += !in;
    }
  EXPECT_GT(changed, 10000u);
  EXPECT_EQ(changed_outside, 0u);
  // The observation size is the full SoM frame box-downscaled, like the plain one.
  EXPECT_EQ(pg::render_screen(env.phone(), false, true).data, pg::box_downscale(som, 4).data);
}
