#include "trainer/eval/agent.hpp"

#include <chrono>
#include <map>

namespace pg {

using json = nlohmann::json;

Action OracleEpisodeAgent::act(const AgentObservation& obs) {
  std::optional<Action> a;
  try {
    a = oracle_->next(obs.ui_tree);
  } catch (const TaskError& e) {
    // On a perturbed phone the script can lose its way (a recovery that did not work): the
    // episode is aborted with the reason and fails. On a nominal phone it is a broken template.
    if (!oracle_->perturbed()) throw;
    Action abort{ActionType::Abort};
    abort.text = std::string("oracle lost: ") + e.what();
    return abort;
  }
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

EnvPool::Options episode_pool_options(const Host& host, const Agent* agent, bool screens) {
  EnvPool::Options o;
  o.workers = 1;
  o.pixels = host.has_pixels() && (!agent || agent->needs_pixels() || screens);
  o.ui_tree = !agent || agent->needs_ui_tree();
  o.max_restarts = 8;
  return o;
}

void PoolPhone::reset(const json& state) {
  pool_.reset(id_, state);
  last_ = StepResult{};
}

json PoolPhone::step(const Action& a) {
  std::vector<StepResult> r = pool_.step({a}, {id_});
  if (!r[0].host_error.empty()) throw HostFailure("env " + std::to_string(id_) + ": " + r[0].host_error);
  json info = r[0].info;
  // A rejected action changed nothing and came back without an observation: observe again.
  last_ = info.contains("error") ? pool_.observe(id_) : std::move(r[0]);
  last_.info = info;
  return info;
}

std::optional<json> PoolPhone::state() { return pool_.state(id_); }

const StepResult& PoolPhone::observe() {
  last_ = pool_.observe(id_);
  return last_;
}

Trajectory run_episode(EnvPool& pool, int env_id, const TaskInstance& inst, Agent& agent, std::uint64_t episode_seed,
                       const EpisodeOptions& opts) {
  const auto t0 = std::chrono::steady_clock::now();
  PoolPhone phone(pool, env_id);
  TaskEnv env;
  env.reset(phone, inst, opts.episode);
  agent.begin(inst, episode_seed);
  phone.observe();
  while (!env.done()) {
    AgentObservation obs;
    obs.instance = &inst;
    obs.step = env.steps();
    obs.reply = env.user_reply();
    obs.screenshot = phone.last().obs;
    obs.ui_tree = phone.last().ui_tree;
    if (opts.save_screen) env.trajectory().screens.push_back(opts.save_screen(obs.screenshot, obs.step));
    pool.call(env_id, [&](Host& h, int slot) {
      agent.observe(h, slot);
      return 0;
    });
    Action a;
    try {
      a = agent.act(obs);
    } catch (const AgentError& e) {
      env.interrupt(e.what());
      break;
    }
    env.step(phone, a, agent.step_info());
  }
  if (env.needs_judge()) env.conclude(phone.state());
  Trajectory tr = std::move(env.trajectory());
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
