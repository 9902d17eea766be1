// The layered state: world data + runtime overlay resolution, RFC 6902 patches and diffs,
// validation errors that name the path, fork independence, and docs/state.md checked against a
// live state so the documented schema cannot drift.
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/device.hpp"
#include "sim/os/perturb.hpp"
#include "sim/state/diff.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/patch.hpp"
#include "sim/state/schema.hpp"
#include "sim/state/world.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <sstream>

using json = nlohmann::json;
using pg::Env;

namespace {

pg::Action act(const std::string& text) { return pg::parse_action(std::string_view(text)); }
json jp(const std::string& text) { return json::parse(text); }  // an RFC 6902 patch written as JSON text

/// The error set_state/apply_patch throws, or "no error".
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const pg::StateError& e) {
    return e.what();
  }
  return "no error";
}

// ---------------------------------------------------------------- docs/state.md vs a live state

/// Every path of `v` ("os.tasks[].pages[].page": array elements collapsed to "[]") into `all`,
/// and the leaves (scalars, null, empty objects and arrays) into `leaves`, with their JSON types.
void collect(const json& v, const std::string& path, std::map<std::string, std::set<std::string>>& all,
             std::set<std::string>& leaves) {
  if (!path.empty()) all[path].insert(pg::json_type_name(v));
  if (v.is_object() && !v.empty()) {
    for (auto it = v.begin(); it != v.end(); ++it) collect(*it, path.empty() ? it.key() : path + "." + it.key(), all, leaves);
  } else if (v.is_array() && !v.empty()) {
    for (const json& e : v) collect(e, path + "[]", all, leaves);
  } else if (!path.empty()) {
    leaves.insert(path);
  }
}

struct DocRow {
  std::string path;
  std::string type;
  int line;
};

/// The rows of a path table (| `path` | type | meaning |) under the heading `section` of `text`.
std::vector<DocRow> doc_rows(const std::string& text, const std::string& section = "## Every path") {
  std::vector<DocRow> rows;
  std::istringstream in(text);
  std::string line;
  int n = 0;
  bool in_section = false;
  const std::regex row(R"(^\|\s*`([^`]+)`\s*\|\s*([^|]*)\|)");
  while (std::getline(in, line)) {
    ++n;
    if (line.rfind("## ", 0) == 0) in_section = line.rfind(section, 0) == 0;
    std::smatch m;
    if (!in_section || !std::regex_search(line, m, row)) continue;
    std::string type = m[2];
    type.erase(type.find_last_not_of(' ') + 1);
    rows.push_back({m[1], type, n});
  }
  return rows;
}

/// Whether a documented path (segments like "<app>" match any key) matches a live path.
bool path_matches(const std::string& pattern, const std::string& path) {
  std::string re;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '<') {
      const std::size_t close = pattern.find('>', i);
      re += "[^.\\[\\]]+";
      i = close;
    } else if (std::string(".[]()^$*+?{}|\\").find(c) != std::string::npos) {
      re += std::string("\\") + c;
    } else {
      re += c;
    }
  }
  return std::regex_match(path, std::regex(re));
}

/// Whether a documented type cell ("string or null", "integer", "any") admits this JSON type.
bool type_admits(const std::string& cell, const std::string& type) {
  if (cell.find("any") != std::string::npos) return true;
  if (type == "integer" && cell.find("number") != std::string::npos) return true;
  return std::regex_search(cell, std::regex("\\b" + type + "\\b"));
}

