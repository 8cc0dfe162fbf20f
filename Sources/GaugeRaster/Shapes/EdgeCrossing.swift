/// Where one `HalfPlane` starts or stops covering a row at a threshold, walked down the
/// rows without a division per row: the exact quotient `HalfPlane.narrow` computes for
/// row y, kept with its remainder and stepped like a Bresenham line (an add, a compare).
///
/// For a half-plane with slope a = nx·256 the pixels at or past the threshold are x ≥
/// ⌈need / a⌉ (a > 0) or x < 1 − ⌈need / −a⌉ (a < 0), need = threshold − rowOffset(y);
/// a row down, need changes by −ny·256. With d = |a|, q = ⌈need / d⌉ and r = q·d − need
/// in [0, d), a step of s = ny·256 = sq·d + sr (0 ≤ sr < d) gives r + sr, less d (and q
/// one more down) when it reaches d: q' = q − sq − carry. Two divisions set it up; the
/// rows after cost none, which matters most on ARM (no 64-bit divide on ARM1176 at all).
struct EdgeCrossing {
    /// +1: covered from the crossing rightwards; −1: up to it; 0: a horizontal edge's
    /// half-plane, all or nothing per row (decided by `need`).
    private let direction: Int8
    private let divisor: Int64, stepQuotient: Int64, stepRemainder: Int64
    private var quotient: Int64, remainder: Int64
    /// threshold − rowOffset(y), kept for a horizontal edge only.
    private var need: Int64
    private let needStep: Int64

    /// A crossing never read (a walker's unused slot): no division to set up.
    @inline(__always) static var inert: EdgeCrossing { EdgeCrossing() }
    @inline(__always) private init() {
        direction = 0
        divisor = 1
        stepQuotient = 0
        stepRemainder = 0
        quotient = 0
        remainder = 0
        need = 0
        needStep = 0
    }

    /// The crossing of `edge` at `threshold` on row y.
    @inline(__always)
    init(_ edge: HalfPlane, atLeast threshold: Int64, row y: Int32) {
        let a = edge.slope
        let need = threshold &- edge.rowOffset(y)
        let s = edge.ny &* 256  // rowOffset(y + 1) − rowOffset(y)
        if a == 0 {
            direction = 0
            divisor = 1
            stepQuotient = 0
            stepRemainder = 0
            quotient = 0
            remainder = 0
            self.need = need
            needStep = 0 &- s
            return
        }
        let d = a > 0 ? a : 0 &- a
        direction = a > 0 ? 1 : -1
        divisor = d
        let q = HalfPlane.ceilingQuotient(need, d)
        quotient = q
        remainder = q &* d &- need  // in [0, d)
        // ⌊s / d⌋ and s − that·d, for either sign of s.
        let sq = s >= 0 ? s / d : 0 &- HalfPlane.ceilingQuotient(0 &- s, d)
        stepQuotient = sq
        stepRemainder = s &- sq &* d
        self.need = 0
        needStep = 0
    }

    /// Moves to the next row down.
    @inline(__always)
    mutating func advance() {
        if direction == 0 {
            need &+= needStep
            return
        }
        var r = remainder &+ stepRemainder
        var q = quotient &- stepQuotient
        if r >= divisor {
            r &-= divisor
            q &-= 1
        }
        remainder = r
        quotient = q
    }

    /// Narrows [lo, hi) as `HalfPlane.narrow(atLeast:offset:_:_:)` does for this row.
    @inline(__always)
    func narrow(_ lo: inout Int32, _ hi: inout Int32) {
        if direction > 0 {
            lo = Swift.max(lo, clampedPixel(quotient))
            hi = Swift.min(hi, 1 << 30)
        } else if direction < 0 {
            lo = Swift.max(lo, -(1 << 30))
            hi = Swift.min(hi, clampedPixel(1 &- quotient))
        } else if need > 0 {
            hi = Int32.min
        }
    }
}
