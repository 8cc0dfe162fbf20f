# Sourced by scripts/vm-test.sh (WORK, KVER, KROOT set, the current directory $WORK): Debian's
# kernels are built without gpio-sim (CONFIG_GPIO_SIM is not set in 6.1 nor 6.12 on amd64),
# so the 'gpio' test builds it out of tree against the same kernel: gpio-sim.c and the
# irq_sim.c it needs (CONFIG_IRQ_SIM is not set either) from Debian's linux-source of that
# version, compiled with its linux-headers and linux-kbuild (gcc-12, as the kernel was). The
# one change: irq_sim's handle_simple_irq(irq_to_desc(n)) becomes generic_handle_irq(n),
# as irq_to_desc is not exported to modules. Sets GPIO_SIM_KO (empty when it cannot be built,
# with the reason in GPIO_SIM_WHY).
GPIO_SIM_KO= GPIO_SIM_WHY=
gpio_sim_build() {
  local src=${KVER%-amd64} base; base=${src%-*}   # 6.1.0-57 -> linux-source-6.1
  local srcpkg=linux-source-${base%.*}; srcpkg=${srcpkg%.0}
  local kb=linux-kbuild-${base%.*}; kb=${kb%.0}
  local d=$WORK/gpio-sim; mkdir -p "$d/debs" "$d/mod"
  if [ ! -f "$d/mod/gpio-sim.ko" ] || [ "$(modinfo -F vermagic "$d/mod/gpio-sim.ko" | cut -d' ' -f1)" != "$KVER" ]; then
    (cd "$d/debs" && ls linux-headers-${KVER}_*.deb "$srcpkg"_*.deb >/dev/null 2>&1 ||
       apt-get download "linux-headers-$KVER" "linux-headers-${KVER%-amd64}-common" "$kb" "$srcpkg" > "$d/download.log" 2>&1) ||
      { GPIO_SIM_WHY="apt-get download linux-headers-$KVER $kb $srcpkg failed (see $d/download.log)"; return 1; }
    rm -rf "$d/root"; for f in "$d"/debs/linux-headers-*.deb "$d"/debs/linux-kbuild-*.deb; do dpkg -x "$f" "$d/root"; done
    local hdr=$d/root/usr/src/linux-headers-$KVER
    sed -i "s|include /usr/src/|include $d/root/usr/src/|" "$hdr/Makefile"
    dpkg --fsys-tarfile "$d"/debs/"$srcpkg"_*.deb | tar -xO "./usr/src/$srcpkg.tar.xz" |
      tar -xJ -C "$d" "$srcpkg/drivers/gpio/gpio-sim.c" "$srcpkg/drivers/gpio/gpiolib.h" "$srcpkg/kernel/irq/irq_sim.c" ||
      { GPIO_SIM_WHY="cannot unpack gpio-sim.c and irq_sim.c from $srcpkg"; return 1; }
    cp "$d/$srcpkg/drivers/gpio/gpio-sim.c" "$d/mod/gpio-sim-main.c"
    cp "$d/$srcpkg/drivers/gpio/gpiolib.h" "$d/mod/"
    sed 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' "$d/$srcpkg/kernel/irq/irq_sim.c" > "$d/mod/irq_sim.c"
    printf 'obj-m := gpio-sim.o\ngpio-sim-y := gpio-sim-main.o irq_sim.o\n' > "$d/mod/Kbuild"
    make -C "$hdr" M="$d/mod" modules > "$d/build.log" 2>&1 ||
      { GPIO_SIM_WHY="the out-of-tree gpio-sim build failed (see $d/build.log)"; return 1; }
  fi
  GPIO_SIM_KO=$d/mod/gpio-sim.ko
}
gpio_sim_build || true
