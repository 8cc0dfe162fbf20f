import GaugeDecoders

/// `[[trigger]]`: when a condition has held for a time, do something — show a page,
/// switch the theme, acknowledge the alarms — at most once each time it comes true, and
/// not again within its cooldown.
public struct TriggerConfiguration: Sendable, Equatable {
    /// What must hold.
    public enum Condition: Sendable, Equatable {
        /// The channel's value ≥ `value` (a reading; no value never holds).
        case above(channel: String, value: Double)
        /// The channel's value ≤ `value`.
        case below(channel: String, value: Double)
        /// The channel's alarm shows `state` or worse.
        case alarm(channel: String, atLeast: AlarmState)
        /// The page on screen is this one.
        case page(Int32)
    }

    /// What it does when it fires (at least one).
    public struct Actions: Sendable, Equatable {
        public var showPage: Int32?
        public var theme: ThemeConfiguration.Name?
        public var acknowledge: Bool
        /// Sets the trip counters back to 0.
        public var resetTrip: Bool
        /// Starts (true) or stops (false) the `[log]`.
        public var logging: Bool?
        /// Publishes a message through an MQTT sensor's connection.
        public var publish: Publish?
        /// Switches a manual `[[output]]`.
        public var output: OutputCommand?
        /// Plays once on `[alarms] sound`'s device (while no alarm sounds).
        public var sound: AlarmSound?

        public init(showPage: Int32? = nil, theme: ThemeConfiguration.Name? = nil, acknowledge: Bool = false, resetTrip: Bool = false) {
            self.showPage = showPage
            self.theme = theme
            self.acknowledge = acknowledge
            self.resetTrip = resetTrip
        }
    }

    /// `publish = { topic, payload, mqtt }`: a message, not retained, at QoS 0.
    public struct Publish: Sendable, Equatable {
        public var topic: String
        public var payload: String
        /// The MQTT sensor that sends it (an index into the board's sensors).
        public var sensor: Int
    }

    public var condition: Condition
    /// Nanoseconds the condition must hold before the trigger fires.
    public var holdFor: UInt64
    /// Nanoseconds after firing during which it does not fire again.
    public var cooldown: UInt64
    public var actions: Actions

    public init(condition: Condition, holdFor: UInt64 = 0, cooldown: UInt64 = 0, actions: Actions) {
        self.condition = condition
        self.holdFor = holdFor
        self.cooldown = cooldown
        self.actions = actions
    }
}

