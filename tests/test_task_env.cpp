// The episode env (tasks/task_env.hpp): the step budget, complete / abort / info / answer, invalid
// and rejected actions, the judge and the shaped reward, a phone without state (a real device), and
// the same episode over a pool env of the native host.
#include "sim/os/phone.hpp"
#include "tasks/task.hpp"
#include "tasks/task_env.hpp"
#include "trainer/eval/agent.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

#include <optional>

using json = nlohmann::json;

namespace {

/// A phone whose only effect: a click turns Wi-Fi on, a long press turns Bluetooth on; open_app of
/// "nowhere" is rejected. `readable` false: a real device (no state for the judge).
class FakePhone : public pg::EpisodePhone {
 public:
  explicit FakePhone(bool readable = true) : readable_(readable) {}
  void reset(const json& s) override { state_ = s, steps = 0; }
  json step(const pg::Action& a) override {
    if (a.type == pg::ActionType::OpenApp && a.app == "nowhere") throw pg::ActionError("open_app: unknown app \"nowhere\"");
    ++steps;
    if (a.type == pg::ActionType::Click) state_["os"]["settings"]["global"]["wifi_on"] = true;
    if (a.type == pg::ActionType::LongPress) state_["os"]["settings"]["global"]["bluetooth_on"] = true;
    return {{"ok", true}, {"info", {{"changed", true}}}};
  }
  std::optional<json> state() override {
    if (!readable_) return std::nullopt;
    return state_;
  }
  int steps = 0;  ///< actions that reached the phone
  json state_;

 private:
  bool readable_;
};

pg::Action act(const char* j) { return pg::parse_action(std::string_view(j)); }

/// Two subtasks (Wi-Fi on, Bluetooth on), budget 4, a reply for info questions.
struct Fixture {
  pg::TaskTemplate tmpl;
  pg::TaskInstance inst;
  Fixture() {
    json t = json::parse(R"({
      "id": "t.radios", "apps": ["settings"], "instruction": "Turn on Wi-Fi and Bluetooth.",
      "judge": {"subtasks": [{"path": "os.settings.global.wifi_on", "op": "==", "value": true},
                             {"path": "os.settings.global.bluetooth_on", "op": "==", "value": true}]},
      "expected_changes": ["/os/settings/global/wifi_on", "/os/settings/global/bluetooth_on"],
      "info_reply": "Both of them.", "step_budget": 4,
      "oracle": [{"type": "complete"}], "split": "train"})");
    tmpl = pg::parse_template(t, "radios.json");
    json defaults = pg::Phone::default_state();
    defaults["os"]["settings"]["global"]["wifi_on"] = false;
    defaults["os"]["settings"]["global"]["bluetooth_on"] = false;
    inst = pg::sample_instance(tmpl, 0, defaults);
  }
};

}  // namespace

TEST(TaskEnv, CompleteAfterSolvingTerminatesWithTheJudgesRewardOnTheLastStepOnly) {
  Fixture f;
  FakePhone phone;
  pg::TaskEnv env;
  env.reset(phone, f.inst);
  pg::StepOutcome o1 = env.step(phone, act(R"({"type":"click","x":500,"y":500})"));
  EXPECT_FALSE(o1.done());
  EXPECT_EQ(o1.reward, 0.0);
  EXPECT_FALSE(o1.info.contains("verdict"));
  env.step(phone, act(R"({"type":"long_press","x":500,"y":500})"));
  pg::StepOutcome o3 = env.step(phone, act(R"({"type":"complete"})"));
  EXPECT_TRUE(o3.terminated);
  EXPECT_FALSE(o3.truncated);
  EXPECT_DOUBLE_EQ(o3.reward, 1.0);
  EXPECT_TRUE(o3.info["success"].get<bool>());
  EXPECT_EQ(o3.info["verdict"]["subtasks"].size(), 2u);
  EXPECT_TRUE(env.done());
  EXPECT_FALSE(env.needs_judge());
  EXPECT_TRUE(env.trajectory().end.completed);
  EXPECT_EQ(env.steps(), 3);
  EXPECT_EQ(phone.steps, 3);  // complete reaches the phone too (os.episode records it)
  EXPECT_THROW(env.step(phone, act(R"({"type":"noop"})")), std::logic_error);
}

TEST(TaskEnv, TheStepBudgetTruncatesAndHalvesTheProgressReward) {
  Fixture f;
  FakePhone phone;
  pg::TaskEnv env;
  env.reset(phone, f.inst);
  EXPECT_EQ(env.budget(), 4);
  env.step(phone, act(R"({"type":"click","x":1,"y":1})"));
  for (int i = 0; i < 2; ++i) EXPECT_FALSE(env.step(phone, act(R"({"type":"noop"})")).done());
  pg::StepOutcome last = env.step(phone, act(R"({"type":"noop"})"));
  EXPECT_TRUE(last.truncated);
  EXPECT_FALSE(last.terminated);
  EXPECT_TRUE(env.trajectory().end.out_of_budget);
  EXPECT_DOUBLE_EQ(last.reward, 0.5 * 0.5);  // progress 1/2, overdue termination x0.5
}

TEST(TaskEnv, ABudgetFromTheConfigOverridesTheTemplates) {
  Fixture f;
  FakePhone phone;
  pg::TaskEnv env;
  env.reset(phone, f.inst, pg::EpisodeConfig{1, false});
  EXPECT_TRUE(env.step(phone, act(R"({"type":"noop"})")).truncated);
  EXPECT_THROW(env.begin(f.inst, pg::EpisodeConfig{-1, false}), pg::TaskError);
}

