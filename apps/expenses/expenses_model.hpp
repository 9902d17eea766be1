// Expenses' data model: the merged views of its world collections (entries, categories), money
// and calendar helpers, amount parsing and the CSV export. Pure functions of the state, shared by
// the pages (expenses.cpp) and the exported calls.
#pragma once

#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pg::expenses {

using json = nlohmann::json;
constexpr const char* kApp = "expenses";

inline const json& st(const Phone& p) { return own_state(p, kApp); }
inline json& st(Phone& p) { return own_state(p, kApp); }

/// Every entry (world + overlay), sorted newest first: date, then time, then id, descending.
inline json entries(const Phone& p) {
  json v = resolve_collection(World::instance(), st(p), kApp, "entries");
  std::vector<json> out(v.begin(), v.end());
  std::stable_sort(out.begin(), out.end(), [](const json& a, const json& b) {
    const std::string da = a.value("date", ""), db = b.value("date", "");
    if (da != db) return da > db;
    const std::string ta = a.value("time", ""), tb = b.value("time", "");
    if (ta != tb) return ta > tb;
    return natural_id_less(b.value("id", ""), a.value("id", ""));
  });
  return json(out);
}

/// One entry, or null.
inline json entry(const Phone& p, const std::string& id) {
  return resolve_entity(World::instance(), st(p), kApp, "entries", id);
}

/// Every category in world order then new ones: [{"id", "name", "icon", "color", "kind"}].
inline json categories(const Phone& p) { return resolve_collection(World::instance(), st(p), kApp, "categories"); }

/// The category `id` in `cats`, or a grey "Uncategorized" stand-in.
inline json category_of(const json& cats, const std::string& id) {
  for (const json& c : cats)
    if (c.value("id", "") == id) return c;
  return {{"id", id}, {"name", "Uncategorized"}, {"icon", "category"}, {"color", "#757575"}, {"kind", "expense"}};
}

/// "#43A047" -> 0x43A047 (grey for anything else).
inline std::uint32_t rgb_of(const std::string& hex) {
  if (hex.size() != 7 || hex[0] != '#') return 0x757575;
  try {
    return static_cast<std::uint32_t>(std::stoul(hex.substr(1), nullptr, 16));
  } catch (...) {
    return 0x757575;
  }
}

/// The display currencies of Settings: code, name, symbol (the amounts stay in cents; only the
/// symbol changes, as Pro Expense's currency setting).
struct Currency {
  const char* code;
  const char* name;
  const char* symbol;
};
inline const std::vector<Currency>& currencies() {
  static const std::vector<Currency> k = {{"USD", "US Dollar", "$"},       {"EUR", "Euro", "EUR "},
                                          {"GBP", "British Pound", "\xC2\xA3"}, {"JPY", "Japanese Yen", "\xC2\xA5"},
                                          {"CAD", "Canadian Dollar", "CA$"}, {"INR", "Indian Rupee", "Rs "}};
  return k;
}
inline std::string symbol(const Phone& p) {
  const std::string code = st(p).value("currency", "USD");
  for (const Currency& c : currencies())
    if (code == c.code) return c.symbol;
  return "$";
}

/// "1,234.56" for 123456 cents (absolute value).
inline std::string plain_amount(std::int64_t cents) {
  if (cents < 0) cents = -cents;
  std::string whole = std::to_string(cents / 100);
  for (int i = static_cast<int>(whole.size()) - 3; i > 0; i -= 3) whole.insert(static_cast<std::size_t>(i), ",");
  const int c = static_cast<int>(cents % 100);
  return whole + "." + (c < 10 ? "0" : "") + std::to_string(c);
}
/// "$1,234.56" in the display currency; "-$5.00" for a negative amount.
inline std::string money(const Phone& p, std::int64_t cents) {
  return std::string(cents < 0 ? "-" : "") + symbol(p) + plain_amount(cents);
}
/// An entry's signed amount text: "-$12.50" for an expense, "+$2,150.00" for income.
inline std::string signed_money(const Phone& p, const json& e) {
  return std::string(e.value("kind", "") == "income" ? "+" : "-") + symbol(p) +
         plain_amount(e.value("amount_cents", std::int64_t{0}));
}

/// Parses a typed amount ("12.5", "$1,234.56", " 40 ") into cents; nullopt if it is not a
/// non-negative number with at most two decimals.
inline std::optional<std::int64_t> parse_cents(std::string s) {
  std::string t;
  for (char c : s)
    if (c != ' ' && c != ',') t += c;
  for (const char* sym : {"$", "\xC2\xA3", "\xC2\xA5"})
    if (t.rfind(sym, 0) == 0) t = t.substr(std::string(sym).size());
  if (t.empty() || t.size() > 12) return std::nullopt;
  std::int64_t whole = 0, frac = 0;
  int frac_digits = -1;
  for (char c : t) {
    if (c == '.') {
      if (frac_digits >= 0) return std::nullopt;
      frac_digits = 0;
    } else if (c >= '0' && c <= '9') {
      if (frac_digits < 0) {
        whole = whole * 10 + (c - '0');
      } else {
        if (++frac_digits > 2) return std::nullopt;
        frac = frac * 10 + (c - '0');
      }
    } else {
      return std::nullopt;
    }
  }
  if (t == ".") return std::nullopt;
  if (frac_digits == 1) frac *= 10;
  return whole * 100 + frac;
}

// ---- calendar (proleptic Gregorian, dates as "YYYY-MM-DD", months as "YYYY-MM") ----

/// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
inline std::int64_t days_from_civil(int y, int m, int d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int yoe = static_cast<int>(y - era * 400);
  const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}
