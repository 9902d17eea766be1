#include "trainer/algo/train.hpp"
#include "trainer/io.hpp"

#include "sim/os/perturb.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/a11y.hpp"
#include "sim/util/hash.hpp"
#include "tasks/judge.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task.hpp"
#include "tasks/task_env.hpp"
#include "trainer/algo/adagrpo.hpp"
#include "trainer/algo/grpo.hpp"
#include "trainer/algo/train_report.hpp"
#include "trainer/policy/policy.hpp"

#include <torch/torch.h>

#include <chrono>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <functional>
#include <set>
#include <sstream>

namespace pg {

using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

/// The strings the type head may copy in a policy saved before observed spans: the instance's
/// parameter values, in slot order (an input no real agent has; pg_policy_v3 reads them from the
/// instruction and the screen instead).
std::vector<std::string> spans_of(const TaskInstance& inst, int max_spans) {
  std::vector<std::string> s;
  for (const auto& [k, v] : inst.params)
    if (static_cast<int>(s.size()) < max_spans) s.push_back(v);
  return s;
}

/// Whether a policy reads the accessibility tree (for its elements or its spans).
bool reads_screen(const PolicyConfig& c) { return c.screen_elements > 0 || c.observed_spans; }

/// The policy's observation of a screen: pixels, the instruction, the history, and (per the
/// config) the accessibility-tree elements and the spans read from the instruction, the screen and
/// `memory` (the episode's earlier screens, PolicyConfig::span_memory), to which this screen's
/// texts are then added; a policy without observed spans gets `legacy_spans` (the task's
/// parameters). Called once per step of an episode, in order.
Observation observe_screen(Image img, const nlohmann::json& ui_tree, const std::string& instruction,
                           std::vector<int> history, const std::vector<std::string>& legacy_spans,
                           const PolicyConfig& c, std::vector<std::string>& memory) {
  Observation o{std::move(img), instruction, legacy_spans, std::move(history), {}};
  if (!reads_screen(c)) return o;
  std::vector<ScreenElement> els = screen_elements(ui_tree, std::max(c.screen_elements, 64));
  if (c.observed_spans) {
    o.spans = observed_spans(instruction, els, c.max_spans, memory, c.span_reader);
    remember_screen(memory, els, c.span_memory);
  }
  if (c.screen_elements > 0) {
    if (static_cast<int>(els.size()) > c.screen_elements) els.resize(static_cast<std::size_t>(c.screen_elements));
    o.elements = std::move(els);
  }
  return o;
}

/// The ui_tree JSON of a host observation that carries uiautomator XML (null without it).
nlohmann::json tree_of(const HostObservation& o) {
  return o.ui_xml.empty() ? nlohmann::json() : parse_ui_xml(o.ui_xml, 0, 0);
}

json action_to_json(const PolicyAction& a) {
  return {{"kind", static_cast<int>(a.kind)}, {"x", a.x_bin}, {"y", a.y_bin}, {"span", a.span}, {"app", a.app}};
}

PolicyAction action_from_json(const json& j) {
  PolicyAction a;
  a.kind = static_cast<PolicyActionKind>(j.at("kind").get<int>());
  a.x_bin = j.at("x").get<int>();
  a.y_bin = j.at("y").get<int>();
  a.span = j.at("span").get<int>();
  a.app = j.at("app").get<int>();
  return a;
}

bool terminal(PolicyActionKind k) { return k == PolicyActionKind::Complete || k == PolicyActionKind::Abort; }

class CheckpointAgent : public Agent {
 public:
  explicit CheckpointAgent(const std::string& path) {
    auto [p, c] = load_policy(path);
    policy_ = p;
    config_ = c;
    policy_->eval();
  }
  std::string name() const override { return "checkpoint"; }
  bool needs_pixels() const override { return true; }
  bool needs_ui_tree() const override { return reads_screen(config_); }
  void begin(const TaskInstance& inst, std::uint64_t seed) override {
    spans_ = config_.observed_spans ? std::vector<std::string>{} : spans_of(inst, config_.max_spans);
    seed_ = seed;
    history_.clear();
    memory_.clear();
  }
  Action act(const AgentObservation& obs) override {
    std::vector<Observation> batch{
        observe_screen(obs.screenshot, obs.ui_tree, obs.instance->instruction, history_, spans_, config_, memory_)};
    SampleResult r = sample(policy_, batch, seed_ + static_cast<std::uint64_t>(obs.step), /*greedy=*/true);
    history_.push_back(static_cast<int>(r.actions[0].kind));
    return to_action(r.actions[0], batch[0].spans, config_);
  }

 private:
  Policy policy_{nullptr};
  PolicyConfig config_;
  std::vector<std::string> spans_;
  std::vector<int> history_;
  std::vector<std::string> memory_;  ///< span memory: texts of this episode's earlier screens
  std::uint64_t seed_ = 0;
};


json read_json(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw ConfigError("cannot open " + path);
  std::stringstream ss;
  ss << f.rdbuf();
  json j = json::parse(ss.str(), nullptr, false);
  if (j.is_discarded()) throw ConfigError(path + " is not valid JSON");
  return j;
}

/// One episode being rolled out: the policy's side (observations, actions, log-probs); the episode
/// env (tasks/task_env.hpp) decides its end, verdict and reward.
struct Episode {
  TaskInstance inst;
  int env = -1, group = 0, member = 0, budget = 1;  ///< env: the pool env it runs on
  std::uint64_t key = 0;  ///< keys the per-step sampling seeds
  std::vector<std::string> spans;
  std::vector<int> history;
  std::vector<std::string> memory;  ///< span memory: texts of the episode's earlier screens
  Observation cur;
  std::vector<Observation> obs;  ///< observation before each action (kept when training)
  std::vector<PolicyAction> actions;
  std::vector<float> logps;
  TaskEnv task;
  double reward = 0;     ///< the episode env's reward, once judged
  bool success = false;  ///< the judge's verdict
  bool aborted = false;  ///< the episode ended by abort
};

/// The steps' results, or the host failure that ended them for good.
void check_host(const std::vector<StepResult>& res) {
  for (const StepResult& r : res)
    if (!r.host_error.empty()) throw HostFailure("env " + std::to_string(r.env_id) + ": " + r.host_error);
}

const ObsSpec kSpec{};  // 270x600 raw RGB: the policy's observation (+ uiautomator XML when it reads the screen)

}  // namespace

// =============================================================================================

class Trainer {
 public:
  Trainer(const TrainConfig& cfg, Host& host, const std::string& tasks_dir, const std::string& out_dir,
          const IterationCallback& cb, const TrainOptions& opt)
      : cfg_(cfg), host_(host), envs_(host, pool_options(cfg)), out_(out_dir), cb_(cb), opt_(opt),
        tasks_(TaskSet::load(tasks_dir)) {
    try {  // the spec is checked here: the config library does not link the sim
      perturb_ = PerturbationMix(cfg_.perturb);
    } catch (const std::invalid_argument& e) {
      throw ConfigError("config key \"perturb\" = \"" + cfg_.perturb + "\": " + e.what());
    }
    rank_ = opt.comm ? opt.comm->rank() : 0;
    world_ = opt.comm ? opt.comm->world_size() : 1;
    const SplitSpec split =
        load_split((fs::path(tasks_dir) / ".." / "splits").lexically_normal().string(), cfg.split);
    pool_ = filter(tasks_.select(split.train));
    if (pool_.empty())
      throw ConfigError("no templates to train on: split \"" + cfg.split + "\", max_difficulty " + cfg.max_difficulty +
                        (cfg.templates.empty() ? "" : ", templates " + json(cfg.templates).dump()));
    // Test templates: the split's evaluation templates that are not trained on, same difficulty cap.
    std::set<std::string> train_ids;
    for (auto* t : pool_) train_ids.insert(t->id);
    // Those are the regime's evaluation templates (tasks/splits/) and the test split's.
    std::vector<const TaskTemplate*> candidates = tasks_.select(split.eval);
    for (auto* t : tasks_.select(json{{"split", "test"}})) candidates.push_back(t);
    for (auto* t : candidates)
      if (!train_ids.count(t->id) && t->difficulty() <= cfg.max_difficulty &&
          (cfg.templates.empty() || same_family(t->id))) {
        train_ids.insert(t->id);  // once each
        test_pool_.push_back(t);
      }
    default_state_ = Phone::default_state();
    heldout_ = std::make_unique<HeldOutInstances>(pool_, default_state_);

    // pcfg_.apps stays empty: open_app picks among the installed apps, looked up when used, so
    // checkpoints and run states stay loadable when an app is added (PolicyConfig::apps).
    pcfg_.history = cfg.history;
    pcfg_.text_norm = cfg.text_norm;
    pcfg_.trunk_film = cfg.trunk_film;
    pcfg_.text_encoder = cfg.text_encoder;
    pcfg_.screen_elements = cfg.screen_elements;
    pcfg_.observed_spans = cfg.observed_spans;
    pcfg_.max_spans = cfg.max_spans;
    pcfg_.span_memory = cfg.span_memory;
    pcfg_.action_kinds = cfg.enter_action ? kNumPolicyActionKinds : static_cast<int>(PolicyActionKind::Enter);
    gcfg_.clip_low = cfg.clip_low;
    gcfg_.clip_high = cfg.clip_high;
    gcfg_.kl_coef = cfg.kl_coef;
    gcfg_.epochs = cfg.epochs;
    gcfg_.lr = cfg.lr;
    gcfg_.max_grad_norm = cfg.max_grad_norm;
    gcfg_.entropy_coef = cfg.entropy_coef;
    gcfg_.loss_avg = cfg.loss_avg == "trajectory" ? LossAveraging::Trajectory : LossAveraging::Step;
    curriculum_ = FailureCurriculum(cfg.fcf_patience, cfg.fcf_drop, cfg.fcf_weight);
    replay_ = ReplayBuffer(cfg.replay_size);
  }

