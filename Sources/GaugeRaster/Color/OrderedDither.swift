/// 4×4 Bayer ordered dithering for quantizing gradients to RGB565 without banding.
/// The pattern depends only on the pixel's position, so a damaged redraw of part of a
/// gradient gives exactly the pixels a full redraw gives.
public enum OrderedDither {
    /// Bayer index 0…15 for (x, y).
    @inlinable @inline(__always)
    public static func threshold(x: Int32, y: Int32) -> Int32 {
        // Bit-interleaved form of the 4×4 Bayer matrix:
        // [0 8 2 10; 12 4 14 6; 3 11 1 9; 15 7 13 5]
        let xx = x & 3, yy = y & 3
        let v = xx ^ yy
        return ((v & 1) << 3) | ((yy & 1) << 2) | (v & 2) | ((yy & 2) >> 1)
    }

    /// Quantizes an 8.8 channel (0…65280) to 0…`levels` with the Bayer threshold 0…15.
    @inlinable @inline(__always)
    public static func quantize(_ value: Int32, levels: Int32, threshold: Int32) -> Int32 {
        let v = Swift.min(Swift.max(value, 0), 65280)
        // (v·levels + (threshold + ½)/16 · 65280) / 65280
        return (v * levels + (2 * threshold + 1) * 2040) / 65280
    }
}
