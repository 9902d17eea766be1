#include "trainer/agents/image_codec.hpp"

#include "sim/util/encoding.hpp"

#include <stb/stb_image_resize.h>

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


std::string jpeg_data_url(std::string_view jpeg) { return "data:image/jpeg;base64," + base64_encode(jpeg); }

}  // namespace pg
