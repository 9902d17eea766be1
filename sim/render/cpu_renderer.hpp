// The native renderer: rasterizes Dear ImGui draw data on the CPU into an RGB image, emulating
// what imgui_impl_opengl3 on WebGL2 (SwiftShader in headless Chromium) draws for the same data:
// pixel-centre sampling of positions snapped to 1/16 pixel with a tie rule for shared edges,
// linear (perspective-free) interpolation of colour and UV, bilinear (GL_LINEAR, GL_REPEAT as
// the backend leaves it) sampling of the font atlas, SRC_ALPHA / ONE_MINUS_SRC_ALPHA blending,
// scissor = clip rect (truncated to integers as the backend does), cleared to black.
//
// Speed: the frame is drawn in horizontal strips that stay in cache (each primitive is binned
// to the strips it touches); axis-aligned quads (rects, glyphs, gradients) and constant-colour
// triangles take fast paths; the observation is box-downscaled strip by strip, so a 270x600
// observation never writes the 1080x2400 frame to memory. Single-threaded, native only.
#pragma once

#include "sim/render/image.hpp"

#include <cstdint>
#include <vector>

struct ImDrawData;

namespace pg {

class CpuRenderer {
 public:
  /// Copies the current ImGui context's font atlas (alpha only: ImGui's RGBA32 atlas is white
  /// with alpha). Call after the fonts are built (pg::ensure_imgui()). Throws std::runtime_error
  /// if there is no ImGui context or no atlas.
  CpuRenderer();

  /// Renders `dd` into `out` (resized to the display size, RGB, 3 channels), cleared to black
  /// first. Every command must use the font atlas texture; throws std::invalid_argument otherwise.
  void render(const ImDrawData* dd, Image& out);

  /// Exactly pg::box_downscale(full frame, factor) without materializing the full frame (RGB,
  /// display size / factor). Throws std::invalid_argument if the display size is not divisible
  /// by `factor`, or as render() does.
  void render_downscaled(const ImDrawData* dd, int factor, Image& out);

 private:
  struct Vtx {
    float x, y;           ///< image pixels (y down)
    std::int32_t sx, sy;  ///< snapped to 1/16 pixel
    float u, v;
    float col[4];         ///< RGBA, 0..255
    std::uint32_t rgba;   ///< ImGui's packed colour
  };
  struct Clip {
    int x0, y0, x1, y1;  ///< pixel columns/rows [x0, x1) x [y0, y1)
  };
  /// A quad on the fast path (4 vertices) or a triangle (3 vertices, edge setup precomputed).
  struct Prim {
    int v[4];
    bool quad;
    bool opaque;  ///< a quad that overwrites its pixels (one opaque colour per row, no texture)
    Clip clip;  ///< scissor intersected with the primitive's pixel bounds
    std::int64_t A[3], B[3], C[3];
    int bias[3];
    std::int64_t area;
  };
  struct Target {  ///< rows [y0, y1) of a width-W RGB buffer whose row y0 starts at `base`
    std::uint8_t* base;
    int y0, y1, W;
    std::uint8_t* row(int y) const { return base + static_cast<std::size_t>(y - y0) * W * 3; }
  };

  /// Converts the vertices, classifies and bins the primitives; returns false for an empty frame.
  bool prepare(const ImDrawData* dd, int strip_h);
  void draw_strip(int strip, const Target& t);
  void draw_quad(const Prim& p, const Target& t);
  void draw_triangle(const Prim& p, const Target& t);
  bool quad_ok(const Vtx* q) const;
  bool setup_triangle(Prim& p) const;
  float sample(float u, float v) const;  ///< bilinear atlas alpha in [0, 1]

  int tex_w_ = 0, tex_h_ = 0;
  std::vector<std::uint8_t> alpha_;  ///< atlas alpha, tex_w_ x tex_h_
  void* tex_id_ = nullptr;           ///< the atlas's ImTextureID (null natively)
  int fb_w_ = 0, fb_h_ = 0, strip_h_ = 0;
  std::vector<Vtx> verts_;
  std::vector<Prim> prims_;
  std::vector<std::vector<int>> bins_;  ///< per strip: primitive indices in draw order
  std::vector<std::uint8_t> strip_buf_;
  std::vector<std::uint16_t> acc_;
};

}  // namespace pg
