"""The NMEA 0183 talker: sentences with computed checksums, and the rounds of real
instrument sentences mixed with garbage that a Feeder writes."""
import random

from nmea0183 import checksum, sentence as nmea   # nmea(body): a sentence with its checksum, CR LF


def nmea_rounds(seed=7):
    """Real instrument sentences with checksums, and garbage: five dropped items a round
    (wrong checksum, a sentence cut off by the next, noise inside a sentence, MWV status
    V, an overlong sentence); noise between sentences is not a line and not counted."""
    rng = random.Random(seed)
    def noise(n):      # binary bytes that cannot start or end a sentence, XOR ≠ 0
        while True:
            b = bytes(rng.choice([c for c in range(256) if c not in b"$!\r\n*"]) for _ in range(n))
            if checksum(b): return b
    good = [
        nmea("SDDBT,27.6,f,8.4,M,4.6,F"),
        nmea("SDDPT,8.4,0.5"),                           # `depth` (below the surface) = 8.9
        nmea("WIMWV,325.0,R,14.2,N,A"),
        nmea("WIMWV,310.0,T,18.5,N,A"),
        nmea("VWVHW,,T,,M,6.1,N,11.3,K"),
        nmea("HCHDG,271.5,2.5,E,3.1,W"),
        nmea("GPRMC,123519,A,4807.038,N,01131.000,E,5.8,084.4,230394,003.1,W"),
        nmea("YXMTW,17.5,C"),
        nmea("VWVLW,1234.5,N,12.3,N"),
        nmea("GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,00,13,06,292,00"),
        nmea("AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0", start="!"),
        nmea("PGRME,15.0,M,45.0,M,25.0,M"),
    ]
    def make(i):
        vhw = nmea("VWVHW,,T,,M,6.1,N,11.3,K")
        corrupted = vhw[:14] + noise(3) + vhw[14:]       # its old checksum no longer fits
        out = b"".join(good[:4])
        out += nmea("SDDBT,99.9,f,30.4,M,16.6,F", wrong=True)       # 1 bad checksum
        out += nmea("WIMWV,180.0,R,0.0,N,A")[:12]                     # 2 cut off by the next '$'
        out += b"".join(good[4:8])
        out += noise(9) + b"\r\n" + noise(4)                          #   noise between: not a line
        out += corrupted                                              # 3 noise inside a sentence
        out += nmea("WIMWV,180.0,R,0.0,N,V")                          # 4 status V: invalid data
        out += b"$GPGGA," + b"1234.5678," * 9 + b"*00\r\n"            # 5 overlong (> 82 bytes)
        out += b"".join(good[8:])
        return out, 5
    return make
