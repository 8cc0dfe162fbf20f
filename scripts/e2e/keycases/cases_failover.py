"""The failover channel (`kind = "computed"` with `sources`): two channels on a serial
line (a pty), the first going quiet and coming back; the picture follows the source in
use, the log says each switch once, the run summary names the source in use."""
import time

from .cases_serial import serial_board
from .harness import Line, Panel, new_dir, render


def case_sources(key):
    d = new_dir("failover")
    line = Line(d)
    board = serial_board(line.link, [{"name": "p", "stale_after": 1}, {"name": "s"}],
                         widgets=[{"id": "o", "type": "readout", "channel": "x", "frame": [0, 0, 320, 100],
                                   "format": {"decimals": 1}, "value_size": 40}])
    board["sensor"].append({"kind": "computed", "channel": [{"name": "x", "sources": ["p", "s"]}]})
    p = Panel("failover", board, d=d)
    out = []
    try:
        p.wait_for("connected")
        line.write("p=10\ns=20\n")
        _, ok, how = p.settle(lambda: render(p.board, {"x": 10}), feed=lambda: line.write("p=10\ns=20\n"))
        out.append((ok, f"p = 10 and s = 20: x shows p's 10 ({how})"))
        _, ok, how = p.settle(lambda: render(p.board, {"x": 20}), timeout=6, feed=lambda: line.write("s=20\n"))
        out.append((ok, f"p quiet past its stale_after (1 s): x shows s's 20 ({how})"))
        _, ok, how = p.settle(lambda: render(p.board, {"x": 10}), feed=lambda: line.write("p=10\ns=20\n"))
        out.append((ok, f"p back: x shows 10 again ({how})"))
        time.sleep(0.3)
    finally:
        p.stop(); line.close()
    log = p.log()
    said = [l for l in log.splitlines() if "failover x:" in l]
    out.append((len(said) == 2 and "using s (p has no value)" in said[0] and "back to p" in said[1],
                "each switch said once: " + " | ".join(l.split("] ")[-1] for l in said)))
    summary = [l for l in log.splitlines() if "failover:x=" in l]
    out.append((bool(summary) and "failover:x=p" in summary[-1], "the run summary names the source in use: "
                + (summary[-1].split(" failover:")[-1] if summary else "(none)")))
    return out
