#!/bin/bash
# The service under a real systemd: boots Debian's kernel in QEMU (TCG) with a minimal Debian
# userland (mmdebstrap: systemd as PID 1, udev, kmod; cached) as its root, into which
# scripts/install-service.sh has installed gaugepanel as a service (--destdir: the unit, the
# board, the user made at first boot by systemd-sysusers), and checks what a Pi's owner meets:
#   late: the display driver (bochs) is held back at boot and loaded 20 s after the service
#     started, as a slow driver would be: the service waits (STATUS=), then shows the dashboard
#     (the screendump equals `gaugepanel render` of the board) — with DevicePolicy=closed, which
#     allows a device only if its driver's major was registered when the unit started;
#     a USB serial adapter (QEMU usb-serial) plugged in after the start → the values sent on
#     it; unplugged → no values; plugged in again → the values (time from the plug to the
#     screen printed); the loop stopped (SIGSTOP) → the watchdog restarts it → the dashboard
#     again; `systemctl stop` → the console in text mode with a working keyboard.
#   boot: nothing held back: time from power-on to the dashboard.
# Prints one 'ok: …' or 'FAIL: …' line per check, '#' lines with figures, and ends with
# "N passed, N failed"; exits non-zero on failure.
#
# Usage: scripts/vm-systemd-test.sh [--no-build]
#   SCRATCH_PATH (default .build-vm): the static build's scratch path (shared with
#   scripts/vm-test.sh); VM_WORK (default .build-vm-kernel): the kernel, the cached root
#   (rootfs-*.tar) and the runs (systemd/).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VM=$ROOT/scripts/vm
SCRATCH=${SCRATCH_PATH:-.build-vm}
WORK=$ROOT/${VM_WORK:-.build-vm-kernel}
BUILD=1
case ${1:-} in --no-build) BUILD=0 ;; "") ;; *) echo "usage: $0 [--no-build]" >&2; exit 2 ;; esac
T0=$(date +%s)
mkdir -p "$WORK"; cd "$WORK"

source "$ROOT/scripts/lib/deps.sh"
ensure_packages qemu-system-x86 mmdebstrap cpio kmod python3 gcc libc6-dev file pkg-config libdrm-dev libfreetype-dev libpng-dev libbrotli-dev libtomlplusplus-dev libmbedtls-dev
source "$VM/debian-kernel.sh"
source "$VM/static-build.sh"
if ! gcc -static -O2 -Wall -o "$WORK/ttymode" "$VM/ttymode.c" > "$WORK/ttymode.log" 2>&1; then
  head -5 "$WORK/ttymode.log"; echo "FAIL: build: gcc -static scripts/vm/ttymode.c"; echo "0 passed, 1 failed"; exit 1
fi

# The userland: Debian bookworm, minbase plus what a Pi's system runs the panel with. Cached by
# its package list; without documentation, manuals and locales (a smaller initramfs).
PACKAGES=systemd,systemd-sysv,udev,kmod,passwd,procps
ROOTFS=$WORK/rootfs-bookworm-$(echo "$PACKAGES" | md5sum | cut -c1-8).tar
if [ ! -s "$ROOTFS" ]; then
  echo "# building the guest's Debian userland (mmdebstrap: $PACKAGES)"
  if ! mmdebstrap --quiet --variant=minbase --include="$PACKAGES" \
      --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
      --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
      bookworm "${ROOTFS%.tar}.part.tar" > "$WORK/mmdebstrap.log" 2>&1; then
    tail -5 "$WORK/mmdebstrap.log"; echo "FAIL: build: mmdebstrap (see $WORK/mmdebstrap.log)"; echo "0 passed, 1 failed"; exit 1
  fi
  mv "${ROOTFS%.tar}.part.tar" "$ROOTFS"
fi
T1=$(date +%s)

