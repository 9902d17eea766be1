#include "tasks/judge.hpp"

#include "sim/os/clock_format.hpp"

#include <algorithm>
#include <map>
#include <cctype>
#include <cmath>

namespace pg {

using json = nlohmann::json;

namespace {

struct Segment {
  std::string key;  // may be empty when the segment is only selectors
  std::vector<std::pair<std::string, std::string>> filters;  // [k=v]
  std::vector<long> indices;                                 // [N]
};

std::vector<Segment> parse_path(const std::string& path) {
  std::vector<Segment> segs;
  std::size_t i = 0;
  auto bad = [&](const std::string& why) { throw TaskError("judge path \"" + path + "\": " + why); };
  while (i < path.size()) {
    Segment s;
    while (i < path.size() && path[i] != '.' && path[i] != '[') s.key += path[i++];
    while (i < path.size() && path[i] == '[') {
      std::size_t close = path.find(']', i);
      if (close == std::string::npos) bad("unclosed [");
      std::string inner = path.substr(i + 1, close - i - 1);
      std::size_t eq = inner.find('=');
      if (eq == std::string::npos) {
        if (inner.empty() || !std::all_of(inner.begin(), inner.end(), ::isdigit)) bad("[" + inner + "] is not an index or k=v");
        s.indices.push_back(std::stol(inner));
      } else {
        std::string v = inner.substr(eq + 1);
        if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
        s.filters.emplace_back(inner.substr(0, eq), v);
      }
      i = close + 1;
    }
    if (s.key.empty() && s.filters.empty() && s.indices.empty()) bad("empty segment");
    segs.push_back(std::move(s));
    if (i < path.size()) {
      if (path[i] != '.') bad(std::string("unexpected '") + path[i] + "'");
      ++i;
    }
  }
  if (segs.empty()) bad("empty path");
  return segs;
}

std::string as_text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::vector<json> select_path(const json& state, const std::string& path) {
  std::vector<json> cur{state};
  for (const Segment& s : parse_path(path)) {
    std::vector<json> next;
    for (const json& v : cur) {
      json node = v;
      if (!s.key.empty()) {
        if (!node.is_object() || !node.contains(s.key)) continue;
        node = node[s.key];
      }
      std::vector<json> items{node};
      for (long idx : s.indices) {
        std::vector<json> tmp;
        for (const json& it : items)
          if (it.is_array() && idx < static_cast<long>(it.size())) tmp.push_back(it[static_cast<std::size_t>(idx)]);
        items = tmp;
      }
      if (!s.filters.empty()) {
        std::vector<json> tmp;
        for (const json& it : items) {
          if (!it.is_array()) continue;
          for (const json& el : it) {
            bool ok = el.is_object();
            for (const auto& [k, want] : s.filters) ok = ok && el.contains(k) && as_text(el[k]) == want;
            if (ok) tmp.push_back(el);
          }
        }
        items = tmp;
      }
      for (json& it : items) next.push_back(std::move(it));
    }
    cur = std::move(next);
  }
  return cur;
}

/// Normalized text: lower case, inner white space collapsed, surrounding space and final
/// punctuation dropped ("  Paris. " == "paris").
std::string normalize_text(const std::string& s) {
  std::string out;
  bool space = false;
  for (unsigned char c : s) {
    if (std::isspace(c)) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(std::tolower(c));
  }
  while (!out.empty() && (out.back() == '.' || out.back() == '!')) out.pop_back();
  return out;
}

/// Minutes after midnight of "07:30", "7:30", "7:30 AM", "7:30pm", "19:30"; -1 if not a time.
int parse_time_answer(std::string s) {
  s = normalize_text(s);
  int pm = -1;
  for (const char* suf : {"am", "a.m", "pm", "p.m"}) {
    const std::string x = suf;
    if (s.size() > x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0) {
      pm = x[0] == 'p';
      s = s.substr(0, s.size() - x.size());
      while (!s.empty() && s.back() == ' ') s.pop_back();
    }
  }
  const auto colon = s.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 3 != s.size()) return -1;
  for (char c : s.substr(0, colon) + s.substr(colon + 1))
    if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
  int h = std::stoi(s.substr(0, colon)), m = std::stoi(s.substr(colon + 1));
  if (pm >= 0) {
    if (h < 1 || h > 12) return -1;
    h = h % 12 + (pm ? 12 : 0);
  }
  if (h > 23 || m > 59) return -1;
  return h * 60 + m;
}

/// A JSON number, or a string that is only a number ("2.5"; "3 because ..." is not), as a double.
static bool number_of(const json& v, double& out) {
  if (v.is_number()) {
    out = v.get<double>();
    return true;
  }
  if (!v.is_string()) return false;
  try {
    std::size_t used = 0;
    out = std::stod(v.get<std::string>(), &used);
    return used == v.get<std::string>().size();
  } catch (const std::exception&) {
    return false;
  }
}

bool answer_matches(const std::string& match, const json& got, const json& want, double tolerance) {
  if (match == "number") {
    double g, w;  // `want` may be a {slot} filled in as text ("3737"): read it as a number too
    return number_of(got, g) && number_of(want, w) && std::abs(g - w) <= tolerance + 1e-9;
  }
  if (!got.is_string()) return false;
  const std::string g = got.get<std::string>();
  if (match == "time") return parse_time_answer(g) >= 0 && parse_time_answer(g) == parse_time_answer(as_text(want));
  if (match == "date" || match == "choice") return g == as_text(want);
  if (match == "text") return normalize_text(g) == normalize_text(as_text(want));
  if (match == "set" || match == "sequence") {  // comma-separated items
    auto split = [](const std::string& s) {
      std::vector<std::string> items;
      std::string cur;
      for (char c : s + ",") {
        if (c == ',' || c == ';') {
          if (!normalize_text(cur).empty()) items.push_back(normalize_text(cur));
          cur.clear();
        } else cur += c;
      }
      return items;
    };
    std::vector<std::string> a = split(g), b;
    if (want.is_array())
      for (const json& w : want) b.push_back(normalize_text(as_text(w)));
    else b = split(as_text(want));
    if (match == "set") {
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
    }
    return a == b;
  }
  return false;
}

namespace {

std::map<std::string, CustomJudge>& judge_registry() {
  static std::map<std::string, CustomJudge> r;
  return r;
}

/// The built-in "next_alarm": the enabled alarm that rings first after the phone's local time
/// (one-shot alarms ring at their next occurrence; repeating ones on their days) is at args.time.
bool next_alarm(const json&, const json& final_state, const json& args, std::string& detail) {
  static const char* kDays[] = {"sun", "mon", "tue", "wed", "thu", "fri", "sat"};
  const json& os = final_state.at("os");
  const std::int64_t local = os.at("time_ms").get<std::int64_t>() + os.value("timezone_offset_min", 0) * 60000LL;
  const std::int64_t day_ms = 86400000, now_min = (local % day_ms) / 60000;
  const int weekday = static_cast<int>(((local / day_ms) % 7 + 11) % 7);  // 1970-01-01 was a Thursday
  std::int64_t best = -1;
  std::string best_time;
  for (const json& a : final_state["apps"]["clock"].value("alarms", json::array())) {
    if (!a.value("enabled", false)) continue;
    const int m = parse_hhmm(a.value("time", ""));
    if (m < 0) continue;
    const json repeat = a.value("repeat", json::array());
    for (int d = 0; d < 8; ++d) {
      const bool today_ok = d > 0 || m > now_min;
      const std::string day = kDays[(weekday + d) % 7];
      const bool day_ok = repeat.empty() || std::find(repeat.begin(), repeat.end(), day) != repeat.end();
      if (today_ok && day_ok) {
        const std::int64_t when = d * 1440 + m;
        if (best < 0 || when < best) {
          best = when;
          best_time = a.value("time", "");
        }
        break;
      }
    }
  }
  detail = "next alarm " + (best < 0 ? std::string("none") : best_time);
  return best >= 0 && best_time == args.value("time", "");
}

const bool kBuiltins = [] {
  judge_registry()["next_alarm"] = next_alarm;
  return true;
}();

}  // namespace

void register_judge(const std::string& name, CustomJudge fn) { judge_registry()[name] = std::move(fn); }

std::vector<std::string> custom_judges() {
  std::vector<std::string> names;
  for (auto& [k, _] : judge_registry()) names.push_back(k);
  return names;
}

json JudgeResult::to_json() const {
  json subs = json::array();
  for (const auto& s : subtasks) subs.push_back({{"name", s.name}, {"passed", s.passed}, {"detail", s.detail}});
  json j{{"success", success}, {"progress", progress}, {"subtasks", subs}, {"side_effects", side_effects}};
  if (!error.empty()) j["error"] = error;
  return j;
}

JudgeResult judge(const TaskInstance& inst, const json& initial, const json& final_state) {
  JudgeResult r;
  const TaskTemplate& t = *inst.tmpl;
  r.infeasible = !t.feasible;
  try {
    int passed = 0;
    for (std::size_t i = 0; i < t.subtasks.size(); ++i) {
      const json& s = t.subtasks[i];
      SubtaskResult sr;
      sr.name = inst.fill(s.value("name", "subtask " + std::to_string(i + 1)));
      if (s.contains("custom")) {  // a C++ judge registered by name
        auto it = judge_registry().find(s["custom"].get<std::string>());
        if (it == judge_registry().end()) throw TaskError("unknown custom judge \"" + s["custom"].get<std::string>() + "\"");
        sr.passed = it->second(initial, final_state, inst.fill(s.value("args", json::object())), sr.detail);
        passed += sr.passed;
        r.subtasks.push_back(std::move(sr));
        continue;
      }
      const std::string path = inst.fill(s["path"].get<std::string>());
      const std::string op = s.value("op", "==");
      const std::vector<json> got = select_path(final_state, path);
      const json want = s.contains("value") ? inst.fill(s["value"]) : json();
      auto equal = [&](const json& v) { return v == want || (want.is_string() && !v.is_string() && as_text(v) == want); };
      if (op == "==") sr.passed = !got.empty() && std::all_of(got.begin(), got.end(), equal);
      else if (op == "!=") sr.passed = !got.empty() && std::none_of(got.begin(), got.end(), equal);
      else if (op == "exists") sr.passed = !got.empty();
      else if (op == "absent") sr.passed = got.empty();
      else if (op == "count") sr.passed = want.is_number() && static_cast<double>(got.size()) == want.get<double>();
      else if (op == ">=" || op == "<=")
        sr.passed = !got.empty() && std::all_of(got.begin(), got.end(), [&](const json& v) {
          return v.is_number() && want.is_number() &&
                 (op == ">=" ? v.get<double>() >= want.get<double>() : v.get<double>() <= want.get<double>());
        });
      else if (op == "unchanged") sr.passed = got == select_path(initial, path);
      else if (op == "changed") sr.passed = got != select_path(initial, path);
      else if (op == "approx")
        sr.passed = !got.empty() && std::all_of(got.begin(), got.end(), [&](const json& v) {
          double w;
          return v.is_number() && number_of(want, w) && std::abs(v.get<double>() - w) <= s.value("tolerance", 0.0);
        });
      else if (op == "contains")
        sr.passed = !got.empty() && std::any_of(got.begin(), got.end(), [&](const json& v) {
          return v.is_string() && want.is_string() && lower(v.get<std::string>()).find(lower(want.get<std::string>())) != std::string::npos;
        });
      else if (op == "in")
        sr.passed = !got.empty() && std::all_of(got.begin(), got.end(), [&](const json& v) {
          return std::any_of(want.begin(), want.end(), [&](const json& w) { return v == w || as_text(v) == as_text(w); });
        });
      else if (op == "answer")
        sr.passed = got.size() == 1 && answer_matches(s.value("match", "text"), got[0], want, s.value("tolerance", 0.0));
      sr.detail = path + " " + op + (want.is_null() ? "" : " " + want.dump()) + "; found " + json(got).dump();
      if (sr.detail.size() > 300) sr.detail = sr.detail.substr(0, 297) + "...";
      passed += sr.passed;
      r.subtasks.push_back(std::move(sr));
    }
    r.success = passed == static_cast<int>(t.subtasks.size());
    r.progress = t.subtasks.empty() ? 0 : static_cast<double>(passed) / static_cast<double>(t.subtasks.size());
    // Side effects: every changed path outside expected_changes and the OS's navigation state.
    // Navigation and transient system UI are how an agent gets around, not effects on the phone.
    static const std::vector<std::string> kAlwaysIgnored = {"/os/time_ms",  "/os/tasks",   "/os/foreground", "/os/keyboard",
                                                            "/os/toast",    "/os/episode", "/os/launcher",   "/os/dialog",
                                                            "/os/recents",  "/os/shade"};
    std::vector<std::string> allowed = kAlwaysIgnored;
    for (const auto& e : t.expected_changes) allowed.push_back(inst.fill(e));
    for (const json& op : json::diff(initial, final_state)) {
      const std::string p = op["path"];
      bool ok = std::any_of(allowed.begin(), allowed.end(), [&](const std::string& a) {
        return p == a || (p.size() > a.size() && p.compare(0, a.size(), a) == 0 && p[a.size()] == '/');
      });
      if (!ok) r.side_effects.push_back(p);
    }
  } catch (const std::exception& e) {
    r = JudgeResult{};
    r.infeasible = !t.feasible;
    r.error = "judge error in task " + t.id + ": " + e.what();
  }
  return r;
}

double reward(const JudgeResult& j, const EpisodeEnd& e, bool binary) {
  if (!j.error.empty()) return 0;
  if (binary) return j.success ? 1.0 : 0.0;
  double r = j.success ? 1.0 : j.progress;
  if (!j.side_effects.empty()) r *= 0.8;
  if (e.completed && !j.success) r *= 0.8;
  if (e.aborted && j.success && !j.infeasible) r *= 0.5;
  if (e.out_of_budget) r *= 0.5;
  return r;
}

}  // namespace pg
