// Task templates, instances, judges, rewards and the oracle, on the native host.
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "tasks/judge.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"
#include "trainer/eval/agent.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>
#include <map>
#include <set>
#include <fstream>

using json = nlohmann::json;

namespace {
const std::string kTasksDir = std::string(PG_SOURCE_DIR) + "/tasks/templates";

std::string load_error(const json& tmpl) {
  try {
    pg::parse_template(tmpl, "bad.json");
  } catch (const pg::TaskError& e) {
    return e.what();
  }
  return "no error";
}

json minimal_template() {
  return json::parse(R"({
    "id": "t.min", "apps": ["settings"], "instruction": "Turn on Wi-Fi.",
    "judge": {"subtasks": [{"path": "os.settings.global.wifi_on", "op": "==", "value": true}]},
    "oracle": [{"type": "complete"}], "split": "train"})");
}

/// The oracle's whole episode on a native host, judged by the episode env.
pg::Trajectory oracle_episode(const pg::TaskInstance& inst) {
  pg::NativeHost host;
  pg::OracleEpisodeAgent oracle;
  pg::EnvPool pool(host, pg::episode_pool_options(host, &oracle));
  return pg::run_episode(pool, pool.add(nullptr), inst, oracle, 0);
}
}  // namespace

TEST(Tasks, TheBenchmarkLoadsWithBothSplits) {
  pg::TaskSet set = pg::TaskSet::load(kTasksDir);
  EXPECT_GE(set.templates().size(), 8u);
  EXPECT_FALSE(set.split("train").empty());
  EXPECT_FALSE(set.split("test").empty());
  EXPECT_EQ(set.split("all").size(), set.templates().size());
  EXPECT_THROW(set.split("dev"), pg::TaskError);
  try {
    set.get("clock.fly");
    FAIL();
  } catch (const pg::TaskError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown task id \"clock.fly\""), std::string::npos);
  }
  // A near miss names the few nearest ids (same app first), not every template.
  const std::string some = set.templates().front().id;
  std::string typo = some;
  typo.back() = typo.back() == 'x' ? 'y' : 'x';
  try {
    set.get(typo);
    FAIL();
  } catch (const pg::TaskError& e) {
    const std::string msg = e.what();
    const std::string nearest = msg.substr(msg.find("nearest: "));
    EXPECT_EQ(nearest.rfind("nearest: " + some, 0), 0u) << msg;
    EXPECT_LT(std::count(nearest.begin(), nearest.end(), ','), 5) << msg;
  }
}

TEST(Tasks, EveryJudgePassesOnTheOracleSolvedStateAndFailsOnTheInitialState) {
  pg::TaskSet set = pg::TaskSet::load(kTasksDir);
  pg::NativeHost host;
  const json defaults = pg::Phone::default_state();
  pg::OracleEpisodeAgent oracle;
  pg::EnvPool pool(host, pg::episode_pool_options(host, &oracle));
  const int env = pool.add(nullptr);
  for (const auto& t : set.templates()) {
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
      pg::TaskInstance inst = pg::sample_instance(t, seed, defaults);
      pg::JudgeResult unsolved = pg::judge(inst, inst.initial_state, inst.initial_state);
      EXPECT_TRUE(unsolved.error.empty()) << unsolved.error;
      EXPECT_FALSE(unsolved.success) << t.id << " seed " << seed << " is solved before any action";
      pg::Trajectory tr = pg::run_episode(pool, env, inst, oracle, seed);
      EXPECT_TRUE(tr.verdict.success) << t.id << " seed " << seed << ": " << tr.verdict.to_json().dump();
      EXPECT_TRUE(tr.verdict.side_effects.empty()) << t.id << ": " << json(tr.verdict.side_effects).dump();
      EXPECT_TRUE(t.feasible ? tr.end.completed : tr.end.aborted) << t.id;
      EXPECT_DOUBLE_EQ(tr.reward, 1.0);
    }
  }
}

TEST(Tasks, InstancesAreReproducibleAndVary) {
  pg::TaskSet set = pg::TaskSet::load(kTasksDir);
  const json defaults = pg::Phone::default_state();
  const auto& t = set.get("clock.add_alarm");
  pg::TaskInstance a = pg::sample_instance(t, 7, defaults), b = pg::sample_instance(t, 7, defaults);
  EXPECT_EQ(a.to_json(), b.to_json());
  EXPECT_EQ(a.initial_state, b.initial_state);
  std::set<std::string> times;
  for (std::uint64_t s = 0; s < 20; ++s) times.insert(pg::sample_instance(t, s, defaults).params.at("time"));
  EXPECT_GT(times.size(), 5u);
  EXPECT_NE(a.instruction.find(a.params.at("time")), std::string::npos);
}

