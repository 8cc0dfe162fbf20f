"""Running gaugepanel: the work directories, the binary (waited for while it is rebuilt),
boards written as TOML, `gaugepanel render`, picture comparison, Panel (a `gaugepanel
run`), Line (a pty standing in for a serial adapter), and the settled base snapshots.

GP and WORK are set by keys.py's main(): other modules read them as harness.GP and
harness.WORK (a `from .harness import GP` would keep the None they start as)."""
import json, os, pty, re, shutil, signal, subprocess, threading, time, tomllib, tty

# ───────────────────────────── running gaugepanel ─────────────────────────────
GP = WORK = None
_counter = 0
_counter_lock = threading.Lock()


def new_dir(name):
    global _counter
    with _counter_lock:
        _counter += 1
        n = _counter
    d = os.path.join(WORK, f"{n:03d}-{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}")
    shutil.rmtree(d, ignore_errors=True)   # a WORKDIR used before: its files (a pty's symlink) would be in the way
    os.makedirs(d)
    return d


def binary():
    """The binary may vanish for a moment while it is rebuilt: wait for it."""
    deadline = time.time() + 90
    while not os.access(GP, os.X_OK) and time.time() < deadline:
        time.sleep(0.5)
    return GP


def launch(fn, args, **kw):
    """fn(args, **kw) (subprocess.run or Popen), again while the binary is being
    rewritten by a build (ETXTBSY) or is briefly missing."""
    deadline = time.time() + 90
    while True:
        try:
            return fn([binary()] + list(args), **kw)
        except OSError as e:
            if e.errno not in (26, 2) or time.time() > deadline:   # ETXTBSY, ENOENT
                raise
            time.sleep(0.5)