  json run() {
    torch::manual_seed(cfg_.seed);
    torch::set_num_threads(cfg_.threads);
    if (rank_ == 0) fs::create_directories(out_);
    policy_ = Policy(pcfg_);
    optimizer_ = make_optimizer(policy_, gcfg_);
    int start = 0;
    if (opt_.resume) {
      start = load_state();
      if (rank_ == 0) trim_metrics(start);
    } else if (rank_ == 0) {
      std::ofstream(out_ + "/metrics.jsonl", std::ios::trunc);
    }
    if (rank_ == 0) write_file_atomic(out_ + "/config.json", cfg_.to_json().dump(2) + "\n");
    if (!bc_done_) {
      if (!cfg_.init_from.empty()) {
        auto [p, pc] = load_policy(cfg_.init_from);
        if (pc.to_json() != pcfg_.to_json())
          throw ConfigError("config key \"init_from\": " + cfg_.init_from + " has another policy architecture: " +
                            pc.to_json().dump());
        policy_ = p;
        optimizer_ = make_optimizer(policy_, gcfg_);
      } else if (cfg_.init == "bc") {
        warm_start();
      }
      reference_ = clone_policy(policy_);
      bc_done_ = true;
      if (cfg_.eval_instances > 0) evaluate(0);
    }
    json last;
    for (int it = start; it < cfg_.iterations; ++it) {
      set_lr(it);
      last = cfg_.reward == "action" ? iterate_action(it) : iterate(it);
      const bool final_it = it + 1 == cfg_.iterations;
      if (cfg_.eval_instances > 0 && ((cfg_.eval_every > 0 && (it + 1) % cfg_.eval_every == 0) || final_it))
        evaluate(it + 1);
      if ((it + 1) % cfg_.checkpoint_every == 0 || final_it) save_state(it + 1);
    }
    if (cfg_.iterations == 0) save_state(0);  // the warm start alone (the BC baseline): its checkpoint
    if (rank_ == 0) write_train_report(out_);
    return last;
  }

 private:
  /// The GRPO learning rate of iteration `it` under `lr_schedule` (a function of the iteration
  /// only, so a resumed run continues the same schedule).
  double lr_at(int it) const {
    const double f = static_cast<double>(it) / cfg_.iterations;
    if (cfg_.lr_schedule == "linear") return cfg_.lr * (1.0 - f);
    if (cfg_.lr_schedule == "cosine") return cfg_.lr * 0.5 * (1.0 + std::cos(M_PI * f));
    return cfg_.lr;
  }
  void set_lr(int it) {
    for (auto& group : optimizer_->param_groups())
      static_cast<torch::optim::AdamOptions&>(group.options()).lr(lr_at(it));
  }

  // ------------------------------------------------------------------------------ setup helpers
  bool same_family(const std::string& id) const {
    // With an explicit template list, test templates are those of the listed templates' apps.
    const std::string app = id.substr(0, id.find('.'));
    for (const auto& t : cfg_.templates)
      if (t.substr(0, t.find('.')) == app) return true;
    return false;
  }

  std::vector<const TaskTemplate*> filter(const std::vector<const TaskTemplate*>& in) const {
    std::vector<const TaskTemplate*> out;
    std::set<std::string> wanted(cfg_.templates.begin(), cfg_.templates.end());
    for (const auto& id : wanted) tasks_.get(id);  // unknown ids throw with the known ones
    for (auto* t : in) {
      if (t->difficulty() > cfg_.max_difficulty) continue;
      if (!wanted.empty() && !wanted.count(t->id)) continue;
      out.push_back(t);
    }
    if (!wanted.empty() && out.size() != wanted.size()) {
      std::string missing;
      for (const auto& id : wanted) {
        bool found = false;
        for (auto* t : out) found |= t->id == id;
        if (!found) missing += (missing.empty() ? "" : ", ") + id;
      }
      throw ConfigError("config key \"templates\": " + missing + " not in split \"" + cfg_.split +
                        "\" at difficulty <= " + cfg_.max_difficulty);
    }
    return out;
  }

  void emit(const json& m, bool to_file = true) {
    if (rank_ != 0) return;
    if (to_file) {
      std::ofstream f(out_ + "/metrics.jsonl", std::ios::app);
      f << m.dump() << "\n";
    }
    if (cb_) cb_(m);
  }

  /// The episode's next observation (once per step: it adds the screen to the span memory).
  Observation observation(Episode& e, const HostObservation& o) const {
    return observe_screen(o.pixels(), tree_of(o), e.inst.instruction, e.history, e.spans, pcfg_, e.memory);
  }

  // ------------------------------------------------------------------------------ the env pool
  /// Every env lives in one asynchronous pool (trainer/pool/env_pool.hpp): a browser that dies or
  /// hangs is restarted and every env restored from its snapshot with its actions replayed, so a run
  /// with a fault ends exactly as the same run without it.
  static EnvPool::Options pool_options(const TrainConfig& cfg) {
    EnvPool::Options o;
    o.workers = 1;        // one batched host call per step; the browser host spreads it over tabs
    o.max_batch = 1 << 20;
    o.pixels = true;
    o.obs = kSpec;
    o.obs.direct = cfg.obs_direct;
    o.obs.ui_xml = cfg.screen_elements > 0 || cfg.observed_spans;  // one call per step brings both
    o.max_restarts = 16;
    return o;
  }
  Image screenshot(int env) { return envs_.observe(env).observation.pixels(); }
  /// The observation of an env now (pixels, and the XML when the policy reads the screen).
  HostObservation look(int env) { return envs_.observe(env).observation; }
  json ui_tree(int env) {
    return envs_.call(env, [](Host& h, int slot) { return h.ui_tree(slot); });
  }
  /// One action on one env; a rejected action is ignored (it changed nothing).
  void step_env(int env, const Action& a) { check_host(envs_.step({a}, {env})); }
  /// A new env at the instance's initial state.
  int add_env(const TaskInstance& inst) { return envs_.add(inst.initial_state); }

