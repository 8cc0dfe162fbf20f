#!/bin/bash
# The firmware in real ARM kernels: boots Debian's own ARM kernel in QEMU (TCG,
# -M virt, 512 MB) with an initramfs of busybox (Debian's busybox-static for that
# architecture), the virtio modules and the static firmware, out/firmware/gaugepanel-<cpu>
# (scripts/build-firmware.sh), and checks it against the real virtio-gpu DRM driver:
#   aarch64: linux-image-<ver>-arm64 under qemu-system-aarch64 -cpu cortex-a53
#   armv7:   linux-image-<ver>-armmp under qemu-system-arm -M virt,highmem=off -cpu cortex-a15
# with -device virtio-gpu-pci, virtio-keyboard-pci and virtio-serial-pci whose virtconsole
# port is the guest's /dev/hvc0 (-M virt has one PL011, the console): the sensor line, a
# socket on the host. The kernels' modules (virtio_pci, virtio-gpu, virtio_input, evdev,
# virtio_console and what they need, by modules.dep: depmod -b) go into the initramfs.
# The .deb files come from a private apt (scripts/lib/private-apt.sh): the machine's dpkg
# architectures are not touched. scripts/vm/arm-init is the guest's /init, scripts/vm/arm.py
# the host's side; the host's `gaugepanel` (render, check, compare) gives the references.
# Checks, per CPU: boot to /init; /dev/dri/card0 is virtio-gpu with Virtual-1 connected; the
# firmware's --version; `check` of two broken boards prints the host's `gaugepanel check`
# lines and exit 2; `run --device /dev/dri/card7` is one line naming it, exit 2, the console
# untouched; `run --board` of a copy of boards/qemu.toml (serial device /dev/hvc0) shows,
# after the host writes "rpm=3000 speed=88 coolant=90 fuel=55" on the port, exactly the
# host's `gaugepanel render` of that board with those values (QMP screendump, `gaugepanel
# compare`); KEY_RIGHT by QMP turns to page 1, new readings show there, KEY_LEFT goes back;
# SIGTERM: exit 0 within a second and the text console back (screendump as before).
# armv6 (Pi 1, Zero): -M virt has no ARMv6 core, so Debian's armel Raspberry Pi kernel
# (linux-image-<ver>-rpi, its drivers built in, no modules) boots under qemu-system-arm
# -M raspi0 (BCM2835, ARM1176, 512 MB) with that package's bcm2835-rpi-zero.dtb, its mini
# UART (serial1) enabled by fdtput, initcall_blacklist=bcm2835_power_driver_init (QEMU
# does not map the power domains' registers: their probe faults and the boot panics) and
# -icount shift=auto (scripts/vm/arm.py's CLOCK_OPTS says why).
# QEMU's raspi0 has no display a kernel driver drives (vc4 needs hardware QEMU does not
# emulate; no simplefb node), no keyboard and no virtio: no DRM, screendump or key checks
# there. Checked instead: boot to /init, --version, `check` of the broken boards, the
# missing /dev/dri/card7 (one line, exit 2), and offscreen (snapshot PNGs sent back in
# base64 lines on the console): `run --board` of boards/headless.toml with its signals held
# at their t = 0 values (still.toml) equals the host's `gaugepanel render` of it; `run
# --board` of boards/qemu.toml --display offscreen, its sensor line /dev/ttyS1 the mini UART
# (QEMU's second -serial, a socket here): after the host writes "rpm=3000 speed=88
# coolant=90 fuel=55", SIGUSR1's snapshot equals the host's render with those values, and
# SIGTERM exits 0. VM_ARM_FIGURES=1 prints the same figures, the first frame offscreen
# (headless.toml). About 20 s (80 s with the figures), and part of `all` (CI).
# CAN (aarch64; test 'can'): QEMU's -M virt gets two kvaser_pci cards (an SJA1000
# each) on one QEMU CAN bus (-object can-bus); Debian's kvaser_pci, sja1000, can_dev, can and
# can_raw modules go into the initramfs with scripts/vm/canctl.c built for the CPU by Debian's
# cross gcc (static). The guest brings can0 and can1 up and runs the firmware on the x86_64
# harness's CAN copy of boards/qemu.toml (scripts/vm/can-boards.sh: qemu-car.dbc on can0); the
# host drives it as that harness's 'can' test does (scripts/vm/vmhost/panel.py's drive_can): the
# car's frames sent on can1 every 100 ms, the screen (QMP screendump) bit for bit the host's
# `gaugepanel render --set` of those values; new values; can0 down (stale within 2 s) and up
# (values back within 2 s); both controllers unplugged for 4 s and back; 2000 frames of ids the
# DBC does not describe, which must draw no frame. Its times print as '#' lines; about 35 s. Not on armv7:
# Debian's armmp kvaser_pci probes both cards on -M virt's PCI (I/O BARs assigned) but makes no
# interface, its plx_pci claims neither of QEMU's pcm3680_pci and mioe3680_pci, and Debian's
# kernels have no ctucan driver; not on armv6: raspi0 has no PCI bus.
# Network (aarch64 and armv7; test 'net'): QEMU's user networking (-netdev user, a
# virtio-net-pci card; Debian's virtio_net and what it needs into the initramfs). The guest
# gives eth0 slirp's 10.0.2.15/24 (gateway 10.0.2.2) with busybox ip and runs the firmware on
# the MQTT and TCP copies of boards/qemu.toml (scripts/vm/net-boards.sh); their broker and
# server are 10.0.2.2:PORT, which slirp connects to the host's 127.0.0.1:PORT, where
# scripts/vm/vmhost/network.py runs a mosquitto and a TCP server sending the line protocol:
# the screen bit for bit the host's `gaugepanel render --set` of the values; new values; the
# broker (server) stopped: stale; started again: the values back (both times printed). Not
# on armv6: raspi0 has no PCI bus and QEMU's raspi0 no network device a Debian kernel drives.
# GPIO (aarch64; test 'gpio'): -M virt's PL061 GPIO controller, whose driver Debian's arm64
# kernel has built in: the firmware runs a copy of boards/qemu.toml with a fan on line 0 and a
# shift light on lines 1, 2, 4 and 5, the chip named by its label (9030000.pl061); the host
# writes readings and /init reads the held lines from debugfs (scripts/vm/vmhost/gpio_arm.py):
# the thresholds, the shift light's steps, a copy naming line 3 (Debian's gpio_keys module,
# loaded by /init for this test, holds it for the power button) refused with that holder
# named, SIGTERM. Not on armv7 and armv6 here.
# Prints one line per check and ends with "N passed, N failed"; exits non-zero on failure.
#
# Usage: scripts/vm-arm-test.sh [--only can|net|gpio] aarch64|armv7|armv6|all     (all: the three)
#   --only can, --only net: that check alone (where it does not run: one SKIP line saying why)
#   FIRMWARE_DIR (default out/firmware): where gaugepanel-<cpu> is
#   GAUGEPANEL: the host's gaugepanel (default .build/debug/gaugepanel, built when missing)
#   VM_ARM_WORK (default .build-vm-arm): private apt, kernels, initramfs, runs
#   VM_ARM_FIGURES=1: also print (not check) the start-to-first-frame time and the resident
#     memory of the headless demo board after a minute (GP_FIGURE_SECONDS on the guest):
#     VmRSS and VmHWM, and where they go — /proc/<pid>/smaps summed by mapping (the binary's
#     text, rodata, data and bss; heap; anonymous mappings such as the surface; font files)
#     and VmRSS every 0.1 s over the first 3 s (the start-up peak)
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VM=$ROOT/scripts/vm
cpus=() ONLY=
while [ $# -gt 0 ]; do
  arg=$1; shift
  case $arg in
    --only) ONLY=${1:-}; shift; [ "$ONLY" = can ] || [ "$ONLY" = net ] || [ "$ONLY" = gpio ] || { echo "--only: expected can, net or gpio" >&2; exit 2; } ;;
    aarch64|armv7|armv6) cpus+=("$arg") ;;
    all) cpus+=(aarch64 armv7 armv6) ;;
    -h|--help) sed -n '2,72p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [--only can|net|gpio] aarch64|armv7|armv6|all" >&2; exit 2 ;;
  esac
