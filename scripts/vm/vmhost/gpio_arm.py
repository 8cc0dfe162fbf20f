"""scripts/vm/arm.py's test 'gpio' (aarch64): the firmware's [[output]] on -M virt's PL061
GPIO controller, a real kernel driver on emulated hardware. /init (scripts/vm/arm-init)
answers shell lines with '@@DONE rc' and reads the held lines from debugfs ('@@VAL
fan:512:hi shift:513:lo …'); the host writes line-protocol readings on the sensor port.
Checks: the fan (line 0) switches exactly at on_above 95 and below off_below 90, the shift
light (lines 1, 2, 4, 5) steps from 5000 to 6500 rpm, a line the kernel's own gpio-keys
holds (3, the power button, by gpio_keys) is refused with its holder named (exit 2), and
SIGTERM exits 0."""
import time


class ArmGPIO:
    def __init__(self, p, feed, sensors):
        self.p, self.feed, self.sensors = p, feed, sensors

    def sh(self, cmd):
        self.p.stdin.write((cmd + '\n').encode())
        out = []
        for s in self.feed:
            if s.startswith('@@DONE '): return int(s.split()[1]), out
            if s.startswith('@@'): out.append(s)
        return None, out

    def vals(self):
        """fan and shift as '0'/'1' strings in line order: 'fan=1 shift=1100'."""
        _, out = self.sh('gvals')
        got = {}
        for item in next((s[6:] for s in out if s.startswith('@@VAL')), '').split():
            name, gpio, level = item.split(':')
            got.setdefault(name, []).append((int(gpio), '1' if level == 'hi' else '0'))
        return ' '.join(f'{n}=' + ''.join(v for _, v in sorted(got.get(n, []))) for n in ('fan', 'shift'))

    def becomes(self, want, timeout=5.0):
        end, got = time.time() + timeout, None
        while time.time() < end:
            got = self.vals()
            if got == want: return True, got
            time.sleep(0.1)
        return False, got

    def stays(self, want, settle=1.0):
        time.sleep(settle)
        got = self.vals()
        return got == want, got


def drive_gpio(p, feed, sensors, chips):
    g, results = ArmGPIO(p, feed, sensors), []
    def check(ok, msg): results.append((ok, f'gpio: {msg}'))
    def send(text): sensors.sendall((text + '\n').encode())
    _, out = g.sh('gstart')
    check(any(s.startswith('@@STARTED 1') for s in out), f'the firmware runs with [[output]]s on the PL061 found by its label ({" ".join(chips)}): {" ".join(out)[:400]}')
    send('coolant=80 rpm=1000')
    ok, got = g.becomes('fan=0 shift=0000'); check(ok, f'start: every line held, inactive ({got})')
    for v, fan, how in ((94.99, 0, 'stays'), (95, 1, 'becomes'), (91, 1, 'stays'), (90, 1, 'stays'), (89.99, 0, 'becomes')):
        send(f'coolant={v}')
        ok, got = g.becomes(f'fan={fan} shift=0000') if how == 'becomes' else g.stays(f'fan={fan} shift=0000')
        check(ok, f'PL061 line 0: coolant={v} -> fan {fan} (on_above 95, off_below 90): {got}')
    for rpm, want in ((4999, '0000'), (5000, '1000'), (5500, '1100'), (6000, '1110'), (6500, '1111'), (0, '0000')):
        send(f'rpm={rpm}')
        ok, got = g.becomes(f'fan=0 shift={want}')
        check(ok, f'PL061 lines 1, 2, 4, 5: rpm={rpm} -> {want}: {got}')
    _, out = g.sh('gtry keys')
    t = next((s for s in out if s.startswith('@@TRY ')), '@@TRY ? ? ')
    _, _, rc, msg = t.split(' ', 3)
    check(rc == '2' and 'busy' in msg and 'GPIO Key Poweroff' in msg,
          f'line 3, held by the kernel\'s gpio-keys (the power button): refused, its holder named: exit {rc}: {msg.strip()[:300]}')
    send('coolant=100 rpm=6500'); g.becomes('fan=1 shift=1111')
    _, out = g.sh('kill -TERM $GPP; wait $GPP; echo "@@RC $?"; gvals')
    check('@@RC 0' in out and '@@VAL ' in ' '.join(out) and 'gaugepanel' not in ' '.join(out),
          f'SIGTERM with every line active: exit 0, the lines released ({" ".join(out)})')
    return results
