// Differences between two states as RFC 6902 JSON Patches.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace pg {

/// The RFC 6902 patch that turns `a` into `b` (a JSON array of operations; `a.patch(diff)` == b).
/// Objects are compared key by key. Arrays whose elements are all objects with a unique scalar
/// "id" (in both a and b) are diffed by id: "remove" for ids only in a, "add" for ids only in b,
/// "move" for reordered ids, and field-level operations inside entities kept in both — so
/// deleting alarm 1 of [1,2,3] is one "remove /apps/clock/alarms/0", not three replaces. Other
/// arrays use nlohmann::json::diff (by index). `path` is a JSON pointer prefix ("" for the root).
nlohmann::json state_diff(const nlohmann::json& a, const nlohmann::json& b, const std::string& path = "");

/// Escapes one JSON pointer reference token ("~" -> "~0", "/" -> "~1").
std::string json_pointer_escape(const std::string& token);

}  // namespace pg
