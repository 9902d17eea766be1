// The browser host: the wasm phone with a WebGL2 renderer and many env slots in one tab.
// JavaScript calls pg_call(method, slot, arg) through web/phonegym.js, which exposes
// window.phonegym (docs/host-api.md). Every call returns a JSON string; errors come back as
// {"error": "...", "error_type": kind} for that call only (C++ exceptions are caught, never abort
// the tab; the kind is the exception's type, sim/env/slots.hpp). The env slots live in the same
// EnvSlots table as the native host's.
#include "sim/env/env.hpp"
#include "sim/env/slots.hpp"
#include "sim/render/frame.hpp"
#include "sim/render/image.hpp"
#include "sim/render/obs.hpp"
#include "sim/render/screen.hpp"
#include "sim/ui/a11y.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/encoding.hpp"
#include "sim/util/hash.hpp"
#include "tasks/authoring.hpp"

#include <emscripten/emscripten.h>
#include <emscripten/html5.h>
#include <GLES3/gl3.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <cstdio>
#include <list>
#include <map>
#include <memory>
#include <string>

namespace {

using json = nlohmann::json;

pg::EnvSlots g_slots;
std::string g_result;
EMSCRIPTEN_WEBGL_CONTEXT_HANDLE g_gl = 0;
json g_render_ms;  // timing of the last render (ms), reported with screenshots
// The task instance sampled into a slot by task_sample (the studio's task panel), for task_judge.
std::map<int, pg::AuthoringSession> g_sessions;

const json& default_state() {
  static const json s = pg::Phone::default_state();
  return s;
}

pg::Env& slot(int id) { return g_slots.at(id); }

json parse_json_arg(const char* arg, const char* what) {
  json j = json::parse(arg ? arg : "", nullptr, false);
  if (j.is_discarded()) throw std::invalid_argument(std::string(what) + ": malformed JSON");
  return j;
}

// Off-screen targets: the full 1080x2400 frame, and the 270x600 observation that a shader box-
// downscales from it on the GPU (exactly pg::box_downscale: the rounded mean of each 4x4 block).
struct Target {
  GLuint fbo = 0, tex = 0;
  int w = 0, h = 0;
};
Target g_full, g_obs;
GLuint g_downscale_prog = 0, g_vao = 0;

Target make_target(int w, int h) {
  Target t{0, 0, w, h};
  glGenTextures(1, &t.tex);
  glBindTexture(GL_TEXTURE_2D, t.tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, w, h);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glGenFramebuffers(1, &t.fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, t.fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t.tex, 0);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) throw std::runtime_error("incomplete framebuffer");
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return t;
}

GLuint compile(GLenum type, const char* src) {
  GLuint sh = glCreateShader(type);
  glShaderSource(sh, 1, &src, nullptr);
  glCompileShader(sh);
  GLint ok = 0;
  glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[1024];
    glGetShaderInfoLog(sh, sizeof log, nullptr, log);
    throw std::runtime_error(std::string("shader: ") + log);
  }
  return sh;
}

void init_targets() {
  g_full = make_target(pg::kScreenWidth, pg::kScreenHeight);
  g_obs = make_target(pg::kObsWidth, pg::kObsHeight);
  const char* vs = R"(#version 300 es
    void main() {  // one triangle covering the viewport
      vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
      gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
    })";
  const char* fs = R"(#version 300 es
    precision highp float;
    uniform sampler2D src;
    out vec4 color;
    void main() {
      ivec2 o = ivec2(gl_FragCoord.xy) * 4;
      vec3 sum = vec3(0.0);
      for (int dy = 0; dy < 4; ++dy)
        for (int dx = 0; dx < 4; ++dx) sum += texelFetch(src, o + ivec2(dx, dy), 0).rgb;
      vec3 k = floor(sum * 255.0 + 0.5);               // exact byte sum of the 16 texels
      color = vec4(floor((k + 8.0) / 16.0) / 255.0, 1.0);  // rounded mean, as box_downscale
    })";
  g_downscale_prog = glCreateProgram();
  glAttachShader(g_downscale_prog, compile(GL_VERTEX_SHADER, vs));
  glAttachShader(g_downscale_prog, compile(GL_FRAGMENT_SHADER, fs));
  glLinkProgram(g_downscale_prog);
  GLint ok = 0;
  glGetProgramiv(g_downscale_prog, GL_LINK_STATUS, &ok);
  if (!ok) throw std::runtime_error("downscale shader does not link");
  glGenVertexArrays(1, &g_vao);
}