std::string read_text(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

/// A state with every optional part filled by the phone itself: a task with two pages, a focused
/// field, a toast, a notification, a dialog, answers and questions, a world-data overlay.
json lived_in_state() {
  Env env;
  env.step(act(R"({"type":"answer","text":"42"})"));
  env.step(act(R"({"type":"info","question":"which alarm?"})"));
  pg::Phone& p = env.phone();
  p.open_app("clock");
  p.navigate(pg::AppRegistry::instance().find("clock")->nav()["pages"]["alarms"]["transitions"].begin().key());
  p.show_dialog({{"owner", "os"}, {"kind", "alert"}, {"title", "Delete?"}, {"text", ""},
                 {"buttons", {{{"id", "ok"}, {"label", "OK"}}}}, {"data", {{"alarm", 1}}}});
  p.focus("clock.new_alarm.time", "/apps/clock/new_alarm/time");  // after the dialog, which clears focus
  p.toast("Alarm saved");
  p.post_notification("clock", "Alarm", "07:15", {{"app", "clock"}});
  env.apply_patch(jp(R"J([{"op": "add", "path": "/apps/clock/cities", "value": {"tokyo": {"name": "Tokyo (HQ)"}, "paris": null}}])J"));
  // A perturbed phone mid-episode (sim/os/perturb.hpp): a delayed tap waiting, a banner, a spinner.
  json st = env.state();
  st["os"]["perturb"] = pg::perturbation_config("mixed", 3);
  st["os"]["perturb"]["queue"] = json::array({{{"type", "click"}, {"x", 500}, {"y", 300}}});
  st["os"]["perturb"]["due_ms"] = st["os"]["time_ms"].get<std::int64_t>() + 1500;
  st["os"]["perturb"]["loading_until_ms"] = st["os"]["time_ms"].get<std::int64_t>() + 2000;
  st["os"]["perturb"]["heads_up"] = {{"app", "messages"}, {"title", "Alex"}, {"text", "Hi"}, {"until_ms", 1}};
  st["os"]["perturb"]["last"] = json::array({"delayed"});
  // On another device (sim/os/device.hpp): a profile with a cutout, in the dark theme, writing German dates.
  pg::set_device_condition(st["os"], "large-1440x3200+dark+de-DE");
  env.set_state(st);  // it is a valid state
  return env.state();
}

}  // namespace

/// Path tables: docs/state.md ("## Every path") and each app's docs/apps/<id>.md ("## State").
std::vector<DocRow> all_doc_rows() {
  std::vector<DocRow> rows = doc_rows(read_text(std::string(PG_SOURCE_DIR) + "/docs/state.md"));
  for (const std::string& app : pg::AppRegistry::instance().ids()) {
    for (DocRow r : doc_rows(read_text(std::string(PG_SOURCE_DIR) + "/docs/apps/" + app + ".md"), "## State")) {
      rows.push_back(r);
    }
  }
  return rows;
}

TEST(StateDoc, EveryLivePathIsDocumentedAndEveryDocumentedPathIsLive) {
  const std::string doc = read_text(std::string(PG_SOURCE_DIR) + "/docs/state.md");
  ASSERT_FALSE(doc.empty()) << "docs/state.md not found";
  const std::vector<DocRow> rows = all_doc_rows();
  ASSERT_GT(rows.size(), 20u) << "docs/state.md has no path table";
  std::map<std::string, std::set<std::string>> all;
  std::set<std::string> leaves;
  collect(pg::Phone::default_state(), "", all, leaves);  // leaves of the default state must be documented
  std::set<std::string> required = leaves;
  collect(lived_in_state(), "", all, leaves);
  required.insert(leaves.begin(), leaves.end());
  for (const std::string& leaf : required) {
    bool documented = false;
    for (const DocRow& r : rows) documented = documented || path_matches(r.path, leaf);
    EXPECT_TRUE(documented) << "state path " << leaf << " is not documented (add a table row to docs/state.md or docs/apps/<app>.md)";
  }
  for (const DocRow& r : rows) {
    bool live = false;
    for (const auto& [path, types] : all) {
      if (!path_matches(r.path, path)) continue;
      live = true;
      for (const std::string& t : types)
        EXPECT_TRUE(type_admits(r.type, t)) << r.path << " (doc line " << r.line << "): " << path << " is " << t
                                            << " in a live state, but documented as \"" << r.type << "\"";
    }
    EXPECT_TRUE(live) << "documented path " << r.path << " (doc line " << r.line << ") is not in the default or a lived-in state";
  }
}

