import GaugeConfig
import GaugeSensors
import GaugeNet

/// `kind = "gpsd"`: the GPS daemon at `server` (default `localhost:2947`), asked to watch
/// on each connection. A channel's `source` is one of `GPSDSession.names`.
enum GPSDKind: SensorKindReading {
    static let name = "gpsd"
    static let summary = "gpsd, the GPS daemon: position, speed, course, altitude, fix"
    static let sensorKeys = ["server"]
    static let channelKeys = ["source"]
    static let channelsReadSource = true

    static func readSensor(_ r: TableReader) -> NetworkConfiguration? {
        let address =
            r.has("server")
            ? NetworkConfiguration.readAddress(r, "server", defaultPort: GPSDSession.defaultPort, example: "\"localhost:2947\"")
            : NetworkAddress(host: "localhost", port: GPSDSession.defaultPort)
        _ = r.value("server")
        return address.map { NetworkConfiguration(transport: .tcp($0), protocolName: name) }
    }

    /// A channel's `source` must be a name the decoder gives.
    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: NetworkConfiguration?) -> Void? {
        let source = channel.sourceName
        // A channel without a name has failed already; its source is not checked.
        guard !channel.name.isEmpty, !GPSDSession.names.contains(source) else { return channel.name.isEmpty ? nil : () }
        let near = NameSuggestion.nearest(to: source, in: GPSDSession.names).map { " (did you mean \"\($0)\"?)" } ?? ""
        r.report("source", "gpsd gives no \"\(source)\"\(near); expected one of \(GPSDSession.names.map { "\"\($0)\"" }.joined(separator: ", "))")
        return nil
    }

    static func source(
        _ sensor: NetworkConfiguration, channels: [(channel: ChannelConfiguration, part: Void)],
        _ r: TableReader
    ) -> (any ConfiguredSource)? {
        Configured(sensor, summary: "gpsd \(sensor.transport.path)") { network, _ in
            .line(StreamSource(transport: network.transport, protocol: GPSDSession(), backoff: .network))
        }
    }
}
