// The OpenAI-compatible client and the VLM agent against a local fake endpoint (a test fixture,
// tests/openai_test_server.hpp): retries on 5xx, clear errors for timeouts, HTTP errors and
// malformed JSON, the concurrency limit, HTTPS with a self-signed certificate and --ca-file, and
// an episode that goes on after an unparsable reply.
#include "openai_test_server.hpp"

#include "sim/os/phone.hpp"
#include "trainer/agents/openai_client.hpp"
#include "trainer/agents/vlm_agent.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <thread>

using namespace pg;
using pgtest::completion;
using pgtest::FakeOpenAIServer;
using pgtest::FakeReply;
using json = nlohmann::json;

namespace {

ChatClientOptions opts(const FakeOpenAIServer& s) {
  ChatClientOptions o;
  o.base_url = s.base_url();
  o.model = "test-model";
  o.backoff_s = 0.01;
  o.timeout_s = 10;
  return o;
}
json hello() { return json::array({{{"role", "user"}, {"content", "hi"}}}); }

std::string error_of(ChatClient& c) {
  try {
    c.complete(hello());
  } catch (const EndpointError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ChatClient, RetriesServerErrorsThenSucceeds) {
  std::atomic<int> n{0};
  FakeOpenAIServer s([&](const json& req) {
    EXPECT_EQ(req["model"], "test-model");
    EXPECT_EQ(req["messages"][0]["content"], "hi");
    if (n++ < 2) return FakeReply{n == 1 ? 500 : 429, "{\"error\": \"busy\"}"};
    return FakeReply{200, completion("Action: press_home()", 123, 7)};
  });
  ChatClientOptions o = opts(s);
  o.api_key = "secret";
  ChatClient c(o);
  ChatReply r = c.complete(hello(), {{"temperature", 0}});
  EXPECT_EQ(r.content, "Action: press_home()");
  EXPECT_EQ(r.attempts, 3);
  EXPECT_EQ(r.prompt_tokens, 123);
  EXPECT_EQ(r.completion_tokens, 7);
  EXPECT_EQ(s.last_path(), "/v1/chat/completions");
  EXPECT_EQ(s.last_auth(), "Bearer secret");
  json st = c.stats();
  EXPECT_EQ(st["requests"], 1);
  EXPECT_EQ(st["retries"], 2);
  EXPECT_EQ(st["prompt_tokens"], 123);
  EXPECT_GT(st["latency_ms"]["max"].get<double>(), 0);
}

TEST(ChatClient, GivesUpWithTheStatusAndBody) {
  FakeOpenAIServer s([](const json&) { return FakeReply{503, "{\"error\": \"model is overloaded\"}"}; });
  ChatClientOptions o = opts(s);
  o.retries = 2;
  ChatClient c(o);
  const std::string e = error_of(c);
  EXPECT_NE(e.find("HTTP 503"), std::string::npos) << e;
  EXPECT_NE(e.find("model is overloaded"), std::string::npos) << e;
  EXPECT_NE(e.find("gave up after 3 attempts"), std::string::npos) << e;
  EXPECT_EQ(s.requests(), 3);
  EXPECT_EQ(c.stats()["failed"], 1);
}

TEST(ChatClient, ClientErrorsAreNotRetried) {
  FakeOpenAIServer s([](const json&) { return FakeReply{401, "{\"error\": \"bad key\"}"}; });
  ChatClient c(opts(s));
  const std::string e = error_of(c);
  EXPECT_NE(e.find("HTTP 401"), std::string::npos) << e;
  EXPECT_NE(e.find("--api-key-env"), std::string::npos) << e;
  EXPECT_EQ(s.requests(), 1);
}

TEST(ChatClient, TimeoutIsAClearErrorNotAHang) {
  FakeOpenAIServer s([](const json&) { return FakeReply{200, completion("late"), 2000}; });
  ChatClientOptions o = opts(s);
  o.timeout_s = 0.3;
  o.retries = 1;
  ChatClient c(o);
  const std::string e = error_of(c);
  EXPECT_NE(e.find("timed out after 0.3 s"), std::string::npos) << e;
  EXPECT_NE(e.find("gave up after 2 attempts"), std::string::npos) << e;
}

TEST(ChatClient, MalformedJsonAndMissingChoices) {
  FakeOpenAIServer s([](const json&) { return FakeReply{200, "{\"choices\": [ {\"message\": "}; });
  ChatClientOptions o = opts(s);
  o.retries = 0;
  ChatClient c(o);
  EXPECT_NE(error_of(c).find("reply is not JSON"), std::string::npos);
  FakeOpenAIServer s2([](const json&) { return FakeReply{200, "{\"object\": \"list\"}"}; });
  ChatClientOptions o2 = opts(s2);
  o2.retries = 0;
  ChatClient c2(o2);
  EXPECT_NE(error_of(c2).find("no choices[0].message"), std::string::npos);
}

TEST(ChatClient, RefusedConnectionNamesTheEndpoint) {
  int port;
  {
    FakeOpenAIServer s([](const json&) { return FakeReply{}; });
    port = s.port();
  }
  ChatClientOptions o;
  o.base_url = "http://127.0.0.1:" + std::to_string(port) + "/v1";
  o.model = "m";
  o.retries = 0;
  ChatClient c(o);
  const std::string e = error_of(c);
  EXPECT_NE(e.find("127.0.0.1:" + std::to_string(port)), std::string::npos) << e;
  EXPECT_NE(e.find("connecting"), std::string::npos) << e;
}

TEST(ChatClient, ToolCallsBecomeToolCallText) {
  FakeOpenAIServer s([](const json&) {
    json body = {{"choices",
                  {{{"message",
                     {{"role", "assistant"},
                      {"content", nullptr},
                      {"tool_calls",
                       {{{"type", "function"},
                         {"function", {{"name", "mobile_use"}, {"arguments", "{\"action\": \"system_button\", \"button\": \"Home\"}"}}}}}}}}}}}};
    return FakeReply{200, body.dump()};
  });
  ChatClient c(opts(s));
  const std::string text = c.complete(hello()).content;
  ParseContext ctx;
  ctx.coords = Coords::ImagePixels;
  ParseResult p = find_format("qwen-mobile-use").parse(text, ctx);
  ASSERT_TRUE(p.ok) << text << " -> " << p.reason;
  EXPECT_EQ(p.action.type, ActionType::Home);
}

TEST(ChatClient, ConcurrencyLimitHoldsAcrossThreads) {
  FakeOpenAIServer s([](const json&) { return FakeReply{200, completion("ok"), 150}; });
  ChatClientOptions o = opts(s);
  o.concurrency = 2;
  ChatClient c(o);
  std::vector<std::thread> ts;
  std::atomic<int> ok{0};
  for (int i = 0; i < 6; ++i) ts.emplace_back([&] { ok += c.complete(hello()).content == "ok"; });
  for (auto& t : ts) t.join();
  EXPECT_EQ(ok, 6);
  EXPECT_LE(s.max_in_flight(), 2);
  EXPECT_EQ(c.stats()["requests"], 6);
}

TEST(ChatClient, HttpsWithASelfSignedCertificateNeedsCaFile) {
  const auto dir = std::filesystem::temp_directory_path() / ("pg_tls_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto [cert, key] = pgtest::make_self_signed_cert(dir.string());
  ASSERT_FALSE(cert.empty()) << "openssl could not make a certificate";
  FakeOpenAIServer s([](const json&) { return FakeReply{200, completion("secure")}; }, cert, key);
  ASSERT_EQ(s.base_url().rfind("https://", 0), 0u);
  ChatClientOptions o = opts(s);
  o.retries = 0;
  {
    ChatClient c(o);  // system CAs only: the self-signed certificate is refused, and the error says what to do
    const std::string e = error_of(c);
    EXPECT_NE(e.find("TLS handshake"), std::string::npos) << e;
    EXPECT_NE(e.find("--ca-file"), std::string::npos) << e;
  }
  o.ca_file = cert;
  ChatClient c(o);
  EXPECT_EQ(c.complete(hello()).content, "secure");
  o.ca_file = (dir / "missing.pem").string();
  ChatClient bad(o);
  EXPECT_NE(error_of(bad).find("--ca-file"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(Url, ParsesAndRejects) {
  Url u = Url::parse("https://api.example.com/v1/");
  EXPECT_EQ(u.host, "api.example.com");
  EXPECT_EQ(u.port, "443");
  EXPECT_EQ(u.path, "/v1");
  EXPECT_EQ(Url::parse("http://127.0.0.1:8000/v1").port, "8000");
  EXPECT_THROW(Url::parse("ftp://x"), std::invalid_argument);
  EXPECT_THROW(Url::parse("http://:80/v1"), std::invalid_argument);
  auto [base, model] = parse_openai_agent_spec("openai:http://127.0.0.1:8000/v1#Qwen/Qwen2.5-VL-7B-Instruct");
  EXPECT_EQ(base, "http://127.0.0.1:8000/v1");
  EXPECT_EQ(model, "Qwen/Qwen2.5-VL-7B-Instruct");
  EXPECT_THROW(parse_openai_agent_spec("openai:http://127.0.0.1:8000/v1"), std::invalid_argument);
}

// An episode with a real VlmAgent: a garbage reply is an invalid step (format error) and the
// episode goes on; the raw replies and the sent chat are kept.
TEST(VlmAgent, UnparsableReplyIsAnInvalidStepAndTheEpisodeGoesOn) {
  std::atomic<int> n{0};
  json second_request;
  FakeOpenAIServer s([&](const json& req) {
    if (n++ == 0) return FakeReply{200, completion("I am not sure what to do.")};
    second_request = req;
    return FakeReply{200, completion("Thought: done\nAction: finished(content='')")};
  });
  TaskSet tasks = TaskSet::load(std::string(PG_SOURCE_DIR) + "/tasks/templates");
  TaskInstance inst = sample_instance(tasks.get("clock.add_alarm"), 1, Phone::default_state());
  NativeHost host;
  EnvPool pool(host, episode_pool_options(host));
  const int env = pool.add(nullptr);
  VlmAgentOptions vo;
  vo.format = "uitars";
  vo.image_w = 540;
  vo.image_h = 1200;
  auto client = std::make_shared<ChatClient>(opts(s));
  VlmAgent agent(vo, client);
  Trajectory tr = run_episode(pool, env, inst, agent, 0);
  ASSERT_EQ(tr.steps.size(), 2u);
  EXPECT_NE(tr.steps[0].info["error"].get<std::string>().find("invalid action: no action call found"), std::string::npos);
  EXPECT_EQ(tr.steps[0].agent["reply"], "I am not sure what to do.");
  EXPECT_EQ(tr.steps[0].agent["action"]["type"], "invalid");
  EXPECT_TRUE(tr.end.completed);
  EXPECT_FALSE(tr.verdict.success);
  // The second request carried the first reply as history, the note about it, and a JPEG.
  const json& msgs = second_request["messages"];
  ASSERT_GE(msgs.size(), 4u);
  EXPECT_EQ(msgs[0]["role"], "system");
  EXPECT_NE(msgs[1]["content"].get<std::string>().find(inst.instruction), std::string::npos);
  EXPECT_EQ(msgs[2]["content"], "I am not sure what to do.");
  const json& last = msgs.back()["content"];
  EXPECT_NE(last[0]["text"].get<std::string>().find("not a valid action"), std::string::npos);
  EXPECT_EQ(last[1]["image_url"]["url"].get<std::string>().rfind("data:image/jpeg;base64,/9j/", 0), 0u);
  // uitars is smart-resized: 540x1200 -> multiples of 28.
  EXPECT_EQ(tr.steps[1].agent["image"], json::array({532, 1204}));
}

/// One episode of clock.add_alarm by a VlmAgent against `s` (one retry per request).
Trajectory episode_against(const FakeOpenAIServer& s, int max_endpoint_failures) {
  static const TaskSet tasks = TaskSet::load(std::string(PG_SOURCE_DIR) + "/tasks/templates");  // outlives the trajectory
  TaskInstance inst = sample_instance(tasks.get("clock.add_alarm"), 1, Phone::default_state());
  NativeHost host;
  EnvPool pool(host, episode_pool_options(host));
  const int env = pool.add(nullptr);
  ChatClientOptions o = opts(s);
  o.retries = 1;
  VlmAgentOptions vo;
  vo.image_w = 270;
  vo.image_h = 600;
  vo.max_endpoint_failures = max_endpoint_failures;
  VlmAgent agent(vo, std::make_shared<ChatClient>(o));
  return run_episode(pool, env, inst, agent, 0);
}

TEST(VlmAgent, TransientEndpointFailuresAreInvalidStepsUntilTheLimit) {
  FakeOpenAIServer s([](const json&) { return FakeReply{500, "boom"}; });
  const Trajectory tr = episode_against(s, 3);
  // Two failed requests are invalid steps (no action, the error recorded); the third in a row ends it.
  ASSERT_EQ(tr.steps.size(), 2u);
  for (const StepRecord& st : tr.steps) {
    EXPECT_NE(st.agent.value("endpoint_error", "").find("HTTP 500: boom"), std::string::npos) << st.agent.dump();
    EXPECT_EQ(st.agent.value("format_error", "").rfind("no reply: ", 0), 0u) << st.agent.dump();
    EXPECT_EQ(st.agent["reply"], "");
  }
  EXPECT_NE(tr.agent_error.find("HTTP 500: boom"), std::string::npos) << tr.agent_error;
  EXPECT_NE(tr.agent_error.find("3 requests in a row failed"), std::string::npos) << tr.agent_error;
  EXPECT_EQ(tr.to_json()["agent_error"], tr.agent_error);
  EXPECT_EQ(s.requests(), 6);
}

TEST(VlmAgent, NonTransientEndpointErrorEndsTheEpisodeAtOnce) {
  // A 404 (wrong URL or model) would repeat on every request: no invalid steps, the episode ends.
  FakeOpenAIServer s([](const json&) { return FakeReply{404, "no such model"}; });
  const Trajectory tr = episode_against(s, 5);
  EXPECT_TRUE(tr.steps.empty());
  EXPECT_NE(tr.agent_error.find("HTTP 404: no such model"), std::string::npos) << tr.agent_error;
  EXPECT_EQ(s.requests(), 1);
}
