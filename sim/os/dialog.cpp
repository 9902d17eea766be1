// Modal dialogs (alerts, runtime permissions, the intent chooser, the text-selection menu),
// intents, the clipboard and notifications: the OS services apps call through Phone.
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/os/text_edit.hpp"
#include "sim/ui/ui.hpp"

namespace pg {

using json = nlohmann::json;

// ---------------------------------------------------------------- notifications

int Phone::post_notification(const std::string& app, const std::string& title, const std::string& text,
                             const json& intent) {
  json& os = state_["os"];
  const int id = os.value("next_notification_id", 1);
  os["next_notification_id"] = id + 1;
  os["notifications"].push_back(
      {{"id", id}, {"app", app}, {"title", title}, {"text", text}, {"time_ms", now_ms()}, {"intent", intent}});
  return id;
}

void Phone::dismiss_notification(int id) {
  json& list = state_["os"]["notifications"];
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i].value("id", -1) == id) {
      list.erase(i);
      return;
    }
}

void Phone::set_shade(bool open) {
  if (open) clear_focus();
  state_["os"]["shade"]["open"] = open;
}

void Phone::set_recents(bool open) {
  if (open) {
    clear_focus();
    state_["os"]["shade"]["open"] = false;
    state_["os"]["recents"]["scroll"] = 0;
  }
  state_["os"]["recents"]["open"] = open;
}

// ---------------------------------------------------------------- dialogs

void Phone::show_dialog(json dialog) {
  if (!dialog.contains("buttons") || !dialog["buttons"].is_array() || dialog["buttons"].empty())
    throw std::logic_error("show_dialog: a dialog needs buttons");
  clear_focus();
  state_["os"]["dialog"] = std::move(dialog);
}

void Phone::answer_dialog(const std::string& button) {
  json dialog = state_["os"]["dialog"];
  state_["os"]["dialog"] = nullptr;
  if (!dialog.is_object()) return;
  const std::string kind = dialog.value("kind", "");
  const json& data = dialog.value("data", json::object());
  if (kind == "permission") {
    const std::string app = data.value("app", ""), perm = data.value("permission", "");
    state_["os"]["permissions"][app][perm] = button == "allow" ? "granted" : "denied";
  } else if (kind == "chooser") {
    if (button == "cancel") return;
    json intent = data.value("intent", json::object());
    intent["app"] = button;  // the chosen app
    start_intent(intent);
    return;
  } else if (kind == "text_menu") {
    const json& target = state_["os"]["keyboard"]["target"];
    if (!target.is_string()) return;
    const json::json_pointer ptr(target.get<std::string>());
    const json* stored = find(ptr);
    const std::string cur = stored && stored->is_string() ? stored->get<std::string>() : "";
    if (button == "copy") set_clipboard(cur);
    if (button == "cut") {
      set_clipboard(cur);
      at(ptr) = "";
      set_text_cursor(*this, 0);
    }
    if (button == "paste") insert_at_cursor(*this, clipboard());  // at the caret, as on Android
    if (button == "select_all") show_text_menu();
    return;
  }
  const std::string owner = dialog.value("owner", "os");
  if (App* app = AppRegistry::instance().find(owner)) app->on_dialog_result(*this, dialog, button);
}

std::string Phone::permission(const std::string& app, const std::string& perm) const {
  const json& p = state_["os"]["permissions"];
  if (!p.contains(app) || !p[app].contains(perm)) return "";
  return p[app][perm].get<std::string>();
}

void Phone::request_permission(const std::string& app, const std::string& perm, const std::string& rationale) {
  App* a = AppRegistry::instance().find(app);
  const std::string name = a ? a->name() : app;
  show_dialog({{"owner", app},
               {"kind", "permission"},
               {"title", "Allow " + name + " to " + rationale + "?"},
               {"text", ""},
               {"buttons", json::array({{{"id", "allow"}, {"label", "Allow"}}, {{"id", "deny"}, {"label", "Don't allow"}}})},
               {"data", {{"app", app}, {"permission", perm}}}});
}

// ---------------------------------------------------------------- intents

void Phone::start_intent(const json& intent) {
  if (intent.contains("app")) {  // explicit
    const std::string id = intent["app"];
    App* app = AppRegistry::instance().find(id);
    if (!app) throw std::logic_error("intent for unknown app \"" + id + "\"");
    open_app(app->id());
    app->on_intent(*this, intent);
    return;
  }
  std::vector<App*> handlers;
  for (App* a : AppRegistry::instance().apps())
    if (a->handles(intent)) handlers.push_back(a);
  if (handlers.empty()) {
    toast("No app can perform this action");
    return;
  }
  if (handlers.size() == 1) {
    json explicit_intent = intent;
    explicit_intent["app"] = handlers[0]->id();
    start_intent(explicit_intent);
    return;
  }
  json buttons = json::array();
  for (App* a : handlers) buttons.push_back({{"id", a->id()}, {"label", a->name()}});
  buttons.push_back({{"id", "cancel"}, {"label", "Cancel"}});
  const std::string action = intent.value("action", "");
  std::string title = "Open with";
  if (action == "android.intent.action.SEND") title = "Share";
  if (action == "android.intent.action.DIAL") title = "Call with";
  show_dialog({{"owner", "os"}, {"kind", "chooser"}, {"title", title}, {"text", ""}, {"buttons", buttons},
               {"data", {{"intent", intent}}}});
}

// ---------------------------------------------------------------- clipboard

std::string Phone::clipboard() const { return state_["os"]["clipboard"].value("text", ""); }
void Phone::set_clipboard(const std::string& text) {
  state_["os"]["clipboard"]["text"] = text;
  if (!text.empty()) toast("Copied");
}

