#include "trainer/adb/commands.hpp"

#include "sim/os/phone.hpp"
#include "sim/util/encoding.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace pg::adb {

int to_device_px(int v, int size_px) {
  const long px = std::lround(v * static_cast<double>(size_px) / 1000.0);
  return static_cast<int>(std::clamp<long>(px, 0, size_px - 1));
}

int from_device_px(int px, int size_px) {
  const long v = std::lround(px * 1000.0 / static_cast<double>(size_px));
  return static_cast<int>(std::clamp<long>(v, 0, 1000));
}

std::string shell_quote(std::string_view arg) {
  bool plain = !arg.empty();
  for (char c : arg)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_./:=,@%+-").find(c) != std::string_view::npos))
      plain = false;
  if (plain) return std::string(arg);
  std::string q = "'";
  for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::vector<std::string> shell_split(std::string_view line) {
  std::vector<std::string> words;
  std::string cur;
  bool in_word = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(cur), cur.clear(), in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {
      const std::size_t end = line.find('\'', i + 1);
      if (end == std::string_view::npos) throw std::invalid_argument("unterminated ' in: " + std::string(line));
      cur.append(line.substr(i + 1, end - i - 1));
      i = end;
    } else if (c == '"') {
      std::size_t j = i + 1;
      for (; j < line.size() && line[j] != '"'; ++j) {
        if (line[j] == '\\' && j + 1 < line.size() && std::string_view("\"\\$`").find(line[j + 1]) != std::string_view::npos)
          ++j;
        cur += line[j];
      }
      if (j >= line.size()) throw std::invalid_argument("unterminated \" in: " + std::string(line));
      i = j;
    } else if (c == '\\' && i + 1 < line.size()) {
      cur += line[++i];
    } else {
      cur += c;
    }
  }
  if (in_word) words.push_back(cur);
  return words;
}

bool is_input_text_typeable(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c <= 0x7e; });
}

std::vector<std::string> input_text_commands(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c <= 0x7e) continue;
    char what[64];
    if (c >= 0x80) {
      // The whole UTF-8 sequence, for the message.
      std::size_t n = 1;
      while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80) ++n;
      std::snprintf(what, sizeof what, "non-ASCII character \"%s\"", std::string(text.substr(i, n)).c_str());
    } else {
      std::snprintf(what, sizeof what, "control character 0x%02x", c);
    }
    throw TextError("text \"" + std::string(text) + "\": " + what + " at byte " + std::to_string(i) +
                    ": `input text` types printable ASCII only; install and select the ADB Keyboard IME (" +
                    kAdbKeyboardIme + ") to type it");
  }
  // Split between '%' and a following 's' (a literal "%s" would become a space).
  std::vector<std::string> chunks{""};
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == 's' && i > 0 && text[i - 1] == '%') chunks.emplace_back();
    chunks.back() += text[i] == ' ' ? std::string("%s") : std::string(1, text[i]);
  }
  std::vector<std::string> cmds;
  for (const std::string& c : chunks)
    if (!c.empty()) cmds.push_back("input text " + shell_quote(c));
  return cmds;
}

std::string adb_keyboard_command(std::string_view text) {
  return "am broadcast -a ADB_INPUT_B64 --es msg " + shell_quote(base64_encode(text));
}

int swipe_duration_ms(double travel_px, int density_dpi) {
  if (travel_px <= 0) return 300;
  constexpr double kFriction = 0.015, kInflexion = 0.35;
  const double rate = std::log(0.78) / std::log(0.9);
  const double c = 9.80665 * 39.37 * density_dpi * 0.84;
  const double fling = (kFlingFactor - 1) * travel_px;  // distance after the finger lifts
  // d = f*c * exp(rate/(rate-1) * ln(0.35 v/(f*c)))  =>  v = f*c/0.35 * (d/(f*c))^((rate-1)/rate)
  const double v = kFriction * c / kInflexion * std::pow(fling / (kFriction * c), (rate - 1) / rate);  // px/s
  const double ms = 1000.0 * travel_px / v;
  return static_cast<int>(std::clamp(std::lround(ms), 40L, 1500L));
}

