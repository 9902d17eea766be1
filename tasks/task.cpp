#include "tasks/task.hpp"
#include "tasks/judge.hpp"
#include "tasks/oracle.hpp"

#include "sim/os/clock_format.hpp"
#include "sim/util/hash.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <type_traits>
#include <sstream>

namespace pg {

using json = nlohmann::json;
namespace fs = std::filesystem;

std::uint64_t fnv1a(const std::string& s) {
  return fnv1a64(s, kFnv1a64ShortBasis);  // kept: every instance's parameters derive from it
}

namespace {

[[noreturn]] void fail(const std::string& file, const std::string& field, const std::string& why) {
  throw TaskError(file + ": " + field + ": " + why);
}

// `o[key]` when `o` has it, else `dflt`; a value of another JSON type than T fails naming `field`
// (nlohmann's value() would throw a type_error that names neither the file nor the field).
template <class T>
T typed_or(const json& o, const char* key, T dflt, const std::string& file, const std::string& field, const char* expected) {
  const auto it = o.is_object() ? o.find(key) : o.end();
  if (it == o.end()) return dflt;
  bool ok;
  if constexpr (std::is_same_v<T, bool>) ok = it->is_boolean();
  else if constexpr (std::is_same_v<T, std::string>) ok = it->is_string();
  else if constexpr (std::is_integral_v<T>) ok = it->is_number_integer();
  else ok = it->is_number();
  if (!ok) fail(file, field, std::string("must be ") + expected);
  return it->get<T>();
}

const std::set<std::string> kKeys = {"id", "apps", "instruction", "parameters", "setup", "judge",
                                     "expected_changes", "oracle", "taxonomy", "step_budget", "split",
                                     "description", "answer_sheet", "feasible", "info_reply", "waivers", "allowed_changes"};
const std::set<std::string> kMatchers = {"text", "number", "choice", "date", "time", "set", "sequence"};

std::string value_text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

constexpr const char* kKinds = "choice, int, range, bool, time, date, phone, from_state or tuple";
constexpr long kNoDate = -1000000000L;

// Days since 1970-01-01 of "YYYY-MM-DD", or kNoDate.
long days_from_iso(const std::string& s) {
  std::int64_t d = 0;
  return parse_iso_date(s, d) ? static_cast<long>(d) : kNoDate;
}

}  // namespace

static TaskTemplate parse_template_fields(const json& j, const std::string& file) {
  if (!j.is_object()) fail(file, "(root)", "a template must be a JSON object");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!kKeys.count(it.key())) fail(file, it.key(), "unknown field (allowed: id, apps, instruction, parameters, setup, judge, expected_changes, oracle, taxonomy, step_budget, split, description, answer_sheet, feasible, info_reply, waivers, allowed_changes)");
  TaskTemplate t;
  t.file = file;
  t.raw = j;
  if (!j.contains("id") || !j["id"].is_string() || j["id"].get<std::string>().empty())
    fail(file, "id", "required non-empty string");
  t.id = j["id"];
  if (!j.contains("apps") || !j["apps"].is_array() || j["apps"].empty()) fail(file, "apps", "required non-empty array of app ids");
  for (const json& a : j["apps"]) {
    if (!a.is_string()) fail(file, "apps", "entries must be strings");
    t.apps.push_back(a);
  }
  const json& ins = j.value("instruction", json());
  if (ins.is_string()) t.phrasings.push_back(ins);
  else if (ins.is_array() && !ins.empty())
    for (const json& p : ins) {
      if (!p.is_string()) fail(file, "instruction", "phrasings must be strings");
      t.phrasings.push_back(p);
    }
  else fail(file, "instruction", "required: a string or a non-empty array of phrasings");
  t.parameters = j.value("parameters", json::object());
  if (!t.parameters.is_object()) fail(file, "parameters", "must be an object slot -> spec");
  for (auto& [slot, spec] : t.parameters.items()) {
    const std::string f = "parameters." + slot;
    if (!spec.is_object() || spec.size() != 1) fail(file, f, "must be an object with one kind: " + std::string(kKinds));
    if (spec.contains("choice")) {
      if (!spec["choice"].is_array() || spec["choice"].empty()) fail(file, f + ".choice", "must be a non-empty array");
    } else if (spec.contains("range") || spec.contains("int")) {
      const std::string k = spec.contains("range") ? "range" : "int";
      const json& r = spec[k];
      if (!r.is_object() || !r.value("min", json()).is_number_integer() || !r.value("max", json()).is_number_integer())
        fail(file, f + "." + k, "needs integer min and max");
      // Bounded so that sampling's max - min and step arithmetic cannot overflow.
      // 64-bit on every target: `long` is 32 bits in wasm32, where 10^15 wrapped negative and every
      // ranged template failed this check in the page.
      constexpr std::int64_t kLimit = 1'000'000'000'000'000LL;
      auto bounded = [&](const json& v) {
        if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= static_cast<std::uint64_t>(kLimit);
        const std::int64_t x = v.get<std::int64_t>();
        return x >= -kLimit && x <= kLimit;
      };
      if (!bounded(r["min"]) || !bounded(r["max"])) fail(file, f + "." + k, "min and max must be within +-10^15");
      if (r["min"].get<std::int64_t>() > r["max"].get<std::int64_t>()) fail(file, f + "." + k, "min > max");
      const long step = typed_or<long>(r, "step", 1, file, f + "." + k + ".step", "an integer >= 1");
      if (step < 1 || step > kLimit) fail(file, f + "." + k + ".step", "must be in 1..10^15");
    } else if (spec.contains("bool")) {
      if (!spec["bool"].is_object()) fail(file, f + ".bool", "must be an object ({} or {\"p_true\": 0.5})");
      const double p = typed_or<double>(spec["bool"], "p_true", 0.5, file, f + ".bool.p_true", "a number in 0..1");
      if (!(p >= 0 && p <= 1)) fail(file, f + ".bool.p_true", "must be in 0..1");
    } else if (spec.contains("time")) {
      const json& r = spec["time"];
      const char* hhmm = "\"HH:MM\"";
      if (!r.is_object() || parse_hhmm(typed_or<std::string>(r, "min", "", file, f + ".time.min", hhmm)) < 0 ||
          parse_hhmm(typed_or<std::string>(r, "max", "", file, f + ".time.max", hhmm)) < 0)
        fail(file, f + ".time", "needs min and max as \"HH:MM\"");
      if (parse_hhmm(r["min"]) > parse_hhmm(r["max"])) fail(file, f + ".time", "min > max");
      const long step = typed_or<long>(r, "step_min", 1, file, f + ".time.step_min", "an integer in 1..1440");
      if (step < 1 || step > 1440) fail(file, f + ".time.step_min", "must be in 1..1440");
    } else if (spec.contains("date")) {
      const json& r = spec["date"];
      const char* iso = "\"YYYY-MM-DD\"";
      if (!r.is_object() || days_from_iso(typed_or<std::string>(r, "min", "", file, f + ".date.min", iso)) == kNoDate ||
          days_from_iso(typed_or<std::string>(r, "max", "", file, f + ".date.max", iso)) == kNoDate)
        fail(file, f + ".date", "needs min and max as \"YYYY-MM-DD\"");
      if (days_from_iso(r["min"]) > days_from_iso(r["max"])) fail(file, f + ".date", "min > max");
    } else if (spec.contains("phone")) {
      const json& r = spec["phone"];
      if (!r.is_object() || !r.value("pattern", json()).is_string() || r["pattern"].get<std::string>().find('#') == std::string::npos)
        fail(file, f + ".phone", "needs a \"pattern\" with # for random digits, e.g. \"+1 415-555-01##\"");
    } else if (spec.contains("from_state")) {
      const json& r = spec["from_state"];
      const bool by_pointer = r.is_object() && r.value("pointer", json()).is_string();
      const bool by_path = r.is_object() && r.value("path", json()).is_string();
      if (!r.is_object() || by_pointer == by_path ||
          !(r.value("field", json()).is_string() || r.value("fields", json()).is_array()))
        fail(file, f + ".from_state", "needs \"path\" (a judge path to a collection) or \"pointer\" (a JSON pointer to an array), and \"field\" or \"fields\"");
      if (by_path) {
        try {
          select_path(json::object(), r["path"].get<std::string>());
        } catch (const TaskError& e) {
          fail(file, f + ".from_state.path", e.what());
        }
      }
      const std::string st = typed_or<std::string>(r, "state", "default", file, f + ".from_state.state", "\"default\" or \"setup\"");
      if (st != "default" && st != "setup") fail(file, f + ".from_state.state", "must be \"default\" or \"setup\"");
      if (st == "setup" && j.value("setup", json::array()).dump().find("{" + slot) != std::string::npos)
        fail(file, f + ".from_state.state", "\"setup\" reads the state after setup, so the setup cannot use {" + slot + "}");
    } else if (spec.contains("tuple")) {  // correlated values, sampled together: slots {name.key}
      const json& r = spec["tuple"];
      if (!r.is_array() || r.empty()) fail(file, f + ".tuple", "must be a non-empty array of objects");
      for (const json& o : r)
        if (!o.is_object() || o.empty() || o.size() != r[0].size())
          fail(file, f + ".tuple", "entries must be objects with the same keys");
    } else {
      fail(file, f, "unknown parameter kind (use " + std::string(kKinds) + ")");
    }
  }
  for (const std::string& p : t.phrasings) {
    for (std::size_t a = p.find('{'); a != std::string::npos; a = p.find('{', a + 1)) {
      std::size_t b = p.find('}', a);
      if (b == std::string::npos) fail(file, "instruction", "unclosed {slot} in \"" + p + "\"");
      const std::string slot = p.substr(a + 1, b - a - 1);
      const std::string base = slot.substr(0, slot.find('.'));
      if (!t.parameters.contains(slot) && !(slot.find('.') != std::string::npos && t.parameters.contains(base)))
        fail(file, "instruction", "slot {" + slot + "} has no entry in parameters");
    }
  }
  t.setup = j.value("setup", json::array());
  if (!t.setup.is_array()) fail(file, "setup", "must be an RFC 6902 patch (array of operations)");
  for (std::size_t i = 0; i < t.setup.size(); ++i)
    if (!t.setup[i].is_object() || !t.setup[i].contains("op") || !t.setup[i].contains("path"))
      fail(file, "setup[" + std::to_string(i) + "]", "needs \"op\" and \"path\"");
  t.feasible = typed_or<bool>(j, "feasible", true, file, "feasible", "true or false");
  t.info_reply = typed_or<std::string>(j, "info_reply", "I can't help with that; please do what the instruction says.", file,
                                       "info_reply", "a string");
  t.answer_sheet = j.value("answer_sheet", json());
  if (!t.answer_sheet.is_null()) {
    const json& a = t.answer_sheet;
    if (!a.is_object() || !a.value("question", json()).is_string() || !a.value("fields", json()).is_array() ||
        a["fields"].empty() || !a.value("expected", json()).is_object())
      fail(file, "answer_sheet", "needs \"question\", non-empty \"fields\" and \"expected\" (field id -> matcher)");
    for (const json& f : a["fields"])
      if (!f.is_object() || !f.value("id", json()).is_string() || !a["expected"].contains(f["id"].get<std::string>()))
        fail(file, "answer_sheet.fields", "every field needs an \"id\" with an entry in \"expected\"");
    for (auto& [id, m] : a["expected"].items()) {
      if (!m.is_object() || !kMatchers.count(typed_or<std::string>(m, "match", "", file, "answer_sheet.expected." + id + ".match", "a matcher name")) ||
          !m.contains("value"))
        fail(file, "answer_sheet.expected." + id, "needs \"match\" (text, number, choice, date, time, set, sequence) and \"value\"");
    }
  }
  const json& judge = j.value("judge", json());
  const bool needs_subtasks = t.answer_sheet.is_null() && t.feasible;
  if (!judge.is_null() || needs_subtasks) {
    if (!judge.is_object() || !judge.contains("subtasks") || !judge["subtasks"].is_array() ||
        (needs_subtasks && judge["subtasks"].empty()))
      fail(file, "judge.subtasks", "required non-empty array of predicates");
    t.subtasks = judge["subtasks"];
  } else {
    t.subtasks = json::array();
  }
  // Generated subtasks: each AnswerSheet field, and the abort that an infeasible task expects.
  if (!t.answer_sheet.is_null())
    for (auto& [id, m] : t.answer_sheet["expected"].items())
      t.subtasks.push_back({{"name", "answer \"" + id + "\" is right"}, {"path", "apps.answersheet.submitted.answers." + id},
                            {"op", "answer"}, {"match", m["match"]}, {"value", m["value"]},
                            {"tolerance", typed_or<double>(m, "tolerance", 0.0, file, "answer_sheet.expected." + id + ".tolerance", "a number")}});
  if (!t.feasible)
    t.subtasks.push_back({{"name", "the agent reported the task infeasible"}, {"path", "os.episode.status"}, {"op", "=="},
                          {"value", "abort"}});
  for (std::size_t i = 0; i < t.subtasks.size(); ++i) {
    try {
      check_subtask(t.subtasks[i], "judge.subtasks[" + std::to_string(i) + "]");
    } catch (const TaskError& e) {
      throw TaskError(file + ": " + e.what());
    }
  }
  for (const char* key : {"expected_changes", "allowed_changes"}) {
    for (const json& e : j.value(key, json::array())) {
      if (!e.is_string() || e.get<std::string>().empty() || e.get<std::string>()[0] != '/')
        fail(file, key, "entries must be JSON pointers such as \"/apps/clock/alarms\"");
      (key[0] == 'e' ? t.expected_changes : t.allowed_changes).push_back(e);
    }
  }
  t.oracle = j.value("oracle", json());
  if (!t.oracle.is_array() || t.oracle.empty()) fail(file, "oracle", "required non-empty array of steps");
  check_oracle_steps(t.oracle, file + ": oracle");  // actions (docs/actions.md) or scroll_to/goto
  t.taxonomy = j.value("taxonomy", json::object());
  if (!t.taxonomy.is_object()) fail(file, "taxonomy", "must be an object ({\"difficulty\": \"L1\", ...})");
  static const std::set<std::string> kDiff = {"L1", "L2", "L3", "L4"};
  if (!kDiff.count(typed_or<std::string>(t.taxonomy, "difficulty", "L1", file, "taxonomy.difficulty", "L1, L2, L3 or L4")))
    fail(file, "taxonomy.difficulty", "must be L1, L2, L3 or L4");
  const long budget = typed_or<long>(j, "step_budget", 15, file, "step_budget", "an integer in 1..100");
  if (budget < 1 || budget > 100) fail(file, "step_budget", "must be in 1..100");
  t.step_budget = static_cast<int>(budget);
  if (t.step_budget < 1 || t.step_budget > 100) fail(file, "step_budget", "must be in 1..100");
  if (!t.answer_sheet.is_null()) {
    t.step_budget += 15;  // filling in the AnswerSheet (MobileGym's rule)
    t.expected_changes.push_back("/apps/answersheet");  // filling it is not a side effect
  }
  const json& w = j.value("waivers", json::object());
  if (!w.is_object()) fail(file, "waivers", "must be an object {\"mutations\": {where: why}, \"distinct_instances\": why}");
  for (auto it = w.begin(); it != w.end(); ++it) {
    if (it.key() == "distinct_instances" && it->is_string() && !it->get<std::string>().empty()) continue;
    if (it.key() == "mutations" && it->is_object() &&
        std::all_of(it->begin(), it->end(), [](const json& why) { return why.is_string() && !why.get<std::string>().empty(); }))
      continue;
    fail(file, "waivers." + it.key(), "expected \"mutations\": {\"judge.subtasks[N]\" or \"expected_changes[N]\": \"why\"} or \"distinct_instances\": \"why\"");
  }
  t.split = typed_or<std::string>(j, "split", "", file, "split", "\"train\" or \"test\"");
  if (t.split != "train" && t.split != "test") fail(file, "split", "must be \"train\" or \"test\"");
  return t;
}

