#!/usr/bin/env bash
# The README's "run" command: builds gaugepanel and runs the headless demo board — an
# 800×480 car dashboard fed by simulated sensors, drawn offscreen — writing a snapshot to
# out/headless.png every 2 s (and on SIGUSR1). No hardware needed.
# The debug build, by default: its renderer is optimised (Package.swift), it builds in half
# the release build's time, and the demo draws at about 6 % of a core (3 % in release).
# Environment: SCRATCH_PATH (default .build); DEMO_CONFIGURATION (debug, the default, or
# release: what scripts/install-service.sh asks for); DEMO_SECONDS (default 15; 0 runs until
# Ctrl-C); BOARD (default boards/headless.toml; any board runs offscreen here).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib/common.sh
source scripts/lib/deps.sh

ensure_packages zlib1g-dev pkg-config libfreetype-dev fonts-dejavu-core libdrm-dev libevdev-dev libtomlplusplus-dev libmbedtls-dev

configuration=${DEMO_CONFIGURATION:-debug}
[[ $configuration == debug || $configuration == release ]] ||
    die "DEMO_CONFIGURATION=$configuration: expected debug or release"
log "building gaugepanel ($configuration)"
scratch=${SCRATCH_PATH:-.build}
swift build -c "$configuration" --scratch-path "$scratch" --product gaugepanel
bin="$(swift build -c "$configuration" --scratch-path "$scratch" --show-bin-path)/gaugepanel"

board=${BOARD:-boards/headless.toml}
seconds=${DEMO_SECONDS:-15}
mkdir -p out
duration=()
[[ $seconds != 0 ]] && duration=(--duration "$seconds")
log "running $board offscreen${duration:+ for $seconds s}: open out/headless.png to watch it (Ctrl-C stops)"
"$bin" run --board "$board" --display offscreen --snapshot out/headless.png --snapshot-interval 2 "${duration[@]}"
log "last frame: $(pwd)/out/headless.png"
