// Parsers of the native action formats (trainer/agents/formats.hpp): each format's actions with odd
// spacing, quotes inside typed text, boxes versus points, missing fields and garbage; coordinates
// mapped to 0..1000 of the device screen; render -> parse round trips; smart resize.
#include "trainer/agents/formats.hpp"
#include "sim/render/codec.hpp"
#include "trainer/agents/image_codec.hpp"
#include "trainer/agents/syntax.hpp"

#include <gtest/gtest.h>

#include <random>

using namespace pg;
using json = nlohmann::json;

namespace {

ParseResult parse(const std::string& fmt, const std::string& reply, ParseContext ctx = {}) {
  const ActionFormat& f = find_format(fmt);
  ctx.coords = ctx.coords == Coords::Rel1000 ? f.default_coords() : ctx.coords;
  return f.parse(reply, ctx);
}
Action ok(const std::string& fmt, const std::string& reply, ParseContext ctx = {}) {
  ParseResult r = parse(fmt, reply, ctx);
  EXPECT_TRUE(r.ok) << fmt << ": " << reply << "\n-> " << r.reason;
  return r.action;
}
std::string bad(const std::string& fmt, const std::string& reply, ParseContext ctx = {}) {
  ParseResult r = parse(fmt, reply, ctx);
  EXPECT_FALSE(r.ok) << fmt << ": " << reply << " parsed as " << to_json(r.action).dump();
  EXPECT_FALSE(r.reason.empty());
  return r.reason;
}
json marks3() {
  return json::array({{{"mark", 1}, {"x", 100}, {"y", 50}, {"bounds", {0, 0, 216, 240}}},
                      {{"mark", 2}, {"x", 500}, {"y", 500}, {"bounds", {432, 1152, 648, 1248}}},
                      {{"mark", 3}, {"x", 900}, {"y", 950}, {"bounds", {864, 2160, 1080, 2400}}}});
}

}  // namespace

TEST(Formats, AllSixAreRegisteredAndUnknownNamesAreListed) {
  for (const auto& n : format_names()) EXPECT_EQ(find_format(n).name(), n);
  try {
    find_format("gpt");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("uitars, autoglm, androidlab, androidworld, qwen-mobile-use, phonegym"), std::string::npos);
  }
}

TEST(Formats, UiTarsPointsBoxesAndTokens) {
  Action a = ok("uitars", "Thought: open the clock\nAction: click(start_box='<|box_start|>(250,500)<|box_end|>')");
  EXPECT_EQ(a.type, ActionType::Click);
  EXPECT_EQ(a.x, 250);
  EXPECT_EQ(a.y, 500);
  // A box: its centre. Odd spacing and double quotes.
  a = ok("uitars", "Action:   long_press( start_box = \"(100, 200, 300, 400)\" )");
  EXPECT_EQ(a.type, ActionType::LongPress);
  EXPECT_EQ(a.x, 200);
  EXPECT_EQ(a.y, 300);
  // UI-TARS-1.5's <point> syntax.
  a = ok("uitars", "Action: click(point='<point>10 990</point>')");
  EXPECT_EQ(a.x, 10);
  EXPECT_EQ(a.y, 990);
  // The word "click(" inside the thought does not count: the Action line does.
  a = ok("uitars", "Thought: I could click(start_box='(1,1)') but better go home.\nAction: press_home()");
  EXPECT_EQ(a.type, ActionType::Home);
}

TEST(Formats, UiTarsAbsoluteCoordinatesAreOnTheSentImage) {
  ParseContext c;
  c.coords = Coords::ImagePixels;
  c.image_w = 1092;
  c.image_h = 2408;
  Action a = ok("uitars", "Action: click(start_box='(546,1204)')", c);
  EXPECT_EQ(a.x, 500);
  EXPECT_EQ(a.y, 500);
  // Relative coordinates beyond 1000 name the likely mistake.
  EXPECT_NE(bad("uitars", "Action: click(start_box='(546,1204)')").find("--coords abs"), std::string::npos);
}

