#include "trainer/cdp/http_server.hpp"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/asio/thread_pool.hpp>

#include <chrono>
#include <filesystem>
#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <utility>

#include <nlohmann/json.hpp>

namespace pg::cdp {
namespace fs = std::filesystem;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

std::string mime_type_for(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".html" || ext == ".htm") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "application/javascript";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".png") return "image/png";
  if (ext == ".css") return "text/css";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".txt") return "text/plain; charset=utf-8";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".ttf") return "font/ttf";
  return "application/octet-stream";
}

std::string HttpRequest::header(const std::string& name) const {
  auto it = headers.find(name);
  return it == headers.end() ? std::string() : it->second;
}

namespace {

int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

HttpReply text_reply(int status, std::string body) {
  HttpReply r;
  r.status = status;
  r.body = std::move(body) + "\n";
  return r;
}

// Where handlers run: the server's worker threads when it has them, else the I/O thread.
struct Runner {
  asio::io_context& io;
  asio::thread_pool* workers;  // null: run on the I/O thread
  // Runs `work` off the I/O thread (when there are workers), then `done` back on it.
  template <class Work, class Done>
  void run(Work work, Done done) {
    if (!workers) {
      done(work());
      return;
    }
    asio::post(*workers, [this, work = std::move(work), done = std::move(done)]() mutable {
      auto result = work();
      asio::post(io, [done = std::move(done), result = std::move(result)]() mutable { done(std::move(result)); });
    });
  }
};

HttpRequest to_request(http::request<http::string_body>& m) {
  HttpRequest req;
  req.method = std::string(m.method_string());
  req.target = std::string(m.target());
  for (const auto& f : m) {
    std::string name(f.name_string());
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    req.headers[name] = std::string(f.value());
  }
  req.body = m.body();
  return req;
}

// One of the server's connection slots (HttpServerOptions::max_connections), held by the
// connection's object and freed when it is destroyed; moves from the HTTP session to the WebSocket
// on an upgrade, so a connection counts once whatever it speaks. Atomic: the last reference to a
// connection may drop on a worker thread.
class Slot {
 public:
  explicit Slot(std::atomic<std::size_t>& open) : open_(&open) { ++*open_; }
  Slot(Slot&& o) noexcept : open_(std::exchange(o.open_, nullptr)) {}
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;
  Slot& operator=(Slot&&) = delete;
  ~Slot() {
    if (open_) --*open_;
  }

 private:
  std::atomic<std::size_t>* open_;
};

// One accepted WebSocket: reads a text message, lets the WsSession answer it (on a worker), writes
// the reply, and reads the next: one message at a time per connection, in order.
class WsConnection : public std::enable_shared_from_this<WsConnection> {
 public:
  WsConnection(tcp::socket sock, Slot slot, const HttpServerOptions& opts, Runner& runner)
      : ws_(std::move(sock)), slot_(std::move(slot)), opts_(opts), runner_(runner) {}

  void start(std::shared_ptr<http::request<http::string_body>> upgrade, std::unique_ptr<WsSession> session) {
    session_ = std::move(session);
    websocket::stream_base::timeout t = websocket::stream_base::timeout::suggested(beast::role_type::server);
    t.idle_timeout = std::chrono::seconds(opts_.idle_timeout_s);
    ws_.set_option(t);
    // Over the limit, a message gets on_oversize() and the session goes on; far over it (4x), the
    // connection is closed without reading it all.
    ws_.read_message_max(opts_.ws_message_limit * 4 + 4096);
    ws_.async_accept(*upgrade, [self = shared_from_this(), upgrade](beast::error_code ec) {
      if (!ec) self->read();
    });
  }

 private:
  void read() {
    ws_.async_read(buf_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;  // closed, timed out (an idle session is reaped here) or broken
      if (self->buf_.size() > self->opts_.ws_message_limit) {
        self->buf_.consume(self->buf_.size());
        self->send(self->session_->on_oversize(self->opts_.ws_message_limit), false);
        return;
      }
      std::string text = beast::buffers_to_string(self->buf_.data());
      self->buf_.consume(self->buf_.size());
      self->runner_.run(
          [self, text = std::move(text)]() {
            bool close = false;
            std::string reply;
            try {
              reply = self->session_->on_message(text, close);
            } catch (const std::exception& e) {
              reply = self->session_->on_failure(e.what());
              close = true;
            }
            return std::make_pair(std::move(reply), close);
          },
          [self](std::pair<std::string, bool> r) { self->send(std::move(r.first), r.second); });
    });
  }

