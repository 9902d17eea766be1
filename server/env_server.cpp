#include "server/env_server.hpp"

#include "sim/os/perturb.hpp"
#include "sim/os/phone.hpp"
#include "sim/render/obs.hpp"
#include "sim/util/encoding.hpp"
#include "tasks/judge.hpp"
#include "tasks/task_env.hpp"
#include "trainer/agents/formats.hpp"
#include "trainer/cdp/http_server.hpp"
#include "trainer/eval/agent.hpp"
#include "trainer/pool/env_pool.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <stdexcept>
#include <thread>

namespace pg {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kVersion = "0.2.0";

/// An error the protocol reports: OpenEnv's WSErrorCode and a message naming what was wrong.
struct ProtocolError : std::runtime_error {
  ProtocolError(std::string c, const std::string& what) : std::runtime_error(what), code(std::move(c)) {}
  std::string code;
};

[[noreturn]] void invalid(const std::string& what) { throw ProtocolError("VALIDATION_ERROR", what); }

json error_message(const std::string& code, const std::string& message) {
  return {{"type", "error"}, {"data", {{"message", message}, {"code", code}}}};
}

// The one JSON Schema of the unified action (docs/actions.md), for /schema.
json action_schema() {
  return json::parse(R"J({
    "title": "PhoneGymAction", "type": "object",
    "description": "A unified action (docs/actions.md; coordinates 0..1000 of the screen), or {\"text\": a model's raw reply in the session's agent format}.",
    "properties": {
      "type": {"type": "string", "enum": ["click", "double_tap", "long_press", "type", "swipe", "drag", "back", "home",
                                           "recent", "enter", "wait", "open_app", "answer", "complete", "abort", "info", "noop"]},
      "x": {"type": "integer", "minimum": 0, "maximum": 1000}, "y": {"type": "integer", "minimum": 0, "maximum": 1000},
      "x1": {"type": "integer"}, "y1": {"type": "integer"}, "x2": {"type": "integer"}, "y2": {"type": "integer"},
      "target": {"type": "string", "description": "a widget id instead of a point"},
      "text": {"type": "string"}, "app": {"type": "string"}, "seconds": {"type": "number"},
      "clear": {"type": "boolean"}, "reason": {"type": "string"}, "question": {"type": "string"},
      "metadata": {"type": "object"}
    }})J");
}

json observation_schema() {
  return json::parse(R"J({
    "title": "PhoneGymObservation", "type": "object",
    "properties": {
      "image": {"type": "string", "description": "the screen, base64 (PNG, JPEG, or raw RGB rows)"},
      "image_format": {"type": "string", "enum": ["png", "jpeg", "raw"]},
      "width": {"type": "integer"}, "height": {"type": "integer"},
      "instruction": {"type": "string"}, "task": {"type": "string"}, "seed": {"type": "integer"},
      "episode_id": {"type": "string"}, "step": {"type": "integer"}, "step_budget": {"type": "integer"},
      "ui_xml": {"type": "string", "description": "uiautomator XML, when the session asked for it"},
      "marks": {"type": "array", "description": "set-of-marks, when the session asked for them"},
      "info": {"type": "object", "description": "the step's result; at the end: verdict, progress, subtasks, side effects"},
      "done": {"type": "boolean"}, "reward": {"type": ["number", "null"]}, "metadata": {"type": "object"}
    }})J");
}

json state_schema() {
  return json::parse(R"J({
    "title": "PhoneGymState", "type": "object",
    "properties": {
      "episode_id": {"type": ["string", "null"]}, "step_count": {"type": "integer", "minimum": 0},
      "task": {"type": ["string", "null"]}, "seed": {"type": ["integer", "null"]}, "instruction": {"type": "string"},
      "done": {"type": "boolean"}, "step_budget": {"type": "integer"},
      "phone": {"type": "object", "description": "the phone's whole layered JSON state (docs/state.md)"}
    }})J");
}

