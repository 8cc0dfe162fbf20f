#!/usr/bin/env python3
"""End-to-end, kind = "signalk" against a second, independent WebSocket implementation:
aiohttp's server (PyPI, installed when missing), used as it comes — its own handshake,
framing, heartbeat and close handling — with a small Signal K handler on loopback
(discovery at /signalk, the stream at /signalk/v1/stream). dashboards/boat-signalk.toml
is turned to it.

  values     each delta is padded to about 10 KB with paths nobody reads, so every
             message reaches the panel split across several reads (it reads 4 KB at a
             time); the screen equals `gaugepanel render --set` of the values converted
  heartbeat  aiohttp pings every 0.4 s and drops a client whose pong is late: after 3 s
             the panel is still on its first connection
  oversize   one 20 KB message (over the panel's 16 KB) is skipped, counted
             (`oversized:1` in the run summary) and the connection kept
  close      the server closes with 1001 (going away): the panel answers the close (its
             code echoed: SignalKTests), says it lost the server, connects again,
             subscribes again and shows the values

Usage: signalk_peer.py GAUGEPANEL WORKDIR     Prints ok:/FAIL: per check; exit 1 on a failure.
"""
import asyncio, json, os, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from checks import Checks   # noqa: E402
from keycases import harness   # noqa: E402
from keycases.harness import Panel, new_dir, render   # noqa: E402
from netpeers import free_port   # noqa: E402
import pypi   # noqa: E402
import signalk   # noqa: E402   (the channels, the board, the own vessel)

checks = Checks()
check = checks.check
PADDING = [{"path": f"environment.padding.p{i:03d}", "value": i * 1.25} for i in range(180)]


def import_aiohttp():
    pypi.module("aiohttp.web", "aiohttp")
    return sys.modules["aiohttp"]


class PeerServer(threading.Thread):
    """aiohttp on 127.0.0.1:port in its own loop; `connections`, `subscriptions`, `sizes`
    (the bytes of each delta sent), `close_now` (close every stream with 1001)."""

    def __init__(self, aiohttp, port, values):
        super().__init__(daemon=True)
        self.aiohttp, self.port, self.values = aiohttp, port, values
        self.connections, self.subscriptions, self.sizes, self.closes = 0, [], [], []
        self.close_now = self.oversize_now = False
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.start()
        self.ready.wait(10)

    def run(self):
        asyncio.set_event_loop(self.loop)
        web = self.aiohttp.web
        app = web.Application()
        app.router.add_get("/signalk", self.discovery)
        app.router.add_get("/signalk/v1/stream", self.stream)
        self.runner = web.AppRunner(app)
        self.loop.run_until_complete(self.runner.setup())
        self.loop.run_until_complete(web.TCPSite(self.runner, "127.0.0.1", self.port).start())
        self.ready.set()
        self.loop.run_forever()

    async def discovery(self, request):
        return self.aiohttp.web.json_response({"endpoints": {"v1": {
            "version": "1.7.0", "signalk-ws": f"ws://127.0.0.1:{self.port}/signalk/v1/stream"}}})

    async def stream(self, request):
        ws = self.aiohttp.web.WebSocketResponse(heartbeat=0.4)
        await ws.prepare(request)
        self.connections += 1
        await ws.send_str(json.dumps({"name": "aiohttp-peer", "version": "1.7.0", "self": signalk.SELF}))
        paths = []
        sender = asyncio.ensure_future(self.send(ws, paths))
        try:
            async for msg in ws:
                if msg.type == self.aiohttp.WSMsgType.TEXT:
                    message = json.loads(msg.data)
                    if "subscribe" in message:
                        self.subscriptions.append(message)
                        paths.extend(s["path"] for s in message["subscribe"])
        finally:
            sender.cancel()
            self.closes.append(ws.close_code)
        return ws

    async def send(self, ws, paths):
        while not ws.closed:
            if self.close_now:
                self.close_now = False
                await ws.close(code=1001, message=b"going away")
                return
            if self.oversize_now:
                self.oversize_now = False
                await ws.send_str(json.dumps({"context": signalk.SELF, "updates": [{"values": PADDING * 4}]}))
            values = [{"path": p, "value": v} for p, v in self.values.items() if p in paths]
            if values:
                text = json.dumps({"context": signalk.SELF, "updates": [{"source": {"label": "n2k"}, "values": values + PADDING}]})
                self.sizes.append(len(text))
                await ws.send_str(text)
            await asyncio.sleep(0.2)

    def stop(self):
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)


def main():
    if len(sys.argv) != 3:
        print(__doc__.split("Usage:")[1].strip(), file=sys.stderr)
        return 2
    harness.use(sys.argv[1], sys.argv[2])
    t_start = time.time()
    aiohttp = import_aiohttp()
    port = free_port()
    values = {path: si for path, si, _ in signalk.CHANNELS.values()}
    server = PeerServer(aiohttp, port, values)
    p = None
    try:
        p = Panel("signalk-peer", signalk.board(port), d=new_dir("signalk-peer"), board_name="boat-signalk.toml")
        shown = render(p.board, {name: c[2] for name, c in signalk.CHANNELS.items()})
        t = p.shows(shown, 20)
        sizes = sorted(set(server.sizes))
        check(t is not None and sizes and min(sizes) > 9000,
              f"values: the screen equals render of the values sent, each delta {min(sizes or [0])}–{max(sizes or [0])} bytes "
              f"(read 4 KB at a time: split across reads)" + (f" ({t:.1f} s)" if t is not None else " — not within 20 s"))
        time.sleep(3)
        where = f"signalk 127.0.0.1:{port}"
        check(server.connections == 1 and p.count(f"{where}: lost") == 0,
              f"heartbeat: aiohttp's pings (every 0.4 s) answered, still its first connection after 3 s ({server.connections})")
        server.oversize_now = True
        time.sleep(1)
        summary = p.stats()
        check(server.connections == 1 and "oversized:1" in " ".join(f"{k}={v}" for k, v in summary.items()),
              f"oversize: a 20 KB message skipped and counted, the connection kept ({summary.get('signalk:127.0.0.1:' + str(port))})")
        server.close_now = True
        lost = p.wait_for(f"{where}: lost", 10)
        again = p.wait_for(f"{where}: connected again", 10)
        t = p.shows(shown, 10)
        check(lost and again and t is not None and server.connections == 2 and len(server.subscriptions) == 2
              and len(server.closes) >= 1,
              f"close 1001: lost said ({lost}), connected ({again}) and subscribed again ({len(server.subscriptions)} subscriptions), "
              f"values back"
              + (f" ({t:.1f} s)" if t is not None else " — not within 10 s"))
    finally:
        server.stop()
        if p:
            p.stop()
    return checks.finish(f"{time.time() - t_start:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
