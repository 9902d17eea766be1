// The app API end to end, with an app that exists only in this file: "Tally", a counter with a
// log page. Its manifest, nav.json and defaults are JSON literals here, its two pages are sim/ui
// toolkit calls, and it registers at run time (pg::register_app). The test opens it, navigates
// between its pages (by taps and by the oracle's goto), judges a task template built here on it,
// renders it with the native CPU renderer, and checks the registration and navigation errors of
// the page table. Nothing outside this file knows the app.
#include "phone_driver.hpp"
#include "sim/os/app.hpp"
#include "sim/os/nav.hpp"
#include "sim/render/frame.hpp"
#include "sim/render/screen.hpp"
#include "tasks/judge.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <regex>
#include <sstream>

using namespace pg::testing;

namespace {

constexpr const char* kApp = "tally";

// ---- the app: apps/tally/{manifest,nav,defaults}.json would hold these ----
const json kManifest = json::parse(R"({
  "id": "tally", "name": "Tally", "package": "org.phonegym.tally", "version": "1.0",
  "icon": "star", "color": "#3367D6", "icons": ["add"], "intent_filters": [], "permissions": []
})");
const json kNav = json::parse(R"({
  "entry": "count",
  "pages": {
    "count": {"title": "Tally", "transitions": {"open_log": {"to": "log", "via": "tally.open_log"}},
              "example": [{"type": "open_app", "app": "tally"}]},
    "log": {"title": "Log", "transitions": {}, "example": [{"type": "open_app", "app": "tally"}, {"type": "click", "target": "tally.open_log"}]}
  }
})");
const json kDefaults = json::parse(R"({"count": 0, "log": []})");

/// Tally: "count" shows the count, an add button and a link to the log; "log" lists every add.
class TallyApp : public pg::App {
 public:
  TallyApp() {
    add_page("count", count_page);
    add_page("log", log_page);
    // Other apps read the count through this call, never through apps.tally.
    add_export("count", [](pg::Phone& p, const json&) { return json{{"count", pg::own_state(p, kApp)["count"]}}; });
  }

 private:
  static void count_page(pg::Ui& ui, pg::Phone& phone) {
    const pg::Rect area = pg::Ui::content_area();
    ui.top_bar("tally.title", "Tally", false);
    const std::string n = std::to_string(pg::own_state(phone, kApp).value("count", 0));
    ui.text_centered(0, pg::Ui::width_dp(), area.t + 160, n, pg::Font::Headline, pg::color::kOnSurface);
    ui.node("tally.count", "android.widget.TextView", {140, area.t + 156, 220, area.t + 196}).text = n;
    ui.button("tally.open_log", {24, area.t + 260, 168, area.t + 308}, "Log", false,
              [](pg::Phone& p) { p.navigate("open_log"); });
    ui.fab("tally.add", "add", "Add one", [](pg::Phone& p) {
      json& st = pg::own_state(p, kApp);
      st["count"] = st.value("count", 0) + 1;
      st["log"].push_back(p.now_ms());
    });
  }

  static void log_page(pg::Ui& ui, pg::Phone& phone) {
    const pg::Rect area = pg::Ui::content_area();
    ui.top_bar("tally.log.title", "Log", true);
    ui.begin_scroll("tally.log.list", {0, ui.cursor_y(), pg::Ui::width_dp(), area.b}, phone.page_pointer() + "/scroll");
    int i = 0;
    for (const json& ms : pg::own_state(phone, kApp).value("log", json::array()))
      ui.list_row("tally.log." + std::to_string(i++), "Added one", "at " + phone.format_time(ms.get<std::int64_t>()), "add",
                  nullptr);
    ui.end_scroll();
  }
};

/// An app whose page table does not match its nav.json (drawn page "settings" is not a nav page).
class DriftedApp : public pg::App {
 public:
  explicit DriftedApp(bool extra) {
    add_page("count", [](pg::Ui&, pg::Phone&) {});
    if (extra) add_page("settings", [](pg::Ui&, pg::Phone&) {});
  }
};

/// Registers Tally once per process, before any frame is drawn (its icons join the font atlas).
void install_tally() {
  static std::once_flag once;
  std::call_once(once, [] { pg::register_app(std::make_unique<TallyApp>(), kApp, kManifest, kNav, kDefaults); });
}

}  // namespace