TEST(Tasks, SetupPatchPutsThePhoneInTheTaskState) {
  pg::TaskSet set = pg::TaskSet::load(kTasksDir);
  pg::TaskInstance inst = pg::sample_instance(set.get("clock.disable_alarm"), 3, pg::Phone::default_state());
  auto found = pg::select_path(inst.initial_state, "apps.clock.alarms[time=" + inst.params.at("time") + "].enabled");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], true);
  pg::Phone::validate(inst.initial_state);
}

TEST(Judge, PathSelectorsAndOperators) {
  json s = json::parse(R"({"apps":{"clock":{"alarms":[{"time":"07:30","enabled":true},{"time":"08:00","enabled":false}]}}})");
  EXPECT_EQ(pg::select_path(s, "apps.clock.alarms[time=07:30].enabled").at(0), true);
  EXPECT_EQ(pg::select_path(s, "apps.clock.alarms[1].time").at(0), "08:00");
  EXPECT_EQ(pg::select_path(s, "apps.clock.alarms[time=08:00][enabled=false]").size(), 1u);
  EXPECT_TRUE(pg::select_path(s, "apps.clock.alarms[time=09:00]").empty());
  EXPECT_TRUE(pg::select_path(s, "apps.nothing.here").empty());
  EXPECT_THROW(pg::select_path(s, "apps..clock"), pg::TaskError);
  EXPECT_THROW(pg::select_path(s, "apps.clock.alarms[time=1"), pg::TaskError);
}

TEST(Judge, SideEffectsAndRewardPenalties) {
  pg::TaskSet set = pg::TaskSet::load(kTasksDir);
  pg::TaskInstance inst = pg::sample_instance(set.get("settings.wifi_on"), 0, pg::Phone::default_state());
  json solved = inst.initial_state;
  solved["os"]["settings"]["global"]["wifi_on"] = true;
  pg::JudgeResult clean = pg::judge(inst, inst.initial_state, solved);
  EXPECT_TRUE(clean.success);
  EXPECT_TRUE(clean.side_effects.empty());
  json messy = solved;
  messy["apps"]["clock"]["alarms"][0]["enabled"] = true;  // an unrelated change
  pg::JudgeResult dirty = pg::judge(inst, inst.initial_state, messy);
  EXPECT_TRUE(dirty.success);
  ASSERT_EQ(dirty.side_effects.size(), 1u);
  EXPECT_EQ(dirty.side_effects[0], "/apps/clock/alarms/0/enabled");
  pg::EpisodeEnd done{true, false, false};
  EXPECT_DOUBLE_EQ(pg::reward(clean, done, false), 1.0);
  EXPECT_DOUBLE_EQ(pg::reward(dirty, done, false), 0.8);
  pg::JudgeResult failed = pg::judge(inst, inst.initial_state, inst.initial_state);
  EXPECT_DOUBLE_EQ(pg::reward(failed, done, true), 0.0);
  pg::TaskInstance air = pg::sample_instance(set.get("settings.airplane_on"), 0, pg::Phone::default_state());
  json partial = air.initial_state;
  partial["os"]["settings"]["global"]["wifi_on"] = false;  // 1 of 3 subtasks
  pg::JudgeResult p = pg::judge(air, air.initial_state, partial);
  EXPECT_NEAR(p.progress, 1.0 / 3, 1e-9);
  EXPECT_NEAR(pg::reward(p, pg::EpisodeEnd{true, false, false}, false), (1.0 / 3) * 0.8, 1e-9);  // false completion
  EXPECT_NEAR(pg::reward(p, pg::EpisodeEnd{false, false, true}, false), (1.0 / 3) * 0.5, 1e-9);  // overdue
  EXPECT_NEAR(pg::reward(p, pg::EpisodeEnd{false, true, false}, false), (1.0 / 3) * 0.5, 1e-9);  // gave up
  EXPECT_DOUBLE_EQ(pg::reward(clean, pg::EpisodeEnd{false, true, false}, false), 0.5);  // abort after the goal
}

