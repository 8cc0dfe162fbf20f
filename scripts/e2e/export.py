#!/usr/bin/env python3
"""`gaugepanel export REC --csv OUT` against the recording it converts: a board of
simulated channels (with and without units) runs with --record for a few seconds; the
CSV, read back by Python's csv module (a real reader of RFC 4180), holds exactly the
recorded samples — each in the row of its time and the column of its name, nothing else —
and a bad recording is refused naming its line (exit 2). LibreOffice (Debian's, headless)
opens the CSV as a spreadsheet, saves it as ODS and that as CSV again: the same header
and every cell the same number to the 15 significant digits Calc shows.

Usage: export.py GAUGEPANEL WORKDIR"""
import csv, os, signal, subprocess, sys, time

gp, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
board = os.path.join(work, "board.toml")
open(board, "w").write("""
[display]
width = 160
height = 120
output = "offscreen"
[fonts]
family = "builtin"
[[sensor]]
kind = "simulated"
  [[sensor.channel]]
  name = "rpm"
  unit = "rpm"
  waveform = "sine"
  centre = 3000
  amplitude = 2000
  period = 2
  [[sensor.channel]]
  name = "load"
  waveform = "noise"
  centre = 0.5
  amplitude = 0.2
  interval = 0.3
  seed = 4
[[page]]
  [[page.widget]]
  id = "r"
  type = "readout"
  channel = "rpm"
  frame = [0, 0, 160, 120]
""")
rec = os.path.join(work, "run.rec")
p = subprocess.Popen([gp, "run", "--board", board, "--record", rec, "--no-console-graphics", "--input-directory", work], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(3)
p.send_signal(signal.SIGTERM)
p.wait(timeout=10)
results = []


def check(ok, text):
    results.append(ok)
    print(("ok: " if ok else "FAIL: ") + text, flush=True)


recorded = []   # (ms, name, value text, unit)
for line in open(rec):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    ms, rest = line.split(" ", 1)
    name, value = rest.split("=", 1)
    value, _, unit = value.partition(" ")
    recorded.append((int(ms), name, value, unit))
out = os.path.join(work, "run.csv")
r = subprocess.run([gp, "export", rec, "--csv", out], capture_output=True, text=True)
check(r.returncode == 0, f"export: exit {r.returncode} {r.stderr.strip()}")
rows = list(csv.reader(open(out, newline="")))
header, body = rows[0], rows[1:]
names = list(dict.fromkeys(n for _, n, _, _ in recorded))
units = {n: u for _, n, _, u in reversed(recorded) if u} if recorded else {}
expected_header = ["time_s"] + [f"{n} (rpm)" if units.get(n) == "rpm" else n for n in names]
check(header == expected_header, f"header {header} (expected {expected_header})")
want = {}
for ms, name, value, _ in recorded:
    want[(ms, name)] = value   # the last in a millisecond
got = {}
for row in body:
    ms = round(float(row[0]) * 1000)
    for name, cell in zip(header[1:], row[1:]):
        if cell != "":
            got[(ms, name.split(" (")[0])] = cell
check(len(recorded) > 20, f"{len(recorded)} samples recorded in 3 s")
# Values as numbers: the recording's text goes through the panel's own decimal parser,
# which may land one unit in the last place away from the correctly rounded double.
def near(a, b):
    x, y = float(a), float(b)
    return x == y or abs(x - y) <= 4e-16 * max(abs(x), abs(y))
same = got.keys() == want.keys() and all(near(got[k], want[k]) for k in want)
exact = sum(got[k] == want[k] for k in want if k in got)
check(same, f"every recorded sample is in its row and column, and nothing else: {len(got)} cells for {len(want)} samples, "
      f"{exact} with the recording's own digits, the rest within an ulp")
check(len(body) == len({ms for ms, _, _, _ in recorded}), f"{len(body)} rows: one per recorded time")


def through_libreoffice(path):
    """The CSV opened by LibreOffice Calc, saved as ODS, the ODS saved as CSV: its rows."""
    # A profile of its own, by an absolute path (a relative HOME makes soffice exit 1).
    home = os.path.abspath(work)
    env = dict(os.environ, HOME=os.path.join(home, "lo-home"))
    for what, source in (("ods", os.path.abspath(path)), ("csv", os.path.join(home, "ods", "run.ods"))):
        outdir = os.path.join(home, what)
        r = subprocess.run(["soffice", "--headless", "--convert-to", what, "--outdir", outdir, source],
                           capture_output=True, text=True, timeout=120, env=env)
        if r.returncode != 0:
            return None, f"soffice --convert-to {what}: exit {r.returncode} {r.stderr.strip()[:200]}"
    return list(csv.reader(open(os.path.join(home, "csv", "run.csv"), newline=""))), "converted"


calc, how = through_libreoffice(out)
def same_number(a, b):
    if a == "" or b == "":
        return a == b
    x, y = float(a), float(b)
    return x == y or abs(x - y) <= 1e-14 * max(abs(x), abs(y))
agree = calc is not None and calc[0] == rows[0] and len(calc) == len(rows) and all(
    len(c) == len(r) and all(same_number(a, b) for a, b in zip(c, r)) for c, r in zip(calc[1:], rows[1:]))
check(agree, f"LibreOffice Calc reads it: the CSV through ODS and back, {len(calc or [])} rows, header "
      f"{calc[0] if calc else how}, every cell the same number (to Calc's 15 digits)")
bad = os.path.join(work, "bad.rec")
open(bad, "w").write("0 a=1\n12 b=oops\n")
r = subprocess.run([gp, "export", bad, "--csv", "-"], capture_output=True, text=True)
check(r.returncode == 2 and "bad.rec:2" in r.stderr, f"a bad line: exit {r.returncode}, {r.stderr.strip()}")
print(f"{sum(results)} passed, {len(results) - sum(results)} failed")
sys.exit(0 if all(results) else 1)
