#include "tasks/judge.hpp"

#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/state/diff.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/util/text.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <cstdio>
#include <functional>
#include <cctype>
#include <cmath>

namespace pg {

using json = nlohmann::json;

namespace {
std::string as_text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }
}  // namespace

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
bool number_of(const json& v, double& out) {
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


namespace {

// The phone's local time of an epoch-milliseconds timestamp, as minutes since 1970-01-01 local.
std::int64_t local_minutes(std::int64_t epoch_ms, const json& state) {
  std::int64_t offset = 0;
  if (state.is_object() && state.contains("os") && state["os"].is_object())
    offset = state["os"].value("timezone_offset_min", 0);
  std::int64_t m = epoch_ms / 60000 + offset;
  if (epoch_ms < 0 && epoch_ms % 60000) --m;
  return m;
}


// A value read as `as` for comparison: numeric (number, time in minutes) or text (normalized
// text, phone digits, ISO date). ok = false when the value is not of that type.
struct Typed {
  bool ok = false, numeric = false;
  double num = 0;
  std::string text;
};

Typed typed_value(const std::string& as, const json& v, const json& state) {
  Typed t;
  if (as == "number" || as == "time") {
    t.numeric = true;
    if (as == "number") {
      t.ok = number_of(v, t.num);
    } else if (v.is_number_integer()) {  // epoch milliseconds: the phone's local time of day
      const std::int64_t m = local_minutes(v.get<std::int64_t>(), state);
      t.num = static_cast<double>(((m % 1440) + 1440) % 1440);
      t.ok = true;
    } else if (v.is_string()) {
      const int m = parse_time_answer(v.get<std::string>());
      t.ok = m >= 0;
      t.num = m;
    }
    return t;
  }
  if (as == "date") {
    if (v.is_number_integer()) {
      const std::int64_t m = local_minutes(v.get<std::int64_t>(), state);
      t.text = iso_date(m >= 0 ? m / 1440 : (m - 1439) / 1440);
      t.ok = true;
    } else if (v.is_string()) {
      const std::string s = v.get<std::string>();
      t.ok = s.size() >= 10 && s[4] == '-' && s[7] == '-';
      t.text = s.substr(0, 10);
    }
    return t;
  }
  if (v.is_null() || v.is_object() || v.is_array()) return t;
  const std::string s = as_text(v);
  if (as == "phone") {
    for (char c : s)
      if (std::isdigit(static_cast<unsigned char>(c))) t.text += c;
    if (t.text.size() > 10) t.text = t.text.substr(t.text.size() - 10);  // a country code is optional
    t.ok = !t.text.empty();
    return t;
  }
  t.text = normalize_text(s);  // "text"
  t.ok = true;
  return t;
}

}  // namespace

bool typed_compare_known(const std::string& as) {
  return as == "text" || as == "number" || as == "phone" || as == "time" || as == "date";
}

std::string typed_compare_names() { return "text, number, phone, time, date"; }

bool typed_equal(const std::string& as, const json& got, const json& want, const json& state) {
  const Typed g = typed_value(as, got, state), w = typed_value(as, want, state);
  if (!g.ok || !w.ok) return false;
  return g.numeric ? std::abs(g.num - w.num) < 1e-9 : g.text == w.text;
}

int typed_order(const std::string& as, const json& got, const json& want, const json& state) {
  const Typed g = typed_value(as.empty() ? "number" : as, got, state), w = typed_value(as.empty() ? "number" : as, want, state);
  if (!g.ok || !w.ok) return 2;
  if (g.numeric) return g.num < w.num ? -1 : g.num > w.num ? 1 : 0;
  return g.text < w.text ? -1 : g.text > w.text ? 1 : 0;
}

namespace {


// One selector of a path segment (docs/tasks.md, "Paths").
struct Selector {
  enum Kind { Index, Filter, Sort, All } kind = All;
  long index = 0;                   // Index: from the front, or from the back when negative
  std::string field;                // Filter / Sort: a field, or "a+b" (fields joined by a space)
  std::string op;                   // Filter: "=", "!=", "~=", or a typed "=" ("phone", "text", ...)
  std::string as;                   // Filter: the type of a typed comparison ("" for plain text)
  std::vector<std::string> values;  // Filter: any of these ("a|b")
  bool descending = false;          // Sort
};

struct Segment {
  std::string key;  // may be empty when the segment is only selectors
  std::vector<Selector> selectors;
};

// A located value: where in the state it is (an RFC 6901 pointer; for a world view's entity, the
// pointer of its overlay entry) and the value, which lives in the state or in the view that
// locate() keeps alive (never copied while a path is walked: a path over the whole state costs
// what it selects, not the state's size).
struct Loc {
  std::string pointer;
  const json* value;
};

Selector parse_selector(const std::string& inner, const std::function<void(const std::string&)>& bad) {
  Selector sel;
  if (inner == "*") return sel;
  if (inner == "first" || inner == "last") {
    sel.kind = Selector::Index;
    sel.index = inner == "first" ? 0 : -1;
    return sel;
  }
  const bool neg = !inner.empty() && inner[0] == '-';
  const std::string digits = neg ? inner.substr(1) : inner;
  if (!digits.empty() && std::all_of(digits.begin(), digits.end(), ::isdigit)) {
    if (digits.size() > 9) bad("index [" + inner + "] is out of range");  // found by tests/fuzz (judge_path)
    sel.kind = Selector::Index;
    sel.index = std::stol(digits) * (neg ? -1 : 1);
    return sel;
  }
  if (inner.rfind("sort=", 0) == 0) {
    sel.kind = Selector::Sort;
    sel.field = inner.substr(5);
    if (!sel.field.empty() && sel.field[0] == '-') {
      sel.descending = true;
      sel.field = sel.field.substr(1);
    }
    if (sel.field.empty()) bad("[sort=] needs a field");
    return sel;
  }
  const std::size_t eq = inner.find('=');
  if (eq == std::string::npos || eq == 0) bad("[" + inner + "] is not an index, first, last, *, sort=field or a filter k=v");
  sel.kind = Selector::Filter;
  std::string lhs = inner.substr(0, eq);
  sel.op = "=";
  if (lhs.back() == '!' || lhs.back() == '~') {
    sel.op = std::string(1, lhs.back()) + "=";
    lhs.pop_back();
  }
  if (const std::size_t colon = lhs.find(':'); colon != std::string::npos) {
    sel.as = lhs.substr(colon + 1);
    lhs = lhs.substr(0, colon);
    if (!typed_compare_known(sel.as)) bad("[" + inner + "]: unknown type \"" + sel.as + "\" (" + typed_compare_names() + ")");
  }
  if (lhs.empty()) bad("[" + inner + "]: no field");
  sel.field = lhs;
  std::string v = inner.substr(eq + 1);
  for (std::size_t at = 0; at <= v.size();) {
    const std::size_t bar = std::min(v.find('|', at), v.size());
    std::string one = v.substr(at, bar - at);
    if (one.size() >= 2 && one.front() == '"' && one.back() == '"') one = one.substr(1, one.size() - 2);
    sel.values.push_back(one);
    at = bar + 1;
  }
  return sel;
}

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
      s.selectors.push_back(parse_selector(path.substr(i + 1, close - i - 1), bad));
      i = close + 1;
    }
    if (s.key.empty() && s.selectors.empty()) bad("empty segment");
    segs.push_back(std::move(s));
    if (i < path.size()) {
      if (path[i] != '.') bad(std::string("unexpected '") + path[i] + "'");
      ++i;
    }
  }
  if (segs.empty()) bad("empty path");
  return segs;
}