TaskTemplate parse_template(const json& j, const std::string& file) {
  try {
    return parse_template_fields(j, file);
  } catch (const json::exception& e) {
    // A field of an unexpected JSON type that no check above names: still a TaskError (the
    // contract tests/fuzz/fuzz_template.cpp checks), with the library's description.
    throw TaskError(file + ": a field has the wrong JSON type (" + e.what() + ")");
  }
}

TaskSet TaskSet::load(const std::string& dir) {
  if (!fs::is_directory(dir)) throw TaskError("task directory not found: " + dir);
  TaskSet set;
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::set<std::string> ids;
  for (const fs::path& p : files) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    json j = json::parse(ss.str(), nullptr, false);
    if (j.is_discarded()) throw TaskError(p.string() + ": not valid JSON");
    TaskTemplate t = parse_template(j, p.string());
    if (!ids.insert(t.id).second) throw TaskError(p.string() + ": id: duplicate task id \"" + t.id + "\"");
    set.templates_.push_back(std::move(t));
  }
  std::sort(set.templates_.begin(), set.templates_.end(),
            [](const TaskTemplate& a, const TaskTemplate& b) { return a.id < b.id; });
  const std::string cal = calibration_path(dir);
  std::error_code ec;
  if (fs::is_regular_file(cal, ec)) {
    std::ifstream in(cal);
    std::stringstream ss;
    ss << in.rdbuf();
    const json doc = json::parse(ss.str(), nullptr, false);
    if (doc.is_discarded()) throw TaskError(cal + ": not valid JSON");
    set.apply_calibration(doc, cal);
  }
  return set;
}

