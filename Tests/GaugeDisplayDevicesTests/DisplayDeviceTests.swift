import GaugeSystem
import GaugeDisplay
import GaugeDisplayDevices
import GaugeRaster
import GaugeTestSupport
import Testing

@Suite struct FbdevDisplayTests {
    @Test func copiesOnlyDamageIntoThePaddedMapping() throws {
        for info in [FramebufferInfo.xrgb(width: 64, height: 32, padding: 32), .rgb565(width: 64, height: 32, padding: 16)] {
            let sys = MockSystem()
            sys.framebuffers["/dev/fb0"] = info
            let d = try FbdevDisplay(path: "/dev/fb0", system: sys)
            #expect(d.width == 64 && d.height == 32)
            #expect(d.format == (info.bitsPerPixel == 16 ? .rgb565 : .xrgb8888))
            let memory = sys.maps[0].pointer, bpp = info.bitsPerPixel / 8
            fillPattern(d.surface, seed: 1)
            try d.present(damage: Region(IntRect(x: 5, y: 5, width: 3, height: 3)))  // first frame: everything
            #expect(d.pixelsCopied == 64 * 32)
            // Padding after each row is never written.
            #expect(pixelBytes(memory, stride: info.lineLength, bpp: bpp, x: 64, y: 3) == Array(repeating: 0xEE, count: bpp))
            let before = (0..<32).flatMap { y in (0..<64).map { x in pixelBytes(memory, stride: info.lineLength, bpp: bpp, x: x, y: y) } }
            fillPattern(d.surface, seed: 99)
            let damage = Region([IntRect(x: 10, y: 2, width: 7, height: 4), IntRect(x: 40, y: 20, width: 30, height: 30)])
            try d.present(damage: damage)
            for y in 0..<32 {
                for x in 0..<64 {
                    let got = pixelBytes(memory, stride: info.lineLength, bpp: bpp, x: x, y: y)
                    if damage.contains(x: Int32(x), y: Int32(y)) {
                        #expect(got == pixelBytes(d.surface.baseAddress, stride: Int(d.surface.stride), bpp: bpp, x: x, y: y))
                    } else {
                        #expect(got == before[y * 64 + x])
                    }
                }
            }
            #expect(d.pixelsCopied == 64 * 32 + damage.intersection(d.surface.bounds).area)
        }
    }

    @Test func oneLineErrorsNameTheDeviceAndTheFix() {
        let sys = MockSystem()
        sys.openErrors["/dev/fb1"] = .permissionDenied
        sys.framebuffers["/dev/fb2"] = FramebufferInfo(
            id: "x", width: 10, height: 10, bitsPerPixel: 24,
            red: (16, 8), green: (8, 8), blue: (0, 8), lineLength: 30, memoryLength: 300)
        func error(_ path: String) -> DisplayError? {
            do {
                _ = try FbdevDisplay(path: path, system: sys)
                return nil
            } catch { return error }
        }
        #expect(error("/dev/fb9") == .noDevice(path: "/dev/fb9"))
        #expect(error("/dev/fb1") == .permissionDenied(path: "/dev/fb1"))
        #expect(error("/dev/fb2") == DisplayError(FbdevError.unsupportedDepth(path: "/dev/fb2", bitsPerPixel: 24)))
        // 8 bpp (palette; what fbset -depth 8 gives on a driver that allows it)
        sys.framebuffers["/dev/fb3"] = FramebufferInfo(
            id: "x", width: 16, height: 8, bitsPerPixel: 8,
            red: (0, 8), green: (0, 8), blue: (0, 8), lineLength: 16, memoryLength: 128)
        #expect(
            error("/dev/fb3")?.description
                == "/dev/fb3: unsupported depth 8 bpp; only 16 (RGB565) and 32 (XRGB8888) are scanned out (a board in either format is converted to the other); set 32 with fbset -depth 32, or framebuffer_depth=32 in the Pi's config.txt"
        )
        #expect(sys.calls.contains("close /dev/fb3") && !sys.calls.contains("mmap 128"))
        for e in [error("/dev/fb9"), error("/dev/fb1"), error("/dev/fb2")] {
            let text = e?.description ?? ""
            #expect(!text.contains("\n"))
        }
        #expect(error("/dev/fb1")!.description.hasPrefix("/dev/fb1: permission denied"))
        #expect(error("/dev/fb1")!.description.contains("group video"))
        #expect(error("/dev/fb2")!.description.contains("24 bpp"))
        #expect(error("/dev/fb9")!.description.contains("/dev/fb9"))
        // The device is closed again after a failed open.
        #expect(sys.calls.contains("close /dev/fb2"))
        #expect(DisplayError.open(path: "/dev/dri/card0", errno: .resourceBusy).description.contains("busy"))
    }

    @Test func autoFallsBackToFbdevAndNamesWhatItTried() throws {
        let sys = MockSystem()
        sys.directories["/dev"] = ["fb0"]
        sys.framebuffers["/dev/fb0"] = .xrgb(width: 16, height: 16)
        guard try DisplayBackends.open("auto", DisplaySettings(), system: sys) is FbdevDisplay else {
            Issue.record("not fbdev")
            return
        }
        let none = MockSystem()
        #expect(throws: DisplayError(AutomaticDisplayError.noDisplayFound(tried: ["/dev/dri/card*", "/dev/fb0"]))) {
            _ = try DisplayBackends.open("auto", DisplaySettings(), system: none)
        }
    }
}

