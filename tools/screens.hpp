// `phonegym screens` and `phonegym nav`: every page of every app rendered from its nav.json
// "example" and linted; the documentation's screenshots (docs/screens) made and checked;
// navigation validation and shortest paths.
#pragma once

#include "sim/env/env.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

namespace pg {

/// Runs nav.json "example" steps (oracle steps: actions with widget targets, scroll_to, goto) on
/// `env` from its current state; throws TaskError naming the step that fails.
void run_example(Env& env, const std::string& where, const nlohmann::json& steps);

/// Reaches every page (of `only`, or of all apps when empty) on a fresh Env through its nav.json
/// example and calls `fn(name "<app>.<page>", env, "")`; when the example fails or ends elsewhere,
/// `fn(name, nullptr, what went wrong)`. With `profile`, the phones are under that device
/// profile (sim/os/device.hpp; std::invalid_argument for an unknown name).
void each_app_page(const std::string& only,
                   const std::function<void(const std::string& name, Env* env, const std::string& error)>& fn,
                   const std::string& profile = "");

/// Reaches every screen of `dir`/screens.json (the docs' OS screens: steps from a fresh phone after
/// an optional state "patch") and calls `fn(name, env, its entry, "")`, or `fn(name, nullptr,
/// entry, what went wrong)`. Throws std::runtime_error if screens.json cannot be read.
void each_os_screen(const std::string& dir,
                    const std::function<void(const std::string& name, Env* env, const nlohmann::json& spec,
                                             const std::string& error)>& fn);

/// Renders every page (of `app`, or of all apps when empty; under device `profile` when given)
/// into `out_dir`/<app>.<page>.png with the native renderer at the profile's pixels, prints a line per page with its lint problems; returns the number of
/// pages with problems (an example that fails to reach its page counts).
int render_screens(const std::string& out_dir, const std::string& app, const std::string& profile = "");

/// The documentation's screenshots under `dir` (docs/screens), all rendered natively at 1080x2400:
/// every app page as apps/<app>.<page>.png (as render_screens) and every screen of
/// `dir`/screens.json as <name>.png (steps in the oracle syntax from a fresh phone, after an
/// optional merge "patch" of its state; "som": true draws the set-of-marks). Writes them, or
/// with `check` compares them with the files there: a screen is stale when its file is missing,
/// has another size, a channel differs by more than 32 (a visible change), or more than 0.05% of
/// channels differ by more than `tolerance` (0..255; the few edge pixels another CPU's float
/// rounding moves are not staleness); a PNG in apps/ that no page renders is stale too (writing
/// removes it).
/// Prints a line per screen; returns the number of screens with problems (stale, lint, failed
/// example).
int doc_screens(const std::string& dir, bool check, int tolerance = 2);

/// Prints an app's nav validation problems and the shortest path from `from` (default: its
/// entry; "*": every page) to every page (with the widget to tap where nav.json says `via`);
/// returns the number of problems.
int print_nav_paths(const std::string& app, const std::string& from = "");

}  // namespace pg
