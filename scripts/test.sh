#!/usr/bin/env bash
# The README's "test" command and CI's entry point: build, unit tests, then the checks
# other scripts provide when present. Every step runs; a summary ends the output and the
# exit status is non-zero when any step failed.
#
# Environment: SCRATCH_PATH (default .build) for the SwiftPM build directory;
# TEST_BUDGET_SECONDS (default 4800, 80 min: CI stops at 90) caps the whole run. A run took
# 27 minutes on 2 cores, both busy nearly all the time (50 minutes of CPU; a slower machine
# needed 1.7 times the CPU); the step limits leave a slower machine more, and the summary
# gives each step's time and CPU.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib/common.sh
source scripts/lib/deps.sh

scratch=${SCRATCH_PATH:-.build}
budget=${TEST_BUDGET_SECONDS:-4800}

# Seconds a step may take: its own limit, or what is left of the budget if less.
limit() {
    local left=$((budget - SECONDS))
    ((left < 60)) && left=60
    ((left < $1)) && echo "$left" || echo "$1"
}

log "checking Debian packages"
ensure_packages zlib1g-dev pkg-config libfreetype-dev fonts-dejavu-core libdrm-dev libevdev-dev libtomlplusplus-dev libmbedtls-dev
# The scanf check builds a C harness with the host's cc.
command -v cc >/dev/null 2>&1 || ensure_packages gcc libc6-dev
# The cross toolchains and qemu-user, now: the firmware build runs in the background while
# other steps install what they need, and two apt-get installs cannot run at once.
ensure_packages qemu-user gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross \
    gcc-arm-linux-gnueabihf g++-arm-linux-gnueabihf libc6-dev-armhf-cross \
    gcc-arm-linux-gnueabi g++-arm-linux-gnueabi libc6-dev-armel-cross
# What the kernel harnesses boot, fetched now (network more than CPU): Debian's kernel and
# the systemd harness's two userlands (mmdebstrap, about 45 s each), collected before them.
# Only a head start: the harnesses fetch what it did not. At the lowest priority beside the
# builds it took over 15 min (its limit is long: work cut short is lost).
ensure_packages qemu-system-x86 mmdebstrap cpio kmod
trap stop_background EXIT
start_background vm-prepare 2400 bash scripts/vm-systemd-test.sh --prepare

# The firmware's sysroots first, in the foreground: Debian's ARM packages (a private apt,
# network more than CPU, about a minute). In the background, at the lowest priority,
# apt-get's package cache alone took minutes beside the host build. The firmware build
# (below, in the background) compiles FreeType from Debian's source into them and runs a
# static smoke test per CPU.
run_step "firmware sysroots (Debian's ARM packages)" "$(limit 900)" bash scripts/firmware/sysroot.sh aarch64 armv7 armv6 --packages-only

# Builds that need nothing from the steps below start now, at the lowest priority, on the
# core that the tests, the pty runs and QEMU's TCG leave idle; collected where they are used.
# The firmware: the whole panel as one static Embedded Swift binary per Pi CPU (about 4
# minutes of one core per CPU), before the host build.
start_background firmware 2700 bash scripts/build-firmware.sh all

run_step "swift build" "$(limit 1200)" swift build --scratch-path "$scratch"

# The package's graph says what depends on what: every import a declared dependency and no
# dependency unused (scripts/check-imports.py), and every module in README's map and
# docs/architecture.md's table (scripts/check-module-map.py). A few seconds.
run_step "imports and module maps" "$(limit 120)" bash -c 'python3 scripts/check-imports.py && python3 scripts/check-module-map.py'

# The house: the code as `swift format` (the toolchain's) writes it with .swift-format (no
# `;`-joined statements), and no function in Sources/ over 60 lines. A few seconds.
run_step "format and function length" "$(limit 300)" bash -c 'swift format lint --strict --recursive --parallel Sources Tests Fuzz Benchmarks Tools Package.swift && python3 scripts/check-function-length.py'

# The instruction budgets' native FrameBudget (one whole-module -O compile of the renderer).
start_background frame-budget 2400 bash scripts/instruction-budget.sh --build-only
run_step "swift test" "$(limit 1500)" swift test --scratch-path "$scratch"

bin_path=$(swift build --scratch-path "$scratch" --show-bin-path)
if [[ -f scripts/cross-cpu-check.sh ]]; then
    # Its golden comparison uses gaugepanel: reuse the one just built rather than build another.
    [[ -x $bin_path/gaugepanel ]] && export GAUGEPANEL=$bin_path/gaugepanel
    run_step "cross-cpu check" "$(limit 1500)" bash scripts/cross-cpu-check.sh
else
    skip_step "cross-cpu check" "scripts/cross-cpu-check.sh not present"
fi

# The panel end to end without hardware: a pty feeds `gaugepanel run`, snapshots are
# compared with `gaugepanel render`; tcp, udp and gpsd sources against loopback senders
# (about 80 s of it).
run_step "headless end-to-end" "$(limit 720)" env GAUGEPANEL="$bin_path/gaugepanel" bash scripts/e2e-headless.sh

