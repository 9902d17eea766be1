#include "tasks/oracle.hpp"
#include "tasks/judge.hpp"

#include "sim/os/app.hpp"
#include "sim/os/nav.hpp"

#include <cmath>
#include <map>

namespace pg {

using json = nlohmann::json;

namespace {

// Old step kinds (before actions were the one language) and the action each one became.
const std::map<std::string, std::string> kOldKinds = {
    {"tap", R"({"type": "click", "target": "<widget id>"})"},
    {"long_press", R"({"type": "long_press", "target": "<widget id>"})"},
    {"type", R"({"type": "type", "text": "..."})"},
    {"open_app", R"({"type": "open_app", "app": "<id>"})"},
    {"back", R"({"type": "back"})"},
    {"home", R"({"type": "home"})"},
    {"enter", R"({"type": "enter"})"},
    {"complete", R"({"type": "complete"})"},
    {"answer", R"({"type": "answer", "text": "..."})"},
    {"abort", R"({"type": "abort", "reason": "..."})"},
    {"swipe", R"({"type": "swipe", "x1": .., "y1": .., "x2": .., "y2": ..})"},
    {"wait", R"({"type": "wait", "seconds": ..})"},
};

bool names_action_type(const json& v) {
  if (!v.is_string()) return false;
  try {
    action_type_from_string(v.get<std::string>());
    return true;
  } catch (const ActionError&) {
    return false;
  }
}

bool is_macro(const json& step) {
  return step.is_object() && step.size() == 1 && (step.contains("scroll_to") || step.contains("goto"));
}

}  // namespace

std::pair<int, int> node_center(const json& node, int width, int height) {
  const json& b = node.at("bounds");
  double cx = (b[0].get<double>() + b[2].get<double>()) / 2, cy = (b[1].get<double>() + b[3].get<double>()) / 2;
  return {static_cast<int>(std::lround(cx * 1000.0 / width)), static_cast<int>(std::lround(cy * 1000.0 / height))};
}

namespace {

const char* const kNumericFields[] = {"x", "y", "x1", "y1", "x2", "y2", "seconds"};

// Whether `v` is a string that is exactly one {slot}.
bool whole_slot(const json& v) {
  if (!v.is_string()) return false;
  const std::string& s = v.get_ref<const std::string&>();
  return s.size() > 2 && s.front() == '{' && s.back() == '}' && s.find('{', 1) == std::string::npos;
}

}  // namespace

void check_oracle_steps(const json& steps, const std::string& where) {
  if (!steps.is_array()) throw TaskError(where + ": must be an array of steps");
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const json& s = steps[i];
    const std::string f = where + "[" + std::to_string(i) + "]";
    if (is_macro(s)) {
      if (!s.begin()->is_string() || s.begin()->get_ref<const std::string&>().empty())
        throw TaskError(f + ": \"" + s.begin().key() + "\" needs a " +
                        (s.contains("goto") ? "\"<app>.<page>\" string" : "widget id string"));
      continue;
    }
    if (!s.is_object())
      throw TaskError(f + ": a step is an action object, e.g. {\"type\": \"click\", \"target\": \"settings.wifi.switch\"}");
    // {"type": "07:30"} alone is the old "type this text" step ({"type": "back"} is an action).
    const bool old_type = s.size() == 1 && s.contains("type") && !names_action_type(s["type"]);
    if (!s.contains("type") || old_type) {
      const std::string kind = s.empty() ? "" : s.begin().key();
      auto old = kOldKinds.find(kind);
      if (s.size() == 1 && old != kOldKinds.end())
        throw TaskError(f + ": {\"" + kind + "\": ...} is the old step syntax; write the action " + old->second +
                        " (docs/actions.md; tools/migrate_oracle.py converts a file)");
      throw TaskError(f + ": unknown step " + s.dump() + ": a step is an action with a \"type\" (docs/actions.md), " +
                      "or a macro {\"scroll_to\": \"<widget id>\"} or {\"goto\": \"<app>.<page>\"}");
    }
    json shape = s;  // a number field may be a {slot} (filled with a number at run time)
    for (const char* k : kNumericFields)
      if (shape.contains(k) && whole_slot(shape[k])) shape[k] = 1;
    try {
      parse_action(shape);
    } catch (const ActionError& e) {
      throw TaskError(f + ": " + e.what());
    }
  }
}

OracleAgent::OracleAgent(const TaskInstance& inst) : inst_(inst), steps_(json::array()) {
  for (const json& step : inst.tmpl->oracle) {
    if (!step.is_object() || !step.contains("goto") || !is_macro(step)) {
      steps_.push_back(step);
      continue;
    }
    const std::string target = inst.fill(step["goto"].get<std::string>());
    const std::string where = "oracle " + inst.tmpl->id + ": goto \"" + target + "\"";
    const auto dot = target.find('.');
    App* app = dot == std::string::npos ? nullptr : AppRegistry::instance().find(target.substr(0, dot));
    if (!app) throw TaskError(where + ": expected <app id>.<page> of an installed app");
    steps_.push_back({{"type", "open_app"}, {"app", app->id()}});
    try {
      for (const NavEdge& e : shortest_path(*app, app->entry_page(), target.substr(dot + 1))) {
        if (e.via.empty())
          throw TaskError(where + ": transition \"" + e.name + "\" of page \"" + e.from + "\" declares no \"via\" widget");
        steps_.push_back({{"scroll_to", e.via}});
        steps_.push_back({{"type", "click"}, {"target", e.via}});
      }
    } catch (const std::invalid_argument& e) {
      throw TaskError(where + ": " + e.what());
    }
  }
}

std::optional<Action> OracleAgent::next(const json& tree) {
  if (pc_ >= steps_.size()) return std::nullopt;
  const json& step = steps_[pc_];
  const std::string where = "oracle " + inst_.tmpl->id + ": step " + std::to_string(pc_ + 1);
  if (is_macro(step) && step.contains("scroll_to")) {
    const std::string id = inst_.fill(step["scroll_to"]).get<std::string>();
    bool shown = false;
    for (const json& n : tree.at("nodes")) shown = shown || n.value("id", "") == id;
    if (shown) {
      ++pc_;
      scroll_tries_ = 0;
      return next(tree);
    }
    if (++scroll_tries_ > 20) throw TaskError(where + ": \"" + id + "\" not found after 20 swipes");
    Action a;
    a.type = ActionType::Swipe;
    a.x1 = a.x2 = 500;
    a.y1 = 700;
    a.y2 = 400;
    return a;  // stay on this step until the widget shows up
  }
  try {
    check_oracle_steps(json::array({step}), "step");
    json filled = inst_.fill(step, false);  // an action's text fields take the slots' text...
    for (const char* k : kNumericFields) {   // ...its number fields their numbers
      if (!step.contains(k) || !whole_slot(step[k])) continue;
      json v = inst_.fill(step[k], true);
      double d = 0;
      if (v.is_string() && number_of(v, d)) v = d;  // a text slot holding a number ("10")
      filled[k] = v;
    }
    Action a = resolve_target(parse_action(filled), tree);
    ++pc_;
    return a;
  } catch (const ActionError& e) {
    throw TaskError(where + ": " + e.what());
  } catch (const TaskError& e) {
    throw TaskError(where + std::string(e.what()).substr(std::string("step[0]").size()));
  }
}

}  // namespace pg
