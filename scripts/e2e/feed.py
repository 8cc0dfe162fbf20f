#!/usr/bin/env python3
"""End-to-end: the homelab boards' host feed as the installer sets it up.

For each homelab board, scripts/install-service.sh --destdir stages it; its
gaugepanel-feed.service must be staged, wanted by gaugepanel.service, with the feed
script beside it. The unit's own ExecStart line is then run for real (with what it
reaches moved into WORKDIR or to a free port, so that nothing outside is touched), and
`gaugepanel run` of the staged board (offscreen) must read every name the feed sends:
samples, none unread, none dropped.

  boards/pitft-28.toml  a udp sensor on 127.0.0.1:4711: the unit runs homelab-feed.sh
                        itself (bash's /dev/udp), no socat, no pseudo-terminal
  boards/pi-hdmi.toml   an mqtt sensor on localhost:1883 (homelab/+/…): the unit runs the
                        script with mqtt://localhost:1883 (mosquitto_pub); here a
                        mosquitto on a free loopback port stands in for the Pi's broker
  pi-hdmi, pty copy     the same board with that sensor made a serial one on
                        /dev/shm/gaugepanel-host: socat makes that pseudo-terminal and
                        runs the script on its other side

Usage: feed.py GAUGEPANEL WORKDIR     (prints "N passed, N failed"; exit 0/1)
"""
import os, re, shlex, shutil, socket, subprocess, sys, time

gp, work = sys.argv[1], os.path.abspath(sys.argv[2])
root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(root, "scripts", "lib"))
from checks import Checks   # the scripts' one pass/fail convention
from panel import Panel   # the harnesses' one way to run gaugepanel
sys.path.insert(0, os.path.join(root, "scripts", "e2e"))
from mosquitto import Broker   # a loopback mosquitto on a free port
checks = Checks()
check = checks.check

LINK = "/dev/shm/gaugepanel-host"
ADDRESS = "127.0.0.1:4711"
BROKER = "localhost:1883"
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)


def stage(name, board=None):
    """Stages the board (boards/NAME.toml, or the file `board`); returns (staged root, the
    feed unit's ExecStart argv, the staged script)."""
    d = os.path.join(work, name)
    st = os.path.join(d, "stage")
    os.makedirs(d, exist_ok=True)
    inst = subprocess.run(["bash", os.path.join(root, "scripts/install-service.sh"), "--board", board or os.path.join(root, f"boards/{name}.toml"),
                           "--binary", gp, "--prefix", "/usr", "--destdir", st], capture_output=True, text=True)
    check(inst.returncode == 0, f"{name}: install-service.sh --destdir: exit {inst.returncode} {inst.stderr.strip()[:200]}")
    units = os.path.join(st, "etc/systemd/system")
    unit_path = os.path.join(units, "gaugepanel-feed.service")
    unit = open(unit_path).read() if os.path.exists(unit_path) else ""
    wants = os.path.join(units, "gaugepanel.service.wants/gaugepanel-feed.service")
    script = os.path.join(st, "usr/lib/gaugepanel/homelab-feed.sh")
    check(bool(unit) and os.path.islink(wants) and os.readlink(wants) == "/etc/systemd/system/gaugepanel-feed.service"
          and os.access(script, os.X_OK) and "User=gaugepanel" in unit,
          f"{name}: staged gaugepanel-feed.service (User=gaugepanel), wanted by gaugepanel.service, and /usr/lib/gaugepanel/homelab-feed.sh")
    m = re.search(r"^ExecStart=(.*)$", unit, re.M)
    return d, st, (m.group(1) if m else ""), script


def run_board(d, st, replace):
    """`gaugepanel run` of the staged board, offscreen, its text changed by `replace`, for
    4 s; returns (exit status, summary fields)."""
    board = os.path.join(d, "offscreen.toml")
    text = replace(open(os.path.join(st, "etc/gaugepanel/board.toml")).read())
    text = re.sub(r'^output = "(drm|fbdev)"$', 'output = "offscreen"', text, flags=re.M)
    text = re.sub(r'^(mode|device) = "/dev/fb.*$|^mode = .*$', '', text, flags=re.M)
    open(board, "w").write(text)
    run = Panel(board, ["--no-animation", "--input-directory", d], gp=gp)
    time.sleep(4)
    status = run.stop()
    return status, run.summary()[0], run.log() + "\n"


