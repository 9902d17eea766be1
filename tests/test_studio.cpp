// The studio's native parts: template authoring (validate as you type, sample, judge, check a
// solution) and the HTTP server's file and template API (no file outside its roots, ever).
#include "sim/os/phone.hpp"
#include "tasks/authoring.hpp"
#include "tools/studio_server.hpp"

#include <boost/asio.hpp>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

const json& defaults() {
  static const json s = pg::Phone::default_state();
  return s;
}

// A small Wi-Fi task, as a newcomer writes it in the studio.
json wifi_task() {
  return json::parse(R"({
    "id": "studio.wifi_off", "apps": ["settings"],
    "instruction": ["Turn off Wi-Fi, then set brightness {level}."],
    "parameters": {"level": {"choice": ["low", "high"]}},
    "setup": [{"op": "replace", "path": "/os/settings/global/wifi_on", "value": true}],
    "judge": {"subtasks": [{"name": "Wi-Fi is off", "path": "os.settings.global.wifi_on", "op": "==", "value": false}]},
    "expected_changes": ["/os/settings/global/wifi_on"],
    "oracle": [{"type": "click", "target": "launcher.app.settings"}, {"type": "click", "target": "settings.network"},
               {"type": "click", "target": "settings.wifi.switch"}, {"type": "complete"}],
    "step_budget": 15, "split": "train"})");
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

TEST(Authoring, ValidTemplateIsOkWithItsSlots) {
  json v = pg::validate_template_text(wifi_task().dump(2), defaults());
  ASSERT_TRUE(v["ok"].get<bool>()) << v.dump();
  EXPECT_EQ(v["id"], "studio.wifi_off");
  EXPECT_EQ(v["parameters"], json::array({"level"}));
  EXPECT_EQ(v["subtasks"], 1);
}

TEST(Authoring, SyntaxErrorGivesLineAndColumn) {
  json v = pg::validate_template_text("{\n  \"id\": \"x\",\n  \"apps\" [\"settings\"]\n}", defaults());
  ASSERT_FALSE(v["ok"].get<bool>());
  const json& e = v["errors"][0];
  EXPECT_EQ(e["field"], "(json)");
  EXPECT_EQ(e["line"], 3) << e.dump();
  EXPECT_NE(e["message"].get<std::string>().find("parse error"), std::string::npos);
}

TEST(Authoring, FormatErrorsNameTheField) {
  json t = wifi_task();
  t["judge"]["subtasks"][0]["op"] = "~=";
  json v = pg::validate_template_text(t.dump(), defaults());
  ASSERT_FALSE(v["ok"].get<bool>());
  EXPECT_EQ(v["errors"][0]["field"], "judge.subtasks[0].op");
  EXPECT_NE(v["errors"][0]["message"].get<std::string>().find("\"~=\""), std::string::npos);

  t = wifi_task();
  t["instruction"] = "Set brightness {colour}.";
  v = pg::validate_template_text(t.dump(), defaults());
  EXPECT_EQ(v["errors"][0]["field"], "instruction");
  EXPECT_NE(v["errors"][0]["message"].get<std::string>().find("{colour}"), std::string::npos);

  t = wifi_task();
  t["oracle"][1] = {{"press", "settings.network"}};
  v = pg::validate_template_text(t.dump(), defaults());
  EXPECT_EQ(v["errors"][0]["field"], "oracle[1]");
}

TEST(Authoring, SetupThatDoesNotApplyOrBreaksTheSchemaIsASetupError) {
  json t = wifi_task();
  t["setup"][0]["path"] = "/os/settings/nowhere/wifi_on";
  json v = pg::validate_template_text(t.dump(), defaults());
  ASSERT_FALSE(v["ok"].get<bool>());
  EXPECT_EQ(v["errors"][0]["field"], "setup");

  t = wifi_task();
  t["setup"][0]["value"] = "yes";  // a string where the schema wants a boolean
  v = pg::validate_template_text(t.dump(), defaults());
  ASSERT_FALSE(v["ok"].get<bool>());
  EXPECT_EQ(v["errors"][0]["field"], "setup");
  EXPECT_NE(v["errors"][0]["message"].get<std::string>().find("wifi_on"), std::string::npos) << v.dump();
}

