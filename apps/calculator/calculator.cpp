// Calculator (Google Calculator): the keypad (digits, ., + - × ÷, %, the smart "( )" key,
// backspace, AC, =), the expression and a live result. Evaluation is a small recursive-descent
// parser with Android's percent rules ("50+10%" = 55, "200×5%" = 10). The state holds only the
// expression text (strings); results are recomputed from it and formatted like Android's display.
#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"
#include "sim/ui/ui.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace pg {
namespace {

using json = nlohmann::json;

constexpr const char* kApp = "calculator";

const std::string kTimes = "\xC3\x97", kDivide = "\xC3\xB7";  // × ÷ (UTF-8)

/// The expression as symbols: one string per character (× and ÷ are two bytes each).
std::vector<std::string> symbols(const std::string& s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = 1;
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0xF0) n = 4;
    else if (c >= 0xE0) n = 3;
    else if (c >= 0xC0) n = 2;
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}
std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x;
  return s;
}
bool is_digit(const std::string& s) { return s.size() == 1 && s[0] >= '0' && s[0] <= '9'; }
bool is_op(const std::string& s) { return s == "+" || s == "-" || s == kTimes || s == kDivide; }

// ---------------------------------------------------------------- evaluation

struct Result {
  bool ok = false;
  double value = 0;
  std::string error;  ///< "Can't divide by 0", "Bad expression", "Value too large"
};

/// Recursive descent over the symbols. Grammar:
///   expr := term (("+" | "-") term)*      a ± b% means a ± a·b/100 (b% a whole term)
///   term := unary (("×" | "÷") unary)*
///   unary := "-" unary | postfix
///   postfix := primary "%"*                 n% = n/100
///   primary := number | "(" expr ")"
class Parser {
 public:
  explicit Parser(std::vector<std::string> s) : s_(std::move(s)) {}
  Result run() {
    Result r;
    bool pct = false;
    double v = 0;
    if (!expr(v, pct) || pos_ != s_.size()) {
      r.error = error_.empty() ? "Bad expression" : error_;
      return r;
    }
    if (!std::isfinite(v)) {
      r.error = "Value too large";
      return r;
    }
    r.ok = true;
    r.value = v;
    return r;
  }

 private:
  std::vector<std::string> s_;
  std::size_t pos_ = 0;
  std::string error_;
  int depth_ = 0;

  const std::string& peek() const {
    static const std::string kEnd;
    return pos_ < s_.size() ? s_[pos_] : kEnd;
  }
  bool expr(double& v, bool& pct) {
    if (++depth_ > 200) return false;
    if (!term(v, pct)) return false;
    while (peek() == "+" || peek() == "-") {
      const bool plus = s_[pos_++] == "+";
      double r = 0;
      bool rpct = false;
      if (!term(r, rpct)) return false;
      const double delta = rpct ? v * r : r;  // Android: 50+10% = 50 + 50·10%
      v = plus ? v + delta : v - delta;
      pct = false;
    }
    --depth_;
    return true;
  }
  bool term(double& v, bool& pct) {
    if (!unary(v, pct)) return false;
    while (peek() == kTimes || peek() == kDivide) {
      const bool times = s_[pos_++] == kTimes;
      double r = 0;
      bool rpct = false;
      if (!unary(r, rpct)) return false;
      if (!times && r == 0) {
        error_ = "Can't divide by 0";
        return false;
      }
      v = times ? v * r : v / r;
      pct = false;
    }
    return true;
  }
  bool unary(double& v, bool& pct) {
    if (peek() == "-") {
      ++pos_;
      if (++depth_ > 200 || !unary(v, pct)) return false;
      --depth_;
      v = -v;
      return true;
    }
    if (!primary(v)) return false;
    pct = false;
    while (peek() == "%") {
      ++pos_;
      v /= 100;
      pct = true;
    }
    return true;
  }
  bool primary(double& v) {
    if (peek() == "(") {
      ++pos_;
      bool pct = false;
      if (!expr(v, pct)) return false;
      if (peek() != ")") return false;
      ++pos_;
      return true;
    }
    std::string num;
    bool dot = false;
    while (is_digit(peek()) || (peek() == "." && !dot)) {
      dot = dot || peek() == ".";
      num += s_[pos_++];
    }
    if (num.empty() || num == ".") return false;
    if (peek() == "E") {  // a previous result in scientific notation, e.g. 1.5E12
      num += "e";
      ++pos_;
      if (peek() == "-") num += s_[pos_++];
      if (!is_digit(peek())) return false;
      while (is_digit(peek())) num += s_[pos_++];
    }
    v = std::strtod(num.c_str(), nullptr);
    return true;
  }
};

