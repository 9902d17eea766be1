// AnswerSheet: the benchmark's answer form. A task's setup puts a question and typed fields in
// apps.answersheet.sheet; the user fills them (text, number, choice, date YYYY-MM-DD, time HH:MM)
// and taps Submit: each field is checked for its type, and valid answers are recorded, with the
// virtual time, in apps.answersheet.submitted, which judges read. See docs/apps/answersheet.md.
#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/os/system_ui.hpp"
#include "sim/ui/ui.hpp"
#include "sim/util/text.hpp"

#include <cctype>
#include <cstdlib>
#include <string>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "answersheet";


/// A JSON pointer token for a field id ("~" and "/" escaped).
std::string pointer_token(const std::string& id) {
  std::string out;
  for (char c : id) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

bool days_ok(int y, int m, int d) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (m < 1 || m > 12 || d < 1) return false;
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return d <= kDays[m - 1] + (m == 2 && leap ? 1 : 0);
}

std::string two(int v) { return (v < 10 ? "0" : "") + std::to_string(v); }

/// Checks one typed value against its field; on success `out` is the recorded answer.
/// Returns "" or the message shown under the field.
std::string check(const json& field, const std::string& raw, json& out) {
  const std::string type = field.value("type", "text");
  const std::string v = trim(raw);
  if (v.empty()) {
    if (!field.value("required", true)) {
      out = nullptr;  // optional and empty: not recorded
      return "";
    }
    if (type == "choice") return "Choose an option";
    if (type == "number") return "Enter a number";
    if (type == "date") return "Enter a date as YYYY-MM-DD";
    if (type == "time") return "Enter a time as HH:MM";
    return "Enter an answer";
  }
  if (type == "text") {
    out = v;
    return "";
  }
  if (type == "choice") {
    for (const json& o : field.value("options", json::array()))
      if (o.is_string() && o.get<std::string>() == v) {
        out = v;
        return "";
      }
    return "Choose an option";
  }
  if (type == "number") {
    // Optional sign, digits with optional thousands commas, optional fraction.
    std::string n;
    for (char c : v)
      if (c != ',' && c != ' ') n += c;
    std::size_t i = (n[0] == '-' || n[0] == '+') ? 1 : 0;
    std::size_t digits = 0, dots = 0;
    for (std::size_t k = i; k < n.size(); ++k) {
      if (std::isdigit(static_cast<unsigned char>(n[k]))) ++digits;
      else if (n[k] == '.') ++dots;
      else return "Enter a number";
    }
    if (digits == 0 || dots > 1) return "Enter a number";
    if (dots == 0 && digits <= 18) {
      out = std::strtoll(n.c_str(), nullptr, 10);
    } else {
      const double d = std::strtod(n.c_str(), nullptr);
      if (d == static_cast<double>(static_cast<long long>(d)) && std::abs(d) < 1e15)
        out = static_cast<long long>(d);  // "3.0" is 3
      else
        out = d;
    }
    return "";
  }
  if (type == "date") {
    int y = 0, m = 0, d = 0;
    char tail = 0;
    if (v.size() == 10 && v[4] == '-' && v[7] == '-' && std::sscanf(v.c_str(), "%4d-%2d-%2d%c", &y, &m, &d, &tail) == 3 &&
        std::isdigit(static_cast<unsigned char>(v[5])) && std::isdigit(static_cast<unsigned char>(v[8])) && days_ok(y, m, d)) {
      out = std::to_string(y) + "-" + two(m) + "-" + two(d);
      return "";
    }
    return "Enter a date as YYYY-MM-DD";
  }
  if (type == "time") {
    const bool shape = (v.size() == 5 && v[2] == ':') || (v.size() == 4 && v[1] == ':');
    const int minutes = shape ? parse_hhmm(v) : -1;
    if (minutes < 0) return "Enter a time as HH:MM";
    out = hhmm(minutes);
    return "";
  }
  return "Unknown field type \"" + type + "\"";
}

/// Draws wrapped text at the list cursor and advances past it; returns the text's height.
float paragraph(Ui& ui, float x, float width, const std::string& text, Font f, std::uint32_t rgb, float line_h) {
  const float y = ui.cursor_y();
  const float h = ui.text_wrapped(x, y, text, f, rgb, width, line_h);
  ui.advance(h);
  return h;
}

std::string value_text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

