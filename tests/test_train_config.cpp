// trainer/algo config (bad keys and values name the key and the allowed values) and AdaGRPO's
// bookkeeping (SPA, FCF, AdaPR) against hand-computed values. No LibTorch.
#include "trainer/algo/adagrpo.hpp"
#include "trainer/algo/config.hpp"
#include "trainer/algo/train_report.hpp"

#include <gtest/gtest.h>

#include <set>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace {

using nlohmann::json;
using pg::ConfigError;
using pg::TrainConfig;

std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(TrainConfig, UnknownKeyNamesItAndTheAllowedKeys) {
  TrainConfig c;
  const std::string e = error_of([&] { c.merge(json{{"colour", "red"}}); });
  EXPECT_TRUE(has(e, "unknown config key \"colour\"")) << e;
  EXPECT_TRUE(has(e, "group_size")) << e;
  EXPECT_TRUE(has(e, "reward")) << e;
}

TEST(TrainConfig, BadValuesNameTheKeyAndTheAllowedValues) {
  TrainConfig c;
  std::string e = error_of([&] { c.merge(json{{"reward", "dense"}}); });
  EXPECT_TRUE(has(e, "\"reward\" = \"dense\"")) << e;
  EXPECT_TRUE(has(e, "one of binary, progress, action")) << e;
  e = error_of([&] { c.merge(json{{"group_size", 1}}); });
  EXPECT_TRUE(has(e, "\"group_size\" = 1")) << e;
  EXPECT_TRUE(has(e, "an integer in 2..1024")) << e;
  e = error_of([&] { c.merge(json{{"group_size", 2.5}}); });
  EXPECT_TRUE(has(e, "an integer")) << e;
  e = error_of([&] { c.merge(json{{"spa", "yes"}}); });
  EXPECT_TRUE(has(e, "\"spa\"")) << e;
  EXPECT_TRUE(has(e, "true or false")) << e;
  e = error_of([&] { c.merge(json{{"clip_low", 1.5}}); });
  EXPECT_TRUE(has(e, "a number in [0, 1]")) << e;
  e = error_of([&] { c.merge(json{{"max_difficulty", "L9"}}); });
  EXPECT_TRUE(has(e, "one of L1, L2, L3, L4")) << e;
  e = error_of([&] { c.merge(json{{"fcf_patience", 5}, {"fcf_drop", 4}}); });
  EXPECT_TRUE(has(e, "fcf_drop")) << e;
  e = error_of([&] { c.merge(json::array()); });
  EXPECT_TRUE(has(e, "JSON object")) << e;
  // A rejected merge changes nothing.
  EXPECT_EQ(c.to_json(), TrainConfig().to_json());
}

TEST(TrainConfig, SetParsesValuesAndListsRoundTrip) {
  TrainConfig c;
  c.set("group_size=8");
  c.set("reward=binary");
  c.set("spa=false");
  c.set("lr=0.001");
  c.set("templates=launcher.open_app,settings.wifi_on");
  c.set("split=train");
  EXPECT_EQ(c.group_size, 8);
  EXPECT_EQ(c.reward, "binary");
  EXPECT_FALSE(c.spa);
  EXPECT_DOUBLE_EQ(c.lr, 0.001);
  EXPECT_EQ(c.templates, (std::vector<std::string>{"launcher.open_app", "settings.wifi_on"}));
  c.set(R"(templates=["a.b"])");
  EXPECT_EQ(c.templates, (std::vector<std::string>{"a.b"}));
  EXPECT_TRUE(has(error_of([&] { c.set("group_size"); }), "expected key=value"));
  EXPECT_TRUE(has(error_of([&] { c.set("epochs=many"); }), "\"epochs\" = \"many\""));
  // The resolved config round-trips.
  TrainConfig d;
  d.merge(c.to_json());
  EXPECT_EQ(d.to_json(), c.to_json());
  // Every key has a row in the docs table.
  const std::string table = TrainConfig::markdown_table();
  const json all = c.to_json();
  for (auto it = all.begin(); it != all.end(); ++it) EXPECT_TRUE(has(table, "| " + it.key() + " |"));
}

TEST(TrainConfig, ConfigFileErrorsNameTheFile) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("pg_cfg_" + std::to_string(::getpid()) + ".json")).string();
  { std::ofstream(path) << R"({"groups": 8, "loss_avg": "token"})"; }
  TrainConfig c;
  const std::string e = error_of([&] { pg::merge_config_file(c, path); });
  EXPECT_TRUE(has(e, path)) << e;
  EXPECT_TRUE(has(e, "one of step, trajectory")) << e;
  { std::ofstream(path) << R"({"groups": 8, "loss_avg": "trajectory"})"; }
  pg::merge_config_file(c, path);
  EXPECT_EQ(c.groups, 8);
  EXPECT_EQ(c.loss_avg, "trajectory");
  { std::ofstream(path) << "{not json"; }
  EXPECT_TRUE(has(error_of([&] { pg::merge_config_file(c, path); }), "not valid JSON"));
  std::filesystem::remove(path);
}

