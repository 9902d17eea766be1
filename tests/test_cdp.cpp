// Tests for trainer/cdp: Chromium launcher, CDP client, static HTTP server and BrowserHost plumbing.
// BrowserHost is exercised against a *fake* window.phonegym (a test fixture written below), not the
// real wasm page; the end-to-end test with the real page lives elsewhere.
#include "trainer/cdp/browser_host.hpp"
#include "trainer/cdp/cdp_client.hpp"
#include "trainer/cdp/chromium.hpp"
#include "trainer/cdp/http_server.hpp"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

// A fresh temporary directory, removed at scope exit.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string t = (fs::temp_directory_path() / "pg-test-cdp-XXXXXX").string();
    if (!::mkdtemp(t.data())) throw std::runtime_error("mkdtemp failed");
    path = t;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  void write(const std::string& rel, const std::string& content) const {
    fs::create_directories((path / rel).parent_path());
    std::ofstream(path / rel, std::ios::binary) << content;
  }
};

struct HttpResult {
  int status = 0;
  std::string content_type;
  std::string body;
};

// One raw HTTP/1.1 request (the target is sent verbatim, e.g. "/../etc/passwd").
HttpResult http_request(std::uint16_t port, const std::string& target,
                        boost::beast::http::verb verb = boost::beast::http::verb::get) {
  namespace http = boost::beast::http;
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::socket sock(ioc);
  sock.connect({boost::asio::ip::make_address("127.0.0.1"), port});
  http::request<http::empty_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1");
  http::write(sock, req);
  boost::beast::flat_buffer buf;
  http::response_parser<http::string_body> parser;
  if (verb == http::verb::head) parser.skip(true);
  http::read(sock, buf, parser);
  auto res = parser.release();
  return {static_cast<int>(res.result_int()), std::string(res[http::field::content_type]), res.body()};
}

// Live (non-zombie) processes whose process group is `pgid`.
int live_processes_in_group(pid_t pgid) {
  int n = 0;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename().string();
    if (name.empty() || !isdigit(static_cast<unsigned char>(name[0]))) continue;
    std::ifstream f(e.path() / "stat");
    std::string line;
    if (!std::getline(f, line)) continue;
    auto rp = line.rfind(')');
    if (rp == std::string::npos) continue;
    char state = 0;
    int ppid = 0, pgrp = 0;
    if (std::sscanf(line.c_str() + rp + 1, " %c %d %d", &state, &ppid, &pgrp) == 3 && pgrp == pgid &&
        state != 'Z' && state != 'X')
      ++n;
  }
  return n;
}

// TEST FIXTURE: a fake window.phonegym implementing the page API contract in plain JS, so the
// BrowserHost plumbing can be tested without the real wasm page. Not the real simulator.
const char* kFakePhonegymPage = R"HTML(<!doctype html>
<html><head><meta charset="utf-8"><title>fake phonegym (test fixture)</title></head>
<body><script>
// ---- TEST FIXTURE ONLY: fake window.phonegym ----
(function () {
  const slots = new Map();
  let next = 0;
  let ready = false;
  const err = (m) => JSON.stringify({error: m});
  const get = (s) => slots.get(s);
  function pixels(w, h) {
    const bytes = new Uint8Array(w * h * 3);
    for (let i = 0; i < bytes.length; ++i) bytes[i] = i % 251;
    let bin = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(bin);
  }
  window.phonegym = {
    ready: new Promise((resolve) => setTimeout(() => { ready = true; resolve(); }, 50)),
    isReady: () => ready,
    create() { const id = next++; slots.set(id, {steps: 0, tag: 'default'}); return JSON.stringify({slot: id}); },
    reset(s, st) {
      if (!get(s)) return err('no slot ' + s);
      slots.set(s, st ? JSON.parse(st) : {steps: 0, tag: 'default'});
      return JSON.stringify({ok: true});
    },
    step(s, a) {
      const e = get(s);
      if (!e) return err('no slot ' + s);
      const act = JSON.parse(a);
      if (act.type === 'abort') return JSON.stringify({error: 'fixture refuses: ' + act.reason, error_type: 'action'});
      if (act.type === 'info') return err('fixture fails: ' + act.text);  // no error_type: the host's failure
      e.steps += 1;
      return JSON.stringify({ok: true, info: {steps: e.steps, type: act.type, x: act.x, y: act.y, text: act.text}});
    },
    state(s) { const e = get(s); return e ? JSON.stringify(e) : err('no slot ' + s); },
    set_state(s, st) { if (!get(s)) return err('no slot ' + s); slots.set(s, JSON.parse(st)); return JSON.stringify({ok: true}); },
    fork(s) { const e = get(s); if (!e) return err('no slot ' + s); const id = next++; slots.set(id, JSON.parse(JSON.stringify(e))); return JSON.stringify({slot: id}); },
    close(s) { if (!slots.delete(s)) return err('no slot ' + s); return JSON.stringify({ok: true}); },
    screenshot(s, mode) {
      if (!get(s)) return err('no slot ' + s);
      const full = mode === 'full';
      const w = full ? 1080 : 270, h = full ? 2400 : 600;
      return JSON.stringify({width: w, height: h, format: 'rgb', data: pixels(w, h)});
    },
    ui_tree(s) { if (!get(s)) return err('no slot ' + s); return JSON.stringify({width: 1080, height: 2400, nodes: [{id: 'n0', text: 'fixture'}]}); },
  };
})();
</script></body></html>
)HTML";

