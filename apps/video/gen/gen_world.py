#!/usr/bin/env python3
"""Deterministic world generator for the Video app (apps/video/world/*.json).

Writes channels.json (32 channels), videos.json (220 videos) and comments.json (top-level
comments and replies). Run: /usr/bin/python3 apps/video/gen/gen_world.py
Virtual now is 2026-01-01 08:00 UTC; uploads span 2025-10-01 .. 2026-01-01 06:00 UTC.
"""
import json
import os
import random

NOW = 1767254400000
START = 1759276800000  # 2025-10-01 00:00 UTC
HOUR = 3600000
DAY = 24 * HOUR
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "world")

rng = random.Random(2026)

# (id, name, handle, category, owner, about)
CHANNELS = [
    ("c01", "Sizzle & Sear", "sizzlesear", "cooking", "", "Fast weeknight cooking, cast iron and big flavours."),
    ("c02", "Maya Bakes", "mayabakes", "cooking", "Maya Patel", "Breads, cakes and everything that comes out of my oven."),
    ("c03", "Street Food Atlas", "streetfoodatlas", "cooking", "", "Eating our way through night markets around the world."),
    ("c04", "Circuit Bench", "circuitbench", "tech", "", "Honest reviews of phones, laptops and gadgets."),
    ("c05", "Kernel Panic", "kernelpanic", "tech", "Daniel Kim", "Programming, Linux and building things that break."),
    ("c06", "Pocket Pixels", "pocketpixels", "tech", "", "Smartphone photography tips and camera tests."),
    ("c07", "Wander Lines", "wanderlines", "travel", "", "Slow travel films and practical city guides."),
    ("c08", "Rail & Trail", "railandtrail", "travel", "Lucas Andersson", "Long train journeys and hikes at the end of the line."),
    ("c09", "Budget Nomad", "budgetnomad", "travel", "", "Travelling far on very little money."),
    ("c10", "Half Court", "halfcourt", "sports", "Jamal Washington", "Basketball breakdowns, drills and highlights."),
    ("c11", "Pitchside", "pitchside", "sports", "", "Football tactics explained with a whiteboard."),
    ("c12", "Stride Lab", "stridelab", "fitness", "", "Running science, training plans and race days."),
    ("c13", "Core & Calm", "coreandcalm", "fitness", "Priya Sharma", "Yoga, mobility and 20-minute home workouts."),
    ("c14", "Iron Habit", "ironhabit", "fitness", "", "Strength training without the ego."),
    ("c15", "Lo-Fi Lantern", "lofilantern", "music", "", "Chill beats to study, read and relax to."),
    ("c16", "Chord Theory", "chordtheory", "music", "Rafael Costa", "Guitar lessons and songwriting from first chord to first gig."),
    ("c17", "Velvet Room Sessions", "velvetroom", "music", "", "Live acoustic sessions recorded in one take."),
    ("c18", "Respawn Radio", "respawnradio", "gaming", "", "Walkthroughs, speedruns and indie gems."),
    ("c19", "Tabletop Tavern", "tabletoptavern", "gaming", "Liam Murphy", "Board games reviewed and played with friends."),
    ("c20", "Pixel Forge", "pixelforge", "gaming", "", "Retro consoles restored and replayed."),
    ("c21", "Curious Quanta", "curiousquanta", "science", "Elena Petrova", "Physics and space, explained with chalk and curiosity."),
    ("c22", "Field Notes", "fieldnotes", "science", "", "Wildlife, ecology and the science of the outdoors."),
    ("c23", "Lab Bench Daily", "labbenchdaily", "science", "", "Kitchen-table chemistry experiments you can try."),
    ("c24", "Deadpan Diner", "deadpandiner", "comedy", "", "Sketch comedy about ordinary life."),
    ("c25", "Open Mic Night", "openmicnight", "comedy", "Ben Carter", "Stand-up sets from small clubs."),
    ("c26", "Sawdust & Sons", "sawdustandsons", "diy", "", "Woodworking projects for small garages."),
    ("c27", "Fix It Friday", "fixitfriday", "diy", "Tomás Herrera", "Home repairs anyone can do on a weekend."),
    ("c28", "Green Balcony", "greenbalcony", "diy", "Aiko Tanaka", "Growing food and flowers in small spaces."),
    ("c29", "Morning Brief", "morningbrief", "news", "", "The day's tech and business news in ten minutes."),
    ("c30", "Money Matters Weekly", "moneymatters", "news", "", "Personal finance news without the hype."),
    ("c31", "Paper Planet", "paperplanet", "diy", "Zoe Nguyen", "Origami, papercraft and paper engineering."),
    ("c32", "Coastline Kitchen", "coastlinekitchen", "cooking", "Gabriel Silva", "Seafood and summer cooking from the Atlantic coast."),
]

