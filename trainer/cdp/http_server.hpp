// A minimal static-file HTTP/1.1 server (Boost.Beast) on 127.0.0.1, for the wasm page.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace pg::cdp {

/// Serves the files under `root` on 127.0.0.1 from its own thread. GET and HEAD only (405
/// otherwise); "/" and directories map to index.html; 404 for missing files; 403 for any path
/// with a ".." segment or one that resolves (through symlinks) outside the root. MIME types for
/// .html .js .mjs .wasm .json .png .css .svg .txt .ico .jpg .data (else application/octet-stream).
/// Responses carry Cache-Control: no-store and COOP/COEP headers (so wasm threads could be used).
class StaticHttpServer {
 public:
  /// Binds `address`:`port` (0: an ephemeral port; address "0.0.0.0" serves every interface, for
  /// remote browsers) and starts serving; throws std::runtime_error if the root is not a directory,
  /// the address is not an IP address or the port cannot be bound.
  explicit StaticHttpServer(const std::string& root, std::uint16_t port = 0, const std::string& address = "127.0.0.1");
  /// Stops accepting, closes connections and joins the server thread.
  ~StaticHttpServer();
  StaticHttpServer(const StaticHttpServer&) = delete;
  StaticHttpServer& operator=(const StaticHttpServer&) = delete;

  /// The bound TCP port.
  std::uint16_t port() const;
  /// The canonical root directory being served.
  const std::string& root() const;
  /// "http://<address>:<port>" (no trailing slash; 127.0.0.1 when bound to 0.0.0.0).
  std::string base_url() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
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
