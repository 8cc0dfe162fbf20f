/// An annular arc: a ring intersected with a wedge — exactly `Intersection(ring, wedge)`
/// (the same coverage product, so the same pixels), with a cheaper row wherever the
/// wedge's edges do not cross the ring.
///
/// On most rows of a dial's arc the rays bounding the wedge are far from the ring: each of
/// the ring's intervals (one, or two either side of the hole) then lies wholly inside the
/// wedge or wholly outside it. The planes' distances are linear along a row, so their
/// values at an interval's two ends prove that without a division; such rows skip the
/// wedge's row (an exact division per plane and threshold) and the span intersection, and
/// their pixels skip the wedge's coverage. Rows where a ray crosses the ring are computed
/// as the intersection computes them.
struct ArcShape: CoverageShape {
    let ring: RingShape, wedge: WedgeShape
    let bounds: IntRect

    init(_ ring: RingShape, _ wedge: WedgeShape) {
        self.ring = ring
        self.wedge = wedge
        bounds = ring.bounds.intersection(wedge.bounds).intersection(ArcShape.sectorBounds(ring, wedge))
    }

    /// Pixels that may be covered, from the wedge's side: a pixel has coverage only where
    /// the ring's does (centre within R + ½ of the centre) and the wedge's does (within ½ px
    /// of each plane's side for a narrow wedge, of one plane's for a reflex one). Each
    /// plane's side cuts the disc in a cap whose extent is the disc's extreme point where the
    /// cap holds it, else an end of the cap's chord; the wedge's extent is the caps'
    /// overlap (narrow) or hull (reflex), with 2 px to spare for the normals' rounding.
    /// A 270° dial track loses the rows below its gap, a value arc those beyond its ends.
    static func sectorBounds(_ ring: RingShape, _ wedge: WedgeShape) -> IntRect {
        let radius = ring.outer + 128, half: Int64 = 128, margin: Int64 = 512
        let chord = Int64(integerSquareRoot(UInt64(radius * radius - half * half)))
        // Extent of one cap {n·q ≥ −½ px} of the disc, relative to the centre (1/256 px).
        func cap(_ plane: HalfPlane) -> (x0: Int64, y0: Int64, x1: Int64, y1: Int64) {
            let nx = plane.nx, ny = plane.ny  // Q16 unit normal
            let inside = { (px: Int64, py: Int64) in nx * px + ny * py + half * 65536 >= 0 }
            let ax = (-half * nx - chord * ny) >> 16, bx = (-half * nx + chord * ny) >> 16
            let ay = (-half * ny + chord * nx) >> 16, by = (-half * ny - chord * nx) >> 16
            return (
                inside(-radius, 0) ? -radius : Swift.min(ax, bx), inside(0, -radius) ? -radius : Swift.min(ay, by),
                inside(radius, 0) ? radius : Swift.max(ax, bx), inside(0, radius) ? radius : Swift.max(ay, by)
            )
        }
        let caps = (cap(wedge.startPlane), cap(wedge.endPlane), cap(wedge.bisectorPlane))
        let box: (x0: Int64, y0: Int64, x1: Int64, y1: Int64) =
            wedge.reflex
            ? (
                Swift.min(caps.0.x0, caps.1.x0, caps.2.x0), Swift.min(caps.0.y0, caps.1.y0, caps.2.y0),
                Swift.max(caps.0.x1, caps.1.x1, caps.2.x1), Swift.max(caps.0.y1, caps.1.y1, caps.2.y1)
            )
            : (
                Swift.max(caps.0.x0, caps.1.x0, caps.2.x0), Swift.max(caps.0.y0, caps.1.y0, caps.2.y0),
                Swift.min(caps.0.x1, caps.1.x1, caps.2.x1), Swift.min(caps.0.y1, caps.1.y1, caps.2.y1)
            )
        guard box.x0 <= box.x1, box.y0 <= box.y1 else { return .empty }
        return IntRect(
            x0: clampedPixel((ring.cx + box.x0 - margin) >> 8), y0: clampedPixel((ring.cy + box.y0 - margin) >> 8),
            x1: clampedPixel(((ring.cx + box.x1 + margin) >> 8) + 1), y1: clampedPixel(((ring.cy + box.y1 + margin) >> 8) + 1))
    }

