"""Test 'net' of the ARM harness (scripts/vm/arm.py): the firmware's network sources through
QEMU's user networking. The guest's virtio-net eth0 gets slirp's static address
(10.0.2.15/24, gateway 10.0.2.2); slirp turns a connect to 10.0.2.2:PORT into one to the
host's 127.0.0.1:PORT, where this side runs a mosquitto (scripts/e2e/mosquitto.py) and a
TCP server sending the line protocol (scripts/lib/netpeers.py). The guest runs
scripts/vm/net-boards.sh's mqtt.toml and tcp.toml with those ports; each screen (QMP
screendump) must equal the host's `gaugepanel render --set` of the values sent, bit for bit.
MQTT: retained values, a live one, the broker stopped (every channel stale) and started
again (the retained values back); TCP: the values, the server gone and back. The times
from the stop and the restart to the matching screen are printed."""
import os, shutil, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'e2e'))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'lib'))
from mosquitto import Broker   # noqa: E402
from netpeers import StreamServer   # noqa: E402
from .screens import render, screen_becomes   # noqa: E402

QEMU_ARGS = ['-netdev', 'user,id=n0', '-device', 'virtio-net-pci,netdev=n0,romfile=']   # no option ROM: the kernel boots directly (and ipxe-qemu need not be installed)
RUNS = {'mqtt': 'net/mqtt.toml', 'tcp': 'net/tcp.toml'}   # the guest's boards (/etc/gaugepanel)
FIRST = {'rpm': 3000, 'speed': 88, 'coolant': 90, 'fuel': 55}
SECOND = {'rpm': 6800, 'speed': 131, 'coolant': 98.5, 'fuel': 40}


from panel import readings as desc   # noqa: E402 — scripts/lib


