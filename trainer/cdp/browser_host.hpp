// One headless Chromium hosting the PhoneGym wasm page in N tabs, each tab hosting many env slots.
#pragma once

#include "sim/input/action.hpp"
#include "sim/render/image.hpp"
#include "trainer/cdp/chromium.hpp"
#include "trainer/pool/host.hpp"
#include "trainer/pool/observation.hpp"

#include <nlohmann/json.hpp>

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg {

/// Runs one headless Chromium (pg::cdp::Chromium), a static HTTP server for `web_root`, and `tabs`
/// tabs each loading http://127.0.0.1:<port>/index.html, and drives the page API `window.phonegym`
/// over CDP: a Host (trainer/pool/host.hpp). Env slot ids are global across tabs (new slots are
/// assigned round-robin over tabs; fork() stays in the source slot's tab). All methods are
/// thread-safe except restart(); calls are synchronous (~1 ms round trip), and calls to different
/// tabs can proceed in parallel from different threads.
///
/// Errors: the page reports a failed call as {"error": text, "error_type": kind}; the kind is
/// thrown again as its type (ActionError, StateError, SlotError, std::invalid_argument; "internal"
/// or none: HostError), with "<call>(slot N): " before the page's text. A dead or hung browser, a
/// page that never got ready and malformed replies are HostError.
class BrowserHost : public Host {
 public:
  struct Options {
    std::string web_root;           ///< directory containing index.html (+ the wasm build)
    cdp::LaunchOptions chromium;    ///< how to start Chromium
    int tabs = 1;                   ///< number of tabs (>= 1)
    int timeout_ms = 60000;         ///< page-ready timeout, and per-call timeout unless call_timeout_ms
    /// Per page call, milliseconds (0: timeout_ms). A call that gets no reply marks the host hung:
    /// alive() turns false and the env pool recycles it (restart, restore, replay).
    int call_timeout_ms = 0;
    /// Each tab in its own browser context (Target.createBrowserContext): no shared storage,
    /// cache or renderer process between tabs.
    bool isolate_tabs = true;
    /// Remote host: the DevTools endpoint of a Chromium started elsewhere with
    /// --remote-debugging-port ("http://HOST:PORT" or a "ws://.../devtools/browser/..." URL). Empty:
    /// launch a local headless Chromium. A remote browser is not owned: the destructor closes this
    /// host's tabs and contexts and leaves the browser running.
    std::string devtools_url;
    /// Where the page server listens: 127.0.0.1, or "0.0.0.0" / an interface address so that a
    /// browser on another machine can load the page.
    std::string serve_address = "127.0.0.1";
    /// The base URL the browser loads the page from (e.g. "http://trainer-7:8123" for a remote
    /// browser); empty: the page server's own address.
    std::string page_base_url;
    /// step() and step_batch() go through step_input() (real touch and key events, one action at
    /// a time) instead of the page API: the fidelity path (caps().input_events).
    bool input_events = false;
  };

  /// Starts the server, Chromium and the tabs, and waits until every tab's `phonegym.isReady()`.
  /// Throws HostError (missing web_root/index.html, page not ready in time with its errors) or
  /// cdp::CdpError (Chromium not found / failed to start).
  explicit BrowserHost(Options options);
  /// Closes the CDP connection, terminates Chromium (whole process group) and stops the server.
  ~BrowserHost() override;
  BrowserHost(const BrowserHost&) = delete;
  BrowserHost& operator=(const BrowserHost&) = delete;

  // Host (trainer/pool/host.hpp).
  std::string name() const override;  ///< "chromium", or "remote" for a browser started elsewhere
  HostCaps caps() const override;     ///< pixels, restartable; input_events as the options say
  int create() override;
  void reset(int slot, const nlohmann::json& state = nullptr) override;
  /// Applies one action; returns the page's result object ({"ok":true,"info":{...}}).
  nlohmann::json step(int slot, const Action& a) override;
  nlohmann::json state(int slot) override;
  void set_state(int slot, const nlohmann::json& s) override;
  /// The page's patch_state: an RFC 6902 JSON Patch (docs/state.md); a rejected patch (StateError)
  /// leaves the slot unchanged.
  void patch_state(int slot, const nlohmann::json& patch) override;
  int fork(int slot) override;
  void close(int slot) override;
  nlohmann::json ui_tree(int slot) override;
  /// The observation `spec` asks for, made in the page (CPU rasterizer; PNG/JPEG by the page's
  /// canvas encoder; raw RGB run-length encoded on the wire) in one DevTools call. The host keeps
  /// each slot's last observation: when the page reports the same frame (equal draw-data hash) it
  /// is returned without rasterizing or transferring pixels.
  HostObservation observe(int slot, const ObsSpec& spec) override;
  /// Steps and observes many slots with one DevTools call per tab (tabs in parallel); results in
  /// `ops` order. A rejected action is reported in its result's `error`; a dead tab throws.
  std::vector<BatchResult> step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec) override;
  /// The page's what_if: forks, steps, restores, hashes and closes in the page, one DevTools call.
  std::vector<WhatIf> what_if(int slot, const std::vector<Action>& actions,
                              const std::vector<std::string>& restore) override;
  /// The page's screenshot: 270x600 by the CPU rasterizer (the native host's pixels), 1080x2400
  /// with WebGL2; `som`: the set-of-marks on top.
  Image capture(int slot, bool full_size, bool som) override;
  std::string ui_xml(int slot) override;
  nlohmann::json marks(int slot) override;
  /// Whether the host can serve: the browser runs, its DevTools connection is open and no call
  /// has timed out (false after a crash, a kill or a hung tab).
  bool alive() const override;
  /// Ends what is left of the browser (its whole process group; a remote one's tabs) and starts
  /// anew with the same options: every slot is gone. Not concurrent with other calls.
  void restart() override;
  /// The browser's process id (its process group id too); -1 for a remote browser.
  int pid() const override;

  // Browser-only.
  /// The fidelity path: delivers `a` as real DevTools input (Input.dispatchTouchEvent for taps,
  /// long presses, swipes and drags; Input.dispatchKeyEvent for text and keys) to a full-page
  /// overlay whose gesture recognizer (web/input.js) turns the events back into actions on the
  /// slot. Returns what the page recognized and applied: [{"action", "result"}]. Actions with no
  /// physical gesture (open_app, wait, answer, complete, abort, info, noop) go through the page
  /// API, as a device harness uses `am start`. A `target` is resolved to its widget's centre
  /// first (ActionError if it is not on screen). Throws HostError for a dead tab.
  nlohmann::json step_input(int slot, const Action& a);
  /// HostObservation traffic so far: {"frames", "unchanged", "bytes"} (base64 characters received).
  nlohmann::json wire_stats() const;
  /// Number of tabs.
  int tabs() const;
  /// The page URL loaded in every tab.
  std::string page_url() const;
  /// Evaluates a JavaScript expression in a tab (0-based) and returns its value (returnByValue);
  /// throws HostError with the exception text if it throws. For diagnostics and tests.
  nlohmann::json evaluate(int tab, const std::string& expression);
  /// Runs a full garbage collection in every tab (CDP HeapProfiler.collectGarbage), so a memory
  /// reading counts what the pages keep, not the JSON strings of calls V8 has not yet collected.
  /// For benchmarks; throws HostError as evaluate does.
  void collect_garbage();

 private:
  struct Impl;
  void start();                    // a fresh impl_: server, browser, tabs, ready pages
  nlohmann::json step_by_input(int slot, const Action& a);
  Options opts_;
  std::unique_ptr<Impl> impl_;     // replaced by restart()
};

