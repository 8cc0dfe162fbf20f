"""NMEA 0183 for the 'boat' run: sentences with their checksums, and a second of a boat's
instrument bus with garbage among the sentences."""

from nmea0183 import sentence as nmea   # one sentence with its checksum, ended by CR LF


def nmea_burst():
    """A second of a boat's instrument bus: the four sentences boat.toml reads (depth 8.4 m,
    apparent wind 325° R = 35° on the port bow at 14.2 kn, 6.1 kn through the water,
    heading 98.3° magnetic) among garbage, each garbage item carrying other values that
    would show if it got through. Returns (bytes, bad sentences the decoder must drop)."""
    good = [nmea('IIDBT,27.6,f,8.4,M,4.6,F'), nmea('WIMWV,325.0,R,14.2,N,A'),
            nmea('IIVHW,,T,,M,6.1,N,11.3,K'), nmea('IIHDG,98.3,,,7.1,W')]
    bad = [nmea('IIDBT,98.4,f,30.0,M,16.4,F', wrong=True),       # bad checksum
           nmea('IIDBT,2x.6,f,8.x,M,4.6,F'),                    # checksum right, numbers not
           nmea('WIMWV,90.0,R,30.0,N,V'),                       # status V: data invalid
           b'$IIVHW,,T,,M,9.9,N',                               # cut off by the next '$'
           nmea('IIXDR,C,20.5,C,ENGINE,' + 'P,1.01,B,BARO,' * 5),  # longer than 82 bytes
           nmea('IIHDG,200.0,,,7.1,W', wrong=True)]              # bad checksum, last of the burst
    noise = [b'GaugePanel vm-test: not NMEA\r\n', b'\x00\xff\xfe\x13 line noise \x7f\r\n']
    burst = noise[0] + good[0] + bad[0] + bad[1] + good[1] + bad[2] + noise[1] + bad[3] + good[2] + bad[4] + good[3] + bad[5]
    return burst, len(bad)