def read_all(name, how, status, fields, out, unread=()):
    """Every name the feed sends is read, but `unread` (names the board shows nowhere)."""
    samples = int(fields.get("samples", "0"))
    said = set(re.findall(r'decoded "([^"]+)", which no channel reads', out))
    ok = status == 0 and samples >= 8 and said == set(unread) and fields.get("dropped_lines") == "0"
    check(ok and (unread or fields.get("unread_samples") == "0"),
          f"{name}: gaugepanel run of the staged board read the feed {how}: exit {status}, samples={samples} "
          f"(every 0.5 s), unread_samples={fields.get('unread_samples')} (names no channel reads: {sorted(said) or 'none'}), "
          f"dropped_lines={fields.get('dropped_lines')}" + ("" if ok else " | " + out[-300:]))


def udp_board():
    d, st, exec_start, script = stage("pitft-28")
    argv = shlex.split(exec_start)
    check(argv == ["/usr/lib/gaugepanel/homelab-feed.sh", "2", ADDRESS] and "socat" not in exec_start,
          f"pitft-28: the feed unit runs the script alone, to {ADDRESS}: {exec_start}")
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    here = f"127.0.0.1:{port}"
    feed = subprocess.Popen([script, "0.5", here], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        status, fields, out = run_board(d, st, lambda t: t.replace(f'"{ADDRESS}"', f'"{here}"'))
    finally:
        feed.terminate(); feed.wait(timeout=5)
    # load, memory, disk; load5 (the 5-minute load) is on pi-hdmi only
    read_all("pitft-28", f"as datagrams to {here} (no socat, no pty)", status, fields, out, unread=["load5"])
    check(fields.get(f"udp:{here}") == "open", f"pitft-28: the run summary lists udp:{here}=open")


def mqtt_board():
    d, st, exec_start, script = stage("pi-hdmi")
    argv = shlex.split(exec_start)
    check(argv == ["/usr/lib/gaugepanel/homelab-feed.sh", "2", f"mqtt://{BROKER}"],
          f"pi-hdmi: the feed unit runs the script to the broker on {BROKER}: {exec_start}")
    broker = Broker(os.path.join(d, "broker"))
    here = f"127.0.0.1:{broker.port}"
    feed = subprocess.Popen([script, "0.5", f"mqtt://{here}"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        status, fields, out = run_board(d, st, lambda t: t.replace(f'"{BROKER}"', f'"{here}"'))
    finally:
        feed.terminate(); feed.wait(timeout=5)
        broker.stop()
    read_all("pi-hdmi", f"as MQTT messages through mosquitto on {here}", status, fields, out)
    check(fields.get(f"mqtt:{here}") == "open", f"pi-hdmi: the run summary lists mqtt:{here}=open")


def pty_board():
    """pi-hdmi with its host figures read from socat's pseudo-terminal instead."""
    text = open(os.path.join(root, "boards/pi-hdmi.toml")).read()
    text = text.replace('kind = "mqtt"\nbroker = "localhost:1883"',
                        f'kind = "serial"\ndevice = "{LINK}"\nbaud = 115200\nprotocol = "line"')
    text = re.sub(r'^\s*topic = "(homelab|homeassistant)/.*\n', "", text, flags=re.M)
    # The "home" page's button and switch send over MQTT, which this copy has none of.
    text = re.sub(r'\[\[page\]\]\nname = "home"\n.*?(?=\[\[page\]\]|\Z)', "", text, flags=re.S)
    os.makedirs(os.path.join(work, "pi-hdmi-pty"), exist_ok=True)
    copy = os.path.join(work, "pi-hdmi-pty", "pi-hdmi-pty.toml")
    open(copy, "w").write(text)
    d, st, exec_start, script = stage("pi-hdmi-pty", copy)
    check(f"link={LINK}" in exec_start and "EXEC:/usr/lib/gaugepanel/homelab-feed.sh" in exec_start,
          f"pi-hdmi (pty copy): the feed unit's ExecStart makes {LINK} and runs the installed script: {exec_start}")
    if not shutil.which("socat"):
        check(False, "socat is not installed (scripts/test.sh installs it): the pi-hdmi feed cannot run")
        return
    link = os.path.join(d, "gaugepanel-host")
    argv = [a.replace(LINK, link).replace("EXEC:/usr/lib/gaugepanel/", "EXEC:" + os.path.dirname(script) + "/")
            for a in shlex.split(exec_start)]
    argv = [a.replace("homelab-feed.sh", "homelab-feed.sh 0.5") if a.startswith("EXEC:") else a for a in argv]
    feed = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(50):
            if os.path.exists(link): break
            time.sleep(0.1)
        check(os.path.exists(link), f"pi-hdmi: socat made the link ({' '.join(argv)[:160]})")
        status, fields, out = run_board(d, st, lambda t: t.replace(f'"{LINK}"', f'"{link}"'))
    finally:
        feed.terminate(); feed.wait(timeout=5)
    read_all("pi-hdmi (pty copy)", "through socat", status, fields, out)


udp_board()
mqtt_board()
pty_board()
sys.exit(checks.finish())
