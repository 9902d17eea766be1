// Native steps/s with 1 and 2 threads in one process (issue: observations at the speed limit):
// a random agent on 32 envs stepped through NativeHost::step_batch, each step returning the
// 270x600 raw observation, and the per-step latency of one env (step + observation) next to the
// physical floor (a memcpy of one 270x600 RGB frame). Writes bench/results/native-threads-<date>.json.
#include "sim/os/app.hpp"
#include "trainer/pool/host.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <random>
#include <thread>

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

pg::Action random_action(std::mt19937_64& rng) {
  pg::Action a;
  const auto k = rng() % 10;
  if (k < 7) a.type = pg::ActionType::Click, a.x = static_cast<int>(rng() % 1001), a.y = static_cast<int>(rng() % 1001);
  else if (k == 7) a.type = pg::ActionType::Swipe, a.x1 = a.x2 = 500, a.y1 = 700, a.y2 = 300;
  else if (k == 8) a.type = pg::ActionType::Back;
  else a.type = pg::ActionType::Home;
  return a;
}

/// Steps/s of `envs` envs over `seconds` (after a warm-up), all stepped in one step_batch per round.
double steps_per_s(int threads, int envs, double seconds, const pg::ObsSpec& spec) {
  pg::NativeHost host(threads);
  std::vector<int> ids;
  for (int i = 0; i < envs; ++i) ids.push_back(host.create());
  std::mt19937_64 rng(1);
  auto round = [&] {
    std::vector<pg::BatchOp> ops;
    for (int id : ids) ops.push_back({id, random_action(rng)});
    host.step_batch(ops, &spec);
  };
  for (int i = 0; i < 3; ++i) round();
  long steps = 0;
  const auto t0 = Clock::now();
  while (ms_since(t0) < seconds * 1000) {
    round();
    steps += envs;
  }
  return steps / (ms_since(t0) / 1000);
}

/// p50 and p99 (ms) of one env's step + 270x600 observation.
std::pair<double, double> latency(int n, const pg::ObsSpec* spec) {
  pg::NativeHost host(1);
  const int id = host.create();
  std::mt19937_64 rng(2);
  std::vector<double> t;
  for (int i = 0; i < n + 20; ++i) {
    const auto t0 = Clock::now();
    host.step_batch({{id, random_action(rng)}}, spec);
    if (i >= 20) t.push_back(ms_since(t0));
  }
  std::sort(t.begin(), t.end());
  return {t[t.size() / 2], t[t.size() * 99 / 100]};
}

double memcpy_frame_ms() {
  std::vector<std::uint8_t> a(270 * 600 * 3, 7), b(a.size());
  const int n = 2000;
  const auto t0 = Clock::now();
  for (int i = 0; i < n; ++i) {
    a[static_cast<std::size_t>(i) % a.size()] = static_cast<std::uint8_t>(i);
    std::memcpy(b.data(), a.data(), a.size());
  }
  return ms_since(t0) / n + (b[5] == 255 ? 1e-12 : 0.0);
}

double load_average() {
  std::ifstream f("/proc/loadavg");
  double l = -1;
  f >> l;
  return l;
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 10.0;
  pg::ObsSpec exact, direct;  // 270x600 raw: box-downscaled from the full frame, or drawn directly
  direct.direct = true;
  char date[16];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::localtime(&now));
  nlohmann::json r{{"benchmark", "native-threads"},
                   {"date", date},
                   {"cores", std::thread::hardware_concurrency()},
                   {"envs", 32},
                   {"seconds_per_measurement", seconds}};
  const double floor_ms = memcpy_frame_ms();
  std::printf("native, 32 envs, random agent, 270x600 raw observation each step (floor: memcpy of a frame %.3f ms):\n",
              floor_ms);
  for (const auto& [name, spec] : {std::pair<const char*, pg::ObsSpec>{"exact", exact}, {"direct", direct}}) {
    const double s1 = steps_per_s(1, 32, seconds, spec), s2 = steps_per_s(2, 32, seconds, spec);
    const auto [p50, p99] = latency(300, &spec);
    r[name] = {{"spec", spec.str()},
               {"steps_per_s", {{"1_thread", s1}, {"2_threads", s2}, {"speedup", s2 / s1}}},
               {"step_plus_obs_270x600_ms", {{"p50", p50}, {"p99", p99}}}};
    std::printf("  %-6s 1 thread %7.0f steps/s, 2 threads %7.0f steps/s (x%.2f); one env step + observation p50 %.2f ms, p99 %.2f ms\n",
                name, s1, s2, s2 / s1, p50, p99);
  }
  const auto [s50, s99] = latency(300, nullptr);
  std::printf("  one env step without an observation: p50 %.2f ms, p99 %.2f ms\n", s50, s99);
  r["step_only_ms"] = {{"p50", s50}, {"p99", s99}};
  r["floor_memcpy_frame_ms"] = floor_ms;
  r["load_average_1m_at_end"] = load_average();
  const std::string path = std::string(PG_SOURCE_DIR) + "/bench/results/native-threads-" + date + ".json";
  std::ofstream(path) << r.dump(2) << "\n";
  std::printf("results: %s\n", path.c_str());
  return 0;
}
