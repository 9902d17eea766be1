// A seeded generator of plausible action sequences for property tests: mostly taps on widgets
// that are on screen (so sequences explore the apps), plus random taps, swipes, typing, keys.
#pragma once

#include "sim/env/env.hpp"
#include "sim/input/action.hpp"
#include "sim/os/app.hpp"
#include "tasks/task.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace pg::testing {

/// The next action for the screen described by `ui_tree` (Env::ui_tree's JSON); advances `rng`.
inline Action random_action(const nlohmann::json& ui_tree, std::uint64_t& rng) {
  auto r = [&](std::uint64_t n) { return static_cast<int>(splitmix64(rng) % n); };
  // Widgets of the page itself (not the navigation bar or blocking panels) get most taps.
  std::vector<const nlohmann::json*> clickable, system;
  for (const nlohmann::json& n : ui_tree["nodes"]) {
    if (!n.value("clickable", false)) continue;
    const std::string id = n.value("id", "");
    if (id == "dialog.scrim" || id == "keyboard" || id == "shade" || id == "recents") continue;
    (id.rfind("nav.", 0) == 0 ? system : clickable).push_back(&n);
  }
  if (clickable.empty() || r(8) == 0) clickable.insert(clickable.end(), system.begin(), system.end());
  Action a;
  const int k = r(100);
  if (k < 3) {  // pull the shade down from the status bar
    a.type = ActionType::Swipe;
    a.x1 = a.x2 = r(1001);
    a.y1 = r(30);
    a.y2 = 300 + r(500);
  } else if (k < 60 && !clickable.empty()) {
    const nlohmann::json& n = *clickable[static_cast<std::size_t>(r(clickable.size()))];
    const nlohmann::json& b = n["bounds"];
    a.type = r(10) == 0 ? ActionType::LongPress : ActionType::Click;
    a.x = std::min(1000, (b[0].get<int>() + b[2].get<int>()) / 2 * 1000 / 1080);
    a.y = std::min(1000, (b[1].get<int>() + b[3].get<int>()) / 2 * 1000 / 2400);
  } else if (k < 62) {
    a.type = ActionType::Click;
    a.x = r(1001);
    a.y = r(1001);
  } else if (k < 72) {
    a.type = r(3) == 0 ? ActionType::Drag : ActionType::Swipe;
    a.x1 = r(1001);
    a.y1 = r(1001);
    a.x2 = r(4) == 0 ? r(1001) : a.x1;
    a.y2 = r(1001);
  } else if (k < 78) {
    a.type = ActionType::Type;
    static const char* kTexts[] = {"07:30", "hello", "12:5", "Gym", "x"};
    a.text = kTexts[r(5)];
    a.clear = r(3) == 0;
  } else if (k < 84) {
    a.type = ActionType::Back;
  } else if (k < 87) {
    a.type = ActionType::Home;
  } else if (k < 89) {
    a.type = ActionType::Recent;
  } else if (k < 91) {
    a.type = ActionType::Enter;
  } else if (k < 94) {
    a.type = ActionType::Wait;
    a.seconds = r(30);
  } else if (k < 97) {
    a.type = ActionType::OpenApp;  // any installed app: a walk reaches every app, not only the first page's
    const auto& apps = AppRegistry::instance().apps();
    a.app = apps[static_cast<std::size_t>(r(static_cast<int>(apps.size())))]->id();
  } else {
    a.type = ActionType::DoubleTap;
    a.x = r(1001);
    a.y = r(1001);
  }
  return a;
}

/// Steps `env` with random_action on its current screen; a rejected action (ActionError) is part
/// of a random walk, not a failure.
inline void random_step(Env& env, std::uint64_t& rng) {
  try {
    env.step(random_action(env.ui_tree(), rng));
  } catch (const ActionError&) {
  }
}

}  // namespace pg::testing