TEST(Formats, UiTarsTypeKeepsQuotesAndEscapes) {
  EXPECT_EQ(ok("uitars", "Action: type(content='It\\'s \"fine\"')").text, "It's \"fine\"");
  // An unescaped apostrophe that does not end the call stays in the text.
  EXPECT_EQ(ok("uitars", "Action: type(content='don't stop')").text, "don't stop");
  EXPECT_EQ(ok("uitars", "Action: type(content='line1\\nline2')").text, "line1\nline2");
  EXPECT_EQ(ok("uitars", "Action: type(content='07:30\\n')").text, "07:30");  // a trailing "submit" newline is dropped
  EXPECT_EQ(ok("uitars", "Action: type(content='a, b=c')").text, "a, b=c");
}

TEST(Formats, UiTarsScrollDownMovesTheFingerUp) {
  Action a = ok("uitars", "Action: scroll(start_box='(500,600)', direction='down')");
  EXPECT_EQ(a.type, ActionType::Swipe);
  EXPECT_EQ(a.x1, 500);
  EXPECT_EQ(a.y1, 600);
  EXPECT_LT(a.y2, a.y1);
  a = ok("uitars", "Action: scroll(direction='up')");  // no start: the screen's centre
  EXPECT_GT(a.y2, a.y1);
  a = ok("uitars", "Action: scroll(start_box='(500,500)', direction='right')");
  EXPECT_LT(a.x2, a.x1);  // reveals what is to the right: the finger moves left
  a = ok("uitars", "Action: drag(start_box='(100,100)', end_box='(100,900)')");
  EXPECT_EQ(a.type, ActionType::Drag);
  EXPECT_EQ(a.y2, 900);
}

TEST(Formats, UiTarsOtherActionsAndMistakes) {
  EXPECT_EQ(ok("uitars", "Action: open_app(app_name='Clock')").app, "Clock");
  EXPECT_EQ(ok("uitars", "Action: press_back()").type, ActionType::Back);
  Action f = ok("uitars", "Action: finished(content='The alarm is at 7:30')");
  EXPECT_EQ(f.type, ActionType::Complete);
  EXPECT_EQ(f.text, "The alarm is at 7:30");
  EXPECT_EQ(ok("uitars", "Action: wait()").type, ActionType::Wait);
  EXPECT_NE(bad("uitars", "Action: click()").find("missing start_box"), std::string::npos);
  EXPECT_NE(bad("uitars", "Action: scroll(start_box='(1,2)')").find("missing direction"), std::string::npos);
  EXPECT_NE(bad("uitars", "Action: scroll(start_box='(1,2)', direction='sideways')").find("sideways"), std::string::npos);
  EXPECT_NE(bad("uitars", "Action: click(start_box='(12)')").find("expected a point"), std::string::npos);
  EXPECT_NE(bad("uitars", "Action: fly(to='moon')").find("no action call found"), std::string::npos);
  bad("uitars", "Action: type(content='never closed");
  bad("uitars", "");
}

TEST(Formats, AutoGlmRelative999) {
  Action a = ok("autoglm", "<think>tap the clock</think><answer>do(action=\"Tap\", element=[999,0])</answer>");
  EXPECT_EQ(a.type, ActionType::Click);
  EXPECT_EQ(a.x, 1000);
  EXPECT_EQ(a.y, 0);
  a = ok("autoglm", "<think>x</think>\n<answer>do(action=\"Long Press\",element=[ 499 , 499 ])</answer>");
  EXPECT_EQ(a.type, ActionType::LongPress);
  EXPECT_EQ(a.x, 499);  // 499 / 999 of the width
  a = ok("autoglm", "<answer>do(action=\"Double Tap\", element=[100,100])</answer>");
  EXPECT_EQ(a.type, ActionType::DoubleTap);
  a = ok("autoglm", "<answer>do(action=\"Swipe\", start=[500,800], end=[500,200])</answer>");
  EXPECT_EQ(a.type, ActionType::Swipe);
  EXPECT_GT(a.y1, a.y2);
}

