#include "tools/agents_cli.hpp"

#include "sim/os/phone.hpp"
#include "tasks/task.hpp"
#include "tools/paths.hpp"
#include "trainer/agents/runner.hpp"
#include "trainer/agents/syntax.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <sstream>

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace pg {

std::pair<int, int> parse_size(const std::string& s, const std::string& what) {
  int w = 0, h = 0;
  char x = 0, extra = 0;
  if (std::sscanf(s.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X') || w <= 0 || h <= 0)
    throw std::invalid_argument(what + " \"" + s + "\": expected WIDTHxHEIGHT in pixels, e.g. 1080x2400");
  return {w, h};
}

void add_openai_agent_options(CLI::App* cmd, OpenAIAgentArgs& a) {
  std::string names;
  for (const auto& n : format_names()) names += (names.empty() ? "" : ", ") + n;
  cmd->add_option("--format", a.vlm.format, "action format of the model's replies: " + names)->capture_default_str();
  cmd->add_option("--api-key-env", a.api_key_env, "environment variable holding the API key (sent as a Bearer token)");
  cmd->add_option("--history", a.vlm.history, "previous replies sent with each step")->capture_default_str();
  cmd->add_option("--temperature", a.vlm.temperature, "sampling temperature")->capture_default_str();
  cmd->add_option("--image-size", a.image_size, "screenshot size sent (WxH; smart-resized to multiples of 28 for uitars and qwen-mobile-use)")
      ->capture_default_str();
  cmd->add_option("--concurrency", a.concurrency, "episodes (and requests) in flight at once")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--obs", a.vlm.obs, "screenshot, som (set-of-marks image + element list) or a11y (screenshot + accessibility tree)")
      ->capture_default_str();
  cmd->add_option("--coords", a.vlm.coords, "coordinate convention, overriding the format's: rel1000, rel999, abs (pixels of the sent image), device");
  cmd->add_option("--ca-file", a.ca_file, "PEM CA certificate(s) to trust for https (e.g. a self-signed server)")->check(CLI::ExistingFile);
  cmd->add_option("--timeout", a.timeout_s, "seconds per request attempt")->capture_default_str();
  cmd->add_option("--retries", a.retries, "retries after a timeout, a dropped connection or HTTP 429/5xx")->capture_default_str();
  cmd->add_option("--endpoint-failures", a.vlm.max_endpoint_failures,
                  "requests in a row that may fail after their retries before the run stops (each is an invalid step until then)")
      ->capture_default_str();
  cmd->add_option("--max-tokens", a.vlm.max_tokens, "max_tokens of each completion")->capture_default_str();
}

std::function<std::unique_ptr<Agent>()> vlm_agent_factory(const std::string& spec, OpenAIAgentArgs& a, bool format_given,
                                                           std::shared_ptr<ChatClient>& client) {
  const bool openai = spec.rfind("openai:", 0) == 0;
  if (!openai && !(spec == "oracle" && format_given)) {
    if (format_given) throw std::invalid_argument("--format applies to --agent openai:<base_url>#<model> and oracle, not " + spec);
    return nullptr;
  }
  std::tie(a.vlm.image_w, a.vlm.image_h) = parse_size(a.image_size, "--image-size");
  a.vlm.validate();
  VlmAgentOptions vo = a.vlm;
  if (!openai) return [vo] { return std::unique_ptr<Agent>(VlmAgent::oracle_demonstrator(vo)); };
  ChatClientOptions co;
  std::tie(co.base_url, co.model) = parse_openai_agent_spec(spec);
  if (!a.api_key_env.empty()) {
    const char* key = std::getenv(a.api_key_env.c_str());
    if (!key || !*key) throw std::invalid_argument("--api-key-env " + a.api_key_env + ": the variable is not set");
    co.api_key = key;
  }
  co.ca_file = a.ca_file;
  co.timeout_s = a.timeout_s;
  co.retries = a.retries;
  co.concurrency = a.concurrency;
  if (a.timeout_s <= 0) throw std::invalid_argument("--timeout must be positive");
  client = std::make_shared<ChatClient>(co);
  auto c = client;
  return [vo, c] { return std::unique_ptr<Agent>(std::make_unique<VlmAgent>(vo, c)); };
}

AgentsCli::AgentsCli(CLI::App& app) {
  auto* agents = app.add_subcommand("agents", "model action formats: parse a reply, print a prompt");
  agents->require_subcommand(1);
  std::string names;
  for (const auto& n : format_names()) names += (names.empty() ? "" : ", ") + n;
  parse_ = agents->add_subcommand("parse", "read one model reply on stdin and print the unified action as JSON");
  parse_->add_option("--format", format_, "format: " + names)->required();
  parse_->add_option("--coords", coords_, "rel1000, rel999, abs or device (default: the format's)");
  parse_->add_option("--image", image_, "size of the image the model saw, WxH (default: the screen)");
  parse_->add_option("--screen", screen_, "device screen, WxH")->capture_default_str();
  parse_->add_option("--marks", marks_file_, "set-of-marks JSON (Host::marks) for element-index actions")->check(CLI::ExistingFile);
  prompt_ = agents->add_subcommand("prompt", "print a format's system prompt");
  prompt_->add_option("--format", format_, "format: " + names)->required();
  prompt_->add_option("--coords", coords_, "rel1000, rel999, abs or device (default: the format's)");
  prompt_->add_option("--image", image_, "size of the image the model sees, WxH")->capture_default_str();
  prompt_->add_option("--obs", obs_, "screenshot, som or a11y")->capture_default_str();

  rollout_ = app.add_subcommand("rollout", "collect trajectories and export them as SFT data (JSONL + images)");
  rollout_->add_option("--agent", ro_.agent, "openai:<base_url>#<model>, or oracle (demonstrations written in --format)")
      ->capture_default_str();
  rollout_->add_option("--split", ro_.split, "train, test, all, or a regime in tasks/splits/ (its train templates)")->capture_default_str();
  rollout_->add_option("--task", ro_.task, "only this template id");
  rollout_->add_option("--instances", ro_.instances, "instances (seeds) per template")->capture_default_str()->check(CLI::PositiveNumber);
  rollout_->add_option("--attempts", ro_.attempts, "episodes per instance")->capture_default_str()->check(CLI::PositiveNumber);
  rollout_->add_option("--seed", ro_.seed, "first instance seed")->capture_default_str();
  rollout_->add_option("--max-steps", ro_.max_steps, "cap on steps per episode (0: the template's budget)");
  rollout_->add_option("--out", ro_.out, "output directory: sft.jsonl, trajectories.jsonl, images/, results.json")->capture_default_str();
  rollout_->add_option("--host", ro_.host, "native or chromium")->capture_default_str();
  add_openai_agent_options(rollout_, ro_.oa);
}

bool AgentsCli::selected() const { return parse_->parsed() || prompt_->parsed() || rollout_->parsed(); }

int AgentsCli::run() {
  if (parse_->parsed()) return run_parse();
  if (prompt_->parsed()) return run_prompt();
  return run_rollout();
}

int AgentsCli::run_parse() {
  const ActionFormat& f = find_format(format_);
  ParseContext ctx;
  std::tie(ctx.screen_w, ctx.screen_h) = parse_size(screen_, "--screen");
  if (image_.empty()) ctx.image_w = ctx.screen_w, ctx.image_h = ctx.screen_h;
  else std::tie(ctx.image_w, ctx.image_h) = parse_size(image_, "--image");
  ctx.coords = coords_.empty() ? f.default_coords() : coords_from_string(coords_);
  if (!marks_file_.empty()) {
    std::ifstream in(marks_file_);
    json m = json::parse(in, nullptr, false);
    if (m.is_object() && m.contains("marks")) m = m["marks"];
    if (!m.is_array()) throw std::invalid_argument("--marks " + marks_file_ + ": expected a JSON array of marks");
    ctx.marks = m;
  }
  const std::string reply = valid_utf8(std::string((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>()));
  std::cout << f.parse(reply, ctx).to_json().dump() << "\n";
  return 0;
}

int AgentsCli::run_prompt() {
  const ActionFormat& f = find_format(format_);
  PromptContext pc;
  std::tie(pc.image_w, pc.image_h) = parse_size(image_.empty() ? "1080x2400" : image_, "--image");
  if (f.wants_smart_resize()) std::tie(pc.image_w, pc.image_h) = smart_resize(pc.image_w, pc.image_h);
  pc.coords = coords_.empty() ? f.default_coords() : coords_from_string(coords_);
  pc.obs = obs_;
  std::cout << f.system_prompt(pc);
  return 0;
}

int AgentsCli::run_rollout() {
  std::shared_ptr<ChatClient> client;
  auto make_agent = vlm_agent_factory(ro_.agent, ro_.oa, true, client);
  if (!make_agent) throw std::invalid_argument("--agent \"" + ro_.agent + "\": use openai:<base_url>#<model> or oracle");
  TaskSet tasks = TaskSet::load(find_tasks_dir());
  const std::string splits = (fs::path(find_tasks_dir()) / ".." / "splits").lexically_normal().string();
  const SplitSpec split = load_split(splits, ro_.split);
  std::vector<const TaskTemplate*> templates = ro_.task.empty() ? tasks.select(split.train) : std::vector<const TaskTemplate*>{&tasks.get(ro_.task)};
  const json defaults = Phone::default_state();
  std::vector<EpisodeJob> jobs;
  for (const TaskTemplate* t : templates)
    for (int i = 0; i < ro_.instances; ++i) {
      const std::uint64_t seed = ro_.seed + static_cast<std::uint64_t>(i);
      TaskInstance inst = sample_instance(*t, seed, defaults);
      for (int k = 0; k < ro_.attempts; ++k) {
        EpisodeJob j{inst, seed, k, static_cast<int>(jobs.size()), seed * 1000 + static_cast<std::uint64_t>(k)};
        jobs.push_back(std::move(j));
      }
    }
  HostOptions ho;
  ho.kind = ro_.host;
  if (ro_.host == "chromium") ho.web_root = find_web_root();
  auto host = make_host(ho);
  fs::create_directories(fs::path(ro_.out) / "images");
  std::ofstream sft(ro_.out + "/sft.jsonl", std::ios::trunc), trajf(ro_.out + "/trajectories.jsonl", std::ios::trunc);
  if (!sft || !trajf) throw std::runtime_error("cannot write to " + ro_.out);
  std::vector<Trajectory> trajs;
  long records = 0;
  std::printf("phonegym rollout: %zu episodes of %s (format %s), out %s\n", jobs.size(), ro_.agent.c_str(),
              ro_.oa.vlm.format.c_str(), ro_.out.c_str());
  std::printf("%-34s %5s %3s %5s %6s %6s %7s\n", "task", "seed", "try", "ok", "PR", "steps", "invalid");
  const std::string out = ro_.out;
  const EpisodeRun run = run_episodes(
      *host, jobs, ro_.oa.concurrency, make_agent,
      [&](const EpisodeJob& job, Agent& agent) {
        EpisodeOptions eo;
        eo.episode.step_budget = ro_.max_steps;
        if (auto* v = dynamic_cast<VlmAgent*>(&agent)) {
          const int e = job.episode;
          v->set_image_sink([out, e](const std::string& jpeg, int step) {
            const std::string name = "images/e" + std::to_string(e) + "_s" + std::to_string(step) + ".jpg";
            std::ofstream f(out + "/" + name, std::ios::binary | std::ios::trunc);
            f.write(jpeg.data(), static_cast<std::streamsize>(jpeg.size()));
            if (!f) throw std::runtime_error("cannot write " + out + "/" + name);
            return name;
          });
        }
        return eo;
      },
      [&](const EpisodeJob& job, Trajectory& tr) {
        int invalid = 0;
        for (const json& r : sft_records(tr, job.episode)) {
          sft << r.dump() << "\n";
          ++records;
          invalid += r["action"].value("type", "") == "invalid";
        }
        sft.flush();
        trajf << tr.to_json().dump() << "\n";
        trajf.flush();
        std::printf("%-34s %5llu %3d %5s %6.2f %6zu %7d%s\n", tr.instance.tmpl->id.c_str(),
                    static_cast<unsigned long long>(job.seed), job.attempt + 1, tr.verdict.success ? "yes" : "no",
                    tr.verdict.progress, tr.steps.size(), invalid, tr.agent_error.empty() ? "" : ("  agent error: " + tr.agent_error).c_str());
        std::fflush(stdout);
        trajs.push_back(std::move(tr));
      });
  const std::string& error = run.agent_error;
  json results = summarize(trajs);
  results["host_restarts"] = run.host_restarts;
  results["agent"] = ro_.agent;
  results["format"] = ro_.oa.vlm.format;
  results["split"] = ro_.split;
  results["records"] = records;
  results["agent_steps"] = agent_step_stats(trajs);
  if (client) results["endpoint"] = client->stats();
  results["complete"] = error.empty() && trajs.size() == jobs.size();
  if (!error.empty()) results["error"] = error;
  std::ofstream(ro_.out + "/results.json", std::ios::trunc) << results.dump(2) << "\n";
  std::printf("%zu episodes, SR %.1f%%, %ld SFT records: %s/sft.jsonl (images in %s/images)\n", trajs.size(),
              100 * results["sr"].get<double>(), records, ro_.out.c_str(), ro_.out.c_str());
  if (!error.empty()) {
    std::fprintf(stderr, "phonegym: error: rollout stopped after %zu of %zu episodes: %s\n", trajs.size(), jobs.size(), error.c_str());
    return 2;
  }
  return 0;
}

}  // namespace pg
