"""Every board's and dashboard's case: its feeds and the values its screen must show
(boards.py's docstring says what each one covers)."""
import math, re

from .elm327 import num, obd_value
from .runner import Case
from .tomltext import join, sections

# ─── boat instruments (NMEA 0183) ───
AWA_ON_SCREEN = "-35"      # MWV 325.0,R: 35° on the port side; boat.toml's dial spans -180…180
# Decoded but read by no channel, a round: boat — DPT depth, MWV T angle and speed, HDG
# true heading, RMC SOG/COG/latitude/longitude/variation, MTW, VLW total and trip (12);
# spi-35 reads SOG, COG and the water temperature itself (9).

boat = Case("boat", "dashboards/boat.toml",
            lines=[("/dev/ttyUSB0", "nmea", None)], unread_per_round=12,
            sets={"depth": "8.4", "wind.angle": AWA_ON_SCREEN, "wind.speed": "14.2",
                  "speed": "6.1", "heading": "274"})
spi35 = Case("spi-35", "boards/spi-35.toml",
             lines=[("/dev/serial0", "nmea", None)], unread_per_round=9,
             sets={"depth.below.transducer": "8.4", "speed.water": "6.1", "speed.ground": "5.8",
                   "course.ground": "84.4", "heading.magnetic": "274", "wind.speed.apparent": "14.2",
                   "wind.angle.apparent": AWA_ON_SCREEN, "water.temperature": "17.5"})

# ─── boat instruments from a Signal K server (SI values; the channels convert) ───
boat_signalk = Case("boat-signalk", "dashboards/boat-signalk.toml",
                    signalk={"environment.depth.belowTransducer": 8.4,
                             "environment.wind.angleApparent": math.radians(-35),
                             "environment.wind.speedApparent": 14.2 * 1852 / 3600,
                             "navigation.speedThroughWater": 6.1 * 1852 / 3600,
                             "navigation.headingMagnetic": math.radians(274)},
                    sets={"depth": "8.4", "wind.angle": AWA_ON_SCREEN, "wind.speed": "14.2",
                          "speed": "6.1", "heading": "274"})

# ─── cars (ELM327 OBD-II) ───
def car_from_comment(text):
    """car.toml as its closing comment says to make it for a real car: the simulated
    sensor removed and the commented ELM327 sensor uncommented (as written: its channels
    keep the page's names and read the OBD-II ones through `source`)."""
    secs = sections(text)
    first = next(i for i, (n, _) in enumerate(secs) if n == "sensor")
    end = next(i for i, (n, _) in enumerate(secs) if n == "page")
    lines = (join(secs[:first]) + join(secs[end:])).splitlines()
    at = next(i for i, l in enumerate(lines) if l.strip() == "# [[sensor]]")
    return "\n".join(lines[:at] + [re.sub(r"^# ?", "", l) for l in lines[at:]]) + "\n"

CAR_ADAPTER = {0x0C: ([0x1A, 0xF8], "header"), 0x0D: ([0x58], "tight"), 0x05: ([0x84], "spaced"),
               0x2F: ([0x80], "lower"), 0x42: ([0x36, 0x0C], "tight-header"),
               0x11: ([0x33], "spaced"), 0x04: ([0x66], "spaced"), 0x0F: ([0x41], "spaced")}
PI_ADAPTER = {0x0C: ([0x32, 0x00], "header"), 0x0D: ([0x58], "tight"), 0x05: ([0x84], "spaced"),
              0x2F: ([0x99], "lower"), 0x42: ([0x37, 0x14], "tight-header"),
              0x11: ([0x33], "spaced"), 0x04: ([0x66], "header"), 0x0F: ([0x41], "tight"),
              0x10: ([0x05, 0xDC], "spaced")}
# 0x0B (manifold pressure) is not in either table: the adapter answers NO DATA.
OBD_CHANNELS = {0x04: "engine.load", 0x05: "engine.coolant.temperature", 0x0B: "engine.intake.pressure",
                0x0C: "engine.rpm", 0x0D: "vehicle.speed", 0x0F: "engine.intake.temperature",
                0x10: "engine.maf", 0x11: "engine.throttle", 0x2F: "fuel.level", 0x42: "vehicle.voltage"}

def obd_sets(adapter, names=None):
    out = {}
    for pid, (data, _) in adapter.items():
        ch = OBD_CHANNELS[pid]
        if names is not None:
            if ch not in names: continue
            ch = names[ch]
        out[ch] = num(obd_value(pid, data))
    return out

