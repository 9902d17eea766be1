#include "sim/render/cpu_renderer.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace pg {
namespace {

// Vertex positions snap to 1/16 pixel like GPU rasterizers (SwiftShader: 4 subpixel bits).
constexpr int kSubBits = 4;
constexpr int kSub = 1 << kSubBits;
constexpr int kHalf = kSub / 2;  // a pixel centre's offset
// Rows per strip: 32 rows of 1080 RGB pixels (100 KB) stay in the L2 cache while drawn.
constexpr int kStripRows = 32;

// Tie rule for pixel centres exactly on an edge, in image coordinates (y down). GL's window
// coordinates are y-up, so the rasterizer's "top-left" rule reads as "bottom-left" here.
constexpr bool kTieLeftInclusive = true;      // non-horizontal edges with the interior to their right
constexpr bool kTieBelowInclusive = false;    // horizontal edges with the interior below them

std::int64_t floor_div(std::int64_t a, std::int64_t b) {  // b > 0
  std::int64_t q = a / b;
  if ((a % b != 0) && (a < 0)) --q;
  return q;
}

inline std::uint8_t to_byte(float v) {  // v in [0, 255]
  return static_cast<std::uint8_t>(std::min(255.0f, std::max(0.0f, v)) + 0.5f);
}

// Blends a source colour (0..255 per channel) with coverage alpha `a` in [0, 1] over `p` (RGB).
inline void blend(std::uint8_t* p, const float* rgb, float a) {
  if (a <= 0.0f) return;
  if (a >= 1.0f) {
    p[0] = to_byte(rgb[0]);
    p[1] = to_byte(rgb[1]);
    p[2] = to_byte(rgb[2]);
    return;
  }
  const float ia = 1.0f - a;
  p[0] = to_byte(rgb[0] * a + p[0] * ia);
  p[1] = to_byte(rgb[1] * a + p[1] * ia);
  p[2] = to_byte(rgb[2] * a + p[2] * ia);
}

// Fills pixels [x0, x1) of an RGB row with one colour.
inline void fill_row(std::uint8_t* row, int x0, int x1, const std::uint8_t* rgb) {
  if (x1 <= x0) return;
  std::uint8_t* p = row + static_cast<std::size_t>(x0) * 3;
  const int n = x1 - x0;
  if (rgb[0] == rgb[1] && rgb[1] == rgb[2]) {
    std::memset(p, rgb[0], static_cast<std::size_t>(n) * 3);
    return;
  }
  // Write a 48-byte pattern (16 pixels: whole vector stores), then the tail.
  std::uint8_t pat[48];
  for (int i = 0; i < 16; ++i) std::memcpy(pat + i * 3, rgb, 3);
  int i = 0;
  for (; i + 16 <= n; i += 16) std::memcpy(p + i * 3, pat, 48);
  for (; i < n; ++i) std::memcpy(p + i * 3, rgb, 3);
}

// First/last+1 pixel index whose centre (index * kSub + kHalf) lies inside [lo, hi) of snapped
// coordinates, with the tie rule: the low edge is inclusive when `lo_incl`, the high edge when
// `hi_incl`.
inline void span(int lo, int hi, bool lo_incl, bool hi_incl, int& first, int& end) {
  // centre c = i*kSub + kHalf; need c > lo (or >= if lo_incl) and c < hi (or <= if hi_incl).
  const std::int64_t a = lo - kHalf + (lo_incl ? 0 : 1);  // i*kSub >= a
  const std::int64_t b = hi - kHalf - (hi_incl ? 0 : 1);  // i*kSub <= b
  first = static_cast<int>(floor_div(a + kSub - 1, kSub));
  end = static_cast<int>(floor_div(b, kSub)) + 1;
}

// One coordinate of a GL_LINEAR, GL_REPEAT texture lookup: the two texels and the weight of the
// second.
struct Tap {
  int i0, i1;
  float w;
};
Tap texel_tap(float coord, int n) {
  const float s = coord * static_cast<float>(n) - 0.5f;
  const float fs = std::floor(s);
  int i0 = static_cast<int>(fs), i1 = i0 + 1;
  if (i0 < 0 || i1 >= n) {  // GL_REPEAT (the divisions only off the atlas's edges)
    i0 = ((i0 % n) + n) % n;
    i1 = ((i1 % n) + n) % n;
  }
  float w = s - fs;
  // A sample within 1/1024 texel of a texel centre reads that texel (glyphs drawn 1:1 land on
  // texel centres up to float rounding; GPU filter weights have fewer bits than this).
  if (w < 1.0f / 1024) w = 0;
  else if (w > 1.0f - 1.0f / 1024) {
    i0 = i1;
    w = 0;
  }
  return Tap{i0, i1, w};
}

}  // namespace


CpuRenderer::CpuRenderer() {
  if (!ImGui::GetCurrentContext()) throw std::runtime_error("CpuRenderer: no ImGui context (call pg::ensure_imgui)");
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* px = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
  if (!px || w <= 0 || h <= 0) throw std::runtime_error("CpuRenderer: the ImGui font atlas is not built");
  tex_w_ = w;
  tex_h_ = h;
  alpha_.resize(static_cast<std::size_t>(w) * h);
  for (std::size_t i = 0; i < alpha_.size(); ++i) alpha_[i] = px[i * 4 + 3];
  tex_id_ = io.Fonts->TexID;
}

float CpuRenderer::sample(float u, float v) const {
  // GL_LINEAR: texel centres at (i + 0.5) / size; GL_REPEAT wrapping (the backend sets no wrap).
  const float s = u * static_cast<float>(tex_w_) - 0.5f, t = v * static_cast<float>(tex_h_) - 0.5f;
  const float fs = std::floor(s), ft = std::floor(t);
  const float ws = s - fs, wt = t - ft;
  int i0 = static_cast<int>(fs), j0 = static_cast<int>(ft);
  int i1 = i0 + 1, j1 = j0 + 1;
  auto wrap = [](int i, int n) { return ((i % n) + n) % n; };
  if (i0 < 0 || i1 >= tex_w_) {
    i0 = wrap(i0, tex_w_);
    i1 = wrap(i1, tex_w_);
  }
  if (j0 < 0 || j1 >= tex_h_) {
    j0 = wrap(j0, tex_h_);
    j1 = wrap(j1, tex_h_);
  }
  const std::uint8_t* r0 = alpha_.data() + static_cast<std::size_t>(j0) * tex_w_;
  const std::uint8_t* r1 = alpha_.data() + static_cast<std::size_t>(j1) * tex_w_;
  const float top = r0[i0] + (r0[i1] - r0[i0]) * ws;
  const float bot = r1[i0] + (r1[i1] - r1[i0]) * ws;
  return (top + (bot - top) * wt) * (1.0f / 255.0f);
}

float CpuRenderer::sample_const(float u, float v) const {
  if (u != memo_u_ || v != memo_v_) memo_a_ = sample(u, v), memo_u_ = u, memo_v_ = v;
  return memo_a_;
}

bool CpuRenderer::quad_ok(const Vtx* q) const {
  // ImGui's PrimRect/PrimRectUV: v0 (x0,y0), v1 (x1,y0), v2 (x1,y1), v3 (x0,y1), colour constant
  // or varying with y only, UV constant or separable (u with x, v with y).
  const Vtx &a = q[0], &b = q[1], &c = q[2], &d = q[3];
  if (!(a.sy == b.sy && b.sx == c.sx && c.sy == d.sy && d.sx == a.sx)) return false;
  if (!(a.sx < b.sx && a.sy < d.sy)) return false;  // only the orientation ImGui emits
  if (!(a.rgba == b.rgba && c.rgba == d.rgba)) return false;
  const bool uv_const = a.u == b.u && b.u == c.u && c.u == d.u && a.v == b.v && b.v == c.v && c.v == d.v;
  const bool uv_sep = a.v == b.v && b.u == c.u && c.v == d.v && d.u == a.u;
  return uv_const || uv_sep;
}

