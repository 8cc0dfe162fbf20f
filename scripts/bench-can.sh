#!/usr/bin/env bash
# Instructions per CAN frame decoded, counted by callgrind (repeatable on any machine):
# a DBC broadcast frame (the id looked up as CANDecoder does, every signal into a sample)
# over dashboards/car-ecu.dbc, and single-frame NMEA 2000 PGNs through NMEA2000Decoder;
# and a signal's own cost: one message of 1 and of 8 signals (a byte each), the slope
# between them per signal, the rest (id lookup, the sampler's pass) a frame's fixed cost.
# The decoders are built -O as modules, as SwiftPM builds them and like the fuzzers
# (scripts/lib/decoder-modules.sh), and Fuzz/CANDecodeCost.swift over them (docs/performance.md
# has the figures, and those of one module); each case runs for N and 2N frames, and the
# difference is N frames' work.
# Usage: scripts/bench-can.sh [N]   (default 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20000}
out=.build-bench-can
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
source scripts/lib/decoder-modules.sh
build_decoder_modules "$out/modules" -O
swiftc -O -wmo -parse-as-library -module-name CANCost -I "$out/modules" Fuzz/CANDecodeCost.swift \
    "$out/modules/GaugeASCII.o" "$out/modules/GaugeDecoders.o" "$out/modules/GaugeCAN.o" -o "$out/can-cost"

instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$out/can-cost" "$@" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
samples() { "$out/can-cost" "$@" | sed -n 's/^samples \([0-9]*\).*/\1/p'; }

report() {
    local name=$1; shift
    local a b s
    a=$(instructions "$@" "$n"); b=$(instructions "$@" $((2 * n))); s=$(samples "$@" "$n")
    awk -v name="$name" -v a="$a" -v b="$b" -v n="$n" -v s="$s" 'BEGIN {
        per = (b - a) / n; signals = s / n
        printf "%-9s %7.0f instructions per frame, %4.2f signals per frame, %5.0f per signal\n", name, per, signals, per / signals }'
}
per_frame() { local a b; a=$(instructions "$@" "$n"); b=$(instructions "$@" $((2 * n))); echo $(((b - a) / n)); }
report dbc dbc dashboards/car-ecu.dbc
report nmea2000 nmea2000
one=$(per_frame signals 1) eight=$(per_frame signals 8)
awk -v one="$one" -v eight="$eight" 'BEGIN {
    slope = (eight - one) / 7
    printf "signals   %7.0f instructions per frame of 1 signal, %5.0f of 8: %4.0f per signal, %4.0f per frame besides\n", one, eight, slope, one - slope }'