class AnswerSheetApp : public App {
 public:
  AnswerSheetApp() { add_page("sheet", sheet); }

  static void sheet(Ui& ui, Phone& phone) {
    const json& st = own_state(phone, kApp);
    const json sheet = st.value("sheet", json::object());
    const std::string question = sheet.value("question", "");
    const json fields = sheet.value("fields", json::array());
    ui.top_bar("answersheet.title", "AnswerSheet", false);
    const Rect area = Ui::content_area();
    // The form ends above the keyboard (adjustResize): a focused field can be scrolled into view.
    const float bottom = area.b - keyboard_height_dp(phone);
    ui.begin_scroll("answersheet.list", {0, ui.cursor_y(), Ui::width_dp(), bottom}, phone.page_pointer() + "/scroll");
    if (question.empty() && fields.empty()) {
      ui.icon(Ui::width_dp() / 2, ui.cursor_y() + 160, "quiz", Font::IconLarge, color::kOnSurfaceVariant);
      ui.text_centered(0, Ui::width_dp(), ui.cursor_y() + 190, "No questions", Font::BodyLarge, color::kOnSurfaceVariant);
      ui.label("answersheet.empty", {60, ui.cursor_y() + 186, Ui::width_dp() - 60, ui.cursor_y() + 214}, "No questions");
      ui.advance(240);
      ui.end_scroll();
      return;
    }
    // The question card.
    const float qy = ui.cursor_y() + 8;
    const float qh = 24 * static_cast<float>(ui.wrap(question, Font::BodyLarge, Ui::width_dp() - 64).size());
    ui.fill({16, qy, Ui::width_dp() - 16, qy + qh + 32}, color::kPrimaryContainer, 16);
    ui.set_cursor(qy + 16);
    paragraph(ui, 32, Ui::width_dp() - 64, question, Font::BodyLarge, color::kOnPrimaryContainer, 24);
    ui.label("answersheet.question", {16, qy, Ui::width_dp() - 16, qy + qh + 32}, question);
    ui.set_cursor(qy + qh + 32 + 16);

    const json submitted = st.value("submitted", json());
    if (st.value("status", "editing") == "submitted" && submitted.is_object()) {
      confirmation(ui, phone, fields, submitted);
      ui.end_scroll();
      return;
    }
    const json values = st.value("values", json::object());
    const json errors = st.value("errors", json::object());
    for (const json& field : fields) {
      const std::string id = field.value("id", ""), type = field.value("type", "text");
      const std::string label = field.value("label", id);
      const std::string base = "answersheet.field." + id;
      const std::string value = values.contains(id) && values[id].is_string() ? values[id].get<std::string>() : "";
      const std::string error = errors.contains(id) && errors[id].is_string() ? errors[id].get<std::string>() : "";
      const float ly = ui.cursor_y();
      paragraph(ui, 16, Ui::width_dp() - 32, label + (field.value("required", true) ? "" : " (optional)"), Font::BodyLarge,
                color::kOnSurface, 22);
      ui.label(base + ".label", {16, ly, Ui::width_dp() - 16, ui.cursor_y()}, label);
      ui.advance(8);
      if (type == "choice") {
        int i = 0;
        for (const json& o : field.value("options", json::array())) {
          const std::string opt = o.is_string() ? o.get<std::string>() : o.dump();
          const bool on = opt == value;
          const float y = ui.cursor_y();
          const std::size_t lines = ui.wrap(opt, Font::BodyLarge, Ui::width_dp() - 72 - 16).size();
          const float h = std::max(48.f, 28 + 22 * static_cast<float>(lines));
          ui.radio(base + ".option." + opt, {16, y, Ui::width_dp() - 16, y + h}, opt, on, [id, opt](Phone& p) {
            json& s = own_state(p, kApp);
            s["values"][id] = opt;
            if (s["errors"].is_object()) s["errors"].erase(id);
          });
          ui.advance(h);
          ++i;
        }
      } else {
        std::string hint = field.value("hint", "");
        if (hint.empty())
          hint = type == "number" ? "e.g. 42" : type == "date" ? "e.g. 2026-01-31" : type == "time" ? "e.g. 14:30" : "Type your answer";
        const std::string kind = type == "number" ? "Number"
                                 : type == "date" ? "Date (YYYY-MM-DD)"
                                 : type == "time" ? "Time (24-hour, HH:MM)"
                                                  : "Answer";
        const float y = ui.cursor_y();
        const std::string path = "/apps/answersheet/values/" + pointer_token(id);
        ui.text_field(base, {16, y, Ui::width_dp() - 16, y + 56}, kind, path, hint);
        // Focusing scrolls the field above the keyboard; numbers, dates and times open the
        // keyboard on its ?123 page.
        Node& n = ui.nodes().back();
        const bool symbols = type != "text";
        n.on_click = [base, path, symbols, y](Phone& p) {
          p.focus(base, path, symbols ? "symbols" : "letters");
          const float visible_bottom = Ui::content_area().b - keyboard_height_dp(p) - 8;
          json& entry = p.page_state();
          const int scroll = entry.value("scroll", 0);
          const int need = static_cast<int>((y + 56 - visible_bottom) * 3);
          if (need > scroll) entry["scroll"] = need;
        };
        ui.advance(56);
      }
      if (!error.empty()) {
        const float y = ui.cursor_y() + 4;
        ui.icon(26, y + 9, "error_outline", Font::IconSmall, color::kError);
        ui.text(40, y, error, Font::Body, color::kError);
        ui.label(base + ".error", {16, y, Ui::width_dp() - 16, y + 20}, error);
        ui.advance(24);
      }
      ui.advance(20);
    }
    const float by = ui.cursor_y() + 4;
    ui.button("answersheet.submit", {Ui::width_dp() - 16 - 112, by, Ui::width_dp() - 16, by + 48}, "Submit", true, submit);
    ui.advance(72);
    ui.end_scroll();
  }

