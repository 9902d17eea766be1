#!/usr/bin/env python3
"""Writes apps/wallet/world/{transactions,cards,bills}.json (deterministic) and prints the balance
and the monthly sums. usage: python3 apps/wallet/gen/world.py WAVE_A_SHARED.json
(the shared Shop orders and Chat transfers: the 20 orders and 14 transfers the world must mirror).
The default balance in apps/wallet/defaults.json is the printed final balance."""
import json, random, datetime, sys, collections, os
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
OUT = ROOT + "/apps/wallet/world"
shared = json.load(open(sys.argv[1] if len(sys.argv) > 1 else "/tmp/waveA_shared.json"))
rng = random.Random(20251001)
UTC = datetime.timezone.utc

def ms(y, mo, d, h, mi):
    return int(datetime.datetime(y, mo, d, h, mi, tzinfo=UTC).timestamp() * 1000)

txns = []  # dicts without id
def add(t, name, cat, cents, direction, kind, note="", ref="", method="balance", number=""):
    txns.append(dict(time_ms=t, name=name, category=cat, amount_cents=cents, direction=direction, kind=kind,
                     method=method, note=note, ref=ref, number=number, status="completed"))

MONTHS = [(2025, 10, 31), (2025, 11, 30), (2025, 12, 31)]
def last_business(y, m, last):
    d = datetime.date(y, m, last)
    while d.weekday() >= 5: d -= datetime.timedelta(days=1)
    return d.day
def biz15(y, m):
    d = datetime.date(y, m, 15)
    while d.weekday() >= 5: d -= datetime.timedelta(days=1)
    return d.day

used = set()  # (name, date) pairs: a merchant at most once a day
def free(name, y, m, d):
    return (name, (y, m, d)) not in used
def mark(name, y, m, d):
    used.add((name, (y, m, d)))

def place(name, y, m, d, h, mi, *a, **k):
    assert free(name, y, m, d), (name, y, m, d)
    mark(name, y, m, d)
    add(ms(y, m, d, h, mi), name, *a, **k)

for (y, m, last) in MONTHS:
    mname = datetime.date(y, m, 1).strftime("%B")
    # income
    place("Brightline Labs", y, m, biz15(y, m), 6, 0, "income", 215000, "credit", "income", "Payroll")
    place("Brightline Labs", y, m, last_business(y, m, last), 6, 0, "income", 215000, "credit", "income", "Payroll")
    # rent and bills
    place("Oakwood Apartments", y, m, 1, 9, 5, "housing", 185000, "debit", "bill", "Rent, unit 4B", ref="bill:rent")
    pge = {10: 9184, 11: 11342, 12: 14876}[m]
    place("PG&E", y, m, 12, 19, 22, "utilities", pge, "debit", "bill", mname + " electric and gas", ref="bill:pge")
    place("Xfinity", y, m, 8, 4, 0, "utilities", 7999, "debit", "bill", "Internet, autopay", ref="bill:xfinity")
    place("T-Mobile", y, m, 15, 4, 0, "utilities", 6500, "debit", "bill", "Phone plan, autopay", ref="bill:tmobile")
    water = {10: 5120, 11: 4875, 12: 5230}[m]
    place("SF Water", y, m, 20, 18, 40, "utilities", water, "debit", "bill", "Water and sewer", ref="bill:water")
    place("Summit Fitness", y, m, 10, 4, 0, "subscriptions", 4900, "debit", "bill", "Monthly membership, autopay", ref="bill:summit")
    # subscriptions
    place("Netflix", y, m, 5, 3, 10, "subscriptions", 1549, "debit", "payment", "Standard plan", method="card:c2")
    place("Spotify", y, m, 12, 3, 30, "subscriptions", 1199, "debit", "payment", "Premium Individual", method="card:c2")
    place("iCloud+", y, m, 22, 2, 45, "subscriptions", 299, "debit", "payment", "200 GB storage")
    place("The New York Times", y, m, 3, 5, 0, "subscriptions", 1700, "debit", "payment", "Digital subscription", method="card:c2")
    place("Clipper", y, m, 2, 7, 48, "transport", 4000, "debit", "payment", "Card reload")

