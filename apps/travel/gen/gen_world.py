#!/usr/bin/python3
"""Rail's world: stations, lines with compact service patterns (the timetable is expanded at run
time by travel_model.hpp for 2026-01-01..2026-03-01), saved travellers and past/upcoming orders.
Deterministic: run `/usr/bin/python3 apps/travel/gen/gen_world.py` to rewrite apps/travel/world/*.json."""
import json
import os
import random

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "world")
rng = random.Random(27)

# id, name, city/state
STATIONS = [
    ("SFC", "San Francisco", "San Francisco, CA"), ("MLB", "Millbrae", "Millbrae, CA"),
    ("SJC", "San Jose Diridon", "San Jose, CA"), ("GLR", "Gilroy", "Gilroy, CA"),
    ("SNS", "Salinas", "Salinas, CA"), ("PRB", "Paso Robles", "Paso Robles, CA"),
    ("SLO", "San Luis Obispo", "San Luis Obispo, CA"), ("SBA", "Santa Barbara", "Santa Barbara, CA"),
    ("VEC", "Ventura", "Ventura, CA"), ("LAX", "Los Angeles Union Station", "Los Angeles, CA"),
    ("OKJ", "Oakland Jack London Square", "Oakland, CA"), ("RIC", "Richmond", "Richmond, CA"),
    ("MTZ", "Martinez", "Martinez, CA"), ("DAV", "Davis", "Davis, CA"),
    ("SAC", "Sacramento Valley", "Sacramento, CA"), ("RSV", "Roseville", "Roseville, CA"),
    ("ARN", "Auburn", "Auburn, CA"), ("TRU", "Truckee", "Truckee, CA"), ("RNO", "Reno", "Reno, NV"),
    ("SKN", "Stockton", "Stockton, CA"), ("MOD", "Modesto", "Modesto, CA"), ("MCD", "Merced", "Merced, CA"),
    ("FNO", "Fresno", "Fresno, CA"), ("HNF", "Hanford", "Hanford, CA"), ("BFD", "Bakersfield", "Bakersfield, CA"),
    ("CIC", "Chico", "Chico, CA"), ("RDD", "Redding", "Redding, CA"), ("DUN", "Dunsmuir", "Dunsmuir, CA"),
    ("KFS", "Klamath Falls", "Klamath Falls, OR"), ("EUG", "Eugene", "Eugene, OR"), ("SLM", "Salem", "Salem, OR"),
    ("PDX", "Portland Union Station", "Portland, OR"),
    ("ANA", "Anaheim", "Anaheim, CA"), ("IRV", "Irvine", "Irvine, CA"), ("OSD", "Oceanside", "Oceanside, CA"),
    ("SAN", "San Diego Santa Fe Depot", "San Diego, CA"),
]

# id, name, colour, [(station, km from the first)], speeds km/h by type, services per direction
LINES = [
    ("coast", "Coast Line", "#1A73E8",
     [("SFC", 0), ("MLB", 21), ("SJC", 75), ("GLR", 122), ("SNS", 175), ("PRB", 335), ("SLO", 390),
      ("SBA", 545), ("VEC", 590), ("LAX", 700)]),
    ("capitol", "Capitol Line", "#188038",
     [("SFC", 0), ("OKJ", 14), ("RIC", 32), ("MTZ", 58), ("DAV", 118), ("SAC", 142), ("RSV", 170),
      ("ARN", 199), ("TRU", 290), ("RNO", 345)]),
    ("valley", "Valley Line", "#E8710A",
     [("SAC", 0), ("SKN", 78), ("MOD", 125), ("MCD", 185), ("FNO", 280), ("HNF", 330), ("BFD", 440)]),
    ("cascade", "Cascade Line", "#8430CE",
     [("SAC", 0), ("CIC", 145), ("RDD", 260), ("DUN", 345), ("KFS", 510), ("EUG", 740), ("SLM", 845),
      ("PDX", 930)]),
    ("surf", "Surf Line", "#C5221F",
     [("LAX", 0), ("ANA", 42), ("IRV", 68), ("OSD", 140), ("SAN", 205)]),
]
MAJOR = {"SFC", "SJC", "SNS", "SLO", "SBA", "LAX", "OKJ", "MTZ", "DAV", "SAC", "RSV", "TRU", "RNO", "SKN",
         "MOD", "FNO", "BFD", "CIC", "RDD", "KFS", "EUG", "PDX", "ANA", "OSD", "SAN"}
MINOR = {"MLB", "GLR", "PRB", "RIC", "ARN", "HNF", "DUN", "SLM", "IRV"}
SPEED = {"express": 128, "intercity": 96, "regional": 72}
PREFIX = {"express": "E", "intercity": "IC", "regional": "R"}