std::string action_command(const Action& a, const DeviceProfile& p) {
  if (!a.target.empty())  // a device has no widget ids to resolve; agents that drive one send points
    throw ActionError(std::string("action ") + to_string(a.type) + ": target \"" + a.target +
                      "\" needs the simulator's accessibility nodes; a real device takes a point (x, y)");
  const int w = p.screen.width, h = p.screen.height;
  auto X = [&](int v) { return std::to_string(to_device_px(v, w)); };
  auto Y = [&](int v) { return std::to_string(to_device_px(v, h)); };
  auto join = [](const std::vector<std::string>& parts) {
    std::string s;
    for (const auto& c : parts) s += (s.empty() ? "" : "; ") + c;
    return s;
  };
  switch (a.type) {
    case ActionType::Click:
      return "input tap " + X(a.x) + " " + Y(a.y);
    case ActionType::DoubleTap:
      return "input tap " + X(a.x) + " " + Y(a.y) + "; input tap " + X(a.x) + " " + Y(a.y);
    case ActionType::LongPress:
      return "input swipe " + X(a.x) + " " + Y(a.y) + " " + X(a.x) + " " + Y(a.y) + " " + std::to_string(kLongPressMs);
    case ActionType::Swipe: {
      const double dx = to_device_px(a.x2, w) - to_device_px(a.x1, w), dy = to_device_px(a.y2, h) - to_device_px(a.y1, h);
      const int ms = std::min(swipe_duration_ms(std::hypot(dx, dy), p.screen.density_dpi), kDragMinMs - 1);
      return "input swipe " + X(a.x1) + " " + Y(a.y1) + " " + X(a.x2) + " " + Y(a.y2) + " " + std::to_string(ms);
    }
    case ActionType::Drag: {
      // Finger down, move in 4 steps, hold still so the lift velocity is ~0 (no fling), lift.
      std::vector<std::string> parts{"input motionevent DOWN " + X(a.x1) + " " + Y(a.y1)};
      for (int k = 1; k <= 4; ++k)
        parts.push_back("input motionevent MOVE " + X(a.x1 + (a.x2 - a.x1) * k / 4) + " " + Y(a.y1 + (a.y2 - a.y1) * k / 4));
      parts.push_back("sleep 0.2");
      parts.push_back("input motionevent UP " + X(a.x2) + " " + Y(a.y2));
      return join(parts);
    }
    case ActionType::Type: {
      std::vector<std::string> parts;
      if (a.x >= 0) parts.push_back("input tap " + X(a.x) + " " + Y(a.y));
      if (a.clear) {
        if (p.adb_keyboard) {
          parts.push_back("am broadcast -a ADB_CLEAR_TEXT");
        } else {
          std::string dels = "input keyevent KEYCODE_MOVE_END; input keyevent";
          for (int i = 0; i < kClearDeletes; ++i) dels += " KEYCODE_DEL";
          parts.push_back(dels);
        }
      }
      if (!is_input_text_typeable(a.text) && p.adb_keyboard) {
        parts.push_back(adb_keyboard_command(a.text));
      } else {
        for (std::string& c : input_text_commands(a.text)) parts.push_back(std::move(c));
      }
      return join(parts);
    }
    case ActionType::Back: return "input keyevent 4";
    case ActionType::Home: return "input keyevent 3";
    case ActionType::Enter: return "input keyevent 66";
    case ActionType::Recent: return "input keyevent 187";
    case ActionType::Wait: {
      char b[32];
      std::snprintf(b, sizeof b, "sleep %g", a.seconds);
      return b;
    }
    case ActionType::Noop: return "sleep 0.1";
    case ActionType::OpenApp: {
      std::string key = a.app;
      std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
      auto it = p.packages.find(key);
      if (it == p.packages.end()) {
        std::string known;
        for (const auto& [k, v] : p.packages) known += (known.empty() ? "" : ", ") + k;
        throw ActionError("open_app \"" + a.app + "\": none of the app's packages is installed on the device (apps with one: " +
                          (known.empty() ? std::string("none") : known) + "; see `phonegym replay --print-packages` and --packages)");
      }
      return "monkey -p " + shell_quote(it->second) + " -c android.intent.category.LAUNCHER 1";
    }
    case ActionType::Answer:
    case ActionType::Complete:
    case ActionType::Abort:
    case ActionType::Info:
      return "";
  }
  return "";
}

}  // namespace pg::adb
