import GaugeConfig
import GaugeSensors
import GaugeNet

/// `kind = "mqtt"`: topics of an MQTT broker, one per channel (MQTTConfiguration.swift).
/// A channel's `topic` (and `json`) say what it reads; the session names its samples
/// after the channels.
enum MQTTKind: SensorKindReading {
    static let name = "mqtt"
    static let summary = "topics of an MQTT broker (Home Assistant, Zigbee2MQTT, Tasmota)"
    static let sensorKeys = ["broker", "client_id", "keepalive", "username", "password_file", "qos", "tls", "ca_file"]
    static let channelKeys = ["topic", "json", "state_on", "state_off"]
    static let channelsReadSource = false

    static func readSensor(_ r: TableReader) -> MQTTConfiguration? { MQTTConfiguration.read(r) }

    static func readChannel(
        _ r: TableReader, _ channel: inout ChannelConfiguration,
        sensor: MQTTConfiguration?
    ) -> MQTTConfiguration.Subscription? {
        let name = channel.name.isEmpty ? nil : channel.name
        return MQTTConfiguration.readChannel(r, channel: name)
    }

    static func source(
        _ sensor: MQTTConfiguration, channels: [(channel: ChannelConfiguration, part: MQTTConfiguration.Subscription)],
        _ r: TableReader
    ) -> (any ConfiguredSource)? {
        var mqtt = sensor
        mqtt.subscriptions = channels.map { $0.part }
        let files = [mqtt.passwordFile, mqtt.tlsCAFile].compactMap { $0 }
        return Configured(mqtt, summary: "mqtt \(mqtt.brokerName)\(mqtt.tlsCAFile == nil ? "" : " over TLS")", watchedFiles: files) { mqtt, context in
            // A TCP stream to the broker, retried every second at most while the broker is
            // away (values return within about a second of it; a refused login waits longer,
            // by the session's `reconnectDelay`).
            let session = MQTTSession(mqtt.session(fallbackClientID: MQTTConfiguration.defaultClientID(hostname: context.hostname)))
            return .line(StreamSource(transport: .tcp(mqtt.broker), protocol: session, backoff: .network, tlsCAFile: mqtt.tlsCAFile))
        }
    }
}
