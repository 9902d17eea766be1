#include "trainer/agents/formats.hpp"

#include "trainer/agents/syntax.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

const char* to_string(Coords c) {
  switch (c) {
    case Coords::Rel1000: return "rel1000";
    case Coords::Rel999: return "rel999";
    case Coords::ImagePixels: return "abs";
    case Coords::ScreenPixels: return "device";
  }
  return "?";
}

Coords coords_from_string(std::string_view s) {
  if (s == "rel1000") return Coords::Rel1000;
  if (s == "rel999") return Coords::Rel999;
  if (s == "abs") return Coords::ImagePixels;
  if (s == "device") return Coords::ScreenPixels;
  throw std::invalid_argument("--coords \"" + std::string(s) + "\": expected rel1000, rel999, abs or device");
}

json ParseResult::to_json() const {
  if (!ok) return {{"type", "invalid"}, {"reason", reason}};
  return pg::to_json(action);
}

std::pair<int, int> smart_resize(int width, int height, int factor, long min_pixels, long max_pixels) {
  if (width <= 0 || height <= 0 || factor <= 0)
    throw std::invalid_argument("smart_resize: size " + std::to_string(width) + "x" + std::to_string(height) +
                                " must be positive");
  const double w = width, h = height, f = factor;
  double hb = std::max(f, std::round(h / f) * f), wb = std::max(f, std::round(w / f) * f);
  if (hb * wb > static_cast<double>(max_pixels)) {
    const double beta = std::sqrt(h * w / static_cast<double>(max_pixels));
    hb = std::max(f, std::floor(h / beta / f) * f);
    wb = std::max(f, std::floor(w / beta / f) * f);
  } else if (hb * wb < static_cast<double>(min_pixels)) {
    const double beta = std::sqrt(static_cast<double>(min_pixels) / (h * w));
    hb = std::ceil(h * beta / f) * f;
    wb = std::ceil(w * beta / f) * f;
  }
  return {static_cast<int>(wb), static_cast<int>(hb)};
}