@Suite struct DRMDisplayTests {
    func card(modes: [DRMMode] = [DRMMode(width: 64, height: 40, preferred: true), DRMMode(width: 32, height: 20)]) -> DRMCard {
        DRMCard(
            driver: "mock",
            connectors: [
                DRMConnector(id: 9, name: "Virtual-1", connected: true, modes: modes, crtcs: [31])
            ], supportsDumbBuffers: true)
    }

    @Test func flipsBetweenTwoBuffersEachGettingTheDamageItMissed() throws {
        let sys = MockSystem()
        sys.directories["/dev/dri"] = ["card0", "renderD128"]
        sys.cards["/dev/dri/card0"] = card()
        let d = try DRMDisplay(system: sys)
        #expect(d.path == "/dev/dri/card0" && d.mode.name == "64x40" && d.crtc == 31)
        #expect(sys.calls.filter { $0.hasPrefix("create_dumb") } == ["create_dumb 64x40x32", "create_dumb 64x40x32"])
        #expect(sys.scanout == 101)
        let buffer = { (fb: Int) in sys.mappings[fb << 12]! }  // handle 1 → buffer 0, handle 2 → buffer 1
        let pitch = 64 * 4 + 64
        func matches(_ mem: UnsafeMutableRawPointer, _ region: Region, _ shadowCopy: [[UInt8]]) -> Bool {
            for y in 0..<40 {
                for x in 0..<64 where region.contains(x: Int32(x), y: Int32(y)) {
                    if pixelBytes(mem, stride: pitch, bpp: 4, x: x, y: y) != shadowCopy[y * 64 + x] { return false }
                }
            }
            return true
        }
        func snapshot() -> [[UInt8]] {
            (0..<40).flatMap { y in (0..<64).map { x in pixelBytes(d.surface.baseAddress, stride: 256, bpp: 4, x: x, y: y) } }
        }
        // Frame 1 → buffer 1 (everything).
        fillPattern(d.surface, seed: 1)
        try d.present(damage: Region(d.surface.bounds))
        #expect(d.front == 1 && d.flipPending)
        #expect(matches(buffer(2), Region(d.surface.bounds), snapshot()))
        // Frame 2 → buffer 0: waits for flip 1, gets everything (it never had a frame).
        let a = IntRect(x: 2, y: 2, width: 10, height: 10)
        fillPattern(d.surface, seed: 2)
        let s2 = snapshot()
        try d.present(damage: Region(a))
        #expect(d.front == 0)
        #expect(d.pixelsCopied == 2 * 64 * 40)
        #expect(matches(buffer(1), Region(d.surface.bounds), s2))
        // Frame 3 → buffer 1: gets A (missed) and B, nothing else.
        let b = IntRect(x: 40, y: 30, width: 8, height: 5)
        let before = (0..<40).flatMap { y in (0..<64).map { x in pixelBytes(buffer(2), stride: pitch, bpp: 4, x: x, y: y) } }
        fillPattern(d.surface, seed: 3)
        let s3 = snapshot()
        try d.present(damage: Region(b))
        let ab = Region([a, b])
        #expect(d.pixelsCopied == 2 * 64 * 40 + ab.area)
        #expect(matches(buffer(2), ab, s3))
        for y in 0..<40 {
            for x in 0..<64 where !ab.contains(x: Int32(x), y: Int32(y)) {
                #expect(pixelBytes(buffer(2), stride: pitch, bpp: 4, x: x, y: y) == before[y * 64 + x])
            }
        }
        #expect(sys.calls.filter { $0.hasPrefix("flip") } == ["flip fb 102", "flip fb 101", "flip fb 102"])
        // A frame without damage flips nothing.
        try d.present(damage: Region())
        #expect(d.frames == 3 && sys.calls.filter { $0.hasPrefix("flip") }.count == 3)
        // DirtyFB got the clip rectangles of what was copied.
        #expect(sys.dirtyClips.last == DRMSelection.clips(ab))
        d.close()
        #expect(sys.calls.contains("restore fb 77"))
        #expect(sys.calls.filter { $0.hasPrefix("destroy_dumb") }.count == 2)
        #expect(sys.calls.last == "close /dev/dri/card0")
    }

