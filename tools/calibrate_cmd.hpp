// `phonegym tasks calibrate`: difficulty calibrated from data (docs/benchmark.md, "Difficulty
// calibration"). Runs agents through `phonegym eval`'s runner and/or reads earlier eval outputs,
// measures the oracle's features, fits a Rasch model (tasks/calibrate.hpp) and writes
// calibration.json with each template's score and level L1-L4.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace pg {

/// Adds `calibrate` to the `tasks` subcommand; returns it (run it with run_calibrate_command).
CLI::App* add_calibrate_command(CLI::App& tasks);
/// Runs the parsed command; `command_line` is recorded in calibration.json. Returns the exit code
/// (0, or 2 when an agent failed for good); throws std::invalid_argument for bad input (an unknown
/// agent, a --results directory without results.json, no template selected, neither --agent nor
/// --results).
int run_calibrate_command(const std::string& command_line);

}  // namespace pg
