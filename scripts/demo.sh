#!/usr/bin/env bash
# The README's "run" command: builds gaugepanel (release) and renders the test card to
# out/testcard.png. Later it will also start the demo dashboard.
# Environment: SCRATCH_PATH (default .build) for the SwiftPM build directory.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib/common.sh
source scripts/lib/deps.sh

ensure_packages zlib1g-dev pkg-config libfreetype-dev fonts-dejavu-core libdrm-dev libevdev-dev

log "building gaugepanel (release)"
scratch=${SCRATCH_PATH:-.build}
swift build -c release --scratch-path "$scratch" --product gaugepanel
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/gaugepanel"

mkdir -p out
"$bin" testcard --out out/testcard.png
log "test card: $(pwd)/out/testcard.png"
