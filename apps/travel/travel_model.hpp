// Rail's data model: stations and lines (world data), the timetable expanded at run time from each
// line's compact service patterns (stops mask, first departure, running days) for 2026-01-01 ..
// 2026-03-01, fares per seat class, coach seat maps with deterministic occupancy, saved travellers
// and orders (world + overlay apps.travel), and the fee rules of refunds. Everything is a function
// of the state; travel.cpp draws it. Money is integer cents; times are the phone's local time.
#pragma once

#include "sim/os/app.hpp"
#include "sim/os/clock_format.hpp"
#include "sim/os/phone.hpp"
#include "sim/state/overlay.hpp"
#include "sim/state/world.hpp"
#include "sim/util/hash.hpp"
#include "sim/util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace pg::travel {

using json = nlohmann::json;

constexpr const char* kApp = "travel";
constexpr const char* kFirstDate = "2026-01-01";  ///< the timetable's first day
constexpr const char* kLastDate = "2026-03-01";   ///< and its last
constexpr std::int64_t kHoldMs = 30 * 60000;       ///< an unpaid order is held 30 minutes
constexpr int kMaxPassengers = 5;

inline json& st(Phone& p) { return own_state(p, kApp); }
inline const json& st(const Phone& p) { return own_state(p, kApp); }

/// A world collection with the app's overlay applied (stations and lines have no overlay).
inline json view(const Phone& p, const char* coll) {
  return resolve_collection(World::instance(), st(p), kApp, coll);
}
inline const json& stations() {
  static const json s = resolve_collection(World::instance(), json::object(), kApp, "stations");
  return s;
}
inline const json& lines() {
  static const json s = resolve_collection(World::instance(), json::object(), kApp, "lines");
  return s;
}
/// The station with this code, or null.
inline const json* station(const std::string& id) {
  for (const json& s : stations())
    if (s.value("id", "") == id) return &s;
  return nullptr;
}
inline std::string station_name(const std::string& id) {
  const json* s = station(id);
  return s ? s->value("name", id) : id;
}

// ---------------------------------------------------------------- text and money

/// "$12.90" from cents.
inline std::string money(std::int64_t cents) {
  const bool neg = cents < 0;
  if (neg) cents = -cents;
  std::string c = std::to_string(cents % 100);
  if (c.size() < 2) c = "0" + c;
  return std::string(neg ? "-" : "") + "$" + std::to_string(cents / 100) + "." + c;
}
/// "2h 05m" from minutes.
inline std::string duration_text(int min) {
  std::string m = std::to_string(min % 60);
  if (m.size() < 2) m = "0" + m;
  return std::to_string(min / 60) + "h " + m + "m";
}

// ---------------------------------------------------------------- dates

inline std::int64_t day_of(const std::string& date) {
  std::int64_t d = 0;
  return parse_iso_date(date, d) ? d : 0;
}
inline std::string add_days(const std::string& date, int n) { return iso_date(day_of(date) + n); }
/// 0 = Sunday.
inline int weekday(const std::string& date) { return static_cast<int>(((day_of(date) % 7) + 11) % 7); }
/// Local ms of a date and a time (minutes after midnight).
inline std::int64_t local_ms(const std::string& date, int minutes) {
  return day_of(date) * 86400000LL + static_cast<std::int64_t>(minutes) * 60000LL;
}
/// The phone's local date today ("2026-01-01").
inline std::string today(const Phone& p) { return iso_date(p.local_time_ms() / 86400000LL); }
inline bool in_timetable(const std::string& date) { return date >= kFirstDate && date <= kLastDate; }
/// "Sat, Jan 3", in the phone's locale.
inline std::string short_date(const std::string& date) {
  return format_date_ms(day_of(date) * 86400000LL, DateStyle::ShortWeekdayMonthDay);
}

// ---------------------------------------------------------------- the timetable

inline int speed_kmh(const std::string& type) { return type == "express" ? 128 : type == "intercity" ? 96 : 72; }
inline std::string type_label(const std::string& type) {
  return type == "express" ? "Express" : type == "intercity" ? "Intercity" : "Regional";
}

/// One stop of a service: station code and minutes after midnight.
struct Stop {
  std::string station;
  int min = 0;
};

/// Stops of a service in travel order (the generator gen_world.py replays the same rule): the
/// first departure plus distance at the type's speed, plus 2 minutes per intermediate stop.
inline std::vector<Stop> service_stops(const json& line, const json& svc) {
  const json& ids = line["stations"];
  const json& km = line["km"];
  const std::string mask = svc.value("stops", "");
  const int n = static_cast<int>(ids.size());
  std::vector<int> order;
  for (int k = 0; k < n; ++k) order.push_back(svc.value("dir", 0) == 0 ? k : n - 1 - k);
  std::vector<int> stops;
  for (int k : order)
    if (k < static_cast<int>(mask.size()) && mask[k] == '1') stops.push_back(k);
  const int t0 = parse_hhmm(svc.value("dep", "00:00")), v = speed_kmh(svc.value("type", ""));
  std::vector<Stop> out;
  for (std::size_t j = 0; j < stops.size(); ++j) {
    const int dist = std::abs(km[stops[j]].get<int>() - km[stops[0]].get<int>());
    out.push_back({ids[stops[j]].get<std::string>(), t0 + (dist * 60 + v / 2) / v + 2 * std::max(0, static_cast<int>(j) - 1)});
  }
  return out;
}

