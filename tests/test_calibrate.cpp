// Difficulty calibration (tasks/calibrate.hpp, `phonegym tasks calibrate`): the Rasch fit orders
// templates and agents by their outcomes on synthetic data, the feature prior orders templates no
// data separates, quantile levels, the oracle's features of a known template, and the loader
// applying a calibration.json only to the template version it was made from.
#include "sim/os/phone.hpp"
#include "tasks/calibrate.hpp"
#include "tasks/task.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

const std::string kTemplates = std::string(PG_SOURCE_DIR) + "/tasks/templates";

pg::Outcomes out(int s, int n) { return {s, n}; }

}  // namespace

TEST(Rasch, SolvedByAllIsEasierThanSolvedByNoneAndTheStrongerAgentHasMoreAbility) {
  // Three templates with the same prior; agent 0 solves templates 0 and 1, agent 1 only template 0.
  const std::vector<std::vector<pg::Outcomes>> y = {{out(5, 5), out(5, 5), out(0, 5)}, {out(5, 5), out(0, 5), out(0, 5)}};
  const pg::RaschFit f = pg::fit_rasch(y, {0.0, 0.0, 0.0});
  ASSERT_TRUE(f.converged);
  EXPECT_LT(f.b[0], f.b[1]);
  EXPECT_LT(f.b[1], f.b[2]);
  EXPECT_GT(f.theta[0], f.theta[1]);
  for (double w : f.data_weight) EXPECT_GT(w, 0.0);
}

TEST(Rasch, TheFitIsTheMode) {
  // At the MAP estimate the gradient of the log posterior is zero in every coordinate.
  const std::vector<std::vector<pg::Outcomes>> y = {{out(3, 4), out(1, 4), out(0, 2)}, {out(2, 4), out(2, 5), out(1, 3)}};
  const std::vector<double> prior = {-0.5, 0.2, 0.9};
  pg::RaschOptions o;
  const pg::RaschFit f = pg::fit_rasch(y, prior, o);
  auto sig = [](double x) { return 1 / (1 + std::exp(-x)); };
  for (std::size_t t = 0; t < prior.size(); ++t) {
    double g = -(f.b[t] - prior[t]) / (o.sigma_b * o.sigma_b);
    for (std::size_t a = 0; a < y.size(); ++a) g -= y[a][t].successes - y[a][t].trials * sig(f.theta[a] - f.b[t]);
    EXPECT_NEAR(g, 0.0, 1e-6) << "template " << t;
  }
  for (std::size_t a = 0; a < y.size(); ++a) {
    double g = -f.theta[a] / (o.sigma_theta * o.sigma_theta);
    for (std::size_t t = 0; t < prior.size(); ++t) g += y[a][t].successes - y[a][t].trials * sig(f.theta[a] - f.b[t]);
    EXPECT_NEAR(g, 0.0, 1e-6) << "agent " << a;
  }
}

TEST(Rasch, ThePriorOrdersWhatTheDataCannot) {
  const std::vector<double> prior = {1.0, -1.0, 0.3};
  // No data: the scores are the prior, and the data weighs nothing.
  const pg::RaschFit none = pg::fit_rasch({}, prior);
  for (std::size_t t = 0; t < prior.size(); ++t) {
    EXPECT_DOUBLE_EQ(none.b[t], prior[t]);
    EXPECT_DOUBLE_EQ(none.data_weight[t], 0.0);
  }
  // Every agent fails everywhere (a random agent): the prior's order survives.
  const pg::RaschFit fail = pg::fit_rasch({{out(0, 10), out(0, 10), out(0, 10)}, {out(0, 3), out(0, 3), out(0, 3)}}, prior);
  EXPECT_GT(fail.b[0], fail.b[2]);
  EXPECT_GT(fail.b[2], fail.b[1]);
  // Enough data overrides it: the template with the hardest prior is solved by everyone.
  const pg::RaschFit data = pg::fit_rasch({{out(40, 40), out(0, 40), out(20, 40)}, {out(38, 40), out(0, 40), out(10, 40)}}, prior);
  EXPECT_LT(data.b[0], data.b[1]);
}

TEST(Rasch, BadInputIsNamed) {
  try {
    pg::fit_rasch({{out(3, 2)}}, {0.0});
    FAIL() << "no throw";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("3 successes of 2 trials"), std::string::npos) << e.what();
  }
  EXPECT_THROW(pg::fit_rasch({{out(0, 1)}}, {0.0, 1.0}), std::invalid_argument);
  pg::RaschOptions o;
  o.sigma_b = 0;
  EXPECT_THROW(pg::fit_rasch({}, {0.0}, o), std::invalid_argument);
}

TEST(Calibrate, QuantileLevelsFollowTheScoresAndTheShares) {
  const std::vector<double> scores = {0.5, -2.0, 3.0, 1.0, -1.0, 2.0, 0.0, 4.0};
  const std::vector<int> l = pg::quantile_levels(scores, {1, 1, 1, 1});
  EXPECT_EQ(l, (std::vector<int>{2, 1, 4, 3, 1, 3, 2, 4}));
  // Shares 1:3:3:1 of 8 templates: 1, 3, 3, 1.
  const std::vector<int> m = pg::quantile_levels(scores, {1, 3, 3, 1});
  std::array<int, 4> counts{};
  for (int x : m) ++counts[static_cast<std::size_t>(x - 1)];
  EXPECT_EQ(counts, (std::array<int, 4>{1, 3, 3, 1}));
  EXPECT_EQ(m[1], 1);  // the lowest score
  EXPECT_EQ(m[7], 4);  // the highest
  EXPECT_THROW(pg::quantile_levels(scores, {0, 0, 0, 0}), std::invalid_argument);
}