car = Case("car", "dashboards/car.toml", prepare=car_from_comment,
           lines=[("*", "elm327", CAR_ADAPTER)],      # whichever device the comment names
           sets=obd_sets(CAR_ADAPTER, {"engine.rpm": "rpm", "vehicle.speed": "speed",
                                       "engine.coolant.temperature": "coolant", "fuel.level": "fuel",
                                       "vehicle.voltage": "battery"}))
touch7 = Case("pi-touch-7", "boards/pi-touch-7.toml", lines=[("/dev/ttyUSB0", "elm327", PI_ADAPTER)],
              sets=obd_sets(PI_ADAPTER))
touch2 = Case("pi-touch-2", "boards/pi-touch-2.toml", lines=[("/dev/rfcomm0", "elm327", PI_ADAPTER)],
              sets=obd_sets({pid: a for pid, a in PI_ADAPTER.items() if pid != 0x10}))   # it reads no air flow

# ─── homelab (sysfs, and the line protocol for what sysfs lacks) ───
homelab = Case("homelab", "dashboards/homelab.toml",
               simulated=("the simulated `load` (noise: render cannot match it) is fed over the "
                          "line protocol instead, as the comment at the top suggests", "line"),
               lines=[(None, "line", [("load", "0.42")])],
               sysfs={"class/thermal/thermal_zone0/type": "acpitz",
                      "class/thermal/thermal_zone0/temp": "27800",
                      "class/thermal/thermal_zone1/type": "x86_pkg_temp",
                      "class/thermal/thermal_zone1/temp": "61500",
                      "class/hwmon/hwmon0/name": "acpitz",
                      "class/hwmon/hwmon0/temp1_input": "27800",
                      "class/hwmon/hwmon1/name": "coretemp",
                      "class/hwmon/hwmon1/temp1_input": "61000",
                      "class/hwmon/hwmon3/name": "nct6775",
                      "class/hwmon/hwmon3/temp1_input": "38000",
                      "class/hwmon/hwmon3/fan1_input": "0",
                      "class/hwmon/hwmon3/fan2_input": "1180",
                      "class/power_supply/AC/online": "1",
                      "class/power_supply/BAT0/capacity": "87",
                      "class/power_supply/BAT0/status": "Discharging"},
               sets={"cpu.temperature": "61.5", "board.temperature": "38", "fan": "1180", "ups": "87",
                     "load": "0.42"})
PI_SYSFS = {"class/thermal/thermal_zone0/type": "cpu-thermal",
            "class/hwmon/hwmon0/name": "cpu_thermal",
            "class/hwmon/hwmon0/temp1_input": "51000",
            "class/hwmon/hwmon1/name": "rpi_volt",
            "class/hwmon/hwmon1/in0_lcrit_alarm": "0",
            "class/hwmon/hwmon2/name": "pwmfan",
            "class/hwmon/hwmon2/fan1_input": "2900"}
pihdmi = Case("pi-hdmi", "boards/pi-hdmi.toml",
              lines=[("localhost:1883", "mqtt",      # what homelab-feed.sh mqtt:// publishes
                      [("homelab/pi/load", "0.8"), ("homelab/pi/load5", "0.65"), ("homelab/pi/memory", "41.3"),
                       ("homelab/pi/disk", "63")])],
              sysfs=dict(PI_SYSFS, **{"class/thermal/thermal_zone0/temp": "52312"}),
              sets={"cpu.temperature": "52.312", "fan": "2900", "load": "0.8", "load5": "0.65",
                    "memory": "41.3", "disk": "63"})
pitft = Case("pitft-28", "boards/pitft-28.toml",
             lines=[("127.0.0.1:4711", "line", [("load", "0.4"), ("memory", "37"), ("disk", "58")])],
             sysfs=dict(PI_SYSFS, **{"class/thermal/thermal_zone0/temp": "48123"}),
             sets={"cpu.temperature": "48.123", "load": "0.4", "memory": "37", "disk": "58"})