TEST(Formats, AutoGlmTextWaitAndAskingTheUser) {
  Action t = ok("autoglm", "<answer>do(action=\"Type\", text=\"say \\\"hi\\\", then go\")</answer>");
  EXPECT_EQ(t.type, ActionType::Type);
  EXPECT_EQ(t.text, "say \"hi\", then go");
  EXPECT_TRUE(t.clear);  // AutoGLM's Type replaces the field's text
  EXPECT_EQ(ok("autoglm", "<answer>do(action=\"Type_Name\", text=\"Ana\")</answer>").text, "Ana");
  Action w = ok("autoglm", "<answer>do(action=\"Wait\", duration=\"3 seconds\")</answer>");
  EXPECT_EQ(w.type, ActionType::Wait);
  EXPECT_EQ(w.seconds, 3);
  EXPECT_EQ(ok("autoglm", "<answer>do(action=\"Launch\", app=\"Settings\")</answer>").app, "Settings");
  EXPECT_EQ(ok("autoglm", "<answer>do(action=\"Take_over\", message=\"log in please\")</answer>").type, ActionType::Info);
  EXPECT_EQ(ok("autoglm", "<answer>do(action=\"Interact\")</answer>").type, ActionType::Info);
  Action f = ok("autoglm", "<think>done</think><answer>finish(message=\"Done: it's set\")</answer>");
  EXPECT_EQ(f.type, ActionType::Complete);
  EXPECT_EQ(f.text, "Done: it's set");
  EXPECT_EQ(ok("autoglm", "</think> do(action=\"Back\")").type, ActionType::Back);
}

TEST(Formats, AutoGlmMistakes) {
  EXPECT_NE(bad("autoglm", "<answer>do(action=\"Tap\")</answer>").find("missing element"), std::string::npos);
  EXPECT_NE(bad("autoglm", "<answer>do(action=\"Fly\", element=[1,2])</answer>").find("unknown action"), std::string::npos);
  EXPECT_NE(bad("autoglm", "<answer>do(element=[1,2])</answer>").find("missing action"), std::string::npos);
  EXPECT_NE(bad("autoglm", "<answer>do(action=\"Swipe\", start=[1,2])</answer>").find("end="), std::string::npos);
  bad("autoglm", "<answer>do(action=\"Tap\", element=[1200,5])</answer>");  // beyond 0..999
  bad("autoglm", "I think we are done here.");
}

TEST(Formats, AndroidLabBoxesPointsAndDevicePixels) {
  Action a = ok("androidlab", "do(action=\"Tap\", element=[0, 0, 1080, 240])");
  EXPECT_EQ(a.type, ActionType::Click);
  EXPECT_EQ(a.x, 500);
  EXPECT_EQ(a.y, 50);
  a = ok("androidlab", "do(action=\"Tap\", element=[540,1200])");
  EXPECT_EQ(a.x, 500);
  EXPECT_EQ(a.y, 500);
  a = ok("androidlab", "do(action=\"Swipe\", element=[540,1200], direction=\"up\", dist=\"long\")");
  EXPECT_LT(a.y2, a.y1);  // "up" moves the finger up
  Action s = ok("androidlab", "do(action=\"Swipe\", element=[540,1200], direction=\"up\", dist=\"short\")");
  EXPECT_LT(a.y1 - a.y2, 1000);
  EXPECT_GT(a.y1 - a.y2, s.y1 - s.y2);
  EXPECT_EQ(ok("androidlab", "do(action=\"Type\", text=\"it's 5 o'clock\")").text, "it's 5 o'clock");
  EXPECT_EQ(ok("androidlab", "do(action=\"Enter\")").type, ActionType::Enter);
  EXPECT_EQ(ok("androidlab", "do(action=\"Launch\", app=\"Clock\")").app, "Clock");
  EXPECT_EQ(ok("androidlab", "finish(message=\"3 events\")").text, "3 events");
  EXPECT_NE(bad("androidlab", "do(action=\"Swipe\", direction=\"up\", dist=\"huge\")").find("huge"), std::string::npos);
  bad("androidlab", "do(action=\"Tap\", element=[2000,100])");
}

