/// From a shape and a paint to the rasterizer specialised for the shape, the paint and the
/// surface's pixel format: every primitive ends here. Gradients on shapes other than arcs
/// share one shader type (`GradientPaintShader`), so each shape has a walk per format for
/// solid colours and one for gradients, not one per kind of gradient.
extension Canvas {
    /// Rasterizes any shape with any paint into this canvas's format.
    func draw<S: CoverageShape>(_ shape: S, paint: Paint) {
        switch paint {
        case .solid(let color):
            guard color.a != 0 else { return }
            draw(shape, shader: SolidShader(color))
        case .linear(let gradient): draw(shape, shader: GradientPaintShader(GradientShader(gradient)))
        case .conic(let gradient): ConicColorTable.with(gradient) { draw(shape, shader: GradientPaintShader($0)) }
        }
    }

    /// A shape whose rows are one interval each (quads, discs, rounded rectangles): walked
    /// as scalars (`Rasterizer.fillConvex`) in a solid colour. Chosen over the general
    /// `draw` wherever the shape's type is known to be convex.
    func draw<S: ConvexCoverageShape>(_ shape: S, paint: Paint) {
        switch paint {
        case .solid(let color):
            guard color.a != 0 else { return }
            drawConvex(shape, shader: SolidShader(color))
        // Gradients take the general walk: the same pixels, from one walk per shape and
        // format that spans lists make small, where the scalar walk is worth its size
        // only for the solid colours every frame is made of.
        case .linear(let gradient): draw(shape, shader: GradientPaintShader(GradientShader(gradient)))
        case .conic(let gradient): ConicColorTable.with(gradient) { draw(shape, shader: GradientPaintShader($0)) }
        }
    }

    /// An arc: its rows walked from the ring's scalars (`Rasterizer.fillArc`) when nothing
    /// masks the canvas, else the general masked fill.
    func draw(_ arc: ArcShape, paint: Paint) {
        switch paint {
        case .solid(let color):
            guard color.a != 0 else { return }
            drawArc(arc, shader: SolidShader(color))
        case .linear(let gradient): drawArc(arc, shader: GradientShader(gradient))
        case .conic(let gradient): ConicColorTable.with(gradient) { drawArc(arc, shader: $0) }
        }
    }

    private func drawArc<H: Shader>(_ arc: ArcShape, shader: H) {
        guard !isMasked else { draw(arc, shader: shader); return }
        switch surface.format {
        case .xrgb8888, .argb8888:
            Rasterizer.fillArc(arc, shader: shader, codec: ARGB32Codec.self, surface: surface, clip: clip)
        case .rgb565:
            Rasterizer.fillArc(arc, shader: shader, codec: RGB565Codec.self, surface: surface, clip: clip)
        }
    }

    func draw<S: CoverageShape, H: Shader>(_ shape: S, shader: H) {
        if isMasked {
            switch surface.format {
            case .xrgb8888, .argb8888:
                Rasterizer.fill(shape, shader: shader, codec: ARGB32Codec.self, surface: surface, clip: clip, mask: mask)
            case .rgb565:
                Rasterizer.fill(shape, shader: shader, codec: RGB565Codec.self, surface: surface, clip: clip, mask: mask)
            }
            return
        }
        switch surface.format {
        case .xrgb8888, .argb8888:
            Rasterizer.fill(shape, shader: shader, codec: ARGB32Codec.self, surface: surface, clip: clip)
        case .rgb565:
            Rasterizer.fill(shape, shader: shader, codec: RGB565Codec.self, surface: surface, clip: clip)
        }
    }

    func drawConvex<S: ConvexCoverageShape, H: Shader>(_ shape: S, shader: H) {
        if isMasked {
            switch surface.format {
            case .xrgb8888, .argb8888:
                Rasterizer.fillConvex(shape, shader: shader, codec: ARGB32Codec.self, surface: surface, clip: clip, mask: mask)
            case .rgb565:
                Rasterizer.fillConvex(shape, shader: shader, codec: RGB565Codec.self, surface: surface, clip: clip, mask: mask)
            }
            return
        }
        switch surface.format {
        case .xrgb8888, .argb8888:
            Rasterizer.fillConvex(shape, shader: shader, codec: ARGB32Codec.self, surface: surface, clip: clip)
        case .rgb565:
            Rasterizer.fillConvex(shape, shader: shader, codec: RGB565Codec.self, surface: surface, clip: clip)
        }
    }
}
