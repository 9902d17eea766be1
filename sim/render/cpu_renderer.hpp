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
// observation never writes the 1080x2400 frame to memory. One renderer per thread; the same
// code runs natively and in the page (wasm).
//
// Two ways to a training-resolution frame: render_downscaled is exact (the box filter of the full
// frame, computed strip by strip); render_direct draws at the small size with the coverage of
// each primitive computed on the same full-size sample grid (the full frame's pixel centres and
// tie rules) and composites per small pixel. They differ only where two primitives share a small
// pixel over a background that is not uniform inside it (coverage compositing's conflation);
// bench/obs_direct measures the difference on every page.
#pragma once

#include "sim/render/image.hpp"

#include <cstdint>
#include <imgui.h>
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

  /// The frame drawn directly at display size / `factor` (RGB): each small pixel composites every
  /// primitive with the fraction of its factor x factor full-size pixel centres the primitive
  /// covers (premultiplied colour and alpha summed over them), in float, rounded once at the end.
  /// Deterministic and identical natively and in wasm; close to render_downscaled (the bound is
  /// measured by bench/obs_direct and checked by tests/test_observe.cpp), several times faster.
  /// Throws as render_downscaled does.
  void render_direct(const ImDrawData* dd, int factor, Image& out);

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
  /// A quad on the fast path (4 vertices), a triangle (3 vertices, edge setup precomputed) or a
  /// flat convex polygon (`poly`: a fan of flat triangles merged; drawn row by row with exactly
  /// the pixels of its triangles, which share edges without gaps or overlaps under the tie rule).
  struct Prim {
    int v[4];
    bool quad;
    int poly = -1;  ///< index into polys_, or -1
    bool opaque;  ///< a quad that overwrites its pixels (one opaque colour per row, no texture)
    Clip clip;  ///< scissor intersected with the primitive's pixel bounds
    std::int64_t A[3], B[3], C[3];
    int bias[3];
    std::int64_t area;
  };
  /// One edge of a polygon: E(x, y) = A x + B y + C >= bias inside (1/16-pixel units), bounding
  /// the span of pixel rows [ry0, ry1] (those whose centre line meets the edge).
  struct Edge {
    std::int64_t A, B, C;
    int bias, ry0, ry1;
    double inv_step;
  };
  struct Poly {
    int first_edge = 0, edges = 0;  ///< edges_[first_edge, first_edge + edges)
    int v = 0;                      ///< a vertex: the polygon's colour and atlas texel
  };
  struct Target {  ///< rows [y0, y1) of a width-W RGB buffer whose row y0 starts at `base`
    std::uint8_t* base;
    int y0, y1, W;
    std::uint8_t* row(int y) const { return base + static_cast<std::size_t>(y - y0) * W * 3; }
  };

  /// Converts the vertices, classifies and bins the primitives; returns false for an empty frame.
  bool prepare(const ImDrawData* dd, int strip_h);
  /// prepare() for a frame made `factor` times smaller: checks the factor, sizes `out` (black) and
  /// sets the strip height (full-size rows, a multiple of factor); false for an empty frame.
  bool prepare_small(const ImDrawData* dd, int factor, Image& out, int& strip);
  void draw_strip(int strip, const Target& t);
  void draw_quad(const Prim& p, const Target& t);
  void draw_triangle(const Prim& p, const Target& t);
  /// What a triangle's pixels need: its vertices, whether colour / UV vary, the flat alpha.
  struct TriShade {
    const Vtx* v[3];
    bool col_const, uv_const, flat;
    float t_const, flat_alpha, inv_area;
    double inv_step[3];
  };
  struct DirectTarget;  ///< a strip of the small frame, in float (cpu_renderer.cpp)
  TriShade tri_shade(const Prim& p) const;
  /// Colour (0..255) and returned alpha (vertex alpha x atlas) of a non-flat triangle at pixel x.
  float shade(const Prim& p, const TriShade& s, const std::int64_t rowE[3], int x, float rgb[3]) const;
  static void triangle_steps(const Prim& p, double inv_step[3]);
  /// Narrows [xs, xe) to the pixels of row y on the inside of one edge; false when empty. `rowE`
  /// (optional) receives E at the centre of pixel 0 of the row.
  static bool edge_limit(std::int64_t A, std::int64_t B, std::int64_t C, int bias, double inv_step, int y,
                         std::int64_t& xs, std::int64_t& xe, std::int64_t* rowE);
  /// Merges up to `fan` flat triangles of a fan starting at idx (vertex base vb) into a convex
  /// polygon prim; returns how many it merged (0 or 1: none, draw a triangle).
  unsigned setup_polygon(Prim& p, const ImDrawIdx* idx, int vb, unsigned fan);
  /// Calls row(y, x0, x1) for each row of [y_lo, y_hi) the polygon covers.
  template <class Row>
  void polygon_rows(const Prim& p, int y_lo, int y_hi, Row&& row);
  void draw_polygon(const Prim& p, const Target& t);
  void direct_polygon(const Prim& p, DirectTarget& t);
  /// The covered pixels [x0, x1) of row y (and the edge functions at pixel 0); false if none.
  static bool triangle_row(const Prim& p, int y, const double inv_step[3], std::int64_t rowE[3], int& x0, int& x1);
  void direct_quad(const Prim& p, DirectTarget& t);
  void direct_triangle(const Prim& p, DirectTarget& t);
  bool quad_ok(const Vtx* q) const;
  bool setup_triangle(Prim& p) const;
  float sample(float u, float v) const;  ///< bilinear atlas alpha in [0, 1]
  /// sample() remembering its last answer: shapes' constant texel (ImGui's white pixel) is asked for
  /// once per primitive.
  float sample_const(float u, float v) const;
  mutable float memo_u_ = -1.0f, memo_v_ = -1.0f, memo_a_ = 0.0f;

  int tex_w_ = 0, tex_h_ = 0;
  std::vector<std::uint8_t> alpha_;  ///< atlas alpha, tex_w_ x tex_h_
  void* tex_id_ = nullptr;           ///< the atlas's ImTextureID (null natively)
  int fb_w_ = 0, fb_h_ = 0, strip_h_ = 0;
  std::vector<Vtx> verts_;
  std::vector<Prim> prims_;
  std::vector<Poly> polys_;
  std::vector<Edge> edges_;
  std::vector<const Vtx*> poly_scratch_;
  std::vector<int> active_edges_;  ///< polygon_rows: the edges bounding the current row
  std::vector<std::vector<int>> bins_;  ///< per strip: primitive indices in draw order
  std::vector<std::uint8_t> strip_buf_;
  std::vector<std::uint16_t> acc_;
  std::vector<float> dst_, sa_, sp_;
  std::vector<std::uint8_t> bytes_;  ///< render_direct: one small row's planes as bytes
  struct ColTap {  ///< a column's atlas lookup (render_direct's glyphs)
    int i0, i1;
    float w;
    int ox;  ///< the small column it falls in
  };
  std::vector<ColTap> taps_;
  std::vector<int> row_texels_;  ///< render_direct's 1:1 glyphs: the atlas row of each full-size row  ///< render_direct: the strip (RGB), per-column alpha and colour sums
};

}  // namespace pg
