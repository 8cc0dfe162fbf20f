/// A filled circle: `RingShape` without a hole (the same coverage, so the same pixels),
/// whose rows are one interval each — walked as scalars (`Rasterizer.fillConvex`).
struct DiscShape: ConvexCoverageShape {
    let ring: RingShape

    init(centre: Point, radius: Fixed) { ring = RingShape(centre: centre, outer: radius, inner: .zero) }

    var bounds: IntRect { ring.bounds }

    @inline(__always)
    func convexRow(_ y: Int32) -> ConvexRow<RingShape.Row> {
        // `RingShape.row` without a hole: d < R + ½ may be covered, d ≤ R − ½ is full.
        let dy = Int64(y) &* 256 &+ 128 &- ring.cy
        let dySquared = dy &* dy
        let reach = ring.within(ring.outer &+ 128, dySquared)
        let full = ring.outer >= 128 ? ring.within(ring.outer &- 127, dySquared) : (lo: 0, hi: 0)
        return ConvexRow(state: RingShape.Row(dySquared: dySquared), lo: reach.lo, hi: reach.hi, fullLo: full.lo, fullHi: full.hi)
    }

    func row(_ y: Int32, spans: inout RowSpans) -> RingShape.Row { ring.row(y, spans: &spans) }

    @inline(__always)
    func coverage(x: Int32, row: RingShape.Row) -> UInt32 { ring.coverage(x: x, row: row) }

    func mayCover(row y: Int32, from x0: Int32, to x1: Int32) -> Bool { ring.mayCover(row: y, from: x0, to: x1) }
    func mayCover(_ rect: IntRect) -> Bool { ring.mayCover(rect) }
}
