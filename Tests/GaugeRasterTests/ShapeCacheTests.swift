import GaugeTestSupport
import Testing
@testable import GaugeRaster

/// Strokes drawn from a `ShapeCache` — computed and kept the first time, read back after —
/// write exactly what strokes drawn without one write, in every format, clipped and under
/// damage masks; the cache stays within its capacity.
@Suite struct ShapeCacheTests {
    static let size: Int32 = 80

    /// Ticks, hairlines and random short strokes of widths ¼…6 px, any angle and sub-pixel
    /// position, over a background that is not one colour (so every blend shows).
    func strokes(_ rng: inout SplitMix) -> [(a: Point, b: Point, width: Fixed)] {
        (0..<40).map { _ in
            let a = Point(
                x: Fixed(raw: Int32.random(in: 0...(Self.size * 256), using: &rng)),
                y: Fixed(raw: Int32.random(in: 0...(Self.size * 256), using: &rng)))
            let length = Int32.random(in: 0...(30 * 256), using: &rng)
            let angle = Angle(raw: Int32.random(in: 0..<Angle.unitsPerTurn, using: &rng))
            return (
                a, Point(centre: a, radius: Fixed(raw: length), angle: angle),
                Fixed(raw: Int32.random(in: 64...(6 * 256), using: &rng))
            )
        }
    }

    func backdrop(_ s: Surface) {
        let canvas = Canvas(s)
        canvas.clear(Color(rgb: 0x101418))
        canvas.fill(Rect(x: Fixed(10), y: Fixed(5), width: Fixed(50), height: Fixed(40)), paint: .solid(Color(rgb: 0x3A8EE0)))
    }

    func draw(_ strokes: [(a: Point, b: Point, width: Fixed)], on canvas: Canvas) {
        for (i, s) in strokes.enumerated() {
            let color = i % 3 == 0 ? Color(r: 0xD0, g: 0xD4, b: 0xD8, a: 0x90) : Color(rgb: 0xE0403A)
            canvas.strokeLine(from: s.a, to: s.b, width: s.width, paint: .solid(color))
        }
    }

    @Test(arguments: PixelFormat.allCases)
    func cachedStrokesWriteTheSamePixels(format: PixelFormat) throws {
        var rng = SplitMix(seed: 0x5EED + UInt64(format.rawValue))
        let cache = ShapeCache()
        for round in 0..<30 {
            let lines = strokes(&rng)
            let plain = try Surface(width: Self.size, height: Self.size, format: format)
            let cached = try Surface(width: Self.size, height: Self.size, format: format)
            // Unclipped, clipped and masked: the first two draws fill the cache, the rest read it.
            var region = Region()
            for _ in 0..<(1 + rng.next() % 6) {
                region.formUnion(
                    IntRect(
                        x: Int32(rng.next() % 70), y: Int32(rng.next() % 70),
                        width: Int32(1 + rng.next() % 30), height: Int32(1 + rng.next() % 12)))
            }
            let clip = IntRect(x: Int32(rng.next() % 40), y: Int32(rng.next() % 40), width: 40, height: 40)
            for pass in 0..<3 {
                backdrop(plain)
                backdrop(cached)
                switch pass {
                case 0:
                    draw(lines, on: Canvas(plain))
                    draw(lines, on: Canvas(cached).caching(cache))
                case 1:
                    draw(lines, on: Canvas(plain, clip: clip))
                    draw(lines, on: Canvas(cached, clip: clip).caching(cache))
                default:
                    draw(lines, on: Canvas(plain, region: region))
                    draw(lines, on: Canvas(cached, region: region).caching(cache))
                }
                let diff = differingPixels(plain, cached)
                #expect(diff == 0, "\(format), round \(round), pass \(pass): \(diff) pixels differ")
                if diff != 0 { return }
            }
        }
        #expect(cache.hits > 0 && cache.misses > 0)
    }

    /// The second frame of the same strokes is read back: one miss per stroke, then hits.
    @Test func aSecondFrameHitsEveryStroke() throws {
        var rng = SplitMix(seed: 0x71C5)
        let lines = strokes(&rng).filter { $0.a != $0.b }
        let s = try Surface(width: Self.size, height: Self.size, format: .xrgb8888)
        let cache = ShapeCache()
        draw(lines, on: Canvas(s).caching(cache))
        let kept = cache.count
        #expect(kept > 0 && cache.misses == kept && cache.hits == 0)
        draw(lines, on: Canvas(s).caching(cache))
        #expect(cache.count == kept && cache.misses == kept && cache.hits == kept)
    }

