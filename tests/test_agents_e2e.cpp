// `phonegym eval --agent openai:...` and `phonegym rollout` as a user runs them, against a local fake
// endpoint (a test fixture, tests/openai_test_server.hpp) that answers with a scripted solution in
// each native format: the task's oracle, replayed on a mirror phone and written with the format's
// renderer. The tasks must pass through the real parsers, client and episode loop.
#include "openai_test_server.hpp"

#include "sim/os/phone.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"
#include "trainer/agents/formats.hpp"
#include "trainer/pool/host.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

using namespace pg;
using pgtest::completion;
using pgtest::FakeOpenAIServer;
using pgtest::FakeReply;
using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

const std::string kSource = PG_SOURCE_DIR;

/// The fixture's "model": the oracle of one task instance on a mirror phone. Each request first
/// applies the previous reply (parsed like the agent parses it) to the mirror, then answers with the
/// oracle's next action in `format`. A request without assistant turns starts a new episode.
class OracleReplier {
 public:
  /// `image_w` x `image_h`: the eval's --image-size (before the format's smart resize).
  OracleReplier(std::string format, std::string task, std::string obs = "screenshot", int image_w = 540, int image_h = 1200)
      : fmt_(find_format(format)), obs_(std::move(obs)) {
    tasks_ = TaskSet::load(kSource + "/tasks/templates");
    const SplitSpec all = load_split(kSource + "/tasks/splits", "all");
    inst_ = std::make_unique<TaskInstance>(sample_instance(tasks_.get(task), all.eval_seed_from, Phone::default_state()));
    slot_ = host_.create();
    ctx_.coords = fmt_.default_coords();
    ctx_.image_w = image_w;
    ctx_.image_h = image_h;
    if (fmt_.wants_smart_resize()) std::tie(ctx_.image_w, ctx_.image_h) = smart_resize(image_w, image_h);
  }
  FakeReply operator()(const json& req) {
    std::lock_guard<std::mutex> lk(mu_);
    bool history = false;
    for (const json& m : req["messages"]) history |= m["role"] == "assistant";
    if (!history) {
      host_.reset(slot_, inst_->initial_state);
      oracle_ = std::make_unique<OracleAgent>(*inst_);
    } else if (!last_.empty()) {
      ParseResult p = fmt_.parse(last_, ctx_);
      if (p.ok) host_.step(slot_, p.action);
    }
    ctx_.marks = obs_ == "screenshot" ? json::array() : host_.marks(slot_);
    std::optional<Action> a = oracle_->next(host_.ui_tree(slot_));
    auto text = fmt_.render(a ? *a : Action{ActionType::Complete}, ctx_, "Following the plan.");
    last_ = text ? *text : "(cannot express this action)";
    ++replies;
    return {200, completion(last_)};
  }
  int replies = 0;

 private:
  const ActionFormat& fmt_;
  std::string obs_;
  TaskSet tasks_;
  std::unique_ptr<TaskInstance> inst_;
  NativeHost host_;
  int slot_ = 0;
  ParseContext ctx_;
  std::unique_ptr<OracleAgent> oracle_;
  std::string last_;
  std::mutex mu_;
};

