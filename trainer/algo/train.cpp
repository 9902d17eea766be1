#include "trainer/algo/train.hpp"

#include "sim/os/phone.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"
#include "trainer/algo/grpo.hpp"
#include "trainer/policy/policy.hpp"

#include <torch/torch.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <set>

namespace pg {

using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

/// The strings the type head may copy: the instance's parameter values, in slot order.
std::vector<std::string> spans_of(const TaskInstance& inst, int max_spans) {
  std::vector<std::string> s;
  for (const auto& [k, v] : inst.params)
    if (static_cast<int>(s.size()) < max_spans) s.push_back(v);
  return s;
}

std::vector<std::string> installed_apps() {
  json d = Phone::default_state()["apps"];
  std::vector<std::string> ids;
  for (auto it = d.begin(); it != d.end(); ++it) ids.push_back(it.key());
  return ids;
}

class CheckpointAgent : public Agent {
 public:
  explicit CheckpointAgent(const std::string& path) {
    auto [p, c] = load_policy(path);
    policy_ = p;
    config_ = c;
    policy_->eval();
  }
  std::string name() const override { return "checkpoint"; }
  bool needs_pixels() const override { return true; }
  bool needs_ui_tree() const override { return false; }
  void begin(const TaskInstance& inst, std::uint64_t seed) override {
    spans_ = spans_of(inst, config_.max_spans);
    seed_ = seed;
  }
  Action act(const AgentObservation& obs) override {
    std::vector<Observation> batch{Observation{obs.screenshot, obs.instance->instruction, spans_}};
    SampleResult r = sample(policy_, batch, seed_ + static_cast<std::uint64_t>(obs.step), /*greedy=*/true);
    return to_action(r.actions[0], spans_, config_);
  }

 private:
  Policy policy_{nullptr};
  PolicyConfig config_;
  std::vector<std::string> spans_;
  std::uint64_t seed_ = 0;
};

/// Runs fn(0..n-1) on `workers` threads (strided); rethrows the first exception.
void parallel_for(std::size_t n, std::size_t workers, const std::function<void(std::size_t)>& fn) {
  workers = std::max<std::size_t>(1, std::min(workers, n));
  if (workers == 1) {
    for (std::size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  std::vector<std::future<void>> futures;
  for (std::size_t w = 0; w < workers; ++w)
    futures.push_back(std::async(std::launch::async, [&, w] {
      for (std::size_t i = w; i < n; i += workers) fn(i);
    }));
  for (auto& f : futures) f.get();
}

void write_atomic(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::trunc);
    if (!f) throw std::runtime_error("cannot write " + tmp);
    f << text;
  }
  fs::rename(tmp, path);
}

}  // namespace

json TrainConfig::to_json() const {
  return {{"iterations", iterations}, {"groups", groups}, {"group_size", group_size}, {"max_steps", max_steps},
          {"split", split}, {"seed", seed}, {"lr", lr}, {"epochs", epochs}, {"minibatch", minibatch},
          {"clip_low", clip_low}, {"clip_high", clip_high}, {"kl_coef", kl_coef}, {"scale_by_std", scale_by_std},
          {"reward", reward}, {"host", host}, {"tabs", tabs}, {"threads", threads}, {"init", init},
          {"bc_instances", bc_instances}, {"bc_updates", bc_updates}};
}

void TrainConfig::merge(const json& j) {
  if (!j.is_object()) throw ConfigError("train config must be a JSON object");
  const json known = to_json();
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!known.contains(it.key())) {
      std::string keys;
      for (auto k = known.begin(); k != known.end(); ++k) keys += (keys.empty() ? "" : ", ") + k.key();
      throw ConfigError("unknown config key \"" + it.key() + "\"; allowed: " + keys);
    }
    const json& def = known[it.key()];
    const json& v = it.value();
    bool ok = (def.is_number_integer() || def.is_number_unsigned()) ? v.is_number_integer()
              : def.is_number()                                     ? v.is_number()
              : def.is_boolean()                                    ? v.is_boolean()
                                                                    : v.is_string();
    if (!ok) throw ConfigError("config key \"" + it.key() + "\" = " + v.dump() + ": expected a value like " + def.dump());
  }
  auto get = [&](const char* k, auto& field) {
    if (j.contains(k)) field = j[k].get<std::decay_t<decltype(field)>>();
  };
  get("iterations", iterations);
  get("groups", groups);
  get("group_size", group_size);
  get("max_steps", max_steps);
  get("split", split);
  get("seed", seed);
  get("lr", lr);
  get("epochs", epochs);
  get("minibatch", minibatch);
  get("clip_low", clip_low);
  get("clip_high", clip_high);
  get("kl_coef", kl_coef);
  get("scale_by_std", scale_by_std);
  get("reward", reward);
  get("host", host);
  get("tabs", tabs);
  get("threads", threads);
  get("init", init);
  get("bc_instances", bc_instances);
  get("bc_updates", bc_updates);
  validate();
}

