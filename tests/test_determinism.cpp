// Property test: 200 seeded random sequences of 30 actions. After 15 actions the env is
// snapshotted; the original, a fork and a restore (set_state(state())) then take the same 15
// actions and must stay identical (states and accessibility trees) at every step, and render
// identical pixels at the end. Failing seeds
// are reported so a run can be reproduced. Every reached state must also pass validation.
#include "random_actions.hpp"
#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/render/screen.hpp"

#include <gtest/gtest.h>

using json = nlohmann::json;

TEST(Determinism, ForkAndRestoreGiveIdenticalFutures) {
  int steps_checked = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 1;
    pg::Env a;
    for (int i = 0; i < 15; ++i) pg::testing::random_step(a, rng);
    auto b = a.fork();
    pg::Env c;
    c.set_state(a.state());
    for (int i = 0; i < 15; ++i) {
      const pg::Action act = pg::testing::random_action(a.ui_tree(), rng);
      json ra, rb, rc;
      for (auto [env, out] : {std::pair{&a, &ra}, std::pair{b.get(), &rb}, std::pair{&c, &rc}}) {
        try {
          *out = env->step(act);
        } catch (const pg::ActionError& e) {
          *out = {{"error", e.what()}};
        }
      }
      ASSERT_EQ(ra, rb) << "step " << i << " " << pg::to_json(act).dump();
      ASSERT_EQ(ra, rc) << "step " << i << " " << pg::to_json(act).dump();
      ASSERT_EQ(a.state(), b->state()) << "step " << i << " " << pg::to_json(act).dump();
      ASSERT_EQ(a.state(), c.state()) << "step " << i << " " << pg::to_json(act).dump();
      ASSERT_EQ(a.ui_tree(), c.ui_tree());
      // Every state the actions reach is one set_state accepts.
      ASSERT_NO_THROW(pg::Phone::validate(a.state())) << "step " << i << " " << pg::to_json(act).dump();
      ++steps_checked;
    }
    // ...and the same pixels (the 270x600 observation, rendered natively).
    ASSERT_EQ(pg::render_screen(a.phone(), false).data, pg::render_screen(b->phone(), false).data);
    ASSERT_EQ(pg::render_screen(a.phone(), false).data, pg::render_screen(c.phone(), false).data);
  }
  EXPECT_EQ(steps_checked, 200 * 15);
}

TEST(Determinism, TheGeneratorExploresTheOs) {
  // The property above is only as good as the states it reaches: check it gets around.
  std::set<std::string> seen;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    std::uint64_t rng = seed;  // walks from independent points (splitmix64 of the seed), not one shifted stream
    rng = pg::splitmix64(rng);
    pg::Env env;
    for (int i = 0; i < 30; ++i) {
      pg::testing::random_step(env, rng);
      const json os = env.state()["os"];
      seen.insert("fg:" + os["foreground"].get<std::string>() + "/" + env.phone().current_page());
      if (os["shade"]["open"].get<bool>()) seen.insert("shade");
      if (os["recents"]["open"].get<bool>()) seen.insert("recents");
      if (!os["keyboard"]["focus"].is_null()) seen.insert("keyboard");
      if (os["dialog"].is_object()) seen.insert("dialog:" + os["dialog"]["kind"].get<std::string>());
      if (os["launcher"]["drawer_open"].get<bool>()) seen.insert("drawer");
    }
  }
  for (const char* must : {"fg:clock/add_alarm", "fg:settings/network", "shade", "recents", "keyboard", "drawer"})
    EXPECT_TRUE(seen.count(must)) << must;
  // ...and most installed apps, at a page below their entry too.
  std::set<std::string> apps, deep;
  for (const std::string& s : seen)
    if (s.rfind("fg:", 0) == 0 && s.find("launcher") == std::string::npos) {
      const std::string app = s.substr(3, s.find('/') - 3), page = s.substr(s.find('/') + 1);
      apps.insert(app);
      const pg::App* a = pg::AppRegistry::instance().find(app);
      if (a && page != a->entry_page()) deep.insert(app);
    }
  std::string reached;
  for (const std::string& a : apps) reached += a + " ";
  EXPECT_GE(apps.size(), pg::AppRegistry::instance().apps().size() * 3 / 4) << "reached: " << reached;
  EXPECT_GE(deep.size(), pg::AppRegistry::instance().apps().size() / 2);
}
