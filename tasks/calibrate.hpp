// Difficulty calibrated from data (`phonegym tasks calibrate`, docs/benchmark.md "Difficulty
// calibration"): the oracle's features of each template, measured by running it, and a Rasch model
// (Rasch 1960; item response theory as used to calibrate benchmarks, e.g. Lalor et al. 2016,
// Polo et al. 2024 "tinyBenchmarks") fitted to agents' successes with the features as its prior
// (difficulty explained by item features: Fischer 1973's LLTM, with a residual per item as in
// Janssen, Schepers & Peres 2004; here the feature weights are fixed, not fitted).
// Levels L1-L4 are quantiles of the fitted difficulty. Pure computation plus native oracle runs:
// no trainer, no host.
#pragma once

#include "tasks/task.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <string>
#include <vector>

namespace pg {

/// What the oracle's solution of a template costs, the mean over the instances it was run on.
struct OracleFeatures {
  double path_length = 0;   ///< actions on the path (complete and abort not counted, as eval's RRR counts)
  double apps = 0;          ///< distinct apps in the foreground (launcher and AnswerSheet not counted)
  double typed_chars = 0;   ///< characters of every `type` action
  double answer_chars = 0;  ///< reading load: characters of the answer the agent must find and report
                            ///< (AnswerSheet expected values and `answer` texts); 0 for operate tasks
  double subtasks = 0;      ///< subtasks the judge scores (AnswerSheet fields included)
  int runs = 0;             ///< oracle episodes measured
  nlohmann::json to_json() const;
  static OracleFeatures from_json(const nlohmann::json& j);
};

/// The feature names in the order of OracleFeatures::vector() and kFeatureWeights.
extern const std::array<const char*, 5> kFeatureNames;
/// Weights of the features in the prior difficulty (docs/benchmark.md): path length 0.4, apps 0.2,
/// subtasks 0.2, typing 0.1, reading 0.1, mirroring the authors' rules for declared levels.
extern const std::array<double, 5> kFeatureWeights;

/// Runs the template's oracle through the episode env on a native Env, on seeds 0..seeds-1, and
/// measures its features (means over the runs). Throws TaskError("calibrate <id>: seed 2: ...")
/// when an oracle run fails or does not solve its instance (`phonegym tasks validate` finds why).
OracleFeatures oracle_features(const TaskTemplate& t, const nlohmann::json& defaults, int seeds = 3);

/// The prior mean difficulty of each template, in logits: each feature log(1 + x), standardized
/// over the given templates (a constant feature counts 0), combined with kFeatureWeights, and the
/// combination standardized again (mean 0, sd 1; all 0 when every template is alike).
std::vector<double> feature_prior(const std::vector<OracleFeatures>& features);

/// One agent's record on one template.
struct Outcomes {
  int successes = 0;
  int trials = 0;
};

/// The Rasch model's fit. b[t] is template t's difficulty, theta[a] agent a's ability, both in
/// logits: P(agent a solves template t) = 1 / (1 + exp(-(theta[a] - b[t]))).
struct RaschFit {
  std::vector<double> b, b_se;   ///< difficulty and its standard error (from the curvature at the mode)
  std::vector<double> theta;     ///< agent abilities
  std::vector<double> data_weight;  ///< per template, the data's share of the information on b (0: prior only)
  int iterations = 0;
  bool converged = false;
};

/// Options of the fit: the prior sds (logits) and the stopping rule.
struct RaschOptions {
  double sigma_b = 1.0;      ///< sd of a template's difficulty around its feature prior
  double sigma_theta = 3.0;  ///< sd of an agent's ability around 0 (weak: pins the scale's origin)
  int max_iterations = 1000;
  double tolerance = 1e-9;   ///< largest parameter change of a sweep that counts as converged
};

/// Fits the Rasch model by maximum a posteriori (penalized maximum likelihood): maximizes
///   sum_{a,t} [s_at log p_at + (n_at - s_at) log(1 - p_at)] - sum_t (b_t - prior_t)^2 / (2 sigma_b^2)
///   - sum_a theta_a^2 / (2 sigma_theta^2),   p_at = sigmoid(theta_a - b_t),
/// by block coordinate Newton steps (every b_t given theta, then every theta_a given b; the
/// objective is strictly concave, so the mode is unique). `outcomes[a][t]`: shape [agents][templates];
/// `prior`: [templates]. With no data (all trials 0) b = prior. Throws std::invalid_argument for
/// mismatched shapes, successes outside [0, trials] or a non-positive sigma.
RaschFit fit_rasch(const std::vector<std::vector<Outcomes>>& outcomes, const std::vector<double>& prior,
                   const RaschOptions& opt = {});

/// Levels from scores by quantiles: templates sorted by score (ties by index) take L1 for the
/// lowest round(N * share[0]) scores, then L2, L3, L4 by the cumulative shares. `share` need not
/// sum to 1 (it is normalized); throws std::invalid_argument when it is all zero or negative.
/// Returns 1..4 per template.
std::vector<int> quantile_levels(const std::vector<double>& scores, const std::array<double, 4>& share);

}  // namespace pg