// The field `f` of an entity ("a+b": the non-empty fields a and b joined by a space, e.g. a
// contact's display name "first+last"); null when missing.
json field_of(const json& el, const std::string& f) {
  if (!el.is_object()) return nullptr;
  if (f.find('+') == std::string::npos) return el.contains(f) ? el[f] : json();
  std::string out;
  bool any = false;
  for (std::size_t at = 0; at <= f.size();) {
    const std::size_t plus = std::min(f.find('+', at), f.size());
    const std::string k = f.substr(at, plus - at);
    if (el.contains(k) && !el[k].is_null()) {
      any = true;
      const std::string t = as_text(el[k]);
      if (!t.empty()) out += (out.empty() ? "" : " ") + t;
    }
    at = plus + 1;
  }
  return any ? json(out) : json();
}

bool filter_keeps(const Selector& sel, const json& el, const json& state) {
  const json v = field_of(el, sel.field);
  if (v.is_null()) return sel.op == "!=";
  const bool hit = std::any_of(sel.values.begin(), sel.values.end(), [&](const std::string& want) {
    if (sel.op == "~=") return normalize_text(as_text(v)).find(normalize_text(want)) != std::string::npos;
    if (!sel.as.empty()) return typed_equal(sel.as, v, json(want), state);
    return as_text(v) == want;
  });
  return sel.op == "!=" ? !hit : hit;
}

