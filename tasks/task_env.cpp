#include "tasks/task_env.hpp"

#include "sim/os/perturb.hpp"

#include <stdexcept>

namespace pg {

using json = nlohmann::json;

json Trajectory::to_json() const {
  json steps_j = json::array();
  for (const auto& s : steps) {
    json j = {{"action", pg::to_json(s.action)}, {"result", s.info}};
    if (!s.agent.is_null()) j["agent"] = s.agent;
    steps_j.push_back(std::move(j));
  }
  json out = {{"task", instance.to_json()},
              {"steps", steps_j},
              {"completed", end.completed},
              {"aborted", end.aborted},
              {"out_of_budget", end.out_of_budget},
              {"judge", judged ? verdict.to_json() : json(nullptr)},
              {"reward", reward},
              {"seconds", seconds},
              {"screens", screens}};
  if (!agent_error.empty()) out["agent_error"] = agent_error;
  // The perturbation the episode ran under (os.perturb of its initial state, sim/os/perturb.hpp).
  if (const json* p = perturbation_of(instance.initial_state)) out["perturbation"] = *p;
  return out;
}

void TaskEnv::begin(const TaskInstance& inst, EpisodeConfig cfg) {
  if (cfg.step_budget < 0) throw TaskError("episode: step_budget " + std::to_string(cfg.step_budget) + " is negative");
  traj_ = Trajectory{};
  traj_.instance = inst;
  cfg_ = cfg;
  budget_ = cfg.step_budget > 0 ? cfg.step_budget : (inst.tmpl ? inst.tmpl->step_budget : 15);
  done_ = concluded_ = pending_ = false;
  user_reply_.clear();
  last_ = StepOutcome{};
  if (budget_ <= 0) done_ = true, traj_.end.out_of_budget = true;
}

void TaskEnv::reset(EpisodePhone& phone, const TaskInstance& inst, EpisodeConfig cfg) {
  phone.reset(inst.initial_state);
  begin(inst, cfg);
}

std::optional<Action> TaskEnv::submit(const Action& a, json agent_info) {
  if (done_) throw std::logic_error("TaskEnv::submit: the episode is over");
  if (pending_) throw std::logic_error("TaskEnv::submit: the previous step has no reply yet");
  pending_ = true;
  const bool invalid = agent_info.is_object() && agent_info.contains("format_error");
  traj_.steps.push_back(StepRecord{a, json(), std::move(agent_info)});
  if (invalid) return std::nullopt;
  return a;
}

StepOutcome TaskEnv::record(json reply) {
  if (!pending_) throw std::logic_error("TaskEnv::record: no step was submitted");
  pending_ = false;
  StepRecord& rec = traj_.steps.back();
  const bool invalid = rec.agent.is_object() && rec.agent.contains("format_error");
  if (invalid) {
    rec.info = {{"error", "invalid action: " + rec.agent["format_error"].get<std::string>()}};
  } else {
    rec.info = reply.is_null() ? json::object() : std::move(reply);
    // The simulated user answers `info` questions (the template's reply, or a fixed one).
    if (rec.action.type == ActionType::Info && !rec.info.contains("error")) {
      user_reply_ = traj_.instance.tmpl ? traj_.instance.fill(traj_.instance.tmpl->info_reply) : "";
      rec.info["reply"] = user_reply_;
    }
  }
  StepOutcome out;
  out.info = {{"step", steps() - 1}, {"result", rec.info}};
  if (rec.info.contains("reply")) out.info["reply"] = rec.info["reply"];
  if (!invalid && rec.action.type == ActionType::Complete) traj_.end.completed = true;
  if (!invalid && rec.action.type == ActionType::Abort) traj_.end.aborted = true;
  out.terminated = traj_.end.completed || traj_.end.aborted;
  out.truncated = !out.terminated && steps() >= budget_;
  done_ = out.done();
  traj_.end.out_of_budget = done_ && !out.terminated;
  last_ = out;
  return out;
}

void TaskEnv::interrupt(const std::string& error) {
  if (pending_) {  // the agent failed between submit and record: the step never happened
    traj_.steps.pop_back();
    pending_ = false;
  }
  traj_.agent_error = error;
  done_ = true;
  traj_.end.out_of_budget = !traj_.end.completed && !traj_.end.aborted;
  last_ = StepOutcome{};
  last_.truncated = true;
  last_.info = {{"step", steps() - 1}, {"agent_error", error}};
}

StepOutcome TaskEnv::conclude(const std::optional<json>& final_state) {
  if (!done_) throw std::logic_error("TaskEnv::conclude: the episode is not over");
  if (!concluded_) {
    concluded_ = true;
    traj_.judged = final_state.has_value();
    if (traj_.judged) {
      traj_.verdict = verdict(traj_.instance, *final_state);
      traj_.reward = reward(traj_.verdict, traj_.end, cfg_.binary_reward);
    }
  }
  StepOutcome out = last_;
  out.reward = traj_.reward;
  if (traj_.judged) {
    out.info["verdict"] = traj_.verdict.to_json();
    out.info["success"] = traj_.verdict.success;
  }
  return out;
}

StepOutcome TaskEnv::step(EpisodePhone& phone, const Action& a, json agent_info) {
  std::optional<Action> send = submit(a, std::move(agent_info));
  json reply;
  if (send) {
    try {
      reply = phone.step(*send);
    } catch (const ActionError& e) {
      reply = {{"error", e.what()}};
    }
  }
  StepOutcome out = record(std::move(reply));
  return out.done() ? conclude(phone.state()) : out;
}

JudgeResult TaskEnv::verdict(const TaskInstance& inst, const json& state) {
  return judge(inst, inst.initial_state, state);
}

}  // namespace pg
