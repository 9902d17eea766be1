#include "trainer/adb/replay.hpp"
#include "trainer/io.hpp"
#include "sim/render/codec.hpp"
#include "sim/util/encoding.hpp"
#include "sim/util/hash.hpp"

#include "tasks/task_env.hpp"
#include "trainer/eval/report.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace pg::adb {

using json = nlohmann::json;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }


}  // namespace

std::vector<Action> ScriptedAgent::load(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw ActionError("actions file " + path + ": cannot open");
  std::stringstream ss;
  ss << f.rdbuf();
  const json j = json::parse(ss.str(), nullptr, false);
  if (j.is_discarded() || !j.is_array()) throw ActionError("actions file " + path + ": expected a JSON array of actions");
  std::vector<Action> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    try {
      out.push_back(parse_action(j[i]));
    } catch (const ActionError& e) {
      throw ActionError("actions file " + path + ": [" + std::to_string(i) + "]: " + e.what());
    }
  }
  return out;
}

std::string image_hash(const Image& img) { return hex16(fnv1a64_bytes(img.data.data(), img.data.size())); }

json replay(Device& device, Agent& agent, const TaskInstance& instance, const ReplayOptions& opts) {
  const auto t_start = Clock::now();
  fs::create_directories(fs::path(opts.out_dir) / "screens");
  json traj{{"device", device.name()},
            {"policy", opts.policy},
            {"instruction", instance.instruction},
            {"screen", {{"width", device.screen().width}, {"height", device.screen().height},
                        {"density_dpi", device.screen().density_dpi}}},
            {"steps", json::array()},
            {"end", "max_steps"}};
  if (instance.tmpl) traj["task"] = instance.to_json();
  const std::string traj_path = (fs::path(opts.out_dir) / "trajectory.json").string();
  auto save = [&] {
    traj["seconds"] = ms_since(t_start) / 1000.0;
    write_file_atomic(traj_path, traj.dump(2) + "\n");
  };
  agent.begin(instance, opts.seed);
  // The episode env decides the end (complete, abort, the step budget); a device has no judge.
  TaskEnv env;
  EpisodeConfig ec;
  ec.step_budget = std::max(1, opts.max_steps);
  env.begin(instance, ec);
  while (!env.done()) {
    const int step = env.steps();
    json rec{{"step", step}};
    bool stop = false;
    try {
      auto t = Clock::now();
      AgentObservation obs;
      obs.instance = &instance;
      obs.step = step;
      obs.reply = env.user_reply();
      obs.screenshot = device.observation();
      char name[32];
      std::snprintf(name, sizeof name, "screens/s%03d.png", step);
      write_png((fs::path(opts.out_dir) / name).string(), obs.screenshot);
      rec["screen"] = name;
      rec["obs_fnv1a"] = image_hash(obs.screenshot);
      if (agent.needs_ui_tree()) obs.ui_tree = parse_ui_xml(device.ui_xml(), device.screen().width, device.screen().height);
      const double observe_ms = ms_since(t);
      t = Clock::now();
      Action a;
      try {
        a = agent.act(obs);
      } catch (const std::exception& e) {  // e.g. the oracle finds no widget it needs
        rec["error"] = std::string("policy: ") + e.what();
        traj["end"] = "error";
        traj["error"] = rec["error"];
        traj["steps"].push_back(rec);
        break;
      }
      const double act_ms = ms_since(t);
      rec["action"] = to_json(a);
      t = Clock::now();
      json reply;
      if (std::optional<Action> send = env.submit(a, agent.step_info())) {
        try {
          json r = device.step(*send);
          rec["command"] = r.value("command", "");
          r.erase("command");
          rec["result"] = reply = r;
        } catch (const DeviceGone&) {
          env.interrupt("device lost");
          throw;
        } catch (const ActionError& e) {
          rec["error"] = e.what();
          reply = {{"error", e.what()}};
        } catch (const TextError& e) {
          rec["error"] = e.what();
          reply = {{"error", e.what()}};
        }
      }
      const StepOutcome out = env.record(std::move(reply));
      if (out.info["result"].contains("error") && !rec.contains("error")) rec["error"] = out.info["result"]["error"];
      if (!device.simulated() && opts.settle_ms > 0 && !TaskEnv::ends_episode(a.type))
        std::this_thread::sleep_for(std::chrono::milliseconds(opts.settle_ms));
      rec["ms"] = {{"observe", observe_ms}, {"act", act_ms}, {"send", ms_since(t)}};
      if (out.terminated) traj["end"] = a.type == ActionType::Complete ? "complete" : "abort";
      stop = out.done();
    } catch (const AdbError& e) {  // DeviceGone, or a device that stopped answering
      rec["error"] = e.what();
      traj["end"] = "device_lost";
      traj["error"] = e.what();
      traj["steps"].push_back(rec);
      break;
    }
    traj["steps"].push_back(rec);
    save();
    if (opts.on_step) opts.on_step(rec);
    if (stop) break;
  }
  if (traj["end"] != "device_lost") {
    try {
      json v = device.judge();
      if (!v.is_null()) traj["judge"] = v;
    } catch (const AdbError& e) {
      traj["end"] = "device_lost";
      traj["error"] = e.what();
    }
  }
  save();
  write_replay_report((fs::path(opts.out_dir) / "report.html").string(), traj);
  return traj;
}

