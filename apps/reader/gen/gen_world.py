#!/usr/bin/env python3
"""Generates Reader's world data (apps/reader/world/*.json), deterministically.

    /usr/bin/python3 apps/reader/gen/gen_world.py     # rewrites apps/reader/world/*.json

books.json: the store's 48 books (title, author, category, rating, readers, year, blurb, chapter
titles, cover colours). reading_log.json: Alex's reading time per day, 2025-10-01..2025-12-31.
The chapters' TEXT is not stored: the app generates it at run time from the book id and the
chapter number (apps/reader/reader_text.hpp). Everything random comes from random.Random seeded
by a fixed string, so the output is the same on every machine.
"""
import json
import os
import random
from datetime import date, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "world")

CATEGORIES = [
    ("classics", "Classics"),
    ("mystery", "Mystery & Thriller"),
    ("scifi", "Sci-Fi & Fantasy"),
    ("romance", "Romance"),
    ("history", "History"),
    ("science", "Science"),
    ("business", "Business"),
    ("selfhelp", "Self-Help"),
]

# (title, author, year, blurb, chapters) per category. chapters is a list of titles, or an int:
# that many chapters titled from the category's pool below.
BOOKS = {
    "classics": [
        ("Pride and Prejudice", "Jane Austen", 1813,
         "When the wealthy Mr. Darcy arrives in Hertfordshire, the quick-witted Elizabeth Bennet takes an instant dislike to him. A comedy of manners about first impressions, family and the slow work of changing one's mind.",
         ["Chapter 1", "Chapter 2", "Chapter 3", "Chapter 4", "Chapter 5", "Chapter 6", "Chapter 7", "Chapter 8",
          "Chapter 9", "Chapter 10", "Chapter 11", "Chapter 12", "Chapter 13", "Chapter 14", "Chapter 15", "Chapter 16",
          "Chapter 17", "Chapter 18", "Chapter 19", "Chapter 20"]),
        ("Frankenstein", "Mary Shelley", 1818,
         "Victor Frankenstein, a young student of natural philosophy, builds a living being from lifeless matter and then abandons it. A novel of ambition, loneliness and responsibility, told in letters and confessions.",
         ["Letter 1", "Letter 2", "Letter 3", "Letter 4", "Chapter 1", "Chapter 2", "Chapter 3", "Chapter 4",
          "Chapter 5", "Chapter 6", "Chapter 7", "Chapter 8", "Chapter 9", "Chapter 10", "Chapter 11", "Chapter 12"]),
        ("Moby-Dick", "Herman Melville", 1851,
         "Ishmael signs on to the whaler Pequod and discovers that its captain, Ahab, is bent on revenge against the white whale that took his leg. An adventure, an encyclopedia of the sea and a meditation on obsession.",
         ["Loomings", "The Carpet-Bag", "The Spouter-Inn", "The Counterpane", "Breakfast", "The Street",
          "The Chapel", "The Pulpit", "The Sermon", "A Bosom Friend", "Nightgown", "Biographical", "Wheelbarrow",
          "Nantucket", "Chowder", "The Ship", "The Ramadan", "His Mark"]),
        ("The Time Machine", "H. G. Wells", 1895,
         "A Victorian inventor travels to the year 802,701 and finds humanity divided into the gentle Eloi and the underground Morlocks. The short novel that gave us the idea of time travel by machine.",
         ["The Inventor", "The Machine", "The Time Traveller Returns", "Time Travelling", "In the Golden Age",
          "The Sunset of Mankind", "A Sudden Shock", "Explanation", "The Morlocks", "When the Night Came",
          "The Palace of Green Porcelain", "In the Darkness", "The Trap of the White Sphinx", "The Further Vision",
          "The Time Traveller's Return", "After the Story", "Epilogue"]),
        ("Little Women", "Louisa May Alcott", 1868,
         "Meg, Jo, Beth and Amy March grow up in a Massachusetts town while their father serves in the Civil War. A warm, funny story of four sisters, their ambitions and the choices that shape them.",
         ["Playing Pilgrims", "A Merry Christmas", "The Laurence Boy", "Burdens", "Being Neighborly",
          "Beth Finds the Palace Beautiful", "Amy's Valley of Humiliation", "Jo Meets Apollyon", "Meg Goes to Vanity Fair",
          "The P.C. and P.O.", "Experiments", "Camp Laurence", "Castles in the Air", "Secrets", "A Telegram",
          "Letters", "Little Faithful", "Dark Days", "Amy's Will", "Confidential", "Laurie Makes Mischief",
          "Pleasant Meadows", "Aunt March Settles the Question"]),
        ("Walden", "Henry David Thoreau", 1854,
         "For two years Thoreau lived in a cabin he built by Walden Pond. His account of that experiment in simple living is part memoir, part nature writing and part argument about how to spend a life.",
         ["Economy", "Where I Lived, and What I Lived For", "Reading", "Sounds", "Solitude", "Visitors",
          "The Bean-Field", "The Village", "The Ponds", "Baker Farm", "Higher Laws", "Brute Neighbors",
          "House-Warming", "Former Inhabitants", "Winter Animals", "The Pond in Winter", "Spring", "Conclusion"]),
    ],
    "mystery": [
        ("The Lantern Keeper's Daughter", "Claire Whitmore", 2023,
         "When a lighthouse keeper vanishes during the worst storm in a century, his estranged daughter returns to the Cornish coast to find out why the lamp went dark that night.", 22),
        ("Silent Harbor", "Marcus Hale", 2024,
         "Detective Ruth Calder has six days to find a missing ferry captain before the harbor town's regatta brings ten thousand visitors and a killer's deadline.", 26),
        ("The Glass Alibi", "Nora Ellison", 2022,
         "A celebrated architect is found dead inside her own glass house, and every guest at the dinner party could see everyone else. So who had the chance to kill her?", 20),
        ("Nine Days in Prague", "Viktor Salo", 2021,
         "A translator hired for a routine trade summit overhears one sentence she was never meant to understand, and spends nine days running through the old city's back streets.", 24),
        ("A Quiet Poison", "Harriet Vane-Lowell", 2020,
         "In a village where nothing happens, the vicar's wife dies after the harvest supper. Retired pharmacist Agnes Pell thinks she knows which pie was not what it seemed.", 18),
        ("Cold Reading", "Daniel Okoro", 2025,
         "A stage mentalist who exposes fake psychics is asked to help the police find a kidnapped girl, and the only witness insists she saw it happen in a dream.", 28),
    ],
    "scifi": [
        ("The Salt Orbit", "Imani Reyes", 2024,
         "The crew of a mining ship wakes from cryosleep 40 years late, in orbit around a planet that should not have oceans. A tense first-contact story about trust and memory.", 24),
        ("Ashes of the Ninth Kingdom", "Rowan Blackwood", 2022,
         "The last heir of a fallen dynasty hides as a scribe in the enemy's library until a forbidden map of the old kingdoms lands on her desk.", 30),
        ("Garden of Circuits", "Mei Lin Zhou", 2023,
         "In a city run by gardening robots, a botanist discovers that the machines have started planting something nobody ordered.", 21),
        ("The Last Cartographer", "Elias Thorne", 2021,
         "Maps in Ostra are magic: draw a road and it appears. When the royal cartographer dies, his apprentice inherits an unfinished map of a place no one has seen.", 27),
        ("Red Dust Protocol", "Samuel Adeyemi", 2025,
         "A dust storm cuts the first Martian settlement off from Earth for ninety days. Its engineer has to keep 212 people alive while someone sabotages the air plant.", 25),
        ("Starlight Over Veyra", "Lena Marsh", 2020,
         "A smuggler pilot agrees to fly one last passenger across the blockade and learns her cargo is the rebellion's only hope of peace.", 23),
    ],
    "romance": [
        ("Summer at Rosewood Bay", "Julia Hart", 2024,
         "Burned out from the city, pastry chef Lily takes over her grandmother's seaside bakery for one summer, with help from the grumpy fisherman next door.", 24),
        ("The Wedding Planner's Rules", "Amara Bennett", 2023,
         "Rule one: never fall for a client. Rule two: never fall for the best man. Zoe Carter is about to break both in the same weekend.", 26),
        ("Letters to Lisbon", "Sofia Marques", 2022,
         "A bundle of unsent love letters found in a Lisbon flat sends two strangers across Portugal to find out how a 1970s romance ended.", 22),
        ("Snowed In with You", "Kate Whitfield", 2021,
         "Two rival travel writers are stranded together in a Vermont inn over Christmas, with one review to write and one room left.", 20),
        ("The Bookshop on Maple Street", "Ellen Brooks", 2025,
         "Widowed bookseller Margaret has one winter to save her shop. Help arrives as a quiet carpenter who reads every book he fixes a shelf for.", 25),
        ("Second Chance Harbor", "Grace Holloway", 2020,
         "Ten years after she left town, Nora returns for her sister's wedding and finds her first love running the ferry she has to take every day.", 23),
    ],
    "history": [
        ("The Silk Roads Rewritten", "Thomas Avery", 2022,
         "A fresh history of the trade routes that linked China, Persia and Rome, told through the merchants, monks and caravans that moved along them.", 18),
        ("Empire of Salt", "Priya Raman", 2023,
         "How a humble mineral built cities, funded wars and started revolutions, from Roman soldiers' pay to Gandhi's march to the sea.", 16),
        ("The Year of Three Emperors", "Gregory Lane", 2021,
         "In 1888 Germany had three emperors in one year. A gripping account of the months that set Europe on the road to the First World War.", 20),
        ("Women of the Long Voyage", "Helen Castillo", 2024,
         "The untold stories of the women who sailed with the great expeditions of the age of exploration, as navigators, traders and sometimes captains.", 17),
        ("Bridges of Steel", "Martin Kowalski", 2020,
         "The engineers, workers and financiers who spanned America's great rivers in the nineteenth century, and the disasters that taught them how.", 19),
        ("The Lost Library of Alexandria", "Dina Farouk", 2025,
         "What was really in the ancient world's greatest library, how it was lost, and what scholars have recovered from its fragments.", 15),
    ],
    "science": [
        ("The Hidden Life of Rivers", "Anna Lindqvist", 2023,
         "A hydrologist follows a single raindrop from a mountain glacier to the sea and explains how rivers shape land, climate and civilisation.", 16),
        ("Quantum for Curious Minds", "Rahul Mehta", 2022,
         "Superposition, entanglement and uncertainty explained with kitchen experiments, thought games and no equations beyond the everyday.", 18),
        ("The Gut Orchestra", "Laura Chen", 2024,
         "Trillions of microbes live in your gut and play a part in everything from mood to immunity. A clear tour of what science knows and what it does not.", 15),
        ("Inside the Storm", "James Okafor", 2021,
         "A meteorologist explains hurricanes, tornadoes and thunderstorms, and how forecasters learned to see them coming days ahead.", 17),
        ("Deep Time", "Oliver Grant", 2020,
         "Four and a half billion years of Earth's history told as one walk along a beach, from molten rock to the first footprints.", 20),
        ("The Brain at Rest", "Sara Novak", 2025,
         "Why daydreaming, naps and boredom are essential to learning and creativity, according to the latest neuroscience.", 14),
    ],
    "business": [
        ("The Lean Kitchen", "Marco Bellini", 2023,
         "A chef turned consultant shows how the discipline of a restaurant kitchen can make any small team faster, calmer and more reliable.", 16),
        ("Small Bets, Big Wins", "Rachel Stone", 2024,
         "Why the most successful companies run dozens of cheap experiments instead of one big plan, with case studies from startups and giants.", 18),
        ("The Quiet Leader", "Kenji Watanabe", 2021,
         "Introverts make some of the best managers. A practical guide to leading through listening, preparation and calm.", 15),
        ("Money on the Table", "Victoria Hughes", 2022,
         "Negotiation lessons from a career of closing deals, from salary talks to buying a house, with scripts you can use tomorrow.", 17),
        ("Built to Last Longer", "Andrew Pierce", 2020,
         "What family firms that have survived for more than a century can teach modern companies about patience and reinvention.", 19),
        ("The Remote Team Playbook", "Nina Alvarez", 2025,
         "Hiring, meetings, writing and trust for teams spread across time zones, from the founder of a fully remote company of 400.", 14),
    ],
    "selfhelp": [
        ("Atomic Mornings", "Chris Dalton", 2023,
         "Small, repeatable changes to the first hour of your day that add up to more energy, focus and calm, backed by habit research.", 15),
        ("The Art of Saying No", "Leah Morgan", 2022,
         "How to protect your time and attention without guilt, with word-for-word ways to decline at work and at home.", 14),
        ("Calm in the Chaos", "David Brennan", 2024,
         "Practical tools from a crisis counsellor for staying steady when everything around you is not.", 16),
        ("Deep Work, Light Heart", "Hana Sato", 2021,
         "Concentration without burnout: a gentle method for doing your best work in focused blocks and then truly switching off.", 15),
        ("Write Your Next Chapter", "Monica Reyes", 2025,
         "Career change at any age: stories and exercises for working out what you want next and how to get there.", 17),
        ("The Five-Minute Journal Habit", "Peter Walsh", 2020,
         "Five minutes with a notebook each evening can change how you see your days. Prompts, examples and the science behind them.", 12),
    ],
}

