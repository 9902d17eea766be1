#include "trainer/adb/adbd.hpp"

#include "trainer/adb/protocol.hpp"

#include <boost/asio.hpp>

#include <poll.h>
#include <sys/socket.h>

#include <chrono>
#include <map>
#include <memory>
#include <thread>
#include <vector>

namespace pg::adb {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

constexpr const char* kPrompt = "phonegym:/ $ ";
/// Output a connection may hold unacknowledged over all its streams (a peer that opens streams and
/// never reads them): past it new streams are refused and interactive lines are not run.
constexpr std::size_t kMaxBacklogBytes = std::size_t{32} << 20;
/// The largest sync request: a DATA chunk of a push (SYNC_DATA_MAX in Android's adb); paths are
/// shorter. A longer one ends its stream instead of being buffered.
constexpr std::uint32_t kSyncMaxBytes = 64 * 1024;
/// An interactive shell line at most; a longer one is refused when its newline comes.
constexpr std::size_t kMaxLineBytes = 64 * 1024;

/// One stream (an OPENed service) of a connection.
struct Stream {
  enum Kind { Command, Interactive, Sync } kind = Command;
  std::uint32_t local = 0, remote = 0;
  bool v2 = false;      // shell protocol packets
  std::string out;      // bytes still to send
  std::size_t off = 0;
  bool waiting = false; // a WRTE is unacknowledged
  bool close_when_done = false;
  std::string in;       // unparsed input (sync requests, interactive lines, v2 packets)
  std::string line;     // interactive: the current line
  bool line_too_long = false;  // interactive: the current line passed kMaxLineBytes
  std::string send_path, send_data;  // sync SEND in progress
  bool sending = false;
};

/// One connection from an adb server.
class Connection {
 public:
  /// `handshake_s`: seconds the peer has to complete CNXN (AdbdOptions::handshake_timeout_s).
  Connection(tcp::socket sock, SimShell& shell, std::mutex& mu, const std::function<void(const std::string&)>& log,
             int handshake_s)
      : sock_(std::move(sock)), shell_(shell), mu_(mu), log_(log), handshake_s_(handshake_s),
        handshake_deadline_(std::chrono::steady_clock::now() + std::chrono::seconds(handshake_s)) {}

  void serve() {
    try {
      for (;;) {
        char hdr[24];
        read_exact(hdr, 24);
        Message m;
        const std::uint32_t len = decode_header(std::string_view(hdr, 24), m, kMaxPayload > max_payload_ ? kMaxPayload : max_payload_);
        m.data.resize(len);
        if (len) read_exact(m.data.data(), len);
        handle(m);
      }
    } catch (const std::exception& e) {
      say(std::string("connection closed (") + e.what() + ")");
    }
  }

 private:
  tcp::socket sock_;
  SimShell& shell_;
  std::mutex& mu_;
  const std::function<void(const std::string&)>& log_;
  std::uint32_t max_payload_ = kMaxPayload;
  std::uint32_t next_id_ = 1;
  std::map<std::uint32_t, Stream> streams_;
  int handshake_s_;
  std::chrono::steady_clock::time_point handshake_deadline_;
  bool connected_ = false;  // CNXN answered: no deadline from then on

  /// Reads exactly n bytes; before the handshake, only until its deadline (a silent or half-sent
  /// socket cannot hold a connection slot). Throws on EOF, an error or the deadline.
  void read_exact(char* p, std::size_t n) {
    if (connected_) {
      asio::read(sock_, asio::buffer(p, n));
      return;
    }
    for (std::size_t got = 0; got < n;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(handshake_deadline_ -
                                                                              std::chrono::steady_clock::now());
      pollfd pfd{sock_.native_handle(), POLLIN, 0};
      if (left.count() <= 0 || ::poll(&pfd, 1, static_cast<int>(left.count())) <= 0)
        throw std::runtime_error("no CNXN handshake within " + std::to_string(handshake_s_) + " s");
      got += sock_.read_some(asio::buffer(p + got, n - got));
    }
  }

  void say(const std::string& s) {
    if (log_) log_(s);
  }
  void send(std::uint32_t cmd, std::uint32_t a0, std::uint32_t a1, std::string data = {}) {
    const std::string bytes = encode_message({cmd, a0, a1, std::move(data)});
    asio::write(sock_, asio::buffer(bytes));
  }

