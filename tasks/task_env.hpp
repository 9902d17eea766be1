// The episode environment (ARCHITECTURE.md, "Tasks"): one task instance played on one phone, with
// Gymnasium's reset/step contract. It alone owns an episode's rules: the step budget, what
// `complete` / `abort` / `answer` / `info` mean, when the episode is over, the judge's verdict and
// the reward (docs/tasks.md, "Rewards"). Every loop asks it: GRPO rollouts and the warm start's
// demonstrations (trainer/algo), `eval` and `rollout` (trainer/eval, trainer/agents), ADB `replay`
// (trainer/adb), the studio's live judge (web/main.cpp) and the environment server.
//
// A step has two halves around the phone, so batched loops can send many envs' actions in one
// round trip: submit(action) says what reaches the phone, record(reply) books the phone's answer,
// and when the episode is over conclude(final_state) judges it. step(phone, action) does the three
// in order for a single env.
#pragma once

#include "sim/input/action.hpp"
#include "tasks/judge.hpp"
#include "tasks/task.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace pg {

/// The phone an episode runs on, as the episode env needs it: a host's env slot, a pool env, or a
/// real device (which has no readable state, hence no judge).
class EpisodePhone {
 public:
  virtual ~EpisodePhone() = default;
  /// Puts the phone at `state` (the instance's initial state). A device cannot: it ignores it.
  virtual void reset(const nlohmann::json& state) = 0;
  /// Applies one action; returns the phone's reply ({"ok", "info"}). Throws ActionError for an
  /// action the phone rejects (the episode records it and goes on); anything else propagates.
  virtual nlohmann::json step(const Action& a) = 0;
  /// The full state for the judge; nullopt where it cannot be read (a real device).
  virtual std::optional<nlohmann::json> state() = 0;
};

/// One step of a trajectory.
struct StepRecord {
  Action action;
  nlohmann::json info;   ///< the phone's reply, {"error": ...} for a rejected or invalid action
  nlohmann::json agent;  ///< what the agent reported about this step (Agent::step_info), or null
};

/// A finished (or running) episode: actions, outcome, verdict and reward.
struct Trajectory {
  TaskInstance instance;
  std::vector<StepRecord> steps;
  EpisodeEnd end;
  JudgeResult verdict;
  bool judged = false;      ///< false on a phone without state (a real device): no verdict, reward 0
  double reward = 0;
  double seconds = 0;       ///< wall time, set by the loop that ran it
  std::vector<std::string> screens;  ///< per step, the screenshot file before the action (when recorded)
  std::string agent_error;  ///< the agent failure that ended the episode early, if any
  nlohmann::json to_json() const;
};

/// How an episode is played.
struct EpisodeConfig {
  int step_budget = 0;         ///< steps before truncation; 0: the template's step_budget
  bool binary_reward = false;  ///< 1 on success else 0, instead of the shaped reward
};

/// What one step gives besides the observation (Gymnasium's Env.step: reward, terminated,
/// truncated, info). The reward is 0 until the episode's last step, which carries the episode's
/// reward (sparse, as the judge scores final states).
struct StepOutcome {
  double reward = 0;
  bool terminated = false;  ///< the agent ended the episode (complete or abort)
  bool truncated = false;   ///< the step budget ran out (or the agent failed: Trajectory::agent_error)
  /// {"step": index, "result": the phone's reply or {"error"}, "reply"?: the user's answer to an
  /// `info` question, "verdict"?: the judge's result at the end (JudgeResult::to_json), "success"?}
  nlohmann::json info = nlohmann::json::object();
  bool done() const { return terminated || truncated; }
};

/// One episode of one task instance. Not copyable across threads while in use; cheap to construct.
class TaskEnv {
 public:
  TaskEnv() = default;

  /// Starts an episode of `inst` (kept by value) on a phone the caller has put at
  /// inst.initial_state. Throws TaskError for a config with a negative budget.
  void begin(const TaskInstance& inst, EpisodeConfig cfg = {});
  /// reset() as Gymnasium has it: puts `phone` at the instance's initial state and begins.
  void reset(EpisodePhone& phone, const TaskInstance& inst, EpisodeConfig cfg = {});

  /// First half of a step: books the agent's action `a` (with what the agent reported,
  /// `agent_info`, null when nothing) and returns what to send to the phone, or nullopt when
  /// nothing reaches it (the agent's reply was not a valid action: `agent_info` has a
  /// "format_error"). Throws std::logic_error when the episode is over or a step is pending.
  std::optional<Action> submit(const Action& a, nlohmann::json agent_info = nullptr);
  /// Second half: the phone's reply to the submitted action (null when nothing was sent;
  /// {"error": ...} for an action it rejected). Returns the step's outcome; when it is done(),
  /// its reward is 0 until conclude() judges the final state.
  StepOutcome record(nlohmann::json reply);
  /// Judges the final state (nullopt: no judge, a real device) and returns the last step's
  /// outcome with the episode's reward and verdict. Throws std::logic_error before the end.
  StepOutcome conclude(const std::optional<nlohmann::json>& final_state);
  /// Ends the episode now because the agent failed for good (e.g. its endpoint is gone): it is
  /// judged as it stands, as if truncated, with `error` in Trajectory::agent_error.
  void interrupt(const std::string& error);

  /// The three halves for one env: submit, phone.step (an ActionError becomes an {"error"}
  /// reply), record, and conclude with phone.state() when the step ends the episode.
  StepOutcome step(EpisodePhone& phone, const Action& a, nlohmann::json agent_info = nullptr);

  bool done() const { return done_; }
  /// Over and waiting for conclude().
  bool needs_judge() const { return done_ && !concluded_; }
  int steps() const { return static_cast<int>(traj_.steps.size()); }
  int budget() const { return budget_; }
  const TaskInstance& instance() const { return traj_.instance; }
  /// The simulated user's answer to the agent's last `info` question ("" when none).
  const std::string& user_reply() const { return user_reply_; }
  const Trajectory& trajectory() const { return traj_; }
  Trajectory& trajectory() { return traj_; }

  /// Whether an action ends the episode by itself (complete or abort).
  static bool ends_episode(ActionType t) { return t == ActionType::Complete || t == ActionType::Abort; }
  /// The verdict on a state reached outside an episode (the studio's live judge): the instance's
  /// judge on (initial state, `state`).
  static JudgeResult verdict(const TaskInstance& inst, const nlohmann::json& state);

 private:
  Trajectory traj_;
  EpisodeConfig cfg_;
  int budget_ = 0;
  bool done_ = false, concluded_ = false, pending_ = false;
  std::string user_reply_;
  StepOutcome last_;
};

}  // namespace pg