POOLS = {
    "mystery": ["The Storm", "An Empty Room", "What the Tide Left", "Old Debts", "A Second Key", "The Witness",
                "Rain on the Glass", "Footprints", "The Harbor Master", "Closed Doors", "A Name in the Ledger",
                "Low Water", "The Photograph", "Night Crossing", "Under the Pier", "The Alibi", "Loose Ends",
                "A Small Lie", "The Letter", "Fog", "The Search", "The Confession", "Lights Out", "Morning Tide",
                "The Inquest", "Last Call", "Dead Reckoning", "The Truth"],
    "scifi": ["Waking", "Signal", "The Long Dark", "First Light", "The Archive", "Crossing", "Orbit", "Static",
              "The Gate", "Old Maps", "The Council", "Embers", "The Drift", "Blackout", "Dust", "The Choice",
              "Homeward", "The Machine Garden", "Silence", "The Storm Wall", "Flight", "The Deep", "Ashfall",
              "Echoes", "The Summit", "Breach", "Landfall", "The Return", "Dawn", "Beyond"],
    "romance": ["Arrival", "The Bakery", "First Impressions", "A Terrible Idea", "Sunday Market", "Rain Check",
                "The Dance", "Mixed Signals", "Low Tide", "Old Friends", "The Invitation", "Second Thoughts",
                "Midsummer", "A Long Walk", "Promises", "The Storm", "Apologies", "Starlight", "The Letter",
                "Leaving", "Coming Home", "The Wedding", "Always", "Epilogue", "One Year Later"],
    "history": ["Beginnings", "The Road East", "Merchants and Kings", "A Changing World", "The Great Fire",
                "Caravans", "Ports and Harbors", "Faith and Trade", "The Treaty", "Winter of Discontent",
                "New Frontiers", "The Archives", "Revolution", "Aftermath", "Rebuilding", "The Last Voyage",
                "Legacy", "Epilogue", "Sources", "Afterword"],
    "science": ["Where It Starts", "A Simple Question", "Measuring the World", "The First Experiment",
                "Small Things", "Patterns", "Energy", "Feedback", "The Big Picture", "Surprises", "Models",
                "What We Got Wrong", "New Tools", "Living With It", "The Future", "Open Questions",
                "Further Reading", "Glossary", "Notes", "Afterword"],
    "business": ["Why This Matters", "Start Small", "The First Customer", "Measure What Counts", "Teams",
                 "Meetings That Work", "Saying No", "Failure Is Data", "Growth", "Culture", "Money",
                 "Negotiation", "Hiring", "Trust", "Scaling Up", "Case Studies", "Putting It Together",
                 "The Road Ahead", "Resources"],
    "selfhelp": ["Introduction", "Where You Are Now", "Small Steps", "Morning", "Attention", "Boundaries",
                 "Rest", "Habits", "Setbacks", "Energy", "People", "Purpose", "Keeping Going", "Your Plan",
                 "A Year From Now", "Conclusion", "Exercises"],
}