bool CpuRenderer::setup_triangle(Prim& p) const {
  const Vtx* v[3] = {&verts_[p.v[0]], &verts_[p.v[1]], &verts_[p.v[2]]};
  std::int64_t area = static_cast<std::int64_t>(v[1]->sx - v[0]->sx) * (v[2]->sy - v[0]->sy) -
                      static_cast<std::int64_t>(v[1]->sy - v[0]->sy) * (v[2]->sx - v[0]->sx);
  if (area == 0) return false;
  p.area = area < 0 ? -area : area;
  // Edge k is opposite vertex k, from v[k+1] to v[k+2]: E_k(x, y) = A_k x + B_k y + C_k.
  for (int k = 0; k < 3; ++k) {
    const Vtx& s = *v[(k + 1) % 3];
    const Vtx& e = *v[(k + 2) % 3];
    p.A[k] = -(static_cast<std::int64_t>(e.sy) - s.sy);
    p.B[k] = static_cast<std::int64_t>(e.sx) - s.sx;
    p.C[k] = -p.A[k] * s.sx - p.B[k] * s.sy;
  }
  if (area < 0)  // make the edge functions positive inside (E_k at vertex k = the doubled area)
    for (int k = 0; k < 3; ++k) {
      p.A[k] = -p.A[k];
      p.B[k] = -p.B[k];
      p.C[k] = -p.C[k];
    }
  for (int k = 0; k < 3; ++k) {
    bool incl;
    if (p.A[k] != 0) incl = (p.A[k] > 0) == kTieLeftInclusive;  // interior to the right: a left edge
    else incl = (p.B[k] > 0) == kTieBelowInclusive;            // horizontal, interior below
    p.bias[k] = incl ? 0 : 1;
  }
  const int minx = std::min({v[0]->sx, v[1]->sx, v[2]->sx}), maxx = std::max({v[0]->sx, v[1]->sx, v[2]->sx});
  const int miny = std::min({v[0]->sy, v[1]->sy, v[2]->sy}), maxy = std::max({v[0]->sy, v[1]->sy, v[2]->sy});
  int x0, x1, y0, y1;
  span(minx, maxx, true, true, x0, x1);
  span(miny, maxy, true, true, y0, y1);
  p.clip = {std::max(x0, p.clip.x0), std::max(y0, p.clip.y0), std::min(x1, p.clip.x1), std::min(y1, p.clip.y1)};
  return p.clip.x1 > p.clip.x0 && p.clip.y1 > p.clip.y0;
}

unsigned CpuRenderer::setup_polygon(Prim& p, const ImDrawIdx* idx, int vb, unsigned fan) {
  // The polygon c, a, b, d, ...: triangle k is (c, P[k], P[k+1]) with P = a, b, d, ...
  const Vtx& c = verts_[static_cast<std::size_t>(vb + idx[0])];
  if (!(c.u == verts_[static_cast<std::size_t>(vb + idx[1])].u && c.v == verts_[static_cast<std::size_t>(vb + idx[1])].v))
    return 0;
  std::vector<const Vtx*>& P = poly_scratch_;
  P.assign({&c, &verts_[static_cast<std::size_t>(vb + idx[1])]});
  auto cross = [](const Vtx& o, const Vtx& a, const Vtx& b) {
    return static_cast<std::int64_t>(a.sx - o.sx) * (b.sy - o.sy) - static_cast<std::int64_t>(a.sy - o.sy) * (b.sx - o.sx);
  };
  int sign = 0;
  unsigned used = 0;
  for (unsigned k = 0; k < fan; ++k) {
    const Vtx& b = verts_[static_cast<std::size_t>(vb + idx[3 * k + 2])];
    // Flat: one colour and one atlas texel for every vertex.
    if (b.rgba != c.rgba || verts_[static_cast<std::size_t>(vb + idx[3 * k + 1])].rgba != c.rgba || b.u != c.u || b.v != c.v)
      break;
    // Convex so far: every turn the same way (collinear vertices allowed), including the turns
    // at the new vertex back to c and at c.
    const std::int64_t t1 = cross(*P[P.size() - 2], *P.back(), b);
    const std::int64_t t2 = cross(*P.back(), b, c);
    const std::int64_t t3 = cross(b, c, *P[1]);
    auto same = [&sign](std::int64_t t) {
      if (t == 0) return true;
      const int s = t > 0 ? 1 : -1;
      if (sign == 0) sign = s;
      return s == sign;
    };
    // And the fan's sweep around c stays under a half turn: each new triangle and the new
    // vertex as seen from c's first edge turn the same way (no polygon that winds twice).
    const std::int64_t t4 = cross(c, *P.back(), b), t5 = cross(c, *P[1], b);
    const int keep = sign;
    if (!(same(t1) && same(t2) && same(t3) && same(t4) && same(t5))) {
      sign = keep;
      break;
    }
    P.push_back(&b);
    ++used;
  }
  if (used < 2 || sign == 0) return 0;
  Poly poly;
  poly.first_edge = static_cast<int>(edges_.size());
  poly.v = static_cast<int>(&c - verts_.data());
  int minx = P[0]->sx, maxx = minx, miny = P[0]->sy, maxy = miny;
  const std::size_t n = P.size();
  for (std::size_t k = 0; k < n; ++k) {
    const Vtx& s0 = *P[k];
    const Vtx& e = *P[(k + 1) % n];
    minx = std::min(minx, s0.sx), maxx = std::max(maxx, s0.sx), miny = std::min(miny, s0.sy), maxy = std::max(maxy, s0.sy);
    if (s0.sx == e.sx && s0.sy == e.sy) continue;
    Edge ed;
    ed.A = -(static_cast<std::int64_t>(e.sy) - s0.sy);
    ed.B = static_cast<std::int64_t>(e.sx) - s0.sx;
    if (sign < 0) ed.A = -ed.A, ed.B = -ed.B;  // positive inside, as setup_triangle orients
    ed.C = -ed.A * s0.sx - ed.B * s0.sy;
    bool incl;
    if (ed.A != 0) incl = (ed.A > 0) == kTieLeftInclusive;
    else incl = (ed.B > 0) == kTieBelowInclusive;
    ed.bias = incl ? 0 : 1;
    ed.inv_step = ed.A ? 1.0 / static_cast<double>(ed.A * kSub) : 0.0;
    // Rows whose centre line meets the edge's closed y-range: only these bound a convex
    // polygon's span on a row.
    const int ylo = std::min(s0.sy, e.sy), yhi = std::max(s0.sy, e.sy);
    ed.ry0 = static_cast<int>(floor_div(ylo - kHalf + kSub - 1, kSub));
    ed.ry1 = static_cast<int>(floor_div(yhi - kHalf, kSub));
    if (ed.ry1 < ed.ry0) continue;
    edges_.push_back(ed);
  }
  poly.edges = static_cast<int>(edges_.size()) - poly.first_edge;
  std::stable_sort(edges_.begin() + poly.first_edge, edges_.end(),
                   [](const Edge& a, const Edge& b) { return a.ry0 < b.ry0; });
  int x0, x1, y0, y1;
  span(minx, maxx, true, true, x0, x1);
  span(miny, maxy, true, true, y0, y1);
  p.clip = {std::max(x0, p.clip.x0), std::max(y0, p.clip.y0), std::min(x1, p.clip.x1), std::min(y1, p.clip.y1)};
  p.poly = static_cast<int>(polys_.size());
  polys_.push_back(poly);
  return used;
}

bool CpuRenderer::edge_limit(std::int64_t A, std::int64_t B, std::int64_t C, int bias, double inv_step, int y,
                             std::int64_t& xs, std::int64_t& xe, std::int64_t* rowE) {
  const std::int64_t cy = static_cast<std::int64_t>(y) * kSub + kHalf;
  const std::int64_t e0 = A * kHalf + B * cy + C;  // E at the centre of pixel 0
  if (rowE) *rowE = e0;
  const std::int64_t step = A * kSub;
  const std::int64_t need = bias - e0;  // step * x >= need
  if (step > 0) {  // x >= need / step: estimate in floating point, then settle exactly
    std::int64_t x = static_cast<std::int64_t>(static_cast<double>(need) * inv_step);
    while (step * (x - 1) >= need) --x;
    while (step * x < need) ++x;
    xs = std::max(xs, x);
  } else if (step < 0) {  // x <= need / step
    std::int64_t x = static_cast<std::int64_t>(static_cast<double>(need) * inv_step);
    while (step * (x + 1) >= need) ++x;
    while (step * x < need) --x;
    xe = std::min(xe, x + 1);
  } else if (need > 0) {
    xe = xs;  // this row is outside
  }
  return xe > xs;
}

