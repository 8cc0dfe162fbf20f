#!/usr/bin/env python3
"""Every key documented in docs/configuration.md must change what `gaugepanel run` does.

1. The keys: read from docs/configuration.md — the "complete example" TOML block and the
   tables and prose of its "Sections" part — as dotted paths (`display.width`,
   `sensor.channel.source`, `page.widget.ticks.major`, `theme.night.needle`, …).
2. The table CASES: key path → how its effect is checked through the real `gaugepanel run`
   process (most: a small board run offscreen twice, as is and with the key changed; the
   SIGUSR1 snapshots must differ, and the changed one must equal `gaugepanel render` of
   the same file and values), or ("vm", "<a check's message in scripts/vm/run.py, as
   written there, {placeholders} and all>") for keys that need hardware, checked here to
   really occur in that file.
3. Coverage: a documented key without an entry fails, and so does an entry for a key
   the docs no longer have.

Usage: keys.py GAUGEPANEL WORKDIR [--list]     (keys.py --list: only print the keys)
Prints ok:/FAIL: per check and "N passed, N failed"; exit 1 when anything failed.
"""
import concurrent.futures, copy, json, math, os, pty, re, shutil, signal, subprocess, sys, termios
import threading, time, tomllib, tty

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DOC = os.path.join(ROOT, "docs", "configuration.md")
VM_RUN = os.path.join(ROOT, "scripts", "vm", "run.py")

# ───────────────────────────── 1. the documented keys ─────────────────────────────
IDENT = re.compile(r"^[a-z][a-z0-9_]*$")
KEYEQ = re.compile(r"^([a-z][a-z0-9_]*)\s*=")


def example_block(doc):
    m = re.search(r"^## A complete example\s*$.*?^```toml\n(.*?)^```", doc, re.S | re.M)
    if not m:
        raise SystemExit("docs/configuration.md: no '## A complete example' with a ```toml block")
    return m.group(1)


def example_keys(block):
    """Leaf keys of the example: table headers ([display], [[sensor.channel]]) are not
    keys; inline tables (ticks = { major … }) are keys with subkeys; a map's entries
    (input.keys: KEY_RIGHT = …) are the user's names, not keys."""
    headers = {m.group(1) for m in re.finditer(r"^\s*\[\[?\s*([A-Za-z0-9_.]+)\s*\]\]?", block, re.M)}
    keys = set()

    def walk(prefix, v):
        if isinstance(v, dict):
            for k, x in v.items():
                if not IDENT.match(k):
                    continue
                p = prefix + [k]
                if ".".join(p) not in headers:
                    keys.add(".".join(p))
                walk(p, x)
        elif isinstance(v, list):
            for x in v:
                walk(prefix, x)

    walk([], tomllib.loads(block))
    return keys


def split_top(text, seps):
    """Splits text at any of seps, but not inside backticks or parentheses."""
    out, cur, depth, tick, i = [], "", 0, False, 0
    while i < len(text):
        c = text[i]
        if c == "`":
            tick = not tick
        elif not tick and c == "(":
            depth += 1
        elif not tick and c == ")":
            depth = max(depth - 1, 0)
        if not tick and depth == 0:
            hit = next((s for s in seps if text.startswith(s, i)), None)
            if hit:
                out.append(cur); cur = ""; i += len(hit); continue
        cur += c; i += 1
    out.append(cur)
    return out


def fragment_keys(text):
    """The keys a sentence or table cell names: backticked bare identifiers (`median`)
    and `key = …` spans. A parenthesis right after a quoted value (`"sine"` (`centre`,
    …)) lists that choice's keys; any other parenthesis (after a key: its values; "e.g."
    lists; remarks) names none; after '→' come values, up to the next ';'. Inline-table
    spans (`{ major = 2…64, minor }`, `[{ from, to, color }]`) give subkeys.
    Returns (keys, subkeys)."""
    keys, subkeys = [], []
    stack, last, arrow, i = [], None, False, 0
    while i < len(text):
        c = text[i]
        if c == "`":
            j = text.find("`", i + 1)
            if j < 0:
                break
            s = text[i + 1:j].strip()
            if all(stack) and not arrow:
                m = KEYEQ.match(s)
                if IDENT.match(s):
                    keys.append(s)
                elif s.startswith(("{", "[{")):
                    body = re.sub(r'"[^"]*"', "", s)
                    for part in re.split(r"[,{}\[\]]", body):
                        p = part.strip()
                        mm = KEYEQ.match(p)
                        if IDENT.match(p):
                            subkeys.append(p)
                        elif mm:
                            subkeys.append(mm.group(1))
                elif m:
                    keys.append(m.group(1))
            last = s
            i = j + 1
            continue
        if c == "(":
            close = text.find(")", i)
            remark = text[i:close + 1 if close >= 0 else len(text)]
            after_value = last is not None and last.startswith('"') and text[:i].rstrip().endswith("`")
            stack.append(after_value and "e.g." not in remark)
        elif c == ")" and stack:
            stack.pop()
        elif c == "→" and not stack:
            arrow = True
        elif c == ";" and not stack:
            arrow = False
        if not c.isspace() and c not in ",;:()":
            last = None
        i += 1
    return keys, subkeys


def section_keys(doc):
    """Keys from the tables and prose under '## Sections'. Each '### ' heading names its
    tables (`[[sensor]]` and `[[sensor.channel]]`). A table column headed '… keys' or
    'key' holds keys: of the table its header names ('channel keys'), else of the
    heading's innermost table; a backticked key in a header cell (sensor `kind`) belongs
    to the table the header names. A prose sentence's keys belong to the table its
    subject names ('Every channel:', 'A page has', 'Each theme' → theme.day and
    theme.night), else to the heading's first table."""
    m = re.search(r"^## Sections\s*$(.*?)(?=^## )", doc, re.S | re.M)
    if not m:
        raise SystemExit("docs/configuration.md: no '## Sections' part")
    found = set()
    for part in re.split(r"^### ", m.group(1), flags=re.M)[1:]:
        heading, _, body = part.partition("\n")
        tables = re.findall(r"`\[\[?([a-z0-9_.]+)\]\]?`", heading)
        if not tables:
            continue

        def named(noun, each=False):
            if each:   # "Each theme": the tables of that kind (theme.day, theme.night)
                kids = [t for t in tables if "." in t and t.split(".")[-2] == noun]
                if kids:
                    return kids
            return [t for t in tables if t.split(".")[-1] == noun]

        def add(where, keys, subkeys=()):
            for t in where:
                for k in keys:
                    found.add(f"{t}.{k}")
                if len(keys) == 1:
                    for s in subkeys:
                        found.add(f"{t}.{keys[0]}.{s}")

        lines = body.split("\n")
        i = 0
        prose = []
        while i < len(lines):
            if lines[i].lstrip().startswith("|"):
                rows = []
                while i < len(lines) and lines[i].lstrip().startswith("|"):
                    rows.append(lines[i]); i += 1
                cells = [split_top(r.strip().strip("|"), ["|"]) for r in rows]
                header = [c.strip() for c in cells[0]]
                owners = []
                for h in header:
                    words = re.findall(r"[a-z]+", re.sub(r"`[^`]*`", "", h).lower())
                    owner = next((named(w) for w in words if named(w)), None)
                    inline, _ = fragment_keys(h)
                    if inline:
                        add(owner or tables[:1], inline)
                    owners.append((owner or tables[-1:]) if "key" in words or "keys" in words else None)
                for row in cells[1:]:
                    row = [c.strip() for c in row]
                    if all(set(c) <= set("-: ") for c in row):
                        continue
                    for col, owner in enumerate(owners):
                        if owner is None or col >= len(row):
                            continue
                        keys, _ = fragment_keys(row[col])
                        subs = [s for c2, cell in enumerate(row) if owners[c2] is None for s in fragment_keys(cell)[1]]
                        add(owner, keys, subs)
                continue
            prose.append(lines[i]); i += 1
        text = " ".join(l.strip() for l in prose)
        # a remark in parentheses that ends a sentence ("… a table.)") ends it too
        text = re.sub(r"\.\)\s+", ".)\x00", text)
        for sentence in [s for chunk in text.split("\x00") for s in split_top(chunk, [". "])]:
            keys, subs = fragment_keys(sentence)
            if not keys:
                continue
            s = re.match(r"\s*(every|each|an?)\s+([a-z]+)", sentence, re.I)
            where = named(s.group(2).lower(), each=s.group(1).lower() in ("every", "each")) if s else []
            add(where or tables[:1], keys, subs)
    return found


