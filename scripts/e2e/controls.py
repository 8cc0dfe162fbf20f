#!/usr/bin/env python3
"""End-to-end: controls that write back, through a real mosquitto.

A broker on 127.0.0.1 (a free port; scripts/e2e/mosquitto.py) and a mosquitto_sub on
`home/#` recording every message; `gaugepanel run` offscreen with a board holding a
button (command_topic home/bell/set) and a switch (command_topic home/porch/set, its
state the channel of home/porch/state), tapped by `--tap` as a touch screen would:

1. The tap on the button publishes exactly one message, PRESS, to home/bell/set.
2. The tap on the switch (its state unknown) publishes exactly one ON to home/porch/set,
   and the picture does not change: it follows the device's state, not the tap.
3. ON, then OFF, on the state topic: the screen equals `gaugepanel render --set porch=1`,
   then `--set porch=0`, bit for bit.
4. [control] topic = "gaugepanel/e2e": once connected the retained state topics hold
   page "main" and theme "day"; "second" on gaugepanel/e2e/set/page shows that page (the
   screen equals `render --page second`) and the retained state/page then holds "second";
   "night" on set/theme: the screen equals `render --page second --theme night`, and
   state/theme holds "night".

Usage: controls.py GAUGEPANEL WORKDIR     (prints ok:/FAIL: lines, "N passed, N failed")
"""
import os, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "lib"))
from checks import Checks   # noqa: E402
from keycases import harness   # noqa: E402
from keycases.harness import Panel   # noqa: E402
from panel import render as panel_render   # noqa: E402
from mosquitto import Broker   # noqa: E402

checks = Checks()
check = checks.check

BUTTON, SWITCH = (10, 10, 200, 60), (10, 90, 300, 60)


def board(port, control=False):
    extra = {"control": {"topic": "gaugepanel/e2e"}} if control else {}
    return {**extra, "display": {"width": 480, "height": 320, "format": "xrgb8888", "output": "offscreen"},
            "fonts": {"family": "builtin"},
            "sensor": [{"kind": "mqtt", "name": "home", "broker": f"127.0.0.1:{port}", "client_id": "e2e-controls",
                        "channel": [{"name": "porch", "topic": "home/porch/state"}]}],
            "page": [{"name": "main", "widget": [
                {"id": "bell", "type": "button", "title": "Doorbell", "frame": list(BUTTON), "command_topic": "home/bell/set",
                 "label_size": 18},
                {"id": "light", "type": "switch", "title": "Porch light", "channel": "porch", "frame": list(SWITCH),
                 "command_topic": "home/porch/set", "mqtt": "home", "label_size": 18}]},
                {"name": "second", "widget": [{"id": "t", "type": "label", "text": "Second page", "frame": [10, 10, 300, 40]}]}]}


def render(board_path, sets=None, **kw):
    return panel_render(board_path, sets, gp=harness.GP, **kw)


def centre(frame):
    x, y, w, h = frame
    return f"{x + w // 2},{y + h // 2}"


class Subscriber:
    """mosquitto_sub on a filter, every message as a `topic payload` line."""

    def __init__(self, broker, topic):
        self.proc = subprocess.Popen(["mosquitto_sub", "-h", "127.0.0.1", "-p", str(broker.port), "-t", topic, "-v"],
                                     stdout=subprocess.PIPE, text=True)
        deadline = time.time() + 10   # subscribed once the broker logs it (before the panel starts)
        while time.time() < deadline and "Received SUBSCRIBE" not in broker.text():
            time.sleep(0.05)

    def lines(self):
        self.proc.terminate()
        out, _ = self.proc.communicate(timeout=10)
        return out.splitlines()


