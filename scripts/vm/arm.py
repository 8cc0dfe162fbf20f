#!/usr/bin/env python3
"""Host side of scripts/vm-arm-test.sh: boots one ARM QEMU machine (-M virt, TCG) with
Debian's kernel and the initramfs (scripts/vm/arm-init, busybox, the firmware), answers
each '@@SHOT name' with a QMP screendump and '@@PANEL board' by driving the firmware's
`gaugepanel run`: a line-protocol reading into the guest's sensor port (a virtconsole on
virtio-serial, /dev/hvc0, whose other end is a socket here), keys by QMP input-send-event
(virtio-keyboard), and screendumps until they equal the host's `gaugepanel render` of the
same board, values and page (bit for bit, `gaugepanel compare`). Then checks what the
guest said: boot, the virtio-gpu DRM device, `--version`, `check` of broken boards (the
same lines and exit status as the host's), a missing device, SIGTERM (exit 0, the text
console back: the screendump equals the one taken before any test).
armv6 boots -M raspi0 (BCM2835, ARM1176; --dtb) instead, which has no display QEMU can
dump and no virtio: the guest runs with GP_DISPLAY=none, the screen checks are left out,
its `headless` and `line` tests run offscreen and send snapshot PNGs back in base64 lines
on the console, and the sensor line is the BCM2835's mini UART (QEMU's second -serial, the
guest's /dev/ttyS1).
Test 'can' (aarch64; vm-arm-test.sh says why not on armv7 and armv6): two kvaser_pci cards on one QEMU CAN bus; the guest
brings can0 and can1 up (scripts/vm/canctl.c, cross-compiled, static) and runs the firmware on
the copy of boards/qemu.toml decoding scripts/vm/qemu-car.dbc on can0 (--can-board, made by
scripts/vm/can-boards.sh); the host drives it as the x86_64 harness's 'can' test does (vmhost/
panel.py's drive_can: the car's frames on can1, can0 down and up, both controllers unplugged and
back, a flood of unknown ids), each screen compared with `gaugepanel render --set` bit for bit;
then the OBD-II copies, 11-bit and obd_ids = 29, polled while an ECU on can1 answers (drive_canobd,
as the x86_64 'canobd' test).
Test 'net' (--net): QEMU's user networking on a virtio-net-pci card; the guest's eth0 at
10.0.2.15/24 reaches a mosquitto and a TCP server on the host's loopback as 10.0.2.2
(vmhost/network.py: the MQTT and TCP copies of boards/qemu.toml, values, the peer stopped
and back, each screen compared with `gaugepanel render --set` bit for bit).
Test 'gpio' (aarch64): the firmware's [[output]] on -M virt's PL061 GPIO controller
(vmhost/gpio_arm.py: thresholds, the shift light, a line the kernel holds, SIGTERM).
Prints one 'ok: ARCH: …' or 'FAIL: ARCH: …' line per check (scripts/lib/checks.py)."""
import argparse, base64, os, re, socket, subprocess, sys, time
sys.dont_write_bytecode = True   # no __pycache__ in scripts/vm from importing run.py
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE); sys.path.insert(0, os.path.join(HERE, '..', 'lib'))
from checks import Checks
import panel   # the harnesses' one way to run gaugepanel
from run import QMP, dump, compare, render, key, screen_becomes   # the x86 harness's host side
from vmhost.screens import exact
from vmhost.panel import drive_can, drive_canobd
from vmhost.gpio_arm import drive_gpio
from vmhost.qemu import ConsoleLines
from vmhost.network import NetTest, QEMU_ARGS as NET_QEMU_ARGS, RUNS as NET_RUNS