def documented_keys():
    doc = open(DOC, encoding="utf-8").read()
    return sorted(example_keys(example_block(doc)) | section_keys(doc))


# ───────────────────────────── running gaugepanel ─────────────────────────────
GP = WORK = None
_counter = 0
_counter_lock = threading.Lock()
COLOUR = "#12AB34"   # a colour no default uses


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


# ───────────────────────────── boards ─────────────────────────────
def display():
    return {"width": 320, "height": 240, "format": "xrgb8888", "output": "offscreen"}


def step(name, value, **kw):
    return {"name": name, "waveform": "step", "values": [value], **kw}


def widgets_board():
    """Every widget type at 320×240, fed constant simulated values."""
    return {
        "display": display(),
        "fonts": {"family": "builtin"},
        "theme": {"active": "day"},
        "sensor": [{"kind": "simulated", "channel": [
            step("a", 60), step("c", 25), step("r", 3.5), step("k", 12345.678), step("p", 0.4)]}],
        "page": [{"name": "main", "widget": [
            {"id": "d", "type": "dial", "channel": "a", "frame": [0, 0, 120, 120], "range": [0, 100], "title": "RPM",
             "tint": [{"at": 0.0, "color": "#30C060"}, {"at": 1.0, "color": "#E04030"}],
             "ticks": {"major": 5, "minor": 1, "divisor": 1}, "zones": [{"from": 80, "to": 100, "color": "#C03028"}],
             "hold": 70, "label_size": 10, "value_size": 16},
            {"id": "g", "type": "ring", "channel": "a", "frame": [124, 0, 76, 76], "range": [0, 100]},
            {"id": "b", "type": "bar", "channel": "a", "frame": [204, 0, 116, 56], "range": [0, 100],
             "tint": [{"up_to": 50, "color": "#30C060"}, {"up_to": 100, "color": "#E04030"}]},
            {"id": "l", "type": "level", "channel": "a", "frame": [204, 60, 116, 20], "range": [0, 100],
             "segments": 10, "gap": 2},
            {"id": "o", "type": "readout", "channel": "k", "frame": [124, 80, 196, 40], "format": {"decimals": 0},
             "value_size": 20},
            {"id": "t", "type": "label", "text": "HELLO", "frame": [0, 124, 120, 24], "label_size": 12},
            {"id": "s", "type": "rating", "channel": "r", "frame": [0, 150, 120, 24]},
            {"id": "v", "type": "relevance", "channel": "p", "frame": [0, 178, 120, 16]},
            {"id": "p", "type": "progress", "channel": "p", "frame": [124, 124, 80, 80]},
        ]}],
    }


def night_board():
    b = widgets_board(); b["theme"]["active"] = "night"; return b


def value_board(sensor, decimals=1, dial=True):
    """One channel `a` shown by a readout (and a dial 0…100)."""
    widgets = [{"id": "o", "type": "readout", "channel": "a", "frame": [0, 0, 320, 100],
                "format": {"decimals": decimals}, "value_size": 48}]
    if dial:
        widgets.append({"id": "d", "type": "dial", "channel": "a", "frame": [80, 100, 140, 140], "range": [0, 100]})
    return {"display": display(), "fonts": {"family": "builtin"}, "sensor": [sensor],
            "page": [{"name": "main", "widget": widgets}]}


def W(board, wid):
    return next(w for p in board["page"] for w in p["widget"] if w["id"] == wid)


def CH(board, name):
    return next(c for s in board["sensor"] for c in s["channel"] if c["name"] == name)


# ───────────────────────────── case kinds ─────────────────────────────
def diff(mutate, base=widgets_board, base_mutate=None):
    """The board with the key changed (mutate; base_mutate: both) draws something else
    than the board without, and exactly what `gaugepanel render` draws for its file."""
    def case(key):
        b = base()
        if base_mutate:
            base_mutate(b)
        v = copy.deepcopy(b)
        mutate(v)
        if toml(v) == toml(b):
            return [(False, "the case changes nothing (a bug in keys.py)")]
        bs, bok, bhow = base_snapshot(key.split(".")[0], b)
        vs, vok, vhow = run_and_settle(key, v, expect="render")
        out = []
        if bs is None or vs is None:
            return [(False, f"no snapshot: base {bhow}; changed {vhow}")]
        identical, how = same(bs, vs)
        out.append((not identical, "changing it changes the run's picture" + ("" if not identical else f" (NOT: {how})")))
        out.append((vok, "the run's picture equals `gaugepanel render` of the changed board" + ("" if vok else f" ({vhow})")))
        return out
    case.kind = "diff"
    return case


def set_(path, value):
    """mutate: set a value at ('widget id' or section, key, …)."""
    def m(b):
        obj = b
        *head, last = path
        for p in head:
            if isinstance(p, tuple):                          # ("w", id) / ("ch", name)
                obj = W(b, p[1]) if p[0] == "w" else CH(b, p[1])
            else:
                obj = obj.setdefault(p, {})
        if value is DELETE:
            obj.pop(last, None)
        else:
            obj[last] = value(obj.get(last)) if callable(value) else value
    return m


DELETE = object()


def vm(text):
    return ("vm", text)


def also_vm(case, text):
    """A run-time case here plus a kernel-harness check (as vm(text), verified to occur in
    scripts/vm/run.py): for keys whose host test cannot show everything (keys pressed
    need evdev devices)."""
    def both(key):
        vm_text = open(VM_RUN, encoding="utf-8").read() if os.path.exists(VM_RUN) else ""
        found = text in vm_text
        return case(key) + [(found, f'checked in the kernel harness: "{text}"' + ("" if found else " — NOT found in scripts/vm/run.py"))]
    both.kind = getattr(case, "kind", "")
    return both


# ── custom cases (each returns [(ok, message)]) ──
def tiny_board(sensors=(), widget=None):
    """A 64×32 board: frames and snapshots cost next to nothing, so what is counted
    depends on the key, not on how loaded the machine is."""
    return {"display": {"width": 64, "height": 32, "output": "offscreen"}, "fonts": {"family": "builtin"},
            "sensor": list(sensors),
            "page": [{"name": "main", "widget": [widget or {"id": "t", "type": "label", "text": "HI", "frame": [0, 0, 64, 32]}]}]}


