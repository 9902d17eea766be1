// Observations: what a host hands the agent at each step, made the same way on every backend.
// An ObsSpec says the size (an integer box-downscale of the 1080x2400 screen), the encoding
// (raw RGB, PNG or JPEG with a quality) and extras (set-of-marks drawn on top, the uiautomator
// XML). Frames are hashed from their draw data, so a host can tell that a screen did not change
// (and skip rasterizing and sending it) without drawing a pixel.
#pragma once

#include "sim/render/image.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

struct ImDrawData;

namespace pg {

class Phone;

/// How to make an observation.
struct ObsSpec {
  enum class Format { Raw, Png, Jpeg };
  int width = kObsWidth;    ///< pixels; 1080 / width must be an integer equal to 2400 / height
  int height = kObsHeight;
  Format format = Format::Raw;
  int quality = 80;         ///< JPEG quality 1..100 (ignored otherwise)
  bool som = false;         ///< draw the set-of-marks on top (sim/ui/a11y.hpp)
  bool ui_xml = false;      ///< also return the screen as uiautomator XML
  /// Draw a downscaled frame directly at its size (CpuRenderer::render_direct: several times
  /// faster, within a measured bound of the exact box filter) instead of box-downscaling the full
  /// frame. Ignored at full size.
  bool direct = false;
  /// The device's own pixels (its profile's size, sim/os/device.hpp) instead of width x height:
  /// screenshots. Not part of the canonical text form.
  bool native = false;

  /// The box-downscale factor from the 1080x2400 screen (1 = full size).
  int factor() const { return kScreenWidth / width; }
  /// Canonical text form, e.g. "270x600:raw", "270x600:raw:direct" or "1080x2400:jpeg:80:som:xml";
  /// parse_obs_spec reads it.
  std::string str() const;
};

/// The documented bound of a direct 270x600 observation against the exact one, on every screen
/// `phonegym screens` renders (tests/test_native_render.cpp checks it; bench/obs_direct measures
/// it: on 2026-11-25 the mean was 0.045/255 over all screens, the worst screen's mean 0.61, the
/// largest single channel 67 and at most 1.8% of a screen's channels more than 8 apart). The
/// large single differences sit on seams between shapes that share a small pixel.
struct DirectObsBound {
  static constexpr double kMeanAbs = 1.0;      ///< per screen, mean |difference| per channel (0..255)
  static constexpr int kMaxAbs = 96;           ///< per screen, the largest channel difference
  static constexpr double kShareOver8 = 0.03;  ///< per screen, share of channels more than 8 apart
};

/// Parses "WxH[:raw|png|jpeg[:Q]][:som][:xml][:direct]" (also "obs" = 270x600 and "full" = 1080x2400 for
/// the size). Throws std::invalid_argument naming the bad part and the allowed values: sizes must
/// divide the 1080x2400 screen by the same integer (1080x2400, 540x1200, 360x800, 270x600,
/// 216x480, 180x400, 108x240 ...), JPEG quality 1..100.
ObsSpec parse_obs_spec(std::string_view text);

const char* format_name(ObsSpec::Format f);

/// A 64-bit hash of a frame's draw data (display size, vertices, indices, commands): equal frames
/// rasterize to equal pixels, so an equal hash means an unchanged screen. Hashes compare within one
/// build (native and wasm hashes of the same screen differ).
std::uint64_t frame_hash(const ImDrawData* dd);

/// The phone's screen rasterized on the CPU at spec's size (box_downscale of the full frame by
/// spec.factor(), computed strip by strip; or drawn directly at that size when spec.direct), RGB.
/// A phone under another device profile is drawn at its own pixels and made into spec's size by
/// observe_screen (stretched; `direct` is ignored there), as a real phone's screenshot would be;
/// spec.native returns its own pixels. The format is not applied (see encode_image in
/// the native build, or the page's canvas encoder). When `hash` is given it receives the frame's
/// hash. Throws std::invalid_argument for a bad size, std::runtime_error if a font is missing.
Image render_observation(Phone& phone, const ObsSpec& spec, std::uint64_t* hash = nullptr);
/// The same, with the frame built once: `held(hash)` is asked first, and when it says the caller
/// already holds that frame nothing is rasterized and the image is empty.
Image render_observation(Phone& phone, const ObsSpec& spec, std::uint64_t& hash,
                         const std::function<bool(std::uint64_t)>& held);

/// Run-length encoding of RGB pixels for the wire (the browser host's raw observations): a header
/// byte h < 128 is followed by h+1 literal pixels; h >= 128 by one pixel repeated h-126 times
/// (2..129). A 270x600 app screen shrinks ~5-20x; the worst case grows by 1/384.
std::vector<std::uint8_t> rle_encode_rgb(const std::uint8_t* rgb, std::size_t pixels);
/// The inverse: exactly `pixels` RGB pixels; throws std::invalid_argument on a truncated or
/// overlong stream.
std::vector<std::uint8_t> rle_decode_rgb(const std::uint8_t* bytes, std::size_t n, std::size_t pixels);

}  // namespace pg
