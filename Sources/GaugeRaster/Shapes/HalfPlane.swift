/// The side of a line through `origin` that its unit normal points to, anti-aliased:
/// coverage `clamp(½ + distance)`. Polygons and arc ends are built from these.
///
/// The distance is linear in x along a row, so the pixels with coverage > 0 or = 256 form
/// a half-line found by one exact integer division per row.
struct HalfPlane: Sendable {
    /// Unit normal in Q16.
    let nx: Int64, ny: Int64
    let ox: Int64, oy: Int64

    init(origin: Point, normalX: Int64, normalY: Int64) {
        ox = Int64(origin.x.raw)
        oy = Int64(origin.y.raw)
        nx = normalX
        ny = normalY
    }

    /// The half-plane of a polygon's edge from `p` to `q`, its unit normal turned towards
    /// (cx, cy) — a point inside the convex polygon, e.g. its vertices' centroid; nil for
    /// an edge of zero length.
    @inline(__always) init?(edgeFrom p: Point, to q: Point, facing cx: Int64, _ cy: Int64) {
        guard let n = HalfPlane.normal(from: p, to: q) else { return nil }
        self.init(origin: p, normal: n, facing: cx, cy)
    }

    /// The Q16 unit normal of the edge from `p` to `q`, before it is turned inwards: −dy,
    /// dx over the length, each quotient truncated (so the edge from q to p has exactly the
    /// negated normal). nil for an edge of zero length.
    @inline(__always) static func normal(from p: Point, to q: Point) -> (x: Int64, y: Int64)? {
        // Points lie within ±2^23 raw (Fixed's clamp): |dx|, |dy| < 2^24, squares and the
        // Q16 quotients far below 2^63 — wrapping arithmetic, one primitive's setup each.
        let dx = Int64(q.x.raw) &- Int64(p.x.raw), dy = Int64(q.y.raw) &- Int64(p.y.raw)
        let length = Int64(integerSquareRoot(UInt64(truncatingIfNeeded: dx &* dx &+ dy &* dy)))
        guard length > 0 else { return nil }
        return (quotient(0 &- dy &* 65536, length), quotient(dx &* 65536, length))
    }

    /// n / d, truncated, for d > 0: on 32-bit ARM a 32-bit division when n and d fit (an
    /// edge under 128 px, a tick's), not the 64-bit library call.
    @inline(__always) static func quotient(_ n: Int64, _ d: Int64) -> Int64 {
        #if arch(arm)
            if let q = quotient32(n, d) { return q }
        #endif
        return n / d
    }

    /// `quotient` by a 32-bit division; nil when n or d does not fit 32 bits.
    @inline(__always) static func quotient32(_ n: Int64, _ d: Int64) -> Int64? {
        let n32 = Int32(truncatingIfNeeded: n), d32 = Int32(truncatingIfNeeded: d)
        return Int64(n32) == n && Int64(d32) == d ? Int64(n32 / d32) : nil
    }

    /// The half-plane through `origin` with `normal` (a `normal(from:to:)`), negated when it
    /// points away from (cx, cy).
    @inline(__always) init(origin: Point, normal n: (x: Int64, y: Int64), facing cx: Int64, _ cy: Int64) {
        var nx = n.x, ny = n.y
        if nx &* (cx &- Int64(origin.x.raw)) &+ ny &* (cy &- Int64(origin.y.raw)) < 0 {
            nx = 0 &- nx
            ny = 0 &- ny
        }
        self.init(origin: origin, normalX: nx, normalY: ny)
    }

    /// The distance × 2^16 at pixel x = 0 of row y; add `slope · x` for pixel x.
    /// Wrapping arithmetic: |n| ≤ 2^16, origins within ±2^23 raw and rows within ±2^30 px,
    /// so every product and sum stays below 2^56.
    @inline(__always) func rowOffset(_ y: Int32) -> Int64 {
        nx &* (128 &- ox) &+ ny &* (Int64(y) &* 256 &+ 128 &- oy)
    }
    @inline(__always) var slope: Int64 { nx &* 256 }

    @inline(__always) func coverage(x: Int32, offset: Int64) -> UInt32 {
        edgeCoverage((slope &* Int64(x) &+ offset) >> 16)
    }

