// Every installed app, generically: nav.json is valid (every page reachable, every page has an
// example), each page's example reaches it through actions, and the page passes the layout lint
// (no overlapping or overflowing text, no tap target under 48 dp).
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/nav.hpp"
#include "sim/ui/lint.hpp"
#include "tools/screens.hpp"

#include <gtest/gtest.h>

TEST(Apps, NavigationIsValidForEveryApp) {
  for (pg::App* app : pg::AppRegistry::instance().apps())
    for (const std::string& e : pg::validate_nav(*app)) ADD_FAILURE() << e;
}

TEST(Apps, EveryPageIsReachedByItsExampleAndPassesTheLint) {
  int pages = 0;
  for (pg::App* app : pg::AppRegistry::instance().apps()) {
    for (auto& [page, spec] : app->nav()["pages"].items()) {
      const std::string where = app->id() + "." + page;
      SCOPED_TRACE(where);
      pg::Env env;
      ASSERT_NO_THROW(pg::run_example(env, where, spec.value("example", nlohmann::json::array())));
      EXPECT_EQ(env.phone().foreground(), app->id());
      EXPECT_EQ(env.phone().current_page(), page);
      for (const std::string& problem : env.lint()) ADD_FAILURE() << where << ": " << problem;
      ++pages;
    }
  }
  EXPECT_GE(pages, 7);
}

TEST(Apps, ShortestPathsFollowDeclaredTransitions) {
  pg::App* settings = pg::AppRegistry::instance().find("settings");
  ASSERT_NE(settings, nullptr);
  const auto path = pg::shortest_path(*settings, "main", "time_zone");
  ASSERT_EQ(path.size(), 3u);
  EXPECT_EQ(path[0].to, "system");
  EXPECT_EQ(path[1].to, "date_time");
  EXPECT_EQ(path[2].to, "time_zone");
  EXPECT_THROW(pg::shortest_path(*settings, "main", "nowhere"), std::invalid_argument);
}

TEST(Lint, CatchesOverlapsOverflowAndSmallTargets) {
  pg::Node small;
  small.id = "x.small";
  small.clickable = true;
  small.bounds = {0, 200, 90, 290};  // 30x30 dp
  pg::Node row;
  row.id = "x.row";
  row.bounds = {0, 300, 600, 468};
  const pg::Rect screen{0, 0, 1080, 2400};
  std::vector<pg::TextRun> texts = {{{30, 330, 700, 380}, screen, "a title far too long for its row"},
                                    {{30, 350, 300, 400}, screen, "overlapping"}};
  const auto problems = pg::lint_screen({small, row}, texts);
  auto has = [&](const std::string& s) {
    for (const auto& p : problems)
      if (p.find(s) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(has("tap target \"x.small\""));
  EXPECT_TRUE(has("overlap"));
  EXPECT_TRUE(has("runs past its widget \"x.row\""));
  EXPECT_TRUE(pg::lint_screen({row}, {{{30, 330, 300, 380}, screen, "fits"}}).empty());
}