pg::BrowserHost::Options host_options(const TempDir& dir, int tabs = 1, int timeout_ms = 20000) {
  pg::BrowserHost::Options o;
  o.web_root = dir.path.string();
  o.tabs = tabs;
  o.timeout_ms = timeout_ms;
  return o;
}

}  // namespace

TEST(Chromium, LaunchConnectGetVersion) {
  auto c = pg::cdp::Chromium::launch({});
  ASSERT_TRUE(c->alive());
  EXPECT_EQ(c->browser_ws_url().rfind("ws://127.0.0.1:", 0), 0u) << c->browser_ws_url();
  pg::cdp::CdpClient client(c->browser_ws_url());
  auto v = client.call("Browser.getVersion");
  EXPECT_NE(v.value("product", std::string()).find("Chrome"), std::string::npos) << v.dump();
  // A protocol error names the method and carries the protocol's message.
  try {
    client.call("No.suchMethod");
    FAIL() << "expected CdpError";
  } catch (const pg::cdp::CdpError& e) {
    EXPECT_NE(std::string(e.what()).find("No.suchMethod"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("wasn't found"), std::string::npos) << e.what();
  }
  // Concurrent calls from several threads are matched by id.
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 25; ++i)
        if (client.call("Browser.getVersion").contains("product")) ++ok;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok.load(), 100);
}

// The CdpError message of launching `executable` as Chromium ("no error" when it launches).
std::string launch_error(const std::string& executable) {
  pg::cdp::LaunchOptions o;
  o.executable = executable;
  try {
    pg::cdp::Chromium::launch(o);
  } catch (const pg::cdp::CdpError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Chromium, MissingExecutableSaysNotFound) {
  const std::string e = launch_error("/nonexistent/phonegym/chromium");
  EXPECT_NE(e.find("Chromium not found"), std::string::npos) << e;
  EXPECT_NE(e.find("PHONEGYM_CHROMIUM"), std::string::npos) << e;
}

TEST(Chromium, ExitAtStartupReportsStatus) {
  const std::string e = launch_error("/bin/false");
  EXPECT_NE(e.find("exit status 1"), std::string::npos) << e;
}

TEST(Chromium, DestructorKillsWholeGroupAndRemovesProfile) {
  pid_t pgid;
  {
    auto c = pg::cdp::Chromium::launch({});
    pgid = c->pid();
    pg::cdp::CdpClient client(c->browser_ws_url());
    client.call("Target.createTarget", {{"url", "about:blank"}});  // make it start a renderer
    EXPECT_GT(live_processes_in_group(pgid), 1);
  }
  EXPECT_EQ(live_processes_in_group(pgid), 0);
}

TEST(Chromium, KilledBrowserMakesCallsThrowNotHang) {
  auto c = pg::cdp::Chromium::launch({});
  pg::cdp::CdpClient client(c->browser_ws_url());
  client.call("Browser.getVersion");
  ASSERT_EQ(::kill(c->pid(), SIGKILL), 0);
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_THROW(
      {
        for (int i = 0; i < 100; ++i) {  // the first call may race the socket close
          client.call("Browser.getVersion", {}, "", 5000);
          std::this_thread::sleep_for(20ms);
        }
      },
      pg::cdp::CdpError);
  // Throws rather than hangs: bounded by the 5 s call timeout with a margin that holds on a loaded
  // 2-core machine (a hang would never end).
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 30s);
  for (int i = 0; i < 100 && c->alive(); ++i) std::this_thread::sleep_for(20ms);  // exit completes after the socket closes
  EXPECT_FALSE(c->alive());
  const pid_t pgid = c->pid();
  c.reset();
  EXPECT_EQ(live_processes_in_group(pgid), 0);
}

