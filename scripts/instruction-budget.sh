#!/usr/bin/env bash
# Instruction budgets for the reference scene: deterministic frame-cost checks with callgrind.
#
# Builds Tools/FrameBudget (the GaugeRaster, GaugeGlyphs and GaugeWidgets sources + a small
# driver, one `swiftc -O -wmo` module like every real build: SwiftPM release and the Embedded
# cross builds are whole-module too), runs each workload once under
#     valgrind --tool=callgrind --toggle-collect='*measuredFrame*'
# so that only the measured frame is counted (not start-up, surfaces or warm-up frames),
# and compares the instruction counts with Benchmarks/instruction-budgets.txt.
# Instruction counts are repeatable run to run, unlike times; they move when the
# toolchain's code generation moves. Under callgrind glibc's string functions are kept
# off `rep stosb`/`rep movsb` (GLIBC_TUNABLES, below): valgrind counts each byte such an
# instruction stores as one instruction, which made a 1.5 MB memset "1.5 M instructions".
#
# ARM counts (unless --no-arm): `GoldenRender count` (Tools/GoldenRender/FrameCount.swift,
# the same workloads in the Embedded Swift subset), the cross-CPU check's builds (-Osize,
# as the firmware; scripts/cross-cpu-check.sh --build-only), for aarch64 (run:
# qemu-aarch64 -cpu cortex-a72, the Pi 4's core) and armv6 (static armel, run: qemu-arm
# -cpu arm1176, the Pi Zero's), run under qemu-user
# with Tools/InsnCount/insncount.c, a TCG plugin that counts every guest instruction
# executed (an inline add per translation block). A run counts the whole process, so
# each workload runs twice — N frames and 0 — and the difference divided by N is the
# count per frame (N = 60 for the animation, the same frames as FrameBudget's, else 4).
# Budgets "aarch64.<workload>" and "armv6.<workload>" in the budget file are enforced
# like the x86_64 ones. From the counts the report estimates a frame's time at one
# instruction per cycle, which neither core sustains (a lower bound): Pi 4, Cortex-A72
# at 1.5 GHz (aarch64 count), and Pi Zero, ARM1176 at 1 GHz (armv6 count).
#
# Workloads (Tools/FrameBudget/main.swift), all on ReferenceScene.dashboard() at 800×480:
# floor/floor565 (the floor: memset of the surface's bytes, every ratio divides by it),
# clear/clear565 (Canvas.clear), full/full565 (clear + the whole scene, on a canvas with the
# panel's ShapeCache: ticks and dial rings kept from the frame before), cold (full without
# a cache: everything evaluated, as a first frame), needle/needle565 (the
# tachometer moves 1 % of its range; damage computed and only it redrawn), anim/anim565
# (every value moves every frame, damage tracking on; mean of 60 frames), text (full frame
# of the scene with text), arc and conic (one 270° arc, radius 150, 18 px thick, solid and
# conic-gradient), ticks (one dial's 51 ticks: tiny quads); informational unless budgeted.
# copy, copyconv, copy32, copypack, copy90, copy90conv, copy9032, copy90pack: an animation
# frame's damage copied into scan-out memory (GaugeDisplay's RotatedCopy): RGB565 as it is
# and widened to XRGB8888, XRGB8888 as it is and packed to RGB565; copy90…: turned 90°.
# Turned, a converted copy must cost at most 1.5x the unconverted one (checked).
# chartsample, chartcolumn: a 400 × 150 chart of 400 columns (Tools/FrameBudget/Chart.swift)
# after a reading in its newest column (a few columns redrawn) and after its present moved
# on a column (the plot redrawn).
# RGB565 workloads divide by floor565. ARM counts: floor … text (not arc, conic, ticks).
# Before measuring, native checks (not under callgrind):
#   - the damage-exactness property: 10,000 seeded random value changes (NaN, ±∞, out of
#     range, small steps, jumps), damage-only redraw vs full redraw byte for byte, XRGB8888
#     and RGB565, with and without text — any differing pixel fails the script;
#   - integerSquareRoot32 is exact for every 32-bit argument (its one correction step
#     relies on the table's estimate being the root or one below);
#   - pixels written (damage area) against pixels changed (diff of consecutive full
#     renders) for the needle step and the animation — reported, and the pixels written
#     (XRGB8888) checked against the budgets pixels.needle and pixels.anim.
#
# Usage: scripts/instruction-budget.sh [--rebuild] [--no-verify] [--no-arm] [--build-only] [WORKLOAD...]
#   WORKLOAD     floor floor565 clear clear565 full full565 cold needle needle565 anim anim565 text
#                arc conic ticks copy copyconv copy32 copypack copy90 copy90conv copy9032 copy90pack
#                chartsample chartcolumn
#                (default: every workload in the budget file; floor and floor565 always run,
#                for the ratio column)
#   --rebuild    ignore the build cache in .build-budget/ (rebuilt anyway when any input changes)
#   --no-verify  skip the native damage-exactness and square-root checks (about a minute)
#   --build-only build (or find cached) FrameBudget and stop (scripts/test.sh builds it early)
#   --no-arm     skip the aarch64 and armv6 counts (their builds, when the cross-CPU check
#                has not made them, take about 1.5 minutes of CPU each, made while the
#                x86_64 checks run; cached in .build-cross/<arch>)
# Environment: SWIFTC (default: swiftc on PATH, else /opt/swift/usr/bin/swiftc),
#   BUDGET_BUILD_DIR (default .build-budget), BUDGET_FILE (default Benchmarks/instruction-budgets.txt).
# Output: the checks, a table (workload, instructions, budget, ratio to floor, mallocs per
# frame), the ARM table (aarch64 and armv6 counts, budgets, ratios to their floors, the
# estimated Pi 4 and Pi Zero frame times), then "N passed, N failed".
# Exit status: 0 when every check passes and every workload is within its budget, 1
# otherwise, 2 on bad usage.
set -uo pipefail

