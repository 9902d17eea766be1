// `phonegym screens` and `phonegym nav`: every page of every app rendered from its nav.json
// "example" and linted; navigation validation and shortest paths.
#pragma once

#include "sim/env/env.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace pg {

/// Runs nav.json "example" steps (oracle steps: actions with widget targets, scroll_to, goto) on
/// `env` from its current state; throws TaskError naming the step that fails.
void run_example(Env& env, const std::string& where, const nlohmann::json& steps);

/// Renders every page (of `app`, or of all apps when empty) into `out_dir`/<app>.<page>.png with
/// the native renderer, prints a line per page with its lint problems; returns the number of
/// pages with problems (an example that fails to reach its page counts).
int render_screens(const std::string& out_dir, const std::string& app);

/// Prints an app's nav validation problems and the shortest path from `from` (default: its
/// entry; "*": every page) to every page (with the widget to tap where nav.json says `via`);
/// returns the number of problems.
int print_nav_paths(const std::string& app, const std::string& from = "");

}  // namespace pg
