#!/usr/bin/env python3
"""Where the firmware's bytes go: one table per Pi CPU, from an existing build.

Reads what scripts/build-firmware.sh leaves in $FIRMWARE_BUILD_DIR/<cpu>/ (default
.build-firmware): the unstripped executable and the linker's map (-Map; lld's, which the
build links with, or gold's, which it linked with before), and the stripped copy in
$FIRMWARE_OUT (default out/firmware). Each byte of the stripped file is counted
once:
  - C and C++ code and data by the object or archive member the map says it came from
    (FreeType, zlib, toml++ with its libstdc++ pieces, libdrm, libevdev, glibc, libm, the
    compiler's runtime, the project's C modules, the Swift Unicode tables);
  - the Swift module (every firmware target compiled as one) by symbol: each function's and
    each datum's size (nm -S of the unstripped executable; ICF-folded copies counted once),
    given to the source module declaring the type or function it belongs to (a generic
    specialisation to the function specialised; the standard library's generics
    specialised for the panel to "Swift standard library"), what no symbol covers
    (metadata without symbols, string literals) to "Swift: data without a symbol";
  - the rest (ELF headers, alignment padding, merged string constants of every object, the
    GOT; lld's map calls its own sections <internal>): "linker".
Prints the table and each binary's bytes against the limit, 3,500,000 bytes; exits 1
when a binary is over it or links the standard library's Unicode property and
case-mapping tables (the firmware's text is ASCII: GaugeASCII), and 0 otherwise (a CPU
not built is said and skipped).

Usage: scripts/firmware-size.py [aarch64|armv7|armv6|all ...]  (default: the CPUs built)
       [--top N]  also list each CPU's N largest Swift symbols
"""

import os
import re
import subprocess
import sys
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from firmware_symbols import demangle, module_index, swift_module  # noqa: E402

LIMIT = 3_500_000  # bytes, each stripped binary (README: "≤ 3.5 MB")
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
TRIPLES = {"aarch64": "aarch64-linux-gnu", "armv7": "arm-linux-gnueabihf", "armv6": "arm-linux-gnueabi"}
SWIFT_OBJECTS = re.compile(r"/GaugePanelFirmware\.o$")  # the Swift module
# Output sections that take no bytes in the stripped file, or are not loaded.
NOT_IN_FILE = re.compile(r"^\.(t?bss|comment|ARM\.attributes|note\.gnu\.gold-version|debug.*|symtab|strtab|shstrtab)$|^__libc_freeres_ptrs$")

# Input file (object, or archive(member)) → component, first match wins.
C_COMPONENTS = [
    (r"libfreetype\.a", "C: FreeType"),
    (r"libz\.a", "C: zlib"),
    (r"CTOML_", "C++: toml++ (CTOML)"),
    (r"libstdc\+\+\.a|libsupc\+\+\.a", "C++: libstdc++ (for toml++)"),
    (r"libdrm\.a", "C: libdrm"),
    (r"libevdev\.a", "C: libevdev"),
    (r"libpng|libbrotli|libbz2", "C: libpng, brotli, bzip2"),
    (r"libm\.a", "C: glibc libm"),
    (r"libc\.a|crt1\.o|crti\.o|crtn\.o", "C: glibc libc (static)"),
    (r"libgcc|crtbegin|crtend", "C: libgcc (compiler runtime)"),
    (r"libswiftUnicodeDataTables\.a", "Swift: Unicode data tables"),
    (r"/C[A-Za-z]+_[^/]*\.o$", "C: the project's C modules"),
]


def run(*args, stdin=None):
    return subprocess.run(args, input=stdin, capture_output=True, text=True, check=True).stdout


def map_sections(path):
    """(output section, address, size, input file) for every input section of the linker's
    map, gold's (-Map: "Memory map", a section's name alone on a line when it is long) or
    lld's (columns VMA LMA Size Align Out In Symbol, input sections indented 8)."""
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    if lines and lines[0].split()[:3] == ["VMA", "LMA", "Size"]:
        row = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$")
        out = None
        for line in lines[1:]:
            m = row.match(line)
            if not m:
                continue
            depth, text = len(m.group(3)), m.group(4)
            if depth == 0:
                out = text
            elif depth == 8:
                yield out, int(m.group(1), 16), int(m.group(2), 16), re.sub(r":\([^()]*\)$", "", text)
        return
    out, pending = None, False
    head = re.compile(r"^(\S+)\s+0x[0-9a-f]+\s+0x[0-9a-f]+")
    inline = re.compile(r"^ \S+\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s+(\S.*)$")
    cont = re.compile(r"^\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s+(\S.*)$")
    for line in lines[lines.index("Memory map") + 1:]:
        m = head.match(line)
        if m:
            out, pending = m.group(1), False
            continue
        m = inline.match(line)
        if not m and pending:
            m = cont.match(line)
        if not m:
            pending = bool(re.match(r"^ \S+$", line))
            continue
        pending = False
        yield out, int(m.group(1), 16), int(m.group(2), 16), m.group(3)


def placed(out, address):
    """Whether an input section takes bytes in the file: in a loaded, file-backed output
    section, not folded (ICF) or discarded (gold puts those at address 0 or -1)."""
    return out is not None and not NOT_IN_FILE.match(out) and 0 < address < 0xFFFFFFFF


def map_contributions(path):
    """(input file, bytes) for every input section placed in the file."""
    per = Counter()
    for out, address, size, source in map_sections(path):
        if placed(out, address) and source != "<internal>":  # lld's own: the linker's line
            per[source] += size
    return per