TEST(StaticHttpServer, ServesFilesWithMimeTypesAndRefusesEscapes) {
  TempDir dir;
  dir.write("index.html", "<p>hi</p>");
  dir.write("app.wasm", std::string("\0asm\1\0\0\0", 8));
  dir.write("sub/x.js", "let x = 1;");
  TempDir outside;
  outside.write("secret.txt", "secret");
  fs::create_directory_symlink(outside.path, dir.path / "link");

  pg::cdp::StaticHttpServer server(dir.path.string());
  ASSERT_GT(server.port(), 0);

  auto r = http_request(server.port(), "/app.wasm");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "application/wasm");
  EXPECT_EQ(r.body, std::string("\0asm\1\0\0\0", 8));

  r = http_request(server.port(), "/");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type.rfind("text/html", 0), 0u);
  EXPECT_EQ(r.body, "<p>hi</p>");

  r = http_request(server.port(), "/sub/x.js?v=3");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "application/javascript");

  r = http_request(server.port(), "/missing.json");
  EXPECT_EQ(r.status, 404);

  for (const char* evil : {"/../etc/passwd", "/%2e%2e/etc/passwd", "/sub/../../etc/passwd", "/link/secret.txt"}) {
    r = http_request(server.port(), evil);
    EXPECT_TRUE(r.status == 403 || r.status == 404) << evil << " gave " << r.status;
    EXPECT_EQ(r.body.find("root:"), std::string::npos);
    EXPECT_EQ(r.body.find("secret"), std::string::npos);
  }

  r = http_request(server.port(), "/index.html", boost::beast::http::verb::head);
  EXPECT_EQ(r.status, 200);
  EXPECT_TRUE(r.body.empty());
  r = http_request(server.port(), "/index.html", boost::beast::http::verb::post);
  EXPECT_EQ(r.status, 405);
}