done
((${#cpus[@]})) || { echo "usage: $0 [--only can|net|gpio] aarch64|armv7|armv6|all" >&2; exit 2; }
WORK=${VM_ARM_WORK:-.build-vm-arm}; case $WORK in /*) ;; *) WORK=$ROOT/$WORK ;; esac
FW=${FIRMWARE_DIR:-out/firmware}; case $FW in /*) ;; *) FW=$ROOT/$FW ;; esac
RUNS=$WORK/runs; mkdir -p "$RUNS"
T0=$(date +%s)
passed=0 failed=0
result() { echo "$1"; case $1 in ok:*) passed=$((passed + 1)) ;; FAIL:*) failed=$((failed + 1)) ;; esac; }
finish() { echo "# total $(( $(date +%s) - T0 )) s; logs and screendumps in $RUNS"; echo "$passed passed, $failed failed"; [ $failed = 0 ] && [ $passed -gt 0 ]; exit $?; }

# 1. host tools, installed when missing (scripts/lib/deps.sh)
source "$ROOT/scripts/lib/deps.sh"
source "$ROOT/scripts/lib/private-apt.sh"
ensure_packages qemu-system-arm cpio kmod python3 gzip libmbedtls-dev || { result "FAIL: setup: cannot install qemu-system-arm cpio kmod"; finish; }
if [[ " ${cpus[*]} " == *" aarch64 "* || " ${cpus[*]} " == *" armv7 "* ]] && [ "$ONLY" != can ] && [ "$ONLY" != gpio ]; then   # test 'net': the broker
  ensure_packages mosquitto mosquitto-clients || { result "FAIL: setup: cannot install mosquitto mosquitto-clients"; finish; }
fi
if [[ " ${cpus[*]} " == *" armv6 "* ]]; then   # fdtput: the armv6 device tree's mini UART
  ensure_packages device-tree-compiler || { result "FAIL: setup: cannot install device-tree-compiler"; finish; }
fi

# 2. the host's gaugepanel: the references (render, check) and the comparison
GP=${GAUGEPANEL:-$ROOT/.build/debug/gaugepanel}
GP=$(readlink -f "$GP" || echo "$GP")   # absolute: arm.py runs it from the boards folder
if [ ! -x "$GP" ] && [ -z "${GAUGEPANEL:-}" ]; then
  echo "# building the host's gaugepanel (swift build --product gaugepanel)"
  (cd "$ROOT" && swift build --product gaugepanel > "$WORK/host-build.log" 2>&1) || { result "FAIL: setup: swift build --product gaugepanel (see $WORK/host-build.log)"; finish; }
fi
[ -x "$GP" ] || { result "FAIL: setup: the host's gaugepanel $GP is missing"; finish; }

# 3. Debian's ARM kernels and busybox, through the private apt (its lists fetched once)
private_apt_init "$WORK/apt" || { result "FAIL: setup: private apt-get update (see $WORK/apt/update.log)"; finish; }
T1=$(date +%s)

declare -A DEBARCH=([aarch64]=arm64 [armv7]=armhf [armv6]=armel) FLAVOUR=([aarch64]=arm64 [armv7]=armmp [armv6]=rpi)
declare -A CROSS=([aarch64]=aarch64-linux-gnu [armv7]=arm-linux-gnueabihf)
for cpu in "${cpus[@]}"; do
  ts=$(date +%s)
  arch=${DEBARCH[$cpu]} flavour=${FLAVOUR[$cpu]}
  MODS=virtio_pci,virtio-gpu,virtio_input,evdev,virtio_console,virtio_net PORT=/dev/hvc0 headless= keys=--keys can= nocan= net=1 gpio=
  # armv6: the rpi kernel's drivers are built in; boards/qemu.toml's own /dev/ttyS1 (unused)
  [ "$cpu" = armv6 ] && MODS= PORT=/dev/ttyS1 headless=1 keys= net=
  case $cpu in   # test 'can': where a CAN controller QEMU emulates works with Debian's kernel
    aarch64) can=1 gpio=1 MODS=$MODS,kvaser_pci,can_raw ;;
    armv7) nocan="armmp's kvaser_pci probes both cards on -M virt's PCI (\"initializing device 10e8:8406\", I/O BARs assigned) but registers no interface (no can0, no message); QEMU's pcm3680_pci and mioe3680_pci (13fe:c002, 13fe:c302) no driver claims; Debian's kernels have no ctucan driver" ;;
    armv6) nocan="QEMU's raspi0 has no PCI bus for a kvaser_pci card and emulates no other CAN controller" ;;
  esac
  if [ "$ONLY" = can ] && [ -z "$can" ]; then echo "SKIP: $cpu: no CAN: $nocan"; continue; fi
  if [ "$ONLY" = gpio ] && [ -z "$gpio" ]; then echo "SKIP: $cpu: no gpio test: only aarch64's -M virt has a GPIO controller (PL061) Debian's kernel drives here"; continue; fi
  if [ "$ONLY" = net ] && [ -z "$net" ]; then echo "SKIP: $cpu: no network: QEMU's raspi0 has no PCI bus for a virtio-net card and no network device Debian's rpi kernel drives"; continue; fi
  firmware=$FW/gaugepanel-$cpu
  if [ ! -f "$firmware" ]; then
    result "FAIL: $cpu: no firmware at $firmware (scripts/build-firmware.sh builds it; FIRMWARE_DIR names another folder)"; continue
  fi
  if ! file -L "$firmware" | grep -q "statically linked"; then
    result "FAIL: $cpu: $firmware is not a static executable ($(file -L -b "$firmware" | cut -c1-120))"; continue
  fi
  kpkg=$(private_apt cache depends "linux-image-$flavour:$arch" 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
  kpkg=${kpkg%:*}; kver=${kpkg#linux-image-}
  [ -n "$kpkg" ] || { result "FAIL: $cpu: no linux-image-$flavour:$arch in the private apt's lists"; continue; }
  kroot=$WORK/kroot-$cpu
  if [ ! -f "$kroot/lib/modules/$kver/modules.dep" ] || [ ! -x "$kroot/bin/busybox" ]; then
    echo "# $cpu: fetching $kpkg:$arch busybox-static:$arch"
    rm -rf "$WORK/debs-$cpu" "$kroot"
    got=0
    private_apt_download "$WORK/debs-$cpu" "$kpkg:$arch" "busybox-static:$arch" 2>/dev/null && got=1
    if [ $got = 0 ]; then
      # lists older than the archive (a kernel ABI bump removes the old package): fetch them anew
      private_apt_init "$WORK/apt" --refresh >/dev/null 2>&1
      kpkg=$(private_apt cache depends "linux-image-$flavour:$arch" 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
      kpkg=${kpkg%:*}; kver=${kpkg#linux-image-}
      private_apt_download "$WORK/debs-$cpu" "$kpkg:$arch" "busybox-static:$arch" && got=1
    fi
    if [ $got = 0 ] || ! private_apt_unpack "$WORK/debs-$cpu" "$kroot"; then
      result "FAIL: $cpu: apt-get download $kpkg:$arch busybox-static:$arch (see $WORK/debs-$cpu/download.log)"; continue
    fi
    depmod -b "$kroot" "$kver"
  fi

  # the initramfs: busybox, /init, the firmware, the boards, the modules (with modules.dep)
  st=$WORK/stage-$cpu; rm -rf "$st"; mkdir -p "$st"/{bin,sbin,proc,sys,dev,tmp,etc/gaugepanel,lib/modules/$kver}
  cp "$kroot/bin/busybox" "$st/bin/busybox"
  cp "$firmware" "$st/bin/gaugepanel"; chmod +x "$st/bin/gaugepanel"
  cp "$VM/arm-init" "$st/init"; chmod +x "$st/init"
  boards=$WORK/boards-$cpu; rm -rf "$boards"; mkdir -p "$boards"
  # boards/qemu.toml with its serial device (and the header naming it) on the virtconsole port
  sed "s|/dev/ttyS1|$PORT|g" "$ROOT/boards/qemu.toml" > "$boards/board.toml"
  grep -q "^device = \"$PORT\"" "$boards/board.toml" || { result "FAIL: $cpu: boards/qemu.toml has no device = \"/dev/ttyS1\" to point at $PORT"; continue; }
  # broken boards for `check`: a channel misspelt (three widgets name it), and a TOML syntax error
  sed 's/^\( *channel = \)"fuel"$/\1"fuell"/' "$boards/board.toml" > "$boards/broken.toml"
  sed 's/^refresh = 30$/refresh = /' "$boards/board.toml" > "$boards/syntax.toml"
  if [ -n "$headless" ]; then   # the headless demo board with every signal held at its t = 0 value
    sed -e 's/^\( *amplitude = \).*/\10/' -e 's/^\( *to = \)12$/\178/' "$ROOT/boards/headless.toml" > "$boards/still.toml"
    [ "$(grep -c '^ *amplitude = 0$' "$boards/still.toml")" = 4 ] && grep -q '^ *to = 78$' "$boards/still.toml" ||
      { result "FAIL: $cpu: boards/headless.toml's signals (4 sines, a ramp to 12) are not as $0 holds them"; continue; }
  fi
  cp "$boards"/*.toml "$st/etc/gaugepanel/"
  if [ -n "$can" ]; then   # test 'can': canctl for this CPU, the guest's commands, the x86 harness's CAN boards
    gcc=${CROSS[$cpu]}-gcc
    command -v "$gcc" >/dev/null || ensure_packages "gcc-${CROSS[$cpu]}" "libc6-dev-$arch-cross" ||
      { result "FAIL: $cpu: cannot install $gcc (gcc-${CROSS[$cpu]})"; continue; }
    "$gcc" -static -O2 -Wall -s -o "$WORK/canctl-$cpu" "$VM/canctl.c" > "$WORK/canctl-$cpu.log" 2>&1 ||
      { result "FAIL: $cpu: $gcc -static scripts/vm/canctl.c (see $WORK/canctl-$cpu.log)"; continue; }
    cp "$WORK/canctl-$cpu" "$st/bin/canctl"; cp "$VM/can-commands.sh" "$st/bin/can-commands.sh"
    out=$(bash "$VM/can-boards.sh" "$ROOT/boards/qemu.toml" "$boards/can") || { result "${out/FAIL: /FAIL: $cpu: }"; continue; }
    cp -r "$boards/can" "$st/etc/gaugepanel/can"
  fi
  if [ -n "$gpio" ]; then   # test 'gpio': the board with a fan (line 0) and a shift light (1, 2, 4, 5)
    # on -M virt's PL061 by its label, and a copy whose fan names line 3 (the kernel's power button)
    mkdir -p "$boards/gpio"
    cat "$boards/board.toml" - > "$boards/gpio/gpio.toml" <<'TOML'

[[output]]
name = "fan"
chip = "9030000.pl061"
line = 0
channel = "coolant"
on_above = 95
off_below = 90

[[output]]
name = "shift"
chip = "9030000.pl061"
lines = [1, 2, 4, 5]
channel = "rpm"
from = 5000
to = 6500
TOML
    sed 's/^line = 0$/line = 3/' "$boards/gpio/gpio.toml" > "$boards/gpio/keys.toml"
    cp -r "$boards/gpio" "$st/etc/gaugepanel/gpio"
  fi
  if [ -n "$net" ]; then   # test 'net': the MQTT and TCP copies of the board
    out=$(bash "$VM/net-boards.sh" "$ROOT/boards/qemu.toml" "$boards/net") || { result "${out/FAIL: /FAIL: $cpu: }"; continue; }
    cp -r "$boards/net" "$st/etc/gaugepanel/net"
  fi
  if [ -n "${VM_ARM_FIGURES:-}$headless" ]; then   # the figures run: the headless demo board and its font
    cp "$ROOT/boards/headless.toml" "$st/etc/gaugepanel/"
    mkdir -p "$st/usr/share/fonts/truetype/dejavu"; cp /usr/share/fonts/truetype/dejavu/DejaVuSans*.ttf "$st/usr/share/fonts/truetype/dejavu/"
  fi
  # (and for test 'gpio' gpio_keys, which /init loads there only: it takes PL061 line 3)
  mods=$MODS${gpio:+,gpio_keys}
  [ -n "$MODS" ] && for m in ${mods//,/ }; do
    modprobe -S "$kver" -d "$kroot" --show-depends "$m" || echo "missing $m" >&2
  done | awk '$1=="insmod"{print $2}' | sort -u | while read -r f; do
    rel=${f#"$kroot"/}; mkdir -p "$st/$(dirname "$rel")"; cp "$f" "$st/$rel"
  done
  cp "$kroot"/lib/modules/"$kver"/modules.{order,builtin,builtin.modinfo} "$st/lib/modules/$kver/"
  depmod -b "$st" "$kver"
  (cd "$st" && find . | cpio -o -H newc 2>/dev/null | gzip -1 > "$WORK/initramfs-$cpu.cpio.gz")
  kernel=$kroot/boot/vmlinuz-$kver
  tb=$(date +%s)
  tests=console,version,check,missing,panel${can:+,can}${net:+,net}${gpio:+,gpio}${VM_ARM_FIGURES:+,figures} machine=()
  [ -n "$ONLY" ] && tests=$ONLY
  [ -n "$can" ] && machine=(--can kvaser_pci --can-board "$boards/can/canpanel.toml")
  [ -n "$net" ] && [ "$ONLY" != can ] && [ "$ONLY" != gpio ] && machine+=(--net)
  if [ -n "$headless" ]; then   # the Pi Zero's device tree with the mini UART (serial1, ttyS1) enabled
    dtb=$WORK/bcm2835-rpi-zero-uart1.dtb
    cp "$kroot/usr/lib/linux-image-$kver/bcm2835-rpi-zero.dtb" "$dtb" && fdtput -t s "$dtb" serial1 status okay ||
      { result "FAIL: $cpu: cannot enable serial1 in $kroot/usr/lib/linux-image-$kver/bcm2835-rpi-zero.dtb (fdtput)"; continue; }
    tests=version,check,missing,headless,line${VM_ARM_FIGURES:+,figures}; machine=(--dtb "$dtb" --still "$boards/still.toml")
  fi
  echo "# $cpu: $kpkg:$arch, busybox-static:$arch, $(basename "$firmware") ($(stat -c %s "$firmware") bytes); initramfs $(stat -c %s "$WORK/initramfs-$cpu.cpio.gz") bytes, prepared in $((tb - ts)) s"
  python3 "$VM/arm.py" --arch "$cpu" --kernel "$kernel" --initrd "$WORK/initramfs-$cpu.cpio.gz" --kver "$kver" --mods "$MODS" \
      --tests "$tests" ${VM_ARM_FIGURES:+--timeout 600} "${machine[@]}" $keys --gp "$GP" --board "$boards/board.toml" --boards "$boards" --port "$PORT" --out "$RUNS/$cpu" > "$RUNS/$cpu.log" 2>&1
  rc=$?
  while IFS= read -r l; do result "$l"; done < "$RUNS/$cpu.log"
  if [ $rc != 0 ] && ! grep -q '^FAIL: ' "$RUNS/$cpu.log"; then result "FAIL: $cpu: scripts/vm/arm.py exit $rc (see $RUNS/$cpu.log)"; fi
  echo "# $cpu: boot and checks $(( $(date +%s) - tb )) s"
done
finish
