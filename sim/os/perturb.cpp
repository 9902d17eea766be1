#include "sim/os/perturb.hpp"

#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/device.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/hash.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

namespace {

// The kinds, in the order of docs/real-device.md; each condition sets one of them (mixed: all).
const char* const kKinds[] = {"popup", "heads_up", "keyboard", "drop", "delay", "repeat", "spinner"};

// The rate each single-kind condition uses, and the lower rate of "mixed". Touch kinds are per
// touch, popup and heads_up per step, spinner per page opened.
double condition_rate(const std::string& kind) {
  if (kind == "spinner") return 0.5;
  if (kind == "repeat") return 0.5;
  return 0.15;
}

constexpr std::int64_t kDelayMs = 1500, kSpinnerMs = 2000, kHeadsUpMs = 5000;

std::string kinds_list() {
  std::string s;
  for (const char* k : kKinds) s += (s.empty() ? "" : ", ") + std::string(k);
  return s;
}

bool is_kind(const std::string& k) {
  for (const char* c : kKinds)
    if (k == c) return true;
  return false;
}

std::uint64_t salt(const std::string& kind) { return fnv1a64(kind, kFnv1a64ShortBasis); }

// A uniform draw in [0, 1) keyed by (seed, step, kind).
double uniform(const json& p, const std::string& kind) {
  const std::uint64_t seed = p.value("seed", std::uint64_t{0}), step = p.value("step", std::uint64_t{0});
  return static_cast<double>(splitmix64_mix(splitmix64_mix(seed ^ salt(kind)) + step) >> 11) * 0x1.0p-53;
}

bool fires(const json& p, const std::string& kind) {
  auto rates = p.find("rates");
  const double rate = rates != p.end() && rates->is_object() ? rates->value(kind, 0.0) : 0.0;
  return rate > 0 && uniform(p, kind) < rate;
}

bool is_touch(ActionType t) {
  return t == ActionType::Click || t == ActionType::DoubleTap || t == ActionType::LongPress ||
         t == ActionType::Swipe || t == ActionType::Drag;
}

// Inputs that reach the screen and so wait behind delayed ones (not wait, open_app or the
// episode's own actions).
bool is_input(ActionType t) {
  return is_touch(t) || t == ActionType::Type || t == ActionType::Back || t == ActionType::Home ||
         t == ActionType::Recent || t == ActionType::Enter;
}

json* active(Phone& phone) {
  json& os = phone.mutable_os();
  auto it = os.find("perturb");
  return it != os.end() && it->is_object() ? &*it : nullptr;
}

void note(Phone& phone, StepInfo& info, const std::string& what) {
  info.perturbations.push_back(what);
  if (json* p = active(phone)) (*p)["last"].push_back(what);
}

std::string app_name(const std::string& id) {
  App* a = AppRegistry::instance().find(id);
  return a ? a->name() : id;
}

}  // namespace

const std::vector<std::string>& perturbation_conditions() {
  static const std::vector<std::string> kConditions = [] {
    std::vector<std::string> c{"nominal"};
    for (const char* k : kKinds) c.push_back(k);
    c.push_back("mixed");
    return c;
  }();
  return kConditions;
}

