/// A shape each of whose rows is one interval of pixels that may be covered holding one
/// interval of fully covered pixels (a convex polygon, a quad): its rows as four scalars,
/// which `Rasterizer.fillConvex` walks without span lists.
protocol ConvexCoverageShape: CoverageShape {
    /// Row y: `[lo, hi)` may be covered (empty when lo ≥ hi), `[fullLo, fullHi)` is fully
    /// covered (empty when fullLo ≥ fullHi), as `row(_:spans:)` would list them.
    func convexRow(_ y: Int32) -> ConvexRow<Row>
}

struct ConvexRow<State> {
    let state: State
    let lo: Int32, hi: Int32
    let fullLo: Int32, fullHi: Int32
}

extension Rasterizer {
    /// `fill` for a convex shape: the same pixels — edge pixels blended with their coverage,
    /// the full interval through the shader's span fill — from the row's four scalars.
    /// Ticks and needles are a few pixels a row, where building and reading span lists
    /// cost more than the pixels.
    @inlinable
    static func fillConvex<S: ConvexCoverageShape, H: Shader, C: PixelCodec>(
        _ shape: S, shader: H, codec: C.Type, surface: Surface, clip: IntRect
    ) {
        let box = shape.bounds.intersection(clip)
        guard !box.isEmpty else { return }
        var y = box.y0
        while y < box.y1 {
            defer { y &+= 1 }
            let r = shape.convexRow(y)
            let lo = Swift.max(r.lo, box.x0), hi = Swift.min(r.hi, box.x1)
            if lo >= hi { continue }
            // The full interval within [lo, hi); none when it misses it.
            var fullLo = Swift.max(r.fullLo, lo), fullHi = Swift.min(r.fullHi, hi)
            if fullLo >= fullHi { fullLo = hi; fullHi = hi }
            let pixels = surface.row(y).assumingMemoryBound(to: C.Storage.self)
            var x = lo
            while x < fullLo {
                let c = shape.coverage(x: x, row: r.state)
                if c != 0 { shader.blend(pixels, x: x, y: y, coverage: c, codec: C.self) }
                x &+= 1
            }
            if fullLo < fullHi { shader.fill(pixels, y: y, from: fullLo, to: fullHi, codec: C.self) }
            x = fullHi
            while x < hi {
                let c = shape.coverage(x: x, row: r.state)
                if c != 0 { shader.blend(pixels, x: x, y: y, coverage: c, codec: C.self) }
                x &+= 1
            }
        }
    }
}