TEST(StateDoc, DocumentsEveryWorldCollectionAndEveryOsKeyIsInTheSchema) {
  const std::string doc = read_text(std::string(PG_SOURCE_DIR) + "/docs/state.md");
  const pg::World& w = pg::World::instance();
  for (const std::string& app : pg::AppRegistry::instance().ids())
    for (const std::string& c : w.collections(app))
      EXPECT_TRUE(doc.find("apps/" + app + "/world/" + c + ".json") != std::string::npos ||
                  read_text(std::string(PG_SOURCE_DIR) + "/docs/apps/" + app + ".md").find("world/" + c + ".json") !=
                      std::string::npos)
          << "world collection " << app << "/" << c << " is not described in docs/state.md or docs/apps/" << app << ".md";
  // The default state fits the schema, and every default OS key is declared (not only tolerated).
  EXPECT_NO_THROW(pg::Phone::validate(pg::Phone::default_state()));
  const nlohmann::json src186 = pg::Phone::default_state()["os"];
  for (auto& [k, _] : src186.items())
    EXPECT_TRUE(pg::os_schema()["properties"].contains(k)) << "os." << k << " is missing in sim/state/os_schema.json";
}

// ---------------------------------------------------------------- world + overlay

TEST(Overlay, OverlayWinsNullDeletesAbsentFallsThrough) {
  const pg::World w = pg::World::from_json(
      {{"shop",
        {{"products",
          json::array({{{"id", 3}, {"name", "Kettle"}, {"price", 30}, {"tags", {"kitchen"}}},
                       {{"id", 1}, {"name", "Lamp"}, {"price", 12}, {"dims", {{"w", 10}, {"h", 40}}}},
                       {{"id", 2}, {"name", "Mug"}, {"price", 5}}})}}}});
  const json overlay = {{"products",
                         {{"1", {{"price", 10}, {"dims", {{"h", 45}}}}},  // wins, merged field by field
                          {"2", nullptr},                                 // deleted
                          {"3", {{"tags", nullptr}}},                     // a null field deletes that field
                          {"10", {{"name", "Desk"}, {"price", 90}}},      // new entities, natural id order
                          {"9", {{"name", "Chair"}, {"price", 40}, {"note", nullptr}}}}},
                        {"cart", json::array()}};
  const json view = pg::resolve_collection(w, overlay, "shop", "products");
  ASSERT_EQ(view.size(), 4u) << view.dump();
  EXPECT_EQ(view[0], json({{"id", 3}, {"name", "Kettle"}, {"price", 30}}));
  EXPECT_EQ(view[1], json({{"id", 1}, {"name", "Lamp"}, {"price", 10}, {"dims", {{"w", 10}, {"h", 45}}}}));
  EXPECT_EQ(view[2], json({{"id", 9}, {"name", "Chair"}, {"price", 40}}));  // integer id like the world's
  EXPECT_EQ(view[3]["id"], 10);
  // Absent collection overlay: the world as is, in file order.
  const json plain = pg::resolve_collection(w, json::object(), "shop", "products");
  ASSERT_EQ(plain.size(), 3u);
  EXPECT_EQ(plain[0]["id"], 3);
  EXPECT_EQ(plain[2]["name"], "Mug");
  EXPECT_EQ(pg::resolve_entity(w, overlay, "shop", "products", "2"), nullptr);
  EXPECT_EQ(pg::resolve_entity(w, overlay, "shop", "products", "1")["price"], 10);
  EXPECT_EQ(pg::resolve_entity(w, overlay, "shop", "products", "3")["price"], 30);
  EXPECT_EQ(pg::resolve_entity(w, overlay, "shop", "products", "77"), nullptr);
  // The world itself never changes.
  EXPECT_EQ((*w.entity("shop", "products", "1"))["price"], 12);
  EXPECT_EQ(w.entity("shop", "products", "4"), nullptr);
  EXPECT_THROW(pg::World::from_json({{"shop", {{"p", json::array({{{"id", 1}}, {{"id", 1}}})}}}}), std::runtime_error);
}