  // ------------------------------------------------------------------------------ rollouts
  /// Steps every episode until its episode env says done: one batched forward per step, one pool
  /// step (one batched host call) per step. keep: store observations, actions and log-probs.
  void roll(std::vector<Episode>& eps, bool greedy, bool keep) {
    {
      std::vector<int> ids;
      for (auto& e : eps) {
        e.task.begin(e.inst, EpisodeConfig{e.budget, cfg_.reward == "binary"});
        ids.push_back(e.env);
      }
      auto res = envs_.observe(ids);
      for (std::size_t i = 0; i < eps.size(); ++i) eps[i].cur = observation(eps[i], res[i].observation);
    }
    for (int step = 0;; ++step) {
      std::vector<Episode*> live;
      for (auto& e : eps)
        if (!e.task.done()) live.push_back(&e);
      if (live.empty()) break;
      std::vector<const Observation*> obs;
      std::vector<std::uint64_t> seeds;
      for (auto* e : live) {
        obs.push_back(&e->cur);
        seeds.push_back(keyed_seed({e->key, static_cast<std::uint64_t>(step)}));
      }
      SampleResult sr = sample_rows(policy_, make_batch(obs, pcfg_), seeds, greedy);
      auto lp = sr.log_probs.accessor<float, 1>();
      std::vector<Action> acts;
      std::vector<int> ids;
      for (std::size_t b = 0; b < live.size(); ++b) {
        // Policy actions are always well-formed: every one reaches the phone.
        acts.push_back(*live[b]->task.submit(to_action(sr.actions[b], live[b]->cur.spans, pcfg_)));
        ids.push_back(live[b]->env);
      }
      auto res = envs_.step(acts, ids);
      check_host(res);
      for (std::size_t b = 0; b < live.size(); ++b) {
        Episode& e = *live[b];
        const PolicyAction& a = sr.actions[b];
        if (keep) {
          e.obs.push_back(std::move(e.cur));
          e.logps.push_back(lp[static_cast<long>(b)]);
        }
        e.actions.push_back(a);
        e.history.push_back(static_cast<int>(a.kind));
        ++env_steps_;
        if (const auto in = res[b].info.find("info"); in != res[b].info.end() && in->is_object() && in->contains("perturbations"))
          ++perturbed_steps_;  // domain randomization at work (config key perturb)
        const bool rejected = res[b].info.contains("error");
        if (!e.task.record(res[b].info).done())
          e.cur = observation(e, rejected ? look(e.env) : res[b].observation);
      }
    }
    for (auto& e : eps) {
      if (e.task.needs_judge()) e.task.conclude(envs_.state(e.env));
      const Trajectory& tr = e.task.trajectory();
      e.success = tr.verdict.success;
      e.aborted = tr.end.aborted;
      e.reward = tr.reward;
    }
  }

  /// The instance of `t` at exactly this seed (a replayed trajectory's: its seed is a training one).
  TaskInstance instance_of(const TaskTemplate& t, std::uint64_t seed) const {
    return perturbed(sample_instance(t, seed, default_state_));
  }
  /// A training instance near `seed`: never a held-out one (HeldOutInstances), so evaluation on
  /// unseen instances is disjoint from every demonstration, rollout and replay.
  TaskInstance train_instance(const TaskTemplate& t, std::uint64_t seed) const {
    return perturbed(heldout_->train_instance(t, seed, default_state_));
  }
  /// `inst` under the perturbation the config's mix draws for its seed (domain randomization,
  /// docs/real-device.md); unchanged when the mix is nominal.
  TaskInstance perturbed(TaskInstance inst) const {
    if (perturb_.nominal()) return inst;
    inst.initial_state = perturb_.apply(std::move(inst.initial_state), inst.seed ^ cfg_.seed);
    return inst;
  }
  /// The identity of an instance as metrics.jsonl records it (hex of instance_identity).
  static std::string identity_of(const TaskInstance& inst) { return hex16(instance_identity(inst)); }

  /// The groups this rank rolls out (global group index g: g % world == rank).
  bool mine(int g) const { return g % world_ == rank_; }

  /// Template of global group g at iteration it (FCF-weighted, keyed: every rank agrees).
  const TaskTemplate* pick_template(int it, int g) const {
    std::vector<std::string> ids;
    for (auto* t : pool_) ids.push_back(t->id);
    std::vector<double> w = cfg_.fcf ? curriculum_.weights(ids) : std::vector<double>(ids.size(), 1.0);
    const int c = keyed_choice(w, {cfg_.seed, static_cast<std::uint64_t>(it), static_cast<std::uint64_t>(g), 1});
    return pool_[static_cast<std::size_t>(std::max(0, c))];
  }

  std::uint64_t instance_seed(int it, int g) const {
    return keyed_seed({cfg_.seed, static_cast<std::uint64_t>(it), static_cast<std::uint64_t>(g), 2}) % 1000000000ULL +
           1000000ULL;  // never one of the evaluation seeds (1000 + i)
  }

  // ------------------------------------------------------------------------------ warm start
  void warm_start() {
    const auto tb = Clock::now();
    std::vector<std::pair<Observation, PolicyAction>> demos;
    json demo_instances = json::array();
    // Oracle steps the policy cannot express (skipped, counted): "template: action type" -> steps.
    std::map<std::string, int> unencodable_by;
    int lost = 0;         // perturbed instances whose oracle lost its way (their steps dropped)
    const int env = envs_.add(nullptr);
    PoolPhone phone(envs_, env);
    for (const TaskTemplate* t : pool_) {
      for (int i = 0; i < cfg_.bc_instances; ++i) {
        TaskInstance inst = train_instance(*t, 1000000 + cfg_.seed * 1000 + static_cast<std::uint64_t>(i));
        demo_instances.push_back(identity_of(inst));
        const std::vector<std::string> legacy = spans_of(inst, pcfg_.max_spans);
        TaskEnv task;
        task.reset(phone, inst);
        phone.observe();
        OracleAgent oracle(inst);
        std::vector<int> hist;
        std::vector<std::string> memory;
        const std::size_t first_demo = demos.size();
        std::map<std::string, int> unencodable_here;  // merged only if the instance is kept
        try {
          while (!task.done()) {
            const json tree = ui_tree(env);
            std::optional<Action> a = oracle.next(tree);
            if (!a) break;
            Observation ob = observe_screen(phone.last().obs, tree, inst.instruction, hist, legacy, pcfg_, memory);
            if (auto pa = encode_action(*a, ob.spans, pcfg_)) {
              hist.push_back(static_cast<int>(pa->kind));
              demos.emplace_back(std::move(ob), *pa);
            } else {
              ++unencodable_here[t->id + ": " + to_string(a->type)];  // e.g. typed text read nowhere
            }
            task.step(phone, *a);
          }
          for (const auto& [what, n] : unencodable_here) unencodable_by[what] += n;
        } catch (const TaskError&) {
          // Under domain randomization (config key perturb) the demonstrations include the
          // oracle's recoveries (dismissing a pop-up, retrying a dropped tap); when a recovery
          // fails the script is lost and its steps teach nothing: they are dropped and counted.
          // On a nominal instance it is a broken template.
          if (!oracle.perturbed()) throw;
          demos.erase(demos.begin() + static_cast<std::ptrdiff_t>(first_demo), demos.end());
          ++lost;
        }
      }
    }
    envs_.remove(env);
    GrpoConfig bcfg = gcfg_;
    bcfg.lr = cfg_.bc_lr;
    auto bc_opt = make_optimizer(policy_, bcfg);
    double nll = 0;
    const int bc_epochs =
        demos.empty() || cfg_.bc_updates == 0
            ? 0
            : std::max(1, static_cast<int>((cfg_.bc_updates * 32 + demos.size() / 2) / demos.size()));
    for (int e = 0; e < bc_epochs; ++e) {
      nll = bc_update(policy_, *bc_opt, demos, 32, 1.0, cfg_.seed + static_cast<std::uint64_t>(e));
      if ((e + 1) % std::max(1, bc_epochs / 4) == 0 || e + 1 == bc_epochs)
        emit({{"phase", "bc_epoch"}, {"epoch", e + 1}, {"epochs", bc_epochs}, {"nll", nll},
              {"demonstrations", demos.size()}},
             false);
    }
    int unencodable_steps = 0;
    for (const auto& [what, n] : unencodable_by) unencodable_steps += n;
    emit({{"phase", "bc"}, {"demonstrations", demos.size()}, {"epochs", bc_epochs}, {"nll", nll},
          {"seconds", since(tb)}, {"instances", demo_instances}, {"unencodable_steps", unencodable_steps},
          {"unencodable_by_template", unencodable_by}, {"oracle_lost", lost}});
  }

