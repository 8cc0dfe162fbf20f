import GaugeDisplay
import GaugeDisplayDevices
@testable import GaugeRaster
import Glibc
import Testing

/// What the displays count: bytes copied into scan-out memory and clip rectangles sent.
@Suite struct DisplayStatisticsTests {
    func card(_ w: Int, _ h: Int) -> DRMCard {
        DRMCard(
            driver: "mock",
            connectors: [
                DRMConnector(id: 9, name: "Virtual-1", connected: true, modes: [DRMMode(width: w, height: h, preferred: true)], crtcs: [31])
            ], supportsDumbBuffers: true)
    }

    @Test func aTwoBufferDRMDisplayCopiesWhatEachBufferMissed() throws {
        let sys = MockSystem()
        sys.cards["/dev/dri/card0"] = card(64, 40)
        let d = try DRMDisplay(path: "/dev/dri/card0", system: sys)
        let full = Int64(64 * 40 * 4)
        try d.present(damage: Region(d.surface.bounds))  // → buffer 1: everything
        #expect(d.statistics.lastFrameBytesCopied == full)
        let a = IntRect(x: 3, y: 4, width: 10, height: 10)
        try d.present(damage: Region(a))  // → buffer 0: never had a frame
        #expect(d.statistics.lastFrameBytesCopied == full)
        #expect(d.statistics.lastFrameDamagedPixels == 100)
        let b = IntRect(x: 40, y: 20, width: 10, height: 10)
        try d.present(damage: Region(b))  // → buffer 1: missed a, and b
        #expect(d.statistics.lastFrameBytesCopied == 200 * 4)
        #expect(d.statistics.lastFrameClipRectangles == 2 && d.statistics.lastFrameClipPixels == 200)
        #expect(sys.dirtyClips.last == [IntRectClip(x1: 3, y1: 4, x2: 13, y2: 14), IntRectClip(x1: 40, y1: 20, x2: 50, y2: 30)])
        try d.present(damage: Region(b))  // → buffer 0: missed b; b again
        #expect(d.statistics.lastFrameBytesCopied == 100 * 4 && d.statistics.lastFrameClipRectangles == 1)
        try d.present(damage: Region())  // nothing changed: nothing copied
        let s = d.statistics
        #expect(s.frames == 5 && s.emptyFrames == 1 && s.lastFrameBytesCopied == 0 && s.lastFrameClipPixels == 0)
        #expect(s.bytesCopied == 2 * full + 300 * 4)
        #expect(s.clipRectangles == 1 + 1 + 2 + 1)
        #expect(s.clipPixels == 2 * 64 * 40 + 300)
        #expect(s.lastFrameSummary == "frame=5 damage=0px copied=0B clips=0 clippx=0")
    }

    @Test func fbdevCountsBytesAtItsDepthAndSendsNoClips() throws {
        let sys = MockSystem()
        sys.framebuffers["/dev/fb0"] = .rgb565(width: 32, height: 16)
        let d = try FbdevDisplay(path: "/dev/fb0", system: sys)
        try d.present(damage: Region(IntRect(x: 0, y: 0, width: 1, height: 1)))  // first frame: everything
        let overlapping = Region([IntRect(x: 0, y: 0, width: 10, height: 10), IntRect(x: 5, y: 5, width: 10, height: 10)])
        try d.present(damage: overlapping)
        #expect(d.statistics.lastFrameBytesCopied == 175 * 2)  // the overlap once
        #expect(d.statistics.bytesCopied == 32 * 16 * 2 + 175 * 2)
        #expect(d.statistics.damageRectangles == 1 + overlapping.rectangles.count && d.statistics.clipRectangles == 0)
    }

    /// The benchmark: an 800×480 test card whose left needle moves by 1 % of its sweep
    /// per frame, on a double-buffered DRM display. Each frame copies the union of this
    /// and the previous frame's needle boxes (the back buffer missed the previous one),
    /// far below a full frame; what reaches the buffer equals a full draw.
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func aMovingNeedleCopiesAFractionOfAFrame(format: PixelFormat) throws {
        let sys = MockSystem(pitchPadding: 0)
        sys.cards["/dev/dri/card0"] = card(800, 480)
        let d = try DRMDisplay(path: "/dev/dri/card0", format: format, system: sys)
        let bpp = Int64(format.bytesPerPixel), fullFrame = 800 * 480 * bpp
        func needle(_ f: Double) -> IntRect {
            TestCard.needleShape(centre: Point(200, 200), angle: TestCard.needleAngle(fraction: f)).bounds
        }
        var f = 3000.0 / 8000.0
        TestCard.card.draw(Canvas(d.surface))
        try d.present(damage: Region(d.surface.bounds))
        var last = IntRect.empty
        var lines: [String] = []
        for step in 0..<5 {
            let damage = needle(f).union(needle(f + 0.01))
            f += 0.01
            TestCard.card(tachometerNeedleFraction: f).draw(Canvas(d.surface, clip: damage))
            try d.present(damage: Region(damage))
            let expected = Region([damage, last]).area * bpp
            last = damage
            if step == 0 { continue }  // buffer 0's first frame: the whole card
            let s = d.statistics
            #expect(s.lastFrameBytesCopied == expected)
            #expect(s.lastFrameBytesCopied * 10 < fullFrame)
            #expect(s.lastFrameClipRectangles >= 1 && s.lastFrameClipRectangles <= 8)
            #expect(s.lastFrameClipPixels >= Region([damage]).area)
            lines.append("\(s.lastFrameSummary) full=\(fullFrame)B")
        }
        // The buffer just flipped to holds exactly a full draw of the last card.
        let reference = try Surface(width: 800, height: 480, format: format)
        TestCard.card(tachometerNeedleFraction: f).draw(Canvas(reference))
        let shown = sys.mappings[Int(sys.scanout - 100) << 12]!
        let sameBytes = (0..<480).allSatisfy { y in
            memcmp(shown + y * Int(800 * bpp), reference.row(Int32(y)), Int(800 * bpp)) == 0
        }
        #expect(sameBytes)
        print("needle benchmark \(format.lowercaseName): " + lines.joined(separator: "; "))
    }
}
