// A small JSON Schema subset ("schema-lite") for the state document: the OS part
// (sim/state/os_schema.json) and each app's runtime overlay (apps/<id>/schema.json, optional).
// Keywords: type (a name or a list of names: object, array, string, integer, number, boolean,
// null), properties, required, additionalProperties (true, false or a schema), items, enum,
// minimum, maximum. A schema without "type" accepts any type. docs/state.md describes it.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace pg {

/// Checks `value` against `schema`; returns "" if it fits, else the first error naming the path,
/// e.g. "os.time_ms must be an integer, not a string" or "os.colour is not a known key (known: ...)".
/// `path` is the dotted path of `value` ("os", "apps.clock"); array elements are written "[i]".
std::string schema_error(const nlohmann::json& value, const nlohmann::json& schema, const std::string& path);

/// Whether `schema` explicitly allows JSON null: "type" is "null" or lists it, or "enum" holds null.
bool schema_allows_null(const nlohmann::json& schema);

/// The sub-schema for member `key` of an object schema: properties[key], else a schema
/// additionalProperties, else {} (anything) — or nullptr when the key is not allowed.
const nlohmann::json* schema_member(const nlohmann::json& schema, const std::string& key);

/// The schema of the "os" part of the state (embedded sim/state/os_schema.json).
const nlohmann::json& os_schema();

/// The schema of app `id`'s runtime overlay (embedded apps/<id>/schema.json), or nullptr if the
/// app ships none (then any object is accepted).
const nlohmann::json* app_schema(const std::string& id);

/// A JSON type name as the schema uses it: "integer" for integral numbers, else json::type_name().
std::string json_type_name(const nlohmann::json& v);

}  // namespace pg
