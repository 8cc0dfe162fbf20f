"""The check scripts' one convention, as scripts/lib/common.sh's pass/fail/finish: one
"ok: …" or "FAIL: …" line per check, a last line "N passed, N failed", and exit status 0
only when nothing failed. Thread-safe, for harnesses that run cases side by side.

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
    from checks import Checks
    checks = Checks()
    checks.check(value == 42, "the gauge shows 42")
    sys.exit(checks.finish())
"""
import sys
import threading


def line(ok, what):
    """The line a check prints."""
    return ("ok: " if ok else "FAIL: ") + what


class Checks:
    def __init__(self):
        self.passed = self.failed = 0
        self._lock = threading.Lock()

    def count(self, ok):
        """Counts a check whose line the caller prints (cases that print their lines together)."""
        with self._lock:
            if ok: self.passed += 1
            else: self.failed += 1
        return ok

    def check(self, ok, what):
        """Counts and prints one check; returns `ok`."""
        self.count(ok)
        with self._lock:
            print(line(ok, what), flush=True)
        return ok

    def finish(self, note=""):
        """Prints "N passed, N failed" (and " (note)"); the exit status to use."""
        print(f"{self.passed} passed, {self.failed} failed" + (f" ({note})" if note else ""), flush=True)
        return 0 if self.failed == 0 else 1
