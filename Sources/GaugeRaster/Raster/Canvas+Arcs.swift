/// One butt-ended arc of a ring: from `start` sweeping `sweep` (clockwise when positive),
/// in `paint`.
public struct ArcSegment {
    public var start: Angle
    public var sweep: Angle
    public var paint: Paint
    public init(start: Angle, sweep: Angle, paint: Paint) {
        self.start = start
        self.sweep = sweep
        self.paint = paint
    }
}

extension Canvas {
    /// Two butt-ended arcs on one ring, `over` drawn on top of `under` — a dial's value arc
    /// over its track: the same pixels as `strokeArc` for `under` and then for `over`, with
    /// each row of the ring computed once for both (`Rasterizer.fillArcs`).
    ///
    /// `background`: an opaque colour every pixel of the ring holds when the draw begins
    /// (a dial's, drawn right after its background). With a shape cache, each arc's pixels
    /// over it are then kept (`RingPixels`), and the intervals of a row an arc holds whole
    /// are copied from them — the same pixels.
    public func strokeArcs(
        centre: Point, radius: Fixed, thickness: Fixed, under: ArcSegment, over: ArcSegment,
        background: Color? = nil
    ) {
        guard thickness.raw > 0, radius.raw > 0 else { return }
        func isArc(_ s: ArcSegment) -> Bool { s.sweep.raw != 0 && s.sweep.raw.magnitude < UInt32(Angle.unitsPerTurn) }
        func isTransparent(_ p: Paint) -> Bool { if case .solid(let c) = p { return c.a == 0 } else { return false } }
        // Whole rings, empty sweeps, invisible paints, a gradient track and, without a
        // shape cache, damage masks draw one arc after the other (a damage redraw's
        // rectangles hold a few rows of each arc: sharing rows computed for them cost more
        // than it saved, measured).
        func oneAfterTheOther() {
            strokeArc(centre: centre, radius: radius, thickness: thickness, start: under.start, sweep: under.sweep, paint: under.paint)
            strokeArc(centre: centre, radius: radius, thickness: thickness, start: over.start, sweep: over.sweep, paint: over.paint)
        }
        let t = Fixed(raw: Swift.min(thickness.raw, radius.raw))
        let ring = RingShape(centre: centre, outer: radius, inner: radius - t)
        guard !isMasked || shapes != nil, isArc(under), isArc(over), !isTransparent(over.paint),
            case .solid(let underColor) = under.paint, underColor.a != 0,
            !ring.bounds.intersection(clip).isEmpty
        else {
            oneAfterTheOther()
            return
        }
        let lower = ArcShape(ring, WedgeShape(centre: centre, start: under.start, sweep: under.sweep, bounds: ring.bounds))
        let upper = ArcShape(ring, WedgeShape(centre: centre, start: over.start, sweep: over.sweep, bounds: ring.bounds))
        let lowerShader = SolidShader(underColor)
        // With a shape cache, the ring's rows (and a conic gradient's per-pixel steps) are
        // computed on the first frame and read back on the next ones; without one, a
        // damage mask draws one arc after the other (above).
        var conic: ConicGradient? = nil
        if case .conic(let gradient) = over.paint { conic = gradient }
        let stored = shapes?.ring(ring, conic: conic)
        if let stored {
            let keep = keepRequest(ring, conic: conic, under: underColor, over: over.paint, background: background)
            fillArcs(lower, lowerShader, upper, over.paint, rows: stored, stored: stored, keep: keep)
        } else {
            guard !isMasked else {
                oneAfterTheOther()
                return
            }
            fillArcs(lower, lowerShader, upper, over.paint, rows: ring, stored: nil, keep: nil)
        }
    }

    /// What to ask the shape cache for to keep the arcs' pixels over `background`: nil
    /// without a cache, an opaque background or a paint that can be kept.
    private func keepRequest(
        _ ring: RingShape, conic: ConicGradient?, under: Color, over: Paint,
        background: Color?
    ) -> ArcPixelsRequest? {
        guard let shapes, let background, background.a == 255, let overPaint = RingPixels.PaintKey(over) else { return nil }
        let format = surface.format
        return ArcPixelsRequest(
            cache: shapes, background: background,
            under: RingPixels.Key(ring: StoredRing.Key(ring, conic: nil), paint: .solid(under), background: background, format: format),
            over: RingPixels.Key(ring: StoredRing.Key(ring, conic: conic), paint: overPaint, background: background, format: format))
    }