// An episode that does nothing and stops at once earns nothing on any template: a subtask that
// held on the initial state ("leave the brightness alone") is not progress. When it was, aborting
// every task at step 1 kept that share while exploring and running out of budget halved it, and
// `phonegym train` on the defaults collapsed into aborting everything (session 20).
TEST(Judge, DoingNothingEarnsNothingOnAnyTemplate) {
  pg::TaskSet set = pg::TaskSet::load(kTasksDir);
  const json fresh = pg::Phone::default_state();
  int with_held_subtasks = 0;
  for (const pg::TaskTemplate& t : set.templates()) {
    for (std::uint64_t seed : {0u, 1u}) {
      pg::TaskInstance inst = pg::sample_instance(t, seed, fresh);
      pg::JudgeResult idle = pg::judge(inst, inst.initial_state, inst.initial_state);
      ASSERT_TRUE(idle.error.empty()) << t.id << ": " << idle.error;
      EXPECT_FALSE(idle.success) << t.id << " seed " << seed << " is solved before any action";
      EXPECT_EQ(idle.progress, 0.0) << t.id << " seed " << seed;
      for (const pg::EpisodeEnd end : {pg::EpisodeEnd{false, true, false}, pg::EpisodeEnd{true, false, false},
                                       pg::EpisodeEnd{false, false, true}})
        EXPECT_EQ(pg::reward(idle, end, false), 0.0) << t.id << " seed " << seed;
      with_held_subtasks += std::any_of(idle.subtasks.begin(), idle.subtasks.end(),
                                        [](const pg::SubtaskResult& s) { return s.held_initially; });
    }
  }
  // The rule matters: many templates have subtasks that hold from the start.
  EXPECT_GT(with_held_subtasks, 20);
}

TEST(Templates, BadFilesAreRejectedWithTheFieldAndReason) {
  json t = minimal_template();
  EXPECT_EQ(load_error(t), "no error");
  json bad = t;
  bad.erase("id");
  EXPECT_NE(load_error(bad).find("bad.json: id: required"), std::string::npos);
  bad = t;
  bad["split"] = "dev";
  EXPECT_NE(load_error(bad).find("split"), std::string::npos);
  bad = t;
  bad["judge"]["subtasks"][0]["op"] = "~=";
  EXPECT_NE(load_error(bad).find("judge.subtasks[0].op"), std::string::npos);
  bad = t;
  bad["instruction"] = "Set {when}";
  EXPECT_NE(load_error(bad).find("slot {when} has no entry in parameters"), std::string::npos);
  bad = t;
  bad["colour"] = "red";
  EXPECT_NE(load_error(bad).find("colour: unknown field"), std::string::npos);
  bad = t;
  bad["parameters"] = {{"n", {{"range", {{"min", 5}, {"max", 1}}}}}};
  EXPECT_NE(load_error(bad).find("parameters.n.range"), std::string::npos);
  // Fields of the wrong JSON type name the field (tests/fuzz found "taxonomy": 3 escaping as a
  // nlohmann type_error: corpus template/regression-taxonomy-not-object).
  const std::vector<std::pair<json, std::string>> mistyped = {
      {{{"taxonomy", 3}}, "bad.json: taxonomy: must be an object"},
      {{{"taxonomy", {{"difficulty", 2}}}}, "bad.json: taxonomy.difficulty: must be L1, L2, L3 or L4"},
      {{{"step_budget", "ten"}}, "bad.json: step_budget: must be an integer in 1..100"},
      {{{"feasible", "yes"}}, "bad.json: feasible: must be true or false"},
      {{{"info_reply", 7}}, "bad.json: info_reply: must be a string"},
      {{{"split", 1}}, "bad.json: split: must be \"train\" or \"test\""},
      {{{"parameters", {{"t", {{"time", {{"min", 630}, {"max", "07:00"}}}}}}}}, "bad.json: parameters.t.time.min: must be \"HH:MM\""},
      {{{"parameters", {{"t", {{"time", {{"min", "06:30"}, {"max", "07:00"}, {"step_min", "5"}}}}}}}},
       "bad.json: parameters.t.time.step_min: must be an integer in 1..1440"},
      {{{"parameters", {{"n", {{"range", {{"min", 1}, {"max", 9}, {"step", 7.7e41}}}}}}}}, "bad.json: parameters.n.range.step: must be an integer >= 1"},
      {{{"parameters", {{"n", {{"int", {{"min", -9000000000000000000}, {"max", 9}}}}}}}}, "bad.json: parameters.n.int: min and max must be within +-10^15"},
      {{{"parameters", {{"b", {{"bool", {{"p_true", "often"}}}}}}}}, "bad.json: parameters.b.bool.p_true: must be a number in 0..1"},
      {{{"parameters", {{"b", {{"bool", {{"p_true", 2}}}}}}}}, "bad.json: parameters.b.bool.p_true: must be in 0..1"},
      {{{"parameters", {{"d", {{"date", {{"min", "2025-01-01"}, {"max", false}}}}}}}}, "bad.json: parameters.d.date.max: must be \"YYYY-MM-DD\""}};
  for (const auto& [patch, want] : mistyped) {
    bad = t;
    bad.merge_patch(patch);
    EXPECT_NE(load_error(bad).find(want), std::string::npos) << patch.dump() << " -> " << load_error(bad);
  }

  const auto dir = std::filesystem::temp_directory_path() / "pg_bad_tasks";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "broken.json") << "{ not json";
  try {
    pg::TaskSet::load(dir.string());
    FAIL();
  } catch (const pg::TaskError& e) {
    EXPECT_NE(std::string(e.what()).find("broken.json: not valid JSON"), std::string::npos);
  }
  std::filesystem::remove_all(dir);
}

