// Fuzz target: training config files and `--set key=value` overrides (trainer/algo/config.hpp),
// read by `phonegym train`. Input: JSON text merged into the defaults, or, when it is not JSON,
// one override per line. Bad input must be a ConfigError naming the key; an accepted config
// validates and survives its own round trip (to_json -> merge).
#include "fuzz.hpp"
#include "trainer/algo/config.hpp"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > pg::fuzz::kMaxInput) return 0;
  pg::TrainConfig cfg;
  const nlohmann::json j = nlohmann::json::parse(pg::fuzz::text(data, size), nullptr, false);
  try {
    if (!j.is_discarded()) {
      cfg.merge(j);
    } else {
      std::string_view rest = pg::fuzz::text(data, size);
      while (!rest.empty()) cfg.set(std::string(pg::fuzz::take_line(rest)));
      cfg.validate();
    }
  } catch (const pg::ConfigError&) {
    return 0;
  }
  pg::TrainConfig again;
  again.merge(cfg.to_json());  // must not throw
  if (again.to_json() != cfg.to_json()) std::abort();
  return 0;
}
