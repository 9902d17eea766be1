#include "sim/render/codec.hpp"

#include <png.h>
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace pg {
namespace {

void append(void* ctx, void* data, int size) {
  static_cast<std::string*>(ctx)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
}

/// PNG through libpng's simplified API: one pass to size the buffer, one to fill it.
std::string encode_png(const Image& img) {
  png_image im{};
  im.version = PNG_IMAGE_VERSION;
  im.width = static_cast<png_uint_32>(img.width);
  im.height = static_cast<png_uint_32>(img.height);
  im.format = img.channels == 4 ? PNG_FORMAT_RGBA : img.channels == 3 ? PNG_FORMAT_RGB : PNG_FORMAT_GRAY;
  im.flags = PNG_IMAGE_FLAG_FAST;
  const png_int_32 stride = img.width * img.channels;
  png_alloc_size_t size = 0;
  std::string out;
  if (png_image_write_to_memory(&im, nullptr, &size, 0, img.data.data(), stride, nullptr) && size > 0) {
    out.resize(size);
    if (!png_image_write_to_memory(&im, out.data(), &size, 0, img.data.data(), stride, nullptr)) out.clear();
    else out.resize(size);
  }
  const std::string reason = im.message;
  png_image_free(&im);
  if (out.empty()) throw std::runtime_error("encode_image: the PNG encoder failed (" + reason + ")");
  return out;
}

}  // namespace

std::string encode_image(const Image& img, ObsSpec::Format format, int quality) {
  if (img.empty() || img.width <= 0 || img.height <= 0)
    throw std::invalid_argument("encode_image: empty image");
  if (img.data.size() != static_cast<std::size_t>(img.width) * img.height * img.channels)
    throw std::invalid_argument("encode_image: " + std::to_string(img.data.size()) + " bytes for a " +
                                std::to_string(img.width) + "x" + std::to_string(img.height) + "x" +
                                std::to_string(img.channels) + " image");
  if (format != ObsSpec::Format::Raw && img.channels != 1 && img.channels != 3 && img.channels != 4)
    throw std::invalid_argument("encode_image: " + std::to_string(img.channels) + " channels (PNG and JPEG take 1, 3 or 4)");
  std::string out;
  int ok = 1;
  switch (format) {
    case ObsSpec::Format::Raw:
      return std::string(img.data.begin(), img.data.end());
    case ObsSpec::Format::Png:
      return encode_png(img);
    case ObsSpec::Format::Jpeg:
      if (quality < 1 || quality > 100)
        throw std::invalid_argument("encode_image: JPEG quality " + std::to_string(quality) + " is outside 1..100");
      ok = stbi_write_jpg_to_func(append, &out, img.width, img.height, img.channels, img.data.data(), quality);
      break;
  }
  if (!ok || out.empty()) throw std::runtime_error(std::string("encode_image: the ") + format_name(format) + " encoder failed");
  return out;
}

void write_png(const std::string& path, const Image& img) {
  const std::string bytes = encode_image(img, ObsSpec::Format::Png);
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) throw std::runtime_error("cannot write PNG " + path + ": " + std::strerror(errno));
  const bool wrote = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  const int write_errno = errno;
  if (std::fclose(f) != 0 || !wrote) {
    const int e = wrote ? errno : write_errno;
    throw std::runtime_error("cannot write PNG " + path + ": " + std::strerror(e));
  }
}

Image decode_image(const std::uint8_t* bytes, std::size_t n) {
  int w = 0, h = 0, c = 0;
  unsigned char* px = stbi_load_from_memory(bytes, static_cast<int>(n), &w, &h, &c, 3);
  if (!px) throw std::invalid_argument(std::string("decode_image: not a PNG or JPEG image (") + stbi_failure_reason() + ")");
  Image img;
  img.width = w;
  img.height = h;
  img.channels = 3;
  img.data.assign(px, px + static_cast<std::size_t>(w) * h * 3);
  stbi_image_free(px);
  return img;
}

}  // namespace pg
