import GaugeDecoders

/// How a channel's value stands, in the states Signal K names, least to most severe.
/// `nominal` and `normal` recolour nothing; `alert` and `warn` show steady; `alarm` and
/// `emergency` blink, bring their page forward and stay until acknowledged.
public enum AlarmState: UInt8, Sendable, Comparable, CaseIterable {
    case nominal, normal, alert, warn, alarm, emergency

    public static func < (a: AlarmState, b: AlarmState) -> Bool { a.rawValue < b.rawValue }

    /// The board's spelling (`state = "warn"`).
    public var name: String {
        switch self {
        case .nominal: "nominal"
        case .normal: "normal"
        case .alert: "alert"
        case .warn: "warn"
        case .alarm: "alarm"
        case .emergency: "emergency"
        }
    }

    public init?(name: String) {
        guard let s = AlarmState.allCases.first(where: { $0.name == name }) else { return nil }
        self = s
    }

    /// Something the user is told about (a banner, a colour): alert and worse.
    public var isActive: Bool { self >= .alert }

    /// One level worse (an alarm left unacknowledged too long); emergency stays.
    public var escalated: AlarmState { self >= .alarm ? .emergency : self < .alert ? self : AlarmState(rawValue: rawValue + 1) ?? self }
}

/// A span of values in one state (Signal K's `meta.zones` entry): `lower` ≤ value ≤
/// `upper`, either end open.
public struct AlarmZone: Sendable, Equatable {
    public var lower: Double
    public var upper: Double
    public var state: AlarmState
    /// What the banner says while the value is here (nil: the channel's name and value).
    public var message: String?

    public init(lower: Double = -.infinity, upper: Double = .infinity, state: AlarmState, message: String? = nil) {
        self.lower = lower
        self.upper = upper
        self.state = state
        self.message = message
    }

    /// Whether `value` is in the zone widened by `margin` at both ends.
    func contains(_ value: Double, margin: Double) -> Bool { value >= lower - margin && value <= upper + margin }
}

/// A channel's alarm: the zones its value is judged by, and how the judgement is kept
/// steady (hysteresis, a time a state must hold before it is entered or left) and made
/// louder (escalation when nobody acknowledges it).
public struct AlarmConfiguration: Sendable, Equatable {
    public var channel: String
    public var zones: [AlarmZone]
    /// A state is left only when the value is this far past its zone (same unit).
    public var hysteresis: Double
    /// Nanoseconds a new state must hold before the channel takes it.
    public var delay: UInt64
    /// Nanoseconds an active state may stay unacknowledged before it counts one level
    /// worse (nil: never).
    public var escalateAfter: UInt64?
    /// The banner's text for zones without a message (nil: the channel's name).
    public var message: String?
    /// The channel's unit, for the banner's value.
    public var unit: SensorUnit

    public init(
        channel: String, zones: [AlarmZone], hysteresis: Double = 0, delay: UInt64 = 0, escalateAfter: UInt64? = nil,
        message: String? = nil, unit: SensorUnit = .none
    ) {
        self.channel = channel
        self.zones = zones
        self.hysteresis = hysteresis
        self.delay = delay
        self.escalateAfter = escalateAfter
        self.message = message
        self.unit = unit
    }

    /// The `warning`/`critical` shorthand: warn from `warning`, alarm from `critical`,
    /// upwards (or downwards with `below`, for a fuel level).
    public init(channel: String, warning: Double?, critical: Double?, below: Bool = false) {
        var zones: [AlarmZone] = []
        for (t, s) in [(warning, AlarmState.warn), (critical, .alarm)] {
            guard let t else { continue }
            zones.append(below ? AlarmZone(upper: t, state: s) : AlarmZone(lower: t, state: s))
        }
        self.init(channel: channel, zones: zones)
    }

    /// The worst state of the zones holding `value` (widened by `margin`); outside every
    /// zone `normal`; no value (NaN, ±∞) is `normal` too: staleness has its own look.
    public func state(of value: Double, margin: Double = 0) -> AlarmState {
        guard value.isFinite else { return .normal }
        var worst: AlarmState?
        for z in zones where z.contains(value, margin: margin) { worst = max(worst ?? z.state, z.state) }
        return worst ?? .normal
    }

    /// The message of the worst zone holding `value`.
    public func message(for value: Double) -> String? {
        var best: AlarmZone?
        for z in zones where z.contains(value, margin: 0) && z.state >= (best?.state ?? .nominal) { best = z }
        return best?.message ?? message
    }

    /// The finite zone edges (a preview slider's range takes them).
    public var edges: [Double] { zones.flatMap { [$0.lower, $0.upper] }.filter { $0.isFinite } }
}