namespace {

// ---------------------------------------------------------------- shared helpers

constexpr int kScrollY = 250;     // a scroll's finger travel, normalized units (600 px on 2400)
constexpr int kScrollX = 300;
constexpr double kDefaultWait = 2;

struct Bad {
  std::string reason;
};

ParseResult fail(const std::string& reason) {
  ParseResult r;
  r.reason = valid_utf8(reason);  // reasons quote the reply, which may be cut or malformed
  return r;
}
ParseResult done(Action a) {
  ParseResult r;
  r.ok = true;
  r.action = std::move(a);
  return r;
}

/// The coordinate range of one axis (the value meaning "the far edge").
double axis_range(const ParseContext& c, bool x_axis) {
  switch (c.coords) {
    case Coords::Rel1000: return 1000;
    case Coords::Rel999: return 999;
    case Coords::ImagePixels: return x_axis ? c.image_w : c.image_h;
    case Coords::ScreenPixels: return x_axis ? c.screen_w : c.screen_h;
  }
  return 1000;
}

/// A model coordinate to 0..1000; throws Bad when clearly outside the range (a 2% overshoot is
/// clamped: models round up at the edge).
int to_norm(double v, const ParseContext& c, bool x_axis) {
  const double r = axis_range(c, x_axis);
  if (!std::isfinite(v) || v < 0 || v > r * 1.02) {
    char b[160];
    std::snprintf(b, sizeof b, "%s = %g outside 0..%g (coords %s%s)", x_axis ? "x" : "y", v, r, to_string(c.coords),
                  c.coords == Coords::Rel1000 ? "; use --coords abs for absolute pixels" : "");
    throw Bad{b};
  }
  return std::clamp(static_cast<int>(std::lround(v * 1000.0 / r)), 0, 1000);
}

/// 0..1000 back to the model's coordinates.
int from_norm(int n, const ParseContext& c, bool x_axis) {
  return static_cast<int>(std::lround(n * axis_range(c, x_axis) / 1000.0));
}

/// A point from [x, y], a box [x1, y1, x2, y2] (its centre) or a string holding either
/// ("(12,34)", "<point>12 34</point>", "<|box_start|>(1,2,3,4)<|box_end|>").
std::pair<int, int> point_of(const json& v, const ParseContext& c, const std::string& what) {
  std::vector<double> n;
  if (v.is_array()) {
    for (const json& e : v)
      if (e.is_number()) n.push_back(e.get<double>());
  } else if (v.is_string()) {
    n = numbers_in(v.get<std::string>());
  } else if (v.is_number()) {
    throw Bad{what + " is a single number; expected a point [x, y] or a box [x1, y1, x2, y2]"};
  }
  if (n.size() == 4) return {to_norm((n[0] + n[2]) / 2, c, true), to_norm((n[1] + n[3]) / 2, c, false)};
  if (n.size() == 2) return {to_norm(n[0], c, true), to_norm(n[1], c, false)};
  throw Bad{what + " = " + v.dump() + ": expected a point (x, y) or a box (x1, y1, x2, y2)"};
}

/// The centre of set-of-marks element `index` (1-based, as shown to the model).
std::pair<int, int> mark_point(const json& index, const ParseContext& c) {
  double d = -1;
  if (index.is_number()) d = index.get<double>();
  else if (index.is_string()) {
    auto n = numbers_in(index.get<std::string>());
    if (n.size() == 1) d = n[0];
  }
  if (d < 0 || d != std::floor(d)) throw Bad{"element index " + index.dump() + " is not a whole number"};
  if (!c.marks.is_array() || c.marks.empty())
    throw Bad{"element index " + index.dump() + " but no element list was shown (use --obs som or --obs a11y)"};
  // Compared as doubles: an index past INT_MAX is no element (casting it was undefined behaviour,
  // found by tests/fuzz: corpus agent_reply/regression-huge-element-index).
  for (const json& m : c.marks)
    if (m.value("mark", -1.0) == d) return {m.value("x", 500), m.value("y", 500)};
  throw Bad{"no element " + index.dump() + " on this screen (elements 1.." + std::to_string(c.marks.size()) + ")"};
}

/// The mark index whose element is under normalized point (x, y): the one centred there, else the
/// smallest containing it; -1 if none.
int mark_at(int x, int y, const ParseContext& c) {
  if (!c.marks.is_array()) return -1;
  int best = -1;
  double best_area = 1e18;
  for (const json& m : c.marks) {
    if (std::abs(m.value("x", -99) - x) <= 1 && std::abs(m.value("y", -99) - y) <= 1) return m.value("mark", -1);
    const json& b = m["bounds"];
    if (!b.is_array() || b.size() != 4) continue;
    const double px = x * c.screen_w / 1000.0, py = y * c.screen_h / 1000.0;
    if (px < b[0].get<double>() || px > b[2].get<double>() || py < b[1].get<double>() || py > b[3].get<double>()) continue;
    const double area = (b[2].get<double>() - b[0].get<double>()) * (b[3].get<double>() - b[1].get<double>());
    if (area < best_area) best_area = area, best = m.value("mark", -1);
  }
  return best;
}

Action point_action(ActionType t, std::pair<int, int> p) {
  Action a;
  a.type = t;
  a.x = p.first;
  a.y = p.second;
  return a;
}

/// A swipe of the finger from (x, y) in `finger` direction (up, down, left, right) by `dist`
/// normalized units, kept on the screen.
Action finger_swipe(std::pair<int, int> p, const std::string& finger, int dist) {
  Action a;
  a.type = ActionType::Swipe;
  int dx = 0, dy = 0;
  if (finger == "up") dy = -dist;
  else if (finger == "down") dy = dist;
  else if (finger == "left") dx = -dist;
  else if (finger == "right") dx = dist;
  else throw Bad{"direction \"" + finger + "\": expected up, down, left or right"};
  // Keep the whole travel on screen (start inside the 2..998 band so the finger lands on content).
  a.x1 = std::clamp(p.first, std::max(2, 2 - dx), std::min(998, 998 - dx));
  a.y1 = std::clamp(p.second, std::max(2, 2 - dy), std::min(998, 998 - dy));
  a.x2 = a.x1 + dx;
  a.y2 = a.y1 + dy;
  return a;
}

/// "scroll down" shows what is below: the content moves up, the finger moves up (AndroidWorld).
std::string finger_for_scroll(const std::string& scroll) {
  if (scroll == "down") return "up";
  if (scroll == "up") return "down";
  if (scroll == "left") return "right";
  if (scroll == "right") return "left";
  throw Bad{"scroll direction \"" + scroll + "\": expected up, down, left or right"};
}
/// The direction a swipe's finger moved (the dominant axis).
std::string finger_direction(const Action& a) {
  const int dx = a.x2 - a.x1, dy = a.y2 - a.y1;
  if (std::abs(dy) >= std::abs(dx)) return dy < 0 ? "up" : "down";
  return dx < 0 ? "left" : "right";
}
std::string scroll_for_finger(const std::string& f) {
  return f == "up" ? "down" : f == "down" ? "up" : f == "left" ? "right" : "left";
}

std::string str_arg(const Call& c, std::initializer_list<const char*> keys, bool required, const std::string& what) {
  for (const char* k : keys)
    if (const json* v = c.get(k)) {
      if (v->is_string()) return v->get<std::string>();
      if (v->is_number()) return v->dump();
      throw Bad{what + ": " + k + " = " + v->dump() + " is not text"};
    }
  if (required) throw Bad{what + ": missing " + *keys.begin() + "=..."};
  return "";
}

/// A key name of the form "Long Press" / "long_press" / "LONGPRESS" -> "longpress".
std::string squash(std::string s) {
  std::string o;
  for (char c : lower_trim(s))
    if (c != ' ' && c != '_' && c != '-') o += c;
  return o;
}

/// Escapes `s` for a quoted string in a Python-style call.
std::string quote(const std::string& s, char q) {
  std::string o(1, q);
  for (char c : s) {
    if (c == q || c == '\\') o += '\\', o += c;
    else if (c == '\n') o += "\\n";
    else o += c;
  }
  return o + q;
}

std::string seconds_text(double s) {
  char b[32];
  std::snprintf(b, sizeof b, "%g", s);
  return b;
}

/// Runs `f`, turning Bad into an invalid result; never lets anything escape.
template <class F>
ParseResult guarded(F&& f) {
  try {
    ParseResult r = f();
    if (r.ok) parse_action(pg::to_json(r.action));  // the unified action's own checks (ranges, required text)
    return r;
  } catch (const ActionError& e) {
    return fail(e.what());
  } catch (const Bad& b) {
    return fail(b.reason);
  } catch (const std::exception& e) {
    return fail(std::string("could not read the reply: ") + e.what());
  }
}

std::string coords_sentence(const PromptContext& c) {
  char b[200];
  switch (c.coords) {
    case Coords::Rel1000: return "Coordinates are relative: 0..1000 on each axis of the screenshot, origin top-left.";
    case Coords::Rel999: return "Coordinates are relative: (0,0) is the top-left corner and (999,999) the bottom-right corner of the screen.";
    case Coords::ImagePixels:
      std::snprintf(b, sizeof b, "Coordinates are absolute pixels on the %dx%d screenshot, origin top-left.", c.image_w, c.image_h);
      return b;
    case Coords::ScreenPixels:
      return "Coordinates are absolute pixels of the 1080x2400 device screen, origin top-left.";
  }
  return "";
}

std::string obs_sentence(const PromptContext& c) {
  if (c.obs == "som")
    return "\nThe screenshot has numbered boxes on the interactive elements; the same numbers label the element list in each message.";
  if (c.obs == "a11y")
    return "\nEach message includes the screen's accessibility tree; interactive elements are numbered.";
  return "";
}

// ---------------------------------------------------------------- uitars

class UiTars : public ActionFormat {
 public:
  std::string name() const override { return "uitars"; }
  Coords default_coords() const override { return Coords::Rel1000; }
  std::vector<Coords> allowed_coords() const override { return {Coords::Rel1000, Coords::ImagePixels}; }
  bool wants_smart_resize() const override { return true; }

