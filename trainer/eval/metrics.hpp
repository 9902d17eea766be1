// Benchmark metrics over a set of trajectories (docs/tasks.md "Metrics"): Success Rate (SR),
// Progress Rate (PR, the fraction of subtasks passed; AndroidLab's Sub-SR), False Complete (FC),
// Overdue Termination (OT), Unexpected Side Effects (USE) as in MobileGym; Reversed Redundancy
// Ratio (RRR, oracle steps / agent steps on successes) and Reasonable Operation Ratio (ROR, steps
// that changed the screen) as in AndroidLab (Xu et al. 2024, §4); pass@k over repeated attempts;
// each overall and broken down by difficulty, app, objective, composition and template.
#pragma once

#include "trainer/eval/agent.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace pg {

/// Steps the template's oracle takes on this instance (its path length, the efficiency
/// reference), counted on the native host; 0 if the oracle fails.
int oracle_path_length(const TaskInstance& inst);

/// Metrics of `trajs`. `oracle_steps` maps "template#seed" to the oracle's path length (for RRR;
/// missing entries leave RRR out). Repeated attempts of one instance (same template and seed)
/// give pass@k for k = 1..attempts.
nlohmann::json compute_metrics(const std::vector<Trajectory>& trajs, const std::map<std::string, int>& oracle_steps);

/// "template#seed", the key of an instance.
std::string instance_key(const TaskInstance& inst);

}  // namespace pg
