import GaugeConfig
import GaugeSensors

/// `kind = "udp"`: datagrams received on `listen` (`address:port`; `0.0.0.0` for every
/// interface), each read as whole lines of a protocol that needs no answers (`line`,
/// `nmea`). Channels read `source` as a serial sensor's do.
enum UDPKind: SensorKindReading {
    static let name = "udp"
    static let summary = "datagrams of a listen-only protocol (NMEA 0183 broadcast by a chartplotter or gateway)"
    static let sensorKeys = ["listen", "protocol"]
    static let channelKeys = ["source"]
    static let channelsReadSource = true

    static func readSensor(_ r: TableReader) -> NetworkConfiguration? {
        let address = NetworkConfiguration.readAddress(
            r, "listen", defaultPort: nil,
            example: "\"0.0.0.0:10110\" (every interface) or \"127.0.0.1:10110\" (this device only)")
        var proto: String?
        if let name = r.value("protocol")?.string, StreamProtocols.names.contains(name), !StreamProtocols.datagramNames.contains(name) {
            let names = StreamProtocols.datagramNames.map { "\"\($0)\"" }.joined(separator: ", ")
            r.report(
                "protocol",
                "\"\(name)\" polls and needs a peer to answer, which UDP datagrams have not: use kind = \"tcp\" or \"serial\", or one of \(names)")
        } else {
            proto = r.choice("protocol", StreamProtocols.datagramNames, required: true)
        }
        guard let address, let proto else { return nil }
        return NetworkConfiguration(transport: .udp(address), protocolName: proto)
    }

    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: NetworkConfiguration?) -> Void? { () }

    static func source(
        _ sensor: NetworkConfiguration, channels: [(channel: ChannelConfiguration, part: Void)],
        _ r: TableReader
    ) -> (any ConfiguredSource)? {
        Configured(sensor, summary: sensor.summary) { network, _ in
            .line(StreamProtocolChoice(name: network.protocolName).open(network.transport))
        }
    }
}
