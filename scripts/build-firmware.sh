#!/usr/bin/env bash
# The firmware: the whole panel (board file, sensors, input, the loop, the display) as one
# statically linked executable per Raspberry Pi CPU, built from the same sources as
# SwiftPM's product gaugepanel-firmware with Embedded Swift, its modules compiled as one
# (stage_sources says why) — no Swift runtime, no Foundation, no ArgumentParser or swift-log:
#   aarch64  Pi 5, 4, 400, 3, Zero 2 W on 64-bit Raspberry Pi OS   (aarch64-none-none-elf)
#   armv7    Pi 2/3/4 on 32-bit Raspberry Pi OS, hard-float          (armv7-none-none-eabi)
#   armv6    Pi 1, Zero, Zero W (and any 32-bit Pi)                   (armv6-none-none-eabi, armel ABI)
# The C libraries (libdrm, libevdev, FreeType with libpng/brotli/bzip2, zlib, toml++ and the
# C++ runtime) come from Debian's packages for that CPU (scripts/firmware/sysroot.sh; FreeType
# and zlib compiled again from Debian's source), the C library and compiler runtime from
# Debian's cross toolchains; all linked statically.
# Writes out/firmware/gaugepanel-<cpu> (stripped) and prints its size.
#
# One module or one per target? Measured on aarch64 (Swift 6.3.1, a shared 2-core x86_64
# machine, nice 10): each of the 18 Swift targets compiled once by swiftc (-wmo -Osize,
# -emit-module, the next ones importing it; GaugeDecoders a module of its own) and the 18
# objects linked took 322 s of CPU (706 s wall; GaugePanel 170 s, GaugePanelFirmware 93 s,
# GaugeRaster 75 s, GaugeConfig 71 s) for 3,137,520 bytes stripped; staged as one module,
# 126 s of CPU (258 s wall) for 3,051,424 bytes. Embedded Swift specialises and compiles
# again, in every module that uses them, the generics it imports, so module by module costs
# 2.6 times the time for a binary 2.8 % larger: the firmware stays one module.
#
# Usage: scripts/build-firmware.sh aarch64|armv7|armv6|all
# Environment: FIRMWARE_BUILD_DIR (default .build-firmware): sysroots, the staged sources
#   and each CPU's objects; FIRMWARE_OUT (default out/firmware); SWIFTC.
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
        -h|--help) sed -n '2,25p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $arg (try --help)" >&2; exit 2 ;;
    esac
done
((${#cpus[@]})) || { echo "which CPU? aarch64, armv7, armv6 or all (try --help)" >&2; exit 2; }

SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
TOOLCHAIN_BIN=$(dirname "$(readlink -f "$(command -v "$SWIFTC")")")
SWIFT_LIB=$(cd "$TOOLCHAIN_BIN/../lib/swift" && pwd)
CLANG=$TOOLCHAIN_BIN/clang   # the toolchain's Clang, which Swift's C importer is too
export SWIFT_DEMANGLE=$TOOLCHAIN_BIN/swift-demangle   # for scripts/firmware/cold-code.py

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
# checks every object's architecture (cpu_arch). armv7's code is Thumb-2 (-mthumb), Swift's
# and C's alike, as Debian builds armhf: 16- and 32-bit instructions, a smaller binary.
abi_flags() { case $1 in aarch64) ;; armv7) echo -march=armv7-a -mthumb -mfloat-abi=hard -D_FILE_OFFSET_BITS=64 ;; armv6) echo -march=armv6 -mfloat-abi=softfp -mfpu=vfp -D_FILE_OFFSET_BITS=64 ;; esac; }
# cpu → the Tag_CPU_arch (readelf -A) of every object built for it.
cpu_arch() { case $1 in armv7) echo v7 ;; armv6) echo v6 ;; esac; }

