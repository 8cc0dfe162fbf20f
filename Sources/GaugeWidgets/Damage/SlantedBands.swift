import GaugeRaster

/// A needle's damage in a band of rows as slanted rectangles (`RowSlant`) that follow the
/// needle row by row instead of filling the band's width.
extension Quad {
    /// The straight line from `top` (at raw row y0) to `bottom` (at y1) of one side of the
    /// needles, read at raw row y rounded down or up.
    struct Chord {
        let top: Int64, bottom: Int64, y0: Int64, y1: Int64
        var rises: Bool { bottom >= top }
        /// Its step per pixel row, for a `RowSlant` (rounded toward zero).
        /// (x and y both raw: the step in 1/256 px per pixel row is 256·dx/dy.)
        var step: Int16? { RowSlant.step(dx: bottom - top, rows: y1 - y0) }
        func floor(at y: Int64) -> Int64 { top + Quad.floorDiv((bottom - top) * (y - y0), y1 - y0) }
        func ceil(at y: Int64) -> Int64 { top - Quad.floorDiv((top - bottom) * (y - y0), y1 - y0) }
    }

    static func floorDiv(_ n: Int64, _ d: Int64) -> Int64 { n >= 0 ? n / d : -((-n + d - 1) / d) }

    /// Whether a corner lies strictly between raw rows y0 and y1: then a side of the quad
    /// bends inside them.
    func bends(between y0: Int64, and y1: Int64) -> Bool {
        func inside(_ p: Point) -> Bool { y0 < Int64(p.y.raw) && Int64(p.y.raw) < y1 }
        return inside(a) || inside(b) || inside(c) || inside(d)
    }

    /// Adds to `bands` the damage between two needles in the band rows `rows..<rowsEnd`,
    /// measured over raw rows y0…y1 (their extents `ea`, `eb` there), as rectangles with
    /// a `RowSlant`: a strip from the outer side of both needles to the pixels both cover
    /// fully, on the left and on the right (a band with a hole where the strips'
    /// rectangles overlap) — or, where the needles are too thin for those strips to miss
    /// each other, one band from the outer side to the outer side. End rows that `hub` (an
    /// opaque disc drawn over the needles) covers fully on every column the band holds
    /// there are left out. `.unfit` (nothing added) when the extents are empty.
    ///
    /// Neither needle bends inside the rows, so each side of each is straight: the outer
    /// sides (the nearer of two straight lines) lie on or beyond the chord between their
    /// ends, the inner sides (the farther one) on or within it — so a strip between the
    /// chords holds every pixel that may change. No corner lies within the rows' reach, so
    /// a pixel is inked only when its centre lies within `sideInkReach` of a side: on a row
    /// that is `columnsAcross` the side at its own slant. Row r's columns are then a straight line of
    /// r, rounded outward. Each slanted edge starts at that column on the row where it is
    /// outermost and steps by the chord's slope rounded toward zero, so it never passes
    /// the line.
    static func addSlanted(
        _ ea: (span: Extent, top: Extent, bottom: Extent), _ eb: (span: Extent, top: Extent, bottom: Extent),
        y0: Int64, y1: Int64, rows: Int32, _ rowsEnd: Int32, hiddenWithin hub: Disc? = nil,
        mayShorten: Bool, to bands: inout Region
    ) -> SlantedOutcome {
        var first = rows, end = rowsEnd
        guard !ea.top.isEmpty, !ea.bottom.isEmpty, !eb.top.isEmpty, !eb.bottom.isEmpty, y1 > y0 else { return .unfit }
        let outerLeft = Chord(top: Swift.min(ea.top.lo, eb.top.lo), bottom: Swift.min(ea.bottom.lo, eb.bottom.lo), y0: y0, y1: y1)
        let innerLeft = Chord(top: Swift.max(ea.top.lo, eb.top.lo), bottom: Swift.max(ea.bottom.lo, eb.bottom.lo), y0: y0, y1: y1)
        let innerRight = Chord(top: Swift.min(ea.top.hi, eb.top.hi), bottom: Swift.min(ea.bottom.hi, eb.bottom.hi), y0: y0, y1: y1)
        let outerRight = Chord(top: Swift.max(ea.top.hi, eb.top.hi), bottom: Swift.max(ea.bottom.hi, eb.bottom.hi), y0: y0, y1: y1)
        guard let outerLeftStep = outerLeft.step, let innerLeftStep = innerLeft.step,
            let innerRightStep = innerRight.step, let outerRightStep = outerRight.step
        else { return .unfit }
        // How far across a side its ink reaches on a row, the farther of the two needles'.
        func across(_ top: Int64, _ bottom: Int64) -> Int64 { Quad.columnsAcross(Quad.sideInkReach, dx: bottom - top, dy: y1 - y0) }
        let leftReach = Swift.max(across(ea.top.lo, ea.bottom.lo), across(eb.top.lo, eb.bottom.lo))
        let rightReach = Swift.max(across(ea.top.hi, ea.bottom.hi), across(eb.top.hi, eb.bottom.hi))
        // Row r's strips: [outer left, first full) and [end of full, outer right).
        func columns(_ r: Int32) -> (Int32, Int32, Int32, Int32) {
            let centre = Int64(r) << 8 + 128
            // Inked: a pixel centre within `leftReach` / `rightReach` across the sides.
            let lo = outerLeft.floor(at: centre) - leftReach, hi = outerRight.ceil(at: centre) + rightReach
            // Fully covered by both needles: the centre as far inside both sides (an edge's
            // coverage is 256 from ½ px inside, `HalfPlane.fullThreshold`; the ends are
            // farther, as no corner lies within the rows' reach).
            let fullLo = innerLeft.ceil(at: centre) + leftReach, fullHi = innerRight.floor(at: centre) - rightReach
            return (
                PointBox.firstPixel(within: 0, of: lo), PointBox.firstPixel(within: 0, of: fullLo),
                PointBox.endPixel(within: 0, of: fullHi), PointBox.endPixel(within: 0, of: hi)
            )
        }
        let strips = (left: RowSlant(left: outerLeftStep, right: innerLeftStep), right: RowSlant(left: innerRightStep, right: outerRightStep))
        // End rows the hub covers fully wherever either needle may ink them change nothing:
        // the band leaves them out (a needle's rows under its hub).
        if let hub {
            func hidden(_ r: Int32) -> Bool {
                guard let h = hub.hiddenColumns(from: r, to: r + 1) else { return false }
                let c = columns(r)
                return h.x0 <= c.0 && c.3 <= h.x1
            }
            while end - first > 1 && hidden(end - 1) { end -= 1 }
            while end - first > 1 && hidden(first) { first += 1 }
        }
        let t = columns(first), b = columns(end - 1)
        // Both needles cover pixels fully on one end row only: the rows that keep such
        // pixels, and the others, as two bands.
        if mayShorten, let split = Quad.holeSplit(first, end, top: t.1 < t.2, bottom: b.1 < b.2, { columns($0) }) {
            _ = Quad.appendBand(first, split, strips, mayShorten: false, { columns($0) }, to: &bands)
            _ = Quad.appendBand(split, end, strips, mayShorten: false, { columns($0) }, to: &bands)
            return .added
        }
        return Quad.appendBand(first, end, strips, mayShorten: mayShorten, { columns($0) }, to: &bands) ? .added : .shorten
    }