    /// The ring's row, and either the wedge's (`wedge`, where a ray crosses the ring) or
    /// what the wedge covers of the ring's pixels: those left of `split` when `leftInside`,
    /// those from `split` on when `rightInside`.
    struct Row {
        let ring: RingShape.Row
        let wedge: WedgeShape.Row?
        let split: Int32
        let leftInside: Bool, rightInside: Bool
    }

    func row(_ y: Int32, spans: inout RowSpans) -> Row {
        var ringSpans = RowSpans()
        let ringRow = ring.row(y, spans: &ringSpans)
        let reach = ringSpans.nonZero
        // The ring's non-zero pixels are one interval, or two either side of the hole.
        var left = WedgeShape.Uniformity.none, right = WedgeShape.Uniformity.none
        var split = Int32.max
        if reach.count > 0 {
            let offsets = wedge.rowOffsets(y)
            let first = reach[0]
            left = wedge.uniformity(offsets, from: first.start, through: first.end - 1)
            if reach.count > 1 {
                let second = reach[reach.count - 1]
                split = second.start
                // A ring's row has at most two intervals; were there more, the row would be
                // treated as crossed (the intersection's row below).
                right = reach.count == 2 ? wedge.uniformity(offsets, from: second.start, through: second.end - 1) : .mixed
            }
        }
        if left == .mixed || right == .mixed { return crossedRow(y, ring: ringRow, ringSpans, split: split, spans: &spans) }
        let leftInside = left == .full, rightInside = right == .full
        // Most rows of a dial's arc: the wedge holds all of the ring's row, or none of it.
        if leftInside && (reach.count < 2 || rightInside) || !leftInside && !rightInside {
            spans = leftInside ? ringSpans : RowSpans()
            return Row(ring: ringRow, wedge: nil, split: split, leftInside: leftInside, rightInside: rightInside)
        }
        // Keep the ring's intervals on the covered side.
        var nonZero = SpanList(), full = SpanList()
        for i in 0..<reach.count {
            let s = reach[i]
            if s.start < split ? leftInside : rightInside { nonZero.append(s.start, s.end, superset: true) }
        }
        let ringFull = ringSpans.full
        for i in 0..<ringFull.count {
            let s = ringFull[i]
            if s.start < split ? leftInside : rightInside { full.append(s.start, s.end, superset: false) }
        }
        spans = RowSpans(nonZero: nonZero, full: full)
        return Row(ring: ringRow, wedge: nil, split: split, leftInside: leftInside, rightInside: rightInside)
    }

    /// A row where a ray crosses the ring: the intersection's, from the ring's row
    /// (`ring.row(y)`) — also for `Rasterizer.walkArcRow`, which has classified the row.
    @inline(__always)
    func crossedRow(
        _ y: Int32, ring ringRow: RingShape.Row, _ ringSpans: RowSpans, split: Int32,
        spans: inout RowSpans
    ) -> Row {
        var wedgeSpans = RowSpans()
        let wedgeRow = wedge.row(y, spans: &wedgeSpans)
        spans = ringSpans.intersection(wedgeSpans)
        return Row(ring: ringRow, wedge: wedgeRow, split: split, leftInside: false, rightInside: false)
    }

    func mayCover(row y: Int32, from x0: Int32, to x1: Int32) -> Bool {
        ring.mayCover(row: y, from: x0, to: x1)
    }
    func mayCover(_ rect: IntRect) -> Bool { rect.intersects(bounds) && ring.mayCover(rect) }
    /// `mayCover(rect) || other.mayCover(rect)` for two arcs of one ring (a dial's track
    /// and value arc), with the ring tested once: a needle's damage bands miss the track,
    /// and a second ring test for each grew with their count.
    func eitherMayCover(_ rect: IntRect, or other: ArcShape) -> Bool {
        (rect.intersects(bounds) || rect.intersects(other.bounds)) && ring.mayCover(rect)
    }

    @inline(__always)
    func coverage(x: Int32, row: Row) -> UInt32 {
        let c = ring.coverage(x: x, row: row.ring)
        if c == 0 { return 0 }
        guard let w = row.wedge else { return (x < row.split ? row.leftInside : row.rightInside) ? c : 0 }
        // Intersection's product: (c · 256) >> 8 = c where the wedge covers fully.
        return (c &* wedge.coverage(x: x, row: w)) >> 8
    }
}
