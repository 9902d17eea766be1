// The GRPO training loop (`phonegym train`) and the checkpoint agent (`phonegym eval --agent
// checkpoint:PATH`). Per iteration: sample B task instances (FCF-weighted templates), fork K
// identical envs per instance, roll out all B*K episodes step-synchronously with batched policy
// inference, judge each, shape rewards (SPA), compute group-normalized advantages, mix in replayed
// positives (AdaPR) and run the clipped-surrogate update (GRPO, Shao et al. 2024; AdaGRPO,
// MobileRL). With reward "action" a group is instead K single steps from one state on the
// oracle's path, rewarded against the oracle's step (Mobile-R1).
#pragma once

#include "trainer/algo/config.hpp"
#include "trainer/eval/agent.hpp"
#include "trainer/pool/host.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace pg {

class Collective;

/// One progress record: {"phase": "bc_epoch" | "bc" | "iteration" | "eval", ...}; every record
/// except bc_epoch is also a line of metrics.jsonl.
using IterationCallback = std::function<void(const nlohmann::json& metrics)>;

struct TrainOptions {
  /// Continue the run in `out_dir` from its last complete state (policy, optimizer, reference,
  /// curriculum, replay buffer, iteration). The config of `cfg` is used (normally the run's own
  /// config.json with `iterations` possibly raised). Throws ConfigError if there is no state.
  bool resume = false;
  /// Data-parallel ranks (trainer/algo/distributed.hpp): rank r rolls out the groups g with
  /// g % world == r on its own host; gradients are summed. Only rank 0 writes files.
  Collective* comm = nullptr;
};

/// Runs training into `out_dir`: config.json (the resolved config), metrics.jsonl, checkpoint.pt
/// (+ .json, the latest policy for `eval --agent checkpoint:`), state/ (the resumable run state,
/// replaced atomically every checkpoint_every iterations) and report.html. `tasks_dir` holds the
/// templates; `host` must have pixels. Returns the last iteration's metrics.
nlohmann::json train(const TrainConfig& cfg, Host& host, const std::string& tasks_dir, const std::string& out_dir,
                     const IterationCallback& on_iteration, const TrainOptions& options = {});

/// An agent that runs a saved policy greedily (argmax of each head) on the 270x600 observation,
/// feeding back its own previous action kinds as history.
std::unique_ptr<Agent> make_checkpoint_agent(const std::string& path);

}  // namespace pg
