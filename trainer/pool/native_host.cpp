#include "sim/env/env.hpp"
#include "sim/render/codec.hpp"
#include "sim/render/obs.hpp"
#include "sim/render/screen.hpp"
#include "trainer/pool/host.hpp"

#include <mutex>

namespace pg {

NativeHost::NativeHost() = default;
NativeHost::~NativeHost() = default;

using Lock = std::lock_guard<std::recursive_mutex>;

int NativeHost::create() {
  Lock l(mu_);
  return slots_.create();
}
void NativeHost::reset(int slot, const nlohmann::json& state) {
  Lock l(mu_);
  slots_.at(slot).reset(state);
}
nlohmann::json NativeHost::step(int slot, const Action& a) {
  Lock l(mu_);
  return slots_.at(slot).step(a);
}
nlohmann::json NativeHost::state(int slot) {
  Lock l(mu_);
  return slots_.at(slot).state();
}
void NativeHost::set_state(int slot, const nlohmann::json& s) {
  Lock l(mu_);
  slots_.at(slot).set_state(s);
}
void NativeHost::patch_state(int slot, const nlohmann::json& p) {
  Lock l(mu_);
  slots_.at(slot).apply_patch(p);
}
int NativeHost::fork(int slot) {
  Lock l(mu_);
  return slots_.fork(slot);
}
void NativeHost::close(int slot) {
  Lock l(mu_);
  slots_.close(slot);
}
void NativeHost::restart() {
  Lock l(mu_);
  slots_.clear();
}
nlohmann::json NativeHost::ui_tree(int slot) {
  Lock l(mu_);
  return slots_.at(slot).ui_tree();
}
std::string NativeHost::ui_xml(int slot) {
  Lock l(mu_);
  return slots_.at(slot).ui_xml();
}
nlohmann::json NativeHost::marks(int slot) {
  Lock l(mu_);
  return slots_.at(slot).marks();
}
Image NativeHost::capture(int slot, bool full_size, bool som) {
  Lock l(mu_);
  return render_screen(slots_.at(slot).phone(), full_size, som);
}
HostObservation NativeHost::observe(int slot, const ObsSpec& spec) {
  Lock l(mu_);
  Env& env = slots_.at(slot);
  HostObservation o;
  o.spec = spec;
  Image img = render_observation(env.phone(), spec, &o.hash);
  if (spec.format == ObsSpec::Format::Raw) o.image = std::move(img);
  else o.encoded = encode_image(img, spec.format, spec.quality);
  if (spec.ui_xml) o.ui_xml = env.ui_xml();
  return o;
}
std::vector<BatchResult> NativeHost::step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec) {
  return step_batch_one_by_one(ops, spec);
}
std::vector<WhatIf> NativeHost::what_if(int slot, const std::vector<Action>& actions,
                                        const std::vector<std::string>& restore) {
  Lock l(mu_);
  return slots_.what_if(slot, actions, restore);
}

}  // namespace pg
