"""CAN frames for the 'can' test: a small DBC reader and encoder (BO_ and SG_ lines; Intel
and Motorola byte order, signed and unsigned, factor and offset), written from the DBC
rules alone so that the frames the car sends do not come from the code under test; and
the flood: a `candump -l` file of frames whose ids the DBC does not describe. For the
'canobd' test an OBD-II PID's answer bytes from a value and the value they carry (SAE J1979's
formulas); for 'can2k' NMEA 2000 frames (29-bit ids of priority, PGN and source; fields little
endian, "not available" all ones; fast packets), from canboat's PGN layouts alone.
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

# ---- OBD-II mode 01 (SAE J1979): PID -> (bytes, value from the bytes) ----
OBD_PIDS = {
    0x0C: (2, lambda a, b: (256 * a + b) / 4),      # engine speed, rpm
    0x0D: (1, lambda a, b: float(a)),               # vehicle speed, km/h
    0x05: (1, lambda a, b: float(a - 40)),          # coolant temperature, C
    0x2F: (1, lambda a, b: a * 100 / 255),          # fuel tank level, %
}

def obd_answer(pid, value):
    """The answer bytes (hex) of PID carrying VALUE, and the value they decode to."""
    n, f = OBD_PIDS[pid]
    raw = {0x0C: lambda v: round(v * 4), 0x0D: lambda v: round(v), 0x05: lambda v: round(v + 40),
           0x2F: lambda v: round(v * 255 / 100)}[pid](value)
    if not 0 <= raw < 1 << (8 * n): raise ValueError(f'PID {pid:02X}: {value} does not fit')
    data = raw.to_bytes(n, 'big')
    return data.hex().upper(), f(data[0], data[1] if n > 1 else 0)

# ---- NMEA 2000 ----
KNOTS_PER_MS = 3600.0 / 1852.0
DEG_PER_RAD = 180.0 / 3.141592653589793

def n2k_id(pgn, source=35, priority=2):
    """The 29-bit id: priority (3 bits), data page and PDU format/specific (PGN; a PDU1 PGN
    to broadcast 255), source address."""
    pf = (pgn >> 8) & 0xFF
    low = 0xFF if pf < 240 else pgn & 0xFF
    return priority << 26 | (pgn & 0x3FF00) << 8 | low << 8 | source

def _le(v, n, signed=False): return int(v).to_bytes(n, 'little', signed=signed)
NA16, NA16S = b'\xff\xff', b'\xff\x7f'

def n2k_frames(pgn, data, source=35, priority=2, sequence=0):
    """'ID#DATA' frames of one message: a single frame (8 bytes, padded with 0xFF), or a fast
    packet: frame 0 is the sequence and counter byte, the length and 6 bytes; frames 1.. 7 each."""
    ident = f'{n2k_id(pgn, source, priority):08X}#'
    if len(data) <= 8 and pgn not in FAST_PACKET:
        return [ident + (data + b'\xff' * (8 - len(data))).hex().upper()]
    out, rest, k = [], data[6:], 1
    out.append(ident + (bytes([sequence << 5, len(data)]) + data[:6] + b'\xff' * max(0, 6 - len(data))).hex().upper())
    while rest:
        chunk, rest = rest[:7], rest[7:]
        out.append(ident + (bytes([sequence << 5 | k]) + chunk + b'\xff' * (7 - len(chunk))).hex().upper())
        k += 1
    return out

FAST_PACKET = {127489}

def n2k_boat(depth, wind_angle, wind_speed, speed, heading, coolant=None, sid=1):
    """The frames of the boat's instruments and the values the decoder makes of them:
    128267 water depth (0.01 m, offset n/a), 130306 wind (0.01 m/s, 0.0001 rad, apparent),
    128259 speed through water (0.01 m/s), 127250 heading (0.0001 rad, magnetic, deviation
    and variation n/a), and with COOLANT 127489 engine dynamic (a fast packet: coolant 0.01 K).
    Returns (frames, {channel source: value})."""
    d = round(depth * 100)
    ws, wa = round(wind_speed / KNOTS_PER_MS / 0.01), round((wind_angle % 360) / DEG_PER_RAD / 0.0001)
    st, hd = round(speed / KNOTS_PER_MS / 0.01), round(heading / DEG_PER_RAD / 0.0001)
    frames = []
    frames += n2k_frames(128267, bytes([sid]) + _le(d, 4) + NA16S + b'\xff', priority=3)
    frames += n2k_frames(130306, bytes([sid]) + _le(ws, 2) + _le(wa, 2) + bytes([0xFA]) + b'\xff\xff')  # reference 2, reserved 1s
    frames += n2k_frames(128259, bytes([sid]) + _le(st, 2) + NA16 + b'\x00\xff\xff')  # SOG n/a, type 0 paddle wheel
    frames += n2k_frames(127250, bytes([sid]) + _le(hd, 2) + NA16S + NA16S + bytes([0xFD]))  # reference 1: magnetic
    angle = (wa * 0.0001 * DEG_PER_RAD) % 360
    values = {'depth.below.transducer': d * 0.01,
              'wind.angle.apparent': angle - 360 if angle > 180 else angle,
              'wind.speed.apparent': ws * 0.01 * KNOTS_PER_MS,
              'speed.water': st * 0.01 * KNOTS_PER_MS,
              'heading.magnetic': (hd * 0.0001 * DEG_PER_RAD) % 360}
    if coolant is not None:   # instance 0; oil pressure and temperature n/a; coolant; the rest n/a
        c = round((coolant + 273.15) / 0.01)
        msg = (b'\x00' + NA16 + NA16 + _le(c, 2) + NA16S + NA16S + b'\xff' * 4 + NA16 + NA16 + b'\xff'
               + b'\x00\x00' + b'\x00\x00' + b'\x7f' + b'\x7f')
        assert len(msg) == 26
        frames += n2k_frames(127489, msg, source=36, sequence=sid & 7)
        values['engine.coolant.temperature'] = c * 0.01 - 273.15
    return frames, values

if __name__ == '__main__':
    if len(sys.argv) != 5 or sys.argv[1] != 'flood': sys.exit('usage: can.py flood DBC OUT N')
    open(sys.argv[3], 'w').write('\n'.join(flood(read_dbc(sys.argv[2]), int(sys.argv[4]))) + '\n')