  // ------------------------------------------------------------------------------ trajectory GRPO
  /// Rolls out the groups [g0, g1) of iteration `it` that are this rank's: each instance is reset
  /// once and forked K times. Returns the episodes, K consecutive per group.
  std::vector<Episode> rollout_groups(int it, int g0, int g1, std::vector<const TaskTemplate*>& tmpl) {
    const int K = cfg_.group_size;
    std::vector<Episode> eps;
    for (int g = g0; g < g1; ++g) {
      if (static_cast<int>(tmpl.size()) <= g) tmpl.resize(static_cast<std::size_t>(g) + 1);
      tmpl[static_cast<std::size_t>(g)] = pick_template(it, g);
      if (!mine(g)) continue;
      TaskInstance inst = train_instance(*tmpl[static_cast<std::size_t>(g)], instance_seed(it, g));
      const int root = add_env(inst);
      const std::vector<int> forks = envs_.fork(root, K);
      for (int k = 0; k < K; ++k) {
        Episode e;
        e.inst = inst;
        e.env = forks[static_cast<std::size_t>(k)];
        e.group = g, e.member = k;
        e.key = keyed_seed({cfg_.seed, static_cast<std::uint64_t>(it), static_cast<std::uint64_t>(g),
                            static_cast<std::uint64_t>(k), 3});
        e.spans = spans_of(inst, pcfg_.max_spans);
        e.budget = std::min(cfg_.max_steps, inst.tmpl->step_budget);
        eps.push_back(std::move(e));
      }
      envs_.remove(root);
    }
    policy_->eval();
    roll(eps, false, true);
    for (auto& e : eps) envs_.remove(e.env);
    return eps;
  }

  json iterate(int it) {
    const auto t0 = Clock::now();
    const std::size_t steps0 = env_steps_, perturbed0 = perturbed_steps_;
    const int B = cfg_.groups, K = cfg_.group_size;
    std::vector<const TaskTemplate*> tmpl;
    std::vector<StepSample> samples;
    std::vector<double> traj_adv;  // advantage of each on-policy trajectory, by trajectory id
    int traj_id = 0, kept_groups = 0, rounds = 0, sampled = 0;
    double succ = 0, rew = 0, len = 0, raw_rew = 0, n_eps = 0, aborts = 0, feasible_eps = 0, false_aborts = 0;
    std::vector<ReplayItem> new_positives;
    double rollout_s = 0;
    // Rounds of B groups, then (dynamic sampling, DAPO §3.2) of the groups still missing, until B
    // groups across all ranks have reward variance or `dynamic_sampling_rounds` rounds have run.
    // Refill groups continue the global group index (B, B+1, ...), so every draw stays keyed.
    int total_kept = 0;
    while (rounds < (cfg_.dynamic_sampling ? cfg_.dynamic_sampling_rounds : 1)) {
      const int want = rounds == 0 ? B : B - total_kept;
      if (want <= 0) break;
      const int g0 = sampled, g1 = sampled + want;
      const auto tr = Clock::now();
      std::vector<Episode> eps = rollout_groups(it, g0, g1, tmpl);
      rollout_s += since(tr);
      ++rounds;
      sampled = g1;
      std::vector<double> group_zero(static_cast<std::size_t>(want), 0.0), group_sr(static_cast<std::size_t>(want), 0.0);
      int round_kept = 0;
      // Rewards -> SPA -> group advantages, per group (this rank's groups; K consecutive episodes).
      for (std::size_t s = 0; s < eps.size(); s += static_cast<std::size_t>(K)) {
        const int g = eps[s].group;
        std::vector<double> r(K);
        std::vector<int> lens(K);
        std::vector<bool> ok(K);
        bool any_refused = false;  // a rollout aborted a feasible task
        for (int k = 0; k < K; ++k) {
          const Episode& e = eps[s + static_cast<std::size_t>(k)];
          const bool refused = e.aborted && e.inst.tmpl->feasible;
          any_refused |= refused;
          // A refusal of a task the phone can do costs abort_penalty: without it an abort there earns
          // the 0 of any failure while infeasible templates pay 1 for it, and GRPO learns to abort
          // every task (the defaults did, session 20).
          r[k] = e.reward - (refused ? cfg_.abort_penalty : 0.0);
          lens[k] = static_cast<int>(e.actions.size());
          ok[k] = e.success;
          succ += e.success, raw_rew += e.reward, len += lens[k], n_eps += 1, aborts += e.aborted;
          feasible_eps += e.inst.tmpl->feasible, false_aborts += refused;
        }
        // FCF counts groups without any reward. A group in which a rollout refused a feasible task
        // is not one: the policy has not tried, so nothing says the template is out of reach, and
        // dropping it would keep the abort penalty from ever reaching a rollout (the policy then
        // learns to refuse every feasible task; TrainLearning.AWrongAbortCosts...). It resets
        // the streak; once the refusals are trained away, failures count again.
        bool all_zero = !any_refused;
        for (double v : r) all_zero &= v <= 0.0;
        group_zero[static_cast<std::size_t>(g - g0)] = all_zero ? 1.0 : 0.0;
        double gs = 0;
        for (bool b : ok) gs += b;
        group_sr[static_cast<std::size_t>(g - g0)] = gs / K;
        if (cfg_.spa) r = shortest_path_adjust(r, lens, ok, eps[s].budget, cfg_.spa_alpha);
        for (double v : r) rew += v;
        auto adv = group_advantages(torch::tensor(r, torch::kFloat64).view({1, K}), cfg_.scale_by_std);
        const bool equal = adv.abs().sum().item<double>() == 0;
        if (equal && cfg_.dynamic_sampling) continue;
        ++round_kept;
        for (int k = 0; k < K; ++k) {
          Episode& e = eps[s + static_cast<std::size_t>(k)];
          const float a = adv[0][k].item<float>();
          for (std::size_t t = 0; t < e.actions.size(); ++t) {
            samples.push_back(StepSample{std::move(e.obs[t]), e.actions[t], e.logps[t], a, traj_id, 1.0f});
            if (t == 0) samples.back().obs_key = g;  // a group's forks start from one observation
          }
          traj_adv.push_back(a);
          ++traj_id;
          if (cfg_.adapr && a > 0 && e.success) {
            ReplayItem item;
            item.template_id = e.inst.tmpl->id;
            item.seed = e.inst.seed;
            for (const auto& pa : e.actions) item.actions.push_back(action_to_json(pa));
            item.reward = r[k];
            item.advantage = a;
            item.difficulty = 1.0 - group_sr[static_cast<std::size_t>(g - g0)];
            item.iteration = it;
            new_positives.push_back(std::move(item));
          }
        }
      }
      // FCF sees every group (all ranks agree on the curriculum and on how many groups were kept).
      double kept_all = round_kept;
      if (opt_.comm) {
        std::vector<torch::Tensor> t{torch::tensor(group_zero, torch::kFloat64), torch::tensor(group_sr, torch::kFloat64),
                                     torch::tensor({kept_all}, torch::kFloat64)};
        opt_.comm->all_reduce_sum(t);
        for (int g = 0; g < want; ++g)
          group_zero[static_cast<std::size_t>(g)] = t[0][g].item<double>(), group_sr[static_cast<std::size_t>(g)] = t[1][g].item<double>();
        kept_all = t[2][0].item<double>();
      }
      for (int g = g0; g < g1; ++g) curriculum_.record(tmpl[static_cast<std::size_t>(g)]->id, group_zero[static_cast<std::size_t>(g - g0)] > 0.5);
      total_kept += static_cast<int>(kept_all);
      kept_groups += round_kept;
    }

    // AdaPR (MobileRL): replay earlier positives (at most one per two negatives; a replayed item
    // retires), prune negatives to `adapr_negative_ratio` per positive, then admit the top share
    // of this iteration's positives.
    int replayed = 0, pruned = 0, admitted = 0;
    if (cfg_.adapr && !samples.empty()) {
      int negatives = 0;
      for (double a : traj_adv) negatives += a < 0;
      auto items = replay_.take(replay_.budget(negatives), keyed_seed({cfg_.seed, static_cast<std::uint64_t>(it), 4}));
      std::vector<double> adv_all = traj_adv;
      for (const auto& item : items) {
        replayed += replay_into(item, samples, traj_id++);
        adv_all.push_back(item.advantage);
      }
      const std::vector<int> drop =
          prune_negatives(adv_all, cfg_.adapr_negative_ratio, keyed_seed({cfg_.seed, static_cast<std::uint64_t>(it), 7}));
      if (!drop.empty()) {
        std::set<int> gone(drop.begin(), drop.end());
        std::vector<StepSample> keep;
        keep.reserve(samples.size());
        for (auto& sm : samples)
          if (!gone.count(sm.traj)) keep.push_back(std::move(sm));
        samples = std::move(keep);
        pruned = static_cast<int>(drop.size());
      }
    }
    if (cfg_.adapr) admitted = replay_.admit(std::move(new_positives), cfg_.replay_top_ratio);

    GrpoStats stats;
    const double any = opt_.comm ? opt_.comm->sum(static_cast<double>(samples.size())) : samples.size();
    if (any > 0)
      stats = grpo_update(policy_, *optimizer_, samples, gcfg_, cfg_.minibatch,
                          cfg_.kl_coef > 0 ? &reference_ : nullptr, keyed_seed({cfg_.seed, static_cast<std::uint64_t>(it), 5}),
                          opt_.comm);
    // Metrics over all ranks.
    std::vector<double> agg{succ, rew, raw_rew, len, n_eps, static_cast<double>(env_steps_ - steps0),
                            static_cast<double>(kept_groups), static_cast<double>(replayed), static_cast<double>(pruned),
                            static_cast<double>(admitted), static_cast<double>(perturbed_steps_ - perturbed0), aborts, feasible_eps,
                            false_aborts};
    if (opt_.comm) {
      std::vector<torch::Tensor> t{torch::tensor(agg, torch::kFloat64)};
      opt_.comm->all_reduce_sum(t);
      for (std::size_t i = 0; i < agg.size(); ++i) agg[i] = t[0][static_cast<long>(i)].item<double>();
    }
    const double n = std::max(1.0, agg[4]);
    json m{{"phase", "iteration"},
           {"iteration", it + 1},
           {"iterations", cfg_.iterations},
           {"episodes", static_cast<int>(agg[4])},
           {"sr", agg[0] / n},
           {"mean_reward", agg[1] / n},
           {"raw_reward", agg[2] / n},
           {"episode_length", agg[3] / n},
           {"abort_rate", agg[11] / n},
           {"false_abort_rate", agg[13] / std::max(1.0, agg[12])},
           {"env_steps", static_cast<int>(agg[5])},
           {"perturbed_steps", static_cast<int>(agg[10])},
           {"steps_per_s", agg[5] / std::max(1e-9, rollout_s)},
           {"rollout_s", rollout_s},
           {"seconds", since(t0)},
           {"groups_sampled", sampled},
           {"sampling_rounds", rounds},
           {"groups_kept", static_cast<int>(agg[6])},
           {"replayed_steps", static_cast<int>(agg[7])},
           {"negatives_pruned", static_cast<int>(agg[8])},
           {"replay_admitted", static_cast<int>(agg[9])},
           {"replay_buffer", replay_.size()},
           {"updated", stats.updates > 0},
           {"loss", stats.loss},
           {"kl", stats.kl}, {"kl_spikes", stats.kl_spikes},
           {"clip_frac", stats.clip_frac},
           {"entropy", stats.entropy},
           {"grad_norm", stats.grad_norm}, {"lr", lr_at(it)}, {"host_restarts", envs_.restarts()}};
    json tasks_j = json::array(), inst_j = json::array(), cond_j = json::array();
    for (int g = 0; g < sampled; ++g) {
      const TaskTemplate& t = *tmpl[static_cast<std::size_t>(g)];
      tasks_j.push_back(t.id);
      inst_j.push_back(identity_of(heldout_->train_instance(t, instance_seed(it, g), default_state_, false)));
      // The group's condition (domain randomization, config key perturb): profile, theme, perturbation.
      cond_j.push_back(perturb_.nominal() ? std::string("nominal")
                                          : state_condition(train_instance(t, instance_seed(it, g)).initial_state));
    }
    m["tasks"] = tasks_j;
    m["instances"] = inst_j;
    m["conditions"] = cond_j;
    int dropped = 0;
    for (auto* t : pool_) dropped += curriculum_.weight(t->id) == 0.0;
    m["fcf_dropped"] = dropped;
    emit(m);
    return m;
  }