template <class Row>
void CpuRenderer::polygon_rows(const Prim& p, int y_lo, int y_hi, Row&& row) {
  const Poly& poly = polys_[static_cast<std::size_t>(p.poly)];
  const Edge* e = edges_.data() + poly.first_edge;  // sorted by first row (setup_polygon)
  // The edges bounding row y: those whose rows [ry0, ry1] contain it, a handful for a convex
  // polygon; kept as the rows advance instead of testing every edge on every row.
  std::vector<int>& active = active_edges_;
  active.clear();
  int next = 0;
  for (int y = y_lo; y < y_hi; ++y) {
    while (next < poly.edges && e[next].ry0 <= y) active.push_back(next++);
    std::int64_t xs = p.clip.x0, xe = p.clip.x1;
    bool in = true;
    std::size_t keep = 0;
    for (std::size_t i = 0; i < active.size(); ++i) {
      const Edge& ed = e[active[i]];
      if (ed.ry1 < y) continue;  // done with it
      active[keep++] = active[i];
      if (in) in = edge_limit(ed.A, ed.B, ed.C, ed.bias, ed.inv_step, y, xs, xe, nullptr);
    }
    active.resize(keep);
    if (in) row(y, static_cast<int>(xs), static_cast<int>(xe));
  }
}

bool CpuRenderer::prepare(const ImDrawData* dd, int strip_h) {
  fb_w_ = static_cast<int>(dd->DisplaySize.x * dd->FramebufferScale.x);
  fb_h_ = static_cast<int>(dd->DisplaySize.y * dd->FramebufferScale.y);
  strip_h_ = strip_h;
  prims_.clear();
  polys_.clear();
  edges_.clear();
  if (fb_w_ <= 0 || fb_h_ <= 0) return false;
  const ImVec2 off = dd->DisplayPos, scale = dd->FramebufferScale;
  verts_.resize(static_cast<std::size_t>(dd->TotalVtxCount));
  int vbase = 0;
  for (int n = 0; n < dd->CmdListsCount; ++n) {
    const ImDrawList* list = dd->CmdLists[n];
    for (int i = 0; i < list->VtxBuffer.Size; ++i) {
      const ImDrawVert& s = list->VtxBuffer[i];
      Vtx& v = verts_[static_cast<std::size_t>(vbase + i)];
      v.x = (s.pos.x - off.x) * scale.x;
      v.y = (s.pos.y - off.y) * scale.y;
      v.sx = static_cast<std::int32_t>(std::lround(v.x * kSub));
      v.sy = static_cast<std::int32_t>(std::lround(v.y * kSub));
      v.u = s.uv.x;
      v.v = s.uv.y;
      v.rgba = s.col;
      for (int k = 0; k < 4; ++k) v.col[k] = static_cast<float>((s.col >> (8 * k)) & 0xFF);
    }
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback) {
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
        continue;
      }
      if (cmd.TextureId != tex_id_)
        throw std::invalid_argument("CpuRenderer: draw command uses a texture other than the font atlas");
      // The backend's scissor: truncated to integers, in GL's y-up window coordinates.
      const float cx0 = (cmd.ClipRect.x - off.x) * scale.x, cy0 = (cmd.ClipRect.y - off.y) * scale.y;
      const float cx1 = (cmd.ClipRect.z - off.x) * scale.x, cy1 = (cmd.ClipRect.w - off.y) * scale.y;
      if (cx1 <= cx0 || cy1 <= cy0) continue;
      const int sx = static_cast<int>(cx0), sw = static_cast<int>(cx1 - cx0);
      const int gy = static_cast<int>(static_cast<float>(fb_h_) - cy1), sh = static_cast<int>(cy1 - cy0);
      const Clip clip{std::max(sx, 0), std::max(fb_h_ - (gy + sh), 0), std::min(sx + sw, fb_w_),
                      std::min(fb_h_ - gy, fb_h_)};
      if (clip.x1 <= clip.x0 || clip.y1 <= clip.y0) continue;
      const ImDrawIdx* idx = list->IdxBuffer.Data + cmd.IdxOffset;
      const int vb = vbase + static_cast<int>(cmd.VtxOffset);
      const unsigned count = cmd.ElemCount;
      for (unsigned i = 0; i + 2 < count;) {
        Prim p;
        p.clip = clip;
        if (i + 5 < count && idx[i + 1] == idx[i] + 1 && idx[i + 2] == idx[i] + 2 && idx[i + 3] == idx[i] &&
            idx[i + 4] == idx[i] + 2 && idx[i + 5] == idx[i] + 3 && quad_ok(&verts_[vb + idx[i]])) {
          const Vtx* q = &verts_[vb + idx[i]];
          int x0, x1, y0, y1;  // centres inside, with the tie rules of the rect's four edges
          span(q[0].sx, q[1].sx, kTieLeftInclusive, !kTieLeftInclusive, x0, x1);
          span(q[0].sy, q[3].sy, kTieBelowInclusive, !kTieBelowInclusive, y0, y1);
          p.quad = true;
          for (int k = 0; k < 4; ++k) p.v[k] = vb + idx[i] + k;
          p.clip = {std::max(x0, clip.x0), std::max(y0, clip.y0), std::min(x1, clip.x1), std::min(y1, clip.y1)};
          p.opaque = q[0].u == q[2].u && q[0].v == q[2].v && q[1].u == q[3].u && q[1].v == q[3].v &&
                     q[0].u == q[1].u && q[0].v == q[1].v && (q[0].rgba >> 24) == 255 && (q[2].rgba >> 24) == 255 &&
                     sample_const(q[0].u, q[0].v) >= 1.0f;
          if (p.clip.x1 > p.clip.x0 && p.clip.y1 > p.clip.y0) prims_.push_back(p);
          i += 6;
          continue;
        }
        p.quad = false;
        p.opaque = false;
        p.poly = -1;
        for (int k = 0; k < 3; ++k) p.v[k] = vb + idx[i + k];
        p.v[3] = -1;
        // A fan of flat triangles (c, a, b), (c, b, d), ... over a convex polygon (ImGui's filled
        // shapes: rounded rects, circles) is drawn as that polygon, row by row.
        unsigned fan = 1;
        while (i + 3 * fan + 2 < count && idx[i + 3 * fan] == idx[i] && idx[i + 3 * fan + 1] == idx[i + 3 * fan - 1]) ++fan;
        if (fan >= 2) {
          const unsigned used = setup_polygon(p, idx + i, vb, fan);
          if (used >= 2) {
            if (p.clip.x1 > p.clip.x0 && p.clip.y1 > p.clip.y0) prims_.push_back(p);
            i += 3 * used;
            continue;
          }
          p.poly = -1;
          p.clip = clip;
        }
        if (setup_triangle(p)) prims_.push_back(p);
        i += 3;
      }
    }
    vbase += list->VtxBuffer.Size;
  }
  const int strips = (fb_h_ + strip_h - 1) / strip_h;
  bins_.resize(static_cast<std::size_t>(strips));
  for (auto& b : bins_) b.clear();
  for (int i = 0; i < static_cast<int>(prims_.size()); ++i) {
    const Clip& c = prims_[static_cast<std::size_t>(i)].clip;
    for (int s = c.y0 / strip_h; s <= (c.y1 - 1) / strip_h; ++s) bins_[static_cast<std::size_t>(s)].push_back(i);
  }
  return true;
}

