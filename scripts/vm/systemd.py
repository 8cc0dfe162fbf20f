#!/usr/bin/env python3
"""Host side of scripts/vm-systemd-test.sh: boots the guest whose PID 1 is systemd and whose
gaugepanel.service scripts/install-service.sh installed, reads its '@@' lines (console, ttyS0),
asks it for steps on its second serial port (ttyS1), plugs a USB serial adapter in and out by
QMP (device_add/device_del usb-serial on the xHCI bus) and writes line-protocol readings into it,
and compares QMP screendumps with `gaugepanel render` of the board; in --mode boot it also asks
for the backlight (the guest's acpi_video0, made by the ACPI table --acpitable) and for can0 (a
kvaser_pci card on a QEMU CAN bus, brought up by systemd-networkd). --mode late or boot, --suite
(the userland's Debian release, in the checks' names): see scripts/vm-systemd-test.sh. Prints
'ok: NAME: …' / 'FAIL: NAME: …' and '#' lines."""
import argparse, math, os, queue, re, socket, subprocess, sys, threading, time, tomllib
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vmhost.qemu import QMP, ConsoleLines
from vmhost.screens import render, screen_becomes
from panel import readings   # scripts/lib, on the path through vmhost.screens

VALUES = [{'rpm': 3200, 'speed': 88, 'coolant': 92, 'fuel': 41}, {'rpm': 5400, 'speed': 131, 'coolant': 104, 'fuel': 17}]

def line(values):
    return (readings(values) + '\n').encode()

class Guest:
    """The booted machine: its '@@' lines in a queue (a thread drains the console, so QEMU never
    blocks on it), the control port, QMP, and the USB serial adapter's socket."""
    def __init__(self, a):
        self.a, self.t0 = a, time.time()
        os.makedirs(a.out, exist_ok=True)
        self.ctl_path, self.usb_path, qmp = f'{a.out}/ctl.sock', f'{a.out}/usb.sock', f'{a.out}/qmp.sock'
        mode_args = 'gp.mode=late modprobe.blacklist=bochs' if a.mode == 'late' else 'gp.mode=boot'
        # the backlight: Debian's 6.1 kernel registers an ACPI video backlight only when a GPU
        # driver asks (bochs does not) or after this delay (0, never, by default)
        mode_args += ' video.register_backlight_delay=1'
        cmd = ['qemu-system-x86_64', '-accel', 'tcg', '-m', '1536', '-smp', '1', '-display', 'none', '-nodefaults',
               '-no-reboot', '-vga', 'std', '-device', 'qemu-xhci,id=xhci',
               '-chardev', f'socket,id=usbser,path={self.usb_path},server=on,wait=off',
               '-acpitable', f'file={a.acpitable}', '-device', 'pc-testdev',
               '-object', 'can-bus,id=canbus0', '-device', 'kvaser_pci,canbus=canbus0',
               '-serial', 'stdio', '-chardev', f'socket,id=ctl,path={self.ctl_path},server=on,wait=off', '-serial', 'chardev:ctl',
               '-qmp', f'unix:{qmp},server=on,wait=off', '-kernel', a.kernel, '-initrd', a.initrd,
               '-append', f'console=ttyS0 panic=-1 quiet loglevel=3 systemd.show_status=0 {mode_args}']
        self.p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.q = QMP(qmp)
        self.marks = queue.Queue()
        self.log = open(f'{a.out}/console.log', 'w')
        threading.Thread(target=self._drain, daemon=True).start()
        self.ctl = self._connect(self.ctl_path)
        self.usb = None
        self.feeding = None

    def _drain(self):
        for s in ConsoleLines(self.p, self.log, self.t0, self.a.timeout):
            # after what else was on the line: trixie's systemd (257) resets the serial
            # console with escape sequences that end in no newline
            if '@@' in s:
                self.marks.put((time.time() - self.t0, s[s.index('@@') + 2:]))

    @staticmethod
    def _connect(path):
        for _ in range(200):
            try:
                s = socket.socket(socket.AF_UNIX); s.connect(path); return s
            except OSError:
                time.sleep(0.05)
        raise OSError(f'cannot connect to {path}')

    def wait(self, word, timeout):
        """The next '@@WORD …' line (others before it are kept in `seen`): (time, rest) or None."""
        end = time.time() + timeout
        while time.time() < end:
            try: t, s = self.marks.get(timeout=max(0.1, end - time.time()))
            except queue.Empty: break
            print(f'# guest {t:7.2f} s: @@{s}', flush=True)
            if s.split(' ', 1)[0] == word: return t, (s.split(' ', 1) + [''])[1]
        return None

    def ask(self, cmd):
        self.ctl.sendall(cmd.encode() + b'\n')

    def plug(self):
        r = self.q.cmd('device_add', driver='usb-serial', id='adapter', chardev='usbser', bus='xhci.0')
        if 'error' in r: print(f'# device_add: {r["error"]}', flush=True)
        return time.time()

    def unplug(self):
        r = self.q.cmd('device_del', id='adapter')
        if 'error' in r: print(f'# device_del: {r["error"]}', flush=True)

    def feed(self, values):
        """Writes `values` as a line every 100 ms into the adapter's socket until told otherwise
        (what is written while nothing is plugged in is lost, as on a real wire)."""
        self.feeding = values
        if self.usb is None:
            self.usb = self._connect(self.usb_path)
            def loop():
                while self.feeding is not None:
                    try: self.usb.sendall(line(self.feeding))
                    except OSError: pass
                    time.sleep(0.1)
            threading.Thread(target=loop, daemon=True).start()

    def close(self):
        self.feeding = None
        try: self.ask('off'); self.p.wait(timeout=20)
        except Exception: pass
        if self.p.poll() is None: self.p.kill()