  /// Re-renders a replayed trajectory (reset + its actions) into samples with old log-probs from
  /// the current policy (the ratio starts at 1). Returns the number of steps added.
  int replay_into(const ReplayItem& item, std::vector<StepSample>& samples, int traj) {
    TaskInstance inst = instance_of(tasks_.get(item.template_id), item.seed);
    Episode e;
    e.inst = inst;
    e.spans = spans_of(inst, pcfg_.max_spans);
    const int env = add_env(inst);
    std::vector<Observation> obs;
    std::vector<PolicyAction> acts;
    for (const auto& aj : item.actions) {
      PolicyAction a = action_from_json(aj);
      obs.push_back(observation(e, look(env)));
      acts.push_back(a);
      e.history.push_back(static_cast<int>(a.kind));
      if (terminal(a.kind)) break;
      step_env(env, to_action(a, obs.back().spans, pcfg_));
    }
    envs_.remove(env);
    torch::Tensor lp;
    {
      torch::NoGradGuard ng;
      policy_->eval();
      lp = policy_->log_prob(make_batch(obs, pcfg_), acts);
    }
    for (std::size_t t = 0; t < obs.size(); ++t)
      samples.push_back(StepSample{std::move(obs[t]), acts[t], lp[static_cast<long>(t)].item<float>(),
                                   static_cast<float>(item.advantage), traj, 1.0f});
    return static_cast<int>(acts.size());
  }

  // ------------------------------------------------------------------------------ action-level GRPO
  /// The oracle's actions for an instance (cached) and the policy encoding of each (nullopt when
  /// the policy cannot express it).
  struct OraclePath {
    std::vector<Action> actions;
    std::vector<std::optional<PolicyAction>> encoded;
    std::vector<std::vector<std::string>> spans;  ///< the spans the policy has before each step
    std::vector<std::vector<std::string>> memory;  ///< its span memory before each step
  };
  const OraclePath& oracle_path(const TaskInstance& inst) {
    const std::string key = inst.tmpl->id + "#" + std::to_string(inst.seed);
    auto it = oracle_cache_.find(key);
    if (it != oracle_cache_.end()) return it->second;
    OraclePath p;
    const int env = envs_.add(nullptr);
    PoolPhone phone(envs_, env);
    TaskEnv task;
    task.reset(phone, inst);
    OracleAgent oracle(inst);
    const auto legacy = spans_of(inst, pcfg_.max_spans);
    std::vector<std::string> memory;
    while (!task.done()) {
      const json tree = ui_tree(env);
      std::optional<Action> a;
      try {
        a = oracle.next(tree);
      } catch (const TaskError&) {
        if (!oracle.perturbed()) throw;  // a broken template; on a perturbed phone the path ends here
      }
      if (!a) break;
      p.memory.push_back(memory);
      std::vector<std::string> spans = legacy;
      if (pcfg_.observed_spans) {
        const std::vector<ScreenElement> els = screen_elements(tree, 64);
        spans = observed_spans(inst.instruction, els, pcfg_.max_spans, memory, pcfg_.span_reader);
        remember_screen(memory, els, pcfg_.span_memory);
      }
      p.actions.push_back(*a);
      p.encoded.push_back(encode_action(*a, spans, pcfg_));
      p.spans.push_back(std::move(spans));
      task.step(phone, *a);
    }
    envs_.remove(env);
    if (oracle_cache_.size() > 4096) oracle_cache_.clear();
    return oracle_cache_.emplace(key, std::move(p)).first->second;
  }

  /// One action-level group: the state before oracle step j of an instance, and the oracle's step.
  struct ActionGroup {
    int g = 0, j = 0, root = -1;
    OraclePath path;  ///< a copy: the cache may be cleared while later groups are set up
    PolicyAction want;
    std::vector<std::string> spans;
    Observation ob;
  };

