#!/usr/bin/python3
"""Discover's world generator: writes apps/discover/world/{users,notes,comments,boards}.json.

Deterministic (random.Random(2026)). 50 creators (30 of them people from Contacts, 20 made-up
handles) plus 12 commenters, ~210 notes over seven topics (content.py), the owner's own notes
(author "me"), comments with replies, and boards (the owner's and creators'). Times span
2025-10-01..2025-12-31 (ms since the epoch, UTC). Run: /usr/bin/python3 apps/discover/gen/world.py
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from content import COMMENTS, NOTES, REPLIES, SCENES, TAGS, TOPICS  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
OUT = os.path.join(HERE, "..", "world")
R = random.Random(2026)
START = 1759276800000  # 2025-10-01 00:00 UTC
END = 1767225599000    # 2025-12-31 23:59:59 UTC
DAY = 86400000

# ---------------------------------------------------------------- users
people = json.load(open(os.path.join(ROOT, "apps/contacts/world/people.json")))
people = people if isinstance(people, list) else list(people.values())
names = [(p["first"] + " " + p["last"]).strip() for p in people if p["last"].strip()]
contact_creators = [n for n in names if n not in ("Mom",)][:30]
made_up = [("Nomad Nina", "nomadnina"), ("The Hungry Owl", "hungryowl"), ("Pawsome Pals", "pawsomepals"),
           ("Cozy Corner Co", "cozycorner"), ("Lift with Lena", "liftwithlena"), ("Glow by Mia", "glowbymia"),
           ("Wander Jules", "wanderjules"), ("Thrift Queen Tess", "thriftqueentess"), ("Chef Marco", "chefmarco"),
           ("Plant Dad Pete", "plantdadpete"), ("Run with Ravi", "runwithravi"), ("Kitty Kaori", "kittykaori"),
           ("Bento Box Ben", "bentoboxben"), ("Minimal Mara", "minimalmara"), ("Sunny Side Sam", "sunnysidesam"),
           ("Trail Tara", "trailtara"), ("Style by Sofia", "stylebysofia"), ("Doggo Diaries", "doggodiaries"),
           ("Yoga with Yuki", "yogawithyuki"), ("Brew Buddy", "brewbuddy")]
commenters = [("Coffee Addict", "coffeeaddict22"), ("Weekend Wanderer", "wkndwanderer"), ("Mango Lassi", "mango.lassi"),
              ("Daily Doodle", "dailydoodle"), ("Sam the Baker", "samthebaker"), ("Luna Moth", "lunamoth"),
              ("Pixel Pam", "pixelpam"), ("Green Thumb", "greenthumb_gg"), ("Night Owl", "nightowl88"),
              ("Tea Time Tina", "teatimetina"), ("Cloud Nine", "cloudnine9"), ("Happy Hiker", "happyhiker")]
CITIES = ["San Francisco, CA", "Oakland, CA", "Seattle, WA", "New York, NY", "Austin, TX", "Los Angeles, CA", "Portland, OR",
          "Chicago, IL", "Boston, MA", "Denver, CO"]
BIOS = {
    "food": ["Home cook sharing weeknight recipes", "Eating my way through the city", "Baker, brunch lover, coffee snob"],
    "travel": ["42 countries and counting", "Weekend trips and budget guides", "Chasing sunsets and trains"],
    "fashion": ["Thrifted looks and capsule closets", "Everyday outfits for real life", "Vintage finds and styling tips"],
    "home": ["Small spaces, big ideas", "Plants, DIY and cozy corners", "Renter friendly home projects"],
    "pets": ["Dog mom of two rescues", "Cats, cats and more cats", "Training tips and happy tails"],
    "fitness": ["Runner, lifter, stretcher", "Home workouts for busy people", "Yoga teacher and trail runner"],
    "beauty": ["Skincare that actually works", "Makeup for everyday", "Honest beauty reviews"],
}
COLORS = ["#E91E63", "#FF7043", "#8D6E63", "#26A69A", "#5C6BC0", "#AB47BC", "#42A5F5", "#66BB6A", "#FFA726", "#EC407A"]

users = []
all_creators = [(n, n.lower().replace(" ", "").replace("'", "").replace("-", "")) for n in contact_creators] + made_up
for i, (name, handle) in enumerate(all_creators):
    topic = TOPICS[i % len(TOPICS)]
    handle = (handle.encode("ascii", "ignore").decode() or "user%d" % i)
    users.append({"id": "u%02d" % (i + 1), "name": name, "handle": handle, "bio": R.choice(BIOS[topic]),
                  "city": R.choice(CITIES), "color": R.choice(COLORS), "topic": topic,
                  "followers": R.choice([R.randint(40, 900), R.randint(1000, 9000), R.randint(10000, 250000)]),
                  "following": R.randint(12, 480), "followed": False})
for j, (name, handle) in enumerate(commenters):
    users.append({"id": "u%02d" % (len(all_creators) + j + 1), "name": name, "handle": handle, "bio": "Just here for the inspo",
                  "city": R.choice(CITIES), "color": R.choice(COLORS), "topic": "", "followers": R.randint(3, 120),
                  "following": R.randint(30, 300), "followed": False})
creators = users[:50]
for u in R.sample(creators, 12):
    u["followed"] = True

# ---------------------------------------------------------------- places (Maps' export data, by name)
pois = json.load(open(os.path.join(ROOT, "apps/maps/world/pois.json")))
food_places = [p for p in pois if p["category"] in ("restaurant", "cafe", "bar", "bakery")]
other_places = [p for p in pois if p["category"] not in ("restaurant", "cafe", "bar", "bakery")]
TRAVEL_PLACES = ["Lisbon, Portugal", "Kyoto, Japan", "Yosemite, CA", "Reykjavik, Iceland", "Tokyo, Japan", "Big Sur, CA",
                 "Paris, France", "Seoul, South Korea", "Maui, HI", "Amalfi, Italy", "Mexico City, Mexico", "Banff, Canada",
                 "Bali, Indonesia", "New York, NY", "Inverness, Scotland", "Santorini, Greece", "Barcelona, Spain",
                 "Vancouver, Canada", "Istanbul, Turkey", "Joshua Tree, CA", "Marrakech, Morocco", "Sydney, Australia",
                 "Rome, Italy", "Lake Tahoe, CA", "Hanoi, Vietnam"]


KEYWORDS = [("cafe", ["latte", "coffee", "brew", "matcha", "tea", "cafe"]), ("cat", ["cat", "kitten", "kitty"]),
            ("dog", ["dog", "pup", "corgi", "golden", "leash"]), ("beach", ["beach", "cove", "bali", "coastal", "amalfi", "santorini"]),
            ("sunset", ["sunset", "sunrise"]), ("mountains", ["hike", "yosemite", "banff", "highlands", "iceland", "trail"]),
            ("city", ["tokyo", "paris", "nyc", "seoul", "rome", "barcelona", "istanbul", "lisbon", "mexico", "hanoi", "vancouver"]),
            ("run", ["run", "5k", "marathon", "cycling", "steps"]), ("plant", ["plant", "garden"]), ("bag", ["bag"])]


def first_kind(topic, title):
    t = title.lower()
    for kind, words in KEYWORDS:
        if any(w in t for w in words):
            if kind in ("cat", "dog") and topic != "pets":
                continue
            return kind
    return None


def scene(topic, i, title=""):
    kind = (first_kind(topic, title) if i == 0 else None) or R.choice(SCENES[topic])
    return {"k": kind, "p": R.randint(0, 5), "s": R.randint(1, 999), "h": R.choice([75, 100, 100, 125, 133])}


# ---------------------------------------------------------------- notes
notes = []
n = 0
by_topic = {t: [u for u in creators if u["topic"] == t] for t in TOPICS}
for topic in TOPICS:
    for k, (title, text) in enumerate(NOTES[topic]):
        assert len(title) <= 20, title
        n += 1
        author = R.choice(by_topic[topic] if R.random() < 0.8 else creators)
        first = scene(topic, 0, title)
        images = [first] + [dict(scene(topic, j), h=first["h"]) for j in range(R.choice([0, 0, 1, 2, 3, 5]))]
        for im in images[1:]:
            im.pop("h")
        place, place_id = "", ""
        if topic == "travel" and R.random() < 0.85:
            place = TRAVEL_PLACES[k % len(TRAVEL_PLACES)]
        elif topic == "food" and R.random() < 0.8:
            p = R.choice(food_places)
            place, place_id = p["name"], p["id"]
        elif R.random() < 0.35:
            p = R.choice(other_places)
            place, place_id = p["name"], p["id"]
        likes = R.choice([R.randint(3, 99), R.randint(100, 999), R.randint(1000, 9999), R.randint(10000, 48000)])
        notes.append({"id": "n%03d" % n, "author": author["id"], "topic": topic, "title": title, "text": text,
                      "tags": R.sample(TAGS[topic], R.randint(1, 3)), "images": images, "place": place, "place_id": place_id,
                      "time_ms": R.randint(START, END - 2 * DAY) // 60000 * 60000, "likes": likes,
                      "collects": likes * R.randint(5, 40) // 100, "liked": False, "edited_ms": 0})
# The owner's own notes (author "me").
MINE = [("food", "Pumpkin pie attempt", "First pie from scratch for Thanksgiving. The crust shrank a bit but it tasted great.", ["baking", "thanksgiving"]),
        ("travel", "Lisbon trip recap", "Four days of trams, pasteis de nata and sunsets at Miradouro da Graca.", ["lisbon", "travel"]),
        ("home", "New plant shelf", "Built a ladder shelf by the window. The pothos is already climbing.", ["plants", "diy"]),
        ("fitness", "Turkey trot 5K", "Ran the Turkey Trot with the whole family. 28:40, a new personal best!", ["running", "5k"]),
        ("food", "Sunday pancakes", "Buttermilk pancakes with blueberries and maple syrup.", ["brunch", "pancakes"]),
        ("pets", "Neighbor's cat visit", "Mochi from next door comes by every morning for a chin scratch.", ["catlife"]),
        ("travel", "Yosemite weekend", "Tunnel View at sunrise and a cold swim in the Merced River.", ["yosemite", "hiking"]),
        ("home", "Holiday lights up", "Warm white string lights on the balcony, finally feels like December.", ["holiday", "cozyhome"])]
for topic, title, text, tags in MINE:
    n += 1
    first = scene(topic, 0, title)
    notes.append({"id": "n%03d" % n, "author": "me", "topic": topic, "title": title, "text": text, "tags": tags,
                  "images": [first] + [{k: v for k, v in scene(topic, 1).items() if k != "h"} for _ in range(R.choice([0, 1, 2]))],
                  "place": "", "place_id": "", "time_ms": R.randint(START, END - 2 * DAY) // 60000 * 60000,
                  "likes": R.randint(2, 60), "collects": R.randint(0, 12), "liked": False, "edited_ms": 0})
# Fitting places and tags (a separate generator, so the rest of the world keeps its randomness):
# travel notes name their destination, cafe-like food notes a Bayview cafe or bakery, and pet notes
# tags of their own animal.
R3 = random.Random(31)
TRAVEL_AT = {"Lisbon in 3 days": "Lisbon, Portugal", "Kyoto temple guide": "Kyoto, Japan", "Yosemite day hike": "Yosemite, CA",
             "Iceland road trip": "Reykjavik, Iceland", "Tokyo on a budget": "Tokyo, Japan", "Hidden beach cove": "Big Sur, CA",
             "Paris without crowds": "Paris, France", "Weekend in Big Sur": "Big Sur, CA", "Seoul cafe hopping": "Seoul, South Korea",
             "Sunrise at Haleakala": "Maui, HI", "Amalfi coast plan": "Amalfi, Italy", "Mexico City eats": "Mexico City, Mexico",
             "Banff in winter": "Banff, Canada", "Bali villa stay": "Bali, Indonesia", "NYC first timer tips": "New York, NY",
             "Scottish Highlands": "Inverness, Scotland", "Train across Japan": "Tokyo, Japan", "Santorini sunsets": "Santorini, Greece",
             "Budget Barcelona": "Barcelona, Spain", "Vancouver weekend": "Vancouver, Canada", "Istanbul must-sees": "Istanbul, Turkey",
             "Joshua Tree glamping": "Joshua Tree, CA", "Marrakech souks": "Marrakech, Morocco", "Sydney coastal walk": "Sydney, Australia",
             "Rome in 48 hours": "Rome, Italy", "Lake Tahoe cabin": "Lake Tahoe, CA", "Hanoi old quarter": "Hanoi, Vietnam"}
cafes = [p for p in pois if p["category"] in ("cafe", "bakery")] or food_places
DOG_TAGS, CAT_TAGS = ["dogsofdiscover", "puppy", "rescue", "adopt", "pettips", "petcare"], ["catlife", "kitten", "rescue", "adopt", "pettips", "petcare"]
for nt in notes:
    kind = nt["images"][0].get("k")
    if nt["topic"] == "travel" and nt["author"] != "me":
        nt["place"] = TRAVEL_AT.get(nt["title"], "") if nt["place"] else ""
        nt["place_id"] = ""
    if nt["topic"] == "food" and kind == "cafe" and nt["place_id"]:
        p = R3.choice(cafes)
        nt["place"], nt["place_id"] = p["name"], p["id"]
    if nt["topic"] == "pets" and kind in ("dog", "cat"):
        pool = DOG_TAGS if kind == "dog" else CAT_TAGS
        nt["tags"] = R3.sample(pool, len(nt["tags"]))
R.shuffle(notes)  # the Explore feed's order (the world file's order)
for nt in R.sample([x for x in notes if x["author"] != "me"], 16):
    nt["liked"] = True

# ---------------------------------------------------------------- comments
comments = []
c = 0
commenter_ids = [u["id"] for u in users]
for nt in notes:
    k = R.choice([0, 1, 2, 2, 3, 3, 4, 5])
    pool = list(COMMENTS[nt["topic"]])
    R.shuffle(pool)
    t = nt["time_ms"]
    for j in range(min(k, len(pool))):
        c += 1
        t = min(END, t + R.randint(20, 3000) * 60000)
        who = R.choice([x for x in commenter_ids if x != nt["author"]])
        cid = "c%04d" % c
        comments.append({"id": cid, "note": nt["id"], "parent": "", "author": who, "text": pool[j], "time_ms": t,
                         "likes": R.randint(0, 60), "liked": False})
        if R.random() < 0.3:
            c += 1
            comments.append({"id": "c%04d" % c, "note": nt["id"], "parent": cid,
                             "author": nt["author"] if nt["author"] != "me" else R.choice(commenter_ids),
                             "text": R.choice(REPLIES), "time_ms": min(END, t + R.randint(10, 600) * 60000),
                             "likes": R.randint(0, 9), "liked": False})

# ---------------------------------------------------------------- boards
others = [x["id"] for x in notes if x["author"] != "me"]
food_ids = [x["id"] for x in notes if x["topic"] == "food" and x["author"] != "me"]
travel_ids = [x["id"] for x in notes if x["topic"] == "travel" and x["author"] != "me"]
home_ids = [x["id"] for x in notes if x["topic"] == "home" and x["author"] != "me"]
boards = [{"id": "b01", "owner": "me", "name": "Recipes to try", "notes": R.sample(food_ids, 6), "time_ms": START + 3 * DAY},
          {"id": "b02", "owner": "me", "name": "Travel ideas", "notes": R.sample(travel_ids, 5), "time_ms": START + 9 * DAY},
          {"id": "b03", "owner": "me", "name": "Home inspo", "notes": R.sample(home_ids, 3), "time_ms": START + 20 * DAY}]
BOARD_NAMES = {"food": ["Weeknight dinners", "Sweet treats", "Cafes to visit"], "travel": ["Bucket list", "Weekend trips"],
               "fashion": ["Outfit inspo", "Winter looks"], "home": ["Dream home", "Plant ideas"],
               "pets": ["Cute overload", "Training tips"], "fitness": ["Workouts", "Running"], "beauty": ["Skincare", "Makeup looks"]}
b = 3
for u in creators[:36]:
    for name in R.sample(BOARD_NAMES[u["topic"]], R.choice([1, 1, 2])):
        b += 1
        same = [x["id"] for x in notes if x["topic"] == u["topic"] and x["author"] not in ("me", u["id"])]
        boards.append({"id": "b%02d" % b, "owner": u["id"], "name": name, "notes": R.sample(same, R.randint(2, 6)),
                       "time_ms": R.randint(START, END)})


# Four more of the owner's notes, drawn from their own generator (appended, so the rest of the
# world keeps its order and randomness).
R2 = random.Random(99)
MORE_MINE = [("food", "Ramen night at home", "Tonkotsu-style broth from a shortcut recipe, soft eggs marinated overnight.", ["ramen", "homecooking"]),
             ("fashion", "Thrifted wool coat", "Found a camel wool coat for $35 at the Mission thrift store. Perfect fit.", ["thrift", "winterstyle"]),
             ("fitness", "First climbing class", "Bouldering for the first time. Made it up three V1s and my forearms are done.", ["climbing", "fitness"]),
             ("beauty", "Winter skincare", "Switched to a thicker moisturizer and a humidifier. No more dry patches.", ["skincare", "winter"])]
for topic, title, text, tags in MORE_MINE:
    n += 1
    kind = first_kind(topic, title) or R2.choice(SCENES[topic])
    notes.append({"id": "n%03d" % n, "author": "me", "topic": topic, "title": title, "text": text, "tags": tags,
                  "images": [{"k": kind, "p": R2.randint(0, 5), "s": R2.randint(1, 999), "h": R2.choice([100, 125, 133])}],
                  "place": "", "place_id": "", "time_ms": R2.randint(START, END - 2 * DAY) // 60000 * 60000,
                  "likes": R2.randint(2, 60), "collects": R2.randint(0, 12), "liked": False, "edited_ms": 0})


def dump(name, data):
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


os.makedirs(OUT, exist_ok=True)
dump("users", users)
dump("notes", notes)
dump("comments", comments)
dump("boards", boards)
print(len(users), "users,", len(notes), "notes,", len(comments), "comments,", len(boards), "boards")