GROCERS = [("Trader Joe's", 2400, 8600), ("Whole Foods Market", 3100, 12400), ("Safeway", 1800, 7400),
           ("Costco", 9800, 21500), ("Rainbow Grocery", 1600, 5200)]
DINING = [("Blue Bottle Coffee", 525, 1150), ("Sweetgreen", 1395, 1890), ("Chipotle", 1185, 1650),
          ("Rossi Trattoria", 4650, 9400), ("Tartine Bakery", 880, 2240), ("Nopa", 6800, 12800),
          ("Starbucks", 495, 1260), ("Souvla", 1650, 3450)]
TRANSPORT = [("Uber", 1240, 3890), ("Lyft", 1120, 3260), ("Shell", 4280, 6450)]
OTHER = [("CVS Pharmacy", "health", 890, 4680), ("Walgreens", "health", 650, 2990),
         ("AMC Theatres", "entertainment", 1850, 4200), ("Ticketmaster", "entertainment", 6400, 14800),
         ("Target", "shopping", 2350, 8900), ("Barnes & Noble", "shopping", 1499, 4200)]

def random_day(y, m, last, name):
    for _ in range(100):
        d = rng.randint(1, last if (y, m) != (2025, 12) else 31)
        if free(name, y, m, d): return d
    raise RuntimeError(name)

