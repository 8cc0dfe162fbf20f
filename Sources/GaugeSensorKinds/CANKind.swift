import GaugeConfig
import GaugeSensors
import GaugeCAN

/// `kind = "can"`: a SocketCAN interface read through a protocol (CANConfiguration.swift).
/// Channels read `source`: a DBC signal, an OBD-II PID, an NMEA 2000 name.
enum CANKind: SensorKindReading {
    struct Sensor: Sendable {
        /// nil when it failed: the channels are still checked against the protocol.
        var interface: String?
        var keys: CANProtocolKeys
    }

    static let name = "can"
    static let summary = "a SocketCAN interface: a DBC bus, OBD-II or NMEA 2000"
    static let sensorKeys = ["interface", "protocol", "dbc", "poll_hz", "obd_ids"]
    static let channelKeys = ["source"]
    static let channelsReadSource = true

    static func readSensor(_ r: TableReader) -> Sensor? {
        let interface = CANConfiguration.readInterface(r)
        return CANProtocolKeys.read(r, polling: true).map { Sensor(interface: interface, keys: $0) }
    }

    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: Sensor?) -> Void? {
        if let keys = sensor?.keys, !keys.resolve(&channel, r) { return nil }
        return ()
    }

    static func source(
        _ sensor: Sensor, channels: [(channel: ChannelConfiguration, part: Void)],
        _ r: TableReader
    ) -> (any ConfiguredSource)? {
        guard let interface = sensor.interface else { return nil }
        let can = CANConfiguration(
            interface: interface, canProtocol: sensor.keys.canProtocol(channels: channels.map { $0.channel }),
            dbcPath: sensor.keys.dbcPath)
        return Configured(can, summary: "can \(interface), protocol \(sensor.keys.name)", watchedFiles: can.dbcPath.map { [$0] } ?? []) { can, _ in
            // Driven like a serial line: a descriptor, a deadline, reopened with backoff.
            .line(CANSource(interface: can.interface, protocol: can.canProtocol))
        }
    }
}