TEST(BrowserHost, PlumbingAgainstFakePage) {
  TempDir dir;
  dir.write("index.html", kFakePhonegymPage);
  pg::BrowserHost host(host_options(dir, 2));
  EXPECT_EQ(host.tabs(), 2);
  EXPECT_GT(host.pid(), 0);

  const int a = host.create();
  const int b = host.create();  // round-robin: the other tab
  EXPECT_NE(a, b);

  pg::Action click;
  click.type = pg::ActionType::Click;
  click.x = 500;
  click.y = 120;
  auto r = host.step(a, click);
  EXPECT_EQ(r.value("ok", false), true) << r.dump();
  EXPECT_EQ(r["info"]["steps"], 1);
  EXPECT_EQ(r["info"]["type"], "click");
  EXPECT_EQ(r["info"]["x"], 500);
  r = host.step(a, click);
  EXPECT_EQ(r["info"]["steps"], 2);

  // Text with quotes, backslashes and non-ASCII survives the JS string literal round trip.
  pg::Action type;
  type.type = pg::ActionType::Type;
  type.x = 10;
  type.y = 10;
  type.text = "a \"quoted\" \\ line\nnext </script> é 漢";
  r = host.step(b, type);
  EXPECT_EQ(r["info"]["text"], type.text);

  // An {"error", "error_type": "action"} reply becomes an ActionError carrying the message, method
  // and slot; an error without a type is the host's failure (HostError).
  pg::Action abort;
  abort.type = pg::ActionType::Abort;
  abort.text = "nope";
  try {
    host.step(a, abort);
    FAIL() << "expected ActionError";
  } catch (const pg::ActionError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("fixture refuses: nope"), std::string::npos) << m;
    EXPECT_NE(m.find("step"), std::string::npos) << m;
    EXPECT_NE(m.find("slot " + std::to_string(a)), std::string::npos) << m;
  }
  pg::Action info;
  info.type = pg::ActionType::Info;
  info.text = "why";
  EXPECT_THROW(host.step(a, info), pg::HostError);

  // state / set_state / reset / fork / close.
  EXPECT_EQ(host.state(a)["steps"], 2);
  host.set_state(a, {{"steps", 7}, {"tag", "custom"}});
  EXPECT_EQ(host.state(a)["tag"], "custom");
  const int c = host.fork(a);
  EXPECT_EQ(host.state(c)["steps"], 7);
  host.reset(a, nullptr);
  EXPECT_EQ(host.state(a)["steps"], 0);
  EXPECT_EQ(host.state(c)["steps"], 7);
  host.reset(c, {{"steps", 3}});
  EXPECT_EQ(host.state(c)["steps"], 3);
  host.close(c);
  try {
    host.state(c);
    FAIL() << "expected SlotError";
  } catch (const pg::SlotError& e) {
    EXPECT_EQ(std::string(e.what()), "unknown env slot " + std::to_string(c));
  }
  EXPECT_THROW(host.step(12345, click), pg::SlotError);

  // Screenshots decode to the right size and bytes.
  pg::Image obs = host.screenshot(a);
  EXPECT_EQ(obs.width, 270);
  EXPECT_EQ(obs.height, 600);
  ASSERT_EQ(obs.data.size(), 270u * 600u * 3u);
  EXPECT_EQ(obs.data[0], 0);
  EXPECT_EQ(obs.data[252], 1);
  EXPECT_EQ(obs.data[obs.data.size() - 1], (obs.data.size() - 1) % 251);
  pg::Image full = host.screenshot(b, true);
  EXPECT_EQ(full.width, 1080);
  EXPECT_EQ(full.height, 2400);
  EXPECT_EQ(full.data.size(), 1080u * 2400u * 3u);

  auto tree = host.ui_tree(b);
  EXPECT_EQ(tree["width"], 1080);
  EXPECT_EQ(tree["nodes"][0]["text"], "fixture");

  // A JS exception from evaluate is reported.
  try {
    host.evaluate(0, "(() => { throw new Error('kaboom-fixture'); })()");
    FAIL() << "expected HostError";
  } catch (const pg::HostError& e) {
    EXPECT_NE(std::string(e.what()).find("kaboom-fixture"), std::string::npos) << e.what();
  }

  // WebGL2 (SwiftShader) is available to the page: the real sim renders with it.
  EXPECT_EQ(host.evaluate(0, "!!document.createElement('canvas').getContext('webgl2')"), true);

  // Round trip cost of one step (informational).
  {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 200; ++i) host.step(b, click);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("[   INFO   ] step round trip: %.3f ms\n", ms / 200);
  }

  // Parallel steps from several threads on different slots.
  std::vector<int> ids;
  for (int i = 0; i < 4; ++i) ids.push_back(host.create());
  std::vector<std::thread> threads;
  for (int id : ids)
    threads.emplace_back([&host, id, click] {
      for (int i = 0; i < 50; ++i) host.step(id, click);
    });
  for (auto& t : threads) t.join();
  for (int id : ids) EXPECT_EQ(host.state(id)["steps"], 50);
}

