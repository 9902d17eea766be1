#include "trainer/cdp/browser_host.hpp"

#include "trainer/cdp/cdp_client.hpp"
#include "trainer/cdp/http_server.hpp"
#include "trainer/cdp/parallel.hpp"

#include "sim/render/obs.hpp"
#include "sim/util/encoding.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <deque>
#include <future>
#include <filesystem>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

namespace pg {
namespace {

constexpr std::size_t kKeepDiagnostics = 30;

std::string js_string(const std::string& s) {
  // A JSON string literal is a valid JavaScript string literal.
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string dump(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

/// `j[key]` when `j` is an object holding a string there, else `fallback`.
std::string str_field(const nlohmann::json& j, const char* key, const std::string& fallback = "") {
  if (!j.is_object()) return fallback;
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : fallback;
}

// Human-readable text of a CDP Runtime.ExceptionDetails.
std::string exception_text(const nlohmann::json& d) {
  std::string out;
  if (auto e = d.is_object() ? d.find("exception") : d.end(); d.is_object() && e != d.end() && e->is_object()) {
    out = str_field(*e, "description");
    if (out.empty() && e->contains("value")) out = dump((*e)["value"]);
  }
  if (out.empty()) out = str_field(d, "text", "exception");
  if (const std::string url = str_field(d, "url"); !url.empty()) {
    const auto line = d.find("lineNumber");
    const long long n = line != d.end() && line->is_number_integer() ? line->get<long long>() : 0;
    out += " (" + url + ":" + std::to_string(n + 1) + ")";
  }
  return out;
}

std::string remote_object_text(const nlohmann::json& o) {
  if (!o.is_object()) return dump(o);
  if (o.contains("value")) return o["value"].is_string() ? o["value"].get<std::string>() : dump(o["value"]);
  if (o.contains("description") && o["description"].is_string()) return o["description"].get<std::string>();
  if (o.contains("unserializableValue")) return dump(o["unserializableValue"]);
  return str_field(o, "type", "?");
}

}  // namespace

struct BrowserHost::Impl {
  struct Tab {
    std::string context_id;  // its browser context (isolate_tabs)
    std::string target_id;
    std::string session_id;
    std::deque<std::string> diagnostics;  // guarded by diag_mu
    std::string dead;                     // non-empty: crashed/detached (guarded by diag_mu)
  };
  struct SlotRef {
    int tab;
    int local;
  };

  Options opt;
  std::string url;
  // Destruction order (reverse): client, chromium, server.
  std::unique_ptr<cdp::StaticHttpServer> server;
  std::unique_ptr<cdp::Chromium> chromium;
  std::unique_ptr<cdp::CdpClient> client;
  std::vector<Tab> tabs;

  std::atomic<bool> hung{false};  // a call timed out: the host must be recycled
  std::mutex diag_mu;
  std::mutex slot_mu;
  std::mutex obs_mu;
  std::mutex input_mu;            // the fidelity path, one action at a time
  std::vector<bool> input_ready;  // per tab: viewport and touch emulation set (input_mu)
  double input_clock = 0;         // seconds since the epoch of the last input event sent (input_mu)
  std::unordered_map<int, HostObservation> last_obs;  // per global slot: the last observation delivered (obs_mu)
  std::uint64_t frames = 0, unchanged = 0, wire_bytes = 0;  // (obs_mu)
  std::unordered_map<int, SlotRef> slots;
  int next_slot = 0;
  int next_tab = 0;

  // The client's io thread may be running on_event: close it before the members it touches go away.
  ~Impl() {
    if (client) client->on_event(nullptr);
    if (client && !chromium && client->connected() && !hung) {
      // A remote browser stays up: close what this host opened in it.
      for (const auto& t : tabs) {
        try {
          if (!t.target_id.empty()) client->call("Target.closeTarget", {{"targetId", t.target_id}}, "", 5000);
          if (!t.context_id.empty())
            client->call("Target.disposeBrowserContext", {{"browserContextId", t.context_id}}, "", 5000);
        } catch (const std::exception& e) {
          spdlog::debug("BrowserHost: closing a remote tab: {}", e.what());
        }
      }
    }
    client.reset();
    chromium.reset();
    server.reset();
  }

  void add_diag(const std::string& session, std::string text) {
    std::lock_guard<std::mutex> lk(diag_mu);
    for (auto& t : tabs)
      if (t.session_id == session) {
        t.diagnostics.push_back(std::move(text));
        while (t.diagnostics.size() > kKeepDiagnostics) t.diagnostics.pop_front();
        return;
      }
  }

  void mark_dead(const std::string& session, const std::string& why) {
    std::lock_guard<std::mutex> lk(diag_mu);
    for (auto& t : tabs)
      if (t.session_id == session && t.dead.empty()) t.dead = why;
  }

  std::string diagnostics(int tab) {
    std::lock_guard<std::mutex> lk(diag_mu);
    std::string out;
    for (const auto& d : tabs[tab].diagnostics) out += "\n  " + d;
    return out;
  }

  void on_event(const std::string& method, const nlohmann::json& p, const std::string& session) {
    if (std::string d = page::event_diagnostic(method, p); !d.empty()) {
      add_diag(session, d);
    } else if (method == "Inspector.targetCrashed") {
      mark_dead(session, "the page crashed (renderer process died)");
    } else if (method == "Target.detachedFromTarget") {
      mark_dead(str_field(p, "sessionId"), "the page was detached (tab closed or crashed)");
    }
  }

  void check_tab(int tab) {
    std::lock_guard<std::mutex> lk(diag_mu);
    if (!tabs[tab].dead.empty()) throw HostError("tab " + std::to_string(tab) + ": " + tabs[tab].dead);
  }

  // Runtime.evaluate in a tab; returns result.value; throws HostError on a JS exception or CDP error.
  // `timeout_ms` 0: the per-call timeout (a call without a reply marks the host hung).
  nlohmann::json evaluate(int tab, const std::string& expression, const std::string& what, int timeout_ms = 0) {
    check_tab(tab);
    nlohmann::json r;
    if (hung) throw HostError(what + ": the host is hung (an earlier call timed out); it must be restarted");
    try {
      r = client->call("Runtime.evaluate",
                       {{"expression", expression}, {"returnByValue", true}, {"awaitPromise", false}},
                       tabs[tab].session_id, timeout_ms > 0 ? timeout_ms : opt.call_timeout_ms);
    } catch (const cdp::CdpTimeout& e) {
      hung = true;
      throw HostError(what + ": " + e.what() + " (tab " + std::to_string(tab) + " is hung: the host will be recycled)");
    } catch (const cdp::CdpError& e) {
      std::string msg = what + ": " + e.what();
      if (chromium && !chromium->alive()) msg += " (Chromium has exited)";
      throw HostError(msg);
    }
    return page::evaluate_value(r, what);
  }

  SlotRef lookup(int slot) {
    std::lock_guard<std::mutex> lk(slot_mu);
    auto it = slots.find(slot);
    if (it == slots.end()) throw SlotError("unknown env slot " + std::to_string(slot));
    return it->second;
  }

  // Calls phonegym.<fn>(local, args...) in the slot's tab and parses the returned JSON string.
  nlohmann::json api(const std::string& fn, int global, const SlotRef& ref, const std::string& extra_args) {
    std::string what = fn + "(slot " + std::to_string(global) + ")";
    std::string expr = "phonegym." + fn + "(" + std::to_string(ref.local) + extra_args + ")";
    return page::api_reply(evaluate(ref.tab, expr, what), what);
  }

  // The "known" hash to send for a slot's next observation with `spec` (empty: none held).
  std::string known_hash(int global, const ObsSpec& spec) {
    std::lock_guard<std::mutex> lk(obs_mu);
    auto it = last_obs.find(global);
    if (it == last_obs.end() || it->second.spec.str() != spec.str()) return {};
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(it->second.hash));
    return buf;
  }

  // Turns the page's observation object into an HostObservation (or the held one when unchanged).
  HostObservation decode_obs(int global, const ObsSpec& spec, const nlohmann::json& r, const std::string& what) {
    page::PageObservation p = page::observation(r, spec, what);
    std::lock_guard<std::mutex> lk(obs_mu);
    if (p.unchanged) {
      auto it = last_obs.find(global);
      if (it == last_obs.end() || it->second.hash != p.hash)
        throw HostError(what + ": the page reported an unchanged frame the host does not hold");
      ++unchanged;
      HostObservation o = it->second;
      if (spec.ui_xml) o.ui_xml = std::move(p.obs.ui_xml);
      return o;
    }
    ++frames;
    wire_bytes += r["data"].get_ref<const std::string&>().size();  // observation() checked it is a string
    last_obs[global] = p.obs;
    return p.obs;
  }

  int register_slot(int tab, const nlohmann::json& r, const std::string& what) {
    if (!r.is_object() || !r.contains("slot") || !r["slot"].is_number_integer())
      throw HostError(what + ": the page's reply has no integer \"slot\": " + dump(r));
    std::lock_guard<std::mutex> lk(slot_mu);
    int id = next_slot++;
    slots[id] = SlotRef{tab, r["slot"].get<int>()};
    return id;
  }
};

BrowserHost::BrowserHost(Options options) : opts_(std::move(options)) { start(); }

void BrowserHost::restart() {
  impl_.reset();  // ends what is left of the old browser (its whole process group)
  start();
}

void BrowserHost::start() {
  impl_ = std::make_unique<Impl>();
  Impl& s = *impl_;
  s.opt = opts_;
  if (s.opt.tabs < 1) throw HostError("BrowserHost: tabs must be >= 1 (got " + std::to_string(s.opt.tabs) + ")");
  if (s.opt.timeout_ms <= 0) s.opt.timeout_ms = 60000;
  namespace fs = std::filesystem;
  std::error_code ec;
  if (s.opt.web_root.empty() || !fs::is_directory(s.opt.web_root, ec))
    throw HostError("BrowserHost: web root \"" + s.opt.web_root +
                    "\" is not a directory (build the wasm page first; it is the directory holding index.html)");
  if (!fs::is_regular_file(fs::path(s.opt.web_root) / "index.html", ec))
    throw HostError("BrowserHost: no index.html in web root \"" + s.opt.web_root +
                    "\" (build the wasm page first)");

  if (s.opt.call_timeout_ms <= 0) s.opt.call_timeout_ms = s.opt.timeout_ms;
  try {
    s.server = std::make_unique<cdp::StaticHttpServer>(s.opt.web_root, 0, s.opt.serve_address);
  } catch (const std::exception& e) {
    throw HostError(std::string("BrowserHost: ") + e.what());
  }
  std::string base = s.opt.page_base_url.empty() ? s.server->base_url() : s.opt.page_base_url;
  while (!base.empty() && base.back() == '/') base.pop_back();
  s.url = base + "/index.html";
  std::string ws;
  if (s.opt.devtools_url.empty()) {
    s.chromium = cdp::Chromium::launch(s.opt.chromium);
    ws = s.chromium->browser_ws_url();
    spdlog::debug("BrowserHost: Chromium pid {} at {}", s.chromium->pid(), ws);
  } else {
    try {
      ws = cdp::resolve_devtools_url(s.opt.devtools_url, s.opt.timeout_ms);
    } catch (const std::exception& e) {
      throw HostError(std::string("BrowserHost: remote host: ") + e.what());
    }
  }
  s.client = std::make_unique<cdp::CdpClient>(ws);

  // Create and attach every tab first (so events can be routed by session id), then navigate.
  s.tabs.resize(static_cast<std::size_t>(s.opt.tabs));
  for (auto& t : s.tabs) {
    nlohmann::json create{{"url", "about:blank"}, {"newWindow", true}};
    if (s.opt.isolate_tabs) {
      auto c = s.client->call("Target.createBrowserContext", {{"disposeOnDetach", true}}, "", s.opt.timeout_ms);
      t.context_id = c.at("browserContextId").get<std::string>();
      create["browserContextId"] = t.context_id;
    }
    auto r = s.client->call("Target.createTarget", create, "", s.opt.timeout_ms);
    t.target_id = r.at("targetId").get<std::string>();
    auto a = s.client->call("Target.attachToTarget", {{"targetId", t.target_id}, {"flatten", true}}, "",
                            s.opt.timeout_ms);
    std::lock_guard<std::mutex> lk(s.diag_mu);
    t.session_id = a.at("sessionId").get<std::string>();
  }
  s.client->on_event([&s](const std::string& m, const nlohmann::json& p, const std::string& sid) { s.on_event(m, p, sid); });
  for (int i = 0; i < s.opt.tabs; ++i) {
    const auto& sid = s.tabs[i].session_id;
    for (const char* domain : {"Runtime.enable", "Page.enable", "Log.enable", "Inspector.enable"}) {
      try {
        s.client->call(domain, nlohmann::json::object(), sid, s.opt.timeout_ms);
      } catch (const cdp::CdpError& e) {
        if (std::string(domain) == "Runtime.enable") throw;
        spdlog::debug("BrowserHost: {} failed: {}", domain, e.what());
      }
    }
    auto nav = s.client->call("Page.navigate", {{"url", s.url}}, sid, s.opt.timeout_ms);
    if (nav.contains("errorText") && nav["errorText"].is_string() && !nav["errorText"].get<std::string>().empty())
      throw HostError("BrowserHost: tab " + std::to_string(i) + " could not load " + s.url + ": " +
                      nav["errorText"].get<std::string>());
  }

  // Wait until every tab's page API is ready.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(s.opt.timeout_ms);
  for (int i = 0; i < s.opt.tabs; ++i) {
    std::string last_error;
    for (;;) {
      if (s.chromium && !s.chromium->alive())
        throw HostError("BrowserHost: Chromium exited while loading " + s.url + "; its last stderr lines:\n" +
                        s.chromium->recent_stderr());
      if (!s.client->connected()) throw HostError("BrowserHost: the DevTools connection closed while loading " + s.url);
      try {
        // The page-ready deadline, not the per-call timeout: a loading page (compiling the wasm on
        // a busy machine) may not answer for seconds, and that is not a hung host.
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        auto v = s.evaluate(i, "!!(window.phonegym && window.phonegym.isReady())", "isReady",
                            static_cast<int>(std::max<long long>(1, left.count())));
        if (v.is_boolean() && v.get<bool>()) break;
        last_error.clear();
      } catch (const HostError& e) {
        last_error = e.what();  // e.g. the context was replaced by the navigation; retry
      }
      if (std::chrono::steady_clock::now() >= deadline) {
        std::string d = s.diagnostics(i);
        throw HostError("BrowserHost: the page " + s.url + " (tab " + std::to_string(i) +
                        ") did not become ready (window.phonegym.isReady()) within " +
                        std::to_string(s.opt.timeout_ms) + " ms" +
                        (last_error.empty() ? std::string() : "; last check: " + last_error) +
                        (d.empty() ? std::string("; no page errors were reported") : "; page errors:" + d));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
  }
  spdlog::debug("BrowserHost: {} tab(s) ready at {}", s.opt.tabs, s.url);
}

BrowserHost::~BrowserHost() = default;

std::string BrowserHost::name() const { return opts_.devtools_url.empty() ? "chromium" : "remote"; }

HostCaps BrowserHost::caps() const {
  HostCaps c;
  c.pixels = true;
  c.restartable = true;
  c.input_events = opts_.input_events;
  return c;
}

int BrowserHost::create() {
  Impl& s = *impl_;
  int tab;
  {
    std::lock_guard<std::mutex> lk(s.slot_mu);
    tab = s.next_tab;
    s.next_tab = (s.next_tab + 1) % s.opt.tabs;
  }
  auto r = page::api_reply(s.evaluate(tab, "phonegym.create()", "create"), "create");
  return s.register_slot(tab, r, "create");
}

void BrowserHost::reset(int slot, const nlohmann::json& state) {
  auto ref = impl_->lookup(slot);
  impl_->api("reset", slot, ref, ", " + js_string(state.is_null() ? std::string() : dump(state)));
}

nlohmann::json BrowserHost::step(int slot, const Action& a) {
  if (opts_.input_events) return step_by_input(slot, a);
  auto ref = impl_->lookup(slot);
  return impl_->api("step", slot, ref, ", " + js_string(dump(to_json(a))));
}

nlohmann::json BrowserHost::state(int slot) {
  auto ref = impl_->lookup(slot);
  return impl_->api("state", slot, ref, "");
}

void BrowserHost::set_state(int slot, const nlohmann::json& st) {
  auto ref = impl_->lookup(slot);
  impl_->api("set_state", slot, ref, ", " + js_string(dump(st)));
}

void BrowserHost::patch_state(int slot, const nlohmann::json& p) {
  auto ref = impl_->lookup(slot);
  impl_->api("patch_state", slot, ref, ", " + js_string(dump(p)));
}

int BrowserHost::fork(int slot) {
  auto ref = impl_->lookup(slot);
  auto r = impl_->api("fork", slot, ref, "");
  return impl_->register_slot(ref.tab, r, "fork(slot " + std::to_string(slot) + ")");
}

void BrowserHost::close(int slot) {
  auto ref = impl_->lookup(slot);
  {
    std::lock_guard<std::mutex> lk(impl_->slot_mu);
    impl_->slots.erase(slot);
  }
  {
    std::lock_guard<std::mutex> lk(impl_->obs_mu);
    impl_->last_obs.erase(slot);
  }
  impl_->api("close", slot, ref, "");
}

Image BrowserHost::capture(int slot, bool full_size, bool som) {
  auto ref = impl_->lookup(slot);
  auto r = impl_->api("screenshot", slot, ref, std::string(full_size ? ", \"full\"" : ", \"obs\"") + (som ? ", \"som\"" : ""));
  const std::string what = "screenshot(slot " + std::to_string(slot) + ")";
  if (!r.is_object() || !r.contains("width") || !r["width"].is_number_integer() || !r.contains("height") ||
      !r["height"].is_number_integer() || !r.contains("data") || !r["data"].is_string())
    throw HostError(what + ": the page's reply lacks width/height/data");
  if (const std::string format = str_field(r, "format", "rgb"); format != "rgb")
    throw HostError(what + ": unsupported format \"" + format + "\" (expected rgb)");
  Image img;
  img.width = r["width"].get<int>();
  img.height = r["height"].get<int>();
  img.channels = 3;
  // Full size is the device profile's own pixels (sim/os/device.hpp), any size the profiles allow.
  const bool ok = full_size ? img.width >= 320 && img.width <= 4096 && img.height >= 320 && img.height <= 4096
                            : img.width == kObsWidth && img.height == kObsHeight;
  const int ew = full_size ? kScreenWidth : kObsWidth, eh = full_size ? kScreenHeight : kObsHeight;
  if (!ok)
    throw HostError(what + ": the page returned " + std::to_string(img.width) + "x" + std::to_string(img.height) +
                    ", expected " + (full_size ? std::string("a screen of 320..4096 pixels a side (e.g. ") : std::string()) +
                    std::to_string(ew) + "x" + std::to_string(eh) + (full_size ? ")" : ""));
  try {
    img.data = base64_decode(r["data"].get_ref<const std::string&>());
  } catch (const std::exception& e) {
    throw HostError(what + ": bad base64: " + e.what());
  }
  if (img.data.size() != static_cast<std::size_t>(img.width) * img.height * 3)
    throw HostError(what + ": " + std::to_string(img.data.size()) + " bytes of pixels, expected " +
                    std::to_string(static_cast<std::size_t>(img.width) * img.height * 3));
  return img;
}

HostObservation BrowserHost::observe(int slot, const ObsSpec& spec) {
  auto ref = impl_->lookup(slot);
  const std::string what = "observe(slot " + std::to_string(slot) + ")";
  const std::string known = impl_->known_hash(slot, spec);
  const std::string expr = "phonegym.observe(" + std::to_string(ref.local) + ", " + js_string(spec.str()) +
                           (known.empty() ? std::string() : ", " + js_string(known)) + ")";
  return impl_->decode_obs(slot, spec, impl_->evaluate(ref.tab, expr, what), what);
}

std::vector<BatchResult> BrowserHost::step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec) {
  if (opts_.input_events) return step_batch_one_by_one(ops, spec);  // one action at a time, as a finger
  Impl& s = *impl_;
  std::vector<BatchResult> out(ops.size());
  // Group the ops by tab, keeping their order within each tab.
  std::map<int, std::vector<std::size_t>> by_tab;
  std::vector<Impl::SlotRef> refs(ops.size());
  for (std::size_t i = 0; i < ops.size(); ++i) {
    refs[i] = s.lookup(ops[i].slot);
    by_tab[refs[i].tab].push_back(i);
    out[i].slot = ops[i].slot;
  }
  auto run_tab = [&](int tab, const std::vector<std::size_t>& idx) {
    nlohmann::json arr = nlohmann::json::array();
    for (std::size_t i : idx) {
      nlohmann::json op{{"slot", refs[i].local}};
      if (ops[i].action) op["action"] = to_json(*ops[i].action);
      if (spec) {
        const std::string k = s.known_hash(ops[i].slot, *spec);
        if (!k.empty()) op["known"] = k;
      }
      arr.push_back(std::move(op));
    }
    const std::string what = "step_batch(tab " + std::to_string(tab) + ", " + std::to_string(idx.size()) + " ops)";
    const nlohmann::json r = s.evaluate(
        tab, "phonegym.batch(" + dump(arr) + ", " + (spec ? js_string(spec->str()) : std::string("null")) + ")", what);
    if (!r.is_array() || r.size() != idx.size())
      throw HostError(what + ": the page returned " + std::string(r.type_name()) + " instead of " +
                      std::to_string(idx.size()) + " results");
    for (std::size_t j = 0; j < idx.size(); ++j) {
      const std::size_t i = idx[j];
      const nlohmann::json& e = r[j];
      if (e.contains("error") && e["error"].is_string()) {
        out[i].error = e["error"].get<std::string>();
        out[i].error_type = str_field(e, "error_type", "internal");
      }
      if (e.contains("step")) out[i].info = e["step"];
      if (spec && e.contains("obs"))
        out[i].obs = s.decode_obs(ops[i].slot, *spec, e["obs"], "step_batch(slot " + std::to_string(ops[i].slot) + ")");
    }
  };
  std::vector<std::function<void()>> jobs;
  for (const auto& [tab, idx] : by_tab) jobs.push_back([&run_tab, t = tab, ix = &idx] { run_tab(t, *ix); });
  run_in_parallel(jobs);
  return out;
}

std::vector<WhatIf> BrowserHost::what_if(int slot, const std::vector<Action>& actions,
                                         const std::vector<std::string>& restore) {
  auto ref = impl_->lookup(slot);
  nlohmann::json arr = nlohmann::json::array();
  for (const Action& a : actions) arr.push_back(to_json(a));
  const std::string what = "what_if(slot " + std::to_string(slot) + ", " + std::to_string(actions.size()) + " actions)";
  // JSON arrays are JavaScript array literals.
  const nlohmann::json r = impl_->api("what_if", slot, ref, ", " + dump(arr) + ", " + dump(nlohmann::json(restore)));
  if (!r.is_array() || r.size() != actions.size())
    throw HostError(what + ": the page returned " + std::string(r.type_name()) + " instead of " +
                    std::to_string(actions.size()) + " results");
  std::vector<WhatIf> out;
  for (const auto& e : r) {
    try {
      out.push_back(WhatIf::from_json(e));
    } catch (const std::invalid_argument& x) {
      throw HostError(what + ": " + x.what());
    }
  }
  return out;
}

// The fidelity path as step(): the page's reply for the (one) action its gesture recognizer made
// of the events; a rejected action is the page's structured error, typed.
nlohmann::json BrowserHost::step_by_input(int slot, const Action& a) {
  const nlohmann::json applied = step_input(slot, a);
  const std::string what = "step(slot " + std::to_string(slot) + ")";
  if (!applied.is_array() || applied.empty()) throw HostError(what + ": the input events made no action");
  const nlohmann::json& back = applied.back();
  if (!back.is_object() || !back.contains("result")) throw HostError(what + ": the page's input reply has no \"result\"");
  page::throw_error(back["result"], what);
  return back["result"];
}

nlohmann::json BrowserHost::step_input(int slot, const Action& action) {
  // A finger needs a point: a target widget is resolved on the slot's current screen first.
  const Action a = action.target.empty() ? action : resolve_target(action, ui_tree(slot));
  Impl& s = *impl_;
  auto ref = s.lookup(slot);
  const std::string what = "step_input(slot " + std::to_string(slot) + ")";
  std::lock_guard<std::mutex> lk(s.input_mu);
  auto cdp = [&](const std::string& method, const nlohmann::json& params) {
    s.check_tab(ref.tab);
    try {
      s.client->call(method, params, s.tabs[ref.tab].session_id, s.opt.timeout_ms);
    } catch (const cdp::CdpError& e) {
      throw HostError(what + ": " + method + ": " + e.what());
    }
  };
  if (s.input_ready.size() < s.tabs.size()) s.input_ready.resize(s.tabs.size(), false);
  if (!s.input_ready[ref.tab]) {
    // A 1001x1001 CSS-pixel viewport: touch point (x, y) is the normalized action coordinate.
    cdp("Emulation.setDeviceMetricsOverride", {{"width", 1001}, {"height", 1001}, {"deviceScaleFactor", 1}, {"mobile", true}});
    cdp("Emulation.setTouchEmulationEnabled", {{"enabled", true}, {"maxTouchPoints", 1}});
    s.input_ready[ref.tab] = true;
  }
  s.evaluate(ref.tab, "phonegym.input_attach(" + std::to_string(ref.local) + ")", what);

  // Event times: our own clock, a second past the previous action, so gestures never merge.
  const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  double t = std::max(now, s.input_clock + 1.0);
  auto touch = [&](const char* type, int x, int y, double at_ms) {
    nlohmann::json p{{"type", type}, {"timestamp", t + at_ms / 1000.0}};
    p["touchPoints"] = std::string(type) == "touchEnd" ? nlohmann::json::array()
                                                       : nlohmann::json::array({{{"x", x}, {"y", y}, {"id", 0}}});
    cdp("Input.dispatchTouchEvent", p);
  };
  auto tap = [&](int x, int y, double at_ms, double hold_ms) {
    touch("touchStart", x, y, at_ms);
    touch("touchEnd", x, y, at_ms + hold_ms);
  };
  auto move = [&](double at_ms, double over_ms) {
    touch("touchStart", a.x1, a.y1, at_ms);
    constexpr int kMoves = 10;
    for (int i = 1; i <= kMoves; ++i)
      touch("touchMove", a.x1 + (a.x2 - a.x1) * i / kMoves, a.y1 + (a.y2 - a.y1) * i / kMoves, at_ms + over_ms * i / kMoves);
    return at_ms + over_ms;
  };
  auto key = [&](const std::string& k, int vk, int modifiers = 0, bool text = false) {
    nlohmann::json p{{"type", text ? "keyDown" : "rawKeyDown"}, {"key", k}, {"modifiers", modifiers}};
    if (vk) p["windowsVirtualKeyCode"] = vk;
    if (text) p["text"] = k;
    cdp("Input.dispatchKeyEvent", p);
  };
  double end_ms = 0;
  switch (a.type) {
    case ActionType::Click: tap(a.x, a.y, 0, 60); end_ms = 60; break;
    case ActionType::DoubleTap: tap(a.x, a.y, 0, 60); tap(a.x, a.y, 150, 60); end_ms = 210; break;
    case ActionType::LongPress: tap(a.x, a.y, 0, 800); end_ms = 800; break;
    case ActionType::Swipe: {
      const double last = move(0, 250);
      touch("touchEnd", a.x2, a.y2, last + 5);
      end_ms = last + 5;
      break;
    }
    case ActionType::Drag: {
      const double last = move(0, 400);
      touch("touchEnd", a.x2, a.y2, last + 250);  // held still before release
      end_ms = last + 250;
      break;
    }
    case ActionType::Type: {
      if (a.x >= 0 && a.y >= 0) tap(a.x, a.y, 0, 60);
      if (a.clear) {
        key("a", 65, 2);  // Ctrl+A
        key("Backspace", 8);
      }
      // One key event per character (UTF-8 code points).
      for (std::size_t i = 0; i < a.text.size();) {
        const unsigned char c = static_cast<unsigned char>(a.text[i]);
        const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        key(a.text.substr(i, n), 0, 0, true);
        i += n;
      }
      end_ms = 60;
      break;
    }
    case ActionType::Enter: key("Enter", 13); break;
    case ActionType::Back: key("Escape", 27); break;
    case ActionType::Home: key("Home", 36); break;
    case ActionType::Recent: key("ContextMenu", 93); break;
    default: {
      // No physical gesture: the page API, as a device harness would use `am start`.
      // The page's reply as it is (a rejected action is its {"error", "error_type"}), like the
      // results input_flush reports for gestures.
      const nlohmann::json v = s.evaluate(
          ref.tab, "phonegym.step(" + std::to_string(ref.local) + ", " + js_string(dump(to_json(a))) + ")", what);
      nlohmann::json r = v.is_string() ? nlohmann::json::parse(v.get<std::string>(), nullptr, false) : nlohmann::json();
      if (r.is_discarded() || !r.is_object()) throw HostError(what + ": the page's step returned no JSON object");
      s.input_clock = t;
      return nlohmann::json::array({{{"action", to_json(a)}, {"result", r}}});
    }
  }
  s.input_clock = t + end_ms / 1000.0;
  nlohmann::json applied = s.evaluate(ref.tab, "phonegym.input_flush()", what);
  if (!applied.is_array()) throw HostError(what + ": the page's input_flush returned " + std::string(applied.type_name()));
  return applied;
}

nlohmann::json BrowserHost::wire_stats() const {
  std::lock_guard<std::mutex> lk(impl_->obs_mu);
  return {{"frames", impl_->frames}, {"unchanged", impl_->unchanged}, {"bytes", impl_->wire_bytes}};
}

nlohmann::json BrowserHost::ui_tree(int slot) {
  auto ref = impl_->lookup(slot);
  return impl_->api("ui_tree", slot, ref, "");
}

std::string BrowserHost::ui_xml(int slot) {
  auto ref = impl_->lookup(slot);
  auto r = impl_->api("ui_xml", slot, ref, "");
  if (!r.is_object() || !r.contains("xml") || !r["xml"].is_string())
    throw HostError("ui_xml(slot " + std::to_string(slot) + "): the page's reply has no string \"xml\"");
  return r["xml"].get<std::string>();
}

nlohmann::json BrowserHost::marks(int slot) {
  auto ref = impl_->lookup(slot);
  auto r = impl_->api("marks", slot, ref, "");
  if (!r.is_object() || !r.contains("marks") || !r["marks"].is_array())
    throw HostError("marks(slot " + std::to_string(slot) + "): the page's reply has no array \"marks\"");
  return r["marks"];
}

int BrowserHost::tabs() const { return impl_->opt.tabs; }
int BrowserHost::pid() const { return impl_->chromium ? static_cast<int>(impl_->chromium->pid()) : -1; }

bool BrowserHost::alive() const {
  // A closed DevTools connection means the browser is gone, even before its process is reaped.
  return (!impl_->chromium || impl_->chromium->alive()) && impl_->client && impl_->client->connected() && !impl_->hung;
}
std::string BrowserHost::page_url() const { return impl_->url; }

void BrowserHost::collect_garbage() {
  for (int t = 0; t < impl_->opt.tabs; ++t) {
    impl_->check_tab(t);
    try {
      impl_->client->call("HeapProfiler.collectGarbage", nlohmann::json::object(), impl_->tabs[t].session_id,
                          impl_->opt.call_timeout_ms);
    } catch (const cdp::CdpError& e) {
      throw HostError(std::string("collect_garbage: ") + e.what());
    }
  }
}

nlohmann::json BrowserHost::evaluate(int tab, const std::string& expression) {
  if (tab < 0 || tab >= impl_->opt.tabs) throw HostError("no tab " + std::to_string(tab));
  return impl_->evaluate(tab, expression, "evaluate");
}

namespace page {

nlohmann::json evaluate_value(const nlohmann::json& r, const std::string& what) {
  if (!r.is_object()) throw HostError(what + ": Runtime.evaluate returned " + std::string(r.type_name()) + ", not an object");
  if (auto d = r.find("exceptionDetails"); d != r.end()) throw HostError(what + ": JavaScript exception: " + exception_text(*d));
  auto res = r.find("result");
  if (res == r.end() || !res->is_object()) throw HostError(what + ": Runtime.evaluate returned no result object");
  if (str_field(*res, "type") == "undefined") return nullptr;
  auto v = res->find("value");
  return v != res->end() ? *v : nlohmann::json();
}

nlohmann::json api_reply(const nlohmann::json& v, const std::string& what) {
  if (!v.is_string()) throw HostError(what + ": the page returned " + std::string(v.type_name()) + " instead of a JSON string");
  nlohmann::json j = nlohmann::json::parse(v.get_ref<const std::string&>(), nullptr, false);
  if (j.is_discarded()) throw HostError(what + ": the page returned invalid JSON: " + v.get_ref<const std::string&>().substr(0, 200));
  throw_error(j, what);
  return j;
}

void throw_error(const nlohmann::json& j, const std::string& what) {
  if (!j.is_object()) return;
  auto e = j.find("error");
  if (e == j.end()) return;
  const std::string type = str_field(j, "error_type"), msg = what + ": " + (e->is_string() ? e->get<std::string>() : dump(*e));
  if (type == "action") throw ActionError(msg);
  if (type == "state") throw StateError(msg);
  if (type == "slot") throw SlotError(msg);
  if (type == "argument") throw std::invalid_argument(msg);
  throw HostError(msg);
}

PageObservation observation(const nlohmann::json& r, const ObsSpec& spec, const std::string& what) {
  PageObservation p;
  if (!r.is_object()) throw HostError(what + ": the page's observation is " + std::string(r.type_name()) + ", not an object");
  const std::string hex = str_field(r, "hash");
  char* end = nullptr;
  errno = 0;
  p.hash = std::strtoull(hex.c_str(), &end, 16);
  if (hex.empty() || hex.size() > 16 || errno != 0 || end != hex.c_str() + hex.size() || hex[0] == '-' || hex[0] == '+' || std::isspace(static_cast<unsigned char>(hex[0])))
    throw HostError(what + ": the page's observation has no hexadecimal \"hash\"");
  auto flag = r.find("unchanged");
  p.unchanged = flag != r.end() && flag->is_boolean() && flag->get<bool>();
  if (spec.ui_xml) p.obs.ui_xml = str_field(r, "xml");
  if (p.unchanged) return p;
  auto int_of = [&](const char* k) {
    auto it = r.find(k);
    return it != r.end() && it->is_number_integer() ? it->get<long long>() : -1;
  };
  const long long w = int_of("width"), h = int_of("height");
  if (w != spec.width || h != spec.height)
    throw HostError(what + ": the page returned " + std::to_string(w) + "x" + std::to_string(h) + ", expected " +
                    std::to_string(spec.width) + "x" + std::to_string(spec.height));
  auto data = r.find("data");
  if (data == r.end() || !data->is_string()) throw HostError(what + ": the page's observation has no data");
  std::vector<std::uint8_t> bytes;
  try {
    bytes = base64_decode(data->get_ref<const std::string&>());
  } catch (const std::exception& e) {
    throw HostError(what + ": bad base64: " + e.what());
  }
  if (bytes.empty()) throw HostError(what + ": the page's observation has no data");
  p.obs.spec = spec;
  p.obs.hash = p.hash;
  const std::string enc = str_field(r, "encoding");
  if (enc == "rle") {
    p.obs.image.width = spec.width;
    p.obs.image.height = spec.height;
    p.obs.image.channels = 3;
    try {
      p.obs.image.data = rle_decode_rgb(bytes.data(), bytes.size(), static_cast<std::size_t>(spec.width) * spec.height);
    } catch (const std::exception& e) {
      throw HostError(what + ": " + e.what());
    }
  } else if (enc == "png" || enc == "jpeg") {
    p.obs.encoded.assign(bytes.begin(), bytes.end());
  } else {
    throw HostError(what + ": unknown observation encoding \"" + enc + "\"");
  }
  return p;
}

std::string event_diagnostic(const std::string& method, const nlohmann::json& p) {
  if (!p.is_object()) return "";
  if (method == "Runtime.exceptionThrown") {
    auto d = p.find("exceptionDetails");
    return "exception: " + exception_text(d != p.end() ? *d : nlohmann::json::object());
  }
  if (method == "Runtime.consoleAPICalled") {
    const std::string type = str_field(p, "type");
    if (type != "error" && type != "warning" && type != "assert") return "";
    std::string text = "console." + type + ":";
    if (auto a = p.find("args"); a != p.end() && a->is_array())
      for (const auto& arg : *a) text += " " + remote_object_text(arg);
    return text;
  }
  if (method == "Log.entryAdded") {
    auto it = p.find("entry");
    const nlohmann::json e = it != p.end() ? *it : nlohmann::json::object();
    const std::string level = str_field(e, "level");
    if (level != "error" && level != "warning") return "";
    std::string text = "log." + level + ": " + str_field(e, "text");
    if (const std::string url = str_field(e, "url"); !url.empty()) text += " (" + url + ")";
    return text;
  }
  return "";
}

}  // namespace page

}  // namespace pg
