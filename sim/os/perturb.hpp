// Perturbations: the ways a real phone misbehaves while an agent works, as OS state (os.perturb),
// so they fork, replay after a host restart and render identically in every backend. The kinds
// follow MobileBench-OL's noise subsets (unexecuted, delay, repeat, pop-up) plus heads-up
// notifications and slow-loading pages:
//
//   popup     after a step, a modal dialog over the app: a notification-permission request or a
//             rating prompt; dismissed with its buttons or Back (nothing else changes)
//   heads_up  after a step, a notification banner over the top of the screen for 5 virtual
//             seconds; a swipe up on it dismisses it, taps on it do nothing
//   keyboard  after a step, the keyboard opens with no field focused and covers the bottom of
//             the screen; Back hides it
//   drop      a touch (click, double tap, long press, swipe, drag) does nothing
//   delay     a touch lands `delay_ms` of virtual time later; inputs after it queue behind it
//             (a `wait` lets it land; tapping again lands twice)
//   repeat    a swipe or drag is delivered twice (a fling that overshoots)
//   spinner   a page that opens shows a loading screen for `spinner_ms`; taps on it do nothing
//
// Every draw is a pure function of (seed, step index, kind), so an episode is deterministic given
// its seed, and each step's perturbations are recorded in its reply (StepInfo::perturbations) and
// in os.perturb.last. Agents see only the screen, as on a real phone.
#pragma once

#include "sim/input/action.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace pg {

class Phone;
class Ui;
struct StepInfo;

/// The named conditions of the robustness report, nominal first: "nominal", "popup", "heads_up",
/// "keyboard", "drop", "delay", "repeat", "spinner", "mixed" (each kind at a lower rate).
const std::vector<std::string>& perturbation_conditions();

/// The os.perturb object of a perturbation spec: a condition name above, or comma-separated
/// `kind=rate` pairs with rates in [0, 1] (e.g. "popup=0.2,drop=0.1"); `seed` keys every draw.
/// "nominal" (or "") gives null: no perturbation. Throws std::invalid_argument naming the bad
/// part ("perturbation: unknown kind \"pop\"; expected one of popup, heads_up, ...").
nlohmann::json perturbation_config(const std::string& spec, std::uint64_t seed);

/// Checks an os.perturb value (null or an object as perturbation_config makes, plus the runtime
/// fields it gains while stepping); throws std::invalid_argument naming the bad field.
void validate_perturbation(const nlohmann::json& perturb);

/// A condition of the robustness report and of domain randomization: a device profile
/// (sim/os/device.hpp), the dark theme, a locale's regional formats, a perturbation spec, or any of
/// them in that order joined by '+' ([PROFILE+][dark+][LOCALE+]PERTURBATION): "tablet-1600x2560",
/// "compact-720x1600+drop", "dark", "de-DE", "large-1440x3200+dark+fr-FR+mixed",
/// "popup=0.2,drop=0.1", "nominal".
struct Condition {
  std::string profile;       ///< a named device profile, "" for the nominal phone
  bool dark = false;         ///< the device draws the dark theme (os.device.dark, sim/ui/dark.hpp)
  std::string locale;        ///< the device writes dates so (os.device.locale, date_locales()); "" for os.locale's
  std::string perturbation;  ///< a perturbation spec, "nominal" for none
};

/// Splits and checks a condition spec; throws std::invalid_argument naming an unknown profile or a
/// bad perturbation part (as perturbation_config).
Condition parse_condition(const std::string& spec);

/// `state` (a full phone state) under condition `spec`: os.device from its profile (removed for
/// the nominal phone), os.device.dark for the dark theme and os.device.locale for a locale
/// (Settings' own switch and language are left as the task set them) and os.perturb from its perturbation spec keyed by `seed`. Throws as parse_condition.
nlohmann::json with_condition(nlohmann::json state, const std::string& spec, std::uint64_t seed);

/// Puts the OS state `os` on the device of `spec`, a condition without a perturbation: a profile,
/// "dark", a locale, or PROFILE+dark+LOCALE ("nominal" for the nominal phone in the light theme). Throws
/// std::invalid_argument naming the spec when it is not one.
void set_device_condition(nlohmann::json& os, const std::string& spec);

/// The condition an initial state was made under (the inverse of with_condition): its device
/// profile's name, "dark", its locale and its perturbation's spec joined by '+', "nominal" for none, "custom"
/// for a perturbation or device that no named spec made.
std::string state_condition(const nlohmann::json& state);

/// A domain-randomization distribution: one condition per episode, drawn uniformly from the listed
/// ones (`specs`, separated by ';', e.g. "nominal;popup;compact-720x1600;tablet-1600x2560+drop").
/// Each spec is checked at once.
class PerturbationMix {
 public:
  PerturbationMix() = default;
  /// Throws std::invalid_argument for a bad spec (as perturbation_config).
  explicit PerturbationMix(const std::string& specs);
  bool empty() const { return specs_.empty(); }
  /// Whether every episode is nominal (no perturbation at all).
  bool nominal() const { return specs_.empty() || (specs_.size() == 1 && specs_[0] == "nominal"); }
  const std::vector<std::string>& specs() const { return specs_; }
  /// The spec of the episode keyed by `episode_seed`, and the os.perturb of its perturbation
  /// (null for none).
  std::string pick(std::uint64_t episode_seed) const;
  nlohmann::json config(std::uint64_t episode_seed) const;
  /// `state` under the episode's condition (with_condition, seeded from `episode_seed`).
  nlohmann::json apply(nlohmann::json state, std::uint64_t episode_seed) const;

 private:
  std::vector<std::string> specs_;
};

/// The os.perturb object of a full phone state, or nullptr when it has none (nominal).
const nlohmann::json* perturbation_of(const nlohmann::json& state);

/// `state` (a full phone state) with os.perturb set to `perturb` (removed when null).
nlohmann::json with_perturbation(nlohmann::json state, const nlohmann::json& perturb);

// ---- used by Phone::step and Phone::build ----

/// What this step's input suffers; draws advance os.perturb.step.
struct InputPerturbation {
  bool drop = false, queue = false, repeat = false;
};
/// Draws the input perturbations of `a` (nothing when the phone has none, or for actions that
/// are not touches). `queue` is also set when earlier delayed inputs still wait.
InputPerturbation perturb_input(Phone& phone, const Action& a, StepInfo& info);
/// Puts `a` at the end of the delayed inputs (due delay_ms after now when the queue was empty).
void queue_input(Phone& phone, const Action& a);
/// Removes and returns the queued inputs when their time has come (empty otherwise).
std::vector<Action> due_inputs(Phone& phone);
/// After an action: expires the banner and the loading screen, starts a loading screen when a
/// page opened (`page_before` is the page identity before the action), maybe shows a pop-up or
/// a heads-up banner. Records what it did in `info` and os.perturb.last.
void perturb_after_step(Phone& phone, const std::string& page_before, StepInfo& info);
/// The identity of the screen's page (foreground app, page and stack depth) for perturb_after_step.
std::string page_identity(const Phone& phone);
/// Whether a swipe starting at (px, py) hits the heads-up banner: dismisses it and returns true.
bool swipe_heads_up(Phone& phone, int px, int py);
/// Draws the loading screen over the app (under the keyboard).
void draw_loading(Ui& ui, Phone& phone);
/// Draws the heads-up banner (over dialogs, under the status bar).
void draw_heads_up(Ui& ui, Phone& phone);

}  // namespace pg
