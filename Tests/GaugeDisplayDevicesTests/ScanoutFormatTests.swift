import GaugeDisplay
import GaugeDisplayDevices
import GaugeRaster
import GaugeTestSupport
import GaugeSystem
import Testing

/// A board drawn in a format the device cannot scan out: DRM and fbdev displays ask the
/// device, make scan-out memory in the format it shows, and convert on the copy.
@Suite struct ScanoutFormatTests {
    static let xrgb = DRMSelection.fourcc(for: .xrgb8888)!.fourcc, rgb565 = DRMSelection.fourcc(for: .rgb565)!.fourcc

    func card(_ sys: MockSystem) {
        sys.cards["/dev/dri/card0"] = DRMCard(
            driver: "mock",
            connectors: [
                DRMConnector(id: 9, name: "Virtual-1", connected: true, modes: [DRMMode(width: 24, height: 16, preferred: true)], crtcs: [31])
            ], supportsDumbBuffers: true)
    }

    /// Scan-out buffer 1 (handle 2, the first one presented to) as a surface.
    func buffer(_ sys: MockSystem, _ d: DRMDisplay, handle: UInt32 = 2) -> Surface {
        let dumb = sys.dumbs[handle]!
        return try! Surface(wrapping: sys.mappings[Int(handle) << 12]!, width: 24, height: 16, stride: Int32(dumb.pitch), format: d.scanoutFormat)
    }

    @Test(arguments: RotationAngle.allCases)
    func anRGB565BoardOnAnXRGB8888OnlyPlaneIsWidenedOnCopy(angle: RotationAngle) throws {
        let sys = MockSystem()
        card(sys)
        sys.planeFormats = [Self.xrgb, DRMSelection.fourcc(for: .xrgb8888)!.fourcc &+ 1]  // XRGB8888 and something else
        let d = try DRMDisplay(path: "/dev/dri/card0", format: .rgb565, rotation: angle, system: sys)
        #expect(d.format == .rgb565 && d.surface.format == .rgb565 && d.scanoutFormat == .xrgb8888)
        #expect(sys.calls.filter { $0.hasPrefix("create_dumb") } == ["create_dumb 24x16x32", "create_dumb 24x16x32"])
        #expect(d.conversionNote == "drawing rgb565, scanning out xrgb8888: converted on copy")
        #expect(d.summary.contains("format=rgb565 scanout=xrgb8888"))
        fillPattern(d.surface, seed: 11)
        try d.present(damage: Region(d.surface.bounds))
        let target = buffer(sys, d)
        for y in Int32(0)..<d.height {
            for x in Int32(0)..<d.width {
                let p = d.rotation.physical(x: x, y: y)
                #expect(target.rawPixel(x: p.x, y: p.y) == ScanoutReference.widened(UInt16(d.surface.rawPixel(x: x, y: y)!)))
            }
        }
        #expect(d.statistics.lastFrameBytesCopied == 24 * 16 * 4)
        d.close()
    }

    @Test func aDepthCreateDumbRefusesFallsBackToTheOtherFormat() throws {
        let sys = MockSystem()
        card(sys)
        sys.refusedDumbDepths = [16]  // virtio-gpu: 32 bpp dumb buffers only, and no plane list
        let d = try DRMDisplay(path: "/dev/dri/card0", format: .rgb565, system: sys)
        #expect(d.scanoutFormat == .xrgb8888 && d.surface.format == .rgb565)
        #expect(sys.calls.filter { $0.hasPrefix("create_dumb") } == ["create_dumb refused 16", "create_dumb 24x16x32", "create_dumb 24x16x32"])
        d.close()
    }

    @Test func theBoardsFormatIsKeptWhenThePlaneOffersIt() throws {
        let sys = MockSystem()
        card(sys)
        sys.planeFormats = [Self.rgb565, Self.xrgb]  // cirrus
        let d = try DRMDisplay(path: "/dev/dri/card0", format: .rgb565, system: sys)
        #expect(d.scanoutFormat == .rgb565 && d.conversionNote == nil && !d.summary.contains("scanout="))
        #expect(sys.calls.filter { $0.hasPrefix("create_dumb") } == ["create_dumb 24x16x16", "create_dumb 24x16x16"])
        d.close()
    }