for (y, m, last) in MONTHS:
    plan = []
    for _ in range(9): plan.append(("groceries",) + rng.choice(GROCERS))
    for _ in range(9): plan.append(("dining",) + rng.choice(DINING))
    for _ in range(7): plan.append(("transport",) + rng.choice(TRANSPORT))
    for name, cat, lo, hi in rng.sample(OTHER, 3): plan.append((cat, name, lo, hi))
    if m == 11: plan.append(("health", "Bright Smile Dental", 12000, 12000))
    if m == 12: plan.append(("shopping", "Target", 11480, 11480))
    for cat, name, lo, hi in plan:
        d = random_day(y, m, last, name)
        h = {"groceries": rng.randint(10, 19), "dining": rng.choice([8, 12, 13, 19, 20]), "transport": rng.randint(7, 22)}.get(cat, rng.randint(10, 20))
        if name in ("Blue Bottle Coffee", "Starbucks", "Tartine Bakery"): h = rng.randint(7, 10)
        cents = lo if lo == hi else rng.randint(lo // 5, hi // 5) * 5 + rng.choice([0, 4, 9]) - (0 if lo == hi else 0)
        method = "card:c2" if (cat == "dining" and rng.random() < 0.35) or (cat == "groceries" and rng.random() < 0.2) else "balance"
        note = {"Uber": "Trip", "Lyft": "Ride", "Shell": "Fuel", "Costco": "Warehouse", "Clipper": "Card reload"}.get(name, "")
        place(name, y, m, d, h, rng.randint(0, 59), cat, cents, "debit", "payment", note, method=method)

# Shop orders (contract): payment at placed + 1 min, ref shop:oNN; the cancelled one refunded.
for o in shared["orders"]:
    n = len(o["items"])
    first = o["items"][0]["product"]
    note = "Order " + o["id"] + ": " + first + ("" if n == 1 else " + %d more" % (n - 1))
    t = o["placed_ms"] + 60000
    d = datetime.datetime.fromtimestamp(t / 1000, UTC)
    mark("Shop", d.year, d.month, d.day)
    add(t, "Shop", "shopping", o["total_cents"], "debit", "payment", note, ref="shop:" + o["id"])
    if o["status"] == "cancelled":
        txns[-1]["status"] = "refunded"
        add(ms(2025, 12, 26, 9, 30), "Shop", "shopping", o["total_cents"], "credit", "refund",
            "Refund, order " + o["id"] + " cancelled", ref="shop:" + o["id"])

people = json.load(open(ROOT + "/apps/contacts/world/people.json"))
number_of = {}
for p in people:
    nm = (p["first"] + " " + p["last"]).strip()
    number_of[nm] = p["phones"][0]["number"]
for x in shared["transfers"]:
    sent = x["direction"] == "sent"
    add(x["at_ms"], x["friend"], "transfer", x["amount_cents"], "debit" if sent else "credit", "transfer",
        x["note"], ref="chat:" + x["id"], number=number_of[x["friend"]])

txns.sort(key=lambda t: (t["time_ms"], t["name"]))
assert len(set(t["time_ms"] for t in txns)) == len(txns), "times must be unique"
out = []
for i, t in enumerate(txns, 1):
    d = datetime.datetime.fromtimestamp(t["time_ms"] / 1000, UTC)
    e = {"id": "tx%03d" % i, "time_ms": t["time_ms"], "date": d.strftime("%Y-%m-%d"), "name": t["name"],
         "category": t["category"], "amount_cents": t["amount_cents"],
         "amount": "%d.%02d" % divmod(t["amount_cents"], 100), "direction": t["direction"], "kind": t["kind"],
         "method": t["method"], "note": t["note"], "ref": t["ref"], "number": t["number"], "status": t["status"]}
    out.append(e)
json.dump(out, open(OUT + "/transactions.json", "w"), indent=1, ensure_ascii=False)

cards = [
 {"id": "c1", "brand": "Visa", "bank": "Northwind Bank", "kind": "Debit", "last4": "4821", "holder": "Alex Rivera", "expiry": "08/28", "color": "#1A3C8F"},
 {"id": "c2", "brand": "Mastercard", "bank": "Harbor Credit Union", "kind": "Credit", "last4": "5507", "holder": "Alex Rivera", "expiry": "03/27", "color": "#2E2E2E"},
 {"id": "c3", "brand": "Discover", "bank": "Discover", "kind": "Credit", "last4": "1136", "holder": "Alex Rivera", "expiry": "11/29", "color": "#E5672B"}]
json.dump(cards, open(OUT + "/cards.json", "w"), indent=1)

bills = [
 {"id": "rent", "name": "Oakwood Apartments", "category": "housing", "account": "Unit 4B", "amount_cents": 185000, "due": "2026-01-05", "autopay": False, "status": "due", "paid_ms": 0},
 {"id": "xfinity", "name": "Xfinity", "category": "utilities", "account": "8155 2210 0473", "amount_cents": 7999, "due": "2026-01-08", "autopay": True, "status": "due", "paid_ms": 0},
 {"id": "summit", "name": "Summit Fitness", "category": "subscriptions", "account": "Member 20417", "amount_cents": 4900, "due": "2026-01-10", "autopay": True, "status": "due", "paid_ms": 0},
 {"id": "pge", "name": "PG&E", "category": "utilities", "account": "4410 9923 17", "amount_cents": 15218, "due": "2026-01-12", "autopay": False, "status": "due", "paid_ms": 0},
 {"id": "tmobile", "name": "T-Mobile", "category": "utilities", "account": "555 0100", "amount_cents": 6500, "due": "2026-01-15", "autopay": True, "status": "due", "paid_ms": 0},
 {"id": "water", "name": "SF Water", "category": "utilities", "account": "30-118-2291", "amount_cents": 5310, "due": "2026-01-20", "autopay": False, "status": "due", "paid_ms": 0}]
json.dump(bills, open(OUT + "/bills.json", "w"), indent=1)

# facts
opening = 318642
bal = opening
for e in out:
    if e["method"] != "balance": continue
    bal += e["amount_cents"] if e["direction"] == "credit" else -e["amount_cents"]
print("count", len(out), "final balance", bal)
spent = collections.Counter(); bycat = collections.Counter(); cnt = collections.Counter()
for e in out:
    mo = e["date"][:7]
    if e["direction"] == "debit": spent[mo] += e["amount_cents"]; bycat[(mo, e["category"])] += e["amount_cents"]
    elif e["kind"] == "refund": spent[mo] -= e["amount_cents"]; bycat[(mo, e["category"])] -= e["amount_cents"]
    cnt[(mo, e["category"])] += 1
print("spent", dict(spent))
for k in sorted(bycat): print(k, bycat[k], cnt[k])
