// Image files in memory (native builds): PNG written with Debian's libpng (its simplified API,
// tuned for speed: bench/codec.cpp), JPEG written and PNG and JPEG read with Debian's stb
// (libstb-dev). The browser host encodes with the page's canvas instead (web/phonegym-api.js).
#pragma once

#include "sim/render/image.hpp"
#include "sim/render/obs.hpp"

#include <cstdint>
#include <string>

namespace pg {

/// Encodes `img` (1, 3 or 4 channels; JPEG drops alpha) as PNG or JPEG (`quality` 1..100) bytes. Raw
/// returns the pixels themselves. PNG favours speed over size (libpng's PNG_IMAGE_FLAG_FAST: a
/// 1080x2400 screen in about 30 ms, about 130 KB). Throws std::invalid_argument for an empty image,
/// a channel count the format has not, or a bad quality; std::runtime_error if the encoder fails.
std::string encode_image(const Image& img, ObsSpec::Format format, int quality = 80);

/// Writes `img` (RGB or RGBA) to `path` as a PNG file. Throws std::runtime_error naming the path
/// and the system's reason when the file cannot be written (a missing directory, a full disk).
void write_png(const std::string& path, const Image& img);

/// Decodes PNG or JPEG bytes to RGB (3 channels). Throws std::invalid_argument with the decoder's
/// reason for anything else.
Image decode_image(const std::uint8_t* bytes, std::size_t n);
inline Image decode_image(const std::string& bytes) {
  return decode_image(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace pg
