#!/usr/bin/env python3
"""README's module map and docs/architecture.md's module table name every module the
package has: each library, executable and system-library target of `swift package
describe --type json` outside Tests/ must appear in README.md's map (the code block of
`Sources/...` lines, C modules by name in its `Sources/C*` line) and in the table of
docs/architecture.md's "Modules" part. A module added without its line fails here, so
the two maps cannot drift from the package.

Usage: scripts/check-module-map.py [PACKAGE_JSON]   (default: runs swift package describe)
Prints ok:/FAIL: lines and "N passed, N failed"; exit 1 on a failure.
"""
import json, os, re, subprocess, sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def describe():
    if len(sys.argv) > 1:
        return json.load(open(sys.argv[1]))
    out = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out[out.index("{"):])


def readme_map():
    blocks, current = [], None
    for line in open(os.path.join(ROOT, "README.md"), encoding="utf-8"):
        if line.startswith("```"):
            if current is None:
                current = []
            else:
                blocks.append("".join(current))
                current = None
        elif current is not None:
            current.append(line)
    maps = [b for b in blocks if re.search(r"^Sources/Gauge\w+ ", b, re.M)]
    return maps[0] if maps else ""


def architecture_table():
    text = open(os.path.join(ROOT, "docs", "architecture.md"), encoding="utf-8").read()
    rows = []
    for line in text.splitlines():
        if line.startswith("| `") or line.startswith("| gaugepanel"):
            rows.append(line.split("|")[1])
        elif rows and not line.startswith("|"):
            break
    return " ".join(rows)


def main():
    package = describe()
    modules = sorted(t["name"] for t in package["targets"]
                     if t.get("type") in ("library", "executable", "system-target") and not t["path"].startswith("Tests/"))
    readme, table = readme_map(), architecture_table()
    passed = failed = 0
    for m in modules:
        in_readme = re.search(rf"^Sources/{m}\b", readme, re.M) or (m.startswith("C") and re.search(rf"\b{m}\b", readme))
        in_table = re.search(rf"`{m}`|\(Sources/{m}\)", table)
        missing = [where for where, ok in (("README.md's module map", in_readme), ("docs/architecture.md's module table", in_table))
                   if not ok]
        if missing:
            failed += 1
            print(f"FAIL: {m}: not in " + " nor ".join(missing))
        else:
            passed += 1
    print(f"ok: {passed} modules in README.md's map and docs/architecture.md's table" if not failed else
          f"# {passed} modules named in both")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
