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

    /// Radii in 1/256 px; `inner` ≤ 0 gives a disc. Invalid input gives an empty shape.
    init(centre: Point, outer: Fixed, inner: Fixed) {
        cx = Int64(centre.x.raw); cy = Int64(centre.y.raw)
        self.outer = Int64(Swift.max(outer.raw, 0))
        self.inner = Int64(Swift.max(Swift.min(inner.raw, outer.raw), 0))
        hasInner = self.inner > 0
        if self.outer == 0 || (hasInner && self.inner >= self.outer) {
            bounds = .empty
        } else {
            let reach = self.outer + 256
            bounds = IntRect(x0: clampedPixel((cx - reach) >> 8), y0: clampedPixel((cy - reach) >> 8),
                             x1: clampedPixel(((cx + reach) >> 8) + 1), y1: clampedPixel(((cy + reach) >> 8) + 1))
        }
    }

    struct Row { let dySquared: Int64 }

    func row(_ y: Int32, spans: inout RowSpans) -> Row {
        let dy = Int64(y) * 256 + 128 - cy
        let dySquared = dy * dy
        // d < R + ½ (any coverage); d ≤ R − ½ (outer full); d < r + ½ (inner starts); d ≤ r − ½ (hole).
        let reach = within(outer + 128, dySquared)
        let outerFull = outer >= 128 ? within(outer - 127, dySquared) : SpanList()
        var nonZero = reach, full = outerFull
        if hasInner {
            let innerAny = within(inner + 128, dySquared)
            if inner >= 128 {
                let hole = within(inner - 127, dySquared)
                if !hole.isEmpty { nonZero = nonZero.subtracting(hole[0].start, hole[0].end, superset: true) }
            }
            if !innerAny.isEmpty { full = full.subtracting(innerAny[0].start, innerAny[0].end, superset: false) }
        }
        spans = RowSpans(nonZero: nonZero, full: full)
        return Row(dySquared: dySquared)
    }

    /// Pixels whose centres satisfy dx² + dy² < limit², as one interval.
    @inline(__always)
    func within(_ limit: Int64, _ dySquared: Int64) -> SpanList {
        let s = limit * limit - dySquared
        guard s > 0 else { return SpanList() }
        let r = Int64(integerSquareRoot(UInt64(s - 1)))   // largest |dx| with dx² < s
        // x·256 + 128 − cx ∈ [−r, r]
        let lo = ceilDivide(cx - 128 - r, 256), hi = floorDivide(cx - 128 + r, 256)
        return SpanList(clampedPixel(lo), clampedPixel(hi + 1))
    }

    @inline(__always)
    func coverage(x: Int32, row: Row) -> UInt32 {
        let dx = Int64(x) * 256 + 128 - cx
        let d = Int64(integerSquareRoot(UInt64(dx * dx + row.dySquared)))
        let covered = edgeCoverage(outer - d)
        return hasInner ? covered - edgeCoverage(inner - d) : covered
    }
}
