// `phonegym devices`, `phonegym replay` (a policy on a real device over ADB) and `phonegym adbd`
// (the simulated phone as an ADB device): docs/real-device.md.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>

namespace pg {

/// Registers the subcommands on `app` (before parsing).
void add_adb_commands(CLI::App& app);
/// After parsing: runs the chosen ADB subcommand and returns its exit status, or nullopt when
/// none of them was chosen. Throws std::exception on bad input (the caller prints it).
std::optional<int> run_adb_commands();

}  // namespace pg
