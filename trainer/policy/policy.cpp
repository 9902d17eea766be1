#include "trainer/policy/policy.hpp"

#include "sim/os/app.hpp"
#include "sim/util/hash.hpp"
#include "trainer/io.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>

#include <unistd.h>

namespace pg {
namespace {

constexpr float kMasked = -1e9f;
const char* const kEmptyToken = "<empty>";
constexpr std::size_t kShortText = 40;  ///< bytes: longer on-screen texts are not spans (paragraphs)

int conv_out(int in, int k, int s, int p) { return (in + 2 * p - k) / s + 1; }

std::string trim(const std::string& s) {
  auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int bin_of(int coord, int bins) {
  int b = static_cast<int>(static_cast<long long>(coord) * bins / 1000);
  return std::clamp(b, 0, bins - 1);
}

int bin_centre(int bin, int bins) {
  return static_cast<int>(std::lround((bin + 0.5) * 1000.0 / bins));
}

void append_tokens(const std::string& text, int vocab, std::vector<std::int64_t>& out) {
  auto toks = tokenize(text);
  if (toks.empty()) {
    out.push_back(token_bucket(kEmptyToken, vocab));
    return;
  }
  for (const auto& t : toks) out.push_back(token_bucket(t, vocab));
}

torch::Tensor int64_tensor(const std::vector<std::int64_t>& v) {
  return torch::tensor(torch::ArrayRef<std::int64_t>(v), torch::kInt64);
}

bool uses_xy(PolicyActionKind k) { return k == PolicyActionKind::Click || k == PolicyActionKind::LongPress; }

// Index drawn from log-probabilities `lp` (entries ~-1e9 have probability 0). With probability
// `epsilon` (consumes one extra draw only when epsilon > 0) uniformly among the possible entries.
int draw(const float* lp, int n, std::mt19937_64& rng, bool greedy, double epsilon = 0) {
  if (greedy) return static_cast<int>(std::max_element(lp, lp + n) - lp);
  if (epsilon > 0 && std::uniform_real_distribution<double>(0.0, 1.0)(rng) < epsilon) {
    std::vector<int> possible;
    for (int i = 0; i < n; ++i)
      if (lp[i] > -1e8f) possible.push_back(i);
    if (!possible.empty())
      return possible[std::uniform_int_distribution<std::size_t>(0, possible.size() - 1)(rng)];
  }
  std::vector<double> p(n);
  double total = 0;
  for (int i = 0; i < n; ++i) total += (p[i] = std::exp(static_cast<double>(lp[i])));
  double u = std::uniform_real_distribution<double>(0.0, 1.0)(rng) * total;
  int last = 0;
  for (int i = 0; i < n; ++i) {
    if (p[i] <= 0) continue;
    last = i;
    if (u < p[i]) return i;
    u -= p[i];
  }
  return last;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Config

nlohmann::json PolicyConfig::to_json() const {
  return {{"arch", "pg_policy_v3"}, {"x_bins", x_bins}, {"y_bins", y_bins},       {"vocab", vocab},
          {"embed", embed},         {"hidden", hidden}, {"max_spans", max_spans}, {"apps", apps},
          {"clear_on_type", clear_on_type}, {"history", history}, {"text_norm", text_norm},
          {"trunk_film", trunk_film}, {"app_buckets", app_buckets}, {"text_encoder", text_encoder},
          {"screen_elements", screen_elements}, {"observed_spans", observed_spans}, {"action_kinds", action_kinds},
          {"span_memory", span_memory}, {"span_reader", span_reader}};
}

PolicyConfig PolicyConfig::from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw std::runtime_error("PolicyConfig: expected a JSON object, got " + j.dump());
  PolicyConfig c;
  try {
    const std::string arch = j.value("arch", std::string("pg_policy_v2"));
    if (arch != "pg_policy_v2" && arch != "pg_policy_v3")
      throw std::runtime_error("unknown arch \"" + arch +
                               "\" (this trainer reads pg_policy_v2 and pg_policy_v3; retrain older checkpoints)");
    c.x_bins = j.value("x_bins", c.x_bins);
    c.y_bins = j.value("y_bins", c.y_bins);
    c.vocab = j.value("vocab", c.vocab);
    c.embed = j.value("embed", c.embed);
    c.hidden = j.value("hidden", c.hidden);
    c.max_spans = j.value("max_spans", c.max_spans);
    c.apps = j.value("apps", c.apps);
    c.clear_on_type = j.value("clear_on_type", c.clear_on_type);
    c.history = j.value("history", c.history);
    c.text_norm = j.value("text_norm", false);    // absent: saved before the option existed
    c.trunk_film = j.value("trunk_film", false);  // likewise
    c.app_buckets = j.value("app_buckets", 0);    // absent: the linear head over `apps`
    c.text_encoder = j.value("text_encoder", std::string("bag"));  // absent: saved before the GRU
    c.screen_elements = j.value("screen_elements", 0);             // absent: pixels only
    c.observed_spans = j.value("observed_spans", false);           // absent: the task's parameters
    c.action_kinds = j.value("action_kinds", 10);                   // absent: saved before Enter
    c.span_memory = j.value("span_memory", 0);                      // absent: the current screen only
    c.span_reader = j.value("span_reader", 1);                      // absent: the first span reader
    c.validate();
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("PolicyConfig: ") + e.what());
  }
  return c;
}

void PolicyConfig::validate() const {
  auto pos = [](int v, const char* name) {
    if (v <= 0) throw std::invalid_argument(std::string("PolicyConfig.") + name + " must be > 0, got " + std::to_string(v));
  };
  pos(x_bins, "x_bins");
  pos(y_bins, "y_bins");
  pos(vocab, "vocab");
  pos(embed, "embed");
  pos(hidden, "hidden");
  pos(max_spans, "max_spans");
  if (history < 0 || history > 32)
    throw std::invalid_argument("PolicyConfig.history must be in 0..32, got " + std::to_string(history));
  if (text_encoder != "gru" && text_encoder != "bag")
    throw std::invalid_argument("PolicyConfig.text_encoder must be gru or bag, got \"" + text_encoder + "\"");
  if (screen_elements < 0 || screen_elements > 512)
    throw std::invalid_argument("PolicyConfig.screen_elements must be in 0..512, got " + std::to_string(screen_elements));
  if (action_kinds < 10 || action_kinds > kNumPolicyActionKinds)
    throw std::invalid_argument("PolicyConfig.action_kinds must be in 10.." + std::to_string(kNumPolicyActionKinds) +
                                ", got " + std::to_string(action_kinds));
  if (span_reader < 1 || span_reader > 2)
    throw std::invalid_argument("PolicyConfig.span_reader must be 1 or 2, got " + std::to_string(span_reader));
  if (span_memory < 0 || span_memory > 1024)
    throw std::invalid_argument("PolicyConfig.span_memory must be in 0..1024, got " + std::to_string(span_memory));
  if (app_buckets < 0)
    throw std::invalid_argument("PolicyConfig.app_buckets must be >= 0 (0: the legacy linear app head), got " +
                                std::to_string(app_buckets));
}

std::vector<std::string> PolicyConfig::app_ids() const {
  if (!apps.empty()) return apps;
  std::vector<std::string> ids = AppRegistry::instance().ids();
  std::sort(ids.begin(), ids.end());
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Actions

const char* to_string(PolicyActionKind k) {
  switch (k) {
    case PolicyActionKind::Click: return "click";
    case PolicyActionKind::LongPress: return "long_press";
    case PolicyActionKind::SwipeUp: return "swipe_up";
    case PolicyActionKind::SwipeDown: return "swipe_down";
    case PolicyActionKind::TypeSpan: return "type_span";
    case PolicyActionKind::Back: return "back";
    case PolicyActionKind::Home: return "home";
    case PolicyActionKind::OpenApp: return "open_app";
    case PolicyActionKind::Complete: return "complete";
    case PolicyActionKind::Abort: return "abort";
    case PolicyActionKind::Enter: return "enter";
  }
  return "?";
}

bool PolicyAction::operator==(const PolicyAction& o) const {
  if (kind != o.kind) return false;
  if (uses_xy(kind)) return x_bin == o.x_bin && y_bin == o.y_bin;
  if (kind == PolicyActionKind::TypeSpan) return span == o.span;
  if (kind == PolicyActionKind::OpenApp) return app == o.app;
  return true;
}

Action to_action(const PolicyAction& a, const std::vector<std::string>& spans, const PolicyConfig& config) {
  Action out;
  switch (a.kind) {
    case PolicyActionKind::Click:
    case PolicyActionKind::LongPress:
      if (a.x_bin < 0 || a.x_bin >= config.x_bins || a.y_bin < 0 || a.y_bin >= config.y_bins)
        throw std::invalid_argument("to_action: bin (" + std::to_string(a.x_bin) + ", " + std::to_string(a.y_bin) +
                                    ") outside " + std::to_string(config.x_bins) + "x" + std::to_string(config.y_bins));
      out.type = a.kind == PolicyActionKind::Click ? ActionType::Click : ActionType::LongPress;
      out.x = bin_centre(a.x_bin, config.x_bins);
      out.y = bin_centre(a.y_bin, config.y_bins);
      break;
    case PolicyActionKind::SwipeUp:
    case PolicyActionKind::SwipeDown: {
      const bool up = a.kind == PolicyActionKind::SwipeUp;
      out.type = ActionType::Swipe;
      out.x1 = out.x2 = 500;
      out.y1 = up ? 700 : 300;
      out.y2 = up ? 300 : 700;
      break;
    }
    case PolicyActionKind::TypeSpan:
      if (a.span < 0 || a.span >= static_cast<int>(spans.size()) || a.span >= config.max_spans)
        throw std::invalid_argument("to_action: span " + std::to_string(a.span) + " but the observation has " +
                                    std::to_string(spans.size()) + " spans");
      out.type = ActionType::Type;
      out.text = spans[a.span];
      out.clear = config.clear_on_type;
      break;
    case PolicyActionKind::Back: out.type = ActionType::Back; break;
    case PolicyActionKind::Home: out.type = ActionType::Home; break;
    case PolicyActionKind::OpenApp: {
      const std::vector<std::string> apps = config.app_ids();
      if (a.app < 0 || a.app >= static_cast<int>(apps.size()))
        throw std::invalid_argument("to_action: app " + std::to_string(a.app) + " but the config has " +
                                    std::to_string(apps.size()) + " apps");
      out.type = ActionType::OpenApp;
      out.app = apps[a.app];
      break;
    }
    case PolicyActionKind::Complete: out.type = ActionType::Complete; break;
    case PolicyActionKind::Abort: out.type = ActionType::Abort; break;
    case PolicyActionKind::Enter: out.type = ActionType::Enter; break;
  }
  return out;
}

std::optional<PolicyAction> encode_action(const Action& a, const std::vector<std::string>& spans,
                                          const PolicyConfig& config) {
  PolicyAction p;
  switch (a.type) {
    case ActionType::Click:
    case ActionType::LongPress:
      if (a.x < 0 || a.x > 1000 || a.y < 0 || a.y > 1000) return std::nullopt;
      p.kind = a.type == ActionType::Click ? PolicyActionKind::Click : PolicyActionKind::LongPress;
      p.x_bin = bin_of(a.x, config.x_bins);
      p.y_bin = bin_of(a.y, config.y_bins);
      return p;
    case ActionType::Swipe: {
      const int dx = a.x2 - a.x1, dy = a.y2 - a.y1;
      if (dy == 0 || std::abs(dx) > std::abs(dy)) return std::nullopt;
      p.kind = dy < 0 ? PolicyActionKind::SwipeUp : PolicyActionKind::SwipeDown;
      return p;
    }
    case ActionType::Type: {
      const int n = std::min<int>(static_cast<int>(spans.size()), config.max_spans);
      for (int i = 0; i < n; ++i)
        if (spans[i] == a.text) return PolicyAction{PolicyActionKind::TypeSpan, 0, 0, i, 0};
      const std::string t = trim(a.text);
      for (int i = 0; i < n; ++i)
        if (trim(spans[i]) == t) return PolicyAction{PolicyActionKind::TypeSpan, 0, 0, i, 0};
      return std::nullopt;
    }
    case ActionType::Back: p.kind = PolicyActionKind::Back; return p;
    case ActionType::Home: p.kind = PolicyActionKind::Home; return p;
    case ActionType::Complete: p.kind = PolicyActionKind::Complete; return p;
    case ActionType::Abort: p.kind = PolicyActionKind::Abort; return p;
    case ActionType::Enter:
      if (config.action_kinds <= static_cast<int>(PolicyActionKind::Enter)) return std::nullopt;
      p.kind = PolicyActionKind::Enter;
      return p;
    case ActionType::OpenApp: {
      const std::vector<std::string> apps = config.app_ids();
      const int n = static_cast<int>(apps.size());
      for (int i = 0; i < n; ++i)
        if (apps[i] == a.app) return PolicyAction{PolicyActionKind::OpenApp, 0, 0, 0, i};
      const std::string l = lower(trim(a.app));
      for (int i = 0; i < n; ++i)
        if (lower(apps[i]) == l) return PolicyAction{PolicyActionKind::OpenApp, 0, 0, 0, i};
      return std::nullopt;
    }
    default:
      return std::nullopt;
  }
}

// ---------------------------------------------------------------------------------------------
// Inputs

std::vector<std::string> tokenize(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : text) {
    auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c >= 0x80) {
      cur += static_cast<char>(std::tolower(c));
    } else if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

std::int64_t token_bucket(const std::string& token, int vocab) {
  return static_cast<std::int64_t>(fnv1a64(token) % static_cast<std::uint64_t>(vocab));
}

// ---------------------------------------------------------------------------------------------
// What the policy reads

std::vector<ScreenElement> screen_elements(const nlohmann::json& ui_tree, int max) {
  std::vector<ScreenElement> out;
  if (max <= 0 || !ui_tree.is_object() || !ui_tree.contains("nodes") || !ui_tree["nodes"].is_array()) return out;
  const double w = std::max(1, ui_tree.value("width", 1080)), h = std::max(1, ui_tree.value("height", 2400));
  auto flag = [](const nlohmann::json& n, const char* k) { return n.contains(k) && n[k].is_boolean() && n[k].get<bool>(); };
  auto str = [](const nlohmann::json& n, const char* k) {
    return n.contains(k) && n[k].is_string() ? n[k].get<std::string>() : std::string();
  };
  for (const nlohmann::json& n : ui_tree["nodes"]) {
    if (static_cast<int>(out.size()) >= max) break;
    if (!n.is_object() || !n.contains("bounds") || !n["bounds"].is_array() || n["bounds"].size() != 4) continue;
    const auto& bd = n["bounds"];
    if (!bd[0].is_number() || !bd[1].is_number() || !bd[2].is_number() || !bd[3].is_number()) continue;
    auto unit = [](double v, double size) { return std::clamp(static_cast<int>(std::lround(v * 1000.0 / size)), 0, 1000); };
    ScreenElement e;
    e.l = unit(bd[0].get<double>(), w), e.t = unit(bd[1].get<double>(), h);
    e.r = unit(bd[2].get<double>(), w), e.b = unit(bd[3].get<double>(), h);
    if (e.r <= e.l || e.b <= e.t) continue;  // off screen or empty
    e.text = trim(str(n, "text"));
    if (e.text.empty()) e.text = trim(str(n, "desc"));
    e.cls = str(n, "class");
    if (const auto dot = e.cls.rfind('.'); dot != std::string::npos) e.cls = e.cls.substr(dot + 1);
    const bool editable = e.cls == "EditText";
    if (flag(n, "clickable") || flag(n, "long_clickable")) e.flags |= ScreenElement::Clickable;
    if (flag(n, "checkable")) e.flags |= ScreenElement::Checkable;
    if (flag(n, "checked")) e.flags |= ScreenElement::Checked;
    if (editable) e.flags |= ScreenElement::Editable;
    if (flag(n, "focused")) e.flags |= ScreenElement::Focused;
    if (flag(n, "scrollable")) e.flags |= ScreenElement::Scrollable;
    if (flag(n, "selected")) e.flags |= ScreenElement::Selected;
    if (n.contains("enabled") && !flag(n, "enabled")) e.flags |= ScreenElement::Disabled;
    const std::uint8_t acts = ScreenElement::Clickable | ScreenElement::Checkable | ScreenElement::Editable |
                              ScreenElement::Scrollable;
    if (e.text.empty() && !(e.flags & acts)) continue;  // a bare container says nothing
    out.push_back(std::move(e));
  }
  return out;
}

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80 || c == '\'' || c == '-';
}

/// Appends the values of `s` to `values`: times, dates, numbers, phone numbers, e-mail addresses
/// and technical words (file names); the technical words are blanked in `s` (not names too).
void read_values(std::string& s, std::vector<std::string>& values) {
  // Times, dates, numbers, phone numbers and e-mail addresses: maximal runs of digits and the
  // characters that join them (":", ".", ",", "-", "/", "+", "(", ")", and a space between digits),
  // with a following am/pm; e-mail: a word run around an "@".
  for (std::size_t i = 0; i < s.size();) {
    const bool start = is_digit(s[i]) || (s[i] == '+' && i + 1 < s.size() && is_digit(s[i + 1])) ||
                       (s[i] == '(' && i + 1 < s.size() && is_digit(s[i + 1]));
    if (!start || (i > 0 && word_char(s[i - 1]) && !is_digit(s[i - 1]))) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size()) {
      const char c = s[j];
      if (is_digit(c) || c == '+' || c == '(' || c == ')') ++j;
      else if ((c == ':' || c == '.' || c == ',' || c == '-' || c == '/' || c == ' ') && j + 1 < s.size() &&
               is_digit(s[j + 1]) && j > i && (is_digit(s[j - 1]) || s[j - 1] == ')'))
        ++j;
      else break;
    }
    std::string v = s.substr(i, j - i);
    std::size_t k = j;
    while (k < s.size() && s[k] == ' ') ++k;
    if (k + 1 < s.size() && (s.compare(k, 2, "am") == 0 || s.compare(k, 2, "pm") == 0 || s.compare(k, 2, "AM") == 0 ||
                             s.compare(k, 2, "PM") == 0) &&
        (k + 2 == s.size() || !word_char(s[k + 2]))) {
      values.push_back(v);  // both "7:30" and "7:30 pm"
      v = s.substr(i, k + 2 - i);
      j = k + 2;
    }
    values.push_back(v);
    if (v.find('-') != std::string::npos && v.find(':') != std::string::npos)  // a range: 13:15-13:45
      for (std::size_t a = 0, b; a <= v.size(); a = b + 1) {
        b = v.find('-', a);
        if (b == std::string::npos) b = v.size();
        if (b > a) values.push_back(v.substr(a, b - a));
      }
    i = j;
  }
  // File names and other technical words: runs of letters, digits, "_", "-" and "." that hold a
  // "_" or an inner "." before a letter (Lease_renewal.pdf, notes.txt, packing_checklist).
  for (std::size_t i = 0; i < s.size();) {
    auto tech = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'; };
    if (!tech(s[i]) || (i > 0 && (tech(s[i - 1]) || s[i - 1] == '@'))) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && (tech(s[j]) || s[j] == '@')) ++j;
    std::size_t e = j;
    while (e > i && (s[e - 1] == '.' || s[e - 1] == '-')) --e;  // a sentence's full stop
    const std::string w = s.substr(i, e - i);
    bool technical = w.find('@') == std::string::npos && w.find('_') != std::string::npos;
    for (std::size_t k = 1; !technical && w.find('@') == std::string::npos && k + 1 < w.size(); ++k)
      technical = w[k] == '.' && std::isalpha(static_cast<unsigned char>(w[k + 1])) && std::isalnum(static_cast<unsigned char>(w[k - 1]));
    if (technical) {
      values.push_back(w);
      std::fill(s.begin() + static_cast<long>(i), s.begin() + static_cast<long>(e), ' ');  // not a name too
    }
    i = j;
  }
  for (std::size_t at = s.find('@'); at != std::string::npos; at = s.find('@', at + 1)) {
    std::size_t a = at, b = at + 1;
    while (a > 0 && (word_char(s[a - 1]) || s[a - 1] == '.' || s[a - 1] == '_' || s[a - 1] == '+')) --a;
    while (b < s.size() && (word_char(s[b]) || s[b] == '.' || s[b] == '_')) ++b;
    while (b > at + 1 && s[b - 1] == '.') --b;  // a sentence's full stop
    if (a < at && b > at + 1) values.push_back(s.substr(a, b - a));
  }
}

