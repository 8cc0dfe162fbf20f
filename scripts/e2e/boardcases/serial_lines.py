"""Serial lines: a pty whose slave is reached through a symlink (the board's device), a
UDP port standing in for one (a udp sensor's listen address), and the Feeder thread that
writes a stream of rounds onto one (NMEA, the line protocol)."""
import array, fcntl, os, pty, random, socket, termios, threading, time, tty

class Pty:
    def __init__(self, link):
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)          # we keep the slave open: the line never hangs up
        self.link = link
        if os.path.lexists(link): os.unlink(link)
        os.symlink(os.ttyname(self.slave), link)
        self.log_name = f"serial {link}"   # how the panel's log names the line

    def write(self, data):
        while data:
            n = os.write(self.master, data)
            data = data[n:]

    def unread(self):
        """Bytes written that the panel has not read yet (the slave's input queue)."""
        n = array.array("i", [0])
        fcntl.ioctl(self.slave, termios.FIONREAD, n, True)
        return n[0]

    def drain(self, timeout=10):
        """Waits until the panel has read everything (the pty hands written bytes to the
        slave's queue a moment later, so the queue must stay empty a while)."""
        deadline = time.time() + timeout
        empty = 0
        while empty < 4 and time.time() < deadline:
            time.sleep(0.025)
            empty = empty + 1 if self.unread() == 0 else 0

    def close(self):
        for fd in (self.master, self.slave):
            try: os.close(fd)
            except OSError: pass

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