// The members of a collection: an array's elements, or an object's values (a keyed overlay) in
// natural key order. Entities deleted in an overlay (null) are skipped.
std::vector<Loc> members(const Loc& c) {
  std::vector<Loc> out;
  const json& v = *c.value;
  if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back({c.pointer + "/" + std::to_string(i), &v[i]});
  } else if (v.is_object()) {
    std::vector<std::string> keys;
    for (auto it = v.begin(); it != v.end(); ++it) keys.push_back(it.key());
    std::stable_sort(keys.begin(), keys.end(), natural_id_less);
    for (const std::string& k : keys)
      if (const json& e = v[k]; !e.is_null()) out.push_back({c.pointer + "/" + json_pointer_escape(k), &e});
  }
  return out;
}

bool sort_less(const json& a, const json& b) {
  if (a.is_number() && b.is_number()) return a.get<double>() < b.get<double>();
  if (a.is_null() != b.is_null()) return b.is_null();  // missing fields last
  return as_text(a) < as_text(b);
}

// Applies a segment's selectors to one located value: the first selector turns it into its
// members (filters, sorts and indices act on a collection); later ones narrow that list.
std::vector<Loc> apply_selectors(const Loc& node, const std::vector<Selector>& sels, const json& state) {
  if (sels.empty()) return {node};
  std::vector<Loc> items = members(node);
  for (const Selector& sel : sels) {
    if (sel.kind == Selector::Filter) {
      std::vector<Loc> kept;
      for (Loc& l : items)
        if (filter_keeps(sel, *l.value, state)) kept.push_back(std::move(l));
      items = std::move(kept);
    } else if (sel.kind == Selector::Sort) {
      std::stable_sort(items.begin(), items.end(), [&](const Loc& a, const Loc& b) {
        const json fa = field_of(*a.value, sel.field), fb = field_of(*b.value, sel.field);
        return sel.descending ? sort_less(fb, fa) : sort_less(fa, fb);
      });
    } else if (sel.kind == Selector::Index) {
      const long n = static_cast<long>(items.size()), at = sel.index < 0 ? n + sel.index : sel.index;
      if (at < 0 || at >= n) return {};
      items = {items[static_cast<std::size_t>(at)]};
    }
  }
  return items;
}

