// Pixel buffers and the observation preprocessing shared by every backend.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pg {

/// The phone's screen: 1080x2400 pixels, 360x800 dp at density 3.
constexpr int kScreenWidth = 1080;
constexpr int kScreenHeight = 2400;
constexpr float kDensity = 3.0f;  ///< pixels per dp
/// The policy's observation: the screenshot box-downscaled by 4 on each axis (270x600 RGB).
constexpr int kObsWidth = 270;
constexpr int kObsHeight = 600;

/// An 8-bit image, row-major from the top-left, `channels` interleaved bytes per pixel (3 = RGB).
struct Image {
  int width = 0;
  int height = 0;
  int channels = 3;
  std::vector<std::uint8_t> data;  ///< width * height * channels bytes

  bool empty() const { return data.empty(); }
};

/// Box-filter downscale by an integer factor on each axis (each output pixel is the rounded mean
/// of a factor x factor block). `in` must have width and height divisible by `factor`; throws
/// std::invalid_argument otherwise. Used for every backend's observation, so they match exactly.
Image box_downscale(const Image& in, int factor);

/// The largest per-channel difference between two images of the same size (0..255); throws
/// std::invalid_argument when the sizes differ.
int max_abs_diff(const Image& a, const Image& b);

}  // namespace pg
