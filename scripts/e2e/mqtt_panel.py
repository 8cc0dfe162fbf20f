#!/usr/bin/env python3
"""End-to-end: `gaugepanel run` reading a real mosquitto (kind = "mqtt").

A broker on 127.0.0.1 (a free port, its own config; scripts/e2e/mosquitto.py), the panel
offscreen with its statistics every 0.1 s, its SIGUSR1 snapshots compared with
`gaugepanel render --set` of the values published (scripts/e2e/keycases/harness.py):

1. Retained messages published before the panel starts (plain on a topic a wildcard
   channel reads, a Zigbee2MQTT-like JSON read by two channels) are on screen at once;
   live ones (JSON, plain, QoS 1 with the panel's PUBACK) follow; a message without a
   channel's field leaves it as it was; `unavailable` makes its channel show no value.
2. The broker stopped mid-run: every value goes stale; started again on the same port
   (its retained messages kept): the values return. The time from the broker listening
   again to the panel's first sample, and to a snapshot equal to the render, is measured
   and must be under 2 s.
3. A broker with a password file (mosquitto_passwd, no anonymous clients): the board's
   username and password_file (mode 600) log in and show the value; a wrong password is
   logged once with the broker's reason and shows no value.
4. TLS (host build): a TLS listener beside the plain one, its CA and certificate for
   localhost/127.0.0.1 made by openssl; the board's tls = true and ca_file = the CA show
   the published value; with a CA that did not sign the broker's certificate the value
   never shows and the log says once that the certificate is not trusted.
5. 1,000 messages a second for 10 s on topics the board does not read (half on a topic
   no channel subscribes to, half on a subscribed topic without the channels' JSON
   field): no frame drawn (the summary's frame count) and the RSS (VmRSS) flat.
6. Zigbee2MQTT's retained device list (32 KB, over the panel's 16 KB packet limit) under
   the wildcard a user subscribes to (`zigbee2mqtt/#`, json = "temperature"): the value
   of the sensor beside it is read within a second of the start; the big message is read
   past, said once with its topic and counted (the run summary's oversized), and the
   connection is kept. Then 1 MB messages at QoS 1 on the subscribed topic, 30 of them:
   each acknowledged (PUBACK in the broker's log), the RSS flat, no reconnection.

Usage: mqtt_panel.py GAUGEPANEL WORKDIR     (prints ok:/FAIL: lines, "N passed, N failed")
"""
import os, sys, threading, time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "lib"))
from checks import Checks   # noqa: E402
from keycases import harness   # noqa: E402
from keycases.harness import Panel, render   # noqa: E402
from mosquitto import Broker, make_certificates   # noqa: E402
from panel import rss_kb   # noqa: E402

checks = Checks()
check = checks.check


def board(port, channels, **sensor):
    widgets = [{"id": f"o-{c['name']}", "type": "readout", "channel": c["name"], "frame": [0, 46 * i, 320, 44],
                "format": {"decimals": 1}, "value_size": 30} for i, c in enumerate(channels)]
    return {"display": {"width": 320, "height": 240, "format": "xrgb8888", "output": "offscreen"},
            "fonts": {"family": "builtin"},
            "sensor": [{"kind": "mqtt", "broker": f"127.0.0.1:{port}", **sensor, "channel": channels}],
            "page": [{"name": "main", "widget": widgets}]}


CHANNELS = [{"name": "load", "topic": "homelab/+/load"},
            {"name": "temp", "topic": "zigbee/living", "json": "temperature"},
            {"name": "hum", "topic": "zigbee/living", "json": "humidity"},
            {"name": "power", "topic": "tele/plug/power"}]


def shows(p, sets, what, timeout=6):
    s, ok, how = p.settle(lambda: render(p.board, sets), timeout=timeout, confirm=True)
    return check(ok, f"{what}: screen equals render --set {sets or '(nothing)'} ({how})")


