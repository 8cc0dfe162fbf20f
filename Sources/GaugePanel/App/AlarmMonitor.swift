import GaugeConfig
import GaugeWidgets

/// How far past its thresholds a channel is.
public enum AlarmLevel: Int, Sendable, Comparable {
    case normal, warning, critical
    public static func < (a: AlarmLevel, b: AlarmLevel) -> Bool { a.rawValue < b.rawValue }
}

/// One channel's alarm: its level from the latest value, the colour it shows (warning
/// steady, critical blinking at 1 Hz), and whether it just became critical (the run
/// loop then shows its page). "No value" is not an alarm: staleness has its own look.
/// Acknowledged, a critical alarm stops blinking and shows steady, until the value leaves
/// its alarm band (back to normal) or gets worse (warning → critical).
struct AlarmMonitor: Sendable {
    let configuration: AlarmConfiguration
    private(set) var level: AlarmLevel = .normal
    private var blinker: Blinker?
    /// The level the user acknowledged (nil: not acknowledged).
    private(set) var acknowledged: AlarmLevel?

    init(_ configuration: AlarmConfiguration) { self.configuration = configuration }

    var channel: String { configuration.channel }

    func level(of value: Double) -> AlarmLevel {
        guard value.isFinite else { return .normal }
        func past(_ threshold: Double?) -> Bool {
            guard let t = threshold else { return false }
            return configuration.below ? value <= t : value >= t
        }
        if past(configuration.critical) { return .critical }
        if past(configuration.warning) { return .warning }
        return .normal
    }

    /// Takes the new value; true when the alarm has just become critical.
    mutating func update(_ value: Double, now: UInt64) -> Bool {
        let new = level(of: value)
        defer { level = new }
        // Leaving the band, or getting worse, ends an acknowledgement.
        if let a = acknowledged, new == .normal || new > a { acknowledged = nil }
        guard new == .critical else {
            blinker = nil
            return false
        }
        guard level != .critical else { return false }  // still critical: as it was (blinking or acknowledged)
        blinker = .warning(startingAt: now)
        return true
    }

    /// The user has seen the alarm: stop blinking (nothing to do when there is none).
    mutating func acknowledge() {
        guard level != .normal else { return }
        acknowledged = level
        blinker = nil
    }

    /// The colour the channel's widgets take now, or nil for their own.
    func colour(at now: UInt64, theme: GaugeTheme) -> Color? {
        switch level {
        case .normal: return nil
        case .warning: return theme.hold
        case .critical: return blinker?.isOn(at: now) ?? true ? Self.critical : nil
        }
    }

    func nextTransition(after now: UInt64) -> UInt64? {
        level == .critical ? blinker?.nextTransition(after: now) : nil
    }

    static let critical = Color(rgb: 0xE04030)
}