// ------------------------------------------------------------------------------------- AdaGRPO

TEST(AdaGrpo, ShortestPathAdjustmentHandComputed) {
  // Group of 4: successes of 3 and 5 steps, a failure with progress 0.5, a success of 9 steps.
  // shortest = 3, budget 11 -> span 8. r = 1 - 0.5 * (len - 3) / 8.
  auto r = pg::shortest_path_adjust({1.0, 1.0, 0.5, 1.0}, {3, 5, 8, 11}, {true, true, false, true}, 11, 0.5);
  EXPECT_DOUBLE_EQ(r[0], 1.0);
  EXPECT_DOUBLE_EQ(r[1], 1.0 - 0.5 * 2 / 8);
  EXPECT_DOUBLE_EQ(r[2], 0.5);  // failures unchanged
  EXPECT_DOUBLE_EQ(r[3], 0.5);  // the longest possible success loses alpha
  // No success: unchanged.
  auto n = pg::shortest_path_adjust({0.2, 0.0}, {4, 8}, {false, false}, 8, 0.5);
  EXPECT_EQ(n, (std::vector<double>{0.2, 0.0}));
  EXPECT_THROW(pg::shortest_path_adjust({1.0}, {1, 2}, {true}, 5, 0.5), std::invalid_argument);
}

TEST(AdaGrpo, FailureCurriculumDownWeightsThenDrops) {
  pg::FailureCurriculum f(2, 4, 0.25);
  EXPECT_DOUBLE_EQ(f.weight("a"), 1.0);
  f.record("a", true);
  EXPECT_DOUBLE_EQ(f.weight("a"), 1.0);
  f.record("a", true);
  EXPECT_DOUBLE_EQ(f.weight("a"), 0.25);
  f.record("a", true);
  f.record("a", true);
  EXPECT_DOUBLE_EQ(f.weight("a"), 0.0);
  EXPECT_EQ(f.weights({"a", "b"}), (std::vector<double>{0.0, 1.0}));
  // Everything dropped: all back to 1 (training never stalls).
  for (int i = 0; i < 4; ++i) f.record("b", true);
  EXPECT_EQ(f.weights({"a", "b"}), (std::vector<double>{1.0, 1.0}));
  // A success resets the streak; the state round-trips through JSON.
  f.record("b", false);
  EXPECT_DOUBLE_EQ(f.weight("b"), 1.0);
  pg::FailureCurriculum g(2, 4, 0.25);
  g.from_json(f.to_json());
  EXPECT_EQ(g.streak("a"), 4);
  EXPECT_EQ(g.streak("b"), 0);
}

TEST(AdaGrpo, ReplayBufferKeepsValuablePositivesAtMostOnePerTwoNegatives) {
  pg::ReplayBuffer buf(2);
  auto item = [](const std::string& t, double adv, int it) {
    pg::ReplayItem r;
    r.template_id = t;
    r.seed = static_cast<std::uint64_t>(it);
    r.actions = json::array({{{"kind", 0}, {"x", 1}, {"y", 2}, {"span", 0}, {"app", 0}}});
    r.reward = 1;
    r.advantage = adv;
    r.difficulty = 0.5;  // recorded only: the value is the advantage
    r.iteration = it;
    return r;
  };
  buf.add(item("easy", 0.3, 1));
  buf.add(item("hard", 2.6, 2));
  buf.add(item("mid", 1.0, 3));  // full: the least valuable (lowest advantage: easy) goes
  ASSERT_EQ(buf.size(), 2u);
  for (const auto& it : buf.items()) EXPECT_NE(it.template_id, "easy");
  EXPECT_EQ(buf.budget(0), 0);
  EXPECT_EQ(buf.budget(1), 0);
  EXPECT_EQ(buf.budget(3), 1);   // 1 positive per 2 negatives
  EXPECT_EQ(buf.budget(40), 2);  // and never more than it holds
  pg::ReplayBuffer copy(2);
  copy.from_json(buf.to_json());
  EXPECT_EQ(copy.to_json(), buf.to_json());
  auto a = buf.take(2, 42), b = copy.take(2, 42);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_NE(a[0].template_id, a[1].template_id);  // without replacement
  EXPECT_EQ(a[0].template_id, b[0].template_id);  // keyed: reproducible
  EXPECT_EQ(buf.size(), 0u);                      // replayed items retire
  EXPECT_TRUE(buf.take(1, 7).empty());
}

