#!/usr/bin/env python3
"""Host side of scripts/vm-test.sh: boots one QEMU machine, answers each '@@FRAME n'
from `gaugepanel show --step` (and each '@@SHOT name' from /init) with a QMP screendump,
and checks every frame's screendump against the host's offscreen render of the same
frame (`gaugepanel show --display offscreen` and, for frame 0, `gaugepanel testcard`),
and every shot against the text console's ('@@SHOT console'), with `gaugepanel compare`.
For '@@PANEL run' (`gaugepanel run` in the guest, tests panel, panel-board, connector and
boat) it drives the panel: line-protocol readings or NMEA 0183 sentences into the guest's
/dev/ttyS1 (a chardev socket), keys and a mouse wheel by QMP input-send-event, and
screendumps until they equal `gaugepanel render` of the board with the same values and page
(the VM's timing is loose).
--extra-head CONNECTOR=DEVICE,HEAD turns a second head of a multi-head device (virtio-gpu
max_outputs=2) on, as plugging in a monitor would: QEMU enables a head only when a UI
asks for a size on it, so a VNC server is put on that head and a minimal RFB client sends
it SetDesktopSize before the guest's driver loads; the guest then sees CONNECTOR connected
and screendumps of its frames and shots are taken from that head (QMP device, head).
For test 'touch' (--touch-dir: scripts/vm/touch.toml and vm-test.sh's copies of it) the
guest's /bin/inject (scripts/vm/inject.c) has made a uinput touchscreen and keyboard; the
host sends it 'inject swipe …' and 'inject key …' over the console while a run is driven,
and checks [display] mode (the run in 800x600, a mode bochs does not prefer; a mode it
lacks is one line, exit 2) and [input] touch, swipe and keys by screendumps against
`gaugepanel render --page N --theme night` (each such line starts with the key's name), and
the touch calibration keys (touch_invert_x, touch_swap_xy, touch_invert_y, touch_range) on
copies of the board by the page a swipe turns to (its three pages: previous differs from next).
For test 'wait' /init unloads the display driver and checks that runs without a wait fail at
once (boards/qemu.toml; --wait-board, a copy with wait = 60, given --wait-for-display 0);
then it starts boards/qemu.toml as systemd starts the unit — user gaugepanel, tty1 its
controlling terminal, NOTIFY_SOCKET (scripts/vm/notify.c), udev's group changes up to a second
late — and loads the driver 20 s later; the host checks the run said once that it waits
(in its log and in STATUS=), became READY=1, ran as gaugepanel with the console in graphics
mode, and shows the values.
Prints one 'ok: NAME: …' or 'FAIL: NAME: …' line per check (scripts/lib/checks.py's convention)."""
import argparse, json, os, re, select, socket, struct, subprocess, sys, threading, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from checks import line as check_line   # the scripts' one pass/fail convention

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

def dump(a, q, f, connector=None):
    """QMP screendump of the first head, or of the head CONNECTOR is on (--extra-head)."""
    where = {'device': a.heads[connector][0], 'head': a.heads[connector][1]} if connector in a.heads else {}
    r = q.cmd('screendump', filename=f, **where)
    if 'error' in r: print(f'# {a.name} screendump {where}: {r["error"]}', flush=True)

def vnc_ask_size(path, width, height):
    """A minimal RFB 3.8 client (security None) on QEMU's VNC server for one head: asks
    for a desktop size (SetDesktopSize, one screen), which QEMU passes on as the head's UI
    info; virtio-gpu enables the head and tells the guest. Returns the open socket (kept
    open for the run) and the server's first size and name."""
    s = socket.socket(socket.AF_UNIX)
    for _ in range(200):
        try: s.connect(path); break
        except OSError: time.sleep(0.05)
    s.settimeout(10)
    def recv(n):
        b = b''
        while len(b) < n:
            c = s.recv(n - len(b))
            if not c: raise OSError(f'VNC {path}: closed during the handshake')
            b += c
        return b
    if not recv(12).startswith(b'RFB '): raise OSError(f'VNC {path}: not an RFB server')
    s.sendall(b'RFB 003.008\n')
    types = recv(recv(1)[0])
    if 1 not in types: raise OSError(f'VNC {path}: no security type None ({list(types)})')
    s.sendall(b'\x01')
    if struct.unpack('>I', recv(4))[0] != 0: raise OSError(f'VNC {path}: security handshake failed')
    s.sendall(b'\x01')   # ClientInit: shared
    w, h = struct.unpack('>HH', recv(4)); recv(16); name = recv(struct.unpack('>I', recv(4))[0])
    s.sendall(struct.pack('>BxHi', 2, 1, -308))   # SetEncodings: ExtendedDesktopSize
    s.sendall(struct.pack('>BxHHBx', 251, width, height, 1) + struct.pack('>IHHHHI', 0, 0, 0, width, height, 0))
    return s, (w, h, name.decode('utf-8', 'replace'))

