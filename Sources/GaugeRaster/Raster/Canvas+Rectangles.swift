// Each public primitive is never inlined into its callers: its walks are specialised
// here, once, rather than in every file that draws (a widget, the test card), and the
// primitives' files are compiled side by side. A call per primitive costs nothing a
// frame can measure.

/// Rectangles, sharp and rounded (anti-aliased; sizes clamped to ±`Fixed.limit`, empty
/// or negative ones draw nothing).
extension Canvas {
    /// A rectangle with fractional edges: edge pixels get their exact area coverage.
    @inline(never)
    public func fill(_ rect: Rect, paint: Paint) {
        guard !rect.isEmpty else { return }
        draw(rectangle(rect), paint: paint)
    }

    /// A rectangle with circular corners of `radius` (clamped to half the shorter side).
    @inline(never)
    public func fillRoundedRect(_ rect: Rect, radius: Fixed, paint: Paint) {
        guard !rect.isEmpty else { return }
        let r = Fixed(raw: Swift.max(0, Swift.min(radius.raw, Swift.min(rect.width.raw, rect.height.raw) / 2)))
        guard r.raw > 0 else {
            fill(rect, paint: paint)
            return
        }
        let x0 = rect.x, y0 = rect.y, x1 = rect.maxX, y1 = rect.maxY
        let across = rectangle(Rect(x: x0 + r, y: y0, width: rect.width - r * 2, height: rect.height))
        let down = rectangle(Rect(x: x0, y: y0 + r, width: rect.width, height: rect.height - r * 2))
        @inline(__always) func corner(_ x: Fixed, _ y: Fixed) -> DiscShape { DiscShape(centre: Point(x: x, y: y), radius: r) }
        let topLeft = corner(x0 + r, y0 + r), topRight = corner(x1 - r, y0 + r)
        let bottomLeft = corner(x0 + r, y1 - r), bottomRight = corner(x1 - r, y1 - r)
        // Where the radius is half a side, corners coincide and a middle rectangle is empty
        // (a bar's rounded ends): drawing each distinct part once gives the same union — the
        // larger of equal coverages is that coverage — for a third of the rows' work. Every
        // part is convex, so each row of the union is walked as one interval; the parts are
        // joined from left to right, so that on every row their full intervals meet as they
        // are merged (the row's middle is filled, not blended pixel by pixel).
        let flat = rect.height.raw == r.raw * 2, upright = rect.width.raw == r.raw * 2
        switch (flat, upright) {
        case (true, true): draw(topLeft, paint: paint)
        case (true, false): draw(ConvexUnion(ConvexUnion(topLeft, across), topRight), paint: paint)
        case (false, true): draw(ConvexUnion(ConvexUnion(topLeft, down), bottomLeft), paint: paint)
        case (false, false):
            draw(
                ConvexUnion(
                    ConvexUnion(ConvexUnion(topLeft, bottomLeft), across),
                    ConvexUnion(ConvexUnion(topRight, bottomRight), down)), paint: paint)
        }
    }

    /// A rectangle's quad; empty when it has no width or height (as the polygon would be:
    /// a rectangle's edges have zero length only then).
    private func rectangle(_ r: Rect) -> QuadShape {
        QuadShape(
            Point(x: r.x, y: r.y), Point(x: r.maxX, y: r.y),
            Point(x: r.maxX, y: r.maxY), Point(x: r.x, y: r.maxY)) ?? .empty
    }
}
