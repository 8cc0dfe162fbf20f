import GaugeDisplay
import GaugeDisplayDevices
import GaugeImages
import GaugeRaster
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

    @Test func clipsAreFewAndCoverTheDamage() {
        var damage = Region()
        for i in 0..<30 { damage.formUnion(IntRect(x: Int32(i * 20), y: Int32(i % 5) * 30, width: 8, height: 8)) }
        let clips = DRMSelection.clips(damage, maxRectangles: 4)
        #expect(clips.count <= 4 && !clips.isEmpty)
        for r in damage.rectangles {
            #expect(clips.contains { Int32($0.x1) <= r.x0 && Int32($0.y1) <= r.y0 && Int32($0.x2) >= r.x1 && Int32($0.y2) >= r.y1 })
        }
    }
}

@Suite struct DisplaySelectionTests {
    let modes = [
        DRMMode(width: 1920, height: 1080, refresh: 60), DRMMode(width: 1024, height: 768, refresh: 60, preferred: true),
        DRMMode(width: 800, height: 480, refresh: 60), DRMMode(width: 800, height: 480, refresh: 75),
        DRMMode(width: 2560, height: 1440, refresh: 30),
    ]

    @Test func preferredModeUnlessOneIsAskedFor() {
        #expect(DRMSelection.mode(from: modes)?.name == "1024x768")
        #expect(DRMSelection.mode(from: modes, wanted: "800x480")?.refresh == 60)
        #expect(DRMSelection.mode(from: modes, wanted: "800x480@75")?.refresh == 75)
        #expect(DRMSelection.mode(from: modes, wanted: "640x480") == nil)
        #expect(DRMSelection.mode(from: modes, wanted: "800x480@50") == nil)
    }

    @Test func largestModeWhenNoneIsPreferred() {
        #expect(DRMSelection.mode(from: modes.filter { !$0.preferred })?.name == "2560x1440")
        #expect(DRMSelection.mode(from: []) == nil)
    }

    @Test func connectedConnectorWithModesAndACRTC() {
        let card = DRMCard(
            driver: "mock",
            connectors: [
                DRMConnector(id: 1, name: "HDMI-A-1", connected: false, modes: modes, crtcs: [5]),
                DRMConnector(id: 2, name: "HDMI-A-2", connected: true, modes: [], crtcs: [5]),
                DRMConnector(id: 3, name: "DSI-1", connected: true, modes: modes, crtcs: [6]),
            ], supportsDumbBuffers: true)
        #expect(DRMSelection.connector(in: card)?.id == 3)
    }

    @Test func formats() {
        #expect(DRMSelection.fourcc(for: .xrgb8888)?.bitsPerPixel == 32)
        #expect(DRMSelection.fourcc(for: .xrgb8888)?.fourcc == 0x3432_5258)  // 'XR24'
        #expect(DRMSelection.fourcc(for: .rgb565)?.fourcc == 0x3631_4752)  // 'RG16'
        #expect(DRMSelection.fourcc(for: .argb8888) == nil)
        #expect(FramebufferFormat.select(.xrgb(width: 10, height: 10)) == .xrgb8888)
        #expect(FramebufferFormat.select(.rgb565(width: 10, height: 10)) == .rgb565)
        var bgr = FramebufferInfo.xrgb(width: 10, height: 10)
        bgr.red = (0, 8)
        bgr.blue = (16, 8)
        #expect(FramebufferFormat.select(bgr) == nil)
    }

    @Test func devicePathsInNumericOrder() {
        #expect(
            DRMSelection.cardPaths(in: ["renderD128", "card10", "card2", "card1", "by-path"])
                == ["/dev/dri/card1", "/dev/dri/card2", "/dev/dri/card10"])
        #expect(DRMSelection.framebufferPaths(in: ["fb1", "fb0", "full", "fd", "fb10"]) == ["/dev/fb0", "/dev/fb1", "/dev/fb10"])
    }
}