  void send(std::string reply, bool close) {
    if (reply.empty()) {
      close ? finish() : read();
      return;
    }
    out_ = std::move(reply);
    ws_.text(true);
    ws_.async_write(asio::buffer(out_), [self = shared_from_this(), close](beast::error_code ec, std::size_t) {
      if (ec) return;
      close ? self->finish() : self->read();
    });
  }

  void finish() {
    ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
  }

  websocket::stream<beast::tcp_stream> ws_;
  Slot slot_;
  const HttpServerOptions& opts_;
  Runner& runner_;
  std::unique_ptr<WsSession> session_;
  beast::flat_buffer buf_;
  std::string out_;
};

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket sock, Slot slot, const HttpServerOptions& opts, const HttpHandler& handler, Runner& runner)
      : stream_(std::move(sock)), slot_(std::move(slot)), opts_(opts), handler_(handler), runner_(runner) {}
  void start() { read(); }

 private:
  // Reads the next request: its line and headers within header_timeout_s (counted from the accept
  // for the first request; from its first byte for later ones, which may keep the connection idle
  // up to idle_timeout_s before it), then its body within idle_timeout_s.
  void read() {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(std::min<std::size_t>(opts_.header_limit, UINT32_MAX)));
    parser_->body_limit(opts_.body_limit);
    if (first_ || buf_.size() > 0) {  // a fresh connection, or a pipelined request already here
      first_ = false;
      read_header();
      return;
    }
    stream_.expires_after(std::chrono::seconds(opts_.idle_timeout_s));
    stream_.async_read_some(buf_.prepare(4096), [self = shared_from_this()](beast::error_code ec, std::size_t n) {
      if (ec) return self->close();
      self->buf_.commit(n);
      self->read_header();
    });
  }

  void read_header() {
    stream_.expires_after(std::chrono::seconds(opts_.header_timeout_s));
    http::async_read_header(stream_, buf_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->refuse(ec);
      if (self->parser_->is_done()) return self->respond();
      self->stream_.expires_after(std::chrono::seconds(self->opts_.idle_timeout_s));
      http::async_read(self->stream_, self->buf_, *self->parser_, [self](beast::error_code ec2, std::size_t) {
        if (ec2) return self->refuse(ec2);
        self->respond();
      });
    });
  }

  // A request that could not be read: 431 or 413 for one over a limit, then (as for a timeout, a
  // malformed request or a hang-up) the connection closes.
  void refuse(beast::error_code ec) {
    if (ec == http::error::header_limit)
      return reply(text_reply(431, "request header too large (limit " + std::to_string(opts_.header_limit) + " bytes)"), 11, false);
    if (ec == http::error::body_limit)
      return reply(text_reply(413, "request body too large (limit " + std::to_string(opts_.body_limit) + " bytes)"), 11, false);
    close();
  }

  void respond() {
    auto msg = std::make_shared<http::request<http::string_body>>(parser_->release());
    HttpRequest req = to_request(*msg);
    const unsigned version = msg->version();
    const bool keep_alive = msg->keep_alive(), head = req.method == "HEAD";
    if (websocket::is_upgrade(*msg) && opts_.websocket) {
      stream_.expires_never();
      runner_.run(
          [self = shared_from_this(), req = std::move(req)]() {
            auto out = std::make_shared<std::pair<std::unique_ptr<WsSession>, HttpReply>>();
            try {
              out->first = self->opts_.websocket(req, out->second);
            } catch (const std::exception& e) {
              out->second = text_reply(500, std::string("internal error: ") + e.what());
            }
            return out;
          },
          [self = shared_from_this(), msg, version](std::shared_ptr<std::pair<std::unique_ptr<WsSession>, HttpReply>> out) {
            if (!out->first) {
              self->reply(std::move(out->second), version, false);
              return;
            }
            auto ws = std::make_shared<WsConnection>(self->stream_.release_socket(), std::move(self->slot_), self->opts_,
                                                     self->runner_);
            ws->start(msg, std::move(out->first));
          });
      return;
    }
    runner_.run(
        [self = shared_from_this(), req = std::move(req)]() {
          try {
            return self->handler_(req);
          } catch (const std::exception& e) {
            return text_reply(500, std::string("internal error: ") + e.what());
          }
        },
        [self = shared_from_this(), version, keep_alive, head](HttpReply r) { self->reply(std::move(r), version, keep_alive, head); });
  }

  void reply(HttpReply r, unsigned version, bool keep_alive, bool head = false) {
    auto res = std::make_shared<http::response<http::string_body>>(static_cast<http::status>(r.status), version);
    res->set(http::field::server, "phonegym-" + opts_.name);
    res->set(http::field::cache_control, "no-store");
    res->set(http::field::content_type, r.content_type);
    for (const auto& [k, v] : opts_.headers) res->set(k, v);
    for (const auto& [k, v] : r.headers) res->set(k, v);
    res->keep_alive(keep_alive);
    if (head) {
      res->content_length(r.body.size());
    } else {
      res->body() = std::move(r.body);
      res->prepare_payload();
    }
    stream_.expires_after(std::chrono::seconds(opts_.idle_timeout_s));  // a client that never reads is closed
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
      if (ec || res->need_eof()) {
        self->close();
        return;
      }
      self->read();
    });
  }

  void close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.socket().close(ec);
  }

  beast::tcp_stream stream_;
  Slot slot_;
  const HttpServerOptions& opts_;
  const HttpHandler& handler_;
  Runner& runner_;
  beast::flat_buffer buf_;
  std::optional<http::request_parser<http::string_body>> parser_;
  bool first_ = true;  // no request read yet
};