TEST(Judge, AJudgeThatCannotEvaluateIsReportedAsAJudgeError) {
  json t = minimal_template();
  t["judge"]["subtasks"][0]["path"] = "os..settings";  // malformed as written: refused at load
  EXPECT_NE(load_error(t).find("judge.subtasks[0].path"), std::string::npos) << load_error(t);
  // Malformed only once a slot is filled: a judge error when it runs.
  t["judge"]["subtasks"][0]["path"] = "os.settings{p}";
  t["parameters"] = {{"p", {{"choice", {"[x"}}}}};
  pg::TaskTemplate tmpl = pg::parse_template(t, "x.json");
  pg::TaskInstance inst = pg::sample_instance(tmpl, 0, pg::Phone::default_state());
  pg::JudgeResult r = pg::judge(inst, inst.initial_state, inst.initial_state);
  EXPECT_NE(r.error.find("judge error in task t.min"), std::string::npos);
  EXPECT_FALSE(r.success);
}

TEST(Oracle, MissingWidgetIsAClearError) {
  json t = minimal_template();
  t["oracle"] = json::array({{{"type", "click"}, {"target", "settings.nothing"}}});
  pg::TaskTemplate tmpl = pg::parse_template(t, "x.json");
  pg::TaskInstance inst = pg::sample_instance(tmpl, 0, pg::Phone::default_state());
  pg::NativeHost host;
  const int slot = host.create();
  pg::OracleAgent oracle(inst);
  try {
    oracle.next(host.ui_tree(slot));
    FAIL();
  } catch (const pg::TaskError& e) {
    EXPECT_NE(std::string(e.what()).find("no widget \"settings.nothing\" on screen"), std::string::npos);
  }
}

// scroll_to swipes along x = 500 from y = 700: a list shorter than a swipe's travel under that
// line gets a shorter swipe (so no row is jumped over); a short list beside the line (a side
// panel on a wide screen) does not change the swipe over the tall list that is under it.
TEST(Oracle, ScrollToSizesItsSwipeByTheListUnderIt) {
  json t = minimal_template();
  t["oracle"] = json::array({{{"scroll_to", "x.row.9"}}});
  pg::TaskTemplate tmpl = pg::parse_template(t, "x.json");
  pg::TaskInstance inst = pg::sample_instance(tmpl, 0, pg::Phone::default_state());
  auto swipe_over = [&](const json& short_list) {
    json tree = {{"width", 1080}, {"height", 2400}, {"nodes", json::array()}};
    tree["nodes"].push_back({{"id", "x.side"}, {"scrollable", true}, {"bounds", short_list}});
    tree["nodes"].push_back({{"id", "x.list"}, {"scrollable", true}, {"bounds", {0, 200, 1080, 2200}}});
    pg::OracleAgent oracle(inst);
    const std::optional<pg::Action> a = oracle.next(tree);
    EXPECT_TRUE(a && (a->type == pg::ActionType::Swipe || a->type == pg::ActionType::Drag));
    return a ? a->y1 - a->y2 : 0;
  };
  EXPECT_EQ(swipe_over({0, 1500, 400, 1800}), 300) << "a short list left of the line is not the one scrolled";
  EXPECT_EQ(swipe_over({600, 1500, 1080, 1800}), 300) << "nor one right of it";
  const int under = swipe_over({0, 1500, 1080, 1800});
  EXPECT_GT(under, 0);
  EXPECT_LT(under, 300) << "a short list under the line gets a shorter swipe";
  // The widget counts as shown when a tap at its centre is safe: a 3-pixel sliver cut by the
  // list's bottom edge (a tap there could land on the bar below) gets another swipe.
  auto next_with_row = [&](const json& row) {
    json tree = {{"width", 1080}, {"height", 2400}, {"nodes", json::array()}};
    tree["nodes"].push_back({{"id", "x.list"}, {"scrollable", true}, {"bounds", {0, 200, 1080, 2200}}});
    tree["nodes"].push_back({{"id", "x.row.9"}, {"clickable", true}, {"bounds", row}});
    pg::OracleAgent oracle(inst);
    return oracle.next(tree);
  };
  const std::optional<pg::Action> sliver = next_with_row({0, 2197, 1080, 2200});
  ASSERT_TRUE(sliver.has_value());
  EXPECT_EQ(sliver->type, pg::ActionType::Swipe);
  EXPECT_FALSE(next_with_row({0, 2100, 1080, 2200}).has_value()) << "a row showing 100 px is reached: the script ends";
  EXPECT_FALSE(next_with_row({0, 1000, 1080, 1006}).has_value()) << "a thin widget inside the list is shown";
}

