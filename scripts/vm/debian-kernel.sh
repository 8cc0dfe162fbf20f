# Sourced by the kernel harnesses (scripts/vm-test.sh, scripts/vm-systemd-test.sh) with WORK
# set and the current directory $WORK: Debian's linux-image-amd64 kernel package fetched and
# unpacked there (not installed), its modules indexed (depmod), and its kernel uncompressed to
# $WORK/vmlinux-$KVER (an uncompressed vmlinux boots faster: PVH). Sets KPKG, KVER, KROOT.
kernel_package() { apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}'; }
KPKG=$(kernel_package)
if [ -z "$KPKG" ]; then   # a machine whose package lists were never fetched
  if [ "$(id -u)" -eq 0 ]; then apt-get -o DPkg::Lock::Timeout=600 update -q >/dev/null; else sudo apt-get -o DPkg::Lock::Timeout=600 update -q >/dev/null; fi
  KPKG=$(kernel_package)
fi
[ -n "$KPKG" ] || { echo "cannot find Debian's linux-image-amd64 kernel package" >&2; exit 1; }
KVER=${KPKG#linux-image-}
KROOT=$WORK/kroot
if [ ! -f "$KROOT/lib/modules/$KVER/modules.dep" ]; then
  echo "# fetching $KPKG"
  # fetched beside, then moved: a fetch cut short (the background head start's time limit)
  # leaves no partial package that a later run would take as whole
  if ! ls "$WORK/${KPKG}"_*.deb >/dev/null 2>&1; then
    rm -rf "$WORK/download"; mkdir -p "$WORK/download"
    (cd "$WORK/download" && apt-get download "$KPKG" >/dev/null 2>&1) && mv "$WORK/download/${KPKG}"_*.deb "$WORK/"
  fi
  rm -rf "$KROOT"; dpkg -x "$WORK/${KPKG}"_*.deb "$KROOT"
  depmod -b "$KROOT" "$KVER"
fi
if [ ! -f "$WORK/vmlinux-$KVER" ]; then
  python3 -c "
import lzma; d=open('$KROOT/boot/vmlinuz-$KVER','rb').read(); o=d.find(b'\xfd7zXZ\x00')
open('$WORK/vmlinux-$KVER.part','wb').write(lzma.LZMADecompressor().decompress(d[o:]))"
  mv "$WORK/vmlinux-$KVER.part" "$WORK/vmlinux-$KVER"
fi