void TrainConfig::validate() const {
  auto need = [](bool ok, const std::string& msg) {
    if (!ok) throw ConfigError(msg);
  };
  need(iterations >= 1, "config key \"iterations\" must be >= 1");
  need(groups >= 1, "config key \"groups\" must be >= 1");
  need(group_size >= 2, "config key \"group_size\" must be >= 2 (GRPO compares rollouts within a group)");
  need(max_steps >= 1 && max_steps <= 100, "config key \"max_steps\" must be in 1..100");
  need(!split.empty(), "config key \"split\" must be train, test, all or a regime in tasks/splits/");
  need(lr > 0 && lr < 1, "config key \"lr\" must be in (0, 1)");
  need(epochs >= 1, "config key \"epochs\" must be >= 1");
  need(minibatch >= 1, "config key \"minibatch\" must be >= 1");
  need(clip_low > 0 && clip_low < 1 && clip_high > 0, "config keys \"clip_low\" in (0,1) and \"clip_high\" > 0");
  need(kl_coef >= 0, "config key \"kl_coef\" must be >= 0");
  need(reward == "progress" || reward == "binary", "config key \"reward\" must be progress or binary");
  need(host == "chromium" || host == "native", "config key \"host\" must be chromium or native");
  need(tabs >= 1 && tabs <= 16, "config key \"tabs\" must be in 1..16");
  need(threads >= 1, "config key \"threads\" must be >= 1");
  need(init == "bc" || init == "scratch", "config key \"init\" must be bc or scratch");
  need(bc_instances >= 1, "config key \"bc_instances\" must be >= 1");
  need(bc_updates >= 0, "config key \"bc_updates\" must be >= 0");
}

std::unique_ptr<Agent> make_checkpoint_agent(const std::string& path) { return std::make_unique<CheckpointAgent>(path); }

