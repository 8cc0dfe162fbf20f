#!/usr/bin/env python3
"""Counters against power cuts: `gaugepanel run` of a board whose counter integrates a
constant 360 km/h (0.1 km a second) and saves every 0.1 s is killed by SIGKILL at a
random moment, again and again; after each kill the count a start would read (the valid
slot with the higher sequence, CRC-32 checked) must exist once anything was saved, never
be lower than after the kill before, and never be garbage (a slot that fails its CRC is
counted as torn, and the other slot must still be valid). Prints the torn slots seen and
the worst loss per cut, in seconds of counting (start-up included: the count starts at
the first reading).

Usage: counters.py GAUGEPANEL WORKDIR [CUTS]   (default 100)"""
import os, random, signal, struct, subprocess, sys, time, zlib

gp, work = sys.argv[1], sys.argv[2]
cuts = int(sys.argv[3]) if len(sys.argv) > 3 else 100
os.makedirs(work, exist_ok=True)
for f in os.listdir(work):
    os.remove(os.path.join(work, f))
board = os.path.join(work, "board.toml")
open(board, "w").write("""
[display]
width = 64
height = 32
output = "offscreen"
[fonts]
family = "builtin"
[[sensor]]
kind = "simulated"
  [[sensor.channel]]
  name = "speed"
  waveform = "step"
  values = [360]
[[counter]]
name = "odo"
channel = "speed"
per = 3600
save_every = 0.1
file = "odo"
[[page]]
  [[page.widget]]
  id = "o"
  type = "readout"
  channel = "odo"
  frame = [0, 0, 64, 32]
""")
slots = [os.path.join(work, "odo.a"), os.path.join(work, "odo.b")]


def read(path):
    try:
        data = open(path, "rb").read()
    except FileNotFoundError:
        return "missing"
    if not data.endswith(b"\n"):
        return None
    body, _, crc = data[:-1].rpartition(b" ")
    fields = body.split(b" ")
    try:
        if len(fields) != 4 or fields[0] != b"gaugepanel-counter" or int(crc, 16) != zlib.crc32(body):
            return None
        value = struct.unpack(">d", bytes.fromhex(fields[2].decode()))[0]
    except ValueError:
        return None
    return (int(fields[1]), value) if value == value and abs(value) != float("inf") else None


rng = random.Random(1)
previous, torn, failures, worst, saved_once = 0.0, 0, [], 0.0, False
rate = 0.1   # km a second
t_all = time.time()
for i in range(cuts):
    p = subprocess.Popen([gp, "run", "--board", board, "--no-console-graphics", "--input-directory", work],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t0 = time.time()
    time.sleep(rng.uniform(0.05, 0.45))
    p.send_signal(signal.SIGKILL)
    p.wait()
    alive = time.time() - t0
    states = [read(s) for s in slots]
    torn += sum(1 for s in states if s is None)
    valid = [s for s in states if s not in (None, "missing")]
    if not valid:
        if saved_once or any(s is None for s in states):
            failures.append(f"cut {i}: no valid slot ({states})")
        continue
    saved_once = True
    now = max(valid)[1]
    if now < previous:
        failures.append(f"cut {i}: {now} < {previous} (lower than before)")
    worst = max(worst, alive - (now - previous) / rate)
    previous = now
elapsed = time.time() - t_all
ok = not failures
print(("ok: " if ok else "FAIL: ") + f"{cuts} SIGKILLs at random moments in {elapsed:.0f} s: the count never lower, never garbage "
      f"(final {previous:.4f} km); {torn} torn slots seen, each time the other slot valid")
for f in failures[:5]:
    print("   " + f)
print(f"# worst loss per cut: {worst:.3f} s of counting (save_every 0.1 s; start-up to the first reading included)")
print(f"{1 if ok else 0} passed, {0 if ok else 1} failed")
sys.exit(0 if ok else 1)
