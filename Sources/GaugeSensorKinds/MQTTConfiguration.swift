import GaugeConfig
import GaugeDecoders
import GaugeSensors
import GaugeNet

/// What a `kind = "mqtt"` sensor reads: topics of an MQTT broker, one per channel. Sensor keys: `broker`
/// (`"host:port"`, port 1883 by default, 8883 with TLS), `client_id`, `keepalive` (seconds),
/// `username`, `password_file` (relative to the board file; its first line is the
/// password), `qos` (0 or 1), `tls` and `ca_file` (the CA's PEM certificate, relative to the
/// board file; TLS runs in the host build only: see docs/configuration.md). Channel keys:
/// `topic` (a filter: `+` and `#` allowed), `json` (a dotted path into a JSON payload),
/// `state_on` and `state_off` (the device's words for 1 and 0).
public struct MQTTConfiguration: Sendable, Equatable {
    public struct Subscription: Sendable, Equatable {
        /// The channel's name: the session names its samples so.
        public var channel: String
        public var topic: String
        public var json: String?
        /// The device's words for on and off (read as 1 and 0).
        public var stateOn: String?, stateOff: String?

        public init(channel: String, topic: String, json: String? = nil, stateOn: String? = nil, stateOff: String? = nil) {
            self.channel = channel
            self.topic = topic
            self.json = json
            self.stateOn = stateOn
            self.stateOff = stateOff
        }
    }

    public var broker: NetworkAddress
    /// nil: `gaugepanel-<hostname>` at run time (`defaultClientID`).
    public var clientID: String?
    public var keepAlive: UInt16
    public var username: String?
    /// The password file's first line; never written in the board.
    public var password: [UInt8]?
    /// As resolved, for messages.
    public var passwordFile: String?
    public var qos: MQTTQoS
    public var subscriptions: [Subscription]
    /// TLS: the CA certificate file (PEM) the broker's certificate must lead to, as
    /// resolved; nil: plain TCP.
    public var tlsCAFile: String?

    public static let defaultPort: UInt16 = 1883
    public static let defaultTLSPort: UInt16 = 8883
    public static let defaultKeepAlive: UInt16 = 30

    /// `host:port` as the logs and the run summary name the source.
    public var brokerName: String { broker.description }

    /// What the session runs with. `fallbackClientID` when the board sets none.
    public func session(fallbackClientID: String) -> MQTTSession.Configuration {
        MQTTSession.Configuration(
            clientID: clientID ?? fallbackClientID, keepAlive: keepAlive, username: username, password: password, qos: qos,
            channels: subscriptions.map {
                MQTTSession.Channel(
                    name: $0.channel, filter: $0.topic, reader: PayloadReader(path: $0.json, stateOn: $0.stateOn, stateOff: $0.stateOff))
            })
    }

    /// `gaugepanel-<hostname>`: one per machine, so that two panels on one broker do not
    /// take each other's session (a broker drops the older client with the same id).
    public static func defaultClientID(hostname: String) -> String {
        let kept = hostname.unicodeScalars.filter { isClientIDCharacter($0) }
        var id = "gaugepanel-"
        id.unicodeScalars.append(contentsOf: kept.prefix(48))
        return kept.isEmpty ? "gaugepanel" : id
    }

    static func isClientIDCharacter(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "-" || c == "_" || c == "."
    }

    static func read(_ r: TableReader) -> MQTTConfiguration? {
        let tls = r.bool("tls") ?? false
        let broker = readBroker(r, tls: tls)
        let caFile = readCAFile(r, tls: tls)
        var clientID: String?
        if let id = r.string("client_id", maxLength: 64) {
            if id.isEmpty || !id.unicodeScalars.allSatisfy(isClientIDCharacter) {
                r.report(
                    "client_id",
                    "expected 1 to 64 letters, digits, '-', '_' or '.' (unique per broker: a broker drops the older client with the same id), got \"\(id.escapingControls)\""
                )
            } else {
                clientID = id
            }
        }
        let keepAlive = r.integer("keepalive", 0...65535).map { UInt16($0) } ?? defaultKeepAlive
        let qos: MQTTQoS = r.integer("qos", 0...1) == 1 ? .atLeastOnce : .atMostOnce
        let username = r.name("username", maxLength: 256)
        if r.value("password") != nil {
            r.report(
                "password",
                "a password is not kept in the board file (boards are shared, copied and checked in): write it as the first line of a file readable only by the panel's service user and name that file with password_file = \"mqtt-password\""
            )
        }
        var password: [UInt8]?, passwordPath: String?
        if let name = r.string("password_file", maxLength: 4096) {
            let path = r.resolve(name)
            if username == nil {
                r.report("password_file", "a password needs a username (MQTT 3.1.1 sends none without one): add username = \"…\"")
            }
            do {
                let bytes = try r.system.readFile(path, limit: .max)
                let line = firstLine(bytes)
                if line.isEmpty {
                    r.report("password_file", "\(path): the first line is empty; expected the password on it")
                } else if line.count > MQTTLimits.maxStringLength {
                    r.report("password_file", "\(path): the first line has \(line.count) bytes; MQTT allows at most \(MQTTLimits.maxStringLength)")
                } else {
                    password = line
                    passwordPath = path
                }
            } catch {
                r.report(
                    "password_file",
                    "\(error.description) (it must be readable by the user the panel runs as, and by no one else: chmod 600, owned by that user)")
            }
        }
        guard let broker, !tls || caFile != nil else { return nil }
        return MQTTConfiguration(
            broker: broker, clientID: clientID, keepAlive: keepAlive,
            username: username, password: password, passwordFile: passwordPath, qos: qos, subscriptions: [],
            tlsCAFile: tls ? caFile : nil)
    }