TEST(AppApi, ARuntimeAppRegistersAndStartsWithItsDefaults) {
  install_tally();
  pg::App* app = pg::AppRegistry::instance().find("Tally");
  ASSERT_NE(app, nullptr);
  EXPECT_EQ(app->id(), "tally");
  EXPECT_TRUE(pg::validate_nav(*app).empty());
  EXPECT_EQ(pg::Phone::default_state()["apps"]["tally"], kDefaults);
  EXPECT_EQ(app->export_names(), std::vector<std::string>{"count"});
  // Registering the same id twice is refused.
  EXPECT_THROW(pg::register_app(std::make_unique<TallyApp>(), kApp, kManifest, kNav, kDefaults), std::logic_error);
}

TEST(AppApi, OpenAddAndNavigateBetweenPages) {
  install_tally();
  Env env;
  open_app(env, "tally");
  ASSERT_EQ(env.phone().foreground(), "tally");
  EXPECT_EQ(env.phone().current_page(), "count");
  const json before = env.state();
  for (int i = 0; i < 3; ++i) press(env, "tally.add");
  EXPECT_EQ(find_node(env, "tally.count")["text"], "3");
  // Appends diff as "/log/-" (RFC 6902): the count and the log changed, nothing else.
  EXPECT_EQ(changed_paths(before, env.state()), (std::set<std::string>{"/apps/tally/count", "/apps/tally/log/-"}));
  EXPECT_EQ(env.state()["apps"]["tally"]["log"].size(), 3u);
  press(env, "tally.open_log");
  EXPECT_EQ(env.phone().current_page(), "log");
  EXPECT_TRUE(on_screen(env, "tally.log.2"));
  EXPECT_EQ(env.phone().page_stack(kApp).size(), 2u);
  act(env, R"({"type":"back"})");
  EXPECT_EQ(env.phone().current_page(), "count");
  // Another app's view of the count: the exported call.
  EXPECT_EQ(pg::call_app(env.phone(), "tally", "count"), (json{{"count", 3}}));
}

TEST(AppApi, TheOraclesGotoReachesAPageThroughNavJson) {
  install_tally();
  pg::TaskTemplate t = pg::parse_template(json::parse(R"({
    "id": "tally.see_log", "apps": ["tally"], "instruction": ["Open Tally's log."],
    "judge": {"subtasks": [{"name": "the log is shown", "path": "os.tasks[app=tally].pages[1].page", "op": "==", "value": "log"}]},
    "expected_changes": [],
    "oracle": [{"goto": "tally.log"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L1", "capabilities": ["navigation"]},
    "step_budget": 5, "split": "train"
  })"), "test_app_api.cpp");
  const pg::TaskInstance inst = pg::sample_instance(t, 0, pg::Phone::default_state());
  Env env;
  run_oracle(env, inst);
  EXPECT_EQ(env.phone().current_page(), "log");
  EXPECT_TRUE(pg::judge(inst, inst.initial_state, env.state()).success);
}

TEST(AppApi, PhonesTabsAreNavPagesTheOraclesGotoReaches) {
  pg::App* phone_app = pg::AppRegistry::instance().find("phone");
  ASSERT_NE(phone_app, nullptr);
  EXPECT_TRUE(pg::validate_nav(*phone_app).empty());
  for (const std::string tab : {"favorites", "recents", "contacts", "keypad"}) {
    json j = json::parse(R"({
      "id": "phone.goto", "apps": ["phone"], "instruction": ["Open a tab."],
      "judge": {"subtasks": [{"name": "on the tab", "path": "apps.phone.tab", "op": "==", "value": "x"}]},
      "expected_changes": ["/apps/phone/tab"],
      "oracle": [{"goto": "x"}, {"type": "complete"}],
      "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L1", "capabilities": ["navigation"]},
      "step_budget": 5, "split": "train"
    })");
    j["oracle"][0]["goto"] = "phone." + tab;
    j["judge"]["subtasks"][0]["value"] = tab;
    const pg::TaskTemplate t = pg::parse_template(j, "test_app_api.cpp");
    const pg::TaskInstance inst = pg::sample_instance(t, 0, pg::Phone::default_state());
    Env env;
    run_oracle(env, inst);
    EXPECT_EQ(env.phone().current_page(), tab);
    EXPECT_EQ(env.phone().page_stack("phone").size(), 1u) << "a tab replaces the tab page below it";
    EXPECT_TRUE(find_node(env, "phone.tab." + tab)["selected"].get<bool>()) << tab;
    if (tab != "favorites") EXPECT_TRUE(pg::judge(inst, inst.initial_state, env.state()).success) << tab;
    // A new Phone task opens on the tab the user left.
    act(env, R"({"type":"back"})");
    act(env, R"({"type":"open_app","app":"phone"})");
    EXPECT_EQ(env.phone().current_page(), tab);
  }
}

