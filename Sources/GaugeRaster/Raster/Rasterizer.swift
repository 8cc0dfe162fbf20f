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
        // Only when the clip cuts the shape's columns can whole rows miss it.
        let narrowed = box.x0 > shape.bounds.x0 || box.x1 < shape.bounds.x1
        for y in box.y0..<box.y1 {
            if narrowed && !shape.mayCover(row: y, from: box.x0, to: box.x1) { continue }
            spans = RowSpans()
            let rowState = shape.row(y, spans: &spans)
            walk(shape, rowState, spans, shader: shader, codec: C.self, surface: surface, y: y, from: box.x0, to: box.x1)
        }
    }

    /// `fill` writing only the pixels of the mask's rectangles (disjoint) inside the clip:
    /// each row of the shape is computed once, then walked in every rectangle it meets.
    static func fill<S: CoverageShape, H: Shader, C: PixelCodec>(
        _ shape: S, shader: H, codec: C.Type, surface: Surface, clip: IntRect, mask: Region
    ) {
        let box = shape.bounds.intersection(clip)
        guard !box.isEmpty else { return }
        let parts = MaskParts(mask, within: box, mayCover: { shape.mayCover($0) })
        if parts.overflowed {
            mask.forEachRectangle { r in fill(shape, shader: shader, codec: C.self, surface: surface, clip: r.intersection(box)) }
            return
        }
        var spans = RowSpans()
        var firstLive = 0
        for y in parts.rows.y0..<parts.rows.y1 {
            var hits = parts.hits(row: y, firstLive: &firstLive) { shape.mayCover(row: $0, from: $1, to: $2) }
            if hits == 0 { continue }
            spans = RowSpans()
            let rowState = shape.row(y, spans: &spans)
            while hits != 0 {
                let k = hits.trailingZeroBitCount
                hits &= hits - 1
                let r = parts.columns(k, row: y)
                walk(shape, rowState, spans, shader: shader, codec: C.self, surface: surface, y: y, from: r.x0, to: r.x1)
            }
        }
    }

    /// Writes row y of a shape between x0 and x1: full runs through the shader's span
    /// fill, edge pixels blended with their coverage.
    @inlinable @inline(__always)
    static func walk<S: CoverageShape, H: Shader, C: PixelCodec>(
        _ shape: S, _ rowState: S.Row, _ spans: RowSpans, shader: H, codec: C.Type, surface: Surface,
        y: Int32, from x0: Int32, to x1: Int32
    ) {
        let pixels = surface.row(y).assumingMemoryBound(to: C.Storage.self)
        // Read through spans (unchecked: indices stay below the counts, ≤ capacity).
        let nonZeroCount = spans.nonZero.count, fullCount = spans.full.count
        let nonZeroStarts = spans.nonZero.starts.span, nonZeroEnds = spans.nonZero.ends.span
        let fullStarts = spans.full.starts.span, fullEnds = spans.full.ends.span
        var fullIndex = 0
        for i in 0..<nonZeroCount {
            var x = Swift.max(nonZeroStarts[unchecked: i], x0)
            let end = Swift.min(nonZeroEnds[unchecked: i], x1)
            while x < end {
                // Skip full intervals that end before x.
                while fullIndex < fullCount && fullEnds[unchecked: fullIndex] <= x { fullIndex += 1 }
                if fullIndex < fullCount && fullStarts[unchecked: fullIndex] <= x {
                    let runEnd = Swift.min(fullEnds[unchecked: fullIndex], end)
                    shader.fill(pixels, y: y, from: x, to: runEnd, codec: C.self)
                    x = runEnd
                } else {
                    let nextFull = fullIndex < fullCount ? fullStarts[unchecked: fullIndex] : end
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
