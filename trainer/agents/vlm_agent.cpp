#include "trainer/agents/vlm_agent.hpp"

#include "sim/render/codec.hpp"
#include "trainer/agents/image_codec.hpp"
#include "trainer/agents/syntax.hpp"

#include <algorithm>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

void VlmAgentOptions::validate() const {
  const ActionFormat& f = find_format(format);
  if (obs != "screenshot" && obs != "som" && obs != "a11y")
    throw std::invalid_argument("--obs \"" + obs + "\": expected screenshot, som or a11y");
  if (!coords.empty()) {
    const Coords c = coords_from_string(coords);
    const auto ok = f.allowed_coords();
    if (std::find(ok.begin(), ok.end(), c) == ok.end()) {
      std::string list;
      for (Coords a : ok) list += (list.empty() ? "" : ", ") + std::string(to_string(a));
      throw std::invalid_argument("--coords " + coords + " does not apply to --format " + format + " (use " + list + ")");
    }
  }
  if (history < 0) throw std::invalid_argument("--history " + std::to_string(history) + ": must be >= 0");
  if (max_endpoint_failures < 1)
    throw std::invalid_argument("--endpoint-failures " + std::to_string(max_endpoint_failures) + ": must be >= 1");
  if (image_w < 28 || image_h < 28 || image_w > 4096 || image_h > 4096)
    throw std::invalid_argument("--image-size " + std::to_string(image_w) + "x" + std::to_string(image_h) +
                                ": each side must be within 28..4096 pixels");
  if (temperature < 0 || temperature > 2) throw std::invalid_argument("--temperature must be within 0..2");
}

std::pair<std::string, std::string> parse_openai_agent_spec(const std::string& spec) {
  if (spec.rfind("openai:", 0) != 0) throw std::invalid_argument("--agent \"" + spec + "\": expected openai:<base_url>#<model>");
  const std::string rest = spec.substr(7);
  const std::size_t hash = rest.rfind('#');
  if (hash == std::string::npos || hash + 1 == rest.size() || hash == 0)
    throw std::invalid_argument("--agent \"" + spec +
                                "\": expected openai:<base_url>#<model>, e.g. openai:http://127.0.0.1:8000/v1#ui-tars-1.5-7b");
  Url::parse(rest.substr(0, hash));  // throws naming the URL
  return {rest.substr(0, hash), rest.substr(hash + 1)};
}

namespace {

std::string short_class(const std::string& c) {
  const std::size_t p = c.rfind('.');
  return p == std::string::npos ? c : c.substr(p + 1);
}

std::string quoted(const std::string& s) {
  std::string o = "\"";
  for (char c : s) o += c == '\n' ? ' ' : c;
  return o + "\"";
}

std::string bounds_text(const json& b) {
  if (!b.is_array() || b.size() != 4) return "";
  auto i = [&](int k) { return std::to_string(static_cast<int>(b[k].get<double>())); };
  return "[" + i(0) + "," + i(1) + "][" + i(2) + "," + i(3) + "]";
}

}  // namespace

std::string marks_text(const json& marks) {
  std::string out = "Elements:\n";
  for (const json& m : marks) {
    out += "[" + std::to_string(m.value("mark", 0)) + "] " + short_class(m.value("class", ""));
    if (!m.value("text", "").empty()) out += " " + quoted(m.value("text", ""));
    if (!m.value("desc", "").empty()) out += " (" + m.value("desc", "") + ")";
    out += "\n";
  }
  return out;
}

std::string a11y_text(const json& ui_tree, const json& marks) {
  std::map<std::string, int> mark_of;
  for (const json& m : marks) mark_of[m.value("id", "")] = m.value("mark", 0);
  std::string out = "Screen elements (numbered ones can be acted on; bounds in device pixels):\n";
  const json& nodes = ui_tree.contains("nodes") ? ui_tree["nodes"] : ui_tree;
  if (!nodes.is_array()) return out;
  for (const json& n : nodes) {
    const std::string id = n.value("id", ""), text = n.value("text", ""), desc = n.value("desc", "");
    auto it = mark_of.find(id);
    if (it == mark_of.end() && text.empty() && desc.empty()) continue;
    out += it == mark_of.end() ? "- " : "[" + std::to_string(it->second) + "] ";
    out += short_class(n.value("class", ""));
    if (!text.empty()) out += " " + quoted(n.value("password", false) ? std::string(text.size(), '*') : text);
    if (!desc.empty()) out += " (" + desc + ")";
    if (n.value("checkable", false)) out += n.value("checked", false) ? " checked" : " unchecked";
    if (n.value("focused", false)) out += " focused";
    if (!n.value("enabled", true)) out += " disabled";
    out += " " + bounds_text(n["bounds"]) + "\n";
  }
  return out;
}

