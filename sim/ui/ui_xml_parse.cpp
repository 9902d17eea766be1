// uiautomator XML -> the ui_tree JSON (sim/ui/a11y.hpp parse_ui_xml): the inverse of ui_xml, for
// dumps from a real device (trainer/adb) and for hosts' ui_xml observations. Native builds only.
#include "sim/ui/a11y.hpp"

#include <cstdint>
#include <map>
#include <regex>
#include <stdexcept>
#include <string>

namespace pg {

using json = nlohmann::json;

// ---------------------------------------------------------------- uiautomator XML

namespace {

std::string xml_unescape(const std::string& s) {
  std::string o;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '&') {
      o += s[i];
      continue;
    }
    const std::size_t semi = s.find(';', i);
    if (semi == std::string::npos) {
      o += s[i];
      continue;
    }
    const std::string ent = s.substr(i + 1, semi - i - 1);
    std::uint32_t cp = 0;
    if (ent == "amp") o += '&';
    else if (ent == "lt") o += '<';
    else if (ent == "gt") o += '>';
    else if (ent == "quot") o += '"';
    else if (ent == "apos") o += '\'';
    else if (!ent.empty() && ent[0] == '#') {
      cp = static_cast<std::uint32_t>(ent.size() > 1 && (ent[1] == 'x' || ent[1] == 'X') ? std::stoul(ent.substr(2), nullptr, 16)
                                                                                         : std::stoul(ent.substr(1)));
      if (cp < 0x80) o += static_cast<char>(cp);
      else if (cp < 0x800) o += static_cast<char>(0xC0 | (cp >> 6)), o += static_cast<char>(0x80 | (cp & 0x3F));
      else if (cp < 0x10000)
        o += static_cast<char>(0xE0 | (cp >> 12)), o += static_cast<char>(0x80 | ((cp >> 6) & 0x3F)),
            o += static_cast<char>(0x80 | (cp & 0x3F));
      else
        o += static_cast<char>(0xF0 | (cp >> 18)), o += static_cast<char>(0x80 | ((cp >> 12) & 0x3F)),
            o += static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), o += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      o += s.substr(i, semi - i + 1);
    }
    i = semi;
  }
  return o;
}

}  // namespace

json parse_ui_xml(const std::string& xml, int width, int height) {
  if (xml.find("<hierarchy") == std::string::npos)
    throw std::runtime_error("uiautomator dump: no <hierarchy> in the device's answer: \"" + xml.substr(0, 200) + "\"");
  json nodes = json::array();
  static const std::regex attr(R"re(([A-Za-z_-]+)="([^"]*)")re");
  static const std::regex bounds(R"re(\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\])re");
  for (std::size_t pos = xml.find("<node"); pos != std::string::npos; pos = xml.find("<node", pos + 5)) {
    const std::size_t end = xml.find('>', pos);
    if (end == std::string::npos) break;
    const std::string tag = xml.substr(pos, end - pos);
    std::map<std::string, std::string> a;
    for (auto it = std::sregex_iterator(tag.begin(), tag.end(), attr); it != std::sregex_iterator(); ++it)
      a[(*it)[1]] = xml_unescape((*it)[2]);
    std::string id = a["resource-id"];
    if (const auto k = id.find(":id/"); k != std::string::npos) id = id.substr(k + 4);
    json b = {0, 0, 0, 0};
    std::smatch m;
    if (std::regex_search(a["bounds"], m, bounds)) b = {std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[4])};
    auto flag = [&](const char* k) { return a[k] == "true"; };
    nodes.push_back({{"id", id}, {"class", a["class"]}, {"text", a["text"]}, {"desc", a["content-desc"]},
                     {"bounds", b}, {"clickable", flag("clickable")}, {"long_clickable", flag("long-clickable")},
                     {"checkable", flag("checkable")}, {"checked", flag("checked")}, {"focusable", flag("focusable")},
                     {"focused", flag("focused")}, {"scrollable", flag("scrollable")}, {"enabled", flag("enabled")},
                     {"selected", flag("selected")}, {"password", flag("password")}, {"package", a["package"]}});
  }
  return {{"width", width}, {"height", height}, {"nodes", nodes}};
}

}  // namespace pg
