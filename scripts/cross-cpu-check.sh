#!/usr/bin/env bash
# Cross-CPU determinism check for the renderer: GaugeRaster, GaugeGlyphs and GaugeWidgets.
# That every other module (the decoders among them) builds in Embedded Swift for each Pi CPU,
# the firmware (scripts/build-firmware.sh, every module for every CPU) shows.
#
# Builds Tools/GoldenRender (those three modules + a small Embedded-Swift-compatible
# driver, compiled as one module) for
#   aarch64         Embedded, glibc arm64    run: qemu-aarch64 -cpu cortex-a53   (Pi 3/4/5, Zero 2; the reference)
#   armv6           Embedded, static armel   run: qemu-arm -cpu arm1176          (Pi 1, Zero; 32-bit ARM)
#   armv7hf         Embedded, glibc armhf    run: qemu-arm -cpu cortex-a7        (only when named: Pi 2,
#                                             32-bit OS; the firmware's renders of every example
#                                             board on that CPU, scripts/firmware-check.sh, already
#                                             tie armv7 to the host, and armv6 covers 32-bit ARM)
#   x86_64-embedded Embedded Swift, host glibc  (only when named: no panel runs it)
#   x86_64          native Swift -O          (only when named: the SwiftPM build and its
#                                             goldens, (c), already tie native Swift to it)
# every Embedded one -Osize like the firmware, runs each (it renders every TestCard scene
# and the reference-scene dashboard, with and without stroke-font text, and the lamps'
# sheet of every symbol, into
# <scene>-<format>.ppm and prints "<file> <fnv1a of the raw pixel bytes>"), and requires:
#   (a) every arch's checksum lines identical to the reference's,
#   (b) every PPM byte-identical (cmp) to the reference's,
#   (c) where Tests/Gauge{Raster,Widgets}Tests/Goldens/<scene>-<format>.png exists, the reference
#       PPM equal to it pixel for pixel (`gaugepanel compare`; $GAUGEPANEL, or built with
#       `swift build --scratch-path .build-cross-host --product gaugepanel`).
# The same binaries count instructions on ARM (`GoldenRender count`, for
# scripts/instruction-budget.sh, which builds them with --build-only).
# Missing cross packages are installed with apt-get (sudo when not root).
#
# Usage: scripts/cross-cpu-check.sh [--rebuild] [--no-goldens] [--build-only] [ARCH...]
#   ARCH: aarch64 armv7hf armv6 x86_64-embedded x86_64 (default: aarch64 and armv6; the
#         reference, aarch64, always runs unless --build-only)
#   --rebuild     ignore the build cache in .build-cross/ (rebuilt anyway when any input changes)
#   --no-goldens  skip (c)
#   --build-only  build (or find cached) <dir>/<ARCH>/GoldenRender, run nothing
# Environment: SWIFTC (default: swiftc on PATH, else /opt/swift/usr/bin/swiftc),
#   GAUGEPANEL (a built gaugepanel binary for (c)), CROSS_BUILD_DIR (default .build-cross).
# Exit status: 0 when every check passed, 1 otherwise. Last line: "N passed, N failed".
set -uo pipefail

SCRIPT=$(readlink -f "${BASH_SOURCE[0]}")
cd "$(dirname "$SCRIPT")/.." || exit 1
ROOT=$(pwd)
BUILD=${CROSS_BUILD_DIR:-$ROOT/.build-cross}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac

ALL_ARCHS=(aarch64 armv6)
REF=aarch64
rebuild=0 goldens=1 build_only=0 archs=()
for arg in "$@"; do
    case $arg in
        --rebuild) rebuild=1 ;;
        --no-goldens) goldens=0 ;;
        --build-only) build_only=1 ;;
        -h|--help) sed -n '2,/^set -uo/p' "$SCRIPT" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        x86_64|x86_64-embedded|aarch64|armv7hf|armv6) archs+=("$arg") ;;
        *) echo "unknown argument: $arg (try --help)" >&2; exit 2 ;;
    esac
