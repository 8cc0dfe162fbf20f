import GaugeDisplay
import GaugeDisplayDevices
import GaugeRaster
import Testing

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