  /// Rewards of a group's K actions against the oracle's step (see docs/training.md): 1 for the
  /// oracle's action or one with the same outcome (Host::outcomes: equal state and screen after it,
  /// e.g. another point of the same button), else the partial credits. Each distinct action is
  /// judged once, all of them in one what-if call.
  std::vector<double> action_rewards(const ActionGroup& grp, const std::vector<PolicyAction>& acts) {
    const PolicyAction& want = grp.want;
    const Action& oracle = grp.path.actions[static_cast<std::size_t>(grp.j)];
    std::map<std::string, std::size_t> distinct;  // action -> index into `what_if`
    std::vector<Action> what_if{oracle};
    for (const PolicyAction& a : acts) {
      if (a == want || terminal(want.kind) || terminal(a.kind)) continue;
      if (distinct.emplace(action_to_json(a).dump(), what_if.size()).second) what_if.push_back(to_action(a, grp.spans, pcfg_));
    }
    std::vector<std::string> keys;
    if (what_if.size() > 1) {
      keys = envs_.call(grp.root, [&](Host& h, int slot) { return h.outcomes(slot, what_if); });
      env_steps_ += what_if.size();
    }
    std::vector<double> r;
    for (const PolicyAction& a : acts) {
      if (a == want) {
        r.push_back(1.0);
        continue;
      }
      if (terminal(want.kind) || terminal(a.kind)) {
        r.push_back(!terminal(want.kind) && terminal(a.kind) ? -cfg_.action_stop_penalty : 0.0);
        continue;
      }
      const std::string& key = keys[distinct.at(action_to_json(a).dump())];
      if (!key.empty() && key == keys[0]) {
        r.push_back(1.0);
        continue;
      }
      double v = a.kind == want.kind ? cfg_.action_type_credit : 0.0;
      if (a.kind == want.kind && (a.kind == PolicyActionKind::Click || a.kind == PolicyActionKind::LongPress)) {
        // Near misses earn part of the way (distance in dp: 1000 units = 360 dp across, 800 down).
        const Action tap = to_action(a, grp.spans, pcfg_);
        const double dx = (tap.x - oracle.x) * 0.36, dy = (tap.y - oracle.y) * 0.8;
        v += cfg_.action_distance_credit *
             std::exp(-(dx * dx + dy * dy) / (cfg_.action_distance_dp * cfg_.action_distance_dp));
      }
      r.push_back(v);
    }
    return r;
  }

  /// "template#step": the key of the per-step tables (hit_kind_, step_accuracy_).
  static std::string step_key(const TaskTemplate& t, int step) { return t.id + "#" + std::to_string(step); }

  /// The kind the history shows for oracle step i of an action-level group's prefix: the kind the
  /// policy itself used most for that step the last time it was sampled (when it got the step
  /// right), else the oracle's. The oracle opens Notes with open_app, the policy may have learned a
  /// tap on the icon (the same outcome); the history it sees in evaluation is its own, so training
  /// on the oracle's kinds would show it a history it never produces.
  int history_kind(const TaskInstance& inst, int i, const PolicyAction& oracle) const {
    if (cfg_.history_from == "policy") {
      auto it = hit_kind_.find(step_key(*inst.tmpl, i));
      if (it != hit_kind_.end()) return it->second;
    }
    return static_cast<int>(oracle.kind);
  }
  /// The oracle step an action-level group trains on: uniform over the usable steps, or with
  /// `step_priority` in proportion to 0.1 + (1 - the step's recent step accuracy), an exponential
  /// average over its groups (0 before its first): steps the policy gets wrong, typically a screen
  /// shared with other templates, are visited more often (a prioritized curriculum over states,
  /// in the spirit of prioritized level replay).
  int pick_step(const TaskTemplate& t, const std::vector<int>& usable, std::uint64_t key) const {
    if (!cfg_.step_priority) return usable[static_cast<std::size_t>(key % usable.size())];
    std::vector<double> w;
    double total = 0;
    for (int j : usable) {
      auto it = step_accuracy_.find(step_key(t, j));
      w.push_back(0.1 + (1.0 - (it == step_accuracy_.end() ? 0.0 : it->second)));
      total += w.back();
    }
    double u = static_cast<double>(key >> 11) * 0x1.0p-53 * total;
    for (std::size_t i = 0; i < usable.size(); ++i) {
      if (u < w[i]) return usable[i];
      u -= w[i];
    }
    return usable.back();
  }
  /// Remembers the most frequent kind among a group's right actions (rewards of 1).
  void record_hit_kind(const TaskTemplate& t, int j, const std::vector<PolicyAction>& acts, const std::vector<double>& r) {
    std::array<int, kNumPolicyActionKinds> n{};
    for (std::size_t k = 0; k < acts.size(); ++k)
      if (r[k] == 1.0) ++n[static_cast<std::size_t>(acts[k].kind)];
    const auto best = std::max_element(n.begin(), n.end());
    if (*best > 0) hit_kind_[step_key(t, j)] = static_cast<int>(best - n.begin());
  }

