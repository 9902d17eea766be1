#!/usr/bin/python3
"""Writes Markdown's task templates: tasks/templates/markdown/*.json and
tasks/templates/cross/markdown_*.json. Deterministic; run it after changing the seed notes
(gen_notes.py), then validate: harness validate tasks/templates/markdown.

usage: /usr/bin/python3 apps/markdown/gen/gen_templates.py
"""
import json, os
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
T = os.path.join(ROOT, "tasks", "templates", "markdown")
C = os.path.join(ROOT, "tasks", "templates", "cross")
def w(d, name, cross=False):
    """Writes template `d` as <name>.json (cross: into the cross folder)."""
    # The capability tags the other templates use.
    common = {"text_entry": "text_input", "infeasible": "infeasibility", "read_screen": "information_extraction",
              "count": "counting", "confirm_dialog": "confirmation"}
    tax = d.get("taxonomy", {})
    if "capabilities" in tax:
        tax["capabilities"] = [common.get(c, c) for c in tax["capabilities"]]
    path = os.path.join(C if cross else T, name + ".json")
    with open(path, "w") as f:
        json.dump(d, f, indent=1, ensure_ascii=False)
        f.write("\n")
O = lambda: {"type": "open_app", "app": "markdown"}
click = lambda t: {"type": "click", "target": t}
typ = lambda s, clear=False: ({"type": "type", "text": s, "clear": True} if clear else {"type": "type", "text": s})
done = {"type": "complete"}
ROOT_NOTES = "view.files.files[parent=documents_markdown][kind=text]"
EXTRA = {"choice": ["Scratchpad.md", "Call log.md", "Podcast picks.md", "Quotes.md", "Passwords hint.txt", "Birthday plan.md", "Garden log.md"]}
EXTRA_SETUP = [{"op": "add", "path": "/apps/files/files/n90", "value": {"name": "{extra}", "parent": "documents_markdown", "kind": "text", "size": 24, "modified": "2025-12-20 11:00", "text": "Nothing important here.\n", "source": "markdown"}}]

names = [("Trip ideas", "Visit Lisbon in May and book the tram tour"), ("Call list", "Call the plumber about the kitchen sink"),
         ("Book club", "Next meeting on January 14 at Priya's place"), ("Car service", "Oil change due at 45000 miles"),
         ("Gym plan", "Squats, lunges and a 20 minute run"), ("Birthday party", "Order the cake from Rosie's Bakery"),
         ("Garden", "Plant tulip bulbs before the first frost"), ("Budget 2026", "Save 300 dollars every month"),
         ("Podcast notes", "Episode 42 covers sleep and memory"), ("Movie night", "Watch Arrival and Past Lives"),
         ("Pet care", "Buy flea medicine for Biscuit"), ("Work goals", "Finish the security training by Friday")]

