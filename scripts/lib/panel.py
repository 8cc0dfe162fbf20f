"""Running gaugepanel from a harness, the one way for every e2e and VM harness: `gaugepanel
run` as a Panel (its log read as it comes, waited on for lines, SIGUSR1 snapshots waited
for, its statistics and run summary parsed, stopped by SIGTERM for its exit status),
`gaugepanel render` and `compare`, and Pty, a pseudo-terminal standing in for a serial
adapter behind the board's device path.

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "lib"))
    import panel
    panel.GP = "/path/to/gaugepanel"          # or gp= on each call
    p = panel.Panel(board, ["--display", "offscreen"], snapshot=snap)
    p.wait_for("display offscreen") and p.snapshot()
    same, how = panel.compare(snap, panel.render(board, {"rpm": 3000}))
    status = p.stop()
"""
import array, fcntl, os, pty, re, shutil, signal, subprocess, termios, threading, time, tty

GP = None   # the gaugepanel binary for calls that name none (gp=)


def launch(fn, argv, **kw):
    """fn(argv, **kw) (subprocess.run or Popen); tried again while the binary is briefly
    missing or being rewritten by a build (ENOENT, ETXTBSY), for up to 90 s."""
    deadline = time.time() + 90
    while True:
        try:
            return fn(list(argv), **kw)
        except OSError as e:
            if e.errno not in (26, 2) or time.time() > deadline:   # ETXTBSY, ENOENT
                raise
            time.sleep(0.5)


def gaugepanel(*args, gp=None, **kw):
    """`gaugepanel ARGS` run to its end: the CompletedProcess, its output as text."""
    return launch(subprocess.run, [gp or GP, *args], capture_output=True, text=True, **kw)


class RenderFailed(subprocess.CalledProcessError):
    def __str__(self):
        return f"render failed: {(self.stderr or '').strip() or (self.output or '').strip()}"


def render(board, sets=None, out=None, *, page=None, theme=None, extra=(), gp=None, timeout=None):
    """`gaugepanel render` of `board` with `sets` ({channel: value}) into `out` (default: a
    new PNG beside the board); returns `out`, raises RenderFailed."""
    out = out or board[:-5] + f"-render-{time.monotonic_ns()}.png"
    args = ["render", board, "--out", out, *extra]
    for k, v in (sets or {}).items():
        args += ["--set", f"{k}={v}"]
    if page is not None:
        args += ["--page", str(page)]
    if theme:
        args += ["--theme", theme]
    r = gaugepanel(*args, gp=gp, timeout=timeout)
    if r.returncode != 0:
        raise RenderFailed(r.returncode, r.args, r.stdout, r.stderr)
    return out


def compare(a, b, gp=None, same_bytes=True, timeout=None):
    """`gaugepanel compare` of two pictures: (identical, what it said). With same_bytes,
    files of equal bytes are identical without asking it (a run's snapshot and render
    share one encoder, and a debug build's compare is slow on a busy machine)."""
    if same_bytes:
        with open(a, "rb") as fa, open(b, "rb") as fb:
            if fa.read() == fb.read():
                return True, "identical"
    c = gaugepanel("compare", a, b, gp=gp, timeout=timeout)
    return c.returncode == 0, (c.stdout.strip() or c.stderr.strip())


def readings(values):
    """{channel: value} as a line-protocol line's text: `rpm=3000 coolant=88.5`."""
    return " ".join(f"{k}={v}" for k, v in values.items())


def rss_kb(pid):
    """A process's resident memory (VmRSS, kB), or -1."""
    with open(f"/proc/{pid}/status") as f:
        for l in f:
            if l.startswith("VmRSS:"):
                return int(l.split()[1])
    return -1


