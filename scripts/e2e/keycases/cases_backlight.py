"""Custom cases for [backlight]: a fake backlight directory (brightness, max_brightness
100, bl_power, as a driver's under /sys/class/backlight) named by `device`; the run's
writes read back while simulated channels move."""
import os, time

import pngread   # scripts/lib, on the path of every entry point

from .base_boards import display
from .harness import Line, Panel, new_dir, render


def fake_backlight(d, power=True):
    path = os.path.join(d, "backlight", "panel_bl")
    os.makedirs(path, exist_ok=True)
    for name, v in [("max_brightness", 100), ("brightness", 50), ("actual_brightness", 50)] + ([("bl_power", 0)] if power else []):
        with open(os.path.join(path, name), "w") as f:
            f.write(f"{v}\n")
    return path


def read(path, name):
    try:
        return int(open(os.path.join(path, name)).read().strip())
    except (OSError, ValueError):
        return None


def board(backlight, channels):
    return {"display": display(), "fonts": {"family": "builtin"}, "backlight": backlight,
            "sensor": [{"kind": "simulated", "channel": channels}],
            "page": [{"name": "main", "widget": [{"id": "o", "type": "readout", "channel": channels[0]["name"],
                                                  "frame": [0, 0, 320, 100]}]}]}


def a(*values, hold=0.5):
    return {"name": "a", "waveform": "step", "values": list(values), "hold": hold}


def watch(name, backlight, channels, seconds, files=("brightness", "bl_power"), power=True):
    """Runs the board for `seconds`, reading the fake backlight's files every 0.1 s;
    returns ([(t, {file: value})], log)."""
    d = new_dir(name)
    path = fake_backlight(d, power)
    bl = {k: (path if v == "PATH" else v) for k, v in backlight.items()}
    p = Panel(name, board(bl, channels), d=d)
    seen = []
    try:
        p.started()
        t0 = time.time()
        while time.time() - t0 < seconds:
            seen.append((time.time() - t0, {f: read(path, f) for f in files}))
            time.sleep(0.1)
    finally:
        p.stop()
    after = {f: read(path, f) for f in files}
    return seen, p.log(), after


def values(seen, f):
    """The file's values in order, repeats dropped; a read that found it mid-write (empty:
    None) is no value."""
    out = []
    for _, v in seen:
        if v[f] is None:
            continue
        if not out or out[-1] != v[f]:
            out.append(v[f])
    return out


def case_device(key):
    seen, _, _ = watch("bl-device", {"device": "PATH", "channel": "a", "curve": [[0, 0], [100, 100]]}, [a(30)], 2)
    ok = values(seen, "brightness")[-1] == 30
    seen2, log, _ = watch("bl-device-missing", {"device": "/nonexistent/backlight/x", "channel": "a", "curve": [[0, 0], [100, 100]]},
                          [a(30)], 1.5)
    said = "no effect" in log
    late, late_log, waited = late_backlight()
    return [(ok, f"device = its directory: brightness 50 → {values(seen, 'brightness')} (30 % of max 100)"),
            (said and values(seen2, "brightness") == [50],
             "a device that is not there: said once (" + next((l for l in log.splitlines() if "backlight" in l), "(nothing)")[:140]
             + "), the run goes on"),
            (late == 30 and "there now" in late_log,
             f"a device that comes 1 s after the start (a driver loading late): found {waited:.1f} s after it came and set to "
             f"{late} (30 % of max 100); said: " + next((l.split('[GaugePanel] ')[-1] for l in late_log.splitlines() if "there now" in l), "(nothing)"))]


def late_backlight():
    """The backlight's directory made (whole, by a rename) 1 s after the run started: the
    brightness it gets within 5 s, the log, and how long after it came."""
    d = new_dir("bl-device-late")
    ready = fake_backlight(os.path.join(d, "staging"))
    path = os.path.join(d, "late_bl")
    p = Panel("bl-device-late", board({"device": path, "channel": "a", "curve": [[0, 0], [100, 100]]}, [a(30)]), d=d)
    got, waited = None, 0.0
    try:
        p.started()
        time.sleep(1)
        os.rename(ready, path)
        came = time.time()
        while time.time() - came < 5 and got != 30:
            got = read(path, "brightness")
            time.sleep(0.1)
        waited = time.time() - came
    finally:
        p.stop()
    return got, p.log(), waited


def case_channel(key):
    seen, _, _ = watch("bl-channel", {"device": "PATH", "channel": "a", "curve": [[0, 0], [100, 100]]}, [a(30, 80, hold=0.8)], 2.5)
    v = [x for x in values(seen, "brightness") if x != 50]   # 50: the fake's own, before the first frame
    return [(len(v) >= 2 and set(v) == {30, 80}, f"channel a stepping 30, 80: brightness {v}")]


