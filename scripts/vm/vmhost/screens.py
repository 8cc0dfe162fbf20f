"""Pictures on the host: PPM screendumps read and cropped, `gaugepanel compare` against a
reference, screendumps until one equals it, `gaugepanel render` of a board (both through
scripts/lib/panel.py, the harnesses' one way to run gaugepanel), and a render as a 16 bpp
panel shows it (an xrgb8888 picture packed to rgb565 on copy)."""
import os, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib'))
import panel   # noqa: E402

from .qemu import dump   # noqa: E402

def read_ppm(path):
    d = open(path, 'rb').read()
    parts, pos = [], 0
    while len(parts) < 4:
        while d[pos:pos + 1].isspace(): pos += 1
        if d[pos:pos + 1] == b'#': pos = d.index(b'\n', pos) + 1; continue
        end = pos
        while not d[end:end + 1].isspace(): end += 1
        parts.append(d[pos:end]); pos = end
    pos += 1
    return int(parts[1]), int(parts[2]), d[pos:]

def crop_ppm(src, dst, w, h):
    W, H, px = read_ppm(src)
    rows = b''.join(px[y * W * 3:(y * W + w) * 3] for y in range(min(h, H)))
    open(dst, 'wb').write(b'P6\n%d %d\n255\n' % (w, h) + rows)

def _channel(levels):
    """Each 8-bit value packed to `levels` steps, rounded to nearest (x*levels/255, never a
    tie), then widened back by bit replication: what a 16 bpp scan-out of it shows."""
    bits = levels.bit_length()
    out = bytearray()
    for v in range(256):
        q = (2 * v * levels + 255) // 510
        out.append((q << (8 - bits)) | (q >> (2 * bits - 8)))
    return bytes(out)

FIVE, SIX = _channel(31), _channel(63)

def as_rgb565(src, dst):
    """The PPM `src` (an xrgb8888 picture) as an rgb565 scan-out shows it, written to dst:
    each channel rounded to 5/6/5 bits as GaugePanel packs a solid colour, then widened by
    bit replication as QEMU's screendump of a 16 bpp display does. Written independently of
    GaugePanel's code, from the rule alone."""
    w, h, px = read_ppm(src)
    px = bytearray(px[:w * h * 3])
    px[0::3] = bytes(px[0::3]).translate(FIVE)
    px[1::3] = bytes(px[1::3]).translate(SIX)
    px[2::3] = bytes(px[2::3]).translate(FIVE)
    open(dst, 'wb').write(b'P6\n%d %d\n255\n' % (w, h) + bytes(px))
    return dst

def exact(a, f, ref):
    """The host's `gaugepanel compare` of two pictures as they are: (same, compare's words)."""
    return panel.compare(f, ref, gp=a.gp, same_bytes=False)

def compare(a, f, ref):
    """`gaugepanel compare`, the screendump first cropped to ref's size when it is larger
    (a board smaller than the mode is drawn at the top left): (same, how)."""
    rw, rh, _ = read_ppm(ref); w, h, _ = read_ppm(f)
    if (w, h) != (rw, rh) and w >= rw and h >= rh:
        crop = f[:-4] + '-crop.ppm'; crop_ppm(f, crop, rw, rh); f = crop
    return exact(a, f, ref)

def screen_becomes(a, q, name, ref, timeout, connector=None, crop=False, since=None, interval=0.2, counted=False):
    """Screendumps until one equals ref, or `timeout` s after `since` (default: now):
    (same, seconds from `since` to that screendump — the dump's time, not the comparison's
    after it, for timed checks — and how: compare's words, with `counted` also how many
    screendumps it took). `crop` compares the top left of a screen larger than ref."""
    t, f, n = since or time.time(), f'{a.out}/{a.name}-{name}.ppm', 0
    while True:
        dump(a, q, f, connector); at = time.time() - t; n += 1
        same, how = (compare if crop else exact)(a, f, ref)
        if same or at > timeout:
            return same, at, (f'{how}, screendump {n}' if counted else how)
        time.sleep(interval)

def render(a, board, name, values, page=0, theme=None):
    """`gaugepanel render` on the host: the picture the guest's `gaugepanel run` should show."""
    return panel.render(board, values, f'{a.out}/ref-{name}.ppm', page=page, theme=theme, gp=a.gp)
