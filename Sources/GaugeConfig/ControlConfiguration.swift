import GaugeRaster
import GaugeWidgets

/// A widget a tap acts on (`type = "button"` or `"switch"`): where it is, what it sends
/// to which topic, and through which `kind = "mqtt"` sensor's connection. The widget
/// draws; this says what a tap on it does.
public struct ControlConfiguration: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// A button: `payload` each tap.
        case press(payload: String)
        /// A switch: `on` when its state is off or unknown, else `off`.
        case toggle(on: String, off: String)
    }

    /// The widget's id, its page (index) and its frame.
    public var widget: String
    public var page: Int32
    public var frame: IntRect
    public var action: Action
    public var commandTopic: String
    /// 0 or 1.
    public var qos: UInt8
    /// The MQTT sensor whose connection publishes it (an index into the board's sensors).
    public var sensor: Int
    /// A switch's state channel (nil: optimistic, the picture follows the taps).
    public var stateChannel: String?
}

/// A control's keys as its widget table gave them, before the sensor is known.
struct ControlKeys {
    var widget: String
    var path: KeyPath
    var action: ControlConfiguration.Action
    var commandTopic: String
    var qos: UInt8
    var mqtt: String?
    var stateChannel: String?

    /// The keys of a button or switch widget (`type`), after its kind's own were read.
    static func read(_ r: TableReader, type: String, id: String, channel: String?) -> ControlKeys? {
        let topic = r.string("command_topic", required: true, maxLength: 256)
        if let t = topic, t.isEmpty || t.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") }) {
            r.report("command_topic", "expected a topic without wildcards (+, #), got \"\(t.escapingControls)\"")
        }
        let qos = r.integer("qos", 0...1) ?? 0
        let mqtt = r.string("mqtt", maxLength: 64)
        let action: ControlConfiguration.Action
        if type == "button" {
            action = .press(payload: r.string("payload", maxLength: 1024) ?? "PRESS")
        } else {
            action = .toggle(on: r.string("payload_on", maxLength: 1024) ?? "ON", off: r.string("payload_off", maxLength: 1024) ?? "OFF")
        }
        guard let topic else { return nil }
        return ControlKeys(
            widget: id, path: r.path, action: action, commandTopic: topic, qos: UInt8(qos), mqtt: mqtt,
            stateChannel: channel)
    }

    /// Which sensor sends it: the `kind = "mqtt"` sensor whose `name` is `mqtt`, or the
    /// board's only one; nil (and an error at the widget's key) when there is none or
    /// more than one to choose from.
    func sensor(among sensors: [SensorConfiguration], _ diagnostics: Diagnostics) -> Int? {
        Self.mqttSensor(named: mqtt, at: path, key: "command_topic", among: sensors, diagnostics)
    }

    /// The `kind = "mqtt"` sensor named `mqtt`, or the board's only one; nil (and an error
    /// at `path`'s `mqtt`, or at its `key` when none is named) otherwise.
    static func mqttSensor(
        named mqtt: String?, at path: KeyPath, key: String, among sensors: [SensorConfiguration], _ diagnostics: Diagnostics
    ) -> Int? {
        let brokers = sensors.indices.filter { sensors[$0].kind == "mqtt" }
        if let name = mqtt {
            if let i = brokers.first(where: { sensors[$0].name == name }) { return i }
            let names = brokers.compactMap { sensors[$0].name }.map { "\"\($0.escapingControls)\"" }
            diagnostics.report(
                path.appending("mqtt"),
                "no kind = \"mqtt\" sensor is named \"\(name.escapingControls)\""
                    + (names.isEmpty
                        ? " (give the [[sensor]] a name = \"\(name.escapingControls)\")" : "; expected one of \(names.joined(separator: ", "))"))
            return nil
        }
        if brokers.count == 1 { return brokers[0] }
        diagnostics.report(
            path.appending(key),
            brokers.isEmpty
                ? "needs a kind = \"mqtt\" sensor to send through; the board has none"
                : "the board has \(brokers.count) kind = \"mqtt\" sensors; say which sends it with mqtt = \"<the sensor's name>\"")
        return nil
    }
}

extension BoardConfiguration {
    /// The controls of `pages`, each with the sensor that sends it; errors at their keys.
    static func resolveControls(_ keys: [[ControlKeys]], pages: [DashboardPage], sensors: [SensorConfiguration], _ d: Diagnostics)
        -> [ControlConfiguration]
    {
        var out: [ControlConfiguration] = []
        for (p, page) in keys.enumerated() {
            for k in page {
                guard let sensor = k.sensor(among: sensors, d), p < pages.count,
                    let frame = pages[p].widgets.first(where: { $0.id == k.widget })?.frame
                else { continue }
                out.append(
                    ControlConfiguration(
                        widget: k.widget, page: Int32(p), frame: frame, action: k.action, commandTopic: k.commandTopic,
                        qos: k.qos, sensor: sensor, stateChannel: k.stateChannel))
            }
        }
        return out
    }
}
