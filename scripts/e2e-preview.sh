#!/usr/bin/env bash
# `gaugepanel preview` in a real browser: installs Debian's chromium when missing and runs
# scripts/e2e/preview.py (headless Chromium over the DevTools protocol against a copy of
# dashboards/car.toml: picture = render, sliders, saves redrawn, errors shown, a dial
# dragged and resized into the file, 10,000 malformed requests).
#
# Usage: scripts/e2e-preview.sh [--screenshots DIR]   Environment: GAUGEPANEL (a built
# binary; default: swift build --scratch-path ${SCRATCH_PATH:-.build}), E2E_DIR (default
# .build-e2e/preview).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib/common.sh
source scripts/lib/deps.sh
ensure_packages python3 fonts-dejavu-core chromium libmbedtls-dev mosquitto mosquitto-clients
gp=${GAUGEPANEL:-}
if [[ -z $gp ]]; then
    scratch=${SCRATCH_PATH:-.build}
    swift build --scratch-path "$scratch" --product gaugepanel >/dev/null
    gp=$(swift build --scratch-path "$scratch" --show-bin-path)/gaugepanel
fi
exec timeout 330 python3 scripts/e2e/preview.py "$gp" "${E2E_DIR:-.build-e2e/preview}" "$@"