// The query parameter `key` of a request target ("" when absent).
std::string query_param(const std::string& target, const std::string& key) {
  const auto q = target.find('?');
  if (q == std::string::npos) return "";
  std::string rest = target.substr(q + 1);
  for (std::size_t at = 0; at <= rest.size();) {
    const std::size_t amp = std::min(rest.find('&', at), rest.size());
    const std::string kv = rest.substr(at, amp - at);
    const std::size_t eq = kv.find('=');
    if (kv.substr(0, eq) == key) {
      std::string v;
      cdp::url_decode(eq == std::string::npos ? "" : kv.substr(eq + 1), v);
      return v;
    }
    at = amp + 1;
  }
  return "";
}


}  // namespace

/// One session: a pool env and its episode.
struct EnvSession {
  std::string id;
  int env_id = -1;
  std::unique_ptr<PoolPhone> phone;
  TaskEnv env;
  bool has_episode = false;
  std::string episode_id;
  ObsSpec obs;
  bool custom_obs = false;  // differs from the pool's: observed with its own host call
  bool marks = false;
  std::string format = "phonegym";
  std::string owner;        // the session that forked it ("" for a connection's own)
  bool attached = false;    // a connection drives it
  std::mutex mu;            // one message at a time
  Clock::time_point last = Clock::now();
};

struct EnvServer::Impl {
  Host& host;
  const TaskSet& tasks;
  EnvServerOptions opts;
  ObsSpec default_obs;
  PerturbationMix server_perturb;  // opts.perturb
  json defaults = Phone::default_state();
  std::unique_ptr<EnvPool> pool;
  mutable std::mutex mu;  // sessions
  std::map<std::string, std::shared_ptr<EnvSession>> sessions;
  std::atomic<std::uint64_t> next_id{1};
  std::unique_ptr<cdp::HttpServer> server;
  std::thread reaper;
  std::mutex reaper_mu;
  std::condition_variable reaper_cv;
  bool stopping = false;

  Impl(Host& h, const TaskSet& t, EnvServerOptions o) : host(h), tasks(t), opts(std::move(o)) {}

  // ------------------------------------------------------------------ sessions

  std::shared_ptr<EnvSession> open_session(const std::string& owner) {
    std::lock_guard<std::mutex> l(mu);
    if (static_cast<int>(sessions.size()) >= opts.max_sessions)
      throw ProtocolError("CAPACITY_REACHED", "the server is full: " + std::to_string(sessions.size()) + " of " +
                                                  std::to_string(opts.max_sessions) + " sessions are open (--max-sessions)");
    auto s = std::make_shared<EnvSession>();
    s->id = "s" + std::to_string(next_id++);
    s->owner = owner;
    s->obs = default_obs;
    sessions[s->id] = s;
    return s;
  }

  std::shared_ptr<EnvSession> find(const std::string& id) {
    std::lock_guard<std::mutex> l(mu);
    auto it = sessions.find(id);
    return it == sessions.end() ? nullptr : it->second;
  }

  void close_session(const std::string& id) {
    std::shared_ptr<EnvSession> s;
    {
      std::lock_guard<std::mutex> l(mu);
      auto it = sessions.find(id);
      if (it == sessions.end()) return;
      s = it->second;
      sessions.erase(it);
    }
    std::lock_guard<std::mutex> l(s->mu);
    if (s->env_id >= 0) pool->remove(s->env_id);
    s->env_id = -1;
  }

  void reap_loop() {
    std::unique_lock<std::mutex> l(reaper_mu);
    while (!reaper_cv.wait_for(l, std::chrono::seconds(1), [&] { return stopping; })) {
      std::vector<std::string> idle;
      {
        std::lock_guard<std::mutex> g(mu);
        for (const auto& [id, s] : sessions)
          if (!s->attached && Clock::now() - s->last > std::chrono::seconds(opts.idle_timeout_s)) idle.push_back(id);
      }
      for (const std::string& id : idle) close_session(id);
    }
  }