extension TriggerConfiguration {
    /// A `[[trigger]]` table; `pages` are the board's page names (in order), `channels`
    /// the names sensors provide.
    static func read(
        _ r: TableReader, pages: [String], channels: [String], sensors: [SensorConfiguration] = [], outputs: [OutputConfiguration] = []
    ) -> TriggerConfiguration? {
        func page(_ key: String) -> Int32? {
            guard let name = r.string(key, maxLength: 64) else { return nil }
            if let i = pages.firstIndex(of: name) { return Int32(truncatingIfNeeded: i) }
            let near = NameSuggestion.nearest(to: name, in: pages).map { "; did you mean \"\($0)\"?" } ?? ""
            r.report(key, "no page named \"\(name.escapingControls)\"\(near) (pages: \(pages.map { "\"\($0)\"" }.joined(separator: ", ")))")
            return nil
        }
        let condition = readCondition(r, channels: channels, page: page)
        let holdFor = r.number("for", 0...86400) ?? 0
        let cooldown = r.number("cooldown", 0...86400) ?? 0
        var actions = Actions(showPage: page("show_page"), acknowledge: r.bool("acknowledge") ?? false, resetTrip: r.bool("reset_trip") ?? false)
        if let t = r.choice("theme", ThemeConfiguration.Name.allCases.map { $0.rawValue }) { actions.theme = ThemeConfiguration.Name(rawValue: t) }
        actions.logging = r.bool("logging")
        actions.publish = r.table("publish").flatMap { readPublish($0, sensors: sensors) }
        actions.output = r.table("output").flatMap { OutputCommand.read($0, outputs: outputs) }
        actions.sound = r.string("sound", maxLength: 4096).flatMap { AlarmSoundConfiguration.readSound($0, key: "sound", r) }
        r.finish()
        if actions == Actions(), !r.has("show_page"), !r.has("theme"), !r.has("publish"), !r.has("output"), !r.has("sound") {
            r.report(nil, "a trigger needs an action: show_page, theme, acknowledge = true, reset_trip = true, logging, publish, output or sound")
        }
        guard let condition else { return nil }
        return TriggerConfiguration(condition: condition, holdFor: UInt64(holdFor * 1e9), cooldown: UInt64(cooldown * 1e9), actions: actions)
    }

    private static func readPublish(_ r: TableReader, sensors: [SensorConfiguration]) -> Publish? {
        let topic = r.string("topic", required: true, maxLength: 256)
        let payload = r.string("payload", maxLength: 1024) ?? ""
        let mqtt = r.string("mqtt", maxLength: 64)
        r.finish()
        guard let topic else { return nil }
        guard !topic.isEmpty, !topic.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") }) else {
            r.report("topic", "expected a topic without wildcards (+, #), got \"\(topic.escapingControls)\"")
            return nil
        }
        guard let sensor = ControlKeys.mqttSensor(named: mqtt, at: r.path, key: "topic", among: sensors, r.diagnostics) else { return nil }
        return Publish(topic: topic, payload: payload, sensor: sensor)
    }

    /// Exactly one of: `channel` with `above` or `below`; `alarm` (with `state`); `on_page`.
    private static func readCondition(_ r: TableReader, channels: [String], page: (String) -> Int32?) -> Condition? {
        let channel = r.name("channel")
        let above = r.number("above", -SensorConfiguration.maxMagnitude...SensorConfiguration.maxMagnitude)
        let below = r.number("below", -SensorConfiguration.maxMagnitude...SensorConfiguration.maxMagnitude)
        let alarm = r.name("alarm")
        let state = r.choice("state", AlarmState.allCases.filter { $0.isActive }.map { $0.name })
        let onPage = page("on_page")
        for (key, name) in [("channel", channel), ("alarm", alarm)] {
            guard let name, !channels.contains(name) else { continue }
            r.report(key, unknownChannelMessage(name, among: channels))
        }
        let given = [channel != nil, alarm != nil, r.has("on_page")].filter { $0 }.count
        guard given == 1 else {
            r.report(
                nil,
                given == 0
                    ? "a trigger needs a condition: channel (with above or below), alarm or on_page" : "give one condition: channel, alarm or on_page"
            )
            return nil
        }
        if channel != nil, (above == nil) == (below == nil) { r.report("channel", "give above or below (one of them) with channel") }
        if channel == nil, above != nil || below != nil { r.report(above != nil ? "above" : "below", "needs channel") }
        if alarm == nil, state != nil { r.report("state", "needs alarm (the channel whose alarm state it is)") }
        if let c = channel, channels.contains(c) {
            if let a = above, below == nil { return .above(channel: c, value: a) }
            if let b = below, above == nil { return .below(channel: c, value: b) }
        }
        if let a = alarm, channels.contains(a) { return .alarm(channel: a, atLeast: state.flatMap(AlarmState.init(name:)) ?? .alarm) }
        return onPage.map { .page($0) }
    }
}

extension OutputCommand {
    /// `{ name = "horn", set = "on", seconds = 2 }` (a trigger's `output`): a manual
    /// output by name; `set` on (default), off or toggle; `seconds` only with on.
    static func read(_ r: TableReader, outputs: [OutputConfiguration]) -> OutputCommand? {
        let name = r.name("name", required: true)
        let set = r.choice("set", Setting.allCases.map { $0.rawValue }).flatMap(Setting.init(rawValue:)) ?? .on
        let seconds = r.number("seconds", 0.01...86400)
        r.finish()
        if seconds != nil, set != .on { r.report("seconds", "goes with set = \"on\" (how long it stays on)") }
        guard let name, let i = manualOutput(named: name, among: outputs, at: r.path.appending("name"), r.diagnostics) else { return nil }
        return OutputCommand(output: i, set: set, seconds: set == .on ? seconds : nil)
    }

    /// The index of the manual output `name`; nil (and an error at `path`) otherwise.
    static func manualOutput(named name: String, among outputs: [OutputConfiguration], at path: KeyPath, _ d: Diagnostics) -> Int? {
        guard let i = outputs.firstIndex(where: { $0.name == name }) else {
            let names = outputs.filter { $0.isManual }.map { "\"\($0.name.escapingControls)\"" }
            d.report(
                path,
                "no [[output]] is named \"\(name.escapingControls)\""
                    + (names.isEmpty ? " (give one manual = true and this name)" : "; manual outputs: \(names.joined(separator: ", "))"))
            return nil
        }
        guard outputs[i].isManual else {
            d.report(path, "output \"\(name.escapingControls)\" follows its rule; give it manual = true (and no rule) to switch it from here")
            return nil
        }
        return i
    }
}
