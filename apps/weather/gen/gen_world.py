#!/usr/bin/env python3
"""Writes apps/weather/world/cities.json: ~60 cities with coordinates, a standard time zone
offset and compact climate data (monthly mean highs/lows in tenths of a degree C, the chance of a
wet day per month in percent, day-to-day variability, base humidity and wind). Deterministic.
Forecasts are computed from these at run time (weather.cpp; gen/forecast.py mirrors it)."""
import json
import math
import os

# id, name, region, country, lat, lon, tz (min), jan hi, jan lo, jul hi, jul lo (C), wet% jan, wet% jul,
# variability (C), humidity %, wind km/h
CITIES = [
    ("san_francisco", "San Francisco", "California", "United States", 37.77, -122.42, -480, 14, 8, 22, 13, 35, 3, 3, 75, 16),
    ("new_york", "New York", "New York", "United States", 40.71, -74.01, -300, 4, -3, 29, 21, 32, 33, 5, 62, 18),
    ("chicago", "Chicago", "Illinois", "United States", 41.88, -87.63, -360, 0, -8, 29, 20, 35, 33, 6, 70, 19),
    ("london", "London", "England", "United Kingdom", 51.51, -0.13, 0, 8, 2, 24, 14, 50, 30, 3, 80, 15),
    ("tokyo", "Tokyo", "Tokyo", "Japan", 35.68, 139.69, 540, 10, 1, 31, 23, 15, 38, 3, 55, 12),
    ("paris", "Paris", "Ile-de-France", "France", 48.86, 2.35, 60, 7, 3, 25, 15, 45, 28, 3, 82, 13),
    ("berlin", "Berlin", "Berlin", "Germany", 52.52, 13.40, 60, 3, -2, 25, 14, 42, 33, 4, 84, 14),
    ("madrid", "Madrid", "Madrid", "Spain", 40.42, -3.70, 60, 10, 3, 33, 19, 20, 6, 3, 70, 11),
    ("rome", "Rome", "Lazio", "Italy", 41.90, 12.50, 60, 12, 3, 31, 18, 30, 8, 3, 75, 10),
    ("amsterdam", "Amsterdam", "North Holland", "Netherlands", 52.37, 4.90, 60, 6, 1, 22, 13, 55, 38, 3, 87, 21),
    ("dublin", "Dublin", "Leinster", "Ireland", 53.35, -6.26, 0, 8, 3, 20, 12, 55, 40, 2, 85, 20),
    ("stockholm", "Stockholm", "Stockholm", "Sweden", 59.33, 18.07, 60, 1, -3, 23, 14, 40, 32, 4, 85, 14),
    ("oslo", "Oslo", "Oslo", "Norway", 59.91, 10.75, 60, -1, -6, 22, 13, 38, 36, 4, 82, 10),
    ("moscow", "Moscow", "Moscow", "Russia", 55.76, 37.62, 180, -5, -11, 24, 14, 45, 38, 5, 85, 13),
    ("istanbul", "Istanbul", "Istanbul", "Turkey", 41.01, 28.98, 180, 9, 3, 28, 20, 45, 8, 3, 75, 17),
    ("athens", "Athens", "Attica", "Greece", 37.98, 23.73, 120, 13, 7, 33, 23, 35, 3, 3, 68, 14),
    ("cairo", "Cairo", "Cairo", "Egypt", 30.04, 31.24, 120, 19, 9, 35, 22, 5, 0, 2, 58, 14),
    ("dubai", "Dubai", "Dubai", "United Arab Emirates", 25.20, 55.27, 240, 24, 14, 41, 30, 5, 1, 2, 60, 15),
    ("mumbai", "Mumbai", "Maharashtra", "India", 19.08, 72.88, 330, 30, 17, 30, 25, 1, 85, 1, 70, 11),
    ("delhi", "Delhi", "Delhi", "India", 28.61, 77.21, 330, 21, 8, 35, 27, 8, 55, 2, 65, 9),
    ("bangkok", "Bangkok", "Bangkok", "Thailand", 13.76, 100.50, 420, 32, 22, 33, 26, 3, 55, 1, 72, 10),
    ("singapore", "Singapore", "Singapore", "Singapore", 1.35, 103.82, 480, 30, 24, 31, 25, 50, 45, 1, 84, 9),
    ("hong_kong", "Hong Kong", "Hong Kong", "China", 22.32, 114.17, 480, 19, 14, 32, 27, 10, 60, 2, 75, 13),
    ("shanghai", "Shanghai", "Shanghai", "China", 31.23, 121.47, 480, 8, 1, 32, 26, 30, 40, 3, 75, 13),
    ("beijing", "Beijing", "Beijing", "China", 39.90, 116.40, 480, 2, -8, 31, 22, 5, 45, 4, 45, 11),
    ("seoul", "Seoul", "Seoul", "South Korea", 37.57, 126.98, 540, 2, -6, 29, 22, 15, 55, 4, 60, 10),
    ("sydney", "Sydney", "New South Wales", "Australia", -33.87, 151.21, 660, 26, 19, 17, 8, 35, 25, 3, 65, 17),
    ("melbourne", "Melbourne", "Victoria", "Australia", -37.81, 144.96, 660, 26, 14, 14, 6, 25, 40, 5, 60, 18),
    ("auckland", "Auckland", "Auckland", "New Zealand", -36.85, 174.76, 780, 24, 16, 15, 8, 28, 55, 2, 75, 19),
    ("honolulu", "Honolulu", "Hawaii", "United States", 21.31, -157.86, -600, 27, 19, 31, 23, 30, 20, 1, 68, 17),
    ("los_angeles", "Los Angeles", "California", "United States", 34.05, -118.24, -480, 20, 9, 29, 18, 18, 1, 3, 62, 10),
    ("san_diego", "San Diego", "California", "United States", 32.72, -117.16, -480, 19, 9, 25, 18, 18, 1, 2, 68, 11),
    ("seattle", "Seattle", "Washington", "United States", 47.61, -122.33, -480, 8, 3, 26, 14, 60, 10, 3, 80, 13),
    ("portland", "Portland", "Oregon", "United States", 45.52, -122.68, -480, 9, 2, 28, 14, 58, 8, 3, 80, 12),
    ("denver", "Denver", "Colorado", "United States", 39.74, -104.99, -420, 7, -8, 32, 16, 15, 30, 7, 45, 14),
    ("phoenix", "Phoenix", "Arizona", "United States", 33.45, -112.07, -420, 19, 7, 41, 29, 12, 15, 3, 35, 10),
    ("las_vegas", "Las Vegas", "Nevada", "United States", 36.17, -115.14, -480, 14, 4, 40, 28, 8, 5, 3, 30, 12),
    ("austin", "Austin", "Texas", "United States", 30.27, -97.74, -360, 17, 5, 36, 23, 22, 15, 6, 65, 14),
    ("dallas", "Dallas", "Texas", "United States", 32.78, -96.80, -360, 14, 3, 36, 25, 22, 16, 7, 62, 17),
    ("houston", "Houston", "Texas", "United States", 29.76, -95.37, -360, 17, 7, 34, 24, 28, 30, 5, 75, 13),
    ("miami", "Miami", "Florida", "United States", 25.76, -80.19, -300, 24, 16, 33, 25, 20, 55, 2, 73, 15),
    ("atlanta", "Atlanta", "Georgia", "United States", 33.75, -84.39, -300, 12, 1, 32, 22, 33, 38, 6, 68, 14),
    ("boston", "Boston", "Massachusetts", "United States", 42.36, -71.06, -300, 2, -6, 28, 19, 35, 30, 5, 65, 20),
    ("washington", "Washington", "District of Columbia", "United States", 38.91, -77.04, -300, 6, -2, 31, 22, 30, 32, 5, 64, 15),
    ("philadelphia", "Philadelphia", "Pennsylvania", "United States", 39.95, -75.17, -300, 5, -3, 31, 21, 32, 32, 5, 66, 16),
    ("minneapolis", "Minneapolis", "Minnesota", "United States", 44.98, -93.27, -360, -5, -14, 29, 19, 30, 35, 7, 72, 17),
    ("detroit", "Detroit", "Michigan", "United States", 42.33, -83.05, -300, 0, -7, 28, 18, 40, 32, 6, 74, 17),
    ("nashville", "Nashville", "Tennessee", "United States", 36.16, -86.78, -360, 9, -2, 32, 21, 35, 33, 6, 70, 13),
    ("new_orleans", "New Orleans", "Louisiana", "United States", 29.95, -90.07, -360, 17, 8, 33, 24, 30, 50, 5, 76, 13),
    ("anchorage", "Anchorage", "Alaska", "United States", 61.22, -149.90, -540, -4, -11, 19, 11, 30, 45, 5, 75, 11),
    ("toronto", "Toronto", "Ontario", "Canada", 43.65, -79.38, -300, -1, -8, 27, 17, 45, 32, 5, 75, 18),
    ("vancouver", "Vancouver", "British Columbia", "Canada", 49.28, -123.12, -480, 7, 1, 22, 14, 65, 12, 3, 82, 11),
    ("montreal", "Montreal", "Quebec", "Canada", 45.50, -73.57, -300, -5, -13, 26, 16, 48, 35, 6, 73, 16),
    ("mexico_city", "Mexico City", "Mexico City", "Mexico", 19.43, -99.13, -360, 22, 6, 23, 12, 6, 75, 2, 50, 9),
    ("sao_paulo", "Sao Paulo", "Sao Paulo", "Brazil", -23.55, -46.63, -180, 28, 19, 23, 12, 60, 15, 3, 78, 12),
    ("rio_de_janeiro", "Rio de Janeiro", "Rio de Janeiro", "Brazil", -22.91, -43.17, -180, 30, 23, 26, 18, 45, 20, 2, 78, 13),
    ("buenos_aires", "Buenos Aires", "Buenos Aires", "Argentina", -34.60, -58.38, -180, 30, 20, 15, 7, 30, 25, 4, 70, 15),
    ("lima", "Lima", "Lima", "Peru", -12.05, -77.04, -300, 26, 20, 19, 15, 2, 5, 1, 80, 13),
    ("cape_town", "Cape Town", "Western Cape", "South Africa", -33.92, 18.42, 120, 27, 16, 18, 8, 5, 45, 3, 70, 22),
    ("nairobi", "Nairobi", "Nairobi", "Kenya", -1.29, 36.82, 180, 26, 13, 22, 11, 15, 12, 2, 65, 14),
    ("reykjavik", "Reykjavik", "Capital Region", "Iceland", 64.15, -21.94, 0, 2, -3, 14, 9, 60, 45, 3, 78, 25),
    ("lisbon", "Lisbon", "Lisbon", "Portugal", 38.72, -9.14, 0, 15, 8, 28, 18, 40, 3, 2, 75, 16),
]


def monthly(jan, jul):
    """Twelve monthly means (tenths of a unit) on a cosine between the January and July values."""
    mid, amp = (jan + jul) / 2.0, (jan - jul) / 2.0
    return [int(round(10 * (mid + amp * math.cos(2 * math.pi * m / 12.0)))) for m in range(12)]


def main():
    out = []
    for (cid, name, region, country, lat, lon, tz, jhi, jlo, uhi, ulo, wj, wu, var, hum, wind) in CITIES:
        wet = [int(round(v / 10.0)) for v in monthly(wj, wu)]
        out.append({"id": cid, "name": name, "region": region, "country": country, "lat": lat, "lon": lon,
                    "tz_min": tz, "high": monthly(jhi, uhi), "low": monthly(jlo, ulo), "wet": wet,
                    "var": var, "humidity": hum, "wind": wind})
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "world", "cities.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print(len(out), "cities ->", os.path.normpath(path))


if __name__ == "__main__":
    main()