def tv(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(tv(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {tv(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


def toml(board):
    """A board (nested dicts and lists) as TOML: top-level dicts are tables, their dict
    values sub-tables; top-level lists arrays of tables, whose `channel`/`widget` lists
    are arrays of tables too; everything else inline."""
    out = []
    for sec, v in board.items():
        if isinstance(v, dict):
            out.append(f"[{sec}]")
            out += [f"{k} = {tv(x)}" for k, x in v.items() if not isinstance(x, dict)]
            for k, x in v.items():
                if isinstance(x, dict):
                    out.append(f"[{sec}.{k}]")
                    out += [f"{kk} = {tv(xx)}" for kk, xx in x.items()]
        else:
            for el in v:
                out.append(f"\n[[{sec}]]")
                out += [f"{k} = {tv(x)}" for k, x in el.items() if k not in ("channel", "widget")]
                for sub in ("channel", "widget"):
                    for item in el.get(sub, []):
                        out.append(f"  [[{sec}.{sub}]]")
                        out += [f"  {k} = {tv(x)}" for k, x in item.items()]
        out.append("")
    text = "\n".join(out) + "\n"
    tomllib.loads(text)   # a bug here, not in gaugepanel
    return text


def write_board(d, board, name="board.toml"):
    path = os.path.join(d, name)
    with open(path, "w") as f:
        f.write(toml(board) if isinstance(board, dict) else board)
    return path


def same(a, b):
    """(identical, what compare said). Byte-identical PNGs need no `compare` (the run's
    snapshots and render share one encoder); any others are compared as pictures."""
    with open(a, "rb") as fa, open(b, "rb") as fb:
        if fa.read() == fb.read():
            return True, "identical"
    c = launch(subprocess.run, ["compare", a, b], capture_output=True, text=True)
    return c.returncode == 0, (c.stdout.strip() or c.stderr.strip())


def render(board_path, sets=None, out=None, extra=()):
    out = out or board_path[:-5] + f"-render-{time.monotonic_ns()}.png"
    args = ["render", board_path, "--out", out, *extra]
    for k, v in (sets or {}).items():
        args += ["--set", f"{k}={v!r}" if isinstance(v, float) else f"{k}={v}"]
    r = launch(subprocess.run, args, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"render failed: {r.stderr.strip() or r.stdout.strip()}")
    return out


class Panel:
    """`gaugepanel run` on a board, offscreen unless told otherwise, with its output
    collected and its statistics line every 0.1 s."""

    def __init__(self, name, board, display="offscreen", snapshot=True, args=(), d=None, board_name="board.toml", env=None):
        self.dir = d or new_dir(name)
        self.board = write_board(self.dir, board, board_name)
        self.snap = self.board[:-5] + "-snapshot.png"
        self.inputs = os.path.join(self.dir, "input")   # no evdev devices: an empty directory
        os.makedirs(self.inputs, exist_ok=True)
        self.n = 0
        cmd = ["run", "--board", self.board, "--no-animation", "--no-console-graphics", "--stats-interval", "0.1",
               "--input-directory", self.inputs]
        if display:
            cmd += ["--display", display]
        if snapshot:
            cmd += ["--snapshot", self.snap]
        self.proc = launch(subprocess.Popen, cmd + list(args), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.lines = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for l in self.proc.stdout:
            self.lines.append(l.rstrip("\n"))

    def log(self):
        return "\n".join(self.lines)

    def wait_for(self, text, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if any(text in l for l in self.lines):
                return True
            if self.proc.poll() is not None:
                time.sleep(0.1)
                return any(text in l for l in self.lines)
            time.sleep(0.02)
        return False

    def started(self):
        return self.wait_for("] display ")

    def stats(self):
        for l in reversed(self.lines):
            m = re.search(r"\] stats (.*)$", l)
            if m:
                return dict(kv.split("=", 1) for kv in m.group(1).split() if "=" in kv)
        return {}

    def wait_stats(self, key, at_least, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline and self.proc.poll() is None:
            if int(self.stats().get(key, "0")) >= at_least:
                return True
            time.sleep(0.03)
        return False

    def snapshot(self):
        """SIGUSR1; a copy of the new snapshot (the panel writes it atomically)."""
        def stamp():
            try:
                s = os.stat(self.snap); return (s.st_ino, s.st_mtime_ns)
            except FileNotFoundError:
                return None
        before = stamp()
        if self.proc.poll() is not None:
            return None
        self.proc.send_signal(signal.SIGUSR1)
        deadline = time.time() + 10
        while time.time() < deadline:
            now = stamp()
            if now is not None and now != before:
                self.n += 1
                dst = self.board[:-5] + f"-snap-{self.n}.png"
                shutil.copyfile(self.snap, dst)
                return dst
            time.sleep(0.02)
        return None

    def settle(self, expected=None, timeout=6, confirm=False, feed=None):
        """Snapshots until one equals expected() (a PNG path, rendered anew each try) or,
        without expected, until two in a row are identical. confirm: the match must hold
        in the next snapshot too — where a value changes while running, needles and
        numbers ease towards it (even with --no-animation) and pass through other values
        on the way. feed() runs before each try, as a live sensor keeps sending (a retry
        on a loaded machine may come after a short stale_after). Returns (path, ok, how)."""
        deadline = time.time() + timeout
        prev, matched = None, False
        while True:
            if feed is not None:
                feed(); time.sleep(0.1)
            s = self.snapshot()
            if s is None:
                return None, False, "no snapshot (" + (self.lines[-1] if self.lines else "no output") + ")"
            if expected is not None:
                ok, how = same(s, expected())
            else:
                ok, how = (same(prev, s) if prev else (False, "first"))
            if ok and confirm and not matched:
                matched = True
            elif ok or time.time() > deadline:
                return s, ok, how
            else:
                matched = False
            prev = s
            time.sleep(0.12)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill(); self.proc.wait()
        self.reader.join(timeout=5)
        return self.proc.returncode


class Line:
    """A pty standing in for a serial adapter; `path` is a symlink to its slave."""

    def __init__(self, d, name="tty"):
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.path = os.path.join(d, name)
        os.symlink(os.ttyname(self.slave), self.path)

    def write(self, text):
        os.write(self.master, text.encode())

    def close(self):
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass


def run_and_settle(name, board, expect=None, sets=None, settle_timeout=6):
    """Runs board (simulated sensors: the values are there from the first frame) and
    returns (snapshot, equals-render, how). expect: 'render' — settle on render of the
    same file with sets; None — settle on a stable picture."""
    p = Panel(name, board)
    try:
        if not p.started():
            return None, False, "did not start: " + p.log()[-400:]
        p.wait_stats("frames", 1)
        exp = (lambda: render(p.board, sets() if callable(sets) else sets)) if expect == "render" else None
        return p.settle(exp, timeout=settle_timeout)
    finally:
        p.stop()


_base_cache, _base_lock = {}, threading.Lock()


def base_snapshot(name, board):
    """The snapshot of a base board, taken once per distinct board."""
    text = toml(board)
    with _base_lock:
        entry = _base_cache.get(text)
        if entry is None:
            entry = _base_cache[text] = {"event": threading.Event()}
            mine = True
        else:
            mine = False
    if mine:
        try:
            entry["result"] = run_and_settle("base-" + name, board, expect="render")
        except Exception as e:   # noqa: BLE001 — reported by the cases that need it
            entry["result"] = (None, False, f"{type(e).__name__}: {e}")
        entry["event"].set()
    entry["event"].wait(120)
    return entry.get("result", (None, False, "the base run did not finish"))
