/// How one pixel format packs, unpacks and blends. The rasterizer is generic over a codec,
/// so each format gets its own specialised inner loops (no per-pixel format switch).
///
/// Alpha values `alpha` are on the 0…256 scale: 256 means "replace", 0 "keep".
public protocol PixelCodec {
    associatedtype Storage: FixedWidthInteger & UnsignedInteger
    static var format: PixelFormat { get }
    /// An opaque colour, rounded to the nearest representable value.
    static func pack(_ color: Color) -> Storage
    static func unpack(_ pixel: Storage) -> Color
    /// The pixel a fill that replaces what is there (`Canvas.clear`, opaque `fill`) stores
    /// for `color`, translucent too: the stored form of its alpha where the format has one.
    static func packReplacing(_ color: Color) -> Storage
    /// `color` (its own alpha already folded into `alpha`) over `pixel`.
    static func blend(_ color: Color, alpha: UInt32, over pixel: Storage) -> Storage
    /// Gradient colour with 8 fraction bits per channel, ordered-dithered where the format
    /// has fewer than 8 bits per channel.
    static func packDithered(_ color: WideColor, x: Int32, y: Int32) -> Storage
    static func blendDithered(_ color: WideColor, alpha: UInt32, over pixel: Storage, x: Int32, y: Int32) -> Storage
    /// False when the format keeps 8 bits per channel: then `packDithered(c, x:, y:)` is
    /// `pack(c.rounded)` and `blendDithered(c, alpha:, over:, x:, y:)` is
    /// `blend(c.rounded, alpha:, over:)` wherever the pixel is, and a gradient can pack a
    /// colour once for every pixel that has it.
    static var dithers: Bool { get }
    /// An opaque gradient colour prepared once for `packPrepared`, which then packs it at
    /// any pixel as `packDithered` does, without the per-channel arithmetic: a gradient's
    /// table prepares each of its colours once per draw. Never 0 (tables mark "not yet").
    static func prepare(_ color: WideColor) -> UInt32
    /// `packDithered(c, x:, y:)` for `prepare(c)` and `OrderedDither.threshold(x:y:)`.
    static func packPrepared(_ prepared: UInt32, threshold: Int32) -> Storage
}

extension PixelCodec {
    @inlinable public static var dithers: Bool { true }
}

/// The effective 0…256 alpha of a colour with straight alpha `a` at coverage `coverage`.
@inlinable @inline(__always)
func effectiveAlpha(_ a: UInt8, coverage: UInt32) -> UInt32 {
    // a256 ≤ 256 and coverage ≤ 256: wrapping arithmetic cannot wrap (every edge pixel).
    let a256 = UInt32(a) &+ UInt32(a >> 7)
    return (a256 &* coverage &+ 128) >> 8
}

/// XRGB8888 and ARGB8888 share one codec: blending premultiplied ARGB with an opaque
/// source colour is the same four-channel lerp, and XRGB ignores the fourth channel.
public enum ARGB32Codec: PixelCodec {
    public typealias Storage = UInt32
    public static var format: PixelFormat { .argb8888 }
    @inlinable public static var dithers: Bool { false }

    @inlinable public static func pack(_ c: Color) -> UInt32 {
        0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
    }

    @inlinable public static func unpack(_ p: UInt32) -> Color {
        Color(argb: p)
    }

    /// Premultiplied, alpha byte kept (XRGB8888 stores it too; scan-out ignores it).
    @inlinable public static func packReplacing(_ c: Color) -> UInt32 {
        if c.a == 255 { return c.argb }
        let a = UInt32(c.a)
        @inline(__always) func m(_ v: UInt8) -> UInt32 { (UInt32(v) * a + 127) / 255 }
        return a << 24 | m(c.r) << 16 | m(c.g) << 8 | m(c.b)
    }

    @inlinable @inline(__always)
    public static func blend(_ c: Color, alpha: UInt32, over p: UInt32) -> UInt32 {
        lerp(pack(c), p, alpha)
    }

