#include "tools/png.hpp"

#include <stb/stb_image_write.h>

#include <stdexcept>

namespace pg {

void write_png(const std::string& path, const Image& img) {
  if (img.empty()) throw std::runtime_error("write_png " + path + ": empty image");
  if (!stbi_write_png(path.c_str(), img.width, img.height, img.channels, img.data.data(), img.width * img.channels))
    throw std::runtime_error("cannot write PNG " + path);
}

}  // namespace pg
