// The ADB backend without a device: text escaping, the 0..1000 <-> pixel mapping, swipe
// durations, the simulated shell (every action sent as its ADB command acts on the simulator
// exactly as the action itself), uiautomator XML parsing, screenshots, the package table and the
// wire formats.
#include "sim/env/env.hpp"
#include "sim/render/screen.hpp"
#include "trainer/adb/adbd.hpp"
#include "trainer/adb/client.hpp"
#include "trainer/adb/commands.hpp"
#include "trainer/adb/device.hpp"
#include "trainer/adb/protocol.hpp"
#include "trainer/adb/sim_shell.hpp"

#include <boost/asio.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <thread>
#include <vector>

using namespace pg;
using namespace pg::adb;
using json = nlohmann::json;

namespace {

/// The text a command line types on the simulated phone's focused search field.
std::string typed_by(const std::string& cmd) {
  SimShell sh(SimDeviceOptions{});
  sh.env().step(parse_action(std::string_view(R"({"type":"open_app","app":"contacts"})")));
  const json tree = sh.env().ui_tree();
  for (const json& n : tree["nodes"])
    if (n["id"] == "contacts.search") {
      const auto& b = n["bounds"];
      sh.run("input tap " + std::to_string((b[0].get<int>() + b[2].get<int>()) / 2) + " " +
             std::to_string((b[1].get<int>() + b[3].get<int>()) / 2));
    }
  const ShellResult r = sh.run(cmd);
  EXPECT_EQ(r.status, 0) << r.err;
  const json target = sh.env().state()["os"]["keyboard"]["target"];
  if (!target.is_string()) return "<no focused field>";
  return sh.env().state()[json::json_pointer(target.get<std::string>())].get<std::string>();
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& c : v) s += (s.empty() ? "" : "; ") + c;
  return s;
}

DeviceProfile sim_profile(bool adb_keyboard) {
  DeviceProfile p;
  p.adb_keyboard = adb_keyboard;
  p.packages = PackageTable::defaults().resolve({});
  return p;
}

}  // namespace

// ---------------------------------------------------------------- text escaping

TEST(AdbText, SpacesBecomePercentS) {
  EXPECT_EQ(input_text_commands("hello world"), std::vector<std::string>{"input text hello%sworld"});
}

TEST(AdbText, ShellSpecialCharactersAreSingleQuoted) {
  EXPECT_EQ(input_text_commands("a&b"), std::vector<std::string>{"input text 'a&b'"});
  EXPECT_EQ(input_text_commands("it's"), std::vector<std::string>{"input text 'it'\\''s'"});
  EXPECT_EQ(input_text_commands("say \"hi\" $HOME;`x`|y"),
            std::vector<std::string>{"input text 'say%s\"hi\"%s$HOME;`x`|y'"});
}

TEST(AdbText, LiteralPercentSIsSplitSoItIsNotASpace) {
  EXPECT_EQ(input_text_commands("50%"), std::vector<std::string>{"input text 50%"});
  EXPECT_EQ(input_text_commands("100%sure"), (std::vector<std::string>{"input text 100%", "input text sure"}));
}

TEST(AdbText, UnicodeAndControlCharactersAreReported) {
  try {
    input_text_commands("café");
    FAIL() << "no error for non-ASCII text";
  } catch (const TextError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("non-ASCII character \"é\""), std::string::npos) << m;
    EXPECT_NE(m.find("ADB Keyboard"), std::string::npos) << m;
  }
  EXPECT_THROW(input_text_commands("two\nlines"), TextError);
  // With the ADB Keyboard the same text goes through its broadcast (base64 of the UTF-8 bytes).
  Action a;
  a.type = ActionType::Type;
  a.text = "café";
  EXPECT_EQ(action_command(a, sim_profile(true)), "am broadcast -a ADB_INPUT_B64 --es msg Y2Fmw6k=");
  EXPECT_THROW(action_command(a, sim_profile(false)), TextError);
}

