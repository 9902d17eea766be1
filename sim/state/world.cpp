#include "sim/state/world.hpp"

#include "sim/os/embedded.hpp"

#include <stdexcept>

namespace pg {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

namespace {
std::string id_string(const ojson& id) { return id.is_string() ? id.get<std::string>() : id.dump(); }
}  // namespace

void World::add(const std::string& app, const std::string& name, const ojson& data, const std::string& source) {
  WorldCollection c;
  auto put = [&](const std::string& id, const ojson& e, const std::string& where) {
    if (c.by_id.count(id)) throw std::runtime_error(source + ": " + where + ": duplicate id \"" + id + "\"");
    c.order.push_back(id);
    c.by_id.emplace(id, json::parse(e.dump()));
  };
  if (data.is_array()) {
    c.integer_ids = !data.empty();
    for (std::size_t i = 0; i < data.size(); ++i) {
      const ojson& e = data[i];
      const std::string where = "[" + std::to_string(i) + "]";
      if (!e.is_object() || !e.contains("id") || !(e["id"].is_string() || e["id"].is_number_integer()))
        throw std::runtime_error(source + ": " + where + " must be an object with a string or integer \"id\"");
      c.integer_ids = c.integer_ids && e["id"].is_number_integer();
      put(id_string(e["id"]), e, where);
    }
  } else if (data.is_object()) {
    for (auto it = data.begin(); it != data.end(); ++it) {
      if (!it.value().is_object()) throw std::runtime_error(source + ": " + it.key() + " must be an object");
      ojson e = it.value();
      if (!e.contains("id")) e["id"] = it.key();
      if (id_string(e["id"]) != it.key())
        throw std::runtime_error(source + ": " + it.key() + ".id must equal its key \"" + it.key() + "\"");
      put(it.key(), e, it.key());
    }
  } else {
    throw std::runtime_error(source + ": a world collection must be an object {id: entity} or an array of entities");
  }
  apps_[app][name] = std::move(c);
}

const World& World::instance() {
  static const World w = [] {
    World world;
    for (const EmbeddedFile& f : embedded_files()) {
      // apps/<app>/world/<collection>.json
      const std::string p = f.path;
      const std::string prefix = "apps/", mid = "/world/", ext = ".json";
      const auto m = p.find(mid);
      if (p.compare(0, prefix.size(), prefix) != 0 || m == std::string::npos || p.size() < ext.size() ||
          p.compare(p.size() - ext.size(), ext.size(), ext) != 0)
        continue;
      const std::string app = p.substr(prefix.size(), m - prefix.size());
      const std::string name = p.substr(m + mid.size(), p.size() - ext.size() - m - mid.size());
      if (app.find('/') != std::string::npos || name.find('/') != std::string::npos) continue;
      // ordered_json keeps the file's key order, which is the collection's order.
      ojson data = ojson::parse(f.content, nullptr, false);
      if (data.is_discarded()) throw std::runtime_error(p + ": not valid JSON");
      world.add(app, name, data, p);
    }
    return world;
  }();
  return w;
}

World World::from_json(const json& apps, const std::string& source) {
  World w;
  for (auto& [app, colls] : apps.items())
    for (auto& [name, data] : colls.items()) w.add(app, name, ojson::parse(data.dump()), source + ": " + app + "/" + name);
  return w;
}

const WorldCollection* World::collection(const std::string& app, const std::string& name) const {
  auto a = apps_.find(app);
  if (a == apps_.end()) return nullptr;
  auto c = a->second.find(name);
  return c == a->second.end() ? nullptr : &c->second;
}

const json* World::entity(const std::string& app, const std::string& name, const std::string& id) const {
  const WorldCollection* c = collection(app, name);
  if (!c) return nullptr;
  auto e = c->by_id.find(id);
  return e == c->by_id.end() ? nullptr : &e->second;
}

std::vector<std::string> World::collections(const std::string& app) const {
  std::vector<std::string> v;
  auto a = apps_.find(app);
  if (a != apps_.end())
    for (auto& [name, _] : a->second) v.push_back(name);
  return v;
}

}  // namespace pg