std::string TaskSet::calibration_path(const std::string& dir) {
  fs::path d = fs::path(dir).lexically_normal();
  if (!d.empty() && d.filename().empty()) d = d.parent_path();  // "tasks/templates/"
  return (d.parent_path() / "calibration.json").string();
}

void TaskSet::apply_calibration(const json& doc, const std::string& file) {
  if (!doc.is_object() || doc.value("format", "") != "phonegym-calibration-1")
    throw TaskError(file + ": format: expected \"phonegym-calibration-1\" (a calibration.json of phonegym tasks calibrate)");
  if (!doc.contains("templates") || !doc["templates"].is_object())
    throw TaskError(file + ": templates: expected an object of template id -> {\"hash\", \"level\", ...}");
  static const std::set<std::string> kLevels = {"L1", "L2", "L3", "L4"};
  const json& entries = doc["templates"];
  for (auto it = entries.begin(); it != entries.end(); ++it) {
    const std::string where = file + ": templates." + it.key();
    const json& e = it.value();
    if (!e.is_object() || !e.contains("level") || !e["level"].is_string() || !kLevels.count(e["level"].get<std::string>()))
      throw TaskError(where + ".level: must be L1, L2, L3 or L4");
    if (!e.contains("hash") || !e["hash"].is_string()) throw TaskError(where + ".hash: expected the template's hash (a string)");
  }
  stale_calibrations_ = 0;
  for (TaskTemplate& t : templates_) {
    t.calibrated_level.clear();
    auto it = entries.find(t.id);
    if (it == entries.end()) continue;
    if ((*it)["hash"].get<std::string>() != template_hash(t)) {
      ++stale_calibrations_;
      continue;
    }
    t.calibrated_level = (*it)["level"].get<std::string>();
  }
  calibration_file_ = file;
}