TEST(AppApi, JudgeATaskTemplateOnTheApp) {
  install_tally();
  pg::TaskTemplate t = pg::parse_template(json::parse(R"({
    "id": "tally.add_n", "apps": ["tally"],
    "instruction": ["Add {n} to the tally.", "Count {n} more in Tally."],
    "parameters": {"n": {"range": {"min": 2, "max": 4}}},
    "judge": {"subtasks": [{"name": "the count is {n}", "path": "apps.tally.count", "op": "==", "value": "{n}"},
                           {"name": "{n} adds are logged", "path": "apps.tally.log[{n}]", "op": "absent"}]},
    "expected_changes": ["/apps/tally/count", "/apps/tally/log"],
    "oracle": [{"type": "open_app", "app": "tally"}, {"type": "click", "target": "tally.add"}, {"type": "complete"}],
    "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L1", "capabilities": ["tap"]},
    "step_budget": 10, "split": "train"
  })"), "test_app_api.cpp");
  const pg::TaskInstance inst = pg::sample_instance(t, 7, pg::Phone::default_state());
  const int n = std::stoi(inst.params.at("n"));
  ASSERT_GE(n, 2);
  ASSERT_LE(n, 4);
  EXPECT_EQ(inst.initial_state["apps"]["tally"]["count"], 0);
  Env env;
  env.reset(inst.initial_state);
  open_app(env, "tally");
  for (int i = 0; i < n - 1; ++i) press(env, "tally.add");
  const pg::JudgeResult near_miss = pg::judge(inst, inst.initial_state, env.state());
  EXPECT_TRUE(near_miss.error.empty()) << near_miss.error;
  EXPECT_FALSE(near_miss.success) << "one add short must fail";
  press(env, "tally.add");
  const pg::JudgeResult done = pg::judge(inst, inst.initial_state, env.state());
  EXPECT_TRUE(done.success) << done.to_json().dump();
  EXPECT_TRUE(done.side_effects.empty()) << done.to_json().dump();
  EXPECT_EQ(env.state()["apps"]["tally"]["count"], n);
}

TEST(AppApi, RendersWithTheNativeCpuRenderer) {
  install_tally();
  Env env;
  open_app(env, "tally");
  press(env, "tally.add");
  const pg::Image count = pg::render_screen(env.phone(), true);
  ASSERT_EQ(count.width, 1080);
  ASSERT_EQ(count.height, 2400);
  // The FAB (bottom right of the content area) is drawn in the primary container colour, not the
  // page's surface: a pixel at its centre differs from one in an empty area.
  const json fab = find_node(env, "tally.add");
  ASSERT_FALSE(fab.is_null());
  auto px = [&](const pg::Image& im, int x, int y) {
    const std::size_t i = (static_cast<std::size_t>(y) * im.width + x) * 3;
    return std::array<int, 3>{im.data[i], im.data[i + 1], im.data[i + 2]};
  };
  const int fx = (fab["bounds"][0].get<int>() + fab["bounds"][2].get<int>()) / 2 - 30;
  const int fy = (fab["bounds"][1].get<int>() + fab["bounds"][3].get<int>()) / 2 - 30;
  EXPECT_NE(px(count, fx, fy), px(count, 60, 1400));
  press(env, "tally.open_log");
  const pg::Image log = pg::render_screen(env.phone(), true);
  EXPECT_GT(pg::max_abs_diff(count, log), 100) << "the log page looks like the count page";
  // Same state, same pixels.
  EXPECT_EQ(pg::render_screen(env.phone(), true).data, log.data);
}

