"""The line protocol's rounds: the values in every valid form, and one garbled line a
round that the panel must drop and count."""

from nmea0183 import sentence


def line_rounds(pairs):
    """The line protocol: `pairs` [(name, value text)] every round in a different but
    valid form, and one garbled line per round (rotating through four kinds)."""
    text_sp = " ".join(f"{n}={v}" for n, v in pairs)
    text_comma = ",".join(f"{n}={v}" for n, v in pairs)
    text_tab = "\t".join(f"{n}={v}" for n, v in pairs)
    half = max(1, len(pairs) // 2)
    first, rest = pairs[:half], pairs[half:]
    name0 = pairs[0][0]
    garbage = [
        b"garbage line ###\n",                                      # a pair without '='
        sentence(f"{name0}=9999", start="", end="\n", wrong=True),  # wrong checksum
        b"\x00\xff\x13\x80\xfe=\x01\x9c\n",                          # binary noise
        (" ".join([f"{name0}=1"] * 60) + "\n").encode(),            # overlong (> 256 bytes)
    ]
    def make(i):
        form = i % 4
        if form == 0: good = text_sp + "\n"
        elif form == 1: good = text_comma + "\r\n"
        elif form == 2: good = sentence(text_tab, start="", end="\n").decode()
        else:
            good = " ".join(f"{n}={v}" for n, v in first) + "\n"
            if rest: good += "\n" + " ".join(f"{n}={v}" for n, v in rest) + "\r\n"   # a blank line between
        return good.encode() + garbage[i % 4], 1
    return make
