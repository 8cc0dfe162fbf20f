import GaugeRaster
import GaugeWidgets

/// A widget a tap acts on (`type = "button"` or `"switch"`): where it is and what a tap
/// does — a message to an MQTT topic, a manual `[[output]]` switched, or (a button) what a
/// key can do. The widget draws; this says what a tap on it does.
public struct ControlConfiguration: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// A button: `payload` each tap.
        case press(payload: String)
        /// A switch: `on` when its state is off or unknown, else `off`.
        case toggle(on: String, off: String)
    }

    /// Where a tap goes.
    public enum Target: Sendable, Equatable {
        /// Published to `topic` through a `kind = "mqtt"` sensor's connection (an index
        /// into the board's sensors).
        case mqtt(topic: String, qos: UInt8, sensor: Int)
        /// A manual `[[output]]` (an index into the board's outputs), toggled; a switch
        /// shows its state.
        case output(Int)
        /// A button only: what a key bound to this action does (`next_page`, `acknowledge`…).
        case action(InputConfiguration.Action)
    }

    /// The widget's id, its page (index) and its frame.
    public var widget: String
    public var page: Int32
    public var frame: IntRect
    public var action: Action
    public var target: Target
    /// A switch's state channel (nil: optimistic, the picture follows the taps; or its
    /// output's state).
    public var stateChannel: String?

    /// The MQTT topic a tap publishes to (nil: it publishes nothing).
    public var commandTopic: String? {
        if case .mqtt(let topic, _, _) = target { return topic }
        return nil
    }
}

/// A control's keys as its widget table gave them, before the sensor or output is known.
struct ControlKeys {
    enum Target {
        case mqtt(topic: String, qos: UInt8, sensor: String?)
        case output(String)
        case action(InputConfiguration.Action)
    }

    var widget: String
    var path: KeyPath
    var action: ControlConfiguration.Action
    var target: Target
    var stateChannel: String?

    /// The keys of a button or switch widget (`type`), after its kind's own were read:
    /// exactly one of `command_topic`, `output` and (a button's) `action`.
    static func read(_ r: TableReader, type: String, id: String, channel: String?) -> ControlKeys? {
        let topic = r.string("command_topic", maxLength: 256)
        let output = r.name("output")
        let local = type == "button" ? r.choice("action", InputConfiguration.Action.allCases.map { $0.rawValue }) : nil
        let given = [r.has("command_topic"), r.has("output"), type == "button" && r.has("action")].filter { $0 }.count
        let action = readAction(r, type: type, mqtt: topic != nil)
        guard given == 1 else {
            let choices = type == "button" ? "command_topic (MQTT), output (a manual [[output]]) or action" : "command_topic (MQTT) or output"
            r.report(given == 0 ? "command_topic" : nil, given == 0 ? "missing; give \(choices)" : "give one of \(choices)")
            return nil
        }
        if let output {
            if channel != nil { r.report("channel", "a control with output shows its output's state, not a channel") }
            return ControlKeys(widget: id, path: r.path, action: action, target: .output(output), stateChannel: nil)
        }
        if let local, let a = InputConfiguration.Action(rawValue: local) {
            return ControlKeys(widget: id, path: r.path, action: action, target: .action(a), stateChannel: nil)
        }
        guard let topic else { return nil }
        if topic.isEmpty || topic.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") }) {
            r.report("command_topic", "expected a topic without wildcards (+, #), got \"\(topic.escapingControls)\"")
        }
        let qos = r.integer("qos", 0...1) ?? 0
        return ControlKeys(
            widget: id, path: r.path, action: action, target: .mqtt(topic: topic, qos: UInt8(qos), sensor: r.string("mqtt", maxLength: 64)),
            stateChannel: channel)
    }

    /// The payload keys, which only an MQTT control has.
    private static func readAction(_ r: TableReader, type: String, mqtt: Bool) -> ControlConfiguration.Action {
        if !mqtt {
            for key in ["payload", "payload_on", "payload_off", "qos", "mqtt"] where r.has(key) {
                _ = r.value(key)
                r.report(key, "goes with command_topic (an MQTT control)")
            }
        }
        if type == "button" { return .press(payload: r.string("payload", maxLength: 1024) ?? "PRESS") }
        return .toggle(on: r.string("payload_on", maxLength: 1024) ?? "ON", off: r.string("payload_off", maxLength: 1024) ?? "OFF")
    }

    /// Where a tap goes: the sensor that sends it, or the manual output; nil (and an error
    /// at the widget's key) when there is none or more than one to choose from.
    func resolve(sensors: [SensorConfiguration], outputs: [OutputConfiguration], _ d: Diagnostics) -> ControlConfiguration.Target? {
        switch target {
        case .mqtt(let topic, let qos, let mqtt):
            guard let i = Self.mqttSensor(named: mqtt, at: path, key: "command_topic", among: sensors, d) else { return nil }
            return .mqtt(topic: topic, qos: qos, sensor: i)
        case .output(let name):
            return OutputCommand.manualOutput(named: name, among: outputs, at: path.appending("output"), d).map { .output($0) }
        case .action(let a): return .action(a)
        }
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
    /// The controls of `pages`, each with where its taps go; errors at their keys.
    static func resolveControls(
        _ keys: [[ControlKeys]], pages: [DashboardPage], sensors: [SensorConfiguration], outputs: [OutputConfiguration], _ d: Diagnostics
    ) -> [ControlConfiguration] {
        var out: [ControlConfiguration] = []
        for (p, page) in keys.enumerated() {
            for k in page {
                guard let target = k.resolve(sensors: sensors, outputs: outputs, d), p < pages.count,
                    let frame = pages[p].widgets.first(where: { $0.id == k.widget })?.frame
                else { continue }
                out.append(
                    ControlConfiguration(
                        widget: k.widget, page: Int32(p), frame: frame, action: k.action, target: target, stateChannel: k.stateChannel))
            }
        }
        return out
    }
}
