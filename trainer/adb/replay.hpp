// Sim-to-real replay: runs an agent (a trained checkpoint, the oracle, a scripted action list) on
// a Device step by step, saving every step's observation, action, command and timing to a
// trajectory directory with an HTML report. The trajectory file is rewritten after every step,
// so a device that disappears mid-episode leaves a valid partial trajectory.
#pragma once

#include "trainer/adb/device.hpp"
#include "trainer/eval/agent.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace pg::adb {

/// Plays a fixed list of actions, then {"type":"complete"}.
class ScriptedAgent : public Agent {
 public:
  explicit ScriptedAgent(std::vector<Action> actions) : actions_(std::move(actions)) {}
  /// Reads a JSON array of unified actions from a file; throws ActionError naming the file and
  /// the index of a bad action.
  static std::vector<Action> load(const std::string& path);
  std::string name() const override { return "actions"; }
  bool needs_pixels() const override { return false; }
  bool needs_ui_tree() const override { return false; }
  void begin(const TaskInstance&, std::uint64_t) override { next_ = 0; }
  Action act(const AgentObservation&) override {
    return next_ < actions_.size() ? actions_[next_++] : Action{ActionType::Complete};
  }

 private:
  std::vector<Action> actions_;
  std::size_t next_ = 0;
};

struct ReplayOptions {
  int max_steps = 20;
  std::string out_dir;          ///< trajectory.json, report.html, screens/sNNN.png
  std::string policy;           ///< the policy's description, for the record
  int settle_ms = 0;            ///< wait after each action before the next screenshot (real phones)
  std::uint64_t seed = 0;       ///< the agent's episode seed
  /// Called after each step with its record (progress output).
  std::function<void(const nlohmann::json& step)> on_step;
};

/// Runs one episode of `agent` on `device` for `instance` (its instruction and parameters; the
/// template may be null for a free-form instruction). Never throws for a device that goes away:
/// the returned trajectory then has "end": "device_lost" and "error". Returns the trajectory:
/// {"device", "policy", "instruction", "task"?, "steps": [{"step", "action", "command", "result"
/// | "error", "screen", "obs_fnv1a", "ms": {"observe", "act", "send"}}], "end": "complete" |
/// "abort" | "max_steps" | "device_lost" | "error", "error"?, "judge"?, "seconds"}.
nlohmann::json replay(Device& device, Agent& agent, const TaskInstance& instance, const ReplayOptions& opts);

/// Writes the trajectory's HTML page (screenshots with the action drawn on them).
void write_replay_report(const std::string& path, const nlohmann::json& trajectory);

/// FNV-1a 64 of an image's pixels as 16 hex digits (equal observations, equal hashes).
std::string image_hash(const Image& img);

}  // namespace pg::adb
