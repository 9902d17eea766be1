// The forecast model (see weather_model.hpp). Integer arithmetic only where a number is shown
// or asked about; sunrise/sunset use doubles (shown, rounded to minutes).
#include "apps/weather/weather_model.hpp"

#include "sim/util/hash.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace pg::weather {
namespace {

int month_of(std::int64_t day) {  // 0..11 (Hinnant's civil_from_days)
  const std::int64_t z = day + 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const std::int64_t doe = z - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  const std::int64_t m = mp < 10 ? mp + 3 : mp - 9;
  return static_cast<int>(m - 1);
}

int at(const nlohmann::json& city, const char* key, int m) { return city.at(key).at(static_cast<std::size_t>(m)).get<int>(); }

int anomaly_raw(const nlohmann::json& city, std::int64_t day) {
  const int span = city.value("var", 3) * 10;
  return static_cast<int>(mix(city.value("id", ""), day, 1) % static_cast<std::uint64_t>(2 * span + 1)) - span;
}

// Per-mille weights of a half cosine: rising over 9 hours (06 -> 15), falling over 15 (15 -> 06).
constexpr int kUp[10] = {0, 30, 117, 250, 413, 587, 750, 883, 970, 1000};
constexpr int kDown[16] = {0, 11, 43, 95, 165, 250, 345, 448, 552, 655, 750, 835, 905, 957, 989, 1000};
constexpr int kDecl[12] = {-21, -13, -2, 10, 19, 23, 21, 14, 3, -9, -19, -23};

}  // namespace

std::uint64_t mix(const std::string& city, std::int64_t day, int salt) {
  const std::uint64_t h = fnv1a64(city, kFnv1a64ShortBasis);  // the basis gen/forecast.py uses
  return splitmix64_mix(h ^ (static_cast<std::uint64_t>(day) * kSplitMix64Gamma) ^
                        (static_cast<std::uint64_t>(salt) * 0xBF58476D1CE4E5B9ULL));
}

Day day_forecast(const nlohmann::json& city, std::int64_t day) {
  const std::string id = city.value("id", "");
  const int m = month_of(day);
  const int anom = static_cast<int>(fdiv(anomaly_raw(city, day - 1) + 2 * anomaly_raw(city, day) + anomaly_raw(city, day + 1), 4));
  Day d;
  d.high10 = at(city, "high", m) + anom;
  d.low10 = at(city, "low", m) + static_cast<int>(fdiv(anom * 3, 4)) + static_cast<int>(mix(id, day, 2) % 21) - 10;
  if (d.low10 > d.high10 - 20) d.low10 = d.high10 - 20;
  const bool wet = static_cast<int>(mix(id, day, 3) % 100) < at(city, "wet", m);
  const int pick = static_cast<int>(mix(id, day, 4) % 6);
  if (wet) {
    if (d.high10 <= 20) d.condition = "snow";
    else if (d.high10 >= 250 && pick < 2) d.condition = "thunderstorm";
    else d.condition = pick % 2 == 0 ? "rain" : "showers";
  } else {
    const int c = static_cast<int>(mix(id, day, 5) % 100);
    d.condition = c < 40 ? "clear" : c < 70 ? "partly_cloudy" : c < 90 ? "cloudy" : (city.value("humidity", 60) >= 75 ? "fog" : "cloudy");
  }
  d.precip = wet ? 60 + static_cast<int>(mix(id, day, 6) % 36) : static_cast<int>(mix(id, day, 6) % 25);
  d.humidity = std::clamp(city.value("humidity", 60) + (wet ? 10 : 0) + static_cast<int>(mix(id, day, 7) % 11) - 5, 15, 99);
  d.wind = std::max(2, city.value("wind", 12) + static_cast<int>(mix(id, day, 8) % 11) - 5);
  const int lat = static_cast<int>(std::lround(city.value("lat", 0.0)));
  int uv = std::max(1, 12 - std::abs(lat - kDecl[m]) * 10 / 75);
  if (wet || d.condition == "cloudy" || d.condition == "fog") uv = std::max(1, uv / 2);
  d.uv = uv;
  return d;
}

Hour hour_forecast(const nlohmann::json& city, std::int64_t day, int hour) {
  const Day today = day_forecast(city, day);
  Hour h;
  if (hour >= 6 && hour <= 15) {
    h.temp10 = today.low10 + rdiv(static_cast<std::int64_t>(today.high10 - today.low10) * kUp[hour - 6], 1000);
  } else if (hour > 15) {
    const Day next = day_forecast(city, day + 1);
    h.temp10 = today.high10 + rdiv(static_cast<std::int64_t>(next.low10 - today.high10) * kDown[hour - 15], 1000);
  } else {
    const Day prev = day_forecast(city, day - 1);
    h.temp10 = prev.high10 + rdiv(static_cast<std::int64_t>(today.low10 - prev.high10) * kDown[hour + 9], 1000);
  }
  const bool wet = today.condition == "rain" || today.condition == "showers" || today.condition == "thunderstorm" ||
                   today.condition == "snow";
  const int roll = static_cast<int>(mix(city.value("id", ""), day, 100 + hour) % 100);
  if (wet) {
    h.condition = roll < today.precip ? today.condition : "cloudy";
    h.precip = roll < today.precip ? today.precip : today.precip / 3;
  } else {
    h.condition = today.condition;
    h.precip = today.precip;
  }
  return h;
}

void sun_times(const nlohmann::json& city, std::int64_t day, int& rise_min, int& set_min) {
  const double pi = 3.14159265358979323846;
  const std::int64_t z = day + 719468;  // day of the year from March 1 is enough for the declination
  const double doy = static_cast<double>(((z % 146097) + 146097) % 146097 % 1461 % 365) + 60.0;
  const double decl = -23.44 * std::cos(2 * pi * (doy + 10) / 365.0) * pi / 180.0;
  const double lat = city.value("lat", 0.0) * pi / 180.0;
  double c = -std::tan(lat) * std::tan(decl);
  c = std::clamp(c, -1.0, 1.0);
  const double half = std::acos(c) * 180.0 / pi / 15.0 * 60.0;  // minutes
  const double noon = 720.0 - 4.0 * city.value("lon", 0.0) + city.value("tz_min", 0);
  rise_min = static_cast<int>(std::lround(noon - half));
  set_min = static_cast<int>(std::lround(noon + half));
}

int temp_in(int temp10, const std::string& unit) {
  return unit == "F" ? rdiv(static_cast<std::int64_t>(temp10) * 9 + 1600, 50) : rdiv(temp10, 10);
}

int wind_in(int kmh, const std::string& unit) {
  if (unit == "mph") return rdiv(static_cast<std::int64_t>(kmh) * 1000, 1609);
  if (unit == "m/s") return rdiv(static_cast<std::int64_t>(kmh) * 10, 36);
  return kmh;
}

std::string condition_label(const std::string& c, bool night) {
  if (c == "clear") return night ? "Clear" : "Sunny";
  if (c == "partly_cloudy") return night ? "Mostly clear" : "Partly cloudy";
  if (c == "cloudy") return "Cloudy";
  if (c == "fog") return "Fog";
  if (c == "rain") return "Rain";
  if (c == "showers") return "Showers";
  if (c == "thunderstorm") return "Thunderstorms";
  if (c == "snow") return "Snow";
  return c;
}

}  // namespace pg::weather