  std::string system_prompt(const PromptContext& c) const override {
    return "You are a GUI agent operating an Android phone. You are given a task, your action history and the "
           "current screenshot. Perform the next action to complete the task.\n\n"
           "## Output Format\nThought: <what you see and what to do next, in one or two sentences>\nAction: <one action>\n\n"
           "## Action Space\n"
           "click(start_box='<|box_start|>(x1,y1)<|box_end|>')\n"
           "long_press(start_box='<|box_start|>(x1,y1)<|box_end|>')\n"
           "type(content='')\n"
           "scroll(start_box='<|box_start|>(x1,y1)<|box_end|>', direction='down or up or right or left')\n"
           "open_app(app_name='')\n"
           "drag(start_box='<|box_start|>(x1,y1)<|box_end|>', end_box='<|box_start|>(x3,y3)<|box_end|>')\n"
           "press_home()\npress_back()\nwait()\n"
           "finished(content='') # the task is done; an answer goes in content. Escape ' \" and newlines with \\.\n\n"
           "## Note\n" + coords_sentence(c) + obs_sentence(c) + "\n";
  }

  ParseResult parse(std::string_view reply, const ParseContext& c) const override {
    return guarded([&] {
      std::string_view text = reply;
      if (auto p = reply.rfind("Action:"); p != std::string_view::npos) text = reply.substr(p + 7);
      std::string err;
      static const std::vector<std::string> names = {"click", "left_single", "left_double", "long_press", "type",
                                                     "scroll", "drag", "open_app", "press_home", "press_back",
                                                     "press_enter", "finished", "wait", "call_user"};
      auto call = find_call(text, names, &err);
      if (!call) return fail(err);
      const std::string& n = call->name;
      auto start = [&]() -> std::pair<int, int> {
        for (const char* k : {"start_box", "point", "start_point", "box"})
          if (const json* v = call->get(k)) return point_of(*v, c, n + " " + k);
        if (!call->positional.empty()) return point_of(call->positional[0], c, n + " point");
        throw Bad{n + ": missing start_box='(x,y)'"};
      };
      if (n == "click" || n == "left_single") return done(point_action(ActionType::Click, start()));
      if (n == "left_double") return done(point_action(ActionType::DoubleTap, start()));
      if (n == "long_press") return done(point_action(ActionType::LongPress, start()));
      if (n == "type") {
        Action a;
        a.type = ActionType::Type;
        a.text = str_arg(*call, {"content", "text"}, true, "type");
        if (!a.text.empty() && a.text.back() == '\n') a.text.pop_back();  // "submit": not expressible, dropped
        return done(a);
      }
      if (n == "scroll") {
        const std::pair<int, int> p = call->get("start_box") || call->get("point") ? start() : std::pair<int, int>{500, 500};
        const std::string d = lower_trim(str_arg(*call, {"direction"}, true, "scroll"));
        return done(finger_swipe(p, finger_for_scroll(d), d == "up" || d == "down" ? kScrollY : kScrollX));
      }
      if (n == "drag") {
        const json* e = call->get("end_box");
        if (!e) e = call->get("end_point");
        if (!e) throw Bad{"drag: missing end_box='(x,y)'"};
        auto [x1, y1] = start();
        auto [x2, y2] = point_of(*e, c, "drag end_box");
        Action a;
        a.type = ActionType::Drag;
        a.x1 = x1, a.y1 = y1, a.x2 = x2, a.y2 = y2;
        return done(a);
      }
      Action a;
      if (n == "open_app") {
        a.type = ActionType::OpenApp;
        a.app = str_arg(*call, {"app_name", "app"}, true, "open_app");
      } else if (n == "press_home") {
        a.type = ActionType::Home;
      } else if (n == "press_back") {
        a.type = ActionType::Back;
      } else if (n == "press_enter") {
        a.type = ActionType::Enter;
      } else if (n == "finished") {
        a.type = ActionType::Complete;
        a.text = str_arg(*call, {"content"}, false, "finished");
      } else if (n == "wait") {
        a.type = ActionType::Wait;
        a.seconds = 5;  // UI-TARS: "sleep for 5 s"
      } else {  // call_user
        a.type = ActionType::Info;
        a.text = "The agent asks for help.";
      }
      return done(a);
    });
  }

  std::optional<std::string> render(const Action& a, const ParseContext& c, const std::string& thought) const override {
    auto pt = [&](int x, int y) {
      return "'<|box_start|>(" + std::to_string(from_norm(x, c, true)) + "," + std::to_string(from_norm(y, c, false)) +
             ")<|box_end|>'";
    };
    std::string act;
    switch (a.type) {
      case ActionType::Click: act = "click(start_box=" + pt(a.x, a.y) + ")"; break;
      case ActionType::DoubleTap: act = "left_double(start_box=" + pt(a.x, a.y) + ")"; break;
      case ActionType::LongPress: act = "long_press(start_box=" + pt(a.x, a.y) + ")"; break;
      case ActionType::Type:
        if (a.x >= 0) return std::nullopt;
        act = "type(content=" + quote(a.text, '\'') + ")";
        break;
      case ActionType::Swipe:
        act = "scroll(start_box=" + pt(a.x1, a.y1) + ", direction='" + scroll_for_finger(finger_direction(a)) + "')";
        break;
      case ActionType::Drag: act = "drag(start_box=" + pt(a.x1, a.y1) + ", end_box=" + pt(a.x2, a.y2) + ")"; break;
      case ActionType::OpenApp: act = "open_app(app_name=" + quote(a.app, '\'') + ")"; break;
      case ActionType::Home: act = "press_home()"; break;
      case ActionType::Back: act = "press_back()"; break;
      case ActionType::Enter: act = "press_enter()"; break;
      case ActionType::Wait: act = "wait()"; break;
      case ActionType::Complete: act = "finished(content=" + quote(a.text, '\'') + ")"; break;
      default: return std::nullopt;
    }
    return "Thought: " + thought + "\nAction: " + act;
  }
};

// ---------------------------------------------------------------- autoglm and androidlab: do(...)

/// The shared `do(action=..., ...)` / `finish(message=...)` reader of AutoGLM and AndroidLab.
class DoCallFormat : public ActionFormat {
 protected:
  /// Reads the call out of the reply's answer part.
  std::optional<Call> call_of(std::string_view reply, std::string* err) const {
    std::string body(reply);
    if (auto a = between(reply, "<answer>", "</answer>")) body = *a;
    else if (auto p = reply.rfind("</think>"); p != std::string_view::npos) body = std::string(reply.substr(p + 8));
    return find_call(body, {"do", "finish"}, err);
  }
  static std::string action_name(const Call& call) {
    const json* v = call.get("action");
    if (!v && !call.positional.empty()) v = &call.positional[0];
    if (!v || !v->is_string()) throw Bad{"do(...): missing action=\"...\""};
    return v->get<std::string>();
  }
  /// A do(...) call: `raw` is its action name as written, `k` squashed ("Long Press" -> "longpress").
  /// Throws Bad for what it cannot read.
  virtual ParseResult parse_do(const Call& call, const std::string& raw, const std::string& k,
                               const ParseContext& c) const = 0;

