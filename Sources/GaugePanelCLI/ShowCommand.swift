import ArgumentParser
import GaugeDisplay
import GaugeDisplayDevices
import GaugeImages
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
            on stdin after each. With --display offscreen, --out saves the last frame. \
            --then-mode switches a DRM display to another mode after frame --then-mode-after \
            and redraws everything at the new size. --stats prints, per frame, the bytes \
            copied into scan-out memory and the clip rectangles sent to the kernel.
            """
    )

    @Option(help: "Display: \(DisplayBackends.namesInWords).")
    var display: String = "auto"

    @Option(help: "Device: /dev/dri/cardN or /dev/fbN (default: the first that works).")
    var device: String?

    @Option(help: "DRM connector to show on (HDMI-A-1, Virtual-1, …; default: the first connected one).")
    var connector: String?

    @Option(help: "DRM mode, WxH or WxH@Hz (default: the preferred mode).")
    var mode: String?

    @Option(
        help:
            "Pixel format to draw in: xrgb8888 or rgb565 (default: xrgb8888; fbdev: the device's). A device that cannot show it scans out the other, converted on copy."
    )
    var format: String?

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

    @Option(help: "DRM only: switch to this mode (WxH or WxH@Hz) after frame --then-mode-after, then redraw everything.")
    var thenMode: String?

    @Option(help: "The frame after which --then-mode switches.")
    var thenModeAfter: Int = 1

    @Flag(help: "After each frame print '@@STATS frame=… damage=…px copied=…B clips=… clippx=… full=…B'.")
    var stats = false

    @Flag(inversion: .prefixedNo, help: "DRM: atomic page flips with FB_DAMAGE_CLIPS where the driver has them (else DirtyFB).")
    var atomic = true

    @Flag(inversion: .prefixedNo, help: "Switch the text console to graphics mode while showing (no fbcon text or cursor).")
    var consoleGraphics = true

    func run() throws {
        let (opened, s) = try openDisplay()
        ShowCommand.catchStopSignals()
        var console: ConsoleGraphicsMode?
        if consoleGraphics, opened.coversTextConsole {
            console = ConsoleGraphicsMode()
            if let why = console?.unavailableReason { print("console: left in text mode (\(why))") }
            if let found = console?.leftBehind { print("console: found in \(found); text mode and a working keyboard on exit") }
        }
        if let note = opened.conversionNote { print(note) }
        defer {
            console?.restore()
            if ShowCommand.stopSignal != 0 {  // the display was closed before: all restored now
                print("stopped by signal \(ShowCommand.stopSignal): display and console restored \(ShowCommand.millisecondsSinceStop()) ms after it")
            }
        }
        func describe() {
            guard let device = opened.device else { return }
            print("display \(device.line)")
            ShowCommand.machineLine(device)
        }
        describe()
        do {
            try drive(
                opened, scene: s, settle: { try opened.finish() },
                switchMode: { n in
                    guard let thenMode, n == thenModeAfter, let modes = opened.modeSetting else { return false }
                    try modes.setMode(thenMode)
                    describe()
                    return true
                })
        } catch {
            opened.close()
            throw error
        }  // the screen back before the console (defer above)
        if let line = opened.statisticsSummary { print(line) }
        try saveOffscreen(opened)
        opened.close()
    }

    /// The options checked and the display opened (with `--then-mode` checked against it
    /// before anything is drawn: a mode the connector lacks leaves the screen alone).
    private func openDisplay() throws -> (any Display, TestScene) {
        guard DisplayBackends.names.contains(display) else {
            throw fail(DisplayError.unknownBackend(name: display, known: DisplayBackends.names).description)
        }
        guard let s = TestCard.scene(named: scene) else {
            throw fail("unknown scene '\(scene)'; valid scenes: \(TestCard.scenes.map(\.nameString).joined(separator: ", "))")
        }
        let pf = format.flatMap { PixelFormat(lowercaseName: $0) }
        if let format, pf != .xrgb8888 && pf != .rgb565 {
            throw fail("unsupported format '\(format)'; use xrgb8888 or rgb565")
        }
        let wh = size.split(separator: "x").compactMap { Int32($0) }
        guard wh.count == 2 else { throw fail("bad --size '\(size)'; use WxH") }
        guard frames >= 0 else { throw fail("--frames must be 0 or more") }
        guard let angle = RotationAngle(degrees: rotate) else { throw fail("bad --rotate \(rotate); use 0, 90, 180 or 270") }
        let opened: any Display
        let settings = DisplaySettings(
            device: device, connector: connector, mode: mode, format: pf, width: wh[0], height: wh[1],
            rotation: angle, atomic: atomic)
        do { opened = try DisplayBackends.open(display, settings) } catch {
            throw fail(error.description)
        }
        if let thenMode {
            guard let modes = opened.modeSetting else { throw fail("--then-mode needs --display drm (a DRM/KMS display)") }
            guard thenModeAfter >= 0, thenModeAfter < frames else {
                opened.close()
                throw fail("--then-mode-after must be below --frames (\(frames))")
            }
            do { try modes.checkMode(thenMode) } catch {
                opened.close()
                throw fail(error.description)
            }
        }
        return (opened, s)
    }

    /// --out saves a display with no device (offscreen): what it shows is only in memory.
    private func saveOffscreen(_ opened: any Display) throws {
        guard let out, opened.device == nil else { return }
        let picture = opened.snapshotSurface
        guard let ff = ImageFileFormat(path: out) else {
            opened.close()
            throw fail("\(out): unknown output type (use a .png or .ppm name)")
        }
        do { try ImageFile.save(picture, as: ff, to: out) } catch {
            opened.close()
            throw fail(error.description)
        }
        print("wrote \(out) (\(picture.width)x\(picture.height), \(opened.format.lowercaseName))")
    }

    /// The display as scripts read it (scripts/vm/run.py): `@@DISPLAY {json}`, one object
    /// per display opened or mode set — the physical size, format and rotation.
    static func machineLine(_ device: DisplayDevice) {
        func quoted(_ s: String) -> String {
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default:
                    if u.value < 0x20 {
                        out += "\\u00" + (u.value < 16 ? "0" : "") + String(u.value, radix: 16)
                    } else {
                        out.unicodeScalars.append(u)
                    }
                }
            }
            return out + "\""
        }
        var fields = [
            ("kind", quoted(device.kind)), ("path", quoted(device.path)), ("width", String(device.width)),
            ("height", String(device.height)), ("format", quoted(device.format.lowercaseName)), ("rotate", String(device.rotate)),
        ]
        fields += device.fields.map { ($0.0, quoted($0.1)) }
        print("@@DISPLAY {" + fields.map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}")
    }

    /// Frame 0: the scene; frames 1…N: a square moves along a row, each presented with
    /// the damage of where it was and where it is. When `switchMode(n)` says the surface
    /// changed (a new mode), the next frame is drawn and presented whole.
    private func drive<D: Display>(
        _ display: D, scene: TestScene, settle: () throws -> Void = {},
        switchMode: (Int) throws -> Bool = { _ in false }
    ) throws {
        var previous: IntRect? = nil  // nil: draw everything
        func show(_ n: Int, _ damage: Region) throws {
            do {
                try display.present(damage: damage)
                try settle()
            } catch { throw fail((error as? DisplayError)?.description ?? "\(error)") }
            if stats {
                let full = Int64(display.surface.width) * Int64(display.surface.height) * Int64(display.scanoutFormat.bytesPerPixel)
                print("@@STATS \(display.statistics.lastFrameSummary) full=\(full)B")
            }
            frameDone(n)
            do { if try switchMode(n) { previous = nil } } catch {
                throw fail((error as? DisplayError)?.description ?? "\(error)")
            }
        }
        for n in 0...max(frames, 0) {
            if ShowCommand.stopSignal != 0 { break }
            let surface = display.surface
            let full = Canvas(surface)
            let sceneSurface = try Surface(
                wrapping: surface.baseAddress, width: min(scene.width, surface.width),
                height: min(scene.height, surface.height), stride: surface.stride, format: surface.format)
            func redraw(_ r: IntRect) {
                full.clipped(to: r).clear(Color(r: 0, g: 0, b: 0))
                scene.draw(Canvas(sceneSurface).clipped(to: r))
            }
            var damage = Region(previous ?? surface.bounds)
            redraw(previous ?? surface.bounds)
            if n > 0 {
                let square = ShowCommand.square(frame: n, width: surface.width, height: surface.height)
                let hue = UInt32(n * 53 % 256)
                full.fill(square, color: Color(r: UInt8(255 - hue), g: UInt8(hue), b: 200))
                damage.formUnion(square)
                previous = square
            } else {
                previous = .empty
            }
            try show(n, damage)
        }
        if ShowCommand.stopSignal != 0 {
            throw ExitCode(128 + ShowCommand.stopSignal)  // the display and console are restored on the way out
        }
    }

    /// The signal that asked to stop (SIGINT, SIGTERM, SIGHUP), or 0. Set by the handler;
    /// without SA_RESTART, a blocked read returns so the loop ends and cleans up.
    nonisolated(unsafe) static var stopSignal: Int32 = 0
    /// When it arrived (CLOCK_MONOTONIC; clock_gettime is async-signal-safe).
    nonisolated(unsafe) static var stopTime = timespec()

    static func millisecondsSinceStop() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return (now.tv_sec - stopTime.tv_sec) * 1000 + (now.tv_nsec - stopTime.tv_nsec) / 1_000_000
    }

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
            action.__sigaction_handler.sa_handler = {
                ShowCommand.stopSignal = $0
                clock_gettime(CLOCK_MONOTONIC, &ShowCommand.stopTime)
            }
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
