#!/usr/bin/env python3
"""End-to-end, kind = "signalk" against a small Signal K server on loopback (Python's
`websockets`, installed from PyPI when missing): dashboards/boat-signalk.toml, its server
turned to that port (the channels read environment.depth.belowTransducer,
environment.wind.angleApparent and speedApparent, navigation.speedThroughWater and
headingMagnetic).

The server answers discovery (`GET /signalk`: the stream's endpoint) and the stream
(`/signalk/v1/stream`: a hello naming the own vessel, then what is subscribed, each path
at its `period`; `unsubscribe` honoured), and pings every 0.5 s (a client that does not
answer with a pong is dropped after 2 s). Its deltas carry SI values: depth 8.4 m,
apparent wind -35° and 14.2 kn, 6.1 kn through the water, heading 274° — as rad and m/s —
and, every round, the same paths of another vessel (other values) which must not show.

The first delta of each path carries its `meta` (sendMeta=all): speedThroughWater a "warn"
zone from 5 to 20 kn (in m/s), apparent wind speed an "alarm" zone from 5 m/s (the board
sets its own alarm there, which wins), depth units "ft" (the table says m).

  subscribe  the panel subscribes to exactly the board's five paths of vessels.self and
             notifications.*, period 1000 ms, minPeriod 200 ms, once per connection
  values     the screen equals `gaugepanel render --set` of the values converted to the
             channels' units (m, deg, kn) on the board with the server's speed zone
             written by hand (which differs from the board without it: the zone shows),
             with the server's pings coming all along; the units said once
  notify     notifications.mob in state "alarm": the banner changes (and nothing below
             it); back to "normal": the screen is the values' again
  discovery  GET /signalk once (the server closes after answering, the panel connects again
             at once, quietly) then the stream where it points (/signalk/v1/stream/e2e); a
             server whose discovery answers 404: said once, the stream at /signalk/v1/stream
  paths      `gaugepanel signalk-paths` subscribes to `*` and lists the five paths of the
             own vessel, sorted, with their values as sent and units (meta, else the table)
  restart    the server stops (connections closed, port closed): the panel says it lost
             it and shows no values; it listens again: the panel reconnects, subscribes
             again and the values are back

Usage: signalk.py GAUGEPANEL WORKDIR     Prints ok:/FAIL: per check; exit 1 on a failure.
"""
import asyncio, fnmatch, json, math, os, re, sys, threading, time, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from checks import Checks   # noqa: E402
from pngread import png_rows   # noqa: E402
from keycases import harness   # noqa: E402
from keycases.harness import Panel, gaugepanel, new_dir, render, same   # noqa: E402
from netpeers import free_port   # noqa: E402
import pypi   # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
KNOT = 1852 / 3600
RAD = math.pi / 180
SELF = "vessels.urn:mrn:signalk:uuid:c0d79334-4e25-4245-8892-54e8ccc8021d"
# channel → (its Signal K path, the value in SI, the value in the channel's unit)
CHANNELS = {
    "depth": ("environment.depth.belowTransducer", 8.4, 8.4),
    "wind.angle": ("environment.wind.angleApparent", -35 * RAD, -35 * RAD * (180 / math.pi)),
    "wind.speed": ("environment.wind.speedApparent", 14.2 * KNOT, 14.2 * KNOT / KNOT),
    "speed": ("navigation.speedThroughWater", 6.1 * KNOT, 6.1 * KNOT / KNOT),
    "heading": ("navigation.headingMagnetic", 274 * RAD, 274 * RAD * (180 / math.pi)),
}
checks = Checks()
check = checks.check


def import_websockets():
    pypi.module("websockets.asyncio.server", "websockets")
    return sys.modules["websockets"]


