#include "trainer/algo/config.hpp"

#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <sstream>

namespace pg {

using json = nlohmann::json;

namespace {

enum class Kind { Int, UInt, Real, Bool, Enum, Text, Path, TextList };

/// One config key: how to read, write and check it.
struct Key {
  const char* name;
  Kind kind;
  const char* help;
  double lo = 0, hi = 0;                 // numbers: inclusive range
  std::vector<std::string> choices;      // Enum: the allowed strings
  std::function<json(const TrainConfig&)> get;
  std::function<void(TrainConfig&, const json&)> put;
};

constexpr double kInf = std::numeric_limits<double>::infinity();

std::string fmt_num(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == std::floor(v) && std::fabs(v) < 1e16) return std::to_string(static_cast<long long>(v));
  std::ostringstream o;
  o << v;
  return o.str();
}

std::string allowed_text(const Key& k) {
  switch (k.kind) {
    case Kind::Int:
    case Kind::UInt: return "an integer in " + fmt_num(k.lo) + ".." + fmt_num(k.hi);
    case Kind::Real: return "a number in [" + fmt_num(k.lo) + ", " + fmt_num(k.hi) + "]";
    case Kind::Bool: return "true or false";
    case Kind::Enum: {
      std::string s = "one of ";
      for (std::size_t i = 0; i < k.choices.size(); ++i) s += (i ? ", " : "") + k.choices[i];
      return s;
    }
    case Kind::Text: return "a non-empty string";
    case Kind::Path: return "a file path (empty: none)";
    case Kind::TextList: return "a list of strings (or one comma-separated string)";
  }
  return "?";
}

#define PG_INT(field, lo_, hi_, help_)                                                                   \
  Key{#field, Kind::Int, help_, lo_, hi_, {}, [](const TrainConfig& c) { return json(c.field); },      \
      [](TrainConfig& c, const json& v) { c.field = v.get<int>(); }}
#define PG_REAL(field, lo_, hi_, help_)                                                                  \
  Key{#field, Kind::Real, help_, lo_, hi_, {}, [](const TrainConfig& c) { return json(c.field); },     \
      [](TrainConfig& c, const json& v) { c.field = v.get<double>(); }}
#define PG_BOOL(field, help_)                                                                            \
  Key{#field, Kind::Bool, help_, 0, 0, {}, [](const TrainConfig& c) { return json(c.field); },         \
      [](TrainConfig& c, const json& v) { c.field = v.get<bool>(); }}
#define PG_ENUM(field, help_, ...)                                                                       \
  Key{#field, Kind::Enum, help_, 0, 0, {__VA_ARGS__}, [](const TrainConfig& c) { return json(c.field); }, \
      [](TrainConfig& c, const json& v) { c.field = v.get<std::string>(); }}

const std::vector<Key>& keys() {
  static const std::vector<Key> k = {
      PG_INT(iterations, 0, 1e7, "GRPO iterations (`--iterations N` also sets it; 0: the warm start and its evaluation only, the behaviour-cloning baseline)"),
      Key{"seed", Kind::UInt, "seeds templates, instances and rollouts (keyed by iteration, group, member, step)", 0,
          9.007199254740992e15, {}, [](const TrainConfig& c) { return json(c.seed); },
          [](TrainConfig& c, const json& v) { c.seed = v.get<std::uint64_t>(); }},
      PG_INT(threads, 1, 64, "torch intra-op threads (fixed, so runs reproduce)"),
      PG_ENUM(host, "env host: chromium (the main path), native (the same sim in-process), or browsers on other machines by DevTools URL (docs/host-api.md)", "chromium", "native", "remote:URL[,URL...]"),
      PG_INT(tabs, 1, 16, "Chromium tabs"),
      PG_INT(checkpoint_every, 1, 1e7, "write the resumable run state every N iterations"),
      Key{"split", Kind::Text, "templates to train on: train, test, all or a regime in tasks/splits/", 0, 0, {},
          [](const TrainConfig& c) { return json(c.split); },
          [](TrainConfig& c, const json& v) { c.split = v.get<std::string>(); }},
      Key{"templates", Kind::TextList, "only these template ids (empty: every template of the split)", 0, 0, {},
          [](const TrainConfig& c) { return json(c.templates); },
          [](TrainConfig& c, const json& v) { c.templates = v.get<std::vector<std::string>>(); }},
      Key{"perturb", Kind::Text,
          "domain randomization: perturbation specs separated by ';', one drawn per training instance (nominal, popup, "
          "heads_up, keyboard, drop, delay, repeat, spinner, mixed or kind=rate pairs; docs/real-device.md)",
          0, 0, {}, [](const TrainConfig& c) { return json(c.perturb); },
          [](TrainConfig& c, const json& v) { c.perturb = v.get<std::string>(); }},
      PG_ENUM(max_difficulty, "only templates at most this hard", "L1", "L2", "L3", "L4"),
      PG_INT(max_steps, 1, 100, "per-episode step cap (also capped by the template's step budget)"),
      PG_INT(groups, 1, 4096, "B: task instances per iteration"),
      PG_INT(group_size, 2, 1024, "K: rollouts per instance, forked from one reset env"),
      PG_REAL(lr, 1e-8, 1, "Adam learning rate of GRPO"),
      PG_ENUM(lr_schedule, "the GRPO learning rate over the run: constant, linear (annealed to 0 by the last iteration, as in PPO) or cosine",
              "constant", "linear", "cosine"),
      PG_INT(epochs, 1, 100, "update passes over an iteration's samples"),
      PG_INT(minibatch, 1, 65536, "steps per optimizer step"),
      PG_REAL(clip_low, 0, 1, "ratio clipped below at 1 - clip_low"),
      PG_REAL(clip_high, 0, 10, "ratio clipped above at 1 + clip_high (DAPO clip-higher)"),
      PG_REAL(kl_coef, 0, 10, "k3 KL to the frozen reference (the warm-start policy); 0 disables"),
      PG_BOOL(scale_by_std, "divide advantages by the group's std (false: Dr. GRPO)"),
      PG_ENUM(loss_avg, "step: mean over all steps (DAPO); trajectory: mean per trajectory, then over trajectories (GRPO)",
              "step", "trajectory"),
      PG_REAL(max_grad_norm, 0, 1e6, "gradient-norm clipping (0 disables)"),
      PG_REAL(entropy_coef, 0, 10, "bonus on the mean entropy of the action heads"),
      PG_REAL(explore, 0, 1,
              "reward action: exploration; each head's choice is uniform over its possible values with this "
              "probability (the update treats explored actions as sampled)"),
      PG_BOOL(dynamic_sampling, "drop groups whose rewards are all equal (no signal) and roll out more until B groups have signal (DAPO)"),
      PG_INT(dynamic_sampling_rounds, 1, 100, "dynamic sampling: rollout rounds per iteration at most (the first plus refills of the missing groups)"),
      PG_BOOL(step_priority,
              "reward action: pick a group's oracle step in proportion to 0.1 + (1 - its recent step accuracy) "
              "instead of uniformly"),
      PG_BOOL(dropped_group_entropy,
              "reward action: a dropped group's state still gets the entropy bonus (a screen the policy collapsed on "
              "keeps exploring)"),
      PG_ENUM(reward,
              "binary: 1 on success; progress: fraction of subtasks with MobileGym's penalties; action: Mobile-R1 "
              "action-level reward of single steps against the oracle's step",
              "binary", "progress", "action"),
      PG_REAL(action_type_credit, 0, 1, "reward action: credit for the right action kind with wrong arguments"),
      PG_REAL(action_distance_credit, 0, 1,
              "reward action: extra credit for a tap that misses the oracle's target, x exp(-(distance / action_distance_dp)^2)"),
      PG_REAL(action_stop_penalty, 0, 10,
              "reward action: a complete or abort where the oracle's step is not terminal earns minus this (a premature "
              "stop ends the episode)"),
      PG_REAL(abort_penalty, 0, 10,
              "reward binary and progress: an abort of a feasible task (a refusal of what the phone can do) earns minus "
              "this; at 0 it earns the 0 of any failure while infeasible templates pay 1 for aborting, and GRPO learns "
              "to abort every task"),
      PG_REAL(action_distance_dp, 1, 1000, "reward action: length scale of the near-miss credit in dp (the screen is 360 x 800 dp)"),
      PG_BOOL(spa, "AdaGRPO shortest-path reward adjustment (`--no-spa`)"),
      PG_REAL(spa_alpha, 0, 1, "SPA: a success loses up to this fraction of its reward for steps beyond the group's shortest"),
      PG_BOOL(adapr, "AdaGRPO difficulty-adaptive positive replay (`--no-adapr`)"),
      PG_INT(replay_size, 1, 100000, "AdaPR buffer capacity in trajectories"),
      PG_REAL(replay_top_ratio, 0, 1, "AdaPR: share of an iteration's positive-advantage successes admitted to the buffer, best advantages first"),
      PG_REAL(adapr_negative_ratio, 0, 1000, "AdaPR: negative-advantage trajectories kept per positive one in an update (MobileRL's 1:2 is 2; 0: keep all)"),
      PG_BOOL(fcf, "AdaGRPO failure curriculum filtering (`--no-fcf`)"),
      PG_INT(fcf_patience, 1, 1e6, "FCF: consecutive all-zero groups of a template before it is down-weighted"),
      PG_INT(fcf_drop, 1, 1e6, "FCF: consecutive all-zero groups before it is dropped"),
      PG_REAL(fcf_weight, 0, 1, "FCF: sampling weight of a down-weighted template (others: 1)"),
      PG_ENUM(init, "bc: behaviour cloning on oracle demonstrations first (the SFT stage); scratch: none", "bc",
              "scratch"),
      Key{"init_from", Kind::Path, "start from this saved policy (a checkpoint.pt; skips the warm start)", 0, 0, {},
          [](const TrainConfig& c) { return json(c.init_from); },
          [](TrainConfig& c, const json& v) { c.init_from = v.get<std::string>(); }},
      PG_INT(bc_instances, 1, 10000, "oracle-demonstrated instances per template"),
      PG_INT(bc_updates, 0, 1e7, "behaviour-cloning minibatch updates (32 samples each)"),
      PG_REAL(bc_lr, 1e-8, 1, "behaviour-cloning Adam learning rate"),
      PG_INT(eval_every, 0, 1e7, "greedy evaluation every N iterations (0: only after the last)"),
      PG_INT(eval_instances, 0, 10000, "held-out instances per template for evaluation (seeds from 1000; 0: no eval)"),
      PG_BOOL(eval_test, "also evaluate the split's test templates"),
      PG_INT(history, 0, 32, "W: previous actions the policy sees"),
      PG_ENUM(history_from,
              "reward action: the kinds in the history of a state on the oracle's path: policy (the kind the policy "
              "itself used for that step when it got it right, e.g. a tap on the app icon where the oracle used "
              "open_app; the oracle's until then) or oracle",
              "policy", "oracle"),
      PG_BOOL(text_norm, "policy: LayerNorm the instruction embedding (false: the raw mean of word vectors)"),
      PG_BOOL(trunk_film, "policy: FiLM the trunk by the instruction (false: the instruction only enters by concatenation)"),
      PG_ENUM(text_encoder, "policy: the instruction encoder: gru (word order) or bag (the mean of word vectors)",
              "gru", "bag"),
      PG_INT(screen_elements, 0, 512,
             "policy: accessibility-tree elements read per screen (text, class, bounds, flags; 0: pixels only)"),
      PG_BOOL(observed_spans,
              "policy: the type head copies spans read from the instruction and the screen (false: the task's parameter "
              "values, an input no real agent has)"),
      PG_INT(max_spans, 1, 64, "policy: candidate strings the type head chooses among"),
      PG_INT(span_memory, 0, 1024,
             "policy: texts of the episode's earlier screens the type head may also copy (the most recent distinct "
             "ones; 0: the current screen only)"),
      PG_BOOL(enter_action, "policy: an action kind for the keyboard's enter key (submit a search, commit a field)"),
      PG_BOOL(obs_direct,
              "observations drawn directly at 270x600 (the training-resolution rasterizer: about twice as fast, within "
              "a measured bound of the exact frame) instead of box-downscaled from the 1080x2400 frame"),
  };
  return k;
}

#undef PG_INT
#undef PG_REAL
#undef PG_BOOL
#undef PG_ENUM

const Key* find_key(const std::string& name) {
  for (const Key& k : keys())
    if (name == k.name) return &k;
  return nullptr;
}

std::string key_list() {
  std::string s;
  for (const Key& k : keys()) s += (s.empty() ? "" : ", ") + std::string(k.name);
  return s;
}

/// A value as JSON text for an error message; invalid UTF-8 is shown replaced, not thrown.
std::string shown(const json& v) { return v.dump(-1, ' ', false, json::error_handler_t::replace); }

[[noreturn]] void bad_value(const Key& k, const json& v) {
  throw ConfigError("config key \"" + std::string(k.name) + "\" = " + shown(v) + ": expected " + allowed_text(k));
}

/// Checks `v` against the key's type and range; returns the value to store (comma lists split).
json check_value(const Key& k, const json& v) {
  switch (k.kind) {
    case Kind::Int:
    case Kind::UInt: {
      if (!v.is_number_integer() && !v.is_number_unsigned()) {
        // 3.0 is fine, 3.5 is not
        if (!v.is_number_float() || std::floor(v.get<double>()) != v.get<double>()) bad_value(k, v);
      }
      const double d = v.get<double>();
      if (d < k.lo || d > k.hi) bad_value(k, v);
      return k.kind == Kind::UInt ? json(static_cast<std::uint64_t>(d)) : json(static_cast<int>(d));
    }
    case Kind::Real: {
      if (!v.is_number()) bad_value(k, v);
      const double d = v.get<double>();
      if (!(d >= k.lo && d <= k.hi)) bad_value(k, v);
      return d;
    }
    case Kind::Bool:
      if (!v.is_boolean()) bad_value(k, v);
      return v;
    case Kind::Enum:
      if (!v.is_string()) bad_value(k, v);
      for (const auto& c : k.choices) {
        if (c == v.get<std::string>()) return v;
        // A choice like "remote:URL[,URL...]" allows its prefix with any non-empty rest.
        const auto colon = c.find(':');
        const std::string& s = v.get_ref<const std::string&>();
        if (colon != std::string::npos && s.size() > colon + 1 && s.compare(0, colon + 1, c, 0, colon + 1) == 0) return v;
      }
      bad_value(k, v);
    case Kind::Text:
      if (!v.is_string() || v.get<std::string>().empty()) bad_value(k, v);
      return v;
    case Kind::Path:
      if (!v.is_string()) bad_value(k, v);
      return v;
    case Kind::TextList: {
      if (v.is_string()) {
        json out = json::array();
        std::stringstream ss(v.get<std::string>());
        std::string item;
        while (std::getline(ss, item, ','))
          if (!item.empty()) out.push_back(item);
        return out;
      }
      if (!v.is_array()) bad_value(k, v);
      for (const auto& e : v)
        if (!e.is_string() || e.get<std::string>().empty()) bad_value(k, v);
      return v;
    }
  }
  bad_value(k, v);
}

}  // namespace