TEST(AdbText, EveryEscapedTextTypesExactlyItself) {
  for (const std::string t : {"hello world", "a&b|c;d", "it's \"quoted\"", "50% off", "100%sure", "%s%s", "back\\slash",
                              "$(reboot) `id` *?[]{}~#!", "  two  spaces "}) {
    EXPECT_EQ(typed_by(join(input_text_commands(t))), t) << t;
  }
  EXPECT_EQ(typed_by(adb_keyboard_command("naïve 東京")), "naïve 東京");
}

// ---------------------------------------------------------------- coordinates

TEST(AdbCoordinates, SimulatorScreenRoundTripsExactly) {
  for (int v = 0; v <= 1000; ++v) {
    EXPECT_EQ(from_device_px(to_device_px(v, 1080), 1080), v == 1000 ? 999 : v) << v;  // 1000 -> last pixel
    EXPECT_EQ(from_device_px(to_device_px(v, 2400), 2400), v == 1000 ? 1000 : v) << v;
  }
  EXPECT_EQ(to_device_px(500, 1080), 540);
  EXPECT_EQ(to_device_px(500, 2400), 1200);
}

TEST(AdbCoordinates, OtherScreenSizes) {
  struct Case {
    int w, h;
  };
  for (Case c : {Case{720, 1600}, Case{1440, 3200}, Case{1080, 2340}, Case{1284, 2778}}) {
    EXPECT_EQ(to_device_px(0, c.w), 0);
    EXPECT_EQ(to_device_px(1000, c.w), c.w - 1);  // never off the screen
    EXPECT_EQ(to_device_px(1000, c.h), c.h - 1);
    EXPECT_EQ(to_device_px(500, c.w), static_cast<int>(std::lround(c.w / 2.0)));
    for (int v = 0; v < 1000; v += 7) {
      const int px = to_device_px(v, c.w);
      EXPECT_LE(std::abs(px - v * c.w / 1000.0), 0.5 + 1e-9) << c.w << " " << v;
      EXPECT_LE(std::abs(from_device_px(px, c.w) - v), c.w >= 1000 ? 0 : 1) << c.w << " " << v;
    }
  }
  Action tap;
  tap.type = ActionType::Click;
  tap.x = 250;
  tap.y = 750;
  DeviceProfile p;
  p.screen = {720, 1600, 320};
  EXPECT_EQ(action_command(tap, p), "input tap 180 1200");
  p.screen = {1440, 3200, 560};
  EXPECT_EQ(action_command(tap, p), "input tap 360 2400");
}

TEST(AdbSwipe, DurationMakesTheFlingMatchTheSimulator) {
  // Forward: Android's fling distance for the lift velocity travel/duration should be
  // (kFlingFactor - 1) x travel, within the rounding of the duration to whole ms.
  for (int dpi : {320, 480, 560}) {
    for (double travel : {300.0, 960.0, 1500.0}) {
      const int ms = swipe_duration_ms(travel, dpi);
      const double v = travel / (ms / 1000.0);
      const double f = 0.015, c = 9.80665 * 39.37 * dpi * 0.84, r = std::log(0.78) / std::log(0.9);
      const double fling = f * c * std::exp(r / (r - 1) * std::log(0.35 * v / (f * c)));
      EXPECT_NEAR(fling / travel, kFlingFactor - 1, 0.05) << dpi << " dpi, " << travel << " px: " << ms << " ms";
    }
  }
  EXPECT_GT(swipe_duration_ms(960, 480), 100);
  EXPECT_LT(swipe_duration_ms(960, 480), 600);
}

// ---------------------------------------------------------------- the simulated shell

