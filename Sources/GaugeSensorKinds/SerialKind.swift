import GaugeConfig
import GaugeSensors

/// `kind = "serial"`: a serial device (`device`, at `baud`) speaking one of
/// `SerialProtocols` (`protocol`). Channels read `source`: a name the decoder gives.
enum SerialKind: SensorKindReading {
    struct Sensor: Sendable, Equatable {
        var device: String
        var baud: Int
        var protocolName: String
    }

    static let name = "serial"
    static let summary = "a serial device speaking one of the stream protocols"
    static let sensorKeys = ["device", "baud", "protocol"]
    static let channelKeys = ["source"]
    static let channelsReadSource = true

    static func readSensor(_ r: TableReader) -> Sensor? {
        let device = r.string("device", required: true, maxLength: 4096)
        if let d = device, !d.hasPrefix("/") {
            r.report("device", "expected an absolute device path like \"/dev/ttyUSB0\" or \"/dev/serial/by-id/…\", got \"\(d)\"")
        }
        var baud = 9600
        if let v = r.value("baud") {
            if let b = v.int, SerialSettings.supportedBaudRates.contains(b) {
                baud = b
            } else {
                r.report("baud", "expected one of \(SerialSettings.supportedBaudRates.map(String.init).joined(separator: ", ")), got \(v.written)")
            }
        }
        let proto = r.choice("protocol", SerialProtocols.names, required: true)
        guard let device, device.hasPrefix("/"), let proto else { return nil }
        return Sensor(device: device, baud: baud, protocolName: proto)
    }

    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: Sensor?) -> Void? { () }

    static func source(_ sensor: Sensor, channels: [(channel: ChannelConfiguration, part: Void)],
                       _ r: TableReader) -> (any ConfiguredSource)? {
        Configured(sensor, summary: "serial \(sensor.device) at \(sensor.baud) baud, protocol \(sensor.protocolName)") { s, _ in
            // The configuration only lets registered names through.
            let settings = SerialSettings(baudRate: s.baud)
            return .line(SerialProtocols.open(s.protocolName, path: s.device, settings: settings)
                ?? StreamSource(transport: .serial(path: s.device, settings: settings), protocol: LineProtocolDecoder()))
        }
    }
}
