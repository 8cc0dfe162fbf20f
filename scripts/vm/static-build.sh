# Sourced by the kernel harnesses (scripts/vm-test.sh, scripts/vm-systemd-test.sh) with ROOT,
# SCRATCH, WORK and BUILD set: gaugepanel built fully static for the guests (libdrm.a from
# libdrm-dev; libfreetype.a needs its own dependencies, libpng and brotli, named on the link
# line: pkg-config --static knows them), or taken as it is with BUILD=0. Sets GP; prints a
# FAIL line and exits when there is none.
GP=$ROOT/$SCRATCH/release/gaugepanel
STATIC_LIBS=()
for l in $(pkg-config --static --libs-only-l freetype2 2>/dev/null); do STATIC_LIBS+=(-Xlinker "$l"); done
if [ $BUILD = 1 ]; then
  for attempt in 1 2 3; do   # a source edited during the build (others at work in the tree) is worth a retry
    if (cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH" -Xswiftc -static-executable "${STATIC_LIBS[@]}" --product gaugepanel \
          > "$WORK/build.log" 2>&1); then built=1; break; fi
    built=0; grep -q "modified during the build" "$WORK/build.log" || break
  done
  if [ $built = 0 ]; then
    grep -E "error" "$WORK/build.log" | sort -u | head -5
    echo "FAIL: build: swift build -c release -static-executable failed (see $WORK/build.log)"; echo "0 passed, 1 failed"; exit 1
  fi
fi
[ -x "$GP" ] || { echo "FAIL: build: $GP missing"; echo "0 passed, 1 failed"; exit 1; }
if ! file -L "$GP" | grep -q "statically linked"; then
  echo "FAIL: build: $GP is not statically linked"; echo "0 passed, 1 failed"; exit 1
fi