/// Sizes the full-size target and the canvas to the screen about to be drawn (its device profile,
/// sim/os/device.hpp): a phone under another profile gets its own pixels.
void fit_targets(const pg::Screen& screen) {
  if (g_full.w == screen.width_px && g_full.h == screen.height_px) return;
  glDeleteFramebuffers(1, &g_full.fbo);
  glDeleteTextures(1, &g_full.tex);
  g_full = make_target(screen.width_px, screen.height_px);
  emscripten_set_canvas_element_size("#phone", screen.width_px, screen.height_px);
}

/// Draws the slot's screen into the full-size target (and, for the viewer, onto the canvas); with
/// `som`, the set-of-marks on top of it in the same frame.
void draw(pg::Env& env, bool to_canvas, bool som = false) {
  const double t0 = emscripten_get_now();
  ImGui_ImplOpenGL3_NewFrame();  // creates the shaders and the font texture on first use
  const pg::Screen screen = env.phone().screen();
  fit_targets(screen);
  pg::FrameScope frame(screen);
  pg::Ui ui(frame.draw_list(), env.phone());
  env.phone().build(ui);
  if (som) pg::draw_marks(ui, pg::set_of_marks({ui.nodes().begin(), ui.nodes().end()}, screen));
  ImDrawData* dd = frame.finish();
  const double t1 = emscripten_get_now();
  glBindFramebuffer(GL_FRAMEBUFFER, g_full.fbo);
  glViewport(0, 0, g_full.w, g_full.h);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(dd);
  if (to_canvas) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, g_full.fbo);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, g_full.w, g_full.h, 0, 0, g_full.w, g_full.h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  g_render_ms = {{"build", t1 - t0}, {"draw", emscripten_get_now() - t1}};
}

/// Reads a target back as top-down RGB (GL rows go bottom-up).
pg::Image read_target(const Target& t) {
  const double t0 = emscripten_get_now();
  std::vector<unsigned char> rgba(static_cast<std::size_t>(t.w) * t.h * 4);
  glBindFramebuffer(GL_FRAMEBUFFER, t.fbo);
  glReadPixels(0, 0, t.w, t.h, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  g_render_ms["read_pixels"] = emscripten_get_now() - t0;
  pg::Image img;
  img.width = t.w;
  img.height = t.h;
  img.channels = 3;
  img.data.resize(static_cast<std::size_t>(t.w) * t.h * 3);
  for (int y = 0; y < t.h; ++y) {
    const unsigned char* src = rgba.data() + static_cast<std::size_t>(t.h - 1 - y) * t.w * 4;
    unsigned char* dst = img.data.data() + static_cast<std::size_t>(y) * t.w * 3;
    for (int x = 0; x < t.w; ++x) {
      dst[x * 3 + 0] = src[x * 4 + 0];
      dst[x * 3 + 1] = src[x * 4 + 1];
      dst[x * 3 + 2] = src[x * 4 + 2];
    }
  }
  return img;
}

/// The screenshot of a slot: its own pixels (1080x2400 on the nominal phone), or the 270x600
/// observation downscaled on the GPU (from another profile's size, by pg::observe_screen).
pg::Image screenshot(pg::Env& env, bool full, bool som) {
  draw(env, false, som);
  if (full) return read_target(g_full);
  if (g_full.w != pg::kScreenWidth || g_full.h != pg::kScreenHeight)
    return pg::observe_screen(read_target(g_full), pg::kScreenWidth / pg::kObsWidth);
  const double t0 = emscripten_get_now();
  glBindFramebuffer(GL_FRAMEBUFFER, g_obs.fbo);
  glViewport(0, 0, g_obs.w, g_obs.h);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glUseProgram(g_downscale_prog);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, g_full.tex);
  glUniform1i(glGetUniformLocation(g_downscale_prog, "src"), 0);
  glBindVertexArray(g_vao);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const double t1 = emscripten_get_now();
  pg::Image img = read_target(g_obs);
  g_render_ms["downscale_pass"] = t1 - t0;
  return img;
}

