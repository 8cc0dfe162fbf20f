/// A convex quadrilateral with four proper edges — thick butt lines, ticks, needles,
/// rectangles with fractional edges: exactly `ConvexPolygonShape` of the same four points
/// (the same edges, thresholds and coverage product in the same order, so the same
/// pixels), with its edges and per-row offsets in fixed fields instead of 16-slot arrays.
/// Ticks are most of a dial's primitives and a few pixels each, so per-row and per-shape
/// overhead is what they cost.
struct QuadShape: ConvexCoverageShape {
    let e0: HalfPlane, e1: HalfPlane, e2: HalfPlane, e3: HalfPlane
    let bounds: IntRect
    /// Whether rows find their fully covered span. A line at most 2 px wide has few or no
    /// such pixels: then the span (four exact divisions a row) is left empty — a subset, as
    /// the contract allows — and its pixels are blended at coverage 256, which writes
    /// exactly what the span fill would.
    let findsFullSpans: Bool

    /// Nothing: no pixels (for rectangles of zero width or height, which as polygons are
    /// empty too). Its edges are never evaluated: no row lies in its bounds.
    static let empty = QuadShape(bounds: .empty)
    private init(bounds: IntRect) {
        let none = HalfPlane(origin: Point(0, 0), normalX: 0, normalY: 0)
        e0 = none
        e1 = none
        e2 = none
        e3 = none
        self.bounds = bounds
        findsFullSpans = false
    }

    /// nil when an edge has zero length or the quad has no area: those go to
    /// `ConvexPolygonShape`, which drops such edges.
    init?(_ a: Point, _ b: Point, _ c: Point, _ d: Point, findsFullSpans: Bool = true) {
        let sx = Int64(a.x.raw) + Int64(b.x.raw) + Int64(c.x.raw) + Int64(d.x.raw)
        let sy = Int64(a.y.raw) + Int64(b.y.raw) + Int64(c.y.raw) + Int64(d.y.raw)
        let centroidX = sx / 4, centroidY = sy / 4
        // Edges in ConvexPolygonShape's order: from the last vertex to the first, then on.
        guard let n0 = HalfPlane.normal(from: d, to: a), let n1 = HalfPlane.normal(from: a, to: b) else { return nil }
        let e0 = HalfPlane(origin: d, normal: n0, facing: centroidX, centroidY)
        let e1 = HalfPlane(origin: a, normal: n1, facing: centroidX, centroidY)
        let e2: HalfPlane, e3: HalfPlane
        if Int64(a.x.raw) + Int64(c.x.raw) == Int64(b.x.raw) + Int64(d.x.raw)
            && Int64(a.y.raw) + Int64(c.y.raw) == Int64(b.y.raw) + Int64(d.y.raw)
        {
            // A parallelogram (a stroke, a tick): the edge from b to c is the edge from d to
            // a reversed, c to d is a to b reversed — their normals are exactly the negated
            // ones, without a square root and two divisions each.
            e2 = HalfPlane(origin: b, normal: (0 &- n0.x, 0 &- n0.y), facing: centroidX, centroidY)
            e3 = HalfPlane(origin: c, normal: (0 &- n1.x, 0 &- n1.y), facing: centroidX, centroidY)
        } else {
            guard let n2 = HalfPlane.normal(from: b, to: c), let n3 = HalfPlane.normal(from: c, to: d) else { return nil }
            e2 = HalfPlane(origin: b, normal: n2, facing: centroidX, centroidY)
            e3 = HalfPlane(origin: c, normal: n3, facing: centroidX, centroidY)
        }
        @inline(__always) func cross(_ p: Point, _ q: Point) -> Int64 {
            Int64(p.x.raw) * Int64(q.y.raw) - Int64(q.x.raw) * Int64(p.y.raw)
        }
        guard cross(d, a) + cross(a, b) + cross(b, c) + cross(c, d) != 0 else { return nil }
        self.e0 = e0
        self.e1 = e1
        self.e2 = e2
        self.e3 = e3
        self.findsFullSpans = findsFullSpans
        let minX = Swift.min(a.x.raw, b.x.raw, c.x.raw, d.x.raw), maxX = Swift.max(a.x.raw, b.x.raw, c.x.raw, d.x.raw)
        let minY = Swift.min(a.y.raw, b.y.raw, c.y.raw, d.y.raw), maxY = Swift.max(a.y.raw, b.y.raw, c.y.raw, d.y.raw)
        bounds = IntRect(x0: (minX >> 8) - 1, y0: (minY >> 8) - 1, x1: (maxX >> 8) + 2, y1: (maxY >> 8) + 2)
    }