PREFIX = 'systemd-'

def check(ok, name, how):
    print(f'{"ok" if ok else "FAIL"}: {PREFIX}{name}: {how}', flush=True)
    return ok

def words(s):
    """'key=value' words of a guest line as a dict."""
    return dict(w.split('=', 1) for w in s.split() if '=' in w)

def backlight(g):
    """bl_power as the service's user, in the unit's sandbox, and refused to a user outside
    group video (the guest's 'backlight' command)."""
    g.ask('backlight')
    dev = g.wait('BACKLIGHT', 20)
    if not check(dev is not None and not dev[1].startswith('none'), 'backlight-device',
                 f'/sys/class/backlight: {dev[1] if dev else "not read"}'):
        return
    attrs = words(dev[1])
    check(attrs.get('brightness', '').startswith('root:video:') and attrs.get('bl_power', '').startswith('root:video:')
          and all(int(attrs[k].rsplit(':', 1)[1], 8) & 0o020 for k in ('brightness', 'bl_power')),
          'backlight-rule', f'70-gaugepanel-backlight.rules gave group video write access: brightness {attrs.get("brightness")}, bl_power {attrs.get("bl_power")}')
    steps = {}
    for _ in range(5):
        m = g.wait('BL', 30)
        if m is None: break
        step, rest = (m[1].split(' ', 1) + [''])[:2]
        steps[step] = rest
    def power(step):
        w = words(steps.get(step, ''))
        return w.get('rc'), w.get('bl_power')
    for who, how in (('user', 'runuser -u gaugepanel'), ('sandbox', 'systemd-run with the unit\'s User=, groups and sandbox')):
        off, on = power(f'{who}-off'), power(f'{who}-on')
        check(off == ('0', '4') and on == ('0', '0'), f'backlight-{who}',
              f'{how}: gaugepanel backlight --off → bl_power {off[1]} (rc {off[0]}), --on → bl_power {on[1]} (rc {on[0]})'
              + ('' if off == ('0', '4') and on == ('0', '0') else f' [{steps.get(f"{who}-off")} | {steps.get(f"{who}-on")}]'))
    rc, bl = power('nobody-off')
    said = steps.get('nobody-off', '')
    check(rc not in (None, '0') and bl == '0' and 'permission denied' in said, 'backlight-refused',
          f'a user outside group video: rc {rc}, bl_power stays {bl}: {said.split(" ", 2)[-1] if said else "nothing said"}')

