/// Anti-aliased primitives. Sizes are clamped to ±`Fixed.limit`; zero, negative or
/// degenerate sizes draw nothing; nothing here traps on any input.
extension Canvas {
    /// A rectangle with fractional edges: edge pixels get their exact area coverage.
    public func fill(_ rect: Rect, paint: Paint) {
        guard !rect.isEmpty else { return }
        draw(rectangle(rect), paint: paint)
    }

    /// A filled circle.
    public func fillDisc(centre: Point, radius: Fixed, paint: Paint) {
        draw(DiscShape(centre: centre, radius: radius), paint: paint)
    }

    /// A full ring between `radius` (outer edge) and `radius − thickness`.
    public func strokeRing(centre: Point, radius: Fixed, thickness: Fixed, paint: Paint) {
        guard thickness.raw > 0 else { return }
        draw(RingShape(centre: centre, outer: radius, inner: radius - thickness), paint: paint)
    }

    /// An annular arc: outer edge at `radius`, `thickness` inwards, from `start` sweeping
    /// `sweep` (clockwise when positive; a sweep of a full turn or more is the whole ring).
    public func strokeArc(centre: Point, radius: Fixed, thickness: Fixed, start: Angle, sweep: Angle,
                          cap: LineCap = .butt, paint: Paint) {
        guard thickness.raw > 0, radius.raw > 0 else { return }
        let t = Fixed(raw: Swift.min(thickness.raw, radius.raw))
        let ring = RingShape(centre: centre, outer: radius, inner: radius - t)
        let magnitude = sweep.raw.magnitude
        if magnitude >= UInt32(Angle.unitsPerTurn) { draw(ring, paint: paint); return }
        // Round caps: discs of half the thickness on the arc's mid-line at both ends.
        let capRadius = t.halved
        let mid = radius - capRadius
        let capA = RingShape(centre: Point(centre: centre, radius: mid, angle: start), outer: capRadius, inner: .zero)
        let capB = RingShape(centre: Point(centre: centre, radius: mid, angle: start + sweep), outer: capRadius, inner: .zero)
        if magnitude == 0 {
            if cap == .round { draw(capA, paint: paint) }
            return
        }
        let arc = ArcShape(ring, WedgeShape(centre: centre, start: start, sweep: sweep, bounds: ring.bounds))
        switch cap {
        case .butt: draw(arc, paint: paint)
        case .round: draw(Union(arc, Union(capA, capB)), paint: paint)
        }
    }

    /// A straight stroke of `width` from `a` to `b`.
    public func strokeLine(from a: Point, to b: Point, width: Fixed, cap: LineCap = .butt, paint: Paint) {
        guard width.raw > 0 else { return }
        let half = width.halved
        // Nothing of a line outside the clip is drawn: skip building its shapes. Every
        // vertex and end disc lies within `half` of the segment and every shape's bounds
        // reach at most 2 px beyond its points, so this box holds all their bounds (and
        // clamping coordinates to ±Fixed.limit only moves them towards the surface).
        let reach = Int64(half.raw) + 3 * 256
        let lineBox = IntRect(
            x0: clampedPixel((Swift.min(Int64(a.x.raw), Int64(b.x.raw)) - reach) >> 8),
            y0: clampedPixel((Swift.min(Int64(a.y.raw), Int64(b.y.raw)) - reach) >> 8),
            x1: clampedPixel(((Swift.max(Int64(a.x.raw), Int64(b.x.raw)) + reach) >> 8) + 1),
            y1: clampedPixel(((Swift.max(Int64(a.y.raw), Int64(b.y.raw)) + reach) >> 8) + 1))
        guard lineBox.intersects(clip) else { return }
        // A butt stroke drawn before at exactly this place: its coverage read back.
        let key = ShapeCache.StrokeKey(ax: a.x.raw, ay: a.y.raw, bx: b.x.raw, by: b.y.raw, width: width.raw)
        if cap == .butt, let stored = shapes?.stroke(key) { draw(stored, paint: paint); return }
        let dx = Int64(b.x.raw) - Int64(a.x.raw), dy = Int64(b.y.raw) - Int64(a.y.raw)
        let length = Int64(integerSquareRoot(UInt64(dx * dx + dy * dy)))
        guard length > 0 else {
            if cap == .round { draw(DiscShape(centre: a, radius: half), paint: paint) }
            return
        }
        // Offset of the stroke's sides from its centre line.
        let ox = Fixed(clampingRaw: (-dy * Int64(half.raw)) / length)
        let oy = Fixed(clampingRaw: (dx * Int64(half.raw)) / length)
        let p0 = Point(x: a.x + ox, y: a.y + oy), p1 = Point(x: b.x + ox, y: b.y + oy)
        let p2 = Point(x: b.x - ox, y: b.y - oy), p3 = Point(x: a.x - ox, y: a.y - oy)
        switch cap {
        case .butt:
            let findsFullSpans = width.raw > 2 * 256
            if let shapes, let quad = QuadShape(p0, p1, p2, p3, findsFullSpans: findsFullSpans), ShapeCache.keeps(quad.bounds) {
                let stored = StoredCoverageShape(quad)
                shapes.keep(stored, for: key)
                draw(stored, paint: paint)
            } else {
                fillQuad(p0, p1, p2, p3, findsFullSpans: findsFullSpans, paint: paint)
            }
        case .round:
            let ends = ConvexUnion(DiscShape(centre: a, radius: half), DiscShape(centre: b, radius: half))
            if let body = QuadShape(p0, p1, p2, p3) { draw(ConvexUnion(body, ends), paint: paint) }
            else { draw(Union(ConvexPolygonShape(FourPoints(p0, p1, p2, p3)), ends), paint: paint) }
        }
    }

