#include "trainer/cdp/browser_host.hpp"
#include "trainer/pool/host.hpp"
#include "trainer/pool/multi_host.hpp"

#include <algorithm>
#include <cstdlib>

#include <memory>
#include <stdexcept>

namespace pg {

namespace {

// $name as an integer in [lo, hi]; `fallback` when unset. Throws naming the variable and `what`.
int env_int(const char* name, long lo, long hi, const char* what, int fallback) {
  const char* v = std::getenv(name);
  if (!v) return fallback;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  if (!*v || *end || n < lo || n > hi)
    throw std::invalid_argument(std::string(name) + "=\"" + v + "\": expected " + what + " " + std::to_string(lo) + ".." +
                                std::to_string(hi));
  return static_cast<int>(n);
}

}  // namespace

void host_options_from_env(HostOptions& o) {
  o.browsers = env_int("PHONEGYM_BROWSERS", 1, 64, "a count", o.browsers);
  o.call_timeout_ms = env_int("PHONEGYM_CALL_TIMEOUT_MS", 100, 3600000, "milliseconds", o.call_timeout_ms);
  if (const char* a = std::getenv("PHONEGYM_SERVE_ADDRESS")) o.serve_address = a;
  if (const char* u = std::getenv("PHONEGYM_PAGE_URL")) o.page_base_url = u;
  if (const char* i = std::getenv("PHONEGYM_INPUT")) {
    const std::string v = i;
    if (v != "events" && v != "api") throw std::invalid_argument("PHONEGYM_INPUT=\"" + v + "\": expected events or api");
    o.input_events = v == "events";
  }
}

std::unique_ptr<Host> make_host(const HostOptions& opts) {
  if (opts.kind == "native") return std::make_unique<NativeHost>(opts.native_threads);
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
