#include "trainer/agents/image_codec.hpp"

#include "sim/util/encoding.hpp"

#include <stb/stb_image_resize.h>
#include <stb/stb_image_write.h>

#include <stdexcept>

namespace pg {

Image resize_image(const Image& in, int width, int height) {
  if (in.empty()) throw std::invalid_argument("resize_image: empty image");
  if (width <= 0 || height <= 0)
    throw std::invalid_argument("resize_image: size " + std::to_string(width) + "x" + std::to_string(height) +
                                " must be positive");
  if (width == in.width && height == in.height) return in;
  Image out;
  out.width = width;
  out.height = height;
  out.channels = in.channels;
  out.data.resize(static_cast<std::size_t>(width) * height * in.channels);
  if (!stbir_resize_uint8(in.data.data(), in.width, in.height, 0, out.data.data(), width, height, 0, in.channels))
    throw std::runtime_error("resize_image: stb_image_resize failed");
  return out;
}

std::string encode_jpeg(const Image& img, int quality) {
  if (img.empty()) throw std::runtime_error("encode_jpeg: empty image");
  std::string out;
  auto sink = [](void* ctx, void* data, int size) {
    static_cast<std::string*>(ctx)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
  };
  if (!stbi_write_jpg_to_func(sink, &out, img.width, img.height, img.channels, img.data.data(), quality))
    throw std::runtime_error("encode_jpeg: stb_image_write failed for a " + std::to_string(img.width) + "x" +
                             std::to_string(img.height) + " image");
  return out;
}

std::string jpeg_data_url(std::string_view jpeg) { return "data:image/jpeg;base64," + base64_encode(jpeg); }

}  // namespace pg