TEST(AdbSimShell, EveryActionSentAsItsCommandActsLikeTheAction) {
  for (bool keyboard : {false, true}) {
    SimShell sh(SimDeviceOptions{});
    Env native;
    const DeviceProfile profile = sim_profile(keyboard);
    std::vector<std::string> actions{
        R"({"type":"open_app","app":"contacts"})",
        R"({"type":"type","text":"a b&c'%s","x":500,"y":115})",
        R"({"type":"type","text":"Al","clear":true})",
        R"({"type":"enter"})",
        R"({"type":"swipe","x1":500,"y1":700,"x2":500,"y2":300})",
        R"({"type":"drag","x1":500,"y1":700,"x2":500,"y2":500})",
        R"({"type":"long_press","x":500,"y":400})",
        R"({"type":"back"})",
        R"({"type":"double_tap","x":500,"y":400})",
        R"({"type":"back"})",
        R"({"type":"recent"})",
        R"({"type":"recent"})",
        R"({"type":"home"})",
        R"({"type":"swipe","x1":500,"y1":800,"x2":500,"y2":300})",
        R"({"type":"wait","seconds":2.5})",
        R"({"type":"noop"})",
        R"({"type":"open_app","app":"Settings"})",
        R"({"type":"click","x":500,"y":280})",
        R"({"type":"swipe","x1":500,"y1":20,"x2":500,"y2":600})"};
    if (keyboard) actions.push_back(R"({"type":"type","text":"Zoë","x":500,"y":115,"clear":true})");
    for (const std::string& j : actions) {
      const Action a = parse_action(std::string_view(j));
      const std::string cmd = action_command(a, profile);
      const ShellResult r = sh.run(cmd);
      EXPECT_EQ(r.status, 0) << cmd << ": " << r.err;
      native.step(a);
      ASSERT_EQ(sh.env().state(), native.state()) << "keyboard " << keyboard << ", after " << j << " sent as `" << cmd << "`";
    }
  }
}

