#include "sim/env/env.hpp"
#include "sim/render/codec.hpp"
#include "sim/render/obs.hpp"
#include "sim/render/screen.hpp"
#include "trainer/pool/host.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

namespace pg {

/// A fixed set of threads that run the tasks 0..n-1 of one job together with the caller.
struct NativeHost::Workers {
  explicit Workers(int extra) {
    for (int i = 0; i < extra; ++i) threads.emplace_back([this] { loop(); });
  }
  ~Workers() {
    {
      std::lock_guard<std::mutex> l(mu);
      stop = true;
    }
    cv.notify_all();
    for (auto& t : threads) t.join();
  }
  /// Runs fn(0..n-1) over the workers and the calling thread; returns when all are done; rethrows
  /// the first exception a task threw.
  int size() const { return static_cast<int>(threads.size()); }
  void run(int n, const std::function<void(int)>& fn) {
    {
      std::lock_guard<std::mutex> l(mu);
      job = &fn, tasks = n, next = 0, done = 0, error = nullptr, ++generation;
    }
    cv.notify_all();
    work();
    std::unique_lock<std::mutex> l(mu);
    finished.wait(l, [&] { return done == tasks; });
    job = nullptr;
    if (error) std::rethrow_exception(error);
  }

 private:
  void work() {
    for (;;) {
      const int i = next.fetch_add(1);
      if (i >= tasks) return;
      try {
        (*job)(i);
      } catch (...) {
        std::lock_guard<std::mutex> l(mu);
        if (!error) error = std::current_exception();
      }
      std::lock_guard<std::mutex> l(mu);
      if (++done == tasks) finished.notify_all();
    }
  }
  void loop() {
    std::uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> l(mu);
        cv.wait(l, [&] { return stop || (generation != seen && job); });
        if (stop) return;
        seen = generation;
      }
      work();
    }
  }

  std::vector<std::thread> threads;
  std::mutex mu;
  std::condition_variable cv, finished;
  const std::function<void(int)>* job = nullptr;
  int tasks = 0, done = 0;
  std::atomic<int> next{0};
  std::uint64_t generation = 0;
  std::exception_ptr error;
  bool stop = false;
};

NativeHost::NativeHost(int threads) : frames_(std::make_unique<FrameCache>()) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (threads > 1) workers_ = std::make_unique<Workers>(threads - 1);
}
NativeHost::~NativeHost() = default;

int NativeHost::threads() const { return workers_ ? 1 + static_cast<int>(workers_->size()) : 1; }

using Lock = std::lock_guard<std::recursive_mutex>;

struct NativeHost::FrameCache {
  static constexpr std::size_t kBytes = 32u << 20;
  struct Frame {
    std::uint64_t hash;
    int width;
    bool direct;
    std::shared_ptr<const Image> image;  ///< shared, so a hit copies the pixels outside the lock
  };
  std::mutex mu;
  std::deque<Frame> frames;  // oldest first
  std::size_t bytes = 0;
  std::atomic<bool> on{true};

  bool find(std::uint64_t hash, const ObsSpec& spec, Image& out) {
    if (!on) return false;
    std::shared_ptr<const Image> hit;
    {
      std::lock_guard<std::mutex> l(mu);
      for (const Frame& f : frames)
        if (f.hash == hash && f.width == spec.width && f.direct == spec.direct) {
          hit = f.image;
          break;
        }
    }
    if (!hit) return false;
    out = *hit;
    return true;
  }
  void add(std::uint64_t hash, const ObsSpec& spec, const Image& image) {
    if (!on || image.data.size() > kBytes / 4) return;  // full-size frames are not worth keeping
    auto copy = std::make_shared<const Image>(image);
    std::lock_guard<std::mutex> l(mu);
    frames.push_back({hash, spec.width, spec.direct, std::move(copy)});
    bytes += image.data.size();
    while (bytes > kBytes) {
      bytes -= frames.front().image->data.size();
      frames.pop_front();
    }
  }
};

void NativeHost::set_frame_cache(bool on) {
  frames_->on = on;
  if (!on) {
    std::lock_guard<std::mutex> l(frames_->mu);
    frames_->frames.clear();
    frames_->bytes = 0;
  }
}

