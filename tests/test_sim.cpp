// The simulated phone natively: actions, state snapshot/restore/fork, set_state validation, OS
// behaviour (back order, focus and typing), and app behaviour (airplane mode, alarms).
#include "sim/env/env.hpp"
#include "sim/input/action.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/render/image.hpp"
#include "sim/util/encoding.hpp"
#include "sim/util/hash.hpp"

#include <gtest/gtest.h>

using json = nlohmann::json;
using pg::Action;
using pg::ActionType;
using pg::Env;

namespace {

Action act(const std::string& text) { return pg::parse_action(std::string_view(text)); }

/// Clicks the centre of the widget with this id; fails the test if it is not on screen.
void tap(Env& env, const std::string& id) {
  json tree = env.ui_tree();
  for (const json& n : tree["nodes"])
    if (n["id"] == id) {
      const json& b = n["bounds"];
      Action a;
      a.type = ActionType::Click;
      a.x = (b[0].get<int>() + b[2].get<int>()) / 2 * 1000 / 1080;
      a.y = (b[1].get<int>() + b[3].get<int>()) / 2 * 1000 / 2400;
      env.step(a);
      return;
    }
  FAIL() << "no widget " << id << " on screen";
}

bool has_node(Env& env, const std::string& id) {
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"])
    if (n["id"] == id) return true;
  return false;
}

}  // namespace

TEST(Action, ParsesEveryTypeAndRoundTrips) {
  const char* samples[] = {
      R"({"type":"click","x":500,"y":120})",      R"({"type":"double_tap","x":1,"y":2})",
      R"({"type":"long_press","x":0,"y":1000})",  R"({"type":"type","text":"07:30","clear":true})",
      R"({"type":"type","text":"hi","x":10,"y":20})", R"({"type":"swipe","x1":500,"y1":700,"x2":500,"y2":300})",
      R"({"type":"drag","x1":1,"y1":2,"x2":3,"y2":4})", R"({"type":"back"})", R"({"type":"home"})",
      R"({"type":"recent"})", R"({"type":"enter"})", R"({"type":"wait","seconds":2.5})",
      R"({"type":"open_app","app":"clock"})", R"({"type":"answer","text":"42"})", R"({"type":"complete"})",
      R"({"type":"abort","reason":"no such contact"})", R"({"type":"info","question":"which one?"})",
      R"({"type":"noop"})",
      R"({"type":"click","target":"settings.wifi.switch"})", R"({"type":"long_press","target":"a.b"})",
      R"({"type":"double_tap","target":"a.b"})", R"({"type":"type","text":"Gym","target":"clock.new_alarm.label"})"};
  for (const char* s : samples) {
    Action a = act(s);
    EXPECT_EQ(pg::parse_action(pg::to_json(a)), a) << s;
  }
  EXPECT_EQ(act(R"({"type":"click","x":500.4,"y":12})").x, 500);
}

