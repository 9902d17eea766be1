#include "sim/render/cpu_renderer.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

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

bool CpuRenderer::prepare(const ImDrawData* dd, int strip_h) {
  fb_w_ = static_cast<int>(dd->DisplaySize.x * dd->FramebufferScale.x);
  fb_h_ = static_cast<int>(dd->DisplaySize.y * dd->FramebufferScale.y);
  strip_h_ = strip_h;
  prims_.clear();
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
                     sample(q[0].u, q[0].v) >= 1.0f;
          if (p.clip.x1 > p.clip.x0 && p.clip.y1 > p.clip.y0) prims_.push_back(p);
          i += 6;
          continue;
        }
        p.quad = false;
        p.opaque = false;
        for (int k = 0; k < 3; ++k) p.v[k] = vb + idx[i + k];
        p.v[3] = -1;
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
    const float tex = sample(a.u, a.v);
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
  struct Tap {
    int i0, i1;
    float w;
  };
  auto tap = [](float coord, int n) {
    const float s = coord * static_cast<float>(n) - 0.5f;
    const float fs = std::floor(s);
    int i0 = static_cast<int>(fs), i1 = i0 + 1;
    i0 = ((i0 % n) + n) % n;  // GL_REPEAT
    i1 = ((i1 % n) + n) % n;
    float w = s - fs;
    // A sample within 1/1024 texel of a texel centre reads that texel (glyphs drawn 1:1 land on
    // texel centres up to float rounding; GPU filter weights have fewer bits than this).
    if (w < 1.0f / 1024) w = 0;
    else if (w > 1.0f - 1.0f / 1024) {
      i0 = i1;
      w = 0;
    }
    return Tap{i0, i1, w};
  };
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

void CpuRenderer::draw_triangle(const Prim& p, const Target& t) {
  const Vtx* v[3] = {&verts_[p.v[0]], &verts_[p.v[1]], &verts_[p.v[2]]};
  const int x_lo = p.clip.x0, x_hi = p.clip.x1;
  const int y_lo = std::max(p.clip.y0, t.y0), y_hi = std::min(p.clip.y1, t.y1);
  if (y_hi <= y_lo) return;
  const bool col_const = v[0]->rgba == v[1]->rgba && v[1]->rgba == v[2]->rgba;
  const bool uv_const = v[0]->u == v[1]->u && v[1]->u == v[2]->u && v[0]->v == v[1]->v && v[1]->v == v[2]->v;
  const float t_const = uv_const ? sample(v[0]->u, v[0]->v) : 0.0f;
  const bool flat = col_const && uv_const;  // one colour and alpha for the whole triangle
  const float flat_alpha = v[0]->col[3] / 255.0f * t_const;
  if (flat && flat_alpha <= 0.0f) return;
  const std::uint8_t flat8[3] = {to_byte(v[0]->col[0]), to_byte(v[0]->col[1]), to_byte(v[0]->col[2])};
  const float inv_area = 1.0f / static_cast<float>(p.area);
  double inv_step[3];
  for (int k = 0; k < 3; ++k) inv_step[k] = p.A[k] ? 1.0 / static_cast<double>(p.A[k] * kSub) : 0.0;
  for (int y = y_lo; y < y_hi; ++y) {
    const std::int64_t cy = static_cast<std::int64_t>(y) * kSub + kHalf;
    // The pixels x with E_k(x * kSub + kHalf, cy) >= bias_k for all three edges.
    std::int64_t xs = x_lo, xe = x_hi;
    std::int64_t rowE[3];
    for (int k = 0; k < 3; ++k) {
      rowE[k] = p.A[k] * kHalf + p.B[k] * cy + p.C[k];  // E_k at the centre of pixel 0
      const std::int64_t step = p.A[k] * kSub;
      const std::int64_t need = p.bias[k] - rowE[k];  // step * x >= need
      if (step > 0) {  // x >= need / step: estimate in floating point, then settle exactly
        std::int64_t x = static_cast<std::int64_t>(static_cast<double>(need) * inv_step[k]);
        while (step * (x - 1) >= need) --x;
        while (step * x < need) ++x;
        xs = std::max(xs, x);
      } else if (step < 0) {  // x <= need / step
        std::int64_t x = static_cast<std::int64_t>(static_cast<double>(need) * inv_step[k]);
        while (step * (x + 1) >= need) ++x;
        while (step * x < need) --x;
        xe = std::min(xe, x + 1);
      } else if (need > 0) {
        xe = xs;  // this row is outside
      }
    }
    if (xe <= xs) continue;
    std::uint8_t* row = t.row(y);
    const int x0 = static_cast<int>(xs), x1 = static_cast<int>(xe);
    if (flat) {
      if (flat_alpha >= 1.0f) fill_row(row, x0, x1, flat8);
      else
        for (int x = x0; x < x1; ++x) blend(row + x * 3, v[0]->col, flat_alpha);
      continue;
    }
    for (int x = x0; x < x1; ++x) {
      float l[3];
      for (int k = 0; k < 3; ++k) l[k] = static_cast<float>(rowE[k] + p.A[k] * kSub * x) * inv_area;
      float rgb[3], a;
      if (col_const) {
        rgb[0] = v[0]->col[0];
        rgb[1] = v[0]->col[1];
        rgb[2] = v[0]->col[2];
        a = v[0]->col[3] / 255.0f;
      } else {
        for (int c = 0; c < 3; ++c) rgb[c] = l[0] * v[0]->col[c] + l[1] * v[1]->col[c] + l[2] * v[2]->col[c];
        a = (l[0] * v[0]->col[3] + l[1] * v[1]->col[3] + l[2] * v[2]->col[3]) / 255.0f;
      }
      const float tex = uv_const ? t_const
                                 : sample(l[0] * v[0]->u + l[1] * v[1]->u + l[2] * v[2]->u,
                                          l[0] * v[0]->v + l[1] * v[1]->v + l[2] * v[2]->v);
      blend(row + x * 3, rgb, a * tex);
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

void CpuRenderer::render_downscaled(const ImDrawData* dd, int factor, Image& out) {
  if (factor < 1 || factor > 16) throw std::invalid_argument("CpuRenderer: downscale factor " + std::to_string(factor) + " outside 1..16");
  const int strip = std::max(1, kStripRows / factor) * factor;
  const bool any = prepare(dd, strip);
  if (fb_w_ % factor || fb_h_ % factor)
    throw std::invalid_argument("CpuRenderer: " + std::to_string(fb_w_) + "x" + std::to_string(fb_h_) +
                                " is not divisible by " + std::to_string(factor));
  out.width = std::max(fb_w_, 0) / factor;
  out.height = std::max(fb_h_, 0) / factor;
  out.channels = 3;
  out.data.assign(static_cast<std::size_t>(out.width) * out.height * 3, 0);
  if (!any) return;
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

}  // namespace pg
