#!/usr/bin/env bash
# Instruction budgets for GaugeRaster: deterministic frame-cost checks with callgrind.
#
# Builds Tools/FrameBudget (the GaugeRaster sources + a small driver, one `swiftc -O -wmo`
# module like every real build: SwiftPM release and the Embedded cross builds are
# whole-module too), runs each workload once under
#     valgrind --tool=callgrind --toggle-collect='*measuredFrame*'
# so that only the measured frame is counted (not start-up, surfaces or warm-up frames),
# and compares the instruction counts with Benchmarks/instruction-budgets.txt.
# Instruction counts are repeatable run to run, unlike times; they are x86_64 counts,
# a proxy for the Pi's cost, and move when the toolchain's code generation moves.
#
# Workloads (Tools/FrameBudget/main.swift): floor (clear 800×480), full (clear + the
# whole test card, XRGB8888), full565 (the same in RGB565), needle (the left dial's needle
# moves 1 % of its sweep; only the damaged rectangle is redrawn), arc and conic (one
# 270° arc, radius 150, 18 px thick, solid and conic-gradient; informational unless budgeted).
# Also checks once, natively, that the needle's damaged redraw equals a full redraw.
#
# Usage: scripts/instruction-budget.sh [--rebuild] [WORKLOAD...]
#   WORKLOAD     floor full full565 needle arc conic (default: every workload in the
#                budget file; floor always runs, for the ratio column)
#   --rebuild    ignore the build cache in .build-budget/ (rebuilt anyway when any input changes)
# Environment: SWIFTC (default: swiftc on PATH, else /opt/swift/usr/bin/swiftc),
#   BUDGET_BUILD_DIR (default .build-budget), BUDGET_FILE (default Benchmarks/instruction-budgets.txt).
# Output: a table (workload, instructions, budget, ratio to floor), then "N passed, N failed".
# Exit status: 0 when every workload is within its budget, 1 otherwise, 2 on bad usage.
set -uo pipefail

SCRIPT=$(readlink -f "${BASH_SOURCE[0]}")
cd "$(dirname "$SCRIPT")/.." || exit 1
ROOT=$(pwd)
BUILD=${BUDGET_BUILD_DIR:-$ROOT/.build-budget}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
BUDGETS=${BUDGET_FILE:-$ROOT/Benchmarks/instruction-budgets.txt}
ALL_WORKLOADS=(floor full full565 needle arc conic)

rebuild=0 selected=()
for arg in "$@"; do
    case $arg in
        --rebuild) rebuild=1 ;;
        -h|--help) sed -n '2,/^set -uo/p' "$SCRIPT" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        floor|full|full565|needle|arc|conic) selected+=("$arg") ;;
        *) echo "unknown argument: $arg (try --help)" >&2; exit 2 ;;
    esac
done

passed=0 failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }

# ---------------------------------------------------------------- budgets
# Lines "<workload> <instructions>"; '#' starts a comment.
declare -A budget
if [ -f "$BUDGETS" ]; then
    while read -r name value _; do
        [ -z "$name" ] && continue
        case $value in ''|*[!0-9]*) echo "bad budget line for '$name' in ${BUDGETS#"$ROOT"/}" >&2; exit 2 ;; esac
        budget[$name]=$value
    done < <(sed 's/#.*//' "$BUDGETS")
else
    echo "no budget file ${BUDGETS#"$ROOT"/}: measuring only"
