/// Two arcs of one ring, the second drawn over the first — a dial's track and its value
/// arc. The pixels are those of two `fill`s one after the other: every pixel still gets
/// the under arc's blend and then the over arc's. Only the ring's row (four square roots
/// and its intervals) is computed once for both on the rows they share, where two fills
/// computed it twice; and on the rows no ray of an arc crosses (most of them), the ring's
/// intervals are walked as scalars, without span lists.
extension Rasterizer {
    /// `over.ring` must be `under.ring` (the caller builds both from one ring); `ringRows`
    /// gives that ring's rows (the ring itself, or its rows kept from an earlier frame).
    static func fillArcs<HU: Shader, HO: Shader, C: PixelCodec, R: RingRowSource>(
        under: ArcShape, shader underShader: HU, over: ArcShape, shader overShader: HO,
        codec: C.Type, surface: Surface, clip: IntRect, ringRows: R, slanted: SlantedRows = SlantedRows(),
        kept: KeptArcs? = nil
    ) {
        // The kept arcs are unwrapped once, outside the rows (bound on each row, both would
        // be retained and released on each). Kept rows come to a closure, the others are
        // asked for one by one: the forms callgrind counts fewest instructions for (a full
        // frame's rings and a first frame's).
        if let kept {
            forEachArcRow(under, over, clip: clip, slanted: slanted) { y, u0, u1, o0, o1, drawsUnder, drawsOver in
                // The ring held the background: intervals an arc holds whole are copied.
                let ring = ringRows.scalarRow(y)
                var untouched = Rasterizer.Untouched.both
                if drawsUnder {
                    untouched = walkArcRow(
                        under, ring, kept: kept.under, untouched: untouched, shader: underShader,
                        codec: C.self, surface: surface, y: y, from: u0, to: u1)
                }
                if drawsOver {
                    _ = walkArcRow(
                        over, ring, kept: kept.over, untouched: untouched, shader: overShader,
                        codec: C.self, surface: surface, y: y, from: o0, to: o1)
                }
            }
            return
        }
        let rows = ArcPairRows(under, over, clip: clip, slanted: slanted)
        for y in rows.rows {
            let r = rows.row(y)
            if !r.drawsUnder && !r.drawsOver { continue }
            let ring = ringRows.scalarRow(y)
            if r.drawsUnder {
                walkArcRow(under, ring, shader: underShader, codec: C.self, surface: surface, y: y, from: r.u0, to: r.u1)
            }
            if r.drawsOver {
                walkArcRow(over, ring, shader: overShader, codec: C.self, surface: surface, y: y, from: r.o0, to: r.o1)
            }
        }
    }

    /// `body` of each row `ArcPairRows` gives, as scalars.
    @inline(__always)
    private static func forEachArcRow(
        _ under: ArcShape, _ over: ArcShape, clip: IntRect, slanted: SlantedRows,
        _ body: (_ y: Int32, _ u0: Int32, _ u1: Int32, _ o0: Int32, _ o1: Int32, _ drawsUnder: Bool, _ drawsOver: Bool) -> Void
    ) {
        var rows = ArcPairRows(under, over, clip: clip, slanted: slanted)
        while let r = rows.next() { body(r.y, r.u0, r.u1, r.o0, r.o1, r.drawsUnder, r.drawsOver) }
    }

    /// One arc, its rows walked as `fillArcs` walks each of its two: the same pixels as
    /// `fill`.
    static func fillArc<H: Shader, C: PixelCodec>(_ arc: ArcShape, shader: H, codec: C.Type, surface: Surface, clip: IntRect) {
        let box = arc.bounds.intersection(clip)
        guard !box.isEmpty else { return }
        let narrowed = box.x0 > arc.bounds.x0 || box.x1 < arc.bounds.x1
        for y in box.y0..<box.y1 {
            if narrowed && !arc.mayCover(row: y, from: box.x0, to: box.x1) { continue }
            walkArcRow(arc, arc.ring.scalarRow(y), shader: shader, codec: C.self, surface: surface, y: y, from: box.x0, to: box.x1)
        }
    }