# ─── gpsd (a fake one on loopback: its JSON reports after ?WATCH; the real daemon runs
# in scripts/e2e/gpsd.py) ───
gps = Case("gps", "dashboards/gps.toml",
           gpsd=['{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}',
                 '{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2024-05-01T12:00:00.000Z","lat":48.1173,'
                 '"lon":11.516666667,"altHAE":592.3,"altMSL":545.4,"track":84.4,"speed":2.984,"climb":0.0}',
                 '{"class":"SKY","device":"/dev/ttyACM0","nSat":10,"uSat":8,"hdop":0.9}'],
           sets={"speed": repr(2.984 / (1852 / 3600)), "course": "84.4", "satellites": "8", "altitude": "545.4"})

# ─── the line protocol ───
def line_case(name, source, device, pairs, **kw):
    return Case(name, source, lines=[(device, "line", pairs)], sets=dict(pairs), **kw)

hyper = line_case("hyperpixel4", "boards/hyperpixel4.toml", "/dev/ttyACM0",
                  [("rpm", "3150"), ("boost", "0.42"), ("oil.pressure", "3.8"), ("oil.temperature", "96"),
                   ("coolant", "88"), ("battery", "14.1")])
qemu = line_case("qemu", "boards/qemu.toml", "/dev/ttyS1",
                 [("rpm", "3200"), ("speed", "88"), ("coolant", "92"), ("fuel", "41")])

SIM_TO_LINE = ("only simulated signals: the simulated sensor becomes a line-protocol serial "
               "sensor that the test feeds", "line")
headless = Case("headless", "boards/headless.toml", simulated=SIM_TO_LINE,
                lines=[(None, "line", [("rpm", "3400"), ("speed", "96"), ("coolant", "91"),
                                       ("fuel", "64.5"), ("battery", "13712")])],
                channel_extra={"battery": ["  # e2e: sent in millivolts", "  scale = 0.001"]},
                sets={"rpm": "3400", "speed": "96", "coolant": "91", "fuel": "64.5",
                      "battery": repr(13712 * 0.001)})
GALLERY = [("rpm", "3000"), ("percent", "64"), ("temperature", "72"), ("tank", "13"), ("voltage", "12.6"),
           ("stars", "3.5")]
REFERENCE = [("rpm", "3000"), ("speed", "90"), ("battery", "0.55"), ("level", "13")]
galleries = [line_case(n, f"dashboards/{n}.toml", None, GALLERY, simulated=SIM_TO_LINE)
             for n in ("gallery-128", "gallery-320x240", "gallery-800x480")]
references = [line_case(n, f"dashboards/{n}.toml", None, REFERENCE, simulated=SIM_TO_LINE)
              for n in ("reference", "reference-text")]

# ─── cars on CAN (an ECU's broadcast through dashboards/car-ecu.dbc, replayed from candump) ───
# ENGINE 0x5E8 RPM 3000, TPS 23 % (0.5 %), MAP 98.5 kPa (0.1 kPa); TEMPS 0x5E9 COOLANT 90 °C
# and IAT 31 °C (raw − 40), OIL_PRESSURE 350 kPa (0.1 kPa; the channels show bar), BATTERY
# 13.8 V (mV); VEHICLE 0x5EA SPEED 88 km/h (0.01), FUEL_LEVEL 41 % (0.5 %).
ECU_FRAMES = ["5E8#B80B2ED903000000", "5E9#8247AC0DE8350000", "5EA#6022520000000000"]
ECU_SETS = {"rpm": "3000", "speed": "88", "coolant": "90", "fuel": "41", "oil": "3.5", "battery": "13.8"}
carcan = Case("car-can", "dashboards/car-can.toml", can_frames=ECU_FRAMES, sets=ECU_SETS)
canhat = Case("pi-can-hat", "boards/pi-can-hat.toml", can_frames=ECU_FRAMES,
              sets=dict(ECU_SETS, throttle="23", manifold="98.5", intake="31"))

# ─── an engine computer (its own firmware, in simavr, is read in scripts/e2e/ecu.py) ───
speeduino = line_case("speeduino", "dashboards/speeduino.toml", None,
                      [("rpm", "3200"), ("map", "95"), ("afr", "14.1"), ("coolant", "90"), ("iat", "31"),
                       ("tps", "22.5"), ("advance", "18"), ("battery", "13.8")], simulated=SIM_TO_LINE)

CASES = [galleries[0], boat, boat_signalk, gps, spi35, car, touch7, touch2, homelab, pihdmi, pitft, hyper, qemu, headless,
         galleries[1], galleries[2], carcan, canhat, speeduino] + references
