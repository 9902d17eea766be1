// Data-parallel GRPO: 2 ranks (processes) on loopback with c10d Gloo, each updating on its own
// samples, end with the same parameters, equal within float tolerance to one process's update on
// the two batches concatenated. Own executable: it forks.
#include "trainer/algo/distributed.hpp"
#include "trainer/algo/grpo.hpp"

#include "free_port.hpp"

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <filesystem>
#include <random>

#include <sys/wait.h>
#include <unistd.h>

namespace {

using pg::Observation;
using pg::PolicyAction;
using pg::PolicyActionKind;

pg::PolicyConfig config() {
  pg::PolicyConfig c;
  c.apps = {"settings", "clock"};
  c.hidden = 64;
  return c;
}

// Deterministic samples for rank r (images of random blocks, actions of every kind).
std::vector<pg::StepSample> samples_of(int rank) {
  std::mt19937_64 rng(100 + rank);
  std::vector<pg::StepSample> out;
  for (int i = 0; i < 5 + rank; ++i) {  // ranks hold different numbers of samples
    Observation o;
    o.screenshot.width = pg::kObsWidth;
    o.screenshot.height = pg::kObsHeight;
    o.screenshot.channels = 3;
    o.screenshot.data.resize(static_cast<std::size_t>(pg::kObsWidth) * pg::kObsHeight * 3);
    for (int y = 0; y < pg::kObsHeight; ++y)
      for (int x = 0; x < pg::kObsWidth; ++x)
        for (int c = 0; c < 3; ++c)
          o.screenshot.data[(static_cast<std::size_t>(y) * pg::kObsWidth + x) * 3 + c] =
              static_cast<std::uint8_t>(((x / 45) * 37 + (y / 50) * 91 + c * 53 + rank * 17 + i * 29) & 0xff);
    o.instruction = i % 2 ? "turn on wifi" : "open the clock app";
    o.spans = {"07:30"};
    o.history = {i % pg::kNumPolicyActionKinds};
    PolicyAction a;
    a.kind = static_cast<PolicyActionKind>((i + rank) % 8);
    a.x_bin = static_cast<int>(rng() % 17), a.y_bin = static_cast<int>(rng() % 38), a.span = 0, a.app = i % 2;
    const float adv = (i % 3 == 0) ? 1.0f : -0.5f;
    out.push_back(pg::StepSample{o, a, -3.0f - 0.1f * i, adv, i / 2 + 100 * rank, 1.0f});
  }
  return out;
}

pg::GrpoConfig gconfig() {
  pg::GrpoConfig g;
  g.lr = 1e-3;
  g.epochs = 2;
  g.kl_coef = 0.01;
  g.entropy_coef = 0.01;
  g.loss_avg = pg::LossAveraging::Trajectory;
  return g;
}

/// Runs the update; returns the flattened parameters.
torch::Tensor update(const std::vector<pg::StepSample>& samples, pg::Collective* comm) {
  torch::manual_seed(7);
  pg::Policy policy(config());
  pg::Policy ref = pg::clone_policy(policy);
  auto opt = pg::make_optimizer(policy, gconfig());
  // Minibatch larger than any batch: one optimizer step per epoch on every rank and in the
  // single process, so the two runs take the same steps.
  pg::grpo_update(policy, *opt, samples, gconfig(), 64, &ref, 1, comm);
  std::vector<torch::Tensor> flat;
  for (auto& p : policy->parameters()) flat.push_back(p.detach().reshape(-1));
  return torch::cat(flat);
}

TEST(Distributed, TwoRanksMatchOneProcessOnTheConcatenatedBatch) {
  torch::set_num_threads(1);
  const int port = pg::testing::free_tcp_port();
  const std::string out1 = (std::filesystem::temp_directory_path() / ("pg_rank1_" + std::to_string(::getpid()) + ".pt")).string();
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    int rc = 1;
    try {
      auto comm = pg::make_gloo_collective({"127.0.0.1", port, 1, 2, 60});
      auto p = update(samples_of(1), comm.get());
      torch::save(p, out1);
      rc = 0;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "rank 1: %s\n", e.what());
    }
    ::_exit(rc);
  }
  auto comm = pg::make_gloo_collective({"127.0.0.1", port, 0, 2, 60});
  EXPECT_EQ(comm->world_size(), 2);
  const torch::Tensor p0 = update(samples_of(0), comm.get());
  int st = 0;
  ::waitpid(pid, &st, 0);
  ASSERT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << "rank 1 failed";
  torch::Tensor p1;
  torch::load(p1, out1);
  std::filesystem::remove(out1);

  auto both = samples_of(0);
  for (auto& s : samples_of(1)) both.push_back(s);
  const torch::Tensor single = update(both, nullptr);
  torch::manual_seed(7);
  pg::Policy init(config());
  std::vector<torch::Tensor> flat;
  for (auto& p : init->parameters()) flat.push_back(p.detach().reshape(-1));
  const torch::Tensor p_init = torch::cat(flat);

  EXPECT_TRUE(torch::equal(p0, p1)) << "ranks differ by " << (p0 - p1).abs().max().item<double>();
  const double diff = (p0 - single).abs().max().item<double>();
  const double moved = (single - p_init).abs().max().item<double>();
  EXPECT_LT(diff, 1e-5) << "2 ranks vs 1 process";
  EXPECT_GT(moved, 1e-4) << "the update did nothing: the comparison would be vacuous";
}

}  // namespace
