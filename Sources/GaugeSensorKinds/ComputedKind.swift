import GaugeConfig
import GaugeSensors

/// `kind = "computed"`: channels computed from other channels by an `expression`
/// (GaugeConfig's `ComputedChannel`), linked against the whole board once it is read, and
/// evaluated by the panel's state whenever it draws. Nothing is opened or polled.
enum ComputedKind: SensorKindReading {
    static let name = "computed"
    static let summary = "channels computed from other channels (expression)"
    static let sensorKeys: [String] = []
    static let channelKeys = ["expression"]
    static let channelsReadSource = false

    static func readSensor(_ r: TableReader) -> Void? { () }

    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: Void?) -> Void? {
        guard let text = r.string("expression", required: true, maxLength: 512) else { return nil }
        channel.setExpression(text, at: r)
        for key in ["smoothing", "median", "stale_after"] where r.has(key) {
            r.report(key, "has no effect on a computed channel (it follows its inputs: give \(key) to them)")
        }
        return ()
    }

    static func source(_ sensor: Void, channels: [(channel: ChannelConfiguration, part: Void)], _ r: TableReader) -> (any ConfiguredSource)? {
        Configured(SimulatedSource(signals: []), summary: "computed (\(channels.map { $0.channel.name }.joined(separator: ", ")))") { source, _ in
            .simulated(source)  // nothing to poll: the state computes these channels
        }
    }
}
