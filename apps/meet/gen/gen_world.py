#!/usr/bin/python3
"""Meet's world data, deterministic: world/meetings.json (scheduled meetings, 2026-01-01..2026-03-01,
keyed by their 9-digit meeting ID) and world/history.json (past meetings, 2025-10-01..2025-12-31,
keyed "h01".."hNN"). People are the contacts of apps/contacts/world/people.json; the owner is
Alex Rivera. Run: /usr/bin/python3 apps/meet/gen/gen_world.py"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
APP = os.path.dirname(HERE)
PEOPLE = os.path.join(APP, "..", "contacts", "world", "people.json")
OWNER = "Alex Rivera"

rng = random.Random(20260101)
people = json.load(open(PEOPLE, encoding="utf-8"))
NAMES = [(p["first"] + " " + p["last"]).strip() for p in people]


def name(cid):
    return NAMES[cid - 1]


def meeting_id():
    while True:
        n = rng.randint(100_000_000, 999_999_999)
        s = str(n)
        if s not in used:
            used.add(s)
            return s


def passcode():
    return "%06d" % rng.randint(100000, 999999)


used = set()
# (title, host contact id or 0 for the owner, date, time, minutes, repeat, passcode?, waiting room,
#  mute on entry, invitee contact ids, agenda)
SCHEDULED = [
    ("Weekly design sync", 0, "2026-01-05", "10:00", 45, "weekly", True, False, True, [36, 28, 10, 17],
     "Review the new onboarding screens and open design tickets."),
    ("Project Atlas standup", 0, "2026-01-02", "09:30", 15, "daily", False, False, False, [6, 10, 17, 25],
     "Yesterday, today, blockers."),
    ("Budget review Q1", 0, "2026-01-08", "15:00", 60, "none", True, True, True, [2, 12, 33],
     "Walk through the Q1 budget draft before it goes to finance."),
    ("Interview: Senior Android Engineer", 0, "2026-01-09", "11:00", 60, "none", True, True, False, [34, 18],
     "Technical interview, second round."),
    ("Book club: The Overstory", 0, "2026-01-21", "19:30", 90, "none", False, False, False, [14, 23, 31],
     "Chapters 1-12. Bring your favourite passage."),
    ("Family catch-up", 0, "2026-01-11", "17:00", 60, "weekly", True, False, False, [30, 16, 26],
     "Sunday call with the family."),
    ("Lisbon trip planning", 0, "2026-01-16", "20:00", 45, "none", False, False, False, [1, 7, 32, 34],
     "Flights, the apartment and the day trip to Sintra."),
    ("Mentoring session with Jamal", 0, "2026-01-22", "16:00", 30, "none", True, False, False, [22],
     "Career goals for 2026."),
    ("Website launch retro", 0, "2026-02-03", "14:00", 60, "none", True, False, True, [6, 10, 17, 25, 27],
     "What went well, what did not, what we change."),
    ("Climbing crew trip call", 0, "2026-02-12", "19:00", 30, "none", False, False, False, [10, 21, 28, 40],
     "Yosemite weekend: cars, gear and campsite."),
    ("Okafor Logistics contract review", 2, "2026-01-06", "13:00", 60, "none", True, True, True, [2, 29],
     "Final review of the shipping contract terms."),
    ("Brightline Labs all-hands", 17, "2026-01-12", "17:00", 60, "none", True, True, True, [6, 10, 25, 27, 38],
     "Quarterly all-hands with Q&A."),
    ("Spanish conversation practice", 25, "2026-01-07", "18:00", 45, "weekly", True, False, False, [4, 37],
     "Tema de la semana: viajes."),
    ("Yoga with Fatima", 14, "2026-01-10", "08:00", 60, "weekly", False, False, True, [13, 20],
     "Gentle flow. Keep your camera on if you want feedback."),
    ("Startup pitch practice", 24, "2026-01-14", "10:30", 30, "none", True, True, False, [19, 35],
     "Five-minute pitch, then feedback."),
    ("Research paper reading group", 18, "2026-01-15", "12:00", 60, "none", True, False, True, [3, 11, 39],
     "Attention Is All You Need, sections 3-4."),
    ("Neighborhood association meeting", 33, "2026-01-19", "19:00", 90, "none", False, True, True, [5, 9, 15, 21],
     "Street cleanup day and the holiday budget."),
    ("Wedding planning with Chloé", 9, "2026-02-07", "11:00", 60, "none", True, False, False, [8],
     "Venue shortlist and the guest list."),
    ("Piano recital rehearsal", 13, "2026-01-24", "15:00", 45, "none", False, False, True, [20, 16],
     "Run-through before the recital."),
    ("Alumni mixer planning", 31, "2026-02-18", "18:30", 45, "none", True, True, False, [3, 36, 38],
     "Venue, date and invitations for the spring mixer."),
    ("Tax prep with accountant", 11, "2026-02-24", "09:00", 30, "none", True, True, False, [],
     "Bring last year's return and your W-2s."),
]

meetings = {}
for (title, host, date, time, minutes, repeat, has_pwd, wr, mute, inv, agenda) in SCHEDULED:
    mid = meeting_id()
    meetings[mid] = {
        "title": title,
        "host": OWNER if host == 0 else name(host),
        "date": date,
        "time": time,
        "duration_min": minutes,
        "repeat": repeat,
        "passcode": passcode() if has_pwd else "",
        "waiting_room": wr,
        "mute_on_entry": mute,
        "invitees": [name(c) for c in inv if c != host],
        "agenda": agenda,
    }

# Past meetings: (title, host id (0 owner), date, time, minutes, participant contact ids)
PAST = [
    ("Project Atlas planning", 0, "2025-10-02", "10:00", 52, [6, 10, 17, 25]),
    ("Family catch-up", 0, "2025-10-05", "17:00", 64, [30, 16, 26]),
    ("Interview: Product Designer", 0, "2025-10-09", "11:00", 47, [36, 34]),
    ("Brightline Labs all-hands", 17, "2025-10-14", "17:00", 58, [6, 10, 25, 27, 38]),
    ("Spanish conversation practice", 25, "2025-10-22", "18:00", 44, [4, 37]),
    ("Book club: Piranesi", 0, "2025-10-29", "19:30", 83, [14, 23, 31]),
    ("Okafor Logistics kickoff", 2, "2025-11-04", "13:00", 38, [2, 29]),
    ("Weekly design sync", 0, "2025-11-10", "10:00", 41, [36, 28, 10, 17]),
    ("Yoga with Fatima", 14, "2025-11-15", "08:00", 61, [13, 20]),
    ("Thanksgiving family call", 0, "2025-11-27", "16:00", 95, [30, 16, 26, 5]),
    ("Research paper reading group", 18, "2025-12-02", "12:00", 57, [3, 11, 39]),
    ("Weekly design sync", 0, "2025-12-08", "10:00", 39, [36, 28, 10, 17]),
    ("Lisbon trip kickoff", 0, "2025-12-10", "20:00", 33, [1, 7, 32, 34]),
    ("Startup pitch practice", 24, "2025-12-11", "10:30", 26, [19, 35]),
    ("Neighborhood association meeting", 33, "2025-12-15", "19:00", 71, [5, 9, 15, 21]),
    ("Year-end review with Priya", 0, "2025-12-17", "11:00", 29, [34]),
    ("Holiday party planning", 0, "2025-12-18", "18:00", 22, [1, 22, 28]),
    ("Climbing crew catch-up", 0, "2025-12-21", "19:00", 35, [10, 21, 28, 40]),
    ("Christmas call with Grandma", 0, "2025-12-25", "12:00", 48, [30, 16]),
    ("Weekly design sync", 0, "2025-12-29", "10:00", 18, [36, 28, 10]),
]
history = {}
for i, (title, host, date, time, minutes, parts) in enumerate(PAST, 1):
    same = [k for k, v in meetings.items() if v["title"] == title]
    history["h%02d" % i] = {
        "title": title,
        "meeting": same[0] if same else meeting_id(),
        "host": OWNER if host == 0 else name(host),
        "date": date,
        "time": time,
        "duration_min": minutes,
        "participants": [OWNER] + ([name(host)] if host else []) + [name(c) for c in parts if c != host],
    }


def write(fname, data):
    path = os.path.join(APP, "world", fname)
    with open(path, "w", encoding="utf-8") as f:
        f.write("{\n")
        items = list(data.items())
        for i, (k, v) in enumerate(items):
            f.write("  %s: %s%s\n" % (json.dumps(k), json.dumps(v, ensure_ascii=False), "," if i + 1 < len(items) else ""))
        f.write("}\n")


write("meetings.json", meetings)
write("history.json", history)
print(len(meetings), "meetings,", len(history), "past meetings")
