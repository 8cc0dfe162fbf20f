#!/usr/bin/env python3
"""Host side of scripts/vm-test.sh's 'gpio' test: [[output]] on a real kernel's GPIO
character device. Boots the machine (/init's 'gpio' case makes a gpio-sim chip labelled
gaugepanel-sim: line 5 named FAN, 17, 27, 22, 23 named GPIO17…), then drives it by shell
lines on the console while it writes line-protocol readings into the guest's /dev/ttyS1,
and reads the lines back from gpio-sim's sysfs (sim_gpioN/value). Checks: the fan's
threshold and hysteresis (on_above 95, off_below 90) exactly at their values, no chatter
under a value dithering on either boundary, the shift light's steps and flash, a second
panel refused (EBUSY, the holder named), a missing chip and line named with what exists
(exit 2), SIGTERM leaving every line inactive, and what kill -9 leaves (gpio-sim gives a
released line its pull, which the panel sets to the inactive level when it requests it). Measures the
latency from a crossing written on the wire to the line changing, as '#' lines.
Then, in the same boot, manual outputs (manual = true) on lines 10 LIGHTS and 11 HORN: the
board vm-test.sh writes beside the initramfs (gpio-boards/manual.toml, read here for the
display size and the widgets' frames) run with [input] touch = "GP Test Touch", the guest's
/bin/inject (scripts/vm/inject.c) tapping the middle of a switch (output = "lights") and a
button (output = "horn"): each tap toggles its line; a [[trigger]] at speed 120 sounds the
horn for 1 s (measured in the guest); SIGTERM leaves both inactive; every order is logged.
The time from a tap's lift to its line changing is printed as a '#' line.

Usage: gpio.py --kernel K --initrd I --out DIR [--timeout S]"""
import argparse, os, socket, statistics, subprocess, sys, time, tomllib
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from checks import line as check_line
from vmhost.qemu import ConsoleLines

SIM_VALUE = '$SIM/sim_gpio{}/value'


class Guest:
    def __init__(self, a):
        os.makedirs(a.out, exist_ok=True)
        sock = f'{a.out}/ttyS1.sock'
        if os.path.exists(sock): os.unlink(sock)
        cmdline = 'console=ttyS0 panic=-1 quiet GP_MODS=bochs,evdev,uinput GP_TESTS=gpio'
        qemu = ['qemu-system-x86_64', '-accel', 'tcg', '-m', '512', '-smp', '1', '-display', 'none', '-nodefaults',
                '-no-reboot', '-serial', 'stdio', '-kernel', a.kernel, '-initrd', a.initrd, '-append', cmdline,
                '-vga', 'std', '-chardev', f'socket,id=sensors,path={sock},server=on,wait=off', '-serial', 'chardev:sensors']
        self.t0 = time.time()
        self.p = subprocess.Popen(qemu, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0)
        for _ in range(100):
            try: self.wire = socket.socket(socket.AF_UNIX); self.wire.connect(sock); break
            except OSError: time.sleep(0.05)
        self.log = open(f'{a.out}/console.log', 'w')
        self.lines = iter(ConsoleLines(self.p, self.log, self.t0, a.timeout))

    def wait_for(self, prefix):
        for s in self.lines:
            if s.startswith(prefix): return s
        return None

    def sh(self, cmd, on_line=None):
        """Runs a shell line in the guest: its '@@' lines and status."""
        self.p.stdin.write((cmd + '\n').encode())
        out = []
        for s in self.lines:
            if s.startswith('@@DONE '): return int(s.split()[1]), out
            if s.startswith('@@'):
                out.append(s)
                if on_line: on_line(s)
        return None, out

    def send(self, text):
        self.wire.sendall((text + '\n').encode())

    def vals(self):
        _, out = self.sh('gvals')
        v = [s for s in out if s.startswith('@@VAL ')]
        return v[0][6:] if v else '?'

    def becomes(self, want, timeout=3.0):
        end = time.time() + timeout
        got = self.vals()
        while got != want and time.time() < end:
            time.sleep(0.05); got = self.vals()
        return got == want, got

    def stays(self, want, settle=0.6):
        time.sleep(settle)
        got = self.vals()
        return got == want, got

    def stays_line(self, n, want, settle):
        time.sleep(settle)
        _, out = self.sh(f'gval {n}')
        got = next((s[7:] for s in out if s.startswith('@@VAL1 ')), '?')
        return got == want, got

    def close(self):
        try: self.p.stdin.write(b'end\n')
        except OSError: pass
        try: self.p.wait(timeout=30)
        except subprocess.TimeoutExpired: self.p.kill()


