#!/usr/bin/env python3
"""End-to-end, every example: each board in boards/ and each dashboard in dashboards/
runs under `gaugepanel run --display offscreen --no-animation`, fed on its own protocol;
its screen (a SIGUSR1 snapshot) must equal `gaugepanel render --set` of the values sent,
on every page.

The test runs a copy of each file, rewritten as text: a serial `device` becomes a
symlink to a pty the test drives, a sysfs sensor gets `root` = a fake sysfs tree in the
work directory. Per file:

  dashboards/boat.toml, boards/spi-35.toml  NMEA 0183 (DBT, DPT, MWV R and T, VHW, HDG,
      RMC, MTW, VLW with computed checksums; GSV, AIVDM and a proprietary sentence that
      are read and ignored) mixed with garbage: a wrong checksum, a sentence cut off by
      the next `$`, binary noise between sentences and inside one, an overlong sentence,
      MWV with status V. Screen: depth 8.4 m, apparent wind -35° (sent as 325° R) at
      14.2 kn, 6.1 kn through the water, heading 274 °M (HDG 271.5 + 2.5 E deviation);
      spi-35 also SOG 5.8 kn, COG 84.4°, water 17.5 °C. The summary's dropped_lines must
      equal the garbage sent, and its unread_samples exactly the decoded values no
      channel reads (true wind, position, log, true heading, and DPT's `depth` = 8.9 below
      the surface, which must not reach boat.toml's `depth` channel: that one reads
      `depth.below.transducer` through `source`).
  dashboards/boat-signalk.toml  kind = "signalk" on a Signal K server on loopback
      (scripts/e2e/signalk.py's): the same values as boat.toml, sent in SI units (8.4 m,
      -0.611 rad, 7.305 m/s, 3.138 m/s, 4.782 rad) to the paths it subscribes to.
  dashboards/gps.toml  kind = "gpsd" on a fake gpsd (a loopback TCP server sending
      VERSION, a TPV with a 3D fix and a SKY report every 0.2 s): 2.984 m/s shown as knots,
      course 84.4°, 8 satellites, 545.4 m (the real gpsd runs in scripts/e2e/gpsd.py).
  dashboards/car.toml  as its closing comment says for a real car: the simulated sensor
      removed, the commented ELM327 sensor uncommented as written (its channels read the
      OBD-II names through `source`), on a fake ELM327 clone (see FakeELM327): rpm 1726
      (1A F8), 88 km/h, coolant 92 °C, fuel 50.196 % (0x80 × 100 / 255), 13.836 V.
  boards/pi-touch-7.toml, boards/pi-touch-2.toml  ELM327 (their protocol), the same fake
      adapter: 3200 rpm, 88 km/h, 92 °C, fuel 60 %, 14.1 V, throttle 20 %, load 40 %,
      intake 25 °C, air flow 15 g/s (pi-touch-7's fuel flow 4.9 L/h and economy 5.6 L/100 km,
      worked out by render from the same --set values); manifold pressure answers NO DATA,
      so its gauges show "--".
      For every ELM327 case dropped_lines must equal the noisy answers sent.
  dashboards/car-can.toml, boards/pi-can-hat.toml  CAN through dashboards/car-ecu.dbc: the
      host has no SocketCAN, so the bus is a `candump -l` log of the ECU's three messages
      played back with the same protocol and DBC (kind = "replay", format = "candump"); the
      real interface runs in the kernel harness (scripts/vm-test.sh, machine 'can').
  dashboards/homelab.toml  sysfs (thermal zone x86_pkg_temp, hwmon nct6775 temp1 and
      fan2, power_supply BAT0 capacity) from a fake tree with decoy devices; its simulated
      `load` (noise: it cannot be matched by render) becomes a line-protocol serial sensor,
      as the file's comment suggests ("load=0.42").
  boards/pi-hdmi.toml, boards/pitft-28.toml  sysfs (cpu-thermal, pwmfan fan1) plus the
      host figures as their homelab feed sends them (load, load5, memory, disk): pi-hdmi
      over MQTT (a mosquitto on a free loopback port in place of localhost:1883, each
      value on homelab/pi/<name> with one garbled message a round on homelab/pi/load,
      which must be dropped and counted), pitft-28 as line-protocol UDP datagrams (a
      round each) to its udp sensor's port.
  boards/hyperpixel4.toml, boards/qemu.toml  the line protocol (the values in each
      file's comment).
  Every line-protocol feed sends its values in all the valid forms (spaces, commas, tabs,
      CR LF, a checksum, split over two lines with a blank one between) and one garbled
      line a round (no `=`, a wrong checksum, binary noise, an overlong line): the
      summary's dropped_lines must equal the garbled lines sent, unread_samples be 0.
  boards/headless.toml, dashboards/gallery-128/320x240/800x480.toml, reference.toml,
  reference-text.toml  only simulated sensors: NOT skipped; the copy turns the simulated
      sensor into a line-protocol serial sensor (waveform keys removed) and feeds it
      (the galleries their step values, the reference scenes their reference values).
      The headless copy also gives `battery` a `scale = 0.001` (sent in mV), so a scaled
      channel is covered: --set takes the channel's final value.

A chart, and a readout of a counter, show the history of the run so far (readings over
time, the distance covered), which `render --set` cannot know: the copy turns each into a
label of the same id and frame (charts are compared with `render --time` of a recording in
scripts/e2e/charts.py, counters in scripts/e2e/counters.py), and keeps the state the
service would write in /var/lib/gaugepanel in its work directory.

Values are sent repeatedly and unchanged, so `median` and `smoothing` settle exactly;
the first snapshot waits until each has been sent twice (each PID answered once). No
evdev device is opened (--input-directory is an empty folder).
Pages after the first are checked by reloading (SIGHUP) a copy with that page moved
first (the panel keeps its channels and shows page 0); the feeds pause around a reload so
that no byte is flushed away and the dropped counts stay exact.

The parts live in scripts/e2e/boardcases/ (the fake protocol feeders, the panel harness,
the cases and their runs); this file is the entry point.

Usage: boards.py GAUGEPANEL WORKDIR     (prints "N passed, N failed"; exit 0/1)
"""
import os, sys, time
from concurrent.futures import ThreadPoolExecutor

gp, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.makedirs(work, exist_ok=True)
# The boardcases package sits next to this file, and scripts/lib holds checks.py (the
# scripts' one pass/fail convention, imported by boardcases.report): both explicitly on
# the path, whatever the working directory.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from boardcases import report, settings
settings.gp, settings.work, settings.repo = gp, work, repo   # read as settings.gp etc.
from boardcases.cases import CASES
from boardcases.report import Report
from boardcases.runner import run_case
WORKERS = 3                      # cases run side by side (they mostly wait)

def main():
    t0 = time.monotonic()
    missing = sorted(set(f"{d}/{f}" for d in ("boards", "dashboards") for f in os.listdir(os.path.join(repo, d))
                         if f.endswith(".toml")) - {c.source for c in CASES})
    top = Report("coverage")
    top.check(not missing, "every board and dashboard has a case"
              + ("" if not missing else ": missing " + ", ".join(missing)))
    top.flush()
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        for rep in pool.map(lambda c: run_case(c).flush() or None, CASES): pass
    print(f"boards.py took {time.monotonic() - t0:.1f} s")
    sys.exit(report.checks.finish())

if __name__ == "__main__":
    main()