SCRIPT=$(readlink -f "${BASH_SOURCE[0]}")
cd "$(dirname "$SCRIPT")/.." || exit 1
ROOT=$(pwd)
BUILD=${BUDGET_BUILD_DIR:-$ROOT/.build-budget}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
BUDGETS=${BUDGET_FILE:-$ROOT/Benchmarks/instruction-budgets.txt}
ALL_WORKLOADS=(floor floor565 clear clear565 full full565 cold needle needle565 anim anim565 text arc conic ticks
               copy copyconv copy32 copypack copy90 copy90conv copy9032 copy90pack chartsample chartcolumn)
ARM_WORKLOADS=(floor floor565 clear clear565 full full565 cold needle needle565 anim anim565 text)
ARM_ARCHS=(aarch64 armv6)

rebuild=0 verify=1 arm=1 build_only=0 selected=()
for arg in "$@"; do
    case $arg in
        --rebuild) rebuild=1 ;;
        --no-verify) verify=0 ;;
        --no-arm) arm=0 ;;
        --build-only) build_only=1 ;;
        -h|--help) sed -n '2,/^set -uo/p' "$SCRIPT" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        floor|floor565|clear|clear565|full|full565|cold|needle|needle565|anim|anim565|text|arc|conic|ticks) selected+=("$arg") ;;
        copy|copyconv|copy32|copypack|copy90|copy90conv|copy9032|copy90pack|chartsample|chartcolumn) selected+=("$arg") ;;
        *) echo "unknown argument: $arg (try --help)" >&2; exit 2 ;;
    esac
done

# pass, fail and finish: the checks convention of scripts/lib/common.sh.
source scripts/lib/common.sh

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
    for w in "${ALL_WORKLOADS[@]}"; do [ -n "${budget[$w]:-}${budget[aarch64.$w]:-}" ] && selected+=("$w"); done
    [ ${#selected[@]} -eq 0 ] && selected=("${ALL_WORKLOADS[@]}")
fi
# floors first, always (the ratio column divides by them).
run_list=(floor floor565); for w in "${selected[@]}"; do case $w in floor|floor565) ;; *) run_list+=("$w") ;; esac; done
arm_list=(); for w in "${run_list[@]}"; do [[ " ${ARM_WORKLOADS[*]} " == *" $w "* ]] && arm_list+=("$w"); done

