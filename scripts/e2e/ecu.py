#!/usr/bin/env python3
"""End-to-end, an engine computer's own firmware: Speeduino built for the ATmega2560 and
run in simavr (scripts/e2e/ecu/ecu_sim.c: its USART0 on a pty, battery input A4 at
1.5 V), read by `gaugepanel run` through dashboards/speeduino.toml's tunerstudio sensor
and the INI that came with that firmware.

  crc32     the panel probes, the firmware answers in the CRC32 framing; the screen equals
            `render --set` of the values the firmware itself reports (read here, before the
            panel opens the port, with a legacy `A`, decoded by this script's own table).
  reset     the ECU is powered off (the simulator ends, its pty goes) and on again: said
            once, the channels go stale, and the values are back on screen.
  legacy    the INI without `messageEnvelopeFormat` (an older Speeduino's): the panel asks
            in the legacy framing first and the same values are on screen.
  summary   the run summary counts the blocks read per second.

The firmware and its INI are not in this repository (nor how to build them): give them as
SPEEDUINO_ELF and SPEEDUINO_INI; without them every check is skipped.

Usage: ecu.py GAUGEPANEL WORKDIR      Prints ok:/FAIL: per check; exit 1 on a failure.
"""
import os, re, select, shutil, signal, subprocess, sys, termios, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import panel   # noqa: E402
from checks import Checks   # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PTY = "/tmp/simavr-uart0"
INPUTS = ["4=1500"]   # A4, the v0.2 layout's battery input: 1.5 V → 7.3 V after its divider
# The channels this test checks, by Speeduino's realtime block: (offset, bytes, signed, scale).
BLOCK = {"map": (4, 2, False, 1), "iatRaw": (6, 1, False, 1), "coolantRaw": (7, 1, False, 1),
         "battery": (9, 1, False, 0.1), "afr": (10, 1, False, 0.1), "rpm": (14, 2, False, 1),
         "advance": (24, 1, True, 1), "tps": (25, 1, False, 0.5)}
checks = Checks()
check = checks.check


def start_ecu(sim, elf):
    proc = subprocess.Popen([sim, elf, *INPUTS], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 10
    while time.time() < deadline and not os.path.exists(PTY):
        time.sleep(0.05)
    time.sleep(0.5)
    return proc


def stop_ecu(proc):
    """Power off: no goodbye (simavr's pty thread can hang in an orderly stop while a reader holds the pty)."""
    proc.kill()
    proc.wait(timeout=10)


def firmware_values():
    """The firmware's own answer to a legacy `A`, decoded by BLOCK (°C: Speeduino stores +40)."""
    fd = os.open(PTY, os.O_RDWR | os.O_NOCTTY)
    a = termios.tcgetattr(fd)
    a[0] = a[1] = a[3] = 0
    a[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
    termios.tcsetattr(fd, termios.TCSANOW, a)
    os.write(fd, b"A")
    block, deadline = b"", time.time() + 3
    while len(block) < 130 and time.time() < deadline:
        if select.select([fd], [], [], 0.1)[0]:
            block += os.read(fd, 256)
    os.close(fd)
    if len(block) < 130:
        return None
    v = {}
    for name, (offset, size, signed, scale) in BLOCK.items():
        v[name] = int.from_bytes(block[offset:offset + size], "little", signed=signed) * scale
    return {"rpm": v["rpm"], "map": v["map"], "afr": round(v["afr"], 1), "coolant": v["coolantRaw"] - 40,
            "iat": v["iatRaw"] - 40, "tps": v["tps"], "advance": v["advance"], "battery": round(v["battery"], 1)}


def board(work, ini, name):
    """dashboards/speeduino.toml with its closing tunerstudio sensor in place of the simulated one."""
    text = open(os.path.join(ROOT, "dashboards", "speeduino.toml")).read()
    head, rest = text.split("\n[[sensor]]\n", 1)
    pages = "[[page]]" + rest.split("[[page]]", 1)[1].split("# The ECU instead")[0]
    tail = text.split("# [[sensor]]", 1)[1]
    sensor = "[[sensor]]" + "\n".join(re.sub(r"^# ?", "", l) for l in tail.splitlines())
    sensor = re.sub(r'device = "[^"]*".*', f'device = "{PTY}"', sensor)
    sensor = re.sub(r'ini = "[^"]*"', f'ini = "{ini}"', sensor)
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(head + sensor + "\n\n" + pages)
    return path


def read_through(gp, work, sim, elf, ini, framing, name):
    ecu = start_ecu(sim, elf)
    p = None
    try:
        expected = firmware_values()
        check(expected is not None, f"{framing}: the firmware answers a legacy A with its 130-byte block")
        if expected is None:
            return ecu, None, None
        b = board(work, ini, name)
        p = panel.Panel(b, ["--display", "offscreen", "--no-animation"], snapshot=os.path.join(work, name + ".png"))
        check(p.wait_for(f"answers in the {framing} framing", 30), f"{framing}: the panel greets the ECU ({framing} framing)")
        png = panel.render(b, expected, out=os.path.join(work, name + "-expected.png"))
        _, ok, how = p.settle(png, timeout=15)
        check(ok, f"{framing}: the screen shows the firmware's values {expected} ({how})")
        return ecu, p, png
    except Exception:
        if p:
            p.stop()
        stop_ecu(ecu)
        raise


def main():
    gp, work = sys.argv[1], sys.argv[2]
    panel.GP = gp
    elf, ini = os.environ.get("SPEEDUINO_ELF"), os.environ.get("SPEEDUINO_INI")
    if not (elf and ini and os.path.exists(elf) and os.path.exists(ini)):
        print("skip: SPEEDUINO_ELF and SPEEDUINO_INI (the firmware and its INI) are not given")
        return 0
    os.makedirs(work, exist_ok=True)
    sim = os.path.join(work, "ecu_sim")
    subprocess.run(["cc", "-O2", "-I/usr/include/simavr", os.path.join(HERE, "ecu", "ecu_sim.c"),
                    "-lsimavrparts", "-lsimavr", "-lpthread", "-lutil", "-o", sim], check=True)
    ecu, p, png = read_through(gp, work, sim, elf, ini, "crc32", "speeduino-crc.toml")
    if p:
        stop_ecu(ecu)
        check(p.wait_for("stopped answering", 15) or p.wait_for("lost", 1), "reset: the ECU going away is said")
        ecu = start_ecu(sim, elf)
        t0 = time.monotonic()
        seconds = p.shows(png, 20, since=t0)
        check(seconds is not None, f"reset: the values are back on screen {seconds and round(seconds, 1)} s after the ECU is on again")
        status = p.stop()
        if seconds is None or status != 0:
            print("\n".join("   " + l for l in p.lines[-25:]))
        summary = p.summary()[1]
        check(status == 0 and "blocks/s" in summary, f"summary: {summary[:300]}")
    stop_ecu(ecu)
    legacy_ini = os.path.join(work, "speeduino-legacy.ini")
    with open(ini, "rb") as src, open(legacy_ini, "wb") as dst:
        dst.write(re.sub(rb"(?m)^\s*messageEnvelopeFormat.*$", b"", src.read()))
    ecu, p, _ = read_through(gp, work, sim, elf, legacy_ini, "legacy", "speeduino-legacy.toml")
    if p:
        p.stop()
    stop_ecu(ecu)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
