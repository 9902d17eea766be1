#include "sim/render/screen.hpp"

#include "sim/os/phone.hpp"
#include "sim/render/cpu_renderer.hpp"
#include "sim/render/frame.hpp"
#include "sim/ui/a11y.hpp"
#include "sim/ui/ui.hpp"

#include <memory>

namespace pg {

Image render_screen(Phone& phone, bool full_size, bool som) {
  ensure_imgui();
  static std::unique_ptr<CpuRenderer> renderer;  // holds a copy of the font atlas
  if (!renderer) renderer = std::make_unique<CpuRenderer>();
  FrameScope frame;
  Ui ui(frame.draw_list(), phone);
  phone.build(ui);
  if (som) draw_marks(ui, set_of_marks(ui.nodes()));
  const ImDrawData* dd = frame.finish();
  Image img;
  // The observation is box_downscale(full frame, 4), computed strip by strip (the same bytes).
  if (full_size) renderer->render(dd, img);
  else renderer->render_downscaled(dd, kScreenWidth / kObsWidth, img);
  return img;
}

}  // namespace pg
