import GaugeTestSupport
import Testing
@testable import GaugeRaster

/// A quad's rows walked with edge crossings carried down the rows (`QuadShape.Rows`, no
/// division per row) against each row computed on its own (`convexRow`): the same
/// intervals, row for row, for every kind of quad — ticks, needles, axis-aligned and
/// slanted rectangles, steep and shallow edges, quads far off the surface.
@Suite struct EdgeCrossingTests {
    let shapes = ShapeEquivalenceTests()

    func expectWalkMatches(_ quad: QuadShape, from y0: Int32, to y1: Int32, skipping: Bool = false) -> Bool {
        var rows = quad.rows(from: y0)
        var y = y0
        while y < y1 {
            if skipping && y % 3 == 1 {
                rows.skip()
                y += 1
                continue
            }
            let walked = rows.next(), direct = quad.convexRow(y)
            guard walked.lo == direct.lo, walked.hi == direct.hi, walked.fullLo == direct.fullLo, walked.fullHi == direct.fullHi,
                walked.state.o0 == direct.state.o0, walked.state.o1 == direct.state.o1,
                walked.state.o2 == direct.state.o2, walked.state.o3 == direct.state.o3
            else {
                Issue.record(
                    "row \(y): walked \(walked.lo)..<\(walked.hi) full \(walked.fullLo)..<\(walked.fullHi), direct \(direct.lo)..<\(direct.hi) full \(direct.fullLo)..<\(direct.fullHi)"
                )
                return false
            }
            y += 1
        }
        return true
    }

    @Test func walkedRowsEqualRowsComputedAlone() {
        var rng = SplitMix(seed: 0xED6E)
        var compared = 0
        for i in 0..<3000 {
            let p: [Point]
            switch i % 4 {
            case 0, 1: p = shapes.randomQuad(&rng)
            case 2:
                // A parallelogram: a tick or a butt stroke at any angle, 0.25…6 px wide.
                let a = shapes.randomPoint(&rng, within: 60), angle = Angle(raw: Int32.random(in: 0..<65536, using: &rng))
                let b = Point(centre: a, radius: Fixed(raw: Int32.random(in: 64...(40 * 256), using: &rng)), angle: angle)
                let w = Int32.random(in: 32...(3 * 256), using: &rng)
                let n = Angle(raw: angle.raw &+ 16384)
                let off = Point(centre: Point(x: Fixed(raw: 0), y: Fixed(raw: 0)), radius: Fixed(raw: w), angle: n)
                func shifted(_ q: Point, _ sign: Int32) -> Point {
                    Point(x: Fixed(raw: q.x.raw + sign * off.x.raw), y: Fixed(raw: q.y.raw + sign * off.y.raw))
                }
                p = [shifted(a, 1), shifted(b, 1), shifted(b, -1), shifted(a, -1)]
            default:
                // Axis-aligned: horizontal and vertical edges (slope 0 and ±∞).
                let x0 = Int32.random(in: -2000...20000, using: &rng), y0 = Int32.random(in: -2000...20000, using: &rng)
                let x1 = x0 + Int32.random(in: 1...8000, using: &rng), y1 = y0 + Int32.random(in: 1...8000, using: &rng)
                p = [
                    Point(x: Fixed(raw: x0), y: Fixed(raw: y0)), Point(x: Fixed(raw: x1), y: Fixed(raw: y0)),
                    Point(x: Fixed(raw: x1), y: Fixed(raw: y1)), Point(x: Fixed(raw: x0), y: Fixed(raw: y1)),
                ]
            }
            for finds in [true, false] {
                guard let quad = QuadShape(p[0], p[1], p[2], p[3], findsFullSpans: finds) else { continue }
                // From above the bounds to below them, and from a row inside them.
                let b = quad.bounds
                guard expectWalkMatches(quad, from: b.y0 - 3, to: b.y1 + 3),
                    expectWalkMatches(quad, from: (b.y0 + b.y1) / 2, to: b.y1 + 1),
                    expectWalkMatches(quad, from: b.y0, to: b.y1, skipping: true)
                else { return }
                compared += 1
            }
        }
        #expect(compared > 5000)
    }

