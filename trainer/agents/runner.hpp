// Running many episodes at once (remote models spend most of a step waiting for the endpoint) and
// exporting rollouts as supervised fine-tuning data.
#pragma once

#include "trainer/eval/agent.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace pg {

/// One episode to run: an instance and its attempt number; `episode` numbers jobs 0..N-1.
struct EpisodeJob {
  TaskInstance instance;
  std::uint64_t seed = 0;
  int attempt = 0;
  int episode = 0;
  std::uint64_t episode_seed = 0;  ///< passed to Agent::begin
};

/// How a run of episodes ended.
struct EpisodeRun {
  std::string agent_error;  ///< the agent failure that stopped the run ("" when every job ran)
  int host_restarts = 0;    ///< browser restarts the pool did (crashed or hung hosts); no episode lost
};

/// Runs `jobs` on `workers` threads, each with its own agent (`make_agent()`) and env of one
/// asynchronous env pool (trainer/pool/env_pool.hpp) over `host`, each episode through the episode
/// env (run_episode). A host that dies or hangs is restarted by the pool, its envs restored and
/// their actions replayed: the episodes in flight go on, none is lost or run twice.
/// `options(job, agent)` gives each episode's options (and may configure the agent);
/// `done(job, trajectory)` is called in completion order, one call at a time. After an episode
/// ends with an agent error (an endpoint that failed for good) no new episode starts. A host that
/// stays down (restarts exhausted) throws after the workers stop.
EpisodeRun run_episodes(Host& host, const std::vector<EpisodeJob>& jobs, int workers,
                        const std::function<std::unique_ptr<Agent>()>& make_agent,
                        const std::function<EpisodeOptions(const EpisodeJob&, Agent&)>& options,
                        const std::function<void(const EpisodeJob&, Trajectory&)>& done);

/// The supervised fine-tuning records of one trajectory of a VlmAgent (steps whose
/// step_info() has "messages"), in the conversation-with-images layout of LLaMA-Factory / ms-swift:
/// {"id", "task", "seed", "episode", "step", "messages": [system, user, assistant..., the reply as the
/// last assistant turn], "images": [paths, one per "<image>"], "reply", "action", "result",
/// "reward", "success", "progress", "last"}.
std::vector<nlohmann::json> sft_records(const Trajectory& tr, int episode);

/// Token, latency and format-error accounting of trajectories whose steps carry VlmAgent
/// step_info(): {"steps", "format_errors", "format_error_rate", "prompt_tokens", "completion_tokens",
/// "agent_errors"}.
nlohmann::json agent_step_stats(const std::vector<Trajectory>& trajs);

}  // namespace pg
