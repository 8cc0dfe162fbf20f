#!/usr/bin/env bash
# Renders the example dashboards with `gaugepanel render` and the DejaVu fonts (the
# real look, unlike the stroke-font goldens) into docs/gallery/, one PNG per page.
# Sensor-fed boards get plausible values with --set, since nothing is connected; the
# boat's trend charts a generated half hour (scripts/generators/boat_trends.py).
# Environment: SCRATCH_PATH (default .build) for the SwiftPM build directory;
# GAUGEPANEL_BIN to use an existing gaugepanel binary instead of building one.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib/common.sh
source scripts/lib/deps.sh

ensure_packages fonts-dejavu-core
bin=${GAUGEPANEL_BIN:-}
if [[ -z $bin ]]; then
    ensure_packages zlib1g-dev pkg-config libfreetype-dev libdrm-dev libevdev-dev libtomlplusplus-dev libmbedtls-dev
    scratch=${SCRATCH_PATH:-.build}
    log "building gaugepanel"
    swift build --scratch-path "$scratch" --product gaugepanel
    bin="$(swift build --scratch-path "$scratch" --show-bin-path)/gaugepanel"
fi

out=docs/gallery
mkdir -p "$out"
render() { # NAME FILE [render options...]
    local name=$1 file=$2; shift 2
    "$bin" render "dashboards/$file" --font "DejaVu Sans" --out "$out/$name.png" "$@"
}

"$bin" check dashboards/*.toml
render reference reference.toml
render reference-text reference-text.toml
render car car.toml --time 3
render car-night car.toml --time 3 --theme night
render boat boat.toml --set depth=8.4 --set wind.angle=-35 --set wind.speed=14.2 --set speed=6.1 --set heading=212
# The trends page after half an hour: a generated recording played into a copy of the board.
trends=$(mktemp -d); trap 'rm -rf "$trends"' EXIT
python3 scripts/generators/boat_trends.py "$trends"
"$bin" render "$trends/boat-trends.toml" --font "DejaVu Sans" --page trends --time 1800 --out "$out/boat-trends.png"
render homelab homelab.toml --set cpu.temperature=62 --set board.temperature=41 --set fan=1180 --set ups=87
render gallery-800x480 gallery-800x480.toml
for page in round linear indicators lamps; do render "gallery-320x240-$page" gallery-320x240.toml --page "$page"; done
for page in dial rings bars indicators hig; do render "gallery-128-$page" gallery-128.toml --page "$page"; done
log "gallery: $(pwd)/$out"