TEST(Authoring, SampleFillsSlotsAndAppliesSetup) {
  pg::AuthoringSession s = pg::AuthoringSession::sample(wifi_task(), 3, defaults());
  json d = s.describe();
  const std::string level = d["params"]["level"];
  EXPECT_TRUE(level == "low" || level == "high");
  EXPECT_EQ(d["instruction"], "Turn off Wi-Fi, then set brightness " + level + ".");
  EXPECT_TRUE(s.inst.initial_state["os"]["settings"]["global"]["wifi_on"].get<bool>());
  EXPECT_FALSE(s.judge_state(s.inst.initial_state).success);
  json off = s.inst.initial_state;
  off["os"]["settings"]["global"]["wifi_on"] = false;
  pg::JudgeResult r = s.judge_state(off);
  EXPECT_TRUE(r.success);
  EXPECT_TRUE(r.side_effects.empty());
  off["os"]["settings"]["global"]["bluetooth_on"] = !off["os"]["settings"]["global"].value("bluetooth_on", false);
  EXPECT_EQ(s.judge_state(off).side_effects, std::vector<std::string>{"/os/settings/global/bluetooth_on"});
}

TEST(Authoring, OracleAndRecordedActionsAreChecked) {
  json oracle = pg::check_solution(wifi_task(), 0, nullptr, defaults());
  EXPECT_TRUE(oracle["success"].get<bool>()) << oracle.dump();
  EXPECT_FALSE(oracle["solved_before_any_action"].get<bool>());
  EXPECT_EQ(oracle["steps"].size(), 4u);

  // The oracle's own actions, replayed as a recorded list, solve it too; without the last tap not.
  json actions = json::array();
  for (const json& st : oracle["steps"]) actions.push_back(st["action"]);
  EXPECT_TRUE(pg::check_solution(wifi_task(), 0, actions, defaults())["success"].get<bool>());
  json partial = json::array({actions[0], actions[1]});
  json r = pg::check_solution(wifi_task(), 0, partial, defaults());
  EXPECT_FALSE(r["success"].get<bool>());
  EXPECT_FALSE(r["verdict"]["subtasks"][0]["passed"].get<bool>());

  json bad = json::array({{{"type", "fly"}}});
  r = pg::check_solution(wifi_task(), 0, bad, defaults());
  EXPECT_FALSE(r["success"].get<bool>());
  EXPECT_NE(r["error"].get<std::string>().find("actions[0]"), std::string::npos);

  json t = wifi_task();
  t["oracle"][1] = {{"type", "click"}, {"target", "settings.nothing_here"}};
  r = pg::check_solution(t, 0, nullptr, defaults());
  EXPECT_FALSE(r["success"].get<bool>());
  EXPECT_NE(r["error"].get<std::string>().find("settings.nothing_here"), std::string::npos);
}

// ---------------------------------------------------------------- the server

class StudioServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() / ("pg_studio_test_" + std::to_string(::getpid()) + "_" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(base_);
    fs::create_directories(base_ / "web");
    fs::create_directories(base_ / "tasks/settings");
    std::ofstream(base_ / "web/studio.html") << "<!doctype html><title>studio</title>";
    std::ofstream(base_ / "secret.txt") << "outside the roots";
    fs::copy_file(fs::path(PG_SOURCE_DIR) / "tasks/templates/settings/wifi_off.json", base_ / "tasks/settings/wifi_off.json");
    opts_.web_root = (base_ / "web").string();
    opts_.tasks_dir = (base_ / "tasks").string();
  }
  void TearDown() override { fs::remove_all(base_); }

  pg::studio::Reply get(const std::string& target, bool loopback = true) {
    return pg::studio::handle(opts_, loopback, {"GET", target, {{"host", "127.0.0.1:8080"}}, ""});
  }
  pg::studio::Reply put(const std::string& target, const std::string& body,
                        std::map<std::string, std::string> headers = {{"host", "127.0.0.1:8080"}}) {
    return pg::studio::handle(opts_, true, {"PUT", target, std::move(headers), body});
  }

  fs::path base_;
  pg::studio::ServeOptions opts_;
};

