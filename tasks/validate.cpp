#include "tasks/validate.hpp"

#include "sim/env/env.hpp"
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "tasks/judge.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task_env.hpp"

#include <algorithm>
#include <set>

namespace pg {

using json = nlohmann::json;

namespace {

// Whether two states differ outside navigation and the pointers in `allowed` (and below them).
bool differs(const json& a, const json& b, const std::vector<std::string>& allowed) {
  for (const json& op : json::diff(a, b)) {
    const std::string p = op["path"];
    if (navigation_change(p)) continue;
    const bool ok = std::any_of(allowed.begin(), allowed.end(), [&](const std::string& x) { return pointer_within(p, x); });
    if (!ok) return true;
  }
  return false;
}

// An Env as the episode env's phone, keeping the state after every step.
class RecordingPhone : public EpisodePhone {
 public:
  void reset(const json& state) override {
    env_.reset(state);
    states_.clear();
  }
  json step(const Action& a) override {
    json r = env_.step(a);
    states_.push_back(env_.state());
    return r;
  }
  std::optional<json> state() override { return env_.state(); }
  Env& env() { return env_; }
  const std::vector<json>& states() const { return states_; }

 private:
  Env env_;
  std::vector<json> states_;
};

// The value of a pointer in `s`, or nullopt when it is not there.
std::optional<json> at(const json& s, const std::string& ptr) {
  const json::json_pointer p(ptr);
  if (!s.contains(p)) return std::nullopt;
  return s[p];
}

// `s` without what `ptr` points to: an array element or object member is removed; an entity of a
// world view that exists only in world data is deleted through its overlay (null).
json removed(json s, const std::string& ptr) {
  const json::json_pointer p(ptr);
  if (s.contains(p)) {
    json& parent = s[p.parent_pointer()];
    if (parent.is_array()) parent.erase(static_cast<std::size_t>(std::stoul(p.back())));
    else parent.erase(p.back());
  } else {
    s[p] = nullptr;
  }
  return s;
}

// A value unlike `v` for an equality-style predicate.
json different(const json& v) {
  if (v.is_boolean()) return !v.get<bool>();
  if (v.is_number_integer()) return v.get<long long>() + 7919;
  if (v.is_number()) return v.get<double>() + 7919.5;
  if (v.is_string()) return v.get<std::string>() == "phonegym mutant" ? "other mutant" : "phonegym mutant";
  return "phonegym mutant";
}

struct Mutant {
  std::string what;
  json state;
};

// The mutants of a leaf predicate's fields in the solved state `f` (initial state `i`): each
// changes one field the predicate reads so that the predicate, read literally, no longer holds.
std::vector<Mutant> leaf_mutants(const TaskInstance& inst, const json& s, const json& i, const json& f) {
  std::vector<Mutant> out;
  if (!s.contains("path")) return out;  // custom judges are not introspected
  const std::string op = s.value("op", "==");
  if (op == "absent") return out;
  const std::string path = inst.fill(s["path"].get<std::string>());
  const json want = s.contains("value") ? inst.fill(s["value"]) : json();
  std::vector<std::string> ptrs = select_pointers(f, path);
  if (op == "exists" || op == "contains") {
    // Any-of predicates: one mutant removes (exists) or changes (contains) every witness at
    // once; changing one of several witnesses rightly leaves the predicate true.
    json m = f;
    std::vector<std::string> witnesses;
    for (const std::string& ptr : ptrs) {
      const std::optional<json> v = at(f, ptr);
      if (op == "exists" || (v && v->is_string() && want.is_string() &&
                             normalize_text(v->get<std::string>()).find(normalize_text(want.get<std::string>())) != std::string::npos))
        witnesses.push_back(ptr);
    }
    // Array elements removed from the back, so earlier pointers stay valid.
    std::sort(witnesses.begin(), witnesses.end(), [](const std::string& a, const std::string& b) {
      const json::json_pointer pa(a), pb(b);
      if (pa.parent_pointer() == pb.parent_pointer() && !pa.empty() && !pb.empty() &&
          std::all_of(pa.back().begin(), pa.back().end(), ::isdigit) && std::all_of(pb.back().begin(), pb.back().end(), ::isdigit))
        return std::stoul(pa.back()) > std::stoul(pb.back());
      return a > b;
    });
    for (const std::string& ptr : witnesses) {
      if (op == "exists") m = removed(m, ptr);
      else m[json::json_pointer(ptr)] = "phonegym mutant";
    }
    if (!witnesses.empty()) out.push_back({std::to_string(witnesses.size()) + " value(s) at " + witnesses[0] + (op == "exists" ? " removed" : " changed"), m});
    return out;
  }
  if (ptrs.size() > 3) ptrs.resize(3);
  for (const std::string& ptr : ptrs) {
    const std::optional<json> cur = at(f, ptr);
    if (op == "count" || !cur) {
      out.push_back({ptr + " removed", removed(f, ptr)});
      continue;
    }
    json m = f;
    const json::json_pointer p(ptr);
    if (op == "changed") {
      const std::optional<json> before = at(i, ptr);
      if (before) m[p] = *before;
      else m = removed(f, ptr);
      out.push_back({ptr + " reverted to the initial state", m});
      continue;
    }
    json v;
    double w = 0;
    if (op == "!=") v = want;
    else if ((op == ">=" || op == ">") && number_of(want, w)) v = w - 1;
    else if ((op == "<=" || op == "<") && number_of(want, w)) v = w + 1;
    else if (op == "approx" && number_of(want, w)) v = w + s.value("tolerance", 0.0) + 7919.5;
    else v = different(*cur);
    m[p] = v;
    out.push_back({ptr + " := " + v.dump(), m});
  }
  return out;
}

void waive_or_report(TemplateCheck& c, const json& waivers, const std::string& where, const std::string& what) {
  if (waivers.is_object() && waivers.contains(where)) {
    c.waived.push_back(where + ": " + what + " (waived: " + waivers[where].get<std::string>() + ")");
    return;
  }
  c.survivors.push_back(where + ": " + what);
}

// The judge mutation test on one solved episode.
void mutation_test(TemplateCheck& c, const TaskInstance& inst, const json& initial, const json& solved,
                   std::set<std::string>& reported) {
  const TaskTemplate& t = *inst.tmpl;
  const json waivers = t.raw.value("waivers", json::object()).value("mutations", json::object());
  auto passes = [&](const json& s) {
    try {
      return judge(inst, initial, s).success;
    } catch (const std::exception&) {
      return false;
    }
  };
  for (std::size_t k = 0; k < t.subtasks.size(); ++k) {
    const json& s = t.subtasks[k];
    if (s.contains("any")) continue;  // a mutant of one alternative may rightly pass by another
    std::vector<json> leaves = s.contains("all") ? std::vector<json>(s["all"].begin(), s["all"].end()) : std::vector<json>{s};
    const std::string where = "judge.subtasks[" + std::to_string(k) + "]";
    for (const json& leaf : leaves) {
      for (Mutant& m : leaf_mutants(inst, leaf, initial, solved)) {
        ++c.mutants;
        if (passes(m.state) && reported.insert(where).second) waive_or_report(c, waivers, where, m.what + " still passes");
      }
    }
  }
  for (std::size_t k = 0; k < t.expected_changes.size(); ++k) {
    const std::string ptr = inst.fill(t.expected_changes[k]);
    const std::string where = "expected_changes[" + std::to_string(k) + "]";
    if (navigation_change(ptr)) continue;  // UI state: not an effect the judge should see
    json::json_pointer p;
    try {
      p = json::json_pointer(ptr);
    } catch (const std::exception&) {
      continue;
    }
    const std::optional<json> before = at(initial, ptr), after = at(solved, ptr);
    if (before == after) continue;  // this instance did not change it
    json m = solved;
    if (before) m[p] = *before;
    else m = removed(solved, ptr);
    ++c.mutants;
    if (passes(m) && reported.insert(where).second) waive_or_report(c, waivers, where, ptr + " reverted still passes");
  }
}

// The apps a judge path names: apps.<id>... and view.<id>...
void path_apps(const json& s, std::set<std::string>& out) {
  for (const char* k : {"any", "all"})
    if (s.contains(k))
      for (const json& sub : s[k]) path_apps(sub, out);
  if (!s.contains("path") || !s["path"].is_string()) return;
  const std::string p = s["path"];
  for (const char* root : {"apps.", "view."}) {
    if (p.rfind(root, 0) != 0) continue;
    const std::string rest = p.substr(5);
    out.insert(rest.substr(0, rest.find_first_of(".[")));
  }
}

}  // namespace

std::string apps_field_problem(const TaskTemplate& t) {
  std::set<std::string> named;
  for (const json& s : t.subtasks) path_apps(s, named);
  for (const json& step : t.oracle) {
    if (step.value("type", "") == "open_app" && step.contains("app")) named.insert(step["app"].get<std::string>());
    if (step.contains("goto") && step["goto"].is_string()) {
      const std::string g = step["goto"];
      named.insert(g.substr(0, g.find('.')));
    }
  }
  std::string why;
  for (const std::string& a : t.apps)
    if (!AppRegistry::instance().find(a)) why += (why.empty() ? "" : "; ") + std::string("app \"") + a + "\" is not installed";
  for (const std::string& a : named) {
    if (a.find('{') != std::string::npos) continue;  // a slot: checked on the instances
    if (a == "answersheet" && !t.answer_sheet.is_null()) continue;
    if (std::find(t.apps.begin(), t.apps.end(), a) == t.apps.end())
      why += (why.empty() ? "" : "; ") + std::string("the judge or oracle uses app \"") + a + "\", missing from apps";
  }
  return why;
}

json TemplateCheck::to_json() const {
  return {{"id", id},           {"file", file},         {"ok", ok()},           {"oracle_runs", oracle_runs},
          {"distinct", distinct}, {"mutants", mutants}, {"problems", problems}, {"survivors", survivors},
          {"waived", waived}};
}

TemplateCheck validate_template(const TaskTemplate& t, const json& defaults, const ValidateOptions& opts) {
  TemplateCheck c;
  c.id = t.id;
  c.file = t.file;
  const json waivers = t.raw.value("waivers", json::object());
  if (std::string why = apps_field_problem(t); !why.empty()) c.problems.push_back("apps: " + why);

  std::set<std::string> distinct;
  for (int s = 0; s < opts.probe; ++s) {
    try {
      distinct.insert(json(sample_instance(t, static_cast<std::uint64_t>(s), defaults).params).dump());
    } catch (const std::exception& e) {
      c.problems.push_back("seed " + std::to_string(s) + ": sampling: " + e.what());
      break;
    }
  }
  c.distinct = static_cast<int>(distinct.size());
  if (c.distinct < opts.min_distinct) {
    const std::string what = std::to_string(c.distinct) + " distinct instances over " + std::to_string(opts.probe) +
                             " seeds (at least " + std::to_string(opts.min_distinct) + " expected)";
    if (waivers.contains("distinct_instances")) c.waived.push_back(what + " (waived: " + waivers["distinct_instances"].get<std::string>() + ")");
    else c.problems.push_back(what);
  }

  RecordingPhone phone;
  std::set<std::string> foreground, reported;
  for (int seed = 0; seed < opts.seeds; ++seed) {
    const std::string at_seed = "seed " + std::to_string(seed) + ": ";
    try {
      const TaskInstance inst = sample_instance(t, static_cast<std::uint64_t>(seed), defaults);
      Phone::validate(inst.initial_state);
      TaskEnv env;
      env.reset(phone, inst);
      OracleAgent oracle(inst);
      while (!env.done()) {
        std::optional<Action> a = oracle.next(phone.env().ui_tree());
        if (!a) {
          c.problems.push_back(at_seed + "the oracle ended without complete, answer or abort");
          break;
        }
        env.step(phone, *a);
        foreground.insert(phone.env().state()["os"].value("foreground", ""));
      }
      ++c.oracle_runs;
      const Trajectory& tr = env.trajectory();
      if (!env.done()) continue;
      if (!tr.verdict.error.empty()) {
        c.problems.push_back(at_seed + tr.verdict.error);
        continue;
      }
      if (!tr.verdict.success) {
        c.problems.push_back(at_seed + "the oracle's episode fails the judge: " + tr.verdict.to_json().dump());
        continue;
      }
      if (t.feasible && tr.end.aborted) {  // the reward halves an abort after success
        c.problems.push_back(at_seed + "the oracle ends in abort on a feasible template: when refusing is the right "
                             "ending (an unsafe request), mark the template \"feasible\": false");
        continue;
      }
      if (!tr.verdict.side_effects.empty())
        c.problems.push_back(at_seed + "the oracle's episode has side effects " + json(tr.verdict.side_effects).dump());
      if (!t.feasible) continue;  // the solution is the abort: there is no partial state to judge
      // Partial solutions: the initial state and every state after an oracle step that still
      // differs from the solved one (outside navigation) must fail the judge.
      const json& solved = phone.states().back();
      std::vector<const json*> prefixes{&inst.initial_state};
      for (std::size_t k = 0; k + 1 < phone.states().size(); ++k) prefixes.push_back(&phone.states()[k]);
      std::vector<std::string> allowed;
      for (const std::string& e : t.allowed_changes) allowed.push_back(inst.fill(e));
      for (std::size_t k = 0; k < prefixes.size(); ++k) {
        if (!differs(*prefixes[k], solved, allowed)) continue;
        json partial = *prefixes[k];
        partial["os"]["episode"] = solved["os"]["episode"];  // judged as if the agent stopped there
        if (judge(inst, inst.initial_state, partial).success) {
          c.problems.push_back(at_seed + (k == 0 ? std::string("the initial state already passes the judge")
                                                 : "the state after oracle step " + std::to_string(k) + " of " +
                                                       std::to_string(tr.steps.size()) + " already passes the judge"));
          break;
        }
      }
      if (opts.mutations) mutation_test(c, inst, inst.initial_state, solved, reported);
    } catch (const std::exception& e) {
      c.problems.push_back(at_seed + e.what());
    }
  }
  for (const std::string& app : foreground) {
    if (app.empty() || app == "launcher") continue;
    if (app == "answersheet" && !t.answer_sheet.is_null()) continue;
    if (std::find(t.apps.begin(), t.apps.end(), app) == t.apps.end())
      c.problems.push_back("apps: the oracle opens \"" + app + "\", missing from apps");
  }
  return c;
}

}  // namespace pg
