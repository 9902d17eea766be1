#include "sim/render/screen.hpp"

#include "sim/render/obs.hpp"

namespace pg {

Image render_screen(Phone& phone, bool full_size, bool som) {
  ObsSpec spec;
  if (full_size) spec.width = kScreenWidth, spec.height = kScreenHeight, spec.native = true;
  spec.som = som;
  return render_observation(phone, spec);
}

}  // namespace pg
