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

    private func drawArc<H: Shader>(_ arc: ArcShape, shader: H) { visitPixels(ArcFill(), arc, shader) }

    func draw<S: CoverageShape, H: Shader>(_ shape: S, shader: H) { visitPixels(SpanFill(), shape, shader) }

    func drawConvex<S: ConvexCoverageShape, H: Shader>(_ shape: S, shader: H) { visitPixels(ConvexFill(), shape, shader) }
}

// The fills, one visitor each: masked or not is decided inside the format's
// specialisation, so a draw meets one switch over formats.

/// Any shape through its span lists; a masked canvas computes each row once for all the
/// mask's rectangles on it.
private struct SpanFill<S: CoverageShape, H: Shader>: PixelVisitor {
    @inline(__always) func visit<C: PixelCodec>(_: C.Type, on canvas: Canvas, _ shape: S, _ shader: H) {
        if canvas.isMasked {
            Rasterizer.fill(shape, shader: shader, codec: C.self, surface: canvas.surface, clip: canvas.clip, mask: canvas.mask)
        } else {
            Rasterizer.fill(shape, shader: shader, codec: C.self, surface: canvas.surface, clip: canvas.clip)
        }
    }
}

/// A convex shape through its rows' scalars.
private struct ConvexFill<S: ConvexCoverageShape, H: Shader>: PixelVisitor {
    @inline(__always) func visit<C: PixelCodec>(_: C.Type, on canvas: Canvas, _ shape: S, _ shader: H) {
        if canvas.isMasked {
            Rasterizer.fillConvex(shape, shader: shader, codec: C.self, surface: canvas.surface, clip: canvas.clip, mask: canvas.mask)
        } else {
            Rasterizer.fillConvex(shape, shader: shader, codec: C.self, surface: canvas.surface, clip: canvas.clip)
        }
    }
}

/// An arc: from the ring's scalars when nothing masks the canvas, else as any shape.
private struct ArcFill<H: Shader>: PixelVisitor {
    @inline(__always) func visit<C: PixelCodec>(_: C.Type, on canvas: Canvas, _ arc: ArcShape, _ shader: H) {
        if canvas.isMasked {
            Rasterizer.fill(arc, shader: shader, codec: C.self, surface: canvas.surface, clip: canvas.clip, mask: canvas.mask)
        } else {
            Rasterizer.fillArc(arc, shader: shader, codec: C.self, surface: canvas.surface, clip: canvas.clip)
        }
    }
}
