// Fuzz target: the action language's JSON text (sim/input/action.hpp parse_action), what every
// host, the env server and `phonegym adbd`'s side channel accept from agents. Bad input must be an
// ActionError; a parsed action must survive its own round trip (to_json -> parse_action).
#include "fuzz.hpp"
#include "sim/input/action.hpp"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > pg::fuzz::kMaxInput) return 0;
  pg::Action a;
  try {
    a = pg::parse_action(pg::fuzz::text(data, size));
  } catch (const pg::ActionError&) {
    return 0;
  }
  const pg::Action again = pg::parse_action(pg::to_json(a));  // must not throw
  if (!(again == a)) std::abort();
  return 0;
}