  /// Sends the next chunk of a stream's output, or closes it when everything was acknowledged.
  void pump(std::uint32_t id) {
    auto it = streams_.find(id);
    if (it == streams_.end()) return;
    Stream& s = it->second;
    if (s.waiting) return;
    if (s.off < s.out.size()) {
      const std::size_t n = std::min<std::size_t>(max_payload_, s.out.size() - s.off);
      send(kWrte, s.local, s.remote, s.out.substr(s.off, n));
      s.off += n;
      s.waiting = true;
      if (s.off == s.out.size()) s.out.clear(), s.off = 0;
      return;
    }
    if (s.close_when_done) {
      send(kClse, s.local, s.remote);
      streams_.erase(it);
    }
  }

  ShellResult run(const std::string& cmd) {
    std::lock_guard<std::mutex> l(mu_);
    return shell_.run(cmd);
  }

  /// Output bytes not yet sent over all streams of this connection.
  std::size_t backlog() const {
    std::size_t n = 0;
    for (const auto& kv : streams_) n += kv.second.out.size() - kv.second.off;
    return n;
  }

  /// Ends a stream: no more input is read, what it holds is still sent, then it is closed.
  static void finish(Stream& s) {
    s.in.clear();
    s.sending = false;
    s.send_data.clear();
    s.close_when_done = true;
  }

  void handle(const Message& m) {
    switch (m.command) {
      case kCnxn: {
        max_payload_ = std::min<std::uint32_t>(kMaxPayload, m.arg1 ? m.arg1 : kMaxPayload);
        std::string banner;
        {
          std::lock_guard<std::mutex> l(mu_);
          banner = shell_.banner();
        }
        send(kCnxn, std::min(kAdbVersion, m.arg0), max_payload_, banner);
        connected_ = true;  // from now on an adb server may stay idle for ever
        say("adb server connected (protocol " + std::to_string(m.arg0 >> 24) + "." + std::to_string(m.arg0 & 0xffffff) + ")");
        break;
      }
      case kAuth:
        break;  // never asked for: no authentication
      case kOpen:
        open(m.arg0, std::string(m.data.c_str()));
        break;
      case kOkay: {
        auto it = streams_.find(m.arg1);
        if (it == streams_.end()) break;
        it->second.waiting = false;
        if (it->second.remote == 0) it->second.remote = m.arg0;
        pump(m.arg1);
        break;
      }
      case kWrte: {
        auto it = streams_.find(m.arg1);
        if (it == streams_.end()) {
          send(kClse, 0, m.arg0);
          break;
        }
        send(kOkay, m.arg1, m.arg0);
        it->second.in += m.data;
        input(it->second);
        pump(m.arg1);
        break;
      }
      case kClse:
        streams_.erase(m.arg1);
        break;
      default:
        throw std::runtime_error("unexpected message " + command_name(m.command));
    }
  }

  void open(std::uint32_t remote, const std::string& service) {
    const std::uint32_t id = next_id_++;
    Stream s;
    s.local = id;
    s.remote = remote;
    std::string cmd;
    if (service.rfind("shell", 0) == 0 && service.find(':') != std::string::npos) {
      const std::string args = service.substr(0, service.find(':'));
      cmd = service.substr(service.find(':') + 1);
      s.v2 = args.find(",v2") != std::string::npos;
      s.kind = cmd.empty() ? Stream::Interactive : Stream::Command;
    } else if (service.rfind("exec:", 0) == 0) {
      cmd = service.substr(5);
    } else if (service.rfind("sync:", 0) == 0) {
      s.kind = Stream::Sync;
    } else {
      say("refused service \"" + service + "\"");
      send(kClse, 0, remote);
      return;
    }
    say(service.size() > 200 ? service.substr(0, 200) + "..." : service);
    if (backlog() > kMaxBacklogBytes) {  // the peer reads nothing it asked for: no new work
      say("refused a stream: " + std::to_string(backlog() >> 20) + " MiB of output not read by the peer");
      send(kClse, 0, remote);
      return;
    }
    send(kOkay, id, remote);
    if (s.kind == Stream::Command) {
      const ShellResult r = run(cmd);
      if (s.v2) {
        if (!r.out.empty()) s.out += shell_packet(ShellId::Stdout, r.out);
        if (!r.err.empty()) s.out += shell_packet(ShellId::Stderr, r.err);
        s.out += shell_packet(ShellId::Exit, std::string(1, static_cast<char>(r.status & 0xFF)));
      } else {
        s.out = r.out + r.err;
      }
      s.close_when_done = true;
    } else if (s.kind == Stream::Interactive) {
      emit(s, kPrompt);
    }
    streams_[id] = std::move(s);
    pump(id);
  }

  /// Adds terminal output to an interactive stream (a pty turns \n into \r\n).
  void emit(Stream& s, const std::string& text) {
    std::string t;
    for (char c : text) t += c == '\n' ? std::string("\r\n") : std::string(1, c);
    s.out += s.v2 ? shell_packet(ShellId::Stdout, t) : t;
  }

