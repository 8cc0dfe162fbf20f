"""Custom cases for [[counter]]: a simulated speed (36 km/h) integrated while the panel
runs; the counter's slots (FILE.a, FILE.b: `gaugepanel-counter SEQ BITS TEXT CRC`) read
back, checked by their CRC-32, and the run's picture compared with render."""
import os, struct, time, zlib

from .base_boards import display
from .harness import Panel, new_dir, render


def board(counter, channel_value=36, extra=None):
    b = {"display": display(), "fonts": {"family": "builtin"},
         "sensor": [{"kind": "simulated", "channel": [{"name": "speed", "waveform": "step", "values": [channel_value]}]}],
         "counter": [counter],
         "page": [{"name": "main", "widget": [{"id": "o", "type": "readout", "channel": counter["name"],
                                                 "frame": [0, 0, 320, 120], "format": {"decimals": 0}}]}]}
    b.update(extra or {})
    return b


def slot(path):
    """(sequence, value) of a valid slot, or None."""
    try:
        data = open(path, "rb").read()
    except OSError:
        return None
    if not data.endswith(b"\n"):
        return None
    body, _, crc = data[:-1].rpartition(b" ")
    fields = body.split(b" ")
    if len(fields) != 4 or fields[0] != b"gaugepanel-counter" or int(crc, 16) != zlib.crc32(body):
        return None
    return int(fields[1]), struct.unpack(">d", bytes.fromhex(fields[2].decode()))[0]


def count(path):
    """The count a start would read: the valid slot with the higher sequence."""
    slots = [s for s in (slot(path + ".a"), slot(path + ".b")) if s]
    return max(slots)[1] if slots else None


def seed(path, value, sequence=7):
    body = f"gaugepanel-counter {sequence} {struct.pack('>d', value).hex()} {value}".encode()
    open(path + ".a", "wb").write(body + b" %08x\n" % zlib.crc32(body))


def run(name, counter, seconds=2.0, pre=None, extra=None, channel_value=36):
    """Runs the board for `seconds` (SIGTERM: saved at exit); returns (count, dir, sequences seen while running)."""
    d = new_dir(name)
    path = os.path.join(d, counter.get("file", counter["name"] + ".counter"))
    if pre is not None:
        seed(path, pre)
    p = Panel(name, board(counter, channel_value, extra), d=d)
    seen = set()
    try:
        p.started()
        t0 = time.time()
        while time.time() - t0 < seconds:
            for s in (slot(path + ".a"), slot(path + ".b")):
                if s:
                    seen.add(s[0])
            time.sleep(0.05)
    finally:
        p.stop()
    return count(path), p, seen


def odometer(**kw):
    return {"name": "odo", "channel": "speed", "per": 3600, **kw}


def case_name(key):
    d = new_dir("counter-name")
    p = Panel("counter-name", board(odometer()), d=d)
    try:
        p.started()
        s, ok, how = p.settle(lambda: render(p.board, {"odo": 0}), timeout=5)
        _, none, _ = p.settle(lambda: render(p.board), timeout=0.5)
    finally:
        p.stop()
    c = count(os.path.join(d, "odo.counter"))
    return [(ok and not none, f'name = "odo": the readout showing it shows 0 (not "--") while it counts ({how})'),
            (c is not None and 0.004 < c < 0.03, f"saved {c} km after ~2 s at 36 km/h")]


def case_channel(key):
    c, _, _ = run("counter-channel", odometer(), seconds=2.0)
    c0, _, _ = run("counter-channel-0", odometer(), seconds=2.0, channel_value=0)
    return [(c is not None and 0.004 < c < 0.03, f"channel speed (36 km/h): {c} km"), (c0 == 0 or c0 is None, f"at 0 km/h: {c0}")]


def case_per(key):
    c, _, _ = run("counter-per", odometer(per=1), seconds=2.0)
    return [(c is not None and 14 < c < 110, f"per = 1: km/h × s, {c} after ~2 s (3600× per = 3600's)")]


def case_above(key):
    hours, _, _ = run("counter-above", {"name": "odo", "channel": "speed", "above": 30}, seconds=2.0)
    none, _, _ = run("counter-above-40", {"name": "odo", "channel": "speed", "above": 40}, seconds=2.0)
    return [(hours is not None and 0.5 < hours < 3.0, f"above = 30 at 36: counts seconds, {hours} s"),
            (not none, f"above = 40 at 36: counts nothing ({none})")]


def case_file(key):
    c, p, _ = run("counter-file", odometer(file="odo-km.state"), seconds=1.5)
    d = os.path.dirname(p.board)
    made = sorted(x for x in os.listdir(d) if x.startswith("odo"))
    return [(c is not None and "odo-km.state.a" in made or "odo-km.state.b" in made,
             f'file = "odo-km.state": beside the board, {made}, count {c}')]


def case_save_every(key):
    _, _, fast = run("counter-save-fast", odometer(save_every=0.3), seconds=2.5)
    _, _, slow = run("counter-save-slow", odometer(save_every=60), seconds=2.5)
    return [(len(fast) >= 4, f"save_every = 0.3: {len(fast)} saves seen while running"),
            (len(slow) == 0, f"save_every = 60: none while running ({len(slow)}), one at exit")]


def case_resettable(key):
    reset = {"trigger": [{"on_page": "main", "reset_trip": True}]}
    kept, _, _ = run("counter-kept", odometer(), pre=5.0, extra=reset)
    trip, _, _ = run("counter-trip", odometer(resettable=True), pre=5.0, extra=reset)
    return [(kept is not None and kept > 5.0, f"not resettable: a reset_trip leaves 5.0 → {kept}"),
            (trip is not None and trip < 0.05, f"resettable = true: reset_trip sets 5.0 to 0, then it counts: {trip}")]


def case_trigger_reset(key):
    reset = {"trigger": [{"on_page": "main", "reset_trip": True}]}
    trip, _, _ = run("trigger-reset", odometer(resettable=True), pre=5.0, extra=reset)
    kept, _, _ = run("trigger-reset-none", odometer(resettable=True), pre=5.0)
    return [(trip is not None and trip < 0.05, f"reset_trip = true (on page main): the trip 5.0 → {trip}"),
            (kept is not None and kept > 5.0, f"without the trigger it counts on: {kept}")]
