// Civil time from the virtual clock (ms since 1970-01-01 UTC, already shifted to local time).
#pragma once

#include <cstdint>
#include <string>

namespace pg {

struct CivilTime {
  int year, month, day;  ///< month 1..12, day 1..31
  int hour, minute, second;
  int weekday;           ///< 0 = Sunday
};

/// Splits ms since the epoch into a proleptic-Gregorian date and time (exact integer arithmetic).
CivilTime civil_from_ms(std::int64_t ms);
/// "08:05" (24-hour clock).
std::string format_hhmm(std::int64_t ms);
/// "Thursday, January 1".
std::string format_date_long(std::int64_t ms);
/// Parses "7:30", "07:30" or "0730" into minutes after midnight; returns -1 if it is not a time.
int parse_hhmm(const std::string& s);
/// Minutes after midnight as "07:30".
std::string hhmm(int minutes);

}  // namespace pg