def thresholds(g, check):
    """The fan: on at 95 (not 94.99), held on down to 90, off below 90 (89.99)."""
    g.send('coolant=80 rpm=1000')
    ok, got = g.becomes('fan=0 shift=0000'); check(ok, f'start: every line inactive ({got})')
    for v, fan, how in ((94.99, 0, 'stays'), (95, 1, 'becomes'), (92, 1, 'stays'), (90, 1, 'stays'),
                        (89.99, 0, 'becomes'), (94.99, 0, 'stays'), (95.01, 1, 'becomes')):
        g.send(f'coolant={v}')
        want = f'fan={fan} shift=0000'
        ok, got = g.becomes(want) if how == 'becomes' else g.stays(want)
        check(ok, f'threshold: coolant={v} -> fan {fan} (on_above 95, off_below 90): {got}')


def dither(g, check):
    """A value dithering on each boundary: one change, no chatter (gpiolat watch counts them)."""
    for start, values, first, final in ((96, (90.1, 89.9), 1, 0), (80, (94.9, 95.1), 0, 1)):
        g.send(f'coolant={start}'); g.becomes(f'fan={first} shift=0000')
        g.p.stdin.write(f'/bin/gpiolat watch {SIM_VALUE.format(5)} 3000\n'.encode())
        time.sleep(0.3)
        for i in range(40):
            g.send(f'coolant={values[i % 2]}'); time.sleep(0.05)
        watch = g.wait_for('@@WATCH'); g.wait_for('@@DONE')
        check(watch is not None and f'changes=1 first={first} final={final}' in watch,
              f'hysteresis: coolant dithering {values[0]}/{values[1]} 40 times from {start}: one change ({watch})')


def shift_light(g, check):
    """Lines 17, 27, 22, 23 lit from 5000 to 6500 rpm, all flashing at 4 Hz from 6800."""
    g.send('coolant=80')
    for rpm, want in ((4999, '0000'), (5000, '1000'), (5499, '1000'), (5500, '1100'), (6000, '1110'),
                      (6499, '1110'), (6500, '1111'), (5999, '1100'), (0, '0000')):
        g.send(f'rpm={rpm}')
        ok, got = g.becomes(f'fan=0 shift={want}')
        check(ok, f'shift light: rpm={rpm} -> {want}: {got}')
    g.send('rpm=7000')
    _, out = g.sh(f'/bin/gpiolat watch {SIM_VALUE.format(17)} 2000')
    w = next((s for s in out if s.startswith('@@WATCH')), '')
    n = int(w.split('changes=')[1].split()[0]) if 'changes=' in w else 0
    check(12 <= n <= 20, f'shift light: rpm=7000 (flash_above 6800, flash_hz 4): {n} changes in 2 s, 16 expected ({w})')
    g.send('rpm=6000')
    ok, got = g.becomes('fan=0 shift=1110'); check(ok, f'shift light: back to 6000 -> 1110, steady: {got}')


def line_is(g, n, want, timeout=3.0):
    """Line n's value becomes `want` (gpio-sim's sysfs: the physical level)."""
    end, got = time.time() + timeout, None
    while time.time() < end:
        _, out = g.sh(f'gval {n}')
        got = next((s[7:] for s in out if s.startswith('@@VAL1 ')), '?')
        if got == want: return True, got
        time.sleep(0.05)
    return False, got


