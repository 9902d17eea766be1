// A client for OpenAI-compatible chat completions (vLLM, SGLang, hosted APIs) over HTTP and HTTPS
// (Boost.Beast + OpenSSL): per-request timeouts, retries with exponential backoff on 429/5xx,
// timeouts and dropped connections, a limit on requests in flight, and token/latency accounting.
#pragma once

#include <nlohmann/json.hpp>

#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg {

/// The endpoint failed for good (after its retries) or answered something unusable; what() names
/// the URL, the cause (HTTP status and body excerpt, timeout, connection error, malformed JSON)
/// and the number of attempts. `transient`: the cause was one worth retrying (a timeout, a dropped
/// connection, HTTP 408/429/5xx, an unparsable or oversize body) and the retries ran out; false
/// for errors every later request would repeat (HTTP 401/403/404, an unusable --ca-file).
struct EndpointError : std::runtime_error {
  explicit EndpointError(const std::string& what, bool transient = false)
      : std::runtime_error(what), transient(transient) {}
  bool transient = false;
};

/// A parsed base URL: "https://api.example.com/v1" -> {https, api.example.com, 443, /v1}.
struct Url {
  std::string scheme, host, port, path;
  /// Throws std::invalid_argument naming the URL unless it is http:// or https:// with a host.
  static Url parse(const std::string& url);
  std::string str() const;
};

struct ChatClientOptions {
  std::string base_url;          ///< e.g. http://127.0.0.1:8000/v1 (POSTs to <base_url>/chat/completions)
  std::string model;
  std::string api_key;           ///< sent as "Authorization: Bearer ..." when not empty
  std::string ca_file;           ///< PEM file of CA certificates to trust (e.g. a self-signed cert); empty: system CAs
  double timeout_s = 120;        ///< per attempt: connect + send + wait for the whole reply
  int retries = 3;               ///< extra attempts after a transient failure
  double backoff_s = 1;          ///< first retry delay; doubles each retry (Retry-After wins, capped at 30 s)
  int concurrency = 4;           ///< requests in flight at most (callers beyond wait)
};

/// One completion.
struct ChatReply {
  std::string content;           ///< choices[0].message.content (text parts joined)
  int prompt_tokens = 0, completion_tokens = 0;  ///< from "usage" (0 when the server sends none)
  double latency_ms = 0;         ///< the successful attempt, request sent to reply read
  int attempts = 1;
  std::string finish_reason;
};

/// Thread-safe; one per endpoint, shared by every agent that talks to it.
class ChatClient {
 public:
  explicit ChatClient(ChatClientOptions o);
  const ChatClientOptions& options() const { return o_; }
  /// POSTs {"model", "messages", plus `params` (temperature, max_tokens, ...)} and returns the
  /// reply. Blocks while `concurrency` requests are in flight. Retries timeouts, connection errors,
  /// HTTP 408/429/5xx and unparsable bodies; throws EndpointError when attempts run out or on any
  /// other HTTP error (401, 404, ...).
  ChatReply complete(const nlohmann::json& messages, const nlohmann::json& params = nlohmann::json::object());
  /// {"requests", "failed", "attempts", "retries", "prompt_tokens", "completion_tokens",
  ///  "latency_ms": {"mean", "p50", "p95", "max"}} over this client's life.
  nlohmann::json stats() const;
  /// Calls of complete() that failed since the last one that succeeded (over every caller).
  int consecutive_failures() const;

 private:
  ChatClientOptions o_;
  Url url_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  int in_flight_ = 0;
  int consecutive_failures_ = 0;
  long requests_ = 0, failed_ = 0, attempts_ = 0, prompt_tokens_ = 0, completion_tokens_ = 0;
  std::vector<double> latencies_;
};

/// The largest reply body read (bytes); a longer or endless body is cut off as a transient error.
constexpr std::size_t kMaxReplyBytes = 32u << 20;

/// One HTTP(S) exchange: POST `body` (JSON) to `url`; returns {status, body, retry_after_s or -1}.
/// Throws EndpointError for connection errors, timeouts (`timeout_s` bounds the whole exchange,
/// so an endless slow stream ends too) and bodies over kMaxReplyBytes (the message says which).
/// `ca_file` as in ChatClientOptions.
struct HttpResult {
  int status = 0;
  std::string body;
  double retry_after_s = -1;
};
HttpResult http_post_json(const Url& url, const std::string& body, const std::vector<std::pair<std::string, std::string>>& headers,
                          double timeout_s, const std::string& ca_file);

}  // namespace pg
