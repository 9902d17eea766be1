// Env hosts behind one interface: the browser host (headless Chromium over CDP, the main path)
// and the native host (the same sim in-process). The pool, the evaluator and the trainer see only
// this interface and never special-case a backend.
#pragma once

#include "sim/input/action.hpp"
#include "sim/render/image.hpp"
#include "trainer/pool/observation.hpp"
#include "sim/state/patch.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <mutex>
#include <optional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg {

class Env;

/// Env slots addressed by integer ids. Every call may throw (HostError for the browser host,
/// StateError/ActionError from the sim) with a message naming the slot and the cause.
class Host {
 public:
  virtual ~Host() = default;
  virtual std::string name() const = 0;            ///< "chromium" or "native"
  virtual int create() = 0;                        ///< a new slot at the default state
  virtual void reset(int slot, const nlohmann::json& state) = 0;  ///< null: defaults
  virtual nlohmann::json step(int slot, const Action& a) = 0;     ///< {"ok", "info"}
  virtual nlohmann::json state(int slot) = 0;
  virtual void set_state(int slot, const nlohmann::json& s) = 0;
  /// Applies an RFC 6902 JSON Patch to the slot's state (docs/state.md), validated like
  /// set_state; a rejected patch changes nothing. The default reads the state, patches it here
  /// and calls set_state; hosts override it with one call.
  virtual void patch_state(int slot, const nlohmann::json& patch) {
    set_state(slot, apply_state_patch(state(slot), patch));
  }
  virtual int fork(int slot) = 0;                  ///< a new slot with an identical state
  virtual void close(int slot) = 0;
  /// RGB screenshot: 270x600 box-downscaled observation, or 1080x2400 when `full_size`.
  virtual Image screenshot(int slot, bool full_size) = 0;
  virtual nlohmann::json ui_tree(int slot) = 0;
  virtual bool has_pixels() const = 0;             ///< whether screenshot() works on this host
  /// Whether the host can still serve its slots (false after its browser crashed).
  virtual bool alive() const { return true; }
  /// Replaces a dead host by a fresh one (all slots are gone: callers restore them); throws if
  /// this host cannot restart.
  virtual void restart() { throw std::runtime_error("host " + name() + " cannot restart"); }
  /// The process that runs the envs (the browser), or -1 when in-process.
  virtual int pid() const { return -1; }
  /// The observation `spec` asks for (size, PNG/JPEG/raw, set-of-marks, XML). The default renders
  /// with screenshot()/screenshot_som() and ui_xml(), downscales and encodes here.
  virtual HostObservation observe(int slot, const ObsSpec& spec);
  /// Steps and/or observes many slots in one round trip where the host can (the browser host sends
  /// one DevTools call per tab, tabs in parallel); `spec` null: no observations. Results are in
  /// `ops` order. Host failures (a dead browser) throw; per-op errors are reported in the result.
  virtual std::vector<BatchResult> step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec);
  /// What-if, for judging many candidate actions at one state (action-level GRPO): for each action,
  /// the outcome of taking it from `slot`'s current state, which stays unchanged. An outcome is a
  /// key, equal for two actions exactly when they leave equal states and equal screens (UI trees),
  /// up to 64-bit hash collisions, with the clock (os.time_ms) put back to its value before the
  /// action (gestures take different times); "" when the action is rejected. Keys of one host compare across
  /// calls. The default forks, steps, reads and closes per action; the browser host does all of it
  /// in one DevTools call.
  virtual std::vector<std::string> outcomes(int slot, const std::vector<Action>& actions);
  /// The screen as Android's `uiautomator dump` XML (sim/ui/a11y.hpp). The default throws
  /// std::runtime_error naming the host (hosts override it).
  virtual std::string ui_xml(int slot) {
    (void)slot;
    throw std::runtime_error(name() + " host: ui_xml is not supported");
  }
  /// The screenshot with the set-of-marks drawn on top (numbered boxes on the interactive
  /// elements; same sizes as screenshot()). The default throws std::runtime_error.
  virtual Image screenshot_som(int slot, bool full_size) {
    (void)slot, (void)full_size;
    throw std::runtime_error(name() + " host: screenshot_som is not supported");
  }
  /// The marks of screenshot_som: [{"mark", "id", "class", "text", "desc", "bounds": [l,t,r,b] px,
  /// "x", "y" (centre, 0..1000)}]. The default throws std::runtime_error.
  virtual nlohmann::json marks(int slot) {
    (void)slot;
    throw std::runtime_error(name() + " host: marks is not supported");
  }
};

