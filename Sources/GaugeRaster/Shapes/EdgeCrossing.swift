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
///
/// The bound itself is what is stepped — q for a lower bound, 1 − q for an upper one —
/// unclamped, so a row's narrowing is a compare per crossing (the caller clamps the row's
/// ends once, as `clampedPixel` of each bound would). A horizontal edge (a = 0) covers a
/// row wholly or not at all: its rows are a range (`rows`), and its bound bounds nothing.
struct EdgeCrossing {
    /// The row's bound: the first covered pixel (a lower bound) or the first past them
    /// (an upper one), unclamped.
    private(set) var bound: Int64
    private var remainder: Int64
    private let boundStep: Int64, remainderStep: Int64, divisor: Int64, carry: Int64
    /// Whether `bound` ends the covered pixels (the plane covers leftwards).
    let isUpper: Bool
    /// The rows, counted from the first walked, on which a horizontal edge covers the row;
    /// every row for any other edge.
    let rows: (from: Int64, to: Int64)

    /// The crossing of `edge` at `threshold` on row y.
    @inline(__always)
    init(_ edge: HalfPlane, atLeast threshold: Int64, row y: Int32) {
        let a = edge.slope
        let need = threshold &- edge.rowOffset(y)
        let s = edge.ny &* 256  // rowOffset(y + 1) − rowOffset(y)
        if a == 0 {
            // need − k·s ≤ 0 on row y + k: from ⌈need / s⌉ on (s > 0), up to ⌊need / s⌋
            // (s < 0), all rows or none (s = 0).
            bound = -(1 << 40)
            remainder = 0
            boundStep = 0
            remainderStep = 0
            divisor = 1
            carry = 0
            isUpper = false
            if s > 0 {
                rows = (HalfPlane.ceilingQuotient(need, s), Int64.max)
            } else if s < 0 {
                rows = (Int64.min, HalfPlane.floorQuotientPlusOne(need, s))
            } else {
                rows = need <= 0 ? (Int64.min, Int64.max) : (0, 0)
            }
            return
        }
        let d = a > 0 ? a : 0 &- a
        divisor = d
        let q = HalfPlane.slopeCeiling(need, d)
        remainder = q &* d &- need  // in [0, d)
        // ⌊s / d⌋ and s − that·d, for either sign of s.
        #if arch(arm)
            let sq = 0 &- HalfPlane.slopeCeiling(0 &- s, d)  // 32-bit operands (s, d: ·256)
        #else
            let sq = s >= 0 ? s / d : 0 &- HalfPlane.ceilingQuotient(0 &- s, d)
        #endif
        remainderStep = s &- sq &* d
        isUpper = a < 0
        rows = (Int64.min, Int64.max)
        if a > 0 {
            bound = q
            boundStep = 0 &- sq
            carry = -1
        } else {
            bound = 1 &- q
            boundStep = sq
            carry = 1
        }
    }

    /// Moves to the next row down.
    @inline(__always)
    mutating func advance() {
        var r = remainder &+ remainderStep
        var b = bound &+ boundStep
        if r >= divisor {
            r &-= divisor
            b &+= carry
        }
        remainder = r
        bound = b
    }

    /// Narrows [lo, hi) as `HalfPlane.narrow(atLeast:offset:_:_:)` does on the row `k`
    /// rows past the first (clamped, a horizontal edge emptying the rows it leaves out):
    /// one crossing checked alone against the half-plane (`EdgeCrossingTests`).
    func narrow(_ lo: inout Int32, _ hi: inout Int32, row k: Int64) {
        if k < rows.from || k >= rows.to {
            hi = Int32.min
        } else if isUpper {
            hi = Swift.min(hi, clampedPixel(bound))
        } else {
            lo = Swift.max(lo, clampedPixel(bound))
        }
    }

    /// Narrows [lo, hi) (unclamped) by this row's bound.
    @inline(__always)
    func narrow(_ lo: inout Int64, _ hi: inout Int64) {
        if isUpper {
            hi = Swift.min(hi, bound)
        } else {
            lo = Swift.max(lo, bound)
        }
    }
}

extension EdgeCrossing {
    /// The same edge's crossing at a threshold `delta` ≥ 0 higher, read off this one on
    /// each row instead of carried down the rows itself: with delta = Q·d + R (0 ≤ R < d),
    /// ⌈(need + delta) / d⌉ is q + Q, one more when this row's remainder is below R. A
    /// quad's fully covered span is then four compares a row, not four more crossings.
    struct Shifted {
        fileprivate let whole: Int64, part: Int64, unit: Int64
        /// One never read (a quad without full spans): no division to set up.
        static let unread = Shifted(whole: 0, part: 0, unit: 0)
    }

    /// This edge's crossing `delta` higher (a horizontal edge's: its bound still bounds
    /// nothing; its rows are the caller's to take from a crossing of its own).
    @inline(__always)
    func shifted(by delta: Int64) -> Shifted {
        let q = delta / divisor, r = delta &- q &* divisor
        return isUpper ? Shifted(whole: 0 &- q, part: r, unit: -1) : Shifted(whole: q, part: r, unit: 1)
    }

    /// Narrows [lo, hi) (unclamped) by the shifted crossing's bound on this row.
    @inline(__always)
    func narrow(_ lo: inout Int64, _ hi: inout Int64, shifted s: Shifted) {
        let b = bound &+ s.whole &+ (remainder < s.part ? s.unit : 0)
        if isUpper {
            hi = Swift.min(hi, b)
        } else {
            lo = Swift.max(lo, b)
        }
    }

    /// The rows on which `edge` covers the row at `threshold`: a horizontal edge's range,
    /// every row for any other (no divisions set up for those).
    @inline(__always)
    static func rows(of edge: HalfPlane, atLeast threshold: Int64, row y: Int32) -> (from: Int64, to: Int64) {
        edge.slope == 0 ? EdgeCrossing(edge, atLeast: threshold, row: y).rows : (Int64.min, Int64.max)
    }
}
