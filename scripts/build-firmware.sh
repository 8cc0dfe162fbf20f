#!/usr/bin/env bash
# The firmware: the whole panel (board file, sensors, input, the loop, the display) as one
# statically linked executable per Raspberry Pi CPU, built from the same sources with
# Embedded Swift by SwiftPM (product gaugepanel-firmware) — no Swift runtime, no
# Foundation, no ArgumentParser or swift-log:
#   aarch64  Pi 5, 4, 400, 3, Zero 2 W on 64-bit Raspberry Pi OS   (aarch64-none-none-elf)
#   armv7    Pi 2/3/4 on 32-bit Raspberry Pi OS, hard-float          (armv7-none-none-eabi)
#   armv6    Pi 1, Zero, Zero W (and any 32-bit Pi)                   (armv6-none-none-eabi, armel ABI)
# The C libraries (libdrm, libevdev, FreeType with libpng/brotli/bzip2, zlib, toml++ and the
# C++ runtime) come from Debian's packages for that CPU (scripts/firmware/sysroot.sh), the
# C library and compiler runtime from Debian's cross toolchains; all linked statically.
# Writes out/firmware/gaugepanel-<cpu> (stripped) and prints its size.
#
# Usage: scripts/build-firmware.sh aarch64|armv7|armv6|all
# Environment: FIRMWARE_BUILD_DIR (default .build-firmware): sysroots, toolsets and the
#   SwiftPM scratch folders; FIRMWARE_OUT (default out/firmware).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
source scripts/lib/common.sh

BUILD=${FIRMWARE_BUILD_DIR:-.build-firmware}
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
OUT=${FIRMWARE_OUT:-out/firmware}
cpus=()
for arg in "$@"; do
    case $arg in
        aarch64|armv7|armv6) cpus+=("$arg") ;;
        all) cpus+=(aarch64 armv7 armv6) ;;
        -h|--help) sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $arg (try --help)" >&2; exit 2 ;;
    esac
done
((${#cpus[@]})) || { echo "which CPU? aarch64, armv7, armv6 or all (try --help)" >&2; exit 2; }

SWIFT=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
SWIFT_LIB=$(cd "$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/../lib/swift" && pwd)

# The sysroots (and cross toolchains) first; they say what is wrong if they cannot.
mkdir -p "$BUILD"
bash scripts/firmware/sysroot.sh "${cpus[@]}" > "$BUILD/sysroot.log" 2>&1 ||
    { tail -20 "$BUILD/sysroot.log"; die "scripts/firmware/sysroot.sh ${cpus[*]} failed"; }

# cpu → Swift target, GNU triple, the ABI flags for Swift's and C's code, the C++ headers.
swift_target() { case $1 in aarch64) echo aarch64-none-none-elf ;; armv7) echo armv7-none-none-eabi ;; armv6) echo armv6-none-none-eabi ;; esac; }
gnu_triple() { case $1 in aarch64) echo aarch64-linux-gnu ;; armv7) echo arm-linux-gnueabihf ;; armv6) echo arm-linux-gnueabi ;; esac; }
# 32-bit CPUs also get 64-bit file offsets and inode numbers (_FILE_OFFSET_BITS=64, as
# Debian builds its own programs): without them readdir and stat fail with EOVERFLOW on a
# file system with large inode numbers, and the font folders looked empty. Time stays
# 32-bit (_TIME_BITS): Debian bookworm's armhf/armel libraries, libevdev's input_event
# among them, are built with it.
# -march names each 32-bit CPU's architecture for Swift's code as well as C's: SwiftPM also
# hands the C compiler's flags (--target=<GNU triple> among them) to swiftc as -Xcc, and
# Swift generates code for the CPU Clang picks, so without it arm-linux-gnueabi made the
# armv6 Swift code ARMv4T (arm7tdmi) and arm-linux-gnueabihf made the armv7 code ARMv6KZ.
# ARMv4T has no LDRD, and LLVM's ARM load/store optimizer merged the two loads of a 64-bit
# field read through Swift's self register r10 into `ldm r10!, {…}` (HalfPlane.narrow):
# that moves r10, callee-saved, and nothing restored it, so ConvexPolygonShape.row read
# its next polygon edge from the wrong place and armv6 drew no rating stars. build_one
# checks every object's architecture (cpu_arch).
abi_flags() { case $1 in aarch64) ;; armv7) echo -march=armv7-a -mfloat-abi=hard -D_FILE_OFFSET_BITS=64 ;; armv6) echo -march=armv6 -mfloat-abi=softfp -mfpu=vfp -D_FILE_OFFSET_BITS=64 ;; esac; }
# cpu → the Tag_CPU_arch (readelf -A) of every object built for it.
cpu_arch() { case $1 in armv7) echo v7 ;; armv6) echo v6 ;; esac; }

