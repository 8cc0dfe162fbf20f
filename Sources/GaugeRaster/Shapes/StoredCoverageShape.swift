/// A convex shape's rows and per-pixel coverage, computed once and kept: drawing it reads
/// each pixel's coverage instead of evaluating four edges. Its pixels are exactly the
/// source shape's — the same rows, full intervals and coverages, with only the pixels of
/// coverage 0 at a row's ends left out (the rasterizer skips those anyway).
///
/// For shapes drawn at the same place frame after frame — a dial's ticks are a quarter of
/// a full frame evaluated, a few percent read back (`ShapeCache` keeps them).
struct StoredCoverageShape: ConvexCoverageShape {
    /// One row: `[lo, hi)` may be covered, `[fullLo, fullHi)` is fully covered (both
    /// empty as lo = hi); pixel x's coverage is `values[start + x]`.
    struct Extent {
        let lo: Int32, hi: Int32, fullLo: Int32, fullHi: Int32
        let start: Int
    }

    let bounds: IntRect
    private let extents: [Extent]
    private let values: [UInt16]

    /// How many coverage values it keeps (its size in the cache).
    var count: Int { values.count }

    init<S: ConvexCoverageShape>(_ shape: S) {
        let box = shape.bounds
        bounds = box
        var extents: [Extent] = [], values: [UInt16] = []
        if !box.isEmpty { extents.reserveCapacity(Int(box.height)) }
        var y = box.y0
        while y < box.y1 {
            let r = shape.convexRow(y)
            var lo = Swift.max(r.lo, box.x0), hi = Swift.min(r.hi, box.x1)
            var fullLo = Swift.max(r.fullLo, lo), fullHi = Swift.min(r.fullHi, hi)
            if fullLo >= fullHi {
                fullLo = hi
                fullHi = hi
            }
            // Trim coverage-0 pixels at both ends (never inside the full interval: 256).
            while lo < fullLo && shape.coverage(x: lo, row: r.state) == 0 { lo &+= 1 }
            while hi > fullHi && hi &- 1 >= lo && shape.coverage(x: hi &- 1, row: r.state) == 0 { hi &-= 1 }
            if lo >= hi {
                extents.append(Extent(lo: lo, hi: lo, fullLo: lo, fullHi: lo, start: 0))
            } else {
                if fullLo >= fullHi {
                    fullLo = hi
                    fullHi = hi
                }
                let start = values.count &- Int(lo)
                var x = lo
                while x < hi {
                    values.append(UInt16(truncatingIfNeeded: shape.coverage(x: x, row: r.state)))
                    x &+= 1
                }
                extents.append(Extent(lo: lo, hi: hi, fullLo: fullLo, fullHi: fullHi, start: start))
            }
            y &+= 1
        }
        self.extents = extents
        self.values = values
    }

    @inline(__always)
    func convexRow(_ y: Int32) -> ConvexRow<Int> {
        guard y >= bounds.y0 && y < bounds.y1 else {
            return ConvexRow(state: 0, lo: bounds.x0, hi: bounds.x0, fullLo: bounds.x0, fullHi: bounds.x0)
        }
        let e = extents[Int(y &- bounds.y0)]
        return ConvexRow(state: e.start, lo: e.lo, hi: e.hi, fullLo: e.fullLo, fullHi: e.fullHi)
    }

    @inline(__always)
    func coverage(x: Int32, row start: Int) -> UInt32 {
        UInt32(values[start &+ Int(x)])
    }

    func row(_ y: Int32, spans: inout RowSpans) -> Int {
        let r = convexRow(y)
        spans = RowSpans(nonZero: SpanList(r.lo, r.hi), full: SpanList(r.fullLo, r.fullHi))
        return r.state
    }

    func mayCover(row y: Int32, from x0: Int32, to x1: Int32) -> Bool {
        guard y >= bounds.y0 && y < bounds.y1 else { return false }
        let e = extents[Int(y &- bounds.y0)]
        return e.lo < e.hi && e.lo < x1 && x0 < e.hi
    }

    func mayCover(_ rect: IntRect) -> Bool { rect.intersects(bounds) }
}
