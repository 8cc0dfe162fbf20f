/// A drawing operation written once for every pixel format: `visit` is specialised for
/// each format's codec, as `WidgetContent.visit` specialises a widget operation per kind.
/// Embedded Swift has no existentials of value protocols, so the codec is a generic
/// parameter, never a value.
///
/// What is drawn and its paint come as arguments, borrowed, as the canvas does: stored
/// in the visitor they were copied on every draw (a tick's quad, and a cached tick's
/// storage retained — measured), as the canvas's 768-byte mask would be.
protocol PixelVisitor {
    associatedtype Shape
    associatedtype Paint
    /// Draws `shape` in `paint` into `canvas`'s pixels, packed by `codec`.
    func visit<C: PixelCodec>(_ codec: C.Type, on canvas: Canvas, _ shape: Shape, _ paint: Paint)
}

extension Canvas {
    /// Drawing's one switch over pixel formats: `visitor` runs with the codec of the
    /// surface's format (XRGB8888 and ARGB8888 draw alike, through `ARGB32Codec`; only
    /// reading a pixel back, `Surface.color`, tells them apart). Masked or not is the
    /// visitor's to decide, inside its one specialisation per codec.
    @inline(__always)
    func visitPixels<V: PixelVisitor>(_ visitor: V, _ shape: V.Shape, _ paint: V.Paint) {
        switch surface.format {
        case .xrgb8888, .argb8888: visitor.visit(ARGB32Codec.self, on: self, shape, paint)
        case .rgb565: visitor.visit(RGB565Codec.self, on: self, shape, paint)
        }
    }

    /// The parts of `rect` (inside the clip) this canvas may write, each with the columns
    /// its rows are cut to: `rect` itself when nothing masks the canvas, else its piece of
    /// each of the mask's rectangles that it meets.
    @inline(__always)
    func forEachPart(of rect: IntRect, _ body: (IntRect, SlantedRows) -> Void) {
        guard isMasked else {
            body(rect, SlantedRows())
            return
        }
        for i in 0..<mask.count {
            let rows = mask.slantedRows(i), part = rows.rect.intersection(rect)
            if !part.isEmpty { body(part, rows) }
        }
    }
}
