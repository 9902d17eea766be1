#include "sim/render/image.hpp"

#include <algorithm>
#include <cstdlib>
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

}  // namespace pg
