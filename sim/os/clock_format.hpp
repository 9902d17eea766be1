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
/// Days since 1970-01-01 of a proleptic-Gregorian date (month 1..12; Hinnant's days_from_civil).
std::int64_t days_from_civil(int year, int month, int day);
/// "YYYY-MM-DD" of a day count since 1970-01-01.
std::string iso_date(std::int64_t days);
/// Reads "YYYY-MM-DD" into days since 1970-01-01; false when it is not such a date.
bool parse_iso_date(const std::string& s, std::int64_t& days);
/// "08:05" (24-hour clock).
std::string format_hhmm(std::int64_t ms);
/// "Thursday, January 1".
std::string format_date_long(std::int64_t ms);
/// Parses "7:30", "07:30" or "0730" into minutes after midnight; returns -1 if it is not a time.
int parse_hhmm(const std::string& s);
/// Minutes after midnight as "07:30".
std::string hhmm(int minutes);

}  // namespace pg
