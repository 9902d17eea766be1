// Launching and owning one headless Chromium process (and its whole process group).
#pragma once

#include "trainer/cdp/error.hpp"

#include <sys/types.h>

#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace pg::cdp {

/// How to start Chromium.
struct LaunchOptions {
  /// Path or name on PATH; empty: $PHONEGYM_CHROMIUM, else chromium, chromium-browser, google-chrome on PATH.
  std::string executable;
  bool headless = true;                 ///< pass --headless
  std::vector<std::string> extra_args;  ///< appended after the default flags (before the start URL)
  int startup_timeout_ms = 30000;       ///< how long to wait for "DevTools listening on ws://..."
};

/// One running Chromium with remote debugging on 127.0.0.1 (ephemeral port) and a fresh temporary
/// profile. The destructor terminates the whole process group (SIGTERM, SIGKILL after ~2 s), reaps
/// the browser and removes the profile directory. If this process dies first (SIGKILL, a crash),
/// a watchdog process kills the browser's group, so no Chromium is left behind.
class Chromium {
 public:
  /// Starts Chromium and waits for its DevTools endpoint. Throws CdpError when the executable is not
  /// found, when it exits during startup (message has the exit status and its last stderr lines), or
  /// on timeout.
  static std::unique_ptr<Chromium> launch(const LaunchOptions& options);

  ~Chromium();
  Chromium(const Chromium&) = delete;
  Chromium& operator=(const Chromium&) = delete;

  /// The browser-level DevTools WebSocket URL, e.g. ws://127.0.0.1:41235/devtools/browser/<id>.
  const std::string& browser_ws_url() const { return ws_url_; }
  /// The browser's process id (also its process group id).
  pid_t pid() const { return pid_; }
  /// True while the browser process has not exited (reaps it if it has).
  bool alive() const;
  /// The last (up to 50) lines Chromium wrote to stderr, joined with newlines (for error messages).
  std::string recent_stderr() const;
  /// The executable that was started (resolved path).
  const std::string& executable() const { return executable_; }

 private:
  Chromium() = default;
  void drain_stderr();
  void push_line(std::string line);
  void terminate();
  void start_watchdog();
  void stop_watchdog();

  pid_t pid_ = -1;
  std::string executable_;
  std::string ws_url_;
  std::string profile_dir_;
  int stderr_fd_ = -1;
  pid_t watchdog_pid_ = -1;  ///< kills the group if this process dies without the destructor
  int watchdog_fd_ = -1;
  std::thread drain_thread_;
  std::atomic<bool> stop_drain_{false};
  mutable std::mutex mu_;
  std::deque<std::string> lines_;
  std::string partial_;
  mutable bool reaped_ = false;
  mutable int exit_status_ = 0;
};

/// Resolves the Chromium executable as LaunchOptions::executable documents; throws CdpError
/// ("Chromium not found: ...") if there is none.
std::string find_chromium(const std::string& executable);

}  // namespace pg::cdp