VlmAgent::VlmAgent(VlmAgentOptions o, std::shared_ptr<ChatClient> client)
    : o_(std::move(o)), client_(std::move(client)) {
  o_.validate();
  format_ = &find_format(o_.format);
  coords_ = o_.coords.empty() ? format_->default_coords() : coords_from_string(o_.coords);
  ctx_.coords = coords_;
}

std::unique_ptr<VlmAgent> VlmAgent::oracle_demonstrator(VlmAgentOptions o) {
  return std::make_unique<VlmAgent>(std::move(o), nullptr);
}

std::string VlmAgent::name() const {
  return (client_ ? "openai:" + client_->options().model : std::string("oracle")) + "/" + format_->name();
}

void VlmAgent::begin(const TaskInstance& inst, std::uint64_t) {
  inst_ = &inst;
  history_.clear();
  info_ = nullptr;
  if (!client_) oracle_ = std::make_unique<OracleAgent>(inst);
}

void VlmAgent::observe(Host& host, int slot) {
  if (!host.has_pixels()) throw std::runtime_error("agent " + name() + " needs screenshots: host " + host.name() + " has none");
  ctx_.marks = o_.obs == "screenshot" ? json::array() : host.marks(slot);
  Image img = o_.obs == "som" ? host.screenshot_som(slot, true) : host.screenshot(slot, true);
  ctx_.screen_w = img.width;
  ctx_.screen_h = img.height;
  int w = o_.image_w, h = o_.image_h;
  if (format_->wants_smart_resize()) std::tie(w, h) = smart_resize(w, h, 28, o_.min_pixels, o_.max_pixels);
  img = resize_image(img, w, h);
  ctx_.image_w = w;
  ctx_.image_h = h;
  jpeg_ = encode_image(img, ObsSpec::Format::Jpeg, o_.jpeg_quality);
  obs_text_.clear();
  if (o_.obs == "som") obs_text_ = marks_text(ctx_.marks);
  if (o_.obs == "a11y") obs_text_ = a11y_text(host.ui_tree(slot), ctx_.marks);
}

namespace {

/// A one-line reason for an oracle demonstration ("Tap "Clock"."), naming the element under the point.
std::string describe(const Action& a, const json& ui_tree, int sw, int sh) {
  auto label_at = [&](int x, int y) -> std::string {
    const json& nodes = ui_tree.contains("nodes") ? ui_tree["nodes"] : json::array();
    std::string best;
    double best_area = 1e18;
    const double px = x * sw / 1000.0, py = y * sh / 1000.0;
    for (const json& n : nodes) {
      const json& b = n["bounds"];
      if (!b.is_array() || b.size() != 4) continue;
      if (px < b[0].get<double>() || px > b[2].get<double>() || py < b[1].get<double>() || py > b[3].get<double>()) continue;
      std::string l = n.value("text", "");
      if (l.empty()) l = n.value("desc", "");
      const double area = (b[2].get<double>() - b[0].get<double>()) * (b[3].get<double>() - b[1].get<double>());
      if (!l.empty() && area < best_area) best_area = area, best = l;
    }
    return best.empty() ? "the element there" : "\"" + best + "\"";
  };
  switch (a.type) {
    case ActionType::Click: return "Tap " + label_at(a.x, a.y) + ".";
    case ActionType::LongPress: return "Long-press " + label_at(a.x, a.y) + ".";
    case ActionType::DoubleTap: return "Double-tap " + label_at(a.x, a.y) + ".";
    case ActionType::Type: return "Type \"" + a.text + "\" into the focused field.";
    case ActionType::Swipe: return a.y2 < a.y1 ? "Scroll down to find the target." : "Scroll to find the target.";
    case ActionType::OpenApp: return "Open the " + a.app + " app.";
    case ActionType::Back: return "Go back.";
    case ActionType::Home: return "Go to the home screen.";
    case ActionType::Enter: return "Press Enter.";
    case ActionType::Wait: return "Wait for the screen to update.";
    case ActionType::Answer: return "Answer the question.";
    case ActionType::Complete: return "The task is done.";
    case ActionType::Abort: return "The task cannot be done: " + a.text;
    default: return "Continue.";
  }
}

}  // namespace

