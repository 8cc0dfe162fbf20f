"""One run of the panel: `gaugepanel run` offscreen with its output collected, SIGUSR1
snapshots, `render`/`compare`, and settle (the screen must come to equal the render)."""
import os, re, shutil, signal, subprocess, threading, time

from . import settings

SETTLE_TIMEOUT = 10.0            # seconds for a screen to equal its render

class Panel:
    def __init__(self, case_dir, board):
        self.dir, self.board = case_dir, board
        self.snap = os.path.join(case_dir, "snapshot.png")
        inputs = os.path.join(case_dir, "input")          # no evdev devices: none are opened
        os.makedirs(inputs, exist_ok=True)
        self.proc = retrying(lambda: subprocess.Popen(
            [settings.gp, "run", "--board", board, "--display", "offscreen", "--no-animation",
             "--snapshot", self.snap, "--input-directory", inputs, "--no-console-graphics",
             "--stats-interval", "1000"],
            cwd=case_dir, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
        self.lines = []
        self.reader = threading.Thread(target=self._collect, daemon=True)
        self.reader.start()

    def _collect(self):
        for l in self.proc.stdout: self.lines.append(l.rstrip("\n"))

    def count(self, text): return sum(1 for l in list(self.lines) if text in l)

    def wait_for(self, text, n=1, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline and self.proc.poll() is None:
            if self.count(text) >= n: return True
            time.sleep(0.02)
        return self.count(text) >= n

    def snapshot(self):
        def stamp():
            try:
                s = os.stat(self.snap)
                return (s.st_ino, s.st_mtime_ns, s.st_size)
            except FileNotFoundError: return None
        before = stamp()
        self.proc.send_signal(signal.SIGUSR1)
        deadline = time.time() + 10
        while time.time() < deadline:
            if stamp() not in (None, before): return True
            time.sleep(0.02)
        return False

    def stop(self):
        t0 = time.monotonic()
        if self.proc.poll() is None: self.proc.send_signal(signal.SIGTERM)
        try: self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill(); self.proc.wait()
        self.reader.join(timeout=5)
        return self.proc.returncode, time.monotonic() - t0

def retrying(start):
    """The binary may be replaced by a rebuild while this runs: wait for it to return."""
    for _ in range(120):
        try: return start()
        except OSError as e:
            if not isinstance(e, FileNotFoundError) and e.errno != 26: raise   # ETXTBSY
            time.sleep(0.5)
    return start()

def gaugepanel(*args):
    return retrying(lambda: subprocess.run([settings.gp, *args], capture_output=True, text=True))

def render(board, sets, out):
    args = ["render", board, "--out", out]
    for k, v in sets.items(): args += ["--set", f"{k}={v}"]
    return gaugepanel(*args)

def compare(a, b):
    """`gaugepanel compare` (0: identical). Files with the same bytes are identical images
    without asking it: snapshot and render write the same PNG for the same pixels, and
    the debug build's compare is slow on a busy machine."""
    with open(a, "rb") as fa, open(b, "rb") as fb:
        if fa.read() == fb.read():
            return subprocess.CompletedProcess([], 0, "identical (same bytes)", "")
    return gaugepanel("compare", a, b)

def settle(report, panel, sets, label):
    """The panel's screen must come to equal the render of `sets` (readings and the
    snapshot race on a loaded machine, so retry until a timeout)."""
    tag = re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-")
    expected = os.path.join(panel.dir, f"expected-{tag}.png")
    r = render(panel.board, sets, expected)
    shown = " ".join(f"{k}={v}" for k, v in sets.items()) or "(no values)"
    if r.returncode != 0:
        return report.check(False, f"{label}: render failed: {r.stderr.strip()}")
    start = time.time()
    deadline = start + SETTLE_TIMEOUT
    attempts = 0
    while True:
        attempts += 1
        if panel.proc.poll() is not None:
            return report.check(False, f"{label}: gaugepanel run exited ({panel.proc.returncode}): "
                                + " | ".join(panel.lines[-3:]))
        if not panel.snapshot():
            return report.check(False, f"{label}: no snapshot after SIGUSR1")
        c = compare(panel.snap, expected)
        if c.returncode == 0:
            return report.check(True, f"{label}: screen equals `render {shown}` ({attempts} snapshot(s), {time.time() - start:.1f} s)")
        if time.time() > deadline:
            kept = os.path.join(panel.dir, f"snapshot-{tag}.png")
            shutil.copyfile(panel.snap, kept)
            return report.check(False, f"{label}: screen differs from `render {shown}`: "
                                f"{(c.stdout + c.stderr).strip()[:300]} (see {kept} vs {expected})")
        time.sleep(0.15)

def summary_fields(panel):
    s = [l for l in panel.lines if l.startswith("@@SUMMARY")]
    if not s: return {}, ""
    return dict(kv.split("=", 1) for kv in s[-1].split()[1:] if "=" in kv), s[-1]