class SignalKServer(threading.Thread):
    """A Signal K server on 127.0.0.1:port in its own event loop: `subscriptions` holds
    every subscribe message received, `connections` counts the streams opened."""

    def __init__(self, ws, port, values, metas=None, tls=None, token=None):
        super().__init__(daemon=True)
        self.ws, self.port, self.values, self.metas = ws, port, values, metas or {}
        self.tls, self.token = tls, token   # tls: make_certificates' paths; token: the one it accepts
        self.refused = 0
        self.puts, self.put_status = [], 200   # the PUTs received; the status they are answered with
        self.notes, self.note_seq = {}, 0
        self.discoveries, self.stream_paths = 0, []
        self.discovers = True   # False: GET /signalk answers 404
        self.subscriptions, self.connections = [], 0
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.server = None
        self.start()
        self.ready.wait(10)

    def run(self):
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self.open())
        self.loop.run_forever()

    async def open(self):
        context = None
        if self.tls:
            import ssl
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(self.tls["cert"], self.tls["key"])
        self.server = await self.ws.asyncio.server.serve(
            self.stream, "127.0.0.1", self.port, process_request=self.discovery, ping_interval=0.5, ping_timeout=2, ssl=context)
        self.ready.set()

    def discovery(self, connection, request):
        if self.token and request.headers.get("Authorization") != "Bearer " + self.token:
            self.refused += 1
            return connection.respond(401, "unauthorized\n")
        if request.path.rstrip("/") == "/signalk":
            self.discoveries += 1
            if not self.discovers:
                return connection.respond(404, "not found\n")
            r = connection.respond(200, json.dumps({"endpoints": {"v1": {
                "version": "1.7.0", "signalk-http": f"http://127.0.0.1:{self.port}/signalk/v1/api/",
                "signalk-ws": f"ws://127.0.0.1:{self.port}/signalk/v1/stream/e2e"}},
                "server": {"id": "gaugepanel-e2e", "version": "0.1"}}))
            r.headers["Content-Type"] = "application/json"
            return r
        if not request.path.startswith("/signalk/v1/stream"):
            return connection.respond(404, "not found\n")
        self.stream_paths.append(request.path)
        return None

    async def stream(self, connection):
        self.connections += 1
        await connection.send(json.dumps({"name": "gaugepanel-e2e", "version": "1.7.0", "self": SELF,
                                          "roles": ["master", "main"], "timestamp": "2026-01-01T00:00:00Z"}))
        periods, due = {}, {}
        sender = asyncio.ensure_future(self.send_deltas(connection, periods, due))
        try:
            async for text in connection:
                message = json.loads(text)
                for s in message.get("subscribe", []):
                    for p in [v for v in self.values if fnmatch.fnmatchcase(v, s["path"])] or [s["path"]]:
                        periods[p] = s.get("period", 1000) / 1000
                        due[p] = 0
                for s in message.get("unsubscribe", []):
                    for p in [p for p in periods if s["path"] in ("*", p)]:
                        del periods[p]
                if "subscribe" in message:
                    self.subscriptions.append(message)
                if "put" in message:
                    self.puts.append(message)
                    await connection.send(json.dumps({"requestId": message.get("requestId"), "state": "COMPLETED",
                                                      "statusCode": self.put_status}))
        except self.ws.exceptions.ConnectionClosed:
            pass
        finally:
            sender.cancel()

    def notify(self, path, value):
        """A notification's value (None: null), sent to every stream subscribed to notifications.*."""
        self.notes[path] = value
        self.note_seq += 1

    async def send_deltas(self, connection, periods, due):
        meta_sent, note_seq = set(), 0
        while True:
            now = time.monotonic()
            if "notifications.*" in periods and note_seq != self.note_seq:
                note_seq = self.note_seq
                await connection.send(json.dumps({"context": SELF, "updates": [{"source": {"label": "alarms"}, "values": [
                    {"path": p, "value": v} for p, v in self.notes.items()]}]}))
            paths = [p for p in periods if due.get(p, 0) <= now]
            for p in paths:
                due[p] = now + periods[p]
            if paths:
                meta = [{"path": p, "value": self.metas[p]} for p in paths if p in self.metas and p not in meta_sent]
                meta_sent.update(m["path"] for m in meta)
                values = [{"path": p, "value": self.values[p]} for p in paths if p in self.values]
                other = [{"path": p, "value": self.values[p] * 2 + 1} for p in paths if p in self.values]
                await connection.send(json.dumps({"context": "vessels.urn:mrn:imo:mmsi:230099999",
                                                  "updates": [{"source": {"label": "ais"}, "values": other}]}))
                await connection.send(json.dumps({"context": SELF, "updates": [{
                    "source": {"label": "n2k"}, "timestamp": "2026-01-01T00:00:00Z", "values": values,
                    **({"meta": meta} if meta else {})}]}))
            await asyncio.sleep(0.05)

    def stop(self):
        async def close():
            self.server.close()
            await self.server.wait_closed()
        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)


