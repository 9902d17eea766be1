// Fuzz target: task templates (tasks/task.hpp parse_template, sample_instance; docs/tasks.md),
// the files `phonegym tasks`, the studio and the env server load. Templates are data: a template
// can name paths, widget ids and values, never run code. Bad input must be a TaskError naming
// the field; an accepted template samples instances (setup patches applied to a fresh state) or
// refuses with a TaskError.
#include "fuzz.hpp"
#include "sim/os/phone.hpp"
#include "tasks/task.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > pg::fuzz::kMaxInput) return 0;
  static const nlohmann::json defaults = pg::Phone::default_state();
  const nlohmann::json j = nlohmann::json::parse(pg::fuzz::text(data, size), nullptr, false);
  if (j.is_discarded()) return 0;
  try {
    const pg::TaskTemplate t = pg::parse_template(j, "fuzz.json");
    for (std::uint64_t seed = 0; seed < 3; ++seed) (void)pg::sample_instance(t, seed, defaults);
  } catch (const pg::TaskError&) {
  }
  return 0;
}
