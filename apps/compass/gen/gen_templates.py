#!/usr/bin/python3
"""Writes Compass's task templates (tasks/templates/compass/*.json and
tasks/templates/cross/compass_*.json). Expected answers (direction, true heading, mils) are
computed here with the app's own integer rules, from world/cities.json. Deterministic."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
CITIES = {c["id"]: c for c in json.load(open(os.path.join(HERE, "..", "world", "cities.json")))}
NAMES = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
# headings at least 5 degrees from a sector boundary (22.5 + 45k)
HEADINGS = [5, 38, 52, 80, 104, 118, 140, 163, 195, 214, 233, 247, 262, 290, 305, 330, 350]


def direction(d):
    return NAMES[((d % 360) * 2 + 45) // 90 % 8]


def true_heading(m, tenths):
    t = m * 10 + tenths + 5
    return (t // 10) % 360


def mils(d):
    return ((d % 360) * 320 + 9) // 18 % 6400


def heading_setup(slot="{h}"):
    return {"op": "replace", "path": "/apps/compass/sensor/heading_deg", "value": slot}


def answer_oracle(field, value):
    return [{"type": "open_app", "app": "answersheet"}, {"type": "click", "target": "answersheet.field." + field},
            {"type": "type", "text": value}, {"type": "click", "target": "answersheet.submit"}, {"type": "complete"}]


def tax(objective, difficulty, caps, scope="S1", composition="atomic", **kw):
    t = {"scope": scope, "objective": objective, "composition": composition, "difficulty": difficulty, "capabilities": caps}
    t.update(kw)
    return t


OPEN = {"type": "open_app", "app": "compass"}
T = []

# ---------------------------------------------------------------- queries
T.append({
    "id": "compass.query_direction",
    "description": "The sensor faces a heading at least 5 degrees from a sector boundary; the agent reads the 8-point direction under the heading (magnetic north, the default).",
    "apps": ["compass"],
    "instruction": ["Which direction am I facing (N, NE, E, SE, S, SW, W or NW)? Use the Compass app.",
                    "Check the compass: which way is my phone pointing?"],
    "parameters": {"q": {"tuple": [{"h": h, "dir": direction(h)} for h in HEADINGS]}},
    "setup": [heading_setup("{q.h}")],
    "answer_sheet": {"question": "Which direction am I facing?",
                     "fields": [{"id": "direction", "label": "Direction", "type": "choice", "options": NAMES}],
                     "expected": {"direction": {"match": "choice", "value": "{q.dir}"}}},
    "expected_changes": [],
    "oracle": [OPEN, {"type": "open_app", "app": "answersheet"},
               {"type": "click", "target": "answersheet.field.direction.option.{q.dir}"},
               {"type": "click", "target": "answersheet.submit"}, {"type": "complete"}],
    "taxonomy": tax("query", "L1", ["reading"]), "step_budget": 15, "split": "train"})

mag_cases = []
for i, h in enumerate(HEADINGS):
    cid = list(CITIES)[(i * 5) % len(CITIES)]
    mag_cases.append({"h": h, "city": cid})
T.append({
    "id": "compass.query_magnetic_heading",
    "description": "The compass shows true north in some city; the agent reports the magnetic heading (switch to magnetic north, or subtract the declination). The north setting may change on the way.",
    "apps": ["compass"],
    "instruction": ["What is the magnetic heading right now, in degrees?",
                    "Tell me my magnetic compass heading (degrees)."],
    "parameters": {"q": {"tuple": mag_cases}},
    "setup": [heading_setup("{q.h}"), {"op": "replace", "path": "/apps/compass/north", "value": "true"},
              {"op": "replace", "path": "/apps/compass/location", "value": "{q.city}"}],
    "answer_sheet": {"question": "What is the magnetic heading?",
                     "fields": [{"id": "heading", "label": "Magnetic heading (degrees)", "type": "number"}],
                     "expected": {"heading": {"match": "number", "value": "{q.h}", "tolerance": 0}}},
    "expected_changes": [], "allowed_changes": ["/apps/compass/north"],
    "oracle": [OPEN, {"type": "click", "target": "compass.true_north"}] + answer_oracle("heading", "{q.h}"),
    "taxonomy": tax("query", "L2", ["reading", "toggle"]), "step_budget": 15, "split": "test"})

true_cases = []
for i, h in enumerate(HEADINGS):
    cid = list(CITIES)[(i * 7 + 3) % len(CITIES)]
    c = CITIES[cid]
    t = true_heading(h, c["declination_tenths"])
    true_cases.append({"h": h, "city": cid, "name": c["name"], "t": t, "ts": str(t)})
T.append({
    "id": "compass.query_true_heading",
    "description": "The location is set to a city with a known declination; the agent reports the true heading (magnetic + declination, rounded), e.g. by switching to true north.",
    "apps": ["compass"],
    "instruction": ["I'm in {q.name}. What's my heading relative to true north, in degrees?",
                    "Use the compass to find my true-north heading."],
    "parameters": {"q": {"tuple": true_cases}},
    "setup": [heading_setup("{q.h}"), {"op": "replace", "path": "/apps/compass/location", "value": "{q.city}"}],
    "answer_sheet": {"question": "What is the true heading?",
                     "fields": [{"id": "heading", "label": "True heading (degrees)", "type": "number"}],
                     "expected": {"heading": {"match": "number", "value": "{q.t}", "tolerance": 0}}},
    "expected_changes": [], "allowed_changes": ["/apps/compass/north"],
    "oracle": [OPEN, {"type": "click", "target": "compass.true_north"}] + answer_oracle("heading", "{q.t}"),
    "taxonomy": tax("query", "L2", ["reading", "toggle"]), "step_budget": 15, "split": "train"})

T.append({
    "id": "compass.query_mils",
    "description": "The agent reports the (magnetic) heading in mils (6400 per turn), e.g. by switching the units in Settings.",
    "apps": ["compass"],
    "instruction": ["What is my compass heading in mils?", "Give me the current heading in mils, please."],
    "parameters": {"q": {"tuple": [{"h": h, "m": mils(h)} for h in HEADINGS]}},
    "setup": [heading_setup("{q.h}")],
    "answer_sheet": {"question": "What is the heading in mils?",
                     "fields": [{"id": "mils", "label": "Heading (mils)", "type": "number"}],
                     "expected": {"mils": {"match": "number", "value": "{q.m}", "tolerance": 1}}},
    "expected_changes": [], "allowed_changes": ["/apps/compass/units"],
    "oracle": [{"goto": "compass.settings"}, {"type": "click", "target": "compass.settings.units.mils"},
               {"type": "back"}] + answer_oracle("mils", "{q.m}"),
    "taxonomy": tax("query", "L2", ["reading", "settings"]), "step_budget": 30, "split": "test"})

level_cases = [{"p": p, "r": r} for p, r in [(2, -3), (0, 7), (-4, 1), (5, 5), (-1, -6), (8, 0), (3, -9), (-7, 2), (0, 12), (6, -2), (-3, 4), (1, 15)]]
T.append({
    "id": "compass.query_roll",
    "description": "The sensor reports a pitch and a roll; the agent opens the Level tab and reports the roll angle.",
    "apps": ["compass"],
    "instruction": ["Using the level in Compass, what's the roll angle of my phone?",
                    "How many degrees is the phone rolled, according to the Compass level?"],
    "parameters": {"q": {"tuple": level_cases}},
    "setup": [{"op": "replace", "path": "/apps/compass/sensor/pitch_deg", "value": "{q.p}"},
              {"op": "replace", "path": "/apps/compass/sensor/roll_deg", "value": "{q.r}"}],
    "answer_sheet": {"question": "What is the roll angle?",
                     "fields": [{"id": "roll", "label": "Roll (degrees)", "type": "number"}],
                     "expected": {"roll": {"match": "number", "value": "{q.r}", "tolerance": 0}}},
    "expected_changes": [],
    "oracle": [OPEN, {"type": "click", "target": "compass.tab.level"}] + answer_oracle("roll", "{q.r}"),
    "taxonomy": tax("query", "L2", ["reading", "navigation"]), "step_budget": 15, "split": "train"})

lock_cases = []
for i, h in enumerate(HEADINGS[:14]):
    off = [12, -25, 40, -8, 63, -90, 17, -31, 5, -47, 110, -2, 29, -74][i]
    lock_cases.append({"h": h, "l": (h - off) % 360, "d": abs(off)})
T.append({
    "id": "compass.query_lock_offset",
    "description": "A bearing is locked; the agent reports how many degrees the current heading is off the locked bearing.",
    "apps": ["compass"],
    "instruction": ["How many degrees am I off my locked compass bearing?",
                    "I locked a bearing in Compass. By how many degrees am I off it now?"],
    "parameters": {"q": {"tuple": lock_cases}},
    "setup": [heading_setup("{q.h}"), {"op": "replace", "path": "/apps/compass/locked_deg", "value": "{q.l}"}],
    "answer_sheet": {"question": "How many degrees off the locked bearing?",
                     "fields": [{"id": "offset", "label": "Offset (degrees)", "type": "number"}],
                     "expected": {"offset": {"match": "number", "value": "{q.d}", "tolerance": 0}}},
    "expected_changes": [],
    "oracle": [OPEN] + answer_oracle("offset", "{q.d}"),
    "taxonomy": tax("query", "L1", ["reading"]), "step_budget": 15, "split": "test"})

# ---------------------------------------------------------------- operate
T.append({
    "id": "compass.switch_true_north",
    "description": "The compass uses magnetic north (default); the agent switches it to true north. The heading and city vary.",
    "apps": ["compass"],
    "instruction": ["Switch the compass to true north.", "Make Compass show headings relative to true north."],
    "parameters": {"h": {"choice": HEADINGS}, "city": {"choice": ["san_francisco", "seattle", "new_york", "london", "tokyo"]}},
    "setup": [heading_setup(), {"op": "replace", "path": "/apps/compass/location", "value": "{city}"}],
    "judge": {"subtasks": [{"name": "true north is on", "path": "apps.compass.north", "op": "==", "value": "true"}]},
    "expected_changes": ["/apps/compass/north"],
    "oracle": [OPEN, {"type": "click", "target": "compass.true_north"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L1", ["toggle"]), "step_budget": 15, "split": "train"})

T.append({
    "id": "compass.switch_magnetic_north",
    "description": "The compass uses true north; the agent turns it back to magnetic north (Settings switch or the chip).",
    "apps": ["compass"],
    "instruction": ["Set the compass back to magnetic north.", "Turn off true north in Compass settings."],
    "parameters": {"h": {"choice": HEADINGS}},
    "setup": [heading_setup(), {"op": "replace", "path": "/apps/compass/north", "value": "true"}],
    "judge": {"subtasks": [{"name": "magnetic north", "path": "apps.compass.north", "op": "==", "value": "magnetic"}]},
    "expected_changes": ["/apps/compass/north"],
    "oracle": [{"goto": "compass.settings"}, {"type": "click", "target": "compass.settings.true_north"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L1", ["settings", "toggle"]), "step_budget": 15, "split": "test"})

T.append({
    "id": "compass.calibrate",
    "description": "The sensor accuracy is low; the agent follows the calibration prompt (figure 8) and confirms Done, which sets accuracy to high.",
    "apps": ["compass"],
    "instruction": ["My compass says it needs calibrating. Please calibrate it.", "Calibrate the compass."],
    "parameters": {"h": {"choice": HEADINGS}},
    "setup": [heading_setup(), {"op": "replace", "path": "/apps/compass/sensor/accuracy", "value": "low"}],
    "judge": {"subtasks": [{"name": "accuracy is high", "path": "apps.compass.sensor.accuracy", "op": "==", "value": "high"}]},
    "expected_changes": ["/apps/compass/sensor/accuracy"],
    "oracle": [OPEN, {"type": "click", "target": "compass.calibrate"}, {"type": "click", "target": "compass.calibrate.done"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L1", ["navigation"]), "step_budget": 15, "split": "train"})

T.append({
    "id": "compass.lock_heading",
    "description": "The agent locks the current heading; the locked bearing (magnetic) equals the sensor heading.",
    "apps": ["compass"],
    "instruction": ["Lock my current heading in Compass.", "Mark the bearing I'm facing now so I can follow it."],
    "parameters": {"h": {"choice": HEADINGS}},
    "setup": [heading_setup()],
    "judge": {"subtasks": [{"name": "the heading {h} is locked", "path": "apps.compass.locked_deg", "op": "==", "value": "{h}"}]},
    "expected_changes": ["/apps/compass/locked_deg"],
    "oracle": [OPEN, {"type": "click", "target": "compass.lock"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L1", ["tap"]), "step_budget": 15, "split": "train"})

T.append({
    "id": "compass.unlock_heading",
    "description": "A bearing is locked; the agent clears it.",
    "apps": ["compass"],
    "instruction": ["Clear the locked bearing in Compass.", "Unlock the heading on my compass."],
    "parameters": {"l": {"choice": HEADINGS}},
    "setup": [{"op": "replace", "path": "/apps/compass/locked_deg", "value": "{l}"}],
    "judge": {"subtasks": [{"name": "no bearing is locked", "path": "apps.compass.locked_deg", "op": "==", "value": -1}]},
    "expected_changes": ["/apps/compass/locked_deg"],
    "oracle": [OPEN, {"type": "click", "target": "compass.lock"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L1", ["tap"]), "step_budget": 15, "split": "test"})

T.append({
    "id": "compass.switch_mils",
    "description": "The agent switches the compass units from degrees to mils in Settings.",
    "apps": ["compass"],
    "instruction": ["Switch the compass to mils.", "Change Compass's units to mils."],
    "parameters": {"h": {"choice": HEADINGS}},
    "setup": [heading_setup()],
    "judge": {"subtasks": [{"name": "units are mils", "path": "apps.compass.units", "op": "==", "value": "mils"}]},
    "expected_changes": ["/apps/compass/units"],
    "oracle": [{"goto": "compass.settings"}, {"type": "click", "target": "compass.settings.units.mils"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L1", ["settings"]), "step_budget": 15, "split": "train"})

T.append({
    "id": "compass.keep_screen_on",
    "description": "The agent turns on Keep screen on in Compass settings (units may already be mils: a distractor).",
    "apps": ["compass"],
    "instruction": ["Keep the screen on while Compass is open.", "Stop my screen from turning off when I use the compass."],
    "parameters": {"h": {"choice": HEADINGS}, "units": {"choice": ["degrees", "mils"]}},
    "setup": [heading_setup(), {"op": "replace", "path": "/apps/compass/units", "value": "{units}"}],
    "judge": {"subtasks": [{"name": "keep screen on", "path": "apps.compass.keep_screen_on", "op": "==", "value": True}]},
    "expected_changes": ["/apps/compass/keep_screen_on"],
    "oracle": [{"goto": "compass.settings"}, {"type": "click", "target": "compass.settings.keep_screen_on"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L1", ["settings", "toggle"]), "step_budget": 15, "split": "train"})

T.append({
    "id": "compass.set_location",
    "description": "The agent sets the declination location to a city from the list in Settings > Location.",
    "apps": ["compass"],
    "instruction": ["I'm in {c.name} now. Set that as the compass location.", "Change the Compass location to {c.name}."],
    "parameters": {"c": {"from_state": {"path": "view.compass.cities[id!=san_francisco]", "fields": ["id", "name"]}}},
    "judge": {"subtasks": [{"name": "location {c.name}", "path": "apps.compass.location", "op": "==", "value": "{c.id}"}]},
    "expected_changes": ["/apps/compass/location"],
    "oracle": [{"goto": "compass.location"}, {"scroll_to": "compass.location.{c.id}"},
               {"type": "click", "target": "compass.location.{c.id}"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L2", ["settings", "search_list"]), "step_budget": 15, "split": "test"})

T.append({
    "id": "compass.true_north_in_city",
    "description": "Sequential: set the location to a city, then switch to true north.",
    "apps": ["compass"],
    "instruction": ["I just landed in {c.name}. Set the compass location there and use true north."],
    "parameters": {"c": {"from_state": {"path": "view.compass.cities[id!=san_francisco]", "fields": ["id", "name"]}}},
    "judge": {"subtasks": [{"name": "location {c.name}", "path": "apps.compass.location", "op": "==", "value": "{c.id}"},
                           {"name": "true north", "path": "apps.compass.north", "op": "==", "value": "true"}]},
    "expected_changes": ["/apps/compass/location", "/apps/compass/north"],
    "oracle": [{"goto": "compass.location"}, {"scroll_to": "compass.location.{c.id}"},
               {"type": "click", "target": "compass.location.{c.id}"},
               {"type": "click", "target": "compass.settings.true_north"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L2", ["settings", "search_list", "toggle"], composition="sequential"),
    "step_budget": 15, "split": "train"})

T.append({
    "id": "compass.calibrate_then_direction",
    "description": "Hybrid: accuracy is low; the agent calibrates and then reports the 8-point direction.",
    "apps": ["compass"],
    "instruction": ["Calibrate the compass, then tell me which direction I'm facing."],
    "parameters": {"q": {"tuple": [{"h": h, "dir": direction(h)} for h in HEADINGS]}},
    "setup": [heading_setup("{q.h}"), {"op": "replace", "path": "/apps/compass/sensor/accuracy", "value": "low"}],
    "judge": {"subtasks": [{"name": "accuracy is high", "path": "apps.compass.sensor.accuracy", "op": "==", "value": "high"}]},
    "answer_sheet": {"question": "Which direction am I facing?",
                     "fields": [{"id": "direction", "label": "Direction", "type": "choice", "options": NAMES}],
                     "expected": {"direction": {"match": "choice", "value": "{q.dir}"}}},
    "expected_changes": ["/apps/compass/sensor/accuracy"],
    "oracle": [OPEN, {"type": "click", "target": "compass.calibrate"}, {"type": "click", "target": "compass.calibrate.done"},
               {"type": "open_app", "app": "answersheet"},
               {"type": "click", "target": "answersheet.field.direction.option.{q.dir}"},
               {"type": "click", "target": "answersheet.submit"}, {"type": "complete"}],
    "taxonomy": tax("hybrid", "L2", ["navigation", "reading"], composition="sequential"), "step_budget": 30, "split": "test"})

T.append({
    "id": "compass.infeasible_altitude",
    "description": "Infeasible: Compass has no altimeter (only heading, level, declination). The right ending is abort; nothing may change.",
    "apps": ["compass"],
    "instruction": ["Use the Compass app to tell me my altitude above sea level.",
                    "What's my elevation according to Compass?"],
    "parameters": {"h": {"choice": HEADINGS}},
    "setup": [heading_setup()],
    "feasible": False,
    "judge": {"subtasks": [{"name": "the compass settings are unchanged", "path": "apps.compass.units", "op": "unchanged"}]},
    "expected_changes": [],
    "oracle": [OPEN, {"type": "click", "target": "compass.settings"},
               {"type": "abort", "reason": "Compass shows heading, level and declination only; it has no altitude reading."}],
    "taxonomy": tax("query", "L1", ["infeasibility"]), "step_budget": 15, "split": "train"})

T.append({
    "id": "compass.infeasible_grads",
    "description": "Infeasible: the units are degrees or mils only; grads (gons) do not exist. The right ending is abort; the units stay.",
    "apps": ["compass"],
    "instruction": ["Switch the compass units to grads.", "Make Compass show the heading in gradians."],
    "parameters": {"h": {"choice": HEADINGS}},
    "setup": [heading_setup()],
    "feasible": False,
    "judge": {"subtasks": [{"name": "the units are unchanged", "path": "apps.compass.units", "op": "unchanged"}]},
    "expected_changes": [],
    "oracle": [{"goto": "compass.settings"},
               {"type": "abort", "reason": "Compass offers degrees and mils only; there is no grads option."}],
    "taxonomy": tax("operate", "L1", ["settings", "infeasibility"]), "step_budget": 15, "split": "test"})

T.append({
    "id": "compass.query_pitch",
    "description": "The sensor reports a pitch and a roll; the agent opens the Level tab and reports the pitch angle (roll is the distractor).",
    "apps": ["compass"],
    "instruction": ["What pitch angle does the Compass level show?", "Check the level in Compass: how many degrees of pitch?"],
    "parameters": {"q": {"tuple": level_cases}},
    "setup": [{"op": "replace", "path": "/apps/compass/sensor/pitch_deg", "value": "{q.p}"},
              {"op": "replace", "path": "/apps/compass/sensor/roll_deg", "value": "{q.r}"}],
    "answer_sheet": {"question": "What is the pitch angle?",
                     "fields": [{"id": "pitch", "label": "Pitch (degrees)", "type": "number"}],
                     "expected": {"pitch": {"match": "number", "value": "{q.p}", "tolerance": 0}}},
    "expected_changes": [],
    "oracle": [OPEN, {"type": "click", "target": "compass.tab.level"}] + answer_oracle("pitch", "{q.p}"),
    "taxonomy": tax("query", "L2", ["reading", "navigation"]), "step_budget": 15, "split": "test"})

decl_cases = []
for cid, c in CITIES.items():
    if cid == "san_francisco":
        continue
    t = c["declination_tenths"]
    decl_cases.append({"id": cid, "name": c["name"], "v": "%d.%d" % (abs(t) // 10, abs(t) % 10),
                       "side": "East" if t > 0 else "West"})
decl_cases = [d for d in decl_cases if d["v"] != "0.0"]
T.append({
    "id": "compass.query_declination",
    "description": "The agent looks up a city's magnetic declination in Compass (Settings > Location lists it; choosing the city also shows it under Use true north) and reports its size and side. The location may change on the way.",
    "apps": ["compass"],
    "instruction": ["According to Compass, what is the magnetic declination in {q.name}?",
                    "How far off true north is magnetic north in {q.name}? Check the Compass app."],
    "parameters": {"q": {"tuple": decl_cases}},
    "answer_sheet": {"question": "What is the magnetic declination in {q.name}?",
                     "fields": [{"id": "degrees", "label": "Declination (degrees)", "type": "number"},
                                {"id": "side", "label": "Direction", "type": "choice", "options": ["East", "West"]}],
                     "expected": {"degrees": {"match": "number", "value": "{q.v}", "tolerance": 0.05},
                                  "side": {"match": "choice", "value": "{q.side}"}}},
    "expected_changes": [], "allowed_changes": ["/apps/compass/location"],
    "oracle": [{"goto": "compass.location"}, {"scroll_to": "compass.location.{q.id}"},
               {"type": "open_app", "app": "answersheet"}, {"type": "click", "target": "answersheet.field.degrees"},
               {"type": "type", "text": "{q.v}"}, {"type": "click", "target": "answersheet.field.side.option.{q.side}"},
               {"type": "click", "target": "answersheet.submit"}, {"type": "complete"}],
    "taxonomy": tax("query", "L3", ["reading", "settings", "search_list"]), "step_budget": 30, "split": "train"})

T.append({
    "id": "compass.calibrate_and_lock",
    "description": "Sequential: the accuracy is low; the agent calibrates, then locks the current heading.",
    "apps": ["compass"],
    "instruction": ["Calibrate the compass and then lock the heading I'm facing.",
                    "Fix the compass calibration, then mark my current bearing."],
    "parameters": {"h": {"choice": HEADINGS}},
    "setup": [heading_setup(), {"op": "replace", "path": "/apps/compass/sensor/accuracy", "value": "low"}],
    "judge": {"subtasks": [{"name": "accuracy is high", "path": "apps.compass.sensor.accuracy", "op": "==", "value": "high"},
                           {"name": "the heading {h} is locked", "path": "apps.compass.locked_deg", "op": "==", "value": "{h}"}]},
    "expected_changes": ["/apps/compass/sensor/accuracy", "/apps/compass/locked_deg"],
    "oracle": [OPEN, {"type": "click", "target": "compass.calibrate"}, {"type": "click", "target": "compass.calibrate.done"},
               {"type": "click", "target": "compass.lock"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L2", ["navigation", "tap"], composition="sequential"), "step_budget": 15, "split": "train"})

T.append({
    "id": "compass.field_setup",
    "description": "Sequential settings: mils, true north and keep screen on, as for field navigation (the heading is a distractor).",
    "apps": ["compass"],
    "instruction": ["Set up the compass for land navigation: mils, true north, and keep the screen on.",
                    "In Compass, switch to mils and true north, and keep the screen from turning off."],
    "parameters": {"h": {"choice": HEADINGS}},
    "setup": [heading_setup()],
    "judge": {"subtasks": [{"name": "units are mils", "path": "apps.compass.units", "op": "==", "value": "mils"},
                           {"name": "true north", "path": "apps.compass.north", "op": "==", "value": "true"},
                           {"name": "keep screen on", "path": "apps.compass.keep_screen_on", "op": "==", "value": True}]},
    "expected_changes": ["/apps/compass/units", "/apps/compass/north", "/apps/compass/keep_screen_on"],
    "oracle": [{"goto": "compass.settings"}, {"type": "click", "target": "compass.settings.true_north"},
               {"type": "click", "target": "compass.settings.units.mils"},
               {"type": "click", "target": "compass.settings.keep_screen_on"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L3", ["settings", "toggle"], composition="sequential"), "step_budget": 15, "split": "test"})

# ---------------------------------------------------------------- cross-app
MSG_PERM = {"op": "add", "path": "/os/permissions/messages", "value": {"POST_NOTIFICATIONS": "granted"}}
C = []
C.append({
    "id": "cross.compass_text_heading",
    "description": "Share the heading from Compass (share button: SEND text) to a Messages contact; the message holds the degrees and the direction.",
    "apps": ["compass", "messages"],
    "instruction": ["Text {t.name} which way I'm facing, using Compass's share button.",
                    "Send {t.name} my compass heading in Messages."],
    "parameters": {"q": {"tuple": [{"h": h, "dir": direction(h)} for h in HEADINGS]},
                   "t": {"from_state": {"path": "view.messages.threads[name!=]", "fields": ["id", "name"]}}},
    "setup": [heading_setup("{q.h}"), MSG_PERM],
    "judge": {"subtasks": [
        {"name": "{t.name} got {q.h}", "path": "apps.messages.threads.{t.id}.messages[from=me].text", "op": "contains", "value": "{q.h}\u00b0"},
        {"name": "and {q.dir}", "path": "apps.messages.threads.{t.id}.messages[from=me].text", "op": "contains", "value": "\u00b0 {q.dir} "}]},
    "expected_changes": ["/apps/messages/threads/{t.id}"],
    "oracle": [OPEN, {"type": "click", "target": "compass.share"}, {"type": "click", "target": "dialog.button.messages"},
               {"type": "type", "text": "{t.name}"}, {"type": "click", "target": "messages.contact.{t.id}"},
               {"type": "click", "target": "messages.send"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L3", ["cross_app", "share"], scope="S2", composition="sequential"),
    "step_budget": 30, "split": "train"})

C.append({
    "id": "cross.compass_chat_heading",
    "description": "Share the heading from Compass to a Chat friend (SEND -> chooser -> Chat).",
    "apps": ["compass", "chat"],
    "instruction": ["Share my compass heading with {c.name} on Chat.", "Send {c.name} the direction I'm facing through Chat."],
    "parameters": {"q": {"tuple": [{"h": h, "dir": direction(h)} for h in HEADINGS]},
                   "c": {"from_state": {"path": "view.chat.chats[kind=direct]", "fields": ["id", "name"]}}},
    "setup": [heading_setup("{q.h}")],
    "judge": {"subtasks": [
        {"name": "{c.name} got {q.h}", "path": "apps.chat.messages[chat={c.id}].text", "op": "contains", "value": "{q.h}\u00b0 {q.dir} "}]},
    "expected_changes": ["/apps/chat/messages/1001"], "allowed_changes": ["/apps/chat/chats/{c.id}"],
    "oracle": [OPEN, {"type": "click", "target": "compass.share"}, {"type": "click", "target": "dialog.button.chat"},
               {"scroll_to": "chat.share.row.{c.id}"}, {"type": "click", "target": "chat.share.row.{c.id}"},
               {"type": "click", "target": "chat.send"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L3", ["cross_app", "share"], scope="S2", composition="sequential"),
    "step_budget": 30, "split": "test"})

C.append({
    "id": "cross.compass_note_bearing",
    "description": "Read the true heading in Compass (location set) and write it into a new Keep note titled Bearing.",
    "apps": ["compass", "notes"],
    "instruction": ["Save my current true-north bearing in a new Keep note titled \"Bearing\".",
                    "Make a Keep note called \"Bearing\" with the true heading the compass shows."],
    "parameters": {"q": {"tuple": true_cases}},
    "setup": [heading_setup("{q.h}"), {"op": "replace", "path": "/apps/compass/location", "value": "{q.city}"},
              {"op": "replace", "path": "/apps/compass/north", "value": "true"}],
    "judge": {"subtasks": [
        {"name": "a note Bearing", "path": "apps.notes.notes[title~=Bearing].title", "op": "exists"},
        {"name": "it says {q.t}", "path": "apps.notes.notes[title~=Bearing].body", "op": "contains", "value": "{q.ts}"}]},
    "expected_changes": ["/apps/notes/notes"],
    "oracle": [OPEN, {"type": "open_app", "app": "notes"}, {"type": "click", "target": "notes.fab"},
               {"type": "click", "target": "notes.editor.title"}, {"type": "type", "text": "Bearing"},
               {"type": "click", "target": "notes.editor.body"}, {"type": "type", "text": "True heading {q.t} degrees"},
               {"type": "back"}, {"type": "back"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L4", ["cross_app", "information_extraction", "text_input"], scope="S2", composition="transfer"),
    "step_budget": 30, "split": "train"})

C.append({
    "id": "cross.compass_location_from_clock",
    "description": "Transfer: the Clock's world clock holds one city (also in Compass's list); the agent sets Compass's declination location to it.",
    "apps": ["clock", "compass"],
    "instruction": ["Set the Compass location to the city I keep on my Clock's world clock.",
                    "I'm travelling to the city shown in my world clock. Make Compass use that city for declination."],
    "parameters": {"c": {"choice": ["honolulu", "los_angeles", "chicago", "new_york", "sao_paulo", "london", "paris",
                                    "moscow", "dubai", "mumbai", "tokyo", "sydney"]}},
    "setup": [{"op": "replace", "path": "/apps/clock/world_clock", "value": ["{c}"]}],
    "judge": {"subtasks": [{"name": "the location is the world clock city", "path": "apps.compass.location", "op": "==", "value": "{c}"}]},
    "expected_changes": ["/apps/compass/location"],
    "oracle": [{"type": "open_app", "app": "clock"}, {"type": "click", "target": "clock.tab.clock"},
               {"goto": "compass.location"}, {"scroll_to": "compass.location.{c}"},
               {"type": "click", "target": "compass.location.{c}"}, {"type": "complete"}],
    "taxonomy": tax("operate", "L4", ["cross_app", "information_extraction", "settings"], scope="S2", composition="transfer"),
    "step_budget": 30, "split": "test"})


def write(d, path):
    with open(path, "w") as f:
        json.dump(d, f, indent=1, ensure_ascii=False)
        f.write("\n")


for t in T:
    write(t, os.path.join(ROOT, "tasks", "templates", "compass", t["id"].split(".", 1)[1] + ".json"))
for t in C:
    write(t, os.path.join(ROOT, "tasks", "templates", "cross", t["id"].split(".", 1)[1] + ".json"))
print(len(T), "templates,", len(C), "cross")
