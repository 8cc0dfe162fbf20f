"""Custom cases for the other sensor kinds: sysfs (a fake hwmon tree), sensor.kind, and
replay (recordings made by `run --record` or written here: file, speed, loop)."""
import os, time

from .base_boards import step, value_board
from .harness import Panel, new_dir, render, run_and_settle, same

def fake_sysfs(d, temps):
    root = os.path.join(d, "sys")
    h = os.path.join(root, "class", "hwmon", "hwmon0")
    os.makedirs(h, exist_ok=True)
    open(os.path.join(h, "name"), "w").write("gp\n")
    for attr, v in temps.items():
        open(os.path.join(h, f"{attr}_input"), "w").write(f"{v}\n")
    return root


def sysfs_board(root, path="hwmon/gp/temp1", **ch):
    return value_board({"kind": "sysfs", "root": root, "channel": [{"name": "a", "path": path, **ch}]})


def case_sysfs(variants):
    """variants: [(label, board-maker(dir) , sets)] — each shows its value; they differ."""
    def case(key):
        out, snaps = [], []
        for label, make, sets in variants:
            d = new_dir(key + "-" + label)
            b = make(d)
            s, ok, how = run_and_settle(f"{key}-{label}", b, expect="render", sets=sets)
            out.append((ok, f"{label}: shows {sets or 'no value'} ({how})"))
            snaps.append(s)
        if all(snaps):
            out.append((not same(snaps[0], snaps[1])[0], "the pictures differ"))
        return out
    return case


def case_kind(key):
    out = []
    s1, ok1, how1 = run_and_settle("kind-simulated", value_board({"kind": "simulated", "channel": [step("a", 60)]}),
                                   expect="render", sets={"a": 60})
    d = new_dir("kind-sysfs")
    s2, ok2, how2 = run_and_settle("kind-sysfs", sysfs_board(fake_sysfs(d, {"temp1": 42000})), expect="render",
                                   sets={"a": 42})
    out.append((ok1, f'kind = "simulated" (step 60): shows 60 ({how1})'))
    out.append((ok2, f'kind = "sysfs" (hwmon temp1_input 42000): shows 42 ({how2})'))
    if s1 and s2:
        out.append((not same(s1, s2)[0], "the pictures differ"))
    return out


# ── recordings: `run --record`, played back by kind = "replay" ──
def replay_board(file, **sensor):
    return value_board({"kind": "replay", "file": file, **sensor, "channel": [{"name": "a"}]})


def write_recording(d, name, lines):
    with open(os.path.join(d, name), "w") as f:
        f.write("# gaugepanel recording\n" + "".join(l + "\n" for l in lines))
    return name


def replay_run(d, name, board, value, timeout=6):
    """A replay board written into d (beside its recordings), settled on render --set a=value."""
    p = Panel(name, board, d=d, board_name=f"{name}.toml")
    try:
        if not p.started():
            return None, False, "did not start: " + p.log()[-300:]
        return p.settle(lambda: render(p.board, {"a": value}), timeout=timeout, confirm=True)
    finally:
        p.stop()


def case_file(key):
    """One recording made by `gaugepanel run --record` (a = 42), one written here
    (a = 77), both named relative to the board: each replay shows its own."""
    out, snaps = [], []
    d = new_dir("replay-file")
    src = Panel("record", value_board({"kind": "simulated", "channel": [step("a", 42)]}), d=new_dir("record"),
                args=["--record", os.path.join(d, "made.rec")])
    src.started(); src.wait_stats("samples", 3); src.stop()
    write_recording(d, "written.rec", ["0 a=77"])
    for file, v, how_made in (("made.rec", 42, "made by run --record"), ("written.rec", 77, "written here")):
        snap, ok, how = replay_run(d, f"replay-{v}", replay_board(file, loop=False), v)
        out.append((ok, f'file = "{file}" ({how_made}) shows a = {v} ({how})'))
        snaps.append(snap)
    if all(snaps):
        out.append((not same(snaps[0], snaps[1])[0], "the pictures differ"))
    return out


def case_candump(key):
    """format = "candump": a `candump -l` log decoded through a DBC beside the board
    (M.A = raw × 0.1), one log with a = 42, one with a = 77: each replay shows its own."""
    d = new_dir("replay-candump")
    with open(os.path.join(d, "m.dbc"), "w") as f:
        f.write('VERSION ""\n\nBU_: ECU\n\nBO_ 256 M: 8 ECU\n SG_ A : 0|16@1+ (0.1,0) [0|1000] "" ECU\n')
    out = []
    for v in (42, 77):
        raw = v * 10
        with open(os.path.join(d, f"a{v}.log"), "w") as f:
            f.write(f"(1700000000.000000) can0 100#{raw & 0xFF:02X}{raw >> 8:02X}000000000000\n")
        board = value_board({"kind": "replay", "file": f"a{v}.log", "format": "candump", "protocol": "dbc", "dbc": "m.dbc",
                             "loop": False, "channel": [{"name": "a", "source": "M.A"}]})
        _, ok, how = replay_run(d, f"candump-{v}", board, v)
        out.append((ok, f'format = "candump": a candump log of 100#{raw & 0xFF:02X}{raw >> 8:02X}… through m.dbc shows a = {v} ({how})'))
    return out


