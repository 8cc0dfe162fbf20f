"""Custom cases for network sensors: `server` (kind = "tcp": the panel connects to the
server named, and shows what that one sends) and `listen` (kind = "udp": the panel takes
the datagrams sent to the address it binds, and not those sent elsewhere)."""
import threading, time

from .cases_serial import serial_board
from .harness import Panel, new_dir, render
from netpeers import StreamServer, free_port, send_datagrams


def network_board(channels, **sensor):
    b = serial_board("/dev/null", channels)
    b["sensor"] = [{**sensor, "channel": channels}]
    return b


def case_server(key):
    out = []
    one = StreamServer(lambda i: b"a=11\n")
    two = StreamServer(lambda i: b"a=22\n")
    try:
        for server, v in ((one, 11), (two, 22)):
            b = network_board([{"name": "a"}], kind="tcp", server=f"127.0.0.1:{server.port}", protocol="line")
            p = Panel(f"server-{v}", b, d=new_dir(f"sensor-server-{v}"))
            try:
                connected = p.wait_for(f"tcp 127.0.0.1:{server.port}: connected", 20)
                s, ok, how = p.settle(lambda: render(p.board, {"a": v}), confirm=True)
                out.append((connected and ok, f"server = 127.0.0.1:{server.port} (connected: {connected}) shows that server's a={v} ({how})"))
            finally:
                p.stop()
        # A server that is not there: said once, no value.
        port = free_port()
        b = network_board([{"name": "a"}], kind="tcp", server=f"127.0.0.1:{port}", protocol="line")
        p = Panel("server-none", b, d=new_dir("sensor-server-none"))
        try:
            said = p.wait_for("cannot open: Connection refused", 20)
            time.sleep(1.5)
            s, ok, how = p.settle(lambda: render(p.board, {}), confirm=True)
            once = sum("cannot open" in l for l in p.lines) == 1
            out.append((said and once and ok, f"server = 127.0.0.1:{port} where nothing listens: refused said once ({said}, once: {once}), no value ({how})"))
        finally:
            p.stop()
    finally:
        one.close(); two.close()
    return out


def case_listen(key):
    out = []
    ports = [free_port(2), free_port(2)]
    stop = threading.Event()

    def feed():
        while not stop.is_set():
            send_datagrams(ports[0], [b"a=33"]); send_datagrams(ports[1], [b"a=44"]); time.sleep(0.1)
    t = threading.Thread(target=feed, daemon=True); t.start()
    try:
        for port, v in ((ports[0], 33), (ports[1], 44)):
            b = network_board([{"name": "a"}], kind="udp", listen=f"127.0.0.1:{port}", protocol="line")
            p = Panel(f"listen-{v}", b, d=new_dir(f"sensor-listen-{v}"))
            try:
                bound = p.wait_for(f"udp 127.0.0.1:{port}: connected", 20)
                s, ok, how = p.settle(lambda: render(p.board, {"a": v}), confirm=True)
                out.append((bound and ok, f"listen = 127.0.0.1:{port} (bound: {bound}) shows the datagrams sent there, a={v} ({how})"))
            finally:
                p.stop()
    finally:
        stop.set(); t.join()
    return out