TEST(AdbSimShell, AnswersLikeAnAndroidShell) {
  SimShell sh(SimDeviceOptions{});
  ShellResult r = sh.run("frobnicate --now");
  EXPECT_EQ(r.status, 127);
  EXPECT_EQ(r.err, "/system/bin/sh: frobnicate: not found\n");
  EXPECT_EQ(sh.run("wm size").out, "Physical size: 1080x2400\n");
  EXPECT_EQ(sh.run("wm density").out, "Physical density: 480\n");
  EXPECT_EQ(sh.run("getprop ro.product.model").out, "PhoneGym\n");
  EXPECT_EQ(sh.run("false || echo fallback $?").out, "fallback 1\n");
  EXPECT_EQ(sh.run("false && echo never").out, "");
  r = sh.run("monkey -p com.android.settings -c android.intent.category.LAUNCHER 1 >/dev/null; dumpsys window | grep mCurrentFocus");
  EXPECT_EQ(r.out, "  mCurrentFocus=Window{5a1c2e7 u0 com.android.settings/com.android.settings.Settings}\n");
  EXPECT_EQ(sh.env().state()["os"]["foreground"], "settings");
  r = sh.run("monkey -p com.example.nothing 1");
  EXPECT_NE(r.out.find("No activities found"), std::string::npos);
  // am start -n opens by component; uiautomator dump writes the XML where asked, cat reads it.
  sh.run("am start -n com.google.android.deskclock/com.android.deskclock.DeskClock");
  EXPECT_EQ(sh.env().state()["os"]["foreground"], "clock");
  EXPECT_EQ(sh.run("uiautomator dump /sdcard/d.xml").out, "UI hierchary dumped to: /sdcard/d.xml\n");
  EXPECT_EQ(sh.run("cat /sdcard/d.xml").out, sh.env().ui_xml());
  EXPECT_EQ(*sh.file("/storage/emulated/0/d.xml"), sh.env().ui_xml());
  EXPECT_EQ(sh.run("cat /sdcard/none.xml").status, 1);
  // grep is POSIX extended regex (toybox's): -i, -v, a bad pattern is status 2, and a pattern that
  // makes a backtracking matcher explode on the dump's single long line answers at once (std::regex
  // ran for minutes on it: found by tests/fuzz, corpus adb/regression-grep-backtracking).
  EXPECT_EQ(sh.run("getprop ro.product.model | grep -i 'phone(gym)?$'").out, "PhoneGym\n");
  EXPECT_EQ(sh.run("getprop ro.product.model | grep -v Gym").status, 1);
  EXPECT_EQ(sh.run("echo x | grep '('").status, 2);
  r = sh.run("cat /sdcard/d.xml | grep -E '(.|a)*zzzz'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(sh.run("cat /sdcard/d.xml | grep -E '(.|a)*hierarchy'").out, sh.env().ui_xml() + "\n");
  // regcomp copies what `+` and intervals repeat, so stacked or nested repetitions multiply its
  // memory (a `+` 39 times asked for 2^39 nodes: found by fuzz_adb, corpus
  // adb/regression-grep-regex-size). Such a pattern is refused before it is compiled; ordinary
  // repetitions, `*` and `?` (which copy nothing) still work.
  for (const char* big : {"a++++++++++++++++++++++++++++++++++++++", "((((((((((((((((((((a)+)+)+)+)+)+)+)+)+)+)+)+)+)+)+)+)+)+)+)+",
                          "(((a{100}){100}){100})", "a{3,}{3,}{3,}{3,}{3,}{3,}{3,}{3,}{3,}{3,}{3,}{3,}{3,}",
                          "[(]a{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}{1,2}[)]"}) {
    r = sh.run(std::string("echo a | grep -E '") + big + "'");
    EXPECT_EQ(r.status, 2) << big;
    EXPECT_NE(r.err.find("regular expression too big"), std::string::npos) << big;
  }
  EXPECT_EQ(sh.run("echo 10.0.2.15 | grep -E '^[0-9]{1,3}([.][0-9]{1,3}){3}$'").out, "10.0.2.15\n");
  EXPECT_EQ(sh.run("echo aaaa | grep -E '((((((((((a)*)*)*)*)*)*)*)*)*)*?'").out, "aaaa\n");
  EXPECT_EQ(sh.run("echo 'a{' | grep -E 'a[{]+'").out, "a{\n");
}

TEST(AdbSimShell, BackspaceKeysEditTheFocusedField) {
  EXPECT_EQ(typed_by("input text hello; input keyevent KEYCODE_DEL 67"), "hel");
}

TEST(AdbSimShell, CursorKeysMoveWhereTextAndBackspaceGo) {
  // MOVE_HOME / MOVE_END, the d-pad's left and right: the field's cursor moves, typing and DEL act there.
  EXPECT_EQ(typed_by("input text world; input keyevent KEYCODE_MOVE_HOME; input text hello%s"), "hello world");
  EXPECT_EQ(typed_by("input text hello; input keyevent KEYCODE_DPAD_LEFT KEYCODE_DPAD_LEFT KEYCODE_DEL"), "helo");
  EXPECT_EQ(typed_by("input text ab; input keyevent 21 21 21 22; input text X"), "aXb");
  EXPECT_EQ(typed_by("input text ab; input keyevent KEYCODE_MOVE_HOME KEYCODE_MOVE_END; input text c"), "abc");
  EXPECT_EQ(typed_by("input text ab; input keyevent KEYCODE_MOVE_HOME KEYCODE_DEL"), "ab");  // nothing before the cursor
}

TEST(AdbSimShell, ScreencapIsTheRenderedFrame) {
  SimShell sh(SimDeviceOptions{});
  sh.run("monkey -p com.android.settings 1");
  const Image png = decode_png(sh.run("screencap -p").out);
  const Image frame = render_screen(sh.env().phone(), true);
  ASSERT_EQ(png.width, 1080);
  ASSERT_EQ(png.height, 2400);
  EXPECT_EQ(max_abs_diff(png, frame), 0);
  EXPECT_EQ(max_abs_diff(to_observation(png), render_screen(sh.env().phone(), false)), 0);
}

TEST(AdbSimShell, SideChannelJudgesTheTask) {
  SimDeviceOptions o;
  o.task = "settings.wifi_off";
  o.tasks_dir = PG_SOURCE_DIR "/tasks/templates";
  o.state_out = ::testing::TempDir() + "/adb_state.json";
  SimShell sh(o);
  EXPECT_FALSE(json::parse(sh.run("phonegym judge").out)["success"].get<bool>());
  EXPECT_TRUE(json::parse(sh.run("phonegym state").out)["os"]["settings"]["global"]["wifi_on"].get<bool>());
  // The oracle's taps, by widget id, as a harness would send them.
  for (const char* id : {"launcher.app.settings", "settings.network", "settings.wifi.switch"}) {
    const json tree = sh.env().ui_tree();
    for (const json& n : tree["nodes"])
      if (n["id"] == id) {
        const auto& b = n["bounds"];
        sh.run("input tap " + std::to_string((b[0].get<int>() + b[2].get<int>()) / 2) + " " +
               std::to_string((b[1].get<int>() + b[3].get<int>()) / 2));
        break;
      }
  }
  const json v = json::parse(sh.run("phonegym judge").out);
  EXPECT_TRUE(v["success"].get<bool>()) << v.dump();
  EXPECT_EQ(v["task"], "settings.wifi_off");
  // --state-out holds the state after the last command.
  std::ifstream f(o.state_out);
  ASSERT_TRUE(f.good()) << "--state-out file written";
  EXPECT_EQ(json::parse(f), sh.env().state());
  sh.run("phonegym reset");
  EXPECT_FALSE(sh.verdict()["success"].get<bool>());
  EXPECT_EQ(sh.run("phonegym action '{\"type\":\"answer\",\"text\":\"42\"}'").status, 0);
  EXPECT_EQ(sh.env().state()["os"]["episode"]["answers"], json::array({"42"}));
}

// ---------------------------------------------------------------- parsing and formats

TEST(AdbUiXml, ParsesTheSimulatorsDump) {
  Env env;
  env.step(parse_action(std::string_view(R"({"type":"open_app","app":"settings"})")));
  const json tree = env.ui_tree();
  const json parsed = parse_ui_xml(env.ui_xml(), 1080, 2400);
  ASSERT_EQ(parsed["nodes"].size(), tree["nodes"].size() + 1);  // + the root FrameLayout
  for (const json& n : tree["nodes"]) {
    if (n["id"].get<std::string>().empty()) continue;
    bool found = false;
    for (const json& p : parsed["nodes"])
      if (p["id"] == n["id"]) {
        found = true;
        EXPECT_EQ(p["text"], n["text"]);
        EXPECT_EQ(p["clickable"], n["clickable"]);
      }
    EXPECT_TRUE(found) << n["id"];
  }
  EXPECT_THROW(parse_ui_xml("ERROR: could not get idle state.", 1080, 2400), std::runtime_error);
}

// A real device's dump: entities and character references decoded, the shell's trailing chatter
// ignored, malformed XML and out-of-range numbers refused or zeroed, never another exception
// (the std::regex parser this replaced threw std::invalid_argument on "&#;" and
// std::out_of_range on bounds past INT_MAX: the ADB replay would have died on them).
TEST(AdbUiXml, ReadsADevicesDumpAndRefusesWhatIsNotOne) {
  const std::string dump =
      R"(<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">)"
      R"(<node index="0" text="Tom &amp; Jerry &#x263A;" resource-id="com.x:id/title" class="android.widget.TextView")"
      R"( package="com.x" content-desc="" clickable="true" enabled="true" bounds="[0,-5][1080,2400]">)"
      R"(<node text="child" bounds="[1,2][3]" /></node></hierarchy>)"
      "UI hierchary dumped to: /dev/tty\n";
  const json t = parse_ui_xml(dump, 1080, 2400);
  ASSERT_EQ(t["nodes"].size(), 2u);
  EXPECT_EQ(t["nodes"][0]["text"], "Tom & Jerry \u263A");
  EXPECT_EQ(t["nodes"][0]["id"], "title");
  EXPECT_EQ(t["nodes"][0]["bounds"], json::array({0, -5, 1080, 2400}));
  EXPECT_TRUE(t["nodes"][0]["clickable"].get<bool>());
  EXPECT_EQ(t["nodes"][1]["bounds"], json::array({0, 0, 0, 0}));  // "[1,2][3]" is not bounds
  const json big = parse_ui_xml(R"(<hierarchy><node bounds="[99999999999,0][1,1]"/></hierarchy>)", 1080, 2400);
  EXPECT_EQ(big["nodes"][0]["bounds"], json::array({0, 0, 0, 0}));
  // A character reference that is not one stays text, as a browser would show it.
  EXPECT_EQ(parse_ui_xml(R"(<hierarchy><node text="a&#;b&#xZZ;"/></hierarchy>)", 1080, 2400)["nodes"][0]["text"], "a&#;b&#xZZ;");
  try {
    parse_ui_xml("<hierarchy><node text=\"x></hierarchy>", 1080, 2400);
    ADD_FAILURE() << "an unclosed attribute was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("not well-formed XML at byte"), std::string::npos) << e.what();
  }
}

TEST(AdbFormats, DevicesList) {
  const auto d = parse_devices("emulator-5554          device product:sdk_gphone64 model:Pixel_7 device:emu64 transport_id:1\n"
                               "R58M1234ABC unauthorized usb:1-1 transport_id:2\n");
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].serial, "emulator-5554");
  EXPECT_EQ(d[0].props.at("model"), "Pixel_7");
  EXPECT_EQ(d[1].state, "unauthorized");
}

