// The simulated phone's OS runtime: one JSON state document {"os": ..., "apps": {...}}, the task
// stack and navigation, back/home dispatch, the focused text field, the virtual clock, and the
// dispatch of unified actions to widgets through hit testing on the accessibility nodes.
#pragma once

#include "sim/input/action.hpp"
#include "sim/ui/ui.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace pg {

/// Thrown by set_state for a state that does not fit the schema; what() names the JSON path.
struct StateError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Virtual time: every action advances the clock by whole frames of this length (ms).
constexpr std::int64_t kFrameMs = 16;
/// A swipe is a fling: lists move this many times the finger's travel (a drag moves 1x).
constexpr int kFlingFactor = 2;

/// What a step did, for logging and for agents: whether the screen's state changed and why not.
struct StepInfo {
  bool changed = false;   ///< the state differs after the action
  std::string target;     ///< id of the widget the action hit, if any
  std::string note;       ///< e.g. "no focused field: text ignored"
  /// What os.perturb did to this step (sim/os/perturb.hpp), e.g. ["dropped"], ["popup:rating"];
  /// empty on a phone without perturbations. Recorded in trajectories, never shown to agents.
  std::vector<std::string> perturbations;
  nlohmann::json to_json() const;
};

class Phone {
 public:
  Phone();  ///< a fresh phone at default_state()

  /// The default state: OS defaults plus every installed app's defaults.json.
  static nlohmann::json default_state();

  /// The full state document {"os": ..., "apps": {<every installed app>: overlay}} (docs/state.md),
  /// built on each call (a copy, about 20 us for 33 apps). A phone stores only what differs from
  /// the defaults: an app whose overlay equals its defaults.json is read from the app registry,
  /// shared by every phone and fork in the process, so a fresh phone or a fork costs the OS part
  /// plus the apps that changed (docs/architecture.md, "State storage").
  nlohmann::json state() const;
  /// The OS part of the state (`os`); the writable form is for OS code and the Settings app.
  const nlohmann::json& os() const { return state_["os"]; }
  /// The screen this phone draws on: its device profile (os.device, sim/os/device.hpp).
  Screen screen() const;
  nlohmann::json& mutable_os() { return state_["os"]; }
  /// One app's overlay (`apps.<id>`): the stored one, else the app's defaults.json. Throws
  /// std::logic_error for an app that is not installed. References stay valid until the next step
  /// or set_state.
  const nlohmann::json& app_state(const std::string& id) const;
  /// The writable overlay of `id`: on the first write the defaults are copied into this phone.
  nlohmann::json& mutable_app_state(const std::string& id);
  /// The value at JSON pointer `p` of the full state (e.g. "/apps/notes/form/title",
  /// "/os/tasks/0/pages/1/query"), or nullptr when absent.
  const nlohmann::json* find(const nlohmann::json::json_pointer& p) const;
  /// The writable value at `p`, created (as null) when absent, as json's operator[] does; a
  /// pointer into an app copies that app's overlay in first. Throws std::logic_error for a pointer
  /// that is not into `os` or an installed app.
  nlohmann::json& at(const nlohmann::json::json_pointer& p);
  /// Bytes of JSON this phone stores: `os` plus the app overlays that differ from the defaults.
  std::size_t stored_bytes() const;
  /// Replaces the whole state after checking it (throws StateError naming the bad path). An app
  /// absent from `s` gets an empty overlay, as before: a state is taken as it is given.
  void set_state(const nlohmann::json& s);
  /// Checks a state against the schema; throws StateError("state: os.time_ms must be an integer").
  static void validate(const nlohmann::json& s);

  /// Applies one action: input events, handlers, then the virtual clock advances.
  StepInfo step(const Action& a);

  /// Builds one frame into `ui` (draws everything and records nodes).
  void build(Ui& ui);
  /// The accessibility nodes of the current screen (runs a layout pass without pixels).
  std::vector<Node> layout();