def case_refresh(key):
    def frames(rate):
        b = tiny_board([{"kind": "simulated", "channel": [
            {"name": "a", "waveform": "sine", "centre": 50, "amplitude": 40, "period": 2}]}],
            {"id": "l", "type": "level", "channel": "a", "frame": [0, 0, 64, 32], "range": [0, 100]})
        b["display"]["refresh"] = rate
        p = Panel(f"refresh-{rate}", b, snapshot=False, args=["--duration", "2"])
        p.proc.wait(timeout=60); p.stop()
        s = [l for l in p.lines if l.startswith("@@SUMMARY")]
        m = re.search(r"frames=(\d+)", s[0]) if s else None
        return int(m.group(1)) if m else -1
    slow, fast = frames(4), frames(30)
    return [(0 < slow <= 11, f"refresh = 4: {slow} frames in 2 s of a signal sampled at 20 Hz (at most 4 per second)"),
            (fast >= 2 * max(slow, 1) and fast >= 20, f"refresh = 30: {fast} frames in 2 s (at least 10 per second)")]


def case_output(key):
    out = []
    b = widgets_board()
    p = Panel("output-offscreen", b, display=None)
    try:
        ok = p.started() and "display offscreen" in p.log()
        s, same_ok, how = p.settle(lambda: render(p.board)) if ok else (None, False, "")
        out.append((ok and same_ok, f'output = "offscreen" (no --display): draws offscreen, picture as render ({how or p.log()[-200:]})'))
    finally:
        p.stop()
    for kind, want in (("drm", "drmModeGetResources"), ("fbdev", "/dev/null: no such device")):
        v = widgets_board()
        v["display"].update(output=kind, device="/dev/null")   # never a real screen, whatever the machine has
        q = Panel(f"output-{kind}", v, display=None)
        rc = q.stop() if q.proc.wait(timeout=30) is not None else None
        msg = q.log().strip().splitlines()[-1:] or ["(no output)"]
        out.append((rc == 2 and want in q.log(), f'output = "{kind}" (device /dev/null): opens {kind}: exit {rc}, "{msg[0]}"'))
    return out


def case_device(key):
    out = []
    for dev in ("/dev/null", "/dev/zero"):
        v = widgets_board()
        v["display"].update(output="fbdev", device=dev)
        q = Panel("device", v, display=None)
        q.proc.wait(timeout=30); rc = q.stop()
        msg = (q.log().strip().splitlines() or ["(no output)"])[-1]
        out.append((rc == 2 and dev in msg and "/dev/fb0" not in msg, f'device = "{dev}": the run opens it: exit {rc}, "{msg}"'))
    return out


def case_wait(key):
    """A board's display that is not there (fbdev /dev/fb7): with wait = 1.5 the run tries
    for 1.5 s, says so once, then fails with the device's one line, exit 2; without the key
    (no NOTIFY_SOCKET: 0, as at a terminal) it fails at once; --wait-for-display 0 beats the
    key; as a service (NOTIFY_SOCKET set) the default is 120 s. The run of a display that
    then comes is the kernel harness's (bochs loaded 10 s after the run began)."""
    out = []
    env = {k: v for k, v in os.environ.items() if k != "NOTIFY_SOCKET"}

    def attempt(name, wait=None, args=(), environment=env, until=None):
        """until: a text to stop the run at (SIGTERM) once it says it; else until it exits."""
        b = tiny_board()
        b["display"].update(output="fbdev", device="/dev/fb7")
        if wait is not None:
            b["display"]["wait"] = wait
        t = time.monotonic()
        p = Panel(name, b, display=None, snapshot=False, args=args, env=environment)
        if until:
            p.wait_for(until, timeout=10)
        else:
            try:
                p.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
        rc = p.stop()
        lines = [l for l in p.lines if l.strip()]
        return rc, time.monotonic() - t, [l for l in lines if "waiting up to" in l], [l for l in lines if "waiting up to" not in l]

    if os.path.exists("/dev/fb7"):
        return [(False, "/dev/fb7 exists on this machine: the case needs a display that is not there")]
    err = "/dev/fb7: no such device"
    rc, sec, said, rest = attempt("wait-1.5", wait=1.5)
    out.append((rc == 2 and sec >= 1.5 and len(said) == 1 and "waiting up to 1.5 s for the display (/dev/fb7: no such device" in said[0]
                and len(rest) == 1 and err in rest[0],
                f"wait = 1.5, device /dev/fb7 missing: exit {rc} after {sec:.2f} s (at least 1.5), said {len(said)} time(s) "
                f'"{re.sub(r".*?] ", "", said[0], count=1)[:110] if said else "?"}", then "{rest[-1][:90] if rest else "?"}"'))
    rc0, sec0, said0, rest0 = attempt("wait-none")
    out.append((rc0 == 2 and sec0 < 1.0 and not said0 and len(rest0) == 1 and err in rest0[0],
                f"without wait (no NOTIFY_SOCKET: 0): exit {rc0} after {sec0:.2f} s, no waiting line, "
                f'"{rest0[-1][:90] if rest0 else "?"}"'))
    rc1, sec1, said1, rest1 = attempt("wait-override", wait=1.5, args=["--wait-for-display", "0"])
    out.append((rc1 == 2 and sec1 < 1.0 and not said1 and len(rest1) == 1 and err in rest1[0],
                f"wait = 1.5 with run --wait-for-display 0: exit {rc1} after {sec1:.2f} s, no waiting line"))
    # as a service: systemd's NOTIFY_SOCKET (a socket nobody reads) makes the default 120 s
    d = new_dir("wait-notify")
    rc2, sec2, said2, _ = attempt("wait-service", environment={**env, "NOTIFY_SOCKET": os.path.join(d, "notify")}, until="waiting up to")
    out.append((rc2 != 2 and len(said2) == 1 and "waiting up to 120 s for the display" in said2[0],
                f"without wait, NOTIFY_SOCKET set: waiting, stopped by SIGTERM after {sec2:.1f} s (exit {rc2}), "
                f'said "{re.sub(r".*?] ", "", said2[0], count=1)[:40] if said2 else "?"}…"'))
    return out


def case_keys(key):
    """Without evdev devices here, what shows that the run's key map takes input.keys is
    its report of a key name the kernel does not have (the validator only checks the
    spelling); every documented action is bound too, and the run starts."""
    b = widgets_board()
    b["input"] = {"keys": {"KEY_F1": "next_page", "KEY_F2": "previous_page", "KEY_F3": "toggle_theme",
                           "KEY_F4": "acknowledge", "KEY_F5": "reset_min_max", "KEY_GPNOSUCHKEY": "next_page"}}
    p = Panel("input-keys", b)
    ok = p.started(); time.sleep(0.3); p.stop()
    unknown = 'unknown key "KEY_GPNOSUCHKEY"' in p.log()
    q = Panel("input-nokeys", widgets_board())
    q.started(); time.sleep(0.3); q.stop()
    return [(ok, "the run starts with all five documented actions bound (next_page, previous_page, toggle_theme, "
             "acknowledge, reset_min_max)"),
            (unknown, "the run's key map reads input.keys: it reports KEY_GPNOSUCHKEY, a name the kernel does not have"),
            ("unknown key" not in q.log(), "without input.keys nothing is reported"),
            (True, "# pressing keys needs evdev: the kernel harness presses KEY_F1 and KEY_F2 bound by a board on a uinput keyboard")]


