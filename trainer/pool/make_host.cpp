#include "trainer/cdp/browser_host.hpp"
#include "trainer/pool/host.hpp"
#include "trainer/pool/multi_host.hpp"

#include <algorithm>
#include <cstdlib>

#include <memory>
#include <stdexcept>

namespace pg {
namespace {

/// The browser host behind the Host interface (one headless Chromium, N tabs, many slots each).
class ChromiumHost : public Host {
 public:
  ChromiumHost(BrowserHost::Options o, bool input_events)
      : opts_(o), owned_(std::make_unique<BrowserHost>(std::move(o))), input_events_(input_events) {}
  std::string name() const override { return opts_.devtools_url.empty() ? "chromium" : "remote"; }
  int create() override { return owned_->create(); }
  void reset(int slot, const nlohmann::json& state) override { owned_->reset(slot, state); }
  nlohmann::json step(int slot, const Action& a) override {
    try {
      if (input_events_) return step_by_input(slot, a);
      return owned_->step(slot, a);
    } catch (const HostError& e) {
      // The page rejects actions it cannot take (e.g. open_app of an unknown app) with a message;
      // report those as ActionError so the episode goes on, like the native host.
      const std::string m = e.what();
      if (m.find("action") != std::string::npos) throw ActionError(m);
      throw;
    }
  }
  nlohmann::json state(int slot) override { return owned_->state(slot); }
  void set_state(int slot, const nlohmann::json& s) override { owned_->set_state(slot, s); }
  void patch_state(int slot, const nlohmann::json& p) override { owned_->patch_state(slot, p); }
  int fork(int slot) override { return owned_->fork(slot); }
  void close(int slot) override { owned_->close(slot); }
  Image screenshot(int slot, bool full) override { return owned_->screenshot(slot, full); }
  nlohmann::json ui_tree(int slot) override { return owned_->ui_tree(slot); }
  bool has_pixels() const override { return true; }
  std::string ui_xml(int slot) override { return owned_->ui_xml(slot); }
  Image screenshot_som(int slot, bool full) override { return owned_->screenshot(slot, full, true); }
  nlohmann::json marks(int slot) override { return owned_->marks(slot); }
  HostObservation observe(int slot, const ObsSpec& spec) override { return owned_->observe(slot, spec); }
  std::vector<BatchResult> step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec) override {
    if (input_events_) return Host::step_batch(ops, spec);  // one action at a time, as a finger
    return owned_->step_batch(ops, spec);
  }
  std::vector<std::string> outcomes(int slot, const std::vector<Action>& actions) override {
    return owned_->outcomes(slot, actions);
  }
  bool alive() const override { return owned_->alive(); }
  void restart() override {
    owned_.reset();  // ends what is left of the old browser (its whole process group)
    owned_ = std::make_unique<BrowserHost>(opts_);
  }
  int pid() const override { return owned_->browser_pid(); }

 private:
  // The fidelity path: the action as DevTools touch/key events; the page's reply for the (one)
  // action its gesture recognizer made of them.
  nlohmann::json step_by_input(int slot, const Action& a) {
    const nlohmann::json applied = owned_->step_input(slot, a);
    if (!applied.is_array() || applied.empty())
      throw HostError("step(slot " + std::to_string(slot) + "): the input events made no action");
    const nlohmann::json& last = applied.back().at("result");
    if (last.contains("error")) throw ActionError(last["error"].is_string() ? last["error"].get<std::string>() : last["error"].dump());
    return last;
  }

  BrowserHost::Options opts_;
  std::unique_ptr<BrowserHost> owned_;  // replaced by restart()
  bool input_events_ = false;
};

}  // namespace

void host_options_from_env(HostOptions& o) {
  if (const char* b = std::getenv("PHONEGYM_BROWSERS")) {
    char* end = nullptr;
    const long n = std::strtol(b, &end, 10);
    if (!*b || *end || n < 1 || n > 64)
      throw std::invalid_argument("PHONEGYM_BROWSERS=\"" + std::string(b) + "\": expected a count 1..64");
    o.browsers = static_cast<int>(n);
  }
  if (const char* t = std::getenv("PHONEGYM_CALL_TIMEOUT_MS")) {
    char* end = nullptr;
    const long ms = std::strtol(t, &end, 10);
    if (!*t || *end || ms < 100 || ms > 3600000)
      throw std::invalid_argument("PHONEGYM_CALL_TIMEOUT_MS=\"" + std::string(t) + "\": expected milliseconds 100..3600000");
    o.call_timeout_ms = static_cast<int>(ms);
  }
  if (const char* a = std::getenv("PHONEGYM_SERVE_ADDRESS")) o.serve_address = a;
  if (const char* u = std::getenv("PHONEGYM_PAGE_URL")) o.page_base_url = u;
  if (const char* i = std::getenv("PHONEGYM_INPUT")) {
    const std::string v = i;
    if (v != "events" && v != "api") throw std::invalid_argument("PHONEGYM_INPUT=\"" + v + "\": expected events or api");
    o.input_events = v == "events";
  }
}

std::unique_ptr<Host> make_host(const HostOptions& opts) {
  if (opts.kind == "native") return std::make_unique<NativeHost>();
  if (opts.tabs < 1) throw std::invalid_argument("host: tabs must be >= 1 (got " + std::to_string(opts.tabs) + ")");
  BrowserHost::Options o;
  o.web_root = opts.web_root;
  o.chromium.executable = opts.chromium;
  o.tabs = opts.tabs;
  o.call_timeout_ms = opts.call_timeout_ms;
  o.serve_address = opts.serve_address;
  o.page_base_url = opts.page_base_url;
  std::vector<BrowserHost::Options> each;
  if (opts.kind == "chromium") {
    if (opts.browsers < 1) throw std::invalid_argument("host: browsers must be >= 1 (got " + std::to_string(opts.browsers) + ")");
    each.assign(static_cast<std::size_t>(opts.browsers), o);
  } else if (opts.kind.rfind("remote:", 0) == 0) {
    std::string list = opts.kind.substr(7);
    for (std::size_t at = 0; at <= list.size();) {
      const std::size_t comma = std::min(list.find(',', at), list.size());
      const std::string url = list.substr(at, comma - at);
      if (url.empty()) throw std::invalid_argument("host \"" + opts.kind + "\": an empty DevTools URL");
      each.push_back(o);
      each.back().devtools_url = url;
      at = comma + 1;
    }
  } else {
    throw std::invalid_argument("unknown host \"" + opts.kind + "\" (use chromium, native or remote:URL[,URL...])");
  }
  if (each.size() == 1) return std::make_unique<ChromiumHost>(std::move(each[0]), opts.input_events);
  std::vector<std::unique_ptr<Host>> members;
  for (auto& e : each) members.push_back(std::make_unique<ChromiumHost>(std::move(e), opts.input_events));
  return std::make_unique<MultiHost>(std::move(members));
}

}  // namespace pg