    struct Row { let o0: Int64, o1: Int64, o2: Int64, o3: Int64 }

    @inline(__always)
    func row(_ y: Int32, spans: inout RowSpans) -> Row {
        let r = convexRow(y)
        spans = RowSpans(nonZero: SpanList(r.lo, r.hi), full: SpanList(r.fullLo, r.fullHi))
        return r.state
    }

    /// The row's pixels as scalars: the intersection of the edges' half-lines.
    @inline(__always)
    func convexRow(_ y: Int32) -> ConvexRow<Row> {
        let r = Row(o0: e0.rowOffset(y), o1: e1.rowOffset(y), o2: e2.rowOffset(y), o3: e3.rowOffset(y))
        var anyLo = bounds.x0, anyHi = bounds.x1, fullLo = bounds.x0, fullHi = bounds.x1
        e0.narrow(atLeast: HalfPlane.anyThreshold, offset: r.o0, &anyLo, &anyHi)
        e1.narrow(atLeast: HalfPlane.anyThreshold, offset: r.o1, &anyLo, &anyHi)
        e2.narrow(atLeast: HalfPlane.anyThreshold, offset: r.o2, &anyLo, &anyHi)
        e3.narrow(atLeast: HalfPlane.anyThreshold, offset: r.o3, &anyLo, &anyHi)
        if findsFullSpans {
            e0.narrow(atLeast: HalfPlane.fullThreshold, offset: r.o0, &fullLo, &fullHi)
            e1.narrow(atLeast: HalfPlane.fullThreshold, offset: r.o1, &fullLo, &fullHi)
            e2.narrow(atLeast: HalfPlane.fullThreshold, offset: r.o2, &fullLo, &fullHi)
            e3.narrow(atLeast: HalfPlane.fullThreshold, offset: r.o3, &fullLo, &fullHi)
        } else {
            fullHi = fullLo
        }
        return ConvexRow(state: r, lo: anyLo, hi: anyHi, fullLo: fullLo, fullHi: fullHi)
    }

    @inline(__always)
    func coverage(x: Int32, row: Row) -> UInt32 {
        // Coverages are 0…256: products ≤ 2^16, multiplied without overflow checks (three
        // checked multiplies were a tenth of a tick pixel's instructions).
        var c = e0.coverage(x: x, offset: row.o0)  // (256 · c) >> 8 = c
        if c == 0 { return 0 }
        c = (c &* e1.coverage(x: x, offset: row.o1)) >> 8
        if c == 0 { return 0 }
        c = (c &* e2.coverage(x: x, offset: row.o2)) >> 8
        if c == 0 { return 0 }
        return (c &* e3.coverage(x: x, offset: row.o3)) >> 8
    }
}

extension QuadShape {
    /// `convexRow` of consecutive rows from the edges' crossings carried down the rows:
    /// per row, adds instead of four (or eight) 64-bit divisions — a needle is 100+ rows,
    /// and a tick's few rows used to cost more in divisions than in pixels.
    struct Rows: ConvexRowWalker {
        private var offsets: Row
        private let steps: Row
        private var any0: EdgeCrossing, any1: EdgeCrossing, any2: EdgeCrossing, any3: EdgeCrossing
        /// The fully covered span's crossings, read off the others' (the same edges).
        private let full0: EdgeCrossing.Shifted, full1: EdgeCrossing.Shifted
        private let full2: EdgeCrossing.Shifted, full3: EdgeCrossing.Shifted
        private let x0: Int64, x1: Int64
        private let findsFullSpans: Bool
        /// Rows walked so far, and the rows on which a horizontal edge leaves the row's
        /// pixels (any, or fully covered) to the others: every row when there is none.
        private var k: Int64 = 0
        private let anyRows: (from: Int64, to: Int64), fullRows: (from: Int64, to: Int64)

