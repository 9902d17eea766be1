#!/usr/bin/env python3
"""Writes Weather's task templates (tasks/templates/weather/*.json and
tasks/templates/cross/weather_*.json) with exact answers from the forecast model (forecast.py).
The phone's date is Thursday 2026-01-01, day 0 of the 10-day list."""
import datetime
import json
import os

from forecast import CITIES, LABEL, WET, day_forecast, day_number, temp_in, wind_in

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
OUT = os.path.join(ROOT, "tasks", "templates", "weather")
CROSS = os.path.join(ROOT, "tasks", "templates", "cross")
DEFAULT_SAVED = ["san_francisco", "chicago", "new_york", "london"]
TODAY = day_number("2026-01-01")
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
OPEN = {"type": "open_app", "app": "weather"}


def date_of(i):
    return (datetime.date(2026, 1, 1) + datetime.timedelta(days=i)).isoformat()


def day_words(i):
    d = datetime.date(2026, 1, 1) + datetime.timedelta(days=i)
    if i == 1:
        return "tomorrow"
    return "on %s, January %d" % (WEEKDAYS[d.weekday()], d.day)


def fc(cid, i):
    return day_forecast(CITIES[cid], TODAY + i)


def name(cid):
    return CITIES[cid]["name"]


def add_saved(cid):
    """Setup that puts a city among the saved ones (nothing if it already is)."""
    return [] if cid in DEFAULT_SAVED else [{"op": "add", "path": "/apps/weather/saved/-", "value": cid}]


def open_city(cid):
    return [OPEN, {"type": "click", "target": "weather.cities"}, {"scroll_to": "weather.city." + cid},
            {"type": "click", "target": "weather.city." + cid}]


def answer_steps(field, text):
    return [{"type": "open_app", "app": "answersheet"}, {"type": "click", "target": "answersheet.field." + field},
            {"type": "type", "text": text}, {"type": "click", "target": "answersheet.submit"}, {"type": "complete"}]


def tax(scope, obj, comp, diff, caps):
    return {"scope": scope, "objective": obj, "composition": comp, "difficulty": diff, "capabilities": caps}


def fix_saved(t):
    """A setup that saves the task's city: the default list plus the city (no duplicates)."""
    for op in t.get("setup", []):
        if op == {"op": "add", "path": "/apps/weather/saved/-", "value": "{q.id}"}:
            op.clear()
            op.update({"op": "replace", "path": "/apps/weather/saved", "value": "{q.saved}"})
            for row in t["parameters"]["q"]["tuple"]:
                row["saved"] = DEFAULT_SAVED + ([] if row["id"] in DEFAULT_SAVED else [row["id"]])
    return t


def write(path, t):
    fix_saved(t)
    with open(path, "w") as f:
        json.dump(t, f, indent=1, ensure_ascii=False)
        f.write("\n")


QUERY_CITIES = ["san_francisco", "chicago", "new_york", "london", "tokyo", "seattle", "paris", "sydney", "denver",
                "miami", "toronto", "berlin"]


