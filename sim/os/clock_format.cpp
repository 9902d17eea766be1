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

namespace {

/// One locale's date data (CLDR): names, and a pattern per DateStyle with the fields {d} day,
/// {M} abbreviated month, {MM} full month, {E} abbreviated weekday, {EE} full weekday, {y} year.
struct DateLocale {
  const char* tag;
  const char* months[12];
  const char* months_short[12];
  const char* weekdays[7];  ///< Sunday first
  const char* weekdays_short[7];
  const char* weekdays_narrow[7];  ///< the initials of a calendar's header
  const char* patterns[8];  ///< by DateStyle
};

const DateLocale kDateLocales[] = {
    {"en-US",
     {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
      "December"},
     {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
     {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
     {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"},
     {"S", "M", "T", "W", "T", "F", "S"},
     {"{M} {d}", "{M} {d}, {y}", "{MM} {y}", "{EE}, {MM} {d}", "{E}, {M} {d}", "{EE}, {MM} {d}, {y}", "{MM} {d}, {y}", "{E}, {M} {d}, {y}"}},
    {"en-GB",
     {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
      "December"},
     {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"},
     {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"},
     {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"},
     {"S", "M", "T", "W", "T", "F", "S"},
     {"{d} {M}", "{d} {M} {y}", "{MM} {y}", "{EE} {d} {MM}", "{E} {d} {M}", "{EE}, {d} {MM} {y}", "{d} {MM} {y}", "{E} {d} {M} {y}"}},
    {"fr-FR",
     {"janvier", "f\u00e9vrier", "mars", "avril", "mai", "juin", "juillet", "ao\u00fbt", "septembre", "octobre",
      "novembre", "d\u00e9cembre"},
     {"janv.", "f\u00e9vr.", "mars", "avr.", "mai", "juin", "juil.", "ao\u00fbt", "sept.", "oct.", "nov.", "d\u00e9c."},
     {"dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"},
     {"dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."},
     {"D", "L", "M", "M", "J", "V", "S"},
     {"{d} {M}", "{d} {M} {y}", "{MM} {y}", "{EE} {d} {MM}", "{E} {d} {M}", "{EE} {d} {MM} {y}", "{d} {MM} {y}", "{E} {d} {M} {y}"}},
    {"de-DE",
     {"Januar", "Februar", "M\u00e4rz", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
      "Dezember"},
     {"Jan.", "Feb.", "M\u00e4rz", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."},
     {"Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"},
     {"So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."},
     {"S", "M", "D", "M", "D", "F", "S"},
     {"{d}. {M}", "{d}. {M} {y}", "{MM} {y}", "{EE}, {d}. {MM}", "{E}, {d}. {M}", "{EE}, {d}. {MM} {y}", "{d}. {MM} {y}", "{E}, {d}. {M} {y}"}},
    {"es-ES",
     {"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre",
      "diciembre"},
     {"ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"},
     {"domingo", "lunes", "martes", "mi\u00e9rcoles", "jueves", "viernes", "s\u00e1bado"},
     {"dom", "lun", "mar", "mi\u00e9", "jue", "vie", "s\u00e1b"},
     {"D", "L", "M", "X", "J", "V", "S"},
     {"{d} {M}", "{d} {M} {y}", "{MM} de {y}", "{EE}, {d} de {MM}", "{E}, {d} {M}", "{EE}, {d} de {MM} de {y}", "{d} de {MM} de {y}", "{E}, {d} {M} {y}"}},
    {"it-IT",
     {"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
      "novembre", "dicembre"},
     {"gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"},
     {"domenica", "luned\u00ec", "marted\u00ec", "mercoled\u00ec", "gioved\u00ec", "venerd\u00ec", "sabato"},
     {"dom", "lun", "mar", "mer", "gio", "ven", "sab"},
     {"D", "L", "M", "M", "G", "V", "S"},
     {"{d} {M}", "{d} {M} {y}", "{MM} {y}", "{EE} {d} {MM}", "{E} {d} {M}", "{EE} {d} {MM} {y}", "{d} {MM} {y}", "{E} {d} {M} {y}"}},
};

/// The tag as set, and the formats that apply to it.
thread_local std::string t_locale_tag = "en-US";
thread_local const DateLocale* t_locale = &kDateLocales[0];

const DateLocale& resolve(const std::string& tag) {
  for (const DateLocale& l : kDateLocales)
    if (tag == l.tag) return l;
  const std::string language = tag.substr(0, tag.find_first_of("-_"));
  for (const DateLocale& l : kDateLocales)
    if (language == std::string(l.tag).substr(0, 2)) return l;
  return kDateLocales[0];
}

}  // namespace

const std::vector<std::string>& date_locales() {
  static const std::vector<std::string> tags = [] {
    std::vector<std::string> v;
    for (const DateLocale& l : kDateLocales) v.push_back(l.tag);
    return v;
  }();
  return tags;
}

void set_thread_locale(const std::string& tag) {
  t_locale_tag = tag;
  t_locale = &resolve(tag);
}

const std::string& thread_locale() { return t_locale_tag; }

std::string month_name(int month, bool abbreviated) {
  const int m = ((month - 1) % 12 + 12) % 12;
  return abbreviated ? t_locale->months_short[m] : t_locale->months[m];
}

std::string weekday_name(int weekday, bool abbreviated) {
  const int w = (weekday % 7 + 7) % 7;
  return abbreviated ? t_locale->weekdays_short[w] : t_locale->weekdays[w];
}

std::string weekday_initial(int weekday) { return t_locale->weekdays_narrow[(weekday % 7 + 7) % 7]; }

std::string format_date(int year, int month, int day, DateStyle style) {
  const int weekday = civil_from_ms(days_from_civil(year, month, day) * 86400000LL).weekday;
  const std::string pattern = t_locale->patterns[static_cast<int>(style)];
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '{') {
      out += pattern[i];
      continue;
    }
    const std::size_t close = pattern.find('}', i);
    const std::string field = pattern.substr(i + 1, close - i - 1);
    if (field == "d") out += std::to_string(day);
    else if (field == "M") out += month_name(month, true);
    else if (field == "MM") out += month_name(month, false);
    else if (field == "E") out += weekday_name(weekday, true);
    else if (field == "EE") out += weekday_name(weekday, false);
    else if (field == "y") out += std::to_string(year);
    i = close;
  }
  return out;
}

std::string format_date_ms(std::int64_t ms, DateStyle style) {
  const CivilTime c = civil_from_ms(ms);
  return format_date(c.year, c.month, c.day, style);
}

std::string format_date_long(std::int64_t ms) { return format_date_ms(ms, DateStyle::WeekdayMonthDay); }

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