ST=$WORK/systemd-root; rm -rf "$ST"; mkdir -p "$ST"
tar -C "$ST" -xf "$ROOTFS" --exclude='./dev/*'
rm -rf "$ST"/var/cache/apt/* "$ST"/var/lib/apt/lists/*
# the kernel's modules the machine needs: display, USB host and serial adapters, input
for m in bochs xhci_pci usbserial ftdi_sio cdc_acm evdev; do
  modprobe -S "$KVER" -d "$KROOT" --show-depends $m | awk '$1=="insmod"{print $2}'
done | sort -u | while read -r f; do
  rel=${f#$KROOT/}; mkdir -p "$ST/$(dirname "$rel")"; cp "$f" "$ST/$rel"
done
cp "$KROOT"/lib/modules/$KVER/modules.{order,builtin,builtin.modinfo} "$ST/lib/modules/$KVER/"
depmod -b "$ST" "$KVER"
# the board: boards/qemu.toml with its line-protocol sensor on the USB serial adapter
BOARD=$WORK/systemd-board.toml
sed 's|/dev/ttyS1|/dev/ttyUSB0|g' "$ROOT/boards/qemu.toml" > "$BOARD"
grep -q '"/dev/ttyUSB0"' "$BOARD" || { echo "FAIL: build: boards/qemu.toml has no sensor on /dev/ttyS1 to move to /dev/ttyUSB0"; echo "0 passed, 1 failed"; exit 1; }
# the service, as a user installs it (staged: its user is made by systemd-sysusers at boot)
if ! bash "$ROOT/scripts/install-service.sh" --board "$BOARD" --binary "$GP" --destdir "$ST" > "$WORK/install.log" 2>&1; then
  cat "$WORK/install.log"; echo "FAIL: install: scripts/install-service.sh --destdir"; echo "0 passed, 1 failed"; exit 1
fi
sed 's/^/# install: /' "$WORK/install.log"
# the harness's guest side, and what a test machine needs: no logins on the serial lines
# (the harness owns ttyS1; ttyS0 is the console), systemd's PID 1 as the initramfs's /init
install -m 0755 "$VM/systemd/gp-harness" "$ST/usr/local/sbin/gp-harness"
strip -o "$ST/usr/local/sbin/ttymode" "$WORK/ttymode"
install -m 0644 "$VM/systemd/gp-harness.service" "$ST/etc/systemd/system/gp-harness.service"
mkdir -p "$ST/etc/systemd/system/multi-user.target.wants"
ln -sf /etc/systemd/system/gp-harness.service "$ST/etc/systemd/system/multi-user.target.wants/gp-harness.service"
for u in serial-getty@ttyS0.service serial-getty@ttyS1.service; do ln -sf /dev/null "$ST/etc/systemd/system/$u"; done
echo gaugepanel-vm > "$ST/etc/hostname"
: > "$ST/etc/machine-id"
ln -sf /lib/systemd/systemd "$ST/init"
(cd "$ST" && find . | cpio -o -H newc -R 0:0 --quiet | gzip -1 > "$WORK/systemd-initramfs.cpio.gz")
echo "# guest root: $(du -sm "$ST" | cut -f1) MB, initramfs $(du -m "$WORK/systemd-initramfs.cpio.gz" | cut -f1) MB"
T2=$(date +%s)

RUNS=$WORK/systemd; rm -rf "$RUNS"; mkdir -p "$RUNS"
status=0
for mode in late boot; do
  python3 "$VM/systemd.py" --mode $mode --kernel "$WORK/vmlinux-$KVER" --initrd "$WORK/systemd-initramfs.cpio.gz" \
    --gp "$GP" --board "$BOARD" --out "$RUNS/$mode" | tee "$RUNS/$mode.log" || status=1
done
T3=$(date +%s)
passed=$(cat "$RUNS"/*.log | grep -c '^ok: ' || true)
failed=$(cat "$RUNS"/*.log | grep -c '^FAIL: ' || true)
echo "# userland $((T1 - T0)) s, image $((T2 - T1)) s, boots $((T3 - T2)) s; screendumps and logs in $RUNS"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ] && [ $status = 0 ]
