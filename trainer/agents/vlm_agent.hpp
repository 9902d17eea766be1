// Vision-language model agents: each step builds a chat (the format's system prompt, the task,
// the last W replies, the current screenshot as a JPEG data URL, and with `som`/`a11y` the element
// list or accessibility tree), gets a reply (from an OpenAI-compatible endpoint, or from the task's
// oracle written in the format for demonstrations) and parses it into a unified action.
#pragma once

#include "trainer/agents/formats.hpp"
#include "trainer/agents/openai_client.hpp"
#include "trainer/eval/agent.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace pg {

struct VlmAgentOptions {
  std::string format = "phonegym";  ///< a name of format_names()
  std::string obs = "screenshot";   ///< screenshot | som (set-of-marks image + element list) | a11y (screenshot + tree)
  std::string coords;               ///< empty: the format's default (formats.hpp Coords names)
  int history = 3;                  ///< previous replies sent as assistant turns (text only)
  double temperature = 0;
  int max_tokens = 1024;
  int image_w = 1080, image_h = 2400;  ///< the screenshot is resized to this before any smart resize
  long min_pixels = 56 * 56, max_pixels = 16384L * 28 * 28;  ///< smart-resize budget (formats that want it)
  int jpeg_quality = 85;
  /// Requests in a row (over every agent sharing the client) that may fail after their retries
  /// with a transient cause (timeout, HTTP 5xx, garbage, an endless body) before the run stops;
  /// until then each such step is an invalid step (no action, "format_error" set) and the episode
  /// goes on. 1: the first failure stops the run. Non-transient failures (401, 404) stop at once.
  int max_endpoint_failures = 5;
  /// Checks the fields (format, obs, coords allowed by the format, sizes); throws
  /// std::invalid_argument naming the option.
  void validate() const;
};

class VlmAgent : public Agent {
 public:
  /// A model behind `client` (shared between agents: its concurrency limit spans them).
  VlmAgent(VlmAgentOptions o, std::shared_ptr<ChatClient> client);
  /// Demonstrations: the template's oracle (tasks/oracle.hpp), each action written in the format
  /// (ActionFormat::render) as if a model had replied; no endpoint.
  static std::unique_ptr<VlmAgent> oracle_demonstrator(VlmAgentOptions o);

  std::string name() const override;
  bool needs_pixels() const override { return false; }  // observe() reads the sizes it needs
  bool needs_ui_tree() const override { return !client_; }
  void begin(const TaskInstance& inst, std::uint64_t episode_seed) override;
  void observe(Host& host, int slot) override;
  /// An unparsable reply, or a request that failed after its retries for a transient cause, is a
  /// Noop with step_info()["format_error"] set (and "endpoint_error" for the latter): the step is
  /// recorded as invalid and the episode goes on. Throws AgentError when the endpoint fails for
  /// good: a non-transient error, or max_endpoint_failures failed requests in a row.
  Action act(const AgentObservation& obs) override;
  /// {"reply", "action" (ParseResult::to_json), "format_error"?, "prompt_tokens",
  ///  "completion_tokens", "latency_ms", "attempts", "endpoint_error"?, "image": [w, h], "images"?: [path],
  ///  "messages": the chat sent, images as "<image>" placeholders}
  nlohmann::json step_info() const override { return info_; }

  /// Called with each sent JPEG and the step; returns the path to record in step_info()["images"]
  /// (the rollout exporter saves the exact images the model saw). Unset: images are not kept.
  void set_image_sink(std::function<std::string(const std::string& jpeg, int step)> sink) { sink_ = std::move(sink); }
  const ActionFormat& format() const { return *format_; }
  const ParseContext& parse_context() const { return ctx_; }

 private:
  VlmAgentOptions o_;
  std::shared_ptr<ChatClient> client_;
  const ActionFormat* format_;
  Coords coords_;
  ParseContext ctx_;
  const TaskInstance* inst_ = nullptr;
  std::unique_ptr<OracleAgent> oracle_;
  std::string jpeg_;          // this step's image
  std::string obs_text_;      // this step's element list / tree
  nlohmann::json ui_tree_;    // oracle mode
  struct Turn {
    std::string reply, note;
  };
  std::vector<Turn> history_;
  nlohmann::json info_;
  std::function<std::string(const std::string&, int)> sink_;
};

/// The element list of a set-of-marks (one line per mark: `[3] Switch "Wi-Fi" (on)`), for --obs som.
std::string marks_text(const nlohmann::json& marks);
/// A compressed accessibility tree (one line per node with text or an action; interactive nodes
/// carry their mark number), for --obs a11y.
std::string a11y_text(const nlohmann::json& ui_tree, const nlohmann::json& marks);

/// "openai:<base_url>#<model>" -> {base_url, model}; throws std::invalid_argument naming the spec.
std::pair<std::string, std::string> parse_openai_agent_spec(const std::string& spec);

}  // namespace pg
