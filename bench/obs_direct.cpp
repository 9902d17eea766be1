// The training-resolution rasterizer against the exact path (issue: observations at the speed
// limit): on every page `phonegym screens` renders (app pages and the docs' OS screens), the 270x600 observation drawn directly
// (ObsSpec::direct, CpuRenderer::render_direct) and box-downscaled from the full frame
// (CpuRenderer::render_downscaled): median times of the UI pass (frame built, nothing rasterized)
// and of each rasterization, and the pixel difference (mean and max per channel, and the share of
// channels more than 8/255 apart). Writes bench/results/obs-direct-<date>.json.
//
//   bench_obs_direct [repeats=15] [app, or os for the OS screens only]
//   PG_OBS_DUMP=<dir>: also write each page's two frames there as PNG
#include "sim/render/obs.hpp"
#include "sim/render/codec.hpp"
#include "tools/screens.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <thread>

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

/// Median ms of `n` observations of the current screen with `spec` (`skip`: built, not rasterized).
double time_obs(pg::Phone& phone, const pg::ObsSpec& spec, int n, bool skip) {
  std::vector<double> t;
  for (int i = 0; i < n; ++i) {
    std::uint64_t h = 0;
    const auto t0 = Clock::now();
    pg::render_observation(phone, spec, h, [skip](std::uint64_t) { return skip; });
    t.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }
  return median(t);
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 15;
  const std::string only = argc > 2 ? argv[2] : "";
  pg::ObsSpec exact, direct;
  direct.direct = true;
  nlohmann::json pages = nlohmann::json::array();
  std::vector<double> build_ms, exact_ms, direct_ms;
  double sum_abs = 0, channels = 0, over8 = 0;
  int max_diff = 0;
  std::string max_page;
  std::printf("%-34s %8s %8s %8s %9s %5s\n", "page", "ui ms", "exact ms", "direct ms", "mean diff", "max");
  auto measure = [&](const std::string& name, pg::Env* env, const std::string& error) {
    if (!env) {
      std::printf("%-34s skipped: %s\n", name.c_str(), error.c_str());
      return;
    }
    pg::Phone& phone = env->phone();
    const pg::Image a = pg::render_observation(phone, exact), b = pg::render_observation(phone, direct);
    double page_abs = 0;
    int page_max = 0;
    long page_over8 = 0;
    for (std::size_t i = 0; i < a.data.size(); ++i) {
      const int d = std::abs(static_cast<int>(a.data[i]) - static_cast<int>(b.data[i]));
      page_abs += d;
      page_max = std::max(page_max, d);
      page_over8 += d > 8;
    }
    const double n = static_cast<double>(a.data.size());
    if (const char* dump = std::getenv("PG_OBS_DUMP")) {  // both frames, to look at
      pg::write_png(std::string(dump) + "/" + name + ".exact.png", a);
      pg::write_png(std::string(dump) + "/" + name + ".direct.png", b);
    }
    const double tb = time_obs(phone, exact, repeats, true), te = time_obs(phone, exact, repeats, false),
                 td = time_obs(phone, direct, repeats, false);
    build_ms.push_back(tb), exact_ms.push_back(te - tb), direct_ms.push_back(td - tb);
    sum_abs += page_abs, channels += n, over8 += static_cast<double>(page_over8);
    if (page_max > max_diff) max_diff = page_max, max_page = name;
    std::printf("%-34s %8.3f %8.3f %8.3f %9.3f %5d\n", name.c_str(), tb, te - tb, td - tb, page_abs / n, page_max);
    pages.push_back({{"page", name}, {"ui_ms", tb}, {"exact_raster_ms", te - tb}, {"direct_raster_ms", td - tb},
                     {"mean_abs_diff", page_abs / n}, {"max_diff", page_max}, {"share_over_8", page_over8 / n}});
  };
  if (only != "os") pg::each_app_page(only, measure);
  if (only.empty() || only == "os")  // the docs' OS screens (launcher, drawer, shade, keyboard, dialogs, recents)
    pg::each_os_screen(std::string(PG_SOURCE_DIR) + "/docs/screens",
                       [&](const std::string& name, pg::Env* env, const nlohmann::json&, const std::string& error) {
                         measure("os." + name, env, error);
                       });
  const double mb = median(build_ms), me = median(exact_ms), md = median(direct_ms);
  std::printf("\nmedian over %zu pages: UI pass %.3f ms, exact raster %.3f ms, direct raster %.3f ms (x%.1f)\n",
              pages.size(), mb, me, md, md > 0 ? me / md : 0.0);
  std::printf("difference: mean %.3f / 255 per channel, max %d (%s), %.4f%% of channels over 8\n", sum_abs / channels,
              max_diff, max_page.c_str(), 100 * over8 / channels);
  char date[16];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::localtime(&now));
  const nlohmann::json out = {
      {"date", date}, {"cores", std::thread::hardware_concurrency()}, {"repeats", repeats},
      {"summary",
       {{"pages", pages.size()}, {"ui_ms_median", mb}, {"exact_raster_ms_median", me}, {"direct_raster_ms_median", md},
        {"mean_abs_diff", sum_abs / channels}, {"max_diff", max_diff}, {"max_diff_page", max_page},
        {"share_over_8", over8 / channels}}},
      {"pages", pages}};
  const std::string path = std::string(PG_SOURCE_DIR) + "/bench/results/obs-direct-" + date + ".json";
  if (only.empty()) {  // a complete run only
    std::ofstream(path) << out.dump(1) << "\n";
    std::printf("wrote %s\n", path.c_str());
  }
  return 0;
}
