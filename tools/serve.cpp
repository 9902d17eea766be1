// `phonegym serve`: the browser authoring studio (tools/studio_server.hpp, web/studio.html).
#include "tools/serve.hpp"

#include "tools/paths.hpp"
#include "tools/studio_server.hpp"
#include "server/env_server.hpp"
#include "tasks/task.hpp"
#include "trainer/pool/host.hpp"

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace pg {

namespace {

// Blocks SIGINT and SIGTERM here before a server's threads start (they inherit the mask), so the
// caller can sigwait() on the returned set.
sigset_t block_stop_signals() {
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, nullptr);
  return stop;
}

// Says how to stop, waits for SIGINT or SIGTERM (blocked earlier by block_stop_signals), and
// says `what` stopped.
void wait_for_stop(const sigset_t& stop, const char* what) {
  std::printf("  Ctrl-C stops the server\n");
  std::fflush(stdout);
  int sig = 0;
  sigwait(&stop, &sig);
  std::printf("%s stopped\n", what);
}

// Runs `f` as a subcommand's callback: errors are printed and become exit code 1.
template <class F>
void run_reporting(F&& f) {
  try {
    const int rc = f();
    if (rc != 0) throw CLI::RuntimeError(rc);
  } catch (const CLI::Error&) {
    throw;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "phonegym: error: %s\n", e.what());
    throw CLI::RuntimeError(1);
  }
}

struct ServeArgs {
  studio::ServeOptions opts;
};

int run_serve(studio::ServeOptions opts) {
  if (opts.web_root.empty()) opts.web_root = find_web_root();
  if (opts.tasks_dir.empty()) opts.tasks_dir = find_tasks_dir();
  opts.tasks_dir = std::filesystem::weakly_canonical(opts.tasks_dir).string();
  const bool exposed = !studio::is_loopback(opts.host);
  if (exposed) opts.token = studio::make_token();
  const sigset_t stop = block_stop_signals();
  const auto server = studio::start_studio(opts);
  const std::string page = server->base_url() + "/studio.html";
  std::printf("PhoneGym studio: %s%s\n", page.c_str(), exposed ? ("#token=" + opts.token).c_str() : "");
  std::printf("  web root   %s\n  templates  %s (the studio saves templates here, nowhere else)\n",
              opts.web_root.c_str(), opts.tasks_dir.c_str());
  if (exposed)
    std::printf("  exposed on %s: saving needs the token %s (in the link above, or the studio asks for it)\n",
                opts.host.c_str(), opts.token.c_str());
  wait_for_stop(stop, "studio");
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
  serve->callback([args] { run_reporting([&] { return run_serve(args->opts); }); });
}

void add_serve_env_command(CLI::App& app) {
  struct Args {
    EnvServerOptions opts;
    HostOptions host;
  };
  auto a = std::make_shared<Args>();
  a->host.kind = "chromium";
  auto* cmd = app.add_subcommand("serve-env",
                                 "the environment server: PhoneGym over the OpenEnv protocol (WebSocket /ws, HTTP "
                                 "/reset /step /state /health /metadata /schema) for any RL stack (docs/env-server.md)");
  cmd->add_option("--port", a->opts.port, "TCP port (0: any free port)")->capture_default_str();
  cmd->add_option("--address", a->opts.address, "address to bind; anything but loopback needs --token")->capture_default_str();
  cmd->add_option("--token", a->opts.token, "required on every request (Authorization: Bearer TOKEN, or ?token=)");
  cmd->add_option("--host", a->host.kind, "chromium, native, or remote:URL[,URL...]")->capture_default_str();
  cmd->add_option("--tabs", a->host.tabs, "Chromium tabs")->capture_default_str()->check(CLI::Range(1, 256));
  cmd->add_option("--max-sessions", a->opts.max_sessions, "sessions at once")->capture_default_str()->check(CLI::Range(1, 100000));
  cmd->add_option("--idle-timeout", a->opts.idle_timeout_s, "seconds before an idle session is closed")->capture_default_str()->check(CLI::Range(1, 86400));
  cmd->add_option("--perturb", a->opts.perturb,
                  "domain randomization for resets that name none: perturbation specs separated by ';', one drawn per "
                  "episode (nominal, popup, heads_up, keyboard, drop, delay, repeat, spinner, mixed, kind=rate pairs)")
      ->capture_default_str();
  cmd->add_option("--obs", a->opts.obs, "default observation: WxH[:png|jpeg[:Q]|raw][:xml] (sessions may ask for another)")->capture_default_str();
  cmd->add_option("--threads", a->opts.threads, "threads running sessions' messages")->capture_default_str()->check(CLI::Range(1, 512));
  cmd->add_option("--message-limit", a->opts.message_limit, "bytes per message")->capture_default_str();
  cmd->add_option("--max-connections", a->opts.max_connections,
                  "open sockets at once (WebSocket and HTTP; at least --max-sessions + 16); more get 503")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  cmd->callback([a] {
    run_reporting([&] {
      HostOptions ho = a->host;
      host_options_from_env(ho);
      if (ho.kind != "native") ho.web_root = find_web_root();
      const TaskSet tasks = TaskSet::load(find_tasks_dir());
      const sigset_t stop = block_stop_signals();
      std::unique_ptr<Host> host = make_host(ho);
      EnvServerOptions o = a->opts;
      if (o.pool_workers < ho.tabs) o.pool_workers = ho.tabs;
      EnvServer server(*host, tasks, o);
      std::printf("PhoneGym environment server: %s (WebSocket %s/ws)\n", server.url().c_str(),
                  ("ws" + server.url().substr(4)).c_str());
      std::printf("  host %s, %zu templates, at most %d sessions, idle sessions closed after %d s\n", host->name().c_str(),
                  tasks.templates().size(), o.max_sessions, o.idle_timeout_s);
      wait_for_stop(stop, "environment server");
      return 0;
    });
  });
}

}  // namespace pg
