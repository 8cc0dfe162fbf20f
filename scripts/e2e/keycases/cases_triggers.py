"""Custom cases for [[trigger]]: a board with two pages ("main", "second": a label
each) and a simulated channel `a`; the run's picture compared with `gaugepanel render`
of the page, theme or banner the trigger must bring."""
import time

from .base_boards import display, step
from .harness import Panel, render


def trigger_board(triggers, channel=None, banner=None):
    ch = channel or step("a", 60)
    b = {"display": display(), "fonts": {"family": "builtin"}, "sensor": [{"kind": "simulated", "channel": [ch]}],
         "page": [{"name": "main", "widget": [
                      {"id": "m", "type": "label", "text": "MAIN", "frame": [0, 100, 320, 40]},
                      {"id": "o", "type": "readout", "channel": "a", "frame": [0, 150, 320, 60]}]},
                  {"name": "second", "widget": [{"id": "s", "type": "label", "text": "SECOND", "frame": [0, 100, 320, 40]}]}],
         "trigger": triggers}
    if banner:
        b["alarms"] = {"banner": banner}
    return b


def _run(name, board, steps):
    """steps: (what render must be given — extra args, sets — a timeout, what it shows);
    each must appear within its timeout, in order. confirm: also in the next snapshot."""
    p = Panel(name, board)
    out = []
    try:
        if not p.started():
            return [(False, "did not start: " + p.log()[-300:])]
        for extra, sets, timeout, said in steps:
            s, ok, how = p.settle(lambda: render(p.board, sets, extra=extra), timeout=timeout, confirm=True)
            out.append((ok, f"{said} ({how})"))
    finally:
        p.stop()
    return out


SECOND = (["--page", "second"], None)
MAIN = ([], None)


def page_case(trigger, said, control=None, channel=None):
    """The trigger brings page "second"; with `control` in its place the run stays on main."""
    def case(key):
        out = _run(key, trigger_board([trigger], channel), [(*SECOND, 6, f"{said}: page second shows")])
        if control:
            out += _run(key + "-control", trigger_board([control], channel),
                        [(*MAIN, 6, "with " + ", ".join(f"{k} = {v}" for k, v in control.items()) + ": main stays")])
            time.sleep(1.0)
        return out
    return case


def case_theme(key):
    return _run(key, trigger_board([{"channel": "a", "above": 50, "theme": "night"}]),
                [(["--theme", "night"], None, 6, 'channel a above 50 with theme = "night": the night theme shows')])


def case_for(key):
    t = {"channel": "a", "above": 50, "for": 3, "show_page": "second"}
    return _run(key, trigger_board([t]), [(*MAIN, 2.5, "for = 3: main at first"), (*SECOND, 8, "page second after 3 s")])


def case_cooldown(key):
    """a alternates 60 and 40 every 0.6 s; one trigger shows second above 50, another main
    below 50. With cooldown = 60 on the first, second shows once, then main for good;
    without, the pages keep alternating."""
    wave = {"name": "a", "waveform": "step", "values": [60, 40], "hold": 0.6}
    back = {"channel": "a", "below": 50, "show_page": "main"}
    out = []
    for cooldown in (60, None):
        t = {"channel": "a", "above": 50, "show_page": "second"} | ({"cooldown": cooldown} if cooldown else {})
        board = trigger_board([t, back], wave)
        board["page"][0]["widget"].pop()   # no readout: each page's picture is fixed
        p = Panel(f"{key}-{cooldown}", board)
        try:
            p.started()
            time.sleep(1.5)
            second = render(p.board, None, extra=["--page", "second"])
            seen = []
            for _ in range(12):
                s = p.snapshot()
                seen.append(s is not None and open(s, "rb").read() == open(second, "rb").read())
                time.sleep(0.25)
        finally:
            p.stop()
        if cooldown:
            out.append((not any(seen), f"cooldown = 60: after its first firing page second does not come back "
                        f"({sum(seen)} of {len(seen)} snapshots over 3 s show it)"))
        else:
            out.append((any(seen) and not all(seen), f"without: the pages alternate ({sum(seen)} of {len(seen)} snapshots show second)"))
    return out


def case_acknowledge(key):
    ch = step("a", 60, warning=50)
    t = {"alarm": "a", "state": "warn", "for": 2, "acknowledge": True}
    board = trigger_board([t], ch)
    out = _run(key, board, [(*MAIN, 1.8, "a warning (banner) at first")])
    quiet = trigger_board([t], ch, banner="none")
    from .harness import new_dir, write_board
    path = write_board(new_dir(key + "-look"), quiet)
    p = Panel(key + "-2", board)
    try:
        p.started()
        s, ok, how = p.settle(lambda: render(path), timeout=8, confirm=True)
        out.append((ok, f"acknowledge = true after 2 s: the banner goes, the colour stays ({how})"))
    finally:
        p.stop()
    return out