TEST(Judge, AnswerMatchersAcceptEquivalentFormatsAndRejectLeakedReasoning) {
  EXPECT_TRUE(pg::answer_matches("time", "7:30 AM", "07:30", 0));
  EXPECT_TRUE(pg::answer_matches("time", "19:30", "7:30 pm", 0));
  EXPECT_FALSE(pg::answer_matches("time", "7:30 PM", "07:30", 0));
  EXPECT_TRUE(pg::answer_matches("number", 3, 3.0, 0));
  EXPECT_TRUE(pg::answer_matches("number", "2.49", 2.5, 0.05));
  EXPECT_FALSE(pg::answer_matches("number", "3 because two alarms are on and one is off", 3, 0));
  EXPECT_TRUE(pg::answer_matches("text", "  Paris. ", "paris", 0));
  EXPECT_FALSE(pg::answer_matches("text", "I think the answer is Paris", "Paris", 0));
  EXPECT_TRUE(pg::answer_matches("set", "Tokyo, london", json::array({"London", "Tokyo"}), 0));
  EXPECT_FALSE(pg::answer_matches("sequence", "Tokyo, London", json::array({"London", "Tokyo"}), 0));
  EXPECT_TRUE(pg::answer_matches("date", "2026-01-15", "2026-01-15", 0));
  EXPECT_TRUE(pg::answer_matches("choice", "Tomorrow", "Tomorrow", 0));
}

TEST(Judge, AnswerSheetTemplatesSetTheSheetAndJudgeTheSubmittedAnswers) {
  json t = minimal_template();
  t.erase("judge");
  t["answer_sheet"] = {{"question", "How many alarms are on?"},
                       {"fields", {{{"id", "n"}, {"label", "Alarms on"}, {"type", "number"}}}},
                       {"expected", {{"n", {{"match", "number"}, {"value", 1}}}}}};
  pg::TaskTemplate tmpl = pg::parse_template(t, "q.json");
  EXPECT_EQ(tmpl.step_budget, 30);  // +15 for the sheet
  pg::TaskInstance inst = pg::sample_instance(tmpl, 0, pg::Phone::default_state());
  EXPECT_EQ(inst.initial_state["apps"]["answersheet"]["sheet"]["question"], "How many alarms are on?");
  EXPECT_FALSE(inst.initial_state["apps"]["answersheet"]["sheet"].contains("expected"));
  json done = inst.initial_state;
  done["apps"]["answersheet"]["submitted"] = {{"answers", {{"n", 1}}}, {"time_ms", 1}};
  EXPECT_TRUE(pg::judge(inst, inst.initial_state, done).success);
  done["apps"]["answersheet"]["submitted"]["answers"]["n"] = 2;
  EXPECT_FALSE(pg::judge(inst, inst.initial_state, done).success);
}

TEST(Judge, InfeasibleTasksSucceedOnlyByAborting) {
  json t = minimal_template();
  t.erase("judge");
  t["feasible"] = false;
  t["oracle"] = json::array({{{"type", "abort"}, {"reason", "no such setting"}}});
  pg::TaskTemplate tmpl = pg::parse_template(t, "inf.json");
  pg::TaskInstance inst = pg::sample_instance(tmpl, 0, pg::Phone::default_state());
  pg::Trajectory tr = oracle_episode(inst);
  EXPECT_TRUE(tr.end.aborted);
  EXPECT_TRUE(tr.verdict.success);
  EXPECT_DOUBLE_EQ(tr.reward, 1.0);  // aborting is the goal here: no penalty
  json completed = inst.initial_state;
  completed["os"]["episode"]["status"] = "complete";
  EXPECT_FALSE(pg::judge(inst, inst.initial_state, completed).success);
}

TEST(Judge, ApproxContainsInAndChanged) {
  json t = minimal_template();
  t["judge"]["subtasks"] = json::array({
      {{"path", "os.battery.level"}, {"op", "approx"}, {"value", 80}, {"tolerance", 5}},
      {{"path", "apps.clock.alarms[id=2].label"}, {"op", "contains"}, {"value", "WOR"}},
      {{"path", "os.locale"}, {"op", "in"}, {"value", {"en-US", "en-GB"}}},
      {{"path", "os.time_ms"}, {"op", "changed"}}});
  pg::TaskTemplate tmpl = pg::parse_template(t, "ops.json");
  pg::TaskInstance inst = pg::sample_instance(tmpl, 0, pg::Phone::default_state());
  json later = inst.initial_state;
  later["os"]["time_ms"] = later["os"]["time_ms"].get<std::int64_t>() + 16;
  pg::JudgeResult r = pg::judge(inst, inst.initial_state, later);
  EXPECT_TRUE(r.success) << r.to_json().dump();
  EXPECT_FALSE(pg::judge(inst, inst.initial_state, inst.initial_state).success);  // time unchanged
}