# category -> groups of (title templates, subjects, channel ids that make such videos)
GROUPS = {
    "cooking": [(["{x} in 15 Minutes", "The Only {x} Recipe You Need", "Restaurant-Style {x} at Home",
                  "{x} for Beginners", "3 Mistakes Everyone Makes with {x}", "One-Pan {x}"],
                 ["Garlic Butter Salmon", "Chicken Tikka Masala", "Pad Thai", "Beef Ramen", "Shakshuka",
                  "Mushroom Risotto", "Fish Tacos", "Carbonara", "Chili Con Carne", "Grilled Octopus", "Paella"],
                 ["c01", "c32", "c03"]),
                (["Baking {x} for Beginners", "The Best {x} I've Ever Made", "{x}: Step by Step",
                  "Fixing Your {x}"], ["Sourdough Bread", "Cinnamon Rolls", "Lemon Tart", "Banana Bread",
                  "Croissants", "Apple Pie", "Focaccia"], ["c02"]),
                (["Eating {x} in {y}", "The Best {x} in {y}"], ["Street Noodles", "Dumplings", "Night Market Snacks"],
                 ["c03"])],
    "tech": [(["{x} Review: Worth It?", "{x} After 6 Months", "Don't Buy {x} Before Watching This",
               "Everything New in {x}"], ["the Pixel 10", "the Galaxy S26", "a $300 Laptop", "the New MacBook Air",
               "Wireless Earbuds", "E-Ink Tablets", "Foldable Phones", "Budget Monitors", "Mechanical Keyboards"],
              ["c04"]),
             (["{x} Explained in 10 Minutes", "Setting Up {x} the Right Way", "{x} for Absolute Beginners"],
              ["Linux on Old PCs", "Home Servers", "Password Managers", "Rust", "Git Branches", "Docker"], ["c05"]),
             (["5 Tips for Better {x}", "{x} on a Phone: Full Guide", "Shooting {x} Like a Pro"],
              ["Portrait Photos", "Night Photos", "Food Photos", "Phone Video", "Street Photos"], ["c06"])],
    "travel": [(["48 Hours in {x}", "How to Spend a Week in {x}", "{x}: What Nobody Tells You",
                 "First Time in {x}"], ["Lisbon", "Kyoto", "Mexico City", "Reykjavik", "Istanbul", "Hanoi",
                 "Edinburgh", "Cape Town", "Seoul", "Porto", "Tbilisi"], ["c07"]),
               (["The Night Train to {x}", "Hiking Around {x}", "By Rail to {x}"],
                ["Oslo", "Vienna", "Kyoto", "Edinburgh", "Vancouver", "Zurich"], ["c08"]),
               (["{x} on $30 a Day", "{x} on a Budget", "Is {x} Still Cheap?"],
                ["Hanoi", "Marrakech", "Buenos Aires", "Tbilisi", "Mexico City", "Istanbul"], ["c09"])],
    "sports": [(["{x} Explained", "{x}: Full Breakdown", "Drills to Improve Your {x}"],
                ["the Pick and Roll", "Zone Defence", "Free Throws", "Fast Breaks", "Crossover Dribble"], ["c10"]),
               (["{x} Explained", "Why {x} Changed Football", "{x}: Full Breakdown"],
                ["the Offside Trap", "Pressing", "Set Pieces", "the Sweeper Keeper", "the False Nine"], ["c11"])],
    "fitness": [(["{x} for Beginners", "30-Day {x} Plan", "The Science of {x}", "My {x} Routine"],
                 ["Couch to 5K", "Zone 2 Running", "Marathon Training", "Running Form", "Interval Runs"], ["c12"]),
                (["20-Minute {x}", "{x} You Can Do at Home", "Fix Your {x} in 5 Minutes"],
                 ["Morning Yoga", "Mobility Flow", "Posture", "Stretching", "Core Workout"], ["c13"]),
                (["{x} for Beginners", "The Truth About {x}", "My {x} Routine"],
                 ["Kettlebell Training", "Squats", "Push-Ups", "Deadlifts", "Pull-Ups"], ["c14"])],
    "music": [(["{x} - 1 Hour Mix", "{x} to Study To", "{x} (Live Stream Replay)"],
               ["Lo-Fi Rain Beats", "Midnight Jazz Piano", "Study Beats Vol. 3", "Sunday Morning Soul",
                "Snowy Window Beats"], ["c15"]),
              (["How to Play {x}", "{x}: Lesson 1", "Master {x} in a Week"],
               ["Autumn Leaves", "Blues in E", "Fingerstyle Basics", "Barre Chords", "Your First Song"], ["c16"]),
              (["{x} (Live Session)", "{x} (Acoustic)", "Behind the Song: {x}"],
               ["Coffee Shop Acoustic", "Northern Lights", "Harbour Lights", "Paper Moon", "Slow Rain"], ["c17"])],
    "gaming": [(["{x} Full Walkthrough Part 1", "{x} Speedrun Explained", "{x}: Beginner's Guide", "{x} Review"],
                ["Hollow Knight", "Stardew Valley", "Celeste", "Outer Wilds", "Hades"], ["c18"]),
               (["{x} Review", "How to Play {x}", "We Played {x} All Night"],
                ["Catan", "Wingspan", "Ticket to Ride", "Terraforming Mars", "Azul"], ["c19"]),
               (["Restoring {x}", "{x}: Still Worth Playing?", "{x} Speedrun Explained"],
                ["a Super Nintendo", "Super Metroid", "Chrono Trigger", "Tetris", "a Game Boy"], ["c20"])],
    "science": [(["How Does {x} Work?", "{x} Explained Simply", "The Strange Physics of {x}"],
                 ["Black Holes", "Quantum Tunnelling", "Fusion Power", "Time Dilation", "Lightning",
                  "the Northern Lights"], ["c21"]),
                (["The Hidden World of {x}", "{x} Up Close", "Why {x} Matter"],
                 ["Tardigrades", "Octopus Brains", "Coral Reefs", "Mushroom Networks", "Urban Foxes"], ["c22"]),
                (["{x} at Home", "Kitchen Chemistry: {x}", "Making {x}"],
                 ["Crystals", "Elephant Toothpaste", "Invisible Ink", "Slime"], ["c23"])],
    "comedy": [(["When {x}", "{x} (Sketch)", "If {x} Were Honest"],
                ["the Wi-Fi Goes Down", "Your Group Chat Plans a Trip", "the Office Meeting Runs Long",
                 "Self-Checkout", "Airport Security", "Weather Forecasts"], ["c24"]),
               (["{x}: A Stand-Up Set", "Stand-Up: {x}"], ["Family Dinner", "Gym Regulars", "My Landlord",
                 "Dating Apps", "Moving House"], ["c25"])],
    "diy": [(["Building {x}", "{x} in a Weekend", "Beginner's Guide to {x}"],
             ["a Floating Shelf", "a Workbench", "a Bird Feeder", "a Bookcase", "a Cutting Board"], ["c26"]),
            (["How to Fix {x}", "Fixing {x} in 10 Minutes"],
             ["a Leaky Tap", "Tile Grout", "a Squeaky Door", "Drywall Holes", "a Running Toilet",
              "Window Drafts"], ["c27"]),
            (["Growing {x}", "{x} in Small Spaces", "Easy {x}"],
             ["a Balcony Herb Garden", "Cherry Tomatoes", "Strawberries in Pots", "a Raised Garden Bed"], ["c28"]),
            (["Folding {x}", "{x} Tutorial", "Easy {x}"],
             ["Origami Cranes", "Paper Lanterns", "Pop-Up Cards", "Paper Stars"], ["c31"])],
    "news": [(["{x}: What It Means for You", "This Week in {x}", "{x} Explained"],
              ["AI Regulation", "the Chip Shortage", "Streaming Prices", "Electric Cars", "Remote Work"], ["c29"]),
             (["{x}: What It Means for You", "{x} Explained", "The Big Story: {x}"],
              ["Interest Rates", "the Housing Market", "Holiday Shopping", "Student Loans"], ["c30"])],
}
CITIES = ["Bangkok", "Taipei", "Mexico City", "Istanbul", "Penang", "Osaka"]

