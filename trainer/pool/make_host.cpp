#include "trainer/cdp/browser_host.hpp"
#include "trainer/pool/host.hpp"
#include "trainer/pool/multi_host.hpp"

#include <algorithm>
#include <cstdlib>

#include <memory>
#include <stdexcept>

namespace pg {

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
  o.input_events = opts.input_events;
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
  if (each.size() == 1) return std::make_unique<BrowserHost>(std::move(each[0]));
  std::vector<std::unique_ptr<Host>> members;
  for (auto& e : each) members.push_back(std::make_unique<BrowserHost>(std::move(e)));
  return std::make_unique<MultiHost>(std::move(members));
}

}  // namespace pg