# The server's meta: a zone the panel takes (speed), one the board's own alarm overrides
# (wind speed), units that disagree with the table (depth).
METAS = {
    "navigation.speedThroughWater": {"units": "m/s", "zones": [
        {"lower": 5 * KNOT, "upper": 20 * KNOT, "state": "warn", "message": "Fast"}]},
    "environment.wind.speedApparent": {"units": "m/s", "zones": [{"lower": 5, "state": "alarm", "message": "Wind"}]},
    "environment.depth.belowTransducer": {"units": "ft"},
}
# The speed zone written by hand on the board, in the channel's unit (kn).
SPEED_ZONE = """  smoothing = 0.5
    [[sensor.channel.zone]]
    lower = 5
    upper = 20
    state = "warn"
    message = "Fast"
"""


def board(port, zoned=False):
    """boat-signalk.toml with its server on 127.0.0.1:port; zoned: with the server's speed zone by hand."""
    text = open(os.path.join(ROOT, "dashboards/boat-signalk.toml")).read()
    if zoned:
        head, tail = text.split('source = "navigation.speedThroughWater"', 1)
        tail = tail.replace("  smoothing = 0.5\n", SPEED_ZONE, 1)
        text = head + 'source = "navigation.speedThroughWater"' + tail
    return re.sub(r'^server = ".*"$', f'server = "127.0.0.1:{port}"', text, flags=re.M)


def banner_only(a, b, strip=48):
    """Whether pictures a and b differ, and only within the top `strip` rows (the banner)."""
    ra, rb = png_rows(a), png_rows(b)
    return ra[:strip] != rb[:strip] and ra[strip:] == rb[strip:]


def fallback(ws, values):
    """A server whose GET /signalk answers 404: the panel says so once and streams at /signalk/v1/stream."""
    port = free_port()
    server = SignalKServer(ws, port, values)
    server.discovers = False
    p = None
    try:
        p = Panel("signalk-fallback", board(port), d=new_dir("signalk-fallback"), board_name="boat-signalk.toml")
        t = p.shows(render(p.board, {name: c[2] for name, c in CHANNELS.items()}), 20)
        said = "discovery (GET /signalk) failed: it answered HTTP/1.1 404 Not Found; using /signalk/v1/stream"
        check(t is not None and p.count(said) == 1 and server.discoveries == 1
              and server.stream_paths == ["/signalk/v1/stream?subscribe=none&sendMeta=all"],
              f"discovery refused: said once ({said}), the stream at /signalk/v1/stream {server.stream_paths}, values shown")
    finally:
        server.stop()
        if p:
            p.stop()


def secure(ws, values):
    """The stream over TLS (a CA and a server certificate for localhost made by openssl)
    from a server that wants a token: without token_file the refusal is said once with
    the fix; with it the values show."""
    from mosquitto import make_certificates
    d = new_dir("signalk-secure")
    certs = make_certificates(os.path.join(d, "certs"))
    port = free_port()
    server = SignalKServer(ws, port, values, tls=certs, token="e2e-token.0123")
    with open(os.path.join(d, "signalk-token"), "w") as f:
        f.write("e2e-token.0123\n")
    text = board(port).replace(f'server = "127.0.0.1:{port}"', f'server = "localhost:{port}"\ntls = true\nca_file = "{certs["ca"]}"')
    p = q = None
    try:
        p = Panel("signalk-nologin", text, d=d, board_name="nologin.toml")
        said = "the server wants a login: write an access token"
        ok = p.wait_for(said, 20)
        time.sleep(1.5)   # retried meanwhile, quietly
        check(ok and p.count(said) == 1 and server.refused >= 2,
              f"over TLS, no token: the refusal said once with the fix ({said} …), retried quietly ({server.refused} refusals)")
        p.stop()
        p = None
        q = Panel("signalk-token", text.replace("tls = true", 'tls = true\ntoken_file = "signalk-token"'), d=d, board_name="token.toml")
        t = q.shows(render(q.board, {name: c[2] for name, c in CHANNELS.items()}), 20)
        check(t is not None and server.connections >= 1, "over TLS with token_file: the values show (the server speaks only TLS)"
              + (f" ({t:.1f} s)" if t is not None else " — not within 20 s: " + q.log()[-300:]))
    finally:
        server.stop()
        for x in (p, q):
            if x:
                x.stop()


