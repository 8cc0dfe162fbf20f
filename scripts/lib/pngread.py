"""PNG files as gaugepanel writes them (8-bit RGB or RGBA), read back for the tests."""
import zlib


def png_rows(path):
    """A PNG's rows of pixels (8-bit RGB or RGBA, as gaugepanel writes them), unfiltered."""
    data = open(path, "rb").read()
    i, idat, width, height, bpp = 8, b"", 0, 0, 3
    while i < len(data):
        n, kind = int.from_bytes(data[i:i + 4], "big"), data[i + 4:i + 8]
        body = data[i + 8:i + 8 + n]
        if kind == b"IHDR":
            width, height, bpp = int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big"), 4 if body[9] == 6 else 3
        elif kind == b"IDAT":
            idat += body
        i += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            p = a + b - c
            pred = [0, a, b, (a + b) // 2, a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c)
                    else b if abs(p - b) <= abs(p - c) else c][f]
            line[x] = (line[x] + pred) & 0xFF
        rows.append(bytes(line))
        prev = line
    return rows


def is_black(path):
    """True when every pixel of the PNG is 0 (a dark panel)."""
    return not any(any(row) for row in png_rows(path))
