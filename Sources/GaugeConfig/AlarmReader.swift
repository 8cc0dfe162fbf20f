import GaugeDecoders

extension SensorConfiguration {
    /// A channel's alarm keys: the `warning`/`critical` shorthand or `[[sensor.channel.zone]]`
    /// tables (not both), and what keeps the state steady. Nil when the channel has none.
    static func readAlarm(_ r: TableReader, channel name: String, unit: SensorUnit) -> AlarmConfiguration? {
        let warning = r.number("warning", -maxMagnitude...maxMagnitude)
        let critical = r.number("critical", -maxMagnitude...maxMagnitude)
        let direction = r.choice("alarm", ["above", "below"])
        let below = direction == "below"
        if let w = warning, let c = critical, below ? c > w : c < w {
            r.report(
                "critical",
                "expected critical \(below ? "≤" : "≥") warning (\(format(w))) for an alarm \(below ? "below" : "above"), got \(format(c))")
        }
        let zones = r.tables("zone").compactMap(readZone)
        if !zones.isEmpty, warning != nil || critical != nil {
            r.report("zone", "give either warning/critical or [[sensor.channel.zone]] tables, not both")
        }
        let hysteresis = r.number("hysteresis", 0...maxMagnitude) ?? 0
        let delay = r.number("alarm_delay", 0...3600) ?? 0
        let escalate = r.number("escalate_after", 1...86400)
        let message = r.string("message", maxLength: 80)
        guard warning != nil || critical != nil || !zones.isEmpty else {
            for key in ["hysteresis", "alarm_delay", "escalate_after", "message", "alarm"] where r.has(key) {
                r.report(key, "has no effect without warning, critical or [[sensor.channel.zone]]")
            }
            return nil
        }
        var alarm =
            zones.isEmpty
            ? AlarmConfiguration(channel: name, warning: warning, critical: critical, below: below)
            : AlarmConfiguration(channel: name, zones: zones)
        alarm.hysteresis = hysteresis
        alarm.delay = UInt64(delay * 1e9)
        alarm.escalateAfter = escalate.map { UInt64($0 * 1e9) }
        alarm.message = message
        alarm.unit = unit
        return alarm
    }

    /// One `[[sensor.channel.zone]]`: `lower`/`upper` (either may be left open), `state`, `message`.
    private static func readZone(_ r: TableReader) -> AlarmZone? {
        let lower = r.number("lower", -maxMagnitude...maxMagnitude)
        let upper = r.number("upper", -maxMagnitude...maxMagnitude)
        let state = r.choice("state", AlarmState.allCases.map { $0.name }, required: true)
        let message = r.string("message", maxLength: 80)
        r.finish()
        if lower == nil, upper == nil { r.report(nil, "a zone needs lower, upper or both") }
        if let l = lower, let u = upper, l > u { r.report("upper", "expected upper ≥ lower (\(format(l))), got \(format(u))") }
        guard let state, let s = AlarmState(name: state), lower != nil || upper != nil else { return nil }
        return AlarmZone(lower: lower ?? -.infinity, upper: upper ?? .infinity, state: s, message: message)
    }
}

/// Where the alarm banner sits (`[alarms] banner`).
public enum AlarmBannerPlacement: String, Sendable, Equatable, CaseIterable {
    case top, bottom, none
}

/// `[alarms]`: how alarms show beyond their widgets' colours.
public struct AlarmDisplayConfiguration: Sendable, Equatable {
    public var banner: AlarmBannerPlacement = .top
    /// The alarms' sounds (nil: silent).
    public var sound: AlarmSoundConfiguration?

    public init(banner: AlarmBannerPlacement = .top, sound: AlarmSoundConfiguration? = nil) {
        self.banner = banner
        self.sound = sound
    }

    static func read(_ r: TableReader?) -> AlarmDisplayConfiguration {
        guard let r else { return AlarmDisplayConfiguration() }
        let banner = r.choice("banner", AlarmBannerPlacement.allCases.map { $0.rawValue }).flatMap(AlarmBannerPlacement.init(rawValue:))
        let sound = AlarmSoundConfiguration.read(r)
        r.finish()
        return AlarmDisplayConfiguration(banner: banner ?? .top, sound: sound)
    }
}