def wildcard(ws):
    """A channel on propulsion.*.revolutions (Hz, shown in rpm): the server sends the port
    engine's 30 Hz and the starboard's 31 Hz; the channel follows the first to report
    (port: 1800 rpm), said once, and the subscription asks for the pattern."""
    from keycases.cases_network import network_board
    port = free_port()
    server = SignalKServer(ws, port, {"propulsion.port.revolutions": 30.0, "propulsion.starboard.revolutions": 31.0})
    b = network_board([{"name": "rpm", "source": "propulsion.*.revolutions", "unit": "rpm"}], kind="signalk",
                      server=f"127.0.0.1:{port}", notifications=False)
    p = None
    try:
        p = Panel("signalk-wildcard", b, d=new_dir("signalk-wildcard"))
        t = p.shows(render(p.board, {"rpm": 1800}), 20)
        said = "propulsion.*.revolutions: following propulsion.port.revolutions, the first of its paths to report"
        subs = [s["path"] for m in server.subscriptions for s in m.get("subscribe", [])]
        check(t is not None and p.count(said) == 1 and subs == ["propulsion.*.revolutions"],
              f"wildcard: propulsion.*.revolutions follows the port engine (1800 rpm from 30 Hz), said once ({said}); "
              f"subscribed to {subs}" + (f" ({t:.1f} s)" if t is not None else " — not within 20 s"))
    finally:
        server.stop()
        if p:
            p.stop()


def acknowledge(ws):
    """A notification shown in the banner, acknowledged by a tap on it (`run --tap`): the
    panel PUTs its method as [] (silenced) to the server, and the banner goes; a server
    answering 405 is said once, the acknowledgement the panel's own."""
    from keycases.cases_network import network_board
    for status in (200, 405):
        port = free_port()
        path = "navigation.speedThroughWater"
        server = SignalKServer(ws, port, {path: 2.0})
        server.put_status = status
        server.notify("notifications.mob", {"state": "alarm", "method": ["visual", "sound"], "message": "Man overboard"})
        b = network_board([{"name": "speed", "source": path}], kind="signalk", server=f"127.0.0.1:{port}")
        p = None
        try:
            p = Panel(f"signalk-ack-{status}", b, d=new_dir(f"signalk-ack-{status}"), args=("--tap", "160,8@5"))
            values = render(p.board, {"speed": 2.0})
            banner = False
            t0 = time.monotonic()
            while time.monotonic() - t0 < 4 and not banner:   # before the tap at 5 s: the banner over the value
                s = p.snapshot()
                banner = s is not None and banner_only(s, values)
                time.sleep(0.1)
            t = p.shows(values, 15) if banner else None
            puts = [m["put"] for m in server.puts]
            refused = "the server did not take the acknowledgement (PUT answered 405"
            check(t is not None and puts == [{"path": "notifications.mob.method", "value": []}]
                  and p.count(refused) == (1 if status == 405 else 0),
                  f"acknowledge (server answers {status}): a tap on the banner PUTs {puts}, the banner goes"
                  + (", the refusal said once" if status == 405 else "")
                  + (f" ({t:.1f} s)" if t is not None else " — the banner stayed 15 s"))
        finally:
            server.stop()
            if p:
                p.stop()


