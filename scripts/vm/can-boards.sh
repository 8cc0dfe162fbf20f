#!/bin/bash
# The CAN runs' boards, for both kernel harnesses (scripts/vm-test.sh, scripts/vm-arm-test.sh):
#   scripts/vm/can-boards.sh BOARD DIR
# writes into DIR, from BOARD (boards/qemu.toml: one [[sensor]] with channels rpm, speed,
# coolant and fuel):
#   qemu-car.dbc   scripts/vm/qemu-car.dbc, the car's messages
#   canpanel.toml  BOARD with its [[sensor]] a CAN sensor on can0 decoding qemu-car.dbc, the
#                  same channels and units, each given its MESSAGE.SIGNAL
#   flood.log      2000 frames with ids the DBC does not describe (`candump -l`, 1 ms apart)
#   obd.toml       the same with protocol = "obd2" (poll_hz = 20), each channel an OBD-II PID's
#                  (GaugeDecoders' OBDPID names: engine speed 0x0C, vehicle speed 0x0D, coolant
#                  0x05, fuel level 0x2F, in the units the board has), and two channels no widget
#                  shows, whose PIDs the ECU refuses (throttle, 0x11) and never answers (module
#                  voltage, 0x42)
#   obd29.toml     obd.toml with obd_ids = 29 (ISO 15765-4's 29-bit identifiers)
# On failure: one line "FAIL: build: …" on stdout, exit 1.
set -uo pipefail
VM=$(cd "$(dirname "$0")" && pwd)
BOARD=$1 CB=$2
mkdir -p "$CB" && cp "$VM/qemu-car.dbc" "$CB/" || { echo "FAIL: build: cannot write $CB"; exit 1; }
awk 'BEGIN { src["rpm"] = "ENGINE.RPM"; src["speed"] = "VEHICLE.SPEED"; src["coolant"] = "ENGINE.COOLANT"; src["fuel"] = "VEHICLE.FUEL" }
     /^[ \t]*\[/ { sensor = ($0 ~ /^[ \t]*\[\[sensor(\.channel)?\]\]/) }
     sensor && /^[ \t]*\[\[sensor\]\]/ { print; print "kind = \"can\""; print "interface = \"can0\""; print "protocol = \"dbc\""; print "dbc = \"qemu-car.dbc\""; next }
     sensor && /^(kind|device|baud|protocol)[ \t]*=/ { next }
     { print }
     sensor && /^[ \t]*name[ \t]*=/ { n = $0; sub(/^[^"]*"/, "", n); sub(/".*/, "", n); if (n in src) print "  source = \"" src[n] "\"" }' \
  "$BOARD" > "$CB/canpanel.toml"
if [ "$(grep -c '^  source = "' "$CB/canpanel.toml")" != 4 ] || [ "$(grep -c '^kind = ' "$CB/canpanel.toml")" != 1 ]; then
  echo "FAIL: build: $BOARD: cannot make the CAN copy (one [[sensor]] with channels rpm, speed, coolant, fuel)"; exit 1
fi
python3 "$VM/vmhost/canbus.py" flood "$CB/qemu-car.dbc" "$CB/flood.log" 2000 || { echo "FAIL: build: vmhost/canbus.py flood"; exit 1; }
awk 'BEGIN { src["rpm"] = "engine.rpm"; src["speed"] = "vehicle.speed"; src["coolant"] = "engine.coolant.temperature"; src["fuel"] = "0x2F" }
     /^[ \t]*\[/ { sensor = ($0 ~ /^[ \t]*\[\[sensor(\.channel)?\]\]/) }
     /^[ \t]*\[\[page\]\]/ && !extra { extra = 1
       print "  [[sensor.channel]]"; print "  name = \"throttle\""; print "  source = \"0x11\""; print "  unit = \"%\""; print ""
       print "  [[sensor.channel]]"; print "  name = \"voltage\""; print "  source = \"vehicle.voltage\""; print "  unit = \"V\""; print "" }
     sensor && /^[ \t]*\[\[sensor\]\]/ { print; print "kind = \"can\""; print "interface = \"can0\""; print "protocol = \"obd2\""; print "poll_hz = 20"; next }
     sensor && /^(kind|device|baud|protocol)[ \t]*=/ { next }
     { print }
     sensor && /^[ \t]*name[ \t]*=/ { n = $0; sub(/^[^"]*"/, "", n); sub(/".*/, "", n); if (n in src) print "  source = \"" src[n] "\"" }' \
  "$BOARD" > "$CB/obd.toml"
if [ "$(grep -c '^  source = "' "$CB/obd.toml")" != 6 ] || [ "$(grep -c '^kind = ' "$CB/obd.toml")" != 1 ]; then
  echo "FAIL: build: $BOARD: cannot make the OBD-II copy (one [[sensor]] with channels rpm, speed, coolant, fuel)"; exit 1
fi
sed 's/^poll_hz = 20$/poll_hz = 20\nobd_ids = 29/' "$CB/obd.toml" > "$CB/obd29.toml"
grep -qx 'obd_ids = 29' "$CB/obd29.toml" || { echo "FAIL: build: cannot make obd29.toml from obd.toml"; exit 1; }
