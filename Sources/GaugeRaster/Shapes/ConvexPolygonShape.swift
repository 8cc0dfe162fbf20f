/// A convex polygon of up to 16 vertices (tapered needles, thick butt lines, rectangles
/// with fractional edges): the product of its edges' half-plane coverages, which is the
/// exact box-filter area for axis-aligned rectangles and close to it elsewhere.
struct ConvexPolygonShape: CoverageShape {
    static let maxVertices = 16
    private var edges = InlineArray<16, HalfPlane>(repeating: HalfPlane(origin: Point(0, 0), normalX: 0, normalY: 0))
    private(set) var edgeCount = 0
    let bounds: IntRect

    /// Vertices in either winding. Fewer than three distinct vertices, more than
    /// `maxVertices`, or a degenerate (zero-area) polygon gives an empty shape.
    init<C: Collection>(_ points: C) where C.Element == Point {
        guard points.count >= 3, points.count <= ConvexPolygonShape.maxVertices else {
            bounds = .empty
            return
        }
        // The centroid of the vertices lies inside a convex polygon: normals point to it.
        var sx: Int64 = 0, sy: Int64 = 0
        var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min
        for p in points {
            sx += Int64(p.x.raw)
            sy += Int64(p.y.raw)
            minX = Swift.min(minX, p.x.raw)
            maxX = Swift.max(maxX, p.x.raw)
            minY = Swift.min(minY, p.y.raw)
            maxY = Swift.max(maxY, p.y.raw)
        }
        let n = Int64(points.count)
        let centroidX = sx / n, centroidY = sy / n
        var previous = points[points.index(points.startIndex, offsetBy: points.count - 1)]
        var area: Int64 = 0
        for p in points {
            area += Int64(previous.x.raw) * Int64(p.y.raw) - Int64(p.x.raw) * Int64(previous.y.raw)
            if let edge = HalfPlane(edgeFrom: previous, to: p, facing: centroidX, centroidY) {
                edges[edgeCount] = edge
                edgeCount += 1
            }
            previous = p
        }
        guard edgeCount >= 3, area != 0 else {
            edgeCount = 0
            bounds = .empty
            return
        }
        bounds = IntRect(x0: (minX >> 8) - 1, y0: (minY >> 8) - 1, x1: (maxX >> 8) + 2, y1: (maxY >> 8) + 2)
    }

    struct Row { var offsets: InlineArray<16, Int64> }

    func row(_ y: Int32, spans: inout RowSpans) -> Row {
        var offsets = InlineArray<16, Int64>(repeating: 0)
        // Every edge's pixels form one half-line, so the intersection of them all is one
        // interval: narrowed edge by edge (the same bounds `SpanList.intersection` of the
        // single intervals `HalfPlane.pixels(atLeast:offset:)` would give, without copying lists).
        var anyLo = bounds.x0, anyHi = bounds.x1, fullLo = bounds.x0, fullHi = bounds.x1
        // Through a span: subscripting the InlineArray itself copied all of it per access.
        let edgeList = edges.span
        for i in 0..<edgeCount {
            let edge = edgeList[unchecked: i]
            let offset = edge.rowOffset(y)
            offsets[i] = offset
            edge.narrow(atLeast: HalfPlane.anyThreshold, offset: offset, &anyLo, &anyHi)
            edge.narrow(atLeast: HalfPlane.fullThreshold, offset: offset, &fullLo, &fullHi)
        }
        spans = RowSpans(nonZero: SpanList(anyLo, anyHi), full: SpanList(fullLo, fullHi))
        return Row(offsets: offsets)
    }

    func coverage(x: Int32, row: Row) -> UInt32 {
        var c: UInt32 = 256
        let edgeList = edges.span, offsets = row.offsets.span
        for i in 0..<edgeCount {
            c = (c &* edgeList[unchecked: i].coverage(x: x, offset: offsets[unchecked: i])) >> 8
            if c == 0 { return 0 }
        }
        return c
    }
}
