// uiautomator XML -> the ui_tree JSON (sim/ui/a11y.hpp parse_ui_xml): the inverse of ui_xml, for
// dumps from a real device (trainer/adb) and for hosts' ui_xml observations. Native builds only.
//
// The XML itself is read by pugixml (Debian's libpugixml-dev): entities, character references,
// quoting and nesting are its job. This file maps a <node>'s attributes onto the tree's fields.
#include "sim/ui/a11y.hpp"

#include <pugixml.hpp>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace pg {

using json = nlohmann::json;

namespace {

// Reads "[l,t][r,b]" (the uiautomator bounds format) into four ints; false when it is not that
// (a number that does not fit an int included).
bool read_bounds(const char* s, int out[4]) {
  for (int i = 0; i < 4; ++i) {
    if (*s++ != (i % 2 == 0 ? '[' : ',')) return false;
    if (*s != '-' && (*s < '0' || *s > '9')) return false;
    char* end = nullptr;
    errno = 0;
    const long v = std::strtol(s, &end, 10);
    if (errno == ERANGE || v < INT_MIN || v > INT_MAX) return false;
    out[i] = static_cast<int>(v);
    s = end;
    if (i % 2 == 1 && *s++ != ']') return false;
  }
  return true;
}

json node_json(const pugi::xml_node& n) {
  std::string id = n.attribute("resource-id").value();
  if (const auto k = id.find(":id/"); k != std::string::npos) id = id.substr(k + 4);
  int b[4] = {0, 0, 0, 0};
  if (!read_bounds(n.attribute("bounds").value(), b)) b[0] = b[1] = b[2] = b[3] = 0;
  auto flag = [&](const char* k) { return std::string(n.attribute(k).value()) == "true"; };
  return {{"id", id}, {"class", n.attribute("class").value()}, {"text", n.attribute("text").value()},
          {"desc", n.attribute("content-desc").value()}, {"bounds", {b[0], b[1], b[2], b[3]}},
          {"clickable", flag("clickable")}, {"long_clickable", flag("long-clickable")},
          {"checkable", flag("checkable")}, {"checked", flag("checked")}, {"focusable", flag("focusable")},
          {"focused", flag("focused")}, {"scrollable", flag("scrollable")}, {"enabled", flag("enabled")},
          {"selected", flag("selected")}, {"password", flag("password")}, {"package", n.attribute("package").value()}};
}

}  // namespace

json parse_ui_xml(const std::string& xml, int width, int height) {
  const std::size_t start = xml.find("<hierarchy");
  if (start == std::string::npos)
    throw std::runtime_error("uiautomator dump: no <hierarchy> in the device's answer: \"" + xml.substr(0, 200) + "\"");
  // The dump may be followed by a shell's chatter ("UI hierchary dumped to: /dev/tty"): the
  // document is <hierarchy> ... </hierarchy>.
  const std::size_t close = xml.rfind("</hierarchy>");
  const std::size_t end = close == std::string::npos || close < start ? xml.size() : close + 12;
  pugi::xml_document doc;
  const pugi::xml_parse_result r = doc.load_buffer(xml.data() + start, end - start, pugi::parse_default, pugi::encoding_utf8);
  if (!r)
    throw std::runtime_error("uiautomator dump: not well-formed XML at byte " + std::to_string(start + r.offset) + ": " +
                             r.description());
  json nodes = json::array();
  // Document order, without recursion (a dump from a deep view hierarchy must not exhaust the stack).
  struct Collect : pugi::xml_tree_walker {
    json* nodes;
    bool for_each(pugi::xml_node& n) override {
      if (n.type() == pugi::node_element && std::string(n.name()) == "node") nodes->push_back(node_json(n));
      return true;
    }
  } walk;
  walk.nodes = &nodes;
  doc.traverse(walk);
  if ((width <= 0 || height <= 0) && !nodes.empty()) {  // the root node spans the screen
    const json& b = nodes[0]["bounds"];
    width = b[2].get<int>(), height = b[3].get<int>();
  }
  return {{"width", width}, {"height", height}, {"nodes", nodes}};
}

}  // namespace pg
