// Clock: the alarm list (on/off switch and delete per alarm) and the "Add alarm" page (time typed
// as HH:MM, optional label). State: apps.clock.alarms[{id, time "HH:MM", label, enabled}].
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/ui.hpp"

#include <algorithm>
#include <set>

namespace pg {
namespace {

using json = nlohmann::json;

json& clock_state(Phone& p) { return p.mutable_state()["apps"]["clock"]; }

json* find_alarm(Phone& p, int id) {
  for (json& a : clock_state(p)["alarms"])
    if (a.value("id", -1) == id) return &a;
  return nullptr;
}

class ClockApp : public App {
 public:
  /// Enabled alarms whose time of day passes between the two instants ring: a notification
  /// (if the app may post them) that opens the alarm list.
  void on_time(Phone& phone, std::int64_t from_ms, std::int64_t to_ms) override {
    if (to_ms <= from_ms) return;
    const std::int64_t shift = phone.local_time_ms() - phone.now_ms();  // time zone offset (ms)
    const std::int64_t from = from_ms + shift, to = to_ms + shift, day = 86400000;
    const json alarms = phone.state()["apps"]["clock"]["alarms"];
    for (const json& a : alarms) {
      if (!a.value("enabled", false)) continue;
      const int minutes = parse_hhmm(a.value("time", ""));
      if (minutes < 0) continue;
      std::int64_t t = (from >= 0 ? from / day : (from - day + 1) / day) * day + minutes * 60000LL;
      if (t <= from) t += day;
      if (t > to) continue;
      if (phone.permission("clock", "POST_NOTIFICATIONS") != "granted") continue;
      const std::string label = a.value("label", "");
      phone.post_notification("clock", "Alarm", a.value("time", "") + (label.empty() ? "" : " \u00b7 " + label),
                              {{"app", "clock"}});
    }
  }

  void draw_page(Ui& ui, Phone& phone, const std::string& page) override {
    if (page == "alarms") return alarms(ui, phone);
    if (page == "add_alarm") return add_alarm(ui, phone);
  }

