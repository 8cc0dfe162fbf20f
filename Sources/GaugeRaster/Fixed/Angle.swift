/// An angle as a binary fraction of a turn: 65536 units = 360°.
///
/// Screen convention, as in `reference-scene.md`: 0 = 3 o'clock, growing clockwise
/// (y points down). Binary angles wrap for free and index the trig tables directly.
/// A start angle is taken modulo a turn; a sweep keeps its sign and magnitude (clamped to
/// ±2 turns), because "past 360°" means "the whole ring".
public struct Angle: Hashable, Comparable, Sendable {
    public var raw: Int32

    public static let unitsPerTurn: Int32 = 1 << 16
    @usableFromInline static let rawLimit: Int32 = 2 << 16

    public static let zero = Angle(raw: 0)
    public static let fullTurn = Angle(raw: unitsPerTurn)
    public static let halfTurn = Angle(raw: unitsPerTurn / 2)
    public static let quarterTurn = Angle(raw: unitsPerTurn / 4)

    @inlinable public init(raw: Int32) {
        self.raw = Swift.min(Swift.max(raw, -Angle.rawLimit), Angle.rawLimit)
    }

    /// Degrees (also from outside: NaN becomes 0, ±∞ and huge values clamp to ±720°).
    /// Basic IEEE arithmetic is exact and identical on every CPU, so this is deterministic.
    public init(degrees: Double) {
        guard !degrees.isNaN else {
            self = .zero
            return
        }
        let clamped = Swift.min(Swift.max(degrees, -720), 720)
        self.init(raw: Int32(roundingHalfAwayFromZero: clamped * Double(Angle.unitsPerTurn) / 360))
    }

    /// This angle reduced to one turn, 0 ..< 65536.
    @inlinable public var normalized: Angle { Angle(raw: raw & (Angle.unitsPerTurn - 1)) }

    public var degrees: Double { Double(raw) * 360 / Double(Angle.unitsPerTurn) }

    @inlinable public static func < (a: Angle, b: Angle) -> Bool { a.raw < b.raw }
    @inlinable public static func + (a: Angle, b: Angle) -> Angle { Angle(raw: a.raw &+ b.raw) }
    @inlinable public static func - (a: Angle, b: Angle) -> Angle { Angle(raw: a.raw &- b.raw) }
}
