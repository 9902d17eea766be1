// Env hosts behind one interface: the browser host (headless Chromium over CDP, the main path)
// and the native host (the same sim in-process). The pool, the evaluator and the trainer see only
// this interface and never special-case a backend.
#pragma once

#include "sim/input/action.hpp"
#include "sim/render/image.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <string>

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
  virtual int fork(int slot) = 0;                  ///< a new slot with an identical state
  virtual void close(int slot) = 0;
  /// RGB screenshot: 270x600 box-downscaled observation, or 1080x2400 when `full_size`.
  virtual Image screenshot(int slot, bool full_size) = 0;
  virtual nlohmann::json ui_tree(int slot) = 0;
  virtual bool has_pixels() const = 0;             ///< whether screenshot() works on this host
};

/// The sim in-process. No pixels yet (the CPU renderer arrives with the simulator core issue):
/// screenshot() throws std::runtime_error saying so; use it for judges, oracles and tests.
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
  int fork(int slot) override;
  void close(int slot) override;
  Image screenshot(int slot, bool full_size) override;
  nlohmann::json ui_tree(int slot) override;
  bool has_pixels() const override { return false; }

 private:
  Env& env(int slot);
  std::map<int, std::unique_ptr<Env>> envs_;
  int next_ = 0;
};

struct HostOptions {
  std::string kind = "chromium";  ///< "chromium" or "native"
  std::string web_root;           ///< directory with index.html + phonegym.{js,wasm} (chromium)
  std::string chromium;           ///< executable; empty: $PHONEGYM_CHROMIUM or PATH
  int tabs = 1;
};

/// Makes a host; throws std::invalid_argument for an unknown kind, HostError if Chromium fails.
std::unique_ptr<Host> make_host(const HostOptions& opts);

}  // namespace pg