/// The items of a list the text gives after a colon ("...: coffee beans, $4.50, category Food."):
/// the whole tail, then each comma-separated item (a sentence's full stop and a leading "and "
/// dropped), when there are several. A colon between digits (7:30) starts no list.
std::vector<std::string> colon_items(const std::string& text) {
  std::vector<std::string> out;
  const std::size_t colon = text.find(": ");
  if (colon == std::string::npos || colon == 0 || is_digit(text[colon - 1])) return out;
  auto clean = [](std::string v) {
    v = trim(v);
    while (!v.empty() && v.back() == '.') v.pop_back();
    if (v.compare(0, 4, "and ") == 0) v = trim(v.substr(4));
    return v;
  };
  const std::string tail = clean(text.substr(colon + 2));
  if (tail.empty()) return out;
  out.push_back(tail);
  std::vector<std::string> items;
  for (std::size_t a = 0, b; a <= tail.size(); a = b + 1) {
    b = tail.find(',', a);
    if (b == std::string::npos) b = tail.size();
    if (const std::string v = clean(tail.substr(a, b - a)); !v.empty()) items.push_back(v);
  }
  if (items.size() > 1) out.insert(out.end(), items.begin(), items.end());
  return out;
}

/// Candidate strings of an instruction, in order of appearance within each kind.
std::vector<std::string> instruction_spans(const std::string& text, int reader) {
  const bool single_quotes = reader >= 2;
  std::vector<std::string> quoted, values, names;
  std::string s = text;  // with quoted parts blanked once taken, so a quote is not also read for names
  // Quoted text: "..." and curly “...” (UTF-8 E2 80 9C / E2 80 9D).
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::size_t open = std::string::npos, body = 0;
    std::string close;
    if (s[i] == '"') open = i, body = i + 1, close = "\"";
    else if (s.compare(i, 3, "\xE2\x80\x9C") == 0) open = i, body = i + 3, close = "\xE2\x80\x9D";
    else if (single_quotes && s[i] == '\'' && (i == 0 || !word_char(s[i - 1]))) open = i, body = i + 1, close = "'";
    if (open == std::string::npos) continue;
    std::size_t end = s.find(close, body);
    // A single quote closes where no letter follows it ("'Mom's list'" is one quote; "it's" is none).
    while (close == "'" && end != std::string::npos && end + 1 < s.size() && word_char(s[end + 1]))
      end = s.find(close, end + 1);
    if (close == "'" && end == std::string::npos) continue;
    if (end == std::string::npos) break;
    quoted.push_back(s.substr(body, end - body));
    std::fill(s.begin() + static_cast<long>(open), s.begin() + static_cast<long>(end + close.size()), ' ');
    i = end + close.size() - 1;
  }
  read_values(s, values);
  // Names: runs of capitalised words, except the instruction's first word (the verb).
  bool first = true;
  for (std::size_t i = 0; i < s.size();) {
    if (!word_char(s[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && word_char(s[j])) ++j;
    const bool cap = is_upper(s[i]);
    if (cap && !first) {
      std::size_t end = j;
      for (std::size_t k = j; k + 1 < s.size() && s[k] == ' ' && is_upper(s[k + 1]);) {
        std::size_t m = k + 1;
        while (m < s.size() && word_char(s[m])) ++m;
        end = m;
        k = m;
      }
      names.push_back(s.substr(i, end - i));
      j = end;
    }
    first = false;
    i = j;
  }
  std::vector<std::string> out = quoted;
  out.insert(out.end(), values.begin(), values.end());
  out.insert(out.end(), names.begin(), names.end());
  if (reader >= 2)
    for (const std::string& v : colon_items(text)) out.push_back(v);
  return out;
}


/// The values inside an on-screen text (read_values: "Your code is 482913" gives "482913"), for
/// texts up to 400 bytes (longer ones are articles, not fields).
std::vector<std::string> text_values(const std::string& text) {
  std::vector<std::string> values;
  if (text.size() > 400) return values;
  std::string s = text;
  read_values(s, values);
  return values;
}

}  // namespace

