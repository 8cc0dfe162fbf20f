/// One butt-ended arc of a ring: from `start` sweeping `sweep` (clockwise when positive),
/// in `paint`.
public struct ArcSegment {
    public var start: Angle
    public var sweep: Angle
    public var paint: Paint
    public init(start: Angle, sweep: Angle, paint: Paint) {
        self.start = start; self.sweep = sweep; self.paint = paint
    }
}

extension Canvas {
    /// Two butt-ended arcs on one ring, `over` drawn on top of `under` — a dial's value arc
    /// over its track: the same pixels as `strokeArc` for `under` and then for `over`, with
    /// each row of the ring computed once for both (`Rasterizer.fillArcs`).
    public func strokeArcs(centre: Point, radius: Fixed, thickness: Fixed, under: ArcSegment, over: ArcSegment) {
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
              !ring.bounds.intersection(clip).isEmpty else { oneAfterTheOther(); return }
        let lower = ArcShape(ring, WedgeShape(centre: centre, start: under.start, sweep: under.sweep, bounds: ring.bounds))
        let upper = ArcShape(ring, WedgeShape(centre: centre, start: over.start, sweep: over.sweep, bounds: ring.bounds))
        let lowerShader = SolidShader(underColor)
        // With a shape cache, the ring's rows (and a conic gradient's per-pixel steps) are
        // computed on the first frame and read back on the next ones.
        var conic: ConicGradient? = nil
        if case .conic(let gradient) = over.paint { conic = gradient }
        let stored = shapes?.ring(ring, conic: conic)
        if let stored {
            // A damage redraw walks each damaged rectangle the arcs may reach as its own
            // clip (the rectangles are disjoint: the same pixels); a slanted one's rows are
            // cut to its slant.
            let box = ring.bounds.intersection(clip)
            func eachPart(_ body: (Canvas, SlantedRows) -> Void) {
                guard isMasked else { body(self, SlantedRows()); return }
                for i in 0..<mask.count {
                    let rows = mask.slantedRows(i), part = rows.rect.intersection(box)
                    if !part.isEmpty && lower.eitherMayCover(part, or: upper) { body(Canvas(surface, clip: part), rows) }
                }
            }
            switch over.paint {
            case .solid(let color): eachPart { $0.fillArcs(lower, lowerShader, upper, SolidShader(color), rows: stored, $1) }
            case .linear(let gradient): eachPart { $0.fillArcs(lower, lowerShader, upper, GradientShader(gradient), rows: stored, $1) }
            case .conic(let gradient):
                ConicColorTable.with(gradient, stored: stored) { table in
                    eachPart { $0.fillArcs(lower, lowerShader, upper, table, rows: stored, $1) }
                }
            }
            return
        }
        guard !isMasked else { oneAfterTheOther(); return }
        switch over.paint {
        case .solid(let color): fillArcs(lower, lowerShader, upper, SolidShader(color), rows: ring, SlantedRows())
        case .linear(let gradient): fillArcs(lower, lowerShader, upper, GradientShader(gradient), rows: ring, SlantedRows())
        case .conic(let gradient): ConicColorTable.with(gradient) { fillArcs(lower, lowerShader, upper, $0, rows: ring, SlantedRows()) }
        }
    }

    private func fillArcs<H: Shader, R: RingRowSource>(_ under: ArcShape, _ underShader: SolidShader, _ over: ArcShape,
                                                       _ overShader: H, rows: R, _ slanted: SlantedRows) {
        switch surface.format {
        case .xrgb8888, .argb8888:
            Rasterizer.fillArcs(under: under, shader: underShader, over: over, shader: overShader,
                                codec: ARGB32Codec.self, surface: surface, clip: clip, ringRows: rows, slanted: slanted)
        case .rgb565:
            Rasterizer.fillArcs(under: under, shader: underShader, over: over, shader: overShader,
                                codec: RGB565Codec.self, surface: surface, clip: clip, ringRows: rows, slanted: slanted)
        }
    }
}