def hhmm(m):
    return "%02d:%02d" % (m // 60, m % 60)


def travel_min(km, kind, nstops):
    return round(km * 60 / SPEED[kind]) + 2 * nstops


lines_out = []
number = {"coast": 100, "capitol": 500, "valley": 300, "cascade": 700, "surf": 900}
for lid, name, colour, stops in LINES:
    n = len(stops)
    total_km = stops[-1][1]
    services = []
    for direction in (0, 1):
        # departures from the first station of this direction, minutes after midnight
        kinds = []
        if total_km > 600:
            first, last = 5 * 60 + 30, 16 * 60 + 30
        else:
            first, last = 5 * 60 + 15, 20 * 60
        t = first + direction * 25
        i = 0
        while t <= last:
            kind = ["express", "regional", "intercity", "regional", "express", "intercity"][i % 6]
            if lid == "surf" and kind == "express":
                kind = "intercity"
            names = [st for st, _ in stops]
            if kind == "express":
                mask = [k for k in range(n) if names[k] in MAJOR]
            elif kind == "intercity":
                mask = [k for k in range(n) if names[k] not in MINOR]
            else:
                mask = list(range(n))
            mask = sorted(set(mask))
            km = total_km
            dur = travel_min(km, kind, len(mask) - 2)
            if t + dur >= 23 * 60 + 50:
                break
            days = "daily"
            if kind == "regional" and i % 4 == 3:
                days = "weekdays"
            if kind == "intercity" and i % 5 == 4:
                days = "weekends"
            num = number[lid] + 2 * (i + 1) + direction  # even outbound, odd return numbers
            services.append({"train": PREFIX[kind] + str(num), "type": kind, "dir": direction,
                             "dep": hhmm(t), "stops": "".join("1" if k in mask else "0" for k in range(n)),
                             "days": days})
            gap = {"coast": 95, "capitol": 70, "valley": 85, "cascade": 120, "surf": 55}[lid]
            t += gap + rng.choice([0, 5, 10, 15, 20])
            i += 1
    lines_out.append({"id": lid, "name": name, "color": colour,
                      "stations": [s for s, _ in stops], "km": [k for _, k in stops], "services": services})

stations_out = [{"id": s, "name": nm, "city": c,
                 "lines": [l["id"] for l in lines_out if s in l["stations"]]} for s, nm, c in STATIONS]

# Saved travellers: the owner and four people of apps/contacts/world/people.json.
travellers = [
    {"id": "t1", "name": "Alex Rivera", "id_type": "passport", "id_number": "X48213907", "phone": "+1 555 0100", "self": True},
    {"id": "t2", "name": "Julia Nowak", "id_type": "passport", "id_number": "P20958314", "phone": "+1 555 0123", "self": False},
    {"id": "t3", "name": "Adebayo Okafor", "id_type": "national", "id_number": "310584726195", "phone": "+1 555 0102", "self": False},
    {"id": "t4", "name": "Aaliyah Johnson", "id_type": "passport", "id_number": "K73150462", "phone": "+1 555 0101", "self": False},
    {"id": "t5", "name": "Daniel Kim", "id_type": "national", "id_number": "207731948560", "phone": "+1 555 0110", "self": False},
    {"id": "t6", "name": "Maya Patel", "id_type": "passport", "id_number": "M60427185", "phone": "+1 555 0128", "self": False},
]

with open(os.path.join(OUT, "stations.json"), "w") as f:
    json.dump(stations_out, f, indent=1)
with open(os.path.join(OUT, "lines.json"), "w") as f:
    json.dump(lines_out, f, separators=(",", ":"))
with open(os.path.join(OUT, "travellers.json"), "w") as f:
    json.dump(travellers, f, indent=1)

# ---------------------------------------------------------------- orders (the run-time model, replayed)
import datetime
LINE = {l["id"]: l for l in lines_out}
NAME = {s: nm for s, nm, _ in STATIONS}


def stop_times(line, svc):
    """[(station, minutes after midnight)] of the service's stops in travel order (travel_model.hpp)."""
    n = len(line["stations"])
    order = list(range(n)) if svc["dir"] == 0 else list(range(n - 1, -1, -1))
    stops = [k for k in order if svc["stops"][k] == "1"]
    h, m = map(int, svc["dep"].split(":"))
    t0 = h * 60 + m
    speed = SPEED[svc["type"]]
    out = []
    for j, k in enumerate(stops):
        dist = abs(line["km"][k] - line["km"][stops[0]])
        out.append((line["stations"][k], t0 + (dist * 60 + speed // 2) // speed + 2 * max(0, j - 1)))
    return out


MULT = {"express": 120, "intercity": 100, "regional": 85}


def price(kind, km, cls):
    std = (350 + km * 11) * MULT[kind] // 100
    std = (std + 5) // 10 * 10
    if cls == "standard":
        return std
    if cls == "first":
        return std * 16 // 100 * 10
    return std * 27 // 100 * 10


def find(frm, to, svc_type=None, after="00:00"):
    for l in lines_out:
        if frm in l["stations"] and to in l["stations"]:
            for svc in l["services"]:
                if svc_type and svc["type"] != svc_type:
                    continue
                st = stop_times(l, svc)
                names = [a for a, _ in st]
                if frm in names and to in names and names.index(frm) < names.index(to):
                    d = dict(st)[frm]
                    if hhmm(d) >= after:
                        return l, svc, dict(st)[frm], dict(st)[to]
    raise SystemExit("no train %s-%s" % (frm, to))


def ms(date, minutes):
    y, mo, d = map(int, date.split("-"))
    return int(datetime.datetime(y, mo, d, tzinfo=datetime.timezone.utc).timestamp() * 1000) + minutes * 60000


TRAV = {t["id"]: t for t in travellers}
orders = []
SPECS = [  # id, date, from, to, type, after, class, travellers+seats, status, created date
    ("RB1001", "2025-10-18", "SFC", "SAC", "intercity", "08:00", "standard", [("t1", "07A")], "paid", "2025-10-10"),
    ("RB1002", "2025-11-07", "LAX", "SAN", "intercity", "10:00", "first", [("t1", "03A"), ("t2", "03C")], "paid", "2025-10-29"),
    ("RB1003", "2025-11-26", "SAC", "RNO", "regional", "07:00", "standard", [("t1", "12D")], "paid", "2025-11-15"),
    ("RB1004", "2025-12-20", "SFC", "LAX", "express", "06:00", "business", [("t1", "02A")], "refunded", "2025-12-02"),
    ("RB1005", "2025-12-23", "SJC", "SLO", "intercity", "09:00", "standard", [("t1", "09A"), ("t4", "09B")], "paid", "2025-12-12"),
    ("RB1006", "2026-01-03", "SFC", "SAC", "express", "09:00", "first", [("t1", "04A")], "paid", "2025-12-27"),
    ("RB1007", "2026-01-09", "SAC", "PDX", "express", "05:00", "standard", [("t1", "10A"), ("t5", "10B")], "paid", "2025-12-29"),
    ("RB1008", "2026-01-17", "LAX", "SAN", "intercity", "12:00", "standard", [("t1", "05D")], "paid", "2025-12-30"),
    ("RB1009", "2026-02-14", "SFC", "SBA", "express", "07:00", "first", [("t1", "06A"), ("t2", "06C")], "paid", "2025-12-31"),
    ("RB1010", "2026-01-05", "FNO", "SAC", "regional", "13:00", "standard", [("t1", "08D")], "cancelled", "2025-12-30"),
]
for oid, date, frm, to, kind, after, cls, pax, status, created in SPECS:
    l, svc, dep, arr = find(frm, to, kind, after)
    km = abs(l["km"][l["stations"].index(to)] - l["km"][l["stations"].index(frm)])
    p = price(svc["type"], km, cls)
    created_ms = ms(created, 19 * 60 + 12 + len(orders) * 7)
    o = {"id": oid, "train": svc["train"], "type": svc["type"], "line": l["id"], "date": date,
         "from": frm, "from_name": NAME[frm], "to": to, "to_name": NAME[to],
         "depart": hhmm(dep), "arrive": hhmm(arr), "duration_min": arr - dep, "class": cls,
         "passengers": [{"traveller": t, "name": TRAV[t]["name"], "seat": s} for t, s in pax],
         "price_cents": p, "total_cents": p * len(pax), "status": status,
         "created_ms": created_ms, "held_until_ms": created_ms + 30 * 60000,
         "paid_ms": created_ms + 3 * 60000 if status in ("paid", "refunded") else 0,
         "transaction_id": ("t_rail_%s" % oid.lower()) if status in ("paid", "refunded") else "",
         "refund_cents": 0, "fee_cents": 0, "refunded_ms": 0, "changed_from": "", "change_diff_cents": 0}
    if status == "refunded":
        o["refund_cents"] = o["total_cents"]
        o["refunded_ms"] = ms("2025-12-15", 18 * 60 + 40)
    orders.append(o)
with open(os.path.join(OUT, "orders.json"), "w") as f:
    json.dump(orders, f, indent=1)

print("stations", len(stations_out), "services", sum(len(l["services"]) for l in lines_out))
