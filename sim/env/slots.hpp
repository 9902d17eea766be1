// Env slots: the table of independent phones a host holds, addressed by integer ids. The native
// host (trainer/pool/native_host.cpp) and the wasm page (web/main.cpp) both keep their envs here,
// so create/fork/close, unknown ids, the what-if primitive and the kinds of errors behave the same
// on both.
#pragma once

#include "sim/env/env.hpp"
#include "sim/input/action.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pg {

/// An env slot id that does not exist (never created, or closed): "unknown env slot 7".
struct SlotError : std::out_of_range {
  using std::out_of_range::out_of_range;
};

/// The kind of a failed env call, by the exception's type (never its text): "action"
/// (ActionError: the action was rejected, nothing changed), "state" (StateError: a state or patch
/// that does not fit the schema), "slot" (SlotError), "argument" (std::invalid_argument: malformed
/// JSON, a bad observation spec...), "internal" (anything else). The page reports it as
/// {"error": text, "error_type": kind}; the browser host throws the same type again.
const char* error_type(const std::exception& e) noexcept;

/// FNV-1a 64 of bytes, as 16 lower-case hex digits.
std::string fnv1a64_hex(std::string_view bytes);

/// One candidate action tried on a throwaway fork of a slot (the what-if primitive, raw: what
/// counts as an equal outcome is decided by the caller, Host::outcomes).
struct WhatIf {
  std::string error;       ///< non-empty: the action was rejected (ActionError's text); no hashes
  std::string state_hash;  ///< fnv1a64_hex of the state's JSON text after the action
  std::string ui_hash;     ///< fnv1a64_hex of the UI tree's JSON text after the action
  bool ok() const { return error.empty(); }
  nlohmann::json to_json() const;  ///< {"state", "ui"} or {"error", "error_type": "action"}
  static WhatIf from_json(const nlohmann::json& j);  ///< throws std::invalid_argument
};

/// Forks `env`, steps the fork with `a`, puts the values at the JSON pointers `restore` (e.g.
/// "/os/time_ms") back to the values they had in `env` before the action, hashes the fork's state
/// and UI tree, and drops the fork. `env` is unchanged. Only ActionError is caught (as a rejected
/// action); other errors propagate.
WhatIf what_if(const Env& env, const Action& a, const std::vector<std::string>& restore);

/// The slot table: envs by id, ids never reused. Not thread-safe (hosts lock around it).
class EnvSlots {
 public:
  /// A new slot at the default state; returns its id.
  int create();
  /// A new slot with a copy of `slot`'s env (same state, same future); throws SlotError.
  int fork(int slot);
  /// Frees the slot; throws SlotError if it does not exist.
  void close(int slot);
  /// The slot's env; throws SlotError ("unknown env slot N").
  Env& at(int slot);
  bool contains(int slot) const { return envs_.count(slot) != 0; }
  /// Live slot ids, ascending.
  std::vector<int> ids() const;
  std::size_t size() const { return envs_.size(); }
  /// Frees every slot (ids are still not reused).
  void clear() { envs_.clear(); }
  /// what_if() for each action from `slot`'s env; throws SlotError.
  std::vector<WhatIf> what_if(int slot, const std::vector<Action>& actions, const std::vector<std::string>& restore);

 private:
  std::map<int, std::unique_ptr<Env>> envs_;
  int next_ = 0;
};

}  // namespace pg
