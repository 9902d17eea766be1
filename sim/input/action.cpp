#include "sim/input/action.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace pg {
namespace {

struct TypeName {
  ActionType type;
  const char* name;
};
constexpr std::array<TypeName, 17> kTypeNames{{
    {ActionType::Click, "click"},       {ActionType::DoubleTap, "double_tap"},
    {ActionType::LongPress, "long_press"}, {ActionType::Type, "type"},
    {ActionType::Swipe, "swipe"},       {ActionType::Drag, "drag"},
    {ActionType::Back, "back"},         {ActionType::Home, "home"},
    {ActionType::Recent, "recent"},     {ActionType::Enter, "enter"},
    {ActionType::Wait, "wait"},         {ActionType::OpenApp, "open_app"},
    {ActionType::Answer, "answer"},     {ActionType::Complete, "complete"},
    {ActionType::Abort, "abort"},       {ActionType::Info, "info"},
    {ActionType::Noop, "noop"},
}};

std::string type_list() {
  std::string s;
  for (const auto& t : kTypeNames) {
    if (!s.empty()) s += ", ";
    s += t.name;
  }
  return s;
}

int coord(const nlohmann::json& j, const char* key, const char* type) {
  auto it = j.find(key);
  if (it == j.end())
    throw ActionError(std::string("action ") + type + ": missing field \"" + key + "\"");
  if (!it->is_number())
    throw ActionError(std::string("action ") + type + ": field \"" + key + "\" must be a number, got " +
                      it->dump());
  double v = it->get<double>();
  if (!std::isfinite(v) || v < 0 || v > 1000)
    throw ActionError(std::string("action ") + type + ": " + key + " = " + it->dump() +
                      " outside [0, 1000] (coordinates are normalized)");
  return static_cast<int>(std::lround(v));
}

std::string text_field(const nlohmann::json& j, const char* key, const char* type, bool required) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) {
    if (required) throw ActionError(std::string("action ") + type + ": missing field \"" + key + "\"");
    return {};
  }
  if (!it->is_string())
    throw ActionError(std::string("action ") + type + ": field \"" + key + "\" must be a string, got " +
                      it->dump());
  return it->get<std::string>();
}

/// Reads a point (x and y) or a "target" widget id into `a`; false when the JSON has neither.
bool point_or_target(const nlohmann::json& j, Action& a, const char* type) {
  const bool point = j.contains("x") || j.contains("y");
  if (auto t = j.find("target"); t != j.end()) {
    if (point)
      throw ActionError(std::string("action ") + type + ": give a point (x, y) or a \"target\" widget id, not both");
    if (!t->is_string() || t->get_ref<const std::string&>().empty())
      throw ActionError(std::string("action ") + type + ": field \"target\" must be a widget id (a non-empty string), got " +
                        t->dump());
    a.target = t->get<std::string>();
    if (auto at = j.find("at"); at != j.end()) {
      auto frac = [](const nlohmann::json& v) { return v.is_number() && v.get<double>() >= 0 && v.get<double>() <= 1; };
      if (!at->is_array() || at->size() != 2 || !frac((*at)[0]) || !frac((*at)[1]))
        throw ActionError(std::string("action ") + type +
                          ": field \"at\" must be [fx, fy], fractions 0..1 of the target's width and height, got " +
                          at->dump());
      a.at_x = (*at)[0].get<double>(), a.at_y = (*at)[1].get<double>();
    }
    return true;
  }
  if (j.contains("at"))
    throw ActionError(std::string("action ") + type + ": field \"at\" is a place in a \"target\" widget; give a target");
  if (!point) return false;
  a.x = coord(j, "x", type);
  a.y = coord(j, "y", type);
  return true;
}

}  // namespace

bool Action::operator==(const Action& o) const {
  return type == o.type && x == o.x && y == o.y && target == o.target && at_x == o.at_x && at_y == o.at_y && x1 == o.x1 && y1 == o.y1 && x2 == o.x2 &&
         y2 == o.y2 && text == o.text && app == o.app && clear == o.clear && seconds == o.seconds;
}

const char* to_string(ActionType t) {
  for (const auto& e : kTypeNames)
    if (e.type == t) return e.name;
  return "noop";
}

ActionType action_type_from_string(std::string_view s) {
  for (const auto& e : kTypeNames)
    if (s == e.name) return e.type;
  throw ActionError("unknown action type \"" + std::string(s) + "\"; expected one of " + type_list());
}

