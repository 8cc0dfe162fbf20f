#!/usr/bin/env bash
# Instructions per ECU realtime block read, counted by callgrind (repeatable on any machine):
# Speeduino's 22 bytes of a dash's eight channels (two through INI expressions), in the
# CRC32 framing (frame and CRC checked) and in the legacy one. GaugeDecoders and GaugeECU
# are built -O as SwiftPM has them, a module each (scripts/lib/decoder-modules.sh), with
# Fuzz/ECUDecodeCost.swift as the program; each case runs
# for N and 2N blocks, and the difference is N blocks' work (a request's too).
# Usage: scripts/bench-ecu.sh [N]   (default 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20000}
out=.build-bench-ecu
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
source scripts/lib/decoder-modules.sh
build_decoder_modules "$out/modules" -O
swiftc -O -wmo -parse-as-library -module-name ECUCost -I "$out/modules" Fuzz/ECUDecodeCost.swift \
    "$out/modules/GaugeASCII.o" "$out/modules/GaugeDecoders.o" "$out/modules/GaugeECU.o" -o "$out/ecu-cost"

instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$out/ecu-cost" "$@" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for framing in crc legacy; do
    a=$(instructions "$framing" "$n"); b=$(instructions "$framing" $((2 * n)))
    s=$("$out/ecu-cost" "$framing" "$n" | sed -n 's/^samples \([0-9]*\).*/\1/p')
    awk -v name="$framing" -v a="$a" -v b="$b" -v n="$n" -v s="$s" 'BEGIN {
        per = (b - a) / n
        printf "%-7s %7.0f instructions per block (request and answer), %d samples, %5.0f per sample\n", name, per, s, per / s }'
done
