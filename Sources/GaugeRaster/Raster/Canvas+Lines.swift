// Each public primitive is never inlined into its callers: its walks are specialised
// here, once, rather than in every file that draws (a widget, the test card), and the
// primitives' files are compiled side by side. A call per primitive costs nothing a
// frame can measure.

/// Strokes and convex polygons (anti-aliased; sizes clamped to ±`Fixed.limit`, degenerate
/// ones draw nothing; nothing here traps on any input).
extension Canvas {
    /// A straight stroke of `width` from `a` to `b`.
    @inline(never)
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
        if cap == .butt, let stored = shapes?.stroke(key) {
            draw(stored, paint: paint)
            return
        }
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
            let startCap = DiscShape(centre: a, radius: half), endCap = DiscShape(centre: b, radius: half)
            // Cap, body, cap: the shape type of a bar with rounded ends (`fillRoundedRect`),
            // so both share its walks (a union's pixels do not depend on its parts' order).
            // A body with no area (a stroke too thin for its sides to be apart) covers
            // nothing: the caps alone.
            let body = QuadShape(p0, p1, p2, p3) ?? .empty
            draw(ConvexUnion(ConvexUnion(startCap, body), endCap), paint: paint)
        }
    }

    /// A convex polygon of 3…16 vertices in either winding (a tapered needle is four).
    @inline(never)
    public func fillConvexPolygon(_ points: [Point], paint: Paint) {
        draw(ConvexPolygonShape(points), paint: paint)
    }

    /// A convex quadrilateral (a tapered needle): the same pixels as
    /// `fillConvexPolygon([a, b, c, d])`, without an array to allocate.
    @inline(never)
    public func fillConvexPolygon(_ a: Point, _ b: Point, _ c: Point, _ d: Point, paint: Paint) {
        fillQuad(a, b, c, d, findsFullSpans: true, paint: paint)
    }

    /// A quad as `QuadShape`, or as the polygon when it has a zero-length edge or no area.
    private func fillQuad(_ a: Point, _ b: Point, _ c: Point, _ d: Point, findsFullSpans: Bool, paint: Paint) {
        if let quad = QuadShape(a, b, c, d, findsFullSpans: findsFullSpans) {
            draw(quad, paint: paint)
        } else {
            draw(ConvexPolygonShape(FourPoints(a, b, c, d)), paint: paint)
        }
    }
}

/// Four vertices as a collection on the stack: lines, rectangles and needles are quads,
/// and an array literal for each would be a heap allocation per primitive.
struct FourPoints: RandomAccessCollection {
    let a: Point, b: Point, c: Point, d: Point
    @inline(__always) init(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
    }
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
