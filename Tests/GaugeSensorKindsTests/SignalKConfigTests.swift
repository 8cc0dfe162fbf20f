import Testing
import GaugeConfig
@testable import GaugeSensorKinds
import GaugeSensors

/// `kind = "signalk"`: the server, each channel's path, and its unit turned into a scale
/// and offset from the path's SI unit at load; conversions that cannot be are errors
/// that say where.
@Suite struct SignalKConfigTests {
    func board(_ sensor: String = "kind = \"signalk\"", source: String, unit: String, scale: String = "") -> String {
        """
        [display]
        width = 320
        height = 240
        [[sensor]]
        \(sensor)
          [[sensor.channel]]
          name = "x"
          source = "\(source)"
          unit = "\(unit)"
          \(scale)
        [[page]]
          [[page.widget]]
          id = "s"
          type = "readout"
          channel = "x"
          frame = [0, 0, 100, 40]
        """
    }

    func channel(_ source: String, _ unit: String, scale: String = "") throws -> ChannelConfiguration? {
        try BoardConfiguration.parse(board(source: source, unit: unit, scale: scale), file: "/tmp/board.toml").sensors.first?.channels.first
    }

    func issues(_ sensor: String = "kind = \"signalk\"", source: String, unit: String) -> [String] {
        do {
            _ = try BoardConfiguration.parse(board(sensor, source: source, unit: unit), file: "/tmp/board.toml")
            return []
        } catch { return error.issues.map(\.description) }
    }

    @Test func serverAndLine() throws {
        let b = try BoardConfiguration.parse(board(source: "navigation.speedOverGround", unit: "kn"), file: "/tmp/board.toml")
        let localhost = NetworkConfiguration(transport: .tcp(NetworkAddress(host: "localhost", port: 3000)), protocolName: "signalk")
        #expect(b.sensors[0].settings(SignalKKind.Sensor.self) == SignalKKind.Sensor(network: localhost, notifications: true))
        let quiet = try BoardConfiguration.parse(
            board("kind = \"signalk\"\nnotifications = false", source: "navigation.speedOverGround", unit: "kn"), file: "/tmp/board.toml")
        #expect(quiet.sensors[0].settings(SignalKKind.Sensor.self)?.notifications == false)
        let one = try BoardConfiguration.parse(
            board(source: "navigation.speedOverGround", unit: "kn", scale: "signalk_source = \"GPS-1\""), file: "/tmp/board.toml")
        #expect(one.sensors[0].channels[0].sourceName == "navigation.speedOverGround#GPS-1")
        let other = try BoardConfiguration.parse(
            board("kind = \"signalk\"\nserver = \"192.168.1.5:80\"", source: "navigation.speedOverGround", unit: "kn"), file: "/tmp/board.toml")
        guard case .line(let line) = other.sensors[0].source.open(SourceContext(hostname: "pi")) else {
            Issue.record("signalk is not a line")
            return
        }
        #expect(line.kindName == "signalk" && line.path == "192.168.1.5:80")
        #expect(other.sensors[0].channels[0].sourceName == "navigation.speedOverGround")
    }

    @Test func unitsBecomeScaleAndOffset() throws {
        let knots = try channel("navigation.speedOverGround", "kn")
        #expect(abs((knots?.scale ?? 0) - 3600.0 / 1852) < 1e-12 && knots?.offset == 0)
        let celsius = try channel("environment.water.temperature", "C")
        #expect(celsius?.scale == 1 && abs((celsius?.offset ?? 0) + 273.15) < 1e-9)
        let rpm = try channel("propulsion.port.revolutions", "rpm")
        #expect(rpm?.scale == 60)
        // The channel's own scale and offset apply to the value as sent (K): (v × 1 + 10) − 273.15.
        let shifted = try channel("environment.water.temperature", "C", scale: "offset = 10")
        #expect(shifted?.scale == 1 && abs((shifted?.offset ?? 0) + 263.15) < 1e-9)
        let latitude = try channel("navigation.position.latitude", "deg")
        #expect(latitude?.scale == 1 && latitude?.offset == 0, "Signal K gives positions in degrees")
        let unknownSI = try channel("design.draft.maximum", "m")
        #expect(unknownSI?.scale == 1 && unknownSI?.offset == 0, "a path not in the table, in an SI unit: as sent")
    }

    @Test func mistakesSayWhereAndWhatWasExpected() {
        let f = "/tmp/board.toml"
        #expect(
            issues(source: "navigation.speedOverGround", unit: "C") == [
                "\(f):9: sensor[0].channel \"x\".unit: \"navigation.speedOverGround\" is in m/s, which does not convert to \"C\""
            ])
        #expect(issues(source: "propulsion.*.revolutions", unit: "rpm").isEmpty)  // a pattern, in Hz like its paths
        #expect(
            issues(source: "propulsion.p*.revolutions", unit: "rpm") == [
                "\(f):8: sensor[0].channel \"x\".source: expected a Signal K path like \"navigation.speedOverGround\" (or with * for whole elements: \"propulsion.*.revolutions\"), got \"propulsion.p*.revolutions\""
            ])
        let unknown = issues(source: "design.draft.maximum", unit: "ft")
        #expect(unknown.count == 1 && unknown[0].hasPrefix("\(f):9: sensor[0].channel \"x\".unit: no SI unit is known for \"design.draft.maximum\""))
        #expect(issues("kind = \"signalk\"\nserver = \"a:b:c\"", source: "navigation.log", unit: "nmi").count == 1)
    }
}
