// Fuzz target: the judge's path language (tasks/judge.hpp select_path / select_pointers; docs/tasks.md
// "Paths"), e.g. `view.shop.orders[status=processing][first].id`, evaluated on a fresh phone's
// state. A malformed path must be a TaskError; a path that parses selects values and pointers of
// the same count.
#include "fuzz.hpp"
#include "sim/os/phone.hpp"
#include "tasks/judge.hpp"
#include "tasks/task.hpp"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  static const nlohmann::json state = pg::Phone::default_state();
  const std::string path(pg::fuzz::text(data, size));
  try {
    const auto values = pg::select_path(state, path);
    const auto pointers = pg::select_pointers(state, path);
    if (values.size() != pointers.size()) std::abort();
  } catch (const pg::TaskError&) {
  }
  return 0;
}
