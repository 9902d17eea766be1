// The evaluation report: one self-contained HTML page (results.html) with the summary metrics,
// the breakdowns, a row per task, and a trajectory viewer showing every step's screenshot with
// its action drawn on it (tap point, swipe arrow, typed text).
#pragma once

#include "trainer/eval/agent.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace pg {

/// Writes the report to `path`. `results` is what results.json holds (compute_metrics' output
/// plus the run's metadata); screenshot paths in the trajectories are relative to the report.
/// Throws std::runtime_error naming the path if it cannot be written.
void write_html_report(const std::string& path, const nlohmann::json& results, const std::vector<Trajectory>& trajs);

/// One self-contained HTML page comparing two evaluations (results.json of `phonegym eval`) side by
/// side: the headline metrics, then success rate per app, capability, difficulty, objective,
/// split and template with the difference in points (B - A), templates sorted by the largest
/// change. Warns when the two ran different template versions (their hashes differ) or splits.
/// `label_a` / `label_b` name the runs (e.g. their directories).
std::string compare_results_html(const nlohmann::json& a, const nlohmann::json& b, const std::string& label_a,
                                 const std::string& label_b);

/// An SVG overlay (viewBox 0..1000, stretched over a screenshot) drawing the action: a circle at
/// a tap, an arrow for a swipe, the typed text or the action's name as a label.
std::string action_svg(const Action& a);

}  // namespace pg
