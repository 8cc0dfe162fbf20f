"""NMEA 0183's checksum, for every harness that writes sentences (and the line protocol's
optional `*XX`, the same XOR)."""


def checksum(text):
    """XOR of the bytes of `text` (a sentence's bytes between the start and `*`)."""
    x = 0
    for c in text.encode():
        x ^= c
    return x


def sentence(body, start="$", end="\r\n"):
    """One sentence with its checksum: `$BODY*XX` and the line end, as bytes."""
    return f"{start}{body}*{checksum(body):02X}{end}".encode()
