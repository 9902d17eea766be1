#include "trainer/adb/sim_shell.hpp"
#include "trainer/io.hpp"

#include "sim/os/app.hpp"
#include "sim/os/text_edit.hpp"
#include "sim/render/codec.hpp"
#include "sim/render/image.hpp"
#include "sim/render/screen.hpp"
#include "sim/ui/a11y.hpp"
#include "sim/util/encoding.hpp"
#include "tasks/judge.hpp"
#include "trainer/adb/commands.hpp"


#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <regex.h>

namespace pg::adb {

using json = nlohmann::json;

namespace {

constexpr const char* kLauncherActivity = "com.google.android.apps.nexuslauncher.NexusLauncherActivity";

const std::map<std::string, int>& key_codes() {
  static const std::map<std::string, int> m{
      {"HOME", 3},      {"BACK", 4},        {"CALL", 5},     {"ENDCALL", 6},    {"DPAD_UP", 19},  {"DPAD_DOWN", 20},
      {"DPAD_LEFT", 21}, {"DPAD_RIGHT", 22}, {"VOLUME_UP", 24}, {"VOLUME_DOWN", 25}, {"POWER", 26}, {"CAMERA", 27},
      {"TAB", 61},      {"SPACE", 62},      {"ENTER", 66},   {"DEL", 67},       {"MENU", 82},     {"SEARCH", 84},
      {"MOVE_HOME", 122}, {"MOVE_END", 123}, {"APP_SWITCH", 187}, {"WAKEUP", 224}, {"SLEEP", 223}};
  return m;
}

/// KEYCODE_BACK, BACK or 4 -> 4; -1 if unknown (Android's key codes are below 1000; a longer
/// number used to escape as std::out_of_range from std::stoi, found by fuzz_adb).
int parse_key(std::string k) {
  if (!k.empty() && std::all_of(k.begin(), k.end(), ::isdigit)) return k.size() <= 6 ? std::stoi(k) : -1;
  if (k.rfind("KEYCODE_", 0) == 0) k = k.substr(8);
  auto it = key_codes().find(k);
  return it == key_codes().end() ? -1 : it->second;
}

bool parse_num(const std::string& s, double& v) {
  char* end = nullptr;
  v = std::strtod(s.c_str(), &end);
  return !s.empty() && end && *end == 0 && std::isfinite(v);
}

std::string canonical_path(std::string p) {
  for (const char* prefix : {"/storage/emulated/0/", "/storage/self/primary/", "/mnt/sdcard/"})
    if (p.rfind(prefix, 0) == 0) p = "/sdcard/" + p.substr(std::string(prefix).size());
  return p;
}


/// One shell command of a line and the operator that follows it ("", ";", "&&", "||", "&", "|").
struct Piece {
  std::string text;
  std::string op;
};

std::vector<Piece> split_line(const std::string& line) {
  std::vector<Piece> out;
  std::string cur;
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote) {
      cur += c;
      if (c == quote) quote = 0;
      else if (c == '\\' && quote == '"' && i + 1 < line.size()) cur += line[++i];
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      cur += c;
    } else if (c == '\\' && i + 1 < line.size()) {
      cur += c;
      cur += line[++i];
    } else if (c == ';' || c == '\n') {
      out.push_back({cur, ";"}), cur.clear();
    } else if (c == '&' || c == '|') {
      const bool dbl = i + 1 < line.size() && line[i + 1] == c;
      // "2>&1" is a redirection, not an operator.
      if (c == '&' && i > 0 && line[i - 1] == '>') {
        cur += c;
        continue;
      }
      out.push_back({cur, dbl ? std::string(2, c) : std::string(1, c)}), cur.clear();
      if (dbl) ++i;
    } else {
      cur += c;
    }
  }
  out.push_back({cur, ""});
  return out;
}