def values_and_recovery(d):
    b = Broker(os.path.join(d, "broker"))
    b.pub("homelab/pi/load", "0.75", retain=True)
    b.pub("zigbee/living", '{"temperature":21.5,"humidity":40,"linkquality":90}', retain=True)
    os.makedirs(os.path.join(d, "values"))
    p = Panel("mqtt-values", board(b.port, CHANNELS, qos=1, keepalive=5, client_id="e2e-values"), d=os.path.join(d, "values"))
    try:
        check(p.wait_for(f"mqtt 127.0.0.1:{b.port}: connected", 20), "the panel connects to the broker")
        shows(p, {"load": 0.75, "temp": 21.5, "hum": 40}, "retained messages published before the start")
        b.pub("zigbee/living", '{"temperature":22.5}', qos=1)
        b.pub("tele/plug/power", "1234", qos=1)
        b.pub("homelab/nas/load", "1.5")
        shows(p, {"load": 1.5, "temp": 22.5, "hum": 40, "power": 1234},
              "live: JSON (humidity absent: kept), plain QoS 1, the wildcard channel's other host")
        log = b.text()
        check("Received PUBACK from e2e-values" in log, "qos = 1: the panel acknowledged the broker's QoS 1 PUBLISH (PUBACK in the broker's log)")
        b.pub("tele/plug/power", "unavailable")
        shows(p, {"load": 1.5, "temp": 22.5, "hum": 40}, "`unavailable` on tele/plug/power: power shows no value")
        b.pub("tele/plug/power", "99", retain=True)
        shows(p, {"load": 1.5, "temp": 22.5, "hum": 40, "power": 99}, "power back")

        # The broker stops: every channel stale; back on the same port, values within 2 s.
        b.stop()
        check(p.wait_for("mqtt 127.0.0.1:" + str(b.port) + ": lost", 10), "broker stopped: the panel logs the loss")
        shows(p, {}, "broker away: every channel shows no value")
        time.sleep(3)
        samples_before = int(p.stats().get("samples", "0"))
        t_up = b.start()
        first = None
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and first is None:
            if int(p.stats().get("samples", "0")) > samples_before:
                first = time.monotonic() - t_up
            time.sleep(0.01)
        # What is retained: homelab/pi/load (homelab/nas/load was not: the wildcard channel
        # has pi's again), the first zigbee/living, power 99.
        sets = {"load": 0.75, "temp": 21.5, "hum": 40, "power": 99}
        expected = render(p.board, sets)
        seen = p.shows(expected, deadline - t_up, since=t_up, pause=0)
        check(first is not None and first < 2.0,
              f"broker back after 3 s away: first sample {first if first is None else round(first, 2)} s after it listens (< 2 s)")
        check(seen is not None and seen < 2.0,
              f"broker back: screen equals render --set of the retained values {seen if seen is None else round(seen, 2)} s after it listens (< 2 s)")
        print(f"# recovery: first sample {first and round(first, 3)} s, screen {seen and round(seen, 3)} s after the broker listens", flush=True)

        # A flood on topics the board does not read.
        shows(p, sets, "before the flood")
        time.sleep(0.5)
        frames0, rss0 = int(p.stats().get("frames", "0")), rss_kb(p.proc.pid)
        pubs = [b.publisher("flood/unread"), b.publisher("zigbee/living")]
        stop, sent, rss_max = threading.Event(), [0], [rss0]

        def flood():
            t0 = time.monotonic()
            while not stop.is_set() and time.monotonic() - t0 < 10:
                target = t0 + sent[0] / 1000
                while time.monotonic() < target:
                    time.sleep(0.0005)
                i = sent[0]
                (pubs[i % 2]).stdin.write(b'{"linkquality":%d}\n' % (i % 256) if i % 2 else b"%d\n" % i)
                if i % 50 == 0:
                    for q in pubs: q.stdin.flush()
                sent[0] += 1
            for q in pubs: q.stdin.flush()
        t = threading.Thread(target=flood, daemon=True); t.start()
        while t.is_alive():
            rss_max[0] = max(rss_max[0], rss_kb(p.proc.pid)); time.sleep(0.25)
        for q in pubs:
            q.stdin.close(); q.wait(timeout=20)
        time.sleep(1)
        frames1, rss1 = int(p.stats().get("frames", "0")), rss_kb(p.proc.pid)
        recv = b.text().count("Sending PUBLISH to e2e-values")
        check(sent[0] >= 9000, f"flood: {sent[0]} messages in 10 s on flood/unread and zigbee/living (no channel's field)")
        check(frames1 == frames0, f"flood: no redraw (frames {frames0} → {frames1})")
        check(rss1 - rss0 < 1024 and rss_max[0] - rss0 < 2048,
              f"flood: RSS flat: {rss0} kB before, {rss_max[0]} kB at most during, {rss1} kB after")
        print(f"# flood: {sent[0]} sent, the broker logged {recv} PUBLISHes to the panel; RSS {rss0} → max {rss_max[0]} → {rss1} kB", flush=True)
        shows(p, sets, "after the flood: the same values")
    finally:
        p.stop()
        b.stop()