TEST(Overlay, ClockCitiesAreSharedReadOnlyWorldDataNotState) {
  const pg::World& w = pg::World::instance();
  EXPECT_EQ(&w, &pg::World::instance());  // loaded once per process
  const pg::WorldCollection* cities = w.collection("clock", "cities");
  ASSERT_NE(cities, nullptr);
  EXPECT_GE(cities->order.size(), 12u);
  const json* tokyo = w.entity("clock", "cities", "tokyo");
  ASSERT_NE(tokyo, nullptr);
  EXPECT_EQ((*tokyo)["utc_offset_min"], 540);
  EXPECT_EQ((*tokyo)["zone"], "Asia/Tokyo");
  EXPECT_EQ(cities->order.front(), "honolulu");  // file order, not key order
  Env env;
  const std::string dump = env.state().dump();
  EXPECT_EQ(dump.find("Tokyo"), std::string::npos);
  EXPECT_EQ(dump.find("cities"), std::string::npos);
  // An overlay entry is all a fork carries: the state grows by that entry only.
  env.apply_patch(jp(R"([{"op": "add", "path": "/apps/clock/cities", "value": {"tokyo": {"name": "Tōkyō"}}}])"));
  EXPECT_EQ(env.state()["apps"]["clock"]["cities"], json({{"tokyo", {{"name", "Tōkyō"}}}}));
  const json view = pg::resolve_collection(w, env.state()["apps"]["clock"], "clock", "cities");
  EXPECT_EQ(view.size(), cities->order.size());
  for (const json& c : view)
    if (c["id"] == "tokyo") EXPECT_EQ(c, json({{"id", "tokyo"}, {"name", "Tōkyō"}, {"country", "Japan"},
                                               {"zone", "Asia/Tokyo"}, {"utc_offset_min", 540}}));
}

// ---------------------------------------------------------------- patches and validation

TEST(Patch, JsonPatchAppliesInOrderAndNullIsAValue) {
  Env env;
  env.phone().toast("hello");
  env.apply_patch(jp(R"([
    {"op": "replace", "path": "/os/settings/global/wifi_on", "value": false},
    {"op": "replace", "path": "/os/battery/level", "value": 20},
    {"op": "replace", "path": "/apps/clock/new_alarm/label", "value": "Gym"}])"));
  const json& s = env.state();
  EXPECT_FALSE(s["os"]["settings"]["global"]["wifi_on"].get<bool>());
  EXPECT_TRUE(s["os"]["settings"]["global"]["airplane_mode_on"].is_boolean());  // siblings untouched
  EXPECT_EQ(s["os"]["battery"], json({{"level", 20}, {"charging", false}}));
  EXPECT_EQ(s["apps"]["clock"]["new_alarm"]["label"], "Gym");
  EXPECT_EQ(s["apps"]["clock"]["new_alarm"]["time"], "");
  // null is an ordinary value: os.toast may be null, and replace sets it.
  ASSERT_TRUE(s["os"]["toast"].is_object());
  env.apply_patch(jp(R"([{"op": "replace", "path": "/os/toast", "value": null}])"));
  ASSERT_TRUE(env.state()["os"].contains("toast"));
  EXPECT_TRUE(env.state()["os"]["toast"].is_null());
  // Array elements: append with "-", remove by index; or replace the array whole.
  const std::size_t n = env.state()["apps"]["clock"]["alarms"].size();
  env.apply_patch(jp(R"([{"op": "add", "path": "/apps/clock/alarms/-", "value": {"id": 7, "time": "05:00", "label": "", "enabled": true}},
                         {"op": "remove", "path": "/apps/clock/alarms/0"}])"));
  EXPECT_EQ(env.state()["apps"]["clock"]["alarms"].size(), n);
  EXPECT_EQ(env.state()["apps"]["clock"]["alarms"].back()["id"], 7);
  env.apply_patch(jp(R"([{"op": "replace", "path": "/apps/clock/alarms", "value": [{"id": 7, "time": "05:00", "label": "", "enabled": true}]}])"));
  EXPECT_EQ(env.state()["apps"]["clock"]["alarms"].size(), 1u);
  // In a world-collection overlay, a null entity deletes the world entity from the view; removing
  // the overlay entry brings it back.
  env.apply_patch(jp(R"([{"op": "add", "path": "/apps/clock/cities", "value": {"cairo": null}}])"));
  EXPECT_EQ(pg::resolve_entity(pg::World::instance(), env.state()["apps"]["clock"], "clock", "cities", "cairo"), nullptr);
  env.apply_patch(jp(R"([{"op": "remove", "path": "/apps/clock/cities/cairo"}])"));
  EXPECT_NE(pg::resolve_entity(pg::World::instance(), env.state()["apps"]["clock"], "clock", "cities", "cairo"), nullptr);
  // remove drops an optional key.
  env.apply_patch(jp(R"([{"op": "remove", "path": "/os/timezone_offset_min"}])"));
  EXPECT_FALSE(env.state()["os"].contains("timezone_offset_min"));
  // test guards the rest: a failed test changes nothing.
  const json before = env.state();
  EXPECT_THROW(env.apply_patch(jp(R"([{"op": "replace", "path": "/os/battery/level", "value": 5},
                                      {"op": "test", "path": "/os/battery/charging", "value": true}])")),
               pg::StateError);
  EXPECT_EQ(env.state(), before);
  // The diff between two states is a patch that apply_patch takes back.
  Env other;
  other.apply_patch(pg::state_diff(other.state(), env.state()));
  EXPECT_EQ(other.state(), env.state());
}

