import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset: fixed point only.

/// A scale laid along an arc: where a fraction lands, and the pixel box of a slice.
struct ArcGeometry {
    let centre: Point
    /// Outer radius of the track.
    let radius: Fixed
    let thickness: Fixed
    let start: Angle
    let sweep: Angle

    /// The angle of a Q16 fraction of the sweep.
    func angle(at fraction: Int32) -> Angle {
        Angle(raw: start.raw &+ Int32((Int64(sweep.raw) * Int64(fraction)) >> 16))
    }

    /// `radius · k / 150`: the reference scene's proportions (a 150 px dial) at any size.
    func scaled(_ k: Int32) -> Fixed { Fixed(clampingRaw: Int64(radius.raw) * Int64(k) / 150) }

    /// The sweep (raw units, ≥ 0) drawn for a value arc ending at `fraction`.
    func drawnSweep(at fraction: Int32) -> Int32 {
        Swift.max(angle(at: fraction).raw &- start.raw, 0)
    }

    /// The whole pixels of the annular slice between two drawn sweeps, grown by `margin`
    /// (anti-aliasing, caps): what a value arc changes when its end moves.
    func sliceBounds(sweep s0: Int32, to s1: Int32, inner: Fixed, outer: Fixed, margin: Fixed) -> IntRect {
        ArcGeometry.sliceBounds(centre: centre, from: start.raw &+ Swift.min(s0, s1), to: start.raw &+ Swift.max(s0, s1),
                                inner: inner, outer: outer, margin: margin)
    }

    static func sliceBounds(centre: Point, from a: Int32, to b: Int32, inner: Fixed, outer: Fixed,
                            margin: Fixed) -> IntRect {
        var box = PointBox()
        if Int64(b) - Int64(a) >= Int64(Angle.unitsPerTurn) {
            box.add(Point(x: centre.x - outer, y: centre.y - outer))
            box.add(Point(x: centre.x + outer, y: centre.y + outer))
            return box.pixels(margin: margin)
        }
        for r in [inner, outer] {
            box.add(Point(centre: centre, radius: r, angle: Angle(raw: a)))
            box.add(Point(centre: centre, radius: r, angle: Angle(raw: b)))
        }
        // The arc bulges furthest where it crosses an axis.
        var k = (a + 0x3FFF) >> 14
        while (k << 14) <= b {
            box.add(Point(centre: centre, radius: outer, angle: Angle(raw: k << 14)))
            k += 1
        }
        return box.pixels(margin: margin)
    }
}

/// The bounding box of a few points, as whole pixels.
struct PointBox {
    var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min

    mutating func add(_ p: Point) {
        minX = Swift.min(minX, p.x.raw); maxX = Swift.max(maxX, p.x.raw)
        minY = Swift.min(minY, p.y.raw); maxY = Swift.max(maxY, p.y.raw)
    }

    mutating func add(_ points: [Point]) { for p in points { add(p) } }

    /// Floor/ceil to pixels after growing by `margin`.
    func pixels(margin: Fixed) -> IntRect {
        guard minX <= maxX else { return .empty }
        return IntRect(x0: Fixed(raw: minX &- margin.raw).floor, y0: Fixed(raw: minY &- margin.raw).floor,
                       x1: Fixed(raw: maxX &+ margin.raw).ceil + 1, y1: Fixed(raw: maxY &+ margin.raw).ceil + 1)
    }
}
