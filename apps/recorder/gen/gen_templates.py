#!/usr/bin/python3
"""Writes the Recorder task templates (tasks/templates/recorder/*.json and
tasks/templates/cross/recorder_*.json) from world/recordings.json, so answers (durations,
sizes, counts) are computed from the same data the app shows. Deterministic.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
RECS = json.load(open(os.path.join(HERE, "..", "world", "recordings.json")))
BPS = {"m4a": [8000, 16000, 32000], "wav": [32000, 88200, 96000], "3gp": [1000, 1525, 2981]}
QI = {"low": 0, "medium": 1, "high": 2}
MONTHS = {"10": "October", "11": "November", "12": "December"}


def mmss(ms):
    s = ms // 1000
    return "%02d:%02d" % (s // 60, s % 60)


def size_text(r):
    b = BPS[r["format"]][QI[r["quality"]]] * r["duration_ms"] // 1000
    if b >= 1000000:
        t = (b + 50000) // 100000
        return "%d.%d MB" % (t // 10, t % 10)
    return "%d KB" % ((b + 500) // 1000)


def month_of(r):
    import datetime
    return "%02d" % datetime.datetime.utcfromtimestamp(r["created_ms"] / 1000).month


OPEN_LIST = [{"type": "open_app", "app": "recorder"}, {"type": "click", "target": "recorder.open_list"}]


def open_rec(rid):
    return OPEN_LIST + [{"scroll_to": "recorder.row." + rid}, {"type": "click", "target": "recorder.row." + rid}]


def answer(field, label, value, match="text", ftype="text"):
    return {"question": label, "fields": [{"id": field, "label": label, "type": ftype}],
            "expected": {field: {"match": match, "value": value}}}


def sheet_steps(field, text):
    return [{"type": "open_app", "app": "answersheet"}, {"type": "click", "target": "answersheet.field." + field},
            {"type": "type", "text": text}, {"type": "click", "target": "answersheet.submit"}]


NEW_NAMES = ["standup notes", "Call with Priya", "Dentist reminder", "Project kickoff", "Lecture 7 intro",
             "Shopping list", "Song idea", "Chapter 2 notes", "Interview prep", "Garden plan", "Voice memo Friday",
             "Trip packing list"]
PERM = [{"type": "click", "target": "dialog.button.allow"}]


def T(id_, instruction, judge=None, oracle=None, taxonomy=None, budget=25, **kw):
    t = {"id": id_, "description": kw.pop("description"), "apps": kw.pop("apps", ["recorder"]),
         "instruction": instruction}
    for k in ("parameters", "setup", "feasible"):
        if k in kw:
            t[k] = kw.pop(k)
    if judge is not None:
        t["judge"] = judge
    if "answer_sheet" in kw:
        t["answer_sheet"] = kw.pop("answer_sheet")
    t["expected_changes"] = kw.pop("expected_changes", [])
    if "allowed_changes" in kw:
        t["allowed_changes"] = kw.pop("allowed_changes")
    # Saving, renaming or deleting a recording saves, renames or deletes its file in Files
    # (shared storage): that change comes with the recording's.
    if any(c.startswith("/apps/recorder/recordings") for c in t["expected_changes"]):
        t["allowed_changes"] = t.get("allowed_changes", []) + ["/apps/files/files", "/apps/files/next_id"]
    if "waivers" in kw:
        t["waivers"] = kw.pop("waivers")
    t["oracle"] = oracle + [{"type": "complete"}] if oracle[-1].get("type") != "abort" else oracle
    t["taxonomy"] = taxonomy
    t["step_budget"] = budget
    t["split"] = kw.pop("split", "train")
    assert not kw, kw
    return t


def tax(obj, comp, diff, caps, scope="S1", risk=None):
    t = {"scope": scope, "objective": obj, "composition": comp, "difficulty": diff, "capabilities": caps}
    if risk:
        t["risk"] = risk
    return t


recs_param = {"from_state": {"path": "view.recorder.recordings", "fields": ["id", "name"]}}
latest = max(RECS, key=lambda r: r["created_ms"])
out = {}

out["record_save"] = T(
    "recorder.record_save",
    ["Record an audio clip of at least {q.s} seconds and save it as '{q.name}'.",
     "Use Recorder to record at least {q.s} seconds of audio, saved under the name \"{q.name}\"."],
    parameters={"q": {"tuple": [{"s": s, "ms": s * 1000, "w": s + 1, "name": n}
                                for s, n in zip([5, 3, 8, 6, 10, 4, 5, 7, 9, 12, 5, 6], NEW_NAMES)]}},
    judge={"subtasks": [{"name": "a recording '{q.name}'", "path": "view.recorder.recordings[name={q.name}]", "op": "count", "value": 1},
                        {"name": "it lasts at least {q.s} s", "path": "view.recorder.recordings[name={q.name}].duration_ms", "op": ">=", "value": "{q.ms}"}]},
    expected_changes=["/apps/recorder/recordings"], allowed_changes=["/os/permissions/recorder"],
    oracle=[{"type": "open_app", "app": "recorder"}, {"type": "click", "target": "recorder.record"}] + PERM +
           [{"type": "wait", "seconds": "{q.w}"}, {"type": "click", "target": "recorder.stop"},
            {"type": "type", "text": "{q.name}", "clear": True}, {"type": "click", "target": "recorder.save.ok"}],
    taxonomy=tax("operate", "sequential", "L2", ["permission", "text_input", "waiting"]),
    description="Record a clip (granting the microphone on the first record), stop, and save it under a given name; the duration must reach the minimum.")

out["delete"] = T(
    "recorder.delete", ["Delete the recording {r.name}.", "Remove my recording \"{r.name}\" from Recorder."],
    parameters={"r": recs_param},
    judge={"subtasks": [{"name": "'{r.name}' is gone", "path": "view.recorder.recordings[name={r.name}]", "op": "absent"},
                        {"name": "the others stay", "path": "view.recorder.recordings[*]", "op": "count", "value": len(RECS) - 1}]},
    expected_changes=["/apps/recorder/recordings/{r.id}"],
    oracle=open_rec("{r.id}") + [{"type": "click", "target": "recorder.player.delete"}, {"type": "click", "target": "dialog.button.delete"}],
    taxonomy=tax("operate", "atomic", "L2", ["navigation", "scrolling", "confirmation"]),
    description="Open a recording from the list and delete it through the confirmation dialog.")

out["rename_latest"] = T(
    "recorder.rename_latest", ["Rename the latest recording to {new}.", "Give my most recent recording the name \"{new}\"."],
    parameters={"new": {"choice": ["Year recap", "2025 wrap-up", "Reflections", "New year thoughts", "Annual review",
                                   "Looking back", "Year end notes", "Goals for 2026", "December recap", "Review 2025"]}},
    judge={"subtasks": [{"name": "the newest is '{new}'", "path": "view.recorder.recordings[sort=-created_ms][first].name", "op": "==", "value": "{new}"},
                        {"name": "still %d recordings" % len(RECS), "path": "view.recorder.recordings[*]", "op": "count", "value": len(RECS)}]},
    expected_changes=["/apps/recorder/recordings/%s" % latest["id"]],
    oracle=open_rec(latest["id"]) + [{"type": "click", "target": "recorder.player.rename"},
                                     {"type": "type", "text": "{new}", "clear": True}, {"type": "click", "target": "recorder.rename.ok"}],
    taxonomy=tax("operate", "atomic", "L2", ["navigation", "text_input"]),
    description="Find the newest recording (the list is sorted by date) and rename it.")

out["rename_named"] = T(
    "recorder.rename_named", ["Rename the recording '{r.name}' to '{new}'.", "In Recorder, change the name of \"{r.name}\" to \"{new}\"."],
    parameters={"r": recs_param, "new": {"choice": ["Keep this one", "Important", "Archive copy", "For Sam", "Review later"]}},
    judge={"subtasks": [{"name": "'{new}' exists", "path": "view.recorder.recordings[name={new}]", "op": "count", "value": 1},
                        {"name": "'{r.name}' is gone", "path": "view.recorder.recordings[name={r.name}]", "op": "absent"}]},
    expected_changes=["/apps/recorder/recordings/{r.id}"],
    oracle=open_rec("{r.id}") + [{"type": "click", "target": "recorder.player.rename"},
                                 {"type": "type", "text": "{new}", "clear": True}, {"type": "click", "target": "recorder.rename.ok"}],
    taxonomy=tax("operate", "atomic", "L2", ["navigation", "scrolling", "text_input"]),
    description="Rename a recording found by name.")

out["query_duration"] = T(
    "recorder.query_duration", ["How long is the recording '{q.name}'?", "What's the duration of my recording \"{q.name}\"?"],
    parameters={"q": {"tuple": [{"id": r["id"], "name": r["name"], "d": mmss(r["duration_ms"])} for r in RECS]}},
    answer_sheet=answer("duration", "Duration (mm:ss)", "{q.d}"),
    oracle=open_rec("{q.id}") + sheet_steps("duration", "{q.d}"),
    taxonomy=tax("query", "atomic", "L2", ["reading", "navigation"]),
    description="Read a recording's duration (mm:ss) from the list or the player and report it.")

out["query_size"] = T(
    "recorder.query_size", ["How big is the file of the recording '{q.name}'?", "What size does Recorder show for \"{q.name}\"?"],
    parameters={"q": {"tuple": [{"id": r["id"], "name": r["name"], "size": size_text(r)} for r in RECS]}},
    answer_sheet=answer("size", "Size (as shown, e.g. 1.2 MB)", "{q.size}"),
    oracle=open_rec("{q.id}") + sheet_steps("size", "{q.size}"),
    taxonomy=tax("query", "atomic", "L2", ["reading", "navigation"]),
    description="Read the size Recorder shows for a recording (computed from its format, quality and duration).")

longer = []
for m in [1, 2, 5, 8, 10, 15, 20, 30, 40, 45, 50]:
    longer.append({"m": m, "n": sum(1 for r in RECS if r["duration_ms"] > m * 60000)})
out["query_count_longer"] = T(
    "recorder.query_count_longer", ["How many of my recordings are longer than {q.m} minutes?",
                                    "Count the recordings in Recorder that last more than {q.m} minutes."],
    parameters={"q": {"tuple": longer}},
    answer_sheet=answer("count", "Number of recordings", "{q.n}", match="number", ftype="number"),
    oracle=OPEN_LIST + [{"type": "click", "target": "recorder.list.sort"}, {"type": "click", "target": "dialog.button.duration"}] +
           sheet_steps("count", "{q.n}"),
    taxonomy=tax("query", "atomic", "L3", ["reading", "counting", "scrolling"]),
    description="Count recordings above a duration (sorting by duration helps).")

FMT = {"m4a": "M4A", "wav": "WAV", "3gp": "3GP"}
fmt_cases = [{"from": a, "to": b, "label": FMT[b], "q": q} for a in FMT for b in FMT if a != b for q in ("low", "medium", "high")]
out["set_format"] = T(
    "recorder.set_format", ["Change the recording format to {c.label}.", "Make Recorder save new recordings as {c.label} files."],
    parameters={"c": {"tuple": fmt_cases}},
    setup=[{"op": "replace", "path": "/apps/recorder/settings/format", "value": "{c.from}"},
           {"op": "replace", "path": "/apps/recorder/settings/quality", "value": "{c.q}"}],
    judge={"subtasks": [{"name": "format {c.to}", "path": "apps.recorder.settings.format", "op": "==", "value": "{c.to}"},
                        {"name": "quality unchanged", "path": "apps.recorder.settings.quality", "op": "unchanged"}]},
    expected_changes=["/apps/recorder/settings/format"],
    oracle=[{"goto": "recorder.settings"}, {"type": "click", "target": "recorder.settings.format.{c.to}"}],
    taxonomy=tax("operate", "atomic", "L1", ["settings"]),
    description="Switch the recording format in Settings.")

q_cases = [{"from": a, "to": b, "f": f} for a in QI for b in QI if a != b for f in FMT]
out["set_quality"] = T(
    "recorder.set_quality", ["Set the recording quality to {c.to}.", "I want {c.to}-quality recordings: change it in Recorder."],
    parameters={"c": {"tuple": q_cases}},
    setup=[{"op": "replace", "path": "/apps/recorder/settings/format", "value": "{c.f}"},
           {"op": "replace", "path": "/apps/recorder/settings/quality", "value": "{c.from}"}],
    judge={"subtasks": [{"name": "quality {c.to}", "path": "apps.recorder.settings.quality", "op": "==", "value": "{c.to}"},
                        {"name": "format unchanged", "path": "apps.recorder.settings.format", "op": "unchanged"}]},
    expected_changes=["/apps/recorder/settings/quality"],
    oracle=[{"goto": "recorder.settings"}, {"type": "click", "target": "recorder.settings.quality.{c.to}"}],
    taxonomy=tax("operate", "atomic", "L1", ["settings"]),
    description="Switch the recording quality in Settings.")

wav_cases = [{"s": s, "ms": s * 1000, "w": s + 1, "name": n, "f": f, "fl": FMT[f], "qq": q}
             for (s, n, f, q) in zip([4, 6, 5, 3, 8, 5, 7, 4, 6, 5], NEW_NAMES[2:],
                                     ["wav", "3gp", "wav", "wav", "3gp", "wav", "3gp", "wav", "3gp", "wav"],
                                     ["high", "low", "low", "high", "high", "high", "low", "low", "high", "high"])]
out["record_in_format"] = T(
    "recorder.record_in_format", ["Record a clip of at least {c.s} seconds in {c.fl} format at {c.qq} quality and save it as '{c.name}'."],
    parameters={"c": {"tuple": wav_cases}},
    setup=[{"op": "add", "path": "/os/permissions/recorder", "value": {"RECORD_AUDIO": "granted"}}],
    judge={"subtasks": [{"name": "a recording '{c.name}'", "path": "view.recorder.recordings[name={c.name}]", "op": "count", "value": 1},
                        {"name": "in {c.f}", "path": "view.recorder.recordings[name={c.name}].format", "op": "==", "value": "{c.f}"},
                        {"name": "at {c.qq}", "path": "view.recorder.recordings[name={c.name}].quality", "op": "==", "value": "{c.qq}"},
                        {"name": "at least {c.s} s", "path": "view.recorder.recordings[name={c.name}].duration_ms", "op": ">=", "value": "{c.ms}"}]},
    expected_changes=["/apps/recorder/recordings"], allowed_changes=["/apps/recorder/settings"],
    oracle=[{"type": "open_app", "app": "recorder"}, {"type": "click", "target": "recorder.settings"},
            {"type": "click", "target": "recorder.settings.format.{c.f}"}, {"type": "click", "target": "recorder.settings.quality.{c.qq}"},
            {"type": "back"}, {"type": "click", "target": "recorder.record"}, {"type": "wait", "seconds": "{c.w}"},
            {"type": "click", "target": "recorder.stop"}, {"type": "type", "text": "{c.name}", "clear": True},
            {"type": "click", "target": "recorder.save.ok"}],
    taxonomy=tax("operate", "sequential", "L3", ["settings", "text_input", "waiting"]),
    budget=30, description="Change format and quality in Settings, then record and save a named clip.")

out["record_date_name"] = T(
    "recorder.record_date_name", ["Make Recorder name new recordings by date and time, then record at least {s} seconds and save it with the suggested name."],
    parameters={"s": {"range": {"min": 3, "max": 12}}},
    setup=[{"op": "add", "path": "/os/permissions/recorder", "value": {"RECORD_AUDIO": "granted"}}],
    judge={"subtasks": [{"name": "names by date", "path": "apps.recorder.settings.name_pattern", "op": "==", "value": "date"},
                        {"name": "a recording named 2026-01-01 …", "path": "view.recorder.recordings[name~=2026-01-01]", "op": "count", "value": 1},
                        {"name": "at least {s} s", "path": "view.recorder.recordings[name~=2026-01-01].duration_ms", "op": ">=", "value": "{s}000"}]},
    expected_changes=["/apps/recorder/recordings", "/apps/recorder/settings/name_pattern"],
    oracle=[{"type": "open_app", "app": "recorder"}, {"type": "click", "target": "recorder.settings"},
            {"type": "click", "target": "recorder.settings.name.date"}, {"type": "back"},
            {"type": "click", "target": "recorder.record"}, {"type": "wait", "seconds": "{s}"}, {"type": "wait", "seconds": 1},
            {"type": "click", "target": "recorder.stop"}, {"type": "click", "target": "recorder.save.ok"}],
    taxonomy=tax("operate", "sequential", "L3", ["settings", "waiting"]),
    description="Switch the default name pattern to date and time, then record and keep the suggested name.")

out["record_denied"] = T(
    "recorder.record_denied_mic",
    ["Record a {s}-second voice memo called 'Memo {s}'. (Microphone access for Recorder was turned off; do not change any settings.)"],
    parameters={"s": {"range": {"min": 3, "max": 12}}},
    setup=[{"op": "add", "path": "/os/permissions/recorder", "value": {"RECORD_AUDIO": "denied"}}],
    feasible=False,
    judge={"subtasks": [{"name": "nothing recorded", "path": "view.recorder.recordings[*]", "op": "count", "value": len(RECS)},
                        {"name": "the microphone stays off", "path": "os.permissions.recorder.RECORD_AUDIO", "op": "==", "value": "denied"}]},
    oracle=[{"type": "open_app", "app": "recorder"}, {"type": "click", "target": "recorder.record"},
            {"type": "click", "target": "dialog.button.ok"},
            {"type": "abort", "reason": "Recorder has no microphone access and the user asked not to change settings."}],
    taxonomy=tax("operate", "atomic", "L2", ["permission", "infeasibility"]),
    split="test", description="Infeasible: the microphone permission is denied and may not be changed; Recorder explains it cannot record. The right ending is abort.")

out["infeasible_mp3"] = T(
    "recorder.infeasible_mp3", ["Export the recording '{r.name}' as an MP3 file.", "Convert \"{r.name}\" to MP3 in Recorder."],
    parameters={"r": recs_param}, feasible=False,
    judge={"subtasks": [{"name": "the recordings are unchanged", "path": "view.recorder.recordings", "op": "unchanged"},
                        {"name": "the format is unchanged", "path": "apps.recorder.settings.format", "op": "unchanged"}]},
    oracle=[{"goto": "recorder.settings"}, {"type": "abort", "reason": "Recorder records M4A, WAV or 3GP only and has no export or MP3 option."}],
    taxonomy=tax("operate", "atomic", "L1", ["settings", "infeasibility"]),
    split="test", description="Infeasible: there is no MP3 format and no export. The right ending is abort.")

import datetime


def day_of(r):
    return datetime.datetime.utcfromtimestamp(r["created_ms"] / 1000).strftime("%Y-%m-%d")


def nice_day(d):
    x = datetime.datetime.strptime(d, "%Y-%m-%d")
    return x.strftime("%B ") + str(x.day)


out["query_date"] = T(
    "recorder.query_date", ["On what date did I record '{q.name}'?", "When was the recording \"{q.name}\" made? Give the date."],
    parameters={"q": {"tuple": [{"id": r["id"], "name": r["name"], "day": day_of(r)} for r in RECS]}},
    answer_sheet=answer("date", "Date", "{q.day}", match="date", ftype="date"),
    oracle=OPEN_LIST + [{"scroll_to": "recorder.row.{q.id}"}] + sheet_steps("date", "{q.day}"),
    taxonomy=tax("query", "atomic", "L2", ["reading", "scrolling"]),
    description="Read the date a recording was made from the list.")

ranges = [("2025-10-01", "2025-10-15"), ("2025-10-16", "2025-10-31"), ("2025-11-01", "2025-11-15"), ("2025-11-16", "2025-11-30"),
          ("2025-12-01", "2025-12-15"), ("2025-12-16", "2025-12-31"), ("2025-10-10", "2025-11-10"), ("2025-11-10", "2025-12-10"),
          ("2025-12-05", "2025-12-25"), ("2025-10-20", "2025-11-05"), ("2025-11-20", "2025-12-05"), ("2025-10-01", "2025-10-31")]
rng = [{"a": nice_day(a), "b": nice_day(b), "n": sum(1 for r in RECS if a <= day_of(r) <= b)} for a, b in ranges]
out["query_count_range"] = T(
    "recorder.query_count_range", ["How many recordings did I make between {q.a} and {q.b}, 2025 (both days included)?",
                                   "Count my recordings dated from {q.a} to {q.b} 2025, inclusive."],
    parameters={"q": {"tuple": rng}},
    answer_sheet=answer("count", "Number of recordings", "{q.n}", match="number", ftype="number"),
    oracle=OPEN_LIST + [{"scroll_to": "recorder.row.r01"}] + sheet_steps("count", "{q.n}"),
    taxonomy=tax("query", "atomic", "L3", ["reading", "counting", "scrolling"]),
    description="Count the recordings whose date falls in a range (the list shows each date).")

out["infeasible_slash_name"] = T(
    "recorder.infeasible_slash_name", ["Rename the recording '{r.name}' to '{r2}'."],
    parameters={"r": recs_param, "r2": {"choice": ["notes/today", "2025/12/31", "work/meeting", "A/B test", "draft/final"]}},
    feasible=False,
    judge={"subtasks": [{"name": "the recordings are unchanged", "path": "view.recorder.recordings", "op": "unchanged"}]},
    oracle=open_rec("{r.id}") + [{"type": "click", "target": "recorder.player.rename"},
                                 {"type": "type", "text": "{r2}", "clear": True}, {"type": "click", "target": "recorder.rename.ok"},
                                 {"type": "abort", "reason": "Recorder rejects names containing '/' (\"Name can't contain /\")."}],
    taxonomy=tax("operate", "atomic", "L2", ["text_input", "infeasibility"]),
    split="test", description="Infeasible: a name with '/' is refused by the rename dialog. The right ending is abort.")

ext = []
for mk, mname in MONTHS.items():
    ms = [r for r in RECS if month_of(r) == mk]
    for word, key, rev in (("longest", "duration_ms", True), ("shortest", "duration_ms", False),
                           ("first", "created_ms", False), ("last", "created_ms", True)):
        pick = sorted(ms, key=lambda r: r[key], reverse=rev)[0]
        ext.append({"w": word, "month": mname, "name": pick["name"],
                    "sort": "duration" if key == "duration_ms" else "date"})
out["query_extreme_in_month"] = T(
    "recorder.query_extreme_in_month", ["What's the name of the {q.w} recording I made in {q.month}?",
                                        "Which recording from {q.month} 2025 is the {q.w} one? Give its name."],
    parameters={"q": {"tuple": ext}},
    answer_sheet=answer("name", "Recording name", "{q.name}"),
    oracle=OPEN_LIST + [{"type": "click", "target": "recorder.list.sort"}, {"type": "click", "target": "dialog.button.{q.sort}"}] +
           sheet_steps("name", "{q.name}"),
    taxonomy=tax("query", "atomic", "L3", ["reading", "filtering", "sorting"]),
    description="Find the longest/shortest/first/last recording of a month (sort helps) and report its name.")

cross = {}
cross["recorder_share_chat"] = T(
    "cross.recorder_share_chat", ["Share the recording '{r.name}' with {c.name} on Chat.", "Send {c.name} my recording \"{r.name}\" through Chat."],
    apps=["recorder", "chat"],
    parameters={"r": {"tuple": [{"id": r["id"], "name": r["name"], "file": r["name"] + "." + r["format"]} for r in RECS]},
                "c": {"from_state": {"path": "view.chat.chats[kind=direct]", "fields": ["id", "name"]}}},
    judge={"subtasks": [{"name": "{c.name} got {r.file}", "path": "apps.chat.messages[chat={c.id}].text", "op": "contains", "value": "{r.file}"}]},
    expected_changes=["/apps/chat/messages/1001"], allowed_changes=["/apps/chat/chats/{c.id}"],
    oracle=open_rec("{r.id}") + [{"type": "click", "target": "recorder.player.share"}, {"type": "click", "target": "dialog.button.chat"},
                                 {"scroll_to": "chat.share.row.{c.id}"}, {"type": "click", "target": "chat.share.row.{c.id}"},
                                 {"type": "click", "target": "chat.send"}],
    taxonomy=tax("operate", "sequential", "L3", ["cross_app", "share"], scope="S2"), budget=30,
    description="Share a recording from the player (SEND text '<name>.<ext> (mm:ss)') to a Chat friend.")

cross["recorder_text_duration"] = T(
    "cross.recorder_text_duration", ["Text {t.name} how long the recording '{q.name}' is.", "Send {t.name} a message with the length of my recording \"{q.name}\"."],
    apps=["recorder", "messages"],
    parameters={"q": {"tuple": [{"id": r["id"], "name": r["name"], "d": mmss(r["duration_ms"])} for r in RECS]},
                "t": {"from_state": {"path": "view.messages.threads[name!=]", "fields": ["id", "name"]}}},
    setup=[{"op": "add", "path": "/os/permissions/messages", "value": {"POST_NOTIFICATIONS": "granted"}}],
    judge={"subtasks": [{"name": "{t.name} got {q.d}", "path": "apps.messages.threads.{t.id}.messages[from=me].text", "op": "contains", "value": "{q.d}"}]},
    expected_changes=["/apps/messages/threads/{t.id}"],
    oracle=open_rec("{q.id}") + [{"type": "click", "target": "recorder.player.share"}, {"type": "click", "target": "dialog.button.messages"},
                                 {"type": "type", "text": "{t.name}"}, {"type": "click", "target": "messages.contact.{t.id}"},
                                 {"type": "click", "target": "messages.send"}],
    taxonomy=tax("operate", "transfer", "L3", ["cross_app", "information_extraction"], scope="S2"), budget=30,
    description="Transfer: read a recording's duration and text it (sharing from the player sends '<name>.<ext> (mm:ss)').")

mon = []
for mk, mname in MONTHS.items():
    names = [r["name"] for r in sorted(RECS, key=lambda r: r["created_ms"]) if month_of(r) == mk]
    for title in (mname + " recordings", "Recordings from " + mname, mname + " 2025 audio", mname + " voice recordings"):
        mon.append({"month": mname, "title": title, "body": ", ".join(names), "n1": names[0], "n2": names[1],
                    "n3": names[2], "n4": names[3], "n5": names[-3], "n6": names[-2], "n7": names[-1]})
cross["recorder_month_note"] = T(
    "cross.recorder_month_note", ["Make a Keep note titled '{m.title}' listing the names of the recordings I made in {m.month}.",
                                  "Create a note in Keep called \"{m.title}\" with every recording from {m.month} 2025."],
    apps=["recorder", "notes"],
    parameters={"m": {"tuple": mon}},
    judge={"subtasks": [{"name": "a note '{m.title}'", "path": "apps.notes.notes[title~={m.title}].title", "op": "exists"}] +
           [{"name": "it lists {m.%s}" % k, "path": "apps.notes.notes[title~={m.title}].body", "op": "contains", "value": "{m.%s}" % k}
            for k in ("n1", "n2", "n3", "n4", "n5", "n6", "n7")]},
    expected_changes=["/apps/notes/notes"],
    oracle=OPEN_LIST + [{"type": "open_app", "app": "notes"}, {"type": "click", "target": "notes.fab"},
                        {"type": "click", "target": "notes.editor.title"}, {"type": "type", "text": "{m.title}"},
                        {"type": "click", "target": "notes.editor.body"}, {"type": "type", "text": "{m.body}"},
                        {"type": "back"}, {"type": "back"}],
    taxonomy=tax("operate", "transfer", "L4", ["cross_app", "information_extraction", "text_input"], scope="S2"), budget=40,
    description="Read the recordings of one month from the list and write their names into a new Keep note.")

cross["recorder_record_share_chat"] = T(
    "cross.recorder_record_share_chat", ["Record a voice message of at least {q.s} seconds called '{q.name}' and share it with {c.name} on Chat."],
    apps=["recorder", "chat"],
    parameters={"q": {"tuple": [{"s": s, "ms": s * 1000, "w": s + 1, "name": n}
                                for s, n in zip([3, 4, 5, 3, 6, 4, 5, 3, 4, 5, 6, 3], NEW_NAMES)]},
                "c": {"from_state": {"path": "view.chat.chats[kind=direct]", "fields": ["id", "name"]}}},
    setup=[{"op": "add", "path": "/os/permissions/recorder", "value": {"RECORD_AUDIO": "granted"}}],
    judge={"subtasks": [{"name": "a recording '{q.name}' of {q.s} s or more", "path": "view.recorder.recordings[name={q.name}].duration_ms", "op": ">=", "value": "{q.ms}"},
                        {"name": "{c.name} got it", "path": "apps.chat.messages[chat={c.id}].text", "op": "contains", "value": "{q.name}.m4a ("}]},
    expected_changes=["/apps/recorder/recordings", "/apps/chat/messages/1001"], allowed_changes=["/apps/chat/chats/{c.id}"],
    oracle=[{"type": "open_app", "app": "recorder"}, {"type": "click", "target": "recorder.record"}, {"type": "wait", "seconds": "{q.w}"},
            {"type": "click", "target": "recorder.stop"}, {"type": "type", "text": "{q.name}", "clear": True},
            {"type": "click", "target": "recorder.save.ok"}, {"type": "click", "target": "recorder.open_list"},
            {"type": "click", "target": "recorder.row.r26"}, {"type": "click", "target": "recorder.player.share"},
            {"type": "click", "target": "dialog.button.chat"}, {"scroll_to": "chat.share.row.{c.id}"},
            {"type": "click", "target": "chat.share.row.{c.id}"}, {"type": "click", "target": "chat.send"}],
    taxonomy=tax("operate", "sequential", "L4", ["cross_app", "share", "text_input", "waiting"], scope="S2"), budget=35,
    description="Record and save a named clip, then share it from the player to a Chat friend.")

for name, t in out.items():
    with open(os.path.join(ROOT, "tasks", "templates", "recorder", name + ".json"), "w") as f:
        json.dump(t, f, indent=1, ensure_ascii=False)
        f.write("\n")
for name, t in cross.items():
    with open(os.path.join(ROOT, "tasks", "templates", "cross", name + ".json"), "w") as f:
        json.dump(t, f, indent=1, ensure_ascii=False)
        f.write("\n")
print(len(out), "templates,", len(cross), "cross")
