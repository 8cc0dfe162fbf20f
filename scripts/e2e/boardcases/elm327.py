"""The fake ELM327 clone an OBD-II board talks to, and the OBD-II formulas that give the
values its answers encode (as --set text)."""
import os, select, threading, time

class FakeELM327(threading.Thread):
    """A cheap ELM327 clone on the master side of a pty: echo ON after ATZ until ATE0,
    `ELM327 v1.5` on ATZ, OK for AT commands, SEARCHING... before the first OBD answer
    after a reset, NO DATA for PIDs it lacks, answers in the clone's mixed forms (a CAN
    header left on despite ATH0 for some, spaces despite ATS0 for some, lower case for
    one), CR line ends and the `>` prompt in a separate write after a short delay. Every
    tenth rpm answer (the 3rd, 13th, …) is line noise (a byte missing, or CAN ERROR): dropped
    and counted.

    answers: {pid: (data bytes, form)}; form 'header' | 'spaced' | 'tight' | 'lower' |
    'tight-header'."""
    def __init__(self, line, answers):
        super().__init__(daemon=True)
        self.line, self.answers = line, answers
        self.echo, self.searched = True, False
        self.buf, self.queue = b"", []
        self.busy = threading.Lock()
        self.paused, self.stopping = False, False
        self.garbled = 0
        self.rpm_queries = 0
        self.answered = {}        # pid → answers sent with data
        self.commands = []

    def run(self):
        while not self.stopping:
            r, _, _ = select.select([self.line.master], [], [], 0.05)
            if r:
                try: data = os.read(self.line.master, 1024)
                except OSError: data = b""
                self.buf += data
                while b"\r" in self.buf:
                    cmd, self.buf = self.buf.split(b"\r", 1)
                    with self.busy: self.queue.append(cmd)
            while True:
                with self.busy:
                    if self.paused or not self.queue: break
                    self.respond(self.queue.pop(0))

    def out(self, b): self.line.write(b)

    def respond(self, raw):
        cmd = raw.decode("ascii", "replace").strip().upper().replace(" ", "")
        self.commands.append(cmd)
        if self.echo: self.out(raw + b"\r")
        if cmd.startswith("AT"):
            c = cmd[2:]
            if c == "Z":
                time.sleep(0.05)                                    # the reset takes a moment
                self.echo, self.searched = True, False
                self.out(b"\r\rELM327 v1.5\r\r")
            elif c in ("E0", "E1"):
                self.echo = c == "E1"
                self.out(b"OK\r\r")
            else:
                self.out(b"OK\r\r")                                 # ATL0 ATS0 ATH0 ATSP0
        elif len(cmd) == 4 and cmd.startswith("01"):
            pid = int(cmd[2:], 16)
            if not self.searched:
                self.out(b"SEARCHING...\r")
                time.sleep(0.1)
                self.searched = True
            if pid == 0x0C: self.rpm_queries += 1
            if pid == 0x0C and self.rpm_queries % 10 == 3:
                self.garbled += 1
                self.out(b"41 0C 1A \r\r" if self.rpm_queries // 10 % 2 == 0 else b"CAN ERROR\r\r")
            elif pid in self.answers:
                data, form = self.answers[pid]
                body = [0x41, pid] + list(data)
                spaced = " ".join(f"{b:02X}" for b in body)
                tight = "".join(f"{b:02X}" for b in body)
                text = {"header": f"7E8 {len(body):02X} {spaced} ",
                        "spaced": spaced + " ",
                        "tight": tight,
                        "lower": spaced.lower(),
                        "tight-header": f"7E8{len(body):02X}{tight}"}[form]
                self.out(text.encode() + b"\r\r")
                self.answered[pid] = self.answered.get(pid, 0) + 1
            else:
                self.out(b"NO DATA\r\r")
        else:
            self.out(b"?\r\r")
        time.sleep(0.015)
        self.out(b">")

    def pause(self):
        """Returns once no answer is half sent; commands arriving are kept, unanswered."""
        with self.busy: self.paused = True

    def resume(self, timeout=10.0):
        """After the panel reopened the line: its new driver starts with ATZ; whatever the
        old one asked before is forgotten (a real adapter would answer it, and a stale
        prompt would put the driver one answer behind)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            with self.busy:
                if any(c.strip().upper() == b"ATZ" for c in self.queue):
                    i = max(i for i, c in enumerate(self.queue) if c.strip().upper() == b"ATZ")
                    del self.queue[:i]
                    break
            time.sleep(0.02)
        with self.busy: self.paused = False

    def stop(self): self.stopping = True

def obd_value(pid, data):
    a, b = data[0], (data[1] if len(data) > 1 else 0)
    return {0x04: a * 100 / 255, 0x05: a - 40, 0x0B: a, 0x0C: (256 * a + b) / 4, 0x0D: a,
            0x0F: a - 40, 0x10: (256 * a + b) / 100, 0x11: a * 100 / 255, 0x2F: a * 100 / 255,
            0x42: (256 * a + b) / 1000}[pid]

def num(v):
    """A value as --set text (the exact double; integers without '.0')."""
    return str(int(v)) if float(v).is_integer() else repr(float(v))