TEST(BrowserHost, MissingWebRootIsClearError) {
  TempDir dir;  // no index.html
  try {
    pg::BrowserHost host(host_options(dir));
    FAIL() << "expected HostError";
  } catch (const pg::HostError& e) {
    EXPECT_NE(std::string(e.what()).find("index.html"), std::string::npos) << e.what();
  }
  auto o = host_options(dir);
  o.web_root = (dir.path / "nope").string();
  EXPECT_THROW(pg::BrowserHost{o}, pg::HostError);
}

TEST(BrowserHost, PageNeverReadyReportsPageErrors) {
  TempDir dir;
  dir.write("index.html",
            "<!doctype html><script>console.error('fixture console error');"
            "throw new Error('fixture-boom');</script>");
  try {
    pg::BrowserHost host(host_options(dir, 1, 3000));
    FAIL() << "expected HostError";
  } catch (const pg::HostError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("did not become ready"), std::string::npos) << m;
    EXPECT_NE(m.find("fixture-boom"), std::string::npos) << m;
    EXPECT_NE(m.find("fixture console error"), std::string::npos) << m;
  }
}

TEST(BrowserHost, KilledBrowserThrowsAndLeavesNoProcesses) {
  TempDir dir;
  dir.write("index.html", kFakePhonegymPage);
  pid_t pgid;
  {
    pg::BrowserHost host(host_options(dir, 1, 5000));
    pgid = host.pid();
    const int s = host.create();
    pg::Action noop;
    host.step(s, noop);
    ASSERT_EQ(::kill(pgid, SIGKILL), 0);
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_THROW(
        {
          for (int i = 0; i < 100; ++i) {
            host.step(s, noop);
            std::this_thread::sleep_for(20ms);
          }
        },
        pg::HostError);
    // Throws rather than hangs: bounded by the 5 s call timeout with a margin that holds on a loaded
    // 2-core machine (a hang would never end).
    EXPECT_LT(std::chrono::steady_clock::now() - t0, 30s);
  }
  EXPECT_EQ(live_processes_in_group(pgid), 0);
}

namespace {

// Processes whose parent is `ppid` and whose command name starts with "chromium".
std::vector<pid_t> chromium_children(pid_t ppid) {
  std::vector<pid_t> out;
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream f(e.path() / "stat");
    std::string stat;
    std::getline(f, stat);
    const auto open = stat.find('('), close = stat.rfind(')');
    if (open == std::string::npos || close == std::string::npos) continue;
    const std::string comm = stat.substr(open + 1, close - open - 1);
    char state = 0;
    int parent = 0;
    if (std::sscanf(stat.c_str() + close + 1, " %c %d", &state, &parent) != 2) continue;
    if (parent == ppid && comm.rfind("chromium", 0) == 0 && state != 'Z') out.push_back(std::stoi(name));
  }
  return out;
}

bool running(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  if (!std::getline(f, stat)) return false;
  const auto close = stat.rfind(')');
  return close != std::string::npos && stat.size() > close + 2 && stat[close + 2] != 'Z';
}

}  // namespace

TEST(ChromiumLauncher, AKilledTrainerLeavesNoChromiumBehind) {
  // `phonegym eval` with a browser host, killed with SIGKILL mid-run: no destructor runs.
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const int devnull = ::open("/dev/null", O_WRONLY);
    ::dup2(devnull, 1);
    ::dup2(devnull, 2);
    ::execl(PG_PHONEGYM, PG_PHONEGYM, "eval", "--agent", "random", "--split", "test", "--instances", "20",
            "--out", "/tmp/phonegym-orphan-test", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::vector<pid_t> browsers;
  for (int i = 0; i < 300 && browsers.empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    browsers = chromium_children(child);
  }
  ASSERT_FALSE(browsers.empty()) << "phonegym eval started no Chromium";
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    gone = true;
    for (pid_t b : browsers) gone = gone && !running(b);
  }
  EXPECT_TRUE(gone) << "Chromium " << browsers.front() << " outlived its killed parent";
  for (pid_t b : browsers) ::kill(-b, SIGKILL);  // never leave one behind, even when failing
}
