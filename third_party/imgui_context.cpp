// The thread-local current ImGui context declared by imgui_config.h.
#include <imgui.h>

thread_local ImGuiContext* PgImGuiContext = nullptr;