    @Test func dirtyFBStopsAfterENOSYS() throws {
        let sys = MockSystem()
        sys.cards["/dev/dri/card0"] = card()
        sys.dirtyError = .noFunction
        let d = try DRMDisplay(path: "/dev/dri/card0", system: sys)
        try d.present(damage: Region(d.surface.bounds))
        try d.present(damage: Region(IntRect(x: 0, y: 0, width: 4, height: 4)))
        #expect(!d.dirtyFBNeeded)
        #expect(sys.dirtyClips.count == 1)
    }

    @Test func modeFormatAndErrors() throws {
        let sys = MockSystem()
        sys.cards["/dev/dri/card0"] = card()
        let d = try DRMDisplay(path: "/dev/dri/card0", mode: "32x20", format: .rgb565, system: sys)
        #expect(d.width == 32 && d.format == .rgb565)
        #expect(sys.calls.contains("create_dumb 32x20x16"))
        d.close()

        func error(_ sys: MockSystem, path: String? = "/dev/dri/card0", mode: String? = nil) -> DisplayError? {
            do {
                _ = try DRMDisplay(path: path, mode: mode, system: sys)
                return nil
            } catch { return error }
        }
        #expect(
            error(sys, mode: "640x480")
                == DisplayError(
                    DRMError.noSuchMode(path: "/dev/dri/card0", connector: "Virtual-1", wanted: "640x480", available: ["64x40", "32x20"])))
        let busy = MockSystem()
        busy.cards["/dev/dri/card0"] = card()
        busy.setCRTCError = .permissionDenied  // not DRM master: someone else holds the card
        let e = error(busy)
        #expect(e == .busy(path: "/dev/dri/card0"))
        #expect(e?.description.contains("DRM master") == true)
        #expect(busy.calls.filter { $0.hasPrefix("destroy_dumb") }.count == 2)
        let denied = MockSystem()
        denied.cards["/dev/dri/card0"] = card()
        denied.openErrors["/dev/dri/card0"] = .permissionDenied
        #expect(
            error(denied)?.description
                == "/dev/dri/card0: permission denied; add the user to group video (sudo usermod -aG video $USER, then log in again)")
        let unplugged = MockSystem()
        unplugged.directories["/dev/dri"] = ["card0"]
        unplugged.cards["/dev/dri/card0"] = DRMCard(
            driver: "m", connectors: [DRMConnector(id: 1, name: "HDMI-A-1", connected: false, modes: [], crtcs: [1])], supportsDumbBuffers: true)
        #expect(error(unplugged, path: nil) == DisplayError(DRMError.noConnectedOutput(path: "/dev/dri/card0")))
    }

    /// A Pi with HDMI and DSI both connected: the board's `connector` picks the screen,
    /// on whichever card has it; a connector that isn't there is an error listing them all.
    @Test func theNamedConnectorIsTheOneShownOn() throws {
        let sys = MockSystem()
        sys.directories["/dev/dri"] = ["card0", "card1"]
        sys.cards["/dev/dri/card0"] = DRMCard(driver: "v3d", connectors: [], supportsDumbBuffers: true)
        sys.cards["/dev/dri/card1"] = DRMCard(
            driver: "vc4",
            connectors: [
                DRMConnector(id: 5, name: "HDMI-A-1", connected: true, modes: [DRMMode(width: 64, height: 40, preferred: true)], crtcs: [40]),
                DRMConnector(id: 6, name: "HDMI-A-2", connected: false, modes: [], crtcs: [41]),
                DRMConnector(id: 7, name: "DSI-1", connected: true, modes: [DRMMode(width: 32, height: 20, preferred: true)], crtcs: [42]),
            ], supportsDumbBuffers: true)
        let first = try DRMDisplay(system: sys)
        #expect(first.connector.name == "HDMI-A-1" && first.path == "/dev/dri/card1")
        first.close()
        let dsi = try DRMDisplay(connector: "DSI-1", system: sys)
        #expect(dsi.connector.name == "DSI-1" && dsi.crtc == 42 && dsi.width == 32)
        #expect(sys.calls.contains("create_dumb 32x20x32"))
        dsi.close()
        for wanted in ["HDMI-A-2", "DP-1"] {
            do {
                _ = try DRMDisplay(connector: wanted, system: sys)
                Issue.record("\(wanted) opened")
            } catch {
                #expect(
                    error.description == "/dev/dri/card*: no connected connector \(wanted); set [display] connector (or --connector) "
                        + "to a connected one of: HDMI-A-1 (connected) on /dev/dri/card1, HDMI-A-2 (disconnected) on /dev/dri/card1, "
                        + "DSI-1 (connected) on /dev/dri/card1")
            }
        }
    }
}

