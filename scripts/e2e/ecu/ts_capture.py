#!/usr/bin/env python3
"""Records request/response bytes from a TunerStudio-protocol ECU on a serial pty or TCP
port, as test data for GaugeECU: one exchange per block, `> hex` sent, `< hex` received.

Usage: ts_capture.py (--pty PATH | --tcp HOST:PORT) --out FILE [--legacy-only]
The exchanges follow what a dash does: signatures by both framings, the whole block and
slices. Legacy ones come first: a CRC-framed command locks Speeduino's legacy ones out
until it resets."""
import argparse, os, select, socket, struct, sys, termios, time, zlib


class Port:
    def __init__(self, args):
        if args.pty:
            self.fd = os.open(args.pty, os.O_RDWR | os.O_NOCTTY)
            a = termios.tcgetattr(self.fd)
            a[0] = a[1] = a[3] = 0
            a[2] = termios.CS8 | termios.CREAD | termios.CLOCAL
            a[4] = a[5] = termios.B115200
            termios.tcsetattr(self.fd, termios.TCSANOW, a)
            self.sock = None
        else:
            host, port = args.tcp.rsplit(":", 1)
            self.sock = socket.create_connection((host, int(port)), timeout=5)
            self.fd = self.sock.fileno()

    def exchange(self, data, quiet=0.3, limit=3.0):
        """Sends `data`; returns what arrived until `quiet` seconds passed without a byte."""
        self.drain()
        os.write(self.fd, data)
        out, start, last = b"", time.time(), time.time()
        while time.time() - start < limit and time.time() - last < quiet:
            r, _, _ = select.select([self.fd], [], [], 0.02)
            if r:
                chunk = os.read(self.fd, 4096)
                if not chunk:
                    break
                out += chunk
                last = time.time()
        return out

    def drain(self):
        while select.select([self.fd], [], [], 0.05)[0]:
            if not os.read(self.fd, 4096):
                return


def crc_frame(payload):
    return struct.pack(">H", len(payload)) + payload + struct.pack(">I", zlib.crc32(payload))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pty")
    p.add_argument("--tcp")
    p.add_argument("--out", required=True)
    p.add_argument("--legacy-only", action="store_true")
    p.add_argument("--crc-only", action="store_true")
    args = p.parse_args()
    port = Port(args)
    legacy = [("legacy Q", b"Q"), ("legacy S", b"S"), ("legacy A: the whole block", b"A"),
              ("legacy r: rpm..tps (offset 14, 12 bytes)", b"r\x00\x30\x0e\x00\x0c\x00")]
    crc = [("crc Q", crc_frame(b"Q")), ("crc S", crc_frame(b"S")),
           ("crc r: offset 0, 130 bytes", crc_frame(b"r\x00\x30\x00\x00\x82\x00")),
           ("crc r: offset 4, 22 bytes", crc_frame(b"r\x00\x30\x04\x00\x16\x00")),
           ("crc frame with a wrong CRC", crc_frame(b"Q")[:-1] + b"\x00")]
    plan = ([] if args.crc_only else legacy) + ([] if args.legacy_only else crc)
    with open(args.out, "w") as f:
        f.write(f"# captured {time.strftime('%Y-%m-%d')} by scripts/e2e/ecu/ts_capture.py\n")
        for what, data in plan:
            answer = port.exchange(data)
            f.write(f"# {what}\n> {data.hex()}\n< {answer.hex()}\n")
            print(f"{what}: {len(answer)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