TEST(AdbFormats, TransportMessageRoundTrip) {
  const std::string bytes = encode_message({kWrte, 3, 7, "hello"});
  ASSERT_EQ(bytes.size(), 29u);
  Message m;
  EXPECT_EQ(decode_header(bytes.substr(0, 24), m, kMaxPayload), 5u);
  EXPECT_EQ(m.command, kWrte);
  EXPECT_EQ(m.arg0, 3u);
  EXPECT_EQ(m.arg1, 7u);
  EXPECT_EQ(get_u32(bytes, 16), static_cast<std::uint32_t>('h' + 'e' + 'l' + 'l' + 'o'));
  std::string bad = bytes;
  bad[20] ^= 1;
  EXPECT_THROW(decode_header(bad.substr(0, 24), m, kMaxPayload), std::runtime_error);
}

TEST(AdbImages, ObservationOfOtherScreenSizes) {
  Image img;
  img.width = 2160, img.height = 4800;
  img.data.assign(static_cast<std::size_t>(img.width) * img.height * 3, 0);
  for (std::size_t i = 0; i < img.data.size(); ++i) img.data[i] = static_cast<std::uint8_t>((i / 3 / 2160) % 251);
  // An integer factor: area resize equals the box filter.
  EXPECT_EQ(max_abs_diff(resize_area(img, 1080, 2400), box_downscale(img, 2)), 0);
  Image odd;
  odd.width = 720, odd.height = 1600;
  odd.data.assign(720u * 1600u * 3u, 200);
  const Image obs = to_observation(odd);
  EXPECT_EQ(obs.width, kObsWidth);
  EXPECT_EQ(obs.height, kObsHeight);
  EXPECT_EQ(obs.data[0], 200);
}