  // ------------------------------------------------------------------ observations

  json observation(EnvSession& s, const StepResult& r, const json& info) {
    HostObservation o = r.observation;
    if (s.custom_obs) o = pool->call(s.env_id, [&](Host& h, int slot) { return h.observe(slot, s.obs); });
    json ob = json::object();
    if (!o.encoded.empty() || !o.image.empty()) {
      const std::string bytes = o.encoded.empty() ? std::string(o.image.data.begin(), o.image.data.end()) : o.encoded;
      ob["image"] = base64_encode(bytes);
      ob["image_format"] = format_name(s.obs.format);
      ob["width"] = s.obs.width;
      ob["height"] = s.obs.height;
    }
    if (s.obs.ui_xml) ob["ui_xml"] = o.ui_xml;
    if (s.marks) ob["marks"] = pool->call(s.env_id, [](Host& h, int slot) { return h.marks(slot); });
    const TaskInstance& inst = s.env.instance();
    ob["instruction"] = inst.instruction;
    ob["task"] = inst.tmpl ? inst.tmpl->id : "";
    ob["seed"] = inst.seed;
    ob["episode_id"] = s.episode_id;
    ob["step"] = s.env.steps();
    ob["step_budget"] = s.env.budget();
    ob["info"] = info;
    return ob;
  }

  // OpenEnv's serialized observation: {observation, reward, done, metadata?}.
  static json result(json ob, const json& reward, bool done) {
    return {{"observation", std::move(ob)}, {"reward", reward}, {"done", done}};
  }

  json reset(EnvSession& s, const json& data) {
    static const std::set<std::string> kKeys = {"seed", "episode_id", "task", "split", "obs", "format", "step_budget", "marks",
                                                "perturb"};
    if (!data.is_object()) invalid("reset data must be an object");
    for (auto it = data.begin(); it != data.end(); ++it)
      if (!kKeys.count(it.key()))
        invalid("unknown reset field \"" + it.key() +
                "\" (known: seed, episode_id, task, split, obs, format, step_budget, marks, perturb)");
    std::uint64_t seed = 0;
    if (data.contains("seed") && !data["seed"].is_null()) {
      if (!data["seed"].is_number_integer() || data["seed"].get<long long>() < 0) invalid("seed must be an integer >= 0");
      seed = data["seed"].get<std::uint64_t>();
    }
    const TaskTemplate* t = nullptr;
    if (data.contains("task")) {
      if (!data["task"].is_string()) invalid("task must be a template id string");
      for (const TaskTemplate& x : tasks.templates())
        if (x.id == data["task"].get<std::string>()) t = &x;
      if (!t) invalid("unknown task \"" + data["task"].get<std::string>() + "\" (GET /metadata lists the templates)");
    } else {
      const std::string split = data.value("split", "all");
      std::vector<const TaskTemplate*> pool_of;
      try {
        pool_of = tasks.split(split);
      } catch (const TaskError& e) {
        invalid(e.what());
      }
      if (pool_of.empty()) invalid("split \"" + split + "\" has no templates");
      std::uint64_t r = seed ^ fnv1a("split:" + split);
      t = pool_of[splitmix64(r) % pool_of.size()];
    }
    if (data.contains("obs")) {
      if (!data["obs"].is_string()) invalid("obs must be an observation spec such as \"270x600:png:xml\"");
      try {
        s.obs = parse_obs_spec(data["obs"].get<std::string>());
      } catch (const std::invalid_argument& e) {
        invalid(std::string("obs: ") + e.what());
      }
      if (s.obs.format == ObsSpec::Format::Raw && data["obs"].get<std::string>().find("raw") == std::string::npos)
        s.obs.format = ObsSpec::Format::Png;  // a bare size means PNG over the wire
      s.custom_obs = s.obs.str() != default_obs.str();
    }
    if (data.contains("format")) {
      if (!data["format"].is_string()) invalid("format must be an agent format name");
      try {
        find_format(data["format"].get<std::string>());
      } catch (const std::invalid_argument& e) {
        invalid(e.what());
      }
      s.format = data["format"];
    }
    if (data.contains("marks")) s.marks = data["marks"].is_boolean() && data["marks"].get<bool>();
    EpisodeConfig cfg;
    if (data.contains("step_budget")) {
      if (!data["step_budget"].is_number_integer() || data["step_budget"].get<int>() < 1 || data["step_budget"].get<int>() > 1000)
        invalid("step_budget must be an integer 1..1000");
      cfg.step_budget = data["step_budget"];
    }
    // The perturbation (sim/os/perturb.hpp): the reset's spec or mix, else the server's mix.
    PerturbationMix mix = server_perturb;
    if (data.contains("perturb")) {
      if (!data["perturb"].is_string()) invalid("perturb must be a condition string such as \"mixed\", \"popup=0.2\" or \"compact-720x1600\"");
      try {
        mix = PerturbationMix(data["perturb"].get<std::string>());
      } catch (const std::invalid_argument& e) {
        invalid(e.what());
      }
    }
    TaskInstance inst;
    try {
      inst = sample_instance(*t, seed, defaults);
    } catch (const TaskError& e) {
      throw ProtocolError("EXECUTION_ERROR", e.what());
    }
    if (!mix.nominal())
      inst.initial_state = mix.apply(std::move(inst.initial_state), seed ^ fnv1a(t->id));
    if (s.env_id < 0) {
      s.env_id = pool->add(inst.initial_state);
      s.phone = std::make_unique<PoolPhone>(*pool, s.env_id);
    }
    s.env.reset(*s.phone, inst, cfg);
    s.has_episode = true;
    s.episode_id = data.contains("episode_id") && data["episode_id"].is_string() ? data["episode_id"].get<std::string>()
                                                                                  : s.id + "-" + std::to_string(next_id++);
    return result(observation(s, s.phone->observe(), json::object()), nullptr, false);
  }

