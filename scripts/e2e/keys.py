#!/usr/bin/env python3
"""Every key documented in docs/configuration.md must change what `gaugepanel run` does.

1. The keys: read from docs/configuration.md — the "complete example" TOML block and the
   tables and prose of its "Sections" part — as dotted paths (`display.width`,
   `sensor.channel.source`, `page.widget.ticks.major`, `theme.night.needle`, …).
2. The table CASES: key path → how its effect is checked through the real `gaugepanel run`
   process (most: a small board run offscreen twice, as is and with the key changed; the
   SIGUSR1 snapshots must differ, and the changed one must equal `gaugepanel render` of
   the same file and values), or ("vm", "<a check's message in scripts/vm/run.py or its
   parts in scripts/vm/vmhost/, as written there, {placeholders} and all>") for keys that
   need hardware, checked here to really occur there.
3. Coverage: a documented key without an entry fails, and so does an entry for a key
   the docs no longer have.

The parts live in scripts/e2e/keycases/ (a module per concept: doc, harness, base_boards,
kinds, cases_*, table); this file runs them.

Usage: keys.py GAUGEPANEL WORKDIR [--list]     (keys.py --list: only print the keys)
Prints ok:/FAIL: per check and "N passed, N failed"; exit 1 when anything failed.
"""
import concurrent.futures, os, sys, time

# keycases/ beside this file (not named keys/: a package keys/ there would take the name `keys` from keys.py)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from keycases import harness, read_vm_text   # noqa: E402 — after the path is set
from keycases.doc import documented_keys   # noqa: E402
from keycases.table import CASES   # noqa: E402


# ───────────────────────────── 3. run and check coverage ─────────────────────────────
def main():
    args = [a for a in sys.argv[1:] if a != "--list"]
    keys = documented_keys()
    if "--list" in sys.argv:
        print("\n".join(keys))
        if not args:
            return 0
    if len(args) != 2:
        print("usage: keys.py GAUGEPANEL WORKDIR [--list]   (or keys.py --list)", file=sys.stderr)
        return 2
    harness.use(args[0], args[1])   # the other modules read harness.GP and harness.WORK when they run
    t0 = time.time()
    results = []   # (ok, text)

    def check(ok, text):
        results.append((ok, text))
        print(("ok: " if ok else "FAIL: ") + text, flush=True)

    vm_text = read_vm_text()
    print(f"# {len(keys)} keys documented in docs/configuration.md", flush=True)
    for k in keys:
        if k not in CASES:
            check(False, f"{k}: documented, but no run-time test (no entry in scripts/e2e/keycases/table.py)")
    for k in CASES:
        if k not in keys:
            check(False, f"{k}: tested, but not documented in docs/configuration.md (a stale entry?)")
    runnable = {}
    for k in keys:
        c = CASES.get(k)
        if isinstance(c, tuple) and c[0] == "vm":
            check(c[1] in vm_text, f'{k}: checked in the kernel harness: "{c[1]}"'
                  + ("" if c[1] in vm_text else " — NOT found in scripts/vm/run.py or scripts/vm/vmhost/"))
        elif c is not None:
            runnable[k] = c
    with concurrent.futures.ThreadPoolExecutor(max_workers=int(os.environ.get("KEYS_JOBS", "8"))) as pool:
        # the slower, one-of-a-kind cases first; the many picture diffs fill in after them
        order = sorted(runnable, key=lambda k: getattr(runnable[k], "kind", "") == "diff")
        futures = {k: pool.submit(runnable[k], k) for k in order}
        for k in runnable:   # in documentation order
            try:
                out = futures[k].result(timeout=300)
            except Exception as e:  # noqa: BLE001
                out = [(False, f"{type(e).__name__}: {e}")]
            for ok, text in out:
                if text.startswith("# "):
                    print(f"# {k}: {text[2:]}")
                else:
                    check(ok, f"{k}: {text}")
    failed_keys = sorted({t.split(":")[0] for ok, t in results if not ok})
    if failed_keys:
        print("# keys failing: " + " ".join(failed_keys))
    passed = sum(1 for ok, _ in results if ok)
    failed = len(results) - passed
    print(f"# {time.time() - t0:.1f} s; work files in {harness.WORK}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
