#!/usr/bin/env python3
"""No function in Sources/ longer than 60 lines: a function that long does several things,
and each deserves a name.

A function is a `func`, `init`, `deinit`, `subscript` or a computed property's `get`/`set`,
from its declaration line to its closing brace (comments and blank lines count: they are
read too). Braces inside string literals and comments are skipped.

Usage: check-function-length.py [--max N] [--list] [PATH...]   (default: Sources, 60)
Prints each function over the limit as FAIL: file:line name (N lines); the last line is
"N passed, N failed"; exit 1 when any is over.
"""
import os
import re
import sys

DECL = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|static|class|final|'
                  r'override|mutating|nonmutating|convenience|required|nonisolated|dynamic|indirect)\s+)*'
                  r'(func\s+[^\s(<]+|init[?!]?|deinit|subscript)\b')


def code_only(line, state):
    """The line without string literals and comments; `state` carries block comments and
    multi-line strings across lines."""
    out = []
    i = 0
    while i < len(line):
        if state["block"]:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out)
            state["block"] = False
            i = end + 2
            continue
        if state["multiline"]:
            end = line.find('"""', i)
            if end < 0:
                return "".join(out)
            state["multiline"] = False
            i = end + 3
            continue
        c = line[i]
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            state["block"] = True
            i += 2
            continue
        if line.startswith('"""', i):
            state["multiline"] = True
            i += 3
            continue
        if c == '"':
            i += 1
            depth = 0   # string interpolations \( … ) may hold parentheses
            while i < len(line):
                if line[i] == "\\" and i + 1 < len(line) and line[i + 1] == "(":
                    depth += 1
                    i += 2
                    continue
                if depth and line[i] == "(":
                    depth += 1
                elif depth and line[i] == ")":
                    depth -= 1
                elif line[i] == "\\":
                    i += 2
                    continue
                elif line[i] == '"' and depth == 0:
                    break
                i += 1
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def functions(path):
    """(line, name, length) of each function in a Swift file."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    state = {"block": False, "multiline": False}
    code = [code_only(line, state) for line in lines]
    found = []
    for start, text in enumerate(code):
        m = DECL.match(text)
        if not m:
            continue
        depth, opened = 0, False
        for end in range(start, len(code)):
            for ch in code[end]:
                if ch == "{":
                    depth += 1
                    opened = True
                elif ch == "}":
                    depth -= 1
            if opened and depth <= 0:
                found.append((start + 1, m.group(1), end - start + 1))
                break
            if not opened and end > start and DECL.match(code[end]):
                break   # a protocol requirement: no body
    return found


def main():
    args = sys.argv[1:]
    limit = 60
    if "--max" in args:
        i = args.index("--max")
        limit = int(args[i + 1])
        del args[i:i + 2]
    listing = "--list" in args
    args = [a for a in args if a != "--list"]
    roots = args or ["Sources"]
    passed = failed = 0
    for root in roots:
        for folder, _, names in sorted(os.walk(root)):
            for name in sorted(names):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                for line, fn, length in functions(path):
                    if length > limit:
                        failed += 1
                        print(f"FAIL: {path}:{line} {fn} ({length} lines, over {limit})")
                    else:
                        passed += 1
                        if listing:
                            print(f"ok: {path}:{line} {fn} ({length} lines)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
