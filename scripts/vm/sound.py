#!/usr/bin/env python3
"""Host side of scripts/vm-test.sh's 'sound' test: an alarm's sound through the kernel's PCM
interface, heard on snd-aloop. The machine (no display) loads snd-aloop; /init's 'sound' case
runs `gaugepanel run` on a board (vm-test.sh writes it) whose channel steps 50 → 50 → 110 →
110 → 110 every second, over its critical 100: an "alarm", whose sound is sound_alarm =
"steady@1000" at volume = 50 on sound = "hw:Loopback,0" (the card found by its id); a
trigger acknowledges it after 2 s of alarm. Another trigger plays its own sound, sound =
"beep@700", 0.3 s into each 5 s period (while the coolant reads 50). /bin/pcmcap
(scripts/vm/pcmcap.c, the same ioctls) captures the loopback's other side (hw:Loopback,1
capture) for 7 s and prints each stretch of sound with its pitch (zero crossings) and peak.
Checks: the trigger's sound is a beep at each firing (each stretch near 700 Hz is 150 ms at
700 Hz within 2 %, and they lie a period apart, not a second: one cycle, not repeated);
every alarm stretch is 1000 Hz within 2 %, its peak 32767 × 50 /
100 within 2 %, and it ends at most 100 ms after the acknowledgement (2 s after it began,
when the trigger acknowledges); the run says its device and exits 0 on SIGTERM; a board
naming a card that is not there runs on, saying so in one line. Prints the figures as '#'
lines.

Usage: sound.py --kernel K --initrd I --out DIR [--timeout S]"""
import argparse, os, subprocess, sys, time
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from checks import line as check_line
from vmhost.qemu import ConsoleLines

