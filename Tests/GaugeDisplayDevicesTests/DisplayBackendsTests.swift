import Foundation
import Testing
import GaugeDisplay
import GaugeDisplayDevices
import GaugeRaster

/// The registry boards and `--display` name displays by: each back-end opens through it,
/// answers the capabilities the command line asks (no casts), and says its own errors.
@Suite struct DisplayBackendsTests {
    func card(_ sys: MockSystem) {
        sys.directories["/dev/dri"] = ["card0"]
        sys.cards["/dev/dri/card0"] = DRMCard(
            driver: "mock",
            connectors: [
                DRMConnector(
                    id: 9, name: "Virtual-1", connected: true,
                    modes: [DRMMode(width: 64, height: 40, preferred: true), DRMMode(width: 32, height: 20)], crtcs: [31])
            ], supportsDumbBuffers: true)
    }

    @Test func namesAreUniqueInTheOrderMessagesListThem() {
        #expect(DisplayBackends.names == ["auto", "drm", "fbdev", "offscreen"])
        #expect(Set(DisplayBackends.names).count == DisplayBackends.names.count)
        #expect(DisplayBackends.namesInWords == "auto, drm, fbdev or offscreen")
    }

    @Test func eachBackendOpensByNameWithItsCapabilities() throws {
        let sys = MockSystem()
        card(sys)
        sys.framebuffers["/dev/fb0"] = .xrgb(width: 16, height: 8)
        let drm = try DisplayBackends.open("drm", DisplaySettings(mode: "32x20"), system: sys)
        #expect(drm.width == 32 && drm.coversTextConsole && drm.modeSetting != nil)
        #expect(drm.device?.line.hasPrefix("drm /dev/dri/card0 driver=mock connector=Virtual-1 mode=32x20 format=xrgb8888") == true)
        #expect(drm.statisticsSummary?.hasPrefix("drm: 0 frames, 0 pixels") == true)
        try drm.modeSetting?.checkMode("64x40")
        #expect(
            throws: DisplayError(
                DRMError.noSuchMode(
                    path: "/dev/dri/card0", connector: "Virtual-1", wanted: "1x1",
                    available: ["64x40", "32x20"]))
        ) { try drm.modeSetting?.checkMode("1x1") }
        try drm.modeSetting?.setMode("64x40")
        #expect(drm.width == 64 && drm.device?.width == 64)
        drm.close()

        let fb = try DisplayBackends.open("fbdev", DisplaySettings(device: "/dev/fb0", rotation: .half), system: sys)
        #expect(fb.width == 16 && fb.coversTextConsole && fb.modeSetting == nil)
        #expect(fb.device?.fields.map { $0.0 } == ["id", "scanout"] && fb.device?.rotate == 180)

