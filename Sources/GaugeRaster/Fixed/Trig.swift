/// Fixed-point trigonometry from the committed tables in `TrigTables.swift`.
/// Results are Q16 (65536 = 1.0); linear interpolation between table entries keeps the
/// error under one unit of Q16, and every CPU computes the same bits.
public enum Trig {
    public static let one: Int32 = 1 << 16

    /// sin(angle) in Q16.
    @inlinable
    public static func sin(_ angle: Angle) -> Int32 {
        let a = angle.raw & 0xFFFF
        let quadrant = a >> 14
        var within = a & 0x3FFF
        if quadrant & 1 == 1 { within = 0x4000 - within }
        let value = quarterSine(within)
        return quadrant >= 2 ? -value : value
    }

    /// cos(angle) in Q16.
    @inlinable
    public static func cos(_ angle: Angle) -> Int32 {
        sin(Angle(raw: (angle.raw & 0xFFFF) &+ 0x4000))
    }

    /// sin of an angle within a quarter turn (0…16384 units).
    @usableFromInline
    static func quarterSine(_ within: Int32) -> Int32 {
        let index = Int(within >> 6)
        let fraction = within & 63
        let low = quarterSineTable[index]
        if fraction == 0 { return low }
        let high = quarterSineTable[index + 1]
        return low + (((high - low) * fraction + 32) >> 6)
    }

    /// The angle of the vector (dx, dy) in screen convention (clockwise from +x, y down),
    /// 0 ..< 65536. (0, 0) gives 0. Inputs up to ±2^30 are exact.
    @inlinable @inline(__always)
    public static func atan2(_ dy: Int32, _ dx: Int32) -> Angle {
        let ax = UInt64(dx.magnitude), ay = UInt64(dy.magnitude)
        if ax == 0 && ay == 0 { return .zero }
        let a = ay <= ax ? arctangentOfRatio(ratio(ay, ax)) : 0x4000 - arctangentOfRatio(ratio(ax, ay))
        return Angle(raw: reflected(a, dx: dx, dy: dy))
    }

    /// An angle of the first quadrant (0…0x4000, from |dx| and |dy|) reflected into the
    /// quadrant of (dx, dy), 0 ..< 65536.
    @usableFromInline @inline(__always)
    static func reflected(_ a: Int32, dx: Int32, dy: Int32) -> Int32 {
        var a = a
        if dx < 0 { a = 0x8000 - a }
        if dy < 0 { a = 0x10000 - a }
        return a & 0xFFFF
    }

    /// `atan2(dy, dx)` along one row: dy fixed, dx varying — what a conic gradient asks
    /// for every pixel of a row. Equal to `Trig.atan2` for every input; within 256 px of
    /// the centre vertically (|dy| < 2^16) both ratios are 32-bit divisions with the row's
    /// part prepared once.
    @usableFromInline struct RowAngles {
        @usableFromInline let dy: Int32
        @usableFromInline let ay: UInt32
        @usableFromInline let near: Bool

        @inlinable init(dy: Int32) {
            self.dy = dy
            ay = dy.magnitude
            near = dy.magnitude < 0x1_0000
        }

        /// The angle of (dx, dy), 0 ..< 65536.
        @inlinable @inline(__always) func angle(dx: Int32) -> Int32 {
            guard near else { return Trig.atan2(dy, dx).raw }
            let ax = dx.magnitude
            var a: Int32
            if ay <= ax {
                if ax == 0 { return 0 }  // (0, 0)
                a = arctangentOfRatio((ay << 16) / ax)  // ay < 2^16: no overflow
            } else {
                a = 0x4000 - arctangentOfRatio((ax << 16) / ay)  // ax < ay < 2^16
            }
            return Trig.reflected(a, dx: dx, dy: dy)
        }
    }

    /// small / large in Q16 (0…65536). A 32-bit division whenever the operands allow —
    /// one instruction on ARMv7, where a 64-bit one is a library call.
    @usableFromInline @inline(__always)
    static func ratio(_ small: UInt64, _ large: UInt64) -> UInt32 {
        if small < 0x1_0000 && large <= UInt64(UInt32.max) {
            return UInt32(truncatingIfNeeded: small << 16) / UInt32(truncatingIfNeeded: large)
        }
        return UInt32((small << 16) / large)
    }

    /// atan(ratio) for a Q16 ratio in 0…1, as a binary angle.
    @usableFromInline @inline(__always)
    static func arctangentOfRatio(_ ratio: UInt32) -> Int32 {
        let index = Int(ratio >> 8)
        let fraction = Int32(ratio & 0xFF)
        // Unchecked: ratio ≤ 65536, so index ≤ 256 (the table has 257 entries) and
        // index + 1 is only read when ratio < 65536.
        return arctangentTable.withUnsafeBufferPointer { table in
            let low = table[index]
            if fraction == 0 { return low }
            let high = table[index + 1]
            // Wrapping operators: entries ≤ 0x2000 and fraction < 256 cannot overflow, and
            // the checks cost as much as the arithmetic in a conic gradient's pixel loop.
            return low &+ (((high &- low) &* fraction &+ 128) >> 8)
        }
    }
}