def compare(a, f, ref):
    """`gaugepanel compare`, the screendump first cropped to ref's size when it is larger
    (a board smaller than the mode is drawn at the top left): (same, how)."""
    rw, rh, _ = read_ppm(ref); w, h, _ = read_ppm(f)
    if (w, h) != (rw, rh) and w >= rw and h >= rh:
        crop = f[:-4] + '-crop.ppm'; crop_ppm(f, crop, rw, rh); f = crop
    c = subprocess.run([a.gp, 'compare', f, ref], capture_output=True, text=True)
    return c.returncode == 0, c.stdout.strip() or c.stderr.strip()

def screen_becomes(a, q, name, ref, timeout, connector=None, crop=False):
    """Screendumps until one equals ref (timing in the VM is loose): (same, seconds, how)."""
    t = time.time(); f = f'{a.out}/{a.name}-{name}.ppm'
    while True:
        dump(a, q, f, connector)
        if crop: same, how = compare(a, f, ref)
        else:
            c = subprocess.run([a.gp, 'compare', f, ref], capture_output=True, text=True)
            same, how = c.returncode == 0, c.stdout.strip() or c.stderr.strip()
        if same or time.time() - t > timeout:
            return same, time.time() - t, how
        time.sleep(0.2)

def render(a, board, name, values, page=0, theme=None):
    """`gaugepanel render` on the host: the picture the guest's `gaugepanel run` should show."""
    out = f'{a.out}/ref-{name}.ppm'
    sets = [x for k, v in values.items() for x in ('--set', f'{k}={v}')]
    subprocess.run([a.gp, 'render', board, *sets, '--page', str(page), *(['--theme', theme] if theme else []), '--out', out],
                   check=True, capture_output=True)
    return out

def key(q, qcode):
    for down in (True, False):
        q.cmd('input-send-event', events=[{'type': 'key', 'data': {'down': down, 'key': {'type': 'qcode', 'data': qcode}}}])

def nmea(body):
    """One NMEA 0183 sentence with its checksum: XOR of the bytes between '$' and '*'."""
    x = 0
    for c in body.encode(): x ^= c
    return f'${body}*{x:02X}\r\n'.encode()

def nmea_burst():
    """A second of a boat's instrument bus: the four sentences boat.toml reads (depth 8.4 m,
    apparent wind 325° R = 35° on the port bow at 14.2 kn, 6.1 kn through the water,
    heading 98.3° magnetic) among garbage, each garbage item carrying other values that
    would show if it got through. Returns (bytes, bad sentences the decoder must drop)."""
    good = [nmea('IIDBT,27.6,f,8.4,M,4.6,F'), nmea('WIMWV,325.0,R,14.2,N,A'),
            nmea('IIVHW,,T,,M,6.1,N,11.3,K'), nmea('IIHDG,98.3,,,7.1,W')]
    wrong = lambda s: s[:-4] + b'%02X\r\n' % (int(s[-4:-2], 16) ^ 0x5A)   # a checksum that does not match
    bad = [wrong(nmea('IIDBT,98.4,f,30.0,M,16.4,F')),            # bad checksum
           nmea('IIDBT,2x.6,f,8.x,M,4.6,F'),                    # checksum right, numbers not
           nmea('WIMWV,90.0,R,30.0,N,V'),                       # status V: data invalid
           b'$IIVHW,,T,,M,9.9,N',                               # cut off by the next '$'
           nmea('IIXDR,C,20.5,C,ENGINE,' + 'P,1.01,B,BARO,' * 5),  # longer than 82 bytes
           wrong(nmea('IIHDG,200.0,,,7.1,W'))]                  # bad checksum, last of the burst
    noise = [b'GaugePanel vm-test: not NMEA\r\n', b'\x00\xff\xfe\x13 line noise \x7f\r\n']
    burst = noise[0] + good[0] + bad[0] + bad[1] + good[1] + bad[2] + noise[1] + bad[3] + good[2] + bad[4] + good[3] + bad[5]
    return burst, len(bad)

