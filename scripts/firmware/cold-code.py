#!/usr/bin/env python3
"""The firmware's Swift module, code by code: rewrites its optimised LLVM IR (swiftc
-emit-ir) in place so that the code that draws a frame and the rest are generated
differently. Drawing code is the renderer, text, widgets, displays and images
(DRAWING_MODULES), GaugePanel's FrameComposer, the Embedded runtime (retain, release,
allocation) and the standard library's code (numbers, memory, arrays, hashing) but for
strings; the rest — the configuration, sensors and protocols, the loop, the command line,
the standard library's code specialised for their types and its strings — runs once or at
a sensor's pace.

armv6 (--thumb): the rest becomes Thumb code (Thumb-1 on the ARM1176: 16-bit
instructions), about 30 % fewer bytes than ARM code and more instructions to run (47 %
more a full frame with everything Thumb); drawing code stays ARM. Swift's
calling convention passes Doubles in VFP registers in ARM code, which Thumb-1 code cannot
reach; so every function does its floating point without them (VFP off: libgcc's
soft-float routines, the same IEEE results), and ARM and Thumb functions call each other
with the same registers.

armv7 (--outline-cold): drawing code is marked "nooutline", so that LLVM's machine
outliner (on for the module) folds repeated instruction sequences into shared functions
in the rest only.

The choice is each function's (its attribute group), made after swiftc's optimisations,
so inlining is as in a plain build.

Usage: scripts/firmware/cold-code.py --thumb|--outline-cold MODULE.ll
  (prints how many functions went each way)
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from firmware_symbols import DRAWING_MODULES, STANDARD_LIBRARY, demangle, module_index, swift_module  # noqa: E402

DEFINE = re.compile(r'^define [^@]*@("(?:[^"\\]|\\.)*"|[-\w.$]+)\(')
GROUP = re.compile(r"^attributes #(\d+) = \{(.*)\}\s*$")
TEXT = re.compile(r"Swift\.(?:String|Substring|Character|Unicode|_String|_SmallString|_Float\d+ToASCII|_parseInteger|"
                  r"_StringGuts|_StringObject|_Unicode|_Normalization|_CharacterRecognizer|DefaultStringInterpolation)|"
                  r"description|debugDescription")


def cold(demangled, module, index):
    """Whether a function runs outside drawing: not drawing, not hot standard library code."""
    if "FrameComposer" in demangled:
        return False
    if module.startswith("Swift: Gauge"):
        return module[7:] not in DRAWING_MODULES
    if module == STANDARD_LIBRARY:
        types = {index.get(name) for name in re.findall(r"GaugePanelFirmware\.(\w+)", demangled)} - {None}
        if types & DRAWING_MODULES:
            return False
        return bool(types) or bool(TEXT.search(demangled))
    return module in ("Swift: other", "Swift: extensions of standard types")


def main(mode, path):
    lines = open(path, encoding="utf-8").read().split("\n")
    defines = []  # (line number, name, group, match of the group)
    groups = {}
    for number, line in enumerate(lines):
        if line.startswith("define "):
            m = DEFINE.match(line)
            tail = line[m.end():] if m else ""
            g = re.search(r"\) (?:[^#\"]*?)#(\d+)\b", tail)
            if m and g:
                defines.append((number, m.group(1).strip('"'), int(g.group(1)), g))
        m = GROUP.match(line)
        if m and '"target-features"' in m.group(2):
            groups[int(m.group(1))] = number
    names = [name for _, name, _, _ in defines]
    demangled = demangle(names)
    index = module_index()
    # Each group with target features gets a twin: Thumb (--thumb: every group VFP off) or
    # nooutline (--outline-cold). Thumb twins go to cold functions, nooutline ones to drawing.
    next_group = max([int(m.group(1)) for m in map(GROUP.match, lines) if m] + [0]) + 1
    twins = {}
    for group, number in sorted(groups.items()):
        twin = lines[number]
        if mode == "--thumb":
            twin = re.sub(r'"target-features"="([^"]*)"', lambda m: '"target-features"="' + ",".join(
                f for f in m.group(1).split(",") if f not in ("+vfp2", "+vfp2sp", "+fp64")) + ',-vfp2,-vfp2sp,-fp64,-fpregs"', twin)
            lines[number] = twin
            twin = twin.replace("-thumb-mode", "+thumb-mode")
        else:
            twin = twin.replace("{", '{ "nooutline"', 1)
        twins[group] = next_group
        lines.append(re.sub(r"^attributes #\d+", f"attributes #{next_group}", twin))
        next_group += 1
    counts = [0, 0]
    for (number, name, group, g), plain in zip(defines, demangled):
        swift = name.startswith("$")
        is_cold = cold(plain if swift else name, swift_module(plain, index) if swift else "C", index)
        counts[is_cold] += 1
        if group in twins and is_cold == (mode == "--thumb"):
            line = lines[number]
            start = DEFINE.match(line).end() + g.start(1) - 1
            lines[number] = line[:start] + f"#{twins[group]}" + line[start + 1 + len(str(group)):]
    open(path, "w", encoding="utf-8").write("\n".join(lines))
    what = ("Thumb, ARM; floating point without VFP registers" if mode == "--thumb" else "outlined, not (drawing)").split(", ")
    print(f"{path}: {counts[1]} functions {what[0]}, {counts[0]} {what[1]}" + (f", {what[2]}" if len(what) > 2 else ""))


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("--thumb", "--outline-cold"):
        print(__doc__.strip())
        sys.exit(0 if sys.argv[1:2] in (["-h"], ["--help"]) else 2)
    main(sys.argv[1], sys.argv[2])