  // ---- services for app code (handlers) ----
  /// The foreground app id, or "launcher".
  std::string foreground() const;
  /// The current page of the foreground app ("" on the launcher).
  std::string current_page() const;
  /// Follows the named nav.json transition of the foreground app: pushes the target page, or
  /// replaces the current one when the transition says "replace": true (bottom-navigation tabs).
  /// Returns false (and stays) when the transition's guard in nav.json does not hold; throws
  /// std::logic_error if the current page has no such transition.
  bool navigate(const std::string& transition);
  /// Back in Android's order: focused field/keyboard, then the app's page stack, then launcher.
  void back();
  /// Back until the foreground app shows its root page (its task stays open): what an app does
  /// when an intent should start from its first page. Nothing on the launcher.
  void back_to_root();
  /// The page entries of `app`'s task, root first ([{"page", "scroll", ...}]); an empty array if
  /// the app has no task. Read-only: pages change through navigate() and back().
  const nlohmann::json& page_stack(const std::string& app) const;
  /// The foreground app's current page entry {"page", "scroll", ...}: an app keeps page-local
  /// fields here (a search query, the folder a page shows). Throws std::logic_error on the
  /// launcher; the const form gives an empty object there.
  nlohmann::json& page_state();
  const nlohmann::json& page_state() const;
  /// Sets the current page's scroll offset (px, as begin_scroll stores it); 0 is the top.
  void set_scroll(int offset_px);
  /// Opens a page with page-local fields: clears the focus, follows `transition` (navigate) and
  /// sets `fields` (an object) in the new page entry. Returns false (nothing changes but the
  /// focus) when the transition's guard does not hold; throws as navigate does.
  bool go(const std::string& transition, const nlohmann::json& fields = nlohmann::json::object());
  /// The current page entry's string field `key`, or "" when absent or not a string.
  std::string page_string(const std::string& key) const;
  /// The current page entry's integer field `key`, or `fallback` when absent or not an integer.
  int page_int(const std::string& key, int fallback = 0) const;
  /// A bottom-navigation tap on the tab whose root page is `page`: back to the task's root, then
  /// the transition "tab_<page>" replaces it; tapping the current tab scrolls it to the top.
  void switch_tab(const std::string& page);
  void home();
  /// Removes an app's task (recents' close); the launcher takes the foreground if it was that app.
  void finish_task(const std::string& app);
  /// Opens an app by id or display name; throws ActionError for an unknown app.
  void open_app(const std::string& id_or_name);
  /// Focuses the text field `id` bound to the string at JSON pointer `path`, the caret
  /// (os.keyboard.cursor, sim/os/text_edit.hpp) at the end of its text; the keyboard opens on
  /// `layout` ("letters", or "symbols" for numbers, dates and times).
  void focus(const std::string& id, const std::string& path, const std::string& layout = "letters");
  /// Focuses a multi-line field (os.keyboard.multiline): enter inserts a newline there instead of
  /// submitting.
  void focus_multiline(const std::string& id, const std::string& path);
  /// The keyboard's enter (the `enter` action and the enter key): a newline at the caret in a
  /// multi-line field, else submit (hide the keyboard).
  void press_enter();
  void clear_focus();
  std::string focused_id() const;
  /// A short message shown at the bottom of the screen for about 2 virtual seconds.
  void toast(const std::string& text);

  // ---- system UI (sim/os/system_ui.cpp and friends) ----
  /// Posts a notification from `app`; tapping it starts `intent`. Returns its id.
  int post_notification(const std::string& app, const std::string& title, const std::string& text,
                        const nlohmann::json& intent);
  void dismiss_notification(int id);
  void set_shade(bool open);
  void set_recents(bool open);
  /// Shows a modal dialog: {"owner": app id or "os", "kind", "title", "text", "buttons":
  /// [{"id", "label"}], "data": {...}}. The owner's on_dialog_result gets the answer.
  void show_dialog(nlohmann::json dialog);
  /// Answers the open dialog with a button id (and closes it).
  void answer_dialog(const std::string& button);
  /// Runtime permissions: "granted", "denied" or "" (never asked), per app and permission name.
  std::string permission(const std::string& app, const std::string& perm) const;
  /// Asks the user for a permission with the system dialog; the answer is stored in
  /// os.permissions and reported to the app's on_dialog_result with kind "permission".
  void request_permission(const std::string& app, const std::string& perm, const std::string& rationale);
  /// Starts an intent: explicit ({"app": id, ...}) opens that app; implicit ({"action", "type"?,
  /// "data"?, "extras"?}) opens the one app that handles it or shows a chooser; none: a toast.
  void start_intent(const nlohmann::json& intent);
  std::string clipboard() const;
  void set_clipboard(const std::string& text);
  /// Opens the text-selection menu (cut/copy/paste/select all) for the focused field.
  void show_text_menu();
  /// The state of the foreground app's current page entry ({"page":..., "scroll":...}).
  std::string page_pointer() const;  ///< JSON pointer to it, e.g. "/os/tasks/0/pages/1"
  std::int64_t now_ms() const;
  /// The virtual clock shifted to the phone's time zone (ms).
  std::int64_t local_time_ms() const;
  /// "07:15" or "7:15 AM", as os.settings.system.time_12_24 says.
  std::string format_time(std::int64_t local_ms) const;
  /// The screen point (px) of the tap being handled, or the end of a sideways drag that started
  /// on a slider (a node of class android.widget.SeekBar, whose on_click then runs): widgets
  /// whose effect depends on where they are touched read it in their handler. (-1, -1) before any.
  int pointer_x_px() const { return pointer_x_; }
  int pointer_y_px() const { return pointer_y_; }

 private:
  // {"os": ..., "apps": {id: overlay}}: only overlays that differ from the app's defaults.json
  // (and ones written since the last step; step() drops those that came back to the defaults).
  nlohmann::json state_;
  void drop_default_overlays();
  int pointer_x_ = -1, pointer_y_ = -1;  // see pointer_x_px()
  void tap(int px, int py, bool long_press, StepInfo& info);
  void scroll(int x1, int y1, int x2, int y2, bool fling, StepInfo& info);
  void type_text(const Action& a, StepInfo& info);
  /// Delivers one input action to the screen (no perturbation); returns its virtual duration (ms).
  std::int64_t apply(const Action& a, StepInfo& info);
  void advance_clock(std::int64_t ms);
  nlohmann::json* foreground_task();
  void draw_status_bar(Ui& ui);
  void draw_nav_bar(Ui& ui);
  bool swipe_system(int x1, int y1, int x2, int y2, StepInfo& info);
  /// With gesture navigation (Screen::gesture_nav): a swipe up from the gesture bar goes home (a
  /// fling) or opens the recent apps (a drag); a swipe inward from a side edge goes back. Pixels;
  /// true when the swipe was one of these (before any app sees it, as on Android).
  bool swipe_gesture_nav(int x1, int y1, int x2, int y2, bool fling, StepInfo& info);
};

}  // namespace pg
