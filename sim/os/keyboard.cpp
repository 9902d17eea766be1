// The on-screen keyboard (Gboard-like): letters with shift, numbers and symbols, backspace,
// space and enter. Keys edit the focused field's string in the state (os.keyboard.target is a
// JSON pointer to it) at its cursor (os.keyboard.cursor, sim/os/text_edit.hpp); enter submits (hides the keyboard), as on a single-line Android field, or
// starts a new line in a multi-line one (os.keyboard.multiline).
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/os/text_edit.hpp"
#include "sim/ui/ui.hpp"

#include <string>
#include <vector>

namespace pg {

using json = nlohmann::json;

namespace {

constexpr float kKeyH = 48, kGap = 6, kPad = 8;
const std::vector<std::string> kLetters[3] = {{"q", "w", "e", "r", "t", "y", "u", "i", "o", "p"},
                                              {"a", "s", "d", "f", "g", "h", "j", "k", "l"},
                                              {"z", "x", "c", "v", "b", "n", "m"}};
const std::vector<std::string> kSymbols[3] = {{"1", "2", "3", "4", "5", "6", "7", "8", "9", "0"},
                                              {"@", "#", "$", "_", "&", "-", "+", "(", ")", "/"},
                                              {"*", "\"", "'", ":", ";", "!", "?"}};

/// Types `text` at the focused field's cursor.
void insert(Phone& p, const std::string& text) { insert_at_cursor(p, text); }

/// Deletes the character before the focused field's cursor.
void backspace(Phone& p) { delete_before_cursor(p); }

void key(Ui& ui, const std::string& id, const Rect& r, const std::string& label, bool special, Handler h,
         const std::string& icon = "") {
  ui.fill(r, special ? 0xC9CED6 : 0xFFFFFF, 6);
  if (!icon.empty())
    ui.icon((r.l + r.r) / 2, (r.t + r.b) / 2, icon, Font::Icon, color::kOnSurface);
  else
    ui.text_centered(r.l, r.r, r.t + (r.h() - ui.line_height(special ? Font::Body : Font::Title)) / 2 - 1, label,
                     special ? Font::Body : Font::Title, color::kOnSurface);
  Node& n = ui.node(id, "android.inputmethodservice.Keyboard$Key", r);
  n.text = label;
  n.desc = icon.empty() ? label : icon;
  n.clickable = true;
  n.on_click = std::move(h);
}

}  // namespace

float keyboard_height_dp(const Phone& phone) {
  return phone.os()["keyboard"]["focus"].is_null() ? 0.f : 4 * kKeyH + 5 * kGap + 2 * kPad;
}

void draw_keyboard(Ui& ui, Phone& phone) {
  const float h = keyboard_height_dp(phone);
  if (h == 0) return;
  const json& kb = phone.os()["keyboard"];
  const bool symbols = kb.value("layout", "letters") == "symbols";
  const bool shift = kb.value("shift", false);
  const float top = Ui::height_dp() - Ui::nav_bar_dp() - h;
  ui.cover({0, top, Ui::width_dp(), top + h});
  ui.fill({0, top, Ui::width_dp(), top + h}, kKeyboardBackground);
  Node& panel = ui.node("keyboard", "android.inputmethodservice.KeyboardView", {0, top, Ui::width_dp(), top + h});
  panel.clickable = true;  // taps between keys stay on the keyboard
  panel.on_click = [](Phone&) {};
  const float key_w = (Ui::width_dp() - 2 * kPad - 9 * kGap) / 10;
  const auto& rows = symbols ? kSymbols : kLetters;
  for (int r = 0; r < 3; ++r) {
    const float y = top + kPad + static_cast<float>(r) * (kKeyH + kGap);
    const float n = static_cast<float>(rows[r].size());
    float x = (Ui::width_dp() - (n * key_w + (n - 1) * kGap)) / 2;
    if (r == 2) {  // shift (letters) / nothing (symbols) on the left, backspace on the right
      const float side_w = (x - kPad - kGap);
      if (!symbols)
        key(ui, "keyboard.shift", {kPad, y, kPad + side_w, y + kKeyH}, shift ? "SHIFT" : "shift", true,
            [](Phone& p) {
              json& k = p.mutable_os()["keyboard"];
              k["shift"] = !k.value("shift", false);
            });
      key(ui, "keyboard.backspace", {Ui::width_dp() - kPad - side_w, y, Ui::width_dp() - kPad, y + kKeyH}, "delete", true,
          backspace, "keyboard_backspace");
    }
    for (const std::string& k : rows[r]) {
      const std::string label = (!symbols && shift) ? std::string(1, static_cast<char>(k[0] - 'a' + 'A')) : k;
      key(ui, "keyboard.key." + k, {x, y, x + key_w, y + kKeyH}, label, false, [label](Phone& p) {
        insert(p, label);
        p.mutable_os()["keyboard"]["shift"] = false;
      });
      x += key_w + kGap;
    }
  }
  const float y = top + kPad + 3 * (kKeyH + kGap);
  float x = kPad;
  const float wide = key_w * 1.5f + kGap / 2;
  key(ui, "keyboard.symbols", {x, y, x + wide, y + kKeyH}, symbols ? "ABC" : "?123", true, [](Phone& p) {
    json& k = p.mutable_os()["keyboard"];
    k["layout"] = k.value("layout", "letters") == "symbols" ? "letters" : "symbols";
  });
  x += wide + kGap;
  key(ui, "keyboard.key.comma", {x, y, x + key_w, y + kKeyH}, ",", false, [](Phone& p) { insert(p, ","); });
  x += key_w + kGap;
  const float space_w = Ui::width_dp() - kPad - x - (key_w + kGap) - (wide + kGap);
  key(ui, "keyboard.space", {x, y, x + space_w, y + kKeyH}, "space", false, [](Phone& p) { insert(p, " "); });
  x += space_w + kGap;
  key(ui, "keyboard.key.period", {x, y, x + key_w, y + kKeyH}, ".", false, [](Phone& p) { insert(p, "."); });
  x += key_w + kGap;
  key(ui, "keyboard.enter", {x, y, Ui::width_dp() - kPad, y + kKeyH}, "enter", true, [](Phone& p) { p.press_enter(); },
      "keyboard_return");
}

}  // namespace pg
