#!/usr/bin/env bash
# The firmware's C libraries for one Pi CPU, from Debian's own packages: libdrm, libevdev,
# FreeType (with the libpng, brotli, bzip2 it was built with), zlib and libstdc++ for
# arm64, armhf or armel, downloaded with `apt-get download` through a private apt setup
# (its own sources list, lists and cache under the build folder: the machine's package
# architectures are not touched) and unpacked with `dpkg -x` into
#   $FIRMWARE_BUILD_DIR/sysroot-<cpu>/   (default .build-firmware/sysroot-<cpu>/)
# Every one of these packages ships its static archive (lib*.a), so the firmware links
# them all statically; the C library and the compiler's runtime (libc.a, libgcc.a) come
# from Debian's cross toolchain packages (gcc-*-linux-gnu*, libc6-dev-*-cross), installed
# when missing. The same Debian release as this machine's (its sources' suite). FreeType
# and zlib are compiled again from Debian's source of the same version (source_library,
# below), into sysroot-<cpu>/freetype/libfreetype.a and sysroot-<cpu>/zlib/libz.a, which
# the firmware links.
#
# Then a smoke test: a small C program calling each library (drmGetFormatName,
# libevdev_new, FT_Init_FreeType, a round trip through zlib's compress2 and uncompress)
# linked -static against the sysroot and run under qemu-user on that CPU.
#
# Usage: scripts/firmware/sysroot.sh aarch64|armv7|armv6|all [--refresh] [--packages-only]
#   --refresh        download the package lists and packages again
#   --packages-only  download and unpack the packages only (no FreeType or zlib, no smoke test;
#                    scripts/build-firmware.sh runs this script again without it)
# Prints the sysroot's path(s) and "N passed, N failed"; exit 0 when all passed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
source scripts/lib/common.sh
source scripts/lib/deps.sh
source scripts/lib/private-apt.sh

BUILD=${FIRMWARE_BUILD_DIR:-.build-firmware}
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
CLANG=$(dirname "$(readlink -f "$(command -v "$SWIFTC")")")/clang   # the toolchain's, as for the firmware's C
refresh=0 packages_only=0 cpus=()
for arg in "$@"; do
    case $arg in
        aarch64|armv7|armv6) cpus+=("$arg") ;;
        all) cpus+=(aarch64 armv7 armv6) ;;
        --refresh) refresh=1 ;;
        --packages-only) packages_only=1 ;;
        -h|--help) sed -n '2,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument: $arg (try --help)" >&2; exit 2 ;;
    esac
done
((${#cpus[@]})) || { echo "which CPU? aarch64, armv7, armv6 or all (try --help)" >&2; exit 2; }

# cpu → Debian architecture, GNU triple, qemu-user binary and CPU model.
debian_arch() { case $1 in aarch64) echo arm64 ;; armv7) echo armhf ;; armv6) echo armel ;; esac; }
gnu_triple() { case $1 in aarch64) echo aarch64-linux-gnu ;; armv7) echo arm-linux-gnueabihf ;; armv6) echo arm-linux-gnueabi ;; esac; }
qemu_run() { case $1 in aarch64) echo "qemu-aarch64 -cpu cortex-a53" ;; armv7) echo "qemu-arm -cpu cortex-a7" ;; armv6) echo "qemu-arm -cpu arm1176" ;; esac; }

# The libraries (with what FreeType links), and toml++ (header-only) with the C++ runtime
# for the TOML shim (Sources/CTOML).
PACKAGES=(libdrm-dev libevdev-dev libfreetype-dev libpng-dev libbrotli-dev libbz2-dev zlib1g-dev libstdc++-12-dev libtomlplusplus-dev)

wanted=(qemu-user dpkg-dev)
for c in "${cpus[@]}"; do wanted+=("gcc-$(gnu_triple "$c")" "g++-$(gnu_triple "$c")" "libc6-dev-$(debian_arch "$c")-cross"); done
ensure_packages "${wanted[@]}" || exit 1

# A private apt (scripts/lib/private-apt.sh): the machine's own Debian suite, for the three
# ARM architectures only.
private_apt_init "$BUILD/apt" $( ((refresh)) && echo --refresh) || die "private apt-get update failed"