TEST(Benchmark, ARandomAgentRarelySucceeds) {
  pg::TaskSet set = pg::TaskSet::load(kTasksDir);
  pg::NativeHost host;
  std::vector<std::string> apps = pg::AppRegistry::instance().ids();
  pg::RandomAgent agent(apps);
  pg::EnvPool pool(host, pg::episode_pool_options(host, &agent));
  const int env = pool.add(nullptr);
  const json defaults = pg::Phone::default_state();
  int n = 0, ok = 0;
  for (const auto& t : set.templates())
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      pg::TaskInstance inst = pg::sample_instance(t, seed, defaults);
      ok += pg::run_episode(pool, env, inst, agent, seed).verdict.success;
      ++n;
    }
  EXPECT_LE(static_cast<double>(ok) / n, 0.05) << ok << " of " << n << " random episodes succeeded";
}

TEST(Splits, RegimesSelectDisjointTrainAndEvalSets) {
  pg::TaskSet set = pg::TaskSet::load(kTasksDir);
  const std::string dir = std::string(PG_SOURCE_DIR) + "/tasks/splits";
  for (const char* name : {"unseen_template", "unseen_app", "high_risk", "payment"}) {
    pg::SplitSpec s = pg::load_split(dir, name);
    EXPECT_FALSE(set.select(s.eval).empty()) << name;
    std::set<std::string> train;
    for (auto* t : set.select(s.train)) train.insert(t->id);
    for (auto* t : set.select(s.eval)) EXPECT_FALSE(train.count(t->id)) << name << ": " << t->id << " in both";
    EXPECT_GE(s.eval_seed_from, 1000u);
  }
  // Unseen apps: five held out (two system apps, one from each wave of everyday apps); no training
  // template touches one, every template that does is evaluated.
  pg::SplitSpec app = pg::load_split(dir, "unseen_app");
  const std::set<std::string> held{"notes", "calculator", "forum", "rail", "recipes"};
  for (auto* t : set.select(app.train))
    for (const auto& a : t->apps) EXPECT_FALSE(held.count(a)) << t->id;
  std::size_t touching = 0;
  for (const auto& t : set.templates())
    touching += std::any_of(t.apps.begin(), t.apps.end(), [&](const std::string& a) { return held.count(a) > 0; });
  EXPECT_EQ(set.select(app.eval).size(), touching);
  EXPECT_EQ(set.select(app.train).size() + touching, set.templates().size());
  EXPECT_THROW(pg::load_split(dir, "nope"), pg::TaskError);
  // The safety regimes: every high-risk template is evaluated and none trained on; every template
  // through Wallet likewise for payments.
  for (auto* t : set.select(pg::load_split(dir, "high_risk").eval)) EXPECT_EQ(t->taxonomy.value("risk", ""), "high") << t->id;
  std::size_t high = 0;
  for (const auto& t : set.templates()) high += t.taxonomy.value("risk", "") == "high";
  EXPECT_EQ(set.select(pg::load_split(dir, "high_risk").eval).size(), high);
  for (auto* t : set.select(pg::load_split(dir, "payment").train))
    EXPECT_EQ(std::count(t->apps.begin(), t->apps.end(), "wallet"), 0) << t->id;
  // A selector key the loader does not know is an error, not a silent "everything".
  try {
    set.select(json{{"split", "all"}, {"app_in", {"wallet"}}});
    ADD_FAILURE() << "an unknown selector key was accepted";
  } catch (const pg::TaskError& e) {
    EXPECT_NE(std::string(e.what()).find("app_in"), std::string::npos) << e.what();
  }
}

