#include "tasks/oracle.hpp"
#include "tasks/judge.hpp"

#include "sim/os/app.hpp"
#include "sim/os/nav.hpp"
#include "sim/os/perturb.hpp"
#include "sim/os/phone.hpp"

#include <algorithm>
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
    if (shape.contains("at") && shape["at"].is_array())  // "at": ["{s.f}", 0.5]: fractions
      for (json& v : shape["at"])
        if (whole_slot(v)) v = 0.5;
    try {
      parse_action(shape);
    } catch (const ActionError& e) {
      throw TaskError(f + ": " + e.what());
    }
  }
}

OracleAgent::OracleAgent(const TaskInstance& inst) : inst_(inst), steps_(json::array()) {
  const json* perturb = perturbation_of(inst.initial_state);
  perturbed_ = perturb != nullptr;
  drag_ = perturb && perturb->value("rates", json::object()).value("repeat", 0.0) > 0;
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

namespace {

// The screen as the oracle compares it before and after a touch: every node but the status bar
// (its clock moves), a toast (it times out) and the perturbations' own overlays.
std::string screen_signature(const json& tree) {
  std::string sig;
  for (const json& n : tree.at("nodes")) {
    const std::string id = n.value("id", "");
    if (id == "os.status_bar" || id == "os.toast" || id == "os.heads_up" || id == "os.loading") continue;
    sig += n.dump();
    sig += '\n';
  }
  return sig;
}

const json* node_by_id(const json& tree, const std::string& id) {
  for (const json& n : tree.at("nodes"))
    if (n.value("id", "") == id) return &n;
  return nullptr;
}

// Whether a tap lands on a node that is already focused or selected: tapping it again changes
// nothing on screen, so its effect cannot be checked (the field the oracle types into next).
bool settled_target(const json& tree, const Action& a) {
  if (a.x < 0 || a.y < 0) return false;
  const double px = a.x * tree.value("width", 1080) / 1000.0, py = a.y * tree.value("height", 2400) / 1000.0;
  const json* hit = nullptr;
  for (const json& n : tree.at("nodes")) {
    const json& b = n.value("bounds", json::array());
    if (b.size() == 4 && px >= b[0].get<double>() && px < b[2].get<double>() && py >= b[1].get<double>() &&
        py < b[3].get<double>() && (n.value("clickable", false) || n.value("focusable", false)))
      hit = &n;  // the topmost one wins (nodes are in drawing order)
  }
  return hit && (hit->value("focused", false) || hit->value("selected", false));
}

Action wait_for(double seconds) {
  Action a;
  a.type = ActionType::Wait;
  a.seconds = seconds;
  return a;
}

// The text of the toast on screen ("" when none).
std::string toast_text(const json& tree) {
  const json* t = node_by_id(tree, "os.toast");
  return t ? t->value("text", "") : std::string();
}

// Taps are checked for their effect; swipes are not (scroll_to swipes again until its widget shows,
// and a swipe at the end of a list changes nothing).
bool checked_touch(ActionType t) {
  return t == ActionType::Click || t == ActionType::DoubleTap || t == ActionType::LongPress;
}

}  // namespace

std::optional<Action> OracleAgent::recover(const json& tree, const std::string& signature) {
  if (node_by_id(tree, "os.loading")) return wait_for(1);
  for (const char* dismiss : {"dialog.button.rate_later", "dialog.button.perm_deny"})
    if (node_by_id(tree, dismiss)) {
      Action a;
      a.type = ActionType::Click;
      a.target = dismiss;
      return resolve_target(a, tree);
    }
  if (node_by_id(tree, "keyboard")) {  // a keyboard with no field focused: hide it
    bool focused = false;
    for (const json& n : tree.at("nodes")) focused = focused || n.value("focused", false);
    if (!focused) return Action{ActionType::Back};
  }
  if (const json* h = node_by_id(tree, "os.heads_up")) {
    const auto [x, y] = node_center(*h, tree.value("width", 1080), tree.value("height", 2400));
    Action a;
    a.type = ActionType::Swipe;
    a.x1 = a.x2 = x;
    a.y1 = y;
    a.y2 = std::max(0, y - 60);
    return a;
  }
  if (!checking_) return std::nullopt;
  // The touch took effect: the widget the script needs next appeared (when it was not there
  // before), else the screen changed or a new toast says so. (The first test is immune to
  // content that moves by itself: a call's timer, a playing video.)
  const std::string toast = toast_text(tree);
  const bool took = !expect_.empty() ? node_by_id(tree, expect_) != nullptr
                                     : signature != before_ || (!toast.empty() && toast != toast_before_);
  if (took) {
    checking_.reset();
    return std::nullopt;
  }
  if (!waited_) {  // a delayed input lands within os.perturb.delay_ms (1.5 s)
    waited_ = true;
    return wait_for(2);
  }
  if (check_scroll_) {  // scroll_to drags again by itself (or this was the end of the list)
    checking_.reset();
    return std::nullopt;
  }
  if (++retries_ > 3) {  // a tap that changes nothing on screen: go on with the script
    checking_.reset();
    return std::nullopt;
  }
  waited_ = false;
  return checking_;  // dropped: touch again
}

std::optional<Action> OracleAgent::next(const json& tree) {
  if (!perturbed_) return script_step(tree);
  const std::string signature = screen_signature(tree);
  if (std::optional<Action> r = recover(tree, signature)) return r;
  std::optional<Action> a = script_step(tree);
  if (a && (checked_touch(a->type) || a->type == ActionType::Drag || a->type == ActionType::Swipe) &&
      !settled_target(tree, *a)) {
    checking_ = a;
    check_scroll_ = a->type == ActionType::Drag || a->type == ActionType::Swipe;
    before_ = signature;
    toast_before_ = toast_text(tree);
    expect_.clear();
    if (!check_scroll_ && pc_ < steps_.size() && steps_[pc_].is_object() && steps_[pc_].contains("target") &&
        steps_[pc_]["target"].is_string()) {
      const std::string next = inst_.fill(steps_[pc_]["target"]).get<std::string>();
      if (!node_by_id(tree, next)) expect_ = next;  // the tap should bring it
    }
    waited_ = false;
    retries_ = 0;
  }
  return a;
}

namespace {

/// Whether `n` shows only as a sliver (under 1% of the screen's height) cut by the edge of the
/// scrolling list it sits in: a tap at its centre could land on what is beside the list (rounding
/// to 0..1000 coordinates moves it a pixel or two), so scroll_to swipes on until more of it shows.
bool sliver_at_list_edge(const json& tree, const json& n) {
  const json& b = n.at("bounds");
  const double h = tree.value("height", 2400.0), top = b[1].get<double>(), bottom = b[3].get<double>();
  if ((bottom - top) * 1000 / h >= 10) return false;
  for (const json& l : tree.at("nodes")) {
    if (!l.value("scrollable", false)) continue;
    const json& lb = l.at("bounds");
    if (b[0].get<double>() < lb[0].get<double>() || b[2].get<double>() > lb[2].get<double>() ||
        top < lb[1].get<double>() || bottom > lb[3].get<double>())
      continue;
    if (bottom >= lb[3].get<double>() - 1 || top <= lb[1].get<double>() + 1) return true;
  }
  return false;
}

}  // namespace

std::optional<Action> OracleAgent::script_step(const json& tree) {
  if (pc_ >= steps_.size()) return std::nullopt;
  const json& step = steps_[pc_];
  const std::string where = "oracle " + inst_.tmpl->id + ": step " + std::to_string(pc_ + 1);
  if (is_macro(step) && step.contains("scroll_to")) {
    const std::string id = inst_.fill(step["scroll_to"]).get<std::string>();
    bool shown = false;
    for (const json& n : tree.at("nodes"))
      if (n.value("id", "") == id) shown = shown || !sliver_at_list_edge(tree, n);
    if (shown) {
      ++pc_;
      scroll_tries_ = 0;
      return script_step(tree);
    }
    const int limit = drag_ ? 40 : 20;
    if (++scroll_tries_ > limit)
      throw TaskError(where + ": \"" + id + "\" not found after " + std::to_string(limit) + " swipes");
    Action a;
    a.type = drag_ ? ActionType::Drag : ActionType::Swipe;
    a.x1 = a.x2 = 500;
    a.y1 = 700;
    a.y2 = 400;
    // The list moves 300 (a fling twice that) per swipe. A list shorter than that, such as a
    // bottom sheet under a map, would jump over rows: there the swipe moves it 4/5 of its height.
    // The list is the one under the swipe's line (x = 500, from y = 700).
    const double h = tree.value("height", 2400.0), w = tree.value("width", 1080.0);
    for (const json& n : tree.at("nodes")) {
      if (!n.value("scrollable", false)) continue;
      const json& b = n.at("bounds");
      const double t = b[1].get<double>() * 1000 / h, bottom = b[3].get<double>() * 1000 / h;
      const double l = b[0].get<double>() * 1000 / w, r = b[2].get<double>() * 1000 / w;
      if (!(t <= 700 && 700 < bottom && l <= 500 && 500 < r)) continue;
      const double moves = (a.y1 - a.y2) * (drag_ ? 1 : kFlingFactor), room = 0.8 * (bottom - t);
      if (moves > room) {
        a.y1 = static_cast<int>(std::lround(std::min(bottom - 1, t + 0.9 * (bottom - t))));
        a.y2 = a.y1 - static_cast<int>(std::floor(room / (drag_ ? 1 : kFlingFactor)));
      }
      break;
    }
    return a;  // stay on this step until the widget shows up
  }
  try {
    check_oracle_steps(json::array({step}), "step");
    json filled = inst_.fill(step, false);  // an action's text fields take the slots' text...
    auto number = [&](const json& slot) {
      json v = inst_.fill(slot, true);
      double d = 0;
      if (v.is_string() && number_of(v, d)) v = d;  // a text slot holding a number ("10")
      return v;
    };
    for (const char* k : kNumericFields)  // ...its number fields their numbers
      if (step.contains(k) && whole_slot(step[k])) filled[k] = number(step[k]);
    if (step.contains("at") && step["at"].is_array())  // and the fractions of "at"
      for (std::size_t i = 0; i < step["at"].size(); ++i)
        if (whole_slot(step["at"][i])) filled["at"][i] = number(step["at"][i]);
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
