import GaugeRaster

// Embedded-Swift subset: fixed point only.

/// A five-pointed star, point up, fitted into a square, drawn as convex pieces (the
/// rasterizer fills convex polygons only).
///
/// Pieces drawn one after another leave a faint seam wherever two anti-aliased edges meet
/// inside the star, so every inner edge here lies in the fully covered interior of another
/// piece: the centre pentagon, plus per point a long triangle running along the point's
/// two outline lines to the far inner vertices (its base is a diagonal of the pentagon,
/// and the pentagon's edges lie inside the neighbouring points' triangles).
struct StarShape {
    let centre: Point
    /// Of the points.
    let radius: Fixed

    /// Inner to outer radius of a regular star: cos 72° / cos 36°, so that each outline
    /// edge lies on the line through two points.
    static let innerRatio: Int64 = 381_966

    /// The largest star inside `square` that keeps `margin` pixels clear (a sharp tip's
    /// anti-aliasing reaches about 1.6 px beyond it).
    init(in square: IntRect, margin: Int32 = 2) {
        let side = Int64(Swift.max(Swift.min(square.width, square.height) &- 2 &* margin, 0))
        // The star is 1.902 R wide (points at ±72°) and 1.809 R tall: width decides.
        radius = Fixed(clampingRaw: side * 256 * 1000 / 1902)
        // Centre the bounding box: the top point is R above the centre, the lower points
        // only 0.809 R below it.
        let x = Int64(square.x0) * 256 + Int64(square.width) * 128
        let y = Int64(square.y0) * 256 + Int64(square.height) * 128 + Int64(radius.raw) * 955 / 10000
        centre = Point(x: Fixed(clampingRaw: x), y: Fixed(clampingRaw: y))
    }

    /// Point `i` (0 = top), clockwise.
    func outer(_ i: Int32) -> Point {
        Point(centre: centre, radius: radius, angle: Angle(raw: Int32(49152 + Int64(i % 5) * 65536 / 5)))
    }

    /// The inner vertex between points `i` and `i + 1`.
    func inner(_ i: Int32) -> Point {
        let r = Fixed(clampingRaw: Int64(radius.raw) * StarShape.innerRatio / 1_000_000)
        return Point(centre: centre, radius: r, angle: Angle(raw: Int32(49152 + Int64(2 * (i % 5) + 1) * 65536 / 10)))
    }

    func fill(on canvas: Canvas, color: Color) {
        guard radius.raw > 0 else { return }
        let paint = Paint.solid(color)
        canvas.fillConvexPolygon([inner(0), inner(1), inner(2), inner(3), inner(4)], paint: paint)
        for i: Int32 in 0..<5 {
            // Point i's outline lines run to points i ± 2 through inner(i + 1) and inner(i + 3).
            canvas.fillConvexPolygon([outer(i), inner(i + 1), inner(i + 3)], paint: paint)
        }
    }
}
