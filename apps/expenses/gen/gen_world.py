#!/usr/bin/python3
"""Deterministic world data for Expenses (apps/expenses/world/*.json).

categories.json: the 12 default categories (10 expense, 2 income) with a Material icon and a colour.
entries.json: ~150 entries from 2025-10-01 to 2026-01-01 (money in integer cents).
Run: /usr/bin/python3 apps/expenses/gen/gen_world.py
"""
import calendar
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "world")

CATEGORIES = [
    ("groceries", "Groceries", "local_grocery_store", "#43A047", "expense"),
    ("dining", "Food & Dining", "restaurant", "#FB8C00", "expense"),
    ("housing", "Housing", "home", "#6D4C41", "expense"),
    ("transportation", "Transportation", "directions_car", "#1E88E5", "expense"),
    ("utilities", "Utilities", "bolt", "#FFB300", "expense"),
    ("entertainment", "Entertainment", "movie", "#8E24AA", "expense"),
    ("shopping", "Shopping", "shopping_bag", "#E53935", "expense"),
    ("health", "Health Care", "local_hospital", "#00897B", "expense"),
    ("education", "Education", "school", "#3949AB", "expense"),
    ("others", "Others", "category", "#757575", "expense"),
    ("salary", "Salary", "payments", "#2E7D32", "income"),
    ("freelance", "Freelance", "work", "#00ACC1", "income"),
]

# name, (min, max) dollars, payment methods, notes
POOL = {
    "groceries": ([("Trader Joe's", 35, 95), ("Safeway", 20, 80), ("Whole Foods Market", 40, 120), ("Costco", 90, 210),
                   ("Rainbow Grocery", 25, 70), ("Farmers market", 15, 45)], ["debit_card", "credit_card"],
                  ["Weekly shop", "", "", "Snacks for the office", "", "Party supplies"]),
    "dining": ([("Blue Bottle Coffee", 5, 14), ("Chipotle", 11, 19), ("Tartine Bakery", 9, 26), ("Souvla", 16, 34),
                ("Burma Superstar", 28, 64), ("Zuni Cafe", 45, 120), ("Pizzeria Delfina", 24, 58),
                ("Sweetgreen", 13, 19)], ["credit_card", "wallet", "cash"],
               ["", "Lunch with Maya", "Team lunch", "", "Dinner with Sam", "", "Brunch"]),
    "transportation": ([("Clipper card top-up", 20, 50), ("Lyft", 11, 38), ("Shell", 42, 68), ("Parking garage", 8, 28),
                        ("Uber", 12, 41)], ["credit_card", "wallet"], ["", "Ride to SFO", "", "Fuel", ""]),
    "entertainment": ([("AMC Metreon tickets", 18, 36), ("Warriors game", 85, 160), ("Bowling night", 22, 48),
                       ("Steam game", 15, 60), ("SFJAZZ concert", 45, 95)], ["credit_card"], ["", "With friends", ""]),
    "shopping": ([("Target", 18, 95), ("Amazon", 15, 120), ("Uniqlo", 30, 110), ("Best Buy", 40, 180),
                  ("IKEA", 35, 160), ("REI", 30, 140)], ["credit_card", "debit_card"],
                 ["", "Winter jacket", "Birthday gift for Jordan", "Kitchen stuff", "", "Headphones"]),
    "health": ([("CVS Pharmacy", 9, 42), ("Dentist copay", 40, 60), ("Walgreens", 8, 30), ("Physical therapy", 35, 55)],
               ["debit_card", "credit_card"], ["", "Prescription refill", "", "Vitamins"]),
    "education": ([("Coursera subscription", 49, 49), ("Green Apple Books", 14, 48), ("Spanish class", 60, 90)],
                  ["credit_card"], ["", "Machine learning course", "Two novels"]),
    "others": ([("Haircut", 32, 55), ("Donation to SF-Marin Food Bank", 25, 50), ("Dry cleaning", 14, 32),
                ("Post office", 6, 24), ("Gift wrap and cards", 8, 22)], ["cash", "credit_card"], ["", "", "Tip included"]),
}
FIXED = [  # name, category, day, cents, payment, note (every month)
    ("Rent", "housing", 1, 215000, "bank_transfer", "Apartment, 1458 Larkin St"),
    ("PG&E electricity", "utilities", 8, None, "bank_transfer", ""),
    ("Comcast internet", "utilities", 12, 7999, "credit_card", ""),
    ("T-Mobile phone bill", "utilities", 18, 6500, "credit_card", ""),
    ("Netflix", "entertainment", 5, 1549, "credit_card", "Standard plan"),
    ("Spotify Premium", "entertainment", 21, 1199, "credit_card", ""),
    ("24 Hour Fitness", "health", 3, 4499, "debit_card", "Monthly membership"),
    ("Brightline Labs payroll", "salary", 15, 215000, "bank_transfer", "Paycheck"),
    ("Brightline Labs payroll", "salary", -1, 215000, "bank_transfer", "Paycheck"),
]
COUNTS = {"groceries": 10, "dining": 11, "transportation": 7, "shopping": 4, "health": 1, "education": 1, "others": 2,
          "entertainment": 2}