    /// Both arcs in `paint` over the track, the ring's rows from `rows` (`stored`, or the
    /// ring computing them).
    private func fillArcs<R: RingRowSource>(
        _ under: ArcShape, _ underShader: SolidShader, _ over: ArcShape, _ paint: Paint,
        rows: R, stored: StoredRing?, keep: ArcPixelsRequest?
    ) {
        func arcs<H: Shader>(_: H.Type) -> ArcPairFill<R, H> {
            ArcPairFill(under: under, underShader: underShader, over: over, keep: keep)
        }
        switch paint {
        case .solid(let color): visitPixels(arcs(SolidShader.self), rows, SolidShader(color))
        case .linear(let gradient): visitPixels(arcs(GradientShader<LinearGradient>.self), rows, GradientShader(gradient))
        case .conic(let gradient): ConicColorTable.with(gradient, stored: stored) { visitPixels(arcs(ConicColorTable.self), rows, $0) }
        }
    }
}

/// `strokeArcs` in one format: the ring's rows (kept or computed) as the shape, the over
/// arc's shader as the paint. A damage redraw walks each damaged rectangle the arcs may
/// reach as its own clip (the rectangles are disjoint: the same pixels), a slanted one's
/// rows cut to its slant.
private struct ArcPairFill<R: RingRowSource, H: Shader>: PixelVisitor {
    let under: ArcShape, underShader: SolidShader, over: ArcShape
    let keep: ArcPixelsRequest?
    @inline(__always) func visit<C: PixelCodec>(_: C.Type, on canvas: Canvas, _ rows: R, _ overShader: H) {
        // A loop of its own, not `forEachPart`: through its closure, the walk without a
        // shape cache called `RingShape.scalarRow` per row instead of inlining it (a first
        // frame cost 0.2 % more on x86_64; measured).
        let box = under.ring.bounds.intersection(canvas.clip)
        let kept = keep?.pixels(C.self, ring: under.ring, rows: rows, under: underShader, over: overShader)
        guard canvas.isMasked else {
            Rasterizer.fillArcs(
                under: under, shader: underShader, over: over, shader: overShader,
                codec: C.self, surface: canvas.surface, clip: box, ringRows: rows, slanted: SlantedRows(),
                kept: kept)
            return
        }
        for i in 0..<canvas.mask.count {
            let slanted = canvas.mask.slantedRows(i), part = slanted.rect.intersection(box)
            guard !part.isEmpty && under.eitherMayCover(part, or: over) else { continue }
            Rasterizer.fillArcs(
                under: under, shader: underShader, over: over, shader: overShader,
                codec: C.self, surface: canvas.surface, clip: part, ringRows: rows, slanted: slanted,
                kept: kept)
        }
    }
}

/// A dial's request to keep its arcs' pixels in the shape cache (`strokeArcs`'s
/// `background`): each arc's key, and the background they are drawn over.
struct ArcPixelsRequest {
    let cache: ShapeCache, background: Color
    let under: RingPixels.Key, over: RingPixels.Key

    /// Both arcs' pixels in `codec`'s format, kept from an earlier frame or made now; nil
    /// when they would not fit the cache.
    func pixels<R: RingRowSource, HU: Shader, HO: Shader, C: PixelCodec>(
        _: C.Type, ring: RingShape, rows: R, under underShader: HU, over overShader: HO
    ) -> KeptArcs? {
        guard let u = pixels(under, C.self, ring, rows, underShader), let o = pixels(over, C.self, ring, rows, overShader) else {
            return nil
        }
        return KeptArcs(under: u, over: o)
    }

    private func pixels<R: RingRowSource, H: Shader, C: PixelCodec>(
        _ key: RingPixels.Key, _: C.Type, _ ring: RingShape, _ rows: R, _ shader: H
    ) -> RingPixels? {
        if let kept = cache.keptPixels(key) { return kept }
        let bytes = RingPixels.pixelCount(rows, in: ring.bounds) &* MemoryLayout<C.Storage>.stride
        guard ShapeCache.keepsPixels(bytes: bytes) else { return nil }
        let made = RingPixels(ring: ring, rows: rows, shader: shader, codec: C.self, background: background)
        cache.keep(made, for: key)
        return made
    }
}