 public:
  /// finish(message=...) is complete with that text; do(...) goes to parse_do.
  ParseResult parse(std::string_view reply, const ParseContext& c) const final {
    return guarded([&] {
      std::string err;
      auto call = call_of(reply, &err);
      if (!call) return fail(err);
      if (call->name == "finish") {
        Action a;
        a.type = ActionType::Complete;
        a.text = str_arg(*call, {"message"}, false, "finish");
        return done(a);
      }
      const std::string raw = action_name(*call);
      return parse_do(*call, raw, squash(raw), c);
    });
  }
};

class AutoGlm : public DoCallFormat {
 public:
  std::string name() const override { return "autoglm"; }
  Coords default_coords() const override { return Coords::Rel999; }
  std::vector<Coords> allowed_coords() const override { return {Coords::Rel999, Coords::Rel1000}; }

  std::string system_prompt(const PromptContext& c) const override {
    return "You are a phone-use agent. Given the task, the history and the current screenshot, think, then output "
           "exactly one operation.\n\nOutput format:\n<think>your reasoning</think>\n<answer>one operation</answer>\n\n"
           "Operations:\n"
           "do(action=\"Launch\", app=\"xxx\")  open an app\n"
           "do(action=\"Tap\", element=[x,y])  tap a point\n"
           "do(action=\"Type\", text=\"xxx\")  type into the focused field (its old text is cleared first)\n"
           "do(action=\"Type_Name\", text=\"xxx\")  type a person's name\n"
           "do(action=\"Swipe\", start=[x1,y1], end=[x2,y2])  swipe the finger from start to end\n"
           "do(action=\"Long Press\", element=[x,y])\n"
           "do(action=\"Double Tap\", element=[x,y])\n"
           "do(action=\"Back\")\n"
           "do(action=\"Home\")\n"
           "do(action=\"Wait\", duration=\"2 seconds\")\n"
           "do(action=\"Take_over\", message=\"xxx\")  ask the user to act or decide\n"
           "do(action=\"Interact\")  ask the user to choose among options\n"
           "finish(message=\"xxx\")  the task is done; an answer goes in message\n\n" +
           coords_sentence(c) + obs_sentence(c) + "\n";
  }

  ParseResult parse_do(const Call& call, const std::string& raw, const std::string& k,
                       const ParseContext& c) const override {
    Action a;
    auto elem = [&]() {
      const json* v = call.get("element");
      if (!v) throw Bad{"do(action=\"" + raw + "\"): missing element=[x,y]"};
      return point_of(*v, c, raw + " element");
    };
    if (k == "tap") return done(point_action(ActionType::Click, elem()));
    if (k == "longpress") return done(point_action(ActionType::LongPress, elem()));
    if (k == "doubletap") return done(point_action(ActionType::DoubleTap, elem()));
    if (k == "type" || k == "typename") {
      a.type = ActionType::Type;
      a.text = str_arg(call, {"text"}, true, "do(action=\"" + raw + "\")");
      a.clear = true;  // AutoGLM's Type replaces the field's text
      return done(a);
    }
    if (k == "swipe") {
      const json *s = call.get("start"), *e = call.get("end");
      if (!s || !e) throw Bad{"do(action=\"Swipe\"): needs start=[x1,y1] and end=[x2,y2]"};
      auto [x1, y1] = point_of(*s, c, "Swipe start");
      auto [x2, y2] = point_of(*e, c, "Swipe end");
      a.type = ActionType::Swipe;
      a.x1 = x1, a.y1 = y1, a.x2 = x2, a.y2 = y2;
      return done(a);
    }
    if (k == "launch") {
      a.type = ActionType::OpenApp;
      a.app = str_arg(call, {"app"}, true, "do(action=\"Launch\")");
    } else if (k == "back") {
      a.type = ActionType::Back;
    } else if (k == "home") {
      a.type = ActionType::Home;
    } else if (k == "wait") {
      a.type = ActionType::Wait;
      auto n = numbers_in(str_arg(call, {"duration"}, false, "Wait"));
      a.seconds = std::clamp(n.empty() ? kDefaultWait : n[0], 0.0, 60.0);
    } else if (k == "takeover" || k == "interact") {
      a.type = ActionType::Info;
      a.text = str_arg(call, {"message"}, false, raw);
      if (a.text.empty()) a.text = k == "interact" ? "Which option should I choose?" : "Please take over.";
    } else if (k == "note" || k == "callapi") {
      a.type = ActionType::Noop;  // bookkeeping operations of AutoGLM: nothing happens on the phone
    } else {
      throw Bad{"do(action=\"" + raw +
                "\"): unknown action; expected Launch, Tap, Type, Type_Name, Swipe, Long Press, Double Tap, Back, "
                "Home, Wait, Take_over, Interact"};
    }
    return done(a);
  }

  std::optional<std::string> render(const Action& a, const ParseContext& c, const std::string& thought) const override {
    auto pt = [&](int x, int y) {
      return "[" + std::to_string(from_norm(x, c, true)) + "," + std::to_string(from_norm(y, c, false)) + "]";
    };
    std::string act;
    switch (a.type) {
      case ActionType::Click: act = "do(action=\"Tap\", element=" + pt(a.x, a.y) + ")"; break;
      case ActionType::LongPress: act = "do(action=\"Long Press\", element=" + pt(a.x, a.y) + ")"; break;
      case ActionType::DoubleTap: act = "do(action=\"Double Tap\", element=" + pt(a.x, a.y) + ")"; break;
      case ActionType::Type:
        if (a.x >= 0) return std::nullopt;
        act = "do(action=\"Type\", text=" + quote(a.text, '"') + ")";
        break;
      case ActionType::Swipe:
        act = "do(action=\"Swipe\", start=" + pt(a.x1, a.y1) + ", end=" + pt(a.x2, a.y2) + ")";
        break;
      case ActionType::OpenApp: act = "do(action=\"Launch\", app=" + quote(a.app, '"') + ")"; break;
      case ActionType::Back: act = "do(action=\"Back\")"; break;
      case ActionType::Home: act = "do(action=\"Home\")"; break;
      case ActionType::Wait: act = "do(action=\"Wait\", duration=\"" + seconds_text(a.seconds) + " seconds\")"; break;
      case ActionType::Info: act = "do(action=\"Take_over\", message=" + quote(a.text, '"') + ")"; break;
      case ActionType::Complete: act = "finish(message=" + quote(a.text, '"') + ")"; break;
      default: return std::nullopt;
    }
    return "<think>" + thought + "</think>\n<answer>" + act + "</answer>";
  }
};

class AndroidLab : public DoCallFormat {
 public:
  std::string name() const override { return "androidlab"; }
  Coords default_coords() const override { return Coords::ScreenPixels; }
  std::vector<Coords> allowed_coords() const override { return {Coords::ScreenPixels}; }