TEST(Patch, BadPatchChangesNothingAndNamesThePath) {
  Env env;
  const json before = env.state();
  auto patch_error = [&](const std::string& p) { return error_of([&] { env.apply_patch(jp(p)); }); };
  auto set = [](const std::string& path, const std::string& value) {  // one add of `value` at `path`
    return R"([{"op": "add", "path": ")" + path + R"(", "value": )" + value + "}]";
  };
  // The patch itself: its shape, then each operation, named by index.
  EXPECT_NE(patch_error(R"({"os": {"battery": {"level": 20}}})").find("patch: must be an RFC 6902 JSON Patch"), std::string::npos);
  EXPECT_NE(patch_error(R"({"os": {"battery": {"level": 20}}})").find("merge patches are not accepted"), std::string::npos);
  EXPECT_NE(patch_error(R"([{"path": "/os/battery/level", "value": 1}])").find("patch[0]: an operation is an object"), std::string::npos);
  EXPECT_NE(patch_error(R"([{"op": "merge", "path": "/os", "value": {}}])").find("patch[0] (merge /os): \"op\" must be one of"),
            std::string::npos);
  EXPECT_NE(patch_error(R"([{"op": "replace", "path": "/os/battery/level"}])").find("patch[0] (replace /os/battery/level): missing \"value\""),
            std::string::npos);
  EXPECT_NE(patch_error(R"([{"op": "replace", "path": "/os/battery/level", "value": 1}, {"op": "replace", "path": "/os/battery/lvl", "value": 1}])")
                .find("patch[1] (replace /os/battery/lvl): key 'lvl' not found"),
            std::string::npos);
  EXPECT_NE(patch_error(R"([{"op": "add", "path": "/apps/clock/cities/tokyo", "value": {}}])").find("patch[0] (add /apps/clock/cities/tokyo)"),
            std::string::npos);  // the parent must exist (RFC 6902, 4.1)
  // The patched state, validated like set_state.
  EXPECT_NE(patch_error(set("/os/battery/level", R"("full")")).find("os.battery.level must be an integer"), std::string::npos);
  EXPECT_NE(patch_error(set("/apps/radio", R"({"station": "KQED"})")).find("apps.radio is not an installed app"), std::string::npos);
  EXPECT_NE(patch_error(set("/colour", R"("red")")).find("colour is not a known top-level key"), std::string::npos);
  EXPECT_NE(patch_error(set("/os/colour", R"("red")")).find("os.colour is not a known key"), std::string::npos);
  EXPECT_NE(patch_error(set("/os/settings/global/wifi_on", R"("yes")")).find("os.settings.global.wifi_on must be a boolean, not a string"),
            std::string::npos);
  EXPECT_NE(patch_error(set("/os/episode/status", R"("won")")).find("os.episode.status"), std::string::npos);
  EXPECT_NE(patch_error(R"([{"op": "remove", "path": "/os/keyboard"}])").find("os.keyboard is missing (required)"), std::string::npos);
  EXPECT_NE(patch_error(set("/apps/clock/alarms", R"([{"id": 1, "time": 715, "label": "", "enabled": true}])"))
                .find("apps.clock.alarms[0].time must be a string, not an integer"),
            std::string::npos);
  EXPECT_NE(patch_error(set("/apps/clock/snooze", "5")).find("apps.clock.snooze is not a known key"), std::string::npos);
  EXPECT_NE(patch_error(set("/apps/clock/cities", R"({"tokyo": {"utc_offset_min": "nine"}})"))
                .find("apps.clock.cities.tokyo.utc_offset_min must be of type integer"),
            std::string::npos);
  EXPECT_NE(patch_error(set("/apps/clock/cities", R"({"tokyo": "Tokyo"})")).find("apps.clock.cities.tokyo must be an object"),
            std::string::npos);
  EXPECT_NE(patch_error(set("/os/foreground", R"("clock")")).find("os.foreground"), std::string::npos);
  EXPECT_EQ(env.state(), before);
}

