#include "sim/render/frame.hpp"

#include "sim/render/image.hpp"
#include "sim/ui/ui.hpp"

#include <imgui.h>

#include <stdexcept>

namespace pg {

namespace {
/// Destroys the ImGui context a thread made when the thread ends (pool workers come and go: a
/// restarted host's workers would otherwise leave theirs behind; found by LeakSanitizer).
struct ThreadContext {
  ImGuiContext* ctx = nullptr;
  ~ThreadContext() {
    if (ctx) ImGui::DestroyContext(ctx);
  }
};
thread_local ThreadContext t_context;
}  // namespace

void ensure_imgui() {
  if (ImGui::GetCurrentContext()) return;  // this thread's (the current context is thread-local)
  ImFontAtlas& atlas = shared_font_atlas();
  t_context.ctx = ImGui::CreateContext(&atlas);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  io.DisplaySize = ImVec2(static_cast<float>(kScreenWidth), static_cast<float>(kScreenHeight));
  io.DeltaTime = 1.0f / 60.0f;
}

FrameScope::FrameScope() : FrameScope(Screen()) {}

FrameScope::FrameScope(const Screen& screen) {
  ensure_imgui();
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(screen.width_px), static_cast<float>(screen.height_px));
  io.DeltaTime = 1.0f / 60.0f;
  io.MousePos = ImVec2(-1, -1);
  ImGui::NewFrame();
}

FrameScope::~FrameScope() {
  if (open_) ImGui::EndFrame();
}

ImDrawList* FrameScope::draw_list() { return ImGui::GetBackgroundDrawList(); }

ImDrawData* FrameScope::finish() {
  if (!open_) throw std::logic_error("FrameScope::finish called twice");
  open_ = false;
  ImGui::Render();
  return ImGui::GetDrawData();
}

}  // namespace pg