TEST(AppApi, APageTableThatDriftsFromNavJsonIsRefusedAtRegistration) {
  // Drawn but not in nav.json.
  try {
    pg::register_app(std::make_unique<DriftedApp>(true), "drifted", {{"id", "drifted"}, {"name", "Drifted"}},
                     {{"entry", "count"}, {"pages", {{"count", {{"title", "C"}}}}}}, json::object());
    ADD_FAILURE() << "registered an app that draws a page nav.json lacks";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("\"settings\""), std::string::npos) << e.what();
  }
  // In nav.json but not drawn.
  try {
    pg::register_app(std::make_unique<DriftedApp>(false), "drifted", {{"id", "drifted"}, {"name", "Drifted"}},
                     {{"entry", "count"}, {"pages", {{"count", {{"title", "C"}}}, {"about", {{"title", "A"}}}}}},
                     json::object());
    ADD_FAILURE() << "registered an app with a nav page it does not draw";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("\"about\""), std::string::npos) << e.what();
  }
  EXPECT_EQ(pg::AppRegistry::instance().find("drifted"), nullptr);
}

TEST(AppApi, UnknownPagesAndCallsAreClearErrorsNotBlankScreens) {
  install_tally();
  Env env;
  open_app(env, "tally");
  // A state whose task shows a page the app does not have is refused, naming it.
  json s = env.state();
  s["os"]["tasks"].back()["pages"][0]["page"] = "settings";
  try {
    env.set_state(s);
    ADD_FAILURE() << "set_state accepted an unknown page";
  } catch (const pg::StateError& e) {
    EXPECT_NE(std::string(e.what()).find("settings"), std::string::npos) << e.what();
  }
  pg::App* app = pg::AppRegistry::instance().find(kApp);
  pg::FrameScope frame;
  pg::Ui ui(frame.draw_list(), env.phone());
  EXPECT_THROW(app->draw_page(ui, env.phone(), "settings"), std::logic_error);
  EXPECT_THROW(env.phone().navigate("open_settings"), std::logic_error);
  EXPECT_THROW(pg::call_app(env.phone(), "tally", "reset"), std::logic_error);
  EXPECT_THROW(pg::call_app(env.phone(), "no_such_app", "count"), std::logic_error);
  EXPECT_THROW(pg::own_state(env.phone(), "no_such_app"), std::logic_error);
}

// The rules of the app API over the real apps' sources: an app reaches its own state only through
// own_state, other apps only through intents or call_app, and the task stack and page entries
// only through Phone's services (page_state, page_stack, set_scroll, back_to_root).
TEST(AppApi, AppsUseOnlyTheApiForStateOutsideTheirOwn) {
  namespace fs = std::filesystem;
  struct Rule {
    std::regex pattern;
    std::string why;
    std::string allowed_in;  ///< an app folder where the pattern is fine ("" = none)
  };
  const std::vector<Rule> rules = {
      {std::regex(R"(\["apps"\])"), "reads apps.* directly (use own_state, or call_app for another app)", ""},
      // Tasks (todo) keeps its own collection `tasks`; its reads of os.* are caught by the "os" rule.
      {std::regex(R"(\["tasks"\])"), "reads os.tasks directly (use Phone::page_stack / back_to_root)", "todo"},
      {std::regex(R"(json_pointer\((p|phone)\.page_pointer)"), "writes the page entry by pointer (use page_state / set_scroll)", ""},
      {std::regex(R"(\["keyboard"\])"), "writes os.keyboard (use Phone::focus)", ""},
      // Settings is the system's settings screen: the one app that edits os.settings, os.locale...
      {std::regex(R"(\["os"\])"), "reads the OS state's JSON (use Phone's services: now_ms, local_time_ms, permission...)",
       "settings"}};
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(PG_SOURCE_DIR) / "apps")) {
    const std::string ext = e.path().extension().string();
    if (ext != ".cpp" && ext != ".hpp") continue;
    ++files;
    const std::string folder = e.path().parent_path().filename().string();
    std::ifstream in(e.path());
    std::string line;
    for (int no = 1; std::getline(in, line); ++no)
      for (const Rule& r : rules)
        if (folder != r.allowed_in && std::regex_search(line, r.pattern))
          ADD_FAILURE() << e.path().string() << ":" << no << ": " << r.why << "\n  " << line;
  }
  EXPECT_GT(files, 10);
}