std::string template_hash(const TaskTemplate& t) { return hex16(fnv1a(t.raw.dump())); }

namespace {
/// Levenshtein distance (insert, delete, substitute: 1 each) between two ids.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}
}  // namespace

const TaskTemplate& TaskSet::get(const std::string& id) const {
  for (const auto& t : templates_)
    if (t.id == id) return t;
  // The nearest few ids by edit distance (ids of the same app first), not all of them.
  const std::string app = id.substr(0, id.find('.'));
  std::vector<std::pair<std::size_t, std::string>> near;
  for (const auto& t : templates_) {
    const bool same_app = t.id.compare(0, app.size() + 1, app + ".") == 0;
    near.emplace_back(edit_distance(id, t.id) * 2 + (same_app ? 0 : 1), t.id);
  }
  std::sort(near.begin(), near.end());
  std::string hint;
  for (std::size_t i = 0; i < near.size() && i < 5; ++i) hint += (hint.empty() ? "" : ", ") + near[i].second;
  throw TaskError("unknown task id \"" + id + "\" (" + std::to_string(templates_.size()) +
                  " templates; `phonegym tasks list` lists them); nearest: " + hint);
}

std::vector<const TaskTemplate*> TaskSet::split(const std::string& name) const {
  if (name != "train" && name != "test" && name != "all")
    throw TaskError("unknown split \"" + name + "\" (use train, test or all)");
  std::vector<const TaskTemplate*> out;
  for (const auto& t : templates_)
    if (name == "all" || t.split == name) out.push_back(&t);
  return out;
}