def case_speed(key):
    """a = 20 at 0 s, 80 at 60 s: as recorded, 20 for now; 100× faster, 80 within 0.6 s.
    (A minute, not seconds: a debug build starting on a loaded machine must not reach the
    second sample at speed 1 before the first is seen.)"""
    d = new_dir("replay-speed")
    write_recording(d, "r.rec", ["0 a=20", "60000 a=80"])
    out = []
    for speed, v in ((1, 20), (100, 80)):
        _, ok, how = replay_run(d, f"speed-{speed}", replay_board("r.rec", speed=speed, loop=False), v)
        out.append((ok, f"speed = {speed}: a recording of 20 then (60 s later) 80 shows {v} ({how})"))
    return out


def case_loop(key):
    """a = 20 for 3 s, then 80 for 3 s: looping, 20 comes back; not looping, 80 stays.
    (Seconds, not less: the shown value eases from one to the other for about 0.6 s, and
    a snapshot and two comparisons take a second or more on a loaded machine.)"""
    d = new_dir("replay-loop")
    write_recording(d, "r.rec", ["0 a=20", "3000 a=80", "6000 a=80"])
    out = []
    for loop in (True, False):
        p = Panel(f"loop-{loop}", replay_board("r.rec", loop=loop), d=d, board_name=f"loop-{loop}.toml")
        seen = []
        try:
            p.started()
            r20, r80 = render(p.board, {"a": 20}), render(p.board, {"a": 80})
            t = time.time()
            while time.time() - t < 10:
                s = p.snapshot()
                if s is None:
                    break
                v = 20 if same(s, r20)[0] else 80 if same(s, r80)[0] else None
                if not seen or seen[-1] != v:
                    seen.append(v)
                time.sleep(0.1)
        finally:
            p.stop()
        back = 80 in seen and 20 in seen[seen.index(80):]
        ok = back if loop else (80 in seen and not back)
        out.append((ok, f"loop = {str(loop).lower()}: values seen over 10 s: {' → '.join(map(str, seen))} ("
                    + ("20 again after 80" if loop else "80 stays") + " expected)"))
    return out


def case_can_protocol(key):
    """protocol on a CAN source (here a candump replay, which reads the same keys as
    kind = "can"): one log holding a DBC message (M.A = 420 × 0.1), an OBD-II answer
    (7E8: vehicle speed 0x2A km/h) and an NMEA 2000 water depth (PGN 128267: 4200 × 0.01 m),
    each 42; protocol = "dbc", "obd2" and "nmea2000" each show a = 42 from their own frame,
    and "dbc" of a log without its message is refused (no frame gives a value)."""
    d = new_dir("protocol-can")
    with open(os.path.join(d, "m.dbc"), "w") as f:
        f.write('VERSION ""\n\nBU_: ECU\n\nBO_ 256 M: 8 ECU\n SG_ A : 0|16@1+ (0.1,0) [0|1000] "" ECU\n')
    frames = {"dbc": "100#A401000000000000", "obd2": "7E8#03410D2A55555555", "nmea2000": "0DF50B23#0168100000FF7FFF"}
    with open(os.path.join(d, "bus.log"), "w") as f:
        f.write("".join(f"(1700000000.{i:06d}) can0 {fr}\n" for i, fr in enumerate(frames.values())))
    with open(os.path.join(d, "other.log"), "w") as f:
        f.write(f"(1700000000.000000) can0 {frames['obd2']}\n(1700000000.000001) can0 {frames['nmea2000']}\n")
    out = []
    for proto, source in (("dbc", "M.A"), ("obd2", "vehicle.speed"), ("nmea2000", "depth.below.transducer")):
        extra = {"dbc": "m.dbc"} if proto == "dbc" else {}
        board = value_board({"kind": "replay", "file": "bus.log", "format": "candump", "protocol": proto, **extra,
                             "loop": False, "channel": [{"name": "a", "source": source}]})
        _, ok, how = replay_run(d, f"protocol-{proto}", board, 42)
        out.append((ok, f'protocol = "{proto}" (candump replay of {" ".join(frames.values())}): {source} shows a = 42 '
                        f'from {frames[proto]} ({how})'))
    # the protocol decides what a frame is: through "dbc" the other two frames give nothing,
    # which the board's check refuses (a replay that can never show a value)
    p = Panel("protocol-dbc-none", value_board({"kind": "replay", "file": "other.log", "format": "candump", "protocol": "dbc",
                                                "dbc": "m.dbc", "loop": False, "channel": [{"name": "a", "source": "M.A"}]}),
              d=d, board_name="protocol-dbc-none.toml")
    try:
        started, said = p.started(), p.log()
    finally:
        p.stop()
    refused = 'no frame of the log gives a value the channels read through protocol "dbc"'
    out.append((not started and refused in said, f'protocol = "dbc" of the OBD-II and NMEA 2000 frames alone: '
                                                 f'refused at start ({said.strip()[-200:]})'))
    return out
