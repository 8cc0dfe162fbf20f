/// A span of a source's values in one alarm state, as the source says it (a Signal K
/// server's `meta.zones` entry): in the unit the source's values come in, the state as
/// Signal K spells it (`"warn"`), either end open (±∞).
public struct SourceZone: Sendable, Equatable {
    public var lower: Double
    public var upper: Double
    public var state: String
    public var message: String?

    public init(lower: Double = -.infinity, upper: Double = .infinity, state: String, message: String? = nil) {
        self.lower = lower
        self.upper = upper
        self.state = state
        self.message = message
    }
}

/// What a source says about alarms besides its values: the zones it gives a name's
/// values (the panel takes them for channels the board sets no alarm for), or a
/// notification of its own (a man overboard, a bilge pump), which the panel's banner shows.
public enum SourceAlarm: Sendable, Equatable {
    /// The zones of `name`'s values (every earlier set for `name` replaced; none: no zones).
    case zones(name: String, zones: [SourceZone])
    /// The notification `key` is in `state` (nil: cleared) with `message`.
    case notification(key: String, state: String?, message: String)
}
