// PhoneGym's Dear ImGui configuration (IMGUI_USER_CONFIG, third_party/CMakeLists.txt): the current
// context is thread-local (the pattern imgui.cpp documents for GImGui), so that several threads
// of one process each draw phones with their own context (sim/render/frame.hpp ensure_imgui); the
// contexts share one font atlas, built once.
#pragma once

struct ImGuiContext;
extern thread_local ImGuiContext* PgImGuiContext;
#define GImGui PgImGuiContext
