"""CAN frames for the 'can' test: a small DBC reader and encoder (BO_ and SG_ lines; Intel
and Motorola byte order, signed and unsigned, factor and offset), written from the DBC
rules alone so that the frames the car sends do not come from the code under test; and
the flood: a `candump -l` file of frames whose ids the DBC does not describe.
As a script (vm-test.sh): can.py flood DBC OUT N  writes that file, N frames 1 ms apart."""
import re, sys

def read_dbc(path):
    """{message name: (frame id, extended, length, {signal: (start, size, motorola, signed, factor, offset)})}"""
    msgs, cur = {}, None
    for line in open(path, encoding='utf-8'):
        m = re.match(r'\s*BO_\s+(\d+)\s+(\w+)\s*:\s*(\d+)', line)
        if m:
            raw = int(m.group(1))
            cur = {}
            msgs[m.group(2)] = (raw & 0x1FFFFFFF, bool(raw & 0x80000000), int(m.group(3)), cur)
            continue
        m = re.match(r'\s*SG_\s+(\w+)\s*:\s*(\d+)\|(\d+)@([01])([+-])\s*\(([^,]+),([^)]+)\)', line)
        if m and cur is not None:
            cur[m.group(1)] = (int(m.group(2)), int(m.group(3)), m.group(4) == '0', m.group(5) == '-',
                               float(m.group(6)), float(m.group(7)))
    return msgs

def _put(data, start, size, motorola, raw):
    if motorola:   # start is the most significant bit, numbered 7..0 within each byte
        pos = (start // 8) * 8 + (7 - start % 8)   # as a big-endian running index
        for k in range(size):
            bit = (raw >> (size - 1 - k)) & 1
            i = pos + k
            if bit: data[i // 8] |= 1 << (7 - i % 8)
    else:          # start is the least significant bit
        for k in range(size):
            if (raw >> k) & 1: data[(start + k) // 8] |= 1 << ((start + k) % 8)

def frame(msgs, message, signals):
    """'ID#DATA' (candump notation) of MESSAGE with {signal: physical value}; others zero."""
    fid, ext, length, sigs = msgs[message]
    data = bytearray(length)
    for name, value in signals.items():
        start, size, motorola, signed, factor, offset = sigs[name]
        raw = round((value - offset) / factor)
        lo, hi = (-(1 << (size - 1)), (1 << (size - 1)) - 1) if signed else (0, (1 << size) - 1)
        if not lo <= raw <= hi: raise ValueError(f'{message}.{name} = {value}: raw {raw} outside {lo}..{hi}')
        _put(data, start, size, motorola, raw & ((1 << size) - 1))
    return (f'{fid:08X}' if ext else f'{fid:03X}') + '#' + data.hex().upper()

def frames(msgs, values, sources):
    """The frames carrying {channel: value}, sources mapping each channel to 'MESSAGE.SIGNAL'."""
    by_msg = {}
    for ch, v in values.items():
        msg, sig = sources[ch].split('.', 1)
        by_msg.setdefault(msg, {})[sig] = v
    return [frame(msgs, m, s) for m, s in by_msg.items()]

def flood(msgs, n, iface='can1'):
    """`candump -l` lines of n frames with ids the DBC does not describe, 1 ms apart."""
    known = {(fid, ext) for fid, ext, _, _ in msgs.values()}
    out, i = [], 0
    while len(out) < n:
        ext = i % 2 == 1
        fid = (0x18FF0000 + i) if ext else 0x200 + i % 0x500
        i += 1
        if (fid, ext) in known: continue
        ident = f'{fid:08X}' if ext else f'{fid:03X}'
        out.append(f'({1000 + len(out) * 0.001:.6f}) {iface} {ident}#{(len(out) & 0xFFFFFFFF):08X}{i & 0xFF:02X}')
    return out

if __name__ == '__main__':
    if len(sys.argv) != 5 or sys.argv[1] != 'flood': sys.exit('usage: can.py flood DBC OUT N')
    open(sys.argv[3], 'w').write('\n'.join(flood(read_dbc(sys.argv[2]), int(sys.argv[4]))) + '\n')