// `view` holds a world view's keyed collection when the path starts with view.<app>.<coll>: the
// returned values may point into it, so it must outlive them.
std::vector<Loc> locate(const json& state, const std::string& path, json& view) {
  const std::vector<Segment> segs = parse_path(path);
  std::vector<Loc> cur;
  std::size_t first = 0;
  if (segs[0].key == "view" && segs[0].selectors.empty()) {
    // view.<app>.<collection>: the app's world collection with its overlay applied.
    if (segs.size() < 3 || !segs[1].selectors.empty())
      throw TaskError("judge path \"" + path + "\": view paths are view.<app>.<collection>...");
    const std::string app = segs[1].key, coll = segs[2].key;
    static const json kNoOverlay = json::object();
    const json* overlay = &kNoOverlay;
    if (const auto apps = state.is_object() ? state.find("apps") : state.end(); apps != state.end() && apps->is_object())
      if (const auto it = apps->find(app); it != apps->end()) overlay = &*it;
    view = json::object();
    for (json& e : resolve_collection(World::instance(), *overlay, app, coll)) {
      const std::string id = as_text(e.at("id"));
      view[id] = std::move(e);
    }
    cur.push_back({"/apps/" + json_pointer_escape(app) + "/" + json_pointer_escape(coll), &view});
    cur = apply_selectors(cur[0], segs[2].selectors, state);
    first = 3;
  } else {
    cur.push_back({"", &state});
  }
  for (std::size_t si = first; si < segs.size(); ++si) {
    const Segment& s = segs[si];
    std::vector<Loc> next;
    for (const Loc& l : cur) {
      Loc node = l;
      if (!s.key.empty()) {
        const auto it = node.value->is_object() ? node.value->find(s.key) : node.value->end();
        if (it == node.value->end()) continue;
        node = {l.pointer + "/" + json_pointer_escape(s.key), &*it};
      }
      for (Loc& it : apply_selectors(node, s.selectors, state)) next.push_back(std::move(it));
    }
    cur = std::move(next);
  }
  return cur;
}

}  // namespace

std::vector<json> select_path(const json& state, const std::string& path) {
  std::vector<json> out;
  json view;
  for (const Loc& l : locate(state, path, view)) out.push_back(*l.value);
  return out;
}

std::vector<std::string> select_pointers(const json& state, const std::string& path) {
  std::vector<std::string> out;
  json view;
  for (const Loc& l : locate(state, path, view)) out.push_back(l.pointer);
  return out;
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
  for (const auto& s : subtasks) subs.push_back({{"name", s.name}, {"passed", s.passed}, {"held_initially", s.held_initially}, {"detail", s.detail}});
  json j{{"success", success}, {"progress", progress}, {"subtasks", subs}, {"side_effects", side_effects}};
  if (!error.empty()) j["error"] = error;
  return j;
}