HostObservation NativeHost::observe_env(Env& env, const ObsSpec& spec) {
  HostObservation o;
  o.spec = spec;
  Image img;
  bool cached = false;
  Image drawn = render_observation(env.phone(), spec, o.hash,
                                   [&](std::uint64_t h) { return cached = frames_->find(h, spec, img); });
  if (!cached) {
    img = std::move(drawn);
    frames_->add(o.hash, spec, img);
  }
  if (spec.format == ObsSpec::Format::Raw) o.image = std::move(img);
  else o.encoded = encode_image(img, spec.format, spec.quality);
  if (spec.ui_xml) o.ui_xml = env.ui_xml();
  return o;
}

int NativeHost::create() {
  Lock l(mu_);
  return slots_.create();
}
void NativeHost::reset(int slot, const nlohmann::json& state) {
  Lock l(mu_);
  slots_.at(slot).reset(state);
}
nlohmann::json NativeHost::step(int slot, const Action& a) {
  Lock l(mu_);
  return slots_.at(slot).step(a);
}
nlohmann::json NativeHost::state(int slot) {
  Lock l(mu_);
  return slots_.at(slot).state();
}
void NativeHost::set_state(int slot, const nlohmann::json& s) {
  Lock l(mu_);
  slots_.at(slot).set_state(s);
}
void NativeHost::patch_state(int slot, const nlohmann::json& p) {
  Lock l(mu_);
  slots_.at(slot).apply_patch(p);
}
int NativeHost::fork(int slot) {
  Lock l(mu_);
  return slots_.fork(slot);
}
void NativeHost::close(int slot) {
  Lock l(mu_);
  slots_.close(slot);
}
void NativeHost::restart() {
  Lock l(mu_);
  slots_.clear();
}
nlohmann::json NativeHost::ui_tree(int slot) {
  Lock l(mu_);
  return slots_.at(slot).ui_tree();
}
std::string NativeHost::ui_xml(int slot) {
  Lock l(mu_);
  return slots_.at(slot).ui_xml();
}
nlohmann::json NativeHost::marks(int slot) {
  Lock l(mu_);
  return slots_.at(slot).marks();
}
Image NativeHost::capture(int slot, bool full_size, bool som) {
  Lock l(mu_);
  return render_screen(slots_.at(slot).phone(), full_size, som);
}
HostObservation NativeHost::observe(int slot, const ObsSpec& spec) {
  Lock l(mu_);
  return observe_env(slots_.at(slot), spec);
}
std::vector<BatchResult> NativeHost::step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec) {
  Lock l(mu_);
  if (!workers_ || ops.size() < 2) return step_batch_one_by_one(ops, spec);
  // The ops of one slot run in order on one thread; different slots run at once (an Env touches
  // only its own phone; the ImGui context and the renderer are the thread's own).
  std::map<int, std::vector<std::size_t>> by_slot;
  for (std::size_t i = 0; i < ops.size(); ++i) by_slot[ops[i].slot].push_back(i);
  std::vector<std::pair<Env*, const std::vector<std::size_t>*>> groups;
  std::vector<BatchResult> out(ops.size());
  for (const auto& [slot, idx] : by_slot) {
    Env* env = nullptr;
    try {
      env = &slots_.at(slot);
    } catch (...) {  // an unknown slot fails below as it does one by one
    }
    groups.emplace_back(env, &idx);
  }
  workers_->run(static_cast<int>(groups.size()), [&](int g) {
    auto [env, idx] = groups[static_cast<std::size_t>(g)];
    for (std::size_t i : *idx) {
      BatchResult& r = out[i];
      r.slot = ops[i].slot;
      try {
        Env& e = env ? *env : slots_.at(ops[i].slot);  // throws the slot error
        if (ops[i].action) r.info = e.step(*ops[i].action);
        if (spec) r.obs = observe_env(e, *spec);
      } catch (const ActionError& ex) {
        r.error = ex.what();
        r.error_type = "action";
      }
    }
  });
  return out;
}
std::vector<WhatIf> NativeHost::what_if(int slot, const std::vector<Action>& actions,
                                        const std::vector<std::string>& restore) {
  Lock l(mu_);
  return slots_.what_if(slot, actions, restore);
}

}  // namespace pg
