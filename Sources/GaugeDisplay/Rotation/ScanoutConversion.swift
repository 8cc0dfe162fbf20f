import GaugeRaster

/// The pixel conversions a display applies while copying damage into scan-out memory,
/// when the device cannot scan out the format the board draws in. The board's picture
/// is always rendered in its own format (byte-identical to `gaugepanel render`); only the
/// copy converts.
///
/// - RGB565 → XRGB8888 is exact: each channel widened by bit replication
///   (r8 = r5 << 3 | r5 >> 2, g8 = g6 << 2 | g6 >> 4), the colour `RGB565Codec.unpack`
///   gives and PNG/PPM files of an RGB565 surface hold; X is 0xFF, as XRGB8888 surfaces
///   store it.
/// - XRGB8888 → RGB565 packs each pixel as an RGB565 surface packs a solid colour
///   (`RGB565Codec.pack`: each channel rounded to nearest). It is not the RGB565 render of
///   the board: that one dithers gradients from their 8.8 channels and blends edges over
///   RGB565 pixels, which an 8-bit picture no longer has. Not dithered, so a solid colour
///   stays one RGB565 value and a damaged redraw converts to the same pixels.
public enum ScanoutConversion {
    /// Whether a shadow in `drawn` can be copied into scan-out memory in `scanout`.
    public static func converts(from drawn: PixelFormat, to scanout: PixelFormat) -> Bool {
        drawn == scanout || (drawn == .rgb565 && scanout == .xrgb8888) || (drawn == .xrgb8888 && scanout == .rgb565)
    }

    /// XRGB8888 (X = 0xFF) of an RGB565 pixel, channels widened by bit replication.
    @inlinable @inline(__always)
    public static func xrgb8888(fromRGB565 p: UInt16) -> UInt32 {
        let q = UInt32(p)
        return 0xFF00_0000 | RGB565Codec.widenedRedBlue(q) | RGB565Codec.widenedGreen(q) << 8
    }

    /// RGB565 of an XRGB8888 pixel: `RGB565Codec.pack` of its colour (each channel
    /// rounded to nearest, x·31/255 and x·63/255).
    @inlinable @inline(__always)
    public static func rgb565(fromXRGB8888 p: UInt32) -> UInt16 {
        RGB565Codec.pack(redBlue: p & 0x00FF_00FF, green: (p >> 8) & 0xFF)
    }
}

extension ScanoutConversion {
    /// `xrgb8888(fromRGB565:)` by byte, for the turned copy: entry b widens a pixel whose
    /// high byte is 0 (blue, and green's bits 0–2), entry 256 + b one whose low byte is 0
    /// (red, green's bits 3–5, X). The widened green g6 << 2 | g6 >> 4 has bits 2–4 from
    /// g6's bits 0–2 and bits 0–1 and 5–7 from its bits 3–5: no bit from both bytes, so
    /// the two entries OR to the whole pixel.
    static let widenTable: [UInt32] = (0..<512).map { (i: Int) -> UInt32 in
        i < 256 ? xrgb8888(fromRGB565: UInt16(i)) & 0xFFFF : xrgb8888(fromRGB565: UInt16(i - 256) << 8)
    }

    /// `rgb565(fromXRGB8888:)` by channel: entries 0–255 red's bits, 256–511 green's,
    /// 512–767 blue's (each channel rounds on its own).
    static let packTable: [UInt16] = (0..<768).map { i in
        let v = UInt32(i & 255)
        return ScanoutConversion.rgb565(fromXRGB8888: i < 256 ? v << 16 : i < 512 ? v << 8 : v)
    }
}

/// One pixel of the shadow to one pixel of scan-out memory; the copy loops are
/// specialised per conversion (no per-pixel format switch).
protocol PixelConversion {
    associatedtype Source: FixedWidthInteger
    associatedtype Target: FixedWidthInteger
    func convert(_ p: Source) -> Target
}

struct Same32: PixelConversion {
    @inline(__always) func convert(_ p: UInt32) -> UInt32 { p }
}

struct Same16: PixelConversion {
    @inline(__always) func convert(_ p: UInt16) -> UInt16 { p }
}

/// Arithmetic, for upright rows: the compiler vectorises it, and a short row pays no
/// table set-up.
struct WidenRGB565: PixelConversion {
    @inline(__always) func convert(_ p: UInt16) -> UInt32 { ScanoutConversion.xrgb8888(fromRGB565: p) }
}

struct PackRGB565: PixelConversion {
    @inline(__always) func convert(_ p: UInt32) -> UInt16 { ScanoutConversion.rgb565(fromXRGB8888: p) }
}

/// Through `widenTable`, for the turned walk (pixel by pixel, not vectorised): two loads
/// and an OR instead of a dozen operations.
struct WidenRGB565ByTable: PixelConversion {
    let table: UnsafePointer<UInt32>
    @inline(__always) func convert(_ p: UInt16) -> UInt32 { table[Int(p & 0xFF)] | table[256 &+ Int(p >> 8)] }
}

/// Through `packTable`, for the turned walk.
struct PackRGB565ByTable: PixelConversion {
    let table: UnsafePointer<UInt16>
    @inline(__always) func convert(_ p: UInt32) -> UInt16 {
        table[Int((p >> 16) & 0xFF)] | table[256 &+ Int((p >> 8) & 0xFF)] | table[512 &+ Int(p & 0xFF)]
    }
}