def case_snapshot_path(key):
    b = widgets_board()
    d = new_dir("snapshot-path")
    target = os.path.join(d, "from-board.png")
    b["snapshot"] = {"path": target, "interval": 3600}
    p = Panel("snapshot-path", b, snapshot=False, d=d)
    try:
        p.started(); p.wait_stats("frames", 1)
        p.snap = target
        s, ok, how = p.settle(lambda: render(p.board))
    finally:
        p.stop()
    c = widgets_board()
    q = Panel("snapshot-nopath", c, snapshot=False)
    q.started(); q.proc.send_signal(signal.SIGUSR1)
    said = q.wait_for("no path configured", 10); q.stop()
    return [(s is not None and ok, f"SIGUSR1 writes [snapshot] path, the picture as render ({how})"),
            (said, "without [snapshot] path, SIGUSR1 says no path is configured")]


def case_snapshot_interval(key):
    """The file's writes counted over 2.4 s: 12 due at 0.2 s (at least 4 asked, for a
    loaded machine), none at 3 s."""
    def writes(interval):
        b = tiny_board()
        d = new_dir(f"snapshot-interval-{interval}")
        target = os.path.join(d, "periodic.png")
        b["snapshot"] = {"path": target, "interval": interval}
        p = Panel("x", b, snapshot=False, d=d)
        stamps = set()
        try:
            p.started()
            t = time.time()
            while time.time() - t < 2.4:
                try:
                    s = os.stat(target); stamps.add((s.st_ino, s.st_mtime_ns))
                except FileNotFoundError:
                    pass
                time.sleep(0.01)
        finally:
            p.stop()
        return len(stamps)
    fast, slow = writes(0.2), writes(3)
    return [(fast >= 4, f"interval = 0.2: [snapshot] path written {fast} times in 2.4 s"),
            (slow == 0, f"interval = 3: written {slow} times in 2.4 s")]


def serial_board(path, channels, widgets=None, **sensor):
    s = {"kind": "serial", "device": path, "baud": 115200, "protocol": "line", **sensor, "channel": channels}
    widgets = widgets or [{"id": f"o-{c['name']}", "type": "readout", "channel": c["name"],
                           "frame": [0, 60 * i, 320, 56], "format": {"decimals": 1}, "value_size": 40}
                          for i, c in enumerate(channels)]
    return {"display": display(), "fonts": {"family": "builtin"}, "sensor": [s],
            "page": [{"name": "main", "widget": widgets}]}


def serial_run(name, channels, lines, sets, widgets=None, waits=None, **sensor):
    """A serial board on a pty; writes lines once connected, one at a time, each read
    before the next (waits: per line, the statistics counter and value that say so;
    default: samples = line number); returns (snapshot, equals render --set sets, how,
    panel log)."""
    d = new_dir(name)
    line = Line(d)
    b = serial_board(line.path, channels, widgets, **sensor)
    p = Panel(name, b, d=d)
    try:
        if not p.wait_for("connected", 30):
            return None, False, "the line was never connected: " + p.log()[-300:], p.log()
        for i, l in enumerate(lines):
            line.write(l + "\n")
            counter, n = waits[i] if waits else ("samples", i + 1)
            if not p.wait_stats(counter, n, timeout=5):
                return None, False, f"the panel's statistics never showed {counter} ≥ {n} after {l!r}", p.log()
        s, ok, how = p.settle(lambda: render(p.board, sets), confirm=True)
        return s, ok, how, p.log()
    finally:
        p.stop(); line.close()


def case_source(key):
    out = []
    s, ok, how, _ = serial_run("source", [{"name": "a", "source": "xyz.src"}], ["xyz.src=42"], {"a": 42})
    out.append((ok, f'channel a with source = "xyz.src" shows the line\'s xyz.src=42 ({how})'))
    chans = [{"name": "a", "source": "eng.rpm"}, {"name": "b", "source": "eng.rpm", "scale": 2, "offset": 1}]
    s, ok, how, _ = serial_run("source-two", chans, ["eng.rpm=21"], {"a": 21, "b": 43}, waits=[("samples", 2)])
    out.append((ok, f"two channels reading one source (b: scale 2, offset 1): eng.rpm=21 shows a = 21, b = 43 ({how})"))
    s, ok, how, _ = serial_run("source-none", [{"name": "a"}], ["xyz.src=42"], {}, waits=[("unread_samples", 1)])
    out.append((ok, f"without source, channel a does not take xyz.src=42 ({how})"))
    return out


def case_name(key):
    s, ok, how, _ = serial_run("name-speed", [{"name": "speed"}], ["speed=42"], {"speed": 42})
    s2, ok2, how2, _ = serial_run("name-velocity", [{"name": "velocity"}], ["speed=42"], {}, waits=[("unread_samples", 1)])
    return [(ok, f'channel "speed" takes the line\'s speed=42 ({how})'),
            (ok2, f'renamed "velocity" (widget too), it does not: no value ({how2})')]


def case_stale(key):
    out = []
    for stale in (1.0, None):
        ch = {"name": "a"} | ({"stale_after": stale} if stale else {})
        d = new_dir(f"stale-{stale}")
        line = Line(d)
        p = Panel("x", serial_board(line.path, [ch]), d=d)
        try:
            p.wait_for("connected")
            line.write("a=42\n"); p.wait_stats("samples", 1)
            s, ok, how = p.settle(lambda: render(p.board, {"a": 42}),   # a first value: no easing
                                  feed=lambda: line.write("a=42\n"))
            out.append((ok, f"stale_after = {stale}: a=42 shown ({how})"))
            time.sleep(2.0)
            sets = {} if stale else {"a": 42}
            s, ok, how = p.settle(lambda: render(p.board, sets), confirm=True)
            out.append((ok, f"stale_after = {stale}: after 2 s of silence " + ("no value" if stale else "still 42") + f" ({how})"))
        finally:
            p.stop(); line.close()
    return out


def case_smoothing(key):
    s, ok, how, _ = serial_run("smoothing", [{"name": "a", "smoothing": 0.25}], ["a=0", "a=100"], {"a": 25})
    s2, ok2, how2, _ = serial_run("smoothing-none", [{"name": "a"}], ["a=0", "a=100"], {"a": 100})
    return [(ok, f"smoothing = 0.25: a=0 then a=100 shows 25 ({how})"), (ok2, f"without: 100 ({how2})")]


def case_median(key):
    s, ok, how, _ = serial_run("median", [{"name": "a", "median": 3}], ["a=10", "a=20", "a=100"], {"a": 20})
    s2, ok2, how2, _ = serial_run("median-none", [{"name": "a"}], ["a=10", "a=20", "a=100"], {"a": 100})
    return [(ok, f"median = 3: a=10, 20, 100 shows 20 ({how})"), (ok2, f"without: 100 ({how2})")]


