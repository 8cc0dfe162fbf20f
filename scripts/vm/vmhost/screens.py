"""Pictures on the host: PPM screendumps read and cropped, `gaugepanel compare` against a
reference, screendumps until one equals it, and `gaugepanel render` of a board."""
import subprocess, time

from .qemu import dump

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

def compare(a, f, ref):
    """`gaugepanel compare`, the screendump first cropped to ref's size when it is larger
    (a board smaller than the mode is drawn at the top left): (same, how)."""
    rw, rh, _ = read_ppm(ref); w, h, _ = read_ppm(f)
    if (w, h) != (rw, rh) and w >= rw and h >= rh:
        crop = f[:-4] + '-crop.ppm'; crop_ppm(f, crop, rw, rh); f = crop
    c = subprocess.run([a.gp, 'compare', f, ref], capture_output=True, text=True)
    return c.returncode == 0, c.stdout.strip() or c.stderr.strip()

def screen_becomes(a, q, name, ref, timeout, connector=None, crop=False):
    """Screendumps until one equals ref (timing in the VM is loose): (same, seconds, how)."""
    t = time.time(); f = f'{a.out}/{a.name}-{name}.ppm'
    while True:
        dump(a, q, f, connector)
        if crop: same, how = compare(a, f, ref)
        else:
            c = subprocess.run([a.gp, 'compare', f, ref], capture_output=True, text=True)
            same, how = c.returncode == 0, c.stdout.strip() or c.stderr.strip()
        if same or time.time() - t > timeout:
            return same, time.time() - t, how
        time.sleep(0.2)

def render(a, board, name, values, page=0, theme=None):
    """`gaugepanel render` on the host: the picture the guest's `gaugepanel run` should show."""
    out = f'{a.out}/ref-{name}.ppm'
    sets = [x for k, v in values.items() for x in ('--set', f'{k}={v}')]
    subprocess.run([a.gp, 'render', board, *sets, '--page', str(page), *(['--theme', theme] if theme else []), '--out', out],
                   check=True, capture_output=True)
    return out
