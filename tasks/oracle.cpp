#include "tasks/oracle.hpp"

#include "sim/os/app.hpp"
#include "sim/os/nav.hpp"

#include <cmath>

namespace pg {

using json = nlohmann::json;

std::pair<int, int> node_center(const json& node, int width, int height) {
  const json& b = node.at("bounds");
  double cx = (b[0].get<double>() + b[2].get<double>()) / 2, cy = (b[1].get<double>() + b[3].get<double>()) / 2;
  return {static_cast<int>(std::lround(cx * 1000.0 / width)), static_cast<int>(std::lround(cy * 1000.0 / height))};
}

OracleAgent::OracleAgent(const TaskInstance& inst) : inst_(inst), steps_(json::array()) {
  for (const json& step : inst.tmpl->oracle) {
    if (!step.is_object() || !step.contains("goto")) {
      steps_.push_back(step);
      continue;
    }
    const std::string target = inst.fill(step["goto"].get<std::string>());
    const std::string where = "oracle " + inst.tmpl->id + ": goto \"" + target + "\"";
    const auto dot = target.find('.');
    App* app = dot == std::string::npos ? nullptr : AppRegistry::instance().find(target.substr(0, dot));
    if (!app) throw TaskError(where + ": expected <app id>.<page> of an installed app");
    steps_.push_back({{"open_app", app->id()}});
    try {
      for (const NavEdge& e : shortest_path(*app, app->entry_page(), target.substr(dot + 1))) {
        if (e.via.empty())
          throw TaskError(where + ": transition \"" + e.name + "\" of page \"" + e.from + "\" declares no \"via\" widget");
        steps_.push_back({{"scroll_to", e.via}});
        steps_.push_back({{"tap", e.via}});
      }
    } catch (const std::invalid_argument& e) {
      throw TaskError(where + ": " + e.what());
    }
  }
}

std::optional<Action> OracleAgent::next(const json& tree) {
  const json& steps = steps_;
  if (pc_ >= steps.size()) return std::nullopt;
  const json& step = steps[pc_];
  const std::string where = "oracle " + inst_.tmpl->id + ": step " + std::to_string(pc_ + 1);
  if (!step.is_object() || step.size() != 1) throw TaskError(where + ": a step is an object with one key");
  const std::string kind = step.begin().key();
  const json arg = inst_.fill(step.begin().value());
  const int w = tree.value("width", 1080), h = tree.value("height", 2400);
  auto find = [&](const std::string& id) -> const json* {
    for (const json& n : tree.at("nodes"))
      if (n.value("id", "") == id) return &n;
    return nullptr;
  };
  Action a;
  if (kind == "tap" || kind == "long_press") {
    const json* n = find(arg.get<std::string>());
    if (!n) throw TaskError(where + ": no widget \"" + arg.get<std::string>() + "\" on screen");
    auto [x, y] = node_center(*n, w, h);
    a.type = kind == "tap" ? ActionType::Click : ActionType::LongPress;
    a.x = x;
    a.y = y;
  } else if (kind == "scroll_to") {
    if (find(arg.get<std::string>())) {
      ++pc_;
      scroll_tries_ = 0;
      return next(tree);
    }
    if (++scroll_tries_ > 20) throw TaskError(where + ": \"" + arg.get<std::string>() + "\" not found after 20 swipes");
    a.type = ActionType::Swipe;
    a.x1 = a.x2 = 500;
    a.y1 = 700;
    a.y2 = 400;
    return a;  // stay on this step until the widget shows up
  } else if (kind == "type") {  // "text", or {"text": ..., "clear": true} to replace the field's text
    a.type = ActionType::Type;
    a.text = arg.is_object() ? arg.value("text", "") : arg.get<std::string>();
    a.clear = arg.is_object() && arg.value("clear", false);
  } else if (kind == "open_app") {
    a.type = ActionType::OpenApp;
    a.app = arg.get<std::string>();
  } else if (kind == "back") {
    a.type = ActionType::Back;
  } else if (kind == "home") {
    a.type = ActionType::Home;
  } else if (kind == "enter") {
    a.type = ActionType::Enter;
  } else if (kind == "complete") {
    a.type = ActionType::Complete;
  } else if (kind == "abort") {
    a.type = ActionType::Abort;
    a.text = arg.is_string() ? arg.get<std::string>() : "";
  } else if (kind == "swipe") {  // {"swipe": [x1, y1, x2, y2]} in 0..1000
    a.type = ActionType::Swipe;
    a.x1 = arg.at(0);
    a.y1 = arg.at(1);
    a.x2 = arg.at(2);
    a.y2 = arg.at(3);
  } else if (kind == "wait") {
    a.type = ActionType::Wait;
    a.seconds = arg.get<double>();
  } else if (kind == "answer") {
    a.type = ActionType::Answer;
    a.text = arg.get<std::string>();
  } else {
    throw TaskError(where + ": unknown step kind \"" + kind + "\"");
  }
  ++pc_;
  return a;
}

}  // namespace pg
