#!/usr/bin/python3
"""Rewrites old-style oracle steps as actions (docs/actions.md), in place.

Before, oracle steps ("oracle" of tasks/templates/**/*.json) and nav.json "example" steps had
their own syntax: {"tap": "<widget id>"}, {"type": "<text>"}, {"complete": true}, ... Now every
step is an action in the JSON of docs/actions.md, with a `target` widget id where a point would
go; only the macros {"scroll_to": id} and {"goto": "<app>.<page>"} stay:

    {"tap": "x"}                -> {"type": "click", "target": "x"}
    {"long_press": "x"}         -> {"type": "long_press", "target": "x"}
    {"type": "07:30"}           -> {"type": "type", "text": "07:30"}
    {"type": {"text": t, "clear": true}} -> {"type": "type", "text": t, "clear": true}
    {"open_app": "clock"}       -> {"type": "open_app", "app": "clock"}
    {"back": true}              -> {"type": "back"}     (home, enter, recent likewise)
    {"complete": true}          -> {"type": "complete"}
    {"abort": "why"}            -> {"type": "abort", "reason": "why"}
    {"answer": "t"}             -> {"type": "answer", "text": "t"}
    {"swipe": [x1, y1, x2, y2]} -> {"type": "swipe", "x1": x1, "y1": y1, "x2": x2, "y2": y2}
    {"wait": 2}                 -> {"type": "wait", "seconds": 2}

Only the step arrays are rewritten; every other byte of a file stays as it was. A rewritten array
keeps its style: compact arrays keep their first line's prefix and their continuation indentation
(aligned after the "["), wrapped at 160 columns (an array written on one longer line stays on one
line); expanded ones (one key per line) stay expanded
with the same indentation. Running it twice changes
nothing the second time.

Usage: /usr/bin/python3 tools/migrate_oracle.py [--check] [FILE...]
  no FILE: every tasks/templates/**/*.json and apps/*/nav.json of this checkout.
  --check: change nothing; exit 1 if a file still has old steps.
"""

import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
WIDTH = 160
# Action types whose JSON needs no other field: {"type": "back"} is already an action.
NO_FIELD_ACTIONS = {"back", "home", "recent", "enter", "complete", "abort", "noop", "wait"}
ARRAY_KEY = re.compile(r'"(oracle|example)": \[')


class MigrateError(Exception):
    pass


def convert_step(step, where):
    """One old step -> an action (a dict), or the step itself if it is an action or a macro."""
    if not isinstance(step, dict) or len(step) != 1:
        return step  # already an action ({"type": ..., more fields}) or something to leave alone
    (kind, arg), = step.items()
    if kind in ("scroll_to", "goto"):
        return step
    if kind == "tap":
        return {"type": "click", "target": arg}
    if kind == "long_press":
        return {"type": "long_press", "target": arg}
    if kind == "type":
        if isinstance(arg, dict):
            out = {"type": "type", "text": arg.get("text", "")}
            if arg.get("clear"):
                out["clear"] = True
            return out
        if arg in NO_FIELD_ACTIONS:
            return step  # the new {"type": "back"}, not the old "type the word back"
        return {"type": "type", "text": arg}
    if kind == "open_app":
        return {"type": "open_app", "app": arg}
    if kind in ("back", "home", "enter", "recent"):
        return {"type": kind}
    if kind == "complete":
        return {"type": "complete", "text": arg} if isinstance(arg, str) and arg else {"type": "complete"}
    if kind == "abort":
        return {"type": "abort", "reason": arg} if isinstance(arg, str) and arg else {"type": "abort"}
    if kind == "answer":
        return {"type": "answer", "text": arg}
    if kind == "swipe":
        if not (isinstance(arg, list) and len(arg) == 4):
            raise MigrateError(f"{where}: swipe needs [x1, y1, x2, y2], got {json.dumps(arg)}")
        return {"type": "swipe", "x1": arg[0], "y1": arg[1], "x2": arg[2], "y2": arg[3]}
    if kind == "wait":
        return {"type": "wait", "seconds": arg}
    raise MigrateError(f"{where}: unknown step kind {kind!r}")


def render(items, prefix, indent, width):
    """The array as the templates write it: `prefix` + items joined by ", ", wrapped greedily."""
    lines, line = [], prefix
    for i, item in enumerate(items):
        piece = item + ("," if i + 1 < len(items) else "]")
        sep = "" if line == prefix else " "
        if line != prefix and len(line) + len(sep) + len(piece) > width:
            lines.append(line)
            line, sep = indent, ""
        line += sep + piece
    lines.append(line)
    return "\n".join(lines)


def render_like(steps, text, line_start, start, end):
    """`steps` written in the style of the array at text[start:end] (its "[" at `start`): either
    compact (one line, or wrapped and aligned after the "[") or expanded (json.dumps(indent=N))."""
    prefix = text[line_start:start + 1]
    if text[start + 1] == "\n":  # expanded: one key per line
        base = re.match(r" *", text[line_start:]).group(0)
        inner = re.match(r" *", text[start + 2:]).group(0)
        body = json.dumps(steps, indent=len(inner) - len(base), ensure_ascii=False)
        return prefix[:-1] + body.replace("\n", "\n" + base)
    items = [json.dumps(s, ensure_ascii=False) for s in steps]
    one_long_line = "\n" not in text[start:end] and len(text[line_start:end]) > WIDTH
    return render(items, prefix, " " * len(prefix), 10**9 if one_long_line else WIDTH)


def migrate_text(text, name):
    """Returns (new text, number of arrays rewritten)."""
    decoder = json.JSONDecoder()
    out, pos, changed = [], 0, 0
    for m in ARRAY_KEY.finditer(text):
        start = m.end() - 1  # the "["
        if start < pos:
            continue
        steps, end = decoder.raw_decode(text, start)
        line_start = text.rfind("\n", 0, m.start()) + 1
        where = f"{name}: {m.group(1)}"
        new_steps = [convert_step(s, f"{where}[{i}]") for i, s in enumerate(steps)]
        if new_steps == steps:
            continue
        out.append(text[pos:line_start])
        out.append(render_like(new_steps, text, line_start, start, end))
        pos = end
        changed += 1
    out.append(text[pos:])
    return "".join(out), changed


def default_files():
    return sorted(ROOT.glob("tasks/templates/**/*.json")) + sorted(ROOT.glob("apps/*/nav.json"))


def main(argv):
    if "-h" in argv or "--help" in argv:
        print(__doc__.strip() if __doc__ else "usage: migrate_oracle.py [--check] [FILE...]")
        return 0
    bad = [a for a in argv if a.startswith("-") and a != "--check"]
    if bad:
        print(f"migrate_oracle.py: unknown option {bad[0]} (use --check or --help)", file=sys.stderr)
        return 2
    check = "--check" in argv
    files = [pathlib.Path(a) for a in argv if a != "--check"] or default_files()
    total = 0
    for f in files:
        text = f.read_text(encoding="utf-8")
        new, n = migrate_text(text, str(f))
        if not n:
            continue
        assert json.loads(new) is not None  # still valid JSON
        total += 1
        if check:
            print(f"{f}: {n} step array(s) in the old syntax")
        else:
            f.write_text(new, encoding="utf-8")
            print(f"{f}: {n} step array(s) rewritten")
    print(f"{total} file(s) {'to migrate' if check else 'migrated'}, {len(files)} checked")
    return 1 if check and total else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (MigrateError, json.JSONDecodeError) as e:
        print(f"migrate_oracle: {e}", file=sys.stderr)
        sys.exit(2)