# ---------------------------------------------------------------- valgrind
if [ $build_only = 0 ] && ! command -v valgrind >/dev/null; then
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
mkdir -p "$BUILD"
# Build from a snapshot, so edits made meanwhile cannot mix into the binary.
SNAP="$BUILD/src"
# The renderer's one C module (its pattern fill) is found with -I.
SFLAGS=(-O -wmo -g -module-name GaugeRaster -I "$SNAP/Sources/CPixelFill/include")
rm -rf "$SNAP"; mkdir -p "$SNAP/Sources" "$SNAP/Tools"
mkdir -p "$SNAP/Sources/GaugeDisplay"
cp -R Sources/CPixelFill Sources/GaugeRaster Sources/GaugeGlyphs Sources/GaugeWidgets "$SNAP/Sources/" && cp -R Tools/FrameBudget "$SNAP/Tools/" &&
    cp -R Sources/GaugeDisplay/Rotation "$SNAP/Sources/GaugeDisplay/" ||
    { fail "snapshot of the sources"; finish; }
mapfile -t SOURCES < <(find "$SNAP/Sources" "$SNAP/Tools/FrameBudget" -name '*.swift' | LC_ALL=C sort)
# One module: the imports between the three libraries go.
sed -i -E '/^(@_exported )?import (GaugeRaster|GaugeGlyphs)$/d' "${SOURCES[@]}"
stamp=$( { cat "$SCRIPT"; printf '%s\n' "${SFLAGS[@]}"; "$SWIFTC" --version 2>&1
           for f in "${SOURCES[@]}" "$SNAP"/Sources/CPixelFill/include/*; do echo "${f#"$SNAP"/}"; cat "$f"; done; } | sha256sum | cut -d' ' -f1)
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
[ $build_only = 1 ] && { pass "FrameBudget: ${BIN#"$ROOT"/}"; finish; }

# ---------------------------------------------------------------- ARM builds (in the background)
# The cross-CPU check's Tools/GoldenRender for aarch64 and armv6 (Embedded Swift -Osize, the
# firmware's optimisation, one module with the three libraries), whose `count` command runs
# the workloads: scripts/cross-cpu-check.sh --build-only finds them cached when the check
# ran on these sources, else builds them while the native checks and callgrind run.
CROSS=${CROSS_BUILD_DIR:-$ROOT/.build-cross}
case $CROSS in /*) ;; *) CROSS=$ROOT/$CROSS ;; esac
arm_configure() {
    case $1 in
        aarch64) arm_run=(qemu-aarch64 -cpu cortex-a72 -L /usr/aarch64-linux-gnu) ;;
        armv6) arm_run=(qemu-arm -cpu arm1176) ;;
    esac
}
arm_pid=""
if [ $arm = 1 ] && [ ${#arm_list[@]} -gt 0 ]; then
    PLUGIN="$BUILD/insncount.so"
    if ! gcc -shared -fPIC -O2 -fvisibility=hidden -Wall -o "$PLUGIN" "$ROOT/Tools/InsnCount/insncount.c" > "$BUILD/plugin.log" 2>&1; then
        cat "$BUILD/plugin.log"; fail "build of the instruction-counting plugin (Tools/InsnCount)"; arm=0
    else
        echo "== GoldenRender for ${ARM_ARCHS[*]} in the background (scripts/cross-cpu-check.sh --build-only)"
        CROSS_BUILD_DIR=$CROSS bash "$ROOT/scripts/cross-cpu-check.sh" --build-only "${ARM_ARCHS[@]}" > "$BUILD/arm-build.log" 2>&1 &
        arm_pid=$!
    fi
fi

# ---------------------------------------------------------------- native checks
if [ $verify = 1 ]; then
    echo "== damage-exactness property (native)"
    if "$BIN" verify > "$BUILD/verify.txt" 2>&1; then
        cat "$BUILD/verify.txt"; pass
    else
        tail -n 30 "$BUILD/verify.txt"
        fail "damage-only redraws differ from full redraws (${BUILD#"$ROOT"/}/verify.txt)"
    fi
    echo "== integer square roots (native, every 32-bit argument)"
    if "$BIN" sqrt > "$BUILD/sqrt.txt" 2>&1; then cat "$BUILD/sqrt.txt"; pass
    else tail -n 10 "$BUILD/sqrt.txt"; fail "integerSquareRoot32 is not exact (${BUILD#"$ROOT"/}/sqrt.txt)"; fi
fi
echo "== pixels written (damage area) vs pixels changed"
if "$BIN" pixels > "$BUILD/pixels.txt" 2>&1; then cat "$BUILD/pixels.txt"; else cat "$BUILD/pixels.txt"; fail "pixels report"; fi
# Budgets "pixels.needle" and "pixels.anim": pixels a needle step and an animation frame
# write (XRGB8888), so damage that grows is caught as instructions that do.
for kind in needle anim; do
    b=${budget[pixels.$kind]:-}
    [ -n "$b" ] || continue
    case $kind in needle) label="needle step XRGB8888" ;; anim) label="animation XRGB8888" ;; esac
    n=$(sed -n "s/^$label: written \([0-9]*\) px.*/\1/p" "$BUILD/pixels.txt")
    if [ -z "$n" ]; then fail "pixels.$kind: no figure in the pixels report"
    elif [ "$n" -le "$b" ]; then echo "pixels.$kind: $n written, budget $b: ok"; pass
    else fail "pixels.$kind: $n pixels written, budget $b"; fi
done

# ---------------------------------------------------------------- measure
# The client's stack (argv, environment, program path) shifts the alignment of stack
# buffers, which moves memcpy's count by a few thousand: run with a fixed, empty
# environment and a relative path from the build directory, so counts are the same
# from any checkout, shell or CI. glibc's rep_stosb/rep_movsb thresholds set out of reach:
# callgrind counts every byte a `rep stos`/`rep movs` stores as an instruction, so memset,
# memcpy and memmove of more than a few KB run their vector loops instead, whose
# instructions count as what they are.
TUNABLES=glibc.cpu.x86_rep_stosb_threshold=0xffffffffffff:glibc.cpu.x86_rep_movsb_threshold=0xffffffffffff
VALGRIND=$(command -v valgrind)
declare -A count mallocs
for w in "${run_list[@]}"; do
    out="$BUILD/callgrind.$w.out"
    rm -f "$out"
    if ! (cd "$BUILD" && env -i GLIBC_TUNABLES=$TUNABLES "$VALGRIND" --tool=callgrind --toggle-collect='*measuredFrame*' \
            --callgrind-out-file="$out" ./FrameBudget "$w") > "$BUILD/run.$w.log" 2>&1; then
        tail -n 20 "$BUILD/run.$w.log"
        fail "$w: run under callgrind"; continue
    fi
    # "summary:" (or "totals:") holds the collected count of the one event, Ir.
    n=$(grep -E '^(summary|totals):' "$out" | head -n 1 | awk '{print $2}')
    case $n in ''|*[!0-9]*) fail "$w: no instruction count in ${out#"$ROOT"/}"; continue ;; esac
    # Several measured frames: the budget is per frame.
    frames=$(sed -n 's/^frames: \([0-9][0-9]*\)$/\1/p' "$BUILD/run.$w.log" | head -n 1)
    [ -n "$frames" ] && [ "$frames" -gt 0 ] || frames=1
    n=$((n / frames))
    if [ "$n" -eq 0 ]; then fail "$w: nothing collected (is measuredFrame still in the binary?)"; continue; fi
    count[$w]=$n
    # Calls to malloc and friends inside the measured frames (callgrind's call counts).
    m=$(awk '
        /^c?fn=\(/ { s = $0; sub(/^c?fn=\(/, "", s); id = s; sub(/\).*/, "", id)
                     name = s; sub(/^[0-9]+\) ?/, "", name); if (name != "") names[id] = name
                     if ($0 ~ /^cfn=/) callee = names[id]; next }
        /^calls=/ { s = $0; sub(/^calls=/, "", s); sub(/ .*/, "", s)
                    if (callee ~ /^(malloc|calloc|realloc|posix_memalign|aligned_alloc)$/) total += s; callee = "" }
        END { print total + 0 }' "$out")
    mallocs[$w]=$(awk -v m="$m" -v f="$frames" 'BEGIN { printf "%.0f", m / f }')
done

# ---------------------------------------------------------------- ARM counts
# Each workload N frames and 0 frames under qemu-user with the plugin; per frame the
# difference over N. The runs get a fixed, empty environment, as under callgrind.
declare -A acount=()
if [ -n "$arm_pid" ]; then
    echo "== ARM counts: waiting for the GoldenRender builds"
    wait "$arm_pid"
    for arch in "${ARM_ARCHS[@]}"; do
        dir="$BUILD/$arch"
        mkdir -p "$dir"
        # A copy beside the counts, run by a relative path (see the environment note above).
        if ! grep -q "^ok: $arch:" "$BUILD/arm-build.log" || ! cp "$CROSS/$arch/GoldenRender" "$dir/GoldenRender"; then
            grep -v '^ok:' "$BUILD/arm-build.log" | tail -n 30
            fail "$arch: GoldenRender build (log: ${BUILD#"$ROOT"/}/arm-build.log)"; continue
        fi
        arm_configure "$arch"
        echo "== $arch: GoldenRender count, under ${arm_run[*]:0:3}"
        for w in "${arm_list[@]}"; do
            case $w in anim|anim565) n=60 ;; *) n=4 ;; esac
            c=()
            for frames in "$n" 0; do
                rm -f "$dir/count.$w.$frames"
                if ! (cd "$dir" && env -i "${arm_run[@]}" -plugin "$PLUGIN,outfile=count.$w.$frames" ./GoldenRender count "$w" "$frames") \
                        > "$dir/run.$w.log" 2>&1; then
                    tail -n 5 "$dir/run.$w.log"; c=(); break
                fi
                c+=("$(sed -n 's/^insns: \([0-9][0-9]*\)$/\1/p' "$dir/count.$w.$frames" 2>/dev/null)")
            done
            case ${c[0]:-x}${c[1]:-x} in *[!0-9]*) fail "$arch $w: run under qemu with the plugin (${dir#"$ROOT"/}/run.$w.log)"; continue ;; esac
            acount[$arch.$w]=$(( (c[0] - c[1]) / n ))
        done
    done