void CpuRenderer::draw_strip(int strip, const Target& t) {
  const std::vector<int>& bin = bins_[static_cast<std::size_t>(strip)];
  // Clear to black, unless the first primitive is an opaque fill of the whole strip (a page's
  // background), which overwrites every pixel anyway.
  bool covered = false;
  if (!bin.empty()) {
    const Prim& p = prims_[static_cast<std::size_t>(bin.front())];
    covered = p.opaque && p.clip.x0 == 0 && p.clip.x1 == t.W && p.clip.y0 <= t.y0 && p.clip.y1 >= t.y1;
  }
  if (!covered) std::memset(t.base, 0, static_cast<std::size_t>(t.y1 - t.y0) * t.W * 3);
  for (int i : bin) {
    const Prim& p = prims_[static_cast<std::size_t>(i)];
    if (p.quad) draw_quad(p, t);
    else if (p.poly >= 0) draw_polygon(p, t);
    else draw_triangle(p, t);
  }
}

void CpuRenderer::draw_quad(const Prim& p, const Target& t) {
  const Vtx &a = verts_[p.v[0]], &b = verts_[p.v[1]], &c = verts_[p.v[2]], &d = verts_[p.v[3]];
  const int px0 = p.clip.x0, px1 = p.clip.x1;
  const int py0 = std::max(p.clip.y0, t.y0), py1 = std::min(p.clip.y1, t.y1);
  if (py1 <= py0) return;
  const bool col_const = a.rgba == c.rgba;
  const bool uv_const = a.u == b.u && b.u == c.u && c.u == d.u && a.v == b.v && b.v == c.v && c.v == d.v;
  // Interpolation uses the snapped positions, as a GPU's triangle setup does.
  const float x0 = static_cast<float>(a.sx) / kSub, x1 = static_cast<float>(b.sx) / kSub;
  const float y0 = static_cast<float>(a.sy) / kSub, y1 = static_cast<float>(d.sy) / kSub;
  auto row_colour = [&](int y, float* tmp) -> const float* {
    if (col_const) return a.col;
    const float f = (static_cast<float>(y) + 0.5f - y0) / (y1 - y0);
    for (int k = 0; k < 4; ++k) tmp[k] = a.col[k] + (d.col[k] - a.col[k]) * f;
    return tmp;
  };
  if (uv_const) {  // solid fills and gradients: one colour per row
    const float tex = sample_const(a.u, a.v);
    for (int y = py0; y < py1; ++y) {
      float tmp[4];
      const float* col = row_colour(y, tmp);
      const float alpha = col[3] / 255.0f * tex;
      std::uint8_t* row = t.row(y);
      if (alpha >= 1.0f) {
        if (col_const && y > py0) {  // same bytes as the row above
          std::memcpy(row + px0 * 3, row - static_cast<std::size_t>(t.W) * 3 + px0 * 3,
                      static_cast<std::size_t>(px1 - px0) * 3);
        } else {
          const std::uint8_t c8[3] = {to_byte(col[0]), to_byte(col[1]), to_byte(col[2])};
          fill_row(row, px0, px1, c8);
        }
      } else if (alpha > 0.0f) {
        for (int x = px0; x < px1; ++x) blend(row + x * 3, col, alpha);
      }
    }
    return;
  }
  // Separable UV (glyphs): per-column texel indices and weights, then per-row ones.
  auto tap = texel_tap;
  const int nx = px1 - px0;
  Tap cols_buf[256];
  std::vector<Tap> cols_vec;
  Tap* cols = cols_buf;
  if (nx > 256) {
    cols_vec.resize(static_cast<std::size_t>(nx));
    cols = cols_vec.data();
  }
  bool cols_exact = true;  // every column reads one texel
  for (int x = px0; x < px1; ++x) {
    const float f = (static_cast<float>(x) + 0.5f - x0) / (x1 - x0);
    cols[x - px0] = tap(a.u + (b.u - a.u) * f, tex_w_);
    cols_exact = cols_exact && cols[x - px0].w == 0;
  }
  for (int y = py0; y < py1; ++y) {
    const float fy = (static_cast<float>(y) + 0.5f - y0) / (y1 - y0);
    const Tap r = tap(a.v + (d.v - a.v) * fy, tex_h_);
    float tmp[4];
    const float* col = row_colour(y, tmp);
    const float ca = col[3] / 255.0f;
    if (ca <= 0.0f) continue;
    const std::uint8_t* r0 = alpha_.data() + static_cast<std::size_t>(r.i0) * tex_w_;
    const std::uint8_t* r1 = alpha_.data() + static_cast<std::size_t>(r.i1) * tex_w_;
    std::uint8_t* row = t.row(y);
    const float wt = r.w;
    if (cols_exact && wt == 0) {  // 1:1 glyphs: one texel per pixel
      const float k = ca * (1.0f / 255.0f);
      const std::uint8_t c8[3] = {to_byte(col[0]), to_byte(col[1]), to_byte(col[2])};
      const bool opaque = col[3] >= 255.0f;
      for (int x = px0; x < px1; ++x) {
        const int tv = r0[cols[x - px0].i0];
        if (tv == 255 && opaque) std::memcpy(row + x * 3, c8, 3);
        else if (tv) blend(row + x * 3, col, k * static_cast<float>(tv));
      }
      continue;
    }
    for (int x = px0; x < px1; ++x) {
      const Tap& c4 = cols[x - px0];
      const int a00 = r0[c4.i0], a01 = r0[c4.i1], a10 = r1[c4.i0], a11 = r1[c4.i1];
      if ((a00 | a01 | a10 | a11) == 0) continue;  // empty texels: nothing drawn
      const float top = a00 + (a01 - a00) * c4.w, bot = a10 + (a11 - a10) * c4.w;
      blend(row + x * 3, col, ca * ((top + (bot - top) * wt) * (1.0f / 255.0f)));
    }
  }
}

void CpuRenderer::triangle_steps(const Prim& p, double inv_step[3]) {
  for (int k = 0; k < 3; ++k) inv_step[k] = p.A[k] ? 1.0 / static_cast<double>(p.A[k] * kSub) : 0.0;
}

bool CpuRenderer::triangle_row(const Prim& p, int y, const double inv_step[3], std::int64_t rowE[3], int& x0, int& x1) {
  // The pixels x with E_k(x * kSub + kHalf, cy) >= bias_k for all three edges.
  std::int64_t xs = p.clip.x0, xe = p.clip.x1;
  for (int k = 0; k < 3; ++k) edge_limit(p.A[k], p.B[k], p.C[k], p.bias[k], inv_step[k], y, xs, xe, &rowE[k]);
  x0 = static_cast<int>(xs);
  x1 = static_cast<int>(xe);
  return xe > xs;
}

CpuRenderer::TriShade CpuRenderer::tri_shade(const Prim& p) const {
  TriShade s;
  for (int k = 0; k < 3; ++k) s.v[k] = &verts_[p.v[k]];
  s.col_const = s.v[0]->rgba == s.v[1]->rgba && s.v[1]->rgba == s.v[2]->rgba;
  s.uv_const = s.v[0]->u == s.v[1]->u && s.v[1]->u == s.v[2]->u && s.v[0]->v == s.v[1]->v && s.v[1]->v == s.v[2]->v;
  s.t_const = s.uv_const ? sample_const(s.v[0]->u, s.v[0]->v) : 0.0f;
  s.flat = s.col_const && s.uv_const;
  s.flat_alpha = s.v[0]->col[3] / 255.0f * s.t_const;
  s.inv_area = 1.0f / static_cast<float>(p.area);
  triangle_steps(p, s.inv_step);
  return s;
}

