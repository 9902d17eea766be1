#!/usr/bin/python3
"""Themes store world: items (wallpapers, icon packs, colour palettes, complete themes), their
reviews and the home banners. Deterministic (fixed seed); writes apps/themes/world/*.json.

Run: /usr/bin/python3 apps/themes/gen/gen_world.py
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
WORLD = os.path.join(HERE, "..", "world")
PEOPLE = os.path.join(HERE, "..", "..", "contacts", "world", "people.json")

rng = random.Random(3838)

# The OS's built-in wallpapers (sim/os/theme.cpp wallpapers()): id, store name, price, designer.
WALLPAPERS = [
    ("dusk", "Dusk", 0, "PhoneGym Design", "A violet evening sky over soft hills: the phone's original wallpaper."),
    ("ocean", "Ocean", 0, "Blue Hour Labs", "Deep Pacific blues with a calm swell, easy on the eyes at night."),
    ("forest", "Forest", 99, "Northwood Creative", "Layered pine ridges in misty greens, painted in flat vector shapes."),
    ("sunset", "Sunset", 0, "Morning Studio", "An orange and gold sunset with a low sun disc over the sea."),
    ("aurora", "Aurora", 149, "Polar Pixel", "Ribbons of green and teal northern lights over a dark arctic sky."),
    ("graphite", "Graphite", 0, "Monoform", "A quiet charcoal gradient for people who want their icons to stand out."),
    ("dunes", "Dunes", 129, "Desert Line Co.", "Warm desert dunes in late light, with long soft shadows."),
    ("blossom", "Blossom", 0, "Petal & Pine", "Pale pink petals on a blush background, light and springlike."),
    ("night_sky", "Night sky", 99, "Blue Hour Labs", "A navy night sky with a field of faint stars."),
    ("mint", "Mint", 0, "Petal & Pine", "A fresh mint gradient that makes dark labels easy to read."),
    ("lava", "Lava", 199, "Polar Pixel", "Glowing red lava flows under a dark, smoky sky."),
    ("glacier", "Glacier", 149, "Northwood Creative", "Icy blues and whites of a glacier face in clear daylight."),
]

# Icon packs: (slug, name, shape, themed, price, designer, description)
ICONS = [
    ("pebble", "Pebble", "circle", False, 0, "Monoform", "Round, friendly icons on full colour circles: the classic launcher look."),
    ("pebble_mono", "Pebble Mono", "circle", True, 0, "Monoform", "Pebble's circles with themed icons that take the colour of your palette."),
    ("orbit", "Orbit", "circle", False, 149, "Polar Pixel", "Bold circular icons with a soft drop shadow and saturated colours."),
    ("orbit_tint", "Orbit Tint", "circle", True, 199, "Polar Pixel", "Orbit's round shapes with monochrome themed glyphs."),
    ("soft_square", "Soft Square", "squircle", False, 0, "Northwood Creative", "Squircle icons in the style of a modern flagship launcher."),
    ("soft_square_mono", "Soft Square Mono", "squircle", True, 99, "Northwood Creative", "Squircles with themed monochrome icons that follow your accent."),
    ("cushion", "Cushion", "squircle", False, 129, "Petal & Pine", "Plump squircle icons with pastel backgrounds."),
    ("cushion_tint", "Cushion Tint", "squircle", True, 0, "Petal & Pine", "Cushion's squircles with themed icons in one calm colour."),
    ("tile", "Tile", "rounded_square", False, 0, "Desert Line Co.", "Rounded square tiles, crisp and even, for a tidy grid."),
    ("tile_mono", "Tile Mono", "rounded_square", True, 149, "Desert Line Co.", "Rounded squares with themed icons tinted by the system palette."),
    ("block", "Block", "rounded_square", False, 99, "Blue Hour Labs", "Chunky rounded squares with strong contrast."),
    ("block_tint", "Block Tint", "rounded_square", True, 0, "Blue Hour Labs", "Block's rounded squares with monochrome themed glyphs."),
    ("droplet", "Droplet", "teardrop", False, 0, "Morning Studio", "Teardrop icons with one sharp corner, a playful take on the grid."),
    ("droplet_mono", "Droplet Mono", "teardrop", True, 199, "Morning Studio", "Teardrops with themed icons in your accent colour."),
    ("petal", "Petal", "teardrop", False, 149, "Petal & Pine", "Leaf-like teardrop icons with bright floral colours."),
    ("petal_tint", "Petal Tint", "teardrop", True, 99, "Petal & Pine", "Petal's teardrops with monochrome themed icons."),
]

# Colour palettes: Material You seed colours. (slug, name, seed, family, price, designer)
PALETTES = [
    ("red", "Red", "#B3261E", "red", 0, "PhoneGym Design"),
    ("crimson", "Crimson", "#9C4146", "red", 99, "Polar Pixel"),
    ("teal", "Teal", "#006A6A", "teal", 0, "PhoneGym Design"),
    ("lagoon", "Lagoon", "#00696E", "teal", 129, "Blue Hour Labs"),
    ("blue", "Blue", "#3A5BA0", "blue", 0, "PhoneGym Design"),
    ("navy", "Navy", "#2F5DA8", "blue", 149, "Blue Hour Labs"),
    ("indigo", "Indigo", "#4355B9", "blue", 99, "Monoform"),
    ("rose", "Rose", "#7D5260", "pink", 0, "Petal & Pine"),
    ("pink", "Pink", "#984061", "pink", 129, "Morning Studio"),
    ("green", "Green", "#386A20", "green", 99, "Northwood Creative"),
    ("forest_green", "Forest Green", "#006D3B", "green", 149, "Northwood Creative"),
    ("sage", "Sage", "#4C6545", "green", 0, "Petal & Pine"),
    ("lime", "Lime", "#526600", "green", 199, "Polar Pixel"),
    ("amber", "Amber", "#8B5000", "orange", 0, "Desert Line Co."),
    ("orange", "Orange", "#A04100", "orange", 129, "Desert Line Co."),
    ("cyan", "Cyan", "#00677F", "teal", 199, "Blue Hour Labs"),
    ("olive", "Olive", "#5B6300", "green", 129, "Monoform"),
    ("mauve", "Mauve", "#6F528A", "purple", 99, "Morning Studio"),
]

# Complete themes: wallpaper + accent + icon shape (+ themed icons).
THEMES = [
    ("default", "Default", "dusk", "", "circle", False, 0, "PhoneGym Design",
     "The phone's original look: the Dusk wallpaper, the baseline purple palette and round icons."),
    ("deep_sea", "Deep Sea", "ocean", "#006A6A", "squircle", False, 199, "Blue Hour Labs",
     "Ocean blues, teal accents and soft squircle icons for a calm, cool home screen."),
    ("northern_lights", "Northern Lights", "aurora", "#386A20", "circle", True, 299, "Polar Pixel",
     "Aurora green skies with matching green accents and themed round icons."),
    ("desert_road", "Desert Road", "dunes", "#8B5000", "rounded_square", False, 249, "Desert Line Co.",
     "Warm amber accents over sunlit dunes with tidy rounded-square icons."),
    ("spring", "Spring", "blossom", "#7D5260", "teardrop", False, 0, "Petal & Pine",
     "Blossom petals, rose accents and teardrop icons: a soft spring look."),
    ("night_shift", "Night Shift", "night_sky", "#3A5BA0", "squircle", True, 199, "Monoform",
     "A starry navy wallpaper, blue accents and themed squircle icons for late hours."),
    ("ember", "Ember", "sunset", "#B3261E", "circle", False, 0, "Morning Studio",
     "Sunset oranges with a red accent and classic round icons."),
    ("woodland", "Woodland", "forest", "#4C6545", "rounded_square", True, 149, "Northwood Creative",
     "Misty pine ridges, sage accents and themed rounded-square icons."),
    ("mono", "Mono", "graphite", "#4355B9", "rounded_square", True, 99, "Monoform",
     "Charcoal, indigo and monochrome tiles: a minimal, focused setup."),
]

REVIEW_LINES = {
    5: ["Absolutely love it, looks great on my phone.", "Perfect, exactly what I was looking for.",
        "Beautiful work. My home screen finally feels like mine.", "Clean and easy on the eyes. Five stars.",
        "Worth every cent, the colours are gorgeous.", "Best one in the store, applied it right away."],
    4: ["Really nice, a couple of details could be sharper.", "Looks good, I would like a darker version too.",
        "Great overall, the preview did not do it justice.", "Very pretty, just a bit bright at night."],
    3: ["It's okay. Nice idea but a bit plain.", "Decent, though the colours feel washed out on my screen.",
        "Average. I switched back after a week."],
    2: ["Not what the preview showed.", "Labels are hard to read on it."],
    1: ["Did not work for me at all.", "Too busy, I could not find my apps."],
}
HANDLES = ["pixelfan88", "moss_and_mint", "jay_k", "theme_hunter", "nightowl", "lumen_lee", "sora.design",
           "coffee_coder", "bluejay22", "marta.p"]

DAY = 86400000
START = 1759276800000  # 2025-10-01 00:00 UTC


def people():
    with open(PEOPLE) as f:
        return [p["first"] + " " + p["last"] for p in json.load(f)]


def main():
    names = people()
    items = []

    def add(it):
        items.append(it)

    for i, (wid, name, price, designer, desc) in enumerate(WALLPAPERS):
        add({"id": "wp_" + wid, "kind": "wallpaper", "name": name, "designer": designer, "price_cents": price,
             "wallpaper": wid, "description": desc})
    for slug, name, shape, themed, price, designer, desc in ICONS:
        add({"id": "ic_" + slug, "kind": "icons", "name": name, "designer": designer, "price_cents": price,
             "icon_shape": shape, "themed_icons": themed, "description": desc})
    for slug, name, seed, family, price, designer in PALETTES:
        add({"id": "pal_" + slug, "kind": "palette", "name": name, "designer": designer, "price_cents": price,
             "accent": seed, "family": family,
             "description": "A Material You palette built from the seed colour " + seed + ": " + family +
                            " tones for buttons, switches, sliders and highlights in every system app."})
    for slug, name, wp, accent, shape, themed, price, designer, desc in THEMES:
        add({"id": "th_" + slug if slug != "default" else "default", "kind": "theme", "name": name, "designer": designer,
             "price_cents": price, "wallpaper": wp, "accent": accent, "icon_shape": shape, "themed_icons": themed,
             "description": desc})

    # Ratings, downloads and release dates: deterministic, all distinct ratings within a kind where it matters.
    used_ratings = {}
    for it in items:
        kind = it["kind"]
        while True:
            r = rng.randint(31, 49)
            if r not in used_ratings.setdefault(kind, set()):
                used_ratings[kind].add(r)
                break
        it["rating_x10"] = r
        it["downloads"] = rng.choice([1, 2, 3, 5, 8, 12, 15, 20, 35, 50, 80, 120]) * 1000 + rng.randint(0, 999)
        if it["price_cents"] > 0:
            it["downloads"] //= 4
        it["released_ms"] = START + rng.randint(0, 91) * DAY - 200 * DAY * (rng.random() < 0.5)
    # Default is the preinstalled theme: never rated as a store product.
    for it in items:
        if it["id"] == "default":
            it["rating_x10"], it["downloads"], it["released_ms"] = 45, 1000000, START - 400 * DAY

    reviews = []
    n = 0
    for it in items:
        if it["id"] == "default":
            continue
        k = rng.randint(2, 5)
        for j in range(k):
            target = it["rating_x10"] / 10.0
            stars = max(1, min(5, int(round(rng.gauss(target, 0.9)))))
            n += 1
            author = rng.choice(names) if rng.random() < 0.6 else rng.choice(HANDLES)
            reviews.append({"id": "rv%03d" % n, "item": it["id"], "author": author, "stars": stars,
                            "text": rng.choice([t for t in REVIEW_LINES[stars] if it["price_cents"] > 0 or "cent" not in t]),
                            "time_ms": START + rng.randint(0, 90) * DAY + rng.randint(8, 22) * 3600000})
        it["reviews"] = k
        it["ratings"] = max(k, it["downloads"] // rng.randint(25, 60))
    banners = [
        {"id": "b1", "title": "Northern Lights", "subtitle": "New theme by Polar Pixel", "item": "th_northern_lights"},
        {"id": "b2", "title": "Free this week", "subtitle": "Blossom wallpaper", "item": "wp_blossom"},
        {"id": "b3", "title": "Make it yours", "subtitle": "Colour palettes from $0.99", "item": "pal_green"},
        {"id": "b4", "title": "Icons that match", "subtitle": "Soft Square Mono", "item": "ic_soft_square_mono"},
    ]
    os.makedirs(WORLD, exist_ok=True)
    with open(os.path.join(WORLD, "items.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(i) for i in items) + "\n]\n")
    with open(os.path.join(WORLD, "reviews.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(r) for r in reviews) + "\n]\n")
    with open(os.path.join(WORLD, "banners.json"), "w") as f:
        f.write("[\n" + ",\n".join(json.dumps(b) for b in banners) + "\n]\n")
    print(len(items), "items,", len(reviews), "reviews")


if __name__ == "__main__":
    main()
