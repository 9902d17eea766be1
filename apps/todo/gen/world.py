#!/usr/bin/python3
"""Writes apps/todo/world/{lists,tasks}.json: the Tasks app's five lists and ~60 tasks.

Deterministic (no randomness): every task is written out below with its due date as an offset in
days from the virtual today (Thursday 2026-01-01), so the counts the task templates ask about are
fixed. Run: /usr/bin/python3 apps/todo/gen/world.py
"""
import datetime
import json
import os

TODAY = datetime.date(2026, 1, 1)
NOW_MS = 1767254400000  # 2026-01-01 08:00 UTC
DAY_MS = 86400000
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "world")

LISTS = [
    ("1", "My Tasks", "#1A73E8"),
    ("2", "Work", "#E8710A"),
    ("3", "Shopping", "#188038"),
    ("4", "Home", "#9334E6"),
    ("5", "Fitness", "#D93025"),
]

# (list, title, due offset in days or None, time "HH:MM" or "", priority, extras)
# extras: notes, tags, repeat ("daily"|"weekly"|"monthly"|"days"), interval, reminder (minutes
# before due, -1 none), subtasks [(title, done)], done (completed, with completion offset days).
TASKS = [
    # ---- My Tasks
    ("1", "Call the bank about the card fee", -3, "10:00", "high", {"tags": ["Errands"], "reminder": 0}),
    ("1", "Renew passport", 14, "", "medium", {"notes": "Photos from the pharmacy; form DS-82; check fee is $130.", "subtasks": [("Get passport photos", True), ("Fill in form DS-82", False), ("Mail the application", False)]}),
    ("1", "Book dentist checkup", 0, "09:00", "medium", {"reminder": 0}),
    ("1", "Pay electricity bill", 2, "", "high", {"tags": ["Bills"], "repeat": "monthly"}),
    ("1", "Send thank-you cards", -5, "", "low", {"done": -4}),
    ("1", "Water the plants", 0, "18:00", "none", {"repeat": "days", "interval": 3, "reminder": 0}),
    ("1", "Schedule car service", 6, "", "low", {"tags": ["Errands"]}),
    ("1", "Call Mom", 1, "19:00", "medium", {"reminder": 15}),
    ("1", "Return library books", -1, "", "medium", {"tags": ["Errands"]}),
    ("1", "Plan weekend trip to Tahoe", 9, "", "low", {"notes": "Check cabin availability and chain requirements."}),
    ("1", "Update emergency contacts", None, "", "none", {}),
    ("1", "Back up phone photos", -8, "", "low", {"done": -7}),
    ("1", "Read 'Atomic Habits'", None, "", "none", {"tags": ["Reading"]}),
    ("1", "File health insurance claim", 3, "11:00", "high", {"notes": "Claim for the December urgent care visit. Receipt is in the Files app.", "tags": ["Bills"]}),
    # ---- Work
    ("2", "Prepare Q1 planning slides", 5, "09:00", "high", {"notes": "Cover roadmap, hiring and the budget ask.", "subtasks": [("Draft outline", True), ("Collect team metrics", False), ("Review with Dana", False)], "reminder": 60}),
    ("2", "Submit December expense report", -2, "17:00", "high", {"tags": ["Admin"]}),
    ("2", "Reply to vendor contract email", -1, "", "medium", {}),
    ("2", "Review pull requests", 0, "14:00", "medium", {"repeat": "daily"}),
    ("2", "Write performance self-review", -6, "", "high", {"done": -3}),
    ("2", "Update project timeline", 2, "", "medium", {}),
    ("2", "Book meeting room for kickoff", 4, "", "low", {"tags": ["Admin"]}),
    ("2", "Send weekly status update", 1, "16:00", "medium", {"repeat": "weekly", "reminder": 30}),
    ("2", "Clean up shared drive", 12, "", "low", {}),
    ("2", "Draft hiring plan for Q1", 8, "", "high", {"notes": "Two backend engineers and one designer."}),
    ("2", "Renew software licenses", -10, "", "medium", {"done": -9, "tags": ["Admin"]}),
    ("2", "Prepare onboarding checklist", 2, "", "low", {"subtasks": [("Laptop order", False), ("Accounts", False)]}),
    ("2", "1:1 notes for Jordan", 0, "11:30", "none", {}),
    # ---- Shopping
    ("3", "Buy milk", 0, "", "none", {"tags": ["Groceries"]}),
    ("3", "Buy eggs", 0, "", "none", {"tags": ["Groceries"], "done": -1}),
    ("3", "Buy coffee beans", 1, "", "low", {"tags": ["Groceries"]}),
    ("3", "Pick up dry cleaning", -2, "", "medium", {"tags": ["Errands"]}),
    ("3", "Order printer ink", -3, "", "low", {"done": -2}),
    ("3", "Birthday gift for Emma", 10, "", "high", {"notes": "She wants the watercolour set."}),
    ("3", "Buy light bulbs", -1, "", "none", {"done": -1}),
    ("3", "Buy dog food", 3, "", "medium", {"tags": ["Groceries"]}),
    ("3", "New running shoes", 15, "", "low", {}),
    ("3", "Buy batteries (AA)", None, "", "none", {"done": -6}),
    ("3", "Groceries for Sunday dinner", 3, "10:00", "medium", {"subtasks": [("Chicken thighs", False), ("Lemons", False), ("Rosemary", True), ("Potatoes", False)], "tags": ["Groceries"]}),
    ("3", "Return the blender", -4, "", "medium", {}),
    # ---- Home
    ("4", "Fix leaking kitchen faucet", -5, "", "high", {"notes": "Washer size 3/8\". Plumber if it still drips."}),
    ("4", "Take out recycling", 0, "20:00", "none", {"repeat": "weekly", "reminder": 0}),
    ("4", "Replace smoke detector batteries", 7, "", "high", {}),
    ("4", "Clean the gutters", 20, "", "low", {}),
    ("4", "Change bed sheets", 2, "", "none", {"repeat": "weekly"}),
    ("4", "Organize the garage", None, "", "low", {}),
    ("4", "Donate old clothes", None, "", "none", {"notes": "Two bags in the hall closet."}),
    ("4", "Put away holiday decorations", 4, "", "medium", {"subtasks": [("Tree lights", False), ("Ornaments", False)]}),
    ("4", "Vacuum the living room", -1, "", "none", {"done": -1}),
    ("4", "Defrost the freezer", -7, "", "low", {}),
    ("4", "Schedule HVAC filter change", 30, "", "medium", {"repeat": "monthly"}),
    ("4", "Pay rent", 0, "", "high", {"tags": ["Bills"], "repeat": "monthly"}),
    # ---- Fitness
    ("5", "Morning run 5K", 0, "07:00", "medium", {"repeat": "days", "interval": 2}),
    ("5", "Yoga class", 1, "18:30", "low", {"reminder": 60}),
    ("5", "Renew gym membership", -3, "", "high", {}),
    ("5", "Sign up for spring half marathon", 21, "", "medium", {}),
    ("5", "Stretching routine", 0, "21:00", "none", {"repeat": "daily"}),
    ("5", "Meal prep for the week", 3, "", "medium", {"subtasks": [("Cook rice", False), ("Roast vegetables", False), ("Portion lunches", False)]}),
    ("5", "Log weight", -1, "", "none", {"done": -1}),
    ("5", "Buy resistance bands", -9, "", "low", {"done": -8}),
    ("5", "Book a physio appointment", 5, "", "high", {}),
]


