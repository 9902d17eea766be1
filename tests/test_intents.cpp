// Intents: explicit, implicit with one handler, implicit with a chooser, and none. Two share
// targets are registered here as test fixtures (the wave-1 apps bring the real ones).
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/ui.hpp"

#include <gtest/gtest.h>

using json = nlohmann::json;

namespace {

/// A test fixture app that records the intents it receives in its state.
class ShareTarget : public pg::App {
 public:
  ShareTarget() {
    add_page("main", [this](pg::Ui& ui, pg::Phone&) { ui.top_bar(id() + ".title", name(), false); });
  }
  void on_intent(pg::Phone& phone, const json& intent) override {
    pg::own_state(phone, id())["received"].push_back(intent.value("extras", json::object()));
  }
};

void register_fixture(const std::string& id, const std::string& name, json filters) {
  pg::register_app(std::make_unique<ShareTarget>(), id,
                   {{"id", id}, {"name", name}, {"icon", "message"}, {"color", "#188038"}, {"intent_filters", filters}},
                   {{"entry", "main"}, {"pages", {{"main", {{"title", name}}}}}}, {{"received", json::array()}});
}

const bool kRegistered = [] {
  const json send_text = {{{"action", "android.intent.action.SEND"}, {"mime", "text/*"}}};
  register_fixture("fixture_notes", "Fixture Notes", send_text);
  register_fixture("fixture_chat", "Fixture Chat", json::array({send_text[0], {{"action", "android.intent.action.SENDTO"}, {"scheme", "fixturesms"}}}));
  return true;
}();

json find_node(pg::Env& env, const std::string& id) {
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"])
    if (n["id"] == id) return n;
  return nullptr;
}

void press(pg::Env& env, const std::string& id) {
  json n = find_node(env, id);
  ASSERT_FALSE(n.is_null()) << id;
  const json& b = n["bounds"];
  pg::Action a;
  a.type = pg::ActionType::Click;
  a.x = (b[0].get<int>() + b[2].get<int>()) / 2 * 1000 / 1080;
  a.y = (b[1].get<int>() + b[3].get<int>()) / 2 * 1000 / 2400;
  env.step(a);
}

}  // namespace

TEST(Intents, ImplicitIntentWithTwoHandlersShowsAChooser) {
  ASSERT_TRUE(kRegistered);
  pg::Env env;
  env.phone().start_intent({{"action", "android.intent.action.SEND"}, {"type", "text/plain"}, {"extras", {{"text", "hello"}}}});
  const json d = env.state()["os"]["dialog"];
  ASSERT_TRUE(d.is_object());
  EXPECT_EQ(d["kind"], "chooser");
  EXPECT_EQ(d["title"], "Share");
  EXPECT_FALSE(find_node(env, "dialog.button.fixture_notes").is_null());
  press(env, "dialog.button.fixture_chat");
  EXPECT_EQ(env.state()["os"]["foreground"], "fixture_chat");
  ASSERT_EQ(env.state()["apps"]["fixture_chat"]["received"].size(), 1u);
  EXPECT_EQ(env.state()["apps"]["fixture_chat"]["received"][0]["text"], "hello");
}

TEST(Intents, OneHandlerOpensDirectlyCancelAndNoHandlerToasts) {
  pg::Env env;
  env.phone().start_intent({{"action", "android.intent.action.SENDTO"}, {"data", "fixturesms:5550100"}, {"extras", {{"body", "hi"}}}});
  EXPECT_EQ(env.state()["os"]["foreground"], "fixture_chat");
  EXPECT_TRUE(env.state()["os"]["dialog"].is_null());
  env.step(pg::parse_action(std::string_view(R"({"type":"home"})")));
  env.phone().start_intent({{"action", "android.intent.action.SEND"}, {"type", "text/plain"}});
  press(env, "dialog.button.cancel");
  EXPECT_TRUE(env.state()["os"]["dialog"].is_null());
  EXPECT_EQ(env.state()["os"]["foreground"], "launcher");
  // No installed app views magnet: links (http and https go to Browser).
  env.phone().start_intent({{"action", "android.intent.action.VIEW"}, {"data", "magnet:?xt=urn:btih:c9e15763"}});
  EXPECT_EQ(env.state()["os"]["toast"]["text"], "No app can perform this action");
  env.phone().start_intent({{"action", "android.intent.action.VIEW"}, {"data", "https://example.org"}});
  EXPECT_EQ(env.state()["os"]["foreground"], "browser");
  env.phone().start_intent({{"app", "settings"}});  // explicit
  EXPECT_EQ(env.state()["os"]["foreground"], "settings");
}

