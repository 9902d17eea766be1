// The app interface and registry. `sim` knows no particular app: each app registers itself here
// by its manifest id (apps/<id>/<id>.cpp, PG_REGISTER_APP), and the launcher, open_app and
// navigation read the registry.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pg {

class Ui;
class Phone;

/// One app: its manifest, navigation graph and defaults (embedded JSON) plus page code.
class App {
 public:
  virtual ~App() = default;
  /// Draws `page` of this app into the content area (immediate mode: a function of the state).
  virtual void draw_page(Ui& ui, Phone& phone, const std::string& page) = 0;
  /// Called after the app was opened by an intent (explicit or chosen), to show what it asks
  /// for: e.g. {"action": "android.intent.action.SEND", "extras": {"text": ...}}.
  virtual void on_intent(Phone& phone, const nlohmann::json& intent) { (void)phone, (void)intent; }
  /// Called when a dialog this app showed is answered (`button` is the button id).
  virtual void on_dialog_result(Phone& phone, const nlohmann::json& dialog, const std::string& button) {
    (void)phone, (void)dialog, (void)button;
  }
  /// Called as the virtual clock moves from `from_ms` to `to_ms` (e.g. an alarm fires).
  virtual void on_time(Phone& phone, std::int64_t from_ms, std::int64_t to_ms) { (void)phone, (void)from_ms, (void)to_ms; }
  /// Whether this app handles an implicit intent (manifest "intent_filters": action, and
  /// optional "mime" prefix or "scheme").
  bool handles(const nlohmann::json& intent) const;

  const std::string& id() const { return id_; }
  const nlohmann::json& manifest() const { return manifest_; }  ///< apps/<id>/manifest.json
  const nlohmann::json& nav() const { return nav_; }            ///< apps/<id>/nav.json
  const nlohmann::json& defaults() const { return defaults_; }  ///< apps/<id>/defaults.json
  std::string name() const { return manifest_.value("name", id_); }
  /// The page an app starts on (nav.json "entry").
  std::string entry_page() const { return nav_.at("entry").get<std::string>(); }
  /// The target page of the named transition from `from`; throws std::logic_error if nav.json
  /// has no such transition (app code navigates only through declared transitions).
  std::string transition_target(const std::string& from, const std::string& transition) const;
  /// Whether the transition's optional guard holds in `state`. A guard is {"pointer": JSON
  /// pointer, "equals": value} or {"pointer", "not_equals": value}: e.g. the time zone list opens
  /// only while automatic time zone is off.
  bool transition_allowed(const std::string& from, const std::string& transition, const nlohmann::json& state) const;

  /// Loads the three JSON files of apps/<id>/ from the embedded table; throws naming a bad file.
  void load(const std::string& id);
  /// Same from JSON values (apps made at run time, e.g. test fixtures); throws naming the field.
  void load(const std::string& id, nlohmann::json manifest, nlohmann::json nav, nlohmann::json defaults);

 private:
  std::string id_;
  nlohmann::json manifest_, nav_, defaults_;
};

/// All installed apps, by id, in launcher order (manifest "order", then id).
class AppRegistry {
 public:
  static AppRegistry& instance();
  void add(std::unique_ptr<App> app);
  /// The app with this id or display name (case-insensitive), or nullptr.
  App* find(const std::string& id_or_name) const;
  const std::vector<App*>& apps() const { return ordered_; }
  std::vector<std::string> ids() const;

 private:
  std::map<std::string, std::unique_ptr<App>> apps_;
  std::vector<App*> ordered_;
};

/// Registers an app class at static-initialization time (apps are linked as object files).
struct AppRegistrar {
  AppRegistrar(const std::string& id, std::function<std::unique_ptr<App>()> make);
};

#define PG_REGISTER_APP(ID, CLASS) \
  static ::pg::AppRegistrar pg_app_registrar_##CLASS(ID, [] { return std::make_unique<CLASS>(); })

}  // namespace pg