def swift_symbols(binary, triple):
    """(address, size, mangled) of every sized symbol, each address once."""
    seen, rows = set(), []
    for line in run(f"{triple}-nm", "-S", binary).splitlines():
        parts = line.split()
        if len(parts) != 4 or parts[2] in "bBN":
            continue
        address, size, name = int(parts[0], 16), int(parts[1], 16), parts[3]
        if address in seen or not size:
            continue
        seen.add(address)
        rows.append((address, size, name))
    return rows


def swift_object_ranges(map_path):
    """Address ranges of the Swift object's sections in the executable."""
    return sorted((a, a + s) for out, a, s, source in map_sections(map_path)
                  if s and 0 < a < 0xFFFFFFFF and SWIFT_OBJECTS.search(source))


def inside(ranges, address):
    lo, hi = 0, len(ranges)
    while lo < hi:
        mid = (lo + hi) // 2
        if ranges[mid][1] <= address:
            lo = mid + 1
        else:
            hi = mid
    return lo < len(ranges) and ranges[lo][0] <= address < ranges[lo][1]


# The standard library's Unicode property and case-mapping tables (UnicodeScalarProps,
# about 40 KB a binary): String's lowercased()/uppercased() and Character's isWhitespace,
# isNumber, isLetter, isHexDigit … link them. The firmware's text is ASCII (GaugeASCII has
# what it needs), so a binary that links them fails here, naming the fix.
UNICODE_PROPERTIES = "libswiftUnicodeDataTables.a(UnicodeScalarProps.cpp.o)"


def unicode_properties_linked(map_path):
    text = open(map_path, encoding="utf-8", errors="replace").read()
    return UNICODE_PROPERTIES in text


def measure(cpu, build, out_dir, top):
    triple = TRIPLES[cpu]
    binary = os.path.join(build, cpu, "gaugepanel-firmware")
    map_path = binary + ".map"
    stripped = os.path.join(out_dir, f"gaugepanel-{cpu}")
    for path in (binary, map_path, stripped):
        if not os.path.exists(path):
            print(f"{cpu}: {path} missing (scripts/build-firmware.sh {cpu})")
            return None
    total = os.path.getsize(stripped)
    table = Counter()
    swift_bytes = 0
    for source, size in map_contributions(map_path).items():
        if SWIFT_OBJECTS.search(source):
            swift_bytes += size
            continue
        component = next((c for pattern, c in C_COMPONENTS if re.search(pattern, source)), "other: " + os.path.basename(source))
        table[component] += size
    ranges = swift_object_ranges(map_path)
    symbols = [s for s in swift_symbols(binary, triple) if inside(ranges, s[0])]
    demangled = demangle([s[2] for s in symbols])
    index = module_index()
    attributed, largest = 0, []
    for (address, size, mangled), name in zip(symbols, demangled):
        component = "Swift: machine-outlined sequences" if mangled.startswith("OUTLINED_FUNCTION") else swift_module(name, index)
        table[component] += size
        attributed += size
        largest.append((size, component, name))
    table["Swift: data without a symbol (metadata, string literals)"] += max(0, swift_bytes - attributed)
    table["linker: ELF headers, padding, merged constants, GOT"] += total - sum(table.values())
    print(f"\n{cpu}: {stripped} — {total:,} bytes stripped (limit {LIMIT:,}: "
          + (f"{LIMIT - total:,} under)" if total <= LIMIT else f"{total - LIMIT:,} OVER)"))
    print(f"  {'component':<58} {'bytes':>11} {'%':>6}")
    for component, size in sorted(table.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {component:<58} {size:>11,} {100 * size / total:>5.1f}%")
    swift_total = sum(v for k, v in table.items() if k.startswith("Swift"))
    print(f"  {'(all Swift)':<58} {swift_total:>11,} {100 * swift_total / total:>5.1f}%")
    if top:
        print(f"  largest Swift symbols:")
        for size, component, name in sorted(largest, reverse=True)[:top]:
            print(f"  {size:>8,}  {component[7:]:<18} {name[:110]}")
    return total


def main(argv):
    build = os.environ.get("FIRMWARE_BUILD_DIR", os.path.join(ROOT, ".build-firmware"))
    out_dir = os.environ.get("FIRMWARE_OUT", os.path.join(ROOT, "out/firmware"))
    cpus, top = [], 0
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg in TRIPLES:
            cpus.append(arg)
        elif arg == "all":
            cpus += list(TRIPLES)
        elif arg == "--top" and args:
            top = int(args.pop(0))
        elif arg in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        else:
            print(f"unknown argument: {arg} (try --help)", file=sys.stderr)
            return 2
    if not cpus:
        cpus = [c for c in TRIPLES if os.path.exists(os.path.join(build, c, "gaugepanel-firmware.map"))]
    sizes = {cpu: measure(cpu, build, out_dir, top) for cpu in cpus}
    sizes = {cpu: size for cpu, size in sizes.items() if size is not None}
    if not sizes:
        print("no firmware build to measure (scripts/build-firmware.sh all)")
        return 0
    over = [cpu for cpu, size in sizes.items() if size > LIMIT]
    print("\n" + ", ".join(f"{cpu} {size:,}" for cpu, size in sizes.items()) + f" bytes; limit {LIMIT:,} each"
          + (f"; OVER: {' '.join(over)}" if over else ""))
    unicode = [cpu for cpu in sizes if unicode_properties_linked(os.path.join(build, cpu, "gaugepanel-firmware.map"))]
    for cpu in unicode:
        print(f"FAIL: {cpu}: links the standard library's Unicode property and case-mapping tables "
              f"({UNICODE_PROPERTIES}): a lowercased(), uppercased(), isWhitespace, isNumber, isLetter or "
              f"isHexDigit below the command line; use GaugeASCII's ASCII ones (lld's --why-live= names the caller)")
    return 1 if over or unicode else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