def login(d):
    b = Broker(os.path.join(d, "broker-login"), users={"panel": "s3cret-pw", "feed": "feedpw"})
    b.pub("homelab/pi/load", "0.5", retain=True, user="feed")
    for name, password, sets in (("right", "s3cret-pw", {"load": 0.5}), ("wrong", "not-it", {})):
        pd = os.path.join(d, f"login-{name}")
        os.makedirs(pd, exist_ok=True)
        with open(os.path.join(pd, "mqtt-password"), "w") as f:
            f.write(password + "\n")
        os.chmod(os.path.join(pd, "mqtt-password"), 0o600)
        p = Panel(f"mqtt-login-{name}", board(b.port, CHANNELS[:1], username="panel", password_file="mqtt-password",
                                             client_id=f"e2e-login-{name}"), d=pd)
        try:
            if name == "right":
                check(p.wait_for(f"mqtt 127.0.0.1:{b.port}: connected", 20), "password broker: the panel connects")
                shows(p, sets, "password broker, username + password_file (mode 600): logged in")
            else:
                ok = p.wait_for("refused the connection", 15)
                time.sleep(6)   # a second refusal (after 5 s) is not logged again
                n = sum(1 for l in p.lines if "refused the connection" in l)
                line = next((l for l in p.lines if "refused the connection" in l), "")
                check(ok and n == 1 and ("not authorized" in line or "bad user name or password" in line),
                      f"wrong password: said once ({n}×) with the broker's reason: {line.split('] ', 1)[-1][:160]}")
                shows(p, sets, "wrong password: no value")
        finally:
            p.stop()
    b.stop()


def tls(d):
    certs = make_certificates(os.path.join(d, "certs"))
    b = Broker(os.path.join(d, "broker"), tls=certs)
    b.pub("secure/load", "2.25", retain=True)
    ch = [{"name": "load", "topic": "secure/load"}]
    for label, ca in (("trusted", certs["ca"]), ("untrusted", certs["other_ca"])):
        os.makedirs(os.path.join(d, label))
        bd = board(b.tls_port, ch, tls=True, ca_file=ca, client_id=f"e2e-tls-{label}")
        bd["sensor"][0]["broker"] = f"localhost:{b.tls_port}"   # the certificate's name
        p = Panel(f"mqtt-tls-{label}", bd, d=os.path.join(d, label))
        try:
            if label == "trusted":
                check(p.wait_for(f"mqtt localhost:{b.tls_port}: connected", 20), "TLS: the panel connects (handshake with the CA file)")
                shows(p, {"load": 2.25}, "TLS: the retained value over TLS")
                b.pub("secure/load", "3.5")
                shows(p, {"load": 3.5}, "TLS: a live value over TLS")
            else:
                said = p.wait_for("certificate is not trusted", 20)
                time.sleep(2.5)   # several reconnects (¼ s, ½ s, then every second)
                log = p.log()
                n = log.count("certificate is not trusted")
                check(said and n == 1, f"TLS with another CA: the log says once that the certificate is not trusted ({n}×)")
                check(f"localhost:{b.tls_port}: connected" not in log, "TLS with another CA: never connected")
                shows(p, {}, "TLS with another CA: no value", timeout=3)
        finally:
            p.stop()


