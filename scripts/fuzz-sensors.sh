#!/usr/bin/env bash
# Builds a libFuzzer target per GaugeDecoders decoder (and its WAV reader), per GaugeCAN parser (DBC files,
# candump lines, ISO-TP, NMEA 2000 fast packets), per GaugeNet decoder (the MQTT stream,
# the MQTT client session, JSON paths and payloads, gpsd lines, WebSocket frames with the
# Signal K messages they carry) and per GaugeECU one (TunerStudio INIs, the TunerStudio
# driver) and runs each for a bounded time.
# Usage: scripts/fuzz-sensors.sh [seconds-per-target]   (default 20)
# FUZZ_RUNS=N runs N inputs per target instead of a time limit.
# FUZZ_TARGETS="NMEA DBC" picks targets; FUZZ_OUT=dir moves the build/work folder
# (default .build-fuzz, git-ignored) so two runs at once do not share one.
# scripts/fuzz-sensors.sh --bench builds and runs the NMEA throughput benchmark instead.
# A run that finds the harnesses built from the same inputs (.build-fuzz/built) only fuzzes.
# Exits non-zero if a target fails to build or finds a crash (the input is kept in
# .build-fuzz/<target>/crash-*).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
swiftc="${SWIFTC:-swiftc}"
out="${FUZZ_OUT:-.build-fuzz}"
mkdir -p "$out"

# The decoders as SwiftPM builds them, a module per target (scripts/lib/decoder-modules.sh),
# once for every target: instrumented for libFuzzer and ASan like the harness, and with
# -enable-testing for the one harness that reads an internal table (FastPacket's PGNs).
SWIFTC=$swiftc
source scripts/lib/decoder-modules.sh
modules="$out/modules"

if [ "${1:-}" = "--bench" ]; then
    mkdir -p "$out/bench"
    # Modules of its own, without the fuzzers' instrumentation, which would be measured.
    build_decoder_modules "$out/bench/modules" -O
    "$swiftc" -O -wmo -parse-as-library -module-name NMEABench -I "$out/bench/modules" Fuzz/NMEABenchmark.swift \
        "$out/bench/modules/GaugeASCII.o" "$out/bench/modules/GaugeDecoders.o" -o "$out/bench/nmea-bench"
    exec "$out/bench/nmea-bench"
fi

# Every harness links all the modules' objects; one it does not call costs only link time.
objects=("${DECODER_MODULES[@]/#/$modules/}")
objects=("${objects[@]/%/.o}")

# The harnesses are built, then fuzzed, as many at a time as there are cores (at most
# FUZZ_JOBS, default nproc): each compile and each fuzzer is one process on one core, so
# every target still gets its whole time, and the step takes about half as long on two
# cores as building and fuzzing in turn.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
build() { # TARGET: builds its harness and seeds its corpus; status 2 when it does not build
    local target=$1 dir="$out/$1"
    mkdir -p "$dir/corpus"
    if ! "$swiftc" -sanitize=fuzzer,address -parse-as-library -O -wmo -module-name Fuzz$target -I "$modules" \
        "Fuzz/${target}Fuzz.swift" "${objects[@]}" -o "$dir/fuzz" 2> "$dir/build.txt"; then
        echo "!! $target: the harness does not build"
        grep -v "Cannot export local symbol" "$dir/build.txt"
        return 2
    fi
    for seed in Fuzz/corpus/"$target"/*; do [ -f "$seed" ] && cp "$seed" "$dir/corpus/"; done
    return 0
}
fuzz() { # TARGET: runs it; its report (and a crash's tail) to stdout; status 1 on a crash
    local target=$1 dir="$out/$1"
    if [ -n "${FUZZ_RUNS:-}" ]; then limit=(-runs="$FUZZ_RUNS"); else limit=(-max_total_time="$seconds"); fi
    echo "== fuzzing $target (${limit[*]})"
    if ! (cd "$dir" && ./fuzz "${limit[@]}" -max_len=512 -print_final_stats=1 corpus 2> log.txt); then
        echo "!! $target: crash (see $dir/log.txt and $dir/crash-*)"
        tail -30 "$dir/log.txt"
        return 1
    fi
    grep -aE "^(Done|stat::number_of_executed_units)" "$dir/log.txt" | sed "s/^/   $target: /"
}

# each ACTION TARGET...: ACTION for every target, $jobs at a time, reports printed in
# order; status the worst of theirs
each() {
    local action=$1 status=0 i=0 t; shift
    local -a targets=("$@") pids=()
    for t in "${targets[@]}"; do
        if [ ${#pids[@]} -ge "$jobs" ]; then
            wait "${pids[0]}" || status=$(( $? > status ? $? : status ))
            cat "$out/${targets[i]}/$action.report"; i=$((i + 1)); pids=("${pids[@]:1}")
        fi
        "$action" "$t" > "$out/$t/$action.report" 2>&1 &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do
        wait "$pid" || status=$(( $? > status ? $? : status ))
        cat "$out/${targets[i]}/$action.report"; i=$((i + 1))
    done
    return $status
}

read -r -a targets <<< "${FUZZ_TARGETS:-LineProtocol NMEA ELM327 WAV DBC Candump ISOTP FastPacket MQTT MQTTSession JSONPayload GPSD WebSocket ECUINI TunerStudio Expression}"
for target in "${targets[@]}"; do mkdir -p "$out/$target"; done
# What the harnesses are built from: a build with the same inputs is kept.
inputs=$( { echo "${targets[*]}"; "$swiftc" --version 2>&1; cat scripts/fuzz-sensors.sh scripts/lib/decoder-modules.sh
            decoder_module_sources | xargs cat; for t in "${targets[@]}"; do cat "Fuzz/${t}Fuzz.swift"; done; } | sha256sum | cut -c1-64)
if [ "$(cat "$out/built" 2>/dev/null)" = "$inputs" ]; then
    echo "== ${#targets[@]} harnesses already built from these sources (their corpora seeded then)"
else
    rm -f "$out/built"
    echo "== building the decoder modules (${DECODER_MODULES[*]})"
    build_decoder_modules "$modules" -sanitize=fuzzer,address -O -enable-testing 2> "$out/modules.txt" \
        || { cat "$out/modules.txt"; exit 2; }
    echo "== building ${#targets[@]} harnesses, $jobs at a time"
    each build "${targets[@]}" || exit 2
    echo "$inputs" > "$out/built"
fi
echo "== fuzzing, $jobs at a time"
each fuzz "${targets[@]}" || exit 1
exit 0
