"""Custom cases for simulated channels' waveform keys: the value a waveform has at a time,
computed here as gaugepanel does, and shown by the run."""
import json, math, time

from .base_boards import value_board
from .harness import run_and_settle, same

# ── simulated waveforms: the value is a function of CLOCK_MONOTONIC, computed here ──
M64 = (1 << 64) - 1
GOLD = 0x9E3779B97F4A7C15


def mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def sin2pi(x):
    t = x - math.floor(x); sign = 1.0
    if t >= 0.5:
        t -= 0.5; sign = -1
    if t > 0.25:
        t = 0.5 - t
    a = 2 * math.pi * t; a2 = a * a; term = a; s = a; n = 1.0
    for _ in range(10):
        term *= -a2 / ((n + 1) * (n + 2)); s += term; n += 2
    return sign * s


def wave_value(ch, t):
    """Waveform.value(at:) of Sources/GaugeSensors/Sources/SimulatedSource.swift."""
    sec = lambda k, d: int((ch.get(k, d)) * 1e9)
    w = ch["waveform"]
    if w == "sine":
        p = sec("period", 10)
        return ch.get("centre", 0) + ch.get("amplitude", 0) * sin2pi((t % p) / p)
    if w == "ramp":
        p = sec("period", 10); f, to = ch.get("from", 0), ch.get("to", 1)
        return f + (to - f) * (t % p) / p
    if w == "noise":
        i = sec("interval", 1); slot = t // i
        r = mix((ch.get("seed", 1) ^ ((slot * GOLD) & M64)) + GOLD & M64)
        return ch.get("centre", 0) + ch.get("amplitude", 0) * ((r >> 11) / float(1 << 53) * 2 - 1)
    values = ch["values"]; h = sec("hold", 5)
    return values[(t // h) % len(values)]


def now_ns():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def period_at(frac, ahead=1.5):
    """A period (≤ 86400 s) at whose fraction `frac` the clock will be in `ahead` s."""
    T = now_ns() / 1e9 + ahead
    k = max(0, math.ceil(T / 86400 - frac))
    return T / (k + frac)


def wave(base_ch, changed_ch, decimals=0):
    """Channel a's waveform as base_ch / changed_ch (dicts, or functions returning one,
    made just before the run): each run shows the value computed here for its time."""
    def case(key):
        out, snaps = [], []
        for label, mk in (("as is", base_ch), ("changed", changed_ch)):
            ch = {"name": "a", **(mk() if callable(mk) else mk)}
            b = value_board({"kind": "simulated", "channel": [ch]}, decimals=decimals, dial=False)
            s, ok, how = run_and_settle(f"{key}-{label}", b, expect="render",
                                        sets=lambda ch=ch: {"a": float(wave_value(ch, now_ns()))})
            shown = wave_value(ch, now_ns())
            out.append((ok, f"{label} {json.dumps(ch)}: shows {shown:.{decimals}f} ({how})"))
            snaps.append(s)
        if all(snaps):
            out.append((not same(snaps[0], snaps[1])[0], "the pictures differ"))
        return out
    return case
