import Foundation
import Testing
import GaugeConfig
@testable import GaugeSensorKinds
import GaugeSensors
import GaugeNet

/// `kind = "mqtt"`: broker, login, QoS, channels' topics and JSON paths, and their errors.
@Suite struct MQTTConfigTests {
    let folder: String = {
        let f = NSTemporaryDirectory() + "gp-mqtt-\(getpid())-\(UInt32.random(in: 0...UInt32.max))/"
        try? FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        return f
    }()

    func board(_ sensor: String, channel: String = "topic = \"homelab/pi/load\"", extraChannel: String = "") -> String {
        """
        [display]
        width = 320
        height = 240
        [[sensor]]
        kind = "mqtt"
        \(sensor)
          [[sensor.channel]]
          name = "load"
          \(channel)
          \(extraChannel)
        [[page]]
          [[page.widget]]
          id = "r"
          type = "readout"
          channel = "load"
          frame = [0, 0, 100, 40]
        """
    }

    func load(_ text: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try BoardConfiguration.parse(text, file: folder + "board.toml")
    }

    func issues(_ text: String) -> [String] {
        do {
            _ = try load(text)
            return []
        } catch { return error.issues.map(\.description) }
    }

    func mqtt(_ b: BoardConfiguration) -> MQTTConfiguration? {
        b.sensors[0].settings(MQTTConfiguration.self)
    }