/// An upper bound on the nodes glibc's regcomp builds for the extended regular expression `pat`.
/// regcomp copies the repeated element for `+` (two copies) and for an interval ({m,n}: n
/// copies, {m,}: m+1), so stacked or nested repetitions multiply: "a" followed by 39 `+` asked
/// for 2^39 nodes and 2 GB before the fuzzer's memory limit stopped it (found by fuzz_adb,
/// corpus adb/regression-grep-regex-size). `*` and `?` wrap without copying. Saturates at 2^40.
double regex_nodes(const std::string& pat) {
  struct Group {
    double total = 0, last = 0;  // the group's nodes so far; those of its last element
  };
  std::vector<Group> stack(1);
  auto atom = [&](double n) { stack.back().total += n, stack.back().last = n; };
  auto repeat = [&](double copies) {
    Group& g = stack.back();
    const double grown = std::min(g.last * copies + 1, 1e12);
    g.total = std::min(g.total - g.last + grown, 1e12), g.last = grown;
  };
  for (std::size_t i = 0; i < pat.size(); ++i) {
    const char c = pat[i];
    if (c == '\\') {
      ++i, atom(1);
    } else if (c == '[') {  // a bracket expression is one node: skip to its `]`
      std::size_t j = i + 1;
      if (j < pat.size() && pat[j] == '^') ++j;
      if (j < pat.size() && pat[j] == ']') ++j;
      while (j < pat.size() && pat[j] != ']') {
        if (pat[j] == '[' && j + 1 < pat.size() && (pat[j + 1] == ':' || pat[j + 1] == '.' || pat[j + 1] == '=')) {
          const std::size_t end = pat.find(std::string{pat[j + 1], ']'}, j + 2);
          j = end == std::string::npos ? pat.size() : end + 2;
        } else {
          ++j;
        }
      }
      i = j, atom(1);
    } else if (c == '(') {
      stack.emplace_back();
    } else if (c == ')' && stack.size() > 1) {
      const double inner = stack.back().total + 1;
      stack.pop_back(), atom(inner);
    } else if (c == '|') {
      stack.back().total += 1, stack.back().last = 0;
    } else if (c == '+') {
      repeat(2);
    } else if (c == '{') {
      std::size_t j = i + 1;
      double m = 0, n = -1;
      while (j < pat.size() && std::isdigit(static_cast<unsigned char>(pat[j]))) m = std::min(m * 10 + (pat[j++] - '0'), 1e6);
      if (j < pat.size() && pat[j] == ',') {
        ++j;
        if (j < pat.size() && std::isdigit(static_cast<unsigned char>(pat[j]))) {
          n = 0;
          while (j < pat.size() && std::isdigit(static_cast<unsigned char>(pat[j]))) n = std::min(n * 10 + (pat[j++] - '0'), 1e6);
        }
      } else {
        n = m;
      }
      if (j < pat.size() && pat[j] == '}') {
        repeat(std::max(n < 0 ? m + 1 : n, 1.0)), i = j;
      } else {
        atom(1);  // not an interval: regcomp refuses it or reads a literal brace
      }
    } else if (c != '*' && c != '?') {
      atom(1);
    }
  }
  double total = 0;
  for (const Group& g : stack) total = std::min(total + g.total, 1e12);
  return total;
}

/// The largest regular expression `grep` compiles, in regcomp's nodes (regex_nodes): about 14 MB.
constexpr double kMaxRegexNodes = 1 << 16;

}  // namespace

struct SimShell::Event {
  enum Kind { Tap, Swipe, Drag, Text, Clear, Del, Key, Sleep, Open } kind = Tap;
  int x1 = 0, y1 = 0, x2 = 0, y2 = 0, ms = 0;  // device px
  int count = 0;                               // Del: presses; Key: code
  double seconds = 0;
  std::string text;                            // Text; Open: app id
};

std::string app_for_package(const std::string& package) {
  for (App* a : AppRegistry::instance().apps())
    if (a->manifest().value("package", "") == package) return a->id();
  return "";
}

SimShell::SimShell(const SimDeviceOptions& opts) : opts_(opts) {
  if (!opts_.task.empty()) start_task(opts_.task, opts_.seed);
  save_state();
}

void SimShell::start_task(const std::string& id, std::uint64_t seed) {
  if (!tasks_) {
    if (opts_.tasks_dir.empty()) throw std::runtime_error("phonegym adbd: a task needs the templates directory");
    tasks_ = std::make_unique<TaskSet>(TaskSet::load(opts_.tasks_dir));
  }
  auto inst = std::make_unique<TaskInstance>(sample_instance(tasks_->get(id), seed, Phone::default_state()));
  env_.reset(inst->initial_state);
  instance_ = std::move(inst);
}

std::string SimShell::banner() const {
  return "device::ro.product.name=phonegym;ro.product.model=PhoneGym;ro.product.device=phonegym;features=shell_v2";
}

std::optional<std::string> SimShell::file(const std::string& path) const {
  auto it = files_.find(canonical_path(path));
  if (it == files_.end()) return std::nullopt;
  return it->second;
}

bool SimShell::fits(const std::string& path, std::size_t size) const {
  const std::string key = canonical_path(path);
  auto it = files_.find(key);
  const std::size_t old = it == files_.end() ? 0 : key.size() + it->second.size();
  const std::size_t add = key.size() + size;
  return add <= kStorageBytes && files_bytes_ - old <= kStorageBytes - add;
}

bool SimShell::write_file(const std::string& path, std::string bytes) {
  if (!fits(path, bytes.size())) return false;
  const std::string key = canonical_path(path);
  auto it = files_.find(key);
  files_bytes_ -= it == files_.end() ? 0 : key.size() + it->second.size();
  files_bytes_ += key.size() + bytes.size();
  files_[key] = std::move(bytes);
  return true;
}

void SimShell::clear_files() {
  files_.clear();
  files_bytes_ = 0;
}

json SimShell::verdict() const {
  if (!instance_) throw std::runtime_error("no task: start `phonegym adbd` with --task ID --seed N (or `phonegym reset --task ID`)");
  json v = judge(*instance_, instance_->initial_state, env_.state()).to_json();
  v["task"] = instance_->tmpl->id;
  v["seed"] = instance_->seed;
  return v;
}

const Image& SimShell::screen() {
  static const ObsSpec kFull = [] {
    ObsSpec s = parse_obs_spec("full");
    s.native = true;  // the device's own pixels (its profile's, sim/os/device.hpp)
    return s;
  }();
  std::uint64_t hash = 0;
  Image img = render_observation(env_.phone(), kFull, hash,
                                 [this](std::uint64_t h) { return screen_.has_value() && h == screen_hash_; });
  if (!img.empty()) screen_ = std::move(img), screen_hash_ = hash, screen_png_.clear(), screen_raw_.clear();
  return *screen_;
}