smoke_c='#include <stdio.h>
#include <stdint.h>
#include <xf86drm.h>
#include <drm_fourcc.h>
#include <libevdev/libevdev.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <string.h>
#include <zlib.h>
int main(void) {
    char *fmt = drmGetFormatName(DRM_FORMAT_RGB565);
    struct libevdev *dev = libevdev_new();
    FT_Library ft; int fterr = FT_Init_FreeType(&ft);
    FT_Int major = 0, minor = 0, patch = 0;
    if (!fterr) FT_Library_Version(ft, &major, &minor, &patch);
    static unsigned char in[65536], packed[70000], out[65536];
    for (unsigned i = 0; i < sizeof in; i++) in[i] = (unsigned char)((i * 2654435761u) >> 24 & (i & 256 ? 7 : 255));
    uLongf n = sizeof packed, m = sizeof out;
    int zok = compress2(packed, &n, in, sizeof in, 9) == Z_OK && uncompress(out, &m, packed, n) == Z_OK &&
              m == sizeof in && !memcmp(in, out, m);
    printf("libdrm %s, libevdev %s, FreeType %d.%d.%d, zlib %s (%s)\n", fmt ? fmt : "?", dev ? "ok" : "failed",
           (int)major, (int)minor, (int)patch, zlibVersion(), zok ? "round trip ok" : "round trip FAILED");
    return !(fmt && dev && !fterr && zok);
}'

