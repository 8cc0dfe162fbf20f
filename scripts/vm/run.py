#!/usr/bin/env python3
"""Host side of scripts/vm-test.sh: boots one QEMU machine, answers each '@@FRAME n'
from `gaugepanel show --step` (and each '@@SHOT name' from /init) with a QMP screendump,
and checks every frame's screendump against the host's offscreen render of the same
frame (`gaugepanel show --display offscreen` and, for frame 0, `gaugepanel testcard`),
and every shot against the text console's ('@@SHOT console'), with `gaugepanel compare`.
For '@@PANEL run' (`gaugepanel run` in the guest, tests panel and panel-board) it drives
the panel: line-protocol readings into the guest's /dev/ttyS1 (a chardev socket), keys
and a mouse wheel by QMP input-send-event, and screendumps until they equal `gaugepanel
render` of the board with the same values and page (the VM's timing is loose).
Prints one 'ok - …' or 'FAIL - …' line per check."""
import argparse, json, os, re, select, socket, subprocess, sys, time

def read_ppm(path):
    d = open(path, 'rb').read()
    parts, pos = [], 0
    while len(parts) < 4:
        while d[pos:pos + 1].isspace(): pos += 1
        if d[pos:pos + 1] == b'#': pos = d.index(b'\n', pos) + 1; continue
        end = pos
        while not d[end:end + 1].isspace(): end += 1
        parts.append(d[pos:end]); pos = end
    pos += 1
    return int(parts[1]), int(parts[2]), d[pos:]

def crop_ppm(src, dst, w, h):
    W, H, px = read_ppm(src)
    rows = b''.join(px[y * W * 3:(y * W + w) * 3] for y in range(min(h, H)))
    open(dst, 'wb').write(b'P6\n%d %d\n255\n' % (w, h) + rows)

class QMP:
    def __init__(self, path):
        for _ in range(200):
            try:
                self.s = socket.socket(socket.AF_UNIX); self.s.connect(path); break
            except OSError:
                time.sleep(0.05)
        self.f = self.s.makefile('rw'); self.f.readline(); self.cmd('qmp_capabilities')
    def cmd(self, name, **args):
        self.f.write(json.dumps({'execute': name, 'arguments': args} if args else {'execute': name}) + '\n'); self.f.flush()
        while True:
            r = json.loads(self.f.readline())
            if 'return' in r or 'error' in r: return r

def screen_becomes(a, q, name, ref, timeout):
    """Screendumps until one equals ref (timing in the VM is loose): (same, seconds, how)."""
    t = time.time(); f = f'{a.out}/{a.name}-{name}.ppm'
    while True:
        q.cmd('screendump', filename=f)
        c = subprocess.run([a.gp, 'compare', f, ref], capture_output=True, text=True)
        if c.returncode == 0 or time.time() - t > timeout:
            return c.returncode == 0, time.time() - t, c.stdout.strip() or c.stderr.strip()
        time.sleep(0.2)

def render(a, board, name, values, page=0):
    """`gaugepanel render` on the host: the picture the guest's `gaugepanel run` should show."""
    out = f'{a.out}/ref-{name}.ppm'
    sets = [x for k, v in values.items() for x in ('--set', f'{k}={v}')]
    subprocess.run([a.gp, 'render', board, *sets, '--page', str(page), '--out', out], check=True, capture_output=True)
    return out

def key(q, qcode):
    for down in (True, False):
        q.cmd('input-send-event', events=[{'type': 'key', 'data': {'down': down, 'key': {'type': 'qcode', 'data': qcode}}}])

