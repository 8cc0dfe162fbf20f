#!/usr/bin/env python3
"""End-to-end, sources that fail the same way forever and a flood of bad input: the panel
keeps running, its log stays a few lines per source, the run summary counts.

  flapping   one board, five sources, every one failing for 15 s:
             serial  a USB adapter whose line hangs up every 0.4 s and comes back (a pty
                     replaced behind the same path: a bad cable);
             gpsd    a gpsd that greets (VERSION) and hangs up;
             mqtt    a broker that accepts the login (CONNACK) and hangs up;
             udp     a port another program holds (EADDRINUSE at every bind);
             sysfs   a hwmon file that comes and goes every 1.5 s.
             Each is said at most four times (connected, lost, connected again, keeps
             failing; the udp port once) and once more for each other way it fails (a
             reset, then a hang-up), the panel answers a snapshot request at the end, and
             the summary counts each one's failures.
  flood      100,000 lines on a serial line, half garbled, half with a name never seen
             before: dropped and counted (dropped_lines, unread_samples), the log says at
             most 16 names and one line that there are more, the RSS stays flat.

Usage: flapping.py GAUGEPANEL WORKDIR     (prints ok:/FAIL: lines, "N passed, N failed")
"""
import os, re, socket, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from checks import Checks   # noqa: E402
from keycases import harness   # noqa: E402
from keycases.harness import Line, Panel   # noqa: E402
from netpeers import free_port   # noqa: E402
from panel import rss_kb   # noqa: E402

checks = Checks()
check = checks.check
RUN_SECONDS = 15


class HangingUpPeer(threading.Thread):
    """A TCP server on 127.0.0.1 that answers each connection with `greet(request)` and
    closes it: `greet` gets what the client sent first (None: do not wait for it)."""

    def __init__(self, greet, wait_for_client):
        super().__init__(daemon=True)
        self.greet, self.wait_for_client = greet, wait_for_client
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.listener.settimeout(0.05)
        self.port = self.listener.getsockname()[1]
        self.accepted = 0
        self.stopped = threading.Event()
        self.start()

    def run(self):
        while not self.stopped.is_set():
            try:
                c, _ = self.listener.accept()
            except (socket.timeout, OSError):
                continue
            self.accepted += 1
            try:
                c.settimeout(1)
                first = c.recv(4096) if self.wait_for_client else None
                c.sendall(self.greet(first))
                time.sleep(0.02)
            except OSError:
                pass
            finally:
                c.close()

    def close(self):
        self.stopped.set()
        self.join(timeout=5)
        self.listener.close()


GPSD_VERSION = b'{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}\r\n'
CONNACK_ACCEPTED = bytes([0x20, 2, 0, 0])


def board_text(d, tty, gpsd, mqtt, udp, sysfs):
    readout = lambda i, ch: f"""  [[page.widget]]
  id = "w{i}"
  type = "readout"
  channel = "{ch}"
  frame = [0, {40 * i}, 320, 38]
"""
    return f"""[display]
width = 320
height = 240
output = "offscreen"
[fonts]
family = "builtin"
[[sensor]]
kind = "serial"
device = "{tty}"
protocol = "line"
  [[sensor.channel]]
  name = "rpm"
  source = "engine.rpm"
[[sensor]]
kind = "gpsd"
server = "127.0.0.1:{gpsd}"
  [[sensor.channel]]
  name = "sog"
  source = "gps.speed"
[[sensor]]
kind = "mqtt"
broker = "127.0.0.1:{mqtt}"
client_id = "e2e-flapping"
  [[sensor.channel]]
  name = "load"
  topic = "homelab/load"
[[sensor]]
kind = "udp"
listen = "127.0.0.1:{udp}"
protocol = "line"
  [[sensor.channel]]
  name = "wind"
[[sensor]]
kind = "sysfs"
root = "{sysfs}"
  [[sensor.channel]]
  name = "cpu"
  path = "hwmon/fake/temp1"
  unit = "C"
[[page]]
name = "all"
{''.join(readout(i, ch) for i, ch in enumerate(("rpm", "sog", "load", "wind", "cpu")))}"""