std::vector<const TaskTemplate*> TaskSet::select(const json& sel) const {
  if (!sel.is_object()) throw TaskError("a split selector must be an object, got " + sel.dump());
  for (auto it = sel.begin(); it != sel.end(); ++it) {
    const std::string& k = it.key();
    if (k != "split" && k != "apps_in" && k != "apps_not_in" && k != "taxonomy" && k != "taxonomy_not")
      throw TaskError("split selector: unknown key \"" + k + "\" (allowed: split, apps_in, apps_not_in, taxonomy, taxonomy_not)");
    if ((k == "apps_in" || k == "apps_not_in") && !it->is_array())
      throw TaskError("split selector: " + k + " must be a list of app ids");
    if ((k == "taxonomy" || k == "taxonomy_not") && !it->is_object())
      throw TaskError("split selector: " + k + " must be an object such as {\"risk\": \"high\"}");
  }
  // Whether the template's taxonomy has every key of `want` with that value (text compared).
  auto taxonomy_has = [](const TaskTemplate& t, const json& want) {
    for (auto it = want.begin(); it != want.end(); ++it) {
      if (!t.taxonomy.contains(it.key())) return false;
      const json& v = t.taxonomy[it.key()];
      const json& w = *it;
      if ((v.is_string() ? v.get<std::string>() : v.dump()) != (w.is_string() ? w.get<std::string>() : w.dump()))
        return false;
    }
    return true;
  };
  const std::string split_name = sel.value("split", "all");
  std::vector<const TaskTemplate*> out;
  for (const TaskTemplate* t : split(split_name)) {
    if (sel.contains("taxonomy") && !taxonomy_has(*t, sel["taxonomy"])) continue;
    if (sel.contains("taxonomy_not") && taxonomy_has(*t, sel["taxonomy_not"])) continue;
    auto any_in = [&](const char* key) {
      if (!sel.contains(key)) return false;
      for (const json& a : sel[key])
        if (std::find(t->apps.begin(), t->apps.end(), a.get<std::string>()) != t->apps.end()) return true;
      return false;
    };
    if (sel.contains("apps_in") && !any_in("apps_in")) continue;
    if (any_in("apps_not_in")) continue;
    out.push_back(t);
  }
  return out;
}