done
[ ${#archs[@]} -eq 0 ] && archs=("${ALL_ARCHS[@]}")
# The reference always runs, first (not needed to build only).
if [ $build_only = 0 ]; then
    sel=("$REF"); for a in "${archs[@]}"; do [ "$a" = "$REF" ] || sel+=("$a"); done; archs=("${sel[@]}")
fi

# pass, fail and finish: the checks convention of scripts/lib/common.sh.
source scripts/lib/common.sh
now() { echo "${EPOCHREALTIME:-$(date +%s.%N)}"; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fs", b - a }'; }

# ---------------------------------------------------------------- tools and packages
arch_packages() {
    case $1 in
        x86_64|x86_64-embedded) echo "gcc libc6-dev" ;;
        aarch64) echo "qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross" ;;
        armv7hf) echo "qemu-user gcc-arm-linux-gnueabihf libc6-dev-armhf-cross" ;;
        armv6)   echo "qemu-user gcc-arm-linux-gnueabi libc6-dev-armel-cross" ;;
    esac
}

# The packages every requested CPU needs, installed when missing (scripts/lib/deps.sh).
source scripts/lib/deps.sh
cross_packages() {
    local wanted=() a p
    for a in "${archs[@]}"; do
        for p in $(arch_packages "$a"); do
            [[ " ${wanted[*]-} " == *" $p "* ]] || wanted+=("$p")
        done
    done
    ensure_packages "${wanted[@]}"
}

SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
if ! [ -x "$SWIFTC" ] && ! command -v "$SWIFTC" >/dev/null; then
    echo "swiftc not found (set SWIFTC or put swiftc on PATH)"; fail "toolchain"; finish
fi
SWIFT_LIB=$(cd "$(dirname "$(readlink -f "$(command -v "$SWIFTC")")")/../lib/swift" 2>/dev/null && pwd)
if ! cross_packages; then fail "installing the cross toolchain packages"; finish; fi

# ---------------------------------------------------------------- per-arch recipes
# Sets: target triple, Swift flags, C compiler, link flags, runner, strip, embedded.
configure() {
    embedded=1 run=() lflags=() sflags=()
    case $1 in
        x86_64)
            embedded=0 triple=x86_64-unknown-linux-gnu cc=$SWIFTC strip=strip
            sflags=(-O) lflags=(-lm) run=() ;;
        x86_64-embedded)
            triple=x86_64-unknown-linux-gnu cc=gcc strip=strip run=() ;;
        aarch64)
            triple=aarch64-none-none-elf cc=aarch64-linux-gnu-gcc strip=aarch64-linux-gnu-strip
            sflags=(-Xcc -isystem -Xcc /usr/aarch64-linux-gnu/include)
            run=(qemu-aarch64 -cpu cortex-a53 -L /usr/aarch64-linux-gnu) ;;
        armv7hf)
            triple=armv7-none-none-eabi cc=arm-linux-gnueabihf-gcc strip=arm-linux-gnueabihf-strip
            # Hard-float ABI for the Swift code too (the Pi's armhf userland passes floats in VFP registers).
            sflags=(-Xcc -mfloat-abi=hard -Xcc -isystem -Xcc /usr/arm-linux-gnueabihf/include)
            # The toolchain's libswiftUnicodeDataTables.a is tagged soft-float; it passes no floats.
            lflags=(-Wl,--no-warn-mismatch)
            run=(qemu-arm -cpu cortex-a7 -L /usr/arm-linux-gnueabihf) ;;
        armv6)
            # Debian's armhf glibc is ARMv7-only: a static soft-float-ABI (armel) binary using VFP.
            triple=armv6-none-none-eabi cc=arm-linux-gnueabi-gcc strip=arm-linux-gnueabi-strip
            sflags=(-Xcc -mfloat-abi=softfp -Xcc -mfpu=vfp -Xcc -isystem -Xcc /usr/arm-linux-gnueabi/include)
            lflags=(-static)
            run=(qemu-arm -cpu arm1176) ;;
    esac
    if [ $embedded = 1 ]; then
        # -Osize like a firmware build; overflow checks stay on, so Int overflow traps.
        sflags=(-target "$triple" -enable-experimental-feature Embedded -Osize
                -Xfrontend -function-sections "${sflags[@]}")
        local tables="$SWIFT_LIB/embedded/$triple/libswiftUnicodeDataTables.a"
        lflags=(-Wl,--gc-sections "${lflags[@]}")
        [ -f "$tables" ] && lflags+=("$tables")
        lflags+=(-lm)
    fi
    sflags=(-wmo -parse-as-library "${sflags[@]}")
}