# `gaugepanel preview` in headless Chromium (installed when missing): the page's picture is
# render's, sliders, saves redrawn, errors shown, a dial dragged into the file, malformed
# requests refused. Under 3 minutes.
run_step "preview in a browser" "$(limit 300)" env GAUGEPANEL="$bin_path/gaugepanel" bash scripts/e2e-preview.sh

# The firmware's integer-only sscanf/fscanf (integer_scanf.c, linked in place of glibc's)
# against the host glibc's, on its callers' formats and random ones: about a second.
run_step "firmware scanf vs glibc" "$(limit 60)" bash scripts/firmware/scanf-check.sh

# The firmware, and each CPU's binary under qemu-user against the host build (check,
# render, a missing device, run on a pty).
wait_step firmware "firmware build (aarch64, armv7, armv6)"
# The kernel harnesses' static release build starts now, in the background: the firmware's
# checks below keep one core in QEMU and leave the other to it.
start_background vm-build 1800 bash scripts/vm-test.sh --build-only
# Where each binary's bytes go (scripts/firmware-size.py: the linker's map and symbols);
# prints only, and fails only when a binary is over the 3.5 MB limit.
run_step "firmware size (by module and library)" "$(limit 120)" python3 scripts/firmware-size.py
run_step "firmware on Pi CPUs (qemu-user)" "$(limit 1200)" env GAUGEPANEL="$bin_path/gaugepanel" bash scripts/firmware-check.sh
# ... and in Debian's own arm64 and armmp kernels under qemu-system (virtio-gpu, a serial
# sensor line, keys, SIGTERM).
run_step "firmware in ARM kernels" "$(limit 1200)" env GAUGEPANEL="$bin_path/gaugepanel" bash scripts/vm-arm-test.sh all

# Instruction counts under callgrind and qemu are the same on a loaded machine: the frame
# budgets (on ARM with the cross-CPU check's builds) run in the background beside the
# kernel harnesses, which keep one core in QEMU.
wait_step frame-budget "instruction budgets: FrameBudget build"
start_background budgets 1200 bash scripts/instruction-budget.sh
# The fuzzing harnesses (16 whole-module compiles with libFuzzer and ASan, about a minute of
# CPU), then 20 s of fuzzing a target, two at a time, in the CPU the kernel harnesses below
# leave (their TCG guests keep one to one and a half cores busy). Measured against 10 s a
# target alone at the end of the run: about the same CPU (164 s against 178 s), a fifth to
# all of the inputs run (3.0 M against 6.4 M in all: the guests' cores are shared), and a
# minute and a half of wall time less.
[[ -f scripts/fuzz-sensors.sh ]] && start_background fuzz 1800 bash scripts/fuzz-sensors.sh 20

# The displays inside a real kernel: bochs, virtio-gpu and cirrus under qemu, DRM and
# fbdev, screendumps compared with offscreen renders, on the static build made above.
wait_step vm-build "kernel harnesses: the static build"
wait_prefetch vm-prepare "kernel harnesses: the kernel and the guest userlands fetched ahead"
run_step "kernel display harness" "$(limit 1800)" bash scripts/vm-test.sh --no-build

# The service as installed, under a real systemd (PID 1 of a minimal Debian userland made by
# mmdebstrap): a late display driver, a USB serial adapter plugged in later, the watchdog,
# `systemctl stop`. It boots the kernel harness's static build.
vm_gaugepanel=.build-vm/release/gaugepanel
if [[ -x $vm_gaugepanel ]]; then
    run_step "service under systemd (kernel harness)" "$(limit 900)" bash scripts/vm-systemd-test.sh --no-build
else
    skip_step "service under systemd (kernel harness)" "no static build ($vm_gaugepanel)"
fi

# What a PNG snapshot costs against the same frame as PPM (at most 2x), counted by
# callgrind on the harness's release build.
if [[ -x $vm_gaugepanel ]]; then
    run_step "snapshot cost (PNG vs PPM)" "$(limit 600)" env GAUGEPANEL="$vm_gaugepanel" bash scripts/bench-snapshot.sh
else
    skip_step "snapshot cost (PNG vs PPM)" "no release build ($vm_gaugepanel)"
fi
wait_step budgets "instruction budgets"

if [[ -f scripts/fuzz-sensors.sh ]]; then
    wait_step fuzz "sensor fuzzing (built, then 20 s a target beside the kernel harnesses)"
else
    skip_step "sensor fuzzing" "scripts/fuzz-sensors.sh not present"
fi

# GaugeCAN's committed test vectors, generated again by cantools (PyPI; the script installs
# it when missing) with the same seeds: the Swift tests decode what the tool decodes.
python3 -m pip --version >/dev/null 2>&1 || ensure_packages python3-pip
run_step "CAN signals against cantools" "$(limit 300)" python3 scripts/generators/can_vectors.py --check

# GaugeNet's MQTT packets against a real broker: mosquitto on a free loopback port, started
# and killed by the script.
ensure_packages mosquitto
run_step "MQTT packets against mosquitto" "$(limit 120)" python3 scripts/e2e/mqtt_codec.py

log "total time: ${SECONDS}s"
print_summary
