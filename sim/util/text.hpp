// Small text helpers every layer shares (apps, the OS, judges): one definition each.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace pg {

/// `s` without leading and trailing ASCII white space (space, \t, \n, \v, \f, \r).
inline std::string trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

/// `s` with ASCII letters lowercased (other bytes, UTF-8 included, unchanged).
inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace pg