TEST(Formats, ElementIndexActionsResolveThroughTheMarks) {
  ParseContext c;
  c.marks = marks3();
  Action a = ok("androidlab", "do(action=\"Tap\", element=2)", c);
  EXPECT_EQ(a.x, 500);
  EXPECT_EQ(a.y, 500);
  a = ok("androidworld", "{\"action_type\": \"click\", \"index\": 3}", c);
  EXPECT_EQ(a.x, 900);
  EXPECT_EQ(a.y, 950);
  a = ok("androidworld", "{\"action_type\": \"input_text\", \"text\": \"hi\", \"index\": \"1\"}", c);
  EXPECT_EQ(a.type, ActionType::Type);
  EXPECT_EQ(a.x, 100);
  EXPECT_NE(bad("androidworld", "{\"action_type\": \"click\", \"index\": 9}", c).find("no element 9"), std::string::npos);
  // An index past INT_MAX is no element (it was cast to int: undefined behaviour, found by fuzzing).
  EXPECT_NE(bad("androidlab", "do(action=\"Tap\", element=27555555555555555555555555)", c).find("no element"), std::string::npos);
  EXPECT_NE(bad("androidworld", "{\"action_type\": \"click\", \"index\": 4294967298}", c).find("no element"), std::string::npos);
  // Without an element list (plain screenshots) an index cannot be resolved: say how to get one.
  EXPECT_NE(bad("androidlab", "do(action=\"Tap\", element=2)").find("--obs som"), std::string::npos);
}

TEST(Formats, AndroidWorldJsonWithPrefixesAndFences) {
  Action a = ok("androidworld", "Reason: open it\nAction: {\"action_type\": \"click\", \"x\": 540, \"y\": 1200}");
  EXPECT_EQ(a.x, 500);
  EXPECT_EQ(a.y, 500);
  a = ok("androidworld", "```json\n{\"action_type\":\"open_app\",\"app_name\":\"Clock\"}\n```");
  EXPECT_EQ(a.app, "Clock");
  a = ok("androidworld", "Action: {\"action_type\": \"scroll\", \"direction\": \"down\"}");
  EXPECT_LT(a.y2, a.y1);  // scroll down: content moves up, finger moves up
  a = ok("androidworld", "Action: {\"action_type\": \"swipe\", \"direction\": \"down\"}");
  EXPECT_GT(a.y2, a.y1);  // swipe down: the finger moves down
  EXPECT_EQ(ok("androidworld", "{\"action_type\": \"status\", \"goal_status\": \"infeasible\"}").type, ActionType::Abort);
  EXPECT_EQ(ok("androidworld", "{\"action_type\": \"status\", \"goal_status\": \"complete\"}").type, ActionType::Complete);
  Action ans = ok("androidworld", "{\"action_type\": \"answer\", \"text\": \"He said \\\"yes\\\" {twice}\"}");
  EXPECT_EQ(ans.text, "He said \"yes\" {twice}");
  EXPECT_EQ(ok("androidworld", "{\"action_type\": \"keyboard_enter\"}").type, ActionType::Enter);
  EXPECT_EQ(ok("androidworld", "{\"action_type\": \"navigate_back\"}").type, ActionType::Back);
  EXPECT_NE(bad("androidworld", "{\"action_type\": \"click\"}").find("needs \"index\""), std::string::npos);
  EXPECT_NE(bad("androidworld", "{\"action_type\": \"teleport\"}").find("teleport"), std::string::npos);
  EXPECT_NE(bad("androidworld", "{\"action\": \"click\"}").find("action_type"), std::string::npos);
  bad("androidworld", "Action: {\"action_type\": \"click\", \"x\": 5");
  bad("androidworld", "{\"action_type\": \"input_text\"}");
}

