#include "sim/render/obs.hpp"

#include "sim/os/phone.hpp"
#include "sim/render/cpu_renderer.hpp"
#include "sim/render/frame.hpp"
#include "sim/ui/a11y.hpp"
#include "sim/ui/ui.hpp"

#include <imgui.h>

#include <cstring>
#include <memory>
#include <stdexcept>

namespace pg {

const char* format_name(ObsSpec::Format f) {
  switch (f) {
    case ObsSpec::Format::Raw: return "raw";
    case ObsSpec::Format::Png: return "png";
    case ObsSpec::Format::Jpeg: return "jpeg";
  }
  return "?";
}

std::string ObsSpec::str() const {
  std::string s = std::to_string(width) + "x" + std::to_string(height) + ":" + format_name(format);
  if (format == Format::Jpeg) s += ":" + std::to_string(quality);
  if (som) s += ":som";
  if (ui_xml) s += ":xml";
  if (direct && factor() > 1) s += ":direct";
  return s;
}

namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t at = 0;
  for (;;) {
    const std::size_t next = s.find(sep, at);
    out.push_back(s.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at));
    if (next == std::string_view::npos) return out;
    at = next + 1;
  }
}

bool parse_int(std::string_view s, int& v) {
  if (s.empty() || s.size() > 6) return false;
  v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  return true;
}

const char* kSizes = "1080x2400, 540x1200, 360x800, 270x600, 216x480, 180x400, 108x240, 90x200, 72x160; or obs, full";

}  // namespace

ObsSpec parse_obs_spec(std::string_view text) {
  ObsSpec spec;
  const auto parts = split(text, ':');
  const std::string_view size = parts[0];
  const std::string quoted = "observation spec \"" + std::string(text) + "\": ";
  if (size == "obs" || size.empty()) {
    spec.width = kObsWidth, spec.height = kObsHeight;
  } else if (size == "full") {
    spec.width = kScreenWidth, spec.height = kScreenHeight;
  } else {
    const auto wh = split(size, 'x');
    if (wh.size() != 2 || !parse_int(wh[0], spec.width) || !parse_int(wh[1], spec.height))
      throw std::invalid_argument(quoted + "size \"" + std::string(size) + "\" is not WxH (e.g. 270x600)");
    if (spec.width <= 0 || spec.height <= 0 || kScreenWidth % spec.width || kScreenHeight % spec.height ||
        kScreenWidth / spec.width != kScreenHeight / spec.height || kScreenWidth / spec.width > 16)
      throw std::invalid_argument(quoted + "size " + std::string(size) +
                                  " is not the 1080x2400 screen divided by an integer 1..16 (" + kSizes + ")");
  }
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string_view p = parts[i];
    if (p == "raw" || p == "rgb") spec.format = ObsSpec::Format::Raw;
    else if (p == "png") spec.format = ObsSpec::Format::Png;
    else if (p == "jpeg" || p == "jpg") {
      spec.format = ObsSpec::Format::Jpeg;
      int q = 0;
      if (i + 1 < parts.size() && parse_int(parts[i + 1], q)) {
        if (q < 1 || q > 100) throw std::invalid_argument(quoted + "JPEG quality " + std::to_string(q) + " is outside 1..100");
        spec.quality = q;
        ++i;
      }
    } else if (p == "som") spec.som = true;
    else if (p == "xml") spec.ui_xml = true;
    else if (p == "direct") spec.direct = true;
    else
      throw std::invalid_argument(quoted + "unknown part \"" + std::string(p) +
                                  "\" (allowed: raw, png, jpeg[:Q], som, xml, direct)");
  }
  return spec;
}

namespace {

struct Hasher {
  std::uint64_t h = 0x243F6A8885A308D3ull;
  void word(std::uint64_t w) {
    h ^= w;
    h *= 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
  }
  void bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, b + i, 8);
      word(w);
    }
    std::uint64_t tail = n;
    for (; i < n; ++i) tail = (tail << 8) | b[i];
    word(tail);
  }
};

}  // namespace

std::uint64_t frame_hash(const ImDrawData* dd) {
  Hasher h;
  if (!dd) return h.h;
  const float dims[4] = {dd->DisplaySize.x, dd->DisplaySize.y, dd->FramebufferScale.x, dd->FramebufferScale.y};
  h.bytes(dims, sizeof dims);
  for (int l = 0; l < dd->CmdListsCount; ++l) {
    const ImDrawList* list = dd->CmdLists[l];
    h.bytes(list->VtxBuffer.Data, static_cast<std::size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert));
    h.bytes(list->IdxBuffer.Data, static_cast<std::size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& c : list->CmdBuffer) {
      const float clip[4] = {c.ClipRect.x, c.ClipRect.y, c.ClipRect.z, c.ClipRect.w};
      h.bytes(clip, sizeof clip);
      h.word(c.ElemCount);
      h.word(c.IdxOffset);
      h.word(c.VtxOffset);
      h.word(c.UserCallback != nullptr);
    }
  }
  return h.h;
}

