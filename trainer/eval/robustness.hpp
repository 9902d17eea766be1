// The robustness report (docs/real-device.md): one agent on the same instances under each
// perturbation condition (sim/os/perturb.hpp), with the success rate (SR) per condition and the
// fraction of the nominal SR kept under it: the simulated analogue of MobileGym's sim-to-real
// transfer figure (95.1% of the simulated gain kept on a real device).
#pragma once

#include "tasks/task_env.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace pg {

/// The Wilson score interval of a binomial proportion (`successes` of `n`, z = 1.96 for 95%);
/// (0, 1) when n is 0. Wilson, "Probable inference...", JASA 22 (1927).
std::pair<double, double> wilson_interval(int successes, int n, double z = 1.96);

/// The condition an episode ran under (state_condition of its instance's initial state): its
/// device profile and/or perturbation spec, "nominal" for neither.
std::string episode_condition(const Trajectory& t);

/// The report over `trajs` grouped by condition (episode_condition); `nominal` names the
/// reference condition. Per condition: episodes, successes, "sr" with its Wilson "sr_ci", "pr",
/// how often each perturbation fired ("perturbations": {"dropped": n, ...}), and "kept" =
/// SR / nominal SR with a 95% paired-bootstrap "kept_ci" (instances resampled with replacement,
/// the same draw for both conditions, `resamples` times, keyed by `seed`); kept is null when the
/// nominal SR is 0. Throws std::invalid_argument when no trajectory ran under `nominal`.
nlohmann::json robustness_report(const std::vector<Trajectory>& trajs, const std::string& nominal = "nominal",
                                 int resamples = 2000, std::uint64_t seed = 0);

}  // namespace pg
