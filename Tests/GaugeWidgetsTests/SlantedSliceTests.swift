import Foundation
import Testing
import GaugeRaster
@testable import GaugeWidgets

/// A value arc's slice damaged as slanted rows between its two rays: it holds every pixel
/// whose centre lies within the ink's reach of the slice and half a pixel of both rays'
/// lines (where the arc's end may ink it), in fewer pixels than its box.
@Suite struct SlantedSliceTests {
    /// Distance from (x, y) to the annular sector between angles a ≤ b (radians, screen
    /// convention) and radii inner…outer around (cx, cy).
    static func distance(
        _ x: Double, _ y: Double, cx: Double, cy: Double, inner: Double, outer: Double, a: Double, b: Double
    ) -> Double {
        let dx = x - cx, dy = y - cy, r = (dx * dx + dy * dy).squareRoot()
        var t = atan2(dy, dx)
        while t < a { t += 2 * Double.pi }
        if t <= b { return Swift.max(inner - r, r - outer, 0) }
        func toSegment(_ angle: Double) -> Double {
            let ux = cos(angle), uy = sin(angle)
            let along = Swift.min(Swift.max(dx * ux + dy * uy, inner), outer)
            let px = ux * along - dx, py = uy * along - dy
            return (px * px + py * py).squareRoot()
        }
        return Swift.min(toSegment(a), toSegment(b))
    }

    @Test func holdsEveryInkedPixelInFewerThanItsBox() {
        let centre = Point(x: Fixed(200), y: Fixed(200))
        let arc = ArcGeometry(
            centre: centre, radius: Fixed(150), thickness: Fixed(18), start: Angle(raw: 135 * 65_536 / 360),
            sweep: Angle(raw: 270 * 65_536 / 360))
        var rng = UInt64(7)
        var slanted = 0
        for _ in 0..<400 {
            rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let a = Int32(truncatingIfNeeded: (rng >> 33) % 65_536) + arc.start.raw
            let b = a + Int32((rng >> 20) % 1_000)
            let inner = arc.radius - arc.thickness, reach = PointBox.inkReach
            guard let slice = arc.slantedSlice(from: a, to: b, inner: inner, outer: arc.radius, reach: reach) else { continue }
            var region = Region()
            slice.add(to: &region)
            slanted += 1
            let box = ArcGeometry.sliceBounds(centre: centre, from: a, to: b, inner: inner, outer: arc.radius, margin: Fixed(1))
            #expect(region.area < box.area, "slice \(a)…\(b): \(region.area) px against its box's \(box.area)")
            let toRadians = 2 * Double.pi / 65_536
            for y in box.y0..<box.y1 {
                for x in box.x0..<box.x1 {
                    let d = SlantedSliceTests.distance(
                        Double(x) + 0.5, Double(y) + 0.5, cx: 200, cy: 200, inner: 132, outer: 150,
                        a: Double(a) * toRadians, b: Double(b) * toRadians)
                    // Inked by the value arc's ends only within half a pixel of both rays'
                    // lines (its wedge's half-planes), near the ring's corners too.
                    let px = Double(x) + 0.5 - 200, py = Double(y) + 0.5 - 200
                    let ta = Double(a) * toRadians, tb = Double(b) * toRadians
                    let insideA = cos(ta) * py - sin(ta) * px, insideB = sin(tb) * px - cos(tb) * py
                    if d <= Double(reach) / 256 && insideA >= -0.5 && insideB >= -0.5 {
                        #expect(region.contains(x: x, y: y), "slice \(a)…\(b): pixel (\(x), \(y)) at \(d) px left out")
                    }
                }
            }
        }
        #expect(slanted > 50, "only \(slanted) of 400 slices slanted")
    }
}
