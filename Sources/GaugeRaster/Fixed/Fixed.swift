/// A signed 24.8 fixed-point number: pixels with 1/256 px resolution.
///
/// 1/256 px is also the coverage resolution of the rasterizer, so a signed distance in
/// `Fixed` maps straight to an 8-bit coverage (`128 + distance`, clamped).
/// Every value that enters the rasterizer is clamped to ±`Fixed.limit` pixels: sums of
/// two stay far inside `Int32` and squares stay inside `Int64`, whatever the caller passes.
public struct Fixed: Hashable, Comparable, Sendable {
    public let raw: Int32

    public static let fractionBits: Int32 = 8
    public static let scale: Int32 = 1 << fractionBits
    /// Largest magnitude, in whole pixels, a coordinate or length may have (2^15 = 32768).
    public static let limit: Int32 = 1 << 15
    @usableFromInline static let rawLimit: Int32 = limit << fractionBits

    public static let zero = Fixed(raw: 0)
    public static let one = Fixed(raw: scale)
    public static let half = Fixed(raw: scale / 2)
    public static let max = Fixed(raw: rawLimit)
    public static let min = Fixed(raw: -rawLimit)

    /// From raw 1/256 units, clamped to ±`limit` pixels: the invariant every other
    /// computation relies on (differences fit 25 bits, squares 50).
    @inlinable public init(raw: Int32) {
        self.raw = Swift.min(Swift.max(raw, -Fixed.rawLimit), Fixed.rawLimit)
    }

    /// Whole pixels, clamped to ±`limit`.
    @inlinable public init(_ pixels: Int32) {
        raw = Swift.min(Swift.max(pixels, -Fixed.limit), Fixed.limit) << Fixed.fractionBits
    }

    /// `numerator / denominator` pixels, rounded to the nearest 1/256; clamped.
    /// A zero denominator gives zero.
    public init(_ numerator: Int32, over denominator: Int32) {
        guard denominator != 0 else {
            self = .zero
            return
        }
        let scaled = Int64(numerator) * Int64(Fixed.scale)
        let d = Int64(denominator)
        let q = (scaled >= 0) == (d > 0) ? (scaled + abs(d) / 2) / d : (scaled - abs(d) / 2) / d
        self = Fixed(clampingRaw: q)
    }

    /// A value from outside (configuration, sensors): NaN becomes zero, anything beyond
    /// ±`limit` is clamped, never a trap.
    public init(_ value: Double) {
        guard !value.isNaN else {
            self = .zero
            return
        }
        let bound = Double(Fixed.rawLimit)
        let scaled = Swift.min(Swift.max(value * Double(Fixed.scale), -bound), bound)
        raw = Int32(roundingHalfAwayFromZero: scaled)
    }

    @inlinable public init(clampingRaw value: Int64) {
        raw = Int32(Swift.min(Swift.max(value, -Int64(Fixed.rawLimit)), Int64(Fixed.rawLimit)))
    }

    /// The value as a `Double`, for tests and diagnostics (never per pixel).
    public var doubleValue: Double { Double(raw) / Double(Fixed.scale) }

    /// Largest whole pixel ≤ self.
    @inlinable public var floor: Int32 { raw >> Fixed.fractionBits }
    /// Smallest whole pixel ≥ self.
    @inlinable public var ceil: Int32 { (raw + Fixed.scale - 1) >> Fixed.fractionBits }

    @inlinable public static func < (a: Fixed, b: Fixed) -> Bool { a.raw < b.raw }
    @inlinable public static func + (a: Fixed, b: Fixed) -> Fixed { Fixed(clampingRaw: Int64(a.raw) + Int64(b.raw)) }
    @inlinable public static func - (a: Fixed, b: Fixed) -> Fixed { Fixed(clampingRaw: Int64(a.raw) - Int64(b.raw)) }
    @inlinable public static prefix func - (a: Fixed) -> Fixed { Fixed(raw: -a.raw) }
    /// Product, rounded to nearest; clamped.
    @inlinable public static func * (a: Fixed, b: Fixed) -> Fixed {
        Fixed(clampingRaw: (Int64(a.raw) * Int64(b.raw) + Int64(Fixed.scale / 2)) >> Int64(Fixed.fractionBits))
    }
    /// Scales by an integer; clamped.
    @inlinable public static func * (a: Fixed, k: Int32) -> Fixed { Fixed(clampingRaw: Int64(a.raw) * Int64(k)) }
    /// Halves, rounding towards negative infinity.
    @inlinable public var halved: Fixed { Fixed(raw: raw >> 1) }
}

extension Fixed: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int32) { self.init(value) }
}

extension Int32 {
    /// Rounds a finite value already inside Int32's range, half away from zero, without
    /// libm (Embedded builds link no libm, and `rounded()` may call it).
    @inlinable init(roundingHalfAwayFromZero value: Double) {
        self.init(value >= 0 ? value + 0.5 : value - 0.5)
    }
}