TEST(Calibrate, FeaturePriorGrowsWithTheOraclesWork) {
  pg::OracleFeatures easy, mid, hard;
  easy.path_length = 2, easy.apps = 1, easy.subtasks = 1;
  mid.path_length = 8, mid.apps = 1, mid.subtasks = 2, mid.typed_chars = 10;
  hard.path_length = 20, hard.apps = 2, hard.subtasks = 4, hard.typed_chars = 30, hard.answer_chars = 12;
  const std::vector<double> p = pg::feature_prior({mid, hard, easy});
  EXPECT_LT(p[2], p[0]);
  EXPECT_LT(p[0], p[1]);
  EXPECT_NEAR(p[0] + p[1] + p[2], 0.0, 1e-9);  // standardized
  for (double x : pg::feature_prior({easy, easy})) EXPECT_EQ(x, 0.0);  // nothing to tell apart
}

TEST(Calibrate, OracleFeaturesOfAKnownTemplate) {
  // markdown.query_code: open Markdown, search for the label, open the note, open the AnswerSheet,
  // type the code, submit, complete.
  const pg::TaskSet set = pg::TaskSet::load(kTemplates);
  const pg::TaskTemplate& t = set.get("markdown.query_code");
  const json defaults = pg::Phone::default_state();
  const pg::OracleFeatures f = pg::oracle_features(t, defaults, 1);
  const pg::TaskInstance inst = pg::sample_instance(t, 0, defaults);
  const double label = static_cast<double>(inst.params.at("s.label").size());
  const double code = static_cast<double>(inst.params.at("s.code").size());
  EXPECT_EQ(f.runs, 1);
  EXPECT_EQ(f.path_length, 8.0);              // the 9 oracle steps but complete
  EXPECT_EQ(f.apps, 1.0);                     // Markdown (the AnswerSheet is not counted)
  EXPECT_EQ(f.typed_chars, label + code);     // the search and the answer
  EXPECT_EQ(f.answer_chars, code);            // the code read from the note
  EXPECT_EQ(f.subtasks, 1.0);                 // one AnswerSheet field
}

TEST(Calibrate, OracleFeaturesNameATemplateWhoseOracleFails) {
  pg::TaskSet set = pg::TaskSet::load(kTemplates);
  pg::TaskTemplate t = set.get("markdown.query_code");
  t.oracle = json::array({{{"type", "click"}, {"target", "no.such.widget"}}});
  try {
    pg::oracle_features(t, pg::Phone::default_state(), 1);
    FAIL() << "no throw";
  } catch (const pg::TaskError& e) {
    EXPECT_NE(std::string(e.what()).find("calibrate markdown.query_code: seed 0: "), std::string::npos) << e.what();
  }
}

TEST(Calibrate, TheLoaderAppliesACalibrationToTheVersionItWasMadeFrom) {
  const fs::path root = fs::temp_directory_path() / ("pg_calibrate_" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "templates");
  for (const char* name : {"clock/add_alarm.json", "clock/delete_alarm.json"})
    fs::copy_file(kTemplates + "/" + name, root / "templates" / fs::path(name).filename());
  const pg::TaskSet plain = pg::TaskSet::load((root / "templates").string());
  EXPECT_TRUE(plain.calibration_file().empty());
  const pg::TaskTemplate& add = plain.get("clock.add_alarm");
  const pg::TaskTemplate& del = plain.get("clock.delete_alarm");
  const std::string add_declared = add.difficulty(), del_declared = del.difficulty();
  const std::string other = add_declared == "L4" ? "L1" : "L4";
  json doc{{"format", "phonegym-calibration-1"},
           {"templates",
            {{"clock.add_alarm", {{"hash", pg::template_hash(add)}, {"level", other}}},
             {"clock.delete_alarm", {{"hash", "0000000000000000"}, {"level", "L4"}}},  // another version
             {"clock.not_loaded", {{"hash", "1"}, {"level", "L2"}}}}}};
  std::ofstream(root / "calibration.json") << doc.dump();
  const pg::TaskSet cal = pg::TaskSet::load((root / "templates").string());
  EXPECT_EQ(cal.calibration_file(), (root / "calibration.json").string());
  EXPECT_EQ(cal.get("clock.add_alarm").difficulty(), other);
  EXPECT_EQ(cal.get("clock.add_alarm").taxonomy["difficulty"], add_declared);  // the author's level is kept
  EXPECT_EQ(cal.get("clock.delete_alarm").difficulty(), del_declared);
  EXPECT_EQ(cal.stale_calibrations(), 1);
  const json stats = pg::benchmark_stats(cal, pg::Phone::default_state(), 5);
  EXPECT_EQ(stats["difficulty_source"]["calibrated"], 1);
  EXPECT_EQ(stats["difficulty_source"]["declared"], 1);

  doc["templates"]["clock.add_alarm"]["level"] = "L5";
  std::ofstream(root / "calibration.json", std::ios::trunc) << doc.dump();
  try {
    pg::TaskSet::load((root / "templates").string());
    FAIL() << "no throw";
  } catch (const pg::TaskError& e) {
    EXPECT_NE(std::string(e.what()).find("templates.clock.add_alarm.level: must be L1, L2, L3 or L4"), std::string::npos)
        << e.what();
  }
  fs::remove_all(root);
}