def case_device_serial(key):
    d = new_dir("sensor-device")
    one, two = Line(d, "tty1"), Line(d, "tty2")
    out = []
    stop = threading.Event()

    def feed():
        while not stop.is_set():
            one.write("a=11\n"); two.write("a=22\n"); time.sleep(0.1)
    t = threading.Thread(target=feed, daemon=True); t.start()
    try:
        for line, v in ((one, 11), (two, 22)):
            p = Panel(f"device-{v}", serial_board(line.path, [{"name": "a"}]), d=new_dir(f"sensor-device-{v}"))
            try:
                p.wait_for("connected")
                s, ok, how = p.settle(lambda: render(p.board, {"a": v}), confirm=True)
                out.append((ok, f"device = {os.path.basename(line.path)} shows that line's a={v} ({how})"))
            finally:
                p.stop()
    finally:
        stop.set(); t.join(); one.close(); two.close()
    return out


def case_baud(key):
    out = []
    for baud, const in ((4800, termios.B4800), (115200, termios.B115200)):
        d = new_dir(f"baud-{baud}")
        line = Line(d)
        p = Panel("x", serial_board(line.path, [{"name": "a"}], baud=baud), d=d)
        try:
            ok = p.wait_for("connected")
            time.sleep(0.1)
            attrs = termios.tcgetattr(line.slave)
            out.append((ok and attrs[4] == const and attrs[5] == const,
                        f"baud = {baud}: the line's termios speed is {attrs[4]}/{attrs[5]} (B{baud} = {const})"))
        finally:
            p.stop(); line.close()
    return out


def nmea(body):
    x = 0
    for ch in body.encode():
        x ^= ch
    return f"${body}*{x:02X}\r"


def case_protocol(key):
    sentence = nmea("SDDPT,12.5,0.0")
    s, ok, how, log = serial_run("protocol-nmea", [{"name": "depth", "unit": "m"}], [sentence], {"depth": 12.5},
                                 protocol="nmea")
    s2, ok2, how2, _ = serial_run("protocol-line", [{"name": "depth", "unit": "m"}], [sentence], {},
                                waits=[("dropped_lines", 1)])
    return [(ok, f'protocol = "nmea": {sentence.strip()} shows depth 12.5 ({how})'),
            (ok2, f'protocol = "line": the same sentence is no reading ({how2})')]


def fake_sysfs(d, temps):
    root = os.path.join(d, "sys")
    h = os.path.join(root, "class", "hwmon", "hwmon0")
    os.makedirs(h, exist_ok=True)
    open(os.path.join(h, "name"), "w").write("gp\n")
    for attr, v in temps.items():
        open(os.path.join(h, f"{attr}_input"), "w").write(f"{v}\n")
    return root


def sysfs_board(root, path="hwmon/gp/temp1", **ch):
    return value_board({"kind": "sysfs", "root": root, "channel": [{"name": "a", "path": path, **ch}]})


def case_sysfs(variants):
    """variants: [(label, board-maker(dir) , sets)] — each shows its value; they differ."""
    def case(key):
        out, snaps = [], []
        for label, make, sets in variants:
            d = new_dir(key + "-" + label)
            b = make(d)
            s, ok, how = run_and_settle(f"{key}-{label}", b, expect="render", sets=sets)
            out.append((ok, f"{label}: shows {sets or 'no value'} ({how})"))
            snaps.append(s)
        if all(snaps):
            out.append((not same(snaps[0], snaps[1])[0], "the pictures differ"))
        return out
    return case


def case_kind(key):
    out = []
    s1, ok1, how1 = run_and_settle("kind-simulated", value_board({"kind": "simulated", "channel": [step("a", 60)]}),
                                   expect="render", sets={"a": 60})
    d = new_dir("kind-sysfs")
    s2, ok2, how2 = run_and_settle("kind-sysfs", sysfs_board(fake_sysfs(d, {"temp1": 42000})), expect="render",
                                   sets={"a": 42})
    out.append((ok1, f'kind = "simulated" (step 60): shows 60 ({how1})'))
    out.append((ok2, f'kind = "sysfs" (hwmon temp1_input 42000): shows 42 ({how2})'))
    if s1 and s2:
        out.append((not same(s1, s2)[0], "the pictures differ"))
    return out


def case_page_name(key):
    b = widgets_board()
    b["page"].append({"name": "second", "widget": [{"id": "x", "type": "label", "text": "PAGE TWO", "frame": [0, 0, 200, 30]}]})
    d = new_dir("page-name")
    path = write_board(d, b)
    by_name = render(path, extra=["--page", "second"])
    by_index = render(path, extra=["--page", "1"])
    first = render(path)
    ok1, how1 = same(by_name, by_index)
    ok2, _ = same(by_name, first)
    b["page"][1]["name"] = "other"
    path2 = write_board(d, b, "renamed.toml")
    r = launch(subprocess.run, ["render", path2, "--page", "second", "--out", os.path.join(d, "x.png")],
               capture_output=True, text=True)
    return [(ok1 and not ok2, f"render --page second draws page [1] named second ({how1}) — `gaugepanel run` "
             "has no --page: the docs give the name no run-time use"),
            (r.returncode == 2, f'renamed, --page second is refused: exit {r.returncode} {r.stderr.strip()[:120]}')]


def case_id(key):
    b = widgets_board()
    W(b, "g")["id"] = "d"
    p = Panel("id-duplicate", b)
    p.proc.wait(timeout=30); rc = p.stop()
    said = "duplicate id" in p.log()
    return [(rc == 2 and said, f'the run refuses a board where two widgets have id "d": exit {rc}, '
             + (p.log().strip().splitlines() or ["(no output)"])[-1][:160]
             + " — ids have no other run-time use (validation only)")]


# ── recordings: `run --record`, played back by kind = "replay" ──
def replay_board(file, **sensor):
    return value_board({"kind": "replay", "file": file, **sensor, "channel": [{"name": "a"}]})


def write_recording(d, name, lines):
    with open(os.path.join(d, name), "w") as f:
        f.write("# gaugepanel recording\n" + "".join(l + "\n" for l in lines))
    return name


def replay_run(d, name, board, value, timeout=6):
    """A replay board written into d (beside its recordings), settled on render --set a=value."""
    p = Panel(name, board, d=d, board_name=f"{name}.toml")
    try:
        if not p.started():
            return None, False, "did not start: " + p.log()[-300:]
        return p.settle(lambda: render(p.board, {"a": value}), timeout=timeout, confirm=True)
    finally:
        p.stop()


def case_file(key):
    """One recording made by `gaugepanel run --record` (a = 42), one written here
    (a = 77), both named relative to the board: each replay shows its own."""
    out, snaps = [], []
    d = new_dir("replay-file")
    src = Panel("record", value_board({"kind": "simulated", "channel": [step("a", 42)]}), d=new_dir("record"),
                args=["--record", os.path.join(d, "made.rec")])
    src.started(); src.wait_stats("samples", 3); src.stop()
    write_recording(d, "written.rec", ["0 a=77"])
    for file, v, how_made in (("made.rec", 42, "made by run --record"), ("written.rec", 77, "written here")):
        snap, ok, how = replay_run(d, f"replay-{v}", replay_board(file, loop=False), v)
        out.append((ok, f'file = "{file}" ({how_made}) shows a = {v} ({how})'))
        snaps.append(snap)
    if all(snaps):
        out.append((not same(snaps[0], snaps[1])[0], "the pictures differ"))
    return out


def case_speed(key):
    """a = 20 at 0 s, 80 at 6 s: as recorded, 20 for now; 100× faster, 80 at once."""
    d = new_dir("replay-speed")
    write_recording(d, "r.rec", ["0 a=20", "6000 a=80"])
    out = []
    for speed, v in ((1, 20), (100, 80)):
        _, ok, how = replay_run(d, f"speed-{speed}", replay_board("r.rec", speed=speed, loop=False), v)
        out.append((ok, f"speed = {speed}: a recording of 20 then (6 s later) 80 shows {v} ({how})"))
    return out


