// Image encoding on real screens (sim/render/codec.hpp): every full-resolution PNG in docs/screens
// (1080x2400 renders of app pages and OS screens) decoded, then encoded as PNG by the encoder in
// use (libpng, PNG_IMAGE_FLAG_FAST) and, for comparison, by stb's writer (what codec used before
// 2026-11-26), and as JPEG q80 (stb). Median ms per encode and bytes per image, per screen and over
// all; writes bench/results/codec-<date>.json.
//
//   bench_codec [repeats=5]
#include "sim/render/codec.hpp"

#include <nlohmann/json.hpp>
#include <stb/stb_image_write.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <thread>

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

/// Median ms of `n` calls of `encode`, and the size of what it returned.
std::pair<double, std::size_t> time_encode(int n, const std::function<std::string()>& encode) {
  std::vector<double> t;
  std::size_t bytes = 0;
  for (int i = 0; i < n; ++i) {
    const auto t0 = Clock::now();
    bytes = encode().size();
    t.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }
  return {median(t), bytes};
}

/// The first line of `path` containing `key` (its value after ": " when there is one), or "".
std::string first_line(const char* path, const std::string& key) {
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);)
    if (line.find(key) != std::string::npos) {
      const std::size_t colon = line.find(": ");
      return colon == std::string::npos ? line : line.substr(colon + 2);
    }
  return "";
}

std::string stb_png(const pg::Image& img) {
  std::string out;
  stbi_write_png_to_func(
      [](void* ctx, void* data, int size) { static_cast<std::string*>(ctx)->append(static_cast<const char*>(data), size); },
      &out, img.width, img.height, img.channels, img.data.data(), img.width * img.channels);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(std::string(PG_SOURCE_DIR) + "/docs/screens"))
    if (e.path().extension() == ".png") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  nlohmann::json screens = nlohmann::json::array();
  std::vector<double> png_ms, stb_ms, jpeg_ms, png_kb, stb_kb, jpeg_kb;
  std::printf("%-28s %9s %9s %9s %9s %9s %9s\n", "screen", "png ms", "png KB", "stb ms", "stb KB", "jpeg ms", "jpeg KB");
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const pg::Image img = pg::decode_image(bytes);
    if (img.width != 1080 || img.height != 2400) continue;  // full screens only
    const auto png = time_encode(repeats, [&] { return pg::encode_image(img, pg::ObsSpec::Format::Png); });
    const auto stb = time_encode(repeats, [&] { return stb_png(img); });
    const auto jpg = time_encode(repeats, [&] { return pg::encode_image(img, pg::ObsSpec::Format::Jpeg, 80); });
    if (pg::decode_image(pg::encode_image(img, pg::ObsSpec::Format::Png)).data != img.data) {
      std::fprintf(stderr, "bench_codec: %s does not round-trip through PNG\n", f.c_str());
      return 1;
    }
    png_ms.push_back(png.first), stb_ms.push_back(stb.first), jpeg_ms.push_back(jpg.first);
    png_kb.push_back(png.second / 1024.0), stb_kb.push_back(stb.second / 1024.0), jpeg_kb.push_back(jpg.second / 1024.0);
    std::printf("%-28s %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f\n", f.stem().c_str(), png.first, png.second / 1024.0,
                stb.first, stb.second / 1024.0, jpg.first, jpg.second / 1024.0);
    screens.push_back({{"screen", f.stem().string()}, {"png_ms", png.first}, {"png_bytes", png.second},
                       {"stb_png_ms", stb.first}, {"stb_png_bytes", stb.second}, {"jpeg80_ms", jpg.first},
                       {"jpeg80_bytes", jpg.second}});
  }
  const double pm = median(png_ms), sm = median(stb_ms);
  std::printf("\nmedian over %zu screens: PNG (libpng, fast) %.1f ms %.0f KB; PNG (stb) %.1f ms %.0f KB (x%.1f); "
              "JPEG q80 %.1f ms %.0f KB\n",
              screens.size(), pm, median(png_kb), sm, median(stb_kb), pm > 0 ? sm / pm : 0.0, median(jpeg_ms),
              median(jpeg_kb));
  char date[16];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::localtime(&now));
  const nlohmann::json out = {
      {"benchmark", "encoding 1080x2400 screens (docs/screens): PNG by libpng (PNG_IMAGE_FLAG_FAST), PNG by stb, JPEG q80 by stb"},
      {"date", date}, {"cores", std::thread::hardware_concurrency()}, {"cpu", first_line("/proc/cpuinfo", "model name")},
      {"load_average", first_line("/proc/loadavg", "")}, {"repeats", repeats},
      {"summary",
       {{"screens", screens.size()}, {"png_ms_median", pm}, {"png_kb_median", median(png_kb)}, {"stb_png_ms_median", sm},
        {"stb_png_kb_median", median(stb_kb)}, {"jpeg80_ms_median", median(jpeg_ms)},
        {"jpeg80_kb_median", median(jpeg_kb)}}},
      {"screens", screens}};
  const std::string path = std::string(PG_SOURCE_DIR) + "/bench/results/codec-" + date + ".json";
  std::ofstream(path) << out.dump(1) << "\n";
  std::printf("wrote %s\n", path.c_str());
  return 0;
}
