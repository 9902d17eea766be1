#include "trainer/eval/agent.hpp"

#include <chrono>
#include <map>

namespace pg {

using json = nlohmann::json;

Action OracleEpisodeAgent::act(const AgentObservation& obs) {
  std::optional<Action> a = oracle_->next(obs.ui_tree);
  if (!a) return Action{ActionType::Complete};
  return *a;
}

Action RandomAgent::act(const AgentObservation&) {
  auto r = [&](std::uint64_t n) { return static_cast<int>(splitmix64(rng_) % n); };
  Action a;
  const int k = r(100);
  if (k < 60) {
    a.type = ActionType::Click;
    a.x = r(1001);
    a.y = r(1001);
  } else if (k < 70) {
    a.type = ActionType::Swipe;
    a.x1 = a.x2 = 500;
    a.y1 = r(2) ? 700 : 300;
    a.y2 = 1000 - a.y1;
  } else if (k < 80) {
    a.type = ActionType::Back;
  } else if (k < 85) {
    a.type = ActionType::Home;
  } else if (k < 95 && !apps_.empty()) {
    a.type = ActionType::OpenApp;
    a.app = apps_[static_cast<std::size_t>(r(apps_.size()))];
  } else {
    a.type = ActionType::Complete;
  }
  return a;
}

json Trajectory::to_json() const {
  json steps_j = json::array();
  for (const auto& s : steps) {
    json j = {{"action", pg::to_json(s.action)}, {"result", s.info}};
    if (!s.agent.is_null()) j["agent"] = s.agent;
    steps_j.push_back(std::move(j));
  }
  json out = {{"task", instance.to_json()},
          {"steps", steps_j},
          {"completed", end.completed},
          {"aborted", end.aborted},
          {"out_of_budget", end.out_of_budget},
          {"judge", verdict.to_json()},
          {"reward", reward},
          {"seconds", seconds},
          {"screens", screens}};
  if (!agent_error.empty()) out["agent_error"] = agent_error;
  return out;
}

Trajectory run_episode(Host& host, int slot, const TaskInstance& inst, Agent& agent, std::uint64_t episode_seed,
                       const EpisodeOptions& opts) {
  const auto t0 = std::chrono::steady_clock::now();
  Trajectory tr;
  tr.instance = inst;
  host.reset(slot, inst.initial_state);
  agent.begin(inst, episode_seed);
  const int budget = opts.max_steps > 0 ? opts.max_steps : inst.tmpl->step_budget;
  std::string reply;
  for (int step = 0; step < budget; ++step) {
    AgentObservation obs;
    obs.instance = &inst;
    obs.step = step;
    obs.reply = reply;
    if (agent.needs_pixels() || opts.save_screen) obs.screenshot = host.screenshot(slot, false);
    if (opts.save_screen) tr.screens.push_back(opts.save_screen(obs.screenshot, step));
    if (agent.needs_ui_tree()) obs.ui_tree = host.ui_tree(slot);
    agent.observe(host, slot);
    Action a;
    try {
      a = agent.act(obs);
    } catch (const AgentError& e) {
      tr.agent_error = e.what();
      break;
    }
    StepRecord rec{a, json(), agent.step_info()};
    if (rec.agent.is_object() && rec.agent.contains("format_error")) {
      rec.info = {{"error", "invalid action: " + rec.agent["format_error"].get<std::string>()}};
      tr.steps.push_back(rec);
      continue;
    }
    try {
      rec.info = host.step(slot, a);
    } catch (const ActionError& e) {
      rec.info = {{"error", e.what()}};
    }
    // The simulated user answers `info` questions (the template's reply, or a fixed one).
    if (a.type == ActionType::Info) reply = rec.info["reply"] = inst.fill(inst.tmpl->info_reply);
    tr.steps.push_back(rec);
    if (a.type == ActionType::Complete) {
      tr.end.completed = true;
      break;
    }
    if (a.type == ActionType::Abort) {
      tr.end.aborted = true;
      break;
    }
  }
  tr.end.out_of_budget = !tr.end.completed && !tr.end.aborted;
  tr.verdict = judge(inst, inst.initial_state, host.state(slot));
  tr.reward = reward(tr.verdict, tr.end, opts.binary_reward);
  tr.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return tr;
}

json summarize(const std::vector<Trajectory>& trajs) {
  struct Acc {
    int n = 0, success = 0;
    double progress = 0, reward = 0, steps = 0;
    std::string difficulty, split;
  };
  std::map<std::string, Acc> per;
  Acc all;
  for (const auto& t : trajs) {
    for (Acc* a : {&per[t.instance.tmpl->id], &all}) {
      a->n += 1;
      a->success += t.verdict.success;
      a->progress += t.verdict.progress;
      a->reward += t.reward;
      a->steps += static_cast<double>(t.steps.size());
    }
    per[t.instance.tmpl->id].difficulty = t.instance.tmpl->difficulty();
    per[t.instance.tmpl->id].split = t.instance.tmpl->split;
  }
  auto row = [](const Acc& a) {
    double n = a.n ? a.n : 1;
    return json{{"episodes", a.n}, {"sr", a.success / n}, {"pr", a.progress / n}, {"mean_reward", a.reward / n},
                {"mean_steps", a.steps / n}};
  };
  json tasks = json::object();
  for (auto& [id, a] : per) {
    json r = row(a);
    r["difficulty"] = a.difficulty;
    r["split"] = a.split;
    tasks[id] = r;
  }
  json out = row(all);
  out["tasks"] = tasks;
  return out;
}

}  // namespace pg