TEST(Formats, QwenMobileUseToolCalls) {
  ParseContext c;
  c.image_w = 1092;
  c.image_h = 2408;
  Action a = ok("qwen-mobile-use",
                "I will tap.\n<tool_call>\n{\"name\": \"mobile_use\", \"arguments\": {\"action\": \"click\", \"coordinate\": [546, 1204]}}\n</tool_call>", c);
  EXPECT_EQ(a.x, 500);
  EXPECT_EQ(a.y, 500);
  a = ok("qwen-mobile-use", "<tool_call>{\"name\":\"mobile_use\",\"arguments\":{\"action\":\"swipe\",\"coordinate\":[546,1806],\"coordinate2\":[546,602]}}</tool_call>", c);
  EXPECT_EQ(a.type, ActionType::Swipe);
  EXPECT_EQ(a.y1, 750);
  EXPECT_EQ(a.y2, 250);
  // Arguments as a JSON string (OpenAI tool-call style), quotes inside typed text.
  a = ok("qwen-mobile-use", R"(<tool_call>{"name":"mobile_use","arguments":"{\"action\":\"type\",\"text\":\"say \\\"hi\\\"\"}"}</tool_call>)", c);
  EXPECT_EQ(a.text, "say \"hi\"");
  EXPECT_EQ(ok("qwen-mobile-use", R"(<tool_call>{"name":"mobile_use","arguments":{"action":"system_button","button":"Back"}}</tool_call>)").type, ActionType::Back);
  EXPECT_EQ(ok("qwen-mobile-use", R"(<tool_call>{"name":"mobile_use","arguments":{"action":"key","text":"Enter"}}</tool_call>)").type, ActionType::Enter);
  EXPECT_EQ(ok("qwen-mobile-use", R"(<tool_call>{"name":"mobile_use","arguments":{"action":"open","text":"Clock"}}</tool_call>)").app, "Clock");
  EXPECT_EQ(ok("qwen-mobile-use", R"(<tool_call>{"name":"mobile_use","arguments":{"action":"wait","time":4}}</tool_call>)").seconds, 4);
  EXPECT_EQ(ok("qwen-mobile-use", R"(<tool_call>{"name":"mobile_use","arguments":{"action":"terminate","status":"failure"}}</tool_call>)").type, ActionType::Abort);
  // Qwen3-VL: relative 0..1000.
  ParseContext r;
  r.coords = Coords::Rel1000;
  ParseResult rel = find_format("qwen-mobile-use").parse(R"(<tool_call>{"name":"mobile_use","arguments":{"action":"click","coordinate":[250,750]}}</tool_call>)", r);
  ASSERT_TRUE(rel.ok) << rel.reason;
  EXPECT_EQ(rel.action.y, 750);
  EXPECT_NE(bad("qwen-mobile-use", R"(<tool_call>{"name":"mobile_use","arguments":{"action":"click"}}</tool_call>)").find("coordinate"), std::string::npos);
  EXPECT_NE(bad("qwen-mobile-use", R"(<tool_call>{"name":"mobile_use","arguments":{"action":"key","text":"volume_up"}}</tool_call>)").find("volume_up"), std::string::npos);
  EXPECT_NE(bad("qwen-mobile-use", R"(<tool_call>{"name":"computer_use","arguments":{"action":"click"}}</tool_call>)").find("computer_use"), std::string::npos);
  bad("qwen-mobile-use", "<tool_call>{\"name\": \"mobile_use\", \"arguments\": {\"action\": </tool_call>");
}

TEST(Formats, PhoneGymJsonIsTheUnifiedAction) {
  Action a = ok("phonegym", "Tap the clock: {\"type\":\"click\",\"x\":120,\"y\":300}");
  EXPECT_EQ(a.x, 120);
  EXPECT_NE(bad("phonegym", "{\"type\":\"click\",\"x\":1200,\"y\":300}").find("outside [0, 1000]"), std::string::npos);
  EXPECT_NE(bad("phonegym", "{\"type\":\"fly\"}").find("unknown action type"), std::string::npos);
}

