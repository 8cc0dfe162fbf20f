"""Reporting: each case collects its lines and prints them together; every check counts
in the one shared pass/fail tally (scripts/lib/checks.py, on sys.path via boards.py)."""
import sys, threading

from checks import Checks, line   # the scripts' one pass/fail convention

lock = threading.Lock()
checks = Checks()

class Report:
    def __init__(self, name):
        self.name, self.lines = name, []

    def check(self, ok, what):
        self.lines.append(line(ok, f"{self.name}: {what}"))
        return checks.count(ok)

    def note(self, text): self.lines.append(f"   {self.name}: {text}")

    def flush(self):
        with lock:
            for l in self.lines: print(l)
            sys.stdout.flush()
