#include "trainer/cdp/browser_host.hpp"
#include "trainer/pool/host.hpp"

#include <stdexcept>

namespace pg {
namespace {

/// The browser host behind the Host interface (one headless Chromium, N tabs, many slots each).
class ChromiumHost : public Host {
 public:
  explicit ChromiumHost(BrowserHost::Options o) : b_(std::move(o)) {}
  std::string name() const override { return "chromium"; }
  int create() override { return b_.create(); }
  void reset(int slot, const nlohmann::json& state) override { b_.reset(slot, state); }
  nlohmann::json step(int slot, const Action& a) override {
    try {
      return b_.step(slot, a);
    } catch (const HostError& e) {
      // The page rejects actions it cannot take (e.g. open_app of an unknown app) with a message;
      // report those as ActionError so the episode goes on, like the native host.
      const std::string m = e.what();
      if (m.find("action") != std::string::npos) throw ActionError(m);
      throw;
    }
  }
  nlohmann::json state(int slot) override { return b_.state(slot); }
  void set_state(int slot, const nlohmann::json& s) override { b_.set_state(slot, s); }
  void patch_state(int slot, const nlohmann::json& p) override { b_.patch_state(slot, p); }
  int fork(int slot) override { return b_.fork(slot); }
  void close(int slot) override { b_.close(slot); }
  Image screenshot(int slot, bool full) override { return b_.screenshot(slot, full); }
  nlohmann::json ui_tree(int slot) override { return b_.ui_tree(slot); }
  bool has_pixels() const override { return true; }
  std::string ui_xml(int slot) override { return b_.ui_xml(slot); }
  Image screenshot_som(int slot, bool full) override { return b_.screenshot(slot, full, true); }
  nlohmann::json marks(int slot) override { return b_.marks(slot); }

 private:
  BrowserHost b_;
};

}  // namespace

std::unique_ptr<Host> make_host(const HostOptions& opts) {
  if (opts.kind == "native") return std::make_unique<NativeHost>();
  if (opts.kind == "chromium") {
    BrowserHost::Options o;
    o.web_root = opts.web_root;
    o.chromium.executable = opts.chromium;
    o.tabs = opts.tabs;
    return std::make_unique<ChromiumHost>(std::move(o));
  }
  throw std::invalid_argument("unknown host \"" + opts.kind + "\" (use chromium or native)");
}

}  // namespace pg
