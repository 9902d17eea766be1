// Images for vision-language models: resizing (stb_image_resize from Debian's libstb) and base64
// data URLs (base64 itself: sim/util/encoding.hpp; JPEG bytes: sim/render/codec.hpp encode_image).
#pragma once

#include "sim/render/image.hpp"

#include <string>
#include <string_view>

namespace pg {

/// `in` resized to width x height (RGB, stb_image_resize's default filter); a copy when the size
/// is unchanged. Throws std::invalid_argument for an empty image or a non-positive size.
Image resize_image(const Image& in, int width, int height);

/// "data:image/jpeg;base64,..." for `jpeg` bytes.
std::string jpeg_data_url(std::string_view jpeg);

}  // namespace pg