def als(g):
    """The service's brightness following the ambient-light sensor (the guest's 'als' and 'lux'
    commands): the light set at run time (QEMU's pc-testdev register, which the ACPI0008
    device's _ALI returns to the kernel's acpi-als driver), read by the panel's sysfs sensor
    (iio/acpi-als/in_illuminance_input), and acpi_video0's brightness against the board's
    [backlight] curve and hysteresis, modelled as the panel applies them: the curve's percent
    rounded (half away from zero), followed when it moves by `hysteresis` points, then
    (percent × max + 50) / 100."""
    conf = tomllib.load(open(g.a.board, 'rb'))['backlight']
    curve, h = [(float(x), float(p)) for x, p in conf['curve']], float(conf.get('hysteresis', 5))
    def percent(lux):
        if lux <= curve[0][0]: return curve[0][1]
        for (x0, p0), (x1, p1) in zip(curve, curve[1:]):
            if lux <= x1: return p0 + (p1 - p0) * (lux - x0) / (x1 - x0)
        return curve[-1][1]
    target = lambda lux: int(math.floor(percent(lux) + 0.5))
    g.ask('als'); info = g.wait('ALS', 30)
    w = words(info[1]) if info else {}
    journal = (info[1].split('journal=', 1) + [''])[1].strip('| ').replace('|', '; ') if info else ''
    if not check(w.get('iio', 'none') != 'none' and w.get('raw') == '0' and w.get('input') == '0' and w.get('backlight') == 'acpi_video0',
                 'als-sensor', f'acpi-als (ACPI0008, _ALI) at {w.get("iio")}: in_illuminance_raw {w.get("raw")}, _input {w.get("input")} lx '
                 f'at power-on; backlight {w.get("backlight")}, max_brightness {w.get("max")}, brightness {w.get("brightness")}; '
                 f'the service {w.get("gaugepanel")}; its journal: {journal or "nothing on the backlight"}'):
        return
    top = int(w['max'])
    level = lambda p: (p * top + 50) // 100
    # the light stepped (the brightness must reach the curve's level within 3 s: the sensor is
    # read once a second), then dithered inside the hysteresis (held 1.5 s each, so the panel
    # reads each value; the brightness must not move, though one of them would move it if
    # followed), then stepped again
    steps = [(0, 'step'), (300, 'step'), (20, 'step'), (17, 'hold'), (23, 'hold'), (0, 'step')]
    followed, results, figures, dither, ok_steps, ok_hold = None, [], [], [], True, True
    for lux, how in steps:
        t = target(lux)
        if followed is None or abs(t - followed) >= h: followed = t
        want = level(followed)
        g.ask(f'lux {lux} {want if how == "step" else "-"} {3000 if how == "step" else 1500}')
        m = g.wait('LUX', 15)
        r = words(m[1]) if m else {}
        got, at, raw = r.get('brightness'), r.get('at', '-'), r.get('raw')
        if how == 'step':
            good = raw == str(lux) and got == str(want) and at != '-' and int(at) <= 3000
            ok_steps &= good
            already = r.get('seen') == str(want)
            when = 'already' if already else f'{int(at) / 1000:.1f} s' if at != '-' else 'not within 3 s'
            if not already: figures.append(f'{lux} lx {when}')
            results.append(f'{lux} lx → {followed} % → {got}/{top} ({when}'
                           + (f', sensor read {raw}' if raw != str(lux) else '') + ')')
        else:
            good = raw == str(lux) and got == str(want) and r.get('seen') == str(want)
            ok_hold &= good
            dither.append(f'{lux} lx (curve {t} %, {level(t)}/{top} if followed): {r.get("seen", "?").replace(",", "→")}'
                          + (f', sensor read {raw}' if raw != str(lux) else ''))
    check(ok_steps, 'als-follows', 'the brightness followed the light: ' + '; '.join(results))
    meaningful = any(level(target(lux)) != level(target(20)) for lux, how in steps if how == 'hold')
    check(ok_hold and meaningful, 'als-hysteresis',
          f'dithered inside the hysteresis ({h:g} points) around 20 lx ({target(20)} %, {level(target(20))}/{top}) for 3 s: ' + '; '.join(dither)
          + ('' if meaningful else ' [no dither value would have moved the brightness]'))
    print('# figure: light step to brightness ' + ', '.join(figures) + ' (the sysfs sensor is read once a second; TCG)', flush=True)