std::vector<std::string> observed_spans(const std::string& instruction, const std::vector<ScreenElement>& elements,
                                        int max, const std::vector<std::string>& remembered, int reader) {
  std::vector<std::string> out;
  auto add = [&](const std::string& raw) {
    const std::string v = trim(raw);
    if (v.empty() || static_cast<int>(out.size()) >= max) return;
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  };
  for (const std::string& v : instruction_spans(instruction, reader)) add(v);
  // Reader 2 takes one-character texts (a keyboard's keys, which would fill the spans) last.
  const std::size_t shortest = reader >= 2 ? 2 : 1;
  for (const ScreenElement& e : elements)  // what a field holds, then short texts (copy from the screen)
    if (e.flags & ScreenElement::Editable) add(e.text);
  for (const ScreenElement& e : elements)
    if (!(e.flags & ScreenElement::Editable) && e.text.size() <= kShortText && trim(e.text).size() >= shortest)
      add(e.text);
  if (reader >= 2)
    for (const ScreenElement& e : elements)
      for (const std::string& v : text_values(e.text)) add(v);
  for (auto it = remembered.rbegin(); it != remembered.rend(); ++it) add(*it);
  if (reader >= 2)
    for (const ScreenElement& e : elements)
      if (!(e.flags & ScreenElement::Editable) && trim(e.text).size() == 1) add(e.text);
  return out;
}