json TrainConfig::to_json() const {
  json j = json::object();
  for (const Key& k : keys()) j[k.name] = k.get(*this);
  return j;
}

void TrainConfig::merge(const json& j) {
  if (!j.is_object()) throw ConfigError("train config must be a JSON object, got " + shown(j));
  TrainConfig next = *this;
  for (auto it = j.begin(); it != j.end(); ++it) {
    const Key* k = find_key(it.key());
    if (!k) throw ConfigError("unknown config key \"" + it.key() + "\"; allowed keys: " + key_list());
    try {  // the config is written back as JSON (config.json): text must be valid UTF-8 (found by tests/fuzz)
      (void)it.value().dump();
    } catch (const json::type_error&) {
      throw ConfigError("config key \"" + it.key() + "\" = " + shown(it.value()) + ": not valid UTF-8");
    }
    k->put(next, check_value(*k, it.value()));
  }
  next.validate();
  *this = std::move(next);
}

void TrainConfig::set(const std::string& kv) {
  const auto eq = kv.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError("--set \"" + kv + "\": expected key=value; allowed keys: " + key_list());
  const std::string key = kv.substr(0, eq), text = kv.substr(eq + 1);
  json v = json::parse(text, nullptr, false);
  if (v.is_discarded()) v = text;  // a bare string
  const Key* k = find_key(key);
  if (k && (k->kind == Kind::Enum || k->kind == Kind::Text || k->kind == Kind::Path) && !v.is_string()) v = text;  // e.g. split=1
  merge(json{{key, v}});
}

