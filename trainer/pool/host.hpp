// Env hosts behind one interface (docs/host-api.md, "The Host interface"): the browser host
// (headless Chromium over CDP, the main path), the native host (the same sim in-process) and
// MultiHost. The pool, the evaluator and the trainer see only this interface.
#pragma once

#include "sim/env/slots.hpp"
#include "sim/input/action.hpp"
#include "sim/render/image.hpp"
#include "trainer/pool/observation.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <mutex>
#include <optional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg {

/// The host cannot serve: its browser crashed, was killed or hung (alive() turns false), the page
/// never became ready, or it answered something malformed or failed inside ("internal" page
/// errors). Not thrown for a rejected action (ActionError), a bad state or patch (StateError), an
/// unknown slot (SlotError) or a bad argument (std::invalid_argument).
struct HostError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// What a host can do beyond the core calls, declared here and nowhere else (Host::caps()).
struct HostCaps {
  /// Screens as pixels: screenshot(), screenshot_som() and pixel observations. Every host today;
  /// a host without them still has ui_tree(), ui_xml() and marks().
  bool pixels = true;
  /// The envs live in another process (a browser) that can die or hang: alive() can turn false and
  /// restart() starts a new one. False: in-process envs, alive() is always true, restart() only
  /// forgets the slots, pid() is -1.
  bool restartable = false;
  /// step() and step_batch() deliver actions as real touch and key events through the page's
  /// gesture recognizer (the fidelity path, docs/host-api.md), one action at a time.
  bool input_events = false;
};

/// Env slots addressed by integer ids, behind one interface: the browser host (headless Chromium
/// over CDP, trainer/cdp/browser_host.hpp), the native host (the same sim in-process) and MultiHost
/// (several hosts as one). The pool, the evaluator and the trainer see only this interface and
/// never special-case a backend. Errors are typed where they arise: ActionError (a rejected
/// action: nothing changed), StateError (a state or patch that does not fit the schema: nothing
/// changed), SlotError (an unknown slot), std::invalid_argument (a bad argument), HostError (the
/// host itself failed). Messages name the call and the slot.
class Host {
 public:
  virtual ~Host() = default;

  // --- Core: every host ---------------------------------------------------------------------
  virtual std::string name() const = 0;  ///< "chromium", "remote", "native", "chromium x2"
  virtual HostCaps caps() const = 0;     ///< the optional capabilities, declared once
  virtual int create() = 0;              ///< a new slot at the default state
  virtual void reset(int slot, const nlohmann::json& state) = 0;  ///< null: defaults
  virtual nlohmann::json step(int slot, const Action& a) = 0;     ///< {"ok", "info"}
  virtual nlohmann::json state(int slot) = 0;                     ///< {"os", "apps"} (kilobytes)
  virtual void set_state(int slot, const nlohmann::json& s) = 0;
  /// Applies an RFC 6902 JSON Patch to the slot's state (docs/state.md), validated like
  /// set_state; a rejected patch changes nothing.
  virtual void patch_state(int slot, const nlohmann::json& patch) = 0;
  virtual int fork(int slot) = 0;        ///< a new slot with an identical state
  virtual void close(int slot) = 0;
  /// The accessibility nodes: {"width": 1080, "height": 2400, "nodes": [...]}.
  virtual nlohmann::json ui_tree(int slot) = 0;
  /// The observation `spec` asks for (size, PNG/JPEG/raw, set-of-marks, XML), made the same way on
  /// every host (sim/render/obs.hpp).
  virtual HostObservation observe(int slot, const ObsSpec& spec) = 0;
  /// Steps and/or observes many slots in one round trip where the host can (the browser host sends
  /// one DevTools call per tab, tabs in parallel); `spec` null: no observations. Results are in
  /// `ops` order; a rejected action is reported in its result's `error` (the other ops go on);
  /// host failures throw.
  virtual std::vector<BatchResult> step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec) = 0;
  /// The what-if primitive: for each action, a throwaway fork of `slot` takes it, the values at the
  /// JSON pointers `restore` are put back to the slot's, and the fork's state and UI tree are
  /// hashed (sim/env/slots.hpp: pg::what_if, the same C++ on every host). `slot` is unchanged. The
  /// browser host does all of it in one DevTools call. Raw results: outcomes() decides equality.
  virtual std::vector<WhatIf> what_if(int slot, const std::vector<Action>& actions,
                                      const std::vector<std::string>& restore) = 0;

  // --- Screens (caps().pixels for the images) -----------------------------------------------
  /// The screen as RGB: 270x600 (the 1080x2400 frame box-downscaled by 4) or 1080x2400 when
  /// `full_size`; with `som` the set-of-marks drawn on top. The browser host draws full-size
  /// screens with WebGL2 (tests/test_render_parity.cpp compares them with the CPU rasterizer's).
  virtual Image capture(int slot, bool full_size, bool som) = 0;
  /// The screen as Android's `uiautomator dump` XML (sim/ui/a11y.hpp).
  virtual std::string ui_xml(int slot) = 0;
  /// The set-of-marks: [{"mark", "id", "class", "text", "desc", "bounds": [l,t,r,b] px, "x", "y"
  /// (centre, 0..1000)}].
  virtual nlohmann::json marks(int slot) = 0;

  // --- Lifecycle (caps().restartable) --------------------------------------------------------
  /// Whether the host can still serve its slots (false after its browser crashed or hung).
  virtual bool alive() const = 0;
  /// Replaces a dead host by a fresh one: every slot is gone (callers restore them, EnvPool does).
  virtual void restart() = 0;
  /// The process that runs the envs (the browser), or -1 when in-process or remote.
  virtual int pid() const = 0;

  // --- Conveniences over the calls above (not virtual) ---------------------------------------
  Image screenshot(int slot, bool full_size = false) { return capture(slot, full_size, false); }
  Image screenshot_som(int slot, bool full_size) { return capture(slot, full_size, true); }
  bool has_pixels() const { return caps().pixels; }
  /// What-if judging of many candidate actions at one state (action-level GRPO): for each action a
  /// key (16 hex digits), equal for two actions exactly when they leave equal states and equal UI
  /// trees (up to 64-bit hash collisions), with the clock (os.time_ms) put back to its value before
  /// the action (gestures take different times); "" when the action is rejected. Keys compare
  /// across calls and across hosts (native and browser keys are equal). One what_if() call.
  std::vector<std::string> outcomes(int slot, const std::vector<Action>& actions);

 protected:
  /// step_batch() one op at a time through step() and observe() (in-process hosts, the fidelity
  /// path): ActionError becomes the op's `error`, anything else propagates.
  std::vector<BatchResult> step_batch_one_by_one(const std::vector<BatchOp>& ops, const ObsSpec* spec);
};

