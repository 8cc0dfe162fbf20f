import Foundation
import Testing
import GaugeConfig
@testable import GaugeSensorKinds
import GaugeSensors

/// `kind = "replay"`: a recording read and checked with the board, beside its file.
@Suite struct ReplayConfigTests {
    let folder: String = {
        let f = NSTemporaryDirectory() + "gp-replay-\(getpid())-\(UInt32.random(in: 0...UInt32.max))/"
        try? FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        return f
    }()

    /// A replay of `file` feeding two channels and a readout (also BoardThroughSystemTests').
    static func board(file: String, extra: String = "") -> String {
        """
        [display]
        width = 320
        height = 240
        [[sensor]]
        kind = "replay"
        file = "\(file)"
        \(extra)
          [[sensor.channel]]
          name = "depth"
          source = "depth.below.transducer"
          unit = "ft"
          [[sensor.channel]]
          name = "depth.m"
          source = "depth.below.transducer"
          unit = "m"
        [[page]]
          [[page.widget]]
          id = "d"
          type = "readout"
          channel = "depth"
          frame = [0, 0, 100, 40]
        """
    }

    func load(_ text: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try BoardConfiguration.parse(text, file: folder + "board.toml")
    }

    @Test func aRecordingBesideTheBoardIsReadWithItsUnitsAndRoutes() throws {
        try "# gaugepanel recording\n0 depth.below.transducer=8.4 m\n100 heading.true=90 deg\n"
            .write(toFile: folder + "sail.rec", atomically: true, encoding: .utf8)
        let loaded = try load(Self.board(file: "sail.rec", extra: "speed = 4\nloop = false"))
        guard let r = loaded.sensors[0].settings(ReplayConfiguration.self) else {
            Issue.record("not a replay")
            return
        }
        #expect(r.file == folder + "sail.rec" && r.speed == 4 && r.loop == false)
        #expect(
            r.samples == [
                RecordedSample(milliseconds: 0, name: "depth.below.transducer", value: 8.4, unit: .metres),
                RecordedSample(milliseconds: 100, name: "heading.true", value: 90, unit: .degrees),
            ])
        #expect(loaded.sensors[0].routes.channels(readingSource: "depth.below.transducer") == ["depth", "depth.m"])
        let defaults = try load(Self.board(file: folder + "sail.rec"))
        guard let d = defaults.sensors[0].settings(ReplayConfiguration.self) else {
            Issue.record("not a replay")
            return
        }
        #expect(d.speed == 1 && d.loop)
    }

    @Test func aMissingOrBrokenRecordingIsReportedAtFile() throws {
        try "0 a=1\n12 a=\n".write(toFile: folder + "broken.rec", atomically: true, encoding: .utf8)
        func issues(_ text: String) -> [String] {
            do {
                _ = try load(text)
                return []
            } catch { return error.issues.map(\.description) }
        }
        #expect(
            issues(Self.board(file: "nope.rec")) == [
                "\(folder)board.toml:6: sensor[0].file: cannot read the recording \(folder)nope.rec: cannot open \(folder)nope.rec: "
                    + "No such file or directory (make one with gaugepanel run --record FILE)"
            ])
        #expect(
            issues(Self.board(file: "broken.rec")) == [
                "\(folder)board.toml:6: sensor[0].file: \(folder)broken.rec:2: expected \"<ms> <name>=<value> [unit]\", got \"12 a=\""
            ])
        #expect(
            issues(Self.board(file: "broken.rec", extra: "speed = 0")).contains {
                $0.contains("sensor[0].speed: expected a number in 0.01…1000, got 0")
            })
    }
}
