#!/usr/bin/env bash
# End-to-end without hardware: `gaugepanel run` reads the line protocol from a pty and
# draws offscreen; its snapshots must equal `gaugepanel render` of the same values, go
# stale after silence, and recover when the line comes back (scripts/e2e/headless.py).
# Then every board and dashboard runs on its own protocol — NMEA 0183, a fake ELM327
# adapter, a fake sysfs tree, the line protocol — and every page must equal `gaugepanel
# render` of the values sent (scripts/e2e/boards.py). Last, every key documented in
# docs/configuration.md must change what `gaugepanel run` does (scripts/e2e/keys.py; keys
# that need hardware name a check of scripts/vm/run.py). And the homelab boards' host feed
# as scripts/install-service.sh installs it (scripts/e2e/feed.py), the tcp and udp sources
# against senders on loopback (scripts/e2e/network.py), dashboards/gps.toml against a real
# gpsd that gpsfake feeds an NMEA log (scripts/e2e/gpsd.py), kind = "signalk" against a
# small Signal K server on loopback (scripts/e2e/signalk.py; Python's websockets from PyPI
# when missing), and kind = "mqtt" against a
# real mosquitto on loopback: retained and live values, the broker stopped and back, a
# password file, TLS with a CA made by openssl, a flood of unread topics, messages over the
# packet limit (scripts/e2e/mqtt_panel.py); buttons and switches tapped (`run --tap`) publishing
# to it and a switch following its state topic (scripts/e2e/controls.py). Then sources that fail the same way forever (a
# flapping serial line, gpsd and MQTT peers that hang up after the handshake, a UDP port in
# use, a sysfs file that comes and goes) and a flood of bad lines: a few log lines each
# (scripts/e2e/flapping.py). And `gaugepanel export --csv` against the recording of a
# run, read back by Python's csv module and LibreOffice Calc (scripts/e2e/export.py), and counters killed by
# SIGKILL at random moments a hundred times: never lower, never garbage
# (scripts/e2e/counters.py). And charts fed a recording against `render --time` of it
# (scripts/e2e/charts.py). Fails if any fails.
#
# Usage: scripts/e2e-headless.sh     Environment: GAUGEPANEL (a built binary; default:
# swift build --scratch-path ${SCRATCH_PATH:-.build}), E2E_DIR (default .build-e2e).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib/common.sh
source scripts/lib/deps.sh
ensure_packages python3 fonts-dejavu-core socat gpsd gpsd-clients mosquitto mosquitto-clients libmbedtls-dev openssl \
    libreoffice-calc-nogui   # gpsd-clients: gpsfake; LibreOffice Calc reads the exported CSV back
gp=${GAUGEPANEL:-}
if [[ -z $gp ]]; then
    scratch=${SCRATCH_PATH:-.build}
    swift build --scratch-path "$scratch" --product gaugepanel >/dev/null
    gp=$(swift build --scratch-path "$scratch" --show-bin-path)/gaugepanel
fi
work=${E2E_DIR:-.build-e2e}
rm -rf "$work"; mkdir -p "$work"
status=0
# part LIMIT NAME CMD...: one harness, under `timeout`; its time and CPU time to the table
# printed last (which harness a slower run loses its time in).
times_table=()
part() {
    local limit=$1 name=$2 t0=$SECONDS cpu_file; shift 2
    cpu_file=$(mktemp "${TMPDIR:-/tmp}/gaugepanel-cpu.XXXXXX")
    with_cpu_time "$cpu_file" timeout "$limit" "$@" || status=1
    times_table+=("$(printf '%-14s %4d s %5s s CPU' "$name" $((SECONDS - t0)) "$(cpu_seconds "$cpu_file")")")
}
part 600 headless     python3 scripts/e2e/headless.py "$gp" "$work"
part 600 boards       python3 scripts/e2e/boards.py "$gp" "$work/boards"
part 600 keys         python3 scripts/e2e/keys.py "$gp" "$work/keys"   # every documented key changes what run does
part 600 feed         python3 scripts/e2e/feed.py "$gp" "$work/feed"    # the homelab boards' host feed as installed
part 600 network      python3 scripts/e2e/network.py "$gp" "$work/network"   # tcp and udp sources against loopback senders
part 180 gpsd         python3 scripts/e2e/gpsd.py "$gp" "$work/gpsd"   # kind = "gpsd" against gpsd under gpsfake
part 90  signalk      python3 scripts/e2e/signalk.py "$gp" "$work/signalk"   # kind = "signalk" against a Signal K server, restarted
part 90  signalk_peer python3 scripts/e2e/signalk_peer.py "$gp" "$work/signalk-peer"   # the same against aiohttp's WebSocket server
part 300 mqtt_panel   python3 scripts/e2e/mqtt_panel.py "$gp" "$work/mqtt"   # an MQTT broker, stopped and back, flooded
part 60  controls     python3 scripts/e2e/controls.py "$gp" "$work/controls"   # taps publish; a switch follows its state topic
part 120 flapping     python3 scripts/e2e/flapping.py "$gp" "$work/flapping"   # failing forever, flooded: a few log lines
part 60  export       python3 scripts/e2e/export.py "$gp" "$work/export"   # a recording as CSV, field by field
part 180 counters     python3 scripts/e2e/counters.py "$gp" "$work/counters" 100   # power cuts while counting
part 90  charts       python3 scripts/e2e/charts.py "$gp" "$work/charts"   # a recording charted: the pixels of render --time
printf '\n== time per harness\n'; printf '%s\n' "${times_table[@]}"
exit "$status"