SplitSpec load_split(const std::string& dir, const std::string& name) {
  SplitSpec s;
  s.name = name;
  if (name == "train" || name == "test" || name == "all") {
    s.train = {{"split", name == "all" ? "all" : "train"}};
    s.eval = {{"split", name}};
    s.hold_out = name != "all";
    return s;
  }
  const fs::path p = fs::path(dir) / (name + ".json");
  if (!fs::exists(p)) {
    std::string known = "train, test, all";
    if (fs::is_directory(dir))
      for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".json") known += ", " + e.path().stem().string();
    throw TaskError("unknown split \"" + name + "\"; known: " + known);
  }
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  json j = json::parse(ss.str(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw TaskError(p.string() + ": not a JSON object");
  for (const char* k : {"train", "eval"})
    if (!j.value(k, json()).is_object()) fail(p.string(), k, "required selector object");
  s.description = j.value("description", "");
  s.train = j["train"];
  s.eval = j["eval"];
  s.eval_seed_from = j.value("eval_seed_from", 0);
  if (j.contains("held_out_instances") && !j["held_out_instances"].is_boolean())
    fail(p.string(), "held_out_instances", "true or false");
  s.hold_out = j.value("held_out_instances", true);
  return s;
}

std::string TaskInstance::fill(const std::string& s) const {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == '{') {
      std::size_t b = s.find('}', i);
      if (b != std::string::npos) {
        std::string slot = s.substr(i + 1, b - i - 1);
        auto it = params.find(slot);
        if (it == params.end())
          throw TaskError("task " + (tmpl ? tmpl->id : std::string("?")) + ": unknown slot {" + slot + "}");
        out += it->second;
        i = b + 1;
        continue;
      }
    }
    out += s[i++];
  }
  return out;
}

json TaskInstance::fill(const json& j, bool typed_values) const {
  if (j.is_string()) {
    const std::string& text = j.get_ref<const std::string&>();
    if (typed_values && text.size() > 2 && text.front() == '{' && text.back() == '}' && text.find('{', 1) == std::string::npos) {
      auto it = typed.find(text.substr(1, text.size() - 2));
      if (it != typed.end()) return it->second;
    }
    return fill(text);
  }
  if (j.is_array() || j.is_object()) {
    json out = j;
    for (auto it = out.begin(); it != out.end(); ++it) *it = fill(*it, typed_values);
    return out;
  }
  return j;
}

json TaskInstance::to_json() const {
  return {{"template", tmpl ? tmpl->id : ""}, {"seed", seed}, {"params", params}, {"instruction", instruction}};
}