  std::string system_prompt(const PromptContext& c) const override {
    const bool idx = c.obs != "screenshot";
    const std::string el = idx ? "element=<number>" : "element=[x1,y1,x2,y2]";
    return std::string("You are an agent operating an Android phone to complete the user's task. Each round you see "
                       "the screen and answer with exactly one operation, a Python-style call:\n\n") +
           "do(action=\"Tap\", " + el + ")  tap an element" + (idx ? "" : " (its bounds, or a point [x,y])") + "\n" +
           "do(action=\"Type\", text=\"...\")  type into the focused input field\n" +
           "do(action=\"Swipe\", " + el + ", direction=\"up\", dist=\"medium\")  swipe the finger up, down, left or "
           "right (\"up\" moves the finger up and shows the content below); dist is short, medium or long\n" +
           "do(action=\"Long Press\", " + el + ")\n" +
           "do(action=\"Enter\")  press Enter\n" + "do(action=\"Home\")\n" + "do(action=\"Back\")\n" +
           "do(action=\"Launch\", app=\"Settings\")  open an app by name\n" + "do(action=\"Wait\")\n" +
           "finish(message=\"...\")  the task is done; an answer goes in message\n\n" +
           (idx ? "Elements are given by their number in the element list." : coords_sentence(c)) + obs_sentence(c) +
           "\n";
  }

  ParseResult parse_do(const Call& call, const std::string& raw, const std::string& k,
                       const ParseContext& c) const override {
    Action a;
    auto elem = [&](bool required) -> std::pair<int, int> {
      const json* v = call.get("element");
      if (!v) {
        if (required) throw Bad{"do(action=\"" + raw + "\"): missing element=[x1,y1,x2,y2]"};
        return {500, 500};
      }
      if (v->is_number() || (v->is_string() && numbers_in(v->get<std::string>()).size() == 1)) return mark_point(*v, c);
      return point_of(*v, c, raw + " element");
    };
    if (k == "tap") return done(point_action(ActionType::Click, elem(true)));
    if (k == "longpress") return done(point_action(ActionType::LongPress, elem(true)));
    if (k == "doubletap") return done(point_action(ActionType::DoubleTap, elem(true)));
    if (k == "type") {
      a.type = ActionType::Type;
      a.text = str_arg(call, {"text"}, true, "do(action=\"Type\")");
      return done(a);
    }
    if (k == "swipe") {
      const std::string d = lower_trim(str_arg(call, {"direction"}, true, "do(action=\"Swipe\")"));
      const std::string dist = lower_trim(str_arg(call, {"dist"}, false, "Swipe"));
      const int base = d == "left" || d == "right" ? kScrollX : kScrollY;
      int len = base;
      if (dist == "short") len = base * 3 / 5;
      else if (dist == "long") len = base * 8 / 5;
      else if (!dist.empty() && dist != "medium") throw Bad{"Swipe dist=\"" + dist + "\": expected short, medium or long"};
      return done(finger_swipe(elem(false), d, len));
    }
    if (k == "enter") a.type = ActionType::Enter;
    else if (k == "home") a.type = ActionType::Home;
    else if (k == "back") a.type = ActionType::Back;
    else if (k == "launch") {
      a.type = ActionType::OpenApp;
      a.app = str_arg(call, {"app"}, true, "do(action=\"Launch\")");
    } else if (k == "wait") {
      a.type = ActionType::Wait;
      a.seconds = kDefaultWait;
    } else {
      throw Bad{"do(action=\"" + raw +
                "\"): unknown action; expected Tap, Type, Swipe, Long Press, Enter, Home, Back, Launch, Wait"};
    }
    return done(a);
  }

  std::optional<std::string> render(const Action& a, const ParseContext& c, const std::string& thought) const override {
    auto el = [&](int x, int y) {
      const int m = mark_at(x, y, c);
      if (m > 0) return std::to_string(m);
      return "[" + std::to_string(from_norm(x, c, true)) + "," + std::to_string(from_norm(y, c, false)) + "]";
    };
    std::string act;
    switch (a.type) {
      case ActionType::Click: act = "do(action=\"Tap\", element=" + el(a.x, a.y) + ")"; break;
      case ActionType::LongPress: act = "do(action=\"Long Press\", element=" + el(a.x, a.y) + ")"; break;
      case ActionType::Type:
        if (a.x >= 0) return std::nullopt;
        act = "do(action=\"Type\", text=" + quote(a.text, '"') + ")";
        break;
      case ActionType::Swipe: {
        // Only the start point survives: the parser swipes a fixed distance from it.
        const std::string f = finger_direction(a);
        act = "do(action=\"Swipe\", element=[" + std::to_string(from_norm(a.x1, c, true)) + "," +
              std::to_string(from_norm(a.y1, c, false)) + "], direction=\"" + f + "\", dist=\"medium\")";
        break;
      }
      case ActionType::Enter: act = "do(action=\"Enter\")"; break;
      case ActionType::Home: act = "do(action=\"Home\")"; break;
      case ActionType::Back: act = "do(action=\"Back\")"; break;
      case ActionType::OpenApp: act = "do(action=\"Launch\", app=" + quote(a.app, '"') + ")"; break;
      case ActionType::Wait: act = "do(action=\"Wait\")"; break;
      case ActionType::Complete: act = "finish(message=" + quote(a.text, '"') + ")"; break;
      default: return std::nullopt;
    }
    return thought.empty() ? act : thought + "\n" + act;
  }
};

// ---------------------------------------------------------------- androidworld

/// Reads a JSON value as a number (numbers or numeric strings).
std::optional<double> num(const json* v) {
  if (!v) return std::nullopt;
  if (v->is_number()) return v->get<double>();
  if (v->is_string()) {
    auto n = numbers_in(v->get<std::string>());
    if (n.size() == 1) return n[0];
  }
  return std::nullopt;
}
const json* field(const json& j, const char* k) { return j.contains(k) && !j[k].is_null() ? &j[k] : nullptr; }
std::string text_field(const json& j, const char* k, const std::string& what) {
  const json* v = field(j, k);
  if (!v) throw Bad{what + ": missing \"" + k + "\""};
  if (!v->is_string()) throw Bad{what + ": \"" + k + "\" = " + v->dump() + " is not text"};
  return v->get<std::string>();
}

class AndroidWorld : public ActionFormat {
 public:
  std::string name() const override { return "androidworld"; }
  Coords default_coords() const override { return Coords::ScreenPixels; }
  std::vector<Coords> allowed_coords() const override { return {Coords::ScreenPixels}; }

