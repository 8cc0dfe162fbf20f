#!/usr/bin/env python3
"""End-to-end against a real gpsd: gpsfake (Debian gpsd-clients) runs gpsd on a loopback
port and plays an NMEA 0183 log written here (RMC, GGA, VTG, GSA, GSV, checksums from
scripts/lib/nmea0183.py); dashboards/gps.toml, its server turned to that port, runs under
`gaugepanel run --display offscreen`, and its screen must equal `gaugepanel render --set`
of the log's values as gpsd reports them:

  fix      speed over ground 5.8 kn (gpsd: 2.984 m/s, the channel converts to knots),
           course 84.4°, 8 satellites used, altitude 545.4 m (a 3D fix)
  no fix   the log's receiver loses its fix (RMC V, GGA quality 0, GSA mode 1): speed,
           course and altitude show no value at once (TPV mode 1 → no value now), the
           satellites 0 used; then the fix comes back and so do the values
  restart  gpsd killed (gpsfake and its gpsd): the panel says it lost it and shows no
           values; gpsd started again: the values are back (time measured)

Usage: gpsd.py GAUGEPANEL WORKDIR     (gpsd and gpsfake installed: scripts/e2e-headless.sh
ensures gpsd and gpsd-clients). Prints ok:/FAIL: per check; exit 1 on a failure.
"""
import os, re, shutil, signal, socket, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from checks import Checks   # noqa: E402
from keycases import harness   # noqa: E402
from keycases.harness import Panel, new_dir, render   # noqa: E402
from nmea0183 import sentence   # noqa: E402
from netpeers import free_port   # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
KNOT = 1852 / 3600                       # m/s
SPEED_MS = round(5.8 * KNOT, 3)          # gpsd reports speed in m/s with 3 decimals
FIX = {"speed": SPEED_MS / KNOT, "course": 84.4, "satellites": 8, "altitude": 545.4}
NO_FIX = {"satellites": 0}
checks = Checks()
check = checks.check