json train(const TrainConfig& cfg, Host& host, const std::string& tasks_dir, const std::string& out_dir,
           const IterationCallback& on_iteration) {
  cfg.validate();
  if (!host.has_pixels())
    throw ConfigError("training reads screenshots: host \"" + host.name() + "\" has none (use host chromium)");
  torch::manual_seed(cfg.seed);
  torch::set_num_threads(cfg.threads);
  TaskSet tasks = TaskSet::load(tasks_dir);
  const SplitSpec split = load_split((fs::path(tasks_dir) / ".." / "splits").lexically_normal().string(), cfg.split);
  std::vector<const TaskTemplate*> pool = tasks.select(split.train);
  if (pool.empty()) throw ConfigError("split \"" + cfg.split + "\" has no templates in " + tasks_dir);
  fs::create_directories(out_dir);
  write_atomic(out_dir + "/config.json", cfg.to_json().dump(2) + "\n");

  PolicyConfig pcfg;
  pcfg.apps = installed_apps();
  Policy policy(pcfg);
  const std::string ckpt = out_dir + "/checkpoint.pt";
  GrpoConfig gcfg;
  gcfg.clip_low = cfg.clip_low;
  gcfg.clip_high = cfg.clip_high;
  gcfg.kl_coef = cfg.kl_coef;
  gcfg.epochs = cfg.epochs;
  gcfg.lr = cfg.lr;
  auto optimizer = make_optimizer(policy, gcfg);
  Policy reference{nullptr};
  if (cfg.kl_coef > 0) reference = clone_policy(policy);
  const json default_state = Phone::default_state();
  std::ofstream metrics(out_dir + "/metrics.jsonl", std::ios::app);
  json last;

  if (cfg.init == "bc") {
    // Warm start (the SFT stage before RL): behaviour cloning on oracle demonstrations of the
    // training templates, observed exactly as the policy will see them.
    const auto tb = std::chrono::steady_clock::now();
    std::vector<std::pair<Observation, PolicyAction>> demos;
    const int slot = host.create();
    for (const TaskTemplate* t : pool) {
      for (int i = 0; i < cfg.bc_instances; ++i) {
        TaskInstance inst = sample_instance(*t, 1000000 + cfg.seed * 1000 + static_cast<std::uint64_t>(i), default_state);
        const std::vector<std::string> spans = spans_of(inst, pcfg.max_spans);
        host.reset(slot, inst.initial_state);
        OracleAgent oracle(inst);
        for (int step = 0; step < t->step_budget; ++step) {
          std::optional<Action> a = oracle.next(host.ui_tree(slot));
          if (!a) break;
          if (auto pa = encode_action(*a, spans, pcfg))
            demos.emplace_back(Observation{host.screenshot(slot, false), inst.instruction, spans}, *pa);
          if (a->type == ActionType::Complete) break;
          host.step(slot, *a);
        }
      }
    }
    host.close(slot);
    GrpoConfig bcfg = gcfg;
    bcfg.lr = 3e-3;
    auto bc_opt = make_optimizer(policy, bcfg);
    double nll = 0;
    // A budget of minibatch updates (32 samples each), whatever the number of demonstrations.
    const int bc_epochs = demos.empty() ? 0 : std::max(1, static_cast<int>((cfg.bc_updates * 32 + demos.size() / 2) / demos.size()));
    for (int e = 0; e < bc_epochs; ++e) {
      nll = bc_update(policy, *bc_opt, demos, 32, 1.0, cfg.seed + static_cast<std::uint64_t>(e));
      if (on_iteration && ((e + 1) % std::max(1, bc_epochs / 4) == 0 || e + 1 == bc_epochs))
        on_iteration({{"phase", "bc_epoch"}, {"epoch", e + 1}, {"epochs", bc_epochs}, {"nll", nll},
                      {"demonstrations", demos.size()}});
    }
    json m{{"phase", "bc"}, {"demonstrations", demos.size()}, {"epochs", bc_epochs}, {"nll", nll},
           {"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - tb).count()}};
    metrics << m.dump() << "\n";
    if (on_iteration) on_iteration(m);
    if (cfg.kl_coef > 0) reference = clone_policy(policy);
  }

  for (int it = 0; it < cfg.iterations; ++it) {
    const auto t0 = std::chrono::steady_clock::now();
    // 1. B instances, each reset once and forked K times (identical initial states).
    struct Rollout {
      int slot = -1;
      int group = 0;
      std::vector<std::string> spans;
      std::vector<std::size_t> sample_ids;  // indices into `samples`
      Trajectory traj;
      int budget = 0;
      bool done = false;
    };
    std::vector<TaskInstance> instances;
    std::uint64_t rng = cfg.seed * 1000003ULL + static_cast<std::uint64_t>(it);
    for (int g = 0; g < cfg.groups; ++g) {
      const TaskTemplate* t = pool[splitmix64(rng) % pool.size()];
      instances.push_back(sample_instance(*t, splitmix64(rng), default_state));
    }
    std::vector<Rollout> rollouts;
    for (int g = 0; g < cfg.groups; ++g) {
      int root = host.create();
      host.reset(root, instances[g].initial_state);
      for (int k = 0; k < cfg.group_size; ++k) {
        Rollout r;
        r.slot = host.fork(root);
        r.group = g;
        r.spans = spans_of(instances[g], pcfg.max_spans);
        r.traj.instance = instances[g];
        r.budget = std::min(cfg.max_steps, instances[g].tmpl->step_budget);
        rollouts.push_back(std::move(r));
      }
      host.close(root);
    }
    // 2. Step-synchronous rollouts with one batched forward per step.
    std::vector<StepSample> samples;
    int env_steps = 0;
    for (int step = 0;; ++step) {
      std::vector<std::size_t> live;
      for (std::size_t i = 0; i < rollouts.size(); ++i)
        if (!rollouts[i].done) live.push_back(i);
      if (live.empty()) break;
      // Screenshots in parallel: one worker per tab (hosts are thread-safe; slots of one tab queue).
      std::vector<Observation> obs(live.size());
      parallel_for(live.size(), static_cast<std::size_t>(cfg.tabs), [&](std::size_t b) {
        Rollout& r = rollouts[live[b]];
        obs[b] = Observation{host.screenshot(r.slot, false), r.traj.instance.instruction, r.spans};
      });
      PolicyBatch batch = make_batch(obs, pcfg);
      policy->train();
      SampleResult sr = sample(policy, batch, cfg.seed * 7919ULL + static_cast<std::uint64_t>(it) * 104729ULL +
                                                  static_cast<std::uint64_t>(step));
      auto logps = sr.log_probs.accessor<float, 1>();
      std::vector<StepRecord> recs(live.size());
      parallel_for(live.size(), static_cast<std::size_t>(cfg.tabs), [&](std::size_t b) {
        Rollout& r = rollouts[live[b]];
        recs[b].action = to_action(sr.actions[b], r.spans, pcfg);
        try {
          recs[b].info = host.step(r.slot, recs[b].action);
        } catch (const ActionError& e) {
          recs[b].info = {{"error", e.what()}};
        }
      });
      for (std::size_t b = 0; b < live.size(); ++b) {
        Rollout& r = rollouts[live[b]];
        const Action& a = recs[b].action;
        const StepRecord& rec = recs[b];
        ++env_steps;
        r.traj.steps.push_back(rec);
        r.sample_ids.push_back(samples.size());
        samples.push_back(StepSample{std::move(obs[b]), sr.actions[b], logps[static_cast<long>(b)], 0.f});
        if (a.type == ActionType::Complete) r.traj.end.completed = true;
        if (r.traj.end.completed || static_cast<int>(r.traj.steps.size()) >= r.budget) r.done = true;
      }
    }
    // 3. Judge, reward, group-normalized advantages.
    torch::Tensor rewards = torch::zeros({cfg.groups, cfg.group_size});
    int successes = 0;
    double reward_sum = 0;
    std::vector<int> k_of(static_cast<std::size_t>(cfg.groups), 0);
    for (Rollout& r : rollouts) {
      r.traj.end.out_of_budget = !r.traj.end.completed;
      r.traj.verdict = judge(r.traj.instance, r.traj.instance.initial_state, host.state(r.slot));
      r.traj.reward = reward(r.traj.verdict, r.traj.end, cfg.reward == "binary");
      rewards[r.group][k_of[static_cast<std::size_t>(r.group)]++] = r.traj.reward;
      successes += r.traj.verdict.success;
      reward_sum += r.traj.reward;
      host.close(r.slot);
    }
    torch::Tensor adv = group_advantages(rewards, cfg.scale_by_std);
    std::fill(k_of.begin(), k_of.end(), 0);
    for (Rollout& r : rollouts) {
      const float a = adv[r.group][k_of[static_cast<std::size_t>(r.group)]++].item<float>();
      for (std::size_t id : r.sample_ids) samples[id].advantage = a;
    }
    const double rollout_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // 4. Update (skip when every group had equal rewards: no signal, as in dynamic sampling).
    GrpoStats stats;
    const bool signal = adv.abs().sum().item<float>() > 0;
    if (signal) stats = grpo_update(policy, *optimizer, samples, gcfg, cfg.minibatch,
                                    cfg.kl_coef > 0 ? &reference : nullptr, cfg.seed + static_cast<std::uint64_t>(it));
    save_policy(policy, pcfg, ckpt);
    const double total_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double n = static_cast<double>(rollouts.size());
    json m{{"iteration", it + 1}, {"episodes", rollouts.size()}, {"sr", successes / n}, {"mean_reward", reward_sum / n},
           {"env_steps", env_steps}, {"steps_per_s", env_steps / rollout_s}, {"rollout_s", rollout_s},
           {"seconds", total_s}, {"updated", signal}, {"loss", stats.loss}, {"kl", stats.kl},
           {"clip_frac", stats.clip_frac}, {"entropy", stats.entropy}, {"grad_norm", stats.grad_norm}};
    json tasks_j = json::array();
    for (const auto& inst : instances) tasks_j.push_back(inst.tmpl->id);
    m["tasks"] = tasks_j;
    metrics << m.dump() << "\n";
    metrics.flush();
    last = m;
    if (on_iteration) on_iteration(m);
  }
  return last;
}

}  // namespace pg
