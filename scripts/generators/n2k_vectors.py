#!/usr/bin/env python3
"""Writes Tests/GaugeCANTests/Vectors/nmea2000.txt: NMEA 2000 messages canboat's analyzer decodes.

For each PGN GaugeCAN decodes, seeded random field values (with "not available" values
mixed in) are packed by the field layouts below, and canboat's analyzer (built from its
sources) decodes the frames in SI units. Each line is `<pgn> <message hex> <analyzer's JSON
fields>`; GaugeCAN's tests decode the same bytes and compare with canboat's values. The
output is committed; the Swift tests need neither Python nor canboat.

  python3 scripts/generators/n2k_vectors.py           regenerate
  python3 scripts/generators/n2k_vectors.py --check   regenerate to a temporary file; fail if it differs
canboat: $CANBOAT_SRC (a checkout with analyzer/ and common/), else a clone of
https://github.com/canboat/canboat at the commit below, built with cc.
"""
import json, os, pathlib, random, struct, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/GaugeCANTests/Vectors/nmea2000.txt"
CANBOAT_COMMIT = "01d0dc3dd24328c05cbeee384c477d36ea8066f6"
MESSAGES_PER_PGN = 24
FAST_PACKET = {127489}


def field(rng, kind, low, high):
    """(struct format, value): a value in [low, high], or the field's not-available one."""
    na = {"B": 0xFF, "H": 0xFFFF, "I": 0xFFFFFFFF, "b": 0x7F, "h": 0x7FFF, "i": 0x7FFFFFFF}[kind]
    return kind, na if rng.random() < 0.2 else rng.randint(low, high)


def pack(fields):
    return b"".join(struct.pack("<" + k, v) if k != "U3" else v.to_bytes(3, "little") for k, v in fields)


def layouts(rng):
    """PGN → one random message, by canboat's field order, sizes and ranges."""
    sid = ("B", rng.randint(0, 250))
    inst = ("B", rng.randint(0, 3))
    temp24 = ("U3", 0xFFFFFF if rng.random() < 0.2 else rng.randint(200_000, 400_000))
    return {
        128267: [sid, field(rng, "I", 0, 500_000), field(rng, "h", -5000, 5000), ("B", 0xFF)],
        128259: [sid, field(rng, "H", 0, 3000), field(rng, "H", 0, 3000), ("B", 0), ("B", 0xFF), ("B", 0xFF)],
        127250: [sid, field(rng, "H", 0, 62831), field(rng, "h", -3000, 3000), field(rng, "h", -3000, 3000),
                 ("B", 0xFC | rng.randint(0, 1))],
        130306: [sid, field(rng, "H", 0, 6000), field(rng, "H", 0, 62831), ("B", 0xF8 | rng.randint(0, 4)),
                 ("B", 0xFF), ("B", 0xFF)],
        129026: [sid, ("B", 0xFC | rng.randint(0, 1)), field(rng, "H", 0, 62831), field(rng, "H", 0, 3000),
                 ("B", 0xFF), ("B", 0xFF)],
        129025: [field(rng, "i", -900_000_000, 900_000_000), field(rng, "i", -1_800_000_000, 1_800_000_000)],
        127488: [inst, field(rng, "H", 0, 32000), field(rng, "H", 0, 3000), field(rng, "b", -100, 100),
                 ("B", 0xFF), ("B", 0xFF)],
        127489: [inst, field(rng, "H", 0, 10000), field(rng, "H", 2500, 4500), field(rng, "H", 25000, 40000),
                 field(rng, "h", 0, 3000), ("h", 0x7FFF), ("I", 0xFFFFFFFF), field(rng, "H", 0, 5000),
                 field(rng, "H", 0, 1000), ("B", 0xFF), ("H", 0), ("H", 0), field(rng, "b", 0, 100),
                 field(rng, "b", 0, 100)],
        127505: [("B", rng.randint(0, 5) << 4 | rng.randint(0, 3)), field(rng, "h", 0, 25000),
                 field(rng, "I", 0, 100_000), ("B", 0xFF)],
        127508: [inst, field(rng, "h", 0, 3000), field(rng, "h", -3000, 3000), field(rng, "H", 25000, 35000), sid],
        130312: [sid, inst, ("B", rng.randint(0, 15)), field(rng, "H", 20000, 40000), ("H", 0xFFFF), ("B", 0xFF)],
        130316: [sid, inst, ("B", rng.randint(0, 15)), temp24, ("H", 0xFFFF)],
    }