  void input(Stream& s) {
    if (s.kind == Stream::Sync) return sync_input(s);
    if (s.kind == Stream::Command || s.close_when_done) {
      s.in.clear();  // stdin of a one-shot command (or of a stream being closed) is ignored
      return;
    }
    // Interactive: raw bytes (v1) or stdin packets (v2).
    std::string typed;
    if (s.v2) {
      while (s.in.size() >= 5) {
        const std::uint32_t n = get_u32(s.in, 1);
        if (n > kMaxPayload) {  // no client sends a stdin packet larger than a message
          emit(s, "\nphonegym adbd: a shell packet of " + std::to_string(n) + " bytes; closing\n");
          return finish(s);
        }
        if (s.in.size() < 5 + n) break;
        const auto id = static_cast<ShellId>(s.in[0]);
        if (id == ShellId::Stdin) typed += s.in.substr(5, n);
        if (id == ShellId::CloseStdin) typed += "\nexit\n";
        s.in.erase(0, 5 + n);
      }
    } else {
      typed.swap(s.in);
    }
    for (char c : typed) {
      if (c == '\r' || c == '\n') {
        emit(s, "\n");
        const std::string line = s.line;
        s.line.clear();
        if (s.line_too_long) {
          s.line_too_long = false;
          emit(s, "/system/bin/sh: line over " + std::to_string(kMaxLineBytes) + " bytes; not run\n");
          emit(s, kPrompt);
          continue;
        }
        if (line == "exit" || line == "logout") {
          if (s.v2) s.out += shell_packet(ShellId::Exit, std::string(1, '\0'));
          s.close_when_done = true;
          return;
        }
        if (backlog() > kMaxBacklogBytes) {
          say("closed a shell: " + std::to_string(backlog() >> 20) + " MiB of output not read by the peer");
          return finish(s);
        }
        if (!line.empty()) {
          const ShellResult r = run(line);
          emit(s, r.out + r.err);
        }
        emit(s, kPrompt);
      } else if (c == 0x7f || c == 0x08) {
        if (!s.line.empty()) s.line.pop_back(), emit(s, "\b \b");
      } else if (c == 0x04) {  // Ctrl-D
        if (s.v2) s.out += shell_packet(ShellId::Exit, std::string(1, '\0'));
        s.close_when_done = true;
        return;
      } else if (s.line.size() >= kMaxLineBytes) {
        s.line_too_long = true;
      } else {
        s.line += c;
        emit(s, std::string(1, c));  // echo, as a terminal does
      }
    }
  }

  /// A sync FAIL with its message (the adb client prints it and stops).
  void fail(Stream& s, const std::string& msg) { sync_reply(s, "FAIL", static_cast<std::uint32_t>(msg.size()), msg); }

  void sync_reply(Stream& s, const char* id, std::uint32_t v, const std::string& data = {}) {
    s.out += std::string(id, 4);
    put_u32(s.out, v);
    s.out += data;
  }

  void sync_input(Stream& s) {
    while (s.in.size() >= 8) {
      const std::string id = s.in.substr(0, 4);
      const std::uint32_t n = get_u32(s.in, 4);
      if (id == "DONE" && s.sending) {  // SEND's end: the value is the mtime, no payload
        s.in.erase(0, 8);
        bool written = false;
        {
          std::lock_guard<std::mutex> l(mu_);
          written = shell_.write_file(s.send_path, s.send_data);
        }
        s.sending = false;
        s.send_data.clear();
        if (!written) {
          fail(s, "No space left on device");
          return finish(s);
        }
        sync_reply(s, "OKAY", 0);
        continue;
      }
      if (id == "QUIT") {
        s.close_when_done = true;
        s.in.clear();
        return;
      }
      if (n > kSyncMaxBytes) {  // Android's adb never sends more in one request
        fail(s, "sync request " + id + " of " + std::to_string(n) + " bytes (the limit is " +
                    std::to_string(kSyncMaxBytes) + ")");
        return finish(s);
      }
      if (s.in.size() < 8 + n) return;  // wait for the rest
      const std::string arg = s.in.substr(8, n);
      s.in.erase(0, 8 + n);
      if (id == "DATA" && s.sending) {
        std::size_t room = 0;
        {
          std::lock_guard<std::mutex> l(mu_);
          room = shell_.storage_free();
        }
        if (s.send_data.size() + arg.size() > room) {  // fail at once: nothing is buffered past the device's space
          fail(s, "No space left on device");
          return finish(s);
        }
        s.send_data += arg;
      } else if (id == "STAT") {
        std::optional<std::string> f;
        {
          std::lock_guard<std::mutex> l(mu_);
          f = shell_.file(arg);
        }
        std::string body;
        put_u32(body, f ? 0100644 : (arg == "/sdcard" || arg == "/sdcard/" || arg == "/data/local/tmp" ? 040771 : 0));
        put_u32(body, f ? static_cast<std::uint32_t>(f->size()) : 0);
        put_u32(body, f ? 1700000000u : 0);
        s.out += "STAT" + body;
      } else if (id == "RECV") {
        std::optional<std::string> f;
        {
          std::lock_guard<std::mutex> l(mu_);
          f = shell_.file(arg);
        }
        if (!f) {
          fail(s, "remote object '" + arg + "' does not exist");
          continue;
        }
        for (std::size_t o = 0; o < f->size(); o += 64 * 1024) {
          const std::string chunk = f->substr(o, 64 * 1024);
          sync_reply(s, "DATA", static_cast<std::uint32_t>(chunk.size()), chunk);
        }
        sync_reply(s, "DONE", 0);
      } else if (id == "SEND") {
        s.send_path = arg.substr(0, arg.rfind(','));
        s.send_data.clear();
        s.sending = true;
      } else if (id == "LIST") {
        sync_reply(s, "DONE", 0, std::string(12, '\0'));
      } else {
        fail(s, "unsupported sync request " + id);
      }
    }
  }
};

}  // namespace

