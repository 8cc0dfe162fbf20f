import Testing
import GaugeConfig
@testable import GaugeSensorKinds
import GaugeSensors

/// `kind = "tcp"`, `"udp"` and `"gpsd"`: addresses, protocols, channels' sources, and
/// errors that say where and what was expected.
@Suite struct NetworkConfigTests {
    func board(_ sensor: String, source: String = "speed") -> String {
        """
        [display]
        width = 320
        height = 240
        [[sensor]]
        \(sensor)
          [[sensor.channel]]
          name = "speed"
          unit = "kn"
          source = "\(source)"
        [[page]]
          [[page.widget]]
          id = "s"
          type = "readout"
          channel = "speed"
          frame = [0, 0, 100, 40]
        """
    }

    func network(_ sensor: String, source: String = "speed") throws -> NetworkConfiguration? {
        let b = try BoardConfiguration.parse(board(sensor, source: source), file: "/tmp/board.toml")
        return b.sensors.first?.settings(NetworkConfiguration.self)
    }

    func issues(_ sensor: String, source: String = "speed") -> [String] {
        do {
            _ = try BoardConfiguration.parse(board(sensor, source: source), file: "/tmp/board.toml")
            return []
        } catch { return error.issues.map(\.description) }
    }

    @Test func eachKindReadsItsAddressAndProtocol() throws {
        let tcp = try network("kind = \"tcp\"\nserver = \"192.168.0.10:35000\"\nprotocol = \"elm327\"")
        #expect(tcp == NetworkConfiguration(transport: .tcp(NetworkAddress(host: "192.168.0.10", port: 35000)), protocolName: "elm327"))
        let udp = try network("kind = \"udp\"\nlisten = \"0.0.0.0:10110\"\nprotocol = \"nmea\"")
        #expect(udp?.transport == .udp(NetworkAddress(host: "0.0.0.0", port: 10110)))
        let gpsd = try network("kind = \"gpsd\"", source: "gps.speed")
        #expect(gpsd == NetworkConfiguration(transport: .tcp(NetworkAddress(host: "localhost", port: 2947)), protocolName: "gpsd"))
        let other = try network("kind = \"gpsd\"\nserver = \"[::1]\"", source: "gps.course")
        #expect(other?.transport == .tcp(NetworkAddress(host: "::1", port: 2947)))
        let line = try BoardConfiguration.parse(board("kind = \"gpsd\"\nserver = \"[::1]\"", source: "gps.course"), file: "/tmp/board.toml")
            .sensors[0].source.open(SourceContext(hostname: "pi"))
        guard case .line(let gpsdLine) = line else {
            Issue.record("gpsd is not a line")
            return
        }
        #expect(gpsdLine.kindName == "gpsd" && gpsdLine.path == "[::1]:2947", "the log and the summary say gpsd, not its transport")
    }

    @Test func mistakesSayWhereAndWhatWasExpected() {
        #expect(issues("kind = \"tcp\"\nprotocol = \"nmea\"") == ["/tmp/board.toml:4: sensor[0].server: missing; expected a string"])
        let port = issues("kind = \"tcp\"\nserver = \"boat.local\"\nprotocol = \"nmea\"")
        #expect(port.count == 1 && port[0].hasPrefix("/tmp/board.toml:6: sensor[0].server: expected a port"), "\(port)")
        let v6 = issues("kind = \"udp\"\nlisten = \"fe80::1:10110\"\nprotocol = \"line\"")
        #expect(v6.count == 1 && v6[0].contains("sensor[0].listen") && v6[0].contains("brackets"), "\(v6)")
        let elm = issues("kind = \"udp\"\nlisten = \"0.0.0.0:35000\"\nprotocol = \"elm327\"")
        #expect(elm.count == 1 && elm[0].contains("sensor[0].protocol: \"elm327\" polls"), "\(elm)")
        let wrongKey = issues("kind = \"udp\"\nserver = \"0.0.0.0:1\"\nlisten = \"0.0.0.0:1\"\nprotocol = \"line\"")
        #expect(wrongKey.count == 1 && wrongKey[0].contains("sensor[0].server: unknown key"), "\(wrongKey)")
        let source = issues("kind = \"gpsd\"", source: "gps.sped")
        #expect(
            source.count == 1 && source[0].contains("sensor[0].channel \"speed\".source: gpsd gives no \"gps.sped\" (did you mean \"gps.speed\"?)"),
            "\(source)")
        let badPort = issues("kind = \"gpsd\"\nserver = \"localhost:99999\"", source: "gps.speed")
        #expect(badPort.count == 1 && badPort[0].contains("1…65535"), "\(badPort)")
    }
}