void remember_screen(std::vector<std::string>& memory, const std::vector<ScreenElement>& elements, int capacity) {
  if (capacity <= 0) return;
  auto keep = [&](const std::string& v) {
    memory.erase(std::remove(memory.begin(), memory.end(), v), memory.end());
    memory.push_back(v);
  };
  for (const ScreenElement& e : elements) {
    const std::string v = trim(e.text);
    if (v.size() >= 2 && e.text.size() <= kShortText) keep(v);  // not a keyboard's keys
    for (const std::string& x : text_values(e.text))
      if (x != v) keep(x);
  }
  if (static_cast<int>(memory.size()) > capacity)
    memory.erase(memory.begin(), memory.end() - capacity);
}

torch::Tensor images_to_tensor(const std::vector<const Image*>& images) {
  const auto B = static_cast<std::int64_t>(images.size());
  const std::size_t n = static_cast<std::size_t>(kObsWidth) * kObsHeight * 3;
  auto u8 = torch::empty({B, kObsHeight, kObsWidth, 3}, torch::kUInt8);
  auto* dst = u8.data_ptr<std::uint8_t>();
  for (std::int64_t b = 0; b < B; ++b) {
    const Image* im = images[b];
    if (!im || im->width != kObsWidth || im->height != kObsHeight || im->channels != 3 || im->data.size() != n)
      throw std::invalid_argument(
          "images_to_tensor: image " + std::to_string(b) + " is " +
          (im ? std::to_string(im->width) + "x" + std::to_string(im->height) + "x" + std::to_string(im->channels) +
                    " (" + std::to_string(im->data.size()) + " bytes)"
              : std::string("null")) +
          ", expected " + std::to_string(kObsWidth) + "x" + std::to_string(kObsHeight) +
          "x3 (use box_downscale(screen, 4))");
    std::memcpy(dst + b * n, im->data.data(), n);
  }
  return u8.permute({0, 3, 1, 2}).to(torch::kFloat32).div_(255.0f).contiguous();
}

