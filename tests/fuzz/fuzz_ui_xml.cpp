// Fuzz target: `uiautomator dump` XML from a real device (sim/ui/a11y.hpp parse_ui_xml), read by
// the ADB backend every step of a replay. Text that is not a dump must be a std::runtime_error;
// a dump gives nodes whose bounds are four integers.
#include "fuzz.hpp"
#include "sim/ui/a11y.hpp"

#include <cstdlib>
#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > pg::fuzz::kMaxInput) return 0;
  try {
    const nlohmann::json tree = pg::parse_ui_xml(std::string(pg::fuzz::text(data, size)), 1080, 2400);
    for (const nlohmann::json& n : tree.at("nodes"))
      if (!n.at("bounds").is_array() || n.at("bounds").size() != 4) std::abort();
  } catch (const std::runtime_error&) {
  }
  return 0;
}
