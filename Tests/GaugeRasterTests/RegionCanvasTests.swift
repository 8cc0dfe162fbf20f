import Testing
import GaugeTestSupport
@testable import GaugeRaster

/// A canvas masked to a region (one pass over several damaged rectangles) must write
/// exactly what drawing each rectangle with its own clipped canvas writes — and nothing
/// outside the region. A slanted rectangle's pixels are the rows `forEachRectangle` gives.
@Suite struct RegionCanvasTests {
    static let size: Int32 = 96

    @Test(arguments: PixelFormat.allCases)
    func regionCanvasEqualsPerRectangleDraws(format: PixelFormat) throws {
        var rng = SplitMix(seed: 0x5E61 + UInt64(format.rawValue))
        for _ in 0..<150 {
            let masked = try Surface(width: Self.size, height: Self.size, format: format)
            let perRect = try Surface(width: Self.size, height: Self.size, format: format)
            Canvas(masked).clear(Color(rgb: 0x203040))
            Canvas(perRect).clear(Color(rgb: 0x203040))
            var region = Region()
            let kind = rng.next() % 8
            if kind < 2 {
                // Slanted bands, as a needle's damage, beside whole rectangles.
                region = RowSlantTests.slantedBands(&rng).0
                for _ in 0..<(rng.next() % 3) {
                    region.formUnion(
                        IntRect(
                            x: Int32(rng.next() % 90), y: Int32(rng.next() % 90),
                            width: Int32(1 + rng.next() % 30), height: Int32(1 + rng.next() % 30)))
                }
            } else if kind < 4 {
                // Many small rectangles in no order, like a needle's bands beside other
                // damage: past what a masked fill holds at once (32) as often as not.
                for _ in 0..<(20 + rng.next() % 80) {
                    let x = Int32(rng.next() % 90), y = Int32(rng.next() % 94)
                    region.formUnion(IntRect(x: x, y: y, width: Int32(1 + rng.next() % 12), height: Int32(1 + rng.next() % 4)))
                }
            } else {
                for _ in 0..<(1 + rng.next() % 5) {
                    let x = Int32(rng.next() % 90), y = Int32(rng.next() % 90)
                    region.formUnion(IntRect(x: x, y: y, width: Int32(1 + rng.next() % 40), height: Int32(1 + rng.next() % 40)))
                }
            }
            // Half the time within a clip that cuts the region (as a widget's frame does a
            // dashboard's damage): the canvas then keeps only the rectangles it meets.
            let clip: IntRect? =
                rng.next() % 2 == 0
                ? nil
                : IntRect(x: Int32(rng.next() % 60), y: Int32(rng.next() % 60), width: Int32(8 + rng.next() % 40), height: Int32(8 + rng.next() % 40))
            // The same primitives, drawn through both canvases.
            let seed = rng.next()
            var a = SplitMix(seed: seed), b = SplitMix(seed: seed)
            let maskedCanvas = Canvas(masked, clip: clip, region: region)
            for _ in 0..<4 { RandomPrimitive.draw(&a, on: maskedCanvas, size: Self.size) }
            var pieces: [IntRect] = []
            region.forEachRectangle { pieces.append($0) }
            for _ in 0..<4 {
                var c = b
                for r in pieces {
                    c = b
                    RandomPrimitive.draw(&c, on: Canvas(perRect, clip: clip.map { r.intersection($0) } ?? r), size: Self.size)
                }
                b = c
            }
            let diff = differingPixels(masked, perRect)
            #expect(diff == 0, "\(format): \(diff) pixels differ for region \(region.rectangles)")
            if diff != 0 { return }
        }
    }
}
