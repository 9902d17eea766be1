#include "sim/render/image.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>
#include <vector>
#include <stdexcept>

namespace pg {

Image box_downscale(const Image& in, int factor) {
  if (factor < 1 || in.width % factor || in.height % factor)
    throw std::invalid_argument("box_downscale: " + std::to_string(in.width) + "x" +
                                std::to_string(in.height) + " is not divisible by " + std::to_string(factor));
  if (factor == 1) return in;
  Image out;
  out.width = in.width / factor;
  out.height = in.height / factor;
  out.channels = in.channels;
  out.data.assign(static_cast<std::size_t>(out.width) * out.height * out.channels, 0);
  const int c = in.channels;
  const unsigned area = static_cast<unsigned>(factor * factor);
  std::vector<unsigned> acc(static_cast<std::size_t>(out.width) * c);
  for (int oy = 0; oy < out.height; ++oy) {
    std::fill(acc.begin(), acc.end(), 0u);
    for (int dy = 0; dy < factor; ++dy) {
      const std::uint8_t* row = in.data.data() + static_cast<std::size_t>(oy * factor + dy) * in.width * c;
      for (int ox = 0; ox < out.width; ++ox)
        for (int dx = 0; dx < factor; ++dx)
          for (int k = 0; k < c; ++k) acc[ox * c + k] += row[(ox * factor + dx) * c + k];
    }
    std::uint8_t* dst = out.data.data() + static_cast<std::size_t>(oy) * out.width * c;
    for (std::size_t i = 0; i < acc.size(); ++i) dst[i] = static_cast<std::uint8_t>((acc[i] + area / 2) / area);
  }
  return out;
}

int max_abs_diff(const Image& a, const Image& b) {
  if (a.width != b.width || a.height != b.height || a.channels != b.channels || a.data.size() != b.data.size())
    throw std::invalid_argument("max_abs_diff: images differ in size");
  int m = 0;
  for (std::size_t i = 0; i < a.data.size(); ++i) m = std::max(m, std::abs(int(a.data[i]) - int(b.data[i])));
  return m;
}

Image resize_area(const Image& in, int width, int height) {
  if (in.width == width && in.height == height) return in;
  const int c = in.channels;
  // Separable: horizontal pass into floats, then vertical.
  auto weights = [](int n_in, int n_out) {
    // For each output index: (first input, weights over the covered inputs), weights sum to 1.
    std::vector<std::pair<int, std::vector<float>>> w(static_cast<std::size_t>(n_out));
    const double scale = static_cast<double>(n_in) / n_out;
    for (int o = 0; o < n_out; ++o) {
      const double a = o * scale, b = (o + 1) * scale;
      const int i0 = static_cast<int>(a), i1 = std::min(n_in, static_cast<int>(std::ceil(b)));
      w[o].first = i0;
      for (int i = i0; i < i1; ++i)
        w[o].second.push_back(static_cast<float>((std::min<double>(b, i + 1) - std::max<double>(a, i)) / scale));
    }
    return w;
  };
  const auto wx = weights(in.width, width), wy = weights(in.height, height);
  // Every element is written below, so a thread's buffer is reused across calls: a fresh one per
  // frame of a device profile was zero-filled and page-faulted in at every step.
  thread_local std::vector<float> tmp;
  tmp.resize(static_cast<std::size_t>(width) * in.height * c);
  for (int y = 0; y < in.height; ++y)
    for (int x = 0; x < width; ++x)
      for (int k = 0; k < c; ++k) {
        float s = 0;
        for (std::size_t j = 0; j < wx[x].second.size(); ++j)
          s += wx[x].second[j] * in.data[(static_cast<std::size_t>(y) * in.width + wx[x].first + j) * c + k];
        tmp[(static_cast<std::size_t>(y) * width + x) * c + k] = s;
      }
  Image out;
  out.width = width;
  out.height = height;
  out.channels = c;
  out.data.resize(static_cast<std::size_t>(width) * height * c);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      for (int k = 0; k < c; ++k) {
        float s = 0;
        for (std::size_t j = 0; j < wy[y].second.size(); ++j)
          s += wy[y].second[j] * tmp[((wy[y].first + j) * width + x) * c + k];
        out.data[(static_cast<std::size_t>(y) * width + x) * c + k] =
            static_cast<std::uint8_t>(std::clamp(std::lround(s), 0L, 255L));
      }
  return out;
}

Image observe_screen(const Image& screen, int factor) {
  if (factor < 1 || kScreenWidth % factor || kScreenHeight % factor)
    throw std::invalid_argument("observe_screen: factor " + std::to_string(factor) + " does not divide 1080x2400");
  if (screen.width == kScreenWidth && screen.height == kScreenHeight)
    return factor == 1 ? screen : box_downscale(screen, factor);
  const Image reference = resize_area(screen, kScreenWidth, kScreenHeight);
  return factor == 1 ? reference : box_downscale(reference, factor);
}

}  // namespace pg