def main():
    if len(sys.argv) != 3:
        print(__doc__.split("Usage:")[1].strip(), file=sys.stderr)
        return 2
    harness.use(sys.argv[1], sys.argv[2])
    t_start = time.time()
    ws = import_websockets()
    d = new_dir("signalk")
    port = free_port()
    values = {path: si for path, si, _ in CHANNELS.values()}
    server = SignalKServer(ws, port, values, METAS)
    p = None
    try:
        found = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/signalk", timeout=5))
        check(found["endpoints"]["v1"]["signalk-ws"].endswith("/signalk/v1/stream/e2e"), "the server's discovery names its stream")
        server.discoveries = 0
        p = Panel("signalk", board(port), d=d, board_name="boat-signalk.toml")
        where = f"signalk 127.0.0.1:{port}"
        check(p.wait_for(f"{where}: connected", 20), f"{where}: connected")
        zoned = os.path.join(d, "zoned.toml")
        with open(zoned, "w") as f:
            f.write(board(port, zoned=True))
        sets = {name: c[2] for name, c in CHANNELS.items()}
        shown = render(zoned, sets)
        none_png = render(p.board, {})
        check(not same(shown, render(p.board, sets))[0], "the speed zone by hand changes the rendered screen")
        t = p.shows(shown, 20)
        check(t is not None, "values: screen equals `render depth=8.4 wind.angle=-35 wind.speed=14.2 speed=6.1 heading=274` "
              "of the SI values sent, on the board with the server's speed zone by hand (the wind's server zone "
              "overridden by the board's)" + (f" ({t:.1f} s)" if t is not None else " — not within 20 s"))
        said = 'environment.depth.belowTransducer: the server gives its units as "ft"'
        check(p.count(said) == 1 and p.count("channel speed: 1 alarm zone from its source") == 1
              and p.count("channel wind.speed:") == 0, f"the depth's units said once, the speed's zone taken: {said}")
        wanted = sorted([c[0] for c in CHANNELS.values()] + ["notifications.*"])
        subs = server.subscriptions
        first = subs[0] if subs else {}
        got = sorted(s["path"] for s in first.get("subscribe", []))
        paced = all(s.get("period") == 1000 and s.get("minPeriod") == 200 for s in first.get("subscribe", []))
        check(len(subs) == 1 and first.get("context") == "vessels.self" and got == wanted and paced,
              f"subscribe: exactly the board's paths of vessels.self, period 1000, minPeriod 200, once: {subs}")
        time.sleep(2.5)   # the server's pings (every 0.5 s) are answered, or it drops the panel after 2 s
        check(p.count(f"{where}: lost") == 0 and server.connections == 1, "pings answered: still the first connection after 3 s")
        check(server.discoveries == 1 and server.stream_paths == ["/signalk/v1/stream/e2e?subscribe=none&sendMeta=all"]
              and p.count(f"{where}: connected") == 1,
              f"discovery: GET /signalk once (the server closes after it), then the stream where it points, with "
              f"subscribe=none&sendMeta=all: {server.discoveries} discoveries, streams {server.stream_paths}; connected said once")

        mob = {"state": "alarm", "method": ["visual", "sound"], "message": "Man overboard"}
        server.notify("notifications.mob", mob)
        s, banner = None, False
        t0 = time.monotonic()
        while time.monotonic() - t0 < 10 and not banner:
            s = p.snapshot()
            banner = s is not None and banner_only(s, shown)
            time.sleep(0.1)
        check(banner, "notify: notifications.mob in state alarm changes the banner, nothing below it")
        server.notify("notifications.mob", dict(mob, state="normal"))
        t = p.shows(shown, 10)
        check(t is not None, "notify: back to normal, the screen is the values' again"
              + (f" ({t:.1f} s)" if t is not None else " — not within 10 s"))

        server.stop()
        lost = p.wait_for(f"{where}: lost", 10)
        t = p.shows(none_png, 10)
        check(lost and t is not None, f"server gone: `lost` logged ({lost}), no values shown"
              + ("" if t is not None else " — the screen still shows some"))
        t0 = time.monotonic()
        server = SignalKServer(ws, port, values, METAS)
        again = p.wait_for(f"{where}: connected again", 5)
        back = time.monotonic() - t0
        t = p.shows(shown, 10)
        check(again and t is not None and len(server.subscriptions) == 1
              and sorted(s["path"] for s in server.subscriptions[0]["subscribe"]) == wanted
              and server.discoveries == 0 and server.stream_paths[-1].startswith("/signalk/v1/stream/e2e?"),
              f"server back: connected again {back:.2f} s after it listened (no discovery again), subscribed again, values on screen"
              + (f" ({t:.1f} s)" if t is not None else " — not within 10 s"))
        stats = p.stats()
        check(int(stats.get("dropped_lines", "-1")) == 0, f"every message read: dropped_lines={stats.get('dropped_lines')}")

        listed = gaugepanel("signalk-paths", f"127.0.0.1:{port}", "--seconds", "2")
        units = {p: "rad" for p, si, _ in CHANNELS.values()}
        units.update({p: m["units"] for p, m in METAS.items()})
        want = [f"{p.ljust(max(map(len, values)))}  {values[p]:.6g}  {units[p]}" for p in sorted(values)]
        got = listed.stdout.splitlines()
        check(listed.returncode == 0 and got == want and server.subscriptions[-1]["subscribe"][0]["path"] == "*",
              f"signalk-paths: every path of the own vessel, sorted, with its value and unit (meta, else the table): "
              f"{got} (exit {listed.returncode}; wanted {want}) {listed.stderr.strip()}")
    finally:
        server.stop()
        if p:
            p.stop()
    fallback(ws, values)
    secure(ws, values)
    wildcard(ws)
    acknowledge(ws)
    return checks.finish(f"{time.time() - t_start:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