def drive_panel(a, q, sensors, run):
    """The host's half of one 'panel' run: readings into ttyS1, keys by QMP, screendumps
    against `gaugepanel render`. Returns (ok, message) checks."""
    out = []
    def line(values): sensors.sendall((' '.join(f'{k}={v}' for k, v in values.items()) + '\n').encode())
    def expect(name, what, ref, timeout, connector=None, crop=False):
        same, sec, how = screen_becomes(a, q, f'run-{run}-{name}', ref, timeout, connector, crop)
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
    elif run == 'connector':   # boards/qemu.toml with [display] connector = the second head's
        board, c = a.connector_board, a.connector
        line(first)
        expect('values', f'board with connector = "{c}": "{desc}" on ttyS1, on {c}\'s head ({a.heads[c][0]} head {a.heads[c][1]})',
               render(a, board, 'connector-values', first), 10, connector=c)
        f = f'{a.out}/{a.name}-run-connector-head0.ppm'; dump(a, q, f)
        same, how = compare(a, f, a.screens['console']) if 'console' in a.screens else (False, 'no console screendump')
        out.append((same, f'run (connector) board with connector = "{c}": the first head kept the text console ({how})'))
    elif run == 'wait':   # boards/qemu.toml as the service runs it, started before the display driver was loaded
        board = a.board
        w, gone = a.waited.get('wait', {}), a.waited.get('gone', '?')
        try: late = f'{float(w["t1"]) - float(w["t0"]):.1f} s'
        except (KeyError, ValueError): late = '? s'
        line(first)
        same, sec, how = screen_becomes(a, q, 'run-wait-values', render(a, board, 'wait-values', first), 15)
        out.append((same, f'boot race: run (wait) of board.toml (no wait key: 120 s as a service) as the service runs it, '
                          f'started before the display driver was loaded (rmmod {gone}), which came {late} later: '
                          f'then "{desc}" on ttyS1, screen as render after {sec:.1f} s ({how})'))
    elif run == 'boat':   # dashboards/boat.toml fed NMEA 0183: the host's instrument bus, 2 bursts a second
        board = a.boat_board
        values = {'depth': 8.4, 'wind.angle': -35, 'wind.speed': 14.2, 'speed': 6.1, 'heading': 98.3}
        burst, bad = nmea_burst()
        stop, sent = threading.Event(), [0]
        def bus():
            while not stop.is_set():
                sensors.sendall(burst); sent[0] += 1; stop.wait(0.5)
        th = threading.Thread(target=bus, daemon=True); th.start()
        try:
            same, sec, how = screen_becomes(a, q, 'run-boat-nmea', render(a, board, 'boat-nmea', values), 20, crop=True)
        finally:
            stop.set(); th.join()
        time.sleep(0.5)   # the last burst read before SIGTERM: the dropped count is exact
        a.boat_sent = (sent[0], bad)
        out.append((same, f'run (boat) NMEA 0183 on ttyS1 (DBT, MWV, VHW, HDG among garbage, {sent[0]} burst{"s" if sent[0] != 1 else ""}): '
                          f'screen as render of {os.path.basename(board)} --set ' + ' --set '.join(f'{k}={v}' for k, v in values.items())
                          + f' after {sec:.1f} s ({how})'))
    elif run in TOUCH_RUNS:   # scripts/vm/touch.toml and its copies; input from the guest's uinput devices (inject)
        board = os.path.join(a.touch_dir, run + '.toml')
        values = {'rpm': 3100, 'speed': 72}
        desc = ' '.join(f'{k}={v}' for k, v in values.items())
        def becomes(name, ref, timeout=8):   # a page first drawn takes 2 s under TCG on a loaded host
            same, sec, how = screen_becomes(a, q, f'run-{run}-{name}', ref, timeout, crop=True)
            return same, f'after {sec:.1f} s ({how})'
        def page(n, theme=None): return render(a, board, f'{run}-page{n}' + (f'-{theme}' if theme else ''), values, n, theme)
        def unmoved(swipe, ref):   # a swipe that must do nothing, then KEY_F2: once that shows, the swipe has been read
            a.inject(swipe); a.inject('key KEY_F2')
            name = 'unmoved-' + swipe.replace(' ', '-')
            same, how = becomes(name, ref)
            time.sleep(1.0)
            f = f'{a.out}/{a.name}-run-{run}-{name}-later.ppm'; dump(a, q, f)
            still, how2 = compare(a, f, ref)
            return same, still, how, how2
        line(values)
        same, how = becomes('values', page(0), 10)
        if run == 'touch':   # [display] mode = "800x600": the screendump is of that mode
            w, h, _ = read_ppm(f'{a.out}/{a.name}-run-touch-values.ppm')
            pref = preferred_mode(a)
            out.append((same and (w, h) == (800, 600) and pref not in (None, '800x600'),
                        f'display.mode: run (touch) board with mode = "800x600" (Virtual-1 prefers {pref}): "{desc}" on ttyS1, '
                        f'screendump {w}x{h}, screen as render of the board {how}'))
        else:
            out.append((same, f'run ({run}) "{desc}" on ttyS1: screen as render {how}'))
        if run == 'touch':   # touch = "auto", swipe = true, keys F1 and F2 bound
            a.inject(SWIPE_LEFT)
            same, how = becomes('swipe-left', page(1))
            a.touch_seen['swipe'] = same
            out.append((same, f'input.swipe: run (touch) swipe = true, touch = "auto": a swipe to the left on the uinput touchscreen '
                              f'"GP Test Touch" ({SWIPE_WHAT}) turned to page 1, as render --page 1 {how}'))
            a.inject(SWIPE_RIGHT)
            same, how = becomes('swipe-right', page(0))
            out.append((same, f'input.swipe: run (touch) a swipe to the right went back to page 0 {how}'))
            a.inject('key KEY_F1')
            same, how = becomes('key-f1', page(1))
            out.append((same, 'input.keys: run (touch) KEY_F1 = "next_page" (F1 has no default binding) pressed on the uinput keyboard: '
                              f'page 1 {how}'))
            a.inject('key KEY_F2')
            same, how = becomes('key-f2', page(1, 'night'))
            out.append((same, 'input.keys: run (touch) KEY_F2 = "toggle_theme" pressed on the uinput keyboard: the night theme '
                              f'(render --theme night --page 1) {how}'))
            # the raw vertical swipe touch_swap_xy turns the page with: without it, nothing (KEY_F2 after it: day again)
            same, still, how, how2 = unmoved(SWIPE_UP, page(1))
            a.touch_seen['up-none'] = same and still
            out.append((same and still, f'input.touch_swap_xy: run (touch) without it a raw vertical swipe ({SWIPE_UP_WHAT}) turned nothing: '
                                        f'KEY_F2 pressed after it made the screen render --page 1 (day again) {how}, still so 1 s later ({how2})'))
        elif run in ('invx', 'range'):   # the swipe to the left mirrored: the previous page, 2 (pages wrap around)
            a.inject(SWIPE_LEFT)
            same, how = becomes('swipe-left', page(2))
            seen = a.touch_seen.get('swipe', False)
            what = ('input.touch_invert_x: run (invx) touch_invert_x = true: the swipe to the left that turned to the next page without it'
                    if run == 'invx' else
                    'input.touch_range: run (range) touch_range = [4095, 0, 0, 4095] (raw x 4095 at the left edge, 0 at the right): '
                    'the swipe to the left that turned to the next page with the device\'s range')
            out.append((same and seen, f'{what} ({"it did" if seen else "it did NOT: no evidence"}, page 1) turned to the previous page, '
                                       f'page 2 of 0-2 (render --page 2) {how}'))
        elif run == 'swap':   # touch_swap_xy = true: raw x is the panel's y and raw y its x
            same, still, how, how2 = unmoved(SWIPE_LEFT, page(0, 'night'))
            seen = a.touch_seen.get('swipe', False)
            out.append((same and still and seen,
                        f'input.touch_swap_xy: run (swap) touch_swap_xy = true: the raw swipe to the left ({SWIPE_WHAT}) that turned the page without it '
                        f'({"it did" if seen else "it did NOT: no evidence"}) ran up the panel and left page 0 as it was: KEY_F2 pressed after it '
                        f'made the screen render --theme night --page 0 {how}, still so 1 s later ({how2})'))
            a.inject(SWIPE_UP)
            same, how = becomes('swipe-up', page(1, 'night'))
            a.touch_seen['up'] = same
            seen = a.touch_seen.get('up-none', False)
            out.append((same and seen, f'input.touch_swap_xy: run (swap) touch_swap_xy = true: a raw vertical swipe ({SWIPE_UP_WHAT}), which turned nothing '
                                       f'without it ({"it did" if seen else "it did NOT: no evidence"}), ran to the left and turned to the next page '
                                       f'(render --page 1 --theme night) {how}'))
        elif run == 'swapinvy':   # as the kernel: the device's y mirrored first, then swapped: the swipe turns around
            a.inject(SWIPE_UP)
            same, how = becomes('swipe-up', page(2))
            seen = a.touch_seen.get('up', False)
            out.append((same and seen, f'input.touch_invert_y: run (swapinvy) touch_swap_xy = true with touch_invert_y = true: the raw vertical swipe that turned '
                                       f'to the next page with touch_swap_xy alone ({"it did" if seen else "it did NOT: no evidence"}) turned to the previous page, '
                                       f'page 2 of 0-2 (render --page 2): the device\'s y is mirrored before the swap, as touch-invy in the overlays {how}'))
        elif run in ('rot', 'rotinvy'):   # rotation = 90: the panel's y runs along the turned picture's x
            a.inject(SWIPE_UP)
            if run == 'rot':
                same, how = becomes('swipe-up', page(1))
                a.touch_seen['rot'] = same
                out.append((same, f'display.rotation: run (rot) rotation = 90 (portrait 768x1024 on the 1024x768 mode): a raw vertical swipe '
                                  f'({SWIPE_UP_WHAT}) ran to the left of the turned picture and turned to the next page (render --page 1) {how}'))
            else:
                same, how = becomes('swipe-up', page(2))
                seen = a.touch_seen.get('rot', False)
                out.append((same and seen, f'input.touch_invert_y: run (rotinvy) touch_invert_y = true on the board turned by rotation = 90: the raw vertical swipe '
                                           f'that turned to the next page without it ({"it did" if seen else "it did NOT: no evidence"}, page 1) turned to the '
                                           f'previous page, page 2 of 0-2 (render --page 2) {how}'))
        elif run == 'touchname':   # touch = the touchscreen's name
            a.inject(SWIPE_LEFT)
            same, how = becomes('swipe-left', page(1))
            out.append((same, f'input.touch: run (touchname) touch = "GP Test Touch" (the name of the device): a swipe to the left turned to page 1 {how}'))
        else:   # noswipe, notouch: the swipe must do nothing; KEY_F2 after it shows when it has been read
            a.inject(SWIPE_LEFT); a.inject('key KEY_F2')
            ref = page(0, 'night')
            same, how = becomes('swipe-then-f2', ref)
            time.sleep(1.0)
            f = f'{a.out}/{a.name}-run-{run}-later.ppm'; dump(a, q, f)
            still, how2 = compare(a, f, ref)
            seen = a.touch_seen.get('swipe', False)
            what = ('input.swipe: run (noswipe) swipe = false: the swipe to the left that turned the page with swipe = true'
                    if run == 'noswipe' else
                    'input.touch: run (notouch) touch = "none": the swipe to the left on the uinput touchscreen that turned the page with touch = "auto"')
            out.append((same and still and seen,
                        f'{what} ({"it did" if seen else "it did NOT: no evidence"}) left page 0 as it was: KEY_F2 pressed after it made the '
                        f'screen render --theme night --page 0 {how}, still so 1 s later ({how2})'))
    return out

