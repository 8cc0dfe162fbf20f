/// A colour with straight (not premultiplied) alpha, 8 bits per channel.
public struct Color: Hashable, Sendable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    @inlinable public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// From 0xRRGGBB, opaque.
    @inlinable public init(rgb: UInt32) {
        self.init(
            r: UInt8(truncatingIfNeeded: rgb >> 16), g: UInt8(truncatingIfNeeded: rgb >> 8),
            b: UInt8(truncatingIfNeeded: rgb))
    }

    /// From 0xAARRGGBB.
    @inlinable public init(argb: UInt32) {
        self.init(
            r: UInt8(truncatingIfNeeded: argb >> 16), g: UInt8(truncatingIfNeeded: argb >> 8),
            b: UInt8(truncatingIfNeeded: argb), a: UInt8(truncatingIfNeeded: argb >> 24))
    }

    /// 0xAARRGGBB.
    @inlinable public var argb: UInt32 {
        UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    /// The same colour with alpha multiplied by `opacity` (0…255).
    @inlinable public func withOpacity(_ opacity: UInt8) -> Color {
        var c = self
        c.a = UInt8((UInt32(a) * UInt32(opacity) + 127) / 255)
        return c
    }

    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xFFFFFF)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
}

/// Linear interpolation of two colours, `t` in 0…65536 (Q16). Channels carry 8 extra
/// fraction bits (0…65280) so that a dithering quantizer can use them.
@inlinable @inline(__always)
func mixWide(_ a: Color, _ b: Color, _ t: Int32) -> WideColor {
    @inline(__always) func lerp(_ x: UInt8, _ y: UInt8) -> Int32 {
        let xw = Int32(x) << 8, yw = Int32(y) << 8
        return xw + Int32((Int64(yw - xw) * Int64(t) + 32768) >> 16)
    }
    return WideColor(r: lerp(a.r, b.r), g: lerp(a.g, b.g), b: lerp(a.b, b.b), a: lerp(a.a, b.a))
}

/// A colour with 8.8 fixed-point channels (0…65280), produced by gradients.
public struct WideColor: Hashable, Sendable {
    public var r: Int32, g: Int32, b: Int32, a: Int32

    @inlinable public init(r: Int32, g: Int32, b: Int32, a: Int32) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    @inlinable public init(_ c: Color) {
        r = Int32(c.r) << 8
        g = Int32(c.g) << 8
        b = Int32(c.b) << 8
        a = Int32(c.a) << 8
    }

    /// Rounded to 8 bits per channel.
    @inlinable @inline(__always) public var rounded: Color {
        @inline(__always) func q(_ v: Int32) -> UInt8 { UInt8(Swift.min((v + 128) >> 8, 255)) }
        return Color(r: q(r), g: q(g), b: q(b), a: q(a))
    }
}
