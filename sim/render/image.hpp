// Pixel buffers and the observation preprocessing shared by every backend.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pg {

/// The nominal phone's screen (device profile "nominal", sim/os/device.hpp): 1080x2400 pixels,
/// 360x800 dp at density 3. Observation sizes are fractions of it whatever the profile.
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

/// Area-average resize of an image to width x height (each output pixel is the mean of the input
/// area it covers; the exact box filter for integer factors). Any channel count.
Image resize_area(const Image& in, int width, int height);

/// A screen of any size as an observation of the reference 1080x2400 screen divided by `factor`
/// (1 = 1080x2400): area-resized to 1080x2400 first when it is another size (stretching, so that
/// normalized 0..1000 coordinates keep spanning the whole screen), then box_downscale'd. The one
/// preprocessing of device profiles and of real phones' screenshots (trainer/adb/device.hpp).
/// Throws std::invalid_argument for a factor that does not divide 1080x2400.
Image observe_screen(const Image& screen, int factor);

/// The largest per-channel difference between two images of the same size (0..255); throws
/// std::invalid_argument when the sizes differ.
int max_abs_diff(const Image& a, const Image& b);

}  // namespace pg
