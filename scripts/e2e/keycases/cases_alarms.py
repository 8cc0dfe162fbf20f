"""Custom cases for the alarm keys that act over time (hysteresis, alarm_delay,
escalate_after): a channel on a serial line (a pty) whose values the case writes, and
the run's picture compared with `gaugepanel render` of what it must show then. render
draws a value's alarm as a still picture (its state at once, blinking in its on phase)."""

from .cases_serial import serial_board
from .harness import Line, Panel, new_dir, render, write_board


def _run(name, channel, steps):
    """A serial board whose channel `a` is `channel`; steps: (value written, what the
    picture must become: a function of the board → a PNG, a timeout, a description)."""
    d = new_dir(name)
    line = Line(d)
    p = Panel(name, serial_board(line.link, [channel]), d=d)
    out = []
    try:
        p.wait_for("connected")
        for value, expected, timeout, said in steps:
            if value is not None:
                line.write(f"a={value}\n")
            s, ok, how = p.settle(lambda: expected(p.board), timeout=timeout, feed=None)
            out.append((ok, f"{said} ({how})"))
    finally:
        p.stop(); line.close()
    return out


def _variant(board_path, name, **channel):
    """render of a copy of the board whose channel `a` has other alarm keys (None: removed)."""
    import tomllib
    b = tomllib.load(open(board_path, "rb"))
    ch = b["sensor"][0]["channel"][0]
    for k, v in channel.items():
        if v is None:
            ch.pop(k, None)
        else:
            ch[k] = v
    d = new_dir(name)
    return write_board(d, b)


def case_hysteresis(key):
    held = _run("hysteresis", {"name": "a", "warning": 50, "hysteresis": 2}, [
        (55, lambda b: render(b, {"a": 55}), 6, "hysteresis = 2, warning = 50: a=55 warns"),
        (49, lambda b: render(_variant(b, "hyst-look", warning=49), {"a": 49}), 6,
         "then a=49 (within 2 of 50) still warns: the picture of a warning at 49"),
        (47.5, lambda b: render(b, {"a": 47.5}), 6, "a=47.5 (past 48) ends it"),
    ])
    plain = _run("hysteresis-none", {"name": "a", "warning": 50}, [
        (55, lambda b: render(b, {"a": 55}), 6, "without: a=55 warns"),
        (49, lambda b: render(b, {"a": 49}), 6, "and a=49 ends it at once"),
    ])
    return held + plain


def case_alarm_delay(key):
    def quiet(b):
        return render(_variant(b, "delay-quiet", warning=None, alarm_delay=None), {"a": 55})

    return _run("alarm-delay", {"name": "a", "warning": 50, "alarm_delay": 3}, [
        (55, quiet, 2, "alarm_delay = 3, warning = 50: a=55 shows no warning at first"),
        (None, lambda b: render(b, {"a": 55}), 8, "and the warning after 3 s"),
    ])


def case_escalate_after(key):
    return _run("escalate", {"name": "a", "warning": 50, "escalate_after": 3}, [
        (55, lambda b: render(b, {"a": 55}), 2.5, "escalate_after = 3, warning = 50: a=55 warns (amber)"),
        (None, lambda b: render(_variant(b, "escalated", warning=None, escalate_after=None, critical=50), {"a": 55}), 8,
         "unacknowledged for 3 s it shows as an alarm (red, seen in its on phase)"),
    ])