def flapping(d):
    tty = os.path.join(d, "ttyFLAP")
    line = Line(d, "ttyFLAP")
    gpsd = HangingUpPeer(lambda _: GPSD_VERSION, wait_for_client=False)
    mqtt = HangingUpPeer(lambda _: CONNACK_ACCEPTED, wait_for_client=True)
    holder = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    holder.bind(("127.0.0.1", 0))
    udp = holder.getsockname()[1]
    sysfs = os.path.join(d, "sys")
    hwmon = os.path.join(sysfs, "class/hwmon/hwmon0")
    os.makedirs(hwmon)
    open(os.path.join(hwmon, "name"), "w").write("fake\n")
    temp = os.path.join(hwmon, "temp1_input")
    open(temp, "w").write("41000\n")
    stop = threading.Event()
    flaps = {"serial": 0, "sysfs": 0}

    def flap_line():
        nonlocal line
        while not stop.wait(0.4):
            old, line = line, Line(d, "ttyFLAP")   # the new pty behind the same path
            old.close()                           # the old one hangs up
            flaps["serial"] += 1

    def flap_file():
        while not stop.wait(1.5):
            if os.path.exists(temp):
                os.unlink(temp)
            else:
                open(temp, "w").write("41000\n")
            flaps["sysfs"] += 1

    os.makedirs(os.path.join(d, "panel"))
    p = Panel("flapping", board_text(d, tty, gpsd.port, mqtt.port, udp, sysfs), d=os.path.join(d, "panel"))
    workers = [threading.Thread(target=f, daemon=True) for f in (flap_line, flap_file)]
    try:
        check(p.started(), "the panel starts")
        for w in workers:
            w.start()
        time.sleep(RUN_SECONDS)
        snap = p.snapshot(timeout=3)
        check(snap is not None, f"after {RUN_SECONDS} s of failing sources the panel answers a snapshot request")
    finally:
        stop.set()
        for w in workers:
            if w.is_alive():
                w.join()
        p.stop()
        line.close()
        gpsd.close()
        mqtt.close()
        holder.close()
    fields, _ = p.summary()
    sources = {"serial": f"serial {tty}", "gpsd": f"gpsd 127.0.0.1:{gpsd.port}", "mqtt": f"mqtt 127.0.0.1:{mqtt.port}",
               "udp": f"udp 127.0.0.1:{udp}", "sysfs": "sysfs"}
    peers = {"serial": flaps["serial"], "gpsd": gpsd.accepted, "mqtt": mqtt.accepted, "sysfs": flaps["sysfs"]}
    for kind, where in sources.items():
        said = [re.sub(r"^.*?\] ", "", l) for l in p.lines if re.search(r"\] " + re.escape(where) + r"[: ]", l)]
        # A failure episode says each distinct failure once (SourceJournal): a peer that
        # hangs up may be seen to reset the connection one time and to hang up the next,
        # two sentences. Each further one is allowed once; none may be said twice.
        losses = [l for l in said if l.endswith("its channels show no value until it returns")]
        at_most = 1 if kind == "udp" else 4 + max(len(set(losses)) - 1, 0)
        failing = "how often the port was bound: it never was" if kind == "udp" else f"{peers[kind]} times in {RUN_SECONDS} s"
        check(len(said) <= at_most and said and len(losses) == len(set(losses)),
              f"{kind}: failed {failing}; {len(said)} log lines (at most {at_most})" + "".join(f"\n      {l}" for l in said))
        if kind == "sysfs":
            continue
        key = where.replace(" ", ":", 1)
        token = fields.get(key, "")
        m = re.search(r"failures:(\d+)", token)
        check(m is not None and int(m.group(1)) >= (1 if kind == "udp" else 5),
              f"{kind}: the run summary counts its failures: {key}={token}")


def flood(d):
    line = Line(d, "ttyFLOOD")
    tty = os.path.join(d, "ttyFLOOD")
    text = f"""[display]
width = 320
height = 240
output = "offscreen"
[fonts]
family = "builtin"
[[sensor]]
kind = "serial"
device = "{tty}"
protocol = "line"
  [[sensor.channel]]
  name = "rpm"
  source = "engine.rpm"
[[page]]
name = "main"
  [[page.widget]]
  id = "rpm"
  type = "readout"
  channel = "rpm"
  frame = [0, 0, 320, 60]
"""
    os.makedirs(os.path.join(d, "panel"))
    p = Panel("flood", text, d=os.path.join(d, "panel"))
    where = f"serial {tty}"
    try:
        check(p.wait_for(f"{where}: connected", 20), "the flooded line opens")
        time.sleep(0.3)
        rss0 = rss_max = rss_kb(p.proc.pid)
        n, batch = 100_000, 1000
        for start in range(0, n, batch):
            chunk = []
            for i in range(start, start + batch):
                chunk.append(b"\x07garbled %d ~~\n" % i if i % 2 else b"name%d=%d\n" % (i, i))
            line.write(b"".join(chunk))
            line.drain(timeout=10) if start % 20000 == 0 else None
            rss_max = max(rss_max, rss_kb(p.proc.pid))
        line.drain(timeout=20)
        time.sleep(0.5)
        stats = p.stats()
        rss1 = rss_kb(p.proc.pid)
    finally:
        p.stop()
        line.close()
    said = [re.sub(r"^.*?\] ", "", l) for l in p.lines if where + ":" in l]
    names = [l for l in said if "which no channel reads" in l]
    more = [l for l in said if "more decoded names" in l]
    fields, _ = p.summary()
    dropped, unread = int(fields.get("dropped_lines", "0")), int(fields.get("unread_samples", "0"))
    check(dropped == n // 2 and unread == n // 2,
          f"100,000 lines: dropped_lines={dropped} (the 50,000 garbled), unread_samples={unread} (the 50,000 new names)")
    check(len(names) == 16 and len(more) == 1 and len(said) <= 18,
          f"the log: {len(names)} names said, then {len(more)} line that there are more ({len(said)} lines in all)")
    check(rss_max - rss0 < 2048 and rss1 - rss0 < 1024,
          f"RSS flat: {rss0} kB before, {rss_max} kB at most during, {rss1} kB after (stats: {stats.get('samples')} samples)")


def main():
    if len(sys.argv) != 3:
        print(__doc__.rsplit("Usage: ", 1)[1], file=sys.stderr)
        return 2
    harness.use(sys.argv[1], sys.argv[2])
    t0 = time.monotonic()
    harness.run_parts(check, (flapping, flood), lambda part: harness.new_dir(part.__name__))
    return checks.finish(f"{time.monotonic() - t0:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