COVER_COLORS = [
    ("#1B3A5C", "#F2C14E"), ("#7A1F2B", "#F6E7C1"), ("#24513B", "#E9D8A6"), ("#3D2C6B", "#F0B8D0"),
    ("#0E5E6F", "#FFE8A3"), ("#5C3A1B", "#F7D9A8"), ("#2F3E46", "#CAD2C5"), ("#8C2F39", "#FCE1E4"),
    ("#264653", "#E9C46A"), ("#6D597A", "#FFCDB2"), ("#1D3557", "#A8DADC"), ("#3A5A40", "#DAD7CD"),
]
MOTIFS = ["waves", "sun", "mountains", "circles", "stripes", "diamond", "moon", "leaf"]


def gen_books():
    rng = random.Random("reader-books-v1")
    books = []
    n = 0
    release = date(2025, 12, 30)
    for cat, _name in CATEGORIES:
        for (title, author, year, blurb, chapters) in BOOKS[cat]:
            n += 1
            bid = "b%02d" % n
            if isinstance(chapters, int):
                pool = POOLS[cat]
                k = min(chapters, len(pool))
                titles = pool[:k] if cat in ("history", "science", "business", "selfhelp") else rng.sample(pool, k)
                # keep the conventional endings last and "Introduction" first
                titles = [t for t in titles]
                while len(titles) < chapters:
                    titles.append("Part %d" % (len(titles) + 1))
                chapters = ["%d. %s" % (i + 1, t) for i, t in enumerate(titles)]
            bg, fg = COVER_COLORS[(n * 5 + n // 12) % len(COVER_COLORS)]
            readers = rng.randint(1200, 98000)
            # the store's release date: recent books were added in the last 90 days of 2025
            added = release - timedelta(days=(n * 37) % 180)
            books.append({
                "id": bid,
                "title": title,
                "author": author,
                "category": cat,
                "year": year,
                "rating_x10": rng.randint(36, 49),
                "ratings": rng.randint(180, 24000),
                "readers": readers,
                "added": added.isoformat(),
                "blurb": blurb,
                "chapters": chapters,
                "cover": {"bg": bg, "fg": fg, "motif": MOTIFS[(n * 3 + n // 8) % len(MOTIFS)]},
            })
    return books


def gen_log():
    rng = random.Random("reader-log-v1")
    log = {}
    d = date(2025, 10, 1)
    while d <= date(2025, 12, 31):
        weekend = d.weekday() >= 5
        if rng.random() < (0.85 if weekend else 0.7):
            minutes = rng.randint(20, 95) if weekend else rng.randint(5, 48)
            seconds = minutes * 60 + rng.randint(0, 59)
            log[d.isoformat()] = {"id": d.isoformat(), "seconds": seconds}
        d += timedelta(days=1)
    return log


def main():
    os.makedirs(OUT, exist_ok=True)
    books = gen_books()
    with open(os.path.join(OUT, "books.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(b, ensure_ascii=False) for b in books) + "\n]\n")
    log = gen_log()
    with open(os.path.join(OUT, "reading_log.json"), "w") as f:
        f.write("{\n" + ",\n".join("  %s: %s" % (json.dumps(k), json.dumps(v)) for k, v in log.items()) + "\n}\n")
    with open(os.path.join(OUT, "categories.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps({"id": c, "name": n}) for c, n in CATEGORIES) + "\n]\n")


if __name__ == "__main__":
    main()
