// World data: large, read-only, per-app collections (apps/<id>/world/<collection>.json) loaded
// once per process from the embedded files and shared by every env and fork. Never part of
// state(): an app's view is this data with the env's runtime overlay applied (overlay.hpp).
#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace pg {

/// One collection: entities in file order, each an object that carries its "id".
struct WorldCollection {
  std::vector<std::string> order;            ///< entity ids (as strings) in file order
  std::map<std::string, nlohmann::json> by_id;  ///< id string -> entity object (with "id")
  bool integer_ids = false;                  ///< the file's ids are integers (array form)
};

/// Immutable after construction; World::instance() is the process-wide one, thread-safe to read.
class World {
 public:
  /// The world of every installed app, parsed once from the embedded apps/*/world/*.json.
  /// Throws std::runtime_error naming the file on malformed data (first call only).
  static const World& instance();

  /// Builds a world from {"<app>": {"<collection>": <collection JSON>}}: each collection is an
  /// object {"<id>": {...}} or an array of objects with a scalar "id" (unique). Throws
  /// std::runtime_error naming `source` and the entity for a malformed collection. For tests.
  static World from_json(const nlohmann::json& apps, const std::string& source = "world");

  /// The entity, or nullptr if the app, collection or id is unknown.
  const nlohmann::json* entity(const std::string& app, const std::string& collection, const std::string& id) const;
  /// The collection, or nullptr.
  const WorldCollection* collection(const std::string& app, const std::string& collection) const;
  /// Names of the app's collections (sorted); empty for an app without world data.
  std::vector<std::string> collections(const std::string& app) const;

  /// Adds one collection (object or array form, in its given order); `source` names it in errors.
  void add(const std::string& app, const std::string& collection, const nlohmann::ordered_json& data,
           const std::string& source);

 private:
  std::map<std::string, std::map<std::string, WorldCollection>> apps_;
};

}  // namespace pg