# 1. create a note (AndroidWorld MarkorCreateNote)
w({"id": "markdown.create_note",
   "description": "Create a markdown note in the notebook's top folder with a given name and one line of text (AndroidWorld's MarkorCreateNote). The note is a file in Files' shared storage: the judge reads the Files collection by name.",
   "apps": ["markdown", "files"],
   "instruction": ["Create a new note in Markdown named {n.name}.md with the following text: {n.text}",
                   "In the Markdown app, make a note called \"{n.name}.md\" that says: {n.text}",
                   "Add a new markdown note {n.name}.md to my notebook containing the text \"{n.text}\"."],
   "parameters": {"n": {"tuple": [{"name": a, "text": b} for a, b in names]}},
   "judge": {"subtasks": [
       {"name": "{n.name}.md is in Documents/Markdown", "path": "view.files.files[name={n.name}.md].parent", "op": "==", "value": "documents_markdown"},
       {"name": "it holds the text", "path": "view.files.files[name={n.name}.md].text", "op": "==", "value": "{n.text}", "as": "text"}]},
   "expected_changes": ["/apps/files/files/n1"],
   "oracle": [O(), click("markdown.fab"), typ("{n.name}.md"), click("markdown.create.ok"), typ("{n.text}"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L2", "capabilities": ["text_entry", "create"]},
   "step_budget": 15, "split": "train"}, "create_note")

# 2. create a plain text note in a subfolder
folders = [("Work", "documents_markdown_work"), ("Recipes", "documents_markdown_recipes"), ("Journal", "documents_markdown_journal"), ("Archive", "documents_markdown_archive")]
w({"id": "markdown.create_txt_in_folder",
   "description": "Create a plain-text note inside one of the notebook's subfolders: open the folder, +, name, type Plain text, OK, type the text.",
   "apps": ["markdown", "files"],
   "instruction": ["In Markdown, create a plain text file {n.name}.txt in the {f.name} folder with the text: {n.text}",
                   "Open the {f.name} folder of my Markdown notebook and add a .txt note named {n.name} saying \"{n.text}\"."],
   "parameters": {"f": {"tuple": [{"name": a, "id": b} for a, b in folders]}, "n": {"tuple": [{"name": a, "text": b} for a, b in names[:8]]}},
   "judge": {"subtasks": [
       {"name": "{n.name}.txt is in {f.name}", "path": "view.files.files[name={n.name}.txt].parent", "op": "==", "value": "{f.id}"},
       {"name": "it holds the text", "path": "view.files.files[name={n.name}.txt].text", "op": "==", "value": "{n.text}", "as": "text"}]},
   "expected_changes": ["/apps/files/files/n1"],
   "oracle": [O(), click("markdown.folder.{f.name}"), click("markdown.fab"), typ("{n.name}"), click("markdown.create.type.txt"),
              click("markdown.create.ok"), typ("{n.text}"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["navigation", "text_entry", "create"]},
   "step_budget": 30, "split": "test"}, "create_txt_in_folder")

# 3. delete a note
w({"id": "markdown.delete_note",
   "description": "Delete one note of the notebook's top folder (which also holds a distractor note the setup adds) with the confirmation (AndroidWorld's MarkorDeleteNote).",
   "apps": ["markdown", "files"],
   "instruction": ["Delete the note {note.name} in Markdown.", "Remove {note.name} from my Markdown notebook.", "I no longer need the note {note.name}; delete it."],
   "parameters": {"extra": EXTRA, "note": {"from_state": {"path": ROOT_NOTES, "fields": ["id", "name"], "state": "setup"}}},
   "setup": EXTRA_SETUP,
   "judge": {"subtasks": [{"name": "{note.name} is gone", "path": "view.files.files[id={note.id}]", "op": "absent"},
                          {"name": "the other notes stay", "path": ROOT_NOTES, "op": "count", "value": 6}]},
   "expected_changes": ["/apps/files/files/{note.id}"],
   "oracle": [O(), {"scroll_to": "markdown.file.{note.name}"}, {"type": "long_press", "target": "markdown.file.{note.name}"},
              click("markdown.select.delete"), click("dialog.button.delete"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["long_press", "confirm_dialog"]},
   "step_budget": 15, "split": "train"}, "delete_note")

# 4. rename
new_names = {"choice": ["Archive copy.md", "Old notes.md", "Misc.md", "Keep for later.md", "Review.md", "Drafts 2026.md", "Backup.md"]}
w({"id": "markdown.rename_note",
   "description": "Rename a note of the notebook's top folder (long press, Rename, new name).",
   "apps": ["markdown", "files"],
   "instruction": ["Rename the note {note.name} to {new} in Markdown.", "In my Markdown notebook, change the name of {note.name} to {new}."],
   "parameters": {"new": new_names, "note": {"from_state": {"path": ROOT_NOTES, "fields": ["id", "name"]}}},
   "judge": {"subtasks": [{"name": "the note is now {new}", "path": "view.files.files[id={note.id}].name", "op": "==", "value": "{new}"},
                          {"name": "it stays in Documents/Markdown", "path": "view.files.files[name={new}].parent", "op": "==", "value": "documents_markdown"}]},
   "expected_changes": ["/apps/files/files/{note.id}"],
   "oracle": [O(), {"scroll_to": "markdown.file.{note.name}"}, {"type": "long_press", "target": "markdown.file.{note.name}"},
              click("markdown.select.rename"), typ("{new}", True), click("markdown.rename.ok"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L2", "capabilities": ["long_press", "text_entry"]},
   "step_budget": 15, "split": "test"}, "rename_note")

# 5. move
w({"id": "markdown.move_note",
   "description": "Move a note of the notebook's top folder into one of its subfolders with the folder picker.",
   "apps": ["markdown", "files"],
   "instruction": ["Move the note {note.name} into the folder {f.name} in Markdown.", "Put {note.name} in my {f.name} folder in the Markdown app."],
   "parameters": {"f": {"tuple": [{"name": a, "id": b} for a, b in folders]}, "note": {"from_state": {"path": ROOT_NOTES, "fields": ["id", "name"]}}},
   "judge": {"subtasks": [{"name": "{note.name} is in {f.name}", "path": "view.files.files[id={note.id}].parent", "op": "==", "value": "{f.id}"},
                          {"name": "its name is unchanged", "path": "view.files.files[id={note.id}].name", "op": "==", "value": "{note.name}"}]},
   "expected_changes": ["/apps/files/files/{note.id}"],
   "oracle": [O(), {"scroll_to": "markdown.file.{note.name}"}, {"type": "long_press", "target": "markdown.file.{note.name}"},
              click("markdown.select.move"), click("markdown.move.folder.{f.name}"), click("markdown.move.confirm"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L2", "capabilities": ["long_press", "folder_picker"]},
   "step_budget": 15, "split": "train"}, "move_note")

# 6. merge
merge = [("Monday.md", "Tuesday.md", "Wednesday.md", "Week plan.md", "Gym at 7", "Dentist at 10", "Dinner with Sam"),
         ("Part 1.md", "Part 2.md", "Part 3.md", "Full story.md", "Once upon a time", "a fox found a key", "and opened the gate"),
         ("Intro.md", "Body.md", "Outro.md", "Essay.md", "Cities need trees", "Shade cools streets", "Plant more oaks"),
         ("Day 1.md", "Day 2.md", "Day 3.md", "Trip log.md", "Flew to Rome", "Saw the Colosseum", "Took the train to Florence"),
         ("Q1.md", "Q2.md", "Q3.md", "Year review.md", "Hired two engineers", "Launched the beta", "Reached 1000 users"),
         ("Step A.md", "Step B.md", "Step C.md", "Recipe steps.md", "Whisk the eggs", "Fold in the flour", "Bake for 30 minutes"),
         ("Verse 1.md", "Verse 2.md", "Chorus.md", "Song.md", "Rain on the window", "Coffee in my hand", "Home again tonight"),
         ("Notes A.md", "Notes B.md", "Notes C.md", "All notes.md", "Budget approved", "Vendor chosen", "Kickoff on Monday"),
         ("Morning.md", "Noon.md", "Evening.md", "Routine.md", "Stretch and meditate", "Walk after lunch", "Read before bed"),
         ("Idea 1.md", "Idea 2.md", "Idea 3.md", "Ideas merged.md", "A bike sharing map", "A recipe swap club", "A quiet study room"),
         ("Pros.md", "Cons.md", "Verdict.md", "Decision.md", "Cheaper rent", "Longer commute", "Take the apartment")]
w({"id": "markdown.merge_notes",
   "description": "Three short notes exist (setup); the agent writes a new note with their contents in order, one per line or paragraph (AndroidWorld's MarkorMergeNotes). The judge compares text ignoring spacing.",
   "apps": ["markdown", "files"],
   "instruction": ["Merge the contents of Markdown notes {m.a}, {m.b} and {m.c} (in the same order) into a new note named {m.d}. Put each note's content on its own line.",
                   "Combine {m.a}, {m.b} and {m.c} into one new note called {m.d}, in that order, one after another on separate lines."],
   "parameters": {"m": {"tuple": [dict(zip(["a", "b", "c", "d", "ta", "tb", "tc"], t)) for t in merge]}},
   "setup": [{"op": "add", "path": "/apps/files/files/n90", "value": {"name": "{m.a}", "parent": "documents_markdown", "kind": "text", "size": 10, "modified": "2025-12-29 09:00", "text": "{m.ta}", "source": "markdown"}},
             {"op": "add", "path": "/apps/files/files/n91", "value": {"name": "{m.b}", "parent": "documents_markdown", "kind": "text", "size": 10, "modified": "2025-12-29 09:05", "text": "{m.tb}", "source": "markdown"}},
             {"op": "add", "path": "/apps/files/files/n92", "value": {"name": "{m.c}", "parent": "documents_markdown", "kind": "text", "size": 10, "modified": "2025-12-29 09:10", "text": "{m.tc}", "source": "markdown"}}],
   "judge": {"subtasks": [
       {"name": "{m.d} holds the three notes in order", "path": "view.files.files[name={m.d}].text", "op": "==", "value": "{m.ta}\n{m.tb}\n{m.tc}", "as": "text"},
       {"name": "{m.d} is in Documents/Markdown", "path": "view.files.files[name={m.d}].parent", "op": "==", "value": "documents_markdown"},
       {"name": "the sources stay", "path": "view.files.files[name={m.a}|{m.b}|{m.c}]", "op": "count", "value": 3}]},
   "expected_changes": ["/apps/files/files/n1"],
   "oracle": [O(), click("markdown.fab"), typ("{m.d}"), click("markdown.create.ok"), typ("{m.ta}\n{m.tb}\n{m.tc}"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "transfer", "difficulty": "L3", "capabilities": ["text_entry", "create", "read_screen"]},
   "step_budget": 30, "split": "test"}, "merge_notes")

# 7. query the second bullet
lists = [("Errands.md", ["Pick up dry cleaning", "Return the library books", "Buy stamps", "Renew the car insurance"]),
         ("Packing.md", ["Passport", "Phone charger", "Sunglasses", "Travel pillow"]),
         ("Party prep.md", ["Order pizza", "Buy balloons", "Send invitations", "Clean the patio"]),
         ("Home fixes.md", ["Oil the squeaky door", "Replace the hallway bulb", "Caulk the bathtub", "Clean the gutters"]),
         ("Study plan.md", ["Review chapter 3", "Practice past exams", "Make flashcards", "Meet the study group"]),
         ("Weekend.md", ["Farmers market", "Bike ride to the lake", "Bake cookies", "Call Grandma"]),
         ("Meal plan.md", ["Lentil soup", "Chicken tacos", "Vegetable curry", "Mushroom risotto"]),
         ("Gift list.md", ["Scarf for Emma", "Board game for Daniel", "Candles for Olivia", "Book for Marcus"]),
         ("Interview prep.md", ["Research the company", "Prepare three stories", "Print the resume", "Plan the route"]),
         ("Camping.md", ["Tent", "Sleeping bags", "Camp stove", "First aid kit"]),
         ("Cleaning.md", ["Vacuum the living room", "Wipe the kitchen counters", "Wash the windows", "Sort the recycling"])]
w({"id": "markdown.query_second_bullet",
   "description": "A note with four bullets exists (setup); the agent opens it and reports the second bullet on the AnswerSheet (AndroidWorld-style content query).",
   "apps": ["markdown", "files", "answersheet"],
   "instruction": ["What is the content of the second bullet in the Markdown note {l.name}?", "Open {l.name} in Markdown and tell me what its second bullet point says."],
   "parameters": {"l": {"tuple": [{"name": n, "b1": b[0], "b2": b[1], "b3": b[2], "b4": b[3]} for n, b in lists]}},
   "setup": [{"op": "add", "path": "/apps/files/files/n90", "value": {"name": "{l.name}", "parent": "documents_markdown", "kind": "text", "size": 90, "modified": "2025-12-30 20:00",
                                                                       "text": "# To do\n\n- {l.b1}\n- {l.b2}\n- {l.b3}\n- {l.b4}\n", "source": "markdown"}}],
   "answer_sheet": {"question": "What does the second bullet of {l.name} say?", "fields": [{"id": "bullet", "label": "Second bullet", "type": "text"}],
                    "expected": {"bullet": {"match": "text", "value": "{l.b2}"}}},
   "judge": {"subtasks": []},
   "expected_changes": [],
   "oracle": [O(), {"scroll_to": "markdown.file.{l.name}"}, click("markdown.file.{l.name}"), click("markdown.editor.preview"),
              {"type": "open_app", "app": "answersheet"}, click("answersheet.field.bullet"), typ("{l.b2}"), click("answersheet.submit"), done],
   "taxonomy": {"scope": "S1", "objective": "query", "composition": "atomic", "difficulty": "L2", "capabilities": ["read_screen", "answer"]},
   "step_budget": 30, "split": "train"}, "query_second_bullet")

# 8. add a checked item at the end
items = ["Call the bank", "Water the plants", "Book the flights", "Pay the rent", "Buy printer ink", "Email Priya", "Walk the dog", "Back up the laptop", "Order new glasses", "Cancel the gym trial"]
w({"id": "markdown.add_done_item",
   "description": "Append a checked to-do line to a note of the notebook's top folder (the editor appends at the end of the text).",
   "apps": ["markdown", "files"],
   "instruction": ["Add '- [x] {item}' at the end of the note {note.name} in Markdown.", "In Markdown, append the line \"- [x] {item}\" to {note.name}."],
   "parameters": {"item": {"choice": items}, "note": {"from_state": {"path": ROOT_NOTES + "[name~=.md]", "fields": ["id", "name"]}}},
   "judge": {"subtasks": [{"name": "the note ends with the done item", "path": "view.files.files[id={note.id}].text", "op": "contains", "value": "- [x] {item}"}]},
   "expected_changes": ["/apps/files/files/{note.id}"],
   "oracle": [O(), {"scroll_to": "markdown.file.{note.name}"}, click("markdown.file.{note.name}"), click("markdown.editor.text"), typ("- [x] {item}\n"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["text_entry"]},
   "step_budget": 15, "split": "test"}, "add_done_item")

# 9. check an item in a to-do note (preview checkbox)
todo = [("Groceries.md", "Milk", "Eggs", "Spinach"), ("Chores.md", "Laundry", "Dishes", "Vacuum"), ("Trip prep.md", "Passport", "Adapter", "Snacks"),
        ("Launch checklist.md", "Write release notes", "Tag the build", "Email customers"), ("Moving.md", "Pack books", "Label boxes", "Forward mail"),
        ("Party.md", "Balloons", "Cake", "Playlist"), ("Garden tasks.md", "Prune roses", "Mulch beds", "Fix the hose"),
        ("Car.md", "Check tire pressure", "Top up washer fluid", "Clean the mats"), ("Bills.md", "Electricity", "Internet", "Water"),
        ("School.md", "Sign the permission slip", "Buy crayons", "Pack gym shoes"), ("Wedding.md", "Book the venue", "Choose the menu", "Send save the dates")]
w({"id": "markdown.check_item",
   "description": "A to-do note with three open items exists (setup); the agent checks one off (the preview's checkbox toggles '- [ ]' to '- [x]' in the file).",
   "apps": ["markdown", "files"],
   "instruction": ["In the Markdown note {t.name}, check off \"{t.target}\".", "Mark \"{t.target}\" as done in my {t.name} to-do list in Markdown."],
   "parameters": {"t": {"tuple": [{"name": a, "target": b, "other": c, "third": d} for a, b, c, d in todo]}},
   "setup": [{"op": "add", "path": "/apps/files/files/n90", "value": {"name": "{t.name}", "parent": "documents_markdown", "kind": "text", "size": 40, "modified": "2025-12-30 08:00",
                                                                       "text": "# To do\n\n- [ ] {t.other}\n- [ ] {t.target}\n- [ ] {t.third}\n", "source": "markdown"}}],
   "judge": {"subtasks": [{"name": "{t.target} is checked", "path": "view.files.files[name={t.name}].text", "op": "contains", "value": "- [x] {t.target}"},
                          {"name": "the other items stay open", "path": "view.files.files[name={t.name}].text", "op": "contains", "value": "- [ ] {t.other}\n- [x] {t.target}\n- [ ] {t.third}"}]},
   "expected_changes": ["/apps/files/files/n90"],
   "oracle": [O(), {"scroll_to": "markdown.file.{t.name}"}, click("markdown.file.{t.name}"), click("markdown.editor.preview"), click("markdown.preview.check.{t.target}"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["toggle", "navigation"]},
   "step_budget": 15, "split": "train"}, "check_item")

# 10. settings
w({"id": "markdown.settings",
   "description": "Change three Markdown settings: default file type, editor font size and sort order (never the defaults Markdown / Medium / Name all at once).",
   "apps": ["markdown", "files"],
   "instruction": ["In Markdown's settings, make {s.type_label} the default file type, use the {s.font} font size and sort notes by {s.sort_label}.",
                   "Set up Markdown: default type {s.type_label}, {s.font} editor font, notes sorted by {s.sort_label}."],
   "parameters": {"s": {"tuple": [{"type": t, "type_label": tl, "font": f, "font_key": f.lower(), "sort": so, "sort_label": sl}
                                  for t, tl in [("txt", "Plain text"), ("todo", "To-do"), ("md", "Markdown")]
                                  for f in ["Small", "Large", "Medium"]
                                  for so, sl in [("date", "date modified"), ("name", "name")]
                                  if not (t == "md" and f == "Medium") and not (so == "name" and (t == "md" or f == "Medium"))]}},
   "judge": {"subtasks": [{"name": "default type {s.type}", "path": "apps.markdown.settings.default_type", "op": "==", "value": "{s.type}"},
                          {"name": "font {s.font_key}", "path": "apps.markdown.settings.font_size", "op": "==", "value": "{s.font_key}"},
                          {"name": "sorted by {s.sort}", "path": "apps.markdown.settings.sort", "op": "==", "value": "{s.sort}"}]},
   "expected_changes": ["/apps/markdown/settings/default_type", "/apps/markdown/settings/font_size", "/apps/markdown/settings/sort"],
   "oracle": [O(), click("markdown.more"), click("markdown.menu.settings"), click("markdown.settings.type.{s.type}"), click("markdown.settings.font.{s.font_key}"),
              {"scroll_to": "markdown.settings.sort.{s.sort}"}, click("markdown.settings.sort.{s.sort}"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["settings", "navigation"]},
   "step_budget": 15, "split": "test"}, "settings")

# 11. query: a value inside a note (search by content)
secrets = [("Wi-Fi.md", "Home Wi-Fi password", "maple-river-42"), ("Locker.md", "Gym locker code", "4417"), ("Garage.md", "Garage door code", "8023"),
           ("Bike lock.md", "Bike lock combination", "3391"), ("Guest wifi.md", "Guest network password", "sunny-deck-7"), ("Alarm.md", "House alarm code", "5260"),
           ("Storage unit.md", "Storage unit gate code", "1908"), ("Office.md", "Office door PIN", "7734"), ("Mailbox.md", "Mailbox key number", "B-112"),
           ("Parking.md", "Parking spot number", "P3-58"), ("Safe.md", "Hotel safe code", "2468")]
w({"id": "markdown.query_code",
   "description": "A note in the Work folder holds a code (setup); the agent finds it (search by name or content, or browsing) and answers with the code.",
   "apps": ["markdown", "files", "answersheet"],
   "instruction": ["What is my {s.label}? It's in one of my Markdown notes.", "Find the {s.label} in my Markdown notebook and tell me what it is."],
   "parameters": {"s": {"tuple": [{"name": a, "label": b, "code": c} for a, b, c in secrets]}},
   "setup": [{"op": "add", "path": "/apps/files/files/n90", "value": {"name": "{s.name}", "parent": "documents_markdown_work", "kind": "text", "size": 40, "modified": "2025-12-12 12:00",
                                                                       "text": "# {s.label}\n\n{s.label}: `{s.code}`\n", "source": "markdown"}}],
   "answer_sheet": {"question": "What is the {s.label}?", "fields": [{"id": "code", "label": "Code", "type": "text"}],
                    "expected": {"code": {"match": "text", "value": "{s.code}"}}},
   "judge": {"subtasks": []},
   "expected_changes": [],
   "oracle": [O(), click("markdown.search"), typ("{s.label}"), click("markdown.result.{s.name}"),
              {"type": "open_app", "app": "answersheet"}, click("answersheet.field.code"), typ("{s.code}"), click("answersheet.submit"), done],
   "taxonomy": {"scope": "S1", "objective": "query", "composition": "atomic", "difficulty": "L2", "capabilities": ["search", "read_screen", "answer"]},
   "step_budget": 30, "split": "test"}, "query_code")

# 12. infeasible: a note that does not exist
w({"id": "markdown.infeasible_missing_note",
   "description": "The agent is asked to edit a note that is not in the notebook (nor anywhere in storage); the right ending is abort.",
   "apps": ["markdown", "files"],
   "feasible": False,
   "instruction": ["Add the line \"{line}\" to my Markdown note {name}.", "Open {name} in Markdown and append: {line}"],
   "parameters": {"name": {"choice": ["Tax plan 2026.md", "Vacation budget.md", "Piano practice.md", "Dentist notes.md", "Apartment search.md"]},
                  "line": {"choice": ["Call back on Monday", "Ask about the deposit", "Bring the receipts"]}},
   "judge": {"subtasks": [{"name": "the agent aborts", "path": "os.episode.status", "op": "==", "value": "abort"},
                          {"name": "no note {name} was made", "path": "view.files.files[name={name}]", "op": "absent"}]},
   "expected_changes": [],
   "oracle": [O(), click("markdown.search"), typ("{name}"), {"type": "abort", "reason": "There is no note named {name} in the Markdown notebook."}],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["search", "infeasible"]},
   "step_budget": 15, "split": "train"}, "infeasible_missing_note")

# 13. new folder and move two notes (multi-select)
pairs = [("Gift ideas.md", "md06", "Ideas.md", "md02"), ("Reading list.md", "md03", "Shopping list.md", "md01"),
         ("Packing list.txt", "md05", "Weekly plan.md", "md04"), ("Ideas.md", "md02", "Reading list.md", "md03")]
w({"id": "markdown.folder_and_move_two",
   "description": "Create a folder in the notebook (overflow menu, New folder) and move two notes of the top folder into it with one multi-selection (long press, tap, Move).",
   "apps": ["markdown", "files"],
   "instruction": ["In Markdown, create a folder named {folder} and move {p.a} and {p.b} into it.", "Make a new Markdown folder \"{folder}\", then put {p.a} and {p.b} in it."],
   "parameters": {"folder": {"choice": ["Personal", "Lists", "Home", "Someday", "Planning"]},
                  "p": {"tuple": [{"a": a, "ia": ia, "b": b, "ib": ib} for a, ia, b, ib in pairs]}},
   "judge": {"subtasks": [{"name": "{folder} is a folder of the notebook", "path": "view.files.files[parent=documents_markdown][name={folder}].kind", "op": "==", "value": "folder"},
                          {"name": "{p.a} moved out of the top folder", "path": "view.files.files[id={p.ia}].parent", "op": "!=", "value": "documents_markdown"},
                          {"name": "{p.b} moved out of the top folder", "path": "view.files.files[id={p.ib}].parent", "op": "!=", "value": "documents_markdown"},
                          {"name": "both are in {folder}", "path": "view.files.files[parent=n1][id={p.ia}|{p.ib}]", "op": "count", "value": 2}]},
   "expected_changes": ["/apps/files/files/n1", "/apps/files/files/{p.ia}", "/apps/files/files/{p.ib}"],
   "oracle": [O(), click("markdown.more"), click("markdown.menu.new_folder"), typ("{folder}"), click("markdown.new_folder.ok"),
              {"scroll_to": "markdown.file.{p.a}"}, {"type": "long_press", "target": "markdown.file.{p.a}"},
              {"scroll_to": "markdown.file.{p.b}"}, click("markdown.file.{p.b}"), click("markdown.select.move"),
              click("markdown.move.folder.{folder}"), click("markdown.move.confirm"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L4", "capabilities": ["long_press", "multi_select", "folder_picker"]},
   "step_budget": 30, "split": "test"}, "folder_and_move_two")

# ---------------------------------------------------------------- cross-app
places = [("h12", "Hotel Columbus", "220 Chestnut St", "Hotel"), ("r45", "Anchor & Hope", "734 Lincoln St", "Dinner spot"),
          ("r09", "Taqueria El Sol", "839 Embarcadero", "Tacos"), ("r52", "Bulgogi Brothers", "350 Broadway", "Korean BBQ"),
          ("p12", "Pacific Heights Pharmacy", "574 Van Ness Ave", "Pharmacy"), ("s08", "Bayview Gas & Go", "949 Market St", "Gas station"),
          ("h08", "Pacific Heights Inn", "253 Bryant St", "Inn"), ("g06", "Mission Produce Market", "459 Fillmore St", "Groceries"),
          ("c13", "Sightglass Corner", "534 Bay St", "Coffee"), ("c17", "Drip Society", "830 Columbus Ave", "Cafe"),
          ("r32", "Saffron House", "569 Valencia St", "Indian food")]
w({"id": "cross.markdown_maps_address_note",
   "description": "Copy a place's address in Maps (tapping the address row copies it) and save it as a new Markdown note with 'New from clipboard'. The judge reads the new file in Files.",
   "apps": ["maps", "markdown", "files"],
   "instruction": ["Copy the address of {p.name} from Maps and save it in a new Markdown note named {p.note}.md.",
                   "Use the clipboard to put {p.name}'s address from Maps into a new Markdown note called \"{p.note}.md\"."],
   "parameters": {"p": {"tuple": [{"id": a, "name": b, "address": c, "note": d} for a, b, c, d in places]}},
   "judge": {"subtasks": [{"name": "{p.note}.md holds the address", "path": "view.files.files[name={p.note}.md].text", "op": "contains", "value": "{p.address}"},
                          {"name": "{p.note}.md is in Documents/Markdown", "path": "view.files.files[name={p.note}.md].parent", "op": "==", "value": "documents_markdown"}]},
   "expected_changes": ["/apps/files/files/n1"],
   "allowed_changes": ["/os/clipboard"],
   "oracle": [{"type": "open_app", "app": "maps"}, click("maps.search"), typ("{p.name}"), {"scroll_to": "maps.search.result.{p.id}"}, click("maps.search.result.{p.id}"),
              click("maps.place.address"), O(), click("markdown.more"), click("markdown.menu.clipboard"), typ("{p.note}.md"), click("markdown.create.ok"), done],
   "taxonomy": {"scope": "S2", "objective": "operate", "composition": "transfer", "difficulty": "L4", "capabilities": ["cross_app", "clipboard", "create"]},
   "step_budget": 30, "split": "train"}, "markdown_maps_address_note", cross=True)

share_notes = [("Shopping list.md", "Greek yogurt"), ("Ideas.md", "herb garden"), ("Reading list.md", "Project Hail Mary"),
               ("Weekly plan.md", "dentist at 9:30"), ("Gift ideas.md", "watercolor set"), ("Packing list.txt", "Ski goggles")]
w({"id": "cross.markdown_share_note_messages",
   "description": "Share a note from Markdown to a Messages contact: the note's menu, Share (SEND text/plain), the chooser (Messages), the contact, Send. The judge finds a line of the note in the sent message.",
   "apps": ["markdown", "messages"],
   "instruction": ["Send my Markdown note {n.name} to {t.name} in Messages.", "Share {n.name} from Markdown with {t.name} by text message."],
   "parameters": {"n": {"tuple": [{"name": a, "line": b} for a, b in share_notes]}, "t": {"from_state": {"path": "view.messages.threads[name!=]", "fields": ["id", "name"]}}},
   "setup": [{"op": "add", "path": "/os/permissions/messages", "value": {"POST_NOTIFICATIONS": "granted"}}],
   "judge": {"subtasks": [{"name": "{t.name} got the note", "path": "apps.messages.threads.{t.id}.messages[from=me].text", "op": "contains", "value": "{n.line}"}]},
   "expected_changes": ["/apps/messages/threads/{t.id}"],
   "oracle": [O(), {"scroll_to": "markdown.file.{n.name}"}, click("markdown.file.{n.name}"), click("markdown.editor.more"), click("markdown.note.share"),
              click("dialog.button.messages"), typ("{t.name}"), click("messages.contact.{t.id}"), click("messages.send"), done],
   "taxonomy": {"scope": "S2", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["cross_app", "share"]},
   "step_budget": 30, "split": "test"}, "markdown_share_note_messages", cross=True)

lines = ["Call the landlord about the heater", "Bring the blue folder", "Ask Priya about the slides", "Renew the museum membership",
         "Check the train times", "Pick up the dry cleaning"]
w({"id": "cross.markdown_open_from_files",
   "description": "Find a note in Files (Documents > Markdown) and open it: Files sends ACTION_VIEW text/markdown, which opens Markdown's editor; the agent appends a line. The judge reads the file's text.",
   "apps": ["files", "markdown"],
   "instruction": ["Open {n.name} from the Files app and add the line \"{line}\" at the end.", "In Files, find {n.name} under Documents/Markdown, open it and append: {line}"],
   "parameters": {"line": {"choice": lines}, "n": {"from_state": {"path": "view.files.files[parent=documents_markdown][name~=.md]", "fields": ["id", "name"]}}},
   "judge": {"subtasks": [{"name": "{n.name} ends with the new line", "path": "view.files.files[id={n.id}].text", "op": "contains", "value": "{line}"},
                          {"name": "{n.name} keeps its name", "path": "view.files.files[id={n.id}].name", "op": "==", "value": "{n.name}"}]},
   "expected_changes": ["/apps/files/files/{n.id}"],
   "oracle": [{"type": "open_app", "app": "files"}, click("files.storage"), click("files.item.Documents"), click("files.item.Markdown"),
              {"scroll_to": "files.item.{n.name}"}, click("files.item.{n.name}"), click("markdown.editor.text"), typ("{line}\n"), done],
   "taxonomy": {"scope": "S2", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["cross_app", "navigation", "text_entry"]},
   "step_budget": 30, "split": "train"}, "markdown_open_from_files", cross=True)

# ---------------------------------------------------------------- more single-app templates
checklists = [("Groceries.md", [("Milk", 0), ("Bread", 1), ("Apples", 0), ("Rice", 0)]),
              ("Chores.md", [("Laundry", 1), ("Dishes", 1), ("Vacuum", 0)]),
              ("Trip prep.md", [("Passport", 1), ("Adapter", 0), ("Snacks", 0), ("Tickets", 0), ("Charger", 1)]),
              ("Launch.md", [("Release notes", 0), ("Tag the build", 0), ("Email customers", 0), ("Update the site", 1)]),
              ("Moving.md", [("Pack books", 1), ("Label boxes", 1), ("Forward mail", 1), ("Cancel internet", 0)]),
              ("Party.md", [("Balloons", 0), ("Cake", 0), ("Playlist", 0), ("Napkins", 0), ("Candles", 0), ("Ice", 1)]),
              ("Garden tasks.md", [("Prune roses", 0), ("Mulch beds", 1)]),
              ("Car.md", [("Tire pressure", 0), ("Washer fluid", 0), ("Clean the mats", 1), ("Oil change", 0), ("Wipers", 0)]),
              ("Bills.md", [("Electricity", 1), ("Internet", 0), ("Water", 1), ("Phone", 1), ("Rent", 0), ("Insurance", 0), ("Gym", 0)]),
              ("School.md", [("Permission slip", 0), ("Crayons", 1), ("Gym shoes", 1)]),
              ("Wedding.md", [("Venue", 1), ("Menu", 0), ("Save the dates", 0), ("Florist", 0), ("Band", 1), ("Cake tasting", 0)])]
def checklist_text(items):
    return "# To do\n\n" + "".join("- [%s] %s\n" % ("x" if done else " ", name) for name, done in items)
w({"id": "markdown.query_unchecked_count",
   "description": "A checklist note exists (setup); the agent counts its unchecked items and answers with the number.",
   "apps": ["markdown", "files", "answersheet"],
   "instruction": ["How many unchecked items are left in my Markdown note {c.name}?", "Count the open (unchecked) to-dos in {c.name} in Markdown."],
   "parameters": {"c": {"tuple": [{"name": n, "text": checklist_text(items), "open": str(sum(1 for _, d in items if not d))} for n, items in checklists]}},
   "setup": [{"op": "add", "path": "/apps/files/files/n90", "value": {"name": "{c.name}", "parent": "documents_markdown", "kind": "text", "size": 60,
                                                                       "modified": "2025-12-30 08:00", "text": "{c.text}", "source": "markdown"}}],
   "answer_sheet": {"question": "How many items of {c.name} are unchecked?", "fields": [{"id": "count", "label": "Unchecked items", "type": "number"}],
                    "expected": {"count": {"match": "number", "value": "{c.open}"}}},
   "judge": {"subtasks": []},
   "expected_changes": [],
   "oracle": [O(), {"scroll_to": "markdown.file.{c.name}"}, click("markdown.file.{c.name}"), click("markdown.editor.preview"),
              {"type": "open_app", "app": "answersheet"}, click("answersheet.field.count"), typ("{c.open}"), click("answersheet.submit"), done],
   "taxonomy": {"scope": "S1", "objective": "query", "composition": "atomic", "difficulty": "L2", "capabilities": ["read_screen", "count", "answer"]},
   "step_budget": 30, "split": "test"}, "query_unchecked_count")

to_make = [("Weekend errands", "Buy stamps", "Return the jacket", "Get a haircut"), ("Beach day", "Sunscreen", "Towels", "Cooler"),
           ("Study", "Read chapter 4", "Do the worksheet", "Email the tutor"), ("Baby shower", "Order the cake", "Buy a card", "Wrap the gift"),
           ("Spring cleaning", "Wash the curtains", "Clean the oven", "Sort the closet"), ("Road trip", "Check the oil", "Download maps", "Pack snacks"),
           ("Home office", "Buy a lamp", "Mount the shelf", "Tidy the cables"), ("Dinner party", "Set the table", "Chill the wine", "Light candles"),
           ("Bike repair", "Patch the tube", "Oil the chain", "Adjust the brakes"), ("New job", "Sign the contract", "Set up payroll", "Order a badge"),
           ("Vet visit", "Bring the records", "Ask about shots", "Buy treats")]
w({"id": "markdown.create_checklist",
   "description": "Create a markdown note holding three unchecked checkbox items in order (the toolbar's checkbox button starts each on its own line).",
   "apps": ["markdown", "files"],
   "instruction": ["Create a Markdown note named {c.name}.md with three unchecked to-do items: {c.a}, {c.b} and {c.c}.",
                   "Make a checklist note {c.name}.md in Markdown with the items \"{c.a}\", \"{c.b}\" and \"{c.c}\", none checked."],
   "parameters": {"c": {"tuple": [{"name": a, "a": b, "b": c, "c": d} for a, b, c, d in to_make]}},
   "judge": {"subtasks": [{"name": "the three items, unchecked and in order", "path": "view.files.files[name={c.name}.md].text", "op": "contains",
                           "value": "- [ ] {c.a}\n- [ ] {c.b}\n- [ ] {c.c}"},
                          {"name": "{c.name}.md is in Documents/Markdown", "path": "view.files.files[name={c.name}.md].parent", "op": "==", "value": "documents_markdown"}]},
   "expected_changes": ["/apps/files/files/n1"],
   "oracle": [O(), click("markdown.fab"), typ("{c.name}.md"), click("markdown.create.ok"), click("markdown.tool.checkbox"), typ("{c.a}"),
              click("markdown.tool.checkbox"), typ("{c.b}"), click("markdown.tool.checkbox"), typ("{c.c}"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["text_entry", "create", "toolbar"]},
   "step_budget": 30, "split": "train"}, "create_checklist")

w({"id": "markdown.delete_folder",
   "description": "Delete a subfolder of the notebook with the notes in it (long press the folder, Delete, confirm). The top folder also holds a distractor note.",
   "apps": ["markdown", "files"],
   "instruction": ["Delete the {f.name} folder from my Markdown notebook, including the notes in it.", "In Markdown, remove the folder {f.name} and everything inside."],
   "parameters": {"extra": EXTRA, "f": {"tuple": [{"name": "Work", "id": "documents_markdown_work", "c1": "md07", "c2": "md08"},
                                                  {"name": "Recipes", "id": "documents_markdown_recipes", "c1": "md09", "c2": "md10"}]}},
   "setup": EXTRA_SETUP,
   "judge": {"subtasks": [{"name": "{f.name} is gone", "path": "view.files.files[id={f.id}]", "op": "absent"},
                          {"name": "its notes are gone", "path": "view.files.files[id={f.c1}|{f.c2}]", "op": "absent"},
                          {"name": "the other folders stay", "path": "view.files.files[parent=documents_markdown][kind=folder]", "op": "count", "value": 3}]},
   "expected_changes": ["/apps/files/files/{f.id}", "/apps/files/files/{f.c1}", "/apps/files/files/{f.c2}"],
   "oracle": [O(), {"type": "long_press", "target": "markdown.folder.{f.name}"}, click("markdown.select.delete"), click("dialog.button.delete"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["long_press", "confirm_dialog"]},
   "step_budget": 15, "split": "test"}, "delete_folder")

where = [("Dentist.md", "Work", "documents_markdown_work"), ("Pancakes.md", "Recipes", "documents_markdown_recipes"), ("Dream log.md", "Journal", "documents_markdown_journal"),
         ("Old budget.md", "Archive", "documents_markdown_archive"), ("Sprint retro.md", "Work", "documents_markdown_work"), ("Pesto.md", "Recipes", "documents_markdown_recipes"),
         ("Gratitude.md", "Journal", "documents_markdown_journal"), ("Tax 2023.md", "Archive", "documents_markdown_archive"), ("Phone numbers.md", "Markdown (top)", "documents_markdown"),
         ("Client list.md", "Work", "documents_markdown_work"), ("Chili.md", "Recipes", "documents_markdown_recipes")]
w({"id": "markdown.query_folder",
   "description": "A note exists in one of the notebook's folders (setup); the agent finds it (search shows the folder) and picks that folder on the AnswerSheet.",
   "apps": ["markdown", "files", "answersheet"],
   "instruction": ["Which folder of my Markdown notebook holds the note {q.name}?", "In Markdown, find {q.name}: what folder is it in?"],
   "parameters": {"q": {"tuple": [{"name": a, "folder": b, "fid": c} for a, b, c in where]}},
   "setup": [{"op": "add", "path": "/apps/files/files/n90", "value": {"name": "{q.name}", "parent": "{q.fid}", "kind": "text", "size": 12,
                                                                       "modified": "2025-12-11 10:00", "text": "Just a note.", "source": "markdown"}}],
   "answer_sheet": {"question": "Which folder holds {q.name}?", "fields": [{"id": "folder", "label": "Folder", "type": "choice", "options": ["Markdown (top)", "Work", "Recipes", "Journal", "Archive"]}],
                    "expected": {"folder": {"match": "choice", "value": "{q.folder}"}}},
   "judge": {"subtasks": []},
   "expected_changes": [],
   "oracle": [O(), click("markdown.search"), typ("{q.name}"), {"type": "open_app", "app": "answersheet"}, click("answersheet.field.folder.option.{q.folder}"), click("answersheet.submit"), done],
   "taxonomy": {"scope": "S1", "objective": "query", "composition": "atomic", "difficulty": "L2", "capabilities": ["search", "answer"]},
   "step_budget": 30, "split": "train"}, "query_folder")

w({"id": "markdown.infeasible_reminder",
   "description": "The agent is asked to set a reminder on a note; Markdown (like Markor) has no reminders, so the right ending is abort with nothing changed.",
   "apps": ["markdown", "files"],
   "feasible": False,
   "instruction": ["Set a reminder on my Markdown note {n.name} for {time} tomorrow.", "In Markdown, make {n.name} remind me at {time} tomorrow."],
   "parameters": {"time": {"choice": ["9:00 AM", "12:30 PM", "6:00 PM", "8:15 PM"]}, "n": {"from_state": {"path": ROOT_NOTES, "fields": ["id", "name"]}}},
   "judge": {"subtasks": [{"name": "the agent aborts", "path": "os.episode.status", "op": "==", "value": "abort"},
                          {"name": "{n.name} is unchanged", "path": "view.files.files[id={n.id}].text", "op": "unchanged"}]},
   "expected_changes": [],
   "oracle": [O(), {"scroll_to": "markdown.file.{n.name}"}, click("markdown.file.{n.name}"), click("markdown.editor.more"),
              {"type": "abort", "reason": "Markdown has no reminders for notes."}],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["infeasible"]},
   "step_budget": 15, "split": "test"}, "infeasible_reminder")

SUB_NOTES = "view.files.files[parent=documents_markdown_work|documents_markdown_recipes|documents_markdown_journal]"
w({"id": "markdown.rename_found_note",
   "description": "Rename a note that lives in a subfolder; search finds it from the top (or browse into the folder), then the editor's menu renames it.",
   "apps": ["markdown", "files"],
   "instruction": ["Rename the Markdown note {n.name} to {new}.", "Find {n.name} in my notebook and call it {new} instead."],
   "parameters": {"new": {"choice": ["Keep.md", "Important.md", "Reference.md", "Read later.md"]}, "n": {"from_state": {"path": SUB_NOTES, "fields": ["id", "name", "parent"]}}},
   "judge": {"subtasks": [{"name": "it is named {new}", "path": "view.files.files[id={n.id}].name", "op": "==", "value": "{new}"},
                          {"name": "it stays in its folder", "path": "view.files.files[name={new}].parent", "op": "==", "value": "{n.parent}"}]},
   "expected_changes": ["/apps/files/files/{n.id}"],
   "oracle": [O(), click("markdown.search"), typ("{n.name}"), click("markdown.result.{n.name}"), click("markdown.editor.more"),
              click("markdown.note.rename"), typ("{new}", True), click("markdown.rename.ok"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["search", "text_entry"]},
   "step_budget": 30, "split": "train"}, "rename_found_note")

w({"id": "markdown.duplicate_note",
   "description": "Copy a note's whole text (long press the text: Copy) and make a new note from the clipboard (overflow menu); the new note's text equals the original.",
   "apps": ["markdown", "files"],
   "instruction": ["Make a copy of the Markdown note {n.name} named {copy}.", "Duplicate {n.name} in Markdown as a new note called {copy}."],
   "parameters": {"copy": {"choice": ["Copy.md", "Backup.md", "Draft v2.md"]}, "n": {"from_state": {"path": ROOT_NOTES, "fields": ["id", "name", "text"]}}},
   "judge": {"subtasks": [{"name": "{copy} has the same text", "path": "view.files.files[name={copy}].text", "op": "==", "value": "{n.text}"},
                          {"name": "{copy} is in Documents/Markdown", "path": "view.files.files[name={copy}].parent", "op": "==", "value": "documents_markdown"},
                          {"name": "the original stays", "path": "view.files.files[id={n.id}].text", "op": "unchanged"}]},
   "expected_changes": ["/apps/files/files/n1"],
   "allowed_changes": ["/os/clipboard"],
   "oracle": [O(), {"scroll_to": "markdown.file.{n.name}"}, click("markdown.file.{n.name}"), {"type": "long_press", "target": "markdown.editor.text"},
              click("dialog.button.copy"), click("markdown.editor.title.back"), click("markdown.more"), click("markdown.menu.clipboard"),
              typ("{copy}"), click("markdown.create.ok"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "transfer", "difficulty": "L3", "capabilities": ["clipboard", "long_press", "create"]},
   "step_budget": 30, "split": "test"}, "duplicate_note")

w({"id": "cross.markdown_share_note_chat",
   "description": "Share a Markdown note to a Chat friend: the note's menu, Share, the chooser (Chat), the chat, Send. The judge finds a line of the note in the chat.",
   "apps": ["markdown", "chat"],
   "instruction": ["Send my Markdown note {n.name} to {c.name} on Chat.", "Share {n.name} from Markdown in my Chat with {c.name}."],
   "parameters": {"c": {"from_state": {"path": "view.chat.chats[kind=direct]", "fields": ["id", "name"]}}, "n": {"tuple": [{"name": a, "line": b} for a, b in share_notes]}},
   "judge": {"subtasks": [{"name": "{c.name} got the note", "path": "apps.chat.messages[chat={c.id}].text", "op": "contains", "value": "{n.line}"}]},
   "expected_changes": ["/apps/chat/messages/1001"],
   "allowed_changes": ["/apps/chat/chats/{c.id}"],
   "oracle": [O(), {"scroll_to": "markdown.file.{n.name}"}, click("markdown.file.{n.name}"), click("markdown.editor.more"), click("markdown.note.share"),
              click("dialog.button.chat"), {"scroll_to": "chat.share.row.{c.id}"}, click("chat.share.row.{c.id}"), click("chat.send"), done],
   "taxonomy": {"scope": "S2", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["cross_app", "share"]},
   "step_budget": 30, "split": "train"}, "markdown_share_note_chat", cross=True)

# ---------------------------------------------------------------- AndroidWorld's other Markor edits
MD_ROOT = ROOT_NOTES + "[name~=.md]"
w({"id": "markdown.add_note_header",
   "description": "Put a header line at the top of an existing note (AndroidWorld's MarkorAddNoteHeader). The keyboard writes at the end, so the way is the text menu: Cut everything, type the header, Paste the old text back.",
   "apps": ["markdown", "files"],
   "instruction": ["Add the header \"{header}\" to the top of the Markdown note {n.name}, keeping the rest of it.",
                   "In Markdown, insert \"{header}\" as a new first line of {n.name}."],
   "parameters": {"header": {"choice": ["Updated January 2026", "Personal", "Draft", "Keep private", "Reviewed"]}, "n": {"from_state": {"path": MD_ROOT, "fields": ["id", "name", "text"]}}},
   "judge": {"subtasks": [{"name": "{n.name} starts with the header, then its old text", "path": "view.files.files[id={n.id}].text", "op": "==", "value": "{header}\n{n.text}", "as": "text"}]},
   "expected_changes": ["/apps/files/files/{n.id}"],
   "allowed_changes": ["/os/clipboard"],
   "oracle": [O(), {"scroll_to": "markdown.file.{n.name}"}, click("markdown.file.{n.name}"), {"type": "long_press", "target": "markdown.editor.text"},
              click("dialog.button.cut"), typ("{header}\n"), {"type": "long_press", "target": "markdown.editor.text"}, click("dialog.button.paste"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["clipboard", "long_press", "text_entry"]},
   "step_budget": 30, "split": "train"}, "add_note_header")

w({"id": "markdown.change_note_content",
   "description": "Replace the whole text of a note (AndroidWorld's MarkorChangeNoteContent): select the text and type over it.",
   "apps": ["markdown", "files"],
   "instruction": ["Change the content of the Markdown note {n.name} to: {text}", "Replace everything in {n.name} with \"{text}\"."],
   "parameters": {"text": {"choice": ["Nothing planned yet.", "See the shared calendar instead.", "Moved to the Work folder notes.", "All done for this year!"]},
                  "n": {"from_state": {"path": ROOT_NOTES, "fields": ["id", "name"]}}},
   "judge": {"subtasks": [{"name": "{n.name} holds only the new text", "path": "view.files.files[id={n.id}].text", "op": "==", "value": "{text}", "as": "text"}]},
   "expected_changes": ["/apps/files/files/{n.id}"],
   "oracle": [O(), {"scroll_to": "markdown.file.{n.name}"}, click("markdown.file.{n.name}"), click("markdown.editor.text"), typ("{text}", True), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["text_entry"]},
   "step_budget": 15, "split": "test"}, "change_note_content")

newest = ["Call notes.md", "Today.md", "Quick thought.md", "Voicemail.md", "Parking spot.md", "Scratch.md", "Reminder.md", "Inbox.md", "New idea.md", "Snippet.md"]
w({"id": "markdown.delete_newest_note",
   "description": "Delete the most recently modified note of the notebook's top folder (AndroidWorld's MarkorDeleteNewestNote): the setup adds one modified this morning; sorting by date shows it first.",
   "apps": ["markdown", "files"],
   "instruction": ["Delete the newest note in my Markdown notebook.", "In Markdown, remove the note I changed most recently."],
   "parameters": {"name": {"choice": newest}},
   "setup": [{"op": "add", "path": "/apps/files/files/n90", "value": {"name": "{name}", "parent": "documents_markdown", "kind": "text", "size": 14,
                                                                       "modified": "2026-01-01 07:40", "text": "Jot this down.", "source": "markdown"}}],
   "judge": {"subtasks": [{"name": "{name} is gone", "path": "view.files.files[id=n90]", "op": "absent"},
                          {"name": "the other notes stay", "path": ROOT_NOTES, "op": "count", "value": 6}]},
   "expected_changes": ["/apps/files/files/n90"],
   "allowed_changes": ["/apps/markdown/settings/sort"],
   "oracle": [O(), click("markdown.sort"), click("markdown.sort.date"), {"type": "long_press", "target": "markdown.file.{name}"},
              click("markdown.select.delete"), click("dialog.button.delete"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["sort", "long_press", "confirm_dialog"]},
   "step_budget": 15, "split": "train"}, "delete_newest_note")

w({"id": "markdown.create_folder",
   "description": "Create a folder in the notebook (AndroidWorld's MarkorCreateFolder): overflow menu, New folder, name, Create.",
   "apps": ["markdown", "files"],
   "instruction": ["Create a new folder in Markdown named {name}.", "Add a folder called \"{name}\" to my Markdown notebook."],
   "parameters": {"name": {"choice": ["Travel", "Receipts", "Health", "Books", "Projects", "Meetings", "Finance", "Kids", "Hobbies", "Someday"]}},
   "judge": {"subtasks": [{"name": "{name} is a folder of the notebook", "path": "view.files.files[parent=documents_markdown][name={name}].kind", "op": "==", "value": "folder"}]},
   "expected_changes": ["/apps/files/files/n1"],
   "oracle": [O(), click("markdown.more"), click("markdown.menu.new_folder"), typ("{name}"), click("markdown.new_folder.ok"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["create", "text_entry"]},
   "step_budget": 15, "split": "test"}, "create_folder")

sites = [("Lisbon travel guide", "https://example.com/lisbon"), ("Sourdough basics", "https://example.com/sourdough"),
         ("Half marathon plan", "https://example.com/run-plan"), ("Tax deadlines", "https://example.com/taxes-2026"),
         ("Houseplant care", "https://example.com/plants"), ("Budget template", "https://example.com/budget"),
         ("Library hours", "https://example.com/library"), ("Bike routes", "https://example.com/bike-routes"),
         ("Museum tickets", "https://example.com/museum"), ("Recipe box", "https://example.com/recipes")]
w({"id": "markdown.add_link",
   "description": "Append a markdown link to a note with the toolbar's link dialog (or by typing it): the judge looks for [text](url).",
   "apps": ["markdown", "files"],
   "instruction": ["Add a link titled \"{s.title}\" pointing to {s.url} at the end of the Markdown note {n.name}.",
                   "In {n.name}, append a link to {s.url} with the text \"{s.title}\"."],
   "parameters": {"n": {"from_state": {"path": MD_ROOT, "fields": ["id", "name"]}}, "s": {"tuple": [{"title": a, "url": b} for a, b in sites]}},
   "judge": {"subtasks": [{"name": "{n.name} links to {s.url}", "path": "view.files.files[id={n.id}].text", "op": "contains", "value": "[{s.title}]({s.url})"}]},
   "expected_changes": ["/apps/files/files/{n.id}"],
   "oracle": [O(), {"scroll_to": "markdown.file.{n.name}"}, click("markdown.file.{n.name}"), click("markdown.tool.link"), typ("{s.title}"),
              click("markdown.link.url"), typ("{s.url}", True), click("markdown.link.ok"), done],
   "taxonomy": {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["toolbar", "text_entry"]},
   "step_budget": 30, "split": "test"}, "add_link")
