import GaugeTestSupport
import Testing
@testable import GaugeRaster

/// The rasterizer's scalar walks and shared rows against the general ones they stand in
/// for, byte for byte: convex shapes walked as one interval a row, a dial's two arcs drawn
/// in one pass over the ring, the ring's row as scalars.
@Suite struct FastPathTests {
    let shapes = ShapeEquivalenceTests()
    func coverages<S: CoverageShape>(_ shape: S, over area: IntRect? = nil) -> [UInt32] { shapes.coverages(shape, over: area) }
    func randomPoint(_ rng: inout SplitMix, within size: Int32) -> Point { shapes.randomPoint(&rng, within: size) }
    func randomQuad(_ rng: inout SplitMix) -> [Point] { shapes.randomQuad(&rng) }

    /// `Canvas.clear` and opaque `fill`: the C library's pattern fill (one call for
    /// contiguous rows, one a row for padded strides; 16-bit pixels in pairs from odd or even
    /// columns) and narrow rows stored inline write exactly the pixel value into exactly the
    /// rectangle — every format.
    @Test func wideFillsWriteThePixelValue() throws {
        var rng = SplitMix(seed: 0xF111)
        let colors = [
            Color(r: 0, g: 0, b: 0), Color(r: 255, g: 255, b: 255), Color(r: 0x80, g: 0x80, b: 0x80),
            Color(r: 16, g: 20, b: 24), Color(r: 0x21, g: 0x84, b: 0x21), Color(r: 1, g: 2, b: 3),
        ]
        for format in [PixelFormat.xrgb8888, .argb8888, .rgb565] {
            let bpp = Int(format.bytesPerPixel)
            for padding in [0, 4 * bpp, 12] where padding % bpp == 0 {
                let width: Int32 = 200, height: Int32 = 23, stride = Int(width) * bpp + padding
                let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * Int(height), alignment: 16)
                defer { memory.deallocate() }
                let s = try Surface(wrapping: memory, width: width, height: height, stride: Int32(stride), format: format)
                for (i, color) in colors.enumerated() {
                    memory.initializeMemory(as: UInt8.self, repeating: 0x5A, count: stride * Int(height))
                    let rect =
                        i % 2 == 0
                        ? s.bounds
                        : IntRect(
                            x0: Int32.random(in: 0..<100, using: &rng), y0: Int32.random(in: 0..<10, using: &rng),
                            x1: Int32.random(in: 100...200, using: &rng), y1: Int32.random(in: 10...23, using: &rng))
                    if i % 2 == 0 { Canvas(s).clear(color) } else { Canvas(s).fill(rect, color: color) }
                    let reference = try Surface(width: 1, height: 1, format: format)
                    Canvas(reference).clear(color)  // one pixel: the inline store
                    let value = reference.rawPixel(x: 0, y: 0)
                    for y in 0..<height {
                        for x in 0..<width {
                            let expected = rect.contains(x: x, y: y) ? value : (bpp == 4 ? 0x5A5A_5A5A : 0x5A5A)
                            if s.rawPixel(x: x, y: y) != expected {
                                Issue.record("\(format) padding \(padding) colour \(i) rect \(rect): pixel (\(x), \(y))")
                                return
                            }
                        }
                        let pad = UnsafeRawBufferPointer(start: memory + Int(y) * stride + Int(width) * bpp, count: padding)
                        #expect(pad.allSatisfy { $0 == 0x5A }, "\(format): padding written on row \(y)")
                    }
                }
            }
        }
    }

    /// A ring up to 40 px across near the origin (a disc when asked), maybe empty.
    func randomRing(_ rng: inout SplitMix, disc: Bool) -> RingShape {
        let outer = Fixed(raw: Int32.random(in: 1...(40 * 256), using: &rng))
        let inner = disc ? Fixed.zero : Fixed(raw: Int32.random(in: 0...outer.raw, using: &rng))
        return RingShape(centre: randomPoint(&rng, within: 64), outer: outer, inner: inner)
    }

    /// A ring's row as scalars lists the intervals its span lists hold, in order.
    @Test func ringScalarRowIsItsRow() {
        var rng = SplitMix(seed: 0x5CA1)
        for i in 0..<300 {
            let ring = randomRing(&rng, disc: i % 4 == 0)
            guard !ring.bounds.isEmpty else { continue }
            for y in ring.bounds.y0..<ring.bounds.y1 {
                var spans = RowSpans()
                let row = ring.row(y, spans: &spans)
                let s = ring.scalarRow(y)
                #expect(s.row.dySquared == row.dySquared)
                func list(_ a: (lo: Int32, hi: Int32), _ b: (lo: Int32, hi: Int32)) -> [Int32] {
                    (a.lo < a.hi ? [a.lo, a.hi] : []) + (b.lo < b.hi ? [b.lo, b.hi] : [])
                }
                func list(_ l: SpanList) -> [Int32] { (0..<l.count).flatMap { [l[$0].start, l[$0].end] } }
                #expect(list(s.first, s.second) == list(spans.nonZero), "ring \(i), row \(y)")
                #expect(list(s.fullFirst, s.fullSecond) == list(spans.full), "ring \(i), row \(y), full")
            }
        }
    }

    /// A ring's row filter (`mayCover(row:from:to:)`, squares instead of roots) never
    /// turns away a range holding a pixel of the row's non-zero spans, and turns away the
    /// ranges wholly outside the reach or wholly inside the hole.
    @Test func ringRowFilterKeepsEveryCoveredRange() {
        var rng = SplitMix(seed: 0xF117)
        var refused = 0
        for i in 0..<300 {
            let ring = randomRing(&rng, disc: i % 4 == 0)
            guard !ring.bounds.isEmpty else { continue }
            for y in ring.bounds.y0..<ring.bounds.y1 {
                var spans = RowSpans()
                _ = ring.row(y, spans: &spans)
                for _ in 0..<12 {
                    let x0 = Int32.random(in: (ring.bounds.x0 - 4)...(ring.bounds.x1 + 4), using: &rng)
                    let x1 = x0 + Int32.random(in: 1...24, using: &rng)
                    let covered = (0..<spans.nonZero.count).contains { k in
                        spans.nonZero[k].start < x1 && x0 < spans.nonZero[k].end
                    }
                    let kept = ring.mayCover(row: y, from: x0, to: x1)
                    #expect(kept || !covered, "ring \(i) row \(y): [\(x0), \(x1)) refused but covered")
                    if !kept { refused += 1 }
                    // Outside the reach altogether: refused.
                    if !covered && (0..<spans.nonZero.count).allSatisfy({ spans.nonZero[$0].end <= x0 || x1 <= spans.nonZero[$0].start })
                        && !ring.hasInner
                    {
                        #expect(!kept, "ring \(i) row \(y): [\(x0), \(x1)) outside a disc kept")
                    }
                }
            }
        }
        #expect(refused > 1000, "the filter refuses ranges at all")
    }

    /// Two arcs of one ring drawn in one pass over its rows (a track and the value arc over
    /// it) write the same bytes as the two arcs drawn one after the other: in every format,
    /// with solid, translucent, linear and conic paints, whole turns and empty sweeps, and
    /// clipped to a part of the ring.
    @Test func arcPairEqualsTwoArcs() throws {
        var rng = SplitMix(seed: 0xA2C5)
        let formats: [PixelFormat] = [.xrgb8888, .rgb565]
        for i in 0..<90 {
            let centre = randomPoint(&rng, within: 64)
            let radius = Fixed(raw: Int32.random(in: 256...(40 * 256), using: &rng))
            let thickness = Fixed(raw: Int32.random(in: 1...(20 * 256), using: &rng))
            func sweep() -> Angle {
                switch Int.random(in: 0..<8, using: &rng) {
                case 0: return Angle(raw: 0)
                case 1: return Angle(raw: Int32(Angle.unitsPerTurn))
                default: return Angle(raw: Int32.random(in: -65535...65535, using: &rng))
                }
            }
            func color(opaque: Bool) -> Color {
                let c = Color(argb: UInt32.random(in: 0...UInt32.max, using: &rng))
                return opaque ? Color(r: c.r, g: c.g, b: c.b) : c
            }
            let underStart = Angle(raw: Int32.random(in: 0..<65536, using: &rng))
            let overStart = Angle(raw: Int32.random(in: 0..<65536, using: &rng))
            let overSweep = sweep()
            let overPaint: Paint =
                switch i % 4 {
                case 0: .solid(color(opaque: true))
                case 1: .solid(color(opaque: false))
                case 2:
                    .conic(
                        ConicGradient(
                            centre: centre, start: overStart, sweep: overSweep,
                            stops: [GradientStop(color(opaque: true), position: 0), GradientStop(color(opaque: i % 8 != 2), position: 65536)]))
                default:
                    .linear(
                        LinearGradient(
                            from: centre, to: randomPoint(&rng, within: 64),
                            stops: [GradientStop(color(opaque: true), position: 0), GradientStop(color(opaque: true), position: 65536)]))
                }
            let under = ArcSegment(start: underStart, sweep: sweep(), paint: .solid(color(opaque: i % 5 != 0)))
            let over = ArcSegment(start: overStart, sweep: overSweep, paint: overPaint)
            let clip: IntRect? =
                i % 3 == 0
                ? IntRect(
                    x0: Int32.random(in: 0..<48, using: &rng), y0: Int32.random(in: 0..<48, using: &rng),
                    x1: Int32.random(in: 48...96, using: &rng), y1: Int32.random(in: 48...96, using: &rng)) : nil
            for format in formats {
                let paired = try Surface(width: 96, height: 96, format: format), reference = try Surface(width: 96, height: 96, format: format)
                for s in [paired, reference] { Canvas(s).fillBackground(s.bounds, color: Color(r: 16, g: 20, b: 24)) }
                Canvas(paired, clip: clip).strokeArcs(centre: centre, radius: radius, thickness: thickness, under: under, over: over)
                let canvas = Canvas(reference, clip: clip)
                for segment in [under, over] {
                    canvas.strokeArc(
                        centre: centre, radius: radius, thickness: thickness, start: segment.start, sweep: segment.sweep, paint: segment.paint)
                }
                #expect(
                    Array(UnsafeRawBufferPointer(start: paired.baseAddress, count: paired.byteCount))
                        == Array(UnsafeRawBufferPointer(start: reference.baseAddress, count: reference.byteCount)), "arcs \(i), \(format)")
            }
        }
    }
    /// Quads walked as four scalars a row (`Rasterizer.fillConvex`) write the bytes the
    /// general span-list walk writes, clipped or not, in every format and paint.
    @Test func convexFillEqualsSpanWalk() throws {
        var rng = SplitMix(seed: 0xC0E5)
        for i in 0..<150 {
            let p = randomQuad(&rng)
            guard let quad = QuadShape(p[0], p[1], p[2], p[3], findsFullSpans: i % 4 != 0) else { continue }
            let color = Color(argb: UInt32.random(in: 0...UInt32.max, using: &rng))
            let shader = SolidShader(i % 3 == 0 ? color : Color(r: color.r, g: color.g, b: color.b))
            let gradient = GradientShader(
                LinearGradient(
                    from: p[0], to: p[2],
                    stops: [
                        GradientStop(color, position: 0),
                        GradientStop(Color(r: 250, g: 10, b: 90), position: 65536),
                    ]))
            let clip =
                i % 2 == 0
                ? IntRect(x0: 0, y0: 0, x1: 80, y1: 80)
                : IntRect(
                    x0: Int32.random(in: 0..<40, using: &rng), y0: Int32.random(in: 0..<40, using: &rng),
                    x1: Int32.random(in: 40...80, using: &rng), y1: Int32.random(in: 40...80, using: &rng))
            func check<C: PixelCodec, H: Shader>(_ codec: C.Type, _ format: PixelFormat, _ shader: H) throws {
                let convex = try Surface(width: 80, height: 80, format: format), spans = try Surface(width: 80, height: 80, format: format)
                for s in [convex, spans] { Canvas(s).fillBackground(s.bounds, color: Color(r: 16, g: 20, b: 24)) }
                Rasterizer.fillConvex(quad, shader: shader, codec: C.self, surface: convex, clip: clip)
                Rasterizer.fill(quad, shader: shader, codec: C.self, surface: spans, clip: clip)
                #expect(
                    Array(UnsafeRawBufferPointer(start: convex.baseAddress, count: convex.byteCount))
                        == Array(UnsafeRawBufferPointer(start: spans.baseAddress, count: spans.byteCount)), "quad \(i), \(format)")
            }
            try check(ARGB32Codec.self, .xrgb8888, shader)
            try check(RGB565Codec.self, .rgb565, shader)
            try check(RGB565Codec.self, .rgb565, gradient)
        }
    }
    /// `ConvexUnion` of discs and quads — overlapping, touching or far apart — has `Union`'s
    /// coverage on every pixel, keeps the contract with its one-interval rows (hull and
    /// merged full interval), and fills the bytes the general walk of the `Union` fills.
    @Test func convexUnionEqualsUnion() throws {
        var rng = SplitMix(seed: 0xC0C0)
        for i in 0..<120 {
            let disc = DiscShape(centre: randomPoint(&rng, within: 48), radius: Fixed(raw: Int32.random(in: 1...(16 * 256), using: &rng)))
            let p = randomQuad(&rng)
            guard let quad = QuadShape(p[0], p[1], p[2], p[3]) else { continue }
            let other = DiscShape(centre: randomPoint(&rng, within: 48), radius: Fixed(raw: Int32.random(in: 1...(16 * 256), using: &rng)))
            let convex = ConvexUnion(ConvexUnion(disc, quad), other)
            let general = Union(Union(disc.ring, quad), other.ring)
            #expect(convex.bounds == general.bounds)
            #expect(coverages(convex, over: general.bounds) == coverages(general), "union \(i)")
            let shader = SolidShader(Color(r: 30, g: 200, b: 90, a: i % 4 == 0 ? 120 : 255))
            let clip = IntRect(x0: 0, y0: 0, x1: 64, y1: i % 2 == 0 ? 64 : 40)
            let a = try Surface(width: 64, height: 64, format: .xrgb8888), b = try Surface(width: 64, height: 64, format: .xrgb8888)
            Rasterizer.fillConvex(convex, shader: shader, codec: ARGB32Codec.self, surface: a, clip: clip)
            Rasterizer.fill(general, shader: shader, codec: ARGB32Codec.self, surface: b, clip: clip)
            #expect(
                Array(UnsafeRawBufferPointer(start: a.baseAddress, count: a.byteCount))
                    == Array(UnsafeRawBufferPointer(start: b.baseAddress, count: b.byteCount)), "union \(i) drawn")
        }
    }
    /// Parallelograms (strokes, ticks) take their opposite edges' normals negated instead of
    /// computing them: the same half-planes as computing all four, and the polygon's
    /// coverage — wide, thin (down to a raw unit across) and in either winding.
    @Test func parallelogramQuadsEqualTheirPolygon() {
        var rng = SplitMix(seed: 0x9A7A)
        var compared = 0
        for i in 0..<400 {
            let a = randomPoint(&rng, within: 40), b = randomPoint(&rng, within: 40)
            let side = i % 3 == 0 ? Int32.random(in: -2...2, using: &rng) : Int32.random(in: -(12 * 256)...(12 * 256), using: &rng)
            let angle = Angle(raw: Int32.random(in: 0..<65536, using: &rng))
            let d = Point(
                x: Fixed(raw: a.x.raw &+ (Int32(Trig.cos(angle)) &* side) >> 16),
                y: Fixed(raw: a.y.raw &+ (Int32(Trig.sin(angle)) &* side) >> 16))
            let c = Point(x: Fixed(raw: b.x.raw &+ d.x.raw &- a.x.raw), y: Fixed(raw: b.y.raw &+ d.y.raw &- a.y.raw))
            guard let quad = QuadShape(a, b, c, d) else { continue }
            let cx = (Int64(a.x.raw) + Int64(b.x.raw) + Int64(c.x.raw) + Int64(d.x.raw)) / 4
            let cy = (Int64(a.y.raw) + Int64(b.y.raw) + Int64(c.y.raw) + Int64(d.y.raw)) / 4
            for (edge, (p, q)) in [(quad.e2, (b, c)), (quad.e3, (c, d))] {
                let computed = HalfPlane(edgeFrom: p, to: q, facing: cx, cy)!
                #expect(
                    edge.nx == computed.nx && edge.ny == computed.ny && edge.ox == computed.ox && edge.oy == computed.oy,
                    "parallelogram \(i)")
            }
            #expect(coverages(quad) == coverages(ConvexPolygonShape(FourPoints(a, b, c, d))), "parallelogram \(i)")
            compared += 1
        }
        #expect(compared > 300)
    }
    /// Convex shapes drawn through a damage mask (the scalar walk in each rectangle) write
    /// exactly the pixels of drawing them once per rectangle, clipped to it.
    @Test func maskedConvexFillEqualsOneFillPerRectangle() throws {
        var rng = SplitMix(seed: 0x3A5C)
        for i in 0..<60 {
            var rects: [IntRect] = []
            for _ in 0..<Int.random(in: 2...40, using: &rng) {
                let x = Int32.random(in: 0..<60, using: &rng), y = Int32.random(in: 0..<60, using: &rng)
                rects.append(IntRect(x0: x, y0: y, x1: x + Int32.random(in: 1...12, using: &rng), y1: y + Int32.random(in: 1...12, using: &rng)))
            }
            let region = Region(rects)
            let p = randomQuad(&rng)
            let rect = Rect(
                x: Fixed(raw: Int32.random(in: 0...(20 * 256), using: &rng)), y: Fixed(raw: Int32.random(in: 0...(20 * 256), using: &rng)),
                width: Fixed(raw: Int32.random(in: 256...(40 * 256), using: &rng)),
                height: Fixed(raw: Int32.random(in: 256...(24 * 256), using: &rng)))
            let discRadius = Fixed(raw: Int32.random(in: 256...(12 * 256), using: &rng))
            let paint = Paint.solid(Color(r: 240, g: 200, b: 40, a: i % 3 == 0 ? 150 : 255))
            func draw(_ canvas: Canvas) {
                canvas.fillConvexPolygon(p[0], p[1], p[2], p[3], paint: paint)
                canvas.fillRoundedRect(rect, radius: Fixed(raw: 1 << 20), paint: paint)
                canvas.fillDisc(centre: p[0], radius: discRadius, paint: paint)
            }
            #expect(region.rectangles.count > 1)
            for format in [PixelFormat.xrgb8888, .rgb565] {
                let masked = try Surface(width: 72, height: 72, format: format), clipped = try Surface(width: 72, height: 72, format: format)
                draw(Canvas(masked, region: region))
                for r in region.rectangles { draw(Canvas(clipped, clip: r)) }
                #expect(
                    Array(UnsafeRawBufferPointer(start: masked.baseAddress, count: masked.byteCount))
                        == Array(UnsafeRawBufferPointer(start: clipped.baseAddress, count: clipped.byteCount)), "mask \(i), \(format)")
            }
        }
    }
    /// One arc walked from its ring's scalars (`Rasterizer.fillArc`, what `strokeArc` uses
    /// unmasked) writes the bytes the general span-list walk of the `ArcShape` writes:
    /// narrow, reflex and near-full sweeps, thick and hair-thin rings, clipped or not, solid
    /// and conic.
    @Test func singleArcEqualsGeneralFill() throws {
        var rng = SplitMix(seed: 0xA1C0)
        for i in 0..<150 {
            let centre = randomPoint(&rng, within: 64)
            let radius = Fixed(raw: Int32.random(in: 256...(40 * 256), using: &rng))
            let thickness = Fixed(raw: Swift.min(radius.raw, Int32.random(in: 1...(20 * 256), using: &rng)))
            let ring = RingShape(centre: centre, outer: radius, inner: radius - thickness)
            let sweep = Angle(raw: Int32.random(in: 1...65535, using: &rng) * (i % 2 == 0 ? 1 : -1))
            let arc = ArcShape(
                ring,
                WedgeShape(
                    centre: centre, start: Angle(raw: Int32.random(in: 0..<65536, using: &rng)),
                    sweep: sweep, bounds: ring.bounds))
            let color = Color(argb: UInt32.random(in: 0...UInt32.max, using: &rng))
            let shader = SolidShader(i % 3 == 0 ? color : Color(r: color.r, g: color.g, b: color.b))
            let clip =
                i % 2 == 0
                ? IntRect(x0: 0, y0: 0, x1: 96, y1: 96)
                : IntRect(
                    x0: Int32.random(in: 0..<48, using: &rng), y0: Int32.random(in: 0..<48, using: &rng),
                    x1: Int32.random(in: 48...96, using: &rng), y1: Int32.random(in: 48...96, using: &rng))
            let gradient = ConicGradient(
                centre: centre, start: Angle(raw: Int32.random(in: 0..<65536, using: &rng)), sweep: sweep,
                stops: [GradientStop(color, position: 0), GradientStop(Color(r: 250, g: 10, b: 90), position: 65536)])
            func check<C: PixelCodec, H: Shader>(_ codec: C.Type, _ format: PixelFormat, _ shader: H) throws {
                let scalar = try Surface(width: 96, height: 96, format: format), general = try Surface(width: 96, height: 96, format: format)
                for s in [scalar, general] { Canvas(s).fillBackground(s.bounds, color: Color(r: 16, g: 20, b: 24)) }
                Rasterizer.fillArc(arc, shader: shader, codec: C.self, surface: scalar, clip: clip)
                Rasterizer.fill(arc, shader: shader, codec: C.self, surface: general, clip: clip)
                #expect(
                    Array(UnsafeRawBufferPointer(start: scalar.baseAddress, count: scalar.byteCount))
                        == Array(UnsafeRawBufferPointer(start: general.baseAddress, count: general.byteCount)), "arc \(i), \(format)")
            }
            try check(ARGB32Codec.self, .xrgb8888, shader)
            try check(RGB565Codec.self, .rgb565, shader)
            ConicColorTable.with(gradient) { table in
                #expect(throws: Never.self) { try check(ARGB32Codec.self, .xrgb8888, table) }
                #expect(throws: Never.self) { try check(RGB565Codec.self, .rgb565, table) }
            }
        }
    }

    /// A damage redraw's arc (a masked canvas: each row computed once, walked in every
    /// rectangle) writes the bytes of one general fill per rectangle: masks of 2…40
    /// rectangles (and more than `MaskParts` holds), solid and conic arcs. (Walking the
    /// ring's scalar rows per rectangle instead, as unmasked arcs do, measured slower: the
    /// wedge is classified again in every rectangle.)
    @Test func maskedArcEqualsOneFillPerRectangle() throws {
        var rng = SplitMix(seed: 0xA1C5)
        for i in 0..<80 {
            var rects: [IntRect] = []
            for _ in 0..<Int.random(in: 2...(i % 10 == 0 ? 90 : 40), using: &rng) {
                let x = Int32.random(in: 0..<90, using: &rng), y = Int32.random(in: 0..<90, using: &rng)
                rects.append(IntRect(x0: x, y0: y, x1: x + Int32.random(in: 1...14, using: &rng), y1: y + Int32.random(in: 1...14, using: &rng)))
            }
            let region = Region(rects)
            let centre = randomPoint(&rng, within: 64)
            let radius = Fixed(raw: Int32.random(in: 256...(40 * 256), using: &rng))
            let thickness = Fixed(raw: Swift.min(radius.raw, Int32.random(in: 1...(20 * 256), using: &rng)))
            let ring = RingShape(centre: centre, outer: radius, inner: radius - thickness)
            let sweep = Angle(raw: Int32.random(in: 1...65535, using: &rng) * (i % 2 == 0 ? 1 : -1))
            let start = Angle(raw: Int32.random(in: 0..<65536, using: &rng))
            let arc = ArcShape(ring, WedgeShape(centre: centre, start: start, sweep: sweep, bounds: ring.bounds))
            let color = Color(argb: UInt32.random(in: 0...UInt32.max, using: &rng))
            let paint: Paint =
                i % 3 == 2
                ? .conic(
                    ConicGradient(
                        centre: centre, start: start, sweep: sweep,
                        stops: [GradientStop(color, position: 0), GradientStop(Color(r: 250, g: 10, b: 90), position: 65536)]))
                : .solid(i % 3 == 0 ? color : Color(r: color.r, g: color.g, b: color.b))
            for format in [PixelFormat.xrgb8888, .rgb565] {
                let masked = try Surface(width: 104, height: 104, format: format), general = try Surface(width: 104, height: 104, format: format)
                for s in [masked, general] { Canvas(s).fillBackground(s.bounds, color: Color(r: 16, g: 20, b: 24)) }
                Canvas(masked, region: region).draw(arc, paint: paint)
                // Through a generic function: the general span-list fill, not the arc's own.
                func fillGenerally<S: CoverageShape>(_ shape: S, on canvas: Canvas) { canvas.draw(shape, paint: paint) }
                region.forEachRectangle { r in fillGenerally(arc, on: Canvas(general, clip: r)) }
                #expect(
                    Array(UnsafeRawBufferPointer(start: masked.baseAddress, count: masked.byteCount))
                        == Array(UnsafeRawBufferPointer(start: general.baseAddress, count: general.byteCount)), "arc \(i), \(format)")
            }
        }
    }
}
