/// Pixels covered by both shapes: coverage is the product.
struct Intersection<A: CoverageShape, B: CoverageShape>: CoverageShape {
    let a: A, b: B
    let bounds: IntRect
    init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
        bounds = a.bounds.intersection(b.bounds)
    }

    func row(_ y: Int32, spans: inout RowSpans) -> (A.Row, B.Row) {
        var sa = RowSpans(), sb = RowSpans()
        let ra = a.row(y, spans: &sa), rb = b.row(y, spans: &sb)
        spans = sa.intersection(sb)
        return (ra, rb)
    }

    /// Coverage is the product: none where either has none.
    func mayCover(row y: Int32, from x0: Int32, to x1: Int32) -> Bool {
        a.mayCover(row: y, from: x0, to: x1) && b.mayCover(row: y, from: x0, to: x1)
    }
    func mayCover(_ rect: IntRect) -> Bool { a.mayCover(rect) && b.mayCover(rect) }

    @inline(__always)
    func coverage(x: Int32, row: (A.Row, B.Row)) -> UInt32 {
        let ca = a.coverage(x: x, row: row.0)
        if ca == 0 { return 0 }
        return (ca * b.coverage(x: x, row: row.1)) >> 8
    }
}

/// Pixels covered by either shape: coverage is the larger one.
struct Union<A: CoverageShape, B: CoverageShape>: CoverageShape {
    let a: A, b: B
    let bounds: IntRect
    init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
        bounds = a.bounds.union(b.bounds)
    }

    /// Each side's row, and the hull [lo, hi) of its non-zero pixels on this row (empty
    /// when the row is outside its bounds): outside that a side's coverage is 0 by the
    /// `CoverageShape` contract, so it is not evaluated.
    struct Row {
        let a: A.Row?, b: B.Row?
        let aLo: Int32, aHi: Int32, bLo: Int32, bHi: Int32
    }

    func row(_ y: Int32, spans: inout RowSpans) -> Row {
        var sa = RowSpans(), sb = RowSpans()
        // A shape is asked about rows inside its own bounds only.
        let ra = y >= a.bounds.y0 && y < a.bounds.y1 ? a.row(y, spans: &sa) : nil
        let rb = y >= b.bounds.y0 && y < b.bounds.y1 ? b.row(y, spans: &sb) : nil
        spans = RowSpans(
            nonZero: sa.nonZero.union(sb.nonZero, superset: true),
            full: sa.full.union(sb.full, superset: false))
        let (aLo, aHi) = Union.hull(sa.nonZero), (bLo, bHi) = Union.hull(sb.nonZero)
        return Row(a: ra, b: rb, aLo: aLo, aHi: aHi, bLo: bLo, bHi: bHi)
    }

    @inline(__always)
    private static func hull(_ list: SpanList) -> (Int32, Int32) {
        list.isEmpty ? (0, 0) : (list[0].start, list[list.count - 1].end)
    }

    /// Coverage is the larger one: none where neither has any (a shape covers nothing
    /// outside its own bounds' rows).
    func mayCover(_ rect: IntRect) -> Bool {
        (rect.intersects(a.bounds) && a.mayCover(rect)) || (rect.intersects(b.bounds) && b.mayCover(rect))
    }
    func mayCover(row y: Int32, from x0: Int32, to x1: Int32) -> Bool {
        (y >= a.bounds.y0 && y < a.bounds.y1 && a.mayCover(row: y, from: x0, to: x1))
            || (y >= b.bounds.y0 && y < b.bounds.y1 && b.mayCover(row: y, from: x0, to: x1))
    }

    @inline(__always)
    func coverage(x: Int32, row: Row) -> UInt32 {
        var ca: UInt32 = 0
        if let r = row.a, x >= row.aLo && x < row.aHi {
            ca = a.coverage(x: x, row: r)
            if ca == 256 { return 256 }
        }
        guard let r = row.b, x >= row.bLo && x < row.bHi else { return ca }
        return Swift.max(ca, b.coverage(x: x, row: r))
    }
}

/// Whole pixels of a rectangle.
struct PixelRectShape: CoverageShape {
    let bounds: IntRect
    func row(_ y: Int32, spans: inout RowSpans) {
        spans = RowSpans(nonZero: SpanList(bounds.x0, bounds.x1), full: SpanList(bounds.x0, bounds.x1))
    }
    func coverage(x: Int32, row: ()) -> UInt32 { 256 }
}
