#!/usr/bin/env python3
"""The forecast model of weather_model.cpp in Python (integer arithmetic, identical results), for
the task templates' exact answers. `python3 forecast.py chicago 2026-01-03` prints that day."""
import datetime
import json
import os
import sys

M64 = (1 << 64) - 1
K_DECL = [-21, -13, -2, 10, 19, 23, 21, 14, 3, -9, -19, -23]
HERE = os.path.dirname(os.path.abspath(__file__))
CITIES = {c["id"]: c for c in json.load(open(os.path.join(HERE, "..", "world", "cities.json")))}
EPOCH = datetime.date(1970, 1, 1)


def mix(city, day, salt):
    h = 1469598103934665603
    for ch in city.encode():
        h ^= ch
        h = (h * 1099511628211) & M64
    x = h ^ ((day * 0x9E3779B97F4A7C15) & M64) ^ ((salt * 0xBF58476D1CE4E5B9) & M64)
    x = (x + 0x9E3779B97F4A7C15) & M64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & M64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & M64
    return x ^ (x >> 31)


def rdiv(a, b):
    return (a + b // 2) // b if a >= 0 else -((-a + b // 2) // b)


def anomaly_raw(c, day):
    span = c["var"] * 10
    return mix(c["id"], day, 1) % (2 * span + 1) - span


def day_forecast(c, day):
    m = (EPOCH + datetime.timedelta(days=day)).month - 1
    cid = c["id"]
    anom = (anomaly_raw(c, day - 1) + 2 * anomaly_raw(c, day) + anomaly_raw(c, day + 1)) // 4
    high = c["high"][m] + anom
    low = c["low"][m] + (anom * 3) // 4 + mix(cid, day, 2) % 21 - 10
    low = min(low, high - 20)
    wet = mix(cid, day, 3) % 100 < c["wet"][m]
    pick = mix(cid, day, 4) % 6
    if wet:
        if high <= 20:
            cond = "snow"
        elif high >= 250 and pick < 2:
            cond = "thunderstorm"
        else:
            cond = "rain" if pick % 2 == 0 else "showers"
    else:
        r = mix(cid, day, 5) % 100
        cond = "clear" if r < 40 else "partly_cloudy" if r < 70 else "cloudy" if r < 90 else (
            "fog" if c["humidity"] >= 75 else "cloudy")
    precip = 60 + mix(cid, day, 6) % 36 if wet else mix(cid, day, 6) % 25
    humidity = max(15, min(99, c["humidity"] + (10 if wet else 0) + mix(cid, day, 7) % 11 - 5))
    wind = max(2, c["wind"] + mix(cid, day, 8) % 11 - 5)
    return {"high10": high, "low10": low, "condition": cond, "precip": precip, "humidity": humidity, "wind": wind}


def temp_in(t10, unit):
    return rdiv(t10 * 9 + 1600, 50) if unit == "F" else rdiv(t10, 10)


def wind_in(kmh, unit):
    return rdiv(kmh * 1000, 1609) if unit == "mph" else rdiv(kmh * 10, 36) if unit == "m/s" else kmh


LABEL = {"clear": "Sunny", "partly_cloudy": "Partly cloudy", "cloudy": "Cloudy", "fog": "Fog", "rain": "Rain",
         "showers": "Showers", "thunderstorm": "Thunderstorms", "snow": "Snow"}
WET = {"rain", "showers", "thunderstorm", "snow"}


def day_number(iso):
    return (datetime.date.fromisoformat(iso) - EPOCH).days


if __name__ == "__main__":
    d = day_forecast(CITIES[sys.argv[1]], day_number(sys.argv[2]))
    print(d, temp_in(d["high10"], "F"), temp_in(d["low10"], "F"), temp_in(d["high10"], "C"), temp_in(d["low10"], "C"))
