// Fuzz target: requests to the environment server (server/env_server.hpp, `phonegym serve-env`)
// through the handlers its sockets call. Input: a first line "ws" followed by up to 8 WebSocket
// text messages of one session (one per line: reset, step, fork, batch, set_state, judge, ...
// in any order and shape), or "http METHOD TARGET" followed by header lines, an empty line and
// the body. Nothing may throw; every WebSocket reply is a JSON object with a string "type", every
// HTTP reply a real status with a JSON body; the server keeps no session the input did not leave
// open. The server runs once per process on the native host with a token, so requests without it
// are refused as they would be.
#include "fuzz.hpp"
#include "server/env_server.hpp"
#include "tasks/task.hpp"
#include "trainer/pool/host.hpp"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Server {
  pg::NativeHost host;
  pg::TaskSet tasks = pg::TaskSet::load(PG_TASKS_DIR);
  std::unique_ptr<pg::EnvServer> server;
  Server() {
    pg::EnvServerOptions o;
    o.port = 0;
    o.token = "t0ken";
    // Small frames drawn at their size, a few KB of JPEG per reply: the target fuzzes the protocol,
    // not the rasterizer or the JSON of 100 KB observations.
    o.obs = "108x240:jpeg:50:direct";
    o.max_sessions = 4;
    server = std::make_unique<pg::EnvServer>(host, tasks, o);
  }
};

nlohmann::json check_json_object(const std::string& text, bool need_type) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) std::abort();
  if (need_type && !(j.contains("type") && j["type"].is_string())) std::abort();
  return j;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > pg::fuzz::kMaxInput) return 0;
  static Server srv;
  pg::EnvServer& s = *srv.server;
  std::string_view rest = pg::fuzz::text(data, size);
  const std::string_view head = pg::fuzz::take_line(rest);
  if (head == "ws") {
    std::vector<std::string> opened{s.open_session()};
    bool close = false;
    for (int i = 0; i < 8 && !rest.empty() && !close; ++i) {
      const std::string reply = s.handle_message(opened[0], std::string(pg::fuzz::take_line(rest)), close);
      if (close) break;
      const nlohmann::json j = check_json_object(reply, true);
      // Forked sessions outlive their connection (until the idle reaper takes them): note them,
      // to close them below so one input cannot fill the server for the next.
      if (j["type"] == "fork")
        for (const auto& id : j["data"]["sessions"]) opened.push_back(id.get<std::string>());
    }
    for (const std::string& id : opened) s.close_session(id);
    if (s.sessions() != 0) std::abort();
    return 0;
  }
  if (head.rfind("http ", 0) != 0) return 0;
  pg::cdp::HttpRequest req;
  pg::fuzz::read_request(head.substr(5), rest, req);
  const pg::cdp::HttpReply r = s.handle_http(req);
  if (r.status < 100 || r.status > 599) std::abort();
  check_json_object(r.body, false);
  if (s.sessions() != 0) std::abort();  // POST /reset and /step close their env
  return 0;
}