FREELANCE = [("Logo design for Nori Cafe", 45000), ("Website fixes for Bay Yoga", 32000), ("Photo editing gig", 18000)]
PG_E = {10: 6812, 11: 8455, 12: 11237}


def main():
    rng = random.Random(2025)
    cats = {cid: {"name": n, "icon": ic, "color": col, "kind": k} for cid, n, ic, col, k in CATEGORIES}
    rows = []
    for month in (10, 11, 12):
        ndays = calendar.monthrange(2025, month)[1]
        for name, cat, day, cents, pay, note in FIXED:
            d = ndays if day == -1 else day
            c = PG_E[month] if cents is None else cents
            label = name + (" - " + calendar.month_name[month] if name == "Rent" else "")
            rows.append((f"2025-{month:02d}-{d:02d}", label, cat, c, pay, note))
        fl = FREELANCE[month - 10]
        rows.append((f"2025-{month:02d}-{rng.randint(6, 26):02d}", fl[0], "freelance", fl[1], "bank_transfer", "Invoice paid"))
        for cat, n in COUNTS.items():
            names, pays, notes = POOL[cat]
            days = sorted(rng.sample(range(1, ndays + 1), n))
            for d in days:
                nm, lo, hi = rng.choice(names)
                c = rng.randint(lo * 100, hi * 100)
                if lo == hi:
                    c = lo * 100
                c = c - c % 100 + rng.choice([0, 25, 49, 50, 75, 99, rng.randint(0, 99)])
                rows.append((f"2025-{month:02d}-{d:02d}", nm, cat, c, rng.choice(pays), rng.choice(notes)))
    rows += [
        ("2026-01-01", "Rent - January", "housing", 215000, "bank_transfer", "Apartment, 1458 Larkin St"),
        ("2026-01-01", "El Farolito", "dining", 2460, "cash", "Late-night tacos after the party"),
        ("2026-01-01", "Blue Bottle Coffee", "dining", 675, "wallet", ""),
        ("2026-01-01", "Lyft", "transportation", 2315, "wallet", "Ride home from the party"),
    ]
    # A stable order: by date, then by name; ids in that order.
    rows.sort(key=lambda r: (r[0], r[1]))
    entries = {}
    seen = set()
    for i, (date, name, cat, cents, pay, note) in enumerate(rows):
        key = (date, name)
        if key in seen:  # one entry per name a day keeps every entry addressable by content
            continue
        seen.add(key)
        eid = f"e{len(entries) + 1:03d}"
        hh = 8 + (i * 7) % 13
        mm = (i * 17) % 60
        if date == "2026-01-01":  # before "now" (08:00 on New Year's Day)
            hh, mm = {"Rent - January": (0, 5), "El Farolito": (1, 10), "Lyft": (1, 42), "Blue Bottle Coffee": (7, 35)}[name]
        entries[eid] = {"name": name, "amount_cents": cents, "kind": cats[cat]["kind"], "category": cat,
                        "date": date, "time": f"{hh:02d}:{mm:02d}", "payment": pay, "note": note}
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "categories.json"), "w") as f:
        json.dump(cats, f, indent=1)
        f.write("\n")
    with open(os.path.join(OUT, "entries.json"), "w") as f:
        f.write("{\n")
        items = list(entries.items())
        for j, (k, v) in enumerate(items):
            f.write(f" {json.dumps(k)}: {json.dumps(v)}{',' if j + 1 < len(items) else ''}\n")
        f.write("}\n")
    print(len(entries), "entries")


if __name__ == "__main__":
    main()
