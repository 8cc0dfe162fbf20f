#!/usr/bin/env bash
# The firmware's integer-only sscanf/fscanf (Sources/CEmbeddedSupport/integer_scanf.c) held
# against the host glibc's: scripts/firmware/scanf-check.c, built with it into a temporary
# directory and run. Every format the firmware's callers pass (glibc's tzset, libdrm's
# sysfs and bus-ID parsing), more integer formats and random ones, over fixed, generated and
# random inputs from a fixed seed: the same return values, stored values, %n counts and
# fscanf stream positions, and an abort with a message for conversions outside the subset.
# Prints the first mismatches and one summary line; exits non-zero on any mismatch.
# Takes about a second.
#
# Usage: scripts/firmware/scanf-check.sh [seed]   (CC picks the compiler; default cc)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source scripts/lib/common.sh

cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || die "no C compiler ($cc); install gcc"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sources=(scripts/firmware/scanf-check.c Sources/CEmbeddedSupport/integer_scanf.c)
flags=(-std=gnu11 -O1 -g -Wall -Wextra -Werror -Wno-format-security -Wno-format-nonliteral)
# Undefined behaviour (an overflow, a bad shift) fails the run too, where the compiler has
# the sanitizer's runtime.
if ! "$cc" "${flags[@]}" -fsanitize=undefined -fno-sanitize-recover=undefined -o "$tmp/scanf-check" "${sources[@]}" 2>"$tmp/cc.log"; then
    warn "building with -fsanitize=undefined failed; checking without it"
    "$cc" "${flags[@]}" -o "$tmp/scanf-check" "${sources[@]}"
fi
"$tmp/scanf-check" "$@"