PolicyBatch make_batch(const std::vector<const Observation*>& obs, const PolicyConfig& config) {
  const auto B = static_cast<std::int64_t>(obs.size());
  const int S = config.max_spans;
  std::vector<const Image*> imgs;
  std::vector<std::int64_t> toks, offs, stoks, soffs;
  const int W = config.history;
  std::vector<std::int64_t> hist(static_cast<std::size_t>(B * W), 0);
  auto mask = torch::zeros({B, S}, torch::kBool);
  auto m = mask.accessor<bool, 2>();
  imgs.reserve(B);
  for (std::int64_t b = 0; b < B; ++b) {
    const Observation& o = *obs[b];
    imgs.push_back(&o.screenshot);
    const int nh = static_cast<int>(o.history.size());
    for (int w = 0; w < W && w < nh; ++w) {
      const int kind = o.history[static_cast<std::size_t>(nh - 1 - w)];  // most recent goes last
      if (kind < 0 || kind >= config.action_kinds)
        throw std::invalid_argument("make_batch: observation " + std::to_string(b) + " history kind " +
                                    std::to_string(kind) + " outside 0.." + std::to_string(config.action_kinds - 1));
      hist[static_cast<std::size_t>(b * W + (W - 1 - w))] = kind + 1;
    }
    offs.push_back(static_cast<std::int64_t>(toks.size()));
    append_tokens(o.instruction, config.vocab, toks);
    for (int s = 0; s < S; ++s) {
      soffs.push_back(static_cast<std::int64_t>(stoks.size()));
      const bool present = s < static_cast<int>(o.spans.size());
      m[b][s] = present;
      append_tokens(present ? o.spans[s] : std::string(), config.vocab, stoks);
    }
  }
  PolicyBatch batch;
  if (config.text_encoder == "gru") {  // the same tokens in order, padded to the longest row
    std::int64_t L = 1;
    for (std::int64_t b = 0; b < B; ++b) {
      const std::int64_t end = b + 1 < B ? offs[static_cast<std::size_t>(b + 1)] : static_cast<std::int64_t>(toks.size());
      L = std::max(L, end - offs[static_cast<std::size_t>(b)]);
    }
    std::vector<std::int64_t> mat(static_cast<std::size_t>(B * L), 0), lens(static_cast<std::size_t>(B));
    for (std::int64_t b = 0; b < B; ++b) {
      const std::int64_t beg = offs[static_cast<std::size_t>(b)];
      const std::int64_t end = b + 1 < B ? offs[static_cast<std::size_t>(b + 1)] : static_cast<std::int64_t>(toks.size());
      lens[static_cast<std::size_t>(b)] = end - beg;
      for (std::int64_t i = beg; i < end; ++i) mat[static_cast<std::size_t>(b * L + (i - beg))] = toks[static_cast<std::size_t>(i)];
    }
    batch.text_matrix = int64_tensor(mat).view({B, L});
    batch.text_lengths = int64_tensor(lens);
  }
  if (const int N = config.screen_elements; N > 0) {
    std::vector<std::int64_t> etoks, eoffs, ecls(static_cast<std::size_t>(B * N), 0), ecell(static_cast<std::size_t>(B * N), 0);
    std::vector<float> feat(static_cast<std::size_t>(B * N * kElementFeatures), 0.f);
    auto emask = torch::zeros({B, N}, torch::kBool);
    auto em = emask.accessor<bool, 2>();
    for (std::int64_t b = 0; b < B; ++b) {
      const auto& els = obs[static_cast<std::size_t>(b)]->elements;
      for (int n = 0; n < N; ++n) {
        eoffs.push_back(static_cast<std::int64_t>(etoks.size()));
        const bool present = n < static_cast<int>(els.size());
        append_tokens(present ? els[static_cast<std::size_t>(n)].text : std::string(), config.vocab, etoks);
        if (!present) continue;
        const ScreenElement& e = els[static_cast<std::size_t>(n)];
        const std::size_t i = static_cast<std::size_t>(b * N + n);
        em[b][n] = true;
        ecls[i] = static_cast<std::int64_t>(fnv1a64(e.cls) % kElementClassBuckets);
        const int cx = (e.l + e.r) / 2, cy = (e.t + e.b) / 2;
        ecell[i] = bin_of(cy, config.y_bins) * config.x_bins + bin_of(cx, config.x_bins);
        float* f = &feat[i * kElementFeatures];
        f[0] = e.l / 1000.f, f[1] = e.t / 1000.f, f[2] = e.r / 1000.f, f[3] = e.b / 1000.f;
        f[4] = cx / 1000.f, f[5] = cy / 1000.f;
        for (int k = 0; k < 8; ++k) f[6 + k] = (e.flags >> k) & 1 ? 1.f : 0.f;
      }
    }
    batch.elem_tokens = int64_tensor(etoks);
    batch.elem_offsets = int64_tensor(eoffs);
    batch.elem_class = int64_tensor(ecls).view({B, N});
    batch.elem_cell = int64_tensor(ecell).view({B, N});
    batch.elem_feat = torch::from_blob(feat.data(), {B, N, kElementFeatures}, torch::kFloat32).clone();
    batch.elem_mask = emask;
  }
  batch.images = images_to_tensor(imgs);
  batch.tokens = int64_tensor(toks);
  batch.offsets = int64_tensor(offs);
  batch.span_mask = mask;
  batch.span_tokens = int64_tensor(stoks);
  batch.span_offsets = int64_tensor(soffs);
  batch.history = int64_tensor(hist).view({B, W});
  batch.apps = config.app_ids();
  return batch;
}

PolicyBatch make_batch(const std::vector<Observation>& obs, const PolicyConfig& config) {
  std::vector<const Observation*> p;
  p.reserve(obs.size());
  for (const auto& o : obs) p.push_back(&o);
  return make_batch(p, config);
}

// ---------------------------------------------------------------------------------------------
// Network

PolicyImpl::PolicyImpl(const PolicyConfig& config) : config_(config) {
  config_.validate();
  namespace nn = torch::nn;
  const int H = config_.hidden, E = config_.embed;
  conv1_ = register_module("conv1", nn::Conv2d(nn::Conv2dOptions(3, 16, 5).stride(2).padding(2)));
  conv2_ = register_module("conv2", nn::Conv2d(nn::Conv2dOptions(16, 32, 3).stride(2).padding(1)));
  conv3_ = register_module("conv3", nn::Conv2d(nn::Conv2dOptions(32, 32, 3).stride(2).padding(1)));
  conv4_ = register_module("conv4", nn::Conv2d(nn::Conv2dOptions(32, 32, 3).stride(2).padding(1)));
  tap1_ = register_module("tap1", nn::Conv2d(nn::Conv2dOptions(32, 32, 3).padding(1)));
  tap2_ = register_module("tap2", nn::Conv2d(nn::Conv2dOptions(32, 1, 1)));
  int h = kObsHeight / 2, w = kObsWidth / 2;
  h = conv_out(h, 5, 2, 2), w = conv_out(w, 5, 2, 2);
  for (int i = 0; i < 2; ++i) h = conv_out(h, 3, 2, 1), w = conv_out(w, 3, 2, 1);
  map_h_ = h, map_w_ = w;  // 38 x 17: the tap head's native grid
  h = conv_out(h, 3, 2, 1), w = conv_out(w, 3, 2, 1);
  conv_out_ = static_cast<std::int64_t>(32) * h * w;  // 32 x 19 x 9
  film_ = register_module("film", nn::Linear(E, 2 * 32));
  img_fc_ = register_module("img_fc", nn::Linear(conv_out_, H));
  embed_ = register_module("embed", nn::EmbeddingBag(nn::EmbeddingBagOptions(config_.vocab, E).mode(torch::kMean)));
  const int HW = config_.history > 0 ? 32 : 0;
  if (config_.history > 0) {
    hist_embed_ = register_module("hist_embed", nn::Embedding(config_.action_kinds + 1, 16));
    hist_fc_ = register_module("hist_fc", nn::Linear(16 * config_.history, HW));
  }
  const int N = config_.screen_elements;
  if (config_.text_encoder == "gru") gru_ = register_module("gru", nn::GRU(nn::GRUOptions(E, E).batch_first(true)));
  if (N > 0) {
    elem_class_ = register_module("elem_class", nn::Embedding(kElementClassBuckets, E));
    elem_feat_ = register_module("elem_feat", nn::Linear(kElementFeatures, E));
    elem_norm_ = register_module("elem_norm", nn::LayerNorm(nn::LayerNormOptions({E})));
    elem_key_ = register_module("elem_key", nn::Linear(E, E));
    elem_query_ = register_module("elem_query", nn::Linear(E, E));
    elem_ptr_ = register_module("elem_ptr", nn::Linear(H, E));
    elem_match_ = register_parameter("elem_match", torch::zeros({1}));
  }
  fuse1_ = register_module("fuse1", nn::Linear(H + E + HW + (N > 0 ? E : 0), H));
  img_norm_ = register_module("img_norm", nn::LayerNorm(nn::LayerNormOptions({H})));
  fuse_norm_ = register_module("fuse_norm", nn::LayerNorm(nn::LayerNormOptions({H})));
  if (config_.text_norm) text_norm_ = register_module("text_norm", nn::LayerNorm(nn::LayerNormOptions({E})));
  if (config_.trunk_film) trunk_film_ = register_module("trunk_film", nn::Linear(E, 2 * H));
  fuse2_ = register_module("fuse2", nn::Linear(H, H));
  kind_head_ = register_module("kind_head", nn::Linear(H, config_.action_kinds));
  cell_head_ = register_module("cell_head", nn::Linear(H, config_.x_bins * config_.y_bins));
  span_query_ = register_module("span_query", nn::Linear(H, E));
  span_bias_ = register_module("span_bias", nn::Linear(H, config_.max_spans));
  if (config_.app_buckets > 0) {
    app_embed_ = register_module("app_embed", nn::Embedding(config_.app_buckets, H));
    app_bias_ = register_module("app_bias", nn::Embedding(config_.app_buckets, 1));
  } else {
    app_head_ = register_module("app_head", nn::Linear(H, std::max<int>(1, static_cast<int>(config_.apps.size()))));
  }
  // Near-uniform initial action distribution; FiLM starts as the identity.
  torch::NoGradGuard ng;
  for (auto* head : {&kind_head_, &cell_head_, &span_query_, &span_bias_, &app_head_, &elem_ptr_}) {
    if (!*head) continue;
    (*head)->weight.mul_(0.01);
    (*head)->bias.zero_();
  }
  if (app_embed_) {  // the scale of the other heads' rows (a linear layer's init x 0.01)
    app_embed_->weight.uniform_(-0.01 / std::sqrt(H), 0.01 / std::sqrt(H));
    app_bias_->weight.zero_();
  }
  tap2_->weight.mul_(0.01);
  tap2_->bias.zero_();
  film_->weight.mul_(0.1);
  if (trunk_film_) {
    trunk_film_->weight.mul_(0.1);
    trunk_film_->bias.zero_();
  }
  film_->bias.zero_();
  embed_->weight.normal_(0.0, 1.0);
}

