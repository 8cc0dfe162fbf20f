import GaugeSystem
import GaugeDisplay
import GaugeDisplayDevices
import GaugeRaster
import GaugeTestSupport
import Testing

/// `DRMDisplay.setMode`: a new mode of the same connector, new buffers, and a modeset
/// with the first frame drawn at the new size.
@Suite struct DRMModeChangeTests {
    func system(format: PixelFormat = .xrgb8888) -> MockSystem {
        let sys = MockSystem()
        sys.cards["/dev/dri/card0"] = DRMCard(
            driver: "mock",
            connectors: [
                DRMConnector(
                    id: 9, name: "Virtual-1", connected: true,
                    modes: [
                        DRMMode(width: 64, height: 40, preferred: true), DRMMode(width: 32, height: 20),
                        DRMMode(width: 32, height: 20, refresh: 75),
                    ], crtcs: [31])
            ], supportsDumbBuffers: true)
        return sys
    }

    @Test func switchesModeWithNewBuffersAndShowsTheOldPictureUntilTheNewFrame() throws {
        let sys = system()
        let d = try DRMDisplay(path: "/dev/dri/card0", system: sys)
        fillPattern(d.surface, seed: 1)
        try d.present(damage: Region(d.surface.bounds))
        try d.finish()
        #expect(sys.scanout == 102 && sys.crtcMode == "64x40")
        try d.setMode("32x20")
        #expect(d.width == 32 && d.height == 20 && d.mode.name == "32x20" && d.modesetPending)
        #expect(sys.calls.filter { $0.hasPrefix("create_dumb") }.suffix(2) == ["create_dumb 32x20x32", "create_dumb 32x20x32"])
        // The old picture stays on screen, its buffers alive, until the new frame.
        #expect(sys.scanout == 102 && !sys.calls.contains { $0.hasPrefix("destroy_dumb") })
        fillPattern(d.surface, seed: 2)
        try d.present(damage: Region(d.surface.bounds))
        #expect(sys.crtcMode == "32x20" && sys.scanout == 103 && !d.modesetPending)  // buffer 0 of the new pair
        #expect(sys.calls.filter { $0.hasPrefix("destroy_dumb") } == ["destroy_dumb 1", "destroy_dumb 2"])
        #expect(d.statistics.lastFrameBytesCopied == 32 * 20 * 4)
        // What the new buffer holds is the new surface, at the mock's padded pitch.
        let memory = sys.mappings[3 << 12]!
        for y in 0..<20 {
            for x in 0..<32 {
                #expect(
                    pixelBytes(memory, stride: 32 * 4 + 64, bpp: 4, x: x, y: y)
                        == pixelBytes(d.surface.baseAddress, stride: Int(d.surface.stride), bpp: 4, x: x, y: y))
            }
        }
        // Then ordinary page flips again; the other new buffer first gets everything.
        try d.present(damage: Region(IntRect(x: 1, y: 1, width: 2, height: 2)))
        #expect(sys.calls.last == "flip fb 104" && d.statistics.lastFrameBytesCopied == 32 * 20 * 4)
        d.close()
        #expect(sys.calls.filter { $0.hasPrefix("destroy_dumb") }.count == 4)
    }

    @Test func aSecondSwitchBeforeAnyFrameFreesTheBuffersNeverShown() throws {
        let sys = system()
        let d = try DRMDisplay(path: "/dev/dri/card0", rotation: .quarter, system: sys)
        try d.setMode("32x20")
        #expect(d.width == 20 && d.height == 32)  // still turned a quarter
        try d.setMode("64x40")
        #expect(sys.calls.filter { $0.hasPrefix("destroy_dumb") } == ["destroy_dumb 3", "destroy_dumb 4"])
        try d.present(damage: Region(d.surface.bounds))
        #expect(sys.crtcMode == "64x40" && sys.scanout == 105)
        #expect(sys.calls.filter { $0.hasPrefix("destroy_dumb") }.count == 4)
    }

    @Test func aModeTheConnectorLacksIsAOneLineErrorAndChangesNothing() throws {
        let sys = system()
        let d = try DRMDisplay(path: "/dev/dri/card0", system: sys)
        let creates = sys.calls.filter { $0.hasPrefix("create_dumb") }.count
        #expect(
            throws: DisplayError(
                DRMError.noSuchMode(
                    path: "/dev/dri/card0", connector: "Virtual-1", wanted: "800x600",
                    available: ["64x40", "32x20"]))
        ) { try d.setMode("800x600") }
        let e = DRMError.noSuchMode(path: "/dev/dri/card0", connector: "Virtual-1", wanted: "800x600", available: ["64x40", "32x20"])
        #expect(
            e.description
                == "/dev/dri/card0: connector Virtual-1 has no mode 800x600; set [display] mode (or --mode) to one of its modes: 64x40, 32x20")
        #expect(d.mode.name == "64x40" && d.width == 64 && !d.modesetPending)
        #expect(sys.calls.filter { $0.hasPrefix("create_dumb") }.count == creates)
        #expect(throws: DisplayError.self) { _ = try d.availableMode("1x1") }
        #expect(try d.availableMode("32x20@75").refresh == 75)
    }

    @Test func formatsTheDriverRefusesBothNameTheDriverWhatItOffersAndAFixThatExists() {
        let sys = system()
        sys.addFBError = .invalidArgument  // AddFB2 refuses every fourcc
        #expect(throws: DisplayError(DRMError.unsupportedFormat(path: "/dev/dri/card0", driver: "mock", format: "rgb565", offered: nil))) {
            _ = try DRMDisplay(path: "/dev/dri/card0", format: .rgb565, system: sys)
        }
        #expect(sys.calls.filter { $0.hasPrefix("create_dumb") } == ["create_dumb 64x40x16", "create_dumb 64x40x32"])
        #expect(sys.calls.filter { $0.hasPrefix("destroy_dumb") }.count == 2)  // the one buffer of each try
        #expect(sys.calls.last == "close /dev/dri/card0")
        #expect(
            DRMError.unsupportedFormat(path: "/dev/dri/card0", driver: "mock", format: "rgb565", offered: nil).description
                == "/dev/dri/card0: the mock driver scans out neither rgb565 nor xrgb8888 (an rgb565 board is converted to xrgb8888 on copy); "
                + "it refused rgb565 and xrgb8888 buffers; show it on the driver's framebuffer device instead: set [display] output = \"fbdev\" (or --display fbdev)"
        )
    }
}
