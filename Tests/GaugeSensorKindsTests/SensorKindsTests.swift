import Foundation
import Testing
import GaugeConfig
import GaugeSensors
import GaugeDecoders
import GaugeSensorKinds

/// The registry: every kind named once, each documented with the keys it declares, an
/// unknown kind answered from it, and a kind added beside it working end to end.
@Suite struct SensorKindsTests {
    @Test func everyKindIsNamedOnceWithItsKeysOnce() {
        let names = SensorKinds.names
        #expect(Set(names).count == names.count)
        #expect(names == ["simulated", "sysfs", "serial", "replay", "can", "mqtt", "tcp", "udp", "gpsd", "signalk", "computed"])
        for kind in SensorKinds.all {
            #expect(Set(kind.sensorKeys).count == kind.sensorKeys.count, "\(kind.name)")
            #expect(Set(kind.channelKeys).count == kind.channelKeys.count, "\(kind.name)")
            #expect(!kind.sensorKeys.contains("kind") && !kind.sensorKeys.contains("channel"), "\(kind.name)")
            #expect(kind.channelsReadSource == kind.channelKeys.contains("source"), "\(kind.name)")
        }
    }

    /// docs/configuration.md's table of kinds: a row per registered kind and no other; the
    /// sensor keys it names are the kind's, and every key a kind declares is in its row.
    @Test func theDocsTableIsTheRegistry() throws {
        let docs = try String(contentsOf: Self.repository.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        var rows: [String: [String]] = [:]
        for line in docs.split(separator: "\n") where line.hasPrefix("| `\"") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 4 else { continue }
            rows[cells[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`\""))] = [cells[2], cells[3]]
        }
        #expect(Set(rows.keys) == Set(SensorKinds.names))
        for kind in SensorKinds.all {
            guard let row = rows[kind.name] else { continue }
            let documentedSensorKeys = Self.bareKeys(row[0])
            #expect(Set(documentedSensorKeys) == Set(kind.sensorKeys), "\(kind.name): sensor keys")
            let documentedChannelKeys = Self.bareKeys(row[1])
            #expect(Set(kind.channelKeys).isSubset(of: Set(documentedChannelKeys)), "\(kind.name): channel keys")
        }
    }

    @Test func anUnknownKindIsAnsweredFromTheRegistry() {
        let issues = Self.issues(kind: "gspd", sensorKeys: "", channelKeys: "source = \"gps.speed\"", kinds: SensorKinds.all)
        #expect(issues.count == 1)
        #expect(issues.first?.contains("sensor[0].kind: expected one of \"simulated\", \"sysfs\", \"serial\"") == true)
        #expect(issues.first?.contains("got \"gspd\" (did you mean \"gpsd\"?)") == true)
    }

    /// A kind is one type and one line in the list: this one, defined here, loads, is checked
    /// (its keys and its channels' keys), and opens as a source the loop drives.
    @Test func aKindAddedBesideTheOthersWorksEndToEnd() throws {
        let kinds = SensorKinds.all + [SensorKind(ConstantKind.self)]
        let board = try BoardConfiguration.parse(
            Self.board(kind: "constant", sensorKeys: "value = 42", channelKeys: ""), file: "/tmp/board.toml",
            displayOutputs: testDisplayOutputs, sensorKinds: kinds)
        #expect(board.sensors.map(\.kind) == ["constant"])
        #expect(board.sensors[0].source.summary == "constant 42.0")
        #expect(board.values(atNanoseconds: 5_000_000_000)["speed"] == 42)
        guard case .simulated(let source) = board.sensors[0].source.open(SourceContext(hostname: "pi")) else {
            Issue.record("not the source the kind made")
            return
        }
        var samples: [Sample] = []
        source.poll(now: 0) { samples.append($0) }
        #expect(samples.map(\.name) == ["speed"] && samples.map(\.value) == [42])
        // Its keys are checked as every kind's are.
        #expect(
            Self.issues(kind: "constant", sensorKeys: "valu = 1", channelKeys: "", kinds: kinds) == [
                "/tmp/board.toml:5: sensor[0].value: missing; expected a number in -1000000000…1000000000",
                "/tmp/board.toml:7: sensor[0].valu: unknown key; did you mean \"value\"?",
            ])
        #expect(
            Self.issues(kind: "constant", sensorKeys: "value = 1", channelKeys: "source = \"x\"", kinds: kinds) == [
                "/tmp/board.toml:10: sensor[0].channel \"speed\".source: only serial, replay, can, tcp, udp, gpsd and signalk channels read a source's name; a constant channel reads its own keys"
            ])
        // Without its line in the list, the kind is unknown.
        #expect(
            Self.issues(kind: "constant", sensorKeys: "value = 1", channelKeys: "", kinds: SensorKinds.all).first?.contains("got \"constant\"")
                == true)
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Backticked bare keys (`name` or `name = …`) in a table cell; quoted values and paths are not keys.
    static func bareKeys(_ cell: String) -> [String] {
        var out: [String] = []
        for (i, part) in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated() where i % 2 == 1 {
            let words = part.split(separator: " ").map(String.init)
            guard words.count == 1 || words.count > 1 && words[1] == "=" else { continue }
            let key = words[0]
            if !key.isEmpty, key.allSatisfy({ $0.isLowercase || $0 == "_" }), !out.contains(key) { out.append(key) }
        }
        return out
    }

    static func board(kind: String, sensorKeys: String, channelKeys: String) -> String {
        """
        [display]
        width = 200
        height = 100

        [[sensor]]
        kind = "\(kind)"
        \(sensorKeys)
          [[sensor.channel]]
          name = "speed"
          \(channelKeys)

        [[page]]
          [[page.widget]]
          id = "speed"
          type = "readout"
          channel = "speed"
          frame = [0, 0, 100, 40]
        """
    }

    static func issues(kind: String, sensorKeys: String, channelKeys: String, kinds: [SensorKind]) -> [String] {
        do {
            _ = try BoardConfiguration.parse(
                board(kind: kind, sensorKeys: sensorKeys, channelKeys: channelKeys), file: "/tmp/board.toml",
                displayOutputs: testDisplayOutputs, sensorKinds: kinds)
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }
}

/// A throwaway kind, as a new one is written: a constant `value` on every channel.
enum ConstantKind: SensorKindReading {
    static let name = "constant"
    static let summary = "the same value on every channel"
    static let sensorKeys = ["value"]
    static let channelKeys: [String] = []
    static let channelsReadSource = false

    static func readSensor(_ r: TableReader) -> Double? { r.number("value", -1e9...1e9, required: true) }
    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: Double?) -> Void? { () }

    static func source(
        _ value: Double, channels: [(channel: ChannelConfiguration, part: Void)],
        _ r: TableReader
    ) -> (any ConfiguredSource)? {
        let signals = channels.map { SimulatedSource.Signal(name: $0.channel.name, unit: $0.channel.unit, waveform: .step(values: [value], hold: 1)) }
        return ConstantSource(SimulatedSource(signals: signals), summary: "constant \(value)")
    }
}

final class ConstantSource: ConfiguredSource {
    let source: SimulatedSource
    let summary: String
    let watchedFiles: [String] = []
    init(_ source: SimulatedSource, summary: String) {
        self.source = source
        self.summary = summary
    }
    func open(_ context: SourceContext) -> SensorSource { .simulated(source) }
    func values(atNanoseconds time: UInt64) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: source.signals.map { ($0.name, $0.waveform.value(at: time)) })
    }
}
