// `phonegym serve`: the browser authoring studio (tools/studio_server.hpp, web/studio.html).
#include "tools/serve.hpp"

#include "tools/paths.hpp"
#include "tools/studio_server.hpp"

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace pg {

namespace {

struct ServeArgs {
  studio::ServeOptions opts;
};

int run_serve(studio::ServeOptions opts) {
  if (opts.web_root.empty()) opts.web_root = find_web_root();
  if (opts.tasks_dir.empty()) opts.tasks_dir = find_tasks_dir();
  opts.tasks_dir = std::filesystem::weakly_canonical(opts.tasks_dir).string();
  const bool exposed = !studio::is_loopback(opts.host);
  if (exposed) opts.token = studio::make_token();
  // Block the stop signals before the server thread starts (it inherits the mask); sigwait below.
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, nullptr);
  const auto server = studio::start_studio(opts);
  const std::string page = server->base_url() + "/studio.html";
  std::printf("PhoneGym studio: %s%s\n", page.c_str(), exposed ? ("#token=" + opts.token).c_str() : "");
  std::printf("  web root   %s\n  templates  %s (the studio saves templates here, nowhere else)\n",
              opts.web_root.c_str(), opts.tasks_dir.c_str());
  if (exposed)
    std::printf("  exposed on %s: saving needs the token %s (in the link above, or the studio asks for it)\n",
                opts.host.c_str(), opts.token.c_str());
  std::printf("  Ctrl-C stops the server\n");
  std::fflush(stdout);
  int sig = 0;
  sigwait(&stop, &sig);
  std::printf("studio stopped\n");
  return 0;
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto args = std::make_shared<ServeArgs>();
  auto* serve = app.add_subcommand("serve", "the browser authoring studio: use the phone, edit state, write and test tasks");
  serve->add_option("--port", args->opts.port, "TCP port (0: any free port)")->capture_default_str();
  serve->add_option("--host", args->opts.host,
                    "address to bind; anything but loopback exposes the studio and makes saving need a printed token")
      ->capture_default_str();
  serve->add_option("--web-root", args->opts.web_root, "static files to serve (default: the built web/ directory)");
  serve->add_option("--tasks", args->opts.tasks_dir, "template directory to list and save into (default: tasks/templates)");
  serve->callback([args] {
    try {
      const int rc = run_serve(args->opts);
      if (rc != 0) throw CLI::RuntimeError(rc);
    } catch (const CLI::Error&) {
      throw;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "phonegym: error: %s\n", e.what());
      throw CLI::RuntimeError(1);
    }
  });
}

}  // namespace pg
