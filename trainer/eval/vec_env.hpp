// A vector of episode envs over one EnvPool, in EnvPool's and Gymnasium's vector-env style: N
// phones stepped together, each playing task instances through its own TaskEnv (the one episode
// env: budgets, rewards, judges). Python's `phonegym.make` is this class (python/phonegym).
#pragma once

#include "sim/os/perturb.hpp"
#include "sim/render/image.hpp"
#include "sim/render/obs.hpp"
#include "tasks/task.hpp"
#include "tasks/task_env.hpp"
#include "trainer/pool/env_pool.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pg {

struct VecEnvOptions {
  std::string split = "train";     ///< templates drawn from: train, test or all (ignored when `tasks` is set)
  std::vector<std::string> tasks;  ///< template ids to draw from instead of a split
  int num_envs = 1;
  ObsSpec obs;                     ///< raw RGB at this size (default 270x600)
  std::uint64_t seed = 0;          ///< instance draws derive from it (reset(seed) replaces it)
  int step_budget = 0;             ///< 0: each template's own
  /// Domain randomization: perturbation specs separated by ';' (sim/os/perturb.hpp), one drawn
  /// per episode with the instance; "nominal": none. Checked by the constructor.
  std::string perturb = "nominal";
};

/// One batch of results, env-major: obs[i] is env i's observation (H x W x 3 RGB).
struct VecStep {
  std::vector<Image> obs;
  std::vector<float> reward;
  std::vector<std::uint8_t> terminated, truncated;
  /// task, seed, instruction, step (steps taken), step_budget; the step's result (and the user's
  /// reply to `info`); verdict and success at the end; autoreset when a new episode began.
  std::vector<nlohmann::json> info;
};

/// N envs on `pool`. Episodes end as TaskEnv says; an env whose episode ended is reset to a new
/// instance at its next step (Gymnasium 1.x's next-step autoreset: that step's action is ignored
/// and info has "autoreset": true). Instance `j` of env `i` is drawn from (seed, i, j), so runs
/// repeat exactly. Not thread-safe: one caller.
class VecEnv {
 public:
  /// Throws std::invalid_argument for no envs, an unknown task or split, or no templates.
  VecEnv(EnvPool& pool, const TaskSet& tasks, VecEnvOptions opts);
  ~VecEnv();
  VecEnv(const VecEnv&) = delete;
  VecEnv& operator=(const VecEnv&) = delete;

  /// Every env to a fresh instance (new seed when given).
  VecStep reset(std::optional<std::uint64_t> seed = std::nullopt);
  /// One action per env (actions[i] for env i); the pool steps them as one batch.
  VecStep step(const std::vector<Action>& actions);
  /// Appends `k` copies of each env in `env_ids` (same state, same episode so far: a GRPO group);
  /// returns the new envs' indices.
  std::vector<int> fork(const std::vector<int>& env_ids, int k);
  int size() const { return static_cast<int>(envs_.size()); }
  const VecEnvOptions& options() const { return opts_; }

 private:
  struct Slot {
    int id = -1;                  // pool env id
    TaskEnv env;
    std::uint64_t episodes = 0;   // instances drawn so far
    bool needs_reset = true;
  };
  EnvPool& pool_;
  std::vector<const TaskTemplate*> templates_;
  VecEnvOptions opts_;
  PerturbationMix perturb_;
  nlohmann::json defaults_;
  std::vector<Slot> envs_;

  void begin(std::size_t i);  // a new instance on env i
  nlohmann::json info_of(const Slot& s) const;
  Image observe_one(int id);
};

}  // namespace pg