std::string SimShell::screencap_png() {
  const Image& img = screen();
  if (screen_png_.empty()) screen_png_ = encode_image(img, ObsSpec::Format::Png);
  return screen_png_;
}

const std::string& SimShell::screen_raw() {
  const Image& img = screen();
  if (!screen_raw_.empty()) return screen_raw_;
  std::string& bytes = screen_raw_;
  auto u32 = [&](std::uint32_t v) {
    for (int b = 0; b < 4; ++b) bytes += static_cast<char>((v >> (8 * b)) & 0xFF);
  };
  u32(static_cast<std::uint32_t>(img.width)), u32(static_cast<std::uint32_t>(img.height)), u32(1);
  const std::size_t pixels = img.data.size() / 3;
  bytes.resize(12 + pixels * 4);
  char* out = bytes.data() + 12;
  const std::uint8_t* in = img.data.data();
  for (std::size_t p = 0; p < pixels; ++p, in += 3, out += 4)
    out[0] = static_cast<char>(in[0]), out[1] = static_cast<char>(in[1]), out[2] = static_cast<char>(in[2]),
    out[3] = static_cast<char>(0xFF);
  return screen_raw_;
}

void SimShell::save_state() const {
  if (opts_.state_out.empty()) return;
  write_file_atomic(opts_.state_out, env_.state().dump() + "\n");
}

std::string SimShell::focus_component() const {
  const std::string fg = env_.state()["os"]["foreground"].get<std::string>();
  if (fg == "launcher") return std::string(kLauncherPackage) + "/" + kLauncherActivity;
  const App* app = AppRegistry::instance().find(fg);
  const std::string pkg = app ? app->manifest().value("package", fg) : fg;
  return pkg + "/" + (app ? app->manifest().value("activity", pkg + ".MainActivity") : pkg + ".MainActivity");
}

// ---------------------------------------------------------------- events -> actions

void SimShell::apply(const Action& a, ShellResult& r) {
  json result;
  try {
    result = env_.step(a);
  } catch (const std::exception& e) {
    r.err += std::string(e.what()) + "\n";
    r.status = 1;
    result = {{"error", e.what()}};
  }
  if (on_action) on_action(a, result);
}

void SimShell::flush(std::vector<Event>& ev, ShellResult& r) {
  const Screen screen = env_.phone().screen();
  const int W = screen.width_px, H = screen.height_px;
  auto nx = [&](int px) { return from_device_px(px, W); };
  auto ny = [&](int py) { return from_device_px(py, H); };
  std::size_t i = 0;
  auto at = [&](std::size_t k, Event::Kind kind) { return k < ev.size() && ev[k].kind == kind; };
  while (i < ev.size()) {
    const Event& e = ev[i];
    Action a;
    if (e.kind == Event::Tap) {
      // tap [sleep <= 0.3 s] tap at the same point: a double tap.
      std::size_t j = i + 1;
      if (at(j, Event::Sleep) && ev[j].seconds <= 0.3) ++j;
      if (at(j, Event::Tap) && ev[j].x1 == e.x1 && ev[j].y1 == e.y1) {
        a.type = ActionType::DoubleTap, a.x = nx(e.x1), a.y = ny(e.y1);
        apply(a, r);
        i = j + 1;
        continue;
      }
      if (at(i + 1, Event::Clear) || at(i + 1, Event::Text)) {  // tap, then type into what it focused
        a.type = ActionType::Type, a.x = nx(e.x1), a.y = ny(e.y1);
        ++i;
      } else {
        a.type = ActionType::Click, a.x = nx(e.x1), a.y = ny(e.y1);
        apply(a, r);
        ++i;
        continue;
      }
    }
    if (at(i, Event::Clear) || at(i, Event::Text)) {
      a.type = ActionType::Type;
      if (at(i, Event::Clear)) a.clear = true, ++i;
      while (at(i, Event::Text)) a.text += ev[i++].text;
      apply(a, r);
      continue;
    }
    switch (e.kind) {
      case Event::Swipe: {
        const double d = std::hypot(e.x2 - e.x1, e.y2 - e.y1);
        if (d <= kTouchSlopPx) {
          a.type = e.ms >= kLongPressMinMs ? ActionType::LongPress : ActionType::Click;
          a.x = nx(e.x1), a.y = ny(e.y1);
        } else {
          a.type = e.ms >= kDragMinMs ? ActionType::Drag : ActionType::Swipe;
          a.x1 = nx(e.x1), a.y1 = ny(e.y1), a.x2 = nx(e.x2), a.y2 = ny(e.y2);
        }
        apply(a, r);
        break;
      }
      case Event::Drag:
        a.type = ActionType::Drag, a.x1 = nx(e.x1), a.y1 = ny(e.y1), a.x2 = nx(e.x2), a.y2 = ny(e.y2);
        apply(a, r);
        break;
      case Event::Del: {
        // Backspace in the focused field before its cursor (no unified action: the state is
        // edited, then one key's time passes as a noop).
        delete_before_cursor(env_.phone(), e.count);
        env_.set_state(env_.state());  // as any outside edit: the env's caches follow
        a.type = ActionType::Noop;
        apply(a, r);
        break;
      }
      case Event::Key:
        if (e.count == 21 || e.count == 22 || e.count == 122 || e.count == 123) {
          // DPAD_LEFT / DPAD_RIGHT / MOVE_HOME / MOVE_END move the focused field's cursor.
          Phone& ph = env_.phone();
          const std::size_t c = text_cursor(ph);
          set_text_cursor(ph, e.count == 122 ? 0 : e.count == 123 ? std::string::npos : e.count == 21 ? (c ? c - 1 : 0) : c + 1);
          env_.set_state(env_.state());
          if (e.count >= 122) break;  // MOVE_HOME / MOVE_END take no time, as before; the d-pad a key's
        }
        switch (e.count) {
          case 4: a.type = ActionType::Back; break;
          case 3: a.type = ActionType::Home; break;
          case 66: a.type = ActionType::Enter; break;
          case 187: a.type = ActionType::Recent; break;
          default: a.type = ActionType::Noop;  // keys the phone has no use for: time passes
        }
        apply(a, r);
        break;
      case Event::Sleep: {
        double left = e.seconds;
        do {
          a.type = ActionType::Wait;
          a.seconds = std::min(left, 60.0);
          left -= a.seconds;
          apply(a, r);
        } while (left > 0);
        break;
      }
      case Event::Open:
        a.type = ActionType::OpenApp, a.app = e.text;
        apply(a, r);
        break;
      default:
        break;
    }
    ++i;
  }
  ev.clear();
}

