// Hostile clients against the running servers, in-process on 127.0.0.1 over raw sockets: the
// studio (`phonegym serve`), the wasm page's static server, the environment server (`phonegym
// serve-env`, on the native host) and the simulated ADB device (`phonegym adbd`). Path traversal
// in many encodings, oversize headers and bodies, slowloris, connection floods beyond the caps,
// half-open sockets, malformed WebSocket frames, missing tokens, garbage ADB headers. Every case
// also checks that a well-behaved client in parallel is still served (docs/security.md).
//
// Deadlines in the servers' options are short (1 s) so a case takes seconds; the assertions on
// time are generous liveness bounds (closed within 10 s), never speed.
#include "server/env_server.hpp"
#include "tasks/task.hpp"
#include "tools/studio_server.hpp"
#include "trainer/adb/adbd.hpp"
#include "trainer/adb/protocol.hpp"
#include "trainer/adb/sim_shell.hpp"
#include "trainer/cdp/http_server.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using std::chrono::seconds;

namespace {

constexpr const char* kCanary = "CANARY-outside-the-web-root-5d41402a";
constexpr milliseconds kLiveness{10000};  // "within 10 s": a liveness bound for 1 s deadlines

// ---------------------------------------------------------------- raw sockets

/// A TCP client socket on 127.0.0.1 (POSIX), reads bounded by a time limit.
class Socket {
 public:
  /// Connects to 127.0.0.1:`port`; throws std::runtime_error naming the port when refused.
  explicit Socket(int port) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd_ < 0 || ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      const std::string why = std::strerror(errno);
      if (fd_ >= 0) ::close(fd_);
      throw std::runtime_error("connect 127.0.0.1:" + std::to_string(port) + ": " + why);
    }
    timeval t{10, 0};  // a send into a server that stopped reading fails instead of hanging the test
    ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &t, sizeof t);
  }
  Socket(Socket&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
  Socket& operator=(Socket&&) = delete;
  ~Socket() {
    if (fd_ >= 0) ::close(fd_);
  }

  /// Sends all of `bytes`; false when the peer has closed or reset the connection.
  bool send(const std::string& bytes) {
    for (std::size_t off = 0; off < bytes.size();) {
      const ssize_t n = ::send(fd_, bytes.data() + off, bytes.size() - off, MSG_NOSIGNAL);
      if (n <= 0) return false;
      off += static_cast<std::size_t>(n);
    }
    return true;
  }
  void shutdown_write() { ::shutdown(fd_, SHUT_WR); }

  /// Reads until `done(bytes so far)`, the peer closes (or resets), or `limit` passes. `closed`
  /// says whether the peer closed.
  std::string read(milliseconds limit, const std::function<bool(const std::string&)>& done = {}, bool* closed = nullptr) {
    std::string got;
    const auto end = Clock::now() + limit;
    bool eof = false;
    while (!(done && done(got))) {
      const auto left = std::chrono::duration_cast<milliseconds>(end - Clock::now()).count();
      if (left <= 0) break;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left)) <= 0) continue;
      char buf[16384];
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) {
        eof = true;
        break;
      }
      got.append(buf, static_cast<std::size_t>(n));
    }
    if (closed) *closed = eof;
    return got;
  }

  /// Whether the peer closes the connection within `limit` (what it sends meanwhile is dropped).
  bool closed_within(milliseconds limit) {
    bool closed = false;
    read(limit, {}, &closed);
    return closed;
  }

  /// Whether the peer has closed by now (readable with EOF or an error), without waiting.
  bool peer_closed() {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0) return false;
    char c;
    return ::recv(fd_, &c, 1, MSG_PEEK) <= 0;
  }

 private:
  int fd_;
};

// ---------------------------------------------------------------- HTTP over raw sockets