TEST(Validate, WrongTypesAnywhereInTheOsNameThePath) {
  Env env;
  env.step(act(R"({"type":"open_app","app":"clock"})"));
  const json good = env.state();
  auto bad = [&](const std::string& pointer, const json& value) {
    json s = good;
    s[json::json_pointer(pointer)] = value;
    return error_of([&] { env.set_state(s); });
  };
  EXPECT_NE(bad("/os/tasks/0/pages/0/scroll", "top").find("os.tasks[0].pages[0].scroll must be an integer"),
            std::string::npos);
  EXPECT_NE(bad("/os/tasks/0/pages/0/page", "nowhere").find("os.tasks[0].pages[0].page = \"nowhere\" is not a page of clock"),
            std::string::npos);
  EXPECT_NE(bad("/os/keyboard/focus", 3).find("os.keyboard.focus must be string or null"), std::string::npos);
  EXPECT_NE(bad("/os/notifications", json::object()).find("os.notifications must be an array"), std::string::npos);
  EXPECT_NE(bad("/os/episode/answers/0", 42).find("os.episode.answers[0] must be a string"), std::string::npos);
  EXPECT_NE(bad("/os/battery/level", 140).find("os.battery.level = 140 is above the maximum 100"), std::string::npos);
  EXPECT_NE(bad("/os/permissions/clock/POST_NOTIFICATIONS", "maybe").find("os.permissions.clock.POST_NOTIFICATIONS"),
            std::string::npos);
  EXPECT_EQ(env.state(), good);
  EXPECT_NO_THROW(env.set_state(good));
}

TEST(Schema, LiteKeywords) {
  const json schema = json::parse(R"({"type": "object", "required": ["a"], "additionalProperties": false,
    "properties": {"a": {"type": ["integer", "null"], "minimum": 0},
                   "b": {"type": "array", "items": {"enum": ["x", "y"]}},
                   "c": {"type": "object", "additionalProperties": {"type": "boolean"}}}})");
  EXPECT_EQ(pg::schema_error(json::parse(R"({"a": 1, "b": ["x"], "c": {"k": true}})"), schema, "s"), "");
  EXPECT_EQ(pg::schema_error(json::parse(R"({"a": null})"), schema, "s"), "");
  EXPECT_EQ(pg::schema_error(json::parse(R"({})"), schema, "s"), "s.a is missing (required)");
  EXPECT_EQ(pg::schema_error(json::parse(R"({"a": -1})"), schema, "s"), "s.a = -1 is below the minimum 0");
  EXPECT_EQ(pg::schema_error(json::parse(R"({"a": 1.5})"), schema, "s"), "s.a must be integer or null, not a number");
  EXPECT_EQ(pg::schema_error(json::parse(R"({"a": 1, "b": ["z"]})"), schema, "s"), "s.b[0] = \"z\" is not one of [\"x\",\"y\"]");
  EXPECT_EQ(pg::schema_error(json::parse(R"({"a": 1, "c": {"k": 1}})"), schema, "s"), "s.c.k must be a boolean, not an integer");
  EXPECT_EQ(pg::schema_error(json::parse(R"({"a": 1, "d": 1})"), schema, "s"), "s.d is not a known key (known: a, b, c)");
  EXPECT_TRUE(pg::schema_allows_null(schema["properties"]["a"]));
  EXPECT_FALSE(pg::schema_allows_null(schema["properties"]["b"]));
}

// ---------------------------------------------------------------- diff

