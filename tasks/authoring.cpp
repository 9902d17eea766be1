#include "tasks/authoring.hpp"

#include "sim/input/action.hpp"
#include "sim/os/phone.hpp"
#include "tasks/oracle.hpp"
#include "tasks/task_env.hpp"

namespace pg {

using json = nlohmann::json;

namespace {

const char* const kEditorFile = "template";  // the "file" name parse_template puts in its errors

// "template: judge.subtasks[0].op: bad" -> {"field": "judge.subtasks[0].op", "message": "bad"}.
json error_entry(const std::string& what) {
  std::string rest = what;
  const std::string prefix = std::string(kEditorFile) + ": ";
  if (rest.compare(0, prefix.size(), prefix) == 0) rest = rest.substr(prefix.size());
  const auto colon = rest.find(": ");
  if (colon == std::string::npos || rest.find(' ') < colon) return {{"field", "(root)"}, {"message", rest}};
  return {{"field", rest.substr(0, colon)}, {"message", rest.substr(colon + 2)}};
}

}  // namespace

json validate_template_text(const std::string& text, const json& default_state) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    // Line and column of the byte where parsing stopped (1-based).
    int line = 1, col = 1;
    for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    std::string msg = e.what();
    const auto close = msg.find("] ");
    if (msg.rfind("[json.exception", 0) == 0 && close != std::string::npos) msg = msg.substr(close + 2);
    return {{"ok", false}, {"errors", json::array({{{"field", "(json)"}, {"message", msg}, {"line", line}, {"column", col}}})}};
  }
  try {
    AuthoringSession s = AuthoringSession::sample(j, 0, default_state);
    OracleAgent expand(s.inst);  // expands "goto" steps along nav.json; a bad target throws
    json slots = json::array();
    for (auto it = s.tmpl->parameters.begin(); it != s.tmpl->parameters.end(); ++it) slots.push_back(it.key());
    return {{"ok", true}, {"id", s.tmpl->id}, {"apps", s.tmpl->apps}, {"parameters", slots},
            {"subtasks", s.tmpl->subtasks.size()}, {"oracle_steps", s.tmpl->oracle.size()}};
  } catch (const TaskError& e) {
    return {{"ok", false}, {"errors", json::array({error_entry(e.what())})}};
  } catch (const std::exception& e) {  // a setup that breaks the state schema, a bad JSON type
    return {{"ok", false}, {"errors", json::array({{{"field", "setup"}, {"message", e.what()}}})}};
  }
}

AuthoringSession AuthoringSession::sample(const json& template_json, std::uint64_t seed, const json& default_state) {
  AuthoringSession s;
  s.tmpl = std::make_unique<TaskTemplate>(parse_template(template_json, kEditorFile));
  s.inst = sample_instance(*s.tmpl, seed, default_state);
  try {
    Phone::validate(s.inst.initial_state);
  } catch (const std::exception& e) {
    throw TaskError(std::string(kEditorFile) + ": setup: the initial state does not fit the schema: " + e.what());
  }
  return s;
}

json AuthoringSession::describe() const {
  json changes = json::array();
  for (const std::string& p : tmpl->expected_changes) changes.push_back(inst.fill(p));
  json names = json::array();
  for (const json& st : tmpl->subtasks) names.push_back(inst.fill(st.value("name", st.value("path", st.value("custom", "")))));
  return {{"id", tmpl->id},
          {"seed", inst.seed},
          {"instruction", inst.instruction},
          {"params", inst.params},
          {"setup", inst.fill(tmpl->setup)},
          {"step_budget", tmpl->step_budget},
          {"expected_changes", changes},
          {"subtasks", names}};
}

JudgeResult AuthoringSession::judge_state(const json& final_state) const {
  return TaskEnv::verdict(inst, final_state);
}

json check_solution(const json& template_json, std::uint64_t seed, const json& actions, const json& default_state) {
  AuthoringSession s = AuthoringSession::sample(template_json, seed, default_state);
  Env env;
  env.reset(s.inst.initial_state);
  json steps = json::array();
  std::string error;
  const int budget = s.tmpl->step_budget;
  bool over_budget = false;
  auto run = [&](const Action& a) {
    json rec{{"action", to_json(a)}};
    try {
      rec["info"] = env.step(a)["info"];
    } catch (const ActionError& e) {
      rec["info"] = {{"error", e.what()}};
    }
    steps.push_back(std::move(rec));
  };
  if (actions.is_null()) {
    OracleAgent oracle(s.inst);
    try {
      for (;;) {
        std::optional<Action> a = oracle.next(env.ui_tree());
        if (!a) break;
        if (static_cast<int>(steps.size()) >= budget) {
          over_budget = true;
          break;
        }
        run(*a);
        if (a->type == ActionType::Complete || a->type == ActionType::Abort) break;
      }
    } catch (const TaskError& e) {
      error = e.what();
    }
  } else {
    if (!actions.is_array()) throw TaskError("actions: expected a JSON array of actions");
    for (std::size_t i = 0; i < actions.size(); ++i) {
      if (static_cast<int>(i) >= budget) {
        over_budget = true;
        break;
      }
      Action a;
      try {
        a = parse_action(actions[i]);
      } catch (const ActionError& e) {
        error = "actions[" + std::to_string(i) + "]: " + e.what();
        break;
      }
      run(a);
      if (a.type == ActionType::Complete || a.type == ActionType::Abort) break;
    }
  }
  JudgeResult v = s.judge_state(env.state());
  json out{{"success", v.success && error.empty()},
           {"verdict", v.to_json()},
           {"steps", steps},
           {"solved_before_any_action", s.judge_state(s.inst.initial_state).success},
           {"over_budget", over_budget},
           {"side_effects", !v.side_effects.empty()},
           {"instance", s.describe()}};
  if (!error.empty()) out["error"] = error;
  return out;
}

}  // namespace pg
