/// Walks a shape row by row inside a clip: full spans go to the shader's span fill
/// (memset speed for opaque solid colours), edge pixels are blended one by one with the
/// shape's exact coverage.
enum Rasterizer {
    @inlinable
    static func fill<S: CoverageShape, H: Shader, C: PixelCodec>(
        _ shape: S, shader: H, codec: C.Type, surface: Surface, clip: IntRect
    ) {
        let box = shape.bounds.intersection(clip)
        guard !box.isEmpty else { return }
        var spans = RowSpans()
        for y in box.y0..<box.y1 {
            spans = RowSpans()
            let rowState = shape.row(y, spans: &spans)
            let pixels = surface.row(y).assumingMemoryBound(to: C.Storage.self)
            var fullIndex = 0
            for i in 0..<spans.nonZero.count {
                let span = spans.nonZero[i]
                var x = Swift.max(span.start, box.x0)
                let end = Swift.min(span.end, box.x1)
                while x < end {
                    // Skip full intervals that end before x.
                    while fullIndex < spans.full.count && spans.full[fullIndex].end <= x { fullIndex += 1 }
                    if fullIndex < spans.full.count && spans.full[fullIndex].start <= x {
                        let runEnd = Swift.min(spans.full[fullIndex].end, end)
                        shader.fill(pixels, y: y, from: x, to: runEnd, codec: C.self)
                        x = runEnd
                    } else {
                        let nextFull = fullIndex < spans.full.count ? spans.full[fullIndex].start : end
                        let runEnd = Swift.min(nextFull, end)
                        while x < runEnd {
                            let c = shape.coverage(x: x, row: rowState)
                            if c != 0 { shader.blend(pixels, x: x, y: y, coverage: c, codec: C.self) }
                            x += 1
                        }
                    }
                }
            }
        }
    }
}
