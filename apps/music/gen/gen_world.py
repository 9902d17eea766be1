#!/usr/bin/python3
"""Music's world: artists, albums, songs and the made-for-you mixes (apps/music/world/*.json).

Deterministic (a fixed-seed random.Random): running it twice writes the same bytes.
Usage: /usr/bin/python3 apps/music/gen/gen_world.py
"""
import json
import os
import random

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "world")
R = random.Random(2025)

# (name, genre, city) of 30 made-up artists; every name is unique in the catalog.
ARTISTS = [
    ("Neon Harbor", "Synth-pop", "Los Angeles"), ("The Paper Kites Club", "Indie folk", "Portland"),
    ("Mara Vance", "Pop", "Nashville"), ("Copper Lanterns", "Indie rock", "Seattle"),
    ("DJ Solace", "Electronic", "Berlin"), ("Ivy & The Echoes", "Alternative", "Manchester"),
    ("Jalen Brooks", "Hip-hop", "Atlanta"), ("Luna Marquez", "Latin pop", "Miami"),
    ("Velvet Meridian", "R&B", "Chicago"), ("Old Pine Revival", "Country", "Austin"),
    ("Kiko Tanaka", "Lo-fi", "Osaka"), ("The Midnight Orchard", "Indie rock", "Brooklyn"),
    ("Aurora Fields", "Ambient", "Reykjavik"), ("Silas Grant", "Soul", "Memphis"),
    ("Crimson Avenue", "Rock", "Detroit"), ("Blue Dahlia Quartet", "Jazz", "New Orleans"),
    ("Nova Reyes", "Pop", "San Diego"), ("Static Bloom", "Electronic", "London"),
    ("Harper Lane", "Singer-songwriter", "Denver"), ("Golden Hour Collective", "Funk", "Oakland"),
    ("Theo Whitman", "Classical", "Vienna"), ("Sable Coast", "Indie folk", "Vancouver"),
    ("Rooftop Radio", "Alternative", "Dublin"), ("Amara Okoye", "Afrobeats", "Lagos"),
    ("The Lumen Brothers", "Rock", "Boston"), ("Willow Creek Band", "Country", "Tulsa"),
    ("Echo Park Kids", "Indie pop", "Los Angeles"), ("Priya Raman", "R&B", "Toronto"),
    ("Marcus Bell Trio", "Jazz", "Philadelphia"), ("Sunset Arcade", "Synth-pop", "Melbourne"),
]

WORDS_A = ["Midnight", "Golden", "Electric", "Silver", "Paper", "Neon", "Quiet", "Broken", "Wild", "Summer",
           "Velvet", "Hollow", "Crystal", "Restless", "Gentle", "Faded", "Burning", "Distant", "Little", "Open",
           "Northern", "Lonely", "Painted", "Secret", "Endless", "Sleepless", "Brave", "Cold", "Sweet", "Heavy"]
WORDS_B = ["Hearts", "Roads", "Skies", "Lights", "Rivers", "Dreams", "Windows", "Streets", "Echoes", "Waves",
           "Mornings", "Shadows", "Fires", "Letters", "Horizons", "Gardens", "Stars", "Cities", "Signals", "Seasons",
           "Mountains", "Tides", "Voices", "Colors", "Bridges", "Highways", "Oceans", "Photographs", "Satellites", "Storms"]
SONG_PATTERNS = ["{a} {b}", "{a} {b}", "{v} the {n}", "Back to {p}", "{a} {n}", "Call Me {adv}", "{v} Me {adv}",
                 "When the {b} Fall", "{n} in {p}", "Don't {v} Me Now", "{a} Love", "All the {b}", "{p} Nights",
                 "Ghost of {p}", "Till the {n} Comes", "{v} Again", "{a} Again", "Only {b}", "Say {adv}", "{a} Heart"]
VERBS = ["Hold", "Chase", "Follow", "Leave", "Find", "Call", "Keep", "Wake", "Carry", "Dance", "Hide", "Save", "Drive",
         "Miss", "Remember", "Break", "Light", "Bring"]
NOUNS = ["Morning", "Rain", "Sun", "Moon", "Night", "Fire", "Ocean", "River", "Sky", "Weekend", "Winter", "Summer",
         "Radio", "Tide", "Storm", "Dawn", "Silence", "Thunder"]
PLACES = ["California", "Paris", "Tokyo", "Memphis", "Brooklyn", "Lisbon", "Montana", "Havana", "Berlin", "Sydney",
          "Chicago", "Amsterdam", "Cairo", "Seoul", "Dublin", "Austin"]