    /// Row y of an arc from its ring's row: `walk` of `ArcShape.row`'s spans. Where the
    /// wedge holds each of the ring's intervals wholly or not at all (`ArcShape.row`'s cheap
    /// case), the held intervals are walked directly with the ring's coverage
    /// (`walkHeldPiece`, written out here: called, a first frame cost 2 % more); where a ray
    /// crosses one, the arc's own row decides.
    @inline(__always)
    static func walkArcRow<H: Shader, C: PixelCodec>(
        _ arc: ArcShape, _ ring: RingShape.Scalars, shader: H, codec: C.Type, surface: Surface,
        y: Int32, from x0: Int32, to x1: Int32
    ) {
        let first = ring.first, second = ring.second
        guard first.lo < first.hi else { return }
        let held = heldPieces(arc, ring, y: y, from: x0, to: x1), left = held.left, right = held.right
        if left == .mixed || right == .mixed {
            walkCrossedRow(arc, ring, shader: shader, codec: C.self, surface: surface, y: y, from: x0, to: x1)
            return
        }
        // A full interval belongs to the non-zero one it starts in (`ArcShape.row`'s split).
        let split = second.lo < second.hi ? second.lo : Int32.max
        let none: (lo: Int32, hi: Int32) = (0, 0)
        let fa = ring.fullFirst, fb = ring.fullSecond
        let pixels = surface.row(y).assumingMemoryBound(to: C.Storage.self)
        if left == .full {
            walkPiece(
                arc.ring, ring.row, first, fa.lo < split ? fa : none, fb.lo < fb.hi && fb.lo < split ? fb : none,
                shader: shader, codec: C.self, pixels: pixels, y: y, from: x0, to: x1)
        }
        if right == .full {
            walkPiece(
                arc.ring, ring.row, second, fa.lo < fa.hi && fa.lo >= split ? fa : none, fb.lo >= split ? fb : none,
                shader: shader, codec: C.self, pixels: pixels, y: y, from: x0, to: x1)
        }
    }

    /// What the arc's wedge holds of each of the ring's intervals on row y (the first
    /// non-empty) within the columns [x0, x1) a walk writes, proven from the planes'
    /// distances at their ends: a damaged rectangle a few pixels wide often misses the ray
    /// that crosses the ring's row elsewhere. An interval the columns miss holds nothing.
    @inline(__always)
    static func heldPieces(_ arc: ArcShape, _ ring: RingShape.Scalars, y: Int32, from x0: Int32, to x1: Int32)
        -> (left: WedgeShape.Uniformity, right: WedgeShape.Uniformity)
    {
        let first = ring.first, second = ring.second
        let offsets = arc.wedge.rowOffsets(y)
        let l0 = Swift.max(first.lo, x0), l1 = Swift.min(first.hi, x1)
        let r0 = Swift.max(second.lo, x0), r1 = Swift.min(second.hi, x1)
        let left = l0 < l1 ? arc.wedge.uniformity(offsets, from: l0, through: l1 &- 1) : .none
        let right = r0 < r1 ? arc.wedge.uniformity(offsets, from: r0, through: r1 &- 1) : .none
        return (left, right)
    }

    /// A row a ray of the arc crosses: the arc's own row (`ArcShape.crossedRow`) walked.
    static func walkCrossedRow<H: Shader, C: PixelCodec>(
        _ arc: ArcShape, _ ring: RingShape.Scalars, shader: H, codec: C.Type, surface: Surface,
        y: Int32, from x0: Int32, to x1: Int32
    ) {
        let first = ring.first, second = ring.second
        let split = second.lo < second.hi ? second.lo : Int32.max
        if !arc.wedge.reflex {
            walkCrossedNarrowRow(arc, ring, split: split, shader: shader, codec: C.self, surface: surface, y: y, from: x0, to: x1)
            return
        }
        var nonZero = SpanList(first.lo, first.hi), full = SpanList(ring.fullFirst.lo, ring.fullFirst.hi)
        nonZero.append(second.lo, second.hi, superset: true)
        full.append(ring.fullSecond.lo, ring.fullSecond.hi, superset: false)
        var spans = RowSpans()
        let rowState = arc.crossedRow(y, ring: ring.row, RowSpans(nonZero: nonZero, full: full), split: split, spans: &spans)
        walk(arc, rowState, spans, shader: shader, codec: C.self, surface: surface, y: y, from: x0, to: x1)
    }

    /// `walkCrossedRow` for a wedge of at most half a turn, whose row is one interval: the
    /// pixels `walk` writes for the ring's and the wedge's spans intersected (non-zero in
    /// both: blended with the arc's coverage; full in both: the span fill), found as
    /// scalars within [x0, x1) — a damaged rectangle holds a few pixels of the row, where
    /// span lists cost more than the pixels.
    @inline(__always)
    static func walkCrossedNarrowRow<H: Shader, C: PixelCodec>(
        _ arc: ArcShape, _ ring: RingShape.Scalars, split: Int32, shader: H, codec: C.Type, surface: Surface,
        y: Int32, from x0: Int32, to x1: Int32
    ) {
        var wedgeSpans = RowSpans()
        let wedgeRow = arc.wedge.row(y, spans: &wedgeSpans)
        guard wedgeSpans.nonZero.count > 0 else { return }
        let reach = wedgeSpans.nonZero[0]
        let lo = Swift.max(reach.start, x0), hi = Swift.min(reach.end, x1)
        guard lo < hi else { return }
        let full = wedgeSpans.full.count > 0 ? wedgeSpans.full[0] : (start: hi, end: hi)
        let row = ArcShape.Row(ring: ring.row, wedge: wedgeRow, split: split, leftInside: false, rightInside: false)
        let pixels = surface.row(y).assumingMemoryBound(to: C.Storage.self)
        // The full pixels: the ring's full intervals within the wedge's.
        let fa = (lo: Swift.max(ring.fullFirst.lo, full.start), hi: Swift.min(ring.fullFirst.hi, full.end))
        let fb = (lo: Swift.max(ring.fullSecond.lo, full.start), hi: Swift.min(ring.fullSecond.hi, full.end))
        walkPiece(
            arc, row, ring.first, fa, fb, shader: shader, codec: C.self, pixels: pixels, y: y, from: lo, to: hi)
        if ring.second.lo < ring.second.hi {
            walkPiece(
                arc, row, ring.second, fa, fb, shader: shader, codec: C.self, pixels: pixels, y: y, from: lo, to: hi)
        }
    }

