#include "tasks/calibrate.hpp"

#include "sim/env/env.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task_env.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

const std::array<const char*, 5> kFeatureNames = {"path_length", "apps", "subtasks", "typed_chars", "answer_chars"};
const std::array<double, 5> kFeatureWeights = {0.4, 0.2, 0.2, 0.1, 0.1};

namespace {

std::array<double, 5> as_vector(const OracleFeatures& f) {
  return {f.path_length, f.apps, f.subtasks, f.typed_chars, f.answer_chars};
}

// Characters (UTF-8 code points) of the text in a JSON value: strings, numbers as written, arrays
// and objects summed.
double text_chars(const json& v) {
  if (v.is_string()) {
    double n = 0;
    for (unsigned char c : v.get_ref<const std::string&>()) n += (c & 0xC0) != 0x80;
    return n;
  }
  if (v.is_number() || v.is_boolean()) return static_cast<double>(v.dump().size());
  double n = 0;
  if (v.is_array() || v.is_object())
    for (const json& x : v) n += text_chars(x);
  return n;
}

// A native Env as the episode env's phone.
class EnvPhone : public EpisodePhone {
 public:
  void reset(const json& state) override { env_.reset(state); }
  json step(const Action& a) override { return env_.step(a); }
  std::optional<json> state() override { return env_.state(); }
  Env& env() { return env_; }

 private:
  Env env_;
};

double sigmoid(double x) { return x >= 0 ? 1 / (1 + std::exp(-x)) : std::exp(x) / (1 + std::exp(x)); }

}  // namespace

json OracleFeatures::to_json() const {
  return {{"path_length", path_length}, {"apps", apps},           {"subtasks", subtasks},
          {"typed_chars", typed_chars}, {"answer_chars", answer_chars}, {"oracle_runs", runs}};
}

OracleFeatures OracleFeatures::from_json(const json& j) {
  OracleFeatures f;
  f.path_length = j.at("path_length").get<double>();
  f.apps = j.at("apps").get<double>();
  f.subtasks = j.at("subtasks").get<double>();
  f.typed_chars = j.at("typed_chars").get<double>();
  f.answer_chars = j.at("answer_chars").get<double>();
  f.runs = j.value("oracle_runs", 0);
  return f;
}

OracleFeatures oracle_features(const TaskTemplate& t, const json& defaults, int seeds) {
  if (seeds < 1) throw std::invalid_argument("oracle_features: seeds = " + std::to_string(seeds) + ", expected at least 1");
  OracleFeatures f;
  EnvPhone phone;
  for (int seed = 0; seed < seeds; ++seed) {
    const std::string where = "calibrate " + t.id + ": seed " + std::to_string(seed) + ": ";
    try {
      const TaskInstance inst = sample_instance(t, static_cast<std::uint64_t>(seed), defaults);
      TaskEnv env;
      env.reset(phone, inst);
      OracleAgent oracle(inst);
      std::set<std::string> apps;
      double path = 0, typed = 0, answered = 0;
      while (!env.done()) {
        std::optional<Action> a = oracle.next(phone.env().ui_tree());
        if (!a) throw TaskError("the oracle ended without complete, answer or abort");
        if (a->type != ActionType::Complete && a->type != ActionType::Abort) ++path;
        if (a->type == ActionType::Type) typed += text_chars(a->text);
        if (a->type == ActionType::Answer) answered += text_chars(a->text);
        env.step(phone, *a);
        apps.insert(phone.env().state()["os"].value("foreground", ""));
      }
      const Trajectory& tr = env.trajectory();
      if (!tr.verdict.success)
        throw TaskError("the oracle does not solve the instance (" + tr.verdict.to_json().dump() + ")");
      for (const char* skip : {"", "launcher", "answersheet"}) apps.erase(skip);
      f.path_length += path;
      f.apps += static_cast<double>(apps.size());
      f.typed_chars += typed;
      if (t.answer_sheet.is_null()) f.answer_chars += answered;
      else  // each expected field's value, not its matcher's name
        for (const json& m : inst.fill(t.answer_sheet.value("expected", json::object())))
          f.answer_chars += text_chars(m.is_object() && m.contains("value") ? m["value"] : m);
      f.subtasks += static_cast<double>(tr.verdict.subtasks.size());
      ++f.runs;
    } catch (const TaskError& e) {
      throw TaskError(where + e.what());
    } catch (const std::exception& e) {
      throw TaskError(where + e.what());
    }
  }
  for (double* x : {&f.path_length, &f.apps, &f.typed_chars, &f.answer_chars, &f.subtasks}) *x /= f.runs;
  return f;
}

std::vector<double> feature_prior(const std::vector<OracleFeatures>& features) {
  const std::size_t n = features.size();
  std::vector<double> c(n, 0.0);
  if (n == 0) return c;
  // Standardize a column in place (mean 0, sd 1; a constant column becomes 0).
  auto standardize = [n](std::vector<double>& v) {
    const double mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(n);
    double var = 0;
    for (double x : v) var += (x - mean) * (x - mean);
    const double sd = std::sqrt(var / static_cast<double>(n));
    for (double& x : v) x = sd > 1e-12 ? (x - mean) / sd : 0.0;
  };
  for (std::size_t k = 0; k < kFeatureNames.size(); ++k) {
    std::vector<double> col(n);
    for (std::size_t t = 0; t < n; ++t) col[t] = std::log1p(std::max(0.0, as_vector(features[t])[k]));
    standardize(col);
    for (std::size_t t = 0; t < n; ++t) c[t] += kFeatureWeights[k] * col[t];
  }
  standardize(c);
  return c;
}