    /// Long strokes are drawn, not kept; a cache that fills up drops everything and goes on.
    @Test func staysWithinItsCapacity() throws {
        let s = try Surface(width: 200, height: 200, format: .xrgb8888)
        let long = ShapeCache()
        Canvas(s).caching(long).strokeLine(from: Point(5, 5), to: Point(190, 120), width: Fixed(2), paint: .solid(.white))
        #expect(long.count == 0 && long.misses == 0)

        let small = ShapeCache(capacity: 400)
        var rng = SplitMix(seed: 0xCA9A)
        for _ in 0..<20 { draw(strokes(&rng), on: Canvas(s).caching(small)) }
        #expect(small.flushes > 0)
        #expect(small.storedValues <= 400)

        // More strokes than it holds, each drawn twice in a row: the second draw always hits.
        let many = ShapeCache()
        for i in 0..<(ShapeCache.maximumCount + 100) {
            let a = Point(x: Fixed(raw: Int32(i) * 37 % (150 * 256)), y: Fixed(raw: Int32(i) * 11 % (150 * 256)))
            let b = Point(x: a.x + Fixed(5), y: a.y + Fixed(3))
            for _ in 0..<2 { Canvas(s).caching(many).strokeLine(from: a, to: b, width: Fixed(2), paint: .solid(.white)) }
        }
        #expect(many.flushes == 1 && many.count == 100 && many.hits == ShapeCache.maximumCount + 100)
    }

    /// Rings past `maximumRings` push out the oldest: the newest are read back, the first
    /// one is made again.
    @Test func keepsTheNewestRings() throws {
        let s = try Surface(width: 200, height: 200, format: .xrgb8888)
        let cache = ShapeCache()
        func dial(_ i: Int) {
            let under = ArcSegment(start: Angle(degrees: 0), sweep: Angle(degrees: 200), paint: .solid(Color(rgb: 0x2A3038)))
            let over = ArcSegment(start: Angle(degrees: 0), sweep: Angle(degrees: 90), paint: .solid(.white))
            Canvas(s).caching(cache).strokeArcs(
                centre: Point(100, 100), radius: Fixed(Int32(40 + 5 * i)), thickness: Fixed(4),
                under: under, over: over)
        }
        for i in 0...ShapeCache.maximumRings { dial(i) }
        #expect(cache.ringCount == ShapeCache.maximumRings && cache.misses == ShapeCache.maximumRings + 1 && cache.hits == 0)
        dial(ShapeCache.maximumRings)
        #expect(cache.hits == 1 && cache.ringCount == ShapeCache.maximumRings)
        dial(0)
        #expect(cache.misses == ShapeCache.maximumRings + 2 && cache.ringCount == ShapeCache.maximumRings)
    }