TEST_F(StudioServerTest, ServesTheStudioAndRedirectsTheRoot) {
  auto r = get("/studio.html");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "text/html; charset=utf-8");
  EXPECT_NE(r.body.find("studio"), std::string::npos);
  r = get("/");
  EXPECT_EQ(r.status, 302);
  EXPECT_EQ(r.headers["Location"], "/studio.html");
  EXPECT_EQ(get("/missing.js").status, 404);
}

TEST_F(StudioServerTest, NoFileOutsideTheWebRoot) {
  for (const std::string t : {"/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/..%2fsecret.txt",
                              "/..\\secret.txt", "/x/../../secret.txt", "/./../secret.txt"}) {
    auto r = get(t);
    EXPECT_EQ(r.status, 403) << t;
    EXPECT_EQ(r.body.find("outside the roots"), std::string::npos) << t;
  }
  EXPECT_EQ(get("secret.txt").status, 400);                 // not an absolute path
  EXPECT_EQ(get("http://evil/../secret.txt").status, 400);  // absolute-form target
  EXPECT_EQ(get("/%00studio.html").status, 400);
  EXPECT_EQ(get("/%zz").status, 400);
  // An absolute path in the URL is a path below the root, never the file system's.
  EXPECT_EQ(get("/" + (base_ / "secret.txt").string()).status, 404);
  // A symlink that leads out of the root is refused.
  fs::create_symlink(base_ / "secret.txt", base_ / "web/link.txt");
  EXPECT_EQ(get("/link.txt").status, 403);
  // Static files are read-only.
  EXPECT_EQ(put("/studio.html", "x").status, 405);
}

TEST_F(StudioServerTest, ListsAndReadsTemplates) {
  auto r = get("/api/templates");
  ASSERT_EQ(r.status, 200);
  json j = json::parse(r.body);
  ASSERT_EQ(j["templates"].size(), 1u);
  EXPECT_EQ(j["templates"][0]["path"], "settings/wifi_off.json");
  EXPECT_EQ(j["templates"][0]["id"], "settings.wifi_off");
  EXPECT_EQ(j["templates"][0]["instruction"], "Turn off Wi-Fi.");
  r = get("/api/templates/settings/wifi_off.json");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body, slurp(base_ / "tasks/settings/wifi_off.json"));
  EXPECT_EQ(get("/api/templates/settings/nope.json").status, 404);
  EXPECT_EQ(get("/api/templates/../../secret.txt").status, 403);
  EXPECT_EQ(get("/api/templates/%2e%2e/%2e%2e/secret.txt").status, 403);
  EXPECT_FALSE(json::parse(get("/api/info").body)["token_required"].get<bool>());
}

TEST_F(StudioServerTest, SavesValidTemplatesOnlyUnderTheTasksDir) {
  auto r = put("/api/templates/studio/wifi.json", wifi_task().dump(2));
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_TRUE(json::parse(r.body)["created"].get<bool>());
  EXPECT_EQ(json::parse(slurp(base_ / "tasks/studio/wifi.json"))["id"], "studio.wifi_off");
  EXPECT_EQ(put("/api/templates/studio/wifi.json", wifi_task().dump()).status, 200);  // overwrite
  EXPECT_EQ(put("/api/templates/studio/wifi.json", wifi_task().dump(), {{"host", "127.0.0.1"}, {"if-none-match", "*"}}).status, 412);

  // Invalid templates are refused with the field, and nothing is written.
  json bad = wifi_task();
  bad["split"] = "dev";
  r = put("/api/templates/studio/bad.json", bad.dump());
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.find("split"), std::string::npos);
  EXPECT_FALSE(fs::exists(base_ / "tasks/studio/bad.json"));
  EXPECT_EQ(put("/api/templates/studio/bad.json", "{not json").status, 400);
  // Another file's id.
  json dup = wifi_task();
  dup["id"] = "settings.wifi_off";
  r = put("/api/templates/studio/dup.json", dup.dump());
  EXPECT_EQ(r.status, 409);
  EXPECT_NE(r.body.find("settings/wifi_off.json"), std::string::npos);
  // Paths: never outside, only .json, no hidden files.
  EXPECT_EQ(put("/api/templates/../web/studio.html", wifi_task().dump()).status, 403);
  EXPECT_EQ(put("/api/templates/..%2f..%2fsecret.json", wifi_task().dump()).status, 403);
  EXPECT_EQ(put("/api/templates/studio/x.txt", wifi_task().dump()).status, 400);
  EXPECT_EQ(put("/api/templates/.hidden.json", wifi_task().dump()).status, 400);
  EXPECT_EQ(slurp(base_ / "web/studio.html"), "<!doctype html><title>studio</title>");
  fs::create_symlink(base_, base_ / "tasks/escape");
  EXPECT_EQ(put("/api/templates/escape/x.json", wifi_task().dump()).status, 403);
  EXPECT_FALSE(fs::exists(base_ / "x.json"));
}

