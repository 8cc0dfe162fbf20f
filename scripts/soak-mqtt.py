#!/usr/bin/env python3
"""The MQTT source under load, for the figures in docs/performance.md: `gaugepanel run` of
the board of scripts/e2e/mqtt_panel.py (the e2e test of the same source; a readout a
channel) reading four topics from a loopback mosquitto (scripts/e2e/mosquitto.py), while
mosquitto_pub sends RATE messages a second for SECONDS — a quarter of them on the topics the
board reads (values changing, so frames are drawn), the rest on topics it does not read.
Prints the panel's resident memory every 30 s and at the end, then its CPU time at 10
messages a second for 60 s. Not a test: a measurement.

Usage: scripts/soak-mqtt.py GAUGEPANEL [SECONDS (600)] [RATE (1000)]"""
import os, sys, tempfile, threading, time
sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
sys.path.insert(0, os.path.join(HERE, "e2e"))
from keycases.harness import write_board   # noqa: E402
from mosquitto import Broker   # noqa: E402
from mqtt_panel import board   # noqa: E402 — the e2e test's board: a readout per channel
from panel import Panel, cpu_seconds, rss_kb   # noqa: E402

TOPICS = ["homelab/pi/load", "homelab/pi/memory", "zigbee/living", "tele/plug/power"]
CHANNELS = [{"name": "load", "topic": "homelab/+/load"},
            {"name": "memory", "topic": "homelab/pi/memory"},
            {"name": "temp", "topic": "zigbee/living", "json": "temperature"},
            {"name": "power", "topic": "tele/plug/power"}]


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
    total = seconds + 75
    panel = Panel(write_board(d, board(broker.port, CHANNELS)), ["--display", "offscreen", "--duration", str(total)], gp=gp)
    time.sleep(3)
    stop, sent = threading.Event(), [0]
    flood = threading.Thread(target=lambda: sent.__setitem__(0, publish(broker, rate, seconds, stop)), daemon=True)
    t0 = time.monotonic(); cpu0 = cpu_seconds(panel.proc.pid)
    print(f"# start: RSS {rss_kb(panel.proc.pid)} kB; {rate:.0f} messages/s for {seconds:.0f} s", flush=True)
    flood.start()
    next_report = 30
    while flood.is_alive():
        time.sleep(1)
        if time.monotonic() - t0 >= next_report:
            print(f"# {next_report:4d} s: RSS {rss_kb(panel.proc.pid)} kB", flush=True); next_report += 30
    busy = time.monotonic() - t0
    print(f"# end: {sent[0]} messages in {busy:.0f} s; RSS {rss_kb(panel.proc.pid)} kB; "
          f"CPU {100 * (cpu_seconds(panel.proc.pid) - cpu0) / busy:.1f} % of one core", flush=True)
    # 10 messages a second on the topics the board reads
    cpu1, t1 = cpu_seconds(panel.proc.pid), time.monotonic()
    n = publish(broker, 10, 60, threading.Event(), all_read=True)
    quiet = time.monotonic() - t1
    print(f"# 10 messages/s: {n} in {quiet:.0f} s; CPU {100 * (cpu_seconds(panel.proc.pid) - cpu1) / quiet:.2f} % of one core; "
          f"RSS {rss_kb(panel.proc.pid)} kB", flush=True)
    time.sleep(1)
    panel.stop()
    summary = [l.strip() for l in panel.lines if "samples" in l]
    print(f"# the run's summary: {summary[-1] if summary else '(none)'}", flush=True)


if __name__ == "__main__":
    main()