def templates():
    T = []
    # 1. high in F on a day
    rows = []
    for cid in QUERY_CITIES[:6]:
        for i in (1, 2, 3, 4):
            rows.append({"id": cid, "city": name(cid), "day": i, "when": day_words(i),
                         "high": str(temp_in(fc(cid, i)["high10"], "F"))})
    T.append(("weather", "query_high_f", {
        "description": "Read a saved or setup-added city's high for a day of the 10-day list in Fahrenheit (the default unit).",
        "apps": ["weather", "answersheet"],
        "instruction": ["What will the high be in {q.city} {q.when}, in \u00b0F? Answer on the AnswerSheet.",
                        "Check Weather: how warm will it get in {q.city} {q.when} (\u00b0F)? Put it in the AnswerSheet."],
        "parameters": {"q": {"tuple": rows}},
        "setup": [{"op": "add", "path": "/apps/weather/saved/-", "value": "{q.id}"}],
        "answer_sheet": {"question": "What will the high be in {q.city} {q.when}, in \u00b0F?",
                         "fields": [{"id": "high", "label": "High (\u00b0F)", "type": "number"}],
                         "expected": {"high": {"match": "number", "value": "{q.high}", "tolerance": 0}}},
        "expected_changes": [],
        "oracle": open_city("{q.id}") + [{"scroll_to": "weather.day.{q.day}"}] + answer_steps("high", "{q.high}"),
        "taxonomy": tax("S1", "query", "atomic", "L2", ["navigation", "information_extraction"]),
        "step_budget": 15, "split": "train"}))
    # 2. low in C (switch units)
    rows = []
    for cid in QUERY_CITIES[:5]:
        for i in (1, 2, 5):
            rows.append({"id": cid, "city": name(cid), "day": i, "when": day_words(i),
                         "low": str(temp_in(fc(cid, i)["low10"], "C"))})
    T.append(("weather", "query_low_c", {
        "description": "A day's low in Celsius while the app shows Fahrenheit: switch the unit in Settings (or convert exactly).",
        "apps": ["weather", "answersheet"],
        "instruction": ["How cold will it get in {q.city} {q.when} in degrees Celsius? Answer on the AnswerSheet.",
                        "What's the forecast low for {q.city} {q.when}, in \u00b0C? Fill in the AnswerSheet."],
        "parameters": {"q": {"tuple": rows}},
        "setup": [{"op": "add", "path": "/apps/weather/saved/-", "value": "{q.id}"}],
        "answer_sheet": {"question": "What is the low in {q.city} {q.when}, in \u00b0C?",
                         "fields": [{"id": "low", "label": "Low (\u00b0C)", "type": "number"}],
                         "expected": {"low": {"match": "number", "value": "{q.low}", "tolerance": 0}}},
        "expected_changes": [], "allowed_changes": ["/apps/weather/temp_unit"],
        "oracle": [OPEN, {"type": "click", "target": "weather.open_settings"}, {"type": "click", "target": "weather.unit.temp.C"},
                   {"type": "back"}, {"type": "click", "target": "weather.cities"}, {"type": "click", "target": "weather.city.{q.id}"},
                   {"scroll_to": "weather.day.{q.day}"}] + answer_steps("low", "{q.low}"),
        "taxonomy": tax("S1", "query", "sequential", "L3", ["navigation", "settings", "information_extraction"]),
        "step_budget": 30, "split": "train"}))
    # 3. first wet day
    rows = []
    for cid in sorted(CITIES):
        wet = [i for i in range(10) if fc(cid, i)["condition"] in WET]
        if wet and len(rows) < 16 and wet[0] >= 1:
            kind = "snow" if fc(cid, wet[0])["condition"] == "snow" else "rain"
            rows.append({"id": cid, "city": name(cid), "day": wet[0], "date": date_of(wet[0])})
    T.append(("weather", "query_first_wet_day", {
        "description": "The first day of the 10-day list with rain, showers, thunderstorms or snow for a city the setup saves.",
        "apps": ["weather", "answersheet"],
        "instruction": ["When is the next day with rain or snow in the forecast for {q.city}? Give the date on the AnswerSheet.",
                        "Look at the 10-day forecast for {q.city}: on which date does the first rain or snow come? Use the AnswerSheet."],
        "parameters": {"q": {"tuple": rows}},
        "setup": [{"op": "add", "path": "/apps/weather/saved/-", "value": "{q.id}"}],
        "answer_sheet": {"question": "On which date is the first day with rain or snow in {q.city}?",
                         "fields": [{"id": "date", "label": "Date", "type": "date"}],
                         "expected": {"date": {"match": "date", "value": "{q.date}"}}},
        "expected_changes": [],
        "oracle": open_city("{q.id}") + [{"scroll_to": "weather.day.{q.day}"}] + answer_steps("date", "{q.date}"),
        "taxonomy": tax("S1", "query", "atomic", "L3", ["navigation", "information_extraction", "reasoning"]),
        "step_budget": 15, "split": "test"}))
    # 4. humidity / wind in m/s tomorrow
    rows = []
    for cid in QUERY_CITIES[:12]:
        f = fc(cid, 1)
        rows.append({"id": cid, "city": name(cid), "wind": str(wind_in(f["wind"], "m/s"))})
    T.append(("weather", "query_wind_ms", {
        "description": "Tomorrow's wind speed in metres per second (the app shows mph: switch the unit, open tomorrow).",
        "apps": ["weather", "answersheet"],
        "instruction": ["How windy will it be in {q.city} tomorrow, in metres per second? Answer on the AnswerSheet.",
                        "Find tomorrow's wind speed for {q.city} in m/s and put it in the AnswerSheet."],
        "parameters": {"q": {"tuple": rows}},
        "setup": [{"op": "add", "path": "/apps/weather/saved/-", "value": "{q.id}"}],
        "answer_sheet": {"question": "What is tomorrow's wind speed in {q.city}, in m/s?",
                         "fields": [{"id": "wind", "label": "Wind (m/s)", "type": "number"}],
                         "expected": {"wind": {"match": "number", "value": "{q.wind}", "tolerance": 0}}},
        "expected_changes": [], "allowed_changes": ["/apps/weather/wind_unit"],
        "oracle": [OPEN, {"type": "click", "target": "weather.open_settings"}, {"type": "click", "target": "weather.unit.wind.ms"},
                   {"type": "back"}, {"type": "click", "target": "weather.cities"}, {"type": "click", "target": "weather.city.{q.id}"},
                   {"scroll_to": "weather.day.1"}, {"type": "click", "target": "weather.day.1"}] + answer_steps("wind", "{q.wind}"),
        "taxonomy": tax("S1", "query", "sequential", "L3", ["navigation", "settings", "information_extraction"]),
        "step_budget": 30, "split": "train"}))
    # 5. add a city
    new = ["tokyo", "paris", "sydney", "berlin", "seattle", "miami", "toronto", "rome", "dubai", "singapore", "denver",
           "mexico_city", "cape_town", "reykjavik"]
    rows = [{"id": c, "city": name(c), "q": name(c)[:4]} for c in new]
    T.append(("weather", "add_city", {
        "description": "Add a city to the saved locations by searching the world list.",
        "apps": ["weather"],
        "instruction": ["Add {c.city} to my saved locations in Weather.", "I want to follow the weather in {c.city}. Add it in the Weather app."],
        "parameters": {"c": {"tuple": rows}},
        "judge": {"subtasks": [{"name": "{c.city} is saved", "path": "apps.weather.saved[*]", "op": "contains", "value": "{c.id}"},
                               {"name": "five saved locations", "path": "apps.weather.saved[*]", "op": "count", "value": 5}]},
        "expected_changes": ["/apps/weather/saved"],
        "oracle": [OPEN, {"type": "click", "target": "weather.cities"}, {"type": "click", "target": "weather.cities.search"},
                   {"type": "click", "target": "weather.search.field"}, {"type": "type", "text": "{c.city}"},
                   {"type": "click", "target": "weather.result.{c.id}"}, {"type": "complete"}],
        "taxonomy": tax("S1", "operate", "atomic", "L2", ["search", "text_input"]),
        "step_budget": 15, "split": "train"}))
    # 6. add + home
    T.append(("weather", "add_city_home", {
        "description": "Add a city and make it the home location (edit mode's home button).",
        "apps": ["weather"],
        "instruction": ["Add {c.city} in Weather and make it my home city.", "I moved to {c.city}: add it to Weather and set it as home."],
        "parameters": {"c": {"tuple": rows}},
        "judge": {"subtasks": [{"name": "{c.city} is saved", "path": "apps.weather.saved[*]", "op": "contains", "value": "{c.id}"},
                               {"name": "{c.city} is home", "path": "apps.weather.home", "op": "==", "value": "{c.id}"}]},
        "expected_changes": ["/apps/weather/saved", "/apps/weather/home"],
        "oracle": [OPEN, {"type": "click", "target": "weather.cities"}, {"type": "click", "target": "weather.cities.search"},
                   {"type": "click", "target": "weather.search.field"}, {"type": "type", "text": "{c.city}"},
                   {"type": "click", "target": "weather.result.{c.id}"}, {"type": "click", "target": "weather.cities.edit"},
                   {"scroll_to": "weather.city.{c.id}.home"}, {"type": "click", "target": "weather.city.{c.id}.home"}, {"type": "complete"}],
        "taxonomy": tax("S1", "operate", "sequential", "L3", ["search", "text_input", "navigation"]),
        "step_budget": 30, "split": "test"}))
    # The longer saved list of the edit templates.
    big = ["san_francisco", "chicago", "new_york", "london", "tokyo", "paris", "seattle", "miami", "toronto", "sydney", "berlin"]
    setup_big = [{"op": "replace", "path": "/apps/weather/saved", "value": big}]
    others = [c for c in big if c != "san_francisco"]
    # 7. remove
    rows = [{"id": c, "city": name(c)} for c in others]
    T.append(("weather", "remove_city", {
        "description": "Remove a saved location (after the confirmation dialog).",
        "apps": ["weather"],
        "instruction": ["Remove {c.city} from my saved locations in Weather.", "I don't need the weather for {c.city} anymore; delete it from Weather."],
        "parameters": {"c": {"tuple": rows}},
        "setup": setup_big,
        "judge": {"subtasks": [{"name": "{c.city} is gone", "path": "apps.weather.saved[*]", "op": "!=", "value": "{c.id}"},
                               {"name": "ten saved locations", "path": "apps.weather.saved[*]", "op": "count", "value": 10}]},
        "expected_changes": ["/apps/weather/saved"],
        "oracle": [OPEN, {"type": "click", "target": "weather.cities"}, {"type": "click", "target": "weather.cities.edit"},
                   {"scroll_to": "weather.city.{c.id}.remove"}, {"type": "click", "target": "weather.city.{c.id}.remove"},
                   {"type": "click", "target": "dialog.button.remove"}, {"type": "complete"}],
        "taxonomy": tax("S1", "operate", "atomic", "L2", ["navigation", "confirmation"]),
        "step_budget": 15, "split": "train"}))
    # 8. set home
    rows = [{"id": c, "city": name(c)} for c in others]
    T.append(("weather", "set_home", {
        "description": "Make a saved location the home location.",
        "apps": ["weather"],
        "instruction": ["Make {c.city} my home location in Weather.", "Set {c.city} as the home city in the Weather app."],
        "parameters": {"c": {"tuple": rows}},
        "setup": setup_big,
        "judge": {"subtasks": [{"name": "{c.city} is home", "path": "apps.weather.home", "op": "==", "value": "{c.id}"}]},
        "expected_changes": ["/apps/weather/home"],
        "oracle": [OPEN, {"type": "click", "target": "weather.cities"}, {"type": "click", "target": "weather.cities.edit"},
                   {"scroll_to": "weather.city.{c.id}.home"}, {"type": "click", "target": "weather.city.{c.id}.home"}, {"type": "complete"}],
        "taxonomy": tax("S1", "operate", "atomic", "L2", ["navigation"]),
        "step_budget": 15, "split": "train"}))
    # 9. move to top
    T.append(("weather", "move_to_top", {
        "description": "Move a saved location to the top of the list with the up arrows of edit mode.",
        "apps": ["weather"],
        "instruction": ["Move {c.city} to the top of my saved locations in Weather.", "Put {c.city} first in Weather's list of locations."],
        "parameters": {"c": {"tuple": [{"id": c, "city": name(c), "order": o} for c, o in MOVES]}},
        "setup": [{"op": "replace", "path": "/apps/weather/saved", "value": "{c.order}"}],
        "judge": {"subtasks": [{"name": "{c.city} is first", "path": "apps.weather.saved[0]", "op": "==", "value": "{c.id}"},
                               {"name": "still eleven locations", "path": "apps.weather.saved[*]", "op": "count", "value": 11}]},
        "expected_changes": ["/apps/weather/saved"],
        "oracle": [OPEN, {"type": "click", "target": "weather.cities"}, {"type": "click", "target": "weather.cities.edit"},
                   {"type": "click", "target": "weather.city.{c.id}.up"}, {"type": "click", "target": "weather.city.{c.id}.up"},
                   {"type": "complete"}],
        "taxonomy": tax("S1", "operate", "sequential", "L2", ["navigation"]),
        "step_budget": 15, "split": "train"}))
    # 10. units
    rows = []
    for t0, t1 in (("F", "C"), ("C", "F")):
        for w0 in ("mph", "km/h", "m/s"):
            for w1 in ("mph", "km/h", "m/s"):
                if w0 != w1:
                    rows.append({"t0": t0, "w0": w0, "t": t1, "w": w1, "tname": "Celsius" if t1 == "C" else "Fahrenheit",
                                 "wkey": {"mph": "mph", "km/h": "kmh", "m/s": "ms"}[w1]})
    T.append(("weather", "set_units", {
        "description": "Change both units in Settings (the setup starts from other units).",
        "apps": ["weather"],
        "instruction": ["In Weather, show temperatures in {u.tname} and wind speed in {u.w}.",
                        "Switch Weather to {u.tname} and wind in {u.w}."],
        "parameters": {"u": {"tuple": rows}},
        "setup": [{"op": "replace", "path": "/apps/weather/temp_unit", "value": "{u.t0}"},
                  {"op": "replace", "path": "/apps/weather/wind_unit", "value": "{u.w0}"}],
        "judge": {"subtasks": [{"name": "temperature in {u.t}", "path": "apps.weather.temp_unit", "op": "==", "value": "{u.t}"},
                               {"name": "wind in {u.w}", "path": "apps.weather.wind_unit", "op": "==", "value": "{u.w}"}]},
        "expected_changes": ["/apps/weather/temp_unit", "/apps/weather/wind_unit"],
        "oracle": [OPEN, {"type": "click", "target": "weather.open_settings"}, {"type": "click", "target": "weather.unit.temp.{u.t}"},
                   {"type": "click", "target": "weather.unit.wind.{u.wkey}"}, {"type": "complete"}],
        "taxonomy": tax("S1", "operate", "sequential", "L2", ["settings"]),
        "step_budget": 15, "split": "train"}))
    # 11. which saved city has an alert
    alerts = [("Winter Storm Warning", "Heavy snow and blowing snow expected."), ("Flood Watch", "Heavy rain may cause flooding of low-lying areas."),
              ("Wind Advisory", "Southwest winds 25 to 35 mph with gusts up to 50 mph."), ("Dense Fog Advisory", "Visibility one quarter mile or less in dense fog."),
              ("Heat Advisory", "Heat index values up to 105 expected.")]
    rows = []
    for k, c in enumerate(["chicago", "new_york", "london", "tokyo", "paris", "seattle", "miami", "toronto", "sydney", "chicago", "london", "seattle"]):
        a = alerts[k % len(alerts)]
        rows.append({"id": c, "city": name(c), "title": a[0], "text": a[1]})
    T.append(("weather", "query_alert", {
        "description": "Find which saved location has a severe-weather alert (banner on its page) and name the alert.",
        "apps": ["weather", "answersheet"],
        "instruction": ["Is there a weather alert for any of my saved places? Tell me which city and what the alert is on the AnswerSheet.",
                        "One of my Weather locations has an alert. Which city, and what kind of alert? Use the AnswerSheet."],
        "parameters": {"a": {"tuple": rows}},
        "setup": [{"op": "replace", "path": "/apps/weather/saved", "value": big},
                  {"op": "replace", "path": "/apps/weather/alerts", "value": {}},
                  {"op": "add", "path": "/apps/weather/alerts/{a.id}", "value": {"title": "{a.title}", "text": "{a.text}",
                   "source": "National Weather Service", "start_ms": 1767268800000, "end_ms": 1767398400000}}],
        "answer_sheet": {"question": "Which saved city has a weather alert, and what is it?",
                         "fields": [{"id": "city", "label": "City", "type": "text"}, {"id": "alert", "label": "Alert", "type": "text"}],
                         "expected": {"city": {"match": "text", "value": "{a.city}"}, "alert": {"match": "text", "value": "{a.title}"}}},
        "expected_changes": [],
        "oracle": open_city("{a.id}") + [{"type": "click", "target": "weather.alert"},
                                         {"type": "open_app", "app": "answersheet"}, {"type": "click", "target": "answersheet.field.city"},
                                         {"type": "type", "text": "{a.city}"}, {"type": "click", "target": "answersheet.field.alert"},
                                         {"type": "type", "text": "{a.title}"}, {"type": "click", "target": "answersheet.submit"},
                                         {"type": "complete"}],
        "taxonomy": tax("S1", "query", "deep_dive", "L3", ["navigation", "search_list", "information_extraction"]),
        "step_budget": 30, "split": "test"}))
    # 12. infeasible
    T.append(("weather", "infeasible_radar", {
        "description": "Infeasible: Weather has no radar map, air quality, pollen or hurricane tracker.",
        "apps": ["weather"],
        "instruction": ["Show me the {what} for {c.city} in the Weather app.", "Open Weather and check the {what} in {c.city}."],
        "parameters": {"c": {"tuple": [{"id": c, "city": name(c)} for c in DEFAULT_SAVED]},
                       "what": {"choice": ["precipitation radar map", "air quality index", "pollen count", "hurricane tracker"]}},
        "feasible": False,
        "expected_changes": [],
        "oracle": [OPEN, {"type": "abort", "reason": "Weather shows conditions, hourly and 10-day forecasts and alerts only: no radar, air quality, pollen or storm tracking."}],
        "taxonomy": tax("S1", "operate", "atomic", "L1", ["infeasibility"]),
        "step_budget": 15, "split": "train"}))
    # 13. show a city's forecast by switching (current city) + turn off alerts
    rows = [{"id": c, "city": name(c)} for c in DEFAULT_SAVED]
    T.append(("weather", "alerts_off", {
        "description": "Turn off severe-weather alert notifications in Settings (the setup grants the permission and may set units).",
        "apps": ["weather"],
        "instruction": ["Stop Weather from sending me severe weather alerts.", "Turn off weather alert notifications in the Weather app."],
        "parameters": {"t": {"choice": ["F", "C"]}, "w": {"choice": ["mph", "km/h", "m/s"]},
                       "g": {"choice": ["granted", "denied"]}},
        "setup": [{"op": "replace", "path": "/apps/weather/temp_unit", "value": "{t}"},
                  {"op": "replace", "path": "/apps/weather/wind_unit", "value": "{w}"},
                  {"op": "add", "path": "/os/permissions/weather", "value": {"POST_NOTIFICATIONS": "{g}"}}],
        "judge": {"subtasks": [{"name": "alerts are off", "path": "apps.weather.alert_notifications", "op": "==", "value": False}]},
        "expected_changes": ["/apps/weather/alert_notifications"],
        "oracle": [OPEN, {"type": "click", "target": "weather.open_settings"}, {"scroll_to": "weather.settings.alerts"},
                   {"type": "click", "target": "weather.settings.alerts"}, {"type": "complete"}],
        "taxonomy": tax("S1", "operate", "atomic", "L1", ["settings"]),
        "step_budget": 15, "split": "train"}))
    # 14. warmest saved location on a day (deep dive over the saved list)
    sets = [["san_francisco", "chicago", "new_york", "london"], ["tokyo", "paris", "seattle", "miami"],
            ["sydney", "toronto", "berlin", "denver"], ["london", "madrid", "rome", "dublin"],
            ["honolulu", "anchorage", "boston", "austin"], ["chicago", "phoenix", "seattle", "atlanta"]]
    rows = []
    for k, cs in enumerate(sets):
        for i in (1, 2):
            highs = [(fc(c, i)["high10"], c) for c in cs]
            best = max(highs)
            second = sorted(h for h, _ in highs)[-2]
            if temp_in(second, "F") >= temp_in(best[0], "F") - 1 or temp_in(second, "C") == temp_in(best[0], "C"):
                continue  # too close to call on the screen
            rows.append({"saved": ["san_francisco"] + [c for c in cs if c != "san_francisco"] if "san_francisco" in cs else cs,
                         "home": cs[0], "when": day_words(i), "day": i, "city": name(best[1]), "id": best[1]})
    T.append(("weather", "query_warmest", {
        "description": "Compare a day's high across all saved locations and name the warmest.",
        "apps": ["weather", "answersheet"],
        "instruction": ["Which of my saved Weather locations will be the warmest {q.when}? Answer on the AnswerSheet.",
                        "Among the places saved in Weather, where will the high be highest {q.when}? Use the AnswerSheet."],
        "parameters": {"q": {"tuple": rows}},
        "setup": [{"op": "replace", "path": "/apps/weather/saved", "value": "{q.saved}"},
                  {"op": "replace", "path": "/apps/weather/home", "value": "{q.home}"}],
        "answer_sheet": {"question": "Which saved location will be the warmest {q.when}?",
                         "fields": [{"id": "city", "label": "City", "type": "text"}],
                         "expected": {"city": {"match": "text", "value": "{q.city}"}}},
        "expected_changes": [],
        "oracle": open_city("{q.id}") + [{"scroll_to": "weather.day.{q.day}"}] + answer_steps("city", "{q.city}"),
        "taxonomy": tax("S1", "query", "deep_dive", "L3", ["navigation", "information_extraction", "reasoning"]),
        "step_budget": 30, "split": "test"}))
    # 15. infeasible unit
    T.append(("weather", "infeasible_kelvin", {
        "description": "Infeasible: Weather offers only Fahrenheit and Celsius, and km/h, mph or m/s (no Kelvin, knots or Beaufort).",
        "apps": ["weather"],
        "instruction": ["Set Weather to show {what}.", "Change the Weather app so it uses {what}."],
        "parameters": {"what": {"choice": ["temperatures in Kelvin", "wind speed in knots", "wind on the Beaufort scale",
                                           "temperatures in Rankine", "wind in feet per second"]},
                       "t": {"choice": ["F", "C"]}},
        "setup": [{"op": "replace", "path": "/apps/weather/temp_unit", "value": "{t}"}],
        "feasible": False,
        "expected_changes": [],
        "oracle": [OPEN, {"type": "click", "target": "weather.open_settings"},
                   {"type": "abort", "reason": "Weather's units are \u00b0F/\u00b0C and km/h, mph or m/s only."}],
        "taxonomy": tax("S1", "operate", "atomic", "L1", ["infeasibility", "settings"]),
        "step_budget": 15, "split": "test"}))
    # 16. wind unit alone
    rows = []
    for t0 in ("F", "C"):
        for w0 in ("mph", "km/h", "m/s"):
            for w1 in ("mph", "km/h", "m/s"):
                if w0 != w1:
                    rows.append({"t0": t0, "w0": w0, "w": w1, "wkey": {"mph": "mph", "km/h": "kmh", "m/s": "ms"}[w1],
                                 "wname": {"mph": "mph", "km/h": "km/h", "m/s": "meters per second"}[w1]})
    T.append(("weather", "set_wind_unit", {
        "description": "Switch the wind unit in Settings; the temperature unit stays as it was.",
        "apps": ["weather"],
        "instruction": ["Switch wind to {u.wname} in Weather.", "Make the Weather app show wind speed in {u.wname}."],
        "parameters": {"u": {"tuple": rows}},
        "setup": [{"op": "replace", "path": "/apps/weather/temp_unit", "value": "{u.t0}"},
                  {"op": "replace", "path": "/apps/weather/wind_unit", "value": "{u.w0}"}],
        "judge": {"subtasks": [{"name": "wind in {u.w}", "path": "apps.weather.wind_unit", "op": "==", "value": "{u.w}"}]},
        "expected_changes": ["/apps/weather/wind_unit"],
        "oracle": [OPEN, {"type": "click", "target": "weather.open_settings"}, {"type": "click", "target": "weather.unit.wind.{u.wkey}"},
                   {"type": "complete"}],
        "taxonomy": tax("S1", "operate", "atomic", "L1", ["settings"]),
        "step_budget": 15, "split": "train"}))
    # 17. current temperature set by the task (conditions override), asked in F
    rows = []
    conds = ["thunderstorm", "snow", "rain", "fog", "clear", "cloudy"]
    temps = {"thunderstorm": [24, 29, 31], "snow": [-6, -2, 0], "rain": [7, 12, 16], "fog": [3, 9], "clear": [18, 27, 35],
             "cloudy": [-11, 5, 14]}
    k = 0
    for cond in conds:
        for t in temps[cond]:
            cid = DEFAULT_SAVED[k % 4]
            k += 1
            rows.append({"id": cid, "city": name(cid), "cond": cond, "temp_c": t, "temp_f": str(temp_in(t * 10, "F"))})
    T.append(("weather", "query_now_temp", {
        "description": "The current temperature of a saved city, as the task set it (conditions override), in °F.",
        "apps": ["weather", "answersheet"],
        "instruction": ["What's the temperature in {q.city} right now, in °F? Answer on the AnswerSheet.",
                        "How warm is it in {q.city} at the moment (°F)? Check Weather and fill in the AnswerSheet."],
        "parameters": {"q": {"tuple": rows}},
        "setup": [{"op": "add", "path": "/apps/weather/conditions/{q.id}", "value": {"condition": "{q.cond}", "temp_c": "{q.temp_c}"}}],
        "answer_sheet": {"question": "What is the temperature in {q.city} now, in °F?",
                         "fields": [{"id": "temp", "label": "Temperature (°F)", "type": "number"}],
                         "expected": {"temp": {"match": "number", "value": "{q.temp_f}", "tolerance": 0}}},
        "expected_changes": [],
        "oracle": open_city("{q.id}") + answer_steps("temp", "{q.temp_f}"),
        "taxonomy": tax("S1", "query", "atomic", "L2", ["navigation", "information_extraction"]),
        "step_budget": 15, "split": "train"}))
    return T


