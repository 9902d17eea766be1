// The Markdown app's preview renderer and text edits (see markdown_text.hpp).
#include "apps/markdown/markdown_text.hpp"

#include "sim/os/phone.hpp"

#include <algorithm>
#include <cctype>

namespace pg::md {
namespace {

constexpr std::uint32_t kInk = 0x303034, kStrong = 0x000000, kEm = 0x5E4F7A, kLinkInk = 0x1A73E8;
constexpr std::uint32_t kCodeBg = 0xECEFF1, kCodeInk = 0x37474F, kBrand = 0x455A64, kRule = 0xDAD5DE;

enum Style { kPlain, kBold, kItalic, kCode, kLinkStyle };

struct Seg {
  std::string text;
  Style style = kPlain;
  std::string url;
};

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (c == '\n') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

/// Inline markdown into styled segments: **bold**, *italic* / _italic_, `code`, [text](url).
std::vector<Seg> parse_inline(const std::string& s) {
  std::vector<Seg> out;
  std::string plain_run;
  auto flush = [&] {
    if (!plain_run.empty()) out.push_back({plain_run, kPlain, ""});
    plain_run.clear();
  };
  std::size_t i = 0;
  while (i < s.size()) {
    if (s.compare(i, 2, "**") == 0) {
      const auto e = s.find("**", i + 2);
      if (e != std::string::npos && e > i + 2) {
        flush();
        out.push_back({s.substr(i + 2, e - i - 2), kBold, ""});
        i = e + 2;
        continue;
      }
    }
    if ((s[i] == '*' || s[i] == '_') && (i == 0 || !word_char(s[i - 1])) && i + 1 < s.size() && s[i + 1] != ' ') {
      const auto e = s.find(s[i], i + 1);
      if (e != std::string::npos && e > i + 1 && (e + 1 >= s.size() || !word_char(s[e + 1]))) {
        flush();
        out.push_back({s.substr(i + 1, e - i - 1), kItalic, ""});
        i = e + 1;
        continue;
      }
    }
    if (s[i] == '`') {
      const auto e = s.find('`', i + 1);
      if (e != std::string::npos && e > i + 1) {
        flush();
        out.push_back({s.substr(i + 1, e - i - 1), kCode, ""});
        i = e + 1;
        continue;
      }
    }
    if (s[i] == '[') {
      const auto m = s.find("](", i + 1);
      const auto e = m == std::string::npos ? m : s.find(')', m + 2);
      if (m != std::string::npos && e != std::string::npos && m > i + 1) {
        flush();
        out.push_back({s.substr(i + 1, m - i - 1), kLinkStyle, s.substr(m + 2, e - m - 2)});
        i = e + 1;
        continue;
      }
    }
    plain_run += s[i++];
  }
  flush();
  return out;
}

/// Lays out styled segments word by word from (left, y) to `right`, `lh` dp per line; draws them
/// and records link nodes. Returns the y below the last line.
float flow(Ui& ui, const std::vector<Seg>& segs, Font f, float left, float right, float y, float lh,
           std::uint32_t ink, int& link_no) {
  float x = left;
  struct Run {
    std::string text;
    Style style;
    float x;
    std::string url;
  } run{"", kPlain, left, ""};
  auto draw_run = [&](const Run& r, float yy) {
    if (r.text.empty()) return;
    std::string t = r.text;
    while (!t.empty() && t.back() == ' ') t.pop_back();
    if (t.empty()) return;
    const float w = ui.text_width(t, f);
    if (r.style == kCode) ui.fill({r.x - 2, yy - 1, r.x + w + 2, yy + ui.line_height(f) + 1}, kCodeBg, 4);
    const std::uint32_t c = r.style == kBold ? kStrong : r.style == kItalic ? kEm : r.style == kCode ? kCodeInk
                            : r.style == kLinkStyle ? kLinkInk : ink;
    ui.text(r.x, yy, t, f, c);
    if (r.style == kLinkStyle) {
      ui.line(r.x, yy + ui.line_height(f), r.x + w, yy + ui.line_height(f), kLinkInk, 1);
      const std::string url = r.url;
      Node& n = ui.item("markdown.preview.link." + std::to_string(link_no++), "android.widget.TextView",
                        {0, yy + lh / 2 - 24, Ui::width_dp(), yy + lh / 2 + 24}, t, [url](Phone& p) {
                          p.start_intent({{"action", "android.intent.action.VIEW"}, {"data", url}});
                        });
      n.desc = url;
    }
  };
  for (const Seg& s : segs) {
    // Tokens: a word with the spaces after it.
    std::size_t i = 0;
    while (i < s.text.size()) {
      std::size_t j = i;
      while (j < s.text.size() && s.text[j] != ' ') ++j;
      while (j < s.text.size() && s.text[j] == ' ') ++j;
      std::string tok = s.text.substr(i, j - i);
      i = j;
      std::string word = tok;
      while (!word.empty() && word.back() == ' ') word.pop_back();
      float w = ui.text_width(word, f);
      if (x + w > right && x > left) {
        draw_run(run, y);
        y += lh;
        x = left;
        run = {"", s.style, x, s.url};
      }
      if (w > right - left) {  // a word longer than the line: cut it
        word = ui.ellipsize(word, f, right - left);
        tok = word + " ";
        w = ui.text_width(word, f);
      }
      if (run.style != s.style || run.url != s.url) {
        draw_run(run, y);
        run = {"", s.style, x, s.url};
      }
      run.text += tok;
      x += ui.text_width(tok, f);
    }
  }
  draw_run(run, y);
  return y + lh;
}

/// Counts leading spaces (tabs count 4).
int indent_of(const std::string& l) {
  int n = 0;
  for (char c : l) {
    if (c == ' ') ++n;
    else if (c == '\t') n += 4;
    else break;
  }
  return n;
}

std::string strip_left(const std::string& l) {
  std::size_t i = 0;
  while (i < l.size() && (l[i] == ' ' || l[i] == '\t')) ++i;
  return l.substr(i);
}

/// The item text of a checkbox line ("- [ ] Milk" -> "Milk").
std::string checkbox_text(const std::string& line) {
  const std::string s = strip_left(line);
  return s.size() > 6 ? s.substr(6) : "";
}

/// "12. item" -> 12 and the item's start; 0 when not an ordered item.
int ordered_number(const std::string& s, std::size_t& start) {
  std::size_t i = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  if (i == 0 || i > 3 || i + 1 >= s.size() || s[i] != '.' || s[i + 1] != ' ') return 0;
  start = i + 2;
  return std::atoi(s.substr(0, i).c_str());
}

}  // namespace


bool line_starts_heading(const std::string& line) {
  std::size_t i = 0;
  while (i < line.size() && line[i] == '#') ++i;
  return i >= 1 && i <= 6 && i < line.size() && line[i] == ' ';
}

int checkbox_state(const std::string& line) {
  const std::string s = strip_left(line);
  if (s.size() < 5 || (s[0] != '-' && s[0] != '*' && s[0] != '+') || s[1] != ' ' || s[2] != '[' || s[4] != ']') return 0;
  if (s.size() > 5 && s[5] != ' ') return 0;
  if (s[3] == ' ') return 1;
  if (s[3] == 'x' || s[3] == 'X') return 2;
  return 0;
}

std::string toggle_checkbox(const std::string& text, int line) {
  std::vector<std::string> lines = split_lines(text);
  if (line < 0 || line >= static_cast<int>(lines.size())) return text;
  std::string& l = lines[static_cast<std::size_t>(line)];
  const int state = checkbox_state(l);
  if (state == 0) return text;
  const std::size_t at = l.find('[') + 1;
  l[at] = state == 1 ? 'x' : ' ';
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + lines[i];
  return out;
}

std::string plain(const std::string& line) {
  std::string out;
  for (const Seg& s : parse_inline(line)) out += s.text;
  return out;
}

void render(Ui& ui, const std::string& text, bool markdown, float y, std::function<void(Phone&, int)> on_toggle) {
  const std::vector<std::string> lines = split_lines(text);
  int block = 0, link_no = 0;
  const float left = 16, right = Ui::width_dp() - 16;
  auto block_node = [&](float top, float bottom, const std::string& t) {
    ui.label("markdown.preview.block." + std::to_string(block++), {0, top, Ui::width_dp(), bottom}, t);
  };
  if (text.empty()) {
    ui.text(left, y, "This note is empty", Font::BodyLarge, 0x79747E);
    block_node(y, y + 24, "This note is empty");
    ui.set_cursor(y + 32);
    return;
  }
  if (!markdown) {
    for (const std::string& l : lines) {
      if (l.empty()) {
        y += 12;
        continue;
      }
      const float h = ui.text_wrapped(left, y, l, Font::BodyLarge, kInk, right - left, 24);
      block_node(y, y + h, l);
      y += h;
    }
    ui.set_cursor(y);
    return;
  }
  bool in_code = false;
  for (std::size_t li = 0; li < lines.size(); ++li) {
    const std::string& raw = lines[li];
    const std::string s = strip_left(raw);
    const float indent = static_cast<float>(std::min(indent_of(raw) / 2, 4)) * 16;
    if (s.rfind("```", 0) == 0) {
      in_code = !in_code;
      y += 4;
      continue;
    }
    if (in_code) {
      ui.fill({left, y - 2, right, y + 22}, kCodeBg);
      ui.text(left + 8, y, ui.ellipsize(raw, Font::Body, right - left - 16), Font::Body, kCodeInk);
      block_node(y - 2, y + 22, raw);
      y += 22;
      continue;
    }
    if (s.empty()) {
      y += 10;
      continue;
    }
    if (s == "---" || s == "***" || s == "___") {
      ui.fill({left, y + 8, right, y + 9}, kRule);
      y += 18;
      continue;
    }
    if (line_starts_heading(s)) {
      std::size_t level = 0;
      while (s[level] == '#') ++level;
      const std::string t = s.substr(level + 1);
      const Font f = level == 1 ? Font::Headline : level == 2 ? Font::Title : Font::BodyLarge;
      const float lh = level == 1 ? 36 : level == 2 ? 30 : 24;
      const float top = y + (level <= 2 ? 6 : 4);
      const float bottom = flow(ui, parse_inline(t), f, left, right, top, lh, level <= 2 ? 0x1C1B1F : kBrand, link_no);
      block_node(top, bottom, plain(t));
      y = bottom + (level == 1 ? 2 : 0);
      if (level == 1) {
        ui.fill({left, y, right, y + 1}, kRule);
        y += 8;
      }
      continue;
    }
    if (const int cb = checkbox_state(s)) {
      const std::string item = checkbox_text(s);
      const float top = y;
      const float x = left + indent;
      ui.icon(x + 12, top + 24, cb == 2 ? "check_box" : "check_box_outline_blank", Font::Icon, cb == 2 ? kBrand : 0x49454F);
      const std::vector<std::string> wl = ui.wrap(plain(item), Font::BodyLarge, right - x - 40, 2);
      float ty = top + (wl.size() > 1 ? 2 : 13);
      for (const std::string& w : wl) {
        const float tw = ui.text(x + 36, ty, w, Font::BodyLarge, cb == 2 ? 0x79747E : kInk);
        if (cb == 2) ui.line(x + 36, ty + 11, x + 36 + tw, ty + 11, 0x79747E, 1);
        ty += 22;
      }
      const float h = std::max(48.f, ty - top + 4);
      const int line_no = static_cast<int>(li);
      Node& n = ui.item("markdown.preview.check." + plain(item), "android.widget.CheckBox", {0, top, Ui::width_dp(), top + h},
                        plain(item), [on_toggle, line_no](Phone& p) { on_toggle(p, line_no); });
      n.checkable = true;
      n.checked = cb == 2;
      y = top + h;
      continue;
    }
    std::size_t start = 0;
    const int number = ordered_number(s, start);
    const bool bullet = s.size() > 2 && (s[0] == '-' || s[0] == '*' || s[0] == '+') && s[1] == ' ';
    if (number > 0 || bullet) {
      const float x = left + indent;
      const std::string t = bullet ? s.substr(2) : s.substr(start);
      const std::string mark = bullet ? (indent > 0 ? "\xE2\x97\xA6" : "\xE2\x80\xA2") : std::to_string(number) + ".";
      // "◦" is outside the text font's ranges: nested bullets use a small ring drawn instead.
      if (bullet && indent > 0) {
        ui.circle(x + 8, y + 10, 3, kInk);
        ui.circle(x + 8, y + 10, 2, 0xFFFBFE);
      } else if (bullet) {
        ui.circle(x + 8, y + 10, 3, kInk);
      } else {
        ui.text(x, y, mark, Font::BodyLarge, kInk);
      }
      const float bottom = flow(ui, parse_inline(t), Font::BodyLarge, x + (bullet ? 24 : 28), right, y, 24, kInk, link_no);
      block_node(y, bottom, (bullet ? "" : mark + " ") + plain(t));
      y = bottom + 4;
      continue;
    }
    if (s[0] == '>') {
      const std::string t = strip_left(s.substr(1));
      const float bottom = flow(ui, parse_inline(t), Font::BodyLarge, left + 16, right, y + 4, 24, 0x625B71, link_no);
      ui.fill({left, y, left + 4, bottom + 4}, kRule, 2);
      block_node(y, bottom + 4, plain(t));
      y = bottom + 10;
      continue;
    }
    const float bottom = flow(ui, parse_inline(s), Font::BodyLarge, left, right, y, 24, kInk, link_no);
    block_node(y, bottom, plain(s));
    y = bottom + 4;
  }
  ui.set_cursor(y);
}

}  // namespace pg::md
