"""A case's run of the panel (scripts/lib/panel.py's Panel: `gaugepanel run` offscreen, its
output collected, SIGUSR1 snapshots) and settle (the screen must come to equal the render)."""
import os, re, shutil, time

import panel as shared   # scripts/lib/panel.py: the harnesses' one Panel, render and compare

from . import settings

SETTLE_TIMEOUT = 10.0            # seconds for a screen to equal its render

class Panel(shared.Panel):
    """The case's board run offscreen in its folder, no evdev device opened."""
    def __init__(self, case_dir, board):
        self.dir = case_dir
        inputs = os.path.join(case_dir, "input")          # no evdev devices: none are opened
        os.makedirs(inputs, exist_ok=True)
        super().__init__(board, ["--display", "offscreen", "--no-animation", "--input-directory", inputs,
                                 "--no-console-graphics", "--stats-interval", "1000"],
                         snapshot=os.path.join(case_dir, "snapshot.png"), gp=settings.gp, cwd=case_dir)

def gaugepanel(*args):
    return shared.gaugepanel(*args, gp=settings.gp)

def settle(report, panel, sets, label):
    """The panel's screen must come to equal the render of `sets` (readings and the
    snapshot race on a loaded machine, so retry until a timeout)."""
    tag = re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-")
    expected = os.path.join(panel.dir, f"expected-{tag}.png")
    shown = " ".join(f"{k}={v}" for k, v in sets.items()) or "(no values)"
    try:
        shared.render(panel.board, sets, expected, gp=settings.gp)
    except shared.RenderFailed as e:
        return report.check(False, f"{label}: {e}")
    start = time.time()
    snap, same, how = panel.settle(expected, SETTLE_TIMEOUT, pause=0.15)
    if snap is None:
        if panel.proc.poll() is not None:
            return report.check(False, f"{label}: gaugepanel run exited ({panel.proc.returncode}): "
                                + " | ".join(panel.lines[-3:]))
        return report.check(False, f"{label}: no snapshot after SIGUSR1")
    if same:
        return report.check(True, f"{label}: screen equals `render {shown}` ({panel.tries} snapshot(s), {time.time() - start:.1f} s)")
    kept = os.path.join(panel.dir, f"snapshot-{tag}.png")
    shutil.copyfile(snap, kept)
    return report.check(False, f"{label}: screen differs from `render {shown}`: "
                        f"{how[:300]} (see {kept} vs {expected})")