MOVES = []
_big = ["san_francisco", "chicago", "new_york", "london", "tokyo", "paris", "seattle", "miami", "toronto", "sydney", "berlin"]
for _c in _big[1:]:
    # put the target third so two taps of its up arrow bring it to the top
    _rest = [x for x in _big if x != _c]
    MOVES.append((_c, _rest[:2] + [_c] + _rest[2:]))


def cross():
    C = []
    rows = []
    for cid in QUERY_CITIES[:12]:
        f = fc(cid, 1)
        rows.append({"id": cid, "city": name(cid), "high": str(temp_in(f["high10"], "F"))})
    C.append(("weather_text_forecast", {
        "description": "Cross-app (Weather -> Messages): read tomorrow's high for a city and text it to Mom.",
        "apps": ["weather", "messages"],
        "instruction": ["Text Mom tomorrow's high for {q.city} from the Weather app.",
                        "Mom asked how warm it will be in {q.city} tomorrow. Check Weather and text her the high."],
        "parameters": {"q": {"tuple": rows}},
        "setup": [{"op": "add", "path": "/apps/weather/saved/-", "value": "{q.id}"}],
        "judge": {"subtasks": [{"name": "Mom got the high {q.high}", "path": "apps.messages.threads.t01.messages[from=me][last].text",
                                "op": "contains", "value": "{q.high}"}]},
        "expected_changes": ["/apps/messages/threads/t01"],
        "oracle": open_city("{q.id}") + [{"scroll_to": "weather.day.1"}, {"type": "open_app", "app": "messages"},
                                         {"type": "click", "target": "messages.thread.t01"}, {"type": "click", "target": "messages.compose"},
                                         {"type": "type", "text": "Tomorrow's high in {q.city} is {q.high}\u00b0F"},
                                         {"type": "click", "target": "messages.send"}, {"type": "complete"}],
        "taxonomy": tax("S2", "hybrid", "transfer", "L4", ["cross_app", "information_extraction", "text_input"]),
        "step_budget": 30, "split": "train"}))
    rows = []
    for cid in sorted(CITIES):
        wet = [i for i in range(10) if fc(cid, i)["condition"] in ("rain", "showers", "thunderstorm")]
        if wet and wet[0] >= 1 and len(rows) < 14:
            rows.append({"id": cid, "city": name(cid), "day": wet[0], "date": date_of(wet[0])})
    C.append(("weather_umbrella_calendar", {
        "description": "Cross-app (Weather -> Calendar): on the first rainy day of a city's 10-day forecast, add a \"Take an umbrella\" event (Weather's Add to calendar opens Calendar's prefilled form; retitle it, save).",
        "apps": ["weather", "calendar"],
        "instruction": ["Put a \"Take an umbrella\" event in my calendar on the first rainy day in {q.city}.",
                        "Check when it next rains in {q.city} and add a calendar event \"Take an umbrella\" that day."],
        "parameters": {"q": {"tuple": rows}},
        "setup": [{"op": "add", "path": "/apps/weather/saved/-", "value": "{q.id}"}],
        "judge": {"subtasks": [{"name": "\"Take an umbrella\" on {q.date}", "path": "apps.calendar.events[title~=take an umbrella].date",
                                "op": "==", "value": "{q.date}"}]},
        "expected_changes": ["/apps/calendar/events/41"],
        "oracle": open_city("{q.id}") + [{"scroll_to": "weather.day.{q.day}"}, {"type": "click", "target": "weather.day.{q.day}"},
                                         {"type": "click", "target": "weather.day.calendar"},
                                         {"type": "click", "target": "calendar.form.title"},
                                         {"type": "type", "text": "Take an umbrella", "clear": True},
                                         {"type": "click", "target": "calendar.form.save"}, {"type": "complete"}],
        "taxonomy": tax("S2", "operate", "transfer", "L4", ["cross_app", "reasoning", "text_input"]),
        "step_budget": 30, "split": "test"}))
    rows = []
    for cid in QUERY_CITIES[:12]:
        f = fc(cid, 1)
        rows.append({"id": cid, "city": name(cid), "high": str(temp_in(f["high10"], "F"))})
    C.append(("weather_share_chat", {
        "description": "Cross-app (Weather -> Chat): share tomorrow's forecast for a city to a Chat conversation (day page's Share, the chooser's Chat, pick the chat, send).",
        "apps": ["weather", "chat"],
        "instruction": ["Share tomorrow's forecast for {q.city} with the {c.name} chat.",
                        "Send tomorrow's {q.city} weather from the Weather app to {c.name} on Chat."],
        "parameters": {"c": {"from_state": {"path": "view.chat.chats", "fields": ["id", "name"]}}, "q": {"tuple": rows}},
        "setup": [{"op": "add", "path": "/apps/weather/saved/-", "value": "{q.id}"}],
        "judge": {"subtasks": [{"name": "the chat got the {q.city} forecast", "path": "apps.chat.messages[chat={c.id}][kind=text].text",
                                "op": "contains", "value": "{q.city}"},
                               {"name": "with the high", "path": "apps.chat.messages[chat={c.id}][kind=text].text",
                                "op": "contains", "value": "high {q.high}"}]},
        "expected_changes": ["/apps/chat/messages"], "allowed_changes": ["/apps/chat/chats/{c.id}"],
        "oracle": open_city("{q.id}") + [{"scroll_to": "weather.day.1"}, {"type": "click", "target": "weather.day.1"},
                                         {"type": "click", "target": "weather.day.share"}, {"type": "click", "target": "dialog.button.chat"},
                                         {"scroll_to": "chat.share.row.{c.id}"}, {"type": "click", "target": "chat.share.row.{c.id}"},
                                         {"type": "click", "target": "chat.send"}, {"type": "complete"}],
        "taxonomy": tax("S2", "operate", "sequential", "L3", ["cross_app", "share", "navigation"]),
        "step_budget": 30, "split": "train"}))
    return C


def main():
    os.makedirs(OUT, exist_ok=True)
    for _, tid, t in templates():
        write(os.path.join(OUT, tid + ".json"), dict({"id": "weather." + tid}, **t))
    for tid, t in cross():
        write(os.path.join(CROSS, tid + ".json"), dict({"id": "cross." + tid}, **t))
    print("templates written")


if __name__ == "__main__":
    main()