/// 0 = Sunday .. 6 = Saturday.
inline int weekday(int y, int m, int d) {
  const std::int64_t z = days_from_civil(y, m, d);
  return static_cast<int>(((z % 7) + 11) % 7);
}
inline int days_in_month(int y, int m) {
  static const int k[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : k[(m - 1) % 12];
}
struct Ymd {
  int y = 2026, m = 1, d = 1;
};
inline Ymd parse_ymd(const std::string& s) {
  Ymd r;
  if (s.size() >= 7) {
    r.y = std::atoi(s.substr(0, 4).c_str());
    r.m = std::max(1, std::min(12, std::atoi(s.substr(5, 2).c_str())));
  }
  if (s.size() >= 10) r.d = std::max(1, std::min(31, std::atoi(s.substr(8, 2).c_str())));
  return r;
}
inline std::string two(int v) { return (v < 10 ? "0" : "") + std::to_string(v); }
inline std::string ymd_text(int y, int m, int d) { return std::to_string(y) + "-" + two(m) + "-" + two(d); }
inline std::string month_key(int y, int m) { return std::to_string(y) + "-" + two(m); }
/// The month `delta` months from "YYYY-MM".
inline std::string shift_month(const std::string& key, int delta) {
  const Ymd a = parse_ymd(key);
  int idx = a.y * 12 + (a.m - 1) + delta;
  return month_key(idx / 12, idx % 12 + 1);
}
/// A month's abbreviated name (1..12), in the phone's locale.
inline std::string month_short(int m) { return month_name(m, true); }
/// "December 2025", in the phone's locale.
inline std::string month_title(const std::string& key) {
  const Ymd a = parse_ymd(key);
  return format_date(a.y, a.m, 1, DateStyle::MonthYear);
}
/// "Wed, Dec 31" (with ", 2025" when `with_year`), in the phone's locale.
inline std::string day_title(const std::string& date, bool with_year = false) {
  const Ymd a = parse_ymd(date);
  return format_date(a.y, a.m, a.d, with_year ? DateStyle::ShortWeekdayMonthDayYear : DateStyle::ShortWeekdayMonthDay);
}
/// The phone's local date "YYYY-MM-DD" and time "HH:MM".
inline std::string today(const Phone& p) {
  const std::int64_t days = p.local_time_ms() / 86400000;
  // civil_from_days
  std::int64_t z = days + 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int doe = static_cast<int>(z - era * 146097);
  const int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int mp = (5 * doy + 2) / 153;
  const int d = doy - (153 * mp + 2) / 5 + 1;
  const int m = mp < 10 ? mp + 3 : mp - 9;
  const int y = static_cast<int>(yoe + era * 400) + (m <= 2);
  return ymd_text(y, m, d);
}
inline std::string now_hhmm(const Phone& p) {
  const std::int64_t min = (p.local_time_ms() / 60000) % (24 * 60);
  return two(static_cast<int>(min / 60)) + ":" + two(static_cast<int>(min % 60));
}

/// Totals of the entries whose date starts with `prefix` ("2025-12", or "" for all).
struct Totals {
  std::int64_t spent = 0, income = 0;
  int count = 0;
};
inline Totals totals(const json& all, const std::string& prefix, const std::string& category = "") {
  Totals t;
  for (const json& e : all) {
    if (e.value("date", "").rfind(prefix, 0) != 0) continue;
    if (!category.empty() && e.value("category", "") != category) continue;
    ++t.count;
    (e.value("kind", "") == "income" ? t.income : t.spent) += e.value("amount_cents", std::int64_t{0});
  }
  return t;
}

/// The payment methods: id, label, icon.
struct Method {
  const char* id;
  const char* label;
  const char* icon;
};
inline const std::vector<Method>& methods() {
  static const std::vector<Method> k = {{"cash", "Cash", "payments"},
                                        {"credit_card", "Credit card", "credit_card"},
                                        {"debit_card", "Debit card", "credit_card"},
                                        {"bank_transfer", "Bank transfer", "account_balance"},
                                        {"wallet", "Mobile wallet", "account_balance_wallet"}};
  return k;
}
inline std::string method_label(const std::string& id) {
  for (const Method& m : methods())
    if (id == m.id) return m.label;
  return "Cash";
}

/// The CSV text of the entries whose date starts with `prefix` ("" for all), oldest first:
/// "Date,Title,Category,Type,Amount,Payment method,Note" then one line per entry, amounts in
/// dollars with two decimals; fields with a comma or quote are quoted.
inline std::string csv(const Phone& p, const std::string& prefix) {
  const json all = entries(p), cats = categories(p);
  auto q = [](const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string o = "\"";
    for (char c : s) o += c == '"' ? std::string("\"\"") : std::string(1, c);
    return o + "\"";
  };
  std::string out = "Date,Title,Category,Type,Amount,Payment method,Note\n";
  for (auto it = all.rbegin(); it != all.rend(); ++it) {
    const json& e = *it;
    if (e.value("date", "").rfind(prefix, 0) != 0) continue;
    const std::int64_t c = e.value("amount_cents", std::int64_t{0});
    out += e.value("date", "") + "," + q(e.value("name", "")) + "," +
           q(category_of(cats, e.value("category", "")).value("name", "")) + "," +
           (e.value("kind", "") == "income" ? "Income" : "Expense") + "," + std::to_string(c / 100) + "." + two(static_cast<int>(c % 100)) +
           "," + method_label(e.value("payment", "")) + "," + q(e.value("note", "")) + "\n";
  }
  return out;
}

}  // namespace pg::expenses
