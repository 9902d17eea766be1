#include "sim/env/env.hpp"

#include "sim/os/app.hpp"
#include "sim/render/frame.hpp"
#include "sim/render/image.hpp"
#include "sim/ui/lint.hpp"
#include "sim/state/patch.hpp"
#include "sim/ui/a11y.hpp"

namespace pg {

void Env::reset(const nlohmann::json& state) {
  if (state.is_null())
    phone_.set_state(Phone::default_state());
  else
    phone_.set_state(state);
}

void Env::apply_patch(const nlohmann::json& patch) {
  phone_.set_state(apply_state_patch(phone_.state(), patch));  // validates before replacing
}

nlohmann::json Env::step(const Action& a) {
  // A widget id instead of a point: the centre of that widget on the current screen.
  const Action resolved = a.target.empty() ? a : resolve_target(a, ui_tree());
  Phone saved = phone_;  // its stored form: the OS part and the apps that differ from defaults
  try {
    StepInfo info = phone_.step(resolved);
    nlohmann::json out{{"ok", true}, {"info", info.to_json()}};
    if (!a.target.empty()) out["info"]["point"] = {resolved.x, resolved.y};
    return out;
  } catch (...) {
    phone_ = std::move(saved);  // a failed action changes nothing
    throw;
  }
}

nlohmann::json Env::ui_tree() {
  nlohmann::json nodes = nlohmann::json::array();
  for (const Node& n : phone_.layout()) nodes.push_back(n.to_json());
  const Screen screen = phone_.screen();
  return {{"width", screen.width_px}, {"height", screen.height_px}, {"nodes", nodes}};
}

std::string Env::foreground_package() const {
  const std::string fg = phone_.foreground();
  if (fg == "launcher") return kLauncherPackage;
  const App* app = AppRegistry::instance().find(fg);
  return app ? app->manifest().value("package", fg) : fg;
}

std::string Env::ui_xml() { return pg::ui_xml(phone_.layout(), foreground_package(), phone_.screen()); }

nlohmann::json Env::marks() { return marks_json(set_of_marks(phone_.layout(), phone_.screen())); }

std::vector<std::string> Env::lint() {
  FrameScope frame(phone_.screen());
  Ui ui(frame.draw_list(), phone_);
  phone_.build(ui);
  return lint_screen(ui);
}

}  // namespace pg