    /// A channel's `topic` and `json`.
    static func readChannel(_ r: TableReader, channel name: String?) -> Subscription? {
        let topic = r.string("topic", required: true, maxLength: 1024)
        if let topic {
            let problem: String? =
                switch MQTTTopic.validateFilter(topic) {
                case nil: nil
                case .empty?: "expected a topic like \"homelab/pi/load\", got an empty one"
                case .tooLong?: "at most 65535 bytes"
                case .badUTF8?, .wildcardInName?: "expected text without NUL characters"
                case .misplacedWildcard?:
                    "'+' must be a whole level (\"sensors/+/temperature\") and '#' the whole last level (\"sensors/#\"), got \"\(topic.escapingControls)\""
                }
            if let problem { r.report("topic", problem) }
        }
        var json: String?
        if let path = r.string("json", maxLength: 256) {
            let parts = path.split(separator: ".", omittingEmptySubsequences: false)
            if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) || parts.contains(where: { $0.isEmpty }) {
                r.report(
                    "json",
                    "expected a dotted path into the payload's JSON like \"temperature\" or \"ENERGY.Power\", got \"\(path.escapingControls)\"")
            } else {
                json = path
            }
        }
        let stateOn = r.string("state_on", maxLength: 256), stateOff = r.string("state_off", maxLength: 256)
        for (key, word) in [("state_on", stateOn), ("state_off", stateOff)] where word?.isEmpty == true {
            r.report(key, "expected the payload that means \(key == "state_on" ? "on" : "off"), like \"open\"; got an empty one")
        }
        if let on = stateOn, on == stateOff { r.report("state_off", "is the same as state_on (\"\(on.escapingControls)\")") }
        guard let topic, MQTTTopic.validateFilter(topic) == nil, let name else { return nil }
        return Subscription(
            channel: name, topic: topic, json: json, stateOn: stateOn.flatMap { $0.isEmpty ? nil : $0 },
            stateOff: stateOff.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// `host`, `host:port`, `[v6]:port`; no scheme (TLS is the `tls` key).
    static func readBroker(_ r: TableReader, tls: Bool) -> NetworkAddress? {
        guard let s = r.string("broker", required: true, maxLength: 300) else { return nil }
        if s.hasPrefix("mqtts://") || s.hasPrefix("ssl://") || s.hasPrefix("tls://") {
            r.report(
                "broker",
                "expected \"host:port\" without a scheme; for MQTT over TLS write tls = true and ca_file = \"ca.crt\" (the CA certificate that signed the broker's)"
            )
            return nil
        }
        if s.hasPrefix("mqtt://") || s.hasPrefix("tcp://") {
            r.report(
                "broker", "expected \"host:port\" without a scheme, like \"\(s.split(separator: "/").last.map(String.init) ?? "localhost:1883")\"")
            return nil
        }
        do {
            let address = try NetworkAddress.parse(s, defaultPort: tls ? defaultTLSPort : defaultPort)
            if address.port == defaultTLSPort && !tls {
                r.report(
                    "broker",
                    "port 8883 is MQTT over TLS: add tls = true and ca_file = \"ca.crt\" (host build only), or use the broker's plain port (1883)")
                return nil
            }
            return address
        } catch {
            r.report("broker", error.message)
            return nil
        }
    }

    /// `ca_file`: required with `tls = true`, meaningless without; read now so that a
    /// missing or non-PEM file is said with its line (the TLS library reads it per connection).
    static func readCAFile(_ r: TableReader, tls: Bool, signer: String = "the broker's (mosquitto.conf's cafile)") -> String? {
        let name = r.string("ca_file", maxLength: 4096)
        guard tls else {
            if name != nil { r.report("ca_file", "ca_file is used only with tls = true: add tls = true, or remove ca_file") }
            return nil
        }
        guard let name else {
            r.report("tls", "TLS needs ca_file = \"ca.crt\": the PEM certificate of the CA that signed \(signer)")
            return nil
        }
        let path = r.resolve(name)
        do {
            let bytes = try r.system.readFile(path, limit: .max)
            guard contains(bytes, Array("-----BEGIN CERTIFICATE-----".utf8)) else {
                r.report(
                    "ca_file",
                    "\(path): no \"-----BEGIN CERTIFICATE-----\" in it; expected the CA certificate in PEM (`openssl x509 -in ca.der -inform der -out ca.crt` converts a DER one)"
                )
                return nil
            }
            return path
        } catch {
            r.report("ca_file", "\(error.description) (it must be readable by the user the panel runs as)")
            return nil
        }
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if Array(bytes[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }

    /// The bytes before the first line break (`\n` or `\r\n`).
    static func firstLine(_ bytes: [UInt8]) -> [UInt8] {
        var end = bytes.firstIndex(of: 10) ?? bytes.count
        if end > 0, bytes[end - 1] == 13 { end -= 1 }
        return Array(bytes[..<end])
    }
}