TaskInstance sample_instance(const TaskTemplate& t, std::uint64_t seed, const json& default_state, bool with_state) {
  TaskInstance inst;
  inst.tmpl = &t;
  inst.seed = seed;
  std::uint64_t rng = seed ^ fnv1a(t.id);
  auto pick = [&](std::uint64_t n) { return n == 0 ? 0 : splitmix64(rng) % n; };
  auto set = [&](const std::string& slot, const json& v) {
    inst.params[slot] = value_text(v);
    if (!v.is_string()) inst.typed[slot] = v;
  };
  // Values of a from_state kind: a judge path (world data and filters included) or a pointer to
  // an array, read in `state`; one member is picked, and its field(s) fill the slot(s).
  auto from_state = [&](const std::string& slot, const json& fsp, const json& state) {
    std::vector<json> members;
    std::string where;
    if (fsp.contains("path")) {
      where = fsp["path"].get<std::string>();
      // A path that ends at a collection ("view.chat.friends") means its members.
      std::string path = inst.fill(where);
      if (!path.empty() && path.back() != ']') path += "[*]";
      members = select_path(state, path);
    } else {
      where = fsp["pointer"].get<std::string>();
      json::json_pointer ptr(where);
      if (state.contains(ptr) && state[ptr].is_array()) members.assign(state[ptr].begin(), state[ptr].end());
    }
    if (members.empty())
      throw TaskError(t.file + ": parameters." + slot + ".from_state: " + where + " selects nothing in the " +
                      fsp.value("state", "default") + " state");
    const json& el = members[pick(members.size())];
    if (fsp.contains("field")) set(slot, el.value(fsp["field"].get<std::string>(), json("")));
    for (const json& field : fsp.value("fields", json::array()))  // correlated: from the same member
      set(slot + "." + field.get<std::string>(), el.value(field.get<std::string>(), json("")));
  };
  std::vector<std::string> after_setup;
  for (auto& [slot, spec] : t.parameters.items()) {  // nlohmann objects iterate in key order
    if (spec.contains("choice")) {
      const json& c = spec["choice"];
      set(slot, c[pick(c.size())]);
    } else if (spec.contains("range") || spec.contains("int")) {
      const json& r = spec.contains("range") ? spec["range"] : spec["int"];
      // 64-bit on every target (wasm32's long is 32 bits): the page samples what the trainer does.
      const std::int64_t lo = r["min"], hi = r["max"], step = r.value("step", std::int64_t{1});
      const std::int64_t v = lo + static_cast<std::int64_t>(pick(static_cast<std::uint64_t>((hi - lo) / step + 1))) * step;
      if (spec.contains("int")) set(slot, v);
      else inst.params[slot] = std::to_string(v);  // range: text, as templates before typed slots read it
    } else if (spec.contains("bool")) {
      const double p_true = spec["bool"].value("p_true", 0.5);
      set(slot, static_cast<double>(splitmix64(rng) % 1000000) / 1e6 < p_true);
    } else if (spec.contains("time")) {
      int lo = parse_hhmm(spec["time"]["min"]), hi = parse_hhmm(spec["time"]["max"]);
      int step = spec["time"].value("step_min", 1);
      inst.params[slot] = hhmm(lo + static_cast<int>(pick((hi - lo) / step + 1)) * step);
    } else if (spec.contains("date")) {
      const long lo = days_from_iso(spec["date"]["min"]), hi = days_from_iso(spec["date"]["max"]);
      inst.params[slot] = iso_date(lo + static_cast<long>(pick(static_cast<std::uint64_t>(hi - lo + 1))));
    } else if (spec.contains("phone")) {
      std::string v = spec["phone"]["pattern"];
      for (char& c : v)
        if (c == '#') c = static_cast<char>('0' + pick(10));
      inst.params[slot] = v;
    } else if (spec.contains("from_state")) {
      if (spec["from_state"].value("state", "default") == "setup") after_setup.push_back(slot);
      else from_state(slot, spec["from_state"], default_state);
    } else if (spec.contains("tuple")) {
      const json& el = spec["tuple"][pick(spec["tuple"].size())];
      for (auto& [k, v] : el.items()) set(slot + "." + k, v);
    }
  }
  if (!after_setup.empty()) {
    json staged;
    try {
      staged = default_state.patch(inst.fill(t.setup));
    } catch (const json::exception& e) {
      throw TaskError(t.file + ": setup: patch does not apply: " + e.what());
    }
    for (const std::string& slot : after_setup) from_state(slot, t.parameters[slot]["from_state"], staged);
  }
  inst.instruction = inst.fill(t.phrasings[pick(t.phrasings.size())]);
  if (!with_state) return inst;
  try {
    inst.initial_state = default_state.patch(inst.fill(t.setup));
  } catch (const json::exception& e) {
    throw TaskError(t.file + ": setup: patch does not apply: " + e.what());
  }
  if (!t.answer_sheet.is_null() && inst.initial_state["apps"].contains("answersheet")) {
    json sheet = inst.fill(t.answer_sheet);
    sheet.erase("expected");  // the phone shows the question and fields, never the answers
    inst.initial_state["apps"]["answersheet"]["sheet"] = sheet;
  }
  return inst;
}

