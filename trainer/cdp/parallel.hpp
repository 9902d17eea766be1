// Running a few jobs at once (one per tab or per browser) and rethrowing the first failure.
#pragma once

#include <exception>
#include <functional>
#include <future>
#include <vector>

namespace pg {

/// Runs every job, each on its own thread (the first on the caller's), waits for all, then
/// rethrows the first exception any of them threw.
inline void run_in_parallel(const std::vector<std::function<void()>>& jobs) {
  if (jobs.empty()) return;
  std::vector<std::future<void>> rest;
  for (std::size_t i = 1; i < jobs.size(); ++i) rest.push_back(std::async(std::launch::async, jobs[i]));
  std::exception_ptr first;
  try {
    jobs[0]();
  } catch (...) {
    first = std::current_exception();
  }
  for (auto& f : rest) {
    try {
      f.get();
    } catch (...) {
      if (!first) first = std::current_exception();
    }
  }
  if (first) std::rethrow_exception(first);
}

}  // namespace pg
