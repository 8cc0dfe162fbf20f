#!/usr/bin/env bash
# Renderer benchmarks (ordo-one/benchmark). Reports times, mallocs and each case's ratio
# to the floor (a one-colour fill of the same surface, measured in the same iteration).
#   scripts/bench.sh            all benchmarks
#   scripts/bench.sh --filter Arc
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh
ensure_packages zlib1g-dev pkg-config libfreetype-dev fonts-dejavu-core libdrm-dev libevdev-dev
export GAUGEPANEL_BENCHMARKS=1
exec swift package --scratch-path .build-bench --disable-sandbox benchmark --target RasterBenchmarks "$@"
