import GaugeConfig
import GaugeDecoders

/// What sources say about alarms: a server's zones for a channel the board sets no alarm
/// for, and a server's notifications, both judged and shown like the board's alarms.
extension PanelState {
    /// At most this many notifications are held at once (more are not shown).
    static var maxNotifications: Int { 32 }

    /// `zones` from `channel`'s source, in the unit its values come in: converted by the
    /// channel's scale and offset into its unit, they become its alarm zones unless the
    /// board gives the channel an alarm of its own (the board's win). No zones: none.
    public mutating func takeSourceZones(_ zones: [SourceZone], of channel: String) {
        guard let c = channels[channel] else { return }
        let existing = alarms.firstIndex { $0.channel == channel && $0.notificationLevel == nil }
        if let i = existing, !alarms[i].fromSource { return }
        let p = c.pipeline.configuration
        let converted = zones.compactMap { Self.zone($0, scale: p.scale, offset: p.offset) }
        isDirty = true
        guard !converted.isEmpty else {
            if let i = existing { alarms.remove(at: i) }
            return
        }
        if let i = existing {
            if alarms[i].configuration.zones != converted { alarms[i].configuration.zones = converted }
            return
        }
        var monitor = AlarmMonitor(AlarmConfiguration(channel: channel, zones: converted, unit: c.unit))
        monitor.fromSource = true
        alarms.append(monitor)
        notices.append("channel \(channel): \(converted.count) alarm zone\(converted.count == 1 ? "" : "s") from its source")
    }

    /// A source's zone in the channel's unit: `value × scale + offset`; nil for a state the
    /// panel does not name or an edge that is not a number.
    static func zone(_ z: SourceZone, scale: Double, offset: Double) -> AlarmZone? {
        guard let state = AlarmState(name: z.state), !z.lower.isNaN, !z.upper.isNaN, scale.isFinite, scale != 0 else { return nil }
        func convert(_ x: Double) -> Double { x.isFinite ? x * scale + offset : (x > 0) == (scale > 0) ? .infinity : -.infinity }
        let a = convert(z.lower), b = convert(z.upper)
        guard !a.isNaN, !b.isNaN else { return nil }
        return AlarmZone(lower: min(a, b), upper: max(a, b), state: state, message: z.message.map(short))
    }

    /// A source's words for the banner, at most `maxMessageBytes` of UTF-8 (a server's
    /// message is not trusted to be short; a character cut in two shows as U+FFFD).
    static func short(_ text: String) -> String {
        text.utf8.count <= maxMessageBytes ? text : String(decoding: text.utf8.prefix(maxMessageBytes), as: UTF8.self)
    }

    static var maxMessageBytes: Int { 120 }

    /// The acknowledgements of the notifications nobody has acknowledged yet, for their
    /// servers: each one's `method` set to `[]` (silenced), as Signal K's alarm silencers
    /// take it.
    mutating func queueNotificationAcknowledgements() {
        for m in alarms where m.notificationLevel != nil && m.isUnacknowledged {
            guard let sensor = m.notificationSensor else { continue }
            let message = TopicMessage(topic: m.channel + ".method", payload: Array("[]".utf8))
            controls.queue(PanelMessage(sensor: sensor, message: message, origin: "acknowledgement of \(m.channel)"))
        }
    }

    /// A source's notification `key` is in `state` (nil, "nominal", "normal": cleared):
    /// an alarm of its own, shown and acknowledged as a channel's is.
    public mutating func takeNotification(_ key: String, state name: String?, message: String, sensor: Int? = nil) {
        let existing = alarms.firstIndex { $0.notificationLevel != nil && $0.channel == key }
        guard let name, let state = AlarmState(name: name), state.isActive else {
            if let i = existing {
                alarms.remove(at: i)
                isDirty = true
            }
            return
        }
        let text = Self.short(message.isEmpty ? key : message)
        let zones = AlarmState.allCases.filter { $0.isActive }.map { s in
            AlarmZone(lower: Double(s.rawValue), upper: Double(s.rawValue), state: s, message: text)
        }
        isDirty = true
        if let i = existing {
            alarms[i].configuration.zones = zones
            alarms[i].notificationLevel = Double(state.rawValue)
            return
        }
        guard alarms.count(where: { $0.notificationLevel != nil }) < Self.maxNotifications else { return }
        var monitor = AlarmMonitor(AlarmConfiguration(channel: key, zones: zones))
        monitor.notificationLevel = Double(state.rawValue)
        monitor.notificationSensor = sensor
        alarms.append(monitor)
    }
}