PolicyLogits PolicyImpl::forward(const torch::Tensor& images, const torch::Tensor& tokens, const torch::Tensor& offsets,
                                 const torch::Tensor& span_mask, const torch::Tensor& span_tokens,
                                 const torch::Tensor& span_offsets, const torch::Tensor& history,
                                 const std::vector<std::string>* apps) {
  PolicyBatch b;
  b.images = images, b.tokens = tokens, b.offsets = offsets, b.span_mask = span_mask;
  b.span_tokens = span_tokens, b.span_offsets = span_offsets, b.history = history;
  if (apps) b.apps = *apps;
  return forward(b);
}

PolicyLogits PolicyImpl::forward(const PolicyBatch& batch) {
  const torch::Tensor& images = batch.images;
  const torch::Tensor& span_mask = batch.span_mask;
  const torch::Tensor& span_tokens = batch.span_tokens;
  const torch::Tensor& span_offsets = batch.span_offsets;
  const torch::Tensor& history = batch.history;
  const std::vector<std::string>* apps = batch.apps ? &*batch.apps : nullptr;
  const auto B = images.size(0);
  const int S = config_.max_spans, E = config_.embed, N = config_.screen_elements;
  TORCH_CHECK(images.dim() == 4 && images.size(1) == 3 && images.size(2) == kObsHeight && images.size(3) == kObsWidth,
              "Policy::forward: images must be [B,3,600,270], got ", images.sizes());
  TORCH_CHECK(span_mask.dim() == 2 && span_mask.size(0) == B && span_mask.size(1) == S,
              "Policy::forward: span_mask must be [B,", S, "], got ", span_mask.sizes());

  const auto bag = embed_(batch.tokens, batch.offsets);  // [B, E] mean of the instruction's word vectors
  auto text = bag;
  if (gru_) {  // word order: the GRU's state after the last word, over the same word vectors
    TORCH_CHECK(batch.text_matrix.defined() && batch.text_matrix.size(0) == B,
                "Policy::forward: text_encoder gru needs text_matrix [B, L] (make_batch with this config)");
    auto seq = torch::embedding(embed_->weight, batch.text_matrix);  // [B, L, E]
    auto out = std::get<0>(gru_->forward(seq));                      // [B, L, E]
    auto last = (batch.text_lengths - 1).clamp_min(0).view({B, 1, 1}).expand({B, 1, E});
    text = text + out.gather(1, last).squeeze(1);
  }
  if (config_.text_norm) text = text_norm_(text);

  torch::Tensor elems, elem_words, elem_mask;  // [B, N, E], [B, N, E], [B, N]
  torch::Tensor screen;                        // [B, E] the elements pooled by the instruction
  if (N > 0) {
    TORCH_CHECK(batch.elem_mask.defined() && batch.elem_mask.size(0) == B && batch.elem_mask.size(1) == N,
                "Policy::forward: screen_elements ", N, " needs elem_* inputs [B, ", N, "] (make_batch with this config)");
    elem_mask = batch.elem_mask;
    elem_words = embed_(batch.elem_tokens, batch.elem_offsets).view({B, N, E});
    elems = elem_norm_(elem_words + elem_class_(batch.elem_class) + elem_feat_(batch.elem_feat));
    auto att = torch::bmm(elem_key_(elems), elem_query_(text).unsqueeze(2)).squeeze(2) / std::sqrt(static_cast<double>(E));
    att = torch::softmax(att.masked_fill(~elem_mask, kMasked), 1) * elem_mask.to(torch::kFloat32);  // no element: 0
    screen = torch::bmm(att.unsqueeze(1), elems).squeeze(1);
  }

  auto x = torch::avg_pool2d(images, 2);          // [B,3,300,135]
  x = torch::relu(conv1_(x));                     // [B,16,150,68]
  x = torch::relu(conv2_(x));                     // [B,32,75,34]
  x = torch::relu(conv3_(x));                     // [B,32,38,17]
  auto film = film_(text).view({B, 2, 32, 1, 1});  // instruction-conditioned scale / shift
  x = x * (1 + film.select(1, 0)) + film.select(1, 1);
  auto tap = tap2_(torch::relu(tap1_(x)));        // [B,1,38,17]: one logit per location
  if (tap.size(2) != config_.y_bins || tap.size(3) != config_.x_bins)
    tap = torch::adaptive_avg_pool2d(tap, {config_.y_bins, config_.x_bins});
  x = torch::relu(conv4_(x));                     // [B,32,19,9]
  auto img = torch::relu(img_norm_(img_fc_(x.flatten(1))));  // [B, H]

  std::vector<torch::Tensor> parts{img, text};
  if (N > 0) parts.push_back(screen);
  if (config_.history > 0) {
    auto hist = history.defined() ? history : torch::zeros({B, config_.history}, torch::kInt64);
    TORCH_CHECK(hist.dim() == 2 && hist.size(0) == B && hist.size(1) == config_.history,
                "Policy::forward: history must be [B,", config_.history, "], got ", hist.sizes());
    parts.push_back(torch::relu(hist_fc_(hist_embed_(hist).flatten(1))));
  }
  auto h = torch::relu(fuse_norm_(fuse1_(torch::cat(parts, 1))));
  if (trunk_film_) {
    auto f = trunk_film_(text).view({B, 2, -1});
    h = h * (1 + f.select(1, 0)) + f.select(1, 1);
  }
  h = torch::relu(fuse2_(h));                     // [B, H]

  PolicyLogits out;
  bool app_possible = false;
  out.app = app_logits(h, apps ? *apps : config_.app_ids(), app_possible);
  auto kind = kind_head_(h);  // [B, K]
  auto mask_kind = torch::zeros({B, config_.action_kinds}, torch::kBool);
  mask_kind.select(1, static_cast<int>(PolicyActionKind::TypeSpan)).copy_(~span_mask.any(1));
  if (!app_possible) mask_kind.select(1, static_cast<int>(PolicyActionKind::OpenApp)).fill_(true);
  out.kind = kind.masked_fill(mask_kind, kMasked);
  out.cell = cell_head_(h) + tap.flatten(1);
  if (N > 0) {  // each element points at its centre cell: "tap the element that matches"
    auto ptr = torch::bmm(elems, elem_ptr_(h).unsqueeze(2)).squeeze(2) / std::sqrt(static_cast<double>(E));
    auto match = torch::cosine_similarity(elem_words, bag.unsqueeze(1).expand_as(elem_words), 2);  // [B, N]
    ptr = (ptr + elem_match_ * match) * elem_mask.to(torch::kFloat32);
    out.cell = out.cell + torch::zeros_like(out.cell).scatter_add(1, batch.elem_cell, ptr);
  }
  out.x_bins = config_.x_bins;
  auto span = span_bias_(h);  // [B, S]
  if (span_tokens.defined() && span_offsets.defined()) {
    TORCH_CHECK(span_offsets.numel() == B * S, "Policy::forward: span_offsets must have B*S entries");
    auto se = embed_(span_tokens, span_offsets).view({B, S, config_.embed});   // [B, S, E]
    auto q = span_query_(h).unsqueeze(2);                                       // [B, E, 1]
    span = span + torch::bmm(se, q).squeeze(2);
  }
  out.span = span.masked_fill(~span_mask, kMasked);
  return out;
}

