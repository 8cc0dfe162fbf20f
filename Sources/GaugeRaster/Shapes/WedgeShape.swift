/// The angular sector between `start` and `start + sweep` around a centre, bounded by two
/// anti-aliased rays. An arc is a ring intersected with a wedge.
/// Sweeps up to half a turn are the intersection of the two rays' half-planes; larger
/// sweeps their union.
struct WedgeShape: CoverageShape {
    let startPlane: HalfPlane
    let endPlane: HalfPlane
    let reflex: Bool
    let bounds: IntRect

    /// `sweep` in 0 < |sweep| < one turn; negative sweeps run anticlockwise.
    init(centre: Point, start: Angle, sweep: Angle, bounds: IntRect) {
        // Normalise to a clockwise sweep from `from`.
        let from = sweep.raw >= 0 ? start : start + sweep
        let to = from + Angle(raw: Int32(sweep.raw.magnitude))
        let sinS = Int64(Trig.sin(from)), cosS = Int64(Trig.cos(from))
        let sinE = Int64(Trig.sin(to)), cosE = Int64(Trig.cos(to))
        // Inside is clockwise of the start ray and anticlockwise of the end ray.
        startPlane = HalfPlane(origin: centre, normalX: -sinS, normalY: cosS)
        endPlane = HalfPlane(origin: centre, normalX: sinE, normalY: -cosE)
        reflex = sweep.raw.magnitude > UInt32(Angle.unitsPerTurn / 2)
        self.bounds = bounds
    }

    struct Row { let start: Int64, end: Int64 }

    func row(_ y: Int32, spans: inout RowSpans) -> Row {
        let s = startPlane.rowOffset(y), e = endPlane.rowOffset(y)
        if reflex {
            let anyS = startPlane.pixels(atLeast: HalfPlane.anyThreshold, offset: s)
            let anyE = endPlane.pixels(atLeast: HalfPlane.anyThreshold, offset: e)
            let fullS = startPlane.pixels(atLeast: HalfPlane.fullThreshold, offset: s)
            let fullE = endPlane.pixels(atLeast: HalfPlane.fullThreshold, offset: e)
            spans = RowSpans(nonZero: anyS.union(anyE, superset: true), full: fullS.union(fullE, superset: false))
        } else {
            // The intersection of two half-lines is one interval: narrowed as scalars (the
            // same interval `SpanList.intersection` of the two `pixels` lists gives).
            var anyLo: Int32 = -(1 << 30), anyHi: Int32 = 1 << 30, fullLo = anyLo, fullHi = anyHi
            startPlane.narrow(atLeast: HalfPlane.anyThreshold, offset: s, &anyLo, &anyHi)
            endPlane.narrow(atLeast: HalfPlane.anyThreshold, offset: e, &anyLo, &anyHi)
            startPlane.narrow(atLeast: HalfPlane.fullThreshold, offset: s, &fullLo, &fullHi)
            endPlane.narrow(atLeast: HalfPlane.fullThreshold, offset: e, &fullLo, &fullHi)
            spans = RowSpans(nonZero: SpanList(anyLo, anyHi), full: SpanList(fullLo, fullHi))
        }
        return Row(start: s, end: e)
    }

    @inline(__always)
    func coverage(x: Int32, row: Row) -> UInt32 {
        let a = startPlane.coverage(x: x, offset: row.start), b = endPlane.coverage(x: x, offset: row.end)
        return reflex ? Swift.max(a, b) : Swift.min(a, b)
    }
}