json perturbation_config(const std::string& spec, std::uint64_t seed) {
  if (spec.empty() || spec == "nominal") return nullptr;
  json rates = json::object();
  if (spec == "mixed") {
    for (const char* k : kKinds) rates[k] = condition_rate(k) / 3;
  } else if (is_kind(spec)) {
    rates[spec] = condition_rate(spec);
  } else {
    std::size_t start = 0;
    while (start <= spec.size()) {
      std::size_t end = spec.find(',', start);
      if (end == std::string::npos) end = spec.size();
      const std::string part = spec.substr(start, end - start);
      const std::size_t eq = part.find('=');
      const std::string kind = part.substr(0, eq);
      if (!is_kind(kind))
        throw std::invalid_argument("perturbation: unknown " + std::string(eq == std::string::npos ? "condition" : "kind") +
                                    " \"" + kind + "\"; expected a condition (nominal, " + kinds_list() +
                                    ", mixed) or kind=rate pairs");
      double rate = 0;
      std::size_t used = 0;
      const std::string value = eq == std::string::npos ? "" : part.substr(eq + 1);
      try {
        rate = std::stod(value, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (value.empty() || used != value.size() || !(rate >= 0 && rate <= 1))
        throw std::invalid_argument("perturbation: " + kind + "=" + value + ": the rate must be a number in [0, 1]");
      rates[kind] = rate;
      start = end + 1;
    }
  }
  return {{"condition", spec}, {"seed", seed}, {"rates", rates}, {"delay_ms", kDelayMs},
          {"spinner_ms", kSpinnerMs}, {"heads_up_ms", kHeadsUpMs}, {"step", 0}};
}

void validate_perturbation(const json& p) {
  if (p.is_null()) return;
  auto bad = [](const std::string& what) { throw std::invalid_argument("os.perturb" + what); };
  if (!p.is_object()) bad(" must be an object or null");
  static const char* const kFields[] = {"condition", "seed", "rates", "delay_ms", "spinner_ms", "heads_up_ms",
                                        "step", "queue", "due_ms", "loading_until_ms", "heads_up", "last"};
  for (auto it = p.begin(); it != p.end(); ++it) {
    bool known = false;
    for (const char* f : kFields) known = known || it.key() == f;
    if (!known) bad("." + it.key() + " is not a field");
  }
  if (!p.contains("seed") || !p["seed"].is_number_unsigned()) bad(".seed must be a non-negative integer");
  if (!p.contains("rates") || !p["rates"].is_object()) bad(".rates must be an object");
  for (auto it = p["rates"].begin(); it != p["rates"].end(); ++it) {
    if (!is_kind(it.key())) bad(".rates." + it.key() + " is not a kind (" + kinds_list() + ")");
    if (!it->is_number() || it->get<double>() < 0 || it->get<double>() > 1) bad(".rates." + it.key() + " must be in [0, 1]");
  }
  for (const char* f : {"delay_ms", "spinner_ms", "heads_up_ms", "step", "due_ms", "loading_until_ms"})
    if (p.contains(f) && (!p[f].is_number_integer() || p[f].get<std::int64_t>() < 0))
      bad(std::string(".") + f + " must be a non-negative integer");
  if (p.contains("condition") && !p["condition"].is_string()) bad(".condition must be a string");
  if (p.contains("queue")) {
    if (!p["queue"].is_array()) bad(".queue must be an array of actions");
    for (const json& a : p["queue"]) try {
        parse_action(a);
      } catch (const ActionError& e) {
        bad(".queue: " + std::string(e.what()));
      }
  }
  if (p.contains("heads_up") && !p["heads_up"].is_null()) {
    const json& h = p["heads_up"];
    if (!h.is_object() || !h.value("app", json()).is_string() || !h.value("title", json()).is_string() ||
        !h.value("text", json()).is_string() || !h.value("until_ms", json()).is_number_integer())
      bad(".heads_up must be {app, title, text, until_ms} or null");
  }
  if (p.contains("last") && !p["last"].is_array()) bad(".last must be an array");
}

Condition parse_condition(const std::string& spec) {
  std::vector<std::string> parts;
  for (std::size_t start = 0;;) {
    const std::size_t plus = spec.find('+', start);
    parts.push_back(spec.substr(start, plus == std::string::npos ? std::string::npos : plus - start));
    if (plus == std::string::npos) break;
    start = plus + 1;
  }
  Condition c;
  std::size_t i = 0;
  bool is_profile = false;
  for (const DeviceProfile& p : device_profiles()) is_profile = is_profile || p.name == parts[0];
  if (is_profile) c.profile = parts[i++] == "nominal" ? "" : parts[0];
  if (i < parts.size() && parts[i] == "dark") {
    c.dark = true;
    ++i;
  }
  const std::vector<std::string>& locales = date_locales();
  if (i < parts.size() && std::find(locales.begin(), locales.end(), parts[i]) != locales.end()) c.locale = parts[i++];
  if (parts.size() - i > 1)
    throw std::invalid_argument("condition \"" + spec + "\": \"" + parts[i] +
                                "\" is not a device profile (`phonegym profiles`), dark or a locale; write "
                                "[PROFILE+][dark+][LOCALE+]PERTURBATION");
  c.perturbation = i < parts.size() && !parts[i].empty() ? parts[i] : "nominal";
  try {
    perturbation_config(c.perturbation, 0);  // throws naming the bad part
  } catch (const std::invalid_argument& e) {
    if (parts.size() > 1) throw;
    std::string names;
    for (const DeviceProfile& p : device_profiles()) names += (names.empty() ? "" : ", ") + p.name;
    std::string tags;
    for (const std::string& t : locales) tags += (tags.empty() ? "" : ", ") + t;
    throw std::invalid_argument(std::string(e.what()) + ", or a device profile (" + names + "), or dark, or a locale (" +
                                tags + ")");
  }
  return c;
}

namespace {
void put_device(json& os, const Condition& c) {
  set_device(os, c.profile.empty() ? std::string("nominal") : c.profile);
  if (c.dark) os["device"]["dark"] = true;
  if (!c.locale.empty()) os["device"]["locale"] = c.locale;
}
}  // namespace

json with_condition(json state, const std::string& spec, std::uint64_t seed) {
  const Condition c = parse_condition(spec);
  if (!state.is_object() || !state.contains("os") || !state["os"].is_object())
    throw std::invalid_argument("with_condition: the state has no os object");
  put_device(state["os"], c);
  return with_perturbation(std::move(state), perturbation_config(c.perturbation, seed));
}

void set_device_condition(json& os, const std::string& spec) {
  const Condition c = parse_condition(spec);
  if (c.perturbation != "nominal")
    throw std::invalid_argument("\"" + spec + "\" is not a device: write a profile (`phonegym profiles`), dark, a locale, or PROFILE+dark+LOCALE");
  put_device(os, c);
}

std::string state_condition(const json& state) {
  std::string profile, locale;
  bool dark = false;
  if (state.is_object() && state.contains("os") && state["os"].is_object() && state["os"].contains("device")) {
    json d = state["os"]["device"];
    if (d.is_object()) {
      auto it = d.find("dark");
      dark = it != d.end() && *it == true;
      d.erase("dark");
      if (auto l = d.find("locale"); l != d.end() && l->is_string()) locale = l->get<std::string>();
      d.erase("locale");
    }
    if (!(d.is_object() && d.empty())) {
      profile = d.is_object() && d.value("profile", json()).is_string() ? d["profile"].get<std::string>() : "custom";
      // A profile's name stands for it only while its values are the profile's.
      bool named = false;
      for (const DeviceProfile& p : device_profiles()) named = named || (p.name == profile && device_json(p) == d);
      if (!named) profile = "custom";
    }
  }
  const json* p = perturbation_of(state);
  const std::string perturbation = p ? p->value("condition", std::string("custom")) : std::string();
  std::string out = profile;
  if (dark) out += out.empty() ? "dark" : "+dark";
  if (!locale.empty()) out += out.empty() ? locale : "+" + locale;
  if (!perturbation.empty()) out += out.empty() ? perturbation : "+" + perturbation;
  return out.empty() ? "nominal" : out;
}

PerturbationMix::PerturbationMix(const std::string& specs) {
  std::size_t start = 0;
  while (start <= specs.size()) {
    std::size_t end = specs.find(';', start);
    if (end == std::string::npos) end = specs.size();
    std::string s = specs.substr(start, end - start);
    parse_condition(s);  // throws for a bad spec
    specs_.push_back(s.empty() ? "nominal" : s);
    start = end + 1;
  }
}

std::string PerturbationMix::pick(std::uint64_t episode_seed) const {
  if (specs_.empty()) return "nominal";
  return specs_[splitmix64_mix(episode_seed ^ 0x7065727475726221ULL) % specs_.size()];
}

json PerturbationMix::config(std::uint64_t episode_seed) const {
  return perturbation_config(parse_condition(pick(episode_seed)).perturbation, splitmix64_mix(episode_seed));
}

json PerturbationMix::apply(json state, std::uint64_t episode_seed) const {
  return with_condition(std::move(state), pick(episode_seed), splitmix64_mix(episode_seed));
}

const json* perturbation_of(const json& state) {
  if (!state.is_object()) return nullptr;
  auto os = state.find("os");
  if (os == state.end() || !os->is_object()) return nullptr;
  auto p = os->find("perturb");
  return p != os->end() && p->is_object() ? &*p : nullptr;
}

json with_perturbation(json state, const json& perturb) {
  if (!state.is_object() || !state.contains("os") || !state["os"].is_object())
    throw std::invalid_argument("with_perturbation: the state has no os object");
  if (perturb.is_null()) state["os"].erase("perturb");
  else state["os"]["perturb"] = perturb;
  return state;
}

InputPerturbation perturb_input(Phone& phone, const Action& a, StepInfo& info) {
  InputPerturbation out;
  json* p = active(phone);
  if (!p) return out;
  (*p)["last"] = json::array();
  if (!is_input(a.type)) return out;
  const bool waiting = p->contains("queue") && !(*p)["queue"].empty();
  if (is_touch(a.type)) {
    if (!waiting && fires(*p, "drop")) {
      out.drop = true;
      note(phone, info, "dropped");
    } else if (!waiting && fires(*p, "delay")) {
      out.queue = true;
      note(phone, info, "delayed");
    } else if ((a.type == ActionType::Swipe || a.type == ActionType::Drag) && fires(*p, "repeat")) {
      out.repeat = true;
      note(phone, info, "repeated");
    }
  }
  if (waiting && !out.queue) {
    out.queue = true, out.repeat = false;
    note(phone, info, "queued");
  }
  (*p)["step"] = p->value("step", 0) + 1;
  return out;
}

void queue_input(Phone& phone, const Action& a) {
  json* p = active(phone);
  if (!p) return;
  json& q = (*p)["queue"];
  if (!q.is_array() || q.empty()) {
    q = json::array();
    (*p)["due_ms"] = phone.now_ms() + p->value("delay_ms", kDelayMs);
  }
  q.push_back(to_json(a));
}

std::vector<Action> due_inputs(Phone& phone) {
  std::vector<Action> out;
  json* p = active(phone);
  if (!p || !p->contains("queue") || (*p)["queue"].empty() || phone.now_ms() < p->value("due_ms", std::int64_t{0}))
    return out;
  for (const json& a : (*p)["queue"]) out.push_back(parse_action(a));
  p->erase("queue");
  p->erase("due_ms");
  return out;
}

std::string page_identity(const Phone& phone) {
  const std::string fg = phone.foreground();
  if (fg == "launcher") return fg;
  return fg + "/" + phone.current_page() + "/" + std::to_string(phone.page_stack(fg).size());
}

void perturb_after_step(Phone& phone, const std::string& page_before, StepInfo& info) {
  json* p = active(phone);
  if (!p) return;
  const std::int64_t now = phone.now_ms();
  if ((*p)["heads_up"].is_object() && now >= (*p)["heads_up"].value("until_ms", std::int64_t{0})) (*p)["heads_up"] = nullptr;
  if (p->value("loading_until_ms", std::int64_t{0}) != 0 && now >= p->value("loading_until_ms", std::int64_t{0}))
    (*p)["loading_until_ms"] = 0;
  const json& os = phone.os();
  const std::string fg = phone.foreground();
  if (fg == "launcher" || os["episode"].value("status", "running") != "running") return;
  const bool overlay = os["dialog"].is_object() || os["shade"].value("open", false) || os["recents"].value("open", false);
  if (page_identity(phone) != page_before && !overlay && fires(*p, "spinner")) {
    (*p)["loading_until_ms"] = now + p->value("spinner_ms", kSpinnerMs);
    note(phone, info, "spinner");
  }
  if (overlay) return;
  if (fires(*p, "popup")) {
    const bool rating = uniform(*p, "popup_kind") < 0.5;
    const std::string name = app_name(fg);
    // Set directly rather than through show_dialog: a pop-up from outside the app leaves the
    // field under it focused (it is focused again once the pop-up is gone), as on Android.
    json& dialog = phone.mutable_os()["dialog"];
    if (rating)
      dialog = json({{"owner", "os"}, {"kind", "interruption"}, {"title", "Enjoying " + name + "?"},
                         {"text", "Tap Rate to review it on the store."},
                         {"buttons", json::array({{{"id", "rate_later"}, {"label", "Not now"}}, {{"id", "rate_now"}, {"label", "Rate"}}})},
                         {"data", {{"app", fg}}}});
    else
      dialog = json({{"owner", "os"}, {"kind", "interruption"}, {"title", "Allow " + name + " to send you notifications?"},
                         {"text", ""},
                         {"buttons", json::array({{{"id", "perm_allow"}, {"label", "Allow"}}, {{"id", "perm_deny"}, {"label", "Don't allow"}}})},
                         {"data", {{"app", fg}, {"vertical", true}}}});
    note(phone, info, rating ? "popup:rating" : "popup:permission");
  } else if (!(*p)["heads_up"].is_object() && fires(*p, "heads_up")) {
    // A message from another installed app (the first of these that is installed and not in front).
    static const char* const kSenders[][3] = {
        {"messages", "Alex Kim", "Are we still on for tomorrow?"},
        {"calendar", "Dentist appointment", "Tomorrow at 09:30"},
        {"chat", "Family group", "Mum: dinner at 7?"},
        {"clock", "Alarm", "Wake up: 07:00 tomorrow"}};
    const std::size_t n = std::size(kSenders);
    const std::size_t first = static_cast<std::size_t>(uniform(*p, "heads_up_kind") * static_cast<double>(n));
    for (std::size_t i = 0; i < n; ++i) {
      const auto& s = kSenders[(first + i) % n];
      if (s[0] == fg || !AppRegistry::instance().find(s[0])) continue;
      (*p)["heads_up"] = {{"app", s[0]}, {"title", s[1]}, {"text", s[2]},
                          {"until_ms", now + p->value("heads_up_ms", kHeadsUpMs)}};
      note(phone, info, "heads_up");
      break;
    }
  } else if (os["keyboard"]["focus"].is_null() && fires(*p, "keyboard")) {
    // The keyboard opens with no field behind it (an app that grabs focus on its own): it covers
    // the bottom of the screen and its keys type nowhere until Back hides it.
    phone.mutable_os()["keyboard"]["focus"] = "os.perturb.keyboard";
    note(phone, info, "keyboard");
  }
}

namespace {

// The banner's box (dp): under the status bar, inset like Android's heads-up notifications.
Rect heads_up_box() { return {8, Ui::status_bar_dp() + 4, Ui::width_dp() - 8, Ui::status_bar_dp() + 80}; }

}  // namespace

bool swipe_heads_up(Phone& phone, int px, int py) {
  json* p = active(phone);
  if (!p || !(*p)["heads_up"].is_object()) return false;
  const Rect b = heads_up_box();
  const float x = Ui::to_dp(static_cast<float>(px)), y = Ui::to_dp(static_cast<float>(py));
  if (!b.contains(x, y)) return false;
  (*p)["heads_up"] = nullptr;
  return true;
}

void draw_loading(Ui& ui, Phone& phone) {
  const json& os = phone.os();
  auto it = os.find("perturb");
  if (it == os.end() || !it->is_object() || it->value("loading_until_ms", std::int64_t{0}) <= phone.now_ms()) return;
  if (phone.foreground() == "launcher") return;
  const Rect area = Ui::content_area();
  ui.cover(area);
  ui.fill(area, color::kSurface);
  Node& n = ui.node("os.loading", "android.widget.ProgressBar", area);
  n.desc = "Loading";
  n.clickable = true;  // a loading screen swallows taps
  n.on_click = [](Phone&) {};
  // An indeterminate circular indicator: a 270-degree arc whose start turns with the clock.
  const float cx = Ui::width_dp() / 2, cy = (area.t + area.b) / 2 - 24, r = 20;
  const double start = static_cast<double>(phone.now_ms() % 1200) / 1200.0 * 2 * M_PI;
  std::vector<float> pts;
  for (int i = 0; i <= 27; ++i) {
    const double a = start + i * (1.5 * M_PI / 27);
    pts.push_back(cx + r * static_cast<float>(std::cos(a)));
    pts.push_back(cy + r * static_cast<float>(std::sin(a)));
  }
  ui.polyline(pts, color::kPrimary, 4);
  ui.text_centered(0, Ui::width_dp(), cy + 40, "Loading…", Font::Body, color::kOnSurfaceVariant);
}

void draw_heads_up(Ui& ui, Phone& phone) {
  const json& os = phone.os();
  auto it = os.find("perturb");
  if (it == os.end() || !it->is_object()) return;
  auto banner = it->find("heads_up");  // (a const json's operator[] must not meet a missing key)
  if (banner == it->end() || !banner->is_object()) return;
  const json& h = *banner;
  const Rect b = heads_up_box();
  ui.cover(b);
  ui.fill({b.l, b.t + 2, b.r, b.b + 2}, 0x000000, 20, 0.12f);  // shadow
  ui.fill(b, color::kSurfaceContainer, 20);
  const std::string app = h.value("app", "");
  App* a = AppRegistry::instance().find(app);
  std::uint32_t tint = color::kPrimary;
  std::string icon = "notifications";
  if (a) {
    const std::string c = a->manifest().value("color", "");
    if (c.size() == 7 && c[0] == '#') tint = static_cast<std::uint32_t>(std::stoul(c.substr(1), nullptr, 16));
    icon = a->manifest().value("icon", icon);
  }
  ui.circle(b.l + 32, b.t + 38, 18, tint);
  ui.icon(b.l + 32, b.t + 38, icon, Font::Icon, 0xFFFFFF);
  ui.text(b.l + 60, b.t + 12, app_name(app) + " · now", Font::Label, color::kOnSurfaceVariant);
  ui.text_fit(b.l + 60, b.t + 30, h.value("title", ""), Font::BodyLarge, color::kOnSurface, b.w() - 76);
  ui.text_fit(b.l + 60, b.t + 52, h.value("text", ""), Font::Body, color::kOnSurfaceVariant, b.w() - 76);
  Node& n = ui.node("os.heads_up", "android.widget.FrameLayout", b);
  n.text = h.value("title", "") + ": " + h.value("text", "");
  n.clickable = true;  // taps on the banner do nothing; a swipe up dismisses it
  n.on_click = [](Phone&) {};
}

}  // namespace pg
