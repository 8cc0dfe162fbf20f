"""Custom cases for [display], [input] and [snapshot]: frames per refresh, the outputs and
devices opened, waiting for a display, the key map, snapshot path and interval."""
import os
import re, signal, subprocess, time

from .base_boards import widgets_board
from .harness import Panel, new_dir, render


# ── custom cases (each returns [(ok, message)]) ──
def tiny_board(sensors=(), widget=None):
    """A 64×32 board: frames and snapshots cost next to nothing, so what is counted
    depends on the key, not on how loaded the machine is."""
    return {"display": {"width": 64, "height": 32, "output": "offscreen"}, "fonts": {"family": "builtin"},
            "sensor": list(sensors),
            "page": [{"name": "main", "widget": [widget or {"id": "t", "type": "label", "text": "HI", "frame": [0, 0, 64, 32]}]}]}


def case_refresh(key):
    def frames(rate):
        b = tiny_board([{"kind": "simulated", "channel": [
            {"name": "a", "waveform": "sine", "centre": 50, "amplitude": 40, "period": 2}]}],
            {"id": "l", "type": "level", "channel": "a", "frame": [0, 0, 64, 32], "range": [0, 100]})
        b["display"]["refresh"] = rate
        p = Panel(f"refresh-{rate}", b, snapshot=False, args=["--duration", "2"])
        p.proc.wait(timeout=60); p.stop()
        s = [l for l in p.lines if l.startswith("@@SUMMARY")]
        m = re.search(r"frames=(\d+)", s[0]) if s else None
        return int(m.group(1)) if m else -1
    slow, fast = frames(4), frames(30)
    return [(0 < slow <= 11, f"refresh = 4: {slow} frames in 2 s of a signal sampled at 20 Hz (at most 4 per second)"),
            (fast >= 2 * max(slow, 1) and fast >= 20, f"refresh = 30: {fast} frames in 2 s (at least 10 per second)")]


def case_output(key):
    out = []
    b = widgets_board()
    p = Panel("output-offscreen", b, display=None)
    try:
        ok = p.started() and "display offscreen" in p.log()
        s, same_ok, how = p.settle(lambda: render(p.board)) if ok else (None, False, "")
        out.append((ok and same_ok, f'output = "offscreen" (no --display): draws offscreen, picture as render ({how or p.log()[-200:]})'))
    finally:
        p.stop()
    for kind, want in (("drm", "drmModeGetResources"), ("fbdev", "/dev/null: no such device")):
        v = widgets_board()
        v["display"].update(output=kind, device="/dev/null")   # never a real screen, whatever the machine has
        q = Panel(f"output-{kind}", v, display=None)
        rc = q.stop() if q.proc.wait(timeout=30) is not None else None
        msg = q.log().strip().splitlines()[-1:] or ["(no output)"]
        out.append((rc == 2 and want in q.log(), f'output = "{kind}" (device /dev/null): opens {kind}: exit {rc}, "{msg[0]}"'))
    return out


def case_device(key):
    out = []
    for dev in ("/dev/null", "/dev/zero"):
        v = widgets_board()
        v["display"].update(output="fbdev", device=dev)
        q = Panel("device", v, display=None)
        q.proc.wait(timeout=30); rc = q.stop()
        msg = (q.log().strip().splitlines() or ["(no output)"])[-1]
        out.append((rc == 2 and dev in msg and "/dev/fb0" not in msg, f'device = "{dev}": the run opens it: exit {rc}, "{msg}"'))
    return out