def cpu_seconds(pid):
    """utime + stime of a process, from /proc/PID/stat (fields 14 and 15, in ticks)."""
    with open(f"/proc/{pid}/stat") as f:
        stat = f.read().rsplit(")", 1)[1].split()
    return (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")


def fields(line):
    """The NAME=VALUE words of a stats or summary line, as a dict."""
    return dict(kv.split("=", 1) for kv in line.split() if "=" in kv)


class Panel:
    """`gaugepanel run --board BOARD ARGS [--snapshot SNAPSHOT]`, its output (stdout and
    stderr) collected line by line in `lines`."""

    def __init__(self, board, args=(), *, snapshot=None, gp=None, ref=None, copies=False, cwd=None, env=None,
                 on_line=None):
        self.board, self.snap, self.on_line = board, snapshot, on_line   # on_line(line): as each is read
        self.ref = ref or gp or GP   # the gaugepanel that compares (the host's, when gp is firmware)
        self.copies, self.n = copies, 0   # copies: each snapshot kept as BOARD-snap-N.png
        self.tries = 0                    # snapshots the last settle() took
        cmd = [gp or GP, "run", "--board", board, *args] + (["--snapshot", snapshot] if snapshot else [])
        self.proc = launch(subprocess.Popen, cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        self.stop_seconds = None   # SIGTERM to exit, once stop() has run
        self.lines = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for l in self.proc.stdout:
            self.lines.append(l.rstrip("\n"))
            if self.on_line:
                self.on_line(self.lines[-1])

    def log(self):
        return "\n".join(self.lines)

    def count(self, text):
        return sum(1 for l in list(self.lines) if text in l)

    def wait_for(self, text, timeout=30, n=1):
        """Whether `n` lines holding `text` are logged within `timeout` seconds (a panel that
        exits is given a moment for its last lines)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.count(text) >= n:
                return True
            if self.proc.poll() is not None:
                time.sleep(0.1)
                return self.count(text) >= n
            time.sleep(0.02)
        return False

    def stats(self):
        """The last statistics line's fields (--stats-interval)."""
        for l in reversed(self.lines):
            m = re.search(r"\] stats (.*)$", l)
            if m:
                return fields(m.group(1))
        return {}

    def wait_stats(self, key, at_least, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline and self.proc.poll() is None:
            if int(self.stats().get(key, "0")) >= at_least:
                return True
            time.sleep(0.03)
        return False

    def summary(self):
        """The run summary (the '@@SUMMARY' line logged at exit): (fields, the line), or ({}, "")."""
        s = [l for l in self.lines if l.startswith("@@SUMMARY")]
        return (fields(s[-1][len("@@SUMMARY"):]), s[-1]) if s else ({}, "")

    def snapshot(self, timeout=10):
        """SIGUSR1: the new snapshot's path (a copy, with `copies`), or None when none is
        there within `timeout` (the panel writes it atomically: a new inode or time stamp
        is a whole file)."""
        def stamp():
            try:
                s = os.stat(self.snap)
                return (s.st_ino, s.st_mtime_ns, s.st_size)
            except FileNotFoundError:
                return None
        before = stamp()
        if self.proc.poll() is not None:
            return None
        self.proc.send_signal(signal.SIGUSR1)
        deadline = time.time() + timeout
        while time.time() < deadline:
            if stamp() not in (None, before):
                if not self.copies:
                    return self.snap
                self.n += 1
                copy = self.board[:-5] + f"-snap-{self.n}.png"
                shutil.copyfile(self.snap, copy)
                return copy
            time.sleep(0.02)
        return None

    def settle(self, expected=None, timeout=6, confirm=False, feed=None, pause=0.12):
        """Snapshots until one equals `expected` (a PNG path, or a function that makes one
        anew each try) or, without it, until two in a row are identical (needs `copies`);
        after `timeout` the last comparison stands. confirm: the match must hold in the
        next snapshot too (where a value changes while running, needles and numbers ease
        towards it, even with --no-animation, and pass through other values). feed() runs
        before each try, as a live sensor keeps sending (a retry on a loaded machine may
        come after a short stale_after). Returns (snapshot or None, ok, how); the
        snapshots taken are in `tries`."""
        deadline = time.time() + timeout
        prev, matched, self.tries = None, False, 0
        while True:
            if feed is not None:
                feed(); time.sleep(0.1)
            s = self.snapshot()
            if s is None:
                return None, False, "no snapshot (" + (self.lines[-1] if self.lines else "no output") + ")"
            self.tries += 1
            if expected is not None:
                ok, how = compare(s, expected() if callable(expected) else expected, gp=self.ref)
            else:
                ok, how = compare(prev, s, gp=self.ref) if prev else (False, "first")
            if ok and confirm and not matched:
                matched = True
            elif ok or time.time() > deadline:
                return s, ok, how
            else:
                matched = False
            prev = s
            time.sleep(pause)

    def shows(self, expected, timeout, since=None, pause=0.05):
        """Snapshots until one equals `expected` (a PNG): the seconds from `since` (a
        time.monotonic(); default now) to that snapshot, or None once `timeout` has passed."""
        since = time.monotonic() if since is None else since
        while time.monotonic() - since < timeout:
            s = self.snapshot()
            if s and compare(s, expected, gp=self.ref)[0]:
                return time.monotonic() - since
            time.sleep(pause)
        return None

    def stop(self, timeout=10):
        """SIGTERM, then its exit status (killed when it does not exit within `timeout`);
        the seconds it took are in stop_seconds."""
        t0 = time.monotonic()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill(); self.proc.wait()
        self.stop_seconds = time.monotonic() - t0
        self.reader.join(timeout=5)
        return self.proc.returncode


class Pty:
    """A pseudo-terminal in raw mode whose slave `link` (a symlink) names; one that is there
    already is replaced atomically (a device returning behind the same path). The slave
    stays open here, so the line never hangs up until close()."""

    def __init__(self, link):
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.link = link
        if not os.path.lexists(link):
            os.symlink(os.ttyname(self.slave), link)   # a new node, as a plugged-in device's
        else:
            tmp = link + ".new"
            if os.path.lexists(tmp):
                os.unlink(tmp)
            os.symlink(os.ttyname(self.slave), tmp)
            os.replace(tmp, link)
        self.log_name = f"serial {link}"   # how the panel's log names the line

    def write(self, data):
        data = data.encode() if isinstance(data, str) else data
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
            try:
                os.close(fd)
            except OSError:
                pass
