#!/bin/bash
# The service under a real systemd: boots Debian's kernel in QEMU (TCG) with a minimal Debian
# userland (mmdebstrap: systemd as PID 1, udev, kmod, iproute2, NetworkManager as on Raspberry
# Pi OS; cached) as its root, into which scripts/install-service.sh has installed gaugepanel as
# a service (--destdir --can can0: the unit, the board (boards/qemu.toml with its sensor on
# the USB serial adapter, plus an ambient-light channel and [backlight]), the backlight's
# udev rule, can0's .network file, the user made at first boot by systemd-sysusers from
# /etc/sysusers.d), and
# checks what a Pi's owner meets, once on each userland: Debian 12 (bookworm) and Debian 13
# (trixie, which Raspberry Pi OS's current image is based on):
#   late: the display driver (bochs) is held back at boot and loaded 20 s after the service
#     started, as a slow driver would be: the service waits (STATUS=), then shows the dashboard
#     (the screendump equals `gaugepanel render` of the board) — with DevicePolicy=closed, which
#     allows a device only if its driver's major was registered when the unit started;
#     a USB serial adapter (QEMU usb-serial) plugged in after the start → the values sent on
#     it; unplugged → no values; plugged in again → the values (time from the plug to the
#     screen printed); the loop stopped (SIGSTOP) → the watchdog restarts it → the dashboard
#     again; `systemctl stop` → the console in text mode with a working keyboard.
#   boot: nothing held back: time from power-on to the dashboard; then
#     the backlight: QEMU has none, so an ACPI table (scripts/vm/systemd/backlight-ssdt.asl,
#     iasl) describes one and the kernel's ACPI video driver makes acpi_video0, a real
#     backlight class device; the udev rule gave group video brightness and bl_power;
#     `gaugepanel backlight --off` then `--on` as the service's user (runuser) and in the
#     unit's sandbox (systemd-run with its User=, groups and sandbox lines) → bl_power 4,
#     then 0; a user outside group video is refused with the panel's message;
#     the brightness following an ambient-light sensor: the same table's ACPI0008 device,
#     whose _ALI returns QEMU's pc-testdev register (I/O port 0xE0, written by the guest
#     through /dev/port), is the kernel's acpi-als IIO device; the board's sysfs channel
#     iio/acpi-als/in_illuminance_input drives [backlight] (curve [[0, 8], [20, 25], [300, 100]],
#     hysteresis 5): light stepped 0 → 300 → 20 → 0 lx → acpi_video0's brightness reaches
#     the curve's level (percent of max_brightness, as the panel rounds it) within 3 s (time
#     printed); dithered 17/23 lx inside the hysteresis → the brightness stays;
#     CAN: a kvaser_pci card (SJA1000) on a QEMU CAN bus is can0; systemd-networkd brought it
#     up from the installed 80-can0.network (ip -details: state UP, bitrate 500000) beside
#     NetworkManager, and network-online.target (wanted, as by a Pi's network services) was
#     reached without systemd-networkd-wait-online holding it;
#     the installer again, on the running system as root (no --destdir): over the backlight
#     reset to the kernel's root:root 0644 (the service's user refused) its udevadm trigger
#     gives it back to group video at once; an earlier install's /usr/lib/sysusers.d entry
#     moves to /etc/sysusers.d; networkd stays on and its wait-online off; the panel runs on.
# Prints one 'ok: …' or 'FAIL: …' line per check, '#' lines with figures, and ends with
# "N passed, N failed"; exits non-zero on failure.
#
# Usage: scripts/vm-systemd-test.sh [--no-build] [--prepare] [--suite bookworm|trixie]
#   --prepare: only fetch the kernel and build the userlands (network, not CPU), installing
#   nothing: scripts/test.sh runs it in the background. --suite: one userland only (default: both). SCRATCH_PATH (default .build-vm): the static
#   build's scratch path (shared with scripts/vm-test.sh); VM_WORK (default .build-vm-kernel):
#   the kernel, the cached roots (rootfs-SUITE-*.tar) and the runs (systemd/).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VM=$ROOT/scripts/vm
SCRATCH=${SCRATCH_PATH:-.build-vm}
WORK=$ROOT/${VM_WORK:-.build-vm-kernel}
BUILD=1
PREPARE=0
SUITES=(bookworm trixie)
USAGE="usage: $0 [--no-build] [--prepare] [--suite bookworm|trixie]"
while (($#)); do
  case $1 in
    --no-build) BUILD=0; shift ;;
    --prepare) PREPARE=1; shift ;;
    --suite) case ${2:-} in bookworm|trixie) SUITES=("$2"); shift 2 ;; *) echo "$USAGE" >&2; exit 2 ;; esac ;;
    *) echo "$USAGE" >&2; exit 2 ;;
  esac
