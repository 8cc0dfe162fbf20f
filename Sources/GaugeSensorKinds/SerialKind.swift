import GaugeConfig
import GaugeSensors

/// `kind = "serial"`: a serial device (`device`, at `baud`) speaking one of
/// `StreamProtocols` or `tunerstudio` (`protocol`, StreamProtocolChoice.swift). Channels
/// read `source`: a name the decoder gives, or an output channel of the ECU's INI.
enum SerialKind: SensorKindReading {
    struct Sensor: Sendable {
        var device: String
        var baud: Int
        var protocolChoice: StreamProtocolChoice
        var protocolName: String { protocolChoice.name }
    }

    static let name = "serial"
    static let summary = "a serial device speaking one of the stream protocols"
    static let sensorKeys = ["device", "baud"] + StreamProtocolChoice.keys
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
        let proto = StreamProtocolChoice.read(r)
        guard let device, device.hasPrefix("/"), let proto else { return nil }
        return Sensor(device: device, baud: baud, protocolChoice: proto)
    }

    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: Sensor?) -> Void? {
        sensor.map { $0.protocolChoice.check(channel, r) } == false ? nil : ()
    }

    static func source(
        _ sensor: Sensor, channels: [(channel: ChannelConfiguration, part: Void)],
        _ r: TableReader
    ) -> (any ConfiguredSource)? {
        var serial = sensor
        serial.protocolChoice.settle(channels: channels.map { $0.channel })
        let summary = "serial \(serial.device) at \(serial.baud) baud, protocol \(serial.protocolName)"
        return Configured(serial, summary: summary, watchedFiles: serial.protocolChoice.files) { s, _ in
            .line(s.protocolChoice.open(.serial(path: s.device, settings: SerialSettings(baudRate: s.baud))))
        }
    }
}
