// The browser host: the wasm phone with a WebGL2 renderer and many env slots in one tab.
// JavaScript calls pg_call(method, slot, arg) through web/phonegym.js, which exposes
// window.phonegym (docs/host-api.md). Every call returns a JSON string; errors come back as
// {"error": "..."} for that call only (C++ exceptions are caught, never abort the tab).
#include "sim/env/env.hpp"
#include "sim/render/frame.hpp"
#include "sim/render/image.hpp"
#include "sim/ui/ui.hpp"

#include <emscripten/emscripten.h>
#include <emscripten/html5.h>
#include <GLES3/gl3.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <map>
#include <memory>
#include <string>

namespace {

using json = nlohmann::json;

std::map<int, std::unique_ptr<pg::Env>> g_slots;
int g_next_slot = 0;
std::string g_result;
EMSCRIPTEN_WEBGL_CONTEXT_HANDLE g_gl = 0;

pg::Env& slot(int id) {
  auto it = g_slots.find(id);
  if (it == g_slots.end()) throw std::out_of_range("unknown env slot " + std::to_string(id));
  return *it->second;
}

json parse_json_arg(const char* arg, const char* what) {
  json j = json::parse(arg ? arg : "", nullptr, false);
  if (j.is_discarded()) throw std::invalid_argument(std::string(what) + ": malformed JSON");
  return j;
}

/// Renders the slot's screen into the canvas' default framebuffer (1080x2400) and reads it back.
pg::Image render(pg::Env& env) {
  ImGui_ImplOpenGL3_NewFrame();  // creates the shaders and the font texture on first use
  pg::FrameScope frame;
  pg::Ui ui(frame.draw_list(), env.phone());
  env.phone().build(ui);
  ImDrawData* dd = frame.finish();
  glViewport(0, 0, pg::kScreenWidth, pg::kScreenHeight);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(dd);
  std::vector<unsigned char> rgba(static_cast<std::size_t>(pg::kScreenWidth) * pg::kScreenHeight * 4);
  glReadPixels(0, 0, pg::kScreenWidth, pg::kScreenHeight, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  pg::Image img;
  img.width = pg::kScreenWidth;
  img.height = pg::kScreenHeight;
  img.channels = 3;
  img.data.resize(static_cast<std::size_t>(img.width) * img.height * 3);
  for (int y = 0; y < img.height; ++y) {  // GL rows go bottom-up
    const unsigned char* src = rgba.data() + static_cast<std::size_t>(img.height - 1 - y) * img.width * 4;
    unsigned char* dst = img.data.data() + static_cast<std::size_t>(y) * img.width * 3;
    for (int x = 0; x < img.width; ++x) {
      dst[x * 3 + 0] = src[x * 4 + 0];
      dst[x * 3 + 1] = src[x * 4 + 1];
      dst[x * 3 + 2] = src[x * 4 + 2];
    }
  }
  return img;
}

json dispatch(const std::string& method, int id, const char* arg) {
  if (method == "create") {
    int s = g_next_slot++;
    g_slots[s] = std::make_unique<pg::Env>();
    return {{"slot", s}};
  }
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
  if (method == "fork") {
    auto copy = slot(id).fork();
    int s = g_next_slot++;
    g_slots[s] = std::move(copy);
    return {{"slot", s}};
  }
  if (method == "close") {
    slot(id);
    g_slots.erase(id);
    return {{"ok", true}};
  }
  if (method == "ui_tree") return slot(id).ui_tree();
  if (method == "screenshot") {
    const std::string size = arg ? arg : "obs";
    if (size != "obs" && size != "full")
      throw std::invalid_argument("screenshot: size \"" + size + "\" is not \"obs\" or \"full\"");
    pg::Image img = render(slot(id));
    if (size == "obs") img = pg::box_downscale(img, pg::kScreenWidth / pg::kObsWidth);
    return {{"width", img.width}, {"height", img.height}, {"format", "rgb"},
            {"data", pg::base64_encode(img.data.data(), img.data.size())}};
  }
  if (method == "render") {  // draw the slot on the visible canvas (the interactive viewer)
    render(slot(id));
    return {{"ok", true}};
  }
  if (method == "slots") {
    json ids = json::array();
    for (auto& [k, v] : g_slots) ids.push_back(k);
    return {{"slots", ids}};
  }
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
  return 0;
}

/// Calls one API method; returns a JSON string valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* pg_call(const char* method, int slot_id, const char* arg) {
  try {
    g_result = dispatch(method ? method : "", slot_id, arg).dump(-1, ' ', false, json::error_handler_t::replace);
  } catch (const std::exception& e) {
    g_result = json{{"error", std::string(method ? method : "") + ": " + e.what()}}.dump();
  }
  return g_result.c_str();
}

}  // extern "C"
