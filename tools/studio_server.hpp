// The studio's HTTP server (`phonegym serve`): the static files of the web root (the wasm phone,
// web/studio.html) and a small JSON API to list, read and save task templates. The phone, the
// sampler and the judge run in the page; this server only serves files and saves templates.
//
// API (JSON bodies, errors as {"error": "<reason>"}):
//   GET /api/info                 {"tasks_dir", "token_required", "version"}
//   GET /api/templates            {"templates": [{"path": "clock/disable_alarm.json", "id", "apps",
//                                   "instruction", "split"} | {"path", "error"}]}
//   GET /api/templates/<path>     the file's text
//   PUT /api/templates/<path>     body: the template's JSON text. Validated (format, setup applies,
//                                 the id is not another file's); written under the tasks dir only.
//                                 With `If-None-Match: *`, refused (412) when the file exists.
#pragma once

#include "trainer/cdp/http_server.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace pg::studio {

struct ServeOptions {
  std::string host = "127.0.0.1";  ///< address to bind; loopback unless exposing on purpose
  std::uint16_t port = 8080;       ///< 0: an ephemeral port
  std::string web_root;            ///< served read-only (build/web)
  std::string tasks_dir;           ///< templates read from and saved under (tasks/templates)
  /// Required in the X-PhoneGym-Token header of every write. Empty: writes need none (loopback).
  std::string token;
  /// Open TCP connections at most (a browser opens about six); one more gets 503 and is closed.
  std::size_t max_connections = 64;
  /// Seconds a request's line and headers may take to arrive (pg::cdp::HttpServerOptions).
  int header_timeout_s = 10;
  /// Seconds a keep-alive connection may idle, or a body or reply take, before it is closed.
  int idle_timeout_s = 120;
};

/// Whether `host` is a loopback address or name (pg::cdp::is_loopback).
using pg::cdp::is_loopback;
/// A random 128-bit token as 32 hex digits (std::random_device).
std::string make_token();

/// One HTTP request and its reply (the shared HTTP server's types).
using Request = pg::cdp::HttpRequest;
using Reply = pg::cdp::HttpReply;

/// Handles one request, without sockets (the server calls it; tests call it directly). Static
/// files: GET/HEAD only; "/" redirects to /studio.html; 403 for a path with a ".." segment (also
/// percent-encoded, or with backslashes), a NUL, or one that resolves (through symlinks) outside
/// the web root; 400 for a target that is not an absolute path; 404 for a missing file. Writes
/// (PUT) need the token when one is set (401), and are refused (403) when the Origin header names
/// another host than the request's Host. When `bound_loopback`, a Host header that is not a
/// loopback name is refused (403), so a rebound DNS name cannot reach the API.
Reply handle(const ServeOptions& opts, bool bound_loopback, const Request& req);

/// Starts serving `opts` from the server's own thread: `handle` under pg::cdp::HttpServer
/// (HTTP/1.1 keep-alive; request bodies up to 1 MiB plus 1 KiB, headers up to 16 KiB; the socket
/// limits of `opts`). Throws std::runtime_error naming the address
/// when it cannot bind, or when the web root or the tasks dir is not a directory.
std::unique_ptr<pg::cdp::HttpServer> start_studio(ServeOptions opts);

}  // namespace pg::studio