/// The decoding of what a PhoneGym page sends back over DevTools, as BrowserHost does it (fuzz
/// target `devtools`, docs/security.md). The browser is outside PhoneGym: each function treats
/// its input as untrusted and throws only the documented types.
namespace page {

/// Runtime.evaluate's "result" (returnByValue) -> the value (null for undefined). Throws
/// HostError naming `what` for a JavaScript exception (with its text) or a malformed result.
nlohmann::json evaluate_value(const nlohmann::json& result, const std::string& what);

/// The page API's reply, a JSON string -> the JSON it holds. {"error": text, "error_type": kind}
/// is thrown again as its kind (sim/env/slots.hpp): ActionError, StateError, SlotError,
/// std::invalid_argument; anything else malformed is a HostError naming `what`.
nlohmann::json api_reply(const nlohmann::json& value, const std::string& what);

/// Throws the page's structured error in `reply` ({"error": text, "error_type": kind}) as its
/// kind, as api_reply does; returns when `reply` holds none.
void throw_error(const nlohmann::json& reply, const std::string& what);

/// A page observation object {"hash": hex, "unchanged"?, "width", "height", "encoding": rle|png|
/// jpeg, "data": base64, "xml"?} for `spec`. `unchanged`: the page holds the same frame as the
/// host (obs is then empty but for ui_xml). Throws HostError naming `what` for a missing or
/// malformed field, a size other than the spec's, bad base64 or RLE.
struct PageObservation {
  std::uint64_t hash = 0;
  bool unchanged = false;
  HostObservation obs;
};
PageObservation observation(const nlohmann::json& r, const ObsSpec& spec, const std::string& what);

/// What a DevTools event from a page adds to the host's diagnostics (exceptions, console errors
/// and warnings, log entries), or "" for events that add nothing. Never throws.
std::string event_diagnostic(const std::string& method, const nlohmann::json& params);

}  // namespace page

}  // namespace pg
