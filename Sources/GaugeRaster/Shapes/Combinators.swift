/// Pixels covered by both shapes: coverage is the product.
struct Intersection<A: CoverageShape, B: CoverageShape>: CoverageShape {
    let a: A, b: B
    let bounds: IntRect
    init(_ a: A, _ b: B) { self.a = a; self.b = b; bounds = a.bounds.intersection(b.bounds) }

    func row(_ y: Int32, spans: inout RowSpans) -> (A.Row, B.Row) {
        var sa = RowSpans(), sb = RowSpans()
        let ra = a.row(y, spans: &sa), rb = b.row(y, spans: &sb)
        spans = RowSpans(nonZero: sa.nonZero.intersection(sb.nonZero, superset: true),
                         full: sa.full.intersection(sb.full, superset: false))
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
    init(_ a: A, _ b: B) { self.a = a; self.b = b; bounds = a.bounds.union(b.bounds) }

    func row(_ y: Int32, spans: inout RowSpans) -> (A.Row?, B.Row?) {
        var sa = RowSpans(), sb = RowSpans()
        // A shape is asked about rows inside its own bounds only.
        let ra = y >= a.bounds.y0 && y < a.bounds.y1 ? a.row(y, spans: &sa) : nil
        let rb = y >= b.bounds.y0 && y < b.bounds.y1 ? b.row(y, spans: &sb) : nil
        spans = RowSpans(nonZero: sa.nonZero.union(sb.nonZero, superset: true),
                         full: sa.full.union(sb.full, superset: false))
        return (ra, rb)
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
    func coverage(x: Int32, row: (A.Row?, B.Row?)) -> UInt32 {
        let ca = row.0.map { a.coverage(x: x, row: $0) } ?? 0
        if ca == 256 { return 256 }
        let cb = row.1.map { b.coverage(x: x, row: $0) } ?? 0
        return Swift.max(ca, cb)
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