def drive_panel(a, q, sensors, run):
    """The host's half of one 'panel' run: readings into ttyS1, keys by QMP, screendumps
    against `gaugepanel render`. Returns (ok, message) checks."""
    out = []
    def line(values): sensors.sendall((' '.join(f'{k}={v}' for k, v in values.items()) + '\n').encode())
    def expect(name, what, ref, timeout):
        same, sec, how = screen_becomes(a, q, f'run-{run}-{name}', ref, timeout)
        out.append((same, f'run ({run}) {what}: screen as render after {sec:.1f} s ({how})'))
        return same, sec
    first = {'rpm': 3000, 'speed': 88, 'coolant': 90, 'fuel': 55}
    desc = ' '.join(f'{k}={v}' for k, v in first.items())
    if run == 'board':
        board = a.board
        line(first)
        expect('values', f'"{desc}" on ttyS1', render(a, board, 'run-values', first), 10)
        key(q, 'right')
        expect('page1', 'KEY_RIGHT (QMP input-send-event): page 1', render(a, board, 'run-page1', first, 1), 5)
        second = {'rpm': 6800, 'speed': 131, 'coolant': 98.5, 'fuel': 40}   # no alarm: alarms blink
        line(second)
        expect('page1-new', 'new readings on page 1 (' + ' '.join(f'{k}={v}' for k, v in second.items()) + ')',
               render(a, board, 'run-page1-new', second, 1), 5)
        key(q, 'left')
        expect('page0', 'KEY_LEFT: page 0', render(a, board, 'run-page0', second, 0), 5)
    elif run == 'stale':
        board = a.stale_board
        t = time.time(); line(first)
        expect('values', f'"{desc}" on ttyS1', render(a, board, 'stale-values', first), 10)
        # the mouse wheel (virtio-mouse: REL_WHEEL), the board's rotary selector naming the mouse
        for down in (True, False):
            q.cmd('input-send-event', events=[{'type': 'btn', 'data': {'down': down, 'button': 'wheel-down'}}])
        # Polled like the keys (a page turn took 0.8–1.5 s under emulation): a single
        # screendump after a fixed wait failed when the turn came late, and the stale check
        # after it then expected the wrong page.
        turned, sec, how = screen_becomes(a, q, 'run-stale-wheel', render(a, board, 'stale-page1', first, 1), 5)
        out.append((turned, f'run (stale): mouse wheel (QMP) with rotary = "QEMU Virtio Mouse" turned the page (REL_WHEEL as an encoder) after {sec:.1f} s ({how})'))
        stale = re.search(r'stale_after\s*=\s*([\d.]+)', open(board).read())
        ttl = float(stale.group(1)) if stale else 0
        same, _ = expect('stale', f'silence: no values after stale_after = {ttl:g} s',
                         render(a, board, 'stale-none', {}, 1 if turned else 0), ttl + 5)
        waited = time.time() - t
        out.append((same and waited >= ttl, f'run ({run}) went stale {waited:.1f} s after the line (stale_after = {ttl:g} s)'))
    return out

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--name', required=True)
    ap.add_argument('--qemu', required=True, help='display arguments, space separated')
    ap.add_argument('--mods', required=True)
    ap.add_argument('--tests', default='devices,drm,fbdev')
    ap.add_argument('--format', default='xrgb8888')
    ap.add_argument('--fb-format', default='xrgb8888', help='what the fbdev device is expected to be')
    ap.add_argument('--driver', default='', help='expected DRM driver name')
    ap.add_argument('--frames', type=int, default=3)
    ap.add_argument('--show-flags', default='', help='one extra flag for gaugepanel show in the guest')
    ap.add_argument('--kernel', required=True); ap.add_argument('--initrd', required=True)
    ap.add_argument('--gp', required=True, help='host gaugepanel')
    ap.add_argument('--out', required=True)
    ap.add_argument('--timeout', type=float, default=150)
    ap.add_argument('--board', help="host path of the board file the 'panel' test runs (/etc/gaugepanel/board.toml)")
    ap.add_argument('--stale-board', help='the same with stale_after on its channels (/etc/gaugepanel/stale.toml)')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    qmp = f'{a.out}/qmp.sock'
    if os.path.exists(qmp): os.unlink(qmp)
    cmdline = (f'console=ttyS0 panic=-1 quiet GP_MODS={a.mods} GP_TESTS={a.tests} '
               f'GP_FORMAT={a.format} GP_FRAMES={a.frames}' + (f' GP_SHOW_FLAGS={a.show_flags}' if a.show_flags else ''))
    qemu = ['qemu-system-x86_64', '-accel', 'tcg', '-m', '512', '-smp', '1', '-display', 'none', '-nodefaults',
            '-no-reboot', '-serial', 'stdio', '-qmp', f'unix:{qmp},server=on,wait=off', '-kernel', a.kernel,
            '-initrd', a.initrd, '-append', cmdline] + a.qemu.split()
    tests = a.tests.split(',')
    panel = [r for t, runs in (('panel', ['stale', 'board']), ('panel-board', ['board'])) if t in tests for r in runs]
    sensors_path = f'{a.out}/ttyS1.sock'   # the guest's second serial port, /dev/ttyS1: the sensor line
    if panel:
        if os.path.exists(sensors_path): os.unlink(sensors_path)
        qemu += ['-chardev', f'socket,id=sensors,path={sensors_path},server=on,wait=off', '-serial', 'chardev:sensors']
    t0 = time.time()
    p = subprocess.Popen(qemu, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0)
    q = QMP(qmp)
    sensors = None
    if panel:
        for _ in range(100):
            try: sensors = socket.socket(socket.AF_UNIX); sensors.connect(sensors_path); break
            except OSError: time.sleep(0.05)
    panel_checks, inputs, runlogs = [], [], {}   # (ok, message) by the 'panel' scenarios; @@INPUT; @@RUN by run
    log = open(f'{a.out}/console.log', 'w')
    shots = []   # (test, frame, path, geometry)
    exits, devs, errs, geom = {}, [], {}, {}
    stats, consoles, sigterms, screens = {}, {}, {}, {}   # @@STATS by test; @@CONSOLE, @@SIGTERM, @@SHOT by name
    current = None; named = None; buf = b''; booted = None
    try:
        while time.time() - t0 < a.timeout:
            r, _, _ = select.select([p.stdout], [], [], 1.0)
            if not r:
                if p.poll() is not None: break
                continue
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk: break
            buf += chunk
            while b'\n' in buf:
                line, buf = buf.split(b'\n', 1)
                s = line.decode('utf-8', 'replace').rstrip('\r')
                log.write(f'{time.time() - t0:8.3f} {s}\n'); log.flush()
                if s.startswith('@@BOOTED'): booted = time.time() - t0
                m = re.match(r'display (drm|fbdev) .*?(\d+)x(\d+).*format=(\w+)(?: rotate=(\d+))?', s)
                if m:   # a rotated run is its own test: drm90, drm270; '@@TEST name' names others
                    current = named or m.group(1) + ('' if m.group(5) in (None, '0') else m.group(5))
                    geom[current] = (int(m.group(2)), int(m.group(3)), m.group(4))
                if s.startswith('@@DEV '): devs.append(s[6:])
                if s.startswith('@@ERR '):
                    k, msg = s[6:].split(' ', 1); errs[k] = errs[k] + ' / ' + msg if k in errs else msg
                if s.startswith('@@EXIT '):
                    k, rc = s[7:].split(); exits[k] = int(rc); named = None
                if s.startswith('@@TEST '): named = s[7:].strip()
                if s.startswith('@@STATS ') and current: stats.setdefault(current, []).append(s[8:])
                if s.startswith('@@CONSOLE '): k, msg = s[10:].split(' ', 1); consoles[k] = msg
                if s.startswith('@@SIGTERM '): k, msg = s[10:].split(' ', 1); sigterms[k] = msg
                if s.startswith('@@INPUT '): inputs.append(s[8:].strip().strip('"'))
                if s.startswith('@@RUN '): k, msg = (s[6:] + ' ').split(' ', 1); runlogs.setdefault(k, []).append(msg.strip())
                if s.startswith('@@PANEL '):
                    try: panel_checks += drive_panel(a, q, sensors, s[8:].strip())
                    except (OSError, subprocess.CalledProcessError) as e:
                        panel_checks.append((False, f'run ({s[8:].strip()}): {e} {getattr(e, "stderr", "") or ""}'))
                    p.stdin.write(b'go\n')
                if s.startswith('@@SHOT '):
                    time.sleep(0.4)   # fbcon's redraw goes through the fbdev emulation's deferred flush
                    f = f'{a.out}/{a.name}-shot-{s[7:].strip()}.ppm'
                    q.cmd('screendump', filename=f); screens[s[7:].strip()] = f
                    p.stdin.write(b'go\n')
                m = re.match(r'@@FRAME (\d+)', s)
                if m and current:
                    n = int(m.group(1))
                    time.sleep(0.35 if current == 'fbdev' else 0.1)   # fbdev emulation flushes after ~50 ms
                    f = f'{a.out}/{a.name}-{current}-{n}.ppm'
                    q.cmd('screendump', filename=f)
                    shots.append((current, n, f, geom[current]))
                    p.stdin.write(b'go\n')
            if p.poll() is not None: break
        else:
            print(f'FAIL - {a.name}: timeout after {a.timeout:.0f} s')
    finally:
        try: p.wait(timeout=20)
        except subprocess.TimeoutExpired: q.cmd('quit'); p.wait(timeout=10)
    el = time.time() - t0
    results = []
    def check(ok, msg): results.append(ok); print(f'{"ok" if ok else "FAIL"} - {a.name}: {msg}', flush=True)
    check(booted is not None, f'booted to /init in {booted:.1f} s' if booted else 'never reached /init (see console.log)')
    if 'devices' in a.tests.split(','):
        d = ' | '.join(devs)
        check(exits.get('devices') == 0 and (a.driver in d) and 'connected' in d, f'gaugepanel devices: {d[:300]}')
    def same_as_console(name):
        if name not in screens or 'console' not in screens: return False, f'no screendump ({name})'
        c = subprocess.run([a.gp, 'compare', screens[name], screens['console']], capture_output=True, text=True)
        return c.returncode == 0, c.stdout.strip() or c.stderr.strip()
    for t in [t for t in a.tests.split(',') if t in ('drm', 'fbdev', 'drm90', 'drm270', 'mode')]:
        rotate = t[3:] if t.startswith('drm') and len(t) > 3 else '0'
        if t == 'mode':
            modes = sorted({f'{w}x{h}' for _, _, _, (w, h, _) in [s for s in shots if s[0] == t]})
            check(exits.get(t) == 0 and '800x600' in modes and len(modes) == 2,
                  f'show --display drm --then-mode 800x600: exit {exits.get(t)}, frames screendumped in {" and ".join(modes)}')
        else:
            check(exits.get(t) == 0, f'show --display {t[:3] if rotate != "0" else t} --rotate {rotate} exit {exits.get(t)} {geom.get(t, "")}')
        mine = [s for s in shots if s[0] == t]
        check(len(mine) == a.frames + 1, f'{t}: {len(mine)} of {a.frames + 1} frames screendumped')
        for _, n, f, (w, h, fmt) in mine:
            if t == 'fbdev': fmt = a.fb_format
            if n == 0 and rotate == '0':   # the scene at the top left, against gaugepanel testcard
                ref = f'{a.out}/ref-testcard-{fmt}.ppm'
                subprocess.run([a.gp, 'testcard', '--scene', 'testcard', '--format', fmt, '--out', ref], check=True, capture_output=True)
                rw, rh, _ = read_ppm(ref)
                crop = f[:-4] + '-scene.ppm'; crop_ppm(f, crop, rw, rh)
                c = subprocess.run([a.gp, 'compare', crop, ref], capture_output=True, text=True)
                check(c.returncode == 0, f'{t} frame 0 vs testcard --format {fmt}: {c.stdout.strip() or c.stderr.strip()}')
            ref = f'{a.out}/ref-{w}x{h}-{fmt}-r{rotate}-{n}.ppm'
            subprocess.run([a.gp, 'show', '--display', 'offscreen', '--size', f'{w}x{h}', '--format', fmt,
                            '--rotate', rotate, '--frames', str(n), '--out', ref], check=True, capture_output=True)
            c = subprocess.run([a.gp, 'compare', f, ref], capture_output=True, text=True)
            check(c.returncode == 0, f'{t} frame {n} vs offscreen {w}x{h} {fmt} --rotate {rotate}: {c.stdout.strip() or c.stderr.strip()}')
    if 'errors' in a.tests.split(','):
        for k, want in (('missing', 'no such device'), ('eacces', 'group video'), ('busy', 'busy')):
            msg = errs.get(k, '(no message)')
            check(exits.get('err-' + k) == 2 and want in msg, f'error {k}: exit {exits.get("err-" + k)}: {msg}')
        # bad input: one line naming the device and the fix, exit 2, the console left alone
        for k, wants in (('missing', ['/dev/fb7', 'no such device', 'gaugepanel devices']),
                         ('missingdrm', ['/dev/dri/card5', 'no such device']),
                         ('nomode', ['/dev/dri/card0', 'connector', 'no mode 123x45', '--mode', '1024x768', '800x600']),
                         ('nothenmode', ['/dev/dri/card0', 'no mode 123x45', '800x600']),
                         ('format', ['/dev/dri/card0', 'cannot scan out rgb565', '--format xrgb8888'])):
            msg = errs.get(k, '(no message)')
            same, how = same_as_console('err-' + k)
            check(exits.get('err-' + k) == 2 and ' / ' not in msg and all(w in msg for w in wants) and same,
                  f'bad input {k}: exit {exits.get("err-" + k)}, screen as the console before ({how}): {msg[:200]}')
        msg = errs.get('signal', '(no message)')
        check(exits.get('err-signal') == 143 and 'stopped by signal 15' in msg, f'SIGTERM: exit {exits.get("err-signal")}: {msg}')
    if panel:
        for ok, msg in panel_checks:
            if ok is None: print(f'# {a.name} {msg}', flush=True)
            else: check(ok, msg)
        for k in panel:
            m = re.match(r'rc=(\d+) t0=([\d.]+) t1=([\d.]+) frames=\d+ (.*)', sigterms.get('run-' + k, ''))
            same, how = same_as_console('sigterm-run-' + k)
            ms = round((float(m.group(3)) - float(m.group(2))) * 1000) if m else None
            summary = [l for l in runlogs.get(k, []) if l.startswith('@@SUMMARY')]
            # the board run had keys pressed (QMP): with the console's keyboard off (K_OFF)
            # while gaugepanel runs, none may have been typed into the text console
            check(bool(m) and m.group(1) == '0' and ms is not None and ms <= 1000 and 'text mode' in consoles.get('run-' + k, '')
                  and same,
                  f'run ({k}) SIGTERM: exit {m.group(1) if m else "?"} {ms} ms after kill (at most 1000), '
                  f'{consoles.get("run-" + k, "console mode unknown")}, screen as the console before ({how})'
                  + ('' if k != 'board' else ', no panel keys typed into the console'))
            if summary: print(f'# {a.name} run {k}: {summary[0][10:]}', flush=True)
        opened = sorted({re.sub(r'.*input device opened: ', '', l) for k in runlogs for l in runlogs[k] if 'input device opened' in l})
        print(f'# {a.name} run: input devices {" | ".join(inputs)}; opened by gaugepanel: {" | ".join(opened) or "none"}', flush=True)
    if 'sigterm' in a.tests.split(','):
        for d in ('drm', 'fbdev'):
            m = re.match(r'rc=(\d+) t0=([\d.]+) t1=([\d.]+) frames=(\d+) (.*)', sigterms.get(d, ''))
            same, how = same_as_console('sigterm-' + d)
            ms = round((float(m.group(3)) - float(m.group(2))) * 1000) if m else None
            check(bool(m) and m.group(1) == '143' and 'stopped by signal 15' in m.group(5) and same
                  and 'text mode' in consoles.get(d, ''),
                  f'SIGTERM while rendering ({d}): exit {m.group(1) if m else "?"} after {m.group(4) if m else "?"} frames, '
                  f'{consoles.get(d, "console mode unknown")}, screen as the console before ({how})')
            r = re.search(r'restored (\d+) ms', m.group(5)) if m else None
            inside = int(r.group(1)) if r else None
            check(inside is not None and inside <= 100,
                  f'SIGTERM ({d}): display and console restored {inside} ms after the signal (at most 100); '
                  f'exited {ms} ms after kill (the shell\'s kill to wait, /proc/uptime: 10 ms steps)')
    for t, lines in stats.items():   # the copy figures: bytes into scan-out memory and clip rectangles
        for line in lines: print(f'# {a.name} {t} {line}', flush=True)
    print(f'# {a.name}: {el:.1f} s in QEMU', flush=True)
    sys.exit(0 if all(results) else 1)

if __name__ == '__main__':
    main()
