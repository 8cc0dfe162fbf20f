"""Cases for the lamp widget: a tell-tale on channel a (a constant 60), unlit at first
(on_above = 100); its thresholds, `unlit` and blinking, through `gaugepanel run`."""
import copy, time

from .base_boards import display, step
from .harness import Panel, new_dir, render, same, write_board


def lamp_board():
    return {"display": display(), "fonts": {"family": "builtin"}, "theme": {"active": "day"},
            "sensor": [{"kind": "simulated", "channel": [step("a", 60)]}],
            "page": [{"name": "main", "widget": [
                {"id": "m", "type": "lamp", "channel": "a", "symbol": "oil", "frame": [100, 60, 120, 120], "on_above": 100},
                {"id": "o", "type": "readout", "channel": "a", "frame": [0, 190, 320, 50], "value_size": 32}]}]}


def blink_case(keys, period_ms):
    """The lamp lit (on_above = 50) with `keys`: snapshots over three periods (at least 6 s,
    and until 6 are judged) show it lit in the first half of each period of the panel's
    clock (CLOCK_MONOTONIC, Python's time.monotonic too) and unlit in the second, each equal
    to render of the board lit steady or unlit; snapshots within 150 ms of an edge, or
    taking 0.2 s or more, are not judged."""
    def case(key):
        b = lamp_board()
        b["page"][0]["widget"][0].update({"on_above": 50, **keys})
        d = new_dir(key + "-look")
        steady = copy.deepcopy(b)
        for k in keys:
            steady["page"][0]["widget"][0].pop(k)
        lit = render(write_board(d, steady, "lit.toml"))
        steady["page"][0]["widget"][0]["on_above"] = 100
        dark = render(write_board(d, steady, "dark.toml"))
        p = Panel(key, b)
        seen, wrong, judged = set(), [], 0
        try:
            if not p.started():
                return [(False, "did not start: " + p.log()[-300:])]
            p.wait_stats("frames", 1)
            # Three periods and at least 6 s; longer (up to 40 s) until 6 snapshots are judged:
            # on a loaded machine many take too long to say which half they saw.
            start = time.monotonic()
            end = start + max(3 * period_ms, 6000) / 1000
            while time.monotonic() < end or (judged < 6 and time.monotonic() < start + 40):
                t0 = time.monotonic()
                s = p.snapshot()
                t1 = time.monotonic()
                if s is None:
                    return [(False, "no snapshot")]
                state = "lit" if same(s, lit)[0] else "unlit" if same(s, dark)[0] else "other"
                seen.add(state)
                a, z = t0 * 1000 % period_ms, t1 * 1000 % period_ms
                half = period_ms / 2
                # A snapshot taken within 0.2 s (many panels share the CPU in the test run):
                # both of its ends more than 150 ms from an edge, in the same half.
                if t1 - t0 < 0.2 and min(abs(a - half), abs(a - period_ms), a, abs(z - half), z) > 150 and (a < half) == (z < half):
                    judged += 1
                    if state != ("lit" if a < half else "unlit"):
                        wrong.append(f"{state} at {a:.0f} ms of {period_ms}")
                time.sleep(0.07)
        finally:
            p.stop()
        return [("lit" in seen and "unlit" in seen and "other" not in seen,
                 f"{keys}: the run shows the lamp lit and unlit, each as render draws it (seen: {sorted(seen)})"),
                (judged >= 4 and not wrong,
                 f"lit in the first half of each {period_ms} ms period, unlit in the second ({judged} judged; wrong: {wrong[:3]})")]
    return case


def case_alarm_level(key):
    """Two lamps on a channel with a warning at 80 and a critical at 95, fed over a serial
    line: `alarm_level = "warn"` lights at 90 and `"alarm"` only at 97; both go out at
    60. Each screen equals render --set of the value (which shows the alarms it raises)."""
    from .cases_serial import serial_board
    from .harness import Line
    d = new_dir(key)
    line = Line(d)
    lamps = [{"id": "w", "type": "lamp", "channel": "a", "symbol": "coolant", "frame": [20, 60, 120, 120], "alarm_level": "warn"},
             {"id": "c", "type": "lamp", "channel": "a", "symbol": "oil", "frame": [180, 60, 120, 120], "alarm_level": "alarm"}]
    critical = 95
    b = serial_board(line.link, [{"name": "a", "warning": 80, "critical": critical}], widgets=lamps)
    p = Panel(key, b, d=d)
    out = []
    try:
        if not p.wait_for("connected", 30):
            return [(False, "the line was never connected: " + p.log()[-300:])]
        for value, said in ((60, "both unlit"), (90, "the warn lamp lit, the alarm lamp not"),
                            (97, "both lit"), (60, "both out again")):
            expected, feed = (lambda: render(p.board, {"a": value})), (lambda: line.write(f"a={value}\n"))
            if value < critical:
                _, ok, how = p.settle(expected, feed=feed, confirm=True)
            else:
                # An unacknowledged critical alarm blinks its colour at 1 Hz, and render draws
                # the on phase: seen twice, not necessarily in two snapshots in a row (on a
                # loaded machine a snapshot can take longer than half a period).
                _, ok, how = p.settle(expected, feed=feed)
                if ok:
                    time.sleep(0.3)
                    _, ok, how = p.settle(expected, feed=feed)
            out.append((ok, f"a = {value}: {said} ({how})"))
    finally:
        p.stop(); line.close()
    # The pictures differ where they should: lit by the state, not drawn alike.
    lit = [render(p.board, {"a": v}) for v in (60, 90, 97)]
    out.append((not same(lit[0], lit[1])[0] and not same(lit[1], lit[2])[0], "60, 90 and 97 draw three different screens"))
    return out
