// Host benchmark: native sim and the Chromium browser host, measured in one run.
// Writes bench/results/hosts-<date>.json (with the machine) and prints a table.
//   build/bench/bench_hosts [--reps N] [--out FILE]
#include "sim/env/env.hpp"
#include "sim/os/phone.hpp"
#include "sim/render/screen.hpp"
#include "trainer/cdp/browser_host.hpp"
#include "trainer/pool/host.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <sys/utsname.h>
#include <thread>
#include <vector>

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Stats {
  double p50, p90, mean;
};

Stats measure(int reps, const std::function<void()>& fn) {
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) {
    auto t0 = Clock::now();
    fn();
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  double sum = 0;
  for (double v : ms) sum += v;
  return {ms[ms.size() / 2], ms[ms.size() * 9 / 10], sum / static_cast<double>(ms.size())};
}

std::string cpu_model() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

pg::Action click(int x, int y) {
  pg::Action a;
  a.type = pg::ActionType::Click;
  a.x = x;
  a.y = y;
  return a;
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 50;
  std::string out;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) reps = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
  }
  json rows = json::array();
  auto row = [&](const std::string& host, const std::string& what, const Stats& s, const std::string& unit = "ms") {
    rows.push_back({{"host", host}, {"metric", what}, {"p50", s.p50}, {"p90", s.p90}, {"mean", s.mean}, {"unit", unit}});
    std::printf("%-9s %-40s p50 %9.3f  p90 %9.3f %s\n", host.c_str(), what.c_str(), s.p50, s.p90, unit.c_str());
    std::fflush(stdout);
  };

  // ---- native
  pg::Env env;
  env.step(click(375, 699));  // open Clock from the launcher
  const json snap = env.state();
  row("native", "state size", {double(snap.dump().size()), double(snap.dump().size()), double(snap.dump().size())}, "bytes");
  row("native", "fork", measure(reps * 20, [&] { auto f = env.fork(); }));
  row("native", "set_state (restore)", measure(reps * 20, [&] { env.set_state(snap); }));
  row("native", "step (tap a switch) + layout", measure(reps * 20, [&] { env.step(click(884, 215)); }));
  row("native", "ui_tree", measure(reps * 20, [&] { env.ui_tree(); }));
  // The CPU renderer (one core): frame building + rasterizing; the observation is box-downscaled
  // strip by strip without writing the full frame.
  pg::render_screen(env.phone(), false);  // font atlas copy, first-use allocations
  row("native", "render 1080x2400 (CPU)", measure(reps * 4, [&] { pg::render_screen(env.phone(), true); }));
  row("native", "render 270x600 observation (CPU)", measure(reps * 4, [&] { pg::render_screen(env.phone(), false); }));
  row("native", "step + 270x600 observation", measure(reps * 4, [&] {
        env.step(click(884, 215));
        pg::render_screen(env.phone(), false);
      }));
  {
    pg::Env home;  // the launcher: full-screen wallpaper gradient and icon grid
    row("native", "render 270x600 observation, launcher", measure(reps * 4, [&] { pg::render_screen(home.phone(), false); }));
  }

  // ---- chromium
  pg::HostOptions o;
  o.kind = "chromium";
  o.web_root = std::string(PG_BUILD_DIR) + "/web";
  std::unique_ptr<pg::Host> host;
  row("chromium", "ready browser host (launch + load wasm)", measure(1, [&] { host = pg::make_host(o); }));
  int slot = -1;
  row("chromium", "new env (create)", measure(reps, [&] { slot = host->create(); }));
  host->reset(slot, snap);
  row("chromium", "fork", measure(reps, [&] { host->close(host->fork(slot)); }));
  row("chromium", "set_state (restore)", measure(reps, [&] { host->set_state(slot, snap); }));
  row("chromium", "step (tap a switch)", measure(reps, [&] { host->step(slot, click(884, 215)); }));
  row("chromium", "screenshot 270x600 raw RGB", measure(reps, [&] { host->screenshot(slot, false); }));
  row("chromium", "screenshot 1080x2400 raw RGB", measure(reps / 2 + 1, [&] { host->screenshot(slot, true); }));
  row("chromium", "step + 270x600 observation", measure(reps, [&] {
        host->step(slot, click(884, 215));
        host->screenshot(slot, false);
      }));
  row("chromium", "ui_tree", measure(reps, [&] { host->ui_tree(slot); }));
  {
    // The same observation drawn by the CPU rasterizer compiled into the page (no GPU readback).
    pg::BrowserHost::Options bo;
    bo.web_root = o.web_root;
    pg::BrowserHost b(bo);
    const int s = b.create();
    b.set_state(s, snap);
    const std::string call = "phonegym.screenshot(" + std::to_string(s) + ", 'obs:cpu').length";
    row("chromium", "screenshot 270x600 raw RGB, CPU rasterizer in wasm", measure(reps, [&] { b.evaluate(0, call); }));
    const std::string full = "phonegym.screenshot(" + std::to_string(s) + ", 'full:cpu').length";
    row("chromium", "render 1080x2400, CPU rasterizer in wasm (in page)", measure(reps / 3 + 1, [&] { b.evaluate(0, full); }));
  }

  // ---- where a 270x600 observation's time goes, measured inside the page (ms)
  {
    host.reset();
    pg::BrowserHost::Options bo;
    bo.web_root = o.web_root;
    pg::BrowserHost b(bo);
    const int s = b.create();
    b.step(s, click(375, 699));
    for (const char* size : {"obs", "full"}) {
      std::map<std::string, double> acc;
      const int n = std::string(size) == "obs" ? reps : reps / 3 + 1;
      for (int i = 0; i < n; ++i) {
        json r = json::parse(b.evaluate(0, "(() => { const r = JSON.parse(phonegym.screenshot(" + std::to_string(s) +
                                                 ", '" + size + "')); delete r.data; return JSON.stringify(r); })()")
                                 .get<std::string>());
        const json& ms = r["ms"];
        acc["encode"] += ms["encode"].get<double>() / n;
        for (auto& [k, v] : ms["parts"].items()) acc[k] += v.get<double>() / n;
      }
      for (const auto& [k, m] : acc) {
        row("in-page", std::string(size) + " screenshot: " + k + " (mean)", {m, m, m});
      }
    }
  }

  char date[32];
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  utsname u{};
  uname(&u);
  json result{{"benchmark", "hosts"}, {"date", date}, {"reps", reps},
              {"machine", {{"cpu", cpu_model()}, {"cores", std::thread::hardware_concurrency()}, {"kernel", u.release}}},
              {"rows", rows}};
  if (out.empty()) out = std::string(PG_SOURCE_DIR) + "/bench/results/hosts-" + date + ".json";
  std::ofstream(out) << result.dump(2) << "\n";
  std::printf("wrote %s\n", out.c_str());
}