    /// Pixels of the row whose scaled distance `slope·x + offset` is ≥ `threshold`.
    @inline(__always) func pixels(atLeast threshold: Int64, offset: Int64) -> SpanList {
        let a = slope, need = threshold &- offset
        if a == 0 { return need <= 0 ? .everything : SpanList() }
        if a > 0 { return SpanList(clampedPixel(HalfPlane.slopeCeiling(need, a)), 1 << 30) }
        return SpanList(-(1 << 30), clampedPixel(1 &- HalfPlane.slopeCeiling(need, 0 &- a)))
    }

    /// Narrows [lo, hi) to its intersection with `pixels(atLeast: threshold, offset: offset)`
    /// (an empty intersection leaves lo ≥ hi, and it stays empty under further narrowing).
    @inline(__always) func narrow(atLeast threshold: Int64, offset: Int64, _ lo: inout Int32, _ hi: inout Int32) {
        let a = slope, need = threshold &- offset
        if a == 0 {
            if need > 0 { hi = Int32.min }
        } else if a > 0 {
            lo = Swift.max(lo, clampedPixel(HalfPlane.slopeCeiling(need, a)))
            hi = Swift.min(hi, 1 << 30)
        } else {
            lo = Swift.max(lo, -(1 << 30))
            hi = Swift.min(hi, clampedPixel(1 &- HalfPlane.slopeCeiling(need, 0 &- a)))
        }
    }

    /// Widens the rays (−∞, left) ∪ [right, ∞) to their union with
    /// `pixels(atLeast: threshold, offset: offset)`, itself such a ray, everything or nothing.
    /// Start from left = −2^30, right = 2^30 (both empty); left ≥ right means everything.
    @inline(__always) func widen(atLeast threshold: Int64, offset: Int64, _ left: inout Int32, _ right: inout Int32) {
        let a = slope, need = threshold &- offset
        if a == 0 {
            if need <= 0 {
                left = 1 << 30
                right = -(1 << 30)
            }
        } else if a > 0 {
            right = Swift.min(right, clampedPixel(HalfPlane.slopeCeiling(need, a)))
        } else {
            left = Swift.max(left, clampedPixel(1 &- HalfPlane.slopeCeiling(need, 0 &- a)))
        }
    }

    /// ⌈n / d⌉ for d > 0, one division: `/` truncates towards zero, the ceiling for n ≤ 0
    /// (n and d are far inside ±2^62 here, so n + d − 1 cannot overflow).
    @inline(__always) static func ceilingQuotient(_ n: Int64, _ d: Int64) -> Int64 {
        n > 0 ? (n &+ d &- 1) / d : n / d
    }

    /// ⌈n / a⌉ for a row's slope a > 0 (a multiple of 256). 32-bit ARM has no 64-bit
    /// division (a library call of ~150 instructions): there ⌈⌈n / 256⌉ / (a / 256)⌉, the
    /// same quotient, divides 32-bit operands whenever ⌈n / 256⌉ fits (distances up to
    /// 2^15 px).
    @inline(__always) static func slopeCeiling(_ n: Int64, _ a: Int64) -> Int64 {
        #if arch(arm)
            if let q = slopeCeiling32(n, a) { return q }
        #endif
        return ceilingQuotient(n, a)
    }

    /// `slopeCeiling` by a 32-bit division; nil when ⌈n / 256⌉ does not fit 32 bits.
    @inline(__always) static func slopeCeiling32(_ n: Int64, _ a: Int64) -> Int64? {
        let n8 = (n &+ 255) >> 8
        let n32 = Int32(truncatingIfNeeded: n8), m = Int32(truncatingIfNeeded: a >> 8)
        guard Int64(n32) == n8 else { return nil }
        return Int64(n32 > 0 ? (n32 &- 1) / m &+ 1 : n32 / m)
    }

    /// ⌊n / d⌋ + 1 for d < 0: ⌊n / d⌋ = −⌈n / −d⌉.
    @inline(__always) static func floorQuotientPlusOne(_ n: Int64, _ d: Int64) -> Int64 {
        1 &- ceilingQuotient(n, 0 &- d)
    }

    /// Coverage > 0 ⟺ distance ≥ −127/256; = 256 ⟺ distance ≥ 128/256 (distances in 2^-16 units of 1/256 px).
    static let anyThreshold: Int64 = -127 << 16
    static let fullThreshold: Int64 = 128 << 16
}
