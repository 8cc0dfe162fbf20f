/// A disc (no inner radius) or an annulus: coverage `clamp(R + ½ − d) − clamp(r + ½ − d)`
/// for the pixel centre's distance d, the box filter across both circular edges.
///
/// Per row, the four circles d = R ± ½ and d = r ± ½ split the row into pieces whose
/// coverage is certainly 0, certainly full, or computed per pixel (one integer square
/// root each). The split uses the same integer arithmetic as the per-pixel coverage, so
/// it is exact.
struct RingShape: CoverageShape {
    let cx: Int64, cy: Int64
    let outer: Int64, inner: Int64
    let hasInner: Bool
    let bounds: IntRect
    /// Edge pixels' roots from the nearer circle's tangent (`NearRoot`): a pixel whose
    /// squared distance is below `middleSquare` is nearer the inner one.
    let outerRoot: NearRoot, innerRoot: NearRoot
    let middleSquare: Int64

    /// Radii in 1/256 px; `inner` ≤ 0 gives a disc. Invalid input gives an empty shape.
    init(centre: Point, outer: Fixed, inner: Fixed) {
        cx = Int64(centre.x.raw)
        cy = Int64(centre.y.raw)
        self.outer = Int64(Swift.max(outer.raw, 0))
        self.inner = Int64(Swift.max(Swift.min(inner.raw, outer.raw), 0))
        hasInner = self.inner > 0
        #if arch(arm)
            outerRoot = .unused
            innerRoot = .unused  // `coverage` takes the table root
        #else
            outerRoot = NearRoot(radius: self.outer)
            innerRoot = NearRoot(radius: self.inner)
        #endif
        let middle = (self.outer + self.inner) / 2
        middleSquare = middle * middle
        if self.outer == 0 || (hasInner && self.inner >= self.outer) {
            bounds = .empty
        } else {
            let reach = self.outer + 256
            bounds = IntRect(
                x0: clampedPixel((cx - reach) >> 8), y0: clampedPixel((cy - reach) >> 8),
                x1: clampedPixel(((cx + reach) >> 8) + 1), y1: clampedPixel(((cy + reach) >> 8) + 1))
        }
    }

    struct Row { let dySquared: Int64 }

    func row(_ y: Int32, spans: inout RowSpans) -> Row {
        let dy = Int64(y) &* 256 &+ 128 &- cy
        let dySquared = dy &* dy
        // d < R + ½ (any coverage); d ≤ R − ½ (outer full); d < r + ½ (inner starts); d ≤ r − ½ (hole).
        // Each is one interval [lo, hi) (empty when lo ≥ hi), combined as scalars.
        let reach = within(outer + 128, dySquared)
        let outerFull = outer >= 128 ? within(outer - 127, dySquared) : (lo: 0, hi: 0)
        var nonZero = SpanList(reach.lo, reach.hi), full = SpanList(outerFull.lo, outerFull.hi)
        if hasInner {
            if inner >= 128 {
                let hole = within(inner - 127, dySquared)
                if hole.lo < hole.hi { nonZero = RingShape.subtracting(reach, hole, superset: true) }
            }
            let innerAny = within(inner + 128, dySquared)
            if innerAny.lo < innerAny.hi { full = RingShape.subtracting(outerFull, innerAny, superset: false) }
        }
        spans = RowSpans(nonZero: nonZero, full: full)
        return Row(dySquared: dySquared)
    }

    /// `row` as scalars: the non-zero pixels as one or two intervals (`second` empty when
    /// one: lo ≥ hi) and the full ones likewise — the intervals `row` lists, in order.
    struct Scalars {
        let row: Row
        let first: (lo: Int32, hi: Int32), second: (lo: Int32, hi: Int32)
        let fullFirst: (lo: Int32, hi: Int32), fullSecond: (lo: Int32, hi: Int32)
    }

    @inline(__always)
    func scalarRow(_ y: Int32) -> Scalars {
        let dy = Int64(y) &* 256 &+ 128 &- cy
        let dySquared = dy &* dy
        let none: (lo: Int32, hi: Int32) = (0, 0)
        let reach = within(outer + 128, dySquared)
        let outerFull = outer >= 128 ? within(outer - 127, dySquared) : none
        var first = reach, second = none, fullFirst = outerFull, fullSecond = none
        if hasInner {
            // `subtracting`: pieces left and right of the hole (an empty piece is dropped;
            // the two never touch, the hole being non-empty).
            if inner >= 128 {
                let hole = within(inner - 127, dySquared)
                if hole.lo < hole.hi { (first, second) = RingShape.pieces(reach, without: hole) }
            }
            let innerAny = within(inner + 128, dySquared)
            if innerAny.lo < innerAny.hi { (fullFirst, fullSecond) = RingShape.pieces(outerFull, without: innerAny) }
        }
        return Scalars(row: Row(dySquared: dySquared), first: first, second: second, fullFirst: fullFirst, fullSecond: fullSecond)
    }

