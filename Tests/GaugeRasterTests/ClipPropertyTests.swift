import Testing
@testable import GaugeRaster

/// The property damage redraws rely on: a draw clipped to a rectangle writes exactly the
/// pixels an unclipped draw writes inside it, and nothing outside it.
@Suite struct ClipPropertyTests {
    static let size: Int32 = 96

    func backdrop(_ format: PixelFormat, seed: UInt64) throws -> Surface {
        let s = try Surface(width: Self.size, height: Self.size, format: format)
        // A non-uniform background so blending differences show up.
        var rng = SplitMix(seed: seed)
        let canvas = Canvas(s)
        for _ in 0..<6 { RandomPrimitive.draw(&rng, on: canvas, size: Self.size) }
        return s
    }

    @Test(arguments: PixelFormat.allCases)
    func clippedDrawEqualsFullDrawInsideClip(format: PixelFormat) throws {
        var rng = SplitMix(seed: 0xC11F + UInt64(format.rawValue))
        for iteration in 0..<250 {
            let seed = rng.next()
            let full = try backdrop(format, seed: seed)
            let clipped = try backdrop(format, seed: seed)
            let before = try backdrop(format, seed: seed)
            let x0 = Int32.random(in: -8...Self.size, using: &rng), y0 = Int32.random(in: -8...Self.size, using: &rng)
            let clip = IntRect(x0: x0, y0: y0, x1: x0 + Int32.random(in: 0...60, using: &rng), y1: y0 + Int32.random(in: 0...60, using: &rng))
            var drawA = SplitMix(seed: seed ^ 0xABCD), drawB = drawA
            RandomPrimitive.draw(&drawA, on: Canvas(full), size: Self.size)
            RandomPrimitive.draw(&drawB, on: Canvas(clipped, clip: clip), size: Self.size)
            var wrong = 0
            for y in 0..<Self.size {
                for x in 0..<Self.size {
                    let expected = clip.contains(x: x, y: y) ? full.rawPixel(x: x, y: y) : before.rawPixel(x: x, y: y)
                    if clipped.rawPixel(x: x, y: y) != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "iteration \(iteration), seed \(seed), clip \(clip): \(wrong) pixels differ")
            if wrong != 0 { return }
        }
    }

    @Test func tiledRedrawEqualsFullDraw() throws {
        // Drawing a whole scene tile by tile gives the same bytes as drawing it at once.
        for scene in TestCard.scenes {
            let whole = try scene.render(format: .rgb565)
            let tiled = try Surface(width: scene.width, height: scene.height, format: .rgb565)
            var y: Int32 = 0
            while y < scene.height {
                var x: Int32 = 0
                while x < scene.width {
                    scene.draw(Canvas(tiled, clip: IntRect(x: x, y: y, width: 37, height: 23)))
                    x += 37
                }
                y += 23
            }
            #expect(whole.checksum() == tiled.checksum(), "\(scene.nameString)")
        }
    }
}