    /// Rows `first..<end` of `addSlanted`'s band, whose strips' columns on row r are
    /// `columns(r)` (outer left, first full, end of full, outer right), slanted as `strips`:
    /// two strips when their rectangles miss each other (a region's algebra may make
    /// either whole), or a band with a hole when the needles cover pixels fully on both
    /// end rows and the strips' pixels miss each other on every row; else one band across
    /// both needles. False, with nothing added, when a shorter band may do better.
    static func appendBand(
        _ first: Int32, _ end: Int32, _ strips: (left: RowSlant, right: RowSlant), mayShorten: Bool,
        _ columns: (Int32) -> (Int32, Int32, Int32, Int32), to bands: inout Region
    ) -> Bool {
        let t = columns(first), b = columns(end - 1)
        let left = IntRect(x0: Swift.min(t.0, b.0), y0: first, x1: Swift.max(t.1, b.1), y1: end)
        let right = IntRect(x0: Swift.min(t.2, b.2), y0: first, x1: Swift.max(t.3, b.3), y1: end)
        let holds = t.1 < t.2 && b.1 < b.2
        if left.x1 < right.x0 {
            bands.append(disjoint: left, slant: strips.left)
            bands.append(disjoint: right, slant: strips.right)
        } else if holds && bands.append(disjointStrips: left, strips.left, right, strips.right) {
            return true
        } else if mayShorten && holds {
            return false
        } else {
            bands.append(disjoint: left.union(right), slant: RowSlant(left: strips.left.left, right: strips.right.right))
        }
        return true
    }

    /// How far (raw) beyond a straight side a pixel centre may still be inked: an edge
    /// covers a pixel only when its centre lies at most 127/256 px outside it
    /// (`HalfPlane.anyThreshold`), and 8/256 px more absorb the rounding of the edges'
    /// normals (Q16, truncated) and of the extents' crossings. A corner reaches farther
    /// (`PointBox.inkReach`), but a slanted band's rows reach none.
    static let sideInkReach: Int64 = 136

