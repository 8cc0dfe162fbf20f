"""A chart's `window`: a board replaying a short recording into a chart runs, and its
picture equals `gaugepanel render --time T` of the same board at the chart column the run
was in (searched near the elapsed time: the run's exact start is not the harness's); a
window of 20 s and one of 60 s draw different pictures (the points' spacing, the label)."""
import os, time

from . import harness
from .base_boards import display
from .harness import Panel, new_dir, same, write_board

COLUMN = 0.25   # a 20 s window on 240 px: 80 columns of 250 ms; 60 s: 240 of 250 ms


def recording():
    """Two readings in the middle of each 250 ms column for 2 s: a zig-zag."""
    lines = ["# gaugepanel recording"]
    for c in range(8):
        for off in (115, 135):
            lines.append(f"{c * 250 + off} a={20 + 15 * (c % 4) + (off - 125) / 10:.1f}")
            lines.append(f"{c * 250 + off} b={70 - 10 * (c % 3):.1f}")
    return "\n".join(lines) + "\n"


def chart_board(window, also=None):
    chart = {"id": "c", "type": "chart", "channel": "a", "frame": [40, 20, 240, 200], "window": window, "range": [0, 100]}
    if also:
        chart["also"] = also
    return {"display": display(), "fonts": {"family": "builtin"},
            "sensor": [{"kind": "replay", "file": "a.rec", "loop": False, "channel": [{"name": "a"}, {"name": "b"}]}],
            "page": [{"name": "main", "widget": [chart]}]}


def run_chart(name, window, also=None):
    """(snapshot, the time whose render equals it or None, how)."""
    d = new_dir(name)
    open(os.path.join(d, "a.rec"), "w").write(recording())
    p = Panel(name, chart_board(window, also), d=d)
    try:
        t0 = time.monotonic()
        if not p.started():
            return None, None, "did not start: " + p.log()[-300:]
        time.sleep(max(0.0, t0 + 2.6 - time.monotonic()))   # the recording ends at 1.9 s
        elapsed = time.monotonic() - t0
        snap = p.snapshot()
        if snap is None:
            return None, None, "no snapshot"
        board = os.path.join(d, "board.toml")
        tried = []
        for k in range(int(elapsed / COLUMN) + 1, max(int((elapsed - 1.5) / COLUMN), 0) - 1, -1):
            t = k * COLUMN + 0.2
            out = harness.render(board, out=os.path.join(d, f"render-{t:.2f}.png"), extra=("--time", f"{t:.2f}"))
            tried.append(f"{t:.2f}")
            if same(snap, out)[0]:
                return snap, t, f"equals render --time {t:.2f} ({elapsed:.2f} s after the harness started it)"
        return snap, None, f"equals no render --time of {', '.join(tried)}"
    finally:
        p.stop()


def case_window(key):
    a, ta, how_a = run_chart(key + "-20", 20)
    b, tb, how_b = run_chart(key + "-60", 60)
    out = [(ta is not None, f"window = 20: the run's chart {how_a}"),
           (tb is not None, f"window = 60: the run's chart {how_b}")]
    if a and b:
        identical, how = same(a, b)
        out.append((not identical, "window = 60 draws another picture than window = 20" + ("" if not identical else f" (NOT: {how})")))
    return out


def case_also(key):
    a, ta, how_a = run_chart(key, 20, also=["b"])
    b, _, _ = run_chart(key + "-alone", 20)
    out = [(ta is not None, f'also = ["b"]: the run\'s chart of a and b {how_a}')]
    if a and b:
        identical, how = same(a, b)
        out.append((not identical, "the chart with b differs from the chart of a alone" + ("" if not identical else f" (NOT: {how})")))
    return out


def case_history_file(key):
    """A run keeps its chart in `history_file` (saved at exit); the next run, whose
    recording gives nothing for ten minutes, shows it at once. Without the key the same
    second run shows an empty chart: render's picture of the board, which has no readings."""
    d = new_dir(key)
    open(os.path.join(d, "a.rec"), "w").write(recording())
    board = chart_board(60)
    board["page"][0]["widget"][0]["history_file"] = "a.chart"
    p = Panel(key + "-1", board, d=d)
    try:
        p.started()
        time.sleep(2.6)
    finally:
        status = p.stop()
    slots = [s for s in ("a.chart.a", "a.chart.b") if os.path.exists(os.path.join(d, s))]
    out = [(status == 0 and slots != [], f"the first run saved its chart at exit ({slots}, exit {status})")]
    open(os.path.join(d, "a.rec"), "w").write("600000 a=50\n")
    for kept in (True, False):
        if not kept:
            del board["page"][0]["widget"][0]["history_file"]
        p = Panel(key + ("-2" if kept else "-3"), board, d=d, board_name="board2.toml" if kept else "board3.toml")
        try:
            p.started()
            time.sleep(0.8)
            snap = p.snapshot()
        finally:
            p.stop()
        board_path = os.path.join(d, "board2.toml" if kept else "board3.toml")
        empty = harness.render(board_path, out=os.path.join(d, f"empty-{kept}.png"), extra=("--time", "0.8"))
        identical = snap is not None and same(snap, empty)[0]
        out.append((snap is not None and identical != kept,
                    ("with history_file the second run shows the first run's chart at once (not the empty chart render draws)" if kept
                     else "without it the second run's chart is empty: render's picture") + ("" if snap else " (no snapshot)")))
    return out