def reinstall(g):
    """scripts/install-service.sh run again on the running guest, without --destdir (the
    guest's 'reinstall' command): its udevadm trigger gives the backlight back to group video
    at once, it moves an earlier install's /usr/lib/sysusers.d entry to /etc/sysusers.d, and
    --can leaves systemd-networkd on and its wait-online service off, the panel running."""
    g.ask('reinstall')
    before = g.wait('RE-BEFORE', 20); inst = g.wait('RE-INSTALL', 120); after = g.wait('RE-AFTER', 20)
    offs = [g.wait('RE-BL', 20) for _ in range(2)]; link = g.wait('RE-CAN', 20)
    out = inst[1] if inst else ''
    w = words(after[1]) if after else {}
    rc = words(out).get('rc')
    r0, r1 = (w.get('restarts', '/').split('/') + [''])[:2]
    check(rc == '0' and w.get('gaugepanel') == 'active' and r0 == r1, 'install-live',
          f'scripts/install-service.sh --can can0 on the running system: rc {rc}, the panel {w.get("gaugepanel")} (restarts {r0} → {r1})'
          + ('' if rc == '0' else f' [{out}]'))
    for line in out.split(' ', 1)[-1].split('|'):
        if line.strip(): print(f'# install (live): {line.strip()}', flush=True)
    b = words(before[1]) if before else {}
    steps = [words(m[1]) for m in offs if m]
    ok = (b.get('rc') not in (None, '0') and b.get('power') == '0' and b.get('bl_power') == 'root:root:644' and w.get('brightness', '').startswith('root:video:')
          and w.get('bl_power', '').startswith('root:video:') and [(x.get('rc'), x.get('bl_power')) for x in steps] == [('0', '4'), ('0', '0')])
    check(ok, 'install-live-backlight',
          f'backlight reset to the kernel\'s root:root 0644: the service\'s user refused (rc {b.get("rc")}); after the install '
          f'(udevadm trigger): brightness {w.get("brightness")}, bl_power {w.get("bl_power")}, --off → bl_power '
          f'{steps[0].get("bl_power") if steps else "?"}, --on → {steps[1].get("bl_power") if len(steps) > 1 else "?"}')
    check(w.get('old-sysusers') == 'gone' and w.get('sysusers') == 'present', 'install-live-sysusers',
          f'/usr/lib/sysusers.d/gaugepanel.conf (an earlier install\'s) {w.get("old-sysusers")}, /etc/sysusers.d/gaugepanel.conf {w.get("sysusers")}')
    text = link[1] if link else ''
    rate = re.search(r'bitrate (\d+)', text)
    check(w.get('networkd') == 'enabled/active' and w.get('wait-online', '').startswith('disabled/')
          and ' state UP ' in f'{text} ' and rate is not None and rate.group(1) == '500000', 'install-live-can',
          f'systemd-networkd {w.get("networkd")}, systemd-networkd-wait-online {w.get("wait-online")}, can0 '
          f'{"UP" if " state UP " in f"{text} " else "not UP"} at {rate.group(1) if rate else "?"} bit/s')

def can(g):
    """can0 as systemd-networkd brought it up from the installed 80-can0.network, and the
    boot not held by systemd-networkd-wait-online (the guest's 'can' command)."""
    g.ask('can')
    link = g.wait('CAN', 20); net = g.wait('NET', 20); nm = g.wait('NMCLI', 20); nd = g.wait('NETWORKCTL', 20)
    wo = g.wait('WAITONLINE', 30)
    text = link[1] if link else ''
    rate = re.search(r'bitrate (\d+)', text)
    state = re.search(r'can (?:<[^>]*> )?state (\S+)', text)
    restart = re.search(r'restart-ms (\d+)', text)
    check(' state UP ' in f'{text} ' and rate is not None and rate.group(1) == '500000' and restart is not None and restart.group(1) == '100',
          'can-up', f'ip -details link show can0: {"UP" if " state UP " in f"{text} " else "not UP"}, bitrate {rate.group(1) if rate else "none"}, '
          f'restart-ms {restart.group(1) if restart else "none"}, controller {state.group(1) if state else "?"}' + ('' if rate else f' [{text}]'))
    w = words(net[1]) if net else {}
    online = w.get('network-online', '')
    on_state, _, on_at = online.partition('@')
    waited = w.get('wait-online', '')
    check(on_state == 'active' and waited.split('/')[0] == 'inactive' and w.get('networkd') == 'active', 'can-boot',
          f'systemd-networkd {w.get("networkd")}; network-online.target {on_state} at {int(on_at or 0) / 1e6:.1f} s after boot; '
          f'systemd-networkd-wait-online {waited} (active/result/enabled); NetworkManager {w.get("nm")}, its wait-online {w.get("nm-wait-online")}; '
          f'failed units: {w.get("failed") or "none"}; jobs still queued: {w.get("jobs") or "none"}')
    mu = int(w.get('multi-user') or 0) / 1e6
    print(f'# figure: network-online.target reached {int(on_at or 0) / 1e6:.1f} s after boot, multi-user.target '
          + (f'{mu:.1f} s' if mu else f'not yet at {w.get("uptime")} s (queued: {w.get("jobs") or "nothing"})') + ' (TCG)', flush=True)
    if nm: print(f'# NetworkManager (nmcli device): {nm[1]}', flush=True)
    if nd: print(f'# networkctl list: {nd[1]}', flush=True)
    if wo: print(f'# systemd-networkd-wait-online run by hand with --timeout=5 (what it would do at boot if enabled): {wo[1]}', flush=True)

