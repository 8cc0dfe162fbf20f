"""Custom cases for [log]: a board of simulated channels run for a few seconds; the CSV
read back with Python's csv module (header, rows, empty cells, rotation), a full disk
(/dev/full) said once while the panel runs on."""
import csv, glob, os, time

from .base_boards import display
from .harness import Panel, new_dir


def board(log, triggers=None, wave=None):
    b = {"display": display(), "fonts": {"family": "builtin"},
         "sensor": [{"kind": "simulated", "channel": [
             {"name": "rpm", "unit": "rpm", "waveform": "step", "values": [800, 900], "hold": 0.5},
             wave or {"name": "load", "waveform": "step", "values": [0.5]}]},
             {"kind": "serial", "device": "/dev/null-gp-never", "protocol": "line", "channel": [{"name": "quiet"}]}],
         "log": log,
         "page": [{"name": "main", "widget": [{"id": "o", "type": "readout", "channel": "rpm", "frame": [0, 0, 320, 100]}]}]}
    if triggers:
        b["trigger"] = triggers
    return b


def run(name, log, seconds=2.0, **kw):
    d = new_dir(name)
    p = Panel(name, board(log, **kw), d=d)
    try:
        p.started()
        time.sleep(seconds)
    finally:
        p.stop()
    return d, p


def rows(path):
    try:
        return list(csv.reader(open(path, newline="")))
    except OSError:
        return []


def case_path(key):
    d, _ = run(key, {"path": "drive.csv", "interval": 0.2})
    r = rows(os.path.join(d, "drive.csv"))
    return [(len(r) >= 6 and r[0] == ["time", "marker", "rpm (rpm)", "load", "quiet"],
             f'path = "drive.csv": beside the board, {len(r) - 1} rows, header {r[0] if r else None}'),
            (all(x[4] == "" and x[3] == "0.5" for x in r[1:]) and all(x[0].endswith("Z") for x in r[1:]),
             f"a channel without a value is an empty cell; times in UTC ({r[1] if len(r) > 1 else None})")]


def case_channels(key):
    d, _ = run(key, {"path": "drive.csv", "interval": 0.2, "channels": ["load", "rpm"]})
    r = rows(os.path.join(d, "drive.csv"))
    return [(bool(r) and r[0] == ["time", "marker", "load", "rpm (rpm)"], f'channels = ["load", "rpm"]: header {r[0] if r else None}')]


def case_interval(key):
    d, _ = run(key, {"path": "fast.csv", "interval": 0.1}, seconds=2.0)
    d2, _ = run(key + "-slow", {"path": "slow.csv", "interval": 1}, seconds=2.0)
    fast, slow = len(rows(os.path.join(d, "fast.csv"))) - 1, len(rows(os.path.join(d2, "slow.csv"))) - 1
    return [(fast >= 12 and slow <= 3, f"interval = 0.1: {fast} rows in 2 s; interval = 1: {slow}")]


def case_max_size(key):
    d, _ = run(key, {"path": "d.csv", "interval": 0.1, "max_size": 1024, "keep": 5}, seconds=4.0)
    files = sorted(os.path.basename(f) for f in glob.glob(os.path.join(d, "d.csv*")))
    sizes = [os.path.getsize(os.path.join(d, f)) for f in files]
    headed = all(rows(os.path.join(d, f))[0][0] == "time" for f in files)
    return [(len(files) >= 2 and max(sizes) < 1024 + 200 and headed,
             f"max_size = 1024: rotated into {files}, sizes {sizes}, each with its header")]


def case_keep(key):
    d, _ = run(key, {"path": "d.csv", "interval": 0.1, "max_size": 1024, "keep": 1}, seconds=5.0)
    files = sorted(os.path.basename(f) for f in glob.glob(os.path.join(d, "d.csv*")))
    return [(files == ["d.csv", "d.csv.1"], f"keep = 1: only {files} (older rotations replaced)")]


def case_start(key):
    d, _ = run(key, {"path": "t.csv", "interval": 0.2, "start": "trigger"})
    none = rows(os.path.join(d, "t.csv"))
    d2, _ = run(key + "-on", {"path": "t.csv", "interval": 0.2, "start": "trigger"},
                triggers=[{"channel": "rpm", "above": 850, "logging": True}])
    started = rows(os.path.join(d2, "t.csv"))
    return [(not none, f'start = "trigger" without a trigger: no file ({len(none)} rows)'),
            (len(started) >= 3, f"with a trigger (rpm above 850, logging = true): {len(started) - 1} rows")]


def case_trigger_logging(key):
    """rpm steps 800/900 every 0.5 s (the run may start at either); a trigger stops the log
    at the first 900: at most the row of that frame is at 900, where without it many are."""
    trig = [{"channel": "rpm", "above": 850, "logging": False}]
    d, _ = run(key, {"path": "t.csv", "interval": 0.1}, seconds=2.5, triggers=trig)
    d2, _ = run(key + "-none", {"path": "t.csv", "interval": 0.1}, seconds=2.5)
    stopped = [x for x in rows(os.path.join(d, "t.csv"))[1:] if x[2] == "900.0"]
    control = [x for x in rows(os.path.join(d2, "t.csv"))[1:] if x[2] == "900.0"]
    return [(len(stopped) <= 1 and len(control) >= 5, f"logging = false when rpm reaches 900: {len(stopped)} rows at 900 "
             f"(the row of the frame it stopped in at most); without the trigger {len(control)}")]


def case_full_disk():
    _, p = run("log-full", {"path": "/dev/full", "interval": 0.2}, seconds=1.5)
    said = [l for l in p.log().splitlines() if "disk is full" in l]
    return len(said) == 1, "a full disk (/dev/full): said once, the run goes on: " + (said[0].split("] ")[-1] if said else "(nothing)")
