import GaugeDecoders

/// A `meta` entry of a Signal K delta (`updates[].meta[]`): what the server says of a
/// path — its `units` and its alarm `zones` (nil: the entry names none).
public struct SignalKMeta: Sendable, Equatable {
    public var path: String
    public var units: String?
    public var zones: [SourceZone]?

    public init(path: String, units: String? = nil, zones: [SourceZone]? = nil) {
        self.path = path
        self.units = units
        self.zones = zones
    }
}

/// A value on a `notifications.…` path: its `state` and `message` (state nil: the value
/// was null, the notification cleared).
public struct SignalKNotification: Sendable, Equatable {
    public var path: String
    public var state: String?
    public var message: String

    public init(path: String, state: String?, message: String) {
        self.path = path
        self.state = state
        self.message = message
    }
}

/// Collects the `meta` entries of one message as the scanner reports them (an entry's
/// `path` may come before or after its `value`).
struct SignalKMetaReader {
    private(set) var metas: [SignalKMeta] = []
    private var path: String?
    private var units: String?
    private var zones: [SourceZone]?
    private var zone: (lower: Double, upper: Double, state: String?, message: String?)?
    /// Bounds what one message can make the session hold.
    static let maxZones = 16

    /// Takes the item at `at` if it belongs to a meta entry; false when it does not.
    mutating func visit(_ at: UnsafeBufferPointer<UInt8>, _ item: JSONItem) -> Bool {
        if SignalKMessage.matches(at, "updates[].meta[]") {
            if item == .object { flush() }
        } else if SignalKMessage.matches(at, "updates[].meta[].path") {
            if case .string(let s) = item { path = s }
        } else if SignalKMessage.matches(at, "updates[].meta[].value.units") {
            if case .string(let s) = item { units = s }
        } else if SignalKMessage.matches(at, "updates[].meta[].value.zones") {
            if item == .array { zones = [] }
        } else if SignalKMessage.matches(at, "updates[].meta[].value.zones[]") {
            flushZone()
            if item == .object { zone = (-.infinity, .infinity, nil, nil) }
        } else if SignalKMessage.matches(at, "updates[].meta[].value.zones[].lower") {
            if case .number(let x) = item { zone?.lower = x }
        } else if SignalKMessage.matches(at, "updates[].meta[].value.zones[].upper") {
            if case .number(let x) = item { zone?.upper = x }
        } else if SignalKMessage.matches(at, "updates[].meta[].value.zones[].state") {
            if case .string(let s) = item { zone?.state = s }
        } else if SignalKMessage.matches(at, "updates[].meta[].value.zones[].message") {
            if case .string(let s) = item { zone?.message = s }
        } else {
            return false
        }
        return true
    }

    /// The entry read so far is complete (the next one starts, or the message ended).
    mutating func flush() {
        flushZone()
        if let p = path, units != nil || zones != nil { metas.append(SignalKMeta(path: p, units: units, zones: zones)) }
        path = nil
        units = nil
        zones = nil
    }

    /// A zone with a state joins the entry's zones; one without, or past the bound, does not.
    private mutating func flushZone() {
        guard let z = zone else { return }
        zone = nil
        guard let state = z.state, zones != nil, (zones?.count ?? 0) < Self.maxZones else { return }
        zones?.append(SourceZone(lower: z.lower, upper: z.upper, state: state, message: z.message))
    }
}