// Observations for the trainer (docs/host-api.md, "observe"): rasterized on the CPU at the
// requested size, then handed to JavaScript by address in the wasm heap; the page encodes them
// (base64 of run-length-encoded RGB for raw, the canvas's encoder for PNG/JPEG). Frames are keyed
// by their draw-data hash: a caller that already holds a slot's frame gets {"unchanged": true},
// and equal frames of different slots (the forks of a GRPO group) are rasterized once.
struct CachedFrame {
  std::string key;                 // spec size + som + hash
  std::vector<std::uint8_t> bytes;  // RLE RGB (raw) or RGBA pixels (png/jpeg)
};
std::list<CachedFrame> g_frame_cache;  // most recent first
std::size_t g_frame_cache_bytes = 0;
constexpr std::size_t kFrameCacheBudget = 24u << 20;
int g_cache_hits = 0, g_cache_misses = 0;
bool g_cache_on = true;  // off: every observation is rasterized (benchmarks of the cold path)

std::string hex64(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

json observe(pg::Env& env, const json& req) {
  if (!req.is_object() || !req.contains("spec") || !req["spec"].is_string())
    throw std::invalid_argument("observe: the request needs a string \"spec\" (e.g. \"270x600:raw\")");
  const pg::ObsSpec spec = pg::parse_obs_spec(req["spec"].get<std::string>());
  const std::string known = req.contains("known") && req["known"].is_string() ? req["known"].get<std::string>() : "";
  const bool rle = spec.format == pg::ObsSpec::Format::Raw;
  // The frame is built once; it is rasterized only when neither the caller nor the cache has it.
  std::string h, key;
  bool unchanged = false;
  auto it = g_frame_cache.end();
  const double t0 = emscripten_get_now();
  std::uint64_t hash = 0;
  pg::Image img = pg::render_observation(env.phone(), spec, hash, [&](std::uint64_t drawn) {
    h = hex64(drawn);
    if (h == known) return unchanged = true;
    key = std::to_string(spec.width) + (spec.som ? "s" : "") + (rle ? "r" : "p") + h;
    if (g_cache_on)
      for (it = g_frame_cache.begin(); it != g_frame_cache.end(); ++it)
        if (it->key == key) return true;
    return false;
  });
  json out{{"hash", h}, {"width", spec.width}, {"height", spec.height}, {"format", pg::format_name(spec.format)},
           {"render_ms", emscripten_get_now() - t0}};
  if (spec.format == pg::ObsSpec::Format::Jpeg) out["quality"] = spec.quality;
  if (spec.ui_xml) out["xml"] = env.ui_xml();
  if (unchanged) {
    out["unchanged"] = true;
    return out;
  }
  if (it != g_frame_cache.end()) {
    g_frame_cache.splice(g_frame_cache.begin(), g_frame_cache, it);
    ++g_cache_hits;
  } else {
    ++g_cache_misses;
    CachedFrame f;
    f.key = key;
    const std::size_t px = static_cast<std::size_t>(img.width) * img.height;
    if (rle) {
      f.bytes = pg::rle_encode_rgb(img.data.data(), px);
    } else {
      f.bytes.resize(px * 4);
      for (std::size_t i = 0; i < px; ++i) {
        f.bytes[i * 4 + 0] = img.data[i * 3 + 0];
        f.bytes[i * 4 + 1] = img.data[i * 3 + 1];
        f.bytes[i * 4 + 2] = img.data[i * 3 + 2];
        f.bytes[i * 4 + 3] = 255;
      }
    }
    g_frame_cache_bytes += f.bytes.size();
    g_frame_cache.push_front(std::move(f));
    while (g_frame_cache.size() > 1 && g_frame_cache_bytes > kFrameCacheBudget) {
      g_frame_cache_bytes -= g_frame_cache.back().bytes.size();
      g_frame_cache.pop_back();
    }
  }
  const auto& bytes = g_frame_cache.front().bytes;
  out["ptr"] = reinterpret_cast<std::uintptr_t>(bytes.data());
  out["len"] = bytes.size();
  out["encoding"] = rle ? "rle" : "rgba";
  return out;
}

json dispatch(const std::string& method, int id, const char* arg) {
  if (method == "create") return {{"slot", g_slots.create()}};
  if (method == "reset") {
    json state = (arg && *arg) ? parse_json_arg(arg, "reset: state") : json(nullptr);
    slot(id).reset(state);
    return {{"ok", true}};
  }
  if (method == "step") return slot(id).step(pg::parse_action(std::string_view(arg ? arg : "")));
  if (method == "state") return slot(id).state();
  if (method == "set_state") {
    slot(id).set_state(parse_json_arg(arg, "set_state: state"));
    return {{"ok", true}};
  }
  if (method == "patch_state") {  // an RFC 6902 JSON Patch (docs/state.md), validated like set_state
    slot(id).apply_patch(parse_json_arg(arg, "patch_state: patch"));
    return {{"ok", true}};
  }
  if (method == "fork") return {{"slot", g_slots.fork(id)}};
  if (method == "close") {
    g_slots.close(id);
    g_sessions.erase(id);
    return {{"ok", true}};
  }
  if (method == "what_if") {  // arg {"actions": [...], "restore": ["/os/time_ms", ...]} (pg::what_if)
    const json a = parse_json_arg(arg, "what_if: argument");
    if (!a.is_object() || !a.contains("actions") || !a["actions"].is_array())
      throw std::invalid_argument("what_if: the argument needs an array \"actions\"");
    std::vector<pg::Action> actions;
    for (const json& j : a["actions"]) actions.push_back(pg::parse_action(j));
    const std::vector<std::string> restore = a.value("restore", std::vector<std::string>{});
    json out = json::array();
    for (const pg::WhatIf& w : g_slots.what_if(id, actions, restore)) out.push_back(w.to_json());
    return out;
  }
  if (method == "ui_tree") return slot(id).ui_tree();
  if (method == "ui_xml") return {{"xml", slot(id).ui_xml()}};
  if (method == "marks") return {{"marks", slot(id).marks()}};
  if (method == "screenshot") {  // arg: "obs" | "full", then optional ":som" and ":cpu" / ":webgl"
    std::string spec = arg && *arg ? arg : "obs";
    std::string size = spec.substr(0, spec.find(':'));
    // The 270x600 observation is drawn by the CPU rasterizer by default: bit-identical to the
    // native host's and ~3x faster than a WebGL readback here. ":webgl" forces the GPU path;
    // full-size screenshots use WebGL unless ":cpu" is given.
    bool som = false, cpu = size == "obs";
    for (std::size_t at = spec.find(':'); at != std::string::npos;) {
      const std::size_t next = spec.find(':', at + 1);
      const std::string mode = spec.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
      if (mode == "som") som = true;
      else if (mode == "cpu") cpu = true;
      else if (mode == "webgl") cpu = false;
      else
        throw std::invalid_argument("screenshot: mode \"" + mode + "\" is not som, cpu or webgl");
      at = next;
    }
    if (size != "obs" && size != "full")
      throw std::invalid_argument("screenshot: size \"" + size + "\" is not \"obs\" or \"full\"");
    const double t0 = emscripten_get_now();
    // cpu: the same CPU rasterizer as the native host (identical pixels, no GPU readback).
    pg::Image img = cpu ? pg::render_screen(slot(id).phone(), size == "full", som) : screenshot(slot(id), size == "full", som);
    const double t1 = emscripten_get_now();
    std::string data = pg::base64_encode(img.data.data(), img.data.size());
    const double t2 = emscripten_get_now();
    return {{"width", img.width}, {"height", img.height}, {"format", "rgb"}, {"data", std::move(data)},
            {"ms", {{"screenshot", t1 - t0}, {"parts", g_render_ms}, {"encode", t2 - t1}}}};
  }
  if (method == "observe") return observe(slot(id), parse_json_arg(arg, "observe: request"));
  if (method == "frame_cache") {  // diagnostics: the observation cache's size and hit counts; "on"/"off"
    const std::string a = arg ? arg : "";
    if (a == "off") g_cache_on = false;
    else if (a == "on") g_cache_on = true;
    else if (!a.empty()) throw std::invalid_argument("frame_cache: \"" + a + "\" is not on or off");
    return {{"entries", g_frame_cache.size()}, {"bytes", g_frame_cache_bytes}, {"hits", g_cache_hits},
            {"misses", g_cache_misses}};
  }
  if (method == "render") {  // draw the slot on the visible canvas (the viewer); arg "som": with marks
    const std::string mode = arg ? arg : "";
    if (!mode.empty() && mode != "som") throw std::invalid_argument("render: mode \"" + mode + "\" is not \"\" or \"som\"");
    draw(slot(id), true, mode == "som");
    return {{"ok", true}};
  }
  // Tasks in the page (tasks/authoring.hpp): the studio validates, samples and judges here.
  if (method == "task_validate") return pg::validate_template_text(arg ? arg : "", default_state());
  if (method == "task_sample") {  // arg {"template": {...}, "seed": N}: the slot is reset to the instance
    const json a = parse_json_arg(arg, "task_sample: argument");
    pg::Env& env = slot(id);
    pg::AuthoringSession s =
        pg::AuthoringSession::sample(a.value("template", json()), a.value("seed", std::uint64_t{0}), default_state());
    env.reset(s.inst.initial_state);
    json out = s.describe();
    out["initial_state"] = s.inst.initial_state;
    g_sessions.erase(id);
    g_sessions.emplace(id, std::move(s));
    return out;
  }
  if (method == "task_judge") {  // the judge on the slot's current state against its sampled instance
    auto it = g_sessions.find(id);
    if (it == g_sessions.end()) throw std::invalid_argument("no task instance sampled into slot " + std::to_string(id));
    return it->second.judge_state(slot(id).state()).to_json();
  }
  if (method == "task_check") {  // arg {"template", "seed", "actions"?}: on a fresh env, no slot touched
    const json a = parse_json_arg(arg, "task_check: argument");
    return pg::check_solution(a.value("template", json()), a.value("seed", std::uint64_t{0}), a.value("actions", json()),
                              default_state());
  }
  if (method == "task_clear") {
    g_sessions.erase(id);
    return {{"ok", true}};
  }
  if (method == "slots") return {{"slots", g_slots.ids()}};
  throw std::invalid_argument("unknown method \"" + method + "\"");
}

}  // namespace