Action parse_action(const nlohmann::json& j) {
  if (!j.is_object()) throw ActionError("action must be a JSON object, got " + j.dump());
  auto t = j.find("type");
  if (t == j.end() || !t->is_string())
    throw ActionError("action: missing string field \"type\" (one of " + type_list() + ")");
  Action a;
  a.type = action_type_from_string(t->get_ref<const std::string&>());
  const char* name = to_string(a.type);
  if (j.contains("target") && !takes_point(a.type))
    throw ActionError(std::string("action ") + name +
                      ": field \"target\" is only for click, double_tap, long_press and type");
  switch (a.type) {
    case ActionType::Click:
    case ActionType::DoubleTap:
    case ActionType::LongPress:
      if (!point_or_target(j, a, name)) a.x = coord(j, "x", name);  // names the missing field
      break;
    case ActionType::Type:
      a.text = text_field(j, "text", name, true);
      point_or_target(j, a, name);
      if (auto c = j.find("clear"); c != j.end()) {
        if (!c->is_boolean()) throw ActionError("action type: field \"clear\" must be true or false");
        a.clear = c->get<bool>();
      }
      break;
    case ActionType::Swipe:
    case ActionType::Drag:
      a.x1 = coord(j, "x1", name);
      a.y1 = coord(j, "y1", name);
      a.x2 = coord(j, "x2", name);
      a.y2 = coord(j, "y2", name);
      break;
    case ActionType::Wait: {
      auto s = j.find("seconds");
      if (s != j.end()) {
        if (!s->is_number()) throw ActionError("action wait: field \"seconds\" must be a number");
        a.seconds = s->get<double>();
        if (!std::isfinite(a.seconds) || a.seconds < 0 || a.seconds > 60)
          throw ActionError("action wait: seconds = " + s->dump() + " outside [0, 60]");
      } else {
        a.seconds = 1;
      }
      break;
    }
    case ActionType::OpenApp:
      a.app = text_field(j, "app", name, true);
      if (a.app.empty()) throw ActionError("action open_app: field \"app\" is empty");
      break;
    case ActionType::Answer:
      a.text = text_field(j, "text", name, true);
      break;
    case ActionType::Complete:
    case ActionType::Abort:
      a.text = text_field(j, a.type == ActionType::Abort ? "reason" : "text", name, false);
      break;
    case ActionType::Info:
      a.text = text_field(j, "question", name, true);
      break;
    default:
      break;
  }
  return a;
}

Action parse_action(std::string_view json_text) {
  nlohmann::json j = nlohmann::json::parse(json_text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded())
    throw ActionError("action is not valid JSON: " + std::string(json_text.substr(0, 200)));
  return parse_action(j);
}

namespace {

/// Where a pointer action lands: its target (with "at" when not the centre), else its point
/// (a type action's point is optional: x < 0 types into the focused field).
void put_point(const Action& a, nlohmann::json& j) {
  if (!a.target.empty()) {
    j["target"] = a.target;
    if (a.at_x != 0.5 || a.at_y != 0.5) j["at"] = {a.at_x, a.at_y};
  } else if (a.x >= 0 || a.type != ActionType::Type) {
    j["x"] = a.x;
    j["y"] = a.y;
  }
}

}  // namespace

nlohmann::json to_json(const Action& a) {
  nlohmann::json j{{"type", to_string(a.type)}};
  switch (a.type) {
    case ActionType::Click:
    case ActionType::DoubleTap:
    case ActionType::LongPress:
      put_point(a, j);
      break;
    case ActionType::Type:
      j["text"] = a.text;
      put_point(a, j);
      if (a.clear) j["clear"] = true;
      break;
    case ActionType::Swipe:
    case ActionType::Drag:
      j["x1"] = a.x1;
      j["y1"] = a.y1;
      j["x2"] = a.x2;
      j["y2"] = a.y2;
      break;
    case ActionType::Wait:
      j["seconds"] = a.seconds;
      break;
    case ActionType::OpenApp:
      j["app"] = a.app;
      break;
    case ActionType::Answer:
      j["text"] = a.text;
      break;
    case ActionType::Complete:
      if (!a.text.empty()) j["text"] = a.text;
      break;
    case ActionType::Abort:
      if (!a.text.empty()) j["reason"] = a.text;
      break;
    case ActionType::Info:
      j["question"] = a.text;
      break;
    default:
      break;
  }
  return j;
}

bool takes_point(ActionType t) {
  return t == ActionType::Click || t == ActionType::DoubleTap || t == ActionType::LongPress || t == ActionType::Type;
}

Action resolve_target(const Action& a, const nlohmann::json& ui_tree) {
  if (a.target.empty()) return a;
  const double w = ui_tree.value("width", 1080), h = ui_tree.value("height", 2400);
  for (const nlohmann::json& n : ui_tree.at("nodes")) {
    auto id = n.find("id");
    if (id == n.end() || !id->is_string() || id->get_ref<const std::string&>() != a.target) continue;
    const nlohmann::json& b = n.at("bounds");
    double left = b[0].get<double>(), right = b[2].get<double>();
    if (n.value("class", "") == "android.widget.SeekBar") {
      // A slider's node reaches a quarter of its height (12 of 48 dp, Ui::slider) past each end of
      // its track: `at` counts along the track, so a fraction of it is that fraction of the range.
      const double pad = (b[3].get<double>() - b[1].get<double>()) / 4;
      if (right - left > 2 * pad) left += pad, right -= pad;
    }
    const double cx = left + (right - left) * a.at_x, cy = b[1].get<double>() + (b[3].get<double>() - b[1].get<double>()) * a.at_y;
    Action r = a;
    r.target.clear();
    r.at_x = r.at_y = 0.5;
    r.x = std::clamp(static_cast<int>(std::lround(cx * 1000.0 / w)), 0, 1000);
    r.y = std::clamp(static_cast<int>(std::lround(cy * 1000.0 / h)), 0, 1000);
    return r;
  }
  throw ActionError(std::string("action ") + to_string(a.type) + ": no widget \"" + a.target + "\" on screen");
}

}  // namespace pg
