"""Writes apps/maps/world/{nodes,edges,areas,pois}.json: Bayview's street graph, its districts,
parks and water, and 212 places (restaurants, coffee, gas, groceries, parks, pharmacies, hotels)
with ratings, review counts, weekly hours, phone numbers +1 555 02xx/03xx and street addresses.
Deterministic (seeded); run from the repo root: python3 apps/maps/gen/world.py"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
import city  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "world")
rng = random.Random(20260101)

ITALIAN = ["Bella", "Roma", "Luca", "Sorrento", "Napoli", "Capri", "Verona", "Amalfi"]
NAMES = {
    "restaurant": [
        ("Italian restaurant", [f"Trattoria {w}" for w in ITALIAN[:4]] + [f"{w} Pizzeria" for w in ITALIAN[4:]]),
        ("Mexican restaurant", ["Taqueria El Sol", "La Palma Cocina", "Casa Guadalupe", "El Farolito Grill", "Tacos Los Primos", "Mi Tierra Cantina"]),
        ("Japanese restaurant", ["Sushi Kaze", "Ramen Hoshi", "Izakaya Tomo", "Kinari Sushi Bar", "Udon Mugi"]),
        ("Chinese restaurant", ["Golden Dragon", "Jade Garden", "Dumpling Alley", "Hunan Pearl", "Lucky Noodle House"]),
        ("Thai restaurant", ["Bangkok Basil", "Lemongrass Thai Kitchen", "Siam Orchid", "Khao Soi Corner"]),
        ("Vietnamese restaurant", ["Pho Saigon", "Little Hanoi", "Banh Mi Bay"]),
        ("Indian restaurant", ["Saffron House", "Tandoor Nights", "Masala Junction", "Curry Leaf"]),
        ("American restaurant", ["The Copper Pot", "Harbor Grill", "Fog City Diner", "Blue Plate", "Mission Burger Co.", "Smokestack BBQ", "The Brass Tap"]),
        ("Seafood restaurant", ["Pier 9 Oyster Bar", "The Crab Shack", "Anchor & Hope", "Salt House Fish Co."]),
        ("Mediterranean restaurant", ["Olive & Fig", "Aegean Table", "Zaytoon Grill", "Cafe Beirut"]),
        ("Korean restaurant", ["Seoul Kitchen", "Bulgogi Brothers", "Kimchi House"]),
        ("French restaurant", ["Bistro Lumiere", "Chez Colette", "Le Petit Jardin"]),
        ("Breakfast restaurant", ["Sunny Side Cafe", "The Pancake Parlor", "Early Bird Eatery", "Griddle & Grind"]),
        ("Vegetarian restaurant", ["Green Sprout", "Plant Table", "The Lentil Lab"]),
    ],
    "coffee": [("Coffee shop", [
        "Blue Fog Coffee", "Ritual Roasters", "Bean There Cafe", "Morning Tide Coffee", "Copper Kettle Cafe",
        "Daily Grind", "Third Wave Espresso", "Cable Car Coffee", "Harbor Beans", "Steam & Steep",
        "The Roastery", "Little Owl Coffee", "Sightglass Corner", "Cup of Joy", "Oak & Ember Coffee",
        "Golden Crema", "Drip Society", "North Star Coffee", "Perch Cafe", "Velvet Bean",
        "Mugshot Coffee", "Brewed Awakening", "Saltwater Coffee", "Sunset Espresso Bar", "Cortado Club",
        "Bayview Coffee Co.", "Paper Cup Cafe", "Fogline Roasters", "Latte Da", "Second Shot Coffee",
        "Redwood Coffee House", "Pour House", "Common Grounds", "Grindstone Cafe", "Kettle & Crumb",
        "Tidewater Tea & Coffee", "Ember Coffee Bar", "Half Moon Cafe"])],
    "grocery": [("Grocery store", [
        "Bayview Market", "Green Valley Grocers", "Fresh Harvest Market", "Rainbow Foods", "Corner Pantry",
        "Mission Produce Market", "Golden Gate Grocery", "Daily Fresh Market", "Harbor Foods", "Sunrise Supermarket",
        "Union Street Market", "Pacific Fresh", "Nob Hill Foods", "Farmhouse Market", "City Greens Grocery",
        "Bi-Rite Corner", "Oceanview Market", "Marina Market", "Evergreen Grocers", "Family Food Mart",
        "Hayes Valley Market", "Dogpatch Provisions", "Bayside Supermarket", "The Good Grocer", "North Beach Deli & Grocery",
        "Fillmore Fresh"])],
    "gas": [("Gas station", [
        "Shell", "Chevron", "Arco", "76", "Valero", "Mobil", "Union 76", "Bayview Gas & Go",
        "Harbor Fuel", "QuickStop Gas", "Speedway Fuel", "Citgo", "Sinclair", "Pacific Fuel", "Costco Gas", "Rotten Robbie"])],
    "park": [("Park", [
        "Presidio Green", "Washington Square", "Alamo Square", "Dolores Park", "Harbor Point Park", "Lafayette Park",
        "Fillmore Playground", "Cedar Pocket Park", "Bryant Community Garden", "Union Street Plaza", "Folsom Dog Park",
        "Valencia Parklet", "Hayes Green", "Chestnut Playground", "Embarcadero Plaza", "Geary Fields",
        "Mission Creek Park", "Franklin Square", "Lincoln Tennis Courts", "Dockside Green"])],
    "pharmacy": [("Pharmacy", [
        "Walgreens", "CVS Pharmacy", "Rite Aid", "Bayview Pharmacy", "Mission Drug Co.", "Harbor Pharmacy",
        "Marina Apothecary", "Geary Rx", "Wellness Pharmacy", "Union Drugs", "Care Plus Pharmacy", "Pacific Heights Pharmacy",
        "Downtown Rx", "Family Care Pharmacy", "Green Cross Pharmacy", "Folsom Pharmacy", "Hayes Apothecary",
        "CityMed Pharmacy", "Dogpatch Drugstore", "North Beach Pharmacy", "Sunrise Pharmacy", "QuickCare Rx"])],
    "hotel": [("Hotel", [
        "The Bayview Grand", "Harbor View Inn", "Marina Suites", "Hotel Fillmore", "The Mission Hotel", "Golden Gate Lodge",
        "Union Square Inn", "Pacific Heights Inn", "The Embarcadero Hotel", "SoMa Loft Hotel", "Hayes House Hotel",
        "Hotel Columbus", "Cable Car Inn", "The Fog Harbor Hotel", "Bay Bridge Inn", "Chestnut Street Inn",
        "North Beach Hotel", "The Geary", "Hotel Valencia", "Dogpatch Inn", "The Franklin", "Presidio Lodge",
        "Seabreeze Motel", "Hotel Majestic", "The Dockside Hotel"])],
}
DUP_OK = {"Shell", "Chevron", "Walgreens", "CVS Pharmacy"}   # chains: one each, the names stay unique
PREFIX = {"restaurant": "r", "coffee": "c", "grocery": "g", "gas": "s", "park": "k", "pharmacy": "p", "hotel": "h"}


def hours_for(cat, cuisine):
    def week(o, c, closed=()):
        return [[] if d in closed else [o, c] for d in range(7)]   # Sunday first
    if cat == "restaurant":
        if cuisine == "Breakfast restaurant":
            return week(*rng.choice([(420, 900), (390, 870), (480, 960)]))
        kind = rng.random()
        if kind < 0.4:
            return week(660, rng.choice([1260, 1320, 1350]), closed=rng.choice([(), (1,), (1, 2)]))
        if kind < 0.7:
            return week(rng.choice([1020, 1050]), rng.choice([1320, 1380, 1440]), closed=rng.choice([(1,), (0, 1), ()]))
        return week(rng.choice([600, 630, 690]), rng.choice([1380, 1500, 1560]))
    if cat == "coffee":
        h = week(rng.choice([360, 390, 420, 450]), rng.choice([960, 1020, 1080, 1140]))
        if rng.random() < 0.3:
            h[0] = [480, 960]
        if rng.random() < 0.25:  # some open late (9 AM) or closed on Thursdays
            h[4] = [540, 1020]
        return h
    if cat == "grocery":
        return week(0, 1440) if rng.random() < 0.15 else week(rng.choice([420, 480, 540]), rng.choice([1260, 1320, 1380]))
    if cat == "gas":
        return week(0, 1440) if rng.random() < 0.5 else week(rng.choice([300, 360]), rng.choice([1320, 1380]))
    if cat == "park":
        return week(0, 1440) if rng.random() < 0.5 else week(rng.choice([300, 360]), rng.choice([1260, 1320, 1440]))
    if cat == "pharmacy":
        if rng.random() < 0.2:
            return week(0, 1440)
        h = week(rng.choice([480, 540]), rng.choice([1200, 1260, 1320]))
        h[0] = [600, 1080]
        return h
    return week(0, 1440)


def slug(name):
    return "".join(ch for ch in name.lower() if ch.isalnum())


def district_of(x, y):
    if x > 3000:
        return city.DISTRICTS[-1]
    c, r = min(8, max(0, x // 300)), min(10, max(0, y // 300))
    for d in city.DISTRICTS[:-1]:
        if d[5][0] <= c <= d[5][1] and d[6][0] <= r <= d[6][1]:
            return d
    return city.DISTRICTS[0]


def address(e, nodes, t):
    a, b = nodes[e["a"]], nodes[e["b"]]
    x = a["x"] + (b["x"] - a["x"]) * t // 100
    y = a["y"] + (b["y"] - a["y"]) * t // 100
    along = y if a["x"] == b["x"] else x        # numbers grow south on north-south streets, east otherwise
    num = 100 + (along + 300) // 300 * 100 + (along % 300) * 98 // 300
    num += rng.choice([0, 1])                     # the side of the street
    return x, y, num


def main():
    nodes, edges = city.build()
    usable = [e for e in edges if e["class"] != "highway"]
    pois, used = [], set()
    phone_n = 0
    park_rects = {p[1]: p for p in city.PARKS}
    for cat, groups in NAMES.items():
        k = 0
        for cuisine, names in groups:
            for name in names:
                k += 1
                while True:
                    e = rng.choice(usable)
                    t = rng.choice(range(20, 81, 5))
                    if (e["id"], t) in used:
                        continue
                    x, y, num = address(e, nodes, t)
                    if name in park_rects:   # a drawn park: on the street nearest its middle
                        l, tp, r, bt = park_rects[name][2]
                        best = min(usable, key=lambda q: abs((nodes[q["a"]]["x"] + nodes[q["b"]]["x"]) / 2 - (l + r) / 2)
                                   + abs((nodes[q["a"]]["y"] + nodes[q["b"]]["y"]) / 2 - (tp + bt) / 2) + (0 if q["street"] not in ("Market St", "Columbus Ave") else 9999))
                        e, t = best, 50
                        x, y, num = address(e, nodes, t)
                    break
                used.add((e["id"], t))
                d = district_of(x, y)
                phone = ""
                if cat != "park":
                    phone = "+1 555 %04d" % (200 + phone_n)
                    phone_n += 1
                rating = rng.choice(range(31, 50)) if cat != "park" else rng.choice(range(42, 50))
                reviews = rng.choice(range(12, 900)) if rng.random() < 0.7 else rng.choice(range(900, 4800))
                pois.append({
                    "id": f"{PREFIX[cat]}{k:02d}", "name": name, "category": cat, "kind": cuisine,
                    "rating_x10": rating, "reviews": reviews, "hours": hours_for(cat, cuisine),
                    "address": f"{num} {e['street']}", "city": f"Bayview, CA {d[4]}", "district": d[1],
                    "phone": phone, "website": "" if cat == "park" else f"www.{slug(name)}.com",
                    "edge": e["id"], "t": t, "x": x, "y": y,
                })
    assert len({p["address"] for p in pois}) == len(pois), "addresses must be unique"
    assert len({p["name"] for p in pois}) == len(pois), "names must be unique"
    areas = ([{"id": f"district_{d[0]}", "kind": "district", "name": d[1], "x": d[2], "y": d[3], "zip": d[4]} for d in city.DISTRICTS]
             + [{"id": f"park_{p[0]}", "kind": "park", "name": p[1], "rect": list(p[2])} for p in city.PARKS]
             + [{"id": f"water_{i}", "kind": "water", "name": "San Francisco Bay", "rect": list(r)} for i, r in enumerate(city.WATER)]
             + [{"id": "island", "kind": "land", "name": "Harbor Island", "rect": list(city.ISLAND)}])
    os.makedirs(OUT, exist_ok=True)
    for name, data in (("nodes", nodes), ("edges", edges), ("areas", areas), ("pois", pois)):
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            f.write("[\n" + ",\n".join(json.dumps(o, separators=(", ", ": ")) for o in data) + "\n]\n")
    print(len(nodes), "nodes", len(edges), "edges", len(pois), "places")


if __name__ == "__main__":
    main()
