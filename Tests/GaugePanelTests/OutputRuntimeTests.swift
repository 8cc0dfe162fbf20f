import Foundation
import GaugeConfig
import GaugeDisplay
import GaugeSystem
import GaugeTestSupport
import Testing

@testable import GaugePanel

/// `[[output]]` through the whole panel on the test loop, over a fake GPIO chip: a reading
/// sets the line in the same turn of the loop, a blink runs on the outputs' own timer
/// without a frame, a stale reading turns the line off, and stopping releases it inactive.
@Suite struct OutputRuntimeTests {
    static let ms: UInt64 = 1_000_000

    static let outputs = """

        [[output]]
        name = "fan"
        line = "FAN"
        channel = "coolant"
        on_above = 95
        off_below = 90

        [[output]]
        name = "lamp"
        line = 7
        channel = "rpm"
        on_above = 6000
        blink_hz = 2
        """

    @Test func readingsDriveTheLinesWithoutFrames() throws {
        let pty = try PanelRuntimeTests.Pty()
        let folder = NSTemporaryDirectory() + "gp-outputs-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/input", withIntermediateDirectories: true)
        let file = folder + "/board.toml"
        let text = PanelRuntimeTests.board(device: pty.path)
            .replacingOccurrences(of: "  name = \"coolant\"\n  unit = \"C\"", with: "  name = \"coolant\"\n  unit = \"C\"\n  stale_after = 1")
        try (text + Self.outputs).write(toFile: file, atomically: true, encoding: .utf8)
        let board = try BoardConfiguration.load(path: file)
        let gpio = FakeGPIOSystemCalls()
        gpio.addChip("/dev/gpiochip0", GPIOChipInfo(name: "gpiochip0", label: "pinctrl-bcm2835", lines: 28), names: ["", "", "", "", "", "FAN"])
        gpio.pulls = ["/dev/gpiochip0"]
        let lines = try OutputService<TestEventLoop>.open(board.outputs, calls: gpio)
        var options = RunOptions(boardPath: file)
        options.animates = false
        options.inputDirectory = folder + "/input"
        let loop = TestEventLoop(now: 5_000 * Self.ms)
        let runtime = try PanelRuntime(
            options: options, board: board, display: try OffscreenDisplay(width: 320, height: 240, format: .xrgb8888),
            loop: loop, devices: .testing, inputs: .fake(), log: CapturedLines(), outputLines: lines)
        runtime.start()
        loop.advance(by: 40 * Self.ms)
        let fan = try #require(gpio.requests.first { $0.value.offsets == [5] }?.key)
        let lamp = try #require(gpio.requests.first { $0.value.offsets == [7] }?.key)
        #expect(gpio.requests[fan]?.values == [0] && gpio.requests[fan]?.pulled == true)

        // The line is set as the reading is taken, before any frame.
        let serial = try #require(runtime.sensors.descriptorSources.first?.fileDescriptor)
        pty.write("coolant=96 engine.rpm=6500\n")
        #expect(loop.deliver(fd: serial))
        #expect(gpio.requests[fan]?.values == [0, 1] && gpio.requests[lamp]?.values == [0, 1])
        loop.advance(by: 40 * Self.ms)

        // The lamp blinks at 2 Hz on the outputs' timer; no frame is drawn for it.
        let frames = runtime.summary.frames
        loop.advance(by: 900 * Self.ms)
        #expect(gpio.requests[lamp]?.values == [0, 1, 0, 1, 0])
        #expect(runtime.summary.frames == frames)

        // coolant goes stale after 1 s: the fan goes off by itself.
        loop.advance(by: 200 * Self.ms)
        #expect(gpio.requests[fan]?.values == [0, 1, 0])

        _ = runtime.stop()
        #expect(gpio.requests[lamp]?.values.last == 0 && gpio.closed.contains(lamp) && gpio.closed.contains(fan))
    }
}
