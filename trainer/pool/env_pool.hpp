// An asynchronous pool of envs over one Host, in the style of EnvPool (Weng et al. 2022):
// send(actions, env_ids) queues steps, recv() returns whichever envs finished first; step() is the
// synchronous special case. The pool keeps, per env, the state it was last reset or forked to and
// the actions taken since, so when the host dies (a killed or crashed Chromium) it restarts the
// host, restores every env and replays its actions: in-flight episodes continue exactly.
#pragma once

#include "sim/input/action.hpp"
#include "sim/render/image.hpp"
#include "trainer/pool/host.hpp"
#include "trainer/pool/observation.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace pg {

/// What a step returns with: the host's reply, and the observation the pool was asked for.
struct StepResult {
  int env_id = -1;
  nlohmann::json info;      ///< the host's step reply ({"ok","info"}) or {"error": ...} for a rejected action
  Image obs;                ///< RGB pixels when the pool observes raw pixels (Options::obs)
  HostObservation observation;  ///< the observation as the host made it (PNG/JPEG bytes, XML, hash)
  nlohmann::json ui_tree;   ///< when the pool observes the accessibility tree
  double latency_ms = 0;    ///< from send() to the result being ready
  /// Set when the host failed for good (restarts exhausted): the step did not happen and `info`
  /// holds no reply. Episode loops must treat it as fatal, never as a rejected action.
  std::string host_error;
};

class EnvPool {
 public:
  struct Options {
    int workers = 2;          ///< threads calling the host (one per Chromium tab is a good choice)
    bool pixels = true;       ///< attach an observation to every result
    bool full_size = false;   ///< shorthand: 1080x2400 instead of obs's size
    ObsSpec obs;              ///< size, raw/PNG/JPEG, set-of-marks, XML (sim/render/obs.hpp)
    bool ui_tree = false;     ///< attach the accessibility tree
    int max_restarts = 3;     ///< give up (rethrow) after this many host restarts
    /// Steps a worker takes from the queue at once and sends as one Host::step_batch (one
    /// DevTools round trip per tab for the browser host).
    int max_batch = 64;
  };

  EnvPool(Host& host, Options opts);
  ~EnvPool();
  EnvPool(const EnvPool&) = delete;
  EnvPool& operator=(const EnvPool&) = delete;

  /// A new env at `state` (null: the default state); returns its id (ids are never reused).
  int add(const nlohmann::json& state);
  /// `k` new envs identical to `env_id` (same state, same future): a GRPO group. All or none: when
  /// a fork fails (std::invalid_argument for an unknown env, HostError) the ones made are removed.
  std::vector<int> fork(int env_id, int k);
  /// Back to `state`; forgets the env's action log.
  void reset(int env_id, const nlohmann::json& state);
  void remove(int env_id);
  nlohmann::json state(int env_id);
  /// Observation of an env now (pixels/ui tree as configured), without stepping.
  StepResult observe(int env_id);
  /// Observations of many envs now, in one batched host call (Host::step_batch without actions).
  std::vector<StepResult> observe(const std::vector<int>& env_ids);

  /// Runs `f(host, slot)` on the env's current slot of the host, for what the pool does not wrap
  /// (what-if outcomes, full-size or set-of-marks screenshots for an agent). When the host dies
  /// during the call it is restarted, every env restored, and `f` run again, so `f` must not change
  /// the env's state (reads, and what-ifs that leave it unchanged). Returns what `f` returns.
  template <class F>
  auto call(int env_id, F&& f) -> decltype(f(std::declval<Host&>(), 0)) {
    return with_host([&] { return f(host_, slot_of(env_id)); });
  }

  /// Queues one action per env (env_ids[i] takes actions[i]); an env must not have a step in
  /// flight. Throws std::invalid_argument for an unknown or busy env.
  void send(const std::vector<Action>& actions, const std::vector<int>& env_ids);
  /// Waits for at least `min_results` finished steps (all in flight when <= 0) and returns every
  /// finished one, in completion order.
  std::vector<StepResult> recv(int min_results = 1);
  /// send, then waits for exactly these envs' results (env_ids order). Safe to call from many
  /// threads at once for distinct envs (the workers batch their steps together); do not mix it
  /// with recv() on other threads, which takes whatever finished.
  std::vector<StepResult> step(const std::vector<Action>& actions, const std::vector<int>& env_ids);

  int restarts() const { return restarts_; }   ///< host restarts so far
  std::size_t size() const;                    ///< live envs

 private:
  struct Env {
    int slot = -1;
    nlohmann::json snapshot;     // state at the last reset/fork
    std::vector<Action> log;     // actions since the snapshot
    bool busy = false;
  };
  struct Task {
    int env_id;
    Action action;
    double t0;
  };

  Host& host_;
  Options opts_;
  mutable std::mutex mu_;            // envs_, queues
  std::condition_variable work_cv_, done_cv_;
  std::shared_mutex host_mu_;        // shared: host calls; unique: restart and restore
  std::map<int, Env> envs_;
  std::deque<Task> tasks_;
  std::deque<StepResult> done_;
  std::vector<std::thread> workers_;
  std::atomic<bool> stop_{false};
  std::atomic<int> restarts_{0};
  int next_id_ = 0;
  int in_flight_ = 0;
  unsigned generation_ = 0;          // bumps at every restart

  void worker();
  std::vector<StepResult> run(const std::vector<Task>& batch);
  /// Restarts the host and restores every env (under the unique host lock); no-op if another
  /// worker already did since `seen_generation`. `why`: the failure that showed the host dead
  /// (logged as a warning with the restart's count and duration).
  void recover(unsigned seen_generation, const std::string& why);
  int slot_of(int env_id) const;
  /// Runs a host call; when it fails because the host died, recovers (restart, restore, replay)
  /// and retries it once; a failure on a live host, or after max_restarts, propagates.
  template <class F>
  auto with_host(F&& f) -> decltype(f()) {
    for (int attempt = 0;; ++attempt) {
      unsigned gen;
      std::string why;
      {
        // The call, and the question whether the host died, both under the shared host lock: no
        // recovery can replace the host meanwhile. (Asking alive() after releasing it raced
        // another worker's restart(), which frees the host's state: a use-after-free.)
        std::shared_lock<std::shared_mutex> h(host_mu_);
        {
          std::lock_guard<std::mutex> l(mu_);
          gen = generation_;  // changes only under the unique host lock
        }
        try {
          return f();
        } catch (const ActionError&) {
          throw;
        } catch (const std::exception& e) {
          if (host_.alive() || attempt >= 1 || restarts_ >= opts_.max_restarts) throw;
          why = e.what();
        }
      }
      recover(gen, why);  // a no-op when another worker recovered since `gen`; then the call is retried
    }
  }
};

}  // namespace pg
