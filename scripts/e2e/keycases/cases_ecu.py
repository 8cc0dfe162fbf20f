"""Cases for `protocol = "tunerstudio"`'s keys, against traffic captured from Speeduino's own
firmware (Tests/GaugeECUTests/Captures: built from its source, run in simavr): a loopback
TCP peer answers each request the firmware was seen answering with the firmware's own
bytes, and nothing else. `ini` (the INI must be the firmware's: its signature, its
channels' places) and `ini_settings` (the INI's #if sections)."""
import os, socket, threading

from .cases_serial import serial_board
from .harness import Panel, new_dir, render

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
CAPTURE = os.path.join(ROOT, "Tests", "GaugeECUTests", "Captures", "speeduino-202501.7-simavr.txt")

# An INI for the captured firmware's realtime block, as Speeduino's lays it out (rpm at 14,
# advance at 24, TPS at 25), with a setting that changes TPS's scale.
INI = """#unset HALF_TPS
[MegaTune]
   queryCommand = "Q"
   signature    = "%s"
[Constants]
   endianness = little
[OutputChannels]
   ochGetCommand = "r\\$tsCanId\\x30%%2o%%2c"
   ochBlockSize  = 130
   rpm      = scalar, U16, 14, "rpm", 1.000, 0.000
   advance  = scalar, S08, 24, "deg", 1.000, 0.000
#if HALF_TPS
   tps      = scalar, U08, 25, "%%",   0.500, 0.000
#else
   tps      = scalar, U08, 25, "%%",   1.000, 0.000
#endif
"""


def exchanges():
    """request bytes → the firmware's answer, from the capture."""
    out, sent = {}, None
    for line in open(CAPTURE, encoding="utf-8"):
        if line.startswith("> "):
            sent = bytes.fromhex(line[2:].strip())
        elif line.startswith("< ") and sent is not None:
            out[sent] = bytes.fromhex(line[2:].strip())
            sent = None
    return out


class CapturedECU(threading.Thread):
    """Loopback TCP: answers a request the capture holds with the firmware's answer."""

    def __init__(self):
        super().__init__(daemon=True)
        self.answers = exchanges()
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(4)
        self.server.settimeout(0.1)
        self.port = self.server.getsockname()[1]
        self.stopped = threading.Event()
        self.start()

    def run(self):
        while not self.stopped.is_set():
            try:
                conn, _ = self.server.accept()
            except OSError:
                continue
            threading.Thread(target=self.serve, args=(conn,), daemon=True).start()

    def serve(self, conn):
        buf = b""
        conn.settimeout(0.1)
        with conn:
            while not self.stopped.is_set():
                try:
                    data = conn.recv(4096)
                except socket.timeout:
                    continue
                except OSError:
                    return
                if not data:
                    return
                buf += data
                for request in sorted(self.answers, key=len, reverse=True):
                    if buf.startswith(request):
                        conn.sendall(self.answers[request])
                        buf = buf[len(request):]
                        break
                else:
                    if len(buf) > 64:
                        buf = b""

    def close(self):
        self.stopped.set()
        self.server.close()


def ecu_board(port, ini, settings=None):
    channels = [{"name": "rpm", "source": "rpm"}, {"name": "advance", "source": "advance"}, {"name": "tps", "source": "tps"}]
    b = serial_board("/dev/null", channels)
    sensor = {"kind": "tcp", "server": f"127.0.0.1:{port}", "protocol": "tunerstudio", "ini": ini, "channel": channels}
    if settings is not None:
        sensor["ini_settings"] = settings
    b["sensor"] = [sensor]
    return b


def run_ecu(name, board, inis, expect):
    """The panel on `board` (its INIs written beside it) shows `expect`; (ok, how)."""
    d = new_dir(name)
    for file, signature in inis.items():
        with open(os.path.join(d, file), "w", encoding="utf-8") as f:
            f.write(INI % signature)
    p = Panel(name, board, d=d)
    try:
        if not p.wait_for(": connected", 20):
            return False, "never connected: " + (p.lines[-1] if p.lines else "no output"), p.lines
        s, ok, how = p.settle(lambda: render(p.board, expect), confirm=True)
        return ok, how, p.lines
    finally:
        p.stop()


def case_ini(key):
    out = []
    ecu = CapturedECU()
    try:
        inis = {"speeduino.ini": "speeduino 202501", "older.ini": "speeduino 202404"}
        ok, how, _ = run_ecu("ini-right", ecu_board(ecu.port, "speeduino.ini"), inis, {"rpm": 0, "advance": -56, "tps": 255})
        out.append((ok, f"ini = the firmware's INI: its values on screen, rpm 0, advance -56, TPS 255 ({how})"))
        ok, how, lines = run_ecu("ini-wrong", ecu_board(ecu.port, "older.ini"), inis, {})
        said = any("speeduino 202404" in l and "speeduino 202501" in l for l in lines)
        out.append((ok and said, f"ini = another firmware's INI: both signatures said ({said}), no value shown ({how})"))
    finally:
        ecu.close()
    return out


def case_ini_settings(key):
    out = []
    ecu = CapturedECU()
    try:
        inis = {"speeduino.ini": "speeduino 202501"}
        ok, how, _ = run_ecu("ini-settings", ecu_board(ecu.port, "speeduino.ini", ["HALF_TPS"]), inis, {"rpm": 0, "advance": -56, "tps": 127.5})
        out.append((ok, f"ini_settings = [\"HALF_TPS\"]: the INI's #if HALF_TPS scale, TPS 127.5 (255 without) ({how})"))
    finally:
        ecu.close()
    return out
