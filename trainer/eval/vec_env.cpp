#include "trainer/eval/vec_env.hpp"

#include "sim/os/phone.hpp"

#include <map>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

VecEnv::VecEnv(EnvPool& pool, const TaskSet& tasks, VecEnvOptions opts)
    : pool_(pool), opts_(std::move(opts)), defaults_(Phone::default_state()) {
  if (opts_.num_envs < 1) throw std::invalid_argument("VecEnv: num_envs must be >= 1 (got " + std::to_string(opts_.num_envs) + ")");
  if (!opts_.tasks.empty()) {
    for (const std::string& id : opts_.tasks) {
      try {
        templates_.push_back(&tasks.get(id));
      } catch (const TaskError&) {
        throw std::invalid_argument("VecEnv: unknown task \"" + id + "\"");
      }
    }
  } else {
    try {
      templates_ = tasks.split(opts_.split);
    } catch (const TaskError& e) {
      throw std::invalid_argument(std::string("VecEnv: ") + e.what());
    }
  }
  if (templates_.empty()) throw std::invalid_argument("VecEnv: no templates to draw from");
  perturb_ = PerturbationMix(opts_.perturb);  // throws std::invalid_argument naming a bad spec
  for (int i = 0; i < opts_.num_envs; ++i) {
    Slot s;
    s.id = pool_.add(nullptr);
    envs_.push_back(std::move(s));
  }
}

VecEnv::~VecEnv() {
  for (const Slot& s : envs_) pool_.remove(s.id);
}

void VecEnv::begin(std::size_t i) {
  Slot& s = envs_[i];
  // Instance j of env i: a keyed draw, independent of the order envs finish in.
  std::uint64_t r = opts_.seed ^ (0x9E3779B97F4A7C15ULL * (i + 1)) ^ (0xC2B2AE3D27D4EB4FULL * (s.episodes + 1));
  const TaskTemplate& t = *templates_[splitmix64(r) % templates_.size()];
  TaskInstance inst = sample_instance(t, splitmix64(r) % 1000000007ULL, defaults_);
  if (!perturb_.nominal())
    inst.initial_state = perturb_.apply(std::move(inst.initial_state), splitmix64(r));
  ++s.episodes;
  pool_.reset(s.id, inst.initial_state);
  EpisodeConfig cfg;
  cfg.step_budget = opts_.step_budget;
  s.env.begin(inst, cfg);
  s.needs_reset = false;
}

json VecEnv::info_of(const Slot& s) const {
  const TaskInstance& inst = s.env.instance();
  return {{"task", inst.tmpl ? inst.tmpl->id : ""},
          {"seed", inst.seed},
          {"instruction", inst.instruction},
          {"step", s.env.steps()},
          {"step_budget", s.env.budget()}};
}

VecStep VecEnv::reset(std::optional<std::uint64_t> seed) {
  if (seed) opts_.seed = *seed;
  std::vector<int> ids;
  for (std::size_t i = 0; i < envs_.size(); ++i) {
    envs_[i].episodes = 0;
    begin(i);
    ids.push_back(envs_[i].id);
  }
  std::vector<StepResult> obs = pool_.observe(ids);
  VecStep out;
  for (std::size_t i = 0; i < envs_.size(); ++i) {
    out.obs.push_back(std::move(obs[i].obs));
    out.reward.push_back(0);
    out.terminated.push_back(0);
    out.truncated.push_back(0);
    out.info.push_back(info_of(envs_[i]));
  }
  return out;
}

VecStep VecEnv::step(const std::vector<Action>& actions) {
  if (actions.size() != envs_.size())
    throw std::invalid_argument("VecEnv::step: " + std::to_string(actions.size()) + " actions for " + std::to_string(envs_.size()) + " envs");
  const std::size_t n = envs_.size();
  VecStep out;
  out.obs.resize(n);
  out.reward.assign(n, 0);
  out.terminated.assign(n, 0);
  out.truncated.assign(n, 0);
  out.info.assign(n, json::object());
  std::vector<Action> send;
  std::vector<int> send_ids;
  std::vector<std::size_t> send_env, look;  // stepped envs; envs observed without a step
  std::vector<bool> autoreset(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    Slot& s = envs_[i];
    if (s.needs_reset) {
      begin(i);
      autoreset[i] = true;
      look.push_back(i);
      continue;
    }
    if (std::optional<Action> a = s.env.submit(actions[i])) {
      send.push_back(*a);
      send_ids.push_back(s.id);
      send_env.push_back(i);
    } else {
      s.env.record(nullptr);
      look.push_back(i);
    }
  }
  std::vector<StepResult> res = send.empty() ? std::vector<StepResult>{} : pool_.step(send, send_ids);
  for (std::size_t k = 0; k < res.size(); ++k) {
    const std::size_t i = send_env[k];
    if (!res[k].host_error.empty()) throw std::runtime_error("VecEnv: the host failed for good: " + res[k].host_error);
    const bool rejected = res[k].info.contains("error");
    StepOutcome o = envs_[i].env.record(res[k].info);
    if (rejected) look.push_back(i);  // a rejected action brings no observation back
    else out.obs[i] = std::move(res[k].obs);
    out.info[i] = o.info;
  }
  if (!look.empty()) {
    std::vector<int> ids;
    for (std::size_t i : look) ids.push_back(envs_[i].id);
    std::vector<StepResult> obs = pool_.observe(ids);
    for (std::size_t k = 0; k < look.size(); ++k) out.obs[look[k]] = std::move(obs[k].obs);
  }
  for (std::size_t i = 0; i < n; ++i) {
    Slot& s = envs_[i];
    json info = info_of(s);
    if (autoreset[i]) {
      info["autoreset"] = true;
    } else if (s.env.needs_judge()) {
      StepOutcome o = s.env.conclude(pool_.state(s.id));
      out.reward[i] = static_cast<float>(o.reward);
      out.terminated[i] = o.terminated;
      out.truncated[i] = o.truncated;
      out.info[i] = o.info;
      s.needs_reset = true;
    }
    // The step's outcome (result, reply, verdict, success), then the episode's fields: "step" is
    // the number of steps taken (the outcome's own "step" is the step's 0-based index).
    json merged = out.info[i];
    for (auto it = info.begin(); it != info.end(); ++it) merged[it.key()] = it.value();
    out.info[i] = std::move(merged);
  }
  return out;
}

std::vector<int> VecEnv::fork(const std::vector<int>& env_ids, int k) {
  if (k < 1) throw std::invalid_argument("VecEnv::fork: k must be >= 1");
  std::vector<int> made;
  for (int e : env_ids) {
    if (e < 0 || e >= size()) throw std::invalid_argument("VecEnv::fork: no env " + std::to_string(e));
    const std::vector<int> ids = pool_.fork(envs_[static_cast<std::size_t>(e)].id, k);
    for (int id : ids) {
      Slot s = envs_[static_cast<std::size_t>(e)];
      s.id = id;
      envs_.push_back(std::move(s));
      made.push_back(size() - 1);
    }
  }
  return made;
}

}  // namespace pg
