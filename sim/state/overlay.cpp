#include "sim/state/overlay.hpp"

#include "sim/state/schema.hpp"

#include <algorithm>
#include <cctype>

namespace pg {

using json = nlohmann::json;

namespace {

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

/// The entity's "id" value: an integer for integer-id collections when the key is numeric.
json id_value(const WorldCollection* c, const std::string& key) {
  if (c && c->integer_ids && all_digits(key) && key.size() < 19) return std::stoll(key);
  return key;
}

json strip_nulls(const json& v) {
  json e = json::object();
  e.merge_patch(v);  // RFC 7386 onto {}: keeps everything but nulls (recursively)
  return e;
}

}  // namespace

bool natural_id_less(const std::string& a, const std::string& b) {
  const bool da = all_digits(a), db = all_digits(b);
  if (da != db) return da;
  if (da) {
    const auto a0 = a.find_first_not_of('0'), b0 = b.find_first_not_of('0');
    const std::string ta = a0 == std::string::npos ? "" : a.substr(a0), tb = b0 == std::string::npos ? "" : b.substr(b0);
    if (ta.size() != tb.size()) return ta.size() < tb.size();
    if (ta != tb) return ta < tb;
  }
  return a < b;
}

json resolve_collection(const World& world, const json& app_overlay, const std::string& app,
                        const std::string& collection) {
  static const json kEmpty = json::object();
  const WorldCollection* c = world.collection(app, collection);
  const json* ov = &kEmpty;
  if (app_overlay.is_object()) {
    auto it = app_overlay.find(collection);
    if (it != app_overlay.end() && it->is_object()) ov = &*it;
  }
  json view = json::array();
  if (c)
    for (const std::string& id : c->order) {
      const json& base = c->by_id.at(id);
      auto o = ov->find(id);
      if (o == ov->end()) {
        view.push_back(base);  // absent: falls through
      } else if (!o->is_null()) {  // null: deleted
        json e = base;
        e.merge_patch(*o);
        e["id"] = base["id"];
        view.push_back(std::move(e));
      }
    }
  std::vector<std::string> added;
  for (auto it = ov->begin(); it != ov->end(); ++it)
    if (!it->is_null() && !(c && c->by_id.count(it.key()))) added.push_back(it.key());
  std::sort(added.begin(), added.end(), natural_id_less);
  for (const std::string& id : added) {
    json e = strip_nulls((*ov)[id]);
    e["id"] = id_value(c, id);
    view.push_back(std::move(e));
  }
  return view;
}

json resolve_entity(const World& world, const json& app_overlay, const std::string& app, const std::string& collection,
                    const std::string& id) {
  const WorldCollection* c = world.collection(app, collection);
  const json* base = world.entity(app, collection, id);
  const json* o = nullptr;
  if (app_overlay.is_object()) {
    auto it = app_overlay.find(collection);
    if (it != app_overlay.end() && it->is_object() && it->contains(id)) o = &(*it)[id];
  }
  if (!o) return base ? *base : json(nullptr);
  if (o->is_null()) return nullptr;
  json e = base ? *base : json::object();
  e.merge_patch(*o);
  e["id"] = base ? (*base)["id"] : id_value(c, id);
  return e;
}

std::string app_overlay_error(const World& world, const std::string& app, const json& overlay, const std::string& path) {
  if (!overlay.is_object()) return path + " must be an object, not " + std::string(overlay.type_name());
  json rest = overlay;
  for (const std::string& name : world.collections(app)) {
    auto it = overlay.find(name);
    if (it == overlay.end()) continue;
    rest.erase(name);
    const std::string cp = path + "." + name;
    if (!it->is_object())
      return cp + " must be an object {id: entity or null} (the overlay of world collection " + name + "), not " +
             json_type_name(*it);
    for (auto e = it->begin(); e != it->end(); ++e) {
      const std::string ep = cp + "." + e.key();
      if (e->is_null()) continue;
      if (!e->is_object()) return ep + " must be an object (merged over the world entity) or null (deleted), not " +
                                  json_type_name(*e);
      const json* base = world.entity(app, name, e.key());
      if (e->contains("id") && !(*e)["id"].is_null()) {
        const json& id = (*e)["id"];
        const std::string ids = id.is_string() ? id.get<std::string>() : id.dump();
        if (ids != e.key()) return ep + ".id = " + id.dump() + " must equal its key \"" + e.key() + "\" (or be omitted)";
      }
      if (!base) continue;
      for (auto f = e->begin(); f != e->end(); ++f) {
        if (f->is_null() || !base->contains(f.key()) || (*base)[f.key()].is_null()) continue;
        const std::string want = json_type_name((*base)[f.key()]), got = json_type_name(*f);
        const bool ok = want == got || (want == "number" && got == "integer");
        if (!ok) return ep + "." + f.key() + " must be of type " + want + " as in the world data, not " + got;
      }
    }
  }
  if (const json* schema = app_schema(app)) return schema_error(rest, *schema, path);
  return "";
}

void write_overlay_entity(json& overlay, const std::string& key, const json* world, const json& changes) {
  json entry = overlay.contains(key) && overlay[key].is_object() ? overlay[key] : json::object();
  for (auto& [k, v] : changes.items()) {
    if (world && world->contains(k) && (*world)[k] == v)
      entry.erase(k);
    else
      entry[k] = v;
  }
  if (entry.empty() && world)
    overlay.erase(key);
  else
    overlay[key] = entry;
}

}  // namespace pg
