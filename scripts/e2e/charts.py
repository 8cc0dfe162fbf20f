#!/usr/bin/env python3
"""Charts fed a recording show the same pixels as `render --time` of that recording: a
board plays a recording (kind = "replay") into a line chart (its channel's alarm zones
shaded) and a band chart with a fixed range; two SIGUSR1 snapshots — one while the
recording plays, one after it ended while the charts scroll on — each equal `gaugepanel
render --time T` at the chart column the run was in (its columns are 250 ms; the run's
exact start is not known to the harness, so T is searched over the columns near the
elapsed time, before and after each column's readings), and differ from the renders one
column either side (the comparison sees a single column's scroll).

Usage: charts.py GAUGEPANEL WORKDIR"""
import os, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import panel

gp, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
panel.GP = gp
COLUMN = 0.25   # seconds: a 30 s window on a chart 464 px wide has 120 columns


def tri(c, period):
    p = c % period
    return (p if p < period / 2 else period - p) / (period / 2)


# Three readings in the middle of each column (105, 125, 145 ms into it): the run's timers
# may be late by tens of milliseconds without a reading changing column.
lines = ["# gaugepanel recording"]
for c in range(26):
    for j, off in enumerate((105, 125, 145)):
        ms = c * 250 + off
        lines.append(f"{ms} wind={12 + 10 * tri(c, 12) + (j - 1) * 1.5:.2f} kn")
        lines.append(f"{ms} depth={8 + 6 * tri(c + 3, 9) + (j - 1) * 2:.2f}")
open(os.path.join(work, "drive.rec"), "w").write("\n".join(lines) + "\n")

board = os.path.join(work, "board.toml")
open(board, "w").write("""
[display]
width = 480
height = 320
output = "offscreen"
[fonts]
family = "builtin"
[[sensor]]
kind = "replay"
file = "drive.rec"
loop = false
  [[sensor.channel]]
  name = "wind"
  unit = "kn"
  warning = 25
  critical = 30
  [[sensor.channel]]
  name = "depth"
  unit = "m"
[[page]]
  [[page.widget]]
  id = "wind-chart"
  type = "chart"
  channel = "wind"
  frame = [8, 8, 464, 150]
  window = 30
  title = "Wind"
  format = { unit = "kn" }
  [[page.widget]]
  id = "depth-chart"
  type = "chart"
  channel = "depth"
  style = "band"
  frame = [8, 166, 464, 150]
  window = 30
  range = [0, 20]
  title = "Depth"
  tint = "#30C060"
  zones = [{ from = 0, to = 3, color = "#E04030" }]
""")

failures = []


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        failures.append(what)


renders = {}


def render_at(t):
    """render --time t (cached)."""
    if t not in renders:
        renders[t] = panel.render(board, out=os.path.join(work, f"render-{t:.3f}.png"), extra=["--time", f"{t:.3f}"])
    return renders[t]


def matching_time(snap, elapsed):
    """A time whose render equals `snap`: 50 ms into a column (before its readings) or
    200 ms (after them), over the columns from 1.5 s before the harness's elapsed time to
    one after it (the run started a little after the harness's clock)."""
    for k in range(int(elapsed / COLUMN) + 1, max(int((elapsed - 1.5) / COLUMN), 0) - 1, -1):
        for t in (k * COLUMN + 0.2, k * COLUMN + 0.05):
            if panel.compare(snap, render_at(t))[0]:
                return t
    return None


inputs = os.path.join(work, "input")
os.makedirs(inputs, exist_ok=True)
snap_path = os.path.join(work, "snapshot.png")
p = panel.Panel(board, ["--display", "offscreen", "--no-console-graphics", "--input-directory", inputs],
                snapshot=snap_path, copies=True)
matched = []
try:
    t0 = time.monotonic()
    check(p.wait_for("] display ", 30), "the panel started")
    for at in (3.1, 8.1):   # while the recording plays (it ends at 6.5 s), and after
        time.sleep(max(0.0, t0 + at - time.monotonic()))
        elapsed = time.monotonic() - t0
        snap = p.snapshot()
        check(snap is not None, f"a snapshot at {elapsed:.2f} s")
        if snap is None:
            continue
        t = matching_time(snap, elapsed)
        check(t is not None, f"the snapshot at {elapsed:.2f} s equals render --time of a time near it "
              f"(tried {', '.join(f'{x:.2f}' for x in sorted(renders))})")
        if t is not None:
            k = int(t / COLUMN)
            matched.append(k)
            neighbours = [not panel.compare(snap, render_at(t + d))[0] for d in (-COLUMN, COLUMN)]
            check(all(neighbours), f"it equals render --time {t:.3f} (column {k}, the run {t - elapsed:+.2f} s "
                  f"from the harness's clock) and not the columns either side")
finally:
    status = p.stop()
check(status == 0, f"the panel exited 0 (got {status})")
check(len(matched) == 2 and matched[1] - matched[0] >= 16, f"the charts scrolled between the snapshots (columns {matched})")
print(f"{2 * (len(failures) == 0)} passed, {len(failures)} failed" if not failures else f"{len(failures)} failed")
sys.exit(1 if failures else 0)