TEST(AdaGrpo, TopRatioAdmissionKeepsTheBestAdvantages) {
  pg::ReplayBuffer buf(10);
  std::vector<pg::ReplayItem> cands;
  for (int i = 0; i < 5; ++i) {
    pg::ReplayItem r;
    r.template_id = "t" + std::to_string(i);
    r.seed = static_cast<std::uint64_t>(i);
    r.actions = json::array();
    r.advantage = 0.5 + i;  // t4 best
    cands.push_back(r);
  }
  EXPECT_EQ(buf.admit(cands, 0.4), 2);  // ceil(0.4 * 5)
  ASSERT_EQ(buf.size(), 2u);
  std::set<std::string> ids;
  for (const auto& it : buf.items()) ids.insert(it.template_id);
  EXPECT_EQ(ids, (std::set<std::string>{"t3", "t4"}));
  EXPECT_EQ(buf.admit(cands, 0.0), 0);
  EXPECT_EQ(buf.admit({}, 1.0), 0);
}

TEST(AdaGrpo, NegativesArePrunedToTwoPerPositive) {
  // 1 positive, 5 negatives, 1 zero: keep 2 negatives, drop 3; zeros and positives stay.
  const std::vector<double> adv{1.5, -0.2, -0.2, 0.0, -0.2, -0.2, -0.2};
  auto drop = pg::prune_negatives(adv, 2.0, 9);
  ASSERT_EQ(drop.size(), 3u);
  for (int i : drop) EXPECT_LT(adv[static_cast<std::size_t>(i)], 0);
  EXPECT_EQ(drop, pg::prune_negatives(adv, 2.0, 9));  // keyed
  EXPECT_TRUE(pg::prune_negatives(adv, 0.0, 9).empty());  // 0: pruning off
  EXPECT_TRUE(pg::prune_negatives({1, 1, -1, -1, -1, -1}, 2.0, 9).empty());  // already 1:2
  EXPECT_EQ(pg::prune_negatives({-1, -1}, 2.0, 9).size(), 2u);  // no positive: nothing to balance against
}

TEST(AdaGrpo, KeyedDrawsDependOnlyOnTheKey) {
  EXPECT_EQ(pg::keyed_seed({1, 2, 3}), pg::keyed_seed({1, 2, 3}));
  EXPECT_NE(pg::keyed_seed({1, 2, 3}), pg::keyed_seed({1, 3, 2}));
  const double u = pg::keyed_uniform({7, 8});
  EXPECT_GE(u, 0.0);
  EXPECT_LT(u, 1.0);
  EXPECT_EQ(pg::keyed_choice({0.0, 0.0}, {1}), -1);
  EXPECT_EQ(pg::keyed_choice({0.0, 2.0, 0.0}, {5}), 1);
  int counts[2] = {0, 0};
  for (std::uint64_t i = 0; i < 4000; ++i) ++counts[pg::keyed_choice({1.0, 3.0}, {i})];
  EXPECT_NEAR(counts[1] / 4000.0, 0.75, 0.03);
}

TEST(TrainReport, ChartsAndReportFromMetrics) {
  pg::Series s{"SR", "#123456", {1, 2, 3}, {0.1, 0.5, 0.4}};
  const std::string svg = pg::svg_line_chart("Success rate", {s});
  EXPECT_TRUE(has(svg, "<svg"));
  EXPECT_TRUE(has(svg, "polyline"));
  EXPECT_TRUE(has(svg, "Success rate"));
  const auto dir = std::filesystem::temp_directory_path() / ("pg_report_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream m(dir / "metrics.jsonl");
    m << R"({"phase":"iteration","iteration":1,"sr":0.25,"mean_reward":0.3,"episode_length":4,"kl":0.001,"entropy":2.0})"
      << "\n"
      << R"({"phase":"eval","iteration":1,"heldout":{"sr":0.5,"sr_feasible":0.25,"abort_rate":0.5,"sr_by_difficulty":{"L1":0.5},"sr_by_template":{"a.b":0.5}}})"
      << "\n";
  }
  pg::write_train_report(dir.string());
  std::ifstream r(dir / "report.html");
  std::stringstream ss;
  ss << r.rdbuf();
  EXPECT_TRUE(has(ss.str(), "SR by difficulty"));
  EXPECT_TRUE(has(ss.str(), "a.b"));
  EXPECT_TRUE(has(ss.str(), "Success rate on feasible tasks"));
  EXPECT_TRUE(has(ss.str(), "Share of episodes ended by abort"));
  std::filesystem::remove_all(dir);
}

}  // namespace
