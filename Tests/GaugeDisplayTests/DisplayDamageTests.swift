import GaugeDisplay
import GaugeRaster
import GaugeTestSupport
import Testing

@Suite struct DamageTrackerTests {
    let bounds = IntRect(x0: 0, y0: 0, x1: 100, y1: 50)

    @Test func everyBufferStartsOutNeedingTheWholeScreen() {
        var t = DamageTracker(bufferCount: 2, bounds: bounds)
        #expect(t.take(buffer: 0) == Region(bounds))
        #expect(t.take(buffer: 1) == Region(bounds))
        #expect(t.take(buffer: 0).isEmpty)
    }

    @Test func eachBufferGetsTheDamageOfTheFramesItMissed() {
        var t = DamageTracker(bufferCount: 2, bounds: bounds)
        _ = t.take(buffer: 0)
        _ = t.take(buffer: 1)
        let a = IntRect(x: 0, y: 0, width: 10, height: 10)
        let b = IntRect(x: 50, y: 20, width: 5, height: 5)
        let c = IntRect(x: 90, y: 40, width: 20, height: 20)  // partly off screen
        // Frame 1 draws A into buffer 1.
        t.add(Region(a))
        #expect(t.take(buffer: 1) == Region(a))
        // Frame 2 draws B into buffer 0, which also missed A.
        t.add(Region(b))
        #expect(t.take(buffer: 0) == Region([a, b]))
        // Frame 3 draws C into buffer 1, which missed B.
        t.add(Region(c))
        #expect(t.take(buffer: 1) == Region([b, c.intersection(bounds)]))
        #expect(t.pending[0] == Region(c.intersection(bounds)))
    }

    @Test func emptyDamageChangesNothing() {
        var t = DamageTracker(bufferCount: 2, bounds: bounds)
        _ = t.take(buffer: 0)
        _ = t.take(buffer: 1)
        t.add(Region())
        t.add(Region(IntRect(x: 200, y: 0, width: 5, height: 5)))
        #expect(t.pending.allSatisfy { $0.isEmpty })
    }

    @Test func copyWritesExactlyTheDamagedRectanglesAndNothingElse() throws {
        for format in [PixelFormat.xrgb8888, .rgb565] {
            let shadow = try Surface(width: 40, height: 30, format: format)
            fillPattern(shadow, seed: 7)
            let bpp = Int(format.bytesPerPixel), stride = 40 * bpp + 24  // padded rows
            let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * 30, alignment: 16)
            defer { memory.deallocate() }
            memory.initializeMemory(as: UInt8.self, repeating: 0xEE, count: stride * 30)
            let target = try Surface(wrapping: memory, width: 40, height: 30, stride: Int32(stride), format: format)
            let region = Region([
                IntRect(x: 3, y: 4, width: 10, height: 5), IntRect(x: 20, y: 10, width: 15, height: 12),
                IntRect(x: 35, y: 25, width: 10, height: 10),
            ])
            DamageTracker.copy(region, from: shadow, to: target)
            for y in 0..<30 {
                for x in 0..<(stride / bpp) {
                    let got = pixelBytes(memory, stride: stride, bpp: bpp, x: x, y: y)
                    if x < 40 && region.contains(x: Int32(x), y: Int32(y)) {
                        #expect(got == pixelBytes(shadow.baseAddress, stride: Int(shadow.stride), bpp: bpp, x: x, y: y))
                    } else {
                        #expect(got == Array(repeating: 0xEE, count: bpp), "pixel \(x),\(y) written")
                    }
                }
            }
        }
    }
}
