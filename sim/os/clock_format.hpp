// Civil time from the virtual clock (ms since 1970-01-01 UTC, already shifted to local time), and
// the one owner of how dates are written: the regional formats of os.locale.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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
/// The date in the long form with the weekday and no year (DateStyle::WeekdayMonthDay), in this
/// thread's locale: "Thursday, January 1" (en-US), "jeudi 1 janvier" (fr-FR).
std::string format_date_long(std::int64_t ms);

// ---- regional formats (os.locale) ----
//
// Dates are written as the locale writes them: month and weekday names, the order of day and
// month, and their punctuation, after CLDR's patterns for each skeleton (the data behind Android's
// DateFormat.getBestDateTimePattern). The apps' own words ("Today", "Edited") stay English, as an
// app without strings for a language falls back to its default ones. The 12- or 24-hour clock is
// Android's separate setting, os.settings.system.time_12_24 (Phone::format_time).

/// How a date is written, by CLDR skeleton (en-US / en-GB / de-DE examples).
enum class DateStyle {
  MonthDay,               ///< MMMd: "Nov 27" / "27 Nov" / "27. Nov."
  MonthDayYear,           ///< yMMMd: "Nov 27, 2026" / "27 Nov 2026" / "27. Nov. 2026"
  MonthYear,              ///< yMMMM: "November 2026" (es-ES "noviembre de 2026")
  WeekdayMonthDay,        ///< MMMMEEEEd: "Friday, November 27" / "Friday 27 November"
  ShortWeekdayMonthDay,   ///< MMMEd: "Fri, Nov 27" / "Fri 27 Nov" / "Fr., 27. Nov."
  WeekdayMonthDayYear,    ///< yMMMMEEEEd: "Friday, November 27, 2026" / "Friday, 27 November 2026"
  LongMonthDayYear,       ///< yMMMMd: "November 27, 2026" / "27 November 2026" / "27. November 2026"
  ShortWeekdayMonthDayYear,  ///< yMMMEd: "Fri, Nov 27, 2026" / "Fri 27 Nov 2026" / "Fr., 27. Nov. 2026"
};

/// The locales whose formats are modelled (the Languages page of Settings offers them), en-US
/// first: en-US, en-GB, fr-FR, de-DE, es-ES, it-IT.
const std::vector<std::string>& date_locales();

/// Sets this thread's locale for the frame being drawn (Ui's constructor, from os.locale). An
/// unknown tag falls back to the formats of its language ("fr-CA" -> fr-FR), then to en-US.
/// Outside any frame a thread writes en-US.
void set_thread_locale(const std::string& tag);
/// This thread's locale tag as set (the one whose formats apply; "en-US" by default).
const std::string& thread_locale();

/// Restores the thread's previous locale when it ends (tests, code that draws another phone).
class LocaleScope {
 public:
  explicit LocaleScope(const std::string& tag) : saved_(thread_locale()) { set_thread_locale(tag); }
  ~LocaleScope() { set_thread_locale(saved_); }
  LocaleScope(const LocaleScope&) = delete;
  LocaleScope& operator=(const LocaleScope&) = delete;

 private:
  std::string saved_;
};

/// A date (month 1..12, day 1..31; the weekday is computed) in `style`, in this thread's locale.
std::string format_date(int year, int month, int day, DateStyle style);
/// The date of ms since the epoch (already local time) in `style`, in this thread's locale.
std::string format_date_ms(std::int64_t ms, DateStyle style);
/// A month's name (1..12) standing alone, in this thread's locale: "November" / "Nov" (en),
/// "novembre" / "nov." (fr-FR).
std::string month_name(int month, bool abbreviated = false);
/// A weekday's name (0 = Sunday), in this thread's locale: "Friday" / "Fri", "vendredi" / "ven.".
std::string weekday_name(int weekday, bool abbreviated = false);
/// A weekday's initial in a calendar's header (0 = Sunday; CLDR's narrow name), in this thread's
/// locale: "W" (en), "M" (fr-FR mercredi), "X" (es-ES mi\u00e9rcoles).
std::string weekday_initial(int weekday);
/// Parses "7:30", "07:30" or "0730" into minutes after midnight; returns -1 if it is not a time.
int parse_hhmm(const std::string& s);
/// Minutes after midnight as "07:30".
std::string hhmm(int minutes);

}  // namespace pg
