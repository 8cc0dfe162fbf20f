#!/usr/bin/env python3
"""Every module's imports are its declared dependencies: for each Swift target of
`swift package describe --type json`, the modules its sources `import` (plain,
@testable, @_exported, `import struct X.Y` …) must be the target itself, a target it
depends on (directly), a product it depends on, or the toolchain's (Swift, Foundation,
Glibc, Testing, XCTest …). An import that builds only because another dependency
happened to bring the module in is a dependency nobody declared: the next change to that
other module breaks the build, and the package's graph no longer says what depends on
what. Also fails when a target declares a dependency none of its sources imports (a
library linked for nothing, like a display module linked only to read names).

Usage: scripts/check-imports.py [PACKAGE_JSON]   (default: runs swift package describe)
Prints ok:/FAIL: lines and "N passed, N failed"; exit 1 on a failure.
"""
import json, os, re, subprocess, sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
# What the toolchain and the system provide; not targets of this package.
TOOLCHAIN = {"Swift", "Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin", "Dispatch", "Testing",
             "XCTest", "_Concurrency", "Synchronization", "_Volatile", "os", "CoreFoundation"}
# Targets linked for their symbols, never imported: name → why.
LINK_ONLY = {"CEmbeddedSupport": "the C library functions Embedded Swift's stdlib calls, linked into the firmware"}
# Products of package dependencies: product name → the modules it provides.
PRODUCT_MODULES = {"Logging": {"Logging"}, "ArgumentParser": {"ArgumentParser"}}
IMPORT = re.compile(r"^\s*(?:@[\w]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][\w]*)",
                    re.M)


def describe():
    if len(sys.argv) > 1:
        return json.load(open(sys.argv[1]))
    out = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out[out.index("{"):])


def imports(path):
    found = set()
    for folder, _, files in os.walk(os.path.join(ROOT, path)):
        for f in files:
            if f.endswith(".swift"):
                text = open(os.path.join(folder, f), encoding="utf-8").read()
                # Conditional imports (`#if canImport(X)`) still name a dependency to declare.
                found |= set(IMPORT.findall(text))
    return found


def main():
    package = describe()
    targets = {t["name"]: t for t in package["targets"]}
    passed = failed = 0
    for name, t in sorted(targets.items()):
        if not any(s.endswith(".swift") for s in t.get("sources", [])):
            continue
        declared = set(t.get("target_dependencies", []))
        products = set(t.get("product_dependencies", []))
        provided = {m for p in products for m in PRODUCT_MODULES.get(p, {p})}
        used = imports(t["path"]) - TOOLCHAIN - {name}
        undeclared = sorted(m for m in used if m not in declared and m not in provided)
        unused = sorted(d for d in declared if d not in used and d not in LINK_ONLY)
        if undeclared or unused:
            failed += 1
            why = []
            if undeclared:
                why.append("imports without declaring " + ", ".join(undeclared))
            if unused:
                why.append("declares without importing " + ", ".join(unused))
            print(f"FAIL: {name} ({t['path']}): " + "; ".join(why) + " (Package.swift)")
        else:
            passed += 1
            print(f"ok: {name}: imports {len(used)} modules, each declared; declares nothing it does not import")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