    /// `a` without the non-empty `b`, as `subtracting` lists it: up to two intervals, the
    /// first empty (lo ≥ hi) only when both are.
    @inline(__always)
    static func pieces(_ a: (lo: Int32, hi: Int32), without b: (lo: Int32, hi: Int32))
        -> ((lo: Int32, hi: Int32), (lo: Int32, hi: Int32))
    {
        let none: (lo: Int32, hi: Int32) = (0, 0)
        guard a.lo < a.hi else { return (none, none) }
        let left: (lo: Int32, hi: Int32) = (a.lo, Swift.min(a.hi, b.lo))
        let right: (lo: Int32, hi: Int32) = (Swift.max(a.lo, b.hi), a.hi)
        if left.lo < left.hi { return (left, right) }
        return (right, none)
    }

    /// False when every pixel centre of `rect` lies beyond R + ½ or within the hole's r − ½
    /// (nearest and farthest points of the rectangle's pixel edges: conservative).
    func mayCover(_ rect: IntRect) -> Bool {
        let x0 = Int64(rect.x0) << 8, x1 = Int64(rect.x1) << 8, y0 = Int64(rect.y0) << 8, y1 = Int64(rect.y1) << 8
        let nx = Swift.max(x0 - cx, 0, cx - x1), ny = Swift.max(y0 - cy, 0, cy - y1)
        let far = outer + 128
        if nx > far || ny > far || nx * nx + ny * ny > far * far { return false }
        let hole = inner - 128
        if hasInner && hole > 0 {
            let fx = Swift.max(cx - x0, x1 - cx), fy = Swift.max(cy - y0, y1 - cy)
            if fx < hole && fy < hole && fx * fx + fy * fy < hole * hole { return false }
        }
        return true
    }

    /// False when the row's pixels in [x0, x1) all lie outside R + ½, or all inside the
    /// hole (r − ½) — the intervals `row` computes, so then its `nonZero` misses [x0, x1).
    /// Compared as squares, without `row`'s square roots: damage redraws ask this of every
    /// damaged row of every ring they may touch.
    func mayCover(row y: Int32, from x0: Int32, to x1: Int32) -> Bool {
        guard x0 < x1 else { return false }
        let dy = Int64(y) &* 256 &+ 128 &- cy
        let dySquared = dy &* dy
        // Wrapping arithmetic as in `within`: centres, radii and the clip's columns are all
        // far inside ±2^31 of 1/256 px, their squares far inside 2^63.
        @inline(__always) func distanceSquared(_ x: Int64) -> Int64 {
            let dx = x &* 256 &+ 128 &- cx
            return dx &* dx &+ dySquared
        }
        // Reach (d < R + ½) is one interval around the centre's column: it meets [x0, x1)
        // exactly when the column of [x0, x1) nearest the centre is in it.
        let nearest = Swift.min(Swift.max(cx >> 8, Int64(x0)), Int64(x1) &- 1)
        let reach = outer &+ 128
        if distanceSquared(nearest) >= reach &* reach { return false }
        if hasInner && inner >= 128 {
            // Both ends inside the hole: so is every pixel between (the hole is convex).
            let hole = inner &- 127, holeSquared = hole &* hole
            if distanceSquared(Int64(x0)) < holeSquared && distanceSquared(Int64(x1) &- 1) < holeSquared { return false }
        }
        return true
    }

    /// `SpanList(a.lo, a.hi).subtracting(b.lo, b.hi, superset:)` for a non-empty `b`.
    @inline(__always)
    static func subtracting(_ a: (lo: Int32, hi: Int32), _ b: (lo: Int32, hi: Int32), superset: Bool) -> SpanList {
        var out = SpanList()
        if a.lo < a.hi {
            out.append(a.lo, Swift.min(a.hi, b.lo), superset: superset)
            out.append(Swift.max(a.lo, b.hi), a.hi, superset: superset)
        }
        return out
    }

    /// Pixels whose centres satisfy dx² + dy² < limit², as one interval [lo, hi) (empty
    /// when lo ≥ hi).
    @inline(__always)
    func within(_ limit: Int64, _ dySquared: Int64) -> (lo: Int32, hi: Int32) {
        // Radii and centres lie within ±2^23 (Fixed's clamp): squares below 2^50, wrapping.
        let s = limit &* limit &- dySquared
        guard s > 0 else { return (0, 0) }
        let r = Int64(integerSquareRoot(UInt64(truncatingIfNeeded: s &- 1)))  // largest |dx| with dx² < s
        // x·256 + 128 − cx ∈ [−r, r]
        // ⌈n / 256⌉ and ⌊n / 256⌋ as arithmetic shifts (exact: >> rounds towards −∞).
        let lo = 0 &- ((128 &+ r &- cx) >> 8), hi = (cx &- 128 &+ r) >> 8
        return (clampedPixel(lo), clampedPixel(hi &+ 1))
    }

    @inline(__always)
    func coverage(x: Int32, row: Row) -> UInt32 {
        // x lies in the row's non-zero span, within the ring's reach of its centre.
        let dx = Int64(x) &* 256 &+ 128 &- cx
        let n = dx &* dx &+ row.dySquared
        #if arch(arm)
            // 32-bit ARM: each 64-bit multiply of the tangent's estimate is three, and the table
            // root (32-bit arithmetic) costs fewer instructions (armv6 full frame +3.9 %).
            let d = Int64(integerSquareRoot(UInt64(truncatingIfNeeded: n)))
        #else
            let d = hasInner && n < middleSquare ? innerRoot.root(n) : outerRoot.root(n)
        #endif
        let covered = edgeCoverage(outer &- d)
        return hasInner ? covered &- edgeCoverage(inner &- d) : covered
    }
}