ADVS = ["Tonight", "Softly", "Slowly", "Forever", "Maybe", "Tomorrow", "Home", "Closer", "Louder", "Anyway"]
ALBUM_PATTERNS = ["{a} {b}", "The {a} Hour", "{p}", "{b} & {b2}", "{a} Tapes", "Songs for {p}", "{n} Sessions",
                  "After the {n}", "{a} Youth", "{b}"]

ART_COLORS = ["#1DB954", "#E91429", "#8D67AB", "#E8115B", "#1E3264", "#509BF5", "#BA5D07", "#148A08", "#E13300",
              "#477D95", "#AF2896", "#D84000", "#27856A", "#503750", "#8C1932", "#0D73EC", "#777777", "#B49BC8",
              "#F59B23", "#5179A1"]


def song_title(used):
    while True:
        t = R.choice(SONG_PATTERNS).format(a=R.choice(WORDS_A), b=R.choice(WORDS_B), v=R.choice(VERBS),
                                           n=R.choice(NOUNS), p=R.choice(PLACES), adv=R.choice(ADVS))
        if t not in used:
            used.add(t)
            return t


def album_title(used):
    while True:
        b = R.choice(WORDS_B)
        t = R.choice(ALBUM_PATTERNS).format(a=R.choice(WORDS_A), b=b, b2=R.choice([w for w in WORDS_B if w != b]),
                                            n=R.choice(NOUNS), p=R.choice(PLACES))
        if t not in used:
            used.add(t)
            return t


def main():
    artists, albums, songs = [], [], []
    used_songs, used_albums = set(), set()
    album_n = song_n = 0
    for i, (name, genre, city) in enumerate(ARTISTS):
        aid = "ar%02d" % (i + 1)
        listeners = R.randrange(40, 2400) * 10000 + R.randrange(0, 9999)
        artists.append({"id": aid, "name": name, "genre": genre, "city": city, "monthly_listeners": listeners,
                        "bio": "%s artist from %s." % (genre, city), "color": ART_COLORS[i % len(ART_COLORS)]})
        n_albums = 2 if i % 3 else 1
        if i < 8:
            n_albums = 2
        for k in range(n_albums):
            album_n += 1
            alid = "al%02d" % album_n
            year = R.randrange(2012, 2026)
            kind = "Album" if k == 0 or R.random() < 0.6 else "EP"
            n_tracks = R.randrange(9, 13) if kind == "Album" else R.randrange(4, 7)
            album = {"id": alid, "title": album_title(used_albums), "artist": aid, "year": year, "kind": kind,
                     "genre": genre, "color": R.choice(ART_COLORS), "tracks": []}
            for t in range(n_tracks):
                song_n += 1
                sid = "s%03d" % song_n
                dur = R.randrange(138, 292) * 1000
                plays = R.randrange(20, 9000) * 1000 + R.randrange(0, 999)
                songs.append({"id": sid, "title": song_title(used_songs), "artist": aid, "album": alid,
                              "track": t + 1, "duration_ms": dur, "plays": plays, "genre": genre, "year": year,
                              "explicit": genre == "Hip-hop" and R.random() < 0.5})
                album["tracks"].append(sid)
            albums.append(album)
    # Made-for-you mixes: Daily Mix 1..4 by genre families, Discover Weekly, Release Radar.
    by_genre = {}
    for s in songs:
        by_genre.setdefault(s["genre"], []).append(s["id"])
    families = [("Daily Mix 1", ["Indie rock", "Alternative", "Rock"]), ("Daily Mix 2", ["Pop", "Synth-pop", "Indie pop"]),
                ("Daily Mix 3", ["R&B", "Soul", "Hip-hop", "Funk"]), ("Daily Mix 4", ["Jazz", "Classical", "Ambient", "Lo-fi"])]
    mixes = []
    name_of = {a["id"]: a["name"] for a in artists}
    artist_of = {s["id"]: s["artist"] for s in songs}
    for n, (title, genres) in enumerate(families):
        pool = [sid for g in genres for sid in by_genre.get(g, [])]
        picks = R.sample(pool, 20)
        names = []
        for sid in picks:
            nm = name_of[artist_of[sid]]
            if nm not in names:
                names.append(nm)
        mixes.append({"id": "mix%d" % (n + 1), "title": title, "kind": "daily",
                      "description": ", ".join(names[:3]) + " and more", "color": ART_COLORS[(n * 5 + 3) % 20],
                      "songs": picks})
    mixes.append({"id": "discover", "title": "Discover Weekly", "kind": "weekly",
                  "description": "Your weekly mixtape of fresh music. Enjoy new music and deep cuts picked for you.",
                  "color": "#477D95", "songs": R.sample([s["id"] for s in songs], 30)})
    recent = sorted(songs, key=lambda s: (-s["year"], s["id"]))[:40]
    mixes.append({"id": "radar", "title": "Release Radar", "kind": "weekly",
                  "description": "Catch all the latest music from artists you follow.", "color": "#509BF5",
                  "songs": [s["id"] for s in R.sample(recent, 25)]})
    chill = [s["id"] for s in songs if s["genre"] in ("Lo-fi", "Ambient", "Indie folk", "Jazz")]
    mixes.append({"id": "chill", "title": "Chill Vibes", "kind": "mood",
                  "description": "Kick back to the best new and recent chill tunes.", "color": "#27856A",
                  "songs": R.sample(chill, 22)})
    for a in albums:
        a["duration_ms"] = sum(s["duration_ms"] for s in songs if s["album"] == a["id"])
    os.makedirs(OUT, exist_ok=True)
    for name, data in (("artists", artists), ("albums", albums), ("songs", songs), ("mixes", mixes)):
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            f.write("[\n" + ",\n".join(json.dumps(x, separators=(", ", ": ")) for x in data) + "\n]\n")
    write_defaults(songs, artists, albums)
    print(len(artists), "artists,", len(albums), "albums,", len(songs), "songs,", len(mixes), "mixes")


