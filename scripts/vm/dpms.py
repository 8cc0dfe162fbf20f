#!/usr/bin/env python3
"""Host side of scripts/vm-test.sh's 'dpms' test: the screen's own sleep on a machine
without a backlight. QEMU's standard VGA (bochs-drm) has no backlight, so a board with
[backlight] sleep_after = 1 turns the screen itself off through the DRM connector's DPMS
property. /init's 'dpms' case runs it and prints the connector's state as the kernel shows
it (/sys/class/drm/card0-*/dpms) every 0.1 s (@@DPMS T STATE); the board's wake channel
steps between 0 and 800 every four seconds. The connector must be On at the start, Off
about a second after the run starts, On again when the channel moves, Off a second after
that; On again at a tap on /bin/inject's uinput touchscreen 0.3 s into that second sleep
(@@DPMS tap T), within 0.5 s, Off a second later; and On when the panel has stopped
(SIGTERM); the run's log says each change once.

Usage: dpms.py --kernel K --initrd I --out DIR [--timeout S]"""
import argparse, os, subprocess, sys, time
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from checks import line as check_line
from vmhost.qemu import ConsoleLines


def changes(states):
    """[(t, state)] → the states in order with the time each began, repeats dropped."""
    out = []
    for t, s in states:
        if not out or out[-1][1] != s:
            out.append((t, s))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True); ap.add_argument("--initrd", required=True); ap.add_argument("--out", required=True)
    ap.add_argument("--timeout", type=float, default=60)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    cmdline = "console=ttyS0 panic=-1 quiet GP_MODS=bochs,evdev,uinput GP_TESTS=dpms"
    qemu = ["qemu-system-x86_64", "-accel", "tcg", "-m", "512", "-smp", "1", "-vga", "std", "-display", "none", "-nodefaults",
            "-no-reboot", "-serial", "stdio", "-kernel", a.kernel, "-initrd", a.initrd, "-append", cmdline]
    t0 = time.time()
    with open(f"{a.out}/console.log", "w") as log:
        p = subprocess.Popen(qemu, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0)
        start = stopped = tapped = None
        states, runlog = [], []
        try:
            for line in ConsoleLines(p, log, t0, a.timeout):
                if line.startswith("@@DPMS start "):
                    start = line.split()[2]
                elif line.startswith("@@DPMS tap "):
                    tapped = float(line.split()[2])
                elif line.startswith("@@DPMS stopped "):
                    stopped = line.split()[2:]
                elif line.startswith("@@DPMS "):
                    _, t, s = line.split()[:3]
                    states.append((float(t), s))
                elif line.startswith("@@RUN "):
                    runlog.append(line[6:])
                elif line.startswith("@@DONE") or line.startswith("@@POWEROFF"):
                    break
        finally:
            p.kill()
            p.wait()
    checks = []

    def check(ok, what):
        checks.append(ok)
        print(check_line(ok, f"dpms: {what}"), flush=True)

    seen = changes(states)
    shown = ", ".join(f"{s} at {t:.1f} s" for t, s in seen)
    check(start == "On", f"the connector before the run: {start}")
    order = [s for _, s in seen]
    check(order[:4] == ["On", "Off", "On", "Off"] if order[:1] == ["On"] else order[:3] == ["Off", "On", "Off"],
          f"asleep after sleep_after = 1, woken by the engine moving at 4 s, asleep again: {shown}")
    off = [t for t, s in seen if s == "Off"]
    # The tap: asleep when it came, on within 0.5 s, asleep again a second after.
    before = [s for t, s in states if t <= tapped][-1:] if tapped is not None else []
    on_at = next((t for t, s in states if tapped is not None and t >= tapped and s == "On"), None)
    off_at = next((t for t, s in states if on_at is not None and t > on_at and s == "Off"), None)
    # The wakes the channel caused: every On after the first Off but the tap's. The step's
    # phase follows the machine's clock, so the first may come any time after the first
    # sleep; from it on, the times are the panel's own: asleep again sleep_after (1 s)
    # later, and woken again by each next step, hold = 4 s apart. A wake of its own (not
    # the channel's) breaks that spacing.
    woke = [t for t, s in seen[1:] if s == "On" and t != on_at]
    again = off[1] - woke[0] if len(off) > 1 and woke else None
    gaps = [round(b - a, 1) for a, b in zip(woke, woke[1:])]
    # At least one gap, so that the spacing is checked at all.
    check(again is not None and 0.8 <= again <= 1.6 and gaps and all(3.5 <= g <= 4.5 for g in gaps),
          f"asleep {again if again is None else round(again, 1)} s after waking (sleep_after = 1), "
          f"and woken only by the channel's steps (hold = 4): {gaps} s apart")
    check(before == ["Off"] and on_at is not None and on_at - tapped <= 0.5 and off_at is not None and 0.7 <= off_at - on_at <= 1.6,
          f"a tap on the uinput touchscreen at {tapped} s (the screen {before[0] if before else '?'}) woke it "
          f"{'?' if on_at is None else round(on_at - tapped, 1)} s later; asleep again "
          f"{'?' if off_at is None or on_at is None else round(off_at - on_at, 1)} s after")
    check(stopped is not None and stopped[0] == "On" and stopped[-1] == "rc=0", f"after SIGTERM: {' '.join(stopped or ['?'])}")
    said = [l.split("] ")[-1] for l in runlog if "display: o" in l]
    check(len(said) >= 3 and "off (asleep" in said[0] and "on (woken)" in said[1], f"the run said: {said[:3]}")
    print(f"{sum(checks)} passed, {len(checks) - sum(checks)} failed")
    sys.exit(0 if all(checks) else 1)


if __name__ == "__main__":
    main()