    /// A convex polygon of 3…16 vertices in either winding (a tapered needle is four).
    public func fillConvexPolygon(_ points: [Point], paint: Paint) {
        draw(ConvexPolygonShape(points), paint: paint)
    }

    /// A convex quadrilateral (a tapered needle): the same pixels as
    /// `fillConvexPolygon([a, b, c, d])`, without an array to allocate.
    public func fillConvexPolygon(_ a: Point, _ b: Point, _ c: Point, _ d: Point, paint: Paint) {
        fillQuad(a, b, c, d, findsFullSpans: true, paint: paint)
    }

    /// A quad as `QuadShape`, or as the polygon when it has a zero-length edge or no area.
    private func fillQuad(_ a: Point, _ b: Point, _ c: Point, _ d: Point, findsFullSpans: Bool, paint: Paint) {
        if let quad = QuadShape(a, b, c, d, findsFullSpans: findsFullSpans) { draw(quad, paint: paint) }
        else { draw(ConvexPolygonShape(FourPoints(a, b, c, d)), paint: paint) }
    }

    /// A rectangle with circular corners of `radius` (clamped to half the shorter side).
    public func fillRoundedRect(_ rect: Rect, radius: Fixed, paint: Paint) {
        guard !rect.isEmpty else { return }
        let r = Fixed(raw: Swift.max(0, Swift.min(radius.raw, Swift.min(rect.width.raw, rect.height.raw) / 2)))
        guard r.raw > 0 else { fill(rect, paint: paint); return }
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
            draw(ConvexUnion(ConvexUnion(ConvexUnion(topLeft, bottomLeft), across),
                             ConvexUnion(ConvexUnion(topRight, bottomRight), down)), paint: paint)
        }
    }

    /// A rectangle's quad; empty when it has no width or height (as the polygon would be:
    /// a rectangle's edges have zero length only then).
    private func rectangle(_ r: Rect) -> QuadShape {
        QuadShape(Point(x: r.x, y: r.y), Point(x: r.maxX, y: r.y),
                  Point(x: r.maxX, y: r.maxY), Point(x: r.x, y: r.maxY)) ?? .empty
    }
}

/// Four vertices as a collection on the stack: lines, rectangles and needles are quads,
/// and an array literal for each would be a heap allocation per primitive.
struct FourPoints: RandomAccessCollection {
    let a: Point, b: Point, c: Point, d: Point
    @inline(__always) init(_ a: Point, _ b: Point, _ c: Point, _ d: Point) { self.a = a; self.b = b; self.c = c; self.d = d }
    var startIndex: Int { 0 }
    var endIndex: Int { 4 }
    @inline(__always) subscript(i: Int) -> Point {
        switch i {
        case 0: return a
        case 1: return b
        case 2: return c
        default: return d
        }
    }
}
