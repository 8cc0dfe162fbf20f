#!/usr/bin/env bash
# Renderer benchmarks (ordo-one/benchmark) on the reference scene: floor, Canvas.clear,
# full frame, needle step, animation frame and text, in XRGB8888 and RGB565, at 800×480,
# 1920×1080 and 320×240. Each case is timed with the floor (the C library's memset over a
# surface of the same size and format) in the same iteration; ratios survive noisy
# machines, times don't. Prints ordo-one's tables (times, mallocs, custom metrics), then
# one summary table over each case's measured iterations (warm-up ones left out): the
# median time of the case, the median time of the floor in the same iterations, the ratio
# of the two medians, mallocs per frame (p50), pixels written and changed (medians).
#   scripts/bench.sh                      all benchmarks
#   scripts/bench.sh --filter 'Needle.*'  some (any other arguments go to `benchmark`)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh
ensure_packages zlib1g-dev pkg-config libfreetype-dev fonts-dejavu-core libdrm-dev libevdev-dev libtomlplusplus-dev libmbedtls-dev
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
printf '%-34s %12s %12s %9s %8s %10s %10s %8s\n' case "time (p50)" "floor (p50)" "× floor" mallocs written changed "w/c"
# Lines "name<TAB>case ns<TAB>floor ns<TAB>written<TAB>changed", one per measured iteration;
# per case, in the order they ran: the medians (the upper one of an even count).
awk -F'\t' '
    function median(list,   n, v, i, j, t) {
        n = split(list, v, " ")
        for (i = 2; i <= n; i++) { t = v[i] + 0; for (j = i - 1; j >= 1 && v[j] + 0 > t; j--) v[j + 1] = v[j]; v[j + 1] = t }
        return v[int(n / 2) + 1]
    }
    { if (!($1 in seen)) { seen[$1] = 1; order[n++] = $1 }
      ns[$1] = ns[$1] " " $2; fl[$1] = fl[$1] " " $3; wr[$1] = wr[$1] " " $4; ch[$1] = ch[$1] " " $5; k[$1]++ }
    END { for (i = 0; i < n; i++) { c = order[i]
          print c "\t" median(ns[c]) "\t" median(fl[c]) "\t" median(wr[c]) "\t" median(ch[c]) "\t" k[c] } }' "$summary" |
while IFS=$'\t' read -r name ns floor written changed samples; do
    fmt() { awk -v ns="$1" 'BEGIN { if (ns >= 1000000) printf "%.2f ms", ns / 1e6; else printf "%.1f µs", ns / 1e3 }'; }
    time=$(fmt "$ns"); ftime=$(fmt "$floor")
    r=$(awk -v n="$ns" -v f="$floor" 'BEGIN { if (f > 0) printf "%.2f×", n / f; else printf "-" }')
    wc="-"; [ "$changed" -gt 0 ] && wc=$(awk -v w="$written" -v c="$changed" 'BEGIN { printf "%.2f", w / c }')
    case $name in Floor*|Clear*|Full*|Cold*|Text*) written="-"; changed="-"; wc="-" ;; esac
    printf '%-34s %12s %12s %9s %8s %10s %10s %8s\n' "$name" "$time" "$ftime" "$r" "${mallocs[$name]:--}" "$written" "$changed" "$wc"
done
echo "(medians over each case's measured iterations; the floor is timed in the same iterations as the case)"
