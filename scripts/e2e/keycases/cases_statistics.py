"""A window statistic (`statistic`, `of`, `over`): a board replays a three-second
recording of two channels into computed channels shown by readouts; once it has played,
the run's screen settles on `gaugepanel render --set` of the statistic worked out here
from the recording (the highest, the lowest, the mean), or on "no value" when the window
has passed."""
import os

from .base_boards import display
from .harness import Panel, new_dir, render

# wind: a reading every 250 ms in the middle of its column; swell: another channel.
WIND = [10, 30, 12, 16, 11, 13, 22, 14, 9.5, 18, 17, 15]
SWELL = [2, 3, 2.5, 4, 1.5, 2, 3.5, 2, 1, 2.5, 3, 2]


def recording():
    lines = ["# gaugepanel recording"]
    for i, (w, s) in enumerate(zip(WIND, SWELL)):
        lines.append(f"{i * 250 + 125} wind={w}")
        lines.append(f"{i * 250 + 125} swell={s}")
    return "\n".join(lines) + "\n"


def board(statistic="max", of="wind", over=60):
    return {"display": display(), "fonts": {"family": "builtin"},
            "sensor": [{"kind": "replay", "file": "wind.rec", "loop": False, "channel": [{"name": "wind"}, {"name": "swell"}]},
                       {"kind": "computed", "channel": [{"name": "stat", "statistic": statistic, "of": of, "over": over}]}],
            "page": [{"name": "main", "widget": [
                {"id": "o", "type": "readout", "channel": "stat", "frame": [0, 40, 320, 100],
                 "format": {"decimals": 2}, "value_size": 48}]}]}


def settles(name, b, expected):
    """(ok, how): the run's screen equals render with stat = expected (None: no value)."""
    d = new_dir(name)
    open(os.path.join(d, "wind.rec"), "w").write(recording())
    p = Panel(name, b, d=d)
    try:
        if not p.started():
            return False, "did not start: " + p.log()[-300:]
        path = os.path.join(d, "board.toml")
        sets = {} if expected is None else {"stat": expected}
        _, ok, how = p.settle(lambda: render(path, sets), timeout=8, confirm=True)
        return ok, how
    finally:
        p.stop()


def case_statistic(key):
    out = []
    for kind, value in (("max", max(WIND)), ("min", min(WIND)), ("mean", sum(WIND) / len(WIND))):
        ok, how = settles(f"{key}-{kind}", board(statistic=kind), value)
        out.append((ok, f'statistic = "{kind}" of the recording\'s wind: shows {value:.2f} ({how})'))
    return out


def case_of(key):
    ok, how = settles(key, board(of="swell"), max(SWELL))
    return [(ok, f'of = "swell": the highest swell, {max(SWELL)}, not the wind\'s {max(WIND)} ({how})')]


def case_over(key):
    ok, how = settles(key, board(over=1), None)
    return [(ok, f"over = 1: a second after the recording ended, no reading in the window: no value ({how})")]
