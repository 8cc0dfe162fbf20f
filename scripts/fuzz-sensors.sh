#!/usr/bin/env bash
# Builds a libFuzzer target per GaugeSensors decoder, per GaugeCAN parser (DBC files,
# candump lines, ISO-TP, NMEA 2000 fast packets), per GaugeNet decoder (the MQTT stream,
# the MQTT client session, JSON paths and payloads, gpsd lines) and per GaugeECU one (TunerStudio
# INIs, the TunerStudio driver) and runs each for a bounded time.
# Usage: scripts/fuzz-sensors.sh [seconds-per-target]   (default 20)
# FUZZ_RUNS=N runs N inputs per target instead of a time limit.
# FUZZ_TARGETS="NMEA DBC" picks targets; FUZZ_OUT=dir moves the build/work folder
# (default .build-fuzz, git-ignored) so two runs at once do not share one.
# scripts/fuzz-sensors.sh --bench builds and runs the NMEA throughput benchmark instead.
# Exits non-zero if a target fails to build or finds a crash (the input is kept in
# .build-fuzz/<target>/crash-*).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
swiftc="${SWIFTC:-swiftc}"
out="${FUZZ_OUT:-.build-fuzz}"
mkdir -p "$out"

# The decoders, the three channel files they use and SerialProtocol (what GaugeNet's
# sessions conform to): exactly the Embedded-subset sources.
common=(Sources/GaugeSensors/Channels/Reading.swift Sources/GaugeSensors/Channels/SensorUnit.swift Sources/GaugeSensors/Channels/NameSuggestion.swift
        Sources/GaugeSensors/Sources/SerialProtocol.swift Sources/GaugeSensors/Decoders/*.swift)

# GaugeCAN's sources join them as one module: staged with `import GaugeSensors` blanked
# (line numbers kept), for the targets that need them.
can_stage="$out/GaugeCAN-sources"
rm -rf "$can_stage" && mkdir -p "$can_stage"
for f in Sources/GaugeCAN/*.swift; do
    sed -E 's|^import GaugeSensors$|// (one module) &|' "$f" > "$can_stage/$(basename "$f")"
done
can=("$can_stage"/*.swift)

# GaugeNet's the same way.
net_stage="$out/GaugeNet-sources"
rm -rf "$net_stage" && mkdir -p "$net_stage"
for f in Sources/GaugeNet/*.swift; do
    sed -E 's|^import GaugeSensors$|// (one module) &|' "$f" > "$net_stage/$(basename "$f")"
done
net=("$net_stage"/*.swift)

# GaugeECU's the same way (the TunerStudio INI parser and driver).
ecu_stage="$out/GaugeECU-sources"
rm -rf "$ecu_stage" && mkdir -p "$ecu_stage"
for f in Sources/GaugeECU/*.swift; do
    sed -E 's|^import GaugeSensors$|// (one module) &|' "$f" > "$ecu_stage/$(basename "$f")"
done
ecu=("$ecu_stage"/*.swift)

if [ "${1:-}" = "--bench" ]; then
    mkdir -p "$out/bench"
    "$swiftc" -O -wmo -parse-as-library -module-name NMEABench "${common[@]}" Fuzz/NMEABenchmark.swift \
        -o "$out/bench/nmea-bench"
    exec "$out/bench/nmea-bench"
fi

status=0
for target in ${FUZZ_TARGETS:-LineProtocol NMEA ELM327 DBC Candump ISOTP FastPacket MQTT MQTTSession JSONPayload GPSD ECUINI TunerStudio}; do
    dir="$out/$target"
    mkdir -p "$dir/corpus"
    case $target in DBC|Candump|ISOTP|FastPacket) extra=("${can[@]}") ;; MQTT|MQTTSession|JSONPayload|GPSD) extra=("${net[@]}") ;; ECUINI|TunerStudio) extra=("${ecu[@]}") ;; *) extra=() ;; esac
    echo "== building $target"
    "$swiftc" -sanitize=fuzzer,address -parse-as-library -O -wmo -module-name Fuzz$target \
        "${common[@]}" "${extra[@]}" "Fuzz/${target}Fuzz.swift" -o "$dir/fuzz" 2> "$dir/build.txt" \
        || { grep -v "Cannot export local symbol" "$dir/build.txt"; exit 2; }
    for seed in Fuzz/corpus/"$target"/*; do [ -f "$seed" ] && cp "$seed" "$dir/corpus/"; done
    if [ -n "${FUZZ_RUNS:-}" ]; then limit=(-runs="$FUZZ_RUNS"); else limit=(-max_total_time="$seconds"); fi
    echo "== fuzzing $target (${limit[*]})"
    if ! (cd "$dir" && ./fuzz "${limit[@]}" -max_len=512 -print_final_stats=1 corpus 2> log.txt); then
        echo "!! $target: crash (see $dir/log.txt and $dir/crash-*)"
        tail -30 "$dir/log.txt"
        status=1
    else
        grep -aE "^(Done|stat::number_of_executed_units)" "$dir/log.txt" | sed "s/^/   $target: /"
    fi
done
exit $status