TEST_F(StudioServerTest, TokenOriginAndHostChecks) {
  opts_.token = "s3cret";
  EXPECT_EQ(put("/api/templates/studio/wifi.json", wifi_task().dump()).status, 401);
  EXPECT_EQ(put("/api/templates/studio/wifi.json", wifi_task().dump(), {{"x-phonegym-token", "wrong!"}}).status, 401);
  EXPECT_EQ(put("/api/templates/studio/wifi.json", wifi_task().dump(), {{"x-phonegym-token", "s3cret"}}).status, 201);
  EXPECT_TRUE(json::parse(get("/api/info").body)["token_required"].get<bool>());
  EXPECT_EQ(get("/studio.html").status, 200);  // reads need no token
  opts_.token.clear();
  // A page of another origin cannot write.
  EXPECT_EQ(put("/api/templates/studio/wifi.json", wifi_task().dump(),
                {{"host", "127.0.0.1:8080"}, {"origin", "http://evil.example"}}).status, 403);
  EXPECT_EQ(put("/api/templates/studio/wifi.json", wifi_task().dump(),
                {{"host", "127.0.0.1:8080"}, {"origin", "http://127.0.0.1:8080"}}).status, 200);
  // A loopback server answers only to loopback names (no DNS rebinding).
  auto r = pg::studio::handle(opts_, true, {"GET", "/studio.html", {{"host", "evil.example:8080"}}, ""});
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(pg::studio::handle(opts_, true, {"GET", "/studio.html", {{"host", "localhost:8080"}}, ""}).status, 200);
  EXPECT_EQ(pg::studio::handle(opts_, true, {"GET", "/studio.html", {{"host", "[::1]:8080"}}, ""}).status, 200);
}

TEST(StudioServerNames, Loopback) {
  EXPECT_TRUE(pg::studio::is_loopback("127.0.0.1"));
  EXPECT_TRUE(pg::studio::is_loopback("127.3.2.1"));
  EXPECT_TRUE(pg::studio::is_loopback("::1"));
  EXPECT_TRUE(pg::studio::is_loopback("localhost"));
  EXPECT_FALSE(pg::studio::is_loopback("0.0.0.0"));
  EXPECT_FALSE(pg::studio::is_loopback("192.168.1.4"));
  EXPECT_EQ(pg::studio::make_token().size(), 32u);
  EXPECT_NE(pg::studio::make_token(), pg::studio::make_token());
}

// Over a real socket: raw request targets that HTTP clients would normalize away.
TEST_F(StudioServerTest, RawDotDotRequestsOverTheSocket) {
  opts_.port = 0;
  const auto server = pg::studio::start_studio(opts_);
  auto raw = [&](const std::string& target) {
    boost::asio::io_context io;
    boost::asio::ip::tcp::socket sock(io);
    sock.connect({boost::asio::ip::make_address("127.0.0.1"), server->port()});
    const std::string req = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    boost::asio::write(sock, boost::asio::buffer(req));
    std::string out;
    boost::system::error_code ec;
    char buf[4096];
    for (std::size_t n; (n = sock.read_some(boost::asio::buffer(buf), ec)) > 0 || !ec;) out.append(buf, n);
    return out;
  };
  EXPECT_EQ(raw("/studio.html").rfind("HTTP/1.1 200", 0), 0u);
  for (const std::string t : {"/../secret.txt", "/%2e%2e/secret.txt", "/api/templates/../../secret.txt"}) {
    const std::string r = raw(t);
    EXPECT_EQ(r.rfind("HTTP/1.1 403", 0), 0u) << t << "\n" << r;
    EXPECT_EQ(r.find("outside the roots"), std::string::npos);
  }
}
