// `phonegym serve [--port 8080] [--host 127.0.0.1] [--web-root DIR] [--tasks DIR]`: serves the
// browser authoring studio until Ctrl-C (tools/studio_server.hpp; docs/authoring.md).
#pragma once

#include <CLI/CLI.hpp>

namespace pg {

/// Adds the `serve` subcommand; it runs from its callback and reports errors itself (exit code 1).
void add_serve_command(CLI::App& app);
/// Adds `serve-env` (server/env_server.hpp: the OpenEnv-protocol environment server), likewise.
void add_serve_env_command(CLI::App& app);

}  // namespace pg