def more_rules(g, check):
    """active_low, on_below/off_above, alarm with alarm_level and blink_hz, min_on/min_off."""
    ok, got = line_is(g, 6, '1')
    check(ok, f'pump: active_low = true: inactive is the line high before any fuel reading: {got}')
    for fuel, want, how in ((20, '1', 'becomes'), (10, '0', 'becomes'), (14, '0', 'stays'), (15, '0', 'stays'), (15.5, '1', 'becomes')):
        g.send(f'fuel={fuel}')
        ok, got = line_is(g, 6, want) if how == 'becomes' else g.stays_line(6, want, 0.6)
        check(ok, f'pump: fuel={fuel} -> line {want} (on_below 10, off_above 15, active low: active is low): {got}')
    g.send('coolant=114')
    ok, got = line_is(g, 7, '0'); check(ok, f'lamp: coolant=114, its alarm a warning: line 7 inactive ({got})')
    g.send('coolant=116')
    ok, got = line_is(g, 9, '1', timeout=0.9)
    check(ok, f'buzzer: coolant=116, alarm = "coolant" until_acknowledged = true: line 9 active at once ({got})')
    _, out = g.sh(f'/bin/gpiolat watch {SIM_VALUE.format(7)} 2000')
    w = next((s for s in out if s.startswith('@@WATCH')), '')
    n = int(w.split('changes=')[1].split()[0]) if 'changes=' in w else 0
    check(6 <= n <= 10, f'lamp: coolant=116, alarm = "coolant" alarm_level = "critical": blinking at blink_hz 2, {n} changes in 2 s, 8 expected ({w})')
    ok, got = line_is(g, 9, '0')
    check(ok, f'buzzer: the trigger acknowledged the alarm after 1 s: line 9 inactive, the lamp still blinking ({got})')
    g.send('coolant=80')
    ok, got = line_is(g, 7, '0'); check(ok, f'lamp: coolant=80: line 7 inactive ({got})')
    g.send('speed=120')
    ok, got = line_is(g, 8, '1'); check(ok, f'relay: speed=120 (on_above 100): on ({got})')
    t0 = time.time(); g.send('speed=0')
    held, got = g.stays_line(8, '1', 1.2)
    ok, got2 = line_is(g, 8, '0', 3)
    check(held and ok, f'relay: speed=0 right after: min_on = 2 holds it on 1.2 s later ({got}), off by {time.time() - t0:.1f} s ({got2})')
    t0 = time.time(); g.send('speed=120')
    held, got = g.stays_line(8, '0', 0.3)
    ok, got2 = line_is(g, 8, '1', 3)
    check(held and ok, f'relay: speed=120 again within min_off = 1 of the change: off 0.3 s later ({got}), on by {time.time() - t0:.1f} s ({got2})')


def refusals(g, check):
    """A second holder, a missing chip, a missing line: one message, exit 2."""
    for board, what, words in (
            ('gpio', 'a second panel while the first holds the lines: EBUSY names the holder gaugepanel:NAME',
             ('busy', 'gaugepanel:fan', 'FAN', 'gaugepanel-sim')),
            ('nochip', 'chip = "nosuch": named, with the chips there are', ('"nosuch"', 'not found', 'gaugepanel-sim', 'lines')),
            ('noline', 'line = "NOPE": named, with the chip\'s named lines', ('"NOPE"', 'FAN', 'GPIO17', 'gaugepanel-sim'))):
        _, out = g.sh(f'gtry {board}')
        t = next((s for s in out if s.startswith('@@TRY ')), '@@TRY ? ? ')
        _, _, rc, msg = t.split(' ', 3)
        check(rc == '2' and all(w in msg for w in words), f'refused: {what}: exit {rc}: {msg.strip()[:300]}')


def stop_and_kill(g, check):
    """SIGTERM: every line inactive. kill -9: the kernel releases the lines; gpio-sim then
    gives each its pull (as a Pi's pinctrl makes a released line an input, which floats to
    its pull), and the panel requested each with the pull of its inactive level."""
    g.send('coolant=100 rpm=6500 fuel=5'); g.becomes('fan=1 shift=1111'); line_is(g, 6, '0')
    _, out = g.sh('kill -TERM $GPP; wait $GPP; echo "@@RC $?"; gvals; gval 6')
    check('@@RC 0' in out and '@@VAL fan=0 shift=0000' in out and '@@VAL1 1' in out,
          f'SIGTERM with fan, shift light and pump active: every line inactive (the active-low pump high): {" ".join(out)}')
    for override in ('', 'echo pull-up > $SIM/sim_gpio5/pull; '):
        g.sh('gstart')
        g.send('coolant=100 rpm=6500 fuel=5'); g.becomes('fan=1 shift=1111'); line_is(g, 6, '0')
        _, out = g.sh(f'{override}kill -KILL $GPP; wait $GPP; echo "@@RC $?"; gvals; gval 6')
        if not override:
            check('@@RC 137' in out and '@@VAL fan=0 shift=0000' in out and '@@VAL1 1' in out,
                  f'kill -9 with fan, shift light and pump active: the kernel releases the lines and each takes the pull '
                  f'the panel asked for, its inactive level (pump, active low: up): {" ".join(out)}')
        else:
            check('@@RC 137' in out and '@@VAL fan=1 shift=0000' in out,
                  f'kill -9 with FAN\'s pull turned up behind the panel\'s back: FAN is left active, the level after a kill '
                  f'is the pull, not the panel\'s doing: {" ".join(out)}')
            g.sh('echo pull-down > $SIM/sim_gpio5/pull')
    _, out = g.sh('gstart')
    check('@@STARTED 1' in out, f'after kill -9 the lines are free: a new panel takes them ({" ".join(out)})')