done
T0=$(date +%s)
mkdir -p "$WORK"; cd "$WORK"

if [ "$PREPARE" = 0 ]; then
  source "$ROOT/scripts/lib/deps.sh"
  ensure_packages qemu-system-x86 mmdebstrap cpio kmod python3 gcc libc6-dev file pkg-config libdrm-dev libfreetype-dev libpng-dev libbrotli-dev libtomlplusplus-dev libmbedtls-dev acpica-tools
fi
source "$VM/debian-kernel.sh"
if [ "$PREPARE" = 0 ]; then
  source "$VM/static-build.sh"
  # The guest's copy without its symbols (about a third smaller): the root is in RAM, and
  # the re-install holds three copies of it at once.
  strip -o "$WORK/gaugepanel-guest" "$GP" && GP=$WORK/gaugepanel-guest
  if ! gcc -static -O2 -Wall -o "$WORK/ttymode" "$VM/ttymode.c" > "$WORK/ttymode.log" 2>&1; then
    head -5 "$WORK/ttymode.log"; echo "FAIL: build: gcc -static scripts/vm/ttymode.c"; echo "0 passed, 1 failed"; exit 1
  fi
  # the guest's backlight: an ACPI table that QEMU hands the guest (-acpitable)
  if ! iasl -p "$WORK/backlight-ssdt" "$VM/systemd/backlight-ssdt.asl" > "$WORK/iasl.log" 2>&1; then
    tail -5 "$WORK/iasl.log"; echo "FAIL: build: iasl scripts/vm/systemd/backlight-ssdt.asl"; echo "0 passed, 1 failed"; exit 1
  fi
fi

# The userland: Debian's minbase plus what a Pi's system runs the panel with (NetworkManager
# and iproute2 as on Raspberry Pi OS). Cached by release and package list; without
# documentation, manuals and locales (a smaller initramfs).
PACKAGES=systemd,systemd-sysv,udev,kmod,passwd,procps,iproute2,network-manager
RUNS=$WORK/systemd; rm -rf "$RUNS"; mkdir -p "$RUNS"
# what earlier versions of this script left: one root for bookworm, roots of other package lists
rm -rf "$WORK/systemd-root" "$WORK/systemd-initramfs.cpio.gz"
find "$WORK" -maxdepth 1 -name 'rootfs-*.tar' ! -name "rootfs-*-$(echo "$PACKAGES" | md5sum | cut -c1-8).tar" -delete
# abort MESSAGE: a FAIL line, the count so far (a suite's boots already done) and exit 1.
abort() {
  echo "FAIL: $*"
  echo "$(cat "$RUNS"/*.log 2>/dev/null | grep -c '^ok: ' || true) passed, $(( $(cat "$RUNS"/*.log 2>/dev/null | grep -c '^FAIL: ' || true) + 1 )) failed"
  exit 1
}
userland() {   # SUITE: sets ROOTFS, the cached root's tar
  local suite=$1
  ROOTFS=$WORK/rootfs-$suite-$(echo "$PACKAGES" | md5sum | cut -c1-8).tar
  [ -s "$ROOTFS" ] && return 0
  echo "# building the guest's Debian $suite userland (mmdebstrap: $PACKAGES)"
  if ! mmdebstrap --quiet --variant=minbase --include="$PACKAGES" \
      --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
      --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
      "$suite" "${ROOTFS%.tar}.part.tar" > "$WORK/mmdebstrap-$suite.log" 2>&1; then
    tail -5 "$WORK/mmdebstrap-$suite.log"; abort "build: mmdebstrap $suite (see $WORK/mmdebstrap-$suite.log)"
  fi
  mv "${ROOTFS%.tar}.part.tar" "$ROOTFS"
}
# --prepare: only what comes over the network (the kernel's package, the userlands), for
# scripts/test.sh to fetch in the background while other steps run; installs nothing.
if [ "$PREPARE" = 1 ]; then
  for suite in "${SUITES[@]}"; do userland "$suite"; done
  echo "# prepared in $(( $(date +%s) - T0 )) s: the kernel $KVER and the userlands ${SUITES[*]}"
  exit 0
