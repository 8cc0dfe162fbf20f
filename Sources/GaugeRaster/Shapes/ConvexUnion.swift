/// `Union` of two shapes whose rows are one interval each (quads, discs, unions of them:
/// a rounded rectangle, a capsule), itself walked as one interval a row: the hull of the
/// parts' intervals may be covered (a superset — a gap between them just has coverage 0),
/// and their full intervals, merged where they meet, are full (else the wider one: a
/// subset). Row state, coverage and `mayCover` are the `Union`'s own, so the pixels are
/// `Union`'s; only the row's intervals are found as scalars.
struct ConvexUnion<A: ConvexCoverageShape, B: ConvexCoverageShape>: ConvexCoverageShape {
    let union: Union<A, B>
    /// Whether each part's bounds meet the box being drawn (`keeping(within:)`): a part
    /// that misses it (a bar's far rounded end beside a damaged rectangle) has no row
    /// computed, as on rows outside its bounds — its coverage in the box is 0 anyway.
    private let aReaches: Bool, bReaches: Bool
    init(_ a: A, _ b: B) { self.init(Union(a, b), true, true) }
    private init(_ union: Union<A, B>, _ aReaches: Bool, _ bReaches: Bool) {
        self.union = union
        self.aReaches = aReaches
        self.bReaches = bReaches
    }

    var bounds: IntRect { union.bounds }

    func keeping(within box: IntRect) -> ConvexUnion<A, B> {
        let a = union.a.keeping(within: box), b = union.b.keeping(within: box)
        return ConvexUnion(Union(a, b), aReaches && a.bounds.intersects(box), bReaches && b.bounds.intersects(box))
    }

    @inline(__always)
    func convexRow(_ y: Int32) -> ConvexRow<Union<A, B>.Row> {
        let a = union.a, b = union.b
        // A part is asked about rows inside its own bounds only.
        let ra = aReaches && y >= a.bounds.y0 && y < a.bounds.y1 ? a.convexRow(y) : nil
        let rb = bReaches && y >= b.bounds.y0 && y < b.bounds.y1 ? b.convexRow(y) : nil
        var aLo: Int32 = 0, aHi: Int32 = 0, aFullLo: Int32 = 0, aFullHi: Int32 = 0
        var bLo: Int32 = 0, bHi: Int32 = 0, bFullLo: Int32 = 0, bFullHi: Int32 = 0
        if let ra, ra.lo < ra.hi {
            aLo = ra.lo
            aHi = ra.hi
            if ra.fullLo < ra.fullHi {
                aFullLo = ra.fullLo
                aFullHi = ra.fullHi
            }
        }
        if let rb, rb.lo < rb.hi {
            bLo = rb.lo
            bHi = rb.hi
            if rb.fullLo < rb.fullHi {
                bFullLo = rb.fullLo
                bFullHi = rb.fullHi
            }
        }
        let row = Union<A, B>.Row(a: ra?.state, b: rb?.state, aLo: aLo, aHi: aHi, bLo: bLo, bHi: bHi)
        // Hull of the non-empty intervals.
        let lo: Int32, hi: Int32
        if aLo >= aHi {
            lo = bLo
            hi = bHi
        } else if bLo >= bHi {
            lo = aLo
            hi = aHi
        } else {
            lo = Swift.min(aLo, bLo)
            hi = Swift.max(aHi, bHi)
        }
        // Full: both when they meet, else the wider.
        let fullLo: Int32, fullHi: Int32
        if aFullLo < aFullHi && bFullLo < bFullHi && aFullLo <= bFullHi && bFullLo <= aFullHi {
            fullLo = Swift.min(aFullLo, bFullLo)
            fullHi = Swift.max(aFullHi, bFullHi)
        } else if aFullHi &- aFullLo >= bFullHi &- bFullLo {
            fullLo = aFullLo
            fullHi = aFullHi
        } else {
            fullLo = bFullLo
            fullHi = bFullHi
        }
        return ConvexRow(state: row, lo: lo, hi: hi, fullLo: fullLo, fullHi: fullHi)
    }

    func row(_ y: Int32, spans: inout RowSpans) -> Union<A, B>.Row {
        let r = convexRow(y)
        spans = RowSpans(nonZero: SpanList(r.lo, r.hi), full: SpanList(r.fullLo, r.fullHi))
        return r.state
    }

    func mayCover(_ rect: IntRect) -> Bool { union.mayCover(rect) }
    func mayCover(row y: Int32, from x0: Int32, to x1: Int32) -> Bool { union.mayCover(row: y, from: x0, to: x1) }

    @inline(__always)
    func coverage(x: Int32, row: Union<A, B>.Row) -> UInt32 { union.coverage(x: x, row: row) }
}