# FreeType and zlib built again from Debian's source of the very version the sysroot holds
# (its patches applied) with Debian's own configuration (the sysroot's headers: FreeType's
# ftconfig.h, ftoption.h and ftmodule.h, zlib's zconf.h as its configure left it), one
# object for each member of Debian's archive, at -Os with function and data sections (so
# that the link takes only the functions the panel reaches), as Thumb code on armv6 and
# Thumb-2 on armv7: the same libraries in fewer bytes (on armv6, whose Debian builds are
# ARM code at -O2 and -O3, FreeType 348 KB → 203 KB of the firmware). FreeType runs when a
# font is opened and a glyph first drawn (GaugeText caches glyphs), zlib when a PNG image is
# loaded and a PNG snapshot deflated; neither per frame.
source_flags() {
    case $1 in
        aarch64) ;;
        armv7) echo -march=armv7-a -mthumb -mfloat-abi=hard ;;
        armv6) echo -march=armv6 -mthumb -mfloat-abi=softfp -mfpu=vfp ;;
    esac
}
# zlib's deflate.c and trees.c (the match search and the Huffman coding, where a snapshot's
# deflate spends its time) compiled for speed where size alone costs it: ARM code at -Os
# on armv6 (all Thumb: `render dashboards/car.toml` 88.0 M → 92.3 M instructions, +4.3 M;
# this way 87.2 M, for 6.5 KB), -O2 on aarch64 (all -Os: 46.4 M → 53.0 M; this way 46.0 M,
# for 4.7 KB). armv7's Thumb-2 at -Os costs 0.7 M (77.1 M → 77.8 M) and stays.
optimise_flags() {
    case $1:$2 in
        armv6:zlib:deflate|armv6:zlib:trees) echo -marm -Os ;;
        aarch64:zlib:deflate|aarch64:zlib:trees) echo -O2 ;;
        *) echo -Os ;;
    esac
}
# source_library CPU ROOT TRIPLE LIB: LIB (freetype or zlib) into ROOT/LIB/lib*.a.
source_library() {
    local cpu=$1 root=$2 triple=$3 name=$4 deb src version tree out=$2/$4 archive m f objects=() defines=()
    case $name in
        freetype) deb=libfreetype-dev archive=libfreetype.a defines=(-DFT2_BUILD_LIBRARY -DHAVE_UNISTD_H -DHAVE_FCNTL_H -I "$root/usr/include/freetype2") ;;
        # As Debian's build: -D_REENTRANT (debian/rules), what its configure finds (64-bit
        # file functions, hidden visibility); Z_HAVE_UNISTD_H and Z_HAVE_STDARG_H in zconf.h.
        zlib) deb=zlib1g-dev archive=libz.a defines=(-D_REENTRANT -D_LARGEFILE64_SOURCE=1 -DHAVE_HIDDEN) ;;
    esac
    deb=$(ls "$BUILD/debs-$cpu/${deb}_"*.deb) || return 1
    src=$(dpkg-deb -f "$deb" Source) version=$(dpkg-deb -f "$deb" Version)
    # A binary rebuilt without a new source (binNMU) names the source's version: "freetype (V)".
    [[ $src == *"("*")"* ]] && version=${src#*(} version=${version%)}
    src=${src%% *} tree=$BUILD/$name-source-${version//[:~]/_}
    if [[ ! -f $tree/.unpacked ]]; then
        log "$name $version: Debian's source"
        # apt checks the files against the suite's signed Sources index.
        private_apt_source "$BUILD/apt-sources" "$src" "$version" "$tree" && touch "$tree/.unpacked" || return 1
    fi
    # zlib's sources include "zconf.h" from their own folder: Debian's installed one there.
    [[ $name == zlib ]] && { cp "$root/usr/include/zconf.h" "$tree/zconf.h" || return 1; }
    log "$cpu: $name $version compiled at -Os"
    rm -rf "$out"; mkdir -p "$out"
    for m in $("$triple-ar" t "$root/usr/lib/$triple/$archive"); do
        m=${m%.o}
        # zlib's at the top, FreeType's in builds/unix (its Unix system module) or src.
        f=$(cd "$tree" && { ls "$m.c" "builds/unix/$m.c" 2>/dev/null; [[ -d src ]] && find src -name "$m.c"; } | head -1)
        [[ -n $f ]] || { echo "no source for $m.o" >> "$out/build.log"; return 1; }
        # The sysroot's public and configuration headers first, then the source's internal ones.
        # shellcheck disable=SC2046
        "$CLANG" --target="$triple" $(source_flags "$cpu") $(optimise_flags "$cpu" "$name:$m") \
            -ffunction-sections -fdata-sections -fno-unwind-tables -fno-asynchronous-unwind-tables \
            "${defines[@]}" -isystem "/usr/$triple/include" -I "$tree/include" -I "$root/usr/include" \
            -c "$tree/$f" -o "$out/$m.o" >> "$out/build.log" 2>&1 || return 1
        objects+=("$out/$m.o")
    done
    "$triple-ar" rcs "$out/$archive" "${objects[@]}" && echo "$src $version $(echo -Os $(source_flags "$cpu"))$([[ $name == zlib ]] && echo ", deflate and trees $(optimise_flags "$cpu" zlib:deflate)")" > "$out/.version"
}

for cpu in "${cpus[@]}"; do
    arch=$(debian_arch "$cpu") triple=$(gnu_triple "$cpu")
    root=$BUILD/sysroot-$cpu
    stamp=$root/.packages
    if ((refresh)) || [[ ! -f $stamp ]] || [[ $(cat "$stamp") != "${PACKAGES[*]}" ]]; then
        rm -rf "$root" "$BUILD/debs-$cpu"; mkdir -p "$root" "$BUILD/debs-$cpu"
        log "$cpu: apt-get download ${PACKAGES[*]/%/:$arch}"
        if ! private_apt_download "$BUILD/debs-$cpu" "${PACKAGES[@]/%/:$arch}"; then
            fail "$cpu: apt-get download (see $BUILD/debs-$cpu/download.log)"; continue
        fi
        private_apt_unpack "$BUILD/debs-$cpu" "$root"
        echo "${PACKAGES[*]}" > "$stamp"
    fi
    echo "sysroot $cpu ($arch, $triple): $root"
    archives=$(cd "$root/usr/lib/$triple" && ls libdrm.a libevdev.a libfreetype.a libpng16.a libbrotlidec.a libbz2.a libz.a 2>/dev/null | wc -l)
    if [[ $archives == 7 ]]; then pass "$cpu: static archives of libdrm, libevdev, FreeType (png, brotli, bzip2) and zlib unpacked"
    else fail "$cpu: only $archives of the 7 static archives in $root/usr/lib/$triple"; continue; fi
    ((packages_only)) && continue
    built=1
    for name in freetype zlib; do
        if ((refresh)) || [[ ! -f $root/$name/.version || ! $root/$name/.version -nt $stamp ]]; then
            source_library "$cpu" "$root" "$triple" $name || { fail "$cpu: $name from Debian's source (see $root/$name/build.log)"; built=0; break; }
        fi
        pass "$cpu: $name from Debian's source ($(cat "$root/$name/.version"))"
    done
    ((built)) || continue
    # The smoke test: each library linked statically, run on the CPU; once per sysroot.
    out=$BUILD/smoke-$cpu
    if ((!refresh)) && [[ -f $out.ok && $out.ok -nt $root/freetype/.version && $out.ok -nt $root/zlib/.version ]]; then pass "$(cat "$out.ok") (before)"; continue; fi
    printf '%s\n' "$smoke_c" > "$out.c"
    inc=$root/usr/include
    if ! "$triple-gcc" -static -O2 -o "$out" "$out.c" -I"$inc" -I"$inc/$triple" -I"$inc/libdrm" -I"$inc/freetype2" -I"$inc/libevdev-1.0" \
            -L"$root/freetype" -L"$root/zlib" -L"$root/usr/lib/$triple" -ldrm -levdev -lfreetype -lpng16 -lbrotlidec -lbrotlicommon -lbz2 -lz -lm > "$out.log" 2>&1; then
        head -5 "$out.log"; fail "$cpu: static link of the smoke test (see $out.log)"; continue
    fi
    if file -L "$out" | grep -q "statically linked"; then :; else fail "$cpu: smoke test not statically linked"; continue; fi
    # shellcheck disable=SC2046
    said=$($(qemu_run "$cpu") "$out" 2>&1); rc=$?
    if [[ $rc == 0 ]]; then
        echo "$cpu: static smoke test under $(qemu_run "$cpu"): $said" > "$out.ok"
        pass "$(cat "$out.ok")"
    else fail "$cpu: smoke test exit $rc: $said"; fi
done
finish
