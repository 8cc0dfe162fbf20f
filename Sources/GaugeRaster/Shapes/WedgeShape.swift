/// The angular sector between `start` and `start + sweep` around a centre, bounded by two
/// anti-aliased rays. An arc is a ring intersected with a wedge.
///
/// Sweeps up to half a turn are the intersection of the two rays' half-planes; larger
/// sweeps their union. The rays' lines run on through the centre, and where they nearly
/// coincide (sweeps near 0 or a full turn) their anti-aliasing bands would overlap on the
/// far side of the centre: a faint sliver where nothing should be (or a faint gap). A third
/// half-plane, facing along the wedge's bisector, bounds that to half a pixel from the
/// centre: it joins the intersection (narrow wedges) or the union (wide ones).
struct WedgeShape: CoverageShape {
    let startPlane: HalfPlane
    let endPlane: HalfPlane
    let bisectorPlane: HalfPlane
    let reflex: Bool
    let bounds: IntRect

    /// `sweep` in 0 < |sweep| < one turn; negative sweeps run anticlockwise.
    init(centre: Point, start: Angle, sweep: Angle, bounds: IntRect) {
        // Normalise to a clockwise sweep from `from`.
        let magnitude = Int32(sweep.raw.magnitude)
        let from = sweep.raw >= 0 ? start : start + sweep
        let to = from + Angle(raw: magnitude)
        let middle = from + Angle(raw: magnitude / 2)
        let sinS = Int64(Trig.sin(from)), cosS = Int64(Trig.cos(from))
        let sinE = Int64(Trig.sin(to)), cosE = Int64(Trig.cos(to))
        // Inside is clockwise of the start ray and anticlockwise of the end ray.
        startPlane = HalfPlane(origin: centre, normalX: -sinS, normalY: cosS)
        endPlane = HalfPlane(origin: centre, normalX: sinE, normalY: -cosE)
        bisectorPlane = HalfPlane(origin: centre, normalX: Int64(Trig.cos(middle)), normalY: Int64(Trig.sin(middle)))
        reflex = sweep.raw.magnitude > UInt32(Angle.unitsPerTurn / 2)
        self.bounds = bounds
    }

    /// The planes' offsets, and the pixels certainly fully covered as one interval
    /// [fullLo, fullHi) (narrow wedges) or the two rays (−∞, fullLo) ∪ [fullHi, ∞) (reflex
    /// ones): there `coverage` is 256 without evaluating the planes.
    struct Row { let start: Int64, end: Int64, bisector: Int64, fullLo: Int32, fullHi: Int32 }

    func row(_ y: Int32, spans: inout RowSpans) -> Row {
        let (s, e, b) = rowOffsets(y)
        if reflex {
            // The union of three half-lines is a ray to the left and a ray to the right
            // (together everything once they meet): found as two scalars per threshold.
            let r = thresholdBounds(s, e, b) { $0.widen(atLeast: $1, offset: $2, &$3, &$4) }
            spans = RowSpans(nonZero: SpanList(rays: r.anyLo, r.anyHi), full: SpanList(rays: r.fullLo, r.fullHi))
            return Row(start: s, end: e, bisector: b, fullLo: r.fullLo, fullHi: r.fullHi)
        }
        // The intersection of half-lines is one interval: narrowed as scalars (the
        // same interval `SpanList.intersection` of the `pixels` lists gives).
        let r = thresholdBounds(s, e, b) { $0.narrow(atLeast: $1, offset: $2, &$3, &$4) }
        spans = RowSpans(nonZero: SpanList(r.anyLo, r.anyHi), full: SpanList(r.fullLo, r.fullHi))
        return Row(start: s, end: e, bisector: b, fullLo: r.fullLo, fullHi: r.fullHi)
    }

    /// Both thresholds' bounds, each folded over the three planes by `step` (narrow for an
    /// intersection, widen for a union) from (−2^30, 2^30): everything for narrowing, no
    /// rays for widening.
    @inline(__always)
    private func thresholdBounds(
        _ s: Int64, _ e: Int64, _ b: Int64,
        _ step: (HalfPlane, Int64, Int64, inout Int32, inout Int32) -> Void
    )
        -> (anyLo: Int32, anyHi: Int32, fullLo: Int32, fullHi: Int32)
    {
        var anyLo: Int32 = -(1 << 30), anyHi: Int32 = 1 << 30, fullLo = anyLo, fullHi = anyHi
        @inline(__always) func fold(_ plane: HalfPlane, _ offset: Int64) {
            step(plane, HalfPlane.anyThreshold, offset, &anyLo, &anyHi)
            step(plane, HalfPlane.fullThreshold, offset, &fullLo, &fullHi)
        }
        fold(startPlane, s)
        fold(endPlane, e)
        fold(bisectorPlane, b)
        return (anyLo, anyHi, fullLo, fullHi)
    }

    /// What the wedge covers of pixels x0 through x1 of row y, when that is the same for
    /// all of them.
    enum Uniformity { case none, full, mixed }

    /// The three planes' offsets for row y (`HalfPlane.rowOffset`).
    @inline(__always) func rowOffsets(_ y: Int32) -> (start: Int64, end: Int64, bisector: Int64) {
        (startPlane.rowOffset(y), endPlane.rowOffset(y), bisectorPlane.rowOffset(y))
    }

    /// Whether every pixel of a row (its planes' `offsets`) from x0 through x1 (x0 ≤ x1)
    /// certainly has coverage 256 (`full`) or 0 (`none`); `mixed` when that is not proven.
    /// A plane's distance is linear along the row, so its values at the two ends bound it
    /// on every pixel between; no division, unlike `row`.
    @inline(__always)
    func uniformity(_ offsets: (start: Int64, end: Int64, bisector: Int64), from x0: Int32, through x1: Int32) -> Uniformity {
        @inline(__always) func classify(_ plane: HalfPlane, _ offset: Int64) -> Uniformity {
            let d0 = plane.slope &* Int64(x0) &+ offset, d1 = plane.slope &* Int64(x1) &+ offset
            // Coverage 256 ⟺ distance ≥ fullThreshold; 0 ⟺ distance < anyThreshold.
            if Swift.min(d0, d1) >= HalfPlane.fullThreshold { return .full }
            if Swift.max(d0, d1) < HalfPlane.anyThreshold { return .none }
            return .mixed
        }
        // Coverage is the largest of the planes' for reflex wedges (one full plane decides),
        // the smallest otherwise (one empty plane decides).
        let decisive: Uniformity = reflex ? .full : .none
        let a = classify(startPlane, offsets.start)
        if a == decisive { return a }
        let b = classify(endPlane, offsets.end)
        if b == decisive { return b }
        let c = classify(bisectorPlane, offsets.bisector)
        if c == decisive { return c }
        // No plane decides: all three agree on the other value, or it is not proven.
        return a == b && b == c ? a : .mixed
    }

    @inline(__always)
    func coverage(x: Int32, row: Row) -> UInt32 {
        // Most pixels an arc's ring edges ask about lie well inside the wedge.
        if reflex ? (x < row.fullLo || x >= row.fullHi) : (x >= row.fullLo && x < row.fullHi) { return 256 }
        let a = startPlane.coverage(x: x, offset: row.start), b = endPlane.coverage(x: x, offset: row.end)
        let c = bisectorPlane.coverage(x: x, offset: row.bisector)
        return reflex ? Swift.max(a, b, c) : Swift.min(a, b, c)
    }
}
