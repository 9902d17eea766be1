// One headless Chromium shared by every test of a gtest suite: the suite's fixture derives from
// BrowserSuite and its tests reach the host as `host_`. Needs PG_BUILD_DIR (the build holding
// web/, the wasm page) defined for the test target.
#pragma once

#include "trainer/cdp/browser_host.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace pg::testing {

/// A fixture base whose suite starts one BrowserHost (one browser, default tabs and timeouts)
/// before its first test and closes it after its last. Throws (failing the suite) when Chromium
/// or the page cannot start.
class BrowserSuite : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    BrowserHost::Options o;
    o.web_root = std::string(PG_BUILD_DIR) + "/web";
    host_ = std::make_unique<BrowserHost>(o);
  }
  static void TearDownTestSuite() { host_.reset(); }

 public:
  inline static std::unique_ptr<BrowserHost> host_;  ///< the suite's browser (also for its helpers)
};

}  // namespace pg::testing