/// The sim in-process: no browser, no GPU, no display. Screens are rasterized from the same ImGui
/// draw data on the CPU (sim/render/cpu_renderer.hpp), matching the browser's WebGL2 frames closely
/// (tests/test_render_parity.cpp), observations with the same box_downscale. Slots live in an
/// EnvSlots table, like the page's. Single-threaded like the ImGui context it draws with: one call
/// at a time across all native hosts of the process.
class NativeHost : public Host {
 public:
  /// threads: step_batch steps and observes different slots on up to this many threads at once,
  /// each with its own ImGui context (the current context is thread-local, third_party/
  /// imgui_config.h) and renderer; results are exactly those of one thread
  /// (tests/test_native_threads.cpp). Every other call runs one at a time on this host; separate
  /// hosts run in parallel. 0: std::thread::hardware_concurrency().
  explicit NativeHost(int threads = 1);
  ~NativeHost() override;
  /// The threads step_batch uses.
  int threads() const;
  std::string name() const override { return "native"; }
  HostCaps caps() const override { return HostCaps{}; }
  int create() override;
  void reset(int slot, const nlohmann::json& state) override;
  nlohmann::json step(int slot, const Action& a) override;
  nlohmann::json state(int slot) override;
  void set_state(int slot, const nlohmann::json& s) override;
  void patch_state(int slot, const nlohmann::json& patch) override;
  int fork(int slot) override;
  void close(int slot) override;
  nlohmann::json ui_tree(int slot) override;
  HostObservation observe(int slot, const ObsSpec& spec) override;
  std::vector<BatchResult> step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec) override;
  std::vector<WhatIf> what_if(int slot, const std::vector<Action>& actions,
                              const std::vector<std::string>& restore) override;
  Image capture(int slot, bool full_size, bool som) override;
  std::string ui_xml(int slot) override;
  nlohmann::json marks(int slot) override;
  bool alive() const override { return true; }
  void restart() override;  ///< forgets every slot
  int pid() const override { return -1; }
  /// Turns the frame cache (below) off or on (benchmarks of new frames turn it off).
  void set_frame_cache(bool on);

 private:
  EnvSlots slots_;
  std::recursive_mutex mu_;  ///< one call at a time on this host
  struct Workers;
  std::unique_ptr<Workers> workers_;  ///< step_batch's threads besides the caller's
  /// Frames already rasterized, by frame hash, size and renderer (at most 32 MB, oldest out): an
  /// unchanged screen, or a GRPO fork's identical one, is copied instead of drawn again, as the
  /// page does. Shared by step_batch's threads.
  struct FrameCache;
  std::unique_ptr<FrameCache> frames_;
  HostObservation observe_env(Env& env, const ObsSpec& spec);
};

struct HostOptions {
  /// "chromium" (local headless Chromium), "native" (in-process), or "remote:URL[,URL...]": browsers
  /// started elsewhere with --remote-debugging-port, by DevTools URL (http://HOST:PORT or ws://...).
  std::string kind = "chromium";
  std::string web_root;           ///< directory with index.html + phonegym.{js,wasm} (chromium, remote)
  std::string chromium;           ///< executable; empty: $PHONEGYM_CHROMIUM or PATH
  int tabs = 1;                   ///< tabs per browser
  int native_threads = 0;         ///< native: threads step_batch steps slots on (0: one per core)
  int browsers = 1;               ///< local browsers (chromium): more than one makes a MultiHost
  int call_timeout_ms = 0;        ///< per page call (0: 60 s); a timed-out call recycles the host
  /// Remote hosts: the address the page server listens on and the base URL the remote browsers
  /// load the page from (docs/host-api.md, "Remote hosts").
  std::string serve_address = "127.0.0.1";
  std::string page_base_url;
  /// Browser hosts: deliver every action as real DevTools touch and key events through the page's
  /// gesture recognizer (the fidelity path, docs/host-api.md) instead of the page API
  /// (caps().input_events).
  bool input_events = false;
};

/// Fills `o` from the environment, as the command line documents: $PHONEGYM_BROWSERS (local
/// browsers), $PHONEGYM_CALL_TIMEOUT_MS (a page call that takes longer recycles the browser: a hung
/// tab), $PHONEGYM_SERVE_ADDRESS and $PHONEGYM_PAGE_URL (remote browsers), $PHONEGYM_INPUT=events
/// (the input-event fidelity path). Throws std::invalid_argument for a bad value.
void host_options_from_env(HostOptions& o);

/// Makes a host (a MultiHost over several browsers when `browsers` > 1 or several remote URLs are
/// given); throws std::invalid_argument for an unknown kind or a bad count, HostError if a browser
/// cannot be started or reached.
std::unique_ptr<Host> make_host(const HostOptions& opts);

}  // namespace pg