TEST(Action, RejectsBadInputWithTheField) {
  auto error_of = [](const char* s) {
    try {
      pg::parse_action(std::string_view(s));
    } catch (const pg::ActionError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of(R"({"type":"fly"})").find("unknown action type \"fly\""), std::string::npos);
  EXPECT_NE(error_of(R"({"type":"click","x":1001,"y":5})").find("x = 1001 outside [0, 1000]"), std::string::npos);
  EXPECT_NE(error_of(R"({"type":"click","x":-1,"y":5})").find("outside"), std::string::npos);
  EXPECT_NE(error_of(R"({"type":"click","y":5})").find("missing field \"x\""), std::string::npos);
  EXPECT_NE(error_of(R"({"type":"type"})").find("missing field \"text\""), std::string::npos);
  EXPECT_NE(error_of(R"({"type":"wait","seconds":600})").find("outside [0, 60]"), std::string::npos);
  EXPECT_NE(error_of("{not json").find("not valid JSON"), std::string::npos);
  EXPECT_NE(error_of(R"([1,2])").find("JSON object"), std::string::npos);
  EXPECT_NE(error_of(R"({"type":"click","x":1,"y":2,"target":"a"})").find("not both"), std::string::npos);
  EXPECT_NE(error_of(R"({"type":"click","target":""})").find("field \"target\" must be a widget id"), std::string::npos);
  EXPECT_NE(error_of(R"({"type":"click","target":7})").find("field \"target\" must be a widget id"), std::string::npos);
  EXPECT_NE(error_of(R"({"type":"click","x":1,"y":2,"at":[0.5,0.5]})").find("give a target"), std::string::npos);
  for (const char* bad : {R"([1.5,0.5])", R"([0.5])", R"("left")", R"([-0.1,0])", R"([0.5,null])"})
    EXPECT_NE(error_of((std::string(R"({"type":"click","target":"a","at":)") + bad + "}").c_str()).find("field \"at\" must be [fx, fy]"),
              std::string::npos)
        << bad;
  EXPECT_NE(error_of(R"({"type":"swipe","x1":1,"y1":2,"x2":3,"y2":4,"target":"a"})")
                .find("field \"target\" is only for click, double_tap, long_press and type"),
            std::string::npos);
}

TEST(Action, TargetsResolveToTheWidgetOnTheCurrentScreen) {
  Env env;
  // The launcher's Settings icon, by id: the same as a click at its centre.
  Env by_point = env;
  const json tree = env.ui_tree();
  const Action resolved = pg::resolve_target(act(R"({"type":"click","target":"launcher.app.settings"})"), tree);
  EXPECT_TRUE(resolved.target.empty());
  ASSERT_GE(resolved.x, 0);
  const json r = env.step(act(R"({"type":"click","target":"launcher.app.settings"})"));
  EXPECT_EQ(r["info"]["point"], json::array({resolved.x, resolved.y}));
  EXPECT_EQ(r["info"]["target"], "launcher.app.settings");
  by_point.step(resolved);
  EXPECT_EQ(env.state(), by_point.state());
  EXPECT_EQ(env.state()["os"]["foreground"], "settings");
  // A widget the screen does not show: an ActionError naming it, and nothing changes.
  const json before = env.state();
  try {
    env.step(act(R"({"type":"click","target":"launcher.app.settings"})"));
    FAIL() << "a target that is not on screen was accepted";
  } catch (const pg::ActionError& e) {
    EXPECT_NE(std::string(e.what()).find("no widget \"launcher.app.settings\" on screen"), std::string::npos) << e.what();
  }
  EXPECT_EQ(env.state(), before);
  // `at` places the tap inside the widget (fractions of its bounds), and round-trips.
  const json launcher = Env().ui_tree();
  const json* icon = nullptr;
  for (const json& n : launcher["nodes"])
    if (n["id"] == "launcher.app.settings") icon = &n;
  ASSERT_NE(icon, nullptr);
  const Action corner = act(R"({"type":"click","target":"launcher.app.settings","at":[0,1]})");
  EXPECT_EQ(pg::parse_action(pg::to_json(corner)), corner);
  EXPECT_EQ(pg::to_json(corner)["at"], json::array({0.0, 1.0}));
  EXPECT_FALSE(pg::to_json(act(R"({"type":"click","target":"a"})")).contains("at"));
  const Action at = pg::resolve_target(corner, launcher);
  EXPECT_EQ(at.x, std::lround((*icon)["bounds"][0].get<double>() * 1000 / 1080));
  EXPECT_EQ(at.y, std::lround((*icon)["bounds"][3].get<double>() * 1000 / 2400));
  // A type action with a target taps the field first, then types.
  env.step(act(R"({"type":"home"})"));
  env.step(act(R"({"type":"open_app","app":"clock"})"));
  env.step(act(R"({"type":"click","target":"clock.add_alarm"})"));
  env.step(act(R"({"type":"type","text":"Gym","target":"clock.new_alarm.label"})"));
  EXPECT_EQ(env.state()["apps"]["clock"]["new_alarm"]["label"], "Gym");
}

TEST(State, DefaultStateHasTheDesignLayout) {
  Env env;
  const json& s = env.state();
  ASSERT_TRUE(s["os"].is_object());
  ASSERT_TRUE(s["apps"].contains("settings"));
  ASSERT_TRUE(s["apps"].contains("clock"));
  EXPECT_EQ(s["os"]["foreground"], "launcher");
  EXPECT_TRUE(s["os"]["time_ms"].is_number_integer());
}

TEST(State, SnapshotRestoreAndForkAreExact) {
  Env env;
  env.step(act(R"({"type":"open_app","app":"clock"})"));
  tap(env, "clock.add_alarm");
  tap(env, "clock.new_alarm.time");
  env.step(act(R"({"type":"type","text":"08:4"})"));
  const json snap = env.state();
  auto fork = env.fork();
  Env restored;
  restored.set_state(snap);
  EXPECT_EQ(restored.state(), snap);
  EXPECT_EQ(restored.ui_tree(), env.ui_tree());
  // The same actions from the same state give the same states, in the original, a fork and a restore.
  const std::vector<Action> rest = {act(R"({"type":"type","text":"5"})"), act(R"({"type":"enter"})"),
                                    act(R"({"type":"wait","seconds":1})")};
  for (Env* e : {&env, fork.get(), &restored})
    for (const Action& a : rest) e->step(a);
  EXPECT_EQ(fork->state(), env.state());
  EXPECT_EQ(restored.state(), env.state());
  EXPECT_EQ(env.state()["apps"]["clock"]["new_alarm"]["time"], "08:45");
  // The fork is independent.
  fork->step(act(R"({"type":"home"})"));
  EXPECT_NE(fork->state()["os"]["foreground"], env.state()["os"]["foreground"]);
}

TEST(State, SetStateRejectsBadStatesNamingThePathAndKeepsTheOld) {
  Env env;
  const json before = env.state();
  auto error_of = [&](const json& s) {
    try {
      env.set_state(s);
    } catch (const pg::StateError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  json s = before;
  s["os"]["time_ms"] = "noon";
  EXPECT_NE(error_of(s).find("os.time_ms"), std::string::npos);
  s = before;
  s["apps"]["radio"] = json::object();
  EXPECT_NE(error_of(s).find("apps.radio is not an installed app"), std::string::npos);
  s = before;
  s["os"]["settings"]["global"]["wifi_on"] = 1;
  EXPECT_NE(error_of(s).find("os.settings.global.wifi_on"), std::string::npos);
  s = before;
  s["os"]["foreground"] = "clock";  // no task for it
  EXPECT_NE(error_of(s).find("os.foreground"), std::string::npos);
  EXPECT_NE(error_of(json::array()).find("(root)"), std::string::npos);
  EXPECT_EQ(env.state(), before);
}

TEST(Os, VirtualClockAdvancesByWholeFrames) {
  Env env;
  const auto t0 = env.state()["os"]["time_ms"].get<std::int64_t>();
  env.step(act(R"({"type":"wait","seconds":2})"));
  const auto t1 = env.state()["os"]["time_ms"].get<std::int64_t>();
  EXPECT_GE(t1 - t0, 2000);
  EXPECT_EQ((t1 - t0) % pg::kFrameMs, 0);
  EXPECT_EQ(pg::format_hhmm(1767254400000LL), "08:00");
  EXPECT_EQ(pg::format_date_long(1767254400000LL), "Thursday, January 1");
}

TEST(Os, BackDispatchOrderKeyboardThenPagesThenLauncher) {
  Env env;
  env.step(act(R"({"type":"open_app","app":"Clock"})"));  // display name works too
  tap(env, "clock.add_alarm");
  tap(env, "clock.new_alarm.time");
  ASSERT_EQ(env.state()["os"]["keyboard"]["focus"], "clock.new_alarm.time");
  env.step(act(R"({"type":"back"})"));  // hides the keyboard first
  EXPECT_TRUE(env.state()["os"]["keyboard"]["focus"].is_null());
  EXPECT_EQ(env.phone().current_page(), "add_alarm");
  env.step(act(R"({"type":"back"})"));  // then the page stack
  EXPECT_EQ(env.phone().current_page(), "alarms");
  env.step(act(R"({"type":"back"})"));  // then the launcher
  EXPECT_EQ(env.state()["os"]["foreground"], "launcher");
}

TEST(Os, TypingWithoutAFocusedFieldIsANoOpWithAReason) {
  Env env;
  json r = env.step(act(R"({"type":"type","text":"hello"})"));
  EXPECT_EQ(r["info"]["note"], "no focused field: text ignored");
  EXPECT_FALSE(r["info"]["changed"].get<bool>());
}

TEST(Os, OpenUnknownAppIsAnErrorAndChangesNothing) {
  Env env;
  const json before = env.state();
  EXPECT_THROW(env.step(act(R"({"type":"open_app","app":"radio"})")), pg::ActionError);
  EXPECT_EQ(env.state(), before);
}

TEST(Settings, AirplaneModeTurnsWifiAndBluetoothOff) {
  Env env;
  json s = env.state();
  s["os"]["settings"]["global"]["bluetooth_on"] = true;
  env.set_state(s);
  tap(env, "launcher.app.settings");
  tap(env, "settings.network");
  tap(env, "settings.airplane.switch");
  const json g = env.state()["os"]["settings"]["global"];
  EXPECT_TRUE(g["airplane_mode_on"].get<bool>());
  EXPECT_FALSE(g["wifi_on"].get<bool>());
  EXPECT_FALSE(g["bluetooth_on"].get<bool>());
  tap(env, "settings.wifi.switch");  // Wi-Fi can come back on in airplane mode, as on Android
  EXPECT_TRUE(env.state()["os"]["settings"]["global"]["wifi_on"].get<bool>());
}

TEST(Clock, AddToggleAndDeleteAlarmsThroughTheScreen) {
  Env env;
  tap(env, "launcher.app.clock");
  tap(env, "clock.add_alarm");
  tap(env, "clock.new_alarm.time");
  env.step(act(R"({"type":"type","text":"25:00"})"));
  tap(env, "clock.new_alarm.save");  // invalid time: stays, shows an error
  EXPECT_EQ(env.phone().current_page(), "add_alarm");
  EXPECT_TRUE(has_node(env, "clock.new_alarm.error"));
  env.step(act(R"({"type":"type","text":"6:05","clear":true})"));
  tap(env, "clock.new_alarm.save");
  EXPECT_EQ(env.phone().current_page(), "alarms");
  const json alarms = env.state()["apps"]["clock"]["alarms"];
  ASSERT_EQ(alarms.size(), 4u);
  EXPECT_EQ(alarms[3]["time"], "06:05");
  EXPECT_TRUE(alarms[3]["enabled"].get<bool>());
  tap(env, "clock.alarm.06:05.switch");
  EXPECT_FALSE(env.state()["apps"]["clock"]["alarms"][3]["enabled"].get<bool>());
  tap(env, "clock.alarm.06:05.delete");
  EXPECT_EQ(env.state()["apps"]["clock"]["alarms"].size(), 3u);
}

TEST(Ui, NodesAreInsideTheScreenAndSwipeScrollsLists) {
  Env env;
  json s = env.state();
  for (int i = 0; i < 10; ++i)
    s["apps"]["clock"]["alarms"].push_back({{"id", 10 + i}, {"time", pg::hhmm(600 + i * 10)}, {"label", ""}, {"enabled", false}});
  env.set_state(s);
  tap(env, "launcher.app.clock");
  const json tree = env.ui_tree();
  for (const json& n : tree["nodes"]) {
    const json& b = n["bounds"];
    EXPECT_GE(b[0].get<int>(), 0);
    EXPECT_GE(b[1].get<int>(), 0);
    EXPECT_LE(b[2].get<int>(), pg::kScreenWidth);
    EXPECT_LE(b[3].get<int>(), pg::kScreenHeight);
  }
  EXPECT_FALSE(has_node(env, "clock.alarm.11:30.switch"));
  for (int i = 0; i < 6; ++i) env.step(act(R"({"type":"swipe","x1":500,"y1":700,"x2":500,"y2":300})"));
  EXPECT_TRUE(has_node(env, "clock.alarm.11:30.switch"));
  EXPECT_GT(env.state()["os"]["tasks"][0]["pages"][0]["scroll"].get<int>(), 0);
}

TEST(Image, BoxDownscaleAveragesBlocks) {
  pg::Image img;
  img.width = 4;
  img.height = 4;
  img.channels = 3;
  img.data.assign(4 * 4 * 3, 0);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x) img.data[(y * 4 + x) * 3] = static_cast<std::uint8_t>(10 * (y * 2 + x + 1));  // 10,20,30,40
  pg::Image out = pg::box_downscale(img, 2);
  ASSERT_EQ(out.width, 2);
  EXPECT_EQ(out.data[0], 25);
  EXPECT_EQ(out.data[3], 0);
  EXPECT_THROW(pg::box_downscale(img, 3), std::invalid_argument);
}

TEST(Encoding, Base64IsRfc4648) {
  for (const auto& [in, out] : std::vector<std::pair<std::string, std::string>>{
           {"", ""}, {"f", "Zg=="}, {"fo", "Zm8="}, {"foo", "Zm9v"}, {"foobar", "Zm9vYmFy"}}) {
    EXPECT_EQ(pg::base64_encode(in), out);
    const auto back = pg::base64_decode(out);
    EXPECT_EQ(std::string(back.begin(), back.end()), in);
  }
  const std::vector<std::uint8_t> bytes{0, 1, 2, 250, 255};
  EXPECT_EQ(pg::base64_decode(pg::base64_encode(bytes.data(), bytes.size())), bytes);
  EXPECT_THROW(pg::base64_decode("Zm9v!"), std::invalid_argument);
}

TEST(Encoding, HtmlAndXmlEscapes) {
  EXPECT_EQ(pg::html_escape("<a href=\"x\">Tom & Jerry's</a>\n"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;\n");
  EXPECT_EQ(pg::xml_escape("Tom & Jerry's\n\t\x01"), "Tom &amp; Jerry&apos;s&#10;&#9;");
}

TEST(Hash, Fnv1aMatchesPublishedVectors) {
  // Test vectors of the FNV reference (Noll, "FNV hash", isthe.com/chongo/tech/comp/fnv).
  EXPECT_EQ(pg::fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(pg::fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(pg::fnv1a64("foobar"), 0x85944171f73967e8ull);
  EXPECT_EQ(pg::fnv1a32("a"), 0xe40c292cu);
  EXPECT_EQ(pg::fnv1a32("foobar"), 0xbf9cf968u);
  EXPECT_EQ(pg::fnv1a64("bar", pg::fnv1a64("foo")), pg::fnv1a64("foobar"));  // parts chain
  EXPECT_EQ(pg::hex16(0xaf63dc4c8601ec8cull), "af63dc4c8601ec8c");
}
