// patch_state through a real headless Chromium (the wasm page's patch_state over CDP): the same
// RFC 6902 patch gives the same state as the native host, and a bad patch is an error naming
// the path that leaves the slot unchanged.
#include "trainer/cdp/browser_host.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

using json = nlohmann::json;

TEST(StateBrowser, PatchStateMatchesTheNativeHostAndRejectsBadPatches) {
  pg::HostOptions o;
  o.kind = "chromium";
  o.web_root = std::string(PG_BUILD_DIR) + "/web";
  auto chromium = pg::make_host(o);
  pg::NativeHost native;
  const int c = chromium->create(), n = native.create();
  const json patch = json::parse(R"([
    {"op": "replace", "path": "/os/settings/global/wifi_on", "value": false},
    {"op": "replace", "path": "/os/toast", "value": null},
    {"op": "replace", "path": "/apps/clock/new_alarm/label", "value": "Gym"},
    {"op": "add", "path": "/apps/clock/cities", "value": {"paris": null}}])");
  chromium->patch_state(c, patch);
  native.patch_state(n, patch);
  EXPECT_EQ(chromium->state(c), native.state(n));
  EXPECT_FALSE(chromium->state(c)["os"]["settings"]["global"]["wifi_on"].get<bool>());
  EXPECT_TRUE(chromium->state(c)["apps"]["clock"]["cities"]["paris"].is_null());
  const json before = chromium->state(c);
  try {
    chromium->patch_state(c, json::parse(R"([{"op": "replace", "path": "/os/battery/level", "value": "full"}])"));
    FAIL() << "a bad patch was accepted";
  } catch (const pg::StateError& e) {
    EXPECT_NE(std::string(e.what()).find("os.battery.level must be an integer"), std::string::npos) << e.what();
  }
  EXPECT_EQ(chromium->state(c), before);
}
