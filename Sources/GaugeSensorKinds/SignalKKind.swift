import GaugeConfig
import GaugeDecoders
import GaugeSensors
import GaugeNet

/// `kind = "signalk"`: a Signal K server's WebSocket stream at `server` (plain `ws`,
/// default `localhost:3000`), subscribed to exactly the channels' paths. A channel's
/// `source` is a Signal K path (`navigation.speedOverGround`; default: its name); values
/// arrive in SI units, and a channel's `unit` converts them (`kn`, `C`, `deg`, `bar`, `%`),
/// after its own `scale` and `offset` (which apply to the value as sent). The conversion
/// is settled here, into the channel's scale and offset; the samples carry no unit.
/// `notifications` (default true) subscribes to the server's notifications too; a
/// channel's `signalk_source` takes only the updates of that source (`path#source`).
enum SignalKKind: SensorKindReading {
    struct Sensor: Sendable, Equatable {
        var network: NetworkConfiguration
        var notifications: Bool
        /// `ca_file` with `tls = true`: the stream over TLS (the host build's mbed TLS).
        var tlsCAFile: String?
        /// `token_file`'s first line, and where it was read.
        var token: String?
        var tokenFile: String?
    }

    static let name = "signalk"
    static let summary = "a Signal K server (a boat's data hub) over its WebSocket stream"
    static let sensorKeys = ["server", "notifications", "tls", "ca_file", "token_file"]
    static let channelKeys = ["source", "signalk_source"]
    static let channelsReadSource = true

    static func readSensor(_ r: TableReader) -> Sensor? {
        let address =
            r.has("server")
            ? NetworkConfiguration.readAddress(r, "server", defaultPort: SignalKSession.defaultPort, example: "\"localhost:3000\"")
            : NetworkAddress(host: "localhost", port: SignalKSession.defaultPort)
        _ = r.value("server")
        let notifications = r.bool("notifications") ?? true
        let tls = r.bool("tls") ?? false
        let caFile = MQTTConfiguration.readCAFile(r, tls: tls, signer: "the server's certificate")
        let token = readToken(r)
        guard let address, !tls || caFile != nil else { return nil }
        return Sensor(
            network: NetworkConfiguration(transport: .tcp(address), protocolName: name), notifications: notifications, tlsCAFile: caFile,
            token: token?.token, tokenFile: token?.path)
    }

    /// `token_file`: its first line is the access token (a JWT the server issued).
    private static func readToken(_ r: TableReader) -> (token: String, path: String)? {
        guard let name = r.string("token_file", maxLength: 4096) else { return nil }
        let path = r.resolve(name)
        do {
            let line = MQTTConfiguration.firstLine(try r.system.readFile(path, limit: .max))
            guard !line.isEmpty, line.count <= 4096, line.allSatisfy({ $0 > 32 && $0 < 127 }) else {
                r.report("token_file", "\(path): expected the access token alone on the first line (printable, no spaces, at most 4096 bytes)")
                return nil
            }
            return (String(decoding: line, as: UTF8.self), path)
        } catch {
            r.report(
                "token_file", "\(error.description) (it must be readable by the user the panel runs as, and by no one else: chmod 600)")
            return nil
        }
    }

    /// A channel's `source` must be a path; its `unit` a conversion from the path's SI unit.
    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: Sensor?) -> Void? {
        guard !channel.name.isEmpty else { return nil }
        let path = channel.sourceName
        let pattern = SignalKPaths.isPattern(path)
        guard pattern || SignalKPaths.isPath(path) else {
            r.report(
                "source",
                "expected a Signal K path like \"navigation.speedOverGround\" (or with * for whole elements: \"propulsion.*.revolutions\"), got \"\(path)\""
            )
            return nil
        }
        if pattern, r.has("signalk_source") {
            _ = r.value("signalk_source")
            r.report("signalk_source", "takes one source of one path; a wildcard path follows the first of its paths instead: name that path")
            return nil
        }
        if let only = r.string("signalk_source", maxLength: 200) {
            guard !only.isEmpty else {
                r.report("signalk_source", "expected a source's $source or label, like \"n2k-on-ve.can-socket.115\" or \"GPS-1\"")
                return nil
            }
            channel.sourceName = SignalKPaths.name(path: path, source: only)
        }
        let unit = channel.unit
        guard let si = SignalKPaths.unit(of: path) else {
            guard unit == .none || SignalKPaths.siUnits.contains(unit) else {
                let units = SignalKPaths.siUnits.map { "\"\($0.configName)\"" }.joined(separator: ", ")
                r.report(
                    "unit",
                    "no SI unit is known for \"\(path)\", so \"\(unit.configName)\" cannot be converted to; its value arrives as sent: give its SI unit (\(units)) or convert with scale and offset"
                )
                return nil
            }
            return ()
        }
        guard let c = SignalKPaths.conversion(from: si, to: unit) else {
            r.report("unit", "\"\(path)\" is in \(si.configName), which does not convert to \"\(unit.configName)\"")
            return nil
        }
        // The channel's scale and offset apply to the value as sent, as for any input unit.
        channel.offset = c.scale * channel.offset + c.offset
        channel.scale *= c.scale
        return ()
    }

    static func source(
        _ sensor: Sensor, channels: [(channel: ChannelConfiguration, part: Void)],
        _ r: TableReader
    ) -> (any ConfiguredSource)? {
        var paths: [String] = [], names: [String] = []
        for c in channels where !names.contains(c.channel.sourceName) {
            names.append(c.channel.sourceName)
            let path = SignalKPaths.subscription(for: c.channel.sourceName)
            if !paths.contains(path) { paths.append(path) }
        }
        let host = sensor.network.transport.path, subscribed = paths, read = names
        let files = [sensor.tlsCAFile, sensor.tokenFile].compactMap { $0 }
        return Configured(sensor, summary: "signalk \(host)\(sensor.tlsCAFile == nil ? "" : " over TLS")", watchedFiles: files) { s, _ in
            let session = SignalKSession(host: host, paths: subscribed, names: read, notifications: s.notifications, token: s.token)
            return .line(StreamSource(transport: s.network.transport, protocol: session, backoff: .network, tlsCAFile: s.tlsCAFile))
        }
    }
}
