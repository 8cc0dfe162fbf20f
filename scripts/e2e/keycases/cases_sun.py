"""The sun's elevation (`kind = "computed"` with `sun`, `latitude`, `longitude`): a readout
shows it to whole degrees at a place chosen for the wall clock now, so that the value
sits within a tenth of a degree of a whole number (far from rounding either way while the
run lasts); the run's screen must equal `gaugepanel render --set` of that whole number,
worked out here with the Astronomical Almanac's formulas in floating point. Coordinates
from channels come from a replay recording; a trigger on the elevation turns the night
theme on where the sun is down."""
import math
import os
import time

from .base_boards import display
from .harness import Panel, new_dir, render


def elevation(lat, lon, t):
    """The sun's elevation in degrees at unix time t (the panel's formulas, in floats)."""
    d = t / 86400 - 10957.5
    g = math.radians(357.529 + 0.98560028 * d)
    q = 280.459 + 0.98564736 * d
    ecl = math.radians(q + 1.915 * math.sin(g) + 0.020 * math.sin(2 * g))
    e = math.radians(23.439 - 0.00000036 * d)
    ra = math.degrees(math.atan2(math.cos(e) * math.sin(ecl), math.cos(ecl)))
    dec = math.asin(math.sin(e) * math.sin(ecl))
    h = math.radians(280.46061837 + 360.98564736629 * d + lon - ra)
    p = math.radians(lat)
    return math.degrees(math.asin(math.sin(p) * math.sin(dec) + math.cos(p) * math.cos(dec) * math.cos(h)))


def place(low, high, lon=0.0, at=None):
    """(latitude, whole-degree elevation): a latitude where the sun stands between low and
    high degrees a few seconds from now, within 0.1° of a whole number."""
    t = (at or time.time()) + 4
    for lon_step in range(0, 360, 15):
        for i in range(-1200, 1201):
            lat = round(i * 0.05, 2)
            east = (lon + lon_step + 180) % 360 - 180  # the panel takes -180…180
            e = elevation(lat, east, t)
            if low <= e <= high and abs(e - round(e)) < 0.1:
                return lat, east, round(e)
    raise RuntimeError("no place found")


def sun_board(lat, lon, extra_channels=(), triggers=None):
    b = {"display": display(), "fonts": {"family": "builtin"},
         "sensor": [{"kind": "computed", "channel": [
             {"name": "sun", "unit": "deg", "sun": "elevation", "latitude": lat, "longitude": lon}]}],
         "page": [{"name": "main", "widget": [
             {"id": "o", "type": "readout", "channel": "sun", "frame": [0, 40, 320, 100],
              "format": {"decimals": 0}, "value_size": 48}]}]}
    if extra_channels:
        b["sensor"].insert(0, {"kind": "replay", "file": "place.rec", "loop": False,
                               "channel": [{"name": n, "unit": "deg"} for n, _ in extra_channels]})
    if triggers:
        b["trigger"] = triggers
    return b


def shows(name, board, expected, recording=None, extra=()):
    d = new_dir(name)
    if recording:
        open(os.path.join(d, "place.rec"), "w").write(recording)
    p = Panel(name, board, d=d)
    try:
        if not p.started():
            return False, "did not start: " + p.log()[-300:]
        _, ok, how = p.settle(lambda: render(p.board, {"sun": expected}, extra=extra), timeout=8, confirm=True)
        return ok, how
    finally:
        p.stop()


def case_sun(key):
    lat, lon, e = place(5, 60)
    ok, how = shows(key, sun_board(lat, lon), e)
    return [(ok, f'sun = "elevation" at {lat:.2f}°, {lon:.0f}°: the readout shows {e}° ({how})')]


def case_latitude(key):
    lat, lon, e = place(-60, -5, lon=90)
    rec = f"# gaugepanel recording\n0 lat={lat}\n"
    ok, how = shows(key, sun_board("lat", lon, extra_channels=[("lat", lat)]), e, recording=rec)
    out = [(ok, f'latitude = "lat", a channel reading {lat:.2f}: the sun below the horizon there, {e}° ({how})')]
    # A trigger on the elevation: the night theme where the sun is down.
    triggers = [{"channel": "sun", "below": -0.833, "theme": "night"}]
    ok, how = shows(key + "-night", sun_board(lat, lon, triggers=triggers), e, extra=["--theme", "night"])
    out.append((ok, f"a trigger below -0.833 (sunset) brings the night theme ({how})"))
    return out


def case_longitude(key):
    lat, lon, e = place(10, 80, lon=200)
    rec = f"# gaugepanel recording\n0 lon={lon}\n"
    ok, how = shows(key, sun_board(lat, "lon", extra_channels=[("lon", lon)]), e, recording=rec)
    return [(ok, f'longitude = "lon", a channel reading {lon:.0f}: {e}° ({how})')]