        @inline(__always)
        init(_ q: QuadShape, from y: Int32) {
            findsFullSpans = q.findsFullSpans
            x0 = Int64(q.bounds.x0)
            x1 = Int64(q.bounds.x1)
            offsets = Row(o0: q.e0.rowOffset(y), o1: q.e1.rowOffset(y), o2: q.e2.rowOffset(y), o3: q.e3.rowOffset(y))
            steps = Row(o0: q.e0.ny &* 256, o1: q.e1.ny &* 256, o2: q.e2.ny &* 256, o3: q.e3.ny &* 256)
            let any = HalfPlane.anyThreshold
            any0 = EdgeCrossing(q.e0, atLeast: any, row: y)
            any1 = EdgeCrossing(q.e1, atLeast: any, row: y)
            any2 = EdgeCrossing(q.e2, atLeast: any, row: y)
            any3 = EdgeCrossing(q.e3, atLeast: any, row: y)
            // Without full spans these are never read.
            let full = HalfPlane.fullThreshold, delta = full &- any
            full0 = findsFullSpans ? any0.shifted(by: delta) : .unread
            full1 = findsFullSpans ? any1.shifted(by: delta) : .unread
            full2 = findsFullSpans ? any2.shifted(by: delta) : .unread
            full3 = findsFullSpans ? any3.shifted(by: delta) : .unread
            anyRows = Rows.common(any0.rows, any1.rows, any2.rows, any3.rows)
            fullRows =
                findsFullSpans
                ? Rows.common(
                    EdgeCrossing.rows(of: q.e0, atLeast: full, row: y), EdgeCrossing.rows(of: q.e1, atLeast: full, row: y),
                    EdgeCrossing.rows(of: q.e2, atLeast: full, row: y), EdgeCrossing.rows(of: q.e3, atLeast: full, row: y))
                : (0, 0)
        }

        @inline(__always)
        private static func common(
            _ a: (from: Int64, to: Int64), _ b: (from: Int64, to: Int64), _ c: (from: Int64, to: Int64),
            _ d: (from: Int64, to: Int64)
        ) -> (from: Int64, to: Int64) {
            // Pairwise: `max` of four arguments is variadic, an array allocated per walker.
            (Swift.max(Swift.max(a.from, b.from), Swift.max(c.from, d.from)), Swift.min(Swift.min(a.to, b.to), Swift.min(c.to, d.to)))
        }

        @inline(__always)
        mutating func next() -> ConvexRow<Row> {
            // Narrowed unclamped, then clamped once: `clampedPixel` is monotonic and the
            // bounds' columns lie inside its range, so this is the clamped bounds' result.
            var anyLo = x0, anyHi = x1, fullLo = x0, fullHi = x1
            any0.narrow(&anyLo, &anyHi)
            any1.narrow(&anyLo, &anyHi)
            any2.narrow(&anyLo, &anyHi)
            any3.narrow(&anyLo, &anyHi)
            // A horizontal edge that leaves a row out empties it as `HalfPlane.narrow` does.
            let hi = k < anyRows.from || k >= anyRows.to ? Int32.min : clampedPixel(anyHi)
            var fullEnd = Int32.min
            if findsFullSpans {
                any0.narrow(&fullLo, &fullHi, shifted: full0)
                any1.narrow(&fullLo, &fullHi, shifted: full1)
                any2.narrow(&fullLo, &fullHi, shifted: full2)
                any3.narrow(&fullLo, &fullHi, shifted: full3)
                if k >= fullRows.from && k < fullRows.to { fullEnd = clampedPixel(fullHi) }
            } else {
                fullEnd = Int32(truncatingIfNeeded: x0)
            }
            let row = ConvexRow(state: offsets, lo: clampedPixel(anyLo), hi: hi, fullLo: clampedPixel(fullLo), fullHi: fullEnd)
            skip()
            return row
        }

        @inline(__always)
        mutating func skip() {
            offsets = Row(
                o0: offsets.o0 &+ steps.o0, o1: offsets.o1 &+ steps.o1,
                o2: offsets.o2 &+ steps.o2, o3: offsets.o3 &+ steps.o3)
            k &+= 1
            any0.advance()
            any1.advance()
            any2.advance()
            any3.advance()
        }
    }

    @inline(__always) func rows(from y: Int32) -> Rows { Rows(self, from: y) }

    /// Quads shorter than this compute each row alone on x86_64, where a 64-bit divide is
    /// one fast instruction and the crossings' set-up (two divisions each) and carried
    /// state cost more than a few rows' divisions (callgrind: a dial's ticks +14 % walked).
    /// On ARM every quad is walked: fewer instructions on aarch64 too (sdiv is slow on
    /// Cortex-A53/A72), and on 32-bit ARM a 64-bit divide is a library call (ARM1176 has
    /// no divider at all).
    @inline(__always) static var shortestWalked: Int32 {
        #if arch(x86_64)
            return 16
        #else
            return 0
        #endif
    }

    @inline(__always) func walksRows(from y0: Int32, to y1: Int32) -> Bool { y1 &- y0 >= QuadShape.shortestWalked }
}