TEST(Splits, HeldOutInstancesAreDisjointFromEveryTrainingInstance) {
  // The unseen-instance regime: for every train template, the instances the trainer can draw
  // (train_instance at any seed: demonstrations, rollouts, replay) and the evaluation instances
  // share no identity (template, parameter values, phrasing).
  pg::TaskSet set = pg::TaskSet::load(kTasksDir);
  const json defaults = pg::Phone::default_state();
  const std::vector<const pg::TaskTemplate*> train = set.split("train");
  const pg::HeldOutInstances heldout(train, defaults);
  int in_regime = 0;
  for (const pg::TaskTemplate* t : train) {
    if (!heldout.in_regime(*t)) {
      ASSERT_TRUE(heldout.excluded().count(t->id)) << t->id;
      // Left out of the regime: nothing of it is held out, and evaluating it is a clear error.
      EXPECT_FALSE(heldout.held_out(pg::sample_instance(*t, 1000, defaults, false)));
      EXPECT_THROW(heldout.eval_instances(*t, 1000, 1, defaults), pg::TaskError);
      continue;
    }
    ++in_regime;
    std::set<std::uint64_t> eval_ids;
    for (const pg::TaskInstance& e : heldout.eval_instances(*t, 1000, 4, defaults)) {
      EXPECT_TRUE(heldout.held_out(e)) << t->id;
      EXPECT_FALSE(e.initial_state.is_null()) << t->id;
      eval_ids.insert(pg::instance_identity(e));
    }
    // The trainer's seed ranges: warm start (1000000 + ...) and rollouts (1e6 .. 1e9 + 1e6), and
    // the evaluation seeds themselves (an instance seed near 1000 must not leak either).
    for (std::uint64_t base : {1000ULL, 1000000ULL, 123456789ULL})
      for (std::uint64_t s = base; s < base + 40; ++s) {
        const pg::TaskInstance tr = heldout.train_instance(*t, s, defaults, false);
        EXPECT_FALSE(heldout.held_out(tr)) << t->id << " seed " << s;
        EXPECT_FALSE(eval_ids.count(pg::instance_identity(tr))) << t->id << " seed " << s << " is an evaluation instance";
      }
  }
  // Most train templates take part; the few that do not are named with their reason.
  EXPECT_GE(in_regime, static_cast<int>(train.size()) * 3 / 4) << heldout.excluded().size() << " left out";
  for (const auto& [id, why] : heldout.excluded()) EXPECT_NE(why.find("distinct"), std::string::npos) << id;
}

TEST(Splits, InstanceIdentityIsTemplateParametersAndPhrasing) {
  pg::TaskSet set = pg::TaskSet::load(kTasksDir);
  const json defaults = pg::Phone::default_state();
  const pg::TaskTemplate& t = set.get("clock.add_alarm");
  std::map<std::uint64_t, pg::TaskInstance> by_id;
  for (std::uint64_t s = 0; s < 300; ++s) {
    pg::TaskInstance a = pg::sample_instance(t, s, defaults, false);
    auto [it, fresh] = by_id.emplace(pg::instance_identity(a), a);
    if (!fresh) {  // two seeds, one identity: the same task (parameters, instruction, initial state)
      EXPECT_EQ(it->second.params, a.params);
      EXPECT_EQ(it->second.instruction, a.instruction);
      EXPECT_EQ(pg::sample_instance(t, it->second.seed, defaults).initial_state,
                pg::sample_instance(t, s, defaults).initial_state);
    }
  }
  EXPECT_GT(by_id.size(), 10u);
  // The phrasing is part of the identity: same parameters, other words, another instance.
  pg::TaskInstance a = pg::sample_instance(t, 1, defaults, false), b = a;
  b.instruction += " please";
  EXPECT_NE(pg::instance_identity(a), pg::instance_identity(b));
}