// ---------------------------------------------------------------- commands

ShellResult SimShell::run(const std::string& line) {
  ShellResult total;
  std::vector<Event> events;
  pending_ = &events;
  std::vector<Piece> pieces;
  try {
    pieces = split_line(line);
  } catch (const std::exception& e) {
    return {"", std::string("/system/bin/sh: ") + e.what() + "\n", 2};
  }
  std::string pipe_in;
  bool skip = false;
  std::string prev_op;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const Piece& p = pieces[k];
    if (prev_op == "&&") skip = last_status_ != 0;
    else if (prev_op == "||") skip = last_status_ == 0;
    else if (prev_op != "|") skip = false;
    prev_op = p.op;
    if (skip) continue;
    std::vector<std::string> argv;
    try {
      argv = shell_split(p.text);
    } catch (const std::exception& e) {
      total.err += std::string("/system/bin/sh: syntax error: ") + e.what() + "\n";
      last_status_ = total.status = 2;
      break;
    }
    // Redirections: > FILE, >> FILE, 2> FILE, 2>&1.
    std::string out_file;
    bool err_to_out = false, err_null = false;
    std::vector<std::string> args;
    for (std::size_t w = 0; w < argv.size(); ++w) {
      const std::string& s = argv[w];
      if (s == "2>&1") err_to_out = true;
      else if (s == ">" || s == ">>" || s == "1>") { if (w + 1 < argv.size()) out_file = argv[++w]; }
      else if (s == "2>") { if (w + 1 < argv.size()) err_null = argv[++w] == "/dev/null"; }
      else if (s.rfind("2>", 0) == 0) err_null = s == "2>/dev/null";
      else if (s.rfind(">>", 0) == 0) out_file = s.substr(2);
      else if (s.rfind(">", 0) == 0) out_file = s.substr(1);
      else args.push_back(s);
    }
    if (args.empty()) continue;
    const bool makes_events = args[0] == "input" || args[0] == "sleep" || args[0] == "monkey" || args[0] == "am";
    if (!makes_events) flush(events, total);
    ShellResult r = run_simple(args, p.op == "|" || (k > 0 && pieces[k - 1].op == "|") ? pipe_in : "");
    if (err_to_out) r.out += r.err, r.err.clear();
    if (err_null) r.err.clear();
    if (!out_file.empty()) {
      if (out_file != "/dev/null" && !write_file(out_file, r.out))
        r.err += "/system/bin/sh: can't create " + out_file + ": No space left on device\n", r.status = 1;
      r.out.clear();
    }
    last_status_ = r.status;
    if (p.op == "|") {
      pipe_in = std::move(r.out);
      total.err += r.err;
      continue;
    }
    pipe_in.clear();
    if (total.out.empty()) total.out = std::move(r.out);
    else total.out += r.out;
    total.err += r.err;
    if (total.out.size() + total.err.size() > kMaxOutputBytes) {
      total.out.resize(std::min(total.out.size(), kMaxOutputBytes));
      total.err += "/system/bin/sh: the command line printed over " + std::to_string(kMaxOutputBytes >> 20) +
                   " MiB; the rest of it was not run\n";
      last_status_ = 1;
      break;
    }
  }
  flush(events, total);
  pending_ = nullptr;
  total.status = last_status_ != 0 ? last_status_ : total.status;
  save_state();
  return total;
}

