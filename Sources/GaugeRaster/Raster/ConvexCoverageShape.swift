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
            walkConvex(shape, shape.convexRow(y), shader: shader, codec: C.self, surface: surface, y: y, from: box.x0, to: box.x1)
            y &+= 1
        }
    }

    /// `fillConvex` writing only the pixels of the mask's rectangles (disjoint) inside the
    /// clip: each row computed once, then walked in every rectangle it meets.
    static func fillConvex<S: ConvexCoverageShape, H: Shader, C: PixelCodec>(
        _ shape: S, shader: H, codec: C.Type, surface: Surface, clip: IntRect, mask: Region
    ) {
        let box = shape.bounds.intersection(clip)
        guard !box.isEmpty else { return }
        guard let parts = MaskParts(mask, within: box, mayCover: { shape.mayCover($0) }) else {
            for r in mask.rectangles { fillConvex(shape, shader: shader, codec: C.self, surface: surface, clip: r.intersection(box)) }
            return
        }
        for y in parts.rows.y0..<parts.rows.y1 {
            var hits = parts.hits(row: y) { shape.mayCover(row: $0, from: $1, to: $2) }
            if hits == 0 { continue }
            let row = shape.convexRow(y)
            while hits != 0 {
                let k = hits.trailingZeroBitCount
                hits &= hits &- 1
                let r = parts[k]
                walkConvex(shape, row, shader: shader, codec: C.self, surface: surface, y: y, from: r.x0, to: r.x1)
            }
        }
    }

    /// Row y of a convex shape between x0 and x1.
    @inlinable @inline(__always)
    static func walkConvex<S: ConvexCoverageShape, H: Shader, C: PixelCodec>(
        _ shape: S, _ r: ConvexRow<S.Row>, shader: H, codec: C.Type, surface: Surface,
        y: Int32, from x0: Int32, to x1: Int32
    ) {
        let lo = Swift.max(r.lo, x0), hi = Swift.min(r.hi, x1)
        if lo >= hi { return }
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