    /// Two channels per multiply: (src·α + dst·(256−α) + 128) / 256 on 0x00FF00FF lanes;
    /// each 16-bit lane peaks at 0xFF80, so lanes never carry into each other.
    @inlinable @inline(__always)
    static func lerp(_ s: UInt32, _ d: UInt32, _ alpha: UInt32) -> UInt32 {
        let inverse = 256 &- alpha
        let rb = ((s & 0x00FF_00FF) &* alpha &+ (d & 0x00FF_00FF) &* inverse &+ 0x0080_0080) >> 8
        let ag = ((s >> 8) & 0x00FF_00FF) &* alpha &+ ((d >> 8) & 0x00FF_00FF) &* inverse &+ 0x0080_0080
        return (rb & 0x00FF_00FF) | (ag & 0xFF00_FF00)
    }

    @inlinable public static func packDithered(_ c: WideColor, x: Int32, y: Int32) -> UInt32 {
        pack(c.rounded)
    }

    @inlinable public static func blendDithered(_ c: WideColor, alpha: UInt32, over p: UInt32, x: Int32, y: Int32) -> UInt32 {
        lerp(pack(c.rounded), p, alpha)
    }

    /// The packed colour (its alpha byte is set: never 0).
    @inlinable @inline(__always) public static func prepare(_ c: WideColor) -> UInt32 { pack(c.rounded) }
    @inlinable @inline(__always) public static func packPrepared(_ prepared: UInt32, threshold: Int32) -> UInt32 { prepared }
}

/// RGB565, little-endian.
public enum RGB565Codec: PixelCodec {
    public typealias Storage = UInt16
    public static var format: PixelFormat { .rgb565 }

    @inlinable public static func pack(_ c: Color) -> UInt16 {
        // Round to nearest: x·31/255 and x·63/255.
        let r = (UInt32(c.r) &* 249 &+ 1014) >> 11
        let g = (UInt32(c.g) &* 253 &+ 505) >> 10
        let b = (UInt32(c.b) &* 249 &+ 1014) >> 11
        return UInt16(truncatingIfNeeded: r << 11 | g << 5 | b)
    }

    /// No alpha to store: the colour alone.
    @inlinable public static func packReplacing(_ c: Color) -> UInt16 { pack(c) }

    @inlinable public static func unpack(_ p: UInt16) -> Color {
        let r = UInt8(truncatingIfNeeded: p >> 11), g = UInt8(truncatingIfNeeded: (p >> 5) & 63), b = UInt8(truncatingIfNeeded: p & 31)
        return Color(r: r << 3 | r >> 2, g: g << 2 | g >> 4, b: b << 3 | b >> 2)
    }

    @inlinable @inline(__always)
    public static func blend(_ c: Color, alpha: UInt32, over p: UInt16) -> UInt16 {
        if alpha >= 256 { return pack(c) }
        // `pack` of each channel's (s·α + d·(256 − α) + 128) >> 8 over `unpack(p)`, with red
        // and blue side by side in 16-bit lanes: each lane stays below 2^16 (255·256 + 128
        // while mixing, 255·249 + 1014 while rounding), so lanes never carry.
        let inverse = 256 &- alpha, q = UInt32(p)
        let dRB = widenedRedBlue(q), dG = widenedGreen(q)
        let sRB = UInt32(c.r) << 16 | UInt32(c.b)
        let rb = ((sRB &* alpha &+ dRB &* inverse &+ 0x0080_0080) >> 8) & 0x00FF_00FF
        let g = (UInt32(c.g) &* alpha &+ dG &* inverse &+ 128) >> 8
        return pack(redBlue: rb, green: g)
    }

    /// Red and blue of RGB565 pixel `q` widened to 8 bits (as `unpack`), in 16-bit lanes
    /// (0x00RR_00BB): r5·8 + r5/4 = (r5·33) >> 2 for both in one multiply, the bits the
    /// shift moves across the lanes masked off.
    @inlinable @inline(__always)
    public static func widenedRedBlue(_ q: UInt32) -> UInt32 { ((((q >> 11) << 16 | q & 31) &* 33) >> 2) & 0x00FF_00FF }

