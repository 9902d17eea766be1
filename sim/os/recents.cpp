// Recents (overview): one card per open task, most recently used first. Tap a card to switch to
// it; swipe it sideways or tap its close button to remove the task; "Clear all" removes every task.
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/ui/ui.hpp"

namespace pg {

using json = nlohmann::json;

void draw_recents(Ui& ui, Phone& phone) {
  const json& os = phone.os();
  ui.fill({0, 0, Ui::width_dp(), Ui::height_dp()}, 0x2D2C31);
  const Rect area = Ui::content_area();
  Node& bg = ui.node("recents", "android.widget.FrameLayout", {0, area.t, Ui::width_dp(), area.b});
  bg.clickable = true;  // a tap on the background goes home, as on Android
  bg.on_click = [](Phone& p) { p.home(); };
  const json& tasks = os["tasks"];
  if (tasks.empty()) {
    ui.text_centered(0, Ui::width_dp(), area.t + 300, "No recent items", Font::BodyLarge, 0xE6E1E5);
    ui.node("recents.empty", "android.widget.TextView", {80, area.t + 296, 280, area.t + 324}).text = "No recent items";
    return;
  }
  ui.begin_scroll("recents.list", {0, area.t, Ui::width_dp(), area.b - 64}, "/os/recents/scroll");
  // os.tasks is ordered by recency: the last entry is the most recent.
  for (auto it = tasks.rbegin(); it != tasks.rend(); ++it) {
    const std::string app_id = (*it)["app"];
    App* app = AppRegistry::instance().find(app_id);
    const float y = ui.cursor_y() + 16;
    Rect card{32, y, Ui::width_dp() - 32, y + 200};
    ui.fill(card, color::kSurface, 20);
    ui.fill({card.l, card.t, card.r, card.t + 48}, color::kSurfaceContainer, 20);
    if (app) {
      ui.circle(card.l + 28, card.t + 24, 14, static_cast<std::uint32_t>(std::stoul(app->manifest().value("color", "#6750A4").substr(1), nullptr, 16)));
      ui.icon(card.l + 28, card.t + 24, app->manifest().value("icon", "apps"), Font::IconSmall, 0xFFFFFF);
      ui.text(card.l + 52, card.t + 14, app->name(), Font::BodyLarge, color::kOnSurface);
      const std::string page = (*it)["pages"].back()["page"];
      const std::string title = app->nav()["pages"][page].value("title", page);
      ui.text(card.l + 20, card.t + 72, title, Font::Title, color::kOnSurfaceVariant);
    }
    Node& n = ui.node("recents.task." + app_id, "android.widget.FrameLayout", card);
    n.text = app ? app->name() : app_id;
    n.clickable = true;
    n.on_click = [app_id](Phone& p) { p.open_app(app_id); };
    ui.icon_button("recents.task." + app_id + ".close", card.r - 28, card.t + 24, "close", "Close " + n.text,
                   color::kOnSurfaceVariant, [app_id](Phone& p) {
                     p.finish_task(app_id);
                   });
    ui.advance(216);
  }
  ui.end_scroll();
  ui.button("recents.clear_all", {Ui::width_dp() / 2 - 60, area.b - 56, Ui::width_dp() / 2 + 60, area.b - 16}, "Clear all", true,
            [](Phone& p) {
              p.mutable_os()["tasks"] = json::array();
              p.home();
            });
}

}  // namespace pg
