#include "sim/os/clock_format.hpp"

#include <cctype>
#include <cstdio>

namespace pg {

std::int64_t days_from_civil(int y, int m, int d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int yoe = static_cast<int>(y - era * 400);
  const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

std::string iso_date(std::int64_t days) {
  const CivilTime c = civil_from_ms(days * 86400000);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", c.year, c.month, c.day);
  return buf;
}

bool parse_iso_date(const std::string& s, std::int64_t& days) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  for (int i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (s[static_cast<std::size_t>(i)] < '0' || s[static_cast<std::size_t>(i)] > '9') return false;
  const int y = std::stoi(s.substr(0, 4)), m = std::stoi(s.substr(5, 2)), d = std::stoi(s.substr(8, 2));
  if (m < 1 || m > 12 || d < 1 || d > 31) return false;
  days = days_from_civil(y, m, d);
  return true;
}

CivilTime civil_from_ms(std::int64_t ms) {
  std::int64_t secs = ms >= 0 ? ms / 1000 : (ms - 999) / 1000;
  std::int64_t days = secs >= 0 ? secs / 86400 : (secs - 86399) / 86400;
  std::int64_t rem = secs - days * 86400;
  CivilTime c{};
  c.hour = static_cast<int>(rem / 3600);
  c.minute = static_cast<int>(rem % 3600 / 60);
  c.second = static_cast<int>(rem % 60);
  c.weekday = static_cast<int>(((days % 7) + 11) % 7);  // 1970-01-01 was a Thursday (4)
  // Days since 1970-01-01 to a civil date: shift the epoch to 0000-03-01, count 400-year eras.
  std::int64_t z = days + 719468;
  std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  std::int64_t doe = z - era * 146097;
  std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  std::int64_t mp = (5 * doy + 2) / 153;
  c.day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  c.month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  c.year = static_cast<int>(yoe + era * 400 + (c.month <= 2));
  return c;
}

std::string format_hhmm(std::int64_t ms) {
  CivilTime c = civil_from_ms(ms);
  return hhmm(c.hour * 60 + c.minute);
}

std::string format_date_long(std::int64_t ms) {
  static const char* kDays[] = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
  static const char* kMonths[] = {"January", "February", "March",     "April",   "May",      "June",
                                  "July",    "August",   "September", "October", "November", "December"};
  CivilTime c = civil_from_ms(ms);
  return std::string(kDays[c.weekday]) + ", " + kMonths[c.month - 1] + " " + std::to_string(c.day);
}

int parse_hhmm(const std::string& raw) {
  std::string s;
  for (char ch : raw)
    if (!std::isspace(static_cast<unsigned char>(ch))) s += ch;
  int h = -1, m = -1;
  auto digits = [](const std::string& t) {
    if (t.empty() || t.size() > 2) return -1;
    for (char ch : t)
      if (!std::isdigit(static_cast<unsigned char>(ch))) return -1;
    return std::stoi(t);
  };
  auto colon = s.find(':');
  if (colon != std::string::npos) {
    h = digits(s.substr(0, colon));
    std::string mm = s.substr(colon + 1);
    m = mm.size() == 2 ? digits(mm) : -1;
  } else if (s.size() == 4) {
    h = digits(s.substr(0, 2));
    m = digits(s.substr(2));
  }
  if (h < 0 || h > 23 || m < 0 || m > 59) return -1;
  return h * 60 + m;
}

std::string hhmm(int minutes) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02d:%02d", minutes / 60 % 24, minutes % 60);
  return buf;
}

}  // namespace pg