 private:
  static void alarms(Ui& ui, Phone& phone) {
    Rect area = Ui::content_area();
    ui.text(24, area.t + 24, "Alarm", Font::Headline, color::kOnSurface);
    ui.node("clock.title", "android.widget.TextView", {24, area.t + 20, 160, area.t + 60}).text = "Alarm";
    const json& alarms = phone.state()["apps"]["clock"]["alarms"];
    std::vector<const json*> sorted;
    for (const json& a : alarms) sorted.push_back(&a);
    std::stable_sort(sorted.begin(), sorted.end(), [](const json* a, const json* b) {
      return a->value("time", "") < b->value("time", "");
    });
    ui.begin_scroll("clock.alarm_list", {0, area.t + 76, Ui::kWidthDp, area.b}, phone.page_pointer() + "/scroll");
    std::set<std::string> seen;
    if (sorted.empty()) {
      ui.text_centered(0, Ui::kWidthDp, ui.cursor_y() + 160, "No alarms", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.advance(200);
    }
    for (const json* a : sorted) {
      const int id = a->value("id", 0);
      const std::string time = a->value("time", "00:00");
      const std::string key = seen.insert(time).second ? time : time + "#" + std::to_string(id);
      const bool on = a->value("enabled", false);
      const std::string label = a->value("label", "");
      const std::string base = "clock.alarm." + key;
      const float y = ui.cursor_y() + 6;
      Rect card{12, y, Ui::kWidthDp - 12, y + 124};
      ui.fill(card, on ? color::kPrimaryContainer : color::kSurfaceContainer, 24);
      ui.text(28, y + 10, label.empty() ? "Alarm" : label, Font::Body, color::kOnSurfaceVariant);
      ui.text(28, y + 30, time, Font::Display, on ? color::kOnSurface : color::kOnSurfaceVariant, on ? 1.f : 0.7f);
      Node& row = ui.node(base, "android.widget.LinearLayout", card);
      row.text = time;
      row.desc = (label.empty() ? std::string("Alarm") : label) + (on ? ", on" : ", off");
      row.checkable = true;
      row.checked = on;
      ui.switch_at(base + ".switch", card.r - 16 - 52, y + 46, on, [id](Phone& p) {
        if (json* al = find_alarm(p, id)) {
          (*al)["enabled"] = !(*al)["enabled"].get<bool>();
          if ((*al)["enabled"].get<bool>()) p.toast("Alarm set");
        }
      });
      ui.icon_button(base + ".delete", card.r - 28, y + 100, "delete", "Delete alarm", color::kOnSurfaceVariant,
                     [id](Phone& p) {
                       json& list = clock_state(p)["alarms"];
                       for (std::size_t i = 0; i < list.size(); ++i)
                         if (list[i].value("id", -1) == id) {
                           list.erase(i);
                           p.toast("Alarm deleted");
                           return;
                         }
                     });
      ui.advance(136);
    }
    ui.advance(88);  // room above the floating button
    ui.end_scroll();
    ui.fab("clock.add_alarm", "add", "Add alarm", [](Phone& p) {
      clock_state(p)["new_alarm"] = {{"time", ""}, {"label", ""}, {"error", ""}};
      p.navigate("add_alarm");
    });
  }

  static void add_alarm(Ui& ui, Phone& phone) {
    ui.top_bar("clock.new_alarm.title", "Add alarm", true);
    const float y = ui.cursor_y() + 8;
    const json& draft = phone.state()["apps"]["clock"]["new_alarm"];
    ui.text(24, y, "Enter time", Font::Label, color::kOnSurfaceVariant);
    ui.text_field("clock.new_alarm.time", {24, y + 24, Ui::kWidthDp - 24, y + 80}, "Time (24-hour, HH:MM)",
                  "/apps/clock/new_alarm/time", "07:30");
    ui.text_field("clock.new_alarm.label", {24, y + 96, Ui::kWidthDp - 24, y + 152}, "Label",
                  "/apps/clock/new_alarm/label", "Alarm");
    const std::string error = draft.value("error", "");
    if (!error.empty()) {
      ui.text(24, y + 160, error, Font::Body, color::kError);
      ui.node("clock.new_alarm.error", "android.widget.TextView", {24, y + 160, Ui::kWidthDp - 24, y + 180}).text = error;
    }
    ui.button("clock.new_alarm.cancel", {Ui::kWidthDp - 216, y + 196, Ui::kWidthDp - 128, y + 236}, "Cancel", false,
              [](Phone& p) {
                p.clear_focus();
                p.back();
              });
    ui.button("clock.new_alarm.save", {Ui::kWidthDp - 112, y + 196, Ui::kWidthDp - 24, y + 236}, "Save", true,
              [](Phone& p) {
                json& c = clock_state(p);
                const int minutes = parse_hhmm(c["new_alarm"].value("time", ""));
                if (minutes < 0) {
                  c["new_alarm"]["error"] = "Enter a time as HH:MM, e.g. 07:30";
                  return;
                }
                const int id = c.value("next_id", 1);
                c["alarms"].push_back(
                    {{"id", id}, {"time", hhmm(minutes)}, {"label", c["new_alarm"].value("label", "")}, {"enabled", true}});
                c["next_id"] = id + 1;
                c["new_alarm"] = {{"time", ""}, {"label", ""}, {"error", ""}};
                p.clear_focus();
                p.back();
                p.toast("Alarm set for " + hhmm(minutes));
                // Android 13+: an app asks for the notification permission when it first needs it.
                if (p.permission("clock", "POST_NOTIFICATIONS").empty())
                  p.request_permission("clock", "POST_NOTIFICATIONS", "send you notifications");
              });
  }
};

}  // namespace
PG_REGISTER_APP("clock", ClockApp);
}  // namespace pg
