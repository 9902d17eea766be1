// Writes the seed corpora of the fuzz targets that come from the program itself: every agent
// format's rendering of a set of actions (agent_reply), `uiautomator dump` XML of real screens
// (ui_xml), ADB headers with shell command lines (adb), and the action language (action).
// usage: fuzz_seed_corpus <tests/fuzz/corpus>   (scripts/fuzz --seed runs it; the result is committed)
#include "sim/env/env.hpp"
#include "sim/input/action.hpp"
#include "trainer/adb/protocol.hpp"
#include "trainer/adb/sim_shell.hpp"
#include "trainer/agents/formats.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>

namespace fs = std::filesystem;

namespace {

void write(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << bytes;
}

const char* const kActions[] = {
    R"({"type":"click","x":500,"y":120})",
    R"({"type":"click","target":"settings.wifi.switch"})",
    R"({"type":"long_press","x":250,"y":600})",
    R"({"type":"swipe","x1":500,"y1":800,"x2":500,"y2":200})",
    R"({"type":"type","text":"07:30"})",
    R"({"type":"type","text":"Caf\u00e9 \"Nopa\", 7:30 \ud83d\ude00"})",
    R"({"type":"enter"})",
    R"({"type":"back"})",
    R"({"type":"home"})",
    R"({"type":"wait","seconds":2})",
    R"({"type":"open_app","app":"clock"})",
    R"({"type":"double_tap","x":500,"y":500})",
    R"({"type":"drag","x1":100,"y1":900,"x2":700,"y2":900})",
    R"({"type":"recent"})",
    R"({"type":"noop"})",
    R"({"type":"answer","text":"42"})",
    R"({"type":"info","question":"Which account should I pay from?"})",
    R"({"type":"complete"})",
    R"({"type":"abort","reason":"There is no such order"})",
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: fuzz_seed_corpus <corpus dir>\n";
    return 2;
  }
  const fs::path out = argv[1];
  int n = 0;
  std::vector<pg::Action> actions;
  for (const char* text : kActions) {
    try {
      actions.push_back(pg::parse_action(std::string_view(text)));
      write(out / "action", "seed_" + std::to_string(n++), text);
    } catch (const pg::ActionError& e) {
      std::cerr << "skipped " << text << ": " << e.what() << "\n";
    }
  }
  // Each format's own replies (with a thought), for each coordinate convention it accepts.
  for (const std::string& name : pg::format_names()) {
    const pg::ActionFormat& f = pg::find_format(name);
    for (pg::Coords c : f.allowed_coords()) {
      pg::ParseContext ctx;
      ctx.coords = c;
      ctx.marks = nlohmann::json::parse(R"([{"mark": 1, "bounds": [0, 0, 540, 200], "x": 270, "y": 100}])");
      int i = 0;
      for (const pg::Action& a : actions)
        if (auto reply = f.render(a, ctx, "I should look at the screen first."))
          write(out / "agent_reply", name + "_" + pg::to_string(c) + "_" + std::to_string(i++), name + "\n" + *reply);
    }
  }
  // uiautomator XML of a few screens, and ADB: a CNXN header then a shell line.
  pg::adb::SimShell shell(pg::adb::SimDeviceOptions{});
  const char* const screens[] = {"", "am start -n com.google.android.deskclock/.DeskClock", "input keyevent KEYCODE_HOME",
                                 "monkey -p com.android.settings 1"};
  int s = 0;
  for (const char* cmd : screens) {
    shell.run(cmd);
    shell.run("uiautomator dump /sdcard/d.xml");
    write(out / "ui_xml", "screen_" + std::to_string(s++), shell.file("/sdcard/d.xml").value_or(""));
  }
  pg::adb::Message cnxn;
  cnxn.command = 0x4e584e43;  // CNXN
  cnxn.arg0 = 0x01000001, cnxn.arg1 = 256 * 1024;
  cnxn.data = "host::features=shell_v2,cmd";
  const std::string header = pg::adb::encode_message(cnxn).substr(0, 24);
  const char* const lines[] = {"input tap 540 1200",
                               "input swipe 540 1800 540 600 300",
                               "input text 'hello%sworld'",
                               "input keyevent 4; input keyevent KEYCODE_HOME",
                               "uiautomator dump /sdcard/window_dump.xml && cat /sdcard/window_dump.xml",
                               "screencap -p /sdcard/s.png",
                               "getprop ro.product.model",
                               "wm size",
                               "dumpsys window | grep mCurrentFocus",
                               "am start -a android.intent.action.VIEW -d geo:0,0?q=cafe",
                               "sleep 0.2; input tap 100 100",
                               "phonegym state",
                               "phonegym action '{\"type\":\"open_app\",\"app\":\"clock\"}'",
                               "phonegym judge"};
  int l = 0;
  for (const char* line : lines) write(out / "adb", "cmd_" + std::to_string(l++), header + line);
  std::cout << "wrote the seeds under " << out << "\n";
  return 0;
}
