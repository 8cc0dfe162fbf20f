/// The conversions into scan-out memory written out the long way: the references that
/// ScanoutConversion and the displays that convert on their copy are held to.
public enum ScanoutReference {
    /// RGB565 → XRGB8888 by bit replication, one channel at a time.
    public static func widened(_ p: UInt16) -> UInt32 {
        let r5 = UInt32(p >> 11), g6 = UInt32((p >> 5) & 63), b5 = UInt32(p & 31)
        let r8 = r5 << 3 | r5 >> 2, g8 = g6 << 2 | g6 >> 4, b8 = b5 << 3 | b5 >> 2
        return 0xFF00_0000 | r8 << 16 | g8 << 8 | b8
    }

    /// XRGB8888 → RGB565, each channel rounded to the nearest of 31 or 63 steps (never a
    /// tie: 2·v·31 is even, 255·(2k + 1) odd).
    public static func packed(_ p: UInt32) -> UInt16 {
        func nearest(_ v: UInt32, _ levels: UInt32) -> UInt32 { (2 * v * levels + 255) / 510 }
        let r = nearest((p >> 16) & 0xFF, 31), g = nearest((p >> 8) & 0xFF, 63), b = nearest(p & 0xFF, 31)
        return UInt16(r << 11 | g << 5 | b)
    }
}