ShellResult SimShell::run_simple(const std::vector<std::string>& argv, const std::string& stdin_text) {
  const std::string& cmd = argv[0];
  auto arg = [&](std::size_t i) { return i < argv.size() ? argv[i] : std::string(); };
  if (cmd == "input") return cmd_input(argv);
  if (cmd == "am") return cmd_am(argv);
  if (cmd == "phonegym") return cmd_phonegym(argv);
  if (cmd == "sleep") {
    double s = 0;
    if (!parse_num(arg(1), s) || s < 0) return {"", "sleep: invalid number '" + arg(1) + "'\n", 1};
    if (s > kMaxSleepSeconds)
      return {"", "sleep: " + arg(1) + " s is over the simulated phone's " + std::to_string(static_cast<int>(kMaxSleepSeconds)) +
                      " s per command\n", 1};
    if (pointer_down_) return {};  // holding a finger down (motionevent): part of that gesture's time
    pending_->push_back({Event::Sleep, 0, 0, 0, 0, 0, 0, s, ""});
    return {};
  }
  if (cmd == "monkey") {
    std::string pkg;
    for (std::size_t i = 1; i + 1 < argv.size(); ++i)
      if (argv[i] == "-p") pkg = argv[i + 1];
    if (pkg.empty()) return {"", "** Error: monkey needs -p <package> on the simulated phone\n", 1};
    return open_package(pkg, "monkey");
  }
  if (cmd == "screencap") {
    bool png = false;
    std::string file;
    for (std::size_t i = 1; i < argv.size(); ++i) {
      if (argv[i] == "-p") png = true;
      else if (argv[i][0] != '-') file = argv[i];
    }
    if (!file.empty() && file.size() > 4 && file.substr(file.size() - 4) == ".png") png = true;
    const std::string no_space = "Error opening file: " + file + " (No space left on device)\n";
    const Screen screen = env_.phone().screen();
    if (!file.empty() && !png && !fits(file, 12 + std::size_t{4} * screen.width_px * screen.height_px))
      return {"", no_space, 1};
    std::string bytes;
    if (png) {
      bytes = screencap_png();
    } else {
      bytes = screen_raw();
    }
    if (file.empty()) return {std::move(bytes), "", 0};
    if (!write_file(file, std::move(bytes))) return {"", no_space, 1};
    return {};
  }
  if (cmd == "uiautomator") {
    if (arg(1) != "dump") return {"", "Usage: uiautomator dump [--compressed] [file]\n", 1};
    std::string file = "/sdcard/window_dump.xml";
    for (std::size_t i = 2; i < argv.size(); ++i)
      if (argv[i][0] != '-') file = argv[i];
    const std::string xml = env_.ui_xml();
    if (file == "/dev/tty" || file == "/dev/stdout") return {xml + "UI hierchary dumped to: " + file + "\n", "", 0};
    if (!write_file(file, xml)) return {"", "ERROR: could not write " + file + ": No space left on device\n", 1};
    return {"UI hierchary dumped to: " + file + "\n", "", 0};
  }
  if (cmd == "cat") {
    if (argv.size() == 1) return {stdin_text, "", 0};
    ShellResult r;
    for (std::size_t i = 1; i < argv.size() && r.out.size() <= kMaxOutputBytes; ++i) {
      auto it = files_.find(canonical_path(argv[i]));
      if (it != files_.end()) r.out += it->second;
      else r.err += "cat: " + argv[i] + ": No such file or directory\n", r.status = 1;
    }
    return r;  // past kMaxOutputBytes, run() stops the line
  }
  if (cmd == "rm") {
    for (std::size_t i = 1; i < argv.size(); ++i) {
      auto it = files_.find(canonical_path(argv[i]));
      if (it == files_.end()) continue;
      files_bytes_ -= it->first.size() + it->second.size();
      files_.erase(it);
    }
    return {};
  }
  if (cmd == "ls") {
    ShellResult r;
    for (std::size_t i = 1; i < argv.size(); ++i)
      if (argv[i][0] != '-') {
        if (file(argv[i])) r.out += argv[i] + "\n";
        else r.err += "ls: " + argv[i] + ": No such file or directory\n", r.status = 1;
      }
    return r;
  }
  if (cmd == "mkdir" || cmd == "true" || cmd == "exit" || cmd == "svc" || cmd == "log") return {};
  if (cmd == "false") return {"", "", 1};
  if (cmd == "echo") {
    std::string s;
    for (std::size_t i = 1; i < argv.size(); ++i) {
      std::string w = argv[i];
      for (std::size_t q; (q = w.find("$?")) != std::string::npos;) w.replace(q, 2, std::to_string(last_status_));
      s += (i > 1 ? " " : "") + w;
    }
    return {s + "\n", "", 0};
  }
  if (cmd == "whoami") return {"shell\n", "", 0};
  if (cmd == "id") return {"uid=2000(shell) gid=2000(shell) groups=2000(shell) context=u:r:shell:s0\n", "", 0};
  if (cmd == "grep") {
    bool invert = false, icase = false;
    std::string pat;
    for (std::size_t i = 1; i < argv.size(); ++i) {
      if (argv[i] == "-v") invert = true;
      else if (argv[i] == "-i") icase = true;
      else if (argv[i] == "-E" || argv[i] == "-e") continue;
      else if (pat.empty()) pat = argv[i];
    }
    // POSIX regcomp/regexec, as Android's toybox grep: glibc's matcher does not backtrack
    // exponentially ("(.|a)*z" on a uiautomator dump's one 50 KB line) where std::regex did.
    if (regex_nodes(pat) > kMaxRegexNodes)
      return {"", "grep: regular expression too big (its repetitions would make more than 65536 nodes): '" + pat + "'\n", 2};
    regex_t re;
    if (regcomp(&re, pat.c_str(), REG_EXTENDED | REG_NOSUB | (icase ? REG_ICASE : 0)) != 0)
      return {"", "grep: bad regex '" + pat + "'\n", 2};
    struct Free {
      regex_t* r;
      ~Free() { regfree(r); }
    } free_re{&re};
    ShellResult r;
    std::size_t start = 0;
    int hits = 0;
    while (start < stdin_text.size()) {
      std::size_t nl = stdin_text.find('\n', start);
      const std::string ln = stdin_text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
      if ((regexec(&re, ln.c_str(), 0, nullptr, 0) == 0) != invert) r.out += ln + "\n", ++hits;
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
    r.status = hits ? 0 : 1;
    return r;
  }
  if (cmd == "wm") {
    // The device profile's screen (sim/os/device.hpp); the state sets it, not wm.
    const Screen screen = env_.phone().screen();
    const std::string size = std::to_string(screen.width_px) + "x" + std::to_string(screen.height_px);
    const std::string dpi = std::to_string(std::lround(screen.density * 160));
    if (arg(1) == "size" && argv.size() == 2) return {"Physical size: " + size + "\n", "", 0};
    if (arg(1) == "density" && argv.size() == 2) return {"Physical density: " + dpi + "\n", "", 0};
    if (arg(1) == "size" || arg(1) == "density")
      return {"", "wm " + arg(1) + ": the simulated phone's screen comes from its device profile (" + size + ", " + dpi +
                      " dpi; os.device in the state)\n", 1};
    return {"", "wm: unknown command '" + arg(1) + "'\n", 1};
  }
  if (cmd == "getprop") {
    const std::map<std::string, std::string> props{
        {"ro.product.model", "PhoneGym"}, {"ro.product.name", "phonegym"}, {"ro.product.device", "phonegym"},
        {"ro.product.brand", "phonegym"}, {"ro.product.manufacturer", "PhoneGym"},
        {"ro.build.version.release", "10"}, {"ro.build.version.sdk", "29"}, {"ro.build.type", "user"},
        {"ro.sf.lcd_density", std::to_string(std::lround(env_.phone().screen().density * 160))}, {"ro.serialno", opts_.serial}, {"ro.phonegym.adbd", "1"},
        {"sys.boot_completed", "1"}, {"ro.product.cpu.abi", "x86_64"}, {"persist.sys.locale", "en-US"}};
    if (argv.size() >= 2) {
      auto it = props.find(argv[1]);
      return {(it == props.end() ? std::string() : it->second) + "\n", "", 0};
    }
    std::string s;
    for (const auto& [k, v] : props) s += "[" + k + "]: [" + v + "]\n";
    return {s, "", 0};
  }
  if (cmd == "dumpsys") {
    const std::string comp = focus_component();
    const std::string what = arg(1);
    if (what == "window") {
      return {"WINDOW MANAGER WINDOWS (dumpsys window windows)\n  Window #0 Window{5a1c2e7 u0 " + comp + "}:\n" +
                  "  mCurrentFocus=Window{5a1c2e7 u0 " + comp + "}\n  mFocusedApp=ActivityRecord{3f2b1d0 u0 " + comp +
                  " t12}\nWINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n"
                  "  init=1080x2400 480dpi cur=1080x2400 app=1080x2400 rng=1080x1008-2400x2328\n",
              "", 0};
    }
    if (what == "activity") {
      return {"ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n  mResumedActivity: ActivityRecord{3f2b1d0 u0 " +
                  comp + " t12}\n  ResumedActivity: ActivityRecord{3f2b1d0 u0 " + comp + " t12}\n",
              "", 0};
    }
    return {"", "", 0};
  }
  if (cmd == "pm") {
    if (arg(1) == "list" && arg(2) == "packages") {
      std::vector<std::string> pk{kLauncherPackage, kSystemUiPackage, "com.android.adbkeyboard"};
      for (App* a : AppRegistry::instance().apps()) pk.push_back(a->manifest().value("package", a->id()));
      std::sort(pk.begin(), pk.end());
      std::string s;
      for (const auto& p : pk) s += "package:" + p + "\n";
      return {s, "", 0};
    }
    if (arg(1) == "path") {
      if (app_for_package(arg(2)).empty()) return {"", "", 1};
      return {"package:/system/app/" + arg(2) + "/base.apk\n", "", 0};
    }
    return {"", "pm: " + arg(1) + " is not supported on the simulated phone\n", 1};
  }
  if (cmd == "settings") {
    if (arg(1) == "get" && arg(3) == "default_input_method") return {std::string(kAdbKeyboardIme) + "\n", "", 0};
    if (arg(1) == "get") return {"null\n", "", 0};
    if (arg(1) == "put") return {};
    return {"", "settings: unknown command '" + arg(1) + "'\n", 1};
  }
  if (cmd == "ime") {
    if (arg(1) == "list") return {std::string(kAdbKeyboardIme) + "\n", "", 0};
    if (arg(1) == "set" || arg(1) == "enable") return {"Input method " + arg(2) + " selected for user #0\n", "", 0};
    return {"", "ime: unknown command '" + arg(1) + "'\n", 1};
  }
  return {"", "/system/bin/sh: " + cmd + ": not found\n", 127};
}

ShellResult SimShell::open_package(const std::string& pkg, const std::string& how) {
  std::string app = app_for_package(pkg);
  if (app.empty()) {
    if (how == "monkey") return {"** No activities found to run, monkey aborted.\n", "", 252};
    return {"", "Error: Activity not started, unable to resolve Intent { pkg=" + pkg + " }\n", 1};
  }
  pending_->push_back({Event::Open, 0, 0, 0, 0, 0, 0, 0, app});
  if (how == "monkey") return {"  bash arg: -p\n  bash arg: " + pkg + "\nEvents injected: 1\n", "", 0};
  return {"Starting: Intent { cmp=" + pkg + " }\n", "", 0};
}

ShellResult SimShell::cmd_input(const std::vector<std::string>& argv) {
  std::size_t i = 1;
  // An optional source (`input touchscreen tap ...`).
  static const std::vector<std::string> sources{"touchscreen", "touchpad", "keyboard", "mouse", "stylus", "dpad",
                                                "gamepad", "trackball", "joystick", "touchnavigation", "keyboard"};
  if (i < argv.size() && std::find(sources.begin(), sources.end(), argv[i]) != sources.end()) ++i;
  const std::string sub = i < argv.size() ? argv[i] : "";
  std::vector<double> n;
  bool numbers_ok = true;
  for (std::size_t k = i + 1; k < argv.size(); ++k) {
    double v = 0;
    if (parse_num(argv[k], v)) n.push_back(v);
    else numbers_ok = false;
  }
  auto px = [](double v) { return static_cast<int>(std::lround(v)); };
  const std::string usage = "Usage: input [<source>] <command> [<arg>...]\n";
  if (sub == "tap") {
    if (!numbers_ok || n.size() != 2) return {"", "Error: input tap takes <x> <y>\n" + usage, 1};
    pending_->push_back({Event::Tap, px(n[0]), px(n[1]), 0, 0, 0, 0, 0, ""});
    return {};
  }
  if (sub == "swipe" || sub == "draganddrop") {
    if (!numbers_ok || n.size() < 4 || n.size() > 5)
      return {"", "Error: input " + sub + " takes <x1> <y1> <x2> <y2> [duration(ms)]\n" + usage, 1};
    Event e{sub == "swipe" ? Event::Swipe : Event::Drag, px(n[0]), px(n[1]), px(n[2]), px(n[3]), n.size() == 5 ? px(n[4]) : 300, 0, 0, ""};
    pending_->push_back(e);
    return {};
  }
  if (sub == "motionevent") {
    const std::string act = i + 1 < argv.size() ? argv[i + 1] : "";
    double x = 0, y = 0;
    if (argv.size() != i + 4 || !parse_num(argv[i + 2], x) || !parse_num(argv[i + 3], y))
      return {"", "Error: input motionevent takes DOWN|UP|MOVE|CANCEL <x> <y>\n" + usage, 1};
    if (act == "DOWN") {
      pointer_down_ = true, down_x_ = last_x_ = px(x), down_y_ = last_y_ = px(y);
    } else if (act == "MOVE") {
      last_x_ = px(x), last_y_ = px(y);
    } else if (act == "UP" && pointer_down_) {
      pointer_down_ = false;
      if (std::hypot(px(x) - down_x_, px(y) - down_y_) <= kTouchSlopPx)
        pending_->push_back({Event::Tap, down_x_, down_y_, 0, 0, 0, 0, 0, ""});
      else
        pending_->push_back({Event::Drag, down_x_, down_y_, px(x), px(y), 0, 0, 0, ""});
    } else if (act == "CANCEL") {
      pointer_down_ = false;
    } else if (act != "UP") {
      return {"", "Error: input motionevent: unknown action '" + act + "'\n" + usage, 1};
    }
    return {};
  }
  if (sub == "text") {
    if (argv.size() < i + 2) return {"", "Error: input text takes <string>\n" + usage, 1};
    std::string t;
    for (std::size_t k = i + 1; k < argv.size(); ++k) t += (k > i + 1 ? " " : "") + argv[k];
    std::string decoded;
    for (std::size_t k = 0; k < t.size(); ++k) {
      if (t[k] == '%' && k + 1 < t.size() && t[k + 1] == 's') decoded += ' ', ++k;
      else decoded += t[k];
    }
    pending_->push_back({Event::Text, 0, 0, 0, 0, 0, 0, 0, decoded});
    return {};
  }
  if (sub == "keyevent" || sub == "press") {
    int dels = 0;
    std::vector<int> keys;
    for (std::size_t k = i + 1; k < argv.size(); ++k) {
      if (argv[k] == "--longpress" || argv[k] == "--doubletap") continue;
      const int code = parse_key(argv[k]);
      if (code < 0) return {"", "Error: unknown keycode '" + argv[k] + "'\n", 1};
      keys.push_back(code);
    }
    if (sub == "press") keys = {23};
    for (int code : keys) {
      if (code == 67) {
        ++dels;
        continue;
      }
      if (dels) {
        pending_->push_back({dels >= kClearDeletes ? Event::Clear : Event::Del, 0, 0, 0, 0, 0, dels, 0, ""});
        dels = 0;
      }
      if (code == 224) continue;  // wake-up: nothing to do
      pending_->push_back({Event::Key, 0, 0, 0, 0, 0, code, 0, ""});
    }
    if (dels) pending_->push_back({dels >= kClearDeletes ? Event::Clear : Event::Del, 0, 0, 0, 0, 0, dels, 0, ""});
    return {};
  }
  if (sub == "roll") return {};
  return {"", "Error: Unknown command: " + sub + "\n" + usage, 1};
}

ShellResult SimShell::cmd_am(const std::vector<std::string>& argv) {
  const std::string sub = argv.size() > 1 ? argv[1] : "";
  std::string action, component, data, type, pkg;
  json extras = json::object();
  for (std::size_t i = 2; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    auto next = [&]() { return i + 1 < argv.size() ? argv[++i] : std::string(); };
    if (a == "-a") action = next();
    else if (a == "-n") component = next();
    else if (a == "-d") data = next();
    else if (a == "-t") type = next();
    else if (a == "-c" || a == "-f" || a == "--user") next();
    else if (a == "--es" || a == "--ei" || a == "--ez") {
      const std::string k = next(), v = next();
      extras[k] = v;
    } else if (a[0] != '-') pkg = a;
  }
  if (sub == "broadcast") {
    ShellResult r{"Broadcasting: Intent { act=" + action + " flg=0x400000 }\nBroadcast completed: result=0\n", "", 0};
    if (action == "ADB_INPUT_TEXT") {
      pending_->push_back({Event::Text, 0, 0, 0, 0, 0, 0, 0, extras.value("msg", "")});
    } else if (action == "ADB_INPUT_B64") {
      try {
        const auto bytes = base64_decode(extras.value("msg", ""));
        pending_->push_back({Event::Text, 0, 0, 0, 0, 0, 0, 0, std::string(bytes.begin(), bytes.end())});
      } catch (const std::exception& e) {
        return {"", std::string("ADB_INPUT_B64: ") + e.what() + "\n", 1};
      }
    } else if (action == "ADB_CLEAR_TEXT") {
      pending_->push_back({Event::Clear, 0, 0, 0, 0, 0, 0, 0, ""});
    } else if (action == "ADB_INPUT_CODE") {
      const int code = parse_key(extras.value("code", ""));
      if (code >= 0) pending_->push_back({Event::Key, 0, 0, 0, 0, 0, code, 0, ""});
    }
    return r;
  }
  if (sub == "start" || sub == "start-activity") {
    if (!component.empty()) return open_package(component.substr(0, component.find('/')), "am");
    if (!pkg.empty() && action.empty()) return open_package(pkg, "am");
    if (action.empty()) return {"", "Error: am start needs -n <component> or -a <action>\n", 1};
    // An implicit intent: the phone's resolver opens the one app that handles it (or a chooser).
    ShellResult r;
    flush(*pending_, r);
    json intent{{"action", action}};
    if (!type.empty()) intent["type"] = type;
    if (!data.empty()) intent["data"] = data;
    if (!extras.empty()) intent["extras"] = extras;
    try {
      env_.phone().start_intent(intent);
      env_.step(Action{});  // the launch takes one key's time, as open_app does
    } catch (const std::exception& e) {
      return {"", std::string("Error: ") + e.what() + "\n", 1};
    }
    r.out = "Starting: Intent { act=" + action + " }\n";
    return r;
  }
  if (sub == "force-stop") {
    ShellResult r;
    flush(*pending_, r);
    const std::string app = app_for_package(pkg);
    if (!app.empty()) env_.phone().finish_task(app);
    return r;
  }
  return {"", "am: " + sub + " is not supported on the simulated phone\n", 1};
}

ShellResult SimShell::cmd_phonegym(const std::vector<std::string>& argv) {
  const std::string sub = argv.size() > 1 ? argv[1] : "";
  try {
    if (sub == "state") return {env_.state().dump() + "\n", "", 0};
    if (sub == "judge") return {verdict().dump() + "\n", "", 0};
    if (sub == "task") {
      if (!instance_) return {"null\n", "", 0};
      json j = instance_->to_json();
      j["step_budget"] = instance_->tmpl->step_budget;
      return {j.dump() + "\n", "", 0};
    }
    if (sub == "action") {
      if (argv.size() < 3) return {"", "phonegym action: give the action JSON\n", 1};
      const Action a = parse_action(std::string_view(argv[2]));
      return {env_.step(a).dump() + "\n", "", 0};
    }
    if (sub == "reset") {
      std::string id = instance_ ? instance_->tmpl->id : "";
      std::uint64_t seed = instance_ ? instance_->seed : 0;
      for (std::size_t i = 2; i + 1 < argv.size(); ++i) {
        if (argv[i] == "--task") id = argv[i + 1];
        if (argv[i] == "--seed") seed = std::stoull(argv[i + 1]);
      }
      clear_files();
      pointer_down_ = false;
      if (id.empty()) env_.reset();
      else start_task(id, seed);
      return {"reset to " + (id.empty() ? std::string("the default state") : id + " seed " + std::to_string(seed)) + "\n", "", 0};
    }
  } catch (const std::exception& e) {
    return {"", "phonegym " + sub + ": " + e.what() + "\n", 1};
  }
  return {"", "usage: phonegym state | judge | task | reset [--task ID] [--seed N] | action '<action JSON>'\n", 1};
}

}  // namespace pg::adb