float CpuRenderer::shade(const Prim& p, const TriShade& s, const std::int64_t rowE[3], int x, float rgb[3]) const {
  float l[3];
  for (int k = 0; k < 3; ++k) l[k] = static_cast<float>(rowE[k] + p.A[k] * kSub * x) * s.inv_area;
  const Vtx* const* v = s.v;
  float a;
  if (s.col_const) {
    rgb[0] = v[0]->col[0];
    rgb[1] = v[0]->col[1];
    rgb[2] = v[0]->col[2];
    a = v[0]->col[3] / 255.0f;
  } else {
    for (int c = 0; c < 3; ++c) rgb[c] = l[0] * v[0]->col[c] + l[1] * v[1]->col[c] + l[2] * v[2]->col[c];
    a = (l[0] * v[0]->col[3] + l[1] * v[1]->col[3] + l[2] * v[2]->col[3]) / 255.0f;
  }
  const float tex = s.uv_const ? s.t_const
                               : sample(l[0] * v[0]->u + l[1] * v[1]->u + l[2] * v[2]->u,
                                        l[0] * v[0]->v + l[1] * v[1]->v + l[2] * v[2]->v);
  return a * tex;
}

void CpuRenderer::draw_polygon(const Prim& p, const Target& t) {
  const int y_lo = std::max(p.clip.y0, t.y0), y_hi = std::min(p.clip.y1, t.y1);
  if (y_hi <= y_lo) return;
  const Vtx& v = verts_[static_cast<std::size_t>(polys_[static_cast<std::size_t>(p.poly)].v)];
  const float alpha = v.col[3] / 255.0f * sample_const(v.u, v.v);
  if (alpha <= 0.0f) return;
  const std::uint8_t c8[3] = {to_byte(v.col[0]), to_byte(v.col[1]), to_byte(v.col[2])};
  polygon_rows(p, y_lo, y_hi, [&](int y, int x0, int x1) {
    std::uint8_t* row = t.row(y);
    if (alpha >= 1.0f) fill_row(row, x0, x1, c8);
    else
      for (int x = x0; x < x1; ++x) blend(row + x * 3, v.col, alpha);
  });
}

void CpuRenderer::draw_triangle(const Prim& p, const Target& t) {
  const int y_lo = std::max(p.clip.y0, t.y0), y_hi = std::min(p.clip.y1, t.y1);
  if (y_hi <= y_lo) return;
  const TriShade s = tri_shade(p);
  if (s.flat && s.flat_alpha <= 0.0f) return;
  const float* col = s.v[0]->col;
  const std::uint8_t flat8[3] = {to_byte(col[0]), to_byte(col[1]), to_byte(col[2])};
  for (int y = y_lo; y < y_hi; ++y) {
    std::int64_t rowE[3];
    int x0, x1;
    if (!triangle_row(p, y, s.inv_step, rowE, x0, x1)) continue;
    std::uint8_t* row = t.row(y);
    if (s.flat) {
      if (s.flat_alpha >= 1.0f) fill_row(row, x0, x1, flat8);
      else
        for (int x = x0; x < x1; ++x) blend(row + x * 3, col, s.flat_alpha);
      continue;
    }
    for (int x = x0; x < x1; ++x) {
      float rgb[3];
      const float a = shade(p, s, rowE, x, rgb);
      blend(row + x * 3, rgb, a);
    }
  }
}

void CpuRenderer::render(const ImDrawData* dd, Image& out) {
  const bool any = prepare(dd, kStripRows);
  out.width = std::max(fb_w_, 0);
  out.height = std::max(fb_h_, 0);
  out.channels = 3;
  out.data.resize(static_cast<std::size_t>(out.width) * out.height * 3);  // each strip is cleared
  if (!any) {
    std::fill(out.data.begin(), out.data.end(), std::uint8_t{0});
    return;
  }
  for (int s = 0; s < static_cast<int>(bins_.size()); ++s) {
    const int y0 = s * strip_h_, y1 = std::min(y0 + strip_h_, fb_h_);
    draw_strip(s, Target{out.data.data() + static_cast<std::size_t>(y0) * fb_w_ * 3, y0, y1, fb_w_});
  }
}

namespace {

// One output row of box_downscale from `f` consecutive input rows (RGB): the rounded mean.
template <int F>
void downscale_rows(const std::uint8_t* in, int w, std::uint16_t* acc, std::uint8_t* out, int f_dyn) {
  const int f = F ? F : f_dyn;
  const std::size_t n = static_cast<std::size_t>(w) * 3;
  for (std::size_t i = 0; i < n; ++i) acc[i] = in[i];
  for (int dy = 1; dy < f; ++dy) {
    const std::uint8_t* r = in + n * dy;
    for (std::size_t i = 0; i < n; ++i) acc[i] = static_cast<std::uint16_t>(acc[i] + r[i]);
  }
  const unsigned area = static_cast<unsigned>(f * f);
  const int ow = w / f;
  for (int ox = 0; ox < ow; ++ox) {
    const std::uint16_t* a = acc + static_cast<std::size_t>(ox) * f * 3;
    unsigned s0 = 0, s1 = 0, s2 = 0;
    for (int dx = 0; dx < f; ++dx) {
      s0 += a[dx * 3];
      s1 += a[dx * 3 + 1];
      s2 += a[dx * 3 + 2];
    }
    out[ox * 3] = static_cast<std::uint8_t>((s0 + area / 2) / area);
    out[ox * 3 + 1] = static_cast<std::uint8_t>((s1 + area / 2) / area);
    out[ox * 3 + 2] = static_cast<std::uint8_t>((s2 + area / 2) / area);
  }
}

}  // namespace

bool CpuRenderer::prepare_small(const ImDrawData* dd, int factor, Image& out, int& strip) {
  if (factor < 1 || factor > 16) throw std::invalid_argument("CpuRenderer: downscale factor " + std::to_string(factor) + " outside 1..16");
  strip = std::max(1, kStripRows / factor) * factor;
  const bool any = prepare(dd, strip);
  if (fb_w_ % factor || fb_h_ % factor)
    throw std::invalid_argument("CpuRenderer: " + std::to_string(fb_w_) + "x" + std::to_string(fb_h_) +
                                " is not divisible by " + std::to_string(factor));
  out.width = std::max(fb_w_, 0) / factor;
  out.height = std::max(fb_h_, 0) / factor;
  out.channels = 3;
  out.data.assign(static_cast<std::size_t>(out.width) * out.height * 3, 0);
  return any;
}

void CpuRenderer::render_downscaled(const ImDrawData* dd, int factor, Image& out) {
  int strip = 0;
  if (!prepare_small(dd, factor, out, strip)) return;
  strip_buf_.resize(static_cast<std::size_t>(fb_w_) * strip * 3);
  acc_.resize(static_cast<std::size_t>(fb_w_) * 3);
  const std::size_t in_row = static_cast<std::size_t>(fb_w_) * 3, out_row = static_cast<std::size_t>(out.width) * 3;
  for (int s = 0; s < static_cast<int>(bins_.size()); ++s) {
    const int y0 = s * strip, y1 = std::min(y0 + strip, fb_h_);
    draw_strip(s, Target{strip_buf_.data(), y0, y1, fb_w_});
    for (int y = y0; y < y1; y += factor) {
      const std::uint8_t* in = strip_buf_.data() + static_cast<std::size_t>(y - y0) * in_row;
      std::uint8_t* o = out.data.data() + static_cast<std::size_t>(y / factor) * out_row;
      if (factor == 4) downscale_rows<4>(in, fb_w_, acc_.data(), o, 4);
      else downscale_rows<0>(in, fb_w_, acc_.data(), o, factor);
    }
  }
}

// ---------------------------------------------------------------- drawing at the small size
//
// The strip is kept in float planes (R, G, B; 0..255) so that every per-pixel operation is the
// same on each lane (the compiler vectorizes them natively, and with -msimd128 in the page). A
// primitive's coverage of each small pixel is summed first (sa: alpha; sp: premultiplied colour
// when the colour varies), then composited once: dst = dst * (1 - A) + P.

struct CpuRenderer::DirectTarget {
  float* plane[3];       ///< R, G and B of small rows [oy0, oy1), W floats each
  int oy0, oy1, W, f;    ///< small rows, small width, the factor
  int y0, y1;            ///< the full-size rows of this strip
  float inv_area;        ///< 1 / (f * f): one full-size pixel's share of a small one
  float* row(int c, int oy) const { return plane[c] + static_cast<std::size_t>(oy - oy0) * W; }
};

