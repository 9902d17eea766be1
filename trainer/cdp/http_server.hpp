// PhoneGym's HTTP/1.1 server (Boost.Beast): one socket side under a request handler, and the
// static-file handler that serves the wasm page.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace pg::cdp {

/// One HTTP request as a handler sees it.
struct HttpRequest {
  std::string method;  ///< "GET", "HEAD", "PUT", ...
  std::string target;  ///< the raw request target, e.g. "/studio.html?x=1"
  std::map<std::string, std::string> headers;  ///< names lower-case
  std::string body;
  /// The value of header `name` (lower-case), or "" when absent.
  std::string header(const std::string& name) const;
};

/// One reply; the server adds Server, Cache-Control: no-store, Content-Length and keep-alive.
struct HttpReply {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
  std::map<std::string, std::string> headers;  ///< extra headers (Location, Allow, ...)
};

/// Answers one request; runs on the server's thread (one request at a time). An exception it
/// throws becomes a 500 reply naming it.
using HttpHandler = std::function<HttpReply(const HttpRequest&)>;

/// One WebSocket connection's conversation: text messages in, text replies out, one at a time and
/// in order (calls are never concurrent for one session). Destroyed when the connection ends
/// (closed by either side, broken, or idle past the server's idle timeout).
class WsSession {
 public:
  virtual ~WsSession() = default;
  /// The reply to one text message ("" sends none); set `close` to close the connection after it.
  virtual std::string on_message(const std::string& text, bool& close) = 0;
  /// The reply to a message over the size limit (the session goes on; a message over four
  /// times the limit closes the connection unread).
  virtual std::string on_oversize(std::size_t limit) = 0;
  /// The reply when on_message threw `what` (the connection then closes).
  virtual std::string on_failure(const std::string& what) = 0;
};

/// Decides a WebSocket upgrade request: a session to accept it, or null to refuse it with the
/// reply filled in `refusal` (e.g. 401, 404, 503).
using WsAccept = std::function<std::unique_ptr<WsSession>(const HttpRequest& upgrade, HttpReply& refusal)>;

struct HttpServerOptions {
  std::string address = "127.0.0.1";  ///< an IP address; "0.0.0.0" serves every interface
  std::uint16_t port = 0;             ///< 0: an ephemeral port
  std::string name = "http";          ///< names the server in errors and the Server header
  std::size_t body_limit = 1 << 20;   ///< larger request bodies get 413 and the connection closes (bytes)
  /// Request line plus headers, at most (bytes); a larger header gets 431 and the connection closes.
  std::size_t header_limit = 16 * 1024;
  /// Open TCP connections at most (HTTP keep-alive and WebSocket alike, >= 1; default 64). One
  /// beyond it gets a short 503 ("<name>: too many connections (limit N)") and is closed at once;
  /// the open ones are not disturbed.
  std::size_t max_connections = 64;
  /// Seconds a request's line and headers may take to arrive whole, counted from the connection's
  /// accept (first request) or from the request's first byte (later requests on a keep-alive
  /// connection); a slower client (slowloris) is closed. Default 10.
  int header_timeout_s = 10;
  /// Seconds a keep-alive connection may wait for its next request, a request body may take to
  /// arrive, a reply may take to be read, and a WebSocket may stay silent; then it is closed.
  /// Default 60.
  int idle_timeout_s = 60;
  std::map<std::string, std::string> headers;  ///< added to every reply
  /// Threads that run handlers and WebSocket sessions (0: the one I/O thread runs them, so a slow
  /// handler holds up every connection).
  int threads = 0;
  WsAccept websocket;                      ///< accepts WebSocket upgrades (unset: none)
  std::size_t ws_message_limit = 1 << 20;  ///< larger WebSocket messages get on_oversize() (bytes)
};

/// An HTTP/1.1 server (Boost.Beast, keep-alive) calling `handler` for each request from its own
/// thread. The one socket side of every PhoneGym HTTP endpoint (the wasm page's files, the
/// studio, the environment server). What a client can hold is bounded by the options: sockets
/// (max_connections), header and body bytes (header_limit, body_limit, ws_message_limit) and time
/// (header_timeout_s, idle_timeout_s).
class HttpServer {
 public:
  /// Binds and starts serving; throws std::runtime_error "<name>: ..." when the address is not an
  /// IP address or cannot be bound.
  HttpServer(HttpServerOptions opts, HttpHandler handler);
  /// Stops accepting, closes connections and joins the server thread.
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// The bound TCP port.
  std::uint16_t port() const;
  /// "http://<address>:<port>" (the address as given, 127.0.0.1 for 0.0.0.0; IPv6 in brackets).
  std::string base_url() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Whether `host` ("host", "host:port" or "[v6]:port") is a loopback address or name
/// (127.0.0.0/8, ::1, localhost).
bool is_loopback(const std::string& host);

/// Whether the canonical path `p` is the canonical directory `root` or lies below it.
bool path_within(const std::filesystem::path& root, const std::filesystem::path& p);

/// Percent-decodes a URL path into `out`; false on a malformed escape or a NUL byte.
bool url_decode(const std::string& in, std::string& out);

/// A GET or HEAD of the file `decoded_path` (percent-decoded, starting with '/') under the
/// canonical directory `root`: directories map to index.html; 403 for a ".." segment (either
/// separator) or a path that resolves (through symlinks) outside the root; 404 when missing;
/// 405 with Allow for other methods. The body is the file, typed by mime_type_for().
HttpReply serve_file(const std::filesystem::path& root, const std::string& method, const std::string& decoded_path);

/// Serves the files under `root` (serve_file) from its own thread. Replies carry COOP/COEP
/// headers (so wasm threads could be used); a target that is not an absolute path, or has a
/// malformed escape, is 400.
class StaticHttpServer {
 public:
  /// Binds `address`:`port` (0: an ephemeral port; address "0.0.0.0" serves every interface, for
  /// remote browsers) and starts serving; throws std::runtime_error if the root is not a directory,
  /// the address is not an IP address or the port cannot be bound.
  explicit StaticHttpServer(const std::string& root, std::uint16_t port = 0, const std::string& address = "127.0.0.1");

  /// The bound TCP port.
  std::uint16_t port() const { return server_->port(); }
  /// The canonical root directory being served.
  const std::string& root() const { return root_; }
  /// "http://<address>:<port>" (no trailing slash; 127.0.0.1 when bound to 0.0.0.0).
  std::string base_url() const { return server_->base_url(); }

 private:
  std::string root_;
  std::unique_ptr<HttpServer> server_;
};

/// The browser-level DevTools WebSocket URL of a Chromium started elsewhere with
/// --remote-debugging-port (a remote host): "ws://..." is returned as given; "http://HOST:PORT"
/// is asked GET /json/version and its webSocketDebuggerUrl is returned with HOST:PORT put back
/// (Chromium reports its own view, e.g. 127.0.0.1). Throws std::runtime_error naming the URL when
/// it is malformed, unreachable within `timeout_ms`, or not a DevTools endpoint.
std::string resolve_devtools_url(const std::string& url, int timeout_ms = 10000);

/// The Content-Type used for a file name's extension (e.g. "application/wasm" for "x.wasm").
std::string mime_type_for(const std::string& path);

}  // namespace pg::cdp