json benchmark_stats(const TaskSet& set, const json& default_state, int probe) {
  json by = json::object();
  long instances = 0;
  json per = json::object();
  for (const TaskTemplate& t : set.templates()) {
    for (const auto& [dim, value] : {std::pair<std::string, std::string>{"split", t.split},
                                     {"difficulty", t.difficulty()},
                                     {"objective", t.taxonomy.value("objective", "operate")},
                                     {"scope", t.taxonomy.value("scope", "S1")},
                                     {"composition", t.taxonomy.value("composition", "atomic")},
                                     {"feasible", t.feasible ? "yes" : "no"},
                                     {"answer_sheet", t.answer_sheet.is_null() ? "no" : "yes"}})
    {
      json& d = by[dim];
      if (!d.is_object()) d = json::object();
      d[value] = d.value(value, 0) + 1;
    }
    for (const std::string& app : t.apps) {
      json& d = by["app"];
      if (!d.is_object()) d = json::object();
      d[app] = d.value(app, 0) + 1;
    }
    std::set<std::string> distinct;
    for (int s = 0; s < probe && distinct.size() < 100; ++s)
      distinct.insert(json(sample_instance(t, static_cast<std::uint64_t>(s), default_state, false).params).dump());
    per[t.id] = distinct.size();
    instances += static_cast<long>(distinct.size());
  }
  // The unseen-instance regime over the train templates (HeldOutInstances' defaults).
  const std::vector<const TaskTemplate*> train = set.split("train");
  const HeldOutInstances held(train, default_state);
  int in_regime = 0;
  for (const TaskTemplate* t : train) in_regime += held.in_regime(*t);
  json regime{{"train_templates", train.size()}, {"with_held_out_instances", in_regime},
              {"held_out_share", held.options().fraction}, {"left_out", held.excluded()}};
  int calibrated = 0;
  for (const TaskTemplate& t : set.templates()) calibrated += !t.calibrated_level.empty();
  json source{{"calibrated", calibrated},
              {"declared", static_cast<int>(set.templates().size()) - calibrated},
              {"stale", set.stale_calibrations()},
              {"file", set.calibration_file().empty() ? json(nullptr) : json(set.calibration_file())}};
  return {{"templates", set.templates().size()}, {"instances", instances}, {"by", by}, {"instances_per_template", per},
          {"unseen_instance_regime", regime}, {"difficulty_source", source}};
}


// ----------------------------------------------------------------------------------- held out

std::uint64_t instance_identity(const TaskInstance& inst) {
  return fnv1a((inst.tmpl ? inst.tmpl->id : std::string()) + '\x1f' + json(inst.params).dump() + '\x1f' +
               inst.instruction);
}

namespace {
/// The identity's position in [0, 1): the FNV hash mixed once more (its low bits are not uniform).
double identity_position(std::uint64_t identity) {
  std::uint64_t s = identity;
  return static_cast<double>(splitmix64(s) >> 11) * 0x1.0p-53;
}
}  // namespace

HeldOutInstances::HeldOutInstances(const std::vector<const TaskTemplate*>& templates, const json& default_state,
                                   Options opt)
    : opt_(opt) {
  for (const TaskTemplate* t : templates) {
    std::set<std::uint64_t> distinct;
    int held = 0, trainable = 0;
    for (int s = 0; s < opt_.probe; ++s) {
      const std::uint64_t id = instance_identity(sample_instance(*t, static_cast<std::uint64_t>(s), default_state, false));
      if (!distinct.insert(id).second) continue;
      (identity_position(id) < opt_.fraction ? held : trainable) += 1;
    }
    if (static_cast<int>(distinct.size()) < opt_.min_distinct)
      excluded_[t->id] = std::to_string(distinct.size()) + " distinct instances over " + std::to_string(opt_.probe) +
                         " seeds (fewer than " + std::to_string(opt_.min_distinct) + ")";
    else if (held == 0 || trainable == 0)
      excluded_[t->id] = std::to_string(distinct.size()) + " distinct instances, " + std::to_string(held) +
                         " of them in the held-out share";
    else
      in_regime_.insert(t->id);
  }
}

bool HeldOutInstances::held_out(const TaskInstance& inst) const {
  return inst.tmpl && in_regime_.count(inst.tmpl->id) && identity_position(instance_identity(inst)) < opt_.fraction;
}

TaskInstance HeldOutInstances::train_instance(const TaskTemplate& t, std::uint64_t seed, const json& default_state,
                                              bool with_state) const {
  if (!in_regime(t)) return sample_instance(t, seed, default_state, with_state);
  for (std::uint64_t s = seed; s < seed + 10000; ++s) {
    TaskInstance probe = sample_instance(t, s, default_state, false);
    if (!held_out(probe)) return with_state ? sample_instance(t, s, default_state) : probe;
  }
  throw TaskError("task " + t.id + ": 10000 seeds in a row from " + std::to_string(seed) +
                  " give held-out instances only");
}

std::vector<TaskInstance> HeldOutInstances::eval_instances(const TaskTemplate& t, std::uint64_t from, int n,
                                                           const json& default_state) const {
  if (!in_regime(t))
    throw TaskError("task " + t.id + " holds no instances out: " +
                    (excluded_.count(t.id) ? excluded_.at(t.id) : std::string("not among the split's templates")));
  std::vector<TaskInstance> out;
  for (std::uint64_t s = from; static_cast<int>(out.size()) < n; ++s) {
    if (s >= from + 100000ULL * static_cast<std::uint64_t>(std::max(1, n)))
      throw TaskError("task " + t.id + ": too few held-out instances from seed " + std::to_string(from));
    TaskInstance probe = sample_instance(t, s, default_state, false);
    if (held_out(probe)) out.push_back(sample_instance(t, s, default_state));
  }
  return out;
}

}  // namespace pg
