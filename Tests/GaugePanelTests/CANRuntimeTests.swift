import GaugeInput
import Foundation
import Testing
import GaugeConfig
import GaugeDisplay
import GaugeGlyphs
import GaugeRaster
import GaugeTestSupport
@testable import GaugePanel

/// The CAN bus through the whole panel as `gaugepanel run` builds it: a `candump -l` log
/// replayed through dashboards/car-ecu.dbc (this host has no CAN interface, not even vcan),
/// each frame compared with what `gaugepanel render --set` draws; and a `kind = "can"`
/// board whose interface does not exist, through the real SocketCAN calls.
@Suite struct CANRuntimeTests {
    static let ms: UInt64 = 1_000_000
    static let dbc = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../dashboards/car-ecu.dbc").standardizedFileURL.path

    static func board(sensor: String) -> String {
        """
        [display]
        width = 320
        height = 240
        output = "offscreen"
        [fonts]
        family = "builtin"
        [[sensor]]
        \(sensor)
          [[sensor.channel]]
          name = "rpm"
          source = "RPM"
          unit = "rpm"
          stale_after = 60
          [[sensor.channel]]
          name = "coolant"
          source = "TEMPS.COOLANT"
          unit = "C"
          stale_after = 60
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
        """
    }

    static func folder() throws -> String {
        let f = NSTemporaryDirectory() + "gp-can-runtime-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        return f
    }

    @Test func aCandumpLogDrivesTheDashboardThroughTheDBC() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
        (1700000000.000000) can0 5E8#B80B000000000000
        (1700000000.010000) can0 5E9#7B00000000000000
        (1700000000.500000) can0 5E8#9411000000000000
        (1700000000.600000) can0 7FF#00
        """.write(toFile: folder + "/drive.log", atomically: true, encoding: .utf8)
        let file = folder + "/board.toml"
        try Self.board(
            sensor: "kind = \"replay\"\nformat = \"candump\"\nfile = \"drive.log\"\nloop = false\nprotocol = \"dbc\"\ndbc = \"\(Self.dbc)\""
        )
        .write(toFile: file, atomically: true, encoding: .utf8)
        let board = try BoardConfiguration.load(path: file)
        var options = RunOptions(boardPath: file)
        options.animates = false
        options.inputDirectory = folder + "/input"
        let loop = TestEventLoop(now: 5_000 * Self.ms)
        let display = try OffscreenDisplay(width: 320, height: 240, format: .xrgb8888)
        let runtime = try PanelRuntime(
            options: options, board: board, display: display, loop: loop, devices: .testing, inputs: .fake(), log: CapturedLines())
        runtime.start()
        loop.advance(by: 100 * Self.ms)
        #expect(differingPixels(runtime.screen, try PanelRuntimeTests.rendered(board, ["rpm": 3000, "coolant": 83], page: 0)) == 0)
        loop.advance(by: 500 * Self.ms)
        #expect(differingPixels(runtime.screen, try PanelRuntimeTests.rendered(board, ["rpm": 4500, "coolant": 83], page: 0)) == 0)
        // Every signal of the three frames the DBC describes, the unknown id none.
        let summary = runtime.stop()
        #expect(summary.samples == 3, "RPM twice and COOLANT once reach channels")
        #expect(summary.sources.contains("replay:0=ended"), "\(summary.sources)")
    }

    @Test func aMissingInterfaceIsSaidOnceAndRetried() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/board.toml"
        try Self.board(sensor: "kind = \"can\"\ninterface = \"gpnocan9\"\nprotocol = \"dbc\"\ndbc = \"\(Self.dbc)\"")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let board = try BoardConfiguration.load(path: file)
        var options = RunOptions(boardPath: file)
        options.animates = false
        options.inputDirectory = folder + "/input"
        let log = CapturedLines()
        let loop = TestEventLoop(now: 5_000 * Self.ms)
        let display = try OffscreenDisplay(width: 320, height: 240, format: .xrgb8888)
        let runtime = try PanelRuntime(options: options, board: board, display: display, loop: loop, devices: .testing, inputs: .fake(), log: log)
        runtime.start()
        loop.advance(by: 61_000 * Self.ms)  // a minute of retries, and the summary after it
        let said = log.lines.filter { $0.hasPrefix("can gpnocan9: cannot open") }
        #expect(said.count == 1, "\(log.lines)")
        #expect(said.first?.contains("no interface gpnocan9") == true, "\(said)")
        #expect(differingPixels(runtime.screen, try PanelRuntimeTests.rendered(board, [:], page: 0)) == 0)
        let source = try #require(runtime.sensors.descriptorSources.first)
        #expect(source.openCount == 0 && source.kindName == "can")
        let summary = runtime.stop()
        #expect(source.failureCount > 30, "retried at least every second")
        #expect(summary.sources == ["can:gpnocan9=not-open:errno-19,frames:0,errors:0,failures:\(source.failureCount)"], "\(summary.sources)")
        // A minute of failing: summed up once.
        #expect(log.lines.filter { $0.hasPrefix("can gpnocan9: still failing: ") }.count == 1, "\(log.lines)")
    }
}