  std::string system_prompt(const PromptContext& c) const override {
    const bool idx = c.obs != "screenshot";
    const std::string target = idx ? "\"index\": <element number>" : "\"x\": <x>, \"y\": <y>";
    return "You are an agent that operates an Android phone to complete the user's goal. Each turn, explain your "
           "reasoning in one line starting with \"Reason:\", then give exactly one action as JSON on a line starting with "
           "\"Action:\".\n\nActions:\n"
           "{\"action_type\": \"click\", " + target + "}\n"
           "{\"action_type\": \"double_tap\", " + target + "}\n"
           "{\"action_type\": \"long_press\", " + target + "}\n"
           "{\"action_type\": \"input_text\", \"text\": <text>, " + target + "}  tap the field, then type\n"
           "{\"action_type\": \"keyboard_enter\"}\n"
           "{\"action_type\": \"navigate_home\"}\n"
           "{\"action_type\": \"navigate_back\"}\n"
           "{\"action_type\": \"scroll\", \"direction\": <up, down, left or right>" + (idx ? ", \"index\": <optional element>" : "") +
           "}  scroll the screen or an element; \"down\" reveals the content below\n"
           "{\"action_type\": \"swipe\", \"direction\": <up, down, left or right>}  move the finger in that direction\n"
           "{\"action_type\": \"open_app\", \"app_name\": <name>}\n"
           "{\"action_type\": \"wait\"}\n"
           "{\"action_type\": \"answer\", \"text\": <answer>}  answer the user's question\n"
           "{\"action_type\": \"status\", \"goal_status\": \"complete\"}  the goal is reached\n"
           "{\"action_type\": \"status\", \"goal_status\": \"infeasible\"}  the goal cannot be reached\n\n" +
           (idx ? "Use the element numbers of the element list." : coords_sentence(c)) + obs_sentence(c) + "\n";
  }

  ParseResult parse(std::string_view reply, const ParseContext& c) const override {
    return guarded([&] {
      std::string err;
      std::string_view body = reply;
      if (auto p = reply.rfind("Action:"); p != std::string_view::npos) body = reply.substr(p);
      auto j = find_json_object(body, &err);
      if (!j && body.size() != reply.size()) j = find_json_object(reply, &err);
      if (!j) return fail(err);
      if (!j->is_object() || !j->contains("action_type")) return fail("JSON action without \"action_type\": " + j->dump());
      const std::string t = lower_trim(text_field(*j, "action_type", "action"));
      auto target = [&](bool required) -> std::optional<std::pair<int, int>> {
        if (const json* i = field(*j, "index")) return mark_point(*i, c);
        auto x = num(field(*j, "x")), y = num(field(*j, "y"));
        if (x && y) return std::pair<int, int>{to_norm(*x, c, true), to_norm(*y, c, false)};
        if (required) throw Bad{t + ": needs \"index\" or \"x\" and \"y\""};
        return std::nullopt;
      };
      Action a;
      if (t == "click") return done(point_action(ActionType::Click, *target(true)));
      if (t == "double_tap") return done(point_action(ActionType::DoubleTap, *target(true)));
      if (t == "long_press") return done(point_action(ActionType::LongPress, *target(true)));
      if (t == "input_text" || t == "type") {
        a.type = ActionType::Type;
        a.text = text_field(*j, "text", t);
        if (auto p = target(false)) a.x = p->first, a.y = p->second;
        return done(a);
      }
      if (t == "scroll" || t == "swipe") {
        const std::string d = lower_trim(text_field(*j, "direction", t));
        const std::pair<int, int> p = target(false).value_or(std::pair<int, int>{500, 500});
        const std::string finger = t == "scroll" ? finger_for_scroll(d) : d;
        return done(finger_swipe(p, finger, finger == "up" || finger == "down" ? kScrollY : kScrollX));
      }
      if (t == "keyboard_enter") a.type = ActionType::Enter;
      else if (t == "navigate_home") a.type = ActionType::Home;
      else if (t == "navigate_back") a.type = ActionType::Back;
      else if (t == "open_app") {
        a.type = ActionType::OpenApp;
        a.app = text_field(*j, "app_name", t);
      } else if (t == "wait") {
        a.type = ActionType::Wait;
        a.seconds = kDefaultWait;
      } else if (t == "answer") {
        a.type = ActionType::Answer;
        a.text = text_field(*j, "text", t);
      } else if (t == "status") {
        const std::string s = lower_trim(text_field(*j, "goal_status", t));
        if (s == "complete") a.type = ActionType::Complete;
        else if (s == "infeasible") a.type = ActionType::Abort;
        else throw Bad{"status: goal_status \"" + s + "\": expected complete or infeasible"};
      } else {
        throw Bad{"unknown action_type \"" + t +
                  "\"; expected click, double_tap, long_press, input_text, keyboard_enter, navigate_home, "
                  "navigate_back, scroll, swipe, open_app, wait, answer, status"};
      }
      return done(a);
    });
  }

