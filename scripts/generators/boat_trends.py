#!/usr/bin/env python3
"""A half hour of wind and depth for the gallery's picture of dashboards/boat.toml's
trends page: a recording (the format of `gaugepanel run --record`) of the NMEA names the
boat's channels read — apparent wind with a ten-minute swing, gusts and a squall, depth
over a slow tide — and a copy of boat.toml that plays it (kind = "replay") instead of the
serial line. `gaugepanel render COPY --page trends --time 1800` then draws the charts as a
run would show them after 30 minutes. Deterministic (its own generator, no `random`).

Usage: boat_trends.py OUTDIR    (writes OUTDIR/boat-trends.rec and OUTDIR/boat-trends.toml)"""
import math, os, re, sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
state = 12345


def jitter(size):
    """A value in ±size from a linear congruential generator."""
    global state
    state = (state * 1103515245 + 12345) % 2**31
    return (state / 2**31 * 2 - 1) * size


lines = ["# gaugepanel recording"]
for i in range(3600):
    s = i * 0.5
    wind = 14 + 5 * math.sin(2 * math.pi * s / 600) + jitter(2.5) + (8 if 1200 < s < 1290 else 0)
    depth = 6 + 3.5 * math.sin(2 * math.pi * s / 1500) + jitter(0.15)
    lines.append(f"{i * 500} wind.speed.apparent={wind:.2f} kn")
    lines.append(f"{i * 500} depth.below.transducer={depth:.2f} m")
with open(os.path.join(out, "boat-trends.rec"), "w") as f:
    f.write("\n".join(lines) + "\n")

here = os.path.dirname(os.path.abspath(__file__))
board = open(os.path.join(here, "..", "..", "dashboards", "boat.toml")).read()
board, n = re.subn(r'\[\[sensor\]\]\nkind = "serial"\n(?:[a-z]+ = .*\n)+',
                   '[[sensor]]\nkind = "replay"\nfile = "boat-trends.rec"\nloop = false\n', board, count=1)
if n != 1:
    sys.exit("boat_trends.py: dashboards/boat.toml has no serial [[sensor]] to replace")
with open(os.path.join(out, "boat-trends.toml"), "w") as f:
    f.write(board)
