"""run.py's main: boots the QEMU machine, reads its console and answers the guest's markers
('@@FRAME', '@@SHOT' by screendumps, '@@PANEL' by driving the run), then prints a check
line per result and exits 0 only when all passed."""
import json, os, re, socket, subprocess, sys, time

from checks import line as check_line   # the scripts' one pass/fail convention

from .options import parse_args
from .panel import TOUCH_RUNS, drive_panel, preferred_mode
from .qemu import QMP, ConsoleLines, dump, key, vnc_ask_size
from .screens import as_rgb565, compare, crop_ppm, exact, read_ppm

def main():
    a = parse_args()
    os.makedirs(a.out, exist_ok=True)
    qmp = f'{a.out}/qmp.sock'
    if os.path.exists(qmp): os.unlink(qmp)
    cmdline = (f'console=ttyS0 panic=-1 quiet GP_MODS={a.mods} GP_TESTS={a.tests} '
               f'GP_FORMAT={a.format} GP_FRAMES={a.frames}' + (f' GP_SHOW_FLAGS={a.show_flags}' if a.show_flags else '')
               + (f' GP_CONNECTOR={a.connector}' if a.connector else ''))
    qemu = ['qemu-system-x86_64', '-accel', 'tcg', '-m', '512', '-smp', '1', '-display', 'none', '-nodefaults',
            '-no-reboot', '-serial', 'stdio', '-qmp', f'unix:{qmp},server=on,wait=off', '-kernel', a.kernel,
            '-initrd', a.initrd, '-append', cmdline] + a.qemu.split()
    vnc_path = f'{a.out}/vnc.sock'
    if a.connector:
        if os.path.exists(vnc_path): os.unlink(vnc_path)
        dev, head = a.heads[a.connector]
        qemu += ['-vnc', f'unix:{vnc_path},display={dev},head={head}']
    tests = a.tests.split(',')
    panel = [r for t, runs in (('panel', ['stale', 'board']), ('panel-board', ['board']), ('connector', ['connector']),
                               ('boat', ['boat']), ('fbconv', ['fbconv']), ('kill9', ['restart']), ('touch', list(TOUCH_RUNS)),
                               ('wait', ['wait']), ('can', ['can']), ('canobd', ['canobd', 'canobd29']), ('can2k', ['can2k'])) if t in tests for r in runs]
    sensors_path = f'{a.out}/ttyS1.sock'   # the guest's second serial port, /dev/ttyS1: the sensor line
    if panel:
        if os.path.exists(sensors_path): os.unlink(sensors_path)
        qemu += ['-chardev', f'socket,id=sensors,path={sensors_path},server=on,wait=off', '-serial', 'chardev:sensors']
    t0 = time.time()
    p = subprocess.Popen(qemu, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0)
    q = QMP(qmp)
    # a command for the guest's /bin/inject (uinput touch and keys, test 'touch'): /init's
    # panel() reads 'inject …' lines from the console while the host drives the run
    a.inject = lambda cmd: p.stdin.write(f'inject {cmd}\n'.encode())
    vnc, vnc_info = None, None
    if a.connector:   # before the guest's driver loads (the kernel takes seconds to get there)
        try:
            vnc, (w, h, _) = vnc_ask_size(vnc_path, *a.head_size)
            vnc_info = f'SetDesktopSize {a.head_size[0]}x{a.head_size[1]} on {a.heads[a.connector][0]} head {a.heads[a.connector][1]} (was {w}x{h})'
        except OSError as e: vnc_info = f'{e}'
    sensors = None
    if panel:
        for _ in range(100):
            try: sensors = socket.socket(socket.AF_UNIX); sensors.connect(sensors_path); break
            except OSError: time.sleep(0.05)
    panel_checks, inputs, runlogs = [], [], {}   # (ok, message) by the 'panel' scenarios; @@INPUT; @@RUN by run
    log = open(f'{a.out}/console.log', 'w')
    shots = []   # (test, frame, path, geometry)
    exits, devs, errs, geom = {}, [], {}, {}
    a.devs = devs
    notified = {}   # test 'wait': what the run sent to NOTIFY_SOCKET, in order
    keys, typed = {}, {}   # test 'kill9': @@KEYS (default_utf8), @@TYPED (the line read from tty1)
    stats, consoles, sigterms, screens = {}, {}, {}, {}   # @@STATS by test; @@CONSOLE, @@SIGTERM, @@SHOT by name
    a.screens = screens
    scanout = {}   # the scan-out format of each test's display line
    conn, head0, connstatus = {}, {}, {}   # connector= of each test's display line; the first head during a test on another; @@CONNSTATUS
    current = None; named = None; booted = None
    lines = ConsoleLines(p, log, t0, a.timeout); feed = iter(lines)
    # the 'can' run's commands to /init ('can …', 'cyclic …', 'stats'): each answered by a
    # line '@@DONE rc uptime [output]', read here (the loop below does not see it)
    def ask(cmd):
        p.stdin.write(f'{cmd}\n'.encode())
        for s in feed:
            if s.startswith('@@DONE '):
                rc, up, *out = s[7:].split(' ', 2)
                return int(rc), float(up), (out[0] if out else '')
        return None, None, 'no answer (the console ended)'
    a.ask = ask
    cansmoke = {}   # test 'cansmoke': @@CANDEV, @@CANUP, @@CANDOWN, @@CANRC by name; @@CANDUMP, @@CANSEND lists
    try:
        for s in feed:
            m = re.match(r'@@CAN(DEV|UP|DOWN|RC|DUMP|SEND) (\S+) ?(.*)', s)
            if m:
                if m.group(1) in ('DUMP', 'SEND'): cansmoke.setdefault((m.group(1), m.group(2)), []).append(m.group(3).strip())
                else: cansmoke[(m.group(1), m.group(2))] = m.group(3).strip()
            if s.startswith('@@BOOTED'): booted = time.time() - t0
            if s.startswith('@@DISPLAY '):   # show's machine-readable line (physical size, format, rotation)
                d = json.loads(s[10:])
                rot = str(d['rotate'])   # a rotated run is its own test: drm90, drm270; '@@TEST name' names others
                current = named or d['kind'] + ('' if rot == '0' else rot)
                geom[current] = (int(d['width']), int(d['height']), d['format'])
                scanout[current] = d.get('scanout', d['format'])   # the device's format, when the copy converts
                conn[current] = d.get('connector')
            if s.startswith('@@CONNSTATUS '): k, msg = (s[13:] + ' ').split(' ', 1); connstatus[k] = msg.strip()
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
            if s.startswith('@@WAITED '):   # '@@WAITED run t0=… t1=… [alive=…]' (/proc/uptime)
                k, *kv = s[9:].split(); a.waited[k] = dict(x.split('=', 1) for x in kv if '=' in x)
            if s.startswith('@@WAITGONE '): a.waited['gone'] = s[11:].strip()
            if s.startswith('@@NOTIFY '): k, msg = (s[9:] + ' ').split(' ', 1); notified.setdefault(k, []).append(msg.strip())
            if s.startswith('@@RUN '): k, msg = (s[6:] + ' ').split(' ', 1); runlogs.setdefault(k, []).append(msg.strip())
            if s.startswith('@@KEYS '):   # test 'kill9': type "gp" and Enter into the text console, as a person would
                k, _, kv = s[7:].partition(' '); keys[k] = kv.strip()
                for qcode in ('g', 'p', 'ret'): key(q, qcode)
                p.stdin.write(b'go\n')
            if s.startswith('@@TYPED '): k, _, msg = s[8:].partition(' '); typed[k] = msg.strip()
            if s.startswith('@@PANEL '):
                try: panel_checks += drive_panel(a, q, sensors, s[8:].strip())
                except (OSError, subprocess.CalledProcessError) as e:
                    panel_checks.append((False, f'run ({s[8:].strip()}): {e} {getattr(e, "stderr", "") or ""}'))
                p.stdin.write(b'go\n')
            if s.startswith('@@SHOT '):
                time.sleep(0.4)   # fbcon's redraw goes through the fbdev emulation's deferred flush
                name, _, on = s[7:].strip().partition(' ')   # '@@SHOT name [connector]'
                f = f'{a.out}/{a.name}-shot-{name}.ppm'
                dump(a, q, f, on or None); screens[name] = f
                p.stdin.write(b'go\n')
            m = re.match(r'@@FRAME (\d+)', s)
            if m and current:
                n = int(m.group(1))
                time.sleep(0.35 if current.startswith('fbdev') else 0.1)   # fbdev emulation flushes after ~50 ms
                f = f'{a.out}/{a.name}-{current}-{n}.ppm'
                dump(a, q, f, conn.get(current))
                if conn.get(current) in a.heads:   # drawn on another head: the first one meanwhile
                    head0[current] = f'{a.out}/{a.name}-{current}-{n}-head0.ppm'; dump(a, q, head0[current])
                shots.append((current, n, f, geom[current]))
                p.stdin.write(b'go\n')
        if lines.timed_out:
            print(check_line(False, f'{a.name}: timeout after {a.timeout:.0f} s'))
    finally:
        try: p.wait(timeout=20)
        except subprocess.TimeoutExpired: q.cmd('quit'); p.wait(timeout=10)
        if vnc: vnc.close()
    el = time.time() - t0
    results = []
    def check(ok, msg): results.append(ok); print(check_line(ok, f'{a.name}: {msg}'), flush=True)
    check(booted is not None, f'booted to /init in {booted:.1f} s' if booted else 'never reached /init (see console.log)')
    if 'devices' in a.tests.split(','):
        d = ' | '.join(devs)
        check(exits.get('devices') == 0 and (a.driver in d) and 'connected' in d, f'gaugepanel devices: {d[:300]}')
    def same_as_console(name, console='console'):
        if name not in screens or console not in screens: return False, f'no screendump ({name})'
        return exact(a, screens[name], screens[console])
    if 'connector' in a.tests.split(','):   # [display] connector / --connector on a machine with two outputs
        c = a.connector
        d = ' | '.join(devs)
        listed = [x for x in ('Virtual-1', c) if re.search(rf'\b{re.escape(x)} connected\b', d)]
        check(len(listed) == 2 and f'{c} connected' in d,
              f'connector "{c}": gaugepanel devices lists both outputs connected ({", ".join(listed) or "neither"}); '
              f'the head turned on by VNC {vnc_info}; sysfs: {connstatus.get(c, "?")}')
        # an unknown connector: one line listing the ones there are, exit 2, both screens as before
        for k, cmd in (('connector', 'show --display drm --connector HDMI-A-9'), ('runconnector', 'run --board connector.toml --connector HDMI-A-9')):
            msg = errs.get(k, '(no message)')
            same, how = same_as_console('err-' + k) if k == 'connector' else (True, '')
            same2, how2 = same_as_console(f'err-{k}-{c}', f'console-{c}')
            check(exits.get('err-' + k) == 2 and ' / ' not in msg and same and same2
                  and all(w in msg for w in ('HDMI-A-9', 'Virtual-1 (connected)', f'{c} (connected)', '[display] connector', '--connector')),
                  f'connector HDMI-A-9 unknown ({cmd}): exit {exits.get("err-" + k)}, one line, '
                  + (f'first head as the console before ({how}), ' if k == 'connector' else '')
                  + f'{c}\'s head as before ({how2}): {msg[:240]}')
    for t in [t for t in a.tests.split(',') if t in ('drm', 'fbdev', 'drm90', 'drm270', 'mode', 'connector', 'drm565', 'fbdevconv')]:
        rotate = t[3:] if t in ('drm90', 'drm270') else '0'
        label = t if t != 'connector' else f'connector "{a.connector}" ({" head ".join(map(str, a.heads.get(a.connector, ())))}):'
        if t == 'connector':   # show --connector NAME: drawn on that head (its frames are screendumps of it)
            check(exits.get(t) == 0 and conn.get(t) == a.connector,
                  f'connector "{a.connector}": show --display drm --connector {a.connector} exit {exits.get(t)}, '
                  f'shown on {conn.get(t)} {geom.get(t, "")}, frames screendumped from {a.connector}\'s head')
        elif t == 'mode':
            modes = sorted({f'{w}x{h}' for _, _, _, (w, h, _) in [s for s in shots if s[0] == t]})
            check(exits.get(t) == 0 and '800x600' in modes and len(modes) == 2,
                  f'show --display drm --then-mode 800x600: exit {exits.get(t)}, frames screendumped in {" and ".join(modes)}')
        elif t in ('drm565', 'fbdevconv'):   # a picture the device cannot scan out as it is: converted on copy
            want = ('rgb565', 'xrgb8888') if t == 'drm565' else ('xrgb8888', 'rgb565')
            cmd = 'show --display drm --format rgb565' if t == 'drm565' else 'show --display fbdev --format xrgb8888'
            check(exits.get(t) == 0 and (geom.get(t, (0, 0, None))[2], scanout.get(t)) == want,
                  f'{cmd}: exit {exits.get(t)}, drawn in {geom.get(t, (0, 0, "?"))[2]}, scanned out in {scanout.get(t)} '
                  f'(converted on copy; want {want[0]} to {want[1]}) {geom.get(t, "")}')
        else:
            check(exits.get(t) == 0, f'show --display {t[:3] if rotate != "0" else t} --rotate {rotate} exit {exits.get(t)} {geom.get(t, "")}')
        mine = [s for s in shots if s[0] == t]
        check(len(mine) == a.frames + 1, f'{label} {len(mine)} of {a.frames + 1} frames screendumped' if t == 'connector'
              else f'{t}: {len(mine)} of {a.frames + 1} frames screendumped')
        for _, n, f, (w, h, fmt) in mine:
            if t == 'fbdev': fmt = a.fb_format
            if n == 0 and rotate == '0':   # the scene at the top left, against gaugepanel testcard
                ref = f'{a.out}/ref-testcard-{fmt}.ppm'
                subprocess.run([a.gp, 'testcard', '--scene', 'testcard', '--format', fmt, '--out', ref], check=True, capture_output=True)
                if scanout.get(t) == 'rgb565' and fmt == 'xrgb8888': ref = as_rgb565(ref, ref[:-4] + '-as-rgb565.ppm')
                rw, rh, _ = read_ppm(ref)
                crop = f[:-4] + '-scene.ppm'; crop_ppm(f, crop, rw, rh)
                same, how = exact(a, crop, ref)
                check(same, f'{label} frame 0 vs testcard --format {fmt}: {how}')
            ref = f'{a.out}/ref-{w}x{h}-{fmt}-r{rotate}-{n}.ppm'
            subprocess.run([a.gp, 'show', '--display', 'offscreen', '--size', f'{w}x{h}', '--format', fmt,
                            '--rotate', rotate, '--frames', str(n), '--out', ref], check=True, capture_output=True)
            # an xrgb8888 picture packed to rgb565 on copy: the render as a 16 bpp panel shows it
            # (an rgb565 picture widened to xrgb8888 needs nothing: PPM files hold it widened)
            if scanout.get(t) == 'rgb565' and fmt == 'xrgb8888': ref = as_rgb565(ref, ref[:-4] + '-as-rgb565.ppm')
            same, how = exact(a, f, ref)
            check(same, f'{label} frame {n} vs offscreen {w}x{h} {fmt} --rotate {rotate}: {how}')
        if t == 'connector':   # meanwhile the first head kept the text console; afterwards the CRTC given back
            same, how = compare(a, head0[t], screens['console']) if t in head0 and 'console' in screens else (False, 'no screendump')
            check(same, f'connector "{a.connector}": the first head (Virtual-1) kept the text console while show drew on {a.connector} ({how})')
            same, how = same_as_console(f'after-connector-{a.connector}', f'console-{a.connector}')
            check(same, f'connector "{a.connector}": after show exited its head shows the console again, as before ({how})')
    if 'errors' in a.tests.split(','):
        for k, want in (('missing', 'no such device'), ('eacces', 'group video'), ('busy', 'busy')):
            msg = errs.get(k, '(no message)')
            check(exits.get('err-' + k) == 2 and want in msg, f'error {k}: exit {exits.get("err-" + k)}: {msg}')
        # bad input: one line naming the device and the fix, exit 2, the console left alone
        for k, wants in (('missing', ['/dev/fb7', 'no such device', 'gaugepanel devices']),
                         ('missingdrm', ['/dev/dri/card5', 'no such device']),
                         ('nomode', ['/dev/dri/card0', 'connector', 'no mode 123x45', '--mode', '1024x768', '800x600']),
                         ('nothenmode', ['/dev/dri/card0', 'no mode 123x45', '800x600'])):
            msg = errs.get(k, '(no message)')
            same, how = same_as_console('err-' + k)
            check(exits.get('err-' + k) == 2 and ' / ' not in msg and all(w in msg for w in wants) and same,
                  f'bad input {k}: exit {exits.get("err-" + k)}, screen as the console before ({how}): {msg[:200]}')
        msg = errs.get('signal', '(no message)')
        check(exits.get('err-signal') == 143 and 'stopped by signal 15' in msg, f'SIGTERM: exit {exits.get("err-signal")}: {msg}')
    if 'touch' in a.tests.split(','):   # a [display] mode the connector lacks, from the board run by `gaugepanel run`
        msg = errs.get('runmode', '(no message)')
        same, how = same_as_console('err-runmode')
        pref = preferred_mode(a)
        check(exits.get('err-runmode') == 2 and ' / ' not in msg and same
              and all(w in msg for w in ('1234x567', 'Virtual-1', '800x600', pref or '(preferred mode unknown)')),
              f'display.mode: run --board with mode = "1234x567" (a mode Virtual-1 lacks): exit {exits.get("err-runmode")}, '
              f'one line naming its modes, screen as the console before ({how}): {msg[:240]}')
    if 'wait' in a.tests.split(','):   # with the display driver unloaded, no wait: one line, exit 2, at once
        gone = a.waited.get('gone', '?')
        for k, what in (('nowait', 'display.wait: without it (0 at a terminal: no NOTIFY_SOCKET) run --board board.toml'),
                        ('override', 'display.wait: run --wait-for-display 0 overrides the board\'s wait = 60 (wait.toml)')):
            msg, w = errs.get(k, '(no message)'), a.waited.get(k, {})
            try: ms = round((float(w['t1']) - float(w['t0'])) * 1000)
            except (KeyError, ValueError): ms = None
            check(exits.get('err-' + k) == 2 and ' / ' not in msg and ms is not None and ms <= 1000
                  and all(x in msg for x in ('/dev/dri/card', 'no such device')) and 'waiting' not in msg and 'card0=absent' in gone,
                  f'{what} with no DRM device ({gone}): exit {exits.get("err-" + k)} after {ms} ms, one line, no waiting: {msg[:200]}')
    if 'wait' in a.tests.split(',') and 'wait' in panel:   # the service's run: its user, console, notifications
        w, said = a.waited.get('wait', {}), notified.get('wait', [])
        console = consoles.get('wait-running', '(not asked)')
        check(w.get('user') == 'gaugepanel' and w.get('alive') == 'yes' and 'graphics mode' in console
              and not any('left in text mode' in l for l in runlogs.get('wait', [])),
              f'service: run (wait) as user {w.get("user", "?")} (groups video input dialout, tty1 its controlling '
              f'terminal as TTYPath= makes it), alive after the wait: {w.get("alive", "?")}; while it ran {console}')
        status = [l for l in said if l.startswith('STATUS=')]
        ready = said.index('READY=1') if 'READY=1' in said else None
        waiting = [i for i, l in enumerate(said) if l.startswith('STATUS=') and 'waiting' in l.lower()]
        check(bool(waiting) and ready is not None and waiting[0] < ready and len(waiting) == 1,
              f'service: STATUS= said once what it waits for, then READY=1 came ({len(said)} notifications: '
              f'{(status[0] if status else "no STATUS=")[:160]})')
    if 'cansmoke' in a.tests.split(','):   # the controller path alone: can1 sends, can0 receives (kvaser_pci, sja1000)
        for c in ('can0', 'can1'):
            up = cansmoke.get(('UP', c), '? (no answer)').split(' ', 2)
            check(cansmoke.get(('DEV', c)) == 'driver=kvaser_pci' and up[0] == '0' and up[1:2] == ['up'],
                  f'cansmoke: {c}: {cansmoke.get(("DEV", c), "no such interface")}, canctl up {c} 500000 '
                  f'(IFLA_CAN_BITTIMING by rtnetlink, then IFF_UP): exit {up[0]}, operstate {" ".join(up[1:]) or "?"}')
        for k, sent, what in (('first', ['123#11223344', '1ABCDEF0#DEADBEEF0102', '7FF#', '00000001#00', '000#0102030405060708'],
                               'standard and extended ids, 0-8 bytes'),
                              ('again', ['456#CAFE', '1FFFFFFF#0011223344556677'], 'after canctl down can0 and up again')):
            got = cansmoke.get(('DUMP', k), [])
            if k == 'again':
                down = cansmoke.get(('DOWN', 'can0'), '?').split(' ', 2)
                up = cansmoke.get(('UP', 'can0-again'), '?').split(' ', 2)
                check(down[0] == '0' and down[1:2] == ['down'] and up[0] == '0' and up[1:2] == ['up'],
                      f'cansmoke: canctl down can0: exit {down[0]}, operstate {" ".join(down[1:]) or "?"}; '
                      f'canctl up can0 500000 again: exit {up[0]}, operstate {" ".join(up[1:]) or "?"}')
            check(cansmoke.get(('RC', k)) == 'send=0 dump=0' and got == sent,
                  f'cansmoke: {len(sent)} frames sent on can1 ({what}) received on can0 as sent: '
                  f'{cansmoke.get(("RC", k), "no result")}; sent {" ".join(sent)}; received {" ".join(got) or "nothing"}'
                  + (f'; canctl send said {" ".join(cansmoke.get(("SEND", k)))}' if cansmoke.get(('SEND', k)) else ''))
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
                  and 'keyboard off' not in consoles.get('run-' + k, 'keyboard off') and same,
                  f'run ({k}) SIGTERM: exit {m.group(1) if m else "?"} {ms} ms after kill (at most 1000), '
                  f'{consoles.get("run-" + k, "console mode unknown")}, screen as the console before ({how})'
                  + ('' if k != 'board' else ', no panel keys typed into the console'))
            if summary: print(f'# {a.name} run {k}: {summary[0][10:]}', flush=True)
            if k == 'restart':   # after a SIGKILL: found graphics mode and the keyboard off, left text mode and a keyboard that types
                killed = consoles.get('killed', '(not asked)')
                check(exits.get('kill9') == 137 and 'graphics mode' in killed and 'keyboard off' in killed,
                      f'kill -9 of a running panel: exit {exits.get("kill9")}, {killed} (what the next panel finds)')
                said = [re.sub(r'.*?\] ', '', l, count=1) for l in runlogs.get(k, []) if 'console: found in' in l]
                utf8 = 'utf8=N' not in keys.get(k, '') and 'utf8=0' not in keys.get(k, '')
                want = 'keyboard unicode' if utf8 else 'keyboard xlate'
                after = consoles.get('run-' + k, '(not asked)')
                check(bool(said) and 'graphics mode, keyboard off' in said[0] and want in after and typed.get(k) == '[gp]',
                      f'run (restart) after the kill said "{said[0][:110] if said else "?"}"; after its SIGTERM {after} '
                      f'(default_utf8: {keys.get(k, "?")}, so {want}); "gp" and Enter pressed by QMP read from tty1 as {typed.get(k, "nothing")}')
            if k == 'connector':
                said = [re.sub(r'.*\] ', '', l) for l in runlogs.get(k, []) if ' display drm ' in l]
                same, how = same_as_console(f'sigterm-run-connector-{a.connector}', f'console-{a.connector}')
                check(bool(said) and f'connector={a.connector} ' in said[0] and same,
                      f'run (connector) board with connector = "{a.connector}": the run said "{said[0][:110] if said else "?"}"; '
                      f'after SIGTERM {a.connector}\'s head shows the console again ({how})')
            if k in ('boat', 'fbconv'):   # said once when the copy converts: the board's format, the device's
                drawn, shown = ('rgb565', a.format) if k == 'boat' else ('xrgb8888', a.fb_format)
                kind = 'drm' if k == 'boat' else 'fbdev'
                said = [re.sub(r'.*?\] ', '', l, count=1) for l in runlogs.get(k, []) if f' display {kind} ' in l]
                notes = [re.sub(r'.*?\] ', '', l, count=1) for l in runlogs.get(k, []) if 'converted on copy' in l]
                if drawn != shown:
                    ok = (len(notes) == 1 and notes[0] == f'drawing {drawn}, scanning out {shown}: converted on copy'
                          and bool(said) and f' format={drawn} scanout={shown}' in said[0])
                else:
                    ok = not notes and bool(said) and f' format={drawn}' in said[0] and 'scanout=' not in said[0]
                check(ok, f'run ({k}) an {drawn} board on {kind} that scans out {shown}: the run said "{said[0][:150] if said else "?"}"'
                          + (f' and {len(notes)} time(s) "{notes[0] if notes else "?"}"' if drawn != shown else ', nothing converted'))
            if k == 'boat':   # every garbage sentence dropped and counted, the noise between them ignored
                d = re.search(r'dropped_lines=(\d+)', summary[0]) if summary else None
                n = re.search(r' samples=(\d+)', summary[0]) if summary else None
                fonts = [re.sub(r'.*fonts: ', '', l) for l in runlogs.get(k, []) if 'fonts: ' in l]
                sent, bad = a.boat_sent or (0, 0)
                check(bool(d) and sent > 0 and int(d.group(1)) == sent * bad,
                      f'run (boat) NMEA 0183 garbage dropped: dropped_lines={d.group(1) if d else "?"} for {sent} burst{"s" if sent != 1 else ""} of {bad} bad sentences '
                      f'(checksum, number, status V, cut off, overlong) and line noise; samples={n.group(1) if n else "?"}; fonts: {fonts[0] if fonts else "?"}')
            if k == 'can':   # what the run said about its CAN interface (connected, lost, again), each once with a count
                said = {}
                for l in runlogs.get(k, []):
                    if ' can can0: ' in l: m = re.sub(r'.*? can can0: ', 'can0: ', l); said[m] = said.get(m, 0) + 1
                for m, n in said.items(): print(f'# {a.name} run can: {m[:200]}' + (f' ({n} times)' if n > 1 else ''), flush=True)
            if k in ('canobd', 'canobd29'):   # each PID the ECU does not give is logged once: refused (0x11), never answered (0x42)
                for pid, channel, want in (('11', 'engine.throttle', 'the ECU refused it (negative response 0x12)'),
                                           ('42', 'vehicle.voltage', 'no answer to 5 requests')):
                    said = [re.sub(r'.*?(OBD-II PID)', r'\1', l, count=1) for l in runlogs.get(k, []) if f'OBD-II PID 0x{pid} ' in l]
                    check(len(said) == 1 and f'({channel}): {want}; not asked for again' in said[0],
                          f'run ({k}) PID 0x{pid} ({"refused: canctl ecu can1 11=!" if pid == "11" else "not answered"}) logged '
                          f'{len(said)} time(s): "{said[0][:160] if said else "?"}"')
            if k == 'can2k':   # the fast packet (127489) reassembled: its names, which no channel reads, logged once each
                said = [re.sub(r'.*? can can0: ', '', l, count=1) for l in runlogs.get(k, []) if 'decoded "engine.coolant.temperature"' in l]
                check(len(said) == 1, f'run (can2k) the fast packet 127489 (engine dynamic, 4 frames) reassembled and decoded: '
                                      f'logged {len(said)} time(s) "{said[0][:140] if said else "?"}"')
            if k == 'can':   # down and up, unplugged and back, 20 flaps: a few lines, not two a change
                said = [re.sub(r'.*? can can0: ', '', l, count=1) for l in runlogs.get(k, []) if ' can can0: ' in l]
                check(0 < len(said) <= 8, f'run (can) can0 down and up, unplugged and back, then 20 flaps: {len(said)} log lines '
                                          f'for can0 (at most 8): ' + ' | '.join(x[:90] for x in said))
            if k in ('canobd', 'canobd29', 'can2k'):   # what the run said about can0
                said = {}
                for l in runlogs.get(k, []):
                    if ' can can0: ' in l: m = re.sub(r'.*? can can0: ', 'can0: ', l); said[m] = said.get(m, 0) + 1
                for m, n in said.items(): print(f'# {a.name} run {k}: {m[:200]}' + (f' ({n} times)' if n > 1 else ''), flush=True)
            if k == 'touch':   # the run's display line names the board's mode
                said = [re.sub(r'.*\] ', '', l) for l in runlogs.get(k, []) if ' display drm ' in l]
                check(bool(said) and ' mode=800x600 ' in said[0] and ', 800x600,' in said[0],
                      f'display.mode: run (touch) board with mode = "800x600": the run said "{said[0][:160] if said else "?"}"')
            if k == 'wait':   # said once that it waits, was still running when the driver came, then opened it
                said = [re.sub(r'.*?\] ', '', l, count=1) for l in runlogs.get(k, []) if 'waiting up to' in l]
                shown = [re.sub(r'.*?\] ', '', l, count=1) for l in runlogs.get(k, []) if ' display drm ' in l]
                w = a.waited.get('wait', {})
                try: late = float(w['t1']) - float(w['t0'])
                except (KeyError, ValueError): late = -1
                check(len(said) == 1 and said[0].startswith('waiting up to 120 s for the display (/dev/dri/card') and w.get('alive') == 'yes'
                      and late >= 20 and len(shown) == 1,
                      f'boot race: run (wait) as the service (no wait key, NOTIFY_SOCKET: 120 s): said {len(said)} time(s) "{said[0][:160] if said else "?"}", '
                      f'still running {late:.1f} s later when the driver was loaded (alive={w.get("alive", "?")}), then "{shown[0][:130] if shown else "?"}"')
            if k in ('touch', 'notouch'):   # which of the uinput devices the run opened
                mine = [re.sub(r'.*input device opened: ', '', l) for l in runlogs.get(k, []) if 'input device opened' in l and '(GP Test ' in l]
                touch_open, keys_open = any('(GP Test Touch)' in o for o in mine), any('(GP Test Keys)' in o for o in mine)
                if k == 'touch':
                    check(touch_open and keys_open, f'input.touch: run (touch) touch = "auto": gaugepanel opened the uinput touchscreen '
                                                    f'and keyboard ({" | ".join(mine) or "neither"})')
                else:
                    check(not touch_open and keys_open, f'input.touch: run (notouch) touch = "none": gaugepanel left "GP Test Touch" '
                                                        f'closed, opened the keyboard ({" | ".join(mine) or "neither"})')
        opened = sorted({re.sub(r'.*input device opened: ', '', l) for k in runlogs for l in runlogs[k] if 'input device opened' in l})
        print(f'# {a.name} run: input devices {" | ".join(dict.fromkeys(inputs))}; opened by gaugepanel: {" | ".join(opened) or "none"}', flush=True)
    if 'sigterm' in a.tests.split(','):
        for d in ('drm', 'fbdev'):
            m = re.match(r'rc=(\d+) t0=([\d.]+) t1=([\d.]+) frames=(\d+) (.*)', sigterms.get(d, ''))
            same, how = same_as_console('sigterm-' + d)
            ms = round((float(m.group(3)) - float(m.group(2))) * 1000) if m else None
            check(bool(m) and m.group(1) == '143' and 'stopped by signal 15' in m.group(5) and same
                  and 'text mode' in consoles.get(d, '') and 'keyboard off' not in consoles.get(d, 'keyboard off'),
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
