// Data-parallel training ranks: LibTorch's c10d ProcessGroupGloo over a TCPStore rendezvous
// (rank 0 hosts the store). Each rank runs its own env hosts; grpo_update sums gradients over
// ranks through this Collective. Only built when the gloo headers are present (PG_HAVE_GLOO).
#pragma once

#include "trainer/algo/grpo.hpp"

#include <memory>
#include <string>

namespace pg {

/// Where the ranks meet: rank 0 listens on addr:port, the others connect.
struct RendezvousOptions {
  std::string addr = "127.0.0.1";
  int port = 29500;
  int rank = 0;
  int world_size = 1;
  int timeout_s = 1800;  ///< how long to wait for the other ranks (rank 0 evaluates alone meanwhile)
};

/// Connects this process as `rank` of `world_size` (blocks until all ranks joined; throws
/// std::runtime_error naming addr:port and the cause on failure, e.g. a timeout).
/// Throws std::runtime_error if the build has no gloo support.
std::unique_ptr<Collective> make_gloo_collective(const RendezvousOptions& options);

/// Whether this build links c10d Gloo.
bool have_gloo();

}  // namespace pg
