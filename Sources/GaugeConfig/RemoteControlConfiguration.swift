/// `[control]`: the panel driven and shown over MQTT (Home Assistant). Messages on
/// `<topic>/set/page`, `/set/theme`, `/set/brightness` and `/set/acknowledge` act as the
/// keys do; the panel publishes its page, theme and brightness, retained, on
/// `<topic>/state/page`, `/state/theme` and `/state/brightness` when they change.
public struct RemoteControlConfiguration: Sendable, Equatable {
    /// The topics' prefix, `gaugepanel/kitchen` (no wildcards, no trailing `/`).
    public var topic: String
    /// The MQTT sensor whose connection carries them (an index into the board's sensors).
    public var sensor: Int

    static func read(_ r: TableReader, sensors: [SensorConfiguration]) -> RemoteControlConfiguration? {
        let topic = r.string("topic", required: true, maxLength: 200)
        let mqtt = r.string("mqtt", maxLength: 64)
        r.finish()
        guard let topic else { return nil }
        if topic.isEmpty || topic.hasSuffix("/") || topic.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") }) {
            r.report(
                "topic",
                "expected a topic prefix without wildcards (+, #) or a trailing /, like \"gaugepanel/kitchen\", got \"\(topic.escapingControls)\"")
            return nil
        }
        guard let sensor = ControlKeys.mqttSensor(named: mqtt, at: r.path, key: "topic", among: sensors, r.diagnostics) else { return nil }
        return RemoteControlConfiguration(topic: topic, sensor: sensor)
    }
}
