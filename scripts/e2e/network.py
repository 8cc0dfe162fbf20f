#!/usr/bin/env python3
"""End-to-end, the network sources against real senders on loopback: `gaugepanel run
--display offscreen` must show what `gaugepanel render --set` draws for the values sent.

  tcp nmea   dashboards/boat.toml with its serial sensor turned into kind = "tcp" on a
             TCP server of this test sending NMEA 0183 with garbage (scripts/e2e/
             boardcases/nmea.py: five dropped items a round): the screen equals the render
             of the values; dropped_lines equals five times the rounds sent.
  tcp loss   the server hangs up and stops listening: the panel says so once, its
             channels show no value; the server listens again: the values are back on
             screen within 2 s (measured from the listen to the first matching snapshot).
  tcp flap   a server that accepts each connection and closes it at once, for 12 s: the
             panel keeps connecting (backing off to once a second) and logs at most four
             lines for it (connected, lost, connected again, and that it keeps failing),
             the run's stats count the failures; the server then serves: the values are
             on screen within 2 s.
  timeout    a server whose backlog is full accepts no connection: the panel's connect
             fails after 5 s ("Connection timed out", said once), is retried quietly, and
             meanwhile the panel is idle: CPU time (from /proc/PID/stat) and wake-ups
             per second stay low — the loop polls the socket, it does not spin.
  elm327     dashboards/car.toml as its closing comment says for a real car, its ELM327
             sensor turned into kind = "tcp" on the port of a fake WiFi adapter (the
             boards' fake ELM327 clone, scripts/e2e/boardcases/elm327.py, on a TCP
             connection): rpm, speed, coolant, fuel and battery equal `render`; the
             adapter silent for 9 s is said once, and once when it answers again.
  udp line   line-protocol datagrams (one value a datagram, no newline) to the port a
             kind = "udp" sensor listens on: the values on screen.

Usage: network.py GAUGEPANEL WORKDIR      Prints ok:/FAIL: per check; exit 1 on a failure.
"""
import os, re, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from checks import Checks   # noqa: E402
from keycases import harness   # noqa: E402
from keycases.harness import Panel, render   # noqa: E402
from boardcases.cases import CAR_ADAPTER, car, car_from_comment   # noqa: E402
from boardcases.elm327 import FakeELM327   # noqa: E402
from boardcases.nmea import nmea_rounds   # noqa: E402
from boardcases.tomltext import join, key_of, sections, value_of   # noqa: E402
from netpeers import StreamServer, Unaccepting, free_port, send_datagrams   # noqa: E402
from panel import cpu_seconds   # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
BOAT_SETS = {"depth": 8.4, "wind.angle": -35, "wind.speed": 14.2, "speed": 6.1, "heading": 274}
checks = Checks()
check = checks.check


def network_copy(path, prepare=None, **keys):
    """The example file (`prepare`d) with its serial sensor turned into a network one (`keys`)."""
    text = open(os.path.join(ROOT, path)).read()
    secs = sections(prepare(text) if prepare else text)
    for name, lines in secs:
        if name == "sensor" and value_of(lines, "kind") == "serial":
            out = []
            for l in lines:
                k = key_of(l)
                if k == "kind":
                    out += [f'{key} = "{v}"' for key, v in keys.items()]
                elif k not in ("device", "baud", "protocol"):
                    out.append(l)
            lines[:] = out
    return join(secs)


def boat_over_tcp():
    """A TCP server sending NMEA 0183 with garbage (five dropped items a round, a round every
    0.1 s), and dashboards/boat.toml's copy reading it: (server, board text)."""
    rounds = nmea_rounds()
    server = StreamServer(lambda i: rounds(i)[0], period=0.1)
    return server, network_copy("dashboards/boat.toml", kind="tcp", server=f"127.0.0.1:{server.port}", protocol="nmea")


