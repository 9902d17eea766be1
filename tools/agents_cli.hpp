// The command line of real agents: `eval --agent openai:<base_url>#<model>` options, `agents parse`,
// `agents prompt` and `rollout` (trajectories exported as SFT data). docs/agents.md.
#pragma once

#include "trainer/agents/openai_client.hpp"
#include "trainer/agents/vlm_agent.hpp"
#include "trainer/eval/agent.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>

namespace pg {

/// Options of a VLM agent and its endpoint, shared by `eval` and `rollout`.
struct OpenAIAgentArgs {
  VlmAgentOptions vlm;
  std::string api_key_env, ca_file, image_size = "1080x2400";
  int concurrency = 1;
  double timeout_s = 120;
  int retries = 3;
};

/// Adds --format, --api-key-env, --history, --temperature, --image-size, --concurrency, --obs,
/// --coords, --ca-file, --timeout, --retries, --endpoint-failures, --max-tokens to `cmd`.
void add_openai_agent_options(CLI::App* cmd, OpenAIAgentArgs& a);

/// A factory of agents for `spec` when it is "openai:<base_url>#<model>" (one shared ChatClient,
/// stored in `client`), or "oracle" with an explicit --format (oracle demonstrations written in
/// that format); nullptr for other specs. Throws std::invalid_argument for bad options (naming them)
/// and when the --api-key-env variable is unset.
std::function<std::unique_ptr<Agent>()> vlm_agent_factory(const std::string& spec, OpenAIAgentArgs& a, bool format_given,
                                                           std::shared_ptr<ChatClient>& client);

/// `agents parse|prompt` and `rollout`, registered on construction.
class AgentsCli {
 public:
  explicit AgentsCli(CLI::App& app);
  /// Whether one of these subcommands was given (after parsing).
  bool selected() const;
  /// Runs the given subcommand; returns the exit code. Throws on errors like the other commands.
  int run();

 private:
  CLI::App *parse_ = nullptr, *prompt_ = nullptr, *rollout_ = nullptr;
  std::string format_ = "phonegym", coords_, image_, screen_ = "1080x2400", marks_file_, obs_ = "screenshot";
  struct Rollout {
    std::string agent = "oracle", split = "train", out = "runs/rollout", host = "native", task;
    int instances = 1, attempts = 1, max_steps = 0;
    std::uint64_t seed = 0;
    OpenAIAgentArgs oa;
    CLI::Option* format = nullptr;
  } ro_;
  int run_parse();
  int run_prompt();
  int run_rollout();
};

/// "1080x2400" -> {1080, 2400}; throws std::invalid_argument naming `what`.
std::pair<int, int> parse_size(const std::string& s, const std::string& what);

}  // namespace pg
