"""Serial lines besides scripts/lib/panel.py's Pty (a pty behind the board's device path):
a UDP port standing in for one (a udp sensor's listen address), and the Feeder thread that
writes a stream of rounds onto either (NMEA, the line protocol)."""
import random, socket, threading, time

class UDPLine:
    """A free UDP port on 127.0.0.1 for a udp sensor to listen on (`link`: its address);
    each write is one datagram."""
    datagrams = True

    def __init__(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.link = f"127.0.0.1:{self.port}"
        self.log_name = f"udp {self.link}"

    def write(self, data):
        self.sock.sendto(data, ("127.0.0.1", self.port))

    def drain(self, timeout=10):
        time.sleep(0.3)   # a datagram sent is read at once or lost: nothing to wait for but the panel's loop

    def close(self):
        self.sock.close()

class Feeder(threading.Thread):
    """Writes one round of bytes every `period` seconds, each round in a few pieces (a
    serial line delivers sentences in arbitrary reads). `make_round(i)` → (bytes, number
    of items in it the panel must drop and count). pause() returns once no round is
    half written."""
    def __init__(self, line, make_round, period=0.25, seed=1):
        super().__init__(daemon=True)
        self.line, self.make_round, self.period = line, make_round, period
        self.rng = random.Random(seed)
        self.dropped = 0          # garbage items fully written
        self.rounds = 0
        self.gate = threading.Lock()
        self.paused = False
        self.stopping = False

    def run(self):
        i = 0
        while not self.stopping:
            with self.gate:
                if not self.paused:
                    data, bad = self.make_round(i)
                    cuts = sorted(self.rng.sample(range(1, len(data)), min(3, len(data) - 1)))
                    parts = [data[a:b] for a, b in zip([0] + cuts, cuts + [len(data)])]
                    if getattr(self.line, "datagrams", False): parts = [data]   # a round, one datagram
                    for p in parts:
                        self.line.write(p)
                        time.sleep(0.002)
                    self.dropped += bad
                    self.rounds += 1
                    i += 1
            time.sleep(self.period)

    def pause(self):
        with self.gate: self.paused = True

    def resume(self):
        with self.gate: self.paused = False

    def stop(self):
        self.stopping = True
