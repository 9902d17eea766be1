// Tasks (org.tasks): the model shared by the pages. Dates are "YYYY-MM-DD" strings in the phone's
// local time, times "HH:MM" (24-hour) or "" for a date-only task; priorities are the strings
// "high", "medium", "low", "none"; repeat is "none", "daily", "weekly", "monthly" or "days" (every
// `interval` days). Everything here is a pure function of the task JSON and the local day.
#pragma once

#include "sim/os/clock_format.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace pg::todo {

constexpr std::int64_t kDayMs = 86400000;

/// Days since 1970-01-01 of "YYYY-MM-DD", or -1 for "" or a malformed date.
inline std::int64_t day_of(const std::string& iso) {
  std::int64_t d = 0;
  return !iso.empty() && parse_iso_date(iso, d) ? d : -1;
}

/// The date `months` calendar months after `iso`, its day clamped to the month's length
/// (Jan 31 + 1 month = Feb 28), as Tasks.org's monthly repeat.
inline std::string add_months(const std::string& iso, int months) {
  const std::int64_t d = day_of(iso);
  if (d < 0) return iso;
  const CivilTime c = civil_from_ms(d * kDayMs);
  int y = c.year, m = c.month - 1 + months;
  y += m / 12;
  m = m % 12 + 1;
  static const int kLen[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int len = kLen[m - 1];
  if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)) len = 29;
  return iso_date(days_from_civil(y, m, c.day < len ? c.day : len));
}

/// The next due date of a repeating task completed with due date `due` (from today if it has
/// none), or "" if it does not repeat.
inline std::string next_due(const nlohmann::json& t, std::int64_t today) {
  const std::string rep = t.value("repeat", "none");
  std::string due = t.value("due", "");
  if (day_of(due) < 0) due = iso_date(today);
  if (rep == "daily") return iso_date(day_of(due) + 1);
  if (rep == "weekly") return iso_date(day_of(due) + 7);
  if (rep == "monthly") return add_months(due, 1);
  if (rep == "days") {
    const int n = t.value("interval", 1);
    return iso_date(day_of(due) + (n < 1 ? 1 : n));
  }
  return "";
}

/// Whether an open task is overdue at local time `local_ms`: due before today, or due today at
/// a time already past.
inline bool overdue(const nlohmann::json& t, std::int64_t local_ms) {
  if (t.value("completed", false)) return false;
  const std::int64_t d = day_of(t.value("due", ""));
  if (d < 0) return false;
  const std::int64_t today = local_ms / kDayMs;
  if (d < today) return true;
  if (d > today) return false;
  const int tm = parse_hhmm(t.value("due_time", ""));
  return tm >= 0 && tm * 60000LL < local_ms - today * kDayMs;
}

/// 3 for high .. 0 for none (sorting: higher first).
inline int priority_rank(const std::string& p) {
  return p == "high" ? 3 : p == "medium" ? 2 : p == "low" ? 1 : 0;
}

/// Tasks.org's priority colours: high red, medium orange, low blue, none grey.
inline std::uint32_t priority_color(const std::string& p) {
  return p == "high" ? 0xD32F2F : p == "medium" ? 0xF57C00 : p == "low" ? 0x1976D2 : 0x757575;
}

/// "Daily", "Weekly", "Monthly", "Every 3 days" or "Does not repeat".
inline std::string repeat_text(const std::string& rep, int interval) {
  if (rep == "daily") return "Every day";
  if (rep == "weekly") return "Every week";
  if (rep == "monthly") return "Every month";
  if (rep == "days") return interval == 1 ? "Every day" : "Every " + std::to_string(interval) + " days";
  return "Does not repeat";
}

/// A reminder's label: minutes before the due time, -1 for none.
inline std::string reminder_text(int minutes) {
  switch (minutes) {
    case -1: return "No reminder";
    case 0: return "When due";
    case 15: return "15 minutes before";
    case 30: return "30 minutes before";
    case 60: return "1 hour before";
    case 1440: return "1 day before";
    default: return std::to_string(minutes) + " minutes before";
  }
}

/// Reads a time the user typed: "9", "9:30", "09:30", "930", "9:30 am", "9 PM", "21:05".
/// Returns minutes after midnight, or -1 if it is not a time.
inline int parse_user_time(std::string s) {
  std::string t;
  for (char c : s)
    if (c != ' ' && c != '.') t += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  int pm = -1;  // -1: 24-hour
  if (t.size() >= 2 && (t.substr(t.size() - 2) == "am" || t.substr(t.size() - 2) == "pm")) {
    pm = t.substr(t.size() - 2) == "pm";
    t.resize(t.size() - 2);
  }
  if (t.empty()) return -1;
  int h = 0, m = 0;
  const std::size_t colon = t.find(':');
  auto digits = [](const std::string& x) {
    if (x.empty() || x.size() > 2) return -1;
    for (char c : x)
      if (c < '0' || c > '9') return -1;
    return std::stoi(x);
  };
  if (colon != std::string::npos) {
    h = digits(t.substr(0, colon));
    m = t.size() - colon - 1 == 2 ? digits(t.substr(colon + 1)) : -1;
  } else if (t.size() <= 2) {
    h = digits(t);
  } else if (t.size() <= 4) {
    h = digits(t.substr(0, t.size() - 2));
    m = digits(t.substr(t.size() - 2));
  } else {
    return -1;
  }
  if (h < 0 || m < 0 || m > 59) return -1;
  if (pm >= 0) {
    if (h < 1 || h > 12) return -1;
    h = h % 12 + (pm ? 12 : 0);
  } else if (h > 23) {
    return -1;
  }
  return h * 60 + m;
}

}  // namespace pg::todo
