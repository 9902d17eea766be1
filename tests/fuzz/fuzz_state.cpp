// Fuzz target: state JSON and RFC 6902 patches (Env::set_state, Env::apply_patch; docs/state.md),
// what task setups, `phonegym state`, the studio, the env server's set_state and adbd's side
// channel write. Input: JSON text. An object is a whole state for set_state; an array is a patch
// for apply_patch on a fresh phone. Bad input must be a StateError (nothing changed); a state that
// was accepted must then render and take a step (apps read whatever the schema let through).
#include "fuzz.hpp"
#include "sim/env/env.hpp"
#include "sim/input/action.hpp"
#include "sim/os/phone.hpp"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > pg::fuzz::kMaxInput) return 0;
  static pg::Env env;
  static const nlohmann::json fresh = env.state();
  static const std::unique_ptr<pg::Env> pristine = env.fork();
  const nlohmann::json j = nlohmann::json::parse(pg::fuzz::text(data, size), nullptr, false);
  if (j.is_discarded()) return 0;
  env = *pristine;  // a copy, as a fork is made: the input's own set_state is the one fuzzed
  try {
    if (j.is_object())
      env.set_state(j);
    else if (j.is_array())
      env.apply_patch(j);
    else
      return 0;
  } catch (const pg::StateError&) {
    if (env.state() != fresh) std::abort();  // a refused state or patch changes nothing
    return 0;
  }
  (void)env.ui_tree();
  env.step(pg::parse_action(std::string_view(R"({"type":"click","x":500,"y":500})")));
  env.step(pg::parse_action(std::string_view(R"({"type":"back"})")));
  return 0;
}