HZ, VOLUME, ACK_AFTER, BEEP_HZ = 1000.0, 50, 2.0, 700.0
PEAK = 32767 * VOLUME // 100
MERGE_MS = 300.0   # stretches closer than this are one (an underrun's gap), counted


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True); ap.add_argument("--initrd", required=True); ap.add_argument("--out", required=True)
    ap.add_argument("--timeout", type=float, default=90)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    checks = []

    def check(ok, what):
        checks.append(bool(ok))
        print(check_line(ok, f"sound: {what}"), flush=True)

    cmdline = "console=ttyS0 panic=-1 quiet GP_MODS=snd-aloop GP_DISPLAY=none GP_TESTS=sound"
    qemu = ["qemu-system-x86_64", "-accel", "tcg", "-m", "512", "-smp", "1", "-display", "none", "-nodefaults", "-no-reboot",
            "-serial", "stdio", "-kernel", a.kernel, "-initrd", a.initrd, "-append", cmdline]
    log = open(f"{a.out}/console.log", "w")
    t0 = time.time()
    p = subprocess.Popen(qemu, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0)
    params, segments, runs, exits, overruns, done = None, [], {}, {}, 0, None
    try:
        for s in ConsoleLines(p, log, t0, a.timeout):
            f = s.split()
            if s.startswith("@@SOUND params"): params = [int(x) for x in f[2:6]]
            elif s.startswith("@@SOUND segment"): segments.append([float(x) for x in f[2:6]])
            elif s.startswith("@@SOUND overrun"): overruns += 1
            elif s.startswith("@@SOUND done"): done = int(f[2])
            elif s.startswith("@@EXIT "): exits[f[1]] = int(f[2])
            elif s.startswith("@@RUN "): runs.setdefault(f[1], []).append(s.split(" ", 2)[2] if len(f) > 2 else "")
            elif s.startswith("@@WARN"): print(f"# {s}", flush=True)
            elif s.startswith("@@END"): break
    finally:
        p.kill(); p.wait()
    print(f"# sound: boot and test {time.time() - t0:.1f} s; console in {a.out}/console.log", flush=True)
    for l in runs.get("sound", []): print(f"# run: {l}", flush=True)
    check(params is not None and done, f"pcmcap captured from hw:Loopback,1 (params {params}, {done} frames, {overruns} overrun(s))")
    if not params or not done:
        return finish(checks)
    rate = params[0]
    said = [l for l in runs.get("sound", []) if "sound: /dev/snd/pcmC0D0p" in l]
    check(said, f"the run opened hw:Loopback,0 as /dev/snd/pcmC0D0p: {said[:1]}")
    # One stretch per alarm: pieces split by an underrun's gap joined (and counted).
    # The trigger's beep: its own short stretch near 700 Hz, taken out before the alarm's
    # stretches are joined.
    beeps = [seg for seg in segments if abs(seg[2] - BEEP_HZ) <= BEEP_HZ * 0.05]
    segments = [seg for seg in segments if seg not in beeps]
    merged, gaps = [], 0
    for seg in segments:
        if merged and seg[0] - merged[-1][1] < MERGE_MS:
            gaps += 1
            last = merged[-1]
            merged[-1] = [last[0], seg[1], last[2] if last[1] - last[0] >= seg[1] - seg[0] else seg[2], max(last[3], seg[3]), last[4] + [seg]]
        else:
            merged.append(seg + [[seg]])
    end_ms = done * 1000.0 / rate
    whole = [m for m in merged if m[0] > 20 and m[1] < end_ms - 20]
    print(f"# sound: {len(segments)} piece(s) of sound, {gaps} gap(s) under {MERGE_MS:.0f} ms joined, {len(whole)} whole alarm(s): "
          + "; ".join(f"{m[0]:.0f}–{m[1]:.0f} ms" for m in merged), flush=True)
    # Whole beeps only (one cut by the capture's ends is not judged); a firing each 5 s period.
    whole_beeps = [m for m in beeps if m[0] > 20 and m[1] < done * 1000.0 / rate - 20]
    apart = [b2[0] - b1[0] for b1, b2 in zip(whole_beeps, whole_beeps[1:])]
    check(whole_beeps and all(abs(m[2] - BEEP_HZ) <= BEEP_HZ * 0.02 and 120 <= m[1] - m[0] <= 200 for m in whole_beeps)
          and all(d >= 4000 for d in apart),
          f'the trigger\'s sound = "beep@700": '
          + ("; ".join(f"{m[2]:.1f} Hz for {m[1] - m[0]:.0f} ms at {m[0]:.0f} ms" for m in beeps) or "none")
          + " — one cycle of the beep (150 ms) at each firing, a period apart (not repeated each second)")
    check(whole, f"the alarm sounded, from its start to its acknowledgement, within the {end_ms / 1000:.1f} s captured")
    for m in whole:
        pieces = m[4]
        hz = [x[2] for x in pieces if x[1] - x[0] >= 50]
        hz_ok = hz and all(abs(h - HZ) <= HZ * 0.02 for h in hz)
        check(hz_ok, f"at {m[0]:.0f} ms: the tone's pitch {', '.join(f'{h:.1f}' for h in hz)} Hz (zero crossings) is {HZ:.0f} Hz within 2 %")
        check(abs(m[3] - PEAK) <= PEAK * 0.02, f"at {m[0]:.0f} ms: its peak {m[3]:.0f} is volume 50's {PEAK} within 2 %")
        length = (m[1] - m[0]) / 1000
        late = length - ACK_AFTER
        check(-0.05 <= late <= 0.1, f"at {m[0]:.0f} ms: it lasted {length * 1000:.0f} ms: silent {late * 1000:.0f} ms after the "
              f"acknowledgement {ACK_AFTER:.0f} s into the alarm (at most 100 ms)")
    check(exits.get("sound") == 0, f"the run exits 0 on SIGTERM (exit {exits.get('sound')})")
    nosound = runs.get("nosound", [])
    named = [l for l in nosound if "hw:NoSuchCard" in l or "NoSuchCard" in l]
    check(exits.get("nosound") == 0 and len(named) == 1,
          f"a card that is not there: the run goes on (exit {exits.get('nosound')}), one line says so: {named[:1]}")
    return finish(checks)


def finish(checks):
    print(f"{sum(checks)} passed, {len(checks) - sum(checks)} failed")
    sys.exit(0 if all(checks) else 1)


main()
