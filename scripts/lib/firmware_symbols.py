"""What a firmware symbol belongs to: the Sources/ module declaring the type or function a
Swift symbol's code is for (its demangled name, `swift demangle --compact`), used by
scripts/firmware-size.py (bytes by module) and scripts/firmware/cold-code.py (which code
runs every frame).
"""

import os
import re
import shutil
import subprocess

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../.."))
# The modules that draw a frame (and GaugePanel's FrameComposer, which runs them).
DRAWING_MODULES = {"GaugeRaster", "GaugeGlyphs", "GaugeText", "GaugeWidgets", "GaugeDisplay", "GaugeDisplayDevices", "GaugeImages"}
STANDARD_LIBRARY = "Swift: standard library and Embedded runtime"


def module_index():
    """Top-level type, function and constant names → the Sources/ module declaring them."""
    decl = re.compile(
        r"^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|open|internal|private|fileprivate|package|final|indirect|nonisolated)\s+)*"
        r"(?:struct|class|enum|protocol|typealias|func|let|var|actor)\s+`?([A-Za-z_]\w*)"
    )
    index = {}
    sources = os.path.join(ROOT, "Sources")
    for module in sorted(os.listdir(sources)):
        if not module.startswith("Gauge"):
            continue
        for folder, _, files in os.walk(os.path.join(sources, module)):
            for name in sorted(files):
                if name.endswith(".swift"):
                    for line in open(os.path.join(folder, name), encoding="utf-8"):
                        m = decl.match(line)
                        if m:
                            index.setdefault(m.group(1), module)
    return index


def strip_wrappers(name):
    """The entity a demangled symbol belongs to: specialisation, thunk and closure
    wrappers taken off the front."""
    while True:
        m = re.match(r"^(?:merged )?(?:generic |function signature |generic partial )?specialization <", name)
        if m:
            depth, i = 1, m.end()
            while i < len(name) and depth:
                depth += {"<": 1, ">": -1}.get(name[i], 0)
                i += 1
            name = re.sub(r"^\s*of ", "", name[i:])
            continue
        m = re.match(r"^(?:merged |outlined (?:copy|consume|destroy|init with take|assign with take|retain|release|variable #\d+) of |"
                     r"(?:reabstraction|partial apply forwarder|partial apply|thunk|dispatch thunk|method descriptor|"
                     r"protocol witness|type metadata accessor|nominal type descriptor|value witness|property descriptor)[^ ]* (?:for|of) )", name)
        if m:
            name = name[m.end():]
            continue
        return name


def swift_module(demangled, index):
    entity = strip_wrappers(demangled)
    entity = re.sub(r"^(?:closure #\d+ (?:\([^)]*\) )?in |implicit closure #\d+ (?:\([^)]*\) )?in |"
                    r"static |lazy protocol witness table (?:cache variable|accessor) for type |"
                    r"protocol conformance descriptor for |full type metadata for |type metadata for |"
                    r"(?:variable )?initialization expression of |one-time initialization (?:function|token) for |"
                    r"(?:unsafeMutableAddressor|globalinit\S*) (?:of|for) |(?:getter|setter|modify|_modify|read|_read) : )+", "", entity)
    if entity.startswith("(extension in GaugePanelFirmware)"):
        m = re.search(r"\.(\w+)\(", entity)
        return ("Swift: " + index[m.group(1)]) if m and m.group(1) in index else "Swift: extensions of standard types"
    m = re.match(r"^(?:\(extension in \w+\):)?GaugePanelFirmware\.(?:\((\w+) in _[0-9A-F]+\)|(\w+))", entity)
    if m:
        name = m.group(1) or m.group(2)
        return "Swift: " + index.get(name, "(module not found)")
    if re.match(r"^(?:\(extension in \w+\):)?Swift\.|^_?swift_|^Swift|^\$e", entity):
        return STANDARD_LIBRARY
    m = re.search(r"GaugePanelFirmware\.(\w+)", entity)
    if m and m.group(1) in index:
        return "Swift: " + index[m.group(1)]
    return STANDARD_LIBRARY if "Swift." in entity else "Swift: other"


def demangle(names):
    """Each mangled name demangled (swift demangle --compact): $SWIFT_DEMANGLE, or the
    toolchain's swift-demangle on PATH, or `swift demangle`."""
    tool = os.environ.get("SWIFT_DEMANGLE") or shutil.which("swift-demangle")
    command = [tool, "--compact"] if tool else ["swift", "demangle", "--compact"]
    out = subprocess.run(command, input="\n".join(names) + "\n", capture_output=True, text=True, check=True).stdout
    return out.split("\n")[: len(names)]
