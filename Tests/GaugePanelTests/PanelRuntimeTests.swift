import Foundation
import Testing
import GaugeConfig
import GaugeDisplay
import GaugeImages
import GaugeGlyphs
import GaugeInput
import GaugeRaster
import GaugeTestSupport
@testable import GaugePanel

/// The whole panel as `gaugepanel run` builds it — a board file in, frames out — on the
/// deterministic test loop with an offscreen display and a serial line on a pty: a
/// reading, a key press and a page change, each frame checked against what
/// `gaugepanel render` draws for the same values and page. Milliseconds, no sleeping.
@Suite struct PanelRuntimeTests {
    static let ms: UInt64 = 1_000_000

    /// A pty: the panel reads the slave by its path, the test writes the master.
    final class Pty {
        let master: Int32, path: String
        init() throws {
            var m: Int32 = -1, s: Int32 = -1
            // ttyname_r: tests run in parallel, and ttyname's static buffer is shared.
            var name = [CChar](repeating: 0, count: 256)
            guard openpty(&m, &s, nil, nil, nil) == 0, ttyname_r(s, &name, name.count) == 0 else { throw POSIXError(.EIO) }
            var t = termios()
            tcgetattr(s, &t)
            cfmakeraw(&t)
            tcsetattr(s, TCSANOW, &t)
            master = m
            path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            close(s)  // the panel opens its own
        }
        func write(_ text: String) { _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(master, $0.baseAddress, $0.count - 1) } }
        deinit { close(master) }
    }

    static func board(device: String) -> String {
        """
        [display]
        width = 320
        height = 240
        output = "offscreen"
        [fonts]
        family = "builtin"
        [input]
        keys = { KEY_F5 = "next_page" }
        [[sensor]]
        kind = "serial"
        device = "\(device)"
        protocol = "line"
          [[sensor.channel]]
          name = "rpm"
          source = "engine.rpm"
          unit = "rpm"
          [[sensor.channel]]
          name = "coolant"
          unit = "C"
        [[page]]
        name = "engine"
          [[page.widget]]
          id = "rpm"
          type = "dial"
          channel = "rpm"
          frame = [0, 0, 200, 200]
          range = [0, 8000]
          ticks = { major = 9, minor = 1, divisor = 1000 }
          [[page.widget]]
          id = "coolant"
          type = "readout"
          channel = "coolant"
          frame = [200, 60, 120, 60]
        [[page]]
        name = "temperatures"
          [[page.widget]]
          id = "coolant-bar"
          type = "bar"
          channel = "coolant"
          frame = [10, 80, 300, 60]
          range = [40, 130]
        """
    }

    /// What `gaugepanel render --set … --page …` draws for the board.
    static func rendered(_ board: BoardConfiguration, _ values: [String: Double], page: Int32) throws -> Surface {
        try BoardConfiguration.render(
            board.dashboard(values: values, page: page), format: board.display.format,
            rotation: board.display.rotation, fonts: StrokeFontSet())
    }

    @Test func aBoardRunsOnTheTestLoop() throws {
        let pty = try Pty()
        let folder = NSTemporaryDirectory() + "gp-runtime-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder + "/input", withIntermediateDirectories: true)
        let file = folder + "/board.toml"
        try Self.board(device: pty.path).write(toFile: file, atomically: true, encoding: .utf8)
        let board = try BoardConfiguration.load(path: file)
        var options = RunOptions(boardPath: file)
        options.animates = false
        options.inputDirectory = folder + "/input"
        let loop = TestEventLoop(now: 5_000 * Self.ms)
        let display = try OffscreenDisplay(width: 320, height: 240, format: .xrgb8888)
        let runtime = try PanelRuntime(
            options: options, board: board, display: display, loop: loop, devices: .testing, inputs: .fake(),
            log: CapturedLines())
        runtime.start()
        loop.advance(by: 40 * Self.ms)
        #expect(runtime.summary.frames == 1)
        #expect(differingPixels(runtime.screen, try Self.rendered(board, [:], page: 0)) == 0)  // no values yet: dashes

        // A reading on the serial line: the decoder's "engine.rpm" reaches channel rpm through source.
        let serial = try #require(runtime.sensors.descriptorSources.first?.fileDescriptor)
        pty.write("engine.rpm=3000 coolant=92.5\n")
        #expect(loop.deliver(fd: serial))
        loop.advance(by: 40 * Self.ms)
        #expect(runtime.summary.frames == 2 && runtime.summary.samples == 2)
        #expect(differingPixels(runtime.screen, try Self.rendered(board, ["rpm": 3000, "coolant": 92.5], page: 0)) == 0)

        // Without animation (--no-animation) a new reading is on screen in the next frame.
        pty.write("engine.rpm=4500\n")
        #expect(loop.deliver(fd: serial))
        loop.advance(by: 40 * Self.ms)
        #expect(differingPixels(runtime.screen, try Self.rendered(board, ["rpm": 4500, "coolant": 92.5], page: 0)) == 0)

        // A key press, through the board's key map: the next page.
        let f5 = try #require(runtime.inputs.keyCode("KEY_F5"))
        let action = try #require(runtime.input.hub?.routerConfiguration.keyMap[f5]?.action)
        runtime.input.perform([action])
        loop.advance(by: 40 * Self.ms)
        #expect(runtime.display.state.page == 1)
        #expect(differingPixels(runtime.screen, try Self.rendered(board, ["rpm": 4500, "coolant": 92.5], page: 1)) == 0)

        // Nothing more happens: the loop sleeps (no frame timers left once idle).
        let frames = runtime.summary.frames
        loop.advance(by: 5_000 * Self.ms)
        #expect(runtime.summary.frames == frames)
        let summary = runtime.stop()
        #expect(summary.frames == 4 && summary.droppedLines == 0)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A board's `acknowledge` key, through the run loop: a critical alarm blinks (a frame
    /// every half second) until the key is pressed, then shows steady (no more frames).
    @Test func theAcknowledgeKeyStopsTheBlinking() throws {
        let pty = try Pty()
        let folder = NSTemporaryDirectory() + "gp-runtime-ack-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder + "/input", withIntermediateDirectories: true)
        let file = folder + "/board.toml"
        let text = Self.board(device: pty.path)
            .replacingOccurrences(of: "keys = { KEY_F5 = \"next_page\" }", with: "keys = { KEY_F6 = \"acknowledge\" }")
            .replacingOccurrences(of: "  name = \"coolant\"\n  unit = \"C\"", with: "  name = \"coolant\"\n  unit = \"C\"\n  critical = 110")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let board = try BoardConfiguration.load(path: file)
        var options = RunOptions(boardPath: file)
        options.animates = false
        options.inputDirectory = folder + "/input"
        let loop = TestEventLoop(now: 5_000 * Self.ms)
        let runtime = try PanelRuntime(
            options: options, board: board, display: try OffscreenDisplay(width: 320, height: 240, format: .xrgb8888),
            loop: loop, devices: .testing, inputs: .fake(), log: CapturedLines())
        runtime.start()
        let serial = try #require(runtime.sensors.descriptorSources.first?.fileDescriptor)
        pty.write("coolant=120\n")
        #expect(loop.deliver(fd: serial))
        loop.advance(by: 40 * Self.ms)
        var frames = runtime.summary.frames
        loop.advance(by: 3_000 * Self.ms)
        #expect(runtime.summary.frames - frames >= 5)  // blinking: on and off every half second
        let f6 = try #require(runtime.inputs.keyCode("KEY_F6"))
        let action = try #require(runtime.input.hub?.routerConfiguration.keyMap[f6]?.action)
        #expect(action == .acknowledgeAlarms)
        runtime.input.perform([action])
        loop.advance(by: 40 * Self.ms)
        frames = runtime.summary.frames
        loop.advance(by: 3_000 * Self.ms)
        #expect(runtime.summary.frames == frames)  // steady: nothing to redraw
        _ = runtime.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The loop's handlers hold the runtime strongly (Embedded Swift has no weak or unowned
    /// references): `stop()` closes the loop and stops the frame scheduler, which frees both.
    @Test func stopFreesTheRuntimeAndItsLoop() throws {
        let pty = try Pty()
        let folder = NSTemporaryDirectory() + "gp-runtime-free-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder + "/input", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/board.toml"
        try Self.board(device: pty.path).write(toFile: file, atomically: true, encoding: .utf8)
        let board = try BoardConfiguration.load(path: file)
        weak var weakRuntime: PanelRuntime<TestEventLoop>?
        weak var weakLoop: TestEventLoop?
        do {
            var options = RunOptions(boardPath: file)
            options.inputDirectory = folder + "/input"
            options.statsInterval = 1
            options.duration = 60
            let loop = TestEventLoop(now: 5_000 * Self.ms)
            let runtime = try PanelRuntime(
                options: options, board: board, display: try OffscreenDisplay(width: 320, height: 240, format: .xrgb8888),
                loop: loop, devices: .testing, inputs: .fake(), log: CapturedLines())
            weakRuntime = runtime
            weakLoop = loop
            runtime.start()
            let serial = try #require(runtime.sensors.descriptorSources.first?.fileDescriptor)
            pty.write("engine.rpm=3000\n")
            #expect(loop.deliver(fd: serial))
            loop.advance(by: 1_500 * Self.ms)
            #expect(runtime.summary.frames >= 1)
            #expect(loop.timerCount > 0 && !loop.registeredDescriptors.isEmpty && !loop.handledSignals.isEmpty)
            _ = runtime.stop()
            #expect(loop.timerCount == 0 && loop.registeredDescriptors.isEmpty && loop.handledSignals.isEmpty)
        }
        #expect(weakRuntime == nil)
        #expect(weakLoop == nil)
    }
}