TEST(AdbPackages, DefaultsAndUserTable) {
  const PackageTable t = PackageTable::defaults();
  EXPECT_EQ(t.apps.at("settings"), std::vector<std::string>{"com.android.settings"});
  EXPECT_EQ(t.apps.at("clock"), (std::vector<std::string>{"com.google.android.deskclock", "com.android.deskclock"}));
  // A stock AOSP phone without Google's clock: the AOSP package; display names resolve too.
  const auto r = t.resolve({"com.android.deskclock", "com.android.settings"});
  EXPECT_EQ(r.at("clock"), "com.android.deskclock");
  EXPECT_EQ(r.at("settings"), "com.android.settings");
  const std::string path = ::testing::TempDir() + "/packages.json";
  std::ofstream(path) << R"({"Chrome": "com.android.chrome", "clock": ["com.example.clock"]})";
  const PackageTable u = PackageTable::load(path);
  EXPECT_EQ(u.apps.at("chrome"), std::vector<std::string>{"com.android.chrome"});
  EXPECT_EQ(u.apps.at("clock"), std::vector<std::string>{"com.example.clock"});
  std::ofstream(path) << R"({"clock": 3})";
  try {
    PackageTable::load(path);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("\"clock\" = 3"), std::string::npos) << e.what();
  }
  Action open;
  open.type = ActionType::OpenApp;
  open.app = "Clock";
  DeviceProfile p;
  p.packages = r;
  EXPECT_EQ(action_command(open, p), "monkey -p com.android.deskclock -c android.intent.category.LAUNCHER 1");
  open.app = "camera";
  EXPECT_THROW(action_command(open, p), ActionError);
}