MACHINES = {   # qemu binary, CPU, the console's serial port
    'aarch64': ('qemu-system-aarch64', 'cortex-a53', 'ttyAMA0'),
    'armv7': ('qemu-system-arm', 'cortex-a15', 'ttyAMA0'),
    'armv6': ('qemu-system-arm', 'arm1176', 'ttyAMA0'),
}
# -M virt options: a 32-bit kernel without LPAE (armmp) cannot reach the PCIe ECAM QEMU puts
# above 4 GB ("can't claim ECAM area"); highmem=off keeps it low
MACHINE_OPTS = {'aarch64': 'virt', 'armv7': 'virt,highmem=off', 'armv6': 'raspi0'}
# raspi0 (Pi Zero: 512 MB, the PL011 the console): no display device, no PCI. QEMU does not
# map the BCM2835 power domains' ASB registers, so their driver's probe faults (an external
# abort, the boot panics) unless it is kept from running.
HEADLESS = {'armv6'}
EXTRA_APPEND = {'armv6': ' initcall_blacklist=bcm2835_power_driver_init GP_DISPLAY=none'}
# raspi0's clock events come from the BCM2835 system timer: Linux writes "counter now + delta"
# to a compare register, and QEMU fires it when its 32-bit counter reaches that value. Without
# -icount that counter follows the host's clock, so a host that preempts QEMU between the
# guest's read and its write (a busy CI machine) puts the compare in the past: QEMU's timer is
# then about 71 minutes away and the guest stops (no tick, no wake-up, a silent console).
# With -icount the guest's clock counts its instructions, which no host preemption moves; the
# compare is then a few instructions (at most a few microseconds) after the read, inside the
# driver's 15 us minimum. shift=auto: an instruction's nanoseconds follow the host's pace
# (shift=1, a fixed 2 ns, made the harness 2-3 times slower on a loaded host).
CLOCK_OPTS = {'armv6': ['-icount', 'shift=auto']}
# test 'can': the runs /init makes (scripts/vm/arm-init's can_panel), their boards in the guest
CAN_RUNS = {'can': 'can/canpanel.toml', 'canobd': 'can/obd.toml', 'canobd29': 'can/obd29.toml'}
FIRST = {'rpm': 3000, 'speed': 88, 'coolant': 90, 'fuel': 55}
SECOND = {'rpm': 6800, 'speed': 131, 'coolant': 98.5, 'fuel': 40}   # no alarm: alarms blink

desc = panel.readings

def drive_panel(a, q, sensors, keys):
    """The host's half of the run: (ok, message) checks."""
    out = []
    def line(values): sensors.sendall((desc(values) + '\n').encode())
    def expect(name, what, ref, timeout):
        same, sec, how = screen_becomes(a, q, f'run-{name}', ref, timeout)
        out.append((same, f'run --board {os.path.basename(a.board)}: {what}: screen as `gaugepanel render` after {sec:.1f} s ({how})'))
        return same
    line(FIRST)
    expect('values', f'"{desc(FIRST)}" on {a.port}', render(a, a.board, 'values', FIRST), a.settle)
    if keys:
        key(q, 'right')
        expect('page1', 'KEY_RIGHT (QMP input-send-event, virtio-keyboard): page 1 (render --page 1)',
               render(a, a.board, 'page1', FIRST, 1), a.settle)
        line(SECOND)
        expect('page1-new', f'new readings "{desc(SECOND)}" on page 1', render(a, a.board, 'page1-new', SECOND, 1), a.settle)
        key(q, 'left')
        expect('page0', 'KEY_LEFT: page 0', render(a, a.board, 'page0', SECOND, 0), a.settle)
    return out