TEST(Launcher, ManyAppsSpreadOverHomePagesAndDockAppsSitInTheDock) {
  // 30 more fixture apps (one in the dock): the home pages hold 8 icons on the first page (under
  // the clock widget) and 20 on each further page, in launcher order; the last fixture is last.
  for (int i = 0; i < 30; ++i) {
    auto app = std::make_unique<ShareTarget>();
    const std::string id = "fixture_grid_" + std::to_string(10 + i);
    app->load(id, {{"id", id}, {"name", "Grid " + std::to_string(10 + i)}, {"icon", "apps"}, {"color", "#5F6368"},
                   {"dock", i == 0}, {"order", 500 + i}},
              {{"entry", "main"}, {"pages", {{"main", {{"title", "Grid"}}}}}}, json::object());
    pg::AppRegistry::instance().add(std::move(app));
  }
  int on_pages = 0;
  for (const auto* a : pg::AppRegistry::instance().apps()) on_pages += !a->manifest().value("dock", false);
  const int pages = 1 + (on_pages - 8 + 19) / 20;
  ASSERT_GE(pages, 3);
  const std::string of = " of " + std::to_string(pages);
  pg::Env env;
  EXPECT_FALSE(find_node(env, "launcher.app.fixture_grid_10").is_null());  // the dock, on every page
  EXPECT_EQ(find_node(env, "launcher.pages")["desc"], "Page 1" + of);
  EXPECT_TRUE(find_node(env, "launcher.app.fixture_grid_39").is_null());
  const auto swipe_left = pg::parse_action(std::string_view(R"({"type":"swipe","x1":900,"y1":400,"x2":100,"y2":400})"));
  for (int p = 1; p < pages; ++p) env.step(swipe_left);
  EXPECT_EQ(env.state()["os"]["launcher"]["page"], pages - 1);
  EXPECT_EQ(find_node(env, "launcher.pages")["desc"], "Page " + std::to_string(pages) + of);
  EXPECT_FALSE(find_node(env, "launcher.app.fixture_grid_39").is_null());
  EXPECT_FALSE(find_node(env, "launcher.app.fixture_grid_10").is_null());
  env.step(swipe_left);  // no page after the last
  EXPECT_EQ(env.state()["os"]["launcher"]["page"], pages - 1);
  press(env, "launcher.app.fixture_grid_39");
  EXPECT_EQ(env.state()["os"]["foreground"], "fixture_grid_39");
  env.step(pg::parse_action(std::string_view(R"({"type":"home"})")));
  EXPECT_EQ(env.state()["os"]["launcher"]["page"], 0);
}

TEST(Nav, AMalformedGuardIsRejectedWhenTheAppLoads) {
  ShareTarget app;
  const json nav = {{"entry", "main"},
                    {"pages",
                     {{"main", {{"title", "Main"}, {"transitions", {{"go", {{"to", "next"}, {"guard", {{"equals", true}}}}}}}}},
                      {"next", {{"title", "Next"}}}}}};
  try {
    app.load("fixture_guard", {{"id", "fixture_guard"}, {"name", "Guard"}}, nav, json::object());
    FAIL() << "a guard without a pointer was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("transitions.go.guard"), std::string::npos) << e.what();
  }
}