def oversized(d):
    b = Broker(os.path.join(d, "broker"))
    devices = ("[" + ",".join('{"ieee_address":"0x%016x","friendly_name":"sensor %d","definition":{"model":"WSDCGQ11LM",'
                              '"vendor":"Aqara","description":"temperature, humidity and pressure sensor"}}' % (i, i)
                              for i in range(190)) + "]").encode()
    b.pub_large("zigbee2mqtt/bridge/devices", devices, retain=True)
    b.pub("zigbee2mqtt/living", '{"temperature":21.5,"humidity":40,"linkquality":90}', retain=True)
    ch = [{"name": "temp", "topic": "zigbee2mqtt/#", "json": "temperature"}]
    where = f"mqtt 127.0.0.1:{b.port}"
    t0 = time.monotonic()
    p = Panel("mqtt-oversized", board(b.port, ch, qos=1, client_id="e2e-oversized"), d=d)
    try:
        first = None
        while time.monotonic() - t0 < 10 and first is None:
            if int(p.stats().get("samples", "0")) > 0:
                first = time.monotonic() - t0
            time.sleep(0.01)
        check(first is not None and first < 1.0,
              f"a {len(devices)}-byte retained zigbee2mqtt/bridge/devices under zigbee2mqtt/#: temperature read "
              f"{first if first is None else round(first, 2)} s after the start (< 1 s)")
        shows(p, {"temp": 21.5}, "the sensor beside the big message")
        said = [l for l in p.lines if "skipped a message" in l]
        check(len(said) == 1 and '"zigbee2mqtt/bridge/devices"' in said[0] and "over the limit of 16384" in said[0],
              f"said once with its topic: {said[0].split('] ', 1)[-1] if said else 'nothing'}")
        # 1 MB messages on a subscribed topic: read past, acknowledged, memory flat.
        time.sleep(0.5)
        rss0 = rss_max = rss_kb(p.proc.pid)
        for i in range(30):
            b.pub_large("zigbee2mqtt/camera/snapshot", bytes([0x41 + i % 26]) * (1 << 20), qos=1)
            rss_max = max(rss_max, rss_kb(p.proc.pid))
        b.pub("zigbee2mqtt/living", '{"temperature":19.75}')
        shows(p, {"temp": 19.75}, "after 30 MB of 1 MB messages: a new value still read")
        rss1 = rss_kb(p.proc.pid)
        check(rss_max - rss0 < 2048 and rss1 - rss0 < 1024,
              f"30 messages of 1 MB: RSS flat ({rss0} kB before, {rss_max} kB at most during, {rss1} kB after)")
        acks = b.text().count("Received PUBACK from e2e-oversized")
        check(acks >= 30, f"each QoS 1 message acknowledged though not read ({acks} PUBACKs in the broker's log)")
        lines = [l for l in p.lines if f"{where}:" in l]
        check(not any(": lost" in l or "reconnect" in l for l in lines) and len(lines) <= 3,
              f"the connection kept: {len(lines)} log lines for the broker" + "".join(f"\n      {l}" for l in lines))
    finally:
        p.stop()
        b.stop()
    fields, _ = p.summary()
    token = fields.get(f"mqtt:127.0.0.1:{b.port}", "")
    check(token == "open,oversized:31", f"the run summary counts them: mqtt:127.0.0.1:{b.port}={token}")
    print(f"# oversized: first value {first and round(first, 3)} s after the start; RSS {rss0} → max {rss_max} → {rss1} kB "
          f"over 30 MB of skipped messages", flush=True)


def main():
    if len(sys.argv) != 3:
        print(__doc__.rsplit("Usage: ", 1)[1], file=sys.stderr)
        return 2
    harness.use(sys.argv[1], sys.argv[2])
    t0 = time.monotonic()
    harness.run_parts(check, (values_and_recovery, login, tls, oversized), lambda part: harness.new_dir(part.__name__))
    print(f"# {time.monotonic() - t0:.1f} s", flush=True)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