def epoch(i, fix):
    """One second of a receiver's output, at 12:35:00 + i s."""
    t = f"{12 + (35 * 60 + i) // 3600:02d}{(35 * 60 + i) // 60 % 60:02d}{i % 60:02d}.00"
    gsv = [sentence("GPGSV,3,1,10,04,45,120,40,05,30,200,38,09,60,045,42,12,15,300,30"),
           sentence("GPGSV,3,2,10,24,50,080,44,25,20,250,33,29,70,180,45,31,10,010,28"),
           sentence("GPGSV,3,3,10,02,05,330,00,07,03,150,00")]
    if fix:
        return b"".join([sentence(f"GPRMC,{t},A,4807.038,N,01131.000,E,5.8,84.4,230394,003.1,W,A"),
                         sentence(f"GPGGA,{t},4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
                         sentence("GPGSA,A,3,04,05,09,12,24,25,29,31,,,,,1.8,0.9,1.6")] + gsv
                        + [sentence("GPVTG,84.4,T,,M,5.8,N,10.7,K,A")])
    return b"".join([sentence(f"GPRMC,{t},V,,,,,,,230394,,,N"),
                     sentence(f"GPGGA,{t},,,,,0,00,99.99,,,,,,"),
                     sentence("GPGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99")] + gsv)


def write_log(path, phases):
    """phases: [(epochs, fix)] in order."""
    i, out = 0, b""
    for n, fix in phases:
        for _ in range(n):
            out += epoch(i, fix)
            i += 1
    with open(path, "wb") as f:
        f.write(out)


def gpsfake(log, port, d, once=True):
    """gpsfake on 127.0.0.1:port playing `log` (a sentence every 50 ms: 7-8 a second of
    the receiver's time, so a second of it plays in about 0.4 s)."""
    args = ["gpsfake", "-q", "-P", str(port), "-c", "0.05"] + (["-1"] if once else []) + [log]
    return subprocess.Popen(args, cwd=d, stdout=open(os.path.join(d, f"gpsfake-{port}.log"), "ab"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def stop(proc):
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL); proc.wait()


def wait_listening(port, timeout=15):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return True
        except OSError:
            time.sleep(0.1)
    return False


def main():
    if len(sys.argv) != 3:
        print(__doc__.split("Usage:")[1].strip(), file=sys.stderr)
        return 2
    harness.use(sys.argv[1], sys.argv[2])
    if not shutil.which("gpsfake") or not shutil.which("gpsd"):
        check(False, "gpsd and gpsfake are not installed (apt install gpsd gpsd-clients; scripts/e2e-headless.sh does)")
        return 1
    t_start = time.time()
    d = new_dir("gpsd")
    log = os.path.join(d, "drive.nmea")
    write_log(log, [(25, True), (25, False), (40, True)])
    port = free_port()
    text = open(os.path.join(ROOT, "dashboards/gps.toml")).read()
    text = re.sub(r'^server = ".*"$', f'server = "127.0.0.1:{port}"', text, flags=re.M)
    fake = gpsfake(log, port, d)
    p = None
    try:
        check(wait_listening(port), f"gpsfake's gpsd listens on 127.0.0.1:{port}")
        p = Panel("gps", text, d=d, board_name="gps.toml")
        where = f"gpsd 127.0.0.1:{port}"
        check(p.wait_for(f"{where}: connected", 20), f"{where}: connected (gpsd)")
        fix_png, nofix_png, none_png = render(p.board, FIX), render(p.board, NO_FIX), render(p.board, {})
        t = p.shows(fix_png, 20)
        check(t is not None, f"fix: screen equals `render speed={FIX['speed']:.4f} (5.8 kn) course=84.4 satellites=8 "
              f"altitude=545.4`" + (f" ({t:.1f} s)" if t is not None else " — not within 20 s"))
        t = p.shows(nofix_png, 20)
        check(t is not None, "fix lost: speed, course and altitude show no value, satellites 0"
              + (f" ({t:.1f} s after the fix was shown)" if t is not None else " — not within 20 s"))
        t = p.shows(fix_png, 20)
        check(t is not None, "fix back: the values again" + (f" ({t:.1f} s)" if t is not None else " — not within 20 s"))

        # gpsd killed (gpsfake's process group: gpsfake and its gpsd); then started again.
        stop(fake)
        lost = p.wait_for(f"{where}: lost", 10)
        t = p.shows(none_png, 10)
        check(lost and t is not None, f"gpsd gone: `lost` logged ({lost}), no values shown"
              + ("" if t is not None else " — the screen still shows some"))
        time.sleep(2)
        write_log(log, [(200, True)])
        t0 = time.monotonic()
        fake = gpsfake(log, port, d, once=False)
        listening = wait_listening(port)
        up = time.monotonic() - t0
        # The panel's part: connected again within 2 s of gpsd listening (its retries are a
        # second apart at most); the values then come with gpsd's first report of the fix,
        # which is gpsd's and gpsfake's pace, not the panel's.
        again = p.wait_for(f"{where}: connected again", 5)
        back = time.monotonic() - t0 - up
        t = p.shows(fix_png, 15)
        check(listening and again and back <= 2 and t is not None,
              f"gpsd started again: listening after {up:.1f} s, `connected again` {back:.2f} s after that (≤ 2 s), values on screen "
              + (f"{up + back + t:.1f} s after the start" if t is not None else "not within 15 s"))
        print(f"# gpsd restart: reconnected {back:.2f} s after gpsd listened; first values {back + t if t is not None else float('nan'):.2f} s after", flush=True)
        stats = p.stats()
        check(int(stats.get("dropped_lines", "-1")) == 0, f"gpsd's JSON all read: dropped_lines={stats.get('dropped_lines')}")
    finally:
        stop(fake)
        if p:
            p.stop()
    return checks.finish(f"{time.time() - t_start:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
