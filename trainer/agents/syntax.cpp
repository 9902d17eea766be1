#include "trainer/agents/syntax.hpp"

#include <cctype>
#include <cstdlib>

namespace pg {

using json = nlohmann::json;

namespace {

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::size_t skip_ws(std::string_view s, std::size_t i) {
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return i;
}

/// Whether `s[i..]` starts with `ident\s*=` (the next keyword argument).
bool keyword_follows(std::string_view s, std::size_t i) {
  i = skip_ws(s, i);
  const std::size_t start = i;
  while (i < s.size() && ident_char(s[i])) ++i;
  if (i == start) return false;
  i = skip_ws(s, i);
  return i < s.size() && s[i] == '=';
}

/// Whether a `quote` at `p` could close the string: `,key=` or `)` follows, and for `)` no later
/// `quote` is itself followed by `)` (then that later one closes).
bool closes_string(std::string_view s, std::size_t p, char quote) {
  std::size_t j = skip_ws(s, p + 1);
  if (j >= s.size()) return true;
  if (s[j] == ',') return keyword_follows(s, j + 1);
  if (s[j] != ')') return false;
  for (std::size_t q = j; q < s.size(); ++q) {
    if (s[q] != quote || s[q - 1] == '\\') continue;
    std::size_t k = skip_ws(s, q + 1);
    if (k < s.size() && s[k] == ')') return false;
  }
  return true;
}

/// Reads a quoted string starting at s[i] (the quote); returns the index after the closing quote.
std::optional<std::size_t> read_string(std::string_view s, std::size_t i, std::string& out) {
  const char quote = s[i];
  for (std::size_t p = i + 1; p < s.size(); ++p) {
    const char c = s[p];
    if (c == '\\' && p + 1 < s.size()) {
      const char n = s[++p];
      switch (n) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case '\'': case '"': case '\\': out += n; break;
        default: out += '\\'; out += n;
      }
      continue;
    }
    if (c == quote && closes_string(s, p, quote)) return p + 1;
    out += c;
  }
  return std::nullopt;
}

/// Reads one value at s[i]; returns the index after it.
std::optional<std::size_t> read_value(std::string_view s, std::size_t i, json& out, std::string* error) {
  i = skip_ws(s, i);
  if (i >= s.size()) {
    *error = "the call ends inside its arguments";
    return std::nullopt;
  }
  const char c = s[i];
  if (c == '\'' || c == '"') {
    std::string str;
    auto end = read_string(s, i, str);
    if (!end) {
      *error = std::string("unterminated string starting with ") + c;
      return std::nullopt;
    }
    out = str;
    return end;
  }
  if (c == '[' || c == '(') {
    const char close = c == '[' ? ']' : ')';
    std::size_t e = s.find(close, i + 1);
    if (e == std::string_view::npos) {
      *error = std::string("unclosed ") + c;
      return std::nullopt;
    }
    const std::string_view inner = s.substr(i + 1, e - i - 1);
    out = json::array();
    for (double v : numbers_in(inner)) out.push_back(v);
    if (out.empty() && inner.find_first_not_of(" \t\n") != std::string_view::npos) out = std::string(inner);
    return e + 1;
  }
  // A number or a bare word, up to the next ',' or ')'.
  std::size_t e = i;
  while (e < s.size() && s[e] != ',' && s[e] != ')') ++e;
  std::string word(s.substr(i, e - i));
  while (!word.empty() && std::isspace(static_cast<unsigned char>(word.back()))) word.pop_back();
  char* endp = nullptr;
  const double v = std::strtod(word.c_str(), &endp);
  if (!word.empty() && endp && *endp == '\0') out = v;
  else out = word;
  return e;
}

std::optional<Call> parse_args(std::string_view s, std::size_t i, Call call, std::string* error) {
  // s[i] is just after '('.
  for (;;) {
    i = skip_ws(s, i);
    if (i >= s.size()) {
      *error = call.name + "(: missing closing )";
      return std::nullopt;
    }
    if (s[i] == ')') return call;
    std::string key;
    if (keyword_follows(s, i)) {
      std::size_t k = i;
      while (ident_char(s[k])) key += s[k++];
      i = s.find('=', k) + 1;
    }
    json v;
    auto next = read_value(s, i, v, error);
    if (!next) {
      *error = call.name + "(" + (key.empty() ? "" : key + "=") + "...): " + *error;
      return std::nullopt;
    }
    if (key.empty()) call.positional.push_back(v);
    else call.args.emplace_back(key, v);
    i = skip_ws(s, *next);
    if (i < s.size() && s[i] == ',') ++i;
    else if (i < s.size() && s[i] != ')') {
      *error = call.name + "(...): unexpected \"" + std::string(utf8_prefix(s.substr(i), 10)) + "\"";
      return std::nullopt;
    }
  }
}

}  // namespace

