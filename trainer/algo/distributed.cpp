#include "trainer/algo/distributed.hpp"

#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include <chrono>
#include <stdexcept>

namespace pg {

namespace {

class GlooCollective : public Collective {
 public:
  explicit GlooCollective(const RendezvousOptions& o) : rank_(o.rank), world_(o.world_size) {
    try {
      c10d::TCPStoreOptions so;
      so.port = static_cast<std::uint16_t>(o.port);
      so.isServer = o.rank == 0;
      so.numWorkers = o.world_size;
      so.waitWorkers = true;
      so.timeout = std::chrono::milliseconds(1000LL * o.timeout_s);
      store_ = c10::make_intrusive<c10d::TCPStore>(o.addr, so);
      auto opts = c10d::ProcessGroupGloo::Options::create(std::chrono::milliseconds(1000LL * o.timeout_s));
      opts->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname(o.addr));
      pg_ = c10::make_intrusive<c10d::ProcessGroupGloo>(store_, o.rank, o.world_size, opts);
    } catch (const std::exception& e) {
      throw std::runtime_error("rendezvous at " + o.addr + ":" + std::to_string(o.port) + " as rank " +
                               std::to_string(o.rank) + " of " + std::to_string(o.world_size) + " failed: " + e.what());
    }
  }
  int rank() const override { return rank_; }
  int world_size() const override { return world_; }
  void all_reduce_sum(std::vector<torch::Tensor>& tensors) override {
    // One flat buffer per dtype keeps the number of collectives small.
    std::vector<torch::Tensor> f32, f64;
    for (auto& t : tensors) (t.scalar_type() == torch::kFloat64 ? f64 : f32).push_back(t);
    for (auto* group : {&f32, &f64}) {
      if (group->empty()) continue;
      std::vector<torch::Tensor> flat_parts;
      for (auto& t : *group) flat_parts.push_back(t.contiguous().view(-1));
      std::vector<torch::Tensor> buf{torch::cat(flat_parts)};
      pg_->allreduce(buf)->wait();
      std::int64_t off = 0;
      for (auto& t : *group) {
        const auto n = t.numel();
        t.copy_(buf[0].slice(0, off, off + n).view_as(t));
        off += n;
      }
    }
  }
  double max(double v) override {
    std::vector<torch::Tensor> t{torch::tensor({v}, torch::kFloat64)};
    c10d::AllreduceOptions o;
    o.reduceOp = c10d::ReduceOp::MAX;
    pg_->allreduce(t, o)->wait();
    return t[0].item<double>();
  }

 private:
  int rank_, world_;
  c10::intrusive_ptr<c10d::Store> store_;
  c10::intrusive_ptr<c10d::ProcessGroupGloo> pg_;
};

}  // namespace

bool have_gloo() { return true; }

std::unique_ptr<Collective> make_gloo_collective(const RendezvousOptions& o) {
  if (o.world_size < 1 || o.rank < 0 || o.rank >= o.world_size)
    throw std::runtime_error("rank " + std::to_string(o.rank) + " of world size " + std::to_string(o.world_size) +
                             ": expected 0 <= rank < world size");
  return std::make_unique<GlooCollective>(o);
}

}  // namespace pg