  // The action of a step message's data: a unified action, or {"text": a reply in the session's format}.
  std::pair<Action, json> parse_step(EnvSession& s, json data) {
    if (!data.is_object()) invalid("step data must be an action object, or {\"text\": a model reply}");
    data.erase("metadata");
    if (data.contains("text") && !data.contains("type")) {
      if (!data["text"].is_string()) invalid("text must be a string (a model's reply)");
      ParseContext ctx;
      ctx.image_w = s.obs.width;
      ctx.image_h = s.obs.height;
      const ActionFormat& f = find_format(s.format);
      ctx.coords = f.default_coords();
      if (s.marks) ctx.marks = pool->call(s.env_id, [](Host& h, int slot) { return h.marks(slot); });
      const ParseResult p = f.parse(data["text"].get<std::string>(), ctx);
      json agent = {{"reply", data["text"]}, {"format", s.format}};
      if (!p.ok) agent["format_error"] = p.reason;
      return {p.ok ? p.action : Action{}, agent};
    }
    try {
      return {parse_action(data), nullptr};
    } catch (const ActionError& e) {
      invalid(std::string("action: ") + e.what());
    }
  }

  json step(EnvSession& s, const json& data) {
    if (!s.has_episode) invalid("no episode: send reset first");
    if (s.env.done()) invalid("the episode is over (done): send reset for a new one");
    auto [action, agent] = parse_step(s, data);
    StepOutcome out;
    try {
      out = s.env.step(*s.phone, action, agent);
    } catch (const HostFailure& e) {
      throw ProtocolError("EXECUTION_ERROR", std::string("the phone's host failed: ") + e.what());
    }
    json info = out.info;
    if (agent.is_object() && agent.contains("format_error")) info["parse_error"] = agent["format_error"];
    const bool done = out.done();
    return result(observation(s, s.phone->last(), info), done ? json(out.reward) : json(0.0), done);
  }