/// Whether `s` holds one whole HTTP response (headers and Content-Length bytes of body).
bool response_complete(const std::string& s) {
  const auto end = s.find("\r\n\r\n");
  if (end == std::string::npos) return false;
  std::string head = s.substr(0, end);
  for (auto& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const auto cl = head.find("content-length:");
  if (cl == std::string::npos) return true;
  return s.size() >= end + 4 + std::stoul(head.substr(cl + 15));
}

/// The status code of a response ("HTTP/1.1 200 OK..." -> 200), or 0 when there is none.
int status_of(const std::string& response) {
  if (response.rfind("HTTP/1.", 0) != 0 || response.size() < 12) return 0;
  return std::atoi(response.substr(9, 3).c_str());
}

/// The body of a response ("" when there is none).
std::string body_of(const std::string& response) {
  const auto end = response.find("\r\n\r\n");
  return end == std::string::npos ? std::string() : response.substr(end + 4);
}

/// "GET <target>" with the given extra header lines ("Name: value\r\n" each).
std::string get_request(const std::string& target, const std::string& extra = "", bool close = true) {
  return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra + (close ? "Connection: close\r\n" : "") + "\r\n";
}

/// Sends `request` on a fresh connection and returns the first response (what arrived within 10 s).
std::string round_trip(int port, const std::string& request) {
  Socket s(port);
  s.send(request);
  return s.read(kLiveness, response_complete);
}

/// The status of GET `target` on a fresh connection.
int get_status(int port, const std::string& target, const std::string& extra = "") {
  return status_of(round_trip(port, get_request(target, extra)));
}

/// Retries GET `target` on fresh connections until it is 200 (a freed slot, a reaped socket) or
/// `limit` passes; the last status.
int eventually_200(int port, const std::string& target, milliseconds limit = kLiveness) {
  const auto end = Clock::now() + limit;
  int st = 0;
  while ((st = get_status(port, target)) != 200 && Clock::now() < end) std::this_thread::sleep_for(milliseconds(100));
  return st;
}

/// Trickles a never-ending header ("GET ... X-Slow: aaaa...") a byte every 100 ms until the server
/// closes the connection; true when that happened within `limit`.
bool slowloris_closed_within(int port, milliseconds limit) {
  Socket s(port);
  s.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
  const auto end = Clock::now() + limit;
  while (Clock::now() < end) {
    bool closed = false;
    s.read(milliseconds(100), {}, &closed);
    if (closed || !s.send("a")) return true;
  }
  return false;
}

/// The process's resident set (VmRSS of /proc/self/status), in kB: the servers run in this process.
long rss_kb() {
  std::ifstream f("/proc/self/status");
  for (std::string line; std::getline(f, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

/// Path-traversal targets in many encodings, each aimed at "secret.txt" beside the web root
/// (`abs_secret`: its absolute path).
std::vector<std::string> traversal_targets(const std::string& abs_secret) {
  return {"/../secret.txt",
          "/..%2fsecret.txt",
          "/%2e%2e/secret.txt",
          "/%2e%2e%2fsecret.txt",
          "/%2E%2E%2Fsecret.txt",
          "/.%2e/secret.txt",
          "/%252e%252e%252fsecret.txt",  // double-encoded: one decoding leaves a literal name
          "/%252e%252e/secret.txt",
          "/..%5csecret.txt",
          "/..\\secret.txt",
          "/%5c..%5csecret.txt",
          "/%c0%ae%c0%ae/secret.txt",  // overlong UTF-8 for '.'
          "/%c0%ae%c0%ae%c0%afsecret.txt",
          "/%e0%80%ae%e0%80%ae/secret.txt",
          "/sub/../../secret.txt",
          "/sub/%2e%2e/%2e%2e/secret.txt",
          "/./../secret.txt",
          "/..;/secret.txt",
          "/%00/../secret.txt",
          "/..%00/secret.txt",
          "//../secret.txt",
          abs_secret,
          "/" + abs_secret,
          "http://127.0.0.1/../secret.txt",
          "../secret.txt",
          "/api/templates/../../secret.txt",
          "/api/templates/..%2f..%2f..%2fsecret.txt",
          "/api/templates/%2e%2e/%2e%2e/%2e%2e/secret.txt"};
}

/// A temporary directory for one test: web/ (studio.html, sub/), tasks/settings/wifi_off.json,
/// and the canary secret.txt beside web/. Removed when destroyed.
struct TempTree {
  fs::path base;
  TempTree() {
    base = fs::temp_directory_path() /
           ("pg_hostile_" + std::to_string(::getpid()) + "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(base);
    fs::create_directories(base / "web/sub");
    fs::create_directories(base / "tasks/settings");
    std::ofstream(base / "web/studio.html") << "<!doctype html><title>studio</title>";
    std::ofstream(base / "web/index.html") << "<!doctype html><title>phone</title>";
    std::ofstream(base / "web/sub/x.txt") << "inside";
    std::ofstream(base / "secret.txt") << kCanary;
    fs::copy_file(fs::path(PG_SOURCE_DIR) / "tasks/templates/settings/wifi_off.json", base / "tasks/settings/wifi_off.json");
  }
  ~TempTree() {
    std::error_code ec;
    fs::remove_all(base, ec);
  }
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;
};

/// The studio on an ephemeral port of 127.0.0.1 over a TempTree, with short deadlines.
struct Studio {
  TempTree tree;
  pg::studio::ServeOptions opts;
  std::unique_ptr<pg::cdp::HttpServer> server;
  explicit Studio(std::size_t max_connections = 64, int header_timeout_s = 1, std::string token = "") {
    opts.port = 0;
    opts.web_root = (tree.base / "web").string();
    opts.tasks_dir = (tree.base / "tasks").string();
    opts.max_connections = max_connections;
    opts.header_timeout_s = header_timeout_s;
    opts.token = std::move(token);
    server = pg::studio::start_studio(opts);
  }
  int port() const { return server->port(); }
};

// ---------------------------------------------------------------- WebSocket frames

constexpr const char* kWsUpgrade =
    "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    "Sec-WebSocket-Version: 13\r\n";

/// One WebSocket frame as a client sends it: `first` is FIN/RSV/opcode, the payload is masked
/// unless `masked` is false; `declared` overrides the length field (the payload sent is `payload`).
std::string ws_frame(std::uint8_t first, const std::string& payload, bool masked = true,
                     std::optional<std::uint64_t> declared = std::nullopt) {
  const std::uint64_t len = declared.value_or(payload.size());
  std::string f(1, static_cast<char>(first));
  const char mask_bit = masked ? '\x80' : '\x00';
  if (len < 126) {
    f += static_cast<char>(mask_bit | static_cast<char>(len));
  } else if (len <= 0xffff) {
    f += static_cast<char>(mask_bit | 126);
    f += static_cast<char>(len >> 8);
    f += static_cast<char>(len & 0xff);
  } else {
    f += static_cast<char>(mask_bit | 127);
    for (int b = 7; b >= 0; --b) f += static_cast<char>((len >> (8 * b)) & 0xff);
  }
  const char key[4] = {'\x12', '\x34', '\x56', '\x78'};
  if (masked) f.append(key, 4);
  for (std::size_t i = 0; i < payload.size(); ++i) f += masked ? static_cast<char>(payload[i] ^ key[i % 4]) : payload[i];
  return f;
}

/// Whether `s` holds one whole unmasked server frame; its opcode and payload in `op`, `payload`.
bool parse_server_frame(const std::string& s, int& op, std::string& payload) {
  if (s.size() < 2) return false;
  op = static_cast<unsigned char>(s[0]) & 0x0f;
  std::uint64_t len = static_cast<unsigned char>(s[1]) & 0x7f;
  std::size_t at = 2;
  if (len == 126 || len == 127) {
    const std::size_t n = len == 126 ? 2 : 8;
    if (s.size() < 2 + n) return false;
    len = 0;
    for (std::size_t i = 0; i < n; ++i) len = (len << 8) | static_cast<unsigned char>(s[2 + i]);
    at += n;
  }
  if (s.size() < at + len) return false;
  payload = s.substr(at, static_cast<std::size_t>(len));
  return true;
}

/// Opens a WebSocket to `target` on `port`; the handshake's response in `response` (101 when
/// accepted).
Socket ws_open(int port, const std::string& target, std::string& response) {
  Socket s(port);
  s.send("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + std::string(kWsUpgrade) + "\r\n");
  response = s.read(kLiveness, [](const std::string& r) { return r.find("\r\n\r\n") != std::string::npos; });
  return s;
}

// ---------------------------------------------------------------- the environment server

/// The templates, loaded once for the binary.
const pg::TaskSet& task_set() {
  static const pg::TaskSet tasks = pg::TaskSet::load(std::string(PG_SOURCE_DIR) + "/tasks/templates");
  return tasks;
}

/// `phonegym serve-env` on the native host (no browser), on an ephemeral port, short deadlines.
struct EnvServerUnderTest {
  pg::NativeHost host;
  std::unique_ptr<pg::EnvServer> server;
  explicit EnvServerUnderTest(pg::EnvServerOptions o = {}) {
    o.port = 0;
    o.threads = 2;
    o.pool_workers = 1;
    server = std::make_unique<pg::EnvServer>(host, task_set(), o);
  }
  int port() const { return server->port(); }
};

pg::EnvServerOptions small_env_options() {
  pg::EnvServerOptions o;
  o.max_sessions = 8;
  o.message_limit = 64 * 1024;
  o.header_timeout_s = 1;
  return o;
}

/// Whether a well-behaved WebSocket client is served: handshake 101, then a "state" message is
/// answered with a text frame naming its type.
::testing::AssertionResult ws_client_served(int port, const std::string& target = "/ws") {
  std::string hs;
  Socket s = ws_open(port, target, hs);
  if (status_of(hs) != 101) return ::testing::AssertionFailure() << "handshake: " << hs;
  s.send(ws_frame(0x81, R"({"type":"state","data":{}})"));
  int op = 0;
  std::string payload;
  s.read(kLiveness, [&](const std::string& r) { return parse_server_frame(r, op, payload); });
  if (op != 1 || payload.find("\"type\"") == std::string::npos)
    return ::testing::AssertionFailure() << "reply opcode " << op << ": " << payload;
  return ::testing::AssertionSuccess();
}

/// Polls until `pred` holds or 10 s pass; whether it held.
bool eventually(const std::function<bool()>& pred) {
  const auto end = Clock::now() + kLiveness;
  while (!pred()) {
    if (Clock::now() > end) return false;
    std::this_thread::sleep_for(milliseconds(50));
  }
  return true;
}

// ---------------------------------------------------------------- the ADB device

/// The one simulated phone the adbd tests share. Never destroyed: adbd's connection threads are
/// detached and may still be finishing (after their client hung up) when a test ends.
pg::adb::SimShell& adb_shell() {
  static auto* shell = new pg::adb::SimShell(pg::adb::SimDeviceOptions{});
  return *shell;
}

/// `phonegym adbd` on an ephemeral port, served from a thread.
struct Adbd {
  pg::adb::AdbdServer server;
  std::thread serving;
  explicit Adbd(int max_connections = 8) : server(adb_shell(), options(max_connections)), serving([this] { server.run(); }) {}
  ~Adbd() {
    server.stop();
    serving.join();
  }
  Adbd(const Adbd&) = delete;
  Adbd& operator=(const Adbd&) = delete;
  int port() const { return server.port(); }
  static pg::adb::AdbdOptions options(int max_connections) {
    pg::adb::AdbdOptions o;
    o.port = 0;
    o.max_connections = max_connections;
    o.handshake_timeout_s = 1;
    return o;
  }
};

std::string adb_message(std::uint32_t command, std::uint32_t arg0, std::uint32_t arg1, const std::string& data) {
  return pg::adb::encode_message({command, arg0, arg1, data});
}

/// A well-behaved ADB peer (the adb server's side of the device protocol): CNXN, then one
/// OPEN("shell:CMD") stream at a time.
class AdbPeer {
 public:
  explicit AdbPeer(int port) : sock_(port) {}

  /// Sends CNXN; whether the device answered with its CNXN banner.
  bool connect() {
    sock_.send(adb_message(pg::adb::kCnxn, pg::adb::kAdbVersion, pg::adb::kMaxPayload, std::string("host::\0", 7)));
    pg::adb::Message m;
    return next(m) && m.command == pg::adb::kCnxn && m.data.find("device::") == 0;
  }

  /// Runs `cmd` through a shell: stream; its output, or "<failed>" when the device does not answer.
  std::string shell(const std::string& cmd) {
    const std::uint32_t local = open("shell:" + cmd);
    if (!local) return "<failed>";
    bool closed = false;
    const std::string out = read(local, {}, &closed);
    return closed ? out : "<failed>";
  }

  /// OPENs `service`; the stream's local id once the device answered OKAY, 0 when it refused
  /// (CLSE) or did not answer. Messages of other streams meanwhile are dropped.
  std::uint32_t open(const std::string& service) {
    const std::uint32_t local = ++stream_;
    sock_.send(adb_message(pg::adb::kOpen, local, 0, service + std::string(1, '\0')));
    for (pg::adb::Message m; next(m);) {
      if (m.arg1 != local) continue;
      if (m.command == pg::adb::kOkay) return remote_[local] = m.arg0, local;
      if (m.command == pg::adb::kClse) return 0;
    }
    return 0;
  }

  /// Sends `data` on an open stream (a WRTE; the device's OKAY is read by read()).
  bool write(std::uint32_t local, const std::string& data) {
    return sock_.send(adb_message(pg::adb::kWrte, local, remote_[local], data));
  }

  /// The stream's output until `done(output so far)`, its CLSE (`closed`), or 10 s of silence;
  /// each WRTE is acknowledged.
  std::string read(std::uint32_t local, const std::function<bool(const std::string&)>& done, bool* closed = nullptr) {
    std::string out;
    if (closed) *closed = false;
    while (!(done && done(out))) {
      pg::adb::Message m;
      if (!next(m)) break;
      if (m.arg1 != local) continue;
      if (m.command == pg::adb::kWrte) {
        out += m.data;
        sock_.send(adb_message(pg::adb::kOkay, local, m.arg0, ""));
      } else if (m.command == pg::adb::kClse) {
        if (closed) *closed = true;
        break;
      }
    }
    return out;
  }

 private:
  // The next message within 10 s.
  bool next(pg::adb::Message& m) {
    while (buf_.size() < 24 || buf_.size() < 24 + pg::adb::get_u32(buf_, 12)) {
      bool closed = false;
      const std::string more = sock_.read(kLiveness, [](const std::string& s) { return !s.empty(); }, &closed);
      if (more.empty()) return false;
      buf_ += more;
    }
    const std::uint32_t len = pg::adb::decode_header(std::string_view(buf_).substr(0, 24), m, 1u << 30);
    m.data = buf_.substr(24, len);
    buf_.erase(0, 24 + len);
    return true;
  }

  Socket sock_;
  std::string buf_;
  std::uint32_t stream_ = 0;
  std::map<std::uint32_t, std::uint32_t> remote_;  // local stream id -> the device's
};

/// A sync request: 4-byte id, little-endian length, payload (Android's adb file_sync_service).
std::string sync_request(const char* id, const std::string& payload, std::uint32_t len) {
  std::string r(id, 4);
  for (int b = 0; b < 4; ++b) r += static_cast<char>((len >> (8 * b)) & 0xFF);
  return r + payload;
}
std::string sync_request(const char* id, const std::string& payload) {
  return sync_request(id, payload, static_cast<std::uint32_t>(payload.size()));
}

}  // namespace

// ================================================================ the studio and the static server

TEST(StudioHostile, PathTraversalInEveryEncodingNeverServesTheCanary) {
  Studio st;
  const std::string secret = (st.tree.base / "secret.txt").string();
  // Control: a file inside the root is served, so a missing canary means refusal, not silence.
  const std::string inside = round_trip(st.port(), get_request("/sub/x.txt"));
  ASSERT_EQ(status_of(inside), 200) << inside;
  EXPECT_EQ(body_of(inside), "inside");
  for (const std::string& t : traversal_targets(secret)) {
    const std::string r = round_trip(st.port(), get_request(t));
    EXPECT_EQ(r.find(kCanary), std::string::npos) << t << " served the file outside the web root";
    const int st_code = status_of(r);
    EXPECT_TRUE(st_code == 400 || st_code == 403 || st_code == 404) << t << " -> " << r;
  }
  // Keep-alive: many traversals on one connection, then a good request on it.
  Socket ka(st.port());
  for (const std::string& t : traversal_targets(secret)) {
    ka.send(get_request(t, "", false));
    const std::string r = ka.read(kLiveness, response_complete);
    EXPECT_EQ(r.find(kCanary), std::string::npos) << t;
    ASSERT_NE(status_of(r), 0) << t << ": no reply on the keep-alive connection";
  }
  EXPECT_EQ(get_status(st.port(), "/studio.html"), 200);
}

TEST(StudioHostile, TheWasmPagesStaticServerServesNothingOutsideItsRoot) {
  TempTree tree;
  pg::cdp::StaticHttpServer server((tree.base / "web").string(), 0);
  const int port = server.port();
  ASSERT_EQ(get_status(port, "/sub/x.txt"), 200);
  for (const std::string& t : traversal_targets((tree.base / "secret.txt").string())) {
    const std::string r = round_trip(port, get_request(t));
    EXPECT_EQ(r.find(kCanary), std::string::npos) << t << " served the file outside the web root";
    EXPECT_NE(status_of(r), 200) << t;
  }
  EXPECT_EQ(get_status(port, "/index.html"), 200);
}

TEST(StudioHostile, OversizeHeadersGet431OrAreClosed) {
  Studio st;
  // Within the 16 KiB header limit: served.
  EXPECT_EQ(get_status(st.port(), "/studio.html", "Cookie: " + std::string(12 * 1024, 'c') + "\r\n"), 200);
  const std::vector<std::string> too_big = {
      "X-Big: " + std::string(64 * 1024, 'a') + "\r\n",  // one huge header
      [] {                                                // many small ones
        std::string h;
        for (int i = 0; i < 2000; ++i) h += "X-H" + std::to_string(i) + ": v\r\n";
        return h;
      }(),
      "X-Big: " + std::string(1024 * 1024, 'a') + "\r\n",  // far beyond: the server stops reading
  };
  for (const std::string& h : too_big) {
    Socket s(st.port());
    s.send(get_request("/studio.html", h));  // may fail part way: the server closes first
    bool closed = false;
    const std::string r = s.read(kLiveness, {}, &closed);
    EXPECT_TRUE(status_of(r) == 431 || (r.empty() && closed)) << h.size() << " header bytes -> " << r.substr(0, 200);
    EXPECT_TRUE(closed) << "the connection stays open after an oversize header";
  }
  // 431 names the limit when the reply gets through (the header sent whole, then read).
  Socket s(st.port());
  s.send(get_request("/studio.html", "X-Big: " + std::string(20 * 1024, 'a') + "\r\n"));
  const std::string r = s.read(kLiveness, response_complete);
  if (!r.empty()) {
    EXPECT_EQ(status_of(r), 431) << r;
    EXPECT_NE(r.find("16384"), std::string::npos) << r;
  }
  EXPECT_EQ(get_status(st.port(), "/studio.html"), 200);
}

TEST(StudioHostile, OversizeBodiesGet413) {
  Studio st;
  // Declared too large: refused from the header alone, before any body byte.
  const std::string put = "PUT /api/templates/settings/wifi_off.json HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  std::string r = round_trip(st.port(), put + "Content-Length: " + std::to_string(2 << 20) + "\r\n\r\n");
  EXPECT_EQ(status_of(r), 413) << r;
  EXPECT_NE(body_of(r).find("too large"), std::string::npos) << r;
  // Chunked, growing past the limit while being sent: 413 or closed, never accepted.
  Socket s(st.port());
  s.send(put + "Transfer-Encoding: chunked\r\n\r\n");
  const std::string chunk = "10000\r\n" + std::string(0x10000, '{') + "\r\n";
  for (int i = 0; i < 40 && s.send(chunk); ++i) {
  }
  bool closed = false;
  r = s.read(kLiveness, response_complete, &closed);
  EXPECT_TRUE(status_of(r) == 413 || (r.empty() && closed)) << r.substr(0, 200);
  // The template on disk is untouched and the server serves on.
  EXPECT_EQ(get_status(st.port(), "/api/templates/settings/wifi_off.json"), 200);
  EXPECT_EQ(get_status(st.port(), "/studio.html"), 200);
}

TEST(StudioHostile, SlowlorisIsClosedByTheHeaderDeadline) {
  Studio st(64, /*header_timeout_s=*/1);
  std::vector<std::thread> slow;
  std::vector<int> closed(4, 0);
  for (std::size_t i = 0; i < closed.size(); ++i)
    slow.emplace_back([&, i] { closed[i] = slowloris_closed_within(st.port(), kLiveness) ? 1 : 0; });
  // Served meanwhile.
  std::this_thread::sleep_for(milliseconds(300));
  EXPECT_EQ(get_status(st.port(), "/studio.html"), 200);
  for (auto& t : slow) t.join();
  for (std::size_t i = 0; i < closed.size(); ++i) EXPECT_EQ(closed[i], 1) << "slowloris client " << i << " still open after 10 s";
  // The same on a keep-alive connection: a good request, then a second one trickled.
  Socket ka(st.port());
  ka.send(get_request("/studio.html", "", false));
  ASSERT_EQ(status_of(ka.read(kLiveness, response_complete)), 200);
  ka.send("GET /studio.html HTTP/1.1\r\nX-Slow: ");
  bool gone = false;
  for (auto end = Clock::now() + kLiveness; !gone && Clock::now() < end;) {
    ka.read(milliseconds(100), {}, &gone);
    if (!gone) gone = !ka.send("a");
  }
  EXPECT_TRUE(gone) << "a trickled second request held its keep-alive connection for 10 s";
  EXPECT_EQ(get_status(st.port(), "/studio.html"), 200);
}

TEST(StudioHostile, ConnectionsBeyondTheCapAreRefusedWhileOthersAreServed) {
  Studio st(/*max_connections=*/4, /*header_timeout_s=*/60);
  // The well-behaved client holds one slot (keep-alive) before the flood.
  Socket good(st.port());
  good.send(get_request("/studio.html", "", false));
  ASSERT_EQ(status_of(good.read(kLiveness, response_complete)), 200);
  std::vector<Socket> holders;
  for (int i = 0; i < 3; ++i) holders.emplace_back(st.port());
  for (int i = 0; i < 50; ++i) {
    Socket extra(st.port());
    bool closed = false;
    const std::string r = extra.read(kLiveness, {}, &closed);
    EXPECT_EQ(status_of(r), 503) << "connection " << i << " beyond the cap: " << r;
    EXPECT_NE(r.find("serve: too many connections (limit 4)"), std::string::npos) << r;
    EXPECT_TRUE(closed) << "a refused connection stays open";
  }
  // A refused client that sent its request first gets the 503 too.
  EXPECT_EQ(status_of(round_trip(st.port(), get_request("/studio.html"))), 503);
  good.send(get_request("/studio.html", "", false));
  EXPECT_EQ(status_of(good.read(kLiveness, response_complete)), 200) << "the held connection stopped being served";
  EXPECT_FALSE(holders[0].peer_closed()) << "an open connection was dropped to make room";
  // Their slots come back when they leave.
  holders.clear();
  EXPECT_EQ(eventually_200(st.port(), "/studio.html"), 200);
}

TEST(StudioHostile, HalfOpenSocketsDoNotBlockOthersAndAreReaped) {
  Studio st(/*max_connections=*/8, /*header_timeout_s=*/1);
  std::vector<Socket> silent, write_closed;
  for (int i = 0; i < 3; ++i) silent.emplace_back(st.port());
  for (int i = 0; i < 3; ++i) {
    write_closed.emplace_back(st.port());
    write_closed.back().shutdown_write();
  }
  EXPECT_EQ(get_status(st.port(), "/studio.html"), 200);
  for (auto& s : write_closed) EXPECT_TRUE(s.closed_within(kLiveness)) << "a client that shut its write side stays open";
  for (auto& s : silent) EXPECT_TRUE(s.closed_within(kLiveness)) << "a silent client outlived the 1 s header deadline";
  // Silent clients filling every slot are reaped by the deadline, and the server comes back.
  for (int i = 0; i < 8; ++i) silent.emplace_back(st.port());
  EXPECT_EQ(eventually_200(st.port(), "/studio.html"), 200);
}

TEST(StudioHostile, WritesNeedTheTokenWhenOneIsSet) {
  Studio st(64, 1, "t0k3n-for-the-test");
  std::ifstream in(st.tree.base / "tasks/settings/wifi_off.json");
  std::stringstream body;
  body << in.rdbuf();
  auto put = [&](const std::string& token_header) {
    return status_of(round_trip(st.port(), "PUT /api/templates/settings/wifi_off.json HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                                             token_header + "Content-Type: application/json\r\nContent-Length: " +
                                             std::to_string(body.str().size()) + "\r\nConnection: close\r\n\r\n" +
                                             body.str()));
  };
  EXPECT_EQ(put(""), 401);
  EXPECT_EQ(put("X-PhoneGym-Token: wrong\r\n"), 401);
  EXPECT_EQ(put("X-PhoneGym-Token: t0k3n-for-the-test\r\n"), 200);
  EXPECT_EQ(get_status(st.port(), "/studio.html"), 200);  // reads need none
}

TEST(StudioHostile, RefusedConnectionsKeepMemoryBounded) {
  Studio st(/*max_connections=*/2, /*header_timeout_s=*/60);
  Socket good(st.port());
  good.send(get_request("/studio.html", "", false));
  ASSERT_EQ(status_of(good.read(kLiveness, response_complete)), 200);
  Socket holder(st.port());
  auto refuse = [&](int n) {
    int refused = 0;
    for (int i = 0; i < n; ++i) refused += status_of(round_trip(st.port(), get_request("/studio.html"))) == 503;
    return refused;
  };
  refuse(20);  // warm up allocator caches
  const long before = rss_kb();
  EXPECT_EQ(refuse(200), 200);
  const long grown = rss_kb() - before;
  EXPECT_LT(grown, 8 * 1024) << "RSS grew by " << grown << " kB over 200 refused connections";
  good.send(get_request("/studio.html", "", false));
  EXPECT_EQ(status_of(good.read(kLiveness, response_complete)), 200);
}

// ================================================================ the environment server

TEST(EnvServerHostile, MalformedWebSocketFramesCloseOnlyTheirConnection) {
  EnvServerUnderTest env(small_env_options());
  const int port = env.port();
  ASSERT_TRUE(ws_client_served(port));
  struct Case {
    const char* what;
    std::string frame;
  };
  const std::vector<Case> cases = {
      {"reserved opcode 0x3", ws_frame(0x83, "x")},
      {"reserved opcode 0xB (control)", ws_frame(0x8b, "x")},
      {"unmasked client frame", ws_frame(0x81, R"({"type":"state"})", /*masked=*/false)},
      {"length 2^62", ws_frame(0x81, "", true, std::uint64_t{1} << 62)},
      {"length 2^63 (MSB set)", ws_frame(0x81, "", true, std::uint64_t{1} << 63)},
      {"length 16 MiB, beyond 4x the limit", ws_frame(0x82, "", true, 16u << 20)},
      {"invalid UTF-8 text", ws_frame(0x81, "{\"type\":\"\xff\xfe\xc0\xae\"}")},
      {"RSV1 without an extension", ws_frame(0xc1, "{}")},
      {"fragmented control frame", ws_frame(0x09, "ping")},
      {"control frame over 125 bytes", ws_frame(0x89, std::string(200, 'p'))},
      {"continuation without a start", ws_frame(0x80, "orphan")},
  };
  for (const Case& c : cases) {
    std::string hs;
    Socket s = ws_open(port, "/ws", hs);
    ASSERT_EQ(status_of(hs), 101) << c.what << ": " << hs;
    s.send(c.frame);
    EXPECT_TRUE(s.closed_within(kLiveness)) << c.what << ": the connection stays open";
    EXPECT_EQ(get_status(port, "/health"), 200) << "after " << c.what;
    EXPECT_TRUE(ws_client_served(port)) << "after " << c.what;
  }
  // Every hostile connection's session is closed with it.
  EXPECT_TRUE(eventually([&] { return env.server->sessions() == 0; })) << env.server->sessions() << " sessions left";
}

TEST(EnvServerHostile, TheTokenIsRequiredWhenSet) {
  pg::EnvServerOptions o = small_env_options();
  o.token = "s3cret-token";
  EnvServerUnderTest env(o);
  const int port = env.port();
  EXPECT_EQ(get_status(port, "/health"), 401);
  EXPECT_EQ(get_status(port, "/health", "Authorization: Bearer wrong\r\n"), 401);
  EXPECT_EQ(get_status(port, "/health?token=s3cret-tokenX"), 401);
  EXPECT_EQ(get_status(port, "/health", "Authorization: Bearer s3cret-token\r\n"), 200);
  EXPECT_EQ(get_status(port, "/health", "X-PhoneGym-Token: s3cret-token\r\n"), 200);
  EXPECT_EQ(get_status(port, "/health?token=s3cret-token"), 200);
  std::string hs;
  { Socket s = ws_open(port, "/ws", hs); }
  EXPECT_EQ(status_of(hs), 401) << hs;
  EXPECT_TRUE(ws_client_served(port, "/ws?token=s3cret-token"));
}

TEST(EnvServerHostile, OversizeHeadersAndBodiesAreRefused) {
  EnvServerUnderTest env(small_env_options());  // message_limit 64 KiB
  const int port = env.port();
  std::string r = round_trip(port, "POST /reset HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                                 "Content-Length: 131072\r\n\r\n");
  EXPECT_EQ(status_of(r), 413) << r;
  Socket s(port);
  s.send(get_request("/health", "X-Big: " + std::string(64 * 1024, 'a') + "\r\n"));
  bool closed = false;
  r = s.read(kLiveness, {}, &closed);
  EXPECT_TRUE(status_of(r) == 431 || (r.empty() && closed)) << r.substr(0, 200);
  EXPECT_TRUE(closed);
  EXPECT_EQ(get_status(port, "/health"), 200);
}

TEST(EnvServerHostile, SlowlorisAndHalfOpenSocketsAreClosed) {
  EnvServerUnderTest env(small_env_options());  // header deadline 1 s
  const int port = env.port();
  std::thread slow([&] { EXPECT_TRUE(slowloris_closed_within(port, kLiveness)) << "slowloris still open after 10 s"; });
  Socket silent(port), write_closed(port);
  write_closed.shutdown_write();
  EXPECT_EQ(get_status(port, "/health"), 200);
  EXPECT_TRUE(ws_client_served(port));
  EXPECT_TRUE(write_closed.closed_within(kLiveness));
  EXPECT_TRUE(silent.closed_within(kLiveness));
  slow.join();
  // A WebSocket handshake trickled forever is a slowloris too.
  Socket ws(port);
  ws.send("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  bool gone = false;
  for (auto end = Clock::now() + kLiveness; !gone && Clock::now() < end;) {
    ws.read(milliseconds(100), {}, &gone);
    if (!gone) gone = !ws.send("X");
  }
  EXPECT_TRUE(gone);
  EXPECT_EQ(get_status(port, "/health"), 200);
}

TEST(EnvServerHostile, ConnectionsBeyondTheCapAreRefusedAndMemoryStaysBounded) {
  pg::EnvServerOptions o = small_env_options();
  o.max_sessions = 1;
  o.max_connections = 20;  // >= max_sessions + 16: not raised
  o.header_timeout_s = 60;
  EnvServerUnderTest env(o);
  const int port = env.port();
  Socket good(port);
  good.send(get_request("/health", "", false));
  ASSERT_EQ(status_of(good.read(kLiveness, response_complete)), 200);
  std::vector<Socket> holders;
  for (int i = 0; i < 19; ++i) holders.emplace_back(port);
  auto refuse = [&](int n) {
    int refused = 0;
    for (int i = 0; i < n; ++i) {
      Socket extra(port);
      const std::string r = extra.read(kLiveness);
      refused += status_of(r) == 503 && r.find("serve-env: too many connections (limit 20)") != std::string::npos;
    }
    return refused;
  };
  EXPECT_EQ(refuse(20), 20);
  const long before = rss_kb();
  EXPECT_EQ(refuse(200), 200);
  const long grown = rss_kb() - before;
  EXPECT_LT(grown, 8 * 1024) << "RSS grew by " << grown << " kB over 200 refused connections";
  good.send(get_request("/health", "", false));
  EXPECT_EQ(status_of(good.read(kLiveness, response_complete)), 200) << "the held connection stopped being served";
  // A WebSocket upgrade beyond the cap is refused the same way.
  std::string hs;
  { Socket s = ws_open(port, "/ws", hs); }
  EXPECT_EQ(status_of(hs), 503) << hs;
  holders.clear();
  EXPECT_EQ(eventually_200(port, "/health"), 200);
  EXPECT_TRUE(ws_client_served(port));
}

// ================================================================ the ADB device (phonegym adbd)

TEST(AdbdHostile, BadHeadersCloseTheirConnectionWhileAGoodPeerWorks) {
  Adbd adbd;
  AdbPeer good(adbd.port());
  ASSERT_TRUE(good.connect());
  ASSERT_EQ(good.shell("echo ready"), "ready\n");
  std::string wrong_magic = adb_message(pg::adb::kCnxn, pg::adb::kAdbVersion, pg::adb::kMaxPayload, "host::");
  wrong_magic[20] ^= 0x01;
  struct Case {
    const char* what;
    std::string bytes;
  };
  const std::vector<Case> cases = {
      {"garbage (an HTTP request)", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"},
      {"24 random bytes", std::string("\x13\x37\xde\xad\xbe\xef\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11", 24)},
      {"wrong magic", wrong_magic},
      {"payload length 2^31 (never sent)", adb_message(pg::adb::kCnxn, pg::adb::kAdbVersion, 0, "").replace(12, 4, std::string("\x00\x00\x00\x80", 4))},
      {"payload length just over 256 KiB", adb_message(pg::adb::kWrte, 1, 1, "").replace(12, 4, std::string("\x01\x00\x04\x00", 4))},
      {"unknown command with a right magic", adb_message(0x44434241, 0, 0, "")},
  };
  for (const Case& c : cases) {
    Socket s(adbd.port());
    s.send(c.bytes);
    EXPECT_TRUE(s.closed_within(kLiveness)) << c.what << ": the connection stays open";
    EXPECT_EQ(good.shell("echo alive"), "alive\n") << "after " << c.what;
  }
  // A wrong data checksum is no error at this protocol version (checksums are optional since adb
  // 1.0.36, and adbd ignores them as Android's does): the CNXN is answered.
  {
    std::string bad_sum = adb_message(pg::adb::kCnxn, pg::adb::kAdbVersion, pg::adb::kMaxPayload, "host::");
    bad_sum[16] ^= 0x55;
    Socket s(adbd.port());
    s.send(bad_sum);
    const std::string r = s.read(kLiveness, [](const std::string& b) { return b.size() >= 24; });
    ASSERT_GE(r.size(), 24u);
    EXPECT_EQ(pg::adb::command_name(pg::adb::get_u32(r, 0)), "CNXN");
  }
  // A fresh well-behaved peer connects and works too.
  AdbPeer fresh(adbd.port());
  ASSERT_TRUE(fresh.connect());
  EXPECT_EQ(fresh.shell("echo fresh"), "fresh\n");
}

TEST(AdbdHostile, ConnectionsBeyondTheCapOf8AreClosedAndMemoryStaysBounded) {
  Adbd adbd;  // the default cap, 8
  AdbPeer good(adbd.port());
  ASSERT_TRUE(good.connect());
  std::vector<Socket> holders;
  for (int i = 0; i < 7; ++i) holders.emplace_back(adbd.port());
  auto refuse = [&](int n) {
    int refused = 0;
    for (int i = 0; i < n; ++i) {
      Socket extra(adbd.port());
      bool closed = false;
      const std::string r = extra.read(kLiveness, {}, &closed);
      refused += closed && r.empty();
    }
    return refused;
  };
  EXPECT_EQ(refuse(20), 20);
  EXPECT_EQ(good.shell("echo still"), "still\n");
  const long before = rss_kb();
  EXPECT_EQ(refuse(200), 200);
  const long grown = rss_kb() - before;
  EXPECT_LT(grown, 8 * 1024) << "RSS grew by " << grown << " kB over 200 refused connections";
  EXPECT_EQ(good.shell("echo still"), "still\n");
  EXPECT_FALSE(holders[0].peer_closed()) << "an open connection was dropped to make room";
  // Slots come back when the holders leave.
  holders.clear();
  bool connected = false;
  for (auto end = Clock::now() + kLiveness; !connected && Clock::now() < end;) {
    AdbPeer again(adbd.port());
    connected = again.connect() && again.shell("echo back") == "back\n";
    if (!connected) std::this_thread::sleep_for(milliseconds(100));
  }
  EXPECT_TRUE(connected) << "no slot came back after the holders closed";
}

TEST(AdbdHostile, HalfOpenClientsDoNotBlockAGoodPeerAndTheHandshakeDeadlineClosesThem) {
  Adbd adbd;
  Socket silent(adbd.port());
  Socket write_closed(adbd.port());
  write_closed.shutdown_write();
  Socket half_header(adbd.port());
  half_header.send(adb_message(pg::adb::kCnxn, pg::adb::kAdbVersion, pg::adb::kMaxPayload, "host::").substr(0, 10));
  AdbPeer good(adbd.port());
  ASSERT_TRUE(good.connect());
  EXPECT_EQ(good.shell("echo ok"), "ok\n");
  EXPECT_TRUE(write_closed.closed_within(kLiveness)) << "a client that shut its write side stays open";
  // Silent and half-sent sockets would hold adbd's 8 slots for ever: the 1 s handshake deadline
  // closes them, while the peer that completed CNXN may stay idle past it.
  EXPECT_TRUE(silent.closed_within(kLiveness)) << "a socket that never sent CNXN stays open";
  EXPECT_TRUE(half_header.closed_within(kLiveness)) << "half a CNXN header holds the connection";
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_EQ(good.shell("id"), "uid=2000(shell) gid=2000(shell) groups=2000(shell) context=u:r:shell:s0\n");
}

// A peer that completed the handshake can still be hostile: it fills the device's storage, asks for
// more output than it will ever read, declares requests of gigabytes or types endless lines. Each
// gets its refusal, memory stays bounded, and a good peer in parallel keeps working.
TEST(AdbdHostile, FillingTheStorageGivesNoSpaceLeftAndMemoryStaysBounded) {
  Adbd adbd;
  AdbPeer good(adbd.port()), filler(adbd.port());
  ASSERT_TRUE(good.connect());
  ASSERT_TRUE(filler.connect());
  ASSERT_EQ(filler.shell("phonegym reset"), "reset to the default state\n");
  // A raw screencap is 1080 * 2400 * 4 + 12 bytes (9.9 MiB): six fit in the 64 MiB storage.
  int written = 0;
  std::string refusal;
  for (int i = 0; i < 8; ++i) {
    const std::string r = filler.shell("screencap /sdcard/fill" + std::to_string(i));
    if (r.empty()) ++written;
    else refusal = r;
  }
  EXPECT_EQ(written, 6);
  EXPECT_EQ(refusal, "Error opening file: /sdcard/fill7 (No space left on device)\n");
  // The last 4.6 MiB fill with PNG screenshots (the same screen: the same size each time), and
  // then a redirection of one more fails too.
  int pngs = 0;
  while (pngs < 100 && filler.shell("screencap -p /sdcard/p" + std::to_string(pngs) + ".png").empty()) ++pngs;
  EXPECT_GT(pngs, 10);
  EXPECT_LT(pngs, 100);
  EXPECT_EQ(filler.shell("screencap -p > /sdcard/last.png; echo $?"),  // a shell: stream sends stdout, then stderr
            "1\n/system/bin/sh: can't create /sdcard/last.png: No space left on device\n");
  const long before = rss_kb();
  for (int i = 0; i < 20; ++i) filler.shell("screencap /sdcard/more" + std::to_string(i) + "; uiautomator dump /sdcard/d" + std::to_string(i));
  const long grown = rss_kb() - before;
  EXPECT_LT(grown, 16 * 1024) << "RSS grew by " << grown << " kB over 40 refused writes";
  EXPECT_EQ(good.shell("echo alive"), "alive\n");
  // A push (sync SEND) that does not fit fails at once, not after buffering it.
  const std::uint32_t sync = filler.open("sync:");
  ASSERT_NE(sync, 0u);
  filler.write(sync, sync_request("SEND", "/sdcard/big.bin,33188"));
  for (int chunk = 0; chunk < 64; ++chunk)  // 7.3 MiB offered; under 4.6 MiB is free
    ASSERT_TRUE(filler.write(sync, sync_request("DATA", std::string(60000, 'x')) + sync_request("DATA", std::string(60000, 'y'))));
  bool closed = false;
  const std::string failure = filler.read(sync, {}, &closed);
  EXPECT_TRUE(closed);
  EXPECT_EQ(failure.substr(0, 4), "FAIL");
  EXPECT_NE(failure.find("No space left on device"), std::string::npos) << failure;
  // Space comes back with rm, and the device writes again.
  EXPECT_EQ(filler.shell("rm /sdcard/fill0 /sdcard/fill1; screencap /sdcard/again; echo $?"), "0\n");
  EXPECT_EQ(filler.shell("phonegym reset"), "reset to the default state\n");
  EXPECT_EQ(good.shell("echo still"), "still\n");
}

TEST(AdbdHostile, OutputALineCannotHoldIsCutAndLongSleepsAreRefused) {
  Adbd adbd;
  AdbPeer peer(adbd.port());
  ASSERT_TRUE(peer.connect());
  std::string line = "screencap";
  for (int i = 0; i < 9; ++i) line += "; screencap";  // 10 raw frames: 99 MiB asked for
  const std::string out = peer.shell(line + " 2>&1");
  EXPECT_LE(out.size(), pg::adb::SimShell::kMaxOutputBytes + 200);
  EXPECT_NE(out.find("printed over 64 MiB; the rest of it was not run"), std::string::npos);
  EXPECT_EQ(peer.shell("sleep 1e300 2>&1; echo $?"), "sleep: 1e300 s is over the simulated phone's 3600 s per command\n1\n");
  EXPECT_EQ(peer.shell("echo fine"), "fine\n");
}

TEST(AdbdHostile, OversizeRequestsEndlessLinesAndUnreadOutputAreRefusedWhileAGoodPeerWorks) {
  Adbd adbd;
  AdbPeer good(adbd.port()), bad(adbd.port());
  ASSERT_TRUE(good.connect());
  ASSERT_TRUE(bad.connect());
  // A sync request declaring 2 GiB: refused at its header, not buffered.
  {
    const std::uint32_t sync = bad.open("sync:");
    ASSERT_NE(sync, 0u);
    bad.write(sync, sync_request("SEND", "/sdcard/x,33188") + sync_request("DATA", std::string(1000, 'z'), 1u << 31));
    bool closed = false;
    const std::string r = bad.read(sync, {}, &closed);
    EXPECT_EQ(r.substr(0, 4), "FAIL");
    EXPECT_NE(r.find("sync request DATA of 2147483648 bytes (the limit is 65536)"), std::string::npos) << r;
    EXPECT_TRUE(closed);
  }
  // An interactive line of 1 MiB is not kept: refused when its newline comes; the shell goes on.
  {
    const std::uint32_t sh = bad.open("shell:");
    ASSERT_NE(sh, 0u);
    bad.read(sh, [](const std::string& o) { return o.find("$ ") != std::string::npos; });
    const long before = rss_kb();
    for (int i = 0; i < 16; ++i) ASSERT_TRUE(bad.write(sh, std::string(64 * 1024, 'a')));
    bad.write(sh, "\necho after\n");
    const std::string r = bad.read(sh, [](const std::string& o) { return o.find("after\r\n") != std::string::npos; });
    EXPECT_NE(r.find("line over 65536 bytes; not run"), std::string::npos) << r.substr(0, 200);
    EXPECT_NE(r.find("after\r\n"), std::string::npos);
    EXPECT_LT(rss_kb() - before, 8 * 1024);
  }
  // A shell v2 stdin packet declaring 2 GiB closes its stream.
  {
    const std::uint32_t sh = bad.open("shell,v2,raw:");
    ASSERT_NE(sh, 0u);
    bad.read(sh, [](const std::string& o) { return !o.empty(); });
    bad.write(sh, std::string("\x00\x00\x00\x00\x80", 5) + "echo never");
    bool closed = false;
    bad.read(sh, {}, &closed);
    EXPECT_TRUE(closed) << "a v2 packet of 2 GiB is being waited for";
  }
  // A peer that asks for raw frames and never reads them: past 32 MiB unread, new streams are
  // refused; the good peer is served all along.
  int opened = 0;
  bool refused = false;
  for (int i = 0; i < 8 && !refused; ++i) {
    if (bad.open("exec:screencap")) ++opened;
    else refused = true;
  }
  EXPECT_TRUE(refused) << opened << " raw screencaps opened and none read, none refused";
  EXPECT_GE(opened, 3);
  EXPECT_EQ(good.shell("echo served"), "served\n");
}