# the 'touch' test's runs (boards in --touch-dir, run by /init in this order) and the swipes
# /bin/inject makes on its touchscreen
# (raw axis units 0…4095 on an 800-pixel-wide board: 391 pixels, the recogniser wants 80);
# SWIPE_UP, a raw vertical swipe, turns pages on the copies with touch_swap_xy or rotation = 90
TOUCH_RUNS = ('touch', 'touchname', 'noswipe', 'notouch', 'invx', 'swap', 'swapinvy', 'range', 'rot', 'rotinvy')
SWIPE_LEFT, SWIPE_RIGHT, SWIPE_UP = 'swipe 3000 2048 1000 2048', 'swipe 1000 2048 3000 2048', 'swipe 2048 3000 2048 1000'
SWIPE_WHAT = 'x 3000 to 1000 of 0-4095 at y 2048, 12 steps 16 ms apart'
SWIPE_UP_WHAT = 'y 3000 to 1000 at x 2048'

def preferred_mode(a):
    """The first connector's preferred mode, from `gaugepanel devices` ('modes: 1280x800@75* …')."""
    m = re.search(r'modes: (?:\S+ )*?(\d+x\d+)(?:@\d+)?\*', ' '.join(a.devs))
    return m.group(1) if m else None

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
    ap.add_argument('--timeout', type=float, default=200)
    ap.add_argument('--board', help="host path of the board file the 'panel' test runs (/etc/gaugepanel/board.toml)")
    ap.add_argument('--stale-board', help='the same with stale_after on its channels (/etc/gaugepanel/stale.toml)')
    ap.add_argument('--connector-board', help="the 'connector' test's board, naming the extra head's connector (/etc/gaugepanel/connector.toml)")
    ap.add_argument('--wait-board', help="the 'wait' test's board: boards/qemu.toml with [display] wait = 60 (/etc/gaugepanel/wait.toml)")
    ap.add_argument('--boat-board', help="the 'boat' test's board: dashboards/boat.toml on ttyS1 (/etc/gaugepanel/boat.toml)")
    ap.add_argument('--touch-dir', help="the 'touch' test's boards: scripts/vm/touch.toml as touch.toml and vm-test.sh's copies "
                                        "touchname, noswipe, notouch, badmode, invx, swap, swapinvy, range, rot, rotinvy (/etc/gaugepanel/touch/)")
    ap.add_argument('--extra-head', help='CONNECTOR=DEVICE,HEAD[,WxH]: a second head to turn on (default size 1024x768), '
                                         "screendumped for frames and shots on CONNECTOR (the 'connector' test)")
    a = ap.parse_args()
    a.heads, a.connector, a.head_size = {}, None, (1024, 768)
    if a.extra_head:
        a.connector, rest = a.extra_head.split('=', 1)
        dev, head, *size = rest.split(',')
        a.heads[a.connector] = (dev, int(head))
        if size: a.head_size = tuple(int(x) for x in size[0].split('x'))
    a.boat_sent = None
    a.touch_seen = {}   # the 'touch' run's positive results, which its negative copies lean on
    a.waited = {}       # test 'wait': /init's @@WAITED timings by run, @@WAITGONE
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
                               ('boat', ['boat']), ('touch', list(TOUCH_RUNS)), ('wait', ['wait'])) if t in tests for r in runs]
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
    stats, consoles, sigterms, screens = {}, {}, {}, {}   # @@STATS by test; @@CONSOLE, @@SIGTERM, @@SHOT by name
    a.screens = screens
    conn, head0, connstatus = {}, {}, {}   # connector= of each test's display line; the first head during a test on another; @@CONNSTATUS
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
                if s.startswith('@@DISPLAY '):   # show's machine-readable line (physical size, format, rotation)
                    d = json.loads(s[10:])
                    rot = str(d['rotate'])   # a rotated run is its own test: drm90, drm270; '@@TEST name' names others
                    current = named or d['kind'] + ('' if rot == '0' else rot)
                    geom[current] = (int(d['width']), int(d['height']), d['format'])
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
                    time.sleep(0.35 if current == 'fbdev' else 0.1)   # fbdev emulation flushes after ~50 ms
                    f = f'{a.out}/{a.name}-{current}-{n}.ppm'
                    dump(a, q, f, conn.get(current))
                    if conn.get(current) in a.heads:   # drawn on another head: the first one meanwhile
                        head0[current] = f'{a.out}/{a.name}-{current}-{n}-head0.ppm'; dump(a, q, head0[current])
                    shots.append((current, n, f, geom[current]))
                    p.stdin.write(b'go\n')
            if p.poll() is not None: break
        else:
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
        c = subprocess.run([a.gp, 'compare', screens[name], screens[console]], capture_output=True, text=True)
        return c.returncode == 0, c.stdout.strip() or c.stderr.strip()
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
    for t in [t for t in a.tests.split(',') if t in ('drm', 'fbdev', 'drm90', 'drm270', 'mode', 'connector')]:
        rotate = t[3:] if t.startswith('drm') and len(t) > 3 else '0'
        label = t if t != 'connector' else f'connector "{a.connector}" ({" head ".join(map(str, a.heads.get(a.connector, ())))}):'
        if t == 'connector':   # show --connector NAME: drawn on that head (its frames are screendumps of it)
            check(exits.get(t) == 0 and conn.get(t) == a.connector,
                  f'connector "{a.connector}": show --display drm --connector {a.connector} exit {exits.get(t)}, '
                  f'shown on {conn.get(t)} {geom.get(t, "")}, frames screendumped from {a.connector}\'s head')
        elif t == 'mode':
            modes = sorted({f'{w}x{h}' for _, _, _, (w, h, _) in [s for s in shots if s[0] == t]})
            check(exits.get(t) == 0 and '800x600' in modes and len(modes) == 2,
                  f'show --display drm --then-mode 800x600: exit {exits.get(t)}, frames screendumped in {" and ".join(modes)}')
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
                rw, rh, _ = read_ppm(ref)
                crop = f[:-4] + '-scene.ppm'; crop_ppm(f, crop, rw, rh)
                c = subprocess.run([a.gp, 'compare', crop, ref], capture_output=True, text=True)
                check(c.returncode == 0, f'{label} frame 0 vs testcard --format {fmt}: {c.stdout.strip() or c.stderr.strip()}')
            ref = f'{a.out}/ref-{w}x{h}-{fmt}-r{rotate}-{n}.ppm'
            subprocess.run([a.gp, 'show', '--display', 'offscreen', '--size', f'{w}x{h}', '--format', fmt,
                            '--rotate', rotate, '--frames', str(n), '--out', ref], check=True, capture_output=True)
            c = subprocess.run([a.gp, 'compare', f, ref], capture_output=True, text=True)
            check(c.returncode == 0, f'{label} frame {n} vs offscreen {w}x{h} {fmt} --rotate {rotate}: {c.stdout.strip() or c.stderr.strip()}')
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
                         ('nothenmode', ['/dev/dri/card0', 'no mode 123x45', '800x600']),
                         ('format', ['/dev/dri/card0', 'cannot scan out rgb565', '--format xrgb8888'])):
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
            if k == 'connector':
                said = [re.sub(r'.*\] ', '', l) for l in runlogs.get(k, []) if ' display drm ' in l]
                same, how = same_as_console(f'sigterm-run-connector-{a.connector}', f'console-{a.connector}')
                check(bool(said) and f'connector={a.connector} ' in said[0] and same,
                      f'run (connector) board with connector = "{a.connector}": the run said "{said[0][:110] if said else "?"}"; '
                      f'after SIGTERM {a.connector}\'s head shows the console again ({how})')
            if k == 'boat':   # every garbage sentence dropped and counted, the noise between them ignored
                d = re.search(r'dropped_lines=(\d+)', summary[0]) if summary else None
                n = re.search(r' samples=(\d+)', summary[0]) if summary else None
                fonts = [re.sub(r'.*fonts: ', '', l) for l in runlogs.get(k, []) if 'fonts: ' in l]
                sent, bad = a.boat_sent or (0, 0)
                check(bool(d) and sent > 0 and int(d.group(1)) == sent * bad,
                      f'run (boat) NMEA 0183 garbage dropped: dropped_lines={d.group(1) if d else "?"} for {sent} burst{"s" if sent != 1 else ""} of {bad} bad sentences '
                      f'(checksum, number, status V, cut off, overlong) and line noise; samples={n.group(1) if n else "?"}; fonts: {fonts[0] if fonts else "?"}')
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
