// Fuzz target: HTTP requests to the studio (tools/studio_server.hpp handle(), the function the
// server runs for every request after Beast parsed it): static files under the web root, the
// template API, writes with and without the token, hostile Host and Origin headers, traversal in
// any encoding. Input: a request line "METHOD TARGET", header lines "name: value", an empty line,
// the body. Every request gets a reply with a real status (never an exception), and no reply
// carries the canary file that sits beside the web root.
#include "fuzz.hpp"
#include "tools/studio_server.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

struct Sandbox {
  fs::path root, web, tasks, secret;
  Sandbox() {
    root = fs::temp_directory_path() / ("pg_fuzz_studio_" + std::to_string(::getpid()));
    web = root / "web", tasks = root / "tasks";
    fs::create_directories(web);
    fs::create_directories(tasks / "clock");
    std::ofstream(web / "studio.html") << "<html>studio</html>";
    std::ofstream(tasks / "clock" / "alarm.json") << R"({"id": "clock.alarm"})";
    secret = root / "secret.txt";
    std::ofstream(secret) << "CANARY-7f3c";
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > pg::fuzz::kMaxInput) return 0;
  static const Sandbox box;
  std::string_view rest = pg::fuzz::text(data, size);
  const std::string_view line = pg::fuzz::take_line(rest);
  pg::studio::Request req;
  pg::fuzz::read_request(line, rest, req);
  pg::studio::ServeOptions opts;
  opts.web_root = box.web.string();
  opts.tasks_dir = box.tasks.string();
  opts.token = (size && (data[0] & 1)) ? "t0ken" : "";
  const pg::studio::Reply r = pg::studio::handle(opts, true, req);  // must not throw
  // A file outside the root was served (unless the request itself carried the text: error
  // replies name the path they refused).
  if (r.body.find("CANARY-7f3c") != std::string::npos && pg::fuzz::text(data, size).find("CANARY-7f3c") == std::string_view::npos)
    std::abort();
  if (r.status < 100 || r.status > 599) std::abort();
  return 0;
}
