import ArgumentParser
import GaugeDisplay
import GaugeRaster
import Glibc

/// `gaugepanel show`: draws a test card scene on a real display, then N damaged updates.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a test card scene on a display, then damaged updates.",
        discussion: """
            Draws --scene at the top left of the screen (the rest black), presents it, then \
            presents --frames updates that each move a square (damage: where it was and is). \
            Prints '@@FRAME n' after each frame is on screen. With --step, waits for a line \
            on stdin after each. With --display offscreen, --out saves the last frame.
            """
    )

    @Option(help: "Display: auto, drm, fbdev or offscreen.")
    var display: String = "auto"

    @Option(help: "Device: /dev/dri/cardN or /dev/fbN (default: the first that works).")
    var device: String?

    @Option(help: "DRM mode, WxH or WxH@Hz (default: the preferred mode).")
    var mode: String?

    @Option(help: "Pixel format for DRM and offscreen: xrgb8888 or rgb565.")
    var format: String = "xrgb8888"

    @Option(help: "Offscreen size, WxH (the panel's physical size).")
    var size: String = "800x480"

    @Option(help: "Turn the picture clockwise on the panel: 0, 90, 180 or 270 (offscreen --out saves the turned, physical image).")
    var rotate: Int = 0

    @Option(help: "Scene to draw (gaugepanel testcard --list).")
    var scene: String = "testcard"

    @Option(help: "Damaged updates after the first frame.")
    var frames: Int = 3

    @Flag(help: "After each '@@FRAME n' line, wait for a line on stdin.")
    var step = false

    @Option(help: "Offscreen only: save the last frame (.png or .ppm).")
    var out: String?

    @Flag(inversion: .prefixedNo, help: "Switch the text console to graphics mode while showing (no fbcon text or cursor).")
    var consoleGraphics = true

    func run() throws {
        guard let kind = DisplayKind(rawValue: display) else {
            throw fail("unknown display '\(display)'; valid: \(DisplayKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let s = TestCard.scene(named: scene) else {
            throw fail("unknown scene '\(scene)'; valid scenes: \(TestCard.scenes.map(\.nameString).joined(separator: ", "))")
        }
        guard let pf = PixelFormat(lowercaseName: format), pf == .xrgb8888 || pf == .rgb565 else {
            throw fail("unsupported format '\(format)'; use xrgb8888 or rgb565")
        }
        let wh = size.split(separator: "x").compactMap { Int32($0) }
        guard wh.count == 2 else { throw fail("bad --size '\(size)'; use WxH") }
        guard frames >= 0 else { throw fail("--frames must be 0 or more") }
        guard let angle = RotationAngle(degrees: rotate) else { throw fail("bad --rotate \(rotate); use 0, 90, 180 or 270") }
        let opened: OpenedDisplay
        do { opened = try OpenedDisplay.open(kind, device: device, mode: mode, format: pf, width: wh[0], height: wh[1], rotation: angle) } catch {
            throw fail(error.description)
        }
        ShowCommand.catchStopSignals()
        var console: ConsoleGraphicsMode?
        if consoleGraphics, kind != .offscreen {
            console = ConsoleGraphicsMode()
            if let why = console?.unavailableReason { print("console: left in text mode (\(why))") }
        }
        defer { console?.restore() }
        switch opened {
        case .drm(var d):
            print("display drm \(d.path) driver=\(d.driver) connector=\(d.connector.name) mode=\(d.mode.name) format=\(d.format.lowercaseName) rotate=\(d.rotation.angle.rawValue)")
            let drm = d
            try drive(&d, scene: s) { try drm.finish() }
            print("drm: \(d.frames) frames, \(d.pixelsCopied) pixels copied, dirtyfb=\(d.dirtyFBNeeded ? "used" : "not needed") pageflip=\(d.pageFlips ? "yes" : "no")")
            d.close()
        case .fbdev(var d):
            print("display fbdev \(d.path) id=\(d.info.id) \(d.info.width)x\(d.info.height) bpp=\(d.info.bitsPerPixel) line=\(d.info.lineLength) format=\(d.format.lowercaseName) rotate=\(d.rotation.angle.rawValue)")
            try drive(&d, scene: s) {}
            print("fbdev: \(d.frames) frames, \(d.pixelsCopied) pixels copied")
        case .offscreen(var d):
            try drive(&d, scene: s) {}
            if let out {
                guard let ff = ImageFileFormat(path: out) else { throw fail("\(out): unknown output type (use a .png or .ppm name)") }
                do { try ImageFile.save(d.physical, as: ff, to: out) } catch { throw fail(error.description) }
                print("wrote \(out) (\(d.physical.width)x\(d.physical.height), \(d.format.lowercaseName))")
            }
        }
    }

    /// Frame 0: the scene; frames 1…N: a square moves along a row, each presented with
    /// the damage of where it was and where it is.
    private func drive<D: Display>(_ display: inout D, scene: TestScene, settle: () throws -> Void) throws {
        let surface = display.surface
        let full = Canvas(surface)
        let sceneSurface = try Surface(wrapping: surface.baseAddress, width: min(scene.width, surface.width),
                                       height: min(scene.height, surface.height), stride: surface.stride, format: surface.format)
        func redraw(_ r: IntRect) {
            full.clipped(to: r).clear(Color(r: 0, g: 0, b: 0))
            scene.draw(Canvas(sceneSurface).clipped(to: r))
        }
        redraw(surface.bounds)
        do {
            try display.present(damage: Region(surface.bounds))
            try settle()
        } catch { throw fail((error as? DisplayError)?.description ?? "\(error)") }
        frameDone(0)
        var previous = IntRect.empty
        for n in 1...max(frames, 1) where frames > 0 {
            if ShowCommand.stopSignal != 0 { break }
            let square = ShowCommand.square(frame: n, width: surface.width, height: surface.height)
            redraw(previous)
            let hue = UInt32(n * 53 % 256)
            full.fill(square, color: Color(r: UInt8(255 - hue), g: UInt8(hue), b: 200))
            var damage = Region(previous)
            damage.formUnion(square)
            previous = square
            do {
                try display.present(damage: damage)
                try settle()
            } catch { throw fail((error as? DisplayError)?.description ?? "\(error)") }
            frameDone(n)
        }
        if ShowCommand.stopSignal != 0 {
            print("stopped by signal \(ShowCommand.stopSignal)")
            throw ExitCode(128 + ShowCommand.stopSignal)   // the display and console are restored on the way out
        }
    }

    /// The signal that asked to stop (SIGINT, SIGTERM, SIGHUP), or 0. Set by the handler;
    /// without SA_RESTART, a blocked read returns so the loop ends and cleans up.
    nonisolated(unsafe) static var stopSignal: Int32 = 0

    /// Reads stdin up to a newline, EOF, or a signal (read(2) returns EINTR; readLine
    /// would retry forever).
    static func waitForLine() {
        var byte: UInt8 = 0
        while stopSignal == 0 {
            let n = read(0, &byte, 1)
            if n <= 0 || byte == 10 { return }
        }
    }

    static func catchStopSignals() {
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { ShowCommand.stopSignal = $0 }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
        }
    }

    static func square(frame n: Int, width: Int32, height: Int32) -> IntRect {
        let side: Int32 = min(48, width / 4, height / 4)
        let x = 10 + Int32(n * 67) % max(width - side - 20, 1)
        let y = min(300, height - side - 10) + Int32(n % 3) * 7
        return IntRect(x: x, y: y, width: side, height: side)
    }

    private func frameDone(_ n: Int) {
        print("@@FRAME \(n)")
        fflush(nil)
        if step && ShowCommand.stopSignal == 0 { ShowCommand.waitForLine() }
    }
}