def tcp_nmea_and_loss():
    server, text = boat_over_tcp()
    p = Panel("tcp-nmea", text)
    where = f"tcp 127.0.0.1:{server.port}"
    try:
        check(p.wait_for(f"{where}: connected", 20), f"{where}: connected")
        s, ok, how = p.settle(lambda: render(p.board, BOAT_SETS), timeout=10, confirm=True)
        check(ok, f"boat.toml over tcp: the screen equals `render` of depth 8.4, wind -35°/14.2 kn, 6.1 kn, 274° ({how})")
        # Garbage: five items a round, every round sent whole (one send) and read.
        server.paused.set()
        time.sleep(0.5)
        sent = server.rounds
        dropped_ok = p.wait_stats("dropped_lines", 5 * sent, timeout=5)
        got = int(p.stats().get("dropped_lines", "0"))
        check(dropped_ok and got == 5 * sent, f"dropped_lines = {got} for {sent} rounds of 5 garbled items each")
        server.paused.clear()

        # The server goes away: lost said once, no values shown.
        server.stop_listening()
        server.hang_up()
        lost = p.wait_for(f"{where}: lost", 10)
        s, ok, how = p.settle(lambda: render(p.board, {}), timeout=10, confirm=True)
        check(lost and ok, f"server gone: `lost` logged ({lost}) and no value shown ({how})")
        time.sleep(3)   # away long enough for the backoff to reach its 1 s step
        refused = sum("cannot open: Connection refused" in l for l in p.lines)
        check(refused <= 1, f"refused connects while away said {refused} time(s) (at most once)")
        # Back: the values return within 2 s.
        expected = render(p.board, BOAT_SETS)
        accepted = server.accepted
        t0 = time.monotonic()
        server.listen()
        back_at = connected_at = None
        while time.monotonic() - t0 < 8:
            if connected_at is None and server.accepted > accepted:
                connected_at = time.monotonic() - t0
            snap = p.snapshot()
            if snap and harness.same(snap, expected)[0]:
                back_at = time.monotonic() - t0
                break
            time.sleep(0.02)
        again = any(f"{where}: connected again" in l for l in p.lines)
        check(back_at is not None and back_at <= 2.0 and again,
              f"server back: connected again {connected_at:.2f} s after it listens, values on screen after {back_at:.2f} s (≤ 2 s)"
              if back_at is not None and connected_at is not None else f"server back: values never returned within 8 s (connected: {again})")
    finally:
        p.stop()
        server.close()


def tcp_flap():
    server, text = boat_over_tcp()
    server.flapping.set()
    p = Panel("tcp-flap", text)
    where = f"tcp 127.0.0.1:{server.port}"
    try:
        p.started()
        check(p.wait_for(f"{where}: lost", 20), f"{where}: a server that accepts and closes at once: lost")
        t0 = time.monotonic()
        time.sleep(12)
        said = [l for l in list(p.lines) if f"{where}:" in l]
        accepted = server.accepted
        check(accepted >= 12 and len(said) <= 4,
              f"flapping for 12 s: {accepted} connections accepted and closed, {len(said)} log lines for it (at most 4)"
              + "".join(f"\n      {l}" for l in said))
        check(any("keeps failing" in l for l in said), f"the flapping said once as such: {said[-1] if said else 'nothing'}")
        # Healthy again: values within 2 s (the backoff stops at 1 s).
        expected = render(p.board, BOAT_SETS)
        t0 = time.monotonic()
        server.flapping.clear()
        back = p.shows(expected, 8, since=t0)
        check(back is not None and back <= 2.0,
              f"the server serves again: values on screen {back:.2f} s later (≤ 2 s)" if back is not None
              else "the server serves again: values never shown within 8 s")
    finally:
        p.stop()
        server.close()
    fields, _ = p.summary()
    token = fields.get(f"tcp:127.0.0.1:{server.port}", "")
    m = re.search(r"failures:(\d+)", token)
    check(m is not None and int(m.group(1)) >= 12, f"the run summary counts the failures: tcp:127.0.0.1:{server.port}={token}")


def connect_timeout():
    blackhole = Unaccepting()
    try:
        if not blackhole.hangs():
            check(False, "could not make a port that accepts no connection (backlog not full)")
            return
        text = network_copy("dashboards/boat.toml", kind="tcp", server=f"127.0.0.1:{blackhole.port}", protocol="nmea")
        p = Panel("tcp-timeout", text)
        where = f"tcp 127.0.0.1:{blackhole.port}"
        try:
            p.started()
            t0 = time.monotonic()
            c0 = cpu_seconds(p.proc.pid)
            said = p.wait_for(f"{where}: cannot open: Connection timed out", 12)
            first = time.monotonic() - t0
            time.sleep(8)   # one more timed-out connect, retried quietly
            window = time.monotonic() - t0
            cpu = cpu_seconds(p.proc.pid) - c0
            stats = p.stats()
            times = sum("cannot open" in l for l in p.lines)
            check(said and 4.0 <= first <= 7.5, f"{where}: `Connection timed out` after {first:.1f} s (connect timeout 5 s)")
            check(times == 1, f"said {times} time(s) in {window:.0f} s (once; retried quietly)")
            pct = 100 * cpu / window
            wps = float(stats.get("wakeups_per_s", "0"))
            check(pct < 5 and wps < 40,
                  f"while connecting: panel CPU {cpu:.2f} s in {window:.1f} s ({pct:.1f} %), {wps} wake-ups/s "
                  "(the stats line itself wakes it 10×/s): no busy loop")
            s, ok, how = p.settle(lambda: render(p.board, {}), confirm=True)
            check(ok, f"no value shown while it cannot connect ({how})")
        finally:
            p.stop()
    finally:
        blackhole.close()