    /// A dial's track and value arc (solid, linear and conic over a solid track) from a
    /// cache — rows and steps made on the first frame, read on the next — write what they
    /// write without one, in every format (RGB565 dithers the gradients), clipped or not,
    /// and under a damage mask.
    @Test(arguments: PixelFormat.allCases)
    func cachedRingsWriteTheSamePixels(format: PixelFormat) throws {
        var rng = SplitMix(seed: 0xA2C5 + UInt64(format.rawValue))
        let cache = ShapeCache()
        let size: Int32 = 120
        for round in 0..<40 {
            let centre = Point(
                x: Fixed(raw: Int32.random(in: (40 * 256)...(80 * 256), using: &rng)),
                y: Fixed(raw: Int32.random(in: (40 * 256)...(80 * 256), using: &rng)))
            let radius = Fixed(raw: Int32.random(in: (8 * 256)...(70 * 256), using: &rng))
            let thickness = Fixed(raw: Int32.random(in: 128...(20 * 256), using: &rng))
            let start = Angle(raw: Int32.random(in: 0..<Angle.unitsPerTurn, using: &rng))
            let sweep = Angle(raw: Int32.random(in: (-Angle.unitsPerTurn + 1)...(Angle.unitsPerTurn - 1), using: &rng))
            let value = Angle(raw: Int32(Int64(sweep.raw) * Int64.random(in: 1...100, using: &rng) / 100))
            let stops = [
                GradientStop(Color(rgb: 0x30C060), at: 0), GradientStop(Color(r: 0xE0, g: 0xC0, b: 0x30, a: round % 5 == 0 ? 0x80 : 0xFF), at: 0.5),
                GradientStop(Color(rgb: 0xE04030), at: 1),
            ]
            let paints: [Paint] = [
                .conic(ConicGradient(centre: centre, start: start, sweep: sweep, stops: stops)),
                .solid(Color(rgb: 0x3A8EE0)),
                .linear(LinearGradient(from: Point(0, 0), to: Point(size, size), stops: stops)),
            ]
            let over = paints[round % 3]
            let track = ArcSegment(start: start + value, sweep: Angle(raw: sweep.raw - value.raw), paint: .solid(Color(rgb: 0x2A3038)))
            let valueArc = ArcSegment(start: start, sweep: value, paint: over)
            let clip = round % 4 == 3 ? IntRect(x: Int32(rng.next() % 60), y: Int32(rng.next() % 60), width: 50, height: 50) : nil
            let plain = try Surface(width: size, height: size, format: format)
            let cached = try Surface(width: size, height: size, format: format)
            // Frame 2 redraws damage: a few rectangles, as a needle step's slice and bands.
            var region = Region()
            for _ in 0..<(1 + rng.next() % 8) {
                region.formUnion(
                    IntRect(
                        x: Int32(rng.next() % 110), y: Int32(rng.next() % 110),
                        width: Int32(1 + rng.next() % 40), height: Int32(1 + rng.next() % 10)))
            }
            for frame in 0..<3 {
                backdrop(plain)
                backdrop(cached)
                let plainCanvas = frame < 2 ? Canvas(plain, clip: clip) : Canvas(plain, clip: clip, region: region)
                let cachedCanvas = frame < 2 ? Canvas(cached, clip: clip) : Canvas(cached, clip: clip, region: region)
                plainCanvas.strokeArcs(centre: centre, radius: radius, thickness: thickness, under: track, over: valueArc)
                cachedCanvas.caching(cache).strokeArcs(centre: centre, radius: radius, thickness: thickness, under: track, over: valueArc)
                let diff = differingPixels(plain, cached)
                #expect(diff == 0, "\(format), round \(round), frame \(frame): \(diff) pixels differ")
                if diff != 0 { return }
            }
        }
        #expect(cache.hits >= 20)
    }

    /// A layer whose `fits` says no is drawn, not kept, and not asked again on the next
    /// frames (a dial's labels would be measured every frame); one that fits is kept on its
    /// first full frame and copied after, with the pixels drawing gives.
    @Test func aRefusedLayerIsNotAskedAgain() throws {
        let cache = ShapeCache()
        let drawn = try Surface(width: 100, height: 100, format: .xrgb8888)
        let reference = try Surface(width: 100, height: 100, format: .xrgb8888)
        let background = Color(rgb: 0x101418)
        func tick(_ canvas: Canvas) {
            canvas.strokeLine(from: Point(50, 20), to: Point(62, 40), width: Fixed(3), paint: .solid(.white))
        }
        func frame(_ id: Int32, fits: Bool, _ asked: inout Int) {
            let canvas = Canvas(drawn).caching(cache)
            canvas.clear(background)
            canvas.drawKept(
                key: { $0.add(id) }, centre: Point(50, 50), radius: Fixed(45), background: background,
                fits: {
                    asked += 1
                    return fits
                }, tick)
        }
        Canvas(reference).clear(background)
        tick(Canvas(reference))
        var asked = 0
        for _ in 0..<3 { frame(1, fits: false, &asked) }
        #expect(asked == 1 && cache.layerCount == 0)
        #expect(differingPixels(drawn, reference) == 0)
        asked = 0
        for _ in 0..<3 { frame(2, fits: true, &asked) }
        #expect(asked == 1 && cache.layerCount == 1)
        #expect(differingPixels(drawn, reference) == 0)
    }
}
