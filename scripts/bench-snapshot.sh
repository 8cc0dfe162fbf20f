#!/usr/bin/env bash
# What a PNG snapshot costs against the same frame written as PPM: `gaugepanel render` of
# a board to .ppm and to .png, each counted whole (start-up, configuration, fonts, the
# frame, the file) by callgrind, so the figure repeats on any machine. Prints the
# instructions of each, their ratio and the file sizes; fails when a PNG costs more than
# MAX_RATIO (default 2) times the PPM. Run it on a release build: a debug build's frame
# costs so much more that any encoder looks cheap beside it.
#
# Usage: scripts/bench-snapshot.sh [BOARD...]   (default: dashboards/car.toml boards/headless.toml)
# Environment: GAUGEPANEL (default: swift build -c release's gaugepanel, built if missing),
#   MAX_RATIO (default 2).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib/common.sh
source scripts/lib/deps.sh

ensure_packages valgrind binutils libmbedtls-dev
max_ratio=${MAX_RATIO:-2}
boards=("$@")
((${#boards[@]})) || boards=(dashboards/car.toml boards/headless.toml)

gp=${GAUGEPANEL:-}
if [[ -z $gp ]]; then
    swift build -c release --product gaugepanel >/dev/null
    gp=$(swift build -c release --show-bin-path)/gaugepanel
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind gives up on the Swift toolchain's debug information: count a stripped copy.
strip -o "$work/gaugepanel" "$gp"

# instructions BOARD OUT: the whole render's instruction count.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$work/gaugepanel" render "$1" --out "$2" \
        > "$work/cg.log" 2>&1 || { cat "$work/cg.log" >&2; return 1; }
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/cg.log"
}

printf '%-24s %14s %14s %7s %10s %10s\n' board "ppm instr." "png instr." ratio "ppm bytes" "png bytes"
for board in "${boards[@]}"; do
    ppm=$(instructions "$board" "$work/frame.ppm")
    png=$(instructions "$board" "$work/frame.png")
    ratio=$(awk -v a="$png" -v b="$ppm" 'BEGIN { printf "%.2f", a / b }')
    printf '%-24s %14s %14s %6s× %10s %10s\n' "$(basename "$board")" "$ppm" "$png" "$ratio" \
        "$(stat -c %s "$work/frame.ppm")" "$(stat -c %s "$work/frame.png")"
    # The two files hold the same pixels.
    if ! "$gp" compare "$work/frame.ppm" "$work/frame.png" >/dev/null; then
        fail "$board: the PNG's pixels differ from the PPM's"; continue
    fi
    if awk -v r="$ratio" -v m="$max_ratio" 'BEGIN { exit !(r > m) }'; then
        fail "$board: a PNG snapshot costs ${ratio}× the PPM (at most ${max_ratio}×)"
    else
        pass
    fi
done
finish