def case_loop(key):
    """a = 20 for 2 s, then 80 for 2 s: looping, 20 comes back; not looping, 80 stays.
    (Seconds, not less: the shown value eases from one to the other for about 0.6 s.)"""
    d = new_dir("replay-loop")
    write_recording(d, "r.rec", ["0 a=20", "2000 a=80", "4000 a=80"])
    out = []
    for loop in (True, False):
        p = Panel(f"loop-{loop}", replay_board("r.rec", loop=loop), d=d, board_name=f"loop-{loop}.toml")
        seen = []
        try:
            p.started()
            r20, r80 = render(p.board, {"a": 20}), render(p.board, {"a": 80})
            t = time.time()
            while time.time() - t < 6:
                s = p.snapshot()
                if s is None:
                    break
                v = 20 if same(s, r20)[0] else 80 if same(s, r80)[0] else None
                if not seen or seen[-1] != v:
                    seen.append(v)
                time.sleep(0.1)
        finally:
            p.stop()
        back = 80 in seen and 20 in seen[seen.index(80):]
        ok = back if loop else (80 in seen and not back)
        out.append((ok, f"loop = {str(loop).lower()}: values seen over 6 s: {' → '.join(map(str, seen))} ("
                    + ("20 again after 80" if loop else "80 stays") + " expected)"))
    return out


# ── simulated waveforms: the value is a function of CLOCK_MONOTONIC, computed here ──
M64 = (1 << 64) - 1
GOLD = 0x9E3779B97F4A7C15


def mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def sin2pi(x):
    t = x - math.floor(x); sign = 1.0
    if t >= 0.5:
        t -= 0.5; sign = -1
    if t > 0.25:
        t = 0.5 - t
    a = 2 * math.pi * t; a2 = a * a; term = a; s = a; n = 1.0
    for _ in range(10):
        term *= -a2 / ((n + 1) * (n + 2)); s += term; n += 2
    return sign * s