namespace {

CpuRenderer& renderer() {
  // One per thread: its scratch buffers change on every frame (it holds a copy of the atlas).
  thread_local std::unique_ptr<CpuRenderer> r;
  if (!r) r = std::make_unique<CpuRenderer>();
  return *r;
}

}  // namespace

Image render_observation(Phone& phone, const ObsSpec& spec, std::uint64_t& hash,
                         const std::function<bool(std::uint64_t)>& held) {
  if (spec.width <= 0 || kScreenWidth % spec.width || spec.height * spec.factor() != kScreenHeight)
    throw std::invalid_argument("render_observation: size " + std::to_string(spec.width) + "x" +
                                std::to_string(spec.height) + " is not 1080x2400 divided by an integer");
  ensure_imgui();
  CpuRenderer& r = renderer();
  const Screen screen = phone.screen();
  const bool reference_size = screen.width_px == kScreenWidth && screen.height_px == kScreenHeight;
  FrameScope frame(screen);
  Ui ui(frame.draw_list(), phone);
  phone.build(ui);
  if (spec.som) draw_marks(ui, set_of_marks({ui.nodes().begin(), ui.nodes().end()}, screen));
  const ImDrawData* dd = frame.finish();
  const bool native = spec.native || (reference_size && spec.factor() == 1);
  const bool direct = !native && reference_size && spec.direct && spec.factor() > 1;
  // The renderings of one frame at other sizes differ in pixels, so they are different frames.
  hash = frame_hash(dd) ^ (direct ? 0xD1EC7ull : 0ull) ^ (spec.native ? 0x9A71FEull : 0ull);
  Image img;
  if (held && held(hash)) return img;
  if (native) r.render(dd, img);
  else if (direct) r.render_direct(dd, spec.factor(), img);
  else if (reference_size) r.render_downscaled(dd, spec.factor(), img);
  else {
    thread_local Image full;  // another screen size: its frame buffer is reused across frames
    r.render(dd, full);
    img = observe_screen(full, spec.factor());
  }
  return img;
}

Image render_observation(Phone& phone, const ObsSpec& spec, std::uint64_t* hash) {
  std::uint64_t h = 0;
  Image img = render_observation(phone, spec, h, {});
  if (hash) *hash = h;
  return img;
}

std::vector<std::uint8_t> rle_encode_rgb(const std::uint8_t* rgb, std::size_t pixels) {
  std::vector<std::uint8_t> out;
  out.reserve(pixels / 4 + 16);
  auto same = [&](std::size_t a, std::size_t b) { return std::memcmp(rgb + a * 3, rgb + b * 3, 3) == 0; };
  std::size_t i = 0;
  while (i < pixels) {
    // A repeat run of at least 2 pixels?
    std::size_t run = 1;
    while (i + run < pixels && run < 129 && same(i, i + run)) ++run;
    if (run >= 2) {
      out.push_back(static_cast<std::uint8_t>(run + 126));
      out.insert(out.end(), rgb + i * 3, rgb + i * 3 + 3);
      i += run;
      continue;
    }
    // A literal run up to the next pair of equal pixels (at most 128 pixels).
    std::size_t lit = 1;
    while (i + lit < pixels && lit < 128 && !(i + lit + 1 < pixels && same(i + lit, i + lit + 1))) ++lit;
    out.push_back(static_cast<std::uint8_t>(lit - 1));
    out.insert(out.end(), rgb + i * 3, rgb + (i + lit) * 3);
    i += lit;
  }
  return out;
}

std::vector<std::uint8_t> rle_decode_rgb(const std::uint8_t* bytes, std::size_t n, std::size_t pixels) {
  std::vector<std::uint8_t> out(pixels * 3);
  std::size_t at = 0, px = 0;
  while (at < n) {
    const unsigned h = bytes[at++];
    if (h < 128) {
      const std::size_t lit = h + 1;
      if (px + lit > pixels || at + lit * 3 > n)
        throw std::invalid_argument("rle_decode_rgb: a literal run of " + std::to_string(lit) + " pixels at byte " +
                                    std::to_string(at - 1) + " overruns the stream or the image");
      std::memcpy(out.data() + px * 3, bytes + at, lit * 3);
      at += lit * 3;
      px += lit;
    } else {
      const std::size_t run = h - 126;
      if (px + run > pixels || at + 3 > n)
        throw std::invalid_argument("rle_decode_rgb: a repeat run of " + std::to_string(run) + " pixels at byte " +
                                    std::to_string(at - 1) + " overruns the stream or the image");
      for (std::size_t k = 0; k < run; ++k) std::memcpy(out.data() + (px + k) * 3, bytes + at, 3);
      at += 3;
      px += run;
    }
  }
  if (px != pixels)
    throw std::invalid_argument("rle_decode_rgb: the stream holds " + std::to_string(px) + " pixels, expected " +
                                std::to_string(pixels));
  return out;
}

}  // namespace pg
