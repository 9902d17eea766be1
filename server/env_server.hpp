// The environment server (`phonegym serve-env`): PhoneGym's episode env over the network in the
// OpenEnv protocol (meta-pytorch/OpenEnv, core/env_server: http_server.py and types.py), so a
// client written for OpenEnv (TRL, torchforge, open-instruct, ...) drives phones unchanged.
//
//   WebSocket /ws      one session per connection: {"type": "reset"|"step"|"state"|"close", "data"}
//                      -> {"type": "observation"|"state"|"error", "data"}; PhoneGym's extensions in
//                      the same style: "fork", "batch", "set_state", "judge". /ws?session=ID
//                      attaches to a session made by "fork".
//   GET  /health, /metadata, /schema, /state;  POST /reset, /step (stateless, as OpenEnv has them)
//
// Sessions run on one EnvPool over the host (a crashed browser is restarted and every session's
// episode restored by the pool); each session's episode is a TaskEnv (tasks/task_env.hpp): the
// server adds no episode loop of its own. docs/env-server.md is the reference, with a transcript.
#pragma once

#include "tasks/task.hpp"
#include "trainer/cdp/http_server.hpp"
#include "trainer/pool/host.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <string>

namespace pg {

struct EnvServerOptions {
  std::string address = "127.0.0.1";  ///< anything but loopback needs a token
  std::uint16_t port = 8000;          ///< 0: any free port
  std::string token;                  ///< required on every request when set (Authorization: Bearer, or ?token=)
  int max_sessions = 64;              ///< sessions at once (connections and forks); more get CAPACITY_REACHED
  int idle_timeout_s = 300;           ///< seconds: a session (or a keep-alive HTTP connection) idle this long is closed
  /// Open TCP connections at most (WebSocket sessions and HTTP requests alike); one more gets 503
  /// and is closed. Raised to max_sessions + 16 when lower, so every session can have its socket.
  /// Default 256.
  std::size_t max_connections = 256;
  int header_timeout_s = 10;          ///< seconds a request's line and headers may take to arrive (slowloris)
  std::size_t message_limit = 1 << 20;  ///< bytes per WebSocket message or HTTP body (HTTP headers: 16 KiB)
  int threads = 8;                    ///< threads running sessions' messages (steps of distinct sessions run at once)
  std::string obs = "270x600:png";    ///< default observation (sim/render/obs.hpp: parse_obs_spec)
  int pool_workers = 2;               ///< EnvPool workers calling the host
  /// Domain randomization for episodes whose reset names no perturbation: specs separated by ';'
  /// (sim/os/perturb.hpp), one drawn per episode keyed by its seed. "nominal": none.
  std::string perturb = "nominal";
};

/// Serves `tasks` on `host` from its own threads until destroyed. Throws std::invalid_argument for
/// bad options (a non-loopback address without a token, a bad obs spec), std::runtime_error when
/// the address cannot be bound.
class EnvServer {
 public:
  EnvServer(Host& host, const TaskSet& tasks, EnvServerOptions opts);
  ~EnvServer();
  EnvServer(const EnvServer&) = delete;
  EnvServer& operator=(const EnvServer&) = delete;

  std::uint16_t port() const;
  /// "http://<address>:<port>".
  std::string url() const;
  /// Sessions open now.
  int sessions() const;
  /// Host restarts the pool made (a crashed or killed browser).
  int host_restarts() const;

  // The server's handlers without its sockets: exactly what each request or message gets (fuzz
  // target `env_server`, docs/security.md; tests). The sockets add only framing, the connection
  // cap, the size limits and the header deadline.

  /// What an HTTP request gets (status 200..599, a JSON body). Never throws.
  cdp::HttpReply handle_http(const cdp::HttpRequest& req);
  /// Opens a session as a new WebSocket connection does; returns its id. Throws std::runtime_error
  /// when --max-sessions are open.
  std::string open_session();
  /// What one WebSocket text message of session `id` gets: the reply ("" for none); `close` is set
  /// by a close message. Never throws: every failure is an {"type": "error"} reply.
  std::string handle_message(const std::string& id, const std::string& text, bool& close);
  /// Closes session `id` as a closed connection does (its env goes back to the pool).
  void close_session(const std::string& id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pg
