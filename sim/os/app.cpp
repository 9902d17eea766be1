#include "sim/os/app.hpp"

#include "sim/os/embedded.hpp"
#include "sim/os/phone.hpp"
#include "sim/util/text.hpp"
#include "sim/ui/dark.hpp"

#include <optional>
#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <type_traits>

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
      if (t.is_object() && t.contains("replace") && !t["replace"].is_boolean())
        throw std::runtime_error(dir + "nav.json: pages." + page + ".transitions." + name + ".replace must be true or false");
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
  if (!nav_["pages"].contains(entry_page()))
    throw std::runtime_error(dir + "nav.json: entry \"" + entry_page() + "\" is not a page");
  // The page table against nav.json: every page drawn is a nav page, every nav page is drawn.
  auto names = [](const auto& m) {  // the keys of a map or a JSON object, comma-separated
    std::string l;
    for (auto it = m.begin(); it != m.end(); ++it) {
      if constexpr (std::is_same_v<std::decay_t<decltype(m)>, json>) l += (l.empty() ? "" : ", ") + it.key();
      else l += (l.empty() ? "" : ", ") + it->first;
    }
    return l.empty() ? std::string("none") : l;
  };
  for (const auto& [page, fn] : pages_)
    if (!nav_["pages"].contains(page))
      throw std::runtime_error(dir + ": the app draws page \"" + page + "\" (add_page) but nav.json has no such page; nav.json pages: " +
                               names(nav_["pages"]));
  for (auto& [page, spec] : nav_["pages"].items())
    if (!pages_.count(page))
      throw std::runtime_error(dir + "nav.json: page \"" + page + "\" has no drawing function (add_page(\"" + page +
                               "\", ...) in the app's constructor); pages drawn: " + names(pages_));
}

void App::add_page(const std::string& name, PageFn draw) {
  if (!draw) throw std::logic_error("add_page(\"" + name + "\"): no drawing function");
  pages_[name] = std::move(draw);
}

void App::add_export(const std::string& name, ExportFn fn) {
  if (!fn) throw std::logic_error("add_export(\"" + name + "\"): no function");
  exports_[name] = std::move(fn);
}

void App::draw_page(Ui& ui, Phone& phone, const std::string& page) const {
  auto it = pages_.find(page);
  if (it == pages_.end()) {
    std::string l;
    for (const auto& kv : pages_) l += (l.empty() ? "" : ", ") + kv.first;
    throw std::logic_error("app " + id_ + " has no page \"" + page + "\" (pages: " + l + ")");
  }
  // Pages that are dark by design (a camera, a music player, a photo viewer, a video call) look
  // the same in the dark theme: the manifest's "dark_pages" lists them ("*": every page).
  bool dark_by_design = false;
  if (auto d = manifest_.find("dark_pages"); d != manifest_.end() && d->is_array())
    for (const json& name : *d) dark_by_design = dark_by_design || name == page || name == "*";
  std::optional<ContentColours> keep;
  if (dark_by_design) keep.emplace();
  it->second(ui, phone);
}

std::vector<std::string> App::export_names() const {
  std::vector<std::string> v;
  for (const auto& kv : exports_) v.push_back(kv.first);
  return v;
}

json App::call(Phone& phone, const std::string& name, const json& args) const {
  auto it = exports_.find(name);
  if (it == exports_.end()) {
    std::string l;
    for (const auto& kv : exports_) l += (l.empty() ? "" : ", ") + kv.first;
    throw std::logic_error("app " + id_ + " exports no call \"" + name + "\" (exports: " + (l.empty() ? "none" : l) + ")");
  }
  return it->second(phone, args);
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

bool App::transition_allowed(const std::string& from, const std::string& transition, const Phone& phone) const {
  const json& t = nav_["pages"].at(from).at("transitions").at(transition);
  if (!t.is_object() || !t.contains("guard")) return true;
  const json& g = t["guard"];
  const json::json_pointer ptr(g.at("pointer").get<std::string>());
  const json* stored = phone.find(ptr);
  const json value = stored ? *stored : json();
  if (g.contains("equals")) return value == g["equals"];
  if (g.contains("not_equals")) return value != g["not_equals"];
  return true;
}

AppRegistry& AppRegistry::instance() {
  static AppRegistry r;
  return r;
}

void AppRegistry::add(std::unique_ptr<App> app) {
  if (apps_.count(app->id())) throw std::logic_error("app \"" + app->id() + "\" is already registered");
  App* raw = app.get();
  apps_[app->id()] = std::move(app);
  ordered_.push_back(raw);
  std::sort(ordered_.begin(), ordered_.end(), [](App* a, App* b) {
    int oa = a->manifest().value("order", 100), ob = b->manifest().value("order", 100);
    return oa != ob ? oa < ob : a->id() < b->id();
  });
}

bool AppRegistry::remove(const std::string& id) {
  auto it = apps_.find(id);
  if (it == apps_.end()) return false;
  ordered_.erase(std::remove(ordered_.begin(), ordered_.end(), it->second.get()), ordered_.end());
  apps_.erase(it);
  return true;
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

App& register_app(std::unique_ptr<App> app, const std::string& id, json manifest, json nav, json defaults) {
  if (!app) throw std::logic_error("register_app(\"" + id + "\"): no app");
  app->load(id, std::move(manifest), std::move(nav), std::move(defaults));
  App& ref = *app;
  AppRegistry::instance().add(std::move(app));
  return ref;
}

json& own_state(Phone& phone, const std::string& app_id) { return phone.mutable_app_state(app_id); }

const json& object_member(const json& o, const std::string& key) {
  static const json kEmpty = json::object();
  if (!o.is_object()) return kEmpty;
  auto it = o.find(key);
  return it != o.end() && it->is_object() ? *it : kEmpty;
}

const json& own_state(const Phone& phone, const std::string& app_id) { return phone.app_state(app_id); }

json call_app(Phone& phone, const std::string& app_id, const std::string& name, const json& args) {
  const App* app = AppRegistry::instance().find(app_id);
  if (!app) throw std::logic_error("call_app(\"" + app_id + "\", \"" + name + "\"): no such app is installed");
  return app->call(phone, name, args);
}

}  // namespace pg
