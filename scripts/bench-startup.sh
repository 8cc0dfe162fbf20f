#!/usr/bin/env bash
# Start-up cost: instructions from exec to the first frame, repeatable, for the host build
# and the firmware.
#
# Each program runs `run --board still.toml --display offscreen --no-animation --frames N`,
# where still.toml is boards/headless.toml (800 × 480, DejaVu Sans, 33 widgets on two pages)
# with every simulated signal held at its t = 0 value, so that every run draws the same
# frame. A run counts the whole process: N = 1 is exec to the first frame (exit included),
# N = 2 less N = 1 a later frame (`--unpaced --no-damage`: drawn whole, from warm caches).
# Two more runs split the first: `--version` (the process itself: loading, the runtime,
# argument parsing) and `check still.toml` (that and reading and checking the board); the
# rest opens the display, fonts and sensors and draws the first frame with cold caches.
#   host:     the SwiftPM release build (x86_64; GAUGEPANEL to name another), under
#             valgrind's callgrind (every instruction the process executes, its shared
#             libraries' too), its debug information stripped first (valgrind 3.19 cannot
#             read the toolchain's DWARF 5)
#   aarch64, armv6: the firmware (out/firmware/gaugepanel-<cpu>, scripts/build-firmware.sh)
#             under qemu-user with Tools/InsnCount (qemu-aarch64 -cpu cortex-a72, qemu-arm
#             -cpu arm1176), as scripts/instruction-budget.sh counts frames
# Times on a real kernel: VM_ARM_FIGURES=1 scripts/vm-arm-test.sh aarch64 armv6 prints
# "start to first frame" in Debian's ARM kernels under QEMU (TCG: an emulated CPU's time).
#
# Usage: scripts/bench-startup.sh [host] [aarch64] [armv6]   (default: all three; a CPU whose
#        firmware is not built is said and skipped)
# Output: a table of instructions per program, by part, and at one instruction a cycle the
#         Pi 4's and Pi Zero's time from exec to the first frame (a lower bound).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${STARTUP_WORK:-$ROOT/.build-startup}
mkdir -p "$WORK"
targets=("$@"); ((${#targets[@]})) || targets=(host aarch64 armv6)
for t in "${targets[@]}"; do
  case $t in host|aarch64|armv6) ;; -h|--help) sed -n "2,26p" "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [host] [aarch64] [armv6]" >&2; exit 2 ;; esac
done
source "$ROOT/scripts/lib/deps.sh"

sed -e 's/^\( *amplitude = \).*/\10/' -e 's/^\( *to = \)12$/\178/' "$ROOT/boards/headless.toml" > "$WORK/still.toml"
[ "$(grep -c '^ *amplitude = 0$' "$WORK/still.toml")" = 4 ] && grep -q '^ *to = 78$' "$WORK/still.toml" ||
  { echo "boards/headless.toml's signals (4 sines, a ramp to 12) are not as $0 holds them" >&2; exit 1; }
ARGS=(run --board still.toml --display offscreen --no-animation --unpaced --no-damage)

# count PROGRAM-KIND RUN: the instructions of one run (RUN: a frame count, version or
# check), on stdout
count() {
  local kind=$1 out="$WORK/$1.$2" args
  case $2 in version) args=(--version) ;; check) args=(check still.toml) ;; *) args=("${ARGS[@]}" --frames "$2") ;; esac
  case $kind in
    host)
      (cd "$WORK" && env -i HOME="$WORK" valgrind --tool=callgrind --callgrind-out-file="$out.callgrind" \
        ./gaugepanel-host "${args[@]}" > "$out.log" 2>&1) || { tail -5 "$out.log" >&2; return 1; }
      sed -n 's/^summary: //p' "$out.callgrind" ;;
    aarch64|armv6)
      local q=(qemu-aarch64 -cpu cortex-a72); [ "$kind" = armv6 ] && q=(qemu-arm -cpu arm1176)
      (cd "$WORK" && env -i HOME="$WORK" "${q[@]}" -plugin "$WORK/insncount.so,outfile=$out.count" \
        "$FW/gaugepanel-$kind" "${args[@]}" > "$out.log" 2>&1) || { tail -5 "$out.log" >&2; return 1; }
      sed -n 's/^insns: //p' "$out.count" ;;
  esac
}

FW=${FIRMWARE_DIR:-$ROOT/out/firmware}
declare -A first second version check
for t in "${targets[@]}"; do
  case $t in
    host)
      ensure_packages valgrind || { echo "host: valgrind is missing" >&2; continue; }
      GP=${GAUGEPANEL:-$ROOT/.build/release/gaugepanel}
      if [ ! -x "$GP" ] && [ -z "${GAUGEPANEL:-}" ]; then
        echo "== building the release gaugepanel (swift build -c release --product gaugepanel)"
        (cd "$ROOT" && swift build -c release --product gaugepanel > "$WORK/build.log" 2>&1) || { tail -20 "$WORK/build.log"; exit 1; }
      fi
      strip --strip-debug -o "$WORK/gaugepanel-host" "$GP" || exit 1 ;;
    *)
      [ -x "$FW/gaugepanel-$t" ] || { echo "$t: no $FW/gaugepanel-$t (scripts/build-firmware.sh $t): skipped"; continue; }
      ensure_packages qemu-user || { echo "$t: qemu-user is missing" >&2; continue; }
      [ -f "$WORK/insncount.so" ] || gcc -shared -fPIC -O2 -fvisibility=hidden -Wall -o "$WORK/insncount.so" \
        "$ROOT/Tools/InsnCount/insncount.c" || exit 1 ;;
  esac
  echo "== $t: --version, check still.toml, run --frames 1, run --frames 2"
  version[$t]=$(count "$t" version) && check[$t]=$(count "$t" check) && first[$t]=$(count "$t" 1) &&
    second[$t]=$(count "$t" 2) || { echo "$t: a run failed (logs in $WORK)"; unset "first[$t]"; continue; }
done

echo
echo "Millions of instructions, exit included; at 1 IPC: exec to the first frame on a Pi 4 (Cortex-A72,"
echo "1.5 GHz) for aarch64, a Pi Zero (ARM1176, 1 GHz) for armv6."
printf '%-8s %10s %11s %22s %15s %13s %9s\n' program --version "board read" "devices, fonts, frame" "exec to frame" "a later frame" "at 1 IPC"
for t in "${targets[@]}"; do
  [ -n "${first[$t]:-}" ] || continue
  awk -v t="$t" -v v="${version[$t]}" -v c="${check[$t]}" -v a="${first[$t]}" -v b="${second[$t]}" 'BEGIN {
    at = "-"; if (t == "aarch64") at = sprintf("%.1f ms", a / 1.5e6); else if (t == "armv6") at = sprintf("%.1f ms", a / 1e6)
    printf "%-8s %10.2f %11.2f %22.2f %15.2f %13.2f %9s\n", t, v / 1e6, (c - v) / 1e6, (a - c) / 1e6, a / 1e6, (b - a) / 1e6, at }'
done