namespace {

// Composites summed coverage into small pixels [ox0, ox1) of row `oy`: A = sa * k, P = sp * k;
// then clears the sums it read.
inline void composite(float* const d[3], float* sa, float* const sp[3], int ox0, int ox1, float k) {
  for (int ox = ox0; ox < ox1; ++ox) {
    const float ia = std::max(0.0f, 1.0f - sa[ox] * k);
    for (int c = 0; c < 3; ++c) d[c][ox] = d[c][ox] * ia + sp[c][ox] * k;
  }
  std::fill(sa + ox0, sa + ox1, 0.0f);
  for (int c = 0; c < 3; ++c) std::fill(sp[c] + ox0, sp[c] + ox1, 0.0f);
}

// The same for one colour `rgb` (0..255): P = A * rgb.
inline void composite_const(float* const d[3], float* sa, int ox0, int ox1, float k, const float* rgb) {
  for (int c = 0; c < 3; ++c) {
    float* dc = d[c];
    const float v = rgb[c];
    for (int ox = ox0; ox < ox1; ++ox) {
      const float A = std::min(1.0f, sa[ox] * k);
      dc[ox] = dc[ox] * (1.0f - A) + v * A;
    }
  }
  std::fill(sa + ox0, sa + ox1, 0.0f);
}

// Interleaves three planes of `w` bytes (R at p, G at p + w, B at p + 2w) into RGB: four pixels
// at a time as three 32-bit words (little-endian, as x86-64 and wasm are), then the tail.
inline void interleave_rgb(const std::uint8_t* p, int w, std::uint8_t* out) {
  const std::uint8_t *r = p, *g = p + w, *b = p + 2 * w;
  int x = 0;
  for (; x + 4 <= w; x += 4) {
    std::uint32_t R, G, B;
    std::memcpy(&R, r + x, 4);
    std::memcpy(&G, g + x, 4);
    std::memcpy(&B, b + x, 4);
    const std::uint32_t w0 = (R & 0xFFu) | (G & 0xFFu) << 8 | (B & 0xFFu) << 16 | (R >> 8 & 0xFFu) << 24;
    const std::uint32_t w1 = (G >> 8 & 0xFFu) | (B >> 8 & 0xFFu) << 8 | (R >> 16 & 0xFFu) << 16 | (G >> 16 & 0xFFu) << 24;
    const std::uint32_t w2 = (B >> 16 & 0xFFu) | (R >> 24) << 8 | (G >> 24) << 16 | (B >> 24) << 24;
    std::memcpy(out + x * 3, &w0, 4);
    std::memcpy(out + x * 3 + 4, &w1, 4);
    std::memcpy(out + x * 3 + 8, &w2, 4);
  }
  for (; x < w; ++x) out[x * 3] = r[x], out[x * 3 + 1] = g[x], out[x * 3 + 2] = b[x];
}

// Rounds `n` composited values (0..255 up to float rounding) to bytes as to_byte does: v + 0.5
// truncated, clamped. Sixteen at a time where the target has 128-bit SIMD (SSE2 natively, wasm
// SIMD in the page): two saturating narrowings (32 -> 16 bits signed, 16 -> 8 bits unsigned) do
// the clamp; the same bytes as the scalar loop for every value in range.
inline void floats_to_bytes(const float* src, int n, std::uint8_t* dst) {
  int x = 0;
#if defined(__SSE2__)
  const __m128 half = _mm_set1_ps(0.5f);
  for (; x + 16 <= n; x += 16) {
    const __m128i a = _mm_cvttps_epi32(_mm_add_ps(_mm_loadu_ps(src + x), half));
    const __m128i b = _mm_cvttps_epi32(_mm_add_ps(_mm_loadu_ps(src + x + 4), half));
    const __m128i c = _mm_cvttps_epi32(_mm_add_ps(_mm_loadu_ps(src + x + 8), half));
    const __m128i d = _mm_cvttps_epi32(_mm_add_ps(_mm_loadu_ps(src + x + 12), half));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + x), _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d)));
  }
#elif defined(__wasm_simd128__)
  const v128_t half = wasm_f32x4_splat(0.5f);
  for (; x + 16 <= n; x += 16) {
    const v128_t a = wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_add(wasm_v128_load(src + x), half));
    const v128_t b = wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_add(wasm_v128_load(src + x + 4), half));
    const v128_t c = wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_add(wasm_v128_load(src + x + 8), half));
    const v128_t d = wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_add(wasm_v128_load(src + x + 12), half));
    wasm_v128_store(dst + x, wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(a, b), wasm_i16x8_narrow_i32x4(c, d)));
  }
#endif
  for (; x < n; ++x) {
    const int v = static_cast<int>(src[x] + 0.5f);
    dst[x] = static_cast<std::uint8_t>(v < 0 ? 0 : v < 255 ? v : 255);
  }
}

// Adds the coverage of full-size pixels [x0, x1) of one row to the small columns' counts.
inline void add_span(float* sa, int x0, int x1, int f) {
  const int b0 = x0 / f, b1 = (x1 - 1) / f;
  if (b0 == b1) {
    sa[b0] += static_cast<float>(x1 - x0);
    return;
  }
  sa[b0] += static_cast<float>((b0 + 1) * f - x0);
  for (int b = b0 + 1; b < b1; ++b) sa[b] += static_cast<float>(f);
  sa[b1] += static_cast<float>(x1 - b1 * f);
}

}  // namespace

