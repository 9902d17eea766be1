// One ImGui frame of the phone: the process-wide ImGui context (created once, fonts loaded) and a
// scope that opens a frame, hands out the draw list, and closes it. Native and wasm share this.
#pragma once

struct ImDrawList;
struct ImDrawData;

namespace pg {

struct Screen;

/// Creates the ImGui context and font atlas once per process (1080x2400 display, fixed 1/60 s
/// delta time). Throws std::runtime_error if a font is missing.
void ensure_imgui();

/// Opens an ImGui frame on construction; finish() renders it (draw data for a renderer); the
/// destructor ends an unfinished frame (layout-only passes). Not reentrant.
class FrameScope {
 public:
  /// A frame for the nominal phone's 1080x2400 screen.
  FrameScope();
  /// A frame whose display is `screen`'s pixels (the phone's device profile, Phone::screen()).
  explicit FrameScope(const Screen& screen);
  ~FrameScope();
  FrameScope(const FrameScope&) = delete;
  FrameScope& operator=(const FrameScope&) = delete;
  ImDrawList* draw_list();
  /// Ends the frame and returns its draw data (owned by ImGui until the next frame).
  ImDrawData* finish();

 private:
  bool open_ = true;
};

}  // namespace pg
