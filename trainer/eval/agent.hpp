// Agents and episodes: an agent maps an observation to a unified action; run_episode plays one
// pool env through the episode env (tasks/task_env.hpp) from a task instance's initial state to the
// judge's verdict.
#pragma once

#include "sim/input/action.hpp"
#include "sim/render/image.hpp"
#include "tasks/judge.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"
#include "tasks/task_env.hpp"
#include "trainer/pool/env_pool.hpp"
#include "trainer/pool/host.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg {

/// What an agent sees at one step. `screenshot` is the 270x600 RGB observation (empty when the
/// agent said it needs no pixels); `ui_tree` is null unless the agent needs it.
struct AgentObservation {
  const TaskInstance* instance = nullptr;
  int step = 0;
  Image screenshot;
  nlohmann::json ui_tree;
  std::string reply;  ///< the simulated user's answer to the agent's last `info` question, if any
};

/// An agent that cannot act any more (e.g. its model endpoint still fails after retries). Ends
/// the episode (judged as it stands, recorded in Trajectory::agent_error); what() names the cause.
struct AgentError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Agent {
 public:
  virtual ~Agent() = default;
  virtual std::string name() const = 0;
  virtual bool needs_pixels() const = 0;
  virtual bool needs_ui_tree() const = 0;
  /// Called at the start of each episode.
  virtual void begin(const TaskInstance& inst, std::uint64_t episode_seed) = 0;
  virtual Action act(const AgentObservation& obs) = 0;
  /// Called before act() at every step: an agent that needs more than AgentObservation (full-size
  /// or set-of-marks screenshots, marks, ui_xml) reads it from the host here.
  virtual void observe(Host& host, int slot) { (void)host, (void)slot; }
  /// What the agent reports about its last act() (e.g. a model's raw reply, tokens, latency);
  /// null when nothing. A "format_error" string in it means the reply was not a valid action:
  /// the step is recorded as invalid and nothing is sent to the phone.
  virtual nlohmann::json step_info() const { return nullptr; }
};

/// The template's scripted oracle (tasks/oracle.hpp); ends with its own complete step.
class OracleEpisodeAgent : public Agent {
 public:
  std::string name() const override { return "oracle"; }
  bool needs_pixels() const override { return false; }
  bool needs_ui_tree() const override { return true; }
  void begin(const TaskInstance& inst, std::uint64_t) override { oracle_ = std::make_unique<OracleAgent>(inst); }
  Action act(const AgentObservation& obs) override;

 private:
  std::unique_ptr<OracleAgent> oracle_;
};

/// Uniformly random actions (clicks anywhere, swipes, back, home, open_app, 5% complete): the
/// floor every benchmark reports.
class RandomAgent : public Agent {
 public:
  explicit RandomAgent(std::vector<std::string> apps) : apps_(std::move(apps)) {}
  std::string name() const override { return "random"; }
  bool needs_pixels() const override { return false; }
  bool needs_ui_tree() const override { return false; }
  void begin(const TaskInstance&, std::uint64_t seed) override { rng_ = seed; }
  Action act(const AgentObservation& obs) override;

 private:
  std::vector<std::string> apps_;
  std::uint64_t rng_ = 0;
};

struct EpisodeOptions {
  EpisodeConfig episode;  ///< step budget (0: the template's) and reward kind
  /// When set, called with each step's observation (before the action) and its step index; returns
  /// the file name it was saved as (recorded in Trajectory::screens, for the report).
  std::function<std::string(const Image&, int step)> save_screen;
};

/// Runs one episode of `inst` on env `env_id` of `pool` (reset to the instance's initial state
/// first) through the episode env (tasks/task_env.hpp), which decides the end, the verdict and the
/// reward. The pool must observe pixels when the agent needs them or screens are saved, and the
/// accessibility tree when the agent needs it. Bad actions from the agent are recorded as errors
/// and the episode goes on; a dead browser is restarted by the pool and the episode continues;
/// a host that stays down throws HostFailure.
Trajectory run_episode(EnvPool& pool, int env_id, const TaskInstance& inst, Agent& agent, std::uint64_t episode_seed,
                       const EpisodeOptions& opts = {});

/// Options of a pool that runs episodes of `agent` on `host`: pixels (the 270x600 observation)
/// when the agent reads screenshots or `screens` are saved, and the host has them; the
/// accessibility tree when the agent reads it. With no agent: everything the host can observe.
EnvPool::Options episode_pool_options(const Host& host, const Agent* agent = nullptr, bool screens = false);

/// A host that failed for good while an episode ran (the pool's restarts were exhausted).
struct HostFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The episode env's view of a pool env (tasks/task_env.hpp: EpisodePhone): reset, step and state
/// through the pool, so every episode survives a host restart. Keeps the last step's observation.
class PoolPhone : public EpisodePhone {
 public:
  PoolPhone(EnvPool& pool, int env_id) : pool_(pool), id_(env_id) {}
  void reset(const nlohmann::json& state) override;
  /// Throws HostFailure when the host failed for good; a rejected action comes back as {"error"}.
  nlohmann::json step(const Action& a) override;
  std::optional<nlohmann::json> state() override;
  /// The observation after the last step or reset (as the pool observes).
  const StepResult& last() const { return last_; }
  /// Observes now (after a reset).
  const StepResult& observe();

 private:
  EnvPool& pool_;
  int id_;
  StepResult last_;
};

/// Per-template and overall success rate (SR) and progress rate (PR) of a set of trajectories.
nlohmann::json summarize(const std::vector<Trajectory>& trajs);

}  // namespace pg
