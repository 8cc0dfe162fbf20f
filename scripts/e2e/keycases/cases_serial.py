"""Custom cases for serial sensors (kind = "serial", fed through a pty): device, baud,
protocol, and the channel keys name, source, stale_after, smoothing, median."""
import os, threading, time, termios

from .base_boards import display
from .harness import Line, Panel, new_dir, render
from nmea0183 import sentence

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
    b = serial_board(line.link, channels, widgets, **sensor)
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
        p = Panel("x", serial_board(line.link, [ch]), d=d)
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
            p = Panel(f"device-{v}", serial_board(line.link, [{"name": "a"}]), d=new_dir(f"sensor-device-{v}"))
            try:
                p.wait_for("connected")
                s, ok, how = p.settle(lambda: render(p.board, {"a": v}), confirm=True)
                out.append((ok, f"device = {os.path.basename(line.link)} shows that line's a={v} ({how})"))
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
        p = Panel("x", serial_board(line.link, [{"name": "a"}], baud=baud), d=d)
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
    return sentence(body, end="\r").decode()


def case_protocol(key):
    sentence = nmea("SDDPT,12.5,0.0")
    s, ok, how, log = serial_run("protocol-nmea", [{"name": "depth", "unit": "m"}], [sentence], {"depth": 12.5},
                                 protocol="nmea")
    s2, ok2, how2, _ = serial_run("protocol-line", [{"name": "depth", "unit": "m"}], [sentence], {},
                                waits=[("dropped_lines", 1)])
    return [(ok, f'protocol = "nmea": {sentence.strip()} shows depth 12.5 ({how})'),
            (ok2, f'protocol = "line": the same sentence is no reading ({how2})')]
