// The training report: report.html in a run directory, drawn from metrics.jsonl. Learning curves
// (success rate, reward, episode length, KL, entropy; held-out and test SR from the periodic
// evaluations) and SR by difficulty, as inline SVG pictures (our own small plotting code).
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace pg {

/// One line series for svg_line_chart.
struct Series {
  std::string name;
  std::string colour;  ///< CSS colour, e.g. "#1f77b4"
  std::vector<double> x, y;
};

/// An SVG line chart (width x height px) with axes, ticks, a legend and the title. Empty series
/// are skipped; non-finite points are dropped.
std::string svg_line_chart(const std::string& title, const std::vector<Series>& series, int width = 520,
                           int height = 260, const std::string& x_label = "iteration");

/// An SVG grouped bar chart: one group per category, one bar per series value (0..1 scale).
std::string svg_bar_chart(const std::string& title, const std::vector<std::string>& categories,
                          const std::vector<Series>& series, int width = 520, int height = 260);

/// Writes `run_dir`/report.html from `run_dir`/metrics.jsonl (and config.json). Throws
/// std::runtime_error naming the file if one cannot be read or written.
void write_train_report(const std::string& run_dir);

}  // namespace pg
