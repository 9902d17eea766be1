#include "sim/env/env.hpp"
#include "trainer/pool/host.hpp"

#include <stdexcept>

namespace pg {

NativeHost::NativeHost() = default;
NativeHost::~NativeHost() = default;

Env& NativeHost::env(int slot) {
  auto it = envs_.find(slot);
  if (it == envs_.end()) throw std::out_of_range("native host: unknown env slot " + std::to_string(slot));
  return *it->second;
}

int NativeHost::create() {
  envs_[next_] = std::make_unique<Env>();
  return next_++;
}
void NativeHost::reset(int slot, const nlohmann::json& state) { env(slot).reset(state); }
nlohmann::json NativeHost::step(int slot, const Action& a) { return env(slot).step(a); }
nlohmann::json NativeHost::state(int slot) { return env(slot).state(); }
void NativeHost::set_state(int slot, const nlohmann::json& s) { env(slot).set_state(s); }
int NativeHost::fork(int slot) {
  envs_[next_] = env(slot).fork();
  return next_++;
}
void NativeHost::close(int slot) {
  env(slot);
  envs_.erase(slot);
}
Image NativeHost::screenshot(int, bool) {
  throw std::runtime_error(
      "native host has no renderer yet (the CPU rasterizer comes with the simulator core); use --host chromium");
}
nlohmann::json NativeHost::ui_tree(int slot) { return env(slot).ui_tree(); }

}  // namespace pg
