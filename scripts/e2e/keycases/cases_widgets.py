"""Custom cases for pages and widgets: page names, widget ids, and the alarm keys
(warning, critical, alarm) that colour a channel's widgets."""
import copy, json, os

from .base_boards import W, step, value_board, widgets_board
from .harness import Panel, gaugepanel, new_dir, render, run_and_settle, same, write_board

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
    r = gaugepanel("render", path2, "--page", "second", "--out", os.path.join(d, "x.png"))
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


def alarm_case(keys, expect_tint, control=None, blink=False):
    """keys set on channel a (a constant 60): the dial takes the alarm colour (docs: the
    run loop colours the channel's widgets): the run equals render of the board with the
    dial's tint set to that colour; without the keys it equals plain render."""
    def board(extra):
        b = value_board({"kind": "simulated", "channel": [step("a", 60, **extra)]}, dial=True)
        b["page"][0]["widget"] = [w for w in b["page"][0]["widget"] if w["type"] == "dial"]
        b["theme"] = {"active": "day", "day": {"hold": "#E0C030"}}
        b["alarms"] = {"banner": "none"}   # the widget's colour alone (the banner has its own cases)
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