        let off = try DisplayBackends.open("offscreen", DisplaySettings(width: 40, height: 30, rotation: .quarter), system: sys)
        #expect(off.width == 30 && off.height == 40 && off.snapshotSurface.width == 40)
        #expect(off.device == nil && off.statisticsSummary == nil && !off.coversTextConsole && off.modeSetting == nil)
        #expect(throws: DisplayError.unsupportedLayout(path: "offscreen", detail: "0x30: \(SurfaceError.invalidSize(width: 0, height: 30))")) {
            _ = try DisplayBackends.open("offscreen", DisplaySettings(width: 0, height: 30), system: sys)
        }
    }

    @Test func anUnknownNameSaysTheValidOnes() {
        #expect(throws: DisplayError.unknownBackend(name: "spi", known: ["auto", "drm", "fbdev", "offscreen"])) {
            _ = try DisplayBackends.open("spi", DisplaySettings(), system: MockSystem())
        }
        #expect(
            DisplayError.unknownBackend(name: "spi", known: DisplayBackends.names).description
                == "unknown display 'spi'; valid: auto, drm, fbdev, offscreen")
    }

    /// `auto` falls back to fbdev when DRM cannot show the board, except when the board
    /// named a connector that is not there: fbdev would be another screen.
    @Test func autoFallsBackUnlessTheBoardNamedAConnector() throws {
        let sys = MockSystem()
        card(sys)
        sys.directories["/dev"] = ["fb0"]
        sys.framebuffers["/dev/fb0"] = .xrgb(width: 16, height: 8)
        #expect(try DisplayBackends.open("auto", DisplaySettings(), system: sys) is DRMDisplay)
        #expect(try DisplayBackends.open("auto", DisplaySettings(mode: "640x480"), system: sys) is FbdevDisplay)
        do {
            _ = try DisplayBackends.open("auto", DisplaySettings(connector: "DP-1"), system: sys)
            Issue.record("opened")
        } catch {
            #expect(error.description.hasPrefix("/dev/dri/card*: no connected connector DP-1;"))
            #expect(error.mayAppear)
        }
    }

    @Test func backendErrorsKeepTheirWordsAndWhetherWaitingHelps() {
        let unplugged = DisplayError(DRMError.noConnectedOutput(path: "/dev/dri/card0"))
        #expect(unplugged.description == "/dev/dri/card0: no connected connector; plug in a display or pick another card (gaugepanel devices)")
        #expect(unplugged.mayAppear)
        #expect(!DisplayError(DRMError.noSuchMode(path: "p", connector: "c", wanted: "w", available: [])).mayAppear)
        #expect(!DisplayError(FbdevError.unsupportedDepth(path: "/dev/fb0", bitsPerPixel: 8)).mayAppear)
        #expect(
            DisplayError(AutomaticDisplayError.noDisplayFound(tried: ["/dev/dri/card*", "/dev/fb0"])).description
                == "no display found (tried /dev/dri/card*, /dev/fb0); load a DRM or fbdev driver, or use --display offscreen")
        #expect(DisplayError.noDevice(path: "/dev/fb1").mayAppear && !DisplayError.busy(path: "/dev/fb1").mayAppear)
    }

    /// Every setting a back-end says it reads is a `[display]` key the configuration
    /// documents (docs/configuration.md's example board).
    @Test func backendKeysAreDocumentedDisplayKeys() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/configuration.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        var documented: Set<String> = [], inDisplay = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") {
                inDisplay = line == "[display]"
                continue
            }
            if inDisplay, let eq = line.firstIndex(of: "=") { documented.insert(line[..<eq].trimmingCharacters(in: .whitespaces)) }
        }
        #expect(documented.contains("output"))
        for b in DisplayBackends.all {
            #expect(!b.keys.isEmpty, "\(b.name)")
            for k in b.keys { #expect(documented.contains(k.rawValue), "\(b.name): \(k)") }
        }
    }

    /// A back-end is given only the keys it declares; the command line sets a key from
    /// its text as a board writes it.
    @Test func aBackendIsGivenOnlyItsKeys() {
        let all = DisplaySettings(
            device: "/dev/fb1", connector: "DSI-1", mode: "800x480", format: .rgb565,
            width: 40, height: 30, rotation: .half, atomic: false)
        let fb = all.keeping(FbdevDisplay.keys)
        #expect(fb.device == "/dev/fb1" && fb.format == .rgb565 && fb.rotation == .half && !fb.atomic)
        #expect(fb.connector == nil && fb.mode == nil && fb.width == 800 && fb.height == 480)
        let off = all.keeping(OffscreenDisplay.keys)
        #expect(off.device == nil && off.width == 40 && off.height == 30)
        var s = DisplaySettings()
        #expect(s.set(.connector, "HDMI-A-1") && s.set(.format, "RGB565") && s.set(.rotation, "270") && s.set(.width, "64"))
        #expect(s.connector == "HDMI-A-1" && s.format == .rgb565 && s.rotation == .threeQuarters && s.width == 64)
        #expect(!s.set(.rotation, "45") && !s.set(.height, "0") && !s.set(.format, "rgb888"))
    }
}
