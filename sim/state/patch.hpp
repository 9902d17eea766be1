// Deep-merge patches of the state document (set_state with a partial state).
#pragma once

#include <nlohmann/json.hpp>

namespace pg {

/// `state` with the RFC 7386 merge patch `patch` applied: objects merge recursively, any other
/// value replaces (arrays replace whole), and null deletes the key — except where the state keeps
/// nulls: a key whose schema allows null (e.g. os.toast, os.keyboard.focus) is set to null, and
/// inside a world-collection overlay (apps.<id>.<collection>) every null is stored, since there
/// null means "deleted from the world data". The result is not validated (Phone::validate does).
/// Throws StateError if `patch` is not an object.
nlohmann::json merge_state_patch(const nlohmann::json& state, const nlohmann::json& patch);

}  // namespace pg
