#include "trainer/agents/runner.hpp"

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace pg {

using json = nlohmann::json;

namespace {

class SerializedHost : public Host {
 public:
  explicit SerializedHost(Host& h) : h_(h) {}
  std::string name() const override { return h_.name(); }
  HostCaps caps() const override { return h_.caps(); }
  int create() override { L l(mu_); return h_.create(); }
  void reset(int s, const json& st) override { L l(mu_); h_.reset(s, st); }
  json step(int s, const Action& a) override { L l(mu_); return h_.step(s, a); }
  json state(int s) override { L l(mu_); return h_.state(s); }
  void set_state(int s, const json& st) override { L l(mu_); h_.set_state(s, st); }
  void patch_state(int s, const json& p) override { L l(mu_); h_.patch_state(s, p); }
  int fork(int s) override { L l(mu_); return h_.fork(s); }
  void close(int s) override { L l(mu_); h_.close(s); }
  json ui_tree(int s) override { L l(mu_); return h_.ui_tree(s); }
  HostObservation observe(int s, const ObsSpec& spec) override { L l(mu_); return h_.observe(s, spec); }
  std::vector<BatchResult> step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec) override {
    L l(mu_);
    return h_.step_batch(ops, spec);
  }
  std::vector<WhatIf> what_if(int s, const std::vector<Action>& a, const std::vector<std::string>& restore) override {
    L l(mu_);
    return h_.what_if(s, a, restore);
  }
  Image capture(int s, bool full, bool som) override { L l(mu_); return h_.capture(s, full, som); }
  std::string ui_xml(int s) override { L l(mu_); return h_.ui_xml(s); }
  json marks(int s) override { L l(mu_); return h_.marks(s); }
  bool alive() const override { return h_.alive(); }
  void restart() override { L l(mu_); h_.restart(); }
  int pid() const override { return h_.pid(); }

 private:
  using L = std::lock_guard<std::mutex>;
  Host& h_;
  std::mutex mu_;
};

}  // namespace

std::unique_ptr<Host> serialized_host(Host& inner) { return std::make_unique<SerializedHost>(inner); }

std::string run_episodes(Host& host, const std::vector<EpisodeJob>& jobs, int workers,
                         const std::function<std::unique_ptr<Agent>()>& make_agent,
                         const std::function<EpisodeOptions(const EpisodeJob&, Agent&)>& options,
                         const std::function<void(const EpisodeJob&, Trajectory&)>& done) {
  workers = std::max(1, std::min<int>(workers, static_cast<int>(jobs.size())));
  std::unique_ptr<Host> shared = workers > 1 ? serialized_host(host) : nullptr;
  Host& h = shared ? *shared : host;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mu;
  std::string agent_error;
  std::exception_ptr failure;

  auto work = [&] {
    try {
      std::unique_ptr<Agent> agent = make_agent();
      const int slot = h.create();
      while (!stop) {
        const std::size_t i = next++;
        if (i >= jobs.size()) break;
        const EpisodeJob& job = jobs[i];
        EpisodeOptions eo = options(job, *agent);
        Trajectory tr = run_episode(h, slot, job.instance, *agent, job.episode_seed, eo);
        std::lock_guard<std::mutex> lk(mu);
        if (!tr.agent_error.empty() && agent_error.empty()) {
          agent_error = tr.agent_error;
          stop = true;
        }
        done(job, tr);
      }
      h.close(slot);
    } catch (...) {
      std::lock_guard<std::mutex> lk(mu);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  if (workers == 1) {
    work();
  } else {
    std::vector<std::thread> ts;
    for (int w = 0; w < workers; ++w) ts.emplace_back(work);
    for (auto& t : ts) t.join();
  }
  if (failure) std::rethrow_exception(failure);
  return agent_error;
}

std::vector<json> sft_records(const Trajectory& tr, int episode) {
  std::vector<json> out;
  for (std::size_t i = 0; i < tr.steps.size(); ++i) {
    const StepRecord& s = tr.steps[i];
    if (!s.agent.is_object() || !s.agent.contains("messages")) continue;
    json messages = s.agent["messages"];
    const std::string reply = s.agent.value("reply", "");
    messages.push_back({{"role", "assistant"}, {"content", reply}});
    json r = {{"id", "e" + std::to_string(episode) + "_s" + std::to_string(i)},
              {"task", tr.instance.tmpl ? tr.instance.tmpl->id : ""},
              {"seed", tr.instance.seed},
              {"instruction", tr.instance.instruction},
              {"episode", episode},
              {"step", i},
              {"messages", messages},
              {"images", s.agent.value("images", json::array())},
              {"reply", reply},
              {"action", s.agent.value("action", json())},
              {"result", s.info},
              {"reward", tr.reward},
              {"success", tr.verdict.success},
              {"progress", tr.verdict.progress},
              {"last", i + 1 == tr.steps.size()}};
    out.push_back(std::move(r));
  }
  return out;
}

json agent_step_stats(const std::vector<Trajectory>& trajs) {
  long steps = 0, errors = 0, prompt = 0, completion = 0, agent_errors = 0;
  for (const Trajectory& t : trajs) {
    agent_errors += !t.agent_error.empty();
    for (const StepRecord& s : t.steps) {
      if (!s.agent.is_object()) continue;
      ++steps;
      errors += s.agent.contains("format_error");
      prompt += s.agent.value("prompt_tokens", 0);
      completion += s.agent.value("completion_tokens", 0);
    }
  }
  return {{"steps", steps},
          {"format_errors", errors},
          {"format_error_rate", steps ? static_cast<double>(errors) / static_cast<double>(steps) : 0.0},
          {"prompt_tokens", prompt},
          {"completion_tokens", completion},
          {"agent_errors", agent_errors}};
}

}  // namespace pg
