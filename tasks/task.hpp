// Task templates and instances (ARCHITECTURE.md, "Tasks"). A template is one JSON object (see
// docs/tasks.md); an instance is a template plus a seed, reproducible on every machine.
#pragma once

#include "sim/util/hash.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg {

/// A template file that does not fit the format; what() names the file, the field and the reason.
struct TaskError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One task template, as loaded and checked from tasks/templates/<app>/<name>.json.
struct TaskTemplate {
  std::string id;                         ///< "clock.add_alarm"
  std::string file;                       ///< where it was loaded from
  std::vector<std::string> apps;          ///< app ids it touches
  std::vector<std::string> phrasings;     ///< instruction phrasings with {slots}
  nlohmann::json parameters;              ///< slot -> one kind (docs/tasks.md, "Parameters")
  nlohmann::json setup;                   ///< RFC 6902 patch applied to the default state ({slots} substituted)
  nlohmann::json subtasks;                ///< judge predicates (tasks/judge.hpp)
  std::vector<std::string> expected_changes;  ///< JSON pointers (with {slots}) the task changes: its effects
  std::vector<std::string> allowed_changes;   ///< pointers it may change in passing (a permission granted, the clipboard)
  nlohmann::json oracle;                  ///< scripted solution steps (tasks/oracle.hpp)
  nlohmann::json taxonomy;                ///< scope, objective, composition, difficulty, capabilities
  nlohmann::json answer_sheet;            ///< null, or {"question", "fields": [...], "expected": {field id: matcher}}
  bool feasible = true;                   ///< false: the right ending is `abort` (the phone cannot do it)
  std::string info_reply;                 ///< the user's answer to an `info` question (default: a fixed reply)
  int step_budget = 15;
  std::string split;                      ///< "train" or "test"
  nlohmann::json raw;                     ///< the whole file
  /// The level `phonegym tasks calibrate` fitted from agents' success and the oracle's features
  /// (tasks/calibration.json, read by TaskSet::load; docs/benchmark.md), "" when the calibration has
  /// none for this template or was made from another version of it.
  std::string calibrated_level;

  /// The template's difficulty, L1..L4: the calibrated level where there is one, else the level
  /// its author declared in taxonomy.difficulty. Every breakdown and filter reads this one.
  std::string difficulty() const {
    return calibrated_level.empty() ? taxonomy.value("difficulty", "L1") : calibrated_level;
  }
};

/// A template version's hash: FNV-1a of its parsed JSON as 16 hex digits. results.json and
/// calibration.json record it, so data about another version of a template is recognized.
std::string template_hash(const TaskTemplate& t);

/// A sampled instance: template + seed -> parameters, instruction and initial state.
struct TaskInstance {
  const TaskTemplate* tmpl = nullptr;
  std::uint64_t seed = 0;
  std::map<std::string, std::string> params;  ///< slot -> value (as text)
  /// slot -> typed value, for slots whose kind has a JSON type other than text (int, bool, a
  /// non-string choice): a JSON string that is exactly "{slot}" fills in as this value.
  std::map<std::string, nlohmann::json> typed;
  std::string instruction;
  nlohmann::json initial_state;               ///< default state with the setup patch applied

  /// Replaces every {slot} in `s` by its value; throws TaskError for an unknown slot.
  std::string fill(const std::string& s) const;
  /// Substitutes slots in every string of a JSON value; with `typed`, a string that is exactly
  /// one typed slot ("{n}" for an int slot) becomes the typed value (5, not "5").
  nlohmann::json fill(const nlohmann::json& j, bool typed = true) const;
  nlohmann::json to_json() const;  ///< {"template", "seed", "params", "instruction"}
};

/// Parses and checks one template; throws TaskError("<file>: <field>: <reason>").
TaskTemplate parse_template(const nlohmann::json& j, const std::string& file);

/// All templates of a directory tree (every *.json below it), sorted by id. Throws TaskError for
/// a bad file or a duplicate id.
class TaskSet {
 public:
  /// Loads every template below `dir`, then the calibration `calibration_path(dir)` when it exists
  /// (apply_calibration). Throws TaskError for a bad file, a duplicate id or a bad calibration.
  static TaskSet load(const std::string& dir);
  /// Where the calibration of the templates in `dir` lives: calibration.json next to the directory
  /// (tasks/calibration.json for tasks/templates, as tasks/splits/ is).
  static std::string calibration_path(const std::string& dir);
  /// Sets each template's calibrated_level from a calibration.json document (`phonegym tasks
  /// calibrate`, format "phonegym-calibration-1"): an entry applies when its "hash" equals the
  /// template's (template_hash); entries for other versions are counted stale, entries for ids not
  /// loaded are ignored. Throws TaskError("<file>: templates.<id>.level: ...") for a bad document.
  void apply_calibration(const nlohmann::json& doc, const std::string& file);
  /// The calibration applied ("" when none), and how many of its entries were for another version
  /// of a template (those templates keep their declared level).
  const std::string& calibration_file() const { return calibration_file_; }
  int stale_calibrations() const { return stale_calibrations_; }
  const std::vector<TaskTemplate>& templates() const { return templates_; }
  /// The template with this id; throws TaskError("unknown task id \"x\"; known: ...").
  const TaskTemplate& get(const std::string& id) const;
  /// Templates of a split: "train", "test" or "all"; throws TaskError for another name.
  std::vector<const TaskTemplate*> split(const std::string& name) const;
  /// Templates matching a selector {"split": "train"|"test"|"all", "apps_in": [...],
  /// "apps_not_in": [...], "taxonomy": {...}, "taxonomy_not": {...}} (a template matches apps_in if
  /// any of its apps is listed; taxonomy if its taxonomy has every listed key with that value, e.g.
  /// {"risk": "high"}). Throws TaskError naming an unknown key or a value of the wrong kind.
  std::vector<const TaskTemplate*> select(const nlohmann::json& selector) const;