def memory_breakdown(smaps, status, mem, binary='/bin/gaugepanel'):
    """A few lines saying where a process's resident memory is, from its /proc/<pid>/smaps
    (Rss per mapping), status and VmRSS samples taken at start-up ([uptime, kB] pairs)."""
    maps = []   # [start, end, perms, name, rss kB]
    for l in smaps:
        f = l.split()
        if f and '-' in f[0] and len(f) >= 5 and not f[0].endswith(':'):
            lo, hi = (int(x, 16) for x in f[0].split('-'))
            maps.append([lo, hi, f[1], f[5] if len(f) > 5 else '', 0])
        elif f and f[0] == 'Rss:' and maps: maps[-1][4] = int(f[1])
    kb = lambda m: (m[1] - m[0]) // 1024
    out = []
    def num(k): return status.get(k, '?').replace(' kB', '')
    out.append(f'VmRSS {num("VmRSS")} kB, VmHWM {num("VmHWM")} kB (RssAnon {num("RssAnon")}, RssFile {num("RssFile")}, '
               f'RssShmem {num("RssShmem")} kB: the initramfs is tmpfs, so the binary and fonts count as shmem); '
               f'smaps: {sum(m[4] for m in maps)} kB in {len(maps)} mappings')
    exe = [m for m in maps if m[3] == binary]
    end = max((m[1] for m in exe), default=-1)
    bss = [m for m in maps if m[3] == '' and m[0] == end]
    parts = []
    for label, test in (('text', lambda m: 'x' in m[2]), ('rodata', lambda m: m[2].startswith('r--')),
                        ('data', lambda m: m[2].startswith('rw'))):
        for m in exe:
            if test(m): parts.append(f'{label} {m[4]} of {kb(m)}')
    for m in bss: parts.append(f'bss {m[4]} of {kb(m)}')
    out.append(f'binary {binary}: ' + ', '.join(parts) + ' kB (pages touched)')
    named = {}
    for m in maps:
        if m in exe or m in bss: continue
        name = m[3] or 'anonymous'
        n = named.setdefault(name, [0, 0, []]); n[0] += m[4]; n[1] += 1; n[2].append((m[4], kb(m)))
    rest = sorted(named.items(), key=lambda kv: -kv[1][0])
    line = []
    for name, (rss, count, each) in rest:
        if rss == 0: continue
        what = os.path.basename(name) if name.startswith('/') else name
        sizes = ' '.join(f'{r}/{size}' for r, size in sorted(each, reverse=True) if r)
        line.append(f'{what} {rss} kB' + (f' in {count} mappings (kB resident/mapped: {sizes})' if count > 1 else
                                          f' (of {each[0][1]} kB mapped)' if name == 'anonymous' else ''))
    out.append('besides: ' + '; '.join(line))
    if mem:
        t0 = float(mem[0][0])
        series = ' '.join(f'{float(m[0]) - t0:.1f}s:{m[1] if len(m) > 1 else "-"}' for m in mem)
        out.append(f'start-up VmRSS (kB, from status, whose counters may lag smaps by a few faults): {series}')
    return out

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--arch', required=True, choices=sorted(MACHINES))
    ap.add_argument('--kernel', required=True); ap.add_argument('--initrd', required=True)
    ap.add_argument('--kver', default='?')
    ap.add_argument('--mods', required=True, help='modules /init loads, comma separated')
    ap.add_argument('--tests', default='console,version,check,missing,panel')
    ap.add_argument('--keys', action='store_true', help='press keys in the panel run')
    ap.add_argument('--gp', required=True, help="the host's gaugepanel (render, check, compare)")
    ap.add_argument('--board', required=True, help='host path of the board /init runs (/etc/gaugepanel/board.toml)')
    ap.add_argument('--boards', required=True, help='host folder holding broken.toml and syntax.toml as in the guest')
    ap.add_argument('--port', default='/dev/hvc0', help="the guest's sensor port")
    ap.add_argument('--dtb', help='the device tree (armv6: bcm2835-rpi-zero.dtb)')
    ap.add_argument('--still', help="host path of the board the guest's `headless` test runs (still.toml)")
    ap.add_argument('--can-board', help="host path of the board test 'can' runs (can/canpanel.toml in the guest)")
    ap.add_argument('--can', default='', help="QEMU's CAN controllers for test 'can': 'kvaser_pci'")
    ap.add_argument('--net', action='store_true', help="test 'net': QEMU user networking, a broker and a TCP server on the host")
    ap.add_argument('--out', required=True)
    ap.add_argument('--timeout', type=float, default=300)
    ap.add_argument('--settle', type=float, default=30, help='seconds a screen may take to become the render')
    a = ap.parse_args()
    a.name, a.heads = a.arch, {}
    os.makedirs(a.out, exist_ok=True)
    qemu_bin, cpu, console = MACHINES[a.arch]
    qmp, sensors_path = f'{a.out}/qmp.sock', f'{a.out}/sensors.sock'
    for s in (qmp, sensors_path):
        if os.path.exists(s): os.unlink(s)
    headless = a.arch in HEADLESS
    net = NetTest(a) if a.net else None   # its peers listen before the guest boots: their ports go on the command line
    cmdline = f'console={console} panic=-1 quiet print-fatal-signals=1 GP_MODS={a.mods} GP_TESTS={a.tests} GP_PORT={a.port}' + EXTRA_APPEND.get(a.arch, '')
    if net: cmdline += net.cmdline()
    qemu = [qemu_bin, '-M', MACHINE_OPTS[a.arch], '-cpu', cpu, '-m', '512', '-smp', '1', '-accel', 'tcg', '-display', 'none', '-nodefaults',
            '-no-reboot', '-serial', 'stdio', '-qmp', f'unix:{qmp},server=on,wait=off',
            '-kernel', a.kernel, '-initrd', a.initrd, '-append', cmdline] + (['-dtb', a.dtb] if a.dtb else []) + CLOCK_OPTS.get(a.arch, [])
    if not headless:
        qemu += ['-device', 'virtio-gpu-pci', '-device', 'virtio-keyboard-pci',
                 # the sensor line: a virtconsole port (the guest's /dev/hvc0, a tty) on virtio-serial
                 '-device', 'virtio-serial-pci', '-chardev', f'socket,id=sensors,path={sensors_path},server=on,wait=off',
                 '-device', 'virtconsole,chardev=sensors,name=gp.sensors']
        if a.can:   # two controllers on one QEMU CAN bus: can0 the panel's, can1 the car
            qemu += ['-object', 'can-bus,id=canbus0'] + ['-device', f'{a.can},canbus=canbus0'] * 2
        if net: qemu += NET_QEMU_ARGS
    else:   # the mini UART (ttyS1; its device tree node enabled by the --dtb given) is serial 1
        qemu += ['-chardev', f'socket,id=sensors,path={sensors_path},server=on,wait=off', '-serial', 'chardev:sensors']
    t0 = time.time()
    p = subprocess.Popen(qemu, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0)
    q = QMP(qmp)
    sensors = socket.socket(socket.AF_UNIX)
    for _ in range(100):
        try: sensors.connect(sensors_path); break
        except OSError: time.sleep(0.05)
    log = open(f'{a.out}/console.log', 'w')
    said, exits, devs, runlog, screens, panel_checks, info = {}, {}, [], [], {}, [], {}
    smaps, status, mem = [], {}, []   # the figures run's /proc/<pid>/smaps, status, start-up VmRSS
    files, receiving = {}, None   # files the guest sends in base64 lines (@@FILE name, @@B64, @@FILEEND)
    console = ConsoleLines(p, log, t0, a.timeout); feed = iter(console)
    canup, canrun, can_checks = {}, {}, []
    gpiochips, gpio_checks = [], []   # test 'gpio': @@GPIOCHIP lines, the drive's checks   # test 'can': @@CANUP by interface, @@CANRUN lines by run, the drives' checks
    def ask(cmd):   # a command of scripts/vm/can-commands.sh: its '@@DONE rc uptime [output]'
        p.stdin.write(f'{cmd}\n'.encode())
        for s in feed:
            if s.startswith('@@DONE '):
                rc, up, *out = s[7:].split(' ', 2)
                return int(rc), float(up), (out[0] if out else '')
        return None, None, 'no answer (the console ended)'
    a.ask = ask
    try:
        for s in feed:
            word, _, rest = s.partition(' ')
            if word in ('@@START', '@@BOOTED', '@@END', '@@STARTED', '@@SIGTERM'):
                info[word[2:]] = dict(x.split('=', 1) for x in rest.split() if '=' in x)
                info[word[2:]]['_at'] = time.time() - t0
                if word == '@@START': info['uname'] = rest.split(' ', 1)[1] if ' ' in rest else rest
            elif word == '@@DEV': devs.append(rest)
            elif word == '@@FILE': receiving = rest; files[rest] = []
            elif word == '@@B64' and receiving: files[receiving].append(rest)
            elif word == '@@FILEEND': receiving = None
            elif word == '@@OUT': k, _, msg = rest.partition(' '); said.setdefault(k, []).append(msg)
            elif word == '@@EXIT': k, rc = rest.split(); exits[k] = int(rc)
            elif word == '@@RUN': runlog.append(rest)
            elif word in ('@@WARN', '@@FIGURE'):
                print(f'# {a.name}: {rest}', flush=True)
                if rest.startswith('headless demo after') and smaps:
                    for l in memory_breakdown(smaps, status, mem): print(f'# {a.name}:   {l}', flush=True)
            elif word == '@@SMAPS': smaps.append(rest)
            elif word == '@@STATUS':
                k, _, v = rest.partition(':'); status[k] = v.strip()
            elif word == '@@MEM': mem.append(rest.split())
            elif word == '@@SHOT':
                time.sleep(0.5)   # fbcon's redraw goes through the fbdev emulation's deferred flush
                f = f'{a.out}/{a.name}-shot-{rest}.ppm'; dump(a, q, f); screens[rest] = f
                p.stdin.write(b'go\n')
            elif word == '@@SENSORS':   # the offscreen `line` test: one reading on the port
                try: sensors.sendall((desc(FIRST) + '\n').encode())
                except OSError as e: print(f'# {a.name}: sensor port: {e}', flush=True)
                p.stdin.write(b'go\n')
            elif word == '@@CANUP': c, _, msg = rest.partition(' '); canup[c] = msg
            elif word == '@@CANRUN': k, _, msg = rest.partition(' '); canrun.setdefault(k, []).append(msg)
            elif word in ('@@CANSTARTED', '@@CANSIGTERM'):
                k, _, kv = rest.partition(' ')
                info[(word[2:], k)] = dict(x.split('=', 1) for x in kv.split() if '=' in x)
            elif word == '@@GPIOCHIP': gpiochips.append(rest)
            elif word == '@@GPIO' and rest == 'ready':   # test 'gpio' (vmhost/gpio_arm.py)
                try: gpio_checks += drive_gpio(p, feed, sensors, gpiochips)
                except OSError as e: gpio_checks.append((False, f'gpio: {e}'))
                p.stdin.write(b'end\n')
            elif word == '@@PANEL' and rest in CAN_RUNS:
                if info.get(('CANSTARTED', rest), {}).get('alive') == 'yes':
                    try: can_checks += drive_can(a, q, FIRST) if rest == 'can' else drive_canobd(a, q, rest)
                    except (OSError, subprocess.CalledProcessError) as e:
                        can_checks.append((False, f'run ({rest}): {e} {getattr(e, "stderr", "") or ""}'))
                p.stdin.write(b'go\n')
            elif net and net.on_line(word, rest): pass
            elif word == '@@PANEL' and rest in NET_RUNS and net:
                try: net.drive(q, rest)
                except (OSError, RuntimeError, subprocess.CalledProcessError) as e:
                    net.checks.append((False, f'run ({rest}): {e} {getattr(e, "stderr", "") or ""}'))
                p.stdin.write(b'go\n')
            elif word == '@@PANEL' and info.get('STARTED', {}).get('alive') != 'yes':
                p.stdin.write(b'go\n')   # nothing to drive (its check below says why)
            elif word == '@@PANEL':
                try: panel_checks += drive_panel(a, q, sensors, a.keys)
                except (OSError, subprocess.CalledProcessError) as e:
                    panel_checks.append((False, f'run: {e} {getattr(e, "stderr", "") or ""}'))
                p.stdin.write(b'go\n')
    finally:
        if p.poll() is None:
            try: p.wait(timeout=20 if not console.timed_out else 0.1)
            except subprocess.TimeoutExpired: q.cmd('quit'); p.wait(timeout=10)
        if net: net.close()
    el = time.time() - t0
    checks = Checks()
    def check(ok, msg): checks.check(ok, f'{a.name}: {msg}')
    if console.timed_out: check(False, f'timeout after {a.timeout:.0f} s (see {a.out}/console.log)')
    b = info.get('BOOTED')
    check(b is not None, f'booted Debian\'s kernel {info.get("uname", a.kver)} under {qemu_bin} -M {MACHINE_OPTS[a.arch]} -cpu {cpu} (TCG) to /init: '
                         f'{b["_at"]:.1f} s on the host, uptime {b.get("uptime")} s' if b else 'never reached /init (see console.log)')
    d = ' | '.join(devs)
    if not headless:
        check('driver=virtio_gpu' in d and 'card0-Virtual-1 connected' in d,
              f'virtio-gpu DRM device /dev/dri/card0 (virtio-gpu-pci, modules {a.mods}): {d[:400]}')
    tests = a.tests.split(',')
    if 'version' in tests:
        v = said.get('version', [])
        host = subprocess.run([a.gp, '--version'], capture_output=True, text=True).stdout.strip()
        check(exits.get('version') == 0 and len(v) == 1 and v[0].strip() != '',
              f'firmware --version: exit {exits.get("version")}: {" / ".join(v)[:160]} (the host\'s: {host})')
    if 'check' in tests:
        for k in ('broken', 'syntax'):
            h = subprocess.run([a.gp, 'check', f'{k}.toml'], cwd=a.boards, capture_output=True, text=True)
            hl = (h.stdout + h.stderr).splitlines()
            g = said.get(f'check-{k}', [])
            check(exits.get(f'check-{k}') == h.returncode == 2 and g == hl,
                  f'firmware check {k}.toml: exit {exits.get("check-" + k)} (host {h.returncode}), '
                  + (f'the same {len(g)} line(s) as the host\'s `gaugepanel check`: ' if g == hl else
                     f'lines differ from the host\'s ({" / ".join(hl)[:300]}): ') + ' / '.join(g)[:300])
    def same_as_console(name):
        if headless: return True, ''
        if name not in screens or 'console' not in screens: return False, f'no screendump ({name})'
        return compare(a, screens[name], screens['console'])
    if 'missing' in tests:
        m = said.get('missing', [])
        same, how = same_as_console('missing')
        check(exits.get('missing') == 2 and len(m) == 1 and '/dev/dri/card7' in m[0] and same,
              f'run --board board.toml --device /dev/dri/card7: exit {exits.get("missing")}, {len(m)} line(s), ' +
              (f'no screen to compare on -M {MACHINE_OPTS[a.arch]}: ' if headless else f'screen as the console before ({how}): ')
              + ' / '.join(m)[:240])
    def returned_snapshot(name, reference):
        """The snapshot `name` sent back in base64 on the console, saved and compared with
        the PNG `reference()` makes: (came back, identical, compare's words)."""
        if name not in files: return False, False, 'no snapshot came back'
        png = f'{a.out}/{a.name}-{name}'
        with open(png, 'wb') as f: f.write(base64.b64decode(''.join(files[name])))
        return (True, *exact(a, png, reference()))
    def still_reference():
        return panel.render(a.still, out=f'{a.out}/ref-still.png', gp=a.gp)
    if 'headless' in tests:
        h = said.get('headless', [])
        got, same, how = returned_snapshot('still.png', still_reference)
        summary = [l for l in h if l.startswith('@@SUMMARY')]
        check(exits.get('headless') == 0 and got and same,
              f'run --board {os.path.basename(a.still or "still.toml")} (boards/headless.toml, its signals held at t = 0) offscreen '
              f'--duration 3: exit {exits.get("headless")}, its snapshot PNG ({len(base64.b64decode("".join(files.get("still.png", []))))} bytes, '
              f'base64 on the console) as the host\'s `gaugepanel render`: {how}'
              + (f'; {summary[0][10:][:160]}' if summary else '')
              + (f'; it said: {" / ".join(h[-3:])[:400]}' if exits.get('headless') != 0 and h else ''))
    if 'line' in tests:
        h = said.get('line', [])
        got, same, how = returned_snapshot('line.png', lambda: render(a, a.board, 'line', FIRST))
        connected = [l for l in h if ': connected' in l]
        check(exits.get('line') == 0 and bool(connected) and got and same,
              f'run --board board.toml --display offscreen (boards/qemu.toml, its serial device {a.port}, the mini UART): '
              f'"{desc(FIRST)}" written on the port, SIGUSR1\'s snapshot as `gaugepanel render` with those values: {how}; '
              f'SIGTERM exit {exits.get("line")}; ' + (connected[0][:140] if connected else 'no "connected" line: ' + ' / '.join(h)[:300]))
    if 'panel' in tests:
        st = info.get('STARTED', {})
        try: took = f'{float(st["t1"]) - float(st["t0"]):.1f} s'
        except (KeyError, ValueError): took = '?'
        connected = [l for l in runlog if ': connected' in l]
        nothing = 'no "connected" line: ' + ' / '.join(runlog)[:300]
        check(st.get('alive') == 'yes' and bool(connected),
              f'run --board board.toml (boards/qemu.toml, its serial device {a.port}): running, the port opened after {took} '
              f'({connected[0][:140] if connected else nothing})')
        for ok, msg in panel_checks: check(ok, msg)
        sg = info.get('SIGTERM', {})
        try: ms = round((float(sg['t1']) - float(sg['t0'])) * 1000)
        except (KeyError, ValueError): ms = None
        same, how = same_as_console('sigterm')
        check(sg.get('rc') == '0' and ms is not None and ms <= 1000 and same,
              f'run SIGTERM: exit {sg.get("rc")} {ms} ms after kill (at most 1000), text console restored: '
              f'screen as the console before ({how})' + (', no keys typed into it' if a.keys else ''))
        errors = [l for l in runlog if 'error' in l.lower() or 'warning' in l.lower()]
        if errors: print(f'# {a.name} run said: ' + ' / '.join(errors)[:400], flush=True)
    if 'can' in tests:
        for c in ('can0', 'can1'):
            m = canup.get(c, 'no such interface')
            check(' rc=0 operstate=up driver=kvaser_pci' in ' ' + m,
                  f'can: {c} on {a.can} (-M {MACHINE_OPTS[a.arch]}\'s PCI, modules {a.mods}), canctl up {c} 500000 (scripts/vm/canctl.c for {a.arch}, static): {m[:200]}')
        for k, board in CAN_RUNS.items():
            st = info.get(('CANSTARTED', k), {})
            try: took = f'{float(st["t1"]) - float(st["t0"]):.1f} s'
            except (KeyError, ValueError): took = '?'
            check(st.get('alive') == 'yes', f'run ({k}) --board {board}: running, its display open after {took}'
                  + ('' if st.get('alive') == 'yes' else ': ' + ' / '.join(canrun.get(k, []))[:300]))
        for ok, msg in can_checks:
            if ok is None: print(f'# {a.name} {msg}', flush=True)
            else: check(ok, msg)
        for k in CAN_RUNS:
            said = {}
            for l in canrun.get(k, []):
                if ' can can0: ' in l: m = re.sub(r'.*? can can0: ', 'can0: ', l); said[m] = said.get(m, 0) + 1
            for m, n in said.items(): print(f'# {a.name} run {k}: {m[:200]}' + (f' ({n} times)' if n > 1 else ''), flush=True)
            if k != 'can':   # each PID the ECU does not give is logged once: refused (0x11), never answered (0x42)
                for pid, want in (('11', 'the ECU refused it (negative response 0x12)'), ('42', 'no answer to 5 requests')):
                    lines = [m for m in said if f'OBD-II PID 0x{pid} ' in m]
                    times = sum(said[m] for m in lines)
                    check(times == 1 and want in lines[0], f'run ({k}) PID 0x{pid} ({"refused: canctl ecu can1 11=!" if pid == "11" else "not answered"}) '
                                                           f'logged {times} time(s): "{lines[0][6:166] if lines else "?"}"')
            sg = info.get(('CANSIGTERM', k), {})
            try: ms = round((float(sg['t1']) - float(sg['t0'])) * 1000)
            except (KeyError, ValueError): ms = None
            check(sg.get('rc') == '0' and ms is not None and ms <= 1000, f'run ({k}) SIGTERM: exit {sg.get("rc")} {ms} ms after kill (at most 1000)')
    if 'net' in tests and net: net.report(check)
    if 'gpio' in tests:
        if not gpio_checks: check(False, f'gpio: /init never said "@@GPIO ready" (see {a.out}/console.log)')
        for ok, msg in gpio_checks: check(ok, msg)
    print(f'# {a.name}: {el:.1f} s in QEMU; logs and screendumps in {a.out}', flush=True)
    sys.exit(0 if checks.failed == 0 else 1)

if __name__ == '__main__':
    main()