def latency(g, check):
    """Crossing written on the wire -> FAN changed, 50 times; and the same round trip
    without the panel (ttyS1 read by gpiolat ping): the difference is the panel's part."""
    g.send('coolant=80 rpm=6000'); g.becomes('fan=0 shift=1110')
    edges = []
    def cross(s):
        if s.startswith('@@CROSS '): g.send('coolant=' + ('100' if s.split()[2] == '1' else '80'))
        if s.startswith('@@EDGE '): edges.append(int(s.split()[2]))
    g.sh(f'/bin/gpiolat cross {SIM_VALUE.format(5)} 50', cross)
    g.sh('kill -TERM $GPP; wait $GPP')
    pongs = []
    def pong(s):
        if s.startswith('@@PING '): g.send('coolant=80')
        if s.startswith('@@PONG '): pongs.append(int(s.split()[2]))
    g.sh('/bin/gpiolat ping /dev/ttyS1 50', pong)
    good = [e for e in edges if e >= 0]
    check(len(good) == 50, f'latency: {len(good)} of 50 crossings changed the line within 5 s')
    if good and pongs:
        m, b = statistics.median(good), statistics.median([p for p in pongs if p >= 0] or [0])
        print(f'# gpio latency, crossing on the wire -> line changed (console -> host -> ttyS1 -> panel -> ioctl), '
              f'50 crossings: median {m / 1000:.2f} ms, worst {max(good) / 1000:.2f} ms', flush=True)
        print(f'# gpio latency, the same round trip without the panel (read from ttyS1 by gpiolat): median {b / 1000:.2f} ms, '
              f'worst {max(pongs) / 1000:.2f} ms; the panel\'s part about {(m - b) / 1000:.2f} ms (TCG, 1 vCPU)', flush=True)


LIGHTS, HORN = 10, 11   # the manual outputs' gpio-sim lines (scripts/vm/init names them)


def raw_at(p, size):
    """The raw touch value (0…4095) the panel maps onto pixel p of an axis `size` pixels long:
    GaugeInput's TouchMapping.scale takes raw r to (r·(size−1) + 2047) // 4095."""
    r = round(p * 4095 / (size - 1))
    assert (r * (size - 1) + 2047) // 4095 == p
    return r


def manual_taps(a):
    """Where to tap each widget of manual.toml (written by vm-test.sh beside the initramfs):
    {id: (raw x, raw y, pixel x, pixel y)} at its frame's middle."""
    with open(os.path.join(os.path.dirname(os.path.abspath(a.initrd)), 'gpio-boards', 'manual.toml'), 'rb') as f:
        b = tomllib.load(f)
    w, h = b['display']['width'], b['display']['height']
    taps = {}
    for wd in b['page'][0]['widget']:
        x, y, fw, fh = wd['frame']
        px, py = x + fw // 2, y + fh // 2
        taps[wd['id']] = (raw_at(px, w), raw_at(py, h), px, py)
    taps['display'] = (w, h)
    return taps