fi
if [ ${#selected[@]} -eq 0 ]; then
    for w in "${ALL_WORKLOADS[@]}"; do [ -n "${budget[$w]:-}" ] && selected+=("$w"); done
    [ ${#selected[@]} -eq 0 ] && selected=("${ALL_WORKLOADS[@]}")
fi
# floor first, always (the ratio column divides by it).
run_list=(floor); for w in "${selected[@]}"; do [ "$w" = floor ] || run_list+=("$w"); done

# ---------------------------------------------------------------- valgrind
if ! command -v valgrind >/dev/null; then
    status=$(dpkg-query -W -f='${Status}' valgrind 2>/dev/null || true)
    if [ "$status" != "install ok installed" ]; then
        if ! command -v apt-get >/dev/null; then echo "valgrind is missing and there is no apt-get"; fail "valgrind"; finish; fi
        echo "== installing valgrind"
        sudo=()
        if [ "$(id -u)" -ne 0 ]; then
            command -v sudo >/dev/null || { echo "need root or sudo to install valgrind"; fail "valgrind"; finish; }
            sudo=(sudo)
        fi
        { "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null &&
          "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends valgrind; } ||
            { fail "installing valgrind"; finish; }
    fi
fi

# ---------------------------------------------------------------- build (cached by input hash)
SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
if ! [ -x "$SWIFTC" ] && ! command -v "$SWIFTC" >/dev/null; then
    echo "swiftc not found (set SWIFTC or put swiftc on PATH)"; fail "toolchain"; finish
fi
SFLAGS=(-O -wmo -g -module-name GaugeRaster)
mkdir -p "$BUILD"
# Build from a snapshot, so edits made meanwhile cannot mix into the binary.
SNAP="$BUILD/src"
rm -rf "$SNAP"; mkdir -p "$SNAP/Sources" "$SNAP/Tools"
cp -R Sources/GaugeRaster "$SNAP/Sources/" && cp -R Tools/FrameBudget "$SNAP/Tools/" || { fail "snapshot of the sources"; finish; }
mapfile -t SOURCES < <(find "$SNAP/Sources/GaugeRaster" "$SNAP/Tools/FrameBudget" -name '*.swift' | LC_ALL=C sort)
stamp=$( { cat "$SCRIPT"; printf '%s\n' "${SFLAGS[@]}"; "$SWIFTC" --version 2>&1
           for f in "${SOURCES[@]}"; do echo "${f#"$SNAP"/}"; cat "$f"; done; } | sha256sum | cut -d' ' -f1)
BIN="$BUILD/FrameBudget"
if [ $rebuild = 0 ] && [ -x "$BIN" ] && [ "$(cat "$BUILD/stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "== FrameBudget: cached (${BUILD#"$ROOT"/})"
else
    echo "== building FrameBudget (swiftc ${SFLAGS[*]})"
    rm -f "$BIN" "$BUILD/stamp"
    if ! "$SWIFTC" "${SFLAGS[@]}" "${SOURCES[@]}" -o "$BIN" > "$BUILD/build.log" 2>&1; then
        grep -E -A3 'error:' "$BUILD/build.log" | sed "s|$SNAP/||g" | head -n 40
        fail "build (log: ${BUILD#"$ROOT"/}/build.log)"; finish
    fi
    echo "$stamp" > "$BUILD/stamp"
fi

# ---------------------------------------------------------------- damage redraw sanity check
if "$BIN" verify > "$BUILD/verify.txt" 2>&1; then
    pass
else
    cat "$BUILD/verify.txt"
    fail "needle: the damaged redraw differs from a full redraw"
fi

# ---------------------------------------------------------------- measure
# The client's stack (argv, environment, program path) shifts the alignment of stack
# buffers, which moves memcpy's count by a few thousand: run with a fixed, empty
# environment and a relative path from the build directory, so counts are the same
# from any checkout, shell or CI.
VALGRIND=$(command -v valgrind)
declare -A count
for w in "${run_list[@]}"; do
    out="$BUILD/callgrind.$w.out"
    rm -f "$out"
    if ! (cd "$BUILD" && env -i "$VALGRIND" --tool=callgrind --toggle-collect='*measuredFrame*' \
            --callgrind-out-file="$out" ./FrameBudget "$w") > "$BUILD/run.$w.log" 2>&1; then
        tail -n 20 "$BUILD/run.$w.log"
        fail "$w: run under callgrind"; continue
    fi
    # "summary:" (or "totals:") holds the collected count of the one event, Ir.
    n=$(grep -E '^(summary|totals):' "$out" | head -n 1 | awk '{print $2}')
    case $n in ''|*[!0-9]*) fail "$w: no instruction count in ${out#"$ROOT"/}"; continue ;; esac
    if [ "$n" -eq 0 ]; then fail "$w: nothing collected (is measuredFrame still in the binary?)"; continue; fi
    count[$w]=$n
done

# ---------------------------------------------------------------- report
echo
printf '%-9s %14s %14s %7s %9s  %s\n' workload instructions budget used floor× result
floor=${count[floor]:-0}
for w in "${run_list[@]}"; do
    n=${count[$w]:-}
    [ -z "$n" ] && { printf '%-9s %14s\n' "$w" "failed"; continue; }
    b=${budget[$w]:-}
    ratio=$(awk -v n="$n" -v f="$floor" 'BEGIN { if (f > 0) printf "%.2f", n / f; else printf "-" }')
    if [ -z "$b" ]; then
        printf '%-9s %14s %14s %7s %9s  %s\n' "$w" "$n" "-" "-" "$ratio" "(no budget)"
    elif [ "$n" -le "$b" ]; then
        used=$(awk -v n="$n" -v b="$b" 'BEGIN { printf "%.0f%%", 100 * n / b }')
        printf '%-9s %14s %14s %7s %9s  %s\n' "$w" "$n" "$b" "$used" "$ratio" "ok"
        pass
    else
        used=$(awk -v n="$n" -v b="$b" 'BEGIN { printf "%.0f%%", 100 * n / b }')
        printf '%-9s %14s %14s %7s %9s  %s\n' "$w" "$n" "$b" "$used" "$ratio" "OVER BUDGET"
        fail "$w: $n instructions, budget $b"
    fi
done
echo "(callgrind outputs: ${BUILD#"$ROOT"/}/callgrind.<workload>.out — callgrind_annotate them to see where the time goes)"
finish