  json state(EnvSession& s) {
    json st = {{"episode_id", s.has_episode ? json(s.episode_id) : json()}, {"step_count", s.has_episode ? s.env.steps() : 0}};
    if (!s.has_episode) return st;
    const TaskInstance& inst = s.env.instance();
    st["task"] = inst.tmpl ? inst.tmpl->id : "";
    st["seed"] = inst.seed;
    st["instruction"] = inst.instruction;
    st["done"] = s.env.done();
    st["step_budget"] = s.env.budget();
    st["phone"] = pool->state(s.env_id);
    return st;
  }

  json fork(EnvSession& s, const json& data) {
    if (!s.has_episode) invalid("no episode to fork: send reset first");
    if (!data.is_object() || !data.value("k", json()).is_number_integer() || data["k"].get<int>() < 1 || data["k"].get<int>() > 256)
      invalid("fork needs {\"k\": 1..256}");
    const int k = data["k"];
    std::vector<std::shared_ptr<EnvSession>> made;
    std::vector<int> ids;
    try {  // all k sessions or none: a full server or a failed host fork leaves nothing open
      for (int i = 0; i < k; ++i) made.push_back(open_session(s.id));
      ids = pool->fork(s.env_id, k);
    } catch (...) {
      for (auto& m : made) close_session(m->id);
      throw;
    }
    json out = json::array();
    for (int i = 0; i < k; ++i) {
      EnvSession& m = *made[static_cast<std::size_t>(i)];
      std::lock_guard<std::mutex> l(m.mu);
      m.env_id = ids[static_cast<std::size_t>(i)];
      m.phone = std::make_unique<PoolPhone>(*pool, m.env_id);
      m.env = s.env;  // the same episode so far: same instance, steps and budget
      m.has_episode = true;
      m.episode_id = s.episode_id + "/" + std::to_string(i);
      m.obs = s.obs;
      m.custom_obs = s.custom_obs;
      m.marks = s.marks;
      m.format = s.format;
      out.push_back(m.id);
    }
    return {{"type", "fork"}, {"data", {{"sessions", out}}}};
  }

  json batch(EnvSession& s, const json& data) {
    if (!data.is_object() || !data.value("steps", json()).is_array()) invalid("batch needs {\"steps\": [{\"session\", \"action\"|\"text\"}]}");
    json results = json::array();
    for (const json& e : data["steps"]) {
      try {
        if (!e.is_object()) invalid("each batch step is an object {\"session\", \"action\"} or {\"session\", \"text\"}");
        const std::string id = e.value("session", s.id);
        std::shared_ptr<EnvSession> t = id == s.id ? nullptr : find(id);
        if (id != s.id && (!t || t->owner != s.id)) invalid("session \"" + id + "\" is not this session or one it forked");
        EnvSession& target = t ? *t : s;
        std::unique_lock<std::mutex> l(target.mu, std::defer_lock);
        if (t) l.lock();
        target.last = Clock::now();
        json step_data = e.contains("text") ? json{{"text", e["text"]}} : e.value("action", json());
        results.push_back(step(target, step_data));
      } catch (const ProtocolError& x) {
        results.push_back(error_message(x.code, x.what())["data"]);
      }
    }
    return {{"type", "batch"}, {"data", {{"results", results}}}};
  }

  json set_state(EnvSession& s, const json& data) {
    if (!s.has_episode) invalid("no episode: send reset first");
    if (!data.is_object() || !data.contains("state")) invalid("set_state needs {\"state\": a full phone state}");
    try {
      Phone::validate(data["state"]);
    } catch (const std::exception& e) {
      invalid(std::string("state: ") + e.what());
    }
    pool->reset(s.env_id, data["state"]);
    return result(observation(s, s.phone->observe(), {{"set_state", true}}), nullptr, s.env.done());
  }

