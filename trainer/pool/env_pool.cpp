#include "trainer/pool/env_pool.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

namespace {
double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

EnvPool::EnvPool(Host& host, Options opts) : host_(host), opts_(opts) {
  if (opts_.workers < 1) throw std::invalid_argument("EnvPool: workers must be >= 1");
  if (opts_.max_batch < 1) throw std::invalid_argument("EnvPool: max_batch must be >= 1");
  if (opts_.full_size) opts_.obs.width = kScreenWidth, opts_.obs.height = kScreenHeight;
  if (opts_.pixels && !host_.has_pixels()) throw std::invalid_argument("EnvPool: host " + host_.name() + " has no pixels");
  for (int i = 0; i < opts_.workers; ++i) workers_.emplace_back([this] { worker(); });
}

EnvPool::~EnvPool() {
  stop_ = true;
  work_cv_.notify_all();
  for (auto& t : workers_) t.join();
}

int EnvPool::slot_of(int env_id) const {
  std::lock_guard<std::mutex> l(mu_);
  auto it = envs_.find(env_id);
  if (it == envs_.end()) throw std::invalid_argument("EnvPool: unknown env " + std::to_string(env_id));
  return it->second.slot;
}

void EnvPool::recover(unsigned seen_generation, const std::string& why) {
  std::unique_lock<std::shared_mutex> h(host_mu_);
  std::lock_guard<std::mutex> l(mu_);
  if (generation_ != seen_generation) return;  // another worker recovered already
  const double t0 = now_ms();
  spdlog::warn("env pool: the {} host died ({}); restarting it (restart {} of at most {}) and restoring {} env(s)",
               host_.name(), why, restarts_ + 1, opts_.max_restarts, envs_.size());
  try {
    host_.restart();
  } catch (const std::exception& e) {
    spdlog::error("env pool: restarting the {} host failed: {}", host_.name(), e.what());
    throw;
  }
  ++restarts_;
  ++generation_;
  std::size_t replayed = 0;
  for (auto& [id, e] : envs_) {
    try {
      host_.close(e.slot);  // on a member that survived (MultiHost), the old slot still exists
    } catch (const std::exception&) {
    }
    e.slot = host_.create();
    host_.set_state(e.slot, e.snapshot);
    for (const Action& a : e.log) {
      try {
        host_.step(e.slot, a);
      } catch (const ActionError&) {  // it was rejected the first time too
      }
    }
    replayed += e.log.size();
  }
  spdlog::warn("env pool: the host is back after {:.1f} s; {} env(s) restored, {} action(s) replayed",
               (now_ms() - t0) / 1000.0, envs_.size(), replayed);
}

// Slots are read and envs registered inside with_host's call, under the shared host lock: a
// recovery (which holds it exclusively) then either happened before, and the slot read is the new
// host's, or happens after, and sees the env registered and rebuilds it. Reading a slot before the
// call let a recovery on another thread slip in between, and the call named a slot of the dead
// host ("unknown env slot N" from a live host: not retried).
int EnvPool::add(const json& state) {
  return with_host([&] {
    const int slot = host_.create();
    try {
      host_.reset(slot, state);
    } catch (const std::exception&) {
      try {
        host_.close(slot);  // a refused state leaves no slot behind
      } catch (const std::exception&) {
      }
      throw;
    }
    // The snapshot a restart restores: the given state (reset and set_state agree), or the defaults.
    json snap = state.is_null() ? host_.state(slot) : state;
    std::lock_guard<std::mutex> l(mu_);
    const int id = next_id_++;
    envs_[id] = Env{slot, std::move(snap), {}, false};
    return id;
  });
}

std::vector<int> EnvPool::fork(int env_id, int k) {
  std::vector<int> ids;
  struct Undo {  // all k forks or none
    EnvPool& pool;
    std::vector<int>& ids;
    bool done = false;
    ~Undo() {
      if (!done)
        for (int id : ids) pool.remove(id);
    }
  } undo{*this, ids};
  for (int i = 0; i < k; ++i) {
    ids.push_back(with_host([&] {
      Env parent;
      {
        std::lock_guard<std::mutex> l(mu_);
        auto it = envs_.find(env_id);
        if (it == envs_.end()) throw std::invalid_argument("EnvPool: unknown env " + std::to_string(env_id));
        parent = it->second;
      }
      const int slot = host_.fork(parent.slot);
      std::lock_guard<std::mutex> l(mu_);
      const int id = next_id_++;
      envs_[id] = Env{slot, std::move(parent.snapshot), std::move(parent.log), false};  // replaying the parent's log rebuilds it
      return id;
    }));
  }
  undo.done = true;
  return ids;
}

void EnvPool::reset(int env_id, const json& state) {
  with_host([&] {
    int slot;
    {
      std::lock_guard<std::mutex> l(mu_);
      auto it = envs_.find(env_id);
      if (it == envs_.end()) throw std::invalid_argument("EnvPool: unknown env " + std::to_string(env_id));
      if (it->second.busy) throw std::invalid_argument("EnvPool: env " + std::to_string(env_id) + " has a step in flight");
      slot = it->second.slot;
    }
    host_.reset(slot, state);
    json snap = state.is_null() ? host_.state(slot) : state;
    std::lock_guard<std::mutex> l(mu_);
    envs_[env_id].snapshot = std::move(snap);
    envs_[env_id].log.clear();
    return 0;
  });
}

void EnvPool::remove(int env_id) {
  try {
    std::shared_lock<std::shared_mutex> h(host_mu_);
    int slot;
    {
      std::lock_guard<std::mutex> l(mu_);
      auto it = envs_.find(env_id);
      if (it == envs_.end()) return;
      slot = it->second.slot;
      envs_.erase(it);
    }
    host_.close(slot);
  } catch (const std::exception&) {  // a dead host has no slot to close
  }
}

json EnvPool::state(int env_id) {
  return with_host([&] {
    std::lock_guard<std::mutex> l(mu_);
    return host_.state(envs_.at(env_id).slot);
  });
}

std::size_t EnvPool::size() const {
  std::lock_guard<std::mutex> l(mu_);
  return envs_.size();
}

StepResult EnvPool::observe(int env_id) {
  StepResult r;
  r.env_id = env_id;
  with_host([&] {
    int slot;
    {
      std::lock_guard<std::mutex> l(mu_);
      slot = envs_.at(env_id).slot;
    }
    if (opts_.pixels) {
      r.observation = host_.observe(slot, opts_.obs);
      r.obs = r.observation.image;
    }
    if (opts_.ui_tree) r.ui_tree = host_.ui_tree(slot);
    return 0;
  });
  return r;
}

std::vector<StepResult> EnvPool::observe(const std::vector<int>& env_ids) {
  std::vector<BatchResult> res = with_host([&] {
    std::vector<BatchOp> ops;
    for (int id : env_ids) ops.push_back({slot_of(id), std::nullopt});
    return host_.step_batch(ops, opts_.pixels ? &opts_.obs : nullptr);
  });
  std::vector<StepResult> out(env_ids.size());
  for (std::size_t i = 0; i < env_ids.size(); ++i) {
    StepResult& r = out[i];
    r.env_id = env_ids[i];
    if (!res[i].error.empty()) throw std::runtime_error("EnvPool: observing env " + std::to_string(env_ids[i]) + ": " + res[i].error);
    r.observation = std::move(res[i].obs);
    r.obs = r.observation.image;
    if (opts_.ui_tree) r.ui_tree = with_host([&] { return host_.ui_tree(slot_of(env_ids[i])); });
  }
  return out;
}

void EnvPool::send(const std::vector<Action>& actions, const std::vector<int>& env_ids) {
  if (actions.size() != env_ids.size()) throw std::invalid_argument("EnvPool::send: actions and env_ids differ in size");
  {
    std::lock_guard<std::mutex> l(mu_);
    std::set<int> seen;
    for (int id : env_ids) {
      if (!seen.insert(id).second) throw std::invalid_argument("EnvPool::send: env " + std::to_string(id) + " listed twice");
      auto it = envs_.find(id);
      if (it == envs_.end()) throw std::invalid_argument("EnvPool::send: unknown env " + std::to_string(id));
      if (it->second.busy) throw std::invalid_argument("EnvPool::send: env " + std::to_string(id) + " has a step in flight");
    }
    const double t0 = now_ms();
    for (std::size_t i = 0; i < env_ids.size(); ++i) {
      envs_[env_ids[i]].busy = true;
      tasks_.push_back({env_ids[i], actions[i], t0});
      ++in_flight_;
    }
  }
  work_cv_.notify_all();
}

std::vector<StepResult> EnvPool::recv(int min_results) {
  std::unique_lock<std::mutex> l(mu_);
  const std::size_t want = min_results <= 0 ? static_cast<std::size_t>(in_flight_) + done_.size()
                                            : static_cast<std::size_t>(min_results);
  // Enough results, or nothing more will come (no step in flight).
  done_cv_.wait(l, [&] { return done_.size() >= want || in_flight_ == 0; });
  std::vector<StepResult> out(std::make_move_iterator(done_.begin()), std::make_move_iterator(done_.end()));
  done_.clear();
  return out;
}

std::vector<StepResult> EnvPool::step(const std::vector<Action>& actions, const std::vector<int>& env_ids) {
  send(actions, env_ids);
  // Only this call's results are taken, so threads stepping their own envs concurrently (the
  // evaluator's workers, the environment server's sessions) never take each other's.
  const std::set<int> mine(env_ids.begin(), env_ids.end());
  std::map<int, StepResult> by_env;
  {
    std::unique_lock<std::mutex> l(mu_);
    for (;;) {
      for (auto it = done_.begin(); it != done_.end();) {
        if (mine.count(it->env_id)) {
          by_env[it->env_id] = std::move(*it);
          it = done_.erase(it);
        } else {
          ++it;
        }
      }
      if (by_env.size() >= mine.size()) break;
      done_cv_.wait(l);
    }
  }
  std::vector<StepResult> out;
  for (int id : env_ids) out.push_back(std::move(by_env[id]));
  return out;
}

std::vector<StepResult> EnvPool::run(const std::vector<Task>& batch) {
  std::vector<BatchResult> res = with_host([&] {
    std::vector<BatchOp> ops;
    {
      std::lock_guard<std::mutex> l(mu_);  // slots are read here: a recovery may have moved them
      for (const Task& t : batch) ops.push_back({envs_.at(t.env_id).slot, t.action});
    }
    return host_.step_batch(ops, opts_.pixels ? &opts_.obs : nullptr);
  });
  std::vector<StepResult> out(batch.size());
  {
    std::lock_guard<std::mutex> l(mu_);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      // A step that happened is logged (replayed after a restart); a rejected action changed nothing.
      if (!res[i].info.is_null()) envs_.at(batch[i].env_id).log.push_back(batch[i].action);
    }
  }
  for (std::size_t i = 0; i < batch.size(); ++i) {
    StepResult& r = out[i];
    r.env_id = batch[i].env_id;
    r.info = res[i].error.empty() ? std::move(res[i].info) : json{{"error", res[i].error}};
    r.observation = std::move(res[i].obs);
    r.obs = r.observation.image;
    if (opts_.ui_tree) {
      StepResult o = observe(batch[i].env_id);
      r.ui_tree = std::move(o.ui_tree);
      if (!opts_.pixels) r.obs = {};
    }
    r.latency_ms = now_ms() - batch[i].t0;
  }
  return out;
}

