"""The key cases' way of running gaugepanel, on scripts/lib/panel.py (the harnesses' one
Panel, render and compare): the work directories, boards written as TOML, Panel (a
`gaugepanel run` of such a board), Line (a pty standing in for a serial adapter), and the
settled base snapshots.

GP and WORK are set by keys.py's main(): other modules read them as harness.GP and
harness.WORK (a `from .harness import GP` would keep the None they start as)."""
import json, os, re, shutil, threading, tomllib

import panel   # scripts/lib, on the path of every entry point

# ───────────────────────────── running gaugepanel ─────────────────────────────
GP = WORK = None
_counter = 0
_counter_lock = threading.Lock()


def use(gp, work):
    """An entry point's GAUGEPANEL and WORKDIR: GP (the binary that renders and compares)
    and WORK (made when missing), both absolute."""
    global GP, WORK
    GP, WORK = os.path.abspath(gp), os.path.abspath(work)
    os.makedirs(WORK, exist_ok=True)


def run_parts(check, parts, arg=None):
    """Runs each part (with arg(part) when given): one that raises is a failed check with
    its reason, and the others still run."""
    for part in parts:
        try:
            part(*(() if arg is None else (arg(part),)))
        except Exception as e:   # noqa: BLE001 — a broken part is a failure with its reason
            check(False, f"{part.__name__}: {type(e).__name__}: {e}")


def new_dir(name):
    global _counter
    with _counter_lock:
        _counter += 1
        n = _counter
    d = os.path.join(WORK, f"{n:03d}-{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}")
    shutil.rmtree(d, ignore_errors=True)   # a WORKDIR used before: its files (a pty's symlink) would be in the way
    os.makedirs(d)
    return d


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
                subs = [k for k in ("channel", "widget") if isinstance(el.get(k), list)]   # a trigger's channel is a name
                out += [f"{k} = {tv(x)}" for k, x in el.items() if k not in subs]
                for sub in subs:
                    for item in el[sub]:
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
    """(identical, what compare said)."""
    return panel.compare(a, b, gp=GP)


def render(board_path, sets=None, out=None, extra=()):
    return panel.render(board_path, sets, out, extra=extra, gp=GP)


def gaugepanel(*args):
    return panel.gaugepanel(*args, gp=GP)


class Panel(panel.Panel):
    """`gaugepanel run` of a board written into a new work directory, offscreen unless told
    otherwise, no evdev device opened, its statistics line every 0.1 s; each snapshot kept
    as a copy; GP (the reference when gp runs firmware) compares."""

    def __init__(self, name, board, display="offscreen", snapshot=True, args=(), d=None, board_name="board.toml", env=None,
                 gp=None):
        self.dir = d or new_dir(name)
        path = write_board(self.dir, board, board_name)
        self.inputs = os.path.join(self.dir, "input")   # no evdev devices: an empty directory
        os.makedirs(self.inputs, exist_ok=True)
        cmd = ["--no-animation", "--no-console-graphics", "--stats-interval", "0.1", "--input-directory", self.inputs]
        if display:
            cmd += ["--display", display]
        super().__init__(path, cmd + list(args), snapshot=path[:-5] + "-snapshot.png" if snapshot else None,
                         gp=gp or GP, ref=GP, copies=True, env=env)
        if not snapshot:
            self.snap = path[:-5] + "-snapshot.png"

    def started(self):
        return self.wait_for("] display ")


def Line(d, name="tty"):
    """A pty standing in for a serial adapter at d/name."""
    return panel.Pty(os.path.join(d, name))


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