fi

# ---------------------------------------------------------------- report
echo
printf '%-9s %14s %14s %7s %9s %8s  %s\n' workload instructions budget used floor× mallocs result
for w in "${run_list[@]}"; do
    case $w in *565) floor=${count[floor565]:-0} ;; *) floor=${count[floor]:-0} ;; esac
    n=${count[$w]:-}
    [ -z "$n" ] && { printf '%-9s %14s\n' "$w" "failed"; continue; }
    b=${budget[$w]:-}
    ratio=$(awk -v n="$n" -v f="$floor" 'BEGIN { if (f > 0) printf "%.2f", n / f; else printf "-" }')
    if [ -z "$b" ]; then
        printf '%-9s %14s %14s %7s %9s %8s  %s\n' "$w" "$n" "-" "-" "$ratio" "${mallocs[$w]}" "(no budget)"
    elif [ "$n" -le "$b" ]; then
        used=$(awk -v n="$n" -v b="$b" 'BEGIN { printf "%.0f%%", 100 * n / b }')
        printf '%-9s %14s %14s %7s %9s %8s  %s\n' "$w" "$n" "$b" "$used" "$ratio" "${mallocs[$w]}" "ok"
        pass
    else
        used=$(awk -v n="$n" -v b="$b" 'BEGIN { printf "%.0f%%", 100 * n / b }')
        printf '%-9s %14s %14s %7s %9s %8s  %s\n' "$w" "$n" "$b" "$used" "$ratio" "${mallocs[$w]}" "OVER BUDGET"
        fail "$w: $n instructions, budget $b"
    fi