def case_wait(key):
    """A board's display that is not there (fbdev /dev/fb7): with wait = 1.5 the run tries
    for 1.5 s, says so once, then fails with the device's one line, exit 2; without the key
    (no NOTIFY_SOCKET: 0, as at a terminal) it fails at once; --wait-for-display 0 beats the
    key; as a service (NOTIFY_SOCKET set) the default is 120 s. The run of a display that
    then comes is the kernel harness's (bochs loaded 10 s after the run began)."""
    out = []
    env = {k: v for k, v in os.environ.items() if k != "NOTIFY_SOCKET"}

    def attempt(name, wait=None, args=(), environment=env, until=None):
        """until: a text to stop the run at (SIGTERM) once it says it; else until it exits."""
        b = tiny_board()
        b["display"].update(output="fbdev", device="/dev/fb7")
        if wait is not None:
            b["display"]["wait"] = wait
        t = time.monotonic()
        p = Panel(name, b, display=None, snapshot=False, args=args, env=environment)
        if until:
            p.wait_for(until, timeout=10)
        else:
            try:
                p.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
        rc = p.stop()
        lines = [l for l in p.lines if l.strip()]
        return rc, time.monotonic() - t, [l for l in lines if "waiting up to" in l], [l for l in lines if "waiting up to" not in l]

    if os.path.exists("/dev/fb7"):
        return [(False, "/dev/fb7 exists on this machine: the case needs a display that is not there")]
    err = "/dev/fb7: no such device"
    rc, sec, said, rest = attempt("wait-1.5", wait=1.5)
    out.append((rc == 2 and sec >= 1.5 and len(said) == 1 and "waiting up to 1.5 s for the display (/dev/fb7: no such device" in said[0]
                and len(rest) == 1 and err in rest[0],
                f"wait = 1.5, device /dev/fb7 missing: exit {rc} after {sec:.2f} s (at least 1.5), said {len(said)} time(s) "
                f'"{re.sub(r".*?] ", "", said[0], count=1)[:110] if said else "?"}", then "{rest[-1][:90] if rest else "?"}"'))
    rc0, sec0, said0, rest0 = attempt("wait-none")
    out.append((rc0 == 2 and sec0 < 1.0 and not said0 and len(rest0) == 1 and err in rest0[0],
                f"without wait (no NOTIFY_SOCKET: 0): exit {rc0} after {sec0:.2f} s, no waiting line, "
                f'"{rest0[-1][:90] if rest0 else "?"}"'))
    rc1, sec1, said1, rest1 = attempt("wait-override", wait=1.5, args=["--wait-for-display", "0"])
    out.append((rc1 == 2 and sec1 < 1.0 and not said1 and len(rest1) == 1 and err in rest1[0],
                f"wait = 1.5 with run --wait-for-display 0: exit {rc1} after {sec1:.2f} s, no waiting line"))
    # as a service: systemd's NOTIFY_SOCKET (a socket nobody reads) makes the default 120 s
    d = new_dir("wait-notify")
    rc2, sec2, said2, _ = attempt("wait-service", environment={**env, "NOTIFY_SOCKET": os.path.join(d, "notify")}, until="waiting up to")
    out.append((rc2 != 2 and len(said2) == 1 and "waiting up to 120 s for the display" in said2[0],
                f"without wait, NOTIFY_SOCKET set: waiting, stopped by SIGTERM after {sec2:.1f} s (exit {rc2}), "
                f'said "{re.sub(r".*?] ", "", said2[0], count=1)[:40] if said2 else "?"}…"'))
    # A reload or snapshot asked while the run still waits for its display waits for the
    # loop (their default action would end the process): the run ends as it would without.
    b = tiny_board()
    b["display"].update(output="fbdev", device="/dev/fb7", wait=1.5)
    p = Panel("wait-signals", b, display=None, snapshot=False, env=env)
    p.wait_for("waiting up to", timeout=10)
    for sig in (signal.SIGUSR1, signal.SIGHUP):
        p.proc.send_signal(sig)
    try:
        p.proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        pass
    rc3 = p.stop()  # the exit status; the reader's last lines joined
    out.append((rc3 == 2 and err in p.log(),
                f"SIGUSR1 and SIGHUP while waiting for the display: the run goes on waiting and exits {rc3} "
                "with the device's line (a signal's default action would have ended it)"))
    return out


def case_keys(key):
    """Without evdev devices here, what shows that the run's key map takes input.keys is
    its report of a key name the kernel does not have (the validator only checks the
    spelling); every documented action is bound too, and the run starts."""
    b = widgets_board()
    b["input"] = {"keys": {"KEY_F1": "next_page", "KEY_F2": "previous_page", "KEY_F3": "toggle_theme",
                           "KEY_F4": "acknowledge", "KEY_F5": "reset_min_max", "KEY_GPNOSUCHKEY": "next_page"}}
    p = Panel("input-keys", b)
    ok = p.started(); time.sleep(0.3); p.stop()
    unknown = 'unknown key "KEY_GPNOSUCHKEY"' in p.log()
    q = Panel("input-nokeys", widgets_board())
    q.started(); time.sleep(0.3); q.stop()
    return [(ok, "the run starts with all five documented actions bound (next_page, previous_page, toggle_theme, "
             "acknowledge, reset_min_max)"),
            (unknown, "the run's key map reads input.keys: it reports KEY_GPNOSUCHKEY, a name the kernel does not have"),
            ("unknown key" not in q.log(), "without input.keys nothing is reported"),
            (True, "# pressing keys needs evdev: the kernel harness presses KEY_F1 and KEY_F2 bound by a board on a uinput keyboard")]


def case_snapshot_path(key):
    b = widgets_board()
    d = new_dir("snapshot-path")
    target = os.path.join(d, "from-board.png")
    b["snapshot"] = {"path": target, "interval": 3600}
    p = Panel("snapshot-path", b, snapshot=False, d=d)
    try:
        p.started(); p.wait_stats("frames", 1)
        p.snap = target
        s, ok, how = p.settle(lambda: render(p.board))
    finally:
        p.stop()
    c = widgets_board()
    q = Panel("snapshot-nopath", c, snapshot=False)
    q.started(); q.proc.send_signal(signal.SIGUSR1)
    said = q.wait_for("no path configured", 10); q.stop()
    return [(s is not None and ok, f"SIGUSR1 writes [snapshot] path, the picture as render ({how})"),
            (said, "without [snapshot] path, SIGUSR1 says no path is configured")]


def case_snapshot_interval(key):
    """The file's writes counted over 2.4 s: 12 due at 0.2 s (at least 4 asked, for a
    loaded machine), none at 3 s."""
    def writes(interval):
        b = tiny_board()
        d = new_dir(f"snapshot-interval-{interval}")
        target = os.path.join(d, "periodic.png")
        b["snapshot"] = {"path": target, "interval": interval}
        p = Panel("x", b, snapshot=False, d=d)
        stamps = set()
        try:
            p.started()
            t = time.time()
            while time.time() - t < 2.4:
                try:
                    s = os.stat(target); stamps.add((s.st_ino, s.st_mtime_ns))
                except FileNotFoundError:
                    pass
                time.sleep(0.01)
        finally:
            p.stop()
        return len(stamps)
    fast, slow = writes(0.2), writes(3)
    return [(fast >= 4, f"interval = 0.2: [snapshot] path written {fast} times in 2.4 s"),
            (slow == 0, f"interval = 3: written {slow} times in 2.4 s")]