TEST(Diff, PatchOfDiffGivesTheTargetAndIdArraysDiffByEntity) {
  Env env;
  const json a = env.state();
  // Delete alarm 1 (the first): one readable operation, not a cascade of replaces.
  json b = a;
  b["apps"]["clock"]["alarms"].erase(0);
  json d = pg::state_diff(a, b);
  ASSERT_EQ(d.size(), 1u) << d.dump();
  EXPECT_EQ(d[0], json({{"op", "remove"}, {"path", "/apps/clock/alarms/0"}}));
  EXPECT_EQ(a.patch(d), b);
  // Reorder, insert, modify a field, change the OS: still exact.
  json c = a;
  auto& al = c["apps"]["clock"]["alarms"];
  std::swap(al[0], al[2]);
  al[1]["label"] = "Work!";
  al.insert(al.begin() + 1, json{{"id", 9}, {"time", "10:00"}, {"label", "New"}, {"enabled", true}});
  c["os"]["settings"]["global"]["wifi_on"] = false;
  c["os"]["weird/key~"] = 1;  // pointer escaping
  d = pg::state_diff(a, c);
  EXPECT_EQ(a.patch(d), c) << d.dump(1);
  bool field_op = false;
  for (const json& op : d) field_op = field_op || op["path"] == "/apps/clock/alarms/2/label";
  EXPECT_TRUE(field_op) << d.dump(1);
  EXPECT_EQ(pg::state_diff(a, a), json::array());
  // Real trajectories: diff of consecutive states applies exactly.
  Env e2;
  json prev = e2.state();
  for (const char* s : {R"({"type":"open_app","app":"clock"})", R"({"type":"answer","text":"x"})", R"({"type":"home"})"}) {
    e2.step(act(s));
    EXPECT_EQ(prev.patch(pg::state_diff(prev, e2.state())), e2.state());
    prev = e2.state();
  }
  // Random id-keyed arrays.
  std::mt19937 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    auto make = [&] {
      json arr = json::array();
      std::vector<int> ids(8);
      for (int i = 0; i < 8; ++i) ids[i] = i;
      std::shuffle(ids.begin(), ids.end(), rng);
      const int n = static_cast<int>(rng() % 7);
      for (int i = 0; i < n; ++i) arr.push_back({{"id", ids[i]}, {"v", static_cast<int>(rng() % 3)}});
      return json{{"list", arr}, {"plain", {1, static_cast<int>(rng() % 2)}}};
    };
    const json x = make(), y = make();
    EXPECT_EQ(x.patch(pg::state_diff(x, y)), y) << x.dump() << " -> " << y.dump();
  }
}

// ---------------------------------------------------------------- fork

TEST(Fork, IsAnIndependentCopy) {
  Env env;
  env.step(act(R"({"type":"open_app","app":"clock"})"));
  auto fork = env.fork();
  EXPECT_EQ(fork->state(), env.state());
  fork->apply_patch(jp(R"([{"op": "add", "path": "/apps/clock/cities", "value": {"tokyo": null}},
                           {"op": "replace", "path": "/os/battery/level", "value": 5}])"));
  fork->step(act(R"({"type":"home"})"));
  EXPECT_EQ(env.state()["os"]["foreground"], "clock");
  EXPECT_EQ(env.state()["os"]["battery"]["level"], 85);
  EXPECT_FALSE(env.state()["apps"]["clock"].contains("cities"));
  const json d = pg::state_diff(env.state(), fork->state());
  EXPECT_FALSE(d.empty());
  EXPECT_EQ(env.state().patch(d), fork->state());
  // Both see the same world data.
  EXPECT_EQ(pg::resolve_collection(pg::World::instance(), env.state()["apps"]["clock"], "clock", "cities").size(),
            pg::resolve_collection(pg::World::instance(), fork->state()["apps"]["clock"], "clock", "cities").size() + 1);
}

