// The Host interface on the native host (trainer/pool/host.hpp, sim/env/slots.hpp): capabilities
// declared once, typed errors where they arise, the shared slot table, the what-if primitive and
// the outcome keys made over it. The browser host's side is in test_browser_host.cpp and
// test_cdp.cpp.
#include "phone_driver.hpp"
#include "sim/env/slots.hpp"
#include "sim/os/phone.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

#include <string_view>

using json = nlohmann::json;

using pg::testing::action;

TEST(Host, NativeCapsAndLifecycle) {
  pg::NativeHost host;
  const pg::HostCaps c = host.caps();
  EXPECT_TRUE(c.pixels);
  EXPECT_FALSE(c.restartable);
  EXPECT_FALSE(c.input_events);
  EXPECT_TRUE(host.has_pixels());
  EXPECT_TRUE(host.alive());
  EXPECT_EQ(host.pid(), -1);
  const int a = host.create();
  host.restart();  // in-process: forgets the slots, ids are not reused
  EXPECT_THROW(host.state(a), pg::SlotError);
  EXPECT_GT(host.create(), a);
}

TEST(Host, ErrorsAreTypedWhereTheyArise) {
  pg::NativeHost host;
  const int s = host.create();
  EXPECT_THROW(host.step(s, action(R"({"type":"open_app","app":"no.such.app"})")), pg::ActionError);
  json bad = host.state(s);
  bad["os"]["time_ms"] = "soon";
  EXPECT_THROW(host.set_state(s, bad), pg::StateError);
  EXPECT_THROW(host.state(12345), pg::SlotError);
  EXPECT_THROW(host.close(12345), pg::SlotError);
  // The kinds the page reports, by the exception's type.
  EXPECT_STREQ(pg::error_type(pg::ActionError("x")), "action");
  EXPECT_STREQ(pg::error_type(pg::StateError("x")), "state");
  EXPECT_STREQ(pg::error_type(pg::SlotError("x")), "slot");
  EXPECT_STREQ(pg::error_type(std::invalid_argument("x")), "argument");
  EXPECT_STREQ(pg::error_type(std::runtime_error("x")), "internal");
  // step_batch: a rejected action is its op's error; the other ops go on.
  const int t = host.create();
  auto r = host.step_batch({{s, action(R"({"type":"open_app","app":"no.such.app"})")}, {t, action(R"({"type":"open_app","app":"settings"})")}},
                           nullptr);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].error_type, "action");
  EXPECT_NE(r[0].error.find("no.such.app"), std::string::npos) << r[0].error;
  EXPECT_TRUE(r[1].error.empty()) << r[1].error;
  EXPECT_EQ(host.state(t)["os"]["foreground"], "settings");
}

TEST(Host, SlotTableForksAndClosesIndependentEnvs) {
  pg::EnvSlots slots;
  const int a = slots.create();
  slots.at(a).step(action(R"({"type":"open_app","app":"settings"})"));
  const int b = slots.fork(a);
  EXPECT_NE(a, b);
  EXPECT_EQ(slots.at(a).state(), slots.at(b).state());
  slots.at(b).step(action(R"({"type":"home"})"));
  EXPECT_NE(slots.at(a).state(), slots.at(b).state());
  EXPECT_EQ(slots.ids(), (std::vector<int>{a, b}));
  slots.close(a);
  EXPECT_THROW(slots.at(a), pg::SlotError);
  EXPECT_EQ(slots.ids(), std::vector<int>{b});
}

TEST(Host, WhatIfIsRawAndOutcomesPutTheClockBack) {
  pg::NativeHost host;
  const int s = host.create();
  const json before = host.state(s);
  const std::vector<pg::Action> acts{action(R"({"type":"open_app","app":"settings"})"), action(R"({"type":"wait","seconds":1})"),
                                     action(R"({"type":"open_app","app":"no.such.app"})"), action(R"({"type":"noop"})")};
  // Raw: without restoring the clock, waiting a second changes the state hash.
  const auto raw = host.what_if(s, acts, {});
  ASSERT_EQ(raw.size(), acts.size());
  EXPECT_TRUE(raw[0].ok());
  EXPECT_FALSE(raw[2].ok());
  EXPECT_EQ(raw[0].state_hash.size(), 16u);
  EXPECT_NE(raw[1].state_hash, raw[3].state_hash);
  // With the clock put back, waiting is the same outcome as doing nothing.
  const auto keys = host.outcomes(s, acts);
  ASSERT_EQ(keys.size(), acts.size());
  EXPECT_EQ(keys[1], keys[3]);
  EXPECT_NE(keys[0], keys[3]);
  EXPECT_EQ(keys[2], "");
  EXPECT_EQ(keys[0].size(), 16u);
  EXPECT_EQ(host.state(s), before);  // the slot did not move
  EXPECT_EQ(host.outcomes(s, {acts[0]}), std::vector<std::string>{keys[0]});
  // The wire form round-trips.
  for (const auto& w : raw) {
    const pg::WhatIf back = pg::WhatIf::from_json(w.to_json());
    EXPECT_EQ(back.ok(), w.ok());
    EXPECT_EQ(back.state_hash, w.state_hash);
    EXPECT_EQ(back.ui_hash, w.ui_hash);
  }
}
