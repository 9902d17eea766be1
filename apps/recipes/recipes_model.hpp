// Recipes (Broccoli) model helpers without UI: ingredient amounts and their scaling to another
// number of servings (exact fractions, no floats), preparation times in minutes, text helpers.
#pragma once

#include "sim/util/text.hpp"

#include <cctype>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

namespace pg {
namespace recipes {

/// An exact non-negative amount num/den (den > 0), e.g. 3/2 for "1 1/2".
struct Amount {
  std::int64_t num = 0, den = 1;
};

/// Reduces num/den by their greatest common divisor.
inline Amount reduce(Amount a) {
  const std::int64_t g = std::gcd(a.num, a.den);
  if (g > 1) a.num /= g, a.den /= g;
  return a;
}

/// Parses an unsigned integer token "12"; false unless the whole token is digits (at most 6).
inline bool parse_uint(const std::string& s, std::int64_t& out) {
  if (s.empty() || s.size() > 6) return false;
  out = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

/// Parses one amount token: "2", "1/2", "1.5" (at most 3 decimals). False if it is not one.
inline bool parse_token(const std::string& t, Amount& a) {
  std::int64_t x = 0, y = 0;
  const auto slash = t.find('/'), dot = t.find('.');
  if (slash != std::string::npos) {
    if (!parse_uint(t.substr(0, slash), x) || !parse_uint(t.substr(slash + 1), y) || y == 0) return false;
    a = reduce({x, y});
    return true;
  }
  if (dot != std::string::npos) {
    const std::string frac = t.substr(dot + 1);
    if (frac.empty() || frac.size() > 3 || !parse_uint(t.substr(0, dot), x) || !parse_uint(frac, y)) return false;
    std::int64_t den = 1;
    for (std::size_t i = 0; i < frac.size(); ++i) den *= 10;
    a = reduce({x * den + y, den});
    return true;
  }
  if (!parse_uint(t, x)) return false;
  a = {x, 1};
  return true;
}

/// Splits an ingredient line into its leading amount ("1 1/2", "2", "1/4", "0.5") and the rest
/// (" cups flour", with its leading space). Returns false (rest = the line) when the line does not
/// start with an amount ("salt to taste").
inline bool split_amount(const std::string& line, Amount& amount, std::string& rest) {
  rest = line;
  const auto sp1 = line.find(' ');
  const std::string t1 = line.substr(0, sp1);
  Amount a;
  if (!parse_token(t1, a)) return false;
  std::size_t end = t1.size();
  if (a.den == 1 && sp1 != std::string::npos) {  // a mixed number "1 1/2"
    const auto sp2 = line.find(' ', sp1 + 1);
    const std::string t2 = line.substr(sp1 + 1, sp2 == std::string::npos ? std::string::npos : sp2 - sp1 - 1);
    Amount b;
    if (t2.find('/') != std::string::npos && parse_token(t2, b) && b.num < b.den) {
      a = reduce({a.num * b.den + b.num, b.den});
      end = sp1 + 1 + t2.size();
    }
  }
  amount = a;
  rest = line.substr(end);
  return true;
}

/// An amount as a cook writes it: "3", "1 1/2", "3/4", "2/3"; other fractions as a decimal with at
/// most two places ("0.38").
inline std::string format_amount(Amount a) {
  a = reduce(a);
  const std::int64_t whole = a.num / a.den, rem = a.num % a.den;
  if (rem == 0) return std::to_string(whole);
  if (a.den == 2 || a.den == 3 || a.den == 4 || a.den == 8) {
    const std::string f = std::to_string(rem) + "/" + std::to_string(a.den);
    return whole ? std::to_string(whole) + " " + f : f;
  }
  const std::int64_t hundredths = (a.num * 100 + a.den / 2) / a.den;  // rounded half up
  std::string s = std::to_string(hundredths / 100);
  const std::int64_t c = hundredths % 100;
  if (c) s += "." + std::string(c < 10 ? "0" : "") + std::to_string(c % 10 == 0 ? c / 10 : c);
  return s;
}

/// The ingredient line for `to` servings of a recipe written for `from`: its leading amount scaled
/// (an unscaled line, or one without an amount, comes back as it is).
inline std::string scale_line(const std::string& line, int from, int to) {
  if (from <= 0 || to <= 0 || from == to) return line;
  Amount a;
  std::string rest;
  if (!split_amount(line, a, rest)) return line;
  return format_amount(reduce({a.num * to, a.den * from})) + rest;
}

/// Minutes of a Broccoli preparation time such as "1 h 30 min", "45 min", "2 hours", "90";
/// -1 when it names no time (sorted last).
inline int minutes_of(const std::string& s) {
  int total = 0, num = -1;
  bool any = false;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    const char c = i < s.size() ? s[i] : ' ';
    if (std::isdigit(static_cast<unsigned char>(c))) {
      num = (num < 0 ? 0 : num) * 10 + (c - '0');
      if (num > 100000) return -1;
    } else if (std::isalpha(static_cast<unsigned char>(c)) && num >= 0) {
      total += (c == 'h' || c == 'H') ? num * 60 : num;
      num = -1;
      any = true;
      while (i + 1 < s.size() && std::isalpha(static_cast<unsigned char>(s[i + 1]))) ++i;
    }
  }
  if (num >= 0) total += num, any = true;
  return any ? total : -1;
}



/// The non-empty trimmed lines of a multi-line field; with `strip_numbers`, a leading "3." /
/// "3)" step number is dropped (the directions are numbered by the app).
inline std::vector<std::string> lines_of(const std::string& text, bool strip_numbers) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    std::string l = trim(text.substr(start, nl - start));
    if (strip_numbers) {
      std::size_t i = 0;
      while (i < l.size() && std::isdigit(static_cast<unsigned char>(l[i]))) ++i;
      if (i > 0 && i < l.size() && (l[i] == '.' || l[i] == ')')) l = trim(l.substr(i + 1));
    }
    if (!l.empty()) out.push_back(l);
    start = nl + 1;
  }
  return out;
}

/// Lines joined with '\n' (how the form shows a list field).
inline std::string join_lines(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += (s.empty() ? "" : "\n") + l;
  return s;
}

}  // namespace recipes
}  // namespace pg
