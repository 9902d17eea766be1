// Fuzz target: a model's raw reply in each of the agent formats (trainer/agents/formats.hpp), the
// input `phonegym eval` and the trainer take from a VLM endpoint. ActionFormat::parse never
// throws: garbage is ok == false with a reason. Input: the first line names the format (or picks
// one by its first byte), the rest is the reply; each reply is parsed for both coordinate
// conventions the format allows, with a set-of-marks so element-index actions resolve.
#include "fuzz.hpp"
#include "trainer/agents/formats.hpp"

#include <cstdlib>

namespace {

const nlohmann::json& marks() {
  static const nlohmann::json m = nlohmann::json::parse(R"([
    {"mark": 1, "bounds": [0, 0, 540, 200], "x": 270, "y": 100, "id": "settings.wifi", "text": "Wi-Fi"},
    {"mark": 2, "bounds": [540, 0, 1080, 200], "x": 810, "y": 100, "id": "settings.bt", "text": "Bluetooth"},
    {"mark": 3, "bounds": [0, 2200, 1080, 2400], "x": 540, "y": 2300, "id": "nav.home", "text": ""}])");
  return m;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > pg::fuzz::kMaxInput) return 0;
  static const std::vector<std::string> names = pg::format_names();
  std::string_view rest = pg::fuzz::text(data, size);
  const std::string_view head = pg::fuzz::take_line(rest);
  std::string name;
  for (const std::string& n : names)
    if (head == n) name = n;
  if (name.empty()) {  // not a format name: the first byte picks one, the whole input is the reply
    name = names[size ? data[0] % names.size() : 0];
    rest = pg::fuzz::text(data, size);
  }
  const pg::ActionFormat& f = pg::find_format(name);
  for (pg::Coords c : f.allowed_coords()) {
    pg::ParseContext ctx;
    ctx.coords = c;
    ctx.image_w = 1092, ctx.image_h = 2408;
    ctx.marks = marks();
    const pg::ParseResult r = f.parse(rest, ctx);  // must not throw
    if (!r.ok && r.reason.empty()) std::abort();  // a refusal names its reason
    (void)r.to_json();
  }
  return 0;
}
