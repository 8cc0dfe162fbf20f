#!/usr/bin/env bash
# Renderer benchmarks (ordo-one/benchmark) on the reference scene: floor, full frame,
# needle step, animation frame and text, in XRGB8888 and RGB565, at 800×480, 1920×1080
# and 320×240. Each case is timed with the floor (a one-colour fill of a surface of the
# same size and format) in the same iteration; ratios survive noisy machines, times don't.
# Prints ordo-one's tables (times, mallocs, custom metrics), then one summary table:
# median time, ratio to the floor, mallocs per frame (p50), pixels written and changed.
#   scripts/bench.sh                      all benchmarks
#   scripts/bench.sh --filter 'Needle.*'  some (any other arguments go to `benchmark`)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh
ensure_packages zlib1g-dev pkg-config libfreetype-dev fonts-dejavu-core libdrm-dev libevdev-dev libtomlplusplus-dev
export GAUGEPANEL_BENCHMARKS=1
summary=$(mktemp); output=$(mktemp)
trap 'rm -f "$summary" "$output"' EXIT
export GAUGEPANEL_BENCH_SUMMARY=$summary
swift package --scratch-path .build-bench --disable-sandbox benchmark --target RasterBenchmarks "$@" | tee "$output"

# Mallocs per frame: the p50 of each case's "Malloc (total)" row in ordo-one's tables.
declare -A mallocs known
while IFS=$'\t' read -r name _; do known[$name]=1; done < "$summary"
current=""
while IFS= read -r line; do
    trimmed=$(echo "$line" | sed 's/^ *//; s/ *$//')
    if [ -n "$trimmed" ] && [ -n "${known[$trimmed]:-}" ]; then current=$trimmed; continue; fi
    case $line in
        *"Malloc (total)"*)
            # │ Malloc (total) * │ p0 │ p25 │ p50 │ ...: the fourth number column is p50.
            p50=$(echo "$line" | tr -d '│|' | sed 's/Malloc (total)[^0-9]*//' | awk '{print $3}')
            [ -n "$current" ] && mallocs[$current]=$p50 ;;
    esac
done < <(sed 's/\x1b\[[0-9;]*m//g' "$output")

echo
printf '%-34s %12s %9s %8s %10s %10s %8s\n' case "time (p50)" "× floor" mallocs written changed "w/c"
# Last line per case (each case may run more than once); in the order they ran.
awk -F'\t' '{ last[$1] = $0; if (!($1 in seen)) { seen[$1] = 1; order[n++] = $1 } } END { for (i = 0; i < n; i++) print last[order[i]] }' "$summary" |
while IFS=$'\t' read -r name ns ratio written changed; do
    time=$(awk -v ns="$ns" 'BEGIN { if (ns >= 1000000) printf "%.2f ms", ns / 1e6; else printf "%.1f µs", ns / 1e3 }')
    r=$(awk -v r="$ratio" 'BEGIN { printf "%.2f×", r / 100 }')
    wc="-"; [ "$changed" -gt 0 ] && wc=$(awk -v w="$written" -v c="$changed" 'BEGIN { printf "%.2f", w / c }')
    case $name in Floor*|Full*|Text*) written="-"; changed="-"; wc="-" ;; esac
    printf '%-34s %12s %9s %8s %10s %10s %8s\n' "$name" "$time" "$r" "${mallocs[$name]:--}" "$written" "$changed" "$wc"
done
