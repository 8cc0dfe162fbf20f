import GaugeConfig
import GaugeDecoders
import GaugeSensors

/// `kind = "tcp"`: one of `StreamProtocols`, or `tunerstudio`, over a TCP connection to
/// `server` (`host:port`), retried at least every second while it is away. Channels read
/// `source` as a serial sensor's do.
enum TCPKind: SensorKindReading {
    static let name = "tcp"
    static let summary = "a stream protocol over TCP (a WiFi NMEA gateway, an ELM327 over WiFi)"
    static let sensorKeys = ["server"] + StreamProtocolChoice.keys
    static let channelKeys = ["source"]
    static let channelsReadSource = true

    struct Sensor: Sendable {
        var network: NetworkConfiguration
        var protocolChoice: StreamProtocolChoice
    }

    static func readSensor(_ r: TableReader) -> Sensor? {
        let address = NetworkConfiguration.readAddress(r, "server", defaultPort: nil, example: "\"192.168.1.20:10110\"")
        let proto = StreamProtocolChoice.read(r)
        guard let address, let proto else { return nil }
        return Sensor(network: NetworkConfiguration(transport: .tcp(address), protocolName: proto.name), protocolChoice: proto)
    }

    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: Sensor?) -> Void? {
        sensor.map { $0.protocolChoice.check(channel, r) } == false ? nil : ()
    }

    static func source(
        _ sensor: Sensor, channels: [(channel: ChannelConfiguration, part: Void)],
        _ r: TableReader
    ) -> (any ConfiguredSource)? {
        var tcp = sensor
        tcp.protocolChoice.settle(channels: channels.map { $0.channel })
        return Configured(tcp.network, summary: tcp.network.summary, watchedFiles: tcp.protocolChoice.files) { [tcp] network, _ in
            .line(tcp.protocolChoice.open(network.transport))
        }
    }
}