void CpuRenderer::direct_quad(const Prim& p, DirectTarget& t) {
  const Vtx &a = verts_[p.v[0]], &b = verts_[p.v[1]], &c = verts_[p.v[2]], &d = verts_[p.v[3]];
  const int f = t.f;
  const int px0 = p.clip.x0, px1 = p.clip.x1;
  const int py0 = std::max(p.clip.y0, t.y0), py1 = std::min(p.clip.y1, t.y1);
  if (py1 <= py0) return;
  const bool col_const = a.rgba == c.rgba;
  const bool uv_const = a.u == b.u && b.u == c.u && c.u == d.u && a.v == b.v && b.v == c.v && c.v == d.v;
  const float x0 = static_cast<float>(a.sx) / kSub, x1 = static_cast<float>(b.sx) / kSub;
  const float y0 = static_cast<float>(a.sy) / kSub, y1 = static_cast<float>(d.sy) / kSub;
  auto row_colour = [&](int y, float* tmp) -> const float* {  // as draw_quad interpolates it
    if (col_const) return a.col;
    const float fy = (static_cast<float>(y) + 0.5f - y0) / (y1 - y0);
    for (int k = 0; k < 4; ++k) tmp[k] = a.col[k] + (d.col[k] - a.col[k]) * fy;
    return tmp;
  };
  const int ox0 = px0 / f, ox1 = (px1 - 1) / f + 1;
  // Small columns wholly inside [px0, px1): [in0, in1); the partial ones at either end.
  const int in0 = (px0 + f - 1) / f, in1 = std::max(in0, px1 / f);
  if (uv_const) {  // fills and gradients: the rows' colours summed, times each column's coverage
    const float tex = sample_const(a.u, a.v);
    for (int oy = py0 / f; oy <= (py1 - 1) / f; ++oy) {
      const int ys = std::max(py0, oy * f), ye = std::min(py1, oy * f + f);
      float SA = 0.0f, SP[3] = {0.0f, 0.0f, 0.0f};
      for (int y = ys; y < ye; ++y) {
        float tmp[4];
        const float* col = row_colour(y, tmp);
        const float al = col[3] / 255.0f * tex;
        SA += al;
        for (int k = 0; k < 3; ++k) SP[k] += al * col[k];
      }
      if (SA <= 0.0f) continue;
      float* dr[3] = {t.row(0, oy), t.row(1, oy), t.row(2, oy)};
      auto column = [&](int ox) {
        const float w = static_cast<float>(std::min(px1, ox * f + f) - std::max(px0, ox * f)) * t.inv_area;
        const float ia = std::max(0.0f, 1.0f - SA * w);
        for (int k = 0; k < 3; ++k) dr[k][ox] = dr[k][ox] * ia + SP[k] * w;
      };
      for (int ox = ox0; ox < std::min(in0, ox1); ++ox) column(ox);
      if (in1 > in0) {  // the inside: one alpha and colour for the whole run
        const float w = static_cast<float>(f) * t.inv_area;
        const float ia = std::max(0.0f, 1.0f - SA * w);
        for (int k = 0; k < 3; ++k) {
          float* dk = dr[k];
          const float pk = SP[k] * w;
          if (ia == 0.0f) std::fill(dk + in0, dk + in1, pk);
          else
            for (int ox = in0; ox < in1; ++ox) dk[ox] = dk[ox] * ia + pk;
        }
      }
      for (int ox = std::max(in1, std::max(in0, ox0)); ox < ox1; ++ox) column(ox);
    }
    return;
  }
  // Textured (glyphs): the atlas sampled at every full-size pixel centre, as draw_quad does,
  // summed per small column; one composite per small pixel.
  const int nx = px1 - px0;
  if (static_cast<int>(taps_.size()) < nx) taps_.resize(static_cast<std::size_t>(nx));
  bool cols_exact = true;  // every column reads one texel (glyphs drawn 1:1)
  bool cols_run = true;    // ... and consecutive columns read consecutive texels
  for (int x = px0, ox = px0 / f, next = (ox + 1) * f; x < px1; ++x) {
    if (x == next) ++ox, next += f;
    const float fx = (static_cast<float>(x) + 0.5f - x0) / (x1 - x0);
    const Tap tp = texel_tap(a.u + (b.u - a.u) * fx, tex_w_);
    taps_[static_cast<std::size_t>(x - px0)] = {tp.i0, tp.i1, tp.w, ox};
    cols_exact = cols_exact && tp.w == 0.0f;
    cols_run = cols_run && tp.i0 == taps_[0].i0 + (x - px0);
  }
  float* sa = sa_.data();
  float* sp[3] = {sp_.data(), sp_.data() + t.W, sp_.data() + 2 * t.W};
  // Glyphs drawn 1:1 in one colour (most text): each small pixel's coverage is the sum of a block
  // of atlas texels, summed in integers over the block's rows and columns and scaled once.
  bool rows_exact = cols_exact && cols_run && col_const && a.col[3] > 0.0f;
  if (rows_exact) {
    row_texels_.clear();
    for (int y = py0; y < py1 && rows_exact; ++y) {
      const float fy = (static_cast<float>(y) + 0.5f - y0) / (y1 - y0);
      const Tap r = texel_tap(a.v + (d.v - a.v) * fy, tex_h_);
      rows_exact = r.w == 0.0f;
      row_texels_.push_back(r.i0);
    }
  }
  if (rows_exact) {
    const float k = a.col[3] / 255.0f * (1.0f / 255.0f);
    const std::uint8_t* rows[16];
    for (int oy = py0 / f; oy <= (py1 - 1) / f; ++oy) {
      const int ys = std::max(py0, oy * f), ye = std::min(py1, oy * f + f);
      int n = 0;
      for (int y = ys; y < ye; ++y)  // rows[j][x - px0]: the texel of column x on the block's row j
        rows[n++] = alpha_.data() + static_cast<std::size_t>(row_texels_[static_cast<std::size_t>(y - py0)]) * tex_w_ +
                    taps_[0].i0;
      bool any = false;
      for (int ox = ox0; ox < ox1; ++ox) {
        const int xs = std::max(px0, ox * f), xe = std::min(px1, ox * f + f);
        std::uint32_t sum = 0;
        if (f == 4 && xe - xs == 4) {  // four texels per row as one word: two 16-bit lanes of pair sums
          std::uint32_t lanes = 0;
          for (int j = 0; j < n; ++j) {
            std::uint32_t w;
            std::memcpy(&w, rows[j] + (xs - px0), 4);
            lanes += (w & 0x00FF00FFu) + ((w >> 8) & 0x00FF00FFu);
          }
          sum = (lanes & 0xFFFFu) + (lanes >> 16);
        } else {
          for (int j = 0; j < n; ++j)
            for (int x = xs; x < xe; ++x) sum += rows[j][x - px0];
        }
        if (sum) sa[ox] += k * static_cast<float>(sum), any = true;
      }
      if (!any) continue;
      float* dr[3] = {t.row(0, oy), t.row(1, oy), t.row(2, oy)};
      composite_const(dr, sa, ox0, ox1, t.inv_area, a.col);
    }
    return;
  }
  for (int oy = py0 / f; oy <= (py1 - 1) / f; ++oy) {
    const int ys = std::max(py0, oy * f), ye = std::min(py1, oy * f + f);
    bool any = false;
    for (int y = ys; y < ye; ++y) {
      float tmp[4];
      const float* col = row_colour(y, tmp);
      const float ca = col[3] / 255.0f;
      if (ca <= 0.0f) continue;
      const float fy = (static_cast<float>(y) + 0.5f - y0) / (y1 - y0);
      const Tap r = texel_tap(a.v + (d.v - a.v) * fy, tex_h_);
      const std::uint8_t* r0 = alpha_.data() + static_cast<std::size_t>(r.i0) * tex_w_;
      const std::uint8_t* r1 = alpha_.data() + static_cast<std::size_t>(r.i1) * tex_w_;
      const float k = ca * (1.0f / 255.0f);
      any = true;
      if (cols_exact && r.w == 0.0f && col_const) {  // 1:1 glyphs: texel values summed per column
        int x = px0;
        const std::uint8_t* run = r0 + taps_[0].i0;  // texel of column x: run[x - px0]
        for (int ox = ox0; ox < ox1; ++ox) {
          const int xe = std::min(px1, ox * f + f);
          int sum = 0;
          if (cols_run)
            for (; x < xe; ++x) sum += run[x - px0];
          else
            for (; x < xe; ++x) sum += r0[taps_[static_cast<std::size_t>(x - px0)].i0];
          sa[ox] += k * static_cast<float>(sum);
        }
        continue;
      }
      for (int x = px0; x < px1; ++x) {
        const ColTap& c4 = taps_[static_cast<std::size_t>(x - px0)];
        const int a00 = r0[c4.i0], a01 = r0[c4.i1], a10 = r1[c4.i0], a11 = r1[c4.i1];
        if ((a00 | a01 | a10 | a11) == 0) continue;
        const float top = a00 + (a01 - a00) * c4.w, bot = a10 + (a11 - a10) * c4.w;
        const float al = ca * ((top + (bot - top) * r.w) * (1.0f / 255.0f));
        sa[c4.ox] += al;
        if (!col_const)
          for (int k3 = 0; k3 < 3; ++k3) sp[k3][c4.ox] += al * col[k3];
      }
    }
    if (!any) continue;
    float* dr[3] = {t.row(0, oy), t.row(1, oy), t.row(2, oy)};
    if (col_const) composite_const(dr, sa, ox0, ox1, t.inv_area, a.col);
    else composite(dr, sa, sp, ox0, ox1, t.inv_area);
  }
}