  std::optional<std::string> render(const Action& a, const ParseContext& c, const std::string& thought) const override {
    auto put_target = [&](json& j, int x, int y) {
      const int m = mark_at(x, y, c);
      if (m > 0) j["index"] = m;
      else j["x"] = from_norm(x, c, true), j["y"] = from_norm(y, c, false);
    };
    json j;
    switch (a.type) {
      case ActionType::Click: j = {{"action_type", "click"}}; put_target(j, a.x, a.y); break;
      case ActionType::DoubleTap: j = {{"action_type", "double_tap"}}; put_target(j, a.x, a.y); break;
      case ActionType::LongPress: j = {{"action_type", "long_press"}}; put_target(j, a.x, a.y); break;
      case ActionType::Type:
        j = {{"action_type", "input_text"}, {"text", a.text}};
        if (a.x >= 0) put_target(j, a.x, a.y);
        break;
      case ActionType::Swipe:
        j = {{"action_type", "scroll"}, {"direction", scroll_for_finger(finger_direction(a))},
             {"x", from_norm(a.x1, c, true)}, {"y", from_norm(a.y1, c, false)}};
        break;
      case ActionType::Enter: j = {{"action_type", "keyboard_enter"}}; break;
      case ActionType::Home: j = {{"action_type", "navigate_home"}}; break;
      case ActionType::Back: j = {{"action_type", "navigate_back"}}; break;
      case ActionType::OpenApp: j = {{"action_type", "open_app"}, {"app_name", a.app}}; break;
      case ActionType::Wait: j = {{"action_type", "wait"}}; break;
      case ActionType::Answer: j = {{"action_type", "answer"}, {"text", a.text}}; break;
      case ActionType::Complete: j = {{"action_type", "status"}, {"goal_status", "complete"}}; break;
      case ActionType::Abort: j = {{"action_type", "status"}, {"goal_status", "infeasible"}}; break;
      default: return std::nullopt;
    }
    return "Reason: " + thought + "\nAction: " + j.dump();
  }
};

// ---------------------------------------------------------------- qwen-mobile-use

class QwenMobileUse : public ActionFormat {
 public:
  std::string name() const override { return "qwen-mobile-use"; }
  Coords default_coords() const override { return Coords::ImagePixels; }
  std::vector<Coords> allowed_coords() const override { return {Coords::ImagePixels, Coords::Rel1000}; }
  bool wants_smart_resize() const override { return true; }

  std::string system_prompt(const PromptContext& c) const override {
    std::string res = c.coords == Coords::Rel1000
                          ? "Coordinates are relative, 0..1000 on each axis of the screen."
                          : "The screen's resolution is " + std::to_string(c.image_w) + "x" + std::to_string(c.image_h) +
                                " pixels; coordinates are absolute pixels on it.";
    json tool = {
        {"type", "function"},
        {"function",
         {{"name", "mobile_use"},
          {"description", "Use a touchscreen to interact with a mobile device, and take screenshots. " + res},
          {"parameters",
           {{"type", "object"},
            {"required", {"action"}},
            {"properties",
             {{"action",
               {{"type", "string"},
                {"enum", {"click", "long_press", "swipe", "type", "key", "system_button", "open", "wait", "answer", "terminate"}},
                {"description",
                 "click: tap (coordinate). long_press: press (coordinate, time). swipe: finger from coordinate to "
                 "coordinate2. type: text into the focused field. key: a key such as Enter. system_button: Back, Home, "
                 "Enter. open: an app by name (text). wait: seconds (time). answer: reply to the user (text). "
                 "terminate: end the task (status success or failure)."}}},
              {"coordinate", {{"type", "array"}, {"description", "(x, y) for click, long_press and the swipe start"}}},
              {"coordinate2", {{"type", "array"}, {"description", "(x, y) where a swipe ends"}}},
              {"text", {{"type", "string"}}},
              {"time", {{"type", "number"}}},
              {"button", {{"type", "string"}, {"enum", {"Back", "Home", "Menu", "Enter"}}}},
              {"status", {{"type", "string"}, {"enum", {"success", "failure"}}}}}}}}}}};
    return "You are a helpful assistant operating an Android phone.\n\n# Tools\n\nYou may call one or more functions to "
           "assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n"
           "<tools>\n" + tool.dump() + "\n</tools>\n\nFor each function call, return a json object with function name "
           "and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, "
           "\"arguments\": <args-json-object>}\n</tool_call>" + obs_sentence(c) + "\n";
  }

  ParseResult parse(std::string_view reply, const ParseContext& c) const override {
    return guarded([&] {
      std::string err;
      std::string body(reply);
      if (auto t = between(reply, "<tool_call>", "</tool_call>")) body = *t;
      auto j = find_json_object(body, &err);
      if (!j) return fail(err);
      json args = *j;
      if (j->contains("arguments")) {
        args = (*j)["arguments"];
        if (args.is_string()) {  // OpenAI-style: the arguments as a JSON string
          json parsed = json::parse(args.get<std::string>(), nullptr, false);
          if (parsed.is_discarded()) throw Bad{"tool call arguments are not JSON: " + args.get<std::string>()};
          args = parsed;
        }
        const std::string fn = j->value("name", "mobile_use");
        if (fn != "mobile_use") throw Bad{"tool \"" + fn + "\": expected mobile_use"};
      }
      if (!args.is_object() || !args.contains("action")) return fail("tool call without \"action\": " + j->dump());
      const std::string t = lower_trim(text_field(args, "action", "mobile_use"));
      auto coord = [&](const char* k) {
        const json* v = field(args, k);
        if (!v) throw Bad{t + ": missing \"" + k + "\""};
        return point_of(*v, c, t + " " + k);
      };
      Action a;
      if (t == "click" || t == "left_click" || t == "tap") return done(point_action(ActionType::Click, coord("coordinate")));
      if (t == "long_press") return done(point_action(ActionType::LongPress, coord("coordinate")));
      if (t == "double_tap" || t == "double_click") return done(point_action(ActionType::DoubleTap, coord("coordinate")));
      if (t == "swipe") {
        auto [x1, y1] = coord("coordinate");
        auto [x2, y2] = coord("coordinate2");
        a.type = ActionType::Swipe;
        a.x1 = x1, a.y1 = y1, a.x2 = x2, a.y2 = y2;
        return done(a);
      }
      auto key_action = [&](const std::string& key) {
        const std::string k = squash(key);
        if (k == "enter" || k == "keycodeenter" || k == "return") return ActionType::Enter;
        if (k == "back" || k == "keycodeback") return ActionType::Back;
        if (k == "home" || k == "keycodehome") return ActionType::Home;
        if (k == "recent" || k == "recents" || k == "appswitch") return ActionType::Recent;
        throw Bad{t + ": key \"" + key + "\" is not on this phone (Back, Home, Enter, Recent)"};
      };
      if (t == "type") {
        a.type = ActionType::Type;
        a.text = text_field(args, "text", t);
      } else if (t == "key") {
        a.type = key_action(text_field(args, "text", t));
      } else if (t == "system_button") {
        a.type = key_action(text_field(args, "button", t));
      } else if (t == "open") {
        a.type = ActionType::OpenApp;
        a.app = text_field(args, "text", t);
      } else if (t == "wait") {
        a.type = ActionType::Wait;
        a.seconds = std::clamp(num(field(args, "time")).value_or(kDefaultWait), 0.0, 60.0);
      } else if (t == "answer") {
        a.type = ActionType::Answer;
        a.text = text_field(args, "text", t);
      } else if (t == "terminate") {
        const std::string s = lower_trim(text_field(args, "status", t));
        if (s == "success") a.type = ActionType::Complete;
        else if (s == "failure") a.type = ActionType::Abort;
        else throw Bad{"terminate: status \"" + s + "\": expected success or failure"};
      } else {
        throw Bad{"unknown mobile_use action \"" + t +
                  "\"; expected click, long_press, swipe, type, key, system_button, open, wait, answer, terminate"};
      }
      return done(a);
    });
  }

