"""Network peers for the panel's tcp and udp sources, on loopback, bounded in time: a TCP
server that keeps sending to whoever connects (and can hang up or stop listening), a
port that accepts no connection, and a UDP sender."""
import socket, threading, time


def free_port(kind=socket.SOCK_STREAM):
    """A port free on 127.0.0.1 now (bound and released)."""
    s = socket.socket(socket.AF_INET, kind)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class StreamServer(threading.Thread):
    """Listens on 127.0.0.1:port; sends `make_round(i)` (bytes) every `period` seconds to
    the client connected (one at a time). hang_up() closes the client; stop_listening()
    closes the listening socket (a connect is refused until listen() again); while
    `flapping` is set, each connection is closed as soon as it is accepted (a misconfigured
    server, a WiFi bridge in a reboot loop)."""

    def __init__(self, make_round, period=0.1, port=0, on_connect=None):
        super().__init__(daemon=True)
        self.make_round, self.period, self.on_connect = make_round, period, on_connect
        self.lock = threading.Lock()
        self.client = None
        self.accepted = 0
        self.received = b""
        self.rounds = 0
        self.stopped = threading.Event()
        self.paused = threading.Event()   # set: no rounds sent (the connection stays)
        self.flapping = threading.Event()   # set: accept, then close at once
        self.listener = None
        self.listen(port)
        self.start()

    def listen(self, port=None):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port if port is not None else self.port))
        s.listen(4)
        s.settimeout(0.05)
        self.port = s.getsockname()[1]
        with self.lock:
            self.listener = s

    def stop_listening(self):
        with self.lock:
            if self.listener:
                self.listener.close()
            self.listener = None

    def hang_up(self):
        with self.lock:
            if self.client:
                self.client.close()
            self.client = None

    def run(self):
        i, next_round = 0, time.time()
        while not self.stopped.is_set():
            with self.lock:
                listener, client = self.listener, self.client
            if client is None and listener is not None:
                try:
                    c, _ = listener.accept()
                    if self.flapping.is_set():
                        c.close()
                        with self.lock:
                            self.accepted += 1
                        continue
                    c.settimeout(0.05)
                    with self.lock:
                        self.client = c
                        self.accepted += 1
                    if self.on_connect:
                        self.on_connect(self)
                except (socket.timeout, OSError):
                    pass
                continue
            if client is None:
                time.sleep(0.02)
                continue
            try:
                data = client.recv(4096)
                if data:
                    self.received += data
                elif data == b"":
                    self.hang_up()
                    continue
            except socket.timeout:
                pass
            except OSError:
                self.hang_up()
                continue
            if time.time() >= next_round and not self.paused.is_set():
                try:
                    client.sendall(self.make_round(i))
                    i += 1
                    self.rounds = i
                except OSError:
                    self.hang_up()
                next_round = time.time() + self.period

    def close(self):
        self.stopped.set()
        self.join(timeout=5)
        self.hang_up()
        self.stop_listening()


class Unaccepting:
    """A TCP port on 127.0.0.1 that completes no connect: a listening socket whose backlog
    is full (never accepted) and whose SYNs the kernel then drops. Connects to it hang
    until their timeout."""

    def __init__(self):
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(0)
        self.port = self.listener.getsockname()[1]
        # Fill the backlog: these connect (the kernel completes them), later ones hang.
        self.fillers = []
        for _ in range(4):
            f = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            f.setblocking(False)
            try:
                f.connect(("127.0.0.1", self.port))
            except BlockingIOError:
                pass
            self.fillers.append(f)
            time.sleep(0.05)

    def hangs(self, timeout=1.0):
        """Whether a connect now hangs (the backlog is really full)."""
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(timeout)
        try:
            s.connect(("127.0.0.1", self.port))
            return False
        except socket.timeout:
            return True
        except OSError:
            return False
        finally:
            s.close()

    def close(self):
        for f in self.fillers:
            f.close()
        self.listener.close()


def send_datagrams(port, payloads, host="127.0.0.1"):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        for p in payloads:
            s.sendto(p, (host, port))
    finally:
        s.close()
