/// A shape each of whose rows is one interval of pixels that may be covered holding one
/// interval of fully covered pixels (a convex polygon, a quad): its rows as four scalars,
/// which `Rasterizer.fillConvex` walks without span lists.
protocol ConvexCoverageShape: CoverageShape {
    /// Row y: `[lo, hi)` may be covered (empty when lo ≥ hi), `[fullLo, fullHi)` is fully
    /// covered (empty when fullLo ≥ fullHi), as `row(_:spans:)` would list them.
    func convexRow(_ y: Int32) -> ConvexRow<Row>

    /// Walks `convexRow` down from row y, one row per `next()`: the same rows, from state
    /// carried between them where that is cheaper (a quad's edge crossings without
    /// divisions); by default `convexRow` of each row.
    associatedtype RowWalker: ConvexRowWalker = ConvexRowsByIndex<Self> where RowWalker.State == Row
    func rows(from y: Int32) -> RowWalker
    /// Whether rows y0 ..< y1 are cheaper walked with `rows(from:)` than computed alone.
    func walksRows(from y0: Int32, to y1: Int32) -> Bool
    /// The same pixels inside `box`, with no row computed for a part that cannot reach
    /// it (a union's); by default the shape itself.
    func keeping(within box: IntRect) -> Self
}

extension ConvexCoverageShape {
    @inline(__always) func keeping(within box: IntRect) -> Self { self }
}

extension ConvexCoverageShape where RowWalker == ConvexRowsByIndex<Self> {
    @inline(__always) func rows(from y: Int32) -> ConvexRowsByIndex<Self> { ConvexRowsByIndex(self, y) }
    @inline(__always) func walksRows(from y0: Int32, to y1: Int32) -> Bool { false }
}

/// Rows of a convex shape, top to bottom: `next()` is `convexRow(y)` of row y, y + 1, …;
/// `skip()` moves past a row without computing it.
protocol ConvexRowWalker {
    associatedtype State
    mutating func next() -> ConvexRow<State>
    mutating func skip()
}

/// The default walker: each row computed on its own.
struct ConvexRowsByIndex<S: ConvexCoverageShape>: ConvexRowWalker {
    let shape: S
    var y: Int32
    @inline(__always) init(_ shape: S, _ y: Int32) {
        self.shape = shape
        self.y = y
    }
    @inline(__always) mutating func next() -> ConvexRow<S.Row> {
        defer { y &+= 1 }
        return shape.convexRow(y)
    }
    @inline(__always) mutating func skip() { y &+= 1 }
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
        let shape = shape.keeping(within: box)
        var y = box.y0
        if shape.walksRows(from: box.y0, to: box.y1) {
            var rows = shape.rows(from: box.y0)
            while y < box.y1 {
                walkConvex(shape, rows.next(), shader: shader, codec: C.self, surface: surface, y: y, from: box.x0, to: box.x1)
                y &+= 1
            }
            return
        }
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
        let parts = MaskParts(mask, within: box, mayCover: { shape.mayCover($0) })
        if parts.overflowed {
            mask.forEachRectangle { r in fillConvex(shape, shader: shader, codec: C.self, surface: surface, clip: r.intersection(box)) }
            return
        }
        // No part: nothing to walk — not even the walker to set up (a quad's eight edge
        // crossings, a division each), which most ticks near a damaged band would pay.
        guard parts.count > 0 else { return }
        let shape = shape.keeping(within: parts.rows)
        // Walked on every CPU: the parts' rows are a damaged band, where the rows a shape
        // needs are seldom many (measured: fewer instructions than rows computed alone on
        // x86_64, aarch64 and armv6 alike).
        var rows = shape.rows(from: parts.rows.y0)
        var firstLive = 0
        for y in parts.rows.y0..<parts.rows.y1 {
            // The row is computed at the first part that needs it, else skipped; each
            // part's columns once (no closure changing the row or the walker: a heap box).
            var row: ConvexRow<S.Row>? = nil
            let end = parts.live(row: y, firstLive: &firstLive)
            var k = firstLive
            while k < end {
                let c = parts.hit(k, row: y) { shape.mayCover(row: $0, from: $1, to: $2) }
                k &+= 1
                if c.x0 >= c.x1 { continue }
                // Not `row ?? rows.next()`: its autoclosure would box the walker.
                let r: ConvexRow<S.Row>
                if let computed = row {
                    r = computed
                } else {
                    r = rows.next()
                    row = r
                }
                walkConvex(shape, r, shader: shader, codec: C.self, surface: surface, y: y, from: c.x0, to: c.x1)
            }
            if row == nil { rows.skip() }
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
        if fullLo >= fullHi {
            fullLo = hi
            fullHi = hi
        }
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