namespace {

const std::set<std::string> kOps = {"==", "!=", "exists", "absent", "count", ">=", "<=", ">", "<", "unchanged",
                                    "changed", "approx", "contains", "in", "answer"};
const std::set<std::string> kNeedsValue = {"==", "!=", "count", ">=", "<=", ">", "<", "approx", "contains", "in"};

// Evaluates one predicate (docs/tasks.md, "Judges") on (initial, final); fills `detail` with what
// was expected and what was found.
bool evaluate(const TaskInstance& inst, const json& s, const json& initial, const json& final_state, std::string& detail) {
  for (const char* k : {"any", "all"}) {
    if (!s.contains(k)) continue;
    const bool any = k[0] == 'a' && k[1] == 'n';
    bool result = !any;
    std::string parts;
    for (const json& sub : s[k]) {
      std::string d;
      const bool ok = evaluate(inst, sub, initial, final_state, d);
      parts += std::string(parts.empty() ? "" : "; ") + (ok ? "[pass] " : "[fail] ") + d;
      result = any ? (result || ok) : (result && ok);
    }
    detail = std::string(any ? "any of: " : "all of: ") + parts;
    return result;
  }
  if (s.contains("custom")) {  // a C++ judge registered by name
    auto it = judge_registry().find(s["custom"].get<std::string>());
    if (it == judge_registry().end()) throw TaskError("unknown custom judge \"" + s["custom"].get<std::string>() + "\"");
    return it->second(initial, final_state, inst.fill(s.value("args", json::object())), detail);
  }
  const std::string path = inst.fill(s["path"].get<std::string>());
  const std::string op = s.value("op", "==");
  const std::string as = s.value("as", "");
  const std::vector<json> got = select_path(final_state, path);
  const json want = s.contains("value") ? inst.fill(s["value"]) : json();
  auto equal = [&](const json& v, const json& w) {
    if (!as.empty()) return typed_equal(as, v, w, final_state);
    return v == w || (w.is_string() && !v.is_string() && as_text(v) == w);
  };
  auto every = [&](auto pred) { return !got.empty() && std::all_of(got.begin(), got.end(), pred); };
  bool passed = false;
  if (op == "==") passed = every([&](const json& v) { return equal(v, want); });
  else if (op == "!=") passed = every([&](const json& v) { return !equal(v, want); });
  else if (op == "exists") passed = !got.empty();
  else if (op == "absent") passed = got.empty();
  else if (op == "count") passed = want.is_number() && static_cast<double>(got.size()) == want.get<double>();
  else if (op == ">=" || op == "<=" || op == ">" || op == "<")
    passed = every([&](const json& v) {
      const int c = typed_order(as, v, want, final_state);
      if (c == 2) return false;
      return op == ">=" ? c >= 0 : op == "<=" ? c <= 0 : op == ">" ? c > 0 : c < 0;
    });
  else if (op == "unchanged") passed = got == select_path(initial, path);
  else if (op == "changed") passed = got != select_path(initial, path);
  else if (op == "approx")
    passed = every([&](const json& v) {
      double g, w;
      return number_of(v, g) && number_of(want, w) && std::abs(g - w) <= s.value("tolerance", 0.0) + 1e-9;
    });
  else if (op == "contains")
    passed = std::any_of(got.begin(), got.end(), [&](const json& v) {
      return v.is_string() && want.is_string() && normalize_text(v.get<std::string>()).find(normalize_text(want.get<std::string>())) != std::string::npos;
    });
  else if (op == "in")
    passed = every([&](const json& v) {
      return std::any_of(want.begin(), want.end(), [&](const json& w) {
        return as.empty() ? v == w || as_text(v) == as_text(w) : typed_equal(as, v, w, final_state);
      });
    });
  else if (op == "answer")
    passed = got.size() == 1 && answer_matches(s.value("match", "text"), got[0], want, s.value("tolerance", 0.0));
  std::string found = json(got).dump();
  if (found.size() > 240) found = found.substr(0, 237) + "...";
  detail = "expected " + path + " " + op + (want.is_null() ? "" : " " + want.dump()) + (as.empty() ? "" : " (as " + as + ")") +
           "; found " + (got.empty() ? std::string("nothing") : found);
  return passed;
}

}  // namespace

bool pointer_within(const std::string& p, const std::string& prefix) {
  return p == prefix || (p.size() > prefix.size() && p.compare(0, prefix.size(), prefix) == 0 && p[prefix.size()] == '/');
}

bool navigation_change(const std::string& p) {
  static const char* kOs[] = {"/os/time_ms", "/os/tasks",   "/os/foreground", "/os/keyboard", "/os/toast",
                              "/os/episode", "/os/launcher", "/os/dialog",    "/os/recents",  "/os/shade",
                              "/os/perturb"};  // perturbations' own bookkeeping (sim/os/perturb.hpp)
  for (const char* k : kOs)
    if (pointer_within(p, k)) return true;
  if (p.rfind("/apps/", 0) != 0) return false;
  const std::size_t a = 6, b = p.find('/', a);
  if (b == std::string::npos) return false;
  const std::size_t c = std::min(p.find('/', b + 1), p.size());
  const App* app = AppRegistry::instance().find(p.substr(a, b - a));
  if (!app) return false;
  const json& keys = app->manifest().value("ui_state", json::array());
  const std::string key = p.substr(b + 1, c - b - 1);
  return std::any_of(keys.begin(), keys.end(), [&](const json& k) { return k == key; });
}