class NetTest:
    """The peers (started before the machine boots: their ports go on the kernel command
    line), the guest's '@@NET…' lines, the drives' checks."""

    def __init__(self, a):
        self.a = a
        shutil.rmtree(os.path.join(a.out, 'broker'), ignore_errors=True)   # no retained message of an earlier run
        self.broker = Broker(os.path.join(a.out, 'broker'))
        self.line = dict(FIRST)   # what the TCP server sends, a line every 0.1 s
        self.server = StreamServer(lambda i: (desc(self.line) + '\n').encode(), period=0.1)
        self.up, self.started, self.said, self.sigterm, self.checks = '', {}, {}, {}, []

    def cmdline(self):
        return f' GP_MQTT_PORT={self.broker.port} GP_TCP_PORT={self.server.port}'

    def close(self):
        self.broker.stop()
        self.server.close()

    def on_line(self, word, rest):
        """A guest line of this test: True when taken."""
        if word == '@@NETUP': self.up = rest
        elif word == '@@NETRUN': k, _, msg = rest.partition(' '); self.said.setdefault(k, []).append(msg)
        elif word in ('@@NETSTARTED', '@@NETSIGTERM'):
            k, _, kv = rest.partition(' ')
            (self.started if word == '@@NETSTARTED' else self.sigterm)[k] = dict(x.split('=', 1) for x in kv.split() if '=' in x)
        else: return False
        return True

    def board(self, name):
        return os.path.join(self.a.boards, RUNS[name])

    def ref(self, name, values):
        """The host's render of run `name`'s board with `values`."""
        self.n = getattr(self, 'n', 0) + 1
        return render(self.a, self.board(name), f'net-{name}-{self.n}', values)

    def becomes(self, q, name, ref, timeout, since=None):
        """Screendumps until one equals `ref`: (same, seconds from `since` (default: now) to
        that screendump, how: compare's words and how many screendumps it took)."""
        return screen_becomes(self.a, q, f'net-{name}-{self.n}', ref, timeout, crop=True, since=since,
                              interval=0.05, counted=True)

    def drive(self, q, name):
        """The host's half of run `name` (the guest answered '@@PANEL name')."""
        if self.started.get(name, {}).get('alive') != 'yes': return
        out, b, s = self.checks, self.broker, self.server
        where = 'broker' if name == 'mqtt' else 'server'
        port = b.port if name == 'mqtt' else s.port
        if name == 'mqtt':
            for k, v in FIRST.items(): b.pub(f'car/{k}', str(v), retain=True)
        same, sec, how = self.becomes(q, name, self.ref(name, FIRST), self.a.settle)
        out.append((same, f'net ({name}): {desc(FIRST)} from the host\'s {where} 127.0.0.1:{port} (the guest\'s 10.0.2.2:{port}): '
                          f'screen as render after {sec:.1f} s ({how})'))
        if name == 'mqtt':
            for k, v in SECOND.items(): b.pub(f'car/{k}', str(v), retain=True)
        else:
            self.line.update(SECOND)
        same, sec, how = self.becomes(q, name, self.ref(name, SECOND), 10)
        out.append((same, f'net ({name}): new values {desc(SECOND)}: screen as render after {sec:.1f} s ({how})'))
        # the peer away: every channel stale (the render without values); back: the values
        stale_ref, back_ref = self.ref(name, {}), self.ref(name, SECOND)
        t0 = time.time()
        if name == 'mqtt': b.stop()
        else: s.stop_listening(); s.hang_up()
        stale, stale_s, how = self.becomes(q, name, stale_ref, 15, t0)
        out.append((stale, f'net ({name}): the {where} stopped: every channel stale (render without values) '
                           f'{stale_s:.1f} s after ({how})'))
        time.sleep(2)
        if name == 'mqtt':
            up = b.start(); t0 = time.time() - (time.monotonic() - up)   # from when it listens
        else: t0 = time.time(); s.listen()
        back, back_s, how = self.becomes(q, name, back_ref, 15, t0)
        out.append((back, f'net ({name}): the {where} listening again: '
                          + ('its retained values' if name == 'mqtt' else 'the values') + f' on screen {back_s:.1f} s after ({how})'))
        out.append((None, f'net ({name}): stale {stale_s:.1f} s after the {where} stopped; values back {back_s:.1f} s after it listened again'))
        if name == 'tcp': self.line.update(FIRST)

    def report(self, check):
        """The checks of what the guest said and of the drives."""
        check(' rc=0 ' in f' {self.up} ' and 'driver=virtio_net' in self.up and '10.0.2.15/24' in self.up,
              f'net: eth0 on virtio-net-pci (QEMU user networking), 10.0.2.15/24 via 10.0.2.2 with busybox ip: {self.up[:200]}')
        for k, board in RUNS.items():
            st = self.started.get(k, {})
            try: took = f'{float(st["t1"]) - float(st["t0"]):.1f} s'
            except (KeyError, ValueError): took = '?'
            connected = [l for l in self.said.get(k, []) if ': connected' in l]
            ok = st.get('alive') == 'yes' and bool(connected)
            check(ok, f'run ({k}) --board {board}: ' + (f'running, connected after {took}: {connected[0][:160]}' if ok else
                      f'alive={st.get("alive")}, not connected: ' + ' / '.join(self.said.get(k, []))[:300]))
        for ok, msg in self.checks:
            if ok is None: print(f'# {self.a.name} {msg}', flush=True)
            else: check(ok, msg)
        for k in RUNS:
            for l in self.said.get(k, []):
                if ' lost' in l or 'again' in l or 'cannot' in l: print(f'# {self.a.name} run {k}: {l[:200]}', flush=True)
            sg = self.sigterm.get(k, {})
            try: ms = round((float(sg['t1']) - float(sg['t0'])) * 1000)
            except (KeyError, ValueError): ms = None
            check(sg.get('rc') == '0' and ms is not None and ms <= 1000, f'run ({k}) SIGTERM: exit {sg.get("rc")} {ms} ms after kill (at most 1000)')