  json judge_now(EnvSession& s) {
    if (!s.has_episode) invalid("no episode: send reset first");
    return {{"type", "judge"}, {"data", TaskEnv::verdict(s.env.instance(), pool->state(s.env_id)).to_json()}};
  }

  // One protocol message of a session; never throws (errors are replies).
  json handle(EnvSession& s, const std::string& text, bool& close) {
    json msg = json::parse(text, nullptr, false);
    if (msg.is_discarded()) return error_message("INVALID_JSON", "Invalid JSON: the message is not a JSON document");
    if (!msg.is_object() || !msg.value("type", json()).is_string())
      return error_message("VALIDATION_ERROR", "a message is an object with a string \"type\"");
    const std::string type = msg["type"];
    const json data = msg.value("data", json::object());
    std::lock_guard<std::mutex> l(s.mu);
    s.last = Clock::now();
    try {
      if (type == "reset") return {{"type", "observation"}, {"data", reset(s, data)}};
      if (type == "step") return {{"type", "observation"}, {"data", step(s, data)}};
      if (type == "state") return {{"type", "state"}, {"data", state(s)}};
      if (type == "close") {
        close = true;
        return nullptr;
      }
      if (type == "fork") return fork(s, data);
      if (type == "batch") return batch(s, data);
      if (type == "set_state") return {{"type", "observation"}, {"data", set_state(s, data)}};
      if (type == "judge") return judge_now(s);
      return error_message("UNKNOWN_TYPE", "Unknown message type: " + type +
                                               " (reset, step, state, close; PhoneGym: fork, batch, set_state, judge)");
    } catch (const ProtocolError& e) {
      return error_message(e.code, e.what());
    } catch (const std::exception& e) {
      return error_message("EXECUTION_ERROR", e.what());
    }
  }

  // handle(), as the text a WebSocket sends back ("" for no reply).
  std::string reply_text(EnvSession& s, const std::string& text, bool& close) {
    json reply = handle(s, text, close);
    return reply.is_null() ? std::string() : reply.dump(-1, ' ', false, json::error_handler_t::replace);
  }

  // ------------------------------------------------------------------ HTTP

  bool authorized(const cdp::HttpRequest& req) const {
    if (opts.token.empty()) return true;
    // Compared in constant time: how long a refusal takes says nothing about the token.
    auto same = [&](const std::string& given) {
      if (given.size() != opts.token.size()) return false;
      unsigned char diff = 0;
      for (std::size_t i = 0; i < given.size(); ++i)
        diff |= static_cast<unsigned char>(given[i] ^ opts.token[i]);
      return diff == 0;
    };
    const std::string auth = req.header("authorization");
    const std::string bearer = auth.rfind("Bearer ", 0) == 0 ? auth.substr(7) : std::string();
    return same(bearer) || same(req.header("x-phonegym-token")) || same(query_param(req.target, "token"));
  }

  static cdp::HttpReply json_reply(int status, const json& j) {
    cdp::HttpReply r;
    r.status = status;
    r.content_type = "application/json";
    r.body = j.dump(-1, ' ', false, json::error_handler_t::replace);
    return r;
  }

  json metadata() const {
    return {{"name", "PhoneGym"},
            {"description", "A simulated Android phone for training and evaluating mobile GUI agents: " +
                                std::to_string(tasks.templates().size()) +
                                " task templates with state-based judges (reset data: task, seed, split, obs, format)."},
            {"readme_content", nullptr},
            {"version", kVersion},
            {"author", "PhoneGym"},
            {"documentation_url", nullptr}};
  }

