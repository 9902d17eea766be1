#!/usr/bin/python3
"""Writes world/cities.json: the cities Compass knows, with their magnetic declination.

Declination is in tenths of a degree, east positive (WMM2025 values for early 2026, rounded),
so the app computes the true heading with integer arithmetic. Deterministic: a fixed table.
"""
import json
import os

# id, name, country, latitude, longitude, declination (tenths of a degree, east +)
CITIES = [
    ("san_francisco", "San Francisco", "United States", "37.7749", "-122.4194", 129),
    ("los_angeles", "Los Angeles", "United States", "34.0522", "-118.2437", 114),
    ("seattle", "Seattle", "United States", "47.6062", "-122.3321", 150),
    ("denver", "Denver", "United States", "39.7392", "-104.9903", 76),
    ("chicago", "Chicago", "United States", "41.8781", "-87.6298", -34),
    ("new_york", "New York", "United States", "40.7128", "-74.0060", -126),
    ("boston", "Boston", "United States", "42.3601", "-71.0589", -140),
    ("miami", "Miami", "United States", "25.7617", "-80.1918", -65),
    ("anchorage", "Anchorage", "United States", "61.2181", "-149.9003", 142),
    ("honolulu", "Honolulu", "United States", "21.3069", "-157.8583", 92),
    ("toronto", "Toronto", "Canada", "43.6532", "-79.3832", -98),
    ("mexico_city", "Mexico City", "Mexico", "19.4326", "-99.1332", 44),
    ("sao_paulo", "São Paulo", "Brazil", "-23.5505", "-46.6333", -220),
    ("reykjavik", "Reykjavik", "Iceland", "64.1466", "-21.9426", -116),
    ("london", "London", "United Kingdom", "51.5072", "-0.1276", 9),
    ("paris", "Paris", "France", "48.8566", "2.3522", 23),
    ("berlin", "Berlin", "Germany", "52.5200", "13.4050", 50),
    ("moscow", "Moscow", "Russia", "55.7558", "37.6173", 126),
    ("cape_town", "Cape Town", "South Africa", "-33.9249", "18.4241", -256),
    ("dubai", "Dubai", "United Arab Emirates", "25.2048", "55.2708", 25),
    ("mumbai", "Mumbai", "India", "19.0760", "72.8777", -3),
    ("tokyo", "Tokyo", "Japan", "35.6762", "139.6503", -79),
    ("sydney", "Sydney", "Australia", "-33.8688", "151.2093", 129),
]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = []
    for i, (cid, name, country, lat, lon, decl) in enumerate(CITIES):
        out.append({"id": cid, "name": name, "country": country, "lat": lat, "lon": lon,
                    "declination_tenths": decl, "order": i})
    with open(os.path.join(here, "..", "world", "cities.json"), "w") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
