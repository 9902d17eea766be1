// PNG files of screenshots (stb_image_write from Debian's libstb).
#pragma once

#include "sim/render/image.hpp"

#include <string>

namespace pg {

/// Writes an RGB/RGBA image as PNG; throws std::runtime_error naming the path on failure.
void write_png(const std::string& path, const Image& img);

}  // namespace pg
