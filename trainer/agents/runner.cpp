#include "trainer/agents/runner.hpp"

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace pg {

using json = nlohmann::json;

EpisodeRun run_episodes(Host& host, const std::vector<EpisodeJob>& jobs, int workers,
                        const std::function<std::unique_ptr<Agent>()>& make_agent,
                        const std::function<EpisodeOptions(const EpisodeJob&, Agent&)>& options,
                        const std::function<void(const EpisodeJob&, Trajectory&)>& done) {
  workers = std::max(1, std::min<int>(workers, static_cast<int>(jobs.size())));
  EpisodeRun run;
  if (jobs.empty()) return run;
  // The first agent says what the pool must observe; worker 0 keeps it.
  std::unique_ptr<Agent> first = make_agent();
  EpisodeOptions probe = options(jobs[0], *first);
  EnvPool pool(host, episode_pool_options(host, first.get(), static_cast<bool>(probe.save_screen)));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mu;
  std::exception_ptr failure;

  auto work = [&](std::unique_ptr<Agent> agent) {
    try {
      if (!agent) agent = make_agent();
      const int env_id = pool.add(nullptr);
      while (!stop) {
        const std::size_t i = next++;
        if (i >= jobs.size()) break;
        const EpisodeJob& job = jobs[i];
        EpisodeOptions eo = options(job, *agent);
        Trajectory tr = run_episode(pool, env_id, job.instance, *agent, job.episode_seed, eo);
        std::lock_guard<std::mutex> lk(mu);
        if (!tr.agent_error.empty() && run.agent_error.empty()) {
          run.agent_error = tr.agent_error;
          stop = true;
        }
        done(job, tr);
      }
      pool.remove(env_id);
    } catch (...) {
      std::lock_guard<std::mutex> lk(mu);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  if (workers == 1) {
    work(std::move(first));
  } else {
    std::vector<std::thread> ts;
    for (int w = 0; w < workers; ++w) ts.emplace_back(work, w == 0 ? std::move(first) : std::unique_ptr<Agent>());
    for (auto& t : ts) t.join();
  }
  run.host_restarts = pool.restarts();
  if (failure) std::rethrow_exception(failure);
  return run;
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
  long steps = 0, errors = 0, endpoint_errors = 0, prompt = 0, completion = 0, agent_errors = 0;
  for (const Trajectory& t : trajs) {
    agent_errors += !t.agent_error.empty();
    for (const StepRecord& s : t.steps) {
      if (!s.agent.is_object()) continue;
      ++steps;
      errors += s.agent.contains("format_error");
      endpoint_errors += s.agent.contains("endpoint_error");
      prompt += s.agent.value("prompt_tokens", 0);
      completion += s.agent.value("completion_tokens", 0);
    }
  }
  return {{"steps", steps},
          {"format_errors", errors},
          {"format_error_rate", steps ? static_cast<double>(errors) / static_cast<double>(steps) : 0.0},
          {"endpoint_errors", endpoint_errors},
          {"prompt_tokens", prompt},
          {"completion_tokens", completion},
          {"agent_errors", agent_errors}};
}

}  // namespace pg