RaschFit fit_rasch(const std::vector<std::vector<Outcomes>>& y, const std::vector<double>& prior, const RaschOptions& opt) {
  const std::size_t T = prior.size(), A = y.size();
  if (opt.sigma_b <= 0 || opt.sigma_theta <= 0)
    throw std::invalid_argument("fit_rasch: sigma_b and sigma_theta must be positive (got " + std::to_string(opt.sigma_b) +
                                ", " + std::to_string(opt.sigma_theta) + ")");
  for (std::size_t a = 0; a < A; ++a) {
    if (y[a].size() != T)
      throw std::invalid_argument("fit_rasch: agent " + std::to_string(a) + " has outcomes for " + std::to_string(y[a].size()) +
                                  " templates, the prior has " + std::to_string(T));
    for (std::size_t t = 0; t < T; ++t)
      if (y[a][t].trials < 0 || y[a][t].successes < 0 || y[a][t].successes > y[a][t].trials)
        throw std::invalid_argument("fit_rasch: agent " + std::to_string(a) + ", template " + std::to_string(t) + ": " +
                                    std::to_string(y[a][t].successes) + " successes of " + std::to_string(y[a][t].trials) +
                                    " trials");
  }
  RaschFit fit;
  fit.b = prior;
  fit.theta.assign(A, 0.0);
  const double pb = 1 / (opt.sigma_b * opt.sigma_b), pt = 1 / (opt.sigma_theta * opt.sigma_theta);
  // One coordinate's Newton iterations: maximize sum_j [s_j log p_j + (n_j - s_j) log(1 - p_j)]
  // - prec (x - mu)^2 / 2 over x, with p_j = sigmoid(sign (x - other_j)). Concave: Newton with a
  // step cap (a logit of 5) converges from anywhere.
  auto newton = [](double x, double mu, double prec, double sign, const std::vector<std::pair<double, Outcomes>>& terms) {
    for (int it = 0; it < 50; ++it) {
      double g = -prec * (x - mu), h = -prec;
      for (const auto& [other, o] : terms) {
        if (o.trials == 0) continue;
        const double p = sigmoid(sign * (x - other));
        g += sign * (o.successes - o.trials * p);
        h -= o.trials * p * (1 - p);
      }
      double step = -g / h;
      step = std::max(-5.0, std::min(5.0, step));
      x += step;
      if (std::fabs(step) < 1e-12) break;
    }
    return x;
  };
  std::vector<std::pair<double, Outcomes>> terms;
  for (fit.iterations = 1; fit.iterations <= opt.max_iterations; ++fit.iterations) {
    double change = 0;
    for (std::size_t t = 0; t < T; ++t) {  // b_t given theta: p = sigmoid(theta - b) = sigmoid(-(b - theta))
      terms.clear();
      for (std::size_t a = 0; a < A; ++a) terms.push_back({fit.theta[a], y[a][t]});
      const double b = newton(fit.b[t], prior[t], pb, -1.0, terms);
      change = std::max(change, std::fabs(b - fit.b[t]));
      fit.b[t] = b;
    }
    for (std::size_t a = 0; a < A; ++a) {  // theta_a given b
      terms.clear();
      for (std::size_t t = 0; t < T; ++t) terms.push_back({fit.b[t], y[a][t]});
      const double th = newton(fit.theta[a], 0.0, pt, 1.0, terms);
      change = std::max(change, std::fabs(th - fit.theta[a]));
      fit.theta[a] = th;
    }
    if (change < opt.tolerance) {
      fit.converged = true;
      break;
    }
  }
  fit.iterations = std::min(fit.iterations, opt.max_iterations);
  fit.b_se.resize(T);
  fit.data_weight.resize(T);
  for (std::size_t t = 0; t < T; ++t) {
    double info = 0;  // Fisher information on b_t from the data at the mode
    for (std::size_t a = 0; a < A; ++a) {
      const double p = sigmoid(fit.theta[a] - fit.b[t]);
      info += y[a][t].trials * p * (1 - p);
    }
    fit.b_se[t] = 1 / std::sqrt(info + pb);
    fit.data_weight[t] = info / (info + pb);
  }
  return fit;
}

std::vector<int> quantile_levels(const std::vector<double>& scores, const std::array<double, 4>& share) {
  double total = 0;
  for (double s : share) {
    if (s < 0) throw std::invalid_argument("quantile_levels: a level's share is negative");
    total += s;
  }
  if (total <= 0) throw std::invalid_argument("quantile_levels: the levels' shares are all zero");
  const std::size_t n = scores.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return scores[i] < scores[j]; });
  std::vector<int> level(n, 4);
  double cum = 0;
  std::size_t from = 0;
  for (int l = 0; l < 4; ++l) {
    cum += share[static_cast<std::size_t>(l)];
    const std::size_t to = l == 3 ? n : static_cast<std::size_t>(std::lround(static_cast<double>(n) * cum / total));
    for (std::size_t r = from; r < std::max(from, to); ++r) level[order[r]] = l + 1;
    from = std::max(from, to);
  }
  return level;
}

}  // namespace pg