    /// The pixels of `piece` within [x0, x1) of a ring's or an arc's row: those in the full
    /// intervals `fa` then `fb` (in order, inside the piece; empty when lo ≥ hi) through the
    /// span fill, the others blended with the shape's coverage (no nested function: one
    /// that changes a captured variable costs a heap box per call).
    @inline(__always)
    static func walkPiece<S: CoverageShape, H: Shader, C: PixelCodec>(
        _ shape: S, _ row: S.Row, _ piece: (lo: Int32, hi: Int32),
        _ fa: (lo: Int32, hi: Int32), _ fb: (lo: Int32, hi: Int32),
        shader: H, codec: C.Type, pixels: UnsafeMutablePointer<C.Storage>, y: Int32, from x0: Int32, to x1: Int32
    ) {
        let end = Swift.min(piece.hi, x1)
        var x = Swift.max(piece.lo, x0)
        guard x < end else { return }
        var start = Swift.max(fa.lo, x), stop = Swift.min(fa.hi, end)
        if start < stop {
            blendCovered(shape, row, shader: shader, codec: C.self, pixels: pixels, y: y, from: x, to: start)
            shader.fill(pixels, y: y, from: start, to: stop, codec: C.self)
            x = stop
        }
        start = Swift.max(fb.lo, x)
        stop = Swift.min(fb.hi, end)
        if start < stop {
            blendCovered(shape, row, shader: shader, codec: C.self, pixels: pixels, y: y, from: x, to: start)
            shader.fill(pixels, y: y, from: start, to: stop, codec: C.self)
            x = stop
        }
        blendCovered(shape, row, shader: shader, codec: C.self, pixels: pixels, y: y, from: x, to: end)
    }

    /// Pixels x0 ..< x1 of a shape's row (a ring's, an arc's) blended with their coverage.
    @inline(__always)
    static func blendCovered<S: CoverageShape, H: Shader, C: PixelCodec>(
        _ shape: S, _ row: S.Row, shader: H, codec: C.Type, pixels: UnsafeMutablePointer<C.Storage>,
        y: Int32, from x0: Int32, to x1: Int32
    ) {
        var x = x0
        while x < x1 {
            let c = shape.coverage(x: x, row: row)
            if c != 0 { shader.blend(pixels, x: x, y: y, coverage: c, codec: C.self) }
            x &+= 1
        }
    }

    /// The first (or `second`) of the ring's intervals on a row, within [x0, x1), as an arc
    /// whose wedge holds it whole: its full intervals through the span fill, the rest
    /// blended with the ring's coverage. `RingPixels` keeps what this writes.
    @inline(__always)
    static func walkHeldPiece<H: Shader, C: PixelCodec>(
        second: Bool, _ ring: RingShape, _ scalars: RingShape.Scalars, shader: H, codec: C.Type,
        pixels: UnsafeMutablePointer<C.Storage>, y: Int32, from x0: Int32, to x1: Int32
    ) {
        // A full interval belongs to the non-zero one it starts in (`ArcShape.row`'s split).
        let none: (lo: Int32, hi: Int32) = (0, 0)
        let fa = scalars.fullFirst, fb = scalars.fullSecond
        let split = scalars.second.lo < scalars.second.hi ? scalars.second.lo : Int32.max
        if second {
            walkPiece(
                ring, scalars.row, scalars.second, fa.lo < fa.hi && fa.lo >= split ? fa : none, fb.lo >= split ? fb : none,
                shader: shader, codec: C.self, pixels: pixels, y: y, from: x0, to: x1)
        } else {
            walkPiece(
                ring, scalars.row, scalars.first, fa.lo < split ? fa : none, fb.lo < fb.hi && fb.lo < split ? fb : none,
                shader: shader, codec: C.self, pixels: pixels, y: y, from: x0, to: x1)
        }
    }
}