    /// One crossing against `HalfPlane.narrow` row by row, for edges of every slope and
    /// both thresholds (short quads on 64-bit CPUs compute their rows alone, so the quad
    /// walk alone would not reach every crossing).
    @Test func crossingNarrowsLikeTheHalfPlane() {
        var rng = SplitMix(seed: 0xC055)
        for i in 0..<4000 {
            let p = shapes.randomPoint(&rng, within: 80)
            var q = shapes.randomPoint(&rng, within: 80)
            if i % 5 == 0 { q = Point(x: q.x, y: p.y) }  // horizontal
            if i % 5 == 1 { q = Point(x: p.x, y: q.y) }  // vertical
            let facing = shapes.randomPoint(&rng, within: 80)
            guard let edge = HalfPlane(edgeFrom: p, to: q, facing: Int64(facing.x.raw), Int64(facing.y.raw)) else { continue }
            for threshold in [HalfPlane.anyThreshold, HalfPlane.fullThreshold] {
                let y0 = Int32.random(in: -20...60, using: &rng)
                var crossing = EdgeCrossing(edge, atLeast: threshold, row: y0)
                for y in y0..<(y0 + 40) {
                    var lo: Int32 = -5, hi: Int32 = 90, walkedLo: Int32 = -5, walkedHi: Int32 = 90
                    edge.narrow(atLeast: threshold, offset: edge.rowOffset(y), &lo, &hi)
                    crossing.narrow(&walkedLo, &walkedHi, row: Int64(y - y0))
                    guard lo == walkedLo && hi == walkedHi else {
                        Issue.record("edge \(i), row \(y): narrowed to \(walkedLo)..<\(walkedHi), expected \(lo)..<\(hi)")
                        return
                    }
                    crossing.advance()
                }
            }
        }
    }

    /// The full threshold's bound read off the any threshold's crossing (`shifted(by:)`)
    /// equals the half-plane's own on every row, for edges of every slope but horizontal
    /// (whose rows a quad takes from a crossing of their own).
    @Test func shiftedCrossingNarrowsLikeTheHalfPlane() {
        var rng = SplitMix(seed: 0x5_41F7)
        var compared = 0
        for i in 0..<4000 {
            let p = shapes.randomPoint(&rng, within: 80)
            var q = shapes.randomPoint(&rng, within: 80)
            if i % 5 == 1 { q = Point(x: p.x, y: q.y) }  // vertical
            let facing = shapes.randomPoint(&rng, within: 80)
            guard let edge = HalfPlane(edgeFrom: p, to: q, facing: Int64(facing.x.raw), Int64(facing.y.raw)),
                edge.slope != 0
            else { continue }
            let y0 = Int32.random(in: -20...60, using: &rng)
            var crossing = EdgeCrossing(edge, atLeast: HalfPlane.anyThreshold, row: y0)
            let shifted = crossing.shifted(by: HalfPlane.fullThreshold - HalfPlane.anyThreshold)
            for y in y0..<(y0 + 40) {
                var lo: Int32 = -5, hi: Int32 = 90
                var walkedLo = Int64(-5), walkedHi = Int64(90)
                edge.narrow(atLeast: HalfPlane.fullThreshold, offset: edge.rowOffset(y), &lo, &hi)
                crossing.narrow(&walkedLo, &walkedHi, shifted: shifted)
                let clampedLo = clampedPixel(walkedLo), clampedHi = clampedPixel(walkedHi)
                guard lo == clampedLo && hi == clampedHi else {
                    Issue.record("edge \(i), row \(y): narrowed to \(clampedLo)..<\(clampedHi), expected \(lo)..<\(hi)")
                    return
                }
                crossing.advance()
                compared += 1
            }
        }
        #expect(compared > 50000)
    }

    /// Coordinates at Fixed's limits: the remainders and quotients stay exact.
    @Test func walkedRowsEqualAtExtremeCoordinates() {
        let far = Fixed.rawLimit
        let p = [
            Point(x: Fixed(raw: -far), y: Fixed(raw: -far)), Point(x: Fixed(raw: far), y: Fixed(raw: -far + 700)),
            Point(x: Fixed(raw: far - 300), y: Fixed(raw: far)), Point(x: Fixed(raw: -far + 5), y: Fixed(raw: far - 900)),
        ]
        guard let quad = QuadShape(p[0], p[1], p[2], p[3]) else {
            Issue.record("no quad")
            return
        }
        for y0 in [quad.bounds.y0, Int32(-40), Int32(0), Int32(5000)] {
            #expect(expectWalkMatches(quad, from: y0, to: y0 + 600))
        }
    }
}
