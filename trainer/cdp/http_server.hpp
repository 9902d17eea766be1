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
  /// Binds 127.0.0.1:`port` (0: an ephemeral port) and starts serving; throws std::runtime_error if
  /// the root is not a directory or the port cannot be bound.
  explicit StaticHttpServer(const std::string& root, std::uint16_t port = 0);
  /// Stops accepting, closes connections and joins the server thread.
  ~StaticHttpServer();
  StaticHttpServer(const StaticHttpServer&) = delete;
  StaticHttpServer& operator=(const StaticHttpServer&) = delete;

  /// The bound TCP port.
  std::uint16_t port() const;
  /// The canonical root directory being served.
  const std::string& root() const;
  /// "http://127.0.0.1:<port>" (no trailing slash).
  std::string base_url() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The Content-Type used for a file name's extension (e.g. "application/wasm" for "x.wasm").
std::string mime_type_for(const std::string& path);

}  // namespace pg::cdp