// A connection beyond max_connections: a short 503, then closed. The close lingers (as nginx's
// lingering_close): the server sends FIN and drops what the client still sends until it closes or
// 2 s pass, so the client reads the 503 instead of a reset from unread request bytes. At most
// max_connections refusals linger at once (`lingering`, touched on the I/O thread only); beyond
// that a refused socket is closed at once.
class Refusal : public std::enable_shared_from_this<Refusal> {
 public:
  Refusal(tcp::socket sock, const HttpServerOptions& opts, std::size_t& lingering)
      : stream_(std::move(sock)), opts_(opts), lingering_(lingering) {}

  void start() {
    const std::string body = opts_.name + ": too many connections (limit " + std::to_string(opts_.max_connections) + ")\n";
    out_ = "HTTP/1.1 503 Service Unavailable\r\nServer: phonegym-" + opts_.name +
           "\r\nContent-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\nRetry-After: 1\r\n"
           "Connection: close\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    stream_.expires_after(std::chrono::seconds(2));
    asio::async_write(stream_, asio::buffer(out_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      beast::error_code e;
      if (ec || self->lingering_ >= self->opts_.max_connections) {
        self->stream_.socket().close(e);
        return;
      }
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, e);
      ++self->lingering_;
      self->drain();
    });
  }

 private:
  void drain() {
    stream_.async_read_some(asio::buffer(sink_), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (!ec) return self->drain();
      --self->lingering_;
      beast::error_code e;
      self->stream_.socket().close(e);
    });
  }

  beast::tcp_stream stream_;
  const HttpServerOptions& opts_;
  std::size_t& lingering_;
  std::string out_;
  char sink_[1024];
};

}  // namespace

bool is_loopback(const std::string& host) {
  std::string h = host;  // the host part, lower-case
  if (!h.empty() && h[0] == '[') {
    h = h.substr(1, h.find(']') == std::string::npos ? std::string::npos : h.find(']') - 1);
  } else if (std::count(h.begin(), h.end(), ':') == 1) {
    h = h.substr(0, h.find(':'));
  }
  std::transform(h.begin(), h.end(), h.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (h == "localhost" || h == "::1") return true;
  boost::system::error_code ec;
  const auto a = asio::ip::make_address(h, ec);
  return !ec && a.is_loopback();
}

bool path_within(const fs::path& root, const fs::path& p) {
  auto r = root.begin(), q = p.begin();
  for (; r != root.end(); ++r, ++q)
    if (q == p.end() || *q != *r) return false;
  return true;
}

bool url_decode(const std::string& in, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < in.size(); ++i) {
    char c = in[i];
    if (c == '%') {
      if (i + 2 >= in.size()) return false;
      const int a = hexval(in[i + 1]), b = hexval(in[i + 2]);
      if (a < 0 || b < 0) return false;
      c = static_cast<char>(a * 16 + b);
      i += 2;
    }
    if (c == '\0') return false;
    out.push_back(c);
  }
  return true;
}

