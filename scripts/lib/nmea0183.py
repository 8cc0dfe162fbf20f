"""NMEA 0183's checksum, for every harness that writes sentences (and the line protocol's
optional `*XX`, the same XOR)."""


def checksum(text):
    """XOR of the bytes of `text` (str or bytes: a sentence's bytes between the start and `*`)."""
    x = 0
    for c in text.encode() if isinstance(text, str) else text:
        x ^= c
    return x


def sentence(body, start="$", end="\r\n", wrong=False):
    """One sentence with its checksum: `$BODY*XX` and the line end, as bytes. wrong: a
    checksum that does not match (the right one XOR 0x5A), for garbage a decoder must drop."""
    return f"{start}{body}*{checksum(body) ^ (0x5A if wrong else 0):02X}{end}".encode()