// A phone stores os and the overlays that differ from defaults.json; state() is always the full
// document, whatever is stored (docs/architecture.md, "State storage").
TEST(Storage, AFreshPhoneStoresOnlyTheOsAndStateIsTheFullDocument) {
  Env env;
  EXPECT_EQ(env.state(), pg::Phone::default_state());
  const std::size_t fresh = env.phone().stored_bytes();
  EXPECT_LT(fresh * 4, pg::Phone::default_state().dump().size());  // far less than the document
  // A step that opens an app and draws it stores nothing more, and says what changed.
  EXPECT_TRUE(env.step(act(R"({"type":"open_app","app":"clock"})"))["info"]["changed"].get<bool>());
  env.ui_tree();
  EXPECT_LT(env.phone().stored_bytes(), fresh + 200);  // the task stack only (clock is drawn, unchanged)
  // set_state of a full document keeps only the apps that differ.
  json s = pg::Phone::default_state();
  s["apps"]["clock"]["alarms"][0]["label"] = "Gym";
  env.set_state(s);
  EXPECT_EQ(env.state(), s);
  const std::size_t one_app = env.phone().stored_bytes();
  EXPECT_GT(one_app, fresh);
  EXPECT_LT(one_app, fresh + s["apps"]["clock"].dump().size() + 100);
}

TEST(Storage, AnOverlayWrittenBackToItsDefaultsIsDroppedAndTheStepIsUnchanged) {
  Env env;
  env.step(act(R"({"type":"open_app","app":"clock"})"));
  const std::size_t before = env.phone().stored_bytes();
  const json alarms = env.state()["apps"]["clock"]["alarms"];
  pg::own_state(env.phone(), "clock")["alarms"] = json::array();  // copied in and changed
  EXPECT_GT(env.phone().stored_bytes(), before);
  EXPECT_TRUE(env.state()["apps"]["clock"]["alarms"].empty());
  pg::own_state(env.phone(), "clock")["alarms"] = alarms;  // back to the defaults
  EXPECT_FALSE(env.step(act(R"({"type":"wait","seconds":1})"))["info"]["changed"].get<bool>());
  EXPECT_EQ(env.phone().stored_bytes(), before);
  EXPECT_EQ(env.state(), [&] {
    json s = pg::Phone::default_state();
    s["os"] = env.state()["os"];
    return s;
  }());
}

TEST(Storage, PointersResolveThroughTheDefaultsAndWritesCopyThemIn) {
  Env env;
  pg::Phone& p = env.phone();
  const json::json_pointer label("/apps/clock/new_alarm/label");
  ASSERT_NE(p.find(label), nullptr);
  EXPECT_EQ(*p.find(label), "");
  EXPECT_EQ(p.find(json::json_pointer("/apps/clock/no_such_key")), nullptr);
  EXPECT_EQ(p.find(json::json_pointer("/apps/no_such_app/x")), nullptr);
  EXPECT_EQ(*p.find(json::json_pointer("/os/battery/level")), 85);
  p.at(label) = "Gym";
  EXPECT_EQ(env.state()["apps"]["clock"]["new_alarm"]["label"], "Gym");
  EXPECT_EQ(env.state()["apps"]["clock"]["alarms"], pg::Phone::default_state()["apps"]["clock"]["alarms"]);
  EXPECT_THROW(p.at(json::json_pointer("/apps/no_such_app/x")), std::logic_error);
  EXPECT_THROW(p.at(json::json_pointer("/colour")), std::logic_error);
  EXPECT_THROW(p.app_state("no_such_app"), std::logic_error);
}

TEST(Storage, AnAppMissingFromASetStateIsEmptyAndForksCarryWhatIsStored) {
  Env env;
  json s = pg::Phone::default_state();
  s["apps"].erase("clock");
  env.set_state(s);
  EXPECT_EQ(env.state()["apps"]["clock"], json::object());
  EXPECT_EQ(env.state()["apps"]["notes"], pg::Phone::default_state()["apps"]["notes"]);
  auto fork = env.fork();
  EXPECT_EQ(fork->state(), env.state());
  pg::own_state(fork->phone(), "notes")["x"] = 1;
  EXPECT_FALSE(env.state()["apps"]["notes"].contains("x"));
}

TEST(Storage, TimePassingDoesNotCopyAnyAppsDefaults) {
  // Every app's on_time runs on every step: one that has nothing to do must only read, or each
  // env would carry a copy of its defaults.
  for (pg::App* app : pg::AppRegistry::instance().apps()) {
    pg::Phone phone;
    const std::size_t before = phone.stored_bytes();
    const std::int64_t now = phone.now_ms();
    app->on_time(phone, now, now + 60000);
    EXPECT_EQ(phone.stored_bytes(), before) << app->id() << " copied its defaults in on_time";
  }
}