def manual(g, check, taps):
    """Manual outputs tapped on the uinput touchscreen, switched by a trigger, and SIGTERM."""
    _, out = g.sh('gstart manual')
    ok = '@@STARTED 1' in out
    check(ok, 'manual: gaugepanel run with manual outputs and [input] touch = "GP Test Touch"' + ('' if ok else f': {" | ".join(out)}'))
    g.send('speed=0')
    ok_l, l = line_is(g, LIGHTS, '0'); ok_h, h = line_is(g, HORN, '0')
    check(ok_l and ok_h, 'manual: manual = true outputs inactive at start: LIGHTS 0, HORN 0' + ('' if ok_l and ok_h else f' (got {l}, {h})'))
    lifts = []

    def tap(widget, n, want):
        rx, ry, _, _ = taps[widget]
        _, out = g.sh(f'ginject tap {rx} {ry} {SIM_VALUE.format(n)}')
        done = next((s for s in out if s.startswith('@@INJECTED tap')), '')
        us = int(done.split('changed=')[1]) if 'changed=' in done else -1
        if us >= 0: lifts.append(us)
        ok, got = line_is(g, n, want, timeout=1.0)
        return ok and us >= 0, got, done or ' '.join(out)

    rx, ry, px, py = taps['lights-switch']
    bx, by, bpx, bpy = taps['horn-button']
    print(f'# gpio manual: taps aimed at the widgets\' middles: switch pixel ({px}, {py}) = raw ({rx}, {ry}), '
          f'button pixel ({bpx}, {bpy}) = raw ({bx}, {by}) on {taps["display"][0]}x{taps["display"][1]}', flush=True)
    for widget, n, name, want, what in (
            ('lights-switch', LIGHTS, 'LIGHTS', '1', 'a tap on the switch (output = "lights")'),
            ('lights-switch', LIGHTS, 'LIGHTS', '0', 'a second tap on the switch'),
            ('horn-button', HORN, 'HORN', '1', 'a tap on the button (output = "horn") toggles it'),
            ('horn-button', HORN, 'HORN', '0', 'a second tap on the button')):
        ok, got, done = tap(widget, n, want)
        check(ok, f'manual: {what}: line {name} {"active" if want == "1" else "inactive"}' + ('' if ok else f' (got {got}; {done})'))
    # the trigger: speed crosses 120, HORN on for seconds = 1 (timed in the guest)
    _, out = g.sh(f'gpulse {HORN}', lambda s: s.startswith('@@PULSEWAIT') and g.send('speed=130'))
    p = next((s for s in out if s.startswith('@@PULSE ')), '@@PULSE t0=-1 on=-1 off=-1')
    t = {k: float(v) for k, v in (f.split('=') for f in p.split()[1:])}
    width = t['off'] - t['on']
    ok = t['on'] >= 0 and t['off'] >= 0 and 0.8 <= width <= 1.6
    check(ok, 'manual: [[trigger]] speed above 120 with output = { name = "horn", seconds = 1 }: line HORN active, then inactive '
          '0.8-1.6 s later' + ('' if ok else f' ({p})'))
    if t['on'] >= 0:
        print(f'# gpio manual: the trigger\'s horn on {t["on"] - t["t0"]:.2f} s after the guest asked for speed=130 '
              f'(console -> host -> ttyS1 -> panel), on for {width:.2f} s (seconds = 1; guest uptime, 10 ms steps)', flush=True)
    g.send('speed=0')
    ok1, got1, _ = tap('lights-switch', LIGHTS, '1')
    ok2, got2, _ = tap('horn-button', HORN, '1')
    _, out = g.sh(f'kill -TERM $GPP; wait $GPP; echo "@@RC $?"; gval {LIGHTS}; gval {HORN}; '
                  "grep 'output ' /tmp/run-gpio.log | sed 's/^/@@LOG /'")
    vals = [s[7:] for s in out if s.startswith('@@VAL1 ')]
    ok = ok1 and ok2 and '@@RC 0' in out and vals == ['0', '0']
    check(ok, 'manual: SIGTERM with LIGHTS and HORN switched on by taps: exit 0, every line inactive'
          + ('' if ok else f' (before: {got1}{got2}; after: {" ".join(s for s in out if not s.startswith("@@LOG"))})'))
    log = [s for s in out if s.startswith('@@LOG')]
    counts = (sum('output lights: toggle' in s for s in log), sum('output horn: toggle' in s for s in log),
              sum('output horn: on for 1' in s for s in log))
    ok = counts == (3, 3, 1)
    check(ok, 'manual: every order logged ("output lights: toggle" 3 times, "output horn: toggle" 3 times, '
          '"output horn: on for 1.0 s" once)' + ('' if ok else f' (got {counts}: {" | ".join(s[6:] for s in log)[:400]})'))
    if lifts:
        print(f'# gpio manual: a tap on the touchscreen -> its line changed (lift -> evdev -> gesture -> frame -> ioctl), '
              f'{len(lifts)} taps: median {statistics.median(lifts) / 1000:.1f} ms, worst {max(lifts) / 1000:.1f} ms '
              f'(polled every 100 µs by inject; a tap waits for the next frame, at most 1/refresh = 33 ms after the last one; '
              f'TCG, 1 vCPU)', flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--kernel', required=True); ap.add_argument('--initrd', required=True)
    ap.add_argument('--out', required=True); ap.add_argument('--timeout', type=float, default=400)
    a = ap.parse_args()
    results = []
    def check(ok, msg): results.append(ok); print(check_line(ok, f'gpio: {msg}'), flush=True)
    g = Guest(a)
    try:
        chip = g.wait_for('@@GPIOCHIP')
        ready = g.wait_for('@@GPIO ready')
        check(chip is not None and ready is not None, f'gpio-sim chip made through configfs: {chip}')
        if ready:
            _, out = g.sh('gstart')
            check('@@STARTED 1' in out, f'gaugepanel run with [[output]]s on the chip labelled gaugepanel-sim: {" | ".join(out)}')
            for step in (thresholds, dither, shift_light, more_rules, refusals, stop_and_kill, latency):
                step(g, check)
            try: taps = manual_taps(a)
            except (OSError, KeyError, ValueError, AssertionError) as e: taps = None; check(False, f'manual: gpio-boards/manual.toml: {e!r}')
            if taps: manual(g, check, taps)
    finally:
        g.close()
    return 0 if results and all(results) else 1


if __name__ == '__main__':
    sys.exit(main())