TEST(Formats, InvalidResultsPrintWithTheirReason) {
  ParseResult r = parse("uitars", "hello");
  json j = r.to_json();
  EXPECT_EQ(j["type"], "invalid");
  EXPECT_FALSE(j["reason"].get<std::string>().empty());
}

TEST(Formats, RenderThenParseGivesTheSameAction) {
  std::vector<Action> acts;
  auto add = [&](Action a) { acts.push_back(a); };
  Action a;
  a.type = ActionType::Click, a.x = 123, a.y = 877;
  add(a);
  a.type = ActionType::LongPress, a.x = 999, a.y = 1;
  add(a);
  Action t;
  t.type = ActionType::Type;
  t.text = "It's \"quoted\", a=b)";
  add(t);
  Action o;
  o.type = ActionType::OpenApp;
  o.app = "Clock";
  add(o);
  for (ActionType k : {ActionType::Back, ActionType::Home}) add(Action{k});
  Action done;
  done.type = ActionType::Complete;
  add(done);
  for (const std::string& f : format_names()) {
    const ActionFormat& fmt = find_format(f);
    for (Coords c : fmt.allowed_coords()) {
      ParseContext ctx;
      ctx.coords = c;
      if (fmt.wants_smart_resize()) std::tie(ctx.image_w, ctx.image_h) = smart_resize(1080, 2400);
      for (const Action& act : acts) {
        auto text = fmt.render(act, ctx, "Because.");
        if (!text) continue;
        ParseResult p = fmt.parse(*text, ctx);
        ASSERT_TRUE(p.ok) << f << "/" << to_string(c) << ": " << *text << " -> " << p.reason;
        EXPECT_EQ(p.action.type, act.type) << f << ": " << *text;
        EXPECT_NEAR(p.action.x, act.x, 1) << f << "/" << to_string(c) << ": " << *text;
        EXPECT_NEAR(p.action.y, act.y, 1) << f << "/" << to_string(c) << ": " << *text;
        EXPECT_EQ(p.action.text, act.text) << f << ": " << *text;
        EXPECT_EQ(p.action.app, act.app) << f << ": " << *text;
      }
    }
  }
}

TEST(Formats, RenderedSwipesKeepTheirDirection) {
  Action up;
  up.type = ActionType::Swipe;
  up.x1 = up.x2 = 500;
  up.y1 = 700;
  up.y2 = 300;
  for (const std::string& f : format_names()) {
    const ActionFormat& fmt = find_format(f);
    ParseContext ctx;
    ctx.coords = fmt.default_coords();
    auto text = fmt.render(up, ctx, "");
    ASSERT_TRUE(text) << f;
    ParseResult p = fmt.parse(*text, ctx);
    ASSERT_TRUE(p.ok) << f << ": " << p.reason;
    EXPECT_LT(p.action.y2, p.action.y1) << f << ": " << *text;
    EXPECT_NEAR(p.action.y1, 700, 1) << f << ": " << *text;
  }
}

TEST(Formats, GarbageNeverThrows) {
  std::mt19937 rng(7);
  const std::string alphabet = "{}[]()'\",=:<>|/\\ \n abcdoxy0123456789.-_\xE7\x82\xB9\xE5\x87\xBB";  // + UTF-8 bytes of 点击
  std::vector<std::string> seeds = {
      "Action: click(start_box='(1,2)')", "<answer>do(action=\"Tap\", element=[1,2])</answer>",
      "{\"action_type\": \"click\", \"x\": 1, \"y\": 2}",
      "<tool_call>{\"name\":\"mobile_use\",\"arguments\":{\"action\":\"click\",\"coordinate\":[1,2]}}</tool_call>"};
  ParseContext ctx;
  ctx.marks = marks3();
  int parsed = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string s = seeds[static_cast<std::size_t>(i) % seeds.size()];
    const int edits = 1 + static_cast<int>(rng() % 6);
    for (int e = 0; e < edits && !s.empty(); ++e) {
      const std::size_t p = rng() % s.size();
      switch (rng() % 3) {
        case 0: s.erase(p, 1 + rng() % 4); break;
        case 1: s.insert(p, 1, alphabet[rng() % alphabet.size()]); break;
        default: s = s.substr(0, p);
      }
    }
    for (const std::string& f : format_names()) {
      ParseResult r;
      EXPECT_NO_THROW(r = find_format(f).parse(s, ctx)) << f << ": " << s;
      EXPECT_NO_THROW(r.to_json().dump()) << f << ": " << s;  // even with cut UTF-8 in the reason
      if (r.ok) {
        ++parsed;
        EXPECT_NO_THROW(parse_action(to_json(r.action))) << f << ": " << s;  // always a valid action
      } else {
        EXPECT_FALSE(r.reason.empty());
      }
    }
  }
  EXPECT_GT(parsed, 0);
}