def wave_value(ch, t):
    """Waveform.value(at:) of Sources/GaugeSensors/Sources/SimulatedSource.swift."""
    sec = lambda k, d: int((ch.get(k, d)) * 1e9)
    w = ch["waveform"]
    if w == "sine":
        p = sec("period", 10)
        return ch.get("centre", 0) + ch.get("amplitude", 0) * sin2pi((t % p) / p)
    if w == "ramp":
        p = sec("period", 10); f, to = ch.get("from", 0), ch.get("to", 1)
        return f + (to - f) * (t % p) / p
    if w == "noise":
        i = sec("interval", 1); slot = t // i
        r = mix((ch.get("seed", 1) ^ ((slot * GOLD) & M64)) + GOLD & M64)
        return ch.get("centre", 0) + ch.get("amplitude", 0) * ((r >> 11) / float(1 << 53) * 2 - 1)
    values = ch["values"]; h = sec("hold", 5)
    return values[(t // h) % len(values)]


def now_ns():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def period_at(frac, ahead=1.5):
    """A period (≤ 86400 s) at whose fraction `frac` the clock will be in `ahead` s."""
    T = now_ns() / 1e9 + ahead
    k = max(0, math.ceil(T / 86400 - frac))
    return T / (k + frac)


def wave(base_ch, changed_ch, decimals=0):
    """Channel a's waveform as base_ch / changed_ch (dicts, or functions returning one,
    made just before the run): each run shows the value computed here for its time."""
    def case(key):
        out, snaps = [], []
        for label, mk in (("as is", base_ch), ("changed", changed_ch)):
            ch = {"name": "a", **(mk() if callable(mk) else mk)}
            b = value_board({"kind": "simulated", "channel": [ch]}, decimals=decimals, dial=False)
            s, ok, how = run_and_settle(f"{key}-{label}", b, expect="render",
                                        sets=lambda ch=ch: {"a": float(wave_value(ch, now_ns()))})
            shown = wave_value(ch, now_ns())
            out.append((ok, f"{label} {json.dumps(ch)}: shows {shown:.{decimals}f} ({how})"))
            snaps.append(s)
        if all(snaps):
            out.append((not same(snaps[0], snaps[1])[0], "the pictures differ"))
        return out
    return case


def alarm_case(keys, expect_tint, control=None, blink=False):
    """keys set on channel a (a constant 60): the dial takes the alarm colour (docs: the
    run loop colours the channel's widgets): the run equals render of the board with the
    dial's tint set to that colour; without the keys it equals plain render."""
    def board(extra):
        b = value_board({"kind": "simulated", "channel": [step("a", 60, **extra)]}, dial=True)
        b["page"][0]["widget"] = [w for w in b["page"][0]["widget"] if w["type"] == "dial"]
        b["theme"] = {"active": "day", "day": {"hold": "#E0C030"}}
        return b

    def case(key):
        out = []
        base = board(control or {})
        s0, ok0, how0 = run_and_settle(key + "-base", base, expect="render")
        out.append((ok0, f"{json.dumps(control or {})}: the dial in its own tint, as render ({how0})"))
        v = board(keys)
        look = copy.deepcopy(v)
        for k in list(keys) + list(control or {}):
            look["sensor"][0]["channel"][0].pop(k, None)
        look["page"][0]["widget"][0]["tint"] = expect_tint
        d = new_dir(key + "-look")
        expected = render(write_board(d, look))
        p = Panel(key, v)
        try:
            p.started()
            s, ok, how = p.settle(lambda: expected, timeout=4)
        finally:
            p.stop()
        out.append((ok, f"{json.dumps(keys)} with a = 60: the dial turns {expect_tint}"
                    + (" (critical blinks: seen in its on phase)" if blink else "") + f" ({how})"))
        return out
    return case


# ───────────────────────────── 2. the table ─────────────────────────────
THEME_KEYS = ["background", "track", "tick", "label", "value", "needle", "hub", "hold"]

CASES = {
    "display.width": diff(set_(["display", "width"], 336)),
    "display.height": diff(set_(["display", "height"], 256)),
    "display.format": diff(set_(["display", "format"], "rgb565")),
    "display.rotation": diff(set_(["display", "rotation"], 90)),
    "display.output": case_output,
    "display.device": case_device,
    "display.refresh": case_refresh,
    # a missing fbdev device waited for wait = 1.5 s (once said), at once without it; in the
    # kernel harness a board with wait = 60 started before bochs is loaded shows its values
    "display.wait": also_vm(case_wait, "display.wait: run --wait-for-display 0 overrides the board\\'s wait = 60"),
    # a board whose connector names virtio-gpu's second head shows its values on that head
    "display.connector": vm('board with connector = "{c}": "{desc}" on ttyS1, on {c}'),
    # scripts/vm/touch.toml (800x600) with mode = "800x600" on bochs, which prefers 1280x800:
    # the screendump is 800x600 and equals render of the board
    "display.mode": vm('display.mode: run (touch) board with mode = "800x600" (Virtual-1 prefers {pref}): "{desc}" on ttyS1'),
    "fonts.family": diff(set_(["fonts", "family"], "DejaVu Sans")),
    "fonts.weight": diff(set_(["fonts", "weight"], "bold"), base_mutate=set_(["fonts", "family"], "DejaVu Sans")),
    "theme.active": diff(set_(["theme", "active"], "night")),
    **{f"theme.day.{k}": diff(set_(["theme", "day", k], COLOUR)) for k in THEME_KEYS},
    **{f"theme.night.{k}": diff(set_(["theme", "night", k], COLOUR), base=night_board) for k in THEME_KEYS},
    # KEY_F1 = "next_page" (no default binding) pressed on a uinput keyboard in the guest
    "input.keys": also_vm(case_keys, 'input.keys: run (touch) KEY_F1 = "next_page" (F1 has no default binding) pressed on the uinput keyboard'),
    "input.rotary": vm('mouse wheel (QMP) with rotary = "QEMU Virtio Mouse" turned the page'),
    # a uinput touchscreen in the guest (QEMU 7.2 has no multitouch device): its swipe turns
    # the page with touch = "auto" and swipe = true, and not with touch = "none" or swipe = false
    "input.touch": vm('input.touch: run (notouch) touch = "none": the swipe to the left on the uinput touchscreen that turned the page with touch = "auto"'),
    "input.swipe": vm('input.swipe: run (noswipe) swipe = false: the swipe to the left that turned the page with swipe = true'),
    # touch calibration on copies of scripts/vm/touch.toml (three pages: previous ≠ next), the
    # uinput touchscreen's raw range 0…4095: a mirrored x turns the swipe to the left backwards
    "input.touch_invert_x": vm('input.touch_invert_x: run (invx) touch_invert_x = true: the swipe to the left that turned to the next page without it'),
    "input.touch_range": vm('input.touch_range: run (range) touch_range = [4095, 0, 0, 4095] (raw x 4095 at the left edge, 0 at the right)'),
    # swapped: the raw horizontal swipe turns nothing (checked too), a raw vertical one the page
    "input.touch_swap_xy": vm('input.touch_swap_xy: run (swap) touch_swap_xy = true: a raw vertical swipe ({SWIPE_UP_WHAT}), which turned nothing'),
    # invert_y mirrors the device's y (before any swap, as the kernel): it reverses a raw
    # vertical swipe on a board turned by rotation = 90, where that y runs along the picture's x
    "input.touch_invert_y": vm('input.touch_invert_y: run (rotinvy) touch_invert_y = true on the board turned by rotation = 90: the raw vertical swipe'),
    "snapshot.path": case_snapshot_path,
    "snapshot.interval": case_snapshot_interval,
    "sensor.kind": case_kind,
    "sensor.root": case_sysfs([
        ("root A (temp1 42000)", lambda d: sysfs_board(fake_sysfs(d, {"temp1": 42000})), {"a": 42}),
        ("root B (temp1 77000)", lambda d: sysfs_board(fake_sysfs(d, {"temp1": 77000})), {"a": 77})]),
    "sensor.device": case_device_serial,
    "sensor.baud": case_baud,
    "sensor.protocol": case_protocol,
    "sensor.file": case_file,
    "sensor.speed": case_speed,
    "sensor.loop": case_loop,
    "sensor.channel.name": case_name,
    "sensor.channel.unit": case_sysfs([
        ('unit = "C"', lambda d: sysfs_board(fake_sysfs(d, {"temp1": 40000}), unit="C"), {"a": 40}),
        ('unit = "F"', lambda d: sysfs_board(fake_sysfs(d, {"temp1": 40000}), unit="F"), {"a": 104})]),
    "sensor.channel.path": case_sysfs([
        ("hwmon/gp/temp1", lambda d: sysfs_board(fake_sysfs(d, {"temp1": 42000, "temp2": 55000})), {"a": 42}),
        ("hwmon/gp/temp2", lambda d: sysfs_board(fake_sysfs(d, {"temp1": 42000, "temp2": 55000}), path="hwmon/gp/temp2"),
         {"a": 55})]),
    "sensor.channel.source": case_source,
    "sensor.channel.stale_after": case_stale,
    "sensor.channel.smoothing": case_smoothing,
    "sensor.channel.median": case_median,
    "sensor.channel.scale": case_sysfs([
        ("no scale", lambda d: value_board({"kind": "simulated", "channel": [step("a", 21)]}), {"a": 21}),
        ("scale = 2", lambda d: value_board({"kind": "simulated", "channel": [step("a", 21, scale=2)]}), {"a": 42})]),
    "sensor.channel.offset": case_sysfs([
        ("no offset", lambda d: value_board({"kind": "simulated", "channel": [step("a", 21)]}), {"a": 21}),
        ("offset = 5", lambda d: value_board({"kind": "simulated", "channel": [step("a", 21, offset=5)]}), {"a": 26})]),
    "sensor.channel.waveform": wave({"waveform": "step", "values": [60]},
                                    {"waveform": "sine", "centre": 30, "amplitude": 0, "period": 10}),
    "sensor.channel.centre": wave({"waveform": "sine", "centre": 30, "amplitude": 0},
                                  {"waveform": "sine", "centre": 70, "amplitude": 0}),
    "sensor.channel.amplitude": wave(lambda: {"waveform": "sine", "centre": 50, "amplitude": 0, "period": period_at(0.25)},
                                     lambda: {"waveform": "sine", "centre": 50, "amplitude": 40, "period": period_at(0.25)}),
    "sensor.channel.period": wave(lambda: {"waveform": "sine", "centre": 50, "amplitude": 40, "period": period_at(0.25)},
                                  lambda: {"waveform": "sine", "centre": 50, "amplitude": 40, "period": period_at(0.75)}),
    "sensor.channel.from": wave(lambda: {"waveform": "ramp", "from": 0, "to": 100, "period": period_at(0.5)},
                                lambda: {"waveform": "ramp", "from": 40, "to": 100, "period": period_at(0.5)}),
    "sensor.channel.to": wave(lambda: {"waveform": "ramp", "from": 0, "to": 100, "period": period_at(0.5)},
                              lambda: {"waveform": "ramp", "from": 0, "to": 60, "period": period_at(0.5)}),
    "sensor.channel.interval": wave({"waveform": "noise", "centre": 50, "amplitude": 40, "interval": 86400, "seed": 1},
                                    {"waveform": "noise", "centre": 50, "amplitude": 40, "interval": 600, "seed": 1},
                                    decimals=3),
    "sensor.channel.seed": wave({"waveform": "noise", "centre": 50, "amplitude": 40, "interval": 86400, "seed": 1},
                                {"waveform": "noise", "centre": 50, "amplitude": 40, "interval": 86400, "seed": 2},
                                decimals=3),
    "sensor.channel.values": wave({"waveform": "step", "values": [60]}, {"waveform": "step", "values": [20]}),
    "sensor.channel.hold": wave(lambda: {"waveform": "step", "values": [20, 80], "hold": period_at(0.25) / 2},
                                lambda: {"waveform": "step", "values": [20, 80], "hold": period_at(0.75) / 2}),
    "sensor.channel.warning": alarm_case({"warning": 50}, "#E0C030"),
    "sensor.channel.critical": alarm_case({"critical": 50}, "#E04030", blink=True),
    "sensor.channel.alarm": alarm_case({"warning": 70, "alarm": "below"}, "#E0C030", control={"warning": 70}),
    "page.name": case_page_name,
    "page.widget.id": case_id,
    "page.widget.type": diff(set_([("w", "d"), "type"], "ring")),
    "page.widget.frame": diff(set_([("w", "d"), "frame"], [0, 0, 110, 110])),
    "page.widget.channel": diff(set_([("w", "d"), "channel"], "c")),
    "page.widget.style": diff(set_([("w", "g"), "style"], "accessoryCircular")),
    "page.widget.range": diff(set_([("w", "d"), "range"], [0, 200])),
    "page.widget.title": diff(set_([("w", "b"), "title"], "FUEL")),
    "page.widget.min_label": diff(set_([("w", "b"), "min_label"], "E")),
    "page.widget.max_label": diff(set_([("w", "b"), "max_label"], "F")),
    "page.widget.tint": diff(set_([("w", "d"), "tint"], "#3A8EE0")),
    "page.widget.tint.at": diff(set_([("w", "d"), "tint"], [{"at": 0.0, "color": "#30C060"}, {"at": 0.4, "color": "#E04030"}])),
    "page.widget.tint.color": diff(set_([("w", "d"), "tint"], [{"at": 0.0, "color": COLOUR}, {"at": 1.0, "color": "#E04030"}])),
    "page.widget.tint.up_to": diff(set_([("w", "b"), "tint"], [{"up_to": 70, "color": "#30C060"}, {"up_to": 100, "color": "#E04030"}])),
    "page.widget.ticks": diff(set_([("w", "d"), "ticks"], DELETE)),
    "page.widget.ticks.major": diff(set_([("w", "d"), "ticks"], lambda t: {**t, "major": 6})),
    "page.widget.ticks.minor": diff(set_([("w", "d"), "ticks"], lambda t: {**t, "minor": 4})),
    "page.widget.ticks.divisor": diff(set_([("w", "d"), "ticks"], lambda t: {**t, "divisor": 10})),
    "page.widget.ticks.labels": diff(set_([("w", "d"), "ticks"], lambda t: {**t, "labels": False})),
    "page.widget.ticks.decimals": diff(set_([("w", "d"), "ticks"], lambda t: {**t, "decimals": 1})),
    "page.widget.zones": diff(set_([("w", "d"), "zones"], DELETE)),
    "page.widget.zones.from": diff(set_([("w", "d"), "zones"], [{"from": 50, "to": 100, "color": "#C03028"}])),
    "page.widget.zones.to": diff(set_([("w", "d"), "zones"], [{"from": 80, "to": 90, "color": "#C03028"}])),
    "page.widget.zones.color": diff(set_([("w", "d"), "zones"], [{"from": 80, "to": 100, "color": COLOUR}])),
    "page.widget.format": diff(set_([("w", "d"), "format"], {"decimals": 1})),
    "page.widget.format.decimals": diff(set_([("w", "o"), "format"], {"decimals": 2})),
    "page.widget.format.unit": diff(set_([("w", "o"), "format"], {"decimals": 0, "unit": "rpm"})),
    "page.widget.format.thousands": diff(set_([("w", "o"), "format"], {"decimals": 0, "thousands": ","})),
    "page.widget.hold": diff(set_([("w", "d"), "hold"], 90)),
    "page.widget.readout": diff(set_([("w", "d"), "readout"], False)),
    "page.widget.needle": diff(set_([("w", "d"), "needle"], False)),
    "page.widget.value_arc": diff(set_([("w", "d"), "value_arc"], False)),
    "page.widget.thickness": diff(set_([("w", "b"), "thickness"], 30)),
    "page.widget.segments": diff(set_([("w", "l"), "segments"], 5)),
    "page.widget.gap": diff(set_([("w", "l"), "gap"], 6)),
    "page.widget.text": diff(set_([("w", "t"), "text"], "WORLD")),
    "page.widget.count": diff(set_([("w", "s"), "count"], 7)),
    "page.widget.symbol": diff(set_([("w", "s"), "symbol"], "dot")),
    "page.widget.step": diff(set_([("w", "s"), "step"], "whole")),
    "page.widget.spacing": diff(set_([("w", "s"), "spacing"], 12)),
    "page.widget.shade": diff(set_([("w", "v"), "shade"], 64)),
    "page.widget.rounded": diff(set_([("w", "v"), "rounded"], False)),
    "page.widget.shape": diff(set_([("w", "p"), "shape"], "ring")),
    "page.widget.line_width": diff(set_([("w", "p"), "line_width"], 3), base_mutate=set_([("w", "p"), "shape"], "ring")),
    "page.widget.alignment": diff(set_([("w", "o"), "alignment"], "left")),
    "page.widget.label_size": diff(set_([("w", "d"), "label_size"], 14)),
    "page.widget.value_size": diff(set_([("w", "d"), "value_size"], 24)),
}


# ───────────────────────────── 3. run and check coverage ─────────────────────────────
def main():
    global GP, WORK
    args = [a for a in sys.argv[1:] if a != "--list"]
    keys = documented_keys()
    if "--list" in sys.argv:
        print("\n".join(keys))
        if not args:
            return 0
    if len(args) != 2:
        print("usage: keys.py GAUGEPANEL WORKDIR [--list]   (or keys.py --list)", file=sys.stderr)
        return 2
    GP, WORK = os.path.abspath(args[0]), os.path.abspath(args[1])
    os.makedirs(WORK, exist_ok=True)
    t0 = time.time()
    results = []   # (ok, text)

    def check(ok, text):
        results.append((ok, text))
        print(("ok: " if ok else "FAIL: ") + text, flush=True)

    vm_text = open(VM_RUN, encoding="utf-8").read() if os.path.exists(VM_RUN) else ""
    print(f"# {len(keys)} keys documented in docs/configuration.md", flush=True)
    for k in keys:
        if k not in CASES:
            check(False, f"{k}: documented, but no run-time test in scripts/e2e/keys.py")
    for k in CASES:
        if k not in keys:
            check(False, f"{k}: tested, but not documented in docs/configuration.md (a stale entry?)")
    runnable = {}
    for k in keys:
        c = CASES.get(k)
        if isinstance(c, tuple) and c[0] == "vm":
            check(c[1] in vm_text, f'{k}: checked in the kernel harness: "{c[1]}"'
                  + ("" if c[1] in vm_text else " — NOT found in scripts/vm/run.py"))
        elif c is not None:
            runnable[k] = c
    with concurrent.futures.ThreadPoolExecutor(max_workers=int(os.environ.get("KEYS_JOBS", "8"))) as pool:
        # the slower, one-of-a-kind cases first; the many picture diffs fill in after them
        order = sorted(runnable, key=lambda k: getattr(runnable[k], "kind", "") == "diff")
        futures = {k: pool.submit(runnable[k], k) for k in order}
        for k in runnable:   # in documentation order
            try:
                out = futures[k].result(timeout=300)
            except Exception as e:  # noqa: BLE001
                out = [(False, f"{type(e).__name__}: {e}")]
            for ok, text in out:
                if text.startswith("# "):
                    print(f"# {k}: {text[2:]}")
                else:
                    check(ok, f"{k}: {text}")
    failed_keys = sorted({t.split(":")[0] for ok, t in results if not ok})
    if failed_keys:
        print("# keys failing: " + " ".join(failed_keys))
    passed = sum(1 for ok, _ in results if ok)
    failed = len(results) - passed
    print(f"# {time.time() - t0:.1f} s; work files in {WORK}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