void write_replay_report(const std::string& path, const json& t) {
  std::ostringstream h;
  h << "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>PhoneGym replay</title><style>"
       "body{font:14px Roboto,Arial,sans-serif;margin:24px;color:#1c1b1f}.ok{color:#188038}.bad{color:#b3261e}"
       ".steps{display:flex;flex-wrap:wrap;gap:12px}.step{width:200px;font-size:12px;word-break:break-all}"
       ".shot{position:relative;width:200px;height:444px}.shot img{width:100%;height:100%;border:1px solid #ccc}"
       ".shot svg{position:absolute;left:0;top:0;width:100%;height:100%}code{font-size:11px;color:#444}"
       ".tap{fill:rgba(232,113,10,.35);stroke:#e8710a;stroke-width:5}.swipe{stroke:#e8710a;stroke-width:10}"
       ".lbl{fill:#fff;stroke:#000;stroke-width:3;paint-order:stroke;font:bold 44px sans-serif}</style></head><body>";
  h << "<h1>PhoneGym replay</h1><p>device <b>" << html_escape(t.value("device", "")) << "</b> (" << t["screen"].value("width", 0)
    << "x" << t["screen"].value("height", 0) << ", " << t["screen"].value("density_dpi", 0) << " dpi), policy <b>"
    << html_escape(t.value("policy", "")) << "</b></p><p>instruction: <b>" << html_escape(t.value("instruction", ""))
    << "</b></p>";
  const std::string end = t.value("end", "");
  h << "<p>end: <b class='" << (end == "complete" ? "ok" : "bad") << "'>" << html_escape(end) << "</b> after "
    << t["steps"].size() << " steps, " << std::fixed;
  h.precision(1);
  h << t.value("seconds", 0.0) << " s";
  if (t.contains("error")) h << " &mdash; <span class='bad'>" << html_escape(t["error"].get<std::string>()) << "</span>";
  h << "</p>";
  if (t.contains("judge")) {
    const json& j = t["judge"];
    const bool ok = j.value("success", false);
    h << "<p>judge: <b class='" << (ok ? "ok'>success" : "bad'>failure") << "</b>, progress " << j.value("progress", 0.0)
      << "</p>";
  }
  h << "<div class='steps'>";
  for (const json& s : t["steps"]) {
    h << "<div class='step'><div class='shot'>";
    if (s.contains("screen")) h << "<img src='" << html_escape(s["screen"].get<std::string>()) << "'>";
    if (s.contains("action")) h << action_svg(parse_action(s["action"]));
    h << "</div><b>" << s.value("step", 0) << "</b> ";
    if (s.contains("action")) h << html_escape(s["action"].dump());
    if (s.contains("command") && !s["command"].get<std::string>().empty())
      h << "<br><code>$ " << html_escape(s["command"].get<std::string>()) << "</code>";
    if (s.contains("ms"))
      h << "<br>observe " << s["ms"].value("observe", 0.0) << " ms, act " << s["ms"].value("act", 0.0) << " ms, send "
        << s["ms"].value("send", 0.0) << " ms";
    if (s.contains("error")) h << "<br><span class='bad'>" << html_escape(s["error"].get<std::string>()) << "</span>";
    h << "</div>";
  }
  h << "</div></body></html>\n";
  write_file_atomic(path, h.str());
}

}  // namespace pg::adb