def iso(offset):
    return "" if offset is None else (TODAY + datetime.timedelta(days=offset)).isoformat()


def main():
    lists = [{"id": i, "name": n, "color": c} for i, n, c in LISTS]
    tasks = []
    for k, (lst, title, due, time, prio, ex) in enumerate(TASKS):
        tid = str(k + 1)
        # Created 1..60 days before now, spread deterministically; older lists' tasks first.
        created = NOW_MS - ((k * 37) % 55 + 3) * DAY_MS - (k * 7919 % 600) * 60000
        done = "done" in ex
        completed_ms = NOW_MS + ex["done"] * DAY_MS - 3 * 3600000 if done else 0
        tasks.append({
            "id": tid,
            "title": title,
            "notes": ex.get("notes", ""),
            "list": lst,
            "due": iso(due),
            "due_time": time,
            "priority": prio,
            "repeat": ex.get("repeat", "none"),
            "interval": ex.get("interval", 1),
            "reminder": ex.get("reminder", -1),
            "tags": ex.get("tags", []),
            "subtasks": [{"title": t, "done": d} for t, d in ex.get("subtasks", [])],
            "completed": done,
            "completed_ms": completed_ms,
            "created_ms": created,
        })
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "lists.json"), "w") as f:
        json.dump(lists, f, indent=1)
        f.write("\n")
    with open(os.path.join(OUT, "tasks.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(t) for t in tasks) + "\n]\n")
    print(len(lists), "lists,", len(tasks), "tasks")


if __name__ == "__main__":
    main()
