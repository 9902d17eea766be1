// Driving the simulated phone in tests the way a user would: find a widget by id on the current
// screen, tap it at its centre, type, and check what a step changed (RFC 6902 paths).
#pragma once

#include "sim/env/env.hpp"
#include "sim/state/diff.hpp"
#include "tasks/oracle.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <string_view>

namespace pg::testing {

using json = nlohmann::json;
using Paths = std::set<std::string>;  ///< JSON pointers, as changed_paths() returns them
using pg::Env;

/// An Action from its JSON text (a bare const char* would be ambiguous between parse_action's
/// text and JSON forms). Throws ActionError naming what is wrong.
inline Action action(std::string_view json_text) { return parse_action(json_text); }

/// The node with this id on the current screen, or null.
inline nlohmann::json find_node(Env& env, const std::string& id) {
  const nlohmann::json tree = env.ui_tree();
  for (const nlohmann::json& n : tree["nodes"])
    if (n["id"] == id) return n;
  return nullptr;
}

inline bool on_screen(Env& env, const std::string& id) { return !find_node(env, id).is_null(); }

/// The text of the node with this id on the current screen; "" when it has none or is not there.
inline std::string text_of(Env& env, const std::string& id) {
  const nlohmann::json n = find_node(env, id);
  return n.is_null() ? std::string() : n.value("text", std::string());
}

/// Runs one action given as JSON text; returns the step result.
inline nlohmann::json act(Env& env, const std::string& json_text) {
  return env.step(parse_action(std::string_view(json_text)));
}

/// Opens `app` (the open_app action, from wherever the phone is) and returns the state then: the
/// "before" a flow's changed_paths are taken against.
inline nlohmann::json open_app(Env& env, const std::string& app) {
  act(env, nlohmann::json{{"type", "open_app"}, {"app", app}}.dump());
  return env.state();
}

/// Taps (type "click", "long_press" or "double_tap") the centre of a widget; the test fails if
/// the widget is not on screen or the tap hits something else.
inline nlohmann::json press(Env& env, const std::string& id, const std::string& type = "click") {
  nlohmann::json n = find_node(env, id);
  if (n.is_null()) {
    ADD_FAILURE() << "no widget \"" << id << "\" on screen";
    return nullptr;
  }
  const nlohmann::json& b = n["bounds"];
  const int x = (b[0].get<int>() + b[2].get<int>()) / 2 * 1000 / 1080;
  const int y = (b[1].get<int>() + b[3].get<int>()) / 2 * 1000 / 2400;
  nlohmann::json r = act(env, R"({"type":")" + type + R"(","x":)" + std::to_string(x) + ",\"y\":" + std::to_string(y) + "}");
  EXPECT_EQ(r["info"].value("target", ""), id) << "tapping " << id << " hit something else";
  return r;
}

/// Types text into the focused field (tap the field first with press()).
inline void type_text(Env& env, const std::string& text, bool clear = false) {
  nlohmann::json a{{"type", "type"}, {"text", text}};
  if (clear) a["clear"] = true;
  env.step(parse_action(a));
}

/// Taps the field `id` and types `text` into it.
inline void enter_text(Env& env, const std::string& id, const std::string& text, bool clear = false) {
  press(env, id);
  type_text(env, text, clear);
}

/// Swipes up in the middle of the screen (content scrolls down) until `id` is on screen; fails
/// after `max` swipes.
inline void scroll_to(Env& env, const std::string& id, int max = 20) {
  for (int i = 0; i < max && !on_screen(env, id); ++i) act(env, R"({"type":"swipe","x1":500,"y1":700,"x2":500,"y2":450})");
  EXPECT_TRUE(on_screen(env, id)) << id << " not found after " << max << " swipes";
}

/// Resets `env` to the instance's initial state and plays its oracle for at most `max_steps`
/// actions (the task's own ending, complete or abort, included).
inline void run_oracle(Env& env, const TaskInstance& inst, int max_steps = 10) {
  env.reset(inst.initial_state);
  OracleAgent oracle(inst);
  for (int i = 0; i < max_steps; ++i) {
    std::optional<Action> a = oracle.next(env.ui_tree());
    if (!a) break;
    env.step(*a);
  }
}

/// The JSON pointers an RFC 6902 diff from `before` to `after` touches, ignoring the OS's
/// navigation and clock state (/os/time_ms, /os/tasks, /os/foreground, /os/keyboard, /os/toast,
/// /os/dialog, /os/launcher, /os/recents, /os/shade) so a flow's own changes are what is left.
inline std::set<std::string> changed_paths(const nlohmann::json& before, const nlohmann::json& after) {
  static const char* kIgnored[] = {"/os/time_ms", "/os/tasks",   "/os/foreground", "/os/keyboard", "/os/toast",
                                   "/os/dialog",  "/os/launcher", "/os/recents",   "/os/shade"};
  std::set<std::string> out;
  for (const nlohmann::json& op : state_diff(before, after)) {
    const std::string p = op["path"];
    bool ignored = false;
    for (const char* k : kIgnored) {
      const std::string pre = k;
      ignored = ignored || p == pre || p.rfind(pre + "/", 0) == 0;
    }
    if (!ignored) out.insert(p);
  }
  return out;
}

}  // namespace pg::testing
