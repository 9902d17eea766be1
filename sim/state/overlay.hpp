// Overlay resolution: the view an app renders is its world data (world.hpp) with the env's runtime
// overlay applied. In an app's overlay (state "apps.<id>"), a key named like one of the app's
// world collections holds that collection's overlay: {"<entity id>": entity | null}.
//  - absent id: the world entity falls through unchanged;
//  - null: the entity is deleted from the view;
//  - an object: merged over the world entity with RFC 7386 semantics (its fields win, a null
//    field deletes that field, nested objects merge, arrays replace); an id the world lacks adds
//    a new entity. The "id" of an entity is always its key.
// View order: world (file) order, then new overlay ids in natural order (numeric ids by value).
#pragma once

#include "sim/state/world.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace pg {

/// The merged view of one collection: a JSON array of entity objects, each with its "id".
/// `app_overlay` is the app's overlay object (state "apps.<app>"); a missing collection key means
/// no changes. An unknown app/collection has an empty world (the view is the overlay's entities).
nlohmann::json resolve_collection(const World& world, const nlohmann::json& app_overlay, const std::string& app,
                                  const std::string& collection);

/// One entity of the merged view, or null if it is deleted or exists in neither layer.
nlohmann::json resolve_entity(const World& world, const nlohmann::json& app_overlay, const std::string& app,
                              const std::string& collection, const std::string& id);

/// Checks an app's overlay: an object; each world-collection key an object of id -> object|null
/// whose fields keep the world entity's types; every other key against apps/<app>/schema.json
/// (if the app has one). Returns "" or the first error naming the path (`path` is "apps.<app>").
std::string app_overlay_error(const World& world, const std::string& app, const nlohmann::json& overlay,
                              const std::string& path);

/// Orders ids naturally: all-digit ids by numeric value, before other ids, which sort as strings.
bool natural_id_less(const std::string& a, const std::string& b);

/// Writes `changes` over entity `key` of a collection overlay, keeping the overlay minimal: a
/// field equal to the world entity's value (`world`, null if the entity is not in world data)
/// is dropped, and an entry left empty over a world entity is removed.
void write_overlay_entity(nlohmann::json& collection_overlay, const std::string& key, const nlohmann::json* world,
                          const nlohmann::json& changes);

}  // namespace pg