/// Evaluates an expression as Android does on "=": trailing operators and "(" are ignored and
/// open parentheses are closed.
Result evaluate(const std::string& expr) {
  std::vector<std::string> s = symbols(expr);
  while (!s.empty() && (is_op(s.back()) || s.back() == "(")) s.pop_back();
  if (s.empty()) return {};
  int open = 0;
  for (const std::string& x : s) open += x == "(" ? 1 : x == ")" ? -1 : 0;
  for (; open > 0; --open) s.push_back(")");
  return Parser(std::move(s)).run();
}

/// Android-style result text: no trailing ".0", up to 10 significant digits, scientific
/// notation ("1.2345E12") outside [1e-6, 1e10).
std::string format_number(double v) {
  if (v == 0 || !std::isfinite(v)) return "0";
  char buf[64];
  const double a = std::fabs(v);
  if (a >= 1e10 || a < 1e-6) {
    std::snprintf(buf, sizeof buf, "%.9e", v);
    std::string s = buf;
    const std::size_t e = s.find('e');
    std::string mant = s.substr(0, e), ex = s.substr(e + 1);
    if (mant.find('.') != std::string::npos) {
      while (mant.back() == '0') mant.pop_back();
      if (mant.back() == '.') mant.pop_back();
    }
    const bool neg = ex[0] == '-';
    ex = ex.substr(1);
    while (ex.size() > 1 && ex[0] == '0') ex.erase(0, 1);
    return mant + "E" + (neg ? "-" : "") + ex;
  }
  const int mag = static_cast<int>(std::floor(std::log10(a)));
  const int decimals = std::max(0, 9 - mag);
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

/// Whether the expression has an operation to preview (not just a number).
bool has_operation(const std::string& expr) {
  std::vector<std::string> s = symbols(expr);
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((is_op(s[i]) && i > 0 && s[i - 1] != "E") || s[i] == "%" || s[i] == "(") return true;
  return false;
}

// ---------------------------------------------------------------- input

/// The digits (and ".") of the number the expression ends with.
std::string last_number(const std::vector<std::string>& s) {
  std::string n;
  for (std::size_t i = s.size(); i-- > 0 && (is_digit(s[i]) || s[i] == ".");) n = s[i] + n;
  return n;
}

/// Applies one key ("0".."9", ".", "+", "-", "×", "÷", "%", "()", "del", "ac", "=").
void press_key(Phone& p, const std::string& key) {
  json& c = own_state(p, kApp);
  std::string expr = c.value("expr", "");
  const std::string mode = c.value("mode", "edit");
  if (key == "ac" || (key == "del" && mode == "result")) {
    c["expr"] = "";
    c["history"] = "";
    c["mode"] = "edit";
    return;
  }
  if (key == "=") {
    const Result r = evaluate(expr);
    if (!r.ok) {
      if (!r.error.empty()) c["mode"] = "error";
      return;
    }
    const std::string out = format_number(r.value);
    if (out == expr) return;
    c["history"] = expr;
    c["expr"] = out;
    c["mode"] = "result";
    return;
  }
  const bool digit = is_digit(key);
  if (mode == "result" && (digit || key == ".")) expr = "";  // a new number starts a new calculation
  std::vector<std::string> s = symbols(expr);
  const std::string last = s.empty() ? "" : s.back();
  const bool closes = last == ")" || last == "%";
  if (key == "del") {
    if (!s.empty()) s.pop_back();
  } else if (digit) {
    if (closes) s.push_back(kTimes);
    if (last_number(s) == "0") s.pop_back();  // "0" then "5" is "5", not "05"
    s.push_back(key);
  } else if (key == ".") {
    const std::string n = last_number(s);
    if (n.find('.') != std::string::npos) return;
    if (closes) s.push_back(kTimes);
    if (n.empty()) s.push_back("0");
    s.push_back(".");
  } else if (key == "-") {
    if (last == "+" || last == "-") s.pop_back();
    s.push_back("-");
  } else if (key == "+" || key == kTimes || key == kDivide) {
    if (s.empty() || last == "(") return;
    if (is_op(last)) {
      s.pop_back();
      // "×-" then "+": drop the unary minus and the operator before it
      if (!s.empty() && is_op(s.back())) s.pop_back();
      if (s.empty() || s.back() == "(") return;
    }
    s.push_back(key);
  } else if (key == "%") {
    if (!(is_digit(last) || last == ")" || last == "." || last == "%")) return;
    s.push_back("%");
  } else if (key == "()") {
    int open = 0;
    for (const std::string& x : s) open += x == "(" ? 1 : x == ")" ? -1 : 0;
    const bool after_value = is_digit(last) || last == "." || closes;
    if (after_value && open > 0) {
      s.push_back(")");
    } else {
      if (after_value) s.push_back(kTimes);
      s.push_back("(");
    }
  } else {
    return;
  }
  c["expr"] = join(s);
  c["history"] = "";
  c["mode"] = "edit";
}

// ---------------------------------------------------------------- drawing

/// `text` right-aligned ending at x = r, in the largest of `fonts` it fits; else its tail with "…".
std::string fit_right(Ui& ui, float l, float r, float y, const std::string& text, Font f, Font small,
                      std::uint32_t rgb) {
  Font use = ui.text_width(text, f) <= r - l ? f : small;
  std::string shown = text;
  if (ui.text_width(shown, use) > r - l) {
    std::vector<std::string> s = symbols(text);
    const std::string ell = "\xE2\x80\xA6";
    while (s.size() > 1 && ui.text_width(ell + join(s), use) > r - l) s.erase(s.begin());
    shown = ell + join(s);
  }
  ui.text(r - ui.text_width(shown, use), y, shown, use, rgb);
  return shown;
}

struct Key {
  const char* id;     ///< widget id suffix
  const char* label;  ///< text on the key ("" when it shows an icon)
  const char* icon;
  const char* input;  ///< what press_key gets
  int style;          ///< 0 digit, 1 operator, 2 AC, 3 equals
};

class CalculatorApp : public App {
 public:
  CalculatorApp() { add_page("main", main_page); }

  static void main_page(Ui& ui, Phone& phone) {
    const json& c = own_state(phone, kApp);
    const std::string expr = c.value("expr", ""), history = c.value("history", ""), mode = c.value("mode", "edit");
    const Rect area = Ui::content_area();
    const float l = 24, r = Ui::width_dp() - 24;
    // Display: history (after "="), the expression, the live result or the error.
    if (!history.empty()) {
      const std::string shown = fit_right(ui, l, r, area.t + 120, history, Font::Title, Font::Title, color::kOnSurfaceVariant);
      Node& h = ui.label("calculator.history", {l, area.t + 116, r, area.t + 148}, "");
      h.text = history;
      h.desc = shown;
    }
    fit_right(ui, l, r, area.t + 168, expr, Font::Headline, Font::Title, color::kOnSurface);
    ui.item("calculator.formula", "android.widget.EditText", {l, area.t + 160, r, area.t + 208}, expr, {});
    std::string result;
    std::uint32_t rc = color::kOnSurfaceVariant;
    if (mode == "error") {
      result = evaluate(expr).error;
      rc = color::kError;
    } else if (mode == "edit" && has_operation(expr)) {
      const Result rr = evaluate(expr);
      if (rr.ok && format_number(rr.value) != expr) result = format_number(rr.value);
    }
    if (!result.empty()) fit_right(ui, l, r, area.t + 224, result, Font::Title, Font::Body, rc);
    ui.label("calculator.result", {l, area.t + 216, r, area.t + 256}, result);

    // Keypad (Google Calculator's layout).
    static const Key keys[5][4] = {
        {{"clear", "AC", "", "ac", 2}, {"parens", "( )", "", "()", 1}, {"percent", "%", "", "%", 1},
         {"divide", "\xC3\xB7", "", "\xC3\xB7", 1}},
        {{"7", "7", "", "7", 0}, {"8", "8", "", "8", 0}, {"9", "9", "", "9", 0}, {"times", "\xC3\x97", "", "\xC3\x97", 1}},
        {{"4", "4", "", "4", 0}, {"5", "5", "", "5", 0}, {"6", "6", "", "6", 0}, {"minus", "", "remove", "-", 1}},
        {{"1", "1", "", "1", 0}, {"2", "2", "", "2", 0}, {"3", "3", "", "3", 0}, {"plus", "", "add", "+", 1}},
        {{"0", "0", "", "0", 0}, {"point", ".", "", ".", 0}, {"del", "", "backspace", "del", 0}, {"equals", "=", "", "=", 3}}};
    static const char* kDesc[][2] = {{"clear", "All clear"},   {"parens", "Parentheses"}, {"percent", "Percent"},
                                     {"divide", "Divide"},     {"times", "Multiply"},     {"minus", "Minus"},
                                     {"plus", "Plus"},         {"point", "Point"},        {"del", "Backspace"},
                                     {"equals", "Equals"}};
    const float gap = 10, kw = (Ui::width_dp() - 32 - 3 * gap) / 4, kh = 68;
    const float top = area.b - 16 - 5 * kh - 4 * gap;
    ui.fill({0, top - 16, Ui::width_dp(), area.b}, 0xF8F9FC);
    for (int row = 0; row < 5; ++row)
      for (int col = 0; col < 4; ++col) {
        const Key& k = keys[row][col];
        const float x = 16 + static_cast<float>(col) * (kw + gap), y = top + static_cast<float>(row) * (kh + gap);
        const Rect kr{x, y, x + kw, y + kh};
        static const std::uint32_t bg[] = {0xE9ECF2, 0xD3E3FD, 0xF9DEDC, 0x0B57D0};
        static const std::uint32_t fg[] = {0x1F1F1F, 0x041E49, 0x410E0B, 0xFFFFFF};
        ui.fill(kr, bg[k.style], kh / 2);
        if (*k.icon) {
          ui.icon(x + kw / 2, y + kh / 2, k.icon, Font::IconLarge, fg[k.style]);
        } else {
          const Font kf = k.style == 2 || std::string(k.label) == "( )" ? Font::Title : Font::Headline;
          ui.text_centered(x, x + kw, y + (kh - ui.line_height(kf)) / 2 - 2, k.label, kf, fg[k.style]);
        }
        Node& n =
            ui.item(std::string("calculator.key.") + k.id, "android.widget.Button", kr, *k.icon ? "" : k.label, {});
        for (const auto& d : kDesc)
          if (std::string(d[0]) == k.id) n.desc = d[1];
        n.clickable = true;
        const std::string input = k.input;
        n.on_click = [input](Phone& p) { press_key(p, input); };
      }
  }
};

}  // namespace
PG_REGISTER_APP("calculator", CalculatorApp);
}  // namespace pg
