#include "sim/state/schema.hpp"

#include "sim/os/embedded.hpp"

#include <algorithm>
#include <map>
#include <regex>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

namespace {

bool has_type(const json& v, const std::string& t) {
  if (t == "object") return v.is_object();
  if (t == "array") return v.is_array();
  if (t == "string") return v.is_string();
  if (t == "integer") return v.is_number_integer();
  if (t == "number") return v.is_number();
  if (t == "boolean") return v.is_boolean();
  if (t == "null") return v.is_null();
  throw std::logic_error("schema: unknown type name \"" + t + "\"");
}

std::string type_list(const json& type) {
  if (type.is_string()) return type.get<std::string>();
  std::string s;
  for (std::size_t i = 0; i < type.size(); ++i)
    s += (i == 0 ? "" : i + 1 == type.size() ? " or " : ", ") + type[i].get<std::string>();
  return s;
}

std::string article(const std::string& t) {
  return (t[0] == 'a' || t[0] == 'i' || t[0] == 'o') ? "an " + t : "a " + t;
}

json parse_embedded(const std::string& path) {
  json j = json::parse(embedded_file(path), nullptr, false);
  if (j.is_discarded()) throw std::runtime_error(path + ": not valid JSON");
  return j;
}

}  // namespace

std::string json_type_name(const json& v) { return v.is_number_integer() ? "integer" : v.type_name(); }

bool schema_allows_null(const json& schema) {
  auto t = schema.find("type");
  if (t == schema.end()) {
    auto e = schema.find("enum");
    return e != schema.end() && std::find(e->begin(), e->end(), json(nullptr)) != e->end();
  }
  if (t->is_string()) return *t == "null";
  return std::find(t->begin(), t->end(), json("null")) != t->end();
}

const json* schema_member(const json& schema, const std::string& key) {
  static const json kAny = json::object();
  auto props = schema.find("properties");
  if (props != schema.end() && props->contains(key)) return &(*props)[key];
  auto extra = schema.find("additionalProperties");
  if (extra == schema.end() || (extra->is_boolean() && extra->get<bool>())) return &kAny;
  if (extra->is_object()) return &*extra;
  return nullptr;
}

std::string schema_error(const json& v, const json& schema, const std::string& path) {
  if (auto t = schema.find("type"); t != schema.end()) {
    bool ok = false;
    if (t->is_string()) ok = has_type(v, *t);
    else
      for (const json& n : *t) ok = ok || has_type(v, n);
    if (!ok) {
      const std::string want = type_list(*t);
      return path + " must be " + (t->is_string() ? article(want) : want) + ", not " + article(json_type_name(v));
    }
  }
  if (auto e = schema.find("enum"); e != schema.end()) {
    bool ok = false;
    for (const json& x : *e) ok = ok || x == v;
    if (!ok) return path + " = " + v.dump() + " is not one of " + e->dump();
  }
  if (v.is_string())
    if (auto pat = schema.find("pattern"); pat != schema.end() && pat->is_string()) {
      thread_local std::map<std::string, std::regex> compiled;  // schemas hold a handful of patterns
      auto it = compiled.find(pat->get<std::string>());
      if (it == compiled.end()) it = compiled.emplace(pat->get<std::string>(), std::regex(pat->get<std::string>())).first;
      if (!std::regex_search(v.get<std::string>(), it->second))
        return path + " = " + v.dump() + " does not match " + pat->dump();
    }
  if (v.is_number()) {
    if (auto m = schema.find("minimum"); m != schema.end() && v.get<double>() < m->get<double>())
      return path + " = " + v.dump() + " is below the minimum " + m->dump();
    if (auto m = schema.find("maximum"); m != schema.end() && v.get<double>() > m->get<double>())
      return path + " = " + v.dump() + " is above the maximum " + m->dump();
  }
  if (v.is_object()) {
    if (auto req = schema.find("required"); req != schema.end())
      for (const json& k : *req)
        if (!v.contains(k.get<std::string>())) return path + "." + k.get<std::string>() + " is missing (required)";
    for (auto it = v.begin(); it != v.end(); ++it) {
      const json* sub = schema_member(schema, it.key());
      if (!sub) {
        std::string known;
        const json props = schema.value("properties", json::object());
        for (auto& [k, _] : props.items()) known += (known.empty() ? "" : ", ") + k;
        return path + "." + it.key() + " is not a known key (known: " + (known.empty() ? "none" : known) + ")";
      }
      std::string err = schema_error(it.value(), *sub, path + "." + it.key());
      if (!err.empty()) return err;
    }
  }
  if (v.is_array())
    if (auto items = schema.find("items"); items != schema.end())
      for (std::size_t i = 0; i < v.size(); ++i) {
        std::string err = schema_error(v[i], *items, path + "[" + std::to_string(i) + "]");
        if (!err.empty()) return err;
      }
  return "";
}

const json& os_schema() {
  static const json s = parse_embedded("sim/state/os_schema.json");
  return s;
}

const json* app_schema(const std::string& id) {
  static const std::map<std::string, json> schemas = [] {
    std::map<std::string, json> m;
    const std::string prefix = "apps/", suffix = "/schema.json";
    for (const EmbeddedFile& f : embedded_files()) {
      const std::string p = f.path;
      if (p.size() > prefix.size() + suffix.size() && p.compare(0, prefix.size(), prefix) == 0 &&
          p.compare(p.size() - suffix.size(), suffix.size(), suffix) == 0) {
        const std::string app = p.substr(prefix.size(), p.size() - prefix.size() - suffix.size());
        if (app.find('/') == std::string::npos) m[app] = parse_embedded(p);
      }
    }
    return m;
  }();
  auto it = schemas.find(id);
  return it == schemas.end() ? nullptr : &it->second;
}

}  // namespace pg
