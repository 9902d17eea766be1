#!/usr/bin/python3
"""Seeds Markdown's notebook into Files' world: apps/files/world/files.json.

Markdown (the Markor-like app) keeps no notes of its own: its notebook is the folder
"Documents/Markdown" of shared storage, which Files owns. This generator adds that folder, a few
subfolders and the seed notes (ids "md01".., kind "text", "text" = the markdown, size = its bytes)
to Files' world file. It is idempotent: it drops every key it owns ("documents_markdown*",
"md<digits>") and appends them again after the other entries, keeping the other entries, their
order and the file's one-entry-per-line layout byte for byte. Deterministic: no clock, no random.

usage: /usr/bin/python3 apps/markdown/gen/gen_notes.py
"""
import collections
import json
import os
import re

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
FILES = os.path.join(ROOT, "apps", "files", "world", "files.json")

FOLDERS = [
    # id, name, parent, modified
    ("documents_markdown", "Markdown", "documents", "2025-12-31 10:05"),
    ("documents_markdown_work", "Work", "documents_markdown", "2025-12-19 17:20"),
    ("documents_markdown_recipes", "Recipes", "documents_markdown", "2025-12-07 18:45"),
    ("documents_markdown_journal", "Journal", "documents_markdown", "2025-12-31 22:10"),
    ("documents_markdown_archive", "Archive", "documents_markdown", "2025-11-02 09:30"),
]

NOTES = [
    ("md01", "Shopping list.md", "documents_markdown", "2025-12-30 18:12", """# Shopping list

- [ ] Oat milk
- [x] Sourdough bread
- [ ] Greek yogurt
- [ ] Cherry tomatoes
- [x] Coffee beans
- [ ] Dish soap
"""),
    ("md02", "Ideas.md", "documents_markdown", "2025-12-28 21:40", """# Ideas

- Start a **monthly** photo walk with the neighbours
- Build a small herb garden on the balcony
- Learn to bake *sourdough* from scratch
- Write a short guide to the hiking trails near Redwood Park

Inspiration: [Seasonal gardening](https://example.com/gardening)
"""),
    ("md03", "Reading list.md", "documents_markdown", "2025-12-22 20:05", """# Reading list

## To read
1. The Overstory by Richard Powers
2. Project Hail Mary by Andy Weir
3. A Psalm for the Wild-Built by Becky Chambers

## Finished
- [x] Klara and the Sun
- [x] The Midnight Library
"""),
    ("md04", "Weekly plan.md", "documents_markdown", "2025-12-31 09:15", """# Week of January 5

- **Monday**: dentist at 9:30, team sync at 14:00
- **Tuesday**: gym, groceries
- **Wednesday**: call Mom
- **Thursday**: pay the electricity bill
- **Friday**: movie night with Sam

> Keep Saturday free.
"""),
    ("md05", "Packing list.txt", "documents_markdown", "2025-12-18 07:50", """Packing list for the ski trip

Warm jacket
Ski goggles
Thermal base layers
Gloves and spare socks
Phone charger and power bank
Sunscreen
"""),
    ("md06", "Gift ideas.md", "documents_markdown", "2025-12-10 19:32", """# Gift ideas

- Emma: a watercolor set
- Daniel: noise-cancelling headphones
- Olivia: a cookbook of Thai recipes
- Grandpa: a framed family photo
"""),
    ("md07", "Meeting notes 2025-12-15.md", "documents_markdown_work", "2025-12-15 16:40", """# Budget review 2025-12-15

Attendees: Alex, Priya, Marcus

## Decisions
- Freeze new vendor contracts until February
- Move the design sprint to January 12

## Action items
- [ ] Alex: send the revised forecast by Friday
- [ ] Priya: book the workshop room
- [x] Marcus: share the Q4 slides
"""),
    ("md08", "Project Atlas roadmap.md", "documents_markdown_work", "2025-12-19 17:20", """# Project Atlas roadmap

## Q1 2026
- Launch the beta to 50 pilot customers
- Finish the offline sync feature
- Hire a second QA engineer

## Q2 2026
- Public release
- Localize into Spanish and German

Contact: `atlas-team@example.com`
"""),
    ("md09", "Banana bread.md", "documents_markdown_recipes", "2025-12-07 18:45", """# Banana bread

## Ingredients
- 3 ripe bananas
- 75 g melted butter
- 150 g sugar
- 1 egg
- 190 g flour
- 1 tsp baking soda

## Steps
1. Mash the bananas and mix in the butter.
2. Stir in the sugar, egg and flour.
3. Bake at 175 C for 60 minutes.
"""),
    ("md10", "Lentil soup.md", "documents_markdown_recipes", "2025-11-26 12:10", """# Lentil soup

- 1 cup red lentils
- 1 onion, diced
- 2 carrots, sliced
- 1 tsp cumin
- 4 cups vegetable stock

Simmer for **25 minutes**, then blend half of it.
"""),
    ("md11", "Journal 2025-12-31.md", "documents_markdown_journal", "2025-12-31 22:10", """# December 31

Quiet last day of the year. Walked along the river with Sam in the morning and
cooked lentil soup for dinner.

## Goals for 2026
- Run a half marathon
- Read 20 books
- Save for the trip to Portugal
"""),
    ("md12", "Old todo.txt", "documents_markdown_archive", "2025-11-02 09:30", """Renew passport
Return library books
Fix the bike's back brake
Cancel the streaming trial
"""),
]


def main():
    with open(FILES, encoding="utf-8") as f:
        data = json.load(f, object_pairs_hook=collections.OrderedDict)
    owned = re.compile(r"^(documents_markdown.*|md\d+)$")
    out = collections.OrderedDict((k, v) for k, v in data.items() if not owned.match(k))
    for fid, name, parent, modified in FOLDERS:
        out[fid] = collections.OrderedDict(
            [("name", name), ("parent", parent), ("kind", "folder"), ("size", 0), ("modified", modified)])
    for nid, name, parent, modified, text in NOTES:
        out[nid] = collections.OrderedDict(
            [("name", name), ("parent", parent), ("kind", "text"), ("size", len(text.encode("utf-8"))),
             ("modified", modified), ("text", text), ("source", "markdown")])
    body = ",\n".join("  %s: %s" % (json.dumps(k), json.dumps(v, ensure_ascii=False)) for k, v in out.items())
    with open(FILES, "w", encoding="utf-8") as f:
        f.write("{\n" + body + "\n}\n")


if __name__ == "__main__":
    main()