/// The sim in-process: no browser, no GPU, no display. screenshot() rasterizes the same ImGui draw
/// data on the CPU (sim/render/cpu_renderer.hpp), matching the browser's WebGL2 frames closely
/// (tests/test_render_parity.cpp) and making the observation with the same box_downscale.
/// Single-threaded like the ImGui context it draws with.
class NativeHost : public Host {
 public:
  NativeHost();
  ~NativeHost() override;
  std::string name() const override { return "native"; }
  int create() override;
  void reset(int slot, const nlohmann::json& state) override;
  nlohmann::json step(int slot, const Action& a) override;
  nlohmann::json state(int slot) override;
  void set_state(int slot, const nlohmann::json& s) override;
  void patch_state(int slot, const nlohmann::json& patch) override;
  int fork(int slot) override;
  void close(int slot) override;
  Image screenshot(int slot, bool full_size) override;
  nlohmann::json ui_tree(int slot) override;
  bool has_pixels() const override { return true; }
  std::string ui_xml(int slot) override;
  Image screenshot_som(int slot, bool full_size) override;
  nlohmann::json marks(int slot) override;
  HostObservation observe(int slot, const ObsSpec& spec) override;

 private:
  Env& env(int slot);
  std::map<int, std::unique_ptr<Env>> envs_;
  int next_ = 0;
  // One call at a time across all native hosts: the sim draws with one ImGui context per process.
  static inline std::recursive_mutex mu_;
};

struct HostOptions {
  /// "chromium" (local headless Chromium), "native" (in-process), or "remote:URL[,URL...]": browsers
  /// started elsewhere with --remote-debugging-port, by DevTools URL (http://HOST:PORT or ws://...).
  std::string kind = "chromium";
  std::string web_root;           ///< directory with index.html + phonegym.{js,wasm} (chromium, remote)
  std::string chromium;           ///< executable; empty: $PHONEGYM_CHROMIUM or PATH
  int tabs = 1;                   ///< tabs per browser
  int browsers = 1;               ///< local browsers (chromium): more than one makes a MultiHost
  int call_timeout_ms = 0;        ///< per page call (0: 60 s); a timed-out call recycles the host
  /// Remote hosts: the address the page server listens on and the base URL the remote browsers
  /// load the page from (docs/host-api.md, "Remote hosts").
  std::string serve_address = "127.0.0.1";
  std::string page_base_url;
  /// Browser hosts: deliver every action as real DevTools touch and key events through the page's
  /// gesture recognizer (the fidelity path, docs/host-api.md) instead of the page API.
  bool input_events = false;
};

/// Fills `o` from the environment, as the command line documents: $PHONEGYM_BROWSERS (local
/// browsers), $PHONEGYM_SERVE_ADDRESS and $PHONEGYM_PAGE_URL (remote browsers), $PHONEGYM_INPUT=events
/// (the input-event fidelity path). Throws std::invalid_argument for a bad value.
void host_options_from_env(HostOptions& o);

/// Makes a host (a MultiHost over several browsers when `browsers` > 1 or several remote URLs are
/// given); throws std::invalid_argument for an unknown kind or a bad count, HostError if a browser
/// cannot be started or reached.
std::unique_ptr<Host> make_host(const HostOptions& opts);

}  // namespace pg