@Suite struct ConsoleGraphicsModeTests {
    @Test func switchesToGraphicsAndBack() {
        let sys = MockSystem()
        sys.consoles = ["/dev/tty0"]
        let c = ConsoleGraphicsMode(system: sys)
        #expect(c.isActive && sys.consoleGraphics)
        c.restore()
        #expect(!sys.consoleGraphics && !c.isActive)
        #expect(sys.calls.filter { $0.hasPrefix("kdsetmode") } == ["kdsetmode graphics", "kdsetmode text"])
    }

    /// Keys for the panel must not reach a login prompt on the console behind it.
    @Test func detachesTheKeyboardWhileActive() {
        let sys = MockSystem()
        sys.consoles = ["/dev/tty0"]
        let c = ConsoleGraphicsMode(system: sys)
        #expect(sys.keyboardMode == 4)  // K_OFF
        c.restore()
        #expect(sys.keyboardMode == 1)  // K_XLATE, as it was
        #expect(sys.calls.filter { $0.hasPrefix("kdskbmode") } == ["kdskbmode 4", "kdskbmode 1"])
    }

    @Test func withoutAConsoleItDoesNothingAndSaysWhy() {
        let sys = MockSystem()
        sys.openErrors["/dev/tty0"] = .permissionDenied
        let c = ConsoleGraphicsMode(system: sys)
        #expect(!c.isActive)
        #expect(c.unavailableReason?.contains("/dev/tty0") == true)
    }

    /// A panel killed by SIGKILL (or a watchdog) leaves KD_GRAPHICS and K_OFF behind; the
    /// next one must not take that for the console's own state.
    @Test func aKilledPanelsConsoleComesBackInTextModeWithAWorkingKeyboard() {
        for (utf8, want) in [(true, Int32(3)), (false, Int32(1))] {  // K_UNICODE, K_XLATE
            let sys = MockSystem()
            sys.consoles = ["/dev/tty0"]
            sys.consoleGraphics = true
            sys.keyboardMode = 4  // K_OFF
            sys.defaultUTF8 = utf8
            let c = ConsoleGraphicsMode(system: sys)
            #expect(c.isActive && c.leftBehind == "graphics mode, keyboard off")
            #expect(sys.consoleGraphics && sys.keyboardMode == 4)
            c.restore()
            #expect(!sys.consoleGraphics && sys.keyboardMode == want)
            #expect(sys.calls.filter { $0.hasPrefix("kdsetmode") || $0.hasPrefix("kdskbmode") } == ["kdskbmode \(want)", "kdsetmode text"])
        }
    }

    /// Graphics mode alone (a splash, a killed panel whose keyboard came back) also ends in text.
    @Test func aConsoleFoundInGraphicsModeEndsInTextModeWithItsKeyboard() {
        let sys = MockSystem()
        sys.consoles = ["/dev/tty0"]
        sys.consoleGraphics = true
        sys.keyboardMode = 3
        let c = ConsoleGraphicsMode(system: sys)
        #expect(c.leftBehind == "graphics mode" && sys.keyboardMode == 4)
        c.restore()
        #expect(!sys.consoleGraphics && sys.keyboardMode == 3)
    }

    @Test func aConsoleInItsOwnStateIsNotReportedAsLeftBehind() {
        let sys = MockSystem()
        sys.consoles = ["/dev/tty0"]
        let c = ConsoleGraphicsMode(system: sys)
        #expect(c.leftBehind == nil)
        c.restore()
    }

    /// The restore also runs when the owner is dropped without `restore()` (an error exit).
    @Test func droppingItRestoresTheConsole() {
        let sys = MockSystem()
        sys.consoles = ["/dev/tty0"]
        sys.consoleGraphics = true
        sys.keyboardMode = 4
        do { _ = ConsoleGraphicsMode(system: sys) }
        #expect(!sys.consoleGraphics && sys.keyboardMode == 3)
    }

    /// /sys/module/vt/parameters/default_utf8 as sysfs shows it.
    @Test func readsTheKernelsDefaultUTF8Setting() {
        #expect(LinuxDisplaySystemCalls.isUTF8Setting(Array("Y\n".utf8)))
        #expect(LinuxDisplaySystemCalls.isUTF8Setting(Array("1\n".utf8)))
        #expect(!LinuxDisplaySystemCalls.isUTF8Setting(Array("N\n".utf8)))
        #expect(!LinuxDisplaySystemCalls.isUTF8Setting(Array("0\n".utf8)))
        #expect(LinuxDisplaySystemCalls.isUTF8Setting([]))
        #expect(ConsoleGraphicsMode.keyboardModeName(4) == "off" && ConsoleGraphicsMode.keyboardModeName(3) == "unicode")
    }
}