# json_list A B C → "A", "B", "C"
json_list() { local first=1 a; for a in "$@"; do ((first)) || printf ', '; first=0; printf '"%s"' "$a"; done; }

# A SwiftPM toolset for the CPU: Embedded Swift for the bare-metal triple (the only one
# Embedded has a standard library for), C and C++ compiled for the Linux triple, headers
# from the cross C library and the sysroot, one static link against both.
write_toolset() {
    local cpu=$1 triple root inc lib swift=() c=() cxx=() link=() f
    triple=$(gnu_triple "$cpu") root=$BUILD/sysroot-$cpu
    inc=$root/usr/include lib=$root/usr/lib/$triple
    local gcc_version
    gcc_version=$("$triple-gcc" -dumpversion)
    local includes=(-isystem "/usr/$triple/include" -I "$inc" -I "$inc/libdrm" -I "$inc/freetype2" -I "$inc/libevdev-1.0")
    swift=(-enable-experimental-feature Embedded -wmo -Osize -Xfrontend -function-sections)
    # The *-none-* triples define no OS: glibc's and libdrm's headers need to see Linux.
    for f in "${includes[@]}" -D__linux__ -D__gnu_linux__ -D__unix__ $(abi_flags "$cpu"); do swift+=(-Xcc "$f"); done
    swift+=(-Xclang-linker "--target=$triple" -Xclang-linker -static)
    # C and C++ functions and data in sections of their own, so that --gc-sections drops
    # the unused ones; the TOML shim without C++ exceptions (toml++ is built with
    # TOML_EXCEPTIONS=0; Sources/CTOML/ctoml.cpp says what replaces libstdc++'s throws).
    c=("--target=$triple" $(abi_flags "$cpu") -ffunction-sections -fdata-sections "${includes[@]}")
    cxx=("--target=$triple" $(abi_flags "$cpu") -ffunction-sections -fdata-sections -fno-exceptions -isystem "/usr/$triple/include/c++/$gcc_version"
         -isystem "/usr/$triple/include/c++/$gcc_version/$triple" "${includes[@]}")
    # Static archives: what FreeType was built with after it; the Unicode tables Embedded
    # String operations use; the C++ runtime for the TOML shim.
    # --icf=safe: gold folds functions with identical code (Swift's generic specialisations
    # and value witnesses, toml++'s accessors) whose addresses are not taken.
    # max-page-size 16 KB: segments padded for 16 KB pages (the Pi 5's kernel), not the
    # 64 KB default; runs on 4 KB-page kernels as well. libpng and brotli stay on the line
    # for the archives' sake; Sources/CEmbeddedSupport/freetype_codecs.c keeps them out.
    # --wrap of sscanf/fscanf: their only callers, libdrm's sysfs parsing (never reached)
    # and glibc's TZ rule parsing, get Sources/CEmbeddedSupport/integer_scanf.c's
    # integer-only scanf instead of glibc's whole scanf engine (about 30 KB).
    link=(-L "$lib" --gc-sections --icf=safe -z max-page-size=16384 --wrap=__isoc99_sscanf --wrap=__isoc99_fscanf --start-group -lfreetype -lpng16 -lbrotlidec -lbrotlicommon -lbz2 -lz -ldrm -levdev
          -lstdc++ -lm --end-group "$SWIFT_LIB/embedded/$(swift_target "$cpu")/libswiftUnicodeDataTables.a")
    [[ $cpu == armv7 ]] && link+=(--no-warn-mismatch)   # the tables' archive is tagged soft-float; it passes no floats
    cat > "$BUILD/toolset-$cpu.json" <<EOF
{
  "schemaVersion": "1.0",
  "swiftCompiler": { "extraCLIOptions": [$(json_list "${swift[@]}")] },
  "cCompiler": { "extraCLIOptions": [$(json_list "${c[@]}")] },
  "cxxCompiler": { "extraCLIOptions": [$(json_list "${cxx[@]}")] },
  "linker": { "extraCLIOptions": [$(json_list "${link[@]}")] }
}
EOF
}