void check_subtask(const json& s, const std::string& field) {
  auto fail = [&](const std::string& f, const std::string& why) { throw TaskError(f + ": " + why); };
  if (!s.is_object()) fail(field, "a predicate must be an object");
  for (const char* k : {"any", "all"}) {
    if (!s.contains(k)) continue;
    if (!s[k].is_array() || s[k].empty()) fail(field + "." + k, "must be a non-empty array of predicates");
    for (std::size_t i = 0; i < s[k].size(); ++i) check_subtask(s[k][i], field + "." + k + "[" + std::to_string(i) + "]");
    return;
  }
  if (s.contains("custom")) {
    if (!s["custom"].is_string()) fail(field + ".custom", "must be the name of a registered judge");
    return;
  }
  if (!s.value("path", json()).is_string()) fail(field + ".path", "required string (or use any, all or custom)");
  try {
    parse_path(s["path"].get<std::string>());
  } catch (const TaskError& e) {
    // A {slot} inside a selector is filled at judge time; only reject what no filling can fix.
    if (s["path"].get<std::string>().find('{') == std::string::npos) fail(field + ".path", e.what());
  }
  const std::string op = s.value("op", "==");
  if (!kOps.count(op))
    fail(field + ".op", "\"" + op + "\" is not one of ==, !=, exists, absent, count, >=, <=, >, <, unchanged, changed, approx, contains, in, answer");
  if (kNeedsValue.count(op) && !s.contains("value")) fail(field + ".value", "required for op " + op);
  if (op == "in" && !s["value"].is_array()) fail(field + ".value", "op in needs an array");
  if (s.contains("as")) {
    if (!s["as"].is_string() || !typed_compare_known(s["as"].get<std::string>()))
      fail(field + ".as", "must be one of " + typed_compare_names());
  }
}

JudgeResult judge(const TaskInstance& inst, const json& initial, const json& final_state) {
  JudgeResult r;
  const TaskTemplate& t = *inst.tmpl;
  r.infeasible = !t.feasible;
  try {
    int passed = 0, open = 0, gained = 0;
    for (std::size_t i = 0; i < t.subtasks.size(); ++i) {
      const json& s = t.subtasks[i];
      SubtaskResult sr;
      sr.name = inst.fill(s.value("name", "subtask " + std::to_string(i + 1)));
      sr.passed = evaluate(inst, s, initial, final_state, sr.detail);
      std::string unused;
      sr.held_initially = evaluate(inst, s, initial, initial, unused);
      passed += sr.passed;
      open += !sr.held_initially;
      gained += sr.passed && !sr.held_initially;
      r.subtasks.push_back(std::move(sr));
    }
    r.success = passed == static_cast<int>(t.subtasks.size());
    r.progress = r.success ? 1.0 : open == 0 ? 0.0 : static_cast<double>(gained) / static_cast<double>(open);
    // Side effects: every changed path outside the expected and allowed changes and navigation.
    std::vector<std::string> allowed;
    for (const auto& e : t.expected_changes) allowed.push_back(inst.fill(e));
    for (const auto& e : t.allowed_changes) allowed.push_back(inst.fill(e));
    for (const json& op : json::diff(initial, final_state)) {
      const std::string p = op["path"];
      if (navigation_change(p)) continue;
      const bool ok = std::any_of(allowed.begin(), allowed.end(), [&](const std::string& a) { return pointer_within(p, a); });
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
  if (e.aborted && !j.infeasible) r *= 0.5;  // a feasible task given up, before or after its goal
  if (e.out_of_budget) r *= 0.5;
  return r;
}

}  // namespace pg