# Build every arch from one snapshot of the sources, so edits made while the check runs
# cannot make the arches compile different code.
SNAP="$BUILD/src"
rm -rf "$SNAP"; mkdir -p "$SNAP/Sources" "$SNAP/Tools"
cp -R Sources/CPixelFill Sources/GaugeRaster Sources/GaugeGlyphs Sources/GaugeWidgets "$SNAP/Sources/" &&
    cp -R Tools/GoldenRender Tools/CSys "$SNAP/Tools/" || { fail "snapshot of the sources"; finish; }
# One module: the imports between the three modules go (only in the snapshot).
find "$SNAP/Sources" -name '*.swift' -exec sed -i -E \
    's/^(@_exported )?import (GaugeRaster|GaugeGlyphs)$/\/\/ (one module) &/' {} +
mapfile -t RASTER_SOURCES < <(find "$SNAP/Sources" -name '*.swift' | LC_ALL=C sort)
mapfile -t MAIN_SOURCES < <(find "$SNAP/Tools/GoldenRender" -name '*.swift' | LC_ALL=C sort)

# build ARCH DIR -> DIR/GoldenRender; the log in DIR/build.log
build() {
    local arch=$1 dir=$2 stamp
    cached=0
    configure "$arch"
    stamp=$( { echo "$arch"; cat "$SCRIPT"; printf '%s\n' "${sflags[@]}" "${lflags[@]}"; "$SWIFTC" --version 2>&1
               for f in "${RASTER_SOURCES[@]}" "${MAIN_SOURCES[@]}" "$SNAP"/Tools/CSys/* "$SNAP"/Sources/CPixelFill/include/*; do
                   echo "${f#"$SNAP"/}"; cat "$f"; done; } | sha256sum | cut -d' ' -f1)
    if [ $rebuild = 0 ] && [ -x "$dir/GoldenRender" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then
        cached=1; return 0
    fi
    rm -rf "$dir/obj" "$dir/GoldenRender" "$dir/stamp"; mkdir -p "$dir/obj"
    (
        set -x
        # One whole-module compile of the renderer + the driver, native and Embedded
        # alike (Embedded re-specializes everything in the client anyway; one module
        # halves the build time). The goldens (c) tie it to the SwiftPM build.
        "$SWIFTC" "${sflags[@]}" -module-name GoldenRender -D GOLDEN_RENDER_ONE_MODULE \
            -I "$SNAP/Tools/CSys" -I "$SNAP/Sources/CPixelFill/include" "${RASTER_SOURCES[@]}" "${MAIN_SOURCES[@]}" \
            -c -o "$dir/obj/GoldenRender.o" || exit 1
        if [ "$arch" = armv7hf ]; then
            # --no-warn-mismatch is for the data-table archive only: check our own objects.
            for o in "$dir"/obj/*.o; do
                arm-linux-gnueabihf-readelf -A "$o" | grep -q 'Tag_ABI_VFP_args: VFP registers' ||
                    { echo "$o: not built for the hard-float ABI"; exit 1; }
            done
        fi
        "$cc" -o "$dir/GoldenRender" "$dir"/obj/*.o "${lflags[@]}" &&
        "$strip" "$dir/GoldenRender"
    ) > "$dir/build.log" 2>&1 || return 1
    echo "$stamp" > "$dir/stamp"
}

# build_errors DIR: the compiler's errors in DIR/build.log (else its end), paths shortened.
build_errors() {
    { grep -E -A3 'error:' "$1/build.log" || tail -n 30 "$1/build.log"; } | sed "s|$SNAP/||g" | head -n 60
}

# ---------------------------------------------------------------- build and run every arch
# Every arch is built first, side by side (each is one whole-module compile, one core
# each; the loop below then finds them cached and reports the builds' times as cached).
prebuild_log=$BUILD/prebuild-times
: > "$prebuild_log"
for arch in "${archs[@]}"; do
    mkdir -p "$BUILD/$arch"
    ( t0=$(now); build "$arch" "$BUILD/$arch" && echo "$arch $(elapsed "$t0" "$(now)")" >> "$prebuild_log" ) &
done
wait
if [ $build_only = 1 ]; then
    for arch in "${archs[@]}"; do
        if build "$arch" "$BUILD/$arch"; then pass "$arch: ${BUILD#"$ROOT"/}/$arch/GoldenRender"
        else build_errors "$BUILD/$arch"
             fail "$arch: build (log: ${BUILD#"$ROOT"/}/$arch/build.log)"; fi
    done
    finish
fi
ref_dir="$BUILD/$REF"
ref_ok=0
declare -A summary
for arch in "${archs[@]}"; do
    dir="$BUILD/$arch"
    mkdir -p "$dir"
    echo "== $arch: building"
    t0=$(now)
    if ! build "$arch" "$dir"; then
        echo "--- $dir/build.log (errors):"
        build_errors "$dir"
        fail "$arch: build"
        summary[$arch]="build FAILED (see ${dir#"$ROOT"/}/build.log)"
        continue
    fi
    pass
    t1=$(now)
    btime=$(elapsed "$t0" "$t1")
    if [ "$cached" = 1 ]; then   # built just now side by side, or by an earlier run
        btime=$(awk -v a="$arch" '$1 == a { print $2 " (in parallel)" }' "$prebuild_log"); [ -n "$btime" ] || btime="cached"
    fi
    size=$(stat -c %s "$dir/GoldenRender")

    rm -rf "$dir/out"; mkdir -p "$dir/out"
    configure "$arch"
    t2=$(now)
    "${run[@]}" "$dir/GoldenRender" "$dir/out" > "$dir/checksums.txt" 2> "$dir/run.stderr"
    rc=$?
    t3=$(now)
    rtime=$(elapsed "$t2" "$t3")
    if [ $rc -ne 0 ] || ! [ -s "$dir/checksums.txt" ]; then
        if [ $rc -gt 128 ]; then
            n=$(wc -l < "$dir/checksums.txt")
            next=""
            [ $ref_ok = 1 ] && [ "$arch" != "$REF" ] && next=$(sed -n "$((n + 1))p" "$ref_dir/checksums.txt" | cut -d' ' -f1)
            echo "$arch: GoldenRender killed by signal $((rc - 128)) (4/5 = a Swift trap: overflow, bounds, nil unwrap...)" \
                 "after $n images${next:+, while rendering $next}"
        fi
        cat "$dir/run.stderr"
        fail "$arch: run (exit $rc)"
        summary[$arch]="$(printf '%4d KB  build %-7s run %-7s' $(((size + 1023) / 1024)) "$btime" "$rtime") run FAILED (exit $rc)"
        continue
    fi
    pass
    n=$(wc -l < "$dir/checksums.txt")
    line=$(printf '%4d KB  build %-7s run %-7s' $(((size + 1023) / 1024)) "$btime" "$rtime")

    if [ "$arch" = "$REF" ]; then
        ref_ok=1
        dups=$(cut -d' ' -f1 "$dir/checksums.txt" | sort | uniq -d)
        if [ -n "$dups" ]; then fail "$arch: duplicate image names: $dups"; else pass; fi
        summary[$arch]="$line $n images (reference)"
        continue
    fi
    if [ $ref_ok = 0 ]; then
        fail "$arch: no reference output to compare with"
        summary[$arch]="$line no reference"
        continue
    fi
    # (a) checksum lines
    if cmp -s "$ref_dir/checksums.txt" "$dir/checksums.txt"; then
        pass
    else
        fail "$arch: checksum lines differ from $REF's:"
        diff "$ref_dir/checksums.txt" "$dir/checksums.txt" | head -n 20
    fi
    # (b) every PPM, byte for byte
    same=0 differ=0
    while read -r file _; do
        if [ -f "$dir/out/$file" ] && cmp -s "$ref_dir/out/$file" "$dir/out/$file"; then
            same=$((same + 1)); pass
        else
            differ=$((differ + 1))
            if [ -f "$dir/out/$file" ]; then
                fail "$arch: $file differs from $REF's ($(cmp "$ref_dir/out/$file" "$dir/out/$file" 2>&1 | head -n 1))"
            else
                fail "$arch: $file missing"
            fi
        fi
    done < "$ref_dir/checksums.txt"
    if [ $differ -eq 0 ] && cmp -s "$ref_dir/checksums.txt" "$dir/checksums.txt"; then
        summary[$arch]="$line $same images identical"
    else
        summary[$arch]="$line $same images identical, $differ DIFFER"
    fi
done

# ---------------------------------------------------------------- (c) goldens
GOLDEN_DIRS=(Tests/GaugeRasterTests/Goldens Tests/GaugeWidgetsTests/Goldens)
golden_for() { local d; for d in "${GOLDEN_DIRS[@]}"; do [ -f "$d/${1%.ppm}.png" ] && { echo "$d/${1%.ppm}.png"; return; }; done; }
golden_note="goldens: not checked"
if [ $goldens = 0 ]; then
    golden_note="goldens: skipped (--no-goldens)"
elif [ $ref_ok = 1 ]; then
    pairs=()
    while read -r file _; do
        [ -n "$(golden_for "$file")" ] && pairs+=("$file")
    done < "$ref_dir/checksums.txt"
    if [ ${#pairs[@]} -eq 0 ]; then
        golden_note="goldens: none in ${GOLDEN_DIRS[*]} for these images, nothing to compare"
    else
        gp=${GAUGEPANEL:-}
        if [ -z "$gp" ]; then
            echo "== building gaugepanel (swift build --scratch-path .build-cross-host --product gaugepanel)"
            ensure_packages libmbedtls-dev >/dev/null   # the host build's TLS (GaugeTLS)
            if swift build --scratch-path "$ROOT/.build-cross-host" --product gaugepanel > "$BUILD/gaugepanel-build.log" 2>&1; then
                gp="$ROOT/.build-cross-host/debug/gaugepanel"
            else
                grep -E 'error:' "$BUILD/gaugepanel-build.log" | head -n 20 || tail -n 20 "$BUILD/gaugepanel-build.log"
                fail "goldens: cannot build gaugepanel (log: ${BUILD#"$ROOT"/}/gaugepanel-build.log)"
            fi
        fi
        if [ -n "$gp" ]; then
            if ! "$gp" compare --help > /dev/null 2>&1; then
                golden_note="goldens: SKIPPED, '$gp compare' does not exist yet"
                note "$golden_note"
            else
                g_same=0 g_differ=0
                for file in "${pairs[@]}"; do
                    png=$(golden_for "$file")
                    "$gp" compare "$ref_dir/out/$file" "$png" > "$BUILD/compare.txt" 2>&1
                    case $? in
                        0) g_same=$((g_same + 1)); pass ;;
                        1) g_differ=$((g_differ + 1)); fail "golden $png differs from $REF's $file: $(head -n 3 "$BUILD/compare.txt" | tr '\n' ' ')" ;;
                        *) g_differ=$((g_differ + 1)); fail "golden $png: compare error: $(head -n 3 "$BUILD/compare.txt" | tr '\n' ' ')" ;;
                    esac
                done
                golden_note="goldens: $g_same of ${#pairs[@]} golden PNGs match the $REF render"
                [ $g_differ -ne 0 ] && golden_note+=", $g_differ DIFFER"
            fi
        else
            golden_note="goldens: NOT checked (gaugepanel build failed)"
        fi
    fi
fi

# ---------------------------------------------------------------- summary
echo
for arch in "${archs[@]}"; do
    configure "$arch"
    case $arch in
        x86_64) how="native" ;;
        x86_64-embedded) how="Embedded" ;;
        *) how="qemu ${run[2]:-}" ;;
    esac
    printf '%-16s %-19s %s\n' "$arch" "($how)" "${summary[$arch]:-not run}"
done
echo "$golden_note"
finish