extern "C" {

/// Initializes WebGL2 on the canvas "#phone" and the ImGui renderer; returns 0 or an error code.
EMSCRIPTEN_KEEPALIVE int pg_init() {
  EmscriptenWebGLContextAttributes attrs;
  emscripten_webgl_init_context_attributes(&attrs);
  attrs.majorVersion = 2;
  attrs.minorVersion = 0;
  attrs.alpha = false;
  attrs.antialias = false;
  attrs.depth = false;
  attrs.stencil = false;
  attrs.preserveDrawingBuffer = true;  // the viewer keeps the last frame visible
  emscripten_set_canvas_element_size("#phone", pg::kScreenWidth, pg::kScreenHeight);
  g_gl = emscripten_webgl_create_context("#phone", &attrs);
  if (g_gl <= 0) return -1;
  emscripten_webgl_make_context_current(g_gl);
  try {
    pg::ensure_imgui();
  } catch (const std::exception& e) {
    emscripten_log(EM_LOG_ERROR, "phonegym: %s", e.what());
    return -2;
  }
  if (!ImGui_ImplOpenGL3_Init("#version 300 es")) return -3;
  try {
    init_targets();
  } catch (const std::exception& e) {
    emscripten_log(EM_LOG_ERROR, "phonegym: %s", e.what());
    return -4;
  }
  return 0;
}

/// Calls one API method; returns a JSON string valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* pg_call(const char* method, int slot_id, const char* arg) {
  try {
    g_result = dispatch(method ? method : "", slot_id, arg).dump(-1, ' ', false, json::error_handler_t::replace);
  } catch (const std::exception& e) {
    g_result = json{{"error", std::string(method ? method : "") + ": " + e.what()}, {"error_type", pg::error_type(e)}}.dump(
        -1, ' ', false, json::error_handler_t::replace);
  }
  return g_result.c_str();
}

}  // extern "C"