inline bool runs_on(const json& svc, const std::string& date) {
  if (!in_timetable(date)) return false;
  const std::string days = svc.value("days", "daily");
  const int wd = weekday(date);
  if (days == "weekdays") return wd >= 1 && wd <= 5;
  if (days == "weekends") return wd == 0 || wd == 6;
  return true;
}

/// One train between two stations on one day: what a results row shows.
struct Trip {
  std::string train, type, line, line_name, date, from, to;
  int dep = 0, arr = 0, km = 0, stops_between = 0;
  int duration() const { return arr - dep; }
};

/// Fare per passenger: a distance fare by train type, first 1.6x and business 2.7x standard.
inline int fare_cents(const std::string& type, int km, const std::string& cls) {
  const int mult = type == "express" ? 120 : type == "intercity" ? 100 : 85;
  int std_c = (350 + km * 11) * mult / 100;
  std_c = (std_c + 5) / 10 * 10;
  if (cls == "first") return std_c * 16 / 100 * 10;
  if (cls == "business") return std_c * 27 / 100 * 10;
  return std_c;
}
/// Seat classes a train type offers, dearest first.
inline std::vector<std::string> classes_of(const std::string& type) {
  if (type == "regional") return {"first", "standard"};
  return {"business", "first", "standard"};
}
inline std::string class_label(const std::string& cls) {
  return cls == "business" ? "Business" : cls == "first" ? "First" : "Standard";
}

/// Every train from `from` to `to` on `date`, by departure.
inline std::vector<Trip> search_trips(const std::string& from, const std::string& to, const std::string& date) {
  std::vector<Trip> out;
  if (from.empty() || to.empty() || from == to) return out;
  for (const json& line : lines()) {
    const json& ids = line["stations"];
    int kf = -1, kt = -1;
    for (std::size_t k = 0; k < ids.size(); ++k) {
      if (ids[k] == from) kf = static_cast<int>(k);
      if (ids[k] == to) kt = static_cast<int>(k);
    }
    if (kf < 0 || kt < 0) continue;
    for (const json& svc : line["services"]) {
      if (!runs_on(svc, date)) continue;
      const std::vector<Stop> stops = service_stops(line, svc);
      int jf = -1, jt = -1;
      for (std::size_t j = 0; j < stops.size(); ++j) {
        if (stops[j].station == from) jf = static_cast<int>(j);
        if (stops[j].station == to) jt = static_cast<int>(j);
      }
      if (jf < 0 || jt <= jf) continue;
      Trip t;
      t.train = svc.value("train", "");
      t.type = svc.value("type", "");
      t.line = line.value("id", "");
      t.line_name = line.value("name", "");
      t.date = date;
      t.from = from;
      t.to = to;
      t.dep = stops[jf].min;
      t.arr = stops[jt].min;
      t.km = std::abs(line["km"][kt].get<int>() - line["km"][kf].get<int>());
      t.stops_between = jt - jf - 1;
      out.push_back(t);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const Trip& a, const Trip& b) { return a.dep < b.dep; });
  return out;
}

/// The trip of train `train` from `from` to `to` on `date`; false if it does not run so.
inline bool find_trip(const std::string& train, const std::string& date, const std::string& from, const std::string& to,
                      Trip& out) {
  for (const Trip& t : search_trips(from, to, date))
    if (t.train == train) {
      out = t;
      return true;
    }
  return false;
}

/// All stops of a train (for the train page's timeline).
inline std::vector<Stop> train_stops(const std::string& train) {
  for (const json& line : lines())
    for (const json& svc : line["services"])
      if (svc.value("train", "") == train) return service_stops(line, svc);
  return {};
}

// ---------------------------------------------------------------- seats

/// The coach layout of a class: rows and seat letters (A and D are window seats).
struct Coach {
  int rows;
  std::string letters;
};
inline Coach coach_of(const std::string& cls) {
  if (cls == "business") return {5, "AD"};
  if (cls == "first") return {9, "ACD"};
  return {16, "ABCD"};
}
inline bool is_window(char letter) { return letter == 'A' || letter == 'D'; }
/// "07A".
inline std::string seat_id(int row, char letter) {
  std::string r = std::to_string(row);
  if (r.size() < 2) r = "0" + r;
  return r + letter;
}