void Phone::show_text_menu() {
  const std::string focus = focused_id();
  if (focus.empty()) return;
  json buttons = json::array();
  const json& target = state_["os"]["keyboard"]["target"];
  const json* stored = find(json::json_pointer(target.get<std::string>()));
  const bool has_text = stored && stored->is_string() && !stored->get<std::string>().empty();
  if (has_text) {
    buttons.push_back({{"id", "cut"}, {"label", "Cut"}});
    buttons.push_back({{"id", "copy"}, {"label", "Copy"}});
  }
  if (!clipboard().empty()) buttons.push_back({{"id", "paste"}, {"label", "Paste"}});
  if (buttons.empty()) return;
  json keyboard = state_["os"]["keyboard"];
  state_["os"]["dialog"] = {{"owner", "os"}, {"kind", "text_menu"}, {"title", ""}, {"text", ""}, {"buttons", buttons},
                            {"data", {{"field", focus}}}};
  state_["os"]["keyboard"] = keyboard;  // the field keeps its focus under the menu
}

// ---------------------------------------------------------------- drawing

void draw_dialog(Ui& ui, Phone& phone) {
  const json& d = phone.os()["dialog"];
  if (!d.is_object()) return;
  const std::string kind = d.value("kind", "alert");
  if (kind == "text_menu") {
    // A floating toolbar above the focused field; taps elsewhere close it.
    Node& scrim = ui.node("dialog.scrim", "android.view.View", {0, 0, Ui::width_dp(), Ui::height_dp()});
    scrim.clickable = true;
    scrim.on_click = [](Phone& p) { p.mutable_os()["dialog"] = nullptr; };
    float y = 96;
    for (const Node& n : ui.nodes())
      if (n.id == d["data"].value("field", "")) y = Ui::to_dp(n.bounds.t) - 52;
    float w = 0;
    for (const json& b : d["buttons"]) w += ui.text_width(b["label"], Font::Body) + 32;
    float x = (Ui::width_dp() - w) / 2;
    ui.cover({x, y, x + w, y + 44});
    ui.fill({x - 1, y + 1, x + w + 1, y + 45}, 0x000000, 12, 0.15f);
    ui.fill({x, y, x + w, y + 44}, color::kSurfaceContainer, 12);
    for (const json& b : d["buttons"]) {
      const std::string label = b["label"], id = b["id"];
      const float bw = ui.text_width(label, Font::Body) + 32;
      ui.button("dialog.button." + id, {x, y, x + bw, y + 44}, label, false, [id](Phone& p) { p.answer_dialog(id); });
      x += bw;
    }
    return;
  }
  ui.cover({0, 0, Ui::width_dp(), Ui::height_dp()});  // the scrim: the page beneath is out of play
  ui.fill({0, 0, Ui::width_dp(), Ui::height_dp()}, 0x000000, 0, 0.32f);
  Node& scrim = ui.node("dialog.scrim", "android.view.View", {0, 0, Ui::width_dp(), Ui::height_dp()});
  scrim.clickable = true;  // modal: nothing beneath gets taps
  scrim.on_click = [](Phone&) {};
  const std::string title = d.value("title", ""), text = d.value("text", "");
  const json& buttons = d["buttons"];
  const bool vertical = kind == "chooser" || kind == "permission" || kind == "choice" ||  // choice: an app's list of options
                        d.value("data", json::object()).value("vertical", false);
  const float bh = 48;
  float h = 24 + 32 + (text.empty() ? 0 : 28) + 16 + (vertical ? bh * static_cast<float>(buttons.size()) : bh) + 16;
  if (title.size() > 30) h += 30;
  const float top = (Ui::height_dp() - h) / 2;
  Rect card{24, top, Ui::width_dp() - 24, top + h};
  ui.fill(card, color::kSurfaceContainer, 28);
  Node& panel = ui.node("dialog", "android.app.AlertDialog", card);
  panel.text = title;
  float y = top + 24;
  // Titles wrap at a word boundary onto a second line when long.
  std::string line1 = title, line2;
  if (title.size() > 30) {
    std::size_t cut = title.rfind(' ', 30);
    if (cut != std::string::npos) {
      line1 = title.substr(0, cut);
      line2 = title.substr(cut + 1);
    }
  }
  ui.text(card.l + 24, y, line1, Font::Title, color::kOnSurface);
  if (!line2.empty()) ui.text(card.l + 24, y += 30, line2, Font::Title, color::kOnSurface);
  ui.node("dialog.title", "android.widget.TextView", {card.l + 24, y - (line2.empty() ? 0 : 30), card.r - 24, y + 30}).text = title;
  y += 40;
  if (!text.empty()) {
    ui.text(card.l + 24, y, text, Font::Body, color::kOnSurfaceVariant);
    ui.node("dialog.text", "android.widget.TextView", {card.l + 24, y, card.r - 24, y + 20}).text = text;
    y += 28;
  }
  y += 8;
  if (vertical) {
    for (const json& b : buttons) {
      const std::string id = b["id"], label = b["label"];
      ui.button("dialog.button." + id, {card.l + 16, y, card.r - 16, y + bh - 8}, label, id == "allow",
                [id](Phone& p) { p.answer_dialog(id); });
      y += bh;
    }
  } else {
    float x = card.r - 16;
    for (auto it = buttons.rbegin(); it != buttons.rend(); ++it) {
      const std::string id = (*it)["id"], label = (*it)["label"];
      const float bw = ui.text_width(label, Font::Body) + 32;
      ui.button("dialog.button." + id, {x - bw, y, x, y + 40}, label, false, [id](Phone& p) { p.answer_dialog(id); });
      x -= bw + 8;
    }
  }
}

}  // namespace pg
