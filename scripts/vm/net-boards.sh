#!/bin/bash
# The network runs' boards for scripts/vm-arm-test.sh (test 'net'):
#   scripts/vm/net-boards.sh BOARD DIR
# writes into DIR, from BOARD (boards/qemu.toml: one [[sensor]] with channels rpm, speed,
# coolant and fuel):
#   mqtt.toml  BOARD with its [[sensor]] kind = "mqtt" on broker 10.0.2.2:1883 (QEMU's user
#              networking: the host's loopback), each channel reading the topic car/<name>
#   tcp.toml   BOARD with its [[sensor]] kind = "tcp" on server 10.0.2.2:10110, the line
#              protocol as on the serial line
# The guest (scripts/vm/arm-init) puts the ports the host listens on in place of 1883 and
# 10110; the host renders these files as they are (the address draws nothing).
# On failure: one line "FAIL: build: …" on stdout, exit 1.
set -uo pipefail
BOARD=$1 NB=$2
mkdir -p "$NB" || { echo "FAIL: build: cannot write $NB"; exit 1; }
# network_copy KIND KEYS...: BOARD's [[sensor]] with kind = KIND and KEYS ('key = "value"'
# lines) instead of its device, baud and protocol; MQTT: a topic per channel.
network_copy() {
  local kind=$1; shift
  awk -v kind="$kind" -v keys="$(printf '%s\n' "$@")" '
     /^[ \t]*\[/ { sensor = ($0 ~ /^[ \t]*\[\[sensor(\.channel)?\]\]/) }
     sensor && /^[ \t]*\[\[sensor\]\]/ { print; print "kind = \"" kind "\""; printf "%s", keys; next }
     sensor && /^(kind|device|baud|protocol)[ \t]*=/ { next }
     { print }
     kind == "mqtt" && sensor && /^[ \t]*name[ \t]*=/ { n = $0; sub(/^[^"]*"/, "", n); sub(/".*/, "", n); print "  topic = \"car/" n "\"" }' \
    "$BOARD"
}
network_copy mqtt 'broker = "10.0.2.2:1883"' 'client_id = "gaugepanel-vm"' 'keepalive = 5' > "$NB/mqtt.toml"
network_copy tcp 'server = "10.0.2.2:10110"' 'protocol = "line"' > "$NB/tcp.toml"
if [ "$(grep -c '^  topic = "car/' "$NB/mqtt.toml")" != 4 ] || [ "$(grep -c '^kind = ' "$NB/mqtt.toml")" != 1 ] ||
   [ "$(grep -c '^kind = "tcp"' "$NB/tcp.toml")" != 1 ]; then
  echo "FAIL: build: $BOARD: cannot make the network copies (one [[sensor]] with channels rpm, speed, coolant, fuel)"; exit 1
fi
