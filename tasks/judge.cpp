#include "tasks/judge.hpp"

#include <algorithm>

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
  try {
    int passed = 0;
    for (std::size_t i = 0; i < t.subtasks.size(); ++i) {
      const json& s = t.subtasks[i];
      SubtaskResult sr;
      sr.name = s.value("name", "subtask " + std::to_string(i + 1));
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
      sr.detail = path + " " + op + (want.is_null() ? "" : " " + want.dump()) + "; found " + json(got).dump();
      if (sr.detail.size() > 300) sr.detail = sr.detail.substr(0, 297) + "...";
      passed += sr.passed;
      r.subtasks.push_back(std::move(sr));
    }
    r.success = passed == static_cast<int>(t.subtasks.size());
    r.progress = t.subtasks.empty() ? 0 : static_cast<double>(passed) / static_cast<double>(t.subtasks.size());
    // Side effects: every changed path outside expected_changes and the OS's navigation state.
    static const std::vector<std::string> kAlwaysIgnored = {"/os/time_ms", "/os/tasks", "/os/foreground", "/os/keyboard",
                                                            "/os/toast", "/os/episode"};
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
  if (e.aborted && j.success) r *= 0.5;
  if (e.out_of_budget) r *= 0.5;
  return r;
}

}  // namespace pg