TEST(AdbClient, NoServerIsAClearErrorNotAHang) {
  AdbClient c(1, std::chrono::seconds(3));  // nothing listens on port 1
  try {
    c.devices();
    FAIL();
  } catch (const AdbError& e) {
    EXPECT_NE(std::string(e.what()).find("adb start-server"), std::string::npos) << e.what();
  }
}

// ---- phonegym adbd's listener: loopback only, a bounded number of connections ----

TEST(AdbdServer, RefusesToListenBeyondLoopback) {
  pg::adb::SimShell shell(pg::adb::SimDeviceOptions{});
  pg::adb::AdbdOptions o;
  o.port = 0;
  for (const char* addr : {"0.0.0.0", "::"}) {
    o.bind = addr;
    try {
      pg::adb::AdbdServer server(shell, o);
      ADD_FAILURE() << "listened on " << addr;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("refusing to listen on ") + addr), std::string::npos) << e.what();
    }
  }
  o.bind = "127.0.0.1";
  EXPECT_NO_THROW(pg::adb::AdbdServer(shell, o));
}

TEST(AdbdServer, AConnectionBeyondTheCapIsClosedWhileTheOthersKeepWorking) {
  namespace asio = boost::asio;
  using asio::ip::tcp;
  pg::adb::SimShell shell(pg::adb::SimDeviceOptions{});
  pg::adb::AdbdOptions o;
  o.port = 0;
  o.max_connections = 2;
  pg::adb::AdbdServer server(shell, o);
  std::thread serving([&server] { server.run(); });
  asio::io_context io;
  const tcp::endpoint ep(asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(server.port()));
  std::vector<tcp::socket> open;
  for (int i = 0; i < 2; ++i) {
    open.emplace_back(io);
    open.back().connect(ep);
  }
  // The third is accepted and closed at once: a read ends with EOF, not a hang.
  tcp::socket extra(io);
  extra.connect(ep);
  char byte = 0;
  boost::system::error_code ec;
  asio::read(extra, asio::buffer(&byte, 1), ec);
  EXPECT_EQ(ec, asio::error::eof);
  // The first still speaks the protocol: CNXN is answered with the device's banner.
  pg::adb::Message hello;
  hello.command = pg::adb::kCnxn;
  hello.arg0 = pg::adb::kAdbVersion;
  hello.arg1 = pg::adb::kMaxPayload;
  hello.data = std::string("host::\0", 7);
  asio::write(open[0], asio::buffer(pg::adb::encode_message(hello)));
  std::string header(24, '\0');
  asio::read(open[0], asio::buffer(header.data(), header.size()));
  pg::adb::Message reply;
  pg::adb::decode_header(header, reply, pg::adb::kMaxPayload);
  EXPECT_EQ(pg::adb::command_name(reply.command), "CNXN");
  server.stop();
  serving.join();
}