TEST(SmartResize, MultiplesOf28WithinTheBudget) {
  EXPECT_EQ(smart_resize(1080, 2400), (std::pair<int, int>{1092, 2408}));
  auto [w, h] = smart_resize(1080, 2400, 28, 3136, 1000000);
  EXPECT_EQ(w % 28, 0);
  EXPECT_EQ(h % 28, 0);
  EXPECT_LE(static_cast<long>(w) * h, 1000000);
  EXPECT_NEAR(static_cast<double>(h) / w, 2400.0 / 1080, 0.1);
  auto [sw, sh] = smart_resize(20, 40, 28, 56 * 56, 1 << 24);
  EXPECT_GE(static_cast<long>(sw) * sh, 56 * 56);
  EXPECT_THROW(smart_resize(0, 10), std::invalid_argument);
}

TEST(ImageCodec, Jpeg) {
  Image img;
  img.width = 56;
  img.height = 28;
  img.data.assign(56 * 28 * 3, 200);
  const std::string jpg = encode_image(img, ObsSpec::Format::Jpeg, 85);
  ASSERT_GT(jpg.size(), 4u);
  EXPECT_EQ(static_cast<unsigned char>(jpg[0]), 0xFF);  // SOI marker
  EXPECT_EQ(static_cast<unsigned char>(jpg[1]), 0xD8);
  Image r = resize_image(img, 28, 14);
  EXPECT_EQ(r.width, 28);
  EXPECT_EQ(r.data.size(), 28u * 14 * 3);
  EXPECT_NEAR(r.data[0], 200, 2);
}

TEST(Syntax, Utf8IsKeptWhole) {
  const std::string zh = "\xE7\x82\xB9\xE5\x87\xBB";  // 点击, 3 bytes each
  EXPECT_EQ(utf8_prefix(zh, 4), zh.substr(0, 3));
  EXPECT_EQ(valid_utf8(zh), zh);
  EXPECT_EQ(valid_utf8(zh.substr(0, 4)), zh.substr(0, 3) + "\xEF\xBF\xBD");
  // A Chinese reply that is not JSON: the reason quotes it without cutting a character.
  ParseResult r = find_format("androidworld").parse("{\"action_type\": " + zh + zh + zh + zh + zh + zh + zh + zh + zh + zh + zh + "}", {});
  EXPECT_FALSE(r.ok);
  EXPECT_NO_THROW(r.to_json().dump());
}

TEST(Syntax, CallsAndJson) {
  std::string err;
  auto c = find_call("x = do(action=\"Tap\", element=[1, 2], note=plain word)", {"do"}, &err);
  ASSERT_TRUE(c) << err;
  EXPECT_EQ(c->get("action")->get<std::string>(), "Tap");
  EXPECT_EQ((*c->get("element"))[1].get<double>(), 2);
  EXPECT_EQ(c->get("note")->get<std::string>(), "plain word");
  EXPECT_FALSE(find_call("undo(x=1)", {"do"}, &err));  // "do" inside another name is not a call
  auto j = find_json_object("text {\"a\": \"}{\"} more", &err);
  ASSERT_TRUE(j) << err;
  EXPECT_EQ((*j)["a"], "}{");
  EXPECT_EQ(numbers_in("<point>-3 4.5</point>"), (std::vector<double>{-3, 4.5}));
}