struct CliRun {
  int code = -1;
  std::string output;
};
/// Runs the phonegym binary with `args`; returns the exit code and stdout+stderr.
CliRun phonegym(const std::string& args, const std::string& stdin_text = "") {
  const fs::path dir = fs::temp_directory_path() / ("pg_e2e_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path log = dir / "phonegym.log";
  std::string cmd = std::string(PG_PHONEGYM) + " " + args + " > " + log.string() + " 2>&1";
  if (!stdin_text.empty()) {
    const fs::path in = log.string() + ".in";
    std::ofstream(in) << stdin_text;
    cmd += " < " + in.string();
  }
  CliRun r;
  const int st = std::system(cmd.c_str());
  r.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  std::ifstream f(log);
  std::stringstream ss;
  ss << f.rdbuf();
  r.output = ss.str();
  return r;
}

json read_json(const fs::path& p) {
  std::ifstream f(p);
  return json::parse(f, nullptr, false);
}
std::vector<json> read_jsonl(const fs::path& p) {
  std::vector<json> out;
  std::ifstream f(p);
  for (std::string line; std::getline(f, line);)
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

fs::path out_dir(const std::string& name) {
  fs::path d = fs::temp_directory_path() / ("pg_e2e_" + std::to_string(::getpid())) / name;
  fs::remove_all(d);
  return d;
}

std::string agent_arg(const FakeOpenAIServer& s) { return "--agent 'openai:" + s.base_url() + "#fake-model'"; }

/// `phonegym eval` of clock.add_alarm against the fake model in `format` on a native host, with
/// `flags` added, writing to out_dir(`name`) (returned in `out`).
CliRun eval_clock(const FakeOpenAIServer& s, const std::string& format, const std::string& flags, const std::string& name,
                  fs::path& out) {
  out = out_dir(name);
  return phonegym("eval " + agent_arg(s) + " --format " + format + " --task clock.add_alarm --host native " + flags +
                  " --out " + out.string());
}

/// Evaluates `task` with the scripted model in `format`; expects success.
void expect_eval_passes(const std::string& format, const std::string& task, const std::string& obs = "screenshot") {
  OracleReplier replier(format, task, obs);
  FakeOpenAIServer s([&](const json& r) { return replier(r); });
  const fs::path out = out_dir("eval_" + format + "_" + obs);
  CliRun r = phonegym("eval " + agent_arg(s) + " --format " + format + " --obs " + obs + " --task " + task +
                   " --instances 1 --host native --image-size 540x1200 --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  json res = read_json(out / "results.json");
  EXPECT_EQ(res["sr"], 1.0) << format << "\n" << r.output;
  EXPECT_EQ(res["agent_steps"]["format_errors"], 0);
  EXPECT_EQ(res["endpoint"]["requests"], replier.replies);
  EXPECT_EQ(res["endpoint"]["prompt_tokens"], 100 * replier.replies);
  EXPECT_TRUE(res["complete"].get<bool>());
  auto trajs = read_jsonl(out / "trajectories.jsonl");
  ASSERT_EQ(trajs.size(), 1u);
  // The raw replies are in the trajectory.
  EXPECT_FALSE(trajs[0]["steps"][0]["agent"]["reply"].get<std::string>().empty());
  EXPECT_NE(r.output.find("format errors 0 of"), std::string::npos) << r.output;
  int swipes = 0;
  for (const json& st : trajs[0]["steps"]) swipes += st["action"]["type"] == "swipe";
  if (task == "contacts.delete_contact") EXPECT_GE(swipes, 1) << "the instance should need scrolling";
}

/// Removes the test's temporary directory at the end.
struct Cleanup : ::testing::Environment {
  void TearDown() override { fs::remove_all(fs::temp_directory_path() / ("pg_e2e_" + std::to_string(::getpid()))); }
};
const auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new Cleanup);

}  // namespace

TEST(AgentsE2E, EvalPassesInEveryFormat) {
  for (const std::string& f : format_names()) {
    SCOPED_TRACE(f);
    expect_eval_passes(f, "clock.add_alarm");
  }
}

TEST(AgentsE2E, ScrollingTaskPassesWithDirectionalScrolls) {
  // The oracle scrolls the contact list 3 times on this instance; UI-TARS, AndroidWorld and
  // AndroidLab express those swipes as directions ("scroll down" = finger up), Qwen as two points.
  for (const std::string f : {"uitars", "androidworld", "androidlab", "qwen-mobile-use"}) {
    SCOPED_TRACE(f);
    expect_eval_passes(f, "contacts.delete_contact");
  }
}

TEST(AgentsE2E, ElementIndexActionsWithSetOfMarksAndA11y) {
  expect_eval_passes("androidworld", "clock.add_alarm", "som");
  expect_eval_passes("androidlab", "clock.add_alarm", "a11y");
}

TEST(AgentsE2E, FailingEndpointGivesAClearErrorAndPartialResults) {
  // An endpoint that is down: two requests in a row fail after their retry, and the run stops.
  FakeOpenAIServer s([](const json&) { return FakeReply{500, "{\"error\": \"CUDA out of memory\"}"}; });
  fs::path out;
  CliRun r = eval_clock(s, "uitars", "--instances 3 --retries 1 --endpoint-failures 2", "eval_500", out);
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("HTTP 500"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("CUDA out of memory"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("2 requests in a row failed"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("partial results written"), std::string::npos) << r.output;
  json res = read_json(out / "results.json");
  EXPECT_FALSE(res["complete"].get<bool>());
  EXPECT_NE(res["error"].get<std::string>().find("stopped after 1 of 3 episodes"), std::string::npos) << res["error"];
  const auto trajs = read_jsonl(out / "trajectories.jsonl");
  ASSERT_EQ(trajs.size(), 1u);
  EXPECT_EQ(trajs[0]["steps"].size(), 1u);  // the first failure was an invalid step; the second stopped the run
  EXPECT_EQ(s.requests(), 4);               // two steps, each one retry, then no further episodes
}

TEST(AgentsE2E, EndpointFaultsAreInvalidStepsAndTheRunFinishes) {
  // Among a model's correct replies: an HTTP 500, a body that is not JSON, an endless fast stream
  // (cut off at the reply size limit) and an endless slow stream (cut off by --timeout). Each is
  // one invalid step after its retries; the episode goes on and the run completes.
  OracleReplier replier("uitars", "clock.add_alarm");
  std::atomic<int> n{0};
  FakeOpenAIServer s([&](const json& req) {
    switch (++n) {
      case 1: return FakeReply{500, "{\"error\": \"overloaded\"}"};
      case 3: return FakeReply{200, "<html>502 Bad Gateway</html>"};
      case 5: return FakeReply{200, "", 0, /*endless_chunk_ms=*/0};
      case 7: return FakeReply{200, "", 0, /*endless_chunk_ms=*/20};
      default: return replier(req);
    }
  });
  fs::path out;
  CliRun r = eval_clock(s, "uitars", "--instances 1 --retries 0 --timeout 3 --image-size 540x1200", "eval_faults", out);
  ASSERT_EQ(r.code, 0) << r.output;
  json res = read_json(out / "results.json");
  EXPECT_TRUE(res["complete"].get<bool>());
  EXPECT_EQ(res["sr"], 1.0) << r.output;
  EXPECT_EQ(res["agent_steps"]["format_errors"], 4);
  EXPECT_EQ(res["agent_steps"]["endpoint_errors"], 4);
  EXPECT_EQ(res["endpoint"]["failed"], 4);
  EXPECT_NE(r.output.find("(4 without a reply)"), std::string::npos) << r.output;
  const auto trajs = read_jsonl(out / "trajectories.jsonl");
  ASSERT_EQ(trajs.size(), 1u);
  std::vector<std::string> errors;
  for (const json& st : trajs[0]["steps"])
    if (st["agent"].contains("endpoint_error")) errors.push_back(st["agent"]["endpoint_error"]);
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_NE(errors[0].find("HTTP 500"), std::string::npos) << errors[0];
  EXPECT_NE(errors[1].find("reply is not JSON"), std::string::npos) << errors[1];
  EXPECT_NE(errors[2].find("longer than 32 MiB"), std::string::npos) << errors[2];
  EXPECT_NE(errors[3].find("timed out after 3.0 s"), std::string::npos) << errors[3];
}

TEST(AgentsE2E, SlowEndpointTimesOut) {
  FakeOpenAIServer s([](const json&) { return FakeReply{200, completion("Action: press_home()"), 3000}; });
  fs::path out;
  CliRun r = eval_clock(s, "uitars", "--instances 1 --timeout 0.5 --retries 0", "eval_slow", out);
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("timed out after 0.5 s"), std::string::npos) << r.output;
  EXPECT_TRUE(fs::exists(out / "results.json"));
}

TEST(AgentsE2E, MalformedJsonIsReported) {
  FakeOpenAIServer s([](const json&) { return FakeReply{200, "<html>502 Bad Gateway</html>"}; });
  fs::path out;
  CliRun r = eval_clock(s, "phonegym", "--instances 1 --retries 0", "eval_malformed", out);
  EXPECT_EQ(r.code, 2) << r.output;
  EXPECT_NE(r.output.find("reply is not JSON"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("502 Bad Gateway"), std::string::npos) << r.output;
}

TEST(AgentsE2E, GarbageRepliesAreFormatErrorsNotCrashes) {
  FakeOpenAIServer s([](const json&) { return FakeReply{200, completion("{{{ (((( ''' \"\"\" <tool_call>")}; });
  fs::path out;
  CliRun r = eval_clock(s, "qwen-mobile-use", "--instances 1 --max-steps 3", "eval_garbage", out);
  ASSERT_EQ(r.code, 0) << r.output;
  json res = read_json(out / "results.json");
  EXPECT_EQ(res["agent_steps"]["format_errors"], 3);
  EXPECT_EQ(res["agent_steps"]["format_error_rate"], 1.0);
  EXPECT_EQ(res["sr"], 0.0);
}

TEST(AgentsE2E, ConcurrentEpisodesEachGetTheirOwnPhone) {
  // A stateless "model" that declares every task done at once: 4 episodes on 2 workers.
  FakeOpenAIServer s([](const json&) { return FakeReply{200, completion("Thought: done\nAction: finished(content='')"), 100}; });
  fs::path out;
  CliRun r = eval_clock(s, "uitars", "--instances 2 --attempts 2 --concurrency 2 --image-size 270x600", "eval_concurrent", out);
  ASSERT_EQ(r.code, 0) << r.output;
  json res = read_json(out / "results.json");
  EXPECT_EQ(res["episodes"], 4);
  EXPECT_EQ(res["endpoint"]["requests"], 4);
  EXPECT_EQ(res["fc"], 1.0);  // every episode a false completion
  EXPECT_LE(s.max_in_flight(), 2);
  EXPECT_EQ(read_jsonl(out / "trajectories.jsonl").size(), 4u);
}

TEST(AgentsE2E, FormatOnlyAppliesToModelAgents) {
  CliRun r = phonegym("eval --agent random --format uitars --host native --task clock.add_alarm --instances 1 --out " + out_dir("bad").string());
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("--format applies to --agent openai"), std::string::npos) << r.output;
}

TEST(AgentsE2E, HttpsEndpointWithCaFile) {
  const fs::path dir = out_dir("tls");
  fs::create_directories(dir);
  auto [cert, key] = pgtest::make_self_signed_cert(dir.string());
  ASSERT_FALSE(cert.empty());
  OracleReplier replier("phonegym", "clock.add_alarm", "screenshot", 1080, 2400);
  FakeOpenAIServer s([&](const json& r) { return replier(r); }, cert, key);
  CliRun r = phonegym("eval " + agent_arg(s) + " --format phonegym --task clock.add_alarm --instances 1 --host native --ca-file " +
                   cert + " --api-key-env PG_TEST_KEY --out " + (dir / "out").string());
  // The key variable is unset: a clear error before anything runs.
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("--api-key-env PG_TEST_KEY: the variable is not set"), std::string::npos) << r.output;
  r = phonegym("eval " + agent_arg(s) + " --format phonegym --task clock.add_alarm --instances 1 --host native --ca-file " + cert +
               " --out " + (dir / "out").string());
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_EQ(read_json(dir / "out" / "results.json")["sr"], 1.0);
}

TEST(AgentsE2E, RolloutExportsConversationsWithImages) {
  OracleReplier replier("uitars", "clock.add_alarm");
  FakeOpenAIServer s([&](const json& r) { return replier(r); });
  const fs::path out = out_dir("rollout");
  CliRun r = phonegym("rollout " + agent_arg(s) + " --format uitars --task clock.add_alarm --image-size 540x1200 --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  auto recs = read_jsonl(out / "sft.jsonl");
  ASSERT_EQ(static_cast<int>(recs.size()), replier.replies);
  for (const json& rec : recs) {
    const json& msgs = rec["messages"];
    EXPECT_EQ(msgs.front()["role"], "system");
    EXPECT_EQ(msgs.back()["role"], "assistant");
    EXPECT_EQ(msgs.back()["content"], rec["reply"]);
    // One "<image>" placeholder per image file, and the file is the JPEG the model saw.
    int placeholders = 0;
    for (const json& m : msgs)
      for (std::size_t p = m["content"].get<std::string>().find("<image>"); p != std::string::npos;
           p = m["content"].get<std::string>().find("<image>", p + 1))
        ++placeholders;
    ASSERT_EQ(placeholders, static_cast<int>(rec["images"].size()));
    ASSERT_EQ(rec["images"].size(), 1u);
    EXPECT_TRUE(fs::exists(out / rec["images"][0].get<std::string>()));
    EXPECT_EQ(rec["reward"], 1.0);
    EXPECT_TRUE(rec["success"].get<bool>());
    EXPECT_NE(rec["action"]["type"], "invalid");
  }
  EXPECT_TRUE(recs.back()["last"].get<bool>());
  EXPECT_EQ(recs.back()["action"]["type"], "complete");
  EXPECT_EQ(read_json(out / "results.json")["records"], recs.size());
}

TEST(AgentsE2E, OracleDemonstrationsInAFormatNeedNoEndpoint) {
  const fs::path out = out_dir("demos");
  CliRun r = phonegym("rollout --agent oracle --format autoglm --task clock.add_alarm --instances 2 --image-size 270x600 --out " + out.string());
  ASSERT_EQ(r.code, 0) << r.output;
  auto recs = read_jsonl(out / "sft.jsonl");
  ASSERT_FALSE(recs.empty());
  EXPECT_NE(recs[0]["reply"].get<std::string>().find("<answer>do(action="), std::string::npos);
  EXPECT_EQ(read_json(out / "results.json")["sr"], 1.0);
}

TEST(AgentsE2E, ParseCommandPrintsTheUnifiedAction) {
  CliRun r = phonegym("agents parse --format autoglm", "<think>t</think><answer>do(action=\"Tap\", element=[999,999])</answer>");
  ASSERT_EQ(r.code, 0) << r.output;
  json j = json::parse(r.output);
  EXPECT_EQ(j, json::parse(R"({"type":"click","x":1000,"y":1000})"));
  r = phonegym("agents parse --format qwen-mobile-use --image 1092x2408",
               R"(<tool_call>{"name":"mobile_use","arguments":{"action":"click","coordinate":[546,1204]}}</tool_call>)");
  EXPECT_EQ(json::parse(r.output)["x"], 500);
  r = phonegym("agents parse --format androidworld", "the model rambles");
  j = json::parse(r.output);
  EXPECT_EQ(j["type"], "invalid");
  EXPECT_NE(j["reason"].get<std::string>().find("no JSON object"), std::string::npos);
  r = phonegym("agents parse --format gpt5", "x");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.output.find("expected one of uitars"), std::string::npos) << r.output;
}