Action VlmAgent::act(const AgentObservation& obs) {
  if (!inst_) throw std::logic_error("VlmAgent::act before begin");
  if (jpeg_.empty()) throw std::logic_error("VlmAgent::act before observe");
  // The chat: system prompt, the task, the last W replies (assistant turns), the current screen.
  PromptContext pc{ctx_.image_w, ctx_.image_h, coords_, o_.obs};
  json sent = json::array(), logged = json::array();
  auto push = [&](const std::string& role, const std::string& text) {
    sent.push_back({{"role", role}, {"content", text}});
    logged.push_back({{"role", role}, {"content", text}});
  };
  push("system", format_->system_prompt(pc));
  const std::size_t first = history_.size() > static_cast<std::size_t>(o_.history) ? history_.size() - static_cast<std::size_t>(o_.history) : 0;
  std::string pending = "Task: " + inst_->instruction;
  if (first > 0) pending += "\n(" + std::to_string(first) + " earlier steps not shown)";
  for (std::size_t i = first; i < history_.size(); ++i) {
    push("user", (pending.empty() ? "" : pending + "\n") + "Step " + std::to_string(i + 1) + ": (screenshot omitted)");
    push("assistant", history_[i].reply);
    pending = history_[i].note;
  }
  if (!obs.reply.empty()) pending += (pending.empty() ? "" : "\n") + std::string("The user replied: ") + obs.reply;
  const std::string head = (pending.empty() ? "" : pending + "\n") + "Step " + std::to_string(obs.step + 1) + ", the current screen:";
  json parts = json::array({{{"type", "text"}, {"text", head}}, {{"type", "image_url"}, {"image_url", {{"url", jpeg_data_url(jpeg_)}}}}});
  if (!obs_text_.empty()) parts.push_back({{"type", "text"}, {"text", obs_text_}});
  sent.push_back({{"role", "user"}, {"content", parts}});
  logged.push_back({{"role", "user"}, {"content", head + "\n<image>" + (obs_text_.empty() ? "" : "\n" + obs_text_)}});

  info_ = json::object();
  std::string reply;
  if (client_) {
    ChatReply r;
    try {
      r = client_->complete(sent, {{"temperature", o_.temperature}, {"max_tokens", o_.max_tokens}});
    } catch (const EndpointError& e) {
      const int in_a_row = client_->consecutive_failures();
      if (!e.transient) throw AgentError(e.what());
      if (in_a_row >= o_.max_endpoint_failures)
        throw AgentError(std::string(e.what()) + " (" + std::to_string(in_a_row) +
                         " requests in a row failed: the endpoint looks down; --endpoint-failures sets the limit)");
      // One bad request is an invalid step, as an unparsable reply is; the model said nothing, so
      // the history gets no turn.
      info_["endpoint_error"] = e.what();
      info_["format_error"] = std::string("no reply: ") + e.what();
      info_["reply"] = "";
      info_["image"] = {ctx_.image_w, ctx_.image_h};
      info_["messages"] = logged;
      return Action{ActionType::Noop};
    }
    reply = valid_utf8(r.content);
    info_["prompt_tokens"] = r.prompt_tokens;
    info_["completion_tokens"] = r.completion_tokens;
    info_["latency_ms"] = r.latency_ms;
    info_["attempts"] = r.attempts;
  } else {
    std::optional<Action> next = oracle_->next(obs.ui_tree);
    Action a = next ? *next : Action{ActionType::Complete};
    auto text = format_->render(a, ctx_, describe(a, obs.ui_tree, ctx_.screen_w, ctx_.screen_h));
    if (!text) throw AgentError("format " + format_->name() + " cannot express the oracle's action " + pg::to_json(a).dump());
    reply = *text;
  }
  ParseResult p = format_->parse(reply, ctx_);
  info_["reply"] = reply;
  info_["action"] = p.to_json();
  info_["image"] = {ctx_.image_w, ctx_.image_h};
  info_["messages"] = logged;
  if (sink_) info_["images"] = {sink_(jpeg_, obs.step)};
  Turn t{reply, ""};
  if (!p.ok) {
    info_["format_error"] = p.reason;
    t.note = "Your last reply was not a valid action (" + p.reason + "). Reply with exactly one action in the required format.";
  }
  history_.push_back(std::move(t));
  return p.ok ? p.action : Action{ActionType::Noop};
}

}  // namespace pg