    /// Green of RGB565 pixel `q` widened to 8 bits: (g6·65) >> 4.
    @inlinable @inline(__always)
    public static func widenedGreen(_ q: UInt32) -> UInt32 { (((q >> 5) & 63) &* 65) >> 4 }

    /// `pack` of 8-bit channels, red and blue given in 16-bit lanes (0x00RR_00BB): each
    /// lane stays below 2^16 while rounding (255·249 + 1014), so lanes never carry.
    @inlinable @inline(__always)
    public static func pack(redBlue rb: UInt32, green g: UInt32) -> UInt16 {
        let rb5 = rb &* 249 &+ 0x03F6_03F6
        return UInt16(truncatingIfNeeded: (rb5 >> 27) << 11 | ((g &* 253 &+ 505) >> 10) << 5 | (rb5 & 0xFFFF) >> 11)
    }

    @inlinable public static func packDithered(_ c: WideColor, x: Int32, y: Int32) -> UInt16 {
        let t = OrderedDither.threshold(x: x, y: y)
        return UInt16(
            truncatingIfNeeded: OrderedDither.quantize(c.r, levels: 31, threshold: t) << 11
                | OrderedDither.quantize(c.g, levels: 63, threshold: t) << 5
                | OrderedDither.quantize(c.b, levels: 31, threshold: t))
    }

    @inlinable public static func blendDithered(_ c: WideColor, alpha: UInt32, over p: UInt16, x: Int32, y: Int32) -> UInt16 {
        let d = unpack(p)
        let a = Int32(truncatingIfNeeded: Swift.min(alpha, 256)), inverse = 256 &- a
        // Gradient channels are 0…65280 and a ≤ 256: products below 2^25, wrapping.
        @inline(__always) func mix(_ s: Int32, _ t: UInt8) -> Int32 { (s &* a &+ (Int32(t) << 8) &* inverse) >> 8 }
        return packDithered(WideColor(r: mix(c.r, d.r), g: mix(c.g, d.g), b: mix(c.b, d.b), a: 65280), x: x, y: y)
    }

    /// Each channel's `OrderedDither.quantize` split in two: with v·levels = q·65280 + r it
    /// is q, plus one where (2t + 1)·2040 ≥ 65280 − r, i.e. for thresholds t from a cut
    /// c = ⌈(65280 − r) / 2040⌉ / 2 (0…16; 16: never). Each channel is stored above a
    /// 4-bit field holding 16 − c, so that adding t to the field carries one into the
    /// channel exactly when t ≥ c (a cut of 0 is stored as q + 1 over a field of 0; a carry
    /// needs r > 0, so q + 1 ≤ levels never overflows the channel). Bits 0–3 and 4–8: blue's
    /// field and blue; 9–12, 13–18: green's; 19–22, 23–27: red's; 31: set.
    @inlinable public static func prepare(_ c: WideColor) -> UInt32 {
        @inline(__always) func split(_ value: Int32, _ levels: UInt32) -> UInt32 {
            let v = UInt32(truncatingIfNeeded: Swift.min(Swift.max(value, 0), 65280)) &* levels
            let r = v % 65280, q = v / 65280
            let cut = ((65280 &- r &+ 2039) / 2040) >> 1
            return cut == 0 ? (q &+ 1) << 4 : q << 4 | (16 &- cut)
        }
        return 1 << 31 | split(c.r, 31) << 19 | split(c.g, 63) << 9 | split(c.b, 31)
    }

    /// The threshold added to all three fields at once; the carries are the dither.
    @inlinable @inline(__always) public static func packPrepared(_ p: UInt32, threshold: Int32) -> UInt16 {
        let s = p &+ UInt32(truncatingIfNeeded: threshold) &* 0x0008_0201
        return UInt16(truncatingIfNeeded: (s >> 12) & 0xF800 | (s >> 8) & 0x07E0 | (s >> 4) & 0x001F)
    }
}