PEOPLE = ["Aaliyah Johnson", "Adebayo Okafor", "Aiko Tanaka", "Alejandro Gómez", "Amelia Clarke", "Ananya Iyer",
          "Ben Carter", "Carlos Mendoza", "Chloé Dubois", "Daniel Kim", "David Levi", "Elena Petrova",
          "Emma Schmidt", "Fatima Al-Sayed", "Gabriel Silva", "Grace O'Brien", "Hannah Müller", "Hiroshi Sato",
          "Ibrahim Diallo", "Isabella Rossi", "Jack Thompson", "Jamal Washington", "Julia Nowak", "Kwame Mensah",
          "Laura Martínez", "Liam Murphy", "Lucas Andersson", "Maya Patel", "Mohammed Rahman", "Nadia Haddad",
          "Noah Williams", "Olivia Brown", "Priya Sharma", "Rafael Costa", "Rebecca Lee", "Tomás Herrera",
          "Yusuf Demir", "Zara Ahmed", "Zoe Nguyen"]
HANDLES = ["@nightowl_92", "@pixelpanda", "@breadhead", "@coffee_then_code", "@trailmix", "@quietstorm",
           "@mapnerd", "@lazy_sunday", "@kettle_on", "@synthwave_sam", "@moss_and_stone", "@rookie_runner",
           "@dadjokes4life", "@retro_rick", "@sofa_critic", "@blue_heron", "@tinyhouse_tom", "@late_bloomer",
           "@saltwater_sal", "@northern_lights"]

