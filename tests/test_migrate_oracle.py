#!/usr/bin/python3
"""tools/migrate_oracle.py: old oracle / nav.json example steps become actions, the rest of the
file keeps its bytes, a second run changes nothing, and the checkout has no old steps left.
Run by CTest (tasks_migrate_oracle) with Debian's /usr/bin/python3."""

import json
import pathlib
import subprocess
import sys
import unittest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import migrate_oracle as m  # noqa: E402

TEMPLATE = """{
  "id": "clock.x",
  "setup": [{"op": "add", "path": "/apps/clock/alarms/-", "value": {"id": 100, "time": "{time}"}}],
  "oracle": [{"tap": "launcher.app.clock"}, {"scroll_to": "clock.alarm.{time}.switch"}, {"type": "{time}"},
             {"type": {"text": "x", "clear": true}}, {"swipe": [500, 700, 500, 300]}, {"wait": 2}, {"back": true},
             {"open_app": "answersheet"}, {"answer": "42"}, {"goto": "settings.time_zone"}, {"complete": true}],
  "split": "test"
}
"""

NAV = """{
  "pages": {
    "main": {
      "example": [
        {
          "open_app": "clock"
        },
        {
          "long_press": "clock.add_alarm"
        }
      ]
    },
    "other": {"title": "T", "example": [{"abort": "no"}]}
  }
}
"""


class Migrate(unittest.TestCase):
    def test_every_old_step_becomes_an_action(self):
        new, n = m.migrate_text(TEMPLATE, "t.json")
        self.assertEqual(n, 1)
        self.assertEqual(json.loads(new)["oracle"], [
            {"type": "click", "target": "launcher.app.clock"}, {"scroll_to": "clock.alarm.{time}.switch"},
            {"type": "type", "text": "{time}"}, {"type": "type", "text": "x", "clear": True},
            {"type": "swipe", "x1": 500, "y1": 700, "x2": 500, "y2": 300}, {"type": "wait", "seconds": 2},
            {"type": "back"}, {"type": "open_app", "app": "answersheet"}, {"type": "answer", "text": "42"},
            {"goto": "settings.time_zone"}, {"type": "complete"}])

    def test_the_rest_of_the_file_keeps_its_bytes_and_a_second_run_changes_nothing(self):
        new, _ = m.migrate_text(TEMPLATE, "t.json")
        lines = new.split("\n")
        self.assertEqual(lines[:3], TEMPLATE.split("\n")[:3])
        self.assertEqual(new.split("\n")[-3:], TEMPLATE.split("\n")[-3:])
        oracle = [l for l in lines if "type" in l or "target" in l]
        self.assertTrue(oracle[0].startswith('  "oracle": [{"type": "click"'))
        for l in oracle[1:]:  # continuation lines aligned after the "["
            self.assertTrue(l.startswith(" " * 13 + "{"), l)
            self.assertLessEqual(len(l), m.WIDTH)
        self.assertEqual(m.migrate_text(new, "t.json"), (new, 0))

    def test_expanded_arrays_stay_expanded(self):
        new, n = m.migrate_text(NAV, "nav.json")
        self.assertEqual(n, 2)
        self.assertIn('        {\n          "type": "open_app",\n          "app": "clock"\n        },', new)
        self.assertIn('"other": {"title": "T", "example": [{"type": "abort", "reason": "no"}]}', new)
        self.assertEqual(m.migrate_text(new, "nav.json"), (new, 0))

    def test_the_checkout_has_no_old_steps(self):
        r = subprocess.run([sys.executable, str(ROOT / "tools" / "migrate_oracle.py"), "--check"],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)


if __name__ == "__main__":
    unittest.main()
