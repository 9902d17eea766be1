#include "trainer/cdp/http_server.hpp"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <nlohmann/json.hpp>

namespace pg::cdp {
namespace fs = std::filesystem;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
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

namespace {

int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-decodes a URL path; returns false on malformed escapes or NUL bytes.
bool url_decode(const std::string& in, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '%') {
      if (i + 2 >= in.size()) return false;
      int a = hexval(in[i + 1]), b = hexval(in[i + 2]);
      if (a < 0 || b < 0) return false;
      char c = static_cast<char>(a * 16 + b);
      if (c == '\0') return false;
      out.push_back(c);
      i += 2;
    } else {
      out.push_back(in[i]);
    }
  }
  return true;
}

struct Response {
  http::status status = http::status::ok;
  std::string body;
  std::string type = "text/plain; charset=utf-8";
};

// Maps a request target to a file under root; fills status/body.
Response resolve(const fs::path& root, const std::string& target) {
  Response r;
  std::string path = target.substr(0, target.find_first_of("?#"));
  std::string decoded;
  if (path.empty() || path[0] != '/' || !url_decode(path, decoded)) {
    r.status = http::status::bad_request;
    r.body = "bad request target\n";
    return r;
  }
  // Refuse any ".." segment (either separator) outright.
  {
    std::string seg;
    std::stringstream ss(decoded);
    while (std::getline(ss, seg, '/')) {
      std::stringstream ss2(seg);
      std::string s2;
      while (std::getline(ss2, s2, '\\'))
        if (s2 == "..") {
          r.status = http::status::forbidden;
          r.body = "forbidden\n";
          return r;
        }
    }
  }
  fs::path rel = fs::path(decoded).relative_path();
  fs::path full = root / rel;
  std::error_code ec;
  if (fs::is_directory(full, ec)) full /= "index.html";
  fs::path canon = fs::weakly_canonical(full, ec);
  if (ec) {
    r.status = http::status::not_found;
    r.body = "not found\n";
    return r;
  }
  // Must stay inside the root (symlinks included).
  auto rs = root.string(), cs = canon.string();
  if (cs.size() < rs.size() || cs.compare(0, rs.size(), rs) != 0 ||
      (cs.size() > rs.size() && cs[rs.size()] != '/' && rs.back() != '/')) {
    r.status = http::status::forbidden;
    r.body = "forbidden\n";
    return r;
  }
  if (!fs::is_regular_file(canon, ec)) {
    r.status = http::status::not_found;
    r.body = "not found: " + decoded + "\n";
    return r;
  }
  std::ifstream f(canon, std::ios::binary);
  if (!f) {
    r.status = http::status::forbidden;
    r.body = "cannot read\n";
    return r;
  }
  std::ostringstream ss;
  ss << f.rdbuf();
  r.body = ss.str();
  r.type = mime_type_for(canon.string());
  return r;
}

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket sock, const fs::path& root) : stream_(std::move(sock)), root_(root) {}
  void start() { read(); }

 private:
  void read() {
    req_ = {};
    stream_.expires_after(std::chrono::seconds(60));
    http::async_read(stream_, buf_, req_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        self->close();
        return;
      }
      self->handle();
    });
  }

  void handle() {
    auto res = std::make_shared<http::response<http::string_body>>();
    res->version(req_.version());
    res->set(http::field::server, "phonegym");
    res->set(http::field::cache_control, "no-store");
    res->set("Cross-Origin-Opener-Policy", "same-origin");
    res->set("Cross-Origin-Embedder-Policy", "require-corp");
    res->keep_alive(req_.keep_alive());
    if (req_.method() != http::verb::get && req_.method() != http::verb::head) {
      res->result(http::status::method_not_allowed);
      res->set(http::field::allow, "GET, HEAD");
      res->set(http::field::content_type, "text/plain; charset=utf-8");
      res->body() = "method not allowed\n";
      res->prepare_payload();
    } else {
      Response r = resolve(root_, std::string(req_.target()));
      res->result(r.status);
      res->set(http::field::content_type, r.type);
      if (req_.method() == http::verb::head) {
        res->content_length(r.body.size());
      } else {
        res->body() = std::move(r.body);
        res->prepare_payload();
      }
    }
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
  fs::path root_;
  beast::flat_buffer buf_;
  http::request<http::string_body> req_;
};

}  // namespace

struct StaticHttpServer::Impl {
  asio::io_context ioc{1};
  tcp::acceptor acceptor{ioc};
  fs::path root;
  std::string root_str;
  std::uint16_t port = 0;
  std::string address = "127.0.0.1";
  std::thread thread;

  void accept() {
    acceptor.async_accept([this](beast::error_code ec, tcp::socket sock) {
      if (ec == asio::error::operation_aborted || !acceptor.is_open()) return;
      if (!ec) {
        beast::error_code e2;
        sock.set_option(tcp::no_delay(true), e2);
        std::make_shared<Session>(std::move(sock), root)->start();
      }
      accept();
    });
  }
};

StaticHttpServer::StaticHttpServer(const std::string& root, std::uint16_t port, const std::string& address)
    : impl_(std::make_unique<Impl>()) {
  std::error_code ec;
  if (!fs::is_directory(root, ec))
    throw std::runtime_error("StaticHttpServer: web root \"" + root + "\" is not a directory");
  impl_->root = fs::canonical(root);
  impl_->root_str = impl_->root.string();
  beast::error_code bec;
  const auto addr = asio::ip::make_address(address, bec);
  if (bec) throw std::runtime_error("StaticHttpServer: \"" + address + "\" is not an IP address");
  impl_->address = address == "0.0.0.0" ? "127.0.0.1" : address;
  tcp::endpoint ep(addr, port);
  impl_->acceptor.open(ep.protocol(), bec);
  if (!bec) impl_->acceptor.set_option(asio::socket_base::reuse_address(true), bec);
  if (!bec) impl_->acceptor.bind(ep, bec);
  if (!bec) impl_->acceptor.listen(asio::socket_base::max_listen_connections, bec);
  if (bec)
    throw std::runtime_error("StaticHttpServer: cannot listen on " + address + ":" + std::to_string(port) + ": " +
                             bec.message());
  impl_->port = impl_->acceptor.local_endpoint().port();
  impl_->accept();
  impl_->thread = std::thread([this] {
    for (;;) {
      try {
        impl_->ioc.run();
        return;
      } catch (const std::exception&) {
        // A handler threw (should not happen); keep serving.
      }
    }
  });
}

StaticHttpServer::~StaticHttpServer() {
  asio::post(impl_->ioc, [this] {
    beast::error_code ec;
    impl_->acceptor.close(ec);
  });
  impl_->ioc.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

std::uint16_t StaticHttpServer::port() const { return impl_->port; }
const std::string& StaticHttpServer::root() const { return impl_->root_str; }
std::string StaticHttpServer::base_url() const { return "http://" + impl_->address + ":" + std::to_string(impl_->port); }

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