def main():
    ap = argparse.ArgumentParser()
    for k in ('mode', 'kernel', 'initrd', 'gp', 'board', 'out', 'acpitable'): ap.add_argument('--' + k, required=True)
    ap.add_argument('--suite', default='bookworm')
    ap.add_argument('--timeout', type=float, default=420)
    a = ap.parse_args()
    global PREFIX
    PREFIX = f'systemd-{a.suite}-'
    a.name, a.heads = a.mode, {}
    os.makedirs(a.out, exist_ok=True)
    blank = render(a, a.board, 'novalues', {})
    refs = [render(a, a.board, f'values{i}', v) for i, v in enumerate(VALUES)]
    g = Guest(a)
    try:
        up = g.wait('UP', 240)
        if not check(up is not None, a.mode + '-boot', f'systemd reached the harness unit at {up[0]:.1f} s' if up else 'no @@UP from the guest'):
            return
        unit = g.wait('UNIT', 90)
        check(unit is not None and unit[1].split()[0] in ('activating', 'active'), a.mode + '-unit',
              f'gaugepanel.service started: {unit[1] if unit else "no state"}')
        if a.mode == 'boot':
            same, secs, how = screen_becomes(a, g.q, 'boot', blank, 120)
            t = time.time() - g.t0
            check(same, 'boot-dashboard', f'power-on to dashboard {t:.1f} s ({how})')
            print(f'# figure: power-on to dashboard under systemd ({a.suite}) {t:.1f} s (TCG)', flush=True)
            backlight(g)
            als(g)
            can(g)
            reinstall(g)
            return
        waiting = g.wait('WAITING', 90)
        check(waiting is not None and waiting[1].startswith('activating') and 'wait' in waiting[1].lower(), 'late-waits',
              f'20 s after start, before the driver: {waiting[1] if waiting else "nothing said"}')
        g.wait('DEVICES', 10)
        loaded = g.wait('LOADED', 60)
        if not check(loaded is not None, 'late-loaded', 'modprobe bochs in the guest'): return
        same, secs, how = screen_becomes(a, g.q, 'late', blank, 20)
        check(same, 'late-dashboard', f'dashboard {secs:.1f} s after the display driver was loaded ({how})')
        g.ask('state'); st = g.wait('STATE', 20)
        # no restart on the way: a device the sandbox refuses (EPERM) fails the run, and
        # Restart= would hide that behind a second start
        check(st is not None and st[1].startswith('active') and 'restarts=0' in st[1] and 'waiting' not in st[1], 'late-ready',
              f'READY=1 after the wait, the first start: {st[1] if st else "no state"}')
        # a USB serial adapter plugged in after the service started
        g.feed(VALUES[0]); t = g.plug()
        same, secs, how = screen_becomes(a, g.q, 'plug', refs[0], 60)
        check(same, 'usb-plugged', f'values {time.time() - t:.1f} s after the adapter was plugged in ({how})')
        g.unplug()
        same, secs, how = screen_becomes(a, g.q, 'unplug', blank, 30)
        check(same, 'usb-unplugged', f'no values {secs:.1f} s after the adapter was pulled ({how})')
        time.sleep(2)
        g.feed(VALUES[1]); t = g.plug()
        same, secs, how = screen_becomes(a, g.q, 'replug', refs[1], 30)
        replug = time.time() - t
        check(same, 'usb-replugged', f'new values {replug:.1f} s after the adapter was plugged in again ({how})')
        print(f'# figure: USB serial plugged in again (QMP device_add) to its values on screen {replug:.1f} s (TCG; includes enumeration)', flush=True)
        # a stuck loop: the watchdog restarts the service
        g.feed(VALUES[0])
        g.ask('hang'); hung = g.wait('HUNG', 20); back = g.wait('RESTARTED', 90)
        check(back is not None and 'active' in back[1] and 'restarts=0' not in back[1], 'watchdog',
              f'stopped loop restarted by the watchdog: {back[1] if back else "not restarted"}'
              + (f' ({back[0] - hung[0]:.1f} s after SIGSTOP)' if back and hung else ''))
        same, secs, how = screen_becomes(a, g.q, 'restarted', refs[0], 60)
        check(same, 'watchdog-dashboard', f'the restarted panel shows the values ({how})')
        g.ask('stop'); stopped = g.wait('STOPPED', 30); tty = g.wait('TTY', 10)
        check(tty is not None and tty[1].split()[:1] == ['text'] and tty[1].split()[1:2] in (['unicode'], ['xlate']), 'stop-console',
              f'after systemctl stop ({stopped[1] if stopped else "?"}): tty1 {tty[1] if tty else "not read"}')
        g.ask('journal')
        while True:
            m = g.wait('J', 10)
            if m is None: break
    finally:
        g.close()

if __name__ == '__main__':
    try:
        main()
    except Exception as e:   # a harness error is a failed check, said as one
        print(f'FAIL: systemd-harness: {type(e).__name__}: {e}', flush=True)
        sys.exit(1)
