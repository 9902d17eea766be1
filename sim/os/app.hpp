// The app interface and registry. `sim` knows no particular app: each app registers itself here
// by its manifest id (apps/<id>/<id>.cpp, PG_REGISTER_APP; or register_app at run time), and the
// launcher, open_app and navigation read the registry. The app API: own_state (an app's own
// overlay), the page table (add_page, checked against nav.json), exported calls (add_export,
// call_app). docs/apps.md walks through writing an app.
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

/// One app: its manifest, navigation graph and defaults (JSON) plus its page table (the function
/// that draws each nav.json page) and the calls it exports to other apps.
///
/// A subclass declares its pages and exports in its constructor:
///   MyApp() { add_page("list", list); add_page("view", view); add_export("count", count); }
/// Registration (App::load) checks the page table against nav.json: every page drawn is a nav
/// page and every nav page is drawn.
class App {
 public:
  /// Draws one page into the content area (immediate mode: a function of the state).
  using PageFn = std::function<void(Ui& ui, Phone& phone)>;
  /// A call exported to other apps: JSON arguments in, JSON result out. It runs the exporting
  /// app's code on its own state; throw std::invalid_argument for bad arguments.
  using ExportFn = std::function<nlohmann::json(Phone& phone, const nlohmann::json& args)>;

  virtual ~App() = default;
  /// Draws `page` of this app with its page-table function; throws std::logic_error naming the
  /// app and the page if the app has no such page (never a blank screen).
  void draw_page(Ui& ui, Phone& phone, const std::string& page) const;
  /// The page a new task of this app starts on: nav.json "entry" unless the app remembers where
  /// the user was (e.g. Phone reopens on its last tab). Must be a nav page (checked on open).
  virtual std::string launch_page(const Phone& phone) const { (void)phone; return entry_page(); }
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
  /// Whether the transition's optional guard holds in `phone`'s state. A guard is {"pointer": JSON
  /// pointer, "equals": value} or {"pointer", "not_equals": value}: e.g. the time zone list opens
  /// only while automatic time zone is off.
  bool transition_allowed(const std::string& from, const std::string& transition, const Phone& phone) const;

  /// The page table: nav page name -> drawing function.
  const std::map<std::string, PageFn>& pages() const { return pages_; }
  /// Names of the calls this app exports (see call_app).
  std::vector<std::string> export_names() const;
  /// Runs the exported call `name`; throws std::logic_error naming the app, the call and the
  /// calls it does export if there is no such call.
  nlohmann::json call(Phone& phone, const std::string& name, const nlohmann::json& args) const;

  /// Loads the three JSON files of apps/<id>/ from the embedded table; throws naming a bad file.
  void load(const std::string& id);
  /// Same from JSON values (apps made at run time, e.g. test fixtures); throws std::runtime_error
  /// naming the field, or a page drawn but not in nav.json / in nav.json but not drawn.
  void load(const std::string& id, nlohmann::json manifest, nlohmann::json nav, nlohmann::json defaults);

 protected:
  /// Declares the function that draws nav.json page `name` (call in the constructor).
  void add_page(const std::string& name, PageFn draw);
  /// Exports a call other apps reach with call_app(phone, <this id>, name, args).
  void add_export(const std::string& name, ExportFn fn);

 private:
  std::string id_;
  nlohmann::json manifest_, nav_, defaults_;
  std::map<std::string, PageFn> pages_;
  std::map<std::string, ExportFn> exports_;
};

/// All installed apps, by id, in launcher order (manifest "order", then id).
class AppRegistry {
 public:
  static AppRegistry& instance();
  void add(std::unique_ptr<App> app);
  /// The app with this id or display name (case-insensitive), or nullptr.
  App* find(const std::string& id_or_name) const;
  const std::vector<App*>& apps() const { return ordered_; }
  /// Removes an app (apps registered at run time, e.g. by a test); false if there is none.
  bool remove(const std::string& id);
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

/// Registers an app made at run time (a test fixture, a tool): loads its manifest, nav.json and
/// defaults, checks them and the page table (App::load), and adds it to the registry. A fresh
/// Phone then starts with `defaults` at apps.<id>. Register before the first frame is drawn if the
/// manifest declares icons no other app uses (the icon font is built once). Throws
/// std::runtime_error for bad JSON or a page-table mismatch, std::logic_error if `id` is taken.
App& register_app(std::unique_ptr<App> app, const std::string& id, nlohmann::json manifest, nlohmann::json nav,
                  nlohmann::json defaults);

/// THE accessor for an app's own state: its runtime overlay, state apps.<app_id>. App code reads
/// and writes only its own overlay, and only through this (other apps through intents or
/// call_app; the OS through Phone's services). The const form reads the phone's stored overlay or,
/// when the app is at its defaults, the registry's shared defaults.json; the writable form copies
/// the defaults into the phone first (Phone::mutable_app_state). Both throw std::logic_error if no
/// app `app_id` is installed.
nlohmann::json& own_state(Phone& phone, const std::string& app_id);
const nlohmann::json& own_state(const Phone& phone, const std::string& app_id);

/// The object `o[key]`, or an empty object when `o` has no object member `key` (a state written
/// before the key existed reads as empty).
const nlohmann::json& object_member(const nlohmann::json& o, const std::string& key);

/// Calls `name` exported by app `app_id` (App::add_export) with JSON `args`: how an app reads or
/// changes another app's data (Camera saving a photo into Gallery, Phone looking up Contacts).
/// Throws std::logic_error if the app is not installed or exports no such call.
nlohmann::json call_app(Phone& phone, const std::string& app_id, const std::string& name,
                        const nlohmann::json& args = nlohmann::json::object());

}  // namespace pg
