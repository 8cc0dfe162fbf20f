import GaugeTestSupport
import Testing
@testable import GaugeRaster

/// The renderer's fast paths against the definitions they stand in for, pixel by pixel:
/// each must give exactly the coverage (or colour) of the plain formula, and spans that
/// keep the `CoverageShape` contract (0 outside `nonZero`, 256 inside `full`).
@Suite struct ShapeEquivalenceTests {
    /// Checks the contract on every pixel of the shape's bounds and returns the coverages
    /// of `area` (the shape's bounds by default; 0 outside them, where nothing is drawn).
    func coverages<S: CoverageShape>(_ shape: S, over area: IntRect? = nil) -> [UInt32] {
        var out: [UInt32] = []
        let b = area ?? shape.bounds, own = shape.bounds
        guard !b.isEmpty else { return out }
        for y in b.y0..<b.y1 {
            guard y >= own.y0 && y < own.y1 else {
                out.append(contentsOf: repeatElement(0, count: Int(b.width)))
                continue
            }
            var spans = RowSpans()
            let row = shape.row(y, spans: &spans)
            for x in b.x0..<b.x1 {
                guard x >= own.x0 && x < own.x1 else {
                    out.append(0)
                    continue
                }
                let c = shape.coverage(x: x, row: row)
                if !contains(spans.nonZero, x) { #expect(c == 0, "(\(x), \(y)) outside nonZero has coverage \(c)") }
                if contains(spans.full, x) { #expect(c == 256, "(\(x), \(y)) inside full has coverage \(c)") }
                out.append(c)
            }
        }
        return out
    }

    func contains(_ list: SpanList, _ x: Int32) -> Bool {
        (0..<list.count).contains { list[$0].start <= x && x < list[$0].end }
    }

    func randomPoint(_ rng: inout SplitMix, within size: Int32) -> Point {
        Point(
            x: Fixed(raw: Int32.random(in: 0...(size * 256), using: &rng)),
            y: Fixed(raw: Int32.random(in: 0...(size * 256), using: &rng)))
    }

    /// A convex quad: four points at increasing angles around a centre (a tick, a needle,
    /// a slanted rectangle or any other), in either winding.
    func randomQuad(_ rng: inout SplitMix) -> [Point] {
        let centre = randomPoint(&rng, within: 40)
        var angles = (0..<4).map { _ in Int32.random(in: 0..<65536, using: &rng) }.sorted()
        if Bool.random(using: &rng) { angles.reverse() }
        return angles.map {
            Point(centre: centre, radius: Fixed(raw: Int32.random(in: 64...(30 * 256), using: &rng)), angle: Angle(raw: $0))
        }
    }

    @Test func quadShapeEqualsConvexPolygon() {
        var rng = SplitMix(seed: 0x9AD5)
        var compared = 0
        for i in 0..<400 {
            let p = randomQuad(&rng)
            guard let quad = QuadShape(p[0], p[1], p[2], p[3]) else { continue }
            let polygon = ConvexPolygonShape(p)
            #expect(quad.bounds == polygon.bounds, "quad \(i)")
            #expect(coverages(quad) == coverages(polygon), "quad \(i): \(p)")
            // Without full spans (thin lines): the same coverage, and an empty full span.
            let thin = QuadShape(p[0], p[1], p[2], p[3], findsFullSpans: false)!
            #expect(coverages(thin) == coverages(polygon), "thin quad \(i)")
            compared += 1
        }
        #expect(compared > 350)
    }

    @Test func degenerateQuadsFallBack() {
        let a = Point(10, 10), b = Point(20, 10)
        #expect(QuadShape(a, a, b, Point(20, 20)) == nil)  // a zero-length edge
        #expect(QuadShape(a, b, Point(30, 10), Point(40, 10)) == nil)  // no area
        #expect(QuadShape.empty.bounds.isEmpty)
    }

    @Test func wedgeCoverageIsItsPlanes() {
        var rng = SplitMix(seed: 0x3ED6E)
        for i in 0..<200 {
            let centre = randomPoint(&rng, within: 40)
            let sweep = Int32.random(in: 1..<65536, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            let wedge = WedgeShape(
                centre: centre, start: Angle(raw: Int32.random(in: 0..<65536, using: &rng)),
                sweep: Angle(raw: sweep), bounds: IntRect(x0: -4, y0: -4, x1: 48, y1: 48))
            let got = coverages(wedge)
            // The plain definition: min (narrow) or max (reflex) of the three planes.
            var expected: [UInt32] = []
            for y: Int32 in -4..<48 {
                let s = wedge.startPlane.rowOffset(y), e = wedge.endPlane.rowOffset(y), b = wedge.bisectorPlane.rowOffset(y)
                for x: Int32 in -4..<48 {
                    let c = (
                        wedge.startPlane.coverage(x: x, offset: s), wedge.endPlane.coverage(x: x, offset: e),
                        wedge.bisectorPlane.coverage(x: x, offset: b)
                    )
                    expected.append(wedge.reflex ? Swift.max(c.0, c.1, c.2) : Swift.min(c.0, c.1, c.2))
                }
            }
            #expect(got == expected, "wedge \(i): sweep \(sweep)")
        }
    }

    /// The arc's cheap rows (the wedge's rays away from the ring) give exactly the
    /// intersection's coverage, and most rows of a dial-like arc take them.
    @Test func arcShapeEqualsRingIntersectWedge() {
        var rng = SplitMix(seed: 0xA4C)
        var cheapRows = 0, rows = 0
        for i in 0..<300 {
            let centre = randomPoint(&rng, within: 40)
            let outer = Int32.random(in: 64...(36 * 256), using: &rng)
            let inner = outer - Int32.random(in: 16...outer, using: &rng)
            let ring = RingShape(centre: centre, outer: Fixed(raw: outer), inner: Fixed(raw: inner))
            let sweeps: [Int32] = [1, 40, 16384, 32767, 32768, 32769, 49152, 65500, 65535]
            let magnitude = i % 3 == 0 ? sweeps[i / 3 % sweeps.count] : Int32.random(in: 1..<65536, using: &rng)
            let wedge = WedgeShape(
                centre: centre, start: Angle(raw: Int32.random(in: 0..<65536, using: &rng)),
                sweep: Angle(raw: Bool.random(using: &rng) ? magnitude : -magnitude), bounds: ring.bounds)
            let arc = ArcShape(ring, wedge), reference = Intersection(ring, wedge)
            // The arc's bounds are tighter: the reference covers nothing outside them.
            #expect(reference.bounds.contains(arc.bounds) || arc.bounds.isEmpty)
            #expect(
                coverages(arc, over: reference.bounds) == coverages(reference),
                "arc \(i): outer \(outer), inner \(inner), sweep \(magnitude)")
            if !arc.bounds.isEmpty {
                for y in arc.bounds.y0..<arc.bounds.y1 {
                    var spans = RowSpans()
                    if arc.row(y, spans: &spans).wedge == nil { cheapRows += 1 }
                    rows += 1
                }
            }
        }
        #expect(cheapRows * 2 > rows, "\(cheapRows) of \(rows) rows without the wedge's row")
        // A dial's track (270° from 135°, gap at the bottom) skips the rows below its gap.
        let ring = RingShape(centre: Point(200, 200), outer: Fixed(150), inner: Fixed(132))
        let track = ArcShape(ring, WedgeShape(centre: Point(200, 200), start: Angle(degrees: 135), sweep: Angle(degrees: 270), bounds: ring.bounds))
        #expect(track.bounds.y0 == ring.bounds.y0 && track.bounds.y1 <= 200 + 110 && track.bounds.y1 >= 200 + 107)
    }

    /// A union draws each side exactly where that side drawn alone would: within its row's
    /// non-zero span (a polygon's product of edge coverages can be non-zero a little outside
    /// its bounds near an acute corner; drawn alone those pixels are never visited, and the
    /// union must not visit them either just because the other side widened the row).
    @Test func unionCoverageIsTheLargerSide() {
        var rng = SplitMix(seed: 0x0019)
        for i in 0..<200 {
            let p = randomQuad(&rng)
            guard let quad = QuadShape(p[0], p[1], p[2], p[3]) else { continue }
            let ring = RingShape(
                centre: randomPoint(&rng, within: 40), outer: Fixed(raw: Int32.random(in: 64...(20 * 256), using: &rng)),
                inner: Fixed(raw: Int32.random(in: 0...(10 * 256), using: &rng)))
            let union = Union(quad, ring)
            let b = union.bounds
            let got = coverages(union)
            var expected: [UInt32] = []
            for y in b.y0..<b.y1 {
                var sq = RowSpans(), sr = RowSpans()
                let inQuad = y >= quad.bounds.y0 && y < quad.bounds.y1, inRing = y >= ring.bounds.y0 && y < ring.bounds.y1
                let rq = inQuad ? quad.row(y, spans: &sq) : nil, rr = inRing ? ring.row(y, spans: &sr) : nil
                for x in b.x0..<b.x1 {
                    let cq = contains(sq.nonZero, x) ? rq.map { quad.coverage(x: x, row: $0) } ?? 0 : 0
                    let cr = contains(sr.nonZero, x) ? rr.map { ring.coverage(x: x, row: $0) } ?? 0 : 0
                    expected.append(Swift.max(cq, cr))
                }
            }
            #expect(got == expected, "union \(i)")
        }
    }

    @Test func conicTableGivesTheGradientsColours() {
        var rng = SplitMix(seed: 0xC0_71C)
        for i in 0..<40 {
            let stops = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                GradientStop(
                    Color(argb: UInt32.random(in: 0...UInt32.max, using: &rng)),
                    position: Int32.random(in: 0...65536, using: &rng))
            }
            let gradient = ConicGradient(
                centre: randomPoint(&rng, within: 64), start: Angle(raw: Int32.random(in: 0..<65536, using: &rng)),
                sweep: Angle(raw: Int32.random(in: -65536...65536, using: &rng)), stops: stops)
            ConicColorTable.with(gradient) { table in
                for _ in 0..<2 {  // the second pass reads colours the first computed
                    for y: Int32 in stride(from: -8, to: 72, by: 3) {
                        for x: Int32 in stride(from: -8, to: 72, by: 3) {
                            #expect(table.color(x: x, y: y) == gradient.color(x: x, y: y), "gradient \(i) at (\(x), \(y))")
                        }
                    }
                }
            }
        }
    }

    @Test func rowAnglesAreTheArctangent() {
        var rng = SplitMix(seed: 0xA7A2)
        let edges: [Int32] = [0, 1, -1, 255, -255, 0xFFFF, -0xFFFF, 0x1_0000, -0x1_0000, 1 << 30, -(1 << 30), Int32.max, Int32.min]
        var dys = edges
        for _ in 0..<300 { dys.append(Int32.random(in: -0x2_0000...0x2_0000, using: &rng)) }
        for dy in dys {
            let angles = Trig.RowAngles(dy: dy)
            var dxs = edges + [dy, 0 &- dy, dy &+ 1, dy &- 1]
            for _ in 0..<60 { dxs.append(Int32.random(in: -0x3_0000...0x3_0000, using: &rng)) }
            for dx in dxs {
                #expect(angles.angle(dx: dx) == Trig.atan2(dy, dx).raw, "atan2(\(dy), \(dx))")
            }
        }
    }

    /// A conic row's steps decided per run (`ConicRowSteps`) are `parameter` rounded to a
    /// step at every pixel's own atan2: rows on, near and far from the centre, rows that
    /// cross it, every sweep direction and the gap.
    @Test func conicRowStepsGiveEachPixelsStep() {
        var rng = SplitMix(seed: 0xC0A1)
        for i in 0..<400 {
            let start = Int32.random(in: 0..<65536, using: &rng)
            let sweep = i % 7 == 0 ? [0, 65536, -65536][i % 3] : Int32.random(in: -65536...65536, using: &rng)
            let map = ConicGradient.SweepMap(start: start, sweep: sweep)
            let edges: [Int32] = [0, 1, -1, 128, -128, 0xFFFF, -0xFFFF, 0x1_0000]
            let dy = i < edges.count ? edges[i] : Int32.random(in: -0x1_2000...0x1_2000, using: &rng)
            let count = Int32.random(in: 0...700, using: &rng)
            let first = Int32.random(in: -200_000...100_000, using: &rng) &+ (i % 5 == 0 ? dy : 0)
            let got = StepsSeen()
            ConicRowSteps.forEach(dy: dy, map: map, dx: first, from: 10, to: 10 &+ count, got)
            #expect(got.columns == Array(10..<(10 &+ count)))
            var expected: [Int32] = []
            for n in 0..<count {
                let dx = first &+ n &* 256
                expected.append((map.parameter(angle: Trig.atan2(dy, dx).raw) &+ 32) >> 6)
            }
            #expect(got.steps == expected, "dy \(dy), dx \(first), start \(start), sweep \(sweep)")
        }
    }

    /// Every column and step a row walk reports, in order.
    final class StepsSeen: ConicStepSink {
        var columns: [Int32] = [], steps: [Int32] = []
        func put(x: Int32, step: Int32) {
            columns.append(x)
            steps.append(step)
        }
    }

    /// The conic shader's row fill (offsets stepped by 256, colours packed once per step)
    /// writes what packing each pixel's own colour writes, in every format, opaque or not.
    @Test func conicRowFillGivesEachPixelsColour() {
        var rng = SplitMix(seed: 0xF111)
        for i in 0..<24 {
            let opaque = i % 3 != 0
            let stops = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                var c = Color(argb: UInt32.random(in: 0...UInt32.max, using: &rng))
                if opaque { c = Color(r: c.r, g: c.g, b: c.b) }
                return GradientStop(c, position: Int32.random(in: 0...65536, using: &rng))
            }
            let gradient = ConicGradient(
                centre: randomPoint(&rng, within: 48), start: Angle(raw: Int32.random(in: 0..<65536, using: &rng)),
                sweep: Angle(raw: Int32.random(in: -65536...65536, using: &rng)), stops: stops)
            func check<C: PixelCodec>(_ codec: C.Type) {
                let width = 40
                var got = [C.Storage](repeating: C.Storage(truncatingIfNeeded: 0x5A5A_5A5A), count: width)
                var expected = got
                let y = Int32.random(in: -4..<52, using: &rng), x0 = Int32.random(in: -4..<8, using: &rng)
                ConicColorTable.with(gradient) { table in
                    got.withUnsafeMutableBufferPointer { row in
                        // Row pointer shifted so that pixel x lands at index x − x0.
                        table.fill(row.baseAddress! - Int(x0), y: y, from: x0, to: x0 + Int32(width), codec: C.self)
                    }
                }
                for k in 0..<width {
                    let x = x0 + Int32(k), c = gradient.color(x: x, y: y)
                    expected[k] =
                        opaque
                        ? C.packDithered(c, x: x, y: y)
                        : C.blendDithered(c, alpha: effectiveAlpha(c.rounded.a, coverage: 256), over: expected[k], x: x, y: y)
                }
                #expect(got == expected, "gradient \(i), \(C.format), row \(y)")
                // Edge pixels: blended at their coverage as the gradient shader blends them.
                var blended = expected, reference = expected
                let coverages = (0..<width).map { _ in UInt32.random(in: 1...256, using: &rng) }
                ConicColorTable.with(gradient) { table in
                    blended.withUnsafeMutableBufferPointer { row in
                        for k in 0..<width { table.blend(row.baseAddress! - Int(x0), x: x0 + Int32(k), y: y, coverage: coverages[k], codec: C.self) }
                    }
                }
                for k in 0..<width {
                    let x = x0 + Int32(k), c = gradient.color(x: x, y: y)
                    reference[k] = C.blendDithered(c, alpha: effectiveAlpha(c.rounded.a, coverage: coverages[k]), over: reference[k], x: x, y: y)
                }
                #expect(blended == reference, "gradient \(i), \(C.format), row \(y), blended")
            }
            check(ARGB32Codec.self)
            check(RGB565Codec.self)
        }
    }