# build_one CPU: one SwiftPM build; its ok:/FAIL: line in $BUILD/result-CPU.
build_one() {
    local cpu=$1 scratch=$BUILD/swiftpm-$1 t0 bin
    t0=$(date +%s)
    if ! "$SWIFT" build -c release --product gaugepanel-firmware --triple "$(swift_target "$cpu")" \
            --toolset "$BUILD/toolset-$cpu.json" --scratch-path "$scratch" > "$scratch.log" 2>&1; then
        { grep -E 'error:' "$scratch.log" | sort -u | head -20 | sed 's/^/# /'
          echo "FAIL: $cpu: build (see $scratch.log)"; } > "$BUILD/result-$cpu"
        return
    fi
    bin=$scratch/$(swift_target "$cpu")/release/gaugepanel-firmware
    # Every object of ours built for the CPU's own architecture (see abi_flags).
    local want o wrong=()
    want=$(cpu_arch "$cpu")
    if [[ -n $want ]]; then
        while IFS= read -r o; do
            "$(gnu_triple "$cpu")-readelf" -A "$o" | grep -q "Tag_CPU_arch: $want\$" || wrong+=("$o")
        done < "$bin.product/Objects.LinkFileList"
        if ((${#wrong[@]})); then
            echo "FAIL: $cpu: ${#wrong[@]} objects not built for $want, e.g. ${wrong[0]#"$scratch"/}:$("$(gnu_triple "$cpu")-readelf" -A "${wrong[0]}" | grep -E 'Tag_CPU_(name|arch):' | tr -s ' \n' ' ')" \
                > "$BUILD/result-$cpu"
            return
        fi
    fi
    "$(gnu_triple "$cpu")-strip" -o "$OUT/gaugepanel-$cpu" "$bin"
    if ! file -L "$OUT/gaugepanel-$cpu" | grep -q "statically linked"; then
        echo "FAIL: $cpu: $OUT/gaugepanel-$cpu is not statically linked: $(file -L "$OUT/gaugepanel-$cpu")" > "$BUILD/result-$cpu"
        return
    fi
    echo "ok: $cpu: $OUT/gaugepanel-$cpu, $(stat -c %s "$OUT/gaugepanel-$cpu") bytes stripped, static, built in $(( $(date +%s) - t0 )) s" \
        > "$BUILD/result-$cpu"
}

# The CPUs build side by side: a whole-module compile uses one core, and the modules
# mostly wait on one another, so one build alone leaves the second core idle.
mkdir -p "$OUT"
for cpu in "${cpus[@]}"; do
    write_toolset "$cpu"
    rm -f "$BUILD/result-$cpu"
    log "$cpu: swift build --product gaugepanel-firmware --triple $(swift_target "$cpu") (log: $BUILD/swiftpm-$cpu.log)"
    build_one "$cpu" &
done
wait
for cpu in "${cpus[@]}"; do
    result=$(cat "$BUILD/result-$cpu" 2>/dev/null || echo "FAIL: $cpu: the build said nothing")
    grep '^# ' <<<"$result"
    case $(grep -v '^# ' <<<"$result") in
        ok:*) pass "$(grep -v '^# ' <<<"$result" | sed 's/^ok: //')" ;;
        *) fail "$(grep -v '^# ' <<<"$result" | sed 's/^FAIL: //')" ;;
    esac
done
finish