torch::Tensor PolicyImpl::app_logits(const torch::Tensor& h, const std::vector<std::string>& apps, bool& possible) {
  const auto B = h.size(0);
  const auto A = static_cast<std::int64_t>(apps.size());
  possible = A > 0;
  if (A == 0) return torch::zeros({B, 1});
  if (config_.app_buckets > 0) {
    // Each candidate's output row: the sum of two hashed rows (the second hash of "app:" + id), so
    // two apps share their logits only if both hashes collide; plus the same rows' biases.
    const auto n = static_cast<std::uint64_t>(config_.app_buckets);
    const std::uint64_t salt = fnv1a64("app:");
    std::vector<std::int64_t> rows;
    for (const std::string& id : apps) {
      rows.push_back(static_cast<std::int64_t>(fnv1a64(id) % n));
      rows.push_back(static_cast<std::int64_t>(fnv1a64(id, salt) % n));
    }
    const auto r = int64_tensor(rows).view({A, 2});
    const auto w = app_embed_(r).sum(1);                                   // [A, H]
    return torch::matmul(h, w.t()) + app_bias_(r).sum(1).view({1, A});   // [B, A]
  }
  // Legacy linear head: one column per app it was saved with; other candidates are masked.
  std::vector<std::int64_t> cols(static_cast<std::size_t>(A), 0);
  auto unknown = torch::ones({1, A}, torch::kBool);
  auto unknown_at = unknown.accessor<bool, 2>();
  possible = false;
  for (std::int64_t i = 0; i < A; ++i) {
    const auto it = std::find(config_.apps.begin(), config_.apps.end(), apps[static_cast<std::size_t>(i)]);
    if (it == config_.apps.end()) continue;
    cols[static_cast<std::size_t>(i)] = it - config_.apps.begin();
    unknown_at[0][i] = false;
    possible = true;
  }
  return app_head_(h).index_select(1, int64_tensor(cols)).masked_fill(unknown, kMasked);
}


torch::Tensor PolicyImpl::log_prob(const PolicyBatch& batch, const std::vector<PolicyAction>& actions) {
  return action_log_prob(forward(batch), actions);
}

torch::Tensor PolicyImpl::entropy(const PolicyBatch& batch) { return kind_entropy(forward(batch)); }

torch::Tensor action_log_prob(const PolicyLogits& logits, const std::vector<PolicyAction>& actions) {
  const auto B = logits.kind.size(0);
  if (static_cast<std::int64_t>(actions.size()) != B)
    throw std::invalid_argument("action_log_prob: " + std::to_string(actions.size()) + " actions for a batch of " +
                                std::to_string(B));
  const auto nc = logits.cell.size(1), ns = logits.span.size(1), na = logits.app.size(1);
  std::vector<std::int64_t> k(B), ci(B), si(B), ai(B);
  std::vector<float> mxy(B), ms(B), ma(B);
  for (std::int64_t b = 0; b < B; ++b) {
    const auto& a = actions[b];
    k[b] = static_cast<int>(a.kind);
    if (k[b] < 0 || k[b] >= logits.kind.size(1))
      throw std::invalid_argument("action_log_prob: row " + std::to_string(b) + " kind " + std::to_string(k[b]) +
                                  " outside the policy's " + std::to_string(logits.kind.size(1)) + " kinds");
    auto check = [&](int v, std::int64_t n, const char* what) {
      if (v < 0 || v >= n)
        throw std::invalid_argument(std::string("action_log_prob: row ") + std::to_string(b) + " " + what + " " +
                                    std::to_string(v) + " outside [0, " + std::to_string(n) + ")");
      return static_cast<std::int64_t>(v);
    };
    const bool xy = uses_xy(a.kind);
    if (xy && (a.x_bin < 0 || a.x_bin >= logits.x_bins))
      throw std::invalid_argument("action_log_prob: row " + std::to_string(b) + " x_bin " + std::to_string(a.x_bin) +
                                  " outside [0, " + std::to_string(logits.x_bins) + ")");
    ci[b] = xy ? check(a.y_bin < 0 ? -1 : a.y_bin * static_cast<int>(logits.x_bins) + a.x_bin, nc, "cell (y_bin * x_bins + x_bin)") : 0;
    si[b] = a.kind == PolicyActionKind::TypeSpan ? check(a.span, ns, "span") : 0;
    ai[b] = a.kind == PolicyActionKind::OpenApp ? check(a.app, na, "app") : 0;
    mxy[b] = xy ? 1.f : 0.f;
    ms[b] = a.kind == PolicyActionKind::TypeSpan ? 1.f : 0.f;
    ma[b] = a.kind == PolicyActionKind::OpenApp ? 1.f : 0.f;
  }
  auto idx = [](const std::vector<std::int64_t>& v) { return int64_tensor(v).unsqueeze(1); };
  auto msk = [](const std::vector<float>& v) { return torch::tensor(torch::ArrayRef<float>(v), torch::kFloat32); };
  auto pick = [](const torch::Tensor& l, const torch::Tensor& i) {
    return torch::log_softmax(l, 1).gather(1, i).squeeze(1);
  };
  auto lp = pick(logits.kind, idx(k));
  lp = lp + msk(mxy) * pick(logits.cell, idx(ci));
  lp = lp + msk(ms) * pick(logits.span, idx(si));
  lp = lp + msk(ma) * pick(logits.app, idx(ai));
  return lp;
}

namespace {
torch::Tensor entropy_of(const torch::Tensor& logits) {
  auto lp = torch::log_softmax(logits, 1);
  return -(lp.exp() * lp).sum(1);
}
}  // namespace

torch::Tensor kind_entropy(const PolicyLogits& logits) { return entropy_of(logits.kind); }

torch::Tensor action_entropy(const PolicyLogits& logits) {
  auto pk = torch::softmax(logits.kind, 1);
  auto p_tap = pk.select(1, static_cast<int>(PolicyActionKind::Click)) +
               pk.select(1, static_cast<int>(PolicyActionKind::LongPress));
  return entropy_of(logits.kind) + p_tap * entropy_of(logits.cell) +
         pk.select(1, static_cast<int>(PolicyActionKind::TypeSpan)) * entropy_of(logits.span) +
         pk.select(1, static_cast<int>(PolicyActionKind::OpenApp)) * entropy_of(logits.app);
}

// ---------------------------------------------------------------------------------------------
// Sampling