struct AdbdServer::Impl {
  SimShell& shell;
  AdbdOptions opts;
  asio::io_context io;
  tcp::acceptor acceptor{io};
  std::mutex mu;
  std::atomic<bool> stopping{false};
  std::atomic<int> live{0};  // connections open
  Impl(SimShell& s, const AdbdOptions& o) : shell(s), opts(o) {}
};

AdbdServer::AdbdServer(SimShell& shell, const AdbdOptions& opts) : impl_(std::make_shared<Impl>(shell, opts)) {
  boost::system::error_code ec;
  const tcp::endpoint ep(asio::ip::make_address(opts.bind, ec), static_cast<unsigned short>(opts.port));
  if (ec) throw std::runtime_error("phonegym adbd: bad address \"" + opts.bind + "\"");
  if (!ep.address().is_loopback())
    throw std::runtime_error("phonegym adbd: refusing to listen on " + opts.bind +
                             ": the device protocol has no authentication, so anyone reaching the port would control "
                             "the phone; listen on 127.0.0.1 and forward the port (ssh -L 5555:127.0.0.1:5555 <host>)");
  impl_->acceptor.open(ep.protocol());
  impl_->acceptor.set_option(tcp::acceptor::reuse_address(true));
  impl_->acceptor.bind(ep, ec);
  if (ec)
    throw std::runtime_error("phonegym adbd: cannot listen on " + opts.bind + ":" + std::to_string(opts.port) + ": " +
                             ec.message());
  impl_->acceptor.listen();
}

AdbdServer::~AdbdServer() { stop(); }

int AdbdServer::port() const { return impl_->acceptor.local_endpoint().port(); }

void AdbdServer::run() {
  while (!impl_->stopping) {
    boost::system::error_code ec;
    tcp::socket sock(impl_->io);
    impl_->acceptor.accept(sock, ec);
    if (ec) {
      if (impl_->stopping) break;
      continue;
    }
    sock.set_option(tcp::no_delay(true));
    if (impl_->live.load() >= impl_->opts.max_connections) {
      if (impl_->opts.log)
        impl_->opts.log("refused a connection: " + std::to_string(impl_->opts.max_connections) + " already open");
      sock.close(ec);
      continue;
    }
    if (impl_->opts.log) impl_->opts.log("connection from " + sock.remote_endpoint(ec).address().to_string());
    ++impl_->live;
    // Detached: a connection lives until its adb server hangs up (the process may exit first),
    // so it holds the server's state (io context, lock, log, counter) and not the server.
    std::thread([impl = impl_, s = std::move(sock)]() mutable {
      {
        Connection c(std::move(s), impl->shell, impl->mu, impl->opts.log, impl->opts.handshake_timeout_s);
        c.serve();
      }
      --impl->live;
    }).detach();
  }
}

void AdbdServer::stop() {
  if (impl_->stopping.exchange(true)) return;
  // Closing an acceptor does not wake an accept() blocked in another thread on Linux; shutting
  // the listening socket down does (it returns EINVAL), and run() then sees `stopping`.
  ::shutdown(impl_->acceptor.native_handle(), SHUT_RDWR);
  boost::system::error_code ec;
  impl_->acceptor.close(ec);
}

}  // namespace pg::adb