done
echo "(callgrind outputs: ${BUILD#"$ROOT"/}/callgrind.<workload>.out — callgrind_annotate them to see where the time goes)"
# The copy into scan-out memory converted (a device that cannot show the board's format)
# against the same copy unconverted. Turned a quarter, both walk the damage pixel by pixel,
# and the converted one may cost at most 1.5x. Upright, the unconverted copy is memcpy of
# each damaged row (a fraction of an instruction a pixel) while conversion is arithmetic
# on every pixel: that ratio is reported, and the converted copies are held to budgets.
copy_ratio() {   # converted unconverted what limit(empty: report only)
    local c=${count[$1]:-} u=${count[$2]:-}
    [ -n "$c" ] && [ -n "$u" ] || return 0
    local r; r=$(awk -v c="$c" -v u="$u" 'BEGIN { printf "%.2f", c / u }')
    if [ -z "$4" ]; then echo "copy ratio $1/$2 ($3): $c / $u = ${r}x (reported)"; return 0; fi
    if awk -v r="$r" -v l="$4" 'BEGIN { exit !(r <= l) }'; then echo "copy ratio $1/$2 ($3): $c / $u = ${r}x <= ${4}x"; pass
    else echo "copy ratio $1/$2 ($3): $c / $u = ${r}x > ${4}x"; fail "$1: converted copy ${r}x the unconverted one (at most ${4}x)"; fi
}
copy_ratio copy90conv copy90 "RGB565 board, XRGB8888 scan-out, turned 90" 1.5
copy_ratio copy90pack copy9032 "XRGB8888 board, RGB565 scan-out, turned 90" 1.5
copy_ratio copyconv copy "RGB565 board, XRGB8888 scan-out, upright" ""
copy_ratio copypack copy32 "XRGB8888 board, RGB565 scan-out, upright" ""
if [ ${#acount[@]} -gt 0 ]; then
    echo
    echo "ARM, Embedded Swift -Osize (as the firmware) under qemu-user (Tools/InsnCount), instructions per frame; frame time at 1 instruction/cycle:"
    printf '%-9s %11s %11s %5s %7s  %11s %11s %5s %7s  %12s %12s  %s\n' workload aarch64 budget used floor× \
        armv6 budget used floor× "Pi 4 1.5GHz" "Pi Zero 1GHz" result
    for w in "${arm_list[@]}"; do
        result="" cols=() budgeted=0
        for arch in "${ARM_ARCHS[@]}"; do
            n=${acount[$arch.$w]:-}
            if [ -z "$n" ]; then cols+=("failed" "-" "-" "-"); continue; fi
            case $w in *565) floor=${acount[$arch.floor565]:-0} ;; *) floor=${acount[$arch.floor]:-0} ;; esac
            ratio=$(awk -v n="$n" -v f="$floor" 'BEGIN { if (f > 0) printf "%.2f", n / f; else printf "-" }')
            b=${budget[$arch.$w]:-}
            if [ -z "$b" ]; then cols+=("$n" "-" "-" "$ratio"); continue; fi
            used=$(awk -v n="$n" -v b="$b" 'BEGIN { printf "%.0f%%", 100 * n / b }')
            cols+=("$n" "$b" "$used" "$ratio"); budgeted=1
            if [ "$n" -le "$b" ]; then pass; else fail "$arch $w: $n instructions, budget $b"; result+=" $arch OVER BUDGET"; fi
        done
        pi4=$(awk -v n="${acount[aarch64.$w]:-}" 'BEGIN { if (n == "") print "-"; else printf "%.3f ms", n / 1.5e6 }')
        zero=$(awk -v n="${acount[armv6.$w]:-}" 'BEGIN { if (n == "") print "-"; else printf "%.3f ms", n / 1e6 }')
        printf '%-9s %11s %11s %5s %7s  %11s %11s %5s %7s  %12s %12s  %s\n' "$w" "${cols[@]}" "$pi4" "$zero" "${result:- $([ $budgeted = 1 ] && echo ok || echo "(no budget)")}"
    done
    echo "(the anim rows: the mean of 60 frames; counts: ${BUILD#"$ROOT"/}/<arch>/count.<workload>.<frames>)"
fi
finish