namespace {

// Output row b reads logits row (batch_row ? (*batch_row)[b] : b).
SampleResult sample_impl(Policy& policy, const PolicyBatch& batch, const std::function<std::mt19937_64&(std::int64_t)>& rng_of,
                         bool greedy, const std::vector<std::int64_t>* batch_row = nullptr, double epsilon = 0) {
  torch::NoGradGuard ng;
  PolicyLogits l = policy->forward(batch);
  const auto B = batch_row ? static_cast<std::int64_t>(batch_row->size()) : batch.size();
  auto lk = torch::log_softmax(l.kind, 1).contiguous();
  auto lc = torch::log_softmax(l.cell, 1).contiguous();
  auto ls = torch::log_softmax(l.span, 1).contiguous();
  auto la = torch::log_softmax(l.app, 1).contiguous();
  const int nk = lk.size(1), nc = lc.size(1), ns = ls.size(1), na = la.size(1);
  const int xb = policy->config().x_bins;
  const float* pk = lk.data_ptr<float>();
  const float* pc = lc.data_ptr<float>();
  const float* ps = ls.data_ptr<float>();
  const float* pa = la.data_ptr<float>();
  SampleResult r;
  r.actions.resize(B);
  auto lp = torch::empty({B}, torch::kFloat32);
  auto* lpp = lp.data_ptr<float>();
  for (std::int64_t out = 0; out < B; ++out) {
    std::mt19937_64& rng = rng_of(out);
    PolicyAction& a = r.actions[out];
    const std::int64_t b = batch_row ? (*batch_row)[out] : out;
    const int k = draw(pk + b * nk, nk, rng, greedy, epsilon);
    a.kind = static_cast<PolicyActionKind>(k);
    double v = pk[b * nk + k];
    if (uses_xy(a.kind)) {
      const int c = draw(pc + b * nc, nc, rng, greedy, epsilon);
      a.x_bin = c % xb;
      a.y_bin = c / xb;
      v += pc[b * nc + c];
    } else if (a.kind == PolicyActionKind::TypeSpan) {
      a.span = draw(ps + b * ns, ns, rng, greedy, epsilon);
      v += ps[b * ns + a.span];
    } else if (a.kind == PolicyActionKind::OpenApp) {
      a.app = draw(pa + b * na, na, rng, greedy, epsilon);
      v += pa[b * na + a.app];
    }
    lpp[out] = static_cast<float>(v);
  }
  r.log_probs = lp;
  return r;
}

}  // namespace

SampleResult sample(Policy& policy, const PolicyBatch& batch, std::mt19937_64& rng, bool greedy) {
  return sample_impl(policy, batch, [&](std::int64_t) -> std::mt19937_64& { return rng; }, greedy);
}

SampleResult sample_rows(Policy& policy, const PolicyBatch& batch, const std::vector<std::uint64_t>& row_seeds,
                         bool greedy) {
  if (static_cast<std::int64_t>(row_seeds.size()) != batch.size())
    throw std::invalid_argument("sample_rows: " + std::to_string(row_seeds.size()) + " seeds for a batch of " +
                                std::to_string(batch.size()));
  std::vector<std::mt19937_64> rngs;
  rngs.reserve(row_seeds.size());
  for (auto s : row_seeds) rngs.emplace_back(s);
  return sample_impl(policy, batch, [&](std::int64_t b) -> std::mt19937_64& { return rngs[b]; }, greedy);
}

SampleResult sample_rows(Policy& policy, const PolicyBatch& batch, const std::vector<std::int64_t>& batch_row,
                         const std::vector<std::uint64_t>& row_seeds, bool greedy, double epsilon) {
  if (row_seeds.size() != batch_row.size())
    throw std::invalid_argument("sample_rows: " + std::to_string(row_seeds.size()) + " seeds for " +
                                std::to_string(batch_row.size()) + " rows");
  for (auto b : batch_row)
    if (b < 0 || b >= batch.size())
      throw std::invalid_argument("sample_rows: batch row " + std::to_string(b) + " out of range for a batch of " +
                                  std::to_string(batch.size()));
  std::vector<std::mt19937_64> rngs;
  rngs.reserve(row_seeds.size());
  for (auto s : row_seeds) rngs.emplace_back(s);
  return sample_impl(policy, batch, [&](std::int64_t b) -> std::mt19937_64& { return rngs[b]; }, greedy, &batch_row,
                     epsilon);
}

SampleResult sample(Policy& policy, const PolicyBatch& batch, std::uint64_t seed, bool greedy) {
  std::mt19937_64 rng(seed);
  return sample(policy, batch, rng, greedy);
}

SampleResult sample(Policy& policy, const std::vector<Observation>& obs, std::uint64_t seed, bool greedy) {
  return sample(policy, make_batch(obs, policy->config()), seed, greedy);
}

// ---------------------------------------------------------------------------------------------
// Persistence

Policy clone_policy(Policy& policy) {
  Policy copy(policy->config());
  torch::NoGradGuard ng;
  auto src = policy->named_parameters(true);
  auto dst = copy->named_parameters(true);
  for (auto& item : src) dst[item.key()].copy_(item.value());
  auto sb = policy->named_buffers(true);
  auto db = copy->named_buffers(true);
  for (auto& item : sb) db[item.key()].copy_(item.value());
  copy->train(policy->is_training());
  return copy;
}

namespace {

std::string temp_name(const std::string& path) { return path + ".tmp." + std::to_string(::getpid()); }

void commit(const std::string& tmp, const std::string& path) {
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error("save_policy: cannot rename " + tmp + " to " + path + ": " + std::strerror(errno));
  }
}

}  // namespace

void save_archive(torch::serialize::OutputArchive& archive, const std::string& tmp, const std::string& path) {
  // LibTorch's own file writer throws from its destructor when a write fails (a full disk), which
  // terminates the process; so the archive goes through a writer of ours that records the first
  // failure and lets LibTorch finish, and the error is raised here.
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) throw std::runtime_error("cannot write " + path + ": " + last_write_error(errno));
  int err = 0;
  try {
    archive.save_to([&](const void* data, std::size_t n) -> std::size_t {
      if (!err && n > 0 && std::fwrite(data, 1, n, f) != n) err = errno ? errno : EIO;
      return n;
    });
  } catch (const c10::Error& e) {
    std::fclose(f);
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot write " + path + ": " + e.what_without_backtrace());
  }
  if (!err && std::fflush(f) != 0) err = errno ? errno : EIO;
  if (!err && ::fsync(::fileno(f)) != 0) err = errno;
  if (std::fclose(f) != 0 && !err) err = errno ? errno : EIO;
  if (err) {
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot write " + path + ": " + last_write_error(err));
  }
}

void save_policy(const Policy& policy, const PolicyConfig& config, const std::string& path) {
  const std::string json_path = path + ".json";
  const std::string tmp = temp_name(path), json_tmp = temp_name(json_path);
  torch::serialize::OutputArchive archive;
  policy->save(archive);
  save_archive(archive, tmp, path);
  {
    errno = 0;
    std::ofstream f(json_tmp, std::ios::binary | std::ios::trunc);
    f << config.to_json().dump(2) << "\n";
    f.close();
    if (!f) {
      const int err = errno;
      std::remove(tmp.c_str());
      std::remove(json_tmp.c_str());
      throw std::runtime_error("save_policy: cannot write " + json_path + ": " + last_write_error(err));
    }
  }
  commit(json_tmp, json_path);
  commit(tmp, path);
}

std::pair<Policy, PolicyConfig> load_policy(const std::string& path) {
  const std::string json_path = path + ".json";
  std::ifstream f(json_path, std::ios::binary);
  if (!f) throw std::runtime_error("load_policy: cannot open " + json_path + " (config of policy " + path + ")");
  std::stringstream ss;
  ss << f.rdbuf();
  nlohmann::json j = nlohmann::json::parse(ss.str(), nullptr, false);
  if (j.is_discarded()) throw std::runtime_error("load_policy: " + json_path + " is not valid JSON");
  PolicyConfig config;
  try {
    config = PolicyConfig::from_json(j);
  } catch (const std::exception& e) {
    throw std::runtime_error("load_policy: " + json_path + ": " + e.what());
  }
  if (!std::ifstream(path, std::ios::binary)) throw std::runtime_error("load_policy: cannot open " + path);
  Policy policy(config);
  try {
    torch::serialize::InputArchive archive;
    archive.load_from(path);
    policy->load(archive);
  } catch (const c10::Error& e) {
    throw std::runtime_error("load_policy: cannot load " + path + " (corrupt or config mismatch): " +
                             e.what_without_backtrace());
  }
  return {policy, config};
}

}  // namespace pg