/// Status of an order as the user sees it: "unpaid", "expired" (held 30 minutes and not paid),
/// "paid", "cancelled" or "refunded".
inline std::string effective_status(const json& o, std::int64_t now_ms) {
  const std::string s = o.value("status", "");
  if (s == "unpaid" && now_ms > o.value("held_until_ms", std::int64_t{0})) return "expired";
  return s;
}
inline std::int64_t departure_ms(const json& o) {
  return local_ms(o.value("date", ""), parse_hhmm(o.value("depart", "00:00")));
}

/// Seats taken on a train, day and class: other travellers' (a deterministic hash of the train,
/// day and seat against the train's load) and the seats of live orders in the state.
inline std::set<std::string> taken_seats(const Phone& p, const std::string& train, const std::string& date,
                                         const std::string& cls, const std::string& except_order = "") {
  std::set<std::string> out;
  const Coach c = coach_of(cls);
  const std::string key = train + "|" + date + "|" + cls;
  const std::uint32_t load = 15 + fnv1a32(key) % 80;  // % of seats other travellers hold
  for (int r = 1; r <= c.rows; ++r)
    for (char l : c.letters) {
      const std::string s = seat_id(r, l);
      if (fnv1a32(key + "|" + s) % 100 < load) out.insert(s);
    }
  for (const json& o : resolve_collection(World::instance(), st(p), kApp, "orders")) {
    if (o.value("id", "") == except_order) continue;
    const std::string es = effective_status(o, p.now_ms());
    if (es != "paid" && es != "unpaid") continue;
    if (o.value("train", "") != train || o.value("date", "") != date || o.value("class", "") != cls) continue;
    for (const json& x : o.value("passengers", json::array())) out.insert(x.value("seat", ""));
  }
  return out;
}
inline int seats_left(const Phone& p, const std::string& train, const std::string& date, const std::string& cls) {
  const Coach c = coach_of(cls);
  return c.rows * static_cast<int>(c.letters.size()) - static_cast<int>(taken_seats(p, train, date, cls).size());
}
/// `n` free seats avoiding `taken`: one passenger gets the first free window seat; a group sits
/// together in the first row with room for all of them, else takes the first free seats (window
/// seats first).
inline std::vector<std::string> auto_seats(const std::set<std::string>& taken, const std::string& cls, int n) {
  std::vector<std::string> out;
  const Coach c = coach_of(cls);
  if (n >= 2 && n <= static_cast<int>(c.letters.size()))
    for (int r = 1; r <= c.rows; ++r) {
      std::vector<std::string> row;
      for (char l : c.letters)
        if (!taken.count(seat_id(r, l))) row.push_back(seat_id(r, l));
      if (static_cast<int>(row.size()) >= n) return std::vector<std::string>(row.begin(), row.begin() + n);
    }
  for (int pass = 0; pass < 2 && static_cast<int>(out.size()) < n; ++pass)
    for (int r = 1; r <= c.rows && static_cast<int>(out.size()) < n; ++r)
      for (char l : c.letters) {
        if (static_cast<int>(out.size()) >= n) break;
        if (is_window(l) != (pass == 0)) continue;
        const std::string s = seat_id(r, l);
        if (!taken.count(s)) out.push_back(s);
      }
  return out;
}

// ---------------------------------------------------------------- refunds

/// The refund fee in percent for a departure at local `dep_ms` seen at local `now_ms`: more than
/// 48 h before 0%, 24-48 h 5%, under 24 h 20%; -1 once the train has left (no refund).
inline int refund_fee_pct(std::int64_t dep_ms, std::int64_t now_ms) {
  const std::int64_t h = dep_ms - now_ms;
  if (h <= 0) return -1;
  if (h > 48 * 3600000LL) return 0;
  if (h >= 24 * 3600000LL) return 5;
  return 20;
}

// ---------------------------------------------------------------- travellers

/// Checks an ID number for its type: a passport is 9 letters or digits, a national ID 12 digits.
/// Returns "" or the error to show.
inline std::string id_number_error(const std::string& type, const std::string& number) {
  if (number.empty()) return "Enter an ID number";
  if (type == "national") {
    bool digits = number.size() == 12;
    for (char c : number) digits = digits && std::isdigit(static_cast<unsigned char>(c));
    return digits ? "" : "A national ID number has exactly 12 digits";
  }
  bool ok = number.size() == 9;
  for (char c : number) ok = ok && std::isalnum(static_cast<unsigned char>(c));
  return ok ? "" : "A passport number has exactly 9 letters or digits";
}
/// "X4821••••" style masking for lists: the first four characters then dots.
inline std::string masked_id(const std::string& number) {
  std::string out = number.substr(0, std::min<std::size_t>(4, number.size()));
  for (std::size_t i = 4; i < number.size(); ++i) out += "\xE2\x80\xA2";
  return out;
}

}  // namespace pg::travel
