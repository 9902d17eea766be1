#include "sim/state/patch.hpp"

#include "sim/os/phone.hpp"
#include "sim/state/schema.hpp"
#include "sim/state/world.hpp"

#include <algorithm>

namespace pg {

using json = nlohmann::json;

namespace {

/// Where a value sits in the state, enough to know what a null in the patch means there.
struct Ctx {
  enum Kind { Root, Apps, App, Schema, KeepNulls, Plain } kind = Plain;
  const json* schema = nullptr;  // Schema
  std::string app;               // App
};

Ctx member(const Ctx& c, const std::string& key) {
  switch (c.kind) {
    case Ctx::Root:
      if (key == "os") return {Ctx::Schema, &os_schema(), ""};
      if (key == "apps") return {Ctx::Apps, nullptr, ""};
      return {};
    case Ctx::Apps:
      return {Ctx::App, nullptr, key};
    case Ctx::App: {
      const auto colls = World::instance().collections(c.app);
      if (std::find(colls.begin(), colls.end(), key) != colls.end()) return {Ctx::KeepNulls, nullptr, ""};
      if (const json* s = app_schema(c.app))
        if (const json* m = schema_member(*s, key)) return {Ctx::Schema, m, ""};
      return {};
    }
    case Ctx::Schema: {
      if (const json* m = schema_member(*c.schema, key)) return {Ctx::Schema, m, ""};
      return {};
    }
    case Ctx::KeepNulls:
      return c;
    case Ctx::Plain:
      return {};
  }
  return {};
}

bool keeps_null(const Ctx& c) {
  return c.kind == Ctx::KeepNulls || (c.kind == Ctx::Schema && schema_allows_null(*c.schema));
}

void merge(json& target, const json& patch, const Ctx& ctx) {
  if (!patch.is_object()) {
    target = patch;
    return;
  }
  if (!target.is_object()) target = json::object();
  for (auto it = patch.begin(); it != patch.end(); ++it) {
    const Ctx child = member(ctx, it.key());
    if (it->is_null()) {
      if (keeps_null(child)) target[it.key()] = nullptr;
      else target.erase(it.key());
    } else {
      merge(target[it.key()], *it, child);
    }
  }
}

}  // namespace

json merge_state_patch(const json& state, const json& patch) {
  if (!patch.is_object())
    throw StateError(std::string("patch: must be a JSON object (an RFC 7386 merge patch), not ") + patch.type_name());
  json out = state;
  merge(out, patch, Ctx{Ctx::Root, nullptr, ""});
  return out;
}

}  // namespace pg
