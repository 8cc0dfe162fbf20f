#!/usr/bin/env python3
"""The firmware's network sources against real peers on loopback, under qemu-user (run by
scripts/firmware-check.sh): its SIGUSR1 snapshots must equal the host's `gaugepanel
render --set` of the values sent, byte for byte.

  mqtt   a mosquitto on 127.0.0.1 (scripts/e2e/mosquitto.py) with retained values
         published before the start (plain, and a JSON document read by two channels),
         then a live one; the board of scripts/e2e/mqtt_panel.py. The broker stopped:
         every channel shows no value; started again: the retained values are back
         (the time from it listening to the matching snapshot is printed).
  tcp    dashboards/boat.toml with its serial sensor turned into kind = "tcp", protocol =
         "nmea" on a TCP server sending NMEA 0183 with garbage (scripts/e2e/network.py's
         case): the screen equals the render of the values.
  signalk dashboards/boat-signalk.toml against scripts/e2e/signalk.py's Signal K server
         (discovery, the WebSocket stream, its pings, the server's meta zones): the
         screen equals the render of the values on the board with the server's speed
         zone written by hand.

Usage: firmware_network.py FIRMWARE WORKDIR REFERENCE
FIRMWARE: a program that runs the firmware (firmware-check.sh's qemu-user wrapper);
REFERENCE: the host's gaugepanel, which renders the expected images and compares.
Prints ok:/FAIL: lines and "N passed, N failed"; exit 1 on a failure.
"""
import os, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from checks import Checks   # noqa: E402
from keycases import harness   # noqa: E402
from keycases.harness import Panel, new_dir, render   # noqa: E402
from mosquitto import Broker   # noqa: E402
from mqtt_panel import CHANNELS, board as mqtt_board   # noqa: E402
from netpeers import free_port   # noqa: E402
from network import BOAT_SETS, boat_over_tcp   # noqa: E402

checks = Checks()
check = checks.check
FIRMWARE = None


def firmware_panel(name, board, **kw):
    """A Panel running the firmware; harness.GP stays the reference, which render and
    compare use."""
    return Panel(name, board, gp=FIRMWARE, **kw)


def shows(p, sets, what, timeout=20):
    s, ok, how = p.settle(lambda: render(p.board, sets), timeout=timeout, confirm=True)
    return check(ok, f"{what}: screen equals the host's render --set {sets or '(nothing)'} ({how})")


def mqtt():
    d = new_dir("mqtt")
    b = Broker(os.path.join(d, "broker"))
    b.pub("homelab/pi/load", "0.75", retain=True)
    b.pub("zigbee/living", '{"temperature":21.5,"humidity":40,"linkquality":90}', retain=True)
    p = firmware_panel("mqtt-panel", mqtt_board(b.port, CHANNELS, keepalive=5, client_id="fw-e2e"))
    where = f"mqtt 127.0.0.1:{b.port}"
    try:
        check(p.wait_for(f"{where}: connected", 30), f"{where}: connected")
        sets = {"load": 0.75, "temp": 21.5, "hum": 40}
        shows(p, sets, "mqtt: retained values published before the start")
        b.pub("tele/plug/power", "1234", retain=True)
        sets["power"] = 1234
        shows(p, sets, "mqtt: a live value")
        b.stop()
        check(p.wait_for(f"{where}: lost", 15), f"{where}: the broker stopped: the loss logged")
        shows(p, {}, "mqtt: broker away: every channel shows no value")
        expected = render(p.board, sets)
        seen = p.shows(expected, 15, since=b.start())
        check(seen is not None, "mqtt: broker back: the retained values on screen "
              + (f"{seen:.2f} s after it listens" if seen is not None else "never (15 s)"))
    finally:
        p.stop()
        b.stop()


def tcp_nmea():
    server, text = boat_over_tcp()
    p = firmware_panel("tcp-nmea", text)
    where = f"tcp 127.0.0.1:{server.port}"
    try:
        check(p.wait_for(f"{where}: connected", 30), f"{where}: connected")
        shows(p, BOAT_SETS, "tcp nmea: boat.toml")
    finally:
        p.stop()
        server.close()


def signalk_stream():
    import signalk
    ws = signalk.import_websockets()
    port = free_port()
    values = {path: si for path, si, _ in signalk.CHANNELS.values()}
    server = signalk.SignalKServer(ws, port, values, signalk.METAS)
    d = new_dir("signalk")
    p = firmware_panel("signalk", signalk.board(port), d=d, board_name="boat-signalk.toml")
    where = f"signalk 127.0.0.1:{port}"
    try:
        check(p.wait_for(f"{where}: connected", 30), f"{where}: connected")
        zoned = os.path.join(d, "zoned.toml")
        with open(zoned, "w") as f:
            f.write(signalk.board(port, zoned=True))
        sets = {name: c[2] for name, c in signalk.CHANNELS.items()}
        s, ok, how = p.settle(lambda: render(zoned, sets), timeout=30, confirm=True)
        check(ok, f"signalk: the values and the server's speed zone: screen equals the host's render of the board "
                  f"with that zone by hand ({how})")
    finally:
        p.stop()
        server.stop()


def main():
    global FIRMWARE
    if len(sys.argv) != 4:
        print(__doc__.split("Usage: ")[1], file=sys.stderr)
        return 2
    FIRMWARE = os.path.abspath(sys.argv[1])
    harness.use(sys.argv[3], sys.argv[2])   # the reference renders and compares
    t0 = time.monotonic()
    harness.run_parts(check, (mqtt, tcp_nmea, signalk_stream))
    print(f"# {time.monotonic() - t0:.1f} s", flush=True)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
