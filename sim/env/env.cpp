#include "sim/env/env.hpp"

#include "sim/render/image.hpp"

namespace pg {

void Env::reset(const nlohmann::json& state) {
  if (state.is_null())
    phone_.set_state(Phone::default_state());
  else
    phone_.set_state(state);
}

nlohmann::json Env::step(const Action& a) {
  nlohmann::json saved = phone_.state();
  try {
    StepInfo info = phone_.step(a);
    return {{"ok", true}, {"info", info.to_json()}};
  } catch (...) {
    phone_.mutable_state() = std::move(saved);  // a failed action changes nothing
    throw;
  }
}

nlohmann::json Env::ui_tree() {
  nlohmann::json nodes = nlohmann::json::array();
  for (const Node& n : phone_.layout()) nodes.push_back(n.to_json());
  return {{"width", kScreenWidth}, {"height", kScreenHeight}, {"nodes", nodes}};
}

}  // namespace pg
