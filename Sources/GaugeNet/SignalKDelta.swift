/// One value of a Signal K delta: `updates[].values[]`'s `path` and `value`.
public struct SignalKValue: Sendable, Equatable {
    public var path: String
    public var value: JSONItem

    public init(path: String, value: JSONItem) {
        self.path = path
        self.value = value
    }
}

/// What one Signal K stream message says: the server's hello names the own vessel
/// (`self`); a delta has a `context` (the vessel it is about; absent: the own one) and
/// values. Values whose `value` is an object (a position) are reported as `.object` and
/// their members not at all.
public struct SignalKMessage: Sendable, Equatable {
    /// The hello's `self` (`vessels.urn:mrn:signalk:uuid:…`).
    public var selfContext: String?
    public var context: String?
    public var values: [SignalKValue] = []

    /// Reads one message (a WebSocket text message) with the scanner's `limits`.
    public static func read(_ message: [UInt8], limits: JSONScanner.Limits = JSONScanner.Limits()) throws(JSONError) -> SignalKMessage {
        var out = SignalKMessage()
        var path: String?
        var value: JSONItem?
        func flush() {
            if let p = path, let v = value { out.values.append(SignalKValue(path: p, value: v)) }
            path = nil
            value = nil
        }
        try JSONScanner.scan(message, limits: limits) { at, item in
            if matches(at, "updates[].values[]") {
                if item == .object { flush() }
            } else if matches(at, "updates[].values[].path") {
                if case .string(let s) = item { path = s }
            } else if matches(at, "updates[].values[].value") {
                value = item
            } else if matches(at, "context") {
                if case .string(let s) = item { out.context = s }
            } else if matches(at, "self") {
                if case .string(let s) = item { out.selfContext = s }
            }
        }
        flush()
        return out
    }

    /// Whether a delta with this `context` is about the vessel `selfContext` names (the
    /// hello's `self`, with or without `vessels.`; nil before the hello).
    public static func isOwnVessel(_ context: String?, selfContext: String?) -> Bool {
        guard let context, context != "vessels.self" else { return true }
        guard let own = selfContext else { return false }
        return context == own || context == "vessels." + own
    }

    /// The subscription message for `paths` of the own vessel: each sent at most every
    /// `minPeriod` ms as it changes, and at least every `period` ms.
    public static func subscribe(_ paths: [String], period: UInt32, minPeriod: UInt32) -> [UInt8] {
        var out = Array("{\"context\":\"vessels.self\",\"subscribe\":[".utf8)
        for (i, path) in paths.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out += Array("{\"path\":\"".utf8)
            for b in path.utf8 where b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") { out.append(b) }
            out += Array("\",\"period\":\(period),\"minPeriod\":\(minPeriod)}".utf8)
        }
        out += Array("]}".utf8)
        return out
    }

    static func matches(_ a: UnsafeBufferPointer<UInt8>, _ s: StaticString) -> Bool {
        JSONScanner.equal(a, UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }
}
