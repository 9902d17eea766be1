// `phonegym train`: the main job (GRPO with AdaGRPO, warm start, resume, reports, ranks).
#pragma once

#include <CLI/CLI.hpp>

namespace pg {

/// Adds the `train` subcommand to `app`; returns it (run it with run_train_command when parsed).
CLI::App* add_train_command(CLI::App& app);
/// Runs the parsed `train` subcommand; returns the process exit code.
int run_train_command();

}  // namespace pg
