#include "trainer/cdp/browser_host.hpp"

#include "trainer/cdp/cdp_client.hpp"
#include "trainer/cdp/http_server.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <deque>
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

// Human-readable text of a CDP Runtime.ExceptionDetails.
std::string exception_text(const nlohmann::json& d) {
  std::string out;
  if (auto e = d.find("exception"); e != d.end() && e->is_object()) {
    if (e->contains("description") && (*e)["description"].is_string()) out = (*e)["description"].get<std::string>();
    else if (e->contains("value")) out = (*e)["value"].dump();
  }
  if (out.empty()) out = d.value("text", std::string("exception"));
  if (d.contains("url") && d["url"].is_string() && !d["url"].get<std::string>().empty())
    out += " (" + d["url"].get<std::string>() + ":" + std::to_string(d.value("lineNumber", 0) + 1) + ")";
  return out;
}

std::string remote_object_text(const nlohmann::json& o) {
  if (o.contains("value")) return o["value"].is_string() ? o["value"].get<std::string>() : o["value"].dump();
  if (o.contains("description") && o["description"].is_string()) return o["description"].get<std::string>();
  if (o.contains("unserializableValue")) return o["unserializableValue"].dump();
  return o.value("type", std::string("?"));
}

}  // namespace

struct BrowserHost::Impl {
  struct Tab {
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

  std::mutex diag_mu;
  std::mutex slot_mu;
  std::unordered_map<int, SlotRef> slots;
  int next_slot = 0;
  int next_tab = 0;

  // The client's io thread may be running on_event: close it before the members it touches go away.
  ~Impl() {
    if (client) client->on_event(nullptr);
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
    if (method == "Runtime.exceptionThrown") {
      add_diag(session, "exception: " + exception_text(p.value("exceptionDetails", nlohmann::json::object())));
    } else if (method == "Runtime.consoleAPICalled") {
      std::string type = p.value("type", std::string());
      if (type != "error" && type != "warning" && type != "assert") return;
      std::string text = "console." + type + ":";
      if (auto a = p.find("args"); a != p.end() && a->is_array())
        for (const auto& arg : *a) text += " " + remote_object_text(arg);
      add_diag(session, text);
    } else if (method == "Log.entryAdded") {
      const auto& e = p.value("entry", nlohmann::json::object());
      std::string level = e.value("level", std::string());
      if (level != "error" && level != "warning") return;
      std::string text = "log." + level + ": " + e.value("text", std::string());
      if (e.contains("url") && e["url"].is_string()) text += " (" + e["url"].get<std::string>() + ")";
      add_diag(session, text);
    } else if (method == "Inspector.targetCrashed") {
      mark_dead(session, "the page crashed (renderer process died)");
    } else if (method == "Target.detachedFromTarget") {
      mark_dead(p.value("sessionId", std::string()), "the page was detached (tab closed or crashed)");
    }
  }

  void check_tab(int tab) {
    std::lock_guard<std::mutex> lk(diag_mu);
    if (!tabs[tab].dead.empty()) throw HostError("tab " + std::to_string(tab) + ": " + tabs[tab].dead);
  }

  // Runtime.evaluate in a tab; returns result.value; throws HostError on a JS exception or CDP error.
  nlohmann::json evaluate(int tab, const std::string& expression, const std::string& what) {
    check_tab(tab);
    nlohmann::json r;
    try {
      r = client->call("Runtime.evaluate",
                       {{"expression", expression}, {"returnByValue", true}, {"awaitPromise", false}},
                       tabs[tab].session_id, opt.timeout_ms);
    } catch (const cdp::CdpError& e) {
      std::string msg = what + ": " + e.what();
      if (chromium && !chromium->alive()) msg += " (Chromium has exited)";
      throw HostError(msg);
    }
    if (auto d = r.find("exceptionDetails"); d != r.end())
      throw HostError(what + ": JavaScript exception: " + exception_text(*d));
    const auto& res = r.value("result", nlohmann::json::object());
    if (res.value("type", std::string()) == "undefined") return nullptr;
    return res.value("value", nlohmann::json());
  }

  SlotRef lookup(int slot) {
    std::lock_guard<std::mutex> lk(slot_mu);
    auto it = slots.find(slot);
    if (it == slots.end()) throw HostError("unknown env slot " + std::to_string(slot));
    return it->second;
  }

  // Calls phonegym.<fn>(local, args...) in the slot's tab and parses the returned JSON string.
  nlohmann::json api(const std::string& fn, int global, const SlotRef& ref, const std::string& extra_args) {
    std::string what = fn + "(slot " + std::to_string(global) + ")";
    std::string expr = "phonegym." + fn + "(" + std::to_string(ref.local) + extra_args + ")";
    return parse_api(evaluate(ref.tab, expr, what), what);
  }