  std::optional<std::string> render(const Action& a, const ParseContext& c, const std::string& thought) const override {
    auto pt = [&](int x, int y) { return json::array({from_norm(x, c, true), from_norm(y, c, false)}); };
    json args;
    switch (a.type) {
      case ActionType::Click: args = {{"action", "click"}, {"coordinate", pt(a.x, a.y)}}; break;
      case ActionType::LongPress: args = {{"action", "long_press"}, {"coordinate", pt(a.x, a.y)}, {"time", 1}}; break;
      case ActionType::Swipe:
        args = {{"action", "swipe"}, {"coordinate", pt(a.x1, a.y1)}, {"coordinate2", pt(a.x2, a.y2)}};
        break;
      case ActionType::Type:
        if (a.x >= 0) return std::nullopt;
        args = {{"action", "type"}, {"text", a.text}};
        break;
      case ActionType::Back: args = {{"action", "system_button"}, {"button", "Back"}}; break;
      case ActionType::Home: args = {{"action", "system_button"}, {"button", "Home"}}; break;
      case ActionType::Enter: args = {{"action", "system_button"}, {"button", "Enter"}}; break;
      case ActionType::OpenApp: args = {{"action", "open"}, {"text", a.app}}; break;
      case ActionType::Wait: args = {{"action", "wait"}, {"time", a.seconds}}; break;
      case ActionType::Answer: args = {{"action", "answer"}, {"text", a.text}}; break;
      case ActionType::Complete: args = {{"action", "terminate"}, {"status", "success"}}; break;
      case ActionType::Abort: args = {{"action", "terminate"}, {"status", "failure"}}; break;
      default: return std::nullopt;
    }
    return thought + "\n<tool_call>\n" + json{{"name", "mobile_use"}, {"arguments", args}}.dump() + "\n</tool_call>";
  }
};

// ---------------------------------------------------------------- phonegym

class PhoneGymFormat : public ActionFormat {
 public:
  std::string name() const override { return "phonegym"; }
  Coords default_coords() const override { return Coords::Rel1000; }
  std::vector<Coords> allowed_coords() const override { return {Coords::Rel1000}; }

  std::string system_prompt(const PromptContext& c) const override {
    return "You operate a simulated Android phone. Answer with one JSON action (you may think first; the first "
           "JSON object of the reply is the action):\n"
           "{\"type\":\"click\",\"x\":500,\"y\":120}  tap\n"
           "{\"type\":\"double_tap\",\"x\":..,\"y\":..}  {\"type\":\"long_press\",\"x\":..,\"y\":..}\n"
           "{\"type\":\"type\",\"text\":\"07:30\",\"clear\":false}  type into the focused field (clear: replace its text)\n"
           "{\"type\":\"swipe\",\"x1\":500,\"y1\":700,\"x2\":500,\"y2\":300}  a fling (finger up = content moves up)\n"
           "{\"type\":\"drag\",\"x1\":..,\"y1\":..,\"x2\":..,\"y2\":..}  drag without inertia\n"
           "{\"type\":\"back\"} {\"type\":\"home\"} {\"type\":\"recent\"} {\"type\":\"enter\"}\n"
           "{\"type\":\"wait\",\"seconds\":2}  {\"type\":\"open_app\",\"app\":\"clock\"}\n"
           "{\"type\":\"answer\",\"text\":\"...\"}  answer a question\n"
           "{\"type\":\"info\",\"question\":\"...\"}  ask the user\n"
           "{\"type\":\"complete\"}  the task is done;  {\"type\":\"abort\",\"reason\":\"...\"}  it cannot be done\n\n" +
           coords_sentence(c) + obs_sentence(c) + "\n";
  }

  ParseResult parse(std::string_view reply, const ParseContext&) const override {
    return guarded([&] {
      std::string err;
      auto j = find_json_object(reply, &err);
      if (!j) return fail(err);
      try {
        return done(parse_action(*j));
      } catch (const ActionError& e) {
        return fail(e.what());
      }
    });
  }

  std::optional<std::string> render(const Action& a, const ParseContext&, const std::string& thought) const override {
    return (thought.empty() ? "" : thought + "\n") + pg::to_json(a).dump();
  }
};

}  // namespace

const ActionFormat& find_format(std::string_view name) {
  static const std::vector<std::unique_ptr<ActionFormat>> all = [] {
    std::vector<std::unique_ptr<ActionFormat>> v;
    v.push_back(std::make_unique<UiTars>());
    v.push_back(std::make_unique<AutoGlm>());
    v.push_back(std::make_unique<AndroidLab>());
    v.push_back(std::make_unique<AndroidWorld>());
    v.push_back(std::make_unique<QwenMobileUse>());
    v.push_back(std::make_unique<PhoneGymFormat>());
    return v;
  }();
  for (const auto& f : all)
    if (f->name() == name) return *f;
  std::string list;
  for (const auto& f : all) list += (list.empty() ? "" : ", ") + f->name();
  throw std::invalid_argument("--format \"" + std::string(name) + "\": unknown; expected one of " + list);
}

std::vector<std::string> format_names() {
  return {"uitars", "autoglm", "androidlab", "androidworld", "qwen-mobile-use", "phonegym"};
}

}  // namespace pg
