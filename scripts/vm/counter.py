#!/usr/bin/env python3
"""Host side of scripts/vm-test.sh's 'counter' test: a counter through power cuts on a
real ext4 filesystem. A disk image is made with mkfs.ext4; the machine boots with it as
/dev/vda (virtio-blk), /init's 'counter' case mounts it, prints the counter's two slots as
the last boot left them (@@BOOTSLOT), starts `gaugepanel run` on a board whose counter
(/data/odo) counts 10 a second and is saved every 0.2 s, and prints the slots every 0.1 s
(@@SLOT). At a random moment 0.6–2.4 s after the first save the host kills QEMU (the power
cut: what the guest had not synced is gone; ext4 replays its journal at the next mount)
and boots again. Every boot after the first must find at least one slot whole (its CRC-32
right), the value it holds never lower than the save before the last one seen before
the cut (a save in flight may be lost, no more), never higher than the last one seen plus
a save's worth, and never garbage. Prints the worst loss as a '#' line.

Usage: counter.py --kernel K --initrd I --out DIR [--cuts N] [--timeout S]"""
import argparse, os, random, struct, subprocess, sys, time, zlib
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from checks import line as check_line
from vmhost.qemu import ConsoleLines

RATE = 10.0   # counted per second: 36000 km/h over per = 3600


def decode(text):
    """A slot's line → (sequence, value), or None when torn or corrupt (CounterStore's format)."""
    fields = text.split(" ")
    if len(fields) != 5 or fields[0] != "gaugepanel-counter":
        return None
    body = text[:text.rfind(" ")]
    try:
        if zlib.crc32(body.encode()) != int(fields[4], 16):
            return None
        return int(fields[1]), struct.unpack(">d", bytes.fromhex(fields[2]))[0]
    except ValueError:
        return None


def best(slots):
    whole = [d for d in (decode(t) for t in slots.values()) if d]
    return max(whole) if whole else None


def boot(a, disk, n):
    log = open(f"{a.out}/console-{n}.log", "w")
    # No display: GP_DISPLAY=none skips /init's wait for one. ext4 asks for crc32c when mounting.
    cmdline = "console=ttyS0 panic=-1 quiet GP_MODS=virtio_pci,virtio_blk,crc32c_generic,ext4 GP_DISPLAY=none GP_TESTS=counter"
    qemu = ["qemu-system-x86_64", "-accel", "tcg", "-m", "512", "-smp", "1", "-display", "none", "-nodefaults", "-no-reboot",
            "-serial", "stdio", "-kernel", a.kernel, "-initrd", a.initrd, "-append", cmdline,
            "-drive", f"file={disk},format=raw,if=virtio,cache=writeback"]
    t0 = time.time()
    p = subprocess.Popen(qemu, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0)
    return p, iter(ConsoleLines(p, log, t0, a.timeout))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True); ap.add_argument("--initrd", required=True); ap.add_argument("--out", required=True)
    ap.add_argument("--cuts", type=int, default=4); ap.add_argument("--timeout", type=float, default=60)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    checks = []

    def check(ok, what):
        checks.append(ok)
        print(check_line(ok, f"counter: {what}"), flush=True)

    disk = f"{a.out}/disk.img"
    with open(disk, "wb") as f:
        f.truncate(32 << 20)
    r = subprocess.run(["mkfs.ext4", "-q", "-F", disk], capture_output=True, text=True)
    check(r.returncode == 0, f"mkfs.ext4 on a 32 MiB image: exit {r.returncode} {r.stderr.strip()}")
    rng = random.Random(int(os.environ.get("COUNTER_SEED", "7")))
    seen = []          # the values seen saved during the boot before the cut, in order
    seen_at = []       # … with when they were seen
    cut_time = None
    start = 0.0        # what that boot read back
    worst = 0.0
    for n in range(a.cuts + 1):
        p, lines = boot(a, disk, n)
        boot_slots, slots, first_save, cut_at, boot_sequence = {}, {}, None, None, 0
        try:
            for s in lines:
                if s.startswith("@@WARN mount"):
                    check(False, f"boot {n}: {s[7:]} (see {a.out}/console-{n}.log)")
                    break
                if s.startswith("@@BOOTSLOT "):
                    _, which, *rest = s.split(" ", 2)
                    boot_slots[which] = rest[0] if rest else ""
                    if len(boot_slots) == 2:
                        back = best(boot_slots)
                        if n == 0:
                            check(back is None, f"boot 0: a new filesystem, no counter yet ({boot_slots})")
                        else:
                            # The save before the last one seen was followed by another: on the
                            # disk. The last may have been in flight. More than a second past it
                            # could not have been counted before the cut.
                            distinct = sorted(set(seen))
                            floor = distinct[-2] if len(distinct) >= 2 else start
                            last = distinct[-1] if distinct else start
                            value = back[1] if back else None
                            ok = value is not None and floor <= value <= last + RATE
                            # Counting lost: what the panel had counted by the cut (the last save
                            # seen, and RATE a second since it first showed) less what came back.
                            first_seen = min((t for t, v in seen_at if v == last), default=cut_time)
                            counted = last + ((cut_time or 0) - (first_seen or 0)) * RATE
                            loss = max(counted - value, 0) / RATE if value is not None else 0.0
                            worst = max(worst, loss)
                            check(ok, f"boot {n}: read back {value} after the cut (the last save seen {last}, "
                                      f"the one before {floor}): at most {loss:.2f} s of counting lost")
                        start = back[1] if back else 0.0
                        boot_sequence = back[0] if back else 0
                        seen, seen_at, cut_time = [], [], None
                        if n == a.cuts:
                            break
                elif s.startswith("@@SLOT "):
                    _, which, *rest = s.split(" ", 2)
                    slots[which] = rest[0] if rest else ""
                    if which == "b":
                        now = best(slots)
                        # A save of this boot's (not the slots it found): the cut may come.
                        if now and now[0] > boot_sequence:
                            seen.append(now[1])
                            seen_at.append((time.time(), now[1]))
                            if first_save is None:
                                first_save = time.time()
                                cut_at = first_save + rng.uniform(0.6, 2.4)
                        if cut_at and time.time() >= cut_at:
                            cut_time = time.time()
                            break
        finally:
            p.kill(); p.wait()
        if n < a.cuts:
            check(first_save is not None, f"boot {n}: the panel counted and saved before the cut ({len(seen)} saves seen)")
    print(f"# counter: {a.cuts} power cuts on ext4: at most {worst:.2f} s of counting lost (a save every 0.2 s)", flush=True)
    print(f"{sum(checks)} passed, {len(checks) - sum(checks)} failed")
    sys.exit(0 if all(checks) else 1)


main()
