#include "sim/input/action.hpp"

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

}  // namespace

bool Action::operator==(const Action& o) const {
  return type == o.type && x == o.x && y == o.y && x1 == o.x1 && y1 == o.y1 && x2 == o.x2 &&
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
  switch (a.type) {
    case ActionType::Click:
    case ActionType::DoubleTap:
    case ActionType::LongPress:
      a.x = coord(j, "x", name);
      a.y = coord(j, "y", name);
      break;
    case ActionType::Type:
      a.text = text_field(j, "text", name, true);
      if (j.contains("x") || j.contains("y")) {
        a.x = coord(j, "x", name);
        a.y = coord(j, "y", name);
      }
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

nlohmann::json to_json(const Action& a) {
  nlohmann::json j{{"type", to_string(a.type)}};
  switch (a.type) {
    case ActionType::Click:
    case ActionType::DoubleTap:
    case ActionType::LongPress:
      j["x"] = a.x;
      j["y"] = a.y;
      break;
    case ActionType::Type:
      j["text"] = a.text;
      if (a.x >= 0) {
        j["x"] = a.x;
        j["y"] = a.y;
      }
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

}  // namespace pg
