// Host benchmark: the native host and the Chromium browser host measured in one run; prints a
// table and writes bench/results/hosts-<date>.json with the machine. Same as `phonegym bench`.
//   build/bench/bench_hosts [--reps N] [--seconds S] [--out FILE]
#include "bench/hosts.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

int main(int argc, char** argv) {
  pg::HostBenchOptions opt;
  opt.web_root = std::string(PG_BUILD_DIR) + "/web";
  std::string out;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) opt.reps = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--seconds") && i + 1 < argc) opt.throughput_seconds = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_hosts [--reps N] [--seconds S] [--out FILE]\n");
      return 2;
    }
  }
  nlohmann::json result = pg::run_host_bench(opt, [](const nlohmann::json& row) {
    std::printf("%s\n", pg::format_bench_row(row).c_str());
    std::fflush(stdout);
  });
  std::printf("\n%s", pg::format_bench_table(result).c_str());
  if (out.empty()) out = std::string(PG_SOURCE_DIR) + "/bench/results/hosts-" + result["date"].get<std::string>() + ".json";
  std::ofstream(out) << result.dump(2) << "\n";
  std::printf("wrote %s\n", out.c_str());
}