    /// Rounded rectangles — corners coinciding where the radius is half a side, all parts
    /// convex and walked as one interval a row — and discs draw exactly the general union
    /// of all four corners and both middle rectangles (and the ring): in every format,
    /// clipped or not, opaque and translucent.
    @Test func roundedRectangleDrawsItsUnion() throws {
        var rng = SplitMix(seed: 0x2017)
        for i in 0..<120 {
            let side = Int32.random(in: 1...(24 * 256), using: &rng), other = Int32.random(in: 1...(40 * 256), using: &rng)
            let (w, h): (Int32, Int32) =
                switch i % 4 {
                case 0: (side, side)  // a circle
                case 1: (side + other, side)  // a bar on its side
                case 2: (side, side + other)  // an upright bar
                default: (other, side)
                }
            let x = Int32.random(in: 0...(8 * 256), using: &rng), y = Int32.random(in: 0...(8 * 256), using: &rng)
            let rect = Rect(x: Fixed(raw: x), y: Fixed(raw: y), width: Fixed(raw: w), height: Fixed(raw: h))
            let r = Fixed(raw: Swift.min(w, h) / 2)
            let paint = Paint.solid(Color(r: 200, g: 120, b: 40, a: i % 5 == 0 ? 140 : 255))
            let clip: IntRect? =
                i % 3 == 0
                ? IntRect(
                    x0: Int32.random(in: 0..<24, using: &rng), y0: Int32.random(in: 0..<24, using: &rng),
                    x1: Int32.random(in: 24...64, using: &rng), y1: Int32.random(in: 24...64, using: &rng)) : nil
            @inline(__always) func corner(_ cx: Fixed, _ cy: Fixed) -> RingShape { RingShape(centre: Point(x: cx, y: cy), outer: r, inner: .zero) }
            func quad(_ q: Rect) -> QuadShape {
                QuadShape(Point(x: q.x, y: q.y), Point(x: q.maxX, y: q.y), Point(x: q.maxX, y: q.maxY), Point(x: q.x, y: q.maxY)) ?? .empty
            }
            let across = quad(Rect(x: rect.x + r, y: rect.y, width: rect.width - r * 2, height: rect.height))
            let down = quad(Rect(x: rect.x, y: rect.y + r, width: rect.width, height: rect.height - r * 2))
            let corners = Union(
                Union(corner(rect.x + r, rect.y + r), corner(rect.maxX - r, rect.y + r)),
                Union(corner(rect.x + r, rect.maxY - r), corner(rect.maxX - r, rect.maxY - r)))
            let disc = Point(x: rect.x + r, y: rect.y + r)
            for format in [PixelFormat.xrgb8888, .rgb565] {
                let drawn = try Surface(width: 64, height: 64, format: format), reference = try Surface(width: 64, height: 64, format: format)
                Canvas(drawn, clip: clip).fillRoundedRect(rect, radius: Fixed(raw: 1 << 20), paint: paint)
                Canvas(reference, clip: clip).draw(Union(Union(across, down), corners), paint: paint)
                #expect(
                    Array(UnsafeRawBufferPointer(start: drawn.baseAddress, count: drawn.byteCount))
                        == Array(UnsafeRawBufferPointer(start: reference.baseAddress, count: reference.byteCount)), "rect \(i): \(w)×\(h), \(format)")
                Canvas(drawn, clip: clip).fillDisc(centre: disc, radius: r, paint: paint)
                Canvas(reference, clip: clip).draw(RingShape(centre: disc, outer: r, inner: .zero), paint: paint)
                #expect(
                    Array(UnsafeRawBufferPointer(start: drawn.baseAddress, count: drawn.byteCount))
                        == Array(UnsafeRawBufferPointer(start: reference.baseAddress, count: reference.byteCount)), "disc \(i), \(format)")
            }
        }
    }
}