TEST(TaskEnv, FalseCompletionIsPenalizedAndBinaryRewardIsAllOrNothing) {
  Fixture f;
  {
    FakePhone phone;
    pg::TaskEnv env;
    env.reset(phone, f.inst);
    env.step(phone, act(R"({"type":"click","x":1,"y":1})"));
    EXPECT_DOUBLE_EQ(env.step(phone, act(R"({"type":"complete"})")).reward, 0.5 * 0.8);
  }
  {
    FakePhone phone;
    pg::TaskEnv env;
    env.reset(phone, f.inst, pg::EpisodeConfig{0, true});
    env.step(phone, act(R"({"type":"click","x":1,"y":1})"));
    EXPECT_DOUBLE_EQ(env.step(phone, act(R"({"type":"complete"})")).reward, 0.0);
  }
}

TEST(TaskEnv, AbortEndsTheEpisodeAndInfoGetsTheTemplatesReply) {
  Fixture f;
  FakePhone phone;
  pg::TaskEnv env;
  env.reset(phone, f.inst);
  pg::StepOutcome o = env.step(phone, act(R"({"type":"info","question":"Which ones?"})"));
  EXPECT_EQ(o.info["reply"], "Both of them.");
  EXPECT_EQ(env.user_reply(), "Both of them.");
  pg::StepOutcome end = env.step(phone, act(R"({"type":"abort","reason":"cannot"})"));
  EXPECT_TRUE(end.terminated);
  EXPECT_TRUE(env.trajectory().end.aborted);
  EXPECT_DOUBLE_EQ(end.reward, 0.0);  // nothing done
}

TEST(TaskEnv, InvalidAndRejectedActionsAreRecordedStepsThatChangeNothing) {
  Fixture f;
  FakePhone phone;
  pg::TaskEnv env;
  env.reset(phone, f.inst);
  // The agent's reply did not parse: nothing reaches the phone, the step still counts.
  pg::StepOutcome bad = env.step(phone, act(R"({"type":"click","x":1,"y":1})"), json{{"format_error", "no action"}});
  EXPECT_EQ(phone.steps, 0);
  EXPECT_EQ(bad.info["result"]["error"], "invalid action: no action");
  EXPECT_FALSE(phone.state_["os"]["settings"]["global"]["wifi_on"].get<bool>());
  // The phone rejects it: recorded with the phone's message, the episode goes on.
  pg::StepOutcome rej = env.step(phone, act(R"({"type":"open_app","app":"nowhere"})"));
  EXPECT_NE(rej.info["result"]["error"].get<std::string>().find("unknown app \"nowhere\""), std::string::npos);
  EXPECT_FALSE(rej.done());
  EXPECT_EQ(env.steps(), 2);
}

TEST(TaskEnv, OnAPhoneWithoutStateThereIsNoJudgeAndNoReward) {
  Fixture f;
  FakePhone device(/*readable=*/false);
  pg::TaskEnv env;
  env.reset(device, f.inst);
  env.step(device, act(R"({"type":"click","x":1,"y":1})"));
  env.step(device, act(R"({"type":"long_press","x":1,"y":1})"));
  pg::StepOutcome end = env.step(device, act(R"({"type":"complete"})"));
  EXPECT_TRUE(end.terminated);
  EXPECT_FALSE(env.trajectory().judged);
  EXPECT_EQ(end.reward, 0.0);
  EXPECT_FALSE(end.info.contains("verdict"));
  EXPECT_TRUE(env.trajectory().to_json()["judge"].is_null());
}

TEST(TaskEnv, TheTwoHalvesOfAStepAreCheckedAndAnAgentFailureEndsTheEpisodeAsItStands) {
  Fixture f;
  FakePhone phone;
  pg::TaskEnv env;
  env.reset(phone, f.inst);
  EXPECT_THROW(env.record(json::object()), std::logic_error);    // nothing submitted
  EXPECT_THROW(env.conclude(phone.state()), std::logic_error);   // not over
  std::optional<pg::Action> send = env.submit(act(R"({"type":"click","x":1,"y":1})"));
  ASSERT_TRUE(send.has_value());
  EXPECT_THROW(env.submit(act(R"({"type":"noop"})")), std::logic_error);  // a step is pending
  env.record(phone.step(*send));
  env.interrupt("endpoint gone");
  EXPECT_TRUE(env.needs_judge());
  pg::StepOutcome end = env.conclude(phone.state());
  EXPECT_TRUE(end.truncated);
  EXPECT_EQ(env.trajectory().agent_error, "endpoint gone");
  EXPECT_DOUBLE_EQ(end.reward, 0.5 * 0.5);  // judged as it stands: progress 1/2, unfinished
}

TEST(TaskEnv, TheOracleSolvesATemplateThroughAPoolEnvOfTheNativeHost) {
  pg::TaskSet set = pg::TaskSet::load(std::string(PG_SOURCE_DIR) + "/tasks/templates");
  pg::TaskInstance inst = pg::sample_instance(set.get("clock.add_alarm"), 3, pg::Phone::default_state());
  pg::NativeHost host;
  pg::OracleEpisodeAgent oracle;
  pg::EnvPool pool(host, pg::episode_pool_options(host, &oracle));
  const int env = pool.add(nullptr);
  pg::Trajectory tr = pg::run_episode(pool, env, inst, oracle, 0);
  EXPECT_TRUE(tr.judged);
  EXPECT_TRUE(tr.verdict.success) << tr.to_json().dump();
  EXPECT_TRUE(tr.end.completed);
  EXPECT_DOUBLE_EQ(tr.reward, 1.0);
  // The same instance again on the same env starts from its initial state.
  pg::Trajectory again = pg::run_episode(pool, env, inst, oracle, 0);
  EXPECT_EQ(again.steps.size(), tr.steps.size());
  EXPECT_TRUE(again.verdict.success);
}