COMMENTS = {
    "cooking": ["Made this tonight and my family loved it.", "How long would this keep in the fridge?",
                "Swapped the cream for coconut milk and it still worked.", "The tip about resting the pan is gold.",
                "Can I use dried herbs instead of fresh?", "Finally a recipe that doesn't need ten pans."],
    "tech": ["Battery life is the only thing I care about.", "Great review, no hype, just facts.",
             "Mine arrived yesterday, the screen is stunning.", "Would you recommend it over last year's model?",
             "The comparison chart at the end was really helpful.", "Still using my old one and it's fine."],
    "travel": ["Adding this to my list for spring.", "That view at the end!", "How many days would you recommend?",
               "I was there last summer, you nailed the vibe.", "The budget breakdown was super useful.",
               "Which neighbourhood did you stay in?"],
    "sports": ["Best explanation of this I've seen.", "The whiteboard makes it so clear.",
               "Coaches should show this to every team.", "Can you do one on defence next?",
               "That last clip was unreal.", "Played this way in college, brings back memories."],
    "fitness": ["Day 12 and I can already feel the difference.", "My back thanks you.",
                "Perfect for before work.", "Can beginners do the last exercise?",
                "The timer on screen helps a lot.", "Doing this with my partner every morning now."],
    "music": ["This got me through finals week.", "The chord at 2:14 is perfect.",
              "Tabs please!", "Listening on repeat while I work.", "Your voice fits this song so well.",
              "Finally learned it thanks to this lesson."],
    "gaming": ["That skip at the second boss is insane.", "I've put 200 hours into this game.",
               "The music in this game is underrated.", "Great guide, I was stuck for days.",
               "Can't believe this came out so long ago.", "Played this with my kids last weekend."],
    "science": ["My mind is blown.", "I showed this to my class and they loved it.",
                "The animation at the start was beautiful.", "Could you cover dark matter next?",
                "I never understood this until now.", "Physics teachers should use this video."],
    "comedy": ["This is literally my office.", "I laughed way too hard at the ending.",
               "Sending this to my group chat.", "The guy in the background though.",
               "Every single word of this is true.", "Part two please!"],
    "diy": ["Built one this weekend, turned out great.", "What wood did you use?",
            "Saved me a call to the plumber.", "Clear instructions, thank you.",
            "My tomatoes are finally growing.", "How much did the materials cost?"],
    "news": ["Clear and calm, thank you.", "Finally someone explains it without shouting.",
             "What does this mean for renters?", "Great summary for my commute.",
             "I'd love a follow-up next month.", "The chart at 4:30 says it all."],
}
# Channels whose viewers talk about something more specific than the category's bank.
CHANNEL_COMMENTS = {
    "c05": ["This finally made it click for me.", "Could you do a follow-up on testing?",
            "I broke my setup twice before finding this.", "Clear explanation, no fluff.",
            "What terminal theme is that?", "Bookmarking this for my team."],
    "c06": ["My night shots look so much better now.", "Which phone did you use for the samples?",
            "The tip about tapping to expose is gold.", "Tried this on my old phone and it still works.",
            "Great before and after comparisons.", "Can you cover editing next?"],
    "c15": ["This got me through finals week.", "Perfect for rainy mornings.", "Listening on repeat while I work.",
            "The cat in the window is my favourite part.", "Two hours of focus, thank you.", "Pure calm."],
    "c19": ["We played this last weekend and loved it.", "How long does a game usually take?",
            "Great rules explanation.", "Is it good with two players?", "The expansion is worth it too.",
            "My family is hooked now."],
    "c23": ["Tried this with my kids, huge success.", "Do I need safety goggles for this?",
            "The slow motion shot is amazing.", "My science teacher would love this.",
            "Where do you buy the ingredients?", "That reaction was bigger than I expected!"],
    "c26": ["Built one this weekend, turned out great.", "What wood did you use?", "Clear instructions, thank you.",
            "How much did the materials cost?", "Which saw do you recommend for beginners?",
            "Love the finish on this one."],
    "c27": ["Saved me a call to the plumber.", "Clear instructions, thank you.", "Fixed mine in twenty minutes.",
            "What size wrench is that?", "My landlord should watch this.", "Worked perfectly, thanks!"],
    "c28": ["My tomatoes are finally growing.", "How often do you water them?", "Great tips for a tiny balcony.",
            "Which soil mix do you use?", "Mine get too much wind, any advice?", "Planting this weekend!"],
    "c31": ["Folded ten of these with my kids.", "The slow close-ups really help.", "What paper size is best?",
            "Took me three tries but I got it!", "So relaxing to watch.", "Making these for a wedding."],
}
REPLIES = ["Totally agree!", "Same here.", "Thanks, that helps.", "Came here to say this.",
           "Good question, I was wondering too.", "Ha, exactly.", "Try it, it works.", "This needs more likes."]


