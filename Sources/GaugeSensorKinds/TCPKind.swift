import GaugeConfig
import GaugeSensors

/// `kind = "tcp"`: one of `SerialProtocols` over a TCP connection to `server`
/// (`host:port`), retried at least every second while it is away. Channels read `source`
/// as a serial sensor's do.
enum TCPKind: SensorKindReading {
    static let name = "tcp"
    static let summary = "a stream protocol over TCP (a WiFi NMEA gateway, an ELM327 over WiFi)"
    static let sensorKeys = ["server", "protocol"]
    static let channelKeys = ["source"]
    static let channelsReadSource = true

    static func readSensor(_ r: TableReader) -> NetworkConfiguration? {
        let address = NetworkConfiguration.readAddress(r, "server", defaultPort: nil, example: "\"192.168.1.20:10110\"")
        let proto = r.choice("protocol", SerialProtocols.names, required: true)
        guard let address, let proto else { return nil }
        return NetworkConfiguration(transport: .tcp(address), protocolName: proto)
    }

    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: NetworkConfiguration?) -> Void? { () }

    static func source(_ sensor: NetworkConfiguration, channels: [(channel: ChannelConfiguration, part: Void)],
                       _ r: TableReader) -> (any ConfiguredSource)? {
        Configured(sensor, summary: sensor.summary) { network, _ in .line(openStream(network)) }
    }

    /// A registered protocol over the network (the configuration only lets those through).
    static func openStream(_ network: NetworkConfiguration) -> any SerialLine {
        SerialProtocols.open(network.protocolName, transport: network.transport)
            ?? StreamSource(transport: network.transport, protocol: LineProtocolDecoder(), backoff: .network)
    }
}
