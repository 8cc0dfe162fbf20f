#!/usr/bin/env bash
# Instructions per ECU realtime block read, counted by callgrind (repeatable on any machine):
# Speeduino's 22 bytes of a dash's eight channels (two through INI expressions), in the
# CRC32 framing (frame and CRC checked) and in the legacy one. GaugeECU and the decoders
# are built -O as one module, like the fuzzers (Fuzz/ECUDecodeCost.swift); each case runs
# for N and 2N blocks, and the difference is N blocks' work (a request's too).
# Usage: scripts/bench-ecu.sh [N]   (default 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20000}
out=.build-bench-ecu
rm -rf "$out/src" && mkdir -p "$out/src"
for f in Sources/GaugeECU/*.swift; do
    sed -E 's|^import GaugeSensors$|// (one module) &|' "$f" > "$out/src/$(basename "$f")"
done
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
swiftc -O -wmo -parse-as-library -module-name ECUCost \
    Sources/GaugeSensors/Channels/{Reading,SensorUnit,NameSuggestion}.swift Sources/GaugeSensors/Sources/SerialProtocol.swift \
    Sources/GaugeSensors/Decoders/*.swift "$out"/src/*.swift Fuzz/ECUDecodeCost.swift -o "$out/ecu-cost"

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