  static nlohmann::json parse_api(const nlohmann::json& v, const std::string& what) {
    if (!v.is_string())
      throw HostError(what + ": the page returned " + std::string(v.type_name()) + " instead of a JSON string");
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(v.get_ref<const std::string&>());
    } catch (const std::exception& e) {
      throw HostError(what + ": the page returned invalid JSON: " + e.what());
    }
    if (j.is_object())
      if (auto e = j.find("error"); e != j.end())
        throw HostError(what + ": " + (e->is_string() ? e->get<std::string>() : e->dump()));
    return j;
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

BrowserHost::BrowserHost(Options options) : impl_(std::make_unique<Impl>()) {
  Impl& s = *impl_;
  s.opt = std::move(options);
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

  try {
    s.server = std::make_unique<cdp::StaticHttpServer>(s.opt.web_root);
  } catch (const std::exception& e) {
    throw HostError(std::string("BrowserHost: ") + e.what());
  }
  s.url = s.server->base_url() + "/index.html";
  s.chromium = cdp::Chromium::launch(s.opt.chromium);
  spdlog::debug("BrowserHost: Chromium pid {} at {}", s.chromium->pid(), s.chromium->browser_ws_url());
  s.client = std::make_unique<cdp::CdpClient>(s.chromium->browser_ws_url());

  // Create and attach every tab first (so events can be routed by session id), then navigate.
  s.tabs.resize(static_cast<std::size_t>(s.opt.tabs));
  for (auto& t : s.tabs) {
    auto r = s.client->call("Target.createTarget", {{"url", "about:blank"}, {"newWindow", true}}, "", s.opt.timeout_ms);
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
      if (!s.chromium->alive())
        throw HostError("BrowserHost: Chromium exited while loading " + s.url + "; its last stderr lines:\n" +
                        s.chromium->recent_stderr());
      try {
        auto v = s.evaluate(i, "!!(window.phonegym && window.phonegym.isReady())", "isReady");
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

int BrowserHost::create() {
  Impl& s = *impl_;
  int tab;
  {
    std::lock_guard<std::mutex> lk(s.slot_mu);
    tab = s.next_tab;
    s.next_tab = (s.next_tab + 1) % s.opt.tabs;
  }
  auto r = Impl::parse_api(s.evaluate(tab, "phonegym.create()", "create"), "create");
  return s.register_slot(tab, r, "create");
}

void BrowserHost::reset(int slot, const nlohmann::json& state) {
  auto ref = impl_->lookup(slot);
  impl_->api("reset", slot, ref, ", " + js_string(state.is_null() ? std::string() : dump(state)));
}

nlohmann::json BrowserHost::step(int slot, const Action& a) {
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
  impl_->api("close", slot, ref, "");
}

Image BrowserHost::screenshot(int slot, bool full_size, bool som) {
  auto ref = impl_->lookup(slot);
  auto r = impl_->api("screenshot", slot, ref, std::string(full_size ? ", \"full\"" : ", \"obs\"") + (som ? ", \"som\"" : ""));
  const std::string what = "screenshot(slot " + std::to_string(slot) + ")";
  if (!r.is_object() || !r.contains("width") || !r.contains("height") || !r.contains("data") ||
      !r["data"].is_string())
    throw HostError(what + ": the page's reply lacks width/height/data");
  if (r.value("format", std::string("rgb")) != "rgb")
    throw HostError(what + ": unsupported format \"" + r.value("format", std::string()) + "\" (expected rgb)");
  Image img;
  img.width = r["width"].get<int>();
  img.height = r["height"].get<int>();
  img.channels = 3;
  const int ew = full_size ? kScreenWidth : kObsWidth, eh = full_size ? kScreenHeight : kObsHeight;
  if (img.width != ew || img.height != eh)
    throw HostError(what + ": the page returned " + std::to_string(img.width) + "x" + std::to_string(img.height) +
                    ", expected " + std::to_string(ew) + "x" + std::to_string(eh));
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
pid_t BrowserHost::browser_pid() const { return impl_->chromium ? impl_->chromium->pid() : -1; }

bool BrowserHost::alive() const {
  // A closed DevTools connection means the browser is gone, even before its process is reaped.
  return impl_->chromium && impl_->chromium->alive() && impl_->client && impl_->client->connected();
}
std::string BrowserHost::page_url() const { return impl_->url; }

nlohmann::json BrowserHost::evaluate(int tab, const std::string& expression) {
  if (tab < 0 || tab >= impl_->opt.tabs) throw HostError("no tab " + std::to_string(tab));
  return impl_->evaluate(tab, expression, "evaluate");
}

}  // namespace pg
