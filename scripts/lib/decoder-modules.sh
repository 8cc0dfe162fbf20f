# shellcheck shell=bash
# The pure decoders as Swift modules, built straight from Sources/ the way SwiftPM builds
# them — one module per target, each importing the ones before it — for the builds outside
# SwiftPM: fuzzing (scripts/fuzz-sensors.sh), the CAN cost (scripts/bench-can.sh) and the
# Embedded builds for every Pi CPU (scripts/cross-cpu-check.sh). Sourced, not run.
#
#   build_decoder_modules DIR SWIFTC_FLAGS...
#       DIR/<Module>.swiftmodule (for -I DIR) and DIR/<Module>.o for each of DECODER_MODULES,
#       every one compiled with the same flags (-Osize -target … for Embedded, -O and a
#       sanitizer for fuzzing); stops at the first module that does not compile.
#   decoder_module_sources [MODULE...]   their Swift files, sorted (all modules' without
#       an argument: what a build stamp hashes)
#
# SWIFTC names the compiler (default: swiftc).

# Dependencies first, as in Package.swift: GaugeDecoders imports only GaugeASCII, and
# GaugeCAN, GaugeNet and GaugeECU GaugeDecoders (GaugeECU GaugeASCII too).
DECODER_MODULES=(GaugeASCII GaugeDecoders GaugeCAN GaugeNet GaugeECU)

decoder_module_sources() {
    local modules=("${@:-${DECODER_MODULES[@]}}")
    find "${modules[@]/#/Sources/}" -name '*.swift' | LC_ALL=C sort
}

build_decoder_modules() {
    local dir=$1 module sources=()
    shift
    mkdir -p "$dir"
    for module in "${DECODER_MODULES[@]}"; do
        mapfile -t sources < <(decoder_module_sources "$module")
        # Swift 6 mode, whole-module, as SwiftPM builds the package (swiftLanguageModes: .v6).
        "${SWIFTC:-swiftc}" "$@" -swift-version 6 -parse-as-library -wmo -module-name "$module" -I "$dir" \
            -emit-module -emit-module-path "$dir/$module.swiftmodule" \
            -c "${sources[@]}" -o "$dir/$module.o" || return 1
    done
}