HttpReply serve_file(const fs::path& root, const std::string& method, const std::string& decoded) {
  if (method != "GET" && method != "HEAD") {
    HttpReply r = text_reply(405, "method not allowed");
    r.headers["Allow"] = "GET, HEAD";
    return r;
  }
  fs::path file = root;
  std::string seg;
  for (std::size_t i = 0; i <= decoded.size(); ++i) {
    if (i == decoded.size() || decoded[i] == '/' || decoded[i] == '\\') {
      if (seg == "..") return text_reply(403, "forbidden");
      if (!seg.empty() && seg != ".") file /= seg;
      seg.clear();
    } else {
      seg.push_back(decoded[i]);
    }
  }
  std::error_code ec;
  if (fs::is_directory(file, ec)) file /= "index.html";
  const fs::path canon = fs::weakly_canonical(file, ec);
  if (ec) return text_reply(404, "not found");
  if (!path_within(root, canon)) return text_reply(403, "forbidden");
  if (!fs::is_regular_file(canon, ec)) return text_reply(404, "not found: " + decoded);
  std::ifstream f(canon, std::ios::binary);
  if (!f) return text_reply(403, "cannot read");
  std::ostringstream ss;
  ss << f.rdbuf();
  HttpReply r;
  r.content_type = mime_type_for(canon.string());
  r.body = ss.str();
  return r;
}

struct HttpServer::Impl {
  HttpServerOptions opts;
  HttpHandler handler;
  std::atomic<std::size_t> open{0};  // connections holding a Slot; outlives every connection (declared before ioc)
  std::size_t lingering = 0;         // refused connections still draining (I/O thread only)
  asio::io_context ioc{1};
  tcp::acceptor acceptor{ioc};
  std::unique_ptr<asio::thread_pool> workers;
  std::unique_ptr<Runner> runner;
  std::uint16_t port = 0;
  std::thread thread;

  void accept() {
    acceptor.async_accept([this](beast::error_code ec, tcp::socket sock) {
      if (ec == asio::error::operation_aborted || !acceptor.is_open()) return;
      if (!ec) {
        beast::error_code e2;
        sock.set_option(tcp::no_delay(true), e2);
        if (open.load() >= opts.max_connections)
          std::make_shared<Refusal>(std::move(sock), opts, lingering)->start();
        else
          std::make_shared<Session>(std::move(sock), Slot(open), opts, handler, *runner)->start();
      }
      accept();
    });
  }
};

HttpServer::HttpServer(HttpServerOptions opts, HttpHandler handler) : impl_(std::make_unique<Impl>()) {
  impl_->opts = std::move(opts);
  impl_->handler = std::move(handler);
  const HttpServerOptions& o = impl_->opts;
  if (o.max_connections < 1) throw std::runtime_error(o.name + ": max_connections must be >= 1");
  if (o.header_timeout_s < 1 || o.idle_timeout_s < 1)
    throw std::runtime_error(o.name + ": header_timeout_s and idle_timeout_s must be >= 1 second");
  beast::error_code ec;
  const auto addr = asio::ip::make_address(o.address == "localhost" ? "127.0.0.1" : o.address, ec);
  if (ec) throw std::runtime_error(o.name + ": \"" + o.address + "\" is not an IP address");
  tcp::endpoint ep(addr, o.port);
  impl_->acceptor.open(ep.protocol(), ec);
  if (!ec) impl_->acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) impl_->acceptor.bind(ep, ec);
  if (!ec) impl_->acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error(o.name + ": cannot listen on " + o.address + ":" + std::to_string(o.port) + ": " + ec.message());
  impl_->port = impl_->acceptor.local_endpoint().port();
  if (o.threads > 0) impl_->workers = std::make_unique<asio::thread_pool>(static_cast<std::size_t>(o.threads));
  impl_->runner = std::make_unique<Runner>(Runner{impl_->ioc, impl_->workers.get()});
  impl_->accept();
  impl_->thread = std::thread([this] {
    for (;;) {
      try {
        impl_->ioc.run();
        return;
      } catch (const std::exception&) {
        // A socket-level surprise (handlers' exceptions are caught per request): keep serving.
      }
    }
  });
}