    /// How far (raw) along a row a distance `reach` (raw) across a line reaches, the line
    /// moving `dx` over `dy` > 0 (raw): reach · length / dy, rounded up.
    static func columnsAcross(_ reach: Int64, dx: Int64, dy: Int64) -> Int64 {
        let length = Int64(integerSquareRoot(UInt64(dx * dx + dy * dy))) + 1
        return (reach * length + dy - 1) / dy
    }

    /// What `addSlanted` did with a band: added it, asks for a shorter one, or cannot
    /// follow the needles.
    enum SlantedOutcome { case added, shorten, unfit }

    /// Where to split a band of rows `first..<end` whose needles both cover pixels fully
    /// on one end row only (`top` or `bottom`): the rows nearer that end that keep such
    /// pixels (found by halving: their width along a row is linear in the row) may then
    /// be a band with a hole. nil when fewer than `minimumHoleRows` would.
    static func holeSplit(
        _ first: Int32, _ end: Int32, top: Bool, bottom: Bool, _ columns: (Int32) -> (Int32, Int32, Int32, Int32)
    ) -> Int32? {
        guard top != bottom else { return nil }
        func holds(_ r: Int32) -> Bool {
            let c = columns(r)
            return c.1 < c.2
        }
        // lo holds, hi does not (or the other way round when the hole is at the top).
        var lo = bottom ? end - 1 : first, hi = bottom ? first : end - 1
        while abs(hi - lo) > 1 {
            let mid = (lo + hi) / 2
            if holds(mid) { lo = mid } else { hi = mid }
        }
        let split = bottom ? lo : hi
        let holeRows = bottom ? end - split : split - first
        return holeRows >= minimumHoleRows && split > first && split < end ? split : nil
    }

    /// Fewer rows than this are not worth a band of their own for their hole.
    static let minimumHoleRows: Int32 = 6

    /// Where a band from row y ends: `height` rows on (or at `limit`) — or, when neither
    /// quad has a corner within those rows' reach (`margin`, raw, above the first and below
    /// the last), as far as `straightHeight` rows on, up to the rows that reach the next
    /// corner: a slanted band follows straight sides over any length.
    static func bandEnd(
        from y: Int32, height: Int32, straightHeight: Int32, limit: Int32, _ old: Quad?, _ new: Quad?,
        margin: Int64
    ) -> Int32 {
        let top = Int64(y) << 8 - margin
        var corner = Int64.max
        func see(_ p: Point) {
            let v = Int64(p.y.raw)
            if v > top && v < corner { corner = v }
        }
        if let q = old {
            see(q.a)
            see(q.b)
            see(q.c)
            see(q.d)
        }
        if let q = new {
            see(q.a)
            see(q.b)
            see(q.c)
            see(q.d)
        }
        // Rows y..<end reach no corner: end·256 + margin ≤ corner.
        let end = corner == Int64.max ? Int64(limit) : (corner - margin) >> 8
        let short = Int64(y) + Int64(height)
        if end < short { return Int32(Swift.min(short, Int64(limit))) }
        return Int32(Swift.min(end, Int64(y) + Int64(straightHeight), Int64(limit)))
    }
}

extension ArcGeometry {
    /// The pixels that may change in the annular slice between angles a ≤ b — rows within
    /// `reach` (raw) of it — as slanted rows between the slice's two rays, when both rays
    /// point steeply to one side of the centre's row; nil otherwise (`addSlice`'s boxes
    /// then). The slice lies in the wedge between the rays, and the value arc's end changes
    /// a pixel only within `Quad.sideInkReach` of both rays' lines on their inner sides: on
    /// each row, between the lines' columns less and more that reach measured across each
    /// line at its own slant, rounded outward — a straight line of the row, as
    /// `Quad.addSlanted`'s sides. The rows are the slice's (on one side of the centre, where the two lines do
    /// not cross). One rectangle instead of a box per layer: fewer rectangles to compute
    /// and draw, and on a small move fewer pixels.
    func slantedSlice(from a: Int32, to b: Int32, inner: Fixed, outer: Fixed, reach: Int64) -> SlantedSlice? {
        guard b >= a, Int64(b) - Int64(a) < Int64(Angle.unitsPerTurn / 64) else { return nil }
        let da = Direction(Angle(raw: a)), db = Direction(Angle(raw: b))
        // Steep: 45° or more from the horizontal (shallower rays make wide rows), both rays
        // below the centre or both above it.
        func steep(_ d: Direction) -> Bool { d.sin != 0 && abs(Int64(d.sin)) >= abs(Int64(d.cos)) }
        guard steep(da), steep(db), (da.sin > 0) == (db.sin > 0) else { return nil }
        let rows = ArcGeometry.sliceBox(centre: centre, from: a, to: b, inner: inner, outer: outer).pixels(reach: reach)
        let cy = Int64(centre.y.raw)
        // Every row's pixel centres on the rays' side of the centre, a pixel clear of it.
        let below = da.sin > 0
        guard !rows.isEmpty, below ? Int64(rows.y0) << 8 + 128 >= cy + 256 : Int64(rows.y1) << 8 - 128 <= cy - 256
        else { return nil }
        let band = SliceBand(centre: centre, da, db, far: Int64(below ? rows.y1 - 1 : rows.y0) << 8 + 128)
        guard let slant = band.slant else { return nil }
        return SlantedSlice(band: band, slant: slant, y0: rows.y0, y1: rows.y1)
    }
}