void TrainConfig::validate() const {
  // Every key in range (catches fields set directly in C++).
  for (const Key& k : keys()) check_value(k, k.get(*this));

  if (action_type_credit + action_distance_credit >= 1)
    throw ConfigError("config keys \"action_type_credit\" + \"action_distance_credit\" = " +
                      std::to_string(action_type_credit + action_distance_credit) +
                      ": expected a sum below 1 (a full match earns 1)");
  if (fcf_drop < fcf_patience)
    throw ConfigError("config key \"fcf_drop\" = " + std::to_string(fcf_drop) +
                      ": expected an integer >= fcf_patience (" + std::to_string(fcf_patience) + ")");
}

std::string TrainConfig::markdown_table() {
  const TrainConfig def;
  std::string s = "| key | default | allowed | |\n|---|---|---|---|\n";
  for (const Key& k : keys())
    s += "| " + std::string(k.name) + " | `" + k.get(def).dump() + "` | " + allowed_text(k) + " | " + k.help + " |\n";
  return s;
}

void merge_config_file(TrainConfig& cfg, const std::string& path) {
  std::ifstream f(path);
  if (!f) throw ConfigError("--config: cannot open " + path);
  std::stringstream ss;
  ss << f.rdbuf();
  json j = json::parse(ss.str(), nullptr, false);
  if (j.is_discarded()) throw ConfigError("--config: " + path + " is not valid JSON");
  try {
    cfg.merge(j);
  } catch (const ConfigError& e) {
    throw ConfigError("--config " + path + ": " + e.what());
  }
}

}  // namespace pg