def frames(pgn, message, sequence):
    """Analyzer input lines (PLAIN format): one frame, or fast-packet frames."""
    if pgn in FAST_PACKET:
        chunks = [bytes([sequence << 5, len(message)]) + message[:6]]
        rest, counter = message[6:], 1
        while rest:
            chunks.append((bytes([sequence << 5 | counter]) + rest[:7]).ljust(8, b"\xff"))
            rest, counter = rest[7:], counter + 1
    else:
        chunks = [message]
    return [f"2024-01-01T00:00:00.000Z,2,{pgn},35,255,{len(c)}," + ",".join(f"{b:02x}" for b in c) for c in chunks]


def analyzer():
    if os.environ.get("CANBOAT_ANALYZER"):
        return os.environ["CANBOAT_ANALYZER"], None
    tmp = tempfile.TemporaryDirectory()
    src = os.environ.get("CANBOAT_SRC")
    if not src:
        src = tmp.name + "/canboat"
        subprocess.run(["git", "clone", "--quiet", "https://github.com/canboat/canboat", src], check=True)
        subprocess.run(["git", "-C", src, "checkout", "--quiet", CANBOAT_COMMIT], check=True)
    binary = tmp.name + "/analyzer"
    a, c = src + "/analyzer/", src + "/common/"
    subprocess.run(["cc", "-O1", "-w", "-o", binary, "-I" + c] + [a + f for f in
                    ("pgn.c", "analyzer.c", "lookup.c", "print.c", "fieldtype.c")] +
                   [c + f for f in ("common.c", "parse.c", "utf.c")] + ["-lm"], check=True)
    return binary, tmp


def generate(path):
    binary, keep = analyzer()
    rng = random.Random(2000)
    messages, lines = [], []
    for k in range(MESSAGES_PER_PGN):
        for pgn, fields in sorted(layouts(rng).items()):
            message = pack(fields)
            messages.append((pgn, message))
            lines += frames(pgn, message, k % 8)
    out = subprocess.run([binary, "-json", "-si", "-format", "PLAIN"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.splitlines()
    decoded = [json.loads(l) for l in out if '"pgn"' in l]
    if len(decoded) != len(messages):
        sys.exit(f"canboat decoded {len(decoded)} messages of {len(messages)}")
    text = ["# Generated by scripts/generators/n2k_vectors.py with canboat's analyzer "
            f"({CANBOAT_COMMIT[:12]}, SI units): do not edit.",
            "# <pgn> <message hex> <canboat's fields as JSON>"]
    for (pgn, message), d in zip(messages, decoded):
        assert d["pgn"] == pgn
        text.append(f"{pgn} {message.hex().upper()} {json.dumps(d.get('fields', {}), sort_keys=True, separators=(',', ':'))}")
    path.write_text("\n".join(text) + "\n")


def main():
    if sys.argv[1:] == ["--check"]:
        with tempfile.TemporaryDirectory() as tmp:
            fresh = pathlib.Path(tmp) / OUT.name
            generate(fresh)
            if fresh.read_text() != OUT.read_text():
                sys.exit(f"{OUT.relative_to(ROOT)} differs from what canboat decodes now")
            print("NMEA 2000 vectors agree with canboat")
    elif sys.argv[1:]:
        sys.exit("usage: n2k_vectors.py [--check]")
    else:
        generate(OUT)
        print("wrote", OUT.relative_to(ROOT))


if __name__ == "__main__":
    main()