fi

# The guest's root for SUITE in $ST, as an initramfs in $INITRD.
image() {
  local suite=$1
  ST=$WORK/systemd-root-$suite; rm -rf "$ST"; mkdir -p "$ST"
  tar -C "$ST" -xf "$ROOTFS" --exclude='./dev/*'
  rm -rf "$ST"/var/cache/apt/* "$ST"/var/lib/apt/lists/*
  # the kernel's modules the machine needs: display, USB host and serial adapters, input, the
  # ACPI video driver (the backlight), the ACPI ambient-light sensor (IIO), the CAN card
  for m in bochs xhci_pci usbserial ftdi_sio cdc_acm evdev video acpi-als kvaser_pci; do
    modprobe -S "$KVER" -d "$KROOT" --show-depends $m | awk '$1=="insmod"{print $2}'
  done | sort -u | while read -r f; do
    rel=${f#$KROOT/}; mkdir -p "$ST/$(dirname "$rel")"; cp "$f" "$ST/$rel"
  done
  cp "$KROOT"/lib/modules/$KVER/modules.{order,builtin,builtin.modinfo} "$ST/lib/modules/$KVER/"
  depmod -b "$ST" "$KVER"
  # the service, as a user installs it (staged: its user is made by systemd-sysusers at boot),
  # with can0 brought up by systemd-networkd
  if ! bash "$ROOT/scripts/install-service.sh" --board "$BOARD" --binary "$GP" --destdir "$ST" --can can0 > "$WORK/install-$suite.log" 2>&1; then
    cat "$WORK/install-$suite.log"; abort "install: scripts/install-service.sh --destdir ($suite)"
  fi
  sed "s/^/# install ($suite): /" "$WORK/install-$suite.log"
  # the harness's guest side, and what a test machine needs: no logins on the serial lines
  # (the harness owns ttyS1; ttyS0 is the console), systemd's PID 1 as the initramfs's /init
  install -m 0755 "$VM/systemd/gp-harness" "$ST/usr/local/sbin/gp-harness"
  strip -o "$ST/usr/local/sbin/ttymode" "$WORK/ttymode"
  install -m 0644 "$VM/systemd/gp-harness.service" "$ST/etc/systemd/system/gp-harness.service"
  mkdir -p "$ST/etc/systemd/system/multi-user.target.wants"
  ln -sf /etc/systemd/system/gp-harness.service "$ST/etc/systemd/system/multi-user.target.wants/gp-harness.service"
  # network-online.target wanted, as on a Pi by the services that wait for the network
  ln -sf /usr/lib/systemd/system/network-online.target "$ST/etc/systemd/system/multi-user.target.wants/network-online.target"
  # the installer and its files, which the guest runs again on the running system (no --destdir)
  local src=$ST/usr/local/src/gaugepanel
  install -D -m 0755 "$ROOT/scripts/install-service.sh" "$src/scripts/install-service.sh"
  install -D -m 0644 -t "$src/scripts/systemd" "$ROOT"/scripts/systemd/*
  install -D -m 0644 -t "$src/scripts/udev" "$ROOT"/scripts/udev/*
  install -m 0644 "$BOARD" "$src/board.toml"
  for u in serial-getty@ttyS0.service serial-getty@ttyS1.service; do ln -sf /dev/null "$ST/etc/systemd/system/$u"; done
  echo gaugepanel-vm > "$ST/etc/hostname"
  : > "$ST/etc/machine-id"
  ln -sf /lib/systemd/systemd "$ST/init"
  INITRD=$WORK/systemd-initramfs-$suite.cpio.gz
  (cd "$ST" && find . | cpio -o -H newc -R 0:0 --quiet | gzip -1 > "$INITRD")
  # what the userland is: its release, systemd's version, where it came from
  local systemd_version
  systemd_version=$(awk '/^Package: systemd$/ { p = 1 } p && /^Version:/ { print $2; exit }' "$ST/var/lib/dpkg/status")
  echo "# $suite: Debian $(cat "$ST/etc/debian_version"), systemd $systemd_version, from $(grep -hv '^#' "$ST"/etc/apt/sources.list "$ST"/etc/apt/sources.list.d/*.list 2>/dev/null | grep -m1 . | sed 's/^deb //');" \
       "guest root $(du -sm "$ST" | cut -f1) MB, initramfs $(du -m "$INITRD" | cut -f1) MB"
}

# the board: boards/qemu.toml with its line-protocol sensor on the USB serial adapter
BOARD=$WORK/systemd-board.toml
sed 's|/dev/ttyS1|/dev/ttyUSB0|g' "$ROOT/boards/qemu.toml" > "$BOARD"
grep -q '"/dev/ttyUSB0"' "$BOARD" || { echo "FAIL: build: boards/qemu.toml has no sensor on /dev/ttyS1 to move to /dev/ttyUSB0"; echo "0 passed, 1 failed"; exit 1; }
# and the brightness following the guest's ambient-light sensor (acpi-als, from the ACPI
# table) on its backlight (the first: acpi_video0); scripts/vm/systemd.py models the same
# curve and hysteresis
cat >> "$BOARD" <<'EOF'

[[sensor]]
kind = "sysfs"

  [[sensor.channel]]
  name = "ambient"
  path = "iio/acpi-als/in_illuminance_input"

[backlight]
channel = "ambient"
curve = [[0, 8], [20, 25], [300, 100]]
hysteresis = 5
EOF
T1=$(date +%s)

# The suites side by side, each in a lane of its own (userland, image, its two boots one
# after the other): the guests mostly wait, and a run of both takes under a core.
suite_lane() {  # SUITE: its figures line in $RUNS/SUITE.figures; non-zero when a boot failed
  local suite=$1 S0 S1 S2 S3 st=0
  S0=$(date +%s)
  userland "$suite"
  S1=$(date +%s)
  image "$suite"
  S2=$(date +%s)
  for mode in late boot; do
    python3 "$VM/systemd.py" --suite "$suite" --mode $mode --kernel "$WORK/vmlinux-$KVER" --initrd "$INITRD" \
      --acpitable "$WORK/backlight-ssdt.aml" --gp "$GP" --board "$BOARD" --out "$RUNS/$suite-$mode" | tee "$RUNS/$suite-$mode.log" || st=1
  done
  S3=$(date +%s)
  echo "$suite: userland $((S1 - S0)) s, image $((S2 - S1)) s, boots $((S3 - S2)) s" > "$RUNS/$suite.figures"
  return $st
}
status=0 figures=() lanes=()
for suite in "${SUITES[@]}"; do
  suite_lane "$suite" > "$RUNS/$suite.out" 2>&1 &
  lanes+=($!)
done
for lane in "${lanes[@]}"; do wait "$lane" || status=1; done
for suite in "${SUITES[@]}"; do
  cat "$RUNS/$suite.out"
  figures+=("$(cat "$RUNS/$suite.figures" 2>/dev/null || echo "$suite: did not finish")")
done
T3=$(date +%s)
passed=$(cat "$RUNS"/*.log | grep -c '^ok: ' || true)
failed=$(cat "$RUNS"/*.log | grep -c '^FAIL: ' || true)
echo "# build and kernel $((T1 - T0)) s; $(IFS=';'; echo "${figures[*]}" | sed 's/;/; /g'); total $((T3 - T0)) s; screendumps and logs in $RUNS"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ] && [ $status = 0 ]