class SocketLine:
    """A connected socket as FakeELM327's line (it reads `master`, calls write)."""

    def __init__(self, sock):
        self.sock, self.master = sock, sock.fileno()

    def write(self, data):
        try:
            self.sock.sendall(data)
        except OSError:
            pass


def elm327_tcp():
    import socket
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.settimeout(20)
    port = listener.getsockname()[1]
    text = network_copy("dashboards/car.toml", prepare=car_from_comment, kind="tcp",
                        server=f"127.0.0.1:{port}", protocol="elm327")
    p = Panel("tcp-elm327", text)
    adapter = None
    try:
        conn, _ = listener.accept()
        adapter = FakeELM327(SocketLine(conn), CAR_ADAPTER)
        adapter.start()
        check(p.wait_for(f"tcp 127.0.0.1:{port}: connected", 20), f"tcp 127.0.0.1:{port}: the WiFi adapter connected")
        s, ok, how = p.settle(lambda: render(p.board, car.sets), timeout=15, confirm=True)
        check(ok, f"car.toml's ELM327 over tcp: screen equals `render` of {car.sets} ({how}); "
              f"the adapter saw {' '.join(adapter.commands[:6])} …")
        # The adapter stops answering for 9 s (a clone that hangs, the car's ECU gone to
        # sleep): said once, and once when it answers again; the values come back.
        where = f"tcp 127.0.0.1:{port}"
        with adapter.busy:
            adapter.paused = True
        t0 = time.monotonic()
        silent = p.wait_for(f"{where}: the adapter stopped answering", 12)
        said_at = time.monotonic() - t0
        time.sleep(max(0, 9 - said_at))
        with adapter.busy:
            adapter.queue.clear()   # what it was asked while hung is never answered
            adapter.paused = False
        back = p.wait_for(f"{where}: the adapter answers again", 15)
        s, ok, how = p.settle(lambda: render(p.board, car.sets), timeout=15, confirm=True)
        said = [l.split("] ", 1)[-1] for l in p.lines if "the adapter" in l]
        check(silent and back and ok and len(said) == 2,
              f"the adapter silent for 9 s: said {said_at:.1f} s in, once when it answers again, the values back ({how}): "
              + " | ".join(said))
    except OSError as e:
        check(False, f"elm327 over tcp: {e}")
    finally:
        if adapter:
            adapter.stopping = True
            adapter.join(timeout=5)
        p.stop()
        listener.close()


def udp_line():
    port = free_port(2)
    text = """[display]
width = 320
height = 240
output = "offscreen"
[fonts]
family = "builtin"
[[sensor]]
kind = "udp"
listen = "127.0.0.1:%d"
protocol = "line"
  [[sensor.channel]]
  name = "rpm"
  source = "engine.rpm"
  unit = "rpm"
  [[sensor.channel]]
  name = "coolant"
  unit = "C"
[[page]]
name = "engine"
  [[page.widget]]
  id = "rpm"
  type = "dial"
  channel = "rpm"
  frame = [0, 0, 200, 200]
  range = [0, 8000]
  [[page.widget]]
  id = "coolant"
  type = "readout"
  channel = "coolant"
  frame = [200, 60, 120, 60]
""" % port
    p = Panel("udp-line", text)
    stop = threading.Event()

    def feed():
        while not stop.is_set():
            send_datagrams(port, [b"engine.rpm=3450", b"coolant=91.5\n", b"garbage"])
            time.sleep(0.1)
    t = threading.Thread(target=feed, daemon=True)
    try:
        check(p.wait_for(f"udp 127.0.0.1:{port}: connected", 20), f"udp 127.0.0.1:{port}: bound")
        t.start()
        s, ok, how = p.settle(lambda: render(p.board, {"rpm": 3450, "coolant": 91.5}), timeout=10, confirm=True)
        check(ok, f"line-protocol datagrams (no newline needed): screen equals `render rpm=3450 coolant=91.5` ({how})")
        stats = p.stats()
        check(int(stats.get("dropped_lines", "0")) >= 1, f"the garbage datagrams dropped and counted (dropped_lines={stats.get('dropped_lines')})")
    finally:
        stop.set()
        if t.is_alive():
            t.join()
        p.stop()


def main():
    if len(sys.argv) != 3:
        print(__doc__.split("Usage:")[1].strip(), file=sys.stderr)
        return 2
    harness.use(sys.argv[1], sys.argv[2])
    t0 = time.time()
    harness.run_parts(check, (tcp_nmea_and_loss, tcp_flap, connect_timeout, elm327_tcp, udp_line))
    return checks.finish(f"{time.time() - t0:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