const json* Call::get(std::string_view key) const {
  for (const auto& [k, v] : args)
    if (k == key) return &v;
  return nullptr;
}

std::optional<Call> find_call(std::string_view text, const std::vector<std::string>& names, std::string* error) {
  std::size_t best = std::string_view::npos;
  std::string best_name;
  std::size_t best_open = 0;
  for (const std::string& n : names) {
    for (std::size_t p = text.find(n); p != std::string_view::npos; p = text.find(n, p + 1)) {
      if (p > 0 && ident_char(text[p - 1])) continue;
      std::size_t q = skip_ws(text, p + n.size());
      if (q >= text.size() || text[q] != '(') continue;
      if (p < best) best = p, best_name = n, best_open = q;
      break;
    }
  }
  if (best == std::string_view::npos) {
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n + "(...)";
    *error = "no action call found; expected one of " + list;
    return std::nullopt;
  }
  Call c;
  c.name = best_name;
  return parse_args(text, best_open + 1, std::move(c), error);
}

std::optional<json> find_json_object(std::string_view text, std::string* error) {
  std::size_t start = text.find('{');
  while (start != std::string_view::npos) {
    int depth = 0;
    bool in_str = false;
    std::size_t p = start;
    for (; p < text.size(); ++p) {
      const char c = text[p];
      if (in_str) {
        if (c == '\\') ++p;
        else if (c == '"') in_str = false;
      } else if (c == '"') {
        in_str = true;
      } else if (c == '{') {
        ++depth;
      } else if (c == '}' && --depth == 0) {
        break;
      }
    }
    if (p >= text.size()) {
      *error = "unbalanced braces: the JSON object starting at \"" + std::string(utf8_prefix(text.substr(start), 30)) + "\" never closes";
      return std::nullopt;
    }
    json j = json::parse(text.substr(start, p - start + 1), nullptr, false);
    if (!j.is_discarded()) return j;
    *error = "not valid JSON: \"" + std::string(utf8_prefix(text.substr(start), 60)) + "\"";
    start = text.find('{', start + 1);
    if (start != std::string_view::npos && start < p) continue;  // maybe a nested object parses
  }
  if (error->empty()) *error = "no JSON object found in the reply";
  return std::nullopt;
}

std::vector<double> numbers_in(std::string_view s) {
  std::vector<double> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    const bool sign = (c == '-' || c == '+') && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]));
    if (std::isdigit(static_cast<unsigned char>(c)) || sign) {
      std::string tok(1, c);
      std::size_t j = i + 1;
      bool dot = false;
      while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || (s[j] == '.' && !dot))) dot |= s[j] == '.', tok += s[j++];
      out.push_back(std::strtod(tok.c_str(), nullptr));
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}

std::optional<std::string> between(std::string_view text, std::string_view open, std::string_view close) {
  std::size_t a = text.find(open);
  if (a == std::string_view::npos) return std::nullopt;
  a += open.size();
  std::size_t b = text.find(close, a);
  return std::string(text.substr(a, b == std::string_view::npos ? std::string_view::npos : b - a));
}

namespace {
/// Length of the well-formed UTF-8 sequence at s[i], or 0.
std::size_t utf8_len(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned c = b(i);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 && c >= 0xC2 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E && c <= 0xF4 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((b(i + k) & 0xC0) != 0x80) return 0;
  if (n == 3 && ((c == 0xE0 && b(i + 1) < 0xA0) || (c == 0xED && b(i + 1) >= 0xA0))) return 0;  // overlong, surrogates
  if (n == 4 && ((c == 0xF0 && b(i + 1) < 0x90) || (c == 0xF4 && b(i + 1) >= 0x90))) return 0;
  return n;
}
}  // namespace

std::string valid_utf8(std::string_view s) {
  std::string o;
  o.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_len(s, i);
    if (n == 0) {
      o += "\xEF\xBF\xBD";
      ++i;
    } else {
      o.append(s.substr(i, n));
      i += n;
    }
  }
  return o;
}

std::string_view utf8_prefix(std::string_view s, std::size_t n) {
  if (n >= s.size()) return s;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;  // s[n] continues a character
  return s.substr(0, n);
}

std::string lower_trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  std::string o(s.substr(a, b - a));
  for (char& c : o) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return o;
}

}  // namespace pg