  json iterate_action(int it) {
    const auto t0 = Clock::now();
    const std::size_t steps0 = env_steps_;
    const int B = cfg_.groups, K = cfg_.group_size;
    std::vector<StepSample> samples;
    std::vector<const TaskTemplate*> tmpl(B);
    std::vector<double> group_zero(B, 0.0);
    double hits = 0, rew = 0, n_eps = 0;
    int traj = 0, kept = 0;
    // 1. The groups' states: a keyed oracle step of each instance, reached by the oracle's prefix.
    std::vector<ActionGroup> groups;
    for (int g = 0; g < B; ++g) {
      tmpl[g] = pick_template(it, g);
      if (!mine(g)) continue;
      TaskInstance inst = train_instance(*tmpl[g], instance_seed(it, g));
      const OraclePath& path = oracle_path(inst);
      std::vector<int> usable;
      for (std::size_t j = 0; j < path.encoded.size(); ++j)
        if (path.encoded[j]) usable.push_back(static_cast<int>(j));
      if (usable.empty()) {
        group_zero[g] = 1;
        continue;
      }
      ActionGroup grp;
      grp.g = g;
      grp.path = path;
      grp.j = pick_step(*tmpl[g], usable, keyed_seed({cfg_.seed, static_cast<std::uint64_t>(it), static_cast<std::uint64_t>(g), 6}));
      grp.want = *path.encoded[static_cast<std::size_t>(grp.j)];
      grp.root = add_env(inst);
      std::vector<int> hist;
      for (int i = 0; i < grp.j; ++i) {
        step_env(grp.root, path.actions[static_cast<std::size_t>(i)]);
        if (path.encoded[static_cast<std::size_t>(i)]) hist.push_back(history_kind(inst, i, *path.encoded[static_cast<std::size_t>(i)]));
      }
      env_steps_ += static_cast<std::size_t>(grp.j);
      {
        Episode view;  // the state before step j as the policy sees it
        view.inst = inst;
        view.spans = spans_of(inst, pcfg_.max_spans);
        view.history = hist;
        view.memory = path.memory[static_cast<std::size_t>(grp.j)];
        grp.ob = observation(view, look(grp.root));
      }
      grp.spans = grp.ob.spans;
      groups.push_back(std::move(grp));
    }
    // 2. K actions per group from one forward over the groups' observations.
    std::vector<const Observation*> obs;
    std::vector<std::int64_t> rows;
    std::vector<std::uint64_t> seeds;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
      obs.push_back(&groups[gi].ob);
      for (int k = 0; k < K; ++k) {
        rows.push_back(static_cast<std::int64_t>(gi));
        seeds.push_back(keyed_seed({cfg_.seed, static_cast<std::uint64_t>(it), static_cast<std::uint64_t>(groups[gi].g),
                                    static_cast<std::uint64_t>(k), 7}));
      }
    }
    SampleResult sr;
    if (!groups.empty()) {
      policy_->eval();
      sr = sample_rows(policy_, make_batch(obs, pcfg_), rows, seeds, false, cfg_.explore);
    }
    // 3. Rewards (an action drawn twice in a group is judged once), advantages, samples.
    json per_group = json::array();  // step accuracy by template and oracle step (rank 0's groups)
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
      ActionGroup& grp = groups[gi];
      const std::vector<PolicyAction> acts(sr.actions.begin() + static_cast<long>(gi) * K,
                                           sr.actions.begin() + static_cast<long>(gi + 1) * K);
      const std::vector<double> r = action_rewards(grp, acts);
      for (double v : r) {
        hits += v == 1.0;
        rew += v;
        n_eps += 1;
      }
      envs_.remove(grp.root);
      double group_hits = 0;
      for (double v : r) group_hits += v == 1.0;
      record_hit_kind(*tmpl[grp.g], grp.j, acts, r);
      double& ema = step_accuracy_[step_key(*tmpl[grp.g], grp.j)];
      ema = 0.7 * ema + 0.3 * (group_hits / K);
      per_group.push_back({{"template", tmpl[grp.g]->id}, {"step", grp.j}, {"accuracy", group_hits / K}});
      bool all_zero = true;
      for (double v : r) all_zero &= v == 0.0;
      group_zero[grp.g] = all_zero;
      auto adv = group_advantages(torch::tensor(r, torch::kFloat64).view({1, K}), cfg_.scale_by_std);
      if (adv.abs().sum().item<double>() == 0 && cfg_.dynamic_sampling) {
        // No policy-gradient signal, but the entropy bonus still acts on the state (one sample of
        // advantage 0 standing for the K): a screen the policy has collapsed on keeps exploring.
        if (cfg_.entropy_coef > 0 && cfg_.dropped_group_entropy) {
          StepSample smp{std::move(grp.ob), sr.actions[gi * static_cast<std::size_t>(K)],
                         sr.log_probs[static_cast<long>(gi) * K].item<float>(), 0.0f, traj++, static_cast<float>(K)};
          smp.obs_key = grp.g;
          samples.push_back(std::move(smp));
        }
        continue;
      }
      ++kept;
      for (int k = 0; k < K; ++k) {
        const std::size_t row = gi * static_cast<std::size_t>(K) + static_cast<std::size_t>(k);
        // The K samples share the group's observation: the first carries it (grpo_update reads it
        // for the others by obs_key).
        StepSample smp{k == 0 ? std::move(grp.ob) : Observation{}, sr.actions[row],
                       sr.log_probs[static_cast<long>(row)].item<float>(), adv[0][k].item<float>(), traj++, 1.0f};
        smp.obs_key = grp.g;
        samples.push_back(std::move(smp));
      }
    }
    if (opt_.comm) {
      std::vector<torch::Tensor> t{torch::tensor(group_zero, torch::kFloat64)};
      opt_.comm->all_reduce_sum(t);
      for (int g = 0; g < B; ++g) group_zero[g] = t[0][g].item<double>();
    }
    for (int g = 0; g < B; ++g) curriculum_.record(tmpl[g]->id, group_zero[g] > 0.5);
    const double rollout_s = since(t0);
    GrpoStats stats;
    const double any = opt_.comm ? opt_.comm->sum(static_cast<double>(samples.size())) : samples.size();
    if (any > 0)
      stats = grpo_update(policy_, *optimizer_, samples, gcfg_, cfg_.minibatch, cfg_.kl_coef > 0 ? &reference_ : nullptr,
                          keyed_seed({cfg_.seed, static_cast<std::uint64_t>(it), 5}), opt_.comm);
    std::vector<double> agg{hits, rew, n_eps, static_cast<double>(env_steps_ - steps0), static_cast<double>(kept)};
    if (opt_.comm) {
      std::vector<torch::Tensor> t{torch::tensor(agg, torch::kFloat64)};
      opt_.comm->all_reduce_sum(t);
      for (std::size_t i = 0; i < agg.size(); ++i) agg[i] = t[0][static_cast<long>(i)].item<double>();
    }
    const double n = std::max(1.0, agg[2]);
    json m{{"phase", "iteration"}, {"iteration", it + 1}, {"iterations", cfg_.iterations},
           {"episodes", static_cast<int>(agg[2])}, {"sr", agg[0] / n}, {"step_accuracy", agg[0] / n},
           {"mean_reward", agg[1] / n}, {"episode_length", 1.0}, {"env_steps", static_cast<int>(agg[3])},
           {"steps_per_s", agg[3] / std::max(1e-9, rollout_s)}, {"rollout_s", rollout_s}, {"seconds", since(t0)},
           {"groups_kept", static_cast<int>(agg[4])}, {"updated", stats.updates > 0}, {"loss", stats.loss},
           {"kl", stats.kl}, {"kl_spikes", stats.kl_spikes}, {"clip_frac", stats.clip_frac}, {"entropy", stats.entropy},
           {"grad_norm", stats.grad_norm}, {"lr", lr_at(it)}, {"host_restarts", envs_.restarts()}};
    json tasks_j = json::array();
    for (auto* t : tmpl) tasks_j.push_back(t->id);
    m["tasks"] = tasks_j;
    m["groups"] = per_group;
    emit(m);
    return m;
  }

  // ------------------------------------------------------------------------------ evaluation
  /// Greedy episodes on held-out instances of the train templates (HeldOutInstances: disjoint from
  /// every instance trained on; templates with too few instances are left out and listed) and on
  /// the test templates (seeds from 1000; never trained on); SR overall, by difficulty and by
  /// template, and the identities evaluated. Rank 0 evaluates (others wait).
  void evaluate(int it) {
    if (rank_ != 0) return;
    const auto t0 = Clock::now();
    json out{{"phase", "eval"}, {"iteration", it}};
    auto run_set = [&](const std::vector<const TaskTemplate*>& set, const char* name, bool held) {
      std::vector<Episode> eps;
      json ids = json::array(), left_out = json::object();
      for (auto* t : set) {
        std::vector<TaskInstance> insts;
        if (!held) {
          for (int i = 0; i < cfg_.eval_instances; ++i)  // nominal: evaluation is never perturbed
            insts.push_back(sample_instance(*t, 1000 + static_cast<std::uint64_t>(i), default_state_));
        } else if (heldout_->in_regime(*t)) {
          insts = heldout_->eval_instances(*t, 1000, cfg_.eval_instances, default_state_);
        } else {
          left_out[t->id] = heldout_->excluded().at(t->id);
          continue;
        }
        for (auto& inst : insts) {
          Episode e;
          e.inst = std::move(inst);
          ids.push_back(identity_of(e.inst));
          e.spans = spans_of(e.inst, pcfg_.max_spans);
          e.budget = std::min(cfg_.max_steps, t->step_budget);
          e.key = keyed_seed({cfg_.seed, 99, static_cast<std::uint64_t>(eps.size())});
          eps.push_back(std::move(e));
        }
      }
      const std::size_t chunk = 64;
      for (std::size_t s = 0; s < eps.size(); s += chunk) {
        std::vector<Episode> part(std::make_move_iterator(eps.begin() + s),
                                  std::make_move_iterator(eps.begin() + std::min(eps.size(), s + chunk)));
        for (auto& e : part) e.env = add_env(e.inst);
        policy_->eval();
        roll(part, true, false);
        for (std::size_t i = 0; i < part.size(); ++i) {
          envs_.remove(part[i].env);
          eps[s + i] = std::move(part[i]);
        }
      }
      std::map<std::string, std::pair<int, int>> by_diff, by_tmpl;
      int ok = 0, feasible = 0, ok_feasible = 0, aborted = 0, false_aborts = 0;
      double len = 0, rew = 0;
      for (const auto& e : eps) {
        ok += e.success;
        // Infeasible templates are solved by aborting: a policy that aborts every task gets their
        // share of the SR without reading a screen, so the SR over feasible tasks is kept apart.
        if (e.inst.tmpl->feasible) ++feasible, ok_feasible += e.success;
        const bool abort = !e.actions.empty() && e.actions.back().kind == PolicyActionKind::Abort;
        aborted += abort;
        false_aborts += abort && e.inst.tmpl->feasible;
        len += static_cast<double>(e.actions.size());
        rew += e.reward;
        auto& d = by_diff[e.inst.tmpl->difficulty()];
        d.first += e.success, d.second += 1;
        auto& tt = by_tmpl[e.inst.tmpl->id];
        tt.first += e.success, tt.second += 1;
      }
      const double n = std::max<std::size_t>(1, eps.size());
      json j{{"episodes", eps.size()}, {"sr", ok / n}, {"mean_reward", rew / n}, {"episode_length", len / n},
             {"feasible_episodes", feasible}, {"sr_feasible", ok_feasible / std::max(1.0, static_cast<double>(feasible))},
             {"abort_rate", aborted / n},
             // Refusals of tasks the phone can do, per feasible episode.
             {"false_abort_rate", false_aborts / std::max(1.0, static_cast<double>(feasible))}};
      json bd = json::object(), bt = json::object();
      for (const auto& [k, v] : by_diff) bd[k] = static_cast<double>(v.first) / v.second;
      for (const auto& [k, v] : by_tmpl) bt[k] = static_cast<double>(v.first) / v.second;
      j["sr_by_difficulty"] = bd;
      j["sr_by_template"] = bt;
      j["instances"] = ids;
      if (held) j["templates_left_out"] = left_out;
      out[name] = j;
    };
    run_set(pool_, "heldout", true);
    if (cfg_.eval_test && !test_pool_.empty()) run_set(test_pool_, "test", false);
    out["seconds"] = since(t0);
    out["host_restarts"] = envs_.restarts();
    emit(out);
  }

  // ------------------------------------------------------------------------------ run state
  /// Waits until every rank got here (no-op with one rank).
  void barrier() {
    if (opt_.comm) opt_.comm->sum(0.0);
  }
  /// The file of this rank's own tables in a state directory.
  std::string rank_file(const std::string& dir) const { return dir + "/rank" + std::to_string(rank_) + ".json"; }

  /// write_state, with a failure (a full disk, a lost mount) saying what survived and how to go on.
  void save_state(int iteration) {
    try {
      write_state(iteration);
      saved_iteration_ = iteration;
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(std::string(e.what()) + "; " +
                               (saved_iteration_ >= 0 ? "the run state of iteration " + std::to_string(saved_iteration_) + " (" + out_ +
                                                            "/state) and " + out_ + "/checkpoint.pt are intact: free space and rerun with --resume"
                                                      : "no run state was saved yet"));
    }
  }

  /// Writes the run state: rank 0 the shared part (policy, reference, Adam, curriculum,
  /// iteration), every rank its own tables (AdaPR buffer, step tables, env steps: each rank fills
  /// them from its own groups), all into state.tmp/, which rank 0 then swaps in by rename.
  void write_state(int iteration) {
    const std::string dir = out_ + "/state.tmp", final_dir = out_ + "/state", old = out_ + "/state.old";
    if (rank_ == 0) {
      fs::remove_all(dir);
      fs::create_directories(dir);
    }
    barrier();
    json mine{{"rank", rank_},
              {"world_size", world_},
              {"replay", replay_.to_json()},
              {"env_steps", env_steps_},
              {"hit_kinds", hit_kind_},
              {"step_accuracy", step_accuracy_}};
    write_file_atomic(rank_file(dir), mine.dump() + "\n");
    barrier();
    if (rank_ != 0) return;
    save_policy(policy_, pcfg_, dir + "/policy.pt");
    save_policy(reference_, pcfg_, dir + "/reference.pt");
    {
      torch::serialize::OutputArchive a;
      optimizer_->save(a);
      save_archive(a, dir + "/optimizer.pt", dir + "/optimizer.pt");  // state.tmp/ is the temporary
    }
    json st{{"iteration", iteration}, {"bc_done", bc_done_}, {"curriculum", curriculum_.to_json()},
            {"world_size", world_}, {"config", cfg_.to_json()}};
    write_file_atomic(dir + "/trainer.json", st.dump() + "\n");
    // Swap directories: state.tmp -> state (the old one survives as state.old until the swap is done).
    fs::remove_all(old);
    if (fs::exists(final_dir)) fs::rename(final_dir, old);
    fs::rename(dir, final_dir);
    fs::remove_all(old);
    save_policy(policy_, pcfg_, out_ + "/checkpoint.pt");
  }

  int load_state() {
    saved_iteration_ = load_saved_state();
    return saved_iteration_;
  }

  int load_saved_state() {
    std::string dir = out_ + "/state";
    if (!fs::exists(dir + "/trainer.json") && fs::exists(out_ + "/state.old/trainer.json")) dir = out_ + "/state.old";
    if (!fs::exists(dir + "/trainer.json"))
      throw ConfigError("--resume: no run state in " + out_ + " (state/trainer.json is missing)");
    json st = read_json(dir + "/trainer.json");
    const int saved_world = st.value("world_size", 1);
    if (saved_world != world_)
      throw ConfigError("--resume: the run state in " + dir + " was saved by " + std::to_string(saved_world) +
                        " rank(s); resume it with as many (--nproc " + std::to_string(saved_world) + "), not " +
                        std::to_string(world_));
    auto [p, pc] = load_policy(dir + "/policy.pt");
    if (pc.to_json() != pcfg_.to_json())
      throw ConfigError("--resume: the policy in " + dir + " has a different architecture than the config");
    policy_ = p;
    reference_ = load_policy(dir + "/reference.pt").first;
    reference_->eval();
    optimizer_ = make_optimizer(policy_, gcfg_);
    {
      torch::serialize::InputArchive a;
      a.load_from(dir + "/optimizer.pt");
      optimizer_->load(a);
    }
    bc_done_ = st.at("bc_done").get<bool>();
    curriculum_.from_json(st.at("curriculum"));
    // This rank's tables; a state written before per-rank files keeps them in trainer.json.
    const json mine = fs::exists(rank_file(dir)) ? read_json(rank_file(dir)) : st;
    if (!mine.contains("replay"))
      throw ConfigError("--resume: " + rank_file(dir) + " is missing (the state is incomplete)");
    replay_.from_json(mine.at("replay"));
    env_steps_ = mine.at("env_steps").get<std::size_t>();
    hit_kind_ = mine.value("hit_kinds", std::map<std::string, int>{});
    step_accuracy_ = mine.value("step_accuracy", std::map<std::string, double>{});
    return st.at("iteration").get<int>();
  }

  /// Drops metrics lines written after the state we resume from (an interrupted iteration).
  void trim_metrics(int iteration) {
    const std::string path = out_ + "/metrics.jsonl";
    std::ifstream f(path);
    std::string line, kept;
    while (std::getline(f, line)) {
      json j = json::parse(line, nullptr, false);
      if (j.is_discarded()) continue;
      if (j.contains("iteration") && j["iteration"].get<int>() > iteration) continue;
      kept += line + "\n";
    }
    write_file_atomic(path, kept);
  }

  TrainConfig cfg_;
  int saved_iteration_ = -1;  ///< the iteration of the run state on disk (-1: none yet)
  Host& host_;
  EnvPool envs_;  ///< every env of the run (rollouts, demonstrations, what-ifs, evaluation)
  std::string out_;
  IterationCallback cb_;
  TrainOptions opt_;
  TaskSet tasks_;
  int rank_ = 0, world_ = 1;
  std::vector<const TaskTemplate*> pool_, test_pool_;
  json default_state_;
  std::unique_ptr<HeldOutInstances> heldout_;  ///< which instances of pool_ are reserved for evaluation
  PerturbationMix perturb_;  ///< domain randomization over training instances (cfg_.perturb)
  PolicyConfig pcfg_;
  GrpoConfig gcfg_;
  Policy policy_{nullptr}, reference_{nullptr};
  std::unique_ptr<torch::optim::Adam> optimizer_;
  std::map<std::string, double> step_accuracy_;  ///< "template#step" -> recent step accuracy (step_priority)
  std::map<std::string, int> hit_kind_;  ///< "template#step" -> the policy's usual right kind (history_from)
  FailureCurriculum curriculum_;
  ReplayBuffer replay_;
  bool bc_done_ = false;
  std::size_t env_steps_ = 0;
  std::size_t perturbed_steps_ = 0;  ///< rollout steps on which a perturbation fired (os.perturb)
  std::map<std::string, OraclePath> oracle_cache_;
};

std::unique_ptr<Agent> make_checkpoint_agent(const std::string& path) { return std::make_unique<CheckpointAgent>(path); }

json train(const TrainConfig& cfg, Host& host, const std::string& tasks_dir, const std::string& out_dir,
           const IterationCallback& on_iteration, const TrainOptions& options) {
  cfg.validate();
  if (!host.has_pixels())
    throw ConfigError("training reads screenshots: host \"" + host.name() + "\" has none (use host chromium)");
  Trainer t(cfg, host, tasks_dir, out_dir, on_iteration, options);
  return t.run();
}

}  // namespace pg