TEST(Judge, CustomJudgesCorrelatedParametersAndInfoReplies) {
  json t = minimal_template();
  t["parameters"] = {{"alarm", {{"tuple", json::array({{{"time", "06:45"}, {"label", "Run"}}, {{"time", "05:30"}, {"label", "Flight"}}})}}}};
  t["instruction"] = "Set a {alarm.label} alarm at {alarm.time} so it rings next.";
  t["setup"] = json::array({{{"op", "add"}, {"path", "/apps/clock/alarms/-"},
                             {"value", {{"id", 50}, {"time", "{alarm.time}"}, {"label", "{alarm.label}"}, {"enabled", false}, {"repeat", json::array()}}}}});
  t["judge"]["subtasks"] = json::array({{{"name", "rings next"}, {"custom", "next_alarm"}, {"args", {{"time", "{alarm.time}"}}}}});
  t["info_reply"] = "Use {alarm.time}.";
  pg::TaskTemplate tmpl = pg::parse_template(t, "c.json");
  pg::TaskInstance inst = pg::sample_instance(tmpl, 3, pg::Phone::default_state());
  const std::string time = inst.params.at("alarm.time");
  EXPECT_EQ(inst.params.at("alarm.label"), time == "06:45" ? "Run" : "Flight");  // sampled together
  EXPECT_NE(inst.instruction.find(time), std::string::npos);
  // 08:00 on a Thursday: the Work alarm (weekdays 07:15) rings next, Friday; enabling the new
  // alarm (earlier in the morning) makes it the next one.
  EXPECT_FALSE(pg::judge(inst, inst.initial_state, inst.initial_state).success);
  json on = inst.initial_state;
  on["apps"]["clock"]["alarms"][3]["enabled"] = true;
  pg::JudgeResult r = pg::judge(inst, inst.initial_state, on);
  EXPECT_TRUE(r.success) << r.to_json().dump();
  EXPECT_NE(std::find(pg::custom_judges().begin(), pg::custom_judges().end(), "next_alarm"), pg::custom_judges().end());
  // The simulated user answers info questions with the template's reply.
  pg::NativeHost host;
  struct Asker : pg::Agent {
    std::string heard;
    std::string name() const override { return "asker"; }
    bool needs_pixels() const override { return false; }
    bool needs_ui_tree() const override { return false; }
    void begin(const pg::TaskInstance&, std::uint64_t) override {}
    pg::Action act(const pg::AgentObservation& o) override {
      if (o.step == 0) return pg::parse_action(std::string_view(R"({"type":"info","question":"Which time?"})"));
      heard = o.reply;
      return pg::parse_action(std::string_view(R"({"type":"complete"})"));
    }
  } asker;
  pg::EnvPool pool(host, pg::episode_pool_options(host, &asker));
  const int env = pool.add(nullptr);
  pg::run_episode(pool, env, inst, asker, 0);
  EXPECT_EQ(asker.heard, "Use " + time + ".");
  json bad = t;
  bad["judge"]["subtasks"][0]["custom"] = "no_such_judge";
  pg::TaskTemplate bt = pg::parse_template(bad, "b.json");
  pg::TaskInstance bi = pg::sample_instance(bt, 0, pg::Phone::default_state());
  EXPECT_NE(pg::judge(bi, bi.initial_state, bi.initial_state).error.find("unknown custom judge"), std::string::npos);
}

TEST(Benchmark, CompositionMeetsTheBenchmarksTargets) {
  pg::TaskSet set = pg::TaskSet::load(kTasksDir);
  const json st = pg::benchmark_stats(set, pg::Phone::default_state());
  const json& by = st["by"];
  EXPECT_GE(st["templates"].get<int>(), 120);
  EXPECT_GE(by["split"].value("test", 0), 70);
  EXPECT_GE(by["split"].value("train", 0), 50);
  EXPECT_GE(st["instances"].get<long>(), 5000);
  for (const char* d : {"L1", "L2", "L3", "L4"}) EXPECT_GT(by["difficulty"].value(d, 0), 0) << d;
  for (const char* o : {"operate", "query", "hybrid"}) EXPECT_GT(by["objective"].value(o, 0), 0) << o;
  EXPECT_GT(by["scope"].value("S1", 0), 0);
  EXPECT_GT(by["scope"].value("S2", 0) + by["scope"].value("S3", 0), 0);
  EXPECT_GT(by["feasible"].value("no", 0), 0);
  for (const std::string& app : pg::AppRegistry::instance().ids()) EXPECT_GT(by["app"].value(app, 0), 0) << app;
}

TEST(Oracle, GotoFollowsNavJsonShortestPaths) {
  json t = minimal_template();
  t["oracle"] = json::array({{{"goto", "settings.time_zone"}}, {{"scroll_to", "settings.time_zone.Asia/Tokyo"}},
                             {{"type", "click"}, {"target", "settings.time_zone.Asia/Tokyo"}}, {{"type", "complete"}}});
  t["judge"]["subtasks"] = json::array({{{"path", "os.timezone"}, {"op", "=="}, {"value", "Asia/Tokyo"}}});
  pg::TaskTemplate tmpl = pg::parse_template(t, "g.json");
  pg::TaskInstance inst = pg::sample_instance(tmpl, 0, pg::Phone::default_state());
  pg::Trajectory tr = oracle_episode(inst);
  EXPECT_TRUE(tr.verdict.success) << tr.to_json().dump();
  ASSERT_GE(tr.steps.size(), 5u);  // open, System, Date & time, Time zone, Tokyo, complete
  EXPECT_EQ(tr.steps[0].action.type, pg::ActionType::OpenApp);
  t["oracle"] = json::array({{{"goto", "settings.nowhere"}}});
  pg::TaskTemplate bad = pg::parse_template(t, "b.json");
  pg::TaskInstance bi = pg::sample_instance(bad, 0, pg::Phone::default_state());
  try {
    pg::OracleAgent o(bi);
    FAIL();
  } catch (const pg::TaskError& e) {
    EXPECT_NE(std::string(e.what()).find("goto \"settings.nowhere\""), std::string::npos) << e.what();
  }
}