    @Test func anXRGB8888BoardOnAnRGB565OnlyPlaneIsPackedAndSetModeKeepsConverting() throws {
        let sys = MockSystem()
        card(sys)
        sys.cards["/dev/dri/card0"]!.connectors[0].modes.append(DRMMode(width: 16, height: 8))
        sys.planeFormats = [Self.rgb565]
        let d = try DRMDisplay(path: "/dev/dri/card0", format: .xrgb8888, system: sys)
        #expect(d.scanoutFormat == .rgb565 && d.conversionNote == "drawing xrgb8888, scanning out rgb565: converted on copy")
        try d.setMode("16x8")
        #expect(d.scanoutFormat == .rgb565 && d.surface.format == .xrgb8888)
        #expect(sys.calls.filter { $0.hasPrefix("create_dumb") }.suffix(2) == ["create_dumb 16x8x16", "create_dumb 16x8x16"])
        d.close()
    }

    @Test func noCommonFormatNamesTheDeviceWhatItOffersAndTheFix() {
        let sys = MockSystem()
        card(sys)
        sys.planeFormats = [DRMSelection.fourcc(for: .xrgb8888)!.fourcc ^ 0x0000_1000, 0x3231_564E]  // XBGR8888, NV12
        var thrown: DisplayError?
        do { _ = try DRMDisplay(path: "/dev/dri/card0", format: .rgb565, system: sys) } catch { thrown = error }
        #expect(
            thrown
                == DisplayError(DRMError.unsupportedFormat(path: "/dev/dri/card0", driver: "mock", format: "rgb565", offered: ["XBGR8888", "NV12"])))
        #expect(
            thrown?.description == "/dev/dri/card0: the mock driver scans out neither rgb565 nor xrgb8888 (an rgb565 board is converted "
                + "to xrgb8888 on copy); its primary plane offers XBGR8888, NV12; show it on the driver's framebuffer device instead: "
                + "set [display] output = \"fbdev\" (or --display fbdev)")
        #expect(!sys.calls.contains { $0.hasPrefix("create_dumb") } && sys.calls.last == "close /dev/dri/card0")
    }

    @Test func fourccNames() {
        #expect(DRMSelection.formatName(Self.xrgb) == "XRGB8888" && DRMSelection.formatName(Self.rgb565) == "RGB565")
        #expect(DRMSelection.formatName(0x3231_564E) == "NV12")
        #expect(DRMSelection.scanoutCandidates(for: .rgb565, planeFormats: nil) == [.rgb565, .xrgb8888])
        #expect(DRMSelection.scanoutCandidates(for: .xrgb8888, planeFormats: [Self.rgb565]) == [.rgb565])
    }

    @Test func anXRGB8888BoardOnA16BitFramebufferIsPackedOnCopy() throws {
        let sys = MockSystem()
        let info = FramebufferInfo.rgb565(width: 12, height: 8, padding: 8)
        sys.framebuffers["/dev/fb0"] = info
        let d = try FbdevDisplay(path: "/dev/fb0", format: .xrgb8888, rotation: .half, system: sys)
        #expect(d.format == .xrgb8888 && d.scanoutFormat == .rgb565)
        #expect(d.conversionNote == "drawing xrgb8888, scanning out rgb565: converted on copy")
        fillPattern(d.surface, seed: 5)
        try d.present(damage: Region())  // first frame: everything
        let target = try Surface(wrapping: sys.maps[0].pointer, width: 12, height: 8, stride: Int32(info.lineLength), format: .rgb565)
        for y in Int32(0)..<8 {
            for x in Int32(0)..<12 {
                let p = d.rotation.physical(x: x, y: y)
                #expect(target.rawPixel(x: p.x, y: p.y) == UInt32(ScanoutReference.packed(d.surface.rawPixel(x: x, y: y)!)))
            }
        }
        #expect(d.statistics.lastFrameBytesCopied == 12 * 8 * 2)
        // Without a format the device's own is drawn: nothing converted.
        let own = try FbdevDisplay(path: "/dev/fb0", system: sys)
        #expect(own.format == .rgb565 && own.conversionNote == nil)
    }

    @Test func displaysOpenGivesTheBoardsFormatToFbdev() throws {
        let sys = MockSystem()
        sys.framebuffers["/dev/fb0"] = FramebufferInfo.xrgb(width: 8, height: 8)
        let d = try DisplayBackends.open("fbdev", DisplaySettings(format: .rgb565), system: sys)
        #expect(d.format == .rgb565 && d.scanoutFormat == .xrgb8888)
    }
}
