#include "sim/os/app.hpp"

#include "sim/os/embedded.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

std::string embedded_file(const std::string& path) {
  for (const EmbeddedFile& f : embedded_files())
    if (path == f.path) return f.content;
  throw std::out_of_range("no embedded file \"" + path + "\"");
}

namespace {
json load_json(const std::string& path) {
  json j = json::parse(embedded_file(path), nullptr, false);
  if (j.is_discarded()) throw std::runtime_error(path + ": not valid JSON");
  return j;
}
std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}
}  // namespace

void App::load(const std::string& id) {
  const std::string dir = "apps/" + id + "/";
  load(id, load_json(dir + "manifest.json"), load_json(dir + "nav.json"), load_json(dir + "defaults.json"));
}

void App::load(const std::string& id, json manifest, json nav, json defaults) {
  id_ = id;
  const std::string dir = "apps/" + id + "/";
  manifest_ = std::move(manifest);
  nav_ = std::move(nav);
  defaults_ = std::move(defaults);
  if (manifest_.value("id", "") != id) throw std::runtime_error(dir + "manifest.json: \"id\" must be \"" + id + "\"");
  if (!nav_.contains("entry") || !nav_.contains("pages") || !nav_["pages"].is_object())
    throw std::runtime_error(dir + "nav.json: needs \"entry\" and an object \"pages\"");
  for (auto& [page, spec] : nav_["pages"].items()) {
    const json transitions = spec.value("transitions", json::object());
    for (auto& [name, t] : transitions.items()) {
      const std::string target = t.is_string() ? t.get<std::string>() : t.value("to", "");
      if (!nav_["pages"].contains(target))
        throw std::runtime_error(dir + "nav.json: pages." + page + ".transitions." + name + " -> unknown page \"" +
                                 target + "\"");
      if (t.is_object() && t.contains("guard")) {
        const json& g = t["guard"];
        if (!g.is_object() || !g.value("pointer", json()).is_string() || g["pointer"].get<std::string>().rfind('/', 0) != 0 ||
            (g.contains("equals") == g.contains("not_equals")))
          throw std::runtime_error(dir + "nav.json: pages." + page + ".transitions." + name +
                                   ".guard: needs \"pointer\" (a JSON pointer) and one of \"equals\", \"not_equals\"");
      }
    }
  }
  for (const json& e : nav_.value("entry_points", json::array()))
    if (!e.is_string() || !nav_["pages"].contains(e.get<std::string>()))
      throw std::runtime_error(dir + "nav.json: entry_points: " + e.dump() + " is not a page");
}

std::string App::transition_target(const std::string& from, const std::string& transition) const {
  const json& page = nav_["pages"].at(from);
  auto ts = page.find("transitions");
  if (ts == page.end() || !ts->contains(transition))
    throw std::logic_error("apps/" + id_ + "/nav.json: page \"" + from + "\" has no transition \"" + transition + "\"");
  const json& t = (*ts)[transition];
  return t.is_string() ? t.get<std::string>() : t.at("to").get<std::string>();
}

bool App::handles(const json& intent) const {
  const std::string action = intent.value("action", "");
  const std::string type = intent.value("type", "");
  const std::string data = intent.value("data", "");
  for (const json& f : manifest_.value("intent_filters", json::array())) {
    if (f.value("action", "") != action) continue;
    if (f.contains("mime")) {
      const std::string m = f["mime"];
      const std::string prefix = m.substr(0, m.find('*'));
      if (type.compare(0, prefix.size(), prefix) != 0) continue;
    }
    if (f.contains("scheme") && data.rfind(f["scheme"].get<std::string>() + ":", 0) != 0) continue;
    return true;
  }
  return false;
}

bool App::transition_allowed(const std::string& from, const std::string& transition, const json& state) const {
  const json& t = nav_["pages"].at(from).at("transitions").at(transition);
  if (!t.is_object() || !t.contains("guard")) return true;
  const json& g = t["guard"];
  const json::json_pointer ptr(g.at("pointer").get<std::string>());
  const json value = state.contains(ptr) ? state.at(ptr) : json();
  if (g.contains("equals")) return value == g["equals"];
  if (g.contains("not_equals")) return value != g["not_equals"];
  return true;
}

AppRegistry& AppRegistry::instance() {
  static AppRegistry r;
  return r;
}

void AppRegistry::add(std::unique_ptr<App> app) {
  App* raw = app.get();
  apps_[app->id()] = std::move(app);
  ordered_.push_back(raw);
  std::sort(ordered_.begin(), ordered_.end(), [](App* a, App* b) {
    int oa = a->manifest().value("order", 100), ob = b->manifest().value("order", 100);
    return oa != ob ? oa < ob : a->id() < b->id();
  });
}

App* AppRegistry::find(const std::string& key) const {
  auto it = apps_.find(key);
  if (it != apps_.end()) return it->second.get();
  const std::string k = lower(key);
  for (App* a : ordered_)
    if (lower(a->id()) == k || lower(a->name()) == k) return a;
  return nullptr;
}

std::vector<std::string> AppRegistry::ids() const {
  std::vector<std::string> v;
  for (App* a : ordered_) v.push_back(a->id());
  return v;
}

AppRegistrar::AppRegistrar(const std::string& id, std::function<std::unique_ptr<App>()> make) {
  auto app = make();
  app->load(id);
  AppRegistry::instance().add(std::move(app));
}

}  // namespace pg