    @Test func defaultsAndChannels() throws {
        let b = try load(
            board(
                "broker = \"10.0.0.5\"", channel: "topic = \"zigbee2mqtt/+\"\n  json = \"state.battery\"",
                extraChannel: "[[sensor.channel]]\n  name = \"mem\"\n  topic = \"homelab/pi/memory\""))
        let m = try #require(mqtt(b))
        #expect(m.broker == NetworkAddress(host: "10.0.0.5", port: 1883) && m.keepAlive == 30 && m.qos == .atMostOnce)
        #expect(m.clientID == nil && m.username == nil && m.password == nil)
        #expect(
            m.subscriptions == [
                .init(channel: "load", topic: "zigbee2mqtt/+", json: "state.battery"),
                .init(channel: "mem", topic: "homelab/pi/memory", json: nil),
            ])
        // The session names each channel's samples after the channel: the routes are the identity.
        #expect(b.sensors[0].routes.channels(readingSource: "mem") == ["mem"])
        let s = m.session(fallbackClientID: "gaugepanel-pi")
        #expect(s.clientID == "gaugepanel-pi" && s.channels.map(\.reader.path) == ["state.battery", nil])
        #expect(MQTTConfiguration.defaultClientID(hostname: "pi 4.local\n") == "gaugepanel-pi4.local")
        #expect(MQTTConfiguration.defaultClientID(hostname: "") == "gaugepanel")
    }

    @Test func everyKey() throws {
        try "s3cret\nignored\n".write(toFile: folder + "mqtt.pass", atomically: true, encoding: .utf8)
        let b = try load(
            board("broker = \"[::1]:1884\"\nclient_id = \"dash-1\"\nkeepalive = 10\nusername = \"panel\"\npassword_file = \"mqtt.pass\"\nqos = 1"))
        let m = try #require(mqtt(b))
        #expect(m.broker == NetworkAddress(host: "::1", port: 1884) && m.brokerName == "[::1]:1884")
        #expect(m.clientID == "dash-1" && m.keepAlive == 10 && m.qos == .atLeastOnce)
        #expect(m.username == "panel" && m.password == Array("s3cret".utf8) && m.passwordFile == folder + "mqtt.pass")
        try "crlf\r\n".write(toFile: folder + "crlf.pass", atomically: true, encoding: .utf8)
        let c = try load(board("broker = \"localhost:1883\"\nusername = \"u\"\npassword_file = \"\(folder)crlf.pass\""))
        #expect(mqtt(c)?.password == Array("crlf".utf8))
    }

    @Test func tlsAndCAFile() throws {
        let f = folder + "board.toml"
        try "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".write(toFile: folder + "ca.crt", atomically: true, encoding: .utf8)
        // tls = true: port 8883 by default, the CA file resolved beside the board.
        let m = try #require(mqtt(try load(board("broker = \"broker.lan\"\ntls = true\nca_file = \"ca.crt\""))))
        #expect(m.broker == NetworkAddress(host: "broker.lan", port: 8883) && m.tlsCAFile == folder + "ca.crt")
        let explicit = try #require(mqtt(try load(board("broker = \"broker.lan:18883\"\ntls = true\nca_file = \"\(folder)ca.crt\""))))
        #expect(explicit.broker.port == 18883 && explicit.tlsCAFile == folder + "ca.crt")
        // Off by default, and then plain TCP on 1883.
        let plain = try #require(mqtt(try load(board("broker = \"broker.lan\"\ntls = false"))))
        #expect(plain.broker.port == 1883 && plain.tlsCAFile == nil)
        #expect(
            issues(board("broker = \"pi\"\ntls = true")) == [
                "\(f):7: sensor[0].tls: TLS needs ca_file = \"ca.crt\": the PEM certificate of the CA that signed the broker's (mosquitto.conf's cafile)"
            ])
        #expect(
            issues(board("broker = \"pi\"\nca_file = \"ca.crt\"")) == [
                "\(f):7: sensor[0].ca_file: ca_file is used only with tls = true: add tls = true, or remove ca_file"
            ])
        #expect(
            issues(board("broker = \"pi\"\ntls = true\nca_file = \"missing.crt\"")) == [
                "\(f):8: sensor[0].ca_file: cannot open \(folder)missing.crt: No such file or directory (it must be readable by the user the panel runs as)"
            ])
        try "not a certificate\n".write(toFile: folder + "bad.crt", atomically: true, encoding: .utf8)
        #expect(
            issues(board("broker = \"pi\"\ntls = true\nca_file = \"bad.crt\"")).first?.hasPrefix(
                "\(f):8: sensor[0].ca_file: \(folder)bad.crt: no \"-----BEGIN CERTIFICATE-----\" in it") == true)
        #expect(issues(board("broker = \"pi\"\ntls = \"yes\"")).first?.contains("sensor[0].tls") == true)
    }

    @Test func errorsNameFileLineAndKey() throws {
        let f = folder + "board.toml"
        #expect(
            issues(board("broker = \"localhost\"\npassword = \"hunter2\"")).first?.hasPrefix(
                "\(f):7: sensor[0].password: a password is not kept in the board file") == true)
        #expect(issues(board("")) == ["\(f):4: sensor[0].broker: missing; expected a string"])
        #expect(issues(board("broker = \"mqtts://broker.example:8883\"")).first?.contains("write tls = true and ca_file") == true)
        #expect(issues(board("broker = \"broker.example:8883\"")).first?.contains("MQTT over TLS: add tls = true") == true)
        #expect(
            issues(board("broker = \"mqtt://pi:1883\"")) == [
                "\(f):6: sensor[0].broker: expected \"host:port\" without a scheme, like \"pi:1883\""
            ])
        #expect(issues(board("broker = \"pi:99999\"")) == ["\(f):6: sensor[0].broker: expected a port 1…65535 after ':' in \"pi:99999\""])
        #expect(issues(board("broker = \"my broker\"")).first?.contains("expected a host name or IP address") == true)
        #expect(issues(board("broker = \"pi\"\nqos = 2")) == ["\(f):7: sensor[0].qos: expected an integer in 0…1, got 2"])
        #expect(issues(board("broker = \"pi\"\nkeepalive = 70000")).count == 1)
        #expect(issues(board("broker = \"pi\"\nclient_id = \"two words\"")).first?.contains("sensor[0].client_id: expected 1 to 64 letters") == true)
        #expect(
            issues(board("broker = \"pi\"\nusername = \"u\"\npassword_file = \"missing.pass\"")) == [
                "\(f):8: sensor[0].password_file: cannot open \(folder)missing.pass: No such file or directory (it must be readable by the user the panel runs as, and by no one else: chmod 600, owned by that user)"
            ])
        try "s\n".write(toFile: folder + "p", atomically: true, encoding: .utf8)
        #expect(issues(board("broker = \"pi\"\npassword_file = \"p\"")).first?.contains("needs a username") == true)
        try "\nsecond\n".write(toFile: folder + "empty", atomically: true, encoding: .utf8)
        #expect(issues(board("broker = \"pi\"\nusername = \"u\"\npassword_file = \"empty\"")).first?.contains("the first line is empty") == true)
        // Channel keys.
        #expect(
            issues(board("broker = \"pi\"", channel: "topic = \"sensors/temp+\"")) == [
                "\(f):9: sensor[0].channel \"load\".topic: '+' must be a whole level (\"sensors/+/temperature\") and '#' the whole last level (\"sensors/#\"), got \"sensors/temp+\""
            ])
        #expect(issues(board("broker = \"pi\"", channel: "topic = \"a/#/b\"")).count == 1)
        #expect(issues(board("broker = \"pi\"", channel: "topic = \"\"")).first?.contains("got an empty one") == true)
        #expect(issues(board("broker = \"pi\"", channel: "")) == ["\(f):7: sensor[0].channel \"load\".topic: missing; expected a string"])
        #expect(
            issues(board("broker = \"pi\"", channel: "topic = \"a\"\n  json = \"a..b\"")).first?.contains(
                "sensor[0].channel \"load\".json: expected a dotted path") == true)
        #expect(
            issues(board("broker = \"pi\"", channel: "topic = \"a\"\n  source = \"x\"")) == [
                "\(f):10: sensor[0].channel \"load\".source: only serial, replay, can, tcp, udp, gpsd and signalk channels read a source's name; a mqtt channel reads its own topic"
            ])
        // An mqtt key on another kind is unknown there.
        #expect(issues(board("broker = \"pi\"", channel: "topic = \"a\"\n  jsn = \"x\"")).first?.contains("did you mean \"json\"?") == true)
    }
}