/// A value arc's slice as slanted rows (`ArcGeometry.slantedSlice`).
struct SlantedSlice {
    fileprivate let band: SliceBand
    let slant: RowSlant
    let y0: Int32, y1: Int32

    /// Adds it to `region`. Rows whose rectangle would meet one already there (a needle's
    /// tip under the ring) join it as a whole rectangle; the rows above and below stay
    /// slanted.
    func add(to region: inout Region) {
        let whole = band.rect(rows: y0, y1)
        guard let met = region.rowsMeeting(whole) else {
            region.append(disjoint: whole, slant: slant)
            return
        }
        let m0 = Swift.max(met.y0, y0), m1 = Swift.min(met.y1, y1)
        func add(rows first: Int32, _ end: Int32) {
            guard first < end else { return }
            let part = band.rect(rows: first, end)
            if region.rowsMeeting(part) != nil {
                region.formUnion(part)
            } else {
                region.append(disjoint: part, slant: slant)
            }
        }
        add(rows: y0, m0)
        add(rows: m1, y1)
        if m0 < m1 { region.formUnion(band.rect(rows: m0, m1)) }
    }
}

/// The columns between two rays from a centre, grown by `Quad.sideInkReach`, on the rows of one side
/// of it (`ArcGeometry.slantedSlice`).
private struct SliceBand {
    let left: Quad.Chord, right: Quad.Chord
    let leftReach: Int64, rightReach: Int64

    /// `far`: a raw row on the rays' side, the farthest from the centre, where the two lines
    /// are told apart.
    init(centre: Point, _ da: Direction, _ db: Direction, far: Int64) {
        let cx = Int64(centre.x.raw), cy = Int64(centre.y.raw)
        // A ray's line through the centre along its direction (Q16, the wedge's own).
        func line(_ d: Direction) -> Quad.Chord {
            let dx = Int64(d.cos), dy = Int64(d.sin)
            return dy > 0
                ? Quad.Chord(top: cx, bottom: cx + dx, y0: cy, y1: cy + dy)
                : Quad.Chord(top: cx + dx, bottom: cx, y0: cy + dy, y1: cy)
        }
        // How far along a row a ray's line reaches, and 2 raw more for the rounding of the
        // rows' box. A pixel changes only where the value arc's wedge coverage changes,
        // which is nonzero and below 256 only within half a pixel of a ray's line (the
        // wedge's half-planes): a side's reach, however near a corner of the ring it lies.
        func across(_ d: Direction) -> Int64 { Quad.columnsAcross(Quad.sideInkReach, dx: Int64(d.cos), dy: abs(Int64(d.sin))) + 2 }
        let lineA = line(da), lineB = line(db)
        let aIsLeft = lineA.floor(at: far) <= lineB.floor(at: far)
        left = aIsLeft ? lineA : lineB
        right = aIsLeft ? lineB : lineA
        leftReach = across(aIsLeft ? da : db)
        rightReach = across(aIsLeft ? db : da)
    }

    var slant: RowSlant? {
        guard let l = left.step, let r = right.step else { return nil }
        return RowSlant(left: l, right: r)
    }

    /// The columns of pixel row `r`, rounded outward.
    func columns(_ r: Int32) -> (Int32, Int32) {
        let centreY = Int64(r) << 8 + 128
        return (
            PointBox.firstPixel(within: 0, of: left.floor(at: centreY) - leftReach),
            PointBox.endPixel(within: 0, of: right.ceil(at: centreY) + rightReach)
        )
    }

    /// The rectangle of rows first..<end: each edge at its outermost of the two end rows.
    func rect(rows first: Int32, _ end: Int32) -> IntRect {
        let t = columns(first), u = columns(end - 1)
        return IntRect(x0: Swift.min(t.0, u.0), y0: first, x1: Swift.max(t.1, u.1), y1: end)
    }
}
