#include "tools/adb_cli.hpp"

#include "sim/os/phone.hpp"
#include "tasks/task.hpp"
#include "tools/paths.hpp"
#include "trainer/adb/adbd.hpp"
#include "trainer/adb/client.hpp"
#include "trainer/adb/device.hpp"
#include "trainer/adb/replay.hpp"
#include "trainer/algo/train.hpp"

#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <thread>

namespace pg {

using json = nlohmann::json;

namespace {

struct ReplayArgs {
  std::string serial, checkpoint, policy, instruction, out, task, packages;
  std::vector<std::string> spans;
  std::uint64_t seed = 0;
  int max_steps = 20, settle_ms = -1, adb_port = 0, timeout_s = 30;
  bool dry_run = false, native = false, print_packages = false;
};

struct AdbdArgs {
  int port = 5555;
  std::string bind = "127.0.0.1", task, state_out;
  std::uint64_t seed = 0;
  bool quiet = false;
};

CLI::App* g_replay = nullptr;
CLI::App* g_adbd = nullptr;
CLI::App* g_devices = nullptr;
ReplayArgs g_ra;
AdbdArgs g_da;
int g_devices_port = 0;

std::string short_action(const Action& a) { return to_json(a).dump(); }

int cmd_replay(ReplayArgs a) {
  if (a.print_packages) {
    const adb::PackageTable t = a.packages.empty() ? adb::PackageTable::defaults() : adb::PackageTable::load(a.packages);
    std::cout << t.to_json().dump(2) << "\n";
    return 0;
  }
  // The policy.
  std::string policy = a.policy;
  if (!a.checkpoint.empty()) {
    if (!policy.empty()) throw std::invalid_argument("replay: give --checkpoint or --policy, not both");
    policy = "checkpoint:" + a.checkpoint;
  }
  if (policy.empty()) throw std::invalid_argument("replay: give --checkpoint PATH or --policy (checkpoint:PATH, oracle:TASK#SEED, actions:FILE)");
  if (policy.rfind("oracle:", 0) == 0) {  // oracle:<task>#<seed>
    std::string spec = policy.substr(7);
    const auto hash = spec.find('#');
    if (hash != std::string::npos) a.seed = std::stoull(spec.substr(hash + 1)), spec = spec.substr(0, hash);
    if (!a.task.empty() && a.task != spec) throw std::invalid_argument("replay: --task " + a.task + " and --policy " + policy + " disagree");
    a.task = spec;
  }
  if (a.out.empty()) throw std::invalid_argument("replay: --out DIR is required");
  if (a.serial.empty() == !a.native) throw std::invalid_argument("replay: give --serial SERIAL (a device) or --native (the simulator in-process)");
  // The episode: a task instance, or a free-form instruction (with --span strings to type).
  TaskSet tasks;
  TaskInstance inst;
  if (!a.task.empty()) {
    tasks = TaskSet::load(find_tasks_dir());
    inst = sample_instance(tasks.get(a.task), a.seed, Phone::default_state());
  }
  if (!a.instruction.empty()) inst.instruction = a.instruction;
  if (inst.instruction.empty()) throw std::invalid_argument("replay: --instruction \"...\" is required without --task");
  for (std::size_t i = 0; i < a.spans.size(); ++i) inst.params["span" + std::to_string(i)] = a.spans[i];
  std::unique_ptr<Agent> agent;
  if (policy.rfind("checkpoint:", 0) == 0) agent = make_checkpoint_agent(policy.substr(11));
  else if (policy.rfind("oracle:", 0) == 0) agent = std::make_unique<OracleEpisodeAgent>();
  else if (policy.rfind("actions:", 0) == 0) agent = std::make_unique<adb::ScriptedAgent>(adb::ScriptedAgent::load(policy.substr(8)));
  else throw std::invalid_argument("replay: --policy \"" + policy + "\": use checkpoint:PATH, oracle:TASK#SEED or actions:FILE");
  // The device.
  std::unique_ptr<adb::Device> device;
  if (a.native) {
    device = std::make_unique<adb::SimDevice>(inst.tmpl ? inst.initial_state : json(nullptr), inst.tmpl ? &inst : nullptr);
  } else {
    const adb::PackageTable table = a.packages.empty() ? adb::PackageTable::defaults() : adb::PackageTable::load(a.packages);
    device = std::make_unique<adb::AdbDevice>(adb::AdbClient(a.adb_port, std::chrono::seconds(a.timeout_s)), a.serial,
                                              table, a.dry_run);
  }
  const adb::ScreenSize sz = device->screen();
  std::printf("phonegym replay: %s on %s (%dx%d, %d dpi%s)%s\ninstruction: %s\n", policy.c_str(), device->name().c_str(),
              sz.width, sz.height, sz.density_dpi, device->simulated() ? ", simulated" : "",
              a.dry_run ? " -- DRY RUN: nothing is sent" : "", inst.instruction.c_str());
  std::fflush(stdout);
  adb::ReplayOptions ro;
  ro.max_steps = a.max_steps;
  ro.out_dir = a.out;
  ro.policy = policy;
  ro.settle_ms = a.settle_ms >= 0 ? a.settle_ms : 1000;
  ro.on_step = [](const json& s) {
    std::printf("step %2d  %-48s %s%s\n", s.value("step", 0), s.contains("action") ? s["action"].dump().c_str() : "-",
                s.value("command", "").empty() ? "" : ("$ " + s.value("command", "").substr(0, 80)).c_str(),
                s.contains("error") ? ("  ERROR " + s["error"].get<std::string>()).c_str() : "");
    std::fflush(stdout);
  };
  const json t = adb::replay(*device, *agent, inst, ro);
  std::printf("end: %s after %zu steps (%.1f s)\n", t["end"].get<std::string>().c_str(), t["steps"].size(),
              t.value("seconds", 0.0));
  if (t.contains("judge"))
    std::printf("judge: %s (progress %.2f)\n", t["judge"].value("success", false) ? "success" : "failure",
                t["judge"].value("progress", 0.0));
  std::printf("trajectory: %s/trajectory.json, report: %s/report.html\n", a.out.c_str(), a.out.c_str());
  if (t["end"] == "device_lost") {
    std::fprintf(stderr, "phonegym: error: %s (partial trajectory saved to %s/trajectory.json)\n",
                 t["error"].get<std::string>().c_str(), a.out.c_str());
    return 1;
  }
  if (t["end"] == "error") {
    std::fprintf(stderr, "phonegym: error: %s\n", t["error"].get<std::string>().c_str());
    return 1;
  }
  return 0;
}

int cmd_adbd(const AdbdArgs& a) {
  adb::SimDeviceOptions so;
  so.task = a.task;
  so.seed = a.seed;
  so.state_out = a.state_out;
  if (!a.task.empty()) so.tasks_dir = find_tasks_dir();
  else {
    try {
      so.tasks_dir = find_tasks_dir();  // for `phonegym reset --task` later
    } catch (const std::exception&) {
    }
  }
  adb::SimShell shell(so);
  if (!a.quiet)
    shell.on_action = [](const Action& act, const json& r) {
      std::printf("  -> %s%s\n", short_action(act).c_str(),
                  r.contains("error") ? ("  ERROR " + r["error"].get<std::string>()).c_str() : "");
      std::fflush(stdout);
    };
  adb::AdbdOptions o;
  o.bind = a.bind;
  o.port = a.port;
  if (!a.quiet)
    o.log = [](const std::string& s) {
      std::printf("%s\n", s.c_str());
      std::fflush(stdout);
    };
  adb::AdbdServer server(shell, o);
  // SIGINT/SIGTERM: print the judge's verdict on the way out.
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  std::thread([set, &shell] {
    int sig = 0;
    sigwait(&set, &sig);
    if (shell.instance()) {
      try {
        std::printf("judge: %s\n", shell.verdict().dump().c_str());
      } catch (const std::exception& e) {
        std::printf("judge: error: %s\n", e.what());
      }
    }
    std::printf("phonegym adbd: stopped\n");
    std::fflush(stdout);
    std::_Exit(0);
  }).detach();
  std::printf("phonegym adbd: a simulated phone (%s) on %s:%d\nconnect with: adb connect %s:%d\n",
              a.task.empty() ? "default state" : (a.task + " seed " + std::to_string(a.seed)).c_str(), a.bind.c_str(),
              server.port(), a.bind.c_str(), server.port());
  if (shell.instance()) std::printf("task: %s\n", shell.instance()->instruction.c_str());
  std::fflush(stdout);
  server.run();
  return 0;
}

}  // namespace

void add_adb_commands(CLI::App& app) {
  ReplayArgs& r = g_ra;
  auto* rp = app.add_subcommand("replay", "run a policy on a real device (or phonegym adbd) over ADB, saving the trajectory");
  rp->add_option("--serial", r.serial, "device serial as `adb devices` lists it (e.g. 127.0.0.1:5555)");
  rp->add_flag("--native", r.native, "run on the simulator in-process instead (the reference run)");
  rp->add_option("--checkpoint", r.checkpoint, "a trained policy (checkpoint.pt from `phonegym train`)");
  rp->add_option("--policy", r.policy, "checkpoint:PATH, oracle:TASK#SEED (reads uiautomator dumps) or actions:FILE (JSON array)");
  rp->add_option("--instruction", r.instruction, "the task instruction (default: --task's)");
  rp->add_option("--task", r.task, "template id: instruction and parameters of an instance");
  rp->add_option("--seed", r.seed, "instance seed (with --task)")->capture_default_str();
  rp->add_option("--span", r.spans, "a string the policy may type (repeatable; added to the task's parameters)");
  rp->add_option("--max-steps", r.max_steps, "step cap")->capture_default_str()->check(CLI::PositiveNumber);
  rp->add_option("--out", r.out, "output directory: trajectory.json, report.html, screens/");
  rp->add_flag("--dry-run", r.dry_run, "observe the device and show the actions without sending them");
  rp->add_option("--packages", r.packages, "package table JSON (app id -> package or [packages]) over the defaults");
  rp->add_flag("--print-packages", r.print_packages, "print the package table and exit");
  rp->add_option("--settle-ms", r.settle_ms, "wait after each action on a real device (default 1000)");
  rp->add_option("--adb-port", r.adb_port, "adb server port (default $ANDROID_ADB_SERVER_PORT or 5037)");
  rp->add_option("--timeout", r.timeout_s, "seconds before a device that does not answer counts as lost")->capture_default_str();
  g_replay = rp;

  AdbdArgs& d = g_da;
  auto* ad = app.add_subcommand("adbd", "serve a simulated phone over the ADB device protocol (adb connect 127.0.0.1:PORT)");
  ad->add_option("--port", d.port, "TCP port (0: any free one)")->capture_default_str();
  ad->add_option("--bind", d.bind, "listen address: loopback only (no ADB authentication; forward the port to reach it)")->capture_default_str();
  ad->add_option("--task", d.task, "start from this template's instance (`adb shell phonegym judge` then judges it)");
  ad->add_option("--seed", d.seed, "instance seed")->capture_default_str();
  ad->add_option("--state-out", d.state_out, "write the full state JSON here after every command");
  ad->add_flag("--quiet", d.quiet, "no log of services and actions");
  g_adbd = ad;

  auto* dv = app.add_subcommand("devices", "list the devices the adb server sees (host:devices-l)");
  dv->add_option("--adb-port", g_devices_port, "adb server port (default $ANDROID_ADB_SERVER_PORT or 5037)");
  g_devices = dv;
}

std::optional<int> run_adb_commands() {
  if (g_replay && *g_replay) return cmd_replay(g_ra);
  if (g_adbd && *g_adbd) return cmd_adbd(g_da);
  if (g_devices && *g_devices) {
    adb::AdbClient c(g_devices_port, std::chrono::seconds(10));
    const auto devs = c.devices();
    for (const auto& e : devs) {
      std::printf("%-24s %-12s", e.serial.c_str(), e.state.c_str());
      for (const auto& [k, v] : e.props) std::printf(" %s:%s", k.c_str(), v.c_str());
      std::printf("\n");
    }
    if (devs.empty()) std::printf("no devices (plug in a phone with USB debugging, or `adb connect HOST:PORT`)\n");
    return 0;
  }
  return std::nullopt;
}

}  // namespace pg
