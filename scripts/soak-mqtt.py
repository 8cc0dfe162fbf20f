#!/usr/bin/env python3
"""The MQTT source under load, for the figures in docs/performance.md: `gaugepanel run` of a
board reading four topics from a loopback mosquitto (scripts/e2e/mosquitto.py), while
mosquitto_pub sends RATE messages a second for SECONDS — a quarter of them on the topics the
board reads (values changing, so frames are drawn), the rest on topics it does not read.
Prints the panel's resident memory every 30 s and at the end, then its CPU time at 10
messages a second for 60 s. Not a test: a measurement (the e2e test of the same source is
scripts/e2e/mqtt_panel.py).

Usage: scripts/soak-mqtt.py GAUGEPANEL [SECONDS (600)] [RATE (1000)]"""
import os, subprocess, sys, tempfile, threading, time
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "e2e"))
from mosquitto import Broker

TOPICS = ["homelab/pi/load", "homelab/pi/memory", "zigbee/living", "tele/plug/power"]
BOARD = """[display]
width = 320
height = 240
format = "xrgb8888"
output = "offscreen"

[fonts]
family = "builtin"

[[sensor]]
kind = "mqtt"
broker = "127.0.0.1:{port}"

  [[sensor.channel]]
  name = "load"
  topic = "homelab/+/load"

  [[sensor.channel]]
  name = "memory"
  topic = "homelab/pi/memory"

  [[sensor.channel]]
  name = "temp"
  topic = "zigbee/living"
  json = "temperature"

  [[sensor.channel]]
  name = "power"
  topic = "tele/plug/power"

[[page]]
name = "main"
{widgets}
"""


def widgets():
    out = []
    for i, c in enumerate(["load", "memory", "temp", "power"]):
        out.append(f'  [[page.widget]]\n  id = "o-{c}"\n  type = "readout"\n  channel = "{c}"\n'
                   f'  frame = [0, {58 * i}, 320, 56]\n  value_size = 30\n')
    return "\n".join(out)


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmRSS:"))


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")   # utime + stime


def publish(broker, rate, seconds, stop, all_read=False):
    """RATE messages a second for SECONDS through mosquitto_pub -l (one process per topic): a
    quarter on the topics the board reads, or all of them (`all_read`)."""
    read = {t: broker.publisher(t) for t in TOPICS}
    unread = [broker.publisher(f"flood/unread/{i}") for i in range(3)]
    t0, n = time.monotonic(), 0
    while not stop.is_set() and time.monotonic() - t0 < seconds:
        target = t0 + n / rate
        while time.monotonic() < target:
            time.sleep(0.0005)
        if all_read or n % 4 == 0:
            k = n if all_read else n // 4
            t = TOPICS[k % 4]
            v = (k // 4) % 100
            read[t].stdin.write(b'{"temperature": %d.5}\n' % v if t == "zigbee/living" else b"%d\n" % v)
        else:
            unread[n % 3].stdin.write(b"%d\n" % n)
        if rate <= 100 or n % 100 == 0:   # slow rates: each message when it is due
            for p in (*read.values(), *unread): p.stdin.flush()
        n += 1
    for p in (*read.values(), *unread):
        p.stdin.close(); p.wait(timeout=30)
    return n


def main():
    gp = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 600
    rate = float(sys.argv[3]) if len(sys.argv) > 3 else 1000
    d = tempfile.mkdtemp(prefix="gp-soak-")
    broker = Broker(os.path.join(d, "broker"))
    board = os.path.join(d, "board.toml")
    open(board, "w").write(BOARD.format(port=broker.port, widgets=widgets()))
    total = seconds + 75
    panel = subprocess.Popen([gp, "run", "--board", board, "--display", "offscreen", "--duration", str(total)],
                             stdout=open(os.path.join(d, "panel.out"), "w"), stderr=open(os.path.join(d, "panel.log"), "w"))
    time.sleep(3)
    stop, sent = threading.Event(), [0]
    flood = threading.Thread(target=lambda: sent.__setitem__(0, publish(broker, rate, seconds, stop)), daemon=True)
    t0 = time.monotonic(); cpu0 = cpu_seconds(panel.pid)
    print(f"# start: RSS {rss_kb(panel.pid)} kB; {rate:.0f} messages/s for {seconds:.0f} s", flush=True)
    flood.start()
    next_report = 30
    while flood.is_alive():
        time.sleep(1)
        if time.monotonic() - t0 >= next_report:
            print(f"# {next_report:4d} s: RSS {rss_kb(panel.pid)} kB", flush=True); next_report += 30
    busy = time.monotonic() - t0
    print(f"# end: {sent[0]} messages in {busy:.0f} s; RSS {rss_kb(panel.pid)} kB; "
          f"CPU {100 * (cpu_seconds(panel.pid) - cpu0) / busy:.1f} % of one core", flush=True)
    # 10 messages a second on the topics the board reads
    cpu1, t1 = cpu_seconds(panel.pid), time.monotonic()
    n = publish(broker, 10, 60, threading.Event(), all_read=True)
    quiet = time.monotonic() - t1
    print(f"# 10 messages/s: {n} in {quiet:.0f} s; CPU {100 * (cpu_seconds(panel.pid) - cpu1) / quiet:.2f} % of one core; "
          f"RSS {rss_kb(panel.pid)} kB", flush=True)
    time.sleep(1)
    panel.terminate(); panel.wait(timeout=10)
    summary = [l.strip() for l in open(os.path.join(d, "panel.out")) if "samples" in l]
    print(f"# the run's summary: {summary[-1] if summary else '(none)'}", flush=True)


if __name__ == "__main__":
    main()
