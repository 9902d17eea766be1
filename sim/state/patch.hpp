// Patches of the state document: RFC 6902 JSON Patch, the one patch format of PhoneGym (template
// setup, patch_state, Env::apply_patch, the page API, the studio's diff; docs/state.md).
#pragma once

#include <nlohmann/json.hpp>

namespace pg {

/// `state` with the RFC 6902 JSON Patch `patch` applied: an array of operations
/// {"op": add|remove|replace|move|copy|test, "path": "<JSON pointer>", "value"?, "from"?}, applied
/// in order, all or nothing. null is an ordinary value (`replace /os/toast null` hides the toast;
/// `add /apps/clock/cities/paris null` deletes Paris from the world data's view); `remove` drops
/// a key or an array element. The result is not validated (Phone::validate does). Throws
/// StateError naming the operation, e.g. `patch[1] (replace /os/battery/lvl): key 'lvl' not
/// found`, or `patch: must be an RFC 6902 JSON Patch (an array of operations), not an object`.
nlohmann::json apply_state_patch(const nlohmann::json& state, const nlohmann::json& patch);

}  // namespace pg