HttpServer::~HttpServer() {
  asio::post(impl_->ioc, [this] {
    beast::error_code ec;
    impl_->acceptor.close(ec);
  });
  impl_->ioc.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
  if (impl_->workers) impl_->workers->join();  // handlers still running finish (their replies are dropped)
}

std::uint16_t HttpServer::port() const { return impl_->port; }

std::string HttpServer::base_url() const {
  std::string h = impl_->opts.address;
  if (h == "0.0.0.0") h = "127.0.0.1";
  if (h.find(':') != std::string::npos) h = "[" + h + "]";
  return "http://" + h + ":" + std::to_string(impl_->port);
}

StaticHttpServer::StaticHttpServer(const std::string& root, std::uint16_t port, const std::string& address) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) throw std::runtime_error("StaticHttpServer: web root \"" + root + "\" is not a directory");
  const fs::path canon = fs::canonical(root);
  root_ = canon.string();
  HttpServerOptions o;
  o.address = address;
  o.port = port;
  o.name = "StaticHttpServer";
  o.body_limit = 64 * 1024;
  o.headers = {{"Cross-Origin-Opener-Policy", "same-origin"}, {"Cross-Origin-Embedder-Policy", "require-corp"}};
  server_ = std::make_unique<HttpServer>(std::move(o), [canon](const HttpRequest& req) {
    const std::string path = req.target.substr(0, req.target.find_first_of("?#"));
    std::string decoded;
    if (path.empty() || path[0] != '/' || !url_decode(path, decoded)) return text_reply(400, "bad request target");
    return serve_file(canon, req.method, decoded);
  });
}

std::string resolve_devtools_url(const std::string& url, int timeout_ms) {
  if (url.rfind("ws://", 0) == 0 || url.rfind("wss://", 0) == 0) return url;
  const std::string err = "DevTools URL \"" + url + "\": ";
  if (url.rfind("http://", 0) != 0) throw std::runtime_error(err + "expected http://HOST:PORT or ws://...");
  std::string authority = url.substr(7);
  if (auto slash = authority.find('/'); slash != std::string::npos) authority.resize(slash);
  const auto colon = authority.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == authority.size())
    throw std::runtime_error(err + "no HOST:PORT");
  const std::string host = authority.substr(0, colon), port = authority.substr(colon + 1);
  std::string body;
  try {
    asio::io_context ioc;
    tcp::resolver resolver(ioc);
    beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::milliseconds(timeout_ms));
    stream.connect(resolver.resolve(host, port));
    http::request<http::empty_body> req{http::verb::get, "/json/version", 11};
    req.set(http::field::host, authority);
    http::write(stream, req);
    beast::flat_buffer buf;
    http::response<http::string_body> res;
    http::read(stream, buf, res);
    if (res.result() != http::status::ok)
      throw std::runtime_error("GET /json/version answered " + std::to_string(res.result_int()));
    body = res.body();
    beast::error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  } catch (const std::exception& e) {
    throw std::runtime_error(err + "unreachable: " + e.what());
  }
  const nlohmann::json v = nlohmann::json::parse(body, nullptr, false);
  if (v.is_discarded() || !v.contains("webSocketDebuggerUrl") || !v["webSocketDebuggerUrl"].is_string())
    throw std::runtime_error(err + "/json/version has no webSocketDebuggerUrl (is it a Chromium DevTools endpoint?)");
  std::string ws = v["webSocketDebuggerUrl"].get<std::string>();
  // ws://<its host:port>/devtools/browser/<id>: put the address we reached it by back.
  const auto path = ws.find('/', 5);
  if (ws.rfind("ws://", 0) != 0 || path == std::string::npos)
    throw std::runtime_error(err + "unexpected webSocketDebuggerUrl \"" + ws + "\"");
  return "ws://" + authority + ws.substr(path);
}

}  // namespace pg::cdp
