#!/usr/bin/python3
"""Writes world/recordings.json: Alex Rivera's ~25 past recordings (meetings, lectures, voice
notes) from 2025-10-01..2025-12-31, each with its start time (epoch ms, UTC), duration (ms),
format and quality. Sizes are computed by the app from the format and quality.
Deterministic: a fixed table, no randomness.
"""
import calendar
import json
import os

# name, date (YYYY-MM-DD), time (HH:MM UTC), duration (m, s), format, quality
RECS = [
    ("Team standup Oct 1", "2025-10-01", "09:02", (14, 37), "m4a", "medium"),
    ("Lecture 1", "2025-10-03", "10:00", (52, 18), "m4a", "high"),
    ("Grocery list", "2025-10-06", "18:41", (0, 48), "3gp", "low"),
    ("Lecture 2", "2025-10-10", "10:01", (49, 5), "m4a", "high"),
    ("Interview with Dana", "2025-10-14", "15:30", (31, 12), "wav", "high"),
    ("Guitar riff idea", "2025-10-19", "21:15", (1, 56), "wav", "medium"),
    ("Lecture 3", "2025-10-24", "10:00", (47, 41), "m4a", "high"),
    ("Budget meeting", "2025-10-29", "14:00", (38, 9), "m4a", "medium"),
    ("Voice note", "2025-11-02", "08:12", (0, 35), "m4a", "low"),
    ("Lecture 4", "2025-11-07", "10:02", (50, 27), "m4a", "high"),
    ("Doctor's instructions", "2025-11-10", "16:45", (4, 3), "m4a", "medium"),
    ("Podcast intro take 2", "2025-11-13", "20:30", (2, 24), "wav", "high"),
    ("Client call Horizon", "2025-11-18", "11:00", (27, 50), "m4a", "medium"),
    ("Lecture 5", "2025-11-21", "10:00", (46, 13), "m4a", "high"),
    ("Birthday song for Mia", "2025-11-26", "19:05", (1, 12), "m4a", "medium"),
    ("Book club notes", "2025-11-30", "17:20", (9, 58), "3gp", "medium"),
    ("Sprint planning", "2025-12-02", "09:30", (42, 16), "m4a", "medium"),
    ("Lecture 6", "2025-12-05", "10:01", (51, 39), "m4a", "high"),
    ("Parking spot", "2025-12-08", "07:58", (0, 19), "3gp", "low"),
    ("Piano practice", "2025-12-11", "18:00", (12, 44), "wav", "medium"),
    ("Landlord call", "2025-12-15", "12:10", (6, 31), "m4a", "medium"),
    ("Final review session", "2025-12-18", "13:00", (58, 2), "m4a", "high"),
    ("Gift ideas", "2025-12-21", "20:47", (1, 3), "m4a", "low"),
    ("Holiday toast draft", "2025-12-27", "16:33", (2, 51), "m4a", "medium"),
    ("Year in review", "2025-12-30", "21:10", (7, 26), "m4a", "medium"),
]


def epoch_ms(date, hm):
    y, m, d = (int(x) for x in date.split("-"))
    h, mi = (int(x) for x in hm.split(":"))
    return calendar.timegm((y, m, d, h, mi, 0)) * 1000


# Bytes per second by format and quality: the same table as recorder.cpp's bytes_per_second.
BPS = {"m4a": (8000, 16000, 32000), "wav": (32000, 88200, 96000), "3gp": (1000, 1525, 2981)}
QI = {"low": 0, "medium": 1, "high": 2}


def main():
    out = []
    files = {}
    for i, (name, date, hm, (mm, ss), fmt, q) in enumerate(RECS):
        rid = "r%02d" % (i + 1)
        dur = (mm * 60 + ss) * 1000
        out.append({"id": rid, "name": name, "created_ms": epoch_ms(date, hm),
                    "duration_ms": dur, "format": fmt, "quality": q, "file_id": "rec_" + rid})
        # Each recording is a file in shared storage (Files' Recordings folder), as on a phone.
        hh, mi = (int(x) for x in hm.split(":"))
        end = mi + (mm * 60 + ss + 59) // 60
        files["rec_" + rid] = {"name": name + "." + fmt, "parent": "recordings", "kind": "audio",
                               "size": dur // 1000 * BPS[fmt][QI[q]],
                               "modified": "%s %02d:%02d" % (date, min(23, hh + end // 60), end % 60),
                               "source": "recorder"}
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "world", "recordings.json"), "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    # Files' world: replace the rec_* entries, keep every other line as it is (one entry a line).
    path = os.path.join(here, "..", "..", "files", "world", "files.json")
    lines = [l for l in open(path).read().rstrip().split("\n") if not l.startswith('  "rec_')]
    assert lines[0] == "{" and lines[-1] == "}"
    body = [l.rstrip(",") for l in lines[1:-1]]
    body += ["  %s: %s" % (json.dumps(k), json.dumps(v, ensure_ascii=False)) for k, v in files.items()]
    with open(path, "w") as f:
        f.write("{\n" + ",\n".join(body) + "\n}\n")


if __name__ == "__main__":
    main()
