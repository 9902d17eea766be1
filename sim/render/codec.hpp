// Image files in memory (native builds): PNG and JPEG encoding and decoding with Debian's stb
// (libstb-dev). The browser host encodes with the page's canvas instead (web/phonegym-api.js).
#pragma once

#include "sim/render/image.hpp"
#include "sim/render/obs.hpp"

#include <cstdint>
#include <string>

namespace pg {

/// Encodes RGB `img` as PNG or JPEG (`quality` 1..100) bytes. Raw returns the pixels themselves.
/// Throws std::invalid_argument for an empty image or a bad quality, std::runtime_error if the
/// encoder fails.
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
