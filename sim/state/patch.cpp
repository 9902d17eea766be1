#include "sim/state/patch.hpp"

#include "sim/os/phone.hpp"

#include <set>
#include <string>

namespace pg {

using json = nlohmann::json;

namespace {

/// nlohmann's "[json.exception.out_of_range.403] key 'x' not found" without the bracketed tag.
std::string plain(const std::string& what) {
  const auto close = what.find("] ");
  return what.rfind("[json.exception", 0) == 0 && close != std::string::npos ? what.substr(close + 2) : what;
}

}  // namespace

json apply_state_patch(const json& state, const json& patch) {
  if (!patch.is_array())
    throw StateError(std::string("patch: must be an RFC 6902 JSON Patch (an array of operations such as "
                                 "{\"op\": \"replace\", \"path\": \"/os/battery/level\", \"value\": 20}), not ") +
                     (patch.is_object() ? "an object (RFC 7386 merge patches are not accepted)" : patch.type_name()));
  static const std::set<std::string> kOps = {"add", "remove", "replace", "move", "copy", "test"};
  json out = state;
  for (std::size_t i = 0; i < patch.size(); ++i) {
    const json& op = patch[i];
    const std::string at = "patch[" + std::to_string(i) + "]";
    if (!op.is_object() || !op.contains("op") || !op["op"].is_string() || !op.contains("path") || !op["path"].is_string())
      throw StateError(at + ": an operation is an object with string \"op\" and \"path\", got " + op.dump());
    const std::string name = op["op"].get<std::string>(), path = op["path"].get<std::string>();
    const std::string where = at + " (" + name + " " + path + ")";
    if (!kOps.count(name)) throw StateError(where + ": \"op\" must be one of add, remove, replace, move, copy, test");
    if ((name == "add" || name == "replace" || name == "test") && !op.contains("value"))
      throw StateError(where + ": missing \"value\"");
    if ((name == "move" || name == "copy") && !(op.contains("from") && op["from"].is_string()))
      throw StateError(where + ": missing string \"from\"");
    try {
      out.patch_inplace(json::array({op}));  // on a throw, `out` is dropped: all or nothing
    } catch (const json::exception& e) {
      throw StateError(where + ": " + plain(e.what()));
    }
  }
  return out;
}

}  // namespace pg