  // POST /reset and /step as OpenEnv has them: each on a fresh env, closed after the call.
  cdp::HttpReply stateless(const cdp::HttpRequest& req, bool is_step) {
    json body = req.body.empty() ? json::object() : json::parse(req.body, nullptr, false);
    if (body.is_discarded() || !body.is_object())
      return json_reply(422, {{"detail", "the body must be a JSON object"}});
    std::shared_ptr<EnvSession> s;
    try {
      s = open_session("");
    } catch (const ProtocolError& e) {
      return json_reply(503, {{"detail", e.what()}});
    }
    cdp::HttpReply r;
    try {
      std::lock_guard<std::mutex> l(s->mu);
      if (!is_step) {
        json data = body;
        r = json_reply(200, reset(*s, data));
      } else {
        if (!body.contains("action")) throw ProtocolError("VALIDATION_ERROR", "the body needs \"action\"");
        json data = json::object();
        for (const char* k : {"task", "seed", "split", "obs", "format"})
          if (body.contains(k)) data[k] = body[k];
        reset(*s, data);
        r = json_reply(200, step(*s, body["action"]));
      }
    } catch (const ProtocolError& e) {
      r = json_reply(e.code == "VALIDATION_ERROR" ? 422 : 500, {{"detail", e.what()}});
    } catch (const std::exception& e) {
      r = json_reply(500, {{"detail", e.what()}});
    }
    close_session(s->id);
    return r;
  }

  cdp::HttpReply handle_http(const cdp::HttpRequest& req) {
    if (!authorized(req)) return json_reply(401, {{"detail", "missing or wrong token (Authorization: Bearer <token>)"}});
    const std::string path = req.target.substr(0, req.target.find('?'));
    if (req.method == "GET" && path == "/health") return json_reply(200, {{"status", "healthy"}});
    if (req.method == "GET" && path == "/metadata") return json_reply(200, metadata());
    if (req.method == "GET" && path == "/schema")
      return json_reply(200, {{"action", action_schema()}, {"observation", observation_schema()}, {"state", state_schema()}});
    if (req.method == "GET" && path == "/state") return json_reply(200, {{"episode_id", nullptr}, {"step_count", 0}});
    if (req.method == "POST" && path == "/reset") return stateless(req, false);
    if (req.method == "POST" && path == "/step") return stateless(req, true);
    if (path == "/ws") return json_reply(426, {{"detail", "/ws is a WebSocket endpoint (send an Upgrade request)"}});
    return json_reply(404, {{"detail", "no route " + req.method + " " + path +
                                           " (GET /health /metadata /schema /state, POST /reset /step, WebSocket /ws)"}});
  }
  // A WebSocket connection's session: its messages go to handle(); closing it closes the session.
  class Connection : public cdp::WsSession {
   public:
    Connection(Impl& srv, std::shared_ptr<EnvSession> s) : srv_(srv), s_(std::move(s)) {}
    ~Connection() override { srv_.close_session(s_->id); }
    std::string on_message(const std::string& text, bool& close) override { return srv_.reply_text(*s_, text, close); }
    std::string on_oversize(std::size_t limit) override {
      return error_message("VALIDATION_ERROR", "message too large (limit " + std::to_string(limit) + " bytes)").dump();
    }
    std::string on_failure(const std::string& what) override { return error_message("SESSION_ERROR", what).dump(); }

   private:
    Impl& srv_;
    std::shared_ptr<EnvSession> s_;
  };
};

