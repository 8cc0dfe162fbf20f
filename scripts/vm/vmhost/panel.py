"""The host's half of each '@@PANEL' run (`gaugepanel run` in the guest): readings into
ttyS1, keys and the mouse wheel by QMP, the 'touch' test's swipes and keys by the guest's
/bin/inject, screendumps against `gaugepanel render`; the touch runs and swipes, and the
first connector's preferred mode (main's checks use them too)."""
import os, re, threading, time

from .canbus import frames, n2k_boat, obd_answer, read_dbc
from .nmea import nmea_burst
from .qemu import dump, key
from .screens import as_rgb565, compare, read_ppm, render, screen_becomes
from panel import readings   # scripts/lib, on the path through .screens

def drive_panel(a, q, sensors, run):
    """The host's half of one 'panel' run: readings into ttyS1, keys by QMP, screendumps
    against `gaugepanel render`. Returns (ok, message) checks."""
    out = []
    def line(values): sensors.sendall((readings(values) + '\n').encode())
    def expect(name, what, ref, timeout, connector=None, crop=False):
        same, sec, how = screen_becomes(a, q, f'run-{run}-{name}', ref, timeout, connector, crop)
        out.append((same, f'run ({run}) {what}: screen as render after {sec:.1f} s ({how})'))
        return same, sec
    first = {'rpm': 3000, 'speed': 88, 'coolant': 90, 'fuel': 55}
    desc = readings(first)
    if run == 'board':
        board = a.board
        line(first)
        expect('values', f'"{desc}" on ttyS1', render(a, board, 'run-values', first), 10)
        key(q, 'right')
        # 8 s, as for every page first drawn: under TCG on a loaded host the turn took
        # 2–3 s, and once over 5 s (the screen then became page 1 and the next check passed).
        expect('page1', 'KEY_RIGHT (QMP input-send-event): page 1', render(a, board, 'run-page1', first, 1), 8)
        second = {'rpm': 6800, 'speed': 131, 'coolant': 98.5, 'fuel': 40}   # no alarm: alarms blink
        line(second)
        expect('page1-new', 'new readings on page 1 (' + readings(second) + ')',
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
    elif run == 'restart':   # boards/qemu.toml started after a panel was killed (test 'kill9')
        board = a.board
        line(first)
        expect('values', f'after a panel was killed (SIGKILL): "{desc}" on ttyS1', render(a, board, 'restart-values', first), 10)
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
    elif run == 'fbconv':   # boards/qemu.toml (xrgb8888) with output = "fbdev" on a 16 bpp framebuffer
        board = a.fbconv_board
        line(first)
        ref = as_rgb565(render(a, board, 'fbconv-values', first), f'{a.out}/ref-fbconv-values-as-rgb565.ppm')
        expect('values', f'xrgb8888 board on the 16 bpp fbdev: "{desc}" on ttyS1, as render packed to rgb565 (the rule, in Python)',
               ref, 15, crop=True)
    elif run == 'can':   # boards/qemu.toml's copy on CAN: the car (can1, /init's canctl) sends qemu-car.dbc's frames
        out += drive_can(a, q, first)
    elif run in ('canobd', 'canobd29'):   # the copy polling OBD-II PIDs (11-bit, 29-bit ids); /init's canctl ecu on can1 answers them
        out += drive_canobd(a, q, run)
    elif run == 'can2k':   # dashboards/boat.toml's copy on NMEA 2000; the host's frames sent on can1
        out += drive_can2k(a, q)
    elif run in TOUCH_RUNS:   # scripts/vm/touch.toml and its copies; input from the guest's uinput devices (inject)
        board = os.path.join(a.touch_dir, run + '.toml')
        values = {'rpm': 3100, 'speed': 72}
        desc = readings(values)
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


def drive_can(a, q, first):
    """The 'can' run: the values as DBC frames sent on can1 every 100 ms (the panel's CAN sensor
    reads can0); can0 taken down (stale within 2 s) and up again (values back within 2 s);
    both controllers unplugged (their driver removed) for 4 s and back (values within 2 s);
    can0 flapping 20 times (values back within 2 s after); then a flood of frames the DBC
    does not describe, which must cost no redraws."""
    out, board = [], a.can_board
    text = open(board, encoding='utf-8').read()
    sources = dict(re.findall(r'name\s*=\s*"([^"]+)"\s*\n\s*source\s*=\s*"([^"]+)"', text))
    dbc = os.path.join(os.path.dirname(board), re.search(r'^dbc\s*=\s*"([^"]+)"', text, re.M).group(1))
    msgs = read_dbc(dbc)
    def cyclic(values): return a.ask('cyclic ' + ' '.join(frames(msgs, values, sources)))
    def becomes(name, ref, timeout): return screen_becomes(a, q, name, ref, timeout, crop=True, interval=0.05)
    desc = readings
    def sets(values): return ' '.join(f'--set {k}={v}' for k, v in values.items())
    try:   # the frames checked against cantools where the host has it (the encoder is the harness's own)
        import cantools
        db = cantools.database.load_file(dbc)
        theirs = []
        for m in msgs:
            mine = [f for f in frames(msgs, first, sources) if f.split('#')[0] == (f'{msgs[m][0]:08X}' if msgs[m][1] else f'{msgs[m][0]:03X}')]
            sigs = {sources[c].split('.')[1]: v for c, v in first.items() if sources[c].startswith(m + '.')}
            theirs.append((mine[0].split('#')[1] if mine else '?', db.encode_message(m, sigs).hex().upper()))
        agree = all(x == y for x, y in theirs)
        out.append((agree, f'run (can) the harness\'s DBC encoder agrees with cantools {cantools.__version__}: '
                           + ', '.join(f'{x} / {y}' for x, y in theirs)))
    except ImportError:
        out.append((None, 'can: cantools not installed: frames from the harness\'s own encoder (scripts/vm/vmhost/canbus.py) only'))
    sent = frames(msgs, first, sources)
    cyclic(first)
    same, sec, how = screen_becomes(a, q, 'run-can-values', render(a, board, 'can-values', first), 10)
    out.append((same, f'run (can) {desc(first)} as DBC frames on can1 ({" ".join(sent)}, every 100 ms) read from can0: '
                      f'screen as render {sets(first)} after {sec:.1f} s ({how})'))
    second = {'rpm': 6800, 'speed': 131, 'coolant': 98.5, 'fuel': 40}
    cyclic(second)
    shown, sec, how = screen_becomes(a, q, 'run-can-new', render(a, board, 'can-new', second), 5)
    out.append((shown, f'run (can) new values {desc(second)}: screen as render after {sec:.1f} s ({how})'))
    # the panel's controller off the bus while the car goes on sending
    stale_ref = render(a, board, 'can-stale', {})
    rc, _, said = a.ask('can down can0')
    same, down_s, how = becomes('run-can-down', stale_ref, 6)
    out.append((same and down_s <= 2 and rc == 0 and shown,
                f'run (can) canctl down can0 (exit {rc}{": " + said if said else ""}): the values shown before '
                f'({"they were" if shown else "they were NOT: no evidence"}) stale (render without values) after {down_s:.1f} s (at most 2) ({how})'))
    third = {'rpm': 800, 'speed': 0, 'coolant': -12.5, 'fuel': 40}   # COOLANT below zero: the signed signal
    cyclic(third)
    up_ref = render(a, board, 'can-up', third)
    rc, _, said = a.ask('can up can0 500000')
    same, up_s, how = becomes('run-can-up', up_ref, 6)
    out.append((same and up_s <= 2 and rc == 0, f'run (can) canctl up can0 500000 (exit {rc}{": " + said if said else ""}) while the car sends '
                                                f'{desc(third)}: screen as render after {up_s:.1f} s (at most 2) ({how})'))
    out.append((None, f'can: stale {down_s:.1f} s after canctl down can0; values back {up_s:.1f} s after canctl up can0'))
    # unplugged: the controllers' driver removed (can0 and can1 vanish) for 4 s, then loaded
    # again and the interfaces brought up while the car sends new values
    rc, _, said = a.ask('unplug')
    gone, gone_s, how = becomes('run-can-unplugged', stale_ref, 6)
    out.append((gone and gone_s <= 2 and rc == 0, f'run (can) rmmod kvaser_pci (exit {rc}{": " + said if said else ""}): '
                                                  f'can0 gone, the values stale after {gone_s:.1f} s (at most 2) ({how})'))
    time.sleep(4)
    fourth = {'rpm': 2400, 'speed': 64, 'coolant': 82, 'fuel': 30}
    cyclic(fourth)
    back_ref = render(a, board, 'can-replug', fourth)
    rc, _, said = a.ask('replug')
    back, back_s, how = becomes('run-can-replugged', back_ref, 6)
    out.append((back and back_s <= 2 and rc == 0, f'run (can) modprobe kvaser_pci and canctl up can0, can1 (exit {rc}{": " + said if said else ""}) '
                                                  f'after 4 s unplugged, the car sending {desc(fourth)}: screen as render after {back_s:.1f} s (at most 2) ({how})'))
    out.append((None, f'can: stale {gone_s:.1f} s after the controller vanished; values back {back_s:.1f} s after it returned'))
    # a loose connector: can0 down and up 20 times, 0.2 s each way; the values back after it
    # (the log's side is checked with the run's output: a few lines, not two a flap)
    rc, _, said = a.ask('flap 20')
    flapped, flap_s, how = becomes('run-can-flapped', back_ref, 6)
    out.append((flapped and flap_s <= 2 and rc == 0, f'run (can) can0 down and up 20 times, 0.2 s each way (exit {rc}{": " + said if said else ""}): '
                                                     f'screen as render {flap_s:.1f} s after the last up (at most 2) ({how})'))
    # the flood: frames the DBC does not describe; the panel's frame count (stats every 0.5 s) over
    # a quiet window first (the car stopped: nothing new to draw), then over the flood
    a.ask('cyclic'); time.sleep(0.6)
    def drawn():
        _, up, line = a.ask('stats')
        m = re.search(r'\bframes=(\d+)', line)
        return (int(m.group(1)), up) if m else (None, up)
    f0, u0 = drawn(); time.sleep(2.5); f1, u1 = drawn()
    rc, _, said = a.ask('can replay can1 /etc/gaugepanel/can/flood.log')
    time.sleep(1.0); f2, u2 = drawn()
    f = f'{a.out}/{a.name}-run-can-flood.ppm'; dump(a, q, f)
    still, how = compare(a, f, back_ref)
    n = sum(1 for _ in open(os.path.join(os.path.dirname(board), 'flood.log')))
    if None in (f0, f1, f2):
        out.append((None, f'can: flood check skipped: no frame count from the run\'s stats lines (--stats-interval 0.5)'))
        out.append((still and rc == 0, f'run (can) {n} frames with ids qemu-car.dbc does not describe (canctl replay: exit {rc}, {said}): '
                                       f'screen still as render ({how})'))
    elif f1 != f0:
        out.append((None, f'can: flood check skipped: the panel drew {f1 - f0} frames in {u1 - u0:.1f} s with the car silent'))
        out.append((still and rc == 0, f'run (can) {n} frames with ids qemu-car.dbc does not describe (canctl replay: exit {rc}, {said}): '
                                       f'screen still as render ({how})'))
    else:
        out.append((still and rc == 0 and f2 == f1,
                    f'run (can) {n} frames with ids qemu-car.dbc does not describe (canctl replay: exit {rc}, {said}): '
                    f'{f2 - f1} frames drawn over {u2 - u1:.1f} s (0 over {u1 - u0:.1f} s before, the car silent; frames={f2}); '
                    f'screen still as render ({how})'))
    return out


# the 'canobd' run's channels: the board's name, the OBD-II PID its source names
OBD_CHANNELS = {'rpm': 0x0C, 'speed': 0x0D, 'coolant': 0x05, 'fuel': 0x2F}

def drive_canobd(a, q, run='canobd'):
    """The 'canobd' run: an ECU on can1 (canctl ecu) answers the panel's mode 01 requests for
    the four PIDs the board shows (refusing 0x11, silent on 0x42); the screen must become the
    render of the values the answers carry (the PID formulas), then of new answers. The
    'canobd29' run does the same with the copy whose obd_ids = 29 and an ECU on 29-bit ids
    (canctl ecu --29: requests on 0x18DB33F1, answers from ECU 0x10's 0x18DAF110)."""
    ext = run == 'canobd29'
    out, board = [], os.path.join(os.path.dirname(a.can_board), 'obd29.toml' if ext else 'obd.toml')
    how_ids = ('obd_ids = 29: ECU on can1 answering 0x18DB33F1 from 0x18DAF110' if ext else 'ECU on can1')
    def ecu(values):
        answers, shown = [], {}
        for ch, v in values.items():
            pid = OBD_CHANNELS[ch]
            data, shown[ch] = obd_answer(pid, v)
            answers.append(f'{pid:02X}={data}')
        rc, _, said = a.ask('ecu ' + ' '.join((['--29'] if ext else []) + answers + ['11=!']))
        return answers, shown, rc
    for name, values, timeout in (('values', {'rpm': 3000, 'speed': 88, 'coolant': 90, 'fuel': 20}, 10),
                                  ('new', {'rpm': 6800, 'speed': 131, 'coolant': 98, 'fuel': 40}, 6)):
        answers, shown, rc = ecu(values)
        same, sec, how = screen_becomes(a, q, f'run-{run}-{name}', render(a, board, f'{run}-{name}', shown), timeout)
        out.append((same and rc == 0, f'run ({run}) {"new answers: " if name == "new" else ""}{how_ids} (canctl ecu can1 {"--29 " if ext else ""}{" ".join(answers)} 11=!, '
                                      f'from {"0x18DAF110" if ext else "0x7E8"}) polled by protocol = "obd2" on can0: screen as render '
                                      + ' '.join(f'--set {k}={v:g}' for k, v in shown.items()) + f' after {sec:.1f} s ({how})'))
    time.sleep(2.0)   # the unanswered PID (0x42) given up after 5 requests (0.25 s apart at most): logged by then
    return out

def drive_can2k(a, q):
    """The 'can2k' run: the boat's instruments as NMEA 2000 frames (depth, wind, speed through
    water, heading; an engine's fast packet among them) sent on can1 every 100 ms; the screen
    must become the render of the copy with the values those frames carry."""
    out, board = [], os.path.join(os.path.dirname(a.can_board), 'n2k.toml')
    text = open(board, encoding='utf-8').read()
    sources = dict(re.findall(r'name\s*=\s*"([^"]+)"\s*\n\s*source\s*=\s*"([^"]+)"', text))
    sent, carried = n2k_boat(depth=8.4, wind_angle=-35, wind_speed=14.2, speed=6.1, heading=98.3, coolant=82.5)
    values = {ch: carried[src] for ch, src in sources.items()}
    rc, _, _ = a.ask('cyclic ' + ' '.join(sent))
    try:
        same, sec, how = screen_becomes(a, q, 'run-can2k-values', render(a, board, 'can2k-values', values), 20, crop=True)
    finally:
        a.ask('cyclic')
    fast = [f for f in sent if f.startswith('09F201')]
    out.append((same and rc == 0 and len(values) == 5,
                f'run (can2k) NMEA 2000 on can1 (PGNs 128267, 130306, 128259, 127250 and 127489 as a fast packet of {len(fast)} frames, '
                f'every 100 ms: {" ".join(sent)}) read by protocol = "nmea2000" on can0: screen as render of {os.path.basename(board)} '
                + ' '.join(f'--set {k}={v:.4g}' for k, v in values.items()) + f' after {sec:.1f} s ({how})'))
    return out