 private:
  std::vector<TaskTemplate> templates_;
  std::string calibration_file_;
  int stale_calibrations_ = 0;
};

/// A named evaluation regime (tasks/splits/<name>.json; AndroidWorld-Generalization's unseen
/// instance / template / app): which templates train on it, which are evaluated, and from which
/// seed evaluation instances start (so they differ from training instances).
struct SplitSpec {
  std::string name, description;
  nlohmann::json train, eval;  ///< selectors for TaskSet::select
  std::uint64_t eval_seed_from = 0;
  /// Evaluate templates that are also trained on with held-out instances only (HeldOutInstances).
  /// True for every regime and for "train"; false for "all" (the benchmark: every template, every
  /// instance) and where a regime file says "held_out_instances": false.
  bool hold_out = true;
};
/// "train", "test", "all", or a file tasks/splits/<name>.json in `splits_dir`; throws TaskError
/// naming the file and field for a bad one, or listing the known names for an unknown one.
SplitSpec load_split(const std::string& splits_dir, const std::string& name);

/// Samples the instance of `t` for `seed` (deterministic: splitmix64 over seed and the id's hash,
/// no std::distribution). `default_state` is the phone's fresh state; throws TaskError if the
/// setup patch does not apply. With `with_state` false the initial state is left null (the
/// parameters and the instruction are the same; for identities, which need no state).
TaskInstance sample_instance(const TaskTemplate& t, std::uint64_t seed, const nlohmann::json& default_state,
                             bool with_state = true);

/// An instance's identity, the unit that "held out" is about (AndroidWorld-Generalization's
/// unseen-instance regime): the template, its parameter values and the instruction (which fixes
/// the phrasing). The initial state is a function of these (the setup patch is filled from the
/// parameters), so two seeds with equal identities are the same task. FNV-1a over
/// "template \x1f parameters as JSON \x1f instruction".
std::uint64_t instance_identity(const TaskInstance& inst);

/// Which instances are reserved for evaluation, so that held-out means disjoint from everything
/// trained on (warm-start demonstrations, rollouts, replay). Every instance of a template whose
/// identity hash falls in the held-out fraction is held out; the trainer draws only the others,
/// evaluation only these. A template with fewer than `min_distinct` distinct instances over seeds
/// 0..`probe`-1, or whose probe shows no held-out or no trainable instance, holds none out: it is
/// trained on in full and leaves the unseen-instance regime (`excluded`). Deterministic: a pure
/// function of the templates and the default state, so the trainer, `phonegym eval` and the tests
/// agree.
class HeldOutInstances {
 public:
  struct Options {
    double fraction = 0.25;  ///< share of identity-hash space held out
    int min_distinct = 10;   ///< fewer distinct instances: not in the unseen-instance regime
    int probe = 200;         ///< seeds probed per template to count them
  };
  HeldOutInstances(const std::vector<const TaskTemplate*>& templates, const nlohmann::json& default_state,
                   Options opt);
  HeldOutInstances(const std::vector<const TaskTemplate*>& templates, const nlohmann::json& default_state)
      : HeldOutInstances(templates, default_state, Options{}) {}

  /// True for a reserved instance (never for a template outside the regime or unknown here).
  bool held_out(const TaskInstance& inst) const;
  /// Whether `t` has reserved instances (takes part in the unseen-instance regime).
  bool in_regime(const TaskTemplate& t) const { return in_regime_.count(t.id) > 0; }
  /// Templates given that hold nothing out, with the reason ("3 distinct instances").
  const std::map<std::string, std::string>& excluded() const { return excluded_; }

  /// The training instance for `seed`: the instance of the first of seed, seed+1, ... that is
  /// not held out. Throws TaskError after 10000 held-out seeds in a row. `with_state` as for
  /// sample_instance.
  TaskInstance train_instance(const TaskTemplate& t, std::uint64_t seed, const nlohmann::json& default_state,
                              bool with_state = true) const;
  /// `n` evaluation instances of a template in the regime: the held-out instances of the seeds
  /// from `from` on, in seed order (an identity may recur when the template has few). Throws
  /// TaskError for a template outside the regime.
  std::vector<TaskInstance> eval_instances(const TaskTemplate& t, std::uint64_t from, int n,
                                           const nlohmann::json& default_state) const;
  const Options& options() const { return opt_; }

 private:
  Options opt_;
  std::set<std::string> in_regime_;
  std::map<std::string, std::string> excluded_;
};

/// The benchmark's composition: templates by split, difficulty (calibrated or declared, counted in
/// "difficulty_source"), objective, scope and composition, and distinct instances (distinct parameter values over seeds 0..`probe`-1, at most 100 counted
/// per template, as the benchmark counts them).
nlohmann::json benchmark_stats(const TaskSet& set, const nlohmann::json& default_state, int probe = 400);

/// The tasks' string hash (FNV-1a with the basis instance seeds were first drawn with); the
/// random stream is splitmix64 (sim/util/hash.hpp).
std::uint64_t fnv1a(const std::string& s);

}  // namespace pg
