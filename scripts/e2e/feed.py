#!/usr/bin/env python3
"""End-to-end: the homelab boards' host feed as the installer sets it up.

scripts/install-service.sh --destdir stages boards/pi-hdmi.toml (a board that reads
/dev/shm/gaugepanel-host); its gaugepanel-feed.service must be staged, wanted by
gaugepanel.service, with the feed script beside it. The unit's own ExecStart line (socat
and the staged boards/homelab-feed.sh, with the link moved into WORKDIR so that nothing
outside it is touched) is then run for real, and `gaugepanel run` of the staged board
(offscreen) must read every name the feed sends: samples, none unread, none dropped.

Usage: feed.py GAUGEPANEL WORKDIR     (prints "N passed, N failed"; exit 0/1)
"""
import os, re, shlex, shutil, signal, subprocess, sys, time

gp, work = sys.argv[1], os.path.abspath(sys.argv[2])
root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(root, "scripts", "lib"))
from checks import Checks   # the scripts' one pass/fail convention
checks = Checks()
check = checks.check

LINK = "/dev/shm/gaugepanel-host"
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
stage = os.path.join(work, "stage")
inst = subprocess.run(["bash", os.path.join(root, "scripts/install-service.sh"), "--board", os.path.join(root, "boards/pi-hdmi.toml"),
                       "--binary", gp, "--prefix", "/usr", "--destdir", stage], capture_output=True, text=True)
check(inst.returncode == 0, f"install-service.sh --destdir with boards/pi-hdmi.toml: exit {inst.returncode} {inst.stderr.strip()[:200]}")
units = os.path.join(stage, "etc/systemd/system")
unit_path = os.path.join(units, "gaugepanel-feed.service")
unit = open(unit_path).read() if os.path.exists(unit_path) else ""
wants = os.path.join(units, "gaugepanel.service.wants/gaugepanel-feed.service")
script = os.path.join(stage, "usr/lib/gaugepanel/homelab-feed.sh")
check(bool(unit) and os.path.islink(wants) and os.readlink(wants) == "/etc/systemd/system/gaugepanel-feed.service"
      and os.access(script, os.X_OK) and "User=gaugepanel" in unit,
      "staged: gaugepanel-feed.service (User=gaugepanel), wanted by gaugepanel.service, and /usr/lib/gaugepanel/homelab-feed.sh")
m = re.search(r"^ExecStart=(.*)$", unit, re.M)
check(bool(m) and f"link={LINK}" in m.group(1) and "EXEC:/usr/lib/gaugepanel/homelab-feed.sh" in m.group(1),
      f"the feed unit's ExecStart makes {LINK} and runs the installed script: {m.group(1) if m else '(none)'}")
if not shutil.which("socat"):
    check(False, "socat is not installed (scripts/test.sh installs it): the feed cannot run")
    sys.exit(checks.finish())

# The unit's command as it is, but for where the link and the script lie.
link = os.path.join(work, "gaugepanel-host")
argv = [a.replace(LINK, link).replace("EXEC:/usr/lib/gaugepanel/", "EXEC:" + os.path.dirname(script) + "/")
        for a in shlex.split(m.group(1))]
argv = [a.replace("homelab-feed.sh", "homelab-feed.sh 0.5") if a.startswith("EXEC:") else a for a in argv]
feed = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
board = os.path.join(work, "pi-hdmi-offscreen.toml")
text = open(os.path.join(stage, "etc/gaugepanel/board.toml")).read().replace(f'"{LINK}"', f'"{link}"')
text = re.sub(r'^output = "drm"$', 'output = "offscreen"', text, flags=re.M)
text = re.sub(r'^mode = .*$', '', text, flags=re.M)
open(board, "w").write(text)
try:
    for _ in range(50):
        if os.path.exists(link): break
        time.sleep(0.1)
    check(os.path.exists(link), f"socat made the link ({' '.join(argv)[:160]})")
    run = subprocess.Popen([gp, "run", "--board", board, "--no-animation"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    time.sleep(4)
    run.send_signal(signal.SIGTERM)
    out, _ = run.communicate(timeout=10)
finally:
    feed.terminate(); feed.wait(timeout=5)
summary = [l for l in out.splitlines() if l.startswith("@@SUMMARY")]
fields = dict(kv.split("=", 1) for kv in summary[-1].split()[1:] if "=" in kv) if summary else {}
samples = int(fields.get("samples", "0"))
check(run.returncode == 0 and samples >= 8 and fields.get("unread_samples") == "0" and fields.get("dropped_lines") == "0",
      f"gaugepanel run of the staged board read the feed through socat: exit {run.returncode}, samples={samples} "
      f"(load, load5, memory, disk every 0.5 s), unread_samples={fields.get('unread_samples')}, dropped_lines={fields.get('dropped_lines')}")
sys.exit(checks.finish())