void EnvPool::worker() {
  for (;;) {
    std::vector<Task> batch;
    {
      std::unique_lock<std::mutex> l(mu_);
      work_cv_.wait(l, [&] { return stop_ || !tasks_.empty(); });
      if (stop_) return;
      // Take a fair share of the queue (the other workers take the rest), at most max_batch.
      const std::size_t share = (tasks_.size() + static_cast<std::size_t>(opts_.workers) - 1) / static_cast<std::size_t>(opts_.workers);
      const std::size_t n = std::min<std::size_t>(std::max<std::size_t>(1, share), static_cast<std::size_t>(opts_.max_batch));
      for (std::size_t i = 0; i < n && !tasks_.empty(); ++i) {
        batch.push_back(tasks_.front());
        tasks_.pop_front();
      }
    }
    std::vector<StepResult> rs;
    try {
      rs = run(batch);
    } catch (const std::exception& e) {
      for (const Task& t : batch) {
        StepResult r;
        r.env_id = t.env_id;
        r.host_error = e.what();
        rs.push_back(std::move(r));
      }
    }
    {
      std::lock_guard<std::mutex> l(mu_);
      for (StepResult& r : rs) {
        if (auto it = envs_.find(r.env_id); it != envs_.end()) it->second.busy = false;
        --in_flight_;
        done_.push_back(std::move(r));
      }
    }
    done_cv_.notify_all();
  }
}

}  // namespace pg