 private:
  static void confirmation(Ui& ui, Phone& phone, const json& fields, const json& submitted) {
    (void)phone;
    const float y = ui.cursor_y();
    ui.circle(Ui::width_dp() / 2, y + 36, 28, 0xE6F4EA);
    ui.icon(Ui::width_dp() / 2, y + 36, "check_circle", Font::IconLarge, 0x188038);
    ui.text_centered(0, Ui::width_dp(), y + 76, "Submitted", Font::Title, color::kOnSurface);
    ui.label("answersheet.submitted", {100, y + 72, Ui::width_dp() - 100, y + 104}, "Submitted");
    ui.set_cursor(y + 120);
    const json answers = submitted.value("answers", json::object());
    for (const json& field : fields) {
      const std::string id = field.value("id", "");
      const std::string label = field.value("label", id);
      const std::string v = answers.contains(id) ? value_text(answers[id]) : "Not answered";
      const float ry = ui.cursor_y();
      paragraph(ui, 16, Ui::width_dp() - 32, label, Font::Body, color::kOnSurfaceVariant, 20);
      paragraph(ui, 16, Ui::width_dp() - 32, v, Font::BodyLarge, color::kOnSurface, 22);
      Node& n = ui.label("answersheet.answer." + id, {16, ry, Ui::width_dp() - 16, ui.cursor_y()}, "");
      n.text = v;
      n.desc = label;
      ui.advance(12);
    }
    const float by = ui.cursor_y() + 8;
    ui.button("answersheet.edit", {Ui::width_dp() - 16 - 152, by, Ui::width_dp() - 16, by + 48}, "Change answers", false,
              [](Phone& p) {
                own_state(p, kApp)["status"] = "editing";
                p.set_scroll(0);
              });
    ui.advance(72);
  }

  static void submit(Phone& p) {
    p.clear_focus();
    json& s = own_state(p, kApp);
    const json sheet = s.value("sheet", json::object());
    const json fields = sheet.is_object() ? sheet.value("fields", json::array()) : json::array();
    if (fields.empty()) return;
    json answers = json::object(), errors = json::object();
    const json values = s.value("values", json::object());
    for (const json& f : fields) {
      const std::string id = f.value("id", "");
      const std::string raw = values.contains(id) && values[id].is_string() ? values[id].get<std::string>() : "";
      json out;
      const std::string err = check(f, raw, out);
      if (!err.empty()) errors[id] = err;
      else if (!out.is_null()) answers[id] = out;
    }
    s["errors"] = errors;
    if (!errors.empty()) return;
    s["submitted"] = {{"answers", answers}, {"time_ms", p.now_ms()}};
    s["status"] = "submitted";
    p.set_scroll(0);  // the confirmation, from the top
    p.toast("Answers submitted");
  }
};

}  // namespace
PG_REGISTER_APP("answersheet", AnswerSheetApp);
}  // namespace pg
