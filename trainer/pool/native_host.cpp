#include "sim/env/env.hpp"
#include "sim/render/codec.hpp"
#include "sim/render/obs.hpp"
#include "sim/render/screen.hpp"
#include "trainer/pool/host.hpp"

#include <mutex>
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
  std::lock_guard<std::recursive_mutex> l(mu_);
  envs_[next_] = std::make_unique<Env>();
  return next_++;
}
void NativeHost::reset(int slot, const nlohmann::json& state) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  env(slot).reset(state);
}
nlohmann::json NativeHost::step(int slot, const Action& a) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  return env(slot).step(a);
}
nlohmann::json NativeHost::state(int slot) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  return env(slot).state();
}
void NativeHost::set_state(int slot, const nlohmann::json& s) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  env(slot).set_state(s);
}
void NativeHost::patch_state(int slot, const nlohmann::json& p) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  env(slot).apply_patch(p);
}
int NativeHost::fork(int slot) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  envs_[next_] = env(slot).fork();
  return next_++;
}
void NativeHost::close(int slot) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  env(slot);
  envs_.erase(slot);
}
Image NativeHost::screenshot(int slot, bool full_size) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  return render_screen(env(slot).phone(), full_size);
}
nlohmann::json NativeHost::ui_tree(int slot) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  return env(slot).ui_tree();
}
std::string NativeHost::ui_xml(int slot) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  return env(slot).ui_xml();
}
Image NativeHost::screenshot_som(int slot, bool full_size) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  return render_screen(env(slot).phone(), full_size, true);
}
HostObservation NativeHost::observe(int slot, const ObsSpec& spec) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  HostObservation o;
  o.spec = spec;
  Image img = render_observation(env(slot).phone(), spec, &o.hash);
  if (spec.format == ObsSpec::Format::Raw) o.image = std::move(img);
  else o.encoded = encode_image(img, spec.format, spec.quality);
  if (spec.ui_xml) o.ui_xml = env(slot).ui_xml();
  return o;
}
nlohmann::json NativeHost::marks(int slot) {
  std::lock_guard<std::recursive_mutex> l(mu_);
  return env(slot).marks();
}

}  // namespace pg