def taps(d):
    b = Broker(os.path.join(d, "broker"))
    sub = Subscriber(b, "home/#")
    os.makedirs(os.path.join(d, "panel"))
    p = Panel("controls", board(b.port), d=os.path.join(d, "panel"),
              args=["--tap", f"{centre(BUTTON)}@1.5;{centre(SWITCH)}@2.5"])
    try:
        check(p.wait_for(f"mqtt 127.0.0.1:{b.port}: connected", 20), "the panel connects to the broker")
        check(p.wait_for('button "bell": sent "PRESS" to home/bell/set', 10), "the button's tap is logged as sent")
        check(p.wait_for('switch "light": sent "ON" to home/porch/set', 10), "the switch's tap (state unknown) sends ON")
        s, ok, how = p.settle(lambda: render(p.board), confirm=True)
        check(ok, f"after the switch's tap the picture is still the unknown state's: equals render ({how})")
        b.pub("home/porch/state", "ON")
        s, ok, how = p.settle(lambda: render(p.board, {"porch": 1}), confirm=True)
        check(ok, f"ON on the state topic: screen equals render --set porch=1 ({how})")
        b.pub("home/porch/state", "OFF")
        s, ok, how = p.settle(lambda: render(p.board, {"porch": 0}), confirm=True)
        check(ok, f"OFF on the state topic: screen equals render --set porch=0 ({how})")
    finally:
        p.stop()
        time.sleep(0.2)
        lines = sub.lines()
        b.stop()
    bell = [l for l in lines if l.startswith("home/bell/set")]
    porch = [l for l in lines if l.startswith("home/porch/set")]
    check(bell == ["home/bell/set PRESS"], f"one tap on the button: exactly one message on home/bell/set ({bell})")
    check(porch == ["home/porch/set ON"], f"one tap on the switch: exactly one message on home/porch/set ({porch})")


def retained(broker, topic):
    """The retained message on `topic` (mosquitto_sub -C 1, bounded), or None."""
    r = subprocess.run(["mosquitto_sub", "-h", "127.0.0.1", "-p", str(broker.port), "-t", topic, "-C", "1", "-W", "3"],
                       capture_output=True, text=True, timeout=10)
    return r.stdout.strip() if r.returncode == 0 else None


def remote(d):
    b = Broker(os.path.join(d, "broker"))
    os.makedirs(os.path.join(d, "panel"))
    p = Panel("remote", board(b.port, control=True), d=os.path.join(d, "panel"))
    try:
        check(p.wait_for(f"mqtt 127.0.0.1:{b.port}: connected", 20), "the panel connects to the broker")
        deadline = time.time() + 5
        while time.time() < deadline and retained(b, "gaugepanel/e2e/state/page") != "main":
            time.sleep(0.1)
        check(retained(b, "gaugepanel/e2e/state/page") == "main" and retained(b, "gaugepanel/e2e/state/theme") == "day",
              "connected: the retained state topics hold page main and theme day")
        b.pub("gaugepanel/e2e/set/page", "second")
        s, ok, how = p.settle(lambda: render(p.board, page="second"), confirm=True)
        check(ok, f"second on set/page: the screen equals render --page second ({how})")
        check(retained(b, "gaugepanel/e2e/state/page") == "second", "the retained state/page holds second")
        b.pub("gaugepanel/e2e/set/theme", "night")
        s, ok, how = p.settle(lambda: render(p.board, page="second", theme="night"), confirm=True)
        check(ok, f"night on set/theme: the screen equals render --page second --theme night ({how})")
        check(retained(b, "gaugepanel/e2e/state/theme") == "night", "the retained state/theme holds night")
    finally:
        p.stop()
        b.stop()


def main():
    if len(sys.argv) != 3:
        print(__doc__.rsplit("Usage: ", 1)[1], file=sys.stderr)
        return 2
    harness.use(sys.argv[1], sys.argv[2])
    t0 = time.monotonic()
    harness.run_parts(check, (taps, remote), lambda part: harness.new_dir(part.__name__))
    print(f"# {time.monotonic() - t0:.1f} s", flush=True)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
