// A synchronous, thread-safe Chrome DevTools Protocol client over one WebSocket (websocketpp).
#pragma once

#include "trainer/cdp/error.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <string>

namespace pg::cdp {

/// One message from the browser, classified: what CdpClient's io thread routes (a reply to its
/// pending call, or an event to the handler).
struct CdpMessage {
  enum class Kind { Ignored, Reply, Event };
  Kind kind = Kind::Ignored;
  long long id = 0;            ///< Reply: the call's id
  bool ok = false;             ///< Reply: false for a protocol error reply
  nlohmann::json result;       ///< Reply, ok: "result" (an empty object when absent)
  std::string error;           ///< Reply, !ok: "message (data) [code N]"
  std::string method;          ///< Event: e.g. "Runtime.exceptionThrown"
  nlohmann::json params;       ///< Event: "params" (an empty object when absent)
  std::string session;         ///< Event: "sessionId" ("" for the browser, or when not a string)
};

/// Classifies one WebSocket text message from the browser. Never throws: text that is not a JSON
/// object, or an object that is neither a reply (integer "id") nor an event (string "method"),
/// is Kind::Ignored. (Fuzz target `devtools`, docs/security.md.)
CdpMessage parse_cdp_message(const std::string& payload);

/// One CDP connection (usually to the browser endpoint; pages are reached through flat sessions:
/// Target.attachToTarget with flatten: true, then pass the sessionId to call()). Messages up to
/// 256 MB. A background thread runs the socket; when the connection closes (e.g. the browser
/// crashed) every pending and later call() throws CdpError instead of hanging.
class CdpClient {
 public:
  /// Event handler: method (e.g. "Runtime.exceptionThrown"), params, session id ("" for the browser).
  /// Runs on the client's io thread: it must not call call() (that throws) and should return quickly.
  using EventHandler =
      std::function<void(const std::string& method, const nlohmann::json& params, const std::string& session_id)>;

  /// Connects to `ws_url` (ws://host:port/path); throws CdpError if not open within timeout_ms.
  explicit CdpClient(const std::string& ws_url, int timeout_ms = 10000);
  /// Closes the connection and joins the io thread; pending calls throw CdpError.
  ~CdpClient();
  CdpClient(const CdpClient&) = delete;
  CdpClient& operator=(const CdpClient&) = delete;

  /// Sends {id, method, params[, sessionId]} and waits for the matching reply; returns its "result".
  /// Throws CdpError (naming the method) on a protocol error reply or when the connection is/gets
  /// closed, CdpTimeout after timeout_ms milliseconds without a reply. Safe to call from any number of threads at once.
  nlohmann::json call(const std::string& method, const nlohmann::json& params = nlohmann::json::object(),
                      const std::string& session_id = "", int timeout_ms = 60000);

  /// Sets the handler for protocol events (replaces any previous one; empty function: none).
  void on_event(EventHandler handler);

  /// True while the WebSocket is open.
  bool connected() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pg::cdp
