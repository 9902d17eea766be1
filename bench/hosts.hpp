// The host benchmark (issue "browser hosts at scale"): the Chromium host next to the native host,
// measured in one run. Used by bench/bench_hosts and `phonegym bench`.
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace pg {

struct HostBenchOptions {
  std::string web_root;                       ///< the staged wasm page (build/web)
  int reps = 40;                              ///< samples per latency metric
  std::vector<int> memory_envs{1, 16, 64, 256};  ///< env counts for memory per env
  int tabs = 2;                               ///< tabs for the throughput run (one per core)
  int throughput_envs = 32;                   ///< envs stepped by the random agent
  double throughput_seconds = 10;             ///< length of the throughput run
  std::uint64_t seed = 1;
  /// Apps the random agent opens (empty: every installed app). Naming an older release's apps
  /// compares the engine on the same workload across releases (bench/README.md).
  std::vector<std::string> agent_apps;
};

/// Runs every measurement; calls `on_row` as each row is ready (for live printing). Rows:
/// {"metric", "host" (native|chromium), "p50", "p90", "mean", "unit", "aim" (text, optional),
/// "met" (bool, optional), "note"}. Returns {"benchmark":"hosts","date","machine","rows",...}.
/// Throws HostError if Chromium cannot start, std::invalid_argument for an unknown agent app.
nlohmann::json run_host_bench(const HostBenchOptions& opt, const std::function<void(const nlohmann::json&)>& on_row);

/// One row as a line of the human table.
std::string format_bench_row(const nlohmann::json& row);
/// The whole result as a table: one line per metric, native and Chromium side by side, the aim
/// and whether it is met.
std::string format_bench_table(const nlohmann::json& result);

/// Proportional set size (kB) summed over a process and every process in its process group
/// (/proc/<pid>/smaps_rollup); 0 if none can be read.
long pss_kb_of_group(int pgid);

}  // namespace pg
