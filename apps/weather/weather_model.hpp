// Weather's forecast model: deterministic integer functions of (city climate, day, hour), so
// every page, instance and platform shows the same numbers. gen/forecast.py mirrors it exactly
// (the task templates' answers come from there).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace pg::weather {

/// One day of forecast for a city (temperatures in tenths of a degree Celsius).
struct Day {
  int high10 = 0, low10 = 0;
  std::string condition;  ///< clear, partly_cloudy, cloudy, fog, rain, showers, thunderstorm, snow
  int precip = 0;         ///< chance of precipitation, %
  int humidity = 0;       ///< %
  int wind = 0;           ///< km/h
  int uv = 0;             ///< UV index at midday
};

/// One hour: temperature (tenths °C) and the condition at that hour.
struct Hour {
  int temp10 = 0;
  std::string condition;
  int precip = 0;
};

/// Floor division (b > 0), as Python's //.
inline std::int64_t fdiv(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
/// Integer division rounding half away from zero (b > 0).
inline int rdiv(std::int64_t a, std::int64_t b) { return static_cast<int>(a >= 0 ? (a + b / 2) / b : -((-a + b / 2) / b)); }

/// splitmix64 over the city id's FNV-1a hash, the day and a salt: the model's only randomness.
std::uint64_t mix(const std::string& city, std::int64_t day, int salt);
/// The day's forecast for `city` (an entry of world/cities.json) on day `day` (days since 1970-01-01).
Day day_forecast(const nlohmann::json& city, std::int64_t day);
/// Hour `hour` (0..23) of day `day` in the city's local time.
Hour hour_forecast(const nlohmann::json& city, std::int64_t day, int hour);
/// Sunrise and sunset in minutes after the city's local midnight (standard time).
void sun_times(const nlohmann::json& city, std::int64_t day, int& rise_min, int& set_min);

/// A temperature (tenths °C) in the unit "C" or "F", rounded: "-3", "27".
int temp_in(int temp10, const std::string& unit);
/// Wind (km/h) as the unit says: "km/h", "mph" or "m/s" (rounded).
int wind_in(int kmh, const std::string& unit);
/// "Sunny", "Partly cloudy", ... (night: "Clear").
std::string condition_label(const std::string& condition, bool night = false);

}  // namespace pg::weather