def write_defaults(songs, artists, albums):
    """apps/music/defaults.json: the owner's library (liked songs, followed artists, playlists,
    downloads), recently played, an idle player and the UI keys."""
    D = random.Random(7)
    day = 86400000
    now = 1767254400000
    ids = [s["id"] for s in songs]
    liked = [{"song": sid, "added_ms": now - (i + 1) * day // 2 - D.randrange(0, 3600000)}
             for i, sid in enumerate(D.sample(ids, 24))]
    followed = [{"artist": a, "since_ms": now - (i + 3) * 9 * day} for i, a in enumerate(["ar03", "ar12", "ar07", "ar20", "ar24"])]

    def pick(genres, n):
        pool = [s["id"] for s in songs if s["genre"] in genres]
        return D.sample(pool, n)

    playlists = [
        {"id": "pl1", "name": "Road Trip", "description": "Windows down", "songs": pick(["Rock", "Indie rock", "Country", "Alternative"], 12),
         "downloaded": True, "created_ms": now - 60 * day},
        {"id": "pl2", "name": "Focus Flow", "description": "", "songs": pick(["Lo-fi", "Ambient", "Classical", "Jazz"], 10),
         "downloaded": False, "created_ms": now - 45 * day},
        {"id": "pl3", "name": "Workout Mix", "description": "", "songs": pick(["Hip-hop", "Electronic", "Pop", "Afrobeats"], 11),
         "downloaded": False, "created_ms": now - 30 * day},
        {"id": "pl4", "name": "Sunday Morning", "description": "", "songs": pick(["Soul", "Indie folk", "Singer-songwriter", "R&B"], 8),
         "downloaded": False, "created_ms": now - 12 * day},
    ]
    recent = [{"kind": "playlist", "id": "pl1"}, {"kind": "album", "id": "al05"}, {"kind": "liked", "id": "liked"},
              {"kind": "playlist", "id": "mix2"}, {"kind": "artist", "id": "ar12"}, {"kind": "album", "id": "al31"},
              {"kind": "playlist", "id": "discover"}, {"kind": "playlist", "id": "pl2"}]
    defaults = {
        "liked": liked,
        "followed": followed,
        "playlists": playlists,
        "saved_albums": [{"album": a, "added_ms": now - (i + 2) * 7 * day} for i, a in enumerate(["al05", "al12", "al44"])],
        "downloads": [{"album": "al05", "since_ms": now - 20 * day}],
        "recent": recent,
        "player": {"song": "", "playing": False, "position_ms": 0, "queue": [], "unshuffled": [], "index": 0, "added": 0,
                   "context": "", "context_name": "", "shuffle": False, "shuffles": 0, "repeat": "off"},
        "sleep": {"end_ms": 0, "minutes": 0, "end_of_track": False},
        "query": "",
        "search_tab": "songs",
        "library_tab": "",
        "draft": {"name": "", "songs": [], "error": "", "playlist": ""},
        "next_playlist": 5,
    }
    path = os.path.join(OUT, "..", "defaults.json")
    with open(path, "w") as f:
        f.write("{\n" + ",\n".join("  %s: %s" % (json.dumps(k), json.dumps(v)) for k, v in defaults.items()) + "\n}\n")


if __name__ == "__main__":
    main()