def dur_for(cat):
    r = rng.random()
    if cat == "music" and r < 0.2:
        return rng.randint(3000, 4200)
    if r < 0.25:
        return rng.randint(45, 235)
    if r < 0.8:
        return rng.randint(250, 1150)
    return rng.randint(1260, 3200)


def main():
    channels = []
    for cid, name, handle, cat, owner, about in CHANNELS:
        subs = int(10 ** rng.uniform(3.3, 6.6))
        channels.append({"id": cid, "name": name, "handle": "@" + handle, "category": cat, "owner": owner,
                         "subscribers": subs, "verified": subs > 500000, "about": about})
    by_cat = {}
    for c in channels:
        by_cat.setdefault(c["category"], []).append(c)
    used = set()
    videos = []
    cats = list(GROUPS.keys())
    # Spread uploads: sort times so ids roughly follow time; a few within the last day.
    times = sorted(rng.randint(START, NOW - 30 * HOUR) for _ in range(212)) + \
        sorted(rng.randint(NOW - 23 * HOUR, NOW - 2 * HOUR) for _ in range(8))
    i = 0
    while len(videos) < 220:
        cat = cats[i % len(cats)] if rng.random() < 0.7 else rng.choice(cats)
        i += 1
        tmpls, subjects, chans = rng.choice(GROUPS[cat])
        title = rng.choice(tmpls).replace("{x}", rng.choice(subjects)).replace("{y}", rng.choice(CITIES))
        title = title[0].upper() + title[1:]
        if title in used:
            continue
        used.add(title)
        pick = rng.choice(chans)
        ch = next(c for c in channels if c["id"] == pick)
        views = int(10 ** rng.uniform(2.5, 6.8))
        n = len(videos) + 1
        videos.append({"id": "v%03d" % n, "title": title, "channel": ch["id"], "category": cat,
                       "duration_s": rng.randint(3500, 3800) if "1 Hour" in title else dur_for(cat), "views": views,
                       "likes": max(1, int(views * rng.uniform(0.01, 0.06))),
                       "uploaded_ms": times[len(videos)] // 60000 * 60000})
    # Lengths that a title promises ("in 10 Minutes", "20-Minute ..."), from a separate generator
    # so the main sequence (and every id after it) stays the same.
    promised = [("in 5 Minutes", 240, 300), ("in 10 Minutes", 480, 600), ("in 15 Minutes", 780, 900),
                ("20-Minute", 1140, 1260)]
    for x in videos:
        for phrase, lo, hi in promised:
            if phrase in x["title"]:
                x["duration_s"] = random.Random(x["id"]).randint(lo, hi)
    comments = []
    k = 0
    for v in videos:
        cat = v["category"]
        bank = CHANNEL_COMMENTS.get(v["channel"], COMMENTS[cat])
        for text in rng.sample(bank, rng.randint(2, 4)):
            k += 1
            author = rng.choice(PEOPLE) if rng.random() < 0.35 else rng.choice(HANDLES)
            t = rng.randint(v["uploaded_ms"] + HOUR, NOW - HOUR) if v["uploaded_ms"] + 2 * HOUR < NOW else NOW - HOUR
            t = t // 60000 * 60000
            cid = "m%04d" % k
            comments.append({"id": cid, "video": v["id"], "author": author, "text": text,
                             "likes": int(10 ** rng.uniform(0, 3.2)), "time_ms": t, "parent": ""})
            if rng.random() < 0.3:
                for _ in range(rng.randint(1, 2)):
                    k += 1
                    ra = rng.choice(PEOPLE + HANDLES)
                    comments.append({"id": "m%04d" % k, "video": v["id"], "author": ra, "text": rng.choice(REPLIES),
                                     "likes": rng.randint(0, 40), "time_ms": min(NOW - 60000, t + rng.randint(1, 48) * HOUR),
                                     "parent": cid})
    os.makedirs(OUT, exist_ok=True)
    for name, data in (("channels", channels), ("videos", videos), ("comments", comments)):
        with open(os.path.join(OUT, name + ".json"), "w", encoding="utf-8") as f:
            f.write("[\n" + ",\n".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) for x in data) + "\n]\n")


if __name__ == "__main__":
    main()