void CpuRenderer::direct_polygon(const Prim& p, DirectTarget& t) {
  const int f = t.f;
  const int py0 = std::max(p.clip.y0, t.y0), py1 = std::min(p.clip.y1, t.y1);
  if (py1 <= py0) return;
  const Vtx& v = verts_[static_cast<std::size_t>(polys_[static_cast<std::size_t>(p.poly)].v)];
  const float alpha = v.col[3] / 255.0f * sample_const(v.u, v.v);
  if (alpha <= 0.0f) return;
  float* sa = sa_.data();
  // One pass over the polygon's rows; the spans of one small row are kept (at most f) and
  // composited together when the next small row starts. Small columns that all f rows cover
  // whole (a card's inside) take the polygon's colour at alpha directly: what compositing their
  // summed coverage (exactly f * f) gives, without summing it.
  int spans[16][2];
  int n = 0, cur = -1;
  auto flush = [&]() {
    if (n == 0) return;
    int in0 = 0, in1 = 0;  // small columns every row covers whole: [in0, in1)
    if (n == f) {
      int lo_max = spans[0][0], hi_min = spans[0][1];
      for (int r = 1; r < n; ++r) lo_max = std::max(lo_max, spans[r][0]), hi_min = std::min(hi_min, spans[r][1]);
      in0 = (lo_max + f - 1) / f;
      in1 = std::max(in0, hi_min / f);
    }
    int lo = t.W, hi = 0;
    for (int r = 0; r < n; ++r) {
      const int x0 = spans[r][0], x1 = spans[r][1];
      lo = std::min(lo, x0 / f);
      hi = std::max(hi, (x1 - 1) / f + 1);
      if (in1 > in0) {  // the parts outside [in0 * f, in1 * f)
        if (x0 < in0 * f) add_span(sa, x0, std::min(x1, in0 * f), f);
        if (x1 > in1 * f) add_span(sa, std::max(x0, in1 * f), x1, f);
      } else {
        add_span(sa, x0, x1, f);
      }
    }
    float* dr[3] = {t.row(0, cur), t.row(1, cur), t.row(2, cur)};
    const float k = t.inv_area * alpha;
    if (in1 > in0) {
      composite_const(dr, sa, lo, in0, k, v.col);
      for (int c = 0; c < 3; ++c) {
        float* dc = dr[c];
        const float val = v.col[c];
        if (alpha >= 1.0f) std::fill(dc + in0, dc + in1, val);
        else
          for (int ox = in0; ox < in1; ++ox) dc[ox] = dc[ox] * (1.0f - alpha) + val * alpha;
      }
      composite_const(dr, sa, in1, hi, k, v.col);
    } else {
      composite_const(dr, sa, lo, hi, k, v.col);
    }
    n = 0;
  };
  polygon_rows(p, py0, py1, [&](int y, int x0, int x1) {
    if (y / f != cur) {
      flush();
      cur = y / f;
    }
    spans[n][0] = x0, spans[n][1] = x1;
    ++n;
  });
  flush();
}

void CpuRenderer::direct_triangle(const Prim& p, DirectTarget& t) {
  const int f = t.f;
  const int py0 = std::max(p.clip.y0, t.y0), py1 = std::min(p.clip.y1, t.y1);
  if (py1 <= py0) return;
  const TriShade s = tri_shade(p);
  if (s.flat && s.flat_alpha <= 0.0f) return;
  float* sa = sa_.data();
  float* sp[3] = {sp_.data(), sp_.data() + t.W, sp_.data() + 2 * t.W};
  // Anti-aliasing fringes: one colour and texel, alpha falling to 0 across the triangle. Their
  // alpha is a plane, alpha(x) = (R + S x) / area / 255 * texel on a row (R from the edge values
  // at pixel 0, S their steps, both exact integers weighted by the vertex alphas), summed alone
  // and composited with the one colour.
  const bool ramp = !s.flat && s.uv_const && s.v[0]->col[0] == s.v[1]->col[0] && s.v[1]->col[0] == s.v[2]->col[0] &&
                    s.v[0]->col[1] == s.v[1]->col[1] && s.v[1]->col[1] == s.v[2]->col[1] &&
                    s.v[0]->col[2] == s.v[1]->col[2] && s.v[1]->col[2] == s.v[2]->col[2];
  double ramp_step = 0.0, ramp_scale = 0.0;
  if (ramp) {
    for (int k = 0; k < 3; ++k) ramp_step += static_cast<double>(s.v[k]->col[3]) * static_cast<double>(p.A[k] * kSub);
    ramp_scale = static_cast<double>(s.t_const) / (255.0 * static_cast<double>(p.area));
  }
  for (int oy = py0 / f; oy <= (py1 - 1) / f; ++oy) {
    const int ys = std::max(py0, oy * f), ye = std::min(py1, oy * f + f);
    int lo = t.W, hi = 0;
    for (int y = ys; y < ye; ++y) {
      std::int64_t rowE[3];
      int x0, x1;
      if (!triangle_row(p, y, s.inv_step, rowE, x0, x1)) continue;
      lo = std::min(lo, x0 / f);
      hi = std::max(hi, (x1 - 1) / f + 1);
      if (s.flat) {
        add_span(sa, x0, x1, f);
        continue;
      }
      if (ramp) {
        double R = 0.0;
        for (int k = 0; k < 3; ++k) R += static_cast<double>(s.v[k]->col[3]) * static_cast<double>(rowE[k]);
        for (int x = x0, ox = x0 / f, next = (ox + 1) * f; x < x1; ++x) {
          if (x == next) ++ox, next += f;
          sa[ox] += std::max(0.0f, static_cast<float>((R + ramp_step * x) * ramp_scale));
        }
        continue;
      }
      for (int x = x0, ox = x0 / f, next = (ox + 1) * f; x < x1; ++x) {
        if (x == next) ++ox, next += f;
        float rgb[3];
        const float al = shade(p, s, rowE, x, rgb);
        sa[ox] += al;
        for (int k = 0; k < 3; ++k) sp[k][ox] += al * rgb[k];
      }
    }
    if (hi <= lo) continue;
    float* dr[3] = {t.row(0, oy), t.row(1, oy), t.row(2, oy)};
    if (s.flat) composite_const(dr, sa, lo, hi, t.inv_area * s.flat_alpha, s.v[0]->col);
    else if (ramp) composite_const(dr, sa, lo, hi, t.inv_area, s.v[0]->col);
    else composite(dr, sa, sp, lo, hi, t.inv_area);
  }
}

void CpuRenderer::render_direct(const ImDrawData* dd, int factor, Image& out) {
  int strip = 0;
  if (!prepare_small(dd, factor, out, strip)) return;
  const int W = out.width;
  const std::size_t plane = static_cast<std::size_t>(W) * static_cast<std::size_t>(strip / factor);
  dst_.resize(plane * 3);
  sa_.assign(static_cast<std::size_t>(W), 0.0f);
  sp_.assign(static_cast<std::size_t>(W) * 3, 0.0f);
  bytes_.resize(static_cast<std::size_t>(W) * 3);
  for (int s = 0; s < static_cast<int>(bins_.size()); ++s) {
    const int y0 = s * strip, y1 = std::min(y0 + strip, fb_h_);
    DirectTarget t{{dst_.data(), dst_.data() + plane, dst_.data() + 2 * plane}, y0 / factor, y1 / factor, W, factor,
                   y0, y1, 1.0f / static_cast<float>(factor * factor)};
    // Cleared to black, unless the first primitive is an opaque fill of the whole strip (a page's
    // background: compositing its coverage, exactly 1 in every small pixel when the factor is a
    // power of two, overwrites them all).
    const std::vector<int>& bin = bins_[static_cast<std::size_t>(s)];
    bool covered = false;
    if (!bin.empty() && (factor & (factor - 1)) == 0) {
      const Prim& p = prims_[static_cast<std::size_t>(bin.front())];
      covered = p.quad && p.opaque && p.clip.x0 == 0 && p.clip.x1 == fb_w_ && p.clip.y0 <= y0 && p.clip.y1 >= y1;
    }
    if (!covered) std::fill(dst_.begin(), dst_.end(), 0.0f);
    for (int i : bin) {
      const Prim& p = prims_[static_cast<std::size_t>(i)];
      if (p.quad) direct_quad(p, t);
      else if (p.poly >= 0) direct_polygon(p, t);
      else direct_triangle(p, t);
    }
    for (int oy = t.oy0; oy < t.oy1; ++oy) {  // to bytes as to_byte rounds, interleaved
      for (int c = 0; c < 3; ++c) floats_to_bytes(t.row(c, oy), W, bytes_.data() + static_cast<std::size_t>(c) * W);
      std::uint8_t* o = out.data.data() + static_cast<std::size_t>(oy) * W * 3;
      interleave_rgb(bytes_.data(), W, o);
    }
  }
}

}  // namespace pg