# The firmware's modules, every one below the command line: the product gaugepanel-firmware's
# closure in Package.swift, read with `swift package describe` (dependencies first), so a
# target added there reaches the firmware with no edit here. Its Swift targets are staged
# as one module (MODULES), its C and C++ targets compiled (C_TARGETS), and every C module
# its Swift imports — those and the system libraries — given a module map (C_MODULES).
firmware_targets() {
    swift package describe --type json | python3 -c '
import json, sys
targets = {t["name"]: t for t in json.load(sys.stdin)["targets"]}
order = []
def visit(name):
    if name in order: return
    for dependency in targets[name].get("target_dependencies") or []: visit(dependency)
    order.append(name)
visit("GaugePanelFirmware")
for module_type in ("SwiftTarget", "ClangTarget", "SystemLibraryTarget"):
    print(" ".join(n for n in order if targets[n]["module_type"] == module_type))
'
}
{ read -r -a MODULES; read -r -a C_TARGETS; read -r -a SYSTEM_LIBRARIES; } < <(firmware_targets) || true
((${#MODULES[@]} > 1 && ${#C_TARGETS[@]} > 0)) || { echo "error: no firmware targets from swift package describe" >&2; exit 2; }
C_MODULES=("${C_TARGETS[@]}" "${SYSTEM_LIBRARIES[@]}")

# One module, not one per target. Embedded Swift specialises every generic where it is used, so
# SwiftPM's module-by-module build compiled the renderer's generics again in each module
# that draws (the last two modules took 45 % of the time): one whole-module compile of
# every source takes two fifths of the CPU time (the figures at the top). The sources are
# staged once for all CPUs: each file as <Module>_<name> (two modules have an Exports.swift),
# the imports between these modules blanked (line numbers kept), and a #sourceLocation
# so that diagnostics name the file in Sources/ (not for a name two modules use: #fileID
# is <module>/<name>, and the staged name says where it came from).
stage_sources() {
    local dir=$BUILD/sources m f name pattern missing shared
    rm -rf "$dir"; mkdir -p "$dir"
    pattern=$(IFS='|'; echo "${MODULES[*]}")
    shared=" $(for m in "${MODULES[@]}"; do find "Sources/$m" -name '*.swift' -printf '%f\n'; done | sort | uniq -d | tr '\n' ' ')"
    for m in "${MODULES[@]}"; do
        [[ -d Sources/$m ]] || { echo "Sources/$m missing"; return 1; }
        while IFS= read -r f; do
            name=${m}_$(basename "$f")
            [[ -e $dir/$name ]] && { echo "two files staged as $name (rename one in Sources/$m)"; return 1; }
            { [[ $shared == *" $(basename "$f") "* ]] || printf '#sourceLocation(file: "%s", line: 1)\n' "$f"
              sed -E "s/^((@_exported|@testable|public|internal|@_implementationOnly) )*import (${pattern})[[:space:]]*\$//" "$f"; } > "$dir/$name"
        done < <(find "Sources/$m" -name '*.swift' | LC_ALL=C sort)
    done
    # A Gauge* import left over names a module the list lacks.
    missing=$(grep -hoE '^((@_exported|public) )*import Gauge[A-Za-z]+' "$dir"/*.swift | awk '{print $NF}' | sort -u | tr '\n' ' ')
    [[ -z $missing ]] || { echo "the firmware imports ${missing}but gaugepanel-firmware's targets in Package.swift do not"; return 1; }
}

# Module maps for the C targets SwiftPM would make one for (no module.modulemap of their own).
write_module_maps() {
    local t header
    mkdir -p "$BUILD/modulemaps"
    for t in "${C_TARGETS[@]}"; do
        [[ -f Sources/$t/include/module.modulemap || -f Sources/$t/module.modulemap ]] && continue
        header=$(ls "Sources/$t/include/"*.h | head -1)
        printf 'module %s {\n    header "%s"\n    export *\n}\n' "$t" "$(pwd)/$header" > "$BUILD/modulemaps/$t.modulemap"
    done
}
module_map() {
    if [[ -f $BUILD/modulemaps/$1.modulemap ]]; then echo "$BUILD/modulemaps/$1.modulemap"
    elif [[ -f Sources/$1/include/module.modulemap ]]; then echo "$(pwd)/Sources/$1/include/module.modulemap"
    else echo "$(pwd)/Sources/$1/module.modulemap"; fi
}

# compile_and_link CPU: the C and C++ objects, the Swift module, one static link, in
# $BUILD/<cpu> (the compilers' output in build.log); sets build_one's objects and bin, or
# writes a FAIL: line to $BUILD/result-CPU and returns 1.
# Swift is compiled for the bare-metal triple (the only one Embedded has a standard library
# for) with glibc's and the sysroot's headers, C and C++ for the Linux triple; the Swift
# driver links with Clang for the Linux triple, -static.
compile_and_link() {
    local cpu=$1 dir=$BUILD/$1 triple root inc lib includes=() t f o swift=() link=()
    triple=$(gnu_triple "$cpu") root=$BUILD/sysroot-$cpu
    inc=$root/usr/include lib=$root/usr/lib/$triple
    rm -rf "$dir"; mkdir -p "$dir"
    exec 3>"$dir/build.log"
    includes=(-isystem "/usr/$triple/include" -I "$inc" -I "$inc/libdrm" -I "$inc/freetype2" -I "$inc/libevdev-1.0")
    # C and C++ functions and data in sections of their own, so that --gc-sections drops
    # the unused ones; the TOML shim without C++ exceptions (toml++ is built with
    # TOML_EXCEPTIONS=0; Sources/CTOML/ctoml.cpp says what replaces libstdc++'s throws) and
    # without unwind tables (below: nothing unwinds through it), left out by the compiler
    # rather than by objcopy, which would void the object's address-significance table
    # and with it lld's folding of toml++'s identical functions (4 KB on aarch64).
    # GAUGEPANEL_EMBEDDED_RUNTIME: C code that stands in for parts of the Embedded Swift runtime
    # (Sources/CEmbeddedSupport/bridge_object.c) is compiled only here, never for the host.
    local cflags=(--target="$triple" $(abi_flags "$cpu") -O2 -ffunction-sections -fdata-sections -DGAUGEPANEL_EMBEDDED_RUNTIME=1 "${includes[@]}")
    local cxxflags=("${cflags[@]}" -std=c++17 -fno-exceptions -fno-asynchronous-unwind-tables -fno-unwind-tables -isystem "/usr/$triple/include/c++/$("$triple-gcc" -dumpversion)"
                    -isystem "/usr/$triple/include/c++/$("$triple-gcc" -dumpversion)/$triple")
    for t in "${C_TARGETS[@]}"; do
        for f in Sources/"$t"/*.c Sources/"$t"/*.cpp; do
            [[ -f $f ]] || continue
            o=$dir/${t}_$(basename "$f").o
            case $f in
                *.cpp) "$CLANG" "${cxxflags[@]}" $([[ $cpu == armv6 ]] && echo -mthumb) -I "Sources/$t/include" -c "$f" -o "$o" >&3 2>&1 ;;
                *) "$CLANG" "${cflags[@]}" -I "Sources/$t/include" -c "$f" -o "$o" >&3 2>&1 ;;
            esac || { echo "FAIL: $cpu: compiling $f (see $dir/build.log)" > "$BUILD/result-$cpu"; return 1; }
            objects+=("$o")
        done
    done
    swift=(-target "$(swift_target "$cpu")" -enable-experimental-feature Embedded -swift-version 6 -wmo -Osize
           -parse-as-library -module-name GaugePanelFirmware)
    # The *-none-* triples define no OS: glibc's and libdrm's headers need to see Linux.
    for f in "${includes[@]}" -D__linux__ -D__gnu_linux__ -D__unix__ $(abi_flags "$cpu"); do swift+=(-Xcc "$f"); done
    for t in "${C_MODULES[@]}"; do swift+=(-Xcc -fmodule-map-file="$(module_map "$t")" -Xcc -I -Xcc "Sources/$t/include"); done
    # The Swift module as optimised LLVM IR, which the toolchain's Clang turns into code
    # (-disable-llvm-optzns: code generation only, as swiftc would have), each function and
    # datum in a section of its own so that --gc-sections drops what nothing uses (swiftc
    # has no switch for data sections). In between, scripts/firmware/cold-code.py sets
    # apart the code that draws frames from the rest (the configuration, sensors, protocols,
    # the loop, the command line), which runs once or at a sensor's pace:
    #   - armv6 (the Pi 1 and Zero, the tightest of the three under 3.5 MB): the rest in
    #     Thumb code, drawing in ARM code, floating point without VFP registers so that the
    #     two call each other alike (cold-code.py says why); LLVM's machine outliner folds
    #     repeated instruction sequences into shared functions everywhere;
    #   - armv7: the machine outliner in the rest only (32 KB);
    #   - aarch64: neither; LLVM's AArch64 code generator outlines -Osize code by itself,
    #     drawing included, and keeping drawing out of it made the binary 49 KB larger.
    # Pixels are the same (scripts/firmware-check.sh); the cross-CPU check and its
    # instruction counts build the renderer on their own, as plain ARM code with VFP.
    if ! "$SWIFTC" "${swift[@]}" -emit-ir "$BUILD"/sources/*.swift -o "$dir/GaugePanelFirmware.ll" >&3 2>&1; then
        { grep -E 'error:' "$dir/build.log" | sort -u | head -20 | sed 's/^/# /'
          echo "FAIL: $cpu: compiling the Swift module (see $dir/build.log)"; } > "$BUILD/result-$cpu"
        return 1
    fi
    local codegen=(--target="$(swift_target "$cpu")" $(abi_flags "$cpu" | sed 's/-D[^ ]*//g') -O2 -Xclang -disable-llvm-optzns
                   -ffunction-sections -fdata-sections)
    if [[ $cpu != aarch64 ]]; then
        # armv6: soft-float, which calls as softfp does, for a function that cold-code.py
        # finds no target features on to set VFP off in (its default is then no VFP too).
        [[ $cpu == armv6 ]] && codegen+=(-mfloat-abi=soft)
        codegen+=(-mllvm -enable-machine-outliner)
        if ! python3 scripts/firmware/cold-code.py "$([[ $cpu == armv6 ]] && echo --thumb || echo --outline-cold)" \
                "$dir/GaugePanelFirmware.ll" >&3 2>&1; then
            echo "FAIL: $cpu: scripts/firmware/cold-code.py (see $dir/build.log)" > "$BUILD/result-$cpu"
            return 1
        fi
    fi
    if ! "$CLANG" "${codegen[@]}" -c "$dir/GaugePanelFirmware.ll" -o "$dir/GaugePanelFirmware.o" >&3 2>&1; then
        echo "FAIL: $cpu: generating the Swift module's code (see $dir/build.log)" > "$BUILD/result-$cpu"
        return 1
    fi
    rm -f "$dir/GaugePanelFirmware.ll"
    objects+=("$dir/GaugePanelFirmware.o")
    # Static archives: what FreeType was built with after it; the Unicode tables Embedded
    # String operations use; the C++ runtime for the TOML shim.
    # Linked by lld: it folds functions with identical code (--icf=safe: Swift's generic
    # specialisations and value witnesses; only those whose addresses no object's
    # address-significance table lists) and took 13–17 KB off each CPU's binary against gold.
    # It links armv7's hard-float objects with the Unicode tables' archive, tagged soft-float
    # (it passes no floats), as it is: gold needed --no-warn-mismatch for that.
    # max-page-size 16 KB: segments padded for 16 KB pages (the Pi 5's kernel), not the
    # 64 KB default; runs on 4 KB-page kernels as well. armv6 (Pi 1 and Zero, whose
    # kernels have 4 KB pages and never run on a Pi 5): 4 KB, which leaves no padding of
    # up to 16 KB between the code and the data in the file. libpng and brotli stay on the line
    # for the archives' sake; Sources/CEmbeddedSupport/freetype_codecs.c keeps them out.
    # glibc functions the firmware defines itself in Sources/CEmbeddedSupport, so that the
    # linker takes neither them nor what they alone need from libc.a: __isoc99_sscanf and
    # __isoc99_fscanf (integer_scanf.c: integers only, for their only callers, libdrm's sysfs
    # parsing, never reached, and glibc's TZ rule parsing; about 30 KB of scanf engine),
    # __fxprintf (narrow_fxprintf.c: res_hconf's warnings through the narrow vfprintf, not
    # the wide printf engine and wide stdio, about 30 KB) and __dcgettext (support.c).
    # Defined, not --wrap'ed: lld still takes a wrapped function's archive member, and
    # __fxprintf's brought the wide printf engine back.
    # main is the firmware's @_cdecl entry point (Sources/GaugePanelFirmware/FirmwareMain.swift).
    local page=16384
    [[ $cpu == armv6 ]] && page=4096
    link=(--gc-sections --icf=safe -z max-page-size=$page --defsym main=GaugePanelFirmware_main
          --start-group -lfreetype -lpng16 -lbrotlidec -lbrotlicommon -lbz2 -lz -ldrm -levdev
          -lstdc++ -lm --end-group "$SWIFT_LIB/embedded/$(swift_target "$cpu")/libswiftUnicodeDataTables.a")
    # The linker's map (what each object and archive member contributes) for
    # scripts/firmware-size.py.
    link+=(-Map="$dir/gaugepanel-firmware.map")
    # The C libraries' archives without their unwind tables (.eh_frame): nothing unwinds
    # through FreeType, zlib, libpng, brotli, bzip2, libdrm or libevdev (no C++ exception
    # and no Swift error crosses them; a trap ends the process), and FreeType's alone took
    # about 50 KB of the aarch64 binary. Copies, found first; the sysroot keeps the originals.
    # The same for the C++ runtime under the TOML shim (the shim has none): toml++ is built without
    # exceptions (TOML_EXCEPTIONS 0), so nothing is thrown; one that were (std::string's
    # length_error) has no handler anyway and ends in std::terminate, with or without them.
    # And for glibc: the panel runs one thread and never cancels one (pthread_cancel's
    # forced unwinding is what glibc's tables are for), and glibc prints no backtraces.
    local quiet=$dir/lib-no-unwind
    rm -rf "$quiet"; mkdir -p "$quiet"
    for a in libfreetype.a libpng16.a libbrotlidec.a libbrotlicommon.a libbz2.a libz.a libdrm.a libevdev.a libstdc++.a libc.a; do
        local from=$lib/$a
        case $a in libstdc++.a) from=$("$triple-g++" -print-file-name=$a) ;; libc.a) from=$("$triple-gcc" -print-file-name=$a) ;; esac
        # FreeType and zlib as scripts/firmware/sysroot.sh builds them from Debian's source:
        # without unwind tables already, and copied as they are (objcopy would void their
        # objects' address-significance tables, and with them lld's folding of identical
        # functions).
        if [[ $a == libfreetype.a || $a == libz.a ]]; then
            from=$root/$([[ $a == libz.a ]] && echo zlib || echo freetype)/$a
            [[ -f $from ]] || { echo "FAIL: $cpu: no $from (scripts/firmware/sysroot.sh builds it)" > "$BUILD/result-$cpu"; return 1; }
            cp "$from" "$quiet/$a" && continue
        fi
        [[ -f $from ]] || continue
        if ! "$triple-objcopy" --remove-section=.eh_frame "$from" "$quiet/$a" >&3 2>&1; then
            echo "FAIL: $cpu: objcopy of $a (see $dir/build.log)" > "$BUILD/result-$cpu"
            return 1
        fi
    done
    local xlinker=()
    for f in "${link[@]}"; do xlinker+=(-Xlinker "$f"); done
    bin=$dir/gaugepanel-firmware
    if ! "$SWIFTC" -target "$(swift_target "$cpu")" -enable-experimental-feature Embedded -emit-executable -use-ld=lld \
            -Xclang-linker --target="$triple" -Xclang-linker -static -L "$quiet" -L "$lib" "${xlinker[@]}" \
            "${objects[@]}" -o "$bin" >&3 2>&1; then
        { grep -E 'error' "$dir/build.log" | sort -u | head -20 | sed 's/^/# /'
          echo "FAIL: $cpu: linking (see $dir/build.log)"; } > "$BUILD/result-$cpu"
        return 1
    fi
}

# build_one CPU: compile_and_link unless nothing it reads has changed since its last
# build (INPUTS_KEY); then the checks, and the stripped copy in $OUT. Its ok:/FAIL: line
# goes to $BUILD/result-CPU.
build_one() {
    local cpu=$1 dir=$BUILD/$1 t0 key how triple objects=() bin o
    t0=$(date +%s) triple=$(gnu_triple "$cpu")
    key="$INPUTS_KEY $cpu $(cat "$BUILD/sysroot-$cpu/.packages" "$BUILD/sysroot-$cpu/freetype/.version" "$BUILD/sysroot-$cpu/zlib/.version" 2>/dev/null)"
    if [[ -f $dir/inputs && $(cat "$dir/inputs") == "$key" && -x $dir/gaugepanel-firmware && -f $dir/objects ]]; then
        mapfile -t objects < "$dir/objects"
        bin=$dir/gaugepanel-firmware how="unchanged since its last build"
    else
        compile_and_link "$cpu" || return
        printf '%s\n' "${objects[@]}" > "$dir/objects"
        echo "$key" > "$dir/inputs"
        how="built in $(( $(date +%s) - t0 )) s"
    fi
    # Every object of ours built for the CPU's own architecture (see abi_flags).
    local want wrong=()
    want=$(cpu_arch "$cpu")
    if [[ -n $want ]]; then
        for o in "${objects[@]}"; do
            "$triple-readelf" -A "$o" | grep -q "Tag_CPU_arch: $want\$" || wrong+=("$o")
        done
        if ((${#wrong[@]})); then
            echo "FAIL: $cpu: ${#wrong[@]} objects not built for $want, e.g. ${wrong[0]#"$dir"/}:$("$triple-readelf" -A "${wrong[0]}" | grep -E 'Tag_CPU_(name|arch):' | tr -s ' \n' ' ')" \
                > "$BUILD/result-$cpu"
            return
        fi
    fi
    "$triple-strip" -o "$OUT/gaugepanel-$cpu" "$bin"
    if ! file -L "$OUT/gaugepanel-$cpu" | grep -q "statically linked"; then
        echo "FAIL: $cpu: $OUT/gaugepanel-$cpu is not statically linked: $(file -L "$OUT/gaugepanel-$cpu")" > "$BUILD/result-$cpu"
        return
    fi
    echo "ok: $cpu: $OUT/gaugepanel-$cpu, $(stat -c %s "$OUT/gaugepanel-$cpu") bytes stripped, static, $how" \
        > "$BUILD/result-$cpu"
}

# The CPUs build side by side: each build is one swiftc, which uses one core.
mkdir -p "$OUT"
stage_sources > "$BUILD/stage.log" 2>&1 || die "staging the sources: $(cat "$BUILD/stage.log")"
write_module_maps
# What a build reads besides the sysroot: the staged sources, the C targets' and modules'
# files, this script and the compiler.
INPUTS_KEY=$( { cat "$BUILD"/sources/*.swift; for t in "${C_TARGETS[@]}" "${C_MODULES[@]}"; do find "Sources/$t" -type f | LC_ALL=C sort | xargs cat; done
                cat "$0" scripts/firmware/cold-code.py scripts/lib/firmware_symbols.py; "$SWIFTC" --version 2>&1; } | sha256sum | cut -c1-64)
for cpu in "${cpus[@]}"; do
    rm -f "$BUILD/result-$cpu"
    log "$cpu: swiftc -target $(swift_target "$cpu") -wmo -Osize, ${#MODULES[@]} modules as one (log: $BUILD/$cpu/build.log)"
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