EnvServer::EnvServer(Host& host, const TaskSet& tasks, EnvServerOptions opts) : impl_(std::make_unique<Impl>(host, tasks, std::move(opts))) {
  Impl& m = *impl_;
  if (!cdp::is_loopback(m.opts.address) && m.opts.token.empty())
    throw std::invalid_argument("serve-env: binding " + m.opts.address + " exposes the server: give --token");
  if (m.opts.max_sessions < 1) throw std::invalid_argument("serve-env: --max-sessions must be >= 1");
  m.default_obs = parse_obs_spec(m.opts.obs);
  m.server_perturb = PerturbationMix(m.opts.perturb);  // throws std::invalid_argument naming a bad spec
  if (m.default_obs.format == ObsSpec::Format::Raw && m.opts.obs.find("raw") == std::string::npos)
    m.default_obs.format = ObsSpec::Format::Png;
  EnvPool::Options po;
  po.workers = m.opts.pool_workers;
  po.pixels = host.caps().pixels;
  po.obs = m.default_obs;
  m.pool = std::make_unique<EnvPool>(host, po);
  cdp::HttpServerOptions so;
  so.address = m.opts.address;
  so.port = m.opts.port;
  so.name = "serve-env";
  so.body_limit = m.opts.message_limit;
  so.ws_message_limit = m.opts.message_limit;
  so.idle_timeout_s = m.opts.idle_timeout_s;
  so.header_timeout_s = m.opts.header_timeout_s;
  so.max_connections = std::max(m.opts.max_connections, static_cast<std::size_t>(m.opts.max_sessions) + 16);
  so.threads = m.opts.threads;
  so.websocket = [&m](const cdp::HttpRequest& req, cdp::HttpReply& refusal) -> std::unique_ptr<cdp::WsSession> {
    const std::string path = req.target.substr(0, req.target.find('?'));
    if (path != "/ws") {
      refusal = Impl::json_reply(404, {{"detail", "WebSocket sessions are at /ws"}});
      return nullptr;
    }
    if (!m.authorized(req)) {
      refusal = Impl::json_reply(401, {{"detail", "missing or wrong token (Authorization: Bearer <token>, or ?token=)"}});
      return nullptr;
    }
    const std::string attach = query_param(req.target, "session");
    std::shared_ptr<EnvSession> s;
    if (!attach.empty()) {
      s = m.find(attach);
      if (!s) {
        refusal = Impl::json_reply(404, {{"detail", "no session \"" + attach + "\" (closed, or idle too long)"}});
        return nullptr;
      }
      std::lock_guard<std::mutex> l(s->mu);
      if (s->attached) {
        refusal = Impl::json_reply(409, {{"detail", "session \"" + attach + "\" already has a connection"}});
        return nullptr;
      }
      s->attached = true;
    } else {
      try {
        s = m.open_session("");
      } catch (const ProtocolError& e) {
        refusal = Impl::json_reply(503, {{"detail", e.what()}, {"code", e.code}});
        return nullptr;
      }
      s->attached = true;
    }
    return std::make_unique<Impl::Connection>(m, s);
  };
  m.server = std::make_unique<cdp::HttpServer>(std::move(so), [&m](const cdp::HttpRequest& r) { return m.handle_http(r); });
  m.reaper = std::thread([&m] { m.reap_loop(); });
}

EnvServer::~EnvServer() {
  {
    std::lock_guard<std::mutex> l(impl_->reaper_mu);
    impl_->stopping = true;
  }
  impl_->reaper_cv.notify_all();
  if (impl_->reaper.joinable()) impl_->reaper.join();
  impl_->server.reset();  // connections end first: their sessions close into the pool
  impl_->pool.reset();
}

std::uint16_t EnvServer::port() const { return impl_->server->port(); }
std::string EnvServer::url() const { return impl_->server->base_url(); }
int EnvServer::sessions() const {
  std::lock_guard<std::mutex> l(impl_->mu);
  return static_cast<int>(impl_->sessions.size());
}
int EnvServer::host_restarts() const { return impl_->pool->restarts(); }

cdp::HttpReply EnvServer::handle_http(const cdp::HttpRequest& req) { return impl_->handle_http(req); }

std::string EnvServer::open_session() {
  try {
    auto s = impl_->open_session("");
    s->attached = true;
    return s->id;
  } catch (const ProtocolError& e) {
    throw std::runtime_error(e.what());
  }
}

std::string EnvServer::handle_message(const std::string& id, const std::string& text, bool& close) {
  std::shared_ptr<EnvSession> s = impl_->find(id);
  if (!s) return error_message("SESSION_ERROR", "no session \"" + id + "\" (closed, or idle too long)").dump();
  return impl_->reply_text(*s, text, close);
}

void EnvServer::close_session(const std::string& id) { impl_->close_session(id); }

}  // namespace pg