def case_curve(key):
    seen, _, _ = watch("bl-curve", {"device": "PATH", "channel": "a", "curve": [[0, 10], [100, 50]]}, [a(30)], 1.5)
    v = values(seen, "brightness")
    return [(v[-1] == 22, f"curve [[0, 10], [100, 50]] at a = 30: brightness {v} (10 + 40 × 0.3 = 22)")]


def case_hysteresis(key):
    held, _, _ = watch("bl-hyst", {"device": "PATH", "channel": "a", "curve": [[0, 0], [100, 100]]}, [a(30, 33, hold=0.4)], 2.5)
    plain, _, _ = watch("bl-hyst-0", {"device": "PATH", "channel": "a", "curve": [[0, 0], [100, 100]], "hysteresis": 0},
                        [a(30, 33, hold=0.4)], 2.5)
    steady = [x for x in values(held, "brightness") if x != 50]
    return [(len(steady) == 1 and steady[0] in (30, 33), f"a dithering 30/33, default hysteresis 5: {values(held, 'brightness')} (the first level kept)"),
            (len(values(plain, "brightness")) >= 4, f"hysteresis = 0: it follows every step {values(plain, 'brightness')}")]


def case_sleep_after(key):
    seen, log, after = watch("bl-sleep", {"device": "PATH", "sleep_after": 1}, [a(30)], 2.5)
    asleep = [t for t, v in seen if v["bl_power"] == 4]
    first = asleep[0] if asleep else None
    seen2, _, after2 = watch("bl-sleep-brightness", {"device": "PATH", "sleep_after": 1}, [a(30)], 2.5, power=False)
    dark = [t for t, v in seen2 if v["brightness"] == 0]
    return [(first is not None and 0.8 < first < 2.0, f"sleep_after = 1: bl_power 0 → 4 at {first and round(first, 1)} s"),
            (after.get("bl_power") == 0, f"on when the panel stops: bl_power {after.get('bl_power')}"),
            (bool(dark) and after2.get("brightness") == 50,
             f"without bl_power: brightness 0 at {dark and round(dark[0], 1)} s, back to {after2.get('brightness')} at the end")] \
        + screen_sleep(key)


def screen_sleep(key):
    """No backlight there (an HDMI monitor): the screen itself sleeps — the offscreen
    display's snapshot goes dark after sleep_after — and the wake channel moving brings the
    dashboard back, drawn whole (equal to render)."""
    # b comes over a serial line, written when the test says: a simulated step's phase
    # follows the machine's clock, not the run's start.
    d = new_dir(key + "-screen")
    line = Line(d)
    bl = {"device": "/nonexistent/backlight/x", "sleep_after": 1, "wake_channel": "b"}
    b = board(bl, [a(30)])
    b["sensor"].append({"kind": "serial", "device": line.link, "baud": 115200, "protocol": "line", "channel": [{"name": "b"}]})
    p = Panel(key + "-screen", b, d=d)
    try:
        if not p.started():
            return [(False, "did not start: " + p.log()[-300:])]
        p.wait_for("connected")
        time.sleep(1.6)
        dark = p.snapshot()
        line.write("b=500\n")
        _, woke, how = p.settle(lambda: render(p.board, {"a": 30, "b": 500}), timeout=4)
    finally:
        p.stop()
        line.close()
    said = [l.split("] ")[-1] for l in p.log().splitlines() if "display: o" in l]
    return [(dark is not None and pngread.is_black(dark), "no backlight: after sleep_after = 1 the screen itself is off (the snapshot is black)"),
            (woke, f"b gaining a value (over its serial line, 1.6 s in) wakes it, drawn whole ({how})"),
            (len(said) == 2 and "off (asleep" in said[0] and "on (woken)" in said[1], f"said: {said}")]


def wake_case(key):
    b = {"name": "b", "waveform": "step", "values": [0, 500], "hold": 2}
    def run(extra, name):
        seen, _, _ = watch(name, {"device": "PATH", "sleep_after": 1, "wake_channel": "b", **extra}, [a(30), b], 4.4)
        return values(seen, "bl_power")
    woke = run({}, key + "-woken")
    kept = run({"wake_change": 1000}, key + "-not")
    return [(woke[:4] == [0, 4, 0, 4], f"wake_channel b stepping 0 → 500 at 2 s: bl_power {woke} (asleep, woken, asleep)"),
            (kept[:2] == [0, 4] and 0 not in kept[2:], f"wake_change = 1000: 500 does not wake it: bl_power {kept}")]
